"""Law 14: a missing card (1987; 2017 at the end of this docstring).

Three hands are right and the fourth is short (``N holds 12``, or ``N holds 12 SA`` when the
missing card is found other than among the played cards). The director searches for the card
(seed 000 gives 14A and 14B1):

* 14A, before the play begins: a card found goes back to the short hand (14A1, ``card_restored``);
  a card that cannot be found is replaced and the deal rebuilt as nearly as possible (14A2,
  ``deal_reconstructed``).
* 14B, during the play: a card found among the played cards is a defective trick (14B1(a), Law 67;
  the case shows it as ``exposes ... `` or a trick with a card too many, which the engine rules
  under 67); a card found elsewhere goes back to the short hand (14B1(b)) and is deemed to have
  belonged to it all along (14B3): had its owner failed to follow suit with it, that was a revoke
  (the engine, knowing the deal, has recorded it when it happened, and Law 64 applies to it),
  and a defender's restored card may become a penalty card (Law 50; whether it was exposed is
  the director's finding: a flag).

Reading taken ([M]): the 1987 14B2 was not seen (seed 000 only names item 3). The engine reads
it as 14A2 during the play: a card not found is replaced and the deal rebuilt
(:data:`NOT_FOUND_IN_PLAY_REBUILDS`); off, the engine leaves a card not found during the play to
the director (a flag on 14B2) and says nothing more.

2017 (:class:`MissingCard2017`; spec 2017 §3.3 [M], checked on the south-waikato club's 2017
summary of Law 14, found with the search tool): the same rule, lettered afresh and completed.
Before the opening lead is faced: a card found is restored (14A1), a card not found is
replaced from another pack and the deal rebuilt (14A2). After it: a card among the played cards
is Law 67 (14B1), a card found elsewhere is restored (14B2), a card not found is replaced from
another pack (14B3: 2017 settles what the 1987 reading :data:`NOT_FOUND_IN_PLAY_REBUILDS`
chose, so under 2017 there is no switch), and a restored card counts as held all along: it may
become a penalty card and not playing it may be a revoke (14B4). New: the knowledge that a card
was restored or replaced is unauthorised information for the partner of the player whose hand
was short (14C, a note ``card_movement_ui``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

#: 14B2: a card not found during the play is replaced and the deal rebuilt (True), as 14A2 does
#: before the play; or the director is left to decide (False). See the module docstring.
NOT_FOUND_IN_PLAY_REBUILDS = True


@rule(Kind.MISSING_CARD, editions={"1987"})
class MissingCard(Rule):
    def detected(self, table: Table) -> None:
        found = self.fact.detail("found")
        seat = str(self.offender)
        if str(self.fact.detail("phase", "auction")) == "auction":
            if found:
                self.ruling.add("card_restored", "14A1", seat=seat, card=found)
            else:
                self.ruling.add("deal_reconstructed", "14A2")
            return
        if not found:
            if NOT_FOUND_IN_PLAY_REBUILDS:
                self.ruling.add("deal_reconstructed", "14B2")
            else:
                self.ruling.flag("missing_card_not_found", "14B2")
            return
        self.ruling.add("card_restored", "14B1b", seat=seat, card=found)
        self.ruling.add("deemed_held_throughout", "14B3", seat=seat, card=found)
        if self.fact.detail("revoked"):
            self.ruling.note("failure_to_play_was_revoke", "14B3", seat=seat, card=found)
            self.ruling.cite("64")
        if self.fact.detail("defender"):
            self.ruling.flag("restored_card_may_be_penalty_card", "14B3")


@rule(Kind.MISSING_CARD, editions={"2017"})
class MissingCard2017(Rule):
    """2017 Law 14 (module docstring): 14A1-2, 14B2-4 and the 14C note."""

    def detected(self, table: Table) -> None:
        found = self.fact.detail("found")
        seat = str(self.offender)
        if str(self.fact.detail("phase", "auction")) == "auction":
            if found:
                self.ruling.add("card_restored", "14A1", seat=seat, card=found)
            else:
                self.ruling.add("deal_reconstructed", "14A2")
        elif not found:
            self.ruling.add("deal_reconstructed", "14B3")
        else:
            self.ruling.add("card_restored", "14B2", seat=seat, card=found)
            self.ruling.add("deemed_held_throughout", "14B4", seat=seat, card=found)
            if self.fact.detail("revoked"):
                self.ruling.note("failure_to_play_was_revoke", "14B4", seat=seat, card=found)
                self.ruling.cite("64")
            if self.fact.detail("defender"):
                self.ruling.flag("restored_card_may_be_penalty_card", "14B4")
        self.ruling.note("card_movement_ui", "14C", seat=str(self.offender.partner))
