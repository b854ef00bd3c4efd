"""Law 21: a call based on misinformation (1987; 2017 at the end of this docstring).

21A: a player who called on his own misunderstanding gets no redress. 21B1: until the end of the
auction period a player may change a call without penalty if it probably resulted from
misinformation given by an opponent (a missing alert counts), provided his partner has not called
since. 21B2: the misinformer's side may then change any later call of its own without penalty (the
director may adjust the score if the withdrawn call's information damaged the other side).

The case format expresses it as ``E changes 2H misinformed``; the table replaces the call at once
when the partner has not called since, and otherwise records an ordinary change of call, to which
Law 25 applies.

21B2 is read as its text (seed 001) has it: only the LHO of the player who changed his call may
change, and only a call he made after that player's withdrawn call. In the table log that is a
change of call by that LHO after a permitted 21B1 change, when the LHO had called over the
withdrawn call (``lho_called``). Any other change (by his partner, or of a call made before the
misinformed one) is an ordinary change of call (Law 25).

2017 (spec 2017 §4, [H] south-waikato blog 7). The same mechanics, other tests and clauses
(the helpers take the edition from the ruling):

* 21B1(a): the change is allowed, partner not having called since, when the director judges
  that the decision *could well have been influenced* by the misinformation (1987: "probably
  resulted from"). That is judgement: the engine lets the change stand (``no_rectification``,
  21B1a) and flags ``misinformation_change`` (21B1a) for the director; 21B1(b) tells him to
  presume a mistaken explanation rather than a mistaken call, absent evidence.
* 21B2: the LHO of the player who changed his call may then change a later call of his;
  "16C applies" (new; 1987 let the director adjust if the withdrawn call's information
  damaged the other side). Which side is which under 16C: the *offending* side is the one
  that gave the misinformation (21B1(a) asks for misinformation "from an opponent"), so the
  player who changed under 21B1 is of the non-offending side and his LHO, an opponent, is
  always of the offending side. Hence two sets of notes:
  - on the 21B1 change: the misinformed player's withdrawn call is authorised to his side
    (16C1) and unauthorised to both misinformers (16C2, a ``ui_withdrawn_call`` note for
    each), ``law16.withdrawn_by_non_offender``;
  - on the 21B2 change (:func:`later_change`): the LHO's withdrawn call is authorised to the
    misinformed side (16C1) and unauthorised to the LHO's partner (16C2), the ordinary
    ``law16.withdrawn_call`` with the LHO as the offender.
  The spec (§4, 21B2) words the changer as "the misinformer's LHO"; read literally that
  would be the misinformed player or his partner, so the engine keeps the reading of the
  1987 module above (the LHO of the player who changed, "his LHO" in the 2017 text), an
  opponent of the misinformed player.
* 21B3: too late to change (partner has called): the director adjusts if the misinformers
  gained (a flag ``misinformation_gain``, 21B3), and the change itself is Law 25's.
"""

from __future__ import annotations

from generator.laws import law16
from generator.laws.ruling import Ruling
from generator.table.irregularities import Irregularity, Kind

EDITIONS = ("1987", "2017")


def misinformed_change(ruling: Ruling, fact: Irregularity) -> bool:
    """Rule on a change said to follow misinformation; False if Law 25 must rule instead."""
    if not fact.detail("misinformed"):
        return False
    if ruling.edition == "2017":
        return _misinformed_change_2017(ruling, fact)
    if fact.detail("partner_called"):
        ruling.note("misinformation_change_too_late", "21B1")
        return False
    ruling.add("no_rectification", "21B1")
    ruling.note("later_change_allowed", "21B2",
                side=str(fact.seat.side.opponents) if fact.seat else None,
                seat=str(fact.seat.lho) if fact.seat else None)
    return True


def follows_misinformed_change(earlier: list[Irregularity], fact: Irregularity) -> bool:
    """Whether ``fact`` is the 21B2 change: the LHO of a player who made a permitted 21B1 change
    changes the call he had made over the withdrawn one."""
    if fact.seat is None:
        return False
    return any(
        e.kind is Kind.CHANGE_OF_CALL and e.detail("misinformed") and not e.detail("partner_called")
        and e.seat is not None and e.seat.lho is fact.seat and bool(e.detail("lho_called"))
        for e in earlier
    )


def _misinformed_change_2017(ruling: Ruling, fact: Irregularity) -> bool:
    """2017 21B1(a)-21B3 (module docstring)."""
    if fact.detail("partner_called"):
        ruling.note("misinformation_change_too_late", "21B1a")
        ruling.flag("misinformation_gain", "21B3")
        return False
    ruling.add("no_rectification", "21B1a")
    ruling.flag("misinformation_change", "21B1a")
    ruling.cite("21B1b")
    seat = fact.seat
    if seat is not None:
        ruling.note("later_change_allowed", "21B2", side=str(seat.side.opponents),
                    seat=str(seat.lho))
        law16.withdrawn_by_non_offender(ruling, seat)
    return True


def later_change(ruling: Ruling, fact: Irregularity) -> None:
    """The 21B2 change by the misinformed player's LHO has been let stand: under 2017, what his
    withdrawn call showed is ruled by 16C (module docstring: his side is the offending side,
    so it is authorised to the misinformed side, 16C1, and unauthorised to his partner, 16C2).
    Under 1987 nothing more is said (the director's adjustment for damage is not modelled)."""
    if ruling.edition != "2017" or fact.seat is None:
        return
    law16.withdrawn_call(ruling, fact.seat)
