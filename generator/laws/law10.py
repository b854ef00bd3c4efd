"""Law 10 (1987): assessment of penalties.

10A-B: only the director imposes or waives a penalty; he may uphold or cancel what the players did
without him. 10C1: when the laws give a choice after an irregularity, the director explains every
option; 10C2: the player who chooses does so without consulting his partner. Every ruling that
offers options cites 10C.
"""

from __future__ import annotations

from generator.laws.ruling import Choice, Option, Ruling
from generator.model.seat import Seat


def offer(ruling: Ruling, seat: Seat, *options: Option) -> Choice:
    """Offer a choice, citing the duty to explain it and to choose alone."""
    ruling.cite("10C1", "10C2")
    return ruling.offer(seat, *options)
