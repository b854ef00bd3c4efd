"""Law 43 (1987): dummy's limitations.

43A: apart from what Law 42 allows, dummy may not take part in the play or communicate anything
about it; in particular he may not ask for a review or an explanation on his own account. 43B: if
dummy breaks these limits, declarer may lose rights he would otherwise have (not expressible in a
case). The engine cites 43A when it refuses dummy's request.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def dummy_limited(ruling: Ruling) -> None:
    """43A: dummy may not act on his own account in the play (beyond what Law 42 allows)."""
    ruling.note("dummy_limited", "43A")
    ruling.cite("42")
