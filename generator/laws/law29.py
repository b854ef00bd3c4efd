"""Law 29 (1987 and 2017): procedure after a call out of rotation, the shared rule for Laws 30-32.

29A: a call out of rotation is cancelled and the auction returns to the player whose turn it was;
the offender may make any legal call at his turn, and Laws 30-32 say what the offending side pays.
29B: the offender's LHO may call over it instead, accepting it: the call then stands as if in
rotation and the penalty is lost (the players in between lose their turn; see Law 34).

:class:`OutOfRotation` holds what Laws 28 and 29 say for every call out of rotation; the rules of
Laws 30, 31 and 32 subclass it and add their penalties in :meth:`OutOfRotation.penalise`.

Reading taken for a call at LHO's turn by a player who has already called in the round (30B3 for
a pass; [M] for bids and doubles, which the 1987 index files under "change of call ... 31"): it is
a change of his earlier call and Law 25 applies, exactly as to a change made in so many words: if
the LHO does not accept it, the offender has the 25B2b choice (options ``first_call_stands``:
his earlier call stands and partner passes at his next turn, 25B2b1; ``other_call``: he replaces
it with any other legal call, now, and partner passes throughout, 25B2b2), with Law 26 on the
withdrawn calls either way (25B2c). As after a refused change in words, the offender acts next:
he names an option (``E chooses ...``) or simply calls, which is his final call at that turn
(the same call as his first: it stands, 25B2b1; any other: 25B2b2). Accepted, by a statement
(``S accepts``) or by the LHO's calling over it (Law 28's module: 25B1 prevails over 28B here),
the new call takes the place of the offender's earlier call of the round (25B1).

2017 (spec 2017 §5.7, [M]: the 2007 text quoted on BBO, the structure confirmed by 23B and the
30/31 preambles): the same procedure with the letters swapped (:data:`CLAUSES`: 29A the LHO
accepts by calling, 29B the call is cancelled and the auction returns to the player in turn) and
a new 29C: Laws 30-32 apply to an artificial call by what it shows. In the engine 29C matters in
two places only, both through the stated meanings: an artificial pass is ruled by Law 31 (30C,
Law 30's module), and Law 26B counts the suits a call *specifies* (Law 26's module); the 1987
"same denomination" test that 29C would otherwise feed is gone in 2017 (the comparable call
replaced it). :class:`OutOfRotation2017` holds the 2017 shape of Laws 30-32 (see the comment
above it); the judgement of a comparable call is Law 23's service (:class:`law23.Comparability`).

Reading taken for a refused change of call at LHO's turn under 2017 (30B2, 31C, 32C send it to
Law 25): 25B2 cancels the new call and the earlier one stands, with no bar; Law 26 is judged
between the cancelled call and the call that stands. As the standing call was made first, a
``director comparable|not_comparable`` finding on it follows the cancelled call (the last call
before the finding), and the service's test is anchored there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law10, law23, law25, law26, law28
from generator.laws.ruler import Rule
from generator.laws.ruling import Rectification
from generator.model.calls import Call, CallValue, Pass
from generator.model.seat import Seat
from generator.table.events import CallMade
from generator.table.state import AuctionEntry, Bar, Pending

if TYPE_CHECKING:
    from generator.table.events import Judgement
    from generator.table.state import Resolution, Table

EDITIONS = ("1987", "2017")

#: Law 29's letters by edition: 1987 29A cancels the call and 29B lets the LHO accept it; the
#: 2017 code puts the acceptance first (29A) and the cancellation second (29B).
CLAUSES: dict[str, dict[str, str]] = {
    "1987": {"accept": "29B", "cancel": "29A"},
    "2017": {"accept": "29A", "cancel": "29B"},
}

class OutOfRotation(Rule):
    """A call out of rotation: accepted (29B), superseded (28B), deemed in rotation (28A), or
    cancelled (29A) with the penalties of the subclass."""

    #: a refused call at LHO's turn after calling: the offender's 25B2b choice is still open
    change_choice_open = False
    #: he chose ``other_call``: his replacement for the first call is still to come
    other_call_due = False
    #: the offender's earlier call of the round that the call at LHO's turn tried to change
    first_entry: AuctionEntry | None = None

    replaced: list[CallValue]
    #: the bar to pass the offender was under when he called (only with Law 37's module's
    #: switch ``OUT_OF_ROTATION_IS_LAW_37`` off is such a call ruled here)
    offender_bar: Bar | None = None

    @property
    def turn(self) -> Seat:
        return Seat.parse(str(self.fact.detail("turn")))

    @property
    def relation(self) -> str:
        return str(self.fact.detail("relation"))

    def opened(self, table: Table) -> None:
        assert table.pending is not None and table.pending.entry is not None
        self.offender_bar = next((b for b in table.bars_on(self.offender)
                                  if b.scope in ("next_turn", "throughout")), None)
        if self.at_lho_turn_after_calling():
            self.first_entry = self._first_call_entry(table)
        if (self.relation == "rho" and law28.rho_obliged_to_pass(table, self.turn)
                and law28.deem_in_rotation(self.ruling, table, table.pending.entry, self.turn)):
            return
        # accepting a call at LHO's turn after calling is accepting a change of call (25B1)
        accept = ("25B1",) if self.at_lho_turn_after_calling() else (self.clause("accept"),)
        self.offer_acceptance(table, accept, (self.clause("cancel"),),
                              refuse_rects=self.refusal_preview())

    def clause(self, what: str) -> str:
        """The Law 29 clause that accepts (``accept``) or cancels (``cancel``) a call out of
        rotation in this ruling's edition (:data:`CLAUSES`: the 2017 code swaps the letters)."""
        return CLAUSES[self.ruler.edition][what]

    def refusal_preview(self) -> tuple[Rectification, ...]:
        """What a refusal brings (29A), stated before the acceptor decides: the call is
        cancelled and the player in turn calls; the subclass adds its law's penalties (a call
        at LHO's turn after calling is a change of call, whose choice is the offender's)."""
        if self.at_lho_turn_after_calling() and self.is_change_of_call():
            # a change of call: the offender's 25B2b choice, each branch with what it brings
            first = self.first_call()
            if first is not None:
                return law25.refusal_preview(self, first, self.irregular_call,
                                             self.clause("cancel"))
        cancelled = Rectification("call_cancelled", self.clause("cancel"),
                                  {"event": self.fact.event})
        return (cancelled, *self.penalty_preview())

    def repeat_duty(self, law: str, call: CallValue, **fields: str) -> Rectification:
        """What the offender must do when his RHO passes (31A1, 32B1): repeat his call, unless
        he was obliged to pass when he made it: his bar still holds and no law lets a duty to
        repeat override it, so he must pass (the bar's own law)."""
        me = str(self.offender)
        if self.offender_bar is not None:
            return Rectification("must_pass", self.offender_bar.law,
                                 {"seat": me, "scope": self.offender_bar.scope, **fields})
        return Rectification("must_repeat", law, {"seat": me, "call": str(call), **fields})

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """The penalties of Law 30, 31 or 32 that a refusal brings (see :meth:`penalise`)."""
        return ()

    @property
    def irregular_call(self) -> CallValue:
        return Call.parse(str(self.fact.detail("call")))

    def first_call(self) -> CallValue | None:
        """The offender's earlier call of the round (for a call at LHO's turn after calling)."""
        return self.first_entry.call if self.first_entry is not None else None

    def may_be_accepted(self) -> bool:
        """Whether the LHO was offered to accept this call (a bid above seven cannot be)."""
        return any(o.id == "accept" for c in self.ruling.choices for o in c.options)

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        if (how == "superseded" and self.at_lho_turn_after_calling() and self.may_be_accepted()
                and law28.LHO_CALLING_OVER_A_CHANGE_ACCEPTS):
            # the LHO, whose turn it was, called over a change of call: 25B1, not 28B (Law 28's
            # module gives the reading)
            how = "condoned"
            table._settling = True  # the LHO's own call comes next: the auction cannot end yet
            try:
                self.resolve(table, how, event)
            finally:
                table._settling = False
            return
        if how == "superseded":
            # the acceptance the offender's LHO was offered has lapsed with the call itself
            self.ruling.choices = [c for c in self.ruling.choices if c.chosen is not None]
            law28.superseded(self.ruling, self.fact.event, self.offender)
            super().resolve(table, how, event)
            return
        if how == "corrected":
            # the offender's second call is itself out of turn: it is void (9C), and the LHO's
            # decision on the first one is still to come
            law09.premature_correction(self.ruling)
            call = table.events[event]
            assert isinstance(call, CallMade)
            table.entries.append(AuctionEntry(call.seat, call.call, event, "cancelled"))
            table.handled.add(event)
            return
        self.settle_acceptance(how)
        if how in ("accepted", "condoned") and self.at_lho_turn_after_calling():
            # 25B1: the accepted new call replaces the offender's earlier call of the round
            self.ruling.cite(self.change_law(), "25B1")
            for entry in reversed(table.entries[: self.entry_index(table)]):
                if entry.seat is self.offender and entry.status == "standing":
                    entry.status = "cancelled"
                    # the ruling says so: the new call stands, the earlier one is gone (25B1)
                    self.ruling.note("replaces_earlier_call", "25B1", seat=str(self.offender),
                                     new=str(self.irregular_call), call=str(entry.call))
                    break
        super().resolve(table, how, event)
        if how in ("accepted", "condoned"):
            # the players between the one in turn and the offender lose that turn (Law 34);
            # at LHO's turn nobody does: the auction simply goes on from the LHO
            skipped = []
            seat = self.turn
            while seat is not self.offender and self.relation != "lho":
                skipped.append(str(seat))
                seat = seat.lho
            self.ruling.facts["skipped"] = skipped
            return
        self.withdrawn(table, self.entry_index(table), self.clause("cancel"))
        if self.is_change_of_call():
            self.change_of_call(table)
        else:
            self.penalise(table)

    def at_lho_turn_after_calling(self) -> bool:
        """A call at LHO's turn by a player who has already called in the round: if accepted,
        it takes the place of his earlier call (the rotation cannot hold two calls of his)."""
        return self.relation == "lho" and bool(self.fact.detail("offender_has_called"))

    def is_change_of_call(self) -> bool:
        """Whether a cancelled call is penalised as a change of call (Law 25) rather than by
        Laws 30-32."""
        return self.at_lho_turn_after_calling()

    def penalise(self, table: Table) -> None:
        """The penalty of Law 30, 31 or 32 for a cancelled call out of rotation."""

    def change_law(self) -> str:
        """The clause that sends a call at LHO's turn to Law 25 (Law 30 names 30B3; for a bid or
        a double the 1987 index sends it to Law 25 as a whole)."""
        return "25"

    def change_of_call(self, table: Table) -> None:
        """A call at LHO's turn after the offender has called, not accepted: a change of his call
        not accepted (25B2), with the same two options as a change in words (Law 25's module)."""
        self.ruling.cite(self.change_law(), "25B2")
        first = self.first_entry
        if first is None:  # no earlier call to keep (cannot happen: the offender has called)
            self.penalise(table)
            return
        irregular = self.irregular_call
        law10.offer(self.ruling, self.offender, *law25.choice_options(self, first.call, irregular))
        self.change_choice_open = True
        self.replaced = [first.call, irregular]
        # as after a refused change in words (Law 25's module): the earlier call is withdrawn
        # for now and the offender acts next, naming his option or making his final call
        first.status = "cancelled"
        table.pending = Pending(self.index, self.fact.kind, self.offender, (), self.turn,
                                stage="substitute", entry=self.entry_index(table))
        table.next = self.offender

    def _first_call_entry(self, table: Table) -> AuctionEntry | None:
        """The offender's earlier call that the call at LHO's turn tried to change."""
        for entry in reversed(table.entries[: self.entry_index(table)]):
            if entry.seat is self.offender and entry.status == "standing":
                return entry
        return None

    def settle_change(self, table: Table, option: str) -> None:
        """Carry out the offender's 25B2b option: the partner's bar at once; Law 26 against the
        call he finally makes at that turn (for ``first_call_stands`` named in words, that is his
        first call, put back in its place; for ``other_call``, the call still to come)."""
        self.change_choice_open = False
        law25.settle_choice(self.ruling, option)
        if option == "first_call_stands":
            table.bars.append(Bar(self.offender.partner, "next_turn", "25B2b1"))
        else:
            table.bars.append(Bar(self.offender.partner, "throughout", "25B2b2"))
        law23.enforced_pass(self.ruling)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if (self.change_choice_open and seat is self.offender
                and option in ("first_call_stands", "other_call")):
            self.settle_change(table, option)
            if option == "first_call_stands" and self.first_entry is not None:
                # his first call is back where it was; the player whose turn it was calls
                self.first_entry.status = "standing"
                self.restrict_lead(table, [self.irregular_call], self.first_entry.call)
                table.pending = None
                table.next = self.turn
            else:
                self.other_call_due = True
            return
        super().chose(table, seat, option, event)

    def substituted(self, table: Table, entry: int, event: int) -> None:
        """The offender's call after the refusal is his final call at that turn: the same call
        as his first lets it stand (25B2b1), any other is his other call (25B2b2)."""
        final = table.entries[entry].call
        if self.change_choice_open:
            first = self.replaced[0]
            self.settle_change(table, "first_call_stands" if final == first else "other_call")
            self.other_call_due = True
        if self.other_call_due:
            self.other_call_due = False
            self.restrict_lead(table, self.replaced, final)
        super().substituted(table, entry, event)


# --------------------------------------------------------------------------- 2017
#
# The 2017 Laws 30-32 share one shape (spec 2017 §5.8-5.10, §14), which this class holds; the
# subclasses in Laws 30-32 name their clauses:
#
# * at the offender's RHO's turn: when RHO passes, the offender repeats his call and nothing more
#   happens (31A1, 32A1; for a pass, 30A simply has him pass at his next turn); when RHO calls,
#   the offender's own call at his turn is judged as below (31A2, 32A2);
# * at partner's turn, or at LHO's turn before the offender has called: partner calls freely
#   (30B1(a), 31B1, 32B1; what the cancelled call showed is unauthorised to him, 16C2), and the
#   offender's own call at his turn is judged as below;
# * the judgement: a call *comparable* with the cancelled one (Law 23A) brings nothing more (23B;
#   the director checks damage at the end of play, 23C); any other call has partner pass at his
#   next turn, once, with Law 26B on his lead and 72C;
# * at LHO's turn after the offender has called: a change of his call, Law 25 (2017): accepted by
#   the LHO (25B1) it stands in place of the earlier call; otherwise it is cancelled and the
#   earlier call stands (25B2), with no bar on anyone, and Law 26 judged between the cancelled
#   call and the call that stands (26A: nothing after a comparable one, else 26B).
#
# Comparable or not is the director's judgement: the engine decides it only from the meanings the
# case states or from a ``director comparable|not_comparable`` finding; otherwise the ruling stays
# open with both branches as the director's options and the 23A flag (spec 2017 §11).


class OutOfRotation2017(OutOfRotation):
    """A call out of rotation under the 2017 code (see the comment above)."""

    #: clauses, named by the subclass: RHO passed (31A1, 32A1; empty for Law 30), RHO called
    #: (31A2), partner calls freely (30B1a), the offender judged at partner's turn (31B2),
    #: comparable (31A2a), not comparable (31A2b), change of call at LHO's turn (31C)
    RHO_PASSES = ""
    RHO_CALLS = ""
    FREE = ""
    JUDGED_AFTER_FREE = ""
    COMPARABLE = ""
    NOT_COMPARABLE = ""
    CHANGE = ""
    #: the 16C2 note is this rule's to give, turn by turn: not at RHO's turn when the offender
    #: then passes as he must (30A) or repeats his call (31A1), since his legal call tells
    #: partner the same before partner calls; when partner is free or the replacement is not
    #: comparable, the rule notes it itself
    notes_withdrawn_ui = False

    #: whose call the rule waits for: ``rho`` (RHO's call at his turn) or ``offender`` (the
    #: offender's call at his own turn, to be judged)
    waiting: str | None = None
    #: the Law 23 test of the offender's replacement (or, for a refused change of call, of the
    #: call that stands), once it is made
    comparability: law23.Comparability | None = None

    def change_law(self) -> str:
        return self.CHANGE

    def refusal_preview(self) -> tuple[Rectification, ...]:
        """As in 1987, but a refused change of call at LHO's turn offers the offender no choice
        under 2017 (25B2): the new call is simply cancelled and his earlier call stands."""
        if self.at_lho_turn_after_calling():
            return (Rectification("call_cancelled", self.clause("cancel"),
                                  {"event": self.fact.event}),)
        return super().refusal_preview()

    @property
    def cancelled_call(self) -> CallValue:
        return self.irregular_call

    # ------------------------------------------------------------------ the turns
    def penalise(self, table: Table) -> None:
        """The call is cancelled (29B): at RHO's turn the rule waits for RHO's call; at partner's
        turn, or LHO's before the offender has called, partner calls freely and the offender's own
        call will be judged."""
        if self.relation == "rho":
            self.at_rho_turn(table)
            return
        self.ruling.cite(self.FREE)
        self.ruling.note("ui_withdrawn_call", "16C2", seat=str(self.offender.partner))
        self.waiting = "offender"

    def at_rho_turn(self, table: Table) -> None:
        """31A, 32A: wait for RHO's call (Law 30 overrides: 30A bars the offender at once)."""
        self.ruling.cite(self.RHO_CALLS[:3])
        self.waiting = "rho"

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        # the 1987 Law 31 class may follow in a subclass's order: its waiting is not ours
        OutOfRotation.after_call(self, table, seat, call)
        if self.waiting == "rho" and seat is self.turn:
            if isinstance(call, Pass):
                self.waiting = None
                duty = self.repeat_duty(self.RHO_PASSES, self.cancelled_call)
                self.ruling.add(duty.kind, duty.law, **duty.fields)
                self.ruling.add("no_rectification", self.RHO_PASSES)
            else:
                self.ruling.cite(self.RHO_CALLS)
                self.waiting = "offender"
        elif self.waiting == "offender" and seat is self.offender:
            self.waiting = None
            if self.relation != "rho":
                self.ruling.cite(self.JUDGED_AFTER_FREE)
            entry = next(e for e in reversed(table.entries)
                         if e.seat is seat and e.status == "standing")
            assert entry.event is not None
            self.judge(table, entry.event, call)

    # ------------------------------------------------------------------ the judgement
    def judge(self, table: Table, event: int, call: CallValue) -> None:
        """Judge the offender's ``call`` (of ``event``) against the cancelled call with Law 23's
        service: a finding of the director or the stated meanings decide; otherwise the
        director's choice is offered with both branches (what each brings) and the 23A flag."""
        self.comparability = law23.Comparability(self, self.on_comparable, self.on_not_comparable)
        self.comparability.rule(table, self.fact.event, event,
                                yes=self.branch_rects(table, True),
                                no=self.branch_rects(table, False),
                                yes_laws=(self.COMPARABLE, "23B"),
                                no_laws=(self.NOT_COMPARABLE,))

    def branch_rects(self, table: Table, comparable: bool) -> list[Rectification]:
        """What a branch brings, as the director's option states it before he decides: nothing
        (23B), or partner passing at his next turn and 26B over the suits the offender has not
        specified so far (the restriction itself is worked out again at the end of the auction)."""
        partner = str(self.offender.partner)
        if comparable:
            return [Rectification("no_rectification", "23B")]
        rects = [Rectification("must_pass", self.NOT_COMPARABLE,
                               {"seat": partner, "scope": "next_turn"})]
        specified, _ = law26.specified_suits(table, self.offender)
        suits = [s for s in law26.SUIT_ORDER if s not in specified]
        if suits:
            rects.append(Rectification("lead_restriction", "26B", {
                "seat": partner, "chooser": "declarer", "suits": suits,
                "may": list(law26.LEAD_26B_MAY), "if_defending": True}))
        return rects

    def on_comparable(self, table: Table, clause: str) -> None:
        """A comparable call (30B1(b)(i), 31A2(a), 32A2(a)): nothing more (23B); 16C2 lifted;
        the director checks damage at the end of play (23C)."""
        self.ruling.cite(self.COMPARABLE)
        law23.comparable_call(self.ruling, clause)

    def on_not_comparable(self, table: Table) -> None:
        """Not comparable (30B1(b)(ii), 31A2(b), 32A2(b)): partner passes at his next turn (72C
        flagged), 26B on his lead; what the cancelled call showed stays unauthorised (16C2)."""
        self.bar_partner(table, "next_turn", self.NOT_COMPARABLE)
        self.ruling.note("ui_withdrawn_call", "16C2", seat=str(self.offender.partner))
        self.restrict_lead(table, [self.cancelled_call])

    def judged(self, table: Table, judgement: Judgement, event: int) -> bool:
        """``director comparable|not_comparable`` on the offender's replacement (or damage
        under 23C): Law 23's service settles the choice or overrides the meanings' decision."""
        if self.comparability is not None and self.comparability.judged(table, judgement):
            # the director has judged: the point is no longer open
            self.ruling.flags = [f for f in self.ruling.flags
                                 if f.get("reason") != law23.JUDGEMENT_FLAG[0]]
            return True
        return super().judged(table, judgement, event)

    # ------------------------------------------------------------------ change of call
    def change_of_call(self, table: Table) -> None:
        """At LHO's turn after calling, refused: Law 25B2 (2017): the new call is cancelled and
        the earlier one stands (no bar, no choice); Law 26 is judged between the cancelled call
        and the call that stands: nothing after a comparable one (26A), else 26B."""
        self.ruling.cite(self.change_law(), "25B2")
        first = self.first_entry
        if first is None or first.event is None or first.call == self.cancelled_call:
            return
        self.comparability = law23.Comparability(self, self.change_comparable,
                                                 self.change_not_comparable)
        verdict = law23.decide(table.meanings.get(self.fact.event or 0),
                               table.meanings.get(first.event))
        if verdict is not None:
            self.ruling.cite(verdict[1])
            self.comparability._apply(table, verdict[0], verdict[1])
            self.comparability.replacement_event = self.fact.event
            return
        # the call that stands was made before the cancelled one: the director's finding follows
        # the cancelled call (the last call before it), so the test is anchored there
        self.comparability.rule(table, None, self.fact.event or 0,
                                yes=[Rectification("no_rectification", "26A")],
                                no=self.branch_rects(table, False)[1:],
                                yes_laws=("26A",), no_laws=("26B",))

    def change_comparable(self, table: Table, clause: str) -> None:
        """26A: the call that stands is comparable with the cancelled one: no lead restriction."""
        self.ruling.add("no_rectification", "26A")
        law23.lift_ui(self.ruling)

    def change_not_comparable(self, table: Table) -> None:
        """26B over the cancelled call; no bar on anyone (25B2)."""
        self.ruling.note("ui_withdrawn_call", "16C2", seat=str(self.offender.partner))
        self.restrict_lead(table, [self.cancelled_call])
