"""Law 55 (1987 and 2017): declarer's lead out of turn.

55A: either defender may accept declarer's lead out of turn (or require its retraction); if they
disagree, the defender next in turn decides ([M]; in the case format the first defender to speak
decides). 55B1: if it was a defender's turn to lead, the card is restored without penalty. 55B2: if
declarer led from the wrong hand, he must lead from the correct hand; reading taken ([M], 1997
text): a card of the same suit if he can (:data:`SAME_SUIT`); if he has none, he leads any card
(Law 59). 55C: a lead out of turn induced by a defender's mistaken statement is retracted without
penalty (not expressible in the case format).

2017 (spec §7.3, [H] French LOI55 and the 2007 English text on pzbs, unchanged in 2017), the rule
differs in three points (:class:`DeclarerLeadOutOfTurn2017`):

* 55A: when the defenders choose differently, the option of the defender next in turn after the
  irregular lead prevails; the choice is therefore offered to him (the lead's left-hand
  opponent), where 1987 has the first defender to speak decide. The case format records one
  answer, so the engine shows the choice as that defender's until the other speaks first.
* 55B2: declarer leads from the correct hand, any card: no same-suit duty (1987 reading:
  :data:`SAME_SUIT`).
* 55C: if declarer's line could rest on information from his own infraction, Law 16 applies (a
  note on the retraction; judging the line is the director's).

53A's "before the thirteenth trick" applies here too (55A accepts "as provided in Law 53"): at
trick 13 the lead cannot be accepted and goes back (``law53.correct_last_lead``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law59
from generator.laws.law50 import LeadDuty
from generator.laws.law53 import correct_last_lead, drop_preview, last_trick
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")

SAME_SUIT = True


@rule(Kind.DECLARER_LEAD_OUT_OF_TURN, editions={"1987"})
class DeclarerLeadOutOfTurn(Rule):
    def same_suit(self) -> bool:
        """55B2: whether declarer, leading again from the right hand, must keep to the suit."""
        return SAME_SUIT

    def opened(self, table: Table) -> None:
        """Either defender may accept or refuse; the refusal says what it brings (10C1)."""
        assert table.pending is not None
        for seat in table.pending.acceptors[:1]:
            law10.offer(
                self.ruling, seat,
                Option("accept", [Rectification("lead_stands", "55A",
                                                {"event": self.fact.event})], ["55A"]),
                Option("refuse", self._refusal_rects(), ["55B"]),
            )

    def _refusal_rects(self) -> list[Rectification]:
        """55B1: the card goes back without penalty; 55B2: declarer leads from the right hand,
        of the same suit if he can (:data:`SAME_SUIT`)."""
        card = Card.parse(str(self.fact.detail("card")))
        if not self.fact.detail("wrong_hand"):
            return [Rectification("no_rectification", "55B1", {})]
        if not self.same_suit():
            return [Rectification("no_rectification", "55B2", {})]
        return [Rectification("must_play", "55B2", {
            "seat": str(self.fact.detail("turn")), "rule": "same_suit", "suit": str(card.suit)})]

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self._speaker_decides(table, event)
        self.settle_acceptance(how, by_play=True)
        drop_preview(self.ruling, "refuse")
        super().resolve(table, how, event)
        if how in ("accepted", "condoned"):
            return
        card = Card.parse(str(self.fact.detail("card")))
        table.unexpose(self.offender, card)  # declarer's cards are never penalty cards
        turn = Seat.parse(str(self.fact.detail("turn")))
        if self.fact.detail("wrong_hand"):
            if self.same_suit():
                self.ruling.add("must_play", "55B2", seat=str(turn), rule="same_suit",
                                suit=str(card.suit))
                table.constraints.append(LeadDuty(turn, card.suit, True, "55B2"))
                hand = table.remaining(turn)
                if hand is not None and not law59.can_comply(hand, card.suit, require=True):
                    self.ruling.note("cannot_comply", "59")  # no card of that suit: any lead
            else:
                self.ruling.add("no_rectification", "55B2")
        else:
            self.ruling.add("no_rectification", "55B1")
            self.ruling.cite("47A")

    def _speaker_decides(self, table: Table, event: int) -> None:
        """55A: either defender may decide; the choice is shown as made by the one who spoke
        (or played) first, not always by declarer's left-hand opponent."""
        choice = self.ruling.open_choice
        seat = getattr(table.events[event], "seat", None) if 0 <= event < len(table.events) \
            else None
        if choice is not None and isinstance(seat, Seat) and table.is_defender(seat):
            choice.seat = seat


@rule(Kind.DECLARER_LEAD_OUT_OF_TURN, editions={"2017"})
class DeclarerLeadOutOfTurn2017(DeclarerLeadOutOfTurn):
    """2017: 55A the defender next in turn prevails; 55B2 any card from the right hand; 55C
    Law 16; 53A no acceptance at trick 13."""

    def same_suit(self) -> bool:
        return False

    def opened(self, table: Table) -> None:
        assert table.pending is not None
        if last_trick(table):
            correct_last_lead(self, table)
            return
        # 55A: the defender next in turn after the irregular lead has the prevailing option
        table.pending.acceptors = (self.offender.lho, self.offender.rho)
        self.ruling.cite("55A")
        super().opened(table)

    def _refusal_rects(self) -> list[Rectification]:
        if not self.fact.detail("wrong_hand"):
            return super()._refusal_rects()
        turn = Seat.parse(str(self.fact.detail("turn")))
        hand = "dummy" if self.fact.detail("from_dummy") is None else "declarer"
        return [Rectification("lead_from", "55B2", {"seat": str(turn), "hand": hand})]

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        super().resolve(table, how, event)
        if how in ("accepted", "condoned"):
            return
        if self.fact.detail("wrong_hand"):
            # 55B2: any card from the right hand (the 1987 reading's same-suit duty is not 2017's)
            self.ruling.drop("no_rectification")
            for rect in self._refusal_rects():
                self.ruling.add(rect.kind, rect.law, **rect.fields)
        # 55C: declarer's later line may rest on what his retracted card told him
        self.ruling.note("declarer_information", "55C")
        self.ruling.cite("16")
