"""Quiz definitions (``quizzes/quizzes.yaml``): what each quiz draws from the bank.

A broken definitions file is reported with its file, line and problem: a file that is not UTF-8,
a key given twice (at the second one), an unknown key, a value of the wrong type at any key.
Selections are deterministic: a quiz's seed picks its questions from the bank's questions of its
topics, spread over the question kinds, so the same bank and definitions always give the same
quizzes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator import yamlnodes
from generator.drills import topics as drill_topics
from generator.errors import InputError, ParseError
from generator.i18n import languages
from generator.scenarios.bounds import MAX_COUNT
from generator.scenarios.questions import TOPICS
from generator.table.limits import (
    PLAIN_TAGS,
    YAML_TAG,
    check_int_digits,
    clip,
    read_text,
    tag_name,
)

#: Every topic: those of the recipes' irregularities and those of the drills.
ALL_TOPICS = tuple(sorted(set(TOPICS.values()) | set(drill_topics())))


def parse_topics(text: str | None) -> tuple[str, ...]:
    """A comma-separated topic list (``--topics``, a directive's ``:topics:``): the topics in the
    order given, without repeats; empty, ``None`` or ``all`` means every topic. An unknown topic
    is a one-line parse error listing the known ones, so a typo is fixed at once. A list of
    commas only (``,``) names no topic: refused, rather than read as every topic."""
    if text is None or text.strip() in ("", "all"):
        return ALL_TOPICS
    wanted = tuple(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))
    if not wanted:
        raise ParseError(f"the topic list {text!r} names no topic "
                         f"(topics: {', '.join(ALL_TOPICS)})")
    unknown = [t for t in wanted if t not in ALL_TOPICS]
    if unknown:
        raise ParseError(f"unknown topic {', '.join(unknown)} (topics: {', '.join(ALL_TOPICS)})")
    return wanted


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


#: The keys of each part of the file; any other key is refused (a typo would be ignored).
_TOP_KEYS = ("format", "bank", "chapters", "practice", "mock_exam")
_BANK_KEYS = ("seed", "count", "langs")
_CHAPTER_KEYS = ("id", "topics", "count", "seed")
_PRACTICE_KEYS = ("topics",)
_MOCK_KEYS = ("count", "topics", "time_limit_minutes", "pass_mark", "seed")
FORMAT = 1

#: the tags a definitions file may hold: plain data's, and a date (read, then refused by the
#: check of its key); any other is refused where it stands, in those words, not as "a list" or
#: a converter's text
_ALLOWED_TAGS = PLAIN_TAGS | {YAML_TAG + "timestamp"}


def _check_nodes(root: yaml.Node, where: str) -> None:
    """Refuse, at its line, a node whose tag is not plain YAML, or a whole number longer than
    :data:`generator.table.limits.MAX_INT_DIGITS` (the bound of case files: no count or seed
    needs more, and Python itself will not convert more than 4,300 digits)."""
    todo, seen = [root], set()
    while todo:
        node = todo.pop()
        if id(node) in seen:  # an alias: checked where it was defined
            continue
        seen.add(id(node))
        if node.tag not in _ALLOWED_TAGS:
            raise InputError(f"YAML tag {clip(tag_name(node.tag))} is not allowed in the quiz "
                             "definitions", where, yamlnodes.line(node))
        if isinstance(node, yaml.ScalarNode) and node.tag == YAML_TAG + "int":
            check_int_digits(node.value, where, yamlnodes.line(node))
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            todo.extend(n for pair in node.value for n in pair)


class _Reader:
    """The checks of one definitions file, each refusal located at the node it is about."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, node: yaml.Node, problem: str) -> InputError:
        return InputError(problem, self.where, yamlnodes.line(node))

    def mapping(self, node: yaml.Node, name: str, keys: tuple[str, ...],
                required: tuple[str, ...]) -> dict[str, yaml.Node]:
        """The values of a mapping by key; unknown and missing keys refused."""
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{name} must be a mapping of {', '.join(keys)}")
        found: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key not in keys:
                raise self.fail(key_node, f"unknown key {key!r} in {name} "
                                          f"(known: {', '.join(keys)})")
            found[str(key)] = value_node
        for key in required:
            if key not in found:
                raise self.fail(node, f"missing '{key}' in {name}")
        return found

    def scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, "expected a single value here, not a list or a mapping")
        return yamlnodes.value(node, self.where)

    def number(self, node: yaml.Node, name: str, low: int, high: int | None = None) -> int:
        """A whole number from ``low`` (to ``high`` when given), refused at its line."""
        value = self.scalar(node)
        if (isinstance(value, bool) or not isinstance(value, int) or value < low
                or (high is not None and value > high)):
            bound = f"of at least {low}" if high is None else f"from {low} to {high}"
            raise self.fail(node, f"'{name}' must be a whole number {bound}, not {value!r}")
        return value

    def topics(self, node: yaml.Node, name: str) -> tuple[str, ...]:
        if isinstance(node, yaml.ScalarNode) and self.scalar(node) == "all":
            return ALL_TOPICS
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            raise self.fail(node, f"'{name}' needs a list of topics or 'all'")
        found: list[str] = []
        for item in node.value:
            topic = self.scalar(item)
            if topic not in ALL_TOPICS:
                raise self.fail(item, f"unknown topic {topic!r} (topics: {', '.join(ALL_TOPICS)})")
            if topic in found:
                raise self.fail(item, f"topic {topic!r} is listed twice")
            found.append(topic)
        return tuple(found)

    def langs(self, node: yaml.Node) -> tuple[str, ...]:
        known = languages()
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            raise self.fail(node, f"'langs' needs a list of languages (known: {', '.join(known)})")
        found: list[str] = []
        for item in node.value:
            lang = self.scalar(item)
            if lang not in known or lang in found:
                problem = ("listed twice" if lang in found
                           else f"unknown (known: {', '.join(known)})")
                raise self.fail(item, f"language {lang!r} is {problem}")
            found.append(lang)
        return tuple(found)


def load(path: Path) -> Definitions:
    """Read and check the definitions file: every key known, every value of its type, no key
    twice; the first problem is an :class:`InputError` with the file and line."""
    where = str(path)
    text = read_text(path, "the quiz definitions", yamlnodes.MAX_BYTES)
    root = yamlnodes.compose(text, where)
    if root is None:
        raise InputError("quiz definitions must be a mapping (the file is empty)", where, 1)
    _check_nodes(root, where)
    read = _Reader(where)
    top = read.mapping(root, "the quiz definitions", _TOP_KEYS, ())
    for key in ("bank", "chapters", "mock_exam"):
        if key not in top:
            raise InputError(f"missing '{key}'", where, 1)
    if "format" in top and read.scalar(top["format"]) != FORMAT:
        raise read.fail(top["format"], f"unsupported format {read.scalar(top['format'])!r} "
                                       f"(this reads {FORMAT})")
    if not isinstance(top["bank"], yaml.MappingNode):
        raise read.fail(top["bank"], "'bank' must be a mapping with seed, count and langs")
    bank = read.mapping(top["bank"], "'bank'", _BANK_KEYS, ("seed", "count"))
    # default: every language that has a catalog (a new language needs no edit here)
    langs = read.langs(bank["langs"]) if "langs" in bank else languages()

    chapter_list = top["chapters"]
    if not isinstance(chapter_list, yaml.SequenceNode):
        raise read.fail(chapter_list, "'chapters' must be a list")
    chapters: list[Quiz] = []
    for item in chapter_list.value:
        if not isinstance(item, yaml.MappingNode):
            raise read.fail(item, "each chapter quiz needs an id, topics, count and seed")
        fields = read.mapping(item, "a chapter quiz", _CHAPTER_KEYS, _CHAPTER_KEYS)
        quiz_id = read.scalar(fields["id"])
        if not isinstance(quiz_id, str) or not quiz_id.strip():
            raise read.fail(fields["id"], f"a chapter quiz's id is a name, not {quiz_id!r}")
        if any(quiz.id == quiz_id for quiz in chapters):
            raise read.fail(fields["id"], f"chapter quiz {quiz_id!r} is defined twice")
        chapters.append(Quiz(quiz_id, read.topics(fields["topics"], "topics"),
                             read.number(fields["count"], "count", 1),
                             read.number(fields["seed"], "seed", 0)))

    practice = (read.mapping(top["practice"], "'practice'", _PRACTICE_KEYS, ())
                if "practice" in top else {})
    practice_topics = (read.topics(practice["topics"], "topics") if "topics" in practice
                       else ALL_TOPICS)

    mock = read.mapping(top["mock_exam"], "'mock_exam'", _MOCK_KEYS,
                        ("count", "topics", "time_limit_minutes", "pass_mark"))
    mark = read.scalar(mock["pass_mark"])
    if isinstance(mark, bool) or not isinstance(mark, (int, float)) or not 0 <= mark <= 1:
        raise read.fail(mock["pass_mark"], f"pass_mark is a fraction from 0 to 1, not {mark!r}")
    return Definitions(
        bank_seed=read.number(bank["seed"], "seed", 0),
        # the bound of tdcourse generate --count, said here with the file's line: the bank is
        # built later, where a refusal could only name the flag the user never gave
        bank_count=read.number(bank["count"], "count", 1, MAX_COUNT),
        langs=langs,
        chapters=tuple(chapters),
        practice_topics=practice_topics,
        mock=Quiz("mock-exam", read.topics(mock["topics"], "topics"),
                  read.number(mock["count"], "count", 1),
                  # the browser draws each attempt afresh: a seed is allowed, not needed
                  read.number(mock["seed"], "seed", 0) if "seed" in mock else 0),
        time_limit_minutes=read.number(mock["time_limit_minutes"], "time_limit_minutes", 1),
        pass_mark=float(mark),
    )


#: Boards of a topic a chapter quiz leaves to the chapter's worked examples when it can (an
#: example never shows a board its chapter's quiz asks about: generator/book/site.py).
KEEP_FOR_EXAMPLES = 4


def select(quiz: Quiz, questions: list[dict[str, Any]]) -> list[str]:
    """The ids of a quiz's questions: its seed draws them from its topics, kinds spread out.

    A quiz draws on as many boards (scenarios) as it likes while its topics keep
    :data:`KEEP_FOR_EXAMPLES` others for the worked examples; on a small topic it then takes
    further questions from the boards it already uses, and only if those run out from others."""
    pool = sorted((q for q in questions if q["topic"] in quiz.topics), key=lambda q: q["id"])
    rng = random.Random(f"{quiz.id}/{quiz.seed}")
    rng.shuffle(pool)
    boards = {str(q.get("scenario")) for q in pool}
    room = max(len(boards) - KEEP_FOR_EXAMPLES, 1)
    picked: list[str] = []
    used: set[str] = set()
    for limit in (room, len(boards)):
        by_kind: dict[str, list[dict[str, Any]]] = {}
        for q in pool:
            if q["id"] not in picked:
                by_kind.setdefault(q["kind"], []).append(q)
        progress = True
        while len(picked) < quiz.count and progress:
            progress = False
            for kind in sorted(by_kind):
                queue = by_kind[kind]
                while queue and len(picked) < quiz.count:
                    q = queue.pop()
                    board = str(q.get("scenario"))
                    if board in used or len(used) < limit:
                        picked.append(q["id"])
                        used.add(board)
                        progress = True
                        break
    return picked
