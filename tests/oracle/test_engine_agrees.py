"""The engine against the independent oracle (``generator.oracle``) on random auctions.

Each example builds a short legal auction, injects one irregularity (insufficient bid, change of
call, call out of rotation), the acceptance or refusal, the offender's substitute or final call,
and passes to end the auction; it writes that as a case in the case format, runs it through the
engine (``analyse(parse_case(text))``) and compares the ruling with the oracle's
:class:`~generator.oracle.Outcome`:

* the ruling cites the oracle's clause (or a more specific one);
* ``must_pass`` on the offender's partner and on the offender, with the oracle's scope (or none);
* ``no_double_or_redouble`` on partner exactly for 30B2; ``must_repeat`` exactly when the oracle
  says so, with that call; ``call_stands`` exactly when the irregular call stands;
* ``lead_restriction`` on partner: 26A with the suits, 26B with ``suits: any_one``, or none. The
  oracle does not see the rest of the auction: a suit the offender bid later is taken out here
  (26A1); the comparison is skipped when the offender's side declares, the board is passed out, or
  the offender made the withdrawn call itself as his final call (Law 26 preamble).
* no other irregularity is detected (the generated calls respect the oracle's bars).

A call at LHO's turn by a player who has already called is a change of call under the oracle
(30B3, or Law 25 for a bid or double) and is handed to Law 25 without a table of its own: only the
clause is compared there.

The auction arithmetic below is this file's own (it uses the oracle's call parser), not the
engine's.
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
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.oracle import (
    SEATS,
    Outcome,
    call_out_of_rotation,
    change_of_call,
    combine_leads,
    dealer_of_board,
    insufficient_bid,
    lead_restriction_lifted,
    lho,
    lowest_sufficient,
    parse_call,
    partner,
    relation,
    rho,
)

# ------------------------------------------------------------------------------ a tiny auction


def can_double(seat: str, calls: list[SeatCall]) -> bool:
    last = next(((s, c) for s, c in reversed(calls) if c != "P"), None)
    return last is not None and parse_call(last[1]).is_bid and side(last[0]) != side(seat)


def can_redouble(seat: str, calls: list[SeatCall]) -> bool:
    last = next(((s, c) for s, c in reversed(calls) if c != "P"), None)
    return last is not None and last[1] == "X" and side(last[0]) != side(seat)


def legal_calls(seat: str, calls: list[SeatCall], *, doubles: bool = True) -> list[str]:
    out = ["P", *sufficient_bids(calls)]
    if doubles and can_double(seat, calls):
        out.append("X")
    if doubles and can_redouble(seat, calls):
        out.append("XX")
    return out


@dataclass
class Scenario:
    """A generated case: the events, the facts the comparison needs, and the oracle's answer."""

    board: int
    events: list[str] = field(default_factory=list)
    calls: list[SeatCall] = field(default_factory=list)  # the legal auction as we expect it
    kind: str = ""
    offender: str = ""
    outcome: Outcome | None = None
    final: str | None = None          # the offender's final call at that turn
    later: list[str] = field(default_factory=list)  # the offender's calls after that
    law_only: bool = False

    @property
    def next(self) -> str:
        return lho(self.calls[-1][0]) if self.calls else dealer_of_board(self.board)

    def call(self, seat: str, call: str, standing: str | None = "same") -> None:
        """``seat`` calls; ``standing`` is what enters the legal auction (None: nothing)."""
        self.events.append(f"{seat} {call}")
        if standing is not None:
            self.calls.append((seat, call if standing == "same" else standing))

    def yaml(self) -> str:
        lines = ["format: 1", 'edition: "1987"', f"board: {self.board}", "events:"]
        lines += [f"  - {e}" for e in self.events]
        return "\n".join(lines) + "\n"


def draw_prefix(data: st.DataObject, board: int, max_len: int = 6) -> Scenario:
    """A short legal auction that is not over yet."""
    sc = Scenario(board)
    for _ in range(data.draw(st.integers(0, max_len), label="prefix length")):
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
        if seat == sc.offender:
            sc.later.append(call)
        sc.call(seat, call)


# ------------------------------------------------------------------------------ the comparison


def disagreements(sc: Scenario) -> list[str]:
    """Why the engine's ruling on ``sc`` differs from the oracle's; empty when they agree."""
    assert sc.outcome is not None
    ruling, problems = engine_ruling(sc.yaml(), sc.kind, sc.offender, sc.outcome.law)
    if ruling is None:
        return problems
    recs: list[dict[str, Any]] = ruling["rectifications"]
    o = sc.outcome
    if sc.law_only:
        return problems
    mate, offender = partner(sc.offender), sc.offender

    def scopes(kind: str, seat: str) -> list[str]:
        return sorted(r.get("scope", "?") for r in recs if r["kind"] == kind and r["seat"] == seat)

    for who, seat, want in (("partner", mate, o.partner_bar), ("offender", offender,
                                                                 o.offender_bar)):
        got = scopes("must_pass", seat)
        if got != ([want] if want else []):
            problems.append(f"must_pass on {who} {seat}: engine {got}, oracle {want}")
    if bool(scopes("no_double_or_redouble", mate)) != o.partner_no_double:
        problems.append(f"no_double_or_redouble on {mate}: engine "
                        f"{scopes('no_double_or_redouble', mate)}, oracle {o.partner_no_double}")
    repeats = [r.get("call") for r in recs if r["kind"] == "must_repeat"]
    if repeats != ([o.must_repeat] if o.must_repeat else []):
        problems.append(f"must_repeat: engine {repeats}, oracle {o.must_repeat}")
    stands = any(r["kind"] == "call_stands" for r in recs)
    if stands != o.stands:
        problems.append(f"call_stands: engine {stands}, oracle {o.stands}")
    want_lead = expected_lead(sc)
    if want_lead is not None:
        leads = [sorted(r["suits"]) if isinstance(r.get("suits"), list) else r.get("suits")
                 for r in recs if r["kind"] == "lead_restriction" and r["seat"] == mate]
        if leads != want_lead:
            problems.append(f"lead_restriction on {mate}: engine {leads}, oracle {want_lead} "
                            f"(withdrawn {list(o.withdrawn)})")
    return problems


def expected_lead(sc: Scenario) -> list[Any] | None:
    """The ``suits`` of the lead restrictions the engine should show on partner (``[]``: none),
    or ``None`` when Law 26 cannot be compared.

    The oracle's restriction is the clause's; the rest of the auction lifts it: 26A1 (the
    offender bid the suit later: computed here; his final call at that turn counts as later, even
    under 25B2b1 where it is his first call let stand), the offender's side declaring or a
    passed-out board (skipped), the offender's final call being the withdrawn call itself
    (skipped: the oracle cannot tell whether it has the same meaning).
    """
    assert sc.outcome is not None
    declaring = declaring_side(sc.calls)
    if declaring is None or declaring == side(sc.offender):
        return None
    lifts = [lead_restriction_lifted(w, sc.final, sc.later) for w in sc.outcome.withdrawn]
    if "26" in lifts:
        return None
    law, suits = combine_leads(w for w, lift in zip(sc.outcome.withdrawn, lifts, strict=True)
                               if lift is None)
    if law == "26A":
        return [sorted(suits)]
    return ["any_one"] if law == "26B" else []


def check(sc: Scenario) -> None:
    problems = disagreements(sc)
    assert not problems, "engine and oracle disagree:\n  " + "\n  ".join(problems) + (
        f"\noracle: {sc.outcome}\ncase:\n{sc.yaml()}")


boards = st.integers(1, 16)


# ------------------------------------------------------------------------------ Law 27


def build_insufficient_bid(data: st.DataObject) -> Scenario:
    sc = draw_prefix(data, data.draw(boards, label="board"))
    last = last_bid(sc.calls)
    if last is None or rank(last[1]) == 0:  # make room for an insufficient bid
        seat = sc.next
        bid = data.draw(st.sampled_from([b for b in sufficient_bids(sc.calls, 12) if rank(b)]),
                        label="opening")
        sc.call(seat, bid)
    last = last_bid(sc.calls)
    assert last is not None
    offender = sc.offender = sc.next
    sc.kind = "insufficient_bid"
    below = [b for b in ALL_BIDS if rank(b) < rank(last[1])][-10:]
    ib = data.draw(st.sampled_from(below), label="insufficient")
    before = list(sc.calls)
    accepted = data.draw(st.booleans(), label="accepted")
    sc.call(offender, ib, standing=None)
    substitute: str | None = None
    if accepted:
        sc.events.append(f"{lho(offender)} accepts")
        sc.calls.append((offender, ib))
    else:
        sc.events.append(f"{lho(offender)} refuses")
        strain = parse_call(ib).strain
        assert strain is not None
        lowest = lowest_sufficient(last[1], strain)
        options = [c for c in legal_calls(offender, before) if c != lowest]
        options = [c for c in options if c in ("X", "XX")] + options
        substitute = data.draw(st.sampled_from([lowest] * 3 + options if lowest else options),
                               label="substitute")
        assert substitute is not None
        sc.call(offender, substitute, standing="P" if substitute in ("X", "XX") else "same")
        sc.final = substitute
    sc.outcome = insufficient_bid(last[1], ib, accepted, substitute)
    finish(data, sc)
    return sc


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_insufficient_bid_agrees(data: st.DataObject) -> None:
    """Law 27 (27A, 27B1, 27B2, 27B3 and Law 26) on random auctions."""
    check(build_insufficient_bid(data))


# ------------------------------------------------------------------------------ Law 25


def build_change_of_call(data: st.DataObject) -> Scenario:
    sc = draw_prefix(data, data.draw(boards, label="board"))
    offender = sc.offender = sc.next
    sc.kind = "change_of_call"
    before = list(sc.calls)
    options = [c for c in legal_calls(offender, before)
               if not is_complete([*before, (offender, c)])]
    first = data.draw(st.sampled_from(options), label="first")
    sc.call(offender, first, standing=None)
    changed = data.draw(st.sampled_from([c for c in legal_calls(offender, before) if c != first]),
                        label="changed")
    inadvertent = data.draw(st.integers(0, 3), label="inadvertent") == 3
    accepted = False
    final: str | None = None
    sc.events.append(f"{offender} changes {changed}" + (" inadvertent" if inadvertent else ""))
    if inadvertent:
        sc.calls.append((offender, changed))
    else:
        accepted = data.draw(st.booleans(), label="accepted")
        if accepted:
            sc.events.append(f"{lho(offender)} accepts")
            sc.calls.append((offender, changed))
        else:
            sc.events.append(f"{lho(offender)} refuses")
            final = data.draw(st.sampled_from([first, first, changed,
                                               *legal_calls(offender, before)]), label="final")
            sc.call(offender, final)
            sc.final = final
    sc.outcome = change_of_call(first, changed, inadvertent, accepted, final)
    finish(data, sc)
    return sc


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_change_of_call_agrees(data: st.DataObject) -> None:
    """Law 25 (25A, 25B1, 25B2b1, 25B2b2, 25B2c and Law 26) on random auctions."""
    check(build_change_of_call(data))


# ------------------------------------------------------------------------------ Laws 28-32

_OOR_KIND = {"pass": "pass_out_of_rotation", "bid": "bid_out_of_rotation",
             "double": "double_out_of_rotation", "redouble": "redouble_out_of_rotation"}


def build_call_out_of_rotation(data: st.DataObject) -> Scenario:
    sc = draw_prefix(data, data.draw(boards, label="board"))
    kind = data.draw(st.sampled_from(["bid", "double", "pass"]), label="kind")
    if kind == "double" and data.draw(st.booleans(), label="set up 32B"):
        # a bid and a pass: the bidder's RHO may now double at his own RHO's turn (32B)
        sc.call(sc.next, data.draw(st.sampled_from(sufficient_bids(sc.calls)), label="bid 32B"))
        sc.call(sc.next, "P")
    turn = sc.next
    before = list(sc.calls)
    others = [s for s in SEATS if s != turn]
    doublers = [s for s in others if {"X", "XX"} & set(legal_calls(s, before))]
    if kind == "double" and not doublers:
        kind = "bid"
    offender = sc.offender = data.draw(st.sampled_from(doublers if kind == "double" else others),
                                       label="offender")
    where = relation(offender, turn)
    has_called = any(s == offender for s, _ in sc.calls)
    any_bid = last_bid(sc.calls) is not None
    legal = legal_calls(offender, before)
    if kind == "pass":
        call = "P"
    elif kind == "double":
        call = next(c for c in legal if c in ("X", "XX"))
    else:
        call = data.draw(st.sampled_from([c for c in legal if parse_call(c).is_bid]), label="bid")
    sc.kind = _OOR_KIND[parse_call(call).kind]
    sc.call(offender, call, standing=None)
    # At LHO's turn the LHO is the player in turn: his call is 28B (supersede), not 29B.
    decisions = ["refuse", "refuse", "refuse", "accept"] + (
        ["supersede"] if where in ("rho", "lho") else ["condone"])
    decision = data.draw(st.sampled_from(decisions), label="decision")
    accepted_auction = [*before, (offender, call)]
    if where == "lho" and has_called:
        if decision == "supersede":
            # the LHO calls over a change of call: he accepts it (25B1 rather than 28B, Law
            # 28's module): the new call stands in place of the earlier one, then his own call
            decision = "condone"
        last = max(i for i, (s, _) in enumerate(before) if s == offender)
        accepted_auction = [*before[:last], *before[last + 1:], (offender, call)]
    if decision in ("accept", "condone") and is_complete(accepted_auction):
        decision = "refuse"  # an accepted pass cannot end the auction by Law 34: not modelled
    rho_next: str | None = None
    final: str | None = None

    def oracle(accepted: bool, superseded: bool = False) -> Outcome:
        return call_out_of_rotation(call, offender, turn, any_bid, has_called, accepted,
                                    rho_next, final, superseded=superseded)

    if decision in ("accept", "condone"):
        if where == "lho" and has_called:
            # a call at LHO's turn by a player who has called is a change of his call (30B3,
            # Law 25): accepted, the new call takes the place of his earlier one (25B1)
            last = max(i for i, (s, _) in enumerate(sc.calls) if s == offender)
            del sc.calls[last]
        sc.calls.append((offender, call))
        sc.outcome = oracle(True)
        if decision == "accept":
            sc.events.append(f"{lho(offender)} accepts")
        elif not is_complete(sc.calls):
            seat = lho(offender)
            sc.call(seat, data.draw(st.sampled_from(legal_calls(seat, sc.calls)), label="condone"))
    elif decision == "supersede":  # the opponent whose turn it was calls first (28B)
        sc.call(turn, data.draw(st.sampled_from(legal_calls(turn, sc.calls)), label="rho"))
        sc.outcome = oracle(False, superseded=True)
        if where == "rho" and not is_complete(sc.calls):
            final = data.draw(st.sampled_from(legal_calls(offender, sc.calls)), label="final")
            sc.call(offender, final)
        sc.final = final
    else:
        sc.events.append(f"{lho(offender)} refuses")
        sc.law_only = oracle(False).law in ("30B3", "25")
        if sc.law_only:
            # a refused change of call: the offender acts next (25B2b), here by making his
            # final call at that turn: his first call again (25B2b1) or another (25B2b2)
            last = max(i for i, (s, _) in enumerate(sc.calls) if s == offender)
            first = sc.calls.pop(last)[1]
            again = data.draw(st.sampled_from([first, first, *legal_calls(offender, sc.calls)]),
                              label="final at that turn")
            if is_complete([*sc.calls, (offender, again)]):
                again = first
            sc.call(offender, again)
        seat = turn
        while seat != offender and not is_complete(sc.calls):
            if side(seat) == side(offender) or sc.law_only:
                options = ["P"]
            else:
                options = legal_calls(seat, sc.calls)
            choice = data.draw(st.sampled_from(options), label=f"after {seat}")
            if seat == rho(offender) and where == "rho":
                rho_next = choice
            sc.call(seat, choice)
            seat = lho(seat)
        if not is_complete(sc.calls):
            pending = oracle(False)
            if pending.must_repeat:
                final = pending.must_repeat
            elif pending.offender_bar or sc.law_only:
                final = "P"
            else:
                options = legal_calls(offender, sc.calls)
                strain = parse_call(call).strain
                same = [b for b in options if parse_call(b).is_bid
                        and parse_call(b).strain == strain]
                final = data.draw(st.sampled_from(same[:1] * 2 + options), label="final")
            sc.call(offender, final)
        sc.final = final
        sc.outcome = oracle(False)
    finish(data, sc)
    return sc


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_call_out_of_rotation_agrees(data: st.DataObject) -> None:
    """Laws 28B, 29B, 30, 31, 32 (and Law 26) on random auctions."""
    check(build_call_out_of_rotation(data))
