"""``tdcourse rule CASE`` as a director announces the ruling at the table (the review aid of
issue 13); ``--json`` stays the machine form, and this module only reads that output.

Every word comes from the language catalogs: the announcement's own phrases are the
``announce.*`` tables, the headings the notebook already words (``notebook.words``: board,
dealer, auction, contract...) are read from there, and the ruling itself is said with the
explanations' wording (:mod:`generator.laws.explain`: the irregularity, each rectification, each
option, the notes and flags), so that no sentence exists twice. Cards and bids are shown with
suit symbols, passes, doubles and redoubles in words, pairs and seats as the language names them
(Russian: С–Ю / В–З, the declined seat names of ``words.seat_cases``, and the player on lead
in ``announce.on_lead``: «Ход за Севером»). The conversion of codes into words is
:func:`generator.laws.words.in_words`, done once, inside the explanations' functions: this
module hands them the engine's data as it is.

The options are read out in the order a director offers them (:data:`OFFER_ORDER`), not in the
engine's order; the JSON output keeps the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from generator import i18n
from generator.laws import words
from generator.laws.explain import (
    chosen_text,
    describe_fact,
    flag_text,
    note_text,
    one_duty_per_seat,
    option_label,
    rectification_text,
)
from generator.notebook import call_words
from generator.table.case import Case

WORDS = "announce.words"
HEADINGS = "notebook.words"  # the headings the notebook's ruling view already words

#: The order in which a director offers a ruling's options, by irregularity kind: each entry
#: lists option ids or their verbs (the part before ``_``: ``require`` for ``require_H``). Where
#: the offended side may accept an irregular call, lead or play, accepting comes first and
#: refusing, with the rectification it brings, after it (Laws 27, 29-32, 53-55, 25B); Law 54's
#: declarer may also accept and spread his hand, said between the two. Where declarer rules on a
#: lead (Laws 26, 50, 56) or on the partner's card (Law 57A), the requirements come first, then
#: the prohibitions, then letting it be ("none"). A player who may take back his card after a
#: revoke is corrected (62C1) hears the right first and "keep" last; the other kinds keep the
#: engine's order. Within one verb the suits go from spades down, and a prohibition naming
#: several suits (51B2) follows the single ones.
_LEAD_OPTIONS = ("require", "prohibit", "none")
_ACCEPT_FIRST = ("accept", "refuse", *_LEAD_OPTIONS)
OFFER_ORDER: Mapping[str, tuple[str, ...]] = {
    "insufficient_bid": _ACCEPT_FIRST,
    "change_of_call": ("accept", "refuse", "first_call_stands", "other_call"),
    "pass_out_of_rotation": _ACCEPT_FIRST,
    "bid_out_of_rotation": _ACCEPT_FIRST,
    "double_out_of_rotation": _ACCEPT_FIRST,
    "redouble_out_of_rotation": _ACCEPT_FIRST,
    "inadmissible_double": _LEAD_OPTIONS,
    "inadmissible_redouble": _LEAD_OPTIONS,
    "call_when_obliged_to_pass": _LEAD_OPTIONS,
    "bid_above_seven": _LEAD_OPTIONS,
    "call_after_final_pass": _LEAD_OPTIONS,
    "opening_lead_out_of_turn": ("accept", "spread", "refuse", *_LEAD_OPTIONS),
    "lead_out_of_turn": _ACCEPT_FIRST,
    "declarer_lead_out_of_turn": _ACCEPT_FIRST,
    "exposed_card": _LEAD_OPTIONS,
    "premature_play": ("highest", "lowest", "suit", "no", "play", "none"),
    "penalty_card_not_played": ("accept", "substitute"),
    "revoke": ("withdraw", "keep"),
}
_SUITS_DOWN = "SHDC"


def offer_order(kind: str, ids: Sequence[str]) -> list[str]:
    """``ids`` in the order a director offers them for an irregularity of ``kind``; an id the
    kind's order does not name keeps its place after the named ones (the engine's order)."""
    order = OFFER_ORDER.get(kind, ())

    def key(item: tuple[int, str]) -> tuple[int, int, int, int]:
        position, option_id = item
        verb, _, suits = option_id.partition("_")
        rank = order.index(option_id) if option_id in order else (
            order.index(verb) if verb in order else len(order))
        if rank == len(order) or not suits or any(s not in _SUITS_DOWN for s in suits):
            return rank, 0, 0, position
        return rank, len(suits), _SUITS_DOWN.index(suits[0]), position

    return [option_id for _, option_id in sorted(enumerate(ids), key=key)]


# --- words ---------------------------------------------------------------------------------------


def _w(lang: str, key: str, **fields: Any) -> str:
    return i18n.text(lang, WORDS, key).format(**fields)


def _heading(lang: str, key: str, **fields: Any) -> str:
    text = i18n.text(lang, HEADINGS, key)
    return text.format(**fields) if fields else text


def _seat(seat: Any, lang: str) -> str:
    return words.seat(seat, lang)


def _side(side: Any, lang: str) -> str:
    return words.side(side, lang)



def _cited(text: str, laws: Sequence[str], lang: str, sentence: bool = True) -> str:
    """A sentence of the ruling with the clauses it rests on, as the explanations cite them
    (``sentence=False``: the same words as a clause after a colon)."""
    text = text.rstrip(". ")
    if laws:
        text += f" ({i18n.text(lang, 'explain.law_word')} {', '.join(laws)})"
    return i18n.capital(text) + "." if sentence else text


def _call_words(call: str, lang: str) -> str:
    """A call as the notebook shows it; a bid above seven (Law 38) with its symbol too."""
    if re.fullmatch(r"([89]|[1-9]\d+)(NT|[CDHS])", call):
        return words.bid(call, lang)
    return call_words(call, lang)


def contract_words(contract: str, lang: str) -> str:
    """``4HX`` → "4♥ doubled": a contract in words, its double or redouble said."""
    bid = contract.rstrip("X")
    doubles = len(contract) - len(bid)
    text = _call_words(bid, lang)
    return _w(lang, ("doubled", "redoubled")[doubles - 1], contract=text) if doubles else text


# --- the parts of the announcement ---------------------------------------------------------------


def _board_line(case: Case, result: Mapping[str, Any], lang: str) -> str:
    state = result["state"]
    vulnerable = str(state["vulnerable"])
    vul = (_w(lang, "vul_side", side=_side(vulnerable, lang)) if vulnerable in ("NS", "EW")
           else _heading(lang, f"vul_{vulnerable}"))
    parts = [_heading(lang, "board", n=case.board.number),
             _heading(lang, "dealer", seat=_seat(state["dealer"], lang)), vul,
             _w(lang, "laws", edition=result["edition"])]
    return _w(lang, "separator").join(parts)


def _auction_line(state: Mapping[str, Any], lang: str) -> str | None:
    calls = []
    for entry in state.get("auction") or []:
        text = f"{_seat(entry['seat'], lang)} {_call_words(str(entry['call']), lang)}"
        if entry.get("status") in ("cancelled", "pending"):
            text += f" ({_heading(lang, str(entry['status']))})"
        calls.append(text)
    return f"{_heading(lang, 'auction')}: {', '.join(calls)}" if calls else None


def _rect_sentence(rect: Mapping[str, Any], state: Mapping[str, Any], lang: str,
                   sentence: bool = True) -> str:
    said = dict(rect)
    if rect["kind"] == "right_to_call_retained" and not (
            state["phase"] == "auction" and state.get("next") == rect.get("seat")):
        said["kind"] = "right_to_call_retained_used"  # as the explanation says it (Law 34)
    return _cited(rectification_text(said, lang), [rect["law"]] if rect.get("law") else [],
                  lang, sentence)


def _chooser(seat: str, state: Mapping[str, Any], lang: str) -> str:
    name = _seat(seat, lang)
    if state.get("declarer") == seat and state["phase"] != "auction":
        return _w(lang, "declarer_chooses", seat=name)
    return i18n.capital(_w(lang, "chooser", seat=name))  # "The director chooses:"


def _options(kind: str, option: Mapping[str, Any], state: Mapping[str, Any],
             lang: str) -> list[str]:
    """A choice still open, numbered in the director's order, each with what it brings; a
    choice made, as the explanation says it."""
    if "chosen" in option:
        return [_cited(chosen_text(option, lang, kind), [], lang)]
    lines = [_chooser(str(option["seat"]), state, lang)]
    brings: Mapping[str, Any] = option.get("rectifications") or {}
    for n, option_id in enumerate(offer_order(kind, [str(i) for i in option["ids"]]), 1):
        label = option_label(option_id, lang, option)
        consequences = [_rect_sentence(r, state, lang, sentence=False)
                        for r in brings.get(option_id) or []]
        lines.append("  " + (_w(lang, "option_with", n=n, label=label,
                                consequences="; ".join(consequences)) if consequences
                             else _w(lang, "option", n=n, label=label)))
    return lines


def _note_sentence(note: Mapping[str, Any], lang: str) -> str:
    return _cited(note_text(note, lang), [str(note["law"])], lang)


def _ruling_lines(ruling: Mapping[str, Any], fact: Mapping[str, Any], state: Mapping[str, Any],
                  lang: str) -> list[str]:
    """One ruling: what happened, what the director rules, then who chooses what (the choice
    comes once the player knows what stands whatever he chooses), notes and flags last, each in
    the explanation's words."""
    kind = str(fact["kind"])
    said = describe_fact(kind, fact.get("seat"), dict(fact.get("details") or {}), lang)
    lines = [_cited(said, [str(law) for law in ruling.get("laws", [])[:1]], lang)]
    for rect in one_duty_per_seat(list(ruling.get("rectifications") or [])):
        lines.append("  " + _rect_sentence(rect, state, lang))
    for option in ruling.get("options") or []:
        lines.extend("  " + line for line in _options(kind, option, state, lang))
    for note in ruling.get("notes") or []:
        lines.append("  " + _note_sentence(note, lang))
    for flag in ruling.get("flags") or []:
        lines.append("  " + _cited(flag_text(flag, lang), [str(flag["law"])], lang))
    return lines


def _play_lines(state: Mapping[str, Any], lang: str) -> list[str]:
    """Where the play stands: tricks so far, the cards of this trick, who is to lead or play
    (declarer, from dummy, when it is dummy's turn), the penalty cards on the table."""
    won = state.get("tricks_won") or {"NS": 0, "EW": 0}
    done = len(state.get("tricks") or [])
    lines = [_w(lang, "tricks", done=done, ns_side=_side("NS", lang), ns=won.get("NS", 0),
                ew_side=_side("EW", lang), ew=won.get("EW", 0)) if done
             else _w(lang, "no_tricks")]
    trick = state.get("current_trick") or {}
    played = [card.split() for card in trick.get("cards") or []]
    if played:
        lines.append(_w(lang, "this_trick", cards=", ".join(
            f"{_seat(seat, lang)} {words.card(card, lang)}" for seat, card in played)))
    kept = [card.split() for card in trick.get("kept") or []]
    if kept:  # 62C: cards kept after a corrected revoke lie in the trick, to rejoin in turn
        lines.append(_w(lang, "kept_in_trick", cards=", ".join(
            f"{_seat(seat, lang)} {words.card(card, lang)}" for seat, card in kept)))
    seat = state.get("next")
    if seat:
        declarer = state.get("declarer")
        dummy = "NESW"[("NESW".index(declarer) + 2) % 4] if declarer in ("N", "E", "S",
                                                                          "W") else None
        leads = not played
        if seat == dummy:
            key = "dummy_on_lead" if leads else "dummy_to_play"
            lines.append(i18n.capital(_w(lang, key, who=_seat(seat, lang))))
        elif leads:
            lines.append(i18n.text(lang, "announce.on_lead", str(seat)))
        else:
            lines.append(i18n.capital(_w(lang, "to_play", who=_seat(seat, lang))))
    cards = [_w(lang, "penalty_card", **words.in_words({"owner": p["seat"], "card": p["card"]},
                                                      lang),
                kind=i18n.text(lang, "diagrams.labels", "major" if p.get("major") else "minor"))
             for p in state.get("penalty_cards") or [] if p.get("status", "in_force") ==
             "in_force"]
    if cards:
        lines.append(_w(lang, "penalty_cards", cards="; ".join(cards)))
    return lines


def _state_lines(result: Mapping[str, Any], lang: str, contract: bool = True) -> list[str]:
    """Where the board stands once the ruling is applied (``contract=False``: a scoring case,
    whose result line has already named the contract)."""
    state = result["state"]
    lines = []
    if contract and state.get("contract"):
        lines.append(f"{_heading(lang, 'contract')}: " + _heading(
            lang, "contract_line", contract=contract_words(str(state["contract"]), lang),
            declarer=_seat(state.get("declarer") or "?", lang)))
    if state["phase"] == "play":
        lines.extend(_play_lines(state, lang))
    elif state["phase"] == "auction":
        if state.get("next"):
            lines.append(f"{_heading(lang, 'next')}: {_seat(state['next'], lang)}")
    else:
        lines.append(i18n.capital(_heading(lang, "phase_ended")) + ".")
        won = state.get("tricks_won") or {}
        if state.get("tricks"):  # played and claimed tricks: what each side has won
            lines.append(_w(lang, "tricks_won", ns_side=_side("NS", lang), ns=won.get("NS", 0),
                            ew_side=_side("EW", lang), ew=won.get("EW", 0)))
        details = result.get("score_details") or {}
        declarer = state.get("declarer")
        if state.get("tricks") and declarer and "tricks" in details:
            side = "NS" if declarer in ("N", "S") else "EW"
            if int(details["tricks"]) != int(won.get(side, -1)):
                # a ruling (a trick transfer, a claim, the count of Law 79) fixed another number
                lines.append(_w(lang, "tricks_scored", side=_side(side, lang),
                                tricks=details["tricks"]))
    score = result.get("score")
    if score is not None:
        ns = int(score["NS"])
        lines.append(_w(lang, "score_to", points=abs(ns), side=_side("NS" if ns > 0 else "EW",
                                                                      lang)) if ns
                     else _w(lang, "score_nil"))
    return lines


def announce(case: Case, result: Mapping[str, Any], lang: str = "en") -> str:
    """The ruling on ``case`` (``result`` is the engine's output for it) as the director says
    it at the table, in ``lang``: the board, the auction (or the result), each ruling with the
    options in the order he offers them, then where the board stands and, once it is over, the
    score."""
    state = result["state"]
    lines = [_board_line(case, result, lang)]
    if case.is_scoring_case:
        # the tricks counted with their noun («взял 8 взяток», "8 tricks"), not read off a
        # table as the notebook's result line has them («взяток: 8»)
        lines.append(f"{_heading(lang, 'result')}: " + _w(
            lang, "result_line", contract=contract_words(str(case.contract), lang),
            declarer=_seat(case.declarer, lang),
            tricks_acc=words.counted(case.tricks or 0, lang, "tricks")))  # load_case: given
    else:
        auction = _auction_line(state, lang)
        if auction:
            lines.append(auction)
        irregularities = result["irregularities"]
        if not irregularities:
            lines.append(_w(lang, "no_irregularity"))
        for ruling in result["rulings"]:
            lines.extend(_ruling_lines(ruling, irregularities[ruling["irregularity"]], state,
                                       lang))
    lines.extend(_state_lines(result, lang, contract=not case.is_scoring_case))
    return "\n".join(lines)
