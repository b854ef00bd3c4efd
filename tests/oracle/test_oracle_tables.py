"""Table tests of the 1987 oracle (``generator.oracle``): one named case per clause and situation.

Each test's docstring cites the clause and says the situation in words; seats are clockwise
N, E, S, W (a player's RHO is the seat before him).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.oracle import (
    SEATS,
    Outcome,
    call_out_of_rotation,
    canonical,
    change_of_call,
    combine_leads,
    dealer_of_board,
    insufficient_bid,
    is_sufficient,
    lead_restriction_for,
    lead_restriction_lifted,
    lowest_sufficient,
    parse_call,
    relation,
)

# ------------------------------------------------------------------------------ call helpers


def test_parse_and_canonical_spellings() -> None:
    """Calls parse in the case format's spellings, any case; "1N" is 1NT, "pass" is P."""
    assert canonical("1n") == "1NT"
    assert canonical("2nt") == "2NT"
    assert canonical("pass") == "P"
    assert canonical("x") == "X"
    assert canonical("XX") == "XX"
    assert parse_call("3S").suit == "S"
    assert parse_call("3NT").suit is None
    with pytest.raises(ValueError):
        parse_call("8C")
    with pytest.raises(ValueError):
        parse_call("1Z")


def test_relations_clockwise() -> None:
    """Seats run clockwise N, E, S, W: W's LHO is N, his RHO is S."""
    assert relation("W", "N") == "lho"
    assert relation("W", "E") == "partner"
    assert relation("W", "S") == "rho"
    assert relation("E", "N") == "rho"
    with pytest.raises(ValueError):
        relation("E", "E")


def test_lowest_sufficient_bid() -> None:
    """27B1's target: 1H over 1S -> 2H; 1NT over 1S -> 1NT; nothing above 7NT."""
    assert lowest_sufficient("1S", "H") == "2H"
    assert lowest_sufficient("1S", "NT") == "1NT"
    assert lowest_sufficient("2S", "C") == "3C"
    assert lowest_sufficient("7NT", "S") is None
    assert is_sufficient("2C", "1NT")
    assert not is_sufficient("1NT", "1NT")


def test_dealer_by_board() -> None:
    """Law 2: boards 1-4 are dealt by N, E, S, W; board 5 by N again."""
    assert [dealer_of_board(b) for b in (1, 2, 3, 4, 5, 16)] == ["N", "E", "S", "W", "N", "W"]


# ------------------------------------------------------------------------------ Law 26


def test_lead_26a_suit_bid() -> None:
    """26A: a withdrawn suit bid (1H) restricts the lead in that suit."""
    assert lead_restriction_for("1H") == ("26A", "H")


def test_lead_26b_other_calls() -> None:
    """26B: a withdrawn notrump bid, pass, double or redouble names no suit."""
    for call in ("2NT", "P", "X", "XX"):
        assert lead_restriction_for(call) == ("26B", None)


def test_combine_leads() -> None:
    """26A wins when a suit bid and a call naming no suit were both withdrawn (25B2(B)(2))."""
    assert combine_leads(["P", "1S"]) == ("26A", ("S",))
    assert combine_leads(["1NT", "X"]) == ("26B", ())
    assert combine_leads([]) == (None, ())


def test_lead_lifted_26a1_and_same_call() -> None:
    """26A1: suit later bid by the offender; preamble: final call equal to the withdrawn one."""
    assert lead_restriction_lifted("1H", "2D", ["3H"]) == "26A1"
    assert lead_restriction_lifted("1H", "3H") == "26A1"
    assert lead_restriction_lifted("2NT", "2NT") == "26"
    assert lead_restriction_lifted("1H", "2D", ["3NT"]) is None
    assert lead_restriction_lifted("1NT", "2NT", ["3NT"]) is None


# ------------------------------------------------------------------------------ Law 27


def test_27a_accepted() -> None:
    """27A: 1H over 1S accepted by LHO: the insufficient bid stands, no penalty."""
    assert insufficient_bid("1S", "1H", True, None) == Outcome("27A", stands=True)


def test_27b1_lowest_same_denomination() -> None:
    """27B1: 1H over 1S corrected to 2H: no penalty."""
    assert insufficient_bid("1S", "1H", False, "2H") == Outcome("27B1")


def test_27b1_notrump_same_level() -> None:
    """27B1: 1NT over 2C corrected to 2NT (lowest sufficient notrump): no penalty."""
    assert insufficient_bid("2C", "1NT", False, "2NT") == Outcome("27B1")


def test_27b2_jump_in_same_suit() -> None:
    """27B2: 1H over 1S corrected to 3H (not the lowest): partner passes throughout, 26A hearts."""
    assert insufficient_bid("1S", "1H", False, "3H") == Outcome(
        "27B2", partner_bar="throughout", lead_restriction="26A", lead_suits=("H",),
        withdrawn=("1H",))


def test_27b2_other_suit() -> None:
    """27B2: 1H over 1S corrected to 2D: partner passes throughout, 26A on hearts (IB05)."""
    out = insufficient_bid("1S", "1H", False, "2D")
    assert (out.law, out.partner_bar, out.lead_restriction, out.lead_suits) == (
        "27B2", "throughout", "26A", ("H",))


def test_27b2_pass_substituted() -> None:
    """27B2: 1D over 1H replaced by a pass: partner passes throughout, 26A diamonds."""
    out = insufficient_bid("1H", "1D", False, "P")
    assert (out.law, out.partner_bar, out.lead_restriction, out.lead_suits) == (
        "27B2", "throughout", "26A", ("D",))


def test_27b2_notrump_insufficient() -> None:
    """27B2: 1NT over 2D corrected to 3NT: partner passes throughout, 26B (no suit named)."""
    out = insufficient_bid("2D", "1NT", False, "3NT")
    assert (out.law, out.partner_bar, out.lead_restriction, out.lead_suits) == (
        "27B2", "throughout", "26B", ())


def test_27b3_double_substituted() -> None:
    """27B3: 1C over 1S replaced by a double: counts as a pass, partner throughout, 26A clubs."""
    out = insufficient_bid("1S", "1C", False, "X")
    assert (out.law, out.partner_bar, out.lead_restriction, out.lead_suits) == (
        "27B3", "throughout", "26A", ("C",))


def test_27b_not_yet_substituted() -> None:
    """27B: refused, the substitute not yet made: no clause chosen, no penalty yet."""
    assert insufficient_bid("1S", "1H", False, None) == Outcome("27B")


def test_27b2_above_seven_no_lowest() -> None:
    """27B1 cannot apply over 7NT (no sufficient bid in any denomination): the pass is 27B2."""
    assert insufficient_bid("7NT", "7S", False, "P").law == "27B2"


def test_27_rejects_sufficient_bid() -> None:
    """Law 27 needs an insufficient bid; its substitute, if a bid, must be sufficient."""
    with pytest.raises(ValueError):
        insufficient_bid("1H", "1S", False, None)
    with pytest.raises(ValueError):
        insufficient_bid("1S", "1H", False, "1D")


# ------------------------------------------------------------------------------ Law 25


def test_25a_inadvertent() -> None:
    """25A: 1C corrected to 1D without pause: the new call stands, no penalty."""
    assert change_of_call("1C", "1D", True, False, None) == Outcome("25A", stands=True)


def test_25b1_accepted() -> None:
    """25B1: 1C changed to 1NT, LHO accepts: 1NT stands, no penalty."""
    assert change_of_call("1C", "1NT", False, True, None) == Outcome("25B1", stands=True)


def test_25b2b1_first_call_stands() -> None:
    """25B2(B)(1) + 25B2(C): 1C changed to 1NT, refused, 1C kept: partner passes next turn,
    Law 26 on the withdrawn 1NT (26B) (CC02)."""
    assert change_of_call("1C", "1NT", False, False, "1C") == Outcome(
        "25B2b1", partner_bar="next_turn", lead_restriction="26B", withdrawn=("1NT",))


def test_25b2b2_other_call() -> None:
    """25B2(B)(2) + 25B2(C): 1C changed to 1H, refused, 2D chosen: partner passes throughout;
    both 1C and 1H were withdrawn at that turn: 26A on clubs and hearts."""
    assert change_of_call("1C", "1H", False, False, "2D") == Outcome(
        "25B2b2", partner_bar="throughout", lead_restriction="26A", lead_suits=("C", "H"),
        withdrawn=("1C", "1H"))


def test_25b2b2_final_is_the_change() -> None:
    """25B2(B)(2) + Law 26 preamble: 1NT changed to 2H, refused, 2H made anyway: partner passes
    throughout; only 1NT was withdrawn for good: 26B."""
    assert change_of_call("1NT", "2H", False, False, "2H") == Outcome(
        "25B2b2", partner_bar="throughout", lead_restriction="26B", withdrawn=("1NT",))


def test_25b2b2_pass_to_bid() -> None:
    """25B2(B)(2): P changed to 1S, refused, offender doubles: partner passes throughout, 26A S."""
    out = change_of_call("P", "1S", False, False, "X")
    assert (out.law, out.partner_bar, out.lead_restriction, out.lead_suits) == (
        "25B2b2", "throughout", "26A", ("S",))


def test_25b2_not_yet_chosen() -> None:
    """25B2: refused, the offender has not yet chosen his final call: no clause chosen."""
    assert change_of_call("1C", "1NT", False, False, None) == Outcome("25B2")


def test_25a_wins_over_acceptance() -> None:
    """25A: an inadvertent correction needs no acceptance; the flag decides."""
    assert change_of_call("2H", "2S", True, True, None).law == "25A"


def test_25_no_change() -> None:
    """Law 25 needs a different call."""
    with pytest.raises(ValueError):
        change_of_call("1C", "1c", False, False, None)


# ------------------------------------------------------------------------------ Laws 28-32


def test_29b_accepted() -> None:
    """29B: S bids 1S at E's turn (dealer E), W accepts: the bid stands, no penalty (BO05)."""
    assert call_out_of_rotation("1S", "S", "E", False, False, True, None, None) == Outcome(
        "29B", stands=True)


def test_28b_rho_calls_first() -> None:
    """28B: S bids 1S at E's turn and E calls before any ruling: no penalty."""
    out = call_out_of_rotation("1S", "S", "E", False, False, False, None, None, superseded=True)
    assert out == Outcome("28B")


def test_30a_pass_before_any_bid() -> None:
    """30A: E passes at dealer N's turn, not accepted: E passes at his next turn (P01)."""
    assert call_out_of_rotation("P", "E", "N", False, False, False, None, None) == Outcome(
        "30A", offender_bar="next_turn")


def test_30a_pass_at_partner_turn_before_bid() -> None:
    """30A: before any bid, the relation does not matter: W passes at E's turn (after N's pass)."""
    assert call_out_of_rotation("P", "W", "E", False, False, False, None, None).law == "30A"


def test_30b1_pass_at_rho_turn() -> None:
    """30B1: after N 1C, S passes at E's turn (E is S's RHO): S passes at his next turn,
    nothing for N."""
    assert call_out_of_rotation("P", "S", "E", True, False, False, None, None) == Outcome(
        "30B1", offender_bar="next_turn")


def test_30b2_pass_at_partner_turn() -> None:
    """30B2: after N 1C, W passes at E's turn: W passes throughout, E may not X/XX at that turn."""
    assert call_out_of_rotation("P", "W", "E", True, False, False, None, None) == Outcome(
        "30B2", offender_bar="throughout", partner_no_double=True)


def test_30b3_pass_at_lho_turn_after_calling() -> None:
    """30B3: N 1C, then N passes at E's turn: a change of call (Law 25), no 30 penalty."""
    assert call_out_of_rotation("P", "N", "E", True, True, False, None, None) == Outcome("30B3")


def test_31a1_rho_passes() -> None:
    """31A1: N 1C, S bids 1H at E's turn, E passes: S must repeat 1H, no penalty."""
    assert call_out_of_rotation("1H", "S", "E", True, False, False, "P", None) == Outcome(
        "31A1", must_repeat="1H")


def test_31a2a_same_denomination() -> None:
    """31A2(a): S bids 1H at E's turn, E bids 1S, S bids 2H: N passes at his next turn."""
    assert call_out_of_rotation("1H", "S", "E", True, False, False, "1S", "2H") == Outcome(
        "31A2a", partner_bar="next_turn")


def test_31a2b_other_call() -> None:
    """31A2(b): S bids 1H at E's turn, E bids 1S, S bids 1NT: N passes throughout, 26A hearts."""
    assert call_out_of_rotation("1H", "S", "E", True, False, False, "1S", "1NT") == Outcome(
        "31A2b", partner_bar="throughout", lead_restriction="26A", lead_suits=("H",),
        withdrawn=("1H",))


def test_31a2b_pass_final() -> None:
    """31A2(b): S's 2NT at E's turn cancelled, E bids 3C, S passes: N throughout, 26B."""
    out = call_out_of_rotation("2NT", "S", "E", True, False, False, "3C", "P")
    assert (out.law, out.partner_bar, out.lead_restriction) == ("31A2b", "throughout", "26B")


def test_31a_waiting_for_rho() -> None:
    """31A: cancelled, RHO has not called yet: no sub-clause chosen, no penalty yet."""
    assert call_out_of_rotation("1H", "S", "E", True, False, False, None, None) == Outcome("31A")


def test_31b_partner_turn() -> None:
    """31B: dealer N, S opens 1S at N's turn (partner's): N passes throughout, 26A spades."""
    assert call_out_of_rotation("1S", "S", "N", False, False, False, None, "1S") == Outcome(
        "31B", partner_bar="throughout", lead_restriction="26A", lead_suits=("S",),
        withdrawn=("1S",))


def test_31b_lho_turn_offender_not_called() -> None:
    """31B: dealer N, W opens 1D at N's turn (W's LHO), W not yet called: E passes throughout."""
    out = call_out_of_rotation("1D", "W", "N", False, False, False, None, None)
    assert (out.law, out.partner_bar, out.lead_restriction, out.lead_suits) == (
        "31B", "throughout", "26A", ("D",))


def test_31_lho_turn_after_calling_is_change() -> None:
    """Law 31 (spec 5.9): N 1C, then N bids 1H at E's turn: a change of call (Law 25)."""
    assert call_out_of_rotation("1H", "N", "E", True, True, False, None, None) == Outcome("25")


def test_32a_double_at_partner_turn() -> None:
    """32A: N 1S, W doubles at E's turn (partner's): E passes throughout, 26B."""
    assert call_out_of_rotation("X", "W", "E", True, False, False, None, None) == Outcome(
        "32A", partner_bar="throughout", lead_restriction="26B", withdrawn=("X",))


def test_32b_rho_passes_repeat() -> None:
    """32B: N 1S, E P, then W doubles at S's turn (W's RHO), S passes: W must repeat X."""
    assert call_out_of_rotation("X", "W", "S", True, False, False, "P", None) == Outcome(
        "32B", must_repeat="X")


def test_32b_rho_bids() -> None:
    """32B: W's double at S's turn cancelled, S bids 2S: E passes throughout, 26B."""
    assert call_out_of_rotation("X", "W", "S", True, False, False, "2S", "P") == Outcome(
        "32B", partner_bar="throughout", lead_restriction="26B", withdrawn=("X",))


def test_32b_redouble_rho_passes() -> None:
    """32B: a redouble at RHO's turn, RHO passes: the offender must repeat XX."""
    assert call_out_of_rotation("XX", "N", "W", True, False, False, "P", None).must_repeat == "XX"


def test_oor_impossible_and_out_of_scope() -> None:
    """Own turn, X before any bid (Law 36), 28B at partner's turn: outside the tables."""
    with pytest.raises(ValueError):
        call_out_of_rotation("1C", "N", "N", False, False, False, None, None)
    with pytest.raises(ValueError):
        call_out_of_rotation("X", "E", "N", False, False, False, None, None)
    with pytest.raises(ValueError):
        call_out_of_rotation("1C", "S", "N", True, False, False, None, None, superseded=True)


# ------------------------------------------------------------------------------ invariants

CALLS = ["P", "X", "XX", *[f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT")]]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CALLS), st.sampled_from(SEATS), st.sampled_from(SEATS), st.booleans(),
       st.booleans(), st.booleans(), st.sampled_from([None, *CALLS]),
       st.sampled_from([None, *CALLS]))
def test_oor_outcomes_are_consistent(call: str, offender: str, turn: str, any_bid: bool,
                                     called: bool, accepted: bool, rho_next: str | None,
                                     final: str | None) -> None:
    """Whatever the row: a standing call carries no penalty; a lead restriction always goes
    with a bar on partner for throughout; 26A always has a suit; only 30 bars the offender."""
    try:
        out = call_out_of_rotation(call, offender, turn, any_bid, called, accepted, rho_next,
                                   final)
    except ValueError:
        return
    if out.stands:
        assert out == Outcome(out.law, stands=True)
    if out.lead_restriction is not None:
        assert out.partner_bar == "throughout"
    assert (out.lead_restriction == "26A") == bool(out.lead_suits)
    # 30B3 sends a pass at LHO's turn to Law 25: no bar of its own on the offender
    assert (out.offender_bar is not None) == (out.law.startswith("30") and out.law != "30B3")
    assert out.must_repeat in (None, canonical(call))
