"""Law 11 (1987): forfeiture of the right to a penalty.

11A: the non-offending side loses its right to a penalty when one of its members acts (calls or
plays) before the director has been summoned. In the table log, a call by the offender's left-hand
opponent over an irregular call is such an action: the call is condoned and the ruling cites 11A
beside the law that says what condoning means for that call.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def forfeited_by_action(ruling: Ruling) -> None:
    """Cite 11A: the non-offenders acted before the director was called."""
    ruling.note("rectification_forfeited", "11A")
