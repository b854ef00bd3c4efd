"""The 2017 rulings of Laws 61-71 where they differ from 1987 (laws2017_spec §7.5-§7.7), and the
module switches that carry the readings taken: 64B3 for a penalty card not played (a case needs
Law 52's rule, registered here from the 1987 module as a stand-in), 64B7 and the 64B8 reading,
69B's "likely" reading, 67B1 with the switch on dummy.

Until the 2017 scoring table is on the branch the tests score 2017 with the 1987 table: every
contract here is undoubled, where the two tables agree (laws2017_spec §9.1)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from generator.laws import law52, law61, law64, law69, law77
from generator.laws.editions import rule_under
from generator.laws.ruler import REGISTRY, load_rules
from generator.model.seat import Seat
from generator.table.case import load_case
from generator.table.irregularities import Kind

CASES = Path(__file__).resolve().parents[1] / "cases"

#: a defender's revoke corrected (62B1: the C7, his only club, a penalty card), then a club led
#: and the H2 played instead: a revoke that fails to play a penalty card (and a 52 fact beside it)
PENALTY_CARD_REVOKE = """
format: 1
edition: "2017"
board: 7
deal: "N:JT3.K8.J93.AKT86 542.T96.AQT6.Q53 A9876.A.K42.J942 KQ.QJ75432.875.7"
events: [S P, W P, N 1C, E P, S 2C, W P, N P, E P,
         E leads H6, S plays HA, W plays H4, N plays HK,
         S leads DK, W plays D7, N plays DJ, E plays DQ,
         S leads D2, W plays C7, director, W plays D5, N plays D9, E plays D6,
         N leads CA, E plays C3, S plays C2, W plays H2, N chooses accept,
         N claims 8]
"""


@pytest.fixture(autouse=True)
def _scoring_2017(monkeypatch: pytest.MonkeyPatch) -> None:
    if "2017" not in law77.TABLES:
        monkeypatch.setitem(law77.TABLES, "2017", law77.TABLES["1987"])


def _revoke_rulings(result: dict[str, Any]) -> list[dict[str, Any]]:
    facts = result["irregularities"]
    return [r for r in result["rulings"] if facts[r["irregularity"]]["kind"] == "revoke"]


def _kinds(ruling: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r["kind"], r.get("law", "")) for r in ruling["rectifications"]]


def test_revoke_failing_to_play_a_penalty_card_costs_no_trick_under_2017(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_rules()
    if ("2017", Kind.PENALTY_CARD_NOT_PLAYED) not in REGISTRY:
        monkeypatch.setitem(REGISTRY, ("2017", Kind.PENALTY_CARD_NOT_PLAYED),
                            law52.PenaltyCardNotPlayed)
    path = tmp_path / "case.yaml"
    path.write_text(PENALTY_CARD_REVOKE)
    case = load_case(path)
    second_2017 = _revoke_rulings(rule_under(case, "2017"))[1]
    assert ("no_rectification", "64B3") in _kinds(second_2017)
    assert not any(k == "trick_transfer" for k, _ in _kinds(second_2017))
    assert {"reason": "equity_check", "law": "64C1", "adjustment": "assigned"} in \
        second_2017["flags"]
    # the 1987 rule, as this engine reads it, pays for it with a trick (64A2)
    second_1987 = _revoke_rulings(rule_under(case, "1987"))[1]
    assert ("trick_transfer", "64A2") in _kinds(second_1987)


def _stub(seat: Seat, established: bool, under_62c3: bool) -> law61.Revoke2017:
    rule = law61.Revoke2017.__new__(law61.Revoke2017)
    rule.fact = SimpleNamespace(seat=seat)  # type: ignore[assignment]
    rule.established = established
    rule.under_62c3 = under_62c3
    return rule


@pytest.mark.parametrize(("switch", "both"), [(True, False), (False, True)])
def test_64b7_counts_a_revoke_corrected_under_62c3_only_with_the_b8_switch_off(
        monkeypatch: pytest.MonkeyPatch, switch: bool, both: bool) -> None:
    monkeypatch.setattr(law64, "B8_FOR_62C3", switch)
    west = _stub(Seat.W, established=True, under_62c3=True)
    north = _stub(Seat.N, established=True, under_62c3=False)
    ruler = SimpleNamespace(rules={0: west, 1: north})
    west.ruler = north.ruler = ruler  # type: ignore[assignment]
    assert law64.both_sides_revoked(north) is both
    # a revoke of the same side never makes it "both sides"
    east = _stub(Seat.E, established=True, under_62c3=False)
    ruler.rules = {0: east, 1: west}
    assert law64.both_sides_revoked(west) is False


def _claim_tricks(result: dict[str, Any]) -> dict[str, int]:
    rects = [r for ruling in result["rulings"] for r in ruling["rectifications"]
             if r["kind"] == "claim_tricks"]
    return dict(rects[-1]["tricks"])


LIKELY = CASES / "differential" / (
    "acquiescence-withdrawn-for-tricks-careful-play-wins-is-refused-under-1987-"
    "and-granted-under-2017.yaml")


def test_69b_likely_reading_is_the_careful_line_and_its_switch_restores_the_1987_test(
        monkeypatch: pytest.MonkeyPatch) -> None:
    case = load_case(LIKELY)
    assert _claim_tricks(rule_under(case, "2017")) == {"NS": 10, "EW": 3}
    assert _claim_tricks(rule_under(case, "1987")) == {"NS": 6, "EW": 7}
    monkeypatch.setattr(law69, "LIKELY_IS_CAREFUL_LINE", False)
    assert _claim_tricks(rule_under(case, "2017")) == {"NS": 6, "EW": 7}


def test_69b_note_says_likely_under_2017() -> None:
    result = rule_under(load_case(LIKELY), "2017")
    topics = [n["topic"] for r in result["rulings"] for n in r.get("notes") or ()]
    assert "acquiescence_withdrawn_likely" in topics
    assert "acquiescence_withdrawn" not in topics


def test_twelfth_trick_revoke_offers_declarer_no_card_under_2017() -> None:
    case = load_case(CASES / "differential" / (
        "twelfth-trick-revoke-gives-declarer-the-partners-card-under-1987-and-a-16c-flag-"
        "under-2017.yaml"))
    new, old = rule_under(case, "2017"), rule_under(case, "1987")
    assert not _revoke_rulings(new)[0].get("options")
    assert any(o["seat"] == "S" for o in _revoke_rulings(old)[0]["options"])
    flags = _revoke_rulings(new)[0]["flags"]
    assert {"reason": "revoke_card_unauthorised", "law": "62D2", "seat": "E"} in flags


def test_revoke_concession_and_claim_sharing() -> None:
    from generator.laws.ruler import sharing

    table = sharing()
    assert table["revoke"]["status"] == "differs"
    assert table["defective_trick"]["status"] == "differs"
    assert table["claim"]["status"] == "differs"
    assert table["concession"]["status"] == "shared"


DUMMY_LATE = CASES / "2017" / "law67" / "dummy-who-missed-a-trick-noticed-late-costs-no-trick.yaml"


@pytest.mark.parametrize(("switch", "tricks"), [(True, 0), (False, 1)])
def test_dummy_missing_card_found_late_costs_a_trick_only_with_the_switch_off(
        monkeypatch: pytest.MonkeyPatch, switch: bool, tricks: int) -> None:
    from generator.laws import law67

    monkeypatch.setattr(law67, "DUMMY_67B_IS_64B3", switch)
    result = rule_under(load_case(DUMMY_LATE), "2017")
    moved = [r["tricks"] for ruling in result["rulings"] for r in ruling["rectifications"]
             if r["kind"] == "trick_transfer"]
    assert sum(moved) == tricks
