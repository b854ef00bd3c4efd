"""The README's two commands install what each needs: ``make course`` the package alone (a
federation that only builds the course gets no test tools), ``make test`` the test extras too.

Checked with ``make -n`` (print the commands, run nothing) against a virtual environment that
does not exist, so every step that a fresh machine runs is printed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _planned(target: str, tmp_path: Path) -> list[str]:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    done = subprocess.run(["make", "-n", target, f"VENV={tmp_path / 'venv'}"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return [line for line in done.stdout.splitlines() if "pip install" in line]


def test_make_course_installs_the_package_without_the_test_extras(tmp_path: Path) -> None:
    installs = _planned("course", tmp_path)
    assert any(line.rstrip().endswith("install --quiet -e .") for line in installs), installs
    assert not any("[test]" in line or "[notebooks]" in line for line in installs), installs


def test_make_test_installs_the_test_extras(tmp_path: Path) -> None:
    installs = _planned("test", tmp_path)
    assert any("'.[test]'" in line for line in installs), installs
