"""Board numbers, dealers and vulnerability.

The rotation is the standard one of the duplicate board (a cycle of four dealers and a cycle of
sixteen vulnerabilities, repeated for boards 17 and up). The law reference lives in the law index;
this module only holds the arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.errors import ParseError
from generator.model.seat import Seat, Side

_VUL_ALIASES = {
    "NONE": "None", "-": "None", "LOVE": "None", "NEITHER": "None", "NIL": "None",
    "NS": "NS", "N-S": "NS", "N/S": "NS",
    "EW": "EW", "E-W": "EW", "E/W": "EW",
    "BOTH": "Both", "ALL": "Both",
}


class Vulnerability(Enum):
    """Which sides are vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vulnerability.parse({self.value!r})"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether a seat (or a side) is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self.value == side.value

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Parse ``None``, ``NS``, ``EW``, ``Both`` and PBN spellings (``Love``, ``All``, ``-``)."""
        key = str(text).strip().upper()
        if key in _VUL_ALIASES:
            return cls(_VUL_ALIASES[key])
        raise ParseError(f"unknown vulnerability {text!r} (expected None, NS, EW or Both)")

    @classmethod
    def for_board(cls, number: int) -> Vulnerability:
        """Vulnerability of a board number (any number from 1 up)."""
        return Board.from_number(number).vulnerability


# Boards 1..16 of the standard cycle, as they appear on the board.
_VUL_CYCLE = (
    "None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
    "EW", "Both", "None", "NS", "Both", "None", "NS", "EW",
)


@dataclass(frozen=True)
class Board:
    """A numbered board: its dealer and vulnerability follow from the number."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability

    def __str__(self) -> str:
        return f"Board {self.number} (dealer {self.dealer}, vulnerable {self.vulnerability})"

    @classmethod
    def from_number(cls, number: int) -> Board:
        """The board with that number; dealer and vulnerability by the standard rotation."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise ParseError(f"board number must be a whole number, not {number!r}")
        if number < 1:
            raise ParseError(f"impossible board number {number} (boards are numbered from 1)")
        dealer = Seat("NESW"[(number - 1) % 4])
        vulnerability = Vulnerability(_VUL_CYCLE[(number - 1) % 16])
        return cls(number, dealer, vulnerability)
