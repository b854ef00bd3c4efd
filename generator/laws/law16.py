"""Law 16C: information from withdrawn calls (1987; 2017 at the end of this docstring).

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

2017 (spec 2017 §1 point 4, §3.3 16C): the rule turns round. 16C1 is unchanged (whatever the
non-offending side learns from a withdrawn action, its own or the opponents', is authorised to
it). 16C2: for the offending side, the information from its own withdrawn calls and from the
non-offenders' withdrawn calls is *unauthorised*, with no "once the penalty is paid": a player
of that side may not choose among logical alternatives one that the withdrawn call
demonstrably suggests. A law may say that 16C2 does not apply: 23B (the replacement was a
comparable call) and 27B1 (the insufficient bid corrected as that law allows). So every call
withdrawn under 2017 puts a note ``ui_withdrawn_call`` (16C2, ``seat``: the offender's partner,
the player the rule binds first) on the ruling, unless the ruling already cites 23B or 27B1; a
rule that later finds the replacement comparable lifts it with :func:`lift_ui` (the note
becomes ``withdrawn_call_authorised`` under that clause). Whether a player then used the
information is judgement (16B1, 16C2): the engine never rules it, so there is no rectification.
Letters: 2017 keeps withdrawn actions in 16C and moves other sources to 16D (spec §15 point 6,
[M], seen through the cross-references "16C2" in 10C4, 23B, 28B, 30B1(a), 31B1, 32B1 and
"16D2(b)-(d)" quoted for other sources; the 2017 English 15A1(c) on pzbs.pl, l15.html, found
with the search tool, also sends "any call withdrawn or cancelled" to 16C, which settles the
letter); the engine cites 16C1/16C2 for withdrawn calls and has
no kind for 16D (extraneous information from other sources is a finding the case would state).
``S asks withdrawn`` under 2017 (:class:`WithdrawnInformation2017`) answers with the same
``information`` rectification: 16C1 authorised for the non-offending side; 16C2 *not*
authorised for the offending side whether or not a bar is being served, unless the ruling that
cancelled the call lifted 16C2 (23B, 27B1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Ruling
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

#: 2017: the clauses after which 16C2 does not apply to the withdrawn call (23B, 27B1).
UI_LIFTED_BY: tuple[str, ...] = ("23B", "27B1")

#: 16C2: the offenders' own withdrawn call is authorised for them once the rectification applies
#: (True), or only once the penalty has been served in full (False); see the module docstring.
PAID_ONCE_APPLIED = True


def withdrawn_call(ruling: Ruling, offender: Seat, ui: bool = True) -> None:
    """Record who may use the information of a call withdrawn by ``offender`` (the edition
    decides: 1987 authorises the offenders' own call once the penalty is paid; 2017 makes it
    unauthorised to them, 16C2, unless the ruling cites a clause that lifts 16C2, or ``ui`` is off:
    the calling rule gives that note itself)."""
    ruling.note("information", "16C1", side=str(offender.side.opponents), authorised=True)
    if ruling.edition == "2017":
        if ui and not any(law in ruling.laws for law in UI_LIFTED_BY):
            ruling.note("ui_withdrawn_call", "16C2", seat=str(offender.partner))
        return
    ruling.note("information", "16C2", side=str(offender.side), authorised=True,
                condition="penalty_paid" if PAID_ONCE_APPLIED else "penalty_served")


def withdrawn_by_non_offender(ruling: Ruling, caller: Seat) -> None:
    """2017: record who may use a call that ``caller``, a player of the *non-offending* side,
    withdrew as a law lets him (21B1(a) after misinformation, 25A6 over a corrected slip):
    authorised to his side (16C1), unauthorised to each opponent, both being of the offending
    side (16C2). Under 1987 nothing is noted here (the 1987 rules say nothing of it)."""
    if ruling.edition != "2017":
        return
    ruling.note("information", "16C1", side=str(caller.side), authorised=True)
    for offender in (caller.lho, caller.rho):
        ruling.note("ui_withdrawn_call", "16C2", seat=str(offender))


def non_offending_side(ruling: Ruling) -> str | None:
    """The side a ruling's 16C1 note names as free to use the withdrawn call (``NS``/``EW``),
    if it has one: the side the 16C2 question must be asked against."""
    return next((str(n["side"]) for n in ruling.notes
                 if n["topic"] == "information" and n["law"] == "16C1" and n.get("side")), None)


def lift_ui(ruling: Ruling, law: str) -> None:
    """2017: ``law`` (23B, 27B1) says 16C2 does not apply to the calls this ruling withdrew:
    the ``ui_withdrawn_call`` notes become ``withdrawn_call_authorised`` under that clause."""
    if law not in UI_LIFTED_BY:
        raise ValueError(f"{law} does not lift 16C2 (only {', '.join(UI_LIFTED_BY)} do)")
    seats = [n.get("seat") for n in ruling.notes if n["topic"] == "ui_withdrawn_call"]
    ruling.notes = [n for n in ruling.notes if n["topic"] != "ui_withdrawn_call"]
    for seat in seats:
        ruling.note("withdrawn_call_authorised", law, seat=seat)


def ui_for(ruling: Ruling) -> bool:
    """Whether, under 2017, the calls this ruling withdrew are unauthorised to the offenders."""
    return any(n["topic"] == "ui_withdrawn_call" for n in ruling.notes)


def withdrawn_play(ruling: Ruling, offender: Seat) -> None:
    """16C for a withdrawn card (the revoke card taken back under 62A): the same two sides
    (2017: unauthorised to the offending side, 16C2)."""
    ruling.note("information_play", "16C1", side=str(offender.side.opponents), authorised=True)
    if ruling.edition == "2017":
        ruling.note("ui_withdrawn_play", "16C2", seat=str(offender.partner))
        return
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


@rule(Kind.WITHDRAWN_INFORMATION, editions={"2017"})
class WithdrawnInformation2017(Rule):
    """``S asks withdrawn`` under 2017: 16C1 for the non-offending side, 16C2 (unauthorised,
    with no "once the penalty is paid") for the offending side, unless 23B or 27B1 lifted it."""

    def detected(self, table: Table) -> None:
        seat = self.offender
        withdrawn = self.fact.detail("withdrawn_event")
        cancelling = next((r for r in reversed(list(self.ruler.rules.values()))
                           if r is not self and any(
                               x.kind == "call_cancelled" and x.fields.get("event") == withdrawn
                               for x in r.ruling.rectifications)), None)
        caller = Seat.parse(str(self.fact.detail("caller")))
        offender = cancelling.offender if cancelling is not None else caller
        free_side = None if cancelling is not None else self._changed_by_right(table, caller)
        if free_side is not None:
            # a call its caller took back as a law let him (21B1(a), 21B2, 25A6): the ruling
            # on that change names the non-offending side (its 16C1 note)
            free = str(seat.side) == free_side
            self.ruling.add("information", "16C1" if free else "16C2", seat=str(seat),
                            authorised=free, **({} if free else {"condition": "ui"}))
            return
        if seat.side is not offender.side:
            self.ruling.add("information", "16C1", seat=str(seat), authorised=True)
            return
        lifted = next((n["law"] for n in (cancelling.ruling.notes if cancelling else [])
                       if n["topic"] == "withdrawn_call_authorised"), None)
        if lifted is not None:
            self.ruling.add("information", str(lifted), seat=str(seat), authorised=True)
            return
        self.ruling.add("information", "16C2", seat=str(seat), authorised=False, condition="ui")

    def _changed_by_right(self, table: Table, caller: Seat) -> str | None:
        """The non-offending side named by the ruling on the change of call that took the
        withdrawn call back (the caller's next change after it), if that ruling names one."""
        withdrawn = self.fact.detail("withdrawn_event")
        if not isinstance(withdrawn, int):
            return None
        later_own = [e.event for e in table.entries
                     if e.seat is caller and e.event is not None and e.event > withdrawn]
        for rule_obj in self.ruler.rules.values():
            fact = rule_obj.fact
            if (fact.kind is Kind.CHANGE_OF_CALL and fact.seat is caller
                    and fact.event is not None and fact.event > withdrawn
                    and min(later_own, default=fact.event) >= fact.event):
                return non_offending_side(rule_obj.ruling)
        return None
