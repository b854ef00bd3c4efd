"""Hypothesis properties of the model: hands and deals round-trip, random legal auctions end with
the contract and declarer the definitions give, and values are frozen."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import IllegalCallError
from generator.model import (
    ALL_CALLS,
    ALL_CARDS,
    PASS,
    Auction,
    Bid,
    Board,
    Card,
    Contract,
    Deal,
    Doubling,
    Hand,
    Result,
    Seat,
    Strain,
    Trick,
)
from generator.model.calls import Double, Redouble

#: The longest possible auction: three opening passes, then each of the 35 bids followed by
#: P P X P P XX P P (nine calls), the last one with a third final pass (ten).
MAX_AUCTION = 3 + 34 * 9 + 10
assert MAX_AUCTION == 319

seats = st.sampled_from(list(Seat))
hands = st.frozensets(st.sampled_from(ALL_CARDS), max_size=13).map(Hand)


@given(hands)
def test_random_hand_round_trips(hand: Hand) -> None:
    text = str(hand)
    assert Hand.parse(text) == hand
    assert str(Hand.parse(text)) == text
    assert len(text) == len(hand) + 3  # one letter a card, three dots
    assert sum(hand.length(s) for s in set(c.suit for c in ALL_CARDS)) == len(hand)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """Four disjoint hands (13 cards each, or fewer), some perhaps unknown, any first seat."""
    cards = draw(st.permutations(ALL_CARDS))
    sizes = draw(st.one_of(st.just((13, 13, 13, 13)),
                           st.tuples(*[st.integers(0, 13)] * 4)))
    known = draw(st.tuples(*[st.booleans()] * 4))
    hands_: list[Hand | None] = []
    start = 0
    for size, is_known in zip(sizes, known, strict=True):
        hands_.append(Hand(cards[start:start + size]) if is_known else None)
        start += size
    return Deal(tuple(hands_), draw(seats))  # type: ignore[arg-type]


@given(deals())
def test_random_deal_round_trips(deal: Deal) -> None:
    text = str(deal)
    again = Deal.parse(text)
    assert again == deal
    assert str(again) == text
    assert again.first is deal.first
    assert text.startswith(f"{deal.first}:")
    for seat in Seat:
        hand = deal[seat]
        if hand is not None:
            assert all(deal.holder(c) is seat for c in hand.cards)


@given(st.permutations(ALL_CARDS), seats)
def test_full_deal_is_complete_and_partitions_the_pack(cards: list[Card], first: Seat) -> None:
    deal = Deal(tuple(Hand(cards[i * 13:(i + 1) * 13]) for i in range(4)), first)  # type: ignore[arg-type]
    assert deal.is_complete
    assert sorted(c for s in Seat for c in deal.hand(s).cards) == sorted(ALL_CARDS)
    assert Deal.parse(str(deal)) == deal


# --------------------------------------------------------------------------- auctions
@st.composite
def legal_auctions(draw: st.DrawFn) -> Auction:
    """Draw calls from ``legal_calls()`` until the auction ends (passes favoured so it ends)."""
    auction = Auction(draw(seats))
    while not auction.is_complete:
        legal = auction.legal_calls()
        assert legal, "an open auction always has a legal call (pass)"
        call = PASS if draw(st.integers(0, 2)) == 0 else draw(st.sampled_from(legal))
        auction = auction.append(call)
    return auction


def independent_result(auction: Auction) -> tuple[Contract, Seat] | None:
    """Laws 19-22 written again, without the model's helpers."""
    calls = list(auction.seat_calls)
    bids = [(i, s, c) for i, (s, c) in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        return None
    index, bidder, last = bids[-1]
    doubling = Doubling.NONE
    for _, call in calls[index + 1:]:
        if isinstance(call, Double):
            doubling = Doubling.DOUBLED
        if isinstance(call, Redouble):
            doubling = Doubling.REDOUBLED
    partners = {bidder, bidder.partner}
    declarer = min((i, s) for i, s, c in bids if s in partners and c.strain is last.strain)[1]
    return Contract(last.level, last.strain, doubling), declarer


@settings(max_examples=150)
@given(legal_auctions())
def test_random_legal_auctions_end_with_the_defined_contract(auction: Auction) -> None:
    calls = auction.calls
    assert auction.is_complete
    assert 4 <= len(calls) <= MAX_AUCTION
    assert auction.legal_calls() == ()
    if auction.is_passed_out:
        assert calls == (PASS,) * 4 and auction.result is None
        return
    assert calls[-3:] == (PASS,) * 3 and calls[-4] is not PASS
    assert auction.result == independent_result(auction)
    contract, declarer = auction.result  # type: ignore[misc]
    assert 1 <= contract.level <= 7
    # the declarer's side made the last bid, and the declarer bid the strain himself
    last_bidder = [s for s, c in auction.seat_calls if isinstance(c, Bid)][-1]
    assert declarer.side is last_bidder.side
    assert any(s is declarer and isinstance(c, Bid) and c.strain is contract.strain
               for s, c in auction.seat_calls)
    # every bid outranks the one before it
    bids = [c for c in calls if isinstance(c, Bid)]
    assert all(b.outranks(a) for a, b in itertools.pairwise(bids))


@settings(max_examples=100)
@given(legal_auctions(), st.data())
def test_every_prefix_refuses_exactly_the_illegal_calls(auction: Auction,
                                                       data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(auction.calls) - 1))
    prefix = Auction(auction.dealer, auction.calls[:cut])
    legal = set(prefix.legal_calls())
    assert auction.calls[cut] in legal
    call = data.draw(st.sampled_from(ALL_CALLS))
    if call in legal:
        assert prefix.append(call).calls[-1] == call
    else:
        with pytest.raises(IllegalCallError):
            prefix.append(call)


# --------------------------------------------------------------------------- frozen values
FROZEN = [
    (Card.parse("SA"), "rank"),
    (Hand.parse("AK.Q.J.T"), "cards"),
    (Deal.parse("N:AK.Q.J.T - - -"), "hands"),
    (Bid(1, Strain.H), "level"),
    (Contract.parse("4HX"), "doubling"),
    (Result(Contract.parse("4H"), Seat.E, 10), "tricks"),
    (Auction(Seat.N), "calls"),
    (Trick(Seat.N), "cards"),
    (Board.from_number(1), "dealer"),
]


@pytest.mark.parametrize(("value", "field"), FROZEN, ids=lambda v: type(v).__name__)
def test_values_are_frozen(value: object, field: str) -> None:
    before = repr(value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)
    assert repr(value) == before


@given(st.sampled_from(ALL_CARDS), hands, deals())
def test_random_values_are_frozen_and_hashable(card: Card, hand: Hand, deal: Deal) -> None:
    for value, field in ((card, "suit"), (hand, "cards"), (deal, "first")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, None)
        assert hash(value) == hash(value)
    assert {hand, Hand(hand.cards)} == {hand}
