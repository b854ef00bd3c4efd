"""Law 15 (1987): a board played that was not meant for the table.

``director wrong-table`` (the board is not the one this table should play in this round; a pair
named after it, ``director wrong-table EW``, is the pair that should not be playing it here and
is replaced) and ``N played-before`` (N has played this board before). Seed 001 gives 15A-15C:

* 15A, nobody at the table has played the board before and it has been played here: the result
  normally stands (15A1, ``score_stands``); the director may have both pairs play their correct
  board against each other later (15A2, his decision: a flag).
* 15B, a player plays a board a second time (against the right opponents or not): the second
  result is cancelled for both sides (``result_cancelled``) and the contestants deprived of a
  result get artificial adjusted scores (12C1; the split of the blame is the director's
  finding: a flag).
* 15C, found during the auction: the director stops the auction, seats the right contestants
  and tells them their rights (``auction_cancelled``, ``contestants_reseated``). Before any
  call there is no auction to stop: the right contestants are seated and the auction begins.

Reading taken ([M]): seed 001 breaks off in 15C after the director tells the contestants their
rights. The engine reads the rest as the later codes have it (:data:`SECOND_AUCTION_REPEATS`): a
second auction begins; the players who stay at the table must repeat the calls they made in the
first one (``must_repeat_calls``), and if any repeated call differs in any way the director
cancels the board (``board_cancelled``, artificial adjusted scores). Off, the first auction is
simply cancelled and the second is free. Found in the play (or later) by a player who played it
before, 15B rules; a board found wrong during the play with nobody having played it is 15A.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.law13 import artificial
from generator.laws.ruler import Rule, rule
from generator.model.calls import CallValue
from generator.model.seat import SEATS, Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: 15C: the staying players repeat their first-auction calls and a difference cancels the board
#: (True), or the second auction is free (False). See the module docstring.
SECOND_AUCTION_REPEATS = True


@rule(Kind.BOARD_NOT_DESIGNATED, editions={"1987"})
class BoardNotDesignated(Rule):
    #: the calls the staying pair must repeat, in order, per seat
    to_repeat: dict[Seat, list[CallValue]]

    def detected(self, table: Table) -> None:
        self.to_repeat = {}
        phase = str(self.fact.detail("phase"))
        if phase == "auction":
            self.during_auction(table)
        elif self.fact.detail("played_before"):
            self.ruling.add("result_cancelled", "15B")
            artificial(self, "12C1")
        else:
            self.ruling.add("score_stands", "15A1")
            self.ruling.flag("correct_board_later", "15A2")

    def during_auction(self, table: Table) -> None:
        if not self.fact.detail("called"):
            self.ruling.add("contestants_reseated", "15C")
            return
        self.ruling.add("auction_cancelled", "15C")
        self.ruling.add("contestants_reseated", "15C")
        replaced = self.fact.detail("replaced")
        if self.fact.detail("played_before") and self.fact.seat is not None:
            replaced = str(self.fact.seat.side)
        staying = [s for s in SEATS if replaced is not None and str(s.side) != replaced]
        if SECOND_AUCTION_REPEATS and staying:
            self.ruling.add("must_repeat_calls", "15C",
                            side=str(staying[0].side))
            for entry in table.standing():
                if entry[0] in staying:
                    self.to_repeat.setdefault(entry[0], []).append(entry[1])
        table.restart_auction()

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        calls = self.to_repeat.get(seat)
        if not calls:
            return
        if calls.pop(0) != call:
            self.to_repeat = {}
            self.ruling.add("board_cancelled", "15C")
            artificial(self, "12C1")
            table.end_play()
