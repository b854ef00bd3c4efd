"""The engine's codes in words, once, for every text that names a seat, a pair, a card, a call
or a request: the explanations (:mod:`generator.laws.explain`) and the director's announcement
(:mod:`generator.laws.announce`, which reads the explanations) both fill their templates with
:func:`in_words`, so nothing is converted twice and no sentence shows a raw code ("HK", "1H",
"X", "EW", "review").

Seats are declined: a field holding a seat (``seat``, ``turn``, ``caller``...) comes with the
same seat in every grammatical case of :data:`i18n.CASE_SUFFIXES` (``{seat_gen}``,
``{turn_ins}``...), from the ``words.seat_cases`` table (English has one form, Russian six:
«очередь была за Востоком», «до хода Севера»). Calls in words decline the same way
(``{call_acc}``: «дал контру»); bids are the same in every case. The catalog check
(:func:`generator.i18n.placeholders` in ``_merged``) counts ``{seat_gen}`` as ``{seat}``, so a
language declines where its grammar needs it without the English text changing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from generator import i18n

#: Fields that hold a seat (``N``, ``E``, ``S``, ``W``): given in every case.
SEAT_FIELDS = ("seat", "turn", "caller", "offender", "declarer", "owner", "who", "target")
#: Fields that hold a call (``1H``, ``3NT``, ``P``, ``X``, ``XX``, a bid above seven).
CALL_FIELDS = ("call", "last", "new", "lowest_sufficient", "lowest")
#: Fields that hold one card or several (``HK``, ``"C4 D3"``).
CARD_FIELDS = ("card", "cards", "penalty", "found")
#: Fields that hold a pair (``NS``, ``EW``).
SIDE_FIELDS = ("side", "to")
#: The field naming what a player asks to have again (Law 20: ``review``, ``trick``).
REQUEST_FIELD = "what"

_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD = re.compile(r"([CDHS])(10|[2-9TJQKA])")
_BID = re.compile(r"(\d+)(NT|[CDHS])")
_CALL_WORDS = ("P", "X", "XX")


def seat(value: Any, lang: str, case: str = "nom") -> str:
    """A seat's name in ``case`` (``nom``, or one of :data:`i18n.CASE_SUFFIXES`)."""
    code = str(value)
    if case == "nom":
        return i18n.text(lang, "explain.seats", code, default=code)
    return i18n.text(lang, "words.seat_cases", case, code,
                     default=i18n.text(lang, "explain.seats", code, default=code))


def side(value: Any, lang: str) -> str:
    """A pair as the language names it (Russian С–Ю / В–З)."""
    return i18n.text(lang, "words.sides", str(value), default=str(value))


def card(value: Any, lang: str) -> str:
    """``HK`` → ♥K, ``CT`` → ♣10; anything else unchanged. (No words: ranks are letters in
    every catalog the seeds use, as on the cards themselves.)"""
    match = _CARD.fullmatch(str(value))
    if match is None:
        return str(value)
    return _SYMBOL[match.group(1)] + ("10" if match.group(2) == "T" else match.group(2))


def cards(value: Any, lang: str) -> str:
    """Cards given as ``"C4 D3"`` or as a list, with their symbols, as a sentence lists them:
    comma-separated, the last joined with "and" (``explain.may/and``: «♠9 и ♠4»)."""
    items = [card(c, lang) for c in (value.split() if isinstance(value, str) else value)]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + i18n.text(lang, "explain.may", "and") + items[-1]


def bid(value: str, lang: str) -> str:
    """A bid with its suit symbol (``2H`` → 2♥, ``3NT`` → 3БК in Russian); a bid above seven
    (Law 38, ``8S``) too. Not a bid: unchanged."""
    match = _BID.fullmatch(value)
    if match is None:
        return value
    strain = match.group(2)
    return match.group(1) + (i18n.text(lang, "examples.nt") if strain == "NT"
                             else _SYMBOL[strain])


def call(value: Any, lang: str, case: str = "nom") -> str:
    """A call in words in ``case`` (pass, double, redouble: «контру» in the accusative) or a bid
    with its symbol."""
    code = str(value).upper()
    if code in _CALL_WORDS:
        return i18n.text(lang, "words.calls", case, code)
    return bid(str(value), lang)


def counted(n: int, lang: str, noun: str) -> str:
    """``n`` with its noun in the form the number takes (``words.counts``, accusative): "1 trick",
    "2 tricks"; «1 взятку», «3 взятки», «5 взяток», «21 взятку». Each catalog names its plural
    rule (``words.counts/rule``): ``one_other`` (English: 1 and the rest) or ``one_few_other``
    (Russian: 1, 21, 31...; 2-4, 22-24...; the rest, 11-14 included)."""
    forms = i18n.table(lang, "words.counts", noun)
    tens, units = n % 100, n % 10
    if i18n.text(lang, "words.counts", "rule") == "one_few_other":
        key = ("one" if units == 1 and tens != 11 else
               "few" if 2 <= units <= 4 and not 12 <= tens <= 14 else "other")
    else:
        key = "one" if n == 1 else "other"
    return str(forms[key]).format(n=n)


@cache
def _forms(directory: Path, kind: str, value: str, lang: str) -> tuple[str, ...]:
    """A seat's or a call's name in the nominative, then in each of :data:`i18n.CASE_SUFFIXES`:
    worked out once per catalog folder (every explanation names the same few seats and calls,
    thousands of times in a bank)."""
    name = seat if kind == "seat" else call
    return (name(value, lang), *(name(value, lang, c) for c in i18n.CASE_SUFFIXES))


def in_words(fields: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The fields of a fact, rectification or note ready for a template of ``lang``: seats
    named (and declined: ``seat_gen``...), calls, cards, pairs and requests in words; other
    fields as given. Empty values stay empty (a fact without the seat it would name)."""
    out = dict(fields)
    directory = i18n.catalog_dir()
    for name, value in fields.items():
        if name == "tricks" and isinstance(value, int):
            out["tricks_acc"] = counted(value, lang, "tricks")
        if not isinstance(value, str) and not (name in CARD_FIELDS and isinstance(value, list)):
            continue
        if value == "" or value == "none":
            if name in SEAT_FIELDS or name in CALL_FIELDS:
                out.update({f"{name}_{c}": value for c in i18n.CASE_SUFFIXES})
            continue
        if name in SEAT_FIELDS or name in CALL_FIELDS:
            forms = _forms(directory, "seat" if name in SEAT_FIELDS else "call", str(value),
                           lang)
            out[name] = forms[0]
            out.update(zip((f"{name}_{c}" for c in i18n.CASE_SUFFIXES), forms[1:], strict=True))
        elif name in CARD_FIELDS:
            out[name] = cards(value, lang)
        elif name in SIDE_FIELDS:
            out[name] = side(value, lang)
        elif name == REQUEST_FIELD:
            out[name] = i18n.text(lang, "words.requests", str(value), default=str(value))
    return out
