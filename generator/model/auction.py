"""The strict auction: which calls are legal, when the auction ends, the contract and declarer.

This is the model of a *correct* auction. The table log (``generator.table``) records whatever
happened and uses these functions to tell a legal call from an irregular one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.errors import IllegalCallError
from generator.model.calls import (
    ALL_CALLS,
    PASS,
    Bid,
    CallValue,
    Double,
    Pass,
    Redouble,
)
from generator.model.contract import Contract, Doubling
from generator.model.seat import Seat

#: A call as made in an auction: who made it, and what it was.
SeatCall = tuple[Seat, CallValue]


def last_bid(calls: Sequence[SeatCall]) -> tuple[Seat, Bid] | None:
    """The last bid of the auction and its bidder, if any."""
    for seat, call in reversed(calls):
        if isinstance(call, Bid):
            return seat, call
    return None


def last_non_pass(calls: Sequence[SeatCall]) -> SeatCall | None:
    for seat, call in reversed(calls):
        if not isinstance(call, Pass):
            return seat, call
    return None


def is_sufficient(bid: Bid, calls: Sequence[SeatCall]) -> bool:
    """A bid is sufficient if it outranks the last bid (any bid is sufficient as the first)."""
    previous = last_bid(calls)
    return previous is None or bid.outranks(previous[1])


def lowest_sufficient(strain_bid: Bid, calls: Sequence[SeatCall]) -> Bid | None:
    """The lowest sufficient bid in the strain of ``strain_bid`` (``None`` above seven)."""
    previous = last_bid(calls)
    if previous is None:
        return Bid(1, strain_bid.strain)
    last = previous[1]
    level = last.level if strain_bid.strain > last.strain else last.level + 1
    return Bid(level, strain_bid.strain) if level <= 7 else None


def can_double(seat: Seat, calls: Sequence[SeatCall]) -> bool:
    """A double is legal only of the last bid, made by an opponent, with only passes since."""
    last = last_non_pass(calls)
    return last is not None and isinstance(last[1], Bid) and last[0].is_opponent_of(seat)


def can_redouble(seat: Seat, calls: Sequence[SeatCall]) -> bool:
    """A redouble is legal only of an opponent's double of our side's bid, passes since."""
    last = last_non_pass(calls)
    return last is not None and isinstance(last[1], Double) and last[0].is_opponent_of(seat)


def is_legal_call(seat: Seat, call: CallValue, calls: Sequence[SeatCall]) -> bool:
    """Whether ``call`` by ``seat`` is legal after ``calls`` (rotation is not checked here)."""
    if isinstance(call, Pass):
        return True
    if isinstance(call, Bid):
        return not call.is_above_seven and is_sufficient(call, calls)
    if isinstance(call, Double):
        return can_double(seat, calls)
    return can_redouble(seat, calls)


def legal_calls(seat: Seat, calls: Sequence[SeatCall]) -> list[CallValue]:
    """Every call ``seat`` may legally make after ``calls`` (bids from 1C up, then P, X, XX)."""
    return [c for c in ALL_CALLS if is_legal_call(seat, c, calls)]


def is_complete(calls: Sequence[SeatCall]) -> bool:
    """Four passes to start, or three passes in a row after any other call."""
    if len(calls) < 4:
        return False
    if all(isinstance(c, Pass) for _, c in calls):
        return len(calls) == 4
    return all(isinstance(c, Pass) for _, c in calls[-3:])


def final_contract(calls: Sequence[SeatCall]) -> tuple[Contract, Seat] | None:
    """Contract and declarer of a completed auction; ``None`` if passed out or not bid yet.

    The declarer is the first player of the contracting side to have named the final strain.
    """
    found = last_bid(calls)
    if found is None:
        return None
    bidder, bid = found
    doubling = Doubling.NONE
    for _, call in calls[_index_of_last_bid(calls) + 1 :]:
        if isinstance(call, Double):
            doubling = Doubling.DOUBLED
        elif isinstance(call, Redouble):
            doubling = Doubling.REDOUBLED
    declarer = next(
        seat
        for seat, call in calls
        if isinstance(call, Bid) and call.strain is bid.strain and seat.side is bidder.side
    )
    return Contract(min(bid.level, 7), bid.strain, doubling), declarer


def _index_of_last_bid(calls: Sequence[SeatCall]) -> int:
    for i in range(len(calls) - 1, -1, -1):
        if isinstance(calls[i][1], Bid):
            return i
    return -1


@dataclass(frozen=True)
class Auction:
    """A legal auction in progress: the dealer and the calls made in rotation.

    ``append`` refuses an illegal call with :class:`IllegalCallError`; irregular auctions are the
    table log's business.
    """

    dealer: Seat
    calls: tuple[CallValue, ...] = ()

    @property
    def seat_calls(self) -> tuple[SeatCall, ...]:
        return tuple((self.dealer.offset(i), c) for i, c in enumerate(self.calls))

    @property
    def next_seat(self) -> Seat:
        return self.dealer.offset(len(self.calls))

    @property
    def is_complete(self) -> bool:
        return is_complete(self.seat_calls)

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and last_bid(self.seat_calls) is None

    def legal_calls(self) -> tuple[CallValue, ...]:
        if self.is_complete:
            return ()
        return tuple(legal_calls(self.next_seat, self.seat_calls))

    def append(self, call: CallValue) -> Auction:
        if self.is_complete:
            raise IllegalCallError(f"the auction is over; {call} cannot be added")
        if not is_legal_call(self.next_seat, call, self.seat_calls):
            raise IllegalCallError(f"{call} by {self.next_seat} is not a legal call here")
        return Auction(self.dealer, (*self.calls, call))

    @property
    def result(self) -> tuple[Contract, Seat] | None:
        """Contract and declarer once complete (``None`` while open or if passed out)."""
        if not self.is_complete:
            return None
        return final_contract(self.seat_calls)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    @classmethod
    def parse(cls, dealer: Seat, text: str) -> Auction:
        """Build a legal auction from space-separated calls starting with the dealer."""
        from generator.model.calls import Call

        auction = cls(dealer)
        for word in text.split():
            auction = auction.append(Call.parse(word))
        return auction


__all__ = [
    "PASS",
    "Auction",
    "SeatCall",
    "can_double",
    "can_redouble",
    "final_contract",
    "is_complete",
    "is_legal_call",
    "is_sufficient",
    "last_bid",
    "last_non_pass",
    "legal_calls",
    "lowest_sufficient",
]
