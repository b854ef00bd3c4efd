"""The chapter notebooks: one Jupyter notebook per chapter and language, for practice.

A chapter's notebook lets the learner do what the book's pages cannot: ask the engine for a
ruling (:func:`generator.notebook.rule`), change what happened at the table and rule again, and
answer the chapter's quiz with the grading done in the notebook. It only imports the installed
``tdcourse`` package (``generator.notebook``), so it runs from a fresh install without network.

:func:`chapter_notebook` writes the notebook (nbformat 4) in the chapter's language:

1. a title and a short introduction (our own words; no text of the Laws);
2. a setup cell importing ``Case``, ``Quiz`` and ``rule`` and naming the language;
3. one or two worked cases of the chapter (:func:`generator.book.examples.chapter_records`, cut
   at the moment of the ruling by :func:`generator.book.examples.moment` as in the book's worked
   examples), each ruled, then changed (cut
   right after the irregularity, or without the irregular event) and ruled again, with a note on
   what to compare; a chapter without bank records gets a simple case written here instead;
4. a cell for the learner's own change;
5. the chapter quiz: the web questions its page shows
   (:func:`generator.book.quizpages.chapter_web_questions`, answers only in the encoded key), a
   ``show`` and an ``answer`` cell per question (the answer cell holds a valid placeholder, so the
   notebook runs from top to bottom), and the score.

Cell ids are numbered and no outputs are stored, so the same inputs give the same bytes.
:func:`notebook_intro_link` is the line a chapter shows to offer its notebook for download.
"""

from __future__ import annotations

import json
import pprint
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import nbformat
from nbformat.notebooknode import NotebookNode

from generator import i18n
from generator.book import markup
from generator.book.examples import _check_slug, chapter_records, example_title, md_text, moment
from generator.notebook import Case, _w

# nbformat ships no type information: the functions used here, typed as they are used
_new_notebook: Callable[..., NotebookNode] = nbformat.v4.new_notebook
_new_markdown_cell: Callable[..., NotebookNode] = nbformat.v4.new_markdown_cell
_new_code_cell: Callable[..., NotebookNode] = nbformat.v4.new_code_cell
_writes: Callable[[NotebookNode], str] = nbformat.writes

#: Where the book's build puts the notebooks (``store.write(f"notebooks/{slug}.ipynb", ...)``).
NOTEBOOK_DIR = "/_generated/notebooks"
WORKED = 2

_TEAM_BOARD = "N:Q92.QJ5.A9643.T3 JT754.K.KQT5.A86 K83.AT874..KJ974 A6.9632.J872.Q52"
_CLAIM_BOARD = "N:KQT.AQ952.97.Q42 J84.T.K86.A98653 A9632.J73.J42.KJ 75.K864.AQT53.T7"

#: The case of a chapter that has no scenario records (its laws are not a bank topic, or the
#: bank has none yet): the case, the change made to it (Python, on ``case1``) and the catalog
#: note saying what to compare. Each is checked by the tests (it rules, and the change too).
FALLBACKS: dict[str, tuple[dict[str, Any], str, str]] = {
    "01-director-and-procedure": (
        {"board": 5, "events": ["N 1S", "E 1H"]},
        'case1.with_events(case1.events + ["S refuses", "E 2H"])', "note_choice_made"),
    "13-claims": (
        {"board": 1, "deal": _CLAIM_BOARD,
         "events": ["N 1H", "E P", "S P", "W P", "E leads C6", "S plays CJ", "W plays C7",
                    "N plays C2", "S claims 12"]},
        'case1.replace_event(-1, "S claims 8")', "note_claim"),
    "14-proprieties": (
        {"board": 5, "events": ["N 1S", "E 1H", "S refuses", "E 2D", "S 2NT",
                                "W asks explanation"]},
        'case1.replace_event(-1, "W asks review")', "note_request"),
    "15-scoring": (
        {"board": 5, "contract": "4HX", "declarer": "E", "tricks": 8},
        "case1.with_fields(tricks=10)", "note_scoring"),
    "16-tournament": (
        {"board": 13, "deal": _TEAM_BOARD,
         "events": ["N P", "E P", "S 1H", "W P", "W wrong-board", "N chooses cancel"]},
        'case1.replace_event(-1, "N chooses continue")', "note_cancelled"),
}
#: A chapter of a bank topic whose records are missing falls back to this chapter's case.
DEFAULT_FALLBACK = "01-director-and-procedure"


def _md(lang: str, key: str, **fields: Any) -> str:
    """A catalog text for a Markdown cell: its own Markdown (backtick code) kept, never HTML:
    ``&``, ``<`` and ``>`` become entities."""
    text = _w(lang, key, **fields)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _heading(lang: str, key: str, **fields: Any) -> str:
    """A catalog text for a Markdown heading: :func:`_md` on one line."""
    return markup.one_line(_md(lang, key, **fields))


def _comment(lang: str, key: str) -> str:
    """A catalog text as a Python comment: on one line, so that no text of a catalog becomes
    code the learner runs."""
    return markup.one_line(_w(lang, key))


def _check(slug: str, lang: str) -> None:
    i18n.check(lang)
    _check_slug(slug)


def notebook_path(slug: str) -> str:
    """The notebook's path in the built book (a Sphinx path from the source root)."""
    return f"{NOTEBOOK_DIR}/{slug}.ipynb"


def notebook_intro_link(slug: str, lang: str) -> str:
    """The MyST paragraph a chapter shows to offer its notebook: a ``{download}`` link and how
    to open the notebook (in Jupyter or VS Code, in the Python environment of tdcourse). Both
    texts are the catalog's, escaped (:mod:`generator.book.markup`): never markup."""
    _check(slug, lang)
    link = markup.role("download", notebook_path(slug), _w(lang, "link_label"))
    return f"{link} {markup.myst(_w(lang, 'link_hint'), inline=True)}\n"


# --------------------------------------------------------------------------- cases


def _py_text(text: str) -> str:
    """``text`` as a Python string literal: triple-quoted when it reads back unchanged."""
    if '"""' not in text and "\\" not in text and not text.endswith('"'):
        return f'"""\n{text}"""'
    return repr(text)


def _case_text(case: Mapping[str, Any]) -> str:
    return Case(case).text()


def _change(case: Mapping[str, Any], result: Mapping[str, Any], kind: str) -> tuple[str, str]:
    """How to change a record's case to learn something (Python on ``case1``..) and the note:
    stop right after the irregularity (nobody has chosen or played on yet), or, when the case
    already stops there, leave the irregular event out. ``result`` is the engine's on ``case``."""
    events = list(case["events"])
    found = [i for i in result["irregularities"] if i["kind"] == kind]
    event = found[-1].get("event") if found else None
    at = event if isinstance(event, int) and 0 <= event < len(events) else len(events) - 1
    if at + 1 < len(events):
        return f"events[:{at + 1}]", "note_open"
    return f"events[:{at}]", "note_without"


def _with_edition(case: Mapping[str, Any], edition: str) -> dict[str, Any]:
    """The case ruled under ``edition``: a 2017 case names its code (a case without one is
    ruled under 1987, so a 1987 notebook's cases stay as they were)."""
    return {**case, "edition": edition} if edition != "1987" else dict(case)


def _worked(records: Sequence[Mapping[str, Any]], slug: str, lang: str,
            exclude: Collection[str] = (), edition: str = "1987"
            ) -> list[tuple[str, str, str, str]]:
    """Each worked case: (title, case text, change expression on ``caseN``, note key); the
    boards of the book's worked examples (the same ``exclude``: not those of the quiz), ruled
    under ``edition``."""
    chosen = chapter_records(records, slug, WORKED, exclude)
    out: list[tuple[str, str, str, str]] = []
    for number, record in enumerate(chosen, 1):
        case, result = moment(record)
        part, note = _change(case, result, str(record["kind"]))
        title: str = md_text(example_title(record, lang), lang)
        out.append((title, _case_text(_with_edition(case, edition)),
                    f"case{number}.with_events(case{number}.{part})", note))
    if not out:
        case, change, note = FALLBACKS.get(slug) or FALLBACKS[DEFAULT_FALLBACK]
        chapter = slug if slug in FALLBACKS else DEFAULT_FALLBACK
        out.append((_heading(lang, f"fallback_{chapter}"),
                    _case_text(_with_edition(case, edition)), change, note))
    return out


# --------------------------------------------------------------------------- the notebook


def _placeholder(question: Mapping[str, Any]) -> str:
    """A valid answer to put in the answer cell (the learner replaces it)."""
    choices = question.get("choices") or []
    if question["type"] == "number" or not choices:
        return "0"
    first = json.dumps(str(choices[0]["id"]))
    return f"[{first}]" if question["type"] == "multiple" else first


class _Cells:
    """The notebook's cells, with ids numbered in order (deterministic output)."""

    def __init__(self) -> None:
        self.cells: list[NotebookNode] = []

    def md(self, *paragraphs: str) -> None:
        source = "\n\n".join(p for p in paragraphs if p)
        self.cells.append(_new_markdown_cell(source, id=self._id()))

    def code(self, source: str) -> None:
        self.cells.append(_new_code_cell(source.strip("\n"), id=self._id()))

    def _id(self) -> str:
        return f"cell-{len(self.cells) + 1}"


def chapter_notebook(slug: str, lang: str, quiz: Sequence[Mapping[str, Any]],
                     records: Sequence[Mapping[str, Any]], exclude: Collection[str] = (),
                     edition: str = "1987") -> str:
    """The chapter's practice notebook in ``lang``, as the text of an ``.ipynb`` file.

    ``edition`` is the code of the course the notebook belongs to: its introduction names it,
    its worked cases are ruled under it (a case of the bank carries its code; a fallback case is
    given it), and a cell compares the first case under both codes (``compare``).

    ``quiz`` is the chapter quiz as the page shows it
    (:func:`generator.book.quizpages.chapter_web_questions`), ``records`` the bank's scenario
    records (``scenarios.json``). Every chapter gets a notebook, with or without records and
    questions.
    """
    _check(slug, lang)
    chapter = _w(lang, f"chapter_{slug}")
    cells = _Cells()
    cells.md(f"# {_heading(lang, 'title', chapter=chapter)}", _md(lang, "intro"),
             _md(lang, "intro_offline", edition=edition))
    cells.md(f"## {_heading(lang, 'setup_heading')}", _md(lang, "setup"))
    cells.code(f"from generator.notebook import Case, Quiz, compare, rule\n\n"
               f"LANG = {lang!r}  # {_comment(lang, 'lang_comment')}")

    cells.md(f"## {_heading(lang, 'cases_heading')}", _md(lang, "cases_intro"))
    worked = _worked(records, slug, lang, exclude, edition)
    for number, (title, text, change, note) in enumerate(worked, 1):
        name = f"case{number}"
        cells.md(f"### {_heading(lang, 'case_heading', n=number)}: {title}")
        cells.code(f"{name} = Case({_py_text(text)})\nrule({name}, LANG)")
        cells.md(_md(lang, note))
        cells.code(f"changed{number} = {change}\nrule(changed{number}, LANG)")
    cells.md(f"### {_heading(lang, 'compare_heading')}", _md(lang, "compare_intro"))
    cells.code("compare(case1, LANG)")
    cells.md(f"### {_heading(lang, 'own_heading')}", _md(lang, "own"))
    cells.code(f"mine = Case(case1)  # {_comment(lang, 'own_copy')}\n"
               f"# mine.events[0] = \"N 1NT\"  # {_comment(lang, 'own_replace')}\n"
               f"# del mine.events[-1]  # {_comment(lang, 'own_delete')}\n"
               f"rule(mine, LANG)")

    cells.md(f"## {_heading(lang, 'quiz_heading')}",
             _md(lang, "quiz_intro") if quiz else _md(lang, "no_quiz"))
    if quiz:
        literal = pprint.pformat(list(quiz), width=99, sort_dicts=False)
        cells.code(f"# {_comment(lang, 'quiz_comment')}\nquiz = Quiz({literal}, LANG)\nquiz")
        for number, question in enumerate(quiz, 1):
            cells.code(f"quiz.show({number})")
            cells.code(f"quiz.answer({number}, {_placeholder(question)})  "
                       f"# {_comment(lang, 'answer_comment')}")
        cells.md(f"### {_heading(lang, 'score_heading')}")
        cells.code("quiz.score()")

    notebook = _new_notebook(cells=cells.cells, metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
        "tdcourse": {"chapter": slug, "lang": lang, "edition": edition},
    })
    return _writes(notebook) + "\n"
