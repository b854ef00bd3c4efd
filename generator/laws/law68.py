"""Law 68 (1987): claim or concession of tricks.

68A/68B: a statement (or showing of cards) that a player's side will win, or will lose, a number of
the remaining tricks is a claim or a concession; 68C: a claim should be accompanied by a statement
of the line of play; 68D: play stops, and the claim is settled by agreement (Law 69) or by the
director (Laws 70-71). The table records a claim through ``S claims N [stating PLAN]`` and a
concession through ``S concedes N``; this module reads what the director starts from: the position
at the moment of the claim and the claimer's statement.

Reading taken ([M]: the 1987 text of 68 was not seen). A claim without a statement is not void: the
director rules on it as on a claim whose every open choice goes against the claimer among normal
plays (70A, 70D), and the ruling cites 68C to say that the statement was missing
(:data:`NO_STATEMENT_AGAINST_CLAIMER`; off, a claim without a statement is ruled on the claimer's
careful line instead, as if he had stated the obvious one).

2017: 68A-D1 are the same for the engine. 68C now asks for the order of the cards in the
statement (the engine already plays the statement in order). 68D2(b), play going on at the
non-claimers' request when all four agree, is not ruled (see ``law70``).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.laws.claimplay import Position
from generator.model.cards import Card
from generator.model.seat import SEATS, Seat, Side
from generator.table.events import Claimed
from generator.table.state import Table

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")

#: 68C: a claim with no statement is ruled with every open choice against the claimer (True),
#: or on his careful line (False); see the module docstring.
NO_STATEMENT_AGAINST_CLAIMER = True


@dataclass(frozen=True)
class ClaimMoment:
    """What the director sees when he faces the hands (70B2): the position, the tricks each side
    had already won, the claimer and his statement."""

    position: Position | None
    seat: Seat
    side: Side
    remaining: int
    #: the tricks the claimer's side says it takes of the remaining (for a concession: keeps)
    keeps: int
    plan: tuple[str, ...] | None
    won: dict[Side, int]
    conceded: bool


def moment(table: Table, seat: Seat, tricks: int, event: int, conceded: bool) -> ClaimMoment:
    """The claim as the director finds it; called when the claim is recorded, before the table
    closes the play (the trick in progress is still on it)."""
    remaining = 13 - len(table.tricks)
    current = table.current
    claim = table.events[event]
    plan = claim.plan if isinstance(claim, Claimed) else None
    keeps = remaining - tricks if conceded else tricks
    position = None
    if table.hands is not None and table.contract is not None:
        trick: tuple[tuple[Seat, Card], ...] = ()
        leader = table.next or seat
        if current is not None and current.plays and not current.is_complete:
            trick = tuple(current.plays)
            leader = current.leader
        hands = {s: sorted(table.hands[s], key=lambda c: (c.suit.order, c.rank.order))
                 for s in SEATS}
        position = Position(hands, leader, trick, table.contract.strain.suit)
    return ClaimMoment(position, seat, seat.side, remaining, keeps, plan, dict(table.won),
                       conceded)


def statement_missing(moment: ClaimMoment) -> bool:
    """68C: the claim came without a statement of the line of play."""
    return not moment.conceded and moment.plan is None
