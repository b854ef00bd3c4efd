"""Laws 61-64 (1987): the revoke — its definition, the ruling and its course.

61A: a revoke is a failure to follow suit when able, or a failure to lead or play a card or suit
required by law or by a penalty option. 61B: declarer may ask a defender who shows out, dummy may
ask declarer, and (in the 1987 code) the defenders may ask declarer and each other.

The course of a revoke is followed here: until it is established (Law 63) it must be corrected when
attention is drawn (Law 62); once established, the revoke trick stands and tricks are transferred
at the end of play (Law 64). A revoke on the twelfth trick is corrected even when established
(62D). This module registers the rule; the clauses live in ``law62``, ``law63`` and ``law64``.

2017 (:class:`Revoke2017`, registered for "2017"). Laws 61A-B and 63 are the same; the course
differs in four places, each from the spec's "vs 1987" lines (laws2017_spec §7.5):

* 62C3 (new): both sides revoked on one trick and only one side has played to the next trick:
  both revokes are corrected. The engine corrects the one not yet established on the cards
  (62A-B, as 1987), and the established one is corrected too: it is settled without a transfer
  (64B8, reading in ``law64``) and flagged for the director, who has its card put right (a
  defender's withdrawn card becomes a penalty card).
* 62D2 (changed): a defender who revokes on trick twelve before his partner played gives no
  choice to declarer; the revoke card is information his partner may not use (Law 16C): a flag.
* 64: the 2017 B list and the 64C1 equity flag on every established revoke
  (``law64.transfer_2017``); a twelfth-trick revoke, corrected under 62D1 as in 1987, is settled
  without a transfer (64B6) and with the equity flag.
* 64B3: a revoke that failed to play a penalty card (the offender's only cards of the suit led
  were penalty cards on the table) gets no transfer.

Sources: pzbs.pl 2017 English l62 (62C3 both sides revoked on one trick; 62D2 refers to
Law 16C). An EBU TD forum thread on 62D2 asks whether the card withdrawn at trick twelve is a
penalty card at all (50E would make it authorised); the reading kept is the plain one: the
correction is 62B like any other (a defender's card a major penalty card) and the 16C flag
leaves the partner's use of the revoke card to the director.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.laws import law42, law45, law62, law63, law64
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Ruling
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import PlayedTrick, Table


@rule(Kind.REVOKE, editions={"1987"})
class Revoke(Rule):
    established = False
    corrected = False
    #: declarer's 62D2 choice of the partner's card to trick twelve has been offered
    d2_offered = False
    #: the next trick, begun before the revoke trick was reopened for the correction (a card
    #: added to a defective trick, 67A); it resumes once the corrected trick is complete
    aside: PlayedTrick | None = None

    #: the director was called to the table after the revoke, during the board
    attention = False
    #: Law 64 settled it at the end of play (:func:`law64.transfer`)
    settled = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the players offered the 62C choice to take back their card, in order
        self.withdrawal_owners: list[Seat] = []

    trick = 0

    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.cite("61A", law45.played_by(self.offender, table.dummy))
        if self.offender is table.declarer:
            law42.dummy_may_ask(self.ruling)
        in_progress = table.current is not None and bool(table.current.plays)
        self.trick = int(self.fact.detail("trick") or len(table.tricks) + int(in_progress))

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        super().card_played(table, seat, card, event)
        if not self.established and not self.corrected and law63.establishes(
                table, self.offender, seat, self.trick):
            self.established = True
            self.ruling.cite("63A")

    def director(self, table: Table, event: int) -> None:
        moment = getattr(table.events[event], "moment", None)
        if moment is not None:  # after the board: Law 64 has settled it at the end of play
            if self.settled:
                law64.late_attention(self, moment, self.attention)
            return
        self.attention = True
        if self.corrected:
            return
        if not self.established:
            self.corrected = True
            law62.correct(self, table)
        elif self.trick == 12:
            # 62D1: corrected on the cards once trick 13 is complete (see law62.twelfth_trick);
            # the ruling says so now, so that the players know the last trick is played on
            self.ruling.note("twelfth_trick_pending", "62D1")
        else:
            self.ruling.note("revoke_established", "63A")

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        if self.aside is not None:
            law62.resume_next_trick(self, table, trick)
        if self.trick == 12 and len(table.tricks) == 13 and not self.corrected:
            self.corrected = True
            law62.twelfth_trick(self, table)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if self.lead_choice is None and (law62.partner_card_choice(self, table, seat, option)
                                         or law62.withdraw_choice(self, table, seat, option)):
            return
        super().chose(table, seat, option, event)

    def play_ended(self, table: Table) -> None:
        if table.claim is not None and not self.established:
            self.established = True  # a claim or concession establishes it (63A)
            self.ruling.cite("63A")
        if self.corrected:
            return
        if self.trick == 12:
            self.corrected = True
            law62.twelfth_trick(self, table)
            return
        self.settled = True
        law64.transfer(self, table)


# 2017 ------------------------------------------------------------------------------------------
EDITIONS = ("1987", "2017")


@rule(Kind.REVOKE, editions={"2017"})
class Revoke2017(Revoke):
    """The 2017 course of a revoke (see the module docstring): 62C3, 62D2 by Law 16C, the 2017
    64B list and 64C1."""

    #: the revoke is established but corrected together with the other side's (62C3, 64B8)
    under_62c3 = False
    #: 64B3: the offender's only cards of the suit led were penalty cards on the table
    penalty_card_failed = False
    #: the twelfth-trick settlement (64B6, 64C1, 62D2 by 16C) is stated
    twelfth_settled = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.d2_offered = True  # 2017 62D2 gives declarer no choice of the partner's card

    def detected(self, table: Table) -> None:
        super().detected(table)
        led = self.fact.detail("led")
        hand = table.remaining(self.offender)
        if led and not self.fact.detail("reason") and hand is not None \
                and table.is_defender(self.offender):
            same = {c for c in hand if str(c.suit) == str(led)}
            penalties = {p.card for p in table.penalty_cards(self.offender)}
            self.penalty_card_failed = bool(same) and same <= penalties

    def other_side_same_trick(self) -> Revoke | None:
        """62C3: the revoke of the other side on the same trick, if any."""
        for other in self.ruler.rules.values():
            if other is not self and isinstance(other, Revoke) and other.trick == self.trick \
                    and other.offender.side is not self.offender.side:
                return other
        return None

    def director(self, table: Table, event: int) -> None:
        other = self.other_side_same_trick()
        if other is not None and not self.corrected and self.established != other.established:
            # 62C3: only one side has played to the next trick: both revokes are corrected
            self.ruling.cite("62C3")
            if self.established:
                self.corrected = self.under_62c3 = True
                self.ruling.add("no_rectification", "64B8")
                self.ruling.flag("both_sides_revoked_same_trick", "62C3", seat=str(self.offender))
                return
        # 62D2 looks at trick twelve as it stood when the director came (the correction that
        # follows takes the revoke card out of it)
        before_partner = self.trick == 12 and partner_still_to_play(self, table)
        super().director(table, event)
        if before_partner:
            flag_partner_16c(self)

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        super().trick_completed(table, trick)
        self._settle_twelfth(table)

    def play_ended(self, table: Table) -> None:
        if table.claim is not None and not self.established:
            self.established = True  # a claim or concession establishes it (63A)
            self.ruling.cite("63A")
        if self.corrected:
            self._settle_twelfth(table)
            return
        if self.trick == 12:
            self.corrected = True
            law62.twelfth_trick(self, table)
            self._settle_twelfth(table)
            return
        # as in 1987: once settled at the end of play, 64B4/64B5 (unchanged in 2017) can still
        # take the transfer back when attention is first drawn after the next deal or round
        self.settled = True
        law64.transfer_2017(self, table)

    def _settle_twelfth(self, table: Table) -> None:
        """A twelfth-trick revoke once corrected under 62D1: 16C for the partner (62D2); if it
        was established, no transfer (64B6) and the equity flag (64C1)."""
        if self.trick != 12 or not self.corrected or self.twelfth_settled \
                or (len(table.tricks) < 13 and table.claim is None):
            return
        self.twelfth_settled = True
        partner_16c(self, table)
        if self.established:
            self.ruling.add("no_rectification", "64B6")
            self.ruling.flag("equity_check", "64C1", adjustment="assigned")


def partner_still_to_play(rule: Revoke, table: Table) -> bool:
    """62D2's condition: a defender revoked on trick twelve before his partner played to it."""
    offender, partner = rule.offender, rule.offender.partner
    if not table.is_defender(offender):
        return False
    if len(table.tricks) >= 12:
        seats = table.tricks[11].seats()
    elif len(table.tricks) == 11 and table.current is not None:
        seats = table.current.seats()
    else:
        return False
    return offender in seats and (partner not in seats
                                  or seats.index(partner) > seats.index(offender))


def partner_16c(rule: Revoke, table: Table) -> None:
    """2017 62D2: a defender revoked on trick twelve before his partner played to it: the revoke
    card is information the partner may not use (Law 16C), flagged for the director once."""
    if partner_still_to_play(rule, table):
        flag_partner_16c(rule)


def flag_partner_16c(rule: Revoke) -> None:
    """The 62D2 flag (Law 16C for the offender's partner), once."""
    if not _flagged(rule.ruling, "62D2"):
        rule.ruling.flag("revoke_card_unauthorised", "62D2", seat=str(rule.offender.partner))
        rule.ruling.cite("16C")


def _flagged(ruling: Ruling, law: str) -> bool:
    return any(f["law"] == law for f in ruling.flags)
