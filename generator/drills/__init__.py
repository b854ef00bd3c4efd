"""Drills: questions that are not about one irregularity at one table.

A scenario question asks what the director rules at a table (``generator.scenarios``). Some of
what a director is examined on is not a ruling on one board: the matchpoints of a traveller, the
IMPs between two tables, the score of a contract, a fact of procedure fixed by a clause (who may
call the director, what an appeal may change). A *drill* makes such questions from a seed.

A drill is registered with :func:`drill` under a name and a topic (the chapter quiz it feeds)
and gives two functions:

``make(rng, rid)``
    one question (or ``None`` when the draw gives nothing worth asking), its texts as mappings
    of every language (``{"en": ..., "ru": ...}``), as the scenario questions have them before
    :func:`generator.scenarios.questions.localise`.
``check(question)``
    the drill's own audit of one stored question (in one language, as ``questions.<lang>.json``
    holds it): recompute the key *independently of* ``make`` and say, per check, what is wrong:
    ``{"key": [...], "right": [...], "wrong": [...]}`` (empty lists when all is well). The
    bank's audit adds the checks every question gets (each wrong answer has its why in every
    language, the Russian has no Latin word).

The question a drill makes has the fields of a scenario question except those of a table:

``id``, ``scenario`` (the drill record's id), ``drill`` (the drill's name), ``type`` (``single``,
``multiple`` or ``number``), ``kind``, ``topic``, ``laws``, ``difficulty``, ``prompt``,
``context``, ``explanation``, ``key`` (what the answer rests on, in the drill's own terms), and
``choices`` (each with ``id``, ``text``, ``correct``, ``why`` for a wrong one, ``claim``) or
``answer`` (a number). Optional: ``board``, ``dealer``, ``vulnerable``, ``deal``, ``events`` when
the question shows a board, and ``figure``, a table to show the learner::

    {"kind": "table", "columns": {"en": [...], "ru": [...]}, "rows": [["1", "+420"], ...]}

(cells are plain text, escaped wherever shown).

A bank stores its drill records in ``drills.json`` (``{"id", "drill", "topic", "seed"}``: enough
to make the question again, which ``tdcourse verify`` does) and their questions in
``questions.<lang>.json`` after the scenarios' questions.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Make = Callable[[random.Random, str], "dict[str, Any] | None"]
Check = Callable[[Mapping[str, Any]], "dict[str, list[str]]"]

#: The checks a drill's own audit may report (the bank's audit adds ``why`` and ``russian``).
DRILL_CHECKS = ("key", "right", "wrong")


@dataclass(frozen=True)
class Drill:
    """A kind of question made from a seed rather than from a table's irregularity."""

    name: str
    topic: str
    make: Make
    check: Check
    weight: float = 1.0


DRILLS: dict[str, Drill] = {}

#: The modules that register drills (imported on first use, so that importing this package
#: stays cheap and free of cycles).
MODULES: tuple[str, ...] = ("generator.drills.facts", "generator.drills.scoring")


def drill(name: str, topic: str, check: Check, weight: float = 1.0) -> Callable[[Make], Make]:
    """Register ``make`` as the drill ``name`` of ``topic``, audited by ``check``."""
    def register(make: Make) -> Make:
        if name in DRILLS:
            raise ValueError(f"drill {name!r} is registered twice")
        DRILLS[name] = Drill(name, topic, make, check, weight)
        return make
    return register


def registry() -> dict[str, Drill]:
    """Every drill, its modules imported."""
    for module in MODULES:
        importlib.import_module(module)
    return DRILLS


def topics() -> tuple[str, ...]:
    """The topics the drills feed, sorted."""
    return tuple(sorted({d.topic for d in registry().values()}))


def default_count(scenarios: int) -> int:
    """How many drill records a bank of ``scenarios`` scenarios holds unless told: a quarter
    as many (every drill topic then has enough for its chapter quiz in the course's bank)."""
    return scenarios // 4


def _rng(seed: str) -> random.Random:
    return random.Random(hashlib.sha256(seed.encode()).hexdigest())


def make_question(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """The question of a stored drill record (``tdcourse verify`` asks it again)."""
    found = registry().get(str(record["drill"]))
    if found is None:
        raise KeyError(f"no drill named {record['drill']!r}")
    question = found.make(_rng(str(record["seed"])), str(record["id"]))
    if question is not None:
        question.setdefault("drill", found.name)
        question.setdefault("scenario", str(record["id"]))
        question.setdefault("topic", found.topic)
    return question


def records(seed: int, count: int, wanted_topics: Sequence[str] = ()
            ) -> list[dict[str, Any]]:
    """``count`` drill records with their questions (``record["questions"]``), drawn in a
    fixed order from ``seed`` among the drills of ``wanted_topics`` (every drill when empty).

    A draw that gives no question is skipped; the next index is drawn instead, so the count
    holds whatever the drills decline."""
    table = registry()
    names = sorted(n for n, d in table.items()
                   if d.weight > 0 and (not wanted_topics or d.topic in wanted_topics))
    out: list[dict[str, Any]] = []
    if not names:
        return out
    weights = [table[n].weight for n in names]
    index = 0
    misses = 0
    while len(out) < count:
        pick = _rng(f"{seed}/drill/{index}")
        name = pick.choices(names, weights)[0]
        record = {"id": f"d{seed}-{name}-{index}", "drill": name, "topic": table[name].topic,
                  "seed": f"{seed}/drill/{index}/{name}"}
        index += 1
        question = make_question(record)
        if question is None:
            misses += 1
            if misses > 20 * count + 100:
                raise RuntimeError(f"the drills of {', '.join(names)} decline every draw")
            continue
        out.append({**record, "questions": [question]})
    return out


def stored(record: Mapping[str, Any]) -> dict[str, Any]:
    """A drill record as ``drills.json`` keeps it (without its questions)."""
    return {k: record[k] for k in ("id", "drill", "topic", "seed")}
