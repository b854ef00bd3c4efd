"""Law 25 (1987): legal and illegal changes of call.

* 25A: a player may replace an inadvertent call with the call he meant, but only if he does so (or
  tries to) without pause for thought; the new call then stands without penalty (if it is itself
  irregular, its own law applies).
* 25B1: any other change may be accepted by the offender's LHO: the second call stands and the
  auction goes on without penalty.
* 25B2: if it is not accepted, the substituted call is cancelled, and
  - 25B2a: if the first call was illegal, the offender is subject to the law for that call;
  - 25B2b: if the first call was legal, the offender either lets it stand, and his partner must
    pass at his next turn (25B2b1), or makes any other legal call, and his partner must pass
    throughout (25B2b2); in both cases (25B2c) Law 26 restricts the partner's lead if he defends.

The two 25B2b choices are options of the ruling (``first_call_stands`` / ``other_call``). The
offender may name one (``E chooses first_call_stands``), or simply make his final call: repeating
the first call means letting it stand. The withdrawn calls subject to Law 26 are the first call and
the attempted change, less the call he finally makes (reading taken; the 1987 text says only that
Law 26 applies in both cases).

When the first call was itself irregular and still awaiting its own ruling (an insufficient bid,
say): a change under 25A or 21B1 replaces it, and its ruling lapses; an accepted change (25B1)
stands in its place, and its ruling lapses too; a refused change (25B2a) sends the auction back to
the first call's own law: its ruling reopens where it stood (the LHO may still accept or refuse
it), and Law 26 applies to the cancelled change against the offender's final call at that turn.

Not modelled: the 25B1 case where the LHO had already called over the first call before attention
was drawn (the change then stands and the LHO may withdraw his call); and a purposeful change of a
call that is no longer the latest of the auction is followed only roughly (the replacement is
judged against the auction as it stands, and the auction goes on from the changer's left).

2017 (spec 2017 §5.3, [H]; :class:`ChangeOfCall2017`):

* 25A: an *unintended* call (a mechanical error or a slip of the tongue, not a change of mind)
  may be replaced by the intended one until partner calls (25A1, 25A4); the intended call
  stands, subject to its own law, with no Law 26. Whether the call was unintended is the
  director's judgement (25A2): the case's ``changes ... inadvertent`` says the player claims
  it; without a ``director unintended`` finding the ruling flags ``unintended_call`` (25A2);
  ``director intended`` turns it into a change of mind not accepted (25B2).
  A correction after partner has called is too late (25A4): the first call stands.
* 25B: a change of mind. The LHO may accept the new call (25B1: it stands, the first call is
  withdrawn); otherwise the new call is cancelled and the first call stands (25B2). No bar on
  partner in either case (1987's 25B2b choice is gone). Law 26 may apply (reading of spec §5.3):
  the withdrawn call is the first call (25B1) or the cancelled new call (25B2), the call that
  stands is tested as its replacement through ``law23.Comparability`` (the same call is
  comparable, 23A1; else the director's finding, the stated meanings or his open choice):
  comparable, no restriction (26A); not comparable, 26B. 25B3: the withdrawn or cancelled call
  is unauthorised information to the offender's partner (Law 16C, the note of law16).
  A first call that was itself irregular and still awaited its ruling goes back to its own law
  (as in 1987).
* 25A6: once a slip is corrected, the corrector's LHO may take back the call he had made over
  the first call. The correction's ruling says so (a ``lho_may_withdraw`` note, 25A6, when the
  LHO had called over it); the case writes the withdrawal as the LHO's change of that call
  (``E changes 2S``) made before anyone else calls. The engine lets it stand at once, with no
  acceptance to offer and nothing to rectify (``no_rectification``/``call_stands``, 25A6):
  the side that made the slip is the offending side, so the LHO's withdrawn call is
  authorised to his own side (16C1) and unauthorised to both players of the offending side
  (16C2), as for a misinformed change (``law16.withdrawn_by_non_offender``). A change by the
  LHO after another call, or of a call the correction did not follow, stays a change of mind
  (25B). Not modelled: a later ``director intended`` on the correction does not undo the
  LHO's withdrawal. :data:`LHO_MAY_WITHDRAW` off sends the withdrawal to 25B as under 1987,
  where the same events are an ordinary change of call (25B1/25B2, unchanged).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from generator.laws import law10, law16, law21, law23, law26
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification, Ruling
from generator.model.calls import Call, CallValue
from generator.model.seat import Seat
from generator.table.irregularities import Kind
from generator.table.ruler import Ruler
from generator.table.state import AuctionEntry, Bar, Pending

if TYPE_CHECKING:
    from generator.table.events import Judgement
    from generator.table.state import Resolution, Table

EDITIONS = ("1987", "2017")

#: 2017 25A6: after a slip is corrected, its corrector's LHO may take back the call he had made
#: over the first call, without rectification (True, the 2017 rule); False leaves such a change
#: to 25B like any change of mind (the 1987 path), for comparison.
LHO_MAY_WITHDRAW = True


def choice_options(rule_obj: Rule, first: CallValue, new: CallValue) -> tuple[Option, Option]:
    """The offender's two 25B2b options after a refused change of ``first`` into ``new`` (a change
    in words, or a call at LHO's turn after calling, Law 29's module): what each brings is said
    in full (10C1), the partner's bar and, if his side defends, the Law 26 restriction on his
    lead (25B2c) for the withdrawn calls of that option (the first call is withdrawn only by
    ``other_call``; a call he then makes again is not restricted, which the real restriction
    works out once the call is made)."""
    partner = str(rule_obj.offender.partner)
    return (
        Option("first_call_stands", [
            Rectification("must_pass", "25B2b1", {"seat": partner, "scope": "next_turn"}),
            *_lead_previews(rule_obj, [new])], ["25B2b1", "25B2c"]),
        Option("other_call", [
            Rectification("must_pass", "25B2b2", {"seat": partner, "scope": "throughout"}),
            *_lead_previews(rule_obj, [first, new])], ["25B2b2", "25B2c"]),
    )


def refusal_preview(rule_obj: Rule, first: CallValue, new: CallValue,
                    cancel_law: str) -> tuple[Rectification, ...]:
    """What a refusal of the change brings, stated before the LHO decides (10C1): the new call
    is cancelled and the offender has the 25B2b choice; each branch's bar and lead restriction
    carry an ``if`` naming the branch (``first_call_kept`` / ``other_call_made``)."""
    me = {"offender": str(rule_obj.offender)}
    keep, other = choice_options(rule_obj, first, new)
    out = [Rectification("call_cancelled", cancel_law, {"event": rule_obj.fact.event})]
    for option, branch in ((keep, "first_call_kept"), (other, "other_call_made")):
        out += [Rectification(r.kind, r.law, {**r.fields, "if": branch, **me})
                for r in option.rectifications]
    return tuple(out)


def _lead_previews(rule_obj: Rule, withdrawn: list[CallValue]) -> list[Rectification]:
    """Law 26 previews for the withdrawn calls, one per suit (26A2) and one for the rest (26B)."""
    out: list[Rectification] = []
    for call in withdrawn:
        rect = rule_obj.lead_preview(call)
        if all(r.law != rect.law or r.fields.get("suits") != rect.fields.get("suits")
               for r in out):
            out.append(rect)
    return out


def settle_choice(ruling: Ruling, option: str) -> None:
    """The offender's option is made: its bar comes into force; its lead previews give way to
    the real Law 26 restriction, which the rule adds against the call he finally makes."""
    chosen = ruling.settle(option)
    if chosen is None:
        return
    previews = [r for r in chosen.rectifications if r.kind == "lead_restriction"]
    ruling.rectifications = [r for r in ruling.rectifications
                             if not any(r is p for p in previews)]


@rule(Kind.CHANGE_OF_CALL, editions={"1987"})
class ChangeOfCall(Rule):
    """Rule on a change of call."""

    #: a refused change of an irregular first call (25B2a) waits for the offender's final call
    _awaiting_final = False

    def detected(self, table: Table) -> None:
        super().detected(table)
        if self.fact.detail("inadvertent"):
            self.ruling.add("no_rectification", "25A")
            self.ruling.add("call_stands", "25A", event=self.fact.event)
            self._replace_pending_first(table, "25A")
        elif law21.misinformed_change(self.ruling, self.fact):
            self.ruling.add("call_stands", "21B1", event=self.fact.event)
            self._replace_pending_first(table, "21B1")

    def _replace_pending_first(self, table: Table, law: str) -> None:
        """The change replaced a first call that was still awaiting its own ruling: that ruling
        lapses and the auction goes on from the offender's left."""
        pending = table.pending
        if pending is None or pending.entry is None or pending.stage != "acceptance":
            return
        replaced = table.entries[pending.entry]
        if replaced.seat is not self.offender or replaced.status != "cancelled":
            return
        table.pending = None
        self._lapse(pending.irregularity, law)
        table._advance_after_call(self.offender, table.entries[-1].call)

    def _lapse(self, irregularity: int | None, law: str) -> None:
        """Close the ruling on an irregular first call that a change of call replaced."""
        rule_obj = self.ruler.rules.get(irregularity) if irregularity is not None else None
        if rule_obj is None:
            return
        rule_obj.ruling.choices = [c for c in rule_obj.ruling.choices if c.chosen is not None]
        rule_obj.ruling.note("replaced_by_change_of_call", law)

    def _first_irregularity(self, table: Table, first: AuctionEntry) -> int | None:
        return next((i for i, irr in enumerate(table.irregularities)
                     if irr.event == first.event and i != self.index), None)

    def _reopen_first(self, table: Table, first: AuctionEntry, how: Resolution,
                      event: int) -> None:
        """25B2a: the first call's own law applies; its ruling takes up where it stood."""
        index = self._first_irregularity(table, first)
        if index is None:
            return
        fact = table.irregularities[index]
        turn = Seat.parse(str(fact.detail("turn"))) if fact.detail("turn") else self.offender
        entry = next(i for i, e in enumerate(table.entries) if e is first)
        table.pending = Pending(index, fact.kind, self.offender, (self.offender.lho,), turn,
                                entry=entry)
        table.next = turn
        self._awaiting_final = True
        if how == "corrected":
            # the offender called again at once: that call is his substitute for the first one
            self.ruler.resolve(table, "corrected", event)

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        if self._awaiting_final and seat is self.offender:
            # 25B2a: Law 26 on the cancelled change, unless it is the offender's final call
            self._awaiting_final = False
            self.restrict_lead(table, [Call.parse(str(self.fact.detail("new")))], call)
        super().after_call(table, seat, call)

    def opened(self, table: Table) -> None:
        if law21.follows_misinformed_change(table.irregularities[: self.index], self.fact):
            self.ruling.add("no_rectification", "21B2")
            self.ruling.add("call_stands", "21B2", event=self.fact.event)
            Ruler.resolve(self.ruler, table, "accepted", self.fact.event or 0)
            return
        first = self._first_entry(table)
        if first is not None and first.status == "pending":
            # 25B2a: a refusal sends the offender back to the law of his irregular first call
            preview: tuple[Rectification, ...] = (Rectification(
                "call_cancelled", "25B2", {"event": self.fact.event}),)
        else:
            preview = refusal_preview(self, Call.parse(self._first_call()),
                                      Call.parse(str(self.fact.detail("new"))), "25B2")
        self.offer_acceptance(table, ("25B1",), ("25B2",), refuse_rects=preview)

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self.settle_acceptance(how)
        first = self._first_entry(table)
        first_pending = first is not None and first.status == "pending"
        super().resolve(table, how, event)
        if how in ("accepted", "condoned"):
            if first is not None and first_pending:
                first.status = "cancelled"  # the accepted change stands in its place
                self._lapse(self._first_irregularity(table, first), "25B1")
            return
        self.withdrawn(table, self.entry_index(table), "25B2")
        if first is not None and first_pending:
            self.ruling.cite("25B2a")  # the first call was itself irregular: its law applies
            self._reopen_first(table, first, how, event)
            return
        law10.offer(self.ruling, self.offender, *choice_options(
            self, Call.parse(self._first_call()), Call.parse(str(self.fact.detail("new")))))

    def _first_entry(self, table: Table) -> AuctionEntry | None:
        mine = self.entry_index(table)
        for e in reversed(table.entries[:mine]):
            if e.seat is self.offender and e.status != "cancelled":
                return e
        return None

    def _first_call(self) -> str:
        return str(self.fact.detail("call"))

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if option == "first_call_stands" and table.pending is not None:
            # the offender names his option: his first call is restored in its place
            call = Call.parse(self._first_call())
            table.entries.append(AuctionEntry(seat, call, event, "standing"))
            table._advance_after_call(seat, call)
            self.substituted(table, len(table.entries) - 1, event)
            return
        if option == "other_call" and self.ruling.open_choice is not None:
            self._apply("other_call", table, None)
            return
        super().chose(table, seat, option, event)

    def substituted(self, table: Table, entry: int, event: int) -> None:
        super().substituted(table, entry, event)
        final = table.entries[entry].call
        option = "first_call_stands" if str(final) == self._first_call() else "other_call"
        if self.ruling.open_choice is not None:
            self._apply(option, table, final)

    def _apply(self, option: str, table: Table, final: CallValue | None) -> None:
        settle_choice(self.ruling, option)
        if option == "first_call_stands":
            table.bars.append(Bar(self.offender.partner, "next_turn", "25B2b1"))
        else:
            table.bars.append(Bar(self.offender.partner, "throughout", "25B2b2"))
        law23.enforced_pass(self.ruling)
        withdrawn = [Call.parse(self._first_call()), Call.parse(str(self.fact.detail("new")))]
        self.restrict_lead(table, withdrawn, final)


@rule(Kind.CHANGE_OF_CALL, editions={"2017"})
class ChangeOfCall2017(ChangeOfCall):
    """Rule on a change of call under the 2017 code (see the module docstring)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.comparability: law23.Comparability | None = None
        self.unintended = False

    def detected(self, table: Table) -> None:
        Rule.detected(self, table)
        if not self.fact.detail("inadvertent"):
            if law21.misinformed_change(self.ruling, self.fact):
                self.ruling.add("call_stands", "21B1", event=self.fact.event)
                self._replace_pending_first(table, "21B1")
            return
        if self.fact.detail("partner_called"):
            # 25A4: too late once partner has called: the first call stands
            self._restore_first(table)
            self.ruling.add("call_cancelled", "25A4", event=self.fact.event)
            return
        self.unintended = True
        self.ruling.add("call_stands", "25A1", event=self.fact.event)
        self.ruling.flag("unintended_call", "25A2")
        if LHO_MAY_WITHDRAW and self.fact.detail("lho_called") and self.offender is not None:
            self.ruling.note("lho_may_withdraw", "25A6", seat=str(self.offender.lho))
        self._replace_pending_first(table, "25A1")

    def _follows_correction(self, table: Table) -> bool:
        """Whether this change is the 25A6 withdrawal: the offender's RHO has just corrected
        an unintended call under 25A1 (the correction stands), the offender had called over
        the first call, and no call has been made since the correction."""
        seat = self.fact.seat
        if seat is None or self.fact.detail("inadvertent") or self.fact.detail("misinformed"):
            return False
        for index in range(self.index - 1, -1, -1):
            earlier = table.irregularities[index]
            if earlier.kind is not Kind.CHANGE_OF_CALL:
                continue
            rule_obj = self.ruler.rules.get(index)
            if (earlier.seat is not seat.rho or not earlier.detail("lho_called")
                    or not isinstance(rule_obj, ChangeOfCall2017) or not rule_obj.unintended):
                return False
            since = [e for e in table.entries if e.event is not None
                     and (earlier.event or 0) < e.event < (self.fact.event or 0)]
            return not since
        return False

    def _first_event(self, table: Table) -> int | None:
        first = self._restorable(table)
        return None if first is None else first.event

    def _restorable(self, table: Table) -> AuctionEntry | None:
        """The offender's first call (the one the change was to replace)."""
        mine = next(i for i, e in enumerate(table.entries) if e.event == self.fact.event)
        for e in reversed(table.entries[:mine]):
            if e.seat is self.offender and str(e.call) == self._first_call():
                return e
        return None

    def _restore_first(self, table: Table) -> None:
        """The change does not take effect: the new call is cancelled, the first call stands
        again, and calls the change had voided stand again."""
        mine = next(i for i, e in enumerate(table.entries) if e.event == self.fact.event)
        table.entries[mine].status = "cancelled"
        first = self._restorable(table)
        if first is not None:
            first.status = "standing"
        for e in table.entries[mine + 1:]:
            if e.voided:
                e.status, e.voided = "standing", False
        if table.pending is None and table.phase == "auction":
            standing = table.standing()
            table.next = standing[-1][0].lho if standing else table.board.dealer

    def opened(self, table: Table) -> None:
        if law21.follows_misinformed_change(table.irregularities[: self.index], self.fact):
            super().opened(table)
            law21.later_change(self.ruling, self.fact)
            return
        if LHO_MAY_WITHDRAW and self._follows_correction(table):
            # 25A6: the LHO takes back the call he made over the corrected slip; the fact says
            # so (its sentence is not that of a change of mind)
            self.fact = replace(self.fact, details=tuple(sorted(
                (*self.fact.details, ("withdrawal", "25A6")))))
            table.irregularities[self.index] = self.fact
            self.ruling.add("no_rectification", "25A6")
            self.ruling.add("call_stands", "25A6", event=self.fact.event)
            Ruler.resolve(self.ruler, table, "accepted", self.fact.event or 0)
            if self.fact.seat is not None:
                law16.withdrawn_by_non_offender(self.ruling, self.fact.seat)
            return
        first = self._first_entry(table)
        self.offer_acceptance(table, ("25B1",), ("25B2",), refuse_rects=(
            Rectification("call_cancelled", "25B2", {"event": self.fact.event}),
            Rectification("first_call_stands", "25B2", {
                "seat": str(self.offender), "call": self._first_call(),
                "event": first.event if first else None}),
        ))

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        first = self._first_entry(table)
        first_pending = first is not None and first.status == "pending"
        if how in ("accepted", "condoned") or first_pending:
            super().resolve(table, how, event)
            if how in ("accepted", "condoned") and first is not None:
                self.test_26(table, first.event, self.fact.event)
            return
        self.settle_acceptance(how)
        # 25B2: the new call is cancelled and the first call stands; the turn goes on
        pending = table.pending
        table.pending = None
        self.withdrawn(table, self.entry_index(table), "25B2")
        table.entries[self.entry_index(table)].status = "cancelled"
        if first is not None:
            self.ruling.add("first_call_stands", "25B2", seat=str(self.offender),
                            call=self._first_call(), event=first.event)
        if pending is not None and pending.turn is not None:
            table.next = pending.turn
        table.check_auction_end()
        if first is not None:
            self.test_26(table, self.fact.event, first.event, anchor=self.fact.event)

    def test_26(self, table: Table, withdrawn: int | None, standing: int | None,
                anchor: int | None = None) -> None:
        """Law 26 after a 25B change: the call that stands is tested as the replacement of
        the withdrawn one; the same call is comparable (23A1)."""
        if withdrawn is None or standing is None:
            return
        calls = {e.event: e.call for e in table.entries}
        same = calls.get(withdrawn) == calls.get(standing)
        self.comparability = law23.Comparability(
            self, lambda t, clause: self.ruling.cite("26A"),
            lambda t: self.restrict_lead(t, [calls[withdrawn]], calls[standing]))
        if same and law23.finding(table, anchor or standing) is None:
            self.ruling.cite("23A1", "26A")
            return
        self.comparability.rule(
            table, withdrawn, standing, yes=[], yes_laws=("26A",),
            no=[Rectification("lead_restriction", "26B", {
                "seat": str(self.offender.partner), "chooser": "declarer",
                "suits": [s for s in law26.SUIT_ORDER
                          if s not in law26.specified_suits(table, self.offender)[0]],
                "may": list(law26.LEAD_26B_MAY), "if_defending": True})],
            no_laws=("26B",), anchor=anchor)

    def judged(self, table: Table, judgement: Judgement, event: int) -> bool:
        if judgement.verdict in ("unintended", "intended") and self.unintended:
            self.ruling.flags = [f for f in self.ruling.flags
                                 if f.get("reason") != "unintended_call"]
            self.ruling.cite("25A2")
            if judgement.verdict == "intended":
                # a change of mind after all, made without the LHO's acceptance: 25B2
                self.unintended = False
                self.ruling.drop("call_stands")
                self._restore_first(table)
                self.ruling.add("call_cancelled", "25B2", event=self.fact.event)
                first = self._restorable(table)
                if first is not None:
                    self.ruling.add("first_call_stands", "25B2", seat=str(self.offender),
                            call=self._first_call(), event=first.event)
                    self.test_26(table, self.fact.event, first.event, anchor=event)
            return True
        if self.comparability is not None and self.comparability.judged(table, judgement):
            return True
        return super().judged(table, judgement, event)

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        Rule.after_call(self, table, seat, call)
