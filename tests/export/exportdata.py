"""Data shared by the export tests: the small bank's size and seed, and a hand-made question
full of hostile and Cyrillic text."""

from __future__ import annotations

from typing import Any

#: Enough scenarios for every format to meet single, multiple and number questions, several
#: topics and a few irregular auctions; small enough to build in about a second.
BANK_COUNT = 48
BANK_SEED = 11

#: Text that tries every way out of its field: markup, a CDATA end, quotes, GIFT's syntax,
#: a backslash before an "n", PBN's braces, and Cyrillic. No card or call pattern (``H6``,
#: ``1NT``) is in it, so the exports must give it back exactly.
HOSTILE = ("Судья: <script>alert(\"x&y\")</script> ]]> {a} ~b =c #d :e \\n \\ "
           "'q' %p [plain] // end")


def hostile_question(qtype: str = "single") -> dict[str, Any]:
    """A bank-shaped question whose every text is :data:`HOSTILE` (plus a distinguishing tag)."""
    question: dict[str, Any] = {
        "id": f"fake-1-{qtype}", "scenario": "fake-1", "type": qtype, "kind": "ruling",
        "topic": "revoke", "laws": ["64"], "difficulty": 3, "lang": "ru",
        "prompt": "prompt " + HOSTILE, "context": "context " + HOSTILE,
        "explanation": "explanation " + HOSTILE,
        "board": 5, "dealer": "N", "vulnerable": "NS",
        "deal": "N:AKJT72.Q5.43.AK4 Q.K843.AJ982.Q85 963.AJT9.K76.J76 854.762.QT5.T932",
        "events": ["N 1S", "E P", "S 2S", "W P", "N P", "E P"],
    }
    if qtype == "number":
        question["answer"] = -100.0
    else:
        question["choices"] = [
            {"id": "a", "text": "right " + HOSTILE, "correct": True},
            {"id": "b", "text": "wrong " + HOSTILE, "correct": False, "why": "why " + HOSTILE},
            {"id": "c", "text": "[html]second " + HOSTILE, "correct": qtype == "multiple",
             **({} if qtype == "multiple" else {"why": "why c " + HOSTILE})},
        ]
    return question
