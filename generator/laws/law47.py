"""Law 47 (1987 and 2017): retraction of a card played.

47A: a played card may be retracted to carry out a rectification (a revoke corrected, a lead out of
turn not accepted, a penalty card substituted); 47C-F: after a permitted change of designation,
after an opponent's change of play, after misinformation; 47G: otherwise a played card is never
retracted. The engine cites 47A wherever a ruling puts a played card back.

2017 ([H] thesmolens text of 47, spec §7.1): 47A-E as in 1987; 47F says the rest (a card may be
withdrawn under 53B; otherwise a played card stays played), so there is no 47G. The engine also
cites 47B where 2017 53A has a lead to the last trick made again from the right hand.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def retracted_for_rectification(ruling: Ruling) -> None:
    """47A: the card goes back because a rectification requires it."""
    ruling.cite("47A")
