"""Law 29 (1987): procedure after a call out of rotation, and the shared rule for Laws 30-32.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law10, law23, law25, law28
from generator.laws.ruler import Rule
from generator.laws.ruling import Rectification
from generator.model.calls import Call, CallValue
from generator.model.seat import Seat
from generator.table.events import CallMade
from generator.table.state import AuctionEntry, Bar, Pending

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table


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
        accept = ("25B1",) if self.at_lho_turn_after_calling() else ("29B",)
        self.offer_acceptance(table, accept, ("29A",), refuse_rects=self.refusal_preview())

    def refusal_preview(self) -> tuple[Rectification, ...]:
        """What a refusal brings (29A), stated before the acceptor decides: the call is
        cancelled and the player in turn calls; the subclass adds its law's penalties (a call
        at LHO's turn after calling is a change of call, whose choice is the offender's)."""
        if self.at_lho_turn_after_calling() and self.is_change_of_call():
            # a change of call: the offender's 25B2b choice, each branch with what it brings
            first = self.first_call()
            if first is not None:
                return law25.refusal_preview(self, first, self.irregular_call, "29A")
        cancelled = Rectification("call_cancelled", "29A", {"event": self.fact.event})
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
            law28.superseded(self.ruling, self.fact.event)
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
        self.withdrawn(table, self.entry_index(table), "29A")
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
