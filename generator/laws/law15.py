"""Law 15: a board played that was not meant for the table (1987; 2017 at the end).

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

**A board played in the wrong direction** (``director wrong-direction``; ``... 180``), kind
``board_rotated``: the right board, at the right table, with the right players, but turned on the
table so that every hand went to the wrong seat. Turned a quarter, North-South took the
East-West hands (and the reverse); turned half-way, North took South's hand and East West's, so
that each pair still held its own line's two hands. The events of a case name the seats as they
sat; the deal given is the one as it was held at the table.

No 1987 text on this was seen (spec §2-3 covers Laws 1-16 only in outline; seeds 000/001 hold
13B-C, 14A-B, 15A-C). The later codes have no clause of their own for it either: directors rule
it from the principles of Laws 13-15 and from their guides. What was found (public pages; the
ACBL and EBU guides themselves were not reached): the EBU directors' forum, "Players in wrong
orientation" (forums.ebu.co.uk, comment 12244: in a pairs event the boards played the wrong way
keep their results, scored with the pair numbers swapped; in a teams match the board cannot be
compared, so averages); blml, "Wrong direction" (November 2007: a half turn, let the board be
played; a quarter turn in a team match, artificial scores, shared when both sides answer for
the board's position); the EBU forum thread "Arrow-switching in teams of eight" (a board played
at 90 degrees at one table scored with the lines exchanged, citing White Book 3.7.2.2 for the
cross-IMP arithmetic). Reading taken ([M]), labelled **15D**
here because it follows the three moments and the remedies of Law 15, of which it is a variant
(the board is right, but the line that held each hand is not the one the movement meant): it is
placed in this module, not under Law 6 (which makes a deal; this deal is right) nor Law 7 (which
says who minds the board, not what follows):

* 15D1, found before any call: nobody has looked at a wrong hand for the auction (the reading of
  :data:`generator.laws.law13.SEEN_ONCE_A_CALL_IS_MADE`): the hands are put into their right
  seats and the board is played normally, no adjusted score (``hands_to_right_seats``), as 13A
  puts a fouled deal right when nobody has seen another's cards (13A is cited beside 15D1).
* 15D2, found during the auction: as 15C, the auction is cancelled and a new one begins from the
  dealer with the hands in their right seats (``auction_cancelled``, ``hands_to_right_seats``).
  Unlike 15C nobody can repeat his calls (every player now holds another hand), and every player
  has seen a hand that is now someone else's: whether that interferes is the director's
  judgement (the flag of 13B1, ``seen_cards_may_interfere``; 13B is cited beside 15D2); if it
  does, artificial adjusted scores (12C1). Off (:data:`ROTATED_AUCTION_REPLAYED`), the director
  takes the board as unplayable at once: no new auction, artificial adjusted scores.
* 15D3, found once the auction is over (in the play or after it): the result stands if it can
  still be scored against the other tables. Turned half-way, each pair held its own line's hands
  and the result stands as it is (``rotated_result_stands``). Turned a quarter, the result stands
  scored as though North-South had sat East-West on this board (``lines_exchanged``) - the
  pairs-event practice - and a flag leaves to the director the case where the movement allows no
  such comparison (a team match): artificial adjusted scores (12C1). Off
  (:data:`QUARTER_TURN_RESCORED`), a quarter turn always brings artificial adjusted scores, the
  split of the blame being the director's finding (``fault_to_be_found``).

2017 (spec 2017 §3.3 and §14 row "law17"; checked on the 2017 English text of the Polish
federation, pzbs.pl/sedziowie/mpb/2017/en/l15.html, found with the search tool). Law 15 now has
two parts, and the 1987 15C (cancel the auction, repeat the calls) is gone:

* **15A, cards from the wrong board** (1987 Law 17D, :class:`CardsFromWrongBoard2017`): a call
  made by a player holding cards he took from another board is cancelled *with every later
  call*; if the offender's partner has called since, the director awards an adjusted score
  (15A1a: artificial here, 12C2a, the board having no result, and the board ends); otherwise the
  offender looks at his right hand and calls again, and the auction goes on from him (15A1b);
  16C applies to the calls cancelled (15A1c: under 2017 they are unauthorised to the offending
  side, :func:`generator.laws.law16.withdrawn_call`). 15A2 (the offender repeats or not his call
  on the board he took the cards from) concerns another board, outside the case; a procedural
  penalty is possible (15A3). Before the offender has called nothing is cancelled: the cards go
  back to their board (no rectification). 1987 17D instead let the non-offenders have the deal
  cancelled: :mod:`generator.laws.law17`.
* **15B, a board not designated for this round**, found at any time after the auction period
  has begun (:class:`BoardNotDesignated2017`): if any of the four has played it before, it is
  cancelled for both sides (15B1); if none has, the auction and play are completed and the score
  stands, and the director may have both pairs play the right board against each other later
  (15B2, a flag); any contestant deprived of a result gets an artificial adjusted score (15B3,
  12C2a). Reading taken: "after the commencement of the auction period" includes the moment
  before any call once the cards are out of the board (2017 17A), so a wrong pair found before
  the first call plays the board too; there is no 2017 counterpart of the 1987 reseating.
  (The pzbs page restricts 15B to pair and individual events, teams going to 86B; the case
  format names no form of scoring, and the engine rules 15B.)
* **The board turned on the table** keeps the reconstructed 15D (no code has a clause of its
  own for it) and one rule for both editions; under 2017 it cites 13A1 (nobody has seen another
  hand) and 13B (after a call) for the analogy, as :mod:`generator.laws.law13` letters them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law16
from generator.laws.law13 import artificial
from generator.laws.ruler import BOTH, Rule, rule
from generator.model.calls import CallValue
from generator.model.seat import SEATS, Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

#: 15C: the staying players repeat their first-auction calls and a difference cancels the board
#: (True), or the second auction is free (False). See the module docstring.
SECOND_AUCTION_REPEATS = True

#: 15D2 (reconstructed): a board found turned during the auction is replayed with the hands in
#: their right seats, the director judging what was seen (True), or cancelled at once with
#: artificial adjusted scores (False). See the module docstring.
ROTATED_AUCTION_REPLAYED = True

#: 15D3 (reconstructed): a board played turned a quarter keeps its result, scored with the lines
#: exchanged (True, as in a pairs event), or always brings artificial adjusted scores (False).
QUARTER_TURN_RESCORED = True


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


@rule(Kind.BOARD_ROTATED, editions=BOTH)
class BoardRotated(Rule):
    """A board played turned on the table (15D, reconstructed: see the module docstring)."""

    def detected(self, table: Table) -> None:
        phase = str(self.fact.detail("phase"))
        quarter = self.fact.detail("rotation") == "quarter"
        if phase == "auction" and not self.fact.detail("called"):
            self.ruling.add("hands_to_right_seats", "15D1")
            # nobody has seen a hand not his: 13A's reading (2017: 13A1), by analogy
            unseen = "13A1" if self.ruler.edition == "2017" else "13A"
            self.ruling.cite(unseen)
        elif phase == "auction":
            self.ruling.add("auction_cancelled", "15D2")
            if ROTATED_AUCTION_REPLAYED:
                self.ruling.add("hands_to_right_seats", "15D2")
                self.ruling.flag("seen_cards_may_interfere", "15D2")
                self.ruling.cite("13B")  # each player has seen another's hand: 13B's judgement
                table.restart_auction()
            else:
                artificial(self, "12C1")
                table.end_play()
        elif not quarter:
            self.ruling.add("rotated_result_stands", "15D3", lines_exchanged=False)
        elif QUARTER_TURN_RESCORED:
            self.ruling.add("rotated_result_stands", "15D3", lines_exchanged=True)
            self.ruling.flag("rotated_no_comparison", "15D3")
        else:
            self.ruling.add("result_cancelled", "15D3")
            artificial(self, "12C1")
            if phase != "ended":
                table.end_play()

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        """Nothing waits on a later call: there is no offender whose duty a call would spend,
        and the second auction (15D2) is free, nobody holding the hand he called with."""


@rule(Kind.BOARD_NOT_DESIGNATED, editions={"2017"})
class BoardNotDesignated2017(Rule):
    """2017 15B: cancelled if any of the four has played it; otherwise completed, score stands."""

    def detected(self, table: Table) -> None:
        phase = str(self.fact.detail("phase"))
        if self.fact.detail("played_before"):
            self.ruling.add("result_cancelled" if phase == "ended" else "board_cancelled_for_both",
                            "15B1")
            artificial(self, "12C2a")
            self.ruling.cite("15B3")
            if phase != "ended":
                table.end_play()
            return
        self.ruling.add("score_stands", "15B2")
        self.ruling.flag("correct_board_later", "15B2")

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        """Nothing waits on a later call: the board simply goes on (15B2), and the fact may
        name no seat (``director wrong-table``)."""


@rule(Kind.CARDS_FROM_WRONG_BOARD, editions={"2017"})
class CardsFromWrongBoard2017(Rule):
    """2017 15A: the calls made on the wrong cards, and every later call, are cancelled."""

    def primary_laws(self) -> tuple[str, ...]:
        """15A itself (the 2017 home of 1987's 17D)."""
        return ("15A",)

    def detected(self, table: Table) -> None:
        super().detected(table)
        standing = [i for i, e in enumerate(table.entries) if e.status == "standing"]
        first = next((i for i in standing if table.entries[i].seat is self.offender), None)
        self.ruling.facts["called"] = first is not None
        if first is None:
            self.ruling.add("no_rectification", "15A")
            return
        cancelled = [i for i in standing if i >= first]
        partner_called = any(table.entries[i].seat is self.offender.partner for i in cancelled)
        for n, i in enumerate(cancelled):
            table.entries[i].status = "cancelled"
            self.ruling.add("call_cancelled", "15A1", event=table.entries[i].event,
                            later=True if n else None)
        self.ruling.note("procedural_penalty_possible", "15A3")
        if partner_called or table.phase != "auction":
            self.ruling.cite("15A1a")
            artificial(self, "12C2a")
            if table.phase != "ended":
                table.end_play()
            return
        law16.withdrawn_call(self.ruling, self.offender)
        self.ruling.cite("15A1c")
        self.ruling.add("calls_again", "15A1b", seat=str(self.offender))
        table.pending = None
        table.next = self.offender
