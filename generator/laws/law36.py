"""Law 36: inadmissible doubles and redoubles (1987 not condoned; 2017 at the end).

A double or redouble that Law 19 does not permit (of partner's bid, of nothing, a second double,
a redouble of nothing), or one made by a player barred from doubling (Law 30B2), is cancelled; the
offender must substitute a legal call at that turn, his partner must pass throughout, Law 26 may
restrict his partner's lead, and Law 23A may apply. Made out of rotation, it is cancelled, the
auction returns to the player whose turn it was, the offender calls at his own turn, and the same
penalties apply. Such a call can never be accepted (an ``accepts`` is treated as a refusal); if
the LHO calls over it, Law 35A applies instead; if, out of rotation, the opponent whose turn it was
calls first, his call is in rotation and the double is cancelled without penalty (Law 28B, which
covers every call out of rotation).

Source: 1987 index; penalties as in the spec ([M]).

2017 (:class:`InadmissibleDouble2017`; spec 2017 §5.12, [H] south-waikato blog 9, French
LOI36, qldbridge Q&A). Law 35 is only a list now (35A: a double or redouble Law 19 does not
permit, ruled by 36), and Law 36 holds its own condonation:

* 36A, the offender's LHO called before the rectification: the double or redouble and every
  later call are cancelled, the auction goes back to the player whose turn it was and goes on
  as if nothing had happened; no lead restriction (1987 35A, same effect);
* 36B, otherwise: cancelled, the offender substitutes a legal call, his partner passes
  throughout, 72C and 26B may apply (``Rule.cancel_and_bar``, which takes the edition: 26B
  prohibit-only over the suits the offender did not specify, 72C's flag); made out of rotation
  (36B4) the auction goes back to the player in turn and the offender calls at his own turn;
* 36C (new): noticed only after the opening lead was faced, the final contract is scored as if
  the inadmissible double or redouble had not been made: a rectification ``score_as_if``
  (``remove``: ``X`` or ``XX``), and the board's contract is scored without it (a redouble that
  answered the removed double falls with it).

When is it "noticed"? The case format records the LHO's call over it as the table's event, and
the director's arrival as ``director``. Reading taken (:data:`RULED_WHEN_DIRECTOR_CALLED`): under
2017 the LHO's call leaves the double standing until the director is called; called during the
auction he applies 36A (the double and every later call are cancelled); once the opening lead
is faced, or at the end of the play if nobody called him, 36C. Called after the final pass but
before the opening lead, 36A would reopen a finished auction, which the engine does not do: it
scores as 36C does and flags ``reopen_auction_36a`` (36A) for the director. Off, 36A is applied
at the LHO's call itself, as the 1987 module does, and 36C never arises.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.laws import law09, law11, law16, law28, law35
from generator.laws.ruler import Rule, rule
from generator.model.calls import Bid, Double, Redouble
from generator.model.contract import Doubling
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table

EDITIONS = ("1987", "2017")

#: 2017: the LHO's call over an inadmissible double leaves it standing until the director is
#: called (36A in the auction, 36C after the opening lead); False: 36A at the LHO's call.
RULED_WHEN_DIRECTOR_CALLED = True


@rule(Kind.INADMISSIBLE_DOUBLE, editions={"1987"})
class InadmissibleDouble(Rule):
    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        entry = self.entry_index(table)
        if how == "condoned":
            turn = self.fact.detail("turn")
            law35.void_double(self.ruling, table, entry,
                              Seat.parse(turn) if turn else self.offender, event)
            return
        if how == "superseded":
            law28.superseded(self.ruling, self.fact.event)
            super().resolve(table, how, event)
            return
        if how == "accepted":
            self.ruling.note("cannot_be_accepted", "36")
            how = "refused"
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.cancel_and_bar(table, entry, "36", offender_too=False)

    def director(self, table: Table, event: int) -> None:
        """No opponent may accept it, so the director rules as soon as he is called: cancelled,
        partner barred throughout, Law 26 to come, and the offender calls again now (in
        rotation) or the player in turn calls (out of rotation)."""
        self.rule_at_once(table, event, "36", "any_legal")


@rule(Kind.INADMISSIBLE_REDOUBLE, editions={"1987"})
class InadmissibleRedouble(InadmissibleDouble):
    """Same law for a redouble."""


@rule(Kind.INADMISSIBLE_DOUBLE, editions={"2017"})
class InadmissibleDouble2017(Rule):
    """2017 Law 36 (module docstring): 36A, 36B, 36C."""

    #: the LHO has called over it and the director has not yet ruled (36A or 36C to come)
    undiscovered: bool = False

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("35A")  # 2017 35A: lists it among the inadmissible calls

    def turn(self) -> Seat:
        turn = self.fact.detail("turn")
        return Seat.parse(turn) if turn else self.offender

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        entry = self.entry_index(table)
        if how == "condoned":
            if RULED_WHEN_DIRECTOR_CALLED:
                self.undiscovered = True
                self.ruling.note("ruled_when_found", "36")
                super().resolve(table, how, event)
                return
            law35.void_with_later_calls(self.ruling, table, entry, self.turn(), event, "36A")
            return
        if how == "superseded":
            law28.superseded(self.ruling, self.fact.event)
            law16.withdrawn_call(self.ruling, self.offender)
            super().resolve(table, how, event)
            return
        if how == "accepted":
            self.ruling.note("cannot_be_accepted", "36")
            how = "refused"
        if how == "corrected":
            law09.premature_correction(self.ruling)
        super().resolve(table, how, event)
        self.cancel_and_bar(table, entry, "36B", offender_too=False)

    def director(self, table: Table, event: int) -> None:
        """Called while the call still waits: 36B at once. Called after the LHO's call: 36A in
        the auction, 36C once the opening lead is faced."""
        if self.undiscovered:
            self.found(table)
            return
        self.rule_at_once(table, event, "36B", "any_legal")

    def play_ended(self, table: Table) -> None:
        if self.undiscovered:
            self.found(table)

    def found(self, table: Table) -> None:
        """The director learns of the condoned double or redouble now."""
        self.undiscovered = False
        self.ruling.notes = [n for n in self.ruling.notes if n["topic"] != "ruled_when_found"]
        if table.phase == "auction":
            self.cancel_with_later_calls(table)
            return
        if not table.tricks and (table.current is None or not table.current.plays) \
                and table.phase == "play":
            self.ruling.flag("reopen_auction_36a", "36A")
        self.score_as_if(table)

    def cancel_with_later_calls(self, table: Table) -> None:
        """36A: the double or redouble and every call after it are cancelled; back to the
        player whose turn it was."""
        law11.condoned_by_call(self.ruling, "36A")
        start = self.entry_index(table)
        first = True
        for e in table.entries[start:]:
            if e.status != "standing":
                continue
            e.status = "cancelled"
            self.ruling.add("call_cancelled", "36A", event=e.event, later=None if first else True)
            first = False
        table.pending = None
        table.next = self.turn()
        self.ruling.add("auction_returns", "36A", seat=str(self.turn()))
        self.ruling.add("no_rectification", "36A")

    def score_as_if(self, table: Table) -> None:
        """36C: the contract is scored as if the double or redouble had not been made."""
        call = table.entries[self.entry_index(table)].call
        removed = "XX" if isinstance(call, Redouble) else "X"
        self.ruling.add("score_as_if", "36C", remove=removed, call=removed, event=self.fact.event)
        start = self.entry_index(table)
        later_bid = any(isinstance(e.call, Bid) and e.status == "standing"
                        for e in table.entries[start + 1:])
        contract = table.contract
        if contract is None or later_bid:
            return  # a later bid superseded it: the contract never carried it
        if isinstance(call, Double) and contract.doubling is not Doubling.NONE:
            table.contract = replace(contract, doubling=Doubling.NONE)
        elif isinstance(call, Redouble) and contract.doubling is Doubling.REDOUBLED:
            table.contract = replace(contract, doubling=Doubling.DOUBLED)


@rule(Kind.INADMISSIBLE_REDOUBLE, editions={"2017"})
class InadmissibleRedouble2017(InadmissibleDouble2017):
    """Same law for a redouble."""
