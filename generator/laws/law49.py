"""Law 49 (1987): exposure of a defender's cards.

A defender's card exposed other than in the normal course of play (dropped face up, held so that
partner could see its face, named as held) becomes a penalty card; Law 50 says what kind and what
follows. Declarer's exposed cards are Law 48's business; dummy's cards are face up anyway.

The case format's ``exposes`` verb records an inadvertent exposure; exposures through a lead out of
turn, a premature play or a corrected revoke are deliberate plays and are ruled by their own laws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law48, law50
from generator.laws.ruler import Rule, rule
from generator.model.cards import Card
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.EXPOSED_CARD, editions={"1987"})
class ExposedCard(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        cards = [Card.parse(c) for c in str(self.fact.detail("cards")).split()]
        if self.fact.detail("by_declarer"):
            law48.declarer_exposed(self.ruling, table, self.offender, cards)
            return
        self.ruling.cite("49")
        law50.add_penalty_cards(self.ruling, table, self.offender, cards, deliberate=False,
                                law="50")
