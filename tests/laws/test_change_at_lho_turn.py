"""A call at LHO's turn by a player who has already called is a change of his earlier call
(Law 29's module): accepted, by a statement or by the LHO's calling over it, the ruling says
in both languages that the new call takes the place of the earlier one (25B1), not only that
it stands."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.laws.engine import analyse
from generator.table.case import load_case

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"
SHAPES = [
    CASES / "law25" / ("left-hand-opponent-accepting-a-pass-at-his-turn-by-a-player-who-has-"
                       "called-replaces-the-earlier-call.yaml"),
    CASES / "law28" / ("left-hand-opponent-calling-over-a-pass-at-his-turn-by-a-player-who-has-"
                       "called-accepts-the-change.yaml"),
]


@pytest.mark.parametrize("path", SHAPES, ids=lambda p: p.parent.name)
def test_accepted_change_at_lho_turn_says_it_replaces_the_earlier_call(path: Path) -> None:
    ruling = analyse(load_case(path))["rulings"][0]
    assert {"topic": "replaces_earlier_call", "law": "25B1", "seat": "S", "new": "P",
            "call": "2D"} in ruling["notes"]
    assert "takes the place of his earlier call" in ruling["explanation"]["en"]
    assert "2♦" in ruling["explanation"]["en"]
    assert "заменяет его прежнюю заявку" in ruling["explanation"]["ru"]
    assert "Юга" in ruling["explanation"]["ru"]
