"""Seats and sides: the compass positions and the two partnerships."""

from __future__ import annotations

from enum import Enum

from generator.errors import ParseError

_ORDER = "NESW"
_FULL_NAMES = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


class Side(Enum):
    """A partnership: North-South or East-West."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    NS = "NS"
    EW = "EW"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.parse({self.value!r})"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side, North or East first."""
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def opponents(self) -> Side:
        """The other side."""
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def parse(cls, text: str) -> Side:
        """Parse ``NS`` or ``EW`` (any case, ``N-S`` and ``E/W`` spellings too)."""
        cleaned = text.strip().upper().replace("-", "").replace("/", "")
        for side in cls:
            if cleaned == side.value:
                return side
        raise ParseError(f"unknown side {text!r} (expected NS or EW)")


class Seat(Enum):
    """A compass seat. Clockwise order is N, E, S, W."""

    __hash__ = object.__hash__  # members are singletons: hash by identity, in C

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Seat.parse({self.value!r})"

    @property
    def index(self) -> int:
        """Position in clockwise order starting from North (N=0 … W=3)."""
        return _INDEX[self]

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return SEATS[(_INDEX[self] + steps) % 4]

    # The table replays thousands of events per board set: these lookups are precomputed.
    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return SEATS[(_INDEX[self] + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(_INDEX[self] + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return SEATS[(_INDEX[self] + 3) % 4]

    @property
    def side(self) -> Side:
        return _SIDE[self]

    def is_opponent_of(self, other: Seat) -> bool:
        return self.side is not other.side

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Parse ``N``/``E``/``S``/``W`` or a full name (``North``), any case.

        Unlike some libraries we never guess from a first letter: ``Nobody`` is an error.
        """
        cleaned = text.strip().upper()
        cleaned = _FULL_NAMES.get(cleaned, cleaned)
        if len(cleaned) == 1 and cleaned in _ORDER:
            return cls(cleaned)
        raise ParseError(f"unknown seat {text!r} (expected N, E, S or W)")


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_INDEX: dict[Seat, int] = {seat: i for i, seat in enumerate(SEATS)}
_SIDE: dict[Seat, Side] = {Seat.N: Side.NS, Seat.S: Side.NS, Seat.E: Side.EW, Seat.W: Side.EW}
