"""Law 50 (1987 and 2017): disposition of a penalty card.

A defender's card exposed other than in normal play becomes a penalty card (Law 49) and stays face
up before its owner until played or until an alternative penalty is chosen (50A).

Classification (50B, as the 1987 commentary describes it): a single card below honour rank
exposed inadvertently is a *minor* penalty card; an honour, a card exposed deliberately (a lead
out of turn, a premature play, a revoke card withdrawn) or two or more cards exposed at once are
*major*. Reading taken ([M]): once a defender has two or more penalty cards, all of them are major
(:data:`TWO_OR_MORE_ARE_MAJOR`); a minor card so promoted is listed again, as major, under 50B in
the ruling that made the second card, and that ruling cites Law 51.

* Minor (50D): the owner may not play another card of that suit below honour rank until he has
  played the penalty card; he may play an honour of that suit instead. No lead restriction.
* Major (50E): the owner must play it at his first legal opportunity (lead, follow, discard or
  ruff). When the owner's partner gains the lead, declarer may require the lead of the suit of the
  penalty card, or prohibit it while that partner keeps the lead — either way the card is picked up
  — or leave it as a penalty card (Law 51 for several penalty cards). Option ids: ``require_H``,
  ``prohibit_H``, ``none``; with penalty cards in several suits also ``prohibit_HC`` (every suit
  named, 51B2b: seed 003 lets declarer forbid each of those suits, the owner then picking up the
  cards of every suit forbidden).

The duties are constraints on the table: a card that breaks them is detected as
``penalty_card_not_played`` (Law 52) or, for a lead against a required or prohibited suit, as a
revoke (Law 61A counts a failure to lead a suit required by a penalty as a revoke).

2017 (spec §7.2, one rule for both codes): the classes, duties and declarer's lead options are the
same; only the letters move. Minor card 50C (1987: 50D), major card 50D (1987: 50E): its duty to be
played at the first legal opportunity 50D1, declarer's choice over the partner's lead 50D2 (the
priority of following suit or of a lead restriction over that duty, 50D1(b), is how
:class:`PenaltyDuty` already reads it). 50E is new: one rule on the information from a penalty
card, whatever its class (what its duties require is authorised for everyone; anything else seen is
unauthorised for the owner's partner, 50E1-2, and the director adjusts if it damaged the
non-offenders, 50E3); the ruling says so in a note (``penalty_card_information``). The 1987
commentary's split (a minor card's information unauthorised, a major card's duty authorised) has no
ruling of its own in the engine, so 1987 rulings are unchanged. The letters of each code are
:data:`CLAUSES`; helpers take the edition from the ruling they write into.

Priority when both defenders hold penalty cards (spec §7.2, WBF commentary example 43, reading
shared by both codes): declarer's lead choice over the leader's partner's cards is offered before
the leader plays, and the leader's own penalty card then counts as playable only if declarer's
choice allows it (:class:`PenaltyDuty` filters by every other duty in force).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.laws import law10, law51
from generator.laws.ruling import Option, Rectification, Ruling
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.irregularities import Irregularity, Kind, make
from generator.table.state import PenaltyCard

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")

TWO_OR_MORE_ARE_MAJOR = True

#: The clause of each part of the penalty-card rule, by edition: the minor card's restriction,
#: the major card (as a class), its duty to be played, declarer's choice over the partner's lead.
CLAUSES: dict[str, dict[str, str]] = {
    "1987": {"minor": "50D", "major": "50E", "play": "50E", "lead": "50E"},
    "2017": {"minor": "50C", "major": "50D", "play": "50D1", "lead": "50D2"},
}


def clause(edition: str, part: str) -> str:
    """The clause of ``part`` (``minor``, ``major``, ``play``, ``lead``) in ``edition``."""
    return CLAUSES[edition][part]


def edition_of(table: Table) -> str:
    """The edition the table is ruled under (1987 for a table ruled without a law ruler)."""
    return str(getattr(table.ruler, "edition", "1987"))


def is_minor(cards: list[Card], deliberate: bool) -> bool:
    """A single card below honour rank, exposed inadvertently."""
    return not deliberate and len(cards) == 1 and not cards[0].rank.is_honour


def add_penalty_cards(ruling: Ruling, table: Table, seat: Seat, cards: list[Card],
                      deliberate: bool, law: str) -> None:
    """Make ``cards`` penalty cards of ``seat`` (a defender) and set the duties that follow."""
    minor = is_minor(cards, deliberate)
    existing = table.penalty_cards(seat)
    promote = TWO_OR_MORE_ARE_MAJOR and len(existing) + len(cards) >= 2
    if promote:
        minor = False
        for p in existing:
            if not p.major:
                ruling.add("penalty_card", "50B", seat=str(seat), card=str(p.card), major=True)
                must_play(ruling, seat, p.card)
            p.major = True
    ruling.cite(clause(ruling.edition, "minor" if minor else "major"))
    if ruling.edition == "2017":
        # 50E: one information rule for every penalty card (the 2017 change, spec §7.2)
        ruling.note("penalty_card_information", "50E", seat=str(seat.partner))
    for card in cards:
        ruling.add("penalty_card", law, seat=str(seat), card=str(card), major=not minor)
        put_in_force(ruling, table, seat, card, not minor, law)
    state_lead_to_come(ruling, table, seat)


def put_in_force(ruling: Ruling, table: Table, seat: Seat, card: Card, major: bool,
                 law: str | None) -> None:
    """Lay ``card`` face up as a penalty card of ``seat`` and set the duty to play it: the
    ruling says at once that a major card must be played at the first legal opportunity (50E),
    since that duty binds from the moment the card lies on the table. Law 24 calls this when
    the auction has made the owner a defender."""
    if card not in table.exposed[seat]:
        table.exposed[seat].append(card)
    table.penalty.append(PenaltyCard(seat, card, major, law))
    if major:
        must_play(ruling, seat, card)
    else:
        minor_first(ruling, seat, card)
    if len(table.penalty_cards(seat)) >= 2:
        ruling.cite("51")  # several penalty cards: Law 51 governs which is played and the leads
    if not any(isinstance(c, PenaltyDuty) and c.seat is seat for c in table.constraints):
        table.constraints.append(PenaltyDuty(seat))


#: ``when`` of the lead choice stated before the owner's partner is on lead: it comes if he
#: gains the lead while the major penalty cards are still on the table
TO_COME = "partner_gains_lead"


def lead_to_come(table: Table, owner: Seat, law: str | None = None,
                 edition: str = "1987") -> Rectification | None:
    """The 50E/51B lead choice that ``owner``'s major penalty cards hold in store for his
    partner's next lead, as a rectification marked conditional (``when: partner_gains_lead``),
    or None when the owner has no major penalty card."""
    majors = [p for p in table.penalty_cards(owner) if p.major]
    if not majors:
        return None
    suits = sorted({p.card.suit for p in majors}, reverse=True)
    return Rectification("lead_restriction", law or lead_clause(table, owner, edition), {
        "seat": str(owner.partner), "chooser": "declarer", "suits": [str(s) for s in suits],
        "may": ["require", "prohibit"], "cards": [str(p.card) for p in majors],
        "when": TO_COME})


def state_lead_to_come(ruling: Ruling, table: Table, owner: Seat) -> None:
    """Say, when major penalty cards arise (or remain after a choice), what they bring if the
    owner's partner gains the lead later: the director tells the table at once (issue 13), not
    only when that lead is due. One statement per ruling, over the owner's cards as they are
    now; when the partner is on lead at once the choice itself follows and replaces it
    (:func:`offer_lead_options`)."""
    drop_lead_to_come(ruling)
    rect = lead_to_come(table, owner, edition=ruling.edition)
    if rect is not None:
        ruling.rectifications.append(rect)


def drop_lead_to_come(ruling: Ruling) -> None:
    """Remove the conditional statement of the lead choice (it is due now, or moot)."""
    ruling.rectifications = [r for r in ruling.rectifications
                             if not (r.kind == "lead_restriction"
                                     and r.fields.get("when") == TO_COME)]


def must_play(ruling: Ruling, seat: Seat, card: Card) -> None:
    """50E: the owner must play a major penalty card at his first legal opportunity (to a lead,
    following suit, discarding or ruffing)."""
    ruling.add("must_play", clause(ruling.edition, "play"), seat=str(seat), card=str(card),
               when="first_legal_opportunity")


def picked_up(rect: Mapping[str, Any], table: Table) -> bool:
    """Whether ``rect`` is a 50E duty to play a penalty card that declarer's lead choice has
    since picked up (50E, 51B): the card is back in its owner's hand and no longer a penalty
    card, so "he must play it at his first legal opportunity" no longer holds. The output marks
    such a duty ``picked_up`` and the explanation does not say it."""
    if rect.get("kind") != "must_play" or rect.get("when") != "first_legal_opportunity" \
            or not rect.get("card") or not rect.get("seat"):
        return False
    seat = Seat.parse(str(rect["seat"]))
    card = str(rect["card"])
    held = {str(c) for c in table.remaining(seat) or ()}
    return card in held and card not in {str(p.card) for p in table.penalty_cards(seat)}


def minor_first(ruling: Ruling, seat: Seat, card: Card) -> None:
    """50D: the owner of a minor penalty card may not play another card of its suit below honour
    rank before it (an honour of the suit he may play instead). Stated as a rectification in
    force from the moment the card lies on the table, like the major card's duty: it is what the
    director tells the owner at once (``rule: minor_first``)."""
    ruling.add("must_play", clause(ruling.edition, "minor"), seat=str(seat), card=str(card),
               rule="minor_first")


@dataclass
class PenaltyDuty:
    """The owner's duty to play his penalty cards (50D minor, 50E major)."""

    seat: Seat
    #: 51A: the penalty card declarer designated for the owner's next play
    designated: Card | None = None

    def check(self, table: Table, seat: Seat, card: Card, lead: bool,
              index: int) -> Irregularity | None:
        if seat is not self.seat:
            return None
        if (self.designated is not None and card != self.designated
                and self.designated in table.legal_cards(seat)):
            return make(Kind.PENALTY_CARD_NOT_PLAYED, seat, index, card=str(card),
                        penalty=str(self.designated), major=True)
        if table.next is not None and table.next is not seat:
            # a lead or play out of turn is no legal opportunity to play the penalty card: it is
            # ruled as what it is (Laws 53-57), not as a failure to play the card (52)
            return None
        cards = table.penalty_cards(seat)
        if not cards or any(p.card == card for p in cards):
            return None
        legal = set(table.legal_cards(seat))
        # a penalty card that another duty forbids now (a prohibited suit, declarer's choice
        # after a premature play) is not a legal opportunity to play it
        others = [c for c in table.constraints if c is not self]
        legal = {c for c in legal if all(
            o.check(table, seat, c, lead, -1) is None for o in others)}
        majors = [p for p in cards if p.major and p.card in legal]
        if majors:
            return make(Kind.PENALTY_CARD_NOT_PLAYED, seat, index, card=str(card),
                        penalty=" ".join(str(p.card) for p in majors), major=True)
        for p in cards:
            if (not p.major and card.suit is p.card.suit and not card.rank.is_honour
                    and p.card in legal):
                return make(Kind.PENALTY_CARD_NOT_PLAYED, seat, index, card=str(card),
                            penalty=str(p.card), major=False)
        return None

    def played(self, table: Table, seat: Seat, card: Card, lead: bool) -> None:
        """The duty lasts while the owner holds penalty cards; a designation binds one play."""
        if seat is self.seat:
            self.designated = None

    def expired(self, table: Table) -> bool:
        return not table.penalty_cards(self.seat)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "penalty_card_duty", "seat": str(self.seat)}


@dataclass
class LeadDuty:
    """A suit the leader must lead (if able) or must not lead, chosen by declarer."""

    seat: Seat
    suit: Suit
    require: bool
    law: str
    while_on_lead: bool = False
    used: bool = field(default=False)
    #: further suits prohibited together with ``suit`` (51B2b: several suits at once)
    others: tuple[Suit, ...] = ()

    def _applies(self, table: Table, seat: Seat, lead: bool) -> bool:
        """Whether this card is the lead the duty governs (its seat's lead in turn)."""
        return seat is self.seat and lead and table.next is seat

    def check(self, table: Table, seat: Seat, card: Card, lead: bool,
              index: int) -> Irregularity | None:
        if not self._applies(table, seat, lead):
            return None
        hand = table.remaining(seat) or set()
        if self.require and card.suit is not self.suit and any(c.suit is self.suit for c in hand):
            return make(Kind.REVOKE, seat, index, card=str(card), reason="lead_penalty",
                        required=str(self.suit))
        barred = {self.suit, *self.others}
        if not self.require and card.suit in barred and any(
                c.suit not in barred for c in hand):
            return make(Kind.REVOKE, seat, index, card=str(card), reason="lead_penalty",
                        prohibited="".join(str(s) for s in sorted(barred, reverse=True)))
        return None

    def played(self, table: Table, seat: Seat, card: Card, lead: bool) -> None:
        """A required suit binds one lead only; a prohibition lasts while the seat keeps the
        lead (:meth:`expired`)."""
        if self._applies(table, seat, lead):
            self.used = not self.while_on_lead

    def expired(self, table: Table) -> bool:
        if self.used:
            return True
        if self.while_on_lead and table.tricks:
            last = table.tricks[-1]
            started = any(s is self.seat for s, _ in last.plays[:1])
            return started and last.winner is not None and last.winner is not self.seat
        return False

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": "lead_duty", "seat": str(self.seat), "suit": str(self.suit),
               "require": self.require, "law": self.law, "while_on_lead": self.while_on_lead}
        if self.others:
            out["others"] = [str(s) for s in self.others]
        return out


def lead_options(table: Table, owner: Seat, edition: str = "1987") -> list[Option]:
    """Declarer's options when the partner of a holder of major penalty cards is to lead: 50E for
    one card (2017: 50D2), Law 51 for several."""
    lead = clause(edition, "lead")
    majors = [p for p in table.penalty_cards(owner) if p.major]
    suits = sorted({p.card.suit for p in majors}, reverse=True)
    if len(majors) >= 2:
        options = law51.lead_options(owner, suits)
    else:
        options = [law51.restriction(owner, [suit], verb, lead)
                   for suit in suits for verb in ("require", "prohibit")]
    for option in options:
        # which cards the option picks up, and (51B2) which stay penalty cards
        for rect in option.rectifications:
            named = set(rect.fields["suits"])
            rect.fields["cards"] = [str(p.card) for p in majors if str(p.card.suit) in named]
            remaining = [str(p.card) for p in table.penalty_cards(owner)
                         if str(p.card.suit) not in named]
            if remaining:
                rect.fields["remaining"] = remaining
    options.append(Option("none", [], [lead]))
    return options


def lead_clause(table: Table, owner: Seat, edition: str = "1987") -> str:
    """The clause of declarer's lead choice: 50E (2017: 50D2) for one major penalty card, 51B1
    for several in one suit, 51B2 for cards in two or more suits."""
    majors = [p for p in table.penalty_cards(owner) if p.major]
    if len(majors) < 2:
        return clause(edition, "lead")
    return "51B1" if len({p.card.suit for p in majors}) == 1 else "51B2"


def offer_lead_options(ruling: Ruling, table: Table, owner: Seat, declarer: Seat) -> None:
    """Offer declarer the 50E/51 choice before the owner's partner leads.

    The choice is also stated as a rectification in force (``lead_restriction`` with ``when:
    partner_on_lead``), as Law 26's is while the restricted lead is to come: the partner's lead
    is restricted from now on, in whatever way declarer says, and a director tells the table so
    at once. The clause of the choice is cited (51B2 for cards in several suits)."""
    law = lead_clause(table, owner, ruling.edition)
    majors = [p for p in table.penalty_cards(owner) if p.major]
    suits = sorted({p.card.suit for p in majors}, reverse=True)
    drop_lead_to_come(ruling)
    ruling.add("lead_restriction", law, seat=str(owner.partner), chooser="declarer",
               suits=[str(s) for s in suits], may=["require", "prohibit"],
               cards=[str(p.card) for p in majors], when="partner_on_lead")
    law10.offer(ruling, declarer, *lead_options(table, owner, ruling.edition))


def offer_settled(ruling: Ruling) -> None:
    """Declarer has made (or lost) his 50E/51 lead choice: the choice stated as a rectification
    in force while it was open gives way to what he chose (the chosen option's own
    ``lead_restriction``, or none)."""
    ruling.rectifications = [r for r in ruling.rectifications
                             if not (r.kind == "lead_restriction"
                                     and r.fields.get("when") == "partner_on_lead")]


def apply_lead_option(table: Table, owner: Seat, option: str) -> None:
    """Carry out declarer's choice: pick up the cards of the suit and set the lead duty."""
    if option == "none":
        return
    verb, _, letters = option.partition("_")
    suits = [Suit.parse(letter) for letter in letters]
    require = verb == "require"
    for p in list(table.penalty_cards(owner)):
        if p.card.suit in suits:
            table.penalty.remove(p)
            table.unexpose(owner, p.card)
    table.constraints.append(LeadDuty(owner.partner, suits[0], require,
                                      clause(edition_of(table), "lead"),
                                      while_on_lead=not require, others=tuple(suits[1:])))
