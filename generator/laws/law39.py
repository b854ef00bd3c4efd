"""Law 39: a call after the final pass (1987; 2017 at the end of this docstring).

A call made after the auction has ended is cancelled. A pass by a defender, or any call by the
declarer or dummy, carries no penalty; a bid, double or redouble by a defender lets declarer
restrict the lead of that defender's partner under Law 26. Source: the spec ([M]); Law 35D
(condoned by the LHO's call) leads to the same cancellation without penalty: when the offender's
LHO makes a call of his own (itself after the final pass) before a ruling on the first one, the
first call's Law 26 restriction falls away (the Law 35 preamble, seed 003). When the offender's
other opponent (his RHO) calls over it instead, Law 35 does not apply (it names the LHO) and no
law makes that call an acceptance: it is an action of the non-offending side before the director
was summoned, so 11A applies and the director judges whether the lead penalty is forfeited (a flag;
11A says the right "may" be lost, seed 000).

2017 (:class:`CallAfterFinalPass2017`; spec 2017 §5.15, [H] hellasbridge law_39): the same
substance, with the condonation inside Law 39 itself: every call after the final pass is
cancelled (39A); the offender's LHO having called before the rectification, a defender's pass,
or any call by the future declarer or dummy brings nothing more (39B, where 1987 cited 35D or
39); otherwise a defender's bid, double or redouble may bring the 26B lead restriction (39C):
declarer may prohibit one suit the offender did not specify in the legal auction. The 11A point
of the RHO's call over it is the same, with the 2017 flag of a gain to be taken away (11A).
The 1987 class is kept and the 2017 one is its subclass with the 2017 clauses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law11
from generator.laws.ruler import Rule, rule
from generator.model.calls import Call, Pass
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


EDITIONS = ("1987", "2017")


@rule(Kind.CALL_AFTER_FINAL_PASS, editions={"1987"})
class CallAfterFinalPass(Rule):
    #: the clauses: the call is cancelled; no penalty; the LHO's call condones it; the lead
    #: restriction (1987: Law 39 and 35D; 2017: 39A, 39B, 39B, 39C)
    CANCELLED, NO_PENALTY, CONDONED, RESTRICTED = "39", "39", "35D", "39"

    def detected(self, table: Table) -> None:
        super().detected(table)
        call = Call.parse(str(self.fact.detail("call")))
        # from the end: the call was recorded just now (a scan from the start made a long log
        # of calls after the final pass quadratic)
        in_auction = any(e.event == self.fact.event for e in reversed(table.entries))
        self.ruling.add("call_cancelled", self.CANCELLED, event=self.fact.event)
        self.condone_previous(table)
        if not in_auction:
            return
        if isinstance(call, Pass) or not table.is_defender(self.offender):
            self.ruling.add("no_rectification", self.NO_PENALTY)
            return
        self.ruling.cite(self.RESTRICTED)
        self.restrict_lead(table, [call])
        self.offer_if_partner_leads_now(table)

    def offer_if_partner_leads_now(self, table: Table) -> None:
        """The auction is over and the opening lead is still to come: when it falls to the
        offender's partner, the restriction binds at once, so declarer's Law 26 choice is open
        now (the same options, ids and seat as when a restriction from the auction reaches the
        opening leader, :meth:`Rule.lead_due`), not at a lead already announced before it."""
        if (table.phase == "play" and not table.tricks and table.current is None
                and table.next is self.offender.partner):
            self.lead_due(table, table.next)

    def withdraw_lead_offer(self) -> None:
        """35D took the restriction away: declarer's choice about it is no longer open."""
        if self.lead_choice is not None and self.lead_choice[0] == "26":
            choice = self.ruling.open_choice
            if choice is not None:
                self.ruling.choices.remove(choice)
            self.lead_choice = None

    def condone_previous(self, table: Table) -> None:
        """35D: this call, by the LHO of the player who made the previous call after the final
        pass and before any ruling on it, leaves that call without penalty."""
        event = self.fact.event
        if event is None:
            return
        # the latest earlier one: rules are made in the order of their events, so the first
        # found from the end (listing them all for every call made a long log quadratic)
        previous = next((r for r in reversed(self.ruler.rules.values())
                         if isinstance(r, CallAfterFinalPass) and r.fact.event is not None
                         and r.fact.event < event), None)
        if previous is None or previous.fact.event is None:
            return
        start = previous.fact.event
        if any(start < d < event for d in table.director_called):
            return  # the director had already ruled on it
        if previous.offender.lho is not self.offender:
            if self.offender.is_opponent_of(previous.offender) and previous.leads:
                # the other opponent (the offender's RHO) acted over it before the director
                # was called: no law makes his call an acceptance, so 11A applies, and the
                # director judges whether the lead penalty is lost
                law11.may_be_forfeited(previous.ruling)
            return
        for lead in previous.leads:
            lead.withdraw()
        previous.leads = []
        previous.withdraw_lead_offer()
        previous.ruling.laws = [ref for ref in previous.ruling.laws if not ref.startswith("26")]
        condoned = previous.CONDONED
        previous.ruling.laws = [ref for ref in previous.ruling.laws if ref != "39C"]
        law11.condoned_by_call(previous.ruling, condoned)
        if any(r.kind == "no_rectification" for r in previous.ruling.rectifications):
            previous.ruling.cite(condoned)
        else:
            previous.ruling.add("no_rectification", condoned)


@rule(Kind.CALL_AFTER_FINAL_PASS, editions={"2017"})
class CallAfterFinalPass2017(CallAfterFinalPass):
    """2017 Law 39: the same rule under the 2017 clauses (module docstring)."""

    CANCELLED, NO_PENALTY, CONDONED, RESTRICTED = "39A", "39B", "39B", "39C"

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("35D")  # 2017 35D: lists it among the inadmissible calls
