"""Table tests of the 1987 play oracle (``generator.oracle.play1987``): one named case per clause.

Each test's docstring cites the clause and says the situation in words; seats are clockwise
N, E, S, W. The oracle must stay independent of the engine: the last test reads its imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from generator.oracle import cards1987 as cards
from generator.oracle import play1987 as oracle
from generator.oracle.play1987 import PenaltyCard

ORACLE = Path(oracle.__file__).resolve().parent


# ------------------------------------------------------------------------------ card arithmetic


def test_trick_winner_follows_law_44() -> None:
    """Law 44: the highest trump wins a trick with a trump in it, else the highest card of the
    suit led; a higher card of another suit does not."""
    trick = [("N", "HK"), ("E", "HA"), ("S", "SA"), ("W", "C2")]
    assert cards.winner(trick, None) == "E"
    assert cards.winner(trick, "C") == "W"
    assert cards.winner(trick, "S") == "S"


def test_follow_suit_when_able() -> None:
    """Law 44: a player with a card of the suit led must play one; a void player plays any."""
    assert cards.follows(["S2", "H3", "HK"], "H") == ["H3", "HK"]
    assert cards.follows(["S2", "D3"], "H") == ["S2", "D3"]


def test_undoubled_scores_of_law_77() -> None:
    """Law 77: 4S made with an overtrick not vulnerable is 450; 3NT just made vulnerable 600;
    1C made is 70; 6H made vulnerable 1430; 2D two down not vulnerable -100."""
    assert cards.undoubled_score(4, "S", 11, False) == 450
    assert cards.undoubled_score(3, "NT", 9, True) == 600
    assert cards.undoubled_score(1, "C", 7, False) == 70
    assert cards.undoubled_score(6, "H", 12, True) == 1430
    assert cards.undoubled_score(2, "D", 6, False) == -100


def test_pbn_of_a_deal() -> None:
    """The case format's PBN deal: suits S, H, D, C in each hand, North first."""
    hands = {s: [c for c in cards.DECK if cards.DECK.index(c) % 4 == i]
             for i, s in enumerate(cards.SEATS)}
    text = cards.pbn(hands)
    assert text.startswith("N:") and len(text.split()) == 4


# ------------------------------------------------------------------------------ Law 50


@pytest.mark.parametrize(("shown", "deliberate", "held", "major", "law"), [
    (["C4"], False, 0, False, "50D"),   # one small card dropped: minor
    (["CT"], False, 0, True, "50E"),    # the ten is an honour: major
    (["C4"], True, 0, True, "50E"),     # led or played out of turn: major
    (["C4", "D3"], False, 0, True, "50E"),  # two cards at once: major
    (["C4"], False, 1, True, "50E"),    # a second penalty card: both major
])
def test_penalty_card_class(shown: list[str], deliberate: bool, held: int, major: bool,
                            law: str) -> None:
    """50B (1987 commentary): only a single card below honour rank exposed inadvertently is a
    minor penalty card (50D); an honour, a card led or played, or two or more cards are major."""
    assert oracle.penalty_class(shown, deliberate, held) == (major, law)


def test_major_penalty_card_is_played_at_the_first_opportunity() -> None:
    """50E: the owner of a major penalty card must play it at his first legal opportunity: to
    a lead of its suit, and when he discards."""
    pcs = [PenaltyCard("E", "H5", True)]
    assert oracle.cards_allowed(["H5", "H9", "S2"], "H", pcs) == ["H5"]
    assert oracle.cards_allowed(["H5", "S2"], "D", pcs) == ["H5"]
    assert oracle.cards_allowed(["H5", "S2"], "S", pcs) == ["S2"]  # must follow in spades


def test_minor_penalty_card_allows_an_honour_of_its_suit() -> None:
    """50D: the owner of a minor penalty card may not play another card of that suit below
    honour rank before it, but may play an honour of the suit instead."""
    pcs = [PenaltyCard("E", "H5", False)]
    assert oracle.cards_allowed(["H5", "H7", "HK"], "H", pcs) == ["H5", "HK"]
    assert oracle.cards_allowed(["H5", "S2", "S3"], "S", pcs) == ["S2", "S3"]


def test_one_major_penalty_card_gives_the_50e_options() -> None:
    """50E: when the partner of the owner of one major penalty card is to lead, declarer may
    require or prohibit its suit, or do neither."""
    ids = [o.id for o in oracle.lead_options([PenaltyCard("W", "SQ", True)])]
    assert ids == ["require_S", "prohibit_S", "none"]


def test_minor_penalty_card_gives_no_lead_options() -> None:
    """50D: a minor penalty card puts no restriction on partner's lead."""
    assert oracle.lead_options([PenaltyCard("W", "S4", False)]) == ()


def test_penalty_cards_in_one_suit_are_51b1() -> None:
    """51B1 (seed 003): two or more penalty cards in one suit: declarer requires that suit
    (51B1a) or prohibits it (51B1b)."""
    opts = oracle.lead_options([PenaltyCard("W", "S4", True), PenaltyCard("W", "SQ", True)])
    assert [(o.id, o.law) for o in opts] == [("require_S", "51B1a"), ("prohibit_S", "51B1b"),
                                             ("none", "50E")]


def test_penalty_cards_in_two_suits_are_51b2() -> None:
    """51B2 (seed 003): penalty cards in two suits: declarer may require either suit (51B2a),
    or prohibit either or both (51B2b)."""
    opts = oracle.lead_options([PenaltyCard("W", "S4", True), PenaltyCard("W", "H2", True)])
    assert [o.id for o in opts] == ["require_S", "prohibit_S", "require_H", "prohibit_H",
                                    "prohibit_SH", "none"]
    assert {o.law for o in opts if o.verb == "prohibit"} == {"51B2b"}


def test_required_suit_picks_the_cards_up() -> None:
    """51B1a / 51B2a: when declarer requires a suit, the penalty cards of that suit are picked
    up; the others stay (51B2a then 51B1a for that suit only)."""
    pcs = [PenaltyCard("W", "S4", True), PenaltyCard("W", "H2", True)]
    option = next(o for o in oracle.lead_options(pcs) if o.id == "require_S")
    duty = oracle.apply_lead_option(option, "W", "E", pcs)
    assert [p.card for p in pcs] == ["H2"]
    assert duty is not None and duty.verb == "require"
    assert oracle.leads_allowed(["S9", "D2"], duty) == ["S9"]
    assert oracle.leads_allowed(["D2", "C3"], duty) == ["D2", "C3"]  # Law 59: he has none


def test_prohibited_suits_are_all_picked_up() -> None:
    """51B2b (seed 003): declarer may prohibit each suit of the penalty cards; the owner then
    picks up every card of each prohibited suit, and the leader may not lead them."""
    pcs = [PenaltyCard("W", "S4", True), PenaltyCard("W", "H2", True)]
    option = next(o for o in oracle.lead_options(pcs) if o.id == "prohibit_SH")
    duty = oracle.apply_lead_option(option, "W", "E", pcs)
    assert pcs == []
    assert oracle.leads_allowed(["S9", "H3", "D2"], duty) == ["D2"]


def test_neither_option_leaves_the_card() -> None:
    """50E(c): declarer does neither: the partner leads anything and the card stays."""
    pcs = [PenaltyCard("W", "S4", True)]
    option = oracle.lead_options(pcs)[-1]
    assert oracle.apply_lead_option(option, "W", "E", pcs) is None and len(pcs) == 1


# ------------------------------------------------------------------------------ Laws 41, 53-56


def test_faced_opening_lead_out_of_turn_gives_declarer_three_choices() -> None:
    """54A/54B/54D: the wrong defender faces the opening lead: declarer accepts (54B), spreads
    his own hand (54A) or refuses (54D, then Law 56 and 50E)."""
    row = oracle.lead_out_of_turn(True, "defender", "partner")
    assert row.kind == "opening_lead_out_of_turn" and row.chooser == "declarer"
    assert row.options == ("accept", "spread", "refuse")
    assert oracle.lead_result(row, "spread", True).roles_swapped
    refused = oracle.lead_result(row, "refuse", True)
    assert refused.penalty_card and refused.lead_options_now
    assert row.clauses["refuse"] == ("54D", "56", "50E")


def test_refused_lead_when_declarer_was_on_lead_gives_only_a_penalty_card() -> None:
    """56: a defender's lead out of turn refused when declarer's side was to lead: the card is
    a major penalty card; there is no lead option now, since declarer's side leads."""
    row = oracle.lead_out_of_turn(False, "defender", "opponent")
    result = oracle.lead_result(row, "refuse", False)
    assert result.penalty_card and not result.lead_options_now


def test_accepted_lead_out_of_turn_stands() -> None:
    """53A: any lead out of turn may be accepted: it stands, no penalty."""
    row = oracle.lead_out_of_turn(False, "defender", "partner")
    result = oracle.lead_result(row, "accept", True)
    assert result.stands and not result.penalty_card
    assert row.clauses["accept"] == ("53A",)


def test_declarer_lead_out_of_turn_is_for_either_defender() -> None:
    """55A/55B1: declarer's lead out of turn when a defender was to lead: either defender may
    accept; refused, it goes back without penalty."""
    row = oracle.lead_out_of_turn(False, "dummy", "defender")
    assert row.chooser == "defender" and row.clauses["refuse"] == ("55B1",)
    result = oracle.lead_result(row, "refuse", False)
    assert not result.penalty_card and not result.same_suit


def test_declarer_leading_from_the_wrong_hand_leads_the_same_suit() -> None:
    """55B2 (reading [M], SAME_SUIT_FROM_RIGHT_HAND): from the wrong hand, declarer must lead
    from the right one, the same suit if he can."""
    row = oracle.lead_out_of_turn(False, "declarer", "other_hand")
    assert oracle.lead_result(row, "refuse", False, wrong_hand=True).same_suit is \
        oracle.SAME_SUIT_FROM_RIGHT_HAND


def test_card_faced_by_declarers_side_before_the_opening_lead_is_no_lead() -> None:
    """41A, 48A: only the defender on declarer's left makes the opening lead; a card faced by
    declarer or dummy is no lead and no penalty card."""
    assert oracle.NOT_A_LEAD == ("41A", "48A")
    with pytest.raises(KeyError):
        oracle.lead_out_of_turn(True, "declarer", "defender")


# ------------------------------------------------------------------------------ Law 57


def test_premature_play_gives_declarer_the_57a_options() -> None:
    """57A (seed 003): a defender plays before his partner: the card is a penalty card and
    declarer picks highest (57A1), lowest (57A2) or bars another suit (57A3)."""
    row, ids = oracle.premature_play(False, "H")
    assert row.penalty_major and "57A" in row.laws
    assert ids == ("highest", "lowest", "no_S", "no_D", "no_C", "none")


def test_play_out_of_turn_after_partner_played_is_only_an_exposed_card() -> None:
    """57A needs the partner not to have played; after he played, the card is exposed (49), a
    major penalty card (50E), and declarer has no 57A option."""
    row, ids = oracle.premature_play(True, "H")
    assert ids == () and row.laws == ("49", "50E")


def test_partner_complies_or_cannot() -> None:
    """57A1-3, 57B: the partner plays his highest or lowest of the suit led, or no card of the
    suit named; if he cannot comply he plays any card (Law 59)."""
    hand = ["H3", "H9", "S2", "D4"]
    assert oracle.partner_cards("highest", hand, "H") == (["H9"], False)
    assert oracle.partner_cards("lowest", hand, "H") == (["H3"], False)
    assert oracle.partner_cards("highest", hand, "C") == (["S2", "H3", "D4", "H9"], True)
    assert oracle.partner_cards("no_S", hand, "C") == (["H3", "D4", "H9"], False)
    assert oracle.partner_cards("no_S", ["S2", "S3"], "C") == (["S2", "S3"], True)


# ------------------------------------------------------------------------------ Laws 62-64


def test_corrected_revoke_by_a_defender_leaves_a_penalty_card() -> None:
    """62A, 62B1 (seed 003): a defender's revoke card from his unfaced hand becomes a penalty
    card; declarer's or dummy's is replaced without penalty (62B2)."""
    assert oracle.correction("defender").penalty_card
    assert not oracle.correction("declarer").penalty_card
    assert oracle.correction("dummy").laws == ("62A", "62B2")


def test_later_cards_of_the_revoke_trick() -> None:
    """62C1: a non-offender may take back his later card without penalty; 62C2: then the next
    offending player may, a defender's card becoming a penalty card; not before."""
    assert oracle.withdrawal(True, False, True) == (True, "62C1", False)
    assert not oracle.withdrawal(False, False, True).may
    assert oracle.withdrawal(False, True, True) == (True, "62C2", True)
    assert oracle.withdrawal(False, True, False) == (True, "62C2", False)


@pytest.mark.parametrize(("own", "side_won", "later", "tricks", "law"), [
    (True, True, True, 2, "64A1"),     # won the revoke trick and a later one: two tricks
    (True, True, False, 1, "64A1"),    # won only the revoke trick: that trick
    (False, True, False, 1, "64A2"),   # partner won the revoke trick: one trick
    (False, False, True, 1, "64A2"),   # a later trick only: one trick
    (False, False, False, 0, "64B1"),  # nothing won from the revoke on: none
])
def test_tricks_transferred_for_an_established_revoke(own: bool, side_won: bool, later: bool,
                                                      tricks: int, law: str) -> None:
    """64A1, 64A2, 64B1: the simple 1987 rule of one or two tricks."""
    assert oracle.revoke_transfer("defender", 5, own, side_won, later) == (tricks, law)


def test_the_64b_exceptions_and_the_twelfth_trick() -> None:
    """64B3: dummy's revoke (a card faced on the table) costs no trick; 64B2: a second revoke
    in the same suit by the same player costs none; 62D1: a revoke on trick 12 is corrected,
    not penalised, even when established."""
    assert oracle.revoke_transfer("dummy", 5, True, True, True) == (0, "64B3")
    assert oracle.revoke_transfer("defender", 7, True, True, True, repeated=True) == (0, "64B2")
    assert oracle.revoke_transfer("declarer", 12, True, True, True) == (0, "62D1")


def test_attention_first_drawn_after_the_board_transfers_no_trick() -> None:
    """64B4: attention first drawn after a non-offender called on the next deal; 64B5: after
    the round ended. No trick, whatever was won; 62D1, 64B3 and 64B2 are asked first."""
    for late, law in (("after_next_deal", "64B4"), ("after_round", "64B5")):
        assert oracle.revoke_transfer("defender", 5, True, True, True, late=late) == (0, law)
        assert oracle.revoke_transfer("declarer", 3, False, False, False, late=late) == (0, law)
        assert oracle.revoke_transfer("dummy", 5, True, True, True, late=late) == (0, "64B3")
        assert oracle.revoke_transfer("defender", 7, True, True, True, repeated=True,
                                      late=late) == (0, "64B2")
        assert oracle.revoke_transfer("declarer", 12, True, True, True, late=late) == \
            (0, "62D1")
    with pytest.raises(ValueError, match="unknown moment"):
        oracle.revoke_transfer("defender", 5, True, True, True, late="later")


def test_dummy_winning_for_a_revoking_declarer() -> None:
    """64A (reading, DUMMY_WIN_COUNTS_FOR_DECLARER): dummy's trick is won by declarer's side,
    not by declarer himself: one trick (64A2), not the 64A1 two."""
    result = oracle.revoke_transfer("declarer", 4, False, True, True, won_by_dummy=True)
    assert result == ((2, "64A1") if oracle.DUMMY_WIN_COUNTS_FOR_DECLARER else (1, "64A2"))


def test_twelfth_trick_partner_choice() -> None:
    """62D2 (seed 003): a defender revoked on trick 12 before his partner played and the partner
    holds two suits, both of which he could legally play there: declarer may require either
    card. With a card of the suit led the partner had to play it: no choice."""
    assert oracle.twelfth_trick_partner_choice("defender", True, ["S2", "H3"], "C")
    assert not oracle.twelfth_trick_partner_choice("defender", True, ["S2", "H3"], "H")
    assert not oracle.twelfth_trick_partner_choice("defender", True, ["S2", "S3"], "C")
    assert not oracle.twelfth_trick_partner_choice("declarer", True, ["S2", "H3"], "C")


# ------------------------------------------------------------------------------ independence


@pytest.mark.parametrize("name", ["play1987.py", "cards1987.py"])
def test_the_play_oracle_imports_nothing_of_the_engine(name: str) -> None:
    """The oracle is a second implementation: only the standard library and its own modules."""
    tree = ast.parse((ORACLE / name).read_text(encoding="utf-8"))
    modules = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    engine = [m for m in modules if m.startswith("generator.") and
              not m.startswith("generator.oracle.")]
    assert engine == []


# ------------------------------------------------------------------------------ the switches


def test_each_reading_of_the_oracle_is_a_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The three readings the oracle takes where the 1987 text allows two (module docstring)
    are switches: flipping each changes the answer as documented."""
    row = oracle.lead_out_of_turn(False, "declarer", "other_hand")
    monkeypatch.setattr(oracle, "TWO_OR_MORE_ARE_MAJOR", False)
    assert oracle.penalty_class(["C4"], False, already_held=1) == (False, "50D")
    monkeypatch.setattr(oracle, "SAME_SUIT_FROM_RIGHT_HAND", False)
    assert not oracle.lead_result(row, "refuse", False, wrong_hand=True).same_suit
    monkeypatch.setattr(oracle, "DUMMY_WIN_COUNTS_FOR_DECLARER", True)
    assert oracle.revoke_transfer("declarer", 4, False, True, True, won_by_dummy=True) == \
        (2, "64A1")
