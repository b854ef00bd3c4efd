"""Time each claim case's adjudication: ``python benchmarks/bench_claims.py``.

Prints every case under tests/cases/1987/law68..law71 with the clause, the tricks awarded
(``claim_tricks``, NS-EW) and the time its analysis took (wall clock and CPU: the machine is
shared, CPU time is the steadier figure), then the slowest. endplay's solver is loaded once
beforehand, so that its start-up is not charged to the first case that needs it, and its cache is
emptied before each case, so that no case is timed on another's work.
"""

from __future__ import annotations

import time
from pathlib import Path

from generator.laws import claimplay
from generator.laws.claimplay import Position, double_dummy
from generator.laws.engine import analyse
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.case import load_case

CASES = Path(__file__).resolve().parents[1] / "tests" / "cases" / "1987"


def main() -> None:
    warm = Position({s: [Card.parse(c)] for s, c in zip(Seat, ("SA", "SK", "SQ", "SJ"),
                                                          strict=True)}, Seat.N, (), None)
    double_dummy(warm, Seat.N)
    rows = []
    for law in ("law68", "law69", "law70", "law71"):
        for path in sorted((CASES / law).glob("*.yaml")):
            case = load_case(path)
            claimplay._double_dummy.cache_clear()
            start, cpu = time.perf_counter(), time.process_time()
            out = analyse(case)
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            awarded = [r for ruling in out["rulings"] for r in ruling["rectifications"]
                       if r["kind"] == "claim_tricks"]
            tricks = awarded[-1]["tricks"] if awarded else None
            clause = awarded[-1]["law"] if awarded else "-"
            rows.append((cpu, took, f"{law}/{path.stem}", tricks, clause))
            pair = f"{tricks['NS']}-{tricks['EW']}" if tricks else "-"
            print(f"{took * 1000:7.1f} ms {cpu * 1000:7.1f} ms cpu  {clause:4}  {pair:5}  "
                  f"{law}/{path.stem}")
    slowest = max(rows)
    print(f"slowest (cpu): {slowest[2]} {slowest[0] * 1000:.1f} ms cpu, "
          f"{slowest[1] * 1000:.1f} ms wall; cases: {len(rows)}")


if __name__ == "__main__":
    main()
