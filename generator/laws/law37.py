"""Law 37: a call by a player obliged to pass (1987; 2017 at the end of this docstring).

A bid, double or redouble by a player whom a penalty obliges to pass is cancelled (unless his LHO
calls over it: Law 35B); the offender must pass, both he and his partner must pass throughout the
rest of the auction, Law 26 may restrict the partner's lead and Law 23A may apply.

Source: 1987 index; content as in the spec ([M]). An explicit ``accepts`` is read as the LHO's
condoning the call (35B): the engine gives the LHO no other way to accept it.

A call that is both out of rotation and by a player obliged to pass (South, barred throughout by
27B2, bids at East's turn). Reading taken (:data:`OUT_OF_ROTATION_IS_LAW_37`): Law 37 governs.
Seed 003, 35B, speaks of a bid, double or redouble "by a player whom the laws oblige to pass"
(«со стороны игрока, которого правила обязывают пасовать») without regard to the turn, and keeps a
player barred throughout barred even when the call is condoned; the spec's table (5.13) gives
Law 37 for the call not condoned. Under Laws 29-31 instead the ruling could tell the barred
player to repeat his bid (31A1), which his bar forbids, and no reading may do that. So: the call
is cancelled, the auction goes back to the player whose turn it was (29A, as Law 36 does for an
inadmissible double out of rotation), both partners pass throughout, Law 26 may restrict the
partner's lead and Law 23A may apply. If the offender's LHO calls over it, 35B: it stands and the
bar stays. If the player whose turn it was calls first, 28B: his call is in rotation and the call
out of rotation is cancelled without the Law 37 penalty (the offender's bar stays in force).
With the switch off the call is ruled as a call out of rotation (Laws 29-32), the bar staying in
force; Law 31's module then never tells a barred player to repeat his bid.

2017 (:class:`CallWhenObligedToPass2017`; spec 2017 §5.13, [H] pzbs pl p37): the same rule, its
condonation inside Law 37 (35B lists the call only): the offender's LHO called over it before the
rectification: it and every later call stand, a player barred throughout stays barred, no lead
restriction (37A, 1987's 35B); otherwise it is cancelled and replaced by a pass, both players of
the offending side pass for the rest of the auction, 72C and 26B may apply (37B1-2; the edition's
26B and 72C come from ``Rule.cancel_and_bar``). The reading for a call out of rotation
(:data:`OUT_OF_ROTATION_IS_LAW_37`) holds for both editions; superseded by the call of the
player in turn (28B), the cancelled call is unauthorised information to the offending side
under 2017 (16C2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law11, law16, law28, law35
from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

#: A bid, double or redouble out of rotation by a player obliged to pass is ruled by Law 37 (the
#: module docstring gives the reading); ``False``: by Laws 29-32, the bar staying in force.
OUT_OF_ROTATION_IS_LAW_37 = True

EDITIONS = ("1987", "2017")


@rule(Kind.CALL_WHEN_OBLIGED_TO_PASS, editions={"1987"})
class CallWhenObligedToPass(Rule):
    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        if how == "superseded":
            # out of rotation, the player whose turn it was called first (28B)
            law28.superseded(self.ruling, self.fact.event)
            super().resolve(table, how, event)
            return
        if how in ("accepted", "condoned"):
            law35.stands(self.ruling)
            super().resolve(table, how, event)
            return
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.cancel_and_bar(table, self.entry_index(table), "37", offender_too=True)

    def director(self, table: Table, event: int) -> None:
        """Nobody accepts such a call; only the LHO's calling over it (35B) lets it stand. Once
        the director is at the table he rules at once: both partners pass throughout, so the
        offender replaces the call with a pass now (made out of rotation, the call is cancelled
        and the player whose turn it was calls; the offender passes at his own turn, as his
        bar says)."""
        self.rule_at_once(table, event, "37", "pass")


@rule(Kind.CALL_WHEN_OBLIGED_TO_PASS, editions={"2017"})
class CallWhenObligedToPass2017(Rule):
    """2017 Law 37: 37A (the LHO called over it) or 37B (cancelled, both offenders barred)."""

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("35B")  # 2017 35B: lists it among the inadmissible calls

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        if how == "superseded":
            law28.superseded(self.ruling, self.fact.event)
            law16.withdrawn_call(self.ruling, self.offender)
            super().resolve(table, how, event)
            return
        if how in ("accepted", "condoned"):
            law11.condoned_by_call(self.ruling, "37A")
            self.ruling.add("call_stands", "37A")
            super().resolve(table, how, event)
            return
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.cancel_and_bar(table, self.entry_index(table), "37B", offender_too=True)

    def director(self, table: Table, event: int) -> None:
        """As under 1987: ruled at once, the offender replacing the call with a pass."""
        self.rule_at_once(table, event, "37B", "pass")
