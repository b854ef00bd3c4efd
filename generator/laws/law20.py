"""Law 20 (1987): review and explanation of calls.

* 20B: during the auction a player may have all previous calls restated at his own turn to call,
  unless the laws oblige him to pass.
* 20C: after the final pass, a defender may ask whether it is his opening lead (20C1); declarer or
  either defender may ask for a full review at his first turn to play (20C2); after that a review
  is too late (Law 41C).
* 20F: a player may ask for a full explanation of the opponents' auction at his own turn to call
  (20F1) and, during the play, at his own turn to play (20F2).

A request is not an irregularity; the engine answers it with a ruling whose rectification says
whether the player may have it now (``request_permitted`` / ``request_refused``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


def _answer(rule_obj: Rule, permitted: bool, law: str) -> None:
    rule_obj.ruling.add("request_permitted" if permitted else "request_refused", law,
                        seat=str(rule_obj.offender))


@rule(Kind.REVIEW_REQUEST, editions={"1987"})
class ReviewRequest(Rule):
    def detected(self, table: Table) -> None:
        f = self.fact
        if f.detail("phase") == "auction":
            _answer(self, bool(f.detail("at_turn")) and not f.detail("barred"), "20B")
        elif f.detail("dummy"):
            _answer(self, False, "20C2")
        elif f.detail("tricks_played") == 0 and not f.detail("played_this_trick"):
            _answer(self, True, "20C2")
        else:
            _answer(self, False, "41C")


@rule(Kind.EXPLANATION_REQUEST, editions={"1987"})
class ExplanationRequest(Rule):
    def detected(self, table: Table) -> None:
        f = self.fact
        law = "20F1" if f.detail("phase") == "auction" else "20F2"
        _answer(self, bool(f.detail("at_turn")) and not f.detail("dummy"), law)
