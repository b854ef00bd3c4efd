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

The grades (from the fixed list Moodle accepts) and the answers' text and feedback are
:func:`generator.export.answers.answers`, shared with the GIFT export.

The file is written by hand rather than through ``xml.etree`` because ElementTree cannot write
CDATA, and Moodle's HTML fields are conventionally CDATA. Plain fields (a name, an ID number, a
category) are escaped with :func:`generator.export.html.escape`; HTML fields go through
:func:`cdata`, which also splits any ``]]>`` so that no text can close the section early.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.export import by_edition_and_chapter, category_path
from generator.export.answers import answers
from generator.export.html import clean, escape, question_html, question_name, text_html

#: What Moodle takes off for each wrong try in an adaptive quiz (one third, as Moodle suggests).
PENALTY = "0.3333333"


def cdata(markup: str) -> str:
    """HTML in a CDATA section; a ``]]>`` inside is split over two sections, so it stays text."""
    return "<![CDATA[" + markup.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _html(tag: str, markup: str) -> str:
    return f"    <{tag} format=\"html\"><text>{cdata(markup)}</text></{tag}>\n"


def _answer(fraction: str, text: str, feedback: str, number: bool) -> str:
    """An ``<answer>``: HTML for a choice; for a number question plain text (the score, or
    ``*`` for any other number) with no tolerance."""
    body = f"<text>{text}</text><tolerance>0</tolerance>" if number else (
        f"<text>{cdata(text)}</text>")
    fmt = "" if number else " format=\"html\""
    return (f"    <answer fraction=\"{fraction}\"{fmt}>{body}\n"
            f"      <feedback format=\"html\"><text>{cdata(feedback)}</text></feedback>\n"
            f"    </answer>\n")


def question_xml(question: Mapping[str, Any], lang: str) -> str:
    """One ``<question>`` element of Moodle XML."""
    qid = clean(question["id"])
    name = question_name(question, lang)
    number = question["type"] == "number"
    out = [f"  <question type=\"{'numerical' if number else 'multichoice'}\">\n",
           f"    <name><text>{escape(name)}</text></name>\n",
           _html("questiontext", question_html(question, lang)),
           _html("generalfeedback", text_html(question.get("explanation") or "", lang)),
           "    <defaultgrade>1</defaultgrade>\n",
           f"    <penalty>{PENALTY}</penalty>\n",
           "    <hidden>0</hidden>\n",
           f"    <idnumber>{escape(qid)}</idnumber>\n"]
    if not number:
        single = question["type"] == "single"
        out += [f"    <single>{'true' if single else 'false'}</single>\n",
                "    <shuffleanswers>1</shuffleanswers>\n",
                "    <answernumbering>abc</answernumbering>\n"]
    out += [_answer(grade, text, feedback, number)
            for grade, text, feedback in answers(question, lang)]
    out.append("  </question>\n")
    return "".join(out)


def category_xml(path: str) -> str:
    """The pseudo-question that makes Moodle file what follows under ``path``."""
    return (f"  <question type=\"category\">\n"
            f"    <category><text>{escape(path)}</text></category>\n"
            f"  </question>\n")


def moodle_xml(questions: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A whole Moodle XML file: a category per code and chapter, each followed by its
    questions."""
    out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<quiz>\n"]
    for edition, topic, group in by_edition_and_chapter(questions):
        out.append(category_xml(category_path(topic, lang, edition)))
        out.extend(question_xml(q, lang) for q in group)
    out.append("</quiz>\n")
    return "".join(out)
