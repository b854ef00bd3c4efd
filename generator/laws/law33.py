"""Law 33 (1987): simultaneous calls.

A call made at the same moment as the call of the player whose turn it was counts as made after
it. The table log marks such a call with ``simultaneous``; if the call is then regular, nothing
follows; if it is irregular as a later call (out of rotation, insufficient), that law rules and 33
is cited beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.SIMULTANEOUS_CALL, editions={"1987"})
class SimultaneousCall(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.add("call_stands", "33", event=self.fact.event)
        self.ruling.add("no_rectification", "33")
