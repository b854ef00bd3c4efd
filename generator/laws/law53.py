"""Law 53 (1987): a lead out of turn accepted, and the defender's lead out of turn.

53A: any lead out of turn may be treated as a correct lead: declarer accepts it by saying so, or by
playing the next card (Law 60 makes such a play an acceptance). 53B-C: a card played by the
correct leader at the same time counts as the lead. If declarer does not accept a defender's lead
out of turn, the card is retracted and Law 56 applies. Options for declarer: ``accept`` /
``refuse``, each with what it brings (the refusal's penalty card and, when the right leader is the
offender's partner, the lead choice that follows), so that the ruling given when the director
arrives says what happens either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law56
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification, Ruling
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table


def drop_preview(ruling: Ruling, option_id: str) -> None:
    """The chosen option's rectifications describe what the rule then applies itself (a penalty
    card, a lead duty): once chosen they are taken out again, so that the rule's own, made when
    it applies the choice, are not listed twice."""
    for choice in ruling.choices:
        if choice.chosen != option_id:
            continue
        option = choice.option(option_id)
        for rect in option.rectifications if option is not None else ():
            for i, r in enumerate(ruling.rectifications):
                if r is rect:
                    del ruling.rectifications[i]
                    break


@rule(Kind.LEAD_OUT_OF_TURN, editions={"1987"})
class LeadOutOfTurn(Rule):
    def opened(self, table: Table) -> None:
        assert table.pending is not None
        card = Card.parse(str(self.fact.detail("card")))
        for seat in table.pending.acceptors[:1]:
            law10.offer(
                self.ruling, seat,
                Option("accept", [Rectification("lead_stands", "53A",
                                                {"event": self.fact.event})], ["53A"]),
                Option("refuse", law56.refusal_rects(table, self.offender, card), ["56"]),
            )

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self.settle_acceptance(how, by_play=True)
        drop_preview(self.ruling, "refuse")
        super().resolve(table, how, event)
        if how not in ("accepted", "condoned"):
            law56.retracted_lead(self, table, self.offender,
                                 Card.parse(str(self.fact.detail("card"))))

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        super().chose(table, seat, option, event)
        law56.lead_chosen(self, table, option)
