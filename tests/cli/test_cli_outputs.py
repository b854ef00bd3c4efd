"""Outputs are never destroyed: ``generate --out``, ``export --out``, ``coverage --out`` and the
folders of ``tdcourse build`` refuse any target that is not a missing path, a regular file (for
files) or a folder we wrote (for folders), with one line naming it and exit status 2, before any
work and without touching it (before, ``generate --out`` on a file or device renamed it aside
and put a folder in its place, and ``export``/``coverage`` replaced a FIFO or a symbolic link
with a regular file).

And statically: every output of ``generator/cli.py`` goes through :mod:`generator.outputs`, and
no module but that one renames or replaces anything in place.
"""

from __future__ import annotations

import ast
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fuzz.harness import assert_refused, call_cli

from generator import outputs

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "tests" / "cases" / "samples"

Make = Callable[[Path], None]


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _device(path: Path) -> None:
    try:  # a node like /dev/null (1, 3), in the test's own folder
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")


def _socket(path: Path) -> None:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()


def _link_to_file(path: Path) -> None:
    (path.parent / "precious.txt").write_text("precious\n", encoding="utf-8")
    path.symlink_to("precious.txt")


def _link_to_folder(path: Path) -> None:
    (path.parent / "precious").mkdir()
    (path.parent / "precious" / "keep.txt").write_text("keep\n", encoding="utf-8")
    path.symlink_to("precious")


def _dangling_link(path: Path) -> None:
    path.symlink_to("nowhere")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "notes.txt").write_text("mine\n", encoding="utf-8")


def _file(path: Path) -> None:
    path.write_text("mine\n", encoding="utf-8")


SPECIAL: dict[str, Make] = {"fifo": _fifo, "device": _device, "socket": _socket,
                            "link-to-file": _link_to_file, "link-to-folder": _link_to_folder,
                            "dangling-link": _dangling_link}
FOR_FILES = {**SPECIAL, "folder": _folder}
FOR_FOLDERS = {**SPECIAL, "file": _file, "foreign-folder": _folder}


def state(folder: Path) -> dict[str, tuple[int, str]]:
    """Every entry under ``folder`` (links not followed): its type, and its target or bytes."""
    found: dict[str, tuple[int, str]] = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        if stat.S_ISLNK(st.st_mode):
            what = os.readlink(path)
        elif stat.S_ISREG(st.st_mode):
            what = path.read_text(encoding="utf-8", errors="replace")
        else:
            what = ""
        found[str(path.relative_to(folder))] = (stat.S_IFMT(st.st_mode), what)
    return found


@pytest.fixture(scope="module")
def bank_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small real bank to export from."""
    from generator.scenarios.bank import Plan, scenarios, write_bank

    out = tmp_path_factory.mktemp("bank") / "bank"
    plan = Plan(3, 1, (), ("en",))
    write_bank(out, plan, scenarios(plan, workers=1))
    return out


@pytest.fixture
def target(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path]:
    """``tmp_path/out/target``, made by the parametrized maker, and a check that nothing under
    ``tmp_path/out`` changed."""
    where = tmp_path / "out"
    where.mkdir()
    path = where / "target"
    request.param(path)
    before = state(where)
    yield path
    assert state(where) == before  # the target, what it points to, and no stage left


@pytest.mark.parametrize("target", FOR_FOLDERS.values(), ids=FOR_FOLDERS.keys(), indirect=True)
def test_generate_refuses_what_is_not_a_bank(target: Path) -> None:
    result = call_cli(["generate", "--count", "1", "--quiet", "--out", str(target)])
    assert_refused(result, names=target)


@pytest.mark.parametrize("target", FOR_FILES.values(), ids=FOR_FILES.keys(), indirect=True)
def test_export_refuses_what_is_not_a_regular_file(target: Path, bank_dir: Path) -> None:
    result = call_cli(["export", "--format", "gift", "--bank", str(bank_dir),
                       "--out", str(target)])
    assert_refused(result, names=target)


@pytest.mark.parametrize("target", FOR_FILES.values(), ids=FOR_FILES.keys(), indirect=True)
def test_coverage_refuses_what_is_not_a_regular_file(target: Path) -> None:
    result = call_cli(["coverage", "--cases", str(SAMPLES), "--out", str(target)])
    assert_refused(result, names=target)


@pytest.mark.parametrize("command", ["export", "coverage", "generate"])
def test_an_empty_out_is_refused_not_taken_for_the_default(
        command: str, bank_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out ''`` once wrote the default file (export), printed to standard output
    (coverage): an empty name is a mistake to report, not a request for the default."""
    monkeypatch.chdir(tmp_path)
    argv = {"export": ["export", "--format", "gift", "--bank", str(bank_dir)],
            "coverage": ["coverage", "--cases", str(SAMPLES)],
            "generate": ["generate", "--count", "1", "--quiet"]}[command]
    result = call_cli([*argv, "--out", ""])
    assert_refused(result, names="--out ''")
    assert list(tmp_path.iterdir()) == [], "something was written"


@pytest.mark.parametrize("name", ["quizzes/bank", "book/_build/data"])
def test_build_refuses_a_folder_it_did_not_write(tmp_path: Path, name: str,
                                                cli: Callable[..., tuple[int, str, str]]
                                                ) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "quizzes.yaml").write_text(
        "format: 1\nbank: {seed: 3, count: 2, langs: [en]}\nchapters: []\n"
        "mock_exam: {count: 3, topics: all, time_limit_minutes: 10, pass_mark: 0.5}\n",
        encoding="utf-8")
    foreign = tmp_path / "elsewhere"
    foreign.mkdir()
    (foreign / "thesis.tex").write_text("years of work\n", encoding="utf-8")
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).symlink_to(foreign)
    before = state(tmp_path)
    status, _out, err = cli("build", "--root", str(tmp_path))
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(tmp_path / name) in lines[0], err
    assert state(tmp_path) == before


def test_an_empty_folder_and_a_bank_are_written(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    for _ in range(2):  # the empty folder, then the bank it now holds
        result = call_cli(["generate", "--count", "1", "--quiet", "--out",
                           str(tmp_path / "empty")])
        assert result.code == 0, result.describe()
    assert (tmp_path / "empty" / "manifest.json").is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]  # no stage left


# --------------------------------------------------------------------------- statically
CLI = ROOT / "generator" / "cli.py"
#: calls that write, move or delete: only generator/outputs.py may make them for an output
WRITES = {"write_text", "write_bytes", "open", "replace", "rename", "unlink", "rmtree", "move",
          "mkdtemp", "mkstemp", "mkdir", "copytree", "copy", "copy2", "symlink_to"}


def _calls(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            names.add(func.attr if isinstance(func, ast.Attribute)
                      else func.id if isinstance(func, ast.Name) else "")
    return names


def _functions(path: Path) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def test_the_command_line_writes_nothing_itself() -> None:
    found = _calls(ast.parse(CLI.read_text(encoding="utf-8"))) & WRITES
    assert not found, f"generator/cli.py writes through {found}, not generator.outputs"


def test_every_out_option_is_checked_and_written_through_outputs() -> None:
    """Each command reading an ``--out`` checks it before the work (``check_file`` or
    ``check_dir``) and writes it with ``write_file`` or ``write_bank`` (a Transaction)."""
    functions = _functions(CLI)
    using_out = {name for name, fn in functions.items()
                 if any(isinstance(n, ast.Attribute) and n.attr == "out"
                        and isinstance(n.value, ast.Name) and n.value.id == "args"
                        for n in ast.walk(fn))}
    assert using_out == {"_cmd_generate", "_cmd_export", "_cmd_coverage"}, using_out
    for name in using_out:
        calls = _calls(functions[name])
        assert calls & {"check_file", "check_dir"}, f"{name} does not check its --out"
        assert calls & {"write_file", "write_bank"}, f"{name} does not write through outputs"
    assert "build" in _calls(functions["_cmd_build"])  # generator.build: one Transaction


def test_only_outputs_moves_things_into_place() -> None:
    """The modules that write the commands' outputs stage them in a Transaction: none of them
    renames, replaces or makes temporary folders of its own."""
    for module in ("build.py", "scenarios/bank.py", "book/site.py", "export/__init__.py"):
        tree = ast.parse((ROOT / "generator" / module).read_text(encoding="utf-8"))
        moves = _calls(tree) & {"rename", "mkdtemp", "mkstemp", "swap_in", "replace_dir"}
        assert not moves, f"generator/{module} moves things itself: {moves}"


def test_a_stage_of_a_dead_run_is_removed_and_a_committed_one_finished(tmp_path: Path) -> None:
    """What a SIGKILL leaves: a stage without journal is deleted; one whose journal was written
    (the commit had begun) is rolled forward, so the parts land together."""
    old = tmp_path / "a"
    old.mkdir()
    (old / "m").write_text("old\n", encoding="utf-8")
    dead = 2**22 + 1  # above the default pid_max of many systems; checked below
    while os.path.exists(f"/proc/{dead}"):
        dead += 1
    unfinished = tmp_path / f"{outputs.STAGE_PREFIX}{dead}-0000abcd"
    (unfinished / "part-0-a").mkdir(parents=True)
    (unfinished / "part-0-a" / "m").write_text("new\n", encoding="utf-8")
    outputs.recover(tmp_path)
    assert not unfinished.exists() and (old / "m").read_text() == "old\n"

    committed = tmp_path / f"{outputs.STAGE_PREFIX}{dead}-0000abce"
    (committed / "part-0-a").mkdir(parents=True)
    (committed / "part-0-a" / "m").write_text("new\n", encoding="utf-8")
    (committed / "part-1-b.txt").write_text("b\n", encoding="utf-8")
    import json

    (committed / "journal.json").write_text(json.dumps([
        [str(committed / "part-0-a"), str(old), str(committed / "old-0")],
        [str(committed / "part-1-b.txt"), str(tmp_path / "b.txt"), None]]), encoding="utf-8")
    outputs.recover(tmp_path)
    assert (old / "m").read_text() == "new\n" and (tmp_path / "b.txt").read_text() == "b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b.txt"]


def test_a_live_stage_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / f"{outputs.STAGE_PREFIX}{os.getppid()}-0000abcd"
    mine.mkdir()
    outputs.recover(tmp_path)
    assert mine.exists()
