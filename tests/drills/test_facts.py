"""The fact drills (generator.drills.facts): the table's shape, the questions it makes, and the
check that recomputes them."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from typing import Any

import pytest
import yaml

from generator import drills
from generator.drills import facts as F
from generator.laws.refs import law_index
from generator.model.board import Board
from generator.scenarios.audit import latin_words, texts
from generator.scenarios.questions import localise
from generator.scenarios.quizdefs import ALL_TOPICS

LANGS = ("en", "ru")
FACT_DRILLS = sorted(F.TOPIC_DRILLS.values())
ALL_DRILLS = [*FACT_DRILLS, "board_conditions"]


def made(name: str, index: int) -> dict[str, Any]:
    question = drills.make_question({"id": f"t{index}", "drill": name,
                                     "seed": f"test/{name}/{index}"})
    assert question is not None
    return question


# --- the table ------------------------------------------------------------------------------------

def test_every_fact_has_a_clause_of_the_index_both_languages_and_a_source() -> None:
    index = law_index("1987")
    for fact in F.facts():
        assert fact.clause in index, fact.id
        assert set(fact.question) == set(fact.answer) == set(LANGS), fact.id
        assert fact.question["en"].endswith("?") and fact.question["ru"].endswith("?"), fact.id
        assert fact.confidence in ("H", "M"), fact.id
        assert fact.source.strip(), fact.id
        for lang in LANGS:
            assert fact.answer[lang] != fact.question[lang]


def test_the_file_names_every_field_of_every_fact() -> None:
    raw = yaml.safe_load((F.resources.files("generator.drills") / "data/facts.yaml")
                         .read_text(encoding="utf-8"))
    for entry in raw["facts"]:
        assert {"id", "clause", "topic", "group", "source", "confidence", "q", "a"} \
            <= set(entry), entry.get("id")
        assert set(entry) <= {"id", "clause", "topic", "group", "source", "confidence", "q",
                              "a", "clash"}, entry["id"]


def test_enough_facts_per_topic() -> None:
    counts = Counter(f.topic for f in F.facts())
    assert counts["director-and-procedure"] >= 25
    assert counts["proprieties"] >= 25
    assert counts["tournament"] >= 25
    assert counts["board-and-deal"] >= 10


def test_russian_has_no_latin_and_seats_are_russian() -> None:
    for fact in F.facts():
        for text in (fact.question["ru"], fact.answer["ru"]):
            assert not latin_words(text), (fact.id, text)
            assert not re.search(r"\b(N-S|E-W|NS|EW)\b", text), (fact.id, text)


def test_no_answer_of_a_group_repeats_another_clause_would_make_a_wrong_answer_right() -> None:
    """Two facts of one group with the same answer text are never each other's wrong answer,
    and a fact's wrong answers never equal its own answer in any language."""
    for fact in F.facts():
        for other in F.candidates(fact.id):
            assert other.clause != fact.clause
            assert other.group == fact.group
            for lang in LANGS:
                assert other.answer[lang] != fact.answer[lang], (fact.id, other.id)
            assert not F.clashes(fact, other), (fact.id, other.id)


def test_answers_that_read_alike_in_one_language_read_alike_in_the_other() -> None:
    """Same English answer, same Russian answer (else deduplication by English would hide a
    Russian right answer among the wrong ones)."""
    by_en: dict[str, set[str]] = {}
    for fact in F.facts():
        by_en.setdefault(fact.answer["en"], set()).add(fact.answer["ru"])
    assert {en: ru for en, ru in by_en.items() if len(ru) > 1} == {}


def test_every_fact_has_three_wrong_answers() -> None:
    assert {f.id: len(F.candidates(f.id)) for f in F.facts()
            if len(F.candidates(f.id)) < F.WRONG} == {}


def test_a_clash_keeps_both_facts_apart() -> None:
    fact, other = F.by_id()["dummy-irregularity-after-play"], F.by_id()["dummy-first-call"]
    assert F.clashes(fact, other) and F.clashes(other, fact)
    assert other not in F.candidates(fact.id) and fact not in F.candidates(other.id)


def test_a_clash_extends_to_every_fact_with_the_same_answer() -> None:
    """The clash of 10A with 'The director' (seats-assigned) keeps out every 'The director'."""
    penalises = F.by_id()["only-director-penalises"]
    assert all(c.answer["en"] not in ("The director", "The chief director")
               for c in F.candidates(penalises.id))


# --- the drills -----------------------------------------------------------------------------------

def test_the_drills_are_registered_under_their_topics() -> None:
    table = drills.registry()
    for topic, name in F.TOPIC_DRILLS.items():
        assert table[name].topic == topic
        assert topic in ALL_TOPICS
    assert table["board_conditions"].topic == "board-and-deal"


@pytest.mark.parametrize("name", ALL_DRILLS)
def test_same_seed_same_question(name: str) -> None:
    first = json.dumps(made(name, 7), ensure_ascii=False, sort_keys=True)
    assert json.dumps(made(name, 7), ensure_ascii=False, sort_keys=True) == first


@pytest.mark.parametrize("name", ALL_DRILLS)
def test_the_check_passes_on_300_made_questions(name: str) -> None:
    check = drills.registry()[name].check
    asked: set[str] = set()
    for index in range(300):
        question = made(name, index)
        assert question["type"] == "single" and len(question["choices"]) == 4
        assert sum(c["correct"] for c in question["choices"]) == 1
        whys = [c["why"] for c in question["choices"] if not c["correct"]]
        assert all(set(w) == set(LANGS) for w in whys)
        for lang in LANGS:
            assert len({w[lang] for w in whys}) == 3
            local = localise(question, lang)
            assert check(local) == {"key": [], "right": [], "wrong": []}, (index, lang)
            if lang == "ru":
                assert [t for _, t in texts(local) if latin_words(t)] == []
        asked.add(json.dumps(question["key"], sort_keys=True))
    assert len(asked) >= 10


@pytest.mark.parametrize("name", FACT_DRILLS)
def test_the_fact_questions_keep_their_shape(name: str) -> None:
    question = made(name, 3)
    fact = F.by_id()[question["key"]["fact"]]
    assert question["key"] == {"fact": fact.id, "law": fact.clause}
    assert question["laws"] == [fact.clause] and question["topic"] == fact.topic
    right = next(c for c in question["choices"] if c["correct"])
    assert right["text"] == fact.answer and right["claim"] == {"law": fact.clause}
    for choice in question["choices"]:
        if not choice["correct"]:
            other = F.by_id()[choice["claim"]["fact"]]
            assert choice["claim"]["law"] == other.clause != fact.clause
            assert f"Law {other.clause} " in choice["why"]["en"]
            assert f"правила {other.clause} " in choice["why"]["ru"]


def test_every_fact_is_asked_by_its_drill() -> None:
    """Over enough seeds each fact of the table comes up: none is left unreachable."""
    seen: set[str] = set()
    for name in FACT_DRILLS:
        for index in range(400):
            seen.add(made(name, index)["key"]["fact"])
    assert {f.id for f in F.facts()} - seen == set()


@pytest.mark.parametrize("name", ALL_DRILLS)
def test_a_swapped_right_answer_is_caught(name: str) -> None:
    check = drills.registry()[name].check
    for index in range(20):
        question = localise(made(name, index), "en")
        tampered = copy.deepcopy(question)
        right = next(c for c in tampered["choices"] if c["correct"])
        wrong = next(c for c in tampered["choices"] if not c["correct"])
        right["correct"], wrong["correct"] = False, True
        verdict = check(tampered)
        assert verdict["right"] and verdict["wrong"], verdict


def test_a_wrong_answer_from_the_same_clause_or_a_foreign_text_is_caught() -> None:
    question = localise(made("facts_tournament", 1), "ru")
    fact = F.by_id()[question["key"]["fact"]]
    wrong = next(c for c in question["choices"] if not c["correct"])
    same_clause = copy.deepcopy(question)
    next(c for c in same_clause["choices"] if c["id"] == wrong["id"])["claim"] = \
        {"law": fact.clause, "fact": fact.id}
    assert check_problems(same_clause, "wrong")
    foreign = copy.deepcopy(question)
    next(c for c in foreign["choices"] if c["id"] == wrong["id"])["text"] = "Главный судья?"
    assert check_problems(foreign, "wrong")
    unknown = copy.deepcopy(question)
    unknown["key"] = {"fact": "no-such-fact", "law": "80A"}
    assert check_problems(unknown, "key")


def check_problems(question: dict[str, Any], where: str) -> list[str]:
    return F.check_fact(question)[where]


def test_board_conditions_agree_with_the_board_model() -> None:
    for index in range(100):
        question = made("board_conditions", index)
        key = question["key"]
        board = Board.from_number(key["board"])
        assert (key["dealer"], key["vulnerable"]) == (board.dealer.value,
                                                      board.vulnerability.value)
        right = next(c for c in question["choices"] if c["correct"])
        assert right["claim"]["dealer"] == board.dealer.value
        wrong = [c["claim"] for c in question["choices"] if not c["correct"]]
        assert any(c["dealer"] == board.dealer.value for c in wrong)
        assert any(c["vulnerable"] == board.vulnerability.value for c in wrong)


def test_board_14_is_east_nobody_vulnerable() -> None:
    """Board 14 of the chapter's table: East deals (14 = 4*3 + 2), nobody vulnerable."""
    text = F._choice_text(Board.from_number(14).dealer, Board.from_number(14).vulnerability,
                          "en")
    assert text == "East deals, nobody vulnerable"
    ru = F._choice_text(Board.from_number(30).dealer, Board.from_number(30).vulnerability, "ru")
    assert ru == "Сдаёт Восток, все до зоны"


def test_a_board_question_with_another_board_in_its_key_is_caught() -> None:
    question = localise(made("board_conditions", 5), "en")
    tampered = copy.deepcopy(question)
    tampered["key"]["board"] = question["key"]["board"] % 36 + 1
    verdict = F.check_board_conditions(tampered)
    assert verdict["key"]


def test_the_sampler_spreads_facts_and_is_fixed_by_the_rng() -> None:
    fact = F.by_id()["appoints-director"]
    one = F.ask(fact, random.Random(1), "r")
    assert one == F.ask(fact, random.Random(1), "r")
    texts_of = {c["text"]["en"] for c in one["choices"]}
    assert "The sponsoring organisation" in texts_of and len(texts_of) == 4
