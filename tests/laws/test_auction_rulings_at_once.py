"""What the director says at once about the inadmissible calls of Laws 35-39 (issue 13, class 1,
review round 2): a condoned inadmissible double says that the later calls go with it and who calls
now (35A); a double out of rotation cancelled at once says that the offender calls at his own turn
(36); a barred player's call out of rotation is ruled under Law 37 and never told to be repeated,
and with Law 37's switch off Law 31 still does not tell him to repeat it."""

from __future__ import annotations

from typing import Any

import pytest

from generator.laws import law37
from generator.laws.engine import analyse
from generator.table.case import parse_case


def rule(events: list[str], board: int) -> dict[str, Any]:
    lines = "\n".join(f"  - {e}" for e in events)
    return analyse(parse_case(f"format: 1\nboard: {board}\nevents:\n{lines}\n"))


BARRED_OUT_OF_TURN = ["W 1S", "N 1D", "E refuses", "N P", "S 2C"]


def test_condoned_double_says_the_later_call_goes_too_and_who_calls_now() -> None:
    ruling = rule(["W 1H", "N P", "E X", "S 1S", "director"], board=12)["rulings"][0]
    en, ru = ruling["explanation"]["en"], ruling["explanation"]["ru"]
    assert en.count("The irregular call is cancelled") == 1
    assert "The calls after it are cancelled too" in en
    assert "The turn to call goes back to East" in en
    assert "Заявки, сделанные после неё, тоже аннулируются" in ru
    assert "Очередь заявки возвращается к Востоку" in ru


def test_double_out_of_turn_cancelled_at_once_says_the_offender_calls_at_his_turn() -> None:
    ruling = rule(["N 1S", "E 2C", "W X", "director"], board=5)["rulings"][0]
    assert {"kind": "calls_at_own_turn", "seat": "W", "calls": "any_legal",
            "law": "36"} in ruling["rectifications"]
    assert "West makes a legal call of his choice when his turn comes" in \
        ruling["explanation"]["en"]
    assert "Запад сделает легальную заявку по своему выбору" in ruling["explanation"]["ru"]


def test_barred_players_call_out_of_turn_is_law_37_and_says_so() -> None:
    out = rule([*BARRED_OUT_OF_TURN, "director"], board=16)
    ruling = out["rulings"][1]
    assert ruling["kind"] == "call_when_obliged_to_pass"
    assert "out of rotation (East was to call)" in ruling["explanation"]["en"]
    assert "вне очереди (очередь была за Востоком)" in ruling["explanation"]["ru"]
    assert not any(r["kind"] == "must_repeat" for r in ruling["rectifications"])
    assert out["state"]["next"] == "E"


@pytest.mark.parametrize("refusal", [["director"], ["W refuses", "E P"]])
def test_with_the_switch_off_law_31_rules_but_never_repeats_a_barred_bid(
        monkeypatch: pytest.MonkeyPatch, refusal: list[str]) -> None:
    monkeypatch.setattr(law37, "OUT_OF_ROTATION_IS_LAW_37", False)
    ruling = rule([*BARRED_OUT_OF_TURN, *refusal], board=16)["rulings"][1]
    assert ruling["kind"] == "bid_out_of_rotation"
    previews = [rs for o in ruling.get("options") or []
                for rs in (o.get("rectifications") or {}).values()]
    rects = [*ruling["rectifications"], *(r for rs in previews for r in rs)]
    assert not any(r["kind"] == "must_repeat" for r in rects)
    assert any(r["kind"] == "must_pass" and r["seat"] == "S" for r in rects)
