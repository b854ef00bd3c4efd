"""Law 30: pass out of rotation (cancelled, i.e. not accepted under Law 29); 1987, then 2017.

* 30A: before any player has bid: the offender must pass at his next turn (and see Law 23B if
  his partner then opens the bidding);
* 30B1: after a bid, at RHO's turn: the offender must pass at his next turn (a conventional pass
  showing suits would bring Law 26; the engine does not model conventions);
* 30B2: after a bid, at partner's turn: the offender must pass throughout; his partner may bid or
  pass at this turn but may not double or redouble (Law 23A may apply);
* 30B3: after a bid, at LHO's turn: a change of call (Law 25). Reading taken: a pass at LHO's
  turn by a player who has not yet called in that round changes no call of his, so 30B3 cannot
  apply; it is ruled like 30B1 (the offender passes at his next turn).

Source: seed 001 (30A, 30B1); 30B2's "no double" element via the 1987 index ("illegal double
after partner's pass out of rotation ... 30"); 30B3 reconstructed ([M]).

Law 34 is enforced here too: an accepted pass out of rotation that made a player lose his turn
cannot be one of the three passes that end the auction.

2017 (spec 2017 §5.8; [H] for 30B1, the substance of A and B from the WBF commentary and the EBU
forum, [M] for the exact 30A and 30B2 wording):

* 30A: at RHO's turn, whether or not anyone has bid: the offender passes at his next turn and
  nothing more (1987 split "before any bid", any turn, from "after a bid at RHO's turn");
* 30B1: at partner's turn, or at LHO's turn before the offender has called (LHO is dealer):
  partner calls freely (30B1(a); what the pass showed is unauthorised to him, 16C2); at his own
  turn the offender's call is judged: comparable with the pass, nothing more (30B1(b)(i), 23C);
  not, partner passes at his next turn, with 26B and 72C (30B1(b)(ii)). 1987 barred the offender
  throughout and forbade partner to double or redouble;
* 30B2: at LHO's turn after the offender has called: a change of call, Law 25 (Law 29's module);
* 30C: an artificial pass, or a pass of partner's artificial call, is ruled by Law 31. Reading
  taken: a pass (or partner's call) is artificial when its stated meaning names a purpose or
  specifies a suit (:func:`artificial`); without meanings every pass is natural.

Reading taken for 30A and Law 26 (spec 2017 §15.3: not seen, debated on the EBU forum): no lead
restriction, since the offender's enforced pass is the same call as the cancelled one
(:data:`LEAD_RESTRICTION_AFTER_30A`; on, 26B would restrict partner's lead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law23, law34
from generator.laws.law29 import OutOfRotation, OutOfRotation2017
from generator.laws.ruler import rule
from generator.laws.ruling import Rectification
from generator.model.calls import Bid, CallValue
from generator.model.meaning import Meaning
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

#: Reading taken (spec 2017 §15.3): after 30A the offender is forced to pass, the same call as
#: his cancelled pass, so Law 26 does not restrict his partner's lead. On: 26B would apply.
LEAD_RESTRICTION_AFTER_30A = False


@rule(Kind.PASS_OUT_OF_ROTATION, editions={"1987"})
class PassOutOfRotation(OutOfRotation):
    watch_partner_opening = False

    def penalise(self, table: Table) -> None:
        if self.fact.detail("before_any_bid"):
            self.bar(table, self.offender, "next_turn", "30A")
            self.watch_partner_opening = True
        elif self.relation == "rho":
            self.bar(table, self.offender, "next_turn", "30B1")
        elif self.relation == "partner":
            self.bar(table, self.offender, "throughout", "30B2")
            self.no_double(table, self.offender.partner, "30B2")
            law23.enforced_pass(self.ruling)
        else:
            self.bar(table, self.offender, "next_turn", "30B1")

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """The bar :meth:`penalise` would set, stated before the acceptor decides."""
        me = str(self.offender)
        if self.fact.detail("before_any_bid"):
            return (Rectification("must_pass", "30A", {"seat": me, "scope": "next_turn"}),)
        if self.relation == "partner":
            return (Rectification("must_pass", "30B2", {"seat": me, "scope": "throughout"}),
                    Rectification("no_double_or_redouble", "30B2",
                                  {"seat": str(self.offender.partner), "scope": "this_turn"}))
        return (Rectification("must_pass", "30B1", {"seat": me, "scope": "next_turn"}),)

    def change_law(self) -> str:
        return "30B3"

    def is_change_of_call(self) -> bool:
        """30A covers every pass before any bid, whoever's turn it was; 30B3 needs a bid."""
        return super().is_change_of_call() and not self.fact.detail("before_any_bid")

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        super().after_call(table, seat, call)
        if self.watch_partner_opening and isinstance(call, Bid):
            self.watch_partner_opening = False
            bids = [c for _, c in table.standing() if isinstance(c, Bid)]
            if seat is self.offender.partner and len(bids) == 1:
                law23.partner_opened_after_pass(self.ruling)

    def auction_may_end(self, table: Table) -> bool:
        return law34.may_end(self.ruling, table, self.fact.event)


# --------------------------------------------------------------------------- 2017


def artificial(meaning: Meaning | None) -> bool:
    """Whether a stated meaning makes a pass (or partner's call) artificial for 30C: it names
    a purpose, or it specifies a suit (a pass that shows something beyond "nothing to say")."""
    if meaning is None:
        return False
    return bool(meaning.purpose) or bool(meaning.specified())


#: The note of a 2017 pass out of rotation at partner's or LHO's turn while the offender's own
#: later call is still to come (30B1b: comparable, nothing more; otherwise partner passes once
#: and 26B may apply).
WHAT_FOLLOWS = "pass_30b1_to_come"


@rule(Kind.PASS_OUT_OF_ROTATION, editions={"2017"})
class PassOutOfRotation2017(OutOfRotation2017):
    """2017 Law 30: 30A at RHO's turn, 30B1 at partner's or LHO's first turn, 30B2 a change of
    call, 30C an artificial pass ruled by Law 31 (see the module docstring)."""

    FREE = "30B1a"
    JUDGED_AFTER_FREE = "30B1"
    COMPARABLE = "30B1bi"
    NOT_COMPARABLE = "30B1bii"
    CHANGE = "30B2"

    def detected(self, table: Table) -> None:
        super().detected(table)
        if self.is_artificial(table):
            self.ruling.cite("30C", "31")

    def is_artificial(self, table: Table) -> bool:
        """30C: the pass is artificial by its stated meaning, or it passes partner's artificial
        call (the meaning stated for partner's last call): Law 31 then rules it."""
        if artificial(table.meanings.get(self.fact.event or 0)):
            return True
        mate = next((e for e in reversed(table.entries) if e.seat is self.offender.partner
                     and e.status == "standing" and e.event is not None), None)
        return mate is not None and artificial(table.meanings.get(mate.event or 0))

    def penalise(self, table: Table) -> None:
        if self.relation == "rho" and not self.is_artificial(table):
            # 30A: the offender passes at his next turn; nothing else
            self.bar(table, self.offender, "next_turn", "30A")
            if LEAD_RESTRICTION_AFTER_30A:
                self.restrict_lead(table, [self.irregular_call])
            return
        if self.is_artificial(table):
            # 30C: ruled as a bid out of rotation (31A at RHO's turn, 31B otherwise)
            self.RHO_PASSES, self.RHO_CALLS = "31A1", "31A2"
            self.FREE, self.JUDGED_AFTER_FREE = "31B1", "31B2"
            self.COMPARABLE, self.NOT_COMPARABLE = "31A2a", "31A2b"
        super().penalise(table)
        if self.waiting == "offender" and not self.is_artificial(table):
            # 30B1: what follows is told while it is still to come (partner calls freely now;
            # the offender's own later call decides), dropped once that call is judged
            self.ruling.note(WHAT_FOLLOWS, "30B1", seat=str(self.offender.partner),
                             caller=str(self.offender))

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        super().after_call(table, seat, call)
        if self.waiting != "offender":
            self.ruling.notes = [n for n in self.ruling.notes if n["topic"] != WHAT_FOLLOWS]

    def penalty_preview(self) -> tuple[Rectification, ...]:
        """What a refusal brings, stated before the acceptor decides: at RHO's turn the offender
        passes at his next turn (30A); otherwise partner calls freely, and the offender's own call
        decides (30B1b: nothing after a comparable call, else partner passes once and 26B)."""
        me, mate = str(self.offender), str(self.offender.partner)
        if self.relation == "rho":
            return (Rectification("must_pass", "30A", {"seat": me, "scope": "next_turn"}),)
        return (Rectification("must_pass", "30B1bii", {"seat": mate, "scope": "next_turn",
                                                       "if": "not_comparable", "offender": me}),)

    def auction_may_end(self, table: Table) -> bool:
        return law34.may_end(self.ruling, table, self.fact.event)
