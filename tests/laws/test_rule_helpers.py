"""The shared tails of the auction rules (``generator.laws.ruler.Rule``)."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.laws.engine import analyse
from generator.table.case import load_case


def test_a_second_breach_of_the_same_obligation_is_ruled_but_not_barred_twice(
        tmp_path: Path) -> None:
    """E's 8S bars E and W (38); W's double bars both again (37); E's double is a second Law 37
    breach: its ruling names both obligations, the table lists each bar once."""
    events = ["W 1S", "N 2H", "E 8S", "S refuses", "E P", "S 3H", "W X", "N refuses", "W P",
              "N 4H", "E X", "S refuses", "E P", "S P", "W P"]
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "edition": "1987", "board": 4,
                                    "events": events}), encoding="utf-8")
    result = analyse(load_case(path))
    second = result["rulings"][-1]
    assert second["offender"] == "E" and second["kind"] == "call_when_obliged_to_pass"
    bars = [r for r in second["rectifications"] if r["kind"] == "must_pass"]
    assert {(r["seat"], r["scope"], r["law"]) for r in bars} == {("E", "throughout", "37"),
                                                                   ("W", "throughout", "37")}
    listed = [(b["seat"], b["scope"], b["law"]) for b in result["state"]["bars"]]
    assert sorted(listed) == sorted(set(listed))
    assert ("E", "throughout", "37") in listed and ("W", "throughout", "37") in listed
