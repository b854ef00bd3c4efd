"""Calls, strains and contracts: the 38 calls, common spellings, the bidding ladder."""

from __future__ import annotations

import itertools

import pytest

from generator.errors import ParseError
from generator.model import (
    ALL_CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    Doubling,
    Result,
    Seat,
    Strain,
)

STRAIN_LETTERS = ["C", "D", "H", "S", "NT"]
CANONICAL_CALLS = [f"{lv}{s}" for lv in range(1, 8) for s in STRAIN_LETTERS] + ["P", "X", "XX"]


# --------------------------------------------------------------------------- calls
def test_there_are_38_calls_in_ladder_order() -> None:
    assert len(ALL_CALLS) == 38
    assert len(set(ALL_CALLS)) == 38
    assert [str(c) for c in ALL_CALLS] == CANONICAL_CALLS
    bids = [c for c in ALL_CALLS if isinstance(c, Bid)]
    assert len(bids) == 35
    for lower, higher in itertools.pairwise(bids):
        assert higher.outranks(lower) and not lower.outranks(higher)
        assert higher.key > lower.key


@pytest.mark.parametrize("call", ALL_CALLS, ids=str)
def test_call_round_trip(call: object) -> None:
    text = str(call)
    assert Call.parse(text) == call
    assert str(Call.parse(text)) == text
    assert Call.parse(text.lower()) == call
    assert eval(repr(call), {"Call": Call}) == call


@pytest.mark.parametrize(("spelling", "canonical"), [
    ("Pass", "P"), ("pass", "P"), ("PASS", "P"), ("p", "P"), (" P ", "P"),
    ("1N", "1NT"), ("1nt", "1NT"), ("1NT", "1NT"), ("1 NT", "1NT"), ("3n", "3NT"),
    ("Dbl", "X"), ("dbl", "X"), ("x", "X"), ("Double", "X"),
    ("Rdbl", "XX"), ("XX", "XX"), ("xx", "XX"), ("Redouble", "XX"),
    ("1c", "1C"), ("7s", "7S"), ("2h", "2H"), ("4d", "4D"),
])
def test_common_spellings_have_one_canonical_output(spelling: str, canonical: str) -> None:
    assert str(Call.parse(spelling)) == canonical
    assert Call.parse(spelling) == Call.parse(canonical)


def test_pass_double_redouble_are_singletons() -> None:
    assert Call.parse("pass") is PASS
    assert Call.parse("dbl") is DOUBLE
    assert Call.parse("rdbl") is REDOUBLE
    assert len({PASS, DOUBLE, REDOUBLE}) == 3


@pytest.mark.parametrize("bad", ["0C", "1Z", "NT", "", "  ", "C1", "1", "14S", "XXX", "1CX", "-"])
def test_bad_calls_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Call.parse(bad)


def test_bid_above_seven_parses_but_is_marked() -> None:
    bid = Call.parse("8S")
    assert isinstance(bid, Bid) and bid.is_above_seven and str(bid) == "8S"
    assert not Bid(7, Strain.NT).is_above_seven
    assert bid not in ALL_CALLS


@pytest.mark.parametrize("level", [0, -1, 14, True, 1.0, "1"])
def test_bid_level_checked(level: object) -> None:
    with pytest.raises(ParseError):
        Bid(level, Strain.C)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- strains
def test_strain_order() -> None:
    order = [Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT]
    assert sorted(reversed(order)) == order
    for i, low in enumerate(order):
        for high in order[i + 1:]:
            assert low < high and high > low and not high < low
            assert low <= high and low != high
    assert max(order) is Strain.NT and min(order) is Strain.C


def test_strain_parse_and_suit() -> None:
    for text in STRAIN_LETTERS:
        assert str(Strain.parse(text)) == text
        assert Strain.parse(text.lower()) is Strain(text)
    assert Strain.parse("N") is Strain.NT
    assert Strain.NT.suit is None
    assert all(Strain(s).suit is not None and str(Strain(s).suit) == s for s in "CDHS")
    assert Strain.H.is_major and Strain.S.is_major and not Strain.NT.is_major
    assert Strain.C.is_minor and not Strain.H.is_minor
    for bad in ("", "X", "CD", "1"):
        with pytest.raises(ParseError):
            Strain.parse(bad)


# --------------------------------------------------------------------------- contracts
@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("strain", STRAIN_LETTERS)
@pytest.mark.parametrize("doubling", ["", "X", "XX"])
def test_contract_round_trip(level: int, strain: str, doubling: str) -> None:
    text = f"{level}{strain}{doubling}"
    contract = Contract.parse(text)
    assert str(contract) == text
    assert contract.level == level and contract.strain is Strain(strain)
    assert contract.doubling is Doubling(doubling)
    assert contract.tricks_needed == level + 6
    assert Contract.parse(text.lower()) == contract


def test_contract_spellings_and_equality() -> None:
    assert str(Contract.parse("3nx")) == "3NTX"
    assert str(Contract.parse("2DR")) == "2DXX"
    assert Contract.parse("4H") != Contract.parse("4HX")
    assert Doubling.NONE.label == "undoubled" and Doubling.REDOUBLED.label == "redoubled"


@pytest.mark.parametrize("bad", ["8S", "0H", "4", "H4", "4HXXX", "4Z", "", "4HD"])
def test_bad_contracts_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Contract.parse(bad)


def test_result_checks_tricks() -> None:
    contract = Contract.parse("4H")
    assert str(Result(contract, Seat.E, 10)) == "4H E 10"
    for bad in (-1, 14, True, 3.0):
        with pytest.raises(ParseError):
            Result(contract, Seat.E, bad)  # type: ignore[arg-type]
