"""The chapter notebooks: valid nbformat 4, byte-identical for the same inputs, one for every
chapter in every language, answers only encoded, and running from top to bottom.

Two kinds of run: every code cell of every notebook is executed in this process (fast, all
chapters and languages), and a few notebooks are executed for real by a Jupyter kernel with
nbclient, the way a learner runs them. That second run is the proof that a fresh install runs
the notebooks: it uses only the ``python3`` kernel that ipykernel installs into the environment
(``<sys.prefix>/share/jupyter/kernels``) and the installed ``tdcourse`` package, from a
directory outside the repository, and needs no network.
"""

from __future__ import annotations

import ast
import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from generator.book import notebooks as nbk
from generator.book.examples import CHAPTERS, LAW_CHAPTERS, chapter_questions, chapter_records
from generator.book.quizpages import chapter_web_questions
from generator.notebook import Case, Feedback, Question, Quiz, Ruling, Score, rule
from generator.scenarios.bank import Plan, scenarios
from generator.scenarios.questions import TOPICS, localise

LANGS = ("en", "ru")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


@pytest.fixture(scope="session")
def records() -> list[dict[str, Any]]:
    """A small bank (seed 7, 60 scenarios: every topic has records)."""
    return scenarios(Plan(60, 7), workers=1)


@pytest.fixture(scope="session")
def questions(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The bank's questions in each language (as ``questions.<lang>.json`` holds them)."""
    return {lang: [localise(q, lang) for r in records for q in r["questions"]]
            for lang in LANGS}


@pytest.fixture(scope="session")
def notebooks(records: list[dict[str, Any]],
              questions: dict[str, list[dict[str, Any]]]) -> dict[tuple[str, str], str]:
    made: dict[tuple[str, str], str] = {}
    for slug in CHAPTERS:
        for lang in LANGS:
            quiz = chapter_web_questions(questions[lang], slug, lang)
            made[slug, lang] = nbk.chapter_notebook(slug, lang, quiz, records)
    return made


def code_cells(notebook: Any) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def run_cell(source: str, namespace: dict[str, Any]) -> Any:
    """Run a cell as IPython would: its last expression is the cell's value."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


# --------------------------------------------------------------------------- generation


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_gets_a_valid_notebook(notebooks: dict[tuple[str, str], str],
                                             lang: str) -> None:
    for slug in CHAPTERS:
        text = notebooks[slug, lang]
        notebook = nbformat.reads(text, as_version=4)
        nbformat.validate(notebook)
        assert notebook.nbformat == 4 and notebook.nbformat_minor >= 5
        assert notebook.metadata.kernelspec.name == "python3"
        assert notebook.metadata.tdcourse == {"chapter": slug, "lang": lang, "edition": "1987"}
        ids = [cell.id for cell in notebook.cells]
        assert ids == [f"cell-{n}" for n in range(1, len(ids) + 1)], slug
        assert all(not cell.get("outputs") and cell.get("execution_count") is None
                   for cell in notebook.cells if cell.cell_type == "code"), slug
        title = notebook.cells[0].source.splitlines()[0]
        assert title == "# " + nbk._w(lang, "title", chapter=nbk._w(lang, f"chapter_{slug}"))
        cells = code_cells(notebook)
        assert cells[0].startswith("from generator.notebook import Case, Quiz, compare, rule\n")
        assert "compare(case1, LANG)" in cells, slug
        assert f"LANG = {lang!r}" in cells[0]
        assert any(re.match(r"case1 = Case\(\"\"\"\n", c) and c.endswith("rule(case1, LANG)")
                   for c in cells), slug
        assert any(c.startswith("changed1 = ") and c.endswith("rule(changed1, LANG)")
                   for c in cells), slug
        prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
        assert bool(CYRILLIC.search(prose)) == (lang == "ru"), slug


def test_the_same_inputs_give_the_same_bytes(records: list[dict[str, Any]],
                                             questions: dict[str, list[dict[str, Any]]],
                                             notebooks: dict[tuple[str, str], str]) -> None:
    for slug in ("05-insufficient-bid", "15-scoring"):
        quiz = chapter_web_questions(copy.deepcopy(questions["ru"]), slug, "ru")
        again = nbk.chapter_notebook(slug, "ru", quiz, copy.deepcopy(records))
        assert again == notebooks[slug, "ru"]


def test_worked_cases_come_from_the_chapter_records(records: list[dict[str, Any]],
                                                    notebooks: dict[tuple[str, str], str]
                                                    ) -> None:
    slug = "09-penalty-cards"
    notebook = nbformat.reads(notebooks[slug, "en"], as_version=4)
    cases = [c for c in code_cells(notebook) if re.match(r"case\d = Case", c)]
    chosen = chapter_records(records, slug, 2)
    assert len(cases) == len(chosen) == 2
    for source, record in zip(cases, chosen, strict=True):
        text = source.split('"""')[1]
        events = Case(text).events
        assert events == record["case"]["events"][:len(events)] and events  # the case, or cut
        assert f"board: {record['case']['board']}" in text


def test_the_quiz_holds_the_chapter_questions_with_answers_only_encoded(
        questions: dict[str, list[dict[str, Any]]],
        notebooks: dict[tuple[str, str], str]) -> None:
    for slug in CHAPTERS:
        for lang in LANGS:
            chosen = chapter_questions(questions[lang], slug)
            notebook = nbformat.reads(notebooks[slug, lang], as_version=4)
            cells = code_cells(notebook)
            shows = [c for c in cells if c.startswith("quiz.show(")]
            answers = [c for c in cells if c.startswith("quiz.answer(")]
            assert len(shows) == len(answers) == len(chosen) <= 10, (slug, lang)
            text = notebooks[slug, lang]
            if not chosen:
                assert nbk._w(lang, "no_quiz") in text and "quiz.score()" not in text
                continue
            assert cells[-1] == "quiz.score()"
            assert "'correct'" not in text and "'why'" not in text
            for question in chosen:
                assert json.dumps(str(question["explanation"]))[1:-1] not in text
            for number, (answer, question) in enumerate(zip(answers, chosen, strict=True), 1):
                choices = question.get("choices") or [{"id": ""}]
                first = json.dumps(choices[0]["id"])
                placeholder = {"single": first, "multiple": f"[{first}]", "number": "0"}
                assert answer.startswith(f"quiz.answer({number}, "
                                         f"{placeholder[question['type']]})  # ")


def test_a_chapter_with_no_records_or_questions_still_gets_a_notebook() -> None:
    for slug in CHAPTERS:
        text = nbk.chapter_notebook(slug, "en", [], [])
        notebook = nbformat.reads(text, as_version=4)
        nbformat.validate(notebook)
        assert "case1 = Case(" in text and "quiz = Quiz(" not in text
        fallback = slug if slug in nbk.FALLBACKS else nbk.DEFAULT_FALLBACK
        assert nbk._w("en", f"fallback_{fallback}") in notebook.cells[4].source


def test_fallback_cases_rule_and_their_changes_rule_differently() -> None:
    # every chapter whose topic no recipe feeds (drills only) has a case of its own; a chapter
    # whose topic gained a recipe may keep one or not
    recipes = set(TOPICS.values())
    assert {s for s in LAW_CHAPTERS if CHAPTERS[s] not in recipes} <= set(nbk.FALLBACKS)
    assert set(nbk.FALLBACKS) <= set(LAW_CHAPTERS)
    for slug, (case, change, note) in nbk.FALLBACKS.items():
        namespace: dict[str, Any] = {}
        namespace["case1"] = Case(case)
        before = rule(namespace["case1"]).result
        after = rule(run_cell(change, namespace)).result
        assert before != after, slug
        assert before["irregularities"] or before["score"], slug
        for lang in LANGS:
            assert nbk._w(lang, note) and nbk._w(lang, f"fallback_{slug}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_notebook_runs_top_to_bottom_in_process(notebooks: dict[tuple[str, str], str],
                                                      lang: str) -> None:
    """Every code cell of every chapter's notebook runs, and shows what it should."""
    for slug in CHAPTERS:
        notebook = nbformat.reads(notebooks[slug, lang], as_version=4)
        namespace: dict[str, Any] = {}
        for source in code_cells(notebook):
            value = run_cell(source, namespace)
            first = source.split("(")[0]
            expected = {"rule": Ruling, "quiz.show": Question, "quiz.answer": Feedback,
                        "quiz.score": Score}
            for name, kind in expected.items():
                if source.splitlines()[-1].startswith(name) or first == name:
                    assert isinstance(value, kind), (slug, source)
            if value is not None and not isinstance(value, Quiz | str):
                assert str(value) and value._repr_html_().startswith("<div")
        if "quiz" in namespace:
            score = namespace["quiz"].score()
            assert score.answered == len(namespace["quiz"]) > 0


def test_the_link_a_chapter_shows() -> None:
    line = nbk.notebook_intro_link("05-insufficient-bid", "en")
    assert line == ("{download}`Practise in Jupyter: download this chapter's notebook "
                    "</_generated/notebooks/05-insufficient-bid.ipynb>` "
                    + nbk._w("en", "link_hint") + "\n")
    ru = nbk.notebook_intro_link("16-tournament", "ru")
    assert ru.startswith("{download}`Практика на компьютере") and ru.count("\n") == 1
    assert "</_generated/notebooks/16-tournament.ipynb>`" in ru
    for lang in LANGS:  # the label cannot break the role
        assert not set("<>`") & set(nbk._w(lang, "link_label"))
    with pytest.raises(ValueError, match="unknown chapter"):
        nbk.notebook_intro_link("99-nothing", "en")
    with pytest.raises(ValueError, match="unknown language"):
        nbk.chapter_notebook("05-insufficient-bid", "fr", [], [])


# --------------------------------------------------------------------------- a real kernel


def outputs_text(cell: Any) -> str:
    """Everything a cell showed, as text (plain and HTML forms, streams, errors)."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        elif output.output_type == "error":
            parts.append(f"{output.ename}: {output.evalue}")
        else:
            parts += [str(v) for v in output.get("data", {}).values()]
    return "\n".join(parts)


@pytest.mark.parametrize(("slug", "lang", "rule_text", "verdicts"), [
    ("05-insufficient-bid", "en", "made an insufficient bid", ("right", "not right")),
    ("09-penalty-cards", "ru", "Решение движка", ("верно", "неверно")),
    ("15-scoring", "en", "North-South +300", ("right", "not right")),
])
def test_notebooks_run_in_a_jupyter_kernel(notebooks: dict[tuple[str, str], str],
                                           tmp_path: Path, slug: str, lang: str,
                                           rule_text: str, verdicts: tuple[str, str]) -> None:
    from nbclient import NotebookClient

    notebook = nbformat.reads(notebooks[slug, lang], as_version=4)
    # one more cell: the kernel runs in this environment, where tdcourse is installed
    notebook.cells.append(nbformat.v4.new_code_cell(
        "import sys, generator\nprint(sys.prefix)", id="cell-check"))
    # and a learner's mistake: one line, not a traceback
    notebook.cells.append(nbformat.v4.new_code_cell(
        'rule("bord: 5")', id="cell-mistake", metadata={"tags": ["raises-exception"]}))
    client = NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    mistake = notebook.cells.pop()
    errors = [(cell.id, outputs_text(cell)) for cell in notebook.cells
              if cell.cell_type == "code"
              and any(o.output_type == "error" for o in cell.get("outputs", []))]
    assert errors == []
    assert outputs_text(notebook.cells[-1]).strip() == sys.prefix
    [error] = mistake.outputs
    assert error.output_type == "error" and error.ename == "NotebookError"
    assert error.traceback == [f"NotebookError: {error.evalue}"]
    assert error.evalue.startswith("case, line 1: unknown field 'bord'")
    rulings = [cell for cell in notebook.cells
               if cell.cell_type == "code" and cell.source.endswith("rule(case1, LANG)")]
    assert rule_text in outputs_text(rulings[0])
    answers = [cell for cell in notebook.cells
               if cell.cell_type == "code" and cell.source.startswith("quiz.answer(")]
    assert answers
    for number, cell in enumerate(answers, 1):
        shown = outputs_text(cell)
        heading = nbk._w(lang, "question_short", n=number)
        assert any(f"{heading}: {verdict}" in shown for verdict in verdicts), shown
        data = cell.outputs[0].data
        assert data["text/plain"].startswith(f"{heading}: ")  # the text form, not a repr
        assert data["text/html"].startswith('<div class="tdc-notebook">')
    score = [cell for cell in notebook.cells if cell.source == "quiz.score()"]
    assert nbk._w(lang, "score_title") in outputs_text(score[0])
