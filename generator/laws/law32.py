"""Law 32 (1987): double or redouble out of rotation (cancelled, i.e. not accepted).

* 32A, at partner's turn: the offender's partner must pass throughout; Law 26 and Law 23A may
  apply.
* 32B, at RHO's turn: if RHO passes, the offender must repeat his double or redouble and there is
  no penalty (32B1; if the repetition is now inadmissible, Law 36 applies); if RHO bids, doubles or
  redoubles, the offender may make any legal call and his partner must pass throughout, with Law 26
  and Law 23A (32B2).
* At LHO's turn after the offender has called: a change of call (see Law 29's module).

An inadmissible double or redouble out of rotation can never be accepted: it is ruled by Law 36.
Source: the 1987 index and later codes ([M] in the spec); clause letters reconstructed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.law29 import OutOfRotation
from generator.laws.ruler import rule
from generator.laws.ruling import Rectification
from generator.model.calls import Call, CallValue, Pass
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


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
