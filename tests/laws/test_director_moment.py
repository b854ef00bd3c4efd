"""At the moment the director is called, the ruling on an inadmissible call (Laws 36-38) already
states what happens now: the call is cancelled, who must replace it, the bars, and the lead
restriction to come, and the table's state waits for that replacement (not for an acceptance no
law allows). A call over an irregular call accepts or condones it under that irregularity's law,
and 11A is not cited for it (issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

from generator.laws.engine import analyse
from generator.table.case import parse_case


def rule(events: list[str], board: int = 1) -> dict[str, Any]:
    lines = "\n".join(f"  - {e}" for e in events)
    return analyse(parse_case(f"format: 1\nboard: {board}\nevents:\n{lines}\n"))


def test_inadmissible_double_at_the_director_waits_for_the_offenders_new_call() -> None:
    """The issue's example: N 1H, E P, S X, director (board 1)."""
    out = rule(["N 1H", "E P", "S X", "director"])
    ruling = out["rulings"][0]
    kinds = [r["kind"] for r in ruling["rectifications"]]
    assert kinds[:2] == ["call_cancelled", "must_substitute"]
    assert {"kind": "must_substitute", "seat": "S", "calls": "any_legal",
            "law": "36"} in ruling["rectifications"]
    assert any(r["kind"] == "lead_restriction" and r["seat"] == "N"
               for r in ruling["rectifications"])
    assert ruling["options"] == []
    state = out["state"]
    assert state["next"] == "S"
    assert state["pending"]["stage"] == "substitute"
    assert state["pending"]["acceptors"] == []


@pytest.mark.parametrize("lang, words", [("en", "must replace it now with a legal call"),
                                         ("ru", "должен сейчас заменить её легальной заявкой")])
def test_the_explanation_says_the_offender_calls_again_now(lang: str, words: str) -> None:
    ruling = rule(["N 1H", "E P", "S X", "director"])["rulings"][0]
    assert words in ruling["explanation"][lang]


@pytest.mark.parametrize("lang, words", [("en", "if North's side defends"),
                                         ("ru", "если сторона Севера станет вистующей")])
def test_the_lead_restriction_to_come_is_stated_conditionally(lang: str, words: str) -> None:
    ruling = rule(["N 1H", "E P", "S X", "director"])["rulings"][0]
    assert words.lower() in ruling["explanation"][lang].lower()


def test_the_replacement_after_the_ruling_is_the_offenders_call_and_the_auction_goes_on() -> None:
    out = rule(["N 1H", "E P", "S X", "director", "S 2H", "W P", "N P", "E P"])
    assert [i["kind"] for i in out["irregularities"]] == ["inadmissible_double"]
    assert out["state"]["contract"] == "2H"
    assert out["state"]["pending"] is None


def test_a_second_director_call_does_not_rule_twice() -> None:
    out = rule(["N 1H", "E P", "S X", "director", "director"])
    kinds = [r["kind"] for r in out["rulings"][0]["rectifications"]]
    assert kinds.count("call_cancelled") == 1
    assert kinds.count("must_substitute") == 1


def test_without_the_director_the_lho_may_still_condone_it() -> None:
    """Before the director is called, W's call over S's double is Law 35A's condoning."""
    out = rule(["N 1H", "E P", "S X", "W P"])
    assert "35A" in out["rulings"][0]["laws"]
    assert out["state"]["next"] == "S"


@pytest.mark.parametrize("board, events", [
    (7, ["S 1D", "W 1C", "N 1H"]),                     # 27A
    (10, ["E 1C", "W P", "N 1H"]),                     # 29B
    (15, ["S 1D", "W P", "N X", "E P"]),               # 35A
    (1, ["N 1H", "E P", "S 1S", "W P", "N 8H", "E P"]),  # 35C
])
def test_a_call_over_an_irregular_call_does_not_cite_11a(board: int, events: list[str]) -> None:
    out = rule(events, board)
    cited = [ref for r in out["rulings"] for ref in r["laws"]]
    assert "11A" not in cited
    assert any(n["topic"] in ("accepted_by_call", "condoned_by_call")
               for r in out["rulings"] for n in r["notes"])


@pytest.mark.parametrize("lang, words", [
    ("en", "unless East substitutes 2♣, West must pass whenever it is his turn to call"),
    ("ru", "если Восток не заменит её заявкой 2♣, Запад должен пасовать до конца торговли"),
])
def test_a_refusals_preview_says_what_it_hangs_on(lang: str, words: str) -> None:
    """27B2 as a refusal's preview: the bar hangs on the substitute not being 27B1's."""
    from generator.laws.explain import rectification_text

    rect = {"kind": "must_pass", "seat": "W", "scope": "throughout",
            "if": "not_lowest_sufficient", "lowest": "2C", "offender": "E", "law": "27B2"}
    assert rectification_text(rect, lang) == words


def test_a_refusal_takes_its_preview_out_and_states_what_happens_now() -> None:
    out = rule(["N 1H", "E 1C", "director", "S refuses"])
    ruling = out["rulings"][0]
    assert [r["kind"] for r in ruling["rectifications"]] == ["call_cancelled", "must_substitute"]
    assert out["state"]["pending"]["stage"] == "substitute"
    assert out["state"]["pending"]["acceptors"] == []
    assert out["state"]["next"] == "E"
