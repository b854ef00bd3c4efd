"""Quiz definitions (``quizzes/quizzes.yaml``): what each quiz draws from the bank.

A broken definitions file is reported with its file, line and problem. Selections are
deterministic: a quiz's seed picks its questions from the bank's questions of its topics, spread
over the question kinds, so the same bank and definitions always give the same quizzes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.errors import InputError, ParseError
from generator.i18n import languages
from generator.scenarios.questions import TOPICS

ALL_TOPICS = tuple(sorted(set(TOPICS.values())))


def parse_topics(text: str | None) -> tuple[str, ...]:
    """A comma-separated topic list (``--topics``, a directive's ``:topics:``): the topics in the
    order given, without repeats; empty, ``None`` or ``all`` means every topic. An unknown topic
    is a one-line parse error listing the known ones, so a typo is fixed at once."""
    if text is None or text.strip() in ("", "all"):
        return ALL_TOPICS
    wanted = tuple(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))
    unknown = [t for t in wanted if t not in ALL_TOPICS]
    if unknown:
        raise ParseError(f"unknown topic {', '.join(unknown)} (topics: {', '.join(ALL_TOPICS)})")
    return wanted or ALL_TOPICS


@dataclass(frozen=True)
class Quiz:
    id: str
    topics: tuple[str, ...]
    count: int
    seed: int


@dataclass(frozen=True)
class Definitions:
    bank_seed: int
    bank_count: int
    langs: tuple[str, ...]
    chapters: tuple[Quiz, ...]
    practice_topics: tuple[str, ...]
    mock: Quiz
    time_limit_minutes: int
    pass_mark: float


def _line(node: yaml.Node | None) -> int | None:
    return node.start_mark.line + 1 if node is not None else None


def load(path: Path) -> Definitions:
    """Read and check the definitions file."""
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read quiz definitions: {exc.strerror}", where) from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise InputError(f"invalid YAML: {exc.problem}", where, line) from None
    if not isinstance(data, dict) or root is None:
        raise InputError("quiz definitions must be a mapping", where, 1)
    nodes = {k.value: v for k, v in root.value}

    lines: dict[str, int | None] = {k: _line(v) for k, v in nodes.items()}

    def fail(key: str, problem: str) -> InputError:
        return InputError(problem, where, lines.get(key))

    def topics(value: Any, key: str) -> tuple[str, ...]:
        if value == "all":
            return ALL_TOPICS
        if not isinstance(value, list) or not value:
            raise fail(key, f"'{key}' needs a list of topics or 'all'")
        unknown = [t for t in value if t not in ALL_TOPICS]
        if unknown:
            raise fail(key, f"unknown topic {unknown[0]!r} (topics: {', '.join(ALL_TOPICS)})")
        return tuple(value)

    def number(value: Any, key: str, low: float, kind: type = int) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < low or (
                kind is int and not isinstance(value, int)):
            raise fail(key, f"'{key}' must be a number of at least {low}, not {value!r}")
        return value

    chapter_nodes = nodes.get("chapters")
    chapter_lines = [_line(n) for n in chapter_nodes.value] if isinstance(
        chapter_nodes, yaml.SequenceNode) else []

    for key in ("bank", "chapters", "mock_exam"):
        if key not in data:
            raise InputError(f"missing '{key}'", where, 1)
    bank = data["bank"]
    if not isinstance(bank, dict):
        raise fail("bank", "'bank' must be a mapping with seed, count and langs")
    chapters = []
    if not isinstance(data["chapters"], list):
        raise fail("chapters", "'chapters' must be a list")
    for position, item in enumerate(data["chapters"]):
        if position < len(chapter_lines):
            lines["chapters"] = chapter_lines[position]  # point at the chapter being read
        if not isinstance(item, dict) or "id" not in item:
            raise fail("chapters", "each chapter quiz needs an id, topics, count and seed")
        chapters.append(Quiz(str(item["id"]), topics(item.get("topics"), "chapters"),
                             number(item.get("count"), "chapters", 1),
                             number(item.get("seed"), "chapters", 0)))
    mock = data["mock_exam"]
    if not isinstance(mock, dict):
        raise fail("mock_exam", "'mock_exam' must be a mapping")
    pass_mark = number(mock.get("pass_mark"), "mock_exam", 0, float)
    if pass_mark > 1:
        raise fail("mock_exam", f"pass_mark is a fraction from 0 to 1, not {pass_mark}")
    # default: every language that has a catalog (a new language needs no edit here)
    langs = tuple(bank.get("langs", languages()))
    if any(lang not in languages() for lang in langs):
        raise fail("bank", f"unknown language in {list(langs)} (known: {', '.join(languages())})")
    return Definitions(
        bank_seed=number(bank.get("seed"), "bank", 0),
        bank_count=number(bank.get("count"), "bank", 1),
        langs=langs,
        chapters=tuple(chapters),
        practice_topics=topics(data.get("practice", {}).get("topics", "all"), "practice"),
        mock=Quiz("mock-exam", topics(mock.get("topics"), "mock_exam"),
                  number(mock.get("count"), "mock_exam", 1),
                  # the browser draws each attempt afresh: a seed is allowed, not needed
                  number(mock.get("seed", 0), "mock_exam", 0)),
        time_limit_minutes=number(mock.get("time_limit_minutes"), "mock_exam", 1),
        pass_mark=float(pass_mark),
    )


def select(quiz: Quiz, questions: list[dict[str, Any]]) -> list[str]:
    """The ids of a quiz's questions: its seed draws them from its topics, kinds spread out."""
    pool = sorted((q for q in questions if q["topic"] in quiz.topics), key=lambda q: q["id"])
    rng = random.Random(f"{quiz.id}/{quiz.seed}")
    rng.shuffle(pool)
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for q in pool:
        by_kind.setdefault(q["kind"], []).append(q)
    picked: list[str] = []
    while len(picked) < quiz.count and any(by_kind.values()):
        for kind in sorted(by_kind):
            if by_kind[kind] and len(picked) < quiz.count:
                picked.append(by_kind[kind].pop()["id"])
    return picked
