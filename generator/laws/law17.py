"""Law 17D (1987): cards taken from the wrong board.

If a player has picked up the cards of another board and called, the director may cancel the deal
and must cancel it if a member of the non-offending side asks (a procedural penalty is possible
under Law 90). Before any call by that player, nothing is cancelled: the cards go back to the right
board. The non-offenders' choice is an option of the ruling (``cancel`` / ``continue``); a cancelled
deal is scored with artificial adjusted scores (Law 12C1): the rectification is
``{kind: adjusted_score, adjustment: artificial}`` (the format's ``kind`` key names the
rectification, so the kind of adjusted score goes in ``adjustment``).

17D sets no time limit: once the player has called, the option is offered whether the wrong cards
are found during the auction or during the play (a cancelled deal ends the board at once).

2017: this rule is 1987's only. The 2017 code moves the board taken from the wrong place to Law
15A (cancel the call and every later call; the offender calls again, or an adjusted score if
his partner has called since): :class:`generator.laws.law15.CardsFromWrongBoard2017`. What the
2017 Law 17 keeps for the engine is 17D3 (three passes with one out of rotation, 1987's Law 34),
cited by :func:`generator.laws.law34.may_end` under 2017. So this module serves 1987 alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law86
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.CARDS_FROM_WRONG_BOARD, editions={"1987"})
class CardsFromWrongBoard(Rule):
    def primary_laws(self) -> tuple[str, ...]:
        """17D itself, not the whole of Law 17 (whose other clauses are the auction's order):
        the clause a question on this ruling names."""
        return ("17D",)

    def detected(self, table: Table) -> None:
        super().detected(table)
        called = any(e.seat is self.offender for e in table.entries)
        if not called:
            self.ruling.add("no_rectification", "17D")
            self.ruling.facts["called"] = called
            return
        self.ruling.cite("17D")
        self.ruling.note("procedural_penalty_possible", "90")
        law10.offer(
            self.ruling, self.offender.lho,
            Option("cancel", [Rectification(
                "adjusted_score", "12C1", law86.artificial_for_sides(str(self.offender.side)))],
                   ["17D", "12C1", "86A"]),
            Option("continue", [], ["17D"]),
        )

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if self.ruling.settle(option) is None:
            super().chose(table, seat, option, event)
        if option == "cancel" and table.phase != "ended":
            table.end_play()
