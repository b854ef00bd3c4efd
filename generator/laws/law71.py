"""Law 71 (1987): concession cancelled.

[M] (the 1987 text was not seen; spec §6.7). Within the correction period the director cancels the
concession of a trick the conceding side had in fact won (71A), or could not have lost by any
normal play of the remaining cards (71B; normal: careless or inferior for the class of player, not
irrational). The engine plays the position at the concession out with the conceding side's every
open choice against it among normal plays and the other side at its best (``claimplay.worst``):
the tricks it takes that way are its own, whatever it conceded.

Readings taken (switches): a concession is examined whether or not anyone answers it, since the
director cancels it when called within the correction period (:data:`CONCESSION_CANCELLED`); and
the tricks a claim leaves to the opponents are a concession too, so that a claimer who claimed
fewer tricks than he could not lose gets them back when the claim is ruled on
(:data:`CLAIM_SHORT_IS_CONCESSION`).

2017: Law 71 is unchanged (laws2017_spec §7.7: the same test, "could not lose by any normal
play"), and so is 69A; the concession rule serves both codes (``editions=BOTH``).
"""

from __future__ import annotations

from generator.laws import claimplay
from generator.laws.law70 import ClaimRule
from generator.laws.ruler import BOTH, rule
from generator.laws.ruling import Ruling
from generator.table.irregularities import Kind

EDITIONS = ("1987", "2017")

#: 71B: a concession of a trick that could not be lost by normal play is cancelled.
CONCESSION_CANCELLED = True
#: 71: the part of a claim short of all the remaining tricks is a concession.
CLAIM_SHORT_IS_CONCESSION = True


@rule(Kind.CONCESSION, editions=BOTH)
class Concession(ClaimRule):
    def award(self, ruling: Ruling) -> tuple[int, str]:
        m = self.moment
        assert m is not None
        if m.position is None or not CONCESSION_CANCELLED:
            ruling.note("concession_stands", "69A")
            return m.keeps, "69A"
        own = claimplay.worst(m.position, m.seat)
        if own > m.keeps:
            ruling.note("concession_cancelled", "71B")
            return own, "71B"
        ruling.note("concession_stands", "69A")
        return m.keeps, "69A"
