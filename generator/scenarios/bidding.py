"""A small natural bidding model, so that auctions before an irregularity read like real bridge.

It knows openings (1NT 15-17 balanced, 2NT 20-21, five-card majors, the longer minor, weak twos and
threes), responses (raises by strength, new suits, notrump responses), the opener's rebid, simple
overcalls, takeout doubles and their advances, and otherwise passes. It is deliberately modest:
the point is a plausible auction, not a bidding system. It always returns a legal call, and honours
the bars a ruling put on the player (a barred player passes; a player barred from doubling does
not double).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.model.auction import (
    SeatCall,
    can_double,
    is_sufficient,
    last_bid,
    lowest_sufficient,
)
from generator.model.calls import DOUBLE, PASS, Bid, CallValue, Double, Pass
from generator.model.cards import SUITS_HIGH_FIRST, Suit
from generator.model.hand import Hand
from generator.model.seat import Seat, Side
from generator.model.strain import Strain

MAJORS = (Suit.S, Suit.H)
MINORS = (Suit.D, Suit.C)
#: Auctions longer than this end with passes: the model is not for long competitive auctions.
MAX_CALLS = 24


@dataclass(frozen=True)
class Shape:
    """What the bidding model looks at in a hand."""

    hcp: int
    lengths: dict[Suit, int]

    @property
    def balanced(self) -> bool:
        counts = sorted(self.lengths.values())
        return counts[0] >= 2 and counts[1] >= 3

    def longest(self, suits: Sequence[Suit] = SUITS_HIGH_FIRST) -> Suit:
        """The longest of ``suits``, the higher-ranking one on equal length."""
        return max(suits, key=lambda s: (self.lengths[s], s.order))

    @classmethod
    def of(cls, hand: Hand) -> Shape:
        return cls(hand.hcp(), {s: hand.length(s) for s in Suit})


def _bid(level: int, suit: Suit | None) -> Bid:
    return Bid(level, Strain.NT if suit is None else Strain.from_suit(suit))


def cheapest(strain_suit: Suit | None, calls: Sequence[SeatCall]) -> Bid | None:
    """The cheapest sufficient bid in a strain (``None`` for notrump), or ``None`` above 7."""
    return lowest_sufficient(_bid(1, strain_suit), calls)


class BiddingModel:
    """Chooses a natural call for a seat, given the legal auction so far."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def call(self, seat: Seat, hand: Hand, calls: Sequence[SeatCall], barred: bool = False,
             no_double: bool = False) -> CallValue:
        """The call ``seat`` makes now (always legal after ``calls``)."""
        if barred or len(calls) >= MAX_CALLS:
            return PASS
        choice = self._choose(seat, Shape.of(hand), calls)
        if isinstance(choice, Double) and (no_double or not can_double(seat, calls)):
            return PASS
        if isinstance(choice, Bid) and (choice.is_above_seven or not is_sufficient(choice, calls)):
            return PASS
        return choice

    # ------------------------------------------------------------------------------------
    def _choose(self, seat: Seat, sh: Shape, calls: Sequence[SeatCall]) -> CallValue:
        bids = [(s, c) for s, c in calls if isinstance(c, Bid)]
        mine = [c for s, c in bids if s is seat]
        partners = [c for s, c in bids if s is seat.partner]
        theirs = [(s, c) for s, c in bids if s.side is not seat.side]
        doubled_by_partner = any(s is seat.partner and isinstance(c, Double) for s, c in calls)
        if not bids:
            return self._opening(sh)
        opener = bids[0][0]
        if opener.side is seat.side:
            if opener is seat:
                if len(mine) == 1 and partners:
                    return self._rebid(sh, mine[0], partners[-1], calls)
                return PASS
            if not mine:
                return self._response(sh, partners[0], calls, bool(theirs))
            return PASS
        if not mine and not partners and not doubled_by_partner:
            return self._overcall(sh, theirs[-1][1], calls)
        if doubled_by_partner and not mine:
            return self._advance_double(sh, theirs, calls)
        if partners and not mine:
            return self._advance_overcall(sh, partners[-1], calls)
        return PASS

    def _opening(self, sh: Shape) -> CallValue:
        if sh.balanced and 20 <= sh.hcp <= 21:
            return _bid(2, None)
        if sh.balanced and 15 <= sh.hcp <= 17:
            return _bid(1, None)
        if sh.hcp >= 12 or (sh.hcp >= 11 and max(sh.lengths.values()) >= 6):
            major = sh.longest(MAJORS)
            if sh.lengths[major] >= 5:
                return _bid(1, major)
            if sh.lengths[Suit.D] >= 4 and sh.lengths[Suit.D] >= sh.lengths[Suit.C]:
                return _bid(1, Suit.D)
            return _bid(1, Suit.C)
        longest = sh.longest()
        if 6 <= sh.hcp <= 10 and sh.lengths[longest] == 6 and longest is not Suit.C:
            return _bid(2, longest)
        if 5 <= sh.hcp <= 10 and sh.lengths[longest] >= 7:
            return _bid(3, longest)
        return PASS

    def _response(self, sh: Shape, opening: Bid, calls: Sequence[SeatCall],
                  contested: bool) -> CallValue:
        if sh.hcp < 6:
            return PASS
        suit = opening.strain.suit
        if opening.strain is Strain.NT:
            if opening.level == 2:
                return _bid(3, None) if sh.hcp >= 4 else PASS
            major = sh.longest(MAJORS)
            if sh.lengths[major] >= 6 and sh.hcp >= 10:
                return _bid(4, major)
            if sh.hcp >= 10:
                return _bid(3, None)
            if sh.hcp >= 8:
                return _bid(2, None)
            if sh.lengths[major] >= 5:
                return _bid(2, major)
            return PASS
        if opening.level >= 2:
            return _bid(3, None) if sh.hcp >= 16 and sh.balanced else PASS
        assert suit is not None
        if suit in MAJORS and sh.lengths[suit] >= 3:
            level = 2 if sh.hcp <= 9 else (3 if sh.hcp <= 12 else 4)
            return _bid(level, suit)
        for major in (Suit.H, Suit.S):
            if sh.lengths[major] >= 4 and major > suit:
                bid = cheapest(major, calls)
                if bid is not None and bid.level == 1:
                    return bid
        if sh.hcp >= 10:
            side = sh.longest([s for s in Suit if s is not suit])
            if sh.lengths[side] >= 5 or (side in MINORS and sh.lengths[side] >= 4):
                bid = cheapest(side, calls)
                if bid is not None and bid.level <= 2:
                    return bid
        if sh.balanced and 13 <= sh.hcp <= 15 and not contested:
            return _bid(3, None)
        if suit in MINORS and sh.lengths[suit] >= 5:
            return _bid(2 if sh.hcp <= 9 else 3, suit)
        bid = cheapest(None, calls)
        if bid is not None and bid.level == 1 and sh.hcp <= 10:
            return bid
        return PASS

    def _rebid(self, sh: Shape, opening: Bid, response: Bid,
               calls: Sequence[SeatCall]) -> CallValue:
        suit = opening.strain.suit
        if opening.strain is Strain.NT or (response.level >= 3 and response.strain is Strain.NT):
            return PASS
        partner_suit = response.strain.suit
        if partner_suit is not None and partner_suit is suit:
            estimate = sh.hcp + {2: 7, 3: 11}.get(response.level, 0)
            if estimate >= 25 and response.level < 4:
                return _bid(4, suit) if suit in MAJORS else _bid(3, None)
            return PASS
        if response.strain is Strain.NT:
            if suit is not None and sh.lengths[suit] >= 6:
                return cheapest(suit, calls) or PASS
            return _bid(3, None) if sh.hcp >= 18 else PASS
        if partner_suit is not None and sh.lengths[partner_suit] >= 4:
            bid = cheapest(partner_suit, calls)
            if bid is not None and sh.hcp >= 16 and bid.level < 4:
                bid = Bid(bid.level + 1, bid.strain)
            return bid or PASS
        if suit is not None and sh.lengths[suit] >= 6:
            return cheapest(suit, calls) or PASS
        if sh.balanced:
            return cheapest(None, calls) or PASS
        others = [s for s in Suit if s is not suit and sh.lengths[s] >= 4]
        if others:
            bid = cheapest(sh.longest(others), calls)
            if bid is not None and bid.level <= 2:
                return bid
        return cheapest(suit, calls) or PASS if suit is not None else PASS

    def _overcall(self, sh: Shape, their: Bid, calls: Sequence[SeatCall]) -> CallValue:
        their_suit = their.strain.suit
        if their.level >= 3:
            return PASS
        if (their_suit is not None and sh.lengths[their_suit] <= 1 and sh.hcp >= 12) or \
                sh.hcp >= 17:
            return DOUBLE
        if sh.balanced and 15 <= sh.hcp <= 18 and their_suit is not None and \
                sh.lengths[their_suit] >= 3:
            bid = cheapest(None, calls)
            if bid is not None and bid.level == 1:
                return bid
        longest = sh.longest([s for s in Suit if s is not their_suit])
        if sh.lengths[longest] >= 5 and 8 <= sh.hcp <= 16:
            bid = cheapest(longest, calls)
            if bid is not None and (bid.level == 1 or (bid.level == 2 and sh.hcp >= 10)):
                return bid
        return PASS

    def _advance_double(self, sh: Shape, theirs: Sequence[tuple[Seat, Bid]],
                        calls: Sequence[SeatCall]) -> CallValue:
        their_suits = {c.strain.suit for _, c in theirs}
        if calls and not isinstance(calls[-1][1], Pass):
            return PASS  # RHO acted: the forcing duty is gone
        options = [s for s in SUITS_HIGH_FIRST if s not in their_suits]
        if not options:
            return PASS
        bid = cheapest(sh.longest(options), calls)
        return bid if bid is not None and bid.level <= 3 else PASS

    def _advance_overcall(self, sh: Shape, partners: Bid, calls: Sequence[SeatCall]) -> CallValue:
        suit = partners.strain.suit
        if suit is not None and sh.lengths[suit] >= 3 and sh.hcp >= 8:
            bid = cheapest(suit, calls)
            if bid is not None and bid.level <= 3:
                return bid
        return PASS


# ============================================================================ reading an auction
#: The level of game in each strain.
GAME_LEVEL = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}


def is_game(bid: Bid) -> bool:
    """Whether ``bid`` is a game (or more) in its strain."""
    return bid.level >= GAME_LEVEL[bid.strain]


@dataclass(frozen=True)
class Meaning:
    """What a call tells partner under the model's system: a point range, a suit length, and
    whether partner must bid again (one round, or until game)."""

    lo: int | None = None
    hi: int | None = None
    suit: Suit | None = None
    length: int = 0
    forcing: bool = False
    game_forcing: bool = False
    balanced: bool = False
    invite: bool = False
    kind: str = ""


@dataclass
class Shown:
    """What a player has shown so far: a point range and the least length of each suit."""

    lo: int = 0
    hi: int = 37
    lengths: dict[Suit, int] = field(default_factory=lambda: {s: 0 for s in Suit})
    balanced: bool = False
    bids: int = 0
    passed: bool = False  # passed before making any bid (a "passed hand")
    doubled: bool = False  # made a takeout double

    def learn(self, meaning: Meaning) -> None:
        lo = self.lo if meaning.lo is None else max(self.lo, meaning.lo)
        hi = self.hi if meaning.hi is None else min(self.hi, meaning.hi)
        if lo <= hi:  # a call outside what was shown before: keep the older, safer reading
            self.lo, self.hi = lo, hi
        if meaning.suit is not None:
            self.lengths[meaning.suit] = max(self.lengths[meaning.suit], meaning.length)
        self.balanced = self.balanced or meaning.balanced


@dataclass
class Reading:
    """An auction read call by call: who opened, what each player has shown, the meaning of each
    call, and which sides are forced to game."""

    opener: Seat | None = None
    opening: Bid | None = None
    shown: dict[Seat, Shown] = field(default_factory=lambda: {s: Shown() for s in Seat})
    meanings: list[Meaning] = field(default_factory=list)
    game_forced: dict[Side, bool] = field(default_factory=lambda: {s: False for s in Side})
    first_bids: dict[Seat, Bid] = field(default_factory=dict)
    bid_suits: dict[Side, list[Suit]] = field(default_factory=lambda: {s: [] for s in Side})


def read(calls: Sequence[SeatCall]) -> Reading:
    """Read an auction under the model's system (the same rules the model bids by)."""
    r = Reading()
    for i, (seat, call) in enumerate(calls):
        before = calls[:i]
        shown = r.shown[seat]
        if isinstance(call, Bid):
            meaning = _meaning(r, seat, call, before)
            if r.opener is None:
                r.opener, r.opening = seat, call
            r.first_bids.setdefault(seat, call)
            shown.learn(meaning)
            shown.bids += 1
            if meaning.game_forcing:
                r.game_forced[seat.side] = True
            suit = call.strain.suit
            if suit is not None and suit not in r.bid_suits[seat.side]:
                r.bid_suits[seat.side].append(suit)
        elif isinstance(call, Double):
            meaning = _double_meaning(r, seat, before)
            shown.learn(meaning)
            shown.doubled = shown.doubled or meaning.kind == "takeout"
        else:
            meaning = Meaning(kind="pass")
            if shown.bids == 0 and not shown.doubled:
                shown.passed = True
        r.meanings.append(meaning)
    return r


def forcing(calls: Sequence[SeatCall]) -> bool:
    """Whether the next player must not pass: partner's last call was a bid that the model's
    system makes forcing (one round, or below game when the side is forced to game), and the
    player in between passed (an intervening call releases the obligation)."""
    if len(calls) < 2:
        return False
    (bidder, bid), (middle, after) = calls[-2], calls[-1]
    if not isinstance(bid, Bid) or not isinstance(after, Pass) or middle is not bidder.lho:
        return False
    r = read(calls)
    meaning = r.meanings[-2]
    return meaning.forcing or (r.game_forced[bidder.side] and not is_game(bid))


def _cheapest_level(strain: Strain, before: Sequence[SeatCall]) -> int:
    lowest = lowest_sufficient(Bid(1, strain), before)
    return 8 if lowest is None else lowest.level


def _double_meaning(r: Reading, seat: Seat, before: Sequence[SeatCall]) -> Meaning:
    """A double of a suit bid at the two level or lower by a player whose side has not bid is
    for takeout (12+, or 6+ as responder's negative double); any other double is for penalty."""
    found = last_bid(before)
    if found is None:
        return Meaning(kind="penalty")
    _, their = found
    ours = r.bid_suits[seat.side]
    if r.opener is not None and r.opener.side is seat.side and r.opener is seat.partner \
            and r.shown[seat].bids == 0 and their.level <= 2 and their.strain.suit is not None:
        return Meaning(lo=6, kind="negative")
    if not ours and their.level <= 2 and their.strain.suit is not None \
            and r.shown[seat.partner].bids == 0:
        return Meaning(lo=12, kind="takeout")
    return Meaning(kind="penalty")


def _meaning(r: Reading, seat: Seat, bid: Bid, before: Sequence[SeatCall]) -> Meaning:
    """The meaning of ``bid`` by ``seat`` after ``before``."""
    suit = bid.strain.suit
    level = bid.level
    partner = seat.partner
    me, pt = r.shown[seat], r.shown[partner]
    opponents = r.bid_suits[seat.side.opponents]
    jump = level > _cheapest_level(bid.strain, before)
    cue = suit is not None and suit in opponents
    contested = any(isinstance(c, Bid) for s, c in before if s.side is not seat.side)
    if r.opener is None:
        return _opening_meaning(bid)
    assert r.opening is not None
    if r.opener.side is seat.side:
        if r.opener is partner and me.bids == 0 and pt.bids == 1:
            return _response_meaning(r.opening, bid, jump, cue, contested, me.passed)
        if r.opener is seat and me.bids == 1 and pt.bids == 1:
            response = r.first_bids[partner]
            return _rebid_meaning(r.opening, response, bid, jump, cue)
        if r.opener is seat and me.bids == 1 and pt.bids == 0 and pt.lo >= 6:
            # answering a negative double: minimum unless a jump
            return Meaning(lo=12, hi=15 if not jump else 18, suit=suit, length=4)
    else:
        if me.bids == 0 and pt.bids == 0 and not pt.doubled:
            if bid.strain is Strain.NT:
                return Meaning(lo=15, hi=18, balanced=True, kind="overcall") if level == 1 \
                    else Meaning(kind="natural")
            if cue:
                return Meaning(lo=12, forcing=True, kind="cue")
            if jump:
                return Meaning(lo=5, hi=10, suit=suit, length=6, kind="weak")
            return Meaning(lo=8 if level == 1 else 10, hi=16, suit=suit, length=5,
                           kind="overcall")
        if me.bids == 0 and pt.doubled and pt.bids == 0:
            if cue:
                return Meaning(lo=12, forcing=True, kind="cue")
            if bid.strain is Strain.NT:
                return {1: Meaning(lo=6, hi=9), 2: Meaning(lo=10, hi=12)}.get(
                    level, Meaning(lo=13, hi=17))
            if is_game(bid):
                return Meaning(lo=10, suit=suit, length=4)
            return Meaning(lo=9 if jump else 0, hi=11 if jump else 8, suit=suit, length=4)
        if me.bids == 0 and pt.bids == 1 and not pt.doubled:
            if cue:
                return Meaning(lo=11, forcing=True, kind="cue")
            if bid.strain is Strain.NT:
                return Meaning(lo=8 + 4 * (level - 1), hi=11 + 4 * (level - 1), balanced=True)
            if suit is not None and suit in r.bid_suits[seat.side]:
                return Meaning(lo=6 if is_game(bid) else 8, hi=15 if is_game(bid) else 10,
                               suit=suit, length=3)
            return Meaning(lo=10, hi=16, suit=suit, length=5)
    return _later_meaning(r, seat, bid, cue)


def _opening_meaning(bid: Bid) -> Meaning:
    suit = bid.strain.suit
    if bid == Bid(2, Strain.C):
        return Meaning(lo=22, forcing=True, kind="strong")
    if bid.strain is Strain.NT:
        return {1: Meaning(lo=15, hi=17, balanced=True), 2: Meaning(lo=20, hi=21, balanced=True)}\
            .get(bid.level, Meaning(kind="natural"))
    if bid.level == 1:
        return Meaning(lo=11, hi=21, suit=suit, length=5 if suit in MAJORS else 3)
    return Meaning(lo=5, hi=10, suit=suit, length=bid.level + 4, kind="preempt")


def _response_meaning(opening: Bid, bid: Bid, jump: bool, cue: bool, contested: bool,
                      passed: bool) -> Meaning:
    """Responder's first bid."""
    suit, level = bid.strain.suit, bid.level
    if opening == Bid(1, Strain.NT) and not contested:
        if bid == Bid(2, Strain.C):
            return Meaning(lo=8, forcing=True, kind="stayman")
        if level == 2 and suit is not None:
            return Meaning(lo=0, hi=7, suit=suit, length=5, kind="signoff")
        if bid == Bid(2, Strain.NT):
            return Meaning(lo=8, hi=9, balanced=True, invite=True)
        if level == 3 and suit in MAJORS:
            return Meaning(lo=10, hi=15, suit=suit, length=5, forcing=True)
        if level == 4 and suit in MAJORS:
            return Meaning(lo=10, hi=15, suit=suit, length=6)
        if bid == Bid(3, Strain.NT):
            return Meaning(lo=10, hi=15)
    if opening == Bid(2, Strain.NT) and not contested:
        if level == 3 and suit in MAJORS:
            return Meaning(lo=4, hi=10, suit=suit, length=5, forcing=True)
        return Meaning(lo=4, hi=10, suit=suit, length=6 if suit is not None else 0)
    if opening == Bid(2, Strain.C) and not contested and bid == Bid(2, Strain.D):
        return Meaning(lo=0, forcing=True, kind="waiting")
    if opening.level == 1 and opening.strain.suit is not None:
        x = opening.strain.suit
        if cue:
            return Meaning(lo=10, suit=x, length=3, forcing=not passed, kind="cue")
        if suit is x:
            if level == 2:
                return Meaning(lo=6, hi=9, suit=x, length=3 if x in MAJORS else 5)
            if level == 3:
                return Meaning(lo=10, hi=11, suit=x, length=3 if x in MAJORS else 5,
                               invite=True)
            return Meaning(lo=6, hi=15, suit=x, length=4)
        if bid.strain is Strain.NT:
            if level == 1:
                return Meaning(lo=6, hi=10) if not contested else Meaning(lo=8, hi=11)
            if level == 2 and x in MAJORS and not contested and not passed:
                return Meaning(lo=12, suit=x, length=4, game_forcing=True, kind="jacoby")
            if level == 2:
                return Meaning(lo=11, hi=12, balanced=True, invite=True)
            return Meaning(lo=13, hi=15, balanced=True)
        if jump:
            return Meaning(lo=17, suit=suit, length=5, game_forcing=not passed)
        return Meaning(lo=6 if level == 1 else 10, hi=11 if passed else None, suit=suit,
                       length=4, forcing=not passed, kind="new suit")
    return Meaning(kind="natural")


def _rebid_meaning(opening: Bid, response: Bid, bid: Bid, jump: bool, cue: bool) -> Meaning:
    """Opener's second bid, after partner's first bid."""
    suit, level = bid.strain.suit, bid.level
    if opening == Bid(2, Strain.C) and response == Bid(2, Strain.D):
        if bid.strain is Strain.NT:
            return Meaning(lo=22, hi=24, balanced=True)
        return Meaning(lo=22, suit=suit, length=5, game_forcing=True)
    if opening == Bid(1, Strain.NT) and response == Bid(2, Strain.C):
        return Meaning(suit=suit, length=4 if suit in MAJORS else 0, kind="stayman answer")
    x, y = opening.strain.suit, response.strain.suit
    if x is None or opening.level != 1:
        return Meaning(kind="natural")
    if cue:
        return Meaning(lo=16, forcing=True, kind="cue")
    new_suit_response = y is not None and y is not x
    if bid.strain is Strain.NT:
        if level == 1:
            return Meaning(lo=12, hi=14, balanced=True)
        if level == 2:
            return Meaning(lo=18, hi=19, balanced=True, invite=True) if jump \
                else Meaning(lo=12, hi=14, balanced=True)
        return Meaning(lo=18 if response.level == 1 else 15, hi=21, balanced=True)
    if suit is not None and suit is y and new_suit_response:
        band = (12, 15) if not jump else ((16, 18) if not is_game(bid) else (19, 21))
        return Meaning(lo=band[0], hi=band[1], suit=y, length=4, invite=jump and not is_game(bid))
    if suit is x:
        if y is x:  # partner raised: a re-raise invites (three) or bids game
            return Meaning(lo=16, hi=18, invite=True) if not is_game(bid) else Meaning(lo=16)
        return Meaning(lo=16 if jump else 12, hi=18 if jump else 15, suit=x, length=6,
                       invite=jump)
    if jump:
        return Meaning(lo=19, suit=suit, length=4, game_forcing=True, kind="jump shift")
    if suit is not None and level == 2 and suit > x and not is_game(bid):
        return Meaning(lo=16, suit=suit, length=4, forcing=True, kind="reverse")
    forcing_new = new_suit_response and response.level == 2 and not is_game(bid)
    return Meaning(lo=12, hi=18, suit=suit, length=4, forcing=forcing_new)


def _later_meaning(r: Reading, seat: Seat, bid: Bid, cue: bool) -> Meaning:
    """Any later bid: a new suit below game asks partner to bid once more; a cue bid of the
    opponents' suit too; anything else is natural and may be passed."""
    suit = bid.strain.suit
    ours = r.bid_suits[seat.side]
    if cue and not is_game(bid):
        return Meaning(forcing=True, kind="cue")
    if suit is None:
        return Meaning(kind="natural")
    partner_len = r.shown[seat.partner].lengths[suit]
    if suit not in ours:
        side_bid = r.shown[seat].bids + r.shown[seat.partner].bids > 0
        return Meaning(suit=suit, length=4, forcing=side_bid and not is_game(bid),
                       kind="new suit")
    if partner_len >= 3:
        return Meaning(suit=suit, length=max(3, 8 - partner_len))
    return Meaning(suit=suit, length=min(6, r.shown[seat].lengths[suit] + 1))
