"""Law 62 (1987): correction of a revoke.

* 62A: a revoke must be corrected if attention is drawn before it is established: the offender
  withdraws the card and plays a legal one.
* 62B1: a defender's withdrawn card, played from his unfaced hand, becomes a (major) penalty card;
  62B2: a card of declarer's or dummy's hand, or a defender's faced card, is replaced without
  penalty.
* 62C1: each member of the non-offending side may then withdraw any card he played after the
  revoke, without penalty; 62C2: after such a withdrawal, the next offender in turn may withdraw his
  card, which becomes a penalty card if he is a defender.
* 62D1: a revoke on the twelfth trick must be corrected even when established, if noticed before
  the hands are returned to the board; 62D2: if a defender revoked there before his partner played
  and that partner holds cards of two suits, declarer may require him to play either card he could
  legally have played.

The corrected card's duty (``must_play``) is to follow suit, or for a failure to comply with a
penalty (a required or prohibited lead, a 57A option) what that penalty asks.

Options: each player who played after the revoke chooses ``keep`` or ``withdraw`` (declarer for a
card of dummy's). Declarer's 62D2 choice of the partner's card to trick twelve is an option too:
``play_<card>`` for each of the partner's two cards, or ``none``.

Twelfth trick (reading taken, [M] for the mechanics): when all thirteen tricks have been played,
the engine corrects the revoke on the cards — the offender's card of the suit led, which he
played to trick 13, replaces his revoke card in trick 12 and the revoke card becomes his trick-13
card; both tricks are won again and the board is scored on the corrected tricks (62D1: the revoke
"must be corrected", so the tricks as played cannot stand). The other players keep their cards;
the non-offenders' right to change theirs (62C1) is left to the director. Declarer's 62D2 choice
is offered whenever a defender revoked on trick 12 before his partner played and the partner's
two cards, of two suits, could both legally go there (none of the suit led): at once when the
revoke is corrected before the partner plays (the named card becomes his duty), or after the
last trick (a ``chooses`` event then; naming the card he played to trick 13 moves his two cards
and both tricks are won again). An earlier version scored the tricks as played; the seed's
62D1 text contradicts that. When the play ends otherwise (a claim), the correction is only flagged.

2017: 62A-D1 are the same and these helpers serve both codes. 62D2 gives declarer no choice
under 2017: the 2017 rule (``law61.Revoke2017``) marks the choice as never to be offered
(``d2_offered``), so neither :func:`offer_partner_card` nor :func:`twelfth_trick` offers it, and
flags Law 16C for the partner instead. 62C3 (both sides revoked on one trick) is in ``law61``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.laws import law10, law47, law50, law67
from generator.laws.ruling import Option, Rectification
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.irregularities import Irregularity, Kind, make

#: this module serves both codes (its 2017 differences are in the module docstring)
EDITIONS = ("1987", "2017")

if TYPE_CHECKING:
    from generator.laws.law61 import Revoke
    from generator.table.state import PlayedTrick, Table


def correct(rule: Revoke, table: Table) -> None:
    """62A-C: withdraw the revoke card, set the penalty, offer the later players their choice."""
    offender = rule.offender
    defender = table.is_defender(offender)
    _set_next_trick_aside(rule, table)
    taken = table.take_back(offender, face_up=defender)
    rule.ruling.cite("62A")
    law47.retracted_for_rectification(rule.ruling)
    if taken is None:
        return
    _, card = taken
    from generator.laws import law16  # law16 registers a rule of its own: imported late

    law16.withdrawn_play(rule.ruling, offender)
    if defender:
        law50.add_penalty_cards(rule.ruling, table, offender, [card], deliberate=True,
                                law="62B1")
    else:  # declarer's card went back face down (take_back): nothing to pick up
        rule.ruling.add("no_rectification", "62B2")
    rule.ruling.add("must_play", "62A", seat=str(offender), **_duty(rule))
    _renew_duty(rule, table)
    offer_next_withdrawal(rule, table)
    offer_partner_card(rule, table)


def _set_next_trick_aside(rule: Revoke, table: Table) -> None:
    """A revoke made on a quitted trick while the next one is already begun: the card added to
    a defective trick (67A) after its winner led on. Only the non-offending side can have played
    to that next trick (otherwise the revoke would be established, 63A), so the corrected trick
    is reopened and the next one kept aside until it is complete (:func:`resume_next_trick`)."""
    found = table.last_trick_of(rule.offender)
    current = table.current
    if found is None or not found[1] or current is None or not current.plays:
        return
    rule.aside = current
    table.current = None


def resume_next_trick(rule: Revoke, table: Table, trick: PlayedTrick) -> None:
    """The corrected trick is complete again: the trick kept aside resumes if its leader won the
    corrected trick; otherwise it was led from the wrong hand, its cards go back to their owners
    and the winner leads (flagged for the director, as for 67A)."""
    aside, rule.aside = rule.aside, None
    if aside is not None and trick.winner is not None:
        law67.resume_aside(table, rule.ruling, aside, trick)


def _renew_duty(rule: Revoke, table: Table) -> None:
    """The penalty the revoke broke still binds the corrected card: set it again (a required
    lead was spent by the wrong lead; a 57A option by the wrong play)."""
    from generator.laws.law57 import PartnerPlay

    fact = rule.fact
    required, prohibited = fact.detail("required"), fact.detail("prohibited")
    offender = rule.offender
    if fact.detail("reason") == "lead_penalty" and required:
        table.constraints.append(law50.LeadDuty(offender, Suit.parse(str(required)), True, "62A"))
    elif fact.detail("reason") == "penalty_play":
        if required:
            card = Card.parse(str(required))
            same = [c for c in table.remaining(offender) or () if c.suit is card.suit]
            how = "highest" if all(c.rank <= card.rank for c in same) else "lowest"
            table.constraints.append(PartnerPlay(offender, how, None, rule.trick, "62A"))
        elif prohibited:
            table.constraints.append(PartnerPlay(offender, "prohibit",
                                                 Suit.parse(str(prohibited)), rule.trick, "62A"))


def _duty(rule: Revoke) -> dict[str, str]:
    """What the corrected card must be: a card of the suit led, or, for a failure to comply
    with a penalty (61A: a lead penalty of Laws 26/50/55, a 57A option), what the penalty asks."""
    fact = rule.fact
    if fact.detail("reason") in ("lead_penalty", "penalty_play"):
        required, prohibited = fact.detail("required"), fact.detail("prohibited")
        if required and len(str(required)) > 1:
            return {"card": str(required)}
        if required:
            return {"rule": "same_suit", "suit": str(required)}
        if prohibited:
            return {"rule": "not_suit", "suit": str(prohibited)}
    return {"rule": "follow_suit"}


def offer_next_withdrawal(rule: Revoke, table: Table) -> None:
    """Offer ``keep``/``withdraw`` to the next non-offender (62C1) who played after the revoke,
    or to the offender's partner once a non-offender has withdrawn (62C2)."""
    trick = table.current
    if trick is None:
        return
    asked = rule.withdrawal_owners
    withdrew = any(c.chosen == "withdraw" for c in rule.ruling.choices)
    for seat, card in trick.kept:
        if seat in asked:
            continue
        # a card of dummy's is declarer's to take back or keep: dummy takes no part (43, 45B)
        chooser = table.declarer if seat is table.dummy and table.declarer else seat
        if seat.side is not rule.offender.side:
            asked.append(seat)
            # worded with the card and whose it is ("take back dummy's ♥J")
            _offer_keep_or_withdraw(rule, table, chooser, seat, card, "62C1", "own")
            return
        if withdrew:
            asked.append(seat)
            # a defender's card taken back becomes a penalty card (62C2): the option says so
            _offer_keep_or_withdraw(rule, table, chooser, seat, card, "62C2", "penalty")
            _partner_card_choice_last(rule)
            return


def _offer_keep_or_withdraw(rule: Revoke, table: Table, chooser: Seat, seat: Seat, card: Card,
                            law: str, whose: str) -> None:
    """Offer ``chooser`` to keep or take back ``seat``'s card played after the revoke (62C1 for
    a non-offender, 62C2 for the offender's partner), worded with the card and whose it is: a
    card of dummy's is named as dummy's, otherwise ``whose`` (his own, or a penalty card)."""
    rule.ruling.cite(law)
    choice = law10.offer(rule.ruling, chooser, Option("keep", [], [law]),
                         Option("withdraw", [], [law]))
    choice.about = {"card": str(card), "whose": "dummy" if seat is table.dummy else whose}


def _partner_card_choice_last(rule: Revoke) -> None:
    """Declarer's 62D2 choice, stated at the director's arrival, is made after the 62C choices
    it depends on: a 62C2 choice offered later is put before it (choices are made in order)."""
    choices = rule.ruling.choices
    d2 = [c for c in choices if c.chosen is None and any(o.id.startswith("play_")
                                                         for o in c.options)]
    for choice in d2:
        choices.remove(choice)
        choices.append(choice)


def withdraw_choice(rule: Revoke, table: Table, seat: Seat, option: str) -> bool:
    """Apply a 62C choice; False if no such choice is open for ``seat``."""
    choice = rule.ruling.open_choice
    if choice is None or choice.seat is not seat or option not in ("keep", "withdraw"):
        return False
    rule.ruling.settle(option)
    owner = rule.withdrawal_owners[-1] if rule.withdrawal_owners else seat
    if option == "withdraw":
        defender = table.is_defender(owner) and owner.side is rule.offender.side
        card = table.withdraw_kept(owner, face_up=defender)
        if card is not None and defender:
            law50.add_penalty_cards(rule.ruling, table, owner, [card], deliberate=True,
                                    law="62C2")
    offer_next_withdrawal(rule, table)
    offer_partner_card(rule, table)
    return True


@dataclass
class CardDuty:
    """62D2: the card declarer requires the offender's partner to play to the twelfth trick."""

    seat: Seat
    card: Card
    done: bool = False

    def _applies(self, table: Table, seat: Seat, lead: bool) -> bool:
        return seat is self.seat and not lead and len(table.tricks) == 11

    def check(self, table: Table, seat: Seat, card: Card, lead: bool,
              index: int) -> Irregularity | None:
        if self._applies(table, seat, lead) and card != self.card:
            return make(Kind.REVOKE, seat, index, card=str(card), reason="penalty_play",
                        required=str(self.card))
        return None

    def played(self, table: Table, seat: Seat, card: Card, lead: bool) -> None:
        if self._applies(table, seat, lead):
            self.done = True

    def expired(self, table: Table) -> bool:
        return self.done or len(table.tricks) > 11

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "partner_card", "seat": str(self.seat), "card": str(self.card),
                "law": "62D2"}


def _two_suit_choice(table: Table, twelve: PlayedTrick, cards: list[Card]) -> bool:
    """62D2 gives declarer a choice when the partner's two last cards are of two suits and both
    could legally go to trick twelve: he holds none of the suit led there."""
    led = twelve.led_suit
    return (len(cards) == 2 and cards[0].suit is not cards[1].suit
            and all(c.suit is not led for c in cards))


def offer_partner_card(rule: Revoke, table: Table) -> None:
    """62D2 when the revoke on trick twelve is corrected at once: the offender (a defender)
    revoked before his partner played, and the partner (still to play, or with his card to the
    trick kept aside under 62C) holds two cards of two suits that he could legally play:
    declarer may name the one he plays (``play_<card>``), or leave him free (``none``). Offered
    to declarer at once, beside any 62C choice (the ruling says now what each option brings);
    it is made after them (:func:`_partner_card_choice_last`)."""
    if rule.d2_offered or rule.trick != 12:
        return
    trick, partner = table.current, rule.offender.partner
    if (trick is None or table.declarer is None or not table.is_defender(rule.offender)
            or len(table.tricks) != 11 or partner in trick.seats()):
        return
    # a card the partner played after the revoke, kept aside (62C), is one of his two: declarer
    # may let it stand or have him play the other one instead
    kept = [c for s, c in trick.kept if s is partner]
    hand = sorted([*(table.remaining(partner) or ()), *kept],
                  key=lambda c: (c.suit.order, c.rank.order))
    if not _two_suit_choice(table, trick, hand):
        return
    rule.d2_offered = True
    _offer(rule, table, partner, hand)


def _offer(rule: Revoke, table: Table, partner: Seat, cards: list[Card]) -> None:
    assert table.declarer is not None
    rule.ruling.cite("62D2")
    law10.offer(rule.ruling, table.declarer,
                *[Option(f"play_{c}", [Rectification("must_play", "62D2",
                                                     {"seat": str(partner), "card": str(c)})],
                         ["62D2"]) for c in cards],
                Option("none", [], ["62D2"]))


def partner_card_choice(rule: Revoke, table: Table, seat: Seat, option: str) -> bool:
    """Apply declarer's 62D2 choice; False if it is not open for ``seat``. Before the partner
    plays, the card becomes his duty; after the last trick, the partner's two cards change
    places if declarer named the one he played to trick thirteen, and both tricks are won
    again."""
    choice = rule.ruling.open_choice
    if (choice is None or choice.seat is not seat or not rule.d2_offered
            or choice.option(option) is None or not (option == "none"
                                                     or option.startswith("play_"))):
        return False
    rule.ruling.settle(option)
    if option == "none":
        return True
    card = Card.parse(option.removeprefix("play_"))
    partner = rule.offender.partner
    if len(table.tricks) == 11:
        trick = table.current
        kept = [c for s, c in trick.kept if s is partner] if trick is not None else []
        if kept and kept[0] == card:
            return True  # the card he played stands and rejoins the trick at his turn
        if kept:
            table.withdraw_kept(partner, face_up=False)  # declarer's demand, not a penalty
        table.constraints.append(CardDuty(partner, card))
    elif len(table.tricks) == 13 and card not in [c for s, c in table.tricks[11].plays
                                                  if s is partner]:
        _exchange(table, partner)
    return True


def twelfth_trick(rule: Revoke, table: Table) -> None:
    """62D: a revoke on trick 12 is corrected, not penalised by a transfer.

    With all thirteen tricks played, the correction is made on the cards: the offender's card
    of the suit led (the one he played to trick 13) goes to trick 12 and his revoke card to trick
    13; the other players keep their cards (the non-offenders' 62C1 right to change theirs and
    declarer's 62D2 choice are left to the director, flagged), and both tricks are won again."""
    rule.ruling.add("no_rectification", "62D1")
    if len(table.tricks) < 13:
        rule.ruling.flag("twelfth_trick_correction", "62D1")
        return
    twelve, thirteen = table.tricks[11], table.tricks[12]
    partner = rule.offender.partner
    seats12 = twelve.seats()
    card = _swap_last_two(rule, table)
    if card is None:
        rule.ruling.flag("twelfth_trick_correction", "62D1")
    else:
        rule.ruling.add("must_play", "62D1", seat=str(rule.offender), card=str(card))
    if not rule.d2_offered and table.is_defender(rule.offender) \
            and seats12.index(partner) > seats12.index(rule.offender):
        mine = [c for s, c in twelve.plays if s is partner] + \
               [c for s, c in thirteen.plays if s is partner]
        if _two_suit_choice(table, twelve, mine) and rule.ruling.open_choice is None:
            # 62D2 as an option of declarer's, named by a ``chooses`` event after the last
            # trick: the card the partner played to trick twelve, or the other one
            rule.d2_offered = True
            _offer(rule, table, partner, mine)


def _exchange(table: Table, seat: Seat) -> None:
    """The cards ``seat`` played to tricks twelve and thirteen change places; both tricks are
    won again (trick thirteen led by the new winner of trick twelve)."""
    from generator.model.play import trick_winner

    assert table.contract is not None
    twelve, thirteen = table.tricks[11], table.tricks[12]
    at12 = next(i for i, (s, _) in enumerate(twelve.plays) if s is seat)
    cards = {s: c for s, c in thirteen.plays}
    cards[seat], old12 = twelve.plays[at12][1], cards[seat]
    twelve.plays[at12] = (seat, old12)
    _rescore(table, twelve, thirteen, cards, trick_winner)


def _rescore(table: Table, twelve: PlayedTrick, thirteen: PlayedTrick, cards: dict[Seat, Card],
             trick_winner: Any) -> None:
    """Win tricks twelve and thirteen again, trick thirteen holding ``cards``."""
    assert table.contract is not None
    before = [twelve.winner, thirteen.winner]
    twelve.winner = trick_winner(twelve.plays, table.contract.strain)
    assert twelve.winner is not None
    thirteen.leader = twelve.winner
    thirteen.plays = [(thirteen.leader.offset(k), cards[thirteen.leader.offset(k)])
                      for k in range(4)]
    thirteen.winner = trick_winner(thirteen.plays, table.contract.strain)
    for old, trick in zip(before, (twelve, thirteen), strict=True):
        assert old is not None and trick.winner is not None
        table.won[old.side] -= 1
        table.won[trick.winner.side] += 1


def _swap_last_two(rule: Revoke, table: Table) -> Card | None:
    """Put the offender's card of the suit led into trick 12 and rescore tricks 12 and 13;
    the card moved, or None when the correction is not that simple exchange."""
    from generator.model.play import trick_winner

    assert table.contract is not None
    twelve, thirteen = table.tricks[11], table.tricks[12]
    offender, led = rule.offender, twelve.led_suit
    seats = twelve.seats()
    if rule.fact.detail("reason") or offender not in seats or seats.index(offender) == 0:
        return None
    position = seats.index(offender)
    wrong = twelve.plays[position][1]
    right = next((c for s, c in thirteen.plays if s is offender), None)
    if right is None or right.suit is not led or wrong.suit is led:
        return None
    twelve.plays[position] = (offender, right)
    cards = {s: c for s, c in thirteen.plays}
    cards[offender] = wrong
    _rescore(table, twelve, thirteen, cards, trick_winner)
    return right
