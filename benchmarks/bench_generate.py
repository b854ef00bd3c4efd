"""Benchmark: what a verified scenario costs next to a bare random deal, and a big bank's wall time.

In one run it measures

(a) one bare random deal from endplay's dealer (``generate_deals(produce=5000, seed=...)``, per
    deal);
(b) the marginal cost of one verified scenario with its questions: ``scenarios(plan, workers=1)``
    for 400 and for 800 scenarios, the difference divided by 400 (start-up costs cancel out), and
    its ratio to (a) (target: at most 50), in CPU time (what the work costs, whatever else runs
    on the machine) and in wall time, each the best of three interleaved runs; then the same with
    the audit of its questions added (``tdcourse audit``: every question's ``shown`` case read
    and ruled again, the key, the answers and the texts checked), as the issue counts it;
(c) 10,000 verified scenarios on two processes, ``scenarios(Plan(10000, seed), workers=2)``: wall
    time (target: under 30 s), the CPU time of the workers and of this process, and peak memory
    of this process and of the largest worker (``getrusage`` ``ru_maxrss``, ``RUSAGE_SELF`` and
    ``RUSAGE_CHILDREN``).

``--quick`` builds 1,000 scenarios instead of 10,000 in (c). The machine's load average is printed
too: figures taken while other work runs on the same cores are pessimistic (the "cores busy"
figure of (c) shows how much of the two cores the run got). Prints figures; exits 0 either way.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from endplay.dealer import generate_deals

from generator.scenarios.audit import audit_records
from generator.scenarios.bank import Plan, scenarios

RATIO_TARGET = 50.0
WALL_TARGET_S = 30.0
DEALS = 5000


def _clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def bare_deal_seconds(seed: int, run: int = 0) -> tuple[float, float]:
    """(wall, CPU) seconds per deal drawn from endplay's dealer, ``DEALS`` deals in one call."""
    wall, cpu = _clocks()
    count = 0
    for _ in generate_deals(produce=DEALS, seed=seed + run):
        count += 1
    wall_end, cpu_end = _clocks()
    assert count == DEALS, count
    return (wall_end - wall) / DEALS, (cpu_end - cpu) / DEALS


def scenarios_seconds(count: int, seed: int, workers: int) -> tuple[float, float]:
    """(wall, CPU of this process) seconds to build ``count`` verified scenarios."""
    wall, cpu = _clocks()
    built = scenarios(Plan(count, seed), workers=workers)
    wall_end, cpu_end = _clocks()
    assert len(built) == count, len(built)
    return wall_end - wall, cpu_end - cpu


def audit_seconds(count: int, seed: int) -> tuple[float, float]:
    """(wall, CPU) seconds to audit the questions of ``count`` scenarios in both languages."""
    built = scenarios(Plan(count, seed), workers=1)
    wall, cpu = _clocks()
    report = audit_records(built, ("en", "ru"))
    wall_end, cpu_end = _clocks()
    assert report.ok, report.failures[:3]
    return wall_end - wall, cpu_end - cpu


def measure(seed: int, small: int = 400, large: int = 800, runs: int = 3) -> dict[str, float]:
    """Best of ``runs`` for each figure, the runs interleaved so that a burst of load from other
    work on the machine spoils one run of each rather than every run of one."""
    best: dict[str, float] = {}

    def keep(name: str, value: float) -> None:
        best[name] = min(best.get(name, float("inf")), value)

    for run in range(runs):
        deal_wall, deal_cpu = bare_deal_seconds(seed, run)
        keep("deal wall", deal_wall)
        keep("deal cpu", deal_cpu)
        for count in (small, large):
            wall, cpu = scenarios_seconds(count, seed, 1)
            keep(f"{count} wall", wall)
            keep(f"{count} cpu", cpu)
        for count in (small, large):
            wall, cpu = audit_seconds(count, seed)
            keep(f"audit {count} wall", wall)
            keep(f"audit {count} cpu", cpu)
    for clock in ("wall", "cpu"):
        best[f"scenario {clock}"] = (best[f"{large} {clock}"] - best[f"{small} {clock}"]) / (
            large - small)
        best[f"audit {clock}"] = (best[f"audit {large} {clock}"]
                                  - best[f"audit {small} {clock}"]) / (large - small)
    return best


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (the pool's workers, once joined)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def max_rss_mb(who: int) -> float:
    """Peak resident set size in MB (``ru_maxrss`` is in kilobytes on Linux)."""
    return resource.getrusage(who).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 scenarios in (c), not 10,000")
    parser.add_argument("--seed", type=int, default=2024, help="bank seed")
    args = parser.parse_args(argv)
    big = 1000 if args.quick else 10000

    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f} (figures are pessimistic while other work runs)")
    scenarios(Plan(20, args.seed + 1), workers=1)  # warm up: imports, rule loading

    figures = measure(args.seed)
    for clock, label in (("cpu", "CPU time"), ("wall", "wall time")):
        per_deal, per_scenario = figures[f"deal {clock}"], figures[f"scenario {clock}"]
        ratio = per_scenario / per_deal
        print(f"bare deal: {per_deal * 1e6:.0f} us; verified scenario (marginal): "
              f"{per_scenario * 1e3:.2f} ms; ratio {ratio:.1f} (target <= {RATIO_TARGET:.0f})"
              f"{'' if ratio <= RATIO_TARGET else '  MISSED'}  [{label}]")
    for clock, label in (("cpu", "CPU time"), ("wall", "wall time")):
        per_deal = figures[f"deal {clock}"]
        whole = figures[f"scenario {clock}"] + figures[f"audit {clock}"]
        ratio = whole / per_deal
        print(f"verified scenario with its questions and their audit: {whole * 1e3:.2f} ms "
              f"(audit {figures[f'audit {clock}'] * 1e3:.2f} ms); ratio {ratio:.1f} (target <= "
              f"{RATIO_TARGET:.0f}){'' if ratio <= RATIO_TARGET else '  MISSED'}  [{label}]")
    print(f"  (best of 3, one process: 400 scenarios {figures['400 wall']:.2f} s, "
          f"800 scenarios {figures['800 wall']:.2f} s wall; {figures['400 cpu']:.2f} s, "
          f"{figures['800 cpu']:.2f} s CPU)")

    start, cpu_start = _clocks()
    children_start = _children_cpu()
    built = scenarios(Plan(big, args.seed), workers=2)
    wall = time.perf_counter() - start
    cpu_parent = time.process_time() - cpu_start
    cpu_children = _children_cpu() - children_start
    assert len(built) == big, len(built)
    questions = sum(len(r["questions"]) for r in built)
    target = WALL_TARGET_S * big / 10000
    print(f"{big} verified scenarios ({questions} questions), 2 workers: {wall:.1f} s "
          f"(target < {target:.0f} s{', scaled from 30 s for 10,000' if big != 10000 else ''})"
          f"{'' if wall < target else '  MISSED'}")
    print(f"  CPU: workers {cpu_children:.1f} s, this process {cpu_parent:.1f} s; "
          f"{(cpu_children + cpu_parent) / wall:.2f} cores busy on average "
          f"(below 2: the machine was shared)")
    print(f"peak memory: this process {max_rss_mb(resource.RUSAGE_SELF):.0f} MB, "
          f"largest child {max_rss_mb(resource.RUSAGE_CHILDREN):.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
