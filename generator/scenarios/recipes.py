"""Recipes: each injects one irregularity of its kind into a naturally bid and played board.

A recipe plays the board naturally up to a random moment where its irregularity can happen, then
makes the irregular call or card. It never says what the ruling is: the engine rules. A recipe
returns ``False`` when the deal offers no such moment (the generator then takes the next deal).
Weights say how often each kind is drawn; they are configurable per bank.

A recipe serves the editions it names (``editions``: both codes by default); a bank of one
edition draws only from its recipes. Recipes for situations only one code has (the 2017
comparable call, say) live in :mod:`generator.scenarios.recipes2017` when it exists: its
module-level list ``RECIPES`` (or recipes it registers with :func:`recipe`) joins this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.laws import claimplay
from generator.laws.claimplay import Position
from generator.laws.refs import EDITIONS
from generator.model.auction import (
    SeatCall,
    is_legal_call,
    is_sufficient,
    last_bid,
)
from generator.model.calls import DOUBLE, PASS, REDOUBLE, Bid, CallValue, Double, Pass, Redouble
from generator.model.cards import Card, Suit
from generator.model.play import trick_winner
from generator.model.seat import Seat
from generator.model.strain import Strain
from generator.scenarios.driver import Driver
from generator.scenarios.play import allowed_cards, bid_suits, choose_card, lead_card, opening_lead
from generator.table.events import (
    Asked,
    CallChanged,
    CallMade,
    CardLed,
    CardPlayed,
    CardsExposed,
    ClaimAnswered,
    Claimed,
    Conceded,
    DirectorCalled,
    DummyAct,
    HandCount,
    PlayedBefore,
    WrongBoard,
    WrongDirection,
    WrongTable,
)
from generator.table.irregularities import Kind

Inject = Callable[[Driver], bool]


@dataclass(frozen=True)
class Recipe:
    """How to make one kind of irregularity happen."""

    name: str
    kind: Kind
    inject: Inject
    weight: float = 1.0
    #: irregularities the recipe makes on purpose before the one it is about
    setup: tuple[Kind, ...] = ()
    #: the codes whose banks may draw the recipe (a 2017 situation such as a comparable call
    #: has no 1987 counterpart: :mod:`generator.scenarios.recipes2017`)
    editions: frozenset[str] = frozenset(EDITIONS)


RECIPES: dict[str, Recipe] = {}


def recipe(name: str, kind: Kind, weight: float = 1.0, setup: tuple[Kind, ...] = (),
           editions: frozenset[str] = frozenset(EDITIONS)) -> Callable[[Inject], Inject]:
    def register(fn: Inject) -> Inject:
        RECIPES[name] = Recipe(name, kind, fn, weight, setup, editions)
        return fn
    return register


def _moment(d: Driver, extra: int = 8) -> int:
    return d.rng.randint(0, extra)


def _auction_to(d: Driver, need_bid: bool = True, extra: int = 8) -> bool:
    """Natural calls to a random moment of the auction (with a bid made, if asked)."""
    target = _moment(d, extra)
    count = [0]

    def stop(drv: Driver) -> bool:
        count[0] += 1
        return count[0] > target and (drv.has_bid() or not need_bid)

    return d.auction_until(stop)


def _to_play(d: Driver) -> bool:
    """Natural auction to its end; False if passed out."""
    d.auction_until(lambda drv: False)
    return d.table.phase == "play"


def _natural_on(d: Driver, seat: Seat, calls: list[SeatCall]) -> CallValue:
    """The model's call for ``seat`` on an auction as he saw it (not the table's), under the
    bars in force on him."""
    bars = d.table.bars_on(seat)
    barred = any(b.scope in ("next_turn", "throughout") for b in bars)
    no_double = any(b.scope == "no_double" for b in bars)
    return d.bidder.call(seat, d.deal.hand(seat), calls, barred, no_double)


def seen_by(offender: Seat, turn: Seat, calls: list[SeatCall]) -> list[SeatCall]:
    """The auction as a player calling out of rotation takes it: the calls made, then a pass
    for each seat he skips from the one in turn (what his call would answer)."""
    seen = list(calls)
    skipped = turn
    while skipped is not offender:
        seen.append((skipped, PASS))
        skipped = skipped.lho
    return seen


def ends_auction(calls: list[SeatCall]) -> bool:
    """Whether these calls end an auction (three passes after a call, or four passes)."""
    return len(calls) >= 4 and all(isinstance(c, Pass) for _, c in calls[-3:])


def _play_to(d: Driver, tricks_min: int = 0, tricks_max: int = 9,
             position: tuple[int, ...] = (0, 1, 2, 3)) -> bool:
    """Natural auction to its end, then natural play to a random moment: a trick number and a
    position in the trick. False if the deal is passed out or the moment never comes."""
    if not _to_play(d):
        return False
    target_trick = d.rng.randint(tricks_min, tricks_max)
    wanted = d.rng.choice(position)

    def stop(drv: Driver) -> bool:
        table = drv.table
        current = table.current
        played = 0 if current is None or current.is_complete else len(current.plays)
        return len(table.tricks) >= target_trick and played == wanted

    return d.play_until(stop)


# ------------------------------------------------------------------------------ the auction
@recipe("insufficient-bid", Kind.INSUFFICIENT_BID, weight=3)
def insufficient_bid(d: Driver) -> bool:
    """The bid the offender would have made had he not seen his RHO's last call: the model's
    call with that call taken as a pass, made at the first turn (from a random point of the
    auction) where it has become insufficient."""
    earliest = _moment(d, 4)
    count = [0]

    def moment(drv: Driver) -> bool:
        count[0] += 1
        return count[0] > earliest and unseen_rho_bid(drv) is not None

    if not d.auction_until(moment):
        return False
    seat = d.table.next
    bid = unseen_rho_bid(d)
    assert seat is not None and bid is not None
    d.apply(CallMade(seat, bid))
    return True


def unseen_rho_bid(d: Driver) -> Bid | None:
    """The bid the player in turn would make had his RHO's last call been a pass, when that
    bid is insufficient now; else ``None``."""
    seat = d.table.next
    calls = d.table.standing()
    if seat is None or not calls or calls[-1][0] is not seat.rho or isinstance(calls[-1][1], Pass):
        return None
    meant = _natural_on(d, seat, [*calls[:-1], (seat.rho, PASS)])
    if isinstance(meant, Bid) and not is_sufficient(meant, calls):
        return meant
    return None


def _slip(call: CallValue, seat: Seat, calls: list[SeatCall]) -> list[Bid]:
    """The bid-box cards next to an intended bid: one level up or down, the next strain up or
    down at the same level (those that are legal)."""
    if not isinstance(call, Bid):
        return []
    strains = list(Strain)
    index = strains.index(call.strain)
    near = [(call.level + 1, call.strain), (call.level - 1, call.strain)]
    near += [(call.level, strains[i]) for i in (index + 1, index - 1) if 0 <= i < len(strains)]
    return [Bid(level, strain) for level, strain in near
            if 1 <= level <= 7 and is_legal_call(seat, Bid(level, strain), calls)]


def _second_thought(d: Driver, seat: Seat, first: CallValue,
                    calls: list[SeatCall]) -> CallValue | None:
    """The other call a player hesitates over: a bid raised a level or withdrawn for a pass,
    a pass turned into a bid of his longest suit, a double into a pass."""
    if isinstance(first, Bid):
        higher = Bid(first.level + 1, first.strain)
        if first.level < 7 and is_legal_call(seat, higher, calls) and d.rng.random() < 0.5:
            return higher
        return PASS
    if isinstance(first, (Double, Redouble)):
        return PASS
    hand = d.deal.hand(seat)
    suit = max(Suit, key=lambda s: (hand.length(s), s.order))
    found = last_bid(calls)
    for level in range(1, 4):
        bid = Bid(level, Strain.from_suit(suit))
        if is_legal_call(seat, bid, calls) and (found is None or level <= found[1].level + 1):
            return bid
    return None


@recipe("change-of-call", Kind.CHANGE_OF_CALL, weight=2)
def change_of_call(d: Driver) -> bool:
    """Either a slip (the bid-box card next to the intended one, replaced by the intended
    call) or a change of mind (the natural call, replaced by the one he hesitated over)."""
    if not _auction_to(d, need_bid=False):
        return False
    seat = d.table.next
    assert seat is not None
    calls = d.table.standing()
    natural = d.natural_call_for(seat)
    slips = _slip(natural, seat, calls)
    inadvertent = bool(slips) and d.rng.random() < 0.3
    if inadvertent:
        first: CallValue = d.rng.choice(slips)
        second: CallValue | None = natural
    else:
        first, second = natural, _second_thought(d, seat, natural, calls)
    if second is None or second == first:
        return False
    d.apply(CallMade(seat, first))
    if d.table.phase != "auction" or d.table.irregularities:
        return False
    d.apply(CallChanged(seat, second, inadvertent=inadvertent))
    return True


def _out_of_rotation(d: Driver, kind: str) -> bool:
    """The call the offender would make at his own turn, the players he skipped taken as
    passing: made at the first turn (from a random point of the auction) where some player
    out of turn would make a call of the kind wanted that is legal now; given up otherwise."""
    wanted = {"pass": Pass, "bid": Bid, "double": Double, "redouble": Redouble}[kind]
    # a redouble has few moments (a doubled opening, once): any of them will do
    earliest = 0 if kind == "redouble" else _moment(d, 6)
    order = d.rng.sample([1, 2, 3], 3)  # LHO, partner, RHO of the player in turn, shuffled
    count = [0]
    found: list[tuple[Seat, CallValue]] = []

    def moment(drv: Driver) -> bool:
        count[0] += 1
        turn = drv.table.next
        calls = drv.table.standing()
        if count[0] <= earliest or turn is None:
            return False
        for step in order:
            offender = turn.offset(step)
            seen = seen_by(offender, turn, calls)
            if ends_auction(seen):
                continue
            call = _natural_on(drv, offender, seen)
            if isinstance(call, wanted) and is_legal_call(offender, call, calls):
                found.append((offender, call))
                return True
        return False

    if not d.auction_until(moment):
        return False
    offender, call = found[-1]
    d.apply(CallMade(offender, call))
    return True


@recipe("pass-out-of-rotation", Kind.PASS_OUT_OF_ROTATION, weight=2)
def pass_out_of_rotation(d: Driver) -> bool:
    return _out_of_rotation(d, "pass")


@recipe("bid-out-of-rotation", Kind.BID_OUT_OF_ROTATION, weight=2)
def bid_out_of_rotation(d: Driver) -> bool:
    return _out_of_rotation(d, "bid")


@recipe("double-out-of-rotation", Kind.DOUBLE_OUT_OF_ROTATION)
def double_out_of_rotation(d: Driver) -> bool:
    return _out_of_rotation(d, "double")


@recipe("redouble-out-of-rotation", Kind.REDOUBLE_OUT_OF_ROTATION, weight=0.3)
def redouble_out_of_rotation(d: Driver) -> bool:
    return _out_of_rotation(d, "redouble")


def _inadmissible(d: Driver, call: CallValue, need_bid: bool) -> bool:
    """A double or redouble at the player's own turn where the auction does not allow it."""
    if not _auction_to(d, need_bid=need_bid):
        return False
    seat = d.table.next
    assert seat is not None
    if is_legal_call(seat, call, d.table.standing()):
        return False
    d.apply(CallMade(seat, call))
    return True


@recipe("inadmissible-double", Kind.INADMISSIBLE_DOUBLE)
def inadmissible_double(d: Driver) -> bool:
    return _inadmissible(d, DOUBLE, need_bid=True)


@recipe("inadmissible-redouble", Kind.INADMISSIBLE_REDOUBLE, weight=0.5)
def inadmissible_redouble(d: Driver) -> bool:
    return _inadmissible(d, REDOUBLE, need_bid=False)


@recipe("call-when-obliged-to-pass", Kind.CALL_WHEN_OBLIGED_TO_PASS,
        setup=(Kind.INSUFFICIENT_BID,))
def call_when_obliged_to_pass(d: Driver) -> bool:
    if not insufficient_bid(d):
        return False
    offender = d.table.pending.offender if d.table.pending else None
    if offender is None:
        return False
    d.answer(d.decision(), "refuse")  # type: ignore[arg-type]
    d.answer(d.decision(), "other_bid")  # type: ignore[arg-type]
    partner = offender.partner
    if not d.auction_until(lambda drv: drv.table.next is partner):
        return False
    # the barred partner forgets the bar and makes the call his hand would make without it
    calls = d.table.standing()
    call = d.bidder.call(partner, d.deal.hand(partner), calls)
    if isinstance(call, Pass) or not is_legal_call(partner, call, calls):
        return False
    d.apply(CallMade(partner, call))
    return True


@recipe("bid-above-seven", Kind.BID_ABOVE_SEVEN, weight=0.3)
def bid_above_seven(d: Driver) -> bool:
    """A slip in a slam auction: the first player to call once the auction has reached the six
    or seven level takes the eight-level card, in his partner's strain (he meant to raise) or
    his longest suit (he meant to sacrifice)."""
    def slam(drv: Driver) -> bool:
        found = last_bid(drv.table.standing())
        return found is not None and found[1].level >= 6

    if not d.auction_until(slam):
        return False
    seat = d.table.next
    found = last_bid(d.table.standing())
    assert seat is not None and found is not None
    if found[0] is seat.partner:
        strain = found[1].strain
    else:
        hand = d.deal.hand(seat)
        strain = Strain.from_suit(max(Suit, key=lambda s: (hand.length(s), s.order)))
    d.apply(CallMade(seat, Bid(8, strain)))
    return True


@recipe("call-after-final-pass", Kind.CALL_AFTER_FINAL_PASS)
def call_after_final_pass(d: Driver) -> bool:
    """A player who has not noticed that the auction is over: the call his hand would make if
    it went on (a competitive bid or a double of the final contract), else a pass by one who
    thought it was still his turn."""
    if not _to_play(d):
        return False
    assert d.table.declarer is not None
    calls = d.table.standing()
    first = d.rng.choice(list(Seat))
    for step in range(4):
        seat = first.offset(step)
        call = d.bidder.call(seat, d.deal.hand(seat), calls)
        if not isinstance(call, Pass) and is_legal_call(seat, call, calls):
            d.apply(CallMade(seat, call))
            return True
    d.apply(CallMade(first, PASS))
    return True


@recipe("simultaneous-call", Kind.SIMULTANEOUS_CALL, weight=0.5)
def simultaneous_call(d: Driver) -> bool:
    if not _auction_to(d, need_bid=False):
        return False
    d.natural_call()
    if d.table.phase != "auction" or d.table.auction_over():
        return False
    seat = d.table.next
    assert seat is not None
    d.apply(CallMade(seat, d.natural_call_for(seat), simultaneous=True))
    return True


@recipe("card-exposed-during-auction", Kind.CARD_EXPOSED_DURING_AUCTION)
def card_exposed_during_auction(d: Driver) -> bool:
    if not _auction_to(d, need_bid=False):
        return False
    seat = d.rng.choice(list(Seat))
    hand = sorted(d.deal.hand(seat))
    count = 1 if d.rng.random() < 0.8 else 2
    d.apply(CardsExposed(seat, tuple(d.rng.sample(hand, count))))
    return True


@recipe("cards-from-wrong-board", Kind.CARDS_FROM_WRONG_BOARD, weight=0.3)
def cards_from_wrong_board(d: Driver) -> bool:
    if not _auction_to(d, need_bid=False, extra=6):
        return False
    callers = {s for s, _ in d.table.standing()}
    if not callers:
        return False
    d.apply(WrongBoard(d.rng.choice(sorted(callers, key=lambda s: s.index))))
    return True


@recipe("review-request", Kind.REVIEW_REQUEST, weight=0.5)
def review_request(d: Driver) -> bool:
    if not _auction_to(d, need_bid=False):
        return False
    d.apply(Asked(d.rng.choice(list(Seat)), "review"))
    return True


@recipe("explanation-request", Kind.EXPLANATION_REQUEST, weight=0.3)
def explanation_request(d: Driver) -> bool:
    if not _auction_to(d):
        return False
    d.apply(Asked(d.rng.choice(list(Seat)), "explanation"))
    return True


# ------------------------------------------------------------------------------ the play
@recipe("opening-lead-out-of-turn", Kind.OPENING_LEAD_OUT_OF_TURN, weight=2)
def opening_lead_out_of_turn(d: Driver) -> bool:
    if not _to_play(d):
        return False
    leader = d.table.next
    assert leader is not None
    wrong = leader.partner
    contract = d.table.contract
    assert contract is not None
    partner_suits, their_suits = bid_suits(d.table, wrong)
    card = opening_lead(sorted(d.table.remaining(wrong) or []), contract.strain.suit,
                        partner_suits, their_suits)
    d.apply(CardLed(wrong, card))
    return True


def _any_card(d: Driver, seat: Seat, at_least: int = 1) -> Card | None:
    """A random card of ``seat``'s remaining hand; ``None`` (the recipe gives up) when he holds
    fewer than ``at_least`` cards."""
    cards = sorted(d.table.remaining(seat) or [])
    return d.rng.choice(cards) if len(cards) >= at_least else None


def _lead_moment(d: Driver, defenders: bool) -> Seat | None:
    if not _to_play(d):
        return None

    earliest = d.rng.randint(1, 9)

    def stop(drv: Driver) -> bool:
        table = drv.table
        return (table.leading and len(table.tricks) >= earliest and table.next is not None
                and table.is_defender(table.next) == defenders)

    if not d.play_until(stop):
        return None
    return d.table.next


@recipe("lead-out-of-turn", Kind.LEAD_OUT_OF_TURN, weight=1.5)
def lead_out_of_turn(d: Driver) -> bool:
    leader = _lead_moment(d, defenders=True)
    if leader is None:
        return False
    # the lead he would make were it his turn
    d.apply(CardLed(leader.partner, lead_card(d.table, leader.partner)))
    return True


@recipe("declarer-lead-out-of-turn", Kind.DECLARER_LEAD_OUT_OF_TURN)
def declarer_lead_out_of_turn(d: Driver) -> bool:
    wrong_hand = d.rng.random() < 0.6
    leader = _lead_moment(d, defenders=not wrong_hand)
    if leader is None or d.table.declarer is None:
        return False
    wrong = leader.partner if wrong_hand else d.rng.choice([d.table.declarer,
                                                            d.table.declarer.partner])
    if not d.table.remaining(wrong):
        return False
    d.apply(CardLed(wrong, lead_card(d.table, wrong)))  # the lead he would make from there
    return True


@recipe("exposed-card", Kind.EXPOSED_CARD, weight=2)
def exposed_card(d: Driver) -> bool:
    if not _play_to(d, 0, 8):
        return False
    declarer = d.table.declarer
    assert declarer is not None
    seat = d.rng.choice([declarer.lho, declarer.rho] * 4 + [declarer])
    cards = sorted(set(d.table.remaining(seat) or []) - set(d.table.exposed[seat]))
    if len(cards) < 2:
        return False
    count = 1 if d.rng.random() < 0.85 else 2
    d.apply(CardsExposed(seat, tuple(d.rng.sample(cards, count))))
    return True


@recipe("premature-play", Kind.PREMATURE_PLAY, weight=1.5)
def premature_play(d: Driver) -> bool:
    if not _play_to(d, 0, 9, position=(1, 2)):
        return False
    table = d.table
    current = table.current
    turn = table.next
    assert current is not None and turn is not None
    # a defender plays before his partner, whose turn it is
    if not table.is_defender(turn):
        return False
    offender = turn.partner
    if offender in current.seats():
        return False
    if len(d.table.remaining(offender) or ()) < 2:
        return False
    # the card he would play at his turn, to the cards played so far
    d.apply(CardPlayed(offender, choose_card(table, offender, d.rng)))
    return True


@recipe("revoke", Kind.REVOKE, weight=3)
def revoke(d: Driver) -> bool:
    """A player who overlooked his one or two cards of the suit led plays as if void: he ruffs
    when the opponents are winning and he holds a trump, else discards his lowest card of
    another suit (trumps last)."""
    if not _to_play(d):
        return False
    earliest = d.rng.randint(0, 10)

    def moment(drv: Driver) -> bool:
        table = drv.table
        seat, current = table.next, table.current
        if seat is None or seat is table.dummy or table.leading or current is None:
            return False
        if len(table.tricks) < earliest:
            return False
        led = current.led_suit
        hand = table.remaining(seat) or set()
        return 1 <= sum(1 for c in hand if c.suit is led) <= 2 and len(hand) > 2

    if not d.play_until(moment):
        return False
    table = d.table
    seat, current = table.next, table.current
    assert seat is not None and current is not None and table.contract is not None
    led = current.led_suit
    trump = table.contract.strain.suit
    off = [c for c in table.remaining(seat) or () if c.suit is not led]
    winner = trick_winner(current.plays, table.contract.strain)
    ruffs = [c for c in off if c.suit is trump]
    if ruffs and winner.side is not seat.side:
        card = min(ruffs, key=lambda c: c.rank.order)
    else:
        card = min(off, key=lambda c: (c.suit is trump, c.rank.order, c.suit.order))
    d.apply(CardPlayed(seat, card))
    if d.rng.random() < 0.5:
        d.apply(DirectorCalled())  # noticed at once: corrected before establishment
    return True


@recipe("penalty-card-not-played", Kind.PENALTY_CARD_NOT_PLAYED, weight=0.7,
        setup=(Kind.EXPOSED_CARD,))
def penalty_card_not_played(d: Driver) -> bool:
    if not _play_to(d, 0, 6, position=(0,)):
        return False
    declarer = d.table.declarer
    assert declarer is not None
    owner = d.rng.choice([declarer.lho, declarer.rho])
    honours = sorted(c for c in d.table.remaining(owner) or [] if c.rank.is_honour)
    if not honours:
        return False
    card = d.rng.choice(honours)
    d.apply(CardsExposed(owner, (card,)))
    decision = d.decision()
    while decision is not None:
        d.answer(decision, "none" if "none" in decision.options else decision.options[0])
        decision = d.decision()

    def owners_turn_with_duty(drv: Driver) -> bool:
        table = drv.table
        return table.next is owner and card in allowed_cards(table, owner) and len(
            drv.table.legal_cards(owner)) > 1

    if not d.play_until(owners_turn_with_duty):
        return False
    other = [c for c in d.table.legal_cards(owner) if c != card]
    lead = d.table.leading
    pick = d.rng.choice(other)
    d.apply(CardLed(owner, pick) if lead else CardPlayed(owner, pick))
    return True


@recipe("declarer-plays-out-of-turn", Kind.PLAY_OUT_OF_TURN, weight=1.0)
def declarer_plays_out_of_turn(d: Driver) -> bool:
    if not _play_to(d, 0, 9, position=(1,)):
        return False
    table = d.table
    turn = table.next
    assert turn is not None and table.declarer is not None
    if not table.is_defender(turn):
        return False
    hand_after = turn.lho  # declarer's side plays before the defender in turn
    if not d.table.remaining(hand_after):
        return False
    d.apply(CardPlayed(hand_after, choose_card(table, hand_after, d.rng)))
    return True


@recipe("simultaneous-play", Kind.SIMULTANEOUS_PLAY, weight=0.3)
def simultaneous_play(d: Driver) -> bool:
    if not _play_to(d, 0, 9, position=(1, 2, 3)):
        return False
    seat = d.table.next
    assert seat is not None
    d.apply(CardPlayed(seat, choose_card(d.table, seat, d.rng), simultaneous=True))
    return True


@recipe("defective-trick", Kind.DEFECTIVE_TRICK, weight=0.4)
def defective_trick(d: Driver) -> bool:
    if not _play_to(d, 1, 9, position=(3,)):
        return False
    table = d.table
    current = table.current
    assert current is not None and table.contract is not None
    leader = trick_winner(current.plays, table.contract.strain)
    position = current.seats().index(leader)
    if position == 1:
        return False  # his partner is the one missing: that is a premature lead instead
    if not d.table.remaining(leader):
        return False
    d.apply(CardLed(leader, lead_card(table, leader)))  # the lead he meant to the next trick
    d.apply(DirectorCalled())
    return True


@recipe("trick-count", Kind.TRICK_COUNT, weight=0.3)
def trick_count(d: Driver) -> bool:
    """Law 79: the board played out, a pair disputes the number of tricks won before anything
    is agreed; the director settles it from the play (79B). (A wrong agreement corrected later
    is left to hand-written cases: a question would have to show when it was raised.)"""
    from generator.table.events import TricksCounted

    if not _to_play(d):
        return False
    d.play_until(lambda drv: False, limit=60)  # to the last card
    if d.table.phase != "ended":
        return False
    d.apply(TricksCounted(d.rng.choice(("NS", "EW")), "contest"))
    return True


# ------------------------------------------------------------------------------ claims
#: Claims are made with at most this many tricks left (and at least :data:`CLAIM_LEAST`): the
#: engine plays the position out (``claimplay``), exhaustively up to six tricks.
CLAIM_MOST = 6
CLAIM_LEAST = 3


def _claim_position(d: Driver) -> tuple[Seat, Position] | None:
    """Natural play to the start of a trick with 3-6 tricks left; the claimer (the player on
    lead, declarer when dummy is on lead) and the position the director will face."""
    if not _to_play(d):
        return None
    left = d.rng.randint(CLAIM_LEAST, CLAIM_MOST)

    def stop(drv: Driver) -> bool:
        return drv.table.leading and len(drv.table.tricks) >= 13 - left

    if not d.play_until(stop):
        return None
    table = d.table
    seat, declarer = table.next, table.declarer
    if seat is None or declarer is None or table.contract is None or table.hands is None:
        return None
    if seat is table.dummy:
        seat = declarer
    hands = {s: sorted(table.hands[s], key=lambda c: (c.suit.order, c.rank.order))
             for s in table.hands}
    return seat, Position(hands, table.next or seat, (), table.contract.strain.suit)


def _statements(position: Position, seat: Seat) -> dict[str, tuple[str, ...] | None]:
    """The statements a claimer might make here: none, "the rest are mine", trumps first
    (when an opponent holds one and his side too), his longest suit from the top, and
    ``right``: the first of those (or trumps then the suit) whose worst reading makes what the
    cards make."""
    trump = position.trump
    ours = [c for s in (seat, seat.partner) for c in position.hands[s]]
    theirs = [c for s in (seat.lho, seat.rho) for c in position.hands[s]]
    longest = max(sorted({c.suit for c in ours}, key=lambda s: s.order),
                  key=lambda s: sum(1 for c in ours if c.suit is s))
    out: dict[str, tuple[str, ...] | None] = {"none": None, "rest": ("rest",),
                                              "suit": (f"{longest.value}*", "rest")}
    if trump is not None and any(c.suit is trump for c in theirs) and \
            any(c.suit is trump for c in ours):
        out["trumps"] = ("trumps", "rest")  # drawing them takes a trump of his own
    best = claimplay.double_dummy(position, seat)
    candidates = [out.get("trumps"), ("rest",), out["suit"],
                  ("trumps", f"{longest.value}*", "rest") if "trumps" in out else None]
    for plan in candidates:
        if plan is not None and claimplay.worst(position, seat, plan) >= best:
            out["right"] = plan
            break
    return out


def _answer_claim(d: Driver, seat: Seat, conceded: bool = False) -> None:
    """An opponent answers: disputes a claim, or acquiesces (and sometimes withdraws his
    acquiescence in time); a concession is accepted. The director is called."""
    declarer = d.table.declarer
    opponent = declarer if d.table.is_defender(seat) and declarer is not None else \
        d.rng.choice([seat.lho, seat.rho])
    roll = d.rng.random()
    if conceded:
        d.apply(ClaimAnswered(opponent, "acquiesces"))
    elif roll < 0.65:
        d.apply(ClaimAnswered(opponent, "disputes"))
    else:
        d.apply(ClaimAnswered(opponent, "acquiesces"))
        if roll < 0.9:
            d.apply(ClaimAnswered(opponent, "withdraws"))
    d.apply(DirectorCalled())


@recipe("claim", Kind.CLAIM, weight=1.0)
def claim(d: Driver) -> bool:
    """Declarer (or a defender on lead) claims with 3-6 tricks left: as many as the cards make,
    sometimes all of them, sometimes one fewer; with no statement, "the rest", trumps first,
    his long suit, or the statement that works."""
    found = _claim_position(d)
    if found is None:
        return False
    seat, position = found
    remaining = len(list(position.hands[seat]))
    makes = claimplay.double_dummy(position, seat)
    if makes == 0 or (d.table.is_defender(seat) and makes < 2):
        return False
    roll = d.rng.random()
    tricks = remaining if roll < 0.35 else makes - 1 if roll < 0.5 and makes > 1 else makes
    statements = _statements(position, seat)
    kind = d.rng.choice(sorted(statements))
    d.apply(Claimed(seat, tricks, statements[kind]))
    _answer_claim(d, seat)
    return True


@recipe("concession", Kind.CONCESSION, weight=0.4)
def concession(d: Driver) -> bool:
    """Declarer (or a defender on lead) concedes with 3-6 tricks left: the tricks the cards
    lose, or one more (a trick he could not have lost)."""
    found = _claim_position(d)
    if found is None:
        return False
    seat, position = found
    remaining = len(list(position.hands[seat]))
    loses = remaining - claimplay.double_dummy(position, seat)
    tricks = loses + (1 if d.rng.random() < 0.5 and loses < remaining else 0)
    if tricks == 0:
        return False
    d.apply(Conceded(seat, tricks))
    _answer_claim(d, seat, conceded=True)
    return True


# ------------------------------------------------------------- the board, the deal, dummy
def _board_moment(d: Driver) -> bool:
    """A random moment for a board or deal found wrong: before any call, in the auction, in
    the play, or once the board is over (False if the deal offers no such moment)."""
    at = d.rng.random()
    if at < 0.15:
        return True
    if at < 0.45:
        return _auction_to(d, need_bid=False) and d.table.phase == "auction"
    if at < 0.85:
        return _play_to(d, 0, 10) and d.table.phase == "play"
    d.run_to_end(lambda decision: decision.options[0])
    return d.table.phase == "ended"


@recipe("wrong-number-of-cards", Kind.WRONG_NUMBER_OF_CARDS, weight=0.4)
def wrong_number_of_cards(d: Driver) -> bool:
    if not _board_moment(d):
        return False
    d.apply(HandCount(d.rng.choice(list(Seat)), 14))
    return True


@recipe("missing-card", Kind.MISSING_CARD, weight=0.4)
def missing_card(d: Driver) -> bool:
    if not _board_moment(d) or d.table.phase == "ended":
        return False
    seat = d.rng.choice(list(Seat))
    left = sorted(d.table.remaining(seat) or ())
    if len(left) < 2:
        return False
    found = d.rng.choice(left) if d.rng.random() < 0.7 else None
    d.apply(HandCount(seat, 12, found))
    return True


@recipe("board-not-designated", Kind.BOARD_NOT_DESIGNATED, weight=0.4)
def board_not_designated(d: Driver) -> bool:
    if not _board_moment(d):
        return False
    table = d.table
    if table.phase == "auction" and table.entries:
        d.apply(WrongTable(d.rng.choice(["NS", "EW", None])))
    elif table.phase != "auction" and d.rng.random() < 0.5:
        d.apply(PlayedBefore(d.rng.choice(list(Seat))))
    else:
        d.apply(WrongTable())
    return True


@recipe("board-played-rotated", Kind.BOARD_ROTATED, weight=0.4)
def board_played_rotated(d: Driver) -> bool:
    """The board found turned on the table (15D, reconstructed): before any call, in the
    auction, in the play or once it is over; turned a quarter (the lines' hands exchanged) more
    often than half-way."""
    if not _board_moment(d):
        return False
    d.apply(WrongDirection(half=d.rng.random() < 0.35))
    return True


@recipe("withdrawn-information", Kind.WITHDRAWN_INFORMATION, weight=0.4,
        setup=(Kind.INSUFFICIENT_BID,))
def withdrawn_information(d: Driver) -> bool:
    """An insufficient bid refused and replaced, a few natural calls, then a player asks
    whether he may take the withdrawn bid into account (16C)."""
    if not insufficient_bid(d):
        return False
    decision = d.decision()
    while decision is not None and d.table.phase == "auction":
        how = "refuse" if decision.kind == "acceptance" else d.rng.choice(decision.options)
        d.answer(decision, how if how in decision.options else decision.options[0])
        decision = d.decision()
    for _ in range(d.rng.randint(0, 3)):
        if d.table.phase != "auction" or d.table.auction_over():
            break
        d.natural_call()
    if d.table.phase != "auction":
        return False
    d.apply(Asked(d.rng.choice(list(Seat)), "withdrawn"))
    return True


def _dummy_moment(d: Driver, lead_by_declarer: bool = False) -> Seat | None:
    """Dummy, at a random moment of the play (with declarer's side to lead, if asked)."""
    if not _play_to(d, 1, 10, position=(0,) if lead_by_declarer else (0, 1, 2, 3)):
        return None
    table = d.table
    if table.phase != "play" or table.dummy is None or table.declarer is None:
        return None
    if lead_by_declarer and (not table.leading or table.next is None
                             or table.next.side is not table.declarer.side):
        return None
    return table.dummy


def _dummy_looks(d: Driver, dummy: Seat) -> None:
    """Dummy breaks a limit of 43A2: looks at a hand, or exchanges hands with declarer."""
    table = d.table
    assert table.declarer is not None
    pick = d.rng.random()
    if pick < 0.2:
        d.apply(DummyAct(dummy, "exchanges"))
    else:
        target = table.declarer if pick < 0.35 else d.rng.choice([dummy.lho, dummy.rho])
        d.apply(DummyAct(dummy, "looks", target))


@recipe("dummy-exceeds-rights", Kind.DUMMY_EXCEEDS_RIGHTS, weight=0.4)
def dummy_exceeds_rights(d: Driver) -> bool:
    dummy = _dummy_moment(d)
    if dummy is None:
        return False
    _dummy_looks(d, dummy)
    return True


@recipe("dummy-warns", Kind.DUMMY_WARNS, weight=0.3)
def dummy_warns(d: Driver) -> bool:
    dummy = _dummy_moment(d, lead_by_declarer=True)
    if dummy is None:
        return False
    d.apply(DummyAct(dummy, "warns"))
    return True


@recipe("dummy-warns-after-looking", Kind.DUMMY_WARNS, weight=0.3,
        setup=(Kind.DUMMY_EXCEEDS_RIGHTS,))
def dummy_warns_after_looking(d: Driver) -> bool:
    dummy = _dummy_moment(d, lead_by_declarer=True)
    if dummy is None:
        return False
    _dummy_looks(d, dummy)
    d.apply(DummyAct(dummy, "warns"))
    return True


def _defender_exposes(d: Driver, dummy: Seat) -> bool:
    defender = d.rng.choice([dummy.lho, dummy.rho])
    left = sorted(d.table.remaining(defender) or ())
    if len(left) < 2:
        return False
    d.apply(CardsExposed(defender, (d.rng.choice(left),)))
    return True


@recipe("dummy-draws-attention", Kind.DUMMY_DRAWS_ATTENTION, weight=0.3,
        setup=(Kind.EXPOSED_CARD,))
def dummy_draws_attention(d: Driver) -> bool:
    dummy = _dummy_moment(d)
    if dummy is None or not _defender_exposes(d, dummy):
        return False
    d.apply(DummyAct(dummy, "draws_attention"))
    return True


@recipe("dummy-draws-attention-after-looking", Kind.DUMMY_DRAWS_ATTENTION, weight=0.3,
        setup=(Kind.DUMMY_EXCEEDS_RIGHTS, Kind.EXPOSED_CARD))
def dummy_draws_attention_after_looking(d: Driver) -> bool:
    dummy = _dummy_moment(d)
    if dummy is None:
        return False
    _dummy_looks(d, dummy)
    if not _defender_exposes(d, dummy):
        return False
    d.apply(DummyAct(dummy, "draws_attention"))
    return True


def weights(overrides: dict[str, float] | None = None,
            edition: str | None = None) -> dict[str, float]:
    """The weight of each recipe (of those serving ``edition``, when given), with overrides by
    recipe name (0 switches one off)."""
    table = {name: r.weight for name, r in RECIPES.items()
             if edition is None or edition in r.editions}
    for name, weight in (overrides or {}).items():
        if name in RECIPES and name not in table:
            continue  # a recipe of the other code: not drawn in this edition's bank
        if name not in table:
            raise KeyError(f"unknown recipe {name!r} (known: {', '.join(sorted(table))})")
        table[name] = weight
    return table


def _extensions() -> None:
    """Take in the recipes of :mod:`generator.scenarios.recipes2017` if that module exists
    (its ``RECIPES`` list; recipes it registers through :func:`recipe` are in already)."""
    import importlib

    try:
        recipes2017 = importlib.import_module("generator.scenarios.recipes2017")
    except ModuleNotFoundError as exc:
        if exc.name != "generator.scenarios.recipes2017":
            raise
        return
    for extra in getattr(recipes2017, "RECIPES", ()):
        known = RECIPES.setdefault(extra.name, extra)
        if known is not extra:
            raise ValueError(f"recipe {extra.name!r} is defined twice")


_extensions()
