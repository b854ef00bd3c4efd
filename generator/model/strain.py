"""Strains (denominations) of bids and contracts: the four suits and notrump."""

from __future__ import annotations

from enum import Enum
from functools import total_ordering

from generator.errors import ParseError
from generator.model.cards import Suit


@total_ordering
class Strain(Enum):
    """A denomination, ordered clubs < diamonds < hearts < spades < notrump."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Strain.parse({self.value!r})"

    #: 0 for clubs … 4 for notrump (a plain attribute, set below)
    order: int

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Strain):
            return NotImplemented
        return self.order < other.order

    #: the trump suit, or ``None`` for notrump (a plain attribute, set below)
    suit: Suit | None

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @classmethod
    def from_suit(cls, suit: Suit) -> Strain:
        return cls(suit.value)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Parse ``C D H S NT`` (``N`` is accepted for notrump), any case."""
        key = text.strip().upper()
        if key in ("N", "NT", "NOTRUMP", "NOTRUMPS"):
            return cls.NT
        if len(key) == 1 and key in "CDHS":
            return cls(key)
        raise ParseError(f"unknown strain {text!r} (expected C, D, H, S or NT)")


for _position, _strain in enumerate(Strain):
    _strain.order = _position
    _strain.suit = None if _strain is Strain.NT else Suit(_strain.value)
