"""The ruler interface, and the neutral mechanics both codes share.

The table calls a ruler at each step where the Laws decide what happens next: when an irregularity
is detected, when the entitled opponent accepts or refuses it, when the offender substitutes a
call, when a player chooses an option. This base class applies only the mechanics that every
edition shares and cites nothing:

* an accepted (or condoned) irregular call stands and the auction goes on from the offender's left;
* a refused call out of rotation is withdrawn and the turn goes back to the player in turn;
* any other refused call is withdrawn and the offender calls again (his substitute);
* an accepted lead out of turn stands; a refused one is taken back and the right hand leads.

The laws layer subclasses it to add rectifications, options and citations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.errors import ImpossibleEventError
from generator.model.calls import CallValue
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import OUT_OF_ROTATION, Kind

if TYPE_CHECKING:
    from generator.table.events import Judgement, TricksCounted
    from generator.table.state import PlayedTrick, Resolution, Table


class Ruler:
    """Neutral ruler: follows the table through irregularities without ruling on them."""

    edition: str = ""

    # --- hooks the laws layer overrides --------------------------------------------------
    def detected(self, table: Table, irregularity: int) -> None:
        """A fact was recorded (the table may not have set its pending decision yet)."""

    def opened(self, table: Table, irregularity: int) -> None:
        """An irregularity now waits for a decision (``table.pending`` is set)."""

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        """A call became part of the legal auction."""

    def auction_ended(self, table: Table) -> None:
        """The auction ended with a contract; the opening lead is next."""

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        """A card was led or played to the current trick."""

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        """A trick has four cards and a winner."""

    def play_ended(self, table: Table) -> None:
        """The thirteenth trick was quitted, or a claim or concession ended the play."""

    def claim_answered(self, table: Table, seat: Seat, answer: str, event: int) -> None:
        """An opponent disputes, acquiesces in, or withdraws his acquiescence in the last claim
        or concession (``answer``: ``disputes``, ``acquiesces``, ``withdraws``)."""

    def lead_due(self, table: Table, leader: Seat) -> None:
        """A lead to a new trick is due from ``leader`` (a ruling may offer declarer options)."""

    def auction_may_end(self, table: Table) -> bool:
        """Three passes closed the standing auction: may it end? (A law may keep it open.)"""
        return True

    def objected(self, table: Table, seat: Seat, event: int) -> None:
        """A player objects to the board being played (13B2); nothing without a law."""

    def director(self, table: Table, event: int) -> None:
        """Attention was drawn and the director is at the table."""

    def tricks_counted(self, table: Table, counted: TricksCounted, event: int) -> None:
        """The players agreed, contested or corrected the count of tricks after the play
        (Law 79); the table has recorded the ``trick_count`` fact when there is one."""

    def judged(self, table: Table, judgement: Judgement, event: int) -> None:
        """The director gave a finding the Laws leave to his judgement (2017 additions of the
        case format); the table keeps it in ``table.judgements``, the laws layer applies it."""

    def faced_card_is_played(self, table: Table, seat: Seat) -> bool:
        """Whether a card the defender ``seat`` shows at his own turn to play is his play
        (Law 45C1) rather than an exposed card; the neutral ruler says no."""
        return False

    def barred_call_out_of_rotation_breaks_bar(self, table: Table, seat: Seat) -> bool:
        """Whether a bid, double or redouble made out of rotation by ``seat``, who is obliged
        to pass, is ruled as a call by a player obliged to pass (the laws layer reads Law 37
        so) rather than as a plain call out of rotation; the neutral ruler says no."""
        return False

    def deemed_pass(self, table: Table, seat: Seat, caller: Seat, event: int) -> None:
        """``caller`` called at the turn of ``seat``, who had to pass: ``seat`` is deemed to have
        passed and the call is in rotation (Law 28A in both codes)."""

    def rulings(self, table: Table) -> list[dict[str, Any]]:
        """The rulings so far, in the case format's JSON shape (none for the neutral ruler)."""
        return []

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        raise ImpossibleEventError(f"{seat} chooses {option!r} but no ruling offers options here")

    # --- shared mechanics ----------------------------------------------------------------
    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        """Accepted, refused, condoned (by the next player's action) or superseded (the player
        whose turn it was called first)."""
        pending = table.pending
        assert pending is not None
        if pending.card is not None:
            self._resolve_lead(table, how)
            return
        assert pending.entry is not None
        entry = table.entries[pending.entry]
        if how in ("accepted", "condoned"):
            if pending.kind is Kind.CHANGE_OF_CALL:
                self._cancel_original(table, pending.entry, pending.offender)
            entry.status = "standing"
            table.pending = None
            table._advance_after_call(pending.offender, entry.call)
            if (pending.kind is Kind.CHANGE_OF_CALL and pending.turn is not None
                    and pending.turn is not pending.offender):
                table.next = pending.turn
            return
        entry.status = "cancelled"
        if how == "corrected":
            how = "refused"  # the offender's own correction: handled as a refusal
        if how == "superseded":
            table.pending = None
            table.next = pending.turn
            return
        if pending.kind is Kind.CHANGE_OF_CALL:
            self._cancel_original(table, pending.entry, pending.offender)
            table.next = pending.offender
            pending.stage = "substitute"
            pending.acceptors = ()  # decided: nobody is left to accept it
        elif pending.kind in OUT_OF_ROTATION or table.irregularities[
                pending.irregularity].detail("out_of_rotation"):
            table.pending = None
            table.next = pending.turn
        else:
            table.next = pending.offender
            pending.stage = "substitute"
            pending.acceptors = ()  # decided: the offender is to call again

    def substituted(self, table: Table, entry: int, event: int) -> None:
        """The offender made his substitute call (entry ``entry``)."""
        pending = table.pending
        table.pending = None
        if (pending is not None and pending.kind is Kind.CHANGE_OF_CALL
                and pending.turn is not None and pending.turn is not pending.offender):
            table.next = pending.turn  # a late change: back to the player whose turn it was
        table.check_auction_end()

    @staticmethod
    def _cancel_original(table: Table, changed: int, seat: Seat) -> None:
        for e in reversed(table.entries[:changed]):
            if e.seat is seat and e.status == "standing":
                e.status = "cancelled"
                return

    @staticmethod
    def _resolve_lead(table: Table, how: Resolution) -> None:
        pending = table.pending
        assert pending is not None and pending.card is not None
        table.pending = None
        if how in ("accepted", "condoned"):
            table.next = pending.offender.lho
            return
        # refused: the card goes back face up to its owner, the right hand leads
        table.current = None
        table.return_to_hand(pending.offender, pending.card, face_up=True)
        table.next = pending.turn
        if table.next is not None:
            table.ruler.lead_due(table, table.next)
