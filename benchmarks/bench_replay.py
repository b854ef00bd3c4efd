"""Benchmark: replay and detect a 40-event case (target: under 100 µs on one core), and how
reading plus ruling grows with the number of events (target: linear).

Builds a legal board (an auction of 8 calls, then 32 cards) from a fixed seed, parses it once, and
times ``detect`` (replay into a table with the neutral ruler plus detection) and, for reference,
the full 1987 ruling (``analyse``). Prints the best per-case time of several runs and the ratio to
the target.

Then, for logs of N, 2N and 4N events of each shape that long logs take (calls after the final
pass, changes of call, requests and the director, one event repeated through a YAML alias, calls
out of rotation accepted, insufficient bids accepted), times ``parse_case`` plus ``analyse`` and
prints the ratios: 2 and 4 for linear growth, 4 and 16 for quadratic. Every log stays within
``generator.table.limits.MAX_EVENTS``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.laws.engine import analyse
from generator.model import ALL_CARDS, Deal, Hand, Seat, legal_plays, trick_winner
from generator.model.cards import Card
from generator.model.strain import Strain
from generator.table import detect, parse_case
from generator.table.limits import MAX_EVENTS

TARGET_US = 100.0


def forty_event_case(seed: int = 7) -> str:
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = {seat: set(cards[i * 13:(i + 1) * 13]) for i, seat in enumerate(Seat)}
    deal = Deal.from_hands({s: Hand(h) for s, h in hands.items()})
    events = ["N 1S", "E P", "S 2S", "W P", "N 4S", "E P", "S P", "W P"]
    leader = Seat.E
    for _ in range(8):
        plays: list[tuple[Seat, Card]] = []
        seat = leader
        for _ in range(4):
            led = plays[0][1].suit if plays else None
            card = rng.choice(legal_plays(Hand(hands[seat]), led))
            hands[seat].discard(card)
            plays.append((seat, card))
            verb = "leads" if not events or len(plays) == 1 else "plays"
            events.append(f"{seat} {verb} {card}")
            seat = seat.lho
        leader = trick_winner(plays, Strain.S)
    body = "\n".join(f"  - {e}" for e in events)
    return f'board: 1\ndeal: "{deal}"\nevents:\n{body}\n'


def best_time(fn: object, runs: int, inner: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(inner):
            fn()  # type: ignore[operator]
        best = min(best, (time.perf_counter() - start) / inner)
    return best


SHAPES = {
    "calls after the final pass": lambda n: ["N 1S", "E P", "S P", "W P"] + ["N P"] * (n - 4),
    "changes of call": lambda n: ["N 1S"] + ["N changes 1H inadvertent"] * (n - 1),
    "requests and the director":
        lambda n: ["N 1S"] + ["E asks review", "director"] * ((n - 1) // 2),
    "out of rotation, accepted": lambda n: ["N 1S"] + ["W P", "N accepts"] * ((n - 1) // 2),
    "insufficient, accepted": lambda n: ["N 7NT"] + ["E 1C", "S accepts"] * ((n - 1) // 2),
}


def log_text(shape: str, n: int) -> str:
    if shape == "one event through an alias":
        return "board: 1\nevents:\n  - N 1S\n  - &r E asks review\n" + "  - *r\n" * (n - 2)
    return "board: 1\nevents:\n" + "".join(f"  - {e}\n" for e in SHAPES[shape](n))


def scaling(n: int = MAX_EVENTS // 4) -> None:
    print(f"parse + rule, logs of {n}, {2 * n} and {4 * n} events (ratios: 2 and 4 are linear)")
    for shape in [*SHAPES, "one event through an alias"]:
        times = []
        for size in (n, 2 * n, 4 * n):
            text = log_text(shape, size)
            times.append(best_time(lambda text=text: analyse(parse_case(text)), runs=3, inner=1))
        print(f"  {shape:28s} {times[0] * 1e3:7.1f} {times[1] * 1e3:7.1f} {times[2] * 1e3:7.1f} ms"
              f"  ratios {times[1] / times[0]:4.1f} {times[2] / times[0]:4.1f}")


def main() -> None:
    case = parse_case(forty_event_case())
    assert len(case.events) == 40, len(case.events)
    assert detect(case) == [], detect(case)
    t_detect = best_time(lambda: detect(case), runs=7, inner=300) * 1e6
    t_rule = best_time(lambda: analyse(case), runs=5, inner=100) * 1e6
    print(f"replay+detect, 40 events: {t_detect:.1f} us best of 7x300; target {TARGET_US:.0f} us; "
          f"ratio {t_detect / TARGET_US:.2f}")
    print(f"full 1987 ruling (analyse), 40 events: {t_rule:.1f} us (reference, no target)")
    # the same case under the 2017 code (issue 16: within the 1987 figures)
    from generator.laws.ruler import LawRuler
    from generator.table.detect import replay

    later = case.under("2017")
    t_detect17 = best_time(lambda: replay(later, LawRuler("2017")).irregularities, runs=7,
                           inner=300) * 1e6
    t_detect87 = best_time(lambda: replay(case, LawRuler("1987")).irregularities, runs=7,
                           inner=300) * 1e6
    t_rule17 = best_time(lambda: analyse(later), runs=5, inner=100) * 1e6
    print(f"with the edition's ruler: replay+detect 1987 {t_detect87:.1f} us, 2017 "
          f"{t_detect17:.1f} us (ratio {t_detect17 / t_detect87:.2f}); full ruling 2017 "
          f"{t_rule17:.1f} us (ratio to 1987 {t_rule17 / t_rule:.2f})")
    scaling()


if __name__ == "__main__":
    main()
