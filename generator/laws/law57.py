"""Law 57 (1987 and 2017): premature lead or play by a defender.

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

2017 ([H] pzbs.pl 2017 English text of Law 57, spec §7.4; :class:`PrematurePlay2017`):

* 57A: the card is a *major* penalty card (as the engine already had it) and declarer has a
  fourth option: require the partner to play a card of another suit he names (option
  ``suit_<S>``, clause 57A3); barring a named other suit becomes 57A4 (``no_<S>``). A partner who
  must still follow suit, or holds no card of the suit named, cannot comply (57B, Law 59).
* 57C1: no rectification if declarer has already played from both hands to the trick (a dummy
  card counts once declarer has named it, as the table records it). In practice that is a
  defender leading to the next trick before his partner, fourth hand, has played. Reading taken
  ([M]: the text says only that he is not subject to rectification): it is no penalty card and
  his partner plays freely; the card is his lead to the next trick, which the engine records when
  the case leads it again: in turn if he wins this trick, otherwise a lead out of turn (53-56, the
  ruling says so in a note). :data:`C1_CARD_RETURNS` off: it stays a major penalty card, without
  declarer's options.
* 57C2 (dummy on his own selecting a card early) has no event in the case format; 57C3 (declarer's
  premature play from either hand stands if legal) is the 2017 rule of ``law44``.
* 57D: a defender who plays (not leads) at his right-hand opponent's turn, his partner having
  played: if the card is legal to the trick he must play it at his proper turn (no penalty card;
  Law 16 may apply), otherwise it is a major penalty card. 1987 makes any such card a major
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
from generator.table.events import CardLed
from generator.table.irregularities import Irregularity, Kind, make

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


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
        suit led and holding nothing else (Law 59); for a required other suit (2017 57A3), a card
        of the suit led to follow with, or none of the suit named."""
        if self.how == "require":
            hand = table.remaining(seat) or set()
            return bool(self._following(table, seat)) or self.suit is None \
                or not law59.can_comply(hand, self.suit, require=True)
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
        if self.how == "require" and self.suit is not None and card.suit is not self.suit:
            return make(Kind.REVOKE, seat, index, card=str(card), reason="penalty_play",
                        required=str(self.suit))
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


#: 2017, 57C1: the card of a defender who played before his partner after declarer had played
#: from both hands goes back to his hand, no penalty card (True, the reading taken), or stays a
#: major penalty card without declarer's 57A options (False).
C1_CARD_RETURNS = True


@dataclass
class PlayAtTurn:
    """A card shown early that counts as the owner's play to this trick, made at his proper turn
    (2017 57D: a defender's legal card played at his RHO's turn; 57C3: declarer's premature card
    from either hand). Another card played there instead, while this one is still legal, breaks a
    duty a law imposes: a revoke (61A)."""

    seat: Seat
    card: Card
    trick: int
    law: str
    done: bool = False

    def _applies(self, table: Table, seat: Seat, lead: bool) -> bool:
        return seat is self.seat and not lead and len(table.tricks) + 1 == self.trick

    def check(self, table: Table, seat: Seat, card: Card, lead: bool,
              index: int) -> Irregularity | None:
        if not self._applies(table, seat, lead) or card == self.card:
            return None
        if self.card in table.legal_cards(seat):
            return make(Kind.REVOKE, seat, index, card=str(card), reason="penalty_play",
                        required=str(self.card))
        return None

    def played(self, table: Table, seat: Seat, card: Card, lead: bool) -> None:
        if self._applies(table, seat, lead):
            self.done = True

    def expired(self, table: Table) -> bool:
        return self.done or len(table.tricks) + 1 > self.trick

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "play_at_turn", "seat": str(self.seat), "card": str(self.card),
                "law": self.law}


def legal_now(table: Table, seat: Seat, card: Card) -> bool:
    """Whether ``card`` could legally be played by ``seat`` to the current trick (it follows suit,
    or ``seat`` has no card of the suit led)."""
    trick = table.current
    hand = table.remaining(seat)
    if trick is None or not trick.plays or hand is None:
        return True
    led = trick.led_suit
    return card.suit is led or not any(c.suit is led for c in hand)


def play_at_turn(rule: Rule, table: Table, card: Card, law: str) -> None:
    """The card counts as played by the offender at his proper turn to this trick (57C3, 57D)."""
    rule.ruling.add("must_play", law, seat=str(rule.offender), card=str(card), rule="at_turn")
    table.constraints.append(PlayAtTurn(rule.offender, card, len(table.tricks) + 1, law))


@rule(Kind.PREMATURE_PLAY, editions={"2017"})
class PrematurePlay2017(PrematurePlay):
    """2017: 57A with four options, 57C1 (declarer has played from both hands), 57D (a play at
    RHO's turn)."""

    #: the card was *led* at his RHO's turn (made together with partner's lead, 58A): no 57D
    lead_attempt = False

    def primary_laws(self) -> tuple[str, ...]:
        """57 throughout (57A, 57C, 57D); a card led after partner's lead is Laws 49-50's."""
        if self.fact.detail("partner_played") and self.lead_attempt:
            return ("49", "50")
        return ("57",)

    def detected(self, table: Table) -> None:
        card = Card.parse(str(self.fact.detail("card")))
        event = table.events[self.fact.event] if self.fact.event is not None else None
        self.lead_attempt = isinstance(event, CardLed)
        if self.fact.detail("partner_played"):
            Rule.detected(self, table)
            self.at_rhos_turn(table, card)
            return
        trick = table.current
        if (trick is not None and table.declarer is not None and table.dummy is not None
                and table.declarer in trick.seats() and table.dummy in trick.seats()):
            Rule.detected(self, table)
            self.ruling.cite("57C1")
            if C1_CARD_RETURNS:
                table.unexpose(self.offender, card)
                self.ruling.add("card_restored", "57C1", seat=str(self.offender),
                                card=str(card))
            else:
                law50.add_penalty_cards(self.ruling, table, self.offender, [card],
                                        deliberate=True, law="57C1")
            self.ruling.add("no_rectification", "57C1")
            if self.fact.detail("lead"):
                # the card stays his lead to the next trick: a lead out of turn (53-56) if
                # another player wins this one
                self.ruling.note("early_lead_out_of_turn_to_come", "53A")
            return
        super().detected(table)
        choice = self.ruling.open_choice
        if choice is None or table.current is None:
            return
        led = table.current.led_suit
        partner = str(self.offender.partner)
        # 57A3 (new): require a card of another suit; barring one becomes 57A4
        required = [Option(f"suit_{suit}", [Rectification(
            "must_play", "57A3", {"seat": partner, "rule": "suit", "suit": str(suit)})],
            ["57A3"]) for suit in sorted(Suit, reverse=True) if suit is not led]
        options = []
        for option in choice.options:
            if option.id.startswith("no_"):
                option.laws = ["57A4"]
                for rect in option.rectifications:
                    rect.law = "57A4"
            options.append(option)
        at = next(i for i, o in enumerate(options) if o.id.startswith("no_"))
        choice.options = options[:at] + required + options[at:]

    def at_rhos_turn(self, table: Table, card: Card) -> None:
        """57D: legal to the trick, the card is played at his proper turn; else it is a major
        penalty card. Law 16 may apply to what his partner saw. 57D concerns a play, not a lead:
        a card *led* at that moment (made together with partner's lead, 58A) is a card exposed
        other than in normal play, a major penalty card (49-50), as in 1987."""
        if self.lead_attempt:
            self.ruling.cite("49", "50")
            law50.add_penalty_cards(self.ruling, table, self.offender, [card], deliberate=True,
                                    law="50")
            return
        self.ruling.cite("57D")
        if legal_now(table, self.offender, card):
            play_at_turn(self, table, card, "57D")
            self.ruling.note("information_from_card", "16", seat=str(self.offender.partner))
        else:
            law50.add_penalty_cards(self.ruling, table, self.offender, [card], deliberate=True,
                                    law="57D")

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        how, _, letter = option.partition("_")
        if how != "suit" or self.lead_choice is not None:
            super().chose(table, seat, option, event)
            if self.partner_play is not None and self.partner_play.how == "prohibit":
                self.partner_play.law = "57A4"  # 2017 letters the barred suit 57A4
            return
        if self.ruling.settle(option) is None:
            Rule.chose(self, table, seat, option, event)
            return
        self.partner_play = PartnerPlay(self.offender.partner, "require", Suit.parse(letter),
                                        len(table.tricks) + 1, "57A3")
        table.constraints.append(self.partner_play)
