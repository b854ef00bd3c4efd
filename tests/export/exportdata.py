"""Data shared by the export tests: the small bank's size and seed, and a hand-made question
full of hostile and Cyrillic text."""

from __future__ import annotations

from typing import Any

#: Enough scenarios for every format to meet single, multiple and number questions, several
#: topics and a few irregular auctions; small enough to build in about a second.
BANK_COUNT = 48
BANK_SEED = 11

#: Text that tries every way out of its field: markup, a CDATA end, quotes, GIFT's syntax,
#: a backslash before an "n", PBN's braces, and Cyrillic. No card or call pattern (``H6``,
#: ``1NT``) is in it, so the exports must give it back exactly.
HOSTILE = ("Судья: <script>alert(\"x&y\")</script> ]]> {a} ~b =c #d :e \\n \\ "
           "'q' %p [plain] // end")


def hostile_question(qtype: str = "single") -> dict[str, Any]:
    """A bank-shaped question whose every text is :data:`HOSTILE` (plus a distinguishing tag)."""
    question: dict[str, Any] = {
        "id": f"fake-1-{qtype}", "scenario": "fake-1", "type": qtype, "kind": "ruling",
        "topic": "revoke", "laws": ["64"], "difficulty": 3, "lang": "ru",
        "prompt": "prompt " + HOSTILE, "context": "context " + HOSTILE,
        "explanation": "explanation " + HOSTILE,
        "board": 5, "dealer": "N", "vulnerable": "NS",
        "deal": "N:AKJT72.Q5.43.AK4 Q.K843.AJ982.Q85 963.AJT9.K76.J76 854.762.QT5.T932",
        "events": ["N 1S", "E P", "S 2S", "W P", "N P", "E P"],
    }
    if qtype == "number":
        question["answer"] = -100.0
    else:
        question["choices"] = [
            {"id": "a", "text": "right " + HOSTILE, "correct": True},
            {"id": "b", "text": "wrong " + HOSTILE, "correct": False, "why": "why " + HOSTILE},
            {"id": "c", "text": "[html]second " + HOSTILE, "correct": qtype == "multiple",
             **({} if qtype == "multiple" else {"why": "why c " + HOSTILE})},
        ]
    return question


# --------------------------------------------------------------------------- the play


def play_question(qtype: str = "single", lang: str = "ru") -> dict[str, Any]:
    """:func:`hostile_question` in the middle of the play: North declares 2♠, three fours are
    complete and a fourth is in progress, then West exposes a card and the director is called
    (the quiz page lists neither the exposed card nor the call among the cards played)."""
    question = hostile_question(qtype)
    question["id"], question["lang"] = f"fake-2-{qtype}", lang
    question["events"] = question["events"] + [
        "E leads H3", "S plays HA", "W plays H2", "N plays H5",
        "S leads D6", "W plays D5", "N plays D3", "E plays DA",
        "E leads CQ", "S plays C6", "W plays CT", "N plays CA",
        "N leads S2", "E plays SQ", "W exposes C9", "director"]
    return question


#: The cards of :func:`play_question` as the quiz page lists them, four to a line.
PLAY_LINES = {
    "en": ["E ♥3, S ♥A, W ♥2, N ♥5", "S ♦6, W ♦5, N ♦3, E ♦A",
           "E ♣Q, S ♣6, W ♣10, N ♣A", "N ♠2, E ♠Q"],
    "ru": ["В ♥3, Ю ♥A, З ♥2, С ♥5", "Ю ♦6, З ♦5, С ♦3, В ♦A",
           "В ♣Q, Ю ♣6, З ♣10, С ♣A", "С ♠2, В ♠Q"],
}


def page_play(question: dict[str, Any], lang: str) -> tuple[str, list[str]]:
    """The heading and the lines of the cards played as the quiz widget draws them from its web
    question (``tdcourse-quiz.js``, ``play``): the widget's data and interface words, put
    together the way the script does, independently of the export's code."""
    from generator import i18n
    from generator.book.quiz import mode_ui
    from generator.book.quizdata import web_question

    letters = i18n.table(lang, "diagrams.seat_letters")
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    cards = web_question(question, lang)["play"].split()
    lines = [", ".join(f"{letters[c[0]]} {symbol[c[2]]}{c[3:].replace('T', '10')}"
                       for c in cards[start:start + 4])
             for start in range(0, len(cards), 4)]
    return mode_ui(lang, "chapter")["play"], lines


def exported_play(markup: str) -> tuple[str, list[str]] | None:
    """The heading and the lines of the cards played in an export's question HTML (markup
    dropped, entities read), or ``None`` when it lists no cards played.

    Every ♥ and ♦ of the list must be red, as on the page: one left bare fails here.
    """
    import html
    import re

    found = re.findall(r'<p>([^<]*)</p><ol class="tdcourse-play">(.*?)</ol>', markup)
    if not found:
        assert "tdcourse-play" not in markup
        return None
    [(heading, items)] = found
    red = re.compile(r'<span style="color:#c62828">([♥♦])</span>')
    assert not re.search("[♥♦]", red.sub("", items)), items
    lines = [html.unescape(re.sub(r"<[^>]+>", "", item))
             for item in re.findall(r"<li>(.*?)</li>", items)]
    return html.unescape(heading), lines


def assert_play_as_page(questions: list[dict[str, Any]], texts: dict[str, str],
                        lang: str) -> None:
    """Each question's exported text (``texts`` by question id) lists the cards played exactly
    as the quiz page lists them (heading, fours, order, seat letters), and a question of the
    auction lists none; some questions of the bank have a play and some do not."""
    played = 0
    for source in questions:
        heading, lines = page_play(source, lang)
        shown = exported_play(texts[source["id"]])
        if lines:
            played += 1
            assert shown == (heading, lines), source["id"]
        else:
            assert shown is None and heading not in texts[source["id"]], source["id"]
    assert 0 < played < len(questions)
