"""Law 66 (1987): inspection of tricks.

66A: until his side has led or played to the
next trick, a player who has not turned his own card may have all four cards of the trick just
played faced; 66B: until the next lead he may look at (not show) his own last card; 66C: after
that, quitted tricks may not be inspected except on the director's instruction; 66D: after the
play, all cards may be inspected to settle a claim of a revoke or the number of tricks.

66A gives the right to declarer and the defenders; dummy, who may not take part in the play on his
own account (43A), is refused during the play. After the play (66D) he is asked like anyone else.

2017: 66A-D are the same (laws2017_spec §7.6); :func:`inspect_trick` serves both codes.
"""

from __future__ import annotations

from generator.laws import law43, law65
from generator.laws.ruling import Ruling
from generator.table.irregularities import Irregularity

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")


def inspect_trick(ruling: Ruling, fact: Irregularity, seat: str) -> None:
    """Answer ``W asks trick``: may the player see the last trick now?"""
    if fact.detail("dummy") and fact.detail("phase") != "ended":
        ruling.add("request_refused", "66A", seat=seat)
        law43.dummy_limited(ruling)
    elif fact.detail("phase") == "ended":
        ruling.add("request_permitted", "66D", seat=seat)
    elif fact.detail("tricks_played") and not fact.detail("side_played_to_current"):
        ruling.add("request_permitted", "66A", seat=seat)
        law65.arrangement(ruling)
    else:
        ruling.add("request_refused", "66C", seat=seat)
