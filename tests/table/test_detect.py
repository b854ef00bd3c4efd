"""Detection: each irregularity kind the events can express is found, with its offender and the
index of the event; the sample cases detect the kind and offender their ``expect`` names."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.model import Board, Deal, Seat
from generator.table import Kind, Table, detect, load_case, parse_case, parse_event, replay
from generator.table.state import Bar

RV01_DEAL = "N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742"
# board 1, dealer N: S declares 4S, W is on lead
AUCTION = ["N P", "E P", "S 1S", "W P", "N 3S", "E P", "S 4S", "W P", "N P", "E P"]
TRICK1 = ["W leads C4", "N plays C6", "E plays C8", "S plays CA"]  # S wins


def table_of(events: list[str], board: int = 1, deal: str | None = RV01_DEAL) -> Table:
    table = Table(Board.from_number(board), Deal.parse(deal) if deal else None)
    return table.apply_all(parse_event(e) for e in events)


def facts(table: Table) -> list[tuple[str, str | None, int | None]]:
    return [(i.kind.value, str(i.seat) if i.seat else None, i.event)
            for i in table.irregularities]


# --------------------------------------------------------------------------- sample cases
def test_sample_case_detects_its_expected_irregularity(sample_case_path: Path) -> None:
    case = load_case(sample_case_path)
    expect = case.expect
    found = detect(case)
    if "irregularity" in expect:
        hits = [i for i in found if i.kind.value == expect["irregularity"]]
        assert hits, f"{expect['irregularity']} not among {[i.kind.value for i in found]}"
        if "offender" in expect:
            assert any(str(i.seat) == str(expect["offender"]).upper() for i in hits)
        # the irregularity of the case is the first one found
        assert found[0].kind.value == expect["irregularity"]
    elif case.is_scoring_case or expect.get("no_irregularities"):
        assert found == []


SAMPLE_FACTS = {
    "BO05": ("bid_out_of_rotation", "S", 0),
    "CC02": ("change_of_call", "E", 1),
    "IB04": ("insufficient_bid", "E", 1),
    "IB05": ("insufficient_bid", "E", 1),
    "IN01": ("inadmissible_double", "N", 2),
    "OL01": ("opening_lead_out_of_turn", "E", 9),
    "P01": ("pass_out_of_rotation", "E", 0),
    "PC01": ("exposed_card", "E", 14),
    "RV01": ("revoke", "E", 19),
}


@pytest.mark.parametrize("name", sorted(SAMPLE_FACTS))
def test_sample_case_event_index(name: str, cases_dir: Path) -> None:
    path = cases_dir / f"{name}.yaml"
    assert path.is_file(), f"sample case missing: {path}"
    assert facts(replay(load_case(path))) == [SAMPLE_FACTS[name]]


def test_there_are_sample_cases(cases_dir: Path) -> None:
    names = {p.stem for p in cases_dir.glob("*.yaml")}
    assert names >= set(SAMPLE_FACTS) | {"S05", "S18", "S31"}


# --------------------------------------------------------------------------- the auction
AUCTION_CASES = [
    # (id, events (board 1, dealer N), kind, seat, event index, details that must hold)
    ("insufficient", ["N 1S", "E 1H"], "insufficient_bid", "E", 1,
     {"last": "1S", "lowest_sufficient": "2H"}),
    ("insufficient same strain", ["N 1S", "E P", "S 2C", "W 1S"], "insufficient_bid", "W", 3,
     {"lowest_sufficient": "2S"}),
    ("insufficient with no sufficient bid", ["N 7NT", "E 7S"], "insufficient_bid", "E", 1,
     {"lowest_sufficient": "none"}),
    ("change of call", ["N 1H", "N changes 1S"], "change_of_call", "N", 1,
     {"call": "1H", "new": "1S"}),
    ("change of call inadvertent", ["N 1H", "N changes 1S inadvertent"], "change_of_call", "N",
     1, {"inadvertent": True}),
    ("pass OOR at RHO's turn", ["E P"], "pass_out_of_rotation", "E", 0, {"relation": "rho"}),
    ("pass OOR at partner's turn", ["S P"], "pass_out_of_rotation", "S", 0,
     {"relation": "partner"}),
    ("pass OOR at LHO's turn", ["W P"], "pass_out_of_rotation", "W", 0, {"relation": "lho"}),
    ("pass OOR after a bid", ["N 1H", "S P"], "pass_out_of_rotation", "S", 1,
     {"relation": "rho", "before_any_bid": False}),
    ("bid OOR at RHO's turn", ["E 1H"], "bid_out_of_rotation", "E", 0, {"relation": "rho"}),
    ("bid OOR at partner's turn", ["S 1H"], "bid_out_of_rotation", "S", 0,
     {"relation": "partner", "before_any_bid": True}),
    ("bid OOR at LHO's turn", ["W 1H"], "bid_out_of_rotation", "W", 0, {"relation": "lho"}),
    ("bid OOR insufficient", ["N 1S", "S 1H"], "bid_out_of_rotation", "S", 1,
     {"insufficient": True}),
    ("double OOR at RHO's turn", ["N 1H", "E P", "W X"], "double_out_of_rotation", "W", 2,
     {"relation": "rho"}),
    ("double OOR at partner's turn", ["N 1H", "W X"], "double_out_of_rotation", "W", 1,
     {"relation": "partner"}),
    ("double OOR at LHO's turn", ["N 1H", "E 1S", "S P", "S X"], "double_out_of_rotation", "S",
     3, {"relation": "lho"}),
    ("redouble OOR at RHO's turn", ["N 1H", "E X", "S P", "N XX"], "redouble_out_of_rotation",
     "N", 3, {"relation": "rho"}),
    ("redouble OOR at partner's turn", ["N 1H", "E X", "N XX"], "redouble_out_of_rotation", "N",
     2, {"relation": "partner"}),
    ("redouble OOR at LHO's turn", ["N 1H", "E X", "S P", "S XX"],
     "redouble_out_of_rotation", "S", 3, {"relation": "lho"}),
    ("inadmissible double of partner", ["N 1H", "E P", "S X"], "inadmissible_double", "S", 2,
     {"reason": "own_side_bid"}),
    ("inadmissible double of nothing", ["N X"], "inadmissible_double", "N", 0,
     {"reason": "nothing_to_double"}),
    ("inadmissible double of a double", ["N 1H", "E X", "S P", "W X"], "inadmissible_double",
     "W", 3, {"reason": "already_doubled"}),
    ("inadmissible double out of rotation", ["N 1H", "S X"], "inadmissible_double", "S", 1,
     {"out_of_rotation": True}),
    ("inadmissible redouble of partner's double", ["N 1H", "E X", "S P", "W XX"],
     "inadmissible_redouble", "W", 3, {"reason": "own_side_double"}),
    ("inadmissible redouble undoubled", ["N 1H", "E XX"], "inadmissible_redouble", "E", 1,
     {"reason": "not_doubled"}),
    ("inadmissible redouble twice", ["N 1H", "E X", "S XX", "W P", "N XX"],
     "inadmissible_redouble", "N", 4, {"reason": "already_redoubled"}),
    ("bid above seven", ["N 8S"], "bid_above_seven", "N", 0, {"call": "8S"}),
    ("bid above seven after bids", ["N 7NT", "E 8C"], "bid_above_seven", "E", 1, {}),
    ("call after final pass", ["N 1H", "E P", "S P", "W P", "N 2H"], "call_after_final_pass",
     "N", 4, {"call": "2H"}),
    ("call after a passed-out auction", ["N P", "E P", "S P", "W P", "N 1C"],
     "call_after_final_pass", "N", 4, {}),
    ("simultaneous call", ["N P", "E P simultaneous"], "simultaneous_call", "E", 1, {}),
    ("card exposed during the auction", ["N P", "W exposes SJ"], "card_exposed_during_auction",
     "W", 1, {"cards": "SJ"}),
    ("two cards exposed during the auction", ["N 1H", "E exposes HA H7"],
     "card_exposed_during_auction", "E", 1, {"cards": "HA H7"}),
    ("card led during the auction", ["N 1H", "E P", "W leads SJ"],
     "card_exposed_during_auction", "W", 2, {"led": True}),
    ("cards from the wrong board", ["N P", "E wrong-board"], "cards_from_wrong_board", "E", 1,
     {}),
]


@pytest.mark.parametrize(("events", "kind", "seat", "index", "details"),
                         [c[1:] for c in AUCTION_CASES], ids=[c[0] for c in AUCTION_CASES])
def test_auction_irregularities(events: list[str], kind: str, seat: str, index: int,
                                details: dict[str, object]) -> None:
    table = table_of(events)
    assert facts(table) == [(kind, seat, index)]
    fact = table.irregularities[0]
    assert fact.kind is Kind(kind)
    for key, value in details.items():
        assert fact.detail(key) == value, (key, fact.details)


def test_regular_auction_has_no_irregularity() -> None:
    table = table_of(AUCTION)
    assert table.irregularities == []
    assert table.phase == "play" and str(table.contract) == "4S" and table.declarer is Seat.S
    assert table.next is Seat.W


def test_call_when_obliged_to_pass() -> None:
    # the bar is set by the laws layer; put one on E by hand
    table = Table(Board.from_number(1))
    table.bars.append(Bar(Seat.E, "next_turn"))
    table.apply_all(parse_event(e) for e in ["N 1H", "E 1S"])
    assert facts(table) == [("call_when_obliged_to_pass", "E", 1)]
    assert table.irregularities[0].detail("scope") == "next_turn"


def test_call_when_obliged_to_pass_throughout() -> None:
    table = Table(Board.from_number(1))
    table.bars.append(Bar(Seat.E, "throughout"))
    table.apply_all(parse_event(e) for e in ["N 1H", "E P", "S 2H", "W P", "N P", "E X"])
    # E's pass is regular; the bar stays for the rest of the auction: the double is not
    assert facts(table) == [("call_when_obliged_to_pass", "E", 5)]
    assert table.irregularities[0].detail("scope") == "throughout"


def test_a_next_turn_bar_is_spent_by_the_pass() -> None:
    table = Table(Board.from_number(1))
    table.bars.append(Bar(Seat.E, "next_turn"))
    table.apply_all(parse_event(e) for e in ["N 1H", "E P", "S 2H", "W P", "N P", "E 3C"])
    assert table.irregularities == [] and table.bars == []


def test_no_double_bar() -> None:
    table = Table(Board.from_number(1))
    table.bars.append(Bar(Seat.E, "no_double"))
    table.apply_all(parse_event(e) for e in ["N 1H", "E X"])
    assert facts(table) == [("inadmissible_double", "E", 1)]
    assert table.irregularities[0].detail("reason") == "barred"


# --------------------------------------------------------------------------- the play
PLAY_CASES = [
    # (id, events after the auction (event 10 on), kind, seat, event index, details)
    ("opening lead out of turn", ["E leads SQ"], "opening_lead_out_of_turn", "E", 10,
     {"turn": "W", "card": "SQ"}),
    ("opening lead by declarer", ["S leads SA"], "opening_lead_out_of_turn", "S", 10,
     {"by_declaring_side": True}),
    ("opening lead by dummy", ["N leads SK"], "opening_lead_out_of_turn", "N", 10,
     {"by_declaring_side": True}),
    ("defender leads out of turn", [*TRICK1, "E leads S2"], "lead_out_of_turn", "E", 14,
     {"turn": "S"}),
    ("defender leads out of turn at partner's turn",
     ["W leads C4", "N plays C6", "E plays CQ", "S plays C5", "W leads D2"],
     "lead_out_of_turn", "W", 14, {"turn": "E"}),
    ("declarer leads from dummy", [*TRICK1, "N leads D3"], "declarer_lead_out_of_turn", "N", 14,
     {"wrong_hand": True}),
    ("declarer leads at a defender's turn",
     ["W leads C4", "N plays C6", "E plays CQ", "S plays C5", "S leads SA"],
     "declarer_lead_out_of_turn", "S", 14, {"turn": "E"}),
    ("exposed card", ["W leads C4", "E exposes HA"], "exposed_card", "E", 11, {"cards": "HA"}),
    ("two exposed cards", ["W leads C4", "N plays C6", "W exposes H2 D2"], "exposed_card", "W",
     12, {"cards": "H2 D2"}),
    ("exposed card by declarer", ["W leads C4", "S exposes SA"], "exposed_card", "S", 11,
     {"by_declarer": True}),
    ("premature play", ["W leads C4", "E plays C8"], "premature_play", "E", 11, {"turn": "N"}),
    ("premature lead to the next trick", ["W leads C4", "N plays C6", "W leads D2"],
     "premature_play", "W", 12, {"lead": True}),
    ("simultaneous play", ["W leads C4", "N plays C6 simultaneous"], "simultaneous_play", "N",
     11, {}),
    ("revoke by a defender", ["W leads D2", "N plays D3", "E plays H4"], "revoke", "E", 12,
     {"led": "D", "card": "H4"}),
    ("revoke by dummy", ["W leads C4", "N plays S6"], "revoke", "N", 11, {"led": "C"}),
    ("revoke by declarer", ["W leads H2", "N plays H3", "E plays HA", "S plays S4"], "revoke",
     "S", 13, {"trick": 1}),
    ("defective trick: a second card", ["W leads C4", "N plays C6", "N plays C3"],
     "defective_trick", "N", 12, {"extra": True}),
    ("claim", ["W leads C4", "S claims 12"], "claim", "S", 11, {"tricks": 12, "remaining": 13}),
    ("claim between tricks", [*TRICK1, "S claims 10"], "claim", "S", 14, {"remaining": 12}),
    ("concession", ["W leads C4", "E concedes 2"], "concession", "E", 11, {"tricks": 2}),
    ("cards from the wrong board in the play", ["W leads C4", "E wrong-board"],
     "cards_from_wrong_board", "E", 11, {}),
    ("declarer plays from his hand before dummy", ["W leads C4", "S plays CA"],
     "play_out_of_turn", "S", 11, {"turn": "N"}),
]


@pytest.mark.parametrize(("events", "kind", "seat", "index", "details"),
                         [c[1:] for c in PLAY_CASES], ids=[c[0] for c in PLAY_CASES])
def test_play_irregularities(events: list[str], kind: str, seat: str, index: int,
                             details: dict[str, object]) -> None:
    table = table_of(AUCTION + events)
    assert facts(table) == [(kind, seat, index)]
    fact = table.irregularities[0]
    for key, value in details.items():
        assert fact.detail(key) == value, (key, fact.details)


def test_following_suit_and_discarding_when_void_are_not_revokes() -> None:
    # W is void of spades after SJ: any card is legal
    table = table_of([*AUCTION, *TRICK1, "S leads S4", "W plays SJ", "N plays SK", "E plays S2",
                      "N leads S6", "E plays S3", "S plays SA", "W plays H2"])
    assert table.irregularities == []
    assert [str(t.winner) for t in table.tricks] == ["S", "N", "S"]
    assert table.snapshot()["tricks_won"] == {"NS": 3, "EW": 0}


def test_a_trumped_trick_goes_to_the_trump() -> None:
    table = table_of([*AUCTION, "W leads C4", "N plays C6", "E plays CQ", "S plays C5",
                      "E leads H4", "S plays HK", "W plays H2", "N plays H3",
                      "S leads D7", "W plays D2", "N plays DK", "E plays DJ",
                      "N leads HQ", "E plays HA", "S plays S4", "W plays H5"])
    # S has no heart after HK: ruffing is legal
    assert table.irregularities == []
    assert [str(t.winner) for t in table.tricks] == ["E", "S", "N", "S"]


def test_wrong_number_of_cards() -> None:
    # N holds 14 cards (W's C2 among them), W holds 12
    deal = "N:KT96.QT83.K3.K632 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.74"
    table = table_of(["N P"], deal=deal)
    assert facts(table) == [("wrong_number_of_cards", "N", None), ("wrong_number_of_cards", "W",
                                                                     None)]
    assert [i.detail("cards") for i in table.irregularities] == [14, 12]
    case = parse_case(f"board: 1\ndeal: '{deal}'\nevents: []\n")
    assert [(i.kind, i.seat) for i in detect(case)] == [(Kind.WRONG_NUMBER_OF_CARDS, Seat.N),
                                                       (Kind.WRONG_NUMBER_OF_CARDS, Seat.W)]


def test_irregularities_are_listed_in_order() -> None:
    # E's insufficient bid is condoned by S's pass (S may accept it): 1H stands and the auction
    # goes on; N's later bid above seven is a second fact
    table = table_of(["N 1S", "E 1H", "S P", "W P", "N 8S"], deal=None)
    assert facts(table) == [("insufficient_bid", "E", 1), ("bid_above_seven", "N", 4)]
    assert [e.status for e in table.entries][:2] == ["standing", "standing"]


#: The kinds of case format version 1, and this layer's own extension.
FORMAT1_KINDS = {
    "insufficient_bid", "change_of_call", "pass_out_of_rotation", "bid_out_of_rotation",
    "double_out_of_rotation", "redouble_out_of_rotation", "inadmissible_double",
    "inadmissible_redouble", "call_when_obliged_to_pass", "bid_above_seven",
    "call_after_final_pass", "simultaneous_call", "card_exposed_during_auction",
    "opening_lead_out_of_turn", "lead_out_of_turn", "declarer_lead_out_of_turn", "exposed_card",
    "premature_play", "simultaneous_play", "revoke", "defective_trick", "claim", "concession",
    "wrong_number_of_cards", "cards_from_wrong_board", "play_out_of_turn",
}


def test_every_kind_is_exercised() -> None:
    assert {k.value for k in Kind} >= FORMAT1_KINDS
    exercised = {c[2] for c in AUCTION_CASES} | {c[2] for c in PLAY_CASES} | {
        "call_when_obliged_to_pass", "wrong_number_of_cards"}  # tested separately above
    assert exercised == FORMAT1_KINDS
