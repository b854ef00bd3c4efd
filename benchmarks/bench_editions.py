"""Benchmark: the 2017 code against the 1987 code on one realistic 40-event case (issue 16:
replay, detection and a full ruling under 2017 within the 1987 figures; ``--edition both`` within
twice one edition).

The case is a whole board as a director meets it: East's insufficient 1H over North's 1S is
refused and replaced by the cheapest bid in the same suit (1987 27B1, 2017 27B1(a) with the 27D
damage check: the codes rule it differently), the auction ends in 4S by North, and 30 legal cards
are played from a fixed seed (10 calls + 30 cards = 40 events). Parsed once, then timed:

- replay + detection under each edition's ruler (``replay(case, LawRuler(edition))``),
- the full ruling (``analyse``) under each edition,
- ``rule_both`` (both editions, the ``--edition both`` output).

Prints the best per-case CPU time of alternating runs and the ratios 2017/1987 and both/(2 x one
edition). The ratios are printed, never asserted: a slow or busy machine must not fail a run.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.laws.editions import rule_both
from generator.laws.engine import analyse
from generator.laws.refs import EDITIONS
from generator.laws.ruler import LawRuler
from generator.model import ALL_CARDS, Deal, Hand, Seat, legal_plays, trick_winner
from generator.model.cards import Card
from generator.model.strain import Strain
from generator.table import parse_case
from generator.table.case import Case
from generator.table.detect import replay

AUCTION = ["N 1S", "E 1H", "S refuses", "E 2H", "S 2S", "W P", "N 4S", "E P", "S P", "W P"]


def forty_event_case(seed: int = 7) -> str:
    """The case text: the auction above, then 30 legal cards from ``seed`` (East leads)."""
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    hands = {seat: set(cards[i * 13:(i + 1) * 13]) for i, seat in enumerate(Seat)}
    deal = Deal.from_hands({s: Hand(h) for s, h in hands.items()})
    events = list(AUCTION)
    leader = Seat.E
    while len(events) < 40:
        plays: list[tuple[Seat, Card]] = []
        seat = leader
        while len(plays) < 4 and len(events) < 40:
            led = plays[0][1].suit if plays else None
            card = rng.choice(legal_plays(Hand(hands[seat]), led))
            hands[seat].discard(card)
            plays.append((seat, card))
            events.append(f"{seat} {'leads' if len(plays) == 1 else 'plays'} {card}")
            seat = seat.lho
        if len(plays) == 4:
            leader = trick_winner(plays, Strain.S)
    body = "\n".join(f"  - {e}" for e in events)
    return f'format: 1\nedition: "1987"\nboard: 1\ndeal: "{deal}"\nevents:\n{body}\n'


def best_times(fns: dict[str, Callable[[], object]], runs: int, inner: int) -> dict[str, float]:
    """For each function, the best mean CPU time of one call over ``runs`` batches of ``inner``
    calls, in seconds. The batches of the functions alternate, so that a neighbour's load on a
    shared machine falls on all of them alike; CPU time of this process (not wall time) leaves
    out the time spent waiting for a core."""
    best = dict.fromkeys(fns, float("inf"))
    for fn in fns.values():  # warm up: lazy imports and caches are not what is measured
        fn()
    for _ in range(runs):
        for name, fn in fns.items():
            start = time.process_time()
            for _ in range(inner):
                fn()
            best[name] = min(best[name], (time.process_time() - start) / inner)
    return best


def check(case: Case) -> None:
    """The case is what the benchmark says: 40 events, one irregularity, ruled differently."""
    assert len(case.events) == 40, len(case.events)
    results = rule_both(case)
    for edition in EDITIONS:
        result = results[edition]
        assert [f["kind"] for f in result["irregularities"]] == ["insufficient_bid"], result
        assert result["rulings"], result
    laws = {e: results[e]["rulings"][0]["laws"] for e in EDITIONS}
    assert laws["1987"] != laws["2017"], laws


def main() -> None:
    case = parse_case(forty_event_case())
    check(case)
    under = {e: case.under(e) for e in EDITIONS}
    print("40-event case (insufficient bid corrected, 4S, 30 cards), CPU microseconds per "
          "case, best of 15 alternating runs")
    replay_us = {e: t * 1e6 for e, t in best_times(
        {e: lambda e=e: replay(under[e], LawRuler(e)).irregularities for e in EDITIONS},
        runs=15, inner=100).items()}
    timed = best_times({**{e: lambda e=e: analyse(under[e]) for e in EDITIONS},
                        "both": lambda: rule_both(case)}, runs=15, inner=40)
    rule_us = {e: timed[e] * 1e6 for e in EDITIONS}
    both_us = timed["both"] * 1e6
    print(f"  {'':22s} {'1987':>9s} {'2017':>9s}  2017/1987")
    for name, figures in (("replay + detection", replay_us), ("full ruling (analyse)", rule_us)):
        print(f"  {name:22s} {figures['1987']:9.1f} {figures['2017']:9.1f}  "
              f"{figures['2017'] / figures['1987']:9.2f}")
    print(f"  rule_both (--edition both) {both_us:9.1f}; both / (1987 + 2017) "
          f"{both_us / (rule_us['1987'] + rule_us['2017']):.2f}")


if __name__ == "__main__":
    main()
