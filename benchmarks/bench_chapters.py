"""Benchmark: how many questions each chapter gets from a bank, and what the bank costs.

Builds a bank as ``tdcourse generate --count N`` would (scenarios on two processes, then the
drills: scoring, procedure facts), audits it, and prints per chapter (the quiz definitions'
chapter ids, in ``quizzes/quizzes.yaml`` order, then any topic no chapter quiz names) the number
of questions and their kinds, the wall time of each step and the audit's failures. Every chapter
should have enough questions for its quiz; a chapter with none is marked. Exits 0 either way.

``--count`` (default 2,000) sets the number of scenarios; ``--seed`` the bank's seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.scenarios import quizdefs  # noqa: E402
from generator.scenarios.audit import audit_records  # noqa: E402
from generator.scenarios.bank import Plan, drills, scenarios  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1987)
    args = parser.parse_args()
    plan = Plan(args.count, args.seed, (), ("en", "ru"))
    start = time.perf_counter()
    records = scenarios(plan, workers=2)
    made = time.perf_counter()
    drilled = drills(plan)
    drill_time = time.perf_counter() - made
    every = [*records, *drilled]
    questions = [q for r in every for q in r["questions"]]
    audit_start = time.perf_counter()
    report = audit_records(every, ("en", "ru"))
    audit_time = time.perf_counter() - audit_start
    print(f"bank of {len(records)} scenarios and {len(drilled)} drill questions (seed "
          f"{args.seed}): {len(questions)} questions")
    print(f"  scenarios {made - start:.1f} s, drills {drill_time:.1f} s, audit {audit_time:.1f} s"
          f" ({len(report.failures)} failures)")
    for line in report.failures[:10]:
        print(f"  ! {line}")
    defs = quizdefs.load(ROOT / "quizzes" / "quizzes.yaml")
    by_topic: dict[str, Counter[str]] = {}
    for q in questions:
        by_topic.setdefault(str(q["topic"]), Counter())[str(q["kind"])] += 1
    order = [t for quiz in defs.chapters for t in quiz.topics]
    order += sorted(set(quizdefs.ALL_TOPICS) - set(order))
    print(f"{'chapter (topic)':<26} {'questions':>9}  kinds")
    for topic in dict.fromkeys(order):
        kinds = by_topic.get(topic, Counter())
        total = sum(kinds.values())
        mark = "" if total else "   <- none"
        spread = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        print(f"{topic:<26} {total:>9}  {spread}{mark}")


if __name__ == "__main__":
    main()
