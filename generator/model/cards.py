"""Suits, ranks and cards.

Canonical notation: a card is its suit letter then its rank letter (``SK``, ``HT``, ``C2``), as in
the case format. Ten is ``T``; ``10`` is accepted on input.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import total_ordering

from generator.errors import ParseError


@total_ordering
class Suit(Enum):
    """A suit of cards, ordered clubs < diamonds < hearts < spades (the bidding order)."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    C = "C"
    D = "D"
    H = "H"
    S = "S"

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Suit.parse({self.value!r})"

    #: 0 for clubs … 3 for spades (a plain attribute, set below: play loops read it a lot)
    order: int

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return self.order < other.order

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (any case)."""
        key = text.strip().upper()
        if len(key) == 1 and key in "CDHS":
            return cls(key)
        raise ParseError(f"unknown suit {text!r} (expected C, D, H or S)")


_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
for _suit in Suit:
    _suit.order = _SUIT_ORDER[_suit.value]

#: Suits from spades down, the order of PBN hands and of hand diagrams.
SUITS_HIGH_FIRST: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)

_RANK_LETTERS = "23456789TJQKA"
_RANK_ORDER = {letter: i + 2 for i, letter in enumerate(_RANK_LETTERS)}


@total_ordering
class Rank(Enum):
    """A rank within a suit; the ace is highest."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Rank.parse({self.value!r})"

    #: 2 for the two … 14 for the ace (a plain attribute, set below)
    order: int
    #: ace, king, queen, jack and ten are honours (the ten counts)
    is_honour: bool

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.order < other.order

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank letter (``T`` or ``10`` for the ten), any case."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in _RANK_LETTERS:
            return cls(key)
        raise ParseError(f"unknown rank {text!r} (expected 2-9, T, J, Q, K or A)")


for _rank in Rank:
    _rank.order = _RANK_ORDER[_rank.value]
    _rank.is_honour = _rank.order >= 10

#: Ranks from the ace down.
RANKS_HIGH_FIRST: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


@dataclass(frozen=True, order=False, eq=False)
class Card:
    """A playing card. Equality and hashing use a precomputed number (cards live in sets that
    the table updates on every play)."""

    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        # One object per card: set lookups then succeed on identity, the fastest path.
        found = _INTERNED.get((suit, rank))
        if found is None:
            found = object.__new__(cls)
            _INTERNED[(suit, rank)] = found
        return found

    def __getnewargs__(self) -> tuple[Suit, Rank]:
        return (self.suit, self.rank)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", self.suit.order * 16 + self.rank.order)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self._key == other._key  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._key  # type: ignore[attr-defined,no-any-return]

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return (self.suit.order, self.rank.order) < (other.suit.order, other.rank.order)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse suit-then-rank notation: ``SK``, ``h10``, ``DT``."""
        key = text.strip()
        if len(key) < 2:
            raise ParseError(f"not a card: {text!r} (expected suit then rank, like SK or H7)")
        try:
            return cls(Suit.parse(key[0]), Rank.parse(key[1:]))
        except ParseError:
            raise ParseError(
                f"not a card: {text!r} (expected suit then rank, like SK or H7)"
            ) from None


_INTERNED: dict[tuple[Suit, Rank], Card] = {}

#: The 52 cards, clubs two first.
ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in sorted(Rank))
