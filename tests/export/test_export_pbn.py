"""PBN: a bridge library (endplay) opens the file and gets back each scenario's deal, board number,
dealer and vulnerability; contracts and auctions agree with the engine; the layout is PBN 2.1
export format; comments cannot break out of their braces."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Contract, Deal, Denom, Player, Vul

from generator.export.pbn import (
    comment_lines,
    pbn,
    regular_auction,
    regular_play,
    scenario_ids,
    tag,
)
from generator.table.events import played_cards

Load = Callable[[str], list[dict[str, Any]]]
Records = dict[str, dict[str, Any]]
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
             "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
VUL = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}


@pytest.fixture(scope="module")
def exported(load: Load, records: Records) -> tuple[str, list[dict[str, Any]], int]:
    ids = scenario_ids(load("en"))
    chosen = [records[i] for i in ids]
    text, auctions = pbn(chosen, "en")
    return text, chosen, auctions


def games(text: str) -> list[list[str]]:
    body = text.split("\r\n\r\n", 1)[1]
    return [g.split("\r\n") for g in body.split("\r\n\r\n") if g.strip()]


def test_endplay_opens_the_file_and_gets_every_deal_back(
        exported: tuple[str, list[dict[str, Any]], int]) -> None:
    text, chosen, _ = exported
    boards = endplay_pbn.loads(text)
    assert len(boards) == len(chosen)
    for board, record in zip(boards, chosen, strict=True):
        case = record["case"]
        bank_deal = Deal(case["deal"])
        assert [str(board.deal[p]) for p in Player] == [str(bank_deal[p]) for p in Player]
        assert board.board_num == case["board"]
        assert board.dealer is not None and board.dealer.abbr == record["state"]["dealer"]
        assert board.vul == VUL[record["state"]["vulnerable"]]
        assert board.info["Event"] == "tdcourse 1987"


def test_contracts_and_auctions_agree_with_the_engine(
        exported: tuple[str, list[dict[str, Any]], int]) -> None:
    text, chosen, auctions = exported
    boards = endplay_pbn.loads(text)
    with_auction = 0
    for board, record in zip(boards, chosen, strict=True):
        state = record["state"]
        if state["contract"]:
            assert board.contract is not None
            level, strain = state["contract"][0], state["contract"][1:].rstrip("X")
            assert str(board.contract.level) == level
            assert board.contract.denom == Denom.find(strain)
            assert board.contract.declarer.abbr == state["declarer"]
        if board.auction:
            assert board.dealer is not None
            with_auction += 1
            replayed = Contract.from_auction(board.dealer, board.auction)
            if state["contract"]:
                assert replayed.level == board.contract.level  # type: ignore[union-attr]
                assert replayed.denom == board.contract.denom  # type: ignore[union-attr]
                assert replayed.declarer == board.contract.declarer  # type: ignore[union-attr]
            else:
                assert replayed.is_passout()
    assert with_auction == auctions > 0


def test_layout_is_pbn_export_format(exported: tuple[str, list[dict[str, Any]], int]) -> None:
    text, _, _ = exported
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\n" not in text.replace("\r\n", "")  # every line ends in CR LF
    assert all(len(line) <= 255 for line in text.split("\r\n"))
    assert text.isascii()  # English: tags, deals and comments all ASCII
    for game in games(text):
        names = [re.match(r"\[(\w+) ", line).group(1)  # type: ignore[union-attr]
                 for line in game if line.startswith("[")]
        assert tuple(names[:15]) == MANDATORY
        assert names[15:] == sorted(names[15:])  # supplemental tags in name order
        assert all(line.startswith(("[", "{")) or re.fullmatch(r"[\w -]+", line)
                   for line in game)


def test_the_vulnerability_of_both_sides_is_written_all(
        exported: tuple[str, list[dict[str, Any]], int]) -> None:
    text, chosen, _ = exported
    both = sum(1 for r in chosen if r["state"]["vulnerable"] == "Both")
    assert text.count('[Vulnerable "All"]') == both
    assert '[Vulnerable "Both"]' not in text


def test_a_comment_cannot_leave_its_braces() -> None:
    hostile = "a } [Board \"99\"] { b %c\n\n[Deal \"x\"]" + " word" * 60
    lines = comment_lines(hostile)
    assert len(lines) > 1 and all(len(line) <= 80 for line in lines)
    assert all(line.startswith("{") and line.endswith("}") and line.count("}") == 1
               and "{" not in line[1:] for line in lines)
    game = "\r\n".join(["% PBN 2.1", "% EXPORT", "", tag("Event", 'say "hi" \\ o/'),
                        tag("Board", 3), *lines,
                        tag("Deal", "N:AKJT72.Q5.43.AK4 Q.K843.AJ982.Q85 963.AJT9.K76.J76 "
                                    "854.762.QT5.T932"), ""])
    [board] = endplay_pbn.loads(game)
    assert board.board_num == 3
    assert str(board.deal[Player.north]) == "AKJT72.Q5.43.AK4"


def test_scenario_ids_keep_the_questions_order_without_repeats() -> None:
    questions = [{"scenario": s} for s in ("s-2", "s-1", "s-2", "s-3", "s-1")]
    assert scenario_ids(questions) == ["s-2", "s-1", "s-3"]


def _state(dealer: str, calls: list[tuple[str, str, str]], contract: str | None,
           declarer: str | None) -> dict[str, Any]:
    return {"dealer": dealer, "contract": contract, "declarer": declarer,
            "auction": [{"seat": s, "call": c, "status": st} for s, c, st in calls]}


def test_only_a_regular_auction_becomes_an_auction_section() -> None:
    regular = [("S", "P", "standing"), ("W", "1H", "standing"), ("N", "X", "standing"),
               ("E", "P", "standing"), ("S", "P", "standing"), ("W", "P", "standing")]
    assert regular_auction(_state("S", regular, "1HX", "W")) == ["Pass", "1H", "X", "Pass",
                                                                "Pass", "Pass"]
    assert regular_auction(_state("S", regular, "1H", "W")) is None  # not the stated contract
    out_of_turn = [("S", "P", "standing"), ("N", "1H", "standing"), ("E", "P", "standing")]
    assert regular_auction(_state("S", out_of_turn, "1H", "N")) is None
    cancelled = [("S", "1S", "standing"), ("W", "1H", "cancelled"), ("W", "2H", "standing"),
                 ("N", "P", "standing"), ("E", "P", "standing"), ("S", "P", "standing")]
    assert regular_auction(_state("S", cancelled, "2H", "W")) == ["1S", "2H", "Pass", "Pass",
                                                                 "Pass"]
    unfinished = [("S", "1S", "standing"), ("W", "P", "standing")]
    assert regular_auction(_state("S", unfinished, None, None)) is None
    passed_out = [(seat, "P", "standing") for seat in "ESWN"]
    assert regular_auction(_state("E", passed_out, None, None)) == ["Pass"] * 4


# --------------------------------------------------------------------------- the play


def test_a_play_section_replays_the_cards_played_and_the_rest_are_a_comment(
        exported: tuple[str, list[dict[str, Any]], int]) -> None:
    """endplay, replaying each Play section with its own trick winners, gets back every card led
    or played in the scenario, in order; a scenario whose play is irregular lists its cards in a
    comment instead, and one with no card played has neither."""
    text, chosen, _ = exported
    boards = endplay_pbn.loads(text)
    sections = 0
    for board, record, game in zip(boards, chosen, games(text), strict=True):
        cards = played_cards(record["case"]["events"])
        played = [str(card) for _, card in cards]
        comment = " ".join(line[1:-1] for line in game if line.startswith("{"))
        if any(line.startswith("[Play ") for line in game):
            sections += 1
            letters = str.maketrans("♠♥♦♣", "SHDC")  # endplay writes suit symbols
            assert [f"{c.suit.abbr}{c.rank.abbr}".translate(letters)
                    for c in board.play] == played
            assert "play was irregular" not in comment
        elif played:
            assert not board.play and "The play was irregular" in comment
            assert ", ".join(f"{seat} {card}" for seat, card in cards) + "." in comment
        else:
            assert not board.play and "play was irregular" not in comment
    assert sections > 0


DEAL = "N:AKJT72.Q5.43.AK4 Q.K843.AJ982.Q85 963.AJT9.K76.J76 854.762.QT5.T932"
STATE = {"contract": "2S", "declarer": "N"}
PLAY = ["E leads H3", "S plays HA", "W plays H2", "N plays H5",
        "S leads D6", "W plays D5", "N plays D3", "E plays DA",
        "E leads CQ", "S plays C6", "W plays CT", "N plays CA",
        "N leads S2", "E plays SQ"]


def test_a_regular_play_is_written_trick_by_trick_from_the_opening_leader() -> None:
    """Columns from East (the opening leader); the trick in progress padded with ``-``; a
    penalty card or a call for the director does not make the cards irregular."""
    assert regular_play(STATE, DEAL, ["N 1S", *PLAY, "W exposes C9", "director"]) == (
        "E", ["H3 HA H2 H5", "DA D6 D5 D3", "CQ C6 CT CA", "SQ - - S2"])


@pytest.mark.parametrize("events", [
    ["S leads H9", "W plays H2", "N plays H5", "E plays H3"],  # the opening lead out of turn
    [*PLAY[:4], "W leads D5"],  # the trick led by the loser of the one before
    [*PLAY[:4], "S leads D6", "N plays D3", "W plays D5"],  # out of rotation
    [*PLAY[:4], "S leads D6", "W plays S8", "N plays D3", "E plays DA"],  # West revokes
    [*PLAY[:4], "S leads D6", "W leads D5"],  # "leads" to a trick already led to
    [*PLAY[:3], "N plays H2"],  # a card that is not in North's hand (West played it)
    ["E leads H3", "S plays HA simultaneous"],
    [],  # no card played at all
], ids=["lead-out-of-turn", "wrong-leader", "rotation", "revoke", "second-lead",
        "not-held", "simultaneous", "none"])
def test_an_irregular_play_is_no_play_section(events: list[str]) -> None:
    assert regular_play(STATE, DEAL, events) is None


def test_no_contract_no_play_section() -> None:
    assert regular_play({"contract": None, "declarer": None}, DEAL, PLAY) is None
    assert regular_play({"contract": "3NT", "declarer": "W"}, DEAL, PLAY) is None  # N leads
