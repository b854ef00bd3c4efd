"""The law-coverage table: every law the auction and play issues name has rules and cases, and the
published table in docs/ is the one the registry and the cases produce today."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.laws.coverage import coverage_markdown, coverage_rows

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"

#: Laws 9-11, 16, 17, 20-21, 23-39 (the auction) and 12, 41-67, 86 (the play).
AUCTION_LAWS = [9, 10, 11, 16, 17, 20, 21, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
                36, 37, 38, 39]
PLAY_LAWS = [12, 41, 42, 43, 44, 45, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61,
             62, 63, 64, 65, 66, 67, 86]


@pytest.fixture(scope="module")
def rows() -> dict[int, tuple[int, int]]:
    return {law: (rules, cases) for law, _, rules, cases in coverage_rows([CASES])}


@pytest.mark.parametrize("law", AUCTION_LAWS + PLAY_LAWS)
def test_every_law_has_rules_and_cases(rows: dict[int, tuple[int, int]], law: int) -> None:
    rules, cases = rows.get(law, (0, 0))
    assert rules >= 1, f"Law {law} has no rule or provision in generator/laws/law{law:02d}.py"
    assert cases >= 5, f"Law {law} is cited by only {cases} case(s)"


@pytest.mark.parametrize("law", [27, 29, 30, 31, 32])
def test_the_main_auction_laws_have_more_cases(rows: dict[int, tuple[int, int]], law: int) -> None:
    assert rows[law][1] >= 7


def test_published_table_is_current() -> None:
    published = (ROOT / "docs" / "law-coverage.md").read_text(encoding="utf-8")
    fresh = coverage_markdown([CASES], "both")
    assert published == fresh, "run: tdcourse coverage --edition both --out docs/law-coverage.md"
