"""Law 34 (1987) and 17D3 (2017): retention of the right to call.

When a call is followed by three passes and one of them was a pass out of rotation that cost a
player his turn, the auction does not end: it returns to the player who missed his turn, every
later pass is cancelled, and the auction goes on as if nothing irregular had happened.

2017 (spec 2017 §4 17D3 and §5.11, [H] pzbs l17): the same rule moved to Law 17D3, which adds
that 16C applies to the cancelled passes, each player who passed out of rotation being an
offender. :func:`may_end` serves both editions and cites the edition's clause (34 or 17D3);
under 2017 the ruling also says that the cancelled passes are unauthorised information to the
offending side (16C2). Law 34 itself is a pointer under 2017 (its number and title kept, "see
17D3", ``index_2017.yaml``). Reading taken: a 2017 ruling cites 17D3, where the rule lives, and
not the pointer (:data:`CITE_POINTER_2017` off; on, it cites 34 beside 17D3 so that a director
who looks the rule up under its old number finds it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruling import Ruling
from generator.model.calls import Pass
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.table.state import Table

EDITIONS = ("1987", "2017")

CITE_POINTER_2017 = False
"""Whether a 2017 ruling of a retained right to call cites the pointer Law 34 beside 17D3."""


def clause(ruling: Ruling) -> str:
    """The clause of the retained right to call: 1987 Law 34, 2017 Law 17D3."""
    return "17D3" if ruling.edition == "2017" else "34"


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
        if ruling.edition == "2017" and ruling.offender is not None:
            from generator.laws import law16

            law16.withdrawn_call(ruling, ruling.offender)
    named = {r.fields.get("seat") for r in ruling.rectifications
             if r.kind == "right_to_call_retained"}
    if str(missed[0]) not in named:
        ruling.add("right_to_call_retained", clause(ruling), seat=str(missed[0]))
        if ruling.edition == "2017" and CITE_POINTER_2017:
            ruling.cite("34")
    table.next = missed[0]
    return False
