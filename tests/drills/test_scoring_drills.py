"""The scoring drills (generator.drills.scoring): the same seed gives the same questions, every
drill's own check passes on what it makes and catches a wrong key, the Russian has no Latin word
(figures and answers included), and a bank of scoring drills only passes audit and verify."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator import drills
from generator.drills import scoring
from generator.scenarios.audit import latin_words, texts
from generator.scenarios.questions import localise

Cli = Callable[..., tuple[int, str, str]]
NAMES = ("contract_score", "matchpoints", "imps", "artificial_pairs", "artificial_teams")


def _made(name: str, index: int) -> dict[str, Any]:
    question = drills.make_question({"id": f"t-{name}-{index}", "drill": name,
                                     "seed": f"tests/{name}/{index}"})
    assert question is not None
    return question


def _check(question: dict[str, Any]) -> dict[str, list[str]]:
    return drills.registry()[question["drill"]].check(question)


def _clean(verdict: dict[str, list[str]]) -> bool:
    return not any(verdict.get(c) for c in drills.DRILL_CHECKS)


def test_the_scoring_drills_are_registered_under_their_topic() -> None:
    table = drills.registry()
    assert {n for n, d in table.items() if d.topic == "scoring"} == set(NAMES)
    assert "scoring" in drills.topics()


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_question(name: str) -> None:
    first = [json.dumps(_made(name, i), sort_keys=True, ensure_ascii=False) for i in range(20)]
    again = [json.dumps(_made(name, i), sort_keys=True, ensure_ascii=False) for i in range(20)]
    assert first == again
    assert len(set(first)) > 10  # and the seeds do make different questions


def test_records_are_deterministic() -> None:
    one = drills.records(5, 30, ("scoring",))
    two = drills.records(5, 30, ("scoring",))
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert len(one) == 30 and {r["topic"] for r in one} == {"scoring"}


@pytest.mark.parametrize("name", NAMES)
def test_every_check_passes_on_200_questions_in_every_language(name: str) -> None:
    for index in range(200):
        question = _made(name, index)
        for lang in ("en", "ru"):
            local = localise(question, lang)
            verdict = _check(local)
            assert _clean(verdict), (name, index, lang, verdict)
            for where, text in texts(local):
                assert text.strip(), (name, index, lang, where)
                if lang == "ru":
                    assert not latin_words(text), (name, index, where, text)
            if lang == "ru" and "figure" in local:
                cells = [*local["figure"]["columns"], *(c for r in local["figure"]["rows"]
                                                         for c in r)]
                assert not [c for c in cells if latin_words(c)], (name, index, cells)


def test_the_drills_cover_what_they_promise() -> None:
    """Over 200 draws: doubled and redoubled contracts, made and failed, slams; travellers of
    6 to 13 rows with ties and artificial rows; IMPs of both signs; every responsibility."""
    scores = [_made("contract_score", i) for i in range(200)]
    contracts = [q["key"]["contract"] for q in scores]
    assert any(c.endswith("XX") for c in contracts) and any(c.endswith("X") and not
                                                          c.endswith("XX") for c in contracts)
    assert any(q["answer"] < 0 for q in scores) and any(q["answer"] > 0 for q in scores)
    assert any(c[0] in "67" for c in contracts)
    travellers = [_made("matchpoints", i) for i in range(200)]
    sizes = {len(q["figure"]["rows"]) for q in travellers}
    assert min(sizes) == 6 and max(sizes) == 13
    assert any("12C1" in q["laws"] for q in travellers)
    assert any(len({r[-1]["en"] for r in q["figure"]["rows"]}) < len(q["figure"]["rows"])
               for q in travellers)  # ties
    assert any(isinstance(q["answer"], float) for q in travellers)
    imps = [_made("imps", i)["answer"] for i in range(200)]
    assert min(imps) < 0 < max(imps) and 0 in imps
    for name in ("artificial_pairs", "artificial_teams"):
        found = {_made(name, i)["key"]["responsibility"] for i in range(60)}
        assert found == {"none", "partly", "directly"}


# --------------------------------------------------------------------------- values by hand
def test_contract_score_by_hand() -> None:
    # Board 5: North-South vulnerable (the 16-board cycle), dealer North. 4HX by E, 8 tricks:
    # East-West not vulnerable, two down doubled = 100 + 200 = 300 to North-South (Law 77).
    assert scoring.endplay_ns("4HX", "E", 8, "NS") == 300
    # 3NT by S making 10 vulnerable: 100 + 500 + 30 = 630.
    assert scoring.endplay_ns("3NT", "S", 10, "Both") == 630
    # 1NTXX by N, 7 tricks, not vulnerable: 160 + 300 (game) + 100 (redouble) = 560 (Law 77,
    # the 1987 reading of the redoubled insult, generator.laws.law77).
    assert scoring.endplay_ns("1NTXX", "N", 7, "None") == 560
    # 4SX by W, 6 tricks, not vulnerable: 100 + 200 + 200 + 300 = 800 to North-South.
    assert scoring.endplay_ns("4SX", "W", 6, "NS") == 800


def test_matchpoints_of_a_row_by_hand() -> None:
    """A matchpoints question rebuilt by hand: three results, one A+ row."""
    question = _made("matchpoints", 0)
    local = localise(question, "en")
    local["figure"]["rows"] = [["1", "4♠", "N", "10", "+420"], ["2", "4♠", "N", "11", "+450"],
                               ["3", "—", "—", "—", "A+"], ["4", "4♠", "N", "9", "−50"]]
    local["key"] = {"row": 0, "side": "NS", "scaled": True, "rows": [
        {"contract": "4S", "declarer": "N", "tricks": 10},
        {"contract": "4S", "declarer": "N", "tricks": 11}, {"artificial": "A+"},
        {"contract": "4S", "declarer": "N", "tricks": 9}]}
    local["board"], local["dealer"], local["vulnerable"] = 1, "N", "None"
    # Law 78A with 12C1: top 2 x 3 = 6. The real scores +450, +420, -50 among themselves (top
    # 4): +420 beats one, 2 of 4, scaled to 6: 3. The A+ row: 60% of 6 = 3.6 to North-South.
    local["answer"] = 3
    assert _clean(_check(local))
    local["key"]["row"], local["answer"] = 2, 3.6
    assert _clean(_check(local))
    local["key"]["side"], local["answer"] = "EW", 2.4  # A- to East-West: 40% of 6
    assert _clean(_check(local))


def test_imps_by_hand() -> None:
    question = localise(_made("imps", 0), "en")
    question["board"], question["dealer"], question["vulnerable"] = 2, "E", "NS"
    question["key"] = {"team": "A", "rows": [{"contract": "4S", "declarer": "N", "tricks": 10},
                                             {"contract": "3S", "declarer": "N", "tricks": 10}]}
    question["figure"]["rows"] = [["1", "4♠", "N", "10", "+620"], ["2", "3♠", "N", "10", "+170"]]
    # North-South vulnerable on board 2: 620 and 170. Team A: +620 - 170 = 450, band 430-490
    # of the Law 78B scale: 10 IMPs; team B loses 10.
    question["answer"] = 10
    assert _clean(_check(question))
    question["key"]["team"], question["answer"] = "B", -10
    assert _clean(_check(question))


# --------------------------------------------------------------------------- wrong keys caught
@pytest.mark.parametrize("name", ("contract_score", "matchpoints", "imps"))
def test_a_wrong_number_is_caught(name: str) -> None:
    for index in range(20):
        question = localise(_made(name, index), "en")
        question["answer"] = question["answer"] + 10
        assert _check(question)["key"], (name, index)


def test_a_wrong_vulnerability_is_caught() -> None:
    question = localise(_made("contract_score", 1), "en")
    question["vulnerable"] = {"None": "Both", "NS": "EW", "EW": "NS", "Both": "None"}[
        question["vulnerable"]]
    assert any("vulnerable" in p for p in _check(question)["key"])


def test_a_figure_cell_that_does_not_score_its_result_is_caught() -> None:
    for name in ("matchpoints", "imps"):
        question = localise(_made(name, 3), "ru")
        rows = question["figure"]["rows"]
        real = next(i for i, r in enumerate(rows) if r[-1] not in ("ср+", "ср", "ср−"))
        cell = rows[real][-1]
        rows[real][-1] = "+2220" if cell != "+2220" else "+1440"
        assert _check(question)["key"], name


def test_a_contract_score_with_another_result_in_the_key_is_caught() -> None:
    question = localise(_made("contract_score", 2), "en")
    question["key"] = {**question["key"], "tricks": (question["key"]["tricks"] + 1) % 14}
    assert _check(question)["key"]


@pytest.mark.parametrize("name", ("artificial_pairs", "artificial_teams"))
def test_a_wrong_key_of_a_choice_question_is_caught(name: str) -> None:
    for index in range(20):
        question = localise(_made(name, index), "en")
        flipped = copy.deepcopy(question)
        for choice in flipped["choices"]:
            choice["correct"] = not choice["correct"]  # two marked right, the key marked wrong
        verdict = _check(flipped)
        assert verdict["right"] and verdict["wrong"], (name, index, verdict)
        moved = copy.deepcopy(question)
        right = next(c for c in moved["choices"] if c["correct"])
        other = next(c for c in moved["choices"] if not c["correct"])
        right["correct"], other["correct"] = False, True  # one marked right, the wrong one
        verdict = _check(moved)
        assert verdict["right"] and verdict["wrong"], (name, index, verdict)
        story = copy.deepcopy(question)
        story["key"]["responsibility"] = next(
            r for r in scoring.RESPONSIBILITIES if r != question["key"]["responsibility"])
        assert _check(story)["key"], (name, index)


def test_the_wrong_answers_differ_from_the_key_and_name_their_clause() -> None:
    for name, law in (("artificial_pairs", "12C1"), ("artificial_teams", "86A")):
        for index in range(30):
            question = _made(name, index)
            field = "percent" if name == "artificial_pairs" else "imps"
            key = next(c for c in question["choices"] if c["correct"])["claim"][field]
            for choice in question["choices"]:
                if not choice["correct"]:
                    assert choice["claim"][field] != key
                    assert law in choice["why"]["en"] and law in choice["why"]["ru"]


# --------------------------------------------------------------------------- a bank of them
def test_a_bank_of_scoring_drills_passes_audit_and_verify(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "bank"
    status, _, err = cli("generate", "--topics", "scoring", "--count", "60", "--out", str(out),
                         "--quiet")
    assert status == 0, err
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["drills"] == 60 and manifest["count"] == 0
    stored = json.loads((out / "drills.json").read_text(encoding="utf-8"))
    assert {r["drill"] for r in stored} == set(NAMES)
    status, report, err = cli("audit", str(out))
    assert status == 0, report + err
    assert "60 questions audited" in report
    assert all(line.split()[-2] == "0" for line in report.splitlines()[1:]), report
    status, report, err = cli("verify", str(out))
    assert status == 0, report + err
    assert "60 agree, 0 disagree" in report
