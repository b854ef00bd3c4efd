"""What a question's answer asserts about a ruling, and how to check it against the engine.

A question in the bank carries ``shown`` (the case exactly as the learner sees it) and ``key``
(the part of ``tdcourse rule --json`` output for ``shown`` that the right answer states). Each
choice carries a ``claim`` in the same terms. Anyone can re-rule ``shown`` and check:

- :func:`key_matches`: the key is a *subset* of the output (a dict matches when each of its keys
  matches; a list matches when each of its elements matches some element of the output's list;
  strings up to case) — unlike a test case's ``expect`` block, whose lists must match one to one;
- :func:`effect`: what a set of rectifications *does*, as a comparable value, so a wrong answer
  can be proved different in effect from the key and from the outcome of every option still open
  (:func:`equivalent`): "no penalty" beside "the call stands" says the same thing, and so does
  "leave it as it is" beside "accept it".

This module reads plain output data only: the audit (:mod:`generator.scenarios.audit`) uses it on
a fresh ruling of ``shown``, the question builder on the ruling it builds from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: Rectification kinds that penalise or restrict a side.
PENALTIES = ("must_pass", "no_double_or_redouble", "must_repeat", "lead_restriction",
             "penalty_card", "must_play", "trick_transfer", "adjusted_score")
#: Rectification kinds that change nothing for the players: "no penalty", "the call stands",
#: "the lead stands" and "a right kept" are the same answer to a learner.
#: A 2017 inadmissible double found after the opening lead is disregarded in the score (36C):
#: no penalty either, but the answer says so, not "no penalty" alone (which a learner may read
#: as "the doubled contract stands").
NEUTRAL = ("no_rectification", "call_stands", "lead_stands", "play_stands",
           "right_to_call_retained", "right_to_call_retained_used", "request_permitted",
           "score_as_if")
#: What the board, deal and dummy rulings do (Laws 13-16, 42-43), each a part of the answer.
BOARD = ("deal_corrected", "result_cancelled", "card_restored", "deal_reconstructed",
         "deemed_held_throughout", "score_stands", "auction_cancelled", "contestants_reseated",
         "must_repeat_calls", "board_cancelled", "information", "lead_from", "protection_lost",
         "irregularity_still_ruled", "penalty_waived", "hands_to_right_seats",
         "rotated_result_stands")
#: Rectification kinds that say what the ruling *does*, as an answer states them (the others
#: only describe bookkeeping). A correction without penalty (a card taken back, a call
#: cancelled and replaced) is part of the answer: "no penalty" is then no wrong answer to test.
SUBSTANTIVE = (*PENALTIES, *NEUTRAL, *BOARD, "roles_swapped", "request_refused", "call_cancelled",
               "later_calls_cancelled", "auction_returns", "calls_at_own_turn", "must_substitute",
               "card_withdrawn", "penalty_card_remains", "wins_trick")
#: Fields that do not change what a rectification does: where it comes from, how it is worded,
#: and its state of progress.
NOT_EFFECT = frozenset({"law", "event", "explanation", "status", "applies", "text", "note",
                        "picked_up"})
#: Option ids that say the same thing ("accept it", "leave it as it is").
SYNONYMS = {"accept": "none", "none": "accept"}


def _normal(value: Any) -> Any:
    if isinstance(value, str):
        return value.upper()
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _normal(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(sorted((_normal(v) for v in value), key=repr))
    return value


def key_matches(key: Any, actual: Any) -> bool:
    """Whether ``actual`` (engine output) states everything ``key`` states (subset semantics)."""
    if isinstance(key, Mapping):
        return isinstance(actual, Mapping) and all(
            k in actual and key_matches(v, actual[k]) for k, v in key.items())
    if isinstance(key, (list, tuple)):
        return isinstance(actual, (list, tuple)) and all(
            any(key_matches(k, a) for a in actual) for k in key)
    if isinstance(key, bool) or isinstance(actual, bool):
        return isinstance(key, bool) and isinstance(actual, bool) and key == actual
    if isinstance(key, (int, float)) and isinstance(actual, (int, float)):
        return bool(key == actual)
    if isinstance(key, str) and isinstance(actual, str):
        return key.upper() == actual.upper()
    return bool(key == actual)


def substantive(rects: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rectifications that say what the ruling does, without the ones that no longer apply
    (a Law 24/26 item whose side declares: ``applies: false``)."""
    return [dict(r) for r in rects
            if r.get("kind") in SUBSTANTIVE and r.get("applies") is not False]


def stated(rect: Mapping[str, Any]) -> dict[str, Any]:
    """A rectification as an answer states it: the fields that make its effect."""
    return {k: v for k, v in rect.items() if k not in NOT_EFFECT}


def effect(rects: Iterable[Mapping[str, Any]]) -> tuple[Any, ...]:
    """What a set of rectifications does, comparable with ``==``: the non-neutral items with
    the fields that make their effect, in a fixed order. A ruling that changes nothing (no
    rectification, the call or lead stands, a right kept) is the empty effect."""
    items = [stated(r) for r in substantive(rects) if r.get("kind") not in NEUTRAL]
    return tuple(sorted((_normal(r) for r in items), key=repr))


def equivalent(a: Iterable[Mapping[str, Any]], b: Iterable[Mapping[str, Any]]) -> bool:
    """Whether two sets of rectifications come to the same thing for the players."""
    return effect(a) == effect(b)


def in_force_before(output: Mapping[str, Any], ruling: Mapping[str, Any]
                    ) -> list[dict[str, Any]]:
    """The bars and lead restrictions of *earlier* rulings that are still in force (the state's
    ``bars`` and ``lead_restrictions`` not lapsed): a call condoned over an earlier bar leaves
    that bar standing, and a ruling on the new irregularity that left it out would be wrong."""
    state = output.get("state") or {}
    bars = {(b.get("seat"), b.get("scope"), b.get("law")) for b in state.get("bars") or ()}
    leads = {(r.get("seat"), r.get("law")) for r in state.get("lead_restrictions") or ()
             if r.get("status") != "lapsed"}
    out: list[dict[str, Any]] = []
    for earlier in output.get("rulings") or ():
        if earlier is ruling or earlier.get("irregularity") == ruling.get("irregularity"):
            break
        for rect in earlier.get("rectifications") or ():
            kind = rect.get("kind")
            barred = kind == "must_pass" and \
                (rect.get("seat"), rect.get("scope"), rect.get("law")) in bars
            restricted = kind == "lead_restriction" and rect.get("applies") is not False \
                and (rect.get("seat"), rect.get("law")) in leads
            if barred or restricted:
                out.append(dict(rect))
    return out


def answer_rectifications(output: Mapping[str, Any], ruling: Mapping[str, Any]
                          ) -> list[dict[str, Any]]:
    """What a full answer to "what is the ruling?" states: this ruling's own rectifications
    (less a duty to play a penalty card that declarer's lead choice has since picked up: the
    engine marks it ``picked_up``), then what earlier rulings still impose."""
    own = [r for r in substantive(ruling.get("rectifications") or ()) if not r.get("picked_up")]
    return [*own, *in_force_before(output, ruling)]


def open_alternatives(ruling: Mapping[str, Any]) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """The outcome of every option still open in ``ruling``: ``(seat, option id,
    rectifications)``. A chosen option is closed (the learner sees the choice made)."""
    out: list[tuple[str, str, list[dict[str, Any]]]] = []
    for option in ruling.get("options") or ():
        if option.get("chosen"):
            continue
        per = option.get("rectifications") or option.get("alternatives") or {}
        common = list(ruling.get("rectifications") or ())
        for oid in option.get("ids") or ():
            out.append((str(option.get("seat")), str(oid), [*common, *per.get(oid, [])]))
    return out


def open_option_ids(ruling: Mapping[str, Any], seat: str | None = None) -> set[str]:
    """The ids of the options open in ``ruling`` (for ``seat`` only, if given)."""
    return {str(oid) for option in ruling.get("options") or () if not option.get("chosen")
            and (seat is None or option.get("seat") == seat) for oid in option.get("ids") or ()}


def ruling_of(output: Mapping[str, Any], kind: str) -> Mapping[str, Any] | None:
    """The last ruling of ``output`` on an irregularity of ``kind``."""
    found = [r for r in output.get("rulings") or () if r.get("kind") == kind]
    return found[-1] if found else None


def cited(ruling: Mapping[str, Any]) -> list[str]:
    """Every clause a ruling cites: its laws and its rectifications' laws."""
    refs = [str(x) for x in ruling.get("laws") or ()]
    refs += [str(r["law"]) for r in ruling.get("rectifications") or () if r.get("law")]
    return refs


def strip_effect(rects: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``rects`` as a key states them (effect fields only)."""
    return [stated(r) for r in substantive(rects)]
