"""The engine's 2017 Laws 28-32 against the independent 2017 oracle (``oracle.tables2017``).

Each example builds a short legal auction, injects a call out of rotation (pass, bid, double or
redouble; at RHO's, partner's or LHO's turn), the LHO's decision (accept, call over it, refuse)
or the player in turn calling first (28B), the calls up to the offender's own turn, his
replacement, and, for the replacement, what decides the Law 23 judgement: a ``director
comparable|not_comparable`` finding, stated meanings (both calls), meanings overruled by a
contrary finding, or nothing (the director's choice stays open). It writes the case with
``edition: "2017"``, runs the engine and compares the ruling with the oracle's row:

* the oracle's clause is cited (or a more specific one);
* ``must_pass`` on partner and on the offender (scope ``next_turn`` or none; 2017 never bars
  throughout here), ``must_repeat``, ``call_stands``;
* Law 26B on partner: the suits the offender did not specify in the legal auction (computed by
  the oracle from the calls and their stated meanings), when his side defends; none otherwise;
* the director's choice left open (a ``"TD"`` option without a choice) with the 23A flag exactly
  when the oracle says ``open``; the 23C flag exactly after a comparable call; the 72C flag with
  the bar on partner; the 16C2 note on partner exactly when the oracle says so;
* no other irregularity is detected (the generated calls respect the oracle's bars).

A refused call at LHO's turn after calling is a change of call (Law 25): only the clause is
compared there. The auction arithmetic is this file's own, on the oracle's call parser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from auction_support import ALL_BIDS, SeatCall, engine_ruling, is_complete, last_bid, side
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.oracle.calls1987 import (
    SEATS,
    dealer_of_board,
    lho,
    parse_call,
    partner,
    relation,
)
from generator.oracle.tables2017 import (
    Outcome2017,
    call_out_of_rotation_2017,
    unspecified_suits,
    verdict_of,
)

KIND = {"pass": "pass_out_of_rotation", "bid": "bid_out_of_rotation",
        "double": "double_out_of_rotation", "redouble": "redouble_out_of_rotation"}


def legal_calls(seat: str, calls: list[SeatCall]) -> list[str]:
    last = last_bid(calls)
    floor = parse_call(last[1]).rank if last else -1
    out = ["P", *[b for b in ALL_BIDS if parse_call(b).rank > floor][:5]]
    action = next(((s, c) for s, c in reversed(calls) if c != "P"), None)
    if action is not None and side(action[0]) != side(seat):
        if parse_call(action[1]).is_bid:
            out.append("X")
        elif action[1] == "X":
            out.append("XX")
    return out


@dataclass
class Scenario:
    board: int
    events: list[str] = field(default_factory=list)
    calls: list[SeatCall] = field(default_factory=list)   # the legal auction
    #: the meaning stated for each standing call, by its position in ``calls``
    call_meanings: dict[int, dict[str, Any]] = field(default_factory=dict)
    meanings: dict[int, dict[str, Any]] = field(default_factory=dict)  # by event index
    kind: str = ""
    offender: str = ""
    outcome: Outcome2017 | None = None
    law_only: bool = False

    @property
    def next(self) -> str:
        return lho(self.calls[-1][0]) if self.calls else dealer_of_board(self.board)

    def call(self, seat: str, call: str, standing: bool = True,
             meaning: dict[str, Any] | None = None) -> int:
        index = len(self.events)
        self.events.append(f"{seat} {call}")
        if meaning is not None:
            self.meanings[index] = meaning
        if standing:
            if meaning is not None:
                self.call_meanings[len(self.calls)] = meaning
            self.calls.append((seat, call))
        return index

    def yaml(self) -> str:
        lines = ["format: 1", 'edition: "2017"', f"board: {self.board}", "events:"]
        lines += [f"  - {e}" for e in self.events]
        if self.meanings:
            lines.append("meanings:")
            for index in sorted(self.meanings):
                lines.append(f"  {index}: {_flow(self.meanings[index])}")
        return "\n".join(lines) + "\n"


def _flow(meaning: dict[str, Any]) -> str:
    parts = [f"hcp: [{meaning['hcp'][0]}, {meaning['hcp'][1]}]"]
    if meaning.get("suits"):
        inner = ", ".join(f"{s}: [{lo}, {hi}]" for s, (lo, hi) in meaning["suits"].items())
        parts.append(f"suits: {{{inner}}}")
    return "{" + ", ".join(parts) + "}"


def draw_meaning(data: st.DataObject, label: str, suits: bool = True) -> dict[str, Any]:
    low = data.draw(st.integers(0, 14), label=f"{label} hcp min")
    high = data.draw(st.integers(low, min(low + 10, 37)), label=f"{label} hcp max")
    meaning: dict[str, Any] = {"hcp": (low, high)}
    if suits and data.draw(st.booleans(), label=f"{label} has a suit"):
        suit = data.draw(st.sampled_from(["C", "D", "H", "S"]), label=f"{label} suit")
        meaning["suits"] = {suit: (data.draw(st.integers(0, 6), label=f"{label} length"), 13)}
    return meaning


def draw_prefix(data: st.DataObject, board: int) -> Scenario:
    sc = Scenario(board)
    for _ in range(data.draw(st.integers(0, 5), label="prefix length")):
        seat = sc.next
        call = data.draw(st.sampled_from(legal_calls(seat, sc.calls)), label=f"prefix {seat}")
        if is_complete([*sc.calls, (seat, call)]):
            break
        sc.call(seat, call)
    return sc


def finish(data: st.DataObject, sc: Scenario) -> None:
    """End the auction: the offending side passes, the other side may bid once, then passes."""
    may_bid = True
    while not is_complete(sc.calls):
        seat = sc.next
        call = "P"
        if side(seat) != side(sc.offender) and may_bid:
            may_bid = False
            call = data.draw(st.sampled_from(legal_calls(seat, sc.calls)), label=f"end {seat}")
        sc.call(seat, call)


def build(data: st.DataObject) -> Scenario:
    sc = draw_prefix(data, data.draw(st.integers(1, 16), label="board"))
    kind = data.draw(st.sampled_from(["bid", "double", "pass", "pass"]), label="kind")
    if kind == "double" and data.draw(st.booleans(), label="set up 32A"):
        # a bid and a pass: the bidder's LHO's partner may now double at his RHO's turn (32A)
        sc.call(sc.next, data.draw(st.sampled_from(legal_calls(sc.next, sc.calls)[1:]),
                                   label="bid 32A"))
        sc.call(sc.next, "P")
    turn = sc.next
    before = list(sc.calls)
    others = [s for s in SEATS if s != turn]
    doublers = [s for s in others if {"X", "XX"} & set(legal_calls(s, before))]
    if kind == "double" and not doublers:
        kind = "bid"
    offender = sc.offender = data.draw(
        st.sampled_from(doublers if kind == "double" else others), label="offender")
    where = relation(offender, turn)
    has_called = any(s == offender for s, _ in before)
    legal = legal_calls(offender, before)
    if kind == "pass":
        call = "P"
    elif kind == "double":
        call = next(c for c in legal if c in ("X", "XX"))
    else:
        call = data.draw(st.sampled_from([c for c in legal if parse_call(c).is_bid]), label="bid")
    sc.kind = KIND[parse_call(call).kind]
    with_meaning = data.draw(st.booleans(), label="meaning on the call out of rotation")
    # a pass is given no suit: one that shows a suit is artificial (30C), left to the cases
    withdrawn = draw_meaning(data, "withdrawn", suits=kind != "pass") if with_meaning else None
    oor_event = sc.call(offender, call, standing=False, meaning=withdrawn)
    lho_called = where == "lho" and has_called
    decisions = ["refuse"] * 5 + ["accept"] + (["supersede"] if where in ("rho", "lho") else
                                               ["condone"])
    decision = data.draw(st.sampled_from(decisions), label="decision")
    if lho_called and decision == "supersede":
        decision = "condone"  # the LHO calls over a change of call: he accepts it (25B1)
    accepted_auction = [*before, (offender, call)]
    if lho_called:
        last = max(i for i, (s, _) in enumerate(before) if s == offender)
        accepted_auction = [*before[:last], *before[last + 1:], (offender, call)]
    if decision in ("accept", "condone") and is_complete(accepted_auction):
        decision = "refuse"  # Law 34 keeps such an auction open: not in the oracle
    rho_next: str | None = None

    def oracle(verdict: str = "none") -> Outcome2017:
        how = {"accept": "accepted", "condone": "accepted", "supersede": "superseded",
               "refuse": "refused"}[decision]
        return call_out_of_rotation_2017(call, offender, turn, has_called, how, rho_next,
                                         verdict)  # type: ignore[arg-type]

    if decision in ("accept", "condone"):
        if lho_called:
            last = max(i for i, (s, _) in enumerate(sc.calls) if s == offender)
            del sc.calls[last]
        sc.calls.append((offender, call))
        if withdrawn is not None:
            sc.call_meanings[len(sc.calls) - 1] = withdrawn
        sc.outcome = oracle()
        if decision == "accept":
            sc.events.append(f"{lho(offender)} accepts")
        elif not is_complete(sc.calls):
            seat = lho(offender)
            sc.call(seat, data.draw(st.sampled_from(legal_calls(seat, sc.calls)), label="over"))
        finish(data, sc)
        return sc
    if decision == "supersede":
        sc.call(turn, data.draw(st.sampled_from(legal_calls(turn, sc.calls)), label="in turn"))
        sc.outcome = oracle()
        finish(data, sc)
        return sc
    sc.events.append(f"{lho(offender)} refuses")
    if lho_called:
        sc.outcome = oracle()
        sc.law_only = True
        finish(data, sc)
        return sc
    # the calls up to the offender's own turn: partner calls freely (2017), opponents too
    seat = turn
    while seat != offender and not is_complete(sc.calls):
        choice = data.draw(st.sampled_from(["P", *legal_calls(seat, sc.calls)]),
                           label=f"after {seat}")
        if is_complete([*sc.calls, (seat, choice)]) and data.draw(st.booleans(), label="end?"):
            choice = "P"
        if where == "rho" and seat == turn:
            rho_next = choice
        sc.call(seat, choice)
        seat = lho(seat)
    if is_complete(sc.calls):
        sc.outcome = oracle()
        return sc
    pending = oracle()
    if pending.offender_bar or pending.must_repeat:
        sc.call(offender, pending.must_repeat or "P")
        sc.outcome = pending
        finish(data, sc)
        return sc
    options = legal_calls(offender, sc.calls)
    if call in options:
        options = [call, *options]
    final = data.draw(st.sampled_from(options), label="replacement")
    how = data.draw(st.sampled_from(["comparable", "not_comparable", "meanings", "meanings",
                                     "override", "nothing"]), label="judged by")
    meaning = None
    if how in ("meanings", "override"):
        if withdrawn is None:
            withdrawn = draw_meaning(data, "withdrawn", suits=kind != "pass")
            sc.meanings[oor_event] = withdrawn
        meaning = draw_meaning(data, "replacement")
    sc.call(offender, final, meaning=meaning)
    finding = None
    if how in ("comparable", "not_comparable"):
        finding = how
    elif how == "override":
        from generator.oracle.tables2017 import comparable

        finding = "not_comparable" if comparable(withdrawn, meaning) else "comparable"
    if finding is not None:
        sc.events.append(f"director {finding}")
    verdict = verdict_of(withdrawn if how != "nothing" else None,
                         meaning if how != "nothing" else None, finding)
    if how == "nothing" or (how in ("comparable", "not_comparable") and meaning is None):
        verdict = verdict_of(None, None, finding)
    sc.outcome = oracle(verdict)
    finish(data, sc)
    return sc


# ------------------------------------------------------------------------------ comparison


def disagreements(sc: Scenario) -> list[str]:
    assert sc.outcome is not None
    ruling, problems = engine_ruling(sc.yaml(), sc.kind, sc.offender, sc.outcome.law)
    if ruling is None:
        return problems
    recs: list[dict[str, Any]] = ruling["rectifications"]
    o = sc.outcome
    if sc.law_only:
        return problems
    mate, me = partner(sc.offender), sc.offender
    for who, seat, want in (("partner", mate, o.partner_bar), ("offender", me, o.offender_bar)):
        got = sorted(r.get("scope", "?") for r in recs
                     if r["kind"] == "must_pass" and r["seat"] == seat)
        if got != ([want] if want else []):
            problems.append(f"must_pass on {who} {seat}: engine {got}, oracle {want}")
    if any(r["kind"] == "no_double_or_redouble" for r in recs):
        problems.append("no_double_or_redouble under 2017")
    repeats = [r.get("call") for r in recs if r["kind"] == "must_repeat"]
    if repeats != ([o.must_repeat] if o.must_repeat else []):
        problems.append(f"must_repeat: engine {repeats}, oracle {o.must_repeat}")
    stands = any(r["kind"] == "call_stands" for r in recs)
    if stands != o.stands:
        problems.append(f"call_stands: engine {stands}, oracle {o.stands}")
    open_td = any(opt["seat"] == "TD" and not opt.get("chosen")
                  for opt in ruling.get("options") or ())
    reasons = [f["reason"] for f in ruling.get("flags") or ()]
    if open_td != o.td_open or ("comparable_call_judgement" in reasons) != o.td_open:
        problems.append(f"TD choice open: engine {open_td} ({reasons}), oracle {o.td_open}")
    if ("comparable_call_damage_check" in reasons) != o.damage_check:
        problems.append(f"23C flag: engine {reasons}, oracle {o.damage_check}")
    if ("enforced_pass_may_damage" in reasons) != bool(o.partner_bar):
        problems.append(f"72C flag: engine {reasons}, oracle bar {o.partner_bar}")
    ui = any(n.get("topic") == "ui_withdrawn_call" and n.get("seat") == mate
             for n in ruling.get("notes") or ())
    # Law 34 / 17D3 (outside these tables): passes after an accepted call out of rotation that
    # would end the auction before a skipped player called are withdrawn, and what they showed
    # is unauthorised to the offending side (16C2) whatever the table says of the call itself
    returned = any(r["kind"] == "right_to_call_retained" for r in recs)
    if ui != o.ui_note and not (returned and ui):
        problems.append(f"16C2 note on {mate}: engine {ui}, oracle {o.ui_note}")
    leads = [r.get("suits") for r in recs if r["kind"] == "lead_restriction" and r["seat"] == mate
             and r.get("applies") is not False]  # a lapsed restriction stays, marked
    want = expected_lead(sc)
    if want is not None and leads != want:
        problems.append(f"lead_restriction on {mate}: engine {leads}, oracle {want}")
    return problems


def expected_lead(sc: Scenario) -> list[Any] | None:
    """The 26B suits on partner (``[]``: none); ``None`` when not compared (passed out)."""
    assert sc.outcome is not None
    last = last_bid(sc.calls)
    if last is None:
        return None
    if not sc.outcome.lead_26b or side(last[0]) == side(sc.offender):
        return []
    suits = unspecified_suits((c, sc.call_meanings.get(i)) for i, (s, c) in enumerate(sc.calls)
                              if s == sc.offender)
    return [suits] if suits else []


def check(sc: Scenario) -> None:
    problems = disagreements(sc)
    assert not problems, "engine and 2017 oracle disagree:\n  " + "\n  ".join(problems) + (
        f"\noracle: {sc.outcome}\ncase:\n{sc.yaml()}")


@settings(max_examples=1500, deadline=None)
@given(st.data())
def test_call_out_of_rotation_2017_agrees(data: st.DataObject) -> None:
    """2017 Laws 28B, 29A/B, 30A/B1, 31A/B, 32A/B (with Laws 23 and 26B) on random auctions."""
    check(build(data))
