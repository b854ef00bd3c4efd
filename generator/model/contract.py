"""Contracts: level, strain and doubling (``4HX``), and the result of a board."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from generator.errors import ParseError
from generator.model.calls import MAX_LEVEL
from generator.model.seat import Seat
from generator.model.strain import Strain


class Doubling(Enum):
    """Undoubled, doubled or redoubled."""

    NONE = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        """A non-empty name, for tables and CSV."""
        return {"": "undoubled", "X": "doubled", "XX": "redoubled"}[self.value]


_CONTRACT_RE = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X|R)?$")


@dataclass(frozen=True)
class Contract:
    """A final contract. Equality includes the doubling (``4H`` != ``4HX``)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ParseError(f"contract level must be a whole number, not {self.level!r}")
        if not 1 <= self.level <= MAX_LEVEL:
            raise ParseError(f"impossible contract level {self.level} (1 to 7)")

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.value}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``4H``, ``4HX``, ``3NTXX``, ``3nx`` (``N`` = NT, ``R`` = redoubled)."""
        key = str(text).strip().upper().replace(" ", "")
        match = _CONTRACT_RE.match(key)
        if not match:
            raise ParseError(f"not a contract: {text!r} (expected like 4H, 3NT, 4SX, 2DXX)")
        dbl = match.group(3) or ""
        doubling = Doubling.REDOUBLED if dbl in ("XX", "R") else Doubling(dbl)
        return cls(int(match.group(1)), Strain.parse(match.group(2)), doubling)


@dataclass(frozen=True)
class Result:
    """What a board produced: a contract, its declarer and the tricks his side took."""

    contract: Contract
    declarer: Seat
    tricks: int

    def __post_init__(self) -> None:
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise ParseError(f"tricks must be a whole number, not {self.tricks!r}")
        if not 0 <= self.tricks <= 13:
            raise ParseError(f"impossible number of tricks {self.tricks} (0 to 13)")

    def __str__(self) -> str:
        return f"{self.contract} {self.declarer} {self.tricks}"
