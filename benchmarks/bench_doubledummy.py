"""Time the pure-Python double-dummy solver: ``python benchmarks/bench_doubledummy.py [COUNT]``.

Two tables, CPU time (the machine is shared; CPU time is the steadier figure):

* per solve, on COUNT (default 30) random endings of 5 to 8 cards a hand (no trick in progress,
  random strain, leader and side; the deals of ``tests/laws/test_doubledummy.py``), median and
  maximum;
* per claim case (every case file of ``tests/laws/test_doubledummy.py``'s selection), the whole
  ``analyse`` with the fallback forced, its caches emptied before each case, and the cards a hand
  of the positions it asked the solver about; then the slowest.

The browser runs the same code under Pyodide, several times slower than CPython.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.laws import claimplay
from generator.laws.engine import analyse
from generator.model.seat import SEATS
from generator.table.case import load_case
from tests.laws.test_doubledummy import CASES, CLAIM_CASES, pure, random_ending


def per_solve(count: int) -> None:
    rng = random.Random(7)
    for cards in (5, 6, 7, 8):
        times = []
        for _ in range(count):
            position = random_ending(rng, cards, False)
            seat = rng.choice(SEATS)
            cpu = time.process_time()
            pure(position, seat)
            times.append(time.process_time() - cpu)
        times.sort()
        print(f"{cards} cards a hand: median {times[len(times) // 2] * 1000:7.1f} ms, "
              f"max {times[-1] * 1000:7.1f} ms ({count} endings)")


def per_case() -> None:
    claimplay.USE_ENDPLAY = False
    asked: list[int] = []
    solve = claimplay._pure_double_dummy

    def counting(hands: tuple[claimplay.Hand, ...], leader: int,
                 trick: tuple[tuple[int, claimplay.Play], ...], trump: int | None,
                 side: int) -> int:
        asked.append(max(sum(bin(m).count("1") for m in hand) for hand in hands))
        return solve(hands, leader, trick, trump, side)

    claimplay._pure_double_dummy = counting  # type: ignore[assignment]
    rows = []
    for path in CLAIM_CASES:
        solve.cache_clear()
        asked.clear()
        cpu = time.process_time()
        analyse(load_case(path))
        took = time.process_time() - cpu
        rows.append((took, str(path.relative_to(CASES)), tuple(asked)))
        cards = ",".join(map(str, asked)) or "-"
        print(f"{took * 1000:7.1f} ms cpu  solver asked at {cards:7} cards  "
              f"{path.relative_to(CASES)}")
    slowest = max(rows)
    print(f"slowest: {slowest[1]} {slowest[0] * 1000:.1f} ms cpu; cases: {len(rows)}, "
          f"asking the solver: {sum(1 for r in rows if r[2])}")


if __name__ == "__main__":
    per_solve(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
    per_case()
