"""The second edition's plumbing: judgement events, stated meanings, the 23A decision, the
registry's sharing view, and the command line's ``--edition`` / ``diff`` (spec 2017 §11)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import InputError, ParseError
from generator.laws import law23
from generator.laws.editions import differences, rule_both, side_by_side
from generator.laws.refs import EDITIONS, law_index
from generator.laws.ruler import sharing
from generator.model.meaning import parse_meaning
from generator.model.seat import Seat
from generator.table.case import parse_case
from generator.table.events import Judgement, parse_event

MINI = """format: 1
edition: "2017"
board: 7
events:
  - N 1S
  - E 1H
  - S refuses
  - E 2H
meanings:
  1:
    attributable:
      - {label: "1H overcall", hcp: [8, 16], suits: {H: [5, 13]}, forcing: false}
      - {label: "1H opening", hcp: [11, 21], suits: {H: [5, 13]}}
  3: {label: "2H overcall", hcp: [10, 16], suits: {H: [5, 13]}, forcing: false}
"""


@pytest.mark.parametrize(("text", "expected"), [
    ("director comparable", Judgement("comparable")),
    ("director comparable 23A2", Judgement("comparable", "23A2")),
    ("director not_comparable", Judgement("not_comparable")),
    ("director specifies h s", Judgement("specifies", suits=("S", "H"))),
    ("director specifies none", Judgement("specifies")),
    ("director damaged 23C", Judgement("damaged", "23C")),
    ("director no_damage 64C", Judgement("no_damage", "64C")),
    ("director unintended", Judgement("unintended")),
])
def test_judgement_events_parse_and_print_back(text: str, expected: Judgement) -> None:
    event = parse_event(text)
    assert event == expected
    assert parse_event(str(event)) == event


@pytest.mark.parametrize("text", ["director damaged", "director specifies X",
                                  "director not_comparable 23A", "director comparable 99Z",
                                  "director unintended now"])
def test_a_malformed_judgement_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_event(text)


def test_meanings_are_read_by_event_number_and_written_back() -> None:
    case = parse_case(MINI, "mini.yaml")
    meanings = dict(case.meanings)
    assert set(meanings) == {1, 3}
    assert len(meanings[1].attributable) == 2
    assert meanings[3].specified() == frozenset({"H"})
    again = parse_case(json.dumps(case.to_dict()), "again.json")
    assert again.meanings == case.meanings


@pytest.mark.parametrize(("block", "line", "words"), [
    ("meanings:\n  9: {hcp: [1, 2]}\n", 10, "0 to 3"),
    ("meanings:\n  1: {hcp: [16, 8]}\n", 10, "min <= max"),
    ("meanings:\n  1: {colour: red}\n", 10, "unknown key"),
    ("meanings:\n  1: {suits: {X: [1, 2]}}\n", 10, "suits"),
])
def test_a_bad_meaning_is_one_located_error(block: str, line: int, words: str) -> None:
    head = MINI.split("meanings:")[0]
    with pytest.raises(InputError) as info:
        parse_case(head + block, "bad.yaml")
    assert info.value.line == line and words in str(info.value)


def test_23A_is_decided_from_stated_meanings_as_the_spec_mini_cases_say() -> None:
    """Spec 2017 §11.3, cases 1 and 2: 2H (10-16, 5+ hearts) lies inside the attributable
    1H overcall (8-16, 5+ hearts): comparable by 23A2; 2NT (15-18 balanced) is not."""
    meanings = dict(parse_case(MINI, "mini.yaml").meanings)
    assert law23.decide(meanings[1], meanings[3]) == (True, "23A2")
    natural_2nt = parse_meaning({"hcp": [15, 18], "suits": {"H": [2, 5]}})
    assert law23.decide(meanings[1], natural_2nt) == (False, "23A")
    ask = parse_meaning({"purpose": "ask"})
    assert law23.decide(parse_meaning({"purpose": "ask", "hcp": [11, 40]}), ask) == \
        (True, "23A3")
    assert law23.decide(None, natural_2nt) is None  # nothing stated: the director judges


def test_the_2017_index_holds_the_new_clauses_and_not_the_1987_only_ones() -> None:
    index = law_index("2017")
    assert {"23A1", "23A2", "23A3", "23B", "23C", "27B1a", "27B1b", "27D", "64B6"} <= set(index)
    assert not {"25B2b1", "26A1", "30B3", "86A"} & set(index)
    for entry in index.values():
        assert entry.title("en") and entry.title("ru")


def test_the_registry_says_for_every_kind_how_the_editions_share_its_rule() -> None:
    rows = sharing()
    assert "insufficient_bid" in rows
    for row in rows.values():
        assert row["status"] in ("shared", "differs") or row["status"].endswith(" only")
        assert any(e in row for e in EDITIONS)


def test_both_editions_of_a_regular_auction_agree_and_print_side_by_side() -> None:
    case = parse_case("format: 1\nboard: 1\nevents: [N 1S, E 2C, S P]\n", "plain.yaml")
    results = rule_both(case)
    assert list(results) == list(EDITIONS)
    assert {r["edition"] for r in results.values()} == set(EDITIONS)
    assert differences(results, "en") == [] and differences(results, "ru") == []
    text = side_by_side("a\nb", "c", ["L", "R"], width=4)
    assert text.splitlines()[2:] == ["a    | c", "b    |"]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True,
                          text=True, check=False)


def test_rule_edition_both_prints_one_object_per_edition(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    path.write_text("format: 1\nboard: 1\nevents: [N 1S, E 2C, S P]\n", encoding="utf-8")
    done = _cli("rule", str(path), "--edition", "both", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert list(out) == ["1987", "2017"] and out["2017"]["edition"] == "2017"
    text = _cli("rule", str(path), "--edition", "both")
    assert "Laws of 1987" in text.stdout and "Laws of 2017" in text.stdout
    same = _cli("diff", str(path), "--lang", "ru")
    assert same.returncode == 0 and "одинаково" in same.stdout


def test_2017_26B_counts_the_suits_the_offender_specified_from_meanings_and_findings() -> None:
    """Spec 2017 §5.4: a suit is specified by what the call shows; without a stated meaning the
    engine takes a natural bid's strain and says it assumed it (flag 26B)."""
    from generator.laws import law26
    from generator.laws.ruler import LawRuler
    from generator.table.detect import replay

    def table(extra: str = "", meanings: str = "") -> object:
        text = ("format: 1\nedition: \"2017\"\nboard: 1\nevents: [N 1S, E 2C, S P, W 3NT"
                f"{extra}]\n{meanings}")
        return replay(parse_case(text, "t.yaml"), LawRuler("2017"))

    plain = table()
    assert law26.specified_suits(plain, Seat.parse("E")) == ({"C"}, True)  # type: ignore[arg-type]
    assert law26.specified_suits(plain, Seat.parse("W")) == (set(), False)  # type: ignore[arg-type]
    stated = table(meanings="meanings:\n  1: {suits: {D: [5, 13], H: [4, 13]}}\n")
    assert law26.specified_suits(stated, Seat.parse("E")) == ({"D", "H"}, False)  # type: ignore[arg-type]
    judged = table(extra=", director specifies S")
    assert law26.specified_suits(judged, Seat.parse("W")) == ({"S"}, False)  # type: ignore[arg-type]
    assert law26.restriction_class("2017") is law26.LeadRestriction2017
    assert law26.restriction_class("1987") is law26.LeadRestriction
    assert law26.LEAD_26B_MAY == ("prohibit",)


def test_an_assigned_result_must_score_at_the_boards_vulnerability() -> None:
    """Board 4 (both vulnerable): 4S making is 620, so "4S= NS+420" is refused with the line."""
    text = ("format: 1\nboard: 4\nevents:\n  - W 1S\n  - N 2D\n  - E 1H\n  - S refuses\n"
            "  - E 3H\n  - director adjust assigned \"4S= NS+420\"\n")
    with pytest.raises(InputError) as info:
        from generator.laws.engine import analyse

        analyse(parse_case(text, "adj.yaml"))
    assert "NS+620" in str(info.value)
