"""The strict auction: sufficiency, doubles and redoubles (Laws 18-19), the end, the contract."""

from __future__ import annotations

import pytest

from generator.errors import IllegalCallError
from generator.model import DOUBLE, PASS, REDOUBLE, Auction, Call, Contract, Seat
from generator.model.auction import (
    can_double,
    can_redouble,
    final_contract,
    is_complete,
    is_legal_call,
    is_sufficient,
    last_bid,
    lowest_sufficient,
)
from generator.model.calls import Bid


def seat_calls(dealer: str, text: str) -> list[tuple[Seat, object]]:
    start = Seat.parse(dealer)
    return [(start.offset(i), Call.parse(w)) for i, w in enumerate(text.split())]


def bid(text: str) -> Bid:
    b = Call.parse(text)
    assert isinstance(b, Bid)
    return b


# --------------------------------------------------------------------------- sufficiency
@pytest.mark.parametrize(("after", "new", "sufficient"), [
    ("", "1C", True),
    ("1C", "1C", False),
    ("1C", "1D", True),
    ("1S", "1NT", True),
    ("1NT", "2C", True),
    ("1NT", "1S", False),
    ("2H", "2D", False),
    ("2H", "2S", True),
    ("1H P P", "1S", True),
    ("1H X", "1H", False),
    ("3NT P P", "4C", True),
    ("7S", "7NT", True),
    ("7NT", "7NT", False),
])
def test_sufficiency(after: str, new: str, sufficient: bool) -> None:
    assert is_sufficient(bid(new), seat_calls("N", after)) is sufficient


@pytest.mark.parametrize(("after", "strain_of", "lowest"), [
    ("", "1H", "1H"),
    ("1S", "1H", "2H"),
    ("1S", "1NT", "1NT"),
    ("1S", "1S", "2S"),
    ("3NT", "1C", "4C"),
    ("7C", "1D", "7D"),
    ("7NT", "1C", None),
    ("7S", "1H", None),
])
def test_lowest_sufficient(after: str, strain_of: str, lowest: str | None) -> None:
    found = lowest_sufficient(bid(strain_of), seat_calls("N", after))
    assert (str(found) if found else None) == lowest


def test_last_bid() -> None:
    assert last_bid(seat_calls("N", "")) is None
    assert last_bid(seat_calls("N", "P P")) is None
    assert last_bid(seat_calls("E", "1C 1S X P")) == (Seat.S, bid("1S"))


# --------------------------------------------------------------------------- Laws 18-19
@pytest.mark.parametrize(("dealer", "calls", "seat", "legal"), [
    ("N", "", "N", False),              # nothing to double
    ("N", "P", "E", False),             # only passes
    ("N", "1H", "E", True),             # opponent's last bid
    ("N", "1H", "W", True),             # any opponent, not only LHO (out of rotation is not here)
    ("N", "1H", "S", False),            # partner's bid
    ("N", "1H", "N", False),            # own bid
    ("N", "1H P P", "W", True),         # passes since
    ("N", "1H P", "S", False),          # RHO passed; partner's bid
    ("N", "1H X", "S", False),          # already doubled
    ("N", "1H X XX", "W", False),       # redoubled
    ("N", "1H X P P XX", "E", False),
    ("N", "1H 1S", "S", True),          # the last bid is E's
    ("N", "1H 1S", "W", False),
    ("N", "1H X 1S", "N", False),       # the last bid, 1S, is S's: N's partner
    ("N", "1H X 1S", "E", True),        # a new bid after a double may be doubled again
])
def test_can_double(dealer: str, calls: str, seat: str, legal: bool) -> None:
    assert can_double(Seat.parse(seat), seat_calls(dealer, calls)) is legal
    assert is_legal_call(Seat.parse(seat), DOUBLE, seat_calls(dealer, calls)) is legal


@pytest.mark.parametrize(("dealer", "calls", "seat", "legal"), [
    ("N", "", "N", False),
    ("N", "1H", "E", False),            # not doubled
    ("N", "1H X", "S", True),           # opponent's double of our bid
    ("N", "1H X", "N", True),           # (either member of the doubled side)
    ("N", "1H X P P", "N", True),       # passes since
    ("N", "1H X", "W", False),          # partner's double
    ("N", "1H X P", "W", False),
    ("N", "1H X XX", "E", False),       # already redoubled
    ("N", "1H X XX P P", "N", False),
    ("N", "1H X 1S", "E", False),       # a bid since the double
])
def test_can_redouble(dealer: str, calls: str, seat: str, legal: bool) -> None:
    assert can_redouble(Seat.parse(seat), seat_calls(dealer, calls)) is legal
    assert is_legal_call(Seat.parse(seat), REDOUBLE, seat_calls(dealer, calls)) is legal


def test_pass_is_always_legal_and_eight_level_never() -> None:
    for calls in ("", "1H", "1H X", "7NT X XX"):
        assert is_legal_call(Seat.N, PASS, seat_calls("N", calls))
        assert not is_legal_call(Seat.N, bid("8C"), seat_calls("N", calls))


# --------------------------------------------------------------------------- completion
@pytest.mark.parametrize(("calls", "complete"), [
    ("", False),
    ("P", False),
    ("P P P", False),
    ("P P P P", True),             # passed out
    ("1C", False),
    ("1C P P", False),
    ("1C P P P", True),
    ("P 1C P P P", True),
    ("P P P 1C P P", False),
    ("P P P 1C P P P", True),
    ("1C X P P P", True),
    ("1C X XX P P P", True),
    ("1C X XX P P", False),
    ("1C P P X", False),
])
def test_completion(calls: str, complete: bool) -> None:
    assert is_complete(seat_calls("N", calls)) is complete


def test_passed_out_auction() -> None:
    auction = Auction.parse(Seat.E, "P P P P")
    assert auction.is_complete and auction.is_passed_out
    assert auction.result is None
    assert auction.legal_calls() == ()
    with pytest.raises(IllegalCallError):
        auction.append(PASS)


# --------------------------------------------------------------------------- Law 22
@pytest.mark.parametrize(("dealer", "calls", "contract", "declarer"), [
    ("N", "1H P P P", "1H", "N"),
    ("N", "1H P 4H P P P", "4H", "N"),                   # opener named hearts first
    ("N", "1C P 1H P 4H P P P", "4H", "S"),              # responder named hearts first
    ("N", "1C 1H 2H 3H P P P", "3H", "E"),              # EW contract, E named hearts first
    ("E", "P 1S P 2C P 2NT P 3NT P P P", "3NT", "S"),  # dealer E: S bid 2NT first
    ("N", "1H X P P P", "1HX", "N"),
    ("N", "1H X XX P P P", "1HXX", "N"),
    ("N", "1H X XX 1S P P P", "1S", "W"),               # a bid after the redouble clears it
    ("N", "1H X P P XX P P P", "1HXX", "N"),
    ("N", "1S 2H X P P P", "2HX", "E"),
    ("W", "1NT P 3NT X P P XX P P P", "3NTXX", "W"),
    ("S", "1D P 1S P 2S P 4S P P P", "4S", "N"),         # N named spades first
    ("N", "1NT 2C X P P P", "2CX", "E"),
    ("N", "1H 1S 2H 2S 3H 3S 4H 4S P P X P P P", "4SX", "E"),
])
def test_final_contract_and_declarer(dealer: str, calls: str, contract: str,
                                     declarer: str) -> None:
    auction = Auction.parse(Seat.parse(dealer), calls)
    assert auction.is_complete and not auction.is_passed_out
    assert auction.result == (Contract.parse(contract), Seat.parse(declarer))
    assert final_contract(list(auction.seat_calls)) == auction.result
    assert str(auction) == " ".join(str(Call.parse(c)) for c in calls.split())


def test_declarer_is_first_of_side_not_first_of_table() -> None:
    # E names spades first, but the contract is NS's: of NS, S named spades first
    auction = Auction.parse(Seat.N, "1C 1S 2S P 4S P P P")
    assert auction.result == (Contract.parse("4S"), Seat.S)
    # N names spades first, but the contract is EW's: of EW, W named spades first
    auction = Auction.parse(Seat.N, "1S P P 2S P 4S P P P")
    assert auction.result == (Contract.parse("4S"), Seat.W)
    # the last bidder is not the declarer
    auction = Auction.parse(Seat.N, "1S P 2H P 3H P 4S P P P")
    assert auction.result == (Contract.parse("4S"), Seat.N)


# --------------------------------------------------------------------------- append
@pytest.mark.parametrize(("dealer", "calls", "illegal"), [
    ("N", "1H", "1C"),         # insufficient
    ("N", "1H", "1H"),
    ("N", "", "X"),            # nothing to double
    ("N", "1H P", "X"),        # partner's bid
    ("N", "1H", "XX"),         # not doubled
    ("N", "1H X", "X"),
    ("N", "1H X P", "XX"),     # partner's double
    ("N", "1H X XX", "XX"),
    ("N", "", "8C"),           # above seven
    ("N", "7NT", "7NT"),
])
def test_append_refuses_illegal_calls(dealer: str, calls: str, illegal: str) -> None:
    auction = Auction.parse(Seat.parse(dealer), calls)
    with pytest.raises(IllegalCallError):
        auction.append(Call.parse(illegal))
    assert Call.parse(illegal) not in auction.legal_calls()
    assert str(auction) == " ".join(calls.split())  # unchanged


def test_append_after_end_refused() -> None:
    auction = Auction.parse(Seat.N, "1H P P P")
    with pytest.raises(IllegalCallError):
        auction.append(PASS)
    with pytest.raises(IllegalCallError):
        auction.append(bid("2H"))


def test_append_returns_a_new_auction() -> None:
    empty = Auction(Seat.S)
    one = empty.append(bid("1H"))
    assert empty.calls == () and one.calls == (bid("1H"),)
    assert one.next_seat is Seat.W and empty.next_seat is Seat.S
    assert one.seat_calls == ((Seat.S, bid("1H")),)


def test_legal_calls_counts() -> None:
    assert len(Auction(Seat.N).legal_calls()) == 36                    # 35 bids and pass
    after_1h = Auction.parse(Seat.N, "1H")
    assert len(after_1h.legal_calls()) == 32 + 2                       # bids above 1H, P, X
    assert DOUBLE in after_1h.legal_calls() and REDOUBLE not in after_1h.legal_calls()
    doubled = Auction.parse(Seat.N, "1H X")
    assert REDOUBLE in doubled.legal_calls() and DOUBLE not in doubled.legal_calls()
    top = Auction.parse(Seat.N, "7NT")
    assert set(top.legal_calls()) == {PASS, DOUBLE}
