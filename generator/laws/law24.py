"""Law 24: a card exposed or led during the auction (1987 and 2017, one rule).

* 24A: a single card below honour rank, not led prematurely: no penalty in the auction; if the
  offender becomes a defender it is a (minor) penalty card.
* 24B: a single honour, or any card led prematurely: the offender's partner must pass at his next
  turn, and the card becomes a (major) penalty card if the offender becomes a defender.
* 24C: two or more cards exposed: the same bar and major penalty cards. The 1987 code (like the
  1975 and 1997 ones) gives two or more exposed cards their own section C after A (a low card)
  and B (an honour or a card led early); the seeds show only the tail of the law (seed 000,
  page 54: the bar «...следующую очередь заявки», with 23A) and the index entry «24», so the
  lettering is [M], taken from that structure.

Law 23A goes with the 24B bar: the seed 000 page that ends Law 24 refers to 23A for a damaging
enforced pass, so the ruling flags it like every other bar on the offender's partner.

Source: the 1987 commentary as restated in the spec ([M]: the 1987 text was not seen). The
penalty cards are listed as soon as the card is exposed, marked ``if_defending`` (the condition
that the offender defends): that is what the director says at the table, before anyone knows who
will declare. They stay in the ruling when the auction ends, with ``applies`` saying whether the
condition came true, and ``state.penalty_cards`` gives each its status (``if_defending`` during
the auction, then ``in_force`` or ``lapsed``). When the offender defends, the cards become penalty
cards on the table like any other (Law 50: the duty to play a major one, and declarer's lead
options when the offender's partner is to lead, the opening lead included); when his side
declares, they are picked up.
2017 (spec 2017 §5.2, [H] French LOI24): the same rule. 24A-24C keep their letters and
effects; the offender's partner's enforced pass now points to Law 72C instead of 1987's 23A
(``Rule.bar_partner`` flags the edition's clause); 2017 gives the penalty cards a clause of their
own, 24E (the offender becomes a defender: each card is a penalty card, Law 50 classing it), and
24D (declarer or dummy: the cards are picked up), so under 2017 the penalty cards cite 24E. One
rule serves both editions; only the clause of the penalty cards takes the edition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law50
from generator.laws.ruler import BOTH, Rule, rule
from generator.laws.ruling import Rectification
from generator.model.cards import Card
from generator.table.irregularities import Kind
from generator.table.state import PenaltyCard

if TYPE_CHECKING:
    from generator.table.state import Table


EDITIONS = ("1987", "2017")


@rule(Kind.CARD_EXPOSED_DURING_AUCTION, editions=BOTH)
class CardExposedDuringAuction(Rule):
    cards_rects: list[Rectification]
    #: the cards as the table keeps them until the auction says whether they are penalty cards
    waiting: list[PenaltyCard]

    def detected(self, table: Table) -> None:
        super().detected(table)
        cards = [Card.parse(c) for c in str(self.fact.detail("cards")).split()]
        led = bool(self.fact.detail("led"))
        minor = len(cards) == 1 and not cards[0].rank.is_honour and not led
        law = "24A" if minor else ("24C" if len(cards) >= 2 else "24B")
        if not minor:
            self.bar_partner(table, "next_turn", law)
        else:
            self.ruling.cite("24A")
        # the clause that makes them penalty cards: 1987 the letter of the case; 2017 24E
        card_law = "24E" if self.ruler.edition == "2017" else law
        self.cards_rects = [
            self.ruling.add("penalty_card", card_law, seat=str(self.offender), card=str(c),
                            major=not minor, condition="if_defender", if_defending=True)
            for c in cards
        ]
        self.waiting = [PenaltyCard(self.offender, c, not minor, card_law, status="if_defending")
                        for c in cards]
        table.auction_penalty.extend(self.waiting)

    def auction_ended(self, table: Table) -> None:
        super().auction_ended(table)
        if table.declarer is None or not self.waiting:
            return
        defends = table.declarer.side is not self.offender.side
        for rect in self.cards_rects:
            rect.fields["applies"] = defends
        for waiting in self.waiting:
            if waiting in table.auction_penalty:
                table.auction_penalty.remove(waiting)
            if defends:
                # the cards lie on the table as penalty cards from now on (Law 50)
                law50.put_in_force(self.ruling, table, self.offender, waiting.card,
                                   waiting.major, waiting.law)
            else:
                waiting.status = "lapsed"
                table.auction_penalty.append(waiting)
                table.unexpose(self.offender, waiting.card)  # picked up: no penalty card
        if defends:
            # what the cards bring for the partner's lead, said now (the opening lead's choice,
            # if the partner makes it, follows and replaces this)
            law50.state_lead_to_come(self.ruling, table, self.offender)
        self.waiting = []
