"""Law 15D (1987, reconstructed): a board played in the wrong direction, turned on the table.

No 1987 text on a turned board was seen; law15's docstring names the reading taken and what it
rests on: the three moments of Law 15 (15A-15C, seed 001) with the remedies of 13A/13B (seed 000)
and the directors' practice on scoring a board played turned. Each reading the director might take
otherwise is a switch, checked here both ways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.errors import ParseError
from generator.laws import explain, law15
from generator.laws.engine import analyse
from generator.scenarios.questions import TOPICS
from generator.table.case import parse_case
from generator.table.events import WrongDirection, parse_event

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987" / "law15"
DEAL = "N:AKQ2.K32.54.A987 J43.AQ4.KQJ2.K65 T9876.J5.A63.Q32 5.T9876.T987.JT4"
AUCTION = ["N 1S", "E P", "S 2S", "W P", "N 4S", "E P", "S P", "W P"]


def rule(events: list[str], deal: str | None = DEAL) -> dict[str, Any]:
    """The engine's output for board 1 (dealer North) with these events."""
    text = "board: 1\n" + (f"deal: '{deal}'\n" if deal else "") + "events:\n" + "".join(
        f"  - {e}\n" for e in events)
    return analyse(parse_case(text))


def kinds(ruling: dict[str, Any]) -> list[str]:
    return [r["kind"] for r in ruling["rectifications"]]


def rotated(output: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in output["rulings"] if r["kind"] == "board_rotated")


@pytest.mark.parametrize(("line", "event"), [
    ("director wrong-direction", WrongDirection()),
    ("director wrong-direction 180", WrongDirection(half=True)),
    ("DIRECTOR Wrong-Direction", WrongDirection()),
])
def test_the_verb_parses_and_prints_back(line: str, event: WrongDirection) -> None:
    assert parse_event(line) == event
    assert parse_event(str(event)) == event


@pytest.mark.parametrize("line", ["director wrong-direction 90", "director wrong-direction 180 x",
                                  "director wrong-direction NS"])
def test_the_verb_takes_nothing_or_180(line: str) -> None:
    with pytest.raises(ParseError):
        parse_event(line)


def test_15d1_before_any_call_the_hands_go_to_their_seats_with_no_score_adjusted() -> None:
    """15D1 (read with 13A: nobody has seen a hand not his before the first call)."""
    out = rule(["director wrong-direction"], None)
    ruling = rotated(out)
    assert ruling["rectifications"] == [{"kind": "hands_to_right_seats", "law": "15D1"}]
    assert "13A" in ruling["laws"] and ruling["flags"] == []
    assert out["state"]["phase"] == "auction" and out["state"]["next"] == "N"


def test_15d2_during_the_auction_it_restarts_from_the_dealer_and_the_new_auction_is_free() -> None:
    """15D2 (as 15C, but nobody holds the hand he called with, so nothing is repeated; 13B's
    judgement on what was seen is the director's)."""
    out = rule(["N 1S", "E P", "S 2S", "director wrong-direction", "N 1H", "E 1S", "S 2C"], None)
    ruling = rotated(out)
    assert kinds(ruling) == ["auction_cancelled", "hands_to_right_seats"]
    assert ruling["flags"] == [{"reason": "seen_cards_may_interfere", "law": "15D2"}]
    assert "13B" in ruling["laws"]
    standing = [a["call"] for a in out["state"]["auction"] if a["status"] == "standing"]
    assert standing == ["1H", "1S", "2C"] and out["state"]["next"] == "W"


def test_15d2_switch_off_cancels_the_board_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(law15, "ROTATED_AUCTION_REPLAYED", False)
    out = rule(["N 1S", "E P", "director wrong-direction"], None)
    ruling = rotated(out)
    assert ruling["rectifications"] == [
        {"kind": "auction_cancelled", "law": "15D2"},
        {"kind": "adjusted_score", "adjustment": "artificial", "law": "12C1"}]
    assert ruling["flags"] == [{"reason": "fault_to_be_found", "law": "12C1"}]
    assert out["state"]["phase"] == "ended"


def test_15d3_a_half_turn_keeps_the_result_as_it_is() -> None:
    """15D3: turned half-way, each pair held its own line's hands; the play goes on."""
    out = rule([*AUCTION, "E leads DK", "director wrong-direction 180"])
    assert rotated(out)["rectifications"] == [
        {"kind": "rotated_result_stands", "law": "15D3", "lines_exchanged": False}]
    assert out["state"]["phase"] == "play"


def test_15d3_a_quarter_turn_is_scored_with_the_lines_exchanged_unless_the_switch_is_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """15D3: turned a quarter, the result stands scored in the other line (pairs practice), the
    director keeping the case with no comparison; off, artificial adjusted scores always."""
    events = [*AUCTION, "E leads DK", "director wrong-direction"]
    ruling = rotated(rule(events))
    assert ruling["rectifications"] == [
        {"kind": "rotated_result_stands", "law": "15D3", "lines_exchanged": True}]
    assert ruling["flags"] == [{"reason": "rotated_no_comparison", "law": "15D3"}]
    monkeypatch.setattr(law15, "QUARTER_TURN_RESCORED", False)
    out = rule(events)
    assert kinds(rotated(out)) == ["result_cancelled", "adjusted_score"]
    assert out["state"]["phase"] == "ended"


def test_the_fact_is_said_by_the_turn_and_the_moment_in_both_languages() -> None:
    quarter = explain.describe_fact("board_rotated", None, {"rotation": "quarter",
                                                            "phase": "ended"}, "ru")
    assert "сыграна в неправильном направлении" in quarter and "С–Ю" in quarter
    half = explain.describe_fact("board_rotated", None, {"rotation": "half",
                                                         "phase": "play"}, "en")
    assert "half-way" in half


def test_the_kind_belongs_to_the_board_topic_and_has_a_case_for_each_moment() -> None:
    assert TOPICS["board_rotated"] == "board-and-deal"
    texts = [p.read_text(encoding="utf-8") for p in sorted(CASES.glob("*.yaml"))]
    laws = {law for t in texts if "wrong-direction" in t for law in ("15D1", "15D2", "15D3")
            if f'"{law}"' in t}
    assert laws == {"15D1", "15D2", "15D3"}
