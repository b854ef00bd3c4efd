"""Law 49 (1987 and 2017): exposure of a defender's cards.

A defender's card exposed other than in the normal course of play (dropped face up, held so that
partner could see its face, named as held) becomes a penalty card; Law 50 says what kind and what
follows. Declarer's exposed cards are Law 48's business; dummy's cards are face up anyway.

The case format's ``exposes`` verb records an inadvertent exposure; exposures through a lead out of
turn, a premature play or a corrected revoke are deliberate plays and are ruled by their own laws.

An exposure recorded right after the same player's own lead or play is the second card of two
played at once (58B): the card played stands and the other is treated as exposed.

When the card becomes a major penalty card while the owner's partner is already on lead (the
trick is over, the next lead not yet made), declarer's 50E/51B choice is offered at once: the
lead he is to rule on is that very lead.

2017 (spec §7.2, one rule for both codes): 48 and 49 are the same; Law 50 gives the 2017 letters
of what follows (``law50.CLAUSES``) and the 50E information note.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law48, law50, law58
from generator.laws.ruler import BOTH, Rule, rule
from generator.model.cards import Card
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


@rule(Kind.EXPOSED_CARD, editions=BOTH)
class ExposedCard(Rule):
    def primary_laws(self) -> tuple[str, ...]:
        """Declarer's exposed cards fall under Law 48, a defender's under Laws 49-50."""
        return ("48",) if self.fact.detail("by_declarer") else super().primary_laws()

    def detected(self, table: Table) -> None:
        super().detected(table)
        cards = [Card.parse(c) for c in str(self.fact.detail("cards")).split()]
        if law58.with_own_play(table, self.fact):
            law58.two_cards_at_once(self.ruling)
        if self.fact.detail("by_declarer"):
            law48.declarer_exposed(self.ruling, table, self.offender, cards)
            return
        self.ruling.cite("49")
        law50.add_penalty_cards(self.ruling, table, self.offender, cards, deliberate=False,
                                law="50")
        owner = self.offender
        if (table.phase == "play" and table.declarer is not None and table.current is None
                and table.pending is None and table.next is owner.partner
                and any(p.major for p in table.penalty_cards(owner))
                and not any(r.lead_choice is not None and r.ruling.open_choice is not None
                            for r in self.ruler.rules.values() if r is not self)):
            self.offer_penalty_lead(table, owner)
