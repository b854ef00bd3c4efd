"""Law 37 (1987): a call by a player obliged to pass.

A bid, double or redouble by a player whom a penalty obliges to pass is cancelled (unless his LHO
calls over it: Law 35B); the offender must pass, both he and his partner must pass throughout the
rest of the auction, Law 26 may restrict the partner's lead and Law 23A may apply.

Source: 1987 index; content as in the spec ([M]). An explicit ``accepts`` is read as the LHO's
condoning the call (35B): the engine gives the LHO no other way to accept it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law35
from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table


@rule(Kind.CALL_WHEN_OBLIGED_TO_PASS, editions={"1987"})
class CallWhenObligedToPass(Rule):
    def resolve(self, table: Table, how: Resolution, event: int) -> None:
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
        offender replaces the call with a pass now."""
        self.rule_at_once(table, event, "37", "pass")
