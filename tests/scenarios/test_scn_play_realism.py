"""The scenario players play and err like club players.

Card play is measured against double dummy (endplay's solver, one strain per deal) and against
the heuristics this module replaced (kept below as ``old_choose_card``, verbatim, as the
yardstick); single rules are checked card by card on naturally played boards. Each injected
irregularity is checked to be the natural action of the offender: the call he would have made
had he not seen his RHO's call, the call he would make at his own turn, the card he overlooked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from generator.model.auction import SeatCall, is_sufficient, last_bid
from generator.model.board import Board
from generator.model.calls import PASS, Bid, CallValue, Pass
from generator.model.cards import Card, Suit
from generator.model.deal import Deal
from generator.model.play import trick_winner
from generator.model.seat import Seat
from generator.model.strain import Strain
from generator.scenarios import driver as driver_module
from generator.scenarios.deals import deals
from generator.scenarios.driver import Driver
from generator.scenarios.play import allowed_cards, choose_card, lead_card
from generator.scenarios.recipes import RECIPES
from generator.table.events import CallChanged, CallMade, CardLed, CardPlayed
from generator.table.state import Table

DENOMS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
          "NT": Denom.nt}
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
#: Boards for the double-dummy comparison (about 60 ms of solver each).
DD_BOARDS = 90
#: Average tricks declarer may lose to double dummy. Double dummy sees all four hands: a real
#: declarer facing real defenders falls short of it by a fraction of a trick on average, and the
#: defenders' own slips push the other way. The replaced heuristics lost 0.9 trick a board on
#: these deals; the new ones lose about 0.45 (see the report of the change): 0.7 leaves room for
#: a change of the bidding model's contracts without letting the old play back in.
MAX_SHORTFALL = 0.7


def old_choose_card(table: Table, seat: Seat, rng: random.Random) -> Card:
    """The heuristics before this change (random high or low leads, second hand always low,
    third hand's highest winner, discards of the lowest card whatever it guards)."""
    def lowest(cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (c.rank.order, c.suit.order))

    def highest(cards: list[Card]) -> Card:
        return max(cards, key=lambda c: (c.rank.order, -c.suit.order))

    cards = allowed_cards(table, seat)
    assert table.contract is not None
    trump = table.contract.strain.suit
    if table.leading:
        if not table.tricks:
            return choose_card(table, seat, rng)  # the opening lead: the same in both
        non_trumps = [c for c in cards if c.suit is not trump] or cards
        return highest(non_trumps) if rng.random() < 0.4 else lowest(non_trumps)
    current = table.current
    assert current is not None
    plays = current.plays
    winning = trick_winner(plays, table.contract.strain)
    top = next(card for s, card in plays if s is winning)
    partner_winning = winning is seat.partner
    led = plays[0][1].suit
    followers = [c for c in cards if c.suit is led]
    position = len(plays)
    if winning is seat:
        winners = cards
    else:
        winners = [c for c in cards if (c.rank.order > top.rank.order if c.suit is top.suit
                                        else trump is not None and c.suit is trump)]
    if followers:
        if partner_winning or position == 1:
            return lowest(followers)
        if winners:
            return lowest(winners) if position == 3 else highest(winners)
        return lowest(followers)
    if not partner_winning and winners:
        return lowest(winners)
    return lowest([c for c in cards if c.suit is not trump] or cards)


def bid_board(deal: Deal, number: int) -> Driver | None:
    """A driver at the end of the natural auction, or ``None`` if the board is passed out."""
    driver = Driver(Board.from_number(number % 16 + 1), deal, random.Random(number))
    driver.auction_until(lambda d: False)
    return driver if driver.table.phase == "play" else None


def double_dummy(deal: Deal, strain: Strain, declarer: Seat) -> int:
    denom = DENOMS[str(strain)]
    tables = calc_all_tables([EndplayDeal(str(deal))],
                             exclude=[d for d in Denom if d is not denom])
    return int(tables[0][denom, PLAYERS[str(declarer)]])


@cache
def shortfalls() -> tuple[tuple[int, int], ...]:
    """(old, new) tricks declarer falls short of double dummy, board by board."""
    out: list[tuple[int, int]] = []
    for number, deal in enumerate(deals(2027, 0, DD_BOARDS + 20)):
        driver = bid_board(deal, number)
        if driver is None:
            continue
        table = driver.table
        assert table.contract is not None and table.declarer is not None
        dd = double_dummy(deal, table.contract.strain, table.declarer)
        got = []
        for chooser in (old_choose_card, choose_card):
            board = bid_board(deal, number)
            assert board is not None
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(driver_module, "choose_card", chooser)
                board.play_until(lambda d: False)
            assert board.table.phase == "ended"
            tricks = board.table.declarer_tricks()
            assert tricks is not None
            got.append(dd - tricks)
        out.append((got[0], got[1]))
        if len(out) >= DD_BOARDS:
            break
    return tuple(out)


def test_declarer_comes_closer_to_double_dummy() -> None:
    pairs = shortfalls()
    assert len(pairs) >= DD_BOARDS * 0.9
    old = sum(o for o, _ in pairs) / len(pairs)
    new = sum(n for _, n in pairs) / len(pairs)
    assert new < old, (old, new)
    assert new <= MAX_SHORTFALL, (old, new)
    # no board thrown away: declarer is never four or more tricks short of double dummy
    assert max(n for _, n in pairs) <= 4, pairs


# --------------------------------------------------------------------------- card by card
Seen = tuple[Table, Seat, Card, set[Card]]


def played_cards(count: int = 60, seed: int = 41) -> Iterator[Seen]:
    """Every natural card of naturally bid boards, with the table before it and the hand."""
    for number, deal in enumerate(deals(seed, 0, count)):
        driver = bid_board(deal, number)
        if driver is None:
            continue
        while driver.table.phase == "play":
            table = driver.table
            seat = table.next
            assert seat is not None
            hand = set(table.remaining(seat) or ())
            card = choose_card(table, seat)
            yield table, seat, card, hand
            driver.natural_card()


def check_cards(rule: Callable[[Table, Seat, Card, set[Card]], bool]) -> int:
    """How many cards the rule applied to (it asserts on its own)."""
    return sum(1 for table, seat, card, hand in played_cards() if rule(table, seat, card, hand))


def beats(card: Card, top: Card, trump: Suit | None) -> bool:
    if card.suit is top.suit:
        return card.rank.order > top.rank.order
    return trump is not None and card.suit is trump


def test_fourth_hand_wins_as_cheaply_as_it_can() -> None:
    def rule(table: Table, seat: Seat, card: Card, hand: set[Card]) -> bool:
        current = table.current
        if table.leading or current is None or len(current.plays) != 3:
            return False
        assert table.contract is not None
        trump = table.contract.strain.suit
        winner = trick_winner(current.plays, table.contract.strain)
        top = next(c for s, c in current.plays if s is winner)
        legal = table.legal_cards(seat)
        if winner is seat.partner:
            if card.suit is current.plays[0][1].suit:
                assert card == min(legal, key=lambda c: c.rank.order), (seat, card, legal)
            else:
                assert card.suit is not trump or not [c for c in legal if c.suit is not trump]
            return True
        winners = [c for c in legal if beats(c, top, trump)]
        if winners:
            cheapest = min(winners, key=lambda c: c.rank.order)
            assert card == cheapest, (seat, card, top, legal)
        else:
            assert not beats(card, top, trump)
            if card.suit is current.plays[0][1].suit:  # he follows: with his lowest card
                assert card == min(legal, key=lambda c: c.rank.order), (seat, card, legal)
        return True

    assert check_cards(rule) >= 500


def test_no_ace_is_discarded_while_a_small_card_is_left_elsewhere() -> None:
    def rule(table: Table, seat: Seat, card: Card, hand: set[Card]) -> bool:
        current = table.current
        if table.leading or current is None:
            return False
        assert table.contract is not None
        trump = table.contract.strain.suit
        led = current.plays[0][1].suit
        if card.suit is led or card.suit is trump:
            return False
        small = [c for c in hand if c.suit not in (led, trump, card.suit) and c.rank.order <= 9]
        if card.rank.order == 14:
            assert not small, (seat, card, sorted(hand))
        return True

    assert check_cards(rule) >= 100


def test_nobody_overtakes_partners_master() -> None:
    def rule(table: Table, seat: Seat, card: Card, hand: set[Card]) -> bool:
        current = table.current
        if table.leading or current is None or len(current.plays) < 2:
            return False
        assert table.contract is not None
        winner = trick_winner(current.plays, table.contract.strain)
        led = current.plays[0][1].suit
        top = next(c for s, c in current.plays if s is winner)
        if winner is not seat.partner or top.suit is not led or top.rank.order != 14:
            return False
        follow = [c for c in hand if c.suit is led]
        if follow:
            assert card == min(follow, key=lambda c: c.rank.order), (seat, card, follow)
        else:
            assert card.suit is not table.contract.strain.suit or all(
                c.suit is table.contract.strain.suit for c in hand), (seat, card)
        return True

    assert check_cards(rule) >= 20


def test_declarer_draws_trumps_first() -> None:
    """Declarer's side on lead in a suit contract, holding more trumps than the opponents who
    still have some, leads a trump from a hand that has one."""
    def rule(table: Table, seat: Seat, card: Card, hand: set[Card]) -> bool:
        if not table.leading or not table.tricks or table.declarer is None:
            return False
        assert table.contract is not None
        trump = table.contract.strain.suit
        if trump is None or table.is_defender(seat):
            return False
        ours = [c for s in (seat, seat.partner) for c in table.remaining(s) or ()
                if c.suit is trump]
        gone = sum(1 for c in table.gone if c.suit is trump)
        out = 13 - len(ours) - gone
        if not (0 < out < len(ours)) or not any(c.suit is trump for c in hand):
            return False
        assert card.suit is trump, (seat, card)
        return True

    assert check_cards(rule) >= 30


def test_third_hand_plays_the_cheapest_of_equals() -> None:
    """A third hand that wins with an honour does not waste it: no lower card of his is worth
    the same (every rank between them played or his own)."""
    def rule(table: Table, seat: Seat, card: Card, hand: set[Card]) -> bool:
        current = table.current
        if table.leading or current is None or len(current.plays) != 2:
            return False
        if card.suit is not current.plays[0][1].suit or card.rank.order < 10:
            return False
        gone = {c for c in table.gone if c.suit is card.suit}
        own = {c for c in hand if c.suit is card.suit}
        top = max(c.rank.order for _, c in current.plays if c.suit is card.suit)
        for lower in sorted((c for c in hand if c.suit is card.suit and c != card
                             and top < c.rank.order < card.rank.order),
                            key=lambda c: -c.rank.order):
            between = range(lower.rank.order + 1, card.rank.order)
            assert not all(any(g.rank.order == r for g in gone | own) for r in between), \
                (seat, card, lower)
        return True

    assert check_cards(rule) >= 20


# --------------------------------------------------------------------------- irregularities
def injected(name: str, count: int = 300, seed: int = 9) -> Iterator[tuple[Driver, Driver]]:
    """(before, after) drivers for each deal where the recipe injected: ``before`` replays all
    events but the irregular ones (the last call or card, and a change of call's first call)."""
    for number, deal in enumerate(deals(seed, 0, count)):
        board = Board.from_number(number % 32 + 1)
        after = Driver(board, deal, random.Random(f"{name}/{number}"))
        if not RECIPES[name].inject(after) or not after.table.irregularities:
            continue
        events = list(after.table.events)
        cut = next(i for i, e in enumerate(events)
                   if i >= after.table.irregularities[-1].event - (
                       1 if isinstance(events[-1], CallChanged) else 0))
        before = Driver(board, deal, random.Random(0))
        for event in events[:cut]:
            before.apply(event)
        yield before, after


def natural(before: Driver, seat: Seat, calls: list[SeatCall]) -> CallValue:
    return before.bidder.call(seat, before.deal.hand(seat), calls)


def irregular_call(after: Driver) -> tuple[Seat, CallValue]:
    event = next(e for e in reversed(after.table.events) if isinstance(e, CallMade))
    return event.seat, event.call


def test_insufficient_bid_is_the_bid_made_without_seeing_rho() -> None:
    found = 0
    for before, after in injected("insufficient-bid"):
        seat, bid = irregular_call(after)
        calls = before.table.standing()
        assert calls[-1][0] is seat.rho and not isinstance(calls[-1][1], Pass)
        assert bid == natural(before, seat, [*calls[:-1], (seat.rho, PASS)])
        assert isinstance(bid, Bid) and not is_sufficient(bid, calls)
        found += 1
    assert found >= 5


@pytest.mark.parametrize("name", ["pass-out-of-rotation", "bid-out-of-rotation",
                                  "double-out-of-rotation"])
def test_call_out_of_rotation_is_the_offenders_own_turn_call(name: str) -> None:
    found = 0
    for before, after in injected(name):
        seat, call = irregular_call(after)
        calls = before.table.standing()
        turn = before.table.next
        assert turn is not None and seat is not turn
        seen = list(calls)
        while turn is not seat:
            seen.append((turn, PASS))
            turn = turn.lho
        assert call == natural(before, seat, seen), (name, calls, seat, call)
        found += 1
    assert found >= 3, name


def test_change_of_call_is_a_slip_or_a_second_thought() -> None:
    slips = minds = 0
    for before, after in injected("change-of-call"):
        made = [e for e in after.table.events if isinstance(e, (CallMade, CallChanged))]
        first, change = made[-2], made[-1]
        assert isinstance(first, CallMade) and isinstance(change, CallChanged)
        seat = first.seat
        meant = natural(before, seat, before.table.standing())
        if change.inadvertent:
            # the card next to the intended one in the bid box, replaced by the intended call
            assert change.call == meant
            assert isinstance(first.call, Bid) and isinstance(meant, Bid)
            levels = abs(first.call.level - meant.level)
            strains = abs(list(Strain).index(first.call.strain) - list(Strain).index(
                meant.strain))
            assert (levels, strains) in ((1, 0), (0, 1)), (first.call, meant)
            slips += 1
        else:
            assert first.call == meant
            minds += 1
    assert slips >= 1 and minds >= 3, (slips, minds)


def test_revoke_is_an_overlooked_card() -> None:
    found = 0
    for before, after in injected("revoke"):
        event = next(e for e in reversed(after.table.events) if isinstance(e, CardPlayed))
        table = before.table
        current = table.current
        assert current is not None and table.contract is not None
        led = current.plays[0][1].suit
        hand = table.remaining(event.seat) or set()
        assert 1 <= sum(1 for c in hand if c.suit is led) <= 2
        trump = table.contract.strain.suit
        others = [c for c in hand if c.suit is not led]
        ruffs = [c for c in others if c.suit is trump]
        winner = trick_winner(current.plays, table.contract.strain)
        if ruffs and winner.side is not event.seat.side:
            assert event.card == min(ruffs, key=lambda c: c.rank.order)
        else:
            assert event.card == min(others, key=lambda c: (c.suit is trump, c.rank.order,
                                                            c.suit.order))
        found += 1
    assert found >= 5


@pytest.mark.parametrize("name", ["lead-out-of-turn", "declarer-lead-out-of-turn",
                                  "premature-play", "declarer-plays-out-of-turn"])
def test_card_out_of_turn_is_the_natural_one(name: str) -> None:
    found = 0
    for before, after in injected(name, count=150):
        event = next(e for e in reversed(after.table.events)
                     if isinstance(e, (CardLed, CardPlayed)))
        if isinstance(event, CardLed):
            assert event.card == lead_card(before.table, event.seat), name
        else:
            assert event.card == choose_card(before.table, event.seat), name
        found += 1
    assert found >= 3, name


def test_bid_above_seven_comes_in_a_slam_auction() -> None:
    for before, after in injected("bid-above-seven", count=300):
        found = last_bid(before.table.standing())
        assert found is not None and found[1].level >= 6
        _, call = irregular_call(after)
        assert isinstance(call, Bid) and call.level == 8


def test_exposed_cards_come_from_the_hand() -> None:
    for name in ("exposed-card", "card-exposed-during-auction"):
        for before, after in injected(name, count=60):
            fact = after.table.irregularities[-1]
            for text in str(fact.detail("cards")).split():
                assert Card.parse(text) in before.deal.hand(fact.seat)  # type: ignore[arg-type]


def test_a_barred_players_call_is_the_call_his_hand_would_make() -> None:
    """Law 37 scenarios: the partner barred after his side's insufficient bid forgets the bar
    and makes the call the model gives his hand without it (never a pass: that is no
    irregularity)."""
    found = 0
    for before, after in injected("call-when-obliged-to-pass", count=400):
        seat, call = irregular_call(after)
        calls = before.table.standing()
        assert any(b.scope == "throughout" for b in before.table.bars_on(seat))
        assert not isinstance(call, Pass)
        assert call == natural(before, seat, list(calls)), (calls, seat, call)
        found += 1
    assert found >= 3


def test_a_call_after_the_final_pass_is_the_call_his_hand_would_make() -> None:
    """Law 39 scenarios: a player who has not noticed the auction is over makes the call his
    hand would make if it went on; one whose hand would pass passes."""
    found = bids = 0
    for before, after in injected("call-after-final-pass"):
        seat, call = irregular_call(after)
        calls = before.table.standing()
        assert before.table.phase == "play"
        if not isinstance(call, Pass):
            assert call == natural(before, seat, list(calls)), (calls, seat, call)
            bids += 1
        found += 1
    assert found >= 5 and bids >= 1, (found, bids)
