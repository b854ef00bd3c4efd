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
        assert {"id", "clause", "topic", "group", "form", "source", "confidence", "q", "a"} \
            <= set(entry), entry.get("id")
        assert set(entry) <= {"id", "clause", "topic", "group", "form", "source", "confidence",
                              "q", "a", "clash", "distractors", "note"}, entry["id"]
        for own in entry.get("distractors") or ():
            assert set(own) == {"en", "ru", "law", "why"}, entry["id"]


def test_enough_facts_per_topic() -> None:
    counts = Counter(f.topic for f in F.facts())
    assert counts["director-and-procedure"] >= 25
    assert counts["proprieties"] >= 25
    assert counts["tournament"] >= 25
    assert counts["board-and-deal"] >= 10


def test_russian_has_no_latin_and_seats_are_russian() -> None:
    for fact in F.facts():
        for text in (fact.question["ru"], fact.answer["ru"],
                     *(d.text["ru"] for d in fact.distractors),
                     *(d.why["ru"] for d in fact.distractors)):
            assert not latin_words(text), (fact.id, text)
            assert not re.search(r"\b(N-S|E-W|NS|EW)\b", text), (fact.id, text)


def test_no_answer_of_a_group_repeats_another_clause_would_make_a_wrong_answer_right() -> None:
    """Two facts of one group with the same answer text are never each other's wrong answer,
    and a fact's wrong answers never equal its own answer in any language."""
    for fact in F.facts():
        for other in F.candidates(fact.id):
            assert other.clause != fact.clause
            assert other.group == fact.group and other.form == fact.form
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


def test_every_fact_can_make_a_question_with_three_wrong_answers() -> None:
    """Drawn neighbours of its form and its own distractors together give three at least, and
    a question is made for every fact."""
    assert {f.id: len(F.wrong_pool(f)) for f in F.facts()
            if len(F.wrong_pool(f)) < F.WRONG} == {}
    for fact in F.facts():
        question = F.ask(fact, random.Random(fact.id), "r")
        assert sum(not c["correct"] for c in question["choices"]) == F.WRONG, fact.id


def test_explicit_distractors_are_wrong_answers_of_their_own() -> None:
    """A written distractor names a clause of the index, is not the key, and is not the answer
    another fact gives to the same question or a clashing one, in either language."""
    index = law_index("1987")
    for fact in F.facts():
        for own in fact.distractors:
            assert own.law in index, (fact.id, own.law)
            assert set(own.text) == set(own.why) == set(LANGS), fact.id
            for lang in LANGS:
                assert own.text[lang] != fact.answer[lang], fact.id
                assert not own.why[lang].endswith("."), (fact.id, own.why[lang])
                rivals = [o.id for o in F.facts() if o is not fact and o.answer[lang]
                          == own.text[lang] and (o.question[lang] == fact.question[lang]
                                                 or F.clashes(fact, o))]
                assert rivals == [], (fact.id, own.text[lang])


def test_every_drawn_wrong_answer_shares_the_facts_form() -> None:
    """Over many questions of every fact drill, each wrong answer taken from another fact is of
    the asked fact's group and form (the examiner's "Only an opponent" for "Through whom?")."""
    for name in FACT_DRILLS:
        for index in range(150):
            question = made(name, index)
            fact = F.by_id()[question["key"]["fact"]]
            for choice in question["choices"]:
                claim = choice["claim"]
                if choice["correct"]:
                    continue
                if "fact" in claim:
                    other = F.by_id()[claim["fact"]]
                    assert (other.group, other.form) == (fact.group, fact.form), \
                        (fact.id, other.id)
                else:
                    own = fact.distractors[claim["distractor"]]
                    assert choice["text"] == own.text and claim["law"] == own.law


def test_a_wrong_distractor_is_caught() -> None:
    """A written distractor replaced by the key's text, or by a text it does not have, fails."""
    fact = next(f for f in F.facts() if len(f.distractors) >= F.WRONG and not F.candidates(f.id))
    question = localise(F.ask(fact, random.Random(2), "r"), "en")
    wrong = next(c for c in question["choices"] if not c["correct"])
    assert "distractor" in wrong["claim"]
    as_key = copy.deepcopy(question)
    next(c for c in as_key["choices"] if c["id"] == wrong["id"])["text"] = fact.answer["en"]
    assert check_problems(as_key, "wrong")
    other_law = copy.deepcopy(question)
    next(c for c in other_law["choices"] if c["id"] == wrong["id"])["claim"]["law"] = "1"
    assert check_problems(other_law, "wrong")
    unknown = copy.deepcopy(question)
    next(c for c in unknown["choices"] if c["id"] == wrong["id"])["claim"]["distractor"] = 99
    assert check_problems(unknown, "wrong")


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
        if not choice["correct"] and "fact" in choice["claim"]:
            other = F.by_id()[choice["claim"]["fact"]]
            assert choice["claim"]["law"] == other.clause != fact.clause
            assert f"Law {other.clause} " in choice["why"]["en"]
            assert f"правила {other.clause} " in choice["why"]["ru"]
        elif not choice["correct"]:
            own = fact.distractors[choice["claim"]["distractor"]]
            assert f"(Law {own.law}: " in choice["why"]["en"]
            assert f"(правило {own.law}: " in choice["why"]["ru"]
            assert own.why["en"] in choice["why"]["en"]


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
