"""Law 13 (1987): incorrect number of cards.

One hand holds more than thirteen cards and another correspondingly fewer (the pockets of the board
were wrong). What follows depends on when it comes out (seed 000 gives 13B2 and 13C; the layout
of 13A and 13B1 follows the table of contents of the same translation):

* 13A, nobody has seen another player's cards: the director puts the deal right and it is played
  normally (``deal_corrected``).
* 13B, a player has seen cards of another hand (the holder of the extra cards has looked at
  them): the deal is put right; whether what was seen matters enough to interfere with normal
  bidding or play is the director's judgement (a flag, 13B1). If it does, or if any player objects
  to the board being played (``E objects``), the director awards artificial adjusted scores (13B2,
  12C1) and may penalise the offender (Law 90).
* 13C, found after the play: the result is cancelled and artificial adjusted scores follow (the
  procedural penalty of Law 90 is possible).

Reading taken ([M]: the 1987 text of 13A/13B1 was not seen). When does a player "see" another's
cards? The engine reads it as: once any call has been made on the board, the holder has looked at
his cards (Law 17A starts a side's auction period when a partner looks at his cards), so 13B
applies; before the first call the count was made face down as Law 7 has it, so 13A applies
(:data:`SEEN_ONCE_A_CALL_IS_MADE`). Off, only the play phase counts as seen (the cards could have
been counted face down before each player looked, even with calls made).

Who was at fault for a board fouled before the table received it is the director's finding, so
the artificial scores carry no split between the sides; a flag names 12C1 for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: 13A/13B: a player counts as having seen another's cards once any call is made (True), or only
#: once the play has begun (False); see the module docstring.
SEEN_ONCE_A_CALL_IS_MADE = True


def seen(phase: str, called: bool) -> bool:
    """Whether, by the reading in force, a player has seen cards of another hand."""
    if phase != "auction":
        return True
    return called and SEEN_ONCE_A_CALL_IS_MADE


def artificial(rule_obj: Rule, law: str) -> None:
    """Artificial adjusted scores with the split of the blame left to the director (12C1)."""
    rule_obj.ruling.add("adjusted_score", law, adjustment="artificial")
    rule_obj.ruling.flag("fault_to_be_found", "12C1")


@rule(Kind.WRONG_NUMBER_OF_CARDS, editions={"1987"})
class WrongNumberOfCards(Rule):
    def detected(self, table: Table) -> None:
        phase = str(self.fact.detail("phase", "auction"))
        called = bool(self.fact.detail("called", False))
        if phase == "ended":
            self.ruling.add("result_cancelled", "13C")
            artificial(self, "12C1")
            self.ruling.note("procedural_penalty_possible", "90")
            return
        if not seen(phase, called):
            self.ruling.add("deal_corrected", "13A")
            return
        self.ruling.add("deal_corrected", "13B")
        self.ruling.flag("seen_cards_may_interfere", "13B1")
        self.ruling.note("objection_cancels_board", "13B2")
        self.ruling.note("procedural_penalty_possible", "90")

    def objected(self, table: Table, seat: Seat, event: int) -> None:
        if "13B2" not in [n["law"] for n in self.ruling.notes] or any(
                r.kind == "adjusted_score" for r in self.ruling.rectifications):
            return
        self.ruling.facts["objected_by"] = str(seat)
        self.ruling.cite("13B2")
        artificial(self, "12C1")
        if table.phase != "ended":
            table.end_play()
