"""Law 59 (1987 and 2017): inability to lead or play as required.

A player who cannot lead or play as a penalty requires (he holds no card of the required suit, or
the only cards he could play are prohibited) may play any card that is otherwise legal. The
engine's play duties (Laws 26, 50, 55, 57) only report a failure when compliance was possible.

2017 (spec §7.4): the same rule; it also frees a partner told to play a card of a suit declarer
names (57A3, new) who must follow suit or holds none of it.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.model.cards import Card, Suit

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def can_comply(hand: Iterable[Card], suit: Suit, require: bool) -> bool:
    """Whether a player holding ``hand`` can lead a required suit, or avoid a prohibited one."""
    cards = list(hand)
    if require:
        return any(c.suit is suit for c in cards)
    return any(c.suit is not suit for c in cards)
