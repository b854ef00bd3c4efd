"""The quiz widget's data: bank questions in the compact form the browser (and the notebooks) use.

A *web question* is a question of the bank (``quizzes/bank/questions.<lang>.json``) reduced to
what a learner sees before answering, plus an encoded key::

    {"id": "s1987-0-0-ruling", "type": "single" | "multiple" | "number",
     "topic": "penalty-cards", "laws": ["49", "50"], "board": 3, "dealer": "S", "vul": "EW",
     "deal": "N:KQT.AQ952.97.Q42 J84.T.K86.A98653 ...",      # PBN, as in the bank
     "auction": "S:P W:P N:1H E:2C!",                       # calls in order, seat:call
     "play": "E:C6 S:CJ",                                   # cards led or played, in order
     "context": "West exposed ♥6 other than in normal play.",
     "prompt": "What is the ruling?",
     "choices": [{"id": "a", "text": "..."}],               # empty for a number question
     "figure": {"kind": "table", "columns": ["Table", "N-S"], "rows": [["1", "+420"]]},
     "k": "<key>"}

A question not asked at a table (a drill, :mod:`generator.drills`: a score, a traveller's
matchpoints, a fact of procedure) has only what it shows: ``board``, ``dealer``, ``vul`` and
``deal`` are each left out when the question has none (a contract's score shows the board's
dealer and vulnerability but no hands; a fact of procedure shows nothing of a table), ``auction``
and ``play`` are then empty, and ``figure``, when the question has one, is its table in the
page's language (cells as text, with suit symbols; the widget writes them as text nodes).

Calls keep the engine's notation (``P``, ``X``, ``XX``, ``1NT``, ``2H``) and cards too (``HT``):
the widget draws them with its own labels and suit symbols. An auction entry ends in ``!`` when
it replaces the seat's previous call (a change of call). Texts have cards and calls written with
suit symbols already (:func:`generator.book.examples.symbols`).

The key (``k``) is the JSON ``{"c": [right choice ids], "n": number answer or null,
"e": explanation, "w": {choice id: why it is wrong}}`` compressed with raw DEFLATE and written in
base64 (:func:`encode_key`; browsers undo it with ``DecompressionStream("deflate-raw")``). That
keeps the answers out of the page's text and source, and nothing more: a self-graded quiz has to
ship its key, and a reader who decodes base64 and inflates it reads every answer. The course says
so on the practice page.

Explanations (``e`` and each ``w``) are *segments*: a list whose items are text (a string) or a
clause to link (a one-item list, ``["27B2"]``), so the widget builds links to the law index with
DOM calls and never parses HTML from data.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from generator.table.events import auction_calls, played_cards

Segments = list[str | list[str]]

def law_chapters() -> dict[str, str]:
    """Law number (as text) -> the chapter slug that teaches it."""
    from generator.book.examples import CHAPTER_RANGES

    out: dict[str, str] = {}
    for slug, ranges in CHAPTER_RANGES.items():
        for low, high in ranges:
            for law in range(low, high + 1):
                out.setdefault(str(law), slug)
    return dict(sorted(out.items(), key=lambda item: int(item[0])))


# --------------------------------------------------------------------------- the key


def encode_key(key: Any) -> str:
    """``key`` as compact JSON, raw-DEFLATE compressed, in base64 (deterministic)."""
    data = compact(key)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(data.encode("utf-8")) + packer.flush()
    return base64.b64encode(raw).decode("ascii")


def decode_key(text: str) -> Any:
    """The inverse of :func:`encode_key` (tests and the notebooks grade with it)."""
    return json.loads(zlib.decompress(base64.b64decode(text), -15).decode("utf-8"))


def segments(text: str, lang: str) -> Segments:
    """An explanation as segments: text with suit symbols, each known clause of a "(Law 27B2,
    27C)" citation a one-item list (a citation of unknown clauses stays text)."""
    from generator.book.examples import citation_parts, symbols

    out: Segments = []

    def add(piece: str) -> None:
        if not piece:
            return
        piece = symbols(piece, lang)
        if out and isinstance(out[-1], str):
            out[-1] += piece
        else:
            out.append(piece)

    for before, word, refs in citation_parts(text):
        add(before + (f"({word} " if refs else ""))
        for number, ref in enumerate(refs):
            if number:
                add(", ")
            out.append([ref])
        if refs:
            add(")")
    return out


def segments_text(parts: Iterable[str | list[str]]) -> str:
    """Segments back to plain text (a clause as its key)."""
    return "".join(p if isinstance(p, str) else p[0] for p in parts)


# --------------------------------------------------------------------------- questions


def _pictures(events: Sequence[str]) -> tuple[str, str]:
    """The auction and the play of ``events`` as the widget's strings (``"S:P W:1H!"``)."""
    auction = " ".join(f"{seat}:{call}" + ("!" if changed else "")
                       for seat, call, changed in auction_calls(events))
    play = " ".join(f"{seat}:{card}" for seat, card in played_cards(events))
    return auction, play


def _number(value: Any) -> int | float:
    number = float(value)
    return int(number) if number.is_integer() else number


def number_text(value: Any) -> str:
    """A number answer as a learner types it: ``-100``, not ``-100.0``."""
    return str(_number(value))


def key_of(question: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The decoded key of a question in ``lang`` (see the module docstring)."""
    choices = question.get("choices") or []
    return {
        "c": [str(c["id"]) for c in choices if c.get("correct")],
        "n": _number(question["answer"]) if not choices and "answer" in question else None,
        "e": segments(str(question.get("explanation") or ""), lang),
        "w": {str(c["id"]): segments(str(c.get("why") or ""), lang)
              for c in choices if not c.get("correct") and c.get("why")},
    }


def web_figure(figure: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A question's figure (a table: ``columns``, ``rows`` of cells) in ``lang``, every cell
    text with suit symbols; a figure of another kind, or a row not as wide as the columns, is
    refused here rather than drawn wrong."""
    from generator.book.examples import symbols

    kind = str(figure.get("kind") or "")
    if kind != "table":
        raise ValueError(f"a question's figure of kind {kind!r}: only tables are shown")
    columns = figure.get("columns") or []
    if isinstance(columns, Mapping):  # not localised yet: the language's list
        columns = columns[lang]
    heads = [symbols(str(c), lang) for c in columns]
    rows = [[symbols(str(cell), lang) for cell in row] for row in figure.get("rows") or []]
    if not heads or any(len(row) != len(heads) for row in rows):
        raise ValueError(f"a table figure needs columns and rows of {len(heads)} cells each")
    return {"kind": kind, "columns": heads, "rows": rows}


#: A web question's fields of the table, from the bank question's: shown only when present.
_TABLE_FIELDS = (("dealer", "dealer"), ("vul", "vulnerable"), ("deal", "deal"))


def web_question(question: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A bank question in ``lang`` (``questions.<lang>.json``) as the widget's web question
    (a question without a table keeps none of its fields, see the module docstring)."""
    from generator.book.examples import in_language, symbols

    question = in_language(question, lang)
    auction, play = _pictures(question.get("events") or [])
    table: dict[str, Any] = {}
    if question.get("board") is not None:
        table["board"] = int(question["board"])
    for field, source in _TABLE_FIELDS:
        if question.get(source):
            table[field] = str(question[source])
    figure = question.get("figure")
    if figure:
        table["figure"] = web_figure(figure, lang)
    return {
        "id": str(question["id"]),
        "type": str(question["type"]),
        "topic": str(question.get("topic") or ""),
        "laws": [str(law) for law in question.get("laws") or []],
        **table,
        "auction": auction,
        "play": play,
        "context": symbols(str(question.get("context") or ""), lang),
        "prompt": symbols(str(question["prompt"]), lang),
        "choices": [{"id": str(c["id"]), "text": symbols(str(c["text"]), lang)}
                    for c in question.get("choices") or []],
        "k": encode_key(key_of(question, lang)),
    }


def web_bank(questions: Sequence[Mapping[str, Any]], lang: str) -> dict[str, Any]:
    """The practice and exam pages' bank: every question, in ``lang`` (the pages draw from the
    topics they offer)."""
    return {"format": 1, "lang": lang, "count": len(questions),
            "questions": [web_question(q, lang) for q in questions]}


def compact(data: Any) -> str:
    """Canonical compact JSON (same data, same bytes): page data and keys, :func:`dumps` files."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def dumps(data: Any) -> str:
    """:func:`compact` as a file's text (a final newline)."""
    return compact(data) + "\n"
