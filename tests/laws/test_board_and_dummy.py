"""Laws 13-16C and 42-43 (1987): the verbs that tell them, and the readings taken where the 1987
text was not seen, each a switch that changes the ruling as its module's docstring says.

Law texts: seed 000 (13B2, 13C, 14A-B, 16C), seed 001 (15A-C); 42-43 from the structure the
seed 003 index and its reference to 43B2(C) beside Law 62 give (see law42's docstring).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.errors import InputError, ParseError
from generator.laws import law13, law14, law15, law16, law42
from generator.laws.engine import analyse
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.case import parse_case
from generator.table.events import (
    DummyAct,
    HandCount,
    Objected,
    PlayedBefore,
    WrongTable,
    parse_event,
)

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"
DEAL = "N:AKQ2.K32.54.A987 J43.AQ4.KQJ2.K65 T9876.J5.A63.Q32 5.T9876.T987.JT4"
AUCTION = ["N 1S", "E P", "S 2S", "W P", "N 4S", "E P", "S P", "W P"]
TWO_TRICKS = ["E leads DK", "S plays D3", "W plays D7", "N plays D4",
              "E leads C5", "S plays C2", "W plays CT", "N plays CA"]


def rule(events: list[str], deal: str | None = DEAL) -> dict[str, Any]:
    """The engine's output for board 1 (dealer North) with these events."""
    text = "board: 1\n" + (f"deal: '{deal}'\n" if deal else "") + "events:\n" + "".join(
        f"  - {e}\n" for e in events)
    return analyse(parse_case(text))


def ruling_of(output: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(r for r in output["rulings"] if r["kind"] == kind)


def kinds(ruling: dict[str, Any]) -> list[str]:
    return [r["kind"] for r in ruling["rectifications"]]


@pytest.mark.parametrize("line, event", [
    ("N holds 14", HandCount(Seat.N, 14)),
    ("W holds 12 S5", HandCount(Seat.W, 12, Card.parse("S5"))),
    ("E objects", None), ("director wrong-table EW", WrongTable("EW")),
    ("director wrong-table", WrongTable()), ("W played-before", None), ("S looks W", None),
    ("S exchanges", None), ("S warns", None), ("S draws_attention", DummyAct(Seat.S,
                                                                            "draws_attention")),
])
def test_new_verbs_read_back_as_written(line: str, event: Any) -> None:
    parsed = parse_event(line)
    assert str(parsed) == line
    assert isinstance(parsed, (HandCount, Objected, WrongTable, PlayedBefore, DummyAct))
    if event is not None:
        assert parsed == event


@pytest.mark.parametrize("line", ["N holds 14 SA", "N holds", "director wrong-table NE",
                                  "S looks", "S warns N", "E objects now", "N asks withdrew"])
def test_malformed_board_verbs_are_parse_errors(line: str) -> None:
    with pytest.raises(ParseError):
        parse_event(line)


def test_only_dummy_acts_as_dummy_and_only_when_declarer_is_to_lead() -> None:
    with pytest.raises(InputError, match="only dummy"):
        rule([*AUCTION, "E leads DK", "W looks E"])
    with pytest.raises(InputError, match="declarer is not to lead"):
        rule([*AUCTION, "S warns"])  # E is on lead: a warning about declarer's hand is no event
    with pytest.raises(InputError, match="no irregularity"):
        rule([*AUCTION, "E leads DK", "S draws_attention"])


def test_13_found_before_any_call_is_13a_after_a_call_13b_unless_the_switch_is_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """13A: nobody has seen another's cards; 13B: a player has. SEEN_ONCE_A_CALL_IS_MADE reads
    a call as the sign that the holder has looked at his cards; off, only the play counts."""
    assert kinds(ruling_of(rule(["S holds 14"], None), "wrong_number_of_cards")) == [
        "deal_corrected"]
    seen = ruling_of(rule(["N 1S", "S holds 14"], None), "wrong_number_of_cards")
    assert seen["rectifications"] == [{"kind": "deal_corrected", "law": "13B"}]
    assert {"reason": "seen_cards_may_interfere", "law": "13B1"} in seen["flags"]
    monkeypatch.setattr(law13, "SEEN_ONCE_A_CALL_IS_MADE", False)
    unseen = ruling_of(rule(["N 1S", "S holds 14"], None), "wrong_number_of_cards")
    assert unseen["rectifications"] == [{"kind": "deal_corrected", "law": "13A"}]
    assert unseen["flags"] == []


def test_13b2_an_objection_ends_the_board_with_artificial_scores_but_not_under_13a() -> None:
    objected = rule(["N 1S", "S holds 14", "W objects"], None)
    assert {"kind": "adjusted_score", "adjustment": "artificial", "law": "12C1"} in \
        ruling_of(objected, "wrong_number_of_cards")["rectifications"]
    assert objected["state"]["phase"] == "ended"
    # before any call (13A) the cards are put right and an objection changes nothing
    early = rule(["S holds 14", "W objects"], None)
    assert kinds(ruling_of(early, "wrong_number_of_cards")) == ["deal_corrected"]
    assert early["state"]["phase"] == "auction"


def test_13c_after_the_play_cancels_the_result() -> None:
    ruling = ruling_of(rule(["N P", "E P", "S P", "W P", "N holds 14"], None),
                       "wrong_number_of_cards")
    assert kinds(ruling) == ["result_cancelled", "adjusted_score"]
    assert ruling["laws"][0] == "13C"


def test_14b3_a_card_found_during_play_counts_as_held_so_the_discard_was_a_revoke(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """14B3: West discarded a heart on a spade lead while the spade five was missing; once found
    it counts as his all along, so the engine, knowing the deal, had recorded the revoke. A card
    not found in the play is the deal rebuilt (NOT_FOUND_IN_PLAY_REBUILDS) or left to the
    director."""
    events = AUCTION + TWO_TRICKS + ["N leads SA", "E plays S3", "S plays S6", "W plays H6"]
    output = rule([*events, "W holds 12 S5"])
    assert [i["kind"] for i in output["irregularities"]] == ["revoke", "missing_card"]
    ruling = ruling_of(output, "missing_card")
    assert {"topic": "failure_to_play_was_revoke", "law": "14B3", "seat": "W",
            "card": "S5"} in ruling["notes"]
    assert ruling_of(rule([*events, "W holds 12"]), "missing_card")["rectifications"] == [
        {"kind": "deal_reconstructed", "law": "14B2"}]
    monkeypatch.setattr(law14, "NOT_FOUND_IN_PLAY_REBUILDS", False)
    left = ruling_of(rule([*events, "W holds 12"]), "missing_card")
    assert left["rectifications"] == []
    assert left["flags"] == [{"reason": "missing_card_not_found", "law": "14B2"}]


def test_15c_second_auction_repeats_the_staying_pairs_calls_unless_the_switch_is_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """15C: North-South stay; South's 3S where he had bid 2S cancels the board. With
    SECOND_AUCTION_REPEATS off the second auction is free and goes on."""
    events = ["N 1S", "E P", "S 2S", "director wrong-table EW", "N 1S", "E 2H", "S 3S"]
    cancelled = rule(events, None)
    assert "board_cancelled" in kinds(ruling_of(cancelled, "board_not_designated"))
    assert cancelled["state"]["phase"] == "ended"
    monkeypatch.setattr(law15, "SECOND_AUCTION_REPEATS", False)
    free = rule(events, None)
    assert kinds(ruling_of(free, "board_not_designated")) == ["auction_cancelled",
                                                              "contestants_reseated"]
    assert free["state"]["phase"] == "auction" and free["state"]["next"] == "W"
    assert [a["call"] for a in free["state"]["auction"] if a["status"] == "standing"] == [
        "1S", "2H", "3S"]


def test_15b_a_second_play_of_the_board_cancels_it_15a_keeps_a_first_one() -> None:
    played = rule([*AUCTION, "E leads DK", "W played-before"])
    assert kinds(ruling_of(played, "board_not_designated")) == ["result_cancelled",
                                                                "adjusted_score"]
    first = rule([*AUCTION, "E leads DK", "director wrong-table"])
    assert kinds(ruling_of(first, "board_not_designated")) == ["score_stands"]


def test_16c2_the_offenders_own_withdrawn_call_waits_for_the_penalty_by_the_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """16C2 (seed 000): East's insufficient 1H replaced by 2D bars West throughout. With
    PAID_ONCE_APPLIED West may use the 1H at once; without it not while he still serves the
    bar. For South (16C1) it is authorised either way."""
    events = ["N 1S", "E 1H", "S refuses", "E 2D", "S P"]
    info = ruling_of(rule([*events, "W asks withdrawn"], None), "withdrawn_information")
    assert info["rectifications"] == [{"kind": "information", "seat": "W", "authorised": True,
                                       "condition": "penalty_paid", "law": "16C2"}]
    monkeypatch.setattr(law16, "PAID_ONCE_APPLIED", False)
    info = ruling_of(rule([*events, "W asks withdrawn"], None), "withdrawn_information")
    assert info["rectifications"][0]["authorised"] is False
    south = ruling_of(rule([*events, "S asks withdrawn"], None), "withdrawn_information")
    assert south["rectifications"] == [{"kind": "information", "seat": "S", "authorised": True,
                                        "law": "16C1"}]


def test_43b2a_warning_costs_declarer_only_after_a_violation_unless_the_switch_is_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    free = ruling_of(rule(AUCTION + TWO_TRICKS + ["S warns"]), "dummy_warns")
    assert free["rectifications"] == [{"kind": "no_rectification", "law": "42B2"}]
    monkeypatch.setattr(law42, "WARNING_NEEDS_EARLIER_VIOLATION", False)
    costly = ruling_of(rule(AUCTION + TWO_TRICKS + ["S warns"]), "dummy_warns")
    assert costly["options"][0]["seat"] == "E"
    assert costly["options"][0]["ids"] == ["lead_declarer", "lead_dummy"]


def test_43b2b_dummys_first_remark_after_a_violation_picks_up_the_penalty_card() -> None:
    events = AUCTION + TWO_TRICKS + ["W exposes H6", "S draws_attention"]
    usual = rule(events)
    assert usual["state"]["penalty_cards"] != []
    waived = rule(AUCTION + TWO_TRICKS + ["S looks E", "W exposes H6", "S draws_attention"])
    assert waived["state"]["penalty_cards"] == []
    exposed = ruling_of(waived, "exposed_card")
    assert "penalty_card" not in kinds(exposed)
    assert {"topic": "penalty_waived_by_dummy", "law": "43B2b"} in exposed["notes"]


def test_every_board_case_names_the_clause_it_rests_on() -> None:
    """At least three sentence-named cases per law, each citing its clause in ``source``."""
    for law in ("law13", "law14", "law15", "law42", "law43"):
        files = sorted((CASES / law).glob("*.yaml"))
        assert len(files) >= 3, law
        for path in files:
            source = yaml.safe_load(path.read_text(encoding="utf-8"))["source"]
            assert f"{law[3:].lstrip('0')}" in source and "1987" in source, path.name
