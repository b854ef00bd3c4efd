"""The natural bidding model reads like club bridge: openings by strength and shape, forcing bids
answered, game reached with the values, sensible competition. The targets are the benchmark's
(``benchmarks/bench_bidding.py``), checked here on a smaller seeded sample."""

from __future__ import annotations

import random
from collections import Counter

from generator.model.auction import SeatCall, final_contract, is_complete, is_legal_call
from generator.model.board import Board
from generator.model.calls import DOUBLE, PASS, Bid, Call, CallValue, Double, Pass
from generator.model.cards import Card, Rank, Suit
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.seat import Seat, Side
from generator.model.strain import Strain
from generator.scenarios.bidding import MAX_CALLS, BiddingModel, forcing, read
from generator.scenarios.deals import deals

GAME = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}


def balanced(hand: Hand) -> bool:
    counts = sorted(hand.length(s) for s in Suit)
    return counts[0] >= 2 and counts[1] >= 3


def bid(deal: Deal, dealer: Seat, seed: int = 0) -> list[SeatCall]:
    """The model's whole auction of a deal, every call checked for legality."""
    model = BiddingModel(random.Random(seed))
    calls: list[SeatCall] = []
    seat = dealer
    while not is_complete(calls):
        call = model.call(seat, deal.hand(seat), calls)
        assert is_legal_call(seat, call, calls), (seat, call, calls)
        calls.append((seat, call))
        seat = seat.lho
        assert len(calls) <= MAX_CALLS + 4
    return calls


def sample(count: int = 400, seed: int = 11) -> list[tuple[Deal, list[SeatCall]]]:
    return [(deal, bid(deal, Board.from_number(i % 16 + 1).dealer, i))
            for i, deal in enumerate(deals(seed, 0, count))]


def ends_in_game_by(calls: list[SeatCall], side: Side) -> bool:
    result = final_contract(calls)
    return result is not None and result[1].side is side \
        and result[0].level >= GAME[result[0].strain]


def deal_with(north: str, south: str) -> Deal:
    """North and South as given; East and West share the other cards one by one, which makes
    them flat and weak enough (about 7 points each) to stay out."""
    n, s = Hand.parse(north), Hand.parse(south)
    rest = sorted((Card(suit, rank) for suit in Suit for rank in Rank
                   if Card(suit, rank) not in n and Card(suit, rank) not in s),
                  key=lambda c: (c.suit.order, c.rank.order))
    east, west = Hand(rest[0::2]), Hand(rest[1::2])
    assert east.hcp() < 12 and west.hcp() < 12
    return Deal((n, east, s, west))


def calls_of(dealer: Seat, text: str) -> list[SeatCall]:
    seat, calls = dealer, []
    for word in text.split():
        calls.append((seat, Call.parse(word)))
        seat = seat.lho
    return calls


def words(calls: list[SeatCall]) -> str:
    return " ".join(str(c) for _, c in calls)


# --------------------------------------------------------------------------- the targets
def test_game_reached_with_game_values() -> None:
    """25+ with an eight-card major fit, or 26+ with both hands balanced: game, 80 % or more."""
    values = reached = 0
    for deal, calls in sample():
        for side in Side:
            a, b = (deal.hand(s) for s in side.seats)
            hcp = a.hcp() + b.hcp()
            fit = any(a.length(m) + b.length(m) >= 8 for m in (Suit.S, Suit.H))
            if (hcp >= 25 and fit) or (hcp >= 26 and balanced(a) and balanced(b)):
                values += 1
                reached += ends_in_game_by(calls, side)
    assert values >= 60, values
    assert reached / values >= 0.80, (reached, values)


def test_opening_hands_open() -> None:
    """12+ with a five-card suit, or 15+ balanced, speaking before anyone has bid: at most 5 %
    pass (the model opens them all)."""
    hands = passes = 0
    for deal, calls in sample():
        for seat, call in calls:
            hand = deal.hand(seat)
            long_suit = max(hand.length(s) for s in Suit) >= 5
            if (hand.hcp() >= 12 and long_suit) or (hand.hcp() >= 15 and balanced(hand)):
                hands += 1
                passes += isinstance(call, Pass)
            if isinstance(call, Bid):
                break
    assert hands >= 200, hands
    assert passes / hands <= 0.05, (passes, hands)


def test_no_forcing_bid_is_passed() -> None:
    situations = 0
    for _, calls in sample():
        for i, (_, call) in enumerate(calls):
            if forcing(calls[:i]):
                situations += 1
                assert not isinstance(call, Pass), (i, words(calls))
    assert situations >= 80, situations  # forcing bids really occur in the sample


def test_contracts_spread_and_doubles_are_rare() -> None:
    levels: Counter[int] = Counter()
    penalty = 0
    for _, calls in sample():
        result = final_contract(calls)
        levels[0 if result is None else result[0].level] += 1
        reading = read(calls)
        penalty += sum(1 for (_, c), m in zip(calls, reading.meanings, strict=True)
                       if isinstance(c, Double) and m.kind == "penalty")
    assert levels[0] <= 20, levels  # few boards passed out
    assert levels[4] + levels[5] >= 40, levels  # games are bid
    assert levels[1] + levels[2] + levels[3] >= 200, levels  # partscores are the rule
    # slams only where the partnership plainly holds 33 points: a handful in 400 boards
    assert levels[6] + levels[7] <= 10, levels
    assert penalty <= 12, penalty  # penalty doubles: at most 3 % of the boards


def test_the_model_is_deterministic() -> None:
    first = [words(calls) for _, calls in sample(60, 5)]
    assert first == [words(calls) for _, calls in sample(60, 5)]


# --------------------------------------------------------------------------- hand-made
def test_1nt_opposite_ten_balanced_reaches_3nt() -> None:
    deal = deal_with("AK3.KJ4.Q765.K82", "Q76.Q53.AJ4.J943")  # 16 and 10, no four-card major
    calls = bid(deal, Seat.N)
    assert words(calls) == "1NT P 3NT P P P"


def test_stayman_finds_the_major_fit() -> None:
    deal = deal_with("AK3.KJ42.Q76.K82", "Q765.Q853.AJ4.J9")  # 16 and 10, four hearts each
    calls = bid(deal, Seat.N)
    assert words(calls) == "1NT P 2C P 2H P 4H P P P"
    assert forcing(calls[:4])  # Stayman must be answered


def test_strong_2c_is_answered_by_a_zero_count() -> None:
    deal = deal_with("AKQJ64.AKQ3.A2.K", "T83.T986.T976.T9")  # 26 opposite 0
    assert deal.hand(Seat.S).hcp() == 0
    calls = bid(deal, Seat.N)
    assert [str(c) for _, c in calls[:4]] == ["2C", "P", "2D", "P"]
    assert forcing(calls[:2]) and forcing(calls[:4])
    for i in range(len(calls)):
        if forcing(calls[:i]):
            assert not isinstance(calls[i][1], Pass), words(calls)
    assert ends_in_game_by(calls, Side.NS), words(calls)


def test_a_weak_hand_does_not_bid_over_a_strong_2c() -> None:
    model = BiddingModel(random.Random(0))
    four = Hand.parse("Q72.J843.J52.973")
    assert four.hcp() == 4 and balanced(four)
    assert model.call(Seat.S, four, calls_of(Seat.E, "2C")) == PASS
    # nor over an overcall of partner's opening
    assert model.call(Seat.S, four, calls_of(Seat.N, "1D 2C")) == PASS


def test_seventeen_with_a_five_card_suit_does_not_pass_1nt() -> None:
    deal = deal_with("KQ3.AJ4.K765.Q82", "AJ854.KQ2.AQ4.J3")  # 15 opposite 17, five spades
    calls = bid(deal, Seat.N)
    assert calls[2] == (Seat.S, Bid(3, Strain.S))  # five spades, forcing to game
    assert forcing(calls[:4])
    assert ends_in_game_by(calls, Side.NS), words(calls)


def test_new_suit_responses_are_forcing_and_answered() -> None:
    assert forcing(calls_of(Seat.N, "1H P 1S P"))
    assert forcing(calls_of(Seat.N, "1S P 2C P"))
    assert not forcing(calls_of(Seat.N, "1S P 2C 2D"))  # the overcall releases the opener
    assert not forcing(calls_of(Seat.N, "1H P 2H P"))  # a raise is limited
    assert not forcing(calls_of(Seat.N, "1H P 1NT P"))
    # a passed hand's new suit is not forcing
    assert not forcing(calls_of(Seat.N, "P P 1H P 2C P"))
    # Jacoby 2NT forces to game: every bid below game is forcing
    assert forcing(calls_of(Seat.N, "1H P 2NT P"))
    assert forcing(calls_of(Seat.N, "1H P 2NT P 3H P"))
    assert not forcing(calls_of(Seat.N, "1H P 2NT P 4H P"))
    # a strong opener answers a new suit: 19 points, four-card support, straight to game
    model = BiddingModel(random.Random(0))
    strong = Hand.parse("AKJ3.AKJ54.K2.Q2")
    call: CallValue = model.call(Seat.N, strong, calls_of(Seat.N, "1H P 1S P"))
    assert call == Bid(4, Strain.S)


def test_competitive_calls() -> None:
    model = BiddingModel(random.Random(0))
    # a good five-card suit and 11 points: an overcall at the one level
    assert model.call(Seat.S, Hand.parse("KQJ84.A32.54.976"), calls_of(Seat.E, "1D")) \
        == Bid(1, Strain.S)
    # short in their suit, support for the others: a takeout double, answered by partner
    assert model.call(Seat.S, Hand.parse("AJ43.2.KQ85.AJ32"), calls_of(Seat.E, "1H")) == DOUBLE
    advance = model.call(Seat.N, Hand.parse("Q765.8543.J2.T98"),
                         calls_of(Seat.E, "1H X P"))
    assert advance == Bid(1, Strain.S)
    # a weak hand does not double freely
    assert model.call(Seat.S, Hand.parse("K72.QJ4.9876.T93"), calls_of(Seat.E, "1H")) == PASS


def test_any_legal_auction_gets_a_legal_call() -> None:
    """After an irregularity the model bids on from auctions it would never make itself: odd
    ones, drawn at random here, must still get a legal call, and never raise."""
    from generator.model.auction import legal_calls

    rng = random.Random(2024)
    model = BiddingModel(random.Random(0))
    for deal in deals(3, 0, 150):
        seat, calls = Seat(rng.choice("NESW")), []
        while not is_complete(calls) and len(calls) < MAX_CALLS + 4:
            call = model.call(seat, deal.hand(seat), calls)
            assert is_legal_call(seat, call, calls), (seat, call, calls)
            options = legal_calls(seat, calls)
            weights = [6.0 if isinstance(c, Pass) else 1.0 for c in options]
            calls.append((seat, rng.choices(options, weights)[0]))
            seat = seat.lho
