"""Laws 23, 25 and 27 under the 2017 code: the comparable-call service of ``law23`` that the
laws replacing a withdrawn call use, and the readings of Laws 25 and 27 kept as switches
(spec 2017 §5.1, §5.3, §5.5, §11)."""

from __future__ import annotations

from typing import Any

import pytest

from generator.laws import law23, law25, law27
from generator.laws.engine import analyse
from generator.laws.ruler import REGISTRY, LawRuler
from generator.table.case import parse_case
from generator.table.detect import replay
from generator.table.events import Judgement
from generator.table.irregularities import Kind
from generator.table.state import Table

MEANINGS = """meanings:
  1:
    attributable:
      - {hcp: [8, 16], suits: {H: [5, 13]}}
      - {hcp: [11, 21], suits: {H: [5, 13]}}
  3: {hcp: [15, 18], suits: {H: [2, 5]}}
"""


def case(events: str, extra: str = "") -> str:
    return f'format: 1\nedition: "2017"\nboard: 1\nevents: [{events}]\n{extra}'


def table_of(events: str, extra: str = "") -> tuple[Table, LawRuler]:
    ruler = LawRuler("2017")
    return replay(parse_case(case(events, extra), "t.yaml"), ruler), ruler


def ruling(events: str, extra: str = "", kind: str = "insufficient_bid") -> dict[str, Any]:
    out = analyse(parse_case(case(events, extra), "t.yaml"))
    return next(r for r in out["rulings"] if r["kind"] == kind)


def test_2017_registers_its_own_rules_for_laws_25_and_27_and_the_modules_say_so() -> None:
    assert REGISTRY[("2017", Kind.INSUFFICIENT_BID)] is law27.InsufficientBid2017
    assert REGISTRY[("1987", Kind.INSUFFICIENT_BID)] is law27.InsufficientBid
    assert REGISTRY[("2017", Kind.CHANGE_OF_CALL)] is law25.ChangeOfCall2017
    assert law25.EDITIONS == law27.EDITIONS == ("1987", "2017")


def test_decision_takes_the_directors_finding_before_the_meanings() -> None:
    """23A is the director's judgement: his finding on the replacement (the call just before
    it) wins; the meanings decide only without one."""
    table, _ = table_of("N 1S, E 1H, S refuses, E 2NT", MEANINGS)
    assert law23.decision(table, 1, 3) == (False, "23A")
    found, _ = table_of("N 1S, E 1H, S refuses, E 2NT, director comparable 23A1", MEANINGS)
    assert law23.finding(found, 3) == Judgement("comparable", "23A1")
    assert law23.decision(found, 1, 3) == (True, "23A1")
    bare, _ = table_of("N 1S, E 1H, S refuses, E 2NT")
    assert law23.decision(bare, 1, 3) is None


def test_a_finding_after_a_later_call_is_not_about_the_replacement() -> None:
    table, _ = table_of("N 1S, E 1H, S refuses, E 2NT, S P, director comparable")
    assert law23.finding(table, 3) is None


def test_judge_cites_the_clause_on_the_rules_ruling() -> None:
    table, ruler = table_of("N 1S, E 1H, S refuses, E 3H",
                            MEANINGS.replace("{hcp: [15, 18], suits: {H: [2, 5]}}",
                                             "{hcp: [11, 15], suits: {H: [6, 13]}}"))
    rule = ruler.rules[0]
    assert law23.judge(rule, table, 1, 3) is True
    assert "23A2" in rule.ruling.laws


def test_an_open_judgement_offers_both_branches_and_the_finding_applies_one() -> None:
    """Without meanings the TD's two options carry their previews; ``director not_comparable``
    settles the choice, drops the 23A flag and puts the real bar on the table."""
    open_ruling = ruling("N 1S, E 1H, S refuses, E 2D")
    (td,) = [c for c in open_ruling["options"] if c["seat"] == "TD"]
    assert td["ids"] == ["comparable", "not_comparable"]
    assert td["rectifications"]["comparable"] == [{"kind": "no_rectification", "law": "27B1b"}]
    assert {"reason": "comparable_call_judgement", "law": "23A"} in open_ruling["flags"]
    table, ruler = table_of("N 1S, E 1H, S refuses, E 2D, director not_comparable")
    rule = ruler.rules[0]
    assert [(str(b.seat), b.scope, b.law) for b in table.bars] == [("W", "throughout", "27B2")]
    assert not any(f["reason"] == "comparable_call_judgement" for f in rule.ruling.flags)
    assert sum(r.kind == "must_pass" for r in rule.ruling.rectifications) == 1


def test_a_finding_against_the_meanings_takes_the_branch_back() -> None:
    """Meanings made 2NT not comparable (bar, 26B); the director finds it comparable: the bar,
    the lead restriction and their flags go, and 27B1(b) comes."""
    table, ruler = table_of("N 1S, E 1H, S refuses, E 2NT, director comparable", MEANINGS)
    rule = ruler.rules[0]
    assert table.bars == [] and table.lead_restrictions == []
    kinds = [r.kind for r in rule.ruling.rectifications]
    assert "must_pass" not in kinds and "lead_restriction" not in kinds
    assert "no_rectification" in kinds and "27B2" not in rule.ruling.laws
    assert not any(f["reason"] == "enforced_pass_may_damage" for f in rule.ruling.flags)
    assert rule.comparability is not None and rule.comparability.verdict is True


def test_a_double_found_comparable_after_the_meanings_cancelled_it_stands_again() -> None:
    extra = "meanings:\n  1: {suits: {C: [5, 13]}}\n  3: {suits: {S: [5, 13]}}\n"
    table, _ = table_of("N 1D, E 1C, S refuses, E X", extra)
    assert table.next is not None and str(table.next) == "E"  # cancelled: East replaces it
    table, _ = table_of("N 1D, E 1C, S refuses, E X, director comparable", extra)
    assert [e.status for e in table.entries] == ["standing", "cancelled", "standing"]
    assert table.pending is None and str(table.next) == "S"


def test_damage_findings_answer_the_end_of_play_flag() -> None:
    damaged = ruling("N 1S, E 1H, S refuses, E 2H, director damaged 27D")
    assert {"kind": "adjusted_score", "law": "27D"} in damaged["rectifications"]
    assert "12C1b" in damaged["laws"]
    fine = ruling("N 1S, E 1H, S refuses, E 2H, director no_damage 27D")
    assert {"kind": "score_stands", "law": "27D"} in fine["rectifications"]
    other = ruling("N 1S, E 1H, S refuses, E 2H, director damaged 23C")
    assert not any(r["kind"] == "adjusted_score" for r in other["rectifications"])


def test_comparable_call_is_the_23B_bookkeeping() -> None:
    from generator.laws.ruling import Ruling

    r = Ruling(0, "2017", "bid_out_of_rotation", None)
    r.note("ui_withdrawn_call", "16C2", seat="S")
    law23.comparable_call(r, "23A2")
    assert r.laws[:2] == ["16C2", "23A2"] and "23B" in r.laws
    assert [n["topic"] for n in r.notes] == []
    assert r.flags == [{"reason": "comparable_call_damage_check", "law": "23C"}]
    assert [x.kind for x in r.rectifications] == ["no_rectification"]


@pytest.mark.parametrize(("bars", "expected"), [(True, ["throughout"]), (False, [])])
def test_27B3_reading_switch(monkeypatch: pytest.MonkeyPatch, bars: bool,
                             expected: list[str]) -> None:
    """After a double found not comparable, the cheapest heart bid: partner stays barred by
    the reading taken; with the switch off the 27B1(a) bid frees him."""
    monkeypatch.setattr(law27, "B3_BARS_WHATEVER_FOLLOWS", bars)
    out = ruling("N 1S, E 1H, S refuses, E X, director not_comparable, E 2H")
    assert [r["scope"] for r in out["rectifications"] if r["kind"] == "must_pass"] == expected


@pytest.mark.parametrize(("bars", "expected"), [(False, []), (True, ["throughout"])])
def test_27B4_accepted_switch(monkeypatch: pytest.MonkeyPatch, bars: bool,
                              expected: list[str]) -> None:
    monkeypatch.setattr(law27, "ACCEPTED_SECOND_IB_BARS", bars)
    out = ruling("N 1S, E 1H, S refuses, E 1D, S accepts")
    assert [r["scope"] for r in out["rectifications"] if r["kind"] == "must_pass"] == expected


def test_25B2_has_no_bars_and_gives_the_turn_to_the_next_player() -> None:
    table, ruler = table_of("N 1S, E P, E changes 2H, S refuses")
    assert table.bars == [] and str(table.next) == "S"
    assert [str(e.call) for e in table.entries if e.status == "standing"] == ["1S", "P"]
    laws = ruler.rules[0].ruling.laws
    assert "25B2" in laws and not any(law.startswith("25B2b") for law in laws)


def test_25A_intended_finding_turns_the_correction_into_a_cancelled_change() -> None:
    table, _ = table_of("N 1S, E 2C, E changes 2D inadvertent, director intended")
    assert [str(e.call) for e in table.entries if e.status == "standing"] == ["1S", "2C"]


def test_a_pass_at_partners_turn_says_what_the_offenders_next_call_decides() -> None:
    """30B1: while the offender's own next call is to come, the explanation says what it
    decides (comparable: nothing more; not comparable: partner passes once and 26B may follow);
    once that call is judged, the note gives way to the ruling on it."""
    waiting = ruling("N 1S, W P, N refuses", kind="pass_out_of_rotation")
    assert [n["topic"] for n in waiting["notes"]].count("pass_30b1_to_come") == 1
    assert "26B" in waiting["explanation"]["en"] and "comparable" in waiting["explanation"]["en"]
    assert "26B" in waiting["explanation"]["ru"]
    judged = ruling("N 1S, W P, N refuses, E P, S P, W 2H, director comparable",
                    kind="pass_out_of_rotation")
    assert all(n["topic"] != "pass_30b1_to_come" for n in judged["notes"])
