"""Law 54 (1987): a faced opening lead out of turn.

When the wrong defender faces the opening lead, declarer may

* 54A: spread his own hand: he becomes dummy and his partner becomes declarer (the lead was then
  made by the right hand);
* 54B: accept it and remain declarer: dummy is spread at once and declarer plays the second card
  of the trick from his own hand;
* 54C: he must accept it if he could have seen any of dummy's cards (not expressible in the case
  format; the director would apply it);
* 54D: refuse it: the card is retracted and becomes a major penalty card (Law 56); the right
  defender leads, with declarer's Law 50E options about the suit of that card.

Options for declarer: ``accept`` (54B), ``spread`` (54A), ``refuse`` (54D). A "lead" by declarer
or dummy before the opening lead is not a lead: the card goes back without penalty (48A) and the
right defender leads (41A). Source: table of contents of the 1987 book (structure [H]); details
[M].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law41, law48, law56
from generator.laws.law53 import LeadOutOfTurn
from generator.laws.ruler import rule
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind
from generator.table.ruler import Ruler

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.OPENING_LEAD_OUT_OF_TURN, editions={"1987"})
class OpeningLeadOutOfTurn(LeadOutOfTurn):
    """Laws 53 and 56 apply as for any lead out of turn; 54 adds declarer's choices."""

    def opened(self, table: Table) -> None:
        assert table.declarer is not None and table.pending is not None
        if self.fact.detail("by_declaring_side"):
            Ruler.resolve(self.ruler, table, "refused", self.fact.event or 0)
            card = Card.parse(str(self.fact.detail("card")))
            law41.not_a_lead(self.ruling)
            law48.declarer_exposed(self.ruling, table, self.offender, [card])
            return
        table.pending.choosers = (table.declarer,)
        table.pending.options = ("accept", "spread", "refuse")
        law10.offer(
            self.ruling, table.declarer,
            Option("accept", [Rectification("lead_stands", "54B", {"event": self.fact.event})],
                   ["54B"]),
            Option("spread", [Rectification("roles_swapped", "54A",
                                            {"declarer": str(table.declarer.partner)})], ["54A"]),
            Option("refuse", law56.refusal_rects(table, self.offender,
                                                 Card.parse(str(self.fact.detail("card")))),
                   ["54D"]),
        )

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if option == "spread" and table.pending is not None and table.declarer is seat:
            self.ruling.settle("spread")
            Ruler.resolve(self.ruler, table, "accepted", event)
            table.declarer = seat.partner
            return
        if option in ("accept", "refuse") and table.pending is not None:
            self.resolve(table, "accepted" if option == "accept" else "refused", event)
            return
        super().chose(table, seat, option, event)
