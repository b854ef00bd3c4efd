"""Law 65 (1987): arrangement of tricks.

Each player keeps his played cards face down in front of him, in order, pointing lengthwise
towards the side that won each trick, so that the play can be reviewed to settle a claim of a
revoke, a defective trick or the number of tricks. The engine's record of tricks stands for that
arrangement; rulings that rely on it (inspection, defective tricks) cite 65.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def arrangement(ruling: Ruling) -> None:
    """65: the played cards are kept in order before each player."""
    ruling.note("arrangement_of_tricks", "65")
