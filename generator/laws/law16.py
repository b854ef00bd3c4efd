"""Law 16C (1987): information from withdrawn calls.

16C1: for the non-offending side, all information arising from a withdrawn action is authorised,
its own or the opponents'. 16C2: for the offending side, information from its own withdrawn action
is authorised once the penalty prescribed by the laws has been paid; information from the
non-offenders' withdrawn actions is not. This 1987 rule is the opposite of the later codes (where
information from withdrawn calls is unauthorised for the offending side), so every ruling that
withdraws a call says which side may use what.

Reading taken (seed 000, 16C2). The clause makes the offending side's use of its own withdrawn call
wait until that side has carried out the penalty the laws prescribe; it does not say when a
penalty that runs on (a partner's pass for the rest of the auction, a lead restriction that binds
only at the first lead) counts as carried out. The engine reads it as carried out once the
rectification has been applied: the call is cancelled, the offender has made his final call at
that turn and the bars and lead restrictions are in force, so that the offenders may draw on their
own withdrawn call for the rest of the auction and the play (:data:`PAID_ONCE_APPLIED`). The other
reading, that it counts only once served in full (the last enforced pass made, the restricted lead
settled), is the switch turned off: the ruling then says so. Either way the second sentence of 16C2
holds unchanged: what the non-offenders' withdrawn calls showed stays unauthorised for the
offenders, whose choice among logical alternatives must not be steered by it (16C2, with 16A).

A card withdrawn to correct a revoke (62A) is a withdrawn action too: the ruling says the same for
it (:func:`withdrawn_play`).

A player may ask the director whether he may take account of the last withdrawn call
(``S asks withdrawn``, extension of format 1): the ruling answers with an ``information``
rectification (``seat``, ``authorised``): 16C1 for a player of the non-offending side (always
yes); 16C2 for a player of the offending side: yes once the penalty is paid as
:data:`PAID_ONCE_APPLIED` reads it, otherwise not while a bar of the penalty is still being
served in the auction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Ruling
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: 16C2: the offenders' own withdrawn call is authorised for them once the rectification applies
#: (True), or only once the penalty has been served in full (False); see the module docstring.
PAID_ONCE_APPLIED = True


def withdrawn_call(ruling: Ruling, offender: Seat) -> None:
    """Record who may use the information of a call withdrawn by ``offender``."""
    ruling.note("information", "16C1", side=str(offender.side.opponents), authorised=True)
    ruling.note("information", "16C2", side=str(offender.side), authorised=True,
                condition="penalty_paid" if PAID_ONCE_APPLIED else "penalty_served")


def withdrawn_play(ruling: Ruling, offender: Seat) -> None:
    """16C for a withdrawn card (the revoke card taken back under 62A): the same two sides."""
    ruling.note("information_play", "16C1", side=str(offender.side.opponents), authorised=True)
    ruling.note("information_play", "16C2", side=str(offender.side), authorised=True,
                condition="penalty_paid" if PAID_ONCE_APPLIED else "penalty_served")


@rule(Kind.WITHDRAWN_INFORMATION, editions={"1987"})
class WithdrawnInformation(Rule):
    """``S asks withdrawn``: may S use what the last withdrawn call showed?"""

    def detected(self, table: Table) -> None:
        seat = str(self.offender)
        if not self.fact.detail("own_side"):
            self.ruling.add("information", "16C1", seat=seat, authorised=True)
            return
        paid = PAID_ONCE_APPLIED or not self.fact.detail("serving")
        self.ruling.add("information", "16C2", seat=seat, authorised=paid,
                        condition="penalty_paid" if paid else "penalty_served")
