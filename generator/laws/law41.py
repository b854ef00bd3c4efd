"""Law 41 (1987 and 2017): the opening lead and the start of play.

41A: after a bid, double or redouble followed by three passes, the defender on presumed declarer's
left makes the opening lead face down; a face-down lead may be withdrawn only on the director's
instruction after an irregularity. 41B: before it is faced, the leader's partner and presumed
declarer may ask for a review and explanations; declarer or a defender may ask for a review at his
first turn to play. 41C: then the lead is faced, dummy is spread, and a review of the calls is too
late. 41D: dummy's hand is spread in suits, trumps on dummy's right.

2017 (spec §7.1): the same, but 41B names the presumed dummy as one who may *not* ask for the
review (the requests themselves are Law 20's rulings). A card faced by declarer's side before the
opening lead is ruled under 54E (Law 24) in 2017, not as :func:`not_a_lead` says for 1987.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def not_a_lead(ruling: Ruling) -> None:
    """41A: only the defender on presumed declarer's left makes the opening lead, so a card faced
    by declarer's side before it is no lead: that defender still leads."""
    ruling.cite("41A")
