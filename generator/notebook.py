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
one line; IPython shows just that line, not a traceback (``_render_traceback_``). It is the only
exception any call of this module raises for bad arguments: every public function and
constructor checks what it is given at the boundary (types, sizes, nesting: :func:`_check_data`,
:func:`_check_question`, :func:`_read_key`) before anything recursive or costly runs on it, so
no argument can end in a RecursionError, TypeError, KeyError or a codec's error. A case's
problem reads as the command line says it (``tdcourse rule case.yaml`` prints ``case.yaml:2:
unknown call ...``, the notebook ``case, line 2: unknown call ...``): both come from the same
reader, :func:`generator.table.case.parse_case`.

A case is the learner's to edit (it is checked again each time it is used). A ruling, a quiz
and the questions, feedback and scores they show are not: their attributes are read-only
properties over checked private copies (:class:`_ReadOnly`), and a ruling's ``result`` is a
read-only copy, so that setting or deleting one is refused with a :class:`NotebookError` instead
of ending, later, in a KeyError or a TypeError inside the display.
"""

from __future__ import annotations

import base64
import copy
import datetime
import html
import itertools
import json
import math
import re
import reprlib
import zlib
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import yaml

from generator import i18n
from generator.book.quizdata import number_text, segments_text
from generator.errors import InputError, ParseError, TdcourseError

if TYPE_CHECKING:
    from generator.table.case import Case as TableCase

__all__ = ["Case", "Comparison", "Feedback", "NotebookError", "Question", "Quiz", "Ruling",
           "Score", "compare", "rule"]

TABLE = "notebook.words"
#: The order of a case's fields in :meth:`Case.text` (the case format's own order).
FIELD_ORDER = ("format", "edition", "title", "source", "notes", "board", "dealer", "vulnerable",
               "deal", "contract", "declarer", "tricks", "events", "expect")
_SEATS = "NESW"

#: Bounds on what a call may be given (a case's data, a quiz's questions, an answer). They are far
#: above anything a chapter needs and far below what could exhaust the interpreter: the case
#: format is a few levels deep, a chapter has tens of questions, a key is a few hundred bytes.
MAX_DEPTH = 32
MAX_ITEMS = 100_000
MAX_TEXT = 1_000_000
MAX_DIGITS = 3_900  # str() and YAML refuse integers over 4,300 digits
MAX_QUESTIONS = 10_000
MAX_CHOICES = 100
MAX_KEY = 1_000_000  # a key's base64, and the JSON it inflates to
MAX_ANSWER = 1_000
_INT_BOUND = 10 ** MAX_DIGITS
_SCALARS = (str, int, float, datetime.date)


class _BriefRepr(reprlib.Repr):
    """:class:`reprlib.Repr` that shows a huge int anywhere in a nest by its number of digits:
    the standard one calls ``repr()`` on it, which raises ``ValueError`` past 4,300 digits."""

    def repr_int(self, x: int, level: int) -> str:
        if abs(x) < _INT_BOUND:
            return super().repr_int(x, level)  # itself, or its ends around "..." past 40 digits
        return f"a number of {math.floor(math.log10(abs(x))) + 1:,} digits"  # log10: any int


_brief_repr = _BriefRepr()
_brief_repr.maxstring = _brief_repr.maxother = 40
_brief_repr.maxlong = 40


class NotebookError(TdcourseError, ValueError):
    """A learner's mistake, said in one line (IPython shows the line, not a traceback).

    Also a :class:`ValueError` (a bad argument's value), so code written for the standard
    library's convention catches it too; a :class:`generator.errors.TdcourseError` like every
    error the command line turns into its one line.
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


# --------------------------------------------------------------------------- words


def _w(lang: str, key: str, **fields: Any) -> str:
    """A text of the ``notebook.words`` table, its ``{fields}`` filled in."""
    text = i18n.text(lang, TABLE, key)
    return text.format(**fields) if fields else text


def _check_lang(lang: Any) -> str:
    name = lang if isinstance(lang, str) and len(lang) <= 40 else _brief(lang)
    try:
        return i18n.check(name)
    except i18n.UnknownLanguageError as exc:
        raise NotebookError(str(exc)) from None


def _brief(value: Any) -> str:
    """A value as a message shows it: an int as itself (or its size, when huge), anything else
    as a short repr (never recursing into a nest, never a line of a million characters).

    It describes a bad argument, so it never raises: a huge int anywhere in a nest is shown by
    its size (:class:`_BriefRepr`), and an object whose own ``__repr__`` fails is shown by its
    type."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** 40:
        return str(value)
    try:
        text = _brief_repr.repr(value)
    except Exception:  # a learner's class whose __repr__ raises: the message still has a line
        text = f"a {_kind(value)}"
    text = " ".join(text.split())  # one line, whatever a __repr__ returned
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(value: Any) -> str:
    return type(value).__name__


def _check_data(value: Any, what: str) -> None:
    """Refuse data a case (or an engine result) cannot hold before anything copies, prints or
    dumps it: only what a YAML case text can hold (text, numbers, true/false, null, dates,
    lists and mappings whose keys are such scalars, not lists or mappings); at most
    :data:`MAX_DEPTH` levels, :data:`MAX_ITEMS` items and :data:`MAX_TEXT` characters; integers
    of at most :data:`MAX_DIGITS` digits. The walk is a loop, not a recursion, so that the check
    itself cannot overflow the stack; a structure that contains itself is too deep."""
    stack: list[tuple[Any, str, int]] = [(value, what, 0)]
    items = text = 0
    while stack:
        item, where, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise NotebookError(f"{what} has more than {MAX_ITEMS:,} items")
        if depth > MAX_DEPTH:
            raise NotebookError(f"{where} is nested deeper than {MAX_DEPTH} levels")
        if item is None or isinstance(item, (bool, float, datetime.date)):
            continue
        if isinstance(item, int):
            if abs(item) >= _INT_BOUND:
                raise NotebookError(f"{where} holds a number of more than {MAX_DIGITS:,} "
                                    "digits")
        elif isinstance(item, str):
            text += len(item)
            if text > MAX_TEXT:
                raise NotebookError(f"{what} holds more than {MAX_TEXT:,} characters of text")
        elif isinstance(item, Mapping):
            for key, sub in item.items():
                if key is not None and not isinstance(key, _SCALARS):
                    raise NotebookError(f"{where} has a key of type {_kind(key)}: a key is "
                                        "text or a number")
                # a problem is said at the field it is in: "case: 'notes' is nested ..."
                inner = f"{what}: {_brief(key)}" if depth == 0 else where
                stack.append((key, inner, depth + 1))
                stack.append((sub, inner, depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((sub, where, depth + 1) for sub in item)
        else:
            raise NotebookError(f"{where} holds a value of type {_kind(item)}: a case holds "
                                "only text, numbers, true/false, dates, lists and mappings")


def _lines(events: Any, what: str) -> list[str]:
    """Event lines from a list (or any iterable but a text) of strings, bounded in number."""
    if isinstance(events, (str, bytes, Mapping)) or not isinstance(events, Iterable):
        raise NotebookError(f"{what} takes a list of event lines, like ['N 1S', 'E 1H']")
    lines = list(itertools.islice(events, MAX_ITEMS + 1))
    if len(lines) > MAX_ITEMS:
        raise NotebookError(f"{what}: more than {MAX_ITEMS:,} events")
    for index, line in enumerate(lines):
        _check_event(line, index)
    return lines


def _check_event(line: Any, index: Any) -> None:
    if not isinstance(line, str):
        raise NotebookError(f"case: event {index} must be a line like 'E 1H', not "
                            f"{_kind(line)} {_brief(line)}")
    if len(line) > MAX_ANSWER:
        raise NotebookError(f"case: event {index} is longer than {MAX_ANSWER:,} characters")


def _seat(seat: Any, lang: str) -> str:
    return i18n.text(lang, "explain.seats", str(seat), default=str(seat))


def _symbols(text: str, lang: str) -> str:
    from generator.book.examples import symbols

    return symbols(str(text), lang)


def call_words(call: str, lang: str) -> str:
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


Block = tuple[str, str, str | list[str] | list[list[str]]]


def _table_rows(value: Any) -> list[list[str]]:
    """A ``table`` block's rows as text (the first is the column heads)."""
    return [[str(cell) for cell in row] for row in value] if isinstance(value, list) else []


def _table_lines(value: Any) -> list[str]:
    """A table as text: each column as wide as its widest cell, two spaces between columns, a
    rule under the heads."""
    rows = _table_rows(value)
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(len(rows[0]))]

    def line(row: list[str]) -> str:
        return "  " + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()

    return [line(rows[0]), "  " + "  ".join("-" * w for w in widths), *map(line, rows[1:])]


def _table_html(value: Any) -> str:
    """A table as HTML, every cell escaped, the first row as column heads."""
    rows = _table_rows(value)
    if not rows:
        return ""
    head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class _Shown:
    """An object shown as text and, in Jupyter, as escaped HTML.

    Subclasses list their content as blocks ``(shape, label, value)``: ``title`` (a heading),
    ``line`` (label: value), ``list`` (label, then one item a line), ``para`` (a paragraph),
    ``pre`` (preformatted text) and ``table`` (label, then rows of cells, the first the column
    heads: a question's figure, such as a traveller). Both forms are drawn from the same
    blocks, so they never say different things.
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
            elif shape == "table":
                lines.append(f"{label}:")
                lines += _table_lines(value)
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
                             + "".join(f"<li>{html.escape(str(i))}</li>" for i in items) + "</ul>")
            elif shape == "pre":
                parts.append(f"<pre>{html.escape(str(value))}</pre>")
            elif shape == "table":
                parts.append(f"<p><b>{html.escape(label)}:</b></p>" + _table_html(value))
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


class _ReadOnly(_Shown):
    """An object whose public attributes are read-only (rulings, quizzes, their questions,
    feedback and scores).

    What such an object shows was checked when it was made; a learner who sets or deletes one
    of its attributes afterwards (``ruling.lang = "xx"``, ``quiz.questions = None``) would meet
    a KeyError or a TypeError deep in the display, so the change itself is refused with a
    :class:`NotebookError` saying to make a new object. The public attributes are properties
    over private fields, each returning a copy or a read-only view, so changing what one
    returns changes nothing here either. Private names (``_first``) are the module's own."""

    _lang: str

    @property
    def lang(self) -> str:
        """The language the object is shown in (set, checked, when it is made)."""
        return self._lang

    def __setattr__(self, name: str, value: Any) -> None:
        if not name.startswith("_"):
            raise self._read_only(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if not name.startswith("_"):
            raise self._read_only(name)
        object.__delattr__(self, name)

    def _read_only(self, name: str) -> NotebookError:
        kind = type(self).__name__
        remedy = "rule the changed case again" if kind == "Ruling" else f"make a new {kind}"
        return NotebookError(f"{kind}.{_name(name)} cannot be changed: {remedy}")


class _ReadOnlyDict(dict[str, Any]):
    """A dict that refuses to be changed with a :class:`NotebookError` (a ``MappingProxyType``
    would refuse with a TypeError or an AttributeError). Still a dict, so ``json.dumps``, ``==``
    and ``{**d}`` read it as one; a copy of it is a plain dict, which may be changed."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise NotebookError("this is a read-only copy: make a dict of it (dict(...)) to change "
                            "it, or change the case and rule again")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))  # copy.copy, copy.deepcopy and pickle: a plain dict


def _read_only_copy(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only dict over a deep copy: the caller may read it, not change what it came from
    (a change to a list or mapping inside it changes the copy only)."""
    return _ReadOnlyDict(copy.deepcopy(dict(data)))


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
            _check_data(source, "case")  # before the copy, which recurses
            data = copy.deepcopy(dict(source))
        elif isinstance(source, str):
            if len(source) > MAX_TEXT:
                raise NotebookError(f"case: a case text of more than {MAX_TEXT:,} characters")
            data = _read_text(source)
        else:
            raise NotebookError("a case is a case text, a dict or a Case, not "
                                f"{type(source).__name__}")
        events = data.pop("events", None)
        if events is None:
            events = []
        if not isinstance(events, list):
            raise NotebookError("case: 'events' must be a list of lines like 'E 1H'")
        for index, event in enumerate(events):
            _check_event(event, index)
        self.fields: dict[str, Any] = dict(data)
        self.events: list[str] = list(events)
        self.parsed()  # a bad case fails here, where it is made

    # ---- the case's forms

    def to_dict(self) -> dict[str, Any]:
        """The case as a dict of the case format (a copy: editing it changes nothing here)."""
        # ``fields`` and ``events`` are the learner's to edit: checked again, as at the door
        if not isinstance(self.fields, dict) or not isinstance(self.events, list):
            raise NotebookError("case: 'fields' must be a dict and 'events' a list of lines "
                                "like 'E 1H'")
        _check_data(self.fields, "case")
        for index, event in enumerate(self.events):
            _check_event(event, index)
        if len(self.events) > MAX_ITEMS:
            raise NotebookError(f"case: more than {MAX_ITEMS:,} events")
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

        text = self.text()  # checks the fields and the events as they now are
        for index, event in enumerate(self.events):
            try:
                parse_event(event)
            except ParseError as exc:
                raise NotebookError(f"case: event {index} ({event!r}): {exc}") from None
        try:
            return parse_case(text, "case")
        except TdcourseError as exc:
            raise NotebookError(_one_line(exc)) from None

    # ---- changed copies

    def with_events(self, events: Iterable[str]) -> Case:
        """A copy of the case with these events (the case itself is unchanged)."""
        return Case({**self.fields, "events": _lines(events, "with_events")})

    def replace_event(self, index: int, event: str) -> Case:
        """A copy of the case with event ``index`` (counted from 0) replaced by ``event``."""
        if not isinstance(index, int) or isinstance(index, bool) \
                or not -len(self.events) <= index < len(self.events):
            last = len(self.events) - 1
            raise NotebookError(f"there is no event {_brief(index)}: the events are numbered 0 "
                                f"to {last}" if last >= 0 else f"there is no event "
                                f"{_brief(index)}: the case has no events")
        _check_event(event, index)
        events = list(self.events)
        events[index] = event
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


def _check_edition(edition: Any) -> str | None:
    """``None`` (the case's own code) or one of the codes the engine rules under."""
    from generator.laws.refs import EDITIONS

    if edition is None:
        return None
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise NotebookError(f"edition must be one of {', '.join(EDITIONS)} (the codes of the "
                            f"Laws), not {_brief(edition)}")
    return edition


def rule(case: Case | str | Mapping[str, Any], lang: str = "en",
         edition: str | None = None) -> Ruling:
    """The engine's ruling on ``case`` (a :class:`Case`, a case text or a dict), in ``lang``.

    ``edition`` ("1987" or "2017") rules the case under that code, as ``tdcourse rule CASE
    --edition E`` does; without it the case's own ``edition`` field decides (1987 when it has
    none). The ruling's case carries the code it was ruled under, so ``ruling.case`` ruled again
    gives the same ruling.

    The case is read afresh each time, so a case whose events were edited is ruled as it now
    stands. The ruling keeps a copy of the case: editing the case later does not change it.
    """
    from generator.laws.engine import analyse

    lang = _check_lang(lang)
    chosen = _check_edition(edition)
    mine = Case(case)  # a copy, also for a Case
    if chosen is not None:
        mine = mine.with_fields(edition=chosen)
    parsed = mine.parsed()
    try:
        result = analyse(parsed)
    except TdcourseError as exc:
        raise NotebookError(_one_line(exc)) from None
    return Ruling._of(mine, result, lang)


def compare(case: Case | str | Mapping[str, Any], lang: str = "en") -> Comparison:
    """The case ruled under each code, side by side, with where the rulings differ in words
    (what ``tdcourse rule CASE --edition both`` and ``tdcourse diff CASE`` show): the way to see
    what the 2017 code changed on a table you know under 1987."""
    from generator.laws.refs import EDITIONS

    lang = _check_lang(lang)
    mine = Case(case)
    rulings: dict[str, Ruling] = {}
    cuts: dict[str, int] = {}
    for edition in EDITIONS:
        rulings[edition], cut = _rule_what_fits(mine, lang, edition)
        if cut is not None:
            cuts[edition] = cut
    return Comparison._of(rulings, lang, cuts)


def _rule_what_fits(case: Case, lang: str, edition: str) -> tuple[Ruling, int | None]:
    """``case`` ruled under ``edition``, and ``None``; or, when an event of the case has no
    place under that code (a choice only the other code offers, a play the other code's
    rectification forbids), the ruling of the events before the first such event, and that
    event's index. The two codes part at that event: what follows it belongs to the other
    code's table."""
    try:
        return rule(case, lang, edition), None
    except NotebookError:
        if not case.events:
            raise
    for end in range(len(case.events) - 1, -1, -1):
        try:
            return rule(case.with_events(case.events[:end]), lang, edition), end
        except NotebookError:
            continue
    raise NotebookError(f"case: the case cannot be ruled under the {edition} code")


def _canonical(data: Any) -> Any:
    """Checked data (:func:`_check_data`) as JSON would carry it, to compare two results."""
    return json.loads(json.dumps(data, default=str, skipkeys=True))


class Ruling(_ReadOnly):
    """What the engine rules on a case.

    ``result`` is the engine's output, exactly as ``tdcourse rule CASE --json`` prints it (a
    read-only view of a copy: a ruling is what the engine ruled, so it cannot be edited into
    something else; edit the case and rule again); the properties pick out what a learner
    checks most (``kinds``, ``laws``, ``next``, ``score``).
    """

    _case: Case
    _result: dict[str, Any]
    _lang: str

    def __init__(self, case: Case, result: Mapping[str, Any], lang: str = "en") -> None:
        """:func:`rule` makes rulings. Made by hand, ``result`` must be the engine's ruling on
        ``case`` (as ``tdcourse rule --json`` prints it): a Ruling never shows what the engine
        did not rule, so it never meets a result it cannot read."""
        self._lang = _check_lang(lang)
        if not isinstance(case, Case):
            raise NotebookError(f"a ruling is on a Case, not on a {_kind(case)}: use rule(case)")
        if not isinstance(result, Mapping):
            raise NotebookError(f"a ruling's result is the engine's dict, not a {_kind(result)}: "
                                "use rule(case)")
        _check_data(result, "result")
        made = rule(case, self._lang)
        if _canonical(result) != _canonical(made._result):
            raise NotebookError("this result is not the engine's ruling on the case: use "
                                "rule(case)")
        self._case = made._case
        self._result = made._result

    @classmethod
    def _of(cls, case: Case, result: dict[str, Any], lang: str) -> Ruling:
        """The ruling :func:`rule` has just made (nothing to check again)."""
        ruling = cls.__new__(cls)
        ruling._case, ruling._result, ruling._lang = case, result, lang
        return ruling

    @property
    def case(self) -> Case:
        """The case ruled on (a copy: editing it changes neither the ruling nor its case)."""
        return Case(self._case)

    @property
    def result(self) -> Mapping[str, Any]:
        """The engine's output, as ``tdcourse rule --json`` prints it (read-only, a copy)."""
        return _read_only_copy(self._result)

    @property
    def edition(self) -> str:
        """The code of the Laws the case was ruled under ("1987" or "2017")."""
        return str(self._case.fields.get("edition") or "1987")

    @property
    def kinds(self) -> list[str]:
        """The kinds of irregularity found, in order (``["insufficient_bid"]``)."""
        return [str(i["kind"]) for i in self._result["irregularities"]]

    @property
    def laws(self) -> list[str]:
        """Every clause cited, in the order the rulings cite them, each once."""
        found: list[str] = []
        for ruling in self._result["rulings"]:
            refs = [*ruling.get("laws", []),
                    *(r["law"] for r in ruling.get("rectifications", []) if r.get("law"))]
            for ref in map(str, refs):
                if ref not in found:
                    found.append(ref)
        return found

    @property
    def next(self) -> str | None:
        """The seat to act next once the ruling is applied (``None`` when the board is over)."""
        value = self._result["state"].get("next")
        return str(value) if value else None

    @property
    def score(self) -> dict[str, int] | None:
        """The board's score (``{"declarer_side", "NS", "EW"}``) once it is over, else None."""
        score: dict[str, int] | None = copy.deepcopy(self._result.get("score"))
        return score

    def _auction(self) -> str:
        lang = self.lang
        calls = []
        for entry in self._result["state"].get("auction") or []:
            text = f"{_seat(entry['seat'], lang)} {call_words(str(entry['call']), lang)}"
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
        state = self._result["state"]
        fields = self._case.fields
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
        irregularities = self._result["irregularities"]
        if not irregularities and "contract" not in fields:
            blocks.append(("para", "", _w(lang, "no_irregularity")))
        law_word = i18n.text(lang, "explain.law_word")
        for index, irr in enumerate(irregularities):
            fact = describe_fact(str(irr["kind"]), irr.get("seat"), dict(irr.get("details") or {}),
                                 lang).rstrip(".")
            blocks.append(("title", "", _w(lang, "irregularity", n=index + 1)
                           + ": " + _symbols(fact, lang)))
            event = irr.get("event")
            if isinstance(event, int) and 0 <= event < len(self._case.events):
                blocks.append(("line", _w(lang, "event"),
                               _w(lang, "event_line", i=event, event=self._case.events[event])))
            for ruling in self._result["rulings"]:
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
                               [i18n.capital(r) for r in rects] or [_w(lang, "none")]))
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
        score = self._result.get("score")
        if score:
            blocks.append(("line", _w(lang, "score"),
                           _w(lang, "score_line", ns=f"{score['NS']:+d}",
                              ew=f"{score['EW']:+d}")))
        return blocks

    def _summary(self) -> str:
        return f"{', '.join(self.kinds) or 'no irregularity'}: {', '.join(self.laws)}"



class Comparison(_ReadOnly):
    """One case ruled under each code of the Laws (:func:`compare`).

    ``rulings`` maps each code ("1987", "2017") to its :class:`Ruling`; ``differences`` lists,
    in words, where the two rulings differ (clauses, who chooses among which options, the
    rectifications, who acts next, the score), empty when the codes rule alike. Shown, it gives
    the differences first, then each code's ruling in its own column (one after the other as
    text).
    """

    _rulings: dict[str, Ruling]
    _differences: list[str]
    _cuts: dict[str, int]

    def __init__(self, case: Case | str | Mapping[str, Any], lang: str = "en") -> None:
        """The same as :func:`compare`."""
        made = compare(case, lang)
        self._lang, self._rulings, self._differences, self._cuts = \
            made._lang, made._rulings, made._differences, made._cuts

    @classmethod
    def _of(cls, rulings: dict[str, Ruling], lang: str, cuts: dict[str, int]) -> Comparison:
        from generator.laws.editions import differences

        made = cls.__new__(cls)
        made._lang, made._rulings, made._cuts = lang, rulings, cuts
        made._differences = differences({e: r._result for e, r in rulings.items()}, lang)
        return made

    @property
    def cut(self) -> Mapping[str, int]:
        """For a code under which an event of the case has no place: the index of that event
        (the code's ruling is of the events before it)."""
        return _ReadOnlyDict(self._cuts)

    def _cut_notes(self) -> list[str]:
        notes = []
        for edition, end in self._cuts.items():
            events = self._rulings[next(e for e in self._rulings if e != edition)].case.events
            event = events[end] if end < len(events) else ""
            notes.append(_w(self.lang, "cut_note", edition=edition, i=end, event=event))
        return notes

    @property
    def rulings(self) -> Mapping[str, Ruling]:
        """Each code's ruling (read-only)."""
        return _ReadOnlyDict(self._rulings)

    @property
    def differences(self) -> list[str]:
        """Where the two rulings differ, one line each in the comparison's language."""
        return list(self._differences)

    @property
    def same(self) -> bool:
        """True when both codes rule the case alike."""
        return not self._differences

    def _title(self, edition: str) -> str:
        return i18n.text(self.lang, "editions", "title").format(edition=edition)

    def _blocks(self) -> list[Block]:
        lang = self.lang
        blocks: list[Block] = [("title", "", _w(lang, "compare_title"))]
        if self._differences:
            blocks.append(("list", _w(lang, "differences"), list(self._differences)))
        else:
            blocks.append(("para", "", i18n.text(lang, "editions", "same")))
        blocks += [("para", "", note) for note in self._cut_notes()]
        for edition, ruling in self._rulings.items():
            blocks.append(("title", "", self._title(edition)))
            blocks += [b for b in ruling._blocks() if b != ("title", "", _w(lang,
                                                                              "ruling_title"))]
        return blocks

    def _html(self) -> str:
        """The differences, then the two rulings in two columns (one under the other on a
        narrow screen)."""
        lang = self.lang
        head = [f"<h4>{html.escape(_w(lang, 'compare_title'))}</h4>"]
        if self._differences:
            head.append(f"<p><b>{html.escape(_w(lang, 'differences'))}:</b></p><ul>"
                        + "".join(f"<li>{html.escape(d)}</li>" for d in self._differences)
                        + "</ul>")
        else:
            head.append(f"<p>{html.escape(i18n.text(lang, 'editions', 'same'))}</p>")
        head += [f"<p>{html.escape(note)}</p>" for note in self._cut_notes()]
        columns = "".join(
            f'<div style="flex:1 1 20em;min-width:0"><h4>{html.escape(self._title(e))}</h4>'
            + r._html() + "</div>" for e, r in self._rulings.items())
        return ('<div class="tdc-notebook">' + "".join(head)
                + f'<div style="display:flex;flex-wrap:wrap;gap:1.5em">{columns}</div></div>')

    def _summary(self) -> str:
        return "same ruling" if self.same else f"{len(self._differences)} differences"




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
        shown = call_words(value, lang) if calls else _symbols(value, lang)
        out.append(f"{_seat(seat, lang)} {shown}" + (f" ({_w(lang, 'changed')})" if changed
                                                      else ""))
    return " · ".join(out)


def _name(qid: Any) -> str:
    return qid if isinstance(qid, str) and len(qid) <= 40 else _brief(qid)


def _check_question(question: Any, where: str) -> dict[str, Any]:
    """A web question (:func:`generator.book.quizdata.web_question`) checked field by field
    against what the display and the grading read, and its key decoded and checked against it
    (so a quiz is refused when it is made, not when a learner answers). Returns the key."""
    if not isinstance(question, Mapping):
        raise NotebookError(f"{where} is a {_kind(question)}, not a web question (a dict with a "
                            "type and a key 'k')")
    _check_data(question, where)
    qid = question.get("id", "?")
    qtype, k = question.get("type"), question.get("k")
    if qtype not in ("single", "multiple", "number") or not k:
        raise NotebookError(f"not a web question (needs a type and a key 'k'): {_name(qid)}")
    name = f"question {_name(qid)}"
    for field in ("id", "topic", "dealer", "vul", "deal", "auction", "play", "context",
                  "prompt", "k"):
        if question.get(field) is not None and not isinstance(question[field], str):
            raise NotebookError(f"{name}: '{field}' must be text, not {_kind(question[field])}")
    _vulnerability(question.get("vul"), name)
    _check_figure(question.get("figure"), name)
    board = question.get("board")
    if isinstance(board, bool) or not isinstance(board, (int, str, type(None))):
        raise NotebookError(f"{name}: 'board' must be a number, not {_kind(board)}")
    laws = question.get("laws") or []
    if not isinstance(laws, list) or not all(isinstance(law, str) for law in laws):
        raise NotebookError(f"{name}: 'laws' must be a list of clauses like '27B1'")
    choices = question.get("choices") or []
    ids = _check_choices(choices, qtype, name)
    return _check_key(_read_key(str(k), name), qtype, ids, name)


def _check_figure(figure: Any, name: str) -> None:
    """A web question's figure: none, or a table whose column heads and every row's cells are
    text, each row as wide as the heads (what :func:`generator.book.quizdata.web_figure`
    writes)."""
    if figure is None:
        return
    columns = figure.get("columns") if isinstance(figure, Mapping) else None
    rows = figure.get("rows") if isinstance(figure, Mapping) else None
    if (not isinstance(figure, Mapping) or figure.get("kind") != "table"
            or not isinstance(columns, list) or not columns
            or not all(isinstance(c, str) for c in columns) or not isinstance(rows, list)
            or not all(isinstance(r, list) and len(r) == len(columns)
                       and all(isinstance(c, str) for c in r) for r in rows)):
        raise NotebookError(f"{name}: 'figure' must be a table: kind 'table', columns (text) "
                            "and rows of as many cells (text)")


def _vulnerability(vul: str | None, name: str) -> str:
    """A question's ``vul`` in the spelling the catalogs' ``vul_*`` words are keyed by (None,
    NS, EW, Both), read as the case format reads ``vulnerable`` (any case, and the PBN ``All``,
    ``Love``, ``-``); missing is None. Anything else is refused when the quiz is made, not met
    as a missing word when the question is shown."""
    from generator.model.board import Vulnerability

    if vul is None:
        return "None"
    try:
        return str(Vulnerability.parse(vul))
    except ParseError:
        raise NotebookError(f"{name}: 'vul' is {_brief(vul)}, not None, NS, EW or Both") from None


def _check_choices(choices: Any, qtype: str, name: str) -> list[str]:
    """The choice ids of a question: none for a number, 1 to :data:`MAX_CHOICES` distinct ones
    (each with a text) for a choice question."""
    if not isinstance(choices, list):
        raise NotebookError(f"{name}: 'choices' must be a list, not {_kind(choices)}")
    if qtype == "number":
        if choices:
            raise NotebookError(f"{name}: a number question has no choices")
        return []
    if not 1 <= len(choices) <= MAX_CHOICES:
        raise NotebookError(f"{name}: a {qtype} choice question needs 1 to {MAX_CHOICES} "
                            "choices")
    ids: list[str] = []
    for choice in choices:
        if not isinstance(choice, Mapping) or not isinstance(choice.get("id"), str) \
                or not isinstance(choice.get("text"), str) or not choice["id"] \
                or len(choice["id"]) > 40:
            raise NotebookError(f"{name}: each choice is a dict with a short text 'id' and a "
                                "'text'")
        ids.append(str(choice["id"]))
    if len(set(ids)) != len(ids):
        raise NotebookError(f"{name}: two choices have the same id")
    return ids


def _json_depth(text: str) -> int:
    """How deep JSON text nests, counted without parsing it (the parser recurses)."""
    depth = deepest = 0
    for bracket in re.findall(r"[\[\]{}]", re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _read_key(text: str, name: str) -> Any:
    """A question's key ``"k"`` (:func:`generator.book.quizdata.encode_key`: JSON, raw DEFLATE,
    base64), decoded within bounds: at most :data:`MAX_KEY` characters each way (a small key
    cannot inflate to gigabytes) and :data:`MAX_DEPTH` levels of nesting."""
    bad = f"{name}: its key 'k' is not an answer key (the base64 of a compressed answer)"
    data = b""
    if len(text) <= MAX_KEY:
        try:
            raw = base64.b64decode(text, validate=True)
            inflater = zlib.decompressobj(-15)
            data = inflater.decompress(raw, MAX_KEY)
            if inflater.unconsumed_tail or not inflater.eof:
                data = b""
            body = data.decode("utf-8")
        except (ValueError, zlib.error):  # binascii.Error and UnicodeDecodeError among them
            data = b""
    if not data or _json_depth(body) > MAX_DEPTH:
        raise NotebookError(bad)
    try:
        return json.loads(body)
    except ValueError:  # not JSON, or an integer of more than 4,300 digits
        raise NotebookError(bad) from None


def _finite(value: Any) -> bool:
    """A number a float can hold (``math.isfinite`` itself overflows on a huge int)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return abs(value) < 10 ** 300 if isinstance(value, int) else math.isfinite(value)


def _segments(value: Any) -> bool:
    """An explanation's segments: text, or ``[clause]``."""
    return isinstance(value, list) and all(
        isinstance(s, str) or (isinstance(s, list) and len(s) == 1 and isinstance(s[0], str))
        for s in value)


def _check_key(key: Any, qtype: str, ids: list[str], name: str) -> dict[str, Any]:
    """A decoded key ``{c, n, e, w}`` as :func:`generator.book.quizdata.key_of` writes it, and
    fitting its question: the right choices among its choices (one for a single choice), a
    finite number for a number question."""
    def bad(problem: str) -> NotebookError:
        return NotebookError(f"{name}: its key {problem}")

    if not isinstance(key, dict):
        raise bad(f"is a {_kind(key)}, not a dict with 'c', 'n', 'e' and 'w'")
    right = key.get("c")
    if not isinstance(right, list) or not all(isinstance(c, str) for c in right):
        raise bad("has no list 'c' of right choices")
    if qtype == "number":
        number = key.get("n")
        if not _finite(number):
            raise bad("has no number 'n' for the answer")
    elif not right or not set(right) <= set(ids) or (qtype == "single" and len(right) != 1):
        raise bad(f"names right choices {_brief(right)} that do not fit the choices "
                  f"{_brief(ids)}")
    why = key.get("w") or {}
    if not _segments(key.get("e") or []) or not isinstance(why, dict) \
            or not all(_segments(w) for w in why.values()):
        raise bad("has explanations 'e' or 'w' that are not texts and [clause] lists")
    return key


def _check_count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_QUESTIONS:
        raise NotebookError(f"{what} must be a whole number from 0 to {MAX_QUESTIONS:,}, not "
                            f"{_brief(value)}")
    return value


class _OneQuestion(_ReadOnly):
    """What a shown question and its feedback share: the question's number in the quiz and the
    web question itself, kept as a checked private copy."""

    _number: int
    _question: dict[str, Any]

    @property
    def number(self) -> int:
        return self._number

    @property
    def question(self) -> Mapping[str, Any]:
        """The web question shown or graded (read-only, a copy)."""
        return _read_only_copy(self._question)


def _question_board(q: Mapping[str, Any], lang: str) -> str:
    """The board line of a web question: its board, dealer and vulnerability, each when the
    question has it ("" for a question not asked at a table: a fact of procedure, a traveller)."""
    if q.get("board") is not None and q.get("dealer") and q.get("vul"):
        return _board_line(q["board"], str(q["dealer"]), _vulnerability(q["vul"], ""), lang)
    parts = []
    if q.get("board") is not None:
        parts.append(_w(lang, "board", n=q["board"]))
    if q.get("dealer"):
        parts.append(_w(lang, "dealer", seat=_seat(q["dealer"], lang)))
    if q.get("vul"):
        parts.append(_w(lang, f"vul_{_vulnerability(q['vul'], '')}"))
    return ", ".join(parts)


class Question(_OneQuestion):
    """One question as the learner sees it before answering (no answer in it). Read-only: it
    shows the question as it was checked (a copy of it)."""

    def __init__(self, number: int, count: int, question: Mapping[str, Any], lang: str) -> None:
        self._lang = _check_lang(lang)
        _check_question(question, "the question")
        if not 1 <= _check_count(number, "a question's number") <= _check_count(count, "count"):
            raise NotebookError(f"question {number} of {count}: the number is from 1 to the count")
        self._number = number
        self._count = count
        self._question: dict[str, Any] = copy.deepcopy(dict(question))  # checked: bounded

    @property
    def count(self) -> int:
        return self._count

    def _blocks(self) -> list[Block]:
        lang, q, n = self.lang, self._question, self._number
        blocks: list[Block] = [("title", "", _w(lang, "question", n=n, count=self._count))]
        line = _question_board(q, lang)
        if line:
            blocks.append(("para", "", line))
        if q.get("deal"):
            blocks.append(("list", _w(lang, "deal"), _hands(str(q["deal"]), lang)))
        if q.get("auction"):
            blocks.append(("line", _w(lang, "auction"), _sequence(str(q["auction"]), lang, True)))
        if q.get("play"):
            blocks.append(("line", _w(lang, "play"), _sequence(str(q["play"]), lang, False)))
        figure = q.get("figure")
        if figure:
            blocks.append(("table", _w(lang, "figure"),
                           [list(figure["columns"]), *(list(row) for row in figure["rows"])]))
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
        return f"{self._number} of {self._count}: {self._question.get('id')}"


class Feedback(_OneQuestion):
    """The grading of one answer: right or not, the answer, why a wrong choice is wrong, and the
    explanation."""

    def __init__(self, number: int, question: Mapping[str, Any], given: list[str] | float,
                 right: bool, lang: str, key: dict[str, Any]) -> None:
        self._lang = _check_lang(lang)
        _check_question(question, "the question")
        name = f"question {_name(question.get('id'))}"
        ids = _check_choices(question.get("choices") or [], str(question["type"]), name)
        _check_key(key, str(question["type"]), ids, name)
        if question["type"] == "number":
            if not _finite(given):
                raise NotebookError(f"{name}: the answer given must be a number")
        elif not isinstance(given, list) or not all(isinstance(g, str) for g in given) \
                or not set(given) <= set(ids):
            raise NotebookError(f"{name}: the answer given must be a list of its choices")
        if not isinstance(right, bool):
            raise NotebookError(f"{name}: right is True or False, not {_brief(right)}")
        self._number = _check_count(number, "a question's number")
        # copies of what was checked (all bounded by now): the feedback shows what was graded
        self._question: dict[str, Any] = copy.deepcopy(dict(question))
        self._given: list[str] | float = copy.deepcopy(given)
        self._right = right
        self._key: dict[str, Any] = copy.deepcopy(key)  # the decoded "k" (Quiz.answer has it)

    @property
    def given(self) -> list[str] | float:
        """The answer graded (a copy)."""
        return copy.deepcopy(self._given)

    @property
    def right(self) -> bool:
        return self._right

    @property
    def key(self) -> Mapping[str, Any]:
        """The question's decoded answer key (read-only, a copy)."""
        return _read_only_copy(self._key)

    def _choice(self, choice_id: str) -> str:
        for choice in self._question.get("choices") or []:
            if str(choice["id"]) == choice_id:
                return f"{choice_id}) {choice['text']}"
        return choice_id

    def _blocks(self) -> list[Block]:
        lang = self.lang
        verdict = _w(lang, "right" if self._right else "wrong")
        blocks: list[Block] = [("title", "", _w(lang, "question_short", n=self._number)
                                + ": " + verdict)]
        if isinstance(self._given, list):
            blocks.append(("line", _w(lang, "your_answer"),
                           "; ".join(self._choice(c) for c in self._given)))
            if not self._right:
                blocks.append(("line", _w(lang, "the_answer"),
                               "; ".join(self._choice(str(c)) for c in self._key["c"])))
                why = self._key.get("w") or {}
                reasons = [f"{self._choice(c)} — {segments_text(why[c])}"
                           for c in self._given if why.get(c)]
                if reasons:
                    blocks.append(("list", _w(lang, "why_not"), reasons))
        else:
            blocks.append(("line", _w(lang, "your_answer"), number_text(self._given)))
            if not self._right:
                blocks.append(("line", _w(lang, "the_answer"), number_text(self._key["n"])))
        explanation = segments_text(self._key.get("e") or [])
        if explanation:
            blocks.append(("line", _w(lang, "explanation"), explanation))
        laws = self._question.get("laws") or []
        if laws:
            blocks.append(("line", _w(lang, "laws"), ", ".join(str(x) for x in laws)))
        return blocks

    def _summary(self) -> str:
        return f"{self._number}: {'right' if self._right else 'wrong'}"


class Score(_ReadOnly):
    """The score so far: each question's first answer, right or not."""

    def __init__(self, results: Sequence[bool | None], lang: str) -> None:
        self._lang = _check_lang(lang)
        if isinstance(results, (str, bytes, Mapping)) or not isinstance(results, Iterable):
            raise NotebookError("a score is a list of True, False or None, one per question")
        self._results: tuple[bool | None, ...] = tuple(
            itertools.islice(results, MAX_QUESTIONS + 1))
        if len(self._results) > MAX_QUESTIONS \
                or not all(r is None or isinstance(r, bool) for r in self._results):
            raise NotebookError("a score is a list of True, False or None, one per question "
                                f"(at most {MAX_QUESTIONS:,})")

    @property
    def results(self) -> list[bool | None]:
        """Each question's first answer: right, not right, or None (a copy)."""
        return list(self._results)

    @property
    def right(self) -> int:
        return sum(1 for r in self._results if r)

    @property
    def answered(self) -> int:
        return sum(1 for r in self._results if r is not None)

    def _blocks(self) -> list[Block]:
        lang = self.lang
        marks = {True: _w(lang, "mark_right"), False: _w(lang, "mark_wrong"),
                 None: _w(lang, "mark_open")}
        return [
            ("title", "", _w(lang, "score_title")),
            ("para", "", _w(lang, "score_summary", right=self.right, answered=self.answered,
                            count=len(self._results))),
            ("list", _w(lang, "by_question"),
             [f"{n}: {marks[r]}" for n, r in enumerate(self._results, 1)]),
            ("para", "", _w(lang, "first_counts")),
        ]

    def _summary(self) -> str:
        return f"{self.right} right of {self.answered} answered, {len(self._results)} in all"


class Quiz(_ReadOnly):
    """A chapter's questions, graded in the notebook.

    ``questions`` are web questions (:func:`generator.book.quizdata.web_question`): the answer
    is only in the encoded key ``"k"``, read when an answer is graded. Questions are numbered
    from 1 as in the chapter. ``show(n)`` shows question ``n``; ``answer(n, given)`` grades an
    answer (``"b"`` for a single choice, ``["a", "c"]`` for several, a number for a number
    question) and explains it; ``score()`` counts the first answer to each question, so looking
    at the explanation and answering again does not raise the score.
    """

    def __init__(self, questions: Iterable[Mapping[str, Any]], lang: str = "en") -> None:
        self._lang = _check_lang(lang)
        if isinstance(questions, (str, bytes, Mapping)) or not isinstance(questions, Iterable):
            raise NotebookError(f"a quiz takes a list of web questions, not a {_kind(questions)}")
        given = list(itertools.islice(questions, MAX_QUESTIONS + 1))
        if len(given) > MAX_QUESTIONS:
            raise NotebookError(f"a quiz has at most {MAX_QUESTIONS:,} questions")
        for number, question in enumerate(given, 1):
            _check_question(question, f"question {number}")
        # copies of the checked questions: the quiz grades what it was given, whatever the
        # learner's list or dicts become
        self._questions: tuple[dict[str, Any], ...] = tuple(
            copy.deepcopy(dict(question)) for question in given)
        self._first: list[bool | None] = [None] * len(self._questions)

    @property
    def questions(self) -> tuple[Mapping[str, Any], ...]:
        """The quiz's web questions (read-only copies)."""
        return tuple(_read_only_copy(q) for q in self._questions)

    def __len__(self) -> int:
        return len(self._questions)

    def _question(self, n: Any) -> Mapping[str, Any]:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self._questions):
            if not self._questions:
                raise NotebookError(_w(self.lang, "error_no_questions"))
            raise NotebookError(_w(self.lang, "error_question", n=_brief(n),
                                   count=len(self._questions)))
        return self._questions[n - 1]  # checked when the quiz was made, and private

    def show(self, n: int) -> Question:
        """Question ``n`` (from 1): the board, the deal, the auction, the play, the question."""
        return Question(n, len(self._questions), self._question(n), self.lang)

    def answer(self, n: int, given: Any) -> Feedback:
        """Grade ``given`` as the answer to question ``n`` and explain."""
        question = self._question(n)
        key = _check_question(question, f"question {n}")
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
        if isinstance(given, bool) or not isinstance(given, (int, float, str, Decimal, Fraction)) \
                or (isinstance(given, str) and len(given) > MAX_ANSWER):
            raise NotebookError(_w(self.lang, "error_number", n=n))
        try:
            value = float(given)  # a string may have spaces around it and a sign: " +5 "
        except (ValueError, OverflowError):  # not a number; an integer beyond any float
            raise NotebookError(_w(self.lang, "error_number", n=n)) from None
        if not math.isfinite(value):
            raise NotebookError(_w(self.lang, "error_number", n=n))
        return value

    def _choices(self, n: int, question: Mapping[str, Any], given: Any) -> list[str]:
        ids = [str(c["id"]) for c in question.get("choices") or []]
        if (isinstance(given, (list, tuple, set, frozenset)) and (
                len(given) > MAX_CHOICES or not all(isinstance(p, str) for p in given))) \
                or (isinstance(given, str) and len(given) > MAX_ANSWER):
            raise NotebookError(_w(self.lang, "error_kind", n=n, first=(ids or ["a"])[0],
                                   ids=", ".join(ids)))
        if isinstance(given, str):
            parts = [p for p in re.split(r"[\s,;]+", given.strip().lower()) if p]
            if len(parts) == 1 and parts[0] not in ids and all(ch in ids for ch in parts[0]):
                parts = list(parts[0])  # "ac" for ["a", "c"]
        elif isinstance(given, (list, tuple, set, frozenset)):
            parts = [p.strip().lower() for p in given]
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
        return [("para", "", _w(self.lang, "quiz_summary", count=len(self._questions)))]

    def _summary(self) -> str:
        return f"{len(self._questions)} questions ({self.lang})"
