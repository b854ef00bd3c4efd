"""Law 11: forfeiture of the right to a penalty (1987) or to rectification (2017).

11A: the right to penalise an irregularity may be lost when a member of the non-offending side
acts before the director has been summoned.

What 11A is *not*: a call by the offender's left-hand opponent over an irregular call. That call
uses a right the law of the irregularity itself gives: it accepts the call (27A for an
insufficient bid, 29B for a call out of rotation, 25B1 for a change of call) or, for the
inadmissible calls of Laws 36-39, condones it under Law 35 (A-D). The ruling then cites that
clause and says that the call over it accepted or condoned the irregularity; it does not cite
11A, since no right was lost by acting out of place: the acceptor chose, by calling, one of the
outcomes the law offered him. (Seed 000, Law 29B: the LHO "has the right to call, thereby
forfeiting the right to penalise" — the forfeiture is 29B's own; the Law 35 preamble, seed 003,
likewise names the LHO's call as the condition of Law 35.)

11A proper is flagged by :func:`may_be_forfeited` where a non-offender's action is no acceptance
(the offender's RHO calling over a call after the final pass, Law 39's module). The play is
read the same way: a play over an irregular lead or play accepts it (53A, 54B) and loses the
penalty under 60A's own words, so it cites 60A and not 11A (``law60.accepted_by_play``).

2017 (spec 2017 §3.1, [H] pzbs pl p11, SBU commentary): 11A still says the right to
rectification *may* be lost when a non-offender acts before the director is called, and it adds
how the director repairs a gain the non-offending side then made through an opponent's later
action taken in ignorance of the law: he takes that gain away from that side only, and the
other side keeps the table score (a split score). Whether there was such a gain is judgement, so
under 2017 :func:`may_be_forfeited` adds a second flag, ``gain_after_forfeit`` (11A). The
condoning call of Laws 36A, 37A, 38D and 39B (2017's clauses for what 1987 put in Law 35) is no
11A forfeiture either: :func:`condoned_by_call` takes that clause.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

EDITIONS = ("1987", "2017")


def may_be_forfeited(ruling: Ruling) -> None:
    """11A proper: a member of the non-offending side acted over the irregularity before the
    director was summoned, and no law makes that action an acceptance. 11A says the right to a
    penalty *may* be forfeited: the director judges, so the ruling keeps its penalty and flags
    the point. Under 2017 a second flag says that a gain the non-offending side then makes is
    taken from that side only (11A's split score)."""
    ruling.flag("rectification_may_be_forfeited", "11A")
    if ruling.edition == "2017":
        ruling.flag("gain_after_forfeit", "11A")


def accepted_by_call(ruling: Ruling, law: str) -> None:
    """The offender's LHO called over the irregular call: he used his right to accept it
    (``law``: 27A, 29B, 25B1), which is not a forfeiture under 11A."""
    ruling.note("accepted_by_call", law)


def condoned_by_call(ruling: Ruling, law: str) -> None:
    """The offender's LHO called over an inadmissible call before any penalty was assessed: Law
    35 (``law``: its clause) says what follows; no penalty, and no 11A."""
    ruling.note("condoned_by_call", law)
