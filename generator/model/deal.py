"""A deal: the four hands, with the PBN deal string ``N:hand hand hand hand``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.errors import ParseError
from generator.model.cards import Card
from generator.model.hand import Hand
from generator.model.seat import SEATS, Seat


@dataclass(frozen=True)
class Deal:
    """Four hands. A hand may be unknown (``-`` in PBN).

    ``first`` only remembers which seat the PBN string started with, so that a parsed string is
    printed back exactly as it was; it takes no part in equality.
    """

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    first: Seat = field(default=Seat.N, compare=False)

    def __post_init__(self) -> None:
        seen: dict[Card, Seat] = {}
        for seat, hand in zip(SEATS, self.hands, strict=True):
            for card in hand.cards if hand else ():
                if card in seen:
                    raise ParseError(f"{card} is in both {seen[card]}'s and {seat}'s hands")
                seen[card] = seat

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand | None], first: Seat = Seat.N) -> Deal:
        return cls(
            (hands.get(Seat.N), hands.get(Seat.E), hands.get(Seat.S), hands.get(Seat.W)), first
        )

    def __getitem__(self, seat: Seat) -> Hand | None:
        return self.hands[seat.index]

    def hand(self, seat: Seat) -> Hand:
        """The hand of a seat; an error if the deal does not say what it holds."""
        found = self.hands[seat.index]
        if found is None:
            raise ParseError(f"the deal does not give {seat}'s hand")
        return found

    def holder(self, card: Card) -> Seat | None:
        """Which seat was dealt the card, if the deal says."""
        for seat, hand in zip(SEATS, self.hands, strict=True):
            if hand is not None and card in hand:
                return seat
        return None

    @property
    def is_complete(self) -> bool:
        """All four hands known, 13 cards each."""
        return all(h is not None and len(h) == 13 for h in self.hands)

    def __str__(self) -> str:
        order = [self.first.offset(i) for i in range(4)]
        parts = [str(self[s]) if self[s] is not None else "-" for s in order]
        return f"{self.first}:" + " ".join(parts)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Parse a PBN deal string: first seat, colon, four hands clockwise (``-`` = unknown)."""
        cleaned = text.strip()
        if len(cleaned) < 2 or cleaned[1] != ":":
            raise ParseError(f"not a PBN deal: {text!r} (expected it to start like 'N:')")
        first = Seat.parse(cleaned[0])
        parts = cleaned[2:].split()
        if len(parts) != 4:
            raise ParseError(f"not a PBN deal: {text!r} (expected four hands, found {len(parts)})")
        hands: dict[Seat, Hand | None] = {}
        for i, part in enumerate(parts):
            seat = first.offset(i)
            hands[seat] = None if part == "-" else Hand.parse(part)
        return cls.from_hands(hands, first)
