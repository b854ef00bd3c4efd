"""Law 34 (1987): retention of the right to call.

When a call is followed by three passes and one of them was a pass out of rotation that cost a
player his turn, the auction does not end: it returns to the player who missed his turn, every
later pass is cancelled, and the auction goes on as if nothing irregular had happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruling import Ruling
from generator.model.calls import Pass
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.table.state import Table


def may_end(ruling: Ruling, table: Table, event: int | None) -> bool:
    """False (and the auction reopened) if the accepted pass at ``event`` skipped a player who
    has not called since and it is among the final three passes.

    The first time, the passes made after it are cancelled and the auction goes back to the
    first player who missed his turn. When two players were skipped (a pass at partner's turn),
    the second one is still owed his turn after the first has called: the auction "continues as
    if there had been no irregularity" (seeds 000, 003, Law 34), so it cannot end on him either,
    but nothing more is cancelled (the first player's call was made at his retained turn).
    """
    skipped = [Seat.parse(s) for s in ruling.facts.get("skipped", [])]
    if not skipped:
        return True
    standing = [e for e in table.entries if e.status == "standing"]
    last_three = standing[-3:]
    if not any(e.event == event and isinstance(e.call, Pass) for e in last_three):
        return True
    position = next(i for i, e in enumerate(standing) if e.event == event)
    later = standing[position + 1:]
    missed = [s for s in skipped if all(e.seat is not s for e in later)]
    if not missed:
        return True
    if not ruling.facts.get("returned"):
        for e in later:
            if isinstance(e.call, Pass):
                e.status = "cancelled"
        ruling.facts["returned"] = True
    named = {r.fields.get("seat") for r in ruling.rectifications
             if r.kind == "right_to_call_retained"}
    if str(missed[0]) not in named:
        ruling.add("right_to_call_retained", "34", seat=str(missed[0]))
    table.next = missed[0]
    return False
