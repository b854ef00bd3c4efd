"""``tdcourse audit BANK``: is every question one a director would sign?

"Verified" must mean more than the engine agreeing with itself: a director reading exactly what
the learner sees gives exactly the keyed answer and calls every wrong answer wrong. The audit
holds each question to that from the outside, using only what the question stores and a fresh
ruling of it:

``shown``   the question's ``shown`` case parses and the engine rules it (as ``tdcourse rule``),
            under the code of its scenario (a bank holds one edition's: ``"edition"``);
``key``     the question's ``key`` is a subset of that ruling (:func:`keys.key_matches`), and a
            number question's answer is the score the ruling gives;
``right``   every answer marked right states what the ruling says (its ``claim`` holds), and a
            single-choice question has exactly one;
``wrong``   every wrong answer is wrong: its claim does not hold, it is not the outcome of an
            option still open at that moment, and not equivalent in effect to the key;
``why``     every wrong answer says why in every language, and no two wrong answers of a
            question give the same reason;
``moment``  no text names a card or a choice that comes only after the moment shown;
``russian`` no Russian text holds a Latin word, other than in card symbols and law numbers.

Each check counts the questions it passed and failed; the command prints the counts and the
first failures, and exits 1 on any failure (``tdcourse build`` refuses to publish such a bank).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.laws import words
from generator.laws.explain import option_label
from generator.laws.refs import LawRef
from generator.scenarios import keys, moments
from generator.table.events import CardLed, CardPlayed, CardsExposed, OptionChosen, parse_event

CHECKS = ("shown", "key", "right", "wrong", "why", "moment", "russian")
#: A law number as texts cite it: 27, 27B, 27B2, 27B1(a), 25B2b1, 64A1, and the 2017 code's
#: roman sub-items (30B1bii, 23A1iii).
LAW_REF = re.compile(r"\b\d{1,2}(?:[A-H](?:\d{1,2}(?:[a-z](?:\d|iv|i{1,3})?|\([a-z]\))?)?)?"
                     r"(?![A-Za-z0-9])")
#: A card with its suit symbol (♥K, ♣10, ♠A) or a bid with its symbol.
CARD = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJT])|\d[♠♥♦♣]")
LATIN = re.compile(r"[A-Za-z]+")
#: A card as a text names it: suit symbol and rank (♥K, ♣10).
CARD_NAMED = re.compile(r"[♠♥♦♣](?:10|[2-9AKQJ])")
TEXT_FIELDS = ("prompt", "context", "explanation")


@dataclass
class Report:
    """Counts per check and the failures found."""

    passed: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    questions: int = 0

    def add(self, check: str, problems: Sequence[str], qid: str) -> None:
        if problems:
            self.failed[check] += 1
            self.failures += [f"{qid}: {check}: {p}" for p in problems]
        else:
            self.passed[check] += 1

    @property
    def ok(self) -> bool:
        return not self.failures

    def lines(self, limit: int = 40) -> list[str]:
        out = [f"{self.questions} questions audited"]
        for check in CHECKS:
            out.append(f"  {check:<8} {self.passed[check]:>6} passed {self.failed[check]:>5} "
                       "failed")
        out += self.failures[:limit]
        if len(self.failures) > limit:
            out.append(f"... and {len(self.failures) - limit} more failures")
        return out


# --------------------------------------------------------------------------- claims
def _irregularity_kind(question: Mapping[str, Any], record: Mapping[str, Any] | None) -> str:
    for ruling in (question.get("key") or {}).get("rulings") or ():
        if ruling.get("kind"):
            return str(ruling["kind"])
    return str(record["kind"]) if record else ""


def _cited(ref: str, ruling: Mapping[str, Any]) -> tuple[bool, bool]:
    """(cited exactly, rests on it): a clause the ruling names, and one that contains a named
    clause or lies inside one (no wrong answer either way)."""
    named = keys.cited(ruling)
    target = LawRef.parse(ref)
    laws = [LawRef.parse(n) for n in named]
    rests = any(c.within(target) or (c.clause and target.within(c)) for c in laws)
    return ref in named, rests


def _claim_holds(claim: Mapping[str, Any], ruling: Mapping[str, Any] | None,
                 output: Mapping[str, Any]) -> bool:
    if "next" in claim:
        return bool(output["state"].get("next") == claim["next"])
    if ruling is None:
        return False
    if "rectifications" in claim:
        return keys.equivalent(claim["rectifications"],
                               keys.answer_rectifications(output, ruling))
    if "option" in claim:
        return str(claim["option"]) in keys.open_option_ids(ruling, claim.get("seat"))
    if "law" in claim:
        return _cited(str(claim["law"]), ruling)[0]
    return False


def _wrong_is_wrong(claim: Mapping[str, Any], ruling: Mapping[str, Any] | None,
                    output: Mapping[str, Any]) -> str | None:
    """Why a wrong answer is not proven wrong, or ``None`` if it is."""
    if _claim_holds(claim, ruling, output):
        return "it states what the ruling says"
    if ruling is None:
        return None
    if "rectifications" in claim:
        before = keys.in_force_before(output, ruling)
        for seat, oid, outcome in keys.open_alternatives(ruling):
            if keys.equivalent(claim["rectifications"], [*before, *outcome]):
                return f"it is the outcome of {seat}'s open option {oid}"
    if "option" in claim:
        every = keys.open_option_ids(ruling)
        oid = str(claim["option"])
        if oid in every or keys.SYNONYMS.get(oid) in every:
            return f"{oid} is an option open at this moment"
    if "law" in claim and _cited(str(claim["law"]), ruling)[1]:
        return f"the ruling rests on {claim['law']} too"
    return None


# --------------------------------------------------------------------------- texts
def texts(question: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """Every text a learner reads in a question: ``(where, text)``."""
    for name in TEXT_FIELDS:
        value = question.get(name)
        if isinstance(value, str) and value:
            yield name, value
    for choice in question.get("choices") or ():
        yield f"choice {choice['id']}", str(choice.get("text", ""))
        if choice.get("why"):
            yield f"why {choice['id']}", str(choice["why"])


def latin_words(text: str) -> list[str]:
    """The Latin words of a Russian text, once card symbols and law numbers are set aside."""
    bare = LAW_REF.sub(" ", CARD.sub(" ", text))
    return LATIN.findall(bare)


def _cards_of(event: str) -> tuple[str, ...]:
    """The cards an event (a case-format line) leads, plays or exposes."""
    parsed = parse_event(event)
    if isinstance(parsed, (CardLed, CardPlayed)):
        return (str(parsed.card),)
    if isinstance(parsed, CardsExposed):
        return tuple(str(c) for c in parsed.cards)
    return ()


def _choice_of(event: str) -> str | None:
    """The option an event chooses, if it is a choice."""
    parsed = parse_event(event)
    return parsed.option if isinstance(parsed, OptionChosen) else None


def _later_cards(full: Sequence[str], shown: Sequence[str]) -> set[str]:
    """Cards that appear only after the moment: played, led or exposed later, never named in
    an event shown (a choice naming a card included)."""
    named_now = " ".join(shown)
    return {card for event in full[len(shown):] for card in _cards_of(event)
            if card not in named_now}


def _moment_problems(question: Mapping[str, Any], record: Mapping[str, Any] | None,
                     ruling: Mapping[str, Any] | None, lang: str) -> list[str]:
    shown = list((question.get("shown") or {}).get("events") or ())
    full = [str(e) for e in (record or {}).get("case", {}).get("events", [])]
    if not full or full[:len(shown)] != shown:
        return []  # shown is the whole board, or not cut from it: nothing comes after
    named_by_ruling = json.dumps(ruling) if ruling is not None else ""
    problems = []
    named: dict[str, str] = {}  # each card a text names, and the first text naming it
    for where, text in texts(question):
        for symbol in CARD_NAMED.findall(text):
            named.setdefault(symbol, where)
    for card in sorted(_later_cards(full, shown)):
        symbol = words.card(card, lang)
        if symbol in named and card not in named_by_ruling:  # (a card the ruling names, such
            # as one declarer may require, is of the moment even if it is played later)
            problems.append(f"{named[symbol]} names {symbol}, played only after the moment")
    context = str(question.get("context") or "")
    made = {_choice_of(e) for e in shown}
    for event in full[len(shown):]:
        chosen = _choice_of(event)
        if chosen is not None and chosen not in made:
            label = option_label(chosen, lang)
            if label and label in context:
                problems.append(f"the context tells the later choice {chosen!r}")
    return problems


# --------------------------------------------------------------------------- one question
class _Rulings:
    """Fresh rulings of ``shown`` cases, each ruled once: the cases of one scenario's questions
    together (:func:`moments.rule_prefixes`: one reading of the longest, its cuts on the way)."""

    def __init__(self) -> None:
        self.cache: dict[str, dict[str, Any]] = {}

    @staticmethod
    def _key(shown: Mapping[str, Any]) -> str:
        return json.dumps(shown, sort_keys=True)

    def prepare(self, shown: list[Mapping[str, Any]], name: str) -> None:
        """Rule the cases of one scenario at once (a failure is left for :meth:`of` to find,
        case by case)."""
        todo = {self._key(c): c for c in shown if self._key(c) not in self.cache}
        if not todo:
            return
        try:
            outputs = moments.rule_prefixes(list(todo.values()), name)
        except Exception:  # each case is ruled again on its own, and its failure reported
            return
        self.cache.update(zip(todo, outputs, strict=True))

    def of(self, shown: Mapping[str, Any], name: str) -> dict[str, Any]:
        key = self._key(shown)
        if key not in self.cache:
            self.cache[key] = moments.rule(shown, name)
        return self.cache[key]


def _key_problems(question: Mapping[str, Any], output: Mapping[str, Any]) -> list[str]:
    key = question["key"]
    problems = [] if keys.key_matches(key, output) else [
        f"the key {json.dumps(key, ensure_ascii=False)} is not in the ruling of shown"]
    if question.get("type") != "number":
        return problems
    if question.get("kind") == "claim":  # the tricks a claim ruling awards declarer's side
        declarer = (output.get("state") or {}).get("declarer")
        ruling = keys.ruling_of(output, _irregularity_kind(question, None))
        awarded = [r for r in (ruling or {}).get("rectifications") or ()
                   if r.get("kind") == "claim_tricks"]
        side = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}.get(str(declarer), "")
        tricks = awarded[-1]["tricks"].get(side) if awarded else None
        if tricks != question.get("answer"):
            problems.append(f"answer {question.get('answer')} but the ruling awards "
                            f"declarer's side {tricks}")
        return problems
    score = output.get("score") or {}
    if score.get("NS") != question.get("answer"):
        problems.append(f"answer {question.get('answer')} but the ruling scores "
                        f"{score.get('NS')}")
    return problems


def _answer_problems(question: Mapping[str, Any], ruling: Mapping[str, Any] | None,
                     output: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What is wrong with the answers marked right, and with those marked wrong."""
    choices = list(question.get("choices") or ())
    right: list[str] = []
    wrong: list[str] = []
    marked = sum(1 for c in choices if c.get("correct"))
    if question.get("type") == "single" and marked != 1:
        right.append(f"{marked} answers marked right")
    if question.get("type") == "multiple" and not marked:
        right.append("no answer marked right")
    for choice in choices:
        claim = choice.get("claim")
        if not isinstance(claim, Mapping):
            (right if choice.get("correct") else wrong).append(
                f"choice {choice.get('id')} states no claim")
        elif choice.get("correct") and not _claim_holds(claim, ruling, output):
            right.append(f"choice {choice['id']} is marked right but the ruling does not say "
                         f"{json.dumps(claim, ensure_ascii=False)}")
        elif not choice.get("correct") and (why := _wrong_is_wrong(claim, ruling, output)):
            wrong.append(f"choice {choice['id']} is marked wrong but {why}")
    return right, wrong


def _why_problems(langs: Mapping[str, Mapping[str, Any]]) -> list[str]:
    problems = []
    for lang, local in langs.items():
        reasons = [str(c.get("why") or "") for c in local.get("choices") or ()
                   if not c.get("correct")]
        if any(not r.strip() for r in reasons):
            problems.append(f"a wrong answer without its why in {lang}")
        elif len(set(reasons)) != len(reasons):
            problems.append(f"two wrong answers give the same why in {lang}")
    return problems


def _russian_problems(russian: Mapping[str, Any] | None) -> list[str]:
    return [f"{where} has Latin {' '.join(sorted(set(latin)))}: {text}"
            for where, text in texts(russian or {}) if (latin := latin_words(text))]


def audit_drill_question(question: Mapping[str, Any], langs: Mapping[str, Mapping[str, Any]],
                         report: Report) -> None:
    """A drill's question (:mod:`generator.drills`): its drill recomputes the key and judges
    the answers on its own terms; the whys and the Russian are checked as for every question.
    A drill question shows no table, so it has no ``shown`` or ``moment`` to check."""
    from generator import drills

    qid = str(question.get("id"))
    report.questions += 1
    found = drills.registry().get(str(question.get("drill")))
    if found is None:
        report.add("key", [f"no drill named {question.get('drill')!r}"], qid)
        return
    try:
        verdict = found.check(question)
    except Exception as exc:  # the audit reports a question it cannot check, whatever the cause
        report.add("key", [f"the drill cannot check it: {exc}"], qid)
        return
    for check in drills.DRILL_CHECKS:
        report.add(check, verdict.get(check, []), qid)
    report.add("why", _why_problems(langs), qid)
    report.add("russian", _russian_problems(langs.get("ru")), qid)


def _record_edition(record: Mapping[str, Any]) -> str:
    """The code a scenario is ruled under: its ``edition`` (a record written before editions
    is a 1987 one); its questions' ``shown`` cases are ruled under the same code."""
    return str(record.get("edition") or (record.get("case") or {}).get("edition") or "1987")


def audit_question(question: Mapping[str, Any], langs: Mapping[str, Mapping[str, Any]],
                   record: Mapping[str, Any] | None, report: Report, rulings: _Rulings) -> None:
    """Run every check on one question (``langs``: the same question in each language)."""
    qid = str(question.get("id"))
    if "drill" in question:
        audit_drill_question(question, langs, report)
        return
    report.questions += 1
    shown = question.get("shown")
    if not isinstance(shown, Mapping) or not isinstance(question.get("key"), Mapping):
        report.add("shown", ["no 'shown' case or no 'key'"], qid)
        return
    edition = str(shown.get("edition") or "1987")
    if record is not None and edition != _record_edition(record):
        report.add("shown", [f"shown is a {edition} case in a {_record_edition(record)} "
                             "scenario"], qid)
        return
    try:
        output = rulings.of(shown, f"bank:{qid}")
    except Exception as exc:  # the audit reports a question it cannot rule, whatever the cause
        report.add("shown", [f"the engine cannot rule it: {exc}"], qid)
        return
    report.add("shown", [], qid)
    ruling = keys.ruling_of(output, _irregularity_kind(question, record))
    report.add("key", _key_problems(question, output), qid)
    right, wrong = _answer_problems(question, ruling, output)
    report.add("right", right, qid)
    report.add("wrong", wrong, qid)
    report.add("why", _why_problems(langs), qid)
    report.add("moment", [f"{lang}: {p}" for lang, local in langs.items()
                          for p in _moment_problems(local, record, ruling, lang)], qid)
    report.add("russian", _russian_problems(langs.get("ru")), qid)


def audit(records: Sequence[Mapping[str, Any]],
          questions: Mapping[str, Sequence[Mapping[str, Any]]]) -> Report:
    """Audit every question of a bank: ``questions`` maps each language to its questions (all
    languages hold the same questions, in the same order)."""
    report = Report()
    by_id = {str(r["id"]): r for r in records}
    langs = list(questions)
    if not langs:
        return report
    local = {lang: {str(q["id"]): q for q in questions[lang]} for lang in langs}
    rulings = _Rulings()
    by_scenario: dict[str, list[Mapping[str, Any]]] = {}
    for question in questions[langs[0]]:
        if isinstance(question.get("shown"), Mapping):
            by_scenario.setdefault(str(question.get("scenario")), []).append(question["shown"])
    for scenario, shown in by_scenario.items():
        rulings.prepare(shown, f"bank:{scenario}")
    for question in questions[langs[0]]:
        qid = str(question["id"])
        versions = {lang: local[lang][qid] for lang in langs if qid in local[lang]}
        audit_question(question, versions, by_id.get(str(question.get("scenario"))), report,
                       rulings)
    return report


def audit_bank(path: Path) -> Report:
    """Load a bank directory (every file checked for its shape) and audit it."""
    from generator.scenarios.bank import bank_ids, check_counts, load_bank, load_questions

    manifest, records = load_bank(path)
    ids = bank_ids(path, records)
    stored = {lang: load_questions(path, lang, ids) for lang in manifest["langs"]}
    check_counts(path, manifest, records, stored)
    return audit(records, stored)


def audit_records(records: Sequence[Mapping[str, Any]], langs: Sequence[str]) -> Report:
    """Audit freshly built scenario records (their bilingual questions), as a bank of them
    would be audited once written."""
    from generator.scenarios.questions import localise

    every = [q for r in records for q in r["questions"]]
    return audit(records, {lang: [localise(q, lang) for q in every] for lang in langs})
