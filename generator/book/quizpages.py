"""The generated quiz parts of the book: what each chapter, the practice page and the mock exam
include, and the data the quiz widget reads (:mod:`generator.book.quiz`).

* A chapter's part (``_generated/quiz/<slug>.md``) is its quiz heading (label ``quiz-<slug>``)
  and a ``tdc-quiz`` directive reading ``_generated/quiz/<slug>.json``, the chapter's questions as
  web questions (:func:`generator.book.quizdata.web_question`, the same the chapter's notebook
  shows), followed by whatever the caller appends (the notebook link). A chapter of
  :data:`generator.book.examples.LAW_CHAPTERS` with no question (no quiz definition, no question
  of its topic or its laws in the bank) gets no generated quiz: its own text is all it shows.
  Questions not asked at a table (drills: a score, a traveller) are web questions like the
  others, so adding a chapter's line to ``quizzes/quizzes.yaml`` is all its quiz needs.
* The practice page includes ``_generated/quiz/practice.md`` (``tdc-practice``) and the mock exam
  page ``_generated/quiz/mock-exam.md`` (``tdc-exam``); both read the web bank
  ``_generated/quiz/bank.json`` (every question of the bank in the page's language).

All of it is written straight in the target language and is the same for the same input.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from generator import i18n
from generator.book.examples import LAW_CHAPTERS, _check_slug, _word, chapter_questions
from generator.book.quizdata import dumps, web_bank, web_question
from generator.errors import TdcourseError

BANK = "/_generated/quiz/bank.json"


def chapter_web_questions(questions: Sequence[Mapping[str, Any]], slug: str, lang: str,
                          selection: Sequence[str] | None = None,
                          limit: int = 10) -> list[dict[str, Any]]:
    """The chapter quiz's questions as web questions in ``lang``: what the chapter's widget and
    its notebook both show, chosen once.

    ``questions`` may be bilingual or already in ``lang``; ``selection`` is the quiz's question
    ids (``quizzes.json``), see :func:`generator.book.examples.chapter_questions`.
    """
    i18n.check(lang)
    return [web_question(q, lang) for q in chapter_questions(questions, slug, selection, limit)]


def chapter_quiz_part(slug: str, lang: str, web: Sequence[Mapping[str, Any]]) -> str:
    """The chapter's quiz part over its web questions ``web`` (:func:`chapter_web_questions`):
    the heading and the widget; "" for a chapter with no generated question whose own text holds
    the quiz."""
    if not web:
        if _check_slug(slug) is None or slug in LAW_CHAPTERS:
            return ""
        return f"(quiz-{slug})=\n## {_word('quiz', lang)}\n\n{_word('no_quiz', lang)}\n"
    return (f"(quiz-{slug})=\n## {_word('quiz', lang)}\n\n"
            f"```{{tdc-quiz}} /_generated/quiz/{slug}.json\n:id: chapter:{slug}\n```\n")


def chapter_quiz(questions: Sequence[Mapping[str, Any]], slug: str, lang: str,
                 selection: Sequence[str] | None = None, limit: int = 10) -> tuple[str, str]:
    """The chapter's quiz as ``(markdown, questions JSON)``; ``("", "[]\\n")`` for a chapter
    with no generated question (its own text holds the quiz). Arguments as for
    :func:`chapter_web_questions`."""
    web = chapter_web_questions(questions, slug, lang, selection, limit)
    return chapter_quiz_part(slug, lang, web), dumps(web)


def bank_json(questions: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The web bank of the practice and exam pages, in ``lang``."""
    i18n.check(lang)
    return dumps(web_bank(questions, lang))


_TOPIC = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class QuizDefinitionError(TdcourseError):
    """A quiz definition's topic that is not a topic name (it would land in a directive)."""


def _topics(topics: Sequence[str] | None) -> str:
    """The topics as the directive's option: names only (``auction-procedure``), never text that
    could end the option or the directive."""
    for topic in topics or ():
        if not isinstance(topic, str) or not _TOPIC.match(topic):
            raise QuizDefinitionError(f"quiz definitions: {topic!r} is not a topic name "
                                      f"(lower-case letters, digits and hyphens)")
    return ", ".join(topics) if topics else "all"


def practice_part(topics: Sequence[str] | None = None) -> str:
    """The practice page's widget (``topics`` None: every topic)."""
    return (f"```{{tdc-practice}} {BANK}\n:id: practice\n:topics: {_topics(topics)}\n```\n")


def exam_part(count: int, minutes: int, pass_mark: float,
              topics: Sequence[str] | None = None) -> str:
    """The mock exam page's widget."""
    return (f"```{{tdc-exam}} {BANK}\n:id: mock-exam\n:count: {count}\n:time-limit: {minutes}\n"
            f":pass-mark: {pass_mark:g}\n:topics: {_topics(topics)}\n```\n")
