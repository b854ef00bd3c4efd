"""The auction arithmetic the oracle comparisons share: sides, the last bid, the bids that
would be sufficient, whether an auction has ended and who declares. Built on the oracle's own
call parser (generator.oracle), never on the engine's, so that a comparison stays independent;
and the head every comparison shares: the engine's ruling on the injected irregularity."""

from __future__ import annotations

from typing import Any

from generator.laws.engine import analyse
from generator.oracle import STRAINS, parse_call
from generator.table.case import parse_case

SeatCall = tuple[str, str]
ALL_BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]


def side(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def last_bid(calls: list[SeatCall]) -> SeatCall | None:
    return next(((s, c) for s, c in reversed(calls) if parse_call(c).is_bid), None)


def rank(bid: str) -> int:
    return parse_call(bid).rank


def sufficient_bids(calls: list[SeatCall], limit: int = 6) -> list[str]:
    """The lowest ``limit`` bids that supersede the last bid (short auctions leave room)."""
    last = last_bid(calls)
    floor = rank(last[1]) if last else -1
    return [b for b in ALL_BIDS if rank(b) > floor][:limit]


def is_complete(calls: list[SeatCall]) -> bool:
    if len(calls) < 4 or any(c != "P" for _, c in calls[-3:]):
        return False
    return last_bid(calls) is not None or all(c == "P" for _, c in calls)


def declaring_side(calls: list[SeatCall]) -> str | None:
    last = last_bid(calls)
    return side(last[0]) if last else None


def engine_ruling(text: str, kind: str, offender: str, law: str,
                  event: int | None = None) -> tuple[dict[str, Any] | None, list[str]]:
    """The engine's ruling on the irregularity a comparison injected (``kind`` by ``offender``,
    at ``event`` when given), and the problems met on the way: the engine refusing the case,
    another irregularity detected, ``law`` not cited. ``None`` for the ruling when there is
    nothing to compare."""
    try:
        out: dict[str, Any] = analyse(parse_case(text, "oracle.yaml"))
    except Exception as exc:  # the engine refused a legal sequence of events
        return None, [f"engine raised {type(exc).__name__}: {exc}"]
    found = [i for i, irr in enumerate(out["irregularities"])
             if irr["kind"] == kind and irr["seat"] == offender
             and (event is None or irr["event"] == event)]
    problems = [f"unexpected irregularity {irr['kind']} by {irr['seat']}"
                for irr in out["irregularities"]
                if irr["kind"] != kind or (event is None and irr["seat"] != offender)]
    if not found:
        return None, [f"no {kind} by {offender} detected", *problems]
    ruling = next(r for r in out["rulings"] if r["irregularity"] == found[0])
    cited = [*ruling["laws"], *(r["law"] for r in ruling["rectifications"] if r.get("law"))]
    if not any(c.startswith(law) for c in cited):
        problems.append(f"law {law} not cited (engine: {ruling['laws']})")
    return ruling, problems
