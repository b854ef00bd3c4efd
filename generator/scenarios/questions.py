"""Quiz questions from a verified scenario, in every language with a catalog (generator.i18n).

Question types: the ruling (single choice), the options a player has (multiple choice), the law
that applies (single choice), who acts next (single choice), and the score after rectification (a
number). Every text comes from the structured ruling through ``generator.laws.explain``; the
prompts, the "no penalty" ruling and why a wrong answer is wrong are the catalogs'
``questions.*`` tables (generator/i18n/<lang>.yaml).

Wrong answers are plausible mistakes made by applying a neighbouring rule — the pass obligation
once instead of throughout (or the reverse), the wrong player barred, no penalty at all, a lead
restriction forgotten or invented, a major penalty card taken for a minor one, one trick too many
or too few, the other option, a neighbouring clause — and each carries why it is wrong. A wrong
answer is never equal to the right one.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from generator import i18n
from generator.laws.explain import describe_fact, option_label, rectification_text
from generator.laws.refs import LawRef, law_index
from generator.model.seat import Seat

#: The languages of the questions: those with a catalog (a live view of ``i18n.languages()``).
LANGS: Sequence[str] = i18n.LANGUAGES
#: Rectification kinds that penalise or restrict a side: only a ruling with one of these makes
#: "no penalty" a plausible wrong answer (a call that stands or a request refused is no penalty).
PENALTIES = ("must_pass", "no_double_or_redouble", "must_repeat", "lead_restriction",
             "penalty_card", "must_play", "trick_transfer", "adjusted_score")
#: Rectification kinds that say what the ruling *does* (others only describe bookkeeping).
SUBSTANTIVE = (*PENALTIES, "roles_swapped", "no_rectification", "call_stands", "lead_stands",
               "request_permitted", "request_refused", "right_to_call_retained")

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


def _stable_rng(*parts: str) -> random.Random:
    return random.Random(hashlib.sha256("/".join(parts).encode()).hexdigest())


def _ruling_text(rects: list[dict[str, Any]], lang: str) -> str:
    shown = [r for r in rects if r["kind"] in SUBSTANTIVE and r["kind"] != "no_rectification"]
    if not shown:
        return i18n.text(lang, "questions.no_penalty")
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
                seat = Seat.parse(r["seat"])
                r["seat"] = str(seat.partner if r["kind"] == "must_pass" else seat.lho)
                return out
        return None

    def nothing(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        return [] if any(r["kind"] in PENALTIES for r in rects) else None

    play_topic = TOPICS.get(record["kind"]) in PLAY_TOPICS

    def add_bar(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        if play_topic or any(r["kind"] == "must_pass" for r in rects):
            return None  # a pass obligation is no plausible mistake once the play has begun
        seat = record["irregularities"][-1]["seat"]
        if seat is None:
            return None
        partner = str(Seat.parse(seat).partner)
        return [*rects, {"kind": "must_pass", "seat": partner, "scope": "throughout"}]

    def toggle_lead(rects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        if any(r["kind"] == "lead_restriction" for r in rects):
            return [r for r in rects if r["kind"] != "lead_restriction"]
        seat = record["irregularities"][-1]["seat"]
        if seat is None or record["kind"] not in TOPICS or play_topic:
            return None
        partner = str(Seat.parse(seat).partner)
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


def _context(record: dict[str, Any], lang: str, choices_made: bool = True) -> str:
    """What happened, in words: the irregularity and, unless ``choices_made`` is false, what each
    player entitled to choose chose (the question "what may this player choose?" must not name
    the choice in its own context)."""
    irr = record["irregularities"][-1]
    ruling = record["ruling"]
    text = describe_fact(irr["kind"], irr["seat"], irr.get("details", {}), lang)
    for option in ruling["options"] if choices_made else ():
        if option.get("chosen"):
            seat = i18n.text(lang, "explain.seats", option["seat"], default=option["seat"])
            chose = i18n.text(lang, "questions.chose")
            text += " " + chose.format(seat=seat, what=option_label(option["chosen"], lang))
    return text


def _question(record: dict[str, Any], qtype: str, kind: str, prompt: dict[str, str],
              choices: list[dict[str, Any]] | None, answer: float | None,
              difficulty: int, choices_made: bool = True) -> dict[str, Any]:
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
        "context": {lang: _context(record, lang, choices_made) for lang in i18n.languages()},
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
    langs = i18n.languages()
    right = {lang: _ruling_text(rects, lang) for lang in langs}
    law = _key_law(ruling)
    wrong: list[tuple[str, dict[str, str]]] = []
    seen = {right["en"]}
    for reason, mutate in _mutations(record):
        changed = mutate(rects)
        if changed is None:
            continue
        text = {lang: _ruling_text(changed, lang) for lang in langs}
        if text["en"] in seen:
            continue
        seen.add(text["en"])
        wrong.append((reason, text))
    for option in ruling["options"]:
        # in key order: the stored bank's keys are sorted, and a rebuilt question must match
        for _, other_rects in sorted(option.get("alternatives", {}).items()):
            text = {lang: _ruling_text(_substantive(other_rects), lang) for lang in langs}
            if text["en"] not in seen:
                seen.add(text["en"])
                wrong.append(("other_option", text))
    if len(wrong) < 2:
        return None
    rng = _stable_rng(record["id"], "ruling")
    picked = rng.sample(wrong, min(3, len(wrong)))
    choices = [_choice("a", right, True)]
    for i, (reason, text) in enumerate(picked):
        why = {lang: i18n.text(lang, "questions.why", reason).format(law=law)
               for lang in langs}
        choices.append(_choice("bcd"[i], text, False, why))
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcd"[i]
    topic = TOPICS.get(record["kind"], "auction-procedure")
    return _question(record, "single", "ruling", i18n.texts("questions.prompts", "ruling"),
                     choices, None, BASE_DIFFICULTY.get(topic, 2))


#: Option ids of other rulings, used as wrong options.
DECOY_OPTIONS = ("accept", "refuse", "spread", "first_call_stands", "other_call", "highest",
                 "lowest", "keep", "withdraw", "cancel", "substitute", "none")
#: Option ids that say the same thing ("accept it", "leave it as it is"): one is never a wrong
#: answer beside the other.
SYNONYMS = {"accept": "none", "none": "accept"}


def options_question(record: dict[str, Any]) -> dict[str, Any] | None:
    ruling = record["ruling"]
    if not ruling["options"]:
        return None
    first = ruling["options"][0]
    right = list(first["ids"])
    decoys = [d for d in DECOY_OPTIONS if d not in right and SYNONYMS.get(d) not in right]
    rng = _stable_rng(record["id"], "options")
    picked = rng.sample(decoys, min(max(2, 5 - len(right)), len(decoys)))
    langs = i18n.languages()
    choices = [_choice("", {lang: option_label(o, lang) for lang in langs}, True) for o in right]
    for o in picked:
        why = i18n.texts("questions.why", "option_missing")
        choices.append(_choice("", {lang: option_label(o, lang) for lang in langs}, False, why))
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcdefgh"[i]
    seat = first["seat"]
    prompt = {lang: i18n.text(lang, "questions.prompts", "options").format(
        seat=i18n.text(lang, "explain.seats", seat)) for lang in langs}
    return _question(record, "multiple", "options", prompt, choices, None, 2, choices_made=False)


@cache
def _law_siblings(law: str) -> tuple[str, ...]:
    """Clauses of the same depth as ``law`` within two laws of it, neither containing it nor
    inside it, sorted: the wrong answers a law question draws from (computed once per law)."""
    number = LawRef.parse(law).law
    return tuple(sorted(k for k, e in law_index("1987").items()
                        if k != law and len(k) == len(law) and abs(e.ref.law - number) <= 2
                        and not law.startswith(k) and not k.startswith(law)))


def _cited(ref: LawRef, laws: Sequence[LawRef]) -> bool:
    """True if a ruling citing ``laws`` rests on ``ref`` too, so it is no wrong answer: ``ref``
    contains a cited clause or lies inside a cited clause. A whole law cited (``54``) names only
    the law the irregularity falls under: its other clauses stay wrong answers."""
    return any(cited.within(ref) or (cited.clause and ref.within(cited)) for cited in laws)


def law_question(record: dict[str, Any]) -> dict[str, Any] | None:
    law = _key_law(record["ruling"])
    if not law:
        return None
    index = law_index("1987")
    cited = [LawRef.parse(str(ref)) for ref in record["ruling"]["laws"]]
    siblings = [k for k in _law_siblings(law) if not _cited(LawRef.parse(k), cited)]
    if len(siblings) < 3:
        return None
    rng = _stable_rng(record["id"], "law")
    picked = rng.sample(siblings, 3)

    def label(ref: str) -> dict[str, str]:
        entry = index[ref]
        return {lang: f"{ref} — {entry.title(lang)}" for lang in i18n.languages()}

    choices = [_choice("", label(law), True)]
    for ref in picked:
        why = {lang: i18n.text(lang, "questions.why", "law").format(law=law)
               for lang in i18n.languages()}
        choices.append(_choice("", label(ref), False, why))
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcd"[i]
    return _question(record, "single", "law", i18n.texts("questions.prompts", "law"), choices,
                     None, 3)


def next_question(record: dict[str, Any]) -> dict[str, Any] | None:
    nxt = record["after_ruling"]["next"]
    if nxt is None:
        return None
    law = _key_law(record["ruling"])
    langs = i18n.languages()
    choices = []
    for seat in "NESW":
        why = None if seat == nxt else {
            lang: i18n.text(lang, "questions.why", "seat_next").format(law=law) for lang in langs}
        choices.append(_choice(seat.lower(), i18n.texts("explain.seats", seat), seat == nxt,
                               why))
    return _question(record, "single", "next", i18n.texts("questions.prompts", "next"), choices,
                     None, 1)


def score_question(record: dict[str, Any]) -> dict[str, Any] | None:
    score = record.get("score")
    if not score or record["state"]["phase"] != "ended" or record["state"]["contract"] is None:
        return None
    return _question(record, "number", "score", i18n.texts("questions.prompts", "score"), None,
                     float(score["NS"]), 2)


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
    """The question with every multilingual text (a mapping of every language) reduced to one
    language."""
    langs = set(i18n.languages())

    def pick(value: Any) -> Any:
        if isinstance(value, dict) and set(value) == langs:
            return value[lang]
        if isinstance(value, dict):
            return {k: pick(v) for k, v in value.items()}
        if isinstance(value, list):
            return [pick(v) for v in value]
        return value

    out: dict[str, Any] = pick(question)
    out["lang"] = lang
    return out
