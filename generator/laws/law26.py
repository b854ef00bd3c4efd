"""Law 26 (1987): lead restrictions after a withdrawn call.

When an offender's call is withdrawn and he ends that turn with a different call, and his side
then defends, declarer may restrict the lead of the offender's partner at his first turn to lead:

* 26A, the withdrawn call named a suit: if the offender never names that suit again in the legal
  auction (26A1 removes the restriction when he does), declarer may require or prohibit a lead of
  it (26A2);
* 26B, any other withdrawn call (notrump, pass, double, redouble): declarer may prohibit the lead
  of any one suit.

Reading taken ([M] in the spec for 26B): the 1987 26B wording was not seen; we take the
prohibit-any-one-suit form of the later codes. "Specified later" is read as: the offender made a
bid in that suit later in the legal auction. Both are the constants below.

The restriction is tracked as the auction goes on and settled when it ends: it disappears if the
offender's side becomes the declaring side.
"""

from __future__ import annotations

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


class LeadRestriction:
    """A Law 26 restriction attached to a ruling, recomputed as the auction goes on."""

    def __init__(self, ruling: Ruling, table: Table, offender: Seat, withdrawn: CallValue) -> None:
        self.ruling = ruling
        self.offender = offender
        self.withdrawn = withdrawn
        self.start = len(table.entries)
        self.rect: Rectification | None = None
        self.update(table)

    def suits(self, table: Table) -> tuple[Suit, ...] | None:
        """Suits still restricted under 26A, ``()`` for 26B, ``None`` if 26A1 lifts it."""
        if not isinstance(self.withdrawn, Bid) or self.withdrawn.strain.suit is None:
            return ()
        suit = self.withdrawn.strain.suit
        later = [e for e in table.entries[self.start:]
                 if e.seat is self.offender and e.status == "standing"]
        if any(isinstance(e.call, Bid) and e.call.strain.suit is suit for e in later):
            return None
        return (suit,)

    def update(self, table: Table) -> None:
        if self.rect is not None:
            self.ruling.rectifications.remove(self.rect)
            self.rect = None
        suits = self.suits(table)
        if table.declarer is not None and table.declarer.side is self.offender.side:
            return  # the offender's side declares: nobody of it leads
        partner = self.offender.partner
        if suits is None:
            self.ruling.cite("26A1")
            return
        if suits:
            self.rect = self.ruling.add("lead_restriction", "26A2", seat=str(partner),
                                        chooser="declarer", suits=[str(s) for s in suits],
                                        may=list(MAY_26A2))
        else:
            self.rect = self.ruling.add("lead_restriction", "26B", seat=str(partner),
                                        chooser="declarer", suits="any_one", may=list(MAY_26B))
