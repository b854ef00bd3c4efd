"""Laws 61-64 (1987): the revoke — its definition, the ruling and its course.

61A: a revoke is a failure to follow suit when able, or a failure to lead or play a card or suit
required by law or by a penalty option. 61B: declarer may ask a defender who shows out, dummy may
ask declarer, and (in the 1987 code) the defenders may ask declarer and each other.

The course of a revoke is followed here: until it is established (Law 63) it must be corrected when
attention is drawn (Law 62); once established, the revoke trick stands and tricks are transferred
at the end of play (Law 64). A revoke on the twelfth trick is corrected even when established
(62D). This module registers the rule; the clauses live in ``law62``, ``law63`` and ``law64``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.laws import law42, law45, law62, law63, law64
from generator.laws.ruler import Rule, rule
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import PlayedTrick, Table


@rule(Kind.REVOKE, editions={"1987"})
class Revoke(Rule):
    established = False
    corrected = False
    #: declarer's 62D2 choice of the partner's card to trick twelve has been offered
    d2_offered = False
    #: the next trick, begun before the revoke trick was reopened for the correction (a card
    #: added to a defective trick, 67A); it resumes once the corrected trick is complete
    aside: PlayedTrick | None = None

    #: the director was called to the table after the revoke, during the board
    attention = False
    #: Law 64 settled it at the end of play (:func:`law64.transfer`)
    settled = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the players offered the 62C choice to take back their card, in order
        self.withdrawal_owners: list[Seat] = []

    trick = 0

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("61A", law45.played_by(self.offender, table.dummy))
        if self.offender is table.declarer:
            law42.dummy_may_ask(self.ruling)
        in_progress = table.current is not None and bool(table.current.plays)
        self.trick = int(self.fact.detail("trick") or len(table.tricks) + int(in_progress))

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        super().card_played(table, seat, card, event)
        if not self.established and not self.corrected and law63.establishes(
                table, self.offender, seat, self.trick):
            self.established = True
            self.ruling.cite("63A")

    def director(self, table: Table, event: int) -> None:
        moment = getattr(table.events[event], "moment", None)
        if moment is not None:  # after the board: Law 64 has settled it at the end of play
            if self.settled:
                law64.late_attention(self, moment, self.attention)
            return
        self.attention = True
        if self.corrected:
            return
        if not self.established:
            self.corrected = True
            law62.correct(self, table)
        elif self.trick == 12:
            # 62D1: corrected on the cards once trick 13 is complete (see law62.twelfth_trick);
            # the ruling says so now, so that the players know the last trick is played on
            self.ruling.note("twelfth_trick_pending", "62D1")
        else:
            self.ruling.note("revoke_established", "63A")

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        if self.aside is not None:
            law62.resume_next_trick(self, table, trick)
        if self.trick == 12 and len(table.tricks) == 13 and not self.corrected:
            self.corrected = True
            law62.twelfth_trick(self, table)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if self.lead_choice is None and (law62.partner_card_choice(self, table, seat, option)
                                         or law62.withdraw_choice(self, table, seat, option)):
            return
        super().chose(table, seat, option, event)

    def play_ended(self, table: Table) -> None:
        if table.claim is not None and not self.established:
            self.established = True  # a claim or concession establishes it (63A)
            self.ruling.cite("63A")
        if self.corrected:
            return
        if self.trick == 12:
            self.corrected = True
            law62.twelfth_trick(self, table)
            return
        self.settled = True
        law64.transfer(self, table)
