"""Matchpoints of a traveller with artificial rows (Laws 78A, 12C1; generator.laws.law78), the
IMP band an explanation quotes (78B), and the reading of a traveller's entries."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.laws import law78, law86
from generator.laws.law77 import ScoringError


def test_without_artificial_rows_it_is_plain_matchpoints() -> None:
    scores = [620, 620, 650, 170, -100, 500]
    rows = law78.traveller_matchpoints(scores)
    # top 10: +650 beats five (10), each +620 beats three and ties one (7), +500 two (4),
    # +170 one (2), -100 none (0); East-West the top minus these (Law 78A).
    assert [ns for ns, _ in rows] == [7, 7, 10, 2, 0, 4] == law78.matchpoints(scores)
    assert [ew for _, ew in rows] == [3, 3, 0, 8, 10, 6]


def test_artificial_rows_scaled_and_unscaled() -> None:
    entries: list[int | str] = [420, "A-", 450, 420, "A", -50]
    # Six rows, top 10. A- : North-South 40% = 4, East-West 60% = 6; A: 5 and 5 (Law 12C1).
    # Four real results, top 6: +450 beats three (6), each +420 beats one and ties one (3),
    # -50 none (0); scaled by 10/6.
    scaled = law78.traveller_matchpoints(entries)
    assert scaled == [(5, 5), (4, 6), (10, 0), (5, 5), (5, 5), (0, 10)]
    unscaled = law78.traveller_matchpoints(entries, scaled=False)
    assert unscaled == [(3, 3), (4, 6), (6, 0), (3, 3), (5, 5), (0, 6)]


def test_scaling_gives_fractions_kept_exact() -> None:
    # Four rows, one A+: top 6, three real results (top 4); +100 beats one: 2 of 4 -> 3;
    # +200 beats two: 4 -> 6; A+ gets 60% of 6 = 3.6 for North-South, 2.4 for East-West.
    rows = law78.traveller_matchpoints([100, 200, "A+", -100])
    assert rows[2] == (Fraction(18, 5), Fraction(12, 5))
    assert rows[0] == (3, 3) and rows[1] == (6, 0)


def test_a_lone_real_result_gets_half_the_top() -> None:
    assert law78.traveller_matchpoints(["A+", 420, "A-"])[1] == (2, 2)


def test_an_empty_traveller_is_refused() -> None:
    with pytest.raises(ScoringError, match="empty traveller"):
        law78.traveller_matchpoints([])


@pytest.mark.parametrize(("difference", "band"), [
    (0, (0, 10, 0)), (10, (0, 10, 0)), (20, (20, 40, 1)), (-450, (430, 490, 10)),
    (490, (430, 490, 10)), (500, (500, 590, 11)), (3990, (3500, 3990, 23)),
    (4000, (4000, None, 24)), (9000, (4000, None, 24)),
])
def test_imp_band(difference: int, band: tuple[int, int | None, int]) -> None:
    assert law78.imp_band(difference) == band
    assert abs(law78.imps(difference)) == band[2]


@pytest.mark.parametrize(("text", "entry"), [
    ("+620", 620), ("620", 620), (" -100 ", -100), ("−100", -100), ("0", 0),
    ("A+", "A+"), ("a", "A"), ("A−", "A-"), ("A-", "A-"),
])
def test_entries(text: str, entry: int | str) -> None:
    assert law78.parse_entry(text) == entry


@pytest.mark.parametrize(("text", "problem"), [
    ("15", "multiple of 10"), ("30", "no contract and result"), ("7610", "no contract"),
    ("abc", "is not a score"), ("A+-", "is not a score"),
])
def test_impossible_entries(text: str, problem: str) -> None:
    with pytest.raises(ScoringError, match=problem):
        law78.parse_entry(text)


def test_possible_scores_are_the_table_both_ways() -> None:
    found = law78.possible_scores()
    assert {0, 50, -50, 70, 90, 620, -620, 7600, -7600, 2980} <= found
    assert not {10, 30, 40, 60, 410, 7610} & found


def test_artificial_codes_give_each_side_its_award() -> None:
    # Law 12C1 percentages, North-South as written and East-West the other side's share.
    assert law86.artificial_pairs_percent("A+", "NS") == 60
    assert law86.artificial_pairs_percent("A+", "EW") == 40
    assert law86.artificial_pairs_percent("A", "EW") == 50
    assert law86.artificial_pairs_percent("A-", "EW") == 60
