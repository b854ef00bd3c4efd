"""GIFT: escaping is exact (tested against an independent unescaper, by hand and with Hypothesis),
and a small GIFT reader written here — splitting paragraphs, names, answers, weights and
feedback the way Moodle's importer does — gets every answer text, mark and feedback back."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from exportdata import (
    HOSTILE,
    PLAY_LINES,
    assert_play_as_page,
    exported_play,
    hostile_question,
    page_play,
    play_question,
)
from hypothesis import given
from hypothesis import strategies as st

from generator import export
from generator.book.examples import symbols
from generator.export.answers import GRADES
from generator.export.gift import escape_gift, gift

Load = Callable[[str], list[dict[str, Any]]]
ACCEPTED = {float(g) for g in GRADES} | {-float(g) for g in GRADES}

# --------------------------------------------------------------------------- an independent reader

Token = tuple[str, bool]  # a character, and whether it was escaped


def tokens(text: str) -> list[Token]:
    """GIFT text as characters; a backslash escapes the next one (``\\n`` is a line break)."""
    out: list[Token] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char == "\\" and position + 1 < len(text):
            following = text[position + 1]
            out.append(("\n" if following == "n" else following, True))
            position += 2
        else:
            out.append((char, False))
            position += 1
    return out


def unescape(text: str) -> str:
    return "".join(char for char, _ in tokens(text))


def plain(part: list[Token]) -> str:
    return "".join(char for char, _ in part).strip()


def find(part: list[Token], needle: str, start: int = 0) -> int:
    """Where the unescaped characters ``needle`` start in ``part`` (-1 if nowhere)."""
    for position in range(start, len(part) - len(needle) + 1):
        window = part[position:position + len(needle)]
        if all(not escaped and char == wanted
               for (char, escaped), wanted in zip(window, needle, strict=True)):
            return position
    return -1


def rfind(part: list[Token], needle: str) -> int:
    last, position = -1, find(part, needle)
    while position >= 0:
        last, position = position, find(part, needle, position + 1)
    return last


@dataclass
class Answer:
    mark: str  # "=", "~" or "~%w%"
    text: str
    feedback: str


@dataclass
class Gift:
    idnumber: str
    name: str
    text: str
    numerical: bool
    answers: list[Answer] = field(default_factory=list)
    general: str = ""


def split_answers(part: list[Token]) -> Iterator[list[Token]]:
    """An answer block cut before each unescaped ``~`` or ``=`` (each starts an answer)."""
    current: list[Token] = []
    for token in part:
        if not token[1] and token[0] in "~=" and current and plain(current):
            yield current
            current = []
        current.append(token)
    if plain(current):
        yield current


def read_question(paragraph: str) -> Gift:
    comments = [line for line in paragraph.splitlines() if line.startswith("//")]
    assert len(comments) == 1, paragraph[:200]  # the ID number, nothing else
    [idnumber] = re.fullmatch(r"// \[id:(.*)\]", comments[0]).groups()  # type: ignore[union-attr]
    paragraph = "\n".join(line for line in paragraph.splitlines() if not line.startswith("//"))
    assert not any(line.strip().startswith("//") for line in paragraph.splitlines())
    part = tokens(paragraph.strip())
    assert plain(part[:2]) == "::" and not part[0][1]
    end = find(part, "::", 2)
    name = plain(part[2:end])
    rest = part[end + 2:]
    opening, closing = find(rest, "{"), rfind(rest, "}")
    assert 0 < opening < closing == len(rest) - 1, paragraph[:200]
    text = plain(rest[:opening])
    block = rest[opening + 1:closing]
    general = ""
    cut = rfind(block, "####")
    if cut >= 0:
        general, block = plain(block[cut + 4:]), block[:cut]
    numerical = bool(block) and block[0] == ("#", False)
    if numerical:
        block = block[1:]
    question = Gift(idnumber, name, text, numerical, general=general)
    for answer in split_answers(block):
        while answer and answer[0][0].isspace():
            answer = answer[1:]
        mark = answer[0][0]
        answer = answer[1:]
        if mark == "~" and answer and answer[0] == ("%", False):
            close = find(answer, "%", 1)
            mark = "~" + plain(answer[:close + 1])
            answer = answer[close + 1:]
        hash_at = find(answer, "#")
        body, feedback = (answer, []) if hash_at < 0 else (answer[:hash_at], answer[hash_at + 1:])
        question.answers.append(Answer(mark, plain(body), plain(feedback)))
    return question


def read_gift(text: str) -> list[tuple[str, Gift]]:
    """(category, question) for every question of a GIFT file."""
    out: list[tuple[str, Gift]] = []
    category = ""
    for paragraph in re.split(r"\n\s*\n", text):
        if not paragraph.strip():
            continue
        if paragraph.startswith("$CATEGORY:"):
            category = paragraph[len("$CATEGORY:"):].strip()
            continue
        out.append((category, read_question(paragraph)))
    return out


def html_text(markup: str) -> str:
    return html.unescape(markup)


# --------------------------------------------------------------------------- escaping


@pytest.mark.parametrize(("raw", "escaped"), [
    ("a~b", "a\\~b"), ("x=y", "x\\=y"), ("#1", "\\#1"), ("{a}", "\\{a\\}"), ("Q: A", "Q\\: A"),
    ("back\\slash", "back\\\\slash"), ("\\n is not a line break", "\\\\n is not a line break"),
    ("two\nlines", "two\\nlines"), ("crlf\r\nline", "crlf\\nline"), ("\\~", "\\\\\\~"),
    ("Судья ♠ ok", "Судья ♠ ok"), ("", ""),
])
def test_escape_gift_by_hand(raw: str, escaped: str) -> None:
    assert escape_gift(raw) == escaped
    assert unescape(escaped) == raw.replace("\r\n", "\n")


@given(st.text(alphabet=st.sampled_from(list("~=#{}:\\n\nab %[]/Жx")), max_size=60) | st.text())
def test_escape_gift_round_trips_and_leaves_no_syntax_character_bare(raw: str) -> None:
    escaped = escape_gift(raw)
    assert unescape(escaped) == raw.replace("\r\n", "\n").replace("\r", "\n")
    assert "\n" not in escaped and "\r" not in escaped
    assert all(escaped_flag or char not in "~=#{}:\\" for char, escaped_flag in tokens(escaped))


# --------------------------------------------------------------------------- whole files


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_answer_mark_and_feedback_comes_back(lang: str, load: Load) -> None:
    questions = load(lang)
    read = read_gift(gift(questions, lang))
    assert len(read) == len(questions)
    by_id = {q["id"]: q for q in questions}
    for category, question in read:
        source = by_id[question.idnumber]
        assert question.name.startswith(source["id"] + ": ")
        assert category == export.category_path(source["topic"], lang)
        assert question.text.startswith("[html]")
        assert html_text(re.findall(r"<p><b>(.*?)</b></p>", question.text)[-1]) == symbols(
            source["prompt"], lang)
        assert html_text(question.general) == symbols(source["explanation"], lang)
        if source["type"] == "number":
            assert question.numerical
            right, other = question.answers
            assert right.mark == "="
            value, tolerance = right.text.split(":")
            assert float(value) == source["answer"] and tolerance == "0"
            assert right.feedback and other.mark == "~" and other.feedback
            continue
        assert not question.numerical
        assert len(question.answers) == len(source["choices"])
        for answer, choice in zip(question.answers, source["choices"], strict=True):
            assert html_text(answer.text) == symbols(choice["text"], lang)
            assert answer.feedback, "every answer has feedback"
            if not choice["correct"]:
                assert html_text(answer.feedback) == symbols(choice["why"], lang)
        marks = [a.mark for a in question.answers]
        if source["type"] == "single":
            assert marks == ["=" if c["correct"] else "~" for c in source["choices"]]
        else:
            weights = [float(m[2:-1]) for m in marks]
            assert all(m.startswith("~%") and m.endswith("%") for m in marks)
            assert all(w in ACCEPTED for w in weights)
            assert [w > 0 for w in weights] == [bool(c["correct"]) for c in source["choices"]]
            assert abs(sum(w for w in weights if w > 0) - 100) <= 0.01


def test_categories_come_once_per_chapter_in_course_order(load: Load) -> None:
    text = gift(load("en"), "en")
    categories = re.findall(r"^\$CATEGORY: (.*)$", text, flags=re.MULTILINE)
    assert categories == sorted(set(categories))
    assert all(c.startswith("$course$/top/tdcourse/") for c in categories)
    assert "\n\n\n" not in text and text.endswith("}\n")


@pytest.mark.parametrize("qtype", ["single", "multiple", "number"])
def test_hostile_and_cyrillic_text_comes_back_exactly(qtype: str) -> None:
    source = hostile_question(qtype)
    [(_, question)] = read_gift(gift([source], "ru"))
    assert question.idnumber == source["id"]
    assert question.name == source["id"] + ": решение судьи"  # the kind "ruling" in Russian
    paragraphs = [html_text(p) for p in re.findall(r"<p>(?:<b>)?(.*?)(?:</b>)?</p>",
                                                   question.text)]
    assert paragraphs[0] == "context " + HOSTILE
    assert paragraphs[-1] == "prompt " + HOSTILE
    assert html_text(question.general) == "explanation " + HOSTILE
    if qtype == "number":
        assert question.answers[0].text == "-100:0"
        return
    assert [html_text(a.text) for a in question.answers] == [c["text"] for c in
                                                             source["choices"]]
    assert html_text(question.answers[1].feedback) == "why " + HOSTILE
    expected = ["=", "~", "~"] if qtype == "single" else ["~%50%", "~%-100%", "~%50%"]
    assert [a.mark for a in question.answers] == expected


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_names_are_those_of_the_moodle_xml_export(lang: str, load: Load) -> None:
    """A teacher who imports both files sees the same name for the same question."""
    from xml.etree import ElementTree

    from generator.export.moodle import moodle_xml

    questions = load(lang)
    root = ElementTree.fromstring(moodle_xml(questions, lang).encode("utf-8"))
    xml_names = {e.findtext("idnumber"): e.findtext("name/text") for e in root
                 if e.get("type") != "category"}
    gift_names = {q.idnumber: q.name for _, q in read_gift(gift(questions, lang))}
    assert gift_names == xml_names and len(gift_names) == len(questions)


def test_an_answer_starting_like_a_weight_or_a_format_stays_text() -> None:
    """Moodle reads ``%50%`` at the start of any answer as its weight and ``[plain]`` as a
    format: such a text's first character is written as an entity."""
    source = hostile_question("single")
    source["choices"][1]["text"] = "%50% of the tricks"
    source["choices"][2]["text"] = "[plain] words"
    text = gift([source], "en")
    assert "\n~&\\#37;50% of the tricks#" in text and "\n~&\\#91;plain] words#" in text
    [(_, question)] = read_gift(text)
    assert [a.mark for a in question.answers] == ["=", "~", "~"]
    assert [html_text(a.text) for a in question.answers][1:] == ["%50% of the tricks",
                                                                 "[plain] words"]


# --------------------------------------------------------------------------- the play


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_question_shows_the_cards_played_as_the_page_does(lang: str, load: Load) -> None:
    """Read back from GIFT, each question of a real bank lists the cards played exactly as the
    quiz page lists them, and a question of the auction lists none."""
    questions = load(lang)
    texts = {q.idnumber: q.text for _, q in read_gift(gift(questions, lang))}
    assert_play_as_page(questions, texts, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("qtype", ["single", "multiple", "number"])
def test_a_play_question_lists_every_four_in_order(lang: str, qtype: str) -> None:
    source = play_question(qtype, lang)
    text = gift([source], lang)
    [(_, question)] = read_gift(text)
    assert exported_play(question.text) == (page_play(source, lang)[0], PLAY_LINES[lang])
    # the colour's "color:#..." is escaped for GIFT, and the answers are still all there
    assert "color\\:\\#c62828" in text
    assert len(question.answers) == (2 if qtype == "number" else 3)


def test_the_shown_case_gives_the_play() -> None:
    source = play_question("single", "en")
    source["shown"] = {"format": 1, "edition": "1987", "board": 5, "deal": source["deal"],
                       "events": ["N 1S", "E P", "S 2S", "W P", "N P", "E P", "E leads H3"]}
    [(_, question)] = read_gift(gift([source], "en"))
    assert exported_play(question.text) == (page_play(source, "en")[0], ["E ♥3"])
    source["shown"]["events"] = source["shown"]["events"][:6]
    [(_, question)] = read_gift(gift([source], "en"))
    assert exported_play(question.text) is None
