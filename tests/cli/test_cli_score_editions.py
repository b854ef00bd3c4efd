"""``tdcourse score``, ``score-table``, ``imps`` and ``matchpoints`` under the 2017 code and with
``--edition both``. The Law 77 tables of the two codes agree under the 1987 reading the engine
takes (``generator/laws/law77.py``), so the assertions check that both codes are really computed
and reported, and the numbers a director checks by hand."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

Cli = Callable[..., tuple[int, str, str]]


def test_score_both_editions_text(cli: Cli) -> None:
    # 1NTXX four down, not vulnerable: (100 + 200 + 200 + 300) x 2 = 1600 in both codes
    status, out, err = cli("score", "1NTXX", "N", "3", "--edition", "both")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines == [
        "1987: 1NTXX by N, 3 tricks (4 down), not vulnerable: -1600 for NS (EW +1600)",
        "2017: 1NTXX by N, 3 tricks (4 down), not vulnerable: -1600 for NS (EW +1600)",
        "the same under both codes (Law 77)",
    ]


def test_score_both_editions_json(cli: Cli) -> None:
    # 4SXX made with an overtrick, vulnerable: 480 + 500 + 400 + 100 = 1480
    status, out, err = cli("score", "4SXX", "S", "11", "--vul", "Both", "--edition", "both",
                           "--json")
    assert (status, err) == (0, "")
    payload = json.loads(out)
    assert list(payload) == ["1987", "2017"]
    for edition, block in payload.items():
        assert block["edition"] == edition
        assert block["declarer_side"] == 1480 and block["NS"] == 1480 and block["EW"] == -1480
        assert block["vulnerable"] is True and block["contract"] == "4SXX"


def test_score_2017_alone(cli: Cli) -> None:
    # 3NTX five down, not vulnerable: 100 + 200 + 200 + 300 + 300 = 1100
    status, out, err = cli("score", "3NTX", "E", "4", "--edition", "2017", "--json")
    assert (status, err) == (0, "")
    payload = json.loads(out)
    assert payload["edition"] == "2017"
    assert payload["declarer_side"] == -1100 and payload["NS"] == 1100
    status, out, err = cli("score", "3NTX", "E", "4", "--edition", "2017")
    assert (status, err) == (0, "") and out.count("\n") == 1
    assert out.startswith("3NTX by E, 4 tricks (5 down)") and "-1100 for EW" in out


def test_score_table_2017(cli: Cli) -> None:
    status, out, err = cli("score-table", "--edition", "2017")
    assert (status, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 2940
    cell = {(r["level"], r["strain"], r["doubling"], r["vulnerable"], r["tricks"]):
            int(r["score"]) for r in rows}
    assert cell[("1", "NT", "redoubled", "no", "3")] == -1600
    assert cell[("1", "NT", "redoubled", "no", "7")] == 560  # 160 (a game) + 300 + 100
    assert cell[("6", "S", "undoubled", "yes", "12")] == 1430
    assert cell[("7", "NT", "redoubled", "yes", "13")] == 2980


def test_score_table_both_has_an_edition_column(cli: Cli) -> None:
    status, out, err = cli("score-table", "--edition", "both")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "edition,level,strain,doubling,vulnerable,tricks,score"
    assert len(lines) == 1 + 2 * 2940
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["edition"] for r in rows[:1]] == ["1987"] and rows[-1]["edition"] == "2017"
    assert sum(1 for r in rows if r["edition"] == "1987") == 2940
    by_edition: dict[str, list[tuple[str, ...]]] = {"1987": [], "2017": []}
    for r in rows:
        by_edition[r["edition"]].append(tuple(v for k, v in r.items() if k != "edition"))
    assert by_edition["1987"] == by_edition["2017"]  # the tables agree cell for cell
    # each edition's part is that edition's own table
    status, only_2017, _ = cli("score-table", "--edition", "2017")
    assert only_2017.splitlines()[1:] == [line.split(",", 1)[1] for line in lines[2941:]]


def test_imps_2017(cli: Cli) -> None:
    status, out, err = cli("imps", "1600", "-620", "--edition", "2017", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {"score1": 1600, "score2": -620, "difference": 2220, "imps": 19,
                               "edition": "2017"}


def test_matchpoints_2017_with_an_artificial_row(cli: Cli, tmp_path: Path) -> None:
    # four tables: A+ to NS gets 60% of the top 6 = 3.6 (12C2(a)); the three real scores are
    # compared among themselves (top 4) and scaled to 6: +620 beats two (4 -> 6), +170 one
    # (2 -> 3), -100 none (0)
    path = tmp_path / "board.csv"
    path.write_text("NS\n620\nA+\n170\n-100\n", encoding="utf-8")
    status, out, err = cli("matchpoints", str(path), "--edition", "2017", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == [{"NS": 6, "EW": 0}, {"NS": 3.6, "EW": 2.4},
                               {"NS": 3, "EW": 3}, {"NS": 0, "EW": 6}]


@pytest.mark.parametrize("command", [("imps", "620", "-100"), ("matchpoints", "x.csv")])
def test_imps_and_matchpoints_take_no_both(cli: Cli, command: tuple[str, ...]) -> None:
    """Comparing scores is one code at a time: ``both`` is refused as a usage error."""
    status, out, err = cli(*command, "--edition", "both")
    assert status == 2 and out == "" and "both" in err
