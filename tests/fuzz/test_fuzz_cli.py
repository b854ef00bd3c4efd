"""Every subcommand with bad paths and bad option values: each is refused with exit status 2 and
one line (naming the path or the option), never a traceback, within the harness's bounds.

Kinds of bad path: missing; a file where a folder is wanted and a folder where a file is; a path
under a regular file (``file/x``: the system answers "not a directory"); the empty string; a
path with a NUL character (only :func:`~fuzz.harness.call_cli` can pass one: a real command
line cannot hold it). A read-only folder cannot be tested here: the tests run as root, whom
permission bits do not stop, and no read-only mount is available; a path under a regular file
is the case of a folder that cannot be written, and it is tested for every output.

Bad option values: negative, zero, huge, non-numeric, and lists that name nothing (``,``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzz.harness import assert_refused, call_cli

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "cases" / "samples" / "RV01.yaml"


@pytest.fixture(scope="module", autouse=True)
def _imported() -> None:
    """Import what the commands import, once: the time bound is for refusing, not importing."""
    import generator.casecheck
    import generator.export.gift
    import generator.export.moodle
    import generator.export.pbn
    import generator.laws.coverage
    import generator.laws.engine
    import generator.scenarios.bank  # noqa: F401


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A working folder (the current directory, with no quizzes or bank) holding a regular
    file and an empty folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file.txt").write_text("not a folder\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    return {"file": tmp_path / "file.txt", "folder": tmp_path / "folder",
            "missing": tmp_path / "missing", "under": tmp_path / "file.txt" / "x"}


#: (command line with {p} for the path, kinds of bad path it must refuse)
PATHS: list[tuple[str, tuple[str, ...]]] = [
    ("rule {p}", ("missing", "folder", "under", "empty")),
    ("check {p}", ("missing", "folder", "under", "empty")),
    ("verify {p}", ("missing", "file", "folder", "under", "empty")),
    ("coverage --cases {p}", ("missing", "file", "under")),
    ("coverage --cases tests/none --out {p}", ("folder", "under")),
    ("export --format gift --bank {p}", ("file", "under", "folder")),
    ("export --format moodle --bank {p}", ("missing",)),
    ("generate --count 1 --workers 1 --quiet --out {p}", ("file", "under")),
    ("build --root {p}", ("missing", "file", "under", "empty")),
]


def _cases() -> list[tuple[str, str]]:
    return [(line, kind) for line, kinds in PATHS for kind in kinds]


@pytest.mark.parametrize(("line", "kind"), _cases(), ids=lambda v: str(v).split(" {")[0])
def test_a_bad_path_is_refused(line: str, kind: str, place: dict[str, Path]) -> None:
    path = "" if kind == "empty" else str(place[kind])
    argv = [path if word == "{p}" else word for word in line.split()]
    result = call_cli(argv)
    named = None if kind == "empty" else str(place["file"]) if kind == "under" else path
    assert_refused(result, named)


@pytest.mark.parametrize("line", [line for line, _ in PATHS] + ["score 4H N 10 --vul {p}"],
                         ids=lambda v: v.split(" {")[0])
def test_a_nul_in_any_argument_is_refused(line: str, place: dict[str, Path]) -> None:
    argv = ["a\0b" if word == "{p}" else word for word in line.split()]
    assert_refused(call_cli(argv), "NUL")


def test_check_refuses_a_folder_without_cases(place: dict[str, Path]) -> None:
    """``check`` on an empty folder once said "0 passed, 0 failed" and succeeded."""
    (place["folder"] / "notes.txt").write_text("no case here\n", encoding="utf-8")
    result = call_cli(["check", str(place["folder"])])
    assert_refused(result, place["folder"])
    assert "no case file" in result.stderr


def test_build_never_creates_its_root(place: dict[str, Path]) -> None:
    """``build --root`` on a missing path once created it and reported success."""
    assert_refused(call_cli(["build", "--root", str(place["missing"])]), place["missing"])
    assert not place["missing"].exists()


#: bad option values: (command line, the text the message must contain, or None)
OPTIONS: list[tuple[str, str | None]] = [
    ("generate --count -1 --out g", "--count"),
    ("generate --count 0 --out g", "--count"),
    ("generate --count x --out g", "--count"),
    ("generate --count 99999999999999999999999 --out g", "--count"),
    ("generate --workers -1 --count 1 --out g", "--workers"),
    ("generate --workers x --count 1 --out g", "--workers"),
    ("generate --seed x --count 1 --out g", "--seed"),
    ("generate --lang , --count 1 --out g", "names no language"),
    ("generate --lang zz --count 1 --out g", "zz"),
    ("generate --topics , --count 1 --out g", "names no topic"),
    ("generate --topics nonsense --count 1 --out g", "nonsense"),
    ("export --format gift --count 0", "--count"),
    ("export --format gift --count -3", "--count"),
    ("export --format gift --count x", "--count"),
    ("export --format gift --lang ,", "','"),
    ("export --format gift --lang zz", "zz"),
    ("export --format gift --topics ,", "names no topic"),
    ("export --format gift --topics nonsense", "nonsense"),
    ("export --format xml", "--format"),
    ("export --format gift --seed x", "--seed"),
    ("score 4H N -1", None),
    ("score 4H N 14", None),
    ("score 4H N x", None),
    ("score 4H N 99999999999999999999999", None),
    ("score 4H N 10 --board 0", "board"),
    ("score 4H N 10 --board -4", "board"),
    ("score 4H N 10 --board x", "--board"),
    ("score 4H N 10 --vul zz", None),
    ("score 8H N 10", None),
    ("score 4H Q 10", None),
    ("rule {case} --lang zz", "--lang"),
    ("build --root . --lang ,", "names no language"),
    ("coverage --edition 2027", "--edition"),
    ("score-table --edition 2027", "--edition"),
    ("nonsense", None),
]


@pytest.mark.parametrize(("line", "named"), OPTIONS, ids=[line for line, _ in OPTIONS])
def test_a_bad_option_value_is_refused(line: str, named: str | None,
                                       place: dict[str, Path]) -> None:
    argv = [str(CASE) if word == "{case}" else word for word in line.split()]
    assert_refused(call_cli(argv), named)


def test_an_empty_vulnerability_is_refused(place: dict[str, Path]) -> None:
    """``--vul ''`` was read as "not vulnerable"."""
    assert_refused(call_cli(["score", "4H", "N", "10", "--vul", ""]))


def test_a_generate_with_no_language_writes_nothing(place: dict[str, Path]) -> None:
    """``generate --lang ,`` once wrote a bank with no language."""
    out = place["folder"] / "bank"
    for lang in (",", "", " , "):  # '' is refused by the one check of every empty value
        assert_refused(call_cli(["generate", "--count", "1", "--lang", lang, "--out",
                                 str(out)]),
                       "--lang '': an empty value names nothing" if lang == ""
                       else "names no language")
    assert not out.exists()

