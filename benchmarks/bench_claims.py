"""Time each claim case's adjudication: ``python benchmarks/bench_claims.py``.

Prints every case under tests/cases/1987/law68..law71 with the tricks awarded (``claim_tricks``)
and the time its analysis took, then the slowest. endplay's solver is loaded once beforehand, so
that its start-up is not charged to the first case that needs it.
"""

from __future__ import annotations

import time
from pathlib import Path

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
            start = time.perf_counter()
            out = analyse(case)
            took = time.perf_counter() - start
            awarded = [r for ruling in out["rulings"] for r in ruling["rectifications"]
                       if r["kind"] == "claim_tricks"]
            tricks = awarded[-1]["tricks"] if awarded else None
            clause = awarded[-1]["law"] if awarded else "-"
            rows.append((took, f"{law}/{path.stem}", tricks, clause))
            print(f"{took * 1000:8.1f} ms  {clause:4}  {tricks}  {law}/{path.stem}")
    slowest = max(rows)
    print(f"slowest: {slowest[1]} {slowest[0] * 1000:.1f} ms; cases: {len(rows)}")


if __name__ == "__main__":
    main()
