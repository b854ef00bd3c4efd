"""Moodle XML: the file parses (ElementTree and minidom), every question has Moodle's type and
fields, grades are values Moodle accepts and add up, each answer has feedback, categories come
per chapter in course order, and hostile or Cyrillic text comes back exactly."""

from __future__ import annotations

import html
import re
import xml.dom.minidom
import xml.etree.ElementTree as ET
from collections.abc import Callable
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
from generator.export.answers import GRADES, penalty_share, shares
from generator.export.html import question_html
from generator.export.moodle import cdata, moodle_xml

Load = Callable[[str], list[dict[str, Any]]]
ACCEPTED = {float(g) for g in GRADES} | {-float(g) for g in GRADES}


def parse(text: str) -> ET.Element:
    xml.dom.minidom.parseString(text.encode("utf-8"))  # the second, independent parser
    return ET.fromstring(text.encode("utf-8"))


def text_of(element: ET.Element | None) -> str:
    assert element is not None
    return element.findtext("text") or ""


def prompt_of(question_text: str) -> str:
    """The question itself: the last bold paragraph of the question text, unescaped."""
    found = re.findall(r"<p><b>(.*?)</b></p>", question_text)
    assert found, question_text
    return html.unescape(found[-1])


@pytest.fixture(scope="module", params=["en", "ru"])
def exported(request: pytest.FixtureRequest, load: Load) -> tuple[str, list[dict[str, Any]],
                                                                  ET.Element]:
    lang: str = request.param
    questions = load(lang)
    return lang, questions, parse(moodle_xml(questions, lang))


def test_the_file_is_a_moodle_quiz_in_utf8(exported: tuple[str, list[dict[str, Any]],
                                                            ET.Element], load: Load) -> None:
    lang, questions, root = exported
    text = moodle_xml(questions, lang)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n')
    assert root.tag == "quiz"
    real = [q for q in root if q.get("type") != "category"]
    assert len(real) == len(questions)


def test_each_question_has_moodles_type_and_fields(
        exported: tuple[str, list[dict[str, Any]], ET.Element]) -> None:
    lang, questions, root = exported
    by_id = {q["id"]: q for q in questions}
    expected_type = {"single": "multichoice", "multiple": "multichoice", "number": "numerical"}
    for element in root:
        if element.get("type") == "category":
            continue
        qid = element.findtext("idnumber") or ""
        assert qid in by_id
        source = by_id[qid]
        assert element.get("type") == expected_type[source["type"]]
        assert qid in text_of(element.find("name"))
        assert element.findtext("defaultgrade") == "1"
        assert element.findtext("penalty") == "0.3333333"
        assert element.findtext("hidden") == "0"
        assert element.find("questiontext").get("format") == "html"  # type: ignore[union-attr]
        body = text_of(element.find("questiontext"))
        assert prompt_of(body) == symbols(source["prompt"], lang)
        assert "<table" in body and "♠" in body  # the deal is shown
        assert text_of(element.find("generalfeedback")) == html.escape(
            symbols(source["explanation"], lang))
        if source["type"] == "number":
            answers = element.findall("answer")
            assert answers[0].get("fraction") == "100"
            assert float(answers[0].findtext("text") or "") == source["answer"]
            assert answers[0].findtext("tolerance") == "0"
            assert all(text_of(a.find("feedback")) for a in answers)
        else:
            assert element.findtext("single") == ("true" if source["type"] == "single"
                                                  else "false")
            assert element.findtext("shuffleanswers") == "1"
            assert element.findtext("answernumbering") == "abc"


def test_grades_are_moodle_values_and_right_answers_add_up_to_100(
        exported: tuple[str, list[dict[str, Any]], ET.Element]) -> None:
    lang, questions, root = exported
    by_id = {q["id"]: q for q in questions}
    kinds_seen = set()
    for element in root.iter("question"):
        if element.get("type") != "multichoice":
            continue
        source = by_id[element.findtext("idnumber")]
        kinds_seen.add(source["type"])
        answers = element.findall("answer")
        assert len(answers) == len(source["choices"])
        grades = [float(a.get("fraction") or "nan") for a in answers]
        assert all(g in ACCEPTED for g in grades), grades
        positive = sum(g for g in grades if g > 0)
        assert abs(positive - 100) <= 0.01, grades
        for answer, choice, grade in zip(answers, source["choices"], grades, strict=True):
            assert html.unescape(text_of(answer)) == symbols(choice["text"], lang)
            assert (grade > 0) == bool(choice["correct"])
            if source["type"] == "single":
                assert grade in (0, 100)
            feedback = html.unescape(text_of(answer.find("feedback")))
            assert feedback, "every answer has feedback"
            if not choice["correct"]:
                assert feedback == symbols(choice["why"], lang)
    assert kinds_seen == {"single", "multiple"}


def test_categories_come_per_chapter_in_course_order(
        exported: tuple[str, list[dict[str, Any]], ET.Element]) -> None:
    lang, questions, root = exported
    by_id = {q["id"]: q for q in questions}
    seen: list[str] = []
    current = None
    for element in root:
        if element.get("type") == "category":
            current = element.findtext("category/text")
            assert current is not None and current.startswith("$course$/top/tdcourse/")
            seen.append(current)
            continue
        topic = by_id[element.findtext("idnumber")]["topic"]
        assert current == export.category_path(topic, lang)
    assert seen == sorted(seen) and len(seen) == len(set(seen))
    assert len(seen) == len({q["topic"] for q in questions})


@pytest.mark.parametrize("qtype", ["single", "multiple", "number"])
def test_hostile_and_cyrillic_text_comes_back_exactly(qtype: str) -> None:
    question = hostile_question(qtype)
    text = moodle_xml([question], "ru")
    root = parse(text)
    assert "<script>" not in text  # escaped everywhere, CDATA or not
    element = root.findall("question")[1]
    body = text_of(element.find("questiontext"))
    assert prompt_of(body) == "prompt " + HOSTILE
    assert html.unescape(re.findall(r"<p>(.*?)</p>", body)[0]) == "context " + HOSTILE
    assert html.unescape(text_of(element.find("generalfeedback"))) == "explanation " + HOSTILE
    assert element.findtext("idnumber") == question["id"]
    if qtype != "number":
        answers = element.findall("answer")
        assert [html.unescape(text_of(a)) for a in answers] == [c["text"] for c in
                                                                 question["choices"]]
        assert html.unescape(text_of(answers[1].find("feedback"))) == "why " + HOSTILE


def test_a_cdata_end_in_text_cannot_close_the_section() -> None:
    markup = "a]]>b]]]]>c<![CDATA[d"
    element = ET.fromstring(f"<t>{cdata(markup)}</t>")
    assert element.text == markup


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
       .map(lambda s: s.replace("\ufffe", "").replace("\uffff", "")))
def test_cdata_round_trips_any_xml_text(markup: str) -> None:
    for sample in (markup, f"]]>{markup}]]>", f"{markup}]]"):
        assert (ET.fromstring(f"<t>{cdata(sample)}</t>").text or "") == sample


@pytest.mark.parametrize("right", range(1, 21))
def test_shares_are_moodle_grades_adding_up_to_100(right: int) -> None:
    grades = [float(g) for g in shares(right)]
    assert len(grades) == right
    assert all(g in ACCEPTED and g > 0 for g in grades)
    assert abs(sum(grades) - 100) <= 0.01


@pytest.mark.parametrize("wrong", range(1, 12))
def test_wrong_answers_cost_at_most_the_whole_question(wrong: int) -> None:
    grade = float(penalty_share(wrong))
    assert grade < 0 and grade in ACCEPTED
    assert wrong * -grade <= 100 + 0.01


def test_characters_xml_cannot_carry_are_dropped_not_fatal() -> None:
    question = hostile_question("single")
    question["prompt"] = "bell\x07 null\x00 esc\x1b\ufffe end"
    root = parse(moodle_xml([question], "en"))
    body = text_of(root.findall("question")[1].find("questiontext"))
    assert prompt_of(body) == "bell null esc end"


# --------------------------------------------------------------------------- the play


def question_texts(root: ET.Element) -> dict[str, str]:
    return {e.findtext("idnumber") or "": text_of(e.find("questiontext")) for e in root
            if e.get("type") != "category"}


def test_every_question_shows_the_cards_played_as_the_page_does(
        exported: tuple[str, list[dict[str, Any]], ET.Element]) -> None:
    """Each question of a real bank lists the cards played exactly as the quiz page lists them
    (heading, fours, order, seat letters), and a question of the auction lists none."""
    lang, questions, root = exported
    texts = question_texts(root)
    assert_play_as_page(questions, texts, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_play_question_lists_every_four_in_order(lang: str) -> None:
    question = play_question(lang=lang)
    [_, element] = parse(moodle_xml([question], lang))
    body = text_of(element.find("questiontext"))
    heading, lines = page_play(question, lang)
    assert exported_play(body) == (heading, PLAY_LINES[lang]) and lines == PLAY_LINES[lang]
    # after the auction, before the question; the exposed card is not among the cards played
    assert body.index("tdcourse-auction") < body.index("tdcourse-play") < body.index("<p><b>")
    assert "9" not in "".join(PLAY_LINES[lang])


def test_the_events_come_from_the_shown_case_when_there_is_one() -> None:
    """``shown`` is the case as the learner sees it: its auction and play are exported, and the
    question's own events are not."""
    with_play = play_question(lang="en")
    shown = {"format": 1, "edition": "1987", "board": 5, "deal": with_play["deal"],
             "events": ["N 1S", "E P", "S 2S", "W P", "N P", "E P", "E leads H3", "S plays HA"]}
    question = {**with_play, "shown": shown}
    body = question_html(question, "en")
    assert exported_play(body) == (page_play(with_play, "en")[0], ["E ♥3, S ♥A"])
    # and the other way round: the question's events have a play, the shown case has none
    question["shown"] = {**shown, "events": ["N 1S", "E 2H"]}
    body = question_html(question, "en")
    assert exported_play(body) is None
    assert body.count("<td style=\"padding:0 1em\">1♠</td>") == 1
    assert "2S" not in body and "2♠" not in body and "2<span" in body  # 2♥ in red, no 2♠
    # a shown case with no events shows no calls and no cards
    question["shown"] = {key: value for key, value in shown.items() if key != "events"}
    assert exported_play(question_html(question, "en")) is None


def test_hostile_event_lines_show_nothing_of_themselves() -> None:
    """An event line is never evaluated or shown as it is: only well-formed cards and calls
    reach the export, drawn by our own code."""
    question = play_question()
    question["shown"] = {"events": [*question["events"][:10],
                                    "W leads <script>alert(1)</script>", "N plays ]]>", HOSTILE,
                                    "E plays &amp;"]}
    text = moodle_xml([question], "ru")
    assert "<script>" not in text and "alert(1)" not in text and "&amp;amp;" not in text
    body = text_of(parse(text).findall("question")[1].find("questiontext"))
    assert exported_play(body) == (page_play(question, "ru")[0], ["В ♥3, Ю ♥A, З ♥2, С ♥5"])
