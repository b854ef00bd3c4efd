"""Calls: bids, pass, double and redouble.

Canonical notation: ``1C`` … ``7NT``, ``P``, ``X``, ``XX``. On input, common spellings are
accepted (``Pass``, ``1N``, ``1nt``, ``Dbl``, ``Rdbl``); output is always canonical. A bid above
the seven level (``8S``) parses, because a player can say it at a table; the auction model then
treats it as inadmissible.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.errors import ParseError
from generator.model.strain import Strain

MAX_LEVEL = 7
#: Highest level the parser records (a player may say "8 spades"; nobody says "14 spades").
MAX_RECORDED_LEVEL = 13


@dataclass(frozen=True)
class Bid:
    """A bid: a level and a strain."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ParseError(f"bid level must be a whole number, not {self.level!r}")
        if not 1 <= self.level <= MAX_RECORDED_LEVEL:
            raise ParseError(f"impossible bid level {self.level}")

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}"

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    @property
    def key(self) -> tuple[int, int]:
        """Sort key of the bidding ladder: higher key = higher bid."""
        return (self.level, self.strain.order)

    @property
    def is_above_seven(self) -> bool:
        return self.level > MAX_LEVEL

    def outranks(self, other: Bid) -> bool:
        return self.key > other.key


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "P"

    def __repr__(self) -> str:
        return "Call.parse('P')"


@dataclass(frozen=True)
class Double:
    def __str__(self) -> str:
        return "X"

    def __repr__(self) -> str:
        return "Call.parse('X')"


@dataclass(frozen=True)
class Redouble:
    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "Call.parse('XX')"


CallValue = Bid | Pass | Double | Redouble

PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()

_SPECIAL: dict[str, CallValue] = {
    "P": PASS, "PASS": PASS, "PAS": PASS, "NB": PASS, "NOBID": PASS, "ПАС": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE, "КОНТРА": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE, "РЕКОНТРА": REDOUBLE,
}
_BID_RE = re.compile(r"^([0-9]{1,2})\s*(C|D|H|S|N|NT|NOTRUMPS?)$")  # ASCII digits only


class Call:
    """Namespace for parsing calls; the values are :class:`Bid`, :data:`PASS`, …"""

    @staticmethod
    def parse(text: str) -> CallValue:
        """Parse a call in canonical or common notation."""
        if not isinstance(text, str):
            text = str(text)
        key = text.strip().upper().replace("-", "").replace(" ", "")
        if key in _SPECIAL:
            return _SPECIAL[key]
        match = _BID_RE.match(key)
        if match:
            level = int(match.group(1))
            if 1 <= level <= MAX_RECORDED_LEVEL:
                return Bid(level, Strain.parse(match.group(2)))
        raise ParseError(f"unknown call {text!r} (expected 1C..7NT, P, X or XX)")


#: The 38 calls of the auction: 35 bids from 1C to 7NT, then P, X, XX.
ALL_CALLS: tuple[CallValue, ...] = (
    *(Bid(level, strain) for level in range(1, MAX_LEVEL + 1) for strain in Strain),
    PASS, DOUBLE, REDOUBLE,
)


def is_bid(call: CallValue) -> bool:
    return isinstance(call, Bid)
