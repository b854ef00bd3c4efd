"""Law 34's sentence names who calls next only while he is the one to call (``state.next``).

The ruling keeps its ``right_to_call_retained`` rectification after the skipped player has
called; its explanation must then say where the auction went back to, not that he "calls now".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.laws.engine import analyse
from generator.table.case import load_case

LAW34 = Path(__file__).resolve().parents[1] / "cases" / "1987" / "law34"
NOW = {"en": "calls now", "ru": "делает заявку сейчас"}
SEATS = {"en": {"N": "North", "E": "East", "S": "South", "W": "West"},
         "ru": {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"}}


@pytest.mark.parametrize("path", sorted(LAW34.glob("*.yaml")), ids=lambda p: p.stem)
def test_calls_now_names_state_next(path: Path) -> None:
    result = analyse(load_case(path))
    state = result["state"]
    for ruling in result["rulings"]:
        retained = [r["seat"] for r in ruling["rectifications"]
                    if r["kind"] == "right_to_call_retained"]
        for lang, text in ruling["explanation"].items():
            for seat in retained:
                sentence = next(s for s in text.split(". ") if SEATS[lang][seat] in s
                                and "(" in s and "34" in s)
                is_next = state["phase"] == "auction" and state["next"] == seat
                assert (NOW[lang] in sentence) == is_next, (lang, sentence, state["next"])


def test_a_retained_turn_already_used_is_told_in_the_past() -> None:
    path = LAW34 / ("player-whose-right-to-call-was-kept-may-bid-and-the-auction-goes-on-"
                    "normally.yaml")
    result = analyse(load_case(path))
    text = result["rulings"][0]["explanation"]["en"]
    assert "it went back to West, who had lost his turn (Law 34)" in text
    assert "calls now" not in text
