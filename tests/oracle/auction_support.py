"""The auction arithmetic the oracle comparisons share: sides, the last bid, the bids that
would be sufficient, whether an auction has ended and who declares. Built on the oracle's own
call parser (generator.oracle), never on the engine's, so that a comparison stays independent."""

from __future__ import annotations

from generator.oracle import STRAINS, parse_call

SeatCall = tuple[str, str]
ALL_BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]


def side(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def last_bid(calls: list[SeatCall]) -> SeatCall | None:
    return next(((s, c) for s, c in reversed(calls) if parse_call(c).is_bid), None)


def rank(bid: str) -> int:
    return parse_call(bid).rank


def sufficient_bids(calls: list[SeatCall], limit: int = 6) -> list[str]:
    """The lowest ``limit`` bids that supersede the last bid (short auctions leave room)."""
    last = last_bid(calls)
    floor = rank(last[1]) if last else -1
    return [b for b in ALL_BIDS if rank(b) > floor][:limit]


def is_complete(calls: list[SeatCall]) -> bool:
    if len(calls) < 4 or any(c != "P" for _, c in calls[-3:]):
        return False
    return last_bid(calls) is not None or all(c == "P" for _, c in calls)


def declaring_side(calls: list[SeatCall]) -> str | None:
    last = last_bid(calls)
    return side(last[0]) if last else None
