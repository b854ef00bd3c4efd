"""Benchmark: the engine against the independent play oracle on N random complete boards.

Runs the comparison of ``tests/oracle/test_play_agrees.py`` (its board builder and its
``disagreements``) over N boards, seeds 0..N-1, the kind of irregularity cycling through its
``KINDS``, and prints the figures for the closing note: boards built, irregularities by kind and
sub-case, boards skipped (no moment for the irregularity; a known engine bug), disagreements, and
the first case of each kind of disagreement.

    .venv/bin/python benchmarks/bench_play_oracle.py [N]        (default 5000)
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "oracle"))

import test_play_agrees as prop  # noqa: E402  (the property's own builder and comparison)


def main(n: int) -> int:
    tally: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    problems: Counter[str] = Counter()
    first: dict[str, list[str]] = {}
    start = time.perf_counter()
    for seed in range(n):
        kind = prop.KINDS[seed % len(prop.KINDS)]
        before = tally["unsuitable"]
        found = prop.run(seed, kind, tally)
        if tally["unsuitable"] == before:
            kinds[kind] += 1
        if found:
            key = f"{kind}: {found[0].split(':')[0]}"
            problems[key] += 1
            first.setdefault(key, found)
    elapsed = time.perf_counter() - start
    built = sum(kinds.values())
    print(f"boards: {n} drawn, {built} built with one injected irregularity "
          f"({tally['unsuitable']} without a moment for it), {elapsed:.1f} s "
          f"({1000 * elapsed / max(n, 1):.1f} ms a board)")
    print("irregularities by kind:")
    for kind in prop.KINDS:
        print(f"  {kinds[kind]:6}  {kind}")
    print("sub-cases:")
    for label, count in sorted(tally.items()):
        if label not in ("unsuitable", "skipped: known engine bug"):
            print(f"  {count:6}  {label}")
    print(f"skipped as known engine bugs: {tally['skipped: known engine bug']} "
          f"({', '.join(prop.known_engine_bugs) or 'none listed'})")
    print(f"disagreements: {sum(problems.values())}")
    for key, count in problems.most_common():
        print(f"  {count:6}  {key}")
        print("          " + "\n          ".join(first[key][:-1]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000))
