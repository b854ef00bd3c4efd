"""Law 10: assessment of penalties (1987), of rectification (2017); one rule for both.

10A-B: only the director imposes or waives a penalty; he may uphold or cancel what the players did
without him. 10C1: when the laws give a choice after an irregularity, the director explains every
option; 10C2: the player who chooses does so without consulting his partner. Every ruling that
offers options cites 10C.

2017 (spec 2017 §3.1, [H] pzbs l10): 10A-B and 10C1-2 are the same; 10C3 (the non-offending
side may choose the option that suits it best) and 10C4 (after rectification the offenders may
make any call or play to their advantage, subject to 16C2) are new statements that change no
option: :func:`offer` serves both editions (a choice the director makes, ``DIRECTOR``, is a
judgement that waits for a ``director ...`` event, spec 2017 §11).
"""

from __future__ import annotations

from generator.laws.ruling import Choice, Option, Ruling
from generator.model.seat import Seat

EDITIONS = ("1987", "2017")


def offer(ruling: Ruling, seat: Seat, *options: Option) -> Choice:
    """Offer a choice, citing the duty to explain it and to choose alone."""
    ruling.cite("10C1", "10C2")
    return ruling.offer(seat, *options)
