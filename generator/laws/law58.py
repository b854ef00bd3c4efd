"""Law 58 (1987): simultaneous leads or plays.

58A: a lead or play made at the same moment as a legal lead or play by the player in turn counts as
made after it. 58B: two or more cards played at once from one hand: if only one is visible, it is
the card played; otherwise the offender designates the card he plays and a defender's other cards
become penalty cards (the case format records those as an ``exposes`` event).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.SIMULTANEOUS_PLAY, editions={"1987"})
class SimultaneousPlay(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.add("no_rectification", "58A")
