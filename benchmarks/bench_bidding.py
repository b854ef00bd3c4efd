"""Benchmark: how the natural bidding model of the scenario generator bids, and what it costs.

It bids 2,000 seeded boards (deals from ``generator.scenarios.deals.deals``, boards numbered 1 to
16 in turn for dealer and vulnerability) with the model alone, with no irregularity, and prints

(a) game bidding: of the boards where a side holds 25+ HCP with an eight-card major fit, or 26+
    HCP with both hands balanced, the share that ends in a game (or more) declared by that side
    (target: at least 80 %);
(b) openings: of the hands that speak before anyone has bid holding 12+ HCP with a five-card
    suit, or 15+ HCP balanced, the share that pass (target: at most 5 %);
(c) forcing bids passed: calls where ``bidding.forcing`` says the player must bid, and the player
    passed (target: 0);
(d) the final contracts by level, and the mean time per auction (wall and CPU).

Prints figures; exits 0 either way (targets that are missed are marked MISSED).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.model.auction import SeatCall, final_contract, is_complete, is_legal_call
from generator.model.board import Board
from generator.model.calls import Bid, Pass
from generator.model.cards import Suit
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.seat import Side
from generator.scenarios.bidding import MAX_CALLS, BiddingModel, forcing
from generator.scenarios.deals import CHUNK, deals

GAME_TARGET = 0.80
OPENING_PASS_TARGET = 0.05
GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}


def balanced(hand: Hand) -> bool:
    counts = sorted(hand.length(s) for s in Suit)
    return counts[0] >= 2 and counts[1] >= 3


def opening_hand(hand: Hand) -> bool:
    """12+ HCP with a five-card suit, or 15+ HCP balanced: every club player opens these."""
    hcp = hand.hcp()
    return (hcp >= 12 and max(hand.length(s) for s in Suit) >= 5) or (hcp >= 15 and balanced(hand))


def game_values(deal: Deal, side: Side) -> bool:
    """25+ HCP with an eight-card major fit, or 26+ HCP with both hands balanced."""
    a, b = (deal.hand(s) for s in side.seats)
    hcp = a.hcp() + b.hcp()
    fit = any(a.length(m) + b.length(m) >= 8 for m in (Suit.S, Suit.H))
    return (hcp >= 25 and fit) or (hcp >= 26 and balanced(a) and balanced(b))


def bid_board(model: BiddingModel, deal: Deal, board: Board) -> list[SeatCall]:
    """The model's auction of one board, every call checked for legality."""
    calls: list[SeatCall] = []
    seat = board.dealer
    while not is_complete(calls):
        call = model.call(seat, deal.hand(seat), calls)
        assert is_legal_call(seat, call, calls), (seat, call, calls)
        calls.append((seat, call))
        seat = seat.lho
        assert len(calls) <= MAX_CALLS + 4, calls
    return calls


@dataclass
class Figures:
    boards: int = 0
    game_boards: int = 0
    game_reached: int = 0
    openers: int = 0
    openers_passed: int = 0
    forcing_seen: int = 0
    forcing_passed: int = 0
    levels: Counter[str] = field(default_factory=Counter)
    wall: float = 0.0
    cpu: float = 0.0
    missed_games: list[str] = field(default_factory=list)
    passed_forcing: list[str] = field(default_factory=list)


def measure(seed: int, count: int) -> Figures:
    """Bid ``count`` boards from the bank seed ``seed`` and gather the figures."""
    fig = Figures()
    model = BiddingModel(random.Random(seed))
    chunk = 0
    while fig.boards < count:
        for deal in deals(seed, chunk, min(CHUNK, count - fig.boards)):
            board = Board.from_number(fig.boards % 16 + 1)
            fig.boards += 1
            wall, cpu = time.perf_counter(), time.process_time()
            calls = bid_board(model, deal, board)
            fig.wall += time.perf_counter() - wall
            fig.cpu += time.process_time() - cpu
            tally(fig, deal, calls)
        chunk += 1
    return fig


def tally(fig: Figures, deal: Deal, calls: list[SeatCall]) -> None:
    result = final_contract(calls)
    fig.levels["passed out" if result is None else str(result[0].level)] += 1
    text = " ".join(f"{c}" for _, c in calls)
    for side in Side:
        if game_values(deal, side):
            fig.game_boards += 1
            if result is not None and result[1].side is side \
                    and result[0].level >= GAME_LEVEL[str(result[0].strain)]:
                fig.game_reached += 1
            else:
                fig.missed_games.append(f"{deal} [{calls[0][0]}] {text}")
    opened = False
    for i, (seat, call) in enumerate(calls):
        if not opened and opening_hand(deal.hand(seat)):
            fig.openers += 1
            fig.openers_passed += isinstance(call, Pass)
        opened = opened or isinstance(call, Bid)
        if forcing(calls[:i]):
            fig.forcing_seen += 1
            if isinstance(call, Pass):
                fig.forcing_passed += 1
                fig.passed_forcing.append(f"{deal} [{calls[0][0]}] {text} (call {i + 1})")


def share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=2000, help="boards to bid")
    parser.add_argument("--seed", type=int, default=2024, help="bank seed of the deals")
    parser.add_argument("--examples", type=int, default=0,
                        help="print this many missed games and passed forcing bids")
    args = parser.parse_args(argv)

    fig = measure(args.seed, args.boards)
    games = share(fig.game_reached, fig.game_boards)
    passes = share(fig.openers_passed, fig.openers)
    print(f"{fig.boards} boards bid by the model (seed {args.seed}), no irregularity")
    print(f"game values ending in game by that side: {fig.game_reached}/{fig.game_boards} = "
          f"{games:.1%} (target >= {GAME_TARGET:.0%})"
          f"{'' if games >= GAME_TARGET else '  MISSED'}")
    print(f"opening hands passing before anyone bid: {fig.openers_passed}/{fig.openers} = "
          f"{passes:.1%} (target <= {OPENING_PASS_TARGET:.0%})"
          f"{'' if passes <= OPENING_PASS_TARGET else '  MISSED'}")
    print(f"forcing bids passed: {fig.forcing_passed} of {fig.forcing_seen} forcing situations "
          f"(target 0){'' if fig.forcing_passed == 0 else '  MISSED'}")
    order = ["passed out", *(str(n) for n in range(1, 8))]
    print("final contracts by level: " + ", ".join(
        f"{k}: {fig.levels[k]} ({share(fig.levels[k], fig.boards):.1%})" for k in order))
    print(f"time per auction: {fig.wall / fig.boards * 1e3:.2f} ms wall, "
          f"{fig.cpu / fig.boards * 1e3:.2f} ms CPU")
    for line in fig.missed_games[:args.examples]:
        print("  missed game:", line)
    for line in fig.passed_forcing[:args.examples]:
        print("  passed forcing:", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
