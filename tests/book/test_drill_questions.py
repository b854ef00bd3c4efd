"""Questions asked without a table (drills) in every consumer: the web question, the chapter quiz
a quiz definition gives a law chapter, the worked examples, the notebook, Moodle XML, GIFT and
PBN. The drills are the hand-made ones of ``drillsample.py``, registered for each test."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from drillsample import HOSTILE_CELL, drill_questions, register

from generator.book import examples as ex
from generator.book.quizdata import decode_key, web_question
from generator.book.quizpages import chapter_quiz, chapter_web_questions
from generator.export.gift import gift
from generator.export.html import question_html
from generator.export.moodle import moodle_xml
from generator.notebook import Quiz
from generator.scenarios import quizdefs
from generator.scenarios.bank import Plan, drills, scenarios, write_bank
from generator.scenarios.questions import localise

LANGS = ("en", "ru")
TABLE_FIELDS = ("board", "dealer", "vul", "deal")


@pytest.fixture(autouse=True)
def sample_drills(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return scenarios(Plan(12, 7), workers=1)


def by_drill(name: str) -> dict[str, Any]:
    return next(q for q in drill_questions() if q["drill"] == name)


@pytest.mark.parametrize("lang", LANGS)
def test_a_drill_web_question_has_no_table_fields_and_its_figure_in_the_language(
        lang: str) -> None:
    traveller = web_question(by_drill("sample-matchpoints"), lang)
    fact = web_question(by_drill("sample-fact"), lang)
    for question in (traveller, fact):
        assert not set(TABLE_FIELDS) & set(question), question
        assert question["auction"] == "" and question["play"] == ""
    assert "figure" not in fact
    figure = traveller["figure"]
    assert figure["kind"] == "table"
    assert figure["columns"] == {"en": ["Table", "N-S score"],
                                 "ru": ["Стол", "Результат С–Ю"]}[lang]
    assert figure["rows"][-1] == ["6", HOSTILE_CELL]
    assert all(len(row) == 2 for row in figure["rows"])
    key = decode_key(traveller["k"])
    assert key["n"] == by_drill("sample-matchpoints")["answer"] and key["c"] == []
    assert decode_key(fact["k"])["c"] == ["a"]


def test_a_scenario_web_question_keeps_its_table(records: list[dict[str, Any]]) -> None:
    question = web_question(records[0]["questions"][0], "en")
    assert set(TABLE_FIELDS) <= set(question) and "figure" not in question


def test_a_figure_with_a_short_row_is_refused() -> None:
    question = by_drill("sample-matchpoints")
    question["figure"]["rows"].append(["7"])
    with pytest.raises(ValueError, match="rows of 2 cells"):
        web_question(question, "en")


def _definitions(tmp_path: Path, extra: str) -> quizdefs.Definitions:
    text = (Path(__file__).resolve().parents[2] / "quizzes" / "quizzes.yaml").read_text(
        encoding="utf-8")
    # the project's own definitions may already name these chapters: theirs give way to ours
    ids = re.findall(r"\{id: ([\w-]+),", extra)
    text = "".join(line for line in text.splitlines(keepends=True)
                   if not any(f"{{id: {quiz_id}," in line for quiz_id in ids))
    text = text.replace("\npractice:", f"\n{extra}practice:", 1)
    path = tmp_path / "quizzes.yaml"
    path.write_text(text, encoding="utf-8")
    return quizdefs.load(path)


@pytest.mark.parametrize("lang", LANGS)
def test_a_quiz_definition_line_is_all_a_law_chapter_needs(
        tmp_path: Path, records: list[dict[str, Any]], lang: str) -> None:
    questions = [q for r in records for q in r["questions"]] + drill_questions(count=12)
    defs = _definitions(tmp_path, "  - {id: scoring, topics: [scoring], count: 3, seed: 25}\n"
                        "  - {id: director-and-procedure, topics: [director-and-procedure], "
                        "count: 2, seed: 21}\n")
    chosen = {quiz.id: quizdefs.select(quiz, questions) for quiz in defs.chapters}
    assert len(chosen["scoring"]) == 3 and len(chosen["director-and-procedure"]) == 2
    local = [localise(q, lang) for q in questions]
    for slug, quiz_id, drill in (("15-scoring", "scoring", "sample-matchpoints"),
                                 ("01-director-and-procedure", "director-and-procedure",
                                  "sample-fact")):
        # the site's rule: a chapter's quiz id is its slug without the number
        assert slug.split("-", 1)[1] == quiz_id
        markdown, data = chapter_quiz(local, slug, lang, chosen[quiz_id])
        assert f"```{{tdc-quiz}} /_generated/quiz/{slug}.json" in markdown
        assert f"(quiz-{slug})=" in markdown
        web = json.loads(data)
        assert [q["id"] for q in web] == chosen[quiz_id]
        assert {q["topic"] for q in web} == {ex.CHAPTERS[slug]}
        assert all(q["id"].startswith("d5-" + drill) for q in web)
    # without a definition: the topic's first questions, or, while the bank has none, the
    # questions of the chapter's laws (a scenario's score question), as before the drills
    first = chapter_web_questions(local, "15-scoring", lang)
    assert [q["id"] for q in first] == [q["id"] for q in local if q["topic"] == "scoring"][:10]
    scenario_only = [q for q in local if not q.get("drill")]
    fallback = chapter_web_questions(scenario_only, "15-scoring", lang)
    assert fallback and all(q["topic"] != "scoring" and "board" in q for q in fallback)


def test_a_law_chapter_without_any_question_shows_no_generated_quiz_or_examples() -> None:
    for slug in ex.LAW_CHAPTERS:
        assert chapter_quiz([], slug, "en") == ("", "[]\n")
        assert ex.worked_examples([], slug, "en") == ""


def test_drill_records_never_become_worked_examples(records: list[dict[str, Any]]) -> None:
    drilled = drills(Plan(12, 5, drills=6))
    assert drilled
    mixed = [*drilled, *records]
    for slug in ex.CHAPTERS:
        assert ex.chapter_records(mixed, slug) == ex.chapter_records(records, slug)
    uses = ex.example_uses(mixed)
    assert uses == ex.example_uses(records)


@pytest.mark.parametrize("lang", LANGS)
def test_the_notebook_shows_a_drill_figure_as_a_table_and_grades_it(lang: str) -> None:
    traveller = by_drill("sample-matchpoints")
    web = [web_question(traveller, lang), web_question(by_drill("sample-fact"), lang)]
    quiz = Quiz(web, lang)
    shown = str(quiz.show(1))
    heads = web[0]["figure"]["columns"]
    assert re.search(rf"^  {re.escape(heads[0])}\s+{re.escape(heads[1])}$", shown, re.M), shown
    assert HOSTILE_CELL in shown  # as text
    board_words = {"en": "Board", "ru": "Сдача"}[lang]
    assert board_words not in shown and "?" not in shown.split("\n")[2]
    page = quiz.show(1)._repr_html_()
    assert "<table>" in page and '<th scope="col">' in page
    assert HOSTILE_CELL not in page and html.escape(HOSTILE_CELL) in page
    fact = str(quiz.show(2))
    assert "<table" not in fact and board_words not in fact
    assert quiz.answer(1, traveller["answer"]).right
    assert quiz.answer(2, "a").right and not quiz.answer(2, "b").right


@pytest.mark.parametrize("lang", LANGS)
def test_exports_show_a_drill_without_a_deal_and_with_its_figure_escaped(lang: str) -> None:
    questions = [localise(by_drill(name), lang) for name in ("sample-matchpoints", "sample-fact")]
    traveller, fact = (question_html(q, lang) for q in questions)
    for text in (traveller, fact):
        assert "tdcourse-deal" not in text and "tdcourse-auction" not in text
    assert "tdcourse-figure" in traveller and "tdcourse-figure" not in fact
    assert HOSTILE_CELL not in traveller and html.escape(HOSTILE_CELL, quote=True) in traveller
    for head in questions[0]["figure"]["columns"]:
        assert f">{head}</th>" in traveller
    xml = moodle_xml(questions, lang)
    assert xml.count("<question type=\"numerical\"") == 1 and HOSTILE_CELL not in xml
    assert xml.count("<question type=\"multichoice\"") == 1
    assert gift(questions, lang).count("::") >= 2


@pytest.fixture
def drill_bank(tmp_path: Path, records: list[dict[str, Any]]) -> Path:
    plan = Plan(12, 7, drills=6)
    out = tmp_path / "bank"
    write_bank(out, plan, records, drills(plan))
    return out


def test_pbn_leaves_the_drills_out_and_says_how_many(
        cli: Any, drill_bank: Path, tmp_path: Path) -> None:
    out = tmp_path / "all.pbn"
    status, stdout, stderr = cli("export", "--format", "pbn", "--bank", str(drill_bank),
                                 "--out", str(out))
    assert status == 0, stderr
    assert re.search(r"pbn: 6 of the \d+ questions are not asked at a table", stderr), stderr
    assert "deals" in stdout and out.read_text(encoding="utf-8").count("[Board ") == 12
    status, stdout, stderr = cli("export", "--format", "pbn", "--bank", str(drill_bank),
                                 "--topics", "scoring,director-and-procedure",
                                 "--out", str(tmp_path / "none.pbn"))
    assert status != 0 and "no question of the chosen topics has a deal" in stderr
    for fmt in ("moodle", "gift"):
        status, stdout, stderr = cli("export", "--format", fmt, "--bank", str(drill_bank),
                                     "--topics", "scoring", "--out", str(tmp_path / fmt))
        assert status == 0 and stderr == "", stderr
