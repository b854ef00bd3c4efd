"""The bank on disk: ``tdcourse generate`` is reproducible, canonical and atomic; bad input is one
line and exit status 2; ``tdcourse verify`` passes on a fresh bank and reports a tampered one."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import generator.scenarios.bank as bank_module

Cli = Callable[..., tuple[int, str, str]]
TDCOURSE = Path(sys.executable).with_name("tdcourse")


def run_tdcourse(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command, in its own process (what a user runs)."""
    command = [str(TDCOURSE)] if TDCOURSE.exists() else [sys.executable, "-m", "generator.cli"]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120,
                          check=False)


def files_of(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def generate(cli: Cli, out: Path, *args: str) -> dict[str, bytes]:
    status, stdout, err = cli("generate", "--out", str(out), "--quiet", *args)
    assert status == 0, (stdout, err)
    assert f"bank written to {out}" in stdout
    return files_of(out)


def sorted_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    assert keys == sorted(keys), keys
    return dict(pairs)


def assert_one_line_error(status: int, out: str, err: str) -> None:
    assert status == 2, (status, out, err)
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert err.startswith("tdcourse")
    assert out == ""


# --------------------------------------------------------------------------- reproducible
def test_same_seed_same_bytes_other_seed_other_bank(cli: Cli, tmp_path: Path) -> None:
    first = generate(cli, tmp_path / "a", "--count", "60", "--seed", "5", "--workers", "1")
    again = generate(cli, tmp_path / "b", "--count", "60", "--seed", "5", "--workers", "1")
    assert set(first) == {"manifest.json", "scenarios.json", "drills.json",
                          "questions.en.json", "questions.ru.json"}
    assert first == again  # every file, byte for byte
    other = generate(cli, tmp_path / "c", "--count", "60", "--seed", "6", "--workers", "1")
    assert set(other) == set(first)
    assert other["scenarios.json"] != first["scenarios.json"]
    assert other["questions.en.json"] != first["questions.en.json"]
    # two processes (more than one chunk of deals) give the same bytes as one
    parallel = generate(cli, tmp_path / "d", "--count", "60", "--seed", "5", "--workers", "2")
    assert parallel == first
    manifest = json.loads(first["manifest.json"])
    assert manifest["seed"] == 5 and manifest["count"] == 60 and manifest["edition"] == "1987"
    records = json.loads(first["scenarios.json"])
    assert len(records) == 60 and len({r["id"] for r in records}) == 60
    questions = json.loads(first["questions.en.json"])
    assert manifest["questions"] == len(questions) == len(json.loads(first["questions.ru.json"]))


def test_files_are_json_with_sorted_keys(cli: Cli, tmp_path: Path) -> None:
    files = generate(cli, tmp_path / "bank", "--count", "12", "--seed", "3")
    for name, data in files.items():
        text = data.decode("utf-8")
        assert text.endswith("\n"), name
        json.loads(text, object_pairs_hook=sorted_keys)  # every object, at every depth
    assert "\\u04" not in files["questions.ru.json"].decode("utf-8")  # Cyrillic as is


def test_lang_en_writes_only_english(cli: Cli, tmp_path: Path) -> None:
    files = generate(cli, tmp_path / "bank", "--count", "10", "--seed", "3", "--lang", "en")
    assert set(files) == {"manifest.json", "scenarios.json", "drills.json", "questions.en.json"}
    assert json.loads(files["manifest.json"])["langs"] == ["en"]
    assert all(q["lang"] == "en" for q in json.loads(files["questions.en.json"]))


def test_topics_select_only_that_topic(cli: Cli, tmp_path: Path) -> None:
    files = generate(cli, tmp_path / "bank", "--count", "15", "--seed", "3",
                     "--topics", "insufficient-bid")
    records = json.loads(files["scenarios.json"])
    assert len(records) == 15
    assert {r["kind"] for r in records} == {"insufficient_bid"}
    questions = json.loads(files["questions.ru.json"])
    assert questions and {q["topic"] for q in questions} == {"insufficient-bid"}
    assert json.loads(files["manifest.json"])["topics"] == ["insufficient-bid"]


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("args, fragment", [
    (("--count", "0"), "--count"),
    (("--count", "-5"), "--count"),
    (("--topics", "no-such-topic"), "no-such-topic"),
    (("--topics", "revoke,bananas"), "bananas"),
    (("--lang", "de"), "'de'"),
    (("--lang", "en,xx"), "'xx'"),
    (("--count", "ten"), "ten"),
])
def test_bad_input_is_one_line(cli: Cli, tmp_path: Path, args: tuple[str, ...],
                               fragment: str) -> None:
    out = tmp_path / "bank"
    status, stdout, err = cli("generate", "--out", str(out), "--quiet", *args)
    assert_one_line_error(status, stdout, err)
    assert fragment in err
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_bad_input_from_the_installed_command(tmp_path: Path) -> None:
    for args in (["--count", "0"], ["--topics", "nonsense"], ["--lang", "fr"]):
        done = run_tdcourse("generate", "--out", str(tmp_path / "bank"), *args)
        assert_one_line_error(done.returncode, done.stdout, done.stderr)
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- atomic
@pytest.mark.parametrize("error", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_failing_run_leaves_the_previous_bank(cli: Cli, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              error: BaseException) -> None:
    out = tmp_path / "bank"
    before = generate(cli, out, "--count", "10", "--seed", "1")
    calls = []

    def broken(question: dict[str, Any], lang: str) -> dict[str, Any]:
        calls.append(lang)
        raise error

    monkeypatch.setattr(bank_module, "localise", broken)
    if isinstance(error, KeyboardInterrupt):
        status, _, err = cli("generate", "--out", str(out), "--quiet", "--count", "10",
                             "--seed", "2")
        assert status == 130 and "interrupted" in err and "Traceback" not in err
    else:
        with pytest.raises(RuntimeError, match="disk on fire"):
            cli("generate", "--out", str(out), "--quiet", "--count", "10", "--seed", "2")
    assert calls, "write_bank did not reach the questions"
    assert files_of(out) == before  # untouched, byte for byte
    assert [p.name for p in tmp_path.iterdir()] == ["bank"]  # no temporary directory left


def test_a_good_run_replaces_the_bank(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "bank"
    generate(cli, out, "--count", "10", "--seed", "1")
    # a file of a language an older bank had (ours): the new bank does not keep it (a file
    # tdcourse does not write there is refused instead: tests/cli/test_cli_outputs.py)
    (out / "questions.de.json").write_text("[]\n", encoding="utf-8")
    after = generate(cli, out, "--count", "10", "--seed", "2", "--lang", "en")
    assert set(after) == {"manifest.json", "scenarios.json", "drills.json", "questions.en.json"}
    assert json.loads(after["manifest.json"])["seed"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["bank"]


# --------------------------------------------------------------------------- verify
def test_verify_passes_then_reports_a_tampered_ruling(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "bank"
    generate(cli, out, "--count", "30", "--seed", "8", "--topics",
             "insufficient-bid,calls-out-of-rotation")
    done = run_tdcourse("verify", str(out))
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert done.stdout.strip().splitlines()[-1] == "30 agree, 0 disagree"

    path = out / "scenarios.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    target = None
    for record in records:
        for rect in record["ruling"]["rectifications"]:
            if rect.get("scope") in ("throughout", "next_turn"):
                rect["scope"] = "next_turn" if rect["scope"] == "throughout" else "throughout"
                target = record["id"]
                break
        if target:
            break
    assert target is not None, "no ruling with a scope to tamper with"
    path.write_text(bank_module.dumps(records), encoding="utf-8")
    done = run_tdcourse("verify", str(out))
    assert done.returncode == 1, (done.stdout, done.stderr)
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "29 agree, 1 disagree"
    assert any(line.startswith(f"{target}: ruling rectifications now") for line in lines), lines
    assert "Traceback" not in done.stderr


def test_verify_reports_other_tampering(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "bank"
    generate(cli, out, "--count", "12", "--seed", "4")
    path = out / "scenarios.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    scored = next(r for r in records[1:] if r["score"] and r["score"]["NS"])
    scored["score"]["NS"] += 10
    records[0]["irregularities"][0]["seat"] = "N" if records[0]["irregularities"][0]["seat"] \
        != "N" else "E"
    path.write_text(bank_module.dumps(records), encoding="utf-8")
    status, stdout, _ = cli("verify", str(out))
    assert status == 1
    assert f"{scored['id']}: score now" in stdout
    assert f"{records[0]['id']}: irregularities now" in stdout


def test_verify_of_a_broken_bank_is_one_line(cli: Cli, tmp_path: Path) -> None:
    status, out, err = cli("verify", str(tmp_path))
    assert_one_line_error(status, out, err)
    assert "manifest.json" in err
    generate(cli, tmp_path / "bank", "--count", "5", "--seed", "1")
    (tmp_path / "bank" / "scenarios.json").write_text("[{", encoding="utf-8")
    status, out, err = cli("verify", str(tmp_path / "bank"))
    assert_one_line_error(status, out, err)
    assert "scenarios.json:1" in err
