"""Law 23 (1987): the damaging enforced pass.

23A: when a penalty obliges the offender's partner to pass and the director judges that the
offender could have known at the time that this would likely damage the non-offending side, the
auction and play go on and the director may adjust the score afterwards. 23B is referred to by
Law 30A when, after a pass out of rotation before any bid, the offender's partner opens the
bidding; its 1987 text was not seen ([M]), so the engine only flags the situation for the director.

The engine cannot judge what the offender could have known: it flags, it does not adjust.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def enforced_pass(ruling: Ruling) -> None:
    """Flag a possible damaging enforced pass (23A)."""
    ruling.flag("enforced_pass_may_damage", "23A")


def partner_opened_after_pass(ruling: Ruling) -> None:
    """Flag the 23B situation: the offender's partner opened after a cancelled pass."""
    ruling.flag("partner_opened_after_cancelled_pass", "23B")
