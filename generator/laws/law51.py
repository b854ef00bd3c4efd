"""Law 51 (1987): two or more penalty cards.

51A: a defender with two or more penalty cards who must play one may choose which, unless declarer
designates (Law 50's duty then covers all of them). 51B: when his partner is to lead:

* 51B1, all in one suit: if declarer requires that suit, the cards are picked up and the owner may
  play any legal card (51B1a); if declarer prohibits it, the owner picks them all up (51B1b);
* 51B2, in more than one suit: declarer may require any one of those suits (then as 51B1a) or
  prohibit each of them, the owner picking up every card of each prohibited suit.

Source: seed 003 (51B in full). The options are built by ``law50.lead_options``, which cites 51B
clauses whenever several penalty cards are involved; this module holds the rule for the owner's
choice among several playable penalty cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.model.cards import Card
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.table.state import Table


def playable_penalty_cards(table: Table, seat: Seat, legal: set[Card]) -> list[Card]:
    """51A: the penalty cards the owner could play now; any one of them satisfies his duty."""
    return [p.card for p in table.penalty_cards(seat) if p.card in legal]
