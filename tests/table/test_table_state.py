"""The replayed state: turns, the end of the auction, the play, and the neutral mechanics of
accepting and refusing (plus regressions for states that used to crash the replay)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import ImpossibleEventError
from generator.model import Board, Deal, Seat
from generator.table import Table, load_case, parse_event, replay

RV01_DEAL = "N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742"
AUCTION = ["N P", "E P", "S 1S", "W P", "N 3S", "E P", "S 4S", "W P", "N P", "E P"]

SNAPSHOT_KEYS = {"phase", "next", "dealer", "vulnerable", "contract", "declarer", "auction",
                 "bars", "lead_restrictions", "pending", "tricks", "current_trick", "tricks_won",
                 "exposed"}


def table_of(events: list[str], board: int = 1, deal: str | None = None) -> Table:
    table = Table(Board.from_number(board), Deal.parse(deal) if deal else None)
    return table.apply_all(parse_event(e) for e in events)


def state(table: Table) -> tuple[str, str | None, str | None, str | None]:
    snap = table.snapshot()
    return snap["phase"], snap["next"], snap["contract"], snap["declarer"]


def test_fresh_table() -> None:
    table = Table(Board.from_number(6))
    snap = table.snapshot()
    assert set(snap) >= SNAPSHOT_KEYS
    assert (snap["phase"], snap["next"], snap["dealer"], snap["vulnerable"]) == (
        "auction", "E", "E", "EW")
    assert snap["contract"] is None and snap["declarer"] is None and snap["pending"] is None
    assert snap["tricks_won"] == {"NS": 0, "EW": 0}


@pytest.mark.parametrize(("events", "expected"), [
    (["N 1H"], ("auction", "E", None, None)),
    (["N 1H", "E P", "S P"], ("auction", "W", None, None)),
    (["N 1H", "E P", "S P", "W P"], ("play", "E", "1H", "N")),
    (["N P", "E P", "S P", "W P"], ("ended", None, None, None)),
    (["N 1C", "E 1H", "S X", "W XX", "N P", "E P", "S P"], ("play", "S", "1HXX", "E")),
    (AUCTION, ("play", "W", "4S", "S")),
    ([*AUCTION, "W leads C4"], ("play", "N", "4S", "S")),
    ([*AUCTION, "W leads C4", "N plays C6", "E plays C8", "S plays CA"], ("play", "S", "4S", "S")),
    ([*AUCTION, "W leads C4", "N plays C6", "E plays CQ", "S plays C5"], ("play", "E", "4S", "S")),
])
def test_turns_and_end_of_auction(events: list[str], expected: tuple[str, ...]) -> None:
    table = table_of(events, deal=RV01_DEAL)
    assert state(table) == expected
    assert table.irregularities == []


def test_trick_record() -> None:
    table = table_of([*AUCTION, "W leads C4", "N plays C6", "E plays C8", "S plays CA",
                      "S leads S4"], deal=RV01_DEAL)
    snap = table.snapshot()
    assert snap["tricks"] == [{"leader": "W", "cards": ["W C4", "N C6", "E C8", "S CA"],
                               "winner": "S"}]
    assert snap["current_trick"] == {"leader": "S", "cards": ["S S4"], "winner": None}
    assert snap["tricks_won"] == {"NS": 1, "EW": 0}
    assert table.remaining(Seat.S) is not None and len(table.remaining(Seat.S) or ()) == 11


@pytest.mark.parametrize(("events", "won"), [
    # the trick in progress is one of the tricks a claim disposes of
    (["W leads C4", "S claims 13"], {"NS": 13, "EW": 0}),
    (["W leads C4", "S claims 12"], {"NS": 12, "EW": 1}),
    (["W leads C4", "S concedes 2"], {"NS": 11, "EW": 2}),
    (["W leads C4", "W claims 3"], {"NS": 10, "EW": 3}),
    (["W leads C4", "N plays C6", "E plays C8", "S plays CA", "S claims 12"],
     {"NS": 13, "EW": 0}),
    (["W leads C4", "N plays C6", "E plays C8", "S plays CA", "S leads S4", "W concedes 12"],
     {"NS": 13, "EW": 0}),
])
def test_claims_and_concessions_end_the_board(events: list[str], won: dict[str, int]) -> None:
    # regression: a claim in the middle of a trick dropped that trick (12 tricks in all)
    table = table_of(AUCTION + events, deal=RV01_DEAL)
    assert table.phase == "ended" and table.next is None
    assert table.snapshot()["tricks_won"] == won
    assert sum(won.values()) == 13


def test_claiming_more_than_remains_is_impossible() -> None:
    with pytest.raises(ImpossibleEventError):
        table_of([*AUCTION, "W leads C4", "N plays C6", "E plays C8", "S plays CA",
                  "S claims 13"], deal=RV01_DEAL)


def test_refused_pass_out_of_rotation_returns_the_turn() -> None:
    table = table_of(["E P", "S refuses"])
    assert state(table) == ("auction", "N", None, None)
    assert [e.status for e in table.entries] == ["cancelled"]


def test_accepted_call_out_of_rotation_stands() -> None:
    table = table_of(["E 1H", "S accepts"])
    assert state(table)[:2] == ("auction", "S")
    assert [e.status for e in table.entries] == ["standing"]


def test_refused_insufficient_bid_is_replaced_by_the_substitute() -> None:
    table = table_of(["N 1S", "E 1H", "S refuses", "E 2H"])
    assert [(str(e.call), e.status) for e in table.entries] == [
        ("1S", "standing"), ("1H", "cancelled"), ("2H", "standing")]
    assert table.next is Seat.S and table.pending is None


def test_only_the_entitled_player_may_accept() -> None:
    with pytest.raises(ImpossibleEventError):
        table_of(["N 1S", "E 1H", "W accepts"])


def test_inadvertent_change_that_makes_the_third_pass_ends_the_auction() -> None:
    # regression: the corrected call completed the auction, but the table stayed in the
    # auction and the opening lead then crashed the replay (AssertionError)
    table = table_of(["N 1H", "E P", "S P", "W 1S", "W changes P inadvertent"])
    assert state(table) == ("play", "E", "1H", "N")
    table.apply(parse_event("E leads SK"))
    assert table.phase == "play" and table.current is not None


def test_auction_completed_while_a_decision_was_pending_ends_on_the_decision() -> None:
    # regression: N passes at partner's turn; S and W pass while E's decision is pending, which
    # completes the standing auction; the refusal must close it (a lead used to crash)
    table = table_of(["N 1H", "E P", "N P", "S P", "W P", "E refuses"])
    assert state(table) == ("play", "E", "1H", "N")
    table.apply(parse_event("E leads SK"))
    assert table.irregularities[0].kind.value == "pass_out_of_rotation"
    assert len(table.irregularities) == 1


def test_card_after_the_board_ended_is_impossible() -> None:
    with pytest.raises(ImpossibleEventError):
        table_of(["N P", "E P", "S P", "W P", "W leads SK"])


def test_sample_case_replays_the_same_incrementally_and_in_one_go(
        sample_case_path: Path) -> None:
    case = load_case(sample_case_path)
    incremental = Table(case.board, case.deal)
    for k, event in enumerate(case.events, start=1):
        incremental.apply(event)
        one_go = Table(case.board, case.deal).apply_all(case.events[:k])
        assert incremental.snapshot() == one_go.snapshot()
        assert incremental.irregularities == one_go.irregularities
    assert replay(case).snapshot() == incremental.snapshot()


@pytest.mark.parametrize(("name", "expected"), [
    ("BO05", ("auction", "N", None, None)),
    ("CC02", ("auction", "S", None, None)),
    ("IB04", ("auction", "S", None, None)),
    ("IB05", ("play", "W", "3NT", "S")),
    ("P01", ("auction", "N", None, None)),
    ("OL01", ("play", "S", "4H", "S")),
    ("RV01", ("play", "S", "4S", "S")),
])
def test_sample_case_neutral_state(name: str, expected: tuple[str, ...], cases_dir: Path) -> None:
    path = cases_dir / f"{name}.yaml"
    assert path.is_file(), f"sample case missing: {path}"
    assert state(replay(load_case(path))) == expected


def test_legal_cards_follow_suit_as_the_model_says() -> None:
    """``Table.legal_cards`` (the generator's hot path) gives what ``model.play.legal_plays``
    gives on a Hand: any card on a lead, the suit led when the player has it, else any card; in
    suit-then-rank order; and nothing when the deal is unknown. Checked at every card of a board
    played to the end."""
    from generator.model.hand import Hand
    from generator.model.play import legal_plays

    table = table_of(AUCTION, deal=RV01_DEAL)
    checked = 0
    while table.phase == "play":
        seat = table.next
        assert seat is not None
        hand = table.remaining(seat)
        assert hand is not None
        current = table.current
        led = None if table.leading or current is None else current.led_suit
        expected = sorted(legal_plays(Hand(hand), led), key=lambda c: (c.suit.order, c.rank.order))
        got = table.legal_cards(seat)
        assert got == expected
        checked += 1
        verb = "leads" if table.leading else "plays"
        table.apply(parse_event(f"{seat} {verb} {got[-1]}"))  # the top card of the last suit
    assert checked == 52
    assert Table(Board.from_number(1)).legal_cards(Seat.parse("N")) == []


def test_a_late_moment_comes_only_after_the_board_and_ends_it() -> None:
    """``director after_next_deal`` / ``after_round`` (64B4-5) are moments after the last card:
    refused during the auction or the play; once given, no event of the board can follow."""
    with pytest.raises(ImpossibleEventError, match="auction is not over"):
        table_of(["N 1S", "director after_round"])
    with pytest.raises(ImpossibleEventError, match="play is not over"):
        table_of([*AUCTION, "W leads H9", "director after_next_deal"], deal=RV01_DEAL)
    passed_out = table_of(["N P", "E P", "S P", "W P", "director after_round"])
    assert passed_out.late == "after_round"
    with pytest.raises(ImpossibleEventError, match="comes after 'director after_round'"):
        passed_out.apply(parse_event("director"))
