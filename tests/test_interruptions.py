"""The interruption matrix: ``generate``, ``build`` and ``export``, each stopped by SIGINT (a
Ctrl-C, sent to the process group as a terminal does) or SIGKILL (sent to the command's own pid,
as the OOM killer does), early, in the middle and late.

For each cell a good output is made first; the command is then started again, on changed inputs
(so a replaced output would differ), in a child process that stops at a named checkpoint
(:func:`generator.outputs.checkpoint`, enabled by ``TDCOURSE_TEST_PAUSE``) and announces it in a
file; the test waits for that file (however slow the machine), then sends the signal. Then:

* a Ctrl-C ends with the one line ``tdcourse: interrupted`` and status 130, no traceback;
* the old output is byte-identical (bank, course data, every language of the site, doctrees);
* ``tdcourse verify`` passes on the bank;
* no process of the command is left (pool workers die with their parent, even after SIGKILL);
* a clean rerun succeeds, writes the new output, and leaves no stage (``.tdcourse-*``) behind,
  including the one a SIGKILL left.

The checkpoints: ``generate:start`` (nothing done yet), ``generate:chunks`` (half the chunks
back, the pool's workers alive), ``build:data`` (bank and course data staged), ``build:language``
(the first language built, the second not), ``export:read`` (bank read), ``export:text`` (the
export's text made), and for every command ``commit`` (everything staged, the journal of the
moves written but not yet committed: the last moment before anything is replaced).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from generator.build import build
from generator.cli import main
from generator.outputs import PAUSE_ENV, PAUSE_FLAG_ENV, STAGE_PREFIX

ROOT = Path(__file__).resolve().parents[1]
TESTBOOK = ROOT / "tests" / "book" / "testbook"
#: generous bounds that only a hang reaches (a slow machine must not fail a test)
WAIT_S = 600.0
QUIZZES = ("format: 1\nbank: {{seed: {seed}, count: 8, langs: [en, ru]}}\n"
           "chapters:\n  - {{id: revoke, topics: [revoke], count: 2, seed: 1}}\n"
           "mock_exam: {{count: 3, topics: all, time_limit_minutes: 10, pass_mark: 0.5}}\n")


def _env(pause: str | None, flag: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"]
                                     if env.get("PYTHONPATH") else "")
    env.pop(PAUSE_ENV, None)
    if pause is not None and flag is not None:
        env[PAUSE_ENV], env[PAUSE_FLAG_ENV] = pause, str(flag)
    return env


def tdcourse(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the command to the end (the clean rerun)."""
    return subprocess.run([sys.executable, "-m", "generator.cli", *argv], cwd=cwd,
                          env=_env(None, None), capture_output=True, text=True,
                          timeout=WAIT_S, check=False)


@dataclass
class Stopped:
    code: int
    stdout: str
    stderr: str


def interrupt(argv: list[str], cwd: Path, pause: str, sig: signal.Signals) -> Stopped:
    """Run ``tdcourse argv`` until it reaches the checkpoint ``pause``, send ``sig``, and wait."""
    flag = cwd / "reached.flag"
    out, err = cwd / "stdout.txt", cwd / "stderr.txt"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        proc = subprocess.Popen([sys.executable, "-m", "generator.cli", *argv], cwd=cwd,
                                env=_env(pause, flag), stdout=stdout, stderr=stderr,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.monotonic() + WAIT_S
            while not flag.exists():
                assert proc.poll() is None, (f"ended (status {proc.returncode}) before reaching "
                                             f"{pause}: {err.read_text()}")
                assert time.monotonic() < deadline, f"never reached {pause}"
                time.sleep(0.02)
            if sig == signal.SIGINT:
                os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
            else:
                os.kill(proc.pid, sig)  # the command only: its workers must follow by themselves
            code = proc.wait(timeout=WAIT_S)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    flag.unlink(missing_ok=True)
    return Stopped(code, out.read_text(), err.read_text())


def strays(marker: str) -> list[str]:
    """Processes whose command line holds ``marker`` (a path only this test uses)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker in cmdline and state != "Z":
            found.append(f"{proc.name}: {cmdline}")
    return found


def assert_no_strays(marker: str) -> None:
    """Every process of the command ends (a killed parent's workers within a few seconds)."""
    deadline = time.monotonic() + 30
    while strays(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not strays(marker), strays(marker)


def snapshot(*folders: Path) -> dict[str, bytes]:
    """Every file under ``folders`` by path, with its bytes."""
    files: dict[str, bytes] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                files[str(path)] = path.read_bytes()
    return files


def stages(root: Path) -> list[Path]:
    return [p for p in root.rglob(f"{STAGE_PREFIX}*")]


def verify(bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    status = main(["verify", str(bank)])
    out = capsys.readouterr().out
    assert status == 0 and " 0 disagree" in out, out


def check_stopped(stopped: Stopped, sig: signal.Signals) -> None:
    if sig == signal.SIGINT:
        assert stopped.code == 130, stopped
        assert stopped.stderr == "tdcourse: interrupted\n", stopped  # one line, no traceback
    else:
        assert stopped.code == -signal.SIGKILL, stopped


SIGNALS = [signal.SIGINT, signal.SIGKILL]
MOMENTS = ["early", "middle", "late"]


# --------------------------------------------------------------------------- generate
GEN = ["generate", "--count", "60", "--workers", "2", "--quiet"]
GEN_POINTS = {"early": "generate:start", "middle": "generate:chunks", "late": "commit"}


@pytest.fixture(scope="module")
def good_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bank of 60 scenarios (two chunks: two workers), seed 1."""
    where = tmp_path_factory.mktemp("good-bank")
    done = tdcourse([*GEN, "--seed", "1", "--out", str(where / "bank")], where)
    assert done.returncode == 0, done.stderr
    return where / "bank"


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGKILL"])
def test_generate_interrupted(good_bank: Path, tmp_path: Path, sig: signal.Signals, moment: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(good_bank, tmp_path / "bank")
    before = snapshot(tmp_path / "bank")
    # absolute paths: the command line of the command and of its workers names this test
    out = ["--out", str(tmp_path / "bank")]
    stopped = interrupt([*GEN, "--seed", "2", *out], tmp_path, GEN_POINTS[moment], sig)
    check_stopped(stopped, sig)
    assert_no_strays(str(tmp_path))
    assert snapshot(tmp_path / "bank") == before
    if sig == signal.SIGKILL and moment == "late":
        assert stages(tmp_path), "the killed run left no stage: the rerun's cleanup is untested"
    verify(tmp_path / "bank", capsys)

    again = tdcourse([*GEN, "--seed", "2", *out], tmp_path)
    assert again.returncode == 0, again.stderr
    assert '"seed": 2' in (tmp_path / "bank" / "manifest.json").read_text()
    assert not stages(tmp_path)
    assert_no_strays(str(tmp_path))
    verify(tmp_path / "bank", capsys)


def test_a_ctrl_c_while_the_interpreter_shuts_down_is_one_line_and_130(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The bank is written and the command has returned; a Ctrl-C while Python shuts down (the
    pool's threads, ``atexit``) printed a traceback and exited with 0."""
    stopped = interrupt([*GEN, "--seed", "3", "--out", str(tmp_path / "bank")], tmp_path,
                        "shutdown", signal.SIGINT)
    assert "bank written to" in stopped.stdout
    check_stopped(stopped, signal.SIGINT)
    assert not stages(tmp_path)
    assert_no_strays(str(tmp_path))
    verify(tmp_path / "bank", capsys)


# --------------------------------------------------------------------------- export
EXPORT = ["export", "--format", "moodle"]
EXPORT_POINTS = {"early": "export:read", "middle": "export:text", "late": "commit"}


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGKILL"])
def test_export_interrupted(good_bank: Path, tmp_path: Path, sig: signal.Signals, moment: str,
                            capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(good_bank, tmp_path / "bank")
    paths = ["--bank", str(tmp_path / "bank"), "--out", str(tmp_path / "quiz.xml")]
    first = tdcourse([*EXPORT, *paths, "--lang", "en"], tmp_path)
    assert first.returncode == 0, first.stderr
    before = snapshot(tmp_path)
    stopped = interrupt([*EXPORT, *paths, "--lang", "ru"], tmp_path, EXPORT_POINTS[moment], sig)
    check_stopped(stopped, sig)
    assert_no_strays(str(tmp_path))
    (tmp_path / "stdout.txt").unlink()
    (tmp_path / "stderr.txt").unlink()
    leftover = stages(tmp_path)
    if sig == signal.SIGKILL and moment == "late":
        assert leftover, "the killed run left no stage: the rerun's cleanup is untested"
    assert {k: v for k, v in snapshot(tmp_path).items()
            if not any(k.startswith(str(s)) for s in leftover)} == before
    verify(tmp_path / "bank", capsys)

    again = tdcourse([*EXPORT, *paths, "--lang", "ru"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert re.search("[А-Яа-я]", (tmp_path / "quiz.xml").read_text(encoding="utf-8"))
    assert not re.search("[А-Яа-я]", before[str(tmp_path / "quiz.xml")].decode("utf-8"))
    assert not stages(tmp_path)


# --------------------------------------------------------------------------- build
BUILD_POINTS = {"early": "build:data", "middle": "build:language", "late": "commit"}


def _project(where: Path, seed: int) -> Path:
    root = where / "project"
    shutil.copytree(TESTBOOK, root / "book", dirs_exist_ok=True)
    (root / "quizzes").mkdir(exist_ok=True)
    (root / "quizzes" / "quizzes.yaml").write_text(QUIZZES.format(seed=seed), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def good_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test book with a bank of 8 scenarios (seed 1), built in English and Russian."""
    root = _project(tmp_path_factory.mktemp("good-build"), 1)
    done = tdcourse(["build", "--root", str(root)], root)
    assert done.returncode == 0, done.stderr
    return root


def _outputs(root: Path) -> list[Path]:
    build = root / "book" / "_build"
    return [root / "quizzes" / "bank" / "1987", build / "data", build / "html", build / ".doctrees"]


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("sig", SIGNALS, ids=["SIGINT", "SIGKILL"])
def test_build_interrupted(good_project: Path, tmp_path: Path, sig: signal.Signals, moment: str,
                           capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "project"
    shutil.copytree(good_project, root, symlinks=True)
    before = snapshot(*_outputs(root))
    _project(tmp_path, 2)  # a new bank
    intro = root / "book" / "intro.md"
    intro.write_text(intro.read_text(encoding="utf-8") + "\nA sentence added.\n",
                     encoding="utf-8")
    stopped = interrupt(["build", "--root", str(root)], tmp_path, BUILD_POINTS[moment], sig)
    check_stopped(stopped, sig)
    assert_no_strays(str(root))
    assert snapshot(*_outputs(root)) == before  # the whole site, bank and data, or nothing
    if sig == signal.SIGKILL and moment != "early":
        assert stages(root), "the killed run left no stage: the rerun's cleanup is untested"
    verify(root / "quizzes" / "bank" / "1987", capsys)

    again = tdcourse(["build", "--root", str(root)], root)
    assert again.returncode == 0, again.stderr
    assert not stages(root)
    assert '"seed": 2' in (root / "quizzes" / "bank" / "1987" / "manifest.json").read_text()
    for edition in ("1987", "2017"):
        for lang in ("en", "ru"):
            page = root / "book" / "_build" / "html" / edition / lang / "intro.html"
            assert "A sentence added." in page.read_text(encoding="utf-8"), (edition, lang)
    verify(root / "quizzes" / "bank" / "1987", capsys)


def test_a_site_that_fails_keeps_its_previous_output_while_the_others_are_updated(
        good_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The Russian sites fail to build on a new bank (issue 17: a failed build of one site
    keeps the others): the English sites, the bank and the course data are replaced, each
    Russian site (pages and doctrees) is left whole as it was, and the failure is raised in
    one line after the others were published."""
    from generator.book import site

    root = tmp_path / "project"
    shutil.copytree(good_project, root, symlinks=True)
    build_dir = root / "book" / "_build"
    russian = [build_dir / "html" / edition / "ru" for edition in ("1987", "2017")]
    russian += [build_dir / ".doctrees" / f"html-{edition}-ru" for edition in ("1987", "2017")]
    before = snapshot(*russian)
    _project(tmp_path, 2)
    intro = root / "book" / "intro.md"
    intro.write_text(intro.read_text(encoding="utf-8") + "\nA sentence added.\n",
                     encoding="utf-8")
    built = site.build_one

    def russian_fails(root: Path, lang: str, *args: Any, **kwargs: Any) -> Path:
        if lang == "ru":
            raise site.BookBuildError("intro.md:1: WARNING: broken [ru build failed]")
        return built(root, lang, *args, **kwargs)

    monkeypatch.setattr(site, "build_one", russian_fails)
    said: list[str] = []
    with pytest.raises(site.BookBuildError, match=r"ru build failed\] \(and 1 more site"):
        build(root, say=said.append)
    assert len([line for line in said if line.startswith("failed: ")]) == 2, said
    assert snapshot(*russian) == before
    for edition in ("1987", "2017"):
        page = build_dir / "html" / edition / "en" / "intro.html"
        assert "A sentence added." in page.read_text(encoding="utf-8"), edition
    assert '"seed": 2' in (root / "quizzes" / "bank" / "1987" / "manifest.json").read_text()
    assert not stages(root)
    verify(root / "quizzes" / "bank" / "1987", capsys)
