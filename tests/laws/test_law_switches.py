"""The readings a law module takes where the 1987 text was not seen are switches (module
constants); flipping each one changes the ruling as the module's docstring says, so a switch
cannot silently stop mattering."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.laws import law45, law50, law55, law64, law67
from generator.laws.engine import analyse
from generator.table.case import load_case

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"


def rectifications(path: Path) -> list[dict[str, Any]]:
    """Every rectification of every ruling the engine gives on the case at ``path``."""
    return [r for ruling in analyse(load_case(path))["rulings"] for r in ruling["rectifications"]]


def case_with_events(tmp_path: Path, source: Path, events: list[str]) -> Path:
    """A copy of the case ``source`` (deal, board, header) with other events and no expect."""
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.pop("expect", None)
    data["events"] = events
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_same_suit_makes_declarer_lead_the_suit_of_the_wrong_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """55B2: with SAME_SUIT declarer must lead the same suit from the right hand; without it
    he leads any card."""
    path = CASES / "law54" / \
        "declarer-leading-from-dummy-instead-of-his-hand-must-lead-the-same-suit-from-hand.yaml"
    assert {"kind": "must_play", "seat": "W", "rule": "same_suit", "suit": "D",
            "law": "55B2"} in rectifications(path)
    monkeypatch.setattr(law55, "SAME_SUIT", False)
    assert rectifications(path) == [{"kind": "no_rectification", "law": "55B2"}]


def test_excess_card_penalty_makes_a_defenders_extra_card_a_penalty_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """67A with 45E1: with EXCESS_CARD_PENALTY a defender's second card to a trick becomes a
    major penalty card; without it the card simply goes back."""
    path = CASES / "law66" / "defender-adding-a-second-card-to-a-trick-makes-it-a-penalty-card.yaml"
    withdrawn = {"kind": "card_withdrawn", "seat": "N", "card": "C3", "law": "67A"}
    assert rectifications(path) == [withdrawn, {"kind": "penalty_card", "seat": "N", "card": "C3",
                                                "major": True, "law": "45E1"},
                                    {"kind": "must_play", "seat": "N", "card": "C3",
                                     "when": "first_legal_opportunity", "law": "50E"},
                                    # the lead choice it holds in store for S (issue 13)
                                    {"kind": "lead_restriction", "seat": "S",
                                     "chooser": "declarer", "suits": ["C"],
                                     "may": ["require", "prohibit"], "cards": ["C3"],
                                     "when": "partner_gains_lead", "law": "50E"}]
    monkeypatch.setattr(law67, "EXCESS_CARD_PENALTY", False)
    assert rectifications(path) == [withdrawn, {"kind": "no_rectification", "law": "67A"}]


def test_two_or_more_penalty_cards_are_all_major(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """50B: with TWO_OR_MORE_ARE_MAJOR a second penalty card makes the first, minor, one major
    (listed again under 50B); without it both stay minor."""
    source = CASES / "law50" / "a-second-penalty-card-makes-an-earlier-minor-one-major.yaml"
    events = yaml.safe_load(source.read_text(encoding="utf-8"))["events"]
    path = case_with_events(tmp_path, source, events[:events.index("S exposes H4") + 1])
    assert [r for r in rectifications(path) if r["kind"] == "penalty_card"] == [
        {"kind": "penalty_card", "seat": "S", "card": "D4", "major": False, "law": "50"},
        {"kind": "penalty_card", "seat": "S", "card": "D4", "major": True, "law": "50B"},
        {"kind": "penalty_card", "seat": "S", "card": "H4", "major": True, "law": "50"},
    ]
    monkeypatch.setattr(law50, "TWO_OR_MORE_ARE_MAJOR", False)
    assert [r for r in rectifications(path) if r["kind"] == "penalty_card"] == [
        {"kind": "penalty_card", "seat": "S", "card": "D4", "major": False, "law": "50"},
        {"kind": "penalty_card", "seat": "S", "card": "H4", "major": False, "law": "50"},
    ]


def test_a_trick_dummy_wins_counts_for_a_revoking_declarer_only_by_the_switch(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """64A: declarer North revokes on trick 8 and dummy wins it, North-South winning every later
    trick. Dummy's win is not declarer's (one trick, 64A2) unless
    DUMMY_WIN_COUNTS_FOR_DECLARER (two tricks, 64A1)."""
    source = CASES / "law64" / "declarer-who-revokes-and-wins-the-trick-forfeits-two-tricks.yaml"
    events = yaml.safe_load(source.read_text(encoding="utf-8"))["events"]
    seven_tricks = events[:events.index("W leads D2")]
    tricks = ["W leads D2, N plays HJ, E plays D4, S plays D5",  # N revokes holding DQ D8
              "S leads DK, W plays D7, N plays D8, E plays C9",
              "S leads DT, W plays HA, N plays DQ, E plays CJ",
              "N leads SA, E plays S7, S plays SK, W plays H7",
              "N leads ST, E plays S9, S plays C7, W plays H8",
              "N leads S2, E plays H2, S plays C6, W plays HT"]
    rest = [event for trick in tricks for event in trick.split(", ")]
    path = case_with_events(tmp_path, source, seven_tricks + rest)
    transfer = [r for r in rectifications(path) if r["kind"] == "trick_transfer"]
    assert transfer == [{"kind": "trick_transfer", "to": "EW", "tricks": 1, "law": "64A2"}]
    monkeypatch.setattr(law64, "DUMMY_WIN_COUNTS_FOR_DECLARER", True)
    transfer = [r for r in rectifications(path) if r["kind"] == "trick_transfer"]
    assert transfer == [{"kind": "trick_transfer", "to": "EW", "tricks": 2, "law": "64A1"}]


def test_faced_at_own_turn_makes_a_card_shown_at_ones_turn_the_card_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """45C1: with FACED_AT_OWN_TURN_IS_PLAYED a single card a defender shows at his own turn is
    his play; without it (the reading taken) it is an exposed card, a penalty card. A card
    marked ``held`` is played either way."""
    source = CASES / "law45" / \
        "defenders-card-held-face-up-at-his-own-turn-is-played-not-a-penalty-card.yaml"
    events = yaml.safe_load(source.read_text(encoding="utf-8"))["events"]
    shown = case_with_events(tmp_path, source, [e.replace(" held", "") for e in events])
    assert {"kind": "penalty_card", "seat": "S", "card": "C5", "major": False,
            "law": "50"} in [{k: v for k, v in r.items() if k != "status"}
                             for r in rectifications(shown)]
    assert rectifications(source) == []
    monkeypatch.setattr(law45, "FACED_AT_OWN_TURN_IS_PLAYED", True)
    assert rectifications(shown) == []
    assert rectifications(source) == []


def test_lho_calling_over_a_change_at_his_turn_accepts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """25B1 against 28B (Law 28's module): with LHO_CALLING_OVER_A_CHANGE_ACCEPTS the LHO's call
    over a call made at his turn by a player who had already called accepts it as a change of
    call (the new call stands); without it 28B voids it and the earlier call stands."""
    from generator.laws import law28

    path = CASES / "law28" / ("left-hand-opponent-calling-over-a-pass-at-his-turn-by-a-player-"
                              "who-has-called-accepts-the-change.yaml")
    assert {"kind": "call_stands", "event": 3, "law": "25B1"} in rectifications(path)
    monkeypatch.setattr(law28, "LHO_CALLING_OVER_A_CHANGE_ACCEPTS", False)
    assert {"kind": "call_cancelled", "event": 3, "law": "28B"} in rectifications(path)


def test_declarer_designates_which_of_two_legal_penalty_cards_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """51A (Law 51's module): with DECLARER_DESIGNATES declarer names which of the owner's two
    legal penalty cards he plays; without it the owner plays either and no choice is offered."""
    from generator.laws import law51

    path = CASES / "law51" / ("declarer-designates-which-of-two-penalty-cards-the-owner-plays-"
                              "when-both-are-legal.yaml")

    def option_ids() -> list[str]:
        return [i for ruling in analyse(load_case(path))["rulings"]
                for choice in ruling["options"] for i in choice["ids"]]

    assert {"play_H6", "play_H9"} <= set(option_ids())
    monkeypatch.setattr(law51, "DECLARER_DESIGNATES", False)
    assert not {"play_H6", "play_H9"} & set(option_ids())


def test_a_director_call_during_the_play_keeps_64b5_off_only_by_the_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """64B5: the director was called to the table after East's revoke was established and the
    revoke was raised again after the round. With EARLIER_CALL_DRAWS_ATTENTION (the reading
    taken) attention was not first drawn after the round: the two tricks go (64A1). Without it
    only the late moment counts: no transfer (64B5)."""
    path = CASES / "law64" / ("revoke-the-director-was-called-to-during-the-play-keeps-its-"
                              "transfer-when-raised-after-the-round.yaml")
    assert rectifications(path) == [
        {"kind": "trick_transfer", "to": "NS", "tricks": 2, "law": "64A1"}]
    monkeypatch.setattr(law64, "EARLIER_CALL_DRAWS_ATTENTION", False)
    ruling = analyse(load_case(path))["rulings"][0]
    assert ruling["rectifications"] == [{"kind": "no_rectification", "law": "64B5"}]
    assert "64A1" not in ruling["laws"] and "64C" in ruling["laws"]
