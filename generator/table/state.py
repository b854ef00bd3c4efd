"""Replaying a table log into a state.

:class:`Table` applies events one at a time. Regular events advance the auction or the play;
irregular ones are *recorded* as :class:`~generator.table.irregularities.Irregularity` facts and
handed to a :class:`~generator.table.ruler.Ruler`, which decides what follows. The neutral ruler of
this layer only applies the mechanics both codes share (an accepted call stands, a refused one is
withdrawn); the laws layer subclasses it to add rectifications and citations.

An event that cannot physically happen (a card that is not in that hand, a card played twice, a
fourteenth card) raises :class:`~generator.errors.ImpossibleEventError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from generator.errors import ImpossibleEventError
from generator.model.auction import (
    SeatCall,
    can_double,
    can_redouble,
    final_contract,
    is_legal_call,
    is_sufficient,
    last_bid,
    lowest_sufficient,
)
from generator.model.board import Board
from generator.model.calls import PASS, Bid, CallValue, Double, Pass, Redouble
from generator.model.cards import Card, Suit
from generator.model.contract import Contract
from generator.model.deal import Deal
from generator.model.play import trick_winner
from generator.model.seat import SEATS, Seat, Side
from generator.table.events import (
    Accepted,
    Asked,
    CallChanged,
    CallMade,
    CardLed,
    CardPlayed,
    CardsExposed,
    ClaimAnswered,
    Claimed,
    Conceded,
    DirectorCalled,
    DummyAct,
    Event,
    HandCount,
    Judgement,
    Objected,
    OptionChosen,
    PlayedBefore,
    Refused,
    TricksCounted,
    WrongBoard,
    WrongDirection,
    WrongTable,
)
from generator.table.irregularities import Irregularity, Kind, make

if TYPE_CHECKING:
    from generator.model.meaning import Meaning
    from generator.table.ruler import Ruler

_SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS)}

Phase = Literal["auction", "play", "ended"]
Status = Literal["standing", "pending", "cancelled"]
Resolution = Literal["accepted", "refused", "condoned", "superseded", "corrected"]


@dataclass
class AuctionEntry:
    """A call as recorded: ``standing`` calls form the legal auction; ``pending`` ones await a
    decision; ``cancelled`` ones were withdrawn (their information may still matter)."""

    seat: Seat
    call: CallValue
    event: int | None
    status: Status = "standing"
    #: withdrawn because an earlier call was changed under it; its caller may still change it
    voided: bool = False
    #: a pass nobody said: the player had to pass and was skipped (Law 28A, ``event`` is the
    #: call made at his turn)
    deemed: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": str(self.seat), "call": str(self.call),
                               "event": self.event, "status": self.status}
        if self.deemed:
            out["deemed"] = True
        return out


@dataclass
class Bar:
    """A restriction on a player's calls, set by a ruling.

    ``scope``: ``next_turn`` (pass once), ``throughout`` (pass for the rest of the auction) or
    ``no_double`` (may not double or redouble at his next turn).
    """

    seat: Seat
    scope: Literal["next_turn", "throughout", "no_double"]
    law: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": str(self.seat), "scope": self.scope, "law": self.law}


@dataclass
class LeadRestriction:
    """A restriction waiting for (or in force at) a defender's lead, chosen by declarer."""

    seat: Seat
    suits: tuple[Suit, ...] | Literal["any_one"]
    may: tuple[str, ...]
    law: str | None = None
    until: str = "first_lead"
    #: ``if_defending`` while the auction goes on (it binds only if the restricted player's side
    #: defends), then ``in_force`` or ``lapsed`` (his side declares) once the auction is over
    status: str = "if_defending"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": str(self.seat),
            "suits": self.suits if isinstance(self.suits, str) else [str(s) for s in self.suits],
            "may": list(self.may),
            "law": self.law,
            "until": self.until,
            "status": self.status,
        }


@dataclass
class Pending:
    """An irregularity awaiting a decision at the table.

    ``stage``: ``acceptance`` (an opponent may accept or refuse), ``substitute`` (the offender's
    next call replaces the withdrawn one) or ``choice`` (a player picks one of ``options``).
    """

    irregularity: int
    kind: Kind
    offender: Seat
    acceptors: tuple[Seat, ...]
    turn: Seat | None
    stage: Literal["acceptance", "substitute", "choice"] = "acceptance"
    entry: int | None = None
    card: Card | None = None
    choosers: tuple[Seat, ...] = ()
    options: tuple[str, ...] = ()


@dataclass
class PenaltyCard:
    """A defender's card that lies face up as a penalty card (set by a ruling)."""

    seat: Seat
    card: Card
    major: bool
    law: str | None = None
    #: ``in_force`` for the cards in ``Table.penalty``; a card exposed during the auction (Law 24)
    #: waits in ``Table.auction_penalty`` as ``if_defending`` and ends ``lapsed`` when its owner's
    #: side declares (it is then picked up)
    status: str = "in_force"

    def to_dict(self) -> dict[str, Any]:
        return {"seat": str(self.seat), "card": str(self.card), "major": self.major,
                "law": self.law, "status": self.status}


class Constraint(Protocol):
    """A duty on later play set by a ruling (a penalty card to play, a suit to lead or avoid).

    The laws layer creates them; the table asks each one about every card and records the facts
    they return, so that a failure to comply is detected like any other irregularity.
    """

    def check(self, table: Table, seat: Seat, card: Card, lead: bool,
              index: int) -> Irregularity | None:
        """The fact a failure to comply makes, or None; no side effects, so that anyone may ask
        whether a card would comply."""

    def played(self, table: Table, seat: Seat, card: Card, lead: bool) -> None:
        """The card is being played: note what it uses up (the table as it was before the
        card, and before the ruler hears of it)."""

    def expired(self, table: Table) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass
class PlayedTrick:
    leader: Seat
    plays: list[tuple[Seat, Card]] = field(default_factory=list)
    winner: Seat | None = None
    defective: bool = False
    #: plays that followed a revoke being corrected; they rejoin the trick at their turn
    kept: list[tuple[Seat, Card]] = field(default_factory=list)

    @property
    def led_suit(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    def seats(self) -> list[Seat]:
        return [s for s, _ in self.plays]

    @property
    def next_seat(self) -> Seat:
        return self.leader.offset(len(self.plays))

    @property
    def is_complete(self) -> bool:
        return len(self.plays) == 4

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "leader": str(self.leader),
            "cards": [f"{s} {c}" for s, c in self.plays],
            "winner": str(self.winner) if self.winner else None,
        }
        if self.kept:  # cards played after a corrected revoke, kept (62C), not yet rejoined
            out["kept"] = [f"{s} {c}" for s, c in self.kept]
        return out


class Table:
    """The state of one board, rebuilt by replaying its events."""

    def __init__(self, board: Board, deal: Deal | None = None, ruler: Ruler | None = None,
                 meanings: Mapping[int, Meaning] | None = None) -> None:
        from generator.table.ruler import Ruler

        self.board = board
        self.deal = deal
        #: what calls show, by event index, as the case states it (2017: Laws 23, 26, 27)
        self.meanings: Mapping[int, Meaning] = dict(meanings or {})
        self.ruler: Ruler = ruler or Ruler()
        self.phase: Phase = "auction"
        self.entries: list[AuctionEntry] = []
        self.next: Seat | None = board.dealer
        self.bars: list[Bar] = []
        self.lead_restrictions: list[LeadRestriction] = []
        self.pending: Pending | None = None
        self.irregularities: list[Irregularity] = []
        self.contract: Contract | None = None
        self.declarer: Seat | None = None
        self.hands: dict[Seat, set[Card]] | None = None
        if deal is not None and all(deal[s] is not None for s in SEATS):
            self.hands = {s: set(deal.hand(s).cards) for s in SEATS}
        self.exposed: dict[Seat, list[Card]] = {s: [] for s in SEATS}
        #: every card that has left a hand by being played, with its seat and trick number: what
        #: tells, even without a deal, that a card played again was already played
        self.gone: dict[Card, tuple[Seat, int]] = {}
        self.penalty: list[PenaltyCard] = []
        #: Law 24 penalty cards not in force: still conditional (the auction goes on) or lapsed
        self.auction_penalty: list[PenaltyCard] = []
        self.constraints: list[Constraint] = []
        self.tricks: list[PlayedTrick] = []
        self.current: PlayedTrick | None = None
        self.won: dict[Side, int] = {Side.NS: 0, Side.EW: 0}
        self.claim: tuple[Side, int] | None = None
        self.director_called: list[int] = []
        #: the director's judgements (2017 additions), with the index of their event
        self.judgements: list[tuple[int, Judgement]] = []
        #: ``director after_next_deal`` / ``after_round``: attention first drawn only after the
        #: board (Law 64B4-5); nothing at this table can follow it
        self.late: str | None = None
        #: ``exposes ... held`` events: cards that count as played by Law 45C
        self.held: set[int] = set()
        #: events a ruler has already fully applied (e.g. a condoning call it cancelled)
        self.handled: set[int] = set()
        #: an acceptance is being settled: whether the auction is over is asked once the call
        #: that accepted it (if any) is in, since Law 34 may cancel that very call
        self._settling = False
        self.events: list[Event] = []
        if deal is not None:
            for seat in SEATS:
                hand = deal[seat]
                if hand is not None and len(hand) != 13:
                    self.record(make(Kind.WRONG_NUMBER_OF_CARDS, seat, None, cards=len(hand)))

    # ----------------------------------------------------------------------------- queries
    def standing(self) -> list[SeatCall]:
        """The legal auction: standing calls in order."""
        return [(e.seat, e.call) for e in self.entries if e.status == "standing"]

    @property
    def dummy(self) -> Seat | None:
        return self.declarer.partner if self.declarer else None

    def is_defender(self, seat: Seat) -> bool:
        return self.declarer is not None and seat.side is not self.declarer.side

    def bars_on(self, seat: Seat) -> list[Bar]:
        return [b for b in self.bars if b.seat is seat]

    def remaining(self, seat: Seat) -> set[Card] | None:
        return None if self.hands is None else self.hands[seat]

    def legal_cards(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` may play now by the duty to follow suit, the rulings' duties aside
        (what a careless player might play), in suit-then-rank order; none if the deal is
        unknown."""
        hand = self.remaining(seat)
        if hand is None:
            return []
        current = self.current
        led = None if self.leading or current is None else current.led_suit
        # model.play.legal_plays's rule, on the table's own card set: building a Hand (and
        # sorting it twice) for every card the scenario player chooses cost the generator 15 %
        same = [c for c in hand if c.suit is led] if led is not None else []
        return sorted(same or hand, key=lambda c: (c.suit.order, c.rank.order))

    @property
    def leading(self) -> bool:
        """Whether the next card is a lead (no trick in progress, or one reopened empty)."""
        current = self.current
        return current is None or current.is_complete or not current.plays

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    # ----------------------------------------------------------------------------- replay
    def apply(self, event: Event) -> None:
        """Apply one event (its index is its position in the log)."""
        index = len(self.events)
        if self.late is not None:
            raise ImpossibleEventError(f"'{event}' comes after 'director {self.late}': the board "
                                       "is over, nothing more happens at its table")
        self.events.append(event)
        if isinstance(event, (CardLed, CardPlayed)):  # the commonest events first
            self._card(event, index)
        elif isinstance(event, CallMade):
            self._call(event, index)
        elif isinstance(event, CallChanged):
            self._change(event, index)
        elif isinstance(event, (Accepted, Refused)):
            self._decision(event, index)
        elif isinstance(event, OptionChosen):
            self.ruler.chose(self, event.seat, event.option, index)
        elif isinstance(event, CardsExposed):
            self._expose(event, index)
        elif isinstance(event, (Claimed, Conceded)):
            self._claim(event, index)
        elif isinstance(event, Asked):
            self._ask(event, index)
        elif isinstance(event, ClaimAnswered):
            self._claim_answered(event, index)
        elif isinstance(event, WrongBoard):
            self.record(make(Kind.CARDS_FROM_WRONG_BOARD, event.seat, index))
        elif isinstance(event, (HandCount, Objected, WrongTable, WrongDirection, PlayedBefore,
                                DummyAct)):
            self._board_event(event, index)
        elif isinstance(event, DirectorCalled):
            if event.moment is not None:
                if self.phase != "ended":
                    raise ImpossibleEventError(
                        f"'{event}' is a moment after the board, but its {self.phase} is not "
                        "over")
                self.late = event.moment
            self.director_called.append(index)
            self.ruler.director(self, index)
        elif isinstance(event, TricksCounted):
            self._tricks_counted(event, index)
        elif isinstance(event, Judgement):
            self.judgements.append((index, event))
            self.ruler.judged(self, event, index)

    def apply_all(self, events: Iterable[Event]) -> Table:
        for event in events:
            self.apply(event)
        return self

    def record(self, irregularity: Irregularity) -> int:
        """Record a fact and let the ruler know; returns its index."""
        self.irregularities.append(irregularity)
        index = len(self.irregularities) - 1
        self.ruler.detected(self, index)
        return index

    # ----------------------------------------------------------------------------- auction
    def _call(self, event: CallMade, index: int) -> None:
        seat, call = event.seat, event.call
        # an auction that three passes complete is over unless a law keeps it open (Law 34:
        # the accepted pass out of rotation was itself one of the three)
        if self.phase != "auction" or (self.auction_over() and self.ruler.auction_may_end(self)):
            self.entries.append(AuctionEntry(seat, call, index, "cancelled"))
            self.record(make(Kind.CALL_AFTER_FINAL_PASS, seat, index, call=str(call)))
            return
        pending = self.pending
        if pending is not None and pending.stage == "acceptance" and pending.entry is not None:
            # The player whose turn it was simply calls in turn: that comes first, even when
            # he is also the offender's left-hand opponent who could have accepted.
            if ((pending.kind in _OUT_OF_ROTATION or self.irregularities[
                    pending.irregularity].detail("out_of_rotation"))
                    and seat is pending.turn and seat.is_opponent_of(pending.offender)):
                self.ruler.resolve(self, "superseded", index)
            elif seat in pending.acceptors:
                self._settling = True
                try:
                    self.ruler.resolve(self, "condoned", index)
                finally:
                    self._settling = False
                if index in self.handled:
                    self.check_auction_end()
            elif seat is pending.offender:
                # before the director comes, the offender corrects himself; once he is at the
                # table, the offender's call is the replacement the ruling asks for
                fact = self.irregularities[pending.irregularity]
                ruled = any(d > (fact.event or 0) for d in self.director_called)
                self.ruler.resolve(self, "refused" if ruled else "corrected", index)
            if index in self.handled:
                return  # the ruler dealt with this call itself
        self._new_call(seat, call, index, event.simultaneous)

    def _new_call(self, seat: Seat, call: CallValue, index: int, simultaneous: bool) -> None:
        self._deem_rho_passed(seat, index)
        calls = self.standing()
        expected = self.next
        substitute = (self.pending is not None and self.pending.stage == "substitute"
                      and self.pending.offender is seat)
        fact = self._classify_call(seat, call, calls, expected, index)
        if fact is None and simultaneous:
            fact = make(Kind.SIMULTANEOUS_CALL, seat, index, call=str(call))
            self.entries.append(AuctionEntry(seat, call, index, "standing"))
            self._advance_after_call(seat, call)
            self.record(fact)
            return
        if fact is None:
            self.entries.append(AuctionEntry(seat, call, index, "standing"))
            self._advance_after_call(seat, call)
            if substitute:
                self.ruler.substituted(self, len(self.entries) - 1, index)
            return
        if simultaneous:
            fact = make(fact.kind, fact.seat, fact.event, simultaneous=True, **dict(fact.details))
        self.entries.append(AuctionEntry(seat, call, index, "pending"))
        if substitute:
            self.ruler.substituted(self, len(self.entries) - 1, index)
        irr = self.record(fact)
        self.pending = Pending(
            irr, fact.kind, seat, (seat.lho,), expected, entry=len(self.entries) - 1
        )
        self.ruler.opened(self, irr)

    def _deem_rho_passed(self, seat: Seat, index: int) -> None:
        """Law 28A (the same in both codes): a call made at the turn of the caller's right-hand
        opponent, when the law obliges that opponent to pass at this turn, is a call in rotation,
        not a call out of rotation: the opponent is deemed to have passed (which spends a
        one-turn bar) and the call is then judged at its own turn like any other (an
        insufficient bid stays insufficient, a barred caller still breaks his bar). The deemed
        pass does not end the auction by itself: the call made over it comes first."""
        rho = self.next
        if (self.pending is not None or rho is None or rho is not seat.rho
                or not any(b.scope in ("next_turn", "throughout") for b in self.bars_on(rho))):
            return
        self.entries.append(AuctionEntry(rho, PASS, index, "standing", deemed=True))
        self.bars = [b for b in self.bars
                     if not (b.seat is rho and b.scope in ("next_turn", "no_double"))]
        self.next = seat
        self.ruler.after_call(self, rho, PASS)
        self.ruler.deemed_pass(self, rho, seat, index)

    def _classify_call(self, seat: Seat, call: CallValue, calls: list[SeatCall],
                       expected: Seat | None, index: int) -> Irregularity | None:
        """The fact an irregular call represents, or ``None`` for a regular call."""
        bid_made = last_bid(calls) is not None
        if expected is not None and seat is not expected:
            relation = {seat.rho: "rho", seat.partner: "partner", seat.lho: "lho"}[expected]
            has_called = any(e.seat is seat for e in self.entries if e.status == "standing")
            common: dict[str, Any] = dict(
                call=str(call), turn=str(expected), relation=relation,
                before_any_bid=not bid_made, offender_has_called=has_called)
            if isinstance(call, Double) and not can_double(seat, calls):
                return make(Kind.INADMISSIBLE_DOUBLE, seat, index, out_of_rotation=True, **common)
            if isinstance(call, Redouble) and not can_redouble(seat, calls):
                return make(Kind.INADMISSIBLE_REDOUBLE, seat, index, out_of_rotation=True, **common)
            barred = [b for b in self.bars_on(seat) if b.scope in ("next_turn", "throughout")]
            if (barred and not isinstance(call, Pass)
                    and self.ruler.barred_call_out_of_rotation_breaks_bar(self, seat)):
                # a player obliged to pass who bids, doubles or redoubles out of rotation: the
                # ruler decides which law governs (Law 37 by the 1987 reading, see law37.py)
                scope = "throughout" if any(b.scope == "throughout" for b in barred) \
                    else "next_turn"
                return make(Kind.CALL_WHEN_OBLIGED_TO_PASS, seat, index, out_of_rotation=True,
                            scope=scope, **common)
            kind = {Pass: Kind.PASS_OUT_OF_ROTATION, Bid: Kind.BID_OUT_OF_ROTATION,
                    Double: Kind.DOUBLE_OUT_OF_ROTATION,
                    Redouble: Kind.REDOUBLE_OUT_OF_ROTATION}[type(call)]
            extra: dict[str, Any] = {}
            if isinstance(call, Bid):
                extra["insufficient"] = not is_sufficient(call, calls) or None
                extra["above_seven"] = call.is_above_seven or None
            return make(kind, seat, index, **common, **extra)
        bars = self.bars_on(seat)
        if not isinstance(call, Pass) and any(b.scope in ("next_turn", "throughout") for b in bars):
            scope = "throughout" if any(b.scope == "throughout" for b in bars) else "next_turn"
            return make(Kind.CALL_WHEN_OBLIGED_TO_PASS, seat, index, call=str(call), scope=scope)
        if isinstance(call, (Double, Redouble)) and any(b.scope == "no_double" for b in bars):
            kind = (Kind.INADMISSIBLE_DOUBLE if isinstance(call, Double)
                    else Kind.INADMISSIBLE_REDOUBLE)
            return make(kind, seat, index, call=str(call), reason="barred")
        if isinstance(call, Bid):
            if call.is_above_seven:
                return make(Kind.BID_ABOVE_SEVEN, seat, index, call=str(call))
            if not is_sufficient(call, calls):
                previous = last_bid(calls)
                assert previous is not None
                lowest = lowest_sufficient(call, calls)
                return make(Kind.INSUFFICIENT_BID, seat, index, call=str(call),
                            last=str(previous[1]), last_seat=str(previous[0]),
                            lowest_sufficient=str(lowest) if lowest else "none")
        if isinstance(call, Double) and not can_double(seat, calls):
            return make(Kind.INADMISSIBLE_DOUBLE, seat, index, call=str(call),
                        reason=_double_reason(seat, calls))
        if isinstance(call, Redouble) and not can_redouble(seat, calls):
            return make(Kind.INADMISSIBLE_REDOUBLE, seat, index, call=str(call),
                        reason=_redouble_reason(seat, calls))
        return None

    def _advance_after_call(self, seat: Seat, call: CallValue) -> None:
        """A standing call was made by ``seat``: spend its turn bars, move the turn on."""
        self.bars = [b for b in self.bars if not (b.seat is seat and b.scope in ("next_turn",
                                                                                  "no_double"))]
        self.next = seat.lho
        self.ruler.after_call(self, seat, call)
        self.check_auction_end()

    def auction_over(self) -> bool:
        """Whether the standing calls complete an auction (four passes, or three passes after
        another call). Read from the end, since the table asks at every call."""
        trailing = 0
        for entry in reversed(self.entries):
            if entry.status != "standing":
                continue
            if not isinstance(entry.call, Pass):
                return trailing >= 3
            trailing += 1
            if trailing == 4:
                return True
        return False

    def check_auction_end(self) -> None:
        """Move to the play (or end a passed-out board) once the standing auction is complete."""
        if (self.phase != "auction" or self.pending is not None or self._settling
                or not self.auction_over()):
            return
        if not self.ruler.auction_may_end(self):
            return
        result = final_contract(self.standing())
        if result is None:
            self.phase = "ended"
            self.next = None
            return
        self.contract, self.declarer = result
        self.phase = "play"
        self.next = self.declarer.lho
        self.ruler.auction_ended(self)
        self.ruler.lead_due(self, self.next)

    def _change(self, event: CallChanged, index: int) -> None:
        seat = event.seat
        if self.phase == "play" and not self.tricks and self.current is None:
            self._reopen_auction()  # the auction period lasts until the opening lead is made
        # the seat's last call, found from the end (listing all of them made a log of many
        # changes quadratic)
        entries = self.entries
        original = next((i for i in range(len(entries) - 1, -1, -1)
                         if entries[i].seat is seat
                         and (entries[i].status != "cancelled" or entries[i].voided)), None)
        if original is None or self.phase != "auction":
            raise ImpossibleEventError(f"{seat} changes a call but has no call to change")
        first = self.entries[original]
        later = [e for e in self.entries[original + 1:] if e.status != "cancelled"]
        partner_called = any(e.seat is seat.partner for e in later)
        fact = make(Kind.CHANGE_OF_CALL, seat, index, call=str(first.call), new=str(event.call),
                    inadvertent=event.inadvertent or None,
                    misinformed=event.misinformed or None,
                    partner_called=partner_called or None,
                    lho_called=any(e.seat is seat.lho for e in later) or None)
        if event.inadvertent or (event.misinformed and not partner_called):
            # The new call takes the old one's place. Calls made over the old one stand while
            # they are still legal; the first that no longer is (a bid now insufficient) is
            # withdrawn with everything after it, and its caller calls again.
            first.status = "cancelled"
            self.entries.insert(original + 1, AuctionEntry(seat, event.call, index, "standing"))
            self._revalidate_after(original + 1)
            self.record(fact)
            self.check_auction_end()  # the corrected call may be the third pass
            return
        self.entries.append(AuctionEntry(seat, event.call, index, "pending"))
        irr = self.record(fact)
        # ``turn``: whose turn it was when the change was made (later than the LHO's when the
        # change comes late); the auction resumes there once the change is settled
        self.pending = Pending(irr, Kind.CHANGE_OF_CALL, seat, (seat.lho,), self.next,
                               entry=len(self.entries) - 1)
        self.ruler.opened(self, irr)

    def _revalidate_after(self, position: int) -> None:
        later = [e for e in self.entries[position + 1:] if e.status == "standing"]
        if not later:
            return  # nothing was called over it (the common case: no need to list the auction)
        before = [(e.seat, e.call) for e in self.entries[: position + 1] if e.status == "standing"]
        broken = False
        for entry in later:
            if not broken and not is_legal_call(entry.seat, entry.call, before):
                broken = True
                self.next = entry.seat
            if broken:
                entry.status = "cancelled"
                entry.voided = True
            else:
                before.append((entry.seat, entry.call))

    def _reopen_auction(self) -> None:
        """Before the opening lead, a call may still be changed: back to the auction phase."""
        self.phase = "auction"
        self.contract = None
        self.declarer = None
        standing = self.standing()
        self.next = standing[-1][0].lho if standing else self.board.dealer

    def _decision(self, event: Accepted | Refused, index: int) -> None:
        pending = self.pending
        if pending is None or pending.stage != "acceptance":
            verb = "accepts" if isinstance(event, Accepted) else "refuses"
            raise ImpossibleEventError(
                f"{event.seat} {verb} but nothing is waiting to be accepted")
        if event.seat not in pending.acceptors:
            who = " or ".join(str(s) for s in pending.acceptors)
            raise ImpossibleEventError(
                f"{event.seat} may not accept or refuse this irregularity (only {who} may)"
            )
        self._settling = True
        try:
            self.ruler.resolve(self, "accepted" if isinstance(event, Accepted) else "refused",
                               index)
        finally:
            self._settling = False
        # calls made while the decision was pending may have completed the standing auction
        self.check_auction_end()

    def _ask(self, event: Asked, index: int) -> None:
        """A request for a review of the auction or an explanation: the director says whether
        the player may have it now (recorded as a fact so that a ruling can answer it)."""
        seat = event.seat
        if event.what == "withdrawn":
            self._ask_withdrawn(seat, index)
            return
        kind = Kind.EXPLANATION_REQUEST if event.what == "explanation" else Kind.REVIEW_REQUEST
        barred = any(b.scope in ("next_turn", "throughout") for b in self.bars_on(seat))
        self.record(make(kind, seat, index, what=event.what, phase=self.phase,
                         at_turn=(seat is self.next), barred=barred or None,
                         tricks_played=len(self.tricks) if self.phase != "auction" else None,
                         played_this_trick=(self.current is not None
                                            and seat in self.current.seats()) or None,
                         dummy=(seat is self.dummy) or None,
                         side_played_to_current=(self.current is not None and any(
                             s.side is seat.side for s in self.current.seats())) or None))

    def _ask_withdrawn(self, seat: Seat, index: int) -> None:
        """``S asks withdrawn``: may S take account of the last withdrawn call (16C)? The fact
        names the call, whose it was, and whether a bar it brought is still being served."""
        cancelled = [e for e in self.entries if e.status == "cancelled"]
        if not cancelled:
            raise ImpossibleEventError(f"{seat} asks about a withdrawn call, but no call has been"
                                       " withdrawn")
        last = cancelled[-1]
        serving = any(b.seat.side is last.seat.side and b.scope in ("next_turn", "throughout")
                      for b in self.bars) and self.phase == "auction"
        self.record(make(Kind.WITHDRAWN_INFORMATION, seat, index, call=str(last.call),
                         caller=str(last.seat), own_side=seat.side is last.seat.side,
                         withdrawn_event=last.event, serving=serving or None))

    # ----------------------------------------------------------------------------- board, dummy
    def _board_event(self, event: HandCount | Objected | WrongTable | WrongDirection
                     | PlayedBefore | DummyAct, index: int) -> None:
        """The board and deal found wrong (Laws 13-15) and dummy acting on his own (42-43):
        each recorded as a fact with what its ruling turns on; an objection (13B2) goes to the
        ruler of the fact it objects to."""
        called = bool(self.entries)
        if isinstance(event, Objected):
            self.ruler.objected(self, event.seat, index)
        elif isinstance(event, HandCount):
            if event.cards == 13:
                raise ImpossibleEventError(f"{event.seat} holds 13 cards, the right number")
            kind = Kind.WRONG_NUMBER_OF_CARDS if event.cards > 13 else Kind.MISSING_CARD
            found = event.found
            revoked = None
            if found is not None:
                revoked = any(
                    t.led_suit is found.suit and any(s is event.seat and c.suit is not found.suit
                                                     for s, c in t.plays)
                    for t in self.tricks) or None
            self.record(make(kind, event.seat, index, cards=event.cards, phase=self.phase,
                             called=called, found=str(found) if found else None,
                             revoked=revoked, defender=self.is_defender(event.seat) or None))
        elif isinstance(event, WrongDirection):
            # 15D (reconstructed): when it was found, and whether each line kept its own hands
            self.record(make(Kind.BOARD_ROTATED, None, index, phase=self.phase, called=called,
                             rotation="half" if event.half else "quarter"))
        elif isinstance(event, (WrongTable, PlayedBefore)):
            seat = event.seat if isinstance(event, PlayedBefore) else None
            self.record(make(Kind.BOARD_NOT_DESIGNATED, seat, index, phase=self.phase,
                             called=called, played_before=seat is not None or None,
                             replaced=event.replaced if isinstance(event, WrongTable) else None))
        else:
            self._dummy_act(event, index)

    def _dummy_act(self, event: DummyAct, index: int) -> None:
        seat = event.seat
        if self.phase != "play" or seat is not self.dummy:
            raise ImpossibleEventError(f"{seat} {event.act}: only dummy, during the play")
        earlier = [i for i in self.irregularities
                   if i.kind is Kind.DUMMY_EXCEEDS_RIGHTS and i.seat is seat]
        violated = bool(earlier) or None
        # what dummy did before (the question's context must say it: it decides the ruling)
        before = dict(earlier=earlier[0].detail("act"), target=earlier[0].detail("target")) \
            if earlier else {}
        if event.act in ("looks", "exchanges"):
            target = event.target or (self.declarer if event.act == "exchanges" else None)
            if target is None or target is seat:
                raise ImpossibleEventError(f"{seat} looks at his own hand")
            self.record(make(Kind.DUMMY_EXCEEDS_RIGHTS, seat, index, act=event.act,
                             target=str(target), defender=self.is_defender(target) or None))
        elif event.act == "warns":
            if not (self.leading and self.next is not None and self.declarer is not None
                    and self.next.side is self.declarer.side):
                raise ImpossibleEventError(f"{seat} warns: declarer is not to lead")
            self.record(make(Kind.DUMMY_WARNS, seat, index, violated=violated,
                             turn=str(self.next), **before))
        else:
            others = [i for i in self.irregularities
                      if i.seat is not None and i.kind is not Kind.DUMMY_EXCEEDS_RIGHTS]
            about = others[-1] if others else None
            if about is None:
                raise ImpossibleEventError(f"{seat} draws attention, but to no irregularity")
            assert about.seat is not None
            self.record(make(Kind.DUMMY_DRAWS_ATTENTION, seat, index, violated=violated,
                             about=self.irregularities.index(about), about_kind=about.kind.value,
                             owner=str(about.seat), **before,
                             by_defender=self.is_defender(about.seat) or None))

    def restart_auction(self) -> None:
        """15C: the auction begins again from the dealer (the first one cancelled)."""
        for entry in self.entries:
            entry.status = "cancelled"
        self.phase = "auction"
        self.contract = None
        self.declarer = None
        self.bars = []
        self.pending = None
        self.next = self.board.dealer

    # ----------------------------------------------------------------------------- play
    def _take(self, seat: Seat, card: Card) -> None:
        """Check that the card is in the seat's hand (when the deal is known)."""
        gone = self.gone.get(card)
        if gone is not None:
            who, trick = gone
            by = "" if who is seat else f" by {who}"
            raise ImpossibleEventError(
                f"{seat} cannot play {card}: it was already played{by} at trick {trick}")
        hand = self.remaining(seat)
        if hand is None:
            return
        if card not in hand:
            holder = self.deal.holder(card) if self.deal else None
            if holder is not None and holder is not seat:
                raise ImpossibleEventError(f"{seat} cannot play {card}: it is in {holder}'s hand")
            if not hand:
                raise ImpossibleEventError(f"{seat} has no cards left to play {card}")
            raise ImpossibleEventError(f"{seat} cannot play {card}: it was already played")

    def remove(self, seat: Seat, card: Card) -> None:
        """The card leaves the seat's hand (played): it is no longer exposed or a penalty card."""
        if self.hands is not None:
            self.hands[seat].discard(card)
        self.gone[card] = (seat, len(self.tricks) + 1)
        exposed = self.exposed[seat]
        if exposed and card in exposed:
            exposed.remove(card)
        if self.penalty:
            self.penalty = [p for p in self.penalty if not (p.seat is seat and p.card == card)]

    def unexpose(self, seat: Seat, card: Card) -> None:
        """The card no longer lies face up (picked up into the hand, or about to be dealt with
        anew by a ruling)."""
        if card in self.exposed[seat]:
            self.exposed[seat].remove(card)

    def penalty_cards(self, seat: Seat) -> list[PenaltyCard]:
        return [p for p in self.penalty if p.seat is seat]

    def return_to_hand(self, seat: Seat, card: Card, face_up: bool) -> None:
        """A played card is taken back (face up when it is to lie exposed)."""
        if self.hands is not None:
            self.hands[seat].add(card)
        self.gone.pop(card, None)
        if face_up and card not in self.exposed[seat]:
            self.exposed[seat].append(card)

    def last_trick_of(self, seat: Seat) -> tuple[PlayedTrick, bool] | None:
        """The trick holding ``seat``'s latest card, and whether it is already quitted."""
        if self.current is not None and seat in self.current.seats():
            return self.current, False
        if self.tricks and seat in self.tricks[-1].seats():
            return self.tricks[-1], True
        return None

    def reopen(self, trick: PlayedTrick) -> None:
        """Make a quitted trick current again (a correction takes a card out of it)."""
        if self.tricks and self.tricks[-1] is trick:
            self.tricks.pop()
            assert trick.winner is not None
            self.won[trick.winner.side] -= 1
            trick.winner = None
            if self.current is not None and self.current is not trick:
                raise ImpossibleEventError("a trick can be reopened only before the next lead")
            self.current = trick
            if self.phase == "ended":
                self.phase = "play"

    def take_back(self, seat: Seat, face_up: bool) -> tuple[PlayedTrick, Card] | None:
        """Withdraw ``seat``'s card from the current (or just quitted) trick. Later cards of the
        trick are kept aside and rejoin at their turn unless withdrawn too."""
        found = self.last_trick_of(seat)
        if found is None:
            return None
        trick, _ = found
        self.reopen(trick)
        position = trick.seats().index(seat)
        card = trick.plays[position][1]
        trick.kept = trick.plays[position + 1:] + trick.kept
        del trick.plays[position:]
        self.return_to_hand(seat, card, face_up)
        self.next = seat
        return trick, card

    def withdraw_kept(self, seat: Seat, face_up: bool) -> Card | None:
        """A card kept aside after a correction goes back to its owner's hand."""
        trick = self.current
        if trick is None:
            return None
        for i, (s, c) in enumerate(trick.kept):
            if s is seat:
                del trick.kept[i]
                self.return_to_hand(seat, c, face_up)
                return c
        return None

    def _rejoin(self, trick: PlayedTrick) -> None:
        while trick.kept and not trick.is_complete and trick.kept[0][0] is trick.next_seat:
            trick.plays.append(trick.kept.pop(0))
        if not trick.is_complete:
            self.next = trick.next_seat

    def _card(self, event: CardLed | CardPlayed, index: int) -> None:
        seat, card = event.seat, event.card
        if self.phase != "play":
            if self.phase == "auction" and self.pending is None:
                self.check_auction_end()  # never play to an auction over but not closed
            if self.phase == "auction":
                self._take(seat, card)
                self.exposed[seat].append(card)
                self.record(make(Kind.CARD_EXPOSED_DURING_AUCTION, seat, index,
                                 cards=str(card), led=isinstance(event, CardLed) or None))
                return
            if self.phase == "ended":
                raise ImpossibleEventError(f"{seat} plays {card} after the board has ended")
        hands = self.hands
        if hands is None or card not in hands[seat]:
            self._take(seat, card)
        pending = self.pending
        if (pending is not None and pending.stage == "acceptance" and pending.card is not None
                and seat is pending.offender.lho and isinstance(event, CardPlayed)):
            self.ruler.resolve(self, "condoned", index)
        if not self.constraints:
            self._place(event, seat, card, index)
            return
        lead = self.leading
        violations = [fact for c in list(self.constraints)
                      if (fact := c.check(self, seat, card, lead, index)) is not None]
        for c in list(self.constraints):
            c.played(self, seat, card, lead)
        self._place(event, seat, card, index)
        for fact in violations:
            self.record(fact)
        self.constraints = [c for c in self.constraints if not c.expired(self)]

    def _place(self, event: CardLed | CardPlayed, seat: Seat, card: Card, index: int) -> None:
        trick = self.current
        if trick is None or len(trick.plays) == 4:
            self._lead(seat, card, index, event.simultaneous)
        elif isinstance(event, CardLed) and seat in trick.seats():
            self._early_lead(seat, card, index, trick)
        else:
            self._play(seat, card, index, trick, event.simultaneous)

    def _lead(self, seat: Seat, card: Card, index: int, simultaneous: bool) -> None:
        expected = self.next
        assert self.declarer is not None
        if seat is expected or expected is None:
            self.current = PlayedTrick(seat, [(seat, card)])
            self.remove(seat, card)
            self.next = seat.lho
            self.ruler.card_played(self, seat, card, index)
            return
        opening = not self.tricks
        if opening:
            kind = Kind.OPENING_LEAD_OUT_OF_TURN
        elif self.is_defender(seat):
            kind = Kind.LEAD_OUT_OF_TURN
        else:
            kind = Kind.DECLARER_LEAD_OUT_OF_TURN
        declaring = seat.side is self.declarer.side
        fact = make(kind, seat, index, card=str(card), turn=str(expected),
                    by_declaring_side=(declaring and opening) or None,
                    wrong_hand=(kind is Kind.DECLARER_LEAD_OUT_OF_TURN
                                and expected.side is seat.side) or None,
                    from_dummy=(kind is Kind.DECLARER_LEAD_OUT_OF_TURN
                                and seat is self.dummy) or None,
                    simultaneous=simultaneous or None)
        self.current = PlayedTrick(seat, [(seat, card)])
        self.remove(seat, card)
        irr = self.record(fact)
        if declaring:
            acceptors: tuple[Seat, ...] = (self.declarer.lho, self.declarer.rho)
        else:
            acceptors = (self.declarer,)
        self.pending = Pending(irr, kind, seat, acceptors, expected, card=card)
        self.next = seat.lho
        self.ruler.opened(self, irr)

    def _early_lead(self, seat: Seat, card: Card, index: int, trick: PlayedTrick) -> None:
        """A lead to the next trick while this one is incomplete."""
        partner_missing = seat.partner not in trick.seats()
        if self.is_defender(seat) and partner_missing:
            self.exposed[seat].append(card)
            self.record(make(Kind.PREMATURE_PLAY, seat, index, card=str(card), lead=True,
                             turn=str(trick.next_seat)))
            return
        trick.defective = True
        missing = [s for s in SEATS if s not in trick.seats()]
        self.record(make(Kind.DEFECTIVE_TRICK, missing[0] if missing else seat, index,
                         missing=",".join(str(s) for s in missing), trick=len(self.tricks) + 1))
        self._close_trick(trick)
        self.next = seat
        self._lead(seat, card, index, False)

    def _play(self, seat: Seat, card: Card, index: int, trick: PlayedTrick,
              simultaneous: bool) -> None:
        assert self.declarer is not None
        plays = trick.plays
        if seat is SEATS[(_SEAT_INDEX[trick.leader] + len(plays)) % 4]:
            self._play_in_turn(seat, card, index, trick, simultaneous)
            return
        if any(s is seat for s, _ in plays):
            self.exposed[seat].append(card)
            self.record(make(Kind.DEFECTIVE_TRICK, seat, index, card=str(card), extra=True,
                             trick=len(self.tricks) + 1))
            return
        # out of turn: a defender's card is played early, declarer's is out of turn
        self.exposed[seat].append(card)
        # ``simultaneous``: made at the same moment as the card in turn, so it counts as played
        # after it (58A) and is out of turn from there
        if self.is_defender(seat):
            self.record(make(Kind.PREMATURE_PLAY, seat, index, card=str(card),
                             turn=str(trick.next_seat),
                             partner_played=seat.partner in trick.seats() or None,
                             simultaneous=simultaneous or None))
        else:
            self.record(make(Kind.PLAY_OUT_OF_TURN, seat, index, card=str(card),
                             turn=str(trick.next_seat), from_dummy=(seat is self.dummy) or None,
                             simultaneous=simultaneous or None))

    def _play_in_turn(self, seat: Seat, card: Card, index: int, trick: PlayedTrick,
                      simultaneous: bool) -> None:
        """A card played in turn to the current trick (the common case: kept lean)."""
        led = trick.plays[0][1].suit if trick.plays else None  # empty: a reopened trick
        hand = None if self.hands is None else self.hands[seat]
        revoke = (hand is not None and led is not None and card.suit is not led
                  and any(c.suit is led for c in hand))
        trick.plays.append((seat, card))
        self.remove(seat, card)
        self.next = seat.lho
        if trick.kept:
            self._rejoin(trick)
        if revoke:
            self.record(make(Kind.REVOKE, seat, index, card=str(card), led=str(led),
                             trick=len(self.tricks) + 1))
        elif simultaneous:
            self.record(make(Kind.SIMULTANEOUS_PLAY, seat, index, card=str(card)))
        self.ruler.card_played(self, seat, card, index)
        if trick.is_complete:
            self._close_trick(trick)

    def _close_trick(self, trick: PlayedTrick) -> None:
        assert self.contract is not None
        trick.winner = trick_winner(trick.plays, self.contract.strain)
        self.tricks.append(trick)
        self.current = None
        self.won[trick.winner.side] += 1
        self.next = trick.winner
        self.ruler.trick_completed(self, trick)
        if len(self.tricks) == 13:
            self.end_play()
        elif self.next is not None:
            self.ruler.lead_due(self, self.next)

    def end_play(self) -> None:
        self.phase = "ended"
        self.next = None
        self.ruler.play_ended(self)

    def _counts_as_played(self, seat: Seat, event: CardsExposed) -> bool:
        """Law 45C: a card ``held`` face up (a defender's so that partner could see it, 45C1;
        declarer's touching the table, 45C2) is played, and ruled on as a play wherever it falls
        (out of turn it is a premature play or a play out of turn). A single card a defender
        merely shows at his own turn to lead or play, nothing pending, is played too if the
        ruler reads 45C1 so (:data:`generator.laws.law45.FACED_AT_OWN_TURN_IS_PLAYED`)."""
        if self.phase != "play" or len(event.cards) != 1 or seat is self.dummy:
            return False
        if event.held:
            return True
        return (self.pending is None and self.is_defender(seat) and seat is self.next
                and self.ruler.faced_card_is_played(self, seat))

    def _expose(self, event: CardsExposed, index: int) -> None:
        seat = event.seat
        for card in event.cards:
            self._take(seat, card)
            if card in self.exposed[seat]:
                raise ImpossibleEventError(f"{card} of {seat} is already face up")
        if self._counts_as_played(seat, event):
            card = event.cards[0]
            if event.held:
                self.held.add(index)
            self._card(CardLed(seat, card) if self.leading else CardPlayed(seat, card), index)
            return
        if self.phase == "auction":
            self.exposed[seat].extend(event.cards)
            self.record(make(Kind.CARD_EXPOSED_DURING_AUCTION, seat, index,
                             cards=" ".join(str(c) for c in event.cards)))
            return
        if seat is self.dummy:
            return  # dummy's cards are face up anyway
        self.exposed[seat].extend(event.cards)
        self.record(make(Kind.EXPOSED_CARD, seat, index,
                         cards=" ".join(str(c) for c in event.cards),
                         by_declarer=(seat is self.declarer) or None))

    def _claim(self, event: Claimed | Conceded, index: int) -> None:
        if self.phase != "play":
            raise ImpossibleEventError("a claim or concession needs the play to have started")
        # the trick in progress is not won yet: it is one of the tricks the claim disposes of
        remaining = 13 - len(self.tricks)
        if event.tricks > remaining:
            raise ImpossibleEventError(
                f"{event.seat} {'claims' if isinstance(event, Claimed) else 'concedes'} "
                f"{event.tricks} tricks but only {remaining} remain"
            )
        side = event.seat.side
        mine = event.tricks if isinstance(event, Claimed) else remaining - event.tricks
        kind = Kind.CLAIM if isinstance(event, Claimed) else Kind.CONCESSION
        self.record(make(kind, event.seat, index, tricks=event.tricks, remaining=remaining))
        self.claim = (side, mine)
        self.won[side] += mine
        self.won[side.opponents] += remaining - mine
        self.current = None
        self.end_play()

    def _claim_answered(self, event: ClaimAnswered, index: int) -> None:
        """An opponent of the claimer (or of the player who conceded) disputes, acquiesces or
        withdraws his acquiescence (69B): only after a claim or concession, and only by that
        side; a withdrawal only after that side acquiesced."""
        if self.claim is None:
            raise ImpossibleEventError(f"{event} but nobody has claimed or conceded")
        fact = next(f for f in reversed(self.irregularities)
                    if f.kind in (Kind.CLAIM, Kind.CONCESSION))
        assert fact.seat is not None
        if event.seat.side is fact.seat.side:
            raise ImpossibleEventError(
                f"{event} but {event.seat} is on the side of {fact.seat}, who made it")
        if event.answer == "withdraws" and not any(
                isinstance(e, ClaimAnswered) and e.answer == "acquiesces"
                and e.seat.side is event.seat.side for e in self.events[fact.event or 0:index]):
            raise ImpossibleEventError(f"{event} but his side has not acquiesced")
        self.ruler.claim_answered(self, event.seat, event.answer, index)

    def _tricks_counted(self, event: TricksCounted, index: int) -> None:
        """Law 79: the count of tricks after the last card. The first ``contest`` or
        ``correct`` of the board, or an ``agree`` whose count is not the one the play gives
        that pair, is recorded as a ``trick_count`` fact (one per board); every count event then
        goes to the ruler, which settles the count the board is scored with."""
        if self.phase != "ended" or self.contract is None:
            raise ImpossibleEventError(f"'{event}' needs a board played to its end (the count of "
                                       "tricks comes after the last card)")
        side = Side.NS if event.pair == "NS" else Side.EW
        first = not any(f.kind is Kind.TRICK_COUNT for f in self.irregularities)
        if first and (event.verb != "agree" or event.tricks != self.won[side]):
            ns = None if event.tricks is None else (
                event.tricks if side is Side.NS else 13 - event.tricks)
            self.record(make(Kind.TRICK_COUNT, None, index, verb=event.verb, side=event.pair,
                             ns=ns, played_ns=self.won[Side.NS], moment=event.moment))
        self.ruler.tricks_counted(self, event, index)

    # ----------------------------------------------------------------------------- output
    def declarer_tricks(self) -> int | None:
        if self.declarer is None:
            return None
        return self.won[self.declarer.side]

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (used for comparisons and the JSON output)."""
        return {
            "phase": self.phase,
            "next": str(self.next) if self.next else None,
            "dealer": str(self.board.dealer),
            "vulnerable": str(self.board.vulnerability),
            "contract": str(self.contract) if self.contract else None,
            "declarer": str(self.declarer) if self.declarer else None,
            "auction": [e.to_dict() for e in self.entries],
            "bars": [b.to_dict() for b in self.bars],
            "lead_restrictions": [r.to_dict() for r in self.lead_restrictions],
            "pending": None if self.pending is None else {
                "kind": self.pending.kind.value, "stage": self.pending.stage,
                "offender": str(self.pending.offender),
                "acceptors": [str(s) for s in self.pending.acceptors],
                "choosers": [str(s) for s in self.pending.choosers],
                "options": list(self.pending.options),
            },
            "tricks": [t.to_dict() for t in self.tricks],
            "current_trick": self.current.to_dict() if self.current else None,
            "tricks_won": {"NS": self.won[Side.NS], "EW": self.won[Side.EW]},
            "exposed": {str(s): [str(c) for c in self.exposed[s]] for s in SEATS
                        if self.exposed[s]},
            "penalty_cards": [p.to_dict() for p in (*self.penalty, *self.auction_penalty)],
            "constraints": [c.to_dict() for c in self.constraints],
        }


_OUT_OF_ROTATION = frozenset({Kind.PASS_OUT_OF_ROTATION, Kind.BID_OUT_OF_ROTATION,
                              Kind.DOUBLE_OUT_OF_ROTATION, Kind.REDOUBLE_OUT_OF_ROTATION,
                              Kind.INADMISSIBLE_DOUBLE, Kind.INADMISSIBLE_REDOUBLE})


def _double_reason(seat: Seat, calls: list[SeatCall]) -> str:
    from generator.model.auction import last_non_pass

    last = last_non_pass(calls)
    if last is None:
        return "nothing_to_double"
    if not isinstance(last[1], Bid):
        return "already_doubled"
    return "own_side_bid"


def _redouble_reason(seat: Seat, calls: list[SeatCall]) -> str:
    from generator.model.auction import last_non_pass

    last = last_non_pass(calls)
    if last is None or isinstance(last[1], Bid):
        return "not_doubled"
    if isinstance(last[1], Redouble):
        return "already_redoubled"
    return "own_side_double"
