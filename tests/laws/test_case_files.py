"""Every case file under tests/cases must produce the outcome its ``expect`` block states.

The samples (tests/cases/samples, from the project's oracle set) and the sentence-named cases per
law (tests/cases/1987/) are checked with the case format's matching rules
(``generator.casecheck``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.casecheck import case_files, check_case

CASES = Path(__file__).resolve().parents[1] / "cases"


@pytest.mark.parametrize("path", case_files([CASES]), ids=lambda p: str(p.relative_to(CASES)))
def test_case_outcome(path: Path) -> None:
    report = check_case(path)
    assert report.ok, "\n".join(report.problems)


def test_there_are_cases() -> None:
    assert len(case_files([CASES])) >= 12
