"""``tdcourse imps`` (Law 78B) and ``tdcourse matchpoints`` (Laws 78A, 12C1): the values are
worked out by hand in each test, and every bad input is one located line with exit status 2."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

Cli = Callable[..., tuple[int, str, str]]


# --------------------------------------------------------------------------- imps
@pytest.mark.parametrize(("score1", "score2", "line"), [
    ("620", "-100", "+12"),   # 720: band 600-740 of the Law 78B scale
    ("-100", "620", "-12"),   # the same difference, the other side
    ("420", "450", "-1"),     # 30: band 20-40
    ("+620", "+170", "+10"),  # 450: band 430-490
    ("420", "430", "0"),      # 10: band 0-10
    ("1430", "-100", "+17"),  # 1530: band 1500-1740
    ("7600", "-7600", "+24"),  # 15200: 4000 and more
    ("500", "-620", "+15"),   # 1120: band 1100-1290
])
def test_imps_line(cli: Cli, score1: str, score2: str, line: str) -> None:
    status, out, err = cli("imps", score1, score2)
    assert (status, err) == (0, "")
    assert out == line + "\n"


def test_imps_json(cli: Cli) -> None:
    status, out, err = cli("imps", "620", "-100", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {"score1": 620, "score2": -100, "difference": 720, "imps": 12,
                               "edition": "1987"}


def test_imps_help_says_what_the_line_looks_like(cli: Cli) -> None:
    status, out, _ = cli("imps", "--help")
    assert status == 0
    assert "'+12' for 'tdcourse imps 620 -100'" in " ".join(out.split())


@pytest.mark.parametrize(("args", "problem"), [
    (("15", "620"), "score1: impossible score 15: every score is a multiple of 10"),
    (("620", "30"), "score2: impossible score 30: no contract and result score it (Law 77)"),
    (("620", "lots"), "score2: 'lots' is not a score"),
])
def test_imps_refuses_an_impossible_score(cli: Cli, args: tuple[str, str], problem: str) -> None:
    status, out, err = cli("imps", *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and problem in err and "Traceback" not in err


# --------------------------------------------------------------------------- matchpoints
def _traveller(tmp_path: Path, text: str, name: str = "board7.csv") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_matchpoints_of_a_plain_traveller(cli: Cli, tmp_path: Path) -> None:
    # Law 78A, six results, top 2 x 5 = 10. +650 beats all five: 10. +620 (two of them) beats
    # +500, +170, -100 (6) and ties the other +620 (1): 7 each. +500 beats two: 4. +170 one: 2.
    # -100: 0. East-West: the top minus North-South's.
    path = _traveller(tmp_path, "Table,Contract,NS\n1,4S N,+650\n2,4S N,+620\n3,4S S,620\n"
                      "4,5HX E,500\n5,3S N,170\n6,4S N,-100\n")
    status, out, err = cli("matchpoints", path, "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == [{"NS": 10, "EW": 0}, {"NS": 7, "EW": 3}, {"NS": 7, "EW": 3},
                               {"NS": 4, "EW": 6}, {"NS": 2, "EW": 8}, {"NS": 0, "EW": 10}]


def test_matchpoints_text_lines(cli: Cli, tmp_path: Path) -> None:
    path = _traveller(tmp_path, "NS\n+420\n-50\n")
    status, out, err = cli("matchpoints", path)
    assert (status, err) == (0, "")
    assert out.splitlines() == ["1\t+420\tNS 2\tEW 0\t(top 2)", "2\t-50\tNS 0\tEW 2\t(top 2)"]


def test_matchpoints_with_an_artificial_row(cli: Cli, tmp_path: Path) -> None:
    # Five rows, top 8. Row 4 is A+: North-South 60% of 8 = 4.8, East-West (A-) 40% = 3.2
    # (Law 12C1). The four real scores are compared among themselves (top 6) and scaled by 8/6:
    # +650 beats three: 6 -> 8; each +620 beats one, ties one: 3 -> 4; -100: 0 -> 0.
    path = _traveller(tmp_path, "Table,NS\n1,+620\n2,620\n3,650\n4,A+\n5,-100\n")
    status, out, err = cli("matchpoints", path, "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == [{"NS": 4, "EW": 4}, {"NS": 4, "EW": 4}, {"NS": 8, "EW": 0},
                               {"NS": 4.8, "EW": 3.2}, {"NS": 0, "EW": 8}]


def test_matchpoints_unscaled_reading(cli: Cli, tmp_path: Path) -> None:
    # The same traveller read without scaling: the real scores keep their matchpoints on the
    # top of the four real results, 6; the artificial row is still 60%/40% of the full top 8.
    path = _traveller(tmp_path, "Table,NS\n1,+620\n2,620\n3,650\n4,A+\n5,-100\n")
    status, out, _ = cli("matchpoints", path, "--json", "--unscaled")
    assert status == 0
    assert json.loads(out) == [{"NS": 3, "EW": 3}, {"NS": 3, "EW": 3}, {"NS": 6, "EW": 0},
                               {"NS": 4.8, "EW": 3.2}, {"NS": 0, "EW": 6}]


def test_matchpoints_average_and_average_minus(cli: Cli, tmp_path: Path) -> None:
    # Four rows, top 6: A gives 3 and 3 (50%), A- gives North-South 2.4 (40%) and East-West
    # 3.6 (60%); the two real scores are compared with each other (top 2) and scaled by 6/2.
    path = _traveller(tmp_path, "NS\nA\n-110\nA−\n140\n")
    status, out, _ = cli("matchpoints", path, "--json")
    assert status == 0
    assert json.loads(out) == [{"NS": 3, "EW": 3}, {"NS": 0, "EW": 6},
                               {"NS": 2.4, "EW": 3.6}, {"NS": 6, "EW": 0}]


@pytest.mark.parametrize(("text", "where", "problem"), [
    ("Table,Score\n1,+620\n", ":1:", "no NS column"),
    ("Table,NS\n1,+620\n2,fifty\n", ":3:", "'fifty' is not a score"),
    ("Table,NS\n1,+620\n2,15\n", ":3:", "impossible score 15: every score is a multiple of 10"),
    ("Table,NS\n1,+620\n2,30\n", ":3:", "impossible score 30"),
    ("Table,NS\n1,+620\n2,A++\n", ":3:", "'A++' is not a score"),
    ("Table,NS\n1,+620\n2,\n", ":3:", "no score in the NS column"),
    ("Table,NS\n", ": ", "an empty traveller"),
    ("", ":1:", "an empty traveller"),
])
def test_matchpoints_refuses_bad_input(cli: Cli, tmp_path: Path, text: str, where: str,
                                       problem: str) -> None:
    path = _traveller(tmp_path, text)
    status, out, err = cli("matchpoints", path)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "board7.csv" + where in err and problem in err


def test_matchpoints_refuses_a_missing_file(cli: Cli, tmp_path: Path) -> None:
    status, out, err = cli("matchpoints", str(tmp_path / "nowhere.csv"))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "nowhere.csv: no such file" in err
