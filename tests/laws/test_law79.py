"""Law 79 (tricks won): the readings of generator/laws/law79.py, each switch flipped, on one
board (South's 4S, nobody vulnerable; North-South won 10 tricks by an unanswered claim)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.laws import law79
from generator.laws.engine import analyse
from generator.table.case import parse_case

CASES = Path(__file__).resolve().parents[1] / "cases"
BASE = CASES / "1987" / "law79" / "a-wrong-count-that-nobody-questions-is-scored-as-agreed.yaml"


def board(edition: str, *count: str, claim: bool = True) -> str:
    """The case file's text under ``edition`` with the count events ``count`` instead of its
    own (and without the claim that ends the play when ``claim`` is off)."""
    lines = BASE.read_text(encoding="utf-8").split("\nexpect:")[0].splitlines()
    kept = [line.replace("'1987'", f"'{edition}'") for line in lines
            if not line.startswith(("- NS ", "- EW ")) and (claim or "claims" not in line)]
    return "\n".join([*kept, *(f"- {event}" for event in count)]) + "\n"


def rule(edition: str, *count: str) -> dict[str, Any]:
    """The engine's output for the board with the count events ``count``."""
    return analyse(parse_case(board(edition, *count)))


def counted(out: dict[str, Any]) -> tuple[str, str, int]:
    ruling = next(r for r in out["rulings"] if r["kind"] == "trick_count")
    rect = ruling["rectifications"][-1]
    return rect["kind"], rect["law"], out["score"]["NS"]


def test_an_agreed_count_the_play_bears_out_is_no_irregularity() -> None:
    out = rule("1987", "NS agree 10")
    assert [i["kind"] for i in out["irregularities"]] == ["claim"]
    assert out["score"]["NS"] == 420


@pytest.mark.parametrize("edition", ["1987", "2017"])
def test_switch_off_corrects_an_unraised_wrong_count_at_once(
        edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert counted(rule(edition, "NS agree 9"))[::2] == ("tricks_agreed", -50)
    monkeypatch.setattr(law79, "UNRAISED_ERROR_STANDS", False)
    assert counted(rule(edition, "NS agree 9"))[::2] == ("count_corrected", 420)


def test_1987_late_disagreement_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    assert counted(rule("1987", "NS agree 9", "NS contest after_round")) == \
        ("tricks_agreed", "79B", -50)
    # the late count that lowers the raising pair's own score is still put right
    assert counted(rule("1987", "NS agree 11", "NS contest after_round")) == \
        ("count_corrected", "79B", 420)
    monkeypatch.setattr(law79, "NO_LATE_INCREASE_1987", False)
    assert counted(rule("1987", "NS agree 9", "NS contest after_round")) == \
        ("count_corrected", "79B", 420)


def test_2017_late_switches(monkeypatch: pytest.MonkeyPatch) -> None:
    assert counted(rule("2017", "NS agree 9", "EW contest after_round")) == \
        ("count_corrected", "79B3", 420)
    monkeypatch.setattr(law79, "PLAY_CONVINCES_2017", False)
    out = rule("2017", "NS agree 9", "NS contest after_round")
    assert counted(out) == ("tricks_agreed", "79B3", -50)
    flags = [f["reason"] for r in out["rulings"] for f in r["flags"]]
    assert "late_disagreement_convinced" in flags
    monkeypatch.setattr(law79, "ORGANISER_APPROVES_2017", True)
    assert counted(rule("2017", "NS agree 9", "NS correct 10 after_correction_period")) == \
        ("count_corrected", "79C2", 420)


def test_a_correction_the_play_does_not_bear_out_is_refused() -> None:
    out = rule("2017", "NS agree 10", "NS correct 11")
    assert counted(out) == ("tricks_agreed", "79A", 420)


def test_a_count_before_the_play_ends_is_impossible() -> None:
    from generator.errors import InputError

    with pytest.raises(InputError, match="played to its end"):
        analyse(parse_case(board("1987", "NS agree 9", claim=False)))
