"""A bank question as HTML, for the two formats that carry HTML (Moodle XML and GIFT).

Both formats show the learner the same thing: the situation (context), a compact hand diagram
(board, dealer, vulnerability, the four hands with suit symbols), the auction as a grid of calls,
and the question. It is built here once so that the two exports cannot drift apart.

Every piece of text that comes from data goes through :func:`text_html`: characters XML cannot
carry are dropped, white space becomes single spaces, cards and calls get suit symbols
(:func:`generator.book.examples.symbols`), and ``& < > " '`` become entities. The markup around it
is ours and fixed, so no explanation or choice can open a tag in a learner's browser. A single
line of HTML also suits GIFT, where a line break or a blank line has a meaning of its own.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from generator import i18n
from generator.book.examples import symbols
from generator.model.deal import Deal
from generator.model.seat import Seat

#: Characters that XML 1.0 forbids even inside CDATA (controls other than tab, LF and CR).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_SPACES = re.compile(r"\s+")
#: The auction grid's columns, West first as in bridge books and bridge programs.
AUCTION_COLUMNS = "WNES"
_SUIT_SYMBOLS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))


def clean(value: Any) -> str:
    """Data text on one line, without characters that XML cannot carry."""
    return _SPACES.sub(" ", _NOT_XML.sub("", str(value))).strip()


def escape(value: Any) -> str:
    """Plain text made safe as HTML text (and as an XML attribute)."""
    return html.escape(clean(value), quote=True)


def text_html(value: Any, lang: str) -> str:
    """Data text as HTML: one line, suit symbols for cards and calls, every markup character
    an entity."""
    return html.escape(symbols(clean(value), lang), quote=True)


def word(lang: str, key: str, **fields: Any) -> str:
    """A fixed word of the exports (the catalogs' ``export.words`` table) in ``lang``."""
    return i18n.text(lang, "export.words", key).format(**fields)


# --------------------------------------------------------------------------- the deal


def hands(deal: str) -> dict[str, str]:
    """The four hands of a PBN deal (``"N:KQT.AQ952.97.Q42 ..."``) by seat (``-`` unknown); a
    malformed deal is the model's one-line :class:`ParseError`."""
    parsed = Deal.parse(deal)
    return {str(seat): str(parsed[seat]) if parsed[seat] is not None else "-" for seat in Seat}


def _hand_html(seat: str, hand: str, lang: str) -> str:
    suits = [*hand.split("."), "", "", ""][:4]
    lines = [f"<b>{escape(word(lang, f'seat_{seat}'))}</b>"]
    for (_, symbol), cards in zip(_SUIT_SYMBOLS, suits, strict=True):
        shown = cards.replace("T", "10") if cards and cards != "-" else "—"
        lines.append(f"{symbol} {escape(shown)}")
    return "<br>".join(lines)


def deal_html(question: Mapping[str, Any], lang: str) -> str:
    """Board, dealer, vulnerability and the four hands (North on top) as a small table."""
    four = hands(str(question["deal"]))
    dealer = str(question["dealer"])
    heading = " · ".join((
        word(lang, "board", n=question["board"]),
        word(lang, "dealer", seat=word(lang, f"seat_{dealer}")),
        word(lang, "vulnerable", vul=word(lang, f"vul_{question['vulnerable']}")),
    ))
    cell = "<td style=\"padding:0 1em\">"

    def row(*seats: str) -> str:
        cells = "".join(f"{cell}{_hand_html(s, four[s], lang) if s else ''}</td>"
                        for s in seats)
        return f"<tr>{cells}</tr>"

    return (f"<p>{escape(heading)}</p>"
            f"<table class=\"tdcourse-deal\">{row('', 'N', '')}{row('W', '', 'E')}"
            f"{row('', 'S', '')}</table>")


# --------------------------------------------------------------------------- the auction


def call_label(call: str, lang: str) -> str:
    """A call of the engine's notation (``P``, ``X``, ``XX``, ``1NT``, ``2H``) for a learner."""
    special = {"P": "pass", "X": "double", "XX": "redouble"}
    if call in special:
        return word(lang, special[call])
    return symbols(call, lang)


def auction_calls(events: Iterable[str]) -> list[tuple[str, str, bool]]:
    """The calls among a case's events as text: (seat, call, whether it replaces the seat's
    last call); see :func:`generator.table.events.auction_calls`."""
    from generator.table import events as event_log

    return [(str(seat), str(call), changed)
            for seat, call, changed in event_log.auction_calls(events)]


def auction_grid(calls: Sequence[tuple[str, str, bool]], lang: str) -> list[list[str]]:
    """The calls placed in their seats' columns (West, North, East, South), row by row.

    A new row starts whenever a call's column is not to the right of the previous call's, so
    an ordinary auction reads as in any bridge book, a call out of rotation leaves the skipped
    seats' cells empty, and a changed call appears in its seat's column on a later row.
    """
    rows: list[list[str]] = []
    last = len(AUCTION_COLUMNS)
    for seat, call, changed in calls:
        column = AUCTION_COLUMNS.index(seat)
        if column <= last:
            rows.append(["", "", "", ""])
        label = call_label(call, lang)
        rows[-1][column] = word(lang, "changed", call=label) if changed else label
        last = column
    return rows


def auction_html(events: Iterable[str], lang: str) -> str:
    """The auction as a table with one column per seat (or a sentence when nobody called)."""
    grid = auction_grid(auction_calls(events), lang)
    title = f"<p>{escape(word(lang, 'auction'))}</p>"
    if not grid:
        return f"{title}<p>{escape(word(lang, 'no_auction'))}</p>"
    head = "".join(f"<th style=\"padding:0 1em\">{escape(word(lang, f'seat_{s}'))}</th>"
                   for s in AUCTION_COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td style=\"padding:0 1em\">{escape(c)}</td>" for c in row) + "</tr>"
        for row in grid)
    return f"{title}<table class=\"tdcourse-auction\"><tr>{head}</tr>{body}</table>"


def question_html(question: Mapping[str, Any], lang: str) -> str:
    """The whole question text: situation, deal, auction, then the question itself."""
    parts = []
    if question.get("context"):
        parts.append(f"<p>{text_html(question['context'], lang)}</p>")
    parts.append(deal_html(question, lang))
    parts.append(auction_html(question.get("events") or [], lang))
    parts.append(f"<p><b>{text_html(question['prompt'], lang)}</b></p>")
    return "".join(parts)


def question_name(question: Mapping[str, Any], lang: str) -> str:
    """The question's name in the platform's bank, the same in every format: its id and the
    kind of question ("s1987-3-1-ruling: the ruling"), so a teacher can tell them apart."""
    qid = clean(question["id"])
    kind = word(lang, f"kind_{question['kind']}") if question.get("kind") else ""
    return word(lang, "name", id=qid, kind=kind) if kind else qid
