"""Realistic situations: seeded deals from endplay's dealer, legal auctions that end from the
bidding model, and play heuristics that only play legal cards and obey the duties in force."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from endplay.dealer import generate_deals

from generator.model.auction import (
    SeatCall,
    can_double,
    can_redouble,
    final_contract,
    is_legal_call,
)
from generator.model.board import Board
from generator.model.calls import PASS, Bid, CallValue, Double, Pass, Redouble
from generator.model.cards import Card, Suit
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.seat import Seat
from generator.model.strain import Strain
from generator.scenarios.bidding import MAX_CALLS, BiddingModel
from generator.scenarios.deals import CHUNK, chunk_seed, deals
from generator.scenarios.driver import Driver
from generator.scenarios.play import allowed_cards, choose_card
from generator.scenarios.recipes import RECIPES
from generator.table.events import CardLed, CardPlayed


# --------------------------------------------------------------------------- deals
def test_deals_are_complete_distinct_and_come_from_endplay() -> None:
    got = list(deals(4, 2, 20))
    assert len(got) == 20
    for deal in got:
        assert deal.is_complete
        cards = [c for seat in Seat for c in deal.hand(seat)]
        assert len(cards) == 52 and len(set(cards)) == 52
    # the same deals, straight from endplay's dealer with the chunk's seed
    direct = [d.to_pbn() for d in generate_deals(produce=20, seed=chunk_seed(4, 2))]
    assert [str(d) for d in got] == direct
    assert len({str(d) for d in got}) == 20  # no repeated deal


def test_deals_are_seeded_per_bank_and_chunk() -> None:
    first = [str(d) for d in deals(9, 0, 10)]
    assert first == [str(d) for d in deals(9, 0, 10)]
    assert first != [str(d) for d in deals(9, 1, 10)]
    assert first != [str(d) for d in deals(10, 0, 10)]
    # a shorter draw is a prefix of the longer one: scenarios keep their position in a chunk
    assert [str(d) for d in deals(9, 0, 3)] == first[:3]
    seeds = {chunk_seed(s, c) for s in range(5) for c in range(20)}
    assert len(seeds) == 100 and all(0 <= x < 2**32 for x in seeds)
    assert CHUNK >= 50


def test_deals_look_random() -> None:
    """Average high-card points near 10 a hand, and the usual spread of shapes."""
    hcp: list[int] = []
    shapes: Counter[tuple[int, ...]] = Counter()
    for deal in deals(123, 0, CHUNK):
        for seat in Seat:
            hand = deal.hand(seat)
            hcp.append(hand.hcp())
            shapes[tuple(sorted((hand.length(s) for s in Suit), reverse=True))] += 1
    mean = sum(hcp) / len(hcp)
    assert 9.4 <= mean <= 10.6, mean
    assert max(hcp) >= 18 and min(hcp) <= 3
    assert 0.15 <= shapes[(4, 4, 3, 2)] / len(hcp) <= 0.27  # 21.6% in theory
    assert len(shapes) >= 10


# --------------------------------------------------------------------------- bidding
def natural_auction(deal: Deal, board: Board, seed: int) -> tuple[Driver, list[SeatCall]]:
    """Natural calls to the end of the auction, checking each one against the strict model."""
    driver = Driver(board, deal, random.Random(seed))
    made: list[SeatCall] = []
    for _ in range(MAX_CALLS + 4):
        table = driver.table
        if table.phase != "auction":
            break
        seat = table.next
        assert seat is not None
        before = table.standing()
        call = driver.natural_call_for(seat)
        assert is_legal_call(seat, call, before), (seat, call, before)
        driver.natural_call()
        made.append((seat, call))
    return driver, made


@pytest.mark.parametrize("seed", [1, 2])
def test_natural_auctions_are_legal_and_end(seed: int) -> None:
    contracts: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    for i, deal in enumerate(deals(seed, 0, 150)):
        board = Board.from_number(i % 16 + 1)
        driver, made = natural_auction(deal, board, i)
        table = driver.table
        assert table.phase in ("play", "ended"), made  # the auction ended
        assert table.irregularities == [], made
        assert made[0][0] is board.dealer
        assert table.standing() == made
        assert all(isinstance(c, Pass) for _, c in made[-3:])
        result = final_contract(made)
        if result is None:
            assert table.phase == "ended" and all(isinstance(c, Pass) for _, c in made)
            contracts["passed out"] += 1
        else:
            assert (table.contract, table.declarer) == result
            assert table.next is result[1].lho  # the opening leader is on lead
            contracts[str(result[0].strain)] += 1
            levels[result[0].level] += 1
    # plausible bridge: mostly contracts, in every strain, at several levels
    assert contracts["passed out"] <= 30
    assert all(contracts[s] > 0 for s in ("C", "D", "H", "S", "NT")), contracts
    assert len(levels) >= 3 and levels[1] + levels[2] + levels[3] + levels[4] >= 100, levels


def test_openings_follow_the_model() -> None:
    """The first bid of an auction reads like a natural opening of the hand that made it."""
    checked = 0
    for i, deal in enumerate(deals(77, 0, 200)):
        board = Board.from_number(i % 16 + 1)
        _, made = natural_auction(deal, board, i)
        for seat, call in made:
            hand = deal.hand(seat)
            if isinstance(call, Pass):
                assert hand.hcp() < 12, (seat, hand)  # 12+ points open
                continue
            assert isinstance(call, Bid)
            checked += 1
            lengths = {s: hand.length(s) for s in Suit}
            balanced = (sorted(lengths.values())[0] >= 2 and sorted(lengths.values())[1] >= 3) \
                or sorted(lengths.values()) == [2, 3, 4, 4]
            if call == Bid(1, Strain.NT):
                assert balanced and 15 <= hand.hcp() <= 17, hand
            elif call == Bid(2, Strain.NT):
                assert balanced and 20 <= hand.hcp() <= 21, hand
            elif call == Bid(2, Strain.C):  # strong and artificial
                assert hand.hcp() >= 22, hand
            elif call.level == 1:
                assert 11 <= hand.hcp() <= 21, hand
                assert not (balanced and 15 <= hand.hcp() <= 17), hand  # that is a 1NT
                suit = call.strain.suit
                assert suit is not None
                if suit in (Suit.S, Suit.H):
                    assert lengths[suit] >= 5, hand
                else:
                    assert max(lengths[Suit.S], lengths[Suit.H]) < 5, hand
                    assert lengths[suit] >= 3, hand  # the longer minor
                    other = Suit.C if suit is Suit.D else Suit.D
                    assert lengths[suit] >= lengths[other], hand
            else:  # a weak two (not in clubs) or three
                suit = call.strain.suit
                assert suit is not None and 5 <= hand.hcp() <= 10, hand
                assert lengths[suit] >= call.level + 4, hand
                assert call.level == 3 or suit is not Suit.C, hand
            break
    assert checked >= 150


def test_bidding_model_honours_bars() -> None:
    model = BiddingModel(random.Random(0))
    doubles = 0
    for i, deal in enumerate(deals(5, 0, 120)):
        driver = Driver(Board.from_number(i % 16 + 1), deal, random.Random(i))
        while driver.table.phase == "auction":
            seat = driver.table.next
            assert seat is not None
            calls = driver.table.standing()
            hand = deal.hand(seat)
            assert model.call(seat, hand, calls, barred=True) == PASS
            free = model.call(seat, hand, calls)
            barred_double = model.call(seat, hand, calls, no_double=True)
            if isinstance(free, (Double, Redouble)):  # the bar forbids both (Law 30B2)
                doubles += 1
                assert (can_double if isinstance(free, Double) else can_redouble)(seat, calls)
                assert barred_double == PASS
            else:
                assert barred_double == free
            driver.natural_call()
    assert doubles > 0  # the no-double bar was really exercised


def test_long_auctions_end_with_passes() -> None:
    model = BiddingModel(random.Random(0))
    hand = Hand(Card.parse(c) for c in
                ["SA", "SK", "SQ", "SJ", "ST", "HA", "HK", "HQ", "DA", "DK", "CA", "CK", "CQ"])
    calls: list[tuple[Seat, CallValue]] = [(Seat.N.offset(i), PASS) for i in range(MAX_CALLS)]
    assert model.call(Seat.N, hand, calls) == PASS


# --------------------------------------------------------------------------- play
def legal_now(driver: Driver, seat: Seat) -> set[Card]:
    """Cards that follow suit (any card on a lead or when void): worked out here, not asked."""
    table = driver.table
    hand = table.remaining(seat) or set()
    current = table.current
    if current is None or current.is_complete or not current.plays:
        return set(hand)
    led = current.plays[0][1].suit
    same = {c for c in hand if c.suit is led}
    return same or set(hand)


def card_raises_irregularity(driver: Driver, seat: Seat, card: Card) -> bool:
    trial = copy.deepcopy(driver)
    current = trial.table.current
    lead = current is None or current.is_complete
    before = len(trial.table.irregularities)
    trial.apply(CardLed(seat, card) if lead else CardPlayed(seat, card))
    return len(trial.table.irregularities) > before


def test_natural_play_is_legal_to_the_end() -> None:
    boards = 0
    for i, deal in enumerate(deals(31, 0, 60)):
        driver = Driver(Board.from_number(i % 16 + 1), deal, random.Random(i))
        driver.auction_until(lambda d: False)
        if driver.table.phase != "play":
            continue
        boards += 1
        for _ in range(52):
            if driver.table.phase != "play":
                break
            seat = driver.table.next
            assert seat is not None
            allowed = allowed_cards(driver.table, seat)
            assert set(allowed) == legal_now(driver, seat)  # no duties: every legal card
            assert choose_card(driver.table, seat, random.Random(0)) in allowed
            driver.natural_card()
            played = driver.table.events[-1]
            assert isinstance(played, (CardLed, CardPlayed)) and played.seat is seat
            assert played.card in allowed
        table = driver.table
        assert table.phase == "ended"
        assert len(table.tricks) == 13 and sum(table.won.values()) == 13
        assert table.irregularities == []
        assert all(not table.remaining(s) for s in Seat)
    assert boards >= 50


def test_opening_lead_heuristic() -> None:
    cards = [Card.parse(c) for c in ["SK", "SQ", "S5", "HA", "H9", "H7", "H4", "H2", "D3", "C2"]]
    assert opening(cards, None) == Card.parse("H4")  # fourth best of the longest suit
    assert opening(cards, Suit.H) == Card.parse("SK")  # not from trumps: top of a sequence
    assert opening([Card.parse("H5"), Card.parse("H3")], Suit.H) == Card.parse("H3")


def opening(cards: list[Card], trump: Suit | None) -> Card:
    from generator.scenarios.play import opening_lead

    return opening_lead(cards, trump)


DUTY_RECIPES = ("exposed-card", "penalty-card-not-played", "premature-play",
                "declarer-lead-out-of-turn", "lead-out-of-turn", "opening-lead-out-of-turn",
                "card-exposed-during-auction", "inadmissible-double")


def test_play_heuristics_obey_the_duties_in_force() -> None:
    """After a ruling, every card the heuristics may choose breaks no duty (penalty cards, lead
    restrictions, declarer's choices), and every legal card they leave out would break one."""
    states = restricted = boards = 0
    conflicts: list[tuple[str, int]] = []
    for n, deal in enumerate(deals(8, 0, 100)):
        name = DUTY_RECIPES[n % len(DUTY_RECIPES)]
        rng = random.Random(f"duty/{n}")
        driver = Driver(Board.from_number(n % 16 + 1), deal, rng)
        if not RECIPES[name].inject(driver):
            continue
        kinds = [f.kind for f in driver.table.irregularities]
        policy = random.Random(n)
        for _ in range(200):
            table = driver.table
            if table.phase == "ended":
                break
            decision = driver.decision()
            if decision is not None:
                driver.answer(decision, policy.choice(decision.options))
                continue
            if table.phase == "auction":
                driver.natural_call()
                continue
            seat = table.next
            assert seat is not None
            allowed = allowed_cards(table, seat)
            legal = legal_now(driver, seat)
            assert allowed and set(allowed) <= legal, (seat, allowed, legal)
            if table.constraints:
                states += 1
                complying = {c for c in legal if not card_raises_irregularity(driver, seat, c)}
                if complying:
                    assert set(allowed) == complying, (name, n, seat, allowed, complying)
                else:  # duties that contradict each other: the heuristics fall back on any card
                    assert set(allowed) == legal
                    conflicts.append((name, n))
                restricted += set(allowed) != legal
            assert choose_card(table, seat, random.Random(n)) in allowed
            driver.natural_card()
            played = driver.table.events[-1]
            assert isinstance(played, (CardLed, CardPlayed)) and played.seat is seat
            assert played.card in allowed, (name, n, seat, played, allowed)
        assert driver.table.phase == "ended"
        if not conflicts or conflicts[-1][1] != n:
            assert [f.kind for f in driver.table.irregularities] == kinds  # nothing new
        boards += 1
    assert boards >= 60
    # duties never contradict each other: declarer makes one 50E/51 choice per lead, over the
    # penalty cards as they are when the lead is due (a stale offer is withdrawn)
    assert conflicts == [], conflicts
    assert states >= 100 and restricted >= 10, (states, restricted)


def test_deal_conversion_falls_back_on_pbn() -> None:
    """A deal object without endplay's bit masks is read through its PBN text."""
    from generator.scenarios.deals import convert

    class Plain:
        def to_pbn(self) -> str:
            return "N:84.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"

    assert str(convert(Plain())) == Plain().to_pbn()
    real = next(iter(generate_deals(produce=1, seed=3)))
    assert str(convert(real)) == real.to_pbn()
