"""Laws 42-43 (1987): dummy's rights and limitations.

42A: dummy may give information on facts or law when the director asks, keep count of tricks, play
the cards declarer names. 42B: he may ask declarer, when declarer fails to follow suit, whether he
has a card of the suit led, and may draw attention to an irregularity after the play is over.
43A: otherwise dummy may not take part in the play or communicate anything about it; in particular
he may not ask for a review or an explanation on his own account. 43B: if dummy breaks these
limits, declarer may lose rights he would otherwise have (not expressible in a case).

The engine uses these where they decide a ruling: dummy's requests are refused (43A), and a
revoke from dummy's hand is a failure to play a card faced on the table (Law 64B3).
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def dummy_limited(ruling: Ruling) -> None:
    """43A: dummy may not act on his own account in the play."""
    ruling.note("dummy_limited", "43A")


def dummy_may_ask(ruling: Ruling) -> None:
    """42B: dummy may ask declarer who shows out whether he has a card of the suit led."""
    ruling.note("dummy_may_ask_declarer", "42B")
