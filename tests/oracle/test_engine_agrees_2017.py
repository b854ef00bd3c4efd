"""The 2017 engine against the independent 2017 oracle (``generator.oracle.calls2017``) on random
auctions: Laws 27 and 25, with the comparable call (23A) and Law 26B.

Each example builds a short legal auction, an insufficient bid or a change of call, the
acceptance or refusal, the replacement, and random *meanings* for the calls involved and a random
``director comparable|not_comparable`` finding, so that every branch of 23A is reached: decided
from the meanings (23A1, 23A2, 23A3, not comparable), decided by the director (also against the
meanings), and left open (the TD's choice). The auction is then passed out by the offending side.
The engine's ruling is compared with the oracle's :class:`Outcome2017`:

* the clause (and the 23A clause when comparability was decided) is cited;
* ``must_pass`` on the offender's partner with the oracle's scope (or none);
* ``call_stands`` for the irregular call exactly when the oracle says it stands;
* an open TD choice (and its 23A flag) exactly when the oracle leaves the judgement open;
* the oracle's flags are among the ruling's;
* Law 26B: when the offender's side defends and the judgement is not open, a restriction on the
  partner exactly when the oracle says so, over the suits the offender did not specify in the
  legal auction (computed here from his standing calls and their meanings).

The auction helpers come from the 1987 comparison (``test_engine_agrees``): they know nothing of
the engine either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from auction_support import (
    ALL_BIDS,
    SeatCall,
    declaring_side,
    engine_ruling,
    is_complete,
    last_bid,
    rank,
    side,
    sufficient_bids,
)
from hypothesis import event, given, settings
from hypothesis import strategies as st

from generator.oracle import lho, lowest_sufficient, parse_call, partner
from generator.oracle.calls2017 import (
    Outcome2017,
    Raw,
    change_of_call,
    insufficient_bid,
    unspecified_suits,
)

boards = st.integers(1, 16)


# ------------------------------------------------------------------------------ a tiny auction
# (the same arithmetic as the 1987 comparison's, on the oracle's call parser, not the engine's)


def legal_calls(seat: str, calls: list[SeatCall], *, doubles: bool = True) -> list[str]:
    out = ["P", *sufficient_bids(calls)]
    last = next(((s, c) for s, c in reversed(calls) if c != "P"), None)
    if doubles and last is not None and side(last[0]) != side(seat):
        if parse_call(last[1]).is_bid:
            out.append("X")
        elif last[1] == "X":
            out.append("XX")
    return out


def meanings_for(call: str) -> list[dict[str, Any]]:
    """A small pool of meanings a call might be given: natural ones in its strain (loose and
    tight, so that one may hold the other), a purpose, a weak or a strong hand, a two-suiter,
    two attributable readings."""
    parsed = parse_call(call)
    suit = parsed.strain if parsed.is_bid and parsed.strain != "NT" else "S"
    other = "H" if suit != "H" else "S"
    return [
        {"hcp": [8, 16], "suits": {suit: [5, 13]}},
        {"hcp": [11, 15], "suits": {suit: [6, 13]}},
        {"hcp": [8, 16], "suits": {suit: [5, 13]}},
        {"hcp": [0, 7]},
        {"hcp": [15, 18]},
        {"purpose": "ask", "forcing": True},
        {"purpose": "ask", "hcp": [13, 40]},
        {"hcp": [6, 11], "suits": {suit: [5, 13], other: [5, 13]}},
        {"attributable": [{"hcp": [8, 16], "suits": {suit: [5, 13]}},
                          {"hcp": [11, 21], "suits": {suit: [5, 13]}}]},
    ]


def draw_meaning(data: st.DataObject, call: str, label: str, withdrawn: bool = False
                 ) -> dict[str, Any] | None:
    """A meaning for ``call``, or None; only a withdrawn call may have several attributable
    readings (spec §11.2)."""
    if not data.draw(st.booleans(), label=f"{label} stated"):
        return None
    pool = meanings_for(call)
    return data.draw(st.sampled_from(pool if withdrawn else pool[:-1]), label=label)


@dataclass
class Scenario2017:
    """A generated 2017 case and what the comparison needs."""

    board: int
    events: list[str] = field(default_factory=list)
    calls: list[SeatCall] = field(default_factory=list)
    #: the event index of each standing call of ``calls`` (for its meaning)
    call_events: list[int] = field(default_factory=list)
    meanings: dict[int, dict[str, Any]] = field(default_factory=dict)
    kind: str = ""
    offender: str = ""
    irregular_event: int = 0
    outcome: Outcome2017 | None = None

    @property
    def next(self) -> str:
        return lho(self.calls[-1][0]) if self.calls else "NESW"[(self.board - 1) % 4]

    def call(self, seat: str, call: str, stands: bool = True) -> int:
        index = len(self.events)
        self.events.append(f"{seat} {call}")
        if stands:
            self.calls.append((seat, call))
            self.call_events.append(index)
        return index

    def yaml(self) -> str:
        lines = ["format: 1", 'edition: "2017"', f"board: {self.board}", "events:"]
        lines += [f"  - {e}" for e in self.events]
        if self.meanings:
            lines.append("meanings:")
            lines += [f"  {k}: {v!r}".replace("True", "true") for k, v in
                      sorted(self.meanings.items())]
        return "\n".join(lines) + "\n"


def start(data: st.DataObject, max_len: int = 6) -> Scenario2017:
    """A short legal auction that is not over yet."""
    sc = Scenario2017(data.draw(boards, label="board"))
    for _ in range(data.draw(st.integers(0, max_len), label="prefix length")):
        seat = sc.next
        call = data.draw(st.sampled_from(legal_calls(seat, sc.calls)), label=f"prefix {seat}")
        if is_complete([*sc.calls, (seat, call)]):
            break
        sc.call(seat, call)
    return sc


def finish(data: st.DataObject, sc: Scenario2017) -> None:
    """End the auction: the offending side passes, the other side may bid once, then passes."""
    may_bid = True
    while not is_complete(sc.calls):
        seat = sc.next
        call = "P"
        if side(seat) != side(sc.offender) and may_bid:
            may_bid = False
            call = data.draw(st.sampled_from(legal_calls(seat, sc.calls)), label=f"end {seat}")
        sc.call(seat, call)


def finding(data: st.DataObject, sc: Scenario2017) -> str | None:
    verdict = data.draw(st.sampled_from([None, "comparable", "not_comparable"]), label="finding")
    if verdict is not None:
        sc.events.append(f"director {verdict}")
    return verdict


# ------------------------------------------------------------------------------ the comparison


def disagreements(sc: Scenario2017) -> list[str]:
    o = sc.outcome
    assert o is not None
    ruling, problems = engine_ruling(sc.yaml(), sc.kind, sc.offender, o.law, sc.irregular_event)
    if ruling is None:
        return problems
    recs: list[dict[str, Any]] = ruling["rectifications"]
    cited = [*ruling["laws"], *(r["law"] for r in recs if r.get("law"))]
    if o.clause is not None and o.clause not in cited:
        problems.append(f"23A clause {o.clause} not cited (engine: {ruling['laws']})")
    mate = partner(sc.offender)
    bars = sorted(r.get("scope", "?") for r in recs
                  if r["kind"] == "must_pass" and r["seat"] == mate)
    if bars != ([o.partner_bar] if o.partner_bar else []):
        problems.append(f"must_pass on partner {mate}: engine {bars}, oracle {o.partner_bar}")
    stands = any(r["kind"] == "call_stands" and r.get("event") == sc.irregular_event
                 for r in recs)
    if stands != o.stands:
        problems.append(f"call_stands: engine {stands}, oracle {o.stands}")
    is_open = any(c["seat"] == "TD" and "chosen" not in c for c in ruling["options"])
    if is_open != o.open:
        problems.append(f"TD choice open: engine {is_open}, oracle {o.open}")
    reasons = {f["reason"] for f in ruling["flags"]}
    if not o.flags <= reasons:
        problems.append(f"flags: engine {sorted(reasons)}, oracle {sorted(o.flags)}")
    if ("comparable_call_judgement" in reasons) != o.open:
        problems.append(f"23A flag: engine {sorted(reasons)}, oracle open {o.open}")
    declaring = declaring_side(sc.calls)
    if declaring is not None and declaring != side(sc.offender) and not o.open:
        leads = [r.get("suits") for r in recs
                 if r["kind"] == "lead_restriction" and r["seat"] == mate]
        mine: list[tuple[str, Raw | None]] = [
            (c, sc.meanings.get(e)) for (s, c), e in zip(sc.calls, sc.call_events, strict=True)
            if s == sc.offender]
        suits = unspecified_suits(mine)
        want = [suits] if o.lead and suits else []
        if leads != want:
            problems.append(f"lead_restriction on {mate}: engine {leads}, oracle {want}")
    return problems


def check(sc: Scenario2017) -> None:
    assert sc.outcome is not None
    event(f"{sc.outcome.law}{' open' if sc.outcome.open else ''}")  # --hypothesis-show-statistics
    problems = disagreements(sc)
    assert not problems, "engine and oracle disagree:\n  " + "\n  ".join(problems) + (
        f"\noracle: {sc.outcome}\ncase:\n{sc.yaml()}")


# ------------------------------------------------------------------------------ Law 27


def build_insufficient_bid(data: st.DataObject) -> Scenario2017:
    sc = start(data)
    last = last_bid(sc.calls)
    if last is None or rank(last[1]) == 0:  # make room for an insufficient bid
        sc.call(sc.next, data.draw(st.sampled_from(
            [b for b in sufficient_bids(sc.calls, 12) if rank(b)]), label="opening"))
    last = last_bid(sc.calls)
    assert last is not None
    offender = sc.offender = sc.next
    sc.kind = "insufficient_bid"
    ib = data.draw(st.sampled_from([b for b in ALL_BIDS if rank(b) < rank(last[1])][-10:]),
                   label="insufficient")
    before = list(sc.calls)
    sc.irregular_event = sc.call(offender, ib, stands=False)
    ib_meaning = draw_meaning(data, ib, "ib meaning", withdrawn=True)
    if ib_meaning is not None:
        sc.meanings[sc.irregular_event] = ib_meaning
    if data.draw(st.integers(0, 5), label="accepted") == 0:
        sc.events.append(f"{lho(offender)} accepts")
        sc.calls.append((offender, ib))
        sc.call_events.append(sc.irregular_event)
        sc.outcome = insufficient_bid(last[1], ib, True, None)
        finish(data, sc)
        return sc
    sc.events.append(f"{lho(offender)} refuses")
    strain = parse_call(ib).strain
    assert strain is not None
    lowest = lowest_sufficient(last[1], strain)
    options = legal_calls(offender, before)
    doubles = [c for c in options if c in ("X", "XX")]
    replacement = data.draw(st.sampled_from(([lowest] * 2 if lowest else []) + doubles * 2
                                            + options), label="replacement")
    at = sc.call(offender, replacement)
    meaning = draw_meaning(data, replacement, "replacement meaning")
    if meaning is not None:
        sc.meanings[at] = meaning
    verdict = finding(data, sc)
    sc.outcome = insufficient_bid(last[1], ib, False, replacement, ib_meaning, meaning, verdict)
    if sc.outcome.replace_again:
        # 27B3: the double is cancelled; the offender replaces it with a bid or a pass
        sc.calls.pop()
        sc.call_events.pop()
        again = data.draw(st.sampled_from(legal_calls(offender, before, doubles=False)),
                          label="replacement of the double")
        sc.call(offender, again)
    finish(data, sc)
    return sc


@settings(max_examples=1200, deadline=None)
@given(st.data())
def test_insufficient_bid_2017_agrees(data: st.DataObject) -> None:
    """Law 27 (2017: 27A1, 27B1(a), 27B1(b), 27B2, 27B3) with 23A and 26B on random auctions."""
    check(build_insufficient_bid(data))


# ------------------------------------------------------------------------------ Law 25


def build_change_of_call(data: st.DataObject) -> Scenario2017:
    sc = start(data)
    offender = sc.offender = sc.next
    sc.kind = "change_of_call"
    before = list(sc.calls)
    options = [c for c in legal_calls(offender, before)
               if not is_complete([*before, (offender, c)])]
    first = data.draw(st.sampled_from(options), label="first")
    first_at = sc.call(offender, first)
    first_meaning = draw_meaning(data, first, "first meaning")
    if first_meaning is not None:
        sc.meanings[first_at] = first_meaning
    changed = data.draw(st.sampled_from([c for c in options if c != first]), label="changed")
    inadvertent = data.draw(st.integers(0, 3), label="inadvertent") == 3
    sc.irregular_event = len(sc.events)
    sc.events.append(f"{offender} changes {changed}" + (" inadvertent" if inadvertent else ""))
    changed_meaning = draw_meaning(data, changed, "changed meaning")
    if changed_meaning is not None:
        sc.meanings[sc.irregular_event] = changed_meaning
    accepted = judged = False
    verdict: str | None = None
    if inadvertent:
        judged = data.draw(st.booleans(), label="judged unintended")
        if judged:
            sc.events.append("director unintended")
    else:
        accepted = data.draw(st.booleans(), label="accepted")
        sc.events.append(f"{lho(offender)} {'accepts' if accepted else 'refuses'}")
        verdict = finding(data, sc)
    if inadvertent or accepted:
        sc.calls[-1] = (offender, changed)
        sc.call_events[-1] = sc.irregular_event
    sc.outcome = change_of_call(first, changed, inadvertent, accepted, first_meaning,
                                changed_meaning, verdict, judged)
    finish(data, sc)
    return sc


@settings(max_examples=600, deadline=None)
@given(st.data())
def test_change_of_call_2017_agrees(data: st.DataObject) -> None:
    """Law 25 (2017: 25A1 with 25A2, 25B1, 25B2) with 23A and 26B on random auctions."""
    check(build_change_of_call(data))
