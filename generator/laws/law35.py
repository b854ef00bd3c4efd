"""Law 35 (1987): inadmissible calls condoned.

When the offender's LHO calls over an inadmissible call before a penalty is assessed, the
inadmissible call is not penalised (no Law 26 lead restriction) and:

* 35A, a double or redouble not permitted by Law 19: it and every later call are cancelled, and
  the auction returns to the player whose turn it was, as if nothing irregular had happened;
* 35B, a bid, double or redouble by a player obliged to pass: it and every later legal call stand,
  but a player barred throughout stays barred;
* 35C, a bid above the seven level: reading taken ([M]) — it is cancelled and counts as a pass,
  and the auction goes on normally;
* 35D, a call after the final pass: reading taken ([M]) — cancelled without penalty.

Sources: seeds 000 and 003 (preamble, 35A, start of 35B); 35C and 35D reconstructed.

2017 (spec 2017 §5.11, [H] south-waikato blog 9): Law 35 only lists the inadmissible calls and
names the law of each (35A: Law 36; 35B: 37; 35C: 38; 35D: 39); what happens when the offender's
LHO calls over one is in that law itself (36A, 37A, 38D, 39B). So these helpers serve the 1987
rules alone (:func:`void_with_later_calls` also serves the 2017 rule of Law 36 when its
switch rules 36A at the LHO's call), and each 2017 rule of Laws 36-39 cites its 35 list entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law11
from generator.laws.ruling import Ruling
from generator.model.calls import PASS
from generator.model.seat import Seat
from generator.table.state import AuctionEntry

if TYPE_CHECKING:
    from generator.table.state import Table


def void_double(ruling: Ruling, table: Table, entry: int, turn: Seat, event: int) -> None:
    """35A: cancel the double or redouble and the condoning call; back to ``turn``."""
    void_with_later_calls(ruling, table, entry, turn, event, "35A")


def void_with_later_calls(ruling: Ruling, table: Table, entry: int, turn: Seat, event: int,
                          law: str) -> None:
    """Cancel the inadmissible call at ``entry`` and the condoning call at ``event``, without
    penalty, and give the turn back to ``turn``. The ruling says both (the later call marked
    ``later``: it is cancelled as a call after the irregular one, not as irregular itself), and
    names the player who calls now (``auction_returns``)."""
    law11.condoned_by_call(ruling, law)
    table.entries[entry].status = "cancelled"
    seat = table.events[event].seat  # type: ignore[union-attr]
    call = table.events[event].call  # type: ignore[union-attr]
    table.entries.append(AuctionEntry(seat, call, event, "cancelled"))
    table.handled.add(event)
    table.pending = None
    table.next = turn
    ruling.add("call_cancelled", law, event=table.entries[entry].event)
    # the condoning call is cancelled with it, as a later call, not as an irregular one
    ruling.add("call_cancelled", law, event=event, later=True)
    # and the director says where the auction goes on: with the player whose turn it was
    ruling.add("auction_returns", law, seat=str(turn))
    ruling.add("no_rectification", law)


def stands(ruling: Ruling) -> None:
    """35B: the call stands; nothing else follows."""
    law11.condoned_by_call(ruling, "35B")
    ruling.add("call_stands", "35B")


def above_seven_as_pass(ruling: Ruling, table: Table, entry: int) -> None:
    """35C: the bid above seven is cancelled and counts as the offender's pass."""
    law11.condoned_by_call(ruling, "35C")
    bad = table.entries[entry]
    bad.status = "cancelled"
    table.entries.insert(entry + 1, AuctionEntry(bad.seat, PASS, bad.event, "standing"))
    table.pending = None
    table._advance_after_call(bad.seat, PASS)
    ruling.add("call_cancelled", "35C", event=bad.event)
    ruling.add("no_rectification", "35C")
