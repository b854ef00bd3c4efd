"""The shape of each file of a question bank, as its readers (``verify``, ``export``) need it.

A bank is written by ``tdcourse generate``, but it is a folder anyone can edit, copy half of or
damage: each file is checked against its shape here when it is read, so that a damaged bank is
refused with one line naming the file, the line and the key path (``scenarios.json:12:
[0].ruling: missing 'laws'``) instead of ending in a ``KeyError`` deep in an export. Keys a
reader does not use are not required (a bank may carry more), but every key a reader indexes is.
"""

from __future__ import annotations

from generator.jsonshape import ListOf, Obj, OneOf

#: ``manifest.json``: what was asked for and what was written.
MANIFEST = Obj({
    "format": int, "count": int, "questions": int, "seed": int,
    "langs": ListOf(str, nonempty=True), "topics": ListOf(str),
}, {"edition": str, "recipe_weights": dict, "drills": int})

_CASE = Obj({"board": int, "deal": str, "events": ListOf(str)}, {"edition": str, "format": int})
_RULING = Obj({"kind": str, "laws": list, "rectifications": list, "options": list,
               "flags": list}, {"explanation": dict})

#: ``scenarios.json``: the verified scenarios, each with its stored ruling.
SCENARIOS = ListOf(Obj({
    "id": str, "kind": str, "case": _CASE, "irregularities": list, "ruling": _RULING,
}, {"score": (dict, type(None)), "state": dict, "seed": str, "recipe": str}))

#: ``drills.json``: the drill records (:mod:`generator.drills`), each enough to ask its
#: question again.
DRILLS = ListOf(Obj({"id": str, "drill": str, "topic": str, "seed": str}))

_CHOICE = Obj({"id": str, "text": str, "correct": bool}, {"why": str, "claim": dict})
QUESTION_TYPES = ("single", "multiple", "number")

#: What a question shows of its table: required of a scenario's question, optional for a drill's
#: (``load_questions`` checks the first).
TABLE_FIELDS = ("board", "deal", "dealer", "vulnerable", "events")

#: ``questions.<lang>.json``: the questions in one language.
QUESTIONS = ListOf(Obj({
    "id": str, "scenario": str, "topic": str, "kind": str, "type": OneOf(QUESTION_TYPES),
    "lang": str, "prompt": str,
}, {"choices": ListOf(_CHOICE), "answer": (int, float), "context": str, "explanation": str,
    "laws": ListOf(str), "difficulty": int, "shown": _CASE, "key": dict, "drill": str,
    "figure": dict, "board": int, "deal": str, "dealer": str, "vulnerable": str,
    "events": ListOf(str)}))
