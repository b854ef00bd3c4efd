"""Law 20: review and explanation of calls (1987 and 2017, one rule).

* 20B: during the auction a player may have all previous calls restated at his own turn to call,
  unless the laws oblige him to pass.
* 20C: after the final pass, a defender may ask whether it is his opening lead (20C1); declarer or
  either defender may ask for a full review at his first turn to play (20C2); after that a review
  is too late (Law 41C).
* 20F: a player may ask for a full explanation of the opponents' auction at his own turn to call
  (20F1) and, during the play, at his own turn to play (20F2).
* 41B (seed 003): before the opening lead is faced, the opening leader's partner and the presumed
  declarer may also ask for a review or an explanation, although it is not their turn.

Readings taken:

* declarer plays dummy's cards, so dummy's turn to play is declarer's turn (20C2, 20F2); dummy
  himself has no turn to play and gets neither a review nor an explanation;
* once the opening lead is faced, the review of 20C2 is given only at the player's own first turn
  to play: asked earlier in the first trick it is refused for now (he may ask again at his turn);
  asked after he has played a card, it is too late (41C).

A request is not an irregularity; the engine answers it with a ruling whose rectification says
whether the player may have it now (``request_permitted`` / ``request_refused``).

2017 (spec 2017 §4, [H] thesmolens law20): the same moments. 20B (review at one's own turn,
not for a player obliged to pass), 20C1-2 (after the final pass; at the first turn to play) and
20F2 (explanations in the play, at one's own turn) are unchanged; 20F1 widens what an
explanation covers (relevant alternatives not chosen, inferences from the choice), which changes
nothing about *when* it may be asked; 20F4-5 (correcting one's own or partner's explanation)
and 20G (asking only to help partner) are conduct the case format does not record. 41B and 41C
keep their 1987 effect under 2017. So one rule serves both editions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law43, law66
from generator.laws.ruler import BOTH, Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


EDITIONS = ("1987", "2017")


def _answer(rule_obj: Rule, permitted: bool, law: str) -> None:
    rule_obj.ruling.add("request_permitted" if permitted else "request_refused", law,
                        seat=str(rule_obj.offender))


def _own_turn_to_play(rule_obj: Rule, table: Table) -> bool:
    """At his turn to play, counting dummy's turn as declarer's."""
    seat = rule_obj.offender
    if rule_obj.fact.detail("at_turn"):
        return True
    return seat is table.declarer and table.next is not None and table.next is table.dummy


def _declarer_has_played(rule_obj: Rule, table: Table) -> bool:
    """Declarer plays dummy's cards too (45B): a card from either hand is his first play."""
    if rule_obj.offender is not table.declarer or table.current is None:
        return False
    return table.dummy in table.current.seats()


def _before_opening_lead(rule_obj: Rule, table: Table) -> bool:
    """After the final pass, before the opening lead is faced (41B)."""
    return (table.phase == "play" and rule_obj.fact.detail("tricks_played") == 0
            and (table.current is None or not table.current.plays))


def _answer_in_play(rule_obj: Rule, table: Table, law: str) -> None:
    """A request in the play that is not dummy's and not too late: granted before the opening
    lead is faced, even out of turn (41B), and afterwards at the player's own turn to play."""
    if _before_opening_lead(rule_obj, table):
        _answer(rule_obj, True, law)
        if not rule_obj.fact.detail("at_turn"):
            rule_obj.ruling.cite("41B")
    else:
        _answer(rule_obj, _own_turn_to_play(rule_obj, table), law)


@rule(Kind.REVIEW_REQUEST, editions=BOTH)
class ReviewRequest(Rule):
    def detected(self, table: Table) -> None:
        f = self.fact
        if f.detail("what") == "trick":
            self.ruling.cite("66")
            law66.inspect_trick(self.ruling, f, str(self.offender))
            return
        if f.detail("phase") == "auction":
            _answer(self, bool(f.detail("at_turn")) and not f.detail("barred"), "20B")
        elif f.detail("dummy"):
            _answer(self, False, "20C2")
            law43.dummy_limited(self.ruling)
        elif (table.phase != "play" or f.detail("tricks_played") != 0
              or f.detail("played_this_trick") or _declarer_has_played(self, table)):
            _answer(self, False, "41C")
        else:
            _answer_in_play(self, table, "20C2")


@rule(Kind.EXPLANATION_REQUEST, editions=BOTH)
class ExplanationRequest(Rule):
    def detected(self, table: Table) -> None:
        f = self.fact
        if f.detail("phase") == "auction":
            _answer(self, bool(f.detail("at_turn")), "20F1")
        elif f.detail("dummy"):
            _answer(self, False, "20F2")
            law43.dummy_limited(self.ruling)
        else:
            _answer_in_play(self, table, "20F2")
