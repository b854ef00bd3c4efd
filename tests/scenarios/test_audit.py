"""``tdcourse audit``: a fresh bank passes every check, and each check catches what it is for.

The audit re-rules each question's ``shown`` case with the engine, so a question passes only if
what the learner sees is enough to give the keyed answer and to call every wrong answer wrong.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.errors import InputError
from generator.scenarios.audit import CHECKS, audit, audit_records, latin_words
from generator.scenarios.bank import Plan, drills, scenarios, write_bank
from generator.scenarios.questions import localise


@cache
def fresh() -> tuple[dict[str, Any], ...]:
    """A fresh bank of 500 scenarios (the issue asks for at least 500)."""
    return tuple(scenarios(Plan(500, 2027), workers=2))


def _bank(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    every = [q for r in records for q in r["questions"]]
    return {lang: [localise(q, lang) for q in every] for lang in ("en", "ru")}


def test_a_fresh_bank_of_500_scenarios_passes_every_check() -> None:
    """The 500 scenarios and the bank's drill questions beside them (a quarter as many: their
    own key, right and wrong checks, then the why and Russian checks every question gets)."""
    scenario_records = list(fresh())
    drilled = drills(Plan(500, 2027))
    records = [*scenario_records, *drilled]
    report = audit_records(records, ("en", "ru"))
    assert report.failures == []
    total = sum(len(r["questions"]) for r in records)
    assert report.questions == total >= 2000 and len(drilled) == 125
    table_checks = {"shown", "moment"}  # a drill question shows no table: not checked there
    in_scenarios = sum(len(r["questions"]) for r in scenario_records)
    for check in CHECKS:
        assert report.passed[check] == (in_scenarios if check in table_checks else total), check


def _first(kind: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    records = copy.deepcopy(list(fresh()[:120]))
    for record in records:
        for question in record["questions"]:
            if question["kind"] == kind:
                return records, question
    raise AssertionError(kind)


def _failed(records: list[dict[str, Any]], check: str) -> list[str]:
    report = audit(records, _bank(records))
    return [f for f in report.failures if f": {check}: " in f]


def test_a_key_the_ruling_does_not_give_fails() -> None:
    records, question = _first("next")
    right = question["key"]["state"]["next"]
    question["key"] = {"state": {"next": next(s for s in "NESW" if s != right)}}
    assert _failed(records, "key")


def test_a_score_that_is_not_the_ruling_score_fails() -> None:
    records, question = _first("score")
    question["answer"] += 10
    assert _failed(records, "key")


def test_a_wrong_answer_that_is_right_fails() -> None:
    """A wrong answer claiming exactly what the ruling says is caught (a decoy equal in effect
    to the key)."""
    records, question = _first("ruling")
    right = next(c for c in question["choices"] if c["correct"])
    wrong = next(c for c in question["choices"] if not c["correct"])
    wrong["claim"] = copy.deepcopy(right["claim"])
    assert any("states what the ruling says" in f for f in _failed(records, "wrong"))


def test_a_wrong_option_that_is_open_fails() -> None:
    records, question = _first("options")
    right = next(c for c in question["choices"] if c["correct"])
    wrong = next(c for c in question["choices"] if not c["correct"])
    wrong["claim"] = dict(right["claim"])
    assert _failed(records, "wrong")


def test_a_right_answer_the_ruling_does_not_give_fails() -> None:
    records, question = _first("law")
    right = next(c for c in question["choices"] if c["correct"])
    right["claim"] = {"law": "90A"}
    assert _failed(records, "right")


def test_a_question_without_shown_or_why_fails() -> None:
    records, question = _first("ruling")
    wrong = next(c for c in question["choices"] if not c["correct"])
    wrong["why"] = {"en": "", "ru": ""}
    assert _failed(records, "why")
    del question["shown"]
    assert _failed(records, "shown")


def test_two_wrong_answers_with_the_same_why_fail() -> None:
    records, question = _first("law")
    wrongs = [c for c in question["choices"] if not c["correct"]]
    wrongs[1]["why"] = dict(wrongs[0]["why"])
    assert _failed(records, "why")


def test_a_text_naming_a_later_card_fails() -> None:
    """The context may not tell what happens after the moment it shows."""
    records = copy.deepcopy(list(fresh()[:120]))
    for record in records:
        for question in record["questions"]:
            shown = question["shown"]["events"]
            later = [e.split()[-1] for e in record["case"]["events"][len(shown):]
                     if " plays " in e and e.split()[-1] not in " ".join(shown)]
            if question["kind"] == "ruling" and later:
                card = later[-1]
                symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]] + \
                    card[1:].replace("T", "10")
                question["context"]["en"] += f" Later {symbol} was played."
                assert _failed(records, "moment")
                return
    raise AssertionError("no ruling question with a card played after its moment")


def test_latin_in_russian_fails_but_cards_and_laws_do_not() -> None:
    assert latin_words("Восток сыграл ♥K и ♣10 (правило 62B1, 25B2b1, 27B1(a)).") == []
    assert latin_words("Север (review) сделал bid") == ["review", "bid"]
    records, question = _first("ruling")
    question["context"]["ru"] += " (inadvertent)"
    assert _failed(records, "russian")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True,
                          text=True, timeout=300)


def test_the_command_prints_counts_and_exits_1_on_a_failure(tmp_path: Path) -> None:
    records = copy.deepcopy(list(fresh()[:40]))
    good = tmp_path / "good"
    write_bank(good, Plan(40, 2027), records)
    done = _run("audit", str(good))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("questions audited")
    for check in CHECKS:
        assert any(line.split()[:1] == [check] and " 0 failed" in line for line in lines), check
    question = next(q for r in records for q in r["questions"] if q["kind"] == "next")
    question["key"] = {"state": {"next": "N" if question["key"]["state"]["next"] != "N"
                                 else "E"}}
    bad = tmp_path / "bad"
    write_bank(bad, Plan(40, 2027), records)
    done = _run("audit", str(bad))
    assert done.returncode == 1
    assert f"{question['id']}: key:" in done.stdout


def test_a_broken_bank_is_one_line_exit_2(tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    write_bank(bank, Plan(40, 2027), list(fresh()[:40]))
    (bank / "questions.ru.json").write_text("[{", encoding="utf-8")
    done = _run("audit", str(bank))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "questions.ru.json" in done.stderr and "Traceback" not in done.stderr


def test_build_refuses_a_bank_that_fails_its_audit() -> None:
    from generator.build import _audit

    records = copy.deepcopy(list(fresh()[:30]))
    said: list[str] = []
    _audit(records, ("en", "ru"), said.append)  # a sound bank goes through
    assert said[0].endswith("questions audited")
    question = next(q for r in records for q in r["questions"] if q["kind"] == "score")
    question["answer"] = question["answer"] + 50
    with pytest.raises(InputError, match="fails its audit"):
        _audit(records, ("en", "ru"), said.append)


def test_the_bank_files_carry_shown_key_and_claims(tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    write_bank(bank, Plan(20, 2027), list(fresh()[:20]))
    for lang in ("en", "ru"):
        for question in json.loads((bank / f"questions.{lang}.json").read_text("utf-8")):
            assert set(question["shown"]) >= {"board", "deal", "events", "edition"}
            assert question["key"]
            for choice in question.get("choices", []):
                assert isinstance(choice["claim"], dict) and choice["claim"]
