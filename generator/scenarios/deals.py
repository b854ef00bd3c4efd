"""Seeded random deals from endplay's dealer, in chunks.

Seeding endplay's generator costs milliseconds, drawing one more deal from it microseconds: so the
generator draws deals in chunks, one seed per chunk. A scenario is identified by (bank seed, chunk,
position), which makes a bank independent of how many processes built it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from endplay.dealer import generate_deals
from endplay.types import Player

from generator.model.cards import SUITS_HIGH_FIRST, Card, Rank
from generator.model.deal import Deal
from generator.model.hand import Hand

CHUNK = 250


def chunk_seed(seed: int, chunk: int) -> int:
    """A 32-bit seed for one chunk of a bank, derived from the bank's seed."""
    digest = hashlib.sha256(f"tdcourse:{seed}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


#: endplay's players in our seat order (N, E, S, W).
_PLAYERS = (Player.north, Player.east, Player.south, Player.west)
#: For each suit in endplay's order (spades, hearts, diamonds, clubs): (rank bit, card) pairs.
_BITS = tuple(tuple((1 << rank.order, Card(suit, rank)) for rank in Rank)
              for suit in SUITS_HIGH_FIRST)


def convert(deal: Any) -> Deal:
    """Our deal from one of endplay's: read from its bit masks (a rank's bit is its number, 2 to
    14, in each suit, spades first), five times faster than through PBN text. Falls back on the
    PBN text should endplay keep its hands otherwise."""
    try:
        masks = [tuple(deal[player]._data) for player in _PLAYERS]
    except (AttributeError, TypeError):
        return Deal.parse(deal.to_pbn())
    n, e, s, w = (Hand([card for suit, mask in zip(_BITS, held, strict=True)
                        for bit, card in suit if mask & bit]) for held in masks)
    if any(len(hand) != 13 for hand in (n, e, s, w)):
        return Deal.parse(deal.to_pbn())
    return Deal((n, e, s, w))


def deals(seed: int, chunk: int, count: int = CHUNK) -> Iterator[Deal]:
    """The deals of one chunk, in order."""
    for deal in generate_deals(produce=count, seed=chunk_seed(seed, chunk)):
        yield convert(deal)
