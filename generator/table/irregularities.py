"""Irregularity facts: what went wrong at the table, with no law numbers attached.

The same fact is ruled on differently by each edition of the Laws, so the table layer only says
*what* happened (an insufficient bid of 1H over 1S by East, event 1); the laws layer says which law
applies and what follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from generator.model.seat import Seat


class Kind(StrEnum):
    """Irregularity kinds of the case format (version 1), plus our extensions at the end."""

    INSUFFICIENT_BID = "insufficient_bid"
    CHANGE_OF_CALL = "change_of_call"
    PASS_OUT_OF_ROTATION = "pass_out_of_rotation"
    BID_OUT_OF_ROTATION = "bid_out_of_rotation"
    DOUBLE_OUT_OF_ROTATION = "double_out_of_rotation"
    REDOUBLE_OUT_OF_ROTATION = "redouble_out_of_rotation"
    INADMISSIBLE_DOUBLE = "inadmissible_double"
    INADMISSIBLE_REDOUBLE = "inadmissible_redouble"
    CALL_WHEN_OBLIGED_TO_PASS = "call_when_obliged_to_pass"
    BID_ABOVE_SEVEN = "bid_above_seven"
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"
    SIMULTANEOUS_CALL = "simultaneous_call"
    CARD_EXPOSED_DURING_AUCTION = "card_exposed_during_auction"
    OPENING_LEAD_OUT_OF_TURN = "opening_lead_out_of_turn"
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    DECLARER_LEAD_OUT_OF_TURN = "declarer_lead_out_of_turn"
    EXPOSED_CARD = "exposed_card"
    PREMATURE_PLAY = "premature_play"
    SIMULTANEOUS_PLAY = "simultaneous_play"
    REVOKE = "revoke"
    DEFECTIVE_TRICK = "defective_trick"
    CLAIM = "claim"
    CONCESSION = "concession"
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    CARDS_FROM_WRONG_BOARD = "cards_from_wrong_board"
    # Extensions (format 1 allows new kinds):
    PLAY_OUT_OF_TURN = "play_out_of_turn"  # declarer plays from a hand before its turn
    PENALTY_CARD_NOT_PLAYED = "penalty_card_not_played"  # a duty set by a penalty card unmet
    REVIEW_REQUEST = "review_request"  # a player asks for a review of the auction
    EXPLANATION_REQUEST = "explanation_request"  # a player asks what an opponent's call means
    MISSING_CARD = "missing_card"  # a hand short, the other three right (Law 14)
    BOARD_NOT_DESIGNATED = "board_not_designated"  # a board not meant for this table (15)
    BOARD_ROTATED = "board_rotated"  # the board played turned, hands in wrong seats (15D)
    WITHDRAWN_INFORMATION = "withdrawn_information"  # may a withdrawn action be used? (16C)
    DUMMY_EXCEEDS_RIGHTS = "dummy_exceeds_rights"  # dummy looks at a hand, exchanges (43A2)
    DUMMY_WARNS = "dummy_warns"  # dummy warns declarer against the wrong hand (42B2)
    DUMMY_DRAWS_ATTENTION = "dummy_draws_attention"  # ... to an irregularity in play (43A1)
    TRICK_COUNT = "trick_count"  # the tricks won agreed wrongly, contested or corrected (79)

    def __str__(self) -> str:
        return self.value


#: Kinds that concern a call during the auction.
CALL_KINDS = frozenset({
    Kind.INSUFFICIENT_BID, Kind.CHANGE_OF_CALL, Kind.PASS_OUT_OF_ROTATION,
    Kind.BID_OUT_OF_ROTATION, Kind.DOUBLE_OUT_OF_ROTATION, Kind.REDOUBLE_OUT_OF_ROTATION,
    Kind.INADMISSIBLE_DOUBLE, Kind.INADMISSIBLE_REDOUBLE, Kind.CALL_WHEN_OBLIGED_TO_PASS,
    Kind.BID_ABOVE_SEVEN, Kind.CALL_AFTER_FINAL_PASS, Kind.SIMULTANEOUS_CALL,
})

OUT_OF_ROTATION = frozenset({
    Kind.PASS_OUT_OF_ROTATION, Kind.BID_OUT_OF_ROTATION, Kind.DOUBLE_OUT_OF_ROTATION,
    Kind.REDOUBLE_OUT_OF_ROTATION,
})


@dataclass(frozen=True)
class Irregularity:
    """One irregular action: its kind, the offender, the index of the event, and the facts that
    a ruling needs (``details``: plain strings, numbers and booleans, sorted by key)."""

    kind: Kind
    seat: Seat | None
    event: int | None
    details: tuple[tuple[str, Any], ...] = ()

    def detail(self, key: str, default: Any = None) -> Any:
        for k, v in self.details:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "seat": str(self.seat) if self.seat else None,
            "event": self.event,
        }
        if self.details:
            out["details"] = dict(self.details)
        return out


def make(kind: Kind, seat: Seat | None, event: int | None, **details: Any) -> Irregularity:
    """Build a fact; details with value ``None`` are dropped so that facts compare cleanly."""
    clean = tuple(sorted((k, v) for k, v in details.items() if v is not None))
    return Irregularity(kind, seat, event, clean)
