"""Simple legal play heuristics, so that the tricks before a play irregularity make sense.

Opening lead: top of a sequence or fourth best of the longest suit (a trump is led only when there
is nothing else). Second hand low, third hand high, fourth hand wins as cheaply as it can; a player
whose partner is winning plays low; a void player ruffs when the opponents are winning, otherwise
discards his lowest card. Every choice is among the cards the player may play under the rulings in
force (penalty cards, lead restrictions, declarer's choices after a premature play): those duties
are asked of the table's own constraint objects, so the generator cannot drift from the engine.
"""

from __future__ import annotations

import random

from generator.model.cards import Card, Suit
from generator.model.play import trick_winner
from generator.model.seat import Seat
from generator.table.state import Table

HONOUR_SEQUENCES = ("AK", "KQ", "QJ", "JT")


def allowed_cards(table: Table, seat: Seat) -> list[Card]:
    """Legal cards that break none of the duties in force (asking a duty changes nothing)."""
    legal = table.legal_cards(seat)
    lead = table.leading
    if not table.constraints:
        return legal
    fine = [c for c in legal
            if all(duty.check(table, seat, c, lead, -1) is None for duty in table.constraints)]
    return fine or legal


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank.order, c.suit.order))


def _highest(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank.order, -c.suit.order))


def opening_lead(cards: list[Card], trump: Suit | None) -> Card:
    """Top of a sequence, else fourth best, from the longest non-trump suit."""
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)
    suits = [s for s in by_suit if s is not trump] or list(by_suit)
    suit = max(suits, key=lambda s: (len(by_suit[s]), s.order))
    holding = sorted(by_suit[suit], key=lambda c: c.rank.order, reverse=True)
    letters = "".join(str(c.rank) for c in holding)
    if any(letters.startswith(seq) for seq in HONOUR_SEQUENCES):
        return holding[0]
    return holding[3] if len(holding) >= 4 else holding[-1]


def choose_card(table: Table, seat: Seat, rng: random.Random) -> Card:
    """The card ``seat`` plays now (declarer chooses for dummy)."""
    cards = allowed_cards(table, seat)
    assert table.contract is not None
    trump = table.contract.strain.suit
    if table.leading:
        if not table.tricks:
            return opening_lead(cards, trump)
        non_trumps = [c for c in cards if c.suit is not trump] or cards
        return _highest(non_trumps) if rng.random() < 0.4 else _lowest(non_trumps)
    current = table.current
    assert current is not None
    plays = current.plays
    winning = trick_winner(plays, table.contract.strain)
    top = next(card for s, card in plays if s is winning)
    partner_winning = winning is seat.partner
    led = plays[0][1].suit
    followers = [c for c in cards if c.suit is led]
    position = len(plays)
    # the cards that would win the trick for ``seat`` (what ``trick_winner`` would say with the
    # card added): any card if he is winning already, else a higher card of the winning card's
    # suit, or a trump over a card that is not one
    if winning is seat:
        winners = cards
    else:
        top_suit, top_order = top.suit, top.rank.order
        winners = [c for c in cards if (c.rank.order > top_order if c.suit is top_suit
                                        else trump is not None and c.suit is trump)]
    if followers:
        if partner_winning or position == 1:
            return _lowest(followers)
        if winners:
            return _lowest(winners) if position == 3 else _highest(winners)
        return _lowest(followers)
    if not partner_winning and winners:
        return _lowest(winners)
    return _lowest([c for c in cards if c.suit is not trump] or cards)
