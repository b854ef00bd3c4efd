"""Law 33: simultaneous calls (1987 and 2017, one rule).

A call made at the same moment as the call of the player whose turn it was counts as made after
it. The table log marks such a call with ``simultaneous``; if the call is then regular, nothing
follows; if it is irregular as a later call (out of rotation, insufficient, by a player obliged
to pass...), that law rules and 33 is cited beside it (:func:`cite_if_simultaneous`, called for
every irregularity when it is detected: ``Rule.detected`` in ``ruler.py``).

2017 (spec 2017 §5.11, [H] south-waikato blog 9): the same rule, word for word in substance, so
one rule serves both editions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import BOTH, Rule, rule
from generator.laws.ruling import Ruling
from generator.table.irregularities import CALL_KINDS, Irregularity, Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

@rule(Kind.SIMULTANEOUS_CALL, editions=BOTH)
class SimultaneousCall(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.add("call_stands", "33", event=self.fact.event)
        self.ruling.add("no_rectification", "33")


def cite_if_simultaneous(ruling: Ruling, fact: Irregularity) -> None:
    """Cite Law 33 beside the law that rules on a call made simultaneously with the call of the
    player in turn: it counts as the later call, which is why it is irregular. (A simultaneous
    lead or play is Law 58's.)"""
    if fact.kind in CALL_KINDS and fact.detail("simultaneous"):
        ruling.cite("33")
