"""Card play a club player would recognise, so that the tricks before an irregularity make sense.

The players look only at what a player at the table sees: his own hand, dummy once it is faced
(declarer also sees his partner's hand, since it is dummy), and the cards played so far. From
that they tell whether a card is a *master* (every higher card of its suit is played or in a hand
the player sees on his side) and which cards are *equals* (only played or own cards between them).

* Opening lead: from partner's bid suit; otherwise top of a sequence, else fourth best of the
  longest suit the opponents have not bid (against a suit contract, not away from an ace); a
  trump only when nothing else is left (so never a singleton trump).
* Second hand low (a defender covers an honour led by declarer's side with a higher honour;
  declarer's side wins with a master when the partner to play fourth cannot win the trick).
* Third hand high, the cheapest of equals, unless partner's card is sure to win.
* Fourth hand wins as cheaply as it can, or plays low when it cannot.
* Nobody overtakes partner's sure winner; a void player ruffs (overruffs when he can, with his
  cheapest sufficient trump) when an opponent is winning, and otherwise discards from a suit with
  no winners: never a master card or a card that guards an honour while a small card elsewhere is
  available.
* Declarer draws trumps while his side holds more of them than the opponents, cashes his masters
  and leads towards his partner's honours, else establishes his longest suit.
* A defender on lead returns his partner's suit, cashes his masters, else leads as at trick one.

Double-dummy analysis was measured and rejected for per-card use: one ``calc_dd_table`` costs
more than a whole scenario (benchmarks/bench_generate.py), so the heuristics above stay single
dummy and cheap (tests/scenarios/test_scn_play_realism.py measures them against double dummy).

Every choice is among the cards the player may play under the rulings in force (penalty cards,
lead restrictions, declarer's choices after a premature play): those duties are asked of the
table's own constraint objects, so the generator cannot drift from the engine. The choice uses
no randomness: the same table gives the same card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from generator.model.calls import Bid
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.state import Table

#: Touching honours that make a lead "top of a sequence".
HONOUR_SEQUENCES = ("AK", "KQ", "QJ", "JT")
ACE = 14
JACK = 11


def allowed_cards(table: Table, seat: Seat) -> list[Card]:
    """Legal cards that break none of the duties in force (asking a duty changes nothing)."""
    legal = table.legal_cards(seat)
    lead = table.leading
    if not table.constraints:
        return legal
    fine = [c for c in legal
            if all(duty.check(table, seat, c, lead, -1) is None for duty in table.constraints)]
    return fine or legal


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank.order, c.suit.order))


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank.order, -c.suit.order))


def _by_suit(cards: Iterable[Card]) -> dict[Suit, list[Card]]:
    """Cards per suit, highest first (suits in the order first met: callers sort them)."""
    out: dict[Suit, list[Card]] = {}
    for card in sorted(cards, key=lambda c: (-c.suit.order, -c.rank.order)):
        out.setdefault(card.suit, []).append(card)
    return out


def _letters(holding: Sequence[Card]) -> str:
    return "".join(str(c.rank) for c in holding)


# ------------------------------------------------------------------------------ opening lead
def _lead_from(holding: Sequence[Card], partners: bool = False) -> Card:
    """The card led from one suit (highest first): top of a sequence; from partner's suit the
    top of a doubleton or of nothing, else low; otherwise fourth best, the lowest of three or
    fewer with an honour, the top of three small."""
    letters = _letters(holding)
    if len(holding) <= 2 or any(letters.startswith(seq) for seq in HONOUR_SEQUENCES):
        return holding[0]
    has_honour = holding[0].rank.order >= JACK
    if partners:
        return holding[-1] if has_honour else holding[0]
    if len(holding) >= 4:
        return holding[3]
    return holding[-1] if has_honour else holding[0]


def opening_lead(cards: list[Card], trump: Suit | None,
                 partner_suits: Sequence[Suit] = (), their_suits: Sequence[Suit] = ()) -> Card:
    """The opening lead from ``cards`` (the cards the leader may lead).

    Partner's bid suit first (the last one he bid that the leader holds); else, against a suit
    contract, a suit headed by touching honours; else the longest suit the opponents did not bid
    (against a suit contract one not headed by an unsupported ace), fourth best or top of a
    sequence. A trump is led only from a hand of trumps."""
    by_suit = _by_suit(cards)
    plain = [s for s in by_suit if s is not trump]
    if not plain:
        return by_suit[min(by_suit, key=lambda s: s.order)][-1]
    for suit in reversed(partner_suits):
        if suit in plain:
            holding = by_suit[suit]
            if trump is not None and holding[0].rank.order == ACE:
                return holding[0]  # against a suit contract the ace is not underled
            return _lead_from(holding, partners=True)
    unbid = [s for s in plain if s not in their_suits] or plain
    if trump is not None:
        sequences = [s for s in unbid if any(_letters(by_suit[s]).startswith(q)
                                             for q in HONOUR_SEQUENCES)]
        if sequences:
            return by_suit[max(sequences, key=lambda s: (len(by_suit[s]), s.order))][0]
        no_ace = [s for s in unbid if by_suit[s][0].rank.order != ACE]
        unbid = no_ace or unbid
    suit = max(unbid, key=lambda s: (len(by_suit[s]), by_suit[s][0].rank.order, s.order))
    return _lead_from(by_suit[suit])


# ------------------------------------------------------------------------------ what a player sees
class _View:
    """What ``seat`` knows when he plays: his cards, the hand he sees on his side, the played
    cards; and the questions a player asks of them."""

    def __init__(self, table: Table, seat: Seat) -> None:
        assert table.contract is not None and table.declarer is not None
        self.table = table
        self.seat = seat
        self.trump = table.contract.strain.suit
        self.declaring = seat.side is table.declarer.side
        self.hand = table.remaining(seat) or set()
        dummy = table.dummy
        #: partner's hand when the player sees it (declarer and dummy see each other's)
        self.partner_hand: set[Card] = (table.remaining(seat.partner) or set()) \
            if self.declaring else set()
        #: dummy's remaining cards when dummy is an opponent (a defender sees them once faced)
        self.dummy_hand: set[Card] = set()
        if not self.declaring and dummy is not None:  # faced once the opening lead is made
            self.dummy_hand = table.remaining(dummy) or set()
        gone: dict[Suit, set[int]] = {s: set() for s in Suit}
        for card in table.gone:
            gone[card.suit].add(card.rank.order)
        self.gone = gone
        ours: dict[Suit, set[int]] = {s: set() for s in Suit}
        for card in (*self.hand, *self.partner_hand):
            ours[card.suit].add(card.rank.order)
        self.ours = ours
        #: ranks played or on the player's side: the others may be in an opponent's hand
        self.side_known = {s: gone[s] | ours[s] for s in Suit}
        known = {s: set(v) for s, v in self.side_known.items()}
        for card in self.dummy_hand:
            known[card.suit].add(card.rank.order)
        #: ranks the player has seen (played, his side's, dummy's)
        self.known = known

    def unseen_above(self, card: Card, seen: dict[Suit, set[int]] | None = None) -> bool:
        """Whether a higher card of the suit may be in a hand the player does not see."""
        known = (seen or self.known)[card.suit]
        return any(order not in known for order in range(card.rank.order + 1, ACE + 1))

    def is_master(self, card: Card) -> bool:
        """No higher card of the suit is left in an opponent's hand, as far as the player knows
        (a defender does not know his partner's cards, so he counts them as possibly declarer's)."""
        side = self.side_known[card.suit]
        return all(order in side for order in range(card.rank.order + 1, ACE + 1))

    def cheapest_equal(self, card: Card, hand: Iterable[Card], floor: int = 1) -> Card:
        """The lowest card of ``hand`` worth as much as ``card``: every rank between them is
        played or on the player's side (and above ``floor``, the rank it must beat)."""
        own = {c.rank.order: c for c in hand if c.suit is card.suit}
        side = self.side_known[card.suit]
        best = card
        for order in range(card.rank.order - 1, max(floor, 1), -1):
            if order in own:
                best = own[order]
            elif order not in side:
                break
        return best

    def outstanding_trumps(self) -> int:
        """Trumps neither played nor in declarer's two hands (asked by declarer's side)."""
        if self.trump is None:
            return 0
        return 13 - len(self.side_known[self.trump])


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    """Whether ``card`` played now beats ``top``, the card winning the trick so far."""
    if card.suit is top.suit:
        return card.rank.order > top.rank.order
    return trump is not None and card.suit is trump


def _trick_top(plays: Sequence[tuple[Seat, Card]], trump: Suit | None) -> tuple[Seat, Card]:
    led = plays[0][1].suit
    trumps = [(s, c) for s, c in plays if trump is not None and c.suit is trump]
    return max(trumps or [(s, c) for s, c in plays if c.suit is led],
               key=lambda sc: sc[1].rank.order)


# ------------------------------------------------------------------------------ the choice
def choose_card(table: Table, seat: Seat, rng: random.Random | None = None) -> Card:
    """The card ``seat`` plays now (declarer chooses for dummy). ``rng`` is accepted for the
    callers' sake; the choice does not need it."""
    cards = allowed_cards(table, seat)
    if len(cards) == 1:
        return cards[0]
    assert table.contract is not None
    trump = table.contract.strain.suit
    if table.leading:
        if not table.tricks:
            partner_suits, their_suits = bid_suits(table, seat)
            return opening_lead(cards, trump, partner_suits, their_suits)
        view = _View(table, seat)
        return _declarer_lead(view, cards) if view.declaring else _defender_lead(view, cards)
    return _follow(_View(table, seat), cards)


def bid_suits(table: Table, seat: Seat) -> tuple[list[Suit], list[Suit]]:
    """The suits ``seat``'s partner bid, and those the opponents bid, in the order bid."""
    partner: list[Suit] = []
    theirs: list[Suit] = []
    for who, call in table.standing():
        suit = call.strain.suit if isinstance(call, Bid) else None
        if suit is None or (who.side is seat.side and who is not seat.partner):
            continue
        target = partner if who is seat.partner else theirs
        if suit not in target:
            target.append(suit)
    return partner, theirs


def _declarer_lead(view: _View, cards: list[Card]) -> Card:
    """Draw trumps, cash masters, lead towards partner's honours, else knock out the top cards
    of the longest suit."""
    trump = view.trump
    mine = _by_suit(cards)
    partner = _by_suit(view.partner_hand)
    if trump is not None and trump in mine:
        out = view.outstanding_trumps()
        if 0 < out < len(view.ours[trump]):
            trumps = mine[trump]
            masters = [c for c in trumps if view.is_master(c)]
            if masters:
                return view.cheapest_equal(masters[0], trumps)
            theirs = partner.get(trump, [])
            if theirs and theirs[0].rank > trumps[0].rank:
                return trumps[-1]  # towards partner's trumps
            return view.cheapest_equal(trumps[0], trumps)
    cashing = [s for s in mine if s is not trump and view.is_master(mine[s][0])]
    if cashing:
        # unblock: cash first in the suit where this hand is the shorter
        suit = min(cashing, key=lambda s: (len(mine[s]) > len(partner.get(s, ())), -s.order))
        return view.cheapest_equal(mine[suit][0], mine[suit])
    towards = [s for s in mine if s is not trump and s in partner
               and partner[s][0].rank.order >= JACK and len(partner[s]) >= 2
               and mine[s][0].rank < partner[s][0].rank]
    if towards:
        suit = max(towards, key=lambda s: (partner[s][0].rank.order, s.order))
        return mine[suit][-1]
    plain = [s for s in mine if s is not trump] or list(mine)
    suit = max(plain, key=lambda s: (len(mine[s]) + len(partner.get(s, ())), s.order))
    holding = mine[suit]
    if any(_letters(holding).startswith(q) for q in HONOUR_SEQUENCES):
        return holding[0]
    return holding[-1]


def _defender_lead(view: _View, cards: list[Card]) -> Card:
    """Partner's suit back, masters cashed, else a lead as at trick one (no trump if avoidable)."""
    table = view.table
    trump = view.trump
    mine = _by_suit(cards)
    partner_led = [t.plays[0][1].suit for t in table.tricks
                   if t.plays and t.plays[0][0] is view.seat.partner]
    for suit in partner_led:
        if suit in mine and suit is not trump:
            holding = mine[suit]
            if view.is_master(holding[0]):
                return view.cheapest_equal(holding[0], holding)
            return holding[0] if len(holding) <= 2 else holding[-1]
    masters = [s for s in mine if s is not trump and view.is_master(mine[s][0])]
    if masters:
        suit = max(masters, key=lambda s: (len(mine[s]), s.order))
        return view.cheapest_equal(mine[suit][0], mine[suit])
    partner_suits, their_suits = bid_suits(table, view.seat)
    return opening_lead(cards, trump, partner_suits, their_suits)


def _partner_sure(view: _View, plays: Sequence[tuple[Seat, Card]], top_seat: Seat,
                  top: Card) -> bool:
    """Whether partner's winning card is sure to take the trick: no player still to play can
    beat it as far as ``seat`` can tell (he sees dummy; a hidden hand may hold any unseen card,
    but is not assumed void)."""
    if top_seat is not view.seat.partner:
        return False
    if len(plays) == 3:
        return True
    fourth = view.seat.lho
    table = view.table
    led = plays[0][1].suit
    if fourth is table.dummy:  # a defender sees dummy, who plays last
        hand = table.remaining(fourth) or set()
        follow = [c for c in hand if c.suit is led]
        if follow:
            return not any(_beats(c, top, view.trump) for c in follow)
        return not any(_beats(c, top, view.trump) for c in hand) if view.trump else True
    return not view.unseen_above(top)  # a hidden hand may hold any unseen higher card


def _follow(view: _View, cards: list[Card]) -> Card:
    table = view.table
    current = table.current
    assert current is not None
    plays = current.plays
    trump = view.trump
    led = plays[0][1].suit
    top_seat, top = _trick_top(plays, trump)
    position = len(plays)
    partner_wins = top_seat is view.seat.partner
    sure = partner_wins and _partner_sure(view, plays, top_seat, top)
    followers = [c for c in cards if c.suit is led]
    beaters = sorted((c for c in cards if _beats(c, top, trump)), key=lambda c: c.rank.order)
    if followers:
        low = _lowest(followers)
        if sure or (partner_wins and position == 3):
            return low
        if position == 1:
            return _second_hand(view, followers, beaters, plays, top)
        if position == 2:
            return _third_hand(view, followers, beaters, partner_wins, top) or low
        return beaters[0] if beaters else low
    # void in the suit led
    ruffs = [c for c in beaters if trump is not None and c.suit is trump]
    if ruffs and not partner_wins and not (position == 1 and _partner_covers(view, led)):
        return _lowest(ruffs)
    return _discard(view, cards)


def _partner_covers(view: _View, led: Suit) -> bool:
    """Declarer's side playing second: his partner, fourth to play, holds a master of the suit
    led (so there is no need to win or ruff now)."""
    if not view.declaring:
        return False
    follow = [c for c in view.partner_hand if c.suit is led]
    return bool(follow) and view.is_master(_highest(follow))


def _second_hand(view: _View, followers: list[Card], beaters: list[Card],
                 plays: Sequence[tuple[Seat, Card]], top: Card) -> Card:
    low = _lowest(followers)
    if view.declaring:
        if _partner_covers(view, plays[0][1].suit):
            return low
        masters = [c for c in beaters if c.suit is top.suit and view.is_master(c)]
        return masters[0] if masters else low
    led_by = plays[0][0]
    if top.rank.order >= JACK and led_by.side is not view.seat.side:
        covers = [c for c in beaters if c.suit is top.suit and c.rank.order >= JACK]
        if covers:
            return covers[0]  # cover an honour with an honour
    return low


def _third_hand(view: _View, followers: list[Card], beaters: list[Card], partner_wins: bool,
                top: Card) -> Card | None:
    """Third hand high (the cheapest of equals) when partner's card may not hold; ``None``:
    play low. Partner's winning honour is not overtaken."""
    table = view.table
    wins = [c for c in beaters if c.suit is top.suit]
    if not wins or (partner_wins and top.rank.order >= 10):
        return None
    floor = top.rank.order
    if view.declaring:
        masters = [c for c in wins if view.is_master(c)]
        if masters:
            return masters[0]
        return None if partner_wins else view.cheapest_equal(wins[-1], followers, floor)
    fourth = view.seat.lho
    if fourth is table.dummy:  # dummy, seen, plays last: beat its best card if possible
        dummy_follow = [c.rank.order for c in view.dummy_hand if c.suit is top.suit]
        bar = max([floor, *dummy_follow])
        over = [c for c in wins if c.rank.order > bar]
        if over:
            return over[0]
        return None if partner_wins else wins[0]
    return view.cheapest_equal(wins[-1], followers, floor)


def _discard(view: _View, cards: list[Card]) -> Card:
    """A discard from a suit with no winners: never a master or a guard of an honour while a
    small card elsewhere will do; trumps last."""
    plain = [c for c in cards if c.suit is not view.trump] or cards
    suits = _by_suit(plain)
    hand = _by_suit(view.hand)

    def guards(card: Card) -> bool:
        """The suit holds an honour that is not a master and has no card to spare (Kx, Qxx):
        any card of it given up leaves the honour bare."""
        holding = hand.get(card.suit, [])
        for honour in holding:
            if honour.rank.order < JACK or view.is_master(honour):
                continue
            above = sum(1 for o in range(honour.rank.order + 1, ACE + 1)
                        if o not in view.side_known[card.suit])
            if len(holding) <= above + 1:
                return True
        return False

    def cost(card: Card) -> tuple[int, int, int, int]:
        honours = sum(1 for c in suits[card.suit] if c.rank.order >= JACK)
        return (view.is_master(card), guards(card), honours, card.rank.order)

    return min(plain, key=lambda c: (*cost(c), c.suit.order))


def lead_card(table: Table, seat: Seat) -> Card:
    """The card ``seat`` would lead now were it his turn to lead (what a player who leads out
    of turn, or too early, puts on the table): the natural lead from his remaining cards."""
    cards = sorted(table.remaining(seat) or ())
    assert cards and table.contract is not None
    if not table.tricks:
        partner_suits, their_suits = bid_suits(table, seat)
        return opening_lead(cards, table.contract.strain.suit, partner_suits, their_suits)
    view = _View(table, seat)
    return _declarer_lead(view, cards) if view.declaring else _defender_lead(view, cards)
