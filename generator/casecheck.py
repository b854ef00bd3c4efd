"""Checking cases against their ``expect:`` blocks (``tdcourse check``).

A case file may carry the outcome it must produce (see ``docs/case-format.md`` and the sample
cases). This module compares the engine's JSON with it, with the matching rules of the case format:
patterns match as subsets, lists inside a pattern match in any order, seat and suit letters are
case-insensitive, a law ``27`` matches any cited ``27...`` and ``27B`` matches ``27B2`` but not
``27A``. Rectifications listed under options not yet chosen do not count.

Federations can use it to keep their own collections of rulings honest against the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import InputError
from generator.laws.engine import analyse
from generator.table.case import load_case

_CASE_FOLD_KEYS = {"seat", "offender", "declarer", "next", "dealer", "chooser", "to", "card"}


def _norm(value: Any, key: str | None = None) -> Any:
    if isinstance(value, str) and (key in _CASE_FOLD_KEYS or key in ("suits",)):
        return value.upper()
    if isinstance(value, list):
        return [_norm(v, key) for v in value]
    return value


def matches(pattern: Any, actual: Any, key: str | None = None) -> bool:
    """Subset match of ``pattern`` against ``actual``."""
    if isinstance(pattern, dict):
        if not isinstance(actual, dict):
            return False
        return all(k in actual and matches(v, actual[k], k) for k, v in pattern.items())
    if isinstance(pattern, list):
        if not isinstance(actual, list) or len(pattern) != len(actual):
            return False
        remaining = list(actual)
        for p in pattern:
            hit = next((i for i, a in enumerate(remaining) if matches(p, a, key)), None)
            if hit is None:
                return False
            remaining.pop(hit)
        return True
    if isinstance(pattern, bool) or isinstance(actual, bool):
        return pattern is actual
    return bool(_norm(pattern, key) == _norm(actual, key))


def law_matches(expected: str, cited: str) -> bool:
    """``27`` matches ``27B2``; ``27B`` matches ``27B2`` but not ``27A``; ``2`` never ``27``."""
    expected, cited = str(expected), str(cited)
    rest = cited[len(expected):]
    return cited.startswith(expected) and not (expected.isdigit() and rest[:1].isdigit())


def cited_laws(result: dict[str, Any]) -> list[str]:
    laws: list[str] = []
    for irr in result.get("irregularities", []):
        laws.extend(irr.get("laws", []))
    for ruling in result.get("rulings", []):
        laws.extend(ruling.get("laws", []))
        laws.extend(r["law"] for r in ruling.get("rectifications", []) if r.get("law"))
    details = result.get("score_details") or {}
    if details.get("law"):
        laws.append(details["law"])
    return laws


def rectifications(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for ruling in result.get("rulings", []) for r in ruling.get("rectifications", [])]


def failures(expect: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Every key of ``expect`` that the result does not satisfy, as readable lines."""
    problems: list[str] = []
    irregularities = result.get("irregularities", [])
    rects = rectifications(result)
    state = result.get("state") or {}
    for key, want in expect.items():
        if key == "irregularity":
            pattern: dict[str, Any] = {"kind": want}
            if "offender" in expect:
                pattern["seat"] = expect["offender"]
            if not any(matches(pattern, irr) for irr in irregularities):
                problems.append(f"no irregularity {pattern}")
        elif key == "offender":
            continue
        elif key == "no_irregularities":
            if bool(want) != (not irregularities):
                problems.append(f"irregularities: {[i['kind'] for i in irregularities]}")
        elif key == "absent_irregularities":
            for p in want:
                if any(matches(p, irr) for irr in irregularities):
                    problems.append(f"irregularity present: {p}")
        elif key == "law":
            for ref in want if isinstance(want, list) else [want]:
                if not any(law_matches(str(ref), c) for c in cited_laws(result)):
                    problems.append(f"law {ref} not cited (cited: {cited_laws(result)})")
        elif key == "rectifications":
            for p in want:
                if not any(matches(p, r) for r in rects):
                    problems.append(f"no rectification {p}")
        elif key == "no_rectification_kinds":
            for kind in want:
                if any(r["kind"] == kind for r in rects):
                    problems.append(f"rectification of kind {kind} present")
        elif key == "absent_rectifications":
            for p in want:
                if any(matches(p, r) for r in rects):
                    problems.append(f"rectification present: {p}")
        elif key == "options":
            options = [o for ruling in result.get("rulings", []) for o in ruling["options"]]
            for p in want:
                if not any(matches(p, o) for o in options):
                    problems.append(f"no option {p}")
        elif key in ("next", "dealer", "vulnerable", "declarer", "contract", "phase"):
            if not matches(want, state.get(key), key):
                problems.append(f"state.{key} is {state.get(key)!r}, expected {want!r}")
        elif key == "score":
            if not matches(want, result.get("score")):
                problems.append(f"score is {result.get('score')}, expected {want}")
        else:
            problems.append(f"unknown expect key {key!r}")
    return problems


@dataclass(frozen=True)
class CaseReport:
    path: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_case(path: Path) -> CaseReport:
    case = load_case(path)
    if not isinstance(case.expect, dict):
        raise InputError("the case has no 'expect' block to check", str(path))
    return CaseReport(str(path), tuple(failures(case.expect, analyse(case))))


def case_files(paths: Iterable[str | Path]) -> list[Path]:
    """Case files named or found (recursively) under the given paths, sorted."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml", ".json")))
        elif p.exists():
            found.append(p)
        else:
            raise InputError("no such file or directory", str(p))
    return found
