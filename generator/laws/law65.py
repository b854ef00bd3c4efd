"""Law 65 (1987): arrangement of tricks.

Each player keeps his played cards face down in front of him, in order, pointing lengthwise
towards the side that won each trick, so that the play can be reviewed to settle a claim of a
revoke, a defective trick or the number of tricks. The engine's record of tricks stands for that
arrangement; rulings that rely on it (inspection, defective tricks) cite 65.

2017: 65A-D are the same for the engine (65B3 makes explicit that dummy may point out a card
pointed the wrong way until the next lead; no rule here rests on it).
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")


def arrangement(ruling: Ruling) -> None:
    """65: the played cards are kept in order before each player."""
    ruling.note("arrangement_of_tricks", "65")
