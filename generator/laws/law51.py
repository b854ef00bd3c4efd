"""Law 51 (1987): two or more penalty cards.

51A: a defender with two or more penalty cards that he can legally play plays the one declarer
designates (:data:`DECLARER_DESIGNATES`): declarer is offered ``play_<card>`` when that player is
to play; if the owner plays one of them before declarer says which, the choice lapses.
51B: when his partner is to lead:

* 51B1, all in one suit: if declarer requires that suit, the cards are picked up and the owner may
  play any legal card (51B1a); if declarer prohibits it, the owner picks them all up (51B1b);
* 51B2, in more than one suit: declarer may require any one of those suits (then as 51B1a) or
  prohibit each of them, the owner picking up every card of each prohibited suit.

Source: seed 003 (51B in full). ``law50.lead_options`` asks this module for declarer's options
whenever the owner has several major penalty cards (51A needs no code: any penalty card the owner
plays meets Law 50's duty).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card, Suit
from generator.model.seat import Seat

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")

#: 51A: a defender with two or more penalty cards he can legally play plays the one declarer
#: designates. Reading taken ([M]: 51A is not in the seeds; the spec's Law 50 row, "if two+
#: could be played, declarer designates", from the 1987 commentary and the 1997 text); off, the
#: owner chooses among them himself.
DECLARER_DESIGNATES = True


def designation_options(cards: Sequence[Card]) -> list[Option]:
    """51A: declarer designates which of the owner's penalty cards he plays now (``play_H6``)."""
    return [Option(f"play_{c}", [], ["51A"]) for c in cards]


def restriction(owner: Seat, suits: Sequence[Suit], verb: str, law: str) -> Option:
    """Declarer's option to ``require`` or ``prohibit`` the lead of ``suits`` by the partner of
    the penalty cards' owner (id ``require_H``, ``prohibit_HC``...)."""
    return Option(f"{verb}_{''.join(str(s) for s in suits)}", [Rectification(
        "lead_restriction", law, {"seat": str(owner.partner), "chooser": "declarer",
                                  "suits": [str(s) for s in suits], "may": [verb]})], [law])


def lead_options(owner: Seat, suits: Sequence[Suit]) -> list[Option]:
    """51B: declarer's options for two or more major penalty cards in ``suits`` (highest first):
    require or prohibit one suit (51B1 when all are in one suit, 51B2 otherwise), or prohibit
    several of the suits at once (51B2b)."""
    req, pro = ("51B1a", "51B1b") if len(suits) == 1 else ("51B2a", "51B2b")
    options = []
    for suit in suits:
        options.append(restriction(owner, [suit], "require", req))
        options.append(restriction(owner, [suit], "prohibit", pro))
    for size in range(2, len(suits) + 1):
        options.extend(restriction(owner, group, "prohibit", "51B2b")
                       for group in combinations(suits, size))
    return options
