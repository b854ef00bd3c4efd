"""Law 47 (1987): retraction of a card played.

47A: a played card may be retracted to carry out a rectification (a revoke corrected, a lead out of
turn not accepted, a penalty card substituted); 47C-F: after a permitted change of designation,
after an opponent's change of play, after misinformation; 47G: otherwise a played card is never
retracted. The engine cites 47A wherever a ruling puts a played card back.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def retracted_for_rectification(ruling: Ruling) -> None:
    """47A: the card goes back because a rectification requires it."""
    ruling.cite("47A")
