"""Law 31: bid out of rotation (cancelled, i.e. not accepted under Law 29); 1987, then 2017.

* 31A, at RHO's turn: if RHO then passes, the offender must repeat his bid and there is no penalty
  (31A1; if the repeated bid is now insufficient, Law 27 applies). If RHO bids, doubles or
  redoubles, the offender may make any legal call: repeating the denomination of his cancelled bid
  bars his partner at his next turn (31A2a); any other call bars his partner throughout, with Law 26
  and Law 23A (31A2b).
* 31B, at partner's turn, or at LHO's turn before the offender has called: partner must pass
  throughout (from his turn now), Law 26 may restrict his lead, Law 23A may apply.
* At LHO's turn after the offender has called: a change of call (see Law 29's module).

Source: the 1987 index and the 1997 text ([M] in the spec); the split of 31A2 into a/b follows
the 1987 table of contents. An insufficient bid out of rotation is ruled here (Law 27C).

A bid above the seven level made out of rotation is inadmissible whatever the turn, and no play
above seven is possible, so Law 38 rules instead of 31 (reading taken, [M]): it cannot be
accepted (an ``accepts`` is treated as a refusal); refused, it is cancelled, the auction returns
to the player whose turn it was, both offenders pass throughout, Law 26 and Law 23A may apply;
if the player in turn calls first, 28B cancels it without penalty; if the offender's LHO calls
over it, 35C: it and the LHO's call are cancelled without penalty and the player in turn calls.

2017 (spec 2017 §5.9, [H] pzbs l31): 31A at RHO's turn: RHO passes, the offender repeats his bid
and nothing more (31A1, as 1987); RHO calls, the offender's call at his turn is judged: comparable
with the cancelled bid (Law 23), nothing more (31A2(a), 23C); not, partner passes at his next turn
only, with 26B and 72C (31A2(b)). 1987 tested "the same denomination" and barred partner
throughout for any other call. 31B at partner's turn, or LHO's before the offender has called:
partner calls freely (31B1, 16C2), and the offender's call is judged as in 31A2 (31B2); 1987 barred
partner throughout. 31C: at LHO's turn after calling, a change of call (Law 25). An insufficient
bid out of rotation is ruled here (27A2); a bid above seven is Law 38's, as in 1987.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law35
from generator.laws.law29 import OutOfRotation, OutOfRotation2017
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Rectification
from generator.model.calls import Bid, CallValue, Pass
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

EDITIONS = ("1987", "2017")


@rule(Kind.BID_OUT_OF_ROTATION, editions={"1987"})
class BidOutOfRotation(OutOfRotation):
    waiting: str | None = None  # "rho" (for RHO's call) or "offender" (for his final call)

    def detected(self, table: Table) -> None:
        super().detected(table)
        if self.above_seven:
            self.ruling.cite("38")
        elif self.fact.detail("insufficient"):
            self.ruling.cite("27C")

    @property
    def above_seven(self) -> bool:
        return bool(self.fact.detail("above_seven"))

    def opened(self, table: Table) -> None:
        if not self.above_seven:
            super().opened(table)

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        if not self.above_seven or how == "superseded":
            super().resolve(table, how, event)
            return
        entry = self.entry_index(table)
        if how == "condoned":
            law35.void_with_later_calls(self.ruling, table, entry, self.turn, event, "35C")
            return
        if how == "accepted":
            self.ruling.note("cannot_be_accepted", "38")
            how = "refused"
        if how == "corrected":
            law09.premature_correction(self.ruling)
        Rule.resolve(self, table, how, event)
        self.cancel_and_bar(table, entry, "38", offender_too=True)

    def director(self, table: Table, event: int) -> None:
        """A bid above seven out of rotation cannot be accepted (Law 38): the director rules
        as soon as he is called, and the player in turn calls."""
        if self.above_seven:
            self.rule_at_once(table, event, "38", "pass")

    @property
    def bid(self) -> Bid:
        from generator.model.calls import Call

        call = Call.parse(str(self.fact.detail("call")))
        assert isinstance(call, Bid)
        return call

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """What :meth:`penalise` and the calls after it bring, stated before the acceptor
        decides: at RHO's turn it hangs on RHO's call and then on the offender's (31A); at
        partner's turn, or LHO's before the offender has called, partner is barred (31B)."""
        partner, me = str(self.offender.partner), str(self.offender)
        if self.relation == "rho":
            who = {"turn": str(self.turn), "offender": me}
            return (
                self.repeat_duty("31A1", self.bid, **{"if": "rho_passes", **who}),
                Rectification("must_pass", "31A2a", {"seat": partner, "scope": "next_turn",
                                                     "if": "rho_calls_same_strain", **who}),
                Rectification("must_pass", "31A2b", {"seat": partner, "scope": "throughout",
                                                     "if": "rho_calls_other_call", **who}),
                self.lead_preview(self.bid, **{"if": "rho_calls_other_call", **who}),
            )
        return (
            Rectification("must_pass", "31B", {"seat": partner, "scope": "throughout"}),
            self.lead_preview(self.bid, **{"if": "not_repeated", "offender": me}),
        )

    def penalise(self, table: Table) -> None:
        if self.relation == "rho":
            self.ruling.cite("31A")
            self.waiting = "rho"
            return
        self.bar_partner(table, "throughout", "31B")
        self.restrict_lead(table, [self.bid], final_pending=True)

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        super().after_call(table, seat, call)
        if self.waiting == "rho" and seat is self.turn:
            if isinstance(call, Pass):
                duty = self.repeat_duty("31A1", self.bid)
                self.ruling.add(duty.kind, duty.law, **duty.fields)
                self.ruling.add("no_rectification", "31A1")
                self.waiting = None
            else:
                self.ruling.cite("31A2")
                self.waiting = "offender"
        elif self.waiting == "offender" and seat is self.offender:
            self.waiting = None
            if isinstance(call, Bid) and call.strain is self.bid.strain:
                self.bar_partner(table, "next_turn", "31A2a", flag_23a=False)
            else:
                self.bar_partner(table, "throughout", "31A2b")
                self.restrict_lead(table, [self.bid], call)


# --------------------------------------------------------------------------- 2017


@rule(Kind.BID_OUT_OF_ROTATION, editions={"2017"})
class BidOutOfRotation2017(OutOfRotation2017, BidOutOfRotation):
    """2017 Law 31: 31A at RHO's turn (repeat after RHO's pass; else the offender's call is
    judged), 31B at partner's or LHO's first turn (partner free; the offender's call judged),
    31C a change of call (see the module docstring). A bid above seven is Law 38's, as in 1987."""

    RHO_PASSES = "31A1"
    RHO_CALLS = "31A2"
    FREE = "31B1"
    JUDGED_AFTER_FREE = "31B2"
    COMPARABLE = "31A2a"
    NOT_COMPARABLE = "31A2b"
    CHANGE = "31C"

    def detected(self, table: Table) -> None:
        OutOfRotation2017.detected(self, table)
        if self.above_seven:
            self.ruling.cite("38")
        elif self.fact.detail("insufficient"):
            self.ruling.cite("27A2")

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """What a refusal brings, stated before the acceptor decides: at RHO's turn, a repeat
        after his pass (31A1), else the offender's call judged (31A2); otherwise partner calls
        freely (31B1) and the offender's call is judged (31B2). Either way a call that is not
        comparable has partner pass once (31A2b)."""
        mate, me = str(self.offender.partner), str(self.offender)
        if self.relation == "rho":
            who = {"turn": str(self.turn), "offender": me}
            return (
                self.repeat_duty("31A1", self.bid, **{"if": "rho_passes", **who}),
                Rectification("must_pass", "31A2b", {"seat": mate, "scope": "next_turn",
                                                     "if": "rho_calls_not_comparable", **who}),
            )
        return (Rectification("must_pass", "31A2b", {"seat": mate, "scope": "next_turn",
                                                     "if": "not_comparable", "offender": me}),)
