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

2017. 69A is the same; 69B changes its test (laws2017_spec §7.7, [M]): the acquiescence is
withdrawn for a trick the side had actually won or would *likely* have won had play continued,
no longer only one it could not have lost by any normal play. "Likely" is a judgement; the
reading taken (:data:`LIKELY_IS_CAREFUL_LINE`) is the side's careful line: the tricks it takes
choosing its best normal plays (still no finesse, ``claimplay.careful``) against the claimer's
best play, rather than with its every choice going against it (the 1987 test). Off, 2017 keeps
the 1987 test. :func:`withdrawn` takes the edition.
The word "likely" was checked: the 2007 text quoted on the BLML list (2013) and the Norwegian
text (lovboka.org §69B) both give it, and hellasbridge.org law_71 (the 2017 text) keeps 71's
"could not be lost by any normal play", so only 69B moved.
"""

from __future__ import annotations

from generator.laws import claimplay
from generator.laws.law68 import ClaimMoment

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")

#: A claim with no answer stands as made (69A) rather than being ruled as disputed.
UNANSWERED_CLAIM_STANDS = True
#: 2017 69B: "likely won had play continued" read as the side's careful normal line (True), or
#: as the 1987 "could not lose by any normal play" (False); see the module docstring.
LIKELY_IS_CAREFUL_LINE = True


def withdrawn(moment: ClaimMoment, edition: str = "1987") -> tuple[int, str]:
    """69B: the claimer's side's tricks of the remaining once the opponents withdraw their
    acquiescence, and the clause (``69B``: a trick given back; ``69A``: it stands). Under 2017
    the acquiescing side gets what it would likely have won (its careful line, see
    :data:`LIKELY_IS_CAREFUL_LINE`)."""
    position = moment.position
    conceded_to_them = moment.remaining - moment.keeps
    if position is None:
        return moment.keeps, "69A"
    if edition == "2017" and LIKELY_IS_CAREFUL_LINE:
        theirs = claimplay.careful(position, moment.seat.lho)
    else:
        theirs = claimplay.worst(position, moment.seat.lho)
    if theirs > conceded_to_them:
        return moment.remaining - theirs, "69B"
    return moment.keeps, "69A"
