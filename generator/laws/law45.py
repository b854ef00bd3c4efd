"""Law 45 (1987 and 2017): the card played.

45A: each player except dummy plays a card by taking it from his hand and placing it face up on the
table before him. 45B: declarer plays dummy's cards by naming them (or taking them himself). 45C:
a defender's card held so that his partner could see its face, and declarer's card held face up
touching or nearly touching the table, must be played. The engine records a card as played by its
``leads``/``plays`` event, and also by ``exposes CARD held`` (the card held face up as 45C says:
played, and ruled on as a play wherever it falls; see :data:`FACED_AT_OWN_TURN_IS_PLAYED` for a
plain ``exposes`` at the defender's own turn); rulings on cards played in
irregular ways cite these clauses.

2017 (spec §7.1): 45A-C3 and 45D-G are the same. 45C4(b) changes ([H] for the wording: the 2017
clause quoted on the EBU TD forum, thread "Law 45 C 4 (b)"; spec §15.19): only *declarer* may
correct an unintended designation, only of a card *from dummy*, and until he next plays a card
from either hand (1987/2007: any player, until his partner has played, without pause for
thought); whether the designation was unintended is the director's finding (``director
unintended`` / ``intended``). The case format has no event for a changed designation yet, so the
engine does not rule on one under either code. A card held face up counts as played under both
codes; what a premature one becomes is 2017 Law 57's (57C3 declarer, 57D a defender at his RHO's
turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.laws.ruling import Ruling
    from generator.table.irregularities import Irregularity
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")

#: 45C1 read on a plain ``exposes`` event (without ``held``). Off (the reading taken): such an event
#: is a card shown other than by legal play (Laws 49-50), whatever the turn: a card dropped face up
#: at one's own turn is still a penalty card (the cases of Law 50 rest on it). On: a single card a
#: defender shows at his own turn to lead or play, nothing pending, is the card he plays, since
#: seed 003, 45C1 says such a card, held so that his partner could see its face, "должна быть
#: сыграна в текущей взятке", and Law 49 penalises only a card shown before its owner may play it.
#: Either way ``exposes CARD held`` is the 45C card held face up: it counts as played.
FACED_AT_OWN_TURN_IS_PLAYED = False


def played_by(seat: Seat, dummy: Seat | None) -> str:
    """The clause under which the card of ``seat`` counts as played (45B for dummy's)."""
    return "45B" if seat is dummy else "45A"


def cite_if_held(ruling: Ruling, fact: Irregularity, table: Table) -> None:
    """45C beside the law that rules a card held face up (``exposes CARD held``): it counts as
    played (a defender's by 45C1, declarer's by 45C2), so what it is follows from its turn."""
    if fact.event is not None and fact.event in table.held and fact.seat is not None:
        ruling.cite("45C1" if table.is_defender(fact.seat) else "45C2")
