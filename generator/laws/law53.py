"""Law 53 (1987 and 2017): a lead out of turn accepted, and the defender's lead out of turn.

53A: any lead out of turn may be treated as a correct lead: declarer accepts it by saying so, or by
playing the next card (Law 60 makes such a play an acceptance). 53B-C: a card played by the
correct leader at the same time counts as the lead. If declarer does not accept a defender's lead
out of turn, the card is retracted and Law 56 applies. Options for declarer: ``accept`` /
``refuse``, each with what it brings (the refusal's penalty card and, when the right leader is the
offender's partner, the lead choice that follows), so that the ruling given when the director
arrives says what happens either way.

2017 (spec §7.3, [H] thesmolens and south-waikato texts of 53): 53A lets a lead out of turn be
treated as correct only *before the thirteenth trick* (:class:`LeadOutOfTurn2017`): at trick 13
nobody may accept it; the director has the lead made from the right hand (47B) and the card goes
back. Reading taken for a defender's card so taken back ([M]: the text names only the correction):
it is no penalty card, since its owner holds no other card and must play it to this very trick
(:data:`LAST_TRICK_CARD_IS_PENALTY` off; on, Law 56 applies as before trick 13). The letters B and C
change places in 2017 (53B: the proper lead made after an irregular one; 53C: the wrong defender
plays to declarer's irregular lead); the engine cites neither, the index titles follow 2017.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law56
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification, Ruling
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind
from generator.table.ruler import Ruler

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


#: 2017, 53A: a defender's lead out of turn to the thirteenth trick, which nobody may accept,
#: makes no penalty card (False, the reading taken) or a major one under Law 56 (True).
LAST_TRICK_CARD_IS_PENALTY = False


def last_trick(table: Table) -> bool:
    """Whether the lead is to the thirteenth trick (2017 53A: too late to accept it)."""
    return len(table.tricks) == 12


def correct_last_lead(rule: Rule, table: Table) -> None:
    """2017, 53A: a lead out of turn to trick 13 cannot be accepted: the card goes back to its
    owner's hand (47B) and the right hand leads."""
    card = Card.parse(str(rule.fact.detail("card")))
    rule.ruling.cite("53A")
    rule.ruling.note("last_trick_not_accepted", "53A")
    Ruler.resolve(rule.ruler, table, "refused", rule.fact.event or 0)
    table.unexpose(rule.offender, card)
    rule.ruling.add("card_restored", "47B", seat=str(rule.offender), card=str(card))


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
                Option("refuse", law56.refusal_rects(table, self.offender, card,
                                                     self.ruling.edition), ["56"]),
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


@rule(Kind.LEAD_OUT_OF_TURN, editions={"2017"})
class LeadOutOfTurn2017(LeadOutOfTurn):
    """2017: as 1987 before trick 13; at trick 13 the lead cannot be accepted (53A)."""

    def opened(self, table: Table) -> None:
        if last_trick(table) and not LAST_TRICK_CARD_IS_PENALTY:
            correct_last_lead(self, table)
            return
        if last_trick(table):
            self.ruling.cite("53A")
            self.resolve(table, "refused", self.fact.event or 0)
            return
        super().opened(table)
