"""Law 9: procedure after an irregularity (1987 and 2017, one rule).

9C: an offender who corrects his own irregularity before the director rules may incur a further
penalty, notably the lead restrictions of Law 26. In the table log this is the offender calling
again while the opponent's decision on his irregular call is still open; the engine handles the
new call as his replacement (as after a refusal) and cites 9C. Reading taken: the opponent's right
to accept lapses with the correction (the seeds do not settle it; a director would normally still
offer it, which the case can express with an explicit ``accepts`` before the correction).

2017 (spec 2017 §3.1, [H] pzbs l9): 9C is the same rule; the further rectification it names is
now the 26B lead restriction (and 16C2), which the rule of the irregularity applies through
``Rule.restrict_lead`` and ``Rule.withdrawn`` under the edition's own law. 9A3 (any player,
dummy included, may try to prevent an irregularity) and 9B1 ("should" call the director) change
no ruling the engine makes. So :func:`premature_correction` serves both editions.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

EDITIONS = ("1987", "2017")


def premature_correction(ruling: Ruling) -> None:
    """Cite 9C on a ruling whose offender corrected himself before the ruling."""
    ruling.note("premature_correction", "9C")
