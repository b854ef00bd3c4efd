"""Shared test helpers: where the sample cases live, writing case files, and the ``expect`` matcher.

The matcher implements the rules of ``shared/cases/README.md`` ("`expect`, in brief"):

* a PATTERN is a subset match: only the fields written are compared;
* lists inside a pattern must have the same elements, in any order;
* seat and suit letters (also the suit of a card) are case-insensitive;
* a law ``27`` matches any cited ``27...``; ``27B`` matches ``27B2`` but not ``27A`` (and never
  ``270``: the law number must be equal, the clause is a prefix);
* nothing else is lenient: kinds, scopes, booleans and numbers must be exact (``True`` is not 1);
* rectifications under ``options[]`` (not chosen yet) do not count.

Tests get the matcher through fixtures (``expect_failures``, ``pattern_matches``,
``law_matches``) so that no test module has to import this file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

#: The sample cases (``shared/cases``), next to the project checkout; overridable for CI.
CASES_DIR = Path(
    os.environ.get("TDCOURSE_CASES", Path(__file__).resolve().parents[2] / "shared" / "cases")
)


def sample_case_paths() -> list[Path]:
    return sorted(CASES_DIR.glob("*.yaml"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that asks for ``sample_case_path`` runs once per sample case."""
    if "sample_case_path" in metafunc.fixturenames:
        paths = sample_case_paths()
        metafunc.parametrize("sample_case_path", paths, ids=[p.stem for p in paths])


@pytest.fixture
def cases_dir() -> Path:
    """The directory of the sample cases."""
    return CASES_DIR


@pytest.fixture
def write_case(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write ``text`` to ``tmp_path/name`` and return the path."""

    def write(text: str, name: str = "case.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


# --------------------------------------------------------------------------- the matcher
_SEAT_OR_SUIT = frozenset("NESWCDH")
_CARD = re.compile(r"^([CDHScdhs])([2-9TJQKA])$")
_LAW = re.compile(r"^(\d+)(.*)$")


def _normal(value: str) -> str:
    """Seat and suit letters and the suit of a card, upper-cased; anything else unchanged."""
    if len(value) == 1 and value.upper() in _SEAT_OR_SUIT:
        return value.upper()
    card = _CARD.match(value)
    if card:
        return card.group(1).upper() + card.group(2)
    return value


def _scalar_matches(pattern: Any, actual: Any) -> bool:
    if isinstance(pattern, bool) or isinstance(actual, bool):
        return isinstance(pattern, bool) and isinstance(actual, bool) and pattern == actual
    if isinstance(pattern, (int, float)) or isinstance(actual, (int, float)):
        return (isinstance(pattern, (int, float)) and isinstance(actual, (int, float))
                and pattern == actual)
    if isinstance(pattern, str) and isinstance(actual, str):
        return _normal(pattern) == _normal(actual)
    return bool(pattern == actual and type(pattern) is type(actual))


def _lists_match(pattern: list[Any], actual: list[Any]) -> bool:
    """Same elements in any order: a perfect matching of pattern elements to actual ones."""
    if len(pattern) != len(actual):
        return False

    def place(i: int, used: frozenset[int]) -> bool:
        if i == len(pattern):
            return True
        return any(
            j not in used and matches(pattern[i], actual[j]) and place(i + 1, used | {j})
            for j in range(len(actual))
        )

    return place(0, frozenset())


def matches(pattern: Any, actual: Any) -> bool:
    """Whether ``actual`` satisfies ``pattern`` under the README's rules."""
    if isinstance(pattern, dict):
        return isinstance(actual, dict) and all(
            key in actual and matches(value, actual[key]) for key, value in pattern.items()
        )
    if isinstance(pattern, (list, tuple)):
        return isinstance(actual, (list, tuple)) and _lists_match(list(pattern), list(actual))
    if pattern is None:
        return actual is None
    return _scalar_matches(pattern, actual)


def law_matches(ref: Any, cited: Any) -> bool:
    """``27`` matches ``27B2``; ``27B`` matches ``27B2`` but not ``27A``; ``2`` never ``27``."""
    want, got = _LAW.match(str(ref).strip()), _LAW.match(str(cited).strip())
    if not want or not got:
        return False
    return want.group(1) == got.group(1) and got.group(2).startswith(want.group(2))


def cited_laws(output: dict[str, Any]) -> list[str]:
    """Every law the output cites where ``expect: law`` looks."""
    laws: list[str] = []
    for irregularity in output.get("irregularities") or []:
        laws.extend(str(x) for x in irregularity.get("laws") or [])
    for ruling in output.get("rulings") or []:
        laws.extend(str(x) for x in ruling.get("laws") or [])
        laws.extend(str(r["law"]) for r in ruling.get("rectifications") or [] if r.get("law"))
    return laws


def rectifications(output: dict[str, Any]) -> list[dict[str, Any]]:
    """The rectifications that count: those of the rulings, not those under options."""
    return [r for ruling in output.get("rulings") or [] for r in ruling.get("rectifications") or []]


def _options(output: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for ruling in output.get("rulings") or [] for o in ruling.get("options") or []]


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]


STATE_KEYS = ("next", "dealer", "vulnerable", "declarer")
KNOWN_KEYS = frozenset({
    "irregularity", "offender", "no_irregularities", "absent_irregularities", "law",
    "rectifications", "no_rectification_kinds", "absent_rectifications", "options", "score",
    *STATE_KEYS,
})


def expect_failures(expect: dict[str, Any], output: dict[str, Any],
                    keys: Iterable[str] | None = None) -> list[str]:
    """Why ``output`` (the JSON of ``tdcourse rule``) fails ``expect``; empty when it holds.

    ``keys`` limits the check to some keys of ``expect`` (``offender`` goes with
    ``irregularity``); an unknown key is always a failure.
    """
    wanted = set(expect) if keys is None else set(keys) & set(expect)
    failures = [f"unknown expect key {k!r}" for k in sorted(set(expect) - KNOWN_KEYS)]
    irregularities = output.get("irregularities") or []
    state = output.get("state") or {}

    if "irregularity" in wanted or "offender" in wanted:
        pattern: dict[str, Any] = {}
        if "irregularity" in expect:
            pattern["kind"] = expect["irregularity"]
        if "offender" in expect:
            pattern["seat"] = expect["offender"]
        if not any(matches(pattern, i) for i in irregularities):
            found = [(i.get("kind"), i.get("seat")) for i in irregularities]
            failures.append(f"no irregularity {pattern} among {found}")
    if "no_irregularities" in wanted:
        if expect["no_irregularities"] is not True:
            failures.append("no_irregularities must be written as true")
        elif irregularities:
            failures.append(f"expected no irregularities, found {irregularities}")
    if "absent_irregularities" in wanted:
        for pat in _as_list(expect["absent_irregularities"]):
            if any(matches(pat, i) for i in irregularities):
                failures.append(f"irregularity {pat} should be absent")
    if "law" in wanted:
        cited = cited_laws(output)
        for ref in _as_list(expect["law"]):
            if not any(law_matches(ref, c) for c in cited):
                failures.append(f"law {ref} not cited (cited: {cited})")
    recs = rectifications(output)
    if "rectifications" in wanted:
        for pat in _as_list(expect["rectifications"]):
            if not any(matches(pat, r) for r in recs):
                failures.append(f"no rectification {pat} among {recs}")
    if "no_rectification_kinds" in wanted:
        for kind in _as_list(expect["no_rectification_kinds"]):
            if any(r.get("kind") == kind for r in recs):
                failures.append(f"rectification of kind {kind!r} should be absent")
    if "absent_rectifications" in wanted:
        for pat in _as_list(expect["absent_rectifications"]):
            if any(matches(pat, r) for r in recs):
                failures.append(f"rectification {pat} should be absent")
    if "options" in wanted:
        options = _options(output)
        for pat in _as_list(expect["options"]):
            if not any(matches(pat, o) for o in options):
                failures.append(f"no option {pat} among {options}")
    for key in STATE_KEYS:
        if key in wanted and not matches(expect[key], state.get(key, "<missing>")):
            failures.append(f"state.{key} is {state.get(key, '<missing>')!r}, "
                            f"expected {expect[key]!r}")
    if "score" in wanted and not matches(expect["score"], output.get("score")):
        failures.append(f"score is {output.get('score')!r}, expected {expect['score']!r}")
    return failures


@pytest.fixture(name="expect_failures")
def expect_failures_fixture() -> Callable[..., list[str]]:
    return expect_failures


@pytest.fixture(name="pattern_matches")
def pattern_matches_fixture() -> Callable[[Any, Any], bool]:
    return matches


@pytest.fixture(name="law_matches")
def law_matches_fixture() -> Callable[[Any, Any], bool]:
    return law_matches


# --------------------------------------------------------------------------- the command line
@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run ``generator.cli.main(args)``; return (exit status, stdout, stderr).

    A usage error makes argparse raise ``SystemExit``: its code is the exit status.
    """
    from generator.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        capsys.readouterr()  # drop anything printed before
        try:
            status = main(list(args))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        return status, out, err

    return run
