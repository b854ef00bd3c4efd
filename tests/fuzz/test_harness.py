"""The fuzz harness itself: it sees a clean refusal, and it sees a hang and a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzz.harness import assert_refused, call_cli, run_cli


def test_a_missing_case_is_a_clean_refusal_in_a_child(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    assert_refused(run_cli(["rule", str(missing)]), missing)


def test_a_missing_case_is_a_clean_refusal_in_process(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    assert_refused(call_cli(["rule", str(missing)]), missing)


def test_the_harness_catches_a_wrong_exit_and_a_hang() -> None:
    result = run_cli(["score", "4H", "N", "10"])
    assert result.code == 0 and "+420" in result.stdout
    with pytest.raises(AssertionError, match="exit status is not 2"):
        assert_refused(result)
    hung = run_cli(["score", "4H", "N", "10"], timeout=0.01)
    assert hung.timed_out and hung.code is None
    with pytest.raises(AssertionError, match="hung"):
        assert_refused(hung)
