"""Law 27 (1987): the insufficient bid.

* 27A: the offender's LHO may accept the insufficient bid (explicitly, or by calling over it); it
  then stands as if legal.
* 27B: otherwise the offender must substitute a sufficient bid or a pass:
  - 27B1: the lowest sufficient bid in the same denomination: no penalty, no lead restriction;
  - 27B2: any other sufficient bid, or a pass: his partner must pass throughout, Law 26 lead
    restrictions may follow, and Law 23A may let the director adjust the score;
  - 27B3: a double or redouble is not a permitted substitute.
* 27C: an insufficient bid out of rotation is a bid out of rotation (Law 31; detected as such).

Reading taken for 27B3 ([M] in the spec: the 1987 wording was not seen): the attempted double or
redouble is cancelled and counts as a pass at that turn, with the 27B2 penalties. The 1997 text
and the Russian summary (seed 002, "double or redouble used as a pass") agree on this outcome.
Set :data:`DOUBLE_SUBSTITUTE_COUNTS_AS_PASS` to ``False`` to make the offender call again instead.

Reading taken for 27B1 ([M]): no exception for conventional bids (the 1997 code added it).
When no sufficient bid exists in that denomination (above 7NT), 27B1 cannot apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law26
from generator.laws.ruler import Rule, rule
from generator.model.calls import PASS, Bid, CallValue, Double, Pass, Redouble
from generator.model.seat import Seat
from generator.table.irregularities import Kind
from generator.table.state import AuctionEntry, Bar

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

DOUBLE_SUBSTITUTE_COUNTS_AS_PASS = True


@rule(Kind.INSUFFICIENT_BID, editions={"1987"})
class InsufficientBid(Rule):
    """Rule on an insufficient bid made in rotation."""

    lead: law26.LeadRestriction | None = None

    def opened(self, table: Table) -> None:
        self.offer_acceptance(table, ("27A",), ("27B",))

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self.ruling.settle("refuse" if how == "refused" else "accept")
        super().resolve(table, how, event)

    def substituted(self, table: Table, entry: int, event: int) -> None:
        call = table.entries[entry].call
        offender = self.fact.seat
        assert offender is not None
        lowest = self.fact.detail("lowest_sufficient")
        withdrawn = table.entries[next(i for i, e in enumerate(table.entries)
                                       if e.event == self.fact.event)].call
        self.ruling.facts["substitute"] = str(call)
        if isinstance(call, Bid) and str(call) == lowest:
            self.ruling.add("no_rectification", "27B1")
            super().substituted(table, entry, event)
            return
        if isinstance(call, (Double, Redouble)):
            self.ruling.cite("27B3")
            if DOUBLE_SUBSTITUTE_COUNTS_AS_PASS:
                table.entries[entry].status = "cancelled"
                table.entries.append(AuctionEntry(offender, PASS, event, "standing"))
                table.next = offender.lho
                self.ruling.add("call_cancelled", "27B3", event=event)
        elif not isinstance(call, (Bid, Pass)):
            return
        self.ruling.add("must_pass", "27B2", seat=str(offender.partner), scope="throughout")
        table.bars.append(Bar(offender.partner, "throughout", "27B2"))
        self.ruling.flag("enforced_pass_may_damage", "23A")
        self.lead = law26.LeadRestriction(self.ruling, table, offender, withdrawn)
        super().substituted(table, entry, event)

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        if self.lead is not None:
            self.lead.update(table)

    def auction_ended(self, table: Table) -> None:
        if self.lead is not None:
            self.lead.update(table)

