"""Time the whole 1987 Law 77 grid (7 levels x 5 strains x 3 doublings x 2 vuls x 14 tricks).

A script, not a test: ``.venv/bin/python benchmarks/bench_scoring.py [repeats]``. It reports the
best of several runs, since the minimum is the figure least disturbed by other work on the
machine, and compares it with the 1 s budget the project set for scoring a full grid.
"""

from __future__ import annotations

import sys
import time

from generator.laws.law77 import score_grid, table_for

TARGET_MS = 1000.0
CELLS = 7 * 5 * 3 * 2 * 14


def time_grid(repeats: int) -> float:
    """Best wall-clock time, in milliseconds, to compute every cell of the 1987 grid."""
    table = table_for("1987")
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        count = sum(1 for _ in score_grid(table=table))
        elapsed = time.perf_counter() - start
        if count != CELLS:
            raise SystemExit(f"grid has {count} cells, expected {CELLS}")
        best = min(best, elapsed)
    return best * 1000.0


def main(argv: list[str]) -> None:
    repeats = int(argv[1]) if len(argv) > 1 else 20
    best_ms = time_grid(repeats)
    print(
        f"scoring grid ({CELLS} cells): {best_ms:.1f} ms best of {repeats}; "
        f"target {TARGET_MS:.0f} ms; ratio {best_ms / TARGET_MS:.3f}"
    )


if __name__ == "__main__":
    main(sys.argv)
