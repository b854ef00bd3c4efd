"""``tdcourse rule CASE --json`` on the sample cases: the output has the case format's fields and
meets the ``expect`` keys this foundation can satisfy."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.table import load_case

Cli = Callable[..., tuple[int, str, str]]

#: The ``expect`` keys checked here; ``law``, ``rectifications``, ``options`` and ``next`` are
#: the laws layer's and are checked with its cases.
FOUNDATION_KEYS = ("irregularity", "offender", "no_irregularities", "dealer", "vulnerable",
                   "declarer", "score")
OUTPUT_FIELDS = {"format", "edition", "irregularities", "rulings", "state", "score"}
STATE_FIELDS = {"phase", "next", "dealer", "vulnerable", "contract", "declarer"}
SEATS = {"N", "E", "S", "W"}


def rule_json(cli: Cli, path: Path) -> dict[str, Any]:
    status, out, err = cli("rule", str(path), "--json")
    assert status == 0, err
    assert err == ""
    return json.loads(out)  # type: ignore[no-any-return]


def test_rule_json_has_the_case_format_fields(cli: Cli, sample_case_path: Path) -> None:
    output = rule_json(cli, sample_case_path)
    assert set(output) >= OUTPUT_FIELDS
    assert output["format"] == 1
    assert output["edition"] == "1987"
    assert isinstance(output["irregularities"], list)
    assert isinstance(output["rulings"], list)
    state = output["state"]
    assert set(state) >= STATE_FIELDS
    assert state["phase"] in ("auction", "play", "ended")
    assert state["next"] is None or state["next"] in SEATS
    assert state["dealer"] in SEATS
    assert state["vulnerable"] in ("None", "NS", "EW", "Both")
    for irregularity in output["irregularities"]:
        assert {"kind", "seat", "event", "laws"} <= set(irregularity)
        assert irregularity["laws"] and all(isinstance(x, str) for x in irregularity["laws"])
    case = load_case(sample_case_path)
    assert state["dealer"] == str(case.dealer)
    assert state["vulnerable"] == str(case.vulnerability)
    if output["score"] is not None:
        score = output["score"]
        assert set(score) >= {"declarer_side", "NS", "EW"}
        assert score["NS"] == -score["EW"]


def test_rule_json_meets_the_foundation_expect_keys(cli: Cli, sample_case_path: Path,
                                                    expect_failures: Callable[..., list[str]]
                                                    ) -> None:
    expect = load_case(sample_case_path).expect
    assert isinstance(expect, dict)
    output = rule_json(cli, sample_case_path)
    assert expect_failures(expect, output, keys=FOUNDATION_KEYS) == []


@pytest.mark.parametrize(("name", "score"), [
    ("S05", {"declarer_side": 430, "NS": -430, "EW": 430}),
    ("S18", {"declarer_side": 990, "NS": -990, "EW": 990}),
    ("S31", {"declarer_side": -500, "NS": 500, "EW": -500}),
])
def test_scoring_cases_match_exactly(cli: Cli, cases_dir: Path, name: str,
                                     score: dict[str, int]) -> None:
    path = cases_dir / f"{name}.yaml"
    assert path.is_file(), f"sample case missing: {path}"
    output = rule_json(cli, path)
    assert output["score"] == score
    assert output["irregularities"] == []
    assert output["state"]["declarer"] == "W"
    assert output["state"]["phase"] == "ended"


def test_rule_json_of_a_scoring_case_written_here(cli: Cli, write_case: Callable[..., Path]
                                                  ) -> None:
    # board 5: NS vulnerable; 4HX by E (not vulnerable), two down: 300 to NS
    path = write_case("board: 5\ncontract: 4HX\ndeclarer: E\ntricks: 8\n")
    output = rule_json(cli, path)
    assert output["score"] == {"declarer_side": -300, "NS": 300, "EW": -300}
    assert output["state"]["contract"] == "4HX" and output["state"]["vulnerable"] == "NS"


def test_rule_json_of_a_played_out_board_has_a_score(cli: Cli,
                                                     write_case: Callable[..., Path]) -> None:
    deal = "N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742"
    events = ["N P", "E P", "S 1S", "W P", "N 3S", "E P", "S 4S", "W P", "N P", "E P",
              "W leads C4", "N plays C6", "E plays C8", "S plays CA", "S claims 12"]
    path = write_case(f"board: 1\ndeal: '{deal}'\nevents:\n" + "".join(f"  - {e}\n"
                                                                        for e in events))
    output = rule_json(cli, path)
    # 4S by S, none vulnerable, 13 tricks: 120 + 300 + 90 = 510
    assert output["score"] == {"declarer_side": 510, "NS": 510, "EW": -510}
    assert [i["kind"] for i in output["irregularities"]] == ["claim"]


def test_rule_json_of_a_passed_out_board(cli: Cli, write_case: Callable[..., Path]) -> None:
    path = write_case("board: 3\nevents: [S P, W P, N P, E P]\n")
    output = rule_json(cli, path)
    assert output["irregularities"] == []
    assert output["state"]["phase"] == "ended" and output["state"]["contract"] is None
    assert output["score"] == {"declarer_side": 0, "NS": 0, "EW": 0}


def test_rule_json_accepts_a_json_case(cli: Cli, write_case: Callable[..., Path],
                                       cases_dir: Path) -> None:
    import yaml

    source = cases_dir / "IB05.yaml"
    assert source.is_file(), f"sample case missing: {source}"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    path = write_case(json.dumps(data, indent=2), "IB05.json")
    assert rule_json(cli, path) == rule_json(cli, source)


def test_rule_text_output(cli: Cli, sample_case_path: Path) -> None:
    status, out, err = cli("rule", str(sample_case_path))
    assert status == 0, err
    assert out.strip() and err == ""
