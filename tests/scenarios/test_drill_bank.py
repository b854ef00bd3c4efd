"""Drills in the bank: made from a seed, stored in ``drills.json``, audited and verified.

A drill here is a small one of the test's own (the IMPs of a score difference on the Law 78B
scale), registered for the test only, so that these tests hold whatever drills the project has.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from generator import drills
from generator.errors import InputError
from generator.laws.law78 import imps
from generator.scenarios.audit import audit_bank
from generator.scenarios.bank import (
    Plan,
    bank_ids,
    check_counts,
    load_bank,
    load_drills,
    load_questions,
    verify_drills,
    write_bank,
)
from generator.scenarios.bank import drills as plan_drills

#: Law 78B's scale at a few differences, written out by hand: 0-10 → 0, 20-40 → 1, 370-420 → 9,
#: 600-740 → 12.
HAND_SCALE = {0: 0, 10: 0, 20: 1, 40: 1, 370: 9, 420: 9, 600: 12, 740: 12}


def _make(rng: random.Random, rid: str) -> dict[str, Any] | None:
    difference = rng.choice(sorted(HAND_SCALE))
    if difference == 0 and rng.random() < 0.5:
        return None  # a drill may decline a draw
    right = HAND_SCALE[difference]
    wrong = sorted({right + 1, right + 2, max(0, right - 1)} - {right})[:2]
    texts = {"en": f"{difference} points", "ru": f"{difference} очков"}
    choices = [{"id": "a", "text": {"en": str(right), "ru": str(right)}, "correct": True,
                "claim": {"imps": right}}]
    for letter, value in zip("bc", wrong, strict=True):
        choices.append({"id": letter, "text": {"en": str(value), "ru": str(value)},
                        "correct": False, "claim": {"imps": value},
                        "why": {"en": f"{value} is another band",
                                "ru": f"{value}: другая ступень"}})
    return {"id": f"{rid}-imps", "type": "single", "kind": "imps", "laws": ["78B"],
            "difficulty": 1, "prompt": texts, "context": texts,
            "explanation": {"en": "By the scale.", "ru": "По шкале."},
            "key": {"difference": difference, "imps": right}, "choices": choices}


def _check(question: Mapping[str, Any]) -> dict[str, list[str]]:
    right = imps(int(question["key"]["difference"]))
    out: dict[str, list[str]] = {"key": [], "right": [], "wrong": []}
    if question["key"]["imps"] != right:
        out["key"].append(f"keyed {question['key']['imps']}, the scale gives {right}")
    for choice in question["choices"]:
        holds = choice["claim"]["imps"] == right
        if choice["correct"] and not holds:
            out["right"].append(f"choice {choice['id']} is not {right}")
        if not choice["correct"] and holds:
            out["wrong"].append(f"choice {choice['id']} is right")
    return out


@pytest.fixture
def test_drill(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(drills, "DRILLS", {})
    monkeypatch.setattr(drills, "MODULES", ())
    drills.drill("imps_by_hand", "tricks", check=_check)(_make)
    yield "imps_by_hand"


def test_records_are_fixed_by_the_seed_and_hold_the_count(test_drill: str) -> None:
    first = drills.records(5, 12)
    assert first == drills.records(5, 12)
    assert len(first) == 12
    assert all(r["drill"] == test_drill and r["topic"] == "tricks" for r in first)
    assert all(len(r["questions"]) == 1 for r in first)
    assert first != drills.records(6, 12)
    # a declined draw is skipped, not counted: the ids are not consecutive then
    indexes = [int(r["id"].rsplit("-", 1)[1]) for r in first]
    assert indexes == sorted(indexes) and len(set(indexes)) == 12


def test_a_plan_of_drill_topics_only_holds_no_scenario(test_drill: str) -> None:
    plan = Plan(7, 3, ("tricks",), ("en", "ru"), drills=4)
    assert plan.drill_topics == ("tricks",) and plan.drill_count == 4
    assert Plan(40, 3, ("tricks",), ("en", "ru")).drill_count == drills.default_count(40) == 10
    assert Plan(40, 3, ("revoke",), ("en", "ru")).drill_count == 0  # no drill feeds revoke


def _bank(tmp_path: Path, scenarios: int = 2, count: int = 6) -> Path:
    plan = Plan(scenarios, 11, ("tricks",), ("en", "ru"), drills=count)
    from generator.scenarios.bank import scenarios as make_scenarios

    out = tmp_path / "bank"
    write_bank(out, plan, make_scenarios(plan), plan_drills(plan))
    return out


def test_a_bank_stores_drills_and_their_questions_and_audits_them(
        test_drill: str, tmp_path: Path) -> None:
    bank = _bank(tmp_path)
    manifest, records = load_bank(bank)
    stored = load_drills(bank)
    assert manifest["drills"] == len(stored) == 6
    assert set(stored[0]) == {"id", "drill", "topic", "seed", "edition"}
    assert {d["edition"] for d in stored} == {manifest["edition"]} == {"1987"}
    ids = bank_ids(bank, records)
    questions = {lang: load_questions(bank, lang, ids) for lang in ("en", "ru")}
    check_counts(bank, manifest, records, questions)
    drilled = [q for q in questions["ru"] if q.get("drill") == test_drill]
    assert len(drilled) == 6 and all("board" not in q for q in drilled)
    assert drilled[0]["lang"] == "ru" and "очков" in drilled[0]["prompt"]
    report = audit_bank(bank)
    assert report.ok, report.failures
    assert report.passed["key"] == report.questions  # scenarios' and drills' keys alike
    for lang in ("en", "ru"):
        assert verify_drills(bank, lang, questions[lang], f"questions.{lang}.json") == []


def test_the_audit_catches_a_wrong_key_in_a_drill_question(
        test_drill: str, tmp_path: Path) -> None:
    bank = _bank(tmp_path, count=3)
    for lang in ("en", "ru"):
        file = bank / f"questions.{lang}.json"
        data = json.loads(file.read_text(encoding="utf-8"))
        target = next(q for q in data if q.get("drill"))
        target["key"]["imps"] += 5
        for choice in target["choices"]:
            choice["correct"] = not choice["correct"]
        file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = audit_bank(bank)
    assert report.failed["key"] == 1 and report.failed["right"] == 1
    assert report.failed["wrong"] == 1
    loaded = load_questions(bank, "en", bank_ids(bank, load_bank(bank)[1]))
    assert verify_drills(bank, "en", loaded, "questions.en.json")  # it no longer agrees


def test_a_drills_file_that_disagrees_with_the_manifest_is_refused(
        test_drill: str, tmp_path: Path) -> None:
    bank = _bank(tmp_path, count=3)
    file = bank / "drills.json"
    file.write_text(json.dumps(json.loads(file.read_text())[:2]), encoding="utf-8")
    manifest, records = load_bank(bank)
    every = {q["scenario"] for q in json.loads((bank / "questions.en.json").read_text())}
    questions = {"en": load_questions(bank, "en", every)}
    with pytest.raises(InputError, match=r"drills is 3 but drills\.json holds 2"):
        check_counts(bank, manifest, records, questions)


def test_a_scenario_question_without_its_table_is_refused(test_drill: str,
                                                          tmp_path: Path) -> None:
    bank = _bank(tmp_path, count=1)
    file = bank / "questions.en.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    scenario_question = next(q for q in data if "drill" not in q)
    del scenario_question["deal"]
    file.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(InputError, match="a scenario's question needs 'deal'"):
        load_questions(bank, "en", bank_ids(bank, load_bank(bank)[1]))


def test_a_damaged_drills_file_names_its_line(test_drill: str, tmp_path: Path) -> None:
    bank = _bank(tmp_path, count=2)
    (bank / "drills.json").write_text('[\n {"id": "x", "drill": "imps_by_hand"}\n]\n')
    with pytest.raises(InputError, match=r"drills\.json:2"):
        load_drills(bank)


def test_generate_drills_option_sets_the_count_and_refuses_a_negative_one(
        cli: Any, tmp_path: Path) -> None:
    """``tdcourse generate --drills N``: N drill questions beside the scenarios; topics that
    only drills feed make a bank of drills alone; a negative N is a one-line error, status 2."""
    status, _out, err = cli("generate", "--count", "3", "--drills", "-1", "--quiet",
                           "--out", str(tmp_path / "bad"))
    assert status == 2 and "--drills must be 0 or more" in err and "Traceback" not in err
    status, _out, err = cli("generate", "--count", "5", "--topics", "scoring", "--quiet",
                           "--out", str(tmp_path / "scoring"))
    assert status == 0, err
    manifest = json.loads((tmp_path / "scoring" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["count"] == 0 and manifest["drills"] == 5
    status, _out, err = cli("generate", "--count", "2", "--drills", "3", "--topics",
                           "revoke,scoring", "--quiet", "--out", str(tmp_path / "mixed"))
    assert status == 0, err
    manifest = json.loads((tmp_path / "mixed" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["count"] == 2 and manifest["drills"] == 3
