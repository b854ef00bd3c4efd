"""A small site holding the three quiz widgets, for the quiz tests (Sphinx and browser).

``build_quiz_site(folder)`` writes a tiny book under ``folder/project/book`` and builds it in
English and Russian with :func:`generator.book.site.build_one` (the real extension, the real
Sphinx, warnings as errors). It returns the HTML folder; each language has:

- ``<lang>/chapters/05-insufficient-bid.html``: a chapter quiz (``tdc-quiz``) of
  :data:`CHAPTER_COUNT` bank questions of the insufficient-bid topic (at least one of each type
  the topic has), then the auction question (:data:`AUCTION_ID`: a changed call, three auction
  rows, two tricks of play) and the hostile question (:data:`HOSTILE_ID`), i.e. the last card;
- ``<lang>/chapters/11-revoke.html``: a chapter page without a quiz;
- ``<lang>/practice.html``: ``tdc-practice`` over the whole bank (``_tdc/bank-<topic>.js``);
- ``<lang>/mock-exam.html``: ``tdc-exam`` with :data:`EXAM_COUNT` questions, a time limit of
  :data:`EXAM_MINUTES` minutes and a pass mark of :data:`PASS_MARK`;
- ``<lang>/progress.html``: ``tdc-progress`` (the progress page);
- ``<lang>/law-index.html``: the law index page (anchors ``law-<clause>`` of every clause).

``answers(lang)`` gives every bank question of the site in ``lang`` (the bank's own form, with
``choices[].correct``, ``why``, ``answer`` and ``explanation``) by id, the hand-made ones
included: the tests know the right answers from it, never from the page.

The bank is small (:data:`BANK_SCENARIOS` scenarios, fixed seed) so the build takes seconds.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from generator.book.quizdata import dumps, web_bank, web_question
from generator.laws.refs import law_index
from generator.scenarios.bank import Plan, scenarios

LANGS = ("en", "ru")
BANK_SCENARIOS = 60
BANK_SEED = 7
CHAPTER = "05-insufficient-bid"
CHAPTER_TOPIC = "insufficient-bid"
CHAPTER_COUNT = 9
EXAM_COUNT = 6
EXAM_MINUTES = 2
PASS_MARK = 0.5
HOSTILE_ID = "hostile-1"
AUCTION_ID = "auction-1"
LONG_WORD = "Очень" + "длинноеслово" * 25  # 305 characters, no break opportunity
HOSTILE_TEXT = ('<script>window.__pwned = 1</script> "double" \'single\' & <b>bold</b> '
                'Недостаточная заявка ' + LONG_WORD)

_CONFIG = """\
title: "Quiz test book"
author: "tdcourse tests"
copyright: "2025"
only_build_toc_files: true
exclude_patterns: [_build, _generated, locales]
execute:
  execute_notebooks: "off"
parse:
  myst_enable_extensions: [colon_fence]
html:
  use_multitoc_numbering: false
launch_buttons:
  thebe: false
repository:
  url: ""
latex:
  use_jupyterbook_latex: false
sphinx:
  extra_extensions:
    - generator.book.extension
  config:
    language: en
    locale_dirs: [locales]
    gettext_compact: false
    html_show_sourcelink: false
    html_copy_source: false
"""
_TOC = """\
format: jb-book
root: intro
chapters:
  - file: chapters/05-insufficient-bid
  - file: chapters/11-revoke
  - file: practice
  - file: mock-exam
  - file: progress
  - file: law-index
"""


def hostile_question(lang: str) -> dict[str, Any]:
    """A bank question whose every text is hostile: markup, quotes, Cyrillic, a long word."""
    return {
        "id": HOSTILE_ID, "scenario": "hostile", "type": "single", "kind": "ruling",
        "topic": CHAPTER_TOPIC, "laws": ["27"], "difficulty": 1, "lang": lang,
        "board": 1, "dealer": "N", "vulnerable": "None",
        "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "events": ["N 1H", "E 1D"],
        "context": "Context " + HOSTILE_TEXT, "prompt": "Prompt " + HOSTILE_TEXT,
        "explanation": "Explained " + HOSTILE_TEXT + " (Law 27)",
        "choices": [
            {"id": "a", "text": "Right " + HOSTILE_TEXT, "correct": True},
            {"id": "b", "text": "Wrong " + HOSTILE_TEXT, "correct": False,
             "why": "Why " + HOSTILE_TEXT},
        ],
    }


def auction_question(lang: str) -> dict[str, Any]:
    """A bank question whose picture has everything the widget draws: East, the dealer, changes
    his 1S to 1NT (a changed call: its own row, in East's column) and the play's first tricks."""
    return {
        "id": AUCTION_ID, "scenario": "auction", "type": "single", "kind": "ruling",
        "topic": CHAPTER_TOPIC, "laws": ["25"], "difficulty": 1, "lang": lang,
        "board": 2, "dealer": "E", "vulnerable": "NS",
        "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "events": ["E 1C", "S P", "W 1H", "N P", "E 1S", "E changes 1NT", "S P", "W P", "N P",
                   "S leads S7", "W plays S2", "N plays SA", "E plays S8", "N leads HT"],
        "context": "East changed his call.", "prompt": "May he?",
        "explanation": "Only without pause for thought (Law 25A).",
        "choices": [{"id": "a", "text": "Yes", "correct": True},
                    {"id": "b", "text": "No", "correct": False}],
    }


@cache
def _bank_questions() -> dict[str, tuple[dict[str, Any], ...]]:
    from generator.scenarios.questions import localise, questions_for

    records = scenarios(Plan(BANK_SCENARIOS, BANK_SEED), workers=1)
    out: dict[str, tuple[dict[str, Any], ...]] = {}
    for lang in LANGS:
        local = [localise(q, lang) for r in records for q in (r.get("questions")
                                                              or questions_for(r))]
        out[lang] = (*local, auction_question(lang), hostile_question(lang))
    return out


def answers(lang: str) -> dict[str, dict[str, Any]]:
    """Every question of the site in ``lang``, by id, with its answers (see the module doc)."""
    return {str(q["id"]): dict(q) for q in _bank_questions()[lang]}


def chapter_selection(lang: str) -> list[dict[str, Any]]:
    """The chapter quiz's questions: the topic's first questions, every type the topic has
    represented, then the hand-made ones."""
    pool = [q for q in _bank_questions()[lang]
            if q["topic"] == CHAPTER_TOPIC and q["id"] not in (AUCTION_ID, HOSTILE_ID)]
    chosen: list[dict[str, Any]] = []
    for qtype in ("single", "multiple", "number"):
        first = next((q for q in pool if q["type"] == qtype), None)
        if first is not None:
            chosen.append(first)
    for question in pool:
        if len(chosen) >= CHAPTER_COUNT:
            break
        if question not in chosen:
            chosen.append(question)
    return [*chosen, auction_question(lang), hostile_question(lang)]


def _law_index_page() -> str:
    lines = ["# Law index", ""]
    for key in law_index("1987"):
        lines += [f"(law-{key})=", f"**{key}**", ""]
    return "\n".join(lines)


def write_project(folder: Path) -> Path:
    """The tiny book's sources and generated quiz data; returns the project root."""
    root = folder / "project"
    book = root / "book"
    (book / "chapters").mkdir(parents=True, exist_ok=True)
    (book / "locales" / "ru" / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    (book / "_config.yml").write_text(_CONFIG, encoding="utf-8")
    (book / "_toc.yml").write_text(_TOC, encoding="utf-8")
    (book / "intro.md").write_text("# Quiz test book\n\nPages with quizzes.\n", encoding="utf-8")
    (book / "law-index.md").write_text(_law_index_page(), encoding="utf-8")
    (book / "chapters" / f"{CHAPTER}.md").write_text(
        "# The insufficient bid\n\nSome text.\n\n(quiz-05)=\n## Quiz\n\n"
        f"```{{tdc-quiz}} /_generated/quiz/{CHAPTER}.json\n```\n", encoding="utf-8")
    (book / "chapters" / "11-revoke.md").write_text("# The revoke\n\nNo quiz here.\n",
                                                     encoding="utf-8")
    (book / "practice.md").write_text(
        "# Practice\n\n```{tdc-practice} /_generated/quiz/bank.json\n:topics: all\n```\n",
        encoding="utf-8")
    (book / "mock-exam.md").write_text(
        "# Mock exam\n\n```{tdc-exam} /_generated/quiz/bank.json\n"
        f":count: {EXAM_COUNT}\n:time-limit: {EXAM_MINUTES}\n:pass-mark: {PASS_MARK}\n"
        ":topics: all\n```\n", encoding="utf-8")
    (book / "progress.md").write_text("# Progress\n\n```{tdc-progress}\n```\n", encoding="utf-8")
    return root


def write_generated(root: Path, lang: str) -> None:
    """The quiz data of ``lang`` where the pages expect it (the real build writes it per
    language before each language's Sphinx run, the same way)."""
    generated = root / "book" / "_generated" / "quiz"
    generated.mkdir(parents=True, exist_ok=True)
    (generated / f"{CHAPTER}.json").write_text(
        dumps([web_question(q, lang) for q in chapter_selection(lang)]), encoding="utf-8")
    (generated / "bank.json").write_text(dumps(web_bank(list(_bank_questions()[lang]), lang)),
                                         encoding="utf-8")


def build_quiz_site(folder: Path, langs: tuple[str, ...] = LANGS) -> Path:
    """Build the tiny book (the 1987 code) in ``langs``; returns its HTML folder
    (``book/_build/html/1987``, ``<lang>/`` inside)."""
    from generator.book.site import build_one

    root = write_project(folder)
    for lang in langs:
        write_generated(root, lang)
        build_one(root, lang, list(langs))
    return root / "book" / "_build" / "html" / "1987"


def config_of(page: Path) -> dict[str, Any]:
    """The widget configuration embedded in a built page (the first widget's)."""
    import html as html_module
    import re

    text = page.read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" class="tdc-quiz-config">(.*?)</script>',
                      text, re.DOTALL)
    if match is None:
        raise AssertionError(f"{page}: no quiz widget configuration")
    data: dict[str, Any] = json.loads(html_module.unescape(match.group(1))
                                      if "&quot;" in match.group(1) else match.group(1))
    return data
