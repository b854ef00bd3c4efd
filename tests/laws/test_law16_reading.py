"""16C2 (1987): the reading of "once the penalty has been paid" is documented and switchable.

The module, the English chapter and its Russian translation all say how the course reads the
clause, naming it; and :data:`generator.laws.law16.PAID_ONCE_APPLIED` changes what the rulings say.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.laws import law16
from generator.laws.engine import analyse
from generator.table.case import load_case

ROOT = Path(__file__).resolve().parents[2]
CASE = (ROOT / "tests" / "cases" / "1987" / "law16"
        / "refused-bid-out-of-rotation-is-withdrawn-and-the-16c-information-rule-applies.yaml")


def _conditions() -> list[str]:
    return [n.get("condition", "") for r in analyse(load_case(CASE))["rulings"]
            for n in r.get("notes", []) if n.get("law") == "16C2"]


def test_the_reading_is_written_in_the_module_and_both_languages_of_the_chapter() -> None:
    assert "Reading taken (seed 000, 16C2)" in (law16.__doc__ or "")
    english = (ROOT / "book" / "chapters" / "01-director-and-procedure.md").read_text("utf-8")
    russian = (ROOT / "book" / "locales" / "ru" / "LC_MESSAGES" / "chapters"
               / "01-director-and-procedure.po").read_text("utf-8")
    assert "How the course reads {law}`16C2`" in english
    assert "Как курс читает {law}`16C2`" in russian


def test_the_switch_changes_when_the_offenders_may_use_their_own_withdrawn_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert law16.PAID_ONCE_APPLIED
    assert _conditions() == ["penalty_paid"]
    monkeypatch.setattr(law16, "PAID_ONCE_APPLIED", False)
    assert _conditions() == ["penalty_served"]
