"""``tdcourse generate`` is bounded: at most ``MAX_COUNT`` scenarios (refused above it at once,
before any work: 10^9 used to fill memory without an end), at most one process per CPU and per
chunk (``--workers 10**9`` used to fork thousands, and a pool was forked even for one chunk),
and the pool is fed a few chunks at a time instead of the whole job list. The bounds are stated
in ``--help`` and in the README's command section.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzz.harness import assert_refused, call_cli

import generator.scenarios.bank as bank
from generator.scenarios.bounds import MAX_COUNT, PER_CHUNK, cpu_count, worker_count

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("count", [0, -5, MAX_COUNT + 1, 10**9])
def test_a_count_out_of_bounds_is_refused_at_once(count: int, tmp_path: Path) -> None:
    result = call_cli(["generate", "--count", str(count), "--quiet", "--out",
                       str(tmp_path / "bank")])
    assert_refused(result, names=f"--count must be from 1 to {MAX_COUNT}")
    assert not (tmp_path / "bank").exists()


def test_negative_workers_are_refused(tmp_path: Path) -> None:
    result = call_cli(["generate", "--workers", "-1", "--quiet", "--out", str(tmp_path / "b")])
    assert_refused(result, names="--workers")


def test_workers_are_at_most_the_cpus_and_the_chunks() -> None:
    cpus = cpu_count()
    assert worker_count(10**9, MAX_COUNT) == min(cpus, MAX_COUNT // PER_CHUNK)
    assert worker_count(10**9, PER_CHUNK) == 1  # one chunk: no pool at all
    assert worker_count(10**9, PER_CHUNK + 1) == min(2, cpus)
    assert worker_count(0, 500) == 1 and worker_count(1, 500) == 1


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every process this test forks (the pool's workers are forked)."""
    made: list[int] = []
    real = os.fork

    def fork() -> int:
        pid = real()
        if pid:
            made.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", fork)
    return made


@pytest.mark.parametrize("count", [10, 3 * PER_CHUNK])
def test_no_more_processes_than_cpus_and_chunks_are_forked(count: int, forks: list[int]) -> None:
    one = bank.scenarios(bank.Plan(count, 4), workers=1)
    assert forks == []
    assert bank.scenarios(bank.Plan(count, 4), workers=64) == one  # the same bank
    chunks = -(-count // PER_CHUNK)
    assert len(forks) == (0 if chunks == 1 else min(cpu_count(), chunks)), forks


def _quick_job(args: tuple[bank.Plan, int, int]) -> list[dict[str, Any]]:
    return [{"chunk": args[1]}]


def test_the_pool_is_fed_a_few_chunks_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most two jobs per worker are handed out ahead of the results read (the job list of
    a large bank is not submitted at once), and the results come in order."""
    monkeypatch.setattr(bank, "_chunk_job", _quick_job)  # forked workers see the patch
    taken: list[int] = []

    def jobs() -> Iterator[tuple[bank.Plan, int, int]]:
        for chunk in range(40):
            taken.append(chunk)
            yield bank.Plan(1, 1), chunk, 1

    results = []
    for batch in bank._pooled(jobs(), 2):
        results.append(batch[0]["chunk"])
        assert len(taken) - len(results) <= 2 * 2, (len(taken), len(results))
    assert results == list(range(40))


def test_the_bounds_are_stated_in_help_and_readme(capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli import main

    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"1 to {MAX_COUNT}" in text, text
    assert "never more than the CPUs" in text and f"one per {PER_CHUNK} scenarios" in text, text
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"{MAX_COUNT:,}" in readme and "one process per CPU" in readme
