"""Law 64 (1987): procedure after an established revoke.

* 64A1: if the offending player won the revoke trick, that trick and one more trick won later by
  the offending side (if any) are transferred to the non-offending side at the end of play;
* 64A2: otherwise, if the offending side won the revoke trick or any later trick, one trick is
  transferred;
* 64B: no transfer when (1) the offending side won neither the revoke trick nor a later trick,
  (2) it is a second revoke in the same suit by the same player (only the first is penalised),
  (3) the revoke was a failure to play a card faced on the table (dummy's, or a faced hand),
  (4) attention was first drawn after a non-offender called on the next deal, (5) after the round
  ended (4 and 5 are not expressible in a case);
* 64C: whenever the transfer does not make up for the damage (no-transfer cases included), the
  director assigns an adjusted score: the engine flags it for his judgement on every established
  revoke, citing 12C2 (the assigned adjusted score it would be) beside 64C.

Reading taken where the 1987 text was not seen ([M]): the simple two-trick rule (the 1997 extra
transfer for a trick won with a card that could have been played to the revoke trick is not 1987),
and a trick won by dummy does not count as won by a revoking declarer
(:data:`DUMMY_WIN_COUNTS_FOR_DECLARER`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.laws.law61 import Revoke
    from generator.table.state import Table

DUMMY_WIN_COUNTS_FOR_DECLARER = False


def transfer_count(offender_won: bool, side_won_revoke_trick: bool,
                   side_later: int) -> tuple[int, str]:
    """Tricks to transfer and the clause, from the three facts Law 64A looks at."""
    if offender_won:
        return 1 + min(1, side_later), "64A1"
    if side_won_revoke_trick or side_later >= 1:
        return 1, "64A2"
    return 0, "64B1"


def transfer(rule: Revoke, table: Table) -> None:
    """Settle an established revoke at the end of play."""
    offender = rule.offender
    side = offender.side
    rule.ruling.flag("equity_check", "64C", adjustment="assigned")
    rule.ruling.cite("12C2")
    if table.dummy is offender:
        rule.ruling.add("no_rectification", "64B3")
        rule.ruling.note("dummy_card_named_by_declarer", "45B")
        return
    if _repeated(rule):
        rule.ruling.add("no_rectification", "64B2")
        return
    if rule.trick < 1 or rule.trick > len(table.tricks):
        return
    revoke_trick = table.tricks[rule.trick - 1]
    winner = revoke_trick.winner
    assert winner is not None
    offender_won = winner is offender or (DUMMY_WIN_COUNTS_FOR_DECLARER and table.dummy is winner
                                          and offender is table.declarer)
    before = sum(1 for t in table.tricks[: rule.trick - 1] if t.winner and t.winner.side is side)
    side_later = table.won[side] - before - (1 if winner.side is side else 0)
    count, law = transfer_count(offender_won, winner.side is side, side_later)
    if count == 0:
        rule.ruling.add("no_rectification", law)
        return
    rule.ruling.add("trick_transfer", law, to=str(side.opponents), tricks=count)


def _repeated(rule: Revoke) -> bool:
    """64B2: an earlier established revoke in the same suit by the same player."""
    from generator.laws.law61 import Revoke as RevokeRule

    led = rule.fact.detail("led")
    for other in rule.ruler.rules.values():
        if other is rule or not isinstance(other, RevokeRule) or other.index > rule.index:
            continue
        if other.offender is rule.offender and other.fact.detail("led") == led and led and \
                other.established:
            return True
    return False


