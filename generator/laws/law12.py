"""Law 12C: adjusted scores, artificial (percentages of the top) and assigned (a bridge result).

When no result can be obtained on a board (it was fouled, not played in time, an irregularity
stopped the play), the Director awards an *artificial* score that depends only on each side's
share of the blame: in no way at fault, partly at fault, directly at fault. The two sides' awards
are independent and need not add up to 100%.

The law gives 60% as a floor for a side in no way at fault and 40% as a ceiling for a side
directly at fault; the standard awards (average-plus, average, average-minus) are exactly these
figures, which is what :func:`artificial_score_pairs` returns. A sponsoring organisation's own
regulation (for example giving a side its session percentage when that is higher) is outside the
1987 law and outside this module.

The IMP equivalents (Law 86A in 1987, 12C2(b) in 2017) live in :mod:`generator.laws.law86`.

1987
----
The artificial score is 12C1 and the assigned score 12C2: a non-offending side gets the most
favourable result that was *likely* had the irregularity not occurred, an offending side the most
unfavourable result that was *at all probable*; the two need not balance. :func:`assigned_1987`
applies that to the results a director lists: each side gets the best (non-offenders) or worst
(offenders) of them for itself. The engine cannot tell "likely" from "at all probable" (that is
judgement), so the director's list is read as the results that pass the test for both sides.

2017
----
``laws2017_spec.md`` §3.2. The letters move: 12C1 is now the *assigned* score, preferred whenever
the director can estimate a result (12C1(a)); it aims at the *probable* outcome (12C1(b)) and may
be *weighted* over several outcomes that a legal auction and play could reach (12C1(c)); the
artificial score becomes 12C2, with the same 60/50/40% (12C2(a)) and, at IMPs, +3/0/-3 (12C2(b),
no longer 86A). :func:`weighted_score` is the weighted average of the outcomes' scores (a total
points figure); :func:`weighted_matchpoints` and :func:`weighted_imps` score each outcome first and
then weight the matchpoints or IMPs, as the spec's ``assigned_weighted`` sketch does (a weighted
average of scores is not a score any table can get, and IMPs are not linear in the score).

Readings taken where the spec is [M]
-------------------------------------
* :data:`ASSIGNED_STANDARD_2017` = ``"probable_weighted"``: the spec could not verify whether 2017
  lets a regulating authority keep the old standard (12C1 RA option); the alternative value
  ``"likely_at_all_probable"`` makes :func:`assigned` apply :func:`assigned_1987` under 2017 too.
* 12C1(e) (a non-offender's serious error or gambling action): the split is judgement; a
  director's ``adjust`` naming it is cited as 12C1e, the numbers are the director's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING

from generator.laws.law77 import ScoringError
from generator.laws.refs import DEFAULT_EDITION, LawRef

if TYPE_CHECKING:
    from generator.laws.ruling import Rectification, Ruling
    from generator.model.board import Vulnerability
    from generator.table.events import Judgement

EDITIONS = ("1987", "2017")
"""The editions whose Law 12C this module scores (the coverage table reads it)."""

LAW12C1 = LawRef(12, "C1")
"""1987: artificial adjusted score. 2017: assigned adjusted score."""
LAW12C2_1987 = LawRef(12, "C2")
"""1987: assigned adjusted score (most favourable likely / most unfavourable at all probable)."""
LAW12C1B = LawRef(12, "C1b")
"""2017: the assigned score aims at the probable outcome without the infraction."""
LAW12C1C = LawRef(12, "C1c")
"""2017: the assigned score may be weighted over several outcomes."""
LAW12C2A = LawRef(12, "C2a")
"""2017: average-plus, average, average-minus by responsibility."""
LAW12C2B = LawRef(12, "C2b")
"""2017: the artificial score at IMPs (+3 / 0 / -3)."""

ASSIGNED_STANDARD_2017 = "probable_weighted"
"""How 2017 assigns a score (see the module docstring): ``"probable_weighted"`` (12C1(b)-(c)) or
``"likely_at_all_probable"`` (the 1987 standard, if a regulating authority kept it) [M]."""


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
    "2017": {
        Responsibility.NONE: 60.0,  # 12C2(a) average-plus, at least 60% (2017 spec §3.2)
        Responsibility.PARTLY: 50.0,  # 12C2(a) average
        Responsibility.DIRECTLY: 40.0,  # 12C2(a) average-minus, at most 40%
    },
}
"""Standard artificial awards in pairs play, percent of the top, keyed by edition."""

PAIRS_LAW: dict[str, LawRef] = {"1987": LAW12C1, "2017": LAW12C2A}
"""Where each edition puts the pairs percentages."""

ASSIGNED_LAW: dict[str, LawRef] = {"1987": LAW12C2_1987, "2017": LAW12C1B}
"""Where each edition puts the assigned adjusted score."""


def artificial_score_pairs(responsibility: Responsibility, edition: str = DEFAULT_EDITION) -> float:
    """The standard artificial score of a side in pairs play, as a percentage of the top.

    60 to a side in no way at fault, 50 to a side partly at fault, 40 to a side directly at
    fault (1987 12C1, 2017 12C2(a)). Multiply by the board's top to get matchpoints.
    """
    try:
        table = PAIRS_PERCENT[edition]
    except KeyError:
        known = ", ".join(sorted(PAIRS_PERCENT))
        raise ScoringError(
            f"no artificial pairs scores for edition {edition!r} (known: {known})"
        ) from None
    return table[responsibility]


# --- assigned adjusted scores --------------------------------------------------------------------

_RESULT_RE = re.compile(
    r"^(?P<contract>[1-7](?:C|D|H|S|NT)X{0,2})(?P<result>=|[+-](?:1[0-3]|[1-9]))\s+"
    r"(?P<side>NS|EW)(?P<score>[+-]\d{1,5}|0)$", re.IGNORECASE)


@dataclass(frozen=True)
class Outcome:
    """One result a director lists in an assigned score (``"4H= NS+620"``) with its weight.

    ``ns_score`` is North-South's score (the text may give East-West's; it is turned round);
    ``weight`` is an exact fraction (``0.4`` is 2/5) so that sums are exact and the output is
    the same on every machine.
    """

    text: str
    ns_score: int
    weight: Fraction

    @property
    def ew_score(self) -> int:
        return -self.ns_score

    def to_dict(self) -> dict[str, object]:
        return {"result": self.text, "weight": float(self.weight), "NS": self.ns_score,
                "EW": self.ew_score}


def parse_outcome(text: str, weight: str | None = None) -> Outcome:
    """``"4H= NS+620"`` or ``"4HX-1 NS-200"`` (contract, ``=``/``+n``/``-n``, a pair and its
    score), checked: the score must be one Law 77 gives that contract with that many tricks,
    declared by either side, vulnerable or not."""
    from generator.laws import law77
    from generator.model.contract import Contract

    cleaned = " ".join(str(text).replace("\u2212", "-").split())
    match = _RESULT_RE.match(cleaned)
    if not match:
        raise ScoringError(f"not a result with its score: {text!r} (like \"4H= NS+620\" or "
                           "\"4HX-1 NS-200\")")
    contract = Contract.parse(match["contract"].upper())
    over = 0 if match["result"] == "=" else int(match["result"])
    tricks = contract.tricks_needed + over
    if not 0 <= tricks <= law77.MAX_TRICKS:
        raise ScoringError(f"impossible result {text!r}: {tricks} tricks")
    side = match["side"].upper()
    score = int(match["score"])
    declarer_scores = {law77.duplicate_score(contract, vul, tricks) for vul in (False, True)}
    if score not in declarer_scores | {-s for s in declarer_scores}:  # either side declared
        raise ScoringError(f"{text!r}: {contract} with {tricks} tricks scores "
                           f"{' or '.join(f'{s:+d}' for s in sorted(declarer_scores))} to "
                           "the declaring side (Law 77), not that")
    ns = score if side == "NS" else -score
    parsed_weight = Fraction(1) if weight is None else _weight(weight)
    return Outcome(cleaned, ns, parsed_weight)


def check_vulnerability(judgement: Judgement, vulnerability: Vulnerability) -> None:
    """Each result of a ``director adjust assigned`` scores as Law 77 gives it on this board:
    declared by North-South at their vulnerability or by East-West at theirs (:func:`
    parse_outcome`, which reads the event before the board is known, allows either)."""
    from generator.laws import law77
    from generator.model.contract import Contract
    from generator.model.seat import Side

    for text, _ in judgement.results:
        outcome = parse_outcome(text)
        match = _RESULT_RE.match(outcome.text)
        assert match is not None
        contract = Contract.parse(match["contract"].upper())
        over = 0 if match["result"] == "=" else int(match["result"])
        tricks = contract.tricks_needed + over
        possible = {law77.duplicate_score(contract, vulnerability.is_vulnerable(Side.NS), tricks),
                    -law77.duplicate_score(contract, vulnerability.is_vulnerable(Side.EW), tricks)}
        if outcome.ns_score not in possible:
            shown = " or ".join(f"NS{s:+d}" for s in sorted(possible, reverse=True))
            raise ScoringError(f"{text!r}: on this board ({vulnerability} vulnerable) "
                               f"{contract} with {tricks} tricks scores {shown} (Law 77)")


def _weight(text: str) -> Fraction:
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise ScoringError(f"a weight is a number from 0 to 1 (like 0.4 or 2/5), not {text!r}")\
            from None
    if not 0 < value <= 1:
        raise ScoringError(f"a weight must be above 0 and at most 1, not {text!r}")
    return value


def check_weights(outcomes: Sequence[Outcome]) -> None:
    """12C1(c): the weights of an assigned score sum to exactly 1."""
    if not outcomes:
        raise ScoringError("an assigned score needs at least one result")
    total = sum((o.weight for o in outcomes), Fraction(0))
    if total != 1:
        raise ScoringError(f"the weights of an assigned score sum to {float(total):g}, not 1")


def weighted_score(outcomes: Sequence[Outcome]) -> Fraction:
    """12C1(c): North-South's weighted score, the weighted average of the outcomes' scores
    (exact). ``0.4 x 620 + 0.6 x -200`` is ``128``: a total-points figure, not a table result."""
    check_weights(outcomes)
    return sum((o.weight * o.ns_score for o in outcomes), Fraction(0))


def weighted_imps(outcomes: Sequence[Outcome], other_table_ns: int,
                  edition: str = "2017") -> Fraction:
    """12C1(c) at IMPs: each outcome is compared with the other table's North-South score and
    turned into IMPs (78B), and the IMPs are weighted (exact; round as the regulations say)."""
    from generator.laws.law78 import imps

    check_weights(outcomes)
    return sum((o.weight * imps(o.ns_score - other_table_ns, edition) for o in outcomes),
               Fraction(0))


def weighted_matchpoints(outcomes: Sequence[Outcome], field_ns: Sequence[int]) -> Fraction:
    """12C1(c) at matchpoints: each outcome is matchpointed against the other North-South
    scores on the board (78A: 2 per score beaten, 1 per tie), and the matchpoints are weighted.
    The top is ``2 * len(field_ns)``."""
    check_weights(outcomes)
    total = Fraction(0)
    for outcome in outcomes:
        points = sum(2 if outcome.ns_score > other else 1 if outcome.ns_score == other else 0
                     for other in field_ns)
        total += outcome.weight * points
    return total


def assigned_1987(outcomes: Sequence[Outcome], offenders: str) -> dict[str, int]:
    """1987 12C2: the non-offenders get the most favourable of the results, the offenders the
    most unfavourable; each side's score from its own point of view (they need not balance)."""
    if not outcomes:
        raise ScoringError("an assigned score needs at least one result")
    if offenders not in ("NS", "EW"):
        raise ScoringError(f"the offending side is NS or EW, not {offenders!r}")
    scores = [o.ns_score for o in outcomes]
    if offenders == "NS":
        return {"NS": min(scores), "EW": -min(scores)}
    return {"NS": max(scores), "EW": -max(scores)}


def assigned(outcomes: Sequence[Outcome], edition: str, offenders: str | None = None,
             standard: str | None = None) -> dict[str, object]:
    """The fields of an ``adjusted_score`` rectification with ``adjustment: assigned``.

    2017 (``probable_weighted``): ``weights`` (each outcome with its weight and scores) and
    ``score`` (the weighted North-South and East-West scores, as numbers with at most two
    decimals), citing 12C1b and, with more than one outcome, 12C1c. 1987 (or the alternative
    2017 standard): ``score`` per side by :func:`assigned_1987`, citing 12C2 (1987); the offending
    side must then be known.
    """
    rule = standard or (ASSIGNED_STANDARD_2017 if edition == "2017" else "likely_at_all_probable")
    if rule not in ("probable_weighted", "likely_at_all_probable"):
        raise ScoringError(f"unknown assigned-score standard {rule!r}")
    if rule == "probable_weighted":
        if edition != "2017":
            raise ScoringError("weighted assigned scores are a 2017 rule (12C1c)")
        ns = weighted_score(outcomes)
        laws = [str(LAW12C1B)] + ([str(LAW12C1C)] if len(outcomes) > 1 else [])
        return {"adjustment": "assigned", "laws": laws,
                "weights": [o.to_dict() for o in outcomes],
                "score": {"NS": _number(ns), "EW": _number(-ns)}}
    if offenders is None:
        raise ScoringError("the 1987 assigned score needs the offending side (12C2)")
    law = ASSIGNED_LAW[edition] if edition == "1987" else LAW12C1B
    return {"adjustment": "assigned", "laws": [str(law)],
            "results": [o.text for o in outcomes], "score": assigned_1987(outcomes, offenders)}


def adjustment(judgement: Judgement, edition: str,
               offenders: str | None = None) -> dict[str, object]:
    """The ``adjusted_score`` rectification a ``director adjust ...`` event stands for under
    ``edition``, as plain data: ``kind``, ``law`` (the first clause cited) and the fields of
    :func:`assigned` or :func:`generator.laws.law86.artificial_awards`. ``offenders`` is the
    offending side, needed by the 1987 assigned score (12C2) only."""
    from generator.laws import law86

    if judgement.verdict != "adjust":
        raise ScoringError(f"not an adjusted score: {judgement}")
    if judgement.adjustment == "artificial":
        fields = law86.artificial_awards(dict(judgement.awards), edition)
    else:
        outcomes = [parse_outcome(text, weight) for text, weight in judgement.results]
        fields = assigned(outcomes, edition, offenders)
    laws = fields["laws"]
    assert isinstance(laws, list)
    return {"kind": "adjusted_score", "law": laws[0], **fields}


def apply_adjustment(ruling: Ruling, judgement: Judgement) -> Rectification:
    """Put a ``director adjust ...`` event into ``ruling`` (its edition's clauses cited, the
    ``adjusted_score`` rectification added) and return the rectification.

    This is the one call the ruler needs when such an event reaches a rule (see the report of
    this change: ``LawRuler.judged`` would hand an ``adjust`` verdict to the latest rule and call
    this). The 1987 assigned score takes the offending side from the ruling's offender."""
    offenders = str(ruling.offender.side) if ruling.offender is not None else None
    fields = adjustment(judgement, ruling.edition, offenders)
    laws = fields.pop("laws")
    assert isinstance(laws, list)
    ruling.cite(*laws)
    fields.pop("kind")
    law = fields.pop("law")
    assert isinstance(law, str)
    return ruling.add("adjusted_score", law, **fields)


def _number(value: Fraction) -> int | float:
    """An exact score as JSON shows it: whole when whole, else rounded to two decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


__all__ = [
    "ASSIGNED_LAW",
    "ASSIGNED_STANDARD_2017",
    "EDITIONS",
    "LAW12C1",
    "LAW12C1B",
    "LAW12C1C",
    "LAW12C2A",
    "LAW12C2B",
    "LAW12C2_1987",
    "PAIRS_LAW",
    "PAIRS_PERCENT",
    "Outcome",
    "Responsibility",
    "adjustment",
    "apply_adjustment",
    "artificial_score_pairs",
    "assigned",
    "assigned_1987",
    "check_weights",
    "parse_outcome",
    "weighted_imps",
    "weighted_matchpoints",
    "weighted_score",
]
