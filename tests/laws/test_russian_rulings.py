"""The Russian of the rulings' explanations reads as a director says it: no engine codes in Latin
letters (cards as ♥K, calls as 1♥ / 3БК / пас / контра, pairs as С–Ю / В–З, requests in words),
and a seat after a preposition or a governing noun declined («очередь была за Востоком», «до
хода Севера», «запретить Западу», «потребовать от Севера»), for every case file and for a sample
of generated scenarios. The words come from :mod:`generator.laws.words`, one place for the
explanations and the announcement alike."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator.laws.engine import analyse
from generator.laws.explain import describe_fact, note_text, rectification_text
from generator.scenarios.bank import Plan, scenarios
from generator.table.case import load_case

TESTS = Path(__file__).resolve().parents[1]
CASES = TESTS / "cases" / "1987"
CASE_FILES = sorted(CASES.rglob("*.yaml"))

#: A seat in the nominative where the sentence governs another case: after «игрок*», the
#: prepositions за / у / от / к / до хода / с руки / в руке, and «сторона» (the owner of the side).
SEAT = r"(?:Север|Юг|Восток|Запад)(?![а-яё])"
NOMINATIVE_AFTER = [re.compile(rf"(?<![а-яё]){before}\s+{SEAT}", re.IGNORECASE) for before in (
    r"игрок[а-яё]*", r"за", r"у", r"от", r"к", r"до\s+хода", r"с\s+руки", r"в\s+руке",
    r"сторона", r"очередь")]


def _announcement_tests() -> ModuleType:
    """F's announcement test, whose pattern of the Latin Russian text may hold (cards and
    citations) is the one this test checks with (loaded by path: the tests are no package)."""
    path = TESTS / "cli" / "test_rule_announcement.py"
    spec = importlib.util.spec_from_file_location("rule_announcement_patterns", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


latin_words = _announcement_tests().latin_words


def nominative_after(text: str) -> list[str]:
    """The undeclined seat names in ``text`` (empty when every seat is in its case)."""
    return [m.group(0) for pattern in NOMINATIVE_AFTER for m in pattern.finditer(text)]


@cache
def case_result(path: Path) -> dict[str, Any]:
    return analyse(load_case(path))


def russian(path: Path) -> list[str]:
    return [ruling["explanation"]["ru"] for ruling in case_result(path)["rulings"]]


def test_the_forbidden_shapes_are_caught() -> None:
    for bad in ("очередь была за Восток", "до хода игрока Север", "в руке игрока Юг",
                "сторона Запад станет", "потребовать игроку Север", "у Юг ♥K", "к Запад"):
        assert nominative_after(bad), bad
    for good in ("очередь была за Востоком", "до хода Севера", "запретить Западу ход",
                 "сторона Юга станет", "потребовать от Севера", "у Юга ♥K", "к Западу",
                 "Юг должен пасовать", "Север выбрал: принять"):
        assert nominative_after(good) == [], good


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_case_reads_in_russian(path: Path) -> None:
    for text in russian(path):
        assert latin_words(text) == [], text
        assert nominative_after(text) == [], text


def test_a_sample_of_generated_scenarios_reads_in_russian() -> None:
    for record in scenarios(Plan(40, 7), workers=1):
        text = record["ruling"]["explanation"]["ru"]
        assert latin_words(text) == [], (record["id"], text)
        assert nominative_after(text) == [], (record["id"], text)


def _sentences(law: str, name: str) -> list[str]:
    """The sentences of a case's Russian explanations (each ends at ". " before a capital)."""
    text = " ".join(russian(CASES / law / f"{name}.yaml"))
    return re.split(r"(?<=\.) (?=[А-ЯЁ♠♥♦♣])", text)


@pytest.mark.parametrize(("law", "name", "sentence"), [
    # dummy's cards are played from the table, not «с руки Востока»
    ("law54", "declarer-leading-from-dummy-instead-of-his-hand-must-lead-the-same-suit-from-hand",
     "Разыгрывающий пошёл вне очереди со стола (♦2) (правило 55)."),
    ("law29", "refused-bid-out-of-rotation-is-cancelled-and-the-skipped-player-calls",
     "Запад назначил 1♠ вне очереди (очередь была за Востоком) (правило 31)."),
    ("law29", "refused-bid-out-of-rotation-is-cancelled-and-the-skipped-player-calls",
     "Если сторона Востока станет вистующей, разыгрывающий может потребовать или запретить ход "
     "в пики при первом ходе Востока, если только Запад до конца торговли не назовёт пики в "
     "легальной заявке (правило 26A2)."),  # the auction goes on: 26A1 may still lift it
    ("law29", "refused-bid-out-of-rotation-is-cancelled-and-the-skipped-player-calls",
     "С–Ю могут пользоваться информацией из отменённой заявки (правило 16C1)."),
    ("law30", "partner-who-doubles-after-a-pass-out-of-turn-at-his-turn-makes-an-inadmissible-"
     "double",
     # the auction is over and West's side defends: no "if" any more
     "Разыгрывающий может запретить Западу ход в любую одну масть при его первом ходе; "
     "сторона Запада вистует, поэтому это действует (правило 26B)."),
    ("law21", "misinformed-change-after-the-final-pass-before-the-opening-lead-is-allowed",
     "Север изменил заявку (пас на контру) (правило 25)."),
    ("law34", "explicitly-accepted-third-pass-out-of-turn-leaves-the-dealer-his-call-and-then-"
     "the-auction-ends",
     "Торговля не была окончена: она вернулась к Северу, пропустившему свою очередь "
     "(правило 34)."),
    ("law12", "claim-after-a-revoke-establishes-it-and-the-transfer-is-scored",
     "После розыгрыша пара С–Ю получает 1 взятку (правило 64A1)."),
    ("law20", "barred-player-may-not-have-the-auction-reviewed-even-at-his-turn",
     "Запад попросил повторить торговлю (правило 20B)."),
])
def test_chosen_cases_give_the_declined_sentence(law: str, name: str, sentence: str) -> None:
    assert sentence in _sentences(law, name)


def test_a_refused_lead_states_the_penalty_card_options_with_declined_seats() -> None:
    text = " ".join(russian(CASES / "law53" / "defenders-lead-out-of-turn-ruled-at-once-states-"
                            "what-refusing-it-brings.yaml"))
    assert ("Юг сделал ход вне очереди (♣3; ходить должен был Север) (правило 53).") in text
    assert ("♣3 становится старшей штрафной картой Юга; Юг должен сыграть ♣3 при первой "
            "легальной возможности") in text
    assert ("до хода Севера разыгрывающий может потребовать ход в трефы или запретить его, "
            "пока Север сохраняет ход") in text


@pytest.mark.parametrize(("may", "russian_text", "english_text"), [
    ("require", "разыгрывающий решил потребовать от Севера ход в червы (штрафная карта "
                "убирается в руку)",
     "declarer has chosen to require a lead of hearts by North (the penalty card is picked up)"),
    ("prohibit", "разыгрывающий решил запретить Северу ход в червы (штрафная карта убирается "
                 "в руку)",
     "declarer has chosen to forbid a lead of hearts by North (the penalty card is picked up)"),
])
def test_declarers_choice_on_a_penalty_card_governs_the_seats_case(
        may: str, russian_text: str, english_text: str) -> None:
    """50E / 51B: each verb takes its own case («потребовать от Севера», «запретить Северу»)."""
    rect = {"kind": "lead_restriction", "seat": "N", "suits": ["H"], "may": [may], "law": "50E"}
    assert rectification_text(rect, "ru") == russian_text
    assert rectification_text(rect, "en") == english_text


def test_calls_in_words_take_the_case_of_the_sentence() -> None:
    assert describe_fact("call_when_obliged_to_pass", "N", {"call": "X"}, "ru") \
        == "Север дал контру, хотя был обязан пасовать."
    assert describe_fact("call_after_final_pass", "E", {"call": "3NT"}, "ru") \
        == "Восток назначил 3БК после окончания торговли."
    assert describe_fact("call_after_final_pass", "E", {"call": "P"}, "ru") \
        == "Восток спасовал после окончания торговли."
    assert describe_fact("call_when_obliged_to_pass", "W",
                         {"call": "XX", "out_of_rotation": True, "turn": "N"}, "ru") \
        == "Запад дал реконтру вне очереди (очередь была за Севером), хотя был обязан пасовать."
    assert describe_fact("call_after_final_pass", "E", {"call": "P"}, "en") \
        == "East passed after the auction had ended."
    assert describe_fact("pass_out_of_rotation", "W", {"turn": "N"}, "ru") \
        == "Запад спасовал вне очереди (очередь была за Севером)."
    assert describe_fact("wrong_number_of_cards", "S", {}, "ru") \
        == "В руке Юга неверное число карт."
    assert describe_fact("review_request", "E", {"what": "trick"}, "ru") \
        == "Восток попросил повторить последнюю взятку."
    assert describe_fact("review_request", "E", {"what": "trick"}, "en") \
        == "East asked for a review of the last trick."


def test_a_deemed_pass_names_the_barred_player_in_the_genitive() -> None:
    note = {"topic": "deemed_pass", "caller": "E", "seat": "S", "law": "37"}
    assert note_text(note, "ru") == ("Восток сделал заявку в очередь Юга, который был обязан "
                                     "пасовать: заявка считается сделанной в очередь, и "
                                     "считается, что Юг спасовал")


@pytest.mark.parametrize(("n", "ru", "en"), [
    (1, "1 взятку", "1 trick"), (2, "2 взятки", "2 tricks"), (4, "4 взятки", "4 tricks"),
    (5, "5 взяток", "5 tricks"), (11, "11 взяток", "11 tricks"), (12, "12 взяток", "12 tricks"),
    (13, "13 взяток", "13 tricks"), (21, "21 взятку", "21 tricks"), (22, "22 взятки", "22 tricks"),
])
def test_a_number_of_tricks_takes_the_form_its_number_needs(n: int, ru: str, en: str) -> None:
    """«взяток: 1» and "1 trick(s)" read as machine output: the count agrees with its noun."""
    from generator.laws.words import counted

    assert counted(n, "ru", "tricks") == ru
    assert counted(n, "en", "tricks") == en


@pytest.mark.parametrize(("option", "kind", "ru", "en"), [
    ({"seat": "S", "chosen": "refuse"}, "insufficient_bid",
     "Юг не принял недостаточную заявку", "South did not accept the insufficient bid"),
    ({"seat": "N", "chosen": "accept"}, "pass_out_of_rotation",
     "Север принял пас вне очереди", "North accepted the pass out of rotation"),
    ({"seat": "E", "chosen": "spread"}, "opening_lead_out_of_turn",
     "Восток открыл свою руку и стал болваном", "East spread his hand and became dummy"),
    ({"seat": "W", "chosen": "require_S"}, "lead_out_of_turn",
     "Запад потребовал ход в пики", "West required a lead of spades"),
    ({"seat": "S", "chosen": "withdraw", "card": "HJ", "whose": "dummy"}, "revoke",
     "Юг забрал ♥J болвана", "South took back dummy's ♥J"),
    ({"seat": "N", "chosen": "accept"}, None, "Север принял нарушение",
     "North accepted the irregularity"),
])
def test_a_choice_made_is_told_as_what_the_player_did(
        option: dict[str, str], kind: str | None, ru: str, en: str) -> None:
    """«Юг: не принять» and «Юг выбрал: не принять» read as a form filled in: the director says
    what the player did, and what he accepted or refused."""
    from generator.laws.explain import chosen_text

    assert chosen_text(option, "ru", kind) == ru
    assert chosen_text(option, "en", kind) == en


def test_a_refusals_condition_and_the_defending_side_make_one_clause() -> None:
    """Not «если Юг спасует, если сторона Востока станет вистующей, ...»."""
    rect = {"kind": "lead_restriction", "seat": "E", "suits": "any_one", "may": ["prohibit"],
            "law": "26B", "if": "rho_passes", "if_defending": True, "turn": "S"}
    assert rectification_text(rect, "ru") == (
        "если Юг спасует и сторона Востока станет вистующей, разыгрывающий может запретить "
        "Востоку ход в любую одну масть при его первом ходе")
    assert rectification_text(rect, "en") == (
        "if South passes, and if East's side defends, declarer may forbid East to lead any one "
        "suit at his first turn to lead")


def test_the_penalty_cards_of_one_owner_are_said_in_one_sentence() -> None:
    """Two cards exposed together (Law 50): «♠9 и ♠4 становятся старшими штрафными картами
    Юга», once, and the duty to play them once, not a sentence per card; once declarer's
    choice has picked them up (51B1a), the duty to play them is no longer said."""
    path = CASES / "law50" / ("two-small-cards-dropped-together-are-major-and-declarer-may-"
                              "require-their-suit.yaml")
    case = load_case(path)
    exposed = next(i for i, e in enumerate(case.events) if str(e).startswith("S exposes"))
    before = analyse(replace(case, events=case.events[: exposed + 1]))  # the director arrives
    text = " ".join(r["explanation"]["ru"] for r in before["rulings"])
    assert "♠9 и ♠4 становятся старшими штрафными картами Юга (правило 50)." in text
    assert "Юг должен сыграть штрафные карты ♠9 и ♠4, по одной" in text
    assert "становится старшей штрафной картой" not in text
    after = " ".join(russian(path))  # declarer required spades: the cards are picked up
    assert "♠9 и ♠4 становятся старшими штрафными картами Юга (правило 50)." in after
    assert "штрафные карты ♠9 и ♠4 убираются в руку" in after
    assert "Юг должен сыграть штрафные карты" not in after
