"""Laws 49-51, 53-57 and 61-64 of the 1987 code as plain decision tables: an independent oracle.

The auction has its second implementation in :mod:`generator.oracle.tables1987`; this module is
the same for the play. It answers, from the law text alone, what a director rules after a
penalty card, a lead out of turn, a premature play or a revoke, so that the engine can be compared
with it on random complete boards (``tests/oracle/test_play_agrees.py``,
``benchmarks/bench_play_oracle.py``) and the scenario generator can check a play ruling
(``generator.scenarios.verify``). It shares no code with the engine; its card arithmetic is in
:mod:`generator.oracle.cards1987`.

Each public function computes a few keys and looks them up in a literal table; the row is the
answer. Sources: the Russian 1987 text (seed 003: 51B, 56, 57A-B, 62B-D) and
``shared/laws/laws1987_spec.md`` §6.2-6.5 where the 1987 text was not seen (50, 53-55, 61, 63,
64: marked [M] there).

Readings taken where the text allows two (each is a module constant, the engine has the same
switch under its own name; flip both to compare the other reading):

* :data:`TWO_OR_MORE_ARE_MAJOR` (50B, commentary: "two or more cards" are major): once a
  defender holds two or more penalty cards, all are major, an earlier minor one included.
* :data:`SAME_SUIT_FROM_RIGHT_HAND` (55B2, spec §8 item 4, 1997 wording): declarer who led from
  the wrong hand must lead the same suit from the right one if he can.
* :data:`DUMMY_WIN_COUNTS_FOR_DECLARER` (64A, spec §8 item 5): a trick won by dummy is not a trick
  won by the revoking declarer himself (it is won by his side).

64B4-5 (attention first drawn after a non-offender called on the next deal, or after the round
ended: the case events ``director after_next_deal`` / ``director after_round``) are two more rows
of :data:`EXCEPTION_TABLE`, after 64B2 and before the tricks won are looked at. Whether the
attention drawn then is the *first* (no director call to the table after the revoke during the
board) is for the caller to say: the oracle is given the moment only when it is.

Two more readings are fixed, not switched, since the text decides them: 62D2's "either of the two
cards he could legally have played" needs both cards legal on trick 12 (none of the suit led:
:func:`twelfth_trick_partner_choice`), and a choice about a card of dummy's (62C) is declarer's,
who plays dummy's cards (45B; dummy takes no part, 43: :data:`DECIDES_FOR`).

What the oracle does NOT decide (a comparison must skip or handle these itself):

* Law 54C (declarer must accept when he could have seen dummy's cards) and 55C (a lead induced by
  a defender's statement): neither is expressible in a case.
* Law 60 (a play by the non-offenders before a penalty is chosen forfeits it) and Law 52 (a
  penalty card not played when due): the tables assume the table respects every duty.
* Law 64C (equity) and Law 12: the director's judgement; the oracle only says it must be
  considered.
* Which card a player *chooses* to play; only which cards he *may* play
  (:func:`cards_allowed`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal, NamedTuple

from generator.oracle.cards1987 import (
    SUITS,
    by_strength,
    follows,
    is_honour,
    of_suit,
    suit_of,
)

TWO_OR_MORE_ARE_MAJOR: Final[bool] = True
SAME_SUIT_FROM_RIGHT_HAND: Final[bool] = True
DUMMY_WIN_COUNTS_FOR_DECLARER: Final[bool] = False

Role = Literal["declarer", "dummy", "defender"]


# ----------------------------------------------------------------------------- Laws 49-50
class PenaltyClass(NamedTuple):
    major: bool
    law: str


#: 50B (1987 commentary): key (two or more cards, an honour among them, exposed deliberately).
#: Minor only for a single card below honour rank exposed inadvertently (50D); else major (50E).
PENALTY_CLASS_TABLE: Final[dict[tuple[bool, bool, bool], PenaltyClass]] = {
    (False, False, False): PenaltyClass(False, "50D"),  # one small card dropped
    (False, False, True): PenaltyClass(True, "50E"),    # one small card led or played
    (False, True, False): PenaltyClass(True, "50E"),    # one honour dropped
    (False, True, True): PenaltyClass(True, "50E"),
    (True, False, False): PenaltyClass(True, "50E"),    # two or more cards
    (True, False, True): PenaltyClass(True, "50E"),
    (True, True, False): PenaltyClass(True, "50E"),
    (True, True, True): PenaltyClass(True, "50E"),
}


def penalty_class(cards: Sequence[str], deliberate: bool, already_held: int = 0) -> PenaltyClass:
    """Law 50B: whether the penalty cards ``cards``, exposed together, are major.

    ``deliberate``: exposed by a lead or play (a lead out of turn, a premature play, a withdrawn
    revoke card) rather than dropped or shown; ``already_held``: penalty cards the owner holds
    already (with :data:`TWO_OR_MORE_ARE_MAJOR` they count toward "two or more").
    """
    several = len(cards) + (already_held if TWO_OR_MORE_ARE_MAJOR else 0) >= 2
    return PENALTY_CLASS_TABLE[(several, any(is_honour(c) for c in cards), deliberate)]


@dataclass
class PenaltyCard:
    """A penalty card on the table: its owner, the card and its class."""

    seat: str
    card: str
    major: bool


#: Law 50: the owner's duty, by class of card. "first_opportunity": he must lead or play it at
#: the first legal opportunity (50E); "no_small_of_suit": he may not play another card below
#: honour rank of its suit before it, an honour of the suit being allowed (50D).
OWNER_DUTY_TABLE: Final[dict[bool, tuple[str, str]]] = {
    True: ("first_opportunity", "50E"),
    False: ("no_small_of_suit", "50D"),
}


def cards_allowed(hand: Iterable[str], led: str | None, penalties: Sequence[PenaltyCard],
                  pool: Iterable[str] | None = None) -> list[str]:
    """The cards the owner of ``penalties`` may play (lowest first) to a trick with led suit
    ``led`` (``None``: he leads), from ``pool`` (the cards other duties leave him; default: the
    cards Law 44 allows from ``hand``).

    51A: with several major penalty cards that could be played, any one of them will do (declarer
    may designate, which the oracle leaves open). Law 59: a duty that cannot be met is no duty.
    """
    legal = by_strength(pool if pool is not None else follows(hand, led))
    majors = [p.card for p in penalties if OWNER_DUTY_TABLE[p.major][0] == "first_opportunity"
              and p.card in legal]
    if majors:
        return by_strength(majors)
    out = legal
    for p in penalties:
        if OWNER_DUTY_TABLE[p.major][0] == "no_small_of_suit" and p.card in legal:
            out = [c for c in out if c == p.card or suit_of(c) != suit_of(p.card)
                   or is_honour(c)]
    return out


# ----------------------------------------------------------------------------- Laws 50E, 51B
class LeadOption(NamedTuple):
    """One of declarer's options when the partner of a holder of major penalty cards is to
    lead: ``id`` as the case format names it, ``verb`` ``require``/``prohibit``/``none``."""

    id: str
    law: str
    verb: str
    suits: tuple[str, ...]


#: 50E / 51B: the clauses of declarer's lead options. Key: (several cards, several suits).
#: Value: (clause for requiring a suit, clause for prohibiting one, clause for prohibiting a
#: group of suits at once or None where it cannot arise, clause of "do neither").
LEAD_OPTION_TABLE: Final[dict[tuple[bool, bool], tuple[str, str, str | None, str]]] = {
    (False, False): ("50E", "50E", None, "50E"),        # one major penalty card
    (True, False): ("51B1a", "51B1b", None, "50E"),     # two or more, one suit (seed 003)
    (True, True): ("51B2a", "51B2b", "51B2b", "50E"),   # two or more suits (seed 003)
}


def _suit_order(suits: Iterable[str]) -> list[str]:
    """Suits highest first (S, H, D, C), without repeats."""
    return sorted(set(suits), key=SUITS.index, reverse=True)


def lead_options(penalties: Sequence[PenaltyCard]) -> tuple[LeadOption, ...]:
    """50E/51B: declarer's options before the owner's partner leads; empty when the owner holds
    no major penalty card (a minor one brings no lead option, 50D)."""
    majors = [p for p in penalties if p.major]
    if not majors:
        return ()
    suits = _suit_order(suit_of(p.card) for p in majors)
    req, pro, group, none = LEAD_OPTION_TABLE[(len(majors) >= 2, len(suits) >= 2)]
    out = []
    for s in suits:
        out.append(LeadOption(f"require_{s}", req, "require", (s,)))
        out.append(LeadOption(f"prohibit_{s}", pro, "prohibit", (s,)))
    if group is not None:
        for size in range(2, len(suits) + 1):
            for chosen in combinations(suits, size):
                out.append(LeadOption("prohibit_" + "".join(chosen), group, "prohibit", chosen))
    out.append(LeadOption("none", none, "none", ()))
    return tuple(out)


#: 50E / 51B: what each kind of option does. Key: verb. Value: (the penalty cards of the named
#: suits are picked up, the leader must lead a named suit, the leader may not lead the named
#: suits, the restriction lasts while he keeps the lead).
LEAD_EFFECT_TABLE: Final[dict[str, tuple[bool, bool, bool, bool]]] = {
    "require": (True, True, False, False),   # 50E(a), 51B1a, 51B2a: one lead of the suit
    "prohibit": (True, False, True, True),   # 50E(b), 51B1b, 51B2b: while he retains the lead
    "none": (False, False, False, False),    # 50E(c): the cards stay major penalty cards
}


@dataclass
class LeadDuty:
    """A leader's duty from declarer's choice: ``require`` one lead of ``suits[0]``, or
    ``prohibit`` ``suits`` while he keeps the lead."""

    seat: str
    verb: str
    suits: tuple[str, ...]
    law: str


def apply_lead_option(option: LeadOption, owner: str, leader: str,
                      penalties: list[PenaltyCard]) -> LeadDuty | None:
    """Carry out ``option``: drop the picked-up cards from ``penalties`` (in place); the duty it
    puts on ``leader``, or None."""
    picked, require, prohibit, _ = LEAD_EFFECT_TABLE[option.verb]
    if picked:
        penalties[:] = [p for p in penalties
                        if not (p.seat == owner and suit_of(p.card) in option.suits)]
    if require:
        return LeadDuty(leader, "require", option.suits, option.law)
    if prohibit:
        return LeadDuty(leader, "prohibit", option.suits, option.law)
    return None


def leads_allowed(hand: Iterable[str], duty: LeadDuty | None) -> list[str]:
    """The cards a leader may lead under ``duty`` (Law 59: any card when he cannot comply)."""
    cards = by_strength(hand)
    if duty is None:
        return cards
    if duty.verb == "require":
        return of_suit(cards, duty.suits[0]) or cards
    free = [c for c in cards if suit_of(c) not in duty.suits]
    return free or cards


# ----------------------------------------------------------------------------- Laws 53-56
class LeadRow(NamedTuple):
    """A lead out of turn: ``kind`` (the case format's irregularity kind), who chooses
    (``declarer`` / ``defender``: either defender, the one who speaks), the option ids, and
    the clause each option is ruled under."""

    kind: str
    chooser: str
    options: tuple[str, ...]
    clauses: dict[str, tuple[str, ...]]


#: Laws 53-56. Key: (opening lead, the offender's role, who was to lead seen from him:
#: ``partner`` / ``opponent`` (declarer's side) / ``defender`` (a defender, for declarer's own
#: lead) / ``other_hand`` (declarer's other hand)).
LEAD_OUT_OF_TURN_TABLE: Final[dict[tuple[bool, str, str], LeadRow]] = {
    # 54: the wrong defender faces the opening lead: declarer accepts (54B, the lead stands and
    # he plays second from hand), spreads his own hand (54A, he becomes dummy) or refuses (54D:
    # Law 56, the card is a major penalty card and 50E applies to the right leader, his partner).
    (True, "defender", "partner"): LeadRow(
        "opening_lead_out_of_turn", "declarer", ("accept", "spread", "refuse"),
        {"accept": ("54B",), "spread": ("54A",), "refuse": ("54D", "56", "50E")}),
    # 53A / 56 in the play: declarer accepts (53A) or refuses (56: major penalty card).
    (False, "defender", "partner"): LeadRow(
        "lead_out_of_turn", "declarer", ("accept", "refuse"),
        {"accept": ("53A",), "refuse": ("56", "50E")}),
    (False, "defender", "opponent"): LeadRow(
        "lead_out_of_turn", "declarer", ("accept", "refuse"),
        {"accept": ("53A",), "refuse": ("56", "50E")}),
    # 55: declarer (from either hand) leads out of turn; either defender accepts (55A) or
    # requires its retraction: the card goes back without penalty (55B1), or declarer leads from
    # the right hand (55B2).
    (False, "declarer", "defender"): LeadRow(
        "declarer_lead_out_of_turn", "defender", ("accept", "refuse"),
        {"accept": ("55A",), "refuse": ("55B1",)}),
    (False, "declarer", "other_hand"): LeadRow(
        "declarer_lead_out_of_turn", "defender", ("accept", "refuse"),
        {"accept": ("55A",), "refuse": ("55B2",)}),
}


#: Laws 41A and 48A: a card faced by declarer or dummy before the opening lead is no lead (only
#: the defender on declarer's left makes it); declarer's cards are never penalty cards, so it goes
#: back without penalty and that defender leads. No option.
NOT_A_LEAD: Final[tuple[str, ...]] = ("41A", "48A")


def lead_out_of_turn(opening: bool, offender: Role, turn: str) -> LeadRow:
    """Laws 53-56: the row for a lead out of turn. ``offender``: ``defender`` or ``declarer``
    (declarer or dummy: both are declarer's hands); ``turn``: who was to lead, as in
    :data:`LEAD_OUT_OF_TURN_TABLE`. Raises KeyError outside the table (a declaring-side "lead"
    before the opening lead is no lead at all: Law 41A, 48A)."""
    role = "declarer" if offender in ("declarer", "dummy") else "defender"
    return LEAD_OUT_OF_TURN_TABLE[(opening, role, turn)]


class LeadResult(NamedTuple):
    """What an option of :data:`LEAD_OUT_OF_TURN_TABLE` does: the lead stands, the roles swap
    (54A), the card becomes a penalty card of the offender (56: deliberate, so major), declarer's
    50E options are offered at once (the right leader is the offender's partner), the right
    hand must lead the suit of the card (55B2)."""

    stands: bool
    roles_swapped: bool
    penalty_card: bool
    lead_options_now: bool
    same_suit: bool


#: Key: (kind, option, the right leader is the offender's partner).
LEAD_RESULT_TABLE: Final[dict[tuple[str, str, bool], LeadResult]] = {
    ("opening_lead_out_of_turn", "accept", True): LeadResult(True, False, False, False, False),
    ("opening_lead_out_of_turn", "spread", True): LeadResult(True, True, False, False, False),
    ("opening_lead_out_of_turn", "refuse", True): LeadResult(False, False, True, True, False),
    ("lead_out_of_turn", "accept", True): LeadResult(True, False, False, False, False),
    ("lead_out_of_turn", "accept", False): LeadResult(True, False, False, False, False),
    ("lead_out_of_turn", "refuse", True): LeadResult(False, False, True, True, False),
    ("lead_out_of_turn", "refuse", False): LeadResult(False, False, True, False, False),
    ("declarer_lead_out_of_turn", "accept", False): LeadResult(True, False, False, False, False),
    ("declarer_lead_out_of_turn", "refuse", False): LeadResult(False, False, False, False,
                                                               False),
}


def lead_result(row: LeadRow, option: str, partner_to_lead: bool,
                wrong_hand: bool = False) -> LeadResult:
    """What ``option`` of ``row`` does; ``partner_to_lead``: the right leader is the offender's
    partner; ``wrong_hand``: declarer led from the wrong one of his hands (55B2)."""
    result = LEAD_RESULT_TABLE[(row.kind, option, partner_to_lead)]
    if wrong_hand and option == "refuse" and SAME_SUIT_FROM_RIGHT_HAND:
        result = result._replace(same_suit=True)
    return result


# ----------------------------------------------------------------------------- Law 57
class PrematureRow(NamedTuple):
    laws: tuple[str, ...]
    penalty_major: bool
    declarer_options: bool


#: Law 57A (seed 003). Key: the offender's partner had already played to the trick. Before he
#: played: the card is a (major: played) penalty card and declarer chooses 57A1-3; after: it is
#: no premature play, only a card exposed (49), a major penalty card (50E).
PREMATURE_TABLE: Final[dict[bool, PrematureRow]] = {
    False: PrematureRow(("57A", "50E"), True, True),
    True: PrematureRow(("49", "50E"), True, False),
}

#: 57A: declarer's options and their clauses; ``no_X`` for each suit but the one led (57A3 bars
#: that suit for the partner's card to the current trick only: not the lead ban ``prohibit_X``).
PREMATURE_OPTION_LAWS: Final[dict[str, str]] = {
    "highest": "57A1", "lowest": "57A2", "no": "57A3", "none": "57A",
}


def premature_play(partner_played: bool, led: str) -> tuple[PrematureRow, tuple[str, ...]]:
    """Law 57A: the row and declarer's option ids (none when the partner had played)."""
    row = PREMATURE_TABLE[partner_played]
    if not row.declarer_options:
        return row, ()
    ids = ["highest", "lowest"] + [f"no_{s}" for s in _suit_order(SUITS) if s != led]
    return row, (*ids, "none")


def partner_cards(option: str, hand: Iterable[str], led: str) -> tuple[list[str], bool]:
    """57A1-3 and 57B: the cards the offender's partner may play to the trick after declarer's
    ``option``, and whether he could not comply (57B, Law 59: any legal card)."""
    legal = follows(hand, led)
    same = of_suit(hand, led)
    how, _, suit = option.partition("_")
    if how == "none":
        return legal, False
    if how in ("highest", "lowest"):
        if not same:
            return legal, True
        return [same[-1] if how == "highest" else same[0]], False
    if same:  # following suit: a prohibition of another suit does not bite
        return legal, False
    free = [c for c in legal if suit_of(c) != suit]
    return (free, False) if free else (legal, True)


# ----------------------------------------------------------------------------- Laws 61-64
class Correction(NamedTuple):
    """Law 62 for a revoke corrected in time: the clauses, whether the withdrawn card becomes a
    (major) penalty card, and the duty on the corrected card."""

    laws: tuple[str, ...]
    penalty_card: bool
    must_play: str


#: Law 62 (seed 003). Key: the offender's role. A defender's card from his unfaced hand becomes a
#: penalty card (62B1; withdrawn from play: major); declarer's or dummy's is replaced (62B2).
CORRECTION_TABLE: Final[dict[str, Correction]] = {
    "defender": Correction(("62A", "62B1"), True, "follow_suit"),
    "declarer": Correction(("62A", "62B2"), False, "follow_suit"),
    "dummy": Correction(("62A", "62B2"), False, "follow_suit"),
}


def correction(offender: Role) -> Correction:
    """Law 62A-B: a revoke corrected before it is established."""
    return CORRECTION_TABLE[offender]


class Withdrawal(NamedTuple):
    """62C: whether a player who played to the revoke trick after the revoke may take his card
    back, under which clause, and whether the card then becomes a penalty card."""

    may: bool
    law: str
    penalty_card: bool


#: Law 62C (seed 003). Key: (the player is of the non-offending side, a non-offender has already
#: withdrawn his card, the player is a defender). 62C1: each non-offender may withdraw without
#: penalty; 62C2: after that, the next offending player in turn may withdraw his, which becomes a
#: penalty card if he is a defender (withdrawn from play: major, 50B).
WITHDRAWAL_TABLE: Final[dict[tuple[bool, bool, bool], Withdrawal]] = {
    (True, False, False): Withdrawal(True, "62C1", False),
    (True, False, True): Withdrawal(True, "62C1", False),
    (True, True, False): Withdrawal(True, "62C1", False),
    (True, True, True): Withdrawal(True, "62C1", False),
    (False, False, False): Withdrawal(False, "62C2", False),  # nobody withdrew before him
    (False, False, True): Withdrawal(False, "62C2", False),
    (False, True, False): Withdrawal(True, "62C2", False),
    (False, True, True): Withdrawal(True, "62C2", True),
}


def withdrawal(non_offender: bool, after_withdrawal: bool, defender: bool) -> Withdrawal:
    """Law 62C for one later card of the revoke trick."""
    return WITHDRAWAL_TABLE[(non_offender, after_withdrawal, defender)]


#: Who decides for a card of each hand: dummy takes no part in the play (Law 43) and declarer
#: plays dummy's cards (45B), so a choice about a card of dummy's (62C1: keep or withdraw it) is
#: declarer's.
DECIDES_FOR: Final[dict[str, str]] = {"declarer": "declarer", "dummy": "declarer",
                                      "defender": "defender"}


#: Law 64A. Key: (the offender himself won the revoke trick, his side won it, his side won a
#: later trick). Value: (tricks transferred, clause).
TRANSFER_TABLE: Final[dict[tuple[bool, bool, bool], tuple[int, str]]] = {
    (True, True, True): (2, "64A1"),    # the revoke trick and one more
    (True, True, False): (1, "64A1"),   # only the revoke trick is there to transfer
    (False, True, True): (1, "64A2"),
    (False, True, False): (1, "64A2"),
    (False, False, True): (1, "64A2"),
    (False, False, False): (0, "64B1"),  # no trick won from the revoke on
}

#: 64B and 62D: the exceptions, checked in this order before :data:`TRANSFER_TABLE`.
EXCEPTION_TABLE: Final[tuple[tuple[str, str], ...]] = (
    ("twelfth_trick", "62D1"),   # corrected even when established: no transfer
    ("dummy", "64B3"),           # a card faced on the table
    ("repeated", "64B2"),        # a later revoke in the same suit by the same player
    ("after_next_deal", "64B4"),  # first drawn after a non-offender called on the next deal
    ("after_round", "64B5"),     # first drawn after the round ended
)

#: The moments after the board at which attention may first be drawn (64B4-5), as the case
#: format names them.
LATE_MOMENTS: Final[tuple[str, ...]] = ("after_next_deal", "after_round")


class Transfer(NamedTuple):
    tricks: int
    law: str


def revoke_transfer(offender: Role, trick: int, offender_won: bool, side_won_revoke_trick: bool,
                    side_won_later: bool, repeated: bool = False,
                    won_by_dummy: bool = False, late: str | None = None) -> Transfer:
    """Laws 62D, 63, 64: tricks transferred for an established revoke on trick ``trick``.

    ``offender_won``: the revoking player himself won the revoke trick; ``won_by_dummy``: dummy
    won it for a revoking declarer (counts as his own only with
    :data:`DUMMY_WIN_COUNTS_FOR_DECLARER`); ``side_won_later``: the offending side won a trick
    after it; ``repeated``: an earlier revoke by the same player in the same suit (64B2);
    ``late``: the moment attention was first drawn, when after the board (one of
    :data:`LATE_MOMENTS`, 64B4-5).
    """
    if late is not None and late not in LATE_MOMENTS:
        raise ValueError(f"unknown moment {late!r} (known: {', '.join(LATE_MOMENTS)})")
    facts = {"twelfth_trick": trick == 12, "dummy": offender == "dummy", "repeated": repeated,
             "after_next_deal": late == "after_next_deal", "after_round": late == "after_round"}
    for name, law in EXCEPTION_TABLE:
        if facts[name]:
            return Transfer(0, law)
    own = offender_won or (DUMMY_WIN_COUNTS_FOR_DECLARER and won_by_dummy
                           and offender == "declarer")
    tricks, law = TRANSFER_TABLE[(own, side_won_revoke_trick, side_won_later)]
    return Transfer(tricks, law)


def twelfth_trick_partner_choice(offender: Role, partner_after: bool,
                                 partner_cards12_13: Sequence[str], led: str) -> bool:
    """62D2 (seed 003): declarer may require the offender's partner to play either of his last
    two cards to trick 12 when a defender revoked there before his partner played and the
    partner holds cards of two suits. Reading: "either of the two cards he could legally have
    played" asks that both be legal there, so neither may be of the suit led (``led``): with one
    card of that suit he had to play it, and there is nothing to choose."""
    return (offender == "defender" and partner_after and len(partner_cards12_13) == 2
            and suit_of(partner_cards12_13[0]) != suit_of(partner_cards12_13[1])
            and all(suit_of(c) != led for c in partner_cards12_13))

