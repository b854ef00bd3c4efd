"""Law 24 penalty cards and Law 26 lead restrictions are stated conditionally during the auction
(they bind only if the offender's side defends), stay in the ruling once the auction is over, and
the state says whether they apply (issue 13, class 10)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.laws.engine import analyse
from generator.table.case import load_case

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"


def result(law: str, name: str) -> dict[str, Any]:
    return analyse(load_case(CASES / law / f"{name}.yaml"))


def test_auction_penalty_card_is_conditional_while_the_auction_goes_on() -> None:
    out = result("law24", "honour-exposed-in-the-auction-is-ruled-at-once-as-a-major-penalty-card-"
                          "if-the-offender-defends")
    assert out["state"]["penalty_cards"] == [
        {"seat": "S", "card": "HK", "major": True, "law": "24B", "status": "if_defending"}]
    ruling = out["rulings"][0]
    assert "If South's side defends, ♥K becomes a major penalty card" in ruling["explanation"]["en"]
    assert "Если сторона Юга станет вистующей" in ruling["explanation"]["ru"]


def test_auction_penalty_card_is_in_force_once_the_offender_defends() -> None:
    out = result("law24", "honour-exposed-in-the-auction-gives-declarer-the-lead-options-when-the-"
                          "offenders-partner-leads-first")
    assert out["state"]["penalty_cards"] == [
        {"seat": "S", "card": "HK", "major": True, "law": "24B", "status": "in_force"}]
    assert {"kind": "penalty_card_duty", "seat": "S"} in out["state"]["constraints"]


def test_auction_penalty_card_lapses_when_the_offenders_side_declares() -> None:
    out = result("law24", "honour-exposed-by-the-future-dummy-stays-in-the-ruling-as-a-penalty-"
                          "card-that-does-not-apply")
    state = out["state"]
    assert state["penalty_cards"] == [
        {"seat": "E", "card": "HQ", "major": True, "law": "24B", "status": "lapsed"}]
    assert "E" not in state["exposed"] and state["constraints"] == []
    text = out["rulings"][0]["explanation"]
    assert "East's side declares, so the card is simply picked up" in text["en"]
    assert "разыгрывает контракт" in text["ru"]


def test_lead_restriction_status_follows_the_auction() -> None:
    during = result("law26", "lead-restriction-is-stated-conditionally-while-the-auction-goes-on")
    assert [r["status"] for r in during["state"]["lead_restrictions"]] == ["if_defending"]
    defending = result("law26", "restricted-defender-on-opening-lead-gives-declarer-his-lead-"
                                "choice-at-once")
    assert [r["status"] for r in defending["state"]["lead_restrictions"]] == ["in_force"]
    lapsed = result("law26", "lead-restriction-lapses-when-the-offending-side-declares")
    assert [(r["seat"], r["status"]) for r in lapsed["state"]["lead_restrictions"]] == [
        ("E", "lapsed")]
    assert "so this does not apply" in lapsed["rulings"][0]["explanation"]["en"]


def test_lapsed_lead_restriction_is_never_offered_at_the_restricted_players_lead(
        tmp_path: Path) -> None:
    """The offender's partner is dummy: when dummy wins a trick and leads, declarer is not asked
    to restrict his own side's lead."""
    source = CASES / "law26" / "lead-restriction-lapses-when-the-offending-side-declares.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.pop("expect")
    data["events"] += ["N leads S2", "E plays SA", "S plays S3", "W plays S4", "director"]
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out = analyse(load_case(path))
    assert out["state"]["next"] == "E"
    assert [o for r in out["rulings"] for o in r["options"] if "chosen" not in o] == []
