"""``tdcourse export``: exit status 0 and one summary line; bad options are one line on stderr and
exit status 2, and so is a damaged bank, which is never rebuilt; --count is respected; two runs
give the same bytes; the file is written atomically; a missing bank is generated from the quiz
definitions."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

Cli = Callable[..., tuple[int, str, str]]


def assert_one_line_error(status: int, out: str, err: str) -> None:
    assert status == 2, (status, out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.startswith("tdcourse") and err.endswith("\n") and err.count("\n") == 1, err


@pytest.mark.parametrize(("fmt", "name"), [("moodle", "quiz.xml"), ("gift", "quiz.gift"),
                                           ("pbn", "deals.pbn")])
def test_each_format_exits_0_with_one_summary_line(cli: Cli, bank_dir: Path, tmp_path: Path,
                                                   fmt: str, name: str) -> None:
    out = tmp_path / name
    status, stdout, err = cli("export", "--format", fmt, "--bank", str(bank_dir), "--out",
                              str(out), "--count", "12")
    assert status == 0, err
    assert err == ""
    assert stdout.count("\n") == 1 and stdout.startswith(f"{fmt}: ")
    assert str(out) in stdout
    assert ("12 questions" in stdout) if fmt != "pbn" else ("of 12 questions" in stdout)
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask  # an ordinary file, not a private one


def test_count_is_respected_and_topics_filter(cli: Cli, bank_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "quiz.xml"
    status, _, err = cli("export", "--format", "moodle", "--bank", str(bank_dir), "--out",
                         str(out), "--count", "7", "--topics", "revoke,penalty-cards")
    assert status == 0, err
    root = ET.parse(out).getroot()
    questions = [q for q in root if q.get("type") != "category"]
    categories = [q.findtext("category/text") for q in root if q.get("type") == "category"]
    assert len(questions) == 7
    assert categories == ["$course$/top/tdcourse/Laws of 1987/09 Penalty cards",
                          "$course$/top/tdcourse/Laws of 1987/11 The revoke"]


def test_pbn_holds_the_deals_of_the_same_pick(cli: Cli, bank_dir: Path, tmp_path: Path) -> None:
    """With the same options, the PBN file has exactly the deals of the Moodle export."""
    options = ("--bank", str(bank_dir), "--count", "9", "--seed", "4")
    assert cli("export", "--format", "moodle", "--out", str(tmp_path / "q.xml"), *options)[0] == 0
    assert cli("export", "--format", "pbn", "--out", str(tmp_path / "d.pbn"), *options)[0] == 0
    ids = [q.findtext("idnumber") for q in ET.parse(tmp_path / "q.xml").getroot()
           if q.get("type") != "category"]
    scenarios = {str(i).rsplit("-", 1)[0] for i in ids}
    text = (tmp_path / "d.pbn").read_text(encoding="utf-8")
    assert set(re.findall(r"\{tdcourse scenario (\S+), board", text)) == scenarios
    assert len(endplay_pbn.loads(text)) == len(scenarios)


@pytest.mark.parametrize("fmt", ["moodle", "gift", "pbn"])
def test_two_runs_give_byte_identical_files(cli: Cli, bank_dir: Path, tmp_path: Path,
                                            fmt: str) -> None:
    """The second run is a fresh interpreter with another hash seed, so an order that depends
    on hashing (a set of strings, say) cannot slip into the file."""
    args = ["export", "--format", fmt, "--lang", "ru", "--bank", str(bank_dir), "--count", "15"]
    first, second = tmp_path / "a" / "export", tmp_path / "b" / "export"
    status, _, err = cli(*args, "--out", str(first))
    assert status == 0, err
    seed = os.environ.get("PYTHONHASHSEED", "")
    env = {**os.environ, "PYTHONHASHSEED": str(int(seed) + 1) if seed.isdigit() else "1"}
    run = subprocess.run([sys.executable, "-m", "generator.cli", *args, "--out", str(second)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert first.read_bytes() == second.read_bytes()
    if fmt == "pbn":  # the notes are in the export's language
        assert "Ситуация tdcourse" in first.read_text(encoding="utf-8")


def test_default_file_names_are_in_the_current_directory(cli: Cli, bank_dir: Path,
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for fmt in ("moodle", "gift", "pbn"):
        assert cli("export", "--format", fmt, "--lang", "ru", "--bank", str(bank_dir),
                   "--count", "3")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tdcourse-ru.gift", "tdcourse-ru.xml",
                                                          "tdcourse.pbn"]


@pytest.mark.parametrize("args", [
    ("--topics", "revoke,nonsense"),
    ("--lang", "xx"),
    ("--count", "0"),
    ("--format", "pdf"),
    ("--bank", "/nonexistent/bank/dir/for/sure"),
])
def test_bad_options_are_one_line_and_exit_2(cli: Cli, bank_dir: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             args: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)  # no quizzes/quizzes.yaml here: a missing bank is not built
    options = {"--format": "moodle", "--bank": str(bank_dir), "--out": str(tmp_path / "q.xml")}
    options.update(dict(zip(args[::2], args[1::2], strict=True)))
    status, out, err = cli("export", *[item for pair in options.items() for item in pair])
    assert_one_line_error(status, out, err)
    assert not (tmp_path / "q.xml").exists()


def test_unknown_topic_error_lists_the_topics(cli: Cli, bank_dir: Path) -> None:
    _, _, err = cli("export", "--format", "gift", "--bank", str(bank_dir), "--topics", "revok")
    assert "unknown topic revok" in err and "revoke" in err and "insufficient-bid" in err


def _drop_revoke(bank: Path) -> None:
    path = bank / "questions.en.json"
    questions = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps([q for q in questions if q["topic"] != "revoke"]),
                    encoding="utf-8")


#: Ways a bank can be damaged: (what to do to a copy of it, the options, the file the error
#: must name ("" for the bank directory), what the error must say).
DAMAGED: dict[str, tuple[Callable[[Path], object], tuple[str, ...], str, str]] = {
    "no questions in the language": (lambda bank: (bank / "questions.ru.json").unlink(),
                                     ("--lang", "ru"), "questions.ru.json",
                                     "the bank has no questions in 'ru'"),
    "invalid questions JSON": (lambda bank: (bank / "questions.en.json").write_text(
        '[{"id": 1,\n', encoding="utf-8"), (), "questions.en.json:2", "invalid JSON"),
    "invalid scenarios JSON": (lambda bank: (bank / "scenarios.json").write_text(
        "[", encoding="utf-8"), ("--format", "pbn"), "scenarios.json:1", "invalid JSON"),
    "a scenario missing": (lambda bank: (bank / "scenarios.json").write_text(
        "[]", encoding="utf-8"), ("--format", "pbn"), "scenarios.json",
        "of the questions is not in the bank"),
    "no question of the topics": (_drop_revoke, ("--topics", "revoke"), "",
                                  "no question of the topics revoke in the bank"),
}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_bank_is_one_line_naming_the_file_and_is_never_rebuilt(
        cli: Cli, bank_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        damage: str) -> None:
    """Quiz definitions are at hand, yet a bank that exists is read, not regenerated: the error
    names the damaged file and the bank stays as it was."""
    change, args, named, problem = DAMAGED[damage]
    bank = tmp_path / "bank"
    shutil.copytree(bank_dir, bank)
    change(bank)
    before = {p.name: p.read_bytes() for p in bank.iterdir()}
    (tmp_path / "quizzes").mkdir()
    shutil.copy(Path(__file__).parents[2] / "quizzes" / "quizzes.yaml", tmp_path / "quizzes")
    monkeypatch.chdir(tmp_path)
    options = {"--format": "moodle", "--bank": str(bank), "--out": str(tmp_path / "out")}
    options.update(dict(zip(args[::2], args[1::2], strict=True)))
    status, out, err = cli("export", *[item for pair in options.items() for item in pair])
    assert_one_line_error(status, out, err)
    assert f"{bank / named}:" in err and problem in err, err
    assert not (tmp_path / "out").exists()
    assert {p.name: p.read_bytes() for p in bank.iterdir()} == before


def test_the_write_is_atomic(cli: Cli, bank_dir: Path, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while writing leaves the earlier file as it was and no temporary file."""
    out = tmp_path / "quiz.xml"
    out.write_text("earlier export", encoding="utf-8")
    import generator.export.moodle as moodle

    # text that cannot be encoded stops the write half-way
    monkeypatch.setattr(moodle, "moodle_xml", lambda questions, lang: "<quiz>" * 999 + "\ud800")
    with pytest.raises(UnicodeEncodeError):
        cli("export", "--format", "moodle", "--bank", str(bank_dir), "--out", str(out))
    assert out.read_text(encoding="utf-8") == "earlier export"
    assert [p.name for p in tmp_path.iterdir()] == ["quiz.xml"]


def test_a_missing_bank_is_generated_from_the_quiz_definitions(
        cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "quizzes.yaml").write_text(
        "format: 1\nbank: {seed: 3, count: 6, langs: [en, ru]}\n"
        "chapters:\n  - {id: revoke, topics: [revoke], count: 2, seed: 1}\n"
        "mock_exam: {count: 3, topics: all, time_limit_minutes: 10, pass_mark: 0.5, seed: 2}\n",
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, err = cli("export", "--format", "gift")
    assert status == 0, err
    assert "generating it from quizzes" in err and err.count("\n") == 1
    assert (tmp_path / "quizzes" / "bank" / "1987" / "questions.en.json").exists()
    assert (tmp_path / "tdcourse-en.gift").read_text(encoding="utf-8").startswith(
        "$CATEGORY: $course$/top/tdcourse/Laws of 1987/")
    assert out.startswith("gift: ")
    # the 2017 code's bank is its own folder, generated in turn; its categories name the code
    status, out, err = cli("export", "--format", "moodle", "--lang", "ru", "--edition", "2017",
                           "--out", "q17.xml")
    assert status == 0, err
    assert "the 2017 code" in err
    manifest = json.loads((tmp_path / "quizzes" / "bank" / "2017" / "manifest.json").read_text(
        encoding="utf-8"))
    assert manifest["edition"] == "2017"
    root = ET.parse(tmp_path / "q17.xml").getroot()
    categories = [q.findtext("category/text") for q in root if q.get("type") == "category"]
    assert categories and all(c.startswith("$course$/top/tdcourse/Правила 2017 года/")
                              for c in categories), categories
    # a bank of one code is refused for the other, in one line
    status, out, err = cli("export", "--format", "gift", "--edition", "1987", "--bank",
                           "quizzes/bank/2017", "--out", "x.gift")
    assert_one_line_error(status, out, err)
    assert "holds questions of the 2017 code" in err
