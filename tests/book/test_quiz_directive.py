"""The quiz widget's Sphinx side (``generator.book.quiz``): what the built pages hold.

A small site (``quizsite.py``, fixture ``quiz_site``) is built once per session with the real
extension and Sphinx; the tests read its HTML: the widget's configuration, the assets a quiz page
loads (and a page without a quiz does not), the bank copied beside the site, the links computed for
each page, and that neither the answers nor any markup from the data appear in the page as such. A
broken quiz file fails the build with one located line and leaves the previous output in place.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from quizsite import (
    CHAPTER,
    EXAM_COUNT,
    EXAM_MINUTES,
    HOSTILE_ID,
    HOSTILE_TEXT,
    LANGS,
    PASS_MARK,
    answers,
    chapter_selection,
    config_of,
    write_generated,
    write_project,
)

from generator.book.quizdata import decode_key, segments_text
from generator.book.site import BookBuildError, build_one
from generator.scenarios.quizdefs import ALL_TOPICS


def _page(quiz_site: Path, lang: str, name: str) -> str:
    return (quiz_site / lang / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_chapter_page_embeds_its_questions_with_encoded_keys(quiz_site: Path, lang: str) -> None:
    config = config_of(quiz_site / lang / "chapters" / f"{CHAPTER}.html")
    assert config["mode"] == "chapter" and config["lang"] == lang
    expected = chapter_selection(lang)
    questions = decode_key(config["packed"])  # compressed like the keys
    assert [q["id"] for q in questions] == [q["id"] for q in expected]
    known = answers(lang)
    for question in questions:
        key = decode_key(question["k"])
        truth = known[question["id"]]
        assert key["c"] == [c["id"] for c in truth.get("choices", []) if c["correct"]]
        assert question["id"] != HOSTILE_ID or segments_text(key["e"]).startswith("Explained")
    # the catalog's interface text and names in the page's language, this mode's keys only
    assert config["ui"]["noscript"]
    assert not [k for k in config["ui"] if k.startswith(("practice_", "exam_", "bank_"))]
    assert config["names"]["seats"]["N"] == ("North" if lang == "en" else "Север")
    assert config["lawIndex"] == "../law-index.html"
    assert "topics" not in config  # read by the bank modes only


@pytest.mark.parametrize("lang", LANGS)
def test_answers_and_markup_from_the_data_are_not_in_the_page(quiz_site: Path, lang: str) -> None:
    page = _page(quiz_site, lang, f"chapters/{CHAPTER}.html")
    for question in chapter_selection(lang):
        assert question["explanation"] not in page
        for choice in question.get("choices", []):
            if choice.get("why"):
                assert choice["why"] not in page
    assert '"correct"' not in page and '"why"' not in page
    widget = re.search(r'<script type="application/json" class="tdc-quiz-config">(.*?)</script>',
                       page, re.DOTALL)
    assert widget is not None
    assert "<" not in widget.group(1)  # no text can close the script element or open a tag
    assert "<script>window.__pwned" not in page
    config = config_of(quiz_site / lang / "chapters" / f"{CHAPTER}.html")
    hostile = next(q for q in decode_key(config["packed"]) if q["id"] == HOSTILE_ID)
    assert hostile["context"] == "Context " + HOSTILE_TEXT  # the data itself is intact


def test_only_pages_with_a_quiz_load_the_widget(quiz_site: Path) -> None:
    """The core script and style on every quiz page, the bank modes' script only where a bank
    is used, nothing on the other pages."""
    for lang in LANGS:
        for name in (f"chapters/{CHAPTER}.html", "practice.html", "mock-exam.html"):
            page = _page(quiz_site, lang, name)
            assert "_static/tdcourse-quiz.js" in page and "_static/tdcourse-quiz.css" in page
            assert ("_static/tdcourse-quiz-bank.js" in page) == (name != f"chapters/{CHAPTER}.html")
        for name in ("chapters/11-revoke.html", "intro.html", "law-index.html"):
            page = _page(quiz_site, lang, name)
            assert "tdcourse-quiz" not in page, name
        assert (quiz_site / lang / "_static" / "tdcourse-quiz.js").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_bank_is_beside_the_site_once_per_topic_as_a_script(quiz_site: Path, lang: str) -> None:
    """One script per topic (the practice page's first question needs one), loaded the same way
    over http and from disk, so the bank is held once; together they are the whole bank,
    nothing inlined."""
    folder = quiz_site / lang / "_tdc"
    files = sorted(p.name for p in folder.iterdir())
    topics = sorted({str(q["topic"]) for q in answers(lang).values()})
    assert files == sorted(f"bank-{t}.js" for t in topics)
    seen: list[str] = []
    for topic in topics:
        script = (folder / f"bank-{topic}.js").read_text(encoding="utf-8")
        prefix = f'(window.tdcBanks = window.tdcBanks || {{}})["{lang}/{topic}"] = '
        assert script.startswith(prefix) and script.rstrip().endswith(";")
        assert "<" not in script  # the hostile question's markup is \u003c-escaped
        bank = json.loads(script[len(prefix):].rstrip().rstrip(";"))
        assert bank["lang"] == lang and bank["topic"] == topic
        assert bank["count"] == len(bank["questions"])
        assert {q["topic"] for q in bank["questions"]} == {topic}
        seen += [q["id"] for q in bank["questions"]]
    assert sorted(seen) == sorted(answers(lang))
    practice = config_of(quiz_site / lang / "practice.html")
    assert practice["mode"] == "practice" and "packed" not in practice
    assert practice["bankDir"] == "_tdc/"
    assert sum(practice["counts"].values()) == len(answers(lang))
    # every topic the practice page offers: those of the recipes and those of the drills
    assert len(practice["topics"]) == len(ALL_TOPICS)
    assert practice["ui"]["bank_note"] and not [k for k in practice["ui"]
                                                if k.startswith(("exam_", "chapter_"))]
    page = _page(quiz_site, lang, "practice.html")
    assert "s1987" not in page  # no question of the bank is inlined


@pytest.mark.parametrize("lang", LANGS)
def test_exam_configuration_and_links_to_chapters(quiz_site: Path, lang: str) -> None:
    config = config_of(quiz_site / lang / "mock-exam.html")
    assert (config["mode"], config["count"], config["timeLimit"], config["passMark"]) == \
        ("exam", EXAM_COUNT, EXAM_MINUTES, PASS_MARK)
    assert config["bankDir"] == "_tdc/" and set(config["counts"]) == {t["id"] for t in
                                                                     config["topics"]}
    topics = {t["id"]: t for t in config["topics"]}
    assert topics["insufficient-bid"]["href"] == f"chapters/{CHAPTER}.html"
    assert topics["revoke"]["href"] == "chapters/11-revoke.html"
    assert "href" not in topics["tricks"]  # the small site has no chapter on tricks
    assert config["laws"]["27"] == {"href": f"chapters/{CHAPTER}.html",
                                    "title": "The insufficient bid"}
    assert config["laws"]["64"]["href"] == "chapters/11-revoke.html"
    assert "25" not in config["laws"]
    assert topics["revoke"]["title"] == ("The revoke" if lang == "en" else "Фальшренонс")


def test_config_json_is_safe_in_a_script_element_and_round_trips() -> None:
    """Text that could end the script element (``</script>``, ``</SCRIPT``), start an HTML
    comment inside it (``<!--``) or end a line in older JavaScript (U+2028, U+2029) is escaped;
    the JSON still reads back as the same data."""
    from html.parser import HTMLParser

    from generator.book.quiz import config_json

    hostile = "a</script><script>alert(1)</script> </SCRIPT <!-- b --> \u2028c\u2029d"
    config = {"mode": "chapter", "ui": {"x": hostile}, "list": [hostile, "<", "\u2028"]}
    text = config_json(config)
    assert json.loads(text) == config
    for unsafe in ("<", "\u2028", "\u2029"):
        assert unsafe not in text

    class Script(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.data: list[str] = []

        def handle_data(self, data: str) -> None:
            self.data.append(data)

    parser = Script()
    parser.feed(f'<script type="application/json">{text}</script><p>after</p>')
    parser.close()
    assert parser.data == [text, "after"]  # the whole JSON is the script's text, nothing more


def _rebuild_with(tmp_path: Path, mutate: Any) -> tuple[Path, str]:
    root = write_project(tmp_path)
    write_generated(root, "en")
    build_one(root, "en", ["en"])
    page = root / "book" / "_build" / "html" / "1987" / "en" / "chapters" / f"{CHAPTER}.html"
    before = page.read_text(encoding="utf-8")
    mutate(root / "book" / "_generated" / "quiz" / f"{CHAPTER}.json")
    with pytest.raises(BookBuildError) as failure:
        build_one(root, "en", ["en"])
    assert page.read_text(encoding="utf-8") == before  # the previous output is kept
    return page, str(failure.value)


def test_a_broken_quiz_file_fails_with_one_located_line(tmp_path: Path) -> None:
    _, message = _rebuild_with(tmp_path / "a", lambda p: p.write_text("[{", encoding="utf-8"))
    assert "\n" not in message
    assert f"chapters/{CHAPTER}.md:8" in message and "tdc-quiz" in message  # the directive
    assert f"_generated/quiz/{CHAPTER}.json" in message and "line 1 column 3" in message

    def drop_key(path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        del data[2]["k"]
        path.write_text(json.dumps(data), encoding="utf-8")

    _, message = _rebuild_with(tmp_path / "b", drop_key)
    assert "question 3 lacks k" in message

    _, message = _rebuild_with(tmp_path / "c", lambda p: p.unlink())
    assert f"no file _generated/quiz/{CHAPTER}.json" in message


def test_bad_exam_options_are_located_errors(tmp_path: Path) -> None:
    root = write_project(tmp_path)
    write_generated(root, "en")
    exam = root / "book" / "mock-exam.md"
    exam.write_text(exam.read_text(encoding="utf-8").replace(f":pass-mark: {PASS_MARK}",
                                                             ":pass-mark: 75"), encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"mock-exam\.md:3.*pass mark is a fraction"):
        build_one(root, "en", ["en"])
    practice = root / "book" / "practice.md"
    practice.write_text(practice.read_text(encoding="utf-8").replace(":topics: all",
                                                                     ":topics: revoke, nope"),
                        encoding="utf-8")
    exam.write_text(exam.read_text(encoding="utf-8").replace(":pass-mark: 75", ":pass-mark: .5"),
                    encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"practice\.md:3.*unknown topic nope"):
        build_one(root, "en", ["en"])
    shutil.rmtree(root)


def test_an_unchanged_book_gets_the_current_widget_files(tmp_path: Path) -> None:
    """Sphinx copies static files only when some page is written; the extension refreshes its
    own anyway, so an upgraded widget script reaches a book whose pages did not change."""
    from generator.book.quiz import asset_names

    root = write_project(tmp_path)
    write_generated(root, "en")
    out = build_one(root, "en", ["en"])
    for name in asset_names():
        (out / "_static" / name).write_text("/* an older version */\n", encoding="utf-8")
    build_one(root, "en", ["en"])  # nothing out of date
    static = Path(__file__).resolve().parents[2] / "generator" / "book" / "static"
    for name in asset_names():
        assert (out / "_static" / name).read_bytes() == (static / name).read_bytes(), name
