"""Suits, ranks, cards, hands and deals: exhaustive round trips and the PBN notation."""

from __future__ import annotations

import itertools

import pytest

from generator.errors import ParseError
from generator.model import ALL_CARDS, Card, Deal, Hand, Rank, Seat, Suit
from generator.model.cards import RANKS_HIGH_FIRST, SUITS_HIGH_FIRST

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"
ALL_CARD_STRINGS = [s + r for s in SUIT_LETTERS for r in RANK_LETTERS]


# --------------------------------------------------------------------------- cards
def test_there_are_52_distinct_cards() -> None:
    assert len(ALL_CARDS) == 52
    assert len(set(ALL_CARDS)) == 52
    assert {str(c) for c in ALL_CARDS} == set(ALL_CARD_STRINGS)


@pytest.mark.parametrize("text", ALL_CARD_STRINGS)
def test_card_string_round_trip(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert card.suit is Suit(text[0])
    assert card.rank is Rank(text[1])


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_value_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_card_parse_spellings() -> None:
    assert Card.parse("h10") == Card(Suit.H, Rank.TEN)
    assert Card.parse(" sk ") == Card(Suit.S, Rank.KING)
    assert Card.parse("dt") == Card.parse("DT")
    assert str(Card.parse("c10")) == "CT"


@pytest.mark.parametrize("bad", ["", "S", "K", "KS", "SZ", "S1", "S11", "X2", "10H", "SKQ", "♠K"])
def test_bad_cards_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Card.parse(bad)


def test_card_order_is_suit_then_rank() -> None:
    assert Card.parse("CA") < Card.parse("D2")
    assert Card.parse("S2") < Card.parse("SA")
    assert not Card.parse("SA") < Card.parse("SA")
    assert sorted(ALL_CARDS) == list(ALL_CARDS)  # ALL_CARDS runs clubs two .. spades ace


def test_suit_and_rank_orders() -> None:
    assert sorted(Suit) == [Suit.C, Suit.D, Suit.H, Suit.S]
    assert SUITS_HIGH_FIRST == (Suit.S, Suit.H, Suit.D, Suit.C)
    assert [r.order for r in sorted(Rank)] == list(range(2, 15))
    assert "".join(r.value for r in RANKS_HIGH_FIRST) == RANK_LETTERS[::-1]
    assert [r.is_honour for r in sorted(Rank)] == [False] * 8 + [True] * 5
    for letter in RANK_LETTERS:
        assert str(Rank.parse(letter.lower())) == letter
    assert Rank.parse("10") is Rank.TEN
    for bad in ("1", "0", "11", "B", ""):
        with pytest.raises(ParseError):
            Rank.parse(bad)
    for bad in ("N", "NT", "", "CD"):
        with pytest.raises(ParseError):
            Suit.parse(bad)


# --------------------------------------------------------------------------- hands
def test_hand_round_trip_and_queries() -> None:
    hand = Hand.parse("AKQ2.K32.54.A987")
    assert str(hand) == "AKQ2.K32.54.A987"
    assert len(hand) == 13
    assert Card.parse("SA") in hand and Card.parse("SJ") not in hand
    assert hand.suit(Suit.S) == tuple(Card.parse(c) for c in ("SA", "SK", "SQ", "S2"))
    assert hand.length(Suit.D) == 2 and hand.has_suit(Suit.D)
    assert hand.hcp() == 4 + 3 + 2 + 3 + 4
    assert next(iter(hand)) == Card.parse("SA") and list(hand)[-1] == Card.parse("C7")
    smaller = hand.without(Card.parse("D5"))
    assert str(smaller) == "AKQ2.K32.4.A987" and len(hand) == 13  # the original is unchanged
    assert smaller.with_card(Card.parse("D5")) == hand


def test_hand_with_voids_and_ten() -> None:
    hand = Hand.parse(".AKT9..")
    assert str(hand) == ".AKT9.."
    assert not hand.has_suit(Suit.S) and len(hand) == 4
    assert str(Hand.parse("...")) == "..." and len(Hand.parse("...")) == 0


@pytest.mark.parametrize(
    "bad", ["AKQ", "AKQ.K32.54", "A.B.C.D", "AA.K.Q.J", "A.K.Q.J.T", "1.2.3.4"]
)
def test_bad_hands_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Hand.parse(bad)


# --------------------------------------------------------------------------- deals
# (the example deal of the case-format spec, with the club three it lacks given to South)
HANDS_FROM_N = ["AKQ2.K32.54.A987", "J43.AQ4.KQJ2.K65", "T9876.J5.A63.Q32", "5.T9876.T987.JT4"]


@pytest.mark.parametrize("first", ["N", "E", "S", "W"])
def test_pbn_deal_round_trips_for_every_first_seat(first: str) -> None:
    start = "NESW".index(first)
    rotated = HANDS_FROM_N[start:] + HANDS_FROM_N[:start]
    text = f"{first}:" + " ".join(rotated)
    deal = Deal.parse(text)
    assert str(deal) == text
    assert deal.first is Seat(first)
    # the hands land on the right seats whatever the first seat
    for seat, hand in zip("NESW", HANDS_FROM_N, strict=True):
        assert str(deal.hand(Seat(seat))) == hand
    assert deal.is_complete
    # first seat takes no part in equality
    assert deal == Deal.parse("N:" + " ".join(HANDS_FROM_N))


@pytest.mark.parametrize("first", ["N", "E", "S", "W"])
@pytest.mark.parametrize("unknown", [(1,), (2, 3), (0, 1, 3)])
def test_pbn_deal_with_unknown_hands(first: str, unknown: tuple[int, ...]) -> None:
    parts = ["-" if i in unknown else HANDS_FROM_N[i] for i in range(4)]
    start = "NESW".index(first)
    text = f"{first}:" + " ".join(parts[start:] + parts[:start])
    deal = Deal.parse(text)
    assert str(deal) == text
    assert not deal.is_complete
    for i, seat in enumerate("NESW"):
        if i in unknown:
            assert deal[Seat(seat)] is None
            with pytest.raises(ParseError):
                deal.hand(Seat(seat))
        else:
            assert str(deal.hand(Seat(seat))) == HANDS_FROM_N[i]


def test_deal_holder() -> None:
    deal = Deal.parse("N:" + " ".join(HANDS_FROM_N))
    assert deal.holder(Card.parse("SA")) is Seat.N
    assert deal.holder(Card.parse("SJ")) is Seat.E
    assert deal.holder(Card.parse("ST")) is Seat.S
    assert deal.holder(Card.parse("S5")) is Seat.W
    every = [deal.holder(c) for c in ALL_CARDS]
    assert all(s is not None for s in every)
    assert {s: every.count(s) for s in Seat} == {s: 13 for s in Seat}
    partial = Deal.parse("N:AKQ2.K32.54.A987 - - -")
    assert partial.holder(Card.parse("SJ")) is None


@pytest.mark.parametrize("text", [
    "N:AKQ2.K32.54.A987 AKQ2.K32.54.A987 - -",  # the same hand twice
    "N:A... A... - -",                          # one card in two hands
    "E:A... - - A...",
])
def test_duplicate_cards_rejected(text: str) -> None:
    with pytest.raises(ParseError, match="both"):
        Deal.parse(text)


@pytest.mark.parametrize("bad", [
    "", "N", "N AKQ2.K32.54.A987 - - -", "Q:- - - -", "N:- - -", "N:- - - - -",
    "N:AKQ2.K32.54 - - -",
])
def test_bad_deals_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Deal.parse(bad)


def test_deal_of_all_52_cards_in_order() -> None:
    # every 13-card block of ALL_CARDS is a legal hand; the deal accounts for every card once
    blocks = [Hand(ALL_CARDS[i * 13:(i + 1) * 13]) for i in range(4)]
    deal = Deal(tuple(blocks))  # type: ignore[arg-type]
    assert str(deal) == "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    assert Deal.parse(str(deal)) == deal
    assert set(itertools.chain.from_iterable(h.cards for h in blocks)) == set(ALL_CARDS)
