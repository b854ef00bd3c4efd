"""Law 52 (1987 and 2017): failure to lead or play a penalty card.

52A: when a defender fails to lead or play a penalty card as Law 50 requires, he may not withdraw
the card he played instead on his own; declarer may accept that play (52B1: the penalty card stays a
penalty card) or require the penalty card to be played in its place (52B2: the card wrongly played
is withdrawn and becomes a major penalty card — reading taken from the 1997 text, [M]).
Options: ``accept`` / ``substitute``. Declarer who plays from his hand or dummy after the wrong card
before choosing has accepted it (52B1, as in the 1975 and 1997 texts; Law 60A states the same
principle for any irregular play), and may no longer require the substitution.

2017 (spec §7.2, [H] pzbs l52 and the south-waikato text of 52): the same rule, 52B1(b) saying
outright that declarer who has since played from either hand must accept, and 52B2 that every card
illegally led or played becomes a major penalty card, as the engine already reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law50, law60
from generator.laws.ruler import BOTH, Rule, rule
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card
from generator.model.play import trick_winner
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import PlayedTrick, Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


@rule(Kind.PENALTY_CARD_NOT_PLAYED, editions=BOTH)
class PenaltyCardNotPlayed(Rule):
    #: rectifications of the ``substitute`` option that only preview what the substitution
    #: brings (the new penalty card): the substitution itself adds the real ones
    preview: list[Rectification]

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("52A")
        if table.declarer is None:
            return
        owner = self.offender
        wrong = Card.parse(str(self.fact.detail("card")))
        penalty = Card.parse(str(self.fact.detail("penalty")).split()[0])
        major = bool(self.fact.detail("major"))
        # Declarer decides on the substitution first: a 50E/51B lead choice offered for the
        # partner's lead when this card completed the trick was offered too early (the
        # substitution may change who won the trick), so it is withdrawn and offered again
        # once it is due (``chose``).
        for other in self.ruler.rules.values():
            if other is not self and other.lead_choice is not None \
                    and other.lead_choice[1] is owner:
                other.withdraw_stale_penalty_offer(table)
        trick = self._trick_of(table, wrong)
        # 52B1: the card played stands and the penalty card stays on the table, with what it
        # brings for the partner's lead (the 50E/51B choice, now or when he gains the lead)
        accept: list[Rectification] = [
            Rectification("play_stands", "52B1", {"seat": str(owner), "card": str(wrong)}),
            Rectification("penalty_card", "52B1", {"seat": str(owner), "card": str(penalty),
                                                    "major": major, "remains": True})]
        if major:
            lead = law50.lead_to_come(table, owner, edition=self.ruling.edition)
            if lead is not None:
                if trick is not None and trick.is_complete and trick.winner is owner.partner:
                    lead.fields["when"] = "partner_on_lead"
                accept.append(lead)
        # 52B2: the penalty card is played in its place and the card withdrawn becomes a major
        # penalty card; with the trick complete, the director says who wins it now
        self.preview = [Rectification("penalty_card", "52B2", {
            "seat": str(owner), "card": str(wrong), "major": True})]
        substitute = [Rectification("must_play", "52B2", {"seat": str(owner),
                                                          "card": str(penalty)}),
                      *self.preview]
        if trick is not None and trick.is_complete and table.contract is not None:
            plays = [(s, penalty if s is owner else c) for s, c in trick.plays]
            winner = trick_winner(plays, table.contract.strain)
            substitute.append(Rectification("wins_trick", "52B2", {
                "seat": str(winner), "card": str(dict(plays)[winner])}))
        law10.offer(self.ruling, table.declarer, Option("accept", accept, ["52B1"]),
                    Option("substitute", substitute, ["52B2"]))

    @staticmethod
    def _trick_of(table: Table, card: Card) -> PlayedTrick | None:
        """The trick the wrong card was played to (the current one, or the one it completed)."""
        for trick in [table.current, *reversed(table.tricks[-1:])]:
            if trick is not None and any(c == card for _, c in trick.plays):
                return trick
        return None

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        super().card_played(table, seat, card, event)
        choice = self.ruling.open_choice
        if (self.lead_choice is None and choice is not None and table.declarer is not None
                and seat.side is table.declarer.side and choice.option("accept") is not None
                and event > (self.fact.event or -1)):
            self.ruling.settle("accept")
            law60.accepted_by_play(self.ruling)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if self.lead_choice is not None or self.ruling.settle(option) is None:
            super().chose(table, seat, option, event)
            return
        if option == "substitute":
            self.substitute(table, event)
        elif any(r.fields.get("when") == "partner_on_lead" for r in self.ruling.rectifications):
            # the accept option's preview of the lead choice: the offer itself replaces it
            law50.offer_settled(self.ruling)
        if table.phase == "play" and table.current is None and table.next is not None:
            self.ruler.offer_due_penalty_lead(table, table.next)

    def substitute(self, table: Table, event: int) -> None:
        """52B2: the penalty card takes the wrong card's place, which becomes a major penalty
        card (the option's preview of it gives way to the real one)."""
        self.ruling.rectifications = [r for r in self.ruling.rectifications
                                      if not any(r is p for p in self.preview)]
        wrong = Card.parse(str(self.fact.detail("card")))
        penalty = Card.parse(str(self.fact.detail("penalty")).split()[0])
        taken = table.take_back(self.offender, face_up=True)
        if taken is None:
            return
        table.penalty = [p for p in table.penalty
                         if not (p.seat is self.offender and p.card == penalty)]
        law50.add_penalty_cards(self.ruling, table, self.offender, [wrong], deliberate=True,
                                law="52B2")
        from generator.table.events import CardPlayed

        table._place(CardPlayed(self.offender, penalty), self.offender, penalty, event)
