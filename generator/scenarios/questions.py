"""Quiz questions from a verified scenario, in Russian and English.

Question types: the ruling (single choice), the options a player has (multiple choice), the law
that applies (single choice), who acts next (single choice), and the score after rectification (a
number). Every text comes from the structured ruling through ``generator.laws.explain``.

Wrong answers are plausible mistakes made by applying a neighbouring rule — the pass obligation
once instead of throughout (or the reverse), the wrong player barred, no penalty at all, a lead
restriction forgotten or invented, a major penalty card taken for a minor one, one trick too many
or too few, the other option, a neighbouring clause — and each carries why it is wrong. A wrong
answer is never equal to the right one.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from generator.laws.explain import (
    SEAT_NAMES,
    describe_fact,
    option_label,
    rectification_text,
)
from generator.laws.refs import LawRef, law_index

LANGS = ("en", "ru")
#: Rectification kinds that say what the ruling *does* (others only describe bookkeeping).
SUBSTANTIVE = ("must_pass", "no_double_or_redouble", "must_repeat", "lead_restriction",
               "penalty_card", "must_play", "roles_swapped", "trick_transfer", "adjusted_score",
               "no_rectification", "call_stands", "lead_stands", "request_permitted",
               "request_refused", "right_to_call_retained")

TOPICS = {
    "insufficient_bid": "insufficient-bid",
    "change_of_call": "changes-of-call",
    "pass_out_of_rotation": "calls-out-of-rotation",
    "bid_out_of_rotation": "calls-out-of-rotation",
    "double_out_of_rotation": "calls-out-of-rotation",
    "redouble_out_of_rotation": "calls-out-of-rotation",
    "simultaneous_call": "calls-out-of-rotation",
    "inadmissible_double": "inadmissible-calls",
    "inadmissible_redouble": "inadmissible-calls",
    "call_when_obliged_to_pass": "inadmissible-calls",
    "bid_above_seven": "inadmissible-calls",
    "call_after_final_pass": "inadmissible-calls",
    "card_exposed_during_auction": "auction-procedure",
    "cards_from_wrong_board": "auction-procedure",
    "review_request": "auction-procedure",
    "explanation_request": "auction-procedure",
    "opening_lead_out_of_turn": "leads-out-of-turn",
    "lead_out_of_turn": "leads-out-of-turn",
    "declarer_lead_out_of_turn": "leads-out-of-turn",
    "premature_play": "leads-out-of-turn",
    "simultaneous_play": "leads-out-of-turn",
    "exposed_card": "penalty-cards",
    "penalty_card_not_played": "penalty-cards",
    "revoke": "revoke",
    "defective_trick": "tricks",
    "play_out_of_turn": "play-procedure",
}
#: Topics of the play, where auction penalties make no plausible wrong answer.
PLAY_TOPICS = frozenset({"leads-out-of-turn", "penalty-cards", "revoke", "tricks",
                         "play-procedure"})
BASE_DIFFICULTY = {"insufficient-bid": 1, "changes-of-call": 2, "calls-out-of-rotation": 2,
                   "inadmissible-calls": 2, "auction-procedure": 1, "leads-out-of-turn": 2,
                   "penalty-cards": 2, "revoke": 3, "tricks": 3, "play-procedure": 1}

PROMPTS = {
    "ruling": {"en": "What is the ruling?", "ru": "Каково решение судьи?"},
    "options": {"en": "Which options does {seat} have? Select all that apply.",
                "ru": "Что может выбрать {seat}? Отметьте все верные варианты."},
    "law": {"en": "Which clause of the Laws does this ruling rest on?",
            "ru": "На каком пункте правил основано это решение?"},
    "next": {"en": "Once the director has ruled and the choices are made, who acts next?",
             "ru": "Кто действует следующим после решения судьи и сделанного выбора?"},
    "score": {"en": "The board is played out. What is North-South's score after rectification?",
              "ru": "Сдача доиграна. Каков результат Север-Юг с учётом исправлений?"},
}
NO_PENALTY = {"en": "There is no penalty and no lead restriction.",
              "ru": "Наказания и ограничений на ход нет."}
WHY = {
    "scope": {"en": "The obligation to pass is not that long (or short) here: see {law}.",
              "ru": "Обязанность пасовать здесь другой длительности: см. {law}."},
    "seat": {"en": "The rectification falls on another player: see {law}.",
             "ru": "Исправление касается другого игрока: см. {law}."},
    "nothing": {"en": "The irregularity does carry a rectification here: see {law}.",
                "ru": "Нарушение здесь влечёт исправление: см. {law}."},
    "lead": {"en": "Lead restrictions follow only from a withdrawn call or a penalty card: see "
                   "{law}.",
             "ru": "Ограничения на ход возникают только из отменённой заявки или штрафной "
                   "карты: см. {law}."},
    "major": {"en": "The kind of penalty card follows from the card and how it was exposed: "
                    "see {law}.",
              "ru": "Вид штрафной карты зависит от карты и от того, как она была показана: "
                    "см. {law}."},
    "tricks": {"en": "The number of tricks transferred follows from who won the revoke trick "
                     "and later tricks: see {law}.",
               "ru": "Число передаваемых взяток зависит от того, кто взял взятку фальшренонса и "
                     "последующие взятки: см. {law}."},
    "other_option": {"en": "That is what the other option would have given; here the choice "
                           "made leads to {law}.",
                     "ru": "Так было бы при другом выборе; сделанный выбор ведёт к {law}."},
    "option_missing": {"en": "That is not one of the options the Laws give here.",
                       "ru": "Такого варианта правила здесь не предусматривают."},
    "law": {"en": "That clause governs a different situation; this ruling rests on {law}.",
            "ru": "Этот пункт относится к другой ситуации; решение основано на {law}."},
    "seat_next": {"en": "After the ruling the turn passes as {law} says, not to this player.",
                  "ru": "После решения очередь переходит согласно {law}, а не к этому игроку."},
}


def _stable_rng(*parts: str) -> random.Random:
    return random.Random(hashlib.sha256("/".join(parts).encode()).hexdigest())


def _ruling_text(rects: list[dict[str, Any]], lang: str) -> str:
    shown = [r for r in rects if r["kind"] in SUBSTANTIVE and r["kind"] != "no_rectification"]
    if not shown:
        return NO_PENALTY[lang]
    text = "; ".join(rectification_text(r, lang) for r in shown)
    return text[0].upper() + text[1:] + "."


def _substantive(rects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rects if r["kind"] in SUBSTANTIVE]


Mutation = Callable[[list[dict[str, Any]]], list[dict[str, Any]] | None]


def _mutations(record: dict[str, Any]) -> list[tuple[str, Mutation]]:
    """Neighbouring rules: each changes the right rectifications the way a mistake would."""

    def flip_scope(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        out = [dict(r) for r in rects]  # a mutation changes top-level fields only
        for r in out:
            if r["kind"] == "must_pass":
                r["scope"] = "next_turn" if r["scope"] == "throughout" else "throughout"
                return out
        return None

    def other_seat(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        out = [dict(r) for r in rects]  # a mutation changes top-level fields only
        for r in out:
            if r["kind"] in ("must_pass", "lead_restriction", "penalty_card", "must_play") and \
                    r.get("seat"):
                seats = "NESW"
                r["seat"] = seats[(seats.index(r["seat"]) + 2) % 4] if r["kind"] == "must_pass" \
                    else seats[(seats.index(r["seat"]) + 1) % 4]
                return out
        return None

    def nothing(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        return [] if _substantive(rects) and any(
            r["kind"] != "no_rectification" for r in _substantive(rects)) else None

    play_topic = TOPICS.get(record["kind"]) in PLAY_TOPICS

    def add_bar(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        if play_topic or any(r["kind"] == "must_pass" for r in rects):
            return None  # a pass obligation is no plausible mistake once the play has begun
        seat = record["irregularities"][-1]["seat"]
        if seat is None:
            return None
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        return [*rects, {"kind": "must_pass", "seat": partner, "scope": "throughout"}]

    def toggle_lead(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        if any(r["kind"] == "lead_restriction" for r in rects):
            return [r for r in rects if r["kind"] != "lead_restriction"]
        seat = record["irregularities"][-1]["seat"]
        if seat is None or record["kind"] not in TOPICS or play_topic:
            return None
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        return [*rects, {"kind": "lead_restriction", "seat": partner, "chooser": "declarer",
                         "suits": "any_one", "may": ["prohibit"]}]

    def flip_major(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        out = [dict(r) for r in rects]  # a mutation changes top-level fields only
        for r in out:
            if r["kind"] == "penalty_card":
                r["major"] = not r["major"]
                return out
        return None

    def shift_tricks(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        out = [dict(r) for r in rects]  # a mutation changes top-level fields only
        for r in out:
            if r["kind"] == "trick_transfer":
                r["tricks"] = 2 if r["tricks"] == 1 else 1
                return out
        return None

    return [("scope", flip_scope), ("seat", other_seat), ("nothing", nothing),
            ("scope", add_bar), ("lead", toggle_lead), ("major", flip_major),
            ("tricks", shift_tricks)]


def _key_law(ruling: dict[str, Any]) -> str:
    """The clause the ruling turns on: that of its main rectification, else its last clause."""
    for rect in ruling["rectifications"]:
        if rect["kind"] in SUBSTANTIVE and rect.get("law"):
            return str(rect["law"])
    return str(ruling["laws"][-1]) if ruling["laws"] else ""


def _context(record: dict[str, Any], lang: str) -> str:
    irr = record["irregularities"][-1]
    ruling = record["ruling"]
    text = describe_fact(irr["kind"], irr["seat"], irr.get("details", {}), lang)
    for option in ruling["options"]:
        if option.get("chosen"):
            seat = SEAT_NAMES[lang].get(option["seat"], option["seat"])
            chose = {"en": "{seat} chose to {what}.", "ru": "{seat}: {what}."}[lang]
            text += " " + chose.format(seat=seat, what=option_label(option["chosen"], lang))
    return text


def _question(record: dict[str, Any], qtype: str, kind: str, prompt: dict[str, str],
              choices: list[dict[str, Any]] | None, answer: float | None,
              difficulty: int) -> dict[str, Any]:
    ruling = record["ruling"]
    topic = TOPICS.get(record["kind"], "auction-procedure")
    laws = sorted({str(law) for law in ruling["laws"]})
    qid = f"{record['id']}-{kind}"
    question: dict[str, Any] = {
        "id": qid,
        "scenario": record["id"],
        "type": qtype,
        "kind": kind,
        "topic": topic,
        "laws": laws,
        "difficulty": difficulty,
        "prompt": prompt,
        "context": {lang: _context(record, lang) for lang in LANGS},
        "explanation": ruling.get("explanation", {}),
        "board": record["case"]["board"],
        "dealer": record["state"]["dealer"],
        "vulnerable": record["state"]["vulnerable"],
        "deal": record["case"].get("deal"),
        "events": record["case"]["events"][: record["after_ruling"]["events"]],
    }
    if choices is not None:
        question["choices"] = choices
    if answer is not None:
        question["answer"] = answer
    return question


def _choice(cid: str, text: dict[str, str], correct: bool,
            why: dict[str, str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": cid, "text": text, "correct": correct}
    if why is not None:
        out["why"] = why
    return out


def ruling_question(record: dict[str, Any]) -> dict[str, Any] | None:
    ruling = record["ruling"]
    rects = _substantive(ruling["rectifications"])
    right = {lang: _ruling_text(rects, lang) for lang in LANGS}
    law = _key_law(ruling)
    wrong: list[tuple[str, dict[str, str]]] = []
    seen = {right["en"]}
    for reason, mutate in _mutations(record):
        changed = mutate(rects)
        if changed is None:
            continue
        text = {lang: _ruling_text(changed, lang) for lang in LANGS}
        if text["en"] in seen:
            continue
        seen.add(text["en"])
        wrong.append((reason, text))
    for option in ruling["options"]:
        for other_rects in option.get("alternatives", {}).values():
            text = {lang: _ruling_text(_substantive(other_rects), lang) for lang in LANGS}
            if text["en"] not in seen:
                seen.add(text["en"])
                wrong.append(("other_option", text))
    if len(wrong) < 2:
        return None
    rng = _stable_rng(record["id"], "ruling")
    picked = rng.sample(wrong, min(3, len(wrong)))
    choices = [_choice("a", right, True)]
    for i, (reason, text) in enumerate(picked):
        why = {lang: WHY[reason][lang].format(law=law) for lang in LANGS}
        choices.append(_choice("bcd"[i], text, False, why))
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcd"[i]
    topic = TOPICS.get(record["kind"], "auction-procedure")
    return _question(record, "single", "ruling", PROMPTS["ruling"], choices, None,
                     BASE_DIFFICULTY.get(topic, 2))


#: Option ids of other rulings, used as wrong options.
DECOY_OPTIONS = ("accept", "refuse", "spread", "first_call_stands", "other_call", "highest",
                 "lowest", "keep", "withdraw", "cancel", "substitute", "none")


def options_question(record: dict[str, Any]) -> dict[str, Any] | None:
    ruling = record["ruling"]
    if not ruling["options"]:
        return None
    first = ruling["options"][0]
    right = list(first["ids"])
    decoys = [d for d in DECOY_OPTIONS if d not in right]
    rng = _stable_rng(record["id"], "options")
    picked = rng.sample(decoys, min(max(2, 5 - len(right)), len(decoys)))
    choices = [_choice("", {lang: option_label(o, lang) for lang in LANGS}, True) for o in right]
    for o in picked:
        why = {lang: WHY["option_missing"][lang] for lang in LANGS}
        choices.append(_choice("", {lang: option_label(o, lang) for lang in LANGS}, False, why))
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcdefgh"[i]
    seat = first["seat"]
    prompt = {lang: PROMPTS["options"][lang].format(seat=SEAT_NAMES[lang][seat])
              for lang in LANGS}
    return _question(record, "multiple", "options", prompt, choices, None, 2)


@cache
def _law_siblings(law: str) -> tuple[str, ...]:
    """Clauses of the same depth as ``law`` within two laws of it, neither containing it nor
    inside it, sorted: the wrong answers a law question draws from (computed once per law)."""
    number = LawRef.parse(law).law
    return tuple(sorted(k for k, e in law_index("1987").items()
                        if k != law and len(k) == len(law) and abs(e.ref.law - number) <= 2
                        and not law.startswith(k) and not k.startswith(law)))


def law_question(record: dict[str, Any]) -> dict[str, Any] | None:
    law = _key_law(record["ruling"])
    if not law:
        return None
    index = law_index("1987")
    siblings = _law_siblings(law)
    if len(siblings) < 3:
        return None
    rng = _stable_rng(record["id"], "law")
    picked = rng.sample(siblings, 3)

    def label(ref: str) -> dict[str, str]:
        entry = index[ref]
        return {lang: f"{ref} — {entry.title(lang)}" for lang in LANGS}

    choices = [_choice("", label(law), True)]
    for ref in picked:
        why = {lang: WHY["law"][lang].format(law=law) for lang in LANGS}
        choices.append(_choice("", label(ref), False, why))
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcd"[i]
    return _question(record, "single", "law", PROMPTS["law"], choices, None, 3)


def next_question(record: dict[str, Any]) -> dict[str, Any] | None:
    nxt = record["after_ruling"]["next"]
    if nxt is None:
        return None
    law = _key_law(record["ruling"])
    choices = []
    for seat in "NESW":
        why = None if seat == nxt else {lang: WHY["seat_next"][lang].format(law=law)
                                        for lang in LANGS}
        choices.append(_choice(seat.lower(), {lang: SEAT_NAMES[lang][seat] for lang in LANGS},
                               seat == nxt, why))
    return _question(record, "single", "next", PROMPTS["next"], choices, None, 1)


def score_question(record: dict[str, Any]) -> dict[str, Any] | None:
    score = record.get("score")
    if not score or record["state"]["phase"] != "ended" or record["state"]["contract"] is None:
        return None
    return _question(record, "number", "score", PROMPTS["score"], None, float(score["NS"]), 2)


BUILDERS = (ruling_question, options_question, law_question, next_question, score_question)


def questions_for(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every question a scenario supports (those without enough plausible wrong answers are
    left out)."""
    out = []
    for build in BUILDERS:
        question = build(record)
        if question is not None:
            out.append(question)
    return out


def localise(question: dict[str, Any], lang: str) -> dict[str, Any]:
    """The question with every bilingual text reduced to one language."""
    def pick(value: Any) -> Any:
        if isinstance(value, dict) and set(value) == set(LANGS):
            return value[lang]
        if isinstance(value, dict):
            return {k: pick(v) for k, v in value.items()}
        if isinstance(value, list):
            return [pick(v) for v in value]
        return value

    out: dict[str, Any] = pick(question)
    out["lang"] = lang
    return out
