"""Law 52 (1987): failure to lead or play a penalty card.

52A: when a defender fails to lead or play a penalty card as Law 50 requires, he may not withdraw
the card he played instead on his own; declarer may accept that play (52B1: the penalty card stays a
penalty card) or require the penalty card to be played in its place (52B2: the card wrongly played
is withdrawn and becomes a major penalty card — reading taken from the 1997 text, [M]).
Options: ``accept`` / ``substitute``. Declarer who plays from his hand or dummy after the wrong card
before choosing has accepted it (52B1, as in the 1975 and 1997 texts; Law 60A states the same
principle for any irregular play), and may no longer require the substitution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law50, law60
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.PENALTY_CARD_NOT_PLAYED, editions={"1987"})
class PenaltyCardNotPlayed(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("52A")
        if table.declarer is None:
            return
        penalty = Card.parse(str(self.fact.detail("penalty")).split()[0])
        law10.offer(
            self.ruling, table.declarer,
            Option("accept", [Rectification("no_rectification", "52B1")], ["52B1"]),
            Option("substitute", [Rectification("must_play", "52B2", {
                "seat": str(self.offender), "card": str(penalty)})], ["52B2"]),
        )

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        super().card_played(table, seat, card, event)
        choice = self.ruling.open_choice
        if (self.lead_choice is None and choice is not None and table.declarer is not None
                and seat.side is table.declarer.side and choice.option("accept") is not None
                and event > (self.fact.event or -1)):
            self.ruling.settle("accept")
            law60.accepted_by_play(self.ruling)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if self.lead_choice is not None or self.ruling.settle(option) is None:
            super().chose(table, seat, option, event)
            return
        if option != "substitute":
            return
        wrong = Card.parse(str(self.fact.detail("card")))
        penalty = Card.parse(str(self.fact.detail("penalty")).split()[0])
        taken = table.take_back(self.offender, face_up=True)
        if taken is None:
            return
        table.penalty = [p for p in table.penalty
                         if not (p.seat is self.offender and p.card == penalty)]
        law50.add_penalty_cards(self.ruling, table, self.offender, [wrong], deliberate=True,
                                law="52B2")
        from generator.table.events import CardPlayed

        table._place(CardPlayed(self.offender, penalty), self.offender, penalty, event)
