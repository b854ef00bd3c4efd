"""The notebook API (``generator.notebook``) under hostile arguments: one exception, one line.

Every public function, constructor and method is called with the classes of bad arguments in
``corpus/notebook/`` (one JSON file per class: wrong types, None, deep nesting, huge integers,
bad keys, unknown calls/cards/seats, empty texts, huge sizes) and with what Hypothesis draws.
Whatever the argument, a call either works or raises :class:`generator.notebook.NotebookError`
(a ``TdcourseError`` and a ``ValueError``) with a one-line message and no chained traceback,
within the fuzz suite's time bound. A case text the command line also reads (``"cli": true``)
must be refused with the command line's own problem: ``tdcourse rule case.yaml`` prints
``case.yaml:2: unknown call ...``, the notebook ``case, line 2: unknown call ...``.

The corpus is JSON, so values JSON cannot hold are written as ``{"$name": argument}`` and built
by :func:`build` (``$deep``, ``$digits``, ``$object``, ``$rawkey``, ``$bomb``, ...).
"""

from __future__ import annotations

import base64
import itertools
import json
import time
import zlib
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.harness import TIME_LIMIT, call_cli
from generator import notebook
from generator.book.quizdata import decode_key, web_question
from generator.notebook import (
    Case,
    Comparison,
    Feedback,
    NotebookError,
    Question,
    Quiz,
    Ruling,
    Score,
    compare,
    rule,
)

CORPUS = Path(__file__).parent / "corpus" / "notebook"
OPEN = "board: 5\nevents:\n  - N 1S\n  - E 1H\n"
DEAL = "N:KQT.AQ952.97.Q42 J84.T.K86.A98653 A9632.J73.J42.KJ 75.K864.AQT53.T7"


def bank_question(qtype: str) -> dict[str, Any]:
    """A bank question (``questions.en.json`` form) of ``qtype``, answer b (and c)."""
    question: dict[str, Any] = {
        "id": f"t-{qtype}", "type": qtype, "topic": "penalty-cards", "kind": "ruling",
        "lang": "en", "laws": ["50"], "difficulty": 1, "board": 3, "dealer": "S",
        "vulnerable": "EW", "deal": DEAL, "events": ["S P", "W P", "N 1H", "E P"],
        "prompt": "What is the ruling?", "explanation": "A minor penalty card (Law 50).",
    }
    if qtype == "number":
        question["answer"] = -100
    else:
        question["choices"] = [
            {"id": "a", "text": "No penalty.", "correct": False, "why": "See 50."},
            {"id": "b", "text": "A minor penalty card.", "correct": True},
            {"id": "c", "text": "A major penalty card.", "correct": qtype == "multiple"},
        ]
    return question


def question(qtype: str) -> dict[str, Any]:
    return web_question(bank_question(qtype), "en")


def raw_key(data: bytes) -> str:
    """``data`` raw-DEFLATE compressed, in base64: the form of a key, whatever it holds."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(packer.compress(data) + packer.flush()).decode("ascii")


def deep(kind: str, levels: int) -> Any:
    value: Any = []
    for _ in range(levels):
        value = [value] if kind == "list" else {"a": value}
    return value


def self_referring() -> dict[str, Any]:
    case: dict[str, Any] = {"board": 5}
    case["notes"] = case
    return case


def block(levels: int) -> str:
    """A YAML block list nested ``levels`` deep, one level a line."""
    return "".join("  " * (n + 1) + "-\n" for n in range(levels)) + "  " * (levels + 1) + "- x\n"


BUILDERS: dict[str, Callable[[Any], Any]] = {
    "deep": lambda a: deep(a[0], a[1]),
    "digits": lambda n: 10 ** (n - 1),
    "fraction": lambda n: Fraction(10 ** n, 1),
    "float": float,
    "complex": lambda _: 1j,
    "repeat": lambda a: build(a[0]) * a[1],
    "text": lambda parts: "".join(build(p) for p in parts),
    "block": block,
    "bytes": lambda s: s.encode(),
    "object": lambda _: object(),
    "set": set,
    "tuplekey": lambda _: {(1, 2): 3},
    "selfref": lambda _: self_referring(),
    "wide": lambda n: ["a"] * n,
    "endless": lambda v: itertools.repeat(v),
    "case": lambda text: Case(text),
    "question": lambda o: {**question(o["type"] if o.get("type") in ("single", "multiple",
                                                                        "number") else "single"),
                           **{k: build(v) for k, v in o.items()}},
    "keyof": lambda qtype: decode_key(question(qtype)["k"]),
    "rawkey": lambda text: raw_key(build(text).encode()),
    "rawbytes": lambda hexes: raw_key(bytes.fromhex(hexes)),
    "truncated": lambda qtype: question(qtype)["k"][:-8],
    "bomb": lambda n: raw_key(b" " * n),
}


def build(value: Any) -> Any:
    """A corpus value as the call gets it: ``{"$name": argument}`` built, the rest as is."""
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)).startswith("$"):
            name, argument = next(iter(value.items()))
            return BUILDERS[name[1:]](argument)
        return {k: build(v) for k, v in value.items()}
    if isinstance(value, list):
        return [build(v) for v in value]
    return value


def receiver(name: str) -> Any:
    return Case(OPEN) if name == "case" else Quiz([question("single"), question("number"),
                                                   question("multiple")])


CALLS: dict[str, Callable[..., Any]] = {
    "Case": Case, "rule": rule, "Quiz": Quiz, "Ruling": Ruling, "Question": Question,
    "Feedback": Feedback, "Score": Score, "compare": compare, "Comparison": Comparison}


def perform(entry: dict[str, Any]) -> Any:
    """Make the corpus entry's call (on a fresh receiver for ``case.x`` and ``quiz.x``)."""
    args = [build(a) for a in entry.get("args", [])]
    kwargs = {k: build(v) for k, v in entry.get("kwargs", {}).items()}
    target, _, method = entry["call"].partition(".")
    if method:
        obj = receiver(target)
        for attribute, value in entry.get("set", {}).items():
            setattr(obj, attribute, build(value))
        result = getattr(obj, method)(*args, **kwargs)
    else:
        result = CALLS[target](*args, **kwargs)
    if "then" in entry:
        name, *more = entry["then"]
        result = getattr(result, name)(*more)
    return result


def corpus() -> Iterator[Any]:
    for path in sorted(CORPUS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for number, entry in enumerate(data["calls"]):
            yield pytest.param(entry, id=f"{path.stem}-{number}-{entry['call']}")


def assert_one_line(error: NotebookError) -> str:
    message = str(error)
    # the reader quotes a bad value whole, as the command line does (a line is at most
    # 10,000 characters there); the notebook's own messages show values in brief
    assert message and "\n" not in message and len(message) < 11_000, message
    assert error.__context__ is None or error.__suppress_context__, message
    assert error._render_traceback_() == [f"NotebookError: {message}"]
    assert isinstance(error, ValueError)
    return message


def cli_problem(text: str, tmp_path: Path) -> str:
    """What the command line says of ``text`` as a case file, as the notebook words it."""
    path = tmp_path / ("case.json" if text.lstrip().startswith("{") else "case.yaml")
    path.write_text(text, encoding="utf-8")
    result = call_cli(["rule", str(path)])
    assert result.code == 2, result.describe()
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tdcourse: {path}"), result.describe()
    rest = lines[0][len(f"tdcourse: {path}"):]
    line, _, problem = rest.lstrip(":").partition(": ")
    if not line.isdigit():
        return f"case: {rest.removeprefix(': ')}"
    return f"case: {problem}" if problem.startswith("event ") else f"case, line {line}: {problem}"


@pytest.mark.parametrize("entry", list(corpus()))
def test_every_hostile_call_is_one_notebook_error(entry: dict[str, Any], tmp_path: Path) -> None:
    start = time.process_time()  # CPU time, as the harness: a busy machine fails nothing
    with pytest.raises(NotebookError) as caught:
        perform(entry)
    elapsed = time.process_time() - start
    message = assert_one_line(caught.value)
    assert entry["says"] in message, message
    assert elapsed < TIME_LIMIT, f"{elapsed:.2f} s of CPU"
    if entry.get("cli"):
        assert message == cli_problem(build(entry["args"][0]), tmp_path)


def test_the_corpus_calls_every_public_function() -> None:
    """Every name of ``__all__`` that can be called, and every public method of a case and a
    quiz, is in the corpus (a new function joins the fuzzing by being listed there)."""
    called = {json.loads(p.read_text(encoding="utf-8"))["calls"][n]["call"]
              for p in CORPUS.glob("*.json")
              for n in range(len(json.loads(p.read_text(encoding="utf-8"))["calls"]))}
    public = {name for name in notebook.__all__ if name != "NotebookError"}
    # methods, not the read-only properties (``quiz.questions``: read_only.json sets them)
    public |= {f"case.{m}" for m in dir(Case) if not m.startswith("_")
               and callable(getattr(Case, m))}
    public |= {f"quiz.{m}" for m in dir(Quiz) if not m.startswith("_")
               and callable(getattr(Quiz, m))}
    assert public <= called, sorted(public - called)


# --------------------------------------------------------------------------- Hypothesis

SPECIAL = [deep("list", 200), deep("dict", 200), self_referring(), 10 ** 5000, 2 ** 64,
           float("nan"), float("inf"), -0.0, object(), b"bytes", {1, 2}, 1j, "", "\x00",
           "x" * 100_000, "[" * 5000, "{{7*7}}", "<script>", "N:" + "A" * 52, "E 1H", "S P",
           "a", ["a", "b"], True, None]
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
                    st.sampled_from(["E 1H", "N 1S", "S P", "W X", "a", "b", "N", "Q", "1Z",
                                     "en", "ru", "fr", "S leads SA", "board", "events"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12) | st.sampled_from(SPECIAL)
cases = st.fixed_dictionaries({"board": st.integers(-3, 40) | values},
                              optional={"events": st.lists(values, max_size=5) | values,
                                        "dealer": values, "deal": values, "notes": values})


def attempt(call: Callable[[], Any]) -> None:
    """The call works or refuses with one NotebookError line; nothing else may escape."""
    try:
        call()
    except NotebookError as error:
        assert_one_line(error)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=values, other=values, source=cases | values, lang=values | st.just("en"),
       number=st.integers(0, 4) | values,
       field=st.sampled_from(["board", "dealer", "deal", "events", "notes", "tricks"]),
       qfield=st.sampled_from(["k", "choices", "board", "deal", "type", "prompt", "vul",
                               "dealer"]),
       qtype=st.sampled_from(["single", "multiple", "number"]))
def test_whatever_the_arguments_only_notebook_errors(value: Any, other: Any, source: Any,
                                                     lang: Any, number: Any, field: str,
                                                     qfield: str, qtype: str) -> None:
    case = Case(OPEN)
    quiz = Quiz([question("single"), question("number"), question("multiple")])
    calls: list[Callable[[], Any]] = [
        lambda: Case(source), lambda: rule(source, lang), lambda: rule(OPEN, lang),
        lambda: case.with_events(value), lambda: case.replace_event(other, value),
        lambda: case.with_fields(**{field: value}),
        lambda: Quiz(value), lambda: Quiz([value]), lambda: Quiz([question(qtype)], lang),
        lambda: quiz.show(value), lambda: quiz.answer(number, value),
        lambda: Ruling(case, value), lambda: Score(value, "en"),
        lambda: Question(other, 3, question("single"), "en"),
        lambda: Feedback(1, question(qtype), value, True, "en", decode_key(question(qtype)["k"])),
        lambda: Quiz([{**question(qtype), qfield: value}]).answer(1, other),
        lambda: str(Quiz([{**question(qtype), qfield: value}]).show(1)),
    ]
    for call in calls:
        attempt(call)
    attempt(lambda: str(case.with_events(["N 1S", "E 1H"])))
    attempt(lambda: str(quiz.score()))


# --------------------------------------------------------------------------- after construction


def test_a_question_shows_any_spelling_of_a_vulnerability_the_case_format_reads() -> None:
    """``vul`` is read as a case's ``vulnerable`` is (any case, PBN's All and Love); anything
    else is refused when the quiz is made (it was a MissingTextError when shown)."""
    for spelling, shown in [("both", "both sides"), ("BOTH", "both sides"), ("All", "both sides"),
                            ("ns", "North-South"), ("Love", "nobody vulnerable"),
                            ("EW", "East-West")]:
        assert f"Board 3, dealer South, {shown}" in str(Quiz([{**question("single"),
                                                                "vul": spelling}]).show(1))
    for bad in ["", "xx", " "]:
        with pytest.raises(NotebookError, match="'vul' is"):
            Quiz([{**question("single"), "vul": bad}])


def _changes(ruling: Ruling) -> dict[str, Callable[[], Any]]:
    result = ruling.result

    def put(key: str, value: Any) -> Callable[[], Any]:
        def change() -> None:
            result[key] = value  # type: ignore[index]
        return change

    def delete(key: str) -> Callable[[], Any]:
        def change() -> None:
            del result[key]  # type: ignore[attr-defined]
        return change

    return {
        "result['state'] = None": put("state", None),
        "result['irregularities'] = 5": put("irregularities", 5),
        "del result['rulings']": delete("rulings"),
        "result.update(state=None)": lambda: result.update(state=None),  # type: ignore[attr-defined]
        "result.pop('state')": lambda: result.pop("state"),  # type: ignore[attr-defined]
        "lang = 'xx'": lambda: setattr(ruling, "lang", "xx"),
        "case = None": lambda: setattr(ruling, "case", None),
        "result = None": lambda: setattr(ruling, "result", None),
        "del lang": lambda: delattr(ruling, "lang"),
    }


@pytest.mark.parametrize("change", sorted(_changes(rule(OPEN))))
def test_a_ruling_changed_after_it_was_made_is_refused_or_unchanged(change: str) -> None:
    """A ruling's attributes and its result's fields cannot be set or deleted (each was an
    AttributeError, a TypeError, a KeyError or an UnknownLanguageError when the ruling was
    shown); what it returns may be changed as a copy, which changes nothing in it."""
    ruling = rule(OPEN)
    before = (str(ruling), ruling._repr_html_(), ruling.kinds, ruling.laws, ruling.next)
    with pytest.raises(NotebookError) as caught:
        _changes(ruling)[change]()
    assert_one_line(caught.value)
    ruling.result["state"]["next"] = None  # nested: a copy's, not the ruling's
    ruling.case.events.append("garbage")  # a copy of the case
    dict(ruling.result)["state"] = None  # a plain dict of it may be changed
    assert (str(ruling), ruling._repr_html_(), ruling.kinds, ruling.laws, ruling.next) == before
    assert json.loads(json.dumps(ruling.result)) == ruling.result == rule(OPEN).result


def test_a_quiz_and_what_it_shows_cannot_be_changed_after_they_are_made() -> None:
    """``quiz.questions = None`` then ``answer`` was a TypeError; the questions a learner reads
    back, and the question, feedback and score objects, are read-only copies."""
    original = question("single")
    quiz = Quiz([original])
    shown = str(quiz.show(1))
    original["vul"] = "xx"  # the learner's own dict: the quiz holds a copy
    original["choices"].clear()
    with pytest.raises(NotebookError, match=r"Quiz\.questions cannot be changed"):
        quiz.questions = None  # type: ignore[misc]
    with pytest.raises(NotebookError, match="read-only"):
        quiz.questions[0]["type"] = 5  # type: ignore[index]
    feedback, score = quiz.answer(1, "a"), quiz.score()
    for obj, name in [(quiz.show(1), "question"), (feedback, "key"), (feedback, "given"),
                      (score, "results"), (quiz, "lang")]:
        with pytest.raises(NotebookError, match=rf"{type(obj).__name__}\.{name} cannot be"):
            setattr(obj, name, None)
    feedback.key["c"].append("zz")  # a copy's list
    score.results.append(None)
    assert str(quiz.show(1)) == shown and "Your answer: a)" in str(feedback)
    assert (score.right, score.answered, len(score.results)) == (0, 1, 1)
