"""Recipes and verified rulings: a recipe for every irregularity kind the engine rules on,
configurable weights, and for each recipe a handful of scenarios whose verification holds."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest

from generator.laws import law77
from generator.laws.engine import analyse
from generator.laws.ruler import REGISTRY, load_rules
from generator.model.board import Board
from generator.model.contract import Contract, Result
from generator.model.seat import Seat
from generator.scenarios import verify
from generator.scenarios.bank import Plan, scenarios
from generator.scenarios.deals import deals
from generator.scenarios.driver import Driver
from generator.scenarios.questions import TOPICS
from generator.scenarios.recipes import RECIPES as EVERY_RECIPE
from generator.scenarios.recipes import weights
from generator.scenarios.verify import Rejected, Scenario, build
from generator.table.case import parse_case
from generator.table.irregularities import Kind

#: Irregularity kinds with no recipe, and why: the engine registers no rule for them in 1987.
#: (Claims and concessions have their recipes now, and the wrong number of cards its rule.)
NO_RECIPE: dict[Kind, str] = {}
#: Recipes whose irregularity the independent decision tables (generator.oracle) cover.
#: the recipes of the 1987 bank, which these tests build under 1987 (the 2017-only recipes of
#: generator.scenarios.recipes2017 are tested in test_recipes2017 and test_edition_banks)
RECIPES = {n: r for n, r in EVERY_RECIPE.items() if "1987" in r.editions}
ORACLE_RECIPES = ("insufficient-bid", "change-of-call", "pass-out-of-rotation",
                  "bid-out-of-rotation", "double-out-of-rotation", "redouble-out-of-rotation")
#: Play recipes the play oracle (generator.oracle.play1987) covers: verification says "agrees"
#: (the module compares only what its tables decide, see verify._play_oracle_check).
PLAY_ORACLE_RECIPES = ("opening-lead-out-of-turn", "lead-out-of-turn",
                       "declarer-lead-out-of-turn", "exposed-card", "premature-play", "revoke")
PER_RECIPE = 4
MAX_DEALS = 600


# --------------------------------------------------------------------------- coverage, weights
def registered_kinds() -> set[Kind]:
    load_rules()
    return {kind for (edition, kind) in REGISTRY if edition == "1987"}


def test_every_ruled_kind_has_a_recipe() -> None:
    recipe_kinds = {r.kind for r in RECIPES.values()}
    ruled = registered_kinds()
    assert ruled, "no rule registered for 1987"
    missing = ruled - recipe_kinds
    assert not missing, f"kinds the engine rules on with no recipe: {sorted(missing)}"
    # the exclusions are exactly the kinds without a registered rule, each with its reason
    assert set(NO_RECIPE) == set(Kind) - ruled
    assert set(NO_RECIPE).isdisjoint(recipe_kinds)
    assert all(len(reason) > 20 for reason in NO_RECIPE.values())
    # a recipe exists only for a kind the engine rules on
    assert recipe_kinds <= ruled


def test_recipes_are_well_formed() -> None:
    for name, recipe in RECIPES.items():
        assert recipe.name == name
        assert name == name.lower() and " " not in name and "_" not in name
        assert recipe.weight > 0, name
        assert recipe.kind not in recipe.setup, name
        assert recipe.kind.value in TOPICS, f"{name}: no quiz topic for {recipe.kind}"


def test_weights_default_and_overrides() -> None:
    default = weights(edition="1987")
    assert set(default) == set(RECIPES)
    assert default == {n: r.weight for n, r in RECIPES.items()}
    off = weights({"revoke": 0}, "1987")
    assert off["revoke"] == 0
    assert {n: w for n, w in off.items() if n != "revoke"} == \
        {n: w for n, w in default.items() if n != "revoke"}
    assert weights({"revoke": 7.5})["revoke"] == 7.5
    assert weights(edition="1987") == default  # overrides do not leak into the recipes
    assert set(weights()) == set(EVERY_RECIPE)  # every edition's recipes without one
    names, probabilities = Plan(10, 1, recipe_weights={"revoke": 0}).recipes()
    assert "revoke" not in names and len(names) == len(RECIPES) - 1
    assert all(p > 0 for p in probabilities)


def test_unknown_recipe_name_raises() -> None:
    with pytest.raises(KeyError, match="no-such-recipe"):
        weights({"no-such-recipe": 1})
    with pytest.raises(KeyError):
        Plan(10, 1, recipe_weights={"revokes": 0}).recipes()


def test_weights_steer_the_bank() -> None:
    without = scenarios(Plan(30, 5, recipe_weights={"revoke": 0}), workers=1)
    assert len(without) == 30
    assert all(r["recipe"] != "revoke" for r in without)
    only = {n: 0.0 for n in RECIPES if n != "revoke"}
    revokes = scenarios(Plan(10, 5, recipe_weights=only), workers=1)
    assert len(revokes) == 10 and {r["recipe"] for r in revokes} == {"revoke"}
    assert {r["kind"] for r in revokes} == {"revoke"}


def test_default_weights_reach_many_kinds() -> None:
    bank = scenarios(Plan(150, 2), workers=1)
    kinds = {r["kind"] for r in bank}
    assert len(kinds) >= 15, sorted(kinds)


# --------------------------------------------------------------------------- verified rulings
@cache
def built(name: str) -> tuple[tuple[str, Board, Scenario], ...]:
    """A handful of verified scenarios for one recipe, from the generator's own seeded deals."""
    recipe = RECIPES[name]
    out: list[tuple[str, Board, Scenario]] = []
    tried = 0
    for chunk in range(MAX_DEALS // 200 + 1):
        for position, deal in enumerate(deals(1987, chunk, 200)):
            if len(out) >= PER_RECIPE or tried >= MAX_DEALS:
                return tuple(out)
            tried += 1
            seed = f"test/{name}/{chunk}/{position}"
            board = Board.from_number(position % 32 + 1)
            try:
                scenario = build(recipe, board, deal, seed, random.Random(seed))
            except Rejected:
                continue
            out.append((seed, board, scenario))
    return tuple(out)


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_recipe_builds_verified_scenarios(name: str) -> None:
    recipe = RECIPES[name]
    found = built(name)
    assert len(found) == PER_RECIPE, f"{name}: only {len(found)} scenarios in {MAX_DEALS} deals"
    expected = [k.value for k in (*recipe.setup, recipe.kind)]
    for seed, board, scenario in found:
        where = f"{name} {seed}"
        record = scenario.record()
        # 1. detected kinds: setup + intended, by the verification and by a fresh ruling
        assert scenario.verification["detected"] == expected, where
        assert [i["kind"] for i in scenario.result["irregularities"]] == expected, where
        replayed = analyse(parse_case(json.dumps(record["case"]), where))
        assert [i["kind"] for i in replayed["irregularities"]] == expected, where
        # the generator reads the result off its live table: it is what a replay gives
        assert replayed == scenario.result, where
        assert replayed["score"] == record["score"], where
        assert record["kind"] == recipe.kind.value and record["recipe"] == name
        assert record["ruling"]["kind"] == recipe.kind.value, where
        # 2. every option of the first decision was played on
        driver = Driver(board, scenario.case.deal, random.Random(seed))  # type: ignore[arg-type]
        assert recipe.inject(driver), where
        decision = driver.decision()
        options = set(decision.options) if decision is not None else set()
        assert set(scenario.verification["options"]) == options, where
        for how in scenario.verification["options"].values():
            assert how.startswith("played to the end of the "), where
        # 3. the independent decision tables
        oracle = scenario.verification["oracle"]
        covered = name in ORACLE_RECIPES or name in PLAY_ORACLE_RECIPES
        assert oracle == ("agrees" if covered else "not applicable"), where
        # 4. the score of a finished board
        state = record["state"]
        assert state["phase"] == "ended", where  # the main line is played to the end
        if state["contract"] is not None and scenario.result["score"] is not None:
            assert scenario.verification["score"] == "consistent", where
            check_score(scenario)
        else:
            assert scenario.verification["score"] == "not applicable", where
        json.dumps(record)  # plain data


def check_score(scenario: Scenario) -> None:
    """The Law 77 score of declarer's tricks after transfers, worked out here."""
    result = scenario.result
    state = result["state"]
    contract = Contract.parse(state["contract"])
    declarer = Seat.parse(state["declarer"])
    tricks = result["score_details"]["tricks"]
    assert 0 <= tricks <= 13
    score = law77.result_score(Result(contract, declarer, tricks),
                               scenario.case.board.vulnerability)
    assert result["score"] == score
    assert score["NS"] == -score["EW"]
    side = "NS" if declarer in (Seat.N, Seat.S) else "EW"
    assert score["declarer_side"] == score[side]


def bars_compared(scenario: Scenario) -> bool:
    """Whether the oracle check compares the bars: not for a call at LHO's turn by a player who
    had already called, a change of call for which Laws 28-32 give only the clause."""
    details = scenario.record()["irregularities"][-1]["details"]
    return not (details.get("relation") == "lho" and details.get("offender_has_called"))


@pytest.mark.parametrize("name", ORACLE_RECIPES)
def test_oracle_check_rejects_a_wrong_ruling(name: str) -> None:
    """The oracle check is a real check: a ruling citing another clause, or barring the partner
    or the offender differently, is rejected."""
    seed, board, scenario = next(b for b in built(name) if bars_compared(b[2]))
    kind = RECIPES[name].kind
    driver = Driver(board, scenario.case.deal, random.Random(seed))  # type: ignore[arg-type]
    for event in scenario.case.events:
        driver.apply(event)
    assert verify._oracle_check(kind, scenario.result, driver) == "agrees"
    wrong_law = copy.deepcopy(scenario.result)
    ruling = next(r for r in wrong_law["rulings"] if r["kind"] == kind.value)
    ruling["laws"] = ["93"]  # a law that is not the oracle's
    with pytest.raises(Rejected, match="oracle"):
        verify._oracle_check(kind, wrong_law, driver)
    offender = Seat.parse(next(r["offender"] for r in scenario.result["rulings"]
                               if r["kind"] == kind.value))
    for who, seat in (("partner", offender.partner), ("offender", offender)):
        wrong_bar = copy.deepcopy(scenario.result)
        ruling = next(r for r in wrong_bar["rulings"] if r["kind"] == kind.value)
        bars = [r for r in ruling["rectifications"]
                if r["kind"] == "must_pass" and r.get("seat") == str(seat)]
        if bars:
            ruling["rectifications"] = [r for r in ruling["rectifications"] if r not in bars]
        else:
            ruling["rectifications"].append({"kind": "must_pass", "seat": str(seat),
                                             "scope": "throughout"})
        with pytest.raises(Rejected, match=f"bars {who}"):
            verify._oracle_check(kind, wrong_bar, driver)


def test_score_check_rejects_a_wrong_score() -> None:
    for name in ("revoke", "exposed-card", "lead-out-of-turn"):
        for seed, board, scenario in built(name):
            if scenario.verification["score"] != "consistent":
                continue
            driver = Driver(board, scenario.case.deal, random.Random(seed))  # type: ignore
            for event in scenario.case.events:
                driver.apply(event)
            assert verify._score_check(scenario.result, driver) == "consistent"
            wrong: dict[str, Any] = copy.deepcopy(scenario.result)
            wrong["score"] = {k: v + 50 for k, v in wrong["score"].items()}
            with pytest.raises(Rejected, match="Law 77"):
                verify._score_check(wrong, driver)
            return
    pytest.fail("no finished board to check")


def test_build_is_deterministic() -> None:
    seed, board, scenario = built("insufficient-bid")[0]
    again = build(RECIPES["insufficient-bid"], board, scenario.case.deal,  # type: ignore[arg-type]
                  seed, random.Random(seed))
    assert again.record() == scenario.record()


def test_a_recipe_without_a_moment_is_rejected() -> None:
    """A deal passed out offers no insufficient bid and no revoke: the scenario is rejected."""
    board = Board.from_number(1)
    for chunk in range(8):
        for position, deal in enumerate(deals(4, chunk)):
            driver = Driver(board, deal, random.Random(0))
            driver.auction_until(lambda d: False)
            if driver.table.contract is not None:
                continue
            for name in ("insufficient-bid", "revoke", "opening-lead-out-of-turn"):
                with pytest.raises(Rejected, match="no moment"):
                    build(RECIPES[name], board, deal, f"p/{position}", random.Random(0))
            return
    pytest.fail("no passed-out deal found")


def test_a_rare_recipe_draws_further_chunks_the_same_way_on_any_number_of_processes() -> None:
    """Redoubles out of rotation are rare: the first chunk falls short and further chunks are
    drawn, in the same order whether one process or two build the bank."""
    only = {n: 0.0 for n in RECIPES if n != "redouble-out-of-rotation"}
    plan = Plan(5, 3, recipe_weights=only)
    seen: list[int] = []
    one = scenarios(plan, workers=1, progress=seen.append)
    assert len(one) == 5 and {r["kind"] for r in one} == {"redouble_out_of_rotation"}
    assert sum(seen) == 5
    chunks = {int(r["seed"].split("/")[1]) for r in one}
    assert len(chunks) > 1, "the first chunk was enough: the test no longer draws further chunks"
    assert scenarios(plan, workers=2) == one


def test_a_board_that_does_not_end_is_rejected_and_the_bank_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing on stops after a limit with :class:`Rejected`, which the bank catches: one board
    that never ends costs a deal, not the whole bank."""
    deal = next(iter(deals(4, 0)))
    driver = Driver(Board.from_number(1), deal, random.Random(0))
    with pytest.raises(Rejected, match="did not end"):
        driver.run_to_end(lambda decision: decision.options[0], limit=5)
    original = Driver.run_to_end
    endless = [3]  # the first three boards played on never end

    def run_to_end(self: Driver, policy: Any, auction_only: bool = False,
                   limit: int = 300) -> None:
        if endless[0]:
            endless[0] -= 1
            limit = 1
        original(self, policy, auction_only, limit)

    monkeypatch.setattr(Driver, "run_to_end", run_to_end)
    assert len(scenarios(Plan(3, 5), workers=1)) == 3
    assert endless == [0]


@pytest.mark.parametrize("name", PLAY_ORACLE_RECIPES)
def test_play_oracle_check_rejects_a_wrong_ruling(name: str) -> None:
    """The play oracle check is a real check: a ruling that cites none of the oracle's clauses
    (in its laws or its rectifications) is rejected."""
    seed, board, scenario = built(name)[0]
    kind = RECIPES[name].kind
    driver = Driver(board, scenario.case.deal, random.Random(seed))  # type: ignore[arg-type]
    for event in scenario.case.events:
        driver.apply(event)
    assert verify._oracle_check(kind, scenario.result, driver) == "agrees"
    wrong = copy.deepcopy(scenario.result)
    ruling = next(r for r in wrong["rulings"] if r["kind"] == kind.value)
    ruling["laws"] = ["93"]
    for rect in ruling["rectifications"]:
        rect["law"] = "93"
    with pytest.raises(Rejected, match="play oracle"):
        verify._oracle_check(kind, wrong, driver)
