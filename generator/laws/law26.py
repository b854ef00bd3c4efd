"""Law 26 (1987): lead restrictions after a withdrawn call.

When an offender's call is withdrawn and he ends that turn with a different call, and his side
then defends, declarer may restrict the lead of the offender's partner at his first turn to lead:

* 26A, the withdrawn call named a suit: if the offender names that suit again later in the legal
  auction there is no restriction (26A1); otherwise declarer may require or prohibit a lead of it
  (26A2);
* 26B, any other withdrawn call (notrump, pass, double, redouble): declarer may prohibit the lead
  of any one suit.

Readings taken: the 1987 26B wording was not seen ([M] in the spec); we take the
prohibit-any-one-suit form of the later codes (:data:`MAY_26B`). "Specified later" is read as:
the offender made a bid in that suit later in the legal auction. A call repeated with a different
meaning counts as a different call (footnote to the 1987 text); the engine, which does not model
meanings, treats a repeated call as the same call.

The restriction is tracked as the auction goes on and settled when it ends: it disappears if the
offender's side becomes the declaring side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.laws.ruling import Rectification, Ruling
from generator.model.calls import Bid, CallValue
from generator.model.cards import Suit
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.table.state import Table

#: What declarer may do under 26B (any withdrawn call that named no suit).
MAY_26B: tuple[str, ...] = ("prohibit",)
#: What declarer may do under 26A2.
MAY_26A2: tuple[str, ...] = ("require", "prohibit")


def named_suit(call: CallValue) -> Suit | None:
    """The suit a (natural) call names, if any."""
    return call.strain.suit if isinstance(call, Bid) else None


class LeadRestriction:
    """A Law 26 restriction attached to a ruling, recomputed as the auction goes on."""

    def __init__(self, ruling: Ruling, table: Table, offender: Seat,
                 withdrawn: Sequence[CallValue]) -> None:
        self.ruling = ruling
        self.offender = offender
        self.withdrawn = tuple(withdrawn)
        self.start = len(table.entries)
        self.rects: list[Rectification] = []
        self.update(table)

    def restricted_suits(self, table: Table) -> tuple[list[Suit], bool, bool]:
        """(suits still under 26A2, whether 26B applies, whether 26A1 lifted a suit)."""
        later = [e.call for e in table.entries[self.start:]
                 if e.seat is self.offender and e.status == "standing"]
        later_suits = {named_suit(c) for c in later} - {None}
        suits: list[Suit] = []
        any_one = lifted = False
        for call in self.withdrawn:
            suit = named_suit(call)
            if suit is None:
                any_one = True
            elif suit in later_suits:
                lifted = True
            elif suit not in suits:
                suits.append(suit)
        return suits, any_one and not suits, lifted

    def update(self, table: Table) -> None:
        for rect in self.rects:
            if rect in self.ruling.rectifications:
                self.ruling.rectifications.remove(rect)
        self.rects = []
        if table.declarer is not None and table.declarer.side is self.offender.side:
            return  # the offender's side declares: no defender of it will lead
        suits, any_one, lifted = self.restricted_suits(table)
        partner = str(self.offender.partner)
        if lifted:
            self.ruling.cite("26A1")
        if suits:
            self.rects.append(self.ruling.add(
                "lead_restriction", "26A2", seat=partner, chooser="declarer",
                suits=[str(s) for s in suits], may=list(MAY_26A2)))
        elif any_one:
            self.rects.append(self.ruling.add(
                "lead_restriction", "26B", seat=partner, chooser="declarer", suits="any_one",
                may=list(MAY_26B)))
