"""Play of the cards: following suit and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.model.cards import Card, Suit
from generator.model.hand import Hand
from generator.model.seat import Seat
from generator.model.strain import Strain


def legal_plays(hand: Hand, led: Suit | None) -> tuple[Card, ...]:
    """Cards a player may play: any card when leading or void, else a card of the suit led."""
    if led is not None and hand.has_suit(led):
        return hand.suit(led)
    return tuple(hand)


def follows_suit(card: Card, hand_before: Hand, led: Suit | None) -> bool:
    """Whether playing ``card`` from ``hand_before`` respects the duty to follow suit."""
    return led is None or card.suit is led or not hand_before.has_suit(led)


@dataclass(frozen=True)
class Trick:
    """A trick: the leader and the cards in the order played (clockwise from the leader)."""

    leader: Seat
    cards: tuple[Card, ...] = ()

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def next_seat(self) -> Seat:
        return self.leader.offset(len(self.cards))

    def seats(self) -> tuple[Seat, ...]:
        return tuple(self.leader.offset(i) for i in range(len(self.cards)))

    def played_by(self, seat: Seat) -> Card | None:
        for s, c in zip(self.seats(), self.cards, strict=True):
            if s is seat:
                return c
        return None

    def add(self, card: Card) -> Trick:
        return Trick(self.leader, (*self.cards, card))

    def winner(self, trump: Strain) -> Seat:
        return trick_winner(list(zip(self.seats(), self.cards, strict=True)), trump)


def trick_winner(plays: Sequence[tuple[Seat, Card]], trump: Strain) -> Seat:
    """The highest trump wins; with no trump in the trick, the highest card of the suit led."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    led = plays[0][1].suit
    trump_suit = trump.suit
    trumps = [(s, c) for s, c in plays if trump_suit is not None and c.suit is trump_suit]
    contenders = trumps or [(s, c) for s, c in plays if c.suit is led]
    return max(contenders, key=lambda sc: sc[1].rank.order)[0]
