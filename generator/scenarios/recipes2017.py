"""Recipes for the situations the 2017 code rules otherwise than 1987 (issue 17, item 1).

Each recipe plays a random deal naturally, as those of :mod:`generator.scenarios.recipes` do,
and makes one irregularity whose 2017 ruling rests on a clause that 1987 does not have or rules
otherwise: the comparable call (Law 23 through 27B1(b), 30B1(b), 31A2), the 26B lead
restriction, the new 64B exceptions (B6 trick twelve, B7 both sides revoked, B8 corrected under
62C3), the twelfth-trick correction of 62D and 36C (an inadmissible double found after the
opening lead). Every recipe serves the 2017 bank only (``editions``); :data:`CLAUSES` names the
clause its ruling rests on, which the tests check the engine cites.

Comparability is the director's judgement (spec 2017 §11): the engine never guesses it, so a
recipe that needs it either *states the meanings* of the withdrawn call and of its replacement
(the case's ``meanings:``, which the learner is shown), or records the *director's finding*
(``director comparable`` / ``director not_comparable``). The meanings are those of the bidding
model's own system (:func:`generator.scenarios.bidding.read`): what the withdrawn call showed in
the auction the offender thought he was in (an insufficient bid: his RHO's call unseen; a call
out of rotation: the players he skipped taken as passing), and what the replacement shows in the
real auction. A replacement is chosen only among the calls whose stated meaning the offender's
hand fits, preferring the call the model itself would make; the deal is given up when no such
call gives the outcome the recipe is about. A director's finding is recorded only where the
model's meanings make it the natural one: "comparable" for a subset, or for a call showing the
same suits within a point of the withdrawn call's strength (23A1, a similar meaning: see
:func:`similar`), "not comparable" for a call that is neither. A "not comparable" replacement
is never a similar one, with or without meanings stated.

Until the generator's driver takes an edition (issue 17, another change), :func:`driver` builds
one whose table is ruled under 2017, and :func:`build_case` plays a recipe's board to its end
and returns the case (with its meanings), for the tests and for the generator to call.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from generator.laws import law23
from generator.laws.law27 import lowest_in_strain
from generator.laws.ruler import LawRuler
from generator.model import meaning as stated_meaning
from generator.model.auction import (
    SeatCall,
    is_legal_call,
    last_bid,
    legal_calls,
    lowest_sufficient,
)
from generator.model.board import Board
from generator.model.calls import DOUBLE, PASS, Bid, CallValue, Double, Pass, Redouble
from generator.model.cards import Suit
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.seat import Seat
from generator.scenarios import bidding
from generator.scenarios.driver import Driver
from generator.scenarios.recipes import Recipe, ends_auction, seen_by, unseen_rho_bid
from generator.table.case import Case
from generator.table.events import CallMade, CardLed, CardPlayed, DirectorCalled, parse_event
from generator.table.irregularities import Kind
from generator.table.state import Table

EDITION = "2017"
ONLY_2017 = frozenset({EDITION})
Inject = Callable[[Driver], bool]
#: the hcp a hand may hold at most (an open upper bound of a meaning)
MAX_HCP = 37

#: the recipes, in a fixed order
RECIPES: list[Recipe] = []
#: for each recipe, the 2017 clause its ruling rests on (cited on the ruling of its kind)
CLAUSES: dict[str, str] = {}
#: the model's ``kind`` of a call that states a 23A3 purpose
PURPOSES = {"stayman": "ask", "cue": "cue", "waiting": "waiting"}


def recipe(name: str, kind: Kind, clause: str, weight: float = 1.0,
           setup: tuple[Kind, ...] = ()) -> Callable[[Inject], Inject]:
    """Register a 2017-only recipe and the clause it is about."""
    def register(fn: Inject) -> Inject:
        RECIPES.append(Recipe(name, kind, fn, weight, setup, editions=ONLY_2017))
        CLAUSES[name] = clause
        return fn
    return register


# ------------------------------------------------------------------------------ driving
def driver(board: Board, deal: Deal, rng: random.Random) -> Driver:
    """A driver whose table is ruled under the 2017 code (the shared driver rules 1987)."""
    d = Driver(board, deal, rng)
    d.ruler = LawRuler(EDITION)
    d.table = Table(board, deal, d.ruler)
    return d


def build_case(item: Recipe, board: Board, deal: Deal, seed: str) -> Case | None:
    """The recipe's board played to its end under 2017, every player's decision taken at
    random from the seed, as a case with the meanings the recipe stated; ``None`` when the deal
    offers no moment for the recipe. The same seed gives the same case."""
    rng = random.Random(seed)
    d = driver(board, deal, rng)
    if not item.inject(d):
        return None
    policy_rng = random.Random(f"{seed}/on")
    d.run_to_end(lambda decision: policy_rng.choice(decision.options))
    return Case(board, EDITION, deal, tuple(d.table.events),
                meanings=tuple(sorted(d.table.meanings.items())))


def _state(d: Driver, event: int, shown: stated_meaning.Meaning) -> None:
    """Record what the call of ``event`` shows (the case's ``meanings:``)."""
    d.table.meanings = {**d.table.meanings, event: shown}


def finding(withdrawn: stated_meaning.Meaning, shown: stated_meaning.Meaning,
            comparable: bool) -> str:
    """The director's finding as the case writes it: ``comparable`` with the clause that makes
    it so (23A1 for a similar meaning, else the one :func:`law23.decide` names), or
    ``not_comparable``."""
    if not comparable:
        return "not_comparable"
    verdict = law23.decide(withdrawn, shown)
    return f"comparable {verdict[1] if verdict is not None and verdict[0] else '23A1'}"


def _judge(d: Driver, verdict: str) -> None:
    """The director's finding on the call just made."""
    d.apply(parse_event(f"director {verdict}"))


# ------------------------------------------------------------------------------ meanings
def stated(model: bidding.Meaning) -> stated_meaning.Meaning | None:
    """The model's meaning of a call in the case's terms, or ``None`` when it constrains
    nothing (an unconstrained meaning would make every call comparable with it)."""
    hcp = None
    if model.lo is not None or model.hi is not None:
        hcp = (model.lo or 0, MAX_HCP if model.hi is None else model.hi)
    suits: tuple[tuple[str, tuple[int, int]], ...] = ()
    if model.suit is not None and model.length:
        suits = ((str(model.suit), (model.length, 13)),)
    forcing: bool | str | None = "game" if model.game_forcing else (True if model.forcing
                                                                   else None)
    purpose = PURPOSES.get(model.kind)
    if hcp is None and not suits and forcing is None and purpose is None:
        return None
    return stated_meaning.Meaning(hcp=hcp, suits=suits, purpose=purpose, forcing=forcing)


def meaning_of(calls: Sequence[SeatCall], seat: Seat, call: CallValue
               ) -> stated_meaning.Meaning | None:
    """What ``call`` by ``seat`` shows after ``calls``, under the model's system. The model's
    record of a negative double keeps only its strength; the model makes it only with four
    cards in each unbid major and 6 points, two more a level higher
    (``BiddingModel._response``), so that is what the double is stated to show."""
    reading = bidding.read([*calls, (seat, call)])
    model = reading.meanings[-1]
    shown = stated(model)
    their = last_bid(calls)
    if shown is None or model.kind != "negative" or their is None or reading.opening is None:
        return shown
    majors = [m for m in (Suit.S, Suit.H)
              if m is not their[1].strain.suit and m is not reading.opening.strain.suit]
    if not majors:
        return shown
    return replace(shown, hcp=(6 + 2 * (their[1].level - 1), MAX_HCP),
                   suits=tuple((str(m), (4, 13)) for m in majors))


def fits(hand: Hand, shown: stated_meaning.Meaning) -> bool:
    """Whether ``hand`` holds what ``shown`` says (strength and suit lengths)."""
    shape = bidding.Shape.of(hand)
    if shown.hcp is not None and not shown.hcp[0] <= shape.hcp <= shown.hcp[1]:
        return False
    return all(low <= sum(1 for c in hand if str(c.suit) == s) <= high
               for s, (low, high) in shown.suits)


def similar(replacement: stated_meaning.Meaning, withdrawn: stated_meaning.Meaning) -> bool:
    """A 23A1 "similar meaning" as a director would find it where the stated meanings fall
    just short of a subset: the same suits shown, at least as long, and a strength range
    within the withdrawn call's give or take one point at each end (a 2S overcall of 10-16 for
    a 1S opening of 11-21). A range that reaches further (a 1S overcall from 8 points, spec
    2017 §11.3 example 4) is not similar."""
    if replacement.hcp is None or withdrawn.hcp is None:
        return False
    if {s for s, _ in replacement.suits} != {s for s, _ in withdrawn.suits}:
        return False
    if any((replacement.suit(s) or (0, 13))[0] < low for s, (low, _) in withdrawn.suits):
        return False
    (low, high), (w_low, w_high) = replacement.hcp, withdrawn.hcp
    return low >= w_low - 1 and high <= w_high + 1


# ------------------------------------------------------------------------------ replacements
#: what a recipe wants of the replacement: comparable or not by the stated meanings
#: (``meanings``), or found so by the director (``judged``)
COMPARABLE, NOT_COMPARABLE = True, False


def _replacement(d: Driver, seat: Seat, withdrawn: stated_meaning.Meaning, comparable: bool,
                 judged: bool,
                 exclude: Callable[[CallValue, stated_meaning.Meaning], bool] | None = None
                 ) -> tuple[CallValue, stated_meaning.Meaning] | None:
    """The offender's call at his turn that gives the outcome wanted, with its meaning: the
    model's own call if it does, else one of the calls whose meaning his hand fits (at random
    from the seed); ``None`` if there is none. By the meanings: :func:`law23.decide`; judged by
    the director, "comparable" may also be a :func:`similar` meaning. A call "not comparable"
    is never a similar one either way, so no case teaches an outcome a director could well
    judge the other way."""
    calls = d.table.standing()
    hand = d.deal.hand(seat)

    def wanted(call: CallValue) -> stated_meaning.Meaning | None:
        if not is_legal_call(seat, call, calls):
            return None
        shown = meaning_of(calls, seat, call)
        if shown is None or not fits(hand, shown) or (exclude and exclude(call, shown)):
            return None
        if comparable and (shown.hcp is None or withdrawn.hcp is None):
            return None  # a meaning silent on strength is too thin to be found comparable
        verdict = law23.decide(withdrawn, shown)
        if comparable:
            ok = (verdict is not None and verdict[0]) or (judged and similar(shown, withdrawn))
        else:
            # not comparable, and not so near that a director might find it similar
            ok = not (verdict is not None and verdict[0]) and not similar(shown, withdrawn)
        return shown if ok else None

    natural = d.natural_call_for(seat)
    found = wanted(natural)
    if found is not None:
        return natural, found
    # a cue bid is no call to choose when partner may have to pass it (27B2, 31A2b, 30B1bii)
    options = [(c, m) for c in legal_calls(seat, calls)
               if plausible(c, calls) and (m := wanted(c)) is not None
               and (comparable or m.purpose != "cue")]
    return d.rng.choice(options) if options else None


#: the highest level of a replacement the offender picks when it is not the model's own call
TOP_LEVEL = 4


def plausible(call: CallValue, calls: Sequence[SeatCall]) -> bool:
    """A call a player would consider instead of his first choice: any pass or double, a bid
    at the cheapest level of its strain or one above (a single jump), up to the four level."""
    if not isinstance(call, Bid):
        return True
    cheapest = lowest_sufficient(Bid(1, call.strain), calls)
    return cheapest is not None and call.level <= min(TOP_LEVEL, cheapest.level + 1)


def _b1a(last: Bid, ib: Bid, withdrawn: stated_meaning.Meaning
         ) -> Callable[[CallValue, stated_meaning.Meaning], bool]:
    """Whether a replacement would be 27B1(a), the lowest sufficient bid of its strain that
    specifies what the insufficient bid did (by the stated meanings, or, with none stated, by
    the strain): those are not these recipes' point and are left out."""
    def b1a(call: CallValue, shown: stated_meaning.Meaning) -> bool:
        return isinstance(call, Bid) and lowest_in_strain(call, last) and (
            call.strain is ib.strain or shown.specified() == withdrawn.specified())
    return b1a


# ------------------------------------------------------------------------------ 27B1(b), 27B2
def _insufficient_replaced(d: Driver, comparable: bool, judged: bool) -> bool:
    """An insufficient bid (the offender did not see his RHO's call), refused by the LHO and
    replaced by a call comparable with it or not."""
    earliest = d.rng.randint(0, 4)
    count = [0]
    found: list[tuple[Bid, stated_meaning.Meaning, tuple[CallValue, stated_meaning.Meaning]]] = []

    def moment(drv: Driver) -> bool:
        # the first turn (from a random point) where the offender's unseen-RHO bid is
        # insufficient and some call of his gives the outcome wanted
        count[0] += 1
        seat, ib = drv.table.next, unseen_rho_bid(drv)
        if count[0] <= earliest or seat is None or ib is None:
            return False
        calls = drv.table.standing()
        withdrawn = meaning_of([*calls[:-1], (seat.rho, PASS)], seat, ib)
        last = last_bid(calls)
        if withdrawn is None or last is None or not fits(drv.deal.hand(seat), withdrawn):
            return False
        b1a = _b1a(last[1], ib, withdrawn)

        def exclude(call: CallValue, shown: stated_meaning.Meaning) -> bool:
            # a double or redouble that is not comparable is 27B3's, not these recipes'
            return b1a(call, shown) or (not comparable and isinstance(call, (Double, Redouble)))

        choice = _replacement(drv, seat, withdrawn, comparable, judged, exclude)
        if choice is not None:
            found.append((ib, withdrawn, choice))
        return choice is not None

    if not d.auction_until(moment):
        return False
    seat = d.table.next
    assert seat is not None
    ib, withdrawn, (call, shown) = found[-1]
    ib_event = len(d.table.events)
    d.apply(CallMade(seat, ib))
    decision = d.decision()
    if decision is None or "refuse" not in decision.options:
        return False
    d.answer(decision, "refuse")
    if not judged:
        _state(d, ib_event, withdrawn)
        _state(d, len(d.table.events), shown)
    d.apply(CallMade(seat, call))
    if judged:
        _judge(d, finding(withdrawn, shown, comparable))
    return True


@recipe("insufficient-bid-comparable", Kind.INSUFFICIENT_BID, "27B1b")
def insufficient_bid_comparable(d: Driver) -> bool:
    """27B1(b): replaced by a call whose stated meaning lies within the insufficient bid's."""
    return _insufficient_replaced(d, COMPARABLE, judged=False)


@recipe("insufficient-bid-not-comparable", Kind.INSUFFICIENT_BID, "27B2")
def insufficient_bid_not_comparable(d: Driver) -> bool:
    """27B2: replaced by a call whose stated meaning is not comparable: partner barred, 26B."""
    return _insufficient_replaced(d, NOT_COMPARABLE, judged=False)


@recipe("insufficient-bid-judged-comparable", Kind.INSUFFICIENT_BID, "27B1b", weight=0.5)
def insufficient_bid_judged_comparable(d: Driver) -> bool:
    """27B1(b) on the director's finding (no meanings stated)."""
    return _insufficient_replaced(d, COMPARABLE, judged=True)


@recipe("insufficient-bid-judged-not-comparable", Kind.INSUFFICIENT_BID, "27B2", weight=0.5)
def insufficient_bid_judged_not_comparable(d: Driver) -> bool:
    """27B2 on the director's finding (no meanings stated)."""
    return _insufficient_replaced(d, NOT_COMPARABLE, judged=True)


# ------------------------------------------------------------------------------ 30B1, 31A2/31B
def _cancelled_out_of_rotation(d: Driver, kind: type, comparable: bool, judged: bool) -> bool:
    """A call out of rotation (the call the offender would make at his turn, the players he
    skipped taken as passing) at his partner's turn, his RHO's, or his LHO's before he has
    called; refused by the LHO; the auction goes on to the offender's own turn, where he makes
    a call comparable with the cancelled one or not. At RHO's turn RHO must call (after his
    pass the offender would just repeat his call, 31A1)."""
    earliest = d.rng.randint(0, 6)
    order = d.rng.sample([1, 2, 3], 3)
    count = [0]
    found: list[tuple[Seat, CallValue, stated_meaning.Meaning]] = []

    def moment(drv: Driver) -> bool:
        count[0] += 1
        turn, calls = drv.table.next, drv.table.standing()
        if count[0] <= earliest or turn is None:
            return False
        for step in order:
            offender = turn.offset(step)
            if offender is turn.lho and any(s is offender for s, _ in calls):
                continue  # at LHO's turn after calling: a change of call (Law 25)
            seen = seen_by(offender, turn, calls)
            if ends_auction(seen):
                continue
            call = bidding_call(drv, offender, seen)
            if not isinstance(call, kind) or not is_legal_call(offender, call, calls):
                continue
            shown = meaning_of(seen, offender, call)
            if shown is not None and fits(drv.deal.hand(offender), shown):
                found.append((offender, call, shown))
                return True
        return False

    if not d.auction_until(moment):
        return False
    offender, call, withdrawn = found[-1]
    turn = d.table.next
    event = len(d.table.events)
    d.apply(CallMade(offender, call))
    decision = d.decision()
    if decision is None or "refuse" not in decision.options:
        return False
    d.answer(decision, "refuse")
    if not d.auction_until(lambda drv: drv.table.next is offender):
        return False
    if d.table.pending is not None or d.table.bars_on(offender):
        return False
    if turn is offender.rho and isinstance(next(e.call for e in d.table.entries if e.event
                                                 is not None and e.event > event), Pass):
        return False  # RHO passed: the offender must repeat his call (31A1, 32A1), or pass (30A)
    choice = _replacement(d, offender, withdrawn, comparable, judged)
    if choice is None:
        return False
    replacement, shown = choice
    if not judged:
        _state(d, event, withdrawn)
        _state(d, len(d.table.events), shown)
    d.apply(CallMade(offender, replacement))
    if judged:
        _judge(d, finding(withdrawn, shown, comparable))
    return True


def bidding_call(d: Driver, seat: Seat, calls: list[SeatCall]) -> CallValue:
    """The model's call for ``seat`` on an auction as he saw it."""
    return d.bidder.call(seat, d.deal.hand(seat), calls)


@recipe("pass-out-of-rotation-comparable", Kind.PASS_OUT_OF_ROTATION, "30B1bi")
def pass_out_of_rotation_comparable(d: Driver) -> bool:
    """30B1(b)(i): a weak hand passes out of turn, then makes a call that shows no more."""
    return _cancelled_out_of_rotation(d, Pass, COMPARABLE, judged=False)


@recipe("pass-out-of-rotation-not-comparable", Kind.PASS_OUT_OF_ROTATION, "30B1bii")
def pass_out_of_rotation_not_comparable(d: Driver) -> bool:
    """30B1(b)(ii): then a call that shows more than the pass allowed: partner passes once."""
    return _cancelled_out_of_rotation(d, Pass, NOT_COMPARABLE, judged=False)


@recipe("bid-out-of-rotation-not-comparable", Kind.BID_OUT_OF_ROTATION, "31A2b")
def bid_out_of_rotation_not_comparable(d: Driver) -> bool:
    """31A2(b): the bid out of turn cancelled, the offender's later call is not comparable by
    the stated meanings: partner passes at his next turn, 26B."""
    return _cancelled_out_of_rotation(d, Bid, NOT_COMPARABLE, judged=False)


@recipe("bid-out-of-rotation-judged-comparable", Kind.BID_OUT_OF_ROTATION, "31A2a")
def bid_out_of_rotation_judged_comparable(d: Driver) -> bool:
    """31A2(a) on the director's finding: the later bid shows the same suit (23A1)."""
    return _cancelled_out_of_rotation(d, Bid, COMPARABLE, judged=True)


@recipe("bid-out-of-rotation-judged-not-comparable", Kind.BID_OUT_OF_ROTATION, "31A2b",
        weight=0.5)
def bid_out_of_rotation_judged_not_comparable(d: Driver) -> bool:
    """31A2(b) on the director's finding."""
    return _cancelled_out_of_rotation(d, Bid, NOT_COMPARABLE, judged=True)


# ------------------------------------------------------------------------------ 26B
def _to_restricted_lead(d: Driver) -> bool:
    """The auction played on to its end after a call replaced by one that is not comparable:
    True when the offender's side defends and his partner makes the opening lead, the moment
    declarer chooses whether to prohibit a suit (26B)."""
    offender = d.table.irregularities[-1].seat
    d.auction_until(lambda drv: False)
    table = d.table
    return (table.phase == "play" and offender is not None and table.declarer is not None
            and table.next is offender.partner and table.is_defender(offender)
            and not table.tricks and (table.current is None or not table.current.plays))


@recipe("insufficient-bid-lead-restriction", Kind.INSUFFICIENT_BID, "26B")
def insufficient_bid_lead_restriction(d: Driver) -> bool:
    """26B at the opening lead: an insufficient bid replaced by a call that is not comparable
    (27B2), the offender's side defends and his partner is on lead: declarer may prohibit one
    suit the offender did not specify in the legal auction (1987: require or prohibit)."""
    return _insufficient_replaced(d, NOT_COMPARABLE, judged=False) and _to_restricted_lead(d)


@recipe("bid-out-of-rotation-lead-restriction", Kind.BID_OUT_OF_ROTATION, "26B")
def bid_out_of_rotation_lead_restriction(d: Driver) -> bool:
    """26B at the opening lead after a bid out of rotation whose replacement is not comparable
    (31A2b): the offender's partner leads, declarer may prohibit one suit the offender did not
    specify in the legal auction."""
    return _cancelled_out_of_rotation(d, Bid, NOT_COMPARABLE, judged=False) and \
        _to_restricted_lead(d)


# ------------------------------------------------------------------------------ revokes
def _play_on(d: Driver) -> bool:
    """Natural auction to its end; False if passed out."""
    d.auction_until(lambda drv: False)
    return d.table.phase == "play"


def _can_revoke(table: Table, seat: Seat, most: int = 2) -> bool:
    """Whether ``seat`` (not dummy) is to follow to a trick with 1..``most`` cards of the suit
    led and another card to play instead."""
    current = table.current
    if seat is table.dummy or table.leading or current is None or current.is_complete:
        return False
    led = current.led_suit
    hand = table.remaining(seat) or set()
    held = sum(1 for c in hand if c.suit is led)
    return 1 <= held <= most and held < len(hand)


def _revoke_card(d: Driver, seat: Seat) -> None:
    """The card a player who overlooked his cards of the suit led plays: a ruff when the
    opponents are winning and he holds a trump, else his lowest card of another suit."""
    from generator.model.play import trick_winner

    table = d.table
    current = table.current
    assert current is not None and table.contract is not None
    led, trump = current.led_suit, table.contract.strain.suit
    off = [c for c in table.remaining(seat) or () if c.suit is not led]
    winner = trick_winner(current.plays, table.contract.strain)
    ruffs = [c for c in off if c.suit is trump]
    if ruffs and winner.side is not seat.side:
        card = min(ruffs, key=lambda c: c.rank.order)
    else:
        card = min(off, key=lambda c: (c.suit is trump, c.rank.order, c.suit.order))
    d.apply(CardPlayed(seat, card))


def _to_trick(d: Driver, trick: int, can: Callable[[Driver], bool]) -> bool:
    """Natural play to a turn in trick ``trick`` (1-based) where ``can`` holds."""
    return d.play_until(lambda drv: len(drv.table.tricks) == trick - 1 and can(drv)) and \
        len(d.table.tricks) == trick - 1


def _director_at_the_end(d: Driver) -> bool:
    """Play the board out and call the director only then (the revokes are established);
    ``False`` when the play cannot be finished."""
    d.play_until(lambda drv: False)
    if d.table.phase != "ended":
        return False
    d.apply(DirectorCalled())
    return True


@recipe("twelfth-trick-revoke", Kind.REVOKE, "64B6")
def twelfth_trick_revoke(d: Driver) -> bool:
    """64B6 and 62D1: a revoke on trick twelve, established by the last trick and found when
    the director is called after it: corrected, no trick transferred."""
    if not _play_on(d):
        return False
    if not _to_trick(d, 12, lambda drv: drv.table.next is not None
                     and _can_revoke(drv.table, drv.table.next, most=1)):
        return False
    seat = d.table.next
    assert seat is not None
    _revoke_card(d, seat)
    return _director_at_the_end(d)


@recipe("twelfth-trick-revoke-before-partner", Kind.REVOKE, "62D2")
def twelfth_trick_revoke_before_partner(d: Driver) -> bool:
    """62D2: a defender revokes on trick twelve before his partner has played to it; the
    director, called at once, has it corrected and the partner may not use what the revoke
    card told him (Law 16C; 1987 gave declarer a choice of the partner's card)."""
    if not _play_on(d):
        return False

    def can(drv: Driver) -> bool:
        table, seat = drv.table, drv.table.next
        current = table.current
        return (seat is not None and table.is_defender(seat) and current is not None
                and seat.partner not in current.seats() and _can_revoke(table, seat, most=1))

    if not _to_trick(d, 12, can):
        return False
    seat = d.table.next
    assert seat is not None
    _revoke_card(d, seat)
    d.apply(DirectorCalled())
    return True


@recipe("both-sides-revoke", Kind.REVOKE, "64B7", setup=(Kind.REVOKE,))
def both_sides_revoke(d: Driver) -> bool:
    """64B7: a player of each side makes an established revoke (on two tricks before the
    twelfth); the director, called at the end, transfers no trick (64C2 equity instead)."""
    if not _play_on(d):
        return False
    first_at = d.rng.randint(1, 7)
    if not _to_trick(d, first_at, lambda drv: drv.table.next is not None
                     and _can_revoke(drv.table, drv.table.next)):
        return False
    first = d.table.next
    assert first is not None
    _revoke_card(d, first)
    # the other side's revoke on a later trick, before the twelfth
    if not d.play_until(lambda drv: first_at < len(drv.table.tricks) + 1 <= 11
                        and drv.table.next is not None
                        and drv.table.next.side is not first.side
                        and len(drv.table.tricks) >= first_at
                        and _can_revoke(drv.table, drv.table.next)):
        return False
    second = d.table.next
    assert second is not None
    _revoke_card(d, second)
    return _director_at_the_end(d)


@recipe("both-sides-revoke-one-trick", Kind.REVOKE, "64B8", setup=(Kind.REVOKE,))
def both_sides_revoke_one_trick(d: Driver) -> bool:
    """64B8 with 62C3: a player of each side revokes on the same trick; the winner leads to
    the next trick and the director is called before the other side plays to it: both revokes
    are corrected, the established one costs no trick."""
    if not _play_on(d):
        return False
    at = d.rng.randint(1, 10)
    if not _to_trick(d, at, lambda drv: drv.table.next is not None
                     and _can_revoke(drv.table, drv.table.next)):
        return False
    first = d.table.next
    assert first is not None
    _revoke_card(d, first)

    def other(drv: Driver) -> bool:
        seat = drv.table.next
        return (len(drv.table.tricks) == at - 1 and seat is not None
                and seat.side is not first.side and _can_revoke(drv.table, seat))

    if not d.play_until(other):
        return False
    second = d.table.next
    assert second is not None
    _revoke_card(d, second)
    # the trick is completed and its winner leads to the next one
    if not d.play_until(lambda drv: len(drv.table.tricks) == at and drv.table.leading):
        return False
    leader = d.table.next
    if leader is None or not d.table.remaining(leader):
        return False
    d.natural_card()
    d.apply(DirectorCalled())
    return True


# ------------------------------------------------------------------------------ 36C
@recipe("inadmissible-double-found-after-lead", Kind.INADMISSIBLE_DOUBLE, "36C")
def inadmissible_double_found_after_lead(d: Driver) -> bool:
    """36C: a player, meaning to double what he took for an opponent's final bid, doubles his
    partner's; the LHO passes over it, the auction ends, and the director is called only once
    the opening lead is faced: the contract is scored as if the double had not been made."""
    earliest = d.rng.randint(0, 6)
    count = [0]

    def moment(drv: Driver) -> bool:
        count[0] += 1
        seat, calls = drv.table.next, drv.table.standing()
        found = last_bid(calls)
        return (count[0] > earliest and seat is not None and found is not None
                and found[0] is seat.partner and calls[-1][0] is seat.rho
                and isinstance(calls[-1][1], Pass)
                and isinstance(drv.natural_call_for(seat), Pass))

    if not d.auction_until(moment):
        return False
    seat = d.table.next
    assert seat is not None
    d.apply(CallMade(seat, DOUBLE))
    # the LHO, not noticing either, calls over it (he passes the double of his opponents' bid
    # unless his hand would still bid on)
    lho = seat.lho
    seen = [*d.table.standing(), (seat, DOUBLE)]
    call = bidding_call(d, lho, seen)
    d.apply(CallMade(lho, call if is_legal_call(lho, call, seen) else PASS))
    d.auction_until(lambda drv: False)
    table = d.table
    contract = table.contract
    if table.phase != "play" or contract is None or not table.irregularities \
            or len(table.irregularities) != 1:
        return False
    leader = table.next
    if leader is None or not table.remaining(leader):
        return False
    d.natural_card()
    if not isinstance(d.table.events[-1], CardLed):
        return False
    d.apply(DirectorCalled())
    return True


__all__ = ["CLAUSES", "RECIPES", "build_case", "driver"]
