"""Law 42 (1987): dummy's rights.

42A: dummy may give information on facts or law when the director asks, keep count of tricks, and
play the cards declarer names. 42B: he may ask declarer, who fails to follow suit, whether he has a
card of the suit led (so preventing a revoke), and draw attention to an irregularity once the play
is over. The engine cites 42B beside a revoke by declarer: dummy had the right to ask.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def dummy_may_ask(ruling: Ruling) -> None:
    """42B: dummy may ask declarer who shows out whether he has a card of the suit led."""
    ruling.note("dummy_may_ask_declarer", "42B")
