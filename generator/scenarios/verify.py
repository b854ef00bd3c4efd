"""Building a scenario and verifying its ruling.

A scenario is kept only if:

1. the engine detects exactly the irregularity the recipe meant (after any it set up on purpose);
2. every option of the ruling's first decision can be played on, under the rectification, to a
   legal end (the end of the auction for an auction irregularity, of the board for the play) with
   no new irregularity detected;
3. where an independent decision table exists (``generator.oracle``: Laws 25, 27, 28-32), it agrees
   with the engine on the clause and on the bars on the offender and his partner (only on the
   clause for a call at LHO's turn by a player who had called: Laws 28-32 hand it to Law 25);
   for the play (``generator.oracle.play1987``: Laws 41A/48A, 49-51, 53-57, 62-64), on the
   clause of the option taken, the option ids, the class of the penalty cards, the 55B2 suit and
   the tricks a revoke transfers (see :func:`_play_oracle_check`);
4. a finished board's score is the Law 77 score of its tricks after transfers.

The stored record holds the seed, the case (case format), the ruling and what was verified.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from generator.laws import law64, law77
from generator.laws.engine import report
from generator.laws.refs import LawRef
from generator.model.board import Board
from generator.model.contract import Result
from generator.model.deal import Deal
from generator.model.seat import Seat
from generator.oracle import calls2017, play1987
from generator.oracle import tables1987 as oracle
from generator.scenarios import moments
from generator.scenarios.driver import Decision, Driver, Rejected
from generator.scenarios.recipes import Recipe
from generator.table.case import Case
from generator.table.events import Event, parse_event
from generator.table.irregularities import CALL_KINDS, OUT_OF_ROTATION, Irregularity, Kind


@dataclass
class Scenario:
    seed: str
    recipe: str
    kind: Kind
    case: Case
    result: dict[str, Any]
    verification: dict[str, Any]
    #: the state once the decisions the irregularity raised are taken: who acts next
    after_ruling: dict[str, Any]
    #: the engine's output at the moments the questions ask about, read off the driver's table
    #: as the board went (not stored: :func:`generator.scenarios.questions.questions_for` uses
    #: them instead of ruling each cut case again), by the number of events shown
    outputs: dict[int, dict[str, Any]] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """The stored form: plain data with sorted keys when dumped."""
        ruling = next((r for r in self.result["rulings"]
                       if r["kind"] == self.kind.value), self.result["rulings"][-1])
        return {
            "id": f"s{self.seed.replace('/', '-')}",
            "edition": self.case.edition,
            "seed": self.seed,
            "recipe": self.recipe,
            "kind": self.kind.value,
            "case": self.case.to_dict(),
            "ruling": ruling,
            "irregularities": irregularity_records(self.result),
            "state": {k: self.result["state"][k] for k in
                      ("phase", "next", "dealer", "vulnerable", "contract", "declarer")},
            "score": self.result["score"],
            "verification": self.verification,
            "after_ruling": self.after_ruling,
        }


def irregularity_records(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The irregularities of an ``analyse`` result as a bank stores them, so that ``tdcourse
    verify`` compares a fresh analysis with the stored record in the same form."""
    return [{"kind": i["kind"], "seat": i["seat"], "event": i["event"],
             "details": i.get("details", {})} for i in result["irregularities"]]


def _policy(rng: random.Random) -> Any:
    return lambda decision: rng.choice(decision.options)


def _kinds(driver: Driver) -> list[Kind]:
    return [f.kind for f in driver.table.irregularities]


def _replay(board: Board, deal: Deal, events: list[Event], rng: random.Random,
            edition: str = "1987") -> Driver:
    driver = Driver(board, deal, rng, edition)
    for event in events:
        driver.apply(event)
    return driver


def build(recipe: Recipe, board: Board, deal: Deal, seed: str, rng: random.Random,
          edition: str = "1987") -> Scenario:
    """Inject, rule, play on along every option, verify; raise :class:`Rejected` on failure.
    Everything happens under the Laws of ``edition`` (the driver's ruler, the case's edition);
    a point the 2017 Laws leave to the director is settled by a ``director <finding>`` event
    drawn from the scenario's seed like any other decision (every finding is played on too)."""
    driver = Driver(board, deal, rng, edition)
    if not recipe.inject(driver):
        raise Rejected("no moment for this irregularity in this deal")
    expected = [*recipe.setup, recipe.kind]
    if _kinds(driver) != expected:
        raise Rejected(f"detected {[k.value for k in _kinds(driver)]}, meant {recipe.kind.value}")
    prefix = list(driver.table.events)
    outputs = {len(prefix): _snapshot(driver)}
    auction_kind = recipe.kind in CALL_KINDS or driver.table.phase == "auction"
    first = driver.decision()
    options: dict[str, str] = {}
    for option in first.options if first is not None else ():
        branch = _replay(board, deal, prefix, random.Random(f"{seed}/{option}"), edition)
        decision = branch.decision()
        assert decision is not None
        branch.answer(decision, option)
        branch.run_to_end(_policy(random.Random(f"{seed}/{option}/on")), auction_only=auction_kind)
        if _kinds(branch) != expected:
            raise Rejected(f"option {option} led to {[k.value for k in _kinds(branch)]}")
        options[option] = "played to the end of the " + ("auction" if auction_kind else "board")
    main_rng = random.Random(f"{seed}/main")
    policy = _policy(main_rng)
    decision = driver.decision()
    while decision is not None:  # the table's decisions right after the irregularity
        driver.answer(decision, policy(decision))
        decision = driver.decision()
    after = {"next": str(driver.table.next) if driver.table.next else None,
             "phase": driver.table.phase, "events": len(driver.table.events)}
    outputs.setdefault(len(driver.table.events), _snapshot(driver))
    driver.run_to_end(policy)
    if _kinds(driver) != expected:
        raise Rejected(f"main line led to {[k.value for k in _kinds(driver)]}")
    # the meanings the players stated (2017 recipes: Law 23A decides from them) go with the case
    case = Case(board, edition, deal, tuple(driver.table.events),
                meanings=tuple(sorted(driver.table.meanings.items())))
    result = moments.plain(_analysis(driver))
    outputs[len(driver.table.events)] = result
    verification = {
        "detected": [k.value for k in expected],
        "options": options,
        "oracle": (_oracle_check(recipe.kind, result, driver) if edition == "1987"
                   else _oracle_check_2017(recipe.kind, result, driver)),
        "score": _score_check(result, driver),
    }
    scenario = Scenario(seed, recipe.name, recipe.kind, case, result, verification, after,
                        outputs)
    ruled = moments.ruled(scenario.record())["events"]
    if len(ruled) > len(case.events):
        # the ruling's moment goes past the board (a revoke nobody pointed out is ruled when
        # the director is called at the end): that moment too, off the same table
        for event in ruled[len(case.events):]:
            driver.apply(parse_event(event))
        outputs[len(ruled)] = _snapshot(driver)
    return scenario


def _snapshot(driver: Driver) -> dict[str, Any]:
    """The engine's output for the events applied so far: the same as ruling the case cut
    there (the driver applied exactly those events to a fresh table under a fresh ruler).
    ``tdcourse audit`` rules the cut cases again through the case format and compares."""
    return moments.plain(report(driver.table, driver.ruler))


def _analysis(driver: Driver) -> dict[str, Any]:
    """What ``analyse`` says of the scenario's case, read off the driver's own table: the driver
    applied exactly the case's events to a fresh table under a fresh ruler of the case's edition,
    which is what
    ``analyse`` does by replaying them, so the replay is saved (``tdcourse verify`` replays)."""
    return report(driver.table, driver.ruler)


def _score_check(result: dict[str, Any], driver: Driver) -> str:
    table = driver.table
    score = result.get("score")
    details = result.get("score_details") or {}
    if score is None or table.contract is None or table.declarer is None:
        return "not applicable"
    side = table.declarer.side
    transferred = sum(int(r["tricks"]) if r["to"] == str(side) else -int(r["tricks"])
                      for ruling in result["rulings"] for r in ruling["rectifications"]
                      if r["kind"] == "trick_transfer")
    claimed = [r for ruling in result["rulings"] for r in ruling["rectifications"]
               if r["kind"] == "claim_tricks"]
    # Laws 69-71: a claim or concession is scored with the tricks its ruling awards
    played = int(claimed[-1]["tricks"][str(side)]) if claimed else table.won[side]
    tricks = played + transferred
    expected = law77.result_score(Result(table.contract, table.declarer, tricks),
                                  table.board.vulnerability)
    if expected != score or details.get("tricks") != tricks:
        raise Rejected(f"score {score} is not the Law 77 score of {tricks} tricks ({expected})")
    return "consistent"


def _bar_of(ruling: dict[str, Any], seat: str) -> str | None:
    scopes = [r.get("scope") for r in ruling["rectifications"]
              if r["kind"] == "must_pass" and r.get("seat") == seat]
    return "throughout" if "throughout" in scopes else (scopes[0] if scopes else None)


def _oracle_check(kind: Kind, result: dict[str, Any], driver: Driver) -> str:
    """Compare the engine with the independent decision tables where they exist."""
    ruling = next((r for r in result["rulings"] if r["kind"] == kind.value), None)
    if ruling is None:
        return "not applicable"
    fact = next(f for f in driver.table.irregularities if f.kind is kind)
    if kind in PLAY_ORACLE_KINDS:
        return _play_oracle_check(kind, fact, ruling, driver)
    chosen = {o["seat"]: o.get("chosen") for o in ruling["options"]}
    accepted = "accept" in chosen.values()
    if fact.seat is None:  # a board not meant for the table (15) has no offender
        return "not applicable"
    outcome: oracle.Outcome | None = None
    if kind is Kind.INSUFFICIENT_BID and not accepted:
        substitute = _next_call(driver, fact.seat, fact.event)
        if substitute is None:
            return "not applicable"
        outcome = oracle.insufficient_bid(str(fact.detail("last")), str(fact.detail("call")),
                                          False, substitute)
    elif kind is Kind.INSUFFICIENT_BID:
        outcome = oracle.insufficient_bid(str(fact.detail("last")), str(fact.detail("call")),
                                          True, None)
    elif kind is Kind.CHANGE_OF_CALL:
        final = None if accepted else _next_call(driver, fact.seat, fact.event)
        outcome = oracle.change_of_call(str(fact.detail("call")), str(fact.detail("new")),
                                        bool(fact.detail("inadvertent")), accepted, final)
    elif kind in OUT_OF_ROTATION:
        outcome = _out_of_rotation(fact, ruling, accepted, driver)
    if outcome is None:
        return "not applicable"
    laws = ruling["laws"]
    clause = LawRef.parse(outcome.law)
    if not any(LawRef.parse(law).within(clause) for law in laws):
        raise Rejected(f"oracle says {outcome.law}, engine cites {laws}")
    if kind in OUT_OF_ROTATION and outcome.law in ("30B3", "25"):
        return "agrees"  # a change of call (Law 25): the oracle's table names the clause only
    for who, seat, bar in (("partner", fact.seat.partner, outcome.partner_bar),
                           ("offender", fact.seat, outcome.offender_bar)):
        if bar != _bar_of(ruling, str(seat)):
            raise Rejected(f"oracle bars {who} {bar}, engine {_bar_of(ruling, str(seat))}")
    return "agrees"


def _oracle_check_2017(kind: Kind, result: dict[str, Any], driver: Driver) -> str:
    """The 2017 engine against the 2017 oracle (:mod:`generator.oracle.calls2017`) where it
    reaches the generator's scenarios: an insufficient bid in rotation (Law 27), its clause and
    the bar on the offender's partner, with the director's finding on comparability the case
    states. Elsewhere (the 2017 play and out-of-rotation oracles are compared with the engine in
    ``tests/oracle``) "not applicable"."""
    ruling = next((r for r in result["rulings"] if r["kind"] == kind.value), None)
    if ruling is None or kind is not Kind.INSUFFICIENT_BID:
        return "not applicable"
    fact = next(f for f in driver.table.irregularities if f.kind is kind)
    if fact.seat is None or fact.detail("out_of_rotation"):
        return "not applicable"
    chosen = {o["seat"]: o.get("chosen") for o in ruling["options"]}
    accepted = "accept" in chosen.values()
    replacement = None if accepted else _next_call(driver, fact.seat, fact.event)
    if not accepted and replacement is None:
        return "not applicable"
    finding = next((str(v) for v in chosen.values() if v in ("comparable", "not_comparable")),
                   None)
    try:
        outcome = calls2017.insufficient_bid(str(fact.detail("last")), str(fact.detail("call")),
                                             accepted, replacement, finding=finding)
    except (AssertionError, ValueError):  # outside the oracle (27B4, a replacement it skips)
        return "not applicable"
    clause = LawRef.parse(outcome.law)
    if not any(LawRef.parse(law).within(clause) or clause.within(LawRef.parse(law))
               for law in ruling["laws"]):
        raise Rejected(f"2017 oracle says {outcome.law}, engine cites {ruling['laws']}")
    partner = str(fact.seat.partner)
    if outcome.partner_bar != _bar_of(ruling, partner):
        raise Rejected(f"2017 oracle bars partner {outcome.partner_bar}, engine "
                       f"{_bar_of(ruling, partner)}")
    return "agrees"


def _out_of_rotation(fact: Irregularity, ruling: dict[str, Any], accepted: bool,
                     driver: Driver) -> oracle.Outcome | None:
    """Laws 28-32 from the oracle, or ``None`` where its tables do not reach: an insufficient
    bid or a bid above seven out of rotation (27C, Law 38), and a call deemed in rotation (28A)."""
    if fact.detail("insufficient") or fact.detail("above_seven") or "28A" in ruling["laws"]:
        return None
    assert fact.seat is not None  # a call has a caller
    turn = Seat.parse(str(fact.detail("turn")))
    refused = not accepted and "28B" not in ruling["laws"]
    rho_next = _next_call(driver, turn, fact.event) if refused and turn is fact.seat.rho else None
    final = _next_call(driver, fact.seat, fact.event) if refused else None
    try:
        return oracle.call_out_of_rotation(
            str(fact.detail("call")), str(fact.seat), str(turn),
            not fact.detail("before_any_bid"), bool(fact.detail("offender_has_called")),
            accepted, rho_next, final, superseded="28B" in ruling["laws"])
    except ValueError:  # a situation the oracle's tables leave out
        return None


#: The play irregularities the play oracle has tables for.
PLAY_ORACLE_KINDS = frozenset({
    Kind.OPENING_LEAD_OUT_OF_TURN, Kind.LEAD_OUT_OF_TURN, Kind.DECLARER_LEAD_OUT_OF_TURN,
    Kind.EXPOSED_CARD, Kind.PREMATURE_PLAY, Kind.REVOKE,
})


def _cited(ruling: dict[str, Any]) -> list[LawRef]:
    laws = [*ruling["laws"], *(r["law"] for r in ruling["rectifications"] if r.get("law"))]
    return [LawRef.parse(law) for law in laws]


def _require_laws(ruling: dict[str, Any], clauses: tuple[str, ...] | list[str]) -> None:
    cited = _cited(ruling)
    for clause in clauses:
        if not any(law.within(LawRef.parse(clause)) for law in cited):
            raise Rejected(f"play oracle says {clause}, engine cites {ruling['laws']}")


def _penalty_majors(ruling: dict[str, Any], seat: Seat) -> dict[str, bool]:
    return {str(r["card"]): bool(r["major"]) for r in ruling["rectifications"]
            if r["kind"] == "penalty_card" and r.get("seat") == str(seat)}


def _play_oracle_check(kind: Kind, fact: Irregularity, ruling: dict[str, Any],
                       driver: Driver) -> str:
    """Compare a play ruling with the play oracle's tables (``generator.oracle.play1987``).

    Checked: the option ids of the first choice and the clauses of the option taken (Laws 54,
    53A/56, 55, 57A), the class of the new penalty cards (50B, 56, 57A, 62B1), the 55B2 suit,
    and for a revoke the correction (62A-B) or the tricks transferred (64A, 64B1, 64B3-5, 62D1).
    "not applicable" where the tables do not reach: declarer's own exposed cards (48), a second
    penalty card (50B promotion depends on the cards held before), a second revoke by the same
    player (64B2), a board that did not reach its end for a revoke."""
    assert fact.seat is not None  # a play irregularity has a player
    table = driver.table
    options = ruling["options"]
    first = options[0] if options else None
    chosen = first.get("chosen") if first else None
    offender = fact.seat
    card = str(fact.detail("card") or "")
    if kind is Kind.EXPOSED_CARD:
        if fact.detail("by_declarer"):
            return "not applicable"
        shown = str(fact.detail("cards")).split()
        majors = _penalty_majors(ruling, offender)
        if len(majors) != len(shown):
            return "not applicable"  # an earlier penalty card was promoted (50B): not compared
        klass = play1987.penalty_class(shown, deliberate=False)
        _require_laws(ruling, ("49", klass.law))
        if any(majors.get(c) is not klass.major for c in shown):
            raise Rejected(f"play oracle: {shown} major={klass.major}, engine {majors}")
        return "agrees"
    if kind in (Kind.OPENING_LEAD_OUT_OF_TURN, Kind.LEAD_OUT_OF_TURN,
                Kind.DECLARER_LEAD_OUT_OF_TURN):
        return _lead_check(kind, fact, ruling, chosen, first)
    if kind is Kind.PREMATURE_PLAY:
        partner_played = bool(fact.detail("partner_played"))
        led = next((s for s in "SHDC" if first is not None and f"no_{s}" not in first["ids"]
                    and "highest" in first["ids"]), "")
        row, ids = play1987.premature_play(partner_played, led or "S")
        if ids and (first is None or sorted(first["ids"]) != sorted(ids)):
            raise Rejected(f"play oracle offers {ids}, engine {first}")
        laws = list(row.laws)
        if ids and chosen is not None:
            laws.append(play1987.PREMATURE_OPTION_LAWS[str(chosen).partition("_")[0]])
        _require_laws(ruling, laws)
        if _penalty_majors(ruling, offender).get(card) is not row.penalty_major:
            raise Rejected(f"play oracle: {card} a major penalty card, engine "
                           f"{_penalty_majors(ruling, offender)}")
        return "agrees"
    return _revoke_check(fact, ruling, driver, table.declarer, table.dummy)


def _lead_check(kind: Kind, fact: Irregularity, ruling: dict[str, Any], chosen: Any,
                first: dict[str, Any] | None) -> str:
    """Laws 41A/48A, 53-56 by the play oracle's ``LEAD_OUT_OF_TURN_TABLE``."""
    assert fact.seat is not None
    offender, turn = fact.seat, Seat.parse(str(fact.detail("turn")))
    if kind is Kind.OPENING_LEAD_OUT_OF_TURN and fact.detail("by_declaring_side"):
        _require_laws(ruling, play1987.NOT_A_LEAD)
        return "agrees"
    defender = kind is not Kind.DECLARER_LEAD_OUT_OF_TURN
    if defender:
        where = "partner" if turn is offender.partner else "opponent"
    else:
        where = "other_hand" if turn.side is offender.side else "defender"
    try:
        row = play1987.lead_out_of_turn(kind is Kind.OPENING_LEAD_OUT_OF_TURN,
                                        "defender" if defender else "declarer", where)
    except KeyError:
        return "not applicable"
    if first is None or sorted(first["ids"]) != sorted(row.options):
        raise Rejected(f"play oracle offers {row.options}, engine {first}")
    if chosen is None:
        return "agrees"
    _require_laws(ruling, row.clauses[str(chosen)])
    result = play1987.lead_result(row, str(chosen), defender and turn is offender.partner,
                                  wrong_hand=where == "other_hand")
    card = str(fact.detail("card"))
    majors = _penalty_majors(ruling, offender)
    if result.penalty_card != (card in majors) or (result.penalty_card and not majors[card]):
        raise Rejected(f"play oracle: penalty card {result.penalty_card}, engine {majors}")
    same = [r for r in ruling["rectifications"]
            if r["kind"] == "must_play" and r.get("rule") == "same_suit"]
    if result.same_suit != bool(same) or (same and same[0].get("suit") != card[0]):
        raise Rejected(f"play oracle: same suit {result.same_suit}, engine {same}")
    return "agrees"


def _revoke_check(fact: Irregularity, ruling: dict[str, Any], driver: Driver,
                  declarer: Seat | None, dummy: Seat | None) -> str:
    """Laws 62A-B, 62D1, 64A-B by the play oracle's correction and transfer tables."""
    table = driver.table
    assert fact.seat is not None
    offender = fact.seat
    role: play1987.Role = ("declarer" if offender is declarer else
                           "dummy" if offender is dummy else "defender")
    laws = [LawRef.parse(law) for law in ruling["laws"]]
    if any(law.within(LawRef.parse("62A")) for law in laws):
        fix = play1987.correction(role)
        _require_laws(ruling, fix.laws)
        if fix.penalty_card != (str(fact.detail("card")) in _penalty_majors(ruling, offender)):
            raise Rejected(f"play oracle: penalty card {fix.penalty_card} after the correction")
        return "agrees"
    trick = int(fact.detail("trick") or 0)
    earlier = [f for f in table.irregularities if f.kind is Kind.REVOKE and f.seat is offender
               and f.event is not None and fact.event is not None and f.event < fact.event]
    if earlier or table.phase != "ended" or not 1 <= trick <= len(table.tricks) \
            or table.claim is not None:
        return "not applicable"
    winners = [t.winner for t in table.tricks]
    won = winners[trick - 1]
    assert won is not None
    later = any(w is not None and w.side is offender.side for w in winners[trick:])
    # 64B4-5: attention first drawn after the board, unless the director came to the table
    # after the revoke while it was played (law64's reading, the same switch)
    late = table.late
    if late is not None and law64.EARLIER_CALL_DRAWS_ATTENTION and any(
            (fact.event or 0) < d < len(table.events) - 1 for d in table.director_called):
        late = None
    result = play1987.revoke_transfer(role, trick, won is offender, won.side is offender.side,
                                      later, won_by_dummy=won is dummy, late=late)
    _require_laws(ruling, (result.law,))
    moved = [int(r["tricks"]) for r in ruling["rectifications"] if r["kind"] == "trick_transfer"]
    if sum(moved) != result.tricks:
        raise Rejected(f"play oracle transfers {result.tricks} trick(s), engine {moved}")
    return "agrees"


def _next_call(driver: Driver, seat: Seat, event: int | None) -> str | None:
    """``seat``'s first standing call after event ``event``, if he made one."""
    for entry in driver.table.entries:
        if entry.event is not None and event is not None and entry.event > event and \
                entry.seat is seat and entry.status == "standing":
            return str(entry.call)
    return None


__all__ = ["Decision", "Rejected", "Scenario", "build", "irregularity_records"]
