"""Seats, sides, boards and vulnerability, against an independent rotation table."""

from __future__ import annotations

import pytest

from generator.errors import ParseError
from generator.model import SEATS, Board, Seat, Side, Vulnerability

# The standard duplicate board, written out independently of the code under test.
DEALERS_1_16 = ["N", "E", "S", "W"] * 4
VUL_1_16 = ["None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
            "EW", "Both", "None", "NS", "Both", "None", "NS", "EW"]
EXPECTED = {n: (DEALERS_1_16[(n - 1) % 16], VUL_1_16[(n - 1) % 16]) for n in range(1, 65)}


def test_independent_table_spot_checks() -> None:
    # a few rows of the printed board, so that the table above cannot drift unnoticed
    assert EXPECTED[1] == ("N", "None")
    assert EXPECTED[5] == ("N", "NS")
    assert EXPECTED[16] == ("W", "EW")
    assert EXPECTED[17] == ("N", "None")
    assert EXPECTED[32] == ("W", "EW")
    assert EXPECTED[35] == ("S", "EW")


@pytest.mark.parametrize("number", range(1, 65))
def test_board_dealer_and_vulnerability(number: int) -> None:
    board = Board.from_number(number)
    dealer, vul = EXPECTED[number]
    assert board.number == number
    assert str(board.dealer) == dealer
    assert str(board.vulnerability) == vul
    assert Vulnerability.for_board(number) is Vulnerability(vul)
    assert Vulnerability.parse(vul) is board.vulnerability


def test_boards_repeat_every_16() -> None:
    for n in range(1, 49):
        a, b = Board.from_number(n), Board.from_number(n + 16)
        assert (a.dealer, a.vulnerability) == (b.dealer, b.vulnerability)


@pytest.mark.parametrize("bad", [0, -1, True, False, "3", 3.0, None])
def test_bad_board_numbers_rejected(bad: object) -> None:
    with pytest.raises(ParseError):
        Board.from_number(bad)  # type: ignore[arg-type]


def test_vulnerability_of_seats_and_sides() -> None:
    cases = {
        Vulnerability.NONE: set(),
        Vulnerability.NS: {Seat.N, Seat.S},
        Vulnerability.EW: {Seat.E, Seat.W},
        Vulnerability.BOTH: set(SEATS),
    }
    for vul, vulnerable in cases.items():
        for seat in SEATS:
            assert vul.is_vulnerable(seat) == (seat in vulnerable)
            assert vul.is_vulnerable(seat.side) == (seat in vulnerable)


@pytest.mark.parametrize(("text", "value"), [
    ("None", "None"), ("none", "None"), ("Love", "None"), ("-", "None"),
    ("NS", "NS"), ("n-s", "NS"), ("EW", "EW"), ("E/W", "EW"), ("Both", "Both"), ("All", "Both"),
])
def test_vulnerability_spellings(text: str, value: str) -> None:
    assert str(Vulnerability.parse(text)) == value


@pytest.mark.parametrize("bad", ["", "N", "yes", "NSEW"])
def test_bad_vulnerability(bad: str) -> None:
    with pytest.raises(ParseError):
        Vulnerability.parse(bad)


# --------------------------------------------------------------------------- seats
@pytest.mark.parametrize(("seat", "lho", "partner", "rho", "side"), [
    ("N", "E", "S", "W", "NS"),
    ("E", "S", "W", "N", "EW"),
    ("S", "W", "N", "E", "NS"),
    ("W", "N", "E", "S", "EW"),
])
def test_seat_relations(seat: str, lho: str, partner: str, rho: str, side: str) -> None:
    s = Seat.parse(seat)
    assert str(s.lho) == lho and str(s.partner) == partner and str(s.rho) == rho
    assert str(s.side) == side
    assert s.lho.rho is s and s.partner.partner is s
    assert s.is_opponent_of(s.lho) and s.is_opponent_of(s.rho)
    assert not s.is_opponent_of(s.partner) and not s.is_opponent_of(s)
    assert s in s.side.seats and s.lho in s.side.opponents.seats
    assert s.offset(4) is s and s.offset(-1) is s.rho


def test_seat_order_and_parse() -> None:
    assert [str(s) for s in SEATS] == ["N", "E", "S", "W"]
    assert [s.index for s in SEATS] == [0, 1, 2, 3]
    assert Seat.parse("north") is Seat.N and Seat.parse(" w ") is Seat.W
    for bad in ("", "Q", "Nobody", "NS", "X"):
        with pytest.raises(ParseError):
            Seat.parse(bad)


def test_sides() -> None:
    assert Side.NS.seats == (Seat.N, Seat.S) and Side.EW.seats == (Seat.E, Seat.W)
    assert Side.NS.opponents is Side.EW and Side.EW.opponents is Side.NS
    assert Side.parse("n-s") is Side.NS and Side.parse("E/W") is Side.EW
    with pytest.raises(ParseError):
        Side.parse("NE")
