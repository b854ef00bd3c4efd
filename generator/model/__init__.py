"""Pure bridge values: seats, boards, cards, hands, deals, calls, contracts, auction and play.

No law logic and no I/O beyond parsing and formatting. Every value is frozen; ``str()`` is the
canonical notation and ``parse()`` its exact inverse.
"""

from generator.model.auction import Auction, SeatCall
from generator.model.board import Board, Vulnerability
from generator.model.calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Bid, Call, CallValue
from generator.model.cards import ALL_CARDS, Card, Rank, Suit
from generator.model.contract import Contract, Doubling, Result
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.play import Trick, legal_plays, trick_winner
from generator.model.seat import SEATS, Seat, Side
from generator.model.strain import Strain

__all__ = [
    "ALL_CALLS",
    "ALL_CARDS",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "SEATS",
    "Auction",
    "Bid",
    "Board",
    "Call",
    "CallValue",
    "Card",
    "Contract",
    "Deal",
    "Doubling",
    "Hand",
    "Rank",
    "Result",
    "Seat",
    "SeatCall",
    "Side",
    "Strain",
    "Suit",
    "Trick",
    "Vulnerability",
    "legal_plays",
    "trick_winner",
]
