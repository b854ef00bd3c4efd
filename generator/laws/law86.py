"""Law 86A: artificial adjusted scores in IMP (team) play, and one helper for both forms.

In a team match an artificial score cannot be a percentage, so Law 86A converts the pairs awards
of Law 12C1 into IMPs: the side in no way at fault gets +3 IMPs on the board, a side partly at
fault 0, a side directly at fault -3.

Confidence: the +3 for the non-offending side is attested in the 1987 text (seed 003, Law 86A);
the -3 for a side directly at fault is *reconstructed* by symmetry and from later codes
(``laws1987_spec.md`` §3, marked [M]), and 0 for a side partly at fault follows from average
being 50%. If a 1987 source ever shows otherwise, change :data:`TEAMS_IMPS`.

:func:`artificial` returns an :class:`ArtificialScore` for either form of contest, so that a
ruling can carry the value together with the laws it rests on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from generator.laws.law12 import LAW12C1, Responsibility, artificial_score_pairs
from generator.laws.law77 import ScoringError
from generator.laws.refs import DEFAULT_EDITION, LawRef
from generator.model.seat import Side

LAW86A = LawRef(86, "A")
"""Average-plus and its counterparts expressed in IMPs."""

Kind = Literal["average_plus", "average", "average_minus"]
Form = Literal["pairs", "teams"]

KIND_OF: dict[Responsibility, Kind] = {
    Responsibility.NONE: "average_plus",
    Responsibility.PARTLY: "average",
    Responsibility.DIRECTLY: "average_minus",
}
"""The usual name of the award each degree of responsibility earns."""

RESPONSIBILITY_OF: dict[str, Responsibility] = {kind: resp for resp, kind in KIND_OF.items()}

TEAMS_IMPS: dict[str, dict[Responsibility, int]] = {
    "1987": {
        Responsibility.NONE: 3,  # attested for 1987 [H]
        Responsibility.PARTLY: 0,
        Responsibility.DIRECTLY: -3,  # reconstructed [M]
    },
}
"""Artificial awards in IMP play, keyed by edition (Law 86A)."""


def artificial_score_imps(responsibility: Responsibility, edition: str = DEFAULT_EDITION) -> int:
    """The artificial score of a side in IMP play (Law 86A): +3, 0 or -3 IMPs.

    +3 for a side in no way at fault is attested for 1987; -3 for a side directly at fault is
    reconstructed (see the module docstring).
    """
    try:
        table = TEAMS_IMPS[edition]
    except KeyError:
        known = ", ".join(sorted(TEAMS_IMPS))
        raise ScoringError(
            f"no artificial IMP scores for edition {edition!r} (known: {known})"
        ) from None
    return table[responsibility]


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score for one side, with the laws it rests on.

    Only the field of the chosen form is filled: ``pairs_percent`` for pairs, ``imps`` for
    teams. Keeping both fields (rather than one number) makes it impossible to read a
    percentage as IMPs by mistake.
    """

    kind: Kind
    form: Form
    pairs_percent: float | None
    imps: int | None
    laws: tuple[LawRef, ...]

    @property
    def value(self) -> float | int:
        """The number to score: the percentage (pairs) or the IMPs (teams)."""
        if self.form == "pairs":
            assert self.pairs_percent is not None
            return self.pairs_percent
        assert self.imps is not None
        return self.imps

    def __str__(self) -> str:
        label = self.kind.replace("_", "-")
        if self.form == "pairs":
            return f"{label} ({self.pairs_percent:g}%)"
        return f"{label} ({self.imps:+d} IMPs)"


def artificial(
    kind_or_responsibility: Kind | Responsibility,
    form: Form,
    edition: str = DEFAULT_EDITION,
) -> ArtificialScore:
    """The artificial score for a side, named either by award or by its share of the blame.

    Pairs cite Law 12C1 only; teams cite 12C1 (which defines the awards) and 86A (which turns
    them into IMPs).
    """
    if isinstance(kind_or_responsibility, Responsibility):
        responsibility = kind_or_responsibility
    else:
        try:
            responsibility = RESPONSIBILITY_OF[kind_or_responsibility]
        except KeyError:
            raise ScoringError(
                f"unknown artificial score {kind_or_responsibility!r} "
                "(expected average_plus, average or average_minus)"
            ) from None
    kind = KIND_OF[responsibility]
    if form == "pairs":
        percent = artificial_score_pairs(responsibility, edition)
        return ArtificialScore(kind, form, percent, None, (LAW12C1,))
    if form == "teams":
        imp_award = artificial_score_imps(responsibility, edition)
        return ArtificialScore(kind, form, None, imp_award, (LAW12C1, LAW86A))
    raise ScoringError(f"unknown form of contest {form!r} (expected pairs or teams)")


#: How a traveller writes an artificial score for North-South, and the award of each side it
#: stands for: the usual case of one column, where one pair alone is to blame (``A+`` for
#: North-South, so ``A-`` for East-West) or both pairs partly (``A`` for each). Law 12C1 lets
#: both pairs be in no way at fault (60% each); one column cannot say that, a ruling can.
ARTIFICIAL_CODES: dict[str, tuple[Responsibility, Responsibility]] = {
    "A+": (Responsibility.NONE, Responsibility.DIRECTLY),
    "A": (Responsibility.PARTLY, Responsibility.PARTLY),
    "A-": (Responsibility.DIRECTLY, Responsibility.NONE),
}


def artificial_code(text: str) -> str | None:
    """``A+``, ``A`` or ``A-`` as a traveller may write it (any case, a typographic minus,
    spaces around), or ``None`` when ``text`` is not an artificial score."""
    cleaned = text.strip().upper().replace("\u2212", "-").replace("\u2013", "-").replace(" ", "")
    return cleaned if cleaned in ARTIFICIAL_CODES else None


def artificial_pairs_percent(code: str, side: str, edition: str = DEFAULT_EDITION) -> float:
    """The percentage of the top that the artificial score ``code`` (as written for
    North-South) gives ``side`` (``"NS"`` or ``"EW"``) in a pairs event (Law 12C1)."""
    ns, ew = ARTIFICIAL_CODES[code]
    return artificial_score_pairs(ns if Side.parse(side) is Side.NS else ew, edition)


__all__ = [
    "ARTIFICIAL_CODES",
    "KIND_OF",
    "LAW86A",
    "RESPONSIBILITY_OF",
    "TEAMS_IMPS",
    "ArtificialScore",
    "Form",
    "Kind",
    "artificial",
    "artificial_code",
    "artificial_for_sides",
    "artificial_pairs_percent",
    "artificial_score_imps",
]


def artificial_for_sides(offenders: str, edition: str = DEFAULT_EDITION) -> dict[str, Any]:
    """Fields of an ``adjusted_score`` rectification when one side is directly at fault and the
    other in no way at fault: percentages for pairs (12C1) and IMPs for teams (86A), by side."""
    others = str(Side.parse(offenders).opponents)
    return {
        "adjustment": "artificial",
        "pairs": {offenders: artificial_score_pairs(Responsibility.DIRECTLY, edition),
                  others: artificial_score_pairs(Responsibility.NONE, edition)},
        "teams": {offenders: artificial_score_imps(Responsibility.DIRECTLY, edition),
                  others: artificial_score_imps(Responsibility.NONE, edition)},
    }
