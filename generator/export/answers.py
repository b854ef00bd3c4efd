"""What each answer of a bank question is worth and says, shared by Moodle XML and GIFT.

Both formats carry the same answers: per choice a grade, the choice's text and its feedback (a
right choice says "Right.", a wrong one why it is wrong), and for a number question the exact
score plus a catch-all for any other number. :func:`answers` builds them once; each format only
writes the grade in its own syntax, so the two files cannot grade a question differently.

Moodle refuses (or silently rounds) a grade that is not in its fixed list of fractions
(:data:`GRADES`), so the shares of a multiple-answer question, in either format, are chosen from
that list and its right answers always add up to exactly 100 %.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.book.quizdata import number_text
from generator.export.html import escape, text_html, word

#: The grades (percent) Moodle accepts for an answer, as Moodle writes them, highest first;
#: their negatives are accepted too.
GRADES = ("100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333",
          "30", "25", "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "0")
#: The text of a number question's catch-all answer: any other number (Moodle's notation).
ANY_NUMBER = "*"


def _grade_values() -> list[tuple[float, str]]:
    return [(float(g), g) for g in GRADES if float(g) > 0]


def shares(total: int) -> list[str]:
    """``total`` grades from :data:`GRADES` that add up to 100 (within Moodle's 0.01).

    Equal shares when 100/k is a grade (k = 1..10 or 20); otherwise two neighbouring grades,
    as few of the larger as needed (11 right answers: nine of 10 % and two of 5 %).
    """
    if total < 1:
        raise ValueError("a multiple-answer question needs at least one right answer")
    values = _grade_values()
    for value, text in values:
        if abs(value * total - 100) <= 0.01:
            return [text] * total
    for high, high_text in values:
        for low, low_text in values:
            if low >= high:
                continue
            for many in range(1, total):
                if abs(high * many + low * (total - many) - 100) <= 0.01:
                    return [high_text] * many + [low_text] * (total - many)
    raise ValueError(f"no Moodle grades split 100 % over {total} right answers")


def penalty_share(wrong: int) -> str:
    """The (negative) grade of each wrong answer: the largest grade that is at most 100/w, so
    ticking every wrong answer costs at most the whole question."""
    if wrong < 1:
        return "0"
    best = next(text for value, text in _grade_values() if value <= 100 / wrong + 1e-9)
    return f"-{best}"


def fractions(choices: Sequence[Mapping[str, Any]]) -> list[str]:
    """The grade of each choice of a multiple-answer question, in the choices' order."""
    right = shares(sum(1 for c in choices if c.get("correct")))
    wrong = penalty_share(sum(1 for c in choices if not c.get("correct")))
    return [right.pop(0) if choice.get("correct") else wrong for choice in choices]


def answers(question: Mapping[str, Any], lang: str) -> list[tuple[str, str, str]]:
    """The answers of a question as (grade, text HTML, feedback HTML), in the choices' order.

    A single-answer question grades its right choice 100 and the others 0; a multiple-answer
    one uses :func:`fractions`. A number question has two answers: the exact score (100) and
    :data:`ANY_NUMBER` (0), whose feedback points to the explanation.
    """
    right = escape(word(lang, "right"))
    if question["type"] == "number":
        return [("100", escape(number_text(question["answer"])), right),
                ("0", ANY_NUMBER, escape(word(lang, "number_wrong")))]
    choices = list(question.get("choices") or [])
    grades = (["100" if c.get("correct") else "0" for c in choices]
              if question["type"] == "single" else fractions(choices))
    return [(grade, text_html(choice["text"], lang),
             right if choice.get("correct") else text_html(choice.get("why") or "", lang))
            for choice, grade in zip(choices, grades, strict=True)]
