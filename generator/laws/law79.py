"""Law 79: tricks won (both codes; the late question differs).

The case says the count with a pair's verb after the last card (docs/case-format.md):
``NS agree 9``, ``EW contest``, ``NS correct 10``, the last two optionally ``after_round`` or
``after_correction_period``. The table records one ``trick_count`` fact per board: at the first
contest or correction, or at an agreement whose count is not the play's. Every count event then
comes to this rule, which settles the count the board is scored with: a ``tricks_agreed``
rectification (the agreed count stands) or ``count_corrected`` (the board is scored with the
true count), each with ``tricks: {NS, EW}``; :func:`generator.laws.engine.board_score` takes it
in place of the tricks of the play (a revoke's transfer still comes on top of it: the players
count the tricks won in play, the director transfers).

The true count is what the play gives: the tricks quitted, or, after a claim or concession, the
tricks the claim's ruling gives (``claim_tricks``), else those the claim itself said.

Both codes (1987 spec §7 [M]; 2017 spec §9.3 [M], pzbs.pl 2017 l79 and lovboka.org §79 read):

* 79A: the count agreed at the table stands when the play bears it out. A wrong count nobody
  raises is still the agreed one, and the board is scored with it (:data:`UNRAISED_ERROR_STANDS`;
  off, the director puts it right as soon as the case shows it); the ruling says that it may
  be corrected until the correction period ends (79C).
* 79B: a disagreement (``contest``) sends it to the director, who counts the tricks from the
  play; the count he finds is scored (1987 79B, 2017 79B2).
* 79C (2017 79C1): a correction asked within the correction period (``correct``, with no moment
  or ``after_round``) is made to the true count; when the count agreed was right the correction
  is refused and the agreed count stands.

Where the codes differ (the late question):

* A disagreement raised only after the round ended (``contest after_round``). 1987: no increase
  in score need be granted unless the director was called before the round ended; reading taken
  (:data:`NO_LATE_INCREASE_1987`): the contesting pair's score is not raised, the recorded count
  stands (a count that would lower its own score is still put right). 2017 79B3: the score is
  changed for both sides only when the director is clearly convinced of the result at the table;
  reading taken (:data:`PLAY_CONVINCES_2017`): the play in the case convinces him, so the true
  count is scored for both (off, the recorded count stands and the director is flagged to judge).
* A question raised after the correction period (``after_correction_period``). 1987 79C: the
  period is the last moment for a correction, so the agreed count stands. 2017 79C2: a correction
  is possible with the tournament organiser's approval when the director is sure beyond reasonable
  doubt that the record is wrong; the organiser's approval is not in the case, so the reading
  taken (:data:`ORGANISER_APPROVES_2017`) leaves the recorded count standing and flags the
  director (on, the true count is scored under 79C2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.model.seat import Side
from generator.table.events import TricksCounted
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")

#: 79A: a wrong agreed count that nobody raises is scored as agreed (the ruling says that it may
#: still be corrected within the correction period); off, it is corrected at once.
UNRAISED_ERROR_STANDS = True
#: 1987 79B: after the round, no increase in score for the pair that raises the disagreement.
NO_LATE_INCREASE_1987 = True
#: 2017 79B3: the play in the case leaves the director clearly convinced of the result.
PLAY_CONVINCES_2017 = True
#: 2017 79C2: the tournament organiser approves a correction after the correction period.
ORGANISER_APPROVES_2017 = False


def true_ns(rule_obj: Rule, table: Table) -> int:
    """North-South's tricks as the play gives them: the last ``claim_tricks`` of a claim's or
    concession's ruling, else the tricks the table counted (the claim as made included)."""
    for other in sorted(rule_obj.ruler.rules.values(), key=lambda r: r.index, reverse=True):
        for rect in reversed(other.ruling.rectifications):
            if rect.kind == "claim_tricks":
                return int(rect.fields["tricks"]["NS"])
    return table.won[Side.NS]


def pair_tricks(ns: int) -> dict[str, int]:
    """Each pair's tricks when North-South won ``ns``."""
    return {"NS": ns, "EW": 13 - ns}


@rule(Kind.TRICK_COUNT, editions={"1987"})
class TrickCount(Rule):
    """79A-C: settle the count the board is scored with, at every count event."""

    #: the clauses this code cites: agreement, disagreement ruled, correction in time,
    #: late disagreement, correction period over
    AGREED, RULED, CORRECTED, LATE, EXPIRED = "79A", "79B", "79C", "79B", "79C"
    #: North-South's tricks as last agreed, and the last question (verb, pair, moment), as
    #: :meth:`settle` last found them
    agreed: int | None = None
    raised: tuple[str, str, str | None] | None = None

    def tricks_counted(self, table: Table, counted: TricksCounted, event: int) -> None:
        self.settle(table)

    def settle(self, table: Table) -> None:
        """The ruling from scratch, from the agreed count, the last question and the play."""
        ruling = self.ruling
        ruling.rectifications.clear()
        ruling.notes.clear()
        ruling.flags.clear()
        ruling.laws[:] = [law for law in ruling.laws if not law.startswith("79")]
        ruling.cite(*self.primary_laws())
        agreed: int | None = None  # North-South's tricks as last agreed at the table
        raised: tuple[str, str, str | None] | None = None  # the last contest or correction
        for counted in table.events:
            if isinstance(counted, TricksCounted) and counted.verb == "agree":
                assert counted.tricks is not None
                agreed = counted.tricks if counted.pair == "NS" else 13 - counted.tricks
            elif isinstance(counted, TricksCounted):
                raised = (counted.verb, counted.pair, counted.moment)
        self.agreed, self.raised = agreed, raised
        played = true_ns(self, table)
        if self.raised is None:
            assert self.agreed is not None
            if self.agreed == played or UNRAISED_ERROR_STANDS:
                ruling.add("tricks_agreed", self.AGREED, tricks=pair_tricks(self.agreed))
                if self.agreed != played:
                    ruling.note("count_may_be_corrected", self.CORRECTED,
                                played=pair_tricks(played))
                return
            ruling.add("count_corrected", self.CORRECTED, tricks=pair_tricks(played))
            return
        verb, pair, moment = self.raised
        recorded = self.agreed
        if recorded is not None and recorded == played:
            ruling.note("count_confirmed", self.AGREED)
            ruling.add("tricks_agreed", self.AGREED, tricks=pair_tricks(recorded))
            return
        clause = self.RULED if verb == "contest" else self.CORRECTED
        if recorded is None or moment is None or (moment == "after_round" and verb == "correct"):
            ruling.add("count_corrected", clause, tricks=pair_tricks(played))
            return
        raising_gains = (played > recorded) == (pair == "NS")
        self.late(moment, recorded, played, raising_gains)

    def late(self, moment: str, recorded: int, played: int, raising_gains: bool) -> None:
        """1987: after the round the raising pair's score is not increased (79B); after the
        correction period nothing is corrected (79C)."""
        ruling = self.ruling
        if moment == "after_correction_period":
            ruling.note("correction_period_over", self.EXPIRED)
            ruling.add("tricks_agreed", self.EXPIRED, tricks=pair_tricks(recorded))
            return
        if raising_gains and NO_LATE_INCREASE_1987:
            ruling.note("late_disagreement_no_increase", self.LATE)
            ruling.add("tricks_agreed", self.LATE, tricks=pair_tricks(recorded))
            return
        ruling.add("count_corrected", self.LATE, tricks=pair_tricks(played))


@rule(Kind.TRICK_COUNT, editions={"2017"})
class TrickCount2017(TrickCount):
    """2017: 79B2 for the director's count, 79C1 within the period; late: 79B3 and 79C2."""

    AGREED, RULED, CORRECTED, LATE, EXPIRED = "79A", "79B2", "79C1", "79B3", "79C2"

    def late(self, moment: str, recorded: int, played: int, raising_gains: bool) -> None:
        ruling = self.ruling
        if moment == "after_correction_period":
            if ORGANISER_APPROVES_2017:
                ruling.add("count_corrected", self.EXPIRED, tricks=pair_tricks(played))
                return
            ruling.flag("late_correction_needs_organiser", self.EXPIRED,
                        played=pair_tricks(played))
            ruling.add("tricks_agreed", self.EXPIRED, tricks=pair_tricks(recorded))
            return
        if PLAY_CONVINCES_2017:
            ruling.add("count_corrected", self.LATE, tricks=pair_tricks(played))
            return
        ruling.flag("late_disagreement_convinced", self.LATE, played=pair_tricks(played))
        ruling.add("tricks_agreed", self.LATE, tricks=pair_tricks(recorded))
