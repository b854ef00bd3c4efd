"""The ``expect`` matcher (``generator.casecheck``, through the fixtures of tests/conftest.py)
follows the rules of the case format (tests/cases/samples/README.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Match = Callable[[Any, Any], bool]
Failures = Callable[..., list[str]]

OUTPUT: dict[str, Any] = {
    "format": 1,
    "edition": "1987",
    "irregularities": [
        {"kind": "insufficient_bid", "seat": "E", "event": 1, "laws": ["27"]},
    ],
    "rulings": [{
        "irregularity": 0,
        "laws": ["27B2", "26A2", "23"],
        "options": [{"seat": "S", "ids": ["accept", "refuse"],
                     "rectifications": [{"kind": "call_stands", "law": "27A"}]}],
        "rectifications": [
            {"kind": "must_pass", "seat": "W", "scope": "throughout", "law": "27B2"},
            {"kind": "lead_restriction", "seat": "W", "chooser": "declarer", "suits": ["H"],
             "may": ["require", "prohibit"], "law": "26A2"},
            {"kind": "penalty_card", "seat": "E", "card": "D5", "major": True, "law": "50"},
        ],
    }],
    "state": {"phase": "auction", "next": "S", "dealer": "N", "vulnerable": "NS",
              "contract": None, "declarer": None},
    "score": None,
}


# --------------------------------------------------------------------------- patterns
@pytest.mark.parametrize(("pattern", "actual", "expected"), [
    ({"kind": "must_pass"}, {"kind": "must_pass", "seat": "W"}, True),           # subset
    ({"kind": "must_pass", "seat": "E"}, {"kind": "must_pass", "seat": "W"}, False),
    ({"kind": "must_pass", "x": 1}, {"kind": "must_pass"}, False),               # missing field
    ({"seat": "w"}, {"seat": "W"}, True),                                        # seat case
    ({"suits": ["h", "S"]}, {"suits": ["s", "H"]}, True),                        # suits, order
    ({"suits": ["H"]}, {"suits": ["H", "S"]}, False),                            # same elements
    ({"suits": ["H", "H"]}, {"suits": ["H", "S"]}, False),
    ({"card": "d5"}, {"card": "D5"}, True),                                      # card's suit
    ({"card": "DT"}, {"card": "D9"}, False),
    ({"kind": "Must_pass"}, {"kind": "must_pass"}, False),                       # kinds exact
    ({"scope": "Throughout"}, {"scope": "throughout"}, False),
    ({"major": True}, {"major": 1}, False),                                      # bool exact
    ({"major": 1}, {"major": True}, False),
    ({"major": False}, {"major": False}, True),
    ({"tricks": 2}, {"tricks": 2}, True),
    ({"tricks": 2}, {"tricks": "2"}, False),                                     # numbers exact
    ({"tricks": 2}, {"tricks": 3}, False),
    ({"next": None}, {"next": None}, True),
    ({"next": None}, {"next": "N"}, False),
    ({"may": ["require", "prohibit"]}, {"may": ["prohibit", "require"]}, True),
    ({"values": {"NS": 60}}, {"values": {"NS": 60, "EW": 40}}, True),            # nested subset
    ({"values": {"NS": 60}}, {"values": {"NS": 40}}, False),
    ([{"seat": "s"}], [{"seat": "S", "ids": ["accept"]}], True),                 # list of dicts
    ({"kind": "x"}, "x", False),
])
def test_pattern_matching(pattern_matches: Match, pattern: Any, actual: Any,
                          expected: bool) -> None:
    assert pattern_matches(pattern, actual) is expected


@pytest.mark.parametrize(("ref", "cited", "expected"), [
    ("27", "27", True),
    ("27", "27B2", True),
    ("27B", "27B2", True),
    ("27B2", "27B2", True),
    ("27B", "27A", False),
    ("27B2", "27B", False),       # the pattern is more specific than the citation
    ("2", "27B2", False),         # law 2 is not law 27
    ("27", "2", False),
    ("27", "270", False),
    (27, "27B1", True),           # YAML may give the number as an int
    ("64A1", "64A", False),
    ("64", "64C", True),
])
def test_law_matching(law_matches: Match, ref: Any, cited: str, expected: bool) -> None:
    assert law_matches(ref, cited) is expected


# --------------------------------------------------------------------------- expect blocks
@pytest.mark.parametrize("expect", [
    {"irregularity": "insufficient_bid"},
    {"irregularity": "insufficient_bid", "offender": "e"},
    {"absent_irregularities": [{"kind": "revoke"}, {"kind": "insufficient_bid", "seat": "W"}]},
    {"law": "27B"},
    {"law": ["27B2", "26A", "23", "50"]},
    {"law": 27},
    {"rectifications": [{"kind": "must_pass", "seat": "W", "scope": "throughout"},
                        {"kind": "lead_restriction", "suits": ["h"]}]},
    {"rectifications": [{"kind": "penalty_card", "card": "d5", "major": True}]},
    {"no_rectification_kinds": ["trick_transfer", "call_stands"]},  # call_stands: only in options
    {"absent_rectifications": [{"kind": "must_pass", "seat": "W", "scope": "next_turn"}]},
    {"options": [{"seat": "s", "ids": ["refuse", "accept"]}]},
    {"options": [{"seat": "S"}]},
    {"next": "s", "dealer": "N", "vulnerable": "NS", "declarer": None},
])
def test_expect_blocks_that_hold(expect_failures: Failures, expect: dict[str, Any]) -> None:
    assert expect_failures(expect, OUTPUT) == []


@pytest.mark.parametrize("expect", [
    {"irregularity": "change_of_call"},
    {"irregularity": "insufficient_bid", "offender": "W"},
    {"offender": "N"},
    {"no_irregularities": True},
    {"absent_irregularities": [{"kind": "insufficient_bid"}]},
    {"law": "27A"},
    {"law": ["27B2", "64"]},
    {"law": "2"},
    {"rectifications": [{"kind": "must_pass", "seat": "W", "scope": "next_turn"}]},
    {"rectifications": [{"kind": "call_stands"}]},         # under options: does not count
    {"rectifications": [{"kind": "lead_restriction", "suits": ["H", "S"]}]},
    {"rectifications": [{"kind": "penalty_card", "major": False}]},
    {"no_rectification_kinds": ["must_pass"]},
    {"absent_rectifications": [{"kind": "lead_restriction"}]},
    {"options": [{"seat": "S", "ids": ["accept"]}]},       # lists must have the same elements
    {"options": [{"seat": "N"}]},
    {"next": "N"},
    {"dealer": "E"},
    {"vulnerable": "ns"},                                  # only seats and suits are lenient
    {"declarer": "S"},
    {"score": {"NS": 100}},
    {"colour": "red"},                                     # unknown keys are failures
])
def test_expect_blocks_that_fail(expect_failures: Failures, expect: dict[str, Any]) -> None:
    assert expect_failures(expect, OUTPUT) != []


def test_score_and_no_irregularities(expect_failures: Failures) -> None:
    output = {"irregularities": [], "rulings": [], "state": {"declarer": "W"},
              "score": {"declarer_side": 430, "NS": -430, "EW": 430}}
    assert expect_failures({"no_irregularities": True, "score": {"NS": -430}}, output) == []
    assert expect_failures({"score": {"declarer_side": 430, "NS": -430, "EW": 430},
                            "declarer": "w"}, output) == []
    assert expect_failures({"score": {"NS": 430}}, output) != []
    assert expect_failures({"score": {"NS": -430.5}}, output) != []


def test_keys_limit_the_check(expect_failures: Failures) -> None:
    expect = {"irregularity": "insufficient_bid", "law": "99", "next": "W"}
    assert expect_failures(expect, OUTPUT, keys=["irregularity"]) == []
    assert len(expect_failures(expect, OUTPUT, keys=["irregularity", "law"])) == 1
    assert len(expect_failures(expect, OUTPUT)) == 2
    assert expect_failures({"bogus": 1}, OUTPUT, keys=["irregularity"]) != []
