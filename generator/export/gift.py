"""GIFT: the bank's questions in Moodle's plain-text question format.

GIFT is the format people can read and edit before importing, and platforms other than Moodle
read it too. It has one trap: its syntax characters. ``~`` starts a wrong answer, ``=`` a right
one, ``#`` a feedback, ``{ }`` the answers, ``:`` the name (and a numerical tolerance), and a
backslash escapes them — so every one of them inside our text is written with a backslash
(:func:`escape_gift`), exactly as Moodle's own GIFT export does; otherwise an explanation that
mentions "4♥=420" would quietly become a second right answer.

Layout, one question per paragraph (Moodle splits the file at blank lines)::

    $CATEGORY: $course$/top/tdcourse/05 The insufficient bid

    // [id:s1987-3-1-ruling]
    ::s1987-3-1-ruling::[html]<p>…</p>{
    =right answer#feedback
    ~wrong answer#why it is wrong
    ####the explanation (general feedback)
    }

Multiple-answer questions weigh each answer (``~%50%…``, ``~%-50%…``) with the grades Moodle
accepts; the grades, texts and feedback are those of the Moodle XML export
(:func:`generator.export.answers.answers`). Number questions are
``{#`` ``=N:0#feedback`` ``~#feedback for any other number`` ``}``. All text is the same one-line
HTML as in the Moodle XML export, marked ``[html]``, so no line of ours starts with ``//`` (a GIFT
comment) and no text holds a blank line. The one comment line, ``// [id:…]``, is how recent
Moodle versions read a question's ID number from GIFT (older ones skip comments); as with Moodle
XML, it names the question and does not make a second import update the first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.export import by_edition_and_chapter, category_path
from generator.export.answers import answers
from generator.export.html import clean, question_html, question_name, text_html

#: GIFT's syntax characters; the backslash comes first so that escapes are not escaped again.
SPECIAL = "\\~=#{}:"


def escape_gift(text: str) -> str:
    """``text`` with every GIFT syntax character backslash-escaped, line breaks as ``\\n``.

    Moodle's importer turns ``\\\\`` back into a backslash first, then ``\\~ \\= \\# \\{ \\}
    \\:`` into the characters, then ``\\n`` into a line break; this is the exact inverse.
    """
    out = []
    for char in text.replace("\r\n", "\n").replace("\r", "\n"):
        if char in SPECIAL:
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        else:
            out.append(char)
    return "".join(out)


#: What must not start an answer or feedback, and the entity that shows the same character: a
#: format marker such as ``[plain]``, and a weight such as ``%50%`` (Moodle reads one at the start
#: of any answer, ``~`` ones included).
_LEADING = {"[": "&#91;", "%": "&#37;"}


def _field(markup: str) -> str:
    """An answer or feedback: HTML, escaped, its first character an entity where Moodle would
    take it for syntax (:data:`_LEADING`)."""
    if markup[:1] in _LEADING:
        markup = _LEADING[markup[0]] + markup[1:]
    return escape_gift(markup)


def _mark(qtype: str, grade: str, text: str) -> str:
    """An answer up to its feedback: the grade in GIFT's syntax, then the text.

    ``=`` and ``~`` for a single-answer question's right and wrong choices, ``~%NN%`` for a
    multiple-answer one's, ``=N:0`` (exactly N) for a number question's score, and a bare ``~``
    for its catch-all, which GIFT reads as any other number.
    """
    if qtype == "number":
        return f"={escape_gift(text)}:0" if grade == "100" else "~"
    if qtype == "single":
        return ("=" if grade == "100" else "~") + _field(text)
    return f"~%{grade}%{_field(text)}"


def question_gift(question: Mapping[str, Any], lang: str) -> str:
    """One question as a GIFT paragraph (no blank line inside)."""
    qid = clean(question["id"])
    qtype = str(question["type"])
    opening = "{#" if qtype == "number" else "{"  # "{#": the answers are numbers
    idnumber = qid.replace("]", "\\]")  # Moodle's escape of "]" inside [id:...]
    name, text = (escape_gift(f(question, lang)) for f in (question_name, question_html))
    lines = [f"// [id:{idnumber}]", f"::{name}::[html]{text}{opening}"]
    for grade, answer, feedback in answers(question, lang):
        lines.append(f"{_mark(qtype, grade, answer)}#{_field(feedback)}")
    explanation = text_html(question.get("explanation") or "", lang)
    if explanation:
        lines.append(f"####{_field(explanation)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def gift(questions: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A whole GIFT file: a ``$CATEGORY`` line per code and chapter, each followed by its
    questions."""
    out = []
    for edition, topic, group in by_edition_and_chapter(questions):
        # Moodle reads the category line before undoing escapes: it is written as it is (the
        # names come from our own catalogs, not from data).
        out.append(f"$CATEGORY: {category_path(topic, lang, edition)}\n")
        out.extend(question_gift(q, lang) for q in group)
    return "\n".join(out)
