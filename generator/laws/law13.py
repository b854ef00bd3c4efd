"""Law 13: incorrect number of cards (1987; 2017 at the end of this docstring).

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

2017 (:class:`WrongNumberOfCards2017`). The spec (2017 §3.3) marks Law 13 [M] with letters of its
own grouping; the 2017 text's structure was checked here on the Polish federation's official
2017 translation (pzbs.pl/sedziowie/mpb/2017/pl/p13.html, found with the search tool) and the
south-waikato club's 2017 summary: the letters follow the moment of discovery:

* 13A, no player with the wrong hand has called yet: the director corrects it and, nobody having
  seen another's card, the board is played normally (13A1, ``deal_corrected``). (13A2, a card
  seen before any call, has no fact in the case format.)
* 13B, found during the auction or the play after such a player has called: if the director
  deems the deal can be corrected and played normally *with no change of call*, it is so played,
  the calls standing, and he may adjust after play (13B1); otherwise an adjusted score (13B2,
  12C1b). This is the change from 1987: play on is the director's default, and no player's
  objection cancels the board (1987 13B2). Whether the board can be played normally is
  judgement, so the ruling corrects the deal and flags ``corrected_deal_played_on`` (13B1): the
  director answers it, the engine does not guess. The director's moving of the cards is
  unauthorised information for the partner of the player whose hand was wrong: a note
  ``card_movement_ui`` (cited 13B: reading taken, [M]; the excerpt seen does not show which
  clause carries the sentence, and the spec's "13F" has no counterpart in the pzbs layout).
* 13C, a surplus card not of this deal is removed (no fact for it in the case format).
* 13D, found after the play: the result is cancelled, an adjusted score (artificial here, 12C2a,
  the split of the blame being the director's finding) and a procedural penalty (90).

Under 2017 the artificial score is Law 12C2 (12C1 is the assigned score), so :func:`artificial`
cites 12C2a there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

#: 13A/13B: a player counts as having seen another's cards once any call is made (True), or only
#: once the play has begun (False); see the module docstring.
SEEN_ONCE_A_CALL_IS_MADE = True


def seen(phase: str, called: bool) -> bool:
    """Whether, by the reading in force, a player has seen cards of another hand."""
    if phase != "auction":
        return True
    return called and SEEN_ONCE_A_CALL_IS_MADE


def artificial(rule_obj: Rule, law: str) -> None:
    """Artificial adjusted scores with the split of the blame left to the director (1987 12C1;
    2017 12C2a, whichever clause ``law`` named under 1987)."""
    if rule_obj.ruler.edition == "2017":
        law = "12C2a"
    rule_obj.ruling.add("adjusted_score", law, adjustment="artificial")
    rule_obj.ruling.flag("fault_to_be_found", law)


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


@rule(Kind.WRONG_NUMBER_OF_CARDS, editions={"2017"})
class WrongNumberOfCards2017(WrongNumberOfCards):
    """2017 Law 13 (module docstring): correct and play on after a call, the director judging."""

    def detected(self, table: Table) -> None:
        phase = str(self.fact.detail("phase", "auction"))
        called = bool(self.fact.detail("called", False))
        if phase == "ended":
            self.ruling.add("result_cancelled", "13D")
            artificial(self, "12C2a")
            self.ruling.note("procedural_penalty_possible", "90")
            return
        if phase == "auction" and not called:
            self.ruling.add("deal_corrected", "13A1")
            return
        self.ruling.add("deal_corrected", "13B1")
        self.ruling.add("calls_stand", "13B1")
        self.ruling.flag("corrected_deal_played_on", "13B1")
        if self.fact.seat is not None:
            self.ruling.note("card_movement_ui", "13B", seat=str(self.fact.seat.partner))
        self.ruling.note("procedural_penalty_possible", "90")

    def objected(self, table: Table, seat: Seat, event: int) -> None:
        """2017 gives the players no right to have the board cancelled by objecting: whether
        it is played is the director's decision (13B1), which the flag leaves to him."""
