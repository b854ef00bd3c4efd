"""Bad input of every kind: exit status 2, exactly one line on standard error naming the file
and the line where there is one, and never a traceback."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Cli = Callable[..., tuple[int, str, str]]
WriteCase = Callable[..., Path]

DEAL = "N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742"
AUCTION = "".join(f"  - {e}\n" for e in
                  ["N P", "E P", "S 1S", "W P", "N 3S", "E P", "S 4S", "W P", "N P", "E P"])


def assert_one_line_error(status: int, out: str, err: str) -> str:
    assert status == 2, (status, out, err)
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert out == ""
    return err.strip()


# --------------------------------------------------------------------------- case files
FILE_ERRORS = [
    # (id, file name, text, line, fragment)
    ("bad YAML", "c.yaml", "board: 1\nevents:\n  - N 1H\n - E P\n", 4, "YAML"),
    ("bad JSON", "c.json", '{\n  "board": 1,\n  "events": ["N 1H",]\n}\n', 3, "JSON"),
    ("unknown call", "c.yaml", "board: 1\nevents:\n  - N 1H\n  - E P\n  - S 1Z\n", 5, "1Z"),
    ("unknown verb", "c.yaml", "board: 1\nevents:\n  - N 1H\n  - E jumps\n", 4, "jumps"),
    ("bad card", "c.yaml", f"board: 1\ndeal: '{DEAL}'\nevents:\n{AUCTION}  - W leads S1\n", 14,
     "S1"),
    ("board 0", "c.yaml", "format: 1\nboard: 0\n", 2, "board"),
    ("unknown field", "c.yaml", "board: 1\nwho: me\n", 2, "who"),
    ("missing board", "c.yaml", "events: []\n", 1, "board"),
    ("tricks 14", "c.yaml", "board: 1\ncontract: 4H\ndeclarer: E\ntricks: 14\n", 4, "14"),
    ("missing tricks", "c.yaml", "board: 1\ncontract: 4H\ndeclarer: E\n", 1, "tricks"),
    ("contract 8S", "c.yaml", "board: 1\ncontract: 8S\ndeclarer: E\ntricks: 9\n", 2, "8S"),
    ("unknown edition", "c.yaml", "edition: '1975'\nboard: 1\n", 1, "1975"),
    ("card not in hand", "c.yaml", f"board: 1\ndeal: '{DEAL}'\nevents:\n{AUCTION}  - W leads SA\n",
     14, "SA"),
    ("python tag", "c.yaml", "board: !!python/object:builtins.int 1\n", 1, "YAML"),
    ("accepts nothing", "c.yaml", "board: 1\nevents:\n  - N 1H\n  - E accepts\n", 4, "accept"),
]


@pytest.mark.parametrize(("name", "text", "line", "fragment"), [c[1:] for c in FILE_ERRORS],
                         ids=[c[0] for c in FILE_ERRORS])
def test_bad_case_file(cli: Cli, write_case: WriteCase, name: str, text: str, line: int,
                       fragment: str) -> None:
    path = write_case(text, name)
    for args in (("rule", str(path), "--json"), ("rule", str(path))):
        message = assert_one_line_error(*cli(*args))
        assert message.startswith(f"tdcourse: {path}:{line}: "), message
        assert fragment.lower() in message.lower()


def test_missing_file(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "missing.yaml"
    message = assert_one_line_error(*cli("rule", str(path), "--json"))
    assert message == f"tdcourse: {path}: no such file"


def test_directory(cli: Cli, tmp_path: Path) -> None:
    message = assert_one_line_error(*cli("rule", str(tmp_path), "--json"))
    assert message.startswith(f"tdcourse: {tmp_path}: ") and "directory" in message


def test_binary_file(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    path.write_bytes(b"\x80\x81\x82")
    message = assert_one_line_error(*cli("rule", str(path)))
    assert message.startswith(f"tdcourse: {path}")


# --------------------------------------------------------------------------- arguments
@pytest.mark.parametrize(("args", "fragment"), [
    (["score", "4HX", "E", "8", "--board", "0"], "board"),
    (["score", "4HX", "E", "8", "--board", "-3"], "board"),
    (["score", "4HX", "E", "8", "--board", "x"], "board"),
    (["score", "4HX", "E", "14"], "14"),
    (["score", "4HX", "E", "-1"], "-1"),
    (["score", "4HX", "E", "ten"], "ten"),
    (["score", "8S", "E", "8"], "8S"),
    (["score", "4Z", "E", "8"], "4Z"),
    (["score", "4H", "Q", "8"], "Q"),
    (["score", "4H", "E", "8", "--vul", "maybe"], "maybe"),
    (["score", "4H", "E", "8", "--board", "3", "--vul", "NS"], "--vul"),
    (["score", "4H", "E", "8", "--edition", "2027"], "2027"),
    (["score-table", "--edition", "2027"], "2027"),
    (["frobnicate"], "frobnicate"),
    ([], "command"),
    (["rule"], "case"),
    (["score", "4H"], "required"),
    (["score", "4H", "E"], "tricks"),
    (["rule", "x.yaml", "--lang", "fr"], "lang"),
    (["score", "4H", "E", "8", "--bogus"], "--bogus"),
])
def test_bad_arguments(cli: Cli, args: list[str], fragment: str) -> None:
    message = assert_one_line_error(*cli(*args))
    assert message.startswith("tdcourse")
    assert fragment.lower() in message.lower()


def test_through_a_real_process(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "generator.cli", *args],
                              capture_output=True, text=True, timeout=60, check=False)

    bad = tmp_path / "bad.yaml"
    bad.write_text("board: 1\nevents:\n  - N 1H\n  - E 1Z\n", encoding="utf-8")
    done = run("rule", str(bad), "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"tdcourse: {bad}:4: " + done.stderr.split(":4: ", 1)[1]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    done = run("score", "4HX", "E", "8", "--board", "5")
    assert done.returncode == 0 and "-300 for EW" in done.stdout and done.stderr == ""
    done = run("score", "4HX", "E", "8", "--board", "0")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
