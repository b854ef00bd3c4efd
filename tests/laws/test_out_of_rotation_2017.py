"""Laws 28-32 under the 2017 code: the module switches, Law 29's letters by edition, the
director's finding over stated meanings, and the independent 2017 oracle's own rows (spec 2017
§5.6-5.10, §11.3 mini-cases 3 and 4)."""

from __future__ import annotations

from typing import Any

import pytest

from generator.laws import law29, law30
from generator.laws.engine import analyse
from generator.laws.ruler import sharing
from generator.model.meaning import parse_meaning
from generator.oracle.tables2017 import (
    call_out_of_rotation_2017,
    comparable,
    unspecified_suits,
    verdict_of,
)
from generator.table.case import parse_case


def ruling(text: str, edition: str = "2017") -> dict[str, Any]:
    out = analyse(parse_case(text.replace('edition: "2017"', f'edition: "{edition}"')))
    first: dict[str, Any] = out["rulings"][0]
    return first


def rects(r: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [x for x in r["rectifications"] if x["kind"] == kind]


PASS_AT_RHO = """format: 1
edition: "2017"
board: 1
events:
  - E P
  - S refuses
  - N 1C
  - E P
  - S 1S
  - W P
  - N 2S
  - E P
  - S P
  - W P
"""


def test_30A_brings_no_lead_restriction_unless_the_switch_is_turned(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Spec 2017 §15.3: the reading taken is no Law 26 after 30A; the other reading restricts
    W's lead over the suits E did not specify (all four: E only passed)."""
    assert law30.LEAD_RESTRICTION_AFTER_30A is False
    assert rects(ruling(PASS_AT_RHO), "lead_restriction") == []
    monkeypatch.setattr(law30, "LEAD_RESTRICTION_AFTER_30A", True)
    leads = rects(ruling(PASS_AT_RHO), "lead_restriction")
    assert [(x["seat"], x["suits"], x["law"]) for x in leads] == [("W", ["C", "D", "H", "S"],
                                                                    "26B")]


ACCEPTED = """format: 1
edition: "2017"
board: 1
events:
  - S 1H
  - W accepts
  - W P
  - N P
  - E P
"""


@pytest.mark.parametrize(("edition", "accept", "cancel"), [("1987", "29B", "29A"),
                                                             ("2017", "29A", "29B")])
def test_law_29_letters_swap_between_the_editions(edition: str, accept: str,
                                                   cancel: str) -> None:
    assert law29.CLAUSES[edition] == {"accept": accept, "cancel": cancel}
    r = ruling(ACCEPTED, edition)
    assert rects(r, "call_stands")[0]["law"] == accept
    assert cancel not in r["laws"]


def test_out_of_rotation_kinds_have_their_own_2017_rules() -> None:
    rows = sharing()
    for kind, cls in (("pass_out_of_rotation", "law30.PassOutOfRotation2017"),
                      ("bid_out_of_rotation", "law31.BidOutOfRotation2017"),
                      ("double_out_of_rotation", "law32.DoubleOutOfRotation2017"),
                      ("redouble_out_of_rotation", "law32.RedoubleOutOfRotation2017")):
        assert rows[kind]["status"] == "differs"
        assert rows[kind]["2017"] == cls


MINI3 = """format: 1
edition: "2017"
board: 1
events:
  - S P
  - W refuses
  - N 1C
  - E P
  - S 1NT
{finding}  - W P
  - N P
  - E P
meanings:
  0: {{hcp: [0, 11]}}
  4: {{hcp: [6, 10]}}
"""


@pytest.mark.parametrize(("finding", "barred"), [("", False),
                                                 ("  - director comparable\n", False),
                                                 ("  - director not_comparable\n", True)])
def test_the_directors_finding_prevails_over_the_meanings(finding: str, barred: bool) -> None:
    """Mini-case 3: by the meanings 1NT is comparable (23A2); a contrary finding undoes that
    branch and bars N once instead (30B1(b)(ii)); a concurring one changes nothing."""
    r = ruling(MINI3.format(finding=finding))
    bars = [(x["seat"], x["scope"], x["law"]) for x in rects(r, "must_pass")]
    assert bars == ([("N", "next_turn", "30B1bii")] if barred else [])
    assert bool(rects(r, "no_rectification")) is not barred
    reasons = [f["reason"] for f in r["flags"]]
    assert ("comparable_call_damage_check" in reasons) is not barred
    assert ("enforced_pass_may_damage" in reasons) is barred
    assert "comparable_call_judgement" not in reasons


def test_an_artificial_pass_is_one_whose_meaning_names_a_purpose_or_a_suit() -> None:
    assert law30.artificial(None) is False
    assert law30.artificial(parse_meaning({"hcp": [0, 11]})) is False
    assert law30.artificial(parse_meaning({"hcp": [13, 37], "purpose": "strong"})) is True
    assert law30.artificial(parse_meaning({"suits": {"S": [5, 13]}})) is True


# ------------------------------------------------------------------ the oracle's own rows


def test_oracle_rows_for_the_spec_mini_cases() -> None:
    # mini-case 3: pass at partner's turn (dealer N, offender S)
    one_nt = verdict_of({"hcp": [0, 11]}, {"hcp": [6, 10]}, None)
    assert one_nt == "comparable"
    assert call_out_of_rotation_2017("P", "S", "N", False, "refused", None, one_nt).law \
        == "30B1bi"
    one_s = verdict_of({"hcp": [0, 11]}, {"hcp": [6, 18], "suits": {"S": [4, 13]}}, None)
    out = call_out_of_rotation_2017("P", "S", "N", False, "refused", None, one_s)
    assert (out.law, out.partner_bar, out.lead_26b) == ("30B1bii", "next_turn", True)
    # mini-case 4: W 1S at S's turn; S passes -> repeat; S opens 1D -> judged
    out = call_out_of_rotation_2017("1S", "W", "S", False, "refused", "P", "none")
    assert (out.law, out.must_repeat, out.partner_bar) == ("31A1", "1S", None)
    opening = {"hcp": [11, 21], "suits": {"S": [5, 13]}}
    assert comparable(opening, {"hcp": [6, 10], "suits": {"S": [6, 13]}}) is False
    assert comparable(opening, {"hcp": [11, 16], "suits": {"S": [6, 13]}}) is True
    assert comparable(opening, {"hcp": [8, 17], "suits": {"S": [5, 13]}}) is False
    out = call_out_of_rotation_2017("1S", "W", "S", False, "refused", "1D", "open")
    assert (out.law, out.td_open, out.partner_bar) == ("31A2", True, None)


def test_oracle_never_bars_throughout_and_swaps_law_29() -> None:
    for verdict in ("none", "comparable", "not_comparable", "open"):
        for call, turn in (("P", "N"), ("1H", "N"), ("X", "N"), ("1H", "E"), ("X", "E")):
            out = call_out_of_rotation_2017(call, "S", turn, False, "refused",
                                            "1S" if turn == "E" else None, verdict)  # type: ignore[arg-type]
            assert out.partner_bar in (None, "next_turn")
            assert out.offender_bar in (None, "next_turn")
    assert call_out_of_rotation_2017("1H", "S", "N", False, "accepted", None, "none").law == "29A"
    assert unspecified_suits([("1H", None), ("2C", {"suits": {"D": [4, 13]}})]) == ["C", "S"]
