"""Time the whole Law 77 grid of each edition (7 levels x 5 strains x 3 doublings x 2 vuls x 14
tricks), 1987 and 2017.

A script, not a test: ``.venv/bin/python benchmarks/bench_scoring.py [repeats]``. It reports the
best of several runs per edition, since the minimum is the figure least disturbed by other work
on the machine, and compares it with the 1 s budget the project set for scoring a full grid. It
also counts the cells in which the two editions' scores differ (none under the 1987 reading the
engine takes; see generator/laws/law77.py).
"""

from __future__ import annotations

import sys
import time

from generator.laws.law77 import score_grid, table_for
from generator.laws.refs import EDITIONS

TARGET_MS = 1000.0
CELLS = 7 * 5 * 3 * 2 * 14


def time_grid(repeats: int, edition: str = "1987") -> float:
    """Best wall-clock time, in milliseconds, to compute every cell of an edition's grid."""
    table = table_for(edition)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        count = sum(1 for _ in score_grid(table=table))
        elapsed = time.perf_counter() - start
        if count != CELLS:
            raise SystemExit(f"grid has {count} cells, expected {CELLS}")
        best = min(best, elapsed)
    return best * 1000.0


def differing_cells() -> int:
    """How many cells score differently under the first and the last edition."""
    first, last = (list(score_grid(edition)) for edition in (EDITIONS[0], EDITIONS[-1]))
    return sum(1 for a, b in zip(first, last, strict=True) if a[5] != b[5])


def main(argv: list[str]) -> None:
    repeats = int(argv[1]) if len(argv) > 1 else 20
    for edition in EDITIONS:
        best_ms = time_grid(repeats, edition)
        print(
            f"scoring grid {edition} ({CELLS} cells): {best_ms:.1f} ms best of {repeats}; "
            f"target {TARGET_MS:.0f} ms; ratio {best_ms / TARGET_MS:.3f}"
        )
    print(f"cells scored differently by {EDITIONS[0]} and {EDITIONS[-1]}: {differing_cells()}")


if __name__ == "__main__":
    main(sys.argv)
