"""A natural bidding model, so that auctions before an irregularity read like real bridge.

The system is a plain standard one a club player knows: five-card majors, a 15-17 1NT (Stayman;
no transfers), 2NT 20-21, a strong artificial 2C (2D waiting), weak twos in diamonds, hearts and
spades, threes with seven cards. Responses: raises by strength (a limit raise invites, Jacoby 2NT
is forcing to game), new suits forcing one round, notrump by range. The opener's rebid shows its
range (12-14, 15-18 or 16+ reverses, 18-19 balanced, 19+ jump shifts), and from the third call
on each player works with what partner has shown (``read``: a point range and suit lengths) to
sign off, invite or bid game when the partnership has 25+ with a fit or 25-26 in notrump.
Competition: overcalls of 8-16 with a good five-card suit, 1NT 15-18, takeout doubles of shape or
strength, negative doubles, competing to the level of the fit, and rare penalty doubles.

``forcing(calls)`` says whether the next player is obliged to bid under this system; the model
never passes then. The model always returns a legal call, is deterministic, and honours the bars
a ruling put on the player (a barred player passes; a player barred from doubling does not).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.model.auction import (
    SeatCall,
    can_double,
    can_redouble,
    is_sufficient,
    last_bid,
    lowest_sufficient,
)
from generator.model.calls import DOUBLE, PASS, REDOUBLE, Bid, CallValue, Double, Pass
from generator.model.cards import SUITS_HIGH_FIRST, Rank, Suit
from generator.model.hand import Hand
from generator.model.seat import Seat, Side
from generator.model.strain import Strain

MAJORS = (Suit.S, Suit.H)
MINORS = (Suit.D, Suit.C)
#: Auctions longer than this end with passes: the model is not for long competitive auctions.
MAX_CALLS = 24
_HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
#: Enum members as tuples: iterating an Enum class is slow, and the model does it a lot.
_SUITS = tuple(Suit)
_SEATS = tuple(Seat)
_SIDES = tuple(Side)


@dataclass(frozen=True)
class Shape:
    """What the bidding model looks at in a hand: points, lengths and the points in each suit
    (a suit worth overcalling, a stopper for notrump, trumps worth a penalty double)."""

    hcp: int
    lengths: dict[Suit, int]
    points: dict[Suit, int] = field(default_factory=lambda: dict.fromkeys(_SUITS, 0))

    @property
    def balanced(self) -> bool:
        counts = sorted(self.lengths.values())
        return counts[0] >= 2 and counts[1] >= 3

    def longest(self, suits: Sequence[Suit] = SUITS_HIGH_FIRST) -> Suit:
        """The longest of ``suits``, the higher-ranking one on equal length."""
        return max(suits, key=lambda s: (self.lengths[s], s.order))

    def stopper(self, suit: Suit | None) -> bool:
        """A rough stopper: the ace, K-x, Q-x-x or J-x-x-x (any four cards count)."""
        if suit is None:
            return True
        n, p = self.lengths[suit], self.points[suit]
        return p >= 4 or (p >= 3 and n >= 2) or (p >= 2 and n >= 3) or n >= 4

    def good_suit(self, suit: Suit) -> bool:
        """Worth bidding on its own: two of the top honours, or six cards with one."""
        return self.points[suit] >= 5 or (self.lengths[suit] >= 6 and self.points[suit] >= 3)

    @classmethod
    def of(cls, hand: Hand) -> Shape:
        points = dict.fromkeys(_SUITS, 0)
        lengths = dict.fromkeys(_SUITS, 0)
        for card in hand.cards:
            points[card.suit] += _HCP.get(card.rank, 0)
            lengths[card.suit] += 1
        return cls(sum(points.values()), lengths, points)


def _bid(level: int, suit: Suit | None) -> Bid:
    return Bid(level, Strain.NT if suit is None else Strain.from_suit(suit))


def cheapest(strain_suit: Suit | None, calls: Sequence[SeatCall]) -> Bid | None:
    """The cheapest sufficient bid in a strain (``None`` for notrump), or ``None`` above 7."""
    return lowest_sufficient(_bid(1, strain_suit), calls)

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
    lengths: dict[Suit, int] = field(default_factory=lambda: dict.fromkeys(_SUITS, 0))
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
    shown: dict[Seat, Shown] = field(default_factory=lambda: {s: Shown() for s in _SEATS})
    meanings: list[Meaning] = field(default_factory=list)
    game_forced: dict[Side, bool] = field(default_factory=lambda: dict.fromkeys(_SIDES, False))
    first_bids: dict[Seat, Bid] = field(default_factory=dict)
    bid_suits: dict[Side, list[Suit]] = field(default_factory=lambda: {s: [] for s in _SIDES})


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
            meaning = _pass_meaning(r, seat, before)
            shown.learn(meaning)
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
    return _forcing(read(calls), calls)


def _forcing(r: Reading, calls: Sequence[SeatCall]) -> bool:
    """:func:`forcing`, from the auction already read."""
    if len(calls) < 2:
        return False
    (bidder, bid), (middle, after) = calls[-2], calls[-1]
    if not isinstance(bid, Bid) or not isinstance(after, Pass) or middle is not bidder.lho:
        return False
    meaning = r.meanings[-2]
    return meaning.forcing or (r.game_forced[bidder.side] and not is_game(bid))


def _pass_meaning(r: Reading, seat: Seat, before: Sequence[SeatCall]) -> Meaning:
    """A pass says something in two places: before any bid it denies an opening (at most 11),
    and as the answer to partner's one-level opening it denies a response (at most 5, or at
    most 9 over an overcall)."""
    me = r.shown[seat]
    if r.opener is None:
        return Meaning(hi=11, kind="pass")
    if r.opener is seat.partner and me.bids == 0 and not me.doubled and not me.passed \
            and r.opening is not None and r.opening.level == 1 and r.shown[seat.partner].bids == 1:
        interfered = any(s.side is not seat.side and not isinstance(c, Pass)
                         for s, c in before[-1:])
        return Meaning(hi=9 if interfered else 5, kind="pass")
    return Meaning(kind="pass")


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
    if not ours and their.level <= 3 and their.strain.suit is not None \
            and r.shown[seat.partner].bids == 0:
        return Meaning(lo=12, kind="takeout")
    if r.opener is seat and r.shown[seat].bids == 1 and r.shown[seat.partner].bids == 0 \
            and not r.shown[seat.partner].doubled and their.level <= 2 \
            and their.strain.suit is not None:
        return Meaning(lo=17, kind="takeout")  # the opener's reopening double
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
            over_nt = any(isinstance(c, Bid) and c.strain is Strain.NT for _, c in before[-3:])
            return Meaning(lo=8 if level == 1 or over_nt else 10, hi=16, suit=suit,
                           length=6 if over_nt else 5, kind="overcall")
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
                return {1: Meaning(lo=8, hi=11), 2: Meaning(lo=12, hi=14)}.get(
                    level, Meaning(lo=12, hi=19))
            if suit is not None and suit in r.bid_suits[seat.side]:
                if is_game(bid):
                    return Meaning(lo=6, hi=15, suit=suit, length=3)
                return Meaning(lo=11 if jump else 6, hi=12 if jump else 10, suit=suit, length=3,
                               invite=jump)
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
        five = level == 2 and suit in MAJORS
        return Meaning(lo=6 if level == 1 else 10, hi=11 if passed else None, suit=suit,
                       length=5 if five else 4, forcing=not passed, kind="new suit")
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
    if partner_len >= 3:  # a raise: three of a major or four of a minor invites game
        return Meaning(suit=suit, length=max(3, 8 - partner_len),
                       invite=bid.level == GAME_LEVEL[bid.strain] - 1)
    return Meaning(suit=suit, length=min(6, r.shown[seat].lengths[suit] + 1))


# ============================================================================ the model
def _ok(bid: Bid | None, calls: Sequence[SeatCall], top: int = 7) -> Bid | None:
    """``bid`` if it is sufficient and no higher than level ``top``, else ``None``."""
    if bid is None or bid.level > top or bid.is_above_seven or not is_sufficient(bid, calls):
        return None
    return bid


def _redoubles(seat: Seat, sh: Shape, calls: Sequence[SeatCall],
               bids: Sequence[tuple[Seat, Bid]]) -> bool:
    """A redouble for strength: the side's opening bid is doubled and the player has not yet
    spoken after it (responder with 10+ points straight after the double, or opener with 16+
    when it comes back to him). Without it no table would ever redouble, and the recipes of a
    redouble out of rotation would find no moment."""
    if len(bids) != 1 or bids[0][0].side is not seat.side or not can_redouble(seat, calls):
        return False
    opener = bids[0][0]
    opened = next(i for i, (_, c) in enumerate(calls) if isinstance(c, Bid))
    if any(s is seat for s, _ in calls[opened + 1:]):
        return False
    return sh.hcp >= (16 if seat is opener else 10)


def _slam(seat: Seat, sh: Shape, bids: Sequence[tuple[Seat, Bid]]) -> Bid | None:
    """Six when the partnership plainly holds 33 points: the player's points and the least
    partner has shown by his first bid (an opening 12, 1NT 15, 2NT 20, a one-level response 6,
    a two-level one 10, a game raise or 3NT 13); six of partner's major with three cards of it
    (four for a suit he bid as responder), else 6NT. Without slams a bid above seven (Law 38)
    would have no moment to happen in."""
    if any(c.level >= 6 for _, c in bids) or any(s.side is not seat.side for s, _ in bids):
        return None
    partner = [c for s, c in bids if s is seat.partner]
    if not partner:
        return None
    first = partner[0]
    opened = bids[0][0] is seat.partner
    if opened:
        shown = {(1, Strain.NT): 15, (2, Strain.NT): 20}.get(
            (first.level, first.strain), 22 if first == Bid(2, Strain.C) else
            12 if first.level == 1 else 6)
    else:
        shown = 13 if first.level >= 4 or first == Bid(3, Strain.NT) else (
            10 if first.level >= 2 else 6)
    if sh.hcp + shown < 33:
        return None
    suit = first.strain.suit
    if suit in MAJORS and sh.lengths[suit] >= (3 if opened else 4):
        return _bid(6, suit)
    return _bid(6, None)


class BiddingModel:
    """Chooses a natural call for a seat, given the legal auction so far."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def call(self, seat: Seat, hand: Hand, calls: Sequence[SeatCall], barred: bool = False,
             no_double: bool = False) -> CallValue:
        """The call ``seat`` makes now (always legal after ``calls``)."""
        if barred or len(calls) >= MAX_CALLS:
            return PASS
        sh = Shape.of(hand)
        bids = [(s, c) for s, c in calls if isinstance(c, Bid)]
        if not no_double and _redoubles(seat, sh, calls, bids):
            return REDOUBLE
        slam = _slam(seat, sh, bids)
        if slam is not None and is_sufficient(slam, calls):
            return slam
        r = read(calls)
        must = _forcing(r, calls)
        choice = self._choose(r, seat, sh, calls, must)
        if isinstance(choice, Double) and (no_double or not can_double(seat, calls)):
            choice = PASS
        if isinstance(choice, Bid) and (choice.is_above_seven or not is_sufficient(choice, calls)):
            choice = PASS
        if must and isinstance(choice, Pass):
            choice = self._forced_bid(r, seat, sh, calls)
        return choice

    # ------------------------------------------------------------------------------------
    def _choose(self, r: Reading, seat: Seat, sh: Shape, calls: Sequence[SeatCall],
                must: bool) -> CallValue:
        if r.opener is None or r.opening is None:
            return self._opening(sh)
        me, pt = r.shown[seat], r.shown[seat.partner]
        fresh = me.bids == 0 and not me.doubled
        if r.opener.side is seat.side:
            if r.opener is seat and me.bids == 1 and pt.bids == 1:
                return self._rebid(r, seat, sh, calls, must)
            if r.opener is seat and me.bids == 1 and pt.bids == 0 and not me.doubled:
                return self._opener_alone(r, seat, sh, calls)
            if r.opener is seat.partner and fresh and pt.bids == 1:
                return self._response(r, seat, sh, calls, r.opening)
        elif fresh and pt.bids == 0 and not pt.doubled:
            return self._overcall(r, seat, sh, calls)
        elif fresh and pt.doubled and pt.bids == 0:
            return self._advance_double(r, seat, sh, calls)
        elif fresh and pt.bids == 1 and not pt.doubled and r.first_bids[seat.partner] \
                .strain is not Strain.NT:
            return self._advance_overcall(r, seat, sh, calls)
        return self._continue(r, seat, sh, calls, must)

    # ------------------------------------------------------------------------ openings
    def _opening(self, sh: Shape) -> CallValue:
        lengths = sorted(sh.lengths.values(), reverse=True)
        if sh.hcp >= 22:
            return _bid(2, Suit.C)
        if sh.balanced and 20 <= sh.hcp <= 21:
            return _bid(2, None)
        if sh.balanced and 15 <= sh.hcp <= 17:
            return _bid(1, None)
        if sh.hcp >= 12 or (sh.hcp >= 11 and sh.hcp + lengths[0] + lengths[1] >= 20):
            major = sh.longest(MAJORS)
            if sh.lengths[major] >= 5:
                return _bid(1, major)
            d, c = sh.lengths[Suit.D], sh.lengths[Suit.C]
            return _bid(1, Suit.D if d > c or (d == c and d >= 4) else Suit.C)
        longest = sh.longest()
        n = sh.lengths[longest]
        if 6 <= sh.hcp <= 10 and n == 6 and longest is not Suit.C and sh.points[longest] >= 3:
            return _bid(2, longest)
        if 5 <= sh.hcp <= 10 and n >= 7 and sh.points[longest] >= 3:
            return _bid(3, longest)
        return PASS

    # ------------------------------------------------------------------------ responses
    def _response(self, r: Reading, seat: Seat, sh: Shape, calls: Sequence[SeatCall],
                  opening: Bid) -> CallValue:
        contested = any(isinstance(c, Bid) for s, c in calls if s.side is not seat.side)
        major = sh.longest(MAJORS)
        mlen = sh.lengths[major]
        if opening == Bid(1, Strain.NT) and not contested:
            if sh.hcp <= 7:
                weak = sh.longest([Suit.S, Suit.H, Suit.D])
                return _bid(2, weak) if sh.lengths[weak] >= 5 else PASS
            if mlen >= 6 and sh.hcp >= 10:
                return _bid(4, major)
            if mlen == 5 and sh.hcp >= 10:
                return _bid(3, major)
            if 4 in (sh.lengths[Suit.S], sh.lengths[Suit.H]):
                return _bid(2, Suit.C)
            return _bid(3 if sh.hcp >= 10 else 2, None)
        if opening == Bid(2, Strain.NT) and not contested:
            if sh.hcp < 4:
                return PASS
            if mlen >= 5:
                return _bid(4 if mlen >= 6 else 3, major)
            return _bid(3, None)
        if opening == Bid(2, Strain.C) and not contested:
            return _bid(2, Suit.D)
        x = opening.strain.suit
        if opening.level != 1 or x is None:
            return self._continue(r, seat, sh, calls, False)
        passed = r.shown[seat].passed
        their = last_bid(calls)
        assert their is not None
        their_suit = their[1].strain.suit if their[0].side is not seat.side else None
        if sh.hcp < 6:
            return PASS
        support = sh.lengths[x] >= (3 if x in MAJORS else 5)
        # a fit for a major: by strength
        if x in MAJORS and support:
            if sh.hcp >= 12 and sh.lengths[x] >= 4 and not contested and not passed:
                return _bid(2, None)
            if sh.hcp >= 12:
                return _ok(_bid(4, x), calls) or PASS
            if sh.hcp >= 10:
                return _ok(_bid(3, x), calls) or PASS
            return _ok(_bid(2, x), calls) or (_ok(_bid(3, x), calls) if sh.lengths[x] >= 4
                                               else None) or PASS
        # a negative double of an overcall, with four cards in an unbid major
        if their_suit is not None and their[1].level <= 2 and sh.hcp >= (6 + 2 * (
                their[1].level - 1)):
            unbid = [m for m in MAJORS if m is not their_suit and m is not x]
            if unbid and all(sh.lengths[m] >= 4 for m in unbid):
                return DOUBLE
        # a new suit at the one level: a major first, else diamonds over clubs
        ones = [s for s in (Suit.S, Suit.H, Suit.D) if s > x and s is not their_suit
                and sh.lengths[s] >= 4 and _ok(cheapest(s, calls), calls, 1)]
        ones_major = [s for s in ones if s in MAJORS]
        if ones_major:
            fives = [s for s in ones_major if sh.lengths[s] >= 5]
            return _bid(1, sh.longest(fives) if fives else min(ones_major,
                                                                key=lambda s: s.order))
        if sh.hcp >= 10 or (sh.hcp >= 8 and contested):
            twos = [s for s in Suit if s is not x and s is not their_suit
                    and sh.lengths[s] >= (5 if s in MAJORS else 4)
                    and _ok(cheapest(s, calls), calls, 2) is not None
                    and _ok(cheapest(s, calls), calls, 2) == _bid(2, s)]
            if ones and (not twos or sh.lengths[ones[0]] >= max(sh.lengths[s] for s in twos)):
                return _bid(1, ones[0])
            if twos and not (x in MINORS and support and sh.hcp <= 11):
                return _bid(2, sh.longest(twos))
        elif ones:
            return _bid(1, ones[0])
        if x in MINORS and support:
            if sh.hcp >= 12 and not contested:
                return _bid(3, None) if sh.balanced else _bid(2, sh.longest(
                    [s for s in Suit if s is not x])) if _ok(cheapest(sh.longest(
                        [s for s in Suit if s is not x]), calls), calls, 2) else _bid(3, None)
            level = 2 if sh.hcp <= 9 else 3
            return _ok(_bid(level, x), calls) or PASS
        stop = sh.stopper(their_suit)
        if not contested and sh.balanced:
            if 13 <= sh.hcp <= 15:
                return _bid(3, None)
            if 11 <= sh.hcp <= 12 and x in MINORS:
                return _bid(2, None)
        if sh.hcp >= 13:  # no fit, no suit to show cheaply: a forcing new suit
            other = sh.longest([s for s in Suit if s is not x and s is not their_suit])
            bid = _ok(cheapest(other, calls), calls, 3)
            if bid is not None and bid.level == _cheapest_level(bid.strain, calls):
                return bid
            return _ok(_bid(3, None), calls) or PASS
        nt = _ok(cheapest(None, calls), calls, 1)
        if nt is not None and sh.hcp <= 11 and (stop or not contested):
            return nt
        return PASS

    def _advance_nt(self, sh: Shape, calls: Sequence[SeatCall], lo: int) -> CallValue:
        """Game in notrump or a major when partner's notrump and these points make 25."""
        major = sh.longest(MAJORS)
        if sh.hcp + lo >= 25:
            if sh.lengths[major] >= 6:
                return _ok(_bid(4, major), calls) or PASS
            return _ok(_bid(3, None), calls) or PASS
        return PASS

    # ------------------------------------------------------------------------ opener's rebid
    def _rebid(self, r: Reading, seat: Seat, sh: Shape, calls: Sequence[SeatCall],
               must: bool) -> CallValue:
        assert r.opening is not None
        opening = r.opening
        response = r.first_bids[seat.partner]
        pt = r.shown[seat.partner]
        if opening == Bid(2, Strain.C) and response == Bid(2, Strain.D):
            if sh.balanced:
                return _ok(_bid(2 if sh.hcp <= 24 else 3, None), calls) or PASS
            return _ok(cheapest(sh.longest(), calls), calls) or PASS
        if opening == Bid(1, Strain.NT) and response == Bid(2, Strain.C):
            for m in (Suit.H, Suit.S):
                if sh.lengths[m] >= 4:
                    return _ok(_bid(2, m), calls) or PASS
            return _ok(_bid(2, Suit.D), calls) or PASS
        if opening.strain is Strain.NT:
            if response.strain is Strain.NT and response.level == opening.level + 1:
                return _ok(_bid(3, None), calls) or PASS if sh.hcp >= 16 else PASS
            rs = response.strain.suit
            if response.level == 3 and rs in MAJORS:
                return (_ok(_bid(4, rs), calls) if sh.lengths[rs] >= 3
                        else _ok(_bid(3, None), calls)) or PASS
            return PASS
        if opening.level != 1:
            return self._continue(r, seat, sh, calls, must)
        x = opening.strain.suit
        y = response.strain.suit
        assert x is not None
        if response == Bid(2, Strain.NT) and x in MAJORS and r.game_forced[seat.side]:
            return _ok(_bid(4, x), calls) or PASS
        if y is x:  # partner raised
            mid = (pt.lo + pt.hi) / 2
            if sh.hcp + mid >= 24.5:
                return (_ok(_bid(GAME_LEVEL[opening.strain], x), calls) if x in MAJORS
                        else _ok(_bid(3, None), calls)) or PASS
            if sh.hcp + pt.hi >= 25 and response.level == 2 and x in MAJORS:
                return _ok(_bid(3, x), calls) or PASS
            return PASS
        if response.strain is Strain.NT:
            if sh.balanced or (max(sh.lengths.values()) <= 5 and min(sh.lengths.values()) >= 1 \
                    and not self._second_suit(sh, x, calls, 2)):
                if sh.hcp + pt.lo >= 25:
                    return _ok(_bid(3, None), calls) or PASS
                if sh.hcp + pt.hi >= 25 and response.level == 1:
                    return _ok(_bid(2, None), calls) or PASS
                return PASS
            return self._suit_rebid(sh, x, None, calls, pt)
        # a new suit from partner: forcing, so a bid
        assert y is not None
        need = 4 if response.level == 1 or y in MINORS else 3
        if sh.lengths[y] >= need:
            if sh.hcp + pt.lo >= 25 - (1 if y in MAJORS else -4):
                return _ok(_bid(GAME_LEVEL[response.strain], y), calls) or PASS
            level = _cheapest_level(response.strain, calls)
            bid = _bid(level + 1 if sh.hcp >= 16 else level, y)
            return _ok(bid, calls) or PASS
        if sh.balanced:
            nt = _cheapest_level(Strain.NT, calls)
            if sh.hcp + pt.lo >= 25 or sh.hcp >= 18:
                return _ok(_bid(3 if (nt >= 2 or sh.hcp >= 20) else 2, None), calls) or PASS
            if nt == 1 or (nt == 2 and sh.hcp <= 14):
                return _bid(nt, None)
            if nt == 2:
                return _bid(3, None)
        return self._suit_rebid(sh, x, y, calls, pt)

    def _second_suit(self, sh: Shape, x: Suit, calls: Sequence[SeatCall], top: int) -> Suit | None:
        """A four-card suit the opener can show cheaply: at the one level, or lower than the
        first suit at the two level (a reverse needs 16)."""
        options = [s for s in Suit if s is not x and sh.lengths[s] >= 4
                   and _ok(cheapest(s, calls), calls, top)
                   and (_cheapest_level(Strain.from_suit(s), calls) == 1 or s < x
                        or sh.hcp >= 16)]
        return sh.longest(options) if options else None

    def _suit_rebid(self, sh: Shape, x: Suit, y: Suit | None, calls: Sequence[SeatCall],
                    pt: Shown) -> CallValue:
        strong = sh.hcp >= 19
        if sh.lengths[x] >= 6:
            if sh.hcp + pt.lo >= 25 - (0 if x in MAJORS else -3):
                return _ok(_bid(GAME_LEVEL[Strain.from_suit(x)], x), calls) or PASS
            level = _cheapest_level(Strain.from_suit(x), calls)
            return _ok(_bid(level + (1 if sh.hcp >= 16 else 0), x), calls) or PASS
        second = self._second_suit(sh, x, calls, 2 if not strong else 3)
        if second is not None:
            level = _cheapest_level(Strain.from_suit(second), calls)
            if strong and level <= 2:
                level += 1  # a jump shift: forcing to game
            return _ok(_bid(level, second), calls) or PASS
        if strong:
            return _ok(_bid(3, None), calls) or PASS
        if y is None:
            return PASS  # partner's 1NT: a minimum with five cards plays there
        return _ok(cheapest(x, calls), calls) or _ok(cheapest(None, calls), calls) or PASS

    def _opener_alone(self, r: Reading, seat: Seat, sh: Shape,
                      calls: Sequence[SeatCall]) -> CallValue:
        """The opener's second call when partner has not bid: after a negative double, a
        competitive rebid, or a double with a strong hand short in the opponents' suit."""
        assert r.opening is not None
        x = r.opening.strain.suit
        pt = r.shown[seat.partner]
        their = last_bid(calls)
        if their is None or their[0].side is seat.side or x is None or r.opening.level != 1:
            return self._continue(r, seat, sh, calls, False)
        their_suit = their[1].strain.suit
        if pt.lo >= 6 and isinstance(calls[-1][1], Pass):  # partner's negative double
            for m in MAJORS:
                if m is not their_suit and m is not x and sh.lengths[m] >= 4:
                    level = _cheapest_level(Strain.from_suit(m), calls)
                    return _ok(_bid(level + (1 if sh.hcp >= 16 else 0), m), calls) or PASS
            if sh.balanced and sh.stopper(their_suit):
                return _ok(cheapest(None, calls), calls, 2) or PASS
            return _ok(cheapest(x, calls), calls) or PASS
        if sh.lengths[x] >= 6 and sh.hcp <= 16:
            return _ok(cheapest(x, calls), calls, 2) or PASS
        if sh.hcp >= 17 and their_suit is not None and sh.lengths[their_suit] <= 2:
            return DOUBLE  # a reopening double, for takeout
        if sh.hcp >= 18 and sh.balanced and sh.stopper(their_suit):
            return _ok(cheapest(None, calls), calls, 2) or PASS
        if sh.hcp >= 17:
            second = self._second_suit(sh, x, calls, 2)
            return _ok(cheapest(second or x, calls), calls, 3) or PASS
        return PASS

    # ------------------------------------------------------------------------ competition
    def _overcall(self, r: Reading, seat: Seat, sh: Shape,
                  calls: Sequence[SeatCall]) -> CallValue:
        found = last_bid(calls)
        assert found is not None
        their = found[1]
        theirs = r.bid_suits[seat.side.opponents]
        their_suit = their.strain.suit
        if their.level >= 4 or (their.level >= 2 and their.strain is Strain.NT):
            return PASS
        if their.level == 3:
            return self._over_preempt(sh, their, theirs, calls)
        if their.strain is Strain.NT:  # over 1NT: a penalty double, or a long good suit
            if sh.hcp >= 16:
                return DOUBLE
            long = sh.longest([s for s in Suit if s not in theirs] or list(Suit))
            if sh.lengths[long] >= 6 and sh.good_suit(long) and sh.hcp >= 8:
                return _ok(cheapest(long, calls), calls, 2) or PASS
            return PASS
        others = [s for s in Suit if s not in theirs]
        short = sh.lengths[their_suit] <= 2 if their_suit is not None else False
        if sh.balanced and 15 <= sh.hcp <= 18 and sh.stopper(their_suit):
            nt = _ok(cheapest(None, calls), calls, 1)
            if nt is not None:
                return nt
        best = sh.longest(others) if others else None
        if best is not None and sh.lengths[best] >= 5 and 8 <= sh.hcp <= 16 \
                and (sh.good_suit(best) or (sh.hcp >= 12 and sh.points[best] >= 3)):
            bid = _ok(cheapest(best, calls), calls, 2)
            if bid is not None and (bid.level == 1 or sh.hcp >= 10):
                return bid
        if (short and sh.hcp >= 12 and all(sh.lengths[s] >= 3 for s in others)) \
                or sh.hcp >= 17:
            return DOUBLE
        if best is not None and sh.lengths[best] >= 6 and 6 <= sh.hcp <= 10 \
                and sh.good_suit(best):
            bid = _ok(cheapest(best, calls), calls, 2)
            if bid is not None and bid.level == 1:
                return _bid(2, best)  # a weak jump overcall
        return PASS

    def _over_preempt(self, sh: Shape, their: Bid, theirs: Sequence[Suit],
                      calls: Sequence[SeatCall]) -> CallValue:
        """Over a three-level opening: 3NT with a stopper, a takeout double of shape, or a
        good long suit, all with sound values (partner may hold nothing)."""
        their_suit = their.strain.suit
        others = [s for s in Suit if s not in theirs]
        if not others:
            return PASS
        if sh.balanced and 16 <= sh.hcp <= 21 and sh.stopper(their_suit):
            return _ok(_bid(3, None), calls) or PASS
        best = sh.longest(others)
        if (sh.lengths[best] >= 6 and sh.good_suit(best) and sh.hcp >= 13) \
                or (sh.lengths[best] >= 5 and sh.good_suit(best) and sh.hcp >= 15):
            bid = _ok(cheapest(best, calls), calls, 3 if best in MINORS or sh.hcp < 17 else 4)
            if bid is not None:
                return bid
        if their_suit is not None and ((sh.lengths[their_suit] <= 2 and sh.hcp >= 14
                                        and all(sh.lengths[s] >= 3 for s in others))
                                       or sh.hcp >= 18):
            return DOUBLE
        return PASS

    def _advance_double(self, r: Reading, seat: Seat, sh: Shape,
                        calls: Sequence[SeatCall]) -> CallValue:
        theirs = r.bid_suits[seat.side.opponents]
        found = last_bid(calls)
        assert found is not None
        options = [s for s in Suit if s not in theirs]
        if not options:
            return PASS
        best = max(options, key=lambda s: (sh.lengths[s] + (1 if s in MAJORS else 0), s.order))
        # the double is what partner just did, with a pass since: answer it; otherwise the
        # auction moved on and only a good suit is worth showing
        rho_acted = not (len(calls) >= 2 and isinstance(calls[-1][1], Pass)
                         and calls[-2] == (seat.partner, DOUBLE))
        their_suit = found[1].strain.suit
        if rho_acted:
            if sh.hcp >= 6 and sh.lengths[best] >= 5:
                return _ok(cheapest(best, calls), calls, 2) or PASS
            return PASS
        if their_suit is not None and sh.lengths[their_suit] >= 5 \
                and sh.points[their_suit] >= 6 and found[1].level == 1:
            return PASS  # a penalty pass: trumps sitting over the bidder
        if sh.hcp >= 12:
            if best in MAJORS and sh.lengths[best] >= 4:
                return _ok(_bid(4, best), calls) or PASS
            if sh.stopper(their_suit):
                return _ok(_bid(3, None), calls) or PASS
        bid = _ok(cheapest(best, calls), calls)
        if bid is None:
            return PASS
        if 9 <= sh.hcp <= 11 and bid.level <= 2:
            return _bid(bid.level + 1, best)
        if bid.level == 4 and best in MAJORS and sh.hcp >= 5:
            return bid
        return bid if bid.level <= 3 else PASS

    def _advance_overcall(self, r: Reading, seat: Seat, sh: Shape,
                          calls: Sequence[SeatCall]) -> CallValue:
        partners = r.first_bids[seat.partner]
        suit = partners.strain.suit
        assert suit is not None
        theirs = r.bid_suits[seat.side.opponents]
        pt = r.shown[seat.partner]
        fit = sh.lengths[suit] + pt.lengths[suit]
        their = last_bid(calls)
        their_suit = their[1].strain.suit if their and their[0].side is not seat.side else None
        total = sh.hcp + (pt.lo + min(pt.hi, 22)) / 2  # partner's overcall: 8-16, or weak
        if sh.lengths[suit] >= 3:
            if total >= 24.5 and suit in MAJORS:
                return _ok(_bid(4, suit), calls) or PASS
            bid = _ok(cheapest(suit, calls), calls, max(2, min(3, fit - 6)))
            if bid is not None and total >= 22 and bid.level < 3:
                return _bid(bid.level + 1, suit)
            if bid is not None and sh.hcp >= 6:
                return bid
        own = [s for s in Suit if s not in theirs and s is not suit and sh.lengths[s] >= 5
               and sh.good_suit(s)]
        if own and sh.hcp >= 10:
            bid = _ok(cheapest(sh.longest(own), calls), calls, 2)
            if bid is not None:
                return bid
        if sh.stopper(their_suit) and sh.hcp >= 8:
            level = 1 if sh.hcp <= 11 else (2 if sh.hcp <= 14 or total < 24.5 else 3)
            bid = _ok(_bid(level, None), calls)
            if bid is not None:
                return bid
        return PASS

    # ------------------------------------------------------------------------ later calls
    def _strain(self, r: Reading, seat: Seat, sh: Shape) -> tuple[Strain, int]:
        """The partnership's best strain as far as this player knows, and the fit's length:
        an eight-card major fit, else notrump (with a minor fit kept for partscores)."""
        pt = r.shown[seat.partner]
        theirs = r.bid_suits[seat.side.opponents]
        fits = {s: sh.lengths[s] + pt.lengths[s] for s in Suit}
        for s in sorted(MAJORS, key=lambda m: (fits[m], m.order), reverse=True):
            if fits[s] >= 8 or (sh.lengths[s] >= 7 and s not in theirs):
                return Strain.from_suit(s), fits[s]
        if pt.balanced or sh.balanced or min(sh.lengths.values()) >= 2:
            return Strain.NT, 0
        minor = max(MINORS, key=lambda m: (fits[m], m.order))
        if fits[minor] >= 8:
            return Strain.from_suit(minor), fits[minor]
        return Strain.NT, 0

    def _continue(self, r: Reading, seat: Seat, sh: Shape, calls: Sequence[SeatCall],
                  must: bool) -> CallValue:
        """A later call: game when the partnership has the values, an invitation when it may,
        otherwise the cheapest sensible bid if forced, a competitive bid with a fit, or pass."""
        found = last_bid(calls)
        if found is None:
            return PASS
        last_seat, last = found
        me, pt = r.shown[seat], r.shown[seat.partner]
        side_bid = me.bids + pt.bids > 0 or me.doubled or pt.doubled
        strain, fit = self._strain(r, seat, sh)
        suit = strain.suit
        hi = min(pt.hi, 22)
        lo_total, hi_total = sh.hcp + pt.lo, sh.hcp + hi
        gf = r.game_forced[seat.side]
        game = _bid(GAME_LEVEL[strain], suit)
        if strain.suit in MINORS and lo_total < 29:
            game = _bid(3, None)
        if last_seat.side is not seat.side:  # the opponents bid last
            if not side_bid:
                return PASS
            if len(calls) >= 2 and calls[-2] == (seat.partner, DOUBLE) \
                    and isinstance(calls[-1][1], Pass) \
                    and r.meanings[-2].kind == "takeout" and last.strain.suit is not None \
                    and sh.lengths[last.strain.suit] <= 3:
                return self._advance_double(r, seat, sh, calls)
            if me.doubled and me.bids == 0 and pt.bids == 0 and sh.hcp >= 17 \
                    and last.level <= 2 and last.strain.suit is not None \
                    and sh.lengths[last.strain.suit] <= 2:
                return DOUBLE  # too strong to let them play: a second takeout double
            if lo_total >= 25 and (me.bids or pt.bids):
                bid = _ok(game, calls)
                if bid is not None:
                    return bid
                if last.level >= 3:
                    return DOUBLE
            if fit >= 8 and suit is not None and sh.hcp >= 6:
                bid = _ok(cheapest(suit, calls), calls, min(3, fit - 6))
                if bid is not None:
                    return bid
            their_suit = last.strain.suit
            if last.level >= 2 and their_suit is not None and sh.lengths[their_suit] >= 4 \
                    and sh.points[their_suit] >= 4 and lo_total >= 23 \
                    and pt.lengths[their_suit] <= 2:
                return DOUBLE
            return PASS
        if last_seat is seat:
            return PASS
        # partner bid last
        meaning = r.meanings[max(i for i, (s, c) in enumerate(calls) if s is last_seat
                                 and isinstance(c, Bid))]
        if last == Bid(3, Strain.NT):  # a seven-card major plays better in game
            long = [m for m in MAJORS if sh.lengths[m] >= 7 and me.lengths[m] >= 5]
            if long:
                return _ok(_bid(4, long[0]), calls) or PASS
        if is_game(last) and not meaning.forcing:
            return PASS
        limited = hi - pt.lo <= 5
        mid = (pt.lo + hi) / 2
        if gf or lo_total >= 25 or (limited and sh.hcp + mid >= 24.5) \
                or (meaning.invite and sh.hcp + mid >= 24.5):
            target: Bid | None = _ok(game, calls)
            if target is None and strain is not Strain.NT:
                target = _ok(_bid(3, None), calls, 3)
            if target is not None:
                return target
            return self._forced_bid(r, seat, sh, calls) if must or gf else PASS
        if hi_total >= 25 and sh.hcp + mid >= 23 and not limited and not meaning.invite \
                and last.level <= 2:
            invite = _ok(_bid(3, suit), calls) if suit is not None else _ok(_bid(2, None), calls)
            if invite is not None and not is_game(invite):
                return invite
        if must:
            return self._forced_bid(r, seat, sh, calls)
        # a partscore: stay unless partner's strain is poor for us and a better one is cheap
        ls = last.strain.suit
        if ls is None or sh.lengths[ls] + pt.lengths[ls] >= 7 or sh.lengths[ls] >= 3:
            return PASS
        if suit is not None and fit >= 7:
            bid = _ok(cheapest(suit, calls), calls, min(3, last.level))
            if bid is not None:
                return bid
        first = r.first_bids.get(seat.partner)
        fs = first.strain.suit if first is not None else None
        if fs is not None and sh.lengths[fs] >= 2 and sh.lengths[fs] > sh.lengths[ls]:
            bid = _ok(cheapest(fs, calls), calls, last.level + (0 if fs > ls else 1))
            if bid is not None and bid.level <= 3:
                return bid
        return PASS

    def _forced_bid(self, r: Reading, seat: Seat, sh: Shape,
                    calls: Sequence[SeatCall]) -> CallValue:
        """Partner's bid obliges a bid: support for partner, notrump with a stopper, or the
        longest suit, as cheaply as possible (game if the side is forced to game)."""
        pt = r.shown[seat.partner]
        theirs = r.bid_suits[seat.side.opponents]
        strain, fit = self._strain(r, seat, sh)
        if r.game_forced[seat.side] or sh.hcp + pt.lo >= 25:
            game = _ok(_bid(GAME_LEVEL[strain], strain.suit), calls)
            if strain.suit in MINORS:
                game = _ok(_bid(3, None), calls) or game
            if game is not None:
                return game
        options: list[Bid | None] = []
        if strain.suit is not None and fit >= 8:
            options.append(cheapest(strain.suit, calls))
        support = [s for s in Suit if pt.lengths[s] >= 4 and sh.lengths[s] + pt.lengths[s] >= 8
                   and s not in theirs]
        options += [cheapest(s, calls) for s in support]
        if sh.balanced or all(sh.stopper(s) for s in theirs):
            options.append(cheapest(None, calls))
        own = sh.longest([s for s in Suit if s not in theirs] or list(Suit))
        options.append(cheapest(own, calls))
        preference = [s for s in Suit if pt.lengths[s] >= 3 and sh.lengths[s] >= 2]
        options += [cheapest(s, calls) for s in preference]
        legal = [b for b in options if b is not None and _ok(b, calls)]
        if not legal:
            return PASS
        return min(legal, key=lambda b: b.key)
