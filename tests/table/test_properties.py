"""Hypothesis properties of the table log.

Random boards: a complete deal from a seeded shuffle of ``ALL_CARDS``, a random legal auction
(drawn from ``Auction.legal_calls()``) and random legal plays to thirteen tricks.

(a) replaying incrementally and in one go (a fresh table per prefix) gives equal snapshots;
(b) ``detect`` finds nothing on these legal logs, the board ends with 13 tricks, and the tricks
    won add up to 13;
(c) one irregularity injected into a legal log is the first fact found, with the right kind and
    the right event index.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ImpossibleEventError
from generator.model import (
    ALL_CARDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Board,
    Card,
    Contract,
    Deal,
    Hand,
    Seat,
    Strain,
    legal_plays,
    trick_winner,
)
from generator.model.auction import can_double
from generator.table import Case, Kind, Table, detect, parse_event
from generator.table.events import (
    CallMade,
    CardLed,
    CardPlayed,
    CardsExposed,
    Event,
)


@dataclass(frozen=True)
class LegalBoard:
    board: Board
    deal: Deal
    events: tuple[Event, ...]
    n_calls: int                      # events[:n_calls] are the auction
    contract: Contract
    declarer: Seat
    #: before each play event (index into events): the seat's hand and the suit led, if any
    before: tuple[tuple[int, Seat, frozenset[Card], Card | None], ...]


def random_auction(rng: random.Random, dealer: Seat) -> Auction:
    """A legal auction that ends with a contract (passes and low bids favoured)."""
    while True:
        auction = Auction(dealer)
        while not auction.is_complete:
            legal = auction.legal_calls()
            roll = rng.random()
            if roll < 0.5:
                call = PASS
            elif roll < 0.6 and (DOUBLE in legal or REDOUBLE in legal):
                call = DOUBLE if DOUBLE in legal else REDOUBLE
            else:
                bids = [c for c in legal if isinstance(c, Bid)]
                call = rng.choice(bids[:8]) if bids else PASS
            assert call in legal
            auction = auction.append(call)
        if not auction.is_passed_out:
            return auction


def legal_board(seed: int) -> LegalBoard:
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    deal = Deal(tuple(Hand(cards[i * 13:(i + 1) * 13]) for i in range(4)))  # type: ignore[arg-type]
    board = Board.from_number(rng.randint(1, 32))
    auction = random_auction(rng, board.dealer)
    assert auction.result is not None
    contract, declarer = auction.result
    events: list[Event] = [CallMade(seat, call) for seat, call in auction.seat_calls]
    hands = {s: set(deal.hand(s).cards) for s in Seat}
    before: list[tuple[int, Seat, frozenset[Card], Card | None]] = []
    leader = declarer.lho
    for _ in range(13):
        plays: list[tuple[Seat, Card]] = []
        for k in range(4):
            seat = leader.offset(k)
            led = plays[0][1] if plays else None
            before.append((len(events), seat, frozenset(hands[seat]), led))
            card = rng.choice(legal_plays(Hand(hands[seat]), led.suit if led else None))
            hands[seat].remove(card)
            plays.append((seat, card))
            events.append(CardLed(seat, card) if k == 0 else CardPlayed(seat, card))
        leader = trick_winner(plays, contract.strain)
    return LegalBoard(board, deal, tuple(events), len(auction.calls), contract, declarer,
                      tuple(before))


def replay(lb: LegalBoard, events: list[Event] | tuple[Event, ...]) -> Table:
    return Table(lb.board, lb.deal).apply_all(events)


def hand_at(lb: LegalBoard, seat: Seat, i: int) -> list[Card]:
    """The cards ``seat`` still holds before event ``i`` of the legal log."""
    played = {e.card for e in lb.events[:i] if isinstance(e, (CardLed, CardPlayed))
              and e.seat is seat}
    return sorted(lb.deal.hand(seat).cards - played)


def first_fact(table: Table) -> tuple[Kind, Seat | None, int | None]:
    assert table.irregularities, "the injected irregularity was not detected"
    fact = table.irregularities[0]
    return fact.kind, fact.seat, fact.event


seeds = st.integers(min_value=0, max_value=2**32 - 1)


# --------------------------------------------------------------------------- (a) and (b)
def assert_replays_agree(lb: LegalBoard, events: list[Event] | tuple[Event, ...]) -> None:
    """Snapshots agree after every prefix; an impossible event stops both replays alike."""
    incremental = Table(lb.board, lb.deal)
    assert incremental.snapshot() == Table(lb.board, lb.deal).snapshot()
    for k, event in enumerate(events, start=1):
        try:
            incremental.apply(event)
        except ImpossibleEventError as exc:
            with pytest.raises(ImpossibleEventError) as again:
                replay(lb, events[:k])
            assert str(again.value) == str(exc)
            return
        one_go = replay(lb, events[:k])
        assert incremental.snapshot() == one_go.snapshot(), f"after event {k - 1}: {event}"
        assert incremental.irregularities == one_go.irregularities


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_incremental_and_one_go_replays_agree(seed: int) -> None:
    lb = legal_board(seed)
    assert_replays_agree(lb, lb.events)


@settings(max_examples=20, deadline=None)
@given(seeds, st.data())
def test_replays_agree_on_irregular_logs_too(seed: int, data: st.DataObject) -> None:
    # a call out of rotation, accepted or refused, then the rest of the legal log (which is now
    # irregular in many ways, and may even become impossible, e.g. a card after a passed-out
    # board): both replays still see the same thing at every step
    lb = legal_board(seed)
    i = data.draw(st.integers(0, lb.n_calls - 1))
    turn = lb.board.dealer.offset(i)
    offender = data.draw(st.sampled_from([s for s in Seat if s is not turn]))
    decision = parse_event(f"{offender.lho} {data.draw(st.sampled_from(['accepts', 'refuses']))}")
    events = [*lb.events[:i], CallMade(offender, PASS), decision, *lb.events[i:]]
    assert_replays_agree(lb, events)


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_legal_boards_have_no_irregularity_and_13_tricks(seed: int) -> None:
    lb = legal_board(seed)
    # the log is also a valid case: its lines parse back to the same events
    assert tuple(parse_event(str(e)) for e in lb.events) == lb.events
    case = Case(lb.board, deal=lb.deal, events=lb.events)
    assert detect(case) == []
    table = replay(lb, lb.events)
    assert table.irregularities == []
    assert table.contract == lb.contract and table.declarer is lb.declarer
    assert table.phase == "ended" and table.next is None
    assert len(table.tricks) == 13
    won = table.snapshot()["tricks_won"]
    assert won["NS"] + won["EW"] == 13
    assert all(len(h) == 0 for h in (table.remaining(s) for s in Seat) if h is not None)
    # every trick went to the seat the model says, and that seat led the next trick
    for trick, following in zip(table.tricks, table.tricks[1:], strict=False):
        assert following.leader is trick.winner
    for trick in table.tricks:
        assert trick.winner is trick_winner(trick.plays, lb.contract.strain)
    # the auction part alone ends in the play phase with the opening leader to play
    after_auction = replay(lb, lb.events[:lb.n_calls])
    assert after_auction.phase == "play" and after_auction.next is lb.declarer.lho


# --------------------------------------------------------------------------- (c) injections
def auction_state(lb: LegalBoard, i: int) -> tuple[Seat, list[tuple[Seat, object]]]:
    """Whose turn it is before call ``i`` and the calls made so far."""
    calls = [(e.seat, e.call) for e in lb.events[:i]]  # type: ignore[union-attr]
    return lb.board.dealer.offset(i), calls


@settings(max_examples=100, deadline=None)
@given(seeds, st.data())
def test_injected_insufficient_bid(seed: int, data: st.DataObject) -> None:
    lb = legal_board(seed)
    positions = []
    for i in range(lb.n_calls):
        _, calls = auction_state(lb, i)
        bids = [c for _, c in calls if isinstance(c, Bid)]
        if bids and str(bids[-1]) != "1C":
            positions.append((i, bids[-1]))
    if not positions:  # the auction opened 1C and nobody bid again: insert after the 1C
        return
    i, last = data.draw(st.sampled_from(positions))
    lower = [b for b in (Bid(lv, s) for lv in range(1, 8) for s in Strain) if last.outranks(b)]
    bid = data.draw(st.sampled_from(lower))
    turn, _ = auction_state(lb, i)
    table = replay(lb, [*lb.events[:i], CallMade(turn, bid)])
    assert first_fact(table) == (Kind.INSUFFICIENT_BID, turn, i)
    assert table.irregularities[0].detail("last") == str(last)


@settings(max_examples=100, deadline=None)
@given(seeds, st.data())
def test_injected_call_out_of_rotation(seed: int, data: st.DataObject) -> None:
    lb = legal_board(seed)
    i = data.draw(st.integers(0, lb.n_calls - 1))
    turn, calls = auction_state(lb, i)
    offender = data.draw(st.sampled_from([s for s in Seat if s is not turn]))
    auction = Auction(lb.board.dealer, tuple(c for _, c in calls))  # type: ignore[arg-type]
    sufficient = [c for c in auction.legal_calls() if isinstance(c, Bid)]
    call = data.draw(st.sampled_from([PASS, DOUBLE, *sufficient[:5]]))
    if call is PASS:
        kind = Kind.PASS_OUT_OF_ROTATION
    elif call is DOUBLE:
        legal = can_double(offender, calls)  # type: ignore[arg-type]
        kind = Kind.DOUBLE_OUT_OF_ROTATION if legal else Kind.INADMISSIBLE_DOUBLE
    else:
        kind = Kind.BID_OUT_OF_ROTATION
    table = replay(lb, [*lb.events[:i], CallMade(offender, call)])
    assert first_fact(table) == (kind, offender, i)
    relation = {turn.rho: "lho", turn.partner: "partner", turn.lho: "rho"}[offender]
    assert table.irregularities[0].detail("relation") == relation
    assert table.irregularities[0].detail("turn") == str(turn)


@settings(max_examples=100, deadline=None)
@given(seeds, st.data())
def test_injected_revoke(seed: int, data: st.DataObject) -> None:
    lb = legal_board(seed)
    chances = [(j, seat, hand, led) for j, seat, hand, led in lb.before
               if led is not None and any(c.suit is led.suit for c in hand)
               and any(c.suit is not led.suit for c in hand)]
    if not chances:
        return
    j, seat, hand, led = data.draw(st.sampled_from(chances))
    assert led is not None
    card = data.draw(st.sampled_from(sorted(c for c in hand if c.suit is not led.suit)))
    table = replay(lb, [*lb.events[:j], CardPlayed(seat, card)])
    assert first_fact(table) == (Kind.REVOKE, seat, j)
    assert table.irregularities[0].detail("led") == str(led.suit)


@settings(max_examples=100, deadline=None)
@given(seeds, st.data())
def test_injected_lead_out_of_turn(seed: int, data: st.DataObject) -> None:
    lb = legal_board(seed)
    leads = [(n, j, seat, hand) for n, (j, seat, hand, led) in enumerate(lb.before)
             if led is None]
    assert len(leads) == 13
    n, j, leader, _ = data.draw(st.sampled_from(leads))
    offender = data.draw(st.sampled_from([s for s in Seat if s is not leader]))
    card = data.draw(st.sampled_from(hand_at(lb, offender, j)))
    table = replay(lb, [*lb.events[:j], CardLed(offender, card)])
    if n == 0:
        kind = Kind.OPENING_LEAD_OUT_OF_TURN
    elif offender.side is not lb.declarer.side:
        kind = Kind.LEAD_OUT_OF_TURN
    else:
        kind = Kind.DECLARER_LEAD_OUT_OF_TURN
    assert first_fact(table) == (kind, offender, j)
    assert table.irregularities[0].detail("turn") == str(leader)


@settings(max_examples=80, deadline=None)
@given(seeds, st.data())
def test_injected_exposed_card(seed: int, data: st.DataObject) -> None:
    lb = legal_board(seed)
    during_auction = data.draw(st.booleans())
    if during_auction:
        i = data.draw(st.integers(0, lb.n_calls - 1))
        seat = data.draw(st.sampled_from(list(Seat)))
        kind = Kind.CARD_EXPOSED_DURING_AUCTION
    else:
        n = data.draw(st.integers(0, len(lb.before) - 1))
        i = lb.before[n][0]
        defenders = [d for d in (lb.declarer.lho, lb.declarer.rho) if hand_at(lb, d, i)]
        if not defenders:  # both defenders have played their last card
            return
        seat = data.draw(st.sampled_from(defenders))
        kind = Kind.EXPOSED_CARD
    card = data.draw(st.sampled_from(hand_at(lb, seat, i)))
    # the exposure changes nothing else: the rest of the legal log still replays
    events = [*lb.events[:i], CardsExposed(seat, (card,)), *lb.events[i:]]
    table = replay(lb, events)
    assert first_fact(table) == (kind, seat, i)
    assert len(table.irregularities) == 1
    assert table.phase == "ended" and len(table.tricks) == 13
    assert table.exposed[seat] == []  # the exposed card was played later
