"""Generated book content: worked examples, the choice of chapter quiz questions and the law
index page (the quiz parts themselves are :mod:`generator.book.quizpages`).

Everything here is MyST Markdown written straight in the target language (never extracted for
translation): the headings and fixed words come from the language catalogs (:data:`WORDS`, the
``examples.*`` tables of ``generator/i18n/<lang>.yaml``), the rest from the question bank (the
engine's explanations) and the law index. The same input always gives the same text.

Text that comes from data (explanations, question texts, titles, every catalog word) goes
through :mod:`generator.book.markup` (:func:`md_text`, :func:`_word`): ``&``, ``<`` and ``>``
become entities and Markdown punctuation is backslash-escaped, so no explanation or catalog
word can open a tag, a role, a link or a template. Law citations inside an explanation,
"(Law 27B2)", become the ``{law}`` role of the book's extension (a link to the law index page);
cards and calls in the engine's notation (``H6``, ``1NT``) are shown with suit symbols.

Labels (MyST targets) the pages define, for links between them:

* ``law-<clause>`` on the law index page, for every law and clause listed (``law-27``,
  ``law-27B2``; Sphinx lowercases labels, so an ``<span id="law-27B2">`` with the exact case is
  added for hand-written fragment links);
* ``example-<slug>-<n>`` before the n-th worked example of a chapter, ``quiz-<slug>`` before its
  quiz heading.

Generated files are meant for ``{include}``: they must not be built as documents of their own
(keep ``_generated`` in Sphinx's ``exclude_patterns``), else every label is defined twice.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

import generator.laws as laws_package
from generator import i18n
from generator.book import deciding, diagrams, markup
from generator.book.markup import MyST
from generator.laws.explain import describe_fact
from generator.laws.refs import LawRef, law_index
from generator.model.cards import Suit
from generator.scenarios.questions import TOPICS, localise, questions_for

EDITION = "1987"

#: The course's chapters: file slug -> the question-bank topic its quiz draws on. The topics of
#: :data:`LAW_CHAPTERS` are fed by drills (:mod:`generator.drills`) or by recipes added later;
#: until the bank holds questions of such a topic, the chapter draws on its laws instead.
CHAPTERS: dict[str, str | None] = {
    "01-director-and-procedure": "director-and-procedure",
    "02-board-and-deal": "board-and-deal",
    "03-auction-procedure": "auction-procedure",
    "04-changes-of-call": "changes-of-call",
    "05-insufficient-bid": "insufficient-bid",
    "06-calls-out-of-rotation": "calls-out-of-rotation",
    "07-inadmissible-calls": "inadmissible-calls",
    "08-play-procedure": "play-procedure",
    "09-penalty-cards": "penalty-cards",
    "10-leads-out-of-turn": "leads-out-of-turn",
    "11-revoke": "revoke",
    "12-tricks": "tricks",
    "13-claims": "claims",
    "14-proprieties": "proprieties",
    "15-scoring": "scoring",
    "16-tournament": "tournament",
}
#: The chapters whose topic the scenario recipes of the first edition did not cover: their quiz
#: is the bank's questions of their topic when the quiz definitions or the bank give some, else
#: the questions citing their laws (:data:`CHAPTER_LAWS`); their worked examples, when the bank
#: has no scenario of their topic, are the chapter's own text (no generated section).
LAW_CHAPTERS: tuple[str, ...] = ("01-director-and-procedure", "02-board-and-deal", "13-claims",
                                 "14-proprieties", "15-scoring", "16-tournament")
#: The laws each chapter teaches (inclusive ranges of law numbers): the mock exam's breakdown
#: by law links each law to its chapter, and a chapter with no question-bank topic draws its
#: quiz from the questions whose ruling cites one of its laws (:data:`CHAPTER_LAWS`).
CHAPTER_RANGES: dict[str, tuple[tuple[int, int], ...]] = {
    "01-director-and-procedure": ((9, 12), (16, 16)),
    "02-board-and-deal": ((1, 8), (13, 15)),
    "03-auction-procedure": ((17, 24),),
    "04-changes-of-call": ((25, 26),),
    "05-insufficient-bid": ((27, 27),),
    "06-calls-out-of-rotation": ((28, 34),),
    "07-inadmissible-calls": ((35, 39),),
    "08-play-procedure": ((41, 47),),
    "09-penalty-cards": ((48, 52),),
    "10-leads-out-of-turn": ((53, 60),),
    "11-revoke": ((61, 64),),
    "12-tricks": ((65, 67),),
    "13-claims": ((68, 71),),
    "14-proprieties": ((40, 40), (72, 76)),
    "15-scoring": ((77, 79),),
    "16-tournament": ((80, 93),),
}
#: The chapters of :data:`LAW_CHAPTERS`, by their laws (a scoring question for scoring).
CHAPTER_LAWS: dict[str, tuple[tuple[int, int], ...]] = {
    slug: CHAPTER_RANGES[slug] for slug in LAW_CHAPTERS}
#: Question kinds that stand for a chapter's laws even when the ruling does not cite them.
CHAPTER_KINDS: dict[str, str] = {"15-scoring": "score",
                                 # the procedure chapter: who chooses among which options (10C)
                                 "01-director-and-procedure": "options"}

#: Topic -> chapter slug (the inverse of :data:`CHAPTERS` where a topic is set).
TOPIC_CHAPTER = {topic: slug for slug, topic in CHAPTERS.items() if topic}
#: The 16C questions belong to the procedure chapter, whose quiz and examples still come by its
#: laws (10C's options questions): the topic only links the bank's questions to the chapter.
TOPIC_CHAPTER["director-and-procedure"] = "01-director-and-procedure"

#: Every heading and fixed word of the generated pages: ``WORDS[key][lang]``, a read-only view of
#: the catalogs' ``examples.words`` tables (generator/i18n/<lang>.yaml).
WORDS: Mapping[str, Mapping[str, str]] = i18n.ByKey("examples.words")

_REF = re.compile(r"^\d{1,2}[A-Za-z0-9]*$")
_CARD = re.compile(r"(?<![\w\\])([CDHS])([2-9TJQKA])(?!\w)")
_CALL = re.compile(r"(?<![\w\\])([1-7])(NT|[CDHS])(?!\w)")


def _word(key: str, lang: str, **fields: object) -> MyST:
    """A word of the ``examples.words`` catalog table, escaped for MyST (fields filled first)."""
    return markup.word(lang, "examples.words", key, **fields)


def _citation() -> re.Pattern[str]:
    """"(Law 27B2, 27C)" in any language: the catalogs' words for "Law" and "Laws"."""
    words = {i18n.text(lang, table) for lang in i18n.languages()
             for table in ("explain.law_word", "examples.law_plural")}
    return _citation_pattern(frozenset(words))


@cache
def _citation_pattern(words: frozenset[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(r"\((" + alternatives + r") ([^()]*)\)")


def _check_slug(slug: str) -> str | None:
    if slug not in CHAPTERS:
        raise ValueError(f"unknown chapter {slug!r} (chapters: {', '.join(CHAPTERS)})")
    return CHAPTERS[slug]


# --------------------------------------------------------------------------- text


def symbols(text: str, lang: str, nt: str | None = None) -> str:
    """Cards and calls of the engine's notation with suit symbols (``HT`` → ♥10, ``1NT``);
    ``nt`` replaces the catalog's word for no trumps (the escaped one, in MyST)."""
    suits = diagrams.SUIT_SYMBOL
    text = _CARD.sub(lambda m: suits[Suit(m.group(1))] + ("10" if m.group(2) == "T"
                                                          else m.group(2)), text)
    nt = i18n.text(lang, "examples.nt") if nt is None else nt
    return _CALL.sub(lambda m: m.group(1) + (nt if m.group(2) == "NT"
                                             else suits[Suit(m.group(2))]), text)


def _escape(text: str, lang: str) -> MyST:
    escaped = markup.myst(text, inline=True)
    if text[:1].isspace():  # a piece between citations keeps its space
        escaped = MyST(" " + escaped)
    if text[-1:].isspace() and escaped:
        escaped = MyST(escaped + " ")
    return MyST(symbols(escaped, lang, nt=markup.myst(i18n.text(lang, "examples.nt"), inline=True)))


def md_text(text: str, lang: str) -> MyST:
    """Data text made safe for a MyST paragraph or heading: one line, no markup, suit symbols."""
    return MyST(_escape(text, lang).strip())


def law_role(ref: str) -> MyST:
    """The book extension's role citing one clause (a clause of the law index: ours)."""
    return markup.role("law", ref)


def _known_ref(token: str) -> bool:
    return bool(_REF.match(token)) and token in law_index(EDITION)


def citation_parts(text: str) -> Iterator[tuple[str, str, list[str]]]:
    """A text cut at its "(Law 27B2, 27C)" citations of known clauses: for each, the text before
    it, the word as written ("Law", "правило"...) and the clauses; then the rest of the text with
    no word and no clauses. A citation naming an unknown clause stays text."""
    position = 0
    for match in _citation().finditer(text):
        tokens = [t.strip() for t in match.group(2).split(",")]
        if all(_known_ref(t) for t in tokens):
            yield text[position:match.start()], match.group(1), tokens
            position = match.end()
    yield text[position:], "", []


def linked_text(text: str, lang: str) -> MyST:
    """An explanation as MyST: escaped text, each "(Law 27B2, 27C)" citation made of law roles
    (the catalog's word for "Law" escaped like the rest)."""
    out: list[str] = []
    for before, word, refs in citation_parts(text):
        out.append(_escape(before, lang))
        if refs:
            cited = ", ".join(law_role(t) for t in refs)
            out.append(f"({markup.myst(word, inline=True)} {cited})")
    return MyST("".join(out).strip())


def cited_in(text: str) -> list[str]:
    """The known clauses a text cites in "(Law ...)" form, in order."""
    found: list[str] = []
    for _, _, refs in citation_parts(text):
        found.extend(t for t in refs if t not in found)
    return found


def _sorted_refs(refs: Iterable[str]) -> list[str]:
    return sorted(set(refs), key=lambda r: (LawRef.parse(r), r))


def _raw_html(html: str) -> MyST:
    """A raw HTML block whose fence no content can close (see :func:`markup.raw_html`)."""
    return markup.raw_html(html)


# --------------------------------------------------------------------------- examples


def _id_key(record: Mapping[str, Any]) -> tuple[tuple[int, ...], str]:
    """Scenario ids in a fixed, natural order (``s1987-0-9`` before ``s1987-0-10``)."""
    rid = str(record["id"])
    return tuple(int(n) for n in re.findall(r"\d+", rid)), rid


def _questions(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    stored = record.get("questions")
    return list(stored) if stored else questions_for(dict(record))


def _ruling_question(record: Mapping[str, Any]) -> dict[str, Any] | None:
    return next((q for q in _questions(record) if q["kind"] == "ruling"), None)


def _signature(record: Mapping[str, Any]) -> tuple[str, ...]:
    """What makes two examples teach the same thing: the kind, the choices made, the outcome."""
    ruling = record["ruling"]
    chosen = sorted(str(o.get("chosen") or "") for o in ruling.get("options") or [])
    outcome = sorted(f"{r['kind']}:{r.get('law', '')}" for r in ruling.get("rectifications") or [])
    return (str(record["kind"]), *chosen, "|", *outcome)


#: A chapter shows examples without a "What decides it" paragraph only to reach this many.
MIN_EXAMPLES = 1


def chapter_records(records: Iterable[Mapping[str, Any]], slug: str, count: int = 4,
                    exclude: Collection[str] = ()) -> list[Mapping[str, Any]]:
    """The records a chapter's worked examples show, chosen deterministically.

    The records of the chapter's topic, in scenario-id order, are grouped by recipe; recipes (in
    name order) take turns giving one record each until ``count`` are chosen, so that the
    examples spread over the kinds of irregularity. A recipe gives, in its order (records with a
    ruling question first), its first record whose example says what decides its ruling
    (:func:`has_decision`) and whose choices and outcome no chosen example has shown yet; else
    its first with a decision; else its first not shown yet; else its next one. Decisions are
    looked at only as far as the choice needs them. ``exclude`` holds scenario ids to leave out
    (say, those of the chapter quiz).
    """
    topic = _check_slug(slug)
    if topic is None or count <= 0:
        return []
    # a drill record (``drills.json``: no table, no irregularity) is never a worked example,
    # even when handed over with the scenarios
    mine = [r for r in records if not r.get("drill") and "irregularities" in r
            and TOPICS.get(str(r.get("kind"))) == topic and str(r["id"]) not in exclude]
    by_recipe: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for record in sorted(mine, key=_id_key):
        by_recipe[str(record["recipe"])].append(record)
    queues = [sorted(group, key=lambda r: (_ruling_question(r) is None, _id_key(r)))
              for _, group in sorted(by_recipe.items())]
    chosen: list[Mapping[str, Any]] = []
    shown: set[tuple[str, ...]] = set()

    def take(queue: list[Mapping[str, Any]], pick: Mapping[str, Any]) -> None:
        queue.remove(pick)
        chosen.append(pick)
        shown.add(_signature(pick))

    # first, examples that say what decides them (a recipe none of whose records can, a dummy
    # who merely looked at a hand, gives way to the others); the rest, in the same turns, only
    # while the chapter has fewer than MIN_EXAMPLES (one): a worked example that cannot say what
    # decides it is better left out than shown half-worked
    progress = True
    while len(chosen) < count and progress:
        progress = False
        for queue in queues:
            if len(chosen) >= count:
                break
            pick = next((r for r in queue if _signature(r) not in shown and has_decision(r)),
                        None) or next((r for r in queue if has_decision(r)), None)
            if pick is not None:
                take(queue, pick)
                progress = True
    while len(chosen) < min(count, MIN_EXAMPLES) and any(queues):
        for queue in queues:
            if queue and len(chosen) < min(count, MIN_EXAMPLES):
                take(queue, next((r for r in queue if _signature(r) not in shown), queue[0]))
    return chosen


def has_decision(record: Mapping[str, Any]) -> bool:
    """Whether the record's worked example gets a "What decides it" paragraph
    (:func:`example_decision`), remembered per record (id and case: two banks may reuse an id).
    A record whose stored ruling rests on no clause of :data:`deciding.TABLE` has none without
    ruling anything: a chapter's choice walks long queues of such records."""
    import json

    from generator.scenarios import moments

    key = (str(record["id"]), json.dumps(moments.ruled(record), sort_keys=True))
    if key not in _DECIDED:
        clauses = {e.clause for e in deciding.TABLE}
        stored = set(deciding.rests_on(record["ruling"]))
        _DECIDED[key] = bool(stored & clauses) and example_decision(record) is not None
    return _DECIDED[key]


#: :func:`has_decision`'s answers, by record id and ruled case.
_DECIDED: dict[tuple[str, str], bool] = {}


def _fact(record: Mapping[str, Any]) -> Mapping[str, Any]:
    irregularities: list[Mapping[str, Any]] = list(record["irregularities"])
    mine = [i for i in irregularities if i["kind"] == record["kind"]]
    return mine[-1] if mine else irregularities[-1]


def example_title(record: Mapping[str, Any], lang: str) -> str:
    """The example's short title: the irregularity in one sentence, without its full stop."""
    fact = _fact(record)
    if fact["kind"] not in i18n.table(lang, "explain.kind") \
            and f"kind_{fact['kind']}" in i18n.table(lang, "examples.words"):
        # the engine has no sentence for it yet (plain text: the callers escape it)
        return i18n.text(lang, "examples.words", f"kind_{fact['kind']}")
    return describe_fact(str(fact["kind"]), fact["seat"], dict(fact.get("details") or {}),
                         lang).rstrip(".")


def moment(record: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The case at the moment of the ruling (once the choices it raised are made; a revoke not
    pointed out at once, at the end of the board) and the engine's result for it: the moment of
    the bank's ruling question (:func:`generator.scenarios.moments.ruled`), so the worked
    example, its picture, the chapter notebook and the quiz all show and rule the same thing."""
    import json

    from generator.scenarios import moments

    case = moments.ruled(record)
    text = json.dumps(case, sort_keys=True)
    if text not in _MOMENTS:  # ruled once however many parts of a page show it
        _MOMENTS[text] = moments.rule(case, f"bank:{record['id']}")
    return case, _MOMENTS[text]


#: Rulings of example moments already made (a build shows each several times).
_MOMENTS: dict[str, dict[str, Any]] = {}


def _pictures(record: Mapping[str, Any], lang: str) -> str:
    case, result = moment(record)
    return _raw_html(diagrams.diagrams_for_case(case, result, lang))


def _moment_ruling(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """The ruling on the record's irregularity at the moment its example shows."""
    from generator.scenarios.keys import ruling_of

    found = ruling_of(moment(record)[1], str(record["kind"]))
    return found if found is not None else record["ruling"]


def _explanation(record: Mapping[str, Any], lang: str) -> str:
    """The example's ruling in words: its ruling question's explanation (the same words the
    quiz shows), else the ruling at the example's moment."""
    question = _ruling_question(record)
    if question is not None:
        return str(question["explanation"][lang])
    return str(_moment_ruling(record)["explanation"][lang])


def example_clauses(record: Mapping[str, Any]) -> list[str]:
    """Every clause a worked example cites: the ruling's laws, its rectifications' and those
    named in its explanation (any language), in law order."""
    ruling = _moment_ruling(record)
    refs = [str(r) for r in ruling.get("laws") or []]
    refs += [str(r["law"]) for r in ruling.get("rectifications") or [] if r.get("law")]
    for lang in i18n.languages():
        refs += cited_in(_explanation(record, lang))
    return _sorted_refs(r for r in refs if _known_ref(r))


def _example(record: Mapping[str, Any], slug: str, number: int, lang: str) -> str:
    title = f"{_word('example', lang)} {number}. {md_text(example_title(record, lang), lang)}"
    question = _ruling_question(record)
    if question is not None:
        local = localise(question, lang)
        asked = f"{local['context']} {local['prompt']}"
    else:  # no ruling question (too few plausible wrong answers): the same words, built here
        others = _questions(record)
        context = localise(others[0], lang)["context"] if others else example_title(record, lang)
        asked = f"{context} {i18n.text(lang, 'questions.prompts', 'ruling')}"
    explanation = _explanation(record, lang)
    clauses = ", ".join(law_role(r) for r in example_clauses(record))
    parts = [
        f"(example-{slug}-{number})=",
        f"### {title}",
        "",
        f"*{_word(moment_kind(record), lang)}*",
        "",
        _pictures(record, lang),
        "",
        f"**{_word('question', lang)}.** {md_text(asked, lang)}",
        "",
        # think first: the ruling is shown when the reader asks (plain HTML around Markdown, as
        # the chapters' own answers: the blank lines let MyST parse the roles inside)
        '<details class="tdc-ruling">',
        f"<summary>{markup.html(i18n.text(lang, 'examples.words', 'show_ruling'))}"
        "</summary>",
        "",
        f"**{_word('ruling', lang)}.** {linked_text(explanation, lang)}",
    ]
    decision = example_decision(record)
    if decision is not None:
        parts += ["", f"**{_word('decides', lang)}.** "
                  f"{linked_text(deciding.text(decision, lang), lang)}"]
    if clauses:
        parts += ["", f"**{_word('clauses', lang)}:** {clauses}"]
    parts += ["", "</details>"]
    return "\n".join(parts)


def moment_kind(record: Mapping[str, Any]) -> str:
    """Which moment the example's pictures show (the catalog key of its caption): the
    director's arrival when the ruled moment adds nothing to it, the end of the play for a
    revoke found then, else the moment once the choices the irregularity opened are made
    (:func:`moment`, :mod:`generator.scenarios.moments`)."""
    from generator.scenarios import moments

    ruled = moments.ruled(record)
    if record["kind"] == "revoke" and not moments.noticed_at_once(record) \
            and record["state"]["phase"] == "ended":
        return "moment_end"
    if len(ruled["events"]) <= len(moments.arrival(record)["events"]):
        return "moment_arrival"
    return "moment_ruled"


def example_decision(record: Mapping[str, Any]) -> deciding.Decision | None:
    """What decides the example's ruling, confirmed by the engine on the changed case
    (:func:`generator.book.deciding.deciding`), or ``None``."""
    case, result = moment(record)
    from generator.scenarios.keys import ruling_of

    ruling = ruling_of(result, str(record["kind"]))
    if ruling is None:
        return None
    return deciding.deciding(record, case, ruling)


def worked_examples(records: Sequence[Mapping[str, Any]], slug: str, lang: str, count: int = 4,
                    exclude: Collection[str] = ()) -> str:
    """The "Worked examples" section of a chapter, as MyST Markdown in ``lang``.

    ``records`` are bank scenario records (``quizzes/bank/scenarios.json``; a drill never is
    one, ``drills.json`` holds those); the examples are :func:`chapter_records`. A chapter of
    :data:`LAW_CHAPTERS` with no record of its topic gets the empty string (its examples, if any,
    are written by hand); another chapter whose topic has no record gets the heading and a
    one-line note.
    """
    i18n.check(lang)
    if _check_slug(slug) is None:
        return ""
    chosen = chapter_records(records, slug, count, exclude)
    if not chosen and slug in LAW_CHAPTERS:  # the chapter's own text holds its examples
        return ""
    parts = [f"(examples-{slug})=", f"## {_word('worked_examples', lang)}", ""]
    if not chosen:
        parts.append(_word("no_examples", lang))
    for number, record in enumerate(chosen, 1):
        parts += [_example(record, slug, number, lang), ""]
    return "\n".join(parts).rstrip() + "\n"


def example_uses(records: Sequence[Mapping[str, Any]], count: int = 4,
                 exclude: Mapping[str, Collection[str]] | None = None) -> dict[str, list[str]]:
    """Clause -> the worked examples citing it (``"<slug>/<n>"``), for :func:`law_index_page`.

    Call with the same ``records``, ``count`` and per-chapter ``exclude`` as
    :func:`worked_examples`."""
    uses: dict[str, list[str]] = defaultdict(list)
    for slug in CHAPTERS:
        skip = (exclude or {}).get(slug, ())
        for number, record in enumerate(chapter_records(records, slug, count, skip), 1):
            for ref in example_clauses(record):
                uses[ref].append(f"{slug}/{number}")
    return dict(uses)


# --------------------------------------------------------------------------- quiz


def in_language(question: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A bank question in ``lang``: a bilingual one localised, one already in ``lang`` as it is
    (one in another language is an error)."""
    if "lang" in question:
        if question["lang"] != lang:
            raise ValueError(f"question {question.get('id')} is in {question['lang']}, "
                             f"not {lang}")
        return dict(question)
    return localise(dict(question), lang)


def chapter_questions(questions: Sequence[Mapping[str, Any]], slug: str,
                      selection: Sequence[str] | None = None,
                      limit: int = 10) -> list[Mapping[str, Any]]:
    """The questions of a chapter's quiz: those of ``selection`` (question ids, in that order,
    e.g. ``quizzes.json``'s ``chapters[topic]``) if given, else the first ``limit`` of the
    chapter's topic in the order given; a chapter of :data:`LAW_CHAPTERS` whose topic has no
    question in the bank draws on its laws (:func:`_questions_by_law`) instead, so that it keeps
    a quiz until the quiz definitions give it one of its own."""
    topic = _check_slug(slug)
    if selection is not None:
        by_id = {str(q["id"]): q for q in questions}
        missing = [qid for qid in selection if qid not in by_id]
        if missing:
            raise ValueError(f"quiz of {slug}: no question {', '.join(missing)} in the bank")
        return [by_id[qid] for qid in selection]
    mine = [q for q in questions if topic is not None and q.get("topic") == topic][:limit]
    if not mine and slug in LAW_CHAPTERS:
        return _questions_by_law(questions, slug, limit)
    return mine


def quiz_scenarios(questions: Sequence[Mapping[str, Any]], slug: str,
                   selection: Sequence[str] | None = None) -> frozenset[str]:
    """The boards (scenario ids) the chapter's quiz asks about: the worked examples and the
    notebook leave them out, so an example never repeats a quiz question word for word."""
    return frozenset(str(q["scenario"]) for q in chapter_questions(questions, slug, selection))


def _questions_by_law(questions: Sequence[Mapping[str, Any]], slug: str,
                      limit: int) -> list[Mapping[str, Any]]:
    """A chapter without a topic: questions citing its laws, kinds taken in turn, by id."""
    ranges = CHAPTER_LAWS.get(slug, ())
    kind = CHAPTER_KINDS.get(slug)

    def fits(question: Mapping[str, Any]) -> bool:
        if kind is not None:
            return question.get("kind") == kind
        numbers = {int(re.match(r"\d+", str(law)).group(0))  # type: ignore[union-attr]
                   for law in question.get("laws", []) if re.match(r"\d+", str(law))}
        return any(low <= n <= high for n in numbers for low, high in ranges)

    pool = sorted((q for q in questions if fits(q)), key=lambda q: str(q["id"]))
    by_kind: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for question in pool:
        by_kind[str(question.get("kind"))].append(question)
    chosen: list[Mapping[str, Any]] = []
    while len(chosen) < limit and any(by_kind.values()):
        for name in sorted(by_kind):
            if by_kind[name] and len(chosen) < limit:
                chosen.append(by_kind[name].pop(0))
    return chosen


def quiz_uses(questions: Sequence[Mapping[str, Any]],
              selections: Mapping[str, Sequence[str] | None] | None = None,
              limit: int = 10) -> dict[str, list[str]]:
    """Clause -> the chapter quizzes (``"<slug>/quiz"``) whose answers cite it."""
    uses: dict[str, list[str]] = defaultdict(list)
    for slug in CHAPTERS:
        chosen = chapter_questions(questions, slug, (selections or {}).get(slug), limit)
        refs: set[str] = set()
        for question in chosen:
            explanation = question.get("explanation") or ""
            texts = explanation.values() if isinstance(explanation, Mapping) else [explanation]
            for text in texts:
                refs.update(cited_in(str(text)))
        for ref in _sorted_refs(refs):
            uses[ref].append(f"{slug}/quiz")
    return dict(uses)


def merge_uses(*maps: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Several clause -> uses maps in one (order kept, duplicates dropped)."""
    out: dict[str, list[str]] = {}
    for mapping in maps:
        for ref, items in mapping.items():
            bucket = out.setdefault(ref, [])
            bucket.extend(i for i in items if i not in bucket)
    return out


# --------------------------------------------------------------------------- law index


@cache
def rule_clauses(edition: str = EDITION) -> frozenset[str]:
    """The clauses the engine's modules cite: every string literal in ``generator/laws/*.py``
    that is a clause of the edition's index (the rules cite clauses only as such literals)."""
    index = law_index(edition)
    found: set[str] = set()
    for folder in laws_package.__path__:
        for path in sorted(Path(folder).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and node.value in index:
                    found.add(node.value)
    return frozenset(found)


def _exact_id(ref: str) -> str:
    """An HTML id with the clause's exact case (Sphinx lowercases the ids of its labels)."""
    return f'<span id="law-{ref}"></span>' if ref != ref.lower() else ""


def _uses_text(items: Sequence[str], lang: str) -> str:
    """Uses as links: ``slug`` a chapter, ``slug/n`` its n-th example, ``slug/quiz`` its quiz;
    anything else stays text."""
    chapters: dict[str, list[str]] = {}
    loose: list[str] = []
    for item in items:
        slug, _, rest = str(item).partition("/")
        if slug not in CHAPTERS:
            loose.append(md_text(str(item), lang))
            continue
        bucket = chapters.setdefault(slug, [])
        if rest and rest not in bucket:
            bucket.append(rest)
    out = []
    for slug in CHAPTERS:  # chapter order
        if slug not in chapters:
            continue
        text = f"{{doc}}`/chapters/{slug}`"
        numbers = sorted(int(r) for r in chapters[slug] if r.isdigit())
        extra = []
        if numbers:
            word = _word("examples" if len(numbers) > 1 else "example_one", lang)
            extra.append(word + " " + ", ".join(markup.role("ref", f"example-{slug}-{n}", n)
                                                for n in numbers))
        if "quiz" in chapters[slug]:
            quiz = i18n.text(lang, "examples.words", "quiz").lower()
            extra.append(markup.role("ref", f"quiz-{slug}", quiz))
        others = [r for r in chapters[slug] if not r.isdigit() and r != "quiz"]
        extra += [md_text(r, lang) for r in others]
        if extra:
            text += " (" + "; ".join(extra) + ")"
        out.append(text)
    return ", ".join(out + loose)


@dataclass(frozen=True)
class Restatement:
    """One clause restated in our own words, by language; ``basis`` names what a reconstructed
    clause rests on (a key of the file's ``bases``), empty for a clause whose 1987 text was seen."""

    texts: dict[str, str]
    basis: str = ""

    def text(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts["en"]


@cache
def restatements(edition: str = EDITION
                 ) -> tuple[dict[str, Restatement], dict[str, dict[str, str]]]:
    """The clauses of ``data/restatements_<edition>.yaml`` and the notes on what a reconstruction
    rests on (``bases``). Kept apart from the law index, which the engine loads and whose one line
    per clause holds only the short titles; these texts are for the learner's page only."""
    text = resources.files("generator.laws").joinpath(
        f"data/restatements_{edition}.yaml").read_text(encoding="utf-8")
    raw = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    bases = {str(k): {str(lang): str(v) for lang, v in notes.items()}
             for k, notes in raw["bases"].items()}
    out: dict[str, Restatement] = {}
    for key, entry in raw["clauses"].items():
        basis = str(entry.get("reconstructed", ""))
        if basis and basis not in bases:
            raise ValueError(f"restatement of {key}: unknown basis {basis!r}")
        out[str(key)] = Restatement({str(k): str(v) for k, v in entry.items()
                                     if k != "reconstructed"}, basis)
    return out, bases


def law_neighbours(ref: str, edition: str = EDITION) -> tuple[str | None, str | None]:
    """The clauses before and after ``ref`` among its law's clauses in the index (the law's own
    entry is its heading, not a neighbour; a law has none)."""
    parsed = LawRef.parse(ref)
    if not parsed.clause:
        return None, None
    siblings = [key for key, entry in law_index(edition).items()
                if entry.ref.law == parsed.law and entry.ref.clause]
    at = siblings.index(ref)
    return (siblings[at - 1] if at else None,
            siblings[at + 1] if at + 1 < len(siblings) else None)


def question_counts(questions: Iterable[Mapping[str, Any]],
                    edition: str = EDITION) -> dict[str, int]:
    """Clause -> how many bank questions cite it or a clause inside it (a law counts every
    question citing any of its clauses)."""
    counts: dict[str, int] = defaultdict(int)
    index = law_index(edition)
    for question in questions:
        cited = {str(law) for law in question.get("laws", []) if _REF.match(str(law))}
        hit = {key for key, entry in index.items()
               if any(LawRef.parse(law).within(entry.ref) for law in cited)}
        for key in hit:
            counts[key] += 1
    return dict(counts)


def _reconstructed(ref: str, lang: str) -> tuple[str, str]:
    """The mark after a reconstructed clause's title and the note on what it rests on ("", ""
    for a clause whose 1987 text was seen)."""
    found, bases = restatements()
    entry = found.get(ref)
    if entry is None or not entry.basis:
        return "", ""
    note = bases[entry.basis]
    return (f" *{_word('reconstructed_mark', lang)}*",
            f" *{md_text(note.get(lang) or note['en'], lang)}*")


def _entry_lines(ref: str, lang: str, uses: Mapping[str, Sequence[str]],
                 counts: Mapping[str, int], edition: str = EDITION) -> list[str]:
    """The restatement (with the reconstruction note) and the line of neighbours, uses and
    questions under a law's heading or a clause's title."""
    found, _ = restatements()
    _, note = _reconstructed(ref, lang)
    lines = []
    if ref in found:
        lines += [linked_text(found[ref].text(lang), lang) + note, ""]
    facts: list[str] = []
    before, after = law_neighbours(ref, edition)
    if before:
        facts.append(f"{_word('previous', lang)}: {law_role(before)}")
    if after:
        facts.append(f"{_word('next', lang)}: {law_role(after)}")
    if uses.get(ref):
        facts.append(f"{_word('used_in', lang)}: {_uses_text(uses[ref], lang)}")
    if counts.get(ref):
        facts.append(_word("questions", lang, count=counts[ref]))
    if facts:
        lines += [". ".join(f.rstrip(".") for f in facts) + ".", ""]
    return lines


def law_index_page(lang: str, uses: Mapping[str, Sequence[str]], *,
                   questions: Sequence[Mapping[str, Any]] = (),
                   title: bool = False, edition: str = EDITION) -> str:
    """The law index page in ``lang``, a reference for the learner: every law and clause of the
    edition's index, grouped by law, each with its ``law-<clause>`` target, its short title, its
    restatement in our own words (:func:`restatements`; a reconstructed clause marked, with what
    the reconstruction rests on), its neighbours in the law, where the course uses it and how many
    of the bank's ``questions`` (in ``lang``) cite it. No engine counters: the engine's coverage
    is a developers' table (docs/law-coverage.md).

    ``uses`` maps a clause to chapter slugs, ``"<slug>/<n>"`` (the n-th worked example; see
    :func:`example_uses`), ``"<slug>/quiz"`` (see :func:`quiz_uses`) or free text.
    ``title`` adds the page's H1 heading (leave it out when the including page has its own).
    """
    i18n.check(lang)
    index = law_index(edition)
    unknown = sorted(ref for ref in uses if ref not in index)
    if unknown:
        raise ValueError(f"not in the {edition} law index: {', '.join(unknown)}")
    engine = rule_clauses(edition)
    counts = question_counts(questions, edition)
    parts: list[str] = []
    if title:
        parts += [f"# {_word('law_index_title', lang)}", ""]
    parts += [_word("law_index_intro", lang), ""]
    for ref, entry in index.items():  # the index's own order: by law, clauses in natural order
        mark, _ = _reconstructed(ref, lang)
        if not entry.ref.clause:
            parts += [f"(law-{ref})=",
                      f"## {_word('law', lang)} {ref}. {md_text(entry.title(lang), lang)}", ""]
            if mark:
                parts[-2] += mark
        else:
            text = f"{_exact_id(ref)}**{ref}** — {md_text(entry.title(lang), lang)}.{mark}"
            if ref in engine:
                text += f" *{_word('engine', lang)}*"
            parts += [f"(law-{ref})=", text, ""]
        parts += _entry_lines(ref, lang, uses, counts, edition)
    return "\n".join(parts).rstrip() + "\n"
