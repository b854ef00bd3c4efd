"""Law 54 (1987 and 2017): a faced opening lead out of turn.

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

2017 (spec §7.3): 54A-D are the same (a defender's card refused is a major penalty card, 50D in
2017 letters). New, 54E: an "opening lead" faced by declarer's side is ruled by Law 24, as a card
exposed during the auction period ([H] for the wording: the 2017 54E quoted on the BBO forum,
"Opening lead by wrong side ... Law 24 applies"; the EBU forum thread "Law 54E" discusses it).
Under 24 such a card of the side that becomes declarer and dummy is picked up and is no penalty
card (24D), and the pass 24B would impose on the offender's partner has no turn left to bind on
this board; so the card goes back and the right defender leads, as in 1987, but the ruling rests
on 54E and 24 instead of 41A and 48A (:class:`OpeningLeadOutOfTurn2017`).
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

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


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
                                                 Card.parse(str(self.fact.detail("card"))),
                                                 self.ruling.edition),
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


@rule(Kind.OPENING_LEAD_OUT_OF_TURN, editions={"2017"})
class OpeningLeadOutOfTurn2017(OpeningLeadOutOfTurn):
    """2017: 54A-D as in 1987, trick 13 aside (53A, never an opening lead); 54E for a card led
    by declarer's side."""

    def opened(self, table: Table) -> None:
        if not self.fact.detail("by_declaring_side"):
            super().opened(table)
            return
        # 54E: Law 24 applies; the offender's side declares, so the card is picked up (24D)
        Ruler.resolve(self.ruler, table, "refused", self.fact.event or 0)
        card = Card.parse(str(self.fact.detail("card")))
        table.unexpose(self.offender, card)
        self.ruling.cite("54E", "24")
        self.ruling.add("card_restored", "54E", seat=str(self.offender), card=str(card))
