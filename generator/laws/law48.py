"""Law 48 (1987 and 2017): exposure of declarer's cards.

48A: declarer is not subject to penalty for exposing a card, and no card of declarer's or dummy's
hand ever becomes a penalty card (a card he has *played* under Law 45C2 is another matter). 48B:
declarer who faces his cards after the opening lead may be treated as making a claim or concession
(Law 68); the engine records claims through their own verb.

2017 (spec §7.2): the same rule; a premature *play* by declarer, though, is 57C3's (a played card
that stands if legal), and an opening "lead" by declarer's side 54E's (Law 24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruling import Ruling
from generator.model.cards import Card
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def declarer_exposed(ruling: Ruling, table: Table, seat: Seat, cards: list[Card]) -> None:
    """Declarer's exposed cards go back into his hand without penalty."""
    for card in cards:
        table.unexpose(seat, card)
    ruling.add("no_rectification", "48A")
