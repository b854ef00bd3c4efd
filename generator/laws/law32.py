"""Law 32: double or redouble out of rotation (cancelled, i.e. not accepted); 1987, then 2017.

* 32A, at partner's turn: the offender's partner must pass throughout; Law 26 and Law 23A may
  apply.
* 32B, at RHO's turn: if RHO passes, the offender must repeat his double or redouble and there is
  no penalty (32B1; if the repetition is now inadmissible, Law 36 applies); if RHO bids, doubles or
  redoubles, the offender may make any legal call and his partner must pass throughout, with Law 26
  and Law 23A (32B2).
* At LHO's turn after the offender has called: a change of call (see Law 29's module).

An inadmissible double or redouble out of rotation can never be accepted: it is ruled by Law 36.
Source: the 1987 index and later codes ([M] in the spec); clause letters reconstructed.

2017 (spec 2017 §5.10, [H] French LOI32, hellasbridge law_32, BBO quote of 32B): the letters
swap. 32A at RHO's turn: RHO passes, the offender repeats his double or redouble and nothing more
(32A1); RHO calls, the offender's call is judged (32A2): comparable with the cancelled double,
nothing more (32A2(a), 23C); not, partner passes at his next turn, 26B, 72C (32A2(b)); 1987
barred partner throughout. 32B at partner's turn: partner calls freely (32B1, 16C2) and the
offender's call is judged as in 32A2 (32B2); 1987 barred partner throughout. 32C: at LHO's turn
after calling, a change of call (Law 25). An inadmissible double is Law 36's in both codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.law29 import OutOfRotation, OutOfRotation2017
from generator.laws.ruler import rule
from generator.laws.ruling import Rectification
from generator.model.calls import Call, CallValue, Pass
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")


@rule(Kind.DOUBLE_OUT_OF_ROTATION, editions={"1987"})
class DoubleOutOfRotation(OutOfRotation):
    waiting = False

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """What :meth:`penalise` and the calls after it bring, stated before the acceptor
        decides: at RHO's turn it hangs on RHO's call (32B); otherwise partner is barred
        throughout and Law 26 may follow (32A)."""
        partner, me = str(self.offender.partner), str(self.offender)
        withdrawn = Call.parse(str(self.fact.detail("call")))
        if self.relation == "rho":
            who = {"turn": str(self.turn), "offender": me}
            return (
                self.repeat_duty("32B1", withdrawn, **{"if": "rho_passes", **who}),
                Rectification("must_pass", "32B2", {"seat": partner, "scope": "throughout",
                                                    "if": "rho_calls", **who}),
                self.lead_preview(withdrawn, **{"if": "rho_calls", **who}),
            )
        return (
            Rectification("must_pass", "32A", {"seat": partner, "scope": "throughout"}),
            self.lead_preview(withdrawn, **{"if": "not_repeated", "offender": me}),
        )

    def penalise(self, table: Table) -> None:
        if self.relation == "rho":
            self.ruling.cite("32B")
            self.waiting = True
            return
        self.bar_partner(table, "throughout", "32A")
        self.restrict_lead(table, [Call.parse(str(self.fact.detail("call")))],
                           final_pending=True)

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        super().after_call(table, seat, call)
        if not self.waiting or seat is not self.turn:
            return
        self.waiting = False
        withdrawn = Call.parse(str(self.fact.detail("call")))
        if isinstance(call, Pass):
            duty = self.repeat_duty("32B1", withdrawn)
            self.ruling.add(duty.kind, duty.law, **duty.fields)
            self.ruling.add("no_rectification", "32B1")
        else:
            self.bar_partner(table, "throughout", "32B2")
            self.restrict_lead(table, [withdrawn])


@rule(Kind.REDOUBLE_OUT_OF_ROTATION, editions={"1987"})
class RedoubleOutOfRotation(DoubleOutOfRotation):
    """Same law for a redouble."""


# --------------------------------------------------------------------------- 2017


@rule(Kind.DOUBLE_OUT_OF_ROTATION, editions={"2017"})
class DoubleOutOfRotation2017(OutOfRotation2017):
    """2017 Law 32: 32A at RHO's turn (repeat after RHO's pass; else the offender's call is
    judged), 32B at partner's turn (partner free; the offender's call judged), 32C a change of
    call (see the module docstring)."""

    RHO_PASSES = "32A1"
    RHO_CALLS = "32A2"
    FREE = "32B1"
    JUDGED_AFTER_FREE = "32B2"
    COMPARABLE = "32A2a"
    NOT_COMPARABLE = "32A2b"
    CHANGE = "32C"

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """What a refusal brings, stated before the acceptor decides: at RHO's turn, a repeat
        after his pass (32A1), else the offender's call judged (32A2); at partner's turn partner
        calls freely (32B1) and the offender's call is judged (32B2). Either way a call that is
        not comparable has partner pass once (32A2b)."""
        mate, me = str(self.offender.partner), str(self.offender)
        if self.relation == "rho":
            who = {"turn": str(self.turn), "offender": me}
            return (
                self.repeat_duty("32A1", self.irregular_call, **{"if": "rho_passes", **who}),
                Rectification("must_pass", "32A2b", {"seat": mate, "scope": "next_turn",
                                                     "if": "rho_calls_not_comparable", **who}),
            )
        return (Rectification("must_pass", "32A2b", {"seat": mate, "scope": "next_turn",
                                                     "if": "not_comparable", "offender": me}),)


@rule(Kind.REDOUBLE_OUT_OF_ROTATION, editions={"2017"})
class RedoubleOutOfRotation2017(DoubleOutOfRotation2017):
    """Same law for a redouble."""
