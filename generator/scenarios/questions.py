"""Quiz questions from a verified scenario, in every language with a catalog (generator.i18n).

Question types: the ruling (single choice), the options a player has (multiple choice), the law
that applies (single choice), who acts next (single choice), and the score after rectification (a
number).

**One moment per question.** Each question asks about one moment of the board
(:mod:`generator.scenarios.moments`) and carries ``shown``, the case exactly as the learner sees
it, cut at that moment, and ``key``, the part of the engine's output for ``shown`` that the right
answer states (a subset, see :func:`generator.scenarios.keys.key_matches`). Every text, the
context line, the explanation and the answers, comes from the engine's ruling of ``shown`` itself,
never from the ruling of the whole board: a choice made later, a pass not yet made, a revoke not
yet established cannot leak into the question. ``tdcourse audit`` re-rules ``shown`` and checks.

**Wrong answers proven wrong.** A wrong answer is built from a neighbouring rule (the bar for one
turn instead of the whole auction, the wrong player, no penalty, a lead restriction forgotten or
invented, a major penalty card taken for a minor one, one trick too many or too few, the other
choice, a neighbouring clause, another seat) and kept only if its effect differs from the key's
and from the outcome of every option still open at that moment (:func:`keys.equivalent`). Each
carries a ``claim`` (what it asserts, in the output's terms, for the audit) and a "why" naming
the player, the length, the clause and what that clause is about.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, partial, wraps
from string import Formatter
from typing import Any, ParamSpec, TypeVar

from generator import i18n
from generator.laws import law77, words
from generator.laws.announce import contract_words
from generator.laws.explain import (
    chosen_text,
    describe_fact,
    one_duty_per_seat,
    option_label,
    rectification_text,
)
from generator.laws.kinds import CONTINUATION_FLAGS, OPTION_LAWS
from generator.laws.refs import LawRef, law_index
from generator.laws.ruling import DIRECTOR
from generator.model.cards import Card
from generator.model.contract import Contract
from generator.model.seat import Seat
from generator.scenarios import keys, moments
from generator.scenarios.keys import PENALTIES, SUBSTANTIVE, SYNONYMS
from generator.table.events import VERDICTS

__all__ = ["LANGS", "PENALTIES", "SUBSTANTIVE", "SYNONYMS", "TOPICS", "localise",
           "questions_for"]

#: The languages of the questions: those with a catalog (a live view of ``i18n.languages()``).
LANGS: Sequence[str] = i18n.LANGUAGES

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
    "cards_from_wrong_board": "board-and-deal",
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
    "trick_count": "tricks",
    "play_out_of_turn": "play-procedure",
    "claim": "claims",
    "concession": "claims",
    "wrong_number_of_cards": "board-and-deal",
    "missing_card": "board-and-deal",
    "board_not_designated": "board-and-deal",
    "board_rotated": "board-and-deal",
    "withdrawn_information": "director-and-procedure",
    "dummy_exceeds_rights": "play-procedure",
    "dummy_warns": "play-procedure",
    "dummy_draws_attention": "play-procedure",
}
#: Topics of the play, where auction penalties make no plausible wrong answer.
PLAY_TOPICS = frozenset({"leads-out-of-turn", "penalty-cards", "revoke", "tricks",
                         "play-procedure", "claims"})
BASE_DIFFICULTY = {"insufficient-bid": 1, "changes-of-call": 2, "calls-out-of-rotation": 2,
                   "inadmissible-calls": 2, "auction-procedure": 1, "leads-out-of-turn": 2,
                   "penalty-cards": 2, "revoke": 3, "tricks": 3, "play-procedure": 1,
                   "claims": 3, "board-and-deal": 2, "director-and-procedure": 2}
#: The rectifications a ruling question states (neutral ones read "no penalty" when alone).
STATED = tuple(k for k in SUBSTANTIVE if k != "no_rectification")


#: The code the question being made is ruled under (its record's ``edition``): the law index
#: the titles come from, the options' homes, the scoring table. Set by :func:`_under_edition`
#: for the duration of one record's questions, so every helper names clauses of that code.
_EDITION: ContextVar[str] = ContextVar("question_edition", default="1987")


def _edition(record: Mapping[str, Any]) -> str:
    """A record's edition (a record written before editions is a 1987 one)."""
    return str(record.get("edition") or (record.get("case") or {}).get("edition") or "1987")


@contextmanager
def _editing(record: Mapping[str, Any]) -> Iterator[str]:
    token = _EDITION.set(_edition(record))
    try:
        with i18n.under_edition(_EDITION.get()):  # the catalogs' texts of that code
            yield _EDITION.get()
    finally:
        _EDITION.reset(token)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _under_edition(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Make one of the question builders (whose first argument is the record) work under the
    record's edition."""
    @wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        record = args[0] if args else kwargs["record"]
        assert isinstance(record, Mapping)
        with _editing(record):
            return fn(*args, **kwargs)
    return wrapper


def _stable_rng(*parts: str) -> random.Random:
    return random.Random(hashlib.sha256("/".join(parts).encode()).hexdigest())


# --------------------------------------------------------------------------- words
def _cite(ref: str, lang: str, case: str = "nom") -> str:
    """A clause as a text cites it: "Law 27B2" / «правило 27B2» (declined: «по правилу»)."""
    return f"{i18n.text(lang, 'questions.law_cases', case)} {ref}"


def _title(ref: str, lang: str) -> str:
    """What a clause is about, from the law index (in our own words), to follow its number in
    a sentence (first letter in lower case unless the title starts with an abbreviation)."""
    index = law_index(_EDITION.get())
    entry = index.get(ref)
    while entry is None and ref:
        ref = ref[:-1]  # a finer clause than the index knows: its parent's title
        entry = index.get(ref)
    title = entry.title(lang) if entry is not None else ""
    if len(title) > 1 and (title[1].islower() or title[1] == " "):  # «В очередь ...» too
        title = title[0].lower() + title[1:]
    return title


def _source(ref: str, lang: str, case: str = "nom") -> str:
    """A clause with what it is about: "Law 55B2 (declarer led from the wrong hand)"."""
    title = _title(ref, lang)
    return f"{_cite(ref, lang, case)} ({title})" if title else _cite(ref, lang, case)


def _source_in(edition: str, ref: str, lang: str, case: str = "nom") -> str:
    """:func:`_source` with the clause's title from ``edition``'s index (the other code's
    clause named in a cross-edition "why")."""
    token = _EDITION.set(edition)
    try:
        return _source(ref, lang, case)
    finally:
        _EDITION.reset(token)


def _capital_source(ref: str, lang: str) -> str:
    return i18n.capital(_source(ref, lang))


def _why(lang: str, reason: str, law: str, **fields: Any) -> str:
    """Why a wrong answer is wrong, in ``lang``: the catalog's sentence for ``reason`` with the
    clause (``{law}``, declined ``{law_dat}``...; ``{ref}`` its bare number) and ``fields``."""
    template = i18n.text(lang, "questions.why", reason)
    cited: dict[str, str] = {}
    for _, name, _, _ in Formatter().parse(template):  # only the forms the sentence uses
        if name == "ref":
            cited[name] = _cite(law, lang)
        elif name == "law" or (name or "").startswith("law_"):
            cited[str(name)] = _source(law, lang, str(name)[4:] or "nom")
    return i18n.capital(template.format(**cited, **fields))


def _seat_fields(name: str, seat: str, lang: str) -> dict[str, str]:
    out = {name: words.seat(seat, lang)}
    out.update({f"{name}_{c}": words.seat(seat, lang, c) for c in i18n.CASE_SUFFIXES})
    return out


def _rect_text(rects: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A set of rectifications as one answer; "no penalty" only when there is nothing to say
    (a call that stands or a request granted is said as such: it is the point of the ruling)."""
    shown: list[dict[str, Any]] = []
    for rect in rects:  # each once (a bar moved onto a player already barred is said once)
        if rect["kind"] in STATED and keys.stated(rect) not in map(keys.stated, shown):
            shown.append(dict(rect))
    if not shown:
        return i18n.text(lang, "questions.no_penalty")
    text = "; ".join(rectification_text(r, lang) for r in one_duty_per_seat(shown))
    return text[0].upper() + text[1:] + "."


def _rect_text_in(edition: str, rects: Sequence[Mapping[str, Any]], lang: str) -> str:
    """:func:`_rect_text` in ``edition``'s words (the other code's outcome, said as that code
    says it: 1987's "a sufficient bid or a pass" in a 2017 question)."""
    with i18n.under_edition(edition):
        return _rect_text(rects, lang)



# --------------------------------------------------------------------------- the moment
#: The other code's output and ruling of a moment's ``shown`` case.
Crossed = tuple[dict[str, Any], Mapping[str, Any]]


class Moment:
    """A cut of the scenario's case and the engine's ruling of exactly that cut (``known``:
    outputs already at hand, by the number of events; the generator reads them off the table
    it built the board on, instead of ruling the cut case again)."""

    def __init__(self, record: Mapping[str, Any], shown: dict[str, Any],
                 known: Mapping[int, dict[str, Any]] | None = None) -> None:
        self.record = record
        self.shown = shown
        cut = len(shown["events"])
        full = len(record["case"]["events"])
        if known and cut in known and shown["events"][:full] == record["case"]["events"][:cut] \
                and shown["events"][full:] in ([], [moments.DIRECTOR]):
            self.output = known[cut]
        else:
            self.output = moments.rule(shown, f"bank:{record['id']}")
        self.ruling = keys.ruling_of(self.output, str(record["kind"]))
        #: the other code's output and ruling of ``shown`` (:func:`_other_code`), once asked
        self.crossed: Crossed | None = None
        self.crossed_known = False

    @property
    def events(self) -> list[str]:
        return list(self.shown["events"])


def _fact(record: Mapping[str, Any], output: Mapping[str, Any]) -> Mapping[str, Any]:
    facts: list[Mapping[str, Any]] = [i for i in output["irregularities"]
                                      if i["kind"] == record["kind"]]
    return facts[-1] if facts else dict(record["irregularities"][-1])


def _meanings_text(shown: Mapping[str, Any], lang: str) -> str:
    """The meanings the players stated for the calls shown (2017: Law 23A decides a comparable
    call from them), in words, so that no question rests on a meaning it does not tell;
    empty when none was stated."""
    from generator.table.events import CallMade, parse_event

    def line(name: str, **fields: Any) -> str:
        return i18n.text(lang, "questions.meanings", name).format(**fields)

    told = []
    events = list(shown.get("events") or ())
    for key, meaning in sorted((shown.get("meanings") or {}).items(), key=lambda m: int(m[0])):
        event = parse_event(events[int(key)])
        if not isinstance(event, CallMade):
            continue
        parts = []
        if meaning.get("hcp"):
            low, high = meaning["hcp"]
            parts.append(line("hcp", low=low, high=high))
        for suit, (low, high) in sorted((meaning.get("suits") or {}).items(),
                                        key=lambda s: "SHDC".index(s[0])):
            parts.append(line("suit", low=low, high=high, suit=line(f"suit_{suit}")))
        if meaning.get("purpose"):
            parts.append(i18n.text(lang, "questions.meanings", f"purpose_{meaning['purpose']}",
                                   default=str(meaning["purpose"])))
        if meaning.get("forcing") is not None:
            parts.append(line(f"forcing_{str(meaning['forcing']).lower()}"))
        what = ", ".join(parts) or line("nothing")
        told.append(line("call", what=what, call=words.call(str(event.call), lang),
                         **_seat_fields("seat", str(event.seat), lang)))
    return f"{line('intro')} {'; '.join(told)}." if told else ""


def _context(moment: Moment, lang: str, choices_made: bool = True) -> str:
    """What happened up to the moment, in words: the irregularity and, unless ``choices_made``
    is false, the choices made on it (all shown in ``shown``), and any meanings stated."""
    fact = _fact(moment.record, moment.output)
    text = describe_fact(fact["kind"], fact["seat"], dict(fact.get("details") or {}), lang)
    if choices_made and moment.ruling is not None:
        for option in moment.ruling.get("options") or ():
            if option.get("chosen"):  # told as what the player did: «Юг не принял ...»
                done = chosen_text(option, lang, str(fact["kind"]))
                text += " " + i18n.capital(done).rstrip(".") + "."
    meant = _meanings_text(moment.shown, lang)
    return f"{text} {meant}" if meant else text


def _question(moment: Moment, qtype: str, kind: str, prompt: dict[str, str],
              key: dict[str, Any], choices: list[dict[str, Any]] | None, answer: float | None,
              difficulty: int, context: dict[str, str], explanation: dict[str, str]
              ) -> dict[str, Any]:
    record = moment.record
    ruling = moment.ruling or {}
    topic = TOPICS.get(str(record["kind"]), "auction-procedure")
    laws = sorted({str(law) for law in ruling.get("laws") or ()})
    question: dict[str, Any] = {
        "id": f"{record['id']}-{kind}",
        "scenario": record["id"],
        "edition": _edition(record),
        "type": qtype,
        "kind": kind,
        "topic": topic,
        "laws": laws,
        "difficulty": difficulty,
        "prompt": prompt,
        "context": context,
        "explanation": explanation,
        "board": moment.shown["board"],
        "dealer": moment.output["state"]["dealer"],
        "vulnerable": moment.output["state"]["vulnerable"],
        "deal": moment.shown.get("deal"),
        "events": moment.events,
        "shown": moment.shown,
        "key": key,
    }
    if choices is not None:
        question["choices"] = choices
    if answer is not None:
        question["answer"] = answer
    return question


def _choice(text: dict[str, str], correct: bool, claim: dict[str, Any],
            why: dict[str, str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": "", "text": text, "correct": correct, "claim": claim}
    if why is not None:
        out["why"] = why
    return out


def _lettered(choices: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    rng.shuffle(choices)
    for i, choice in enumerate(choices):
        choice["id"] = "abcdefgh"[i]
    return choices


def _each(build: Callable[..., str], *args: Any, **kwargs: Any) -> dict[str, str]:
    """``build(*args, lang, **kwargs)`` in every language (``lang`` after the positional
    arguments, as the words functions take it)."""
    return {lang: build(*args, lang, **kwargs) for lang in i18n.languages()}


@dataclass(frozen=True)
class SeatName:
    """A seat to name in a "why" text, in every grammatical case (``{right}``, ``{right_gen}``)."""

    code: str


def _why_each(reason: str, law: str, **fields: Any) -> dict[str, str]:
    """Why a wrong answer is wrong, in every language. A field may be a :class:`SeatName`
    (declined), a function of the language (a ``partial`` of a words function), or plain."""
    out = {}
    for lang in i18n.languages():
        values: dict[str, Any] = {}
        for name, value in fields.items():
            if isinstance(value, SeatName):
                values.update(_seat_fields(name, value.code, lang))
            elif callable(value):
                values[name] = value(lang)
            else:
                values[name] = value
        out[lang] = _why(lang, reason, law, **values)
    return out


def _done(option: Mapping[str, Any], lang: str, kind: str) -> str:
    """A choice made, told as what the player did, within a sentence."""
    return chosen_text(option, lang, kind).rstrip(".")


def _catalog(table: str, key: str, lang: str) -> str:
    return i18n.text(lang, table, key)


def _explanation(moment: Moment) -> dict[str, str]:
    found = (moment.ruling or {}).get("explanation") or {}
    return {lang: str(found.get(lang, "")) for lang in i18n.languages()}


# --------------------------------------------------------------------------- the other code
def _other_edition() -> str:
    """The code a question of this edition is set against (issue 17: a director trained on one
    learns what the other changed)."""
    return "1987" if _EDITION.get() == "2017" else "2017"


def _other_code(moment: Moment) -> Crossed | None:
    """The engine's output and ruling for the moment's ``shown`` case ruled under the other
    code, when that code settles it (no choice of its own left open); ``None`` when it does
    not, or cannot rule the case at all (an event that code has no use for, a kind it does
    not know)."""
    if not moment.crossed_known:  # ruled once per moment (ruling and next questions)
        moment.crossed, moment.crossed_known = _rule_other(moment), True
    return moment.crossed


def _rule_other(moment: Moment) -> Crossed | None:
    other = _other_edition()
    shown = {**moment.shown, "edition": other}
    try:
        output = moments.rule(shown, f"bank:{moment.record['id']}-{other}")
    except Exception:  # a case the other code cannot rule gives no cross-edition answer
        return None
    ruling = keys.ruling_of(output, str(moment.record["kind"]))
    if ruling is None or any(not o.get("chosen") for o in ruling.get("options") or ()):
        return None
    return output, ruling


def _other_code_why(reason: str, law: str, other_law: str, **fields: Any) -> dict[str, str]:
    """Why the other code's outcome is wrong here: "That was the 1987 rule ..." in a 2017
    question, "That is the 2017 rule, not the 1987 one ..." in a 1987 one."""
    other = _other_edition()
    prefix = "earlier_code" if other == "1987" else "later_code"
    return _why_each(prefix + reason, law, other_ref=partial(_cite_in, other_law),
                     other_law=partial(_source_in, other, other_law),
                     other_law_dat=partial(_source_in, other, other_law, case="dat"), **fields)


def _cite_in(ref: str, lang: str) -> str:
    return _cite(ref, lang)


# --------------------------------------------------------------------------- the ruling
def _key_law(ruling: Mapping[str, Any]) -> str:
    """The clause the ruling turns on: that of its main rectification (a penalty first: a
    refused call out of rotation turns on the bar, not on the cancellation), else its last
    clause."""
    for rect in ruling["rectifications"]:
        if rect["kind"] in PENALTIES and rect.get("law"):
            return str(rect["law"])
    for rect in ruling["rectifications"]:
        if rect["kind"] in STATED and rect.get("law") and rect["kind"] not in keys.NEUTRAL:
            return str(rect["law"])
    for rect in ruling["rectifications"]:
        if rect["kind"] in STATED and rect.get("law"):
            return str(rect["law"])
    return str(ruling["laws"][-1]) if ruling["laws"] else ""


def _main_law(ruling: Mapping[str, Any]) -> str:
    """The law the irregularity falls under: the ruling's first clause (the explanation cites
    it after the irregularity): what gives the options and decides the turn."""
    return str(ruling["laws"][0]) if ruling.get("laws") else _key_law(ruling)


#: A mistake: its name, the rectifications it would state, and why it is wrong (worked out in
#: every language only for the wrong answers picked: most candidates are not asked).
Mistake = tuple[str, list[dict[str, Any]], Callable[[], dict[str, str]]]


def _lead_rule_to_come(moment: Moment) -> bool:
    """Whether a lead restriction may still come of the irregularity after this moment, so that
    "no lead restriction arises" would be no sound reason: under 2017 any later call of the
    offender that the director finds not comparable brings Law 26B (23A, 26B, 27B2, 30B1b,
    31, 32), as long as the auction goes on."""
    return _EDITION.get() == "2017" and moment.output["state"].get("phase") == "auction"


def _mistakes(moment: Moment, rects: list[dict[str, Any]], law: str) -> list[Mistake]:
    """Neighbouring rules: each changes the right rectifications the way a mistake would, with
    why it is wrong in every language."""
    record, ruling = moment.record, moment.ruling or {}
    topic = TOPICS.get(str(record["kind"]))
    # a board found wrong in the play takes no auction penalty as a plausible wrong answer
    play = topic in PLAY_TOPICS or (topic == "board-and-deal"
                                    and moment.output["state"]["phase"] != "auction")
    fact = _fact(record, moment.output)
    offender = fact.get("seat")
    out: list[Mistake] = []

    def changed_at(i: int, **fields: Any) -> list[dict[str, Any]]:
        changed = [dict(x) for x in rects]
        changed[i].update(fields)
        return changed

    for i, r in enumerate(rects):
        if r["kind"] == "must_pass" and r.get("scope") in ("throughout", "next_turn"):
            wrong = "next_turn" if r["scope"] == "throughout" else "throughout"
            out.append(("scope", changed_at(i, scope=wrong), partial(_why_each,
                "scope", str(r.get("law") or law), seat=partial(words.seat, r["seat"]),
                right=partial(_catalog, "questions.scopes", str(r["scope"])),
                wrong=partial(_catalog, "questions.scopes", wrong))))
            break
    for i, r in enumerate(rects):
        # the bar, the lead restriction or the duty put on the other player of the side (the
        # offender instead of his partner, dummy instead of declarer's hand); not a penalty
        # card, which no one takes for his partner's
        if r["kind"] in ("must_pass", "lead_restriction", "must_play") and r.get("seat") \
                and not r.get("card"):
            seat = Seat.parse(str(r["seat"]))
            other = str(seat.partner)
            out.append(("seat", changed_at(i, seat=other), partial(_why_each,
                "seat", str(r.get("law") or law), right=SeatName(str(seat)),
                wrong=SeatName(other))))
            break
    penalties = [r for r in rects if r["kind"] in PENALTIES]
    if penalties:
        first = one_duty_per_seat([dict(r) for r in penalties])[0]  # its cards together
        out.append(("nothing", [], partial(_why_each, "nothing", str(first.get("law") or law),
                                             what=partial(rectification_text, first))))
    if not play and offender and not any(r["kind"] == "must_pass" for r in rects):
        partner = str(Seat.parse(str(offender)).partner)
        out.append(("add_bar", [*rects, {"kind": "must_pass", "seat": partner,
                                         "scope": "throughout"}],
                    partial(_why_each, "add_bar", law, seat=partial(words.seat, partner))))
    leads = [r for r in rects if r["kind"] == "lead_restriction"]
    if leads:
        out.append(("lead_dropped", [r for r in rects if r["kind"] != "lead_restriction"],
                    partial(_why_each, "lead_dropped", str(leads[0].get("law") or law))))
    elif not play and offender and record["kind"] in TOPICS and not _lead_rule_to_come(moment):
        partner = str(Seat.parse(str(offender)).partner)
        added: dict[str, Any] = {"kind": "lead_restriction", "seat": partner,
                                 "chooser": "declarer", "suits": "any_one", "may": ["prohibit"],
                                 "if_defending": True}
        declarer = (record.get("state") or {}).get("declarer")
        if declarer:  # the auction is over: say whether it binds, as a ruling then does
            added["applies"] = Seat.parse(str(declarer)).side is not Seat.parse(partner).side
        out.append(("lead_added", [*rects, added], partial(_why_each, "lead_added", law)))
    cards = [r for r in rects if r["kind"] == "penalty_card"]
    mistaken = _other_class(rects, cards[0], law) if cards else None
    if mistaken is not None:
        out.append(mistaken)
    for i, r in enumerate(rects):
        if r["kind"] == "trick_transfer":
            wrong_n = 2 if r["tricks"] == 1 else 1
            out.append(("tricks", changed_at(i, tricks=wrong_n), partial(_why_each,
                "tricks", str(r.get("law") or law), to=partial(words.side, r["to"]),
                right=partial(words.counted, int(r["tricks"]), noun="tricks"),
                wrong=partial(words.counted, wrong_n, noun="tricks"))))
            break
    for option in ruling.get("options") or ():
        chosen = option.get("chosen")
        if not chosen:
            continue
        for other_id, other_rects in sorted((option.get("alternatives") or {}).items()):
            if other_id not in WHOLE_OUTCOMES or not other_rects:
                continue
            before = keys.in_force_before(moment.output, ruling)
            outcome = [*before, *keys.substantive(other_rects)]
            out.append(("other_option", outcome, partial(_why_each,
                "other_option", law, other=partial(option_label, other_id, about=option),
                done=partial(_done, option, kind=str(fact["kind"])))))
    out.extend(_board_mistakes(moment, rects, law))
    return out


_ARTIFICIAL = {"kind": "adjusted_score", "adjustment": "artificial"}


def _board_mistakes(moment: Moment, rects: list[dict[str, Any]], law: str) -> list[Mistake]:
    """Wrong outcomes of the board, deal and dummy rulings (Laws 13-16, 42-43): a part of the
    ruling replaced by what a learner might put in its place, each proved wrong by the clause
    of the part it replaces (catalog ``questions.why``, ``board_*``). Only mechanical parts are
    replaced: where the ruling leaves a point to the director (a flag), nothing is offered."""
    out: list[Mistake] = []
    declarer = moment.output["state"].get("declarer")

    def swap(i: int, reason: str, new: list[dict[str, Any]], drop: tuple[str, ...] = ()) -> None:
        changed = [dict(r) for j, r in enumerate(rects) if j != i and r["kind"] not in drop]
        out.append((reason, [*changed, *new], partial(
            _why_each, reason, str(rects[i].get("law") or law))))

    ruled = (moment.ruling or {}).get("rectifications") or ()
    if not rects and declarer and any(r["kind"] == "no_rectification" and r.get("law") == "42B2"
                                      for r in ruled):
        rects = [{"kind": "no_rectification", "law": "42B2"}]  # "no penalty": the answer
    for i, r in enumerate(rects):
        kind, at = r["kind"], str(r.get("law", ""))
        if at.startswith("15D"):
            _rotated_mistakes(i, r, len(rects), swap)
        elif kind == "deal_corrected" and at == "13A":
            swap(i, "board_13a", [_ARTIFICIAL])
        elif kind == "result_cancelled":
            swap(i, "board_cancelled", [{"kind": "score_stands"}], drop=("adjusted_score",))
        elif kind == "score_stands":
            swap(i, "board_stands", [{"kind": "result_cancelled"}, _ARTIFICIAL])
            swap(i, "board_too_late", [{"kind": "auction_cancelled"},
                                       {"kind": "contestants_reseated"}])
        elif kind == "card_restored":
            swap(i, "board_found", [{"kind": "deal_reconstructed"}],
                 drop=("deemed_held_throughout",))
            swap(i, "board_found_no_score", [_ARTIFICIAL], drop=("deemed_held_throughout",))
        elif kind == "deal_reconstructed":
            swap(i, "board_rebuilt", [_ARTIFICIAL])
            swap(i, "board_rebuilt_not_cancelled", [{"kind": "result_cancelled"}, _ARTIFICIAL])
        elif kind == "must_repeat_calls":
            swap(i, "board_repeat", [])
        elif kind == "auction_cancelled":
            swap(i, "board_restart", [_ARTIFICIAL],
                 drop=("contestants_reseated", "must_repeat_calls"))
            swap(i, "board_auction_stands", [])
        elif kind == "contestants_reseated" and len(rects) == 1:
            swap(i, "board_reseat", [{"kind": "auction_cancelled"}, _ARTIFICIAL])
            swap(i, "board_reseat_no_score", [_ARTIFICIAL])
        elif kind == "lead_from":  # 43B2a: the defenders choose the hand; 55B2: refused
            swap(i, "board_lead_refused" if at.startswith("55") else "board_lead_no_score",
                 [_ARTIFICIAL])
        elif kind == "information":
            swap(i, "board_information", [dict(r, authorised=not r.get("authorised"))])
        elif kind == "no_rectification" and at == "42B2" and declarer:
            dummy = str(Seat.parse(str(declarer)).partner)
            swap(i, "board_warning", [{"kind": "lead_from", "seat": dummy, "hand": "dummy"}])
            swap(i, "board_warning_free", [{"kind": "protection_lost", "seat": declarer}])
        elif kind == "protection_lost":
            swap(i, "board_dummy_not_free", [{"kind": "result_cancelled"}, _ARTIFICIAL])
            swap(i, "board_dummy_no_score", [_ARTIFICIAL])
        elif kind == "irregularity_still_ruled":
            about = (_fact(moment.record, moment.output).get("details") or {}).get("about")
            found = moment.output["irregularities"]
            owner = found[about].get("seat") if isinstance(about, int) and about < len(found) \
                else None
            if owner:
                swap(i, "board_still_ruled", [{"kind": "penalty_waived", "seat": owner}])
            swap(i, "board_attention_no_score", [dict(r), _ARTIFICIAL])
        elif kind == "penalty_waived":
            swap(i, "board_waived", [{"kind": "irregularity_still_ruled"}])
            partner = str(Seat.parse(str(r["seat"])).partner)
            swap(i, "board_waived_seat", [dict(r, seat=partner)])
    return out


def _rotated_mistakes(i: int, r: dict[str, Any], count: int,
                      swap: Callable[..., None]) -> None:
    """Wrong outcomes of a board played turned (15D, reconstructed: see law15): an adjusted
    score where the board is simply put right, the first auction kept or repeated as 15C would
    have it, the board bid again once the auction is over, the lines exchanged the wrong way.
    Where a flag leaves artificial scores to the director (what was seen in 15D2, a quarter
    turn with no comparison in 15D3), no adjusted score is offered as wrong."""
    kind = r["kind"]
    if kind == "hands_to_right_seats" and count == 1:
        swap(i, "board_rotated_early", [_ARTIFICIAL])
    elif kind == "auction_cancelled" and count > 1:
        swap(i, "board_rotated_auction", [])
        swap(i, "board_rotated_free", [dict(r), {"kind": "must_repeat_calls", "side": "NS"}])
    elif kind == "rotated_result_stands":
        if not r.get("lines_exchanged"):
            swap(i, "board_rotated_stands", [{"kind": "result_cancelled"}, _ARTIFICIAL])
        swap(i, "board_rotated_lines", [dict(r, lines_exchanged=not r.get("lines_exchanged"))])
        swap(i, "board_rotated_too_late", [{"kind": "auction_cancelled"},
                                           {"kind": "hands_to_right_seats"}])


def _other_class(rects: list[dict[str, Any]], first: Mapping[str, Any], law: str
                 ) -> Mistake | None:
    """The penalty cards exposed together with ``first`` taken for the other class (major for
    minor, or the reverse), each with the duty that class brings: a minor card's (50D) in
    place of a major card's duty to be played at once and the lead choice it holds in store,
    or the reverse. All the cards change together: one major and one minor card of the same
    exposure is no mistake anybody makes, and neither is an honour taken for a minor card."""
    major = bool(first["major"])
    group = [r for r in rects if r["kind"] == "penalty_card" and r.get("seat") == first["seat"]
             and bool(r["major"]) == major and r.get("law") == first.get("law")]
    played = {str(r["card"]) for r in group}
    if major and any(Card.parse(c).rank.is_honour for c in played):
        return None  # an honour is never a minor penalty card: no mistake to offer
    kept = []
    for r in rects:
        if r["kind"] == "must_play" and r.get("card") in played and r.get("seat") == \
                first["seat"]:
            continue  # the duty of the class they no longer are
        if r["kind"] == "lead_restriction" and set(r.get("cards") or ()) & played:
            continue  # a major card's lead choice (50E)
        kept.append(dict(r, major=not major) if r in group else dict(r))
    for card in sorted(played):
        duty = {"kind": "must_play", "seat": first["seat"], "card": card}
        duty.update({"rule": "minor_first"} if major else {"when": "first_legal_opportunity"})
        duty.update({k: first[k] for k in ("if_defending", "applies") if k in first})
        kept.append(duty)
    several = len(group) > 1
    return ("major", kept, partial(
        _why_each, "major_several" if several else "major", str(first.get("law") or law),
        card=partial(words.cards, [str(r["card"]) for r in group]),
        right=partial(_catalog, "questions.majors_several" if several else "questions.majors",
                      str(major).lower()),
        wrong=partial(_catalog, "questions.majors_several" if several else "questions.majors",
                      str(not major).lower())))


#: Options whose outcome the engine reports whole (the call or lead stands, or the refusal
#: with all it brings), so "what the other choice would have brought" is exactly that outcome.
#: A 62C keep/withdraw choice reports only its own part (the revoke's penalty stays either
#: way): it makes no "other choice" answer.
WHOLE_OUTCOMES = frozenset({"accept", "refuse", "first_call_stands", "other_call", "cancel",
                            "continue", "spread", "lead_declarer", "lead_dummy"})


def _other_code_mistake(moment: Moment, seen: set[Any], own: Sequence[Mapping[str, Any]]
                        ) -> Mistake | None:
    """The other code's rectifications at this moment, as a wrong answer, when they differ in
    effect from the key (``own``: the rectifications it states) and from every open option's
    outcome (``seen``)."""
    crossed = _other_code(moment)
    if crossed is None:
        return None
    output, ruling = crossed
    rects = [r for r in keys.answer_rectifications(output, ruling) if r["kind"] in STATED]
    other_law = _differing_law(rects, own) or _key_law(ruling)
    if not other_law or keys.effect(rects) in seen:
        return None
    law = _differing_law(own, rects) or _key_law(moment.ruling or {}) or other_law
    law = _deciding_clause(moment.ruling or {}, law)
    # the same clause in both codes, ruling otherwise: no "rests on" the same number twice
    return ("other_code", rects, partial(_other_code_why, "_same" if law == other_law else "",
                                         law, other_law))


def _deciding_clause(ruling: Mapping[str, Any], law: str) -> str:
    """The clause a ruling "rests on" in a cross-code why: a call out of rotation cancelled
    under the general 29B is ruled by its own law's clause (2017 30B1 for a pass at partner's
    turn), when the ruling cites one."""
    main = _main_law(ruling)
    if law != "29B" or not main or main.startswith("29"):
        return law
    own = [str(c) for c in ruling.get("laws") or () if str(c).startswith(main)
           and len(str(c)) > len(main)]
    return own[0] if own else law


def _differing_law(rects: Sequence[Mapping[str, Any]], other: Sequence[Mapping[str, Any]]
                   ) -> str | None:
    """The clause of the first of ``rects`` (a penalty first) that the ``other`` code's
    rectifications do not rest on: where the two codes part (1987 27B2's lead rule against 2017
    26B), which the cross-edition "why" names rather than a clause both share."""
    theirs = {str(r.get("law")) for r in other}
    ordered = [r for r in rects if r["kind"] in PENALTIES] + \
        [r for r in rects if r["kind"] not in PENALTIES]
    return next((str(r["law"]) for r in ordered if r.get("law") and str(r["law"]) not in theirs),
                None)


@_under_edition
def ruling_question(record: Mapping[str, Any], moment: Moment | None = None
                    ) -> dict[str, Any] | None:
    moment = moment or Moment(record, moments.ruled(record))
    ruling = moment.ruling
    if ruling is None:
        return None
    before = keys.in_force_before(moment.output, ruling)
    rects = [r for r in keys.answer_rectifications(moment.output, ruling)
             if r["kind"] in STATED]
    law = _key_law(ruling)
    right = _each(_rect_text, rects)
    opened = [(seat, oid, [*before, *outcome])
              for seat, oid, outcome in keys.open_alternatives(ruling)]
    candidates: list[Mistake] = []
    seen_effect = {keys.effect(rects)} | {keys.effect(alt) for _, _, alt in opened}
    crossing = _other_code_mistake(moment, set(seen_effect), rects)
    if crossing is not None:  # taken first: a neighbouring rule with the same effect gives way
        seen_effect.add(keys.effect(crossing[1]))
    for mistake in _mistakes(moment, rects, law):
        effect = keys.effect(mistake[1])
        if effect in seen_effect:
            continue  # the same effect as the key, an open option or another wrong answer
        seen_effect.add(effect)
        candidates.append(mistake)
    rng = _stable_rng(str(record["id"]), "ruling")
    seen_text = {right["en"]}
    choices = [_choice(right, True, {"rectifications": keys.strip_effect(rects)})]
    if crossing is not None:  # the other code's outcome is always among the wrong answers
        text = _each(partial(_rect_text_in, _other_edition()), crossing[1])
        if text["en"] not in seen_text:
            seen_text.add(text["en"])
            choices.append(_choice(text, False,
                                   {"rectifications": keys.strip_effect(crossing[1])},
                                   crossing[2]()))
    for _, changed, because in rng.sample(candidates, len(candidates)):
        text = _each(_rect_text, changed)
        if text["en"] in seen_text:
            continue  # different in effect, the same in words: no answer to tell apart
        seen_text.add(text["en"])
        choices.append(_choice(text, False, {"rectifications": keys.strip_effect(changed)},
                               because()))
        if len(choices) == 4:
            break
    if len(choices) < 3:
        return None
    own = keys.strip_effect([r for r in keys.substantive(ruling["rectifications"])
                             if not r.get("picked_up")])
    key: dict[str, Any] = {"rulings": [{"kind": record["kind"], "rectifications": own}]}
    if before:  # what earlier rulings still impose: in their rulings, and in force now
        key["rulings"].append({"rectifications": keys.strip_effect(before)})
    topic = TOPICS.get(str(record["kind"]), "auction-procedure")
    return _question(moment, "single", "ruling", i18n.texts("questions.prompts", "ruling"), key,
                     _lettered(choices, rng), None, BASE_DIFFICULTY.get(topic, 2),
                     _each(_context, moment), _explanation(moment))


# --------------------------------------------------------------------------- the options
@_under_edition
def options_question(record: Mapping[str, Any],
                     known: Mapping[int, dict[str, Any]] | None = None) -> dict[str, Any] | None:
    moment = Moment(record, moments.arrival(record), known)
    ruling = moment.ruling
    if ruling is None:
        return None
    open_options = [o for o in ruling.get("options") or () if not o.get("chosen")]
    if not open_options:
        return None
    first = open_options[0]
    seat = str(first["seat"])
    right = [str(i) for i in first["ids"]]
    every = keys.open_option_ids(ruling)
    phase = "play" if TOPICS.get(str(record["kind"])) in PLAY_TOPICS else "auction"
    homes = OPTION_LAWS[_EDITION.get()][phase]
    decoys = [d for d in homes
              if d not in every and SYNONYMS.get(d) not in every
              and not any(r.startswith(d + "_") for r in every)]
    if not decoys:
        return None
    law = _main_law(ruling)
    rng = _stable_rng(str(record["id"]), "options")
    picked = rng.sample(decoys, min(max(2, 5 - len(right)), len(decoys)))
    if len(right) + len(picked) > 8:
        return None  # (2017, 57A: nine ways to choose) too many boxes to tick for a question

    def labels(lang: str) -> str:
        return i18n.text(lang, "explain.may", "or").join(
            option_label(o, lang, first) for o in right)

    choices = [_choice(_each(option_label, o, about=first), True, {"option": o, "seat": seat})
               for o in right]
    reason = "option_missing" if len(right) <= 3 else "option_missing_many"
    for o in picked:
        home = homes[o]
        # a finding the 2017 Laws leave to the director (23A) is no player's option: say so
        judged = "option_director" if o in VERDICTS else "option_missing"
        why = _why_each(reason.replace("option_missing", judged), law, right=labels,
                        label=partial(option_label, o), home=partial(_source, home),
                        home_dat=partial(_source, home, case="dat"), seat=SeatName(seat))
        choices.append(_choice(_each(option_label, o), False,
                               {"option": o, "seat": seat}, why))
    key = {"rulings": [{"kind": record["kind"], "options": [{"seat": seat, "ids": right}]}]}
    prompt = {lang: i18n.text(lang, "questions.prompts", "options").format(
        seat=words.seat(seat, lang)) for lang in i18n.languages()}
    return _question(moment, "multiple", "options", prompt, key, _lettered(choices, rng), None,
                     2, _each(_context, moment, choices_made=False),
                     _explanation(moment))


# --------------------------------------------------------------------------- the clause
def _law_siblings(law: str) -> tuple[str, ...]:
    """Clauses of the same depth as ``law`` within two laws of it, neither containing it nor
    inside it, sorted: the wrong answers a law question draws from (in the question's code)."""
    return _siblings_in(law, _EDITION.get())


@cache
def _siblings_in(law: str, edition: str) -> tuple[str, ...]:
    number = LawRef.parse(law).law
    return tuple(sorted(k for k, e in law_index(edition).items()
                        if k != law and len(k) == len(law) and abs(e.ref.law - number) <= 2
                        and "unverified" not in e.title("en")
                        and not law.startswith(k) and not k.startswith(law)))


def _cited(ref: LawRef, laws: Sequence[LawRef]) -> bool:
    """True if a ruling citing ``laws`` rests on ``ref`` too, so it is no wrong answer: ``ref``
    contains a cited clause or lies inside a cited clause. A whole law cited (``54``) names only
    the law the irregularity falls under: its other clauses stay wrong answers."""
    return any(cited.within(ref) or (cited.clause and ref.within(cited)) for cited in laws)


@_under_edition
def law_question(record: Mapping[str, Any], moment: Moment | None = None
                 ) -> dict[str, Any] | None:
    moment = moment or Moment(record, moments.ruled(record))
    ruling = moment.ruling
    if ruling is None:
        return None
    law = _key_law(ruling)
    if not law:
        return None
    index = law_index(_EDITION.get())
    if law not in index:
        return None
    cited = [LawRef.parse(ref) for ref in keys.cited(ruling)]
    siblings = [k for k in _law_siblings(law) if not _cited(LawRef.parse(k), cited)]
    if len(siblings) < 3:
        return None
    rng = _stable_rng(str(record["id"]), "law")
    picked = rng.sample(siblings, 3)

    def label(ref: str) -> dict[str, str]:
        return {lang: f"{ref} — {index[ref].title(lang)}" for lang in i18n.languages()}

    choices = [_choice(label(law), True, {"law": law})]
    for ref in picked:
        why = _why_each("law", law, wrong=partial(_capital_source, ref))
        choices.append(_choice(label(ref), False, {"law": ref}, why))
    in_laws = law in [str(x) for x in ruling["laws"]]
    key = {"rulings": [{"kind": record["kind"], "laws": [law]}]} if in_laws else {
        "rulings": [{"kind": record["kind"], "rectifications": [{"law": law}]}]}
    return _question(moment, "single", "law", i18n.texts("questions.prompts", "law"), key,
                     _lettered(choices, rng), None, 3,
                     _each(_context, moment), _explanation(moment))


# --------------------------------------------------------------------------- who is next
def _due_before(moment: Moment) -> str | None:
    """Whose turn it was when the irregular action was made (a call or card out of turn)."""
    fact = _fact(moment.record, moment.output)
    details = fact.get("details") or {}
    due = details.get("turn") or details.get("due")
    return str(due) if due else None




@_under_edition
def next_question(record: Mapping[str, Any], moment: Moment | None = None
                  ) -> dict[str, Any] | None:
    moment = moment or Moment(record, moments.ruled(record))
    nxt = moment.output["state"].get("next")
    if nxt is None or moment.ruling is None or moment.output["state"]["phase"] == "ended":
        return None
    if any(str(f.get("reason")) in CONTINUATION_FLAGS for f in moment.ruling.get("flags") or ()):
        return None
    law = _main_law(moment.ruling)
    fact = _fact(record, moment.output)
    offender = None if (fact.get("details") or {}).get("from_dummy") else fact.get("seat")
    due = _due_before(moment)
    crossed = _other_code(moment)  # whose turn the other code gives, if it differs
    choices = []
    for seat in "NESW":
        text = _each(words.seat, seat)
        if seat == nxt:
            choices.append(_choice(text, True, {"next": seat}))
            continue
        reason = ("next_offender" if seat == offender else
                  "next_was_due" if seat == due else "next_other")
        why = _why_each(reason, law, wrong=SeatName(seat), right=SeatName(str(nxt)))
        if crossed is not None and seat == crossed[0]["state"].get("next"):
            why = _other_code_why("_next", law, _main_law(crossed[1]), right=SeatName(str(nxt)))
        choices.append(_choice(text, False, {"next": seat}, why))
    for i, choice in enumerate(choices):
        choice["id"] = "nesw"[i]
    explanation = _explanation(moment)
    for lang in explanation:
        line = i18n.text(lang, "questions.why", "next_line").format(seat=words.seat(nxt, lang))
        explanation[lang] = f"{explanation[lang]} {line}".strip()
    chose = any(o.get("chosen") for o in moment.ruling.get("options") or ())
    # "and the choices made" only where a choice was made
    prompt = i18n.texts("questions.prompts", "next" if chose else "next_no_choice")
    return _question(moment, "single", "next", prompt,
                     {"state": {"next": nxt}}, choices, None, 1,
                     _each(_context, moment), explanation)


# --------------------------------------------------------------------------- the score
def score_lines(output: Mapping[str, Any], lang: str) -> list[str]:
    """The score of a finished board derived line by line: the contract, the tricks won in play,
    the tricks transferred with their clause, the result and each Law 77 item, the total."""
    def line(name: str, **fields: Any) -> str:
        return i18n.text(lang, "questions.score", name).format(**fields)

    state = output["state"]
    score, details = output["score"], output.get("score_details") or {}
    if state["contract"] is None:
        return [line("passed_out"), line("total_passed_out", law=_cite(details["law"], lang))]
    contract = Contract.parse(state["contract"])
    declarer = Seat.parse(state["declarer"])
    side = str(declarer.side)
    vul = output["state"]["vulnerable"]
    vulnerable = vul == "Both" or vul == side
    lines = [line("contract", contract=contract_words(str(contract), lang),
                  declarer=words.seat(str(declarer), lang),
                  vul=i18n.text(lang, "questions.score",
                                "vulnerable" if vulnerable else "not_vulnerable")),
             line("played", side=words.side(side, lang),
                  tricks=words.counted(int(details["tricks_played"]), lang, "tricks"))]
    transfers = [r for ruling in output["rulings"] for r in ruling["rectifications"]
                 if r["kind"] == "trick_transfer"]
    tricks = int(details["tricks"])
    delta = int(details["transferred"]) if transfers else 0
    if delta:  # said as who gives how many to whom (a gain of declarer's side is positive)
        laws = ", ".join(sorted({str(r["law"]) for r in transfers}))
        other = "EW" if side == "NS" else "NS"
        source, to = (other, side) if delta > 0 else (side, other)
        lines.append(line("transfer", law=_cite(laws, lang), source=words.side(source, lang),
                          to=words.side(to, lang),
                          moved=words.counted(abs(delta), lang, "tricks"),
                          side=words.side(side, lang),
                          tricks=words.counted(tricks, lang, "tricks")))
    else:
        lines.append(line("no_transfer"))
    table = law77.table_for(_EDITION.get())
    needed = contract.tricks_needed
    if tricks >= needed:
        over = tricks - needed
        lines.append(line("made", needed=needed, n=tricks,
                          overtricks=words.counted(over, lang, "overtricks")) if over else
                     line("made_exactly", needed=needed, n=tricks))
        points = law77.trick_score(contract, table)
        lines.append(line("trick_score", points=points))
        bonus = law77.game_or_part_score_bonus(points, vulnerable, table)
        lines.append(line("game" if points >= 100 else "part_score", points=bonus))
        slam = law77.slam_bonus(contract.level, vulnerable, table)
        if slam:
            lines.append(line("slam", points=slam))
        if tricks > needed:
            lines.append(line("overtricks", points=law77.overtrick_score(
                contract, vulnerable, tricks - needed, table)))
        insult = law77.insult_bonus(contract.doubling, table)
        if insult:
            lines.append(line("insult", points=insult))
    else:
        lines.append(line("down", needed=needed, n=tricks, under=i18n.text(
            lang, "questions.down", str(needed - tricks))))
        lines.append(line("undertricks", points=law77.undertrick_penalty(
            contract.doubling, vulnerable, needed - tricks, table)))
    lines.append(line("total", score=f"{score['NS']:+d}" if score["NS"] else "0",
                      law=_cite(details["law"], lang)))
    return lines


@_under_edition
def score_question(record: Mapping[str, Any],
                   known: Mapping[int, dict[str, Any]] | None = None) -> dict[str, Any] | None:
    if record["state"]["phase"] != "ended" or record["state"]["contract"] is None:
        return None
    if any(str(f.get("reason")) in CONTINUATION_FLAGS for f in record["ruling"].get("flags") or ()):
        return None  # whether the board stood as played was the director's to decide
    moment = Moment(record, moments.end(record), known)
    output = moment.output
    if output["state"]["phase"] != "ended" or not output.get("score") \
            or output["state"]["contract"] is None or not output.get("score_details") \
            or "tricks_played" not in output["score_details"]:
        return None
    state = output["state"]
    contract = Contract.parse(state["contract"])
    declarer = str(state["declarer"])
    side = str(Seat.parse(declarer).side)
    played = int(output["score_details"]["tricks_played"])

    def context(lang: str) -> str:
        fact = _fact(record, output)
        told = describe_fact(fact["kind"], fact["seat"], dict(fact.get("details") or {}), lang)
        ruling = keys.ruling_of(output, str(record["kind"])) or {}
        chosen = [o for o in ruling.get("options") or () if o.get("chosen")]
        if any(o.get("seat") == DIRECTOR for o in chosen):
            # the score rests on the director's finding: told with the choices it followed
            for option in chosen:
                told += " " + i18n.capital(_done(option, lang, str(fact["kind"]))) + "."
        meant = _meanings_text(moment.shown, lang)
        if meant:
            told += " " + meant
        over = i18n.text(lang, "questions.score", "context").format(
            contract=contract_words(str(contract), lang), declarer=words.seat(declarer, lang),
            side=words.side(side, lang), tricks=words.counted(played, lang, "tricks"))
        return f"{told} {over}"

    def explanation(lang: str) -> str:
        ruled = [str((r.get("explanation") or {}).get(lang, "")) for r in output["rulings"]]
        return " ".join([*[r for r in ruled if r], *score_lines(output, lang)])

    return _question(moment, "number", "score", i18n.texts("questions.prompts", "score"),
                     {"score": {"NS": output["score"]["NS"]}}, None,
                     int(output["score"]["NS"]), 2, _each(context), _each(explanation))


# --------------------------------------------------------------------------- claims
#: The irregularity kinds of claims and concessions (Laws 68-71).
CLAIM_KINDS = ("claim", "concession")


def _plan_words(plan: Sequence[str], lang: str) -> str:
    """A claim statement (``claimplay`` tokens) as the claimer said it: "trumps first, then
    the spades from the top, then the rest are winners"."""
    said = []
    for token in plan:
        word = token.strip()
        if word.lower() in ("trumps", "rest"):
            said.append(i18n.text(lang, "questions.claim", word.lower()))
        elif word.endswith("*"):
            said.append(i18n.text(lang, "questions.claim", "suit_" + word[0].upper()))
        else:
            said.append(i18n.text(lang, "questions.claim", "card").format(
                card=words.card(word.upper(), lang)))
    return i18n.text(lang, "questions.claim", "then").join(said)


def claim_context(events: Sequence[str], lang: str) -> str:
    """What the learner is told of a claim or concession: the irregularity's own sentence (who
    claimed or conceded how many of the remaining tricks), the statement, each answer of the
    opponents, and the call for the director; the cards are in the deal and the play shown."""
    from generator.table.events import ClaimAnswered, Claimed, Conceded, parse_event

    def line(name: str, **fields: Any) -> str:
        return i18n.text(lang, "questions.claim", name).format(**fields)

    played = sum(1 for e in events if " leads " in e or " plays " in e)
    remaining = 13 - played // 4
    out: list[str] = []
    for event in events:
        parsed = parse_event(event)
        if isinstance(parsed, (Claimed, Conceded)):
            kind = "claim" if isinstance(parsed, Claimed) else "concession"
            out.append(describe_fact(kind, str(parsed.seat), {
                "tricks": parsed.tricks, "remaining": remaining}, lang))
            if isinstance(parsed, Claimed):
                out.append(line("stating", plan=_plan_words(parsed.plan, lang))
                           if parsed.plan else line("no_statement"))
        elif isinstance(parsed, ClaimAnswered):
            out.append(line(parsed.answer, seat=words.seat(str(parsed.seat), lang)))
    out.append(line("director"))
    return " ".join(out)


@_under_edition
def claim_question(record: Mapping[str, Any],
                   known: Mapping[int, dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """How many tricks in all the director gives declarer's side (Laws 69-71): the number is
    the ruling's ``claim_tricks`` for that side, the tricks already won included."""
    if str(record["kind"]) not in CLAIM_KINDS:
        return None
    moment = Moment(record, moments.ruled(record), known)
    ruling = moment.ruling
    declarer = moment.output["state"].get("declarer")
    if ruling is None or not declarer:
        return None
    awarded = [r for r in ruling["rectifications"] if r["kind"] == "claim_tricks"]
    if not awarded:
        return None
    side = str(Seat.parse(str(declarer)).side)
    tricks = int(awarded[-1]["tricks"][side])
    key = {"rulings": [{"kind": str(record["kind"]), "rectifications": [
        {"kind": "claim_tricks", "tricks": {side: tricks}}]}]}
    events = moment.events

    def explanation(lang: str) -> str:
        found = str((ruling.get("explanation") or {}).get(lang, ""))
        total = i18n.text(lang, "questions.claim", "total").format(
            side=words.side(side, lang), tricks=words.counted(tricks, lang, "tricks"))
        return f"{found} {total}".strip()

    return _question(moment, "number", "claim", i18n.texts("questions.prompts", "claim"), key,
                     None, tricks, BASE_DIFFICULTY["claims"], _each(claim_context, events),
                     _each(explanation))


# --------------------------------------------------------------------------- all of them
@_under_edition
def questions_for(record: Mapping[str, Any],
                  known: Mapping[int, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every question a scenario supports (those without enough wrong answers proven wrong are
    left out). The ruling, the clause and the next player share one moment, ruled once.
    ``known``: the engine's outputs at some moments, by the number of events shown (see
    :class:`Moment`); the others are ruled from the cut case."""
    if str(record["kind"]) in CLAIM_KINDS:
        # a claim's ruling is the tricks it awards: the number is the question (the generic
        # ruling, options and next-player questions have nothing to ask about it)
        claimed = [claim_question(record, known)]
        return [q for q in claimed if q is not None]
    ruled = Moment(record, moments.ruled(record), known)
    built = [ruling_question(record, ruled), options_question(record, known),
             law_question(record, ruled), next_question(record, ruled),
             score_question(record, known)]
    return [q for q in built if q is not None]


def localise(question: Mapping[str, Any], lang: str) -> dict[str, Any]:
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
