"""2017 21B2 and 25A6: a call taken back as a law allows, and who may use what it showed (16C).

21B2: the misinformed player's LHO is of the offending side (the misinformers), so his withdrawn
call is authorised to the misinformed side (16C1) and unauthorised to his partner (16C2). 25A6:
the corrector's LHO is of the non-offending side, so his withdrawn call is authorised to his own
side and unauthorised to both players of the side that made the slip.
:data:`law25.LHO_MAY_WITHDRAW` off sends the 25A6 withdrawal to 25B as under 1987. 1987 rules
the same tables as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.laws import law25
from generator.laws.engine import analyse
from generator.table.case import load_case

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases"
LATER_CHANGE = (CASES / "2017" / "law21"
                / "after-a-misinformed-change-the-lho-may-change-his-later-call-without-"
                  "rectification.yaml")
WITHDRAWAL = (CASES / "differential" / "lho-taking-back-his-call-over-a-corrected-slip-is-a-"
              "change-of-mind-in-1987-and-free-under-2017-25a6.yaml")


def _ruling(path: Path, edition: str, event: int) -> dict[str, Any]:
    result = analyse(load_case(path).under(edition))
    irregularity = next(i for i, irr in enumerate(result["irregularities"])
                        if irr["event"] == event)
    ruling: dict[str, Any] = next(r for r in result["rulings"]
                                  if r["irregularity"] == irregularity)
    return ruling


def _information(ruling: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(n["topic"], n["law"], str(n.get("side") or n.get("seat")))
            for n in ruling["notes"] if n["law"] in ("16C1", "16C2")]


def test_21b2_withdrawn_call_is_authorised_to_the_misinformed_side_only() -> None:
    # North (misinformed) changed; East, his LHO, changed his pass at event 6
    ruling = _ruling(LATER_CHANGE, "2017", 6)
    assert _information(ruling) == [("information", "16C1", "NS"),
                                    ("ui_withdrawn_call", "16C2", "W")]
    assert [r["kind"] for r in ruling["rectifications"]] == ["no_rectification", "call_stands"]


def test_21b2_under_1987_says_nothing_of_16c() -> None:
    assert _information(_ruling(LATER_CHANGE, "1987", 6)) == []


def test_25a6_withdrawal_is_free_and_unauthorised_to_both_offenders() -> None:
    ruling = _ruling(WITHDRAWAL, "2017", 4)
    assert ruling["options"] == []
    assert [(r["kind"], r["law"]) for r in ruling["rectifications"]] == [
        ("no_rectification", "25A6"), ("call_stands", "25A6")]
    assert _information(ruling) == [("information", "16C1", "EW"),
                                    ("ui_withdrawn_call", "16C2", "S"),
                                    ("ui_withdrawn_call", "16C2", "N")]
    correction = _ruling(WITHDRAWAL, "2017", 2)
    assert {"topic": "lho_may_withdraw", "law": "25A6", "seat": "E"} in correction["notes"]


def test_switch_off_sends_the_withdrawal_to_25b(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(law25, "LHO_MAY_WITHDRAW", False)
    ruling = _ruling(WITHDRAWAL, "2017", 4)
    assert [o["ids"] for o in ruling["options"]] == [["accept", "refuse"]]
    assert not any(r["law"] == "25A6" for r in ruling["rectifications"])
    correction = _ruling(WITHDRAWAL, "2017", 2)
    assert all(n["topic"] != "lho_may_withdraw" for n in correction["notes"])


def test_1987_rules_the_withdrawal_as_a_change_of_mind() -> None:
    ruling = _ruling(WITHDRAWAL, "1987", 4)
    assert [o["ids"] for o in ruling["options"]] == [["accept", "refuse"]]
    assert "25A6" not in ruling["laws"]
