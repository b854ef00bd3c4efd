"""The little card arithmetic the play oracle needs, written from scratch.

Like :mod:`generator.oracle.calls1987` for the auction, this module shares no code with the engine
(``generator.model``, ``generator.table``, ``generator.laws``): the play oracle is a second,
independent implementation, so it reads its own strings and computes its own tricks.

* Cards are written as in the case format: suit letter then rank, ``"SA"``, ``"HT"``, ``"C2"``.
* Seats are ``"N"``, ``"E"``, ``"S"``, ``"W"``, clockwise; ``lho``/``partner``/``rho`` as in
  :mod:`generator.oracle.calls1987`.
* Law 1: ranks from the ace down to the two; the ten is an honour (A K Q J T).
* Law 44: a player follows suit if he can; the highest trump wins a trick with a trump in it,
  otherwise the highest card of the suit led.
* Law 77 for an *undoubled* contract only (the play property bids no doubles): the oracle does not
  need the doubled tables, whose 1987 figures the spec leaves open (spec §8, item 6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

SEATS: Final[tuple[str, ...]] = ("N", "E", "S", "W")
#: Suits in the order of Law 1 from the lowest.
SUITS: Final[tuple[str, ...]] = ("C", "D", "H", "S")
#: Ranks from the lowest; a card's strength is its index here.
RANKS: Final[str] = "23456789TJQKA"
#: Law 1 (and the 1987 commentary on Law 50): the ten is an honour.
HONOURS: Final[frozenset[str]] = frozenset("AKQJT")
DECK: Final[tuple[str, ...]] = tuple(s + r for s in SUITS for r in RANKS)


def lho(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def rho(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 3) % 4]


def side(seat: str) -> str:
    """``"NS"`` or ``"EW"``."""
    return "NS" if seat in ("N", "S") else "EW"


def other_side(pair: str) -> str:
    return "EW" if pair == "NS" else "NS"


def suit_of(card: str) -> str:
    return card[0]


def strength(card: str) -> int:
    return RANKS.index(card[1])


def is_honour(card: str) -> bool:
    return card[1] in HONOURS


def by_strength(cards: Iterable[str]) -> list[str]:
    """Lowest first."""
    return sorted(cards, key=strength)


def of_suit(cards: Iterable[str], suit: str) -> list[str]:
    return by_strength(c for c in cards if suit_of(c) == suit)


def follows(hand: Iterable[str], led: str | None) -> list[str]:
    """Law 44: the cards a player may play to a trick whose led suit is ``led`` (any card to a
    lead, or when void)."""
    cards = list(hand)
    same = of_suit(cards, led) if led else []
    return same or by_strength(cards)


def winner(plays: Sequence[tuple[str, str]], trump: str | None) -> str:
    """The seat that wins a complete trick of ``(seat, card)`` plays (first = the lead)."""
    led = suit_of(plays[0][1])
    trumps = [p for p in plays if trump is not None and suit_of(p[1]) == trump]
    pool = trumps or [p for p in plays if suit_of(p[1]) == led]
    return max(pool, key=lambda p: strength(p[1]))[0]


def pbn(hands: dict[str, list[str]], first: str = "N") -> str:
    """A PBN deal string ``"N:AK.Q2..."`` of ``hands`` (suits S, H, D, C in each hand)."""
    parts = []
    seat = first
    for _ in range(4):
        held = hands[seat]
        parts.append(".".join("".join(c[1] for c in reversed(of_suit(held, s)))
                              for s in reversed(SUITS)))
        seat = lho(seat)
    return f"{first}:" + " ".join(parts)


# ------------------------------------------------------------------------------ Law 2, Law 77
def dealer_of_board(board: int) -> str:
    """Law 2: board 1 is dealt by North, then clockwise."""
    return SEATS[(board - 1) % 4]


#: Law 2: the vulnerability of boards 1-16 (then repeating).
_VULNERABILITY: Final[tuple[str, ...]] = (
    "None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
    "EW", "Both", "None", "NS", "Both", "None", "NS", "EW",
)


def vulnerability(board: int) -> str:
    return _VULNERABILITY[(board - 1) % 16]


def is_vulnerable(pair: str, vul: str) -> bool:
    return vul == "Both" or vul == pair


#: Law 77: the value of each odd trick bid and made, undoubled.
TRICK_VALUE: Final[dict[str, int]] = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
#: Law 77: bonuses (not vulnerable, vulnerable).
GAME_BONUS: Final[tuple[int, int]] = (300, 500)
PART_SCORE_BONUS: Final[int] = 50
SMALL_SLAM_BONUS: Final[tuple[int, int]] = (500, 750)
GRAND_SLAM_BONUS: Final[tuple[int, int]] = (1000, 1500)
#: Law 77: each undertrick of an undoubled contract.
UNDERTRICK: Final[tuple[int, int]] = (50, 100)


def undoubled_score(level: int, strain: str, tricks: int, vulnerable: bool) -> int:
    """Law 77: the declaring side's score for an undoubled contract and ``tricks`` won."""
    v = int(vulnerable)
    need = level + 6
    if tricks < need:
        return -(need - tricks) * UNDERTRICK[v]
    points = level * TRICK_VALUE[strain] + (10 if strain == "NT" else 0)
    score = points + (tricks - need) * TRICK_VALUE[strain]
    score += GAME_BONUS[v] if points >= 100 else PART_SCORE_BONUS
    if level == 6:
        score += SMALL_SLAM_BONUS[v]
    elif level == 7:
        score += GRAND_SLAM_BONUS[v]
    return score
