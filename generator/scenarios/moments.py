"""The moments of a board that questions ask about, and the engine's ruling at each.

A question asks about one moment and shows everything up to it and nothing after it. Its
``shown`` case is the scenario's case cut at that moment, and every text and key of the question
comes from the engine's ruling of exactly that cut case (:func:`rule`), the same ruling a
learner or a reviewer gets from ``tdcourse rule`` on ``shown``. The moments:

- **arrival**: the director has just been called — the events up to the irregular action (and the
  call for the director right after it, if there was one); the choices it opens are not made yet.
  The "what may this player choose?" question asks here.
- **ruled**: the choices the irregularity opened are made (the scenario's ``after_ruling``
  moment: acceptance or refusal, the offender's replacement call, declarer's choice...). The
  ruling, the clause and "who acts next" are asked here. A revoke that was not pointed out at once
  is ruled when the director is called at the end of the board, once it is established (Law 63):
  the whole play is shown, with the call for the director at the end.
- **end**: the board is over; the score after rectification is asked here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from generator.laws.engine import analyse, report
from generator.laws.ruler import LawRuler
from generator.table.case import parse_case
from generator.table.detect import replay
from generator.table.events import CallMade, Refused, parse_event
from generator.table.state import Table

DIRECTOR = "director"


def _events(record: Mapping[str, Any]) -> list[str]:
    return [str(e) for e in record["case"]["events"]]


def irregular_event(record: Mapping[str, Any]) -> int:
    """The index of the event that made the scenario's irregularity."""
    facts = [i for i in record["irregularities"] if i["kind"] == record["kind"]]
    fact = facts[-1] if facts else record["irregularities"][-1]
    return int(fact["event"])


def _cut(record: Mapping[str, Any], events: list[str]) -> dict[str, Any]:
    """The record's case cut after ``events``: the meanings stated for calls not made yet are
    left out with those calls (nothing after the moment is shown)."""
    case = {k: v for k, v in record["case"].items() if k not in ("events", "meanings")}
    case["events"] = events
    meanings = {k: v for k, v in (record["case"].get("meanings") or {}).items()
                if int(k) < len(events)}
    if meanings:
        case["meanings"] = meanings
    return case


def noticed_at_once(record: Mapping[str, Any]) -> bool:
    """Whether the director was called right after the irregular action."""
    events = _events(record)
    at = irregular_event(record)
    return at + 1 < len(events) and events[at + 1] == DIRECTOR


def arrival(record: Mapping[str, Any]) -> dict[str, Any]:
    """The case when the director arrives, before any choice the irregularity opens."""
    events = _events(record)
    at = irregular_event(record) + 1
    if noticed_at_once(record):
        at += 1
    return _cut(record, events[:at])


def ruled(record: Mapping[str, Any]) -> dict[str, Any]:
    """The case once the choices the irregularity opened are made (a revoke not pointed out at
    once: the whole board, with the director called at its end)."""
    events = _events(record)
    if record["kind"] == "revoke" and not noticed_at_once(record) \
            and record["state"]["phase"] == "ended":
        return _cut(record, events if events[-1] == DIRECTOR else [*events, DIRECTOR])
    cut = int((record.get("after_ruling") or {}).get("events") or len(events))
    cut = max(cut, irregular_event(record) + 1)
    return _cut(record, events[:_settled(record, events, cut)])


def _call_by(event: str, seat: str) -> bool:
    """Whether ``event`` (a case-format line) is a call made by ``seat``."""
    parsed = parse_event(event)
    return isinstance(parsed, CallMade) and str(parsed.seat) == seat


def _settled(record: Mapping[str, Any], events: list[str], cut: int) -> int:
    """Where the ruling is settled. A call out of rotation at the right-hand opponent's turn
    that was not accepted is ruled by what that opponent calls next (Laws 30A, 31A, 32A: the
    offender repeats his call, or his partner is barred): the question waits for that call."""
    facts = [i for i in record["irregularities"] if i["kind"] == record["kind"]]
    details = (facts[-1].get("details") or {}) if facts else {}
    turn = details.get("turn")
    at = irregular_event(record)
    if details.get("relation") != "rho" or not turn or \
            not any(isinstance(parse_event(e), Refused) for e in events[at + 1:cut]):
        return cut
    if any(_call_by(e, turn) for e in events[at + 1:cut]):
        return cut  # he has called already
    return next((i + 1 for i in range(cut, len(events)) if _call_by(events[i], turn)), cut)


def end(record: Mapping[str, Any]) -> dict[str, Any]:
    """The whole board (a revoke established: with the director called at its end)."""
    if record["kind"] == "revoke" and not noticed_at_once(record):
        return ruled(record)
    return _cut(record, _events(record))


def rule(shown: Mapping[str, Any], name: str = "<shown>") -> dict[str, Any]:
    """The engine's output for ``shown``, read through the case format exactly as ``tdcourse
    rule`` reads a JSON file."""
    return analyse(parse_case(json.dumps(shown), name if name.endswith(".json")
                              else name + ".json"))


def rule_prefixes(cases: list[Mapping[str, Any]], name: str = "<shown>"
                  ) -> list[dict[str, Any]]:
    """The engine's output for each of ``cases``, in order. The cases a scenario's questions
    show are cuts of one board (the same fields, each one's events a prefix of the longest's):
    the longest is read through the case format once (as ``tdcourse rule`` reads a file) and
    replayed event by event, its output taken at each cut, which is what ruling each cut on its
    own gives (a table replays events one by one either way). Cases that are not such cuts are
    each ruled on their own."""
    longest = max(cases, key=lambda c: len(c["events"]))
    fields = {k: v for k, v in longest.items() if k != "events"}
    cuts = [c for c in cases if {k: v for k, v in c.items() if k != "events"} == fields
            and list(c["events"]) == list(longest["events"])[:len(c["events"])]]
    if len(cuts) < len(cases) or len(cases) == 1:
        return [rule(c, name) for c in cases]
    case = parse_case(json.dumps(longest), name if name.endswith(".json") else name + ".json")
    wanted = {len(c["events"]) for c in cases}
    ruler = LawRuler(case.edition)
    found: dict[int, dict[str, Any]] = {}

    def take(count: int, table: Table) -> None:
        if count in wanted:
            found[count] = plain(report(table, ruler))

    replay(case, ruler, take)
    return [found[len(c["events"])] for c in cases]


def plain(output: dict[str, Any]) -> dict[str, Any]:
    """A copy as plain JSON data, as ``tdcourse rule --json`` prints it (the table goes on)."""
    plain: dict[str, Any] = json.loads(json.dumps(output))
    return plain
