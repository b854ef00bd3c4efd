"""The 2017 sites' page "What changed from 1987 to 2017", computed from the rules at build time.

A director who learned the 1987 code wants to know exactly what the 2017 code rules otherwise.
Nothing on the page is written by hand: when a rule changes, the page changes with it.

1. **A table by law** of the rule registry (:func:`generator.laws.ruler.sharing`): for every law
   an irregularity kind falls under (:data:`generator.laws.kinds.KIND_LAWS`, both codes), the
   kinds it covers and whether the two codes share one rule or each has its own.
2. **Cases, side by side.** For every kind whose rule differs, boards are made by the scenario
   recipes (:mod:`generator.scenarios.recipes`) exactly as the 1987 bank makes them, from one
   chunk of deals of the page's seed; each is cut at the moment its ruling is asked (then, if
   that moment cannot be read under 2017 or rules alike, at the director's arrival) and ruled
   under both codes (:func:`generator.laws.editions.differences`). A case is kept only when the
   two rulings differ *and* the answer to "what is the ruling?" differs: in what it does (the
   best kind of case) or, failing any such board, in the clauses it cites. Per kind one case,
   and a second one when it turns on other clauses. The answer a 2017 director gives must not
   be the 1987 answer, nor the outcome of a choice still open under 2017, else the case is not
   kept (the quiz could not call the 1987 answer wrong).
3. **A quiz** whose questions are exactly those cases: "what is the ruling under the 2017
   code?"; the key is the 2017 answer, a wrong answer is the 1987 one (its "why" says it was
   the 1987 rule) and up to two of the bank's neighbouring mistakes
   (:func:`generator.scenarios.questions._mistakes`), each checked to differ from the 2017 answer
   and from every option still open.

**Clauses.** A 2017 clause is a ``{law}`` role (a link into the 2017 site's law index) when the
2017 index lists it; a 1987 clause is plain text, "Law 50E (1987)": the 2017 index does not
hold the 1987 numbering, and a link would land on the clause of the same number in the new
code, which may say something else.

Answers are the rectifications in words, each followed by its clause, so that a ruling that
only moved to another clause (14B1b to 14B2) is still a question with one right answer.

Generation is small (one chunk of deals, a few boards per kind, stopped as soon as a kind has
its cases) and remembered within one process only (:func:`cases`), so the page for both
languages and its quiz rule each board once; nothing is kept between runs.

Site wiring (the caller's side): ``_generated/changes/what-changed.md`` is
:func:`what_changed_part`, ``_generated/changes/what-changed.json`` is
:func:`quiz_json` (the part's ``tdc-quiz`` directive reads it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from generator import i18n
from generator.book import diagrams, markup
from generator.book.examples import _citation, law_role, md_text, symbols
from generator.book.markup import MyST
from generator.book.quizdata import dumps, web_question
from generator.errors import TdcourseError
from generator.laws.editions import differences
from generator.laws.explain import describe_fact, one_duty_per_seat, rectification_text
from generator.laws.kinds import KIND_LAWS
from generator.laws.refs import EDITIONS, LawRef, law_index
from generator.laws.ruler import sharing
from generator.model.board import Board
from generator.scenarios import keys, moments
from generator.scenarios.deals import deals
from generator.scenarios.recipes import RECIPES
from generator.scenarios.verify import Rejected, build
from generator.table.irregularities import Kind

OLD, NEW = EDITIONS
#: Boards made per kind at most (a kind stops at its first good cases, so most make fewer):
#: a board costs tens of milliseconds (a claim's, hundreds), so this bounds the page's time.
BOARDS = 6
#: Deals drawn: a recipe rejects most deals for the rarer moments (a bid above seven), which
#: costs almost nothing, so a kind may look through many deals to make its boards.
DEALS = 48
#: Cases shown per kind at most.
PER_KIND = 2
#: Wrong answers besides the 1987 one.
MISTAKES = 2
#: 2017 rectification kinds that say what a ruling does but that the bank's answer keys
#: (:data:`generator.scenarios.keys.SUBSTANTIVE`) do not list yet: an answer states them too
#: (once the keys list them, this adds nothing).
ANSWERED_TOO = ("board_cancelled_for_both", "calls_again", "calls_stand", "first_call_stands")
#: Where the generated quiz questions live in the book's source folder.
QUIZ_FILE = "/_generated/changes/what-changed.json"


@dataclass(frozen=True)
class Change:
    """One board ruled under both codes, whose answers differ."""

    number: int
    kind: str
    record: Mapping[str, Any]
    #: the case as shown (cut at the ruled moment), in the case format, under 2017
    shown: Mapping[str, Any]
    #: the engine's output per edition
    results: Mapping[str, Mapping[str, Any]]
    #: the answer rectifications per edition (what "what is the ruling?" states)
    answers: Mapping[str, Sequence[Mapping[str, Any]]]
    #: whether the outcome differs (True) or only the clauses it rests on (False)
    outcome: bool

    def ruling(self, edition: str) -> Mapping[str, Any]:
        found = keys.ruling_of(self.results[edition], self.kind)
        assert found is not None
        return found


# --------------------------------------------------------------------------- words


def _w(lang: str, key: str, **fields: object) -> str:
    text = i18n.text(lang, "changes", key)
    return text.format(**fields) if fields else text


def kind_name(kind: str, lang: str) -> str:
    """An irregularity kind as a short noun phrase (catalog ``changes.kinds``)."""
    return i18n.text(lang, "changes", "kinds", kind, default=kind.replace("_", " "))


def _law(ref: str, lang: str) -> str:
    return f"{i18n.text(lang, 'explain.law_word')} {ref}"



def _answer_items(rects: Sequence[Mapping[str, Any]], lang: str, year: str = "") -> list[str]:
    """Each rectification once, in words, with its clause: "the call is cancelled (Law 39A)";
    with ``year``, "(Law 39, 1987)": a citation the quiz does not link (the course's law index
    holds the 2017 numbering, where the same number may be another clause)."""
    shown: list[dict[str, Any]] = []
    for rect in rects:
        if _stated(rect) and \
                (keys.stated(rect), rect.get("law")) not in [(keys.stated(r), r.get("law"))
                                                             for r in shown]:
            shown.append(dict(rect))
    if not shown:
        return [i18n.text(lang, "questions.no_penalty").rstrip(".")]
    out = []
    for rect in one_duty_per_seat(shown):
        text = rectification_text(rect, lang)
        if rect.get("law"):
            text += f" ({_law(str(rect['law']), lang)}{f', {year}' if year else ''})"
        out.append(text)
    return out


def _stated(rect: Mapping[str, Any]) -> bool:
    """Whether an answer states this rectification ("no penalty" is said only when nothing
    else is)."""
    from generator.scenarios.questions import STATED

    return rect["kind"] in STATED or rect["kind"] in ANSWERED_TOO


def answer_text(rects: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A set of rectifications as one answer of the quiz."""
    text = "; ".join(_answer_items(rects, lang))
    return text[:1].upper() + text[1:] + "."


def _signature(rects: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
    """What an answer states, clauses included, comparable with ``==``."""
    items = {(repr(keys._normal(keys.stated(r))), str(r.get("law") or ""))
             for r in rects if _stated(r) and r.get("applies") is not False}
    return tuple(sorted(items))


def _clauses(rects: Sequence[Mapping[str, Any]]) -> list[str]:
    found: list[str] = []
    for rect in rects:
        law = rect.get("law")
        if law and str(law) not in found:
            found.append(str(law))
    return found


def gets_wrong(change: Change, lang: str) -> str:
    """What a director trained on the 1987 code would get wrong on this board, in one sentence
    built from where the two answers differ."""
    nothing = i18n.text(lang, "questions.no_penalty").rstrip(".")
    old = [x[:1].lower() + x[1:] if x == nothing else x
           for x in _answer_items(change.answers[OLD], lang)]
    new = [x[:1].lower() + x[1:] if x == nothing else x
           for x in _answer_items(change.answers[NEW], lang)]
    if not change.outcome:
        moved = [f"{_law(a, lang)} ({OLD})" for a in _clauses(change.answers[OLD])
                 if a not in _clauses(change.answers[NEW])]
        now = [_law(b, lang) for b in _clauses(change.answers[NEW])
               if b not in _clauses(change.answers[OLD])]
        return _w(lang, "wrong_clauses", old=", ".join(moved), new=", ".join(now))
    only_old = [x for x, r in zip(old, _plain(change.answers[OLD], lang), strict=True)
                if r not in _plain(change.answers[NEW], lang)]
    only_new = [x for x, r in zip(new, _plain(change.answers[NEW], lang), strict=True)
                if r not in _plain(change.answers[OLD], lang)]
    if only_old and only_new:
        return _w(lang, "wrong_both", old="; ".join(only_old), new="; ".join(only_new))
    if only_old:
        return _w(lang, "wrong_old", old="; ".join(only_old))
    return _w(lang, "wrong_new", new="; ".join(only_new or new))


def _plain(rects: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """The answer's items without their clauses (to compare what the two codes do)."""
    items = _answer_items([{k: v for k, v in r.items() if k != "law"} for r in rects], lang)
    count = len(_answer_items(rects, lang))
    return (items + [""] * count)[:count]


# --------------------------------------------------------------------------- the cases


def differing_kinds() -> list[str]:
    """The kinds the two codes rule with rules of their own, in the order of their first law."""
    table = sharing()
    kinds = [kind for kind, row in table.items() if row["status"] == "differs"]
    return sorted(kinds, key=lambda k: (_first_law(k), k))


def _first_law(kind: str) -> int:
    laws = KIND_LAWS[NEW].get(Kind(kind)) or KIND_LAWS[OLD].get(Kind(kind)) or ("99",)
    return LawRef.parse(laws[0]).law


def _answer(output: Mapping[str, Any], ruling: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What "what is the ruling?" states: the bank's answer rectifications
    (:func:`generator.scenarios.keys.answer_rectifications`) and the ruling's own rectifications
    of :data:`ANSWERED_TOO` kinds."""
    extra = [dict(r) for r in ruling.get("rectifications") or ()
             if r["kind"] in ANSWERED_TOO and r["kind"] not in keys.SUBSTANTIVE
             and r.get("applies") is not False]
    return [*keys.answer_rectifications(output, ruling), *extra]


def _effect(rects: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
    """What an answer does (:func:`generator.scenarios.keys.effect`, with the
    :data:`ANSWERED_TOO` kinds counted), comparable with ``==``."""
    extra = [keys._normal(keys.stated(r)) for r in rects if r["kind"] in ANSWERED_TOO]
    return (*keys.effect(rects), *sorted(extra, key=repr))


def _rule_both(shown: Mapping[str, Any]) -> dict[str, dict[str, Any]] | None:
    out: dict[str, dict[str, Any]] = {}
    for edition in EDITIONS:
        try:
            out[edition] = moments.rule(dict(shown, edition=edition), "what-changed")
        except TdcourseError:
            return None  # a step of the 1987 board the 2017 table does not allow
        except Exception:  # an engine failure on one board skips that board: the page is
            # built from the boards both codes read (tests/laws hold the engine to its cases)
            return None
    return out


def _candidate(record: Mapping[str, Any], kind: str) -> Change | None:
    """The board cut at its ruled moment, else at the director's arrival, when the two codes'
    answers differ there and the 1987 answer is wrong under 2017."""
    for shown in (moments.ruled(record), moments.arrival(record)):
        results = _rule_both(shown)
        if results is None or not differences(results):
            continue
        rulings = {e: keys.ruling_of(results[e], kind) for e in EDITIONS}
        if any(r is None for r in rulings.values()):
            continue
        answers = {e: _answer(results[e], r) for e, r in rulings.items() if r is not None}
        if _signature(answers[OLD]) == _signature(answers[NEW]):
            continue
        if answer_text(answers[OLD], "en") == answer_text(answers[NEW], "en"):
            continue
        ruling = rulings[NEW]
        assert ruling is not None
        before = keys.in_force_before(results[NEW], ruling)
        if any(_effect([*before, *alt]) == _effect(answers[OLD])
               for _, _, alt in keys.open_alternatives(ruling)):
            continue  # the 1987 outcome is a choice still open under 2017: not wrong
        outcome = _effect(answers[OLD]) != _effect(answers[NEW])
        return Change(0, kind, record, dict(shown, edition=NEW), results, answers, outcome)
    return None


def _turning_clauses(change: Change) -> frozenset[str]:
    """The 2017 clauses the case turns on (those its 2017 answer cites and 1987's does not)."""
    return frozenset(set(_clauses(change.answers[NEW])) - set(_clauses(change.answers[OLD])))


@cache
def cases(seed: int = 2017) -> tuple[Change, ...]:
    """The cases the page shows, numbered from 1, in law order (the same for the same seed)."""
    board_deals = list(deals(seed, 0, DEALS))
    by_kind: dict[str, list[str]] = {}
    for name, recipe in sorted(RECIPES.items()):
        by_kind.setdefault(recipe.kind.value, []).append(name)
    chosen: list[Change] = []
    for kind in differing_kinds():
        found: list[Change] = []
        made = 0
        for position, deal in enumerate(board_deals):
            if _enough(found, made) or made >= BOARDS:
                break
            for name in by_kind.get(kind, ()):
                label = f"changes/{seed}/{name}/{position}"
                rng = random.Random(label)
                board = Board.from_number(rng.randint(1, 32))
                try:
                    record = build(RECIPES[name], board, deal, label, rng).record()
                except Rejected:
                    continue
                made += 1
                change = _candidate(record, kind)
                if change is not None:
                    found.append(change)
        chosen.extend(_pick(found))
    return tuple(Change(n, c.kind, c.record, c.shown, c.results, c.answers, c.outcome)
                 for n, c in enumerate(chosen, 1))


#: Boards made before a kind settles for cases that differ in their clauses only.
PATIENCE = 3


def _enough(found: Sequence[Change], made: int) -> bool:
    """Whether a kind has its cases: two turning on different clauses, changed outcomes when
    the first :data:`PATIENCE` boards gave one."""
    if len(_pick(found)) < PER_KIND:
        return False
    return made >= PATIENCE or all(c.outcome for c in _pick(found))


def _pick(found: Sequence[Change]) -> list[Change]:
    """One case (a changed outcome first), and a second one turning on other clauses."""
    ordered = [c for c in found if c.outcome] or list(found)
    picked: list[Change] = []
    for change in ordered:
        if len(picked) == PER_KIND:
            break
        if all(_turning_clauses(change) != _turning_clauses(p) for p in picked):
            picked.append(change)
    return picked


# --------------------------------------------------------------------------- the quiz


def _why_old(change: Change, lang: str) -> str:
    return _w(lang, "why_old", what=_inner(change.answers[OLD], lang, OLD))


def _inner(rects: Sequence[Mapping[str, Any]], lang: str, year: str = "") -> str:
    """An answer inside a sentence: its items joined, "no penalty" in lower case (the others
    begin as the rectifications' words do: a seat's name keeps its capital)."""
    text = "; ".join(_answer_items(rects, lang, year))
    nothing = i18n.text(lang, "questions.no_penalty").rstrip(".")
    return text[:1].lower() + text[1:] if text == nothing else text


def _choices(change: Change, lang: str) -> list[dict[str, Any]]:
    """The 2017 answer, the 1987 answer and the neighbouring mistakes, each wrong answer checked
    against the 2017 ruling: not the 2017 answer, nor the outcome of a choice still open."""
    from generator.scenarios.questions import _key_law, _mistakes

    right = change.answers[NEW]
    ruling = change.ruling(NEW)
    before = keys.in_force_before(change.results[NEW], ruling)
    opened = {_effect([*before, *alt]) for _, _, alt in keys.open_alternatives(ruling)}
    taken = {_signature(right)}
    texts = {answer_text(right, lang)}
    choices = [{"text": answer_text(right, lang), "correct": True, "claim": right}]

    def add(rects: Sequence[Mapping[str, Any]], why: str) -> bool:
        text = answer_text(rects, lang)
        if _signature(rects) in taken or text in texts or _effect(rects) in opened:
            return False
        taken.add(_signature(rects))
        texts.add(text)
        choices.append({"text": text, "correct": False, "why": why, "claim": list(rects)})
        return True

    added = add(change.answers[OLD], _why_old(change, lang))
    assert added, "a case is kept only when its 1987 answer is wrong under 2017"
    moment = _moment(change)
    stated = [dict(r) for r in right if _stated(r)]
    mistakes = _mistakes(moment, stated, _key_law(ruling))
    rng = random.Random(f"changes/{change.record['id']}/mistakes")
    count = 0
    for _, changed, because in rng.sample(mistakes, len(mistakes)):
        if count == MISTAKES:
            break
        if _effect(changed) == _effect(right):
            continue
        if add(changed, because()[lang]):
            count += 1
    # too few neighbouring mistakes: those a director between the codes makes, both rules at
    # once, nothing at all, or the 2017 ruling in part (each kept only if wrong under 2017)
    said = _inner(right, lang)
    fallbacks = [([*right, *(r for r in change.answers[OLD] if r not in right)],
                  _w(lang, "why_both", what=said))] if change.outcome else []
    fallbacks += [([], _w(lang, "why_nothing", what=said))]
    fallbacks += [([r for r in right if r is not part], _w(lang, "why_partial", what=said))
                  for part in right if _stated(part)]
    # a card to be played to this trick taken for a penalty card, as a defender's card is
    fallbacks += [([*(r for r in right if r is not part),
                    {"kind": "penalty_card", "seat": part["seat"], "card": part["card"],
                     "major": True, "law": "50"}], _w(lang, "why_penalty", what=said))
                  for part in right if part["kind"] == "must_play" and part.get("card")
                  and part.get("seat")]
    # where 2017 transfers no trick, the other transfers Law 64A knows (two tricks when the
    # revoker won the trick and his side another, one otherwise), counted by the engine's own
    # rule; the one the 1987 answer already gives is not offered twice
    if not any(r["kind"] == "trick_transfer" for r in right):
        from generator.laws.law64 import transfer_count

        counts = [transfer_count(offender_won=True, side_won_revoke_trick=True, side_later=1),
                  transfer_count(offender_won=False, side_won_revoke_trick=True, side_later=0)]
        fallbacks += [([{**r, "tricks": tricks, "law": clause}],
                       _w(lang, "why_no_transfer", what=said))
                      for r in change.answers[OLD] if r["kind"] == "trick_transfer"
                      for tricks, clause in counts]
    for rects, why in fallbacks:
        if count < MISTAKES and add(rects, why):
            count += 1
    rng.shuffle(choices)
    for index, choice in enumerate(choices):
        choice["id"] = "abcdefgh"[index]
    return choices


def _moment(change: Change) -> Any:
    """The bank's moment for the case under 2017 (its output the one already ruled)."""
    from generator.scenarios.questions import Moment

    return Moment(change.record, dict(change.shown),
                  {len(change.shown["events"]): dict(change.results[NEW])})


def _context(change: Change, lang: str) -> str:
    """What happened at the table, in words, as the bank's questions say it."""
    from generator.scenarios.questions import _context as context

    return str(context(_moment(change), lang))


def bank_questions(lang: str, seed: int = 2017) -> list[dict[str, Any]]:
    """The quiz's questions in the bank's form, in ``lang`` (one per case)."""
    i18n.check(lang)
    out = []
    for change in cases(seed):
        ruling = change.ruling(NEW)
        out.append({
            "id": f"what-changed-{change.number}",
            "type": "single",
            "kind": "ruling",
            "edition": NEW,
            "topic": "what-changed",
            "laws": sorted({str(law) for law in ruling.get("laws") or ()},
                           key=lambda r: (LawRef.parse(r), r)),
            "prompt": _w(lang, "prompt"),
            "context": _context(change, lang),
            "explanation": str(ruling["explanation"][lang]),
            "board": change.shown["board"],
            "dealer": change.results[NEW]["state"]["dealer"],
            "vulnerable": change.results[NEW]["state"]["vulnerable"],
            "deal": change.shown.get("deal"),
            "events": list(change.shown["events"]),
            "shown": dict(change.shown),
            "choices": _choices(change, lang),
        })
    return out


def quiz_questions(lang: str, seed: int = 2017) -> list[dict[str, Any]]:
    """The page's quiz as web questions (:func:`generator.book.quizdata.web_question`, the shape
    of :func:`generator.book.quizpages.chapter_web_questions`)."""
    return [web_question(q, lang) for q in bank_questions(lang, seed)]


def quiz_json(lang: str, seed: int = 2017) -> str:
    """The quiz file the page's ``tdc-quiz`` directive reads."""
    return dumps(quiz_questions(lang, seed))


# --------------------------------------------------------------------------- the page


def _linked(text: str, lang: str) -> MyST:
    """A 2017 explanation as MyST: escaped, its "(Law 27B2)" citations of clauses the 2017 index
    holds made law roles, any other citation left as text."""
    index = law_index(NEW)
    out: list[str] = []
    position = 0
    for match in _citation().finditer(text):
        refs = [t.strip() for t in match.group(2).split(",")]
        if not all(r in index for r in refs):
            continue
        out.append(_piece(text[position:match.start()], lang))
        out.append(f"({markup.myst(match.group(1), inline=True)} "
                   f"{', '.join(law_role(r) for r in refs)})")
        position = match.end()
    out.append(_piece(text[position:], lang))
    return MyST("".join(out).strip())


def _piece(text: str, lang: str) -> str:
    escaped = markup.myst(text, inline=True)
    if text[:1].isspace():
        escaped = MyST(" " + escaped)
    if text[-1:].isspace() and escaped:
        escaped = MyST(escaped + " ")
    return symbols(escaped, lang, nt=markup.myst(i18n.text(lang, "examples.nt"), inline=True))


def _clause_list(change: Change, edition: str, lang: str) -> str:
    ruling = change.ruling(edition)
    refs = [str(r) for r in ruling.get("laws") or ()] + _clauses(change.answers[edition])
    ordered = sorted(set(refs), key=lambda r: (LawRef.parse(r), r))
    if edition == OLD:
        return ", ".join(markup.myst(f"{_law(r, lang)} ({OLD})", inline=True) for r in ordered)
    index = law_index(NEW)
    return ", ".join(law_role(r) if r in index else markup.myst(_law(r, lang), inline=True)
                     for r in ordered)


def law_rows(lang: str) -> list[tuple[int, list[tuple[str, str]]]]:
    """The table by law: each law number with its kinds and their status (``shared`` or
    ``differs``), in law order, kinds by name."""
    table = sharing()
    laws: dict[int, dict[str, str]] = {}
    for kind, row in table.items():
        numbers = {LawRef.parse(law).law for edition in EDITIONS
                   for law in KIND_LAWS[edition].get(Kind(kind), ())}
        for number in numbers:
            laws.setdefault(number, {})[kind] = row["status"]
    return [(number, sorted(laws[number].items(), key=lambda item: kind_name(item[0], lang)))
            for number in sorted(laws)]


def _table(lang: str, seed: int) -> MyST:
    shown: dict[str, list[int]] = {}
    for change in cases(seed):
        shown.setdefault(change.kind, []).append(change.number)
    head = "".join(f"<th>{markup.html(_w(lang, col))}</th>"
                   for col in ("col_law", "col_kinds", "col_codes", "col_cases"))
    rows = []
    for number, kinds in law_rows(lang):
        names, codes, links = [], [], []
        for kind, status in kinds:
            names.append(markup.html(kind_name(kind, lang)))
            state = "differs" if status == "differs" else "shared" if status == "shared" \
                else "one"
            codes.append(markup.html(_w(lang, f"status_{state}")))
            refs = [f'<a href="#change-{n}">{n}</a>' for n in shown.get(kind, ())]
            links.append(", ".join(refs) if refs else "—")
        changed = any(status == "differs" for _, status in kinds)
        rows.append(
            f'<tr class="{"tdc-changed" if changed else "tdc-same"}">'
            f"<td>{markup.html(i18n.capital(_law(str(number), lang)))}</td>"
            f"<td>{'<br>'.join(names)}</td><td>{'<br>'.join(codes)}</td>"
            f"<td>{'<br>'.join(links)}</td></tr>")
    return markup.raw_html(markup.HTML(
        '<table class="tdc-changes-table docutils">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"))


def _case(change: Change, lang: str) -> str:
    fact = next((f for f in change.results[NEW]["irregularities"] if f["kind"] == change.kind),
                change.results[NEW]["irregularities"][-1])
    title = describe_fact(str(fact["kind"]), fact.get("seat"), dict(fact.get("details") or {}),
                          lang).rstrip(".")
    law = _law(str(_first_law(change.kind)), lang)
    picture = diagrams.diagrams_for_case(change.shown, change.results[NEW], lang)
    old_expl = md_text(str(change.ruling(OLD)["explanation"][lang]), lang)
    new_expl = _linked(str(change.ruling(NEW)["explanation"][lang]), lang)
    lines = [
        f"(change-{change.number})=",
        f"### {markup.myst(_w(lang, 'case', n=change.number))}. {md_text(title, lang)} "
        f"({markup.myst(law, inline=True)})",
        "",
        markup.raw_html(markup.HTML(picture)),
        "",
        '<div class="tdc-change-pair" style="display:flex;flex-wrap:wrap;gap:1em 2em">',
        '<div class="tdc-change-old" style="flex:1 1 20em">',
        "",
        f"**{markup.myst(_w(lang, 'under', edition=OLD), inline=True)}.** {old_expl}",
        "",
        f"*{markup.myst(_w(lang, 'clauses'), inline=True)}:* {_clause_list(change, OLD, lang)}",
        "",
        "</div>",
        '<div class="tdc-change-new" style="flex:1 1 20em">',
        "",
        f"**{markup.myst(_w(lang, 'under', edition=NEW), inline=True)}.** {new_expl}",
        "",
        f"*{markup.myst(_w(lang, 'clauses'), inline=True)}:* {_clause_list(change, NEW, lang)}",
        "",
        "</div>",
        "</div>",
        "",
        f"**{markup.myst(_w(lang, 'gets_wrong'), inline=True)}** "
        f"{md_text(gets_wrong(change, lang), lang)}",
        "",
    ]
    diff = differences(change.results, lang)
    if diff:
        lines += [f"*{markup.myst(_w(lang, 'details'), inline=True)}:*", ""]
        lines += [("  " if line.startswith("  ") else "") + "- " + md_text(line.strip(), lang)
                  for line in diff]
        lines.append("")
    return "\n".join(lines)


def what_changed_part(lang: str, seed: int = 2017) -> str:
    """The generated part of ``book/what-changed.md`` in ``lang``: the table by law, the cases
    side by side and the quiz directive (reading :data:`QUIZ_FILE`)."""
    i18n.check(lang)
    found = cases(seed)
    parts = [
        "(what-changed-laws)=",
        f"## {markup.myst(_w(lang, 'laws_heading'))}",
        "",
        markup.myst(_w(lang, 'laws_intro')),
        "",
        _table(lang, seed),
        "",
        "(what-changed-cases)=",
        f"## {markup.myst(_w(lang, 'cases_heading'))}",
        "",
        markup.myst(_w(lang, 'cases_intro', count=len(found))),
        "",
    ]
    parts += [_case(change, lang) for change in found]
    parts += [
        "(quiz-what-changed)=",
        f"## {markup.myst(_w(lang, 'quiz_heading'))}",
        "",
        markup.myst(_w(lang, 'quiz_intro')),
        "",
        f"```{{tdc-quiz}} {QUIZ_FILE}\n:id: chapter:what-changed\n```",
    ]
    return "\n".join(parts).rstrip() + "\n"


def summary(seed: int = 2017) -> dict[int, int]:
    """How many cases the page shows, by law (the kind's first law)."""
    out: dict[int, int] = {}
    for change in cases(seed):
        law = _first_law(change.kind)
        out[law] = out.get(law, 0) + 1
    return out


__all__ = ["Change", "answer_text", "bank_questions", "cases", "differing_kinds", "gets_wrong",
           "kind_name", "law_rows", "quiz_json", "quiz_questions", "summary",
           "what_changed_part"]
