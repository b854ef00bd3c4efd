"""Quiz definitions (quizzes/quizzes.yaml): the project's file is valid, selections are
deterministic and stay within their topics, and a broken file gives one located error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import InputError
from generator.scenarios import quizdefs
from generator.scenarios.bank import Plan, scenarios

ROOT = Path(__file__).resolve().parents[2]


def test_the_projects_definitions_are_valid() -> None:
    defs = quizdefs.load(ROOT / "quizzes" / "quizzes.yaml")
    assert defs.bank_count >= 100
    assert set(defs.langs) == {"ru", "en"}
    assert {q.id for q in defs.chapters} >= {"insufficient-bid", "revoke", "penalty-cards"}
    assert 0 < defs.pass_mark <= 1
    assert defs.mock.count >= 10


@pytest.fixture(scope="module")
def questions() -> list[dict]:  # type: ignore[type-arg]
    records = scenarios(Plan(80, 5), workers=1)
    return [q for r in records for q in r["questions"]]


def test_selection_is_deterministic_and_within_topics(questions: list[dict]) -> None:  # type: ignore[type-arg]
    quiz = quizdefs.Quiz("insufficient-bid", ("insufficient-bid",), 6, 13)
    first = quizdefs.select(quiz, questions)
    assert first == quizdefs.select(quiz, list(reversed(questions)))
    by_id = {q["id"]: q for q in questions}
    assert first and all(by_id[i]["topic"] == "insufficient-bid" for i in first)
    assert len(first) == len(set(first)) <= 6
    kinds = {by_id[i]["kind"] for i in first}
    assert len(kinds) >= 2, "a quiz spreads over the kinds of question"
    other = quizdefs.select(quizdefs.Quiz("insufficient-bid", ("insufficient-bid",), 6, 14),
                            questions)
    assert other != first or len(first) < 3


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("format: 1\nbank: {seed: 1, count: 10}\nchapters: []\n", 1, "missing 'mock_exam'"),
    ("format: 1\nbank: {seed: 1, count: 10}\nchapters:\n  - {id: x, topics: [nonsense], "
     "count: 3, seed: 1}\nmock_exam: {count: 5, topics: all, time_limit_minutes: 10, "
     "pass_mark: 0.5, seed: 2}\n", 4, "unknown topic 'nonsense'"),
    ("format: 1\nbank: {seed: 1, count: 10}\nchapters: []\nmock_exam: {count: 5, topics: all, "
     "time_limit_minutes: 10, pass_mark: 7, seed: 2}\n", 4, "pass_mark is a fraction"),
    ("format: 1\nbank: [\n", 3, "invalid YAML"),  # found at the end of the file
])
def test_a_broken_definitions_file_is_located(tmp_path: Path, text: str, line: int,
                                              problem: str) -> None:
    path = tmp_path / "quizzes.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        quizdefs.load(path)
    assert caught.value.path == str(path)
    assert caught.value.line == line
    assert problem in caught.value.problem


def test_tdcourse_build_reports_a_broken_quiz_file_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "quizzes.yaml").write_text("format: 1\nbank: 3\nchapters: []\n"
                                                       "mock_exam: {}\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "generator.cli", "build", "--root",
                           str(tmp_path)], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "quizzes.yaml:2" in lines[0], done.stderr


def test_the_mock_exam_needs_no_seed(tmp_path: Path) -> None:
    """The browser draws each exam attempt afresh, so a seed is optional (0 when absent)."""
    path = tmp_path / "quizzes.yaml"
    path.write_text("format: 1\nbank: {seed: 1, count: 10}\nchapters: []\n"
                    "mock_exam: {count: 5, topics: all, time_limit_minutes: 10, pass_mark: 0.6}\n",
                    encoding="utf-8")
    defs = quizdefs.load(path)
    assert (defs.mock.count, defs.mock.seed, defs.time_limit_minutes, defs.pass_mark) == \
        (5, 0, 10, 0.6)


def test_one_reading_of_a_topic_list() -> None:
    """``--topics`` and the quiz directives' ``:topics:`` read the same way: all when empty or
    ``all``, the order given without repeats, a one-line error naming the known topics."""
    from generator.errors import ParseError

    assert quizdefs.parse_topics("all") == quizdefs.parse_topics("") == quizdefs.ALL_TOPICS
    assert quizdefs.parse_topics("tricks, revoke,tricks") == ("tricks", "revoke")
    with pytest.raises(ParseError, match=r"^unknown topic nope \(topics: auction-procedure"):
        quizdefs.parse_topics("revoke,nope")
