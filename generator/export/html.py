"""A bank question as HTML, for the two formats that carry HTML (Moodle XML and GIFT).

Both formats show the learner what the course's quiz page shows (``tdcourse-quiz.js``): the
situation (context), a compact hand diagram (board, dealer, vulnerability, the four hands with
suit symbols), the auction as a grid of calls, the cards played so far, and the question. A
question about the play cannot be answered without the cards already played, so they are listed
as on the page: in fours, in the order they were led or played, each card after its player's
seat letter, under the page's own heading (the catalogs' ``quiz.ui.play``). The page groups the
cards in fours rather than ruling on tricks (after a lead out of turn a four is not a trick), and
the heading says so; the export keeps both the grouping and the heading. Hearts and diamonds are
red, as on the page. The events come from :func:`generator.export.shown_events`: the case as
the learner sees it.

It is built here once so that the two exports cannot drift apart; seat names and letters, the
board/dealer/vulnerability labels, and the words for pass, double and redouble are the book's
diagram words (:mod:`generator.book.diagrams`), so an export reads like the course.

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
from generator.book import diagrams
from generator.book.examples import symbols
from generator.export import shown_events
from generator.model.calls import CallValue
from generator.model.cards import SUITS_HIGH_FIRST, Card, Suit
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.seat import Seat
from generator.table import events as event_log

#: Characters that XML 1.0 forbids even inside CDATA (controls other than tab, LF and CR).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_SPACES = re.compile(r"\s+")
#: The auction grid's columns, West first as in bridge books and bridge programs.
AUCTION_COLUMNS = "WNES"
#: How many cards make one line of the play, as on the quiz page.
PLAY_GROUP = 4
#: The red suits' symbols in the markup: coloured as on the page (the book's diagram red), the
#: black suits left in the text colour so that a dark theme still shows them.
_RED_SYMBOLS = {diagrams.SUIT_SYMBOL[suit]: f"<span style=\"color:{diagrams.RED}\">"
                f"{diagrams.SUIT_SYMBOL[suit]}</span>" for suit in (Suit.H, Suit.D)}


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


def label(lang: str, key: str, **fields: Any) -> str:
    """A word the exports share with the book's diagrams (``diagrams.labels``): a board, a
    dealer, an auction read the same in the quiz export as on the course page."""
    return diagrams.WORDS[lang][key].format(**fields)


def seat_name(seat: Seat | str, lang: str) -> str:
    """A seat's name in ``lang``, as the book's diagrams write it."""
    return diagrams.SEAT_NAMES[lang][Seat.parse(str(seat))]


def red_suits(markup: str) -> str:
    """Escaped text with its ♥ and ♦ in red.

    Only for text that is already escaped: the symbols are plain characters there, never part
    of a tag or an attribute, so wrapping each in a fixed ``<span>`` of ours cannot change what
    the rest of the text means.
    """
    for symbol, coloured in _RED_SYMBOLS.items():
        markup = markup.replace(symbol, coloured)
    return markup


# --------------------------------------------------------------------------- the deal


def _hand_html(seat: Seat, hand: Hand | None, lang: str) -> str:
    """A seat's name over its four suits, highest cards first; a dash for a void or an unknown
    hand."""
    lines = [f"<b>{escape(seat_name(seat, lang))}</b>"]
    for suit in SUITS_HIGH_FIRST:
        cards = hand.suit(suit) if hand is not None else ()
        shown = "".join(diagrams.rank_text(card.rank) for card in cards) or "—"
        lines.append(f"{red_suits(diagrams.SUIT_SYMBOL[suit])} {escape(shown)}")
    return "<br>".join(lines)


def board_html(question: Mapping[str, Any], lang: str) -> str:
    """Board, dealer and vulnerability on one line, each when the question has it; "" for a
    question not asked at a table (a fact of procedure, a traveller)."""
    parts = []
    if question.get("board") is not None:
        parts.append(label(lang, "board", n=question["board"]))
    if question.get("dealer"):
        parts.append(label(lang, "dealer", seat=seat_name(question["dealer"], lang)))
    if question.get("vulnerable"):
        parts.append(label(lang, "vul", vul=word(lang, f"vul_{question['vulnerable']}")))
    return f"<p>{escape(' · '.join(parts))}</p>" if parts else ""


def deal_html(question: Mapping[str, Any], lang: str) -> str:
    """Board, dealer, vulnerability and the four hands (North on top) as a small table; a
    malformed deal is the model's one-line :class:`ParseError`. A question without a deal (a
    contract's score) gets its board line only."""
    if not question.get("deal"):
        return board_html(question, lang)
    deal = Deal.parse(str(question["deal"]))
    cell = "<td style=\"padding:0 1em\">"

    def row(*seats: Seat | None) -> str:
        cells = "".join(f"{cell}{'' if s is None else _hand_html(s, deal[s], lang)}</td>"
                        for s in seats)
        return f"<tr>{cells}</tr>"

    return (f"{board_html(question, lang)}"
            f"<table class=\"tdcourse-deal\">{row(None, Seat.N, None)}"
            f"{row(Seat.W, None, Seat.E)}{row(None, Seat.S, None)}</table>")


# --------------------------------------------------------------------------- the auction


def call_label(call: CallValue, lang: str) -> str:
    """A call for a learner: pass, double and redouble in the diagrams' words, a bid with suit
    symbols.

    A bid goes through :func:`~generator.book.examples.symbols`, as in the situation text beside
    the grid, rather than :func:`~generator.book.diagrams.call_text`: an impossible bid such as
    ``8C`` then reads the same in both places.
    """
    text = str(call)
    return diagrams.WORDS[lang][text] if text in ("P", "X", "XX") else symbols(text, lang)


def auction_grid(calls: Sequence[tuple[Seat, CallValue, bool]], lang: str) -> list[list[str]]:
    """The calls placed in their seats' columns (West, North, East, South), row by row.

    A new row starts whenever a call's column is not to the right of the previous call's, so
    an ordinary auction reads as in any bridge book, a call out of rotation leaves the skipped
    seats' cells empty, and a changed call appears in its seat's column on a later row.
    """
    rows: list[list[str]] = []
    last = len(AUCTION_COLUMNS)
    for seat, call, changed in calls:
        column = AUCTION_COLUMNS.index(str(seat))
        if column <= last:
            rows.append(["", "", "", ""])
        text = call_label(call, lang)
        rows[-1][column] = word(lang, "changed", call=text) if changed else text
        last = column
    return rows


def auction_html(events: Iterable[str], lang: str) -> str:
    """The auction as a table with one column per seat (or a sentence when nobody called)."""
    grid = auction_grid(event_log.auction_calls(events), lang)
    title = f"<p>{escape(label(lang, 'auction'))}</p>"
    if not grid:
        return f"{title}<p>{escape(word(lang, 'no_auction'))}</p>"
    head = "".join(f"<th style=\"padding:0 1em\">{escape(seat_name(s, lang))}</th>"
                   for s in AUCTION_COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td style=\"padding:0 1em\">{red_suits(escape(c))}</td>"
                         for c in row) + "</tr>"
        for row in grid)
    return f"{title}<table class=\"tdcourse-auction\"><tr>{head}</tr>{body}</table>"


# --------------------------------------------------------------------------- the play


def card_html(seat: Seat, card: Card, lang: str) -> str:
    """A card played, as on the quiz page: the player's seat letter, then the card (``N ♣10``)."""
    return (f"{escape(diagrams.SEAT_LETTERS[lang][seat])} "
            f"{red_suits(diagrams.SUIT_SYMBOL[card.suit])}{escape(diagrams.rank_text(card.rank))}")


def play_groups(events: Iterable[str]) -> list[list[tuple[Seat, Card]]]:
    """The cards led or played, in order, in the page's groups of :data:`PLAY_GROUP` (the last
    one short while a trick is in progress)."""
    cards = event_log.played_cards(events)
    return [cards[start:start + PLAY_GROUP] for start in range(0, len(cards), PLAY_GROUP)]


def play_html(events: Iterable[str], lang: str) -> str:
    """The cards played so far as a numbered list, one group of four a line, under the page's
    heading; nothing at all before the first lead, as on the page."""
    groups = play_groups(events)
    if not groups:
        return ""
    items = "".join("<li>" + ", ".join(card_html(seat, card, lang) for seat, card in group)
                    + "</li>" for group in groups)
    heading = escape(i18n.text(lang, "quiz.ui", "play"))
    return f"<p>{heading}</p><ol class=\"tdcourse-play\">{items}</ol>"


def figure_html(question: Mapping[str, Any], lang: str) -> str:
    """A question's figure (a traveller, a scoring table) as an HTML table, every cell escaped
    text with suit symbols; "" for a question without one."""
    figure = question.get("figure")
    if not figure:
        return ""
    from generator.book.quizdata import web_figure

    table = web_figure(figure, lang)
    cell = "style=\"padding:0 1em\""
    head = "".join(f"<th {cell}>{red_suits(escape(c))}</th>" for c in table["columns"])
    body = "".join("<tr>" + "".join(f"<td {cell}>{red_suits(escape(c))}</td>" for c in row)
                   + "</tr>" for row in table["rows"])
    return f"<table class=\"tdcourse-figure\"><tr>{head}</tr>{body}</table>"


def question_html(question: Mapping[str, Any], lang: str) -> str:
    """The whole question text: situation, deal, auction, the cards played, the question's
    table, then the question itself. A question not asked at a table (a drill: a score, a
    traveller, a fact of procedure) shows only what it has: no hands without a deal, no auction
    without events."""
    events = shown_events(question)
    at_table = bool(question.get("deal") or question.get("shown") or events)
    parts = []
    if question.get("context"):
        parts.append(f"<p>{text_html(question['context'], lang)}</p>")
    parts.append(deal_html(question, lang))
    if at_table:
        parts.append(auction_html(events, lang))
    parts.append(play_html(events, lang))
    parts.append(figure_html(question, lang))
    parts.append(f"<p><b>{text_html(question['prompt'], lang)}</b></p>")
    return "".join(parts)


def question_name(question: Mapping[str, Any], lang: str) -> str:
    """The question's name in the platform's bank, the same in every format: its id and the
    kind of question ("s1987-3-1-ruling: the ruling"), so a teacher can tell them apart."""
    qid = clean(question["id"])
    # a drill's kind may have no word of its own: then the id alone names the question
    kind = (i18n.text(lang, "export.words", f"kind_{question['kind']}", default="")
            if question.get("kind") else "")
    return word(lang, "name", id=qid, kind=kind) if kind else qid
