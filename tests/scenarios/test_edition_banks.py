"""One question bank per edition (issue 17): the 2017 bank is ruled under 2017 throughout, a
point the 2017 Laws leave to the director is settled by a finding the question shows, the other
code's outcome is a wrong answer that says whose rule it is, and a recipe of one code never
reaches the other code's bank."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.laws.refs import EDITIONS
from generator.scenarios import keys, moments, recipes
from generator.scenarios.audit import audit_bank, audit_records
from generator.scenarios.bank import Plan, drills, scenarios, write_bank
from generator.scenarios.questions import localise
from generator.scenarios.recipes import RECIPES, Recipe
from generator.table.irregularities import Kind

#: calls replaced after a refusal: where 2017 asks whether the replacement is comparable
JUDGED = ("insufficient-bid", "changes-of-call")


@pytest.fixture(scope="module")
def judged_2017() -> list[dict[str, Any]]:
    """2017 scenarios of the two topics whose rulings turn on the comparable call."""
    return scenarios(Plan(24, 7, JUDGED, ("en", "ru"), edition="2017"), workers=1)


def _questions(records: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for record in records:
        yield from record["questions"]


def test_a_2017_bank_holds_2017_records_and_questions(tmp_path: Path) -> None:
    plan = Plan(12, 3, (), ("en", "ru"), drills=2, edition="2017")
    records = scenarios(plan, workers=1)
    write_bank(tmp_path / "bank", plan, records, drills(plan))
    manifest = json.loads((tmp_path / "bank" / "manifest.json").read_text(encoding="utf-8"))
    stored = json.loads((tmp_path / "bank" / "scenarios.json").read_text(encoding="utf-8"))
    asked = json.loads((tmp_path / "bank" / "questions.ru.json").read_text(encoding="utf-8"))
    assert manifest["edition"] == "2017"
    assert len(stored) == 12
    assert {r["edition"] for r in stored} == {"2017"}
    assert {r["case"]["edition"] for r in stored} == {"2017"}
    assert {q["edition"] for q in asked} == {"2017"}
    assert any("drill" in q for q in asked), "the drill questions carry the edition too"
    assert {q["shown"]["edition"] for q in asked if "shown" in q} == {"2017"}
    report = audit_bank(tmp_path / "bank")
    assert report.ok, report.lines()


def test_the_director_s_finding_is_driven_and_shown(judged_2017: list[dict[str, Any]]) -> None:
    """A 2017 replacement call whose comparability no stated meaning decides: the scenario's
    case holds the director's finding, and every question asked after it tells it."""
    judged = [r for r in judged_2017 if any(
        e in ("director comparable", "director not_comparable") for e in r["case"]["events"])]
    assert judged, "no scenario reached the director's judgement"
    for record in judged:
        assert not [o for o in record["ruling"]["options"] if not o.get("chosen")], \
            "the stored case is settled"
        for question in record["questions"]:
            if not any(e.startswith("director c") or e.startswith("director n")
                       for e in question["shown"]["events"]):
                continue
            comparable = "director comparable" in question["shown"]["events"]
            english = "a comparable call" if comparable else "not comparable"
            assert f"The director judged the replacement {english}" \
                in question["context"]["en"], question["context"]["en"]
            russian = "сопоставимой" if comparable else "несопоставимой"
            assert f"Судья признал замену {russian} заявкой" in question["context"]["ru"]
    assert audit_records(judged_2017, ("en", "ru")).ok


def test_the_1987_outcome_is_a_wrong_answer_of_a_2017_question(
        judged_2017: list[dict[str, Any]]) -> None:
    """Where 1987 rules the same table otherwise (an insufficient bid replaced by a comparable
    call: 1987 bars the partner, 2017 does not), the 1987 outcome is offered and its why says
    it was the 1987 rule; the audit, ruling under 2017, finds it wrong."""
    crossed = [(q, c) for q in _questions(judged_2017) if q["kind"] == "ruling"
               for c in q["choices"] if "1987 rule" in (c.get("why") or {}).get("en", "")]
    assert crossed, "no 2017 question offers the 1987 outcome"
    for question, choice in crossed:
        assert not choice["correct"]
        assert choice["why"]["ru"].startswith("Так было по Правилам 1987 года")
        shown_1987 = {**question["shown"], "edition": "1987"}
        output = moments.rule(shown_1987)
        ruling = keys.ruling_of(output, question["key"]["rulings"][0]["kind"])
        assert ruling is not None
        assert keys.equivalent(choice["claim"]["rectifications"],
                               keys.answer_rectifications(output, ruling)), \
            "the wrong answer is what 1987 rules on the shown table"
    insufficient = [q for q, _ in crossed if q["key"]["rulings"][0]["kind"] == "insufficient_bid"]
    assert insufficient, "an insufficient bid ruled otherwise by 1987"


def test_the_2017_outcome_is_a_wrong_answer_of_a_1987_question() -> None:
    records = scenarios(Plan(40, 11, ("inadmissible-calls", "calls-out-of-rotation"),
                             ("en", "ru")), workers=1)
    crossed = [c for q in _questions(records) for c in q.get("choices") or ()
               if "the 2017 rule" in (c.get("why") or {}).get("en", "")]
    assert crossed
    for choice in crossed:
        assert not choice["correct"]
        assert choice["why"]["en"].startswith("That is the 2017 rule, not the 1987 one")
        assert choice["why"]["ru"].startswith("Так решают по Правилам 2017 года, а не 1987 года")
    assert audit_records(records, ("en", "ru")).ok


def test_a_recipe_of_one_code_stays_out_of_the_other_code_s_bank(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The 1987 bank is the same with a 2017-only recipe registered (same recipes drawn, same
    manifest), and a 2017 bank draws that recipe."""
    plan = Plan(10, 5, (), ("en",))
    before = [localise(q, "en") for q in _questions(scenarios(plan, workers=1))]
    weights_before = recipes.weights(None, "1987")
    original = RECIPES["insufficient-bid"]
    only = Recipe("only-2017", Kind.INSUFFICIENT_BID, original.inject, 50.0,
                  editions=frozenset({"2017"}))
    monkeypatch.setitem(RECIPES, "only-2017", only)
    after = [localise(q, "en") for q in _questions(scenarios(plan, workers=1))]
    assert after == before
    assert recipes.weights(None, "1987") == weights_before
    assert "only-2017" in recipes.weights(None, "2017")
    drawn = scenarios(Plan(10, 5, (), ("en",), edition="2017"), workers=1)
    assert "only-2017" in {r["recipe"] for r in drawn}


def test_generate_writes_the_edition_s_bank_by_default(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--edition", "2017", "--count", "3", "--seed", "2",
                 "--lang", "en", "--quiet"]) == 0
    assert main(["generate", "--count", "3", "--seed", "2", "--lang", "en", "--quiet"]) == 0
    for edition in EDITIONS:
        manifest = json.loads((tmp_path / "quizzes" / "bank" / edition / "manifest.json")
                              .read_text(encoding="utf-8"))
        assert manifest["edition"] == edition
    assert not (tmp_path / "quizzes" / "bank" / "manifest.json").exists()


def test_the_audit_refuses_a_question_shown_under_the_other_code(
        judged_2017: list[dict[str, Any]]) -> None:
    """Every question is ruled under its scenario's code: a 2017 question whose ``shown`` case
    names 1987 fails the audit's ``shown`` check."""
    record = judged_2017[0]
    moved = {**record, "questions": [dict(q) for q in record["questions"]]}
    moved["questions"][0]["shown"] = {**moved["questions"][0]["shown"], "edition": "1987"}
    report = audit_records([moved], ("en",))
    assert report.failed["shown"] == 1
    assert "a 1987 case in a 2017 scenario" in report.failures[0]


def test_a_question_tells_the_meanings_its_ruling_rests_on() -> None:
    """A 2017 recipe that states what the calls show (Law 23A decides from it): every question
    whose table holds a stated meaning tells it, in both languages."""
    stating = {"insufficient-bid-comparable", "insufficient-bid-not-comparable"}
    assert stating <= set(recipes.weights(None, "2017"))
    only = {name: (1.0 if name in stating else 0.0) for name in recipes.weights(None, "2017")}
    records = scenarios(Plan(6, 4, (), ("en", "ru"), only, edition="2017"), workers=1)
    told = [q for q in _questions(records) if (q.get("shown") or {}).get("meanings")]
    assert told, "no question shows a stated meaning"
    for question in told:
        assert "The meanings the players stated:" in question["context"]["en"]
        assert "Заявленные значения заявок:" in question["context"]["ru"]
    assert audit_records(records, ("en", "ru")).ok


#: 1987 words for a rule 2017 changed: a 2017 question says them only in the 1987 wrong answer
OLD_WORDS = ("sufficient bid or a pass", "immediate correction", "достаточной заявкой или пасом",
             "не сразу и не по ошибке")


def test_a_2017_question_teaches_the_2017_rule_in_its_own_words(
        judged_2017: list[dict[str, Any]]) -> None:
    """The context, the explanation and every right answer of a 2017 question say the 2017
    rule (25A: an unintended call; 27B: any legal call); the 1987 words appear only in the
    wrong answer whose why says it was the 1987 rule."""
    seen = 0
    for question in _questions(judged_2017):
        for lang in ("en", "ru"):
            said = [question["context"][lang], question["explanation"][lang],
                    *(c["text"][lang] for c in question.get("choices") or ()
                      if c["correct"] or "1987" not in (c.get("why") or {}).get(lang, ""))]
            assert not [w for w in OLD_WORDS for text in said if w in text], question["id"]
            seen += 1
    assert seen


def test_an_inadmissible_double_found_after_the_lead_is_keyed_as_scored_without_it() -> None:
    """2017 36C: the right answer says the contract is scored as if the double had not been
    made, not "no penalty" alone (read as "the doubled contract stands")."""
    records = scenarios(Plan(24, 5, ("inadmissible-calls",), ("en", "ru"), edition="2017"),
                        workers=1)
    keyed = [q for q in _questions(records) if q["kind"] == "ruling"
             and any(r.get("law") == "36C" or r["kind"] == "score_as_if"
                     for r in (q["key"]["rulings"][0].get("rectifications") or ()))]
    assert keyed, "no 36C ruling question in the sample"
    for question in keyed:
        right = next(c for c in question["choices"] if c["correct"])
        assert "scored as if it had not been made" in right["text"]["en"], question["id"]
        assert "не учитывается" in right["text"]["ru"], question["id"]
    assert audit_records(records, ("en", "ru")).ok
