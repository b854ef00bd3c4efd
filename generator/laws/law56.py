"""Law 56 (1987 and 2017): a defender's lead out of turn that declarer does not accept.

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
from generator.laws.ruling import Rectification, Ruling
from generator.model.cards import Card, Suit
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.laws.ruler import Rule
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def refusal_rects(table: Table, offender: Seat, card: Card,
                  edition: str = "1987") -> list[Rectification]:
    """What declarer's refusal brings, stated with the option before he chooses (10C1: the
    director explains every option): the card becomes a major penalty card, to be played at the
    first legal opportunity (56, 50E), and if the right leader is the offender's partner,
    declarer then chooses about his lead (50E; 51B when the offender already has major penalty
    cards). The table applies the refusal itself when it comes (:func:`retracted_lead`)."""
    rects = [Rectification("penalty_card", "56", {"seat": str(offender), "card": str(card),
                                                  "major": True}),
             Rectification("must_play", law50.clause(edition, "play"), {
                 "seat": str(offender), "card": str(card), "when": "first_legal_opportunity"})]
    turn = table.pending.turn if table.pending is not None else None
    if table.is_defender(offender):
        # the lead choice the card brings: now, if the partner is the right leader, or else
        # if he gains the lead while the card is on the table (issue 13: said at once)
        majors = [p.card for p in table.penalty_cards(offender) if p.major] + [card]
        suits = sorted({c.suit for c in majors}, reverse=True)
        clause = law50.clause(edition, "lead") if len(majors) < 2 \
            else "51B1" if len(suits) == 1 else "51B2"
        rects.append(Rectification("lead_restriction", clause, {
            "seat": str(offender.partner), "chooser": "declarer",
            "suits": [str(s) for s in suits], "may": ["require", "prohibit"],
            "cards": [str(c) for c in majors],
            "when": "partner_on_lead" if turn is offender.partner else law50.TO_COME}))
    return rects


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
