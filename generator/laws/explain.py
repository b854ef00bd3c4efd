"""Explanations in every language with a catalog, built from a structured ruling.

Nothing here is written per case: each sentence comes from the irregularity's facts, the options
and the rectifications, through the templates of the language catalogs (the ``explain.*`` tables
of ``generator/i18n/<lang>.yaml``), and names the clauses it rests on. The text is what a
director would say at the table, in our own words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import i18n
from generator.laws import law50, words
from generator.laws.ruling import Ruling
from generator.model.seat import Seat
from generator.table.irregularities import Irregularity

if TYPE_CHECKING:
    from generator.table.state import Table


def _sentence(text: str, laws: list[str], lang: str) -> str:
    cited = f" ({i18n.text(lang, 'explain.law_word')} {', '.join(laws)})" if laws else ""
    return text[0].upper() + text[1:] + cited + "."


#: The calls said with a verb of their own rather than "called X" (``explain.kind`` keys end in
#: these words: ``call_after_final_pass_double``).
_CALL_VERBS = {"P": "pass", "X": "double", "XX": "redouble"}


def _kind_key(kind: str, details: Mapping[str, Any]) -> str:
    """The sentence to use for a kind: a defender playing out of turn after his partner has
    played is not 'before his partner'."""
    if kind == "premature_play" and details.get("partner_played"):
        return "premature_play_after_partner"
    if kind == "revoke" and details.get("reason") in ("penalty_play", "lead_penalty"):
        # 61A's other revoke: a card or suit a rectification required, not a failure to
        # follow suit (the offender may hold none of the suit led: 62D2, 57A, 50)
        return f"revoke_{details['reason']}"
    if kind in ("declarer_lead_out_of_turn", "play_out_of_turn") and details.get("from_dummy"):
        return f"{kind}_from_dummy"  # dummy's cards are played from the table («со стола»)
    if kind == "change_of_call" and details.get("withdrawal") == "25A6":
        return "change_of_call_withdrawal"  # 2017: the LHO takes back his call, as he may
    if kind == "change_of_call" and not details.get("misinformed"):
        # 25A or 25B turns on it: the learner must be told whether it was a slip put right at
        # once (the case says ``inadvertent``) or a change made on second thoughts
        return "change_of_call_inadvertent" if details.get("inadvertent") else \
            "change_of_call_deliberate"
    if kind == "defective_trick":  # 67A: who omitted to play, or who played one card too many
        if details.get("extra"):
            return "defective_trick_extra"
        if details.get("missing"):
            return "defective_trick_missing"
    if kind == "trick_count":  # Law 79: an agreement, a contest or a correction
        return f"trick_count_{details.get('verb', 'contest')}"
    board = _board_kind_key(kind, details)
    if board is not None:
        return board
    if kind == "call_when_obliged_to_pass" and details.get("out_of_rotation"):
        kind = "call_when_obliged_to_pass_out_of_rotation"  # Law 37 over 29-32 (see law37)
    call = _CALL_VERBS.get(str(details.get("call", "")).upper())
    if call is not None and f"{kind}_{call}" in i18n.table(i18n.SOURCE_LANG, "explain.kind"):
        # a pass, double or redouble is said with its own verb («спасовал», «дал контру»), a
        # bid with its own («назначил 3БК»), not one verb taking the call as its object
        return f"{kind}_{call}"
    return kind


def _board_kind_key(kind: str, details: Mapping[str, Any]) -> str | None:
    """The board, deal and dummy kinds (Laws 13-15, 42-43): the count found, the card found,
    a player who had played the board before, and what dummy did."""
    if kind in ("wrong_number_of_cards", "missing_card") and details.get("phase") != "ended":
        key = "missing_card_found" if kind == "missing_card" and details.get("found") else \
            "wrong_number_of_cards_count" if kind == "wrong_number_of_cards" and details.get(
                "cards") else kind
        # when it was found decides 13A/13B and 14A/14B: the learner must be told (before any
        # call, nobody counts as having seen another hand; later, the play goes on with it)
        when = "before" if not details.get("called") else str(details.get("phase") or "")
        timed = f"{key}_{when}"
        return timed if timed in i18n.table(i18n.SOURCE_LANG, "explain.kind") else key
    if kind == "board_not_designated" and details.get("played_before"):
        return "board_not_designated_played_before"
    if kind == "board_not_designated" and details.get("phase") in ("auction", "play"):
        # 15B turns on whether anyone had played the board and (1987 15C) on when the error
        # was found: the learner is told both
        early = details["phase"] == "auction" and details.get("called") is False
        return f"{kind}_before" if early else f"{kind}_{details['phase']}"
    if kind == "board_rotated":  # 15D: a quarter or a half turn, found early or late
        late = "_ended" if details.get("phase") == "ended" else ""
        return f"{kind}_{details.get('rotation', 'quarter')}{late}"
    if kind == "dummy_exceeds_rights" and details.get("act"):
        return f"{kind}_{details['act']}"
    if kind in ("dummy_warns", "dummy_draws_attention") and details.get("earlier"):
        return f"{kind}_after_{details['earlier']}"  # what dummy did before decides the ruling
    if kind in ("wrong_number_of_cards", "board_not_designated") and details.get(
            "phase") == "ended" and not details.get("played_before"):
        return f"{kind}_ended"
    return None


def option_label(option_id: str, lang: str, about: Mapping[str, Any] | None = None) -> str:
    """A ruling's option id in words (``require_H`` → "require a lead of hearts"). ``about``:
    the choice's entry, when it names the card a 62C ``keep``/``withdraw`` is about and whose
    it is ("take back dummy's ♥J", not "his card" when declarer chooses for dummy)."""
    if option_id in ("keep", "withdraw") and about and about.get("card") and about.get("whose"):
        return i18n.text(lang, "explain.option_labels", f"{option_id}_{about['whose']}").format(
            card=words.card(about["card"], lang))
    verb, _, suit = option_id.partition("_")
    if verb == "prohibit" and len(suit) > 1:
        # 51B2: penalty cards in several suits, declarer forbids each suit he names
        names = i18n.text(lang, "explain.may", "and").join(
            i18n.text(lang, "explain.suits_accusative", s, default=s) for s in suit)
        return i18n.text(lang, "explain.option_labels", "prohibit_several").format(suits=names)
    if verb in ("require", "prohibit") and suit:
        suit_name = i18n.text(lang, "explain.suits_accusative", suit, default=suit)
        return i18n.text(lang, "explain.option_labels", verb).format(suit=suit_name)
    if verb in ("no", "suit") and len(suit) == 1:
        # 57A3 (2017: 57A4) a suit barred for the partner's card to a trick; 2017 57A3 a suit
        # required for it
        suit_card = i18n.text(lang, "explain.suit_cards", suit, default=suit)
        return i18n.text(lang, "explain.option_labels", verb).format(suit=suit_card)
    if verb == "play" and len(suit) == 2 and about and about.get("designates"):
        # 51A: the penalty card declarer designates
        return i18n.text(lang, "explain.option_labels", "play_designated").format(
            card=words.card(suit, lang))
    if verb == "play" and len(suit) == 2:  # 62D2: the card declarer requires (``play_CT``)
        return i18n.text(lang, "explain.option_labels", verb).format(card=words.card(suit, lang))
    return i18n.text(lang, "explain.option_labels", option_id,
                     default=option_id.replace("_", " "))


def describe_fact(kind: str, seat: str | None, details: dict[str, Any], lang: str) -> str:
    """One sentence naming the irregularity (no law cited)."""
    text = _fact_text(kind, seat, details, lang)
    return text[0].upper() + text[1:] + "."


def _fact_text(kind: str, seat: Any, details: Mapping[str, Any], lang: str) -> str:
    """The irregularity in words, as the opening of a sentence. A template field the facts lack
    drops the template's parenthesis (a fact recorded without, say, the calls it compares) and
    reads as blank elsewhere, so that a sparse fact still gets its sentence."""
    facts = words.in_words({**details, "seat": str(seat) if seat else "",
                            "turn": str(details.get("turn", ""))}, lang)
    template = i18n.text(lang, "explain.kind", _kind_key(kind, details), default=kind)
    try:
        return template.format(**facts)
    except KeyError:
        return template.split(" (")[0].format_map(_Blank(facts))


class _Blank(dict[str, Any]):
    """Formatting values where a missing fact reads as a blank rather than an error."""

    def __missing__(self, key: str) -> str:
        return ""


def rectification_text(rect: Mapping[str, Any], lang: str) -> str:
    """A rectification in words, without its law. (The same rectification is said again and
    again: in each ruling of a board as it goes on, and in every question about it; its words
    are worked out once per catalog folder.)"""
    return _rectification_text(i18n.catalog_dir(), json.dumps(rect, sort_keys=True), lang,
                               i18n.edition())


@lru_cache(maxsize=8192)
def _rectification_text(directory: Path, rect_json: str, lang: str, code: str) -> str:
    # ``code``: the edition the catalogs are read for (:func:`i18n.under_edition`), part of
    # the key because a code may say the same rectification in its own words
    return _say_rectification(json.loads(rect_json), lang)


#: Rectifications whose sentence turns on one field: (field, key if true, key if false); a
#: string field names its key itself.
_KEYED_BY = {"information": ("authorised", "authorised", "unauthorised"),
             "lead_from": ("hand", "declarer", "dummy"),
             "rotated_result_stands": ("lines_exchanged", "exchanged", "as_played")}


def _say_rectification(rect: dict[str, Any], lang: str) -> str:
    """:func:`rectification_text`, worked out."""
    template: Any = i18n.table(lang, "explain.rect").get(rect["kind"], rect["kind"])
    if rect["kind"] == "call_cancelled" and rect.get("later"):
        # a call cancelled only because it came after the irregular one (35A)
        template = i18n.text(lang, "explain.rect", "later_calls_cancelled")
    fields = words.in_words(rect, lang)
    if "suit" in rect:
        fields["suit_name"] = i18n.text(lang, "explain.suits", str(rect["suit"]),
                                        default=str(rect["suit"]))
        fields["suit_card"] = i18n.text(lang, "explain.suit_cards", str(rect["suit"]),
                                        default=str(rect["suit"]))
    if isinstance(template, Mapping) and rect["kind"] in _KEYED_BY:
        field, yes, no = _KEYED_BY[rect["kind"]]
        value = rect.get(field)
        template = template[value if isinstance(value, str) else yes if value else no]
        if rect["kind"] == "information" and rect.get("condition") == "ui":
            # 2017 16C2: unauthorised to the offending side, not "until the penalty is served"
            template = i18n.text(lang, "explain.rect", "information_ui")
    if isinstance(template, Mapping):
        if rect["kind"] == "must_pass":
            template = template[rect.get("scope", "throughout")]
        elif rect["kind"] == "must_substitute":
            template = template[rect.get("calls", "any_legal")]
        elif rect["kind"] == "must_play":
            if "card" in rect:
                key = "first_opportunity" if rect.get("when") == "first_legal_opportunity" \
                    else str(rect.get("rule", "card"))  # minor_first: a minor card's duty (50D)
            else:
                key = rect.get("rule", "follow_suit")
            template = template[key]
        else:
            key = "any_one" if rect.get("suits") == "any_one" else "suits"
            if key == "suits" and str(rect.get("law")) == "26B":
                # 2017 26B: one of the suits the offender did not specify in the legal auction;
                # while it goes on, the suits listed are those not specified so far
                key = "unspecified" if "applies" in rect else "unspecified_so_far"
                if rect.get("seat"):
                    fields.update(words.in_words(
                        {"offender": str(Seat.parse(str(rect["seat"])).partner)}, lang))
            if key == "suits" and not str(rect.get("law", "26")).startswith("26"):
                key = "penalty"  # declarer's choice under 50E/51B, already made
            if key == "penalty" and rect.get("when") in ("partner_on_lead", "partner_gains_lead"):
                # the choice itself, stated before declarer makes it (50E, 51B): now, or if the
                # owner's partner gains the lead while the cards are on the table
                stem = "penalty_offer" if rect["when"] == "partner_on_lead" else "penalty_to_come"
                several = len(rect.get("cards") or ()) > 1
                key = stem + ("_several" if len(rect["suits"]) > 1 else
                              "_cards" if several else "")
                names = [i18n.text(lang, "explain.suits", s) for s in rect["suits"]]
                fields["suits_or"] = i18n.text(lang, "explain.may", "or").join(names)
                fields["suits_and"] = i18n.text(lang, "explain.may", "and").join(names)
            elif key == "penalty" and len(rect.get("cards") or ()) > 1:
                key = "penalty_several"  # declarer's choice picks up several cards
            template = template[key]
            if key != "any_one":
                chosen = key in ("penalty", "penalty_several")
                joiner = i18n.text(lang, "explain.may", "and" if chosen else "or")
                names = [i18n.text(lang, "explain.suits", s) for s in rect["suits"]]
                # "clubs, hearts or spades": commas, the last pair joined by the word
                fields["suits"] = joiner.join([", ".join(names[:-1]), names[-1]]) \
                    if len(names) > 2 else joiner.join(names)
                fields["may"] = i18n.text(lang, "explain.may", "or").join(
                    i18n.text(lang, "explain.may", m) for m in rect["may"])
                if chosen:  # each verb governs its own case of the seat («от Севера»)
                    fields["whom"] = i18n.text(lang, "explain.may", "or").join(
                        i18n.text(lang, "explain.may_whom", m).format_map(_Blank(fields))
                        for m in rect["may"])
    if rect["kind"] in ("claim_tricks", "tricks_agreed", "count_corrected"):
        # Laws 69-71 and 79: each pair's tricks for the board
        fields["ns"] = words.counted(int(rect["tricks"]["NS"]), lang, "tricks")
        fields["ew"] = words.counted(int(rect["tricks"]["EW"]), lang, "tricks")
    several = rect["kind"] == "penalty_card" and len(rect.get("cards") or ()) > 1
    if rect["kind"] == "penalty_card":  # 52B1: remains; several cards of one owner: plural
        template = i18n.text(lang, "explain.rect", "penalty_card"
                             + ("_remains" if rect.get("remains") else "")
                             + ("_several" if several else ""))
        fields["major"] = i18n.text(lang, "explain.penalty_card",
                                    ("major" if rect.get("major") else "minor")
                                    + ("_several" if several else ""))
    try:
        text = str(template.format(**fields))
    except KeyError:
        text = str(template)
    if rect["kind"] == "lead_restriction" and rect.get("remaining") and not rect.get("when"):
        # 51B2: declarer's choice named some suits only; the other cards stay penalty cards
        count = "several" if len(rect["remaining"]) > 1 else "one"
        text += i18n.text(lang, "explain.penalty_remaining", count).format(
            remaining=words.cards(rect["remaining"], lang))
    if rect["kind"] == "lead_restriction" and str(rect.get("law")) == "26A2" \
            and rect.get("seat") and isinstance(rect.get("suits"), list) \
            and "applies" not in rect:
        # while the auction goes on, 26A2 holds only if the offender does not name the suit
        # later in a legal call (26A1): said, so that the restriction is not read as certain
        offender = Seat.parse(str(rect["seat"])).partner
        named = i18n.text(lang, "explain.may", "or").join(
            i18n.text(lang, "explain.suits_accusative", s) for s in rect["suits"])
        text += i18n.text(lang, "explain.if_defending", "unless_named").format(
            offender=words.seat(str(offender), lang), suits=named)
    defends = i18n.text(lang, "explain.if_defending", "prefix").format_map(_Blank(fields))
    if rect.get("if_defending") and rect["kind"] == "penalty_card":
        text = defends + text  # the lead restrictions' templates say it themselves
    if rect.get("if"):
        # a refusal's preview that hangs on a later call (``if``: not_lowest_sufficient,
        # rho_passes, ...), said before the rectification itself; with the condition that the
        # offender's side defends, one condition joins the other ("if South passes and East's
        # side defends, ..."), not "if South passes, if East's side defends, ..."
        condition = i18n.text(lang, "explain.rect_if", str(rect["if"]),
                              default="").format_map(_Blank(fields))
        if condition and text.startswith(defends):
            joined = i18n.text(lang, "explain.if_defending", "joined").format_map(_Blank(fields))
            text = condition.rstrip(", ") + joined + text[len(defends):]
        else:
            text = condition + text
    return _conditional(rect, text, fields, lang)


def _conditional(rect: dict[str, Any], text: str, fields: Mapping[str, Any], lang: str) -> str:
    """A rectification that binds only if the offender's side defends (Laws 24, 26) says, once
    the auction is over, whether it binds (``applies``); the condition itself opens the
    sentence (:func:`rectification_text`)."""
    if not rect.get("if_defending"):
        return text
    card = rect["kind"] == "penalty_card"
    applies = rect.get("applies")
    if applies is not None:
        several = len(rect.get("cards") or ()) > 1
        key = "applies" if applies else (
            ("lapsed_cards" if several else "lapsed_card") if card else "lapsed")
        prefix = i18n.text(lang, "explain.if_defending", "prefix").format_map(_Blank(fields))
        if applies and text.startswith(prefix):
            # the auction is over and the side defends: the condition is no longer an "if"
            text = text[len(prefix):]
        text += i18n.text(lang, "explain.if_defending", key).format_map(_Blank(fields))
    return text


def _option_outcomes(option: dict[str, Any], lang: str) -> list[str]:
    """What each option of a choice not yet made brings, one sentence per option that brings
    something (10C1: the director explains every option before the player chooses)."""
    sentences = []
    for option_id, rects in (option.get("rectifications") or {}).items():
        if not rects or all(r["kind"] == "lead_restriction" for r in rects):
            continue  # a lead choice: the lead_restriction in force already says what it does
        what = "; ".join(rectification_text(r, lang) for r in rects)
        laws = list(dict.fromkeys(str(r["law"]) for r in rects if r.get("law")))
        text = i18n.text(lang, "explain.if_option").format(
            **words.in_words({"seat": option["seat"]}, lang),
            option=option_label(option_id, lang, option), what=what)
        sentences.append(_sentence(text, laws, lang))
    return sentences


def explain(ruling: Ruling, fact: Irregularity, table: Table, lang: str) -> str:
    """The director's explanation of a ruling, in ``lang`` (a language with a catalog)."""
    opening = _fact_text(fact.kind.value, fact.seat, dict(fact.details), lang)
    kind_laws = ruling.laws[:1]
    sentences = [_sentence(opening, kind_laws, lang)]
    data = ruling.to_dict()
    for option in data["options"]:
        if "chosen" not in option:
            sentences.append(_sentence(i18n.text(lang, "explain.option").format(
                **words.in_words({"seat": option["seat"]}, lang),
                ids="; ".join(option_label(i, lang, option) for i in option["ids"])), [], lang))
            sentences.extend(_option_outcomes(option, lang))
        else:
            sentences.append(_sentence(chosen_text(option, lang, fact.kind.value), [], lang))
    for rect in one_duty_per_seat([r for r in data["rectifications"]
                                   if not law50.picked_up(r, table)]):
        law = [rect["law"]] if rect.get("law") else []
        if rect["kind"] == "right_to_call_retained" and not (
                table.phase == "auction" and str(table.next) == rect.get("seat")):
            # Law 34: say "calls now" only while he is the one to call (state.next)
            rect = {**rect, "kind": "right_to_call_retained_used"}
        sentences.append(_sentence(rectification_text(rect, lang), law, lang))
    for note in ruling.notes:
        sentences.append(_sentence(note_text(note, lang), [note["law"]], lang))
    for flag in ruling.flags:
        sentences.append(_sentence(flag_text(flag, lang), [flag["law"]], lang))
    return " ".join(sentences)


def flag_text(flag: Mapping[str, Any], lang: str) -> str:
    """A point left to the director, in words, its fields filled (the explanation and the
    announcement of ``tdcourse rule`` say it the same way)."""
    text = i18n.text(lang, "explain.flag", str(flag["reason"]), default=str(flag["reason"]))
    return text.format_map(_Blank(_flag_fields(flag, lang)))


def _flag_fields(flag: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A flag's fields for its sentence: a 70C flag's two readings as each pair's tricks."""
    fields: dict[str, Any] = {}
    side = flag.get("side")
    if side:
        fields["side"] = words.side(side, lang)
        for reading in ("aware", "unaware"):
            tricks = flag.get(f"tricks_if_{reading}")
            if isinstance(tricks, Mapping):
                fields[f"{reading}_acc"] = words.counted(int(tricks[side]), lang, "tricks")
    return fields


def _first_opportunity(rect: Mapping[str, Any]) -> bool:
    return rect["kind"] == "must_play" and rect.get("when") == "first_legal_opportunity"


#: What penalty cards said in one sentence share: owner, clause, kind, and the conditions.
_ONE_PENALTY_SENTENCE = ("seat", "law", "major", "remains", "if_defending", "applies", "if")


def _same_penalty(first: Mapping[str, Any], rect: Mapping[str, Any]) -> bool:
    return first["kind"] == rect["kind"] == "penalty_card" and "card" in first \
        and "card" in rect and all(first.get(k) == rect.get(k) for k in _ONE_PENALTY_SENTENCE)


def one_duty_per_seat(rects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The penalty cards of one owner and their 50E duties, each stated once for all his cards:
    a director says that the ♥6 and the ♥9 become West's major penalty cards, and once that
    West must play them, one at each legal opportunity, not the same sentence for each card.
    The data keeps one rectification per card; the sentence comes from the first, listing the
    cards (``cards``) of those with the same seat, clause and conditions. (The explanation and
    the announcement say the rectifications through this; so may any list of them.)"""
    out: list[dict[str, Any]] = []
    for rect in rects:
        first = next((r for r in out if (_first_opportunity(r) and _first_opportunity(rect)
                                         and r["seat"] == rect["seat"]
                                         and r.get("law") == rect.get("law"))
                      or _same_penalty(r, rect)), None)
        if first is None:
            out.append(dict(rect))
        else:
            first["cards"] = [*first.get("cards", [first["card"]]), rect["card"]]
    for rect in out:
        if _first_opportunity(rect) and len(rect.get("cards", ())) > 1:
            rect["rule"] = "first_opportunity_several"
            del rect["when"]
    return out


def chosen_text(option: Mapping[str, Any], lang: str, kind: str | None = None) -> str:
    """A choice already made, told as what the player did (without its law): «Юг не принял
    недостаточную заявку», "South did not accept the insufficient bid", not a bare option
    label («Юг: не принять»). ``kind``: the irregularity's kind, naming what an ``accept`` or a
    ``refuse`` was about (``explain.accepted_what``; without it, "the irregularity")."""
    return i18n.text(lang, "explain.chosen").format(
        **words.in_words({"seat": option["seat"]}, lang),
        done=option_done(str(option["chosen"]), lang, option, kind))


def option_done(option_id: str, lang: str, about: Mapping[str, Any] | None = None,
                kind: str | None = None) -> str:
    """An option id as a choice made, in the past tense (``explain.option_done``): the same
    fields as its label in :func:`option_label` (the suit, the card), and for ``accept`` and
    ``refuse`` the irregularity accepted or refused."""
    table = "explain.option_done"
    if option_id in ("keep", "withdraw") and about and about.get("card") and about.get("whose"):
        return i18n.text(lang, table, f"{option_id}_{about['whose']}").format(
            card=words.card(about["card"], lang))
    verb, _, suit = option_id.partition("_")
    if verb == "prohibit" and len(suit) > 1:
        names = i18n.text(lang, "explain.may", "and").join(
            i18n.text(lang, "explain.suits_accusative", s, default=s) for s in suit)
        return i18n.text(lang, table, "prohibit_several").format(suits=names)
    if verb in ("require", "prohibit") and suit:
        return i18n.text(lang, table, verb).format(
            suit=i18n.text(lang, "explain.suits_accusative", suit, default=suit))
    if verb == "no" and len(suit) == 1:
        return i18n.text(lang, table, verb).format(
            suit=i18n.text(lang, "explain.suit_cards", suit, default=suit))
    if verb == "play" and len(suit) == 2:
        key = "play_designated" if about and about.get("designates") else verb
        return i18n.text(lang, table, key).format(card=words.card(suit, lang))
    if option_id in ("accept", "refuse"):
        what = i18n.text(lang, "explain.accepted_what", kind or "default",
                         default=i18n.text(lang, "explain.accepted_what", "default"))
        return i18n.text(lang, table, option_id).format(what=what)
    return i18n.text(lang, table, option_id, default=option_label(option_id, lang, about))


def note_text(note: Mapping[str, Any], lang: str) -> str:
    """A ruling's note in words (without its law): the note's seats, calls and pair named."""
    text = i18n.text(lang, "explain.note", str(note["topic"]), default=str(note["topic"]))
    fields = words.in_words({"side": "", "seat": "", "caller": "", **note}, lang)
    fields["condition"] = i18n.text(lang, "explain.condition", str(note.get("condition", "")),
                                    default="")
    return text.format_map(_Blank(fields))
