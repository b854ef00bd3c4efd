"""Law 69 (1987): established claim or concession.

69A (seed 003): a claim or concession is established when the opponents acquiesce in it (agree,
or let the play of the next board begin); the board is scored as if the tricks claimed or conceded
had been won or lost in play. 69B (seed 003): within the correction period (79C) a side may
withdraw its acquiescence only for a trick it had in fact won, or one it could not have lost by any
normal play of the remaining cards (normal: careless or inferior for the class of player, not
irrational); the board is then scored with that trick to the side that acquiesced.

Reading taken. ``E withdraws`` after ``E acquiesces`` (or his partner's) is the withdrawal; the
engine gives back to the acquiescing side the tricks it takes when its own open choices go
against it among normal plays and the claimer plays his best (``claimplay.worst`` with that side
restricted). A claim that nobody disputes or acquiesces in before the case ends stands as made,
as an acquiescence would (:data:`UNANSWERED_CLAIM_STANDS`; off, it is ruled as disputed).
"""

from __future__ import annotations

from generator.laws import claimplay
from generator.laws.law68 import ClaimMoment

#: A claim with no answer stands as made (69A) rather than being ruled as disputed.
UNANSWERED_CLAIM_STANDS = True


def withdrawn(moment: ClaimMoment) -> tuple[int, str]:
    """69B: the claimer's side's tricks of the remaining once the opponents withdraw their
    acquiescence, and the clause (``69B``: a trick given back; ``69A``: it stands)."""
    position = moment.position
    conceded_to_them = moment.remaining - moment.keeps
    if position is None:
        return moment.keeps, "69A"
    theirs = claimplay.worst(position, moment.seat.lho)
    if theirs > conceded_to_them:
        return moment.remaining - theirs, "69B"
    return moment.keeps, "69A"
