"""Law 53 (1987): a lead out of turn accepted, and the defender's lead out of turn.

53A: any lead out of turn may be treated as a correct lead: declarer accepts it by saying so, or by
playing the next card (Law 60 makes such a play an acceptance). 53B-C: a card played by the
correct leader at the same time counts as the lead. If declarer does not accept a defender's lead
out of turn, the card is retracted and Law 56 applies. Options for declarer: ``accept`` /
``refuse``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law56
from generator.laws.ruler import Rule, rule
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table


@rule(Kind.LEAD_OUT_OF_TURN, editions={"1987"})
class LeadOutOfTurn(Rule):
    def opened(self, table: Table) -> None:
        self.offer_acceptance(table, ("53A",), ("56",), accept_kind="lead_stands")

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self.settle_acceptance(how, by_play=True)
        super().resolve(table, how, event)
        if how not in ("accepted", "condoned"):
            law56.retracted_lead(self, table, self.offender,
                                 Card.parse(str(self.fact.detail("card"))))

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        super().chose(table, seat, option, event)
        law56.lead_chosen(self, table, option)
