"""Law 60 (1987 and 2017): play after an illegal play.

60A: a play by a member of the non-offending side after an opponent's irregular lead or play, made
before a penalty has been assessed, forfeits the right to penalise: a lead out of turn is then
accepted, and a premature play loses the options of Law 57 (the card played early stays a penalty
card). 60B: the offending side's own later play does not cancel the penalty.

2017 ([H] French LOI60, spec §7.4): the same rule, split 60A1 (the right to rectify is forfeited),
60A2 (the irregular play is then treated as in turn), 60A3 (earlier duties still bind), 60B (a
defender's card played before declarer leads from the right hand is a major penalty card), 60C
(the offending side's own later play); the engine cites 60A for the forfeiture, as in 1987.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def accepted_by_play(ruling: Ruling) -> None:
    """60A: the non-offenders played on: the irregular lead or play is accepted."""
    ruling.note("accepted_by_play", "60A")


def options_forfeited(ruling: Ruling) -> None:
    """60A: declarer played on before choosing: his options are lost."""
    ruling.note("options_forfeited", "60A")
