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

2017 (spec 2017 §5.5, [H]; :class:`InsufficientBid2017`):

* 27A1: the LHO may accept the insufficient bid (by calling over it too); 27A2 (out of rotation)
  is Law 31's: such a bid is detected as a bid out of rotation.
* 27B1(a): the replacement is the lowest sufficient bid that specifies the same denomination(s)
  as the insufficient bid: no rectification, no Law 26, Law 16C2 lifted. "Specifies": a
  ``director specifies`` finding on the call, else its stated meaning (for an insufficient bid
  with several ``attributable`` readings, any one of them), else the strain of a natural bid
  (notrump specifying notrump), flagged ``specified_suits_assumed``. "Lowest sufficient":
  no lower bid of the replacement's own strain would be sufficient (reading taken: the engine
  cannot list the meanings of bids nobody made).
* 27B1(b): otherwise a comparable call (Law 23A: any legal call, a double included) brings no
  rectification either; the decision is ``law23.Comparability``'s (director's finding, stated
  meanings, else the director's open choice with both branches and flag 23A).
* 27B2: any other sufficient bid or pass: partner passes throughout; Law 26B on the insufficient
  bid (declarer may prohibit one suit the offender did not specify); 72C flag.
* 27B3: a double or redouble that is not comparable is cancelled, the offender replaces it (a
  sufficient bid or a pass), and his partner passes throughout, whatever that replacement is
  (:data:`B3_BARS_WHATEVER_FOLLOWS`, the reading of spec §5.5 and §15.7; flag
  ``reading_27B3``); Law 26B on the calls withdrawn. Checked (search, pages corpus): the Law 27
  text of the 2008 revision, which 2017 keeps in substance (qldbridge.com.au "law27"
  discussion page; the blml thread of 5 March 2008), has the offender replace the cancelled
  call "as the foregoing allows" and his partner *then* pass whenever it is his turn; English
  Bridge (June 2008, M. Swanson) rules a refused second insufficient bid so too ("whatever he
  chooses, his partner is silenced"). A Welsh Bridge Union directors' quiz (2017 code) lets a
  27B1 replacement after a refused second insufficient bid free the partner instead: that is
  the reading with the switch off.
* 27B4: an insufficient replacement: the LHO may accept it (it then stands, and no bar follows:
  :data:`ACCEPTED_SECOND_IB_BARS` off, reading taken); refused, it is ruled as 27B3.
* 27C: a replacement made before the director ruled (premature) stands, unless the LHO accepts
  the insufficient bid, and is ruled by 27B as above (9C is cited as for 1987). Checked: the
  2008 text's 27C on the qldbridge page reads so (spec §15.7 had it cut). Not modelled: the
  LHO accepting the insufficient bid *after* the premature replacement (the table takes the
  replacement as a refusal at once).
* 27D: after a 27B1 correction the director checks at the end of play whether the help the
  offending side had from the infraction damaged the other side (flag
  ``damage_after_ib_correction``, answered by ``director damaged 27D`` / ``no_damage 27D``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.laws import law23, law26
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Rectification
from generator.model.calls import PASS, Bid, Call, CallValue, Double, Pass, Redouble
from generator.table.irregularities import Kind
from generator.table.state import AuctionEntry, Pending

if TYPE_CHECKING:
    from generator.table.events import Judgement
    from generator.table.state import Resolution, Table

EDITIONS = ("1987", "2017")

DOUBLE_SUBSTITUTE_COUNTS_AS_PASS = True
#: 2017 27B3: the partner's bar holds whatever legal call replaces the cancelled double or
#: redouble, even a 27B1(a) bid (spec §5.5 "reading taken", §15.7); off: a 27B1 call frees him
B3_BARS_WHATEVER_FOLLOWS = True
#: 2017 27B4: an accepted insufficient replacement stands and brings no bar (27B4 sends only a
#: refused one to 27B3); on: the first insufficient bid's 27B2 bar applies all the same
ACCEPTED_SECOND_IB_BARS = False


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


# --------------------------------------------------------------------------- 2017


def specified(table: Table, event: int | None, call: CallValue, withdrawn: bool = False
              ) -> tuple[list[frozenset[str]], bool]:
    """The denominations the call of ``event`` specifies, as the readings it may have (one set
    each), and whether they were assumed from a natural bid's strain: a ``director specifies``
    finding first, else the stated meaning (for the ``withdrawn`` insufficient bid, each of its
    ``attributable`` readings; a call that stands shows its own), else the strain (notrump
    specifies notrump; a pass, double or redouble nothing)."""
    if event is not None:
        judged = law26.specified_by_judgement(table, event)
        if judged is not None:
            return [frozenset(judged)], False
        meaning = table.meanings.get(event)
        if meaning is not None:
            return [m.specified() for m in (meaning.readings if withdrawn else (meaning,))], False
    if isinstance(call, Bid):
        return [frozenset({call.strain.value})], True
    return [frozenset()], True


def lowest_in_strain(call: Bid, last: Bid) -> bool:
    """Whether ``call`` is the lowest sufficient bid of its strain over ``last``."""
    level = last.level if call.strain.order > last.strain.order else last.level + 1
    return call.level == level


@rule(Kind.INSUFFICIENT_BID, editions={"2017"})
class InsufficientBid2017(InsufficientBid):
    """Rule on an insufficient bid made in rotation, under the 2017 code (see the module
    docstring)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.comparability: law23.Comparability | None = None
        #: the event of an insufficient replacement of this bid (27B4), ruled by its own rule
        self.second_ib_event: int | None = None
        #: the rule of the insufficient bid this one replaced (27B4), if any
        self.replaces: InsufficientBid2017 | None = None
        #: 27B3 (or 27B4 refused): partner already barred, the final call restricts the lead
        self.b3 = False
        self.withdrawn_calls: list[CallValue] = []

    def detected(self, table: Table) -> None:
        super().detected(table)
        for other in self.ruler.rules.values():
            if isinstance(other, InsufficientBid2017) and other.second_ib_event == \
                    self.fact.event and other is not self:
                self.replaces = other
                self.ruling.cite("27B4")

    def opened(self, table: Table) -> None:
        accept = ("27B4", "27A1") if self.replaces else ("27A1",)
        refuse = ("27B4", "27B3") if self.replaces else ("27B",)
        self.offer_acceptance(table, accept, refuse, refuse_rects=self.refusal_preview_2017(
            table))

    def unspecified_lead(self, table: Table, **condition: Any) -> Rectification:
        """The 26B restriction a non-comparable replacement brings, as a preview: declarer
        may prohibit one suit the offender has not specified so far (if his side defends)."""
        done, _ = law26.specified_suits(table, self.offender)
        suits = [s for s in law26.SUIT_ORDER if s not in done]
        return Rectification("lead_restriction", "26B", {
            "seat": str(self.offender.partner), "chooser": "declarer", "suits": suits,
            "may": list(law26.LEAD_26B_MAY), "if_defending": True, **condition})

    def refusal_preview_2017(self, table: Table) -> tuple[Rectification, ...]:
        """What a refusal brings (10C1): the bid is cancelled and replaced by a legal call; a
        27B1 call (lowest sufficient in the same denominations, or comparable) costs nothing,
        any other bars partner throughout with Law 26B (27B2). A refused insufficient
        replacement (27B4) is ruled as 27B3: partner barred whatever follows."""
        partner = str(self.offender.partner)
        substitute = Rectification("must_substitute", "27B", {
            "seat": str(self.offender), "calls": "sufficient_bid_or_pass"})
        if self.replaces is not None:
            return (Rectification("call_cancelled", "27B4", {"event": self.fact.event}),
                    substitute,
                    Rectification("must_pass", "27B3", {"seat": partner, "scope": "throughout"}),
                    self.unspecified_lead(table))
        lowest = str(self.fact.detail("lowest_sufficient") or "none")
        unless = ({"if": "not_27b1", "lowest": lowest, "offender": str(self.offender)}
                  if lowest != "none" else
                  {"if": "not_comparable_replacement", "offender": str(self.offender)})
        return (Rectification("call_cancelled", "27B", {"event": self.fact.event}),
                substitute,
                Rectification("must_pass", "27B2", {"seat": partner, "scope": "throughout",
                                                     **unless}),
                self.unspecified_lead(table, **unless))

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        self.settle_acceptance(how)
        Rule.resolve(self, table, how, event)
        if how == "corrected":
            self.ruling.cite("27C")  # replaced before the LHO decided: ruled as a replacement
        first = self.replaces
        if how in ("accepted", "condoned"):
            if first is not None and ACCEPTED_SECOND_IB_BARS:
                first.bar_partner(table, "throughout", "27B2")
            return
        pending = table.pending
        if pending is not None and pending.stage == "substitute" and \
                pending.irregularity == self.index:
            self.withdrawn(table, self.entry_index(table), "27B" if first is None else "27B4")
            self.cancelled_now = True
            self.ruling.add("must_substitute", "27B", seat=str(self.offender),
                            calls="sufficient_bid_or_pass")
            if first is not None:  # 27B4 refused: ruled as 27B3
                self.b3 = True
                self.withdrawn_calls = [*first.withdrawn_calls,
                                        Call.parse(str(self.fact.detail("call")))]
                self.bar_partner(table, "throughout", "27B3")
                self.flag_b3()

    def lift_b3_bar(self, table: Table) -> None:
        """Take back the 27B3 bar on partner (the reading with
        :data:`B3_BARS_WHATEVER_FOLLOWS` off, once a 27B1(a) bid replaces the double)."""
        mate = str(self.offender.partner)
        self.ruling.rectifications = [r for r in self.ruling.rectifications
                                      if not (r.kind == "must_pass" and r.law == "27B3"
                                              and r.fields.get("seat") == mate)]
        table.bars = [b for b in table.bars
                      if not (b.seat is self.offender.partner and b.law == "27B3")]
        self.ruling.flags = [f for f in self.ruling.flags
                             if f.get("reason") != "enforced_pass_may_damage"]

    def flag_b3(self) -> None:
        if B3_BARS_WHATEVER_FOLLOWS and not any(
                f.get("reason") == "reading_27B3" for f in self.ruling.flags):
            self.ruling.flag("reading_27B3", "27B3")

    def substituted(self, table: Table, entry: int, event: int) -> None:
        substitute = table.entries[entry]
        self.ruling.facts["substitute"] = str(substitute.call)
        Rule.substituted(self, table, entry, event)
        ib = Call.parse(str(self.fact.detail("call")))
        if not self.withdrawn_calls:
            self.withdrawn_calls = [ib]
        if substitute.status == "pending":
            if isinstance(substitute.call, Bid):
                self.second_ib_event = event  # 27B4: its own rule follows
            return
        if not self.cancelled_now:
            self.withdrawn(table, self.entry_index(table), "27B")
            self.cancelled_now = True
        call = substitute.call
        if self.b3:
            # 27B3 (or a refused 27B4): partner is barred already; Law 26B on what was withdrawn
            if isinstance(call, (Double, Redouble)):
                self.cancel_double(table, entry, event)
                return
            if not B3_BARS_WHATEVER_FOLLOWS and isinstance(call, Bid) and \
                    self.same_denominations(table, call, event):
                # the other reading: a 27B1(a) bid after the cancelled double frees partner
                self.lift_b3_bar(table)
                self.ruling.add("no_rectification", "27B1a")
                return
            self.restrict_lead(table, list(self.withdrawn_calls), call)
            return
        if isinstance(call, Bid) and self.same_denominations(table, call, event):
            self.ruling.add("no_rectification", "27B1a")
            law23.lift_ui(self.ruling)
            self.ruling.flag("damage_after_ib_correction", "27D")
            return
        comparability = law23.Comparability(self, self.comparable, self.not_comparable)
        self.comparability = comparability
        double = isinstance(call, (Double, Redouble))
        no = ([Rectification("call_cancelled", "27B3", {"event": event}),
               Rectification("must_pass", "27B3", {"seat": str(self.offender.partner),
                                                    "scope": "throughout"})]
              if double else
              [Rectification("must_pass", "27B2", {"seat": str(self.offender.partner),
                                                    "scope": "throughout"})])
        no.append(self.unspecified_lead(table))
        comparability.rule(table, self.fact.event, event,
                           yes=[Rectification("no_rectification", "27B1b")],
                           yes_laws=("27B1b",), no=no,
                           no_laws=("27B3",) if double else ("27B2",))

    def same_denominations(self, table: Table, call: Bid, event: int) -> bool:
        """27B1(a): the lowest sufficient bid of its strain, specifying the same
        denominations as one reading of the insufficient bid."""
        last = Call.parse(str(self.fact.detail("last")))
        if not isinstance(last, Bid) or not lowest_in_strain(call, last):
            return False
        ib = Call.parse(str(self.fact.detail("call")))
        mine, assumed_ib = specified(table, self.fact.event, ib, withdrawn=True)
        theirs, assumed = specified(table, event, call)
        if not any(r == m for r in theirs for m in mine):
            return False
        if (assumed or assumed_ib) and not any(
                f.get("reason") == "specified_suits_assumed" for f in self.ruling.flags):
            self.ruling.flag("specified_suits_assumed", "27B1a")
        return True

    def comparable(self, table: Table, clause: str) -> None:
        """27B1(b): no rectification, no Law 26, 16C2 lifted; 27D at the end of play."""
        self.ruling.cite("27B1b")
        law23.comparable_call(self.ruling, clause, law="27B1b",
                              damage=("damage_after_ib_correction", "27D"))

    def not_comparable(self, table: Table) -> None:
        """27B2 (a bid or a pass) or 27B3 (a double or redouble, cancelled and replaced)."""
        entry = next(i for i in range(len(table.entries) - 1, -1, -1)
                     if table.entries[i].seat is self.offender
                     and table.entries[i].status == "standing")
        call = table.entries[entry].call
        if isinstance(call, (Double, Redouble)):
            self.b3 = True
            self.bar_partner(table, "throughout", "27B3")
            self.flag_b3()
            self.cancel_double(table, entry, table.entries[entry].event or 0)
            return
        self.bar_partner(table, "throughout", "27B2")
        self.restrict_lead(table, list(self.withdrawn_calls), call)

    def cancel_double(self, table: Table, entry: int, event: int) -> None:
        """27B3: the attempted double or redouble is cancelled and the offender must replace
        it: the auction comes back to him for his replacement."""
        double = table.entries[entry]
        double.status = "cancelled"
        self.withdrawn_calls.append(double.call)
        self.ruling.add("call_cancelled", "27B3", event=double.event)
        self.ruling.add("must_substitute", "27B3", seat=str(self.offender),
                        calls="sufficient_bid_or_pass")
        table.pending = Pending(self.index, self.fact.kind, self.offender, (), self.offender,
                                stage="substitute", entry=self.entry_index(table))
        table.next = self.offender

        def restore(table: Table) -> None:
            # the director finds the double comparable after all: it stands again
            double.status = "standing"
            self.withdrawn_calls.remove(double.call)
            self.b3 = False
            table.pending = None
            table.next = self.offender.lho

        if self.comparability is not None:
            self.comparability.on_undo(restore)

    def judged(self, table: Table, judgement: Judgement, event: int) -> bool:
        if self.comparability is not None and self.comparability.judged(table, judgement):
            return True
        if law23.damage_judged(self.ruling, judgement):
            return True
        return super().judged(table, judgement, event)
