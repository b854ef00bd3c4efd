"""The notebooks' API under both codes: ``rule(case, edition=...)`` and ``compare(case)``.

A director trained on 1987 learns what 2017 changed by ruling one table under each code. The
differential cases (``tests/cases/differential``) carry both codes' expected rulings; these tests
take one whose codes differ (an insufficient bid corrected by the cheapest bid in the same
strain: 1987 27B1, 2017 27B2 with the lead restriction of 26B) and one that both codes rule
alike, and check what the notebook shows against ``tdcourse rule --edition`` (the engine's
own result) rather than against itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.notebook import Case, Comparison, NotebookError, compare, rule

ROOT = Path(__file__).resolve().parents[1]
DIFFERENT = ROOT / "tests/cases/differential/" \
    "cheapest-bid-in-the-same-strain-1987-always-cures-2017-not-when-it-specifies-other-suits.yaml"
ALIKE = """
board: 5
events:
  - N 1S
  - E 1H
"""


def _cli(case: Path, edition: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-m", "generator.cli", "rule", str(case), "--json",
                          "--edition", edition], capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(out.stdout)
    return result


@pytest.mark.parametrize("edition", ["1987", "2017"])
def test_rule_under_an_edition_is_what_the_command_line_rules(edition: str) -> None:
    ruling = rule(DIFFERENT.read_text(encoding="utf-8"), "en", edition=edition)
    assert ruling.edition == edition
    assert json.loads(json.dumps(dict(ruling.result))) == _cli(DIFFERENT, edition)
    # the ruling's case names its code: ruling it again, without an edition, gives the same
    assert rule(ruling.case, "en").result == ruling.result


def test_the_two_codes_rule_the_differential_case_apart() -> None:
    r1987 = rule(DIFFERENT.read_text(encoding="utf-8"), edition="1987")
    r2017 = rule(DIFFERENT.read_text(encoding="utf-8"), edition="2017")
    assert "27B1" in r1987.laws and "27B2" not in r1987.laws
    assert "27B2" in r2017.laws and "26B" in r2017.laws


def test_compare_lists_the_differences_then_both_rulings() -> None:
    shown = compare(Case(DIFFERENT.read_text(encoding="utf-8")), "en")
    assert isinstance(shown, Comparison)
    assert not shown.same
    assert list(shown.rulings) == ["1987", "2017"]
    assert shown.rulings["2017"].edition == "2017"
    assert any("27B2" in line for line in shown.differences)
    text = str(shown)
    assert text.index(shown.differences[0]) < text.index("Laws of 1987") < \
        text.index("Laws of 2017")
    html = shown._repr_html_()
    assert "display:flex" in html and html.count("tdc-notebook") == 3


def test_compare_says_when_the_codes_agree_in_russian() -> None:
    shown = compare(ALIKE, "ru")
    assert shown.same and shown.differences == []
    assert "решают этот случай одинаково" in str(shown)
    assert "Правила 2017 года" in str(shown)


def test_a_wrong_edition_is_a_one_line_error() -> None:
    with pytest.raises(NotebookError, match="edition must be one of 1987, 2017"):
        rule(ALIKE, edition="2008")
    with pytest.raises(NotebookError):
        compare(ALIKE, "xx")


def test_a_comparison_cannot_be_edited() -> None:
    shown = compare(ALIKE)
    with pytest.raises(NotebookError):
        shown.rulings = {}  # type: ignore[misc]


WRONG_BOARD = """
board: 9
deal: N:973.K952.T72.A85 54.A64.AKJ.K7632 JT6.JT73.64.JT94 AKQ82.Q8.Q9853.Q
events:
  - N P
  - E 1NT
  - E wrong-board
  - S chooses cancel
"""


def test_compare_rules_under_each_code_the_events_that_fit_it() -> None:
    """Cards taken from the wrong board during the auction: under 1987 (Law 17D) South may
    choose to cancel the call; the 2017 ruling (15A) offers no such choice, so the 2017 side of
    the comparison ends before that event, and the comparison says so."""
    shown = compare(WRONG_BOARD, "en")
    assert dict(shown.cut) == {"2017": 3}
    assert len(shown.rulings["2017"].case.events) == 3
    assert len(shown.rulings["1987"].case.events) == 4
    assert 'Under the 2017 code, event 3 ("S chooses cancel") has no place' in str(shown)
    with pytest.raises(NotebookError, match="no ruling offers options"):
        rule(WRONG_BOARD, edition="2017")
    assert "событию 3 («S chooses cancel»)" in str(compare(WRONG_BOARD, "ru"))
    for path in sorted((ROOT / "tests/cases/differential").glob("*.yaml")):
        # the differential cases are written to fit both codes: nothing is cut
        assert not compare(path.read_text(encoding="utf-8")).cut, path.name
