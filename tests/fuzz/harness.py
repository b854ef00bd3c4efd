"""Run ``tdcourse`` on hostile input and check it refuses the way the command line promises.

A refused input must end with exit status 2 and exactly one line on standard error that names
the file (and, where there is one, the line), with no traceback; it must be refused within
:data:`TIME_LIMIT` seconds and :data:`MEMORY_LIMIT` bytes. Two ways to run:

* :func:`run_cli` starts a real process (``python -m generator.cli``) under an address-space
  limit and a timeout, so a hang or a runaway allocation is caught and killed instead of taking
  the test suite with it; use it for the checked-in corpus and for special files.
* :func:`call_cli` calls :func:`generator.cli.main` in this process (fast: for Hypothesis), and
  measures the peak of Python allocations with :mod:`tracemalloc`.

The time bound is on CPU time, not on the wall clock: a refusal that costs 2 s of CPU is a bug
whatever the machine, but a loaded CI machine (two test workers, a browser and a book build on
two cores) stretches wall-clock time many times over, and a test must not fail because the
machine is busy. Hangs are still caught on the wall clock (``timeout``: the child is killed and
``timed_out`` set). For :func:`run_cli` the interpreter's start-up CPU time and memory are
measured once and subtracted, so the figures are the command's own work.
"""

from __future__ import annotations

import contextlib
import io
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

TIME_LIMIT = 2.0
MEMORY_LIMIT = 200 * 1024 * 1024
#: address space given to a child: the interpreter and its imports need some on top of the limit
_CHILD_ADDRESS_SPACE = 2 * 1024 * 1024 * 1024
#: hard stop for a child that hangs (the test fails on ``timed_out`` long before anything else)
_KILL_AFTER = 20.0


@dataclass(frozen=True)
class Result:
    """What one run of the command line did."""

    argv: tuple[str, ...]
    code: int | None
    stdout: str
    stderr: str
    elapsed: float  # CPU seconds of the command's own work (user + system)
    peak_bytes: int
    timed_out: bool = False
    wall: float = 0.0  # wall-clock seconds, for the report only

    def describe(self) -> str:
        return (f"tdcourse {' '.join(self.argv)} -> exit {self.code}, {self.elapsed:.2f} s CPU "
                f"({self.wall:.2f} s wall), "
                f"{self.peak_bytes / 2**20:.0f} MiB\nstderr: {self.stderr[-2000:]!r}\n"
                f"stdout: {self.stdout[-500:]!r}")


def _limit_child() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (_CHILD_ADDRESS_SPACE, _CHILD_ADDRESS_SPACE))


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


#: run in the child: record its own peak resident set and CPU time at exit, then be ``tdcourse``
_PRELUDE = (
    "import atexit, os, resource, sys\n"
    "def _rss():\n"
    "    u = resource.getrusage(resource.RUSAGE_SELF)\n"
    "    with open(os.environ['TDC_RSS_FILE'], 'w') as f:\n"
    "        f.write(f'{u.ru_maxrss * 1024} {u.ru_utime + u.ru_stime}')\n"
    "atexit.register(_rss)\n"
    "import generator.cli\n"
    "if sys.argv[1:] != ['--startup-only']:\n"
    "    sys.exit(generator.cli.main(sys.argv[1:]))\n"
)

_startup_rss: int | None = None


def _child(argv: Sequence[str], cwd: Path | None, stdin: str | None,
           timeout: float) -> tuple[subprocess.CompletedProcess[str] | None, str, str, int,
                                    float, float]:
    rss_file = Path(tempfile.mkstemp(prefix="tdc-rss-")[1])
    env = _child_env()
    env["TDC_RSS_FILE"] = str(rss_file)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", _PRELUDE, *argv], cwd=cwd, env=env,
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_limit_child)
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
        done: subprocess.CompletedProcess[str] | None = subprocess.CompletedProcess(
            proc.args, proc.returncode, out, err)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        done = None
    elapsed = time.perf_counter() - start
    try:
        rss_text, cpu_text = rss_file.read_text().split()
        rss, cpu = int(rss_text), float(cpu_text)
    except ValueError:  # killed before it could write (a hang)
        rss, cpu = 0, elapsed
    rss_file.unlink(missing_ok=True)
    return done, out, err, rss, cpu, elapsed


def _baseline() -> tuple[int, float]:
    """Peak RSS and CPU seconds of a child that only starts and imports the command line."""
    global _startup_rss, _startup_seconds
    if _startup_rss is None:
        _, _, _, rss, cpu, _ = _child(["--startup-only"], None, None, _KILL_AFTER)
        _startup_rss, _startup_seconds = rss, cpu
    return _startup_rss, _startup_seconds


_startup_seconds = 0.0


def run_cli(argv: Sequence[str], cwd: Path | None = None, stdin: str | None = None,
            timeout: float = _KILL_AFTER) -> Result:
    """Run ``tdcourse argv`` in a child process and report what it did.

    ``peak_bytes`` is the child's peak resident set minus what starting Python and importing
    the command line costs, and ``elapsed`` likewise, so both measure the command's own work."""
    base_rss, base_seconds = _baseline()
    done, out, err, rss, cpu, wall = _child(argv, cwd, stdin, timeout)
    return Result(tuple(argv), done.returncode if done else None, out, err,
                  max(0.0, cpu - base_seconds), max(0, rss - base_rss), done is None, wall)


def call_cli(argv: Sequence[str]) -> Result:
    """Call :func:`generator.cli.main` in this process; ``peak_bytes`` is tracemalloc's peak,
    ``elapsed`` this process's CPU time during the call."""
    from generator import cli

    out, err = io.StringIO(), io.StringIO()
    tracemalloc.start()
    start, wall = time.process_time(), time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: int | None = cli.main(list(argv))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        elapsed, wall = time.process_time() - start, time.perf_counter() - wall
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return Result(tuple(argv), code, out.getvalue(), err.getvalue(), elapsed, peak, wall=wall)


def assert_refused(result: Result, names: str | Path | None = None, line: bool = False) -> None:
    """The run was a clean refusal: exit 2, one line on stderr naming ``names``, in bounds.

    ``names`` is the file (or any text, such as an option) the message must contain; ``line``
    asks that the message also give a line number (``file:N:``)."""
    assert not result.timed_out, f"hung: {result.describe()}"
    assert result.code == 2, f"exit status is not 2: {result.describe()}"
    assert "Traceback" not in result.stderr, f"traceback: {result.describe()}"
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, f"not one line on stderr: {result.describe()}"
    if names is not None:
        assert str(names) in lines[0], f"message does not name {names}: {result.describe()}"
    if line:
        assert names is not None
        rest = lines[0].split(str(names), 1)[1]
        assert rest[:1] == ":" and rest[1:2].isdigit(), f"no line number: {result.describe()}"
    assert result.elapsed < TIME_LIMIT, f"too slow to refuse: {result.describe()}"
    assert result.peak_bytes < MEMORY_LIMIT, f"too much memory to refuse: {result.describe()}"
