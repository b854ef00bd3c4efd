"""Law 44 (1987 and 2017): sequence and procedure of play — the rule for declarer playing from
a hand out of turn.

44: the lead, then each player in clockwise order; follow suit if able; the highest trump or the
highest card of the suit led wins; the winner leads next. 45A-B: a card is played when put face up
on the table (declarer plays dummy's cards by naming them); 45C: a defender's card held so that his
partner could see it, and declarer's card held face up touching the table, are played. 47A: a card
may be retracted to comply with a rectification; 47G: otherwise a played card is never retracted.

Reading taken for a card played from declarer's side out of turn within a trick (no 1987 clause
names it; [M]): it goes back without penalty (declarer's cards are never penalty cards, 48A) and
the right hand plays (44).

2017 ([H] pzbs.pl 2017 English text of 57C3; :class:`DeclarerPlaysOutOfTurn2017`): a premature
play (not a lead) by declarer from either hand is a played card and, if legal, cannot be withdrawn:
the card counts as that hand's play to the trick, made at its proper turn (``law57.PlayAtTurn``).
An illegal one (a card of another suit while the hand can follow) goes back without penalty as in
1987 (48A), the hand then following suit at its turn. The irregularity is 44's kind in the table;
under 2017 the ruling rests on 57C3 as well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law45, law47, law48
from generator.laws.ruler import Rule, rule
from generator.model.cards import Card
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


@rule(Kind.PLAY_OUT_OF_TURN, editions={"1987"})
class DeclarerPlaysOutOfTurn(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        card = Card.parse(str(self.fact.detail("card")))
        self.ruling.cite("44", law45.played_by(self.offender, table.dummy))
        law47.retracted_for_rectification(self.ruling)
        law48.declarer_exposed(self.ruling, table, self.offender, [card])
        # what becomes of the card (a card held face up, 45C2, as much as one put down): it
        # goes back, and the player in turn plays
        self.ruling.note("declarer_card_back", "47A", card=str(card),
                         turn=str(self.fact.detail("turn", "")) or None)


@rule(Kind.PLAY_OUT_OF_TURN, editions={"2017"})
class DeclarerPlaysOutOfTurn2017(DeclarerPlaysOutOfTurn):
    """2017, 57C3: declarer's premature card stands as played if legal."""

    def primary_laws(self) -> tuple[str, ...]:
        return ("44", "57")

    def detected(self, table: Table) -> None:
        from generator.laws import law57

        card = Card.parse(str(self.fact.detail("card")))
        if not law57.legal_now(table, self.offender, card):
            super().detected(table)
            self.ruling.cite("57C3")
            return
        Rule.detected(self, table)
        self.ruling.cite("44", law45.played_by(self.offender, table.dummy), "57C3")
        law57.play_at_turn(self, table, card, "57C3")
