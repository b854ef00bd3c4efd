"""Driving a table through a board: natural calls and cards, and answers to the rulings' questions.

A :class:`Driver` owns a table under the edition's ruler (the table keeps the event log). It can
make the next natural call or card, and it recognises a *decision*: an irregular action waiting for
acceptance, an offender's replacement call, a player's choice among a ruling's options, or (2017)
a point the Laws leave to the director's judgement (a ``TD`` choice: is the replacement call
comparable?). A policy answers decisions, so one recipe can be played on along every option of
its ruling; a director's decision is answered by a ``director <option>`` event, so the stored
case is settled and its questions show the finding (nothing is guessed by the engine: the
scenario states the judgement, as a case file would).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from generator.laws.ruler import LawRuler
from generator.laws.ruling import DIRECTOR
from generator.model.auction import is_legal_call, last_bid, legal_calls, lowest_sufficient
from generator.model.board import Board
from generator.model.calls import PASS, Bid, Call, CallValue
from generator.model.deal import Deal
from generator.model.seat import Seat
from generator.scenarios.bidding import BiddingModel
from generator.scenarios.play import choose_card
from generator.table.events import (
    Accepted,
    CallMade,
    CardLed,
    CardPlayed,
    Event,
    Judgement,
    OptionChosen,
    Refused,
)
from generator.table.state import Table


@dataclass(frozen=True)
class Decision:
    """Something the table waits for: who decides, what kind of decision, and the options."""

    kind: str  # "acceptance" | "substitute" | "choice" | "director"
    #: who decides: a player, or ``None`` for the director (a 2017 judgement)
    seat: Seat | None
    options: tuple[str, ...]


Policy = Callable[[Decision], str]


class Rejected(Exception):
    """The scenario failed a check: the generator drops it and takes the next deal."""


class Driver:
    """A board in progress under the Laws of ``edition``, with natural players."""

    def __init__(self, board: Board, deal: Deal, rng: random.Random,
                 edition: str = "1987") -> None:
        self.board = board
        self.deal = deal
        self.rng = rng
        self.edition = edition
        self.ruler = LawRuler(edition)
        self.table = Table(board, deal, self.ruler)
        self.bidder = BiddingModel(rng)

    def apply(self, event: Event) -> None:
        self.table.apply(event)

    # ------------------------------------------------------------------------ natural actions
    def natural_call_for(self, seat: Seat) -> CallValue:
        bars = self.table.bars_on(seat)
        barred = any(b.scope in ("next_turn", "throughout") for b in bars)
        no_double = any(b.scope == "no_double" for b in bars)
        return self.bidder.call(seat, self.deal.hand(seat), self.table.standing(), barred,
                                no_double)

    def natural_call(self) -> None:
        seat = self.table.next
        assert seat is not None
        self.apply(CallMade(seat, self.natural_call_for(seat)))

    def natural_card(self) -> None:
        seat = self.table.next
        assert seat is not None
        lead = self.table.leading
        card = choose_card(self.table, seat, self.rng)
        self.apply(CardLed(seat, card) if lead else CardPlayed(seat, card))

    def auction_until(self, stop: Callable[[Driver], bool], limit: int = 40) -> bool:
        """Natural calls until ``stop`` holds (True) or the auction ends (False)."""
        for _ in range(limit):
            if self.table.phase != "auction" or self.table.auction_over():
                return False
            if stop(self):
                return True
            self.natural_call()
        return False

    def play_until(self, stop: Callable[[Driver], bool], limit: int = 60) -> bool:
        """Natural cards until ``stop`` holds (True) or the board ends (False)."""
        for _ in range(limit):
            if self.table.phase != "play":
                return False
            if stop(self):
                return True
            self.natural_card()
        return False

    # ------------------------------------------------------------------------ decisions
    def decision(self) -> Decision | None:
        table = self.table
        pending = table.pending
        for rule in reversed(list(self.ruler.rules.values())):
            choice = rule.ruling.open_choice
            # a point left to the director's judgement (2017) is settled first: whatever
            # else waits (an acceptance, a replacement) is ruled on his finding
            if choice is not None and choice.seat == DIRECTOR:
                return Decision("director", None, tuple(o.id for o in choice.options))
        if pending is not None and pending.stage == "acceptance":
            for rule in reversed(list(self.ruler.rules.values())):
                choice = rule.ruling.open_choice
                if choice is not None and isinstance(choice.seat, Seat):
                    return Decision("acceptance", choice.seat,
                                    tuple(o.id for o in choice.options))
            if pending.acceptors:
                return Decision("acceptance", pending.acceptors[0], ("accept", "refuse"))
        if pending is not None and pending.stage == "substitute":
            options = ("first_call", "any") if pending.kind.value == "change_of_call" else (
                "lowest_sufficient", "other_bid", "pass")
            return Decision("substitute", pending.offender, options)
        for rule in reversed(list(self.ruler.rules.values())):
            choice = rule.ruling.open_choice
            if choice is not None and isinstance(choice.seat, Seat):
                return Decision("choice", choice.seat, tuple(o.id for o in choice.options))
        return None

    def answer(self, decision: Decision, option: str) -> None:
        if decision.kind == "director":
            self.apply(Judgement(option))
            return
        assert decision.seat is not None  # a player's decision
        if decision.kind == "acceptance" and option in ("accept", "refuse"):
            self.apply(Accepted(decision.seat) if option == "accept" else Refused(decision.seat))
        elif decision.kind == "substitute":
            self.apply(CallMade(decision.seat, self.substitute(decision.seat, option)))
        else:
            self.apply(OptionChosen(decision.seat, option))

    def substitute(self, seat: Seat, how: str) -> CallValue:
        """A legal replacement call of the requested kind (falls back to a pass)."""
        table = self.table
        calls = table.standing()
        pending = table.pending
        withdrawn = table.entries[pending.entry].call if pending and pending.entry is not None \
            else None
        if how == "first_call" and pending is not None:
            fact = table.irregularities[pending.irregularity]
            first = Call.parse(str(fact.detail("call")))
            return first if is_legal_call(seat, first, calls) else PASS
        if any(b.scope in ("next_turn", "throughout") for b in table.bars_on(seat)):
            return PASS
        if how == "pass":
            return PASS
        if how == "lowest_sufficient" and isinstance(withdrawn, Bid):
            lowest = lowest_sufficient(withdrawn, calls)
            if lowest is not None:
                return lowest
        natural = self.natural_call_for(seat)
        if how == "other_bid":
            bids = [c for c in legal_calls(seat, calls) if isinstance(c, Bid)
                    and c != (lowest_sufficient(withdrawn, calls)
                              if isinstance(withdrawn, Bid) else None)]
            if isinstance(natural, Bid) and natural in bids:
                return natural
            return bids[0] if bids else PASS
        return natural if is_legal_call(seat, natural, calls) else PASS

    # ------------------------------------------------------------------------ to the end
    def run_to_end(self, policy: Policy, auction_only: bool = False, limit: int = 300) -> None:
        """Play on to the end of the board, answering every decision with ``policy``; with
        ``auction_only``, only until the auction is over and no decision is left. A board that
        does not end within ``limit`` actions is :class:`Rejected`, so the bank takes the next
        deal instead of stopping."""
        for _ in range(limit):
            table = self.table
            decision = self.decision()
            if table.phase == "ended" or (auction_only and table.phase != "auction"
                                          and decision is None):
                return
            if decision is not None:
                self.answer(decision, policy(decision))
            elif table.phase == "auction":
                if table.auction_over():
                    # complete by its passes, yet the table keeps it open (a skipped player's
                    # turn under Law 34 that nobody takes): no natural call ends it
                    raise Rejected("the auction's passes are complete but it is still open")
                self.natural_call()
            else:
                self.natural_card()
        raise Rejected("the board did not end")

    def has_bid(self) -> bool:
        return last_bid(self.table.standing()) is not None
