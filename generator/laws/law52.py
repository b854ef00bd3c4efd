"""Law 52 (1987): failure to lead or play a penalty card.

52A: when a defender fails to lead or play a penalty card as Law 50 requires, he may not withdraw
the card he played instead on his own; declarer may accept that play (52B1: the penalty card stays a
penalty card) or require the penalty card to be played in its place (52B2: the card wrongly played
is withdrawn and becomes a major penalty card — reading taken from the 1997 text, [M]).
Options: ``accept`` / ``substitute``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law50
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
