"""Artificial adjusted scores in IMP (team) play (1987 Law 86A, 2017 12C2(b)), and one helper for
both forms.

In a team match an artificial score cannot be a percentage, so Law 86A converts the pairs awards
of Law 12C1 into IMPs: the side in no way at fault gets +3 IMPs on the board, a side partly at
fault 0, a side directly at fault -3.

Confidence: the +3 for the non-offending side is attested in the 1987 text (seed 003, Law 86A);
the -3 for a side directly at fault is *reconstructed* by symmetry and from later codes
(``laws1987_spec.md`` §3, marked [M]), and 0 for a side partly at fault follows from average
being 50%. If a 1987 source ever shows otherwise, change :data:`TEAMS_IMPS`.

:func:`artificial` returns an :class:`ArtificialScore` for either form of contest, so that a
ruling can carry the value together with the laws it rests on.

2017
----
``laws2017_spec.md`` §3.2, §10, §15.5: the values stay (+3 / 0 / -3 IMPs, 60 / 50 / 40 %), the
letters move. The pairs percentages are 12C2(a), the IMP awards 12C2(b) (no longer 86A: in 2017
86A is about averaging in knockout play, and the 2017 index holds no 86A). 12C2(b) lets the
tournament organiser vary the IMP award with the regulating authority's approval (78D, 86B3;
seen in the ACBL summary of the 2017 changes with the search tool):
:data:`IMP_AWARD_2017` is that module switch. The citations of each edition are in
:data:`LAWS`, so a ruling under 2017 never cites 86A. Law 86B1 (2017: an adjusted score in teams
when the other table's result is clearly favourable to one side) is judgement and is not scored
here: :func:`other_table_flags` is the flag a case of a team match (one that gives the other
table's score, ``other_table``) carries when the director awards an artificial score, so that
he weighs the other table's result before the +3/-3 stands (the spec's 86B1 [H], checked with the
search tool against a 2017 text: when it is clearly favourable to one side an *assigned* score
is awarded, 12C1(c)). :data:`FLAG_OTHER_TABLE_2017` switches it off. No 1987 counterpart is
flagged: the 1987 text of Law 86 beyond 86A was not seen (``laws1987_spec.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from generator.laws.law12 import (
    LAW12C1,
    LAW12C2A,
    LAW12C2B,
    Responsibility,
    artificial_score_pairs,
)
from generator.laws.law77 import ScoringError
from generator.laws.refs import DEFAULT_EDITION, LawRef
from generator.model.seat import Side

EDITIONS = ("1987", "2017")
"""The editions whose artificial IMP scores this module gives (the coverage table reads it)."""

LAW86A = LawRef(86, "A")
"""1987: average-plus and its counterparts expressed in IMPs (not cited under 2017)."""

IMP_AWARD_2017 = 3
"""2017 12C2(b): IMPs of average-plus (and, negated, average-minus); a tournament organiser may
vary it with the regulating authority's approval, which is why it is a switch."""

FLAG_OTHER_TABLE_2017 = True
"""2017 86B1: flag an artificial score in a team match for the director's check of the other
table's result (see :func:`other_table_flags`)."""

LAW86B1 = LawRef(86, "B1")
"""2017: an adjusted score in teams when the result at the other table is known."""


def other_table_flags(edition: str = DEFAULT_EDITION) -> list[dict[str, str]]:
    """The flags an artificial adjusted score carries in a team match whose other table has a
    result: under 2017 one, 86B1 (judgement: if that result is clearly favourable to one side,
    the director assigns a score, 12C1(c), instead of +3/-3); none under 1987."""
    if edition == "2017" and FLAG_OTHER_TABLE_2017:
        return [{"reason": "other_table_clearly_favourable", "law": str(LAW86B1)}]
    return []


LAWS: dict[str, dict[str, tuple[LawRef, ...]]] = {
    "1987": {"pairs": (LAW12C1,), "teams": (LAW12C1, LAW86A)},
    "2017": {"pairs": (LAW12C2A,), "teams": (LAW12C2A, LAW12C2B)},
}
"""What an artificial score cites, by edition and form of contest."""

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
    "2017": {
        Responsibility.NONE: IMP_AWARD_2017,  # 12C2(b) [H ACBL summary]
        Responsibility.PARTLY: 0,
        Responsibility.DIRECTLY: -IMP_AWARD_2017,  # 12C2(b)
    },
}
"""Artificial awards in IMP play, keyed by edition (1987 86A, 2017 12C2(b))."""


def artificial_score_imps(responsibility: Responsibility, edition: str = DEFAULT_EDITION) -> int:
    """The artificial score of a side in IMP play: +3, 0 or -3 IMPs (1987 86A, 2017 12C2(b)).

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

    1987: pairs cite 12C1 only; teams cite 12C1 (which defines the awards) and 86A (which
    turns them into IMPs). 2017: 12C2(a) and, for teams, 12C2(b) (:data:`LAWS`).
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
        return ArtificialScore(kind, form, percent, None, _laws(edition, "pairs"))
    if form == "teams":
        imp_award = artificial_score_imps(responsibility, edition)
        return ArtificialScore(kind, form, None, imp_award, _laws(edition, "teams"))
    raise ScoringError(f"unknown form of contest {form!r} (expected pairs or teams)")


def _laws(edition: str, form: str) -> tuple[LawRef, ...]:
    try:
        return LAWS[edition][form]
    except KeyError:
        raise ScoringError(f"no artificial scores for edition {edition!r}") from None


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
    North-South) gives ``side`` (``"NS"`` or ``"EW"``) in a pairs event (1987 12C1, 2017
    12C2(a))."""
    ns, ew = ARTIFICIAL_CODES[code]
    return artificial_score_pairs(ns if Side.parse(side) is Side.NS else ew, edition)


__all__ = [
    "ARTIFICIAL_CODES",
    "AWARD_WORDS",
    "EDITIONS",
    "FLAG_OTHER_TABLE_2017",
    "IMP_AWARD_2017",
    "KIND_OF",
    "LAW86A",
    "LAW86B1",
    "LAWS",
    "RESPONSIBILITY_OF",
    "TEAMS_IMPS",
    "ArtificialScore",
    "Form",
    "Kind",
    "artificial",
    "artificial_awards",
    "artificial_code",
    "artificial_for_sides",
    "artificial_pairs_percent",
    "artificial_score_imps",
    "other_table_flags",
]


def artificial_for_sides(offenders: str, edition: str = DEFAULT_EDITION) -> dict[str, Any]:
    """Fields of an ``adjusted_score`` rectification when one side is directly at fault and the
    other in no way at fault: percentages for pairs and IMPs for teams, by side (1987 12C1 and
    86A; 2017 12C2(a) and 12C2(b))."""
    others = str(Side.parse(offenders).opponents)
    return {
        "adjustment": "artificial",
        "pairs": {offenders: artificial_score_pairs(Responsibility.DIRECTLY, edition),
                  others: artificial_score_pairs(Responsibility.NONE, edition)},
        "teams": {offenders: artificial_score_imps(Responsibility.DIRECTLY, edition),
                  others: artificial_score_imps(Responsibility.NONE, edition)},
    }


#: How a director's ``adjust artificial`` event names each award (case format, spec §11.2).
AWARD_WORDS: dict[str, Kind] = {"avg+": "average_plus", "avg": "average", "avg-": "average_minus"}


def artificial_awards(awards: dict[str, str], edition: str = DEFAULT_EDITION) -> dict[str, Any]:
    """Fields of an ``adjusted_score`` rectification from a director's awards by pair
    (``{"NS": "avg+", "EW": "avg-"}``): percentages for pairs and IMPs for teams, and the laws
    of the edition (1987 12C1, 86A; 2017 12C2(a), 12C2(b)). The two awards are independent: both
    pairs may get average-plus (neither at fault), which one traveller code cannot say."""
    pairs: dict[str, float] = {}
    teams: dict[str, int] = {}
    for side in ("NS", "EW"):
        word = awards.get(side)
        if word not in AWARD_WORDS:
            raise ScoringError(f"an artificial score for {side} is avg+, avg or avg-, not {word!r}")
        kind = AWARD_WORDS[word]
        pairs[side] = artificial(kind, "pairs", edition).value
        teams[side] = int(artificial(kind, "teams", edition).value)
    return {"adjustment": "artificial", "laws": [str(ref) for ref in _laws(edition, "teams")],
            "pairs": pairs, "teams": teams}

