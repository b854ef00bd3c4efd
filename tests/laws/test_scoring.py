"""Scoring: Law 77 table, Law 78 IMPs and matchpoints, Laws 12C1 / 86A artificial scores.

The whole 1987 grid is checked against endplay's scorer, an independent implementation of the
modern table. With the 1987 reading we chose (redoubled insult 100, non-vulnerable 4th+ doubled
undertrick 300) the two tables agree everywhere; with the older reading exactly the cells that
depend on those two values must differ.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from endplay.types import Contract as EPContract
from endplay.types import Denom, Penalty, Player, Vul
from hypothesis import given
from hypothesis import strategies as st

from generator.laws import law77
from generator.laws.law12 import LAW12C1, Responsibility, artificial_score_pairs
from generator.laws.law77 import (
    ALTERNATIVE_1987,
    LAW77,
    TABLES,
    ScoringError,
    duplicate_score,
    result_score,
    score_grid,
    table_for,
)
from generator.laws.law78 import (
    IMP_SCALES,
    LAW78A,
    LAW78B,
    imps,
    matchpoint_percentages,
    matchpoints,
)
from generator.laws.law86 import (
    LAW86A,
    ArtificialScore,
    Kind,
    artificial,
    artificial_score_imps,
)
from generator.laws.refs import LawRef
from generator.model import Contract, Doubling, Result, Seat, Strain, Vulnerability

GRID_SIZE = 7 * 5 * 3 * 2 * 14

_DENOM = {
    Strain.C: Denom.clubs,
    Strain.D: Denom.diamonds,
    Strain.H: Denom.hearts,
    Strain.S: Denom.spades,
    Strain.NT: Denom.nt,
}
_PENALTY = {
    Doubling.NONE: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}


def endplay_score(level: int, strain: Strain, doubling: Doubling, vul: bool, tricks: int) -> int:
    """The modern score of one cell according to endplay (declarer North)."""
    contract = EPContract(
        level=level,
        denom=_DENOM[strain],
        declarer=Player.north,
        penalty=_PENALTY[doubling],
        result=tricks - (level + 6),
    )
    return int(contract.score(Vul.both if vul else Vul.none))


def score(text: str, vulnerable: bool, tricks: int) -> int:
    return duplicate_score(Contract.parse(text), vulnerable, tricks)


# --- (a) the whole grid against an independent scorer -----------------------------------------


def test_grid_has_every_cell_in_the_documented_order() -> None:
    """The grid covers 7 levels x 5 strains x 3 doublings x 2 vulnerabilities x 14 trick counts."""
    cells = [cell[:5] for cell in score_grid()]
    assert len(cells) == GRID_SIZE == 2940
    assert len(set(cells)) == GRID_SIZE
    assert cells[0] == (1, Strain.C, Doubling.NONE, False, 0)
    assert cells[1] == (1, Strain.C, Doubling.NONE, False, 1)
    assert cells[14] == (1, Strain.C, Doubling.NONE, True, 0)
    assert cells[28] == (1, Strain.C, Doubling.DOUBLED, False, 0)
    assert cells[-1] == (7, Strain.NT, Doubling.REDOUBLED, True, 13)


def test_whole_1987_grid_agrees_with_endplay() -> None:
    """Law 77 (1987 reading, redoubled insult 100 and NV 4th+ doubled undertrick 300): every one
    of the 2940 cells equals the modern score computed by endplay."""
    mismatches = [
        (level, str(strain), str(doubling), vul, tricks, mine, theirs)
        for level, strain, doubling, vul, tricks, mine in score_grid("1987")
        if mine != (theirs := endplay_score(level, strain, doubling, vul, tricks))
    ]
    assert mismatches == []


def _affected_by_older_reading(level: int, doubling: Doubling, vul: bool, tricks: int) -> bool:
    """Cells that use the redoubled insult or the NV 4th+ doubled undertrick."""
    needed = level + 6
    redoubled_made = doubling is Doubling.REDOUBLED and tricks >= needed
    nv_doubled_four_down = doubling is not Doubling.NONE and not vul and needed - tricks >= 4
    return redoubled_made or nv_doubled_four_down


def test_older_reading_changes_exactly_the_uncertain_cells() -> None:
    """Law 77, older reading (redoubled insult 50, NV 4th+ doubled undertrick 200): exactly the
    redoubled contracts made and the NV doubled/redoubled contracts four or more down differ
    from endplay, by the expected amount; every other cell still agrees."""
    older = table_for("1987", **ALTERNATIVE_1987)
    assert older.redouble_insult == 50
    assert older.nv_doubled_fourth_plus == 200
    affected = 0
    for level, strain, doubling, vul, tricks, mine in score_grid(table=older):
        modern = endplay_score(level, strain, doubling, vul, tricks)
        if not _affected_by_older_reading(level, doubling, vul, tricks):
            assert mine == modern, (level, strain, doubling, vul, tricks)
            continue
        affected += 1
        needed = level + 6
        if tricks >= needed:
            # The older reading earns 50 less for making a redoubled contract.
            expected_gap = 100 - 50
        else:
            # ... and concedes 100 less (doubled) or 200 less (redoubled) per undertrick from
            # the fourth on.
            factor = 2 if doubling is Doubling.REDOUBLED else 1
            expected_gap = -(needed - tricks - 3) * (300 - 200) * factor
        assert modern - mine == expected_gap, (level, strain, doubling, vul, tricks)
    # Redoubled made: sum over levels of (14 - needed) trick counts, x5 strains x2 vul.
    redoubled_made = sum(14 - (level + 6) for level in range(1, 8)) * 5 * 2
    # NV four or more down, doubled or redoubled: needed - 3 trick counts per level, x5 x2.
    four_down = sum(level + 6 - 3 for level in range(1, 8)) * 5 * 2
    assert affected == redoubled_made + four_down


def test_default_edition_table_is_the_1987_reading() -> None:
    """Law 77 (1987, [M] cells): the defaults are the spec's reading 100 / 300."""
    table = table_for()
    assert table is TABLES["1987"]
    assert (table.redouble_insult, table.nv_doubled_fourth_plus) == (100, 300)


def test_every_value_cites_law_77() -> None:
    """Law 77 is one table without lettered clauses: every value cites plain Law 77."""
    items = list(TABLES["1987"].items())
    assert len(items) == 30
    assert {ref for _, _, ref in items} == {LAW77}
    assert str(LAW77) == "77"


def test_overrides_reject_unknown_values_and_editions() -> None:
    """A misspelt override or an unknown edition is an error, never silently ignored."""
    with pytest.raises(ScoringError):
        table_for("1987", redouble_bonus=50)
    with pytest.raises(ScoringError):
        table_for("1975")
    with pytest.raises(ScoringError):
        table_for("1987", game_line=-1)


def test_impossible_trick_counts_are_errors() -> None:
    """A side takes between 0 and 13 tricks."""
    for tricks in (-1, 14):
        with pytest.raises(ScoringError):
            score("3NT", False, tricks)


# --- (b) hand-checked values -------------------------------------------------------------------


def test_3nt_nv_with_an_overtrick_is_430() -> None:
    """Law 77: notrump tricks 40 + 30 + 30 reach the game line; 100 + 300 game + 30 overtrick."""
    assert score("3NT", False, 10) == 430


def test_vulnerable_doubled_overtricks_score_200_each() -> None:
    """Law 77: 4SX vulnerable making 11 = 240 + 500 game + 50 insult + 200 overtrick = 990."""
    assert score("4SX", True, 11) == 990


def test_nv_doubled_three_down_is_500() -> None:
    """Law 77: NV doubled undertricks 100, 200, 200: 4SX taking 7 tricks costs 500."""
    assert score("4SX", False, 7) == -500


def test_redoubled_grand_slam_vulnerable_is_2980() -> None:
    """Law 77: 7NTXX vulnerable = 220 x 4 + 500 game + 1500 grand slam + 100 redoubled insult."""
    assert score("7NTXX", True, 13) == 2980


def test_doubled_one_club_made_stays_a_part_score() -> None:
    """Law 77: 1CX trick score 40 is under the game line: 40 + 50 part score + 50 insult = 140."""
    assert score("1CX", False, 7) == 140


def test_doubled_two_clubs_made_stays_a_part_score() -> None:
    """Law 77: 2CX trick score 80 < 100, so 80 + 50 part score + 50 insult = 180."""
    assert score("2CX", False, 8) == 180


def test_game_line_is_reached_at_exactly_100_or_more() -> None:
    """Law 77: game when the contract's trick score is at least 100: 3DX = 120 is a game,
    120 + 300 + 50 = 470; and 3NT (exactly 100) is a game too."""
    assert score("3DX", False, 9) == 470
    assert score("3NT", False, 9) == 400
    assert score("4C", False, 10) == 130  # 80: part score


def test_nv_doubled_fourth_undertrick_costs_300() -> None:
    """Law 77 (1987 reading): NV doubled 100 + 200 + 200 + 300: 4HX four down = -800."""
    assert score("4HX", False, 6) == -800
    older = table_for("1987", **ALTERNATIVE_1987)
    assert duplicate_score(Contract.parse("4HX"), False, 6, table=older) == -700


def test_one_notrump_made_is_90() -> None:
    """Law 77: 1NT NV = 40 + 50 part score = 90."""
    assert score("1NT", False, 7) == 90


def test_two_notrump_made_is_120() -> None:
    """Law 77: 2NT NV = 40 + 30 = 70, a part score: 70 + 50 = 120."""
    assert score("2NT", False, 8) == 120


def test_vulnerable_small_slam_is_1430() -> None:
    """Law 77: 6S vulnerable = 180 + 500 game + 750 small slam = 1430."""
    assert score("6S", True, 12) == 1430


def test_nv_grand_slam_bonus_is_1000_not_the_small_slam_too() -> None:
    """Law 77: 7NT NV = 220 + 300 game + 1000 grand slam = 1520 (no small-slam bonus added)."""
    assert score("7NT", False, 13) == 1520


def test_undoubled_undertricks_50_and_100() -> None:
    """Law 77: undoubled undertricks are 50 each not vulnerable, 100 each vulnerable."""
    assert score("4H", False, 8) == -100
    assert score("4H", True, 8) == -200


def test_redoubled_undertricks_are_twice_the_doubled() -> None:
    """Law 77: redoubled undertricks are twice the doubled ones."""
    for vul in (False, True):
        for tricks in range(0, 9):
            assert score("3NTXX", vul, tricks) == 2 * score("3NTX", vul, tricks)


def test_result_score_signs_each_pair_from_its_own_view() -> None:
    """Law 77: the declaring side scores the result, the other pair the same with opposite sign;
    vulnerability is that of the declarer's side."""
    made = result_score(Result(Contract.parse("4S"), Seat.E, 10), Vulnerability.EW)
    assert made == {"declarer_side": 620, "NS": -620, "EW": 620}
    down = result_score(Result(Contract.parse("4SX"), Seat.N, 7), Vulnerability.EW)
    assert down == {"declarer_side": -500, "NS": -500, "EW": 500}
    vul_down = result_score(Result(Contract.parse("4SX"), Seat.S, 7), Vulnerability.NS)
    assert vul_down["declarer_side"] == -800


def test_score_parts_add_up_to_the_whole() -> None:
    """Law 77: a made contract's score is the sum of its parts (trick score, game or part score,
    slam, overtricks, insult)."""
    table = TABLES["1987"]
    contract = Contract.parse("6HX")
    points = law77.trick_score(contract, table)
    assert points == 360
    parts = (
        points
        + law77.game_or_part_score_bonus(points, True, table)
        + law77.slam_bonus(6, True, table)
        + law77.overtrick_score(contract, True, 1, table)
        + law77.insult_bonus(Doubling.DOUBLED, table)
    )
    assert parts == score("6HX", True, 13) == 360 + 500 + 750 + 200 + 50


# --- (c) IMP scale -----------------------------------------------------------------------------

IMP_BOUNDARIES = [
    (0, 0),
    (10, 0),
    (20, 1),
    (40, 1),
    (50, 2),
    (80, 2),
    (90, 3),
    (120, 3),
    (130, 4),
    (160, 4),
    (170, 5),
    (210, 5),
    (220, 6),
    (260, 6),
    (270, 7),
    (310, 7),
    (320, 8),
    (360, 8),
    (370, 9),
    (420, 9),
    (430, 10),
    (490, 10),
    (500, 11),
    (590, 11),
    (600, 12),
    (740, 12),
    (750, 13),
    (890, 13),
    (900, 14),
    (1090, 14),
    (1100, 15),
    (1290, 15),
    (1300, 16),
    (1490, 16),
    (1500, 17),
    (1740, 17),
    (1750, 18),
    (1990, 18),
    (2000, 19),
    (2240, 19),
    (2250, 20),
    (2490, 20),
    (2500, 21),
    (2990, 21),
    (3000, 22),
    (3490, 22),
    (3500, 23),
    (3990, 23),
    (4000, 24),
    (9000, 24),
]


@pytest.mark.parametrize(("difference", "expected"), IMP_BOUNDARIES)
def test_imp_scale_boundaries(difference: int, expected: int) -> None:
    """Law 78B: both ends of every band of the IMP scale, and beyond the last threshold."""
    assert imps(difference) == expected
    assert imps(-difference) == -expected


def test_imp_scale_bands_match_the_printed_table() -> None:
    """Law 78B: the derived bands read 0-10, 20-40, ..., 3500-3990, 4000 and up; 24 is the most."""
    scale = IMP_SCALES["1987"]
    bands = scale.bands()
    assert bands[0] == (0, 10, 0)
    assert bands[1] == (20, 40, 1)
    assert bands[-2] == (3500, 3990, 23)
    assert bands[-1] == (4000, None, 24)
    assert scale.maximum == 24
    assert scale.law == LAW78B == LawRef(78, "B")


@given(st.integers(min_value=-20000, max_value=20000))
def test_imps_are_antisymmetric(difference: int) -> None:
    """Law 78B: the scale is the same in both directions: imps(-d) == -imps(d)."""
    assert imps(-difference) == -imps(difference)


@given(st.integers(-20000, 20000), st.integers(-20000, 20000))
def test_imps_never_decrease_as_the_difference_grows(a: int, b: int) -> None:
    """Law 78B: a larger score difference is never worth fewer IMPs, and never more than 24."""
    low, high = sorted((a, b))
    assert imps(low) <= imps(high)
    assert -24 <= imps(low) <= 24


# --- (d) matchpoints ---------------------------------------------------------------------------


def test_matchpoints_two_per_result_beaten_one_per_tie() -> None:
    """Law 78A: 2 for each result beaten, 1 for each tie: top 6 on a board played 4 times."""
    assert matchpoints([100, 100, 50, -50]) == [5, 5, 2, 0]
    assert matchpoint_percentages([100, 100, 50, -50]) == pytest.approx(
        [500 / 6, 500 / 6, 200 / 6, 0.0]
    )


def test_matchpoint_percentages_need_a_comparison() -> None:
    """Law 78A: a board played once has no other result to compare with (top 0)."""
    assert matchpoints([420]) == [0]
    with pytest.raises(ScoringError):
        matchpoint_percentages([420])


@given(st.lists(st.integers(-7600, 7600).map(lambda n: n * 10), max_size=30))
def test_matchpoints_sum_to_n_times_n_minus_1(scores: list[int]) -> None:
    """Law 78A: each pair of results shares 2 units, so the board total is n(n-1)."""
    n = len(scores)
    points = matchpoints(scores)
    assert sum(points) == n * (n - 1)
    assert all(0 <= p <= 2 * (n - 1) for p in points)


def test_matchpoint_law_reference() -> None:
    """Law 78A is the matchpoint clause."""
    assert str(LAW78A) == "78A"


# --- (e) artificial adjusted scores ------------------------------------------------------------


@pytest.mark.parametrize(
    ("responsibility", "percent", "imp_award", "kind"),
    [
        (Responsibility.NONE, 60.0, 3, "average_plus"),
        (Responsibility.PARTLY, 50.0, 0, "average"),
        (Responsibility.DIRECTLY, 40.0, -3, "average_minus"),
    ],
)
def test_artificial_scores(
    responsibility: Responsibility, percent: float, imp_award: int, kind: Kind
) -> None:
    """Law 12C1: 60% / 50% / 40% of the top in pairs; Law 86A: +3 / 0 / -3 IMPs in teams."""
    assert artificial_score_pairs(responsibility) == percent
    assert artificial_score_imps(responsibility) == imp_award
    pairs = artificial(responsibility, "pairs")
    assert pairs == ArtificialScore(kind, "pairs", percent, None, (LAW12C1,))
    assert pairs.value == percent
    teams = artificial(kind, "teams")
    assert teams.imps == imp_award and teams.pairs_percent is None
    assert teams.laws == (LAW12C1, LAW86A)
    assert teams.value == imp_award


def test_artificial_score_text() -> None:
    """Laws 12C1 and 86A: the awards read as average-plus (60%) and average-minus (-3 IMPs)."""
    assert str(artificial(Responsibility.NONE, "pairs")) == "average-plus (60%)"
    assert str(artificial("average_minus", "teams")) == "average-minus (-3 IMPs)"
    assert str(Responsibility.PARTLY) == "partly at fault"


def test_artificial_rejects_unknown_kinds_forms_and_editions() -> None:
    """Only the three awards of Law 12C1, two forms of contest and known editions exist."""
    with pytest.raises(ScoringError):
        artificial("average_plus_plus", "pairs")  # type: ignore[arg-type]
    with pytest.raises(ScoringError):
        artificial(Responsibility.NONE, "individual")  # type: ignore[arg-type]
    with pytest.raises(ScoringError):
        artificial_score_pairs(Responsibility.NONE, edition="1975")
    with pytest.raises(ScoringError):
        artificial_score_imps(Responsibility.NONE, edition="1975")


# --- citations exist in the law index, once it is written ------------------------------------


def test_cited_clauses_are_in_the_law_index() -> None:
    """Every clause cited by the scoring modules (77, 78A, 78B, 12C1, 86A) is in the 1987 index."""
    from generator.laws import refs

    index_file = Path(refs.__file__).parent / "data" / "index_1987.yaml"
    if not index_file.exists():
        pytest.skip("the 1987 law index is not written yet")
    for ref in (LAW77, LAW78A, LAW78B, LAW12C1, LAW86A):
        refs.check(ref, "1987")
