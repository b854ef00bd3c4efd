"""The few pieces of auction arithmetic the oracle needs, written from scratch.

This module deliberately shares no code with the engine (``generator.model``, ``generator.table``,
``generator.laws``): the oracle is an independent second implementation, so it parses its own
strings.

* Calls are written as in the case format: ``"1C"`` .. ``"7NT"`` (``"1N"`` is accepted for
  ``"1NT"``), ``"P"`` (or ``"PASS"``), ``"X"``, ``"XX"``; case-insensitive.
* Seats are ``"N"``, ``"E"``, ``"S"``, ``"W"``, clockwise in that order: a player's LHO is the next
  seat clockwise, his RHO the seat before him.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

SEATS: Final[tuple[str, ...]] = ("N", "E", "S", "W")
#: Denominations from lowest to highest.
STRAINS: Final[tuple[str, ...]] = ("C", "D", "H", "S", "NT")
SUITS: Final[tuple[str, ...]] = ("C", "D", "H", "S")

CallKind = Literal["pass", "bid", "double", "redouble"]
Relation = Literal["rho", "partner", "lho"]

_SPECIAL: Final[dict[str, CallKind]] = {
    "P": "pass", "PASS": "pass", "X": "double", "D": "double", "XX": "redouble", "R": "redouble",
}
_CANONICAL: Final[dict[CallKind, str]] = {"pass": "P", "double": "X", "redouble": "XX"}


@dataclass(frozen=True)
class Call:
    """A parsed call. ``level`` and ``strain`` are set for bids only."""

    kind: CallKind
    level: int | None = None
    strain: str | None = None

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"{self.level}{self.strain}"
        return _CANONICAL[self.kind]

    @property
    def is_bid(self) -> bool:
        return self.kind == "bid"

    @property
    def suit(self) -> str | None:
        """The suit a bid names (``None`` for notrump and for non-bids)."""
        return self.strain if self.strain in SUITS else None

    @property
    def rank(self) -> int:
        """Order of bids: 1C = 0, 1D = 1, ..., 7NT = 34. Only for bids."""
        if self.level is None or self.strain is None:
            raise ValueError(f"{self} is not a bid and has no rank")
        return (self.level - 1) * len(STRAINS) + STRAINS.index(self.strain)


def parse_call(text: str) -> Call:
    """Parse ``"1H"``, ``"2NT"``, ``"P"``, ``"X"``, ``"XX"`` (any case) into a :class:`Call`.

    Raises :class:`ValueError` for anything else, including bids above seven.
    """
    raw = text.strip().upper()
    if raw in _SPECIAL:
        return Call(_SPECIAL[raw])
    if len(raw) >= 2 and raw[0].isdigit():
        level = int(raw[0])
        strain = raw[1:]
        if strain == "N":
            strain = "NT"
        if 1 <= level <= 7 and strain in STRAINS:
            return Call("bid", level, strain)
    raise ValueError(f"not a call: {text!r}")


def canonical(text: str) -> str:
    """The canonical spelling of a call (``"1n"`` -> ``"1NT"``, ``"pass"`` -> ``"P"``)."""
    return str(parse_call(text))


def parse_seat(text: str) -> str:
    """``"n"`` -> ``"N"``; raises :class:`ValueError` for anything but N, E, S, W."""
    seat = text.strip().upper()
    if seat not in SEATS:
        raise ValueError(f"not a seat: {text!r}")
    return seat


def seat_at(seat: str, offset: int) -> str:
    """The seat ``offset`` places clockwise from ``seat`` (1 = LHO, 2 = partner, 3 = RHO)."""
    return SEATS[(SEATS.index(parse_seat(seat)) + offset) % 4]


def lho(seat: str) -> str:
    return seat_at(seat, 1)


def partner(seat: str) -> str:
    return seat_at(seat, 2)


def rho(seat: str) -> str:
    return seat_at(seat, 3)


#: Clockwise distance from the offender to the seat whose turn it was -> who that seat is.
_RELATION: Final[dict[int, Relation]] = {1: "lho", 2: "partner", 3: "rho"}


def relation(offender: str, turn: str) -> Relation:
    """Who, seen from ``offender``, the player ``turn`` is: ``"rho"``, ``"partner"``, ``"lho"``.

    Raises :class:`ValueError` when they are the same seat (then the call was in rotation).
    """
    distance = (SEATS.index(parse_seat(turn)) - SEATS.index(parse_seat(offender))) % 4
    if distance == 0:
        raise ValueError(f"it was {offender}'s own turn: the call was not out of rotation")
    return _RELATION[distance]


def dealer_of_board(board: int) -> str:
    """Law 2: board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and so on."""
    return SEATS[(board - 1) % 4]


def is_sufficient(bid: str, over: str | None) -> bool:
    """Whether ``bid`` supersedes the bid ``over`` (any bid is sufficient when ``over`` is None)."""
    new = parse_call(bid)
    if not new.is_bid:
        raise ValueError(f"{bid!r} is not a bid")
    return over is None or new.rank > parse_call(over).rank


def lowest_sufficient(last_bid: str, strain: str) -> str | None:
    """The lowest bid in ``strain`` that supersedes ``last_bid``; ``None`` above 7NT."""
    last = parse_call(last_bid)
    if not last.is_bid or last.level is None or last.strain is None:
        raise ValueError(f"{last_bid!r} is not a bid")
    strain = "NT" if strain.upper() == "N" else strain.upper()
    if strain not in STRAINS:
        raise ValueError(f"not a denomination: {strain!r}")
    level = last.level if STRAINS.index(strain) > STRAINS.index(last.strain) else last.level + 1
    return f"{level}{strain}" if level <= 7 else None
