"""Law 24 (1987): a card exposed or led during the auction.

* 24A: a single card below honour rank, not led prematurely: no penalty in the auction; if the
  offender becomes a defender it is a (minor) penalty card.
* 24B: an honour, a card led prematurely, or two or more cards: the offender's partner must pass at
  his next turn, and the cards become (major) penalty cards if the offender becomes a defender.

Law 23A goes with the 24B bar: the seed 000 page that ends Law 24 refers to 23A for a damaging
enforced pass, so the ruling flags it like every other bar on the offender's partner.

Source: the 1987 commentary as restated in the spec ([M]: the 1987 text was not seen). The
penalty cards are listed as soon as the card is exposed, with the condition that the offender
defends; they are dropped when the auction makes him declarer or dummy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Rectification
from generator.model.cards import Card
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.CARD_EXPOSED_DURING_AUCTION, editions={"1987"})
class CardExposedDuringAuction(Rule):
    cards_rects: list[Rectification]

    def detected(self, table: Table) -> None:
        super().detected(table)
        cards = [Card.parse(c) for c in str(self.fact.detail("cards")).split()]
        led = bool(self.fact.detail("led"))
        minor = len(cards) == 1 and not cards[0].rank.is_honour and not led
        law = "24A" if minor else "24B"
        if not minor:
            self.bar_partner(table, "next_turn", "24B")
        else:
            self.ruling.cite("24A")
        self.cards_rects = [
            self.ruling.add("penalty_card", law, seat=str(self.offender), card=str(c),
                            major=not minor, condition="if_defender")
            for c in cards
        ]

    def auction_ended(self, table: Table) -> None:
        super().auction_ended(table)
        if table.declarer is not None and table.declarer.side is self.offender.side:
            for rect in self.cards_rects:
                self.ruling.rectifications.remove(rect)
            self.cards_rects = []
            for card in list(table.exposed[self.offender]):
                table.exposed[self.offender].remove(card)  # picked up: no penalty for declarer
        else:
            for rect in self.cards_rects:
                rect.fields.pop("condition", None)
