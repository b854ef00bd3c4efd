"""Law 36 (1987): inadmissible doubles and redoubles (not condoned).

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law09, law28, law35
from generator.laws.ruler import Rule, rule
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Resolution, Table


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
