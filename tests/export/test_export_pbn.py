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

from generator.export.pbn import comment_lines, pbn, regular_auction, scenario_ids, tag

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
        assert all(line.startswith(("[", "{")) or re.fullmatch(r"[\w ]+", line)
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
