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
Set :data:`DOUBLE_SUBSTITUTE_COUNTS_AS_PASS` to ``False`` to leave the double standing instead.

Reading taken for 27B1 ([M]): no exception for conventional bids (the 1997 code added it). When no
sufficient bid exists in that denomination (above 7NT), 27B1 cannot apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Rectification
from generator.model.calls import PASS, Bid, Call, Double, Pass, Redouble
from generator.table.irregularities import Kind
from generator.table.state import AuctionEntry

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

DOUBLE_SUBSTITUTE_COUNTS_AS_PASS = True


@rule(Kind.INSUFFICIENT_BID, editions={"1987"})
class InsufficientBid(Rule):
    """Rule on an insufficient bid made in rotation."""

    #: the refusal already cancelled the bid (so the substitute does not cancel it twice)
    cancelled_now = False

    def opened(self, table: Table) -> None:
        self.offer_acceptance(table, ("27A",), ("27B",), refuse_rects=self.refusal_preview())

    def refusal_preview(self) -> tuple[Rectification, ...]:
        """What a refusal brings, as the director states it before the substitute (27B): the
        bid is cancelled, the offender must substitute a sufficient bid or a pass, and unless
        that is the lowest sufficient bid in the same denomination (27B1) his partner passes
        throughout (27B2) and Law 26 may restrict the partner's lead."""
        lowest = str(self.fact.detail("lowest_sufficient") or "none")
        unless: dict[str, Any] = ({} if lowest == "none" else
                                  {"if": "not_lowest_sufficient", "lowest": lowest,
                                   "offender": str(self.offender)})
        call = Call.parse(str(self.fact.detail("call")))
        return (
            Rectification("call_cancelled", "27B", {"event": self.fact.event}),
            Rectification("must_substitute", "27B", {"seat": str(self.offender),
                                                      "calls": "sufficient_bid_or_pass"}),
            Rectification("must_pass", "27B2", {"seat": str(self.offender.partner),
                                                 "scope": "throughout", **unless}),
            self.lead_preview(call, **unless),
        )

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self.settle_acceptance(how)
        super().resolve(table, how, event)
        pending = table.pending
        if pending is not None and pending.stage == "substitute" and pending.irregularity == \
                self.index:
            # refused: the bid is cancelled now and the offender's substitute comes next (27B)
            self.withdrawn(table, self.entry_index(table), "27B")
            self.cancelled_now = True
            self.ruling.add("must_substitute", "27B", seat=str(self.offender),
                            calls="sufficient_bid_or_pass")

    def substituted(self, table: Table, entry: int, event: int) -> None:
        substitute = table.entries[entry]
        withdrawn = self.entry_index(table)
        self.ruling.facts["substitute"] = str(substitute.call)
        super().substituted(table, entry, event)
        if substitute.status == "pending":
            return  # the replacement is itself irregular: its own ruling follows
        if not self.cancelled_now:
            self.withdrawn(table, withdrawn, "27B")
        call = substitute.call
        if isinstance(call, Bid) and str(call) == self.fact.detail("lowest_sufficient"):
            self.ruling.add("no_rectification", "27B1")
            return
        if isinstance(call, (Double, Redouble)):
            self.ruling.cite("27B3")
            if DOUBLE_SUBSTITUTE_COUNTS_AS_PASS:
                substitute.status = "cancelled"
                table.entries.append(AuctionEntry(self.offender, PASS, event, "standing"))
                self.ruling.add("call_cancelled", "27B3", event=event)
                table.check_auction_end()
        elif not isinstance(call, (Bid, Pass)):
            return
        self.bar_partner(table, "throughout", "27B2")
        self.restrict_lead(table, [table.entries[withdrawn].call])
