"""Law 77: the duplicate scoring table, as data per edition, and the score of a result.

Law 77 is one table with no lettered clauses, so every value cites ``LawRef(77)``. The numbers
live in a frozen :class:`ScoringTable`, one per edition in :data:`TABLES`; the arithmetic lives in
small functions, one per part of the score (trick score, game or part-score bonus, slam bonus,
overtricks, the bonus for making a doubled or redoubled contract, undertricks), so that a course
page, a test or a later edition can point at exactly the part that differs.

Two 1987 values are uncertain
-----------------------------
No English copy of the 1987 code was available when the specification was written
(``laws1987_spec.md`` §7.1 marks these two cells [M]). Two changes to the table are known from the
1980s-90s: the bonus for making a *redoubled* contract went from 50 to 100, and each
non-vulnerable doubled undertrick from the fourth on went from 200 to 300 (making cheap
non-vulnerable sacrifices dearer). Secondary sources disagree on the year; the later date they
give (1993) is that of the rubber-bridge code. We follow the specification's reading and put both
changes in the 1987 duplicate code:

* ``redouble_insult = 100`` (the older value is 50);
* ``nv_doubled_fourth_plus = 300`` (the older value is 200).

Why this reading: the 1993 date attaches to the rubber-bridge laws, not to the duplicate code,
and the spec's authors judged that the duplicate table had already changed in 1987. A side effect
is that the 1987 table then equals the modern one, so the tests can check the whole grid against
an independent modern scorer. Because the choice could be wrong, both cells are ordinary fields:
``table_for("1987", **ALTERNATIVE_1987)`` (that is ``redouble_insult=50,
nv_doubled_fourth_plus=200``) gives the older reading, and everything downstream (IMPs, quizzes)
can be recomputed with it; the tests pin down exactly which cells that changes.

2017
----
The 2017 code (``laws2017_spec.md`` §9.1, §14, §15.14) keeps the table: :data:`TABLES` holds a
``"2017"`` table of its own, built value by value with its own citations, so that a later change to
either edition cannot leak into the other. Its two cells that were uncertain for 1987 are settled
for 2017 (the spec's first diff read them in the Greek, French and Italian 2017 texts, which is
still [M] in the spec): ``redouble_insult = 100`` and ``nv_doubled_fourth_plus = 300``. Checked
again with the search tool: the 2007 English Law 77 (pzbs.pl 2007 pages) has exactly these values,
100 for making a redoubled contract and an extra 100 doubled (200 redoubled) not vulnerable for the
fourth and each later undertrick; no source lists a 2017 change to Law 77. So the
two tables are equal cell for cell under the 1987 reading this module takes; with
:data:`ALTERNATIVE_1987` they differ in exactly the cells those two values reach (redoubled
contracts made; non-vulnerable doubled or redoubled contracts four or more down). The tests check
the whole 2017 grid against endplay's scorer and pin the differences of the alternative reading.

Conventions
-----------
Scores are from the declaring side's point of view: positive when the contract is made, negative
when it fails (the defenders then score the same number with the opposite sign).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.errors import TdcourseError
from generator.laws.refs import DEFAULT_EDITION, LawRef
from generator.model.board import Vulnerability
from generator.model.contract import Contract, Doubling, Result
from generator.model.seat import Side
from generator.model.strain import Strain

EDITIONS = ("1987", "2017")
"""The editions whose Law 77 this module scores (the coverage table reads it)."""

LAW77 = LawRef(77)
"""The citation of every value of the table: Law 77 has no lettered clauses."""

MAX_TRICKS = 13


class ScoringError(TdcourseError, ValueError):
    """A scoring request that makes no sense (unknown edition, 14 tricks, an unknown value)."""


@dataclass(frozen=True)
class ScoringTable:
    """Every number of the Law 77 duplicate table for one edition.

    Field names say what a value is; ``_nv`` / ``_v`` mean not vulnerable / vulnerable. The
    undoubled overtrick has no field of its own because the law scores it at the trick value of
    the strain (a notrump overtrick at the later-trick value), so it cannot drift from those.
    ``citations`` holds one ``(field name, LawRef)`` pair per value; it is a tuple rather than a
    dict so that the table stays hashable and can be a cache key.
    """

    edition: str
    # Trick score per odd trick bid and made, undoubled.
    trick_clubs: int
    trick_diamonds: int
    trick_hearts: int
    trick_spades: int
    trick_nt_first: int
    trick_nt_later: int
    # Doubling multiplies the trick score of the contract (and nothing else in this row).
    doubled_trick_multiplier: int
    redoubled_trick_multiplier: int
    # Game: the trick score of the contract alone reaches the line on one deal.
    game_line: int
    game_bonus_nv: int
    game_bonus_v: int
    part_score_bonus: int
    small_slam_nv: int
    small_slam_v: int
    grand_slam_nv: int
    grand_slam_v: int
    # Overtricks of a doubled or redoubled contract, each.
    overtrick_doubled_nv: int
    overtrick_doubled_v: int
    overtrick_redoubled_nv: int
    overtrick_redoubled_v: int
    # Bonus for making a doubled / redoubled contract (the "insult").
    double_insult: int
    redouble_insult: int
    # Undertricks, each, undoubled.
    undertrick_nv: int
    undertrick_v: int
    # Doubled undertricks: non-vulnerable schedule 1st / 2nd and 3rd / 4th and later ...
    nv_doubled_first: int
    nv_doubled_second_third: int
    nv_doubled_fourth_plus: int
    # ... and vulnerable schedule 1st / each later one.
    v_doubled_first: int
    v_doubled_later: int
    # Redoubled undertricks are the doubled ones times this.
    redoubled_undertrick_multiplier: int
    citations: tuple[tuple[str, LawRef], ...]

    def __post_init__(self) -> None:
        # Every value must carry a law reference, and no reference may name a missing value:
        # the architecture requires that each edition-dependent number cites its source.
        names = {name for name, _ in self.values()}
        cited = {name for name, _ in self.citations}
        if cited != names:
            missing = sorted(names - cited)
            extra = sorted(cited - names)
            raise ScoringError(
                f"scoring table {self.edition}: citations missing for {missing}, unknown {extra}"
            )
        for name, value in self.values():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ScoringError(f"scoring table {self.edition}: {name} = {value!r}")

    def values(self) -> Iterator[tuple[str, int]]:
        """Every numeric value as ``(field name, value)``, in declaration order."""
        for field in dataclasses.fields(self):
            if field.name not in ("edition", "citations"):
                yield field.name, getattr(self, field.name)

    def citation(self, name: str) -> LawRef:
        """The law reference of one value, by field name."""
        for cited, ref in self.citations:
            if cited == name:
                return ref
        raise ScoringError(f"scoring table {self.edition} has no value named {name!r}")

    def items(self) -> Iterator[tuple[str, int, LawRef]]:
        """Every value with its citation: ``(field name, value, LawRef)``, for pages and tests."""
        for name, value in self.values():
            yield name, value, self.citation(name)

    def trick_value(self, strain: Strain, first: bool) -> int:
        """Undoubled value of one odd trick in ``strain``; ``first`` matters only for notrump."""
        if strain is Strain.NT:
            return self.trick_nt_first if first else self.trick_nt_later
        return {
            Strain.C: self.trick_clubs,
            Strain.D: self.trick_diamonds,
            Strain.H: self.trick_hearts,
            Strain.S: self.trick_spades,
        }[strain]

    def multiplier(self, doubling: Doubling) -> int:
        """How many times the undoubled trick score a contract's odd tricks are worth."""
        return {
            Doubling.NONE: 1,
            Doubling.DOUBLED: self.doubled_trick_multiplier,
            Doubling.REDOUBLED: self.redoubled_trick_multiplier,
        }[doubling]


_VALUE_NAMES: tuple[str, ...] = tuple(
    field.name
    for field in dataclasses.fields(ScoringTable)
    if field.name not in ("edition", "citations")
)


def cite_all(ref: LawRef = LAW77) -> tuple[tuple[str, LawRef], ...]:
    """One citation per value, all the same: Law 77 has no clauses to tell the values apart."""
    return tuple((name, ref) for name in _VALUE_NAMES)


_TABLE_1987 = ScoringTable(
    edition="1987",
    citations=cite_all(LAW77),
    trick_clubs=20,
    trick_diamonds=20,
    trick_hearts=30,
    trick_spades=30,
    trick_nt_first=40,
    trick_nt_later=30,
    doubled_trick_multiplier=2,
    redoubled_trick_multiplier=4,
    game_line=100,
    game_bonus_nv=300,
    game_bonus_v=500,
    part_score_bonus=50,
    small_slam_nv=500,
    small_slam_v=750,
    grand_slam_nv=1000,
    grand_slam_v=1500,
    overtrick_doubled_nv=100,
    overtrick_doubled_v=200,
    overtrick_redoubled_nv=200,
    overtrick_redoubled_v=400,
    double_insult=50,
    redouble_insult=100,  # [M] older reading: 50; see the module docstring
    undertrick_nv=50,
    undertrick_v=100,
    nv_doubled_first=100,
    nv_doubled_second_third=200,
    nv_doubled_fourth_plus=300,  # [M] older reading: 200; see the module docstring
    v_doubled_first=200,
    v_doubled_later=300,
    redoubled_undertrick_multiplier=2,
)

#: 2017 (spec 2017 §9.1, [M], checked against endplay's scorer over the whole grid): the same
#: values as the engine's 1987 reading, 1987's open question (redouble insult 100, a fourth
#: non-vulnerable doubled undertrick 300) settled the modern way; a value that changes is given
#: here by name, so that the difference reads in one place.
_TABLE_2017 = dataclasses.replace(_TABLE_1987, edition="2017")

TABLES: dict[str, ScoringTable] = {"1987": _TABLE_1987, "2017": _TABLE_2017}
"""The Law 77 table of each edition the engine knows, keyed by edition."""

ALTERNATIVE_1987: dict[str, int] = {"redouble_insult": 50, "nv_doubled_fourth_plus": 200}
"""Overrides giving the older reading of the two uncertain 1987 cells (see the module docstring)."""


def table_for(edition: str = DEFAULT_EDITION, **overrides: int) -> ScoringTable:
    """The table of an edition, with some values replaced (``redouble_insult=50``).

    Overrides exist so that the uncertain cells can be switched without editing data; a
    replaced value keeps its citation because it is the same cell of the same law.
    """
    try:
        table = TABLES[edition]
    except KeyError:
        known = ", ".join(sorted(TABLES))
        raise ScoringError(f"no scoring table for edition {edition!r} (known: {known})") from None
    unknown = sorted(set(overrides) - {name for name, _ in table.values()})
    if unknown:
        raise ScoringError(f"not a value of the scoring table: {', '.join(unknown)}")
    if not overrides:
        return table
    # Typed loosely only for replace(): the check above guarantees that every key is an int field.
    changes: dict[str, Any] = dict(overrides)
    return dataclasses.replace(table, **changes)


# --- the parts of a score ---------------------------------------------------------------------


def trick_score(contract: Contract, table: ScoringTable) -> int:
    """Points for the odd tricks *bid* and made, doubling included.

    This is the only number that counts toward game, which is why overtricks and bonuses are
    kept out of it.
    """
    strain = contract.strain
    undoubled = table.trick_value(strain, first=True) + (contract.level - 1) * table.trick_value(
        strain, first=False
    )
    return undoubled * table.multiplier(contract.doubling)


def game_or_part_score_bonus(trick_points: int, vulnerable: bool, table: ScoringTable) -> int:
    """Game bonus if the contract's trick score reaches the game line, else the part-score bonus.

    The comparison is "at least" the line (``>=``): 3NT (100) and 3DX (120) are games, and an
    implementation with ``>`` would be wrong exactly on such contracts.
    """
    if trick_points >= table.game_line:
        return table.game_bonus_v if vulnerable else table.game_bonus_nv
    return table.part_score_bonus


def slam_bonus(level: int, vulnerable: bool, table: ScoringTable) -> int:
    """Bonus for a slam bid and made: six-level is a small slam, seven-level a grand slam.

    The grand-slam bonus replaces the small-slam one; they are not added together.
    """
    if level == 7:
        return table.grand_slam_v if vulnerable else table.grand_slam_nv
    if level == 6:
        return table.small_slam_v if vulnerable else table.small_slam_nv
    return 0


def overtrick_score(
    contract: Contract, vulnerable: bool, overtricks: int, table: ScoringTable
) -> int:
    """Points for tricks beyond the contract.

    Undoubled overtricks are worth the trick value of the strain (notrump at the later-trick
    value, since the first odd trick was already bid); doubled and redoubled ones have fixed
    values that depend only on vulnerability.
    """
    if contract.doubling is Doubling.NONE:
        per_trick = table.trick_value(contract.strain, first=False)
    elif contract.doubling is Doubling.DOUBLED:
        per_trick = table.overtrick_doubled_v if vulnerable else table.overtrick_doubled_nv
    else:
        per_trick = table.overtrick_redoubled_v if vulnerable else table.overtrick_redoubled_nv
    return overtricks * per_trick


def insult_bonus(doubling: Doubling, table: ScoringTable) -> int:
    """Bonus for making a doubled or redoubled contract; independent of vulnerability."""
    if doubling is Doubling.DOUBLED:
        return table.double_insult
    if doubling is Doubling.REDOUBLED:
        return table.redouble_insult
    return 0


def undertrick_penalty(
    doubling: Doubling, vulnerable: bool, undertricks: int, table: ScoringTable
) -> int:
    """What the defenders score when the contract fails by ``undertricks`` (a positive number).

    Doubled undertricks follow a schedule that grows with the number of tricks down (different
    for each vulnerability); redoubled ones are the doubled schedule times a fixed factor.
    """
    if undertricks <= 0:
        return 0
    if doubling is Doubling.NONE:
        return undertricks * (table.undertrick_v if vulnerable else table.undertrick_nv)
    total = 0
    for nth in range(1, undertricks + 1):
        if vulnerable:
            total += table.v_doubled_first if nth == 1 else table.v_doubled_later
        elif nth == 1:
            total += table.nv_doubled_first
        elif nth <= 3:
            total += table.nv_doubled_second_third
        else:
            total += table.nv_doubled_fourth_plus
    if doubling is Doubling.REDOUBLED:
        total *= table.redoubled_undertrick_multiplier
    return total


# --- whole scores -----------------------------------------------------------------------------


def duplicate_score(
    contract: Contract,
    vulnerable: bool,
    tricks: int,
    table: ScoringTable | None = None,
    edition: str = DEFAULT_EDITION,
) -> int:
    """The duplicate score of a contract for the declaring side (negative when it fails).

    ``tricks`` is the number of tricks the declaring side took (0 to 13). ``table`` wins over
    ``edition`` when both are given, so a caller can score with an overridden table.
    """
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= MAX_TRICKS:
        raise ScoringError(f"impossible number of tricks {tricks!r} (0 to {MAX_TRICKS})")
    table = table if table is not None else table_for(edition)
    needed = contract.tricks_needed
    if tricks < needed:
        return -undertrick_penalty(contract.doubling, vulnerable, needed - tricks, table)
    points = trick_score(contract, table)
    return (
        points
        + game_or_part_score_bonus(points, vulnerable, table)
        + slam_bonus(contract.level, vulnerable, table)
        + overtrick_score(contract, vulnerable, tricks - needed, table)
        + insult_bonus(contract.doubling, table)
    )


def result_score(
    result: Result, vulnerability: Vulnerability, edition: str = DEFAULT_EDITION
) -> dict[str, int]:
    """A board's result scored for the declaring side and for each pair.

    Returns ``{"declarer_side": n, "NS": n, "EW": n}``; the NS and EW entries are each from that
    pair's own point of view, so they always sum to zero.
    """
    vulnerable = vulnerability.is_vulnerable(result.declarer)
    score = duplicate_score(result.contract, vulnerable, result.tricks, edition=edition)
    ns = score if result.declarer.side is Side.NS else -score
    return {"declarer_side": score, "NS": ns, "EW": -ns}


def score_grid(
    edition: str = DEFAULT_EDITION, table: ScoringTable | None = None
) -> Iterator[tuple[int, Strain, Doubling, bool, int, int]]:
    """Every cell of the table: ``(level, strain, doubling, vulnerable, tricks, score)``.

    Nesting order is level 1-7, strain C D H S NT, doubling none / X / XX, not vulnerable then
    vulnerable, tricks 0-13: 2,940 cells. Used for exhaustive tests, the benchmark and printed
    score tables.
    """
    table = table if table is not None else table_for(edition)
    for level in range(1, 8):
        for strain in (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT):
            for doubling in (Doubling.NONE, Doubling.DOUBLED, Doubling.REDOUBLED):
                contract = Contract(level, strain, doubling)
                for vulnerable in (False, True):
                    for tricks in range(MAX_TRICKS + 1):
                        score = duplicate_score(contract, vulnerable, tricks, table=table)
                        yield level, strain, doubling, vulnerable, tricks, score


def table_differences(first: ScoringTable, second: ScoringTable) -> list[tuple[str, int, int]]:
    """The values two tables disagree on, ``(field name, first's value, second's value)``, in
    declaration order: what a side-by-side page prints as "what changed in Law 77"."""
    theirs = dict(second.values())
    return [(name, value, theirs[name]) for name, value in first.values() if theirs[name] != value]


__all__ = [
    "ALTERNATIVE_1987",
    "EDITIONS",
    "LAW77",
    "TABLES",
    "ScoringError",
    "ScoringTable",
    "cite_all",
    "duplicate_score",
    "game_or_part_score_bonus",
    "insult_bonus",
    "overtrick_score",
    "result_score",
    "score_grid",
    "slam_bonus",
    "table_differences",
    "table_for",
    "trick_score",
    "undertrick_penalty",
]
