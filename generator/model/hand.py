"""A hand: a set of cards held by one player, in PBN notation ``AKQ2.K32.54.A987`` (S.H.D.C)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from generator.errors import ParseError
from generator.model.cards import SUITS_HIGH_FIRST, Card, Rank, Suit


@dataclass(frozen=True)
class Hand:
    """An immutable set of cards. Usually 13, but fewer once cards have been played."""

    cards: frozenset[Card]

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        object.__setattr__(self, "cards", frozenset(cards))

    def __str__(self) -> str:
        by_suit: dict[Suit, list[Card]] = {s: [] for s in SUITS_HIGH_FIRST}
        for card in self.cards:
            by_suit[card.suit].append(card)
        return ".".join(
            "".join(c.rank.value for c in sorted(by_suit[s], key=lambda c: -c.rank.order))
            for s in SUITS_HIGH_FIRST
        )

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, reverse=True))

    def suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of one suit, highest first."""
        return tuple(sorted((c for c in self.cards if c.suit is suit), reverse=True))

    def has_suit(self, suit: Suit) -> bool:
        return any(c.suit is suit for c in self.cards)

    def length(self, suit: Suit) -> int:
        return sum(1 for c in self.cards if c.suit is suit)

    def without(self, card: Card) -> Hand:
        return Hand(self.cards - {card})

    def with_card(self, card: Card) -> Hand:
        return Hand(self.cards | {card})

    def hcp(self) -> int:
        """High-card points (A=4, K=3, Q=2, J=1): used by the bidding model, not by the laws."""
        values = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
        return sum(values.get(c.rank, 0) for c in self.cards)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse ``AKQ2.K32.54.A987``: four dot-separated suits, spades first; ``T`` is the ten."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(f"not a hand: {text!r} (expected four suits separated by dots)")
        cards: list[Card] = []
        for suit, part in zip(SUITS_HIGH_FIRST, parts, strict=True):
            for letter in part:
                try:
                    rank = Rank.parse(letter)
                except ParseError:
                    raise ParseError(f"not a hand: {text!r} (bad rank {letter!r})") from None
                card = Card(suit, rank)
                if card in cards:
                    raise ParseError(f"not a hand: {text!r} ({card} appears twice)")
                cards.append(card)
        return cls(cards)
