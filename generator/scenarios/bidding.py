"""A small natural bidding model, so that auctions before an irregularity read like real bridge.

It knows openings (1NT 15-17 balanced, 2NT 20-21, five-card majors, the longer minor, weak twos and
threes), responses (raises by strength, new suits, notrump responses), the opener's rebid, simple
overcalls, takeout doubles and their advances, a redouble for strength when his side's opening
is doubled, slams when the values are plain (33 points between the hands: 6NT, or six of a major
with a fit), and otherwise passes. It is deliberately modest:
the point is a plausible auction, not a bidding system. It always returns a legal call, and honours
the bars a ruling put on the player (a barred player passes; a player barred from doubling does
not double).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from generator.model.auction import (
    SeatCall,
    can_double,
    can_redouble,
    is_sufficient,
    lowest_sufficient,
)
from generator.model.calls import DOUBLE, PASS, REDOUBLE, Bid, CallValue, Double, Pass, Redouble
from generator.model.cards import SUITS_HIGH_FIRST, Suit
from generator.model.hand import Hand
from generator.model.seat import Seat
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
        if isinstance(choice, Redouble) and (no_double or not can_redouble(seat, calls)):
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
        if self._redoubles(seat, sh, calls, bids):
            return REDOUBLE
        slam = self._slam(seat, sh, bids)
        if slam is not None and is_sufficient(slam, calls):
            return slam
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

    @staticmethod
    def _redoubles(seat: Seat, sh: Shape, calls: Sequence[SeatCall],
                   bids: Sequence[tuple[Seat, Bid]]) -> bool:
        """A redouble for strength: the side's opening bid is doubled and the player has not
        yet spoken after it (responder with 10+ points straight after the double, or opener with
        16+ when it comes back to him)."""
        if len(bids) != 1 or bids[0][0].side is not seat.side or not can_redouble(seat, calls):
            return False
        opener = bids[0][0]
        opened = next(i for i, (_, c) in enumerate(calls) if isinstance(c, Bid))
        if any(s is seat for s, _ in calls[opened + 1:]):
            return False
        return sh.hcp >= (16 if seat is opener else 10)

    @staticmethod
    def _slam(seat: Seat, sh: Shape, bids: Sequence[tuple[Seat, Bid]]) -> Bid | None:
        """Six when the partnership plainly holds 33 points: the player's points and the least
        partner has shown by his first bid (an opening 12, 1NT 15, 2NT 20, a one-level response
        6, a two-level one 10, a jump raise 10, a game raise or 3NT 13); six of partner's major
        with three cards of it (four for a suit he bid as responder), else 6NT."""
        if any(c.level >= 6 for _, c in bids) or any(s.side is not seat.side for s, _ in bids):
            return None
        partner = [c for s, c in bids if s is seat.partner]
        if not partner:
            return None
        first = partner[0]
        opened = bids[0][0] is seat.partner
        if opened:
            shown = {(1, Strain.NT): 15, (2, Strain.NT): 20}.get(
                (first.level, first.strain), 12 if first.level == 1 else 6)
        else:
            shown = 13 if first.level >= 4 or first == Bid(3, Strain.NT) else (
                10 if first.level >= 2 else 6)
        if sh.hcp + shown < 33:
            return None
        suit = first.strain.suit
        if suit in MAJORS and sh.lengths[suit] >= (3 if opened else 4):
            return _bid(6, suit)
        return _bid(6, None)

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
            if sh.hcp >= 33 - (15 if opening.level == 1 else 20):
                return _bid(6, None)  # the partnership holds 33 points or more
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
            if sh.hcp >= 20:
                return _bid(6, suit)  # 32 points and a fit: straight to the slam
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
        if sh.balanced and sh.hcp >= 21:
            return _bid(6, None)  # 33 points opposite an opening
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
        if response == Bid(3, Strain.NT) and opening.strain is not Strain.NT and sh.hcp >= 20:
            return _bid(6, None)  # 20 opposite 13-15
        if opening.strain is Strain.NT or (response.level >= 3 and response.strain is Strain.NT):
            return PASS
        partner_suit = response.strain.suit
        if partner_suit is not None and partner_suit is suit:
            estimate = sh.hcp + {2: 7, 3: 11, 4: 14}.get(response.level, 0)
            if estimate >= 33 and suit in MAJORS and response.level < 6:
                return _bid(6, suit)
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
