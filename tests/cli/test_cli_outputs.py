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
import json
import os
import shutil
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fuzz.harness import assert_refused, call_cli

from generator import outputs
from generator.errors import InputError

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


@pytest.mark.parametrize("name", ["quizzes/bank", "quizzes/bank/1987", "book/_build/data"])
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
    header = "level,strain,doubling,vulnerable,tricks,score\n"  # the course data: ours
    old = tmp_path / "a"
    old.mkdir()
    (old / "score-table-1987.csv").write_text(header + "old\n", encoding="utf-8")
    dead = _dead_pid()
    unfinished = tmp_path / f"{outputs.STAGE_PREFIX}{dead}-0000abcd"
    (unfinished / "part-0-a").mkdir(parents=True)
    (unfinished / "part-0-a" / "score-table-1987.csv").write_text(header + "new\n",
                                                                  encoding="utf-8")
    outputs.recover(tmp_path)
    assert not unfinished.exists()
    assert (old / "score-table-1987.csv").read_text() == header + "old\n"

    committed = tmp_path / f"{outputs.STAGE_PREFIX}{dead}-0000abce"
    (committed / "part-0-a").mkdir(parents=True)
    (committed / "part-0-a" / "score-table-1987.csv").write_text(header + "new\n",
                                                                 encoding="utf-8")
    (committed / "part-1-b.txt").write_text("b\n", encoding="utf-8")
    (committed / "journal.json").write_text(json.dumps({"moves": [
        [0, "a", outputs.DATA_MARKER], [1, "b.txt", ""]]}), encoding="utf-8")
    outputs.recover(tmp_path)
    assert (old / "score-table-1987.csv").read_text() == header + "new\n"
    assert (tmp_path / "b.txt").read_text() == "b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b.txt"]


def test_a_live_stage_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / f"{outputs.STAGE_PREFIX}{os.getppid()}-0000abcd"
    mine.mkdir()
    outputs.recover(tmp_path)
    assert mine.exists()


# --------------------------------------------------------------------------- planted stages
def _dead_pid() -> int:
    dead = 2**22 + 1  # above the default pid_max of many systems; checked below
    while os.path.exists(f"/proc/{dead}"):
        dead += 1
    return dead


def _journal_brief(shared: Path, stage: Path, victim: Path) -> None:
    """The adversarial tester's journal: a source outside the stage, targets elsewhere."""
    (shared / "evil").write_text("attacker\n", encoding="utf-8")
    (stage / "x").touch()
    (stage / "journal.json").write_text(json.dumps([
        [str(shared / "evil"), str(victim / "file.txt"), None],
        [str(stage / "x"), str(victim / "important"), str(stage / "gone")]]), encoding="utf-8")


def _journal_up(shared: Path, stage: Path, victim: Path) -> None:
    """The current format, its parts well named, its targets out of the folder with ``..``."""
    (stage / "part-0-file.txt").write_text("attacker\n", encoding="utf-8")
    (stage / "part-1-important").mkdir()
    (stage / "journal.json").write_text(json.dumps({"moves": [
        [0, "../victim/file.txt", ""], [1, "../victim/important", "manifest.json"]]}),
        encoding="utf-8")


def _journal_absolute(shared: Path, stage: Path, victim: Path) -> None:
    (stage / "part-0-file.txt").write_text("attacker\n", encoding="utf-8")
    (stage / "journal.json").write_text(json.dumps({"moves": [
        [0, str(victim / "file.txt"), ""]]}), encoding="utf-8")


def _journal_via_link(shared: Path, stage: Path, victim: Path) -> None:
    """A target inside the folder, but through a symbolic link to the victim's folder."""
    (shared / "door").symlink_to(victim)
    (stage / "part-0-file.txt").write_text("attacker\n", encoding="utf-8")
    (stage / "journal.json").write_text(json.dumps({"moves": [[0, "door/file.txt", ""]]}),
                                        encoding="utf-8")


def _journal_legacy_outside(shared: Path, stage: Path, victim: Path) -> None:
    """A list of absolute moves (a form tdcourse never writes), every part named as a
    transaction names it, the target elsewhere."""
    (stage / "part-0-important").mkdir()
    (stage / "journal.json").write_text(json.dumps([
        [str(stage / "part-0-important"), str(victim / "important"), str(stage / "old-0")]]),
        encoding="utf-8")


def _writable_by_others(shared: Path, stage: Path, victim: Path) -> None:
    """A journal that would be fine, in a stage anyone may write to: not necessarily ours."""
    (shared / "cov.txt").write_text("mine\n", encoding="utf-8")
    (stage / "part-0-cov.txt").write_text("planted\n", encoding="utf-8")
    (stage / "journal.json").write_text(json.dumps({"moves": [[0, "cov.txt", ""]]}),
                                        encoding="utf-8")
    stage.chmod(0o777)


def _a_folder_not_ours(shared: Path, stage: Path, victim: Path) -> None:
    """A well-formed journal replacing a folder beside the stage that is no bank of ours."""
    (shared / "thesis").mkdir()
    (shared / "thesis" / "manifest.json").write_text("{}\n", encoding="utf-8")
    (stage / "part-0-thesis").mkdir()
    (stage / "journal.json").write_text(json.dumps({"moves": [
        [0, "thesis", "manifest.json"]]}), encoding="utf-8")


Plant = Callable[[Path, Path, Path], None]
PLANTED: dict[str, Plant] = {
    "brief": _journal_brief, "dot-dot": _journal_up, "absolute": _journal_absolute,
    "through-a-link": _journal_via_link, "legacy-outside": _journal_legacy_outside,
    "writable-by-others": _writable_by_others}


@pytest.mark.parametrize("command", ["coverage", "generate"])
@pytest.mark.parametrize("plant", PLANTED.values(), ids=PLANTED.keys())
def test_a_planted_stage_is_never_carried_out(tmp_path: Path, command: str,
                                              plant: Plant) -> None:
    """A folder named like the stage of a dead run, whose journal names moves its transaction
    could not have made (or which others can write to), once made any writing command beside
    it overwrite files and delete folders anywhere: now it is left exactly as it is, with one
    warning line, and nothing outside the command's own output changes."""
    shared, victim = tmp_path / "shared", tmp_path / "victim"
    stage = shared / f"{outputs.STAGE_PREFIX}{_dead_pid()}-deadbeef"
    stage.mkdir(parents=True)
    (victim / "important").mkdir(parents=True)
    (victim / "important" / "doc.txt").write_text("precious\n", encoding="utf-8")
    (victim / "file.txt").write_text("original\n", encoding="utf-8")
    plant(shared, stage, victim)
    before_victim, before_stage = state(victim), state(stage)
    out = shared / ("cov.txt" if command == "coverage" else "bank")
    argv = (["coverage", "--cases", str(SAMPLES)] if command == "coverage"
            else ["generate", "--count", "1", "--quiet"])
    result = call_cli([*argv, "--out", str(out)])
    assert result.code == 0, result.describe()
    assert state(victim) == before_victim
    assert stage.is_dir() and state(stage) == before_stage
    warnings = [ln for ln in result.stderr.splitlines() if "warning" in ln]
    assert len(warnings) == 1 and str(stage) in warnings[0], result.describe()
    written = out.read_text(encoding="utf-8") if command == "coverage" else (
        out / "manifest.json").read_text(encoding="utf-8")
    assert "planted" not in written


def test_a_journal_replacing_a_folder_not_ours_leaves_it(tmp_path: Path) -> None:
    """A well-formed journal is carried out only on what is still ours: a folder beside the stage
    that holds a ``manifest.json`` tdcourse did not write is not replaced."""
    stage = tmp_path / f"{outputs.STAGE_PREFIX}{_dead_pid()}-deadbeef"
    stage.mkdir()
    _a_folder_not_ours(tmp_path, stage, tmp_path)
    (tmp_path / "thesis" / "chapter.tex").write_text("years of work\n", encoding="utf-8")
    outputs.recover(tmp_path)
    assert (tmp_path / "thesis" / "chapter.tex").read_text() == "years of work\n"


def test_a_stage_that_is_a_link_is_left_alone(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("keep\n", encoding="utf-8")
    link = tmp_path / f"{outputs.STAGE_PREFIX}{_dead_pid()}-deadbeef"
    link.symlink_to(elsewhere)
    assert outputs.recover(tmp_path) == []
    assert link.is_symlink() and (elsewhere / "keep.txt").is_file()


def test_a_transaction_over_several_folders_is_rolled_forward_by_the_next_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Like ``tdcourse build``: a stage made in ``book/_build`` with the bank in ``quizzes/``.
    Killed just after its commit point, the journal it wrote is one the next run accepts and
    finishes: every part lands, and no stage is left."""
    from generator.scenarios.bank import Plan, fill_bank, scenarios

    build_dir, bank = tmp_path / "book" / "_build", tmp_path / "quizzes" / "bank"
    plan = Plan(1, 1, (), ("en",))
    records = scenarios(plan, workers=1)
    for seed in (1, 2):  # the first run makes outputs of ours; the second replaces them
        with outputs.Transaction(build_dir) as tx:
            data = tx.folder(build_dir / "data", outputs.DATA_MARKER)
            (data / "score-table-1987.csv").write_text(
                "level,strain,doubling,vulnerable,tricks,score\n", encoding="utf-8")
            (data / "law-index-1987.json").write_text(f"{seed}\n", encoding="utf-8")
            fill_bank(tx.folder(bank, outputs.BANK_MARKER), plan, records)
            tx.write_text(build_dir / "html" / "index.html", f"{seed}\n")
            if seed == 2:
                def killed(moves: object) -> None:
                    raise KeyboardInterrupt  # the process dies: nothing after this runs
                monkeypatch.setattr(outputs, "_roll_forward", killed)
                monkeypatch.setattr(outputs.Transaction, "abort", lambda self: None)
                with pytest.raises(KeyboardInterrupt):
                    tx.commit()
                stage = tx._stage
        monkeypatch.undo()
    assert stage is not None and stage.parent == tmp_path  # moved where every target is
    dead = stage.with_name(f"{outputs.STAGE_PREFIX}{_dead_pid()}-0000abcd")
    stage.rename(dead)
    assert outputs.recover(tmp_path) == [dead]
    assert (build_dir / "html" / "index.html").read_text() == "2\n"
    assert (build_dir / "data" / "law-index-1987.json").read_text() == "2\n"
    assert (bank / "manifest.json").is_file()
    assert not list(tmp_path.rglob(f"{outputs.STAGE_PREFIX}*"))


# --------------------------------------------------------------------------- markers
def test_a_folder_with_a_file_named_manifest_json_is_not_a_bank(tmp_path: Path) -> None:
    """``generate --out`` deleted a folder's contents when it held any file named
    ``manifest.json``: the marker must be a manifest as tdcourse writes it."""
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "manifest.json").write_text("{}\n", encoding="utf-8")
    (folder / "keep.txt").write_text("mine\n", encoding="utf-8")
    before = state(tmp_path)
    assert_refused(call_cli(["generate", "--count", "1", "--quiet", "--out", str(folder)]),
                   names=folder)
    assert state(tmp_path) == before


@pytest.mark.parametrize("extra", ["keep.txt", "sub"])
def test_a_bank_holding_a_file_of_the_user_is_not_replaced(tmp_path: Path, bank_dir: Path,
                                                           extra: str) -> None:
    bank = tmp_path / "bank2"
    shutil.copytree(bank_dir, bank)
    if extra == "sub":
        (bank / "sub").mkdir()
        (bank / "sub" / "y").write_text("mine\n", encoding="utf-8")
    else:
        (bank / extra).write_text("mine\n", encoding="utf-8")
    before = state(tmp_path)
    result = call_cli(["generate", "--count", "1", "--quiet", "--out", str(bank)])
    assert_refused(result, names=bank)
    assert f"holds {extra}, which tdcourse did not write" in result.stderr, result.describe()
    assert state(tmp_path) == before
    if extra == "sub":
        shutil.rmtree(bank / extra)
    else:
        (bank / extra).unlink()
    result = call_cli(["generate", "--count", "1", "--quiet", "--out", str(bank)])
    assert result.code == 0, result.describe()  # the bank alone is ours


@pytest.mark.parametrize(("marker", "name", "text"), [
    (outputs.DATA_MARKER, "score-table-1987.csv", "my own table\n"),
    (outputs.SITE_MARKER, ".buildinfo", "not Sphinx\n"),
    (outputs.DOCTREES_MARKER, "environment.pickle", "not a pickle\n")])
def test_a_marker_is_ours_only_with_our_content(tmp_path: Path, marker: str, name: str,
                                                text: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="did not write"):
        outputs.check_dir(tmp_path, marker)


def test_the_course_data_holds_only_what_build_writes(tmp_path: Path) -> None:
    from generator.build import score_table_csv

    (tmp_path / "score-table-1987.csv").write_text(score_table_csv("1987"), encoding="utf-8")
    (tmp_path / "quizzes.json").write_text("{}\n", encoding="utf-8")
    outputs.check_dir(tmp_path, outputs.DATA_MARKER)  # ours
    (tmp_path / "notes.md").write_text("mine\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"holds notes\.md, which tdcourse did not write"):
        outputs.check_dir(tmp_path, outputs.DATA_MARKER)
