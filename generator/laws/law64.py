"""Law 64 (1987): procedure after an established revoke.

* 64A1: if the offending player won the revoke trick, that trick and one more trick won later by
  the offending side (if any) are transferred to the non-offending side at the end of play;
* 64A2: otherwise, if the offending side won the revoke trick or any later trick, one trick is
  transferred;
* 64B: no transfer when (1) the offending side won neither the revoke trick nor a later trick,
  (2) it is a second revoke in the same suit by the same player (only the first is penalised),
  (3) the revoke was a failure to play a card faced on the table (dummy's, or a faced hand),
  (4) attention was first drawn after a non-offender called on the next deal, (5) after the round
  ended (the case events ``director after_next_deal`` and ``director after_round``, which come
  after the last card of the board: :func:`late_attention`);
* 64C: whenever the transfer does not make up for the damage (no-transfer cases included), the
  director assigns an adjusted score: the engine flags it for his judgement on every established
  revoke, citing 12C2 (the assigned adjusted score it would be) beside 64C.

Reading taken where the 1987 text was not seen ([M]): the simple two-trick rule (the 1997 extra
transfer for a trick won with a card that could have been played to the revoke trick is not 1987),
and a trick won by dummy does not count as won by a revoking declarer
(:data:`DUMMY_WIN_COUNTS_FOR_DECLARER`). Where more than one 64B exception holds, the ruling names
one, in the order the director asks (the 61-64 decision chart): 64B3 (dummy), 64B2 (a second
revoke), then 64B4 or 64B5 (attention drawn too late), then 64A/64B1 on the tricks won. Attention
is "first" drawn at the late moment only if the director was not called to the table after the
revoke during the board (:data:`EARLIER_CALL_DRAWS_ATTENTION`): the case format's ``director``
draws attention to every irregularity not yet ruled, so a revoke the director already knew of
keeps its transfer.

The transfer is ruled when play ends (the score of a case needs it), and a late moment, which can
only come after the last card, takes it back: 64B4-5 are settled by :func:`late_attention` on the
ruling :func:`transfer` made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.laws.law61 import Revoke
    from generator.table.state import Table

DUMMY_WIN_COUNTS_FOR_DECLARER = False

#: Reading [M]: a ``director`` call to the table after the revoke and before the board ended
#: counts as attention drawn to it, so 64B4-5 do not apply to it later. ``False``: only the late
#: moment is looked at (a director called for something else did not hear of the revoke).
EARLIER_CALL_DRAWS_ATTENTION = True

#: The late moments of the case format (``director after_next_deal`` / ``after_round``) and the
#: 64B clause each one is.
LATE_CLAUSES: dict[str, str] = {"after_next_deal": "64B4", "after_round": "64B5"}

#: The clauses :func:`transfer` settles from the tricks won, which a late moment replaces.
_BY_TRICKS = ("64A1", "64A2", "64B1")


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


def late_attention(rule: Revoke, moment: str, drawn_before: bool) -> None:
    """64B4-5: attention was first drawn to the established revoke only after a non-offender
    called on the next deal (``after_next_deal``) or after the round ended (``after_round``):
    the tricks are not transferred. What :func:`transfer` settled from the tricks won (64A1,
    64A2, 64B1) gives way to ``no_rectification`` under 64B4 or 64B5; a dummy's revoke (64B3) or a
    second one (64B2) keeps its own clause; the 64C flag stays, as for every established revoke.
    ``drawn_before``: the director was called to the table after the revoke, during the board."""
    if drawn_before and EARLIER_CALL_DRAWS_ATTENTION:
        return
    ruling = rule.ruling
    settled = [r for r in ruling.rectifications
               if r.kind in ("trick_transfer", "no_rectification") and r.law in _BY_TRICKS]
    if not settled:
        return
    for rect in settled:
        ruling.rectifications.remove(rect)
        if not any(r.law == rect.law for r in ruling.rectifications):
            ruling.laws.remove(str(rect.law))
    clause = LATE_CLAUSES[moment]
    if moment == "after_next_deal":
        ruling.note("revoke_raised_after_next_deal", clause)
    else:
        ruling.note("revoke_raised_after_round", clause)
    ruling.add("no_rectification", clause)


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


