"""The page "What changed from 1987 to 2017" (generator.book.changes): its cases really are
ruled otherwise by the two codes, its quiz keys the 2017 rulings, and it is the same every time.

The cases are made once per test session (``changes.cases`` remembers them within a process);
every check re-rules the shown case from its case-format text, so a case the page keeps for a
stale reason fails here.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from test_learner_text import BANNED_EN, BANNED_RU, _latin_words

from generator.book import changes
from generator.book.examples import symbols
from generator.book.quizdata import decode_key
from generator.laws.editions import differences, rule_both
from generator.laws.refs import EDITIONS
from generator.laws.ruler import sharing
from generator.model.board import Board
from generator.scenarios import keys
from generator.scenarios.deals import deals
from generator.scenarios.recipes import RECIPES
from generator.scenarios.verify import Rejected, build
from generator.table.case import parse_case

OLD, NEW = EDITIONS


@pytest.fixture(scope="module")
def cases() -> tuple[changes.Change, ...]:
    return changes.cases()


def _rule(change: changes.Change) -> dict[str, dict[str, Any]]:
    """The shown case read from its case-format text and ruled under both codes afresh."""
    case = parse_case(json.dumps(dict(change.shown)), f"what-changed-{change.number}.json")
    return rule_both(case)


def _answers(results: dict[str, dict[str, Any]], kind: str) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for edition in EDITIONS:
        ruling = keys.ruling_of(results[edition], kind)
        assert ruling is not None, f"no {kind} ruling under {edition}"
        out[edition] = changes._answer(results[edition], ruling)
    return out


def test_every_shown_case_is_ruled_otherwise_by_the_two_codes(
        cases: tuple[changes.Change, ...]) -> None:
    assert len(cases) >= 15
    assert [c.number for c in cases] == list(range(1, len(cases) + 1))
    for change in cases:
        results = _rule(change)
        assert differences(results), f"case {change.number} ({change.kind}) is ruled alike"
        answers = _answers(results, change.kind)
        for lang in ("en", "ru"):
            assert changes.answer_text(answers[OLD], lang) != \
                changes.answer_text(answers[NEW], lang), change.number
        # what the page stored is what the codes rule now
        assert changes.answer_text(answers[NEW], "en") == \
            changes.answer_text(change.answers[NEW], "en")
        assert changes.answer_text(answers[OLD], "en") == \
            changes.answer_text(change.answers[OLD], "en")
        assert change.shown["edition"] == NEW


def test_shown_kinds_are_differing_kinds_in_law_order(
        cases: tuple[changes.Change, ...]) -> None:
    table = sharing()
    assert all(table[c.kind]["status"] == "differs" for c in cases)
    order = changes.differing_kinds()
    positions = [order.index(c.kind) for c in cases]
    assert positions == sorted(positions)
    assert all(sum(1 for c in cases if c.kind == k) <= changes.PER_KIND for k in order)
    # most cases change what the director does, not only the clause cited
    assert sum(c.outcome for c in cases) * 2 > len(cases)


def test_every_differing_kind_with_a_generable_case_appears(
        cases: tuple[changes.Change, ...]) -> None:
    """Made the way the page makes them (the same deals, recipes and labels), the first boards
    of each differing kind: a kind with any board the two codes answer differently is shown."""
    shown = {c.kind for c in cases}
    board_deals = list(deals(2017, 0, changes.DEALS))
    for kind in changes.differing_kinds():
        made = 0
        found = False
        for position, deal in enumerate(board_deals):
            if made >= changes.BOARDS or found:
                break
            for name, recipe in sorted(RECIPES.items()):
                if recipe.kind.value != kind:
                    continue
                label = f"changes/2017/{name}/{position}"
                rng = random.Random(label)
                try:
                    record = build(recipe, Board.from_number(rng.randint(1, 32)), deal, label,
                                   rng).record()
                except Rejected:
                    continue
                made += 1
                found = found or changes._candidate(record, kind) is not None
        if found:
            assert kind in shown, f"{kind} has a differing case but the page shows none"


def test_the_table_lists_every_law_of_the_registry() -> None:
    rows = changes.law_rows("en")
    numbers = [n for n, _ in rows]
    assert numbers == sorted(numbers)
    listed = {kind for _, kinds in rows for kind, _ in kinds}
    assert listed == set(sharing())
    statuses = {kind: status for _, kinds in rows for kind, status in kinds}
    assert statuses["insufficient_bid"] == "differs"
    assert statuses["board_rotated"] == "shared"
    # a kind under another law in each code stands under both (17 in 1987, 15 in 2017)
    assert {n for n, kinds in rows if "cards_from_wrong_board" in dict(kinds)} == {15, 17}
    part = changes.what_changed_part("en")
    assert part.count('<tr class="tdc-') == len(rows)


def test_the_quiz_keys_the_2017_ruling_and_offers_the_1987_one(
        cases: tuple[changes.Change, ...]) -> None:
    for lang, why_start in (("en", "That was the 1987 rule: "),
                            ("ru", "Так было по Правилам 1987 года: ")):
        web = changes.quiz_questions(lang)
        bank = changes.bank_questions(lang)
        assert len(web) == len(bank) == len(cases)
        for change, question, stored in zip(cases, web, bank, strict=True):
            answers = _answers(_rule(change), change.kind)
            key = decode_key(question["k"])
            assert len(key["c"]) == 1
            texts = {c["id"]: c["text"] for c in question["choices"]}
            right = changes.answer_text(answers[NEW], lang)
            old = changes.answer_text(answers[OLD], lang)
            assert texts[key["c"][0]] == symbols(right, lang)
            wrong = [i for i in texts if i not in key["c"]]
            assert len(wrong) >= 2, f"case {change.number}: too few wrong answers"
            old_ids = [i for i in wrong if texts[i] == symbols(old, lang)]
            assert len(old_ids) == 1, f"case {change.number}: the 1987 answer is not offered"
            why_old = key["w"][old_ids[0]]
            assert "".join(p if isinstance(p, str) else p[0]
                           for p in why_old).startswith(why_start)
            # the 1987 clauses of that why are text, not links into the 2017 law index
            assert all(isinstance(p, str) for p in why_old), why_old
            # every wrong answer is wrong under 2017: not the 2017 answer, nor an open choice's
            ruling = keys.ruling_of(_rule(change)[NEW], change.kind)
            assert ruling is not None
            before = keys.in_force_before(_rule(change)[NEW], ruling)
            opened = {changes._effect([*before, *alt])
                      for _, _, alt in keys.open_alternatives(ruling)}
            for choice in stored["choices"]:
                if choice["correct"]:
                    assert changes._signature(choice["claim"]) == \
                        changes._signature(answers[NEW])
                else:
                    assert changes._signature(choice["claim"]) != \
                        changes._signature(answers[NEW])
                    assert changes._effect(choice["claim"]) not in opened
                    assert key["w"][choice["id"]], "a wrong answer without its why"
            assert question["prompt"] == changes._w(lang, "prompt")


def test_the_page_is_the_same_every_time() -> None:
    first = {lang: (changes.what_changed_part(lang), changes.quiz_json(lang))
             for lang in ("en", "ru")}
    changes.cases.cache_clear()  # made again from the seed, not remembered
    second = {lang: (changes.what_changed_part(lang), changes.quiz_json(lang))
              for lang in ("en", "ru")}
    assert first == second
    assert first["en"][0] != first["ru"][0]


def test_the_page_holds_each_case_side_by_side(cases: tuple[changes.Change, ...]) -> None:
    part = changes.what_changed_part("en")
    for change in cases:
        assert f"(change-{change.number})=" in part
        assert f'<a href="#change-{change.number}">' in part
    assert part.count('class="tdc-change-old"') == len(cases)
    assert part.count('class="tdc-change-new"') == len(cases)
    assert part.count('class="tdc-diagrams"') == len(cases)
    assert part.count("What a director trained on 1987 would get wrong.") == len(cases)
    assert f"```{{tdc-quiz}} {changes.QUIZ_FILE}" in part
    # 1987 clauses are plain text marked with the year; 2017 ones are links
    assert "(1987)" in part and "{law}`" in part
    assert not re.search(r"\{law\}`[^`]*` \(1987\)", part)


def _learner_text(part: str) -> str:
    """The page's words: without the raw HTML blocks' tags, roles, labels and the directive."""
    text = re.sub(r"<svg.*?</svg>", " ", part, flags=re.DOTALL)
    text = re.sub(r"\{law\}`[^`]*`|^\(.*\)=$|^```.*$|^:id:.*$|<[^>]+>", " ", text,
                  flags=re.MULTILINE)
    return text.replace("\\", "")


def test_the_learner_reads_no_program_words_and_russian_has_no_latin() -> None:
    en = _learner_text(changes.what_changed_part("en"))
    found = [m.group(0) for pattern in BANNED_EN for m in re.finditer(pattern, en, re.I)]
    assert not found, found
    ru = _learner_text(changes.what_changed_part("ru"))
    found = [m.group(0) for pattern in BANNED_RU for m in re.finditer(pattern, ru, re.I)]
    assert not found, found
    assert _latin_words(ru) == [], sorted(set(_latin_words(ru)))
    words = []
    for question in changes.quiz_questions("ru"):
        key = decode_key(question["k"])
        texts = [question["context"], question["prompt"],
                 *(c["text"] for c in question["choices"]),
                 *(p for p in key["e"] if isinstance(p, str)),
                 *(p for parts in key["w"].values() for p in parts if isinstance(p, str))]
        words += [w for text in texts for w in _latin_words(text)]
    assert words == [], sorted(set(words))
    assert _latin_words("правило 14B1b (1987), ♥10, Запад") == []
    assert _latin_words("that was the rule") != []
