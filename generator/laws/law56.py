"""Law 56 (1987): a defender's lead out of turn that declarer does not accept.

When declarer requires a defender to retract a lead out of turn, the card becomes a major penalty
card and Law 50E applies (seed 003). The right defender then leads; if he is the offender's partner,
declarer has the 50E options about the suit of the penalty card: they are offered at once (the
retraction happens after the table has already called for the right lead, so the general "lead
due" offer cannot see the new penalty card). If declarer requires a suit the leader does not hold,
the leader leads any card (Law 59, noted in the ruling).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law50, law59
from generator.laws.ruling import Ruling
from generator.model.cards import Card, Suit
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


def lead_chosen(rule: Rule, table: Table, option: str) -> None:
    """After declarer's 50E choice: if he required a suit the leader does not hold, the leader
    may lead any card (Law 59)."""
    verb, _, letter = option.partition("_")
    if verb != "require" or not letter or table.next is None:
        return
    hand = table.remaining(table.next)
    if hand is not None and not law59.can_comply(hand, Suit.parse(letter), require=True):
        rule.ruling.note("cannot_comply", "59")
