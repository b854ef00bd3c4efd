"""Law 28 (1987 and 2017): calls considered to be in rotation.

28A: a call made at the turn of the caller's RHO, when that RHO is obliged by law to pass, is in
rotation: the RHO is deemed to have passed. It is no call out of rotation at all ("считается
сделанной в очередь", seeds 000, 003, 28A), so the table itself enters the deemed pass and judges
the call at its own turn (``Table._deem_rho_passed``): nothing is reported as out of rotation,
and the ruling that made the RHO pass notes, under 28A, that his turn was used up this way
(:func:`deemed_pass`). 28B: if, after a call out of rotation and before a
penalty is assessed, the opponent whose turn it was calls, that call is in rotation, the right to
penalise the call out of rotation is lost, and the auction goes on as though the offender had not
called at that turn (he calls again at his own turn).

Reading taken: when the call out of rotation was made at the offender's LHO's turn, that LHO is
both the player whose turn it was (28B) and the one who may call over it to accept it (29B). The
1987 text of 28B names exactly this player and says the auction continues as though the offender
had not called; 29B only says the LHO may call and so lose the right to a penalty. The engine
applies 28B: the LHO's call is in rotation and the call out of rotation is void. The order of the
two checks is in ``generator/table/state.py`` (``Table._call``).

Except for one shape (:data:`LHO_CALLING_OVER_A_CHANGE_ACCEPTS`): a call at LHO's turn by a player
who has already called in the round is ruled as a change of his earlier call (Law 29's module:
30B3 for a pass, Law 25 for a bid or double). When the LHO calls over it, 25B1 applies, not 28B:
seed 000, 25B1, lets the offender's LHO treat a changed call as legal, the second call then
standing without penalty, and its second sentence keeps the changed call standing even when the
LHO had called before attention was drawn; 28B's own words (seed 000, 28B: the auction goes on as
though the offender had called nothing in that round) cannot fit an offender whose earlier call
of the round was legal and made in rotation. So the LHO's call accepts the change (his right
used, not an 11A forfeiture), the new call replaces the earlier one, and the auction goes on
from the LHO, exactly as when he says he accepts, and as over a change made in words. (The
second sentence's case, an LHO who meant his call over the first call and may withdraw it, is
for the director to judge and is not modelled.) With the switch off, 28B rules it as before.

2017 (spec 2017 §5.6, [H] hellasbridge law_28): the same rule in both codes, shared here. 28A is
unchanged; 28B adds that Law 26 does not apply to the void call while 16C2 does: its information
is unauthorised to the offender's side (1987: authorised), which :func:`superseded` notes for
the offender's partner under 2017.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruling import Ruling
from generator.model.auction import is_legal_call
from generator.model.calls import PASS
from generator.model.seat import Seat
from generator.table.state import AuctionEntry

if TYPE_CHECKING:
    from collections.abc import Sequence

    from generator.laws.ruler import Rule
    from generator.table.state import Table


EDITIONS = ("1987", "2017")

#: Reading taken (seed 000, 25B1 against 28B): the LHO who calls over a call made at his turn by a
#: player who had already called in the round accepts it as a change of call (25B1): the new
#: call stands in place of the earlier one. Off: 28B, the call is void and the earlier one stands.
LHO_CALLING_OVER_A_CHANGE_ACCEPTS = True


def rho_obliged_to_pass(table: Table, turn: Seat) -> bool:
    """Whether the player whose turn was skipped must pass at this turn."""
    return any(b.scope in ("next_turn", "throughout") for b in table.bars_on(turn))


def deem_in_rotation(ruling: Ruling, table: Table, entry: int, turn: Seat) -> bool:
    """28A: insert the obliged pass and let the call stand, if it is legal in rotation."""
    call, seat = table.entries[entry].call, table.entries[entry].seat
    if not is_legal_call(seat, call, table.standing()):
        return False
    event = table.entries[entry].event
    table.entries.insert(entry, AuctionEntry(turn, PASS, event, "standing"))
    table.pending = None
    table._advance_after_call(turn, PASS)
    table.entries[entry + 1].status = "standing"
    table._advance_after_call(seat, call)
    ruling.add("call_stands", "28A", event=event)
    ruling.add("no_rectification", "28A")
    return True


def deemed_pass(rules: Sequence[Rule], seat: Seat, caller: Seat, event: int) -> None:
    """28A: note on the latest ruling that obliged ``seat`` to pass that ``caller``'s call at
    his turn was in rotation and ``seat`` is taken to have passed (which spends a one-turn bar;
    a bar for the whole auction stays)."""
    for rule_obj in reversed(rules):
        if any(r.kind == "must_pass" and r.fields.get("seat") == str(seat)
               for r in rule_obj.ruling.rectifications):
            rule_obj.ruling.note("deemed_pass", "28A", seat=str(seat), caller=str(caller),
                                 event=event)
            return


def superseded(ruling: Ruling, event: int | None, offender: Seat | None = None) -> None:
    """28B: the opponent whose turn it was called first; the call out of rotation is void.
    Under 2017 the rule adds that Law 26 does not apply (no rectification at all) but 16C2 does:
    what the void call showed is unauthorised to the offender's partner (spec 2017 §5.6)."""
    ruling.add("call_cancelled", "28B", event=event)
    ruling.add("no_rectification", "28B")
    if ruling.edition == "2017" and offender is not None:
        ruling.note("ui_withdrawn_call", "16C2", seat=str(offender.partner))
