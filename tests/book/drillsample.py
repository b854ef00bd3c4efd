"""Two hand-made drills for the tests of questions asked without a table (no ``shown``, no deal).

The real drills (``generator/drills/*.py``) are written elsewhere; these follow the shape
:mod:`generator.drills` documents, so every consumer can be tested against it now:

- ``sample-matchpoints`` (topic ``scoring``): a number question over a traveller shown as a
  figure (a table of tables and North-South scores): North-South's matchpoints at one table;
- ``sample-fact`` (topic ``director-and-procedure``): a single-choice question of procedure that
  shows nothing of a table (no board, no dealer, no deal, no figure).

:func:`register` adds both to :data:`generator.drills.DRILLS` and the topics to the quiz
definitions' known topics through ``monkeypatch`` (undone after the test).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from generator import drills
from generator.scenarios import bank as bank_module
from generator.scenarios import quizdefs

TOPICS = ("scoring", "director-and-procedure")
#: A cell of every traveller: hostile text, so that a test sees it shown literally.
HOSTILE_CELL = '<img src=x onerror="window.__pwned=1">'


def matchpoints(scores: list[int], index: int) -> int:
    """Matchpoints of ``scores[index]``: two for each score it beats, one for each tie."""
    mine = scores[index]
    return sum(2 if mine > s else 1 if mine == s else 0
               for n, s in enumerate(scores) if n != index)


def make_matchpoints(rng: random.Random, rid: str) -> dict[str, Any]:
    scores = [rng.choice([-100, -50, 110, 140, 170, 420, 450]) for _ in range(5)]
    table = rng.randrange(len(scores))
    answer = matchpoints(scores, table)
    rows = [[str(n + 1), f"{s:+d}"] for n, s in enumerate(scores)]
    rows.append(["6", HOSTILE_CELL])  # not scored: a note row, shown as text
    return {
        "id": f"{rid}-mp", "type": "number", "kind": "matchpoints", "difficulty": 1,
        "laws": ["78A"],
        "prompt": {"en": f"How many matchpoints do North-South at table {table + 1} score?",
                   "ru": f"Сколько матчпойнтов получает пара С–Ю за столом {table + 1}?"},
        "context": {"en": "The traveller of one board (North-South scores; table 6 did not "
                          "play it).",
                    "ru": "Протокол одной сдачи (результаты пар С–Ю; стол 6 её не играл)."},
        "explanation": {"en": f"Two for each score beaten, one for each tie: {answer} (Law 78A).",
                        "ru": f"Два за каждый побитый результат, один за равный: {answer} "
                              "(правило 78A)."},
        "key": {"scores": scores, "table": table},
        "answer": answer,
        "figure": {"kind": "table",
                   "columns": {"en": ["Table", "N-S score"], "ru": ["Стол", "Результат С–Ю"]},
                   "rows": rows},
    }


def check_matchpoints(question: Mapping[str, Any]) -> dict[str, list[str]]:
    key = question["key"]
    right = matchpoints(list(key["scores"]), int(key["table"]))
    return {"key": [] if right == question["answer"] else [f"{right} != {question['answer']}"],
            "right": [], "wrong": []}


def make_fact(rng: random.Random, rid: str) -> dict[str, Any]:
    del rng
    return {
        "id": f"{rid}-fact", "type": "single", "kind": "procedure", "difficulty": 1,
        "laws": ["9B1"],
        "prompt": {"en": "Who may call the director when attention is drawn to an "
                         "irregularity?",
                   "ru": "Кто может вызвать судью, когда обращено внимание на нарушение?"},
        "context": {"en": "", "ru": ""},
        "explanation": {"en": "Any player may, dummy included once the irregularity is "
                              "pointed out by another (Law 9B1).",
                        "ru": "Любой игрок, в том числе болван, когда на нарушение указал "
                              "другой (правило 9B1)."},
        "key": {"fact": "9B1"},
        "choices": [
            {"id": "a", "text": {"en": "Any player at the table",
                                 "ru": "Любой игрок за столом"},
             "correct": True, "claim": {"who": "any"}},
            {"id": "b", "text": {"en": "Only declarer", "ru": "Только разыгрывающий"},
             "correct": False, "claim": {"who": "declarer"},
             "why": {"en": "Every player may call him (Law 9B1).",
                     "ru": "Вызвать судью может каждый игрок (правило 9B1)."}},
        ],
    }


def check_fact(question: Mapping[str, Any]) -> dict[str, list[str]]:
    right = [c["id"] for c in question["choices"] if c.get("correct")]
    return {"key": [], "right": [] if right == ["a"] else ["the right choice is a"], "wrong": []}


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both drills registered and their topics known, for this test only."""
    monkeypatch.setattr(drills, "DRILLS", {})
    drills.drill("sample-matchpoints", "scoring", check_matchpoints)(make_matchpoints)
    drills.drill("sample-fact", "director-and-procedure", check_fact)(make_fact)
    every = tuple(sorted(set(quizdefs.ALL_TOPICS) | set(TOPICS)))
    monkeypatch.setattr(quizdefs, "ALL_TOPICS", every)
    monkeypatch.setattr(bank_module, "ALL_TOPICS", every)


def drill_questions(seed: int = 5, count: int = 6) -> list[dict[str, Any]]:
    """Bilingual drill questions of both sample drills (register them first)."""
    return [q for record in drills.records(seed, count) for q in record["questions"]]
