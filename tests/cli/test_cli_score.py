"""``tdcourse score`` and ``tdcourse score-table``."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

import pytest

Cli = Callable[..., tuple[int, str, str]]


def test_score_on_board_5(cli: Cli) -> None:
    # board 5: NS vulnerable, so E is not: 4HX two down doubled non-vulnerable = 100 + 200
    status, out, err = cli("score", "4HX", "E", "8", "--board", "5")
    assert status == 0 and err == ""
    assert out.count("\n") == 1
    assert "-300 for EW" in out
    assert "NS +300" in out
    assert "not vulnerable" in out


def test_score_vulnerable_both(cli: Cli) -> None:
    # vulnerable: 200 + 300
    status, out, err = cli("score", "4HX", "E", "8", "--vul", "Both")
    assert status == 0 and err == ""
    assert "-500 for EW" in out and "NS +500" in out


def test_score_json(cli: Cli) -> None:
    status, out, err = cli("score", "4HX", "E", "8", "--board", "5", "--json")
    assert status == 0 and err == ""
    payload = json.loads(out)
    assert payload["EW"] == -300 and payload["NS"] == 300 and payload["declarer_side"] == -300
    assert payload["vulnerable"] is False
    assert payload["contract"] == "4HX" and payload["declarer"] == "E" and payload["tricks"] == 8


@pytest.mark.parametrize(("args", "declarer_side", "ns"), [
    (["3NT", "W", "10", "--board", "2"], 430, -430),       # S05: W not vulnerable on board 2
    (["4SX", "W", "11", "--board", "6"], 990, -990),       # S18
    (["4SX", "W", "7", "--board", "2"], -500, 500),        # S31
    (["4H", "N", "10", "--vul", "NS"], 620, 620),
    (["4H", "N", "10", "--vul", "EW"], 420, 420),          # N not vulnerable
    (["4H", "N", "10", "--vul", "no"], 420, 420),
    (["4H", "N", "10", "--vul", "yes"], 620, 620),
    (["4H", "N", "10"], 420, 420),                         # default: not vulnerable
    (["7NTXX", "S", "13", "--board", "4"], 2980, 2980),    # board 4: both vulnerable
    (["1C", "e", "0", "--vul", "none"], -350, 350),
])
def test_score_values(cli: Cli, args: list[str], declarer_side: int, ns: int) -> None:
    status, out, err = cli("score", *args, "--json")
    assert status == 0, err
    payload = json.loads(out)
    assert payload["declarer_side"] == declarer_side
    assert payload["NS"] == ns and payload["EW"] == -ns


def test_score_table(cli: Cli) -> None:
    status, out, err = cli("score-table", "--edition", "1987")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2941
    assert lines[0] == "level,strain,doubling,vulnerable,tricks,score"
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 2940
    keys = {(r["level"], r["strain"], r["doubling"], r["vulnerable"], r["tricks"]) for r in rows}
    assert len(keys) == 2940  # every cell once: 7 levels x 5 strains x 3 x 2 x 14 tricks
    assert {r["strain"] for r in rows} == {"C", "D", "H", "S", "NT"}
    assert {r["doubling"] for r in rows} == {"undoubled", "doubled", "redoubled"}
    assert {r["vulnerable"] for r in rows} == {"yes", "no"}
    assert {int(r["tricks"]) for r in rows} == set(range(14))
    cell = {k: int(r["score"]) for k, r in zip(
        [(r["level"], r["strain"], r["doubling"], r["vulnerable"], r["tricks"]) for r in rows],
        rows, strict=True)}
    assert cell[("3", "NT", "undoubled", "no", "10")] == 430
    assert cell[("4", "S", "doubled", "yes", "11")] == 990
    assert cell[("4", "H", "doubled", "no", "8")] == -300
    assert cell[("7", "NT", "redoubled", "yes", "13")] == 2980
    status, default_out, _ = cli("score-table")
    assert status == 0 and default_out == out
