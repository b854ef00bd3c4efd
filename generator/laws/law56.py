"""Law 56 (1987): a defender's lead out of turn that declarer does not accept.

When declarer requires a defender to retract a lead out of turn, the card becomes a major penalty
card and Law 50E applies (seed 003). The right defender then leads; if he is the offender's partner,
declarer has the 50E options about the suit of the penalty card: they are offered at once (the
retraction happens after the table has already called for the right lead, so the general "lead
due" offer cannot see the new penalty card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law50
from generator.laws.ruling import Ruling
from generator.model.cards import Card
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.laws.ruler import Rule
    from generator.table.state import Table


def retracted_lead(rule: Rule, table: Table, offender: Seat, card: Card) -> None:
    """The retracted card becomes a major penalty card of the offender; if his partner is the
    right leader, declarer's 50E options about the suit of that card are offered now."""
    ruling: Ruling = rule.ruling
    ruling.cite("56")
    law50.add_penalty_cards(ruling, table, offender, [card], deliberate=True, law="56")
    if (table.declarer is not None and table.next is offender.partner
            and table.is_defender(offender) and ruling.open_choice is None):
        rule.offer_penalty_lead(table, offender)
