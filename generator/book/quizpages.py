"""The generated quiz parts of the book: what each chapter, the practice page and the mock exam
include, and the data the quiz widget reads (:mod:`generator.book.quiz`).

* A chapter's part (``_generated/quiz/<slug>.md``) is its quiz heading (label ``quiz-<slug>``)
  and a ``tdc-quiz`` directive reading ``_generated/quiz/<slug>.json``, the chapter's questions as
  web questions (:func:`generator.book.quizdata.web_question`), followed by whatever the caller
  appends (the notebook link). A chapter whose quiz is written by hand gets no generated quiz.
* The practice page includes ``_generated/quiz/practice.md`` (``tdc-practice``) and the mock exam
  page ``_generated/quiz/mock-exam.md`` (``tdc-exam``); both read the web bank
  ``_generated/quiz/bank.json`` (every question of the bank in the page's language).

All of it is written straight in the target language and is the same for the same input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator import i18n
from generator.book.examples import _check_slug, _word, chapter_questions
from generator.book.quizdata import dumps, web_bank, web_question

BANK = "/_generated/quiz/bank.json"


def chapter_quiz(questions: Sequence[Mapping[str, Any]], slug: str, lang: str,
                 selection: Sequence[str] | None = None, limit: int = 10) -> tuple[str, str]:
    """The chapter's quiz as ``(markdown, questions JSON)``; ``("", "[]\\n")`` for a chapter
    with no generated question (its own text holds the quiz).

    ``questions`` may be bilingual or already in ``lang``; ``selection`` is the quiz's question
    ids (``quizzes.json``), see :func:`generator.book.examples.chapter_questions`.
    """
    i18n.check(lang)
    chosen = chapter_questions(questions, slug, selection, limit)
    if not chosen:
        if _check_slug(slug) is None:
            return "", dumps([])
        return (f"(quiz-{slug})=\n## {_word('quiz', lang)}\n\n{_word('no_quiz', lang)}\n",
                dumps([]))
    data = dumps([web_question(q, lang) for q in chosen])
    text = (f"(quiz-{slug})=\n## {_word('quiz', lang)}\n\n"
            f"```{{tdc-quiz}} /_generated/quiz/{slug}.json\n:id: chapter:{slug}\n```\n")
    return text, data


def bank_json(questions: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The web bank of the practice and exam pages, in ``lang``."""
    i18n.check(lang)
    return dumps(web_bank(questions, lang))


def _topics(topics: Sequence[str] | None) -> str:
    return ", ".join(topics) if topics else "all"


def practice_part(topics: Sequence[str] | None = None) -> str:
    """The practice page's widget (``topics`` None: every topic)."""
    return (f"```{{tdc-practice}} {BANK}\n:id: practice\n:topics: {_topics(topics)}\n```\n")


def exam_part(count: int, minutes: int, pass_mark: float,
              topics: Sequence[str] | None = None) -> str:
    """The mock exam page's widget."""
    return (f"```{{tdc-exam}} {BANK}\n:id: mock-exam\n:count: {count}\n:time-limit: {minutes}\n"
            f":pass-mark: {pass_mark:g}\n:topics: {_topics(topics)}\n```\n")
