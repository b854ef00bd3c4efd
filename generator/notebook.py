"""The learner's side of the chapter notebooks: rule on a case, change it, answer questions.

Each chapter's Jupyter notebook (written by :mod:`generator.book.notebooks`) starts with::

    from generator.notebook import Case, Quiz, rule

* :func:`rule` runs the course's engine (:func:`generator.laws.engine.analyse`, the same as
  ``tdcourse rule CASE``) on a case and returns a :class:`Ruling`: the irregularity, who chooses
  among which options, the rectifications, the laws cited and the director's explanation in the
  learner's language, with the engine's raw output in ``.result``.
* :class:`Case` holds a case (the case format, ``docs/case-format.md``) whose ``events`` are a
  plain list the learner edits; ``rule`` re-reads the case each time, so an edited case is
  ruled afresh. That is the point of a notebook over the book: change what happened, see how the
  ruling changes.
* :class:`Quiz` holds the chapter's questions in the web form of :mod:`generator.book.quizdata`
  (the answer encoded in ``"k"``) and grades answers in the notebook itself, so the notebooks
  need no server and no network.

Every object a learner sees shows itself twice: as text (``str``, and IPython's plain-text
display) and as HTML for Jupyter (``_repr_html_``), in which every text taken from data is
escaped, so no case or question can inject markup. All the words come from the catalogs' table
``notebook.words`` (``generator/i18n/<lang>.yaml``).

A mistake a learner can make (a malformed case, an unknown event, a card that is not in that
hand, an answer that is not one of the choices) raises :class:`NotebookError`, whose message is
one line; IPython shows just that line, not a traceback (``_render_traceback_``).
"""

from __future__ import annotations

import copy
import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import yaml

from generator import i18n
from generator.book.quizdata import decode_key, number_text, segments_text
from generator.errors import InputError, ParseError, TdcourseError

if TYPE_CHECKING:
    from generator.table.case import Case as TableCase

__all__ = ["Case", "Feedback", "NotebookError", "Question", "Quiz", "Ruling", "Score", "rule"]

TABLE = "notebook.words"
#: The order of a case's fields in :meth:`Case.text` (the case format's own order).
FIELD_ORDER = ("format", "edition", "title", "source", "notes", "board", "dealer", "vulnerable",
               "deal", "contract", "declarer", "tricks", "events", "expect")
_SEATS = "NESW"


class NotebookError(TdcourseError):
    """A learner's mistake, said in one line (IPython shows the line, not a traceback)."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


# --------------------------------------------------------------------------- words


def _w(lang: str, key: str, **fields: Any) -> str:
    """A text of the ``notebook.words`` table, its ``{fields}`` filled in."""
    text = i18n.text(lang, TABLE, key)
    return text.format(**fields) if fields else text


def _check_lang(lang: str) -> str:
    try:
        return i18n.check(str(lang))
    except i18n.UnknownLanguageError as exc:
        raise NotebookError(str(exc)) from None


def _seat(seat: Any, lang: str) -> str:
    return i18n.text(lang, "explain.seats", str(seat), default=str(seat))


def _symbols(text: str, lang: str) -> str:
    from generator.book.examples import symbols

    return symbols(str(text), lang)


def _call(call: str, lang: str) -> str:
    """A call in words or with its suit symbol (``P`` → Pass, ``1NT``, ``2H`` → 2♥)."""
    names = {"P": "pass", "X": "double", "XX": "redouble"}
    if call.upper() in names:
        return _w(lang, names[call.upper()])
    return _symbols(call, lang)


def _contract(contract: str, lang: str) -> str:
    """A contract with its suit symbol, doubled or not (``4HX`` → 4♥X)."""
    match = re.fullmatch(r"([1-7](?:NT|[CDHS]))(X{0,2})", contract)
    if match is None:
        return contract
    return _symbols(match.group(1), lang) + match.group(2)


def _board_line(board: Any, dealer: str, vulnerable: str, lang: str) -> str:
    return (_w(lang, "board", n=board) + ", " + _w(lang, "dealer", seat=_seat(dealer, lang))
            + ", " + _w(lang, f"vul_{vulnerable}"))


# --------------------------------------------------------------------------- display


Block = tuple[str, str, str | list[str]]


class _Shown:
    """An object shown as text and, in Jupyter, as escaped HTML.

    Subclasses list their content as blocks ``(shape, label, value)``: ``title`` (a heading),
    ``line`` (label: value), ``list`` (label, then one item a line), ``para`` (a paragraph) and
    ``pre`` (preformatted text). Both forms are drawn from the same blocks, so they never say
    different things.
    """

    def _blocks(self) -> list[Block]:
        raise NotImplementedError

    def _text(self) -> str:
        lines: list[str] = []
        for shape, label, value in self._blocks():
            if shape == "title":
                lines += [str(value), "=" * len(str(value))]
            elif shape == "line":
                lines.append(f"{label}: {value}")
            elif shape == "list":
                items = value if isinstance(value, list) else [value]
                lines.append(f"{label}:")
                lines += [f"  - {item}" for item in items]
            else:
                lines.append(str(value))
        return "\n".join(lines)

    def _html(self) -> str:
        parts = ['<div class="tdc-notebook">']
        for shape, label, value in self._blocks():
            if shape == "title":
                parts.append(f"<h4>{html.escape(str(value))}</h4>")
            elif shape == "line":
                parts.append(f"<p><b>{html.escape(label)}:</b> {html.escape(str(value))}</p>")
            elif shape == "list":
                items = value if isinstance(value, list) else [value]
                parts.append(f"<p><b>{html.escape(label)}:</b></p><ul>"
                             + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>")
            elif shape == "pre":
                parts.append(f"<pre>{html.escape(str(value))}</pre>")
            else:
                parts.append(f"<p>{html.escape(str(value))}</p>")
        parts.append("</div>")
        return "\n".join(parts)

    def _summary(self) -> str:
        return ""

    def __str__(self) -> str:
        return self._text()

    def __repr__(self) -> str:
        # IPython takes a class's own __repr__ over an inherited _repr_pretty_: subclasses
        # override _summary, never __repr__, so that Jupyter's plain text is the full text
        return f"<{type(self).__name__} {self._summary()}>"

    def _repr_html_(self) -> str:
        return self._html()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self._text())


# --------------------------------------------------------------------------- cases


def _one_line(exc: TdcourseError) -> str:
    """A problem of a case in one line; a parse problem says which line of the case text."""
    if isinstance(exc, InputError):
        if exc.line is not None and not exc.problem.startswith("event "):
            return f"case, line {exc.line}: {exc.problem}"
        return f"case: {exc.problem}"
    return f"case: {exc}"


class Case(_Shown):
    """A case to rule on, in the case format, with events the learner may edit.

    ``Case(source)`` takes a case text (YAML or JSON, as ``tdcourse rule`` reads), a dict of the
    same fields, or another Case (a copy). The case is checked at once: a problem is a
    :class:`NotebookError` naming the line of the text, or the event (counted from 0, like the
    list) that is wrong.

    ``case.events`` is a plain list of event lines (``"E 1H"``, ``"S refuses"``, ``"W leads SK"``):
    append to it, replace or delete items, cut it (``del case.events[3:]``), then ``rule(case)``
    again. :meth:`with_events`, :meth:`replace_event` and :meth:`with_fields` return a changed
    copy instead and leave the case as it was, to compare two rulings side by side. The other
    fields (board, dealer, vulnerable, deal, ...) are in ``case.fields``.
    """

    def __init__(self, source: str | Mapping[str, Any] | Case) -> None:
        if isinstance(source, Case):
            data = source.to_dict()
        elif isinstance(source, Mapping):
            data = copy.deepcopy(dict(source))
        elif isinstance(source, str):
            data = _read_text(source)
        else:
            raise NotebookError("a case is a case text, a dict or a Case, not "
                                f"{type(source).__name__}")
        events = data.pop("events", None)
        if events is None:
            events = []
        if not isinstance(events, list):
            raise NotebookError("case: 'events' must be a list of lines like 'E 1H'")
        self.fields: dict[str, Any] = {str(k): v for k, v in data.items()}
        self.events: list[str] = [str(e) for e in events]
        self.parsed()  # a bad case fails here, where it is made

    # ---- the case's forms

    def to_dict(self) -> dict[str, Any]:
        """The case as a dict of the case format (a copy: editing it changes nothing here)."""
        data = copy.deepcopy(self.fields)
        if self.events or "contract" not in data:
            data["events"] = list(self.events)
        order = {key: n for n, key in enumerate(FIELD_ORDER)}
        return dict(sorted(data.items(), key=lambda kv: order.get(kv[0], len(order))))

    def text(self) -> str:
        """The case as a case text (YAML), as a case file would hold it."""
        return yaml.safe_dump(self.to_dict(), sort_keys=False, allow_unicode=True,
                              default_flow_style=False, width=1000)

    def parsed(self) -> TableCase:
        """The engine's own reading of the case (``generator.table.case.Case``)."""
        from generator.table.case import parse_case
        from generator.table.events import parse_event

        for index, event in enumerate(self.events):
            try:
                parse_event(str(event))
            except ParseError as exc:
                raise NotebookError(f"case: event {index} ({event!r}): {exc}") from None
        try:
            return parse_case(self.text(), "case")
        except TdcourseError as exc:
            raise NotebookError(_one_line(exc)) from None

    # ---- changed copies

    def with_events(self, events: Iterable[str]) -> Case:
        """A copy of the case with these events (the case itself is unchanged)."""
        if isinstance(events, str):
            raise NotebookError("with_events takes a list of event lines, like ['N 1S', 'E 1H']")
        return Case({**self.fields, "events": [str(e) for e in events]})

    def replace_event(self, index: int, event: str) -> Case:
        """A copy of the case with event ``index`` (counted from 0) replaced by ``event``."""
        if not isinstance(index, int) or isinstance(index, bool) \
                or not -len(self.events) <= index < len(self.events):
            last = len(self.events) - 1
            raise NotebookError(f"there is no event {index!r}: the events are numbered 0 to "
                                f"{last}" if last >= 0 else f"there is no event {index!r}: "
                                "the case has no events")
        events = list(self.events)
        events[index] = str(event)
        return self.with_events(events)

    def with_fields(self, **fields: Any) -> Case:
        """A copy with fields changed (``with_fields(tricks=10)``, ``with_fields(dealer="E")``);
        a field given as ``None`` is removed."""
        data = self.to_dict()
        for key, value in fields.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        return Case(data)

    def _blocks(self) -> list[Block]:
        return [("pre", "", self.text().rstrip("\n"))]

    def _summary(self) -> str:
        return repr(self.to_dict())


def _read_text(text: str) -> dict[str, Any]:
    """A case text as a dict, checked by the engine's reader (which names the faulty line)."""
    from generator.table.case import parse_case

    path = "case.json" if text.lstrip().startswith("{") else "case"
    try:
        parse_case(text, path)
    except TdcourseError as exc:
        raise NotebookError(_one_line(exc)) from None
    if path.endswith(".json"):
        text = text.replace("\t", " ")
    data = yaml.safe_load(text)
    assert isinstance(data, dict)  # parse_case accepted it: a mapping of fields
    return data


# --------------------------------------------------------------------------- rulings


def rule(case: Case | str | Mapping[str, Any], lang: str = "en") -> Ruling:
    """The engine's ruling on ``case`` (a :class:`Case`, a case text or a dict), in ``lang``.

    The case is read afresh each time, so a case whose events were edited is ruled as it now
    stands. The ruling keeps a copy of the case: editing the case later does not change it.
    """
    from generator.laws.engine import analyse

    lang = _check_lang(lang)
    mine = Case(case)  # a copy, also for a Case
    parsed = mine.parsed()
    try:
        result = analyse(parsed)
    except TdcourseError as exc:
        raise NotebookError(_one_line(exc)) from None
    return Ruling(mine, result, lang)


class Ruling(_Shown):
    """What the engine rules on a case.

    ``result`` is the engine's output, exactly as ``tdcourse rule CASE --json`` prints it; the
    properties pick out what a learner checks most (``kinds``, ``laws``, ``next``, ``score``).
    """

    def __init__(self, case: Case, result: dict[str, Any], lang: str = "en") -> None:
        self.case = case
        self.result = result
        self.lang = _check_lang(lang)

    @property
    def kinds(self) -> list[str]:
        """The kinds of irregularity found, in order (``["insufficient_bid"]``)."""
        return [str(i["kind"]) for i in self.result["irregularities"]]

    @property
    def laws(self) -> list[str]:
        """Every clause cited, in the order the rulings cite them, each once."""
        found: list[str] = []
        for ruling in self.result["rulings"]:
            refs = [*ruling.get("laws", []),
                    *(r["law"] for r in ruling.get("rectifications", []) if r.get("law"))]
            for ref in map(str, refs):
                if ref not in found:
                    found.append(ref)
        return found

    @property
    def next(self) -> str | None:
        """The seat to act next once the ruling is applied (``None`` when the board is over)."""
        value = self.result["state"].get("next")
        return str(value) if value else None

    @property
    def score(self) -> dict[str, int] | None:
        """The board's score (``{"declarer_side", "NS", "EW"}``) once it is over, else None."""
        score: dict[str, int] | None = self.result.get("score")
        return score

    def _auction(self) -> str:
        lang = self.lang
        calls = []
        for entry in self.result["state"].get("auction") or []:
            text = f"{_seat(entry['seat'], lang)} {_call(str(entry['call']), lang)}"
            if entry.get("status") in ("cancelled", "pending"):
                text += f" ({_w(lang, str(entry['status']))})"
            calls.append(text)
        return " · ".join(calls)

    def _option(self, option: Mapping[str, Any]) -> str:
        from generator.laws.explain import option_label

        lang = self.lang
        seat = str(option["seat"])
        labels = " / ".join(option_label(str(i), lang) for i in option["ids"])
        text = f"{_seat(seat, lang)}: {labels}"
        if option.get("chosen"):
            return text + " — " + _w(lang, "chose", choice=option_label(str(option["chosen"]),
                                                                          lang))
        events = []
        for option_id in option["ids"]:
            verb = {"accept": "accepts", "refuse": "refuses"}.get(str(option_id))
            events.append(f'"{seat} {verb}"' if verb else f'"{seat} chooses {option_id}"')
        return text + " — " + _w(lang, "to_choose", events=", ".join(events))

    def _blocks(self) -> list[Block]:
        from generator.laws.explain import describe_fact, rectification_text

        lang = self.lang
        state = self.result["state"]
        fields = self.case.fields
        blocks: list[Block] = [
            ("title", "", _w(lang, "ruling_title")),
            ("para", "", _board_line(fields.get("board", "?"), state["dealer"],
                                     state["vulnerable"], lang)),
        ]
        if "contract" in fields:
            blocks.append(("line", _w(lang, "result"), _w(
                lang, "result_line", contract=_contract(str(fields["contract"]), lang),
                declarer=_seat(fields.get("declarer", "?"), lang),
                tricks=fields.get("tricks", "?"))))
        else:
            blocks.append(("line", _w(lang, "auction"), self._auction() or _w(lang, "none")))
        irregularities = self.result["irregularities"]
        if not irregularities and "contract" not in fields:
            blocks.append(("para", "", _w(lang, "no_irregularity")))
        law_word = i18n.text(lang, "explain.law_word")
        for index, irr in enumerate(irregularities):
            fact = describe_fact(str(irr["kind"]), irr.get("seat"), dict(irr.get("details") or {}),
                                 lang).rstrip(".")
            blocks.append(("title", "", _w(lang, "irregularity", n=index + 1)
                           + ": " + _symbols(fact, lang)))
            event = irr.get("event")
            if isinstance(event, int) and 0 <= event < len(self.case.events):
                blocks.append(("line", _w(lang, "event"),
                               _w(lang, "event_line", i=event, event=self.case.events[event])))
            for ruling in self.result["rulings"]:
                if ruling.get("irregularity") != index:
                    continue
                options = ruling.get("options") or []
                if options:
                    blocks.append(("list", _w(lang, "who_chooses"),
                                   [self._option(o) for o in options]))
                rects = [_symbols(rectification_text(dict(r), lang), lang)
                         + (f" ({law_word} {r['law']})" if r.get("law") else "")
                         for r in ruling.get("rectifications") or []]
                blocks.append(("list", _w(lang, "rectifications"),
                               [_capital(r) for r in rects] or [_w(lang, "none")]))
                blocks.append(("line", _w(lang, "laws"), ", ".join(ruling.get("laws") or [])
                               or _w(lang, "none")))
                explanation = ruling.get("explanation", {}).get(lang)
                if explanation:
                    blocks.append(("line", _w(lang, "explanation"), _symbols(explanation, lang)))
        blocks.append(("title", "", _w(lang, "after_ruling")))
        blocks.append(("line", _w(lang, "phase"),
                       i18n.text(lang, TABLE, f"phase_{state['phase']}",
                                 default=str(state["phase"]))))
        if state["phase"] != "ended":
            blocks.append(("line", _w(lang, "next"),
                           _seat(state["next"], lang) if state.get("next") else _w(lang, "none")))
        if state.get("contract"):
            blocks.append(("line", _w(lang, "contract"),
                           _w(lang, "contract_line",
                              contract=_contract(str(state["contract"]), lang),
                              declarer=_seat(state.get("declarer") or "?", lang))))
        score = self.result.get("score")
        if score:
            blocks.append(("line", _w(lang, "score"),
                           _w(lang, "score_line", ns=f"{score['NS']:+d}",
                              ew=f"{score['EW']:+d}")))
        return blocks

    def _summary(self) -> str:
        return f"{', '.join(self.kinds) or 'no irregularity'}: {', '.join(self.laws)}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- the quiz


def _hand(text: str) -> str:
    """A PBN hand (``KQT.AQ952.97.Q42``) as ``♠ K Q 10  ♥ A Q 9 5 2 ...`` (— for a void)."""
    suits = text.split(".")
    out = []
    for symbol, cards in zip("♠♥♦♣", suits, strict=False):
        ranks = " ".join("10" if c == "T" else c for c in cards) or "—"
        out.append(f"{symbol} {ranks}")
    return "  ".join(out)


def _hands(deal: str, lang: str) -> list[str]:
    """The four hands of a PBN deal, North first, each ``North: ♠ ...``."""
    from generator.model.deal import Deal
    from generator.model.seat import Seat

    try:
        parsed = Deal.parse(deal)
    except ParseError:
        return [deal]
    return [f"{_seat(seat, lang)}: {_hand(str(parsed[seat]) if parsed[seat] else '-')}"
            for seat in Seat]


def _sequence(text: str, lang: str, calls: bool) -> str:
    """The widget's ``"S:P W:1H!"`` (calls) or ``"E:C6 S:CJ"`` (cards) in words."""
    out = []
    for item in str(text).split():
        seat, _, value = item.partition(":")
        changed = value.endswith("!")
        value = value.rstrip("!")
        shown = _call(value, lang) if calls else _symbols(value, lang)
        out.append(f"{_seat(seat, lang)} {shown}" + (f" ({_w(lang, 'changed')})" if changed
                                                      else ""))
    return " · ".join(out)


class Question(_Shown):
    """One question as the learner sees it before answering (no answer in it)."""

    def __init__(self, number: int, count: int, question: Mapping[str, Any], lang: str) -> None:
        self.number = number
        self.count = count
        self.question = question
        self.lang = lang

    def _blocks(self) -> list[Block]:
        lang, q, n = self.lang, self.question, self.number
        blocks: list[Block] = [
            ("title", "", _w(lang, "question", n=n, count=self.count)),
            ("para", "", _board_line(q.get("board", "?"), str(q.get("dealer", "?")),
                                     str(q.get("vul", "None")), lang)),
        ]
        if q.get("deal"):
            blocks.append(("list", _w(lang, "deal"), _hands(str(q["deal"]), lang)))
        if q.get("auction"):
            blocks.append(("line", _w(lang, "auction"), _sequence(str(q["auction"]), lang, True)))
        if q.get("play"):
            blocks.append(("line", _w(lang, "play"), _sequence(str(q["play"]), lang, False)))
        if q.get("context"):
            blocks.append(("para", "", str(q["context"])))
        blocks.append(("para", "", str(q.get("prompt", ""))))
        choices = q.get("choices") or []
        if choices:
            blocks.append(("list", _w(lang, "choices"),
                           [f"{c['id']}) {c['text']}" for c in choices]))
        how = {"single": "how_single", "multiple": "how_multiple"}.get(str(q.get("type")),
                                                                       "how_number")
        ids = [str(c["id"]) for c in choices] + ["a", "b"]
        blocks.append(("para", "", _w(lang, how, n=n, first=ids[0], second=ids[1])))
        return blocks

    def _summary(self) -> str:
        return f"{self.number} of {self.count}: {self.question.get('id')}"


class Feedback(_Shown):
    """The grading of one answer: right or not, the answer, why a wrong choice is wrong, and the
    explanation."""

    def __init__(self, number: int, question: Mapping[str, Any], given: list[str] | float,
                 right: bool, lang: str, key: dict[str, Any]) -> None:
        self.number = number
        self.question = question
        self.given = given
        self.right = right
        self.lang = lang
        self.key = key  # the decoded "k" (Quiz.answer has it already)

    def _choice(self, choice_id: str) -> str:
        for choice in self.question.get("choices") or []:
            if str(choice["id"]) == choice_id:
                return f"{choice_id}) {choice['text']}"
        return choice_id

    def _blocks(self) -> list[Block]:
        lang = self.lang
        verdict = _w(lang, "right" if self.right else "wrong")
        blocks: list[Block] = [("title", "", _w(lang, "question_short", n=self.number)
                                + ": " + verdict)]
        if isinstance(self.given, list):
            blocks.append(("line", _w(lang, "your_answer"),
                           "; ".join(self._choice(c) for c in self.given)))
            if not self.right:
                blocks.append(("line", _w(lang, "the_answer"),
                               "; ".join(self._choice(str(c)) for c in self.key["c"])))
                why = self.key.get("w") or {}
                reasons = [f"{self._choice(c)} — {segments_text(why[c])}"
                           for c in self.given if why.get(c)]
                if reasons:
                    blocks.append(("list", _w(lang, "why_not"), reasons))
        else:
            blocks.append(("line", _w(lang, "your_answer"), number_text(self.given)))
            if not self.right:
                blocks.append(("line", _w(lang, "the_answer"), number_text(self.key["n"])))
        explanation = segments_text(self.key.get("e") or [])
        if explanation:
            blocks.append(("line", _w(lang, "explanation"), explanation))
        laws = self.question.get("laws") or []
        if laws:
            blocks.append(("line", _w(lang, "laws"), ", ".join(str(x) for x in laws)))
        return blocks

    def _summary(self) -> str:
        return f"{self.number}: {'right' if self.right else 'wrong'}"


class Score(_Shown):
    """The score so far: each question's first answer, right or not."""

    def __init__(self, results: Sequence[bool | None], lang: str) -> None:
        self.results = list(results)
        self.lang = lang

    @property
    def right(self) -> int:
        return sum(1 for r in self.results if r)

    @property
    def answered(self) -> int:
        return sum(1 for r in self.results if r is not None)

    def _blocks(self) -> list[Block]:
        lang = self.lang
        marks = {True: _w(lang, "mark_right"), False: _w(lang, "mark_wrong"),
                 None: _w(lang, "mark_open")}
        return [
            ("title", "", _w(lang, "score_title")),
            ("para", "", _w(lang, "score_summary", right=self.right, answered=self.answered,
                            count=len(self.results))),
            ("list", _w(lang, "by_question"),
             [f"{n}: {marks[r]}" for n, r in enumerate(self.results, 1)]),
            ("para", "", _w(lang, "first_counts")),
        ]

    def _summary(self) -> str:
        return f"{self.right} right of {self.answered} answered, {len(self.results)} in all"


class Quiz(_Shown):
    """A chapter's questions, graded in the notebook.

    ``questions`` are web questions (:func:`generator.book.quizdata.web_question`): the answer
    is only in the encoded key ``"k"``, read when an answer is graded. Questions are numbered
    from 1 as in the chapter. ``show(n)`` shows question ``n``; ``answer(n, given)`` grades an
    answer (``"b"`` for a single choice, ``["a", "c"]`` for several, a number for a number
    question) and explains it; ``score()`` counts the first answer to each question, so looking
    at the explanation and answering again does not raise the score.
    """

    def __init__(self, questions: Iterable[Mapping[str, Any]], lang: str = "en") -> None:
        self.lang = _check_lang(lang)
        self.questions: list[Mapping[str, Any]] = []
        for question in questions:
            if str(question.get("type")) not in ("single", "multiple", "number") \
                    or not question.get("k"):
                raise NotebookError(f"not a web question (needs a type and a key 'k'): "
                                    f"{question.get('id', '?')}")
            self.questions.append(question)
        self._first: list[bool | None] = [None] * len(self.questions)

    def __len__(self) -> int:
        return len(self.questions)

    def _question(self, n: Any) -> Mapping[str, Any]:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self.questions):
            if not self.questions:
                raise NotebookError(_w(self.lang, "error_no_questions"))
            raise NotebookError(_w(self.lang, "error_question", n=n, count=len(self.questions)))
        return self.questions[n - 1]

    def show(self, n: int) -> Question:
        """Question ``n`` (from 1): the board, the deal, the auction, the play, the question."""
        return Question(n, len(self.questions), self._question(n), self.lang)

    def answer(self, n: int, given: Any) -> Feedback:
        """Grade ``given`` as the answer to question ``n`` and explain."""
        question = self._question(n)
        key: dict[str, Any] = decode_key(str(question["k"]))
        value: list[str] | float
        if question["type"] == "number":
            value = self._number(n, given)
            right = key.get("n") is not None and math.isclose(value, float(key["n"]),
                                                              abs_tol=1e-9)
        else:
            value = self._choices(n, question, given)
            right = set(value) == {str(c) for c in key["c"]}
        if self._first[n - 1] is None:
            self._first[n - 1] = right
        return Feedback(n, question, value, right, self.lang, key)

    def _number(self, n: int, given: Any) -> float:
        if isinstance(given, bool):
            raise NotebookError(_w(self.lang, "error_number", n=n))
        try:
            value = float(given)  # a string may have spaces around it and a sign: " +5 "
        except (TypeError, ValueError):
            raise NotebookError(_w(self.lang, "error_number", n=n)) from None
        if not math.isfinite(value):
            raise NotebookError(_w(self.lang, "error_number", n=n))
        return value

    def _choices(self, n: int, question: Mapping[str, Any], given: Any) -> list[str]:
        ids = [str(c["id"]) for c in question.get("choices") or []]
        if isinstance(given, str):
            parts = [p for p in re.split(r"[\s,;]+", given.strip().lower()) if p]
            if len(parts) == 1 and parts[0] not in ids and all(ch in ids for ch in parts[0]):
                parts = list(parts[0])  # "ac" for ["a", "c"]
        elif isinstance(given, (list, tuple, set, frozenset)):
            parts = [str(p).strip().lower() for p in given]
        else:
            raise NotebookError(_w(self.lang, "error_kind", n=n, first=(ids or ["a"])[0],
                                   ids=", ".join(ids)))
        chosen = list(dict.fromkeys(parts))
        if not chosen:
            raise NotebookError(_w(self.lang, "error_empty", n=n))
        unknown = [p for p in chosen if p not in ids]
        if unknown:
            raise NotebookError(_w(self.lang, "error_choice", n=n, given=unknown[0],
                                   ids=", ".join(ids)))
        if question["type"] == "single" and len(chosen) != 1:
            raise NotebookError(_w(self.lang, "error_one", n=n))
        return sorted(chosen, key=ids.index)

    def score(self) -> Score:
        """The first answer to each question: right, not right, or not answered yet."""
        return Score(self._first, self.lang)

    def _blocks(self) -> list[Block]:
        return [("para", "", _w(self.lang, "quiz_summary", count=len(self.questions)))]

    def _summary(self) -> str:
        return f"{len(self.questions)} questions ({self.lang})"
