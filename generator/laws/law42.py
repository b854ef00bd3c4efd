"""Law 42 (1987 and 2017): dummy's rights.

42A: dummy may give information on facts or law when the director asks, keep count of tricks, and
play the cards declarer names. 42B: he may ask declarer, who fails to follow suit, whether he has a
card of the suit led (so preventing a revoke), and draw attention to an irregularity once the play
is over. The engine cites 42B beside a revoke by declarer: dummy had the right to ask.

``N warns`` (extension of format 1): dummy warns declarer, who is to lead, against leading from
the wrong hand. 42B2 allows it, so nothing follows (``no_rectification``), unless dummy has
already broken one of the limits of 43A2 (exchanged hands with declarer, watched declarer's play,
looked at a defender's cards): then, by 43B2(a), either defender may choose the hand from which
declarer leads (options ``lead_declarer`` / ``lead_dummy``, offered to declarer's left-hand
opponent, who speaks first for his side; the table's lead moves to the hand chosen).

Reading taken ([M]: the 1987 text of 42-43 was not seen; seed 003 cites 43B2(C) beside the revoke
laws, which places the revoke enquiry third). The lettering 43B2(a) warning, (b) attention drawn
to a defender's irregularity, (c) revoke enquiry is the engine's reading of the 1987 clause; the
later codes put the revoke enquiry second. :data:`WARNING_NEEDS_EARLIER_VIOLATION` on: dummy's
warning costs declarer something only after a 43A2 violation (as the later codes have it); off,
every warning by dummy lets the defenders choose the hand.

2017 (spec §7.1, one rule for both codes): 42A-B and 43B2(a) are the same; the 2017 code letters
the revoke enquiry 43B2(b) and the attention drawn to a defender's irregularity 43B2(c), which
``law43.ATTENTION`` follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10
from generator.laws.ruler import BOTH, Rule, rule
from generator.laws.ruling import Option, Rectification, Ruling
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")

#: 43B2(a) applies only after dummy has broken a limit of 43A2 (True), or to any warning (False).
WARNING_NEEDS_EARLIER_VIOLATION = True


def dummy_may_ask(ruling: Ruling) -> None:
    """42B: dummy may ask declarer who shows out whether he has a card of the suit led."""
    ruling.note("dummy_may_ask_declarer", "42B")


@rule(Kind.DUMMY_WARNS, editions=BOTH)
class DummyWarns(Rule):
    def detected(self, table: Table) -> None:
        if not self.fact.detail("violated") and WARNING_NEEDS_EARLIER_VIOLATION:
            self.ruling.add("no_rectification", "42B2")
            self.ruling.note("dummy_may_warn", "42B2")
            return
        assert table.declarer is not None and table.dummy is not None
        from generator.laws import law43

        breach = law43.earlier_breach(table, dict(self.fact.details))
        if breach is not None:  # the consequence rests on dummy's earlier breach as well
            self.ruling.cite(breach)
        self.ruling.cite("43B2a")
        law10.offer(self.ruling, table.declarer.lho, *(
            Option(f"lead_{role}", [Rectification("lead_from", "43B2a",
                                                {"seat": str(hand), "hand": role})],
                   ["43B2a"])
            for role, hand in (("declarer", table.declarer), ("dummy", table.dummy))))

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        chosen = self.ruling.settle(option)
        if chosen is None:
            super().chose(table, seat, option, event)
            return
        hand = Seat.parse(str(chosen.rectifications[0].fields["seat"]))
        if table.phase == "play" and table.leading:
            table.next = hand
