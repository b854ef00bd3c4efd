"""Law 67 (1987): the defective trick.

67A (seed 003): a trick to which a player did not play, or to which he contributed too many cards,
must be rectified if attention is drawn before a player of each side has played to the next
trick. The player who omitted to play adds a card he can legally play to that trick; a card played
in excess is withdrawn. 67B: if it is noticed later ([M]: the 1987 text of 67B was not seen), the
mechanical part is ruled (the missing card placed among his played cards, the extra card back to
his hand, neither changing who won the trick) and the rest is flagged (see
:meth:`DefectiveTrick._found_late`). Law 65 is cited only then, when the played cards are
inspected; a defective trick put right at once does not rest on it.

Readings taken ([M]):

* "in time" is measured from the defective trick: attention drawn while that trick is still in
  progress, or before both sides have played to the trick that follows it;
* a card played in excess by a *defender* is not simply restored: Law 45E (a defender who has
  already played to the trick contributes another card; seed 003 refers to it from 45C1) makes it a
  penalty card, major because it was deliberately played (:data:`EXCESS_CARD_PENALTY`); declarer's
  or dummy's excess card goes back without penalty (48A, 45E2).

Mechanics: the defective trick is reopened and the player who omitted to play is to play. If one
side had already played to the next trick, those cards are kept aside and that trick resumes once
the defective trick is complete — unless the added card changes the trick's winner: the next trick
was then led from the wrong hand, its cards go back to their owners and the director is flagged.
The duty to add a card is shown as ``must_play`` with ``rule: add_card`` (a card he can legally
play: of the suit led if he has one; another suit while he holds it is a revoke, Laws 61-62); the
excess card as ``card_withdrawn`` (and, for a defender's, a ``penalty_card``).

2017 (:class:`DefectiveTrick2017`; laws2017_spec §7.6, §15.12). 67A is the same. 67B1 changes:
a missing card noticed after both sides have played on is placed among the offender's played
cards (the trick's owner unchanged) and he is *always* deemed to have revoked on that trick,
losing one trick (64A2): (a) with a card of the suit led he must place one of them, (b) without
one any card. 1987 (as read here) transferred nothing under (a) and left (b) to the director.
The transfer is the rule's own (``trick_transfer`` of one trick, 64A2, 67B1), with the 64C1
equity flag as after any established revoke. Reading taken (EBU forum, spec §7.6): when the
offender is dummy, the deemed revoke is dummy's: no transfer (64B3), equity only (64C1)
(:data:`DUMMY_67B_IS_64B3`). 67B2 (too many cards) is the 1987 ruling, cited 67B2. The late
finding cites 66C beside 65 under 2017: the quitted tricks are inspected on the director's
instruction to find the defective one (the 1987 rule says so in its docstring and cites 65).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law50, law65
from generator.laws.ruler import Rule, rule
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.laws.ruling import Ruling
    from generator.table.state import PlayedTrick, Table

EXCESS_CARD_PENALTY = True
#: 2017 67B1 with dummy as the offender: 64B3 (no transfer) and 64C1 rather than one trick
DUMMY_67B_IS_64B3 = True
EDITIONS = ("1987", "2017")


@rule(Kind.DEFECTIVE_TRICK, editions={"1987"})
class DefectiveTrick(Rule):
    done = False
    reopened: PlayedTrick | None = None
    aside: PlayedTrick | None = None

    def _in_time(self, table: Table) -> bool:
        """67A: the defective trick is still in progress, or not both sides have played to the
        trick after it."""
        number = int(self.fact.detail("trick", len(table.tricks) + 1))
        if len(table.tricks) < number:
            return True
        if len(table.tricks) > number:
            return False
        current = table.current.plays if table.current is not None else []
        return len({s.side for s, _ in current}) < 2

    def director(self, table: Table, event: int) -> None:
        if self.done:
            return
        self.done = True
        if not self._in_time(table):
            self._found_late(table)
            return
        if self.fact.detail("extra"):
            self._excess_card(table)
            return
        missing = [Seat.parse(s) for s in str(self.fact.detail("missing", "")).split(",") if s]
        for seat in missing:
            # he adds a card; one of another suit while he holds the suit led is a revoke (61A),
            # which the reopened trick detects like any other
            self.ruling.add("must_play", "67A", seat=str(seat), rule="add_card")
        number = int(self.fact.detail("trick", 0))
        if not missing or len(table.tricks) != number or not table.tricks[-1].defective:
            return
        trick = table.tricks[-1]
        if table.current is not None and table.current.plays:
            self.aside = table.current
        table.current = None
        table.reopen(trick)
        self.reopened = trick
        table.next = missing[0]

    def _found_late(self, table: Table) -> None:
        """67B, noticed after both sides have played on ([M]: the 1987 text of 67B is not in the
        seeds; the reading follows the later published wording of the same clause, kept from
        1987). What is mechanical is ruled; the rest is flagged for the director.

        * Too few cards (he did not play): he faces a card now and it is put among his played
          cards to that trick, without changing who won it (``must_play``, ``rule: place_card``).
          A card of the suit led to that trick if he has one, without penalty; with none, he is
          deemed to have revoked on it (Law 64), which the director settles (flag).
        * Too many cards: the extra card goes back to his hand, the trick's owner unchanged; it
          counts as held all along, so a later failure to follow suit with it may be a revoke,
          for the director to establish (flag).

        The played cards are inspected for this (Law 65, 66C), so 65 is cited here."""
        law65.arrangement(self.ruling)
        if self.fact.detail("extra"):
            card = Card.parse(str(self.fact.detail("card")))
            table.unexpose(self.offender, card)
            self.ruling.add("card_withdrawn", "67B", seat=str(self.offender), card=str(card))
            self.ruling.flag("defective_trick_late_extra", "67B", seat=str(self.offender),
                             card=str(card))
            return
        missing = [Seat.parse(s) for s in str(self.fact.detail("missing", "")).split(",") if s]
        number = int(self.fact.detail("trick", 0))
        trick = table.tricks[number - 1] if 0 < number <= len(table.tricks) else None
        led = trick.led_suit if trick is not None else None
        for seat in missing:
            self.ruling.add("must_play", "67B", seat=str(seat), rule="place_card",
                            trick=number or None)
            hand = table.remaining(seat)
            if hand is not None and led is not None and not any(c.suit is led for c in hand):
                self.ruling.cite("64")
                self.ruling.flag("defective_trick_late_revoke", "67B", seat=str(seat),
                                 trick=number or None)
            else:
                self.ruling.flag("defective_trick_late_missing", "67B", seat=str(seat),
                                 trick=number or None)

    def _excess_card(self, table: Table) -> None:
        card = Card.parse(str(self.fact.detail("card")))
        defender = table.is_defender(self.offender)
        table.unexpose(self.offender, card)
        self.ruling.add("card_withdrawn", "67A", seat=str(self.offender), card=str(card))
        if EXCESS_CARD_PENALTY and defender and card in (table.remaining(self.offender) or set()):
            self.ruling.cite("67A", "45E1")
            law50.add_penalty_cards(self.ruling, table, self.offender, [card], deliberate=True,
                                    law="45E1")
            return
        self.ruling.add("no_rectification", "67A")
        self.ruling.cite("45E2" if not defender else "45E1")

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        """The reopened trick is complete: the next trick resumes where it was."""
        if trick is not self.reopened:
            return
        self.reopened = None
        aside, self.aside = self.aside, None
        if aside is not None:
            resume_aside(table, self.ruling, aside, trick)


@rule(Kind.DEFECTIVE_TRICK, editions={"2017"})
class DefectiveTrick2017(DefectiveTrick):
    """2017: 67B1 deems every late-found missing card a revoke costing one trick."""

    def _found_late(self, table: Table) -> None:
        # the director has the quitted tricks inspected to find the defective one (65, 66C)
        law65.arrangement(self.ruling)
        self.ruling.cite("66C")
        if self.fact.detail("extra"):
            card = Card.parse(str(self.fact.detail("card")))
            table.unexpose(self.offender, card)
            self.ruling.add("card_withdrawn", "67B2", seat=str(self.offender), card=str(card))
            self.ruling.flag("defective_trick_late_extra", "67B2", seat=str(self.offender),
                             card=str(card))
            return
        missing = [Seat.parse(s) for s in str(self.fact.detail("missing", "")).split(",") if s]
        number = int(self.fact.detail("trick", 0))
        trick = table.tricks[number - 1] if 0 < number <= len(table.tricks) else None
        led = trick.led_suit if trick is not None else None
        for seat in missing:
            hand = table.remaining(seat)
            follows = hand is not None and led is not None and any(c.suit is led for c in hand)
            extra = {"suit": str(led)} if follows and led is not None else {}
            self.ruling.add("must_play", "67B1", seat=str(seat), rule="place_card",
                            trick=number or None, **extra)
            self.ruling.flag("equity_check", "64C1", adjustment="assigned")
            if DUMMY_67B_IS_64B3 and seat is table.dummy:
                self.ruling.add("no_rectification", "64B3")
                continue
            self.ruling.cite("67B1", "64A2")
            self.ruling.add("trick_transfer", "67B1", to=str(seat.side.opponents), tricks=1)


def resume_aside(table: Table, ruling: Ruling, aside: PlayedTrick, trick: PlayedTrick) -> None:
    """A trick reopened after the next lead (67A here, a revoke's correction in 62A) is complete
    again. The next trick, kept aside meanwhile, resumes if its leader won the reopened trick;
    otherwise it was led from the wrong hand: its cards go back to their owners and the winner
    leads, flagged for the director (67A)."""
    if trick.winner is aside.leader:
        table.current = aside
        table.next = aside.next_seat
        return
    for seat, card in aside.plays:
        table.return_to_hand(seat, card, face_up=False)
    ruling.flag("next_trick_led_from_wrong_hand", "67A")
