"""Law 12C1: artificial adjusted scores in pairs events (percentages of the top).

When no result can be obtained on a board (it was fouled, not played in time, an irregularity
stopped the play), the Director awards an *artificial* score that depends only on each side's
share of the blame: in no way at fault, partly at fault, directly at fault. The two sides' awards
are independent and need not add up to 100%.

The law gives 60% as a floor for a side in no way at fault and 40% as a ceiling for a side
directly at fault; the standard awards (average-plus, average, average-minus) are exactly these
figures, which is what :func:`artificial_score_pairs` returns. A sponsoring organisation's own
regulation (for example giving a side its session percentage when that is higher) is outside the
1987 law and outside this module.

The IMP equivalents (Law 86A) live in :mod:`generator.laws.law86`.
"""

from __future__ import annotations

from enum import Enum

from generator.laws.law77 import ScoringError
from generator.laws.refs import DEFAULT_EDITION, LawRef

LAW12C1 = LawRef(12, "C1")
"""Artificial adjusted score."""


class Responsibility(Enum):
    """How far a side is to blame for there being no result on the board."""

    NONE = "not at fault"
    PARTLY = "partly at fault"
    DIRECTLY = "directly at fault"

    def __str__(self) -> str:
        return self.value


PAIRS_PERCENT: dict[str, dict[Responsibility, float]] = {
    "1987": {
        Responsibility.NONE: 60.0,  # average-plus: at least 60% [H]
        Responsibility.PARTLY: 50.0,  # average [M]
        Responsibility.DIRECTLY: 40.0,  # average-minus: at most 40% [M]
    },
}
"""Standard artificial awards in pairs play, percent of the top, keyed by edition (Law 12C1)."""

PAIRS_LAW: dict[str, LawRef] = {"1987": LAW12C1}
"""Where each edition puts the pairs percentages."""


def artificial_score_pairs(responsibility: Responsibility, edition: str = DEFAULT_EDITION) -> float:
    """The standard artificial score of a side in pairs play, as a percentage of the top.

    Law 12C1: 60 to a side in no way at fault, 50 to a side partly at fault, 40 to a side
    directly at fault. Multiply by the board's top to get matchpoints.
    """
    try:
        table = PAIRS_PERCENT[edition]
    except KeyError:
        known = ", ".join(sorted(PAIRS_PERCENT))
        raise ScoringError(
            f"no artificial pairs scores for edition {edition!r} (known: {known})"
        ) from None
    return table[responsibility]


__all__ = [
    "LAW12C1",
    "PAIRS_LAW",
    "PAIRS_PERCENT",
    "Responsibility",
    "artificial_score_pairs",
]
