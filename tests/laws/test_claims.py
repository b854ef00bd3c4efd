"""Claims and concessions (Laws 68-71, 1987): the statement is parsed, the position is played out
against the claimer, and the board is scored with the awarded tricks."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from generator.errors import ParseError
from generator.laws import claimplay, law70
from generator.laws.engine import analyse
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.case import load_case
from generator.table.events import ClaimAnswered, Claimed, parse_event

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"
TRUMP_OUT = CASES / "law70" / \
    "claim-that-forgets-an-outstanding-trump-loses-the-trick-it-could-win.yaml"


def _claim(path: Path) -> dict:
    out = analyse(load_case(path))
    return next(r for r in out["rulings"] if r["kind"] in ("claim", "concession"))


def test_statement_tokens_round_trip() -> None:
    event = parse_event("S claims 10 stating trumps SA h* rest")
    assert event == Claimed(Seat.S, 10, ("trumps", "SA", "H*", "rest"))
    assert str(event) == "S claims 10 stating trumps SA H* rest"
    assert parse_event("E withdraws") == ClaimAnswered(Seat.E, "withdraws")


@pytest.mark.parametrize("line", ["S claims 3 stating", "S claims 3 stating SX",
                                  "E disputes now"])
def test_bad_statement_is_one_line_error(line: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_event(line)
    assert "\n" not in str(err.value)


def test_unmentioned_trump_goes_to_the_defenders_with_the_aware_reading_flagged() -> None:
    ruling = _claim(TRUMP_OUT)
    flag = ruling["flags"][0]
    assert flag["law"] == "70C" and flag["tricks_if_aware"]["NS"] == \
        flag["tricks_if_unaware"]["NS"] + 1
    awarded = ruling["rectifications"][0]["tricks"]
    assert awarded == flag["tricks_if_unaware"]
    assert "козыр" in ruling["explanation"]["ru"]


def test_aware_switch_awards_the_other_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(law70, "TRUMP_UNAWARE", False)
    ruling = _claim(TRUMP_OUT)
    assert ruling["rectifications"][0]["tricks"] == ruling["flags"][0]["tricks_if_aware"]


def test_board_score_uses_the_awarded_tricks() -> None:
    out = analyse(load_case(TRUMP_OUT))
    assert out["score_details"]["tricks"] == out["rulings"][0]["rectifications"][0][
        "tricks"]["NS"]


def test_search_values_on_a_blocked_suit() -> None:
    hands = {Seat.S: ["HA", "H2", "C2", "C3", "C4"], Seat.N: ["HK", "DA", "DK", "DQ", "DJ"],
             Seat.E: ["CA", "CK", "CQ", "H3", "H4"], Seat.W: ["H5", "H6", "H7", "S2", "S3"]}
    pos = claimplay.Position({s: [Card.parse(c) for c in h] for s, h in hands.items()},
                             Seat.S, (), None)
    start = time.perf_counter()
    assert claimplay.double_dummy(pos, Seat.S) == 5
    assert claimplay.careful(pos, Seat.S) == 5
    assert claimplay.worst(pos, Seat.S) < 5
    assert claimplay.worst(pos, Seat.S, ("H2", "D*", "rest")) == 5
    assert time.perf_counter() - start < 5  # the solver's first load included
    assert claimplay.mentions_trumps(("SA",), Suit.S)
    assert not claimplay.mentions_trumps(("H*",), Suit.S)
