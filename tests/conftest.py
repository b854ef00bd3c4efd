"""Shared test helpers: where the sample cases live, writing case files, the ``expect`` matcher.

The matcher is :mod:`generator.casecheck` (the one ``tdcourse check`` uses), offered through
fixtures (``expect_failures``, ``pattern_matches``, ``law_matches``) so that test modules need
not import it. Its rules are those of the case format (``tests/cases/samples/README.md``,
"`expect`, in brief").

The sample cases are part of the repository (``tests/cases/samples``); ``TDCOURSE_CASES`` may
point elsewhere. Either way a missing or empty folder is an error, never a silent skip.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from generator import casecheck

# Hypothesis's per-example deadline (200 ms) measures the machine, not the code: under two
# parallel workers and a browser test, a pure function can take longer. No property test may
# fail because the machine is slow, so the deadline is off for every one of them.
settings.register_profile("tdcourse", deadline=None)
settings.load_profile("tdcourse")

#: The sample cases, copied into the repository; ``TDCOURSE_CASES`` overrides the folder.
DEFAULT_CASES_DIR = Path(__file__).resolve().parent / "cases" / "samples"
CASES_DIR = Path(os.environ.get("TDCOURSE_CASES") or DEFAULT_CASES_DIR)


def sample_case_paths() -> list[Path]:
    """The sample case files (``*.yaml`` directly in :data:`CASES_DIR`), sorted; never empty."""
    paths = sorted(CASES_DIR.glob("*.yaml"))
    if not paths:
        where = "TDCOURSE_CASES" if os.environ.get("TDCOURSE_CASES") else "the default folder"
        raise FileNotFoundError(f"no sample cases (*.yaml) in {CASES_DIR} ({where})")
    return paths


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that asks for ``sample_case_path`` runs once per sample case."""
    if "sample_case_path" in metafunc.fixturenames:
        paths = sample_case_paths()
        metafunc.parametrize("sample_case_path", paths, ids=[p.stem for p in paths])


@pytest.fixture
def cases_dir() -> Path:
    """The directory of the sample cases (it exists and holds cases, or the test errors)."""
    sample_case_paths()
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
@pytest.fixture(name="expect_failures")
def expect_failures_fixture() -> Callable[..., list[str]]:
    """``expect_failures(expect, output, keys=None)``: why ``output`` fails ``expect``."""
    return casecheck.failures


@pytest.fixture(name="pattern_matches")
def pattern_matches_fixture() -> Callable[[Any, Any], bool]:
    """``pattern_matches(pattern, actual)``: the case format's subset match."""
    return casecheck.matches


@pytest.fixture(name="law_matches")
def law_matches_fixture() -> Callable[[Any, Any], bool]:
    """``law_matches(ref, cited)``: ``27`` matches ``27B2``, ``2`` never ``27``."""
    return casecheck.law_matches


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
