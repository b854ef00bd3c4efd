"""Law 63 (1987): establishment of a revoke.

63A: a revoke becomes established when the offender or his partner leads or plays to a later
trick (legally or not), names or otherwise designates a card for it, or makes or agrees to a claim
or concession. 63B: once established it may no longer be corrected (except on the twelfth trick,
Law 62D) and the revoke trick stands as played.

2017: 63A1-A3 and 63B are the same (laws2017_spec §7.5); :func:`establishes` serves both codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.model.seat import Seat

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")

if TYPE_CHECKING:
    from generator.table.state import Table


def establishes(table: Table, offender: Seat, player: Seat, revoke_trick: int) -> bool:
    """Whether a card just played by ``player`` establishes a revoke made on ``revoke_trick``."""
    current = len(table.tricks) + (1 if table.current is not None and table.current.plays else 0)
    return player.side is offender.side and current > revoke_trick
