"""Playing out the cards left at a claim or concession, as Laws 69-71 ask the director to.

The director rules on a claim from the position at the moment it was made, with every hand face
up (70B2): the claimer's side follows its statement, each choice the statement leaves open goes
against it among *normal* plays (careless or inferior for the class of player, not irrational:
the footnote to Laws 69-71), and the other side plays to the claimer's worst outcome. This module
computes those numbers on the cards; ``law69``-``law71`` decide which one a ruling uses.

What "normal" means to the engine:

* the *restricted* side (the claimer's, or the side that conceded or acquiesced) chooses only
  among a small class of plays: on lead, a master card of any suit (a card no opponent can beat
  in its suit; one card per run of equals) or a low card towards a master in partner's hand,
  and only when there is neither, the lowest card of each suit; following suit, the cheapest
  card that wins the trick for sure (no opponent still to play can beat it) when it holds one
  and partner's card is not already a sure winner, else the lowest card: never a finesse (a
  card that wins only if an opponent still to play lacks a higher one), no ducking of an
  opponent's card with a sure winner (irrational after a claim) and no overtaking of partner's
  sure winner; void, a discard (the lowest card of a suit, a master only when every suit is a
  master) or a ruff: the lowest trump or the cheapest sure one, and in the ``careful`` reading
  only the sure one when there is one (ruffing low because the overruff is not there is a guess
  at the lie of the cards, 70E);
* the other side may play any legal card (one card per run of equals, the usual double-dummy
  reduction: cards adjacent among those still out are worth the same);
* the statement (``Claimed.plan`` tokens) is followed wherever it can be: a named card is played
  as soon as it is legal for its hand and, when that hand follows to a trick, wins it at that
  moment or falls under partner's winning card (a stated finesse is taken when the opponent
  before it plays low; when he covers, the named card waits its turn); ``S*`` leads the suit
  from the top while the hand on lead holds it; ``trumps`` leads trumps from the top while an
  opponent holds one; ``rest`` says the remaining cards are winners and constrains nothing.

How the search is bounded (its cost):

* it is a minimax over positions with an alpha-beta window (the worst reading minimises at every
  node; ``careful`` maximises at the restricted side's nodes), memoised at the start of each
  trick with the bounds found for it (within a trick nothing transposes);
* up to :data:`MAX_TRICKS_SEARCHED` (6) tricks left it is exact: every card of the other side,
  every normal play of the restricted side. The generator's claims are made with 3 to 6 tricks
  left (``recipes.CLAIM_MOST``). Measured (CPU time, endplay loaded): the 22 claim cases take
  at most about 80 ms each (``benchmarks/bench_claims.py``); the 60 claims of ``tdcourse
  generate --count 60 --seed 5 --topics claims`` at most 120 ms each, the whole case ruled;
  ``worst`` plus ``careful`` on random 6-card hands up to about 170 ms;
* past 6 tricks (hand-written cases only) the other side is held to its highest and lowest card
  of each suit, not exact, and not fast either: about 0.1-1 s for 7 tricks, 1-6 s for 8; the
  restricted side's choices are the normal plays above in every case.

``worst`` is the minimum over the restricted side's normal plays and the other side's plays
(everything goes against the restricted side); ``careful`` lets the restricted side pick its
best normal play (what it makes when it plays its line well, still without finesses);
``double_dummy`` is the unrestricted value: endplay's solver when it can be imported (the
command line), else :mod:`generator.laws.doubledummy`'s pure-Python one, which gives the same
numbers (the ruling assistant page runs the engine in Pyodide, where endplay does not exist).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec

from generator.model.cards import Card, Rank, Suit
from generator.model.seat import SEATS, Seat

#: Beyond this many tricks left the other side's cards are cut to the highest and the lowest of
#: each suit (see the module docstring); up to it the search tries every card.
MAX_TRICKS_SEARCHED = 6

#: Whether :func:`double_dummy` asks endplay's solver (a C extension, installed with the command
#: line) rather than :mod:`generator.laws.doubledummy` (pure Python, for the browser, where endplay
#: is absent). Looked up without importing endplay; tests set it to rule with the fallback.
def _endplay_found() -> bool:
    try:
        return find_spec("endplay") is not None
    except (ImportError, ValueError):  # a finder that refuses it, or a half-imported module
        return False


USE_ENDPLAY: bool = _endplay_found()

#: plan tokens: a card (``SA``), a suit cashed from the top (``S*``), ``trumps``, ``rest``
TRUMPS = "trumps"
REST = "rest"

_SUITS: tuple[Suit, ...] = (Suit.C, Suit.D, Suit.H, Suit.S)
_RANKS: tuple[Rank, ...] = tuple(Rank)

# a hand: one 13-bit mask per suit (clubs first), bit r-2 for rank r
Hand = tuple[int, int, int, int]
Play = tuple[int, int]  # (suit index, rank bit)


def plan_tokens_valid(token: str) -> bool:
    """Whether ``token`` is one of the plan's words: a card, ``X*``, ``trumps`` or ``rest``."""
    word = token.strip()
    if word.lower() in (TRUMPS, REST):
        return True
    if len(word) == 2 and word[1] == "*" and word[0].upper() in "CDHS":
        return True
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


def _bit(card: Card) -> Play:
    return _SUITS.index(card.suit), 1 << (card.rank.order - 2)


def _card(play: Play) -> Card:
    suit, bit = play
    return Card(_SUITS[suit], _RANKS[bit.bit_length() - 1])


def _high(mask: int) -> int:
    return 1 << (mask.bit_length() - 1) if mask else 0


def _low(mask: int) -> int:
    return mask & -mask


@dataclass(frozen=True)
class Position:
    """The cards still to be played at the claim: each seat's hand, the seat on lead (or the
    leader of the trick in progress and its cards so far), and the trump suit (``None``: NT)."""

    hands: Mapping[Seat, Iterable[Card]]
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    trump: Suit | None

    @property
    def tricks_left(self) -> int:
        return max(len(list(h)) for h in self.hands.values()) + (1 if self.trick else 0) \
            - (1 if self.trick and all(len(list(self.hands[s])) == 0 for s in SEATS) else 0)


def _parse_plan(plan: tuple[str, ...], trump: int | None) -> tuple[tuple[str, int, int], ...]:
    """Plan tokens as (what, suit, bit): ``card``, ``suit``, ``trumps``, ``rest``."""
    out: list[tuple[str, int, int]] = []
    for token in plan:
        word = token.strip()
        if word.lower() == TRUMPS:
            out.append(("trumps", -1 if trump is None else trump, 0))
        elif word.lower() == REST:
            out.append(("rest", -1, 0))
        elif word.endswith("*"):
            out.append(("suit", _SUITS.index(Suit.parse(word[0])), 0))
        else:
            suit, bit = _bit(Card.parse(word))
            out.append(("card", suit, bit))
    return tuple(out)


def mentions_trumps(plan: tuple[str, ...] | None, trump: Suit | None) -> bool:
    """Whether a statement deals with the trumps: ``trumps``, a trump card or ``T*``."""
    if trump is None or not plan:
        return False
    for token in plan:
        word = token.strip()
        if word.lower() == TRUMPS or (word and word[0].upper() == trump.value
                                      and len(word) == 2 and word.lower() not in (REST,)):
            return True
    return False


class _Search:
    """One search: the restricted side, the plan, and whether it plays its worst or its best."""

    def __init__(self, position: Position, side: int, plan: tuple[str, ...] | None,
                 careful: bool) -> None:
        self.trump = None if position.trump is None else _SUITS.index(position.trump)
        self.side = side  # 0: N-S, 1: E-W (seat index parity)
        self.plan = _parse_plan(plan or (), self.trump)
        self.careful = careful
        self.memo: dict[tuple[object, ...], tuple[int, int]] = {}
        #: past :data:`MAX_TRICKS_SEARCHED`, the other side plays the highest or the lowest
        #: card it may of each suit (see the module docstring)
        self.wide = False

    # ------------------------------------------------------------------ cards
    def _beats(self, a: Play, b: Play, led: int) -> bool:
        """Whether ``a`` beats ``b`` in a trick led in suit ``led``."""
        if a[0] == b[0]:
            return a[1] > b[1]
        if a[0] == self.trump:
            return True
        return False if b[0] == self.trump else (a[0] == led and b[0] != led)

    def _winner(self, trick: tuple[tuple[int, Play], ...]) -> tuple[int, Play]:
        led = trick[0][1][0]
        best = trick[0]
        for entry in trick[1:]:
            if self._beats(entry[1], best[1], led):
                best = entry
        return best

    @staticmethod
    def _legal(hand: Hand, led: int | None) -> list[Play]:
        if led is not None and hand[led]:
            suits: Iterable[int] = (led,)
        else:
            suits = range(4)
        out = []
        for s in suits:
            m = hand[s]
            while m:
                b = m & -m
                out.append((s, b))
                m ^= b
        return out

    @staticmethod
    def _reduce(cards: list[Play], hand: Hand, out_masks: list[int]) -> list[Play]:
        """One card per run of equals: cards of one hand adjacent among the cards still out
        (all hands and the trick in progress) win and lose alike."""
        keep: list[Play] = []
        for s, b in cards:
            if keep and keep[-1][0] == s:
                lo = keep[-1][1]
                between = out_masks[s] & ~hand[s] & (b - 1) & ~((lo << 1) - 1)
                if not between:
                    continue
            keep.append((s, b))
        return keep

    def _sure(self, card: Play, seat: int, hands: tuple[Hand, ...],
              trick: tuple[tuple[int, Play], ...]) -> bool:
        """Whether ``card`` played now by ``seat`` wins the trick without a guess: it beats the
        cards played, and (unless it is the last card) every card of its suit either opponent
        still holds, and no opponent still to play can ruff it. Which opponent holds a card is
        not used: a card that wins only because a higher one lies with the player who has
        already played is a finesse (70E)."""
        led = trick[0][1][0] if trick else card[0]
        if trick and not self._beats(card, self._winner(trick)[1], led):
            return False
        if len(trick) == 3:
            return True
        s, b = card
        if any(_high(hands[o][s]) > b for o in ((seat + 1) % 4, (seat + 3) % 4)):
            return False
        for k in range(1, 4 - len(trick)):
            other = (seat + k) % 4
            if other % 2 == seat % 2:
                continue
            h = hands[other]
            if not h[led] and self.trump is not None and h[self.trump] and \
                    (s != self.trump or _high(h[self.trump]) > b):
                return False
        return True

    def _master(self, card: Play, seat: int, hands: tuple[Hand, ...]) -> bool:
        s, b = card
        return all(_high(hands[o][s]) < b for o in ((seat + 1) % 4, (seat + 3) % 4))

    def _normal(self, seat: int, hands: tuple[Hand, ...],
                trick: tuple[tuple[int, Play], ...]) -> list[Play]:
        hand = hands[seat]
        partner = (seat + 2) % 4
        if not trick:
            masters = [c for c in self._legal(hand, None) if self._master(c, seat, hands)]
            cross = []
            for s in range(4):
                low = _low(hand[s])
                if low and not self._master((s, low), seat, hands) and hands[partner][s] and \
                        self._master((s, _high(hands[partner][s])), partner, hands):
                    cross.append((s, low))
            moves = masters + cross
            if not moves:
                moves = [(s, _low(hand[s])) for s in range(4) if hand[s]]
            return moves
        led = trick[0][1][0]
        win_seat = self._winner(trick)[0]
        partner_sure = win_seat == partner and self._sure_standing(trick, hands)
        if hand[led]:
            bottom = (led, _low(hand[led]))
            sure: Play | None = None
            if not partner_sure:
                m = hand[led]
                while m:
                    b = m & -m
                    if self._sure((led, b), seat, hands, trick):
                        sure = (led, b)
                        break
                    m ^= b
            if sure is not None and sure != bottom:
                # the low card would win only as a finesse (not unless stated), or would let
                # an opponent's card win when a sure winner is held: a claimer who said his
                # cards were good does not duck it, which would be irrational, not careless
                return [sure]
            return [bottom]
        discards = [(s, _low(hand[s])) for s in range(4)
                    if hand[s] and s != self.trump
                    and not self._master((s, _low(hand[s])), seat, hands)]
        can_ruff = self.trump is not None and bool(hand[self.trump])
        if not discards and (partner_sure or not can_ruff):
            # a winner is thrown away only when nothing else can be played: with a trump to
            # ruff an opponent's trick, discarding a winner would be irrational, not careless
            discards = [(s, _low(hand[s])) for s in range(4) if hand[s] and s != self.trump]
        moves = list(discards)
        if self.trump is not None and hand[self.trump] and (not partner_sure or not discards):
            sure_ruff: Play | None = None
            m = hand[self.trump]
            while m:
                b = m & -m
                if self._sure((self.trump, b), seat, hands, trick):
                    sure_ruff = (self.trump, b)
                    break
                m ^= b
            # a low ruff that an opponent may overruff is a careless play (worst reading), but
            # choosing it because the overruff is not there is a guess at the lie (70E): the
            # careful line ruffs with a sure trump when it has one
            if sure_ruff is None or not self.careful:
                moves.append((self.trump, _low(hand[self.trump])))
            if sure_ruff is not None:
                moves.append(sure_ruff)
        return moves

    def _sure_standing(self, trick: tuple[tuple[int, Play], ...],
                       hands: tuple[Hand, ...]) -> bool:
        """Whether the card now winning the trick still wins whatever is to come."""
        win_seat, card = self._winner(trick)
        led = trick[0][1][0]
        for k in range(len(trick), 4):
            other = (trick[0][0] + k) % 4
            if other % 2 == win_seat % 2:
                continue
            h = hands[other]
            if h[led]:
                if card[0] == led and _high(h[led]) > card[1]:
                    return False
            elif self.trump is not None and h[self.trump] and (
                    card[0] != self.trump or _high(h[self.trump]) > card[1]):
                return False
        return True

    # ------------------------------------------------------------------ the plan
    def _planned(self, seat: int, hands: tuple[Hand, ...], trick: tuple[tuple[int, Play], ...],
                 step: int) -> tuple[list[Play] | None, int]:
        """The play the statement calls for now (``None``: it leaves this play open), and the
        plan step that follows."""
        hand = hands[seat]
        led = trick[0][1][0] if trick else None
        legal = self._legal(hand, led)
        while step < len(self.plan):
            what, suit, bit = self.plan[step]
            if what == "rest":
                return None, step
            if what == "card":
                if (suit, bit) in legal and self._may_play_named((suit, bit), seat, trick):
                    return [(suit, bit)], step + 1
                if not any(hands[o][suit] & bit for o in range(4)):
                    step += 1  # already gone (played by partner's hand to an earlier trick)
                    continue
                return None, step
            if what == "trumps":
                opponents_hold = suit >= 0 and any(hands[o][suit] for o in range(4)
                                                   if o % 2 != self.side)
                if not opponents_hold:
                    step += 1
                    continue
                if led is None and hand[suit]:
                    return [(suit, _high(hand[suit]))], step
                return None, step
            # a suit cashed from the top
            if not (hands[seat][suit] | hands[(seat + 2) % 4][suit]):
                step += 1
                continue
            if led is None:
                if hand[suit]:
                    return [(suit, _high(hand[suit]))], step
                step += 1
                continue
            return None, step
        return None, step

    def _may_play_named(self, card: Play, seat: int,
                        trick: tuple[tuple[int, Play], ...]) -> bool:
        """Whether a card the statement names is played now: on lead always; following, only
        when it wins the trick at that moment or partner's card is winning it (an unblocking
        card). "Low to the queen" is a finesse: the queen goes on when the opponent before it
        plays low, and when he covers it waits (the hand plays normally, usually the ace over
        the king) and comes later in its turn."""
        if not trick:
            return True
        win_seat, win_card = self._winner(trick)
        return win_seat % 2 == seat % 2 or self._beats(card, win_card, trick[0][1][0])

    # ------------------------------------------------------------------ search
    def value(self, hands: tuple[Hand, ...], leader: int,
              trick: tuple[tuple[int, Play], ...], step: int, alpha: int, beta: int) -> int:
        """The restricted side's tricks from here: the least over every play of both sides
        (the worst reading), or the restricted side's best normal play against the other
        side's best (``careful``), searched with an alpha-beta window: a result inside
        (``alpha``, ``beta``) is exact, one at or below ``alpha`` an upper bound, one at or
        above ``beta`` a lower bound. The start of each trick is memoised with the bounds
        known for it (within a trick the cards played name the path, nothing transposes)."""
        key: tuple[object, ...] = ()
        if not trick:
            left = sum(bin(m).count("1") for m in hands[leader])
            if left == 0 or beta <= 0:
                return 0
            if alpha >= left:
                return left
            key = (hands, leader, step)
            low, high = self.memo.get(key, (0, left))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low - 1), min(beta, high + 1)
        seat = (leader + len(trick)) % 4
        led = trick[0][1][0] if trick else None
        mine = seat % 2 == self.side
        if mine:
            planned, nstep = self._planned(seat, hands, trick, step)
            moves = planned if planned is not None else self._normal(seat, hands, trick)
        else:
            nstep = step
            out = self._out_masks(hands, trick)
            moves = self._reduce(self._legal(hands[seat], led), hands[seat], out)
            if self.wide:
                moves = _high_low(moves)
            moves.reverse()  # high cards first: they settle a trick soonest (the cut-offs)
        maximise = mine and self.careful
        a, b_ = alpha, beta
        best = -1 if maximise else 14
        for move in dict.fromkeys(moves):
            s, bit = move
            old = hands[seat]
            hand: Hand = (old[0] ^ bit if s == 0 else old[0],
                          old[1] ^ bit if s == 1 else old[1],
                          old[2] ^ bit if s == 2 else old[2],
                          old[3] ^ bit if s == 3 else old[3])
            new_hands = (*hands[:seat], hand, *hands[seat + 1:])
            new_trick = (*trick, (seat, move))
            if len(new_trick) == 4:
                winner = self._winner(new_trick)[0]
                won = 1 if winner % 2 == self.side else 0
                got = won + self.value(new_hands, winner, (), nstep, a - won, b_ - won)
            else:
                got = self.value(new_hands, leader, new_trick, nstep, a, b_)
            if maximise:
                best = max(best, got)
                a = max(a, got)
            else:
                best = min(best, got)
                b_ = min(b_, got)
            if a >= b_:
                break
        if key:
            low, high = self.memo.get(key, (0, 13))
            if best <= alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            self.memo[key] = (low, high)
        return best

    @staticmethod
    def _out_masks(hands: tuple[Hand, ...], trick: tuple[tuple[int, Play], ...]) -> list[int]:
        out = [hands[0][s] | hands[1][s] | hands[2][s] | hands[3][s] for s in range(4)]
        for _, (s, b) in trick:
            out[s] |= b
        return out


def _high_low(moves: list[Play]) -> list[Play]:
    """The highest and the lowest of the moves in each suit."""
    out: list[Play] = []
    for s in range(4):
        mine = [m for m in moves if m[0] == s]
        if mine:
            out.extend(dict.fromkeys((mine[0], mine[-1])))
    return out


def _start(position: Position) -> tuple[tuple[Hand, ...], int, tuple[tuple[int, Play], ...]]:
    hands: list[Hand] = []
    for seat in SEATS:
        masks = [0, 0, 0, 0]
        for card in position.hands[seat]:
            s, b = _bit(card)
            masks[s] |= b
        hands.append((masks[0], masks[1], masks[2], masks[3]))
    trick = tuple((seat.index, _bit(card)) for seat, card in position.trick)
    return tuple(hands), position.leader.index, trick


def worst(position: Position, side_seat: Seat, plan: tuple[str, ...] | None = None) -> int:
    """Tricks the side of ``side_seat`` takes when its every open choice among normal plays
    goes against it and the other side plays to its worst outcome (claimer-worst reading)."""
    return _run(position, side_seat, plan, careful=False)


def careful(position: Position, side_seat: Seat, plan: tuple[str, ...] | None = None) -> int:
    """Tricks the side of ``side_seat`` takes choosing its best normal plays (no finesse) against
    the best defence."""
    return _run(position, side_seat, plan, careful=True)


def _run(position: Position, side_seat: Seat, plan: tuple[str, ...] | None,
         careful: bool) -> int:
    hands, leader, trick = _start(position)
    search = _Search(position, side_seat.index % 2, plan, careful)
    left = max(len(list(h)) for h in position.hands.values()) + (1 if trick else 0)
    search.wide = left > MAX_TRICKS_SEARCHED
    return search.value(hands, leader, trick, 0, -1, left + 1)


def double_dummy(position: Position, side_seat: Seat) -> int:
    """Tricks the side of ``side_seat`` takes with best play by everyone: endplay's solver when
    :data:`USE_ENDPLAY` (and it imports), else the pure-Python one, which agrees with it."""
    if USE_ENDPLAY:
        try:
            return _double_dummy(_key(position), side_seat.index % 2)
        except ImportError:  # found but not loadable (a broken C extension): solve in Python
            pass
    hands, leader, trick = _start(position)
    trump = None if position.trump is None else _SUITS.index(position.trump)
    return _pure_double_dummy(hands, leader, trick, trump, side_seat.index % 2)


@lru_cache(maxsize=256)
def _pure_double_dummy(hands: tuple[Hand, ...], leader: int, trick: tuple[tuple[int, Play], ...],
                       trump: int | None, side: int) -> int:
    from generator.laws import doubledummy

    return doubledummy.tricks(hands, leader, trick, trump, side)


def _key(position: Position) -> tuple[str, str, str, str | None]:
    hands = " ".join(".".join("".join(c.rank.value for c in sorted(
        (c for c in position.hands[seat] if c.suit is suit), key=lambda c: -c.rank.order))
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C)) for seat in SEATS)
    trick = " ".join(f"{s}{c}" for s, c in position.trick)
    return hands, str(position.leader), trick, None if position.trump is None else \
        position.trump.value


@lru_cache(maxsize=256)
def _double_dummy(key: tuple[str, str, str, str | None], side: int) -> int:
    from endplay.dds import solve_board
    from endplay.types import Card as EPCard
    from endplay.types import Deal, Denom, Player

    hands, leader, trick, trump = key
    # endplay's PBN wants every hand the same length: the trick in progress goes back first
    played = [(Seat.parse(t[0]), t[1:]) for t in trick.split()]
    lists = {seat: hand for seat, hand in zip(SEATS, hands.split(" "), strict=True)}
    if played:
        suits = {seat: dict(zip("SHDC", lists[seat].split("."), strict=True)) for seat in SEATS}
        for seat, card in played:
            suits[seat][card[0]] = card[1] + suits[seat][card[0]]
        lists = {seat: ".".join(suits[seat][s] for s in "SHDC") for seat in SEATS}
    deal = Deal("N:" + " ".join(lists[s] for s in SEATS))
    deal.first = Player.find(leader)
    deal.trump = Denom.nt if trump is None else Denom.find(trump)
    for _, card in played:
        deal.play(EPCard(card))
    seat_to_play = Seat.parse(leader).offset(len(played))
    result = solve_board(deal)
    best = max(t for _, t in result)
    # solve_board counts the tricks of the side to play, the trick in progress included
    total = len(lists[Seat.N].replace(".", ""))
    return best if seat_to_play.index % 2 == side else total - best
