"""Moodle XML: the bank's questions as a file Moodle's question bank imports as it is.

Moodle's own XML format is the richest way into Moodle: each question keeps its type, its
feedback per answer, its general feedback (our explanation) and its ID number (our question id,
which a teacher can search for; Moodle never matches an import with questions already in the
bank, and drops an ID number already used in the category, so importing a file twice makes a
second copy of each question). Types:

* ``single`` → ``multichoice`` with one right answer (grade 100, the others 0);
* ``multiple`` → ``multichoice`` with several: each right answer is worth 100/k and each wrong
  one a negative share, so ticking everything earns nothing;
* ``number`` → ``numerical``, the exact score (tolerance 0).

Before each chapter's questions comes a ``category`` pseudo-question, so the import files them
under ``tdcourse/<NN chapter name>`` in the course's question bank.

Moodle refuses (or silently rounds) a grade that is not in its fixed list of fractions
(:data:`GRADES`), so the shares of a multiple-answer question are chosen from that list and the
right answers always add up to exactly 100 %.

The file is written by hand rather than through ``xml.etree`` because ElementTree cannot write
CDATA, and Moodle's HTML fields are conventionally CDATA. Plain fields are escaped with
:func:`xml_text`; HTML fields go through :func:`cdata`, which also splits any ``]]>`` so that no
text can close the section early.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.book.quizdata import number_text
from generator.export import by_chapter, category_path
from generator.export.html import (
    clean,
    escape,
    question_html,
    question_name,
    text_html,
    word,
)

#: The grades (percent) Moodle accepts for an answer, as Moodle writes them, highest first;
#: their negatives are accepted too.
GRADES = ("100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333",
          "30", "25", "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "0")
#: What Moodle takes off for each wrong try in an adaptive quiz (one third, as Moodle suggests).
PENALTY = "0.3333333"


def xml_text(value: Any) -> str:
    """Plain text as XML character data (a question's name, an ID number)."""
    return escape(value)


def cdata(markup: str) -> str:
    """HTML in a CDATA section; a ``]]>`` inside is split over two sections, so it stays text."""
    return "<![CDATA[" + markup.replace("]]>", "]]]]><![CDATA[>") + "]]>"


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
    out = []
    for choice in choices:
        out.append(right.pop(0) if choice.get("correct") else wrong)
    return out


def _html(tag: str, markup: str, indent: str) -> str:
    return f"{indent}<{tag} format=\"html\"><text>{cdata(markup)}</text></{tag}>\n"


def _answer(fraction: str, text: str, feedback: str, indent: str = "    ",
            tolerance: bool = False, plain: bool = False) -> str:
    body = f"<text>{text}</text>" if plain else f"<text>{cdata(text)}</text>"
    extra = "<tolerance>0</tolerance>" if tolerance else ""
    fmt = "" if plain else " format=\"html\""
    return (f"{indent}<answer fraction=\"{fraction}\"{fmt}>{body}{extra}\n"
            f"{indent}  <feedback format=\"html\"><text>{cdata(feedback)}</text></feedback>\n"
            f"{indent}</answer>\n")


def question_xml(question: Mapping[str, Any], lang: str) -> str:
    """One ``<question>`` element of Moodle XML."""
    qid = clean(question["id"])
    name = question_name(question, lang)
    qtype = str(question["type"])
    moodle_type = "numerical" if qtype == "number" else "multichoice"
    right = escape(word(lang, "right"))
    out = [f"  <question type=\"{moodle_type}\">\n",
           f"    <name><text>{xml_text(name)}</text></name>\n",
           _html("questiontext", question_html(question, lang), "    "),
           _html("generalfeedback", text_html(question.get("explanation") or "", lang), "    "),
           "    <defaultgrade>1</defaultgrade>\n",
           f"    <penalty>{PENALTY}</penalty>\n",
           "    <hidden>0</hidden>\n",
           f"    <idnumber>{xml_text(qid)}</idnumber>\n"]
    if qtype == "number":
        out.append(_answer("100", xml_text(number_text(question["answer"])), right,
                           tolerance=True, plain=True))
        out.append(_answer("0", "*", escape(word(lang, "number_wrong")), tolerance=True,
                           plain=True))
    else:
        choices = list(question.get("choices") or [])
        single = qtype == "single"
        out += [f"    <single>{'true' if single else 'false'}</single>\n",
                "    <shuffleanswers>1</shuffleanswers>\n",
                "    <answernumbering>abc</answernumbering>\n"]
        grades = (["100" if c.get("correct") else "0" for c in choices] if single
                  else fractions(choices))
        for choice, grade in zip(choices, grades, strict=True):
            feedback = right if choice.get("correct") else text_html(choice.get("why") or "",
                                                                       lang)
            out.append(_answer(grade, text_html(choice["text"], lang), feedback))
    out.append("  </question>\n")
    return "".join(out)


def category_xml(path: str) -> str:
    """The pseudo-question that makes Moodle file what follows under ``path``."""
    return (f"  <question type=\"category\">\n"
            f"    <category><text>{xml_text(path)}</text></category>\n"
            f"  </question>\n")


def moodle_xml(questions: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A whole Moodle XML file: a category per chapter, each followed by its questions."""
    out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<quiz>\n"]
    for topic, group in by_chapter(questions):
        out.append(category_xml(category_path(topic, lang)))
        out.extend(question_xml(q, lang) for q in group)
    out.append("</quiz>\n")
    return "".join(out)
