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

Options: each player who played after the revoke chooses ``keep`` or ``withdraw``.

Twelfth trick (reading taken, [M] for the mechanics): when all thirteen tricks have been played,
the engine corrects the revoke on the cards — the offender's card of the suit led, which he
played to trick 13, replaces his revoke card in trick 12 and the revoke card becomes his trick-13
card; both tricks are won again and the board is scored on the corrected tricks (62D1: the revoke
"must be corrected", so the tricks as played cannot stand). The other players keep their cards;
the non-offenders' right to change theirs (62C1) and declarer's choice of the partner's card
(62D2) are flagged for the director. An earlier version scored the tricks as played; the seed's
62D1 text contradicts that. When the play ends otherwise (a claim), the correction is only flagged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws import law10, law47, law50
from generator.laws.ruling import Option
from generator.model.cards import Card, Suit
from generator.model.seat import Seat

if TYPE_CHECKING:
    from generator.laws.law61 import Revoke
    from generator.table.state import Table


def correct(rule: Revoke, table: Table) -> None:
    """62A-C: withdraw the revoke card, set the penalty, offer the later players their choice."""
    offender = rule.offender
    defender = table.is_defender(offender)
    taken = table.take_back(offender, face_up=defender)
    rule.ruling.cite("62A")
    law47.retracted_for_rectification(rule.ruling)
    if taken is None:
        return
    _, card = taken
    if defender:
        law50.add_penalty_cards(rule.ruling, table, offender, [card], deliberate=True,
                                law="62B1")
    else:  # declarer's card went back face down (take_back): nothing to pick up
        rule.ruling.add("no_rectification", "62B2")
    rule.ruling.add("must_play", "62A", seat=str(offender), **_duty(rule))
    _renew_duty(rule, table)
    offer_next_withdrawal(rule, table)


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
    asked = {c.seat for c in rule.ruling.choices if c.options and c.options[0].id == "keep"}
    withdrew = any(c.chosen == "withdraw" for c in rule.ruling.choices)
    for seat, _ in trick.kept:
        if seat in asked:
            continue
        if seat.side is not rule.offender.side:
            law10.offer(rule.ruling, seat, Option("keep", [], ["62C1"]),
                        Option("withdraw", [], ["62C1"]))
            return
        if withdrew:
            law10.offer(rule.ruling, seat, Option("keep", [], ["62C2"]),
                        Option("withdraw", [], ["62C2"]))
            return


def withdraw_choice(rule: Revoke, table: Table, seat: Seat, option: str) -> bool:
    """Apply a 62C choice; False if no such choice is open for ``seat``."""
    choice = rule.ruling.open_choice
    if choice is None or choice.seat is not seat or option not in ("keep", "withdraw"):
        return False
    rule.ruling.settle(option)
    if option == "withdraw":
        defender = table.is_defender(seat) and seat.side is rule.offender.side
        card = table.withdraw_kept(seat, face_up=defender)
        if card is not None and defender:
            law50.add_penalty_cards(rule.ruling, table, seat, [card], deliberate=True,
                                    law="62C2")
    offer_next_withdrawal(rule, table)
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
    if table.is_defender(rule.offender) and seats12.index(partner) > seats12.index(rule.offender):
        mine = [c for s, c in twelve.plays if s is partner] + \
               [c for s, c in thirteen.plays if s is partner]
        if len(mine) == 2 and mine[0].suit is not mine[1].suit:
            rule.ruling.flag("declarer_chooses_partner_card", "62D2",
                             seat=str(partner), cards=[str(c) for c in mine])
    card = _swap_last_two(rule, table)
    if card is None:
        rule.ruling.flag("twelfth_trick_correction", "62D1")
        return
    rule.ruling.add("must_play", "62D1", seat=str(rule.offender), card=str(card))


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
    before = [twelve.winner, thirteen.winner]
    twelve.plays[position] = (offender, right)
    twelve.winner = trick_winner(twelve.plays, table.contract.strain)
    cards = {s: c for s, c in thirteen.plays}
    cards[offender] = wrong
    thirteen.leader = twelve.winner
    thirteen.plays = [(thirteen.leader.offset(k), cards[thirteen.leader.offset(k)])
                      for k in range(4)]
    thirteen.winner = trick_winner(thirteen.plays, table.contract.strain)
    for old, trick in zip(before, (twelve, thirteen), strict=True):
        assert old is not None and trick.winner is not None
        table.won[old.side] -= 1
        table.won[trick.winner.side] += 1
    return right
