"""Law 39 (1987): a call after the final pass.

A call made after the auction has ended is cancelled. A pass by a defender, or any call by the
declarer or dummy, carries no penalty; a bid, double or redouble by a defender lets declarer
restrict the lead of that defender's partner under Law 26. Source: the spec ([M]); Law 35D
(condoned by the LHO's call) leads to the same cancellation without penalty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import Rule, rule
from generator.model.calls import Call, Pass
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


@rule(Kind.CALL_AFTER_FINAL_PASS, editions={"1987"})
class CallAfterFinalPass(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        call = Call.parse(str(self.fact.detail("call")))
        entry = next(i for i, e in enumerate(table.entries) if e.event == self.fact.event) \
            if any(e.event == self.fact.event for e in table.entries) else None
        self.ruling.add("call_cancelled", "39", event=self.fact.event)
        if entry is None:
            return
        if isinstance(call, Pass) or not table.is_defender(self.offender):
            self.ruling.add("no_rectification", "39")
            return
        self.restrict_lead(table, [call])
