"""Seeded random deals from endplay's dealer, in chunks.

Seeding endplay's generator costs milliseconds, drawing one more deal from it microseconds: so the
generator draws deals in chunks, one seed per chunk. A scenario is identified by (bank seed, chunk,
position), which makes a bank independent of how many processes built it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from endplay.dealer import generate_deals

from generator.model.deal import Deal

CHUNK = 250


def chunk_seed(seed: int, chunk: int) -> int:
    """A 32-bit seed for one chunk of a bank, derived from the bank's seed."""
    digest = hashlib.sha256(f"tdcourse:{seed}:{chunk}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def deals(seed: int, chunk: int, count: int = CHUNK) -> Iterator[Deal]:
    """The deals of one chunk, in order."""
    for deal in generate_deals(produce=count, seed=chunk_seed(seed, chunk)):
        yield Deal.parse(deal.to_pbn())
