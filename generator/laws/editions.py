"""One case under both codes: the two rulings side by side, and where they differ, in words.

A case names its edition; a director who learned the 1987 code wants to see what the 2017 code
rules on the same table (``tdcourse rule CASE --edition both``, ``tdcourse diff CASE``). The
case is ruled once per edition, unchanged but for its ``edition``; a ``director ...`` judgement
that one code has no use for (a comparable call under 1987) is ignored by that code's rules.

:func:`differences` compares two results field by field, as a director compares two rulings:
the clauses cited, who chooses among which options, the rectifications in force, who acts next
and the score; each line is in words, in the chosen language.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from generator import i18n
from generator.laws import words
from generator.laws.refs import EDITIONS
from generator.table.case import Case


def rule_under(case: Case, edition: str) -> dict[str, Any]:
    """The engine's result for ``case`` ruled under ``edition``."""
    from generator.laws.engine import analyse

    return analyse(case.under(edition))


def rule_both(case: Case) -> dict[str, dict[str, Any]]:
    """``{"1987": result, "2017": result}`` (the case format's ``--edition both`` output)."""
    return {edition: rule_under(case, edition) for edition in EDITIONS}


def _w(lang: str, key: str, **fields: Any) -> str:
    return i18n.text(lang, "editions", key).format(**fields)


def _rect_words(rects: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    from generator.laws.explain import rectification_text

    out = []
    for rect in rects:
        text = rectification_text(rect, lang)
        law = rect.get("law")
        out.append(f"{text} ({law})" if law else text)
    return out


def _options_words(ruling: Mapping[str, Any], lang: str) -> list[str]:
    from generator.laws.explain import option_label

    out = []
    for option in ruling.get("options") or ():
        seat = str(option["seat"])
        who = _w(lang, "director") if seat == "TD" else words.seat(seat, lang)
        labels = ", ".join(option_label(i, lang, option) for i in option["ids"])
        out.append(f"{who}: {labels}")
    return out


def _score_words(result: Mapping[str, Any], lang: str) -> str:
    score = result.get("score")
    if not score:
        return _w(lang, "no_score")
    return f"{words.side('NS', lang)} {score['NS']:+d}, {words.side('EW', lang)} {score['EW']:+d}"


def _next_words(result: Mapping[str, Any], lang: str) -> str:
    seat = (result.get("state") or {}).get("next")
    return words.seat(seat, lang) if seat else _w(lang, "nobody")


def _only(a: Sequence[str], b: Sequence[str]) -> list[str]:
    return [x for x in a if x not in b]


def differences(results: Mapping[str, Mapping[str, Any]], lang: str = "en") -> list[str]:
    """The lines on which the two editions' results differ, in words (an empty list when they
    rule alike). Rulings are paired by the irregularity they answer."""
    i18n.check(lang)
    old, new = (results[e] for e in EDITIONS)
    lines: list[str] = []
    ruled_old = {r["irregularity"]: r for r in old.get("rulings") or ()}
    ruled_new = {r["irregularity"]: r for r in new.get("rulings") or ()}
    facts = old.get("irregularities") or new.get("irregularities") or []
    for index in sorted(set(ruled_old) | set(ruled_new)):
        a, b = ruled_old.get(index, {}), ruled_new.get(index, {})
        fact = facts[index] if index < len(facts) else {}
        head = _w(lang, "ruling", n=index + 1, what=_fact(fact, lang))
        body: list[str] = []
        laws_a, laws_b = list(a.get("laws") or ()), list(b.get("laws") or ())
        if laws_a != laws_b:
            body.append(_w(lang, "laws", old=", ".join(laws_a) or _w(lang, "none"),
                           new=", ".join(laws_b) or _w(lang, "none")))
        opts_a, opts_b = _options_words(a, lang), _options_words(b, lang)
        if opts_a != opts_b:
            body.append(_w(lang, "options", old="; ".join(opts_a) or _w(lang, "none"),
                           new="; ".join(opts_b) or _w(lang, "none")))
        rect_a = _rect_words(a.get("rectifications") or (), lang)
        rect_b = _rect_words(b.get("rectifications") or (), lang)
        for text in _only(rect_a, rect_b):
            body.append(_w(lang, "only_old", text=text))
        for text in _only(rect_b, rect_a):
            body.append(_w(lang, "only_new", text=text))
        if body:
            lines.append(head)
            lines.extend(f"  {line}" for line in body)
    if _next_words(old, lang) != _next_words(new, lang):
        lines.append(_w(lang, "next", old=_next_words(old, lang), new=_next_words(new, lang)))
    if old.get("score") != new.get("score"):
        lines.append(_w(lang, "score", old=_score_words(old, lang), new=_score_words(new, lang)))
    return lines


def _fact(fact: Mapping[str, Any], lang: str) -> str:
    from generator.laws.explain import describe_fact

    if not fact:
        return ""
    return describe_fact(str(fact["kind"]), fact.get("seat"), dict(fact.get("details") or {}),
                         lang).rstrip(".")


def side_by_side(left: str, right: str, titles: Sequence[str], width: int = 60) -> str:
    """Two texts in two columns of ``width`` characters, each line wrapped, under titles."""
    def column(text: str) -> list[str]:
        out: list[str] = []
        for line in text.splitlines():
            out.extend(textwrap.wrap(line, width) or [""])
        return out

    a, b = column(left), column(right)
    rows = [f"{titles[0]:<{width}} | {titles[1]}", f"{'-' * width}-+-{'-' * width}"]
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else ""
        y = b[i] if i < len(b) else ""
        rows.append(f"{x:<{width}} | {y}".rstrip())
    return "\n".join(rows)
