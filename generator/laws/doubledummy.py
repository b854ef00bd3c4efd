"""A pure-Python double-dummy solver, for where endplay cannot be imported.

The claim rulings (Laws 69-71, :mod:`generator.laws.claimplay`) ask once per disputed claim how
many tricks a side takes with best play by everyone. The command line answers with endplay's
solver, a C extension; the ruling assistant page runs the engine inside Pyodide, where endplay
does not exist, so without this module claims could not be ruled there. The positions asked
about are endings (the generator's claims leave 3 to 6 tricks), which a plain search handles.

The search, exact and deterministic (standard library only):

* minimax with an alpha-beta window on the number of tricks North-South take from here;
* a transposition table at the start of each trick, keyed on the seat on lead and the remaining
  cards with their ranks taken relative to the cards still out in each suit (a position with the
  ♠AK gone and ♠QJ left plays as one with ♠QJ as the top cards), holding the bounds found;
* equivalent cards: of cards of one suit in one hand with no card between them still in a hand
  or on the current trick (cards already played count as touching), only one is tried;
* move ordering: a cheap sure winner or the lowest card first, winning leads first.

Measured (``benchmarks/bench_doubledummy.py``, CPython 3.11, CPU time, random endings): median
and maximum per solve 2 and 6 ms at 5 cards a hand, 6 and 13 ms at 6, 18 and 70 ms at 7, 53 and
315 ms at 8; about 0.1-0.3 s at 9, 1-3 s at 10, 12 s at 12 and a minute for a whole deal, so
it is meant for endings only. The claim cases ask it about 3 to 5 cards a hand: under 10 ms.
Equal to endplay's ``solve_board`` on every position ``tests/laws/test_doubledummy.py`` tries.
The cards and seats use :mod:`claimplay`'s encoding (clubs first, bit r-2).
"""

from __future__ import annotations

from collections.abc import Sequence

#: a hand: one 13-bit mask per suit (clubs, diamonds, hearts, spades), bit r-2 for rank r
Hand = tuple[int, int, int, int]
#: a card played to the trick in progress: (seat index 0-3 from North, (suit index, rank bit))
Played = tuple[int, tuple[int, int]]


def tricks(hands: Sequence[Hand], leader: int, trick: Sequence[Played], trump: int | None,
           side: int) -> int:
    """Tricks the side ``side`` (0: North-South, 1: East-West) takes with best play by everyone.

    ``hands`` are the cards still held by North, East, South and West; ``trick`` the cards
    already played to the trick in progress, led by ``leader`` (empty: ``leader`` is on lead);
    ``trump`` the trump suit's index, ``None`` for no trumps. The trick in progress counts, as
    in endplay's ``solve_board``."""
    search = _Search(hands, trump)
    ns = search.root(leader, tuple(trick))
    total = search.left(leader, len(trick))
    return ns if side == 0 else total - ns


class _Search:
    """One solve: the hands as they change, the trump suit and the transposition table."""

    def __init__(self, hands: Sequence[Hand], trump: int | None) -> None:
        self.h: list[list[int]] = [list(hand) for hand in hands]
        self.trump = -1 if trump is None else trump
        #: cards on the trick in progress, one mask per suit
        self.tm = [0, 0, 0, 0]
        #: bounds (lowest, highest) on North-South's tricks from a trick's start
        self.tt: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.norm: dict[tuple[int, int, int, int], int] = {}
        self.reps: dict[tuple[int, int], tuple[int, ...]] = {}

    def left(self, leader: int, played: int) -> int:
        """Tricks still to be played, the one in progress included."""
        held = sum(bin(m).count("1") for m in self.h[leader])
        return held + (1 if played else 0)

    # ------------------------------------------------------------------ entry
    def root(self, leader: int, trick: tuple[Played, ...]) -> int:
        """North-South's tricks, found by null-window searches (each asks "at least ``b``?")
        that narrow the range of the answer; the table keeps what each one proved."""
        left = self.left(leader, len(trick))
        if not trick:
            def search(alpha: int, beta: int) -> int:
                return self._trick(leader, left, alpha, beta)
        else:
            led = trick[0][1][0]
            win_seat, (win_suit, win_bit) = trick[0]
            for seat, (suit, bit) in trick:
                self.tm[suit] |= bit
                if self._beats(suit, bit, win_suit, win_bit):
                    win_seat, win_suit, win_bit = seat, suit, bit
            seat = (leader + len(trick)) % 4

            def search(alpha: int, beta: int) -> int:
                return self._node(seat, len(trick), led, win_seat, win_suit, win_bit, left,
                                  alpha, beta)
        lo, hi = 0, left
        while lo < hi:
            target = (lo + hi + 1) // 2
            value = search(target - 1, target)
            if value >= target:
                lo = value
            else:
                hi = value
        return lo

    def _beats(self, suit: int, bit: int, win_suit: int, win_bit: int) -> bool:
        if suit == win_suit:
            return bit > win_bit
        return suit == self.trump

    # ------------------------------------------------------------------ keys
    def _key(self, leader: int) -> tuple[int, int, int, int, int]:
        h = self.h
        n, e, s, w = h
        norm = self.norm
        codes = [leader]
        for suit in range(4):
            four = (n[suit], e[suit], s[suit], w[suit])
            code = norm.get(four)
            if code is None:
                code = self._code(four)
                norm[four] = code
            codes.append(code)
        return codes[0], codes[1], codes[2], codes[3], codes[4]

    @staticmethod
    def _code(four: tuple[int, int, int, int]) -> int:
        """The owners of a suit's remaining cards from the top, two bits each, after a 1: the
        suit as it plays, whatever ranks have gone."""
        present = four[0] | four[1] | four[2] | four[3]
        code = 1
        bit = 1 << 12
        while bit and present:
            if present & bit:
                owner = 0 if four[0] & bit else 1 if four[1] & bit else 2 if four[2] & bit else 3
                code = (code << 2) | owner
                present ^= bit
            bit >>= 1
        return code

    def _runs(self, present: int, mask: int) -> tuple[int, ...]:
        """One card of each run of ``mask`` (its cards with no other card of ``present``
        between them), the lowest of the run, in ascending order."""
        key = (present, mask)
        out = self.reps.get(key)
        if out is None:
            found: list[int] = []
            below_in = False  # whether the card below the previous one (downwards) is ours
            bit = 1
            rest = present
            while rest:
                if rest & bit:
                    rest ^= bit
                    if mask & bit:
                        if not below_in:
                            found.append(bit)
                        below_in = True
                    else:
                        below_in = False
                bit <<= 1
            out = tuple(found)
            self.reps[key] = out
        return out

    # ------------------------------------------------------------------ search
    def _trick(self, leader: int, left: int, alpha: int, beta: int) -> int:
        """North-South's tricks of the ``left`` still to play, ``leader`` on lead (fail-soft
        within ``alpha``..``beta``)."""
        if left == 0:
            return 0
        if left == 1:
            return self._last(leader)
        key = self._key(leader)
        bounds = self.tt.get(key)
        if bounds is None:
            sure = self._sure(leader, left)
            lo, hi = (sure, left) if leader % 2 == 0 else (0, left - sure)
        else:
            lo, hi = bounds
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        value = self._node(leader, 0, -1, leader, -1, 0, left, a, b)
        if value <= a:
            hi = min(hi, value)
        elif value >= b:
            lo = max(lo, value)
        else:
            lo = hi = value
        self.tt[key] = (lo, hi)
        return value

    def _sure(self, leader: int, left: int) -> int:
        """Tricks the leader cashes from the top whatever the others do: his cards above every
        card of the suit outside his hand, in each suit when no opponent holds a trump (a
        partner's ruff loses nothing), else in trumps only."""
        h = self.h
        hand = h[leader]
        trump = self.trump
        if trump >= 0 and (h[(leader + 1) % 4][trump] or h[(leader + 3) % 4][trump]):
            suits: tuple[int, ...] = (trump,)
        else:
            suits = (0, 1, 2, 3)
        count = 0
        for suit in suits:
            mine = hand[suit]
            if not mine:
                continue
            others = (h[0][suit] | h[1][suit] | h[2][suit] | h[3][suit]) ^ mine
            # the leader's cards above the highest card held elsewhere
            count += bin(mine >> others.bit_length()).count("1")
        return min(count, left)

    def _last(self, leader: int) -> int:
        h = self.h
        led = next(s for s in range(4) if h[leader][s])
        win_seat, win_suit, win_bit = leader, led, h[leader][led]
        for step in (1, 2, 3):
            seat = (leader + step) % 4
            hand = h[seat]
            suit = next(s for s in range(4) if hand[s])
            if self._beats(suit, hand[suit], win_suit, win_bit):
                win_seat, win_suit, win_bit = seat, suit, hand[suit]
        return 1 if win_seat % 2 == 0 else 0

    def _moves(self, seat: int, pos: int, led: int, win_seat: int, win_suit: int,
               win_bit: int) -> list[tuple[int, int]]:
        """The cards worth trying, one of each run of equals, the likeliest best first."""
        h = self.h
        hand = h[seat]
        tm = self.tm
        trump = self.trump
        if pos and hand[led]:
            present = h[0][led] | h[1][led] | h[2][led] | h[3][led] | tm[led]
            runs = self._runs(present, hand[led])
            if win_seat % 2 == seat % 2 or win_suit != led:
                return [(led, b) for b in runs]  # partner wins, or the trick is ruffed: low first
            winners = [b for b in runs if b > win_bit]
            if not winners:
                return [(led, b) for b in runs]
            first = winners[0]
            rest = [(led, b) for b in runs if b != first]
            return [(led, first), *rest]
        # on lead, or void in the suit led
        top: list[tuple[int, int]] = []
        low: list[tuple[int, int]] = []
        other: list[tuple[int, int]] = []
        for suit in range(4):
            mask = hand[suit]
            if not mask:
                continue
            present = h[0][suit] | h[1][suit] | h[2][suit] | h[3][suit] | tm[suit]
            runs = self._runs(present, mask)
            if pos == 0:
                if mask >> (present.bit_length() - 1):  # ours is the suit's top card
                    top.append((suit, runs[-1]))
                    low.extend((suit, b) for b in runs[:-1][:1])
                    other.extend((suit, b) for b in runs[1:-1])
                else:
                    low.append((suit, runs[0]))
                    other.extend((suit, b) for b in runs[1:])
            elif suit == trump:
                partner_wins = win_seat % 2 == seat % 2
                beat = [b for b in runs if win_suit != trump or b > win_bit]
                if beat and not partner_wins:
                    top.append((suit, beat[0]))
                    other.extend((suit, b) for b in runs if b != beat[0])
                else:
                    other.extend((suit, b) for b in runs)
            else:
                low.append((suit, runs[0]))
                other.extend((suit, b) for b in runs[1:])
        return top + low + other

    def _node(self, seat: int, pos: int, led: int, win_seat: int, win_suit: int, win_bit: int,
              left: int, alpha: int, beta: int) -> int:
        """North-South's tricks from here, ``seat`` to play the ``pos``-th card of the trick."""
        hand = self.h[seat]
        tm = self.tm
        maximise = seat % 2 == 0
        best = -1 if maximise else left + 1
        for suit, bit in self._moves(seat, pos, led, win_seat, win_suit, win_bit):
            hand[suit] ^= bit
            if pos == 0:
                nw_seat, nw_suit, nw_bit, nled = seat, suit, bit, suit
            elif self._beats(suit, bit, win_suit, win_bit):
                nw_seat, nw_suit, nw_bit, nled = seat, suit, bit, led
            else:
                nw_seat, nw_suit, nw_bit, nled = win_seat, win_suit, win_bit, led
            if pos == 3:
                won = 1 if nw_seat % 2 == 0 else 0
                saved = tm[:]
                tm[0] = tm[1] = tm[2] = tm[3] = 0
                value = won + self._trick(nw_seat, left - 1, alpha - won, beta - won)
                tm[:] = saved
            else:
                tm[suit] |= bit
                value = self._node((seat + 1) % 4, pos + 1, nled, nw_seat, nw_suit, nw_bit,
                                   left, alpha, beta)
                tm[suit] ^= bit
            hand[suit] ^= bit
            if maximise:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best
