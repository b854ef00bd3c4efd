"""Checking cases against their ``expect:`` blocks (``tdcourse check``).

A case file may carry the outcome it must produce (see ``docs/case-format.md`` and the sample
cases in ``tests/cases/samples``). This module compares the engine's JSON with it, with the
matching rules of the case format ("``expect``, in brief"):

* a PATTERN is a subset match: only the fields written are compared;
* lists inside a pattern must have the same elements, in any order (a one-to-one pairing of
  pattern elements with actual ones, so a loose element cannot take the place a stricter one
  needs);
* seat and suit letters, and the suit of a card (``c4`` / ``C4``), are case-insensitive;
* a law ``27`` matches any cited ``27...``; ``27B`` matches ``27B2`` but not ``27A``; the law
  number itself must be equal (``2`` never matches ``27``, ``27`` never ``270``);
* nothing else is lenient: kinds, scopes, booleans and numbers must be exact (``true`` is not
  ``1``, ``2`` is not ``"2"``);
* rectifications listed under ``options[]`` (not chosen yet) do not count.

Federations can use it to keep their own collections of rulings honest against the engine. The
test suite uses the same functions (through fixtures of ``tests/conftest.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import InputError
from generator.table.case import load_case

_SEAT_OR_SUIT = frozenset("NESWCDH")
_CARD = re.compile(r"^([CDHScdhs])([2-9TJQKA])$")
_LAW = re.compile(r"^(\d+)(.*)$")

#: ``expect`` keys compared with the field of the same name of the output's ``state``.
STATE_KEYS: tuple[str, ...] = ("next", "dealer", "vulnerable", "declarer", "contract", "phase")

#: Every ``expect`` key this checker understands; any other key is reported as a failure.
KNOWN_KEYS: frozenset[str] = frozenset({
    "irregularity", "offender", "no_irregularities", "absent_irregularities", "law", "absent_laws",
    "rectifications", "no_rectification_kinds", "absent_rectifications", "options", "score",
    "flags", "imps", *STATE_KEYS,
})

_MISSING = "<missing>"


# --------------------------------------------------------------------------- patterns
def _normal(value: str) -> str:
    """Seat and suit letters and the suit of a card, upper-cased; anything else unchanged."""
    if len(value) == 1 and value.upper() in _SEAT_OR_SUIT:
        return value.upper()
    card = _CARD.match(value)
    if card:
        return card.group(1).upper() + card.group(2)
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _scalar_matches(pattern: Any, actual: Any) -> bool:
    """Booleans and numbers exactly (never each other), strings up to seat/suit case."""
    if isinstance(pattern, bool) or isinstance(actual, bool):
        return isinstance(pattern, bool) and isinstance(actual, bool) and pattern == actual
    if _is_number(pattern) or _is_number(actual):
        return _is_number(pattern) and _is_number(actual) and bool(pattern == actual)
    if isinstance(pattern, str) and isinstance(actual, str):
        return _normal(pattern) == _normal(actual)
    return type(pattern) is type(actual) and bool(pattern == actual)


def _lists_match(pattern: list[Any], actual: list[Any]) -> bool:
    """Same elements in any order: a perfect pairing of pattern elements with actual ones.

    Found as a maximum bipartite matching (augmenting paths), so the first actual element that
    fits a pattern element is never taken for good when another pattern element needs it.
    """
    if len(pattern) != len(actual):
        return False
    fits = [[j for j, a in enumerate(actual) if matches(p, a)] for p in pattern]
    owner: dict[int, int] = {}  # actual index -> pattern index paired with it

    def place(i: int, seen: set[int]) -> bool:
        for j in fits[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(pattern)))


def matches(pattern: Any, actual: Any) -> bool:
    """Whether ``actual`` satisfies ``pattern`` under the case format's matching rules."""
    if isinstance(pattern, dict):
        return isinstance(actual, dict) and all(
            key in actual and matches(value, actual[key]) for key, value in pattern.items()
        )
    if isinstance(pattern, (list, tuple)):
        return isinstance(actual, (list, tuple)) and _lists_match(list(pattern), list(actual))
    if pattern is None:
        return actual is None
    return _scalar_matches(pattern, actual)


def law_matches(expected: Any, cited: Any) -> bool:
    """``27`` matches ``27B2``; ``27B`` matches ``27B2`` but not ``27A``; ``2`` never ``27``.

    The law numbers must be equal and the expected clause a prefix of the cited one; the
    expected reference may be an int (YAML reads ``law: 27`` as one).
    """
    want, got = _LAW.match(str(expected).strip()), _LAW.match(str(cited).strip())
    if not want or not got:
        return False
    return want.group(1) == got.group(1) and got.group(2).startswith(want.group(2))


# --------------------------------------------------------------------------- the output
def cited_laws(result: dict[str, Any]) -> list[str]:
    """Every law the output cites: irregularities, rulings, rectifications, ``score_details``."""
    laws: list[str] = []
    for irregularity in result.get("irregularities") or []:
        laws.extend(str(x) for x in irregularity.get("laws") or [])
    for ruling in result.get("rulings") or []:
        laws.extend(str(x) for x in ruling.get("laws") or [])
        laws.extend(str(r["law"]) for r in ruling.get("rectifications") or [] if r.get("law"))
    details = result.get("score_details") or {}
    if details.get("law"):
        laws.append(str(details["law"]))
    laws.extend(str(x) for x in (result.get("imps") or {}).get("laws") or [])
    return laws


def rectifications(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The rectifications that count: those of the rulings, not those under options."""
    return [r for ruling in result.get("rulings") or [] for r in ruling.get("rectifications") or []]


def _options(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for ruling in result.get("rulings") or [] for o in ruling.get("options") or []]


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]


# --------------------------------------------------------------------------- expect blocks
def failures(expect: dict[str, Any], result: dict[str, Any],
             keys: Iterable[str] | None = None) -> list[str]:
    """Every key of ``expect`` that the result does not satisfy, as readable lines.

    ``keys`` limits the check to some keys of ``expect`` (``offender`` goes with
    ``irregularity``); an unknown key is always a failure. An empty list means the result holds.
    """
    wanted = set(expect) if keys is None else set(keys) & set(expect)
    problems = [f"unknown expect key {k!r}" for k in sorted(set(expect) - KNOWN_KEYS, key=str)]
    irregularities = result.get("irregularities") or []
    state = result.get("state") or {}

    if "irregularity" in wanted or "offender" in wanted:
        pattern: dict[str, Any] = {}
        if "irregularity" in expect:
            pattern["kind"] = expect["irregularity"]
        if "offender" in expect:
            pattern["seat"] = expect["offender"]
        if not any(matches(pattern, i) for i in irregularities):
            found = [(i.get("kind"), i.get("seat")) for i in irregularities]
            problems.append(f"no irregularity {pattern} among {found}")
    if "no_irregularities" in wanted:
        if expect["no_irregularities"] is not True:
            problems.append("no_irregularities must be written as true")
        elif irregularities:
            problems.append(f"expected no irregularities, found "
                            f"{[i.get('kind') for i in irregularities]}")
    if "absent_irregularities" in wanted:
        for pat in _as_list(expect["absent_irregularities"]):
            if any(matches(pat, i) for i in irregularities):
                problems.append(f"irregularity present: {pat}")
    if "law" in wanted:
        cited = cited_laws(result)
        for ref in _as_list(expect["law"]):
            if not any(law_matches(ref, c) for c in cited):
                problems.append(f"law {ref} not cited (cited: {cited})")
    if "absent_laws" in wanted:
        # a clause the ruling must not rest on (``11A`` where a call over the irregularity is
        # an acceptance under the law of that irregularity); matched like ``law``
        cited = cited_laws(result)
        for ref in _as_list(expect["absent_laws"]):
            wrong = [c for c in cited if law_matches(ref, c)]
            if wrong:
                problems.append(f"law {ref} cited ({wrong}), expected not")
    rects = rectifications(result)
    if "rectifications" in wanted:
        for pat in _as_list(expect["rectifications"]):
            if not any(matches(pat, r) for r in rects):
                problems.append(f"no rectification {pat} among {rects}")
    if "no_rectification_kinds" in wanted:
        for kind in _as_list(expect["no_rectification_kinds"]):
            if any(r.get("kind") == kind for r in rects):
                problems.append(f"rectification of kind {kind!r} present")
    if "absent_rectifications" in wanted:
        for pat in _as_list(expect["absent_rectifications"]):
            if any(matches(pat, r) for r in rects):
                problems.append(f"rectification present: {pat}")
    if "options" in wanted:
        options = _options(result)
        for pat in _as_list(expect["options"]):
            if not any(matches(pat, o) for o in options):
                problems.append(f"no option {pat} among {options}")
    if "flags" in wanted:
        # what a ruling leaves to the director's judgement (``{reason, law}``), matched like a
        # rectification against the flags of every ruling
        flags = [f for r in result.get("rulings") or [] for f in r.get("flags") or []]
        for pat in _as_list(expect["flags"]):
            if not any(matches(pat, f) for f in flags):
                problems.append(f"no flag {pat} among {flags}")
    for key in STATE_KEYS:
        if key in wanted and not matches(expect[key], state.get(key, _MISSING)):
            problems.append(f"state.{key} is {state.get(key, _MISSING)!r}, "
                            f"expected {expect[key]!r}")
    if "score" in wanted and not matches(expect["score"], result.get("score")):
        problems.append(f"score is {result.get('score')!r}, expected {expect['score']!r}")
    if "imps" in wanted and not matches(expect["imps"], result.get("imps")):
        problems.append(f"imps are {result.get('imps')!r}, expected {expect['imps']!r}")
    return problems


@dataclass(frozen=True)
class CaseReport:
    """The outcome of checking one case file: its path and what did not hold."""

    path: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Whether every key of the case's ``expect`` block held."""
        return not self.problems


def check_case(path: Path, edition: str | None = None) -> CaseReport:
    """Run the engine on the case at ``path`` and check its ``expect`` block.

    A *differential* case keys its ``expect`` by edition (``expect: {"1987": {...}, "2017":
    {...}}``): it is ruled under each edition it names (or only ``edition``) and each result is
    checked against that edition's block, problems prefixed with the edition. A plain case is
    ruled under ``edition`` when one is given (and must then be of that edition to be checked:
    see :func:`checks_edition`)."""
    case = load_case(path)
    if not isinstance(case.expect, dict):
        raise InputError("the case has no 'expect' block to check", str(path))
    # imported here: a refused file need not wait for the engine and all its laws to import
    from generator.laws.engine import analyse

    blocks = differential(case.expect)
    if blocks is None:
        ruled = case if edition is None else case.under(edition)
        return CaseReport(str(path), tuple(failures(case.expect, analyse(ruled))))
    problems: list[str] = []
    for name, block in blocks.items():
        if edition is not None and name != edition:
            continue
        if not isinstance(block, dict):
            raise InputError(f"the expect block for {name} must be a mapping", str(path))
        result = analyse(case.under(name))
        problems.extend(f"[{name}] {p}" for p in failures(block, result))
    return CaseReport(str(path), tuple(problems))


def differential(expect: Any) -> dict[str, Any] | None:
    """The per-edition blocks of a differential ``expect`` (every key an edition), or None."""
    from generator.laws.refs import EDITIONS

    if isinstance(expect, dict) and expect and all(str(k) in EDITIONS for k in expect):
        return {str(k): v for k, v in expect.items()}
    return None


def checks_edition(path: Path, edition: str) -> bool:
    """Whether the case at ``path`` holds expectations for ``edition`` (its own edition, or a
    block of its differential ``expect``)."""
    case = load_case(path)
    blocks = differential(case.expect)
    return edition in blocks if blocks is not None else case.edition == edition


def case_files(paths: Iterable[str | Path]) -> list[Path]:
    """Case files named or found (recursively) under the given paths, sorted.

    A folder without a case (``*.yaml``, ``*.yml``, ``*.json``) is refused: ``check`` on it
    would report "0 passed, 0 failed" and succeed, though nothing was checked (a mistyped
    folder, a collection not copied yet)."""
    found: list[Path] = []
    for given in paths:
        if not str(given):  # Path("") would be the current folder
            raise InputError("an empty path names no case file or folder", "''")
        p = Path(given)
        if p.is_dir():
            inside = sorted(q for q in p.rglob("*")
                            if q.suffix in (".yaml", ".yml", ".json") and not q.is_dir())
            if not inside:
                raise InputError("no case file (*.yaml, *.yml, *.json) in this folder", str(p))
            found.extend(inside)
        elif p.exists():
            found.append(p)
        elif p.parent.is_file() or any(parent.is_file() for parent in p.parents):
            raise InputError("no such file (a folder on the path is a file)", str(p))
        else:
            raise InputError("no such file or directory", str(p))
    return found
