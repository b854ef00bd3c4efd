"""Law 38 (1987): a bid of more than seven.

A bid above the seven level is cancelled; the offender and his partner must pass throughout, and
Law 26 may restrict the partner's lead. If the LHO calls over it first, Law 35C applies (reading
taken: it counts as a pass). Source: the spec ([M]; the 1987 text was not seen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law35
from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table


@rule(Kind.BID_ABOVE_SEVEN, editions={"1987"})
class BidAboveSeven(Rule):
    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        entry = self.entry_index(table)
        if how in ("accepted", "condoned"):
            law35.above_seven_as_pass(self.ruling, table, entry)
            return
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.cancel_and_bar(table, entry, "38", offender_too=True)

    def director(self, table: Table, event: int) -> None:
        """A bid above seven cannot be accepted: the director rules at once, both partners pass
        throughout, so the offender replaces the bid with a pass now."""
        self.rule_at_once(table, event, "38", "pass")
