"""Law 45 (1987): the card played.

45A: each player except dummy plays a card by taking it from his hand and placing it face up on the
table before him. 45B: declarer plays dummy's cards by naming them (or taking them himself). 45C:
a defender's card held so that his partner could see its face, and declarer's card held face up
touching or nearly touching the table, must be played. The engine records a card as played by its
``leads``/``plays`` event; rulings on cards played in irregular ways cite these clauses.
"""

from __future__ import annotations

from generator.model.seat import Seat


def played_by(seat: Seat, dummy: Seat | None) -> str:
    """The clause under which the card of ``seat`` counts as played (45B for dummy's)."""
    return "45B" if seat is dummy else "45A"
