"""Law 55 (1987): declarer's lead out of turn.

55A: either defender may accept declarer's lead out of turn (or require its retraction); if they
disagree, the defender next in turn decides ([M]; in the case format the first defender to speak
decides). 55B1: if it was a defender's turn to lead, the card is restored without penalty. 55B2: if
declarer led from the wrong hand, he must lead from the correct hand; reading taken ([M], 1997
text): a card of the same suit if he can (:data:`SAME_SUIT`); if he has none, he leads any card
(Law 59). 55C: a lead out of turn induced by a defender's mistaken statement is retracted without
penalty (not expressible in the case format).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law59
from generator.laws.law50 import LeadDuty
from generator.laws.law53 import drop_preview
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

SAME_SUIT = True


@rule(Kind.DECLARER_LEAD_OUT_OF_TURN, editions={"1987"})
class DeclarerLeadOutOfTurn(Rule):
    def opened(self, table: Table) -> None:
        """Either defender may accept or refuse; the refusal says what it brings (10C1)."""
        assert table.pending is not None
        for seat in table.pending.acceptors[:1]:
            law10.offer(
                self.ruling, seat,
                Option("accept", [Rectification("lead_stands", "55A",
                                                {"event": self.fact.event})], ["55A"]),
                Option("refuse", self._refusal_rects(), ["55B"]),
            )

    def _refusal_rects(self) -> list[Rectification]:
        """55B1: the card goes back without penalty; 55B2: declarer leads from the right hand,
        of the same suit if he can (:data:`SAME_SUIT`)."""
        card = Card.parse(str(self.fact.detail("card")))
        if not self.fact.detail("wrong_hand"):
            return [Rectification("no_rectification", "55B1", {})]
        if not SAME_SUIT:
            return [Rectification("no_rectification", "55B2", {})]
        return [Rectification("must_play", "55B2", {
            "seat": str(self.fact.detail("turn")), "rule": "same_suit", "suit": str(card.suit)})]

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self._speaker_decides(table, event)
        self.settle_acceptance(how, by_play=True)
        drop_preview(self.ruling, "refuse")
        super().resolve(table, how, event)
        if how in ("accepted", "condoned"):
            return
        card = Card.parse(str(self.fact.detail("card")))
        table.unexpose(self.offender, card)  # declarer's cards are never penalty cards
        turn = Seat.parse(str(self.fact.detail("turn")))
        if self.fact.detail("wrong_hand"):
            if SAME_SUIT:
                self.ruling.add("must_play", "55B2", seat=str(turn), rule="same_suit",
                                suit=str(card.suit))
                table.constraints.append(LeadDuty(turn, card.suit, True, "55B2"))
                hand = table.remaining(turn)
                if hand is not None and not law59.can_comply(hand, card.suit, require=True):
                    self.ruling.note("cannot_comply", "59")  # no card of that suit: any lead
            else:
                self.ruling.add("no_rectification", "55B2")
        else:
            self.ruling.add("no_rectification", "55B1")
            self.ruling.cite("47A")

    def _speaker_decides(self, table: Table, event: int) -> None:
        """55A: either defender may decide; the choice is shown as made by the one who spoke
        (or played) first, not always by declarer's left-hand opponent."""
        choice = self.ruling.open_choice
        seat = getattr(table.events[event], "seat", None) if 0 <= event < len(table.events) \
            else None
        if choice is not None and isinstance(seat, Seat) and table.is_defender(seat):
            choice.seat = seat
