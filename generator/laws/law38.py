"""Law 38: a bid of more than seven (1987; 2017 below).

A bid above the seven level is cancelled; the offender and his partner must pass throughout, and
Law 26 may restrict the partner's lead. If the LHO calls over it first, Law 35C applies (reading
taken: it counts as a pass). Source: the spec ([M]; the 1987 text was not seen).

2017 (:class:`BidAboveSeven2017`; spec 2017 §5.14, [H] pzbs l38, hellasbridge law_38, pzbs pl
p38): no contract above seven is ever played (38A); the bid is cancelled with any later calls
(38B); a pass is substituted and the auction goes on unless it has ended, and **both** offenders
pass whenever it is their turn (38C); 72C and 26B may apply, *unless* the offender's LHO called
after the bid and before the rectification (38D). So the LHO's call no longer condones the bid
as 1987's 35C did: the bid is still cancelled and both offenders are still barred; the call only
takes away 26B and 72C. The LHO's own call, cancelled as a later call, is called again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law35
from generator.laws.ruler import Rule, rule
from generator.model.calls import PASS, Call
from generator.table.irregularities import Kind
from generator.table.state import AuctionEntry

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

EDITIONS = ("1987", "2017")


@rule(Kind.BID_ABOVE_SEVEN, editions={"1987"})
class BidAboveSeven(Rule):
    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        entry = self.entry_index(table)
        if how in ("accepted", "condoned"):
            law35.above_seven_as_pass(self.ruling, table, entry)
            return
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.cancel_and_bar(table, entry, "38", offender_too=True)

    def director(self, table: Table, event: int) -> None:
        """A bid above seven cannot be accepted: the director rules at once, both partners pass
        throughout, so the offender replaces the bid with a pass now."""
        self.rule_at_once(table, event, "38", "pass")


@rule(Kind.BID_ABOVE_SEVEN, editions={"2017"})
class BidAboveSeven2017(Rule):
    """2017 Law 38 (module docstring): always cancelled and both offenders barred."""

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("35C")  # 2017 35C: lists it among the inadmissible calls

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        entry = self.entry_index(table)
        if how == "condoned" or (how == "accepted" and hasattr(table.events[event], "call")):
            self.after_lho_call(table, entry, event)
            return
        if how == "accepted":
            # an acceptance stated without a call ("S accepts") has no effect: no bid above
            # seven can be accepted (38A), so the director rules as if called at once
            self.ruling.note("above_seven_cannot_be_accepted", "38A")
            how = "refused"
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.withdrawn(table, entry, "38B")
        self.bar(table, self.offender, "throughout", "38C")
        self.bar_partner(table, "throughout", "38C")  # 72C's flag (38D)
        self.restrict_lead(table, [Call.parse(str(self.fact.detail("call")))])
        self.ruling.cite("38D")

    def after_lho_call(self, table: Table, entry: int, event: int) -> None:
        """38D: the LHO called over it: still cancelled with that later call, a pass in its
        place, both offenders barred; no 26B, no 72C. The LHO calls again."""
        # not "unpenalised" (law11.condoned_by_call): the bid is still cancelled and barred
        self.ruling.note("lho_call_removes_26b_72c", "38D")
        bad = table.entries[entry]
        bad.status = "cancelled"
        table.entries.insert(entry + 1, AuctionEntry(bad.seat, PASS, bad.event, "standing"))
        seat = table.events[event].seat  # type: ignore[union-attr]
        call = table.events[event].call  # type: ignore[union-attr]
        table.entries.append(AuctionEntry(seat, call, event, "cancelled"))
        table.handled.add(event)
        table.pending = None
        table._advance_after_call(bad.seat, PASS)
        self.ruling.add("call_cancelled", "38B", event=bad.event)
        self.ruling.add("call_cancelled", "38B", event=event, later=True)
        self.bar(table, self.offender, "throughout", "38C")
        self.bar(table, self.offender.partner, "throughout", "38C")

    def director(self, table: Table, event: int) -> None:
        """As under 1987: ruled at once, the offender replacing the bid with a pass."""
        self.rule_at_once(table, event, "38C", "pass")
