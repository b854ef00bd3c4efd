"""Law 57 (1987): premature lead or play by a defender.

57A: when a defender leads to the next trick before his partner has played to the current one, or
plays out of turn before his partner has played, the card becomes a penalty card (a deliberate
play: major, Law 50) and declarer chooses one of: the offender's partner plays his highest card of
the suit led (57A1), his lowest (57A2), or no card of another suit that declarer names (57A3).
57B: if the partner cannot comply he plays any card (Law 59): the ruling then notes 57B and 59
(the note is made when the partner actually plays, since only then is it known whether he could
comply). If declarer's side plays on before choosing, the options are lost (Law 60A); the card
stays a penalty card.

Options for declarer: ``highest``, ``lowest``, ``no_<suit>`` for each suit but the one led (57A3:
the partner may not play that suit *to the current trick*; ``prohibit_<suit>``, the id of a lead
ban, is still read as its old name), and ``none``. A defender who plays out of turn after his
partner has played is not premature in this sense: his card is simply an exposed card, a major
penalty card (Laws 49-50).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.laws import law10, law50, law59, law60
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.irregularities import Irregularity, Kind, make

if TYPE_CHECKING:
    from generator.table.state import Table


@dataclass
class PartnerPlay:
    """The partner's play to the current trick as declarer chose (57A1-3)."""

    seat: Seat
    how: str
    suit: Suit | None
    trick: int
    law: str
    done: bool = False
    #: the partner could not comply when he played (57B, Law 59)
    unable: bool = False

    def _applies(self, table: Table, seat: Seat, lead: bool) -> bool:
        """Whether this card is the partner's play to the trick declarer's choice governs."""
        return seat is self.seat and not lead and len(table.tricks) + 1 == self.trick

    def _following(self, table: Table, seat: Seat) -> list[Card]:
        """The seat's cards of the suit led, lowest first."""
        hand = table.remaining(seat) or set()
        led = table.current.led_suit if table.current else None
        return sorted((c for c in hand if c.suit is led), key=lambda c: c.rank.order)

    def _cannot_comply(self, table: Table, seat: Seat) -> bool:
        """57B: no card of the suit led for highest/lowest; for a prohibited suit, void in the
        suit led and holding nothing else (Law 59)."""
        if self._following(table, seat):
            return False
        if self.how in ("highest", "lowest"):
            return True
        return (self.how == "prohibit" and self.suit is not None
                and not law59.can_comply(table.remaining(seat) or set(), self.suit,
                                         require=False))

    def check(self, table: Table, seat: Seat, card: Card, lead: bool,
              index: int) -> Irregularity | None:
        if not self._applies(table, seat, lead) or self._cannot_comply(table, seat):
            return None
        same = self._following(table, seat)
        if self.how in ("highest", "lowest"):
            wanted = same[-1] if self.how == "highest" else same[0]
            if card != wanted:
                return make(Kind.REVOKE, seat, index, card=str(card), reason="penalty_play",
                            required=str(wanted))
            return None
        if self.how == "prohibit" and self.suit is not None and not same \
                and card.suit is self.suit:
            return make(Kind.REVOKE, seat, index, card=str(card), reason="penalty_play",
                        prohibited=str(self.suit))
        return None

    def played(self, table: Table, seat: Seat, card: Card, lead: bool) -> None:
        """The partner has played to the trick: the duty is spent, and 57B applies if he could
        not comply (read by :meth:`PrematurePlay.card_played`)."""
        if self._applies(table, seat, lead):
            self.done = True
            if self._cannot_comply(table, seat):
                self.unable = True

    def expired(self, table: Table) -> bool:
        return self.done or len(table.tricks) + 1 > self.trick

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "partner_play", "seat": str(self.seat), "how": self.how,
                "suit": str(self.suit) if self.suit else None, "law": self.law}


@rule(Kind.PREMATURE_PLAY, editions={"1987"})
class PrematurePlay(Rule):
    def primary_laws(self) -> tuple[str, ...]:
        """57A covers only a card played before the offender's partner has played to the trick
        (seed 003, Law 57A). Played after his partner, the card is an exposed card of a
        defender: a (major) penalty card under Laws 49-50, and Law 57 is not cited at all."""
        if self.fact.detail("partner_played"):
            return ("49", "50")
        return super().primary_laws()

    def detected(self, table: Table) -> None:
        super().detected(table)
        card = Card.parse(str(self.fact.detail("card")))
        if self.fact.detail("partner_played"):
            self.ruling.cite("49")
            law50.add_penalty_cards(self.ruling, table, self.offender, [card], deliberate=True,
                                    law="50")
            return
        law50.add_penalty_cards(self.ruling, table, self.offender, [card], deliberate=True,
                                law="57A")
        if table.declarer is None or table.current is None:
            return
        led = table.current.led_suit
        partner = str(self.offender.partner)
        options = [
            Option("highest", [Rectification("must_play", "57A1",
                                             {"seat": partner, "rule": "highest"})], ["57A1"]),
            Option("lowest", [Rectification("must_play", "57A2",
                                            {"seat": partner, "rule": "lowest"})], ["57A2"]),
        ]
        for suit in sorted(Suit, reverse=True):
            if suit is not led:
                # 57A3 bars a suit for the partner's card to *this* trick (seed 003: "запретить
                # партнёру нарушителя играть картой другой масти"), not for a lead: its own id
                # (``no_S``), so that it is never worded as the lead ban ``prohibit_S``
                options.append(Option(f"no_{suit}", [Rectification(
                    "must_play", "57A3", {"seat": partner, "rule": "not_suit",
                                          "suit": str(suit)})], ["57A3"]))
        options.append(Option("none", [], ["57A"]))
        law10.offer(self.ruling, table.declarer, *options)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if option.startswith("prohibit_") and self.lead_choice is None:
            option = "no_" + option.removeprefix("prohibit_")  # the id cases used before
        if self.lead_choice is not None or self.ruling.settle(option) is None:
            super().chose(table, seat, option, event)
            return
        if option == "none":
            return
        how, _, suit = option.partition("_")
        if how == "no":
            how = "prohibit"
        law = {"highest": "57A1", "lowest": "57A2", "prohibit": "57A3"}[how]
        self.partner_play = PartnerPlay(self.offender.partner, how,
                                        Suit.parse(suit) if suit else None,
                                        len(table.tricks) + 1, law)
        table.constraints.append(self.partner_play)

    partner_play: PartnerPlay | None = None

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        super().card_played(table, seat, card, event)
        duty = self.partner_play
        if duty is not None and duty.unable and seat is duty.seat:
            self.ruling.note("cannot_comply", "57B")
            self.ruling.cite("59")
        choice = self.ruling.open_choice
        if choice is None or self.lead_choice is not None or table.declarer is None:
            return
        if seat.side is table.declarer.side:
            self.ruling.settle("none")
            law60.options_forfeited(self.ruling)
        elif seat is self.offender.partner:
            self.ruling.settle("none")
