"""Fact drills: what the 1987 Laws fix about procedure, the board and the tournament.

Some of what a director is examined on is not a ruling at a table but a fact a clause fixes: who
may call the director and when, what dummy may do, what an appeal goes through, who sets the
correction period. The facts are a table (``data/facts.yaml``, in our own words, each with its
clause, source and confidence); a drill per chapter asks one of them as a single-choice question.

Why the wrong answers come from the table rather than being written per question: a wrong
answer is then the answer that *another* clause gives to a neighbouring question (the facts of
one ``group`` are asked in the same form), so its why can name the clause it really belongs to,
and the audit can recompute every choice from the table alone. A fact's ``clash`` list names
facts whose answers would be (nearly) right for its question; those are never its wrong answers,
nor it theirs, nor any fact with the same answer text.

``board_conditions`` asks the dealer and vulnerability of a board number (Law 2), computed by
:class:`generator.model.board.Board` and checked against it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from generator import i18n
from generator.drills import drill
from generator.laws.refs import law_index
from generator.model.board import Board, Vulnerability
from generator.model.seat import Seat

#: The chapters the fact drills feed, with the drill that asks each.
TOPIC_DRILLS = {
    "director-and-procedure": "facts_procedure",
    "board-and-deal": "facts_board",
    "proprieties": "facts_proprieties",
    "tournament": "facts_tournament",
}
#: How many wrong answers a fact question offers.
WRONG = 3
CONFIDENCE = ("H", "M")
FRAMES = ("drills.facts",)


@dataclass(frozen=True)
class Fact:
    """One fact of the table: a question a clause answers, in every language."""

    id: str
    clause: str
    topic: str
    group: str
    source: str
    confidence: str
    question: Mapping[str, str]
    answer: Mapping[str, str]
    clash: tuple[str, ...] = ()


def _texts(entry: Mapping[str, Any], field: str, fid: str) -> dict[str, str]:
    value = entry.get(field)
    langs = i18n.languages()
    if not isinstance(value, Mapping) or sorted(value) != sorted(langs):
        raise ValueError(f"fact {fid}: {field} must give {', '.join(langs)}")
    out = {lang: str(value[lang]).strip() for lang in langs}
    if not all(out.values()):
        raise ValueError(f"fact {fid}: an empty {field}")
    return out


@functools.cache
def facts() -> tuple[Fact, ...]:
    """The table of facts, in file order, each checked: its clause in the 1987 index, its topic
    one of :data:`TOPIC_DRILLS`, both languages given, its clashes naming facts that exist."""
    raw = yaml.safe_load(resources.files("generator.drills").joinpath("data/facts.yaml")
                         .read_text(encoding="utf-8"))
    index = law_index("1987")
    out: list[Fact] = []
    for entry in raw["facts"]:
        fid = str(entry["id"])
        clause = str(entry["clause"])
        if clause not in index:
            raise ValueError(f"fact {fid}: clause {clause} is not in the 1987 law index")
        if entry["topic"] not in TOPIC_DRILLS:
            raise ValueError(f"fact {fid}: unknown topic {entry['topic']!r}")
        if entry["confidence"] not in CONFIDENCE:
            raise ValueError(f"fact {fid}: confidence must be H or M")
        out.append(Fact(fid, clause, str(entry["topic"]), str(entry["group"]),
                        str(entry["source"]), str(entry["confidence"]),
                        _texts(entry, "q", fid), _texts(entry, "a", fid),
                        tuple(str(c) for c in entry.get("clash") or ())))
    ids = [f.id for f in out]
    if len(set(ids)) != len(ids):
        raise ValueError("a fact id is used twice")
    unknown = sorted({c for f in out for c in f.clash} - set(ids))
    if unknown:
        raise ValueError(f"clash with unknown facts: {', '.join(unknown)}")
    return tuple(out)


@functools.cache
def by_id() -> dict[str, Fact]:
    """The facts by id."""
    return {f.id: f for f in facts()}


@functools.cache
def _clashing_answers() -> frozenset[frozenset[str]]:
    """Pairs of English answer texts that must never stand as each other's wrong answer: a
    clash between two facts holds for every fact that shares the answer of either."""
    table = by_id()
    return frozenset(frozenset((f.answer["en"], table[c].answer["en"]))
                     for f in facts() for c in f.clash)


def clashes(fact: Fact, other: Fact) -> bool:
    """Whether ``other``'s answer would be (nearly) right for ``fact``'s question."""
    return frozenset((fact.answer["en"], other.answer["en"])) in _clashing_answers()


def may_be_wrong_answer(fact: Fact, other: Fact) -> bool:
    """Whether ``other``'s answer may stand as a wrong answer to ``fact``'s question: the same
    group, another clause, another text in every language, no clash."""
    return (other.group == fact.group and other.clause != fact.clause
            and all(other.answer[lang] != fact.answer[lang] for lang in fact.answer)
            and not clashes(fact, other))


@functools.cache
def candidates(fact_id: str) -> tuple[Fact, ...]:
    """The facts whose answers may be ``fact_id``'s wrong answers, one per answer text (the
    first in file order, so that a why always names the same clause)."""
    fact = by_id()[fact_id]
    seen: set[str] = set()
    out: list[Fact] = []
    for other in facts():
        if may_be_wrong_answer(fact, other) and other.answer["en"] not in seen:
            seen.add(other.answer["en"])
            out.append(other)
    return tuple(out)


def _title(clause: str, lang: str) -> str:
    return law_index("1987")[clause].titles[lang]


def _each(frame: str, **fields: Any) -> dict[str, str]:
    """A sentence frame of ``drills.facts`` filled in every language (a field given as a
    mapping of languages is taken in each)."""
    return {lang: i18n.text(lang, *FRAMES, frame).format(
        **{k: (v[lang] if isinstance(v, Mapping) else v) for k, v in fields.items()})
        for lang in i18n.languages()}


def _titles(clause: str) -> dict[str, str]:
    return {lang: _title(clause, lang) for lang in i18n.languages()}


def ask(fact: Fact, rng: random.Random, rid: str) -> dict[str, Any]:
    """The question of ``fact``: its answer and :data:`WRONG` answers of neighbouring facts,
    in an order drawn from ``rng``."""
    pool = list(candidates(fact.id))
    if len(pool) < WRONG:
        raise ValueError(f"fact {fact.id} has only {len(pool)} possible wrong answers")
    choices: list[dict[str, Any]] = [
        {"id": "", "text": dict(fact.answer), "correct": True, "claim": {"law": fact.clause}}]
    for other in rng.sample(pool, WRONG):
        choices.append({
            "id": "", "text": dict(other.answer), "correct": False,
            "claim": {"law": other.clause, "fact": other.id},
            "why": _each("why", law=other.clause, title=_titles(other.clause),
                         question=other.question),
        })
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcd"[i]
    explanation = _each("explanation", law=fact.clause, title=_titles(fact.clause),
                        answer=fact.answer)
    if fact.confidence == "M":
        note = _each("reconstructed")
        explanation = {lang: f"{explanation[lang]} {note[lang]}" for lang in explanation}
    return {
        "id": f"{rid}-fact",
        "type": "single",
        "kind": "fact",
        "topic": fact.topic,
        "laws": [fact.clause],
        "difficulty": 1 if fact.confidence == "H" else 2,
        "prompt": dict(fact.question),
        "context": _each("context"),
        "explanation": explanation,
        "key": {"fact": fact.id, "law": fact.clause},
        "choices": choices,
    }


def _text(value: Any, lang: str) -> str:
    """A text of a stored question (one language) or of a made one (every language)."""
    return str(value[lang]) if isinstance(value, Mapping) else str(value)


def check_fact(question: Mapping[str, Any]) -> dict[str, list[str]]:
    """Recompute a fact question from the table: the key's fact and clause, the right answer,
    and each wrong answer as another fact's answer of the same group and another clause."""
    lang = str(question.get("lang") or i18n.SOURCE_LANG)
    out: dict[str, list[str]] = {"key": [], "right": [], "wrong": []}
    key = question.get("key") or {}
    fact = by_id().get(str(key.get("fact")))
    if fact is None:
        out["key"].append(f"no fact {key.get('fact')!r} in the table")
        return out
    if str(key.get("law")) != fact.clause:
        out["key"].append(f"the key cites {key.get('law')}, the fact is Law {fact.clause}")
    if fact.clause not in law_index("1987"):
        out["key"].append(f"Law {fact.clause} is not in the 1987 index")
    if TOPIC_DRILLS[fact.topic] != question.get("drill", TOPIC_DRILLS[fact.topic]):
        out["key"].append(f"fact {fact.id} belongs to {TOPIC_DRILLS[fact.topic]}")
    if _text(question.get("prompt"), lang) != fact.question[lang]:
        out["key"].append("the prompt is not the fact's question")
    choices = list(question.get("choices") or ())
    right = [c for c in choices if c.get("correct")]
    wrong = [c for c in choices if not c.get("correct")]
    if len(right) != 1:
        out["right"].append(f"{len(right)} choices are marked right")
    for choice in right:
        if _text(choice.get("text"), lang) != fact.answer[lang]:
            out["right"].append(f"choice {choice.get('id')} is marked right but is not the "
                                f"answer of fact {fact.id}")
    if len(wrong) != WRONG:
        out["wrong"].append(f"{len(wrong)} wrong answers, not {WRONG}")
    texts = [_text(c.get("text"), lang) for c in choices]
    if len(set(texts)) != len(texts):
        out["wrong"].append("two choices have the same text")
    for choice in wrong:
        out["wrong"].extend(_wrong_problems(fact, choice, lang))
    return out


def _wrong_problems(fact: Fact, choice: Mapping[str, Any], lang: str) -> list[str]:
    cid = choice.get("id")
    claim = choice.get("claim") or {}
    other = by_id().get(str(claim.get("fact")))
    if other is None:
        return [f"choice {cid} claims no fact of the table"]
    problems = []
    if str(claim.get("law")) != other.clause:
        problems.append(f"choice {cid} claims Law {claim.get('law')}, its fact is "
                        f"Law {other.clause}")
    if _text(choice.get("text"), lang) != other.answer[lang]:
        problems.append(f"choice {cid} is not the answer of fact {other.id}")
    if _text(choice.get("text"), lang) == fact.answer[lang]:
        problems.append(f"choice {cid} is the right answer, marked wrong")
    if not may_be_wrong_answer(fact, other):
        problems.append(f"choice {cid} (fact {other.id}, Law {other.clause}) may not stand "
                        f"as a wrong answer to fact {fact.id}")
    return problems


def _make_for(topic: str) -> Any:
    """The ``make`` of the fact drill of ``topic``: a fact of the topic, drawn from ``rng``."""
    def make(rng: random.Random, rid: str) -> dict[str, Any] | None:
        pool = [f for f in facts() if f.topic == topic and len(candidates(f.id)) >= WRONG]
        if not pool:
            return None
        return ask(rng.choice(pool), rng, rid)
    make.__name__ = f"make_{TOPIC_DRILLS[topic]}"
    make.__doc__ = f"A question on a fact of the {topic} chapter."
    return make


for _topic, _name in TOPIC_DRILLS.items():
    drill(_name, _topic, check=check_fact)(_make_for(_topic))


# --- board conditions (Law 2) -------------------------------------------------------------------

BOARD_FRAMES = ("drills.board",)
#: Board numbers asked: two rounds of the sixteen-board cycle and a little more.
MAX_BOARD = 36


def _conditions_text(dealer: Seat, vulnerable: Vulnerability, lang: str) -> str:
    return i18n.text(lang, *BOARD_FRAMES, "answer").format(
        dealer=i18n.text(lang, "explain.seats", dealer.value),
        vulnerable=i18n.text(lang, *BOARD_FRAMES, "vulnerable", vulnerable.value))


def _choice_text(dealer: Seat, vulnerable: Vulnerability, lang: str) -> str:
    """The conditions as a choice says them (a capital first letter)."""
    text = _conditions_text(dealer, vulnerable, lang)
    return text[:1].upper() + text[1:]


def _conditions(dealer: Seat, vulnerable: Vulnerability) -> dict[str, str]:
    return {lang: _choice_text(dealer, vulnerable, lang) for lang in i18n.languages()}


def _cycle_board(dealer: Seat, vulnerable: Vulnerability) -> int:
    """The board of 1-16 with these conditions (each of the sixteen pairs is on one board)."""
    for number in range(1, 17):
        board = Board.from_number(number)
        if (board.dealer, board.vulnerability) == (dealer, vulnerable):
            return number
    raise ValueError(f"no board of the cycle has {dealer} dealing with {vulnerable}")


def make_board_conditions(rng: random.Random, rid: str) -> dict[str, Any]:
    """Board ``n``: who deals and who is vulnerable. The wrong answers are the conditions of
    other boards of the cycle: one with the same dealer, one with the same vulnerability, one
    more, so that neither half alone finds the answer."""
    number = rng.randint(1, MAX_BOARD)
    board = Board.from_number(number)
    others = [Board.from_number(m) for m in range(1, 17)
              if (m - 1) % 16 != (number - 1) % 16]
    same_dealer = [b for b in others if b.dealer == board.dealer]
    same_vul = [b for b in others if b.vulnerability == board.vulnerability]
    picked = [rng.choice(same_dealer), rng.choice(same_vul)]
    picked.append(rng.choice([b for b in others if b not in picked]))
    cycle = (number - 1) % 16 + 1
    choices: list[dict[str, Any]] = [{
        "id": "", "text": _conditions(board.dealer, board.vulnerability), "correct": True,
        "claim": {"law": "2", "dealer": board.dealer.value,
                  "vulnerable": board.vulnerability.value}}]
    for other in picked:
        choices.append({
            "id": "", "text": _conditions(other.dealer, other.vulnerability), "correct": False,
            "claim": {"law": "2", "dealer": other.dealer.value,
                      "vulnerable": other.vulnerability.value},
            "why": {lang: i18n.text(lang, *BOARD_FRAMES, "why").format(
                board=other.number, number=number)
                for lang in i18n.languages()},
        })
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcd"[i]
    return {
        "id": f"{rid}-board",
        "type": "single",
        "kind": "board",
        "topic": "board-and-deal",
        "laws": ["2"],
        "difficulty": 1,
        "prompt": {lang: i18n.text(lang, *BOARD_FRAMES, "prompt").format(number=number)
                   for lang in i18n.languages()},
        "context": {lang: i18n.text(lang, *FRAMES, "context") for lang in i18n.languages()},
        "explanation": {lang: i18n.text(
            lang, *BOARD_FRAMES, "explanation" if number == cycle else "explanation_repeat"
        ).format(number=number, cycle=cycle, answer=_conditions_text(
            board.dealer, board.vulnerability, lang)) for lang in i18n.languages()},
        "key": {"law": "2", "board": number, "dealer": board.dealer.value,
                "vulnerable": board.vulnerability.value},
        "choices": choices,
    }


def check_board_conditions(question: Mapping[str, Any]) -> dict[str, list[str]]:
    """Recompute the board's dealer and vulnerability with :class:`Board`: the key, the choice
    marked right, and each wrong choice (another pair of conditions, its text its own)."""
    lang = str(question.get("lang") or i18n.SOURCE_LANG)
    out: dict[str, list[str]] = {"key": [], "right": [], "wrong": []}
    key = question.get("key") or {}
    number = key.get("board")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        out["key"].append(f"no board number in the key: {number!r}")
        return out
    board = Board.from_number(number)
    truth = (board.dealer.value, board.vulnerability.value)
    if (key.get("dealer"), key.get("vulnerable")) != truth or key.get("law") != "2":
        out["key"].append(f"board {number}: the key says {key.get('dealer')}/"
                          f"{key.get('vulnerable')}, the board is {truth[0]}/{truth[1]}")
    if _text(question.get("prompt"), lang) != i18n.text(
            lang, *BOARD_FRAMES, "prompt").format(number=number):
        out["key"].append("the prompt asks about another board")
    choices = list(question.get("choices") or ())
    right = [c for c in choices if c.get("correct")]
    if len(right) != 1:
        out["right"].append(f"{len(right)} choices are marked right")
    seen: set[tuple[str, str]] = set()
    for choice in choices:
        claim = choice.get("claim") or {}
        pair = (str(claim.get("dealer")), str(claim.get("vulnerable")))
        where = "right" if choice.get("correct") else "wrong"
        try:
            text = _choice_text(Seat(pair[0]), Vulnerability(pair[1]), lang)
        except ValueError:
            out[where].append(f"choice {choice.get('id')} claims no conditions: {pair}")
            continue
        if _text(choice.get("text"), lang) != text:
            out[where].append(f"choice {choice.get('id')} does not say what it claims")
        if choice.get("correct") and pair != truth:
            out["right"].append(f"choice {choice.get('id')} is marked right but board "
                                f"{number} is {truth[0]}/{truth[1]}")
        if not choice.get("correct") and pair == truth:
            out["wrong"].append(f"choice {choice.get('id')} is the right answer, marked wrong")
        if pair in seen:
            out["wrong"].append(f"choice {choice.get('id')} repeats another choice")
        seen.add(pair)
    if len(choices) - len(right) != WRONG:
        out["wrong"].append(f"{len(choices) - len(right)} wrong answers, not {WRONG}")
    return out


drill("board_conditions", "board-and-deal", check=check_board_conditions)(make_board_conditions)
