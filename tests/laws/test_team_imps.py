"""The ``other_table`` extension of the case format: a case that gives North-South's score at the
other table of a team match gets each side's IMPs on the board (Law 78B; weighted assigned scores
12C1(c) under 2017; artificial awards 12C2(b) under 2017, 86A under 1987), and a bad value is one
located error."""

from __future__ import annotations

import pytest

from generator.casecheck import cited_laws, failures
from generator.errors import InputError
from generator.laws import law34, law78, law86
from generator.laws.engine import analyse, team_imps
from generator.table.case import parse_case

SCORING = """\
format: 1
edition: "{edition}"
board: 5
contract: 4HX
declarer: E
tricks: 8
other_table: {other}
"""

# East's insufficient bid, refused; the board is then ended by the director's adjusted score.
ADJUSTED = """\
format: 1
edition: "{edition}"
board: 8   # dealer W, nobody vulnerable: 4S= is 420, 4SX-1 is -100
other_table: {other}
events:
  - W 1S
  - N 2D
  - E 1H
  - S refuses
  - E 3H
  - director adjust {adjust}
"""


@pytest.mark.parametrize("edition", ["1987", "2017"])
def test_scoring_case_gets_the_imps_of_the_difference(edition: str) -> None:
    """4HX two down non-vulnerable is NS +300; against NS -170 at the other table the difference
    470 is in the 430-490 band: 10 IMPs to North-South, -10 to East-West (78B)."""
    out = analyse(parse_case(SCORING.format(edition=edition, other=-170), "t.yaml"))
    assert out["score"] == {"declarer_side": -300, "NS": 300, "EW": -300}
    assert out["imps"] == {"other_table": -170, "difference": 470, "NS": 10, "EW": -10,
                           "law": "78B", "laws": ["78B"]}
    assert "78B" in cited_laws(out)


def test_a_case_without_other_table_has_no_imps_field() -> None:
    """The fields the case format fixes are unchanged and nothing is added without the field."""
    text = SCORING.format(edition="2017", other=0).replace("other_table: 0\n", "")
    out = analyse(parse_case(text, "t.yaml"))
    assert "imps" not in out
    assert not any(law.startswith("78") for law in cited_laws(out))


def test_equal_scores_are_a_flat_board() -> None:
    out = analyse(parse_case(SCORING.format(edition="2017", other=300), "t.yaml"))
    assert out["imps"]["NS"] == 0 and out["imps"]["EW"] == 0
    assert out["imps"]["difference"] == 0


def test_a_2017_weighted_assigned_score_is_imped_outcome_by_outcome() -> None:
    """12C1(c): 4S= (NS +420) at 0.4 and 4SX-1 (NS -100) at 0.6 against NS +170 at the other
    table: +250 is 6 IMPs, -270 is -7 IMPs; 0.4 x 6 + 0.6 x -7 = -1.8, not the IMPs of the
    weighted score (0.4 x 420 + 0.6 x -100 = 108, 108 - 170 = -62: -2 IMPs)."""
    adjust = 'assigned "4S= NS+420" weight 0.4 "4SX-1 NS-100" weight 0.6'
    out = analyse(parse_case(ADJUSTED.format(edition="2017", other=170, adjust=adjust), "t.yaml"))
    assert out["imps"]["NS"] == -1.8 and out["imps"]["EW"] == 1.8
    assert out["imps"]["laws"] == ["78B", "12C1c"]
    assert law78.imps(108 - 170, "2017") == -2  # what a weighted *score* would wrongly give


def test_a_1987_assigned_score_imps_each_side_from_its_own_score() -> None:
    """1987 12C2: the non-offenders (NS) get 4S= +420, the offenders the same result here (it
    is also their worst), so against +170 the sides get +6 and -6."""
    adjust = 'assigned "4S= NS+420" weight 0.5 "4SX-1 NS-100" weight 0.5'
    out = analyse(parse_case(ADJUSTED.format(edition="1987", other=170, adjust=adjust), "t.yaml"))
    assert out["imps"] == {"other_table": 170, "NS": 6, "EW": -6, "law": "78B",
                           "laws": ["78B"]}


def test_non_balancing_1987_assigned_scores_are_imped_separately() -> None:
    """When the two sides' assigned scores differ, each side is IMPed from its own score."""
    out = {"score": None, "rulings": [{"rectifications": [
        {"kind": "adjusted_score", "adjustment": "assigned", "score": {"NS": 420, "EW": 100}}]}]}
    imps = team_imps(out, 170, "1987")
    assert imps is not None
    # NS: 420 here against +170 there, 250: 6 IMPs. EW's score is from EW's point of view
    # (+100 here) and the other table gave East-West -170: 100 + 170 = 270, 7 IMPs.
    assert (imps["NS"], imps["EW"]) == (6, 7)


def test_an_artificial_score_is_worth_its_award_and_2017_flags_86b1() -> None:
    """2017: +3/-3 (12C2b) whatever the other table scored; 86B1 is flagged (the director
    weighs the other table's result and assigns a score if it is clearly favourable to one
    side)."""
    out = analyse(parse_case(ADJUSTED.format(edition="2017", other=620,
                                             adjust="artificial NS avg+ EW avg-"), "t.yaml"))
    assert out["imps"] == {"other_table": 620, "NS": 3, "EW": -3, "law": "12C2b",
                           "laws": ["12C2b", "86B1"],
                           "flags": [{"reason": "other_table_clearly_favourable", "law": "86B1"}]}
    assert "86B1" in cited_laws(out)


def test_an_artificial_score_under_1987_cites_86a_and_flags_nothing() -> None:
    out = analyse(parse_case(ADJUSTED.format(edition="1987", other=620,
                                             adjust="artificial NS avg+ EW avg-"), "t.yaml"))
    assert out["imps"] == {"other_table": 620, "NS": 3, "EW": -3, "law": "86A",
                           "laws": ["86A"], "flags": []}


def test_the_86b1_switch_off_drops_the_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(law86, "FLAG_OTHER_TABLE_2017", False)
    out = analyse(parse_case(ADJUSTED.format(edition="2017", other=620,
                                             adjust="artificial NS avg EW avg"), "t.yaml"))
    assert out["imps"]["laws"] == ["12C2b"] and out["imps"]["flags"] == []
    assert (out["imps"]["NS"], out["imps"]["EW"]) == (0, 0)


def test_an_artificial_score_without_a_split_has_no_imps_yet() -> None:
    """A cancelled board whose fault is still to be found (12C2a flag) has no IMPs to give."""
    out = {"rulings": [{"rectifications": [
        {"kind": "adjusted_score", "adjustment": "artificial", "law": "12C2a"}]}]}
    imps = team_imps(out, 0, "2017")
    assert imps is not None and imps["NS"] is None and imps["EW"] is None


def test_a_bare_adjusted_score_order_is_not_an_adjustment() -> None:
    """27D orders an adjusted score before the director gives it: no IMPs from it; the table
    score counts until the director's ``adjust`` event."""
    out = {"score": {"NS": 420, "EW": -420, "declarer_side": 420},
           "rulings": [{"rectifications": [{"kind": "adjusted_score", "law": "27D"}]}]}
    imps = team_imps(out, 420, "2017")
    assert imps is not None and imps["NS"] == 0 and imps["difference"] == 0


def test_imps_are_null_while_the_board_is_in_progress() -> None:
    text = ADJUSTED.format(edition="2017", other=0, adjust="x").replace(
        "  - director adjust x\n", "")
    out = analyse(parse_case(text, "t.yaml"))
    assert out["score"] is None
    assert out["imps"] is None


def test_expect_imps_is_checked() -> None:
    out = analyse(parse_case(SCORING.format(edition="2017", other=-170), "t.yaml"))
    assert failures({"imps": {"NS": 10, "law": "78B"}}, out) == []
    assert failures({"imps": {"NS": 9}}, out) != []


def test_other_table_round_trips() -> None:
    case = parse_case(SCORING.format(edition="2017", other=-170), "t.yaml")
    assert case.other_table == -170
    assert case.to_dict()["other_table"] == -170
    assert case.under("1987").other_table == -170


@pytest.mark.parametrize(("value", "fragment"), [
    ("175", "multiple of 10"),
    ("20", "no contract and result score it"),
    ("abc", "a whole number like -170"),
    ("true", "a whole number like -170"),
    ("1.5", "a whole number like -170"),
    ("[1]", "must be a single value"),
])
def test_bad_other_table_is_one_located_error(value: str, fragment: str) -> None:
    with pytest.raises(InputError) as info:
        parse_case(SCORING.format(edition="2017", other=value), "bad.yaml")
    line = info.value.one_line()
    assert line.startswith("bad.yaml:7: "), line
    assert fragment in line
    assert "\n" not in line


RETAINED = """\
format: 1
edition: "{edition}"
board: 3
events:
  - S 1H
  - N P
  - E accepts
  - E P
  - S P
  - director
"""


def test_a_2017_retained_right_to_call_cites_17d3_not_its_pointer_34() -> None:
    """2017 Law 34 only points to 17D3, where the rule now lives: the ruling cites 17D3."""
    out = analyse(parse_case(RETAINED.format(edition="2017"), "t.yaml"))
    laws = out["rulings"][0]["laws"]
    assert "17D3" in laws and "34" not in laws
    assert out["state"]["next"] == "W"


def test_the_law34_pointer_switch_on_cites_34_beside_17d3(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(law34, "CITE_POINTER_2017", True)
    laws = analyse(parse_case(RETAINED.format(edition="2017"), "t.yaml"))["rulings"][0]["laws"]
    assert "17D3" in laws and "34" in laws


def test_1987_retained_right_to_call_still_cites_34_only() -> None:
    laws = analyse(parse_case(RETAINED.format(edition="1987"), "t.yaml"))["rulings"][0]["laws"]
    assert "34" in laws and "17D3" not in laws
