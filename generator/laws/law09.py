"""Law 9 (1987): procedure after an irregularity.

9C: an offender who corrects his own irregularity before the director rules may incur a further
penalty, notably the lead restrictions of Law 26. In the table log this is the offender calling
again while the opponent's decision on his irregular call is still open; the engine handles the
new call as his replacement (as after a refusal) and cites 9C. Reading taken: the opponent's right
to accept lapses with the correction (the seeds do not settle it; a director would normally still
offer it, which the case can express with an explicit ``accepts`` before the correction).
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def premature_correction(ruling: Ruling) -> None:
    """Cite 9C on a ruling whose offender corrected himself before the ruling."""
    ruling.note("premature_correction", "9C")
