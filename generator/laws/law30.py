"""Law 30 (1987): pass out of rotation (cancelled, i.e. not accepted under Law 29).

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law23, law34
from generator.laws.law29 import OutOfRotation
from generator.laws.ruler import rule
from generator.laws.ruling import Rectification
from generator.model.calls import Bid, CallValue
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table


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
