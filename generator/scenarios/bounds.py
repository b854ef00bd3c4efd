"""The bounds of ``tdcourse generate``: how many scenarios one bank may hold, on how many
processes. Kept apart from :mod:`generator.scenarios.bank` (slow to import) so that the command
line can state them in ``--help``.
"""

from __future__ import annotations

import os

from generator.errors import ParseError

#: The most scenarios one bank may hold: a bank of this size is about 180 MB of files, takes about
#: 1.2 GB of memory while it is written and minutes to build (measured at 2,000: 36 MB, 276 MB).
MAX_COUNT = 10_000
#: Verified scenarios kept from one chunk of deals (a job of the pool; see ``bank._chunk``).
PER_CHUNK = 50


def cpu_count() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def chunk_count(count: int) -> int:
    """How many chunks (jobs) ``count`` scenarios take."""
    return (count + PER_CHUNK - 1) // PER_CHUNK


def worker_count(requested: int, count: int) -> int:
    """The processes a bank of ``count`` scenarios is built on: ``requested``, but never more
    than the CPUs nor the chunks (more would only fork idle processes), and at least one."""
    return max(1, min(requested, cpu_count(), chunk_count(count)))


def check_count(count: int) -> None:
    """``count`` is a bank size we build: 1 to :data:`MAX_COUNT`."""
    if not 1 <= count <= MAX_COUNT:
        raise ParseError(f"--count must be from 1 to {MAX_COUNT}, not {count}")
