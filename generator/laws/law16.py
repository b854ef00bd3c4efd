"""Law 16C (1987): information from withdrawn calls.

16C1: for the non-offending side, all information arising from a withdrawn action is authorised,
its own or the opponents'. 16C2: for the offending side, information from its own withdrawn action
is authorised once the penalty prescribed by the laws has been paid; information from the
non-offenders' withdrawn actions is not. This 1987 rule is the opposite of the later codes (where
information from withdrawn calls is unauthorised for the offending side), so every ruling that
withdraws a call says which side may use what.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling
from generator.model.seat import Seat


def withdrawn_call(ruling: Ruling, offender: Seat) -> None:
    """Record who may use the information of a call withdrawn by ``offender``."""
    ruling.note("information", "16C1", side=str(offender.side.opponents), authorised=True)
    ruling.note("information", "16C2", side=str(offender.side), authorised=True,
                condition="penalty_paid")
