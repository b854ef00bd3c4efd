"""Law 67 (1987): the defective trick.

67A: a trick to which a player did not play, or to which he contributed too many cards, must be
rectified if attention is drawn before a player of each side has played to the next trick: the
player who omitted to play adds a card he can legally play; a card played in excess is withdrawn.
67B: if it is noticed later ([M]: the 1987 text of 67B was not seen), the director establishes the
facts and settles the trick; the engine flags it.

Mechanics: when no card has yet been played to the next trick, the defective trick is reopened and
the player who omitted to play is to play; otherwise the ruling lists the duty and the flag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.DEFECTIVE_TRICK, editions={"1987"})
class DefectiveTrick(Rule):
    done = False

    def director(self, table: Table, event: int) -> None:
        if self.done:
            return
        self.done = True
        current = table.current.plays if table.current is not None else []
        in_time = len({s.side for s, _ in current}) < 2
        if not in_time:
            self.ruling.flag("defective_trick_found_late", "67B")
            return
        if self.fact.detail("extra"):
            card = Card.parse(str(self.fact.detail("card")))
            if card in table.exposed[self.offender]:
                table.exposed[self.offender].remove(card)
            self.ruling.add("no_rectification", "67A")
            return
        missing = [Seat.parse(s) for s in str(self.fact.detail("missing", "")).split(",") if s]
        for seat in missing:
            self.ruling.add("must_play", "67A", seat=str(seat), rule="any_legal")
        if not current and table.tricks and table.tricks[-1].defective:
            trick = table.tricks[-1]
            table.reopen(trick)
            table.next = missing[0] if missing else table.next
