"""GIFT files read by an independent parser: gift-pegjs, built from the GIFT grammar in PEG.js
(`tests/export/gift-pegjs/`, installed by ``make test`` with npm). Every question of a real bank
and the hostile questions must come back with Moodle's question type, its name, its text, each
answer with its mark or weight and its feedback, and the categories by chapter.

Skipped only where Node.js or the installed parser is absent (``make test`` installs it)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from exportdata import (
    HOSTILE,
    PLAY_LINES,
    exported_play,
    hostile_question,
    page_play,
    play_question,
)

from generator import export
from generator.book.examples import symbols
from generator.export.gift import gift

Load = Callable[[str], list[dict[str, Any]]]
PARSER = Path(__file__).with_name("gift-pegjs")
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None or not (PARSER / "node_modules" / "gift-pegjs").is_dir(),
    reason="Node.js or gift-pegjs is missing (make test installs it with npm ci)")


def parse(text: str, tmp_path: Path) -> list[dict[str, Any]]:
    """What gift-pegjs makes of a GIFT text: one dict per question or category."""
    path = tmp_path / "questions.gift"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([str(NODE), str(PARSER / "read.js"), str(path)], capture_output=True,
                          text=True, check=False, timeout=120)
    result = json.loads(done.stdout)
    assert done.returncode == 0, result
    assert isinstance(result, list)
    return result


def words(part: dict[str, Any]) -> str:
    """A parsed text's words: markup dropped, entities read."""
    assert part["format"] == "html"
    return html.unescape(re.sub(r"<[^>]+>", "", part["text"]))


def prompt_of(stem: dict[str, Any]) -> str:
    """The question's last paragraph, where the exporter puts the prompt in bold."""
    return html.unescape(re.findall(r"<p><b>(.*?)</b></p>", stem["text"])[-1])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_grammar_reads_every_question_of_a_bank(lang: str, load: Load,
                                                    tmp_path: Path) -> None:
    questions = load(lang)
    parsed = parse(gift(questions, lang), tmp_path)
    categories = [p["title"] for p in parsed if p["type"] == "Category"]
    read = [p for p in parsed if p["type"] != "Category"]
    assert categories == sorted({export.category_path(q["topic"], lang) for q in questions})
    assert sorted(p["id"] for p in read) == sorted(q["id"] for q in questions)
    category = ""
    by_id = {q["id"]: q for q in questions}
    for item in parsed:
        if item["type"] == "Category":
            category = item["title"]
            continue
        source = by_id[item["id"]]
        assert item["title"].startswith(source["id"] + ": ")
        assert category == export.category_path(source["topic"], lang)
        assert item["stem"]["format"] == "html" and not item["hasEmbeddedAnswers"]
        assert prompt_of(item["stem"]) == symbols(source["prompt"], lang)
        assert words(item["globalFeedback"]) == symbols(source["explanation"], lang)
        choices = item["choices"]
        assert all(c["feedback"] and c["feedback"]["text"] for c in choices)
        if source["type"] == "number":
            assert item["type"] == "Numerical"
            right, other = choices
            assert right["isCorrect"] and right["text"] == {
                "type": "range", "number": source["answer"], "range": 0}
            assert not other["isCorrect"] and other["text"]["text"] == "*"
            continue
        assert item["type"] == "MC"
        assert [words(c["text"]) for c in choices] == [symbols(c["text"], lang)
                                                       for c in source["choices"]]
        for parsed_choice, choice in zip(choices, source["choices"], strict=True):
            if not choice["correct"]:
                assert words(parsed_choice["feedback"]) == symbols(choice["why"], lang)
        if source["type"] == "single":
            assert [c["isCorrect"] for c in choices] == [c["correct"] for c in source["choices"]]
            assert all(c["weight"] is None for c in choices)
        else:
            weights = [c["weight"] for c in choices]
            assert [w > 0 for w in weights] == [c["correct"] for c in source["choices"]]
            assert abs(sum(w for w in weights if w > 0) - 100) <= 0.01
            assert all(-100 <= w < 0 for w in weights if w <= 0)


@pytest.mark.parametrize("qtype", ["single", "multiple", "number"])
def test_hostile_and_cyrillic_text_comes_back_exactly(qtype: str, tmp_path: Path) -> None:
    source = hostile_question(qtype)
    [category, item] = parse(gift([source], "ru"), tmp_path)
    assert category["type"] == "Category"
    assert item["id"] == source["id"] and item["title"] == source["id"] + ": решение судьи"
    paragraphs = [html.unescape(p) for p in re.findall(r"<p>(?:<b>)?(.*?)(?:</b>)?</p>",
                                                       item["stem"]["text"])]
    assert paragraphs[0] == "context " + HOSTILE
    assert paragraphs[-1] == "prompt " + HOSTILE
    assert words(item["globalFeedback"]) == "explanation " + HOSTILE
    if qtype == "number":
        assert item["choices"][0]["text"] == {"type": "range", "number": -100, "range": 0}
        return
    assert [words(c["text"]) for c in item["choices"]] == [c["text"] for c in source["choices"]]
    assert words(item["choices"][1]["feedback"]) == "why " + HOSTILE


def test_a_broken_file_is_rejected_by_the_grammar(tmp_path: Path) -> None:
    """The parser is strict enough to catch what an unescaped brace does to a question."""
    path = tmp_path / "broken.gift"
    path.write_text("::q1:: Who {chooses? {=North ~South}\n", encoding="utf-8")
    done = subprocess.run([str(NODE), str(PARSER / "read.js"), str(path)], capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == 1 and json.loads(done.stdout)["line"] == 1


def test_an_answer_starting_like_a_weight_stays_text(tmp_path: Path) -> None:
    source = hostile_question("single")
    source["choices"][1]["text"] = "%50% of the tricks"
    [_, item] = parse(gift([source], "en"), tmp_path)
    assert [c["weight"] for c in item["choices"]] == [None, None, None]
    assert words(item["choices"][1]["text"]) == "%50% of the tricks"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cards_played_come_back_from_the_grammar(lang: str, load: Load,
                                                     tmp_path: Path) -> None:
    """What the parser reads as each question's text lists the cards played as the quiz page
    does: for a real bank's questions of both phases and for the hand-made play question."""
    questions = [*load(lang), play_question("multiple", lang)]
    stems = {p["id"]: p["stem"]["text"] for p in parse(gift(questions, lang), tmp_path)
             if p["type"] != "Category"}
    for source in questions:
        heading, lines = page_play(source, lang)
        assert exported_play(stems[source["id"]]) == ((heading, lines) if lines else None)
    heading = page_play(questions[-1], lang)[0]
    assert exported_play(stems[questions[-1]["id"]]) == (heading, PLAY_LINES[lang])
