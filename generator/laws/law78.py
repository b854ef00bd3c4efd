"""Law 78: methods of scoring — matchpoints (78A) and international match points (78B).

The IMP scale is data: the list of score differences at which one more IMP is earned, one list
per edition in :data:`IMP_SCALES`, each with its citation. The scale has not changed since well
before 1987 (``laws1987_spec.md`` §7.2, ``laws_diff_2017.md`` row 78), but keeping it per edition
costs nothing and matches how the Law 77 table is stored.

Matchpoints compare one board's results with each other: every result earns two units for each
other result it beats and one for each it ties. The scores passed in must all be from the same
pair's point of view (say all North-South scores); the other direction's matchpoints are the top
minus these.

2017
----
``laws2017_spec.md`` §9.2 [M]: Law 78 is unchanged, matchpoints (78A), the same 0-24 IMP scale
(78B), total points (78C), other methods approved by the regulating authority (78D). The 2017
scale is its own entry of :data:`IMP_SCALES` (same thresholds, the 2017 citation) so that the two
editions stay separate data; the matchpoint functions take no edition because 78A is the same
count in both codes. A 2017 weighted assigned score (12C1(c)) is matchpointed or IMPed outcome by
outcome and then weighted: see :func:`generator.laws.law12.weighted_matchpoints` and
:func:`~generator.laws.law12.weighted_imps`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise

from generator.laws import law86
from generator.laws.law77 import ScoringError, score_grid
from generator.laws.refs import DEFAULT_EDITION, LawRef

EDITIONS = ("1987", "2017")
"""The editions whose Law 78 this module scores (the coverage table reads it)."""

LAW78A = LawRef(78, "A")
"""Matchpoint scoring."""
LAW78B = LawRef(78, "B")
"""International match point scoring and its scale."""


@dataclass(frozen=True)
class ImpScale:
    """The IMP scale of an edition: ``thresholds[k]`` is the smallest difference worth ``k+1``.

    Storing thresholds (not bands) makes the scale impossible to write with gaps or overlaps;
    the printed bands (``20-40 → 1``) are derived by :meth:`bands`.
    """

    edition: str
    thresholds: tuple[int, ...]
    law: LawRef

    def __post_init__(self) -> None:
        steps = self.thresholds
        if not steps or steps[0] <= 0 or any(b <= a for a, b in pairwise(steps)):
            raise ScoringError(f"IMP scale {self.edition}: thresholds must rise from above 0")

    @property
    def maximum(self) -> int:
        """The most IMPs one board can give."""
        return len(self.thresholds)

    def bands(self) -> list[tuple[int, int | None, int]]:
        """``(lowest difference, highest difference or None for open-ended, IMPs)``.

        Real scores are multiples of ten, so each band ends ten below the next threshold, which
        is how the table is printed.
        """
        lows = (0, *self.thresholds)
        result: list[tuple[int, int | None, int]] = []
        for imp, low in enumerate(lows):
            high = lows[imp + 1] - 10 if imp + 1 < len(lows) else None
            result.append((low, high, imp))
        return result


# The lowest difference worth 1, 2, ... 24 IMPs (Law 78B), laid out as the table is printed.
# fmt: off
_THRESHOLDS_1987 = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
# fmt: on

IMP_SCALES: dict[str, ImpScale] = {
    "1987": ImpScale(edition="1987", thresholds=_THRESHOLDS_1987, law=LAW78B),
    # 2017 spec §9.2 [M]: the same scale; 78B keeps its letter
    "2017": ImpScale(edition="2017", thresholds=_THRESHOLDS_1987, law=LAW78B),
}
"""The IMP scale of each edition, keyed by edition."""

IMP_THRESHOLDS: tuple[int, ...] = IMP_SCALES[DEFAULT_EDITION].thresholds
"""The 1987 thresholds, for callers that only need the numbers."""


def imp_scale(edition: str = DEFAULT_EDITION) -> ImpScale:
    """The IMP scale of an edition; a clear error for an unknown edition."""
    try:
        return IMP_SCALES[edition]
    except KeyError:
        known = ", ".join(sorted(IMP_SCALES))
        raise ScoringError(f"no IMP scale for edition {edition!r} (known: {known})") from None


def imps(difference: int, edition: str = DEFAULT_EDITION) -> int:
    """IMPs for a score difference, with its sign (Law 78B).

    The scale is symmetric: a side that is 450 behind loses exactly what the other side gains.
    A difference earns one IMP for every threshold it reaches (``>=``), which is the usual
    reading of the printed bands.
    """
    magnitude = abs(difference)
    won = sum(1 for threshold in imp_scale(edition).thresholds if magnitude >= threshold)
    return won if difference >= 0 else -won


def imp_band(difference: int, edition: str = DEFAULT_EDITION) -> tuple[int, int | None, int]:
    """The band of the scale a difference falls in: ``(lowest, highest or None, IMPs)``, the
    IMPs without sign (Law 78B), as an explanation quotes it ("450 is in 430-490: 10 IMPs")."""
    magnitude = abs(difference)
    for low, high, won in imp_scale(edition).bands():
        if magnitude >= low and (high is None or magnitude < high + 10):
            return low, high, won
    raise ScoringError(f"no band of the IMP scale holds {difference}")  # bands cover 0 and up


@cache
def possible_scores(edition: str = DEFAULT_EDITION) -> frozenset[int]:
    """Every score a board can give one pair: a cell of the Law 77 table with either sign (the
    pair declared, or defended), and 0 (the board passed out)."""
    found = {0}
    for *_, score in score_grid(edition):
        found.update((score, -score))
    return frozenset(found)


def parse_score(text: str, edition: str = DEFAULT_EDITION) -> int:
    """A pair's score as written on a traveller (``620``, ``+620``, ``-100``, ``−100``); an
    error saying why when it is no number, not a multiple of ten, or no contract's score."""
    cleaned = text.strip().replace("\u2212", "-").replace("\u2013", "-")
    try:
        score = int(cleaned)
    except ValueError:
        raise ScoringError(f"{text.strip()!r} is not a score (a number like +620 or -100, "
                           "or A+, A, A- for an artificial score)") from None
    if score % 10:
        raise ScoringError(f"impossible score {score}: every score is a multiple of 10")
    if score not in possible_scores(edition):
        raise ScoringError(f"impossible score {score}: no contract and result score it "
                           "(Law 77)")
    return score


def parse_entry(text: str, edition: str = DEFAULT_EDITION) -> int | str:
    """A traveller's North-South entry: a score (:func:`parse_score`) or an artificial score's
    code ``A+``, ``A``, ``A-`` (:data:`law86.ARTIFICIAL_CODES`)."""
    code = law86.artificial_code(text)
    return code if code is not None else parse_score(text, edition)


def traveller_matchpoints(entries: Sequence[int | str], scaled: bool = True,
                          edition: str = DEFAULT_EDITION) -> list[tuple[Fraction, Fraction]]:
    """``(North-South, East-West)`` matchpoints of each row of a traveller whose entries are
    North-South scores or artificial codes (``A+``, ``A``, ``A-``), exactly (as fractions).

    Artificial rows get their percentage of the full top (1987 12C1, 2017 12C2(a)); the real
    scores are compared among themselves and, when ``scaled``, scaled to the full top (the
    reading is in the module docstring). With no artificial row this is :func:`matchpoints`
    with each East-West score the top minus North-South's.
    """
    if not entries:
        raise ScoringError("an empty traveller has no matchpoints")
    top = matchpoint_top(len(entries))
    real = [e for e in entries if not isinstance(e, str)]
    real_top = matchpoint_top(len(real)) if real else 0
    out: list[tuple[Fraction, Fraction]] = []
    for entry in entries:
        if isinstance(entry, str):
            ns = Fraction(str(law86.artificial_pairs_percent(entry, "NS", edition))) / 100
            ew = Fraction(str(law86.artificial_pairs_percent(entry, "EW", edition))) / 100
            out.append((ns * top, ew * top))
            continue
        raw = sum(2 if entry > other else 1 if entry == other else 0 for other in real) - 1
        if not scaled:
            out.append((Fraction(raw), Fraction(real_top - raw)))
        elif real_top == 0:
            out.append((Fraction(top, 2), Fraction(top, 2)))
        else:
            share = Fraction(raw, real_top)
            out.append((share * top, (1 - share) * top))
    return out


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Matchpoints of each result on a board (Law 78A): 2 per other result beaten, 1 per tie.

    Counting in half-units lets ties be scored without fractions; the top on a board with ``n``
    results is ``2 * (n - 1)`` and the matchpoints of all results always sum to ``n * (n - 1)``.
    """
    return [
        sum(2 if mine > other else 1 if mine == other else 0 for other in scores) - 1
        for mine in scores
    ]


def matchpoint_top(count: int) -> int:
    """The top on a board played ``count`` times: two units for each other result."""
    return 2 * (count - 1)


def matchpoint_percentages(scores: Sequence[int]) -> list[float]:
    """Each result's matchpoints as a percentage of the top (Law 78A).

    A board played only once has a top of zero, so no percentage can be given: that is an error
    rather than a silent 50%, because the Director, not this function, decides what such a board
    scores.
    """
    if len(scores) < 2:
        raise ScoringError("matchpoint percentages need at least two results on the board")
    top = matchpoint_top(len(scores))
    return [100.0 * points / top for points in matchpoints(scores)]


__all__ = [
    "EDITIONS",
    "IMP_SCALES",
    "IMP_THRESHOLDS",
    "LAW78A",
    "LAW78B",
    "ImpScale",
    "imp_band",
    "imp_scale",
    "imps",
    "matchpoint_percentages",
    "matchpoint_top",
    "matchpoints",
    "parse_entry",
    "parse_score",
    "possible_scores",
    "traveller_matchpoints",
]
