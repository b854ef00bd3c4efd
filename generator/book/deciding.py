"""What decides a worked example's ruling, and why the neighbouring clause does not apply.

A ruling rests on one clause because of one fact of the deal, the auction or the play: the
replacement of an insufficient bid was (or was not) the lowest sufficient bid in the same
denomination (27B1 / 27B2), a pass out of rotation came at the right-hand opponent's or at the
partner's turn (30B1 / 30B2), a lead out of turn was accepted or refused (53A / 56), an exposed
card was an honour or a small card (50E / 50D), a revoke was pointed out before or after it was
established (62 / 64). :data:`TABLE` names, for each such clause, the neighbouring clause and how
to change the deciding fact in the case (a *counterfactual*); the words are the catalogs'
``examples.deciding`` texts, written in our own words and filled from the case (seats in their
grammatical cases, calls, cards).

Some counterfactuals make another irregularity of the case (a simultaneous call made before the
call in turn, or a call after the final pass made before that pass, is a call out of rotation; a
card of declarer's side played out of turn, played by a defender, is a premature play): the
entry names it (:attr:`Entry.after`) and the engine's ruling on it is the one checked. Some play
on (a corrected revoke left to the end of the board, a defective trick noticed after both sides
played to the next trick): the cards added are each time the lowest legal card of the player in
turn, so the same case always gives the same counterfactual.

Nothing here is asserted on trust: :func:`deciding` builds the counterfactual case, has the
engine rule it, and keeps the claim only when the engine's ruling on the changed case cites the
neighbouring clause and no longer cites the example's clause. Where no table entry fits or the
engine does not confirm, the example gets no paragraph (never a guess).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from generator import i18n
from generator.errors import TdcourseError
from generator.laws import words
from generator.laws.ruler import LawRuler
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.scenarios import moments
from generator.scenarios.keys import ruling_of
from generator.scenarios.play import allowed_cards
from generator.table.case import parse_case
from generator.table.detect import replay
from generator.table.events import parse_event
from generator.table.state import Table

#: Honours, for the exposed-card counterfactual (50B: ace, king, queen, jack or ten).
HONOURS = "AKQJT"
_CHOICE = re.compile(r"^([NESW]) (accepts|refuses|chooses \S+)$")
_CALL = re.compile(r"^([NESW]) (\S+)$")
_STRAINS = ("C", "D", "H", "S", "NT")

Case = dict[str, Any]
#: A counterfactual: (the example's case, its main fact, the entry's parameter) -> the changed
#: case and the fields of the text, or ``None`` when the change makes no sense for this case.
Transform = Callable[[Case, Mapping[str, Any], str], "tuple[Case, dict[str, str]] | None"]


@dataclass(frozen=True)
class Entry:
    """One clause of :data:`TABLE`: its neighbour and how to change the deciding fact."""

    clause: str
    neighbour: str
    transform: str
    param: str = ""
    kinds: tuple[str, ...] = ()
    #: the catalog key of the words (``examples.deciding.<text>``; the clause when empty)
    text: str = ""
    #: the irregularities the changed case may be ruled on, when the change makes it another
    #: one (a simultaneous call made before the call in turn is a pass, bid or double out of
    #: rotation), tried in order; empty: the example's own kind
    after: tuple[str, ...] = ()
    #: for a clause that decides both ways (a request granted or refused under the same 20B):
    #: the rectification the changed case must bring instead of the example's; the neighbour
    #: is then the clause itself
    outcome: str = ""


@dataclass(frozen=True)
class Decision:
    """A confirmed claim: the example's clause, its neighbour, the fields of the text and the
    counterfactual case the engine ruled (kept so a test can rule it again)."""

    clause: str
    neighbour: str
    key: str
    fields: dict[str, str]
    counterfactual: Case
    #: the irregularity whose ruling on the changed case confirmed the claim (empty: the
    #: example's own)
    kind: str = ""
    #: the rectification the counterfactual brings instead (an entry decided by its outcome
    #: under the same clause, :attr:`Entry.outcome`)
    outcome: str = ""


# --------------------------------------------------------------------------- helpers


def _events(case: Mapping[str, Any]) -> list[str]:
    return [str(e) for e in case["events"]]


def _with(case: Mapping[str, Any], events: list[str]) -> Case:
    out = {k: v for k, v in case.items() if k != "events"}
    out["events"] = events
    return out


def _bid_parts(call: str) -> tuple[int, str] | None:
    match = re.fullmatch(r"([1-7])(NT|[CDHS])", call)
    return (int(match.group(1)), match.group(2)) if match else None


def _choice_after(events: list[str], at: int) -> int | None:
    """The index of the first accept/refuse/choice after the irregular event."""
    return next((i for i in range(at + 1, len(events)) if _CHOICE.match(events[i])), None)


# --------------------------------------------------------------------------- transforms


def _flip(case: Case, fact: Mapping[str, Any], param: str) -> tuple[Case, dict[str, str]] | None:
    """The choice the irregularity opened made the other way (``param``: ``accepts``,
    ``refuses`` or ``chooses <id>``); what followed the choice is left out."""
    events = _events(case)
    at = int(fact["event"])
    index = _choice_after(events, at)
    if index is None:
        return None
    match = _CHOICE.match(events[index])
    assert match is not None
    who, made = match.group(1), match.group(2)
    if made == param:
        return None
    changed = [*events[:index], f"{who} {param}"]
    return _with(case, changed), {"who": who, "seat": str(fact.get("seat") or "")}


def _replacement(case: Case, fact: Mapping[str, Any],
                 param: str) -> tuple[Case, dict[str, str]] | None:
    """The bid that replaced an insufficient bid changed: to the lowest sufficient bid in the
    same denomination (``lowest``), or from it to the next level up (``higher``)."""
    details = fact.get("details") or {}
    seat = str(fact.get("seat") or "")
    lowest = str(details.get("lowest_sufficient") or "")
    events = _events(case)
    at = int(fact["event"])
    index = next((i for i in range(at + 1, len(events))
                  if (m := _CALL.match(events[i])) and m.group(1) == seat
                  and m.group(2) not in ("accepts", "refuses")), None)
    if index is None or not lowest:
        return None
    new = _CALL.match(events[index]).group(2)  # type: ignore[union-attr]
    parts = _bid_parts(lowest)
    if parts is None:
        return None
    if param == "lowest":
        if new == lowest:
            return None
        alt = lowest
    else:
        if new != lowest or parts[0] >= 7:
            return None
        alt = f"{parts[0] + 1}{parts[1]}"
    changed = [*events[:index], f"{seat} {alt}"]
    partner = str(Seat.parse(seat).partner)
    return _with(case, changed), {"seat": seat, "partner": partner, "call": str(
        details.get("call") or ""), "new": new, "alt": alt, "lowest": lowest}


def _relation(case: Case, fact: Mapping[str, Any],
              param: str) -> tuple[Case, dict[str, str]] | None:
    """The same call out of rotation at the same turn, made by another player: the one for
    whom that turn is his right-hand opponent's (``rho``) or his partner's (``partner``). The
    choice after it is made by the new offender's left-hand opponent; what followed is left
    out, except the call of the player whose turn it was (the ruling of a call at the RHO's
    turn waits for it)."""
    details = fact.get("details") or {}
    turn_code = str(details.get("turn") or "")
    if not turn_code or details.get("relation") == param or details.get("before_any_bid"):
        return None
    turn = Seat.parse(turn_code)
    offender = turn.lho if param == "rho" else turn.partner
    events = _events(case)
    at = int(fact["event"])
    match = _CALL.match(events[at])
    index = _choice_after(events, at)
    if match is None or index is None:
        return None
    call = match.group(2)
    choice = _CHOICE.match(events[index])
    assert choice is not None
    if choice.group(2) not in ("accepts", "refuses"):
        return None
    changed = [*events[:at], f"{offender} {call}", *events[at + 1:index],
               f"{offender.lho} {choice.group(2)}"]
    later = next((e for e in events[index + 1:] if (m := _CALL.match(e))
                  and m.group(1) == turn_code), None)
    if later is not None and param == "rho":
        changed.append(later)
    return _with(case, changed), {"seat": str(fact.get("seat") or ""), "turn": turn_code,
                                  "other": str(offender), "call": call}


def _card(case: Case, fact: Mapping[str, Any], param: str) -> tuple[Case, dict[str, str]] | None:
    """The one exposed card changed for another card of the same hand, not yet seen: an honour
    (``honour``) for a small card, or a small card (``small``) for an honour."""
    details = fact.get("details") or {}
    shown = str(details.get("cards") or details.get("card") or "").split()
    seat = str(fact.get("seat") or "")
    if len(shown) != 1 or not seat or not case.get("deal"):
        return None
    card = Card.parse(shown[0])
    honour = str(card)[-1] in HONOURS
    if honour == (param == "honour"):
        return None
    from generator.model.deal import Deal

    hand = Deal.parse(str(case["deal"]))[Seat.parse(seat)]
    if hand is None:
        return None
    events = _events(case)
    at = int(fact["event"])
    seen = set(re.findall(r"\b[CDHS][2-9TJQKA]\b", " ".join(events[:at])))
    pool = [c for c in hand.cards if str(c) not in seen and str(c) != str(card)
            and (str(c)[-1] in HONOURS) == (param == "honour")]
    if not pool:
        return None
    # the same suit first, then the others; within a suit the card nearest the one shown
    order = sorted(pool, key=lambda c: (c.suit is not card.suit, str(c)))
    alt = str(order[0])
    changed = [*events[:at], events[at].replace(str(card), alt)]
    if events[at + 1:at + 2] == [moments.DIRECTOR]:
        changed.append(moments.DIRECTOR)
    return _with(case, changed), {"seat": seat, "card": str(card), "alt": alt}


def _at_once(case: Case, fact: Mapping[str, Any],
             param: str) -> tuple[Case, dict[str, str]] | None:
    """A revoke pointed out at once: the play up to the revoking card, then the director."""
    events = _events(case)
    at = int(fact["event"])
    if at + 1 < len(events) and events[at + 1] == moments.DIRECTOR:
        return None  # it was pointed out at once already
    details = fact.get("details") or {}
    return _with(case, [*events[:at + 1], moments.DIRECTOR]), {
        "seat": str(fact.get("seat") or ""), "card": str(details.get("card") or "")}


def _table(case: Mapping[str, Any]) -> Table:
    """The table after the case's events (the engine's own replay, with its rulings' duties)."""
    parsed = parse_case(json.dumps(dict(case)), "counterfactual.json")
    return replay(parsed, LawRuler(parsed.edition))


def _lowest(table: Table, seat: Seat) -> Card | None:
    """The card a player plays when the counterfactual needs one more: his lowest card that
    breaks no duty (lowest rank, then suit order), so the same case always gets the same card."""
    cards = allowed_cards(table, seat)
    return min(cards, key=lambda c: (c.rank.order, c.suit.order)) if cards else None


def _play_on(case: Case, events: list[str], done: Callable[[Table], bool],
             limit: int = 60) -> list[str] | None:
    """``events`` and then, one card at a time, the lowest legal card of the player in turn
    (:func:`_lowest`) until ``done`` holds for the table; ``None`` if the play stops first
    (a choice or a ruling waits, the board ends) or ``limit`` cards do not get there."""
    table = _table(_with(case, events))
    out = list(events)
    for _ in range(limit):
        if done(table):
            return out
        seat = table.next
        if table.phase != "play" or seat is None:
            return None
        card = _lowest(table, seat)
        if card is None:
            return None
        event = f"{seat} {'leads' if table.leading else 'plays'} {card}"
        table.apply(parse_event(event))
        out.append(event)
    return out if done(table) else None


def _played_on(events: list[str], at: int) -> list[str] | None:
    """The events up to the irregular one and the plain play after it, without the call for the
    director that ends an example's moment; ``None`` when a choice or ruling came between."""
    tail = events[at + 1:]
    while tail and tail[-1] == moments.DIRECTOR:
        tail = tail[:-1]
    if any(e == moments.DIRECTOR or _CHOICE.match(e) for e in tail):
        return None
    return [*events[:at + 1], *tail]


def _established(case: Case, fact: Mapping[str, Any],
                 param: str) -> tuple[Case, dict[str, str]] | None:
    """A revoke corrected at once, left instead to be found at the end of the board: the play
    goes on from the revoking card (the lowest legal cards) to the last trick, so the offending
    side plays to the next trick and the revoke is established; then the director."""
    events = _events(case)
    at = int(fact["event"])
    if events[at + 1:at + 2] != [moments.DIRECTOR]:
        return None  # not pointed out at once: established already
    seat = str(fact.get("seat") or "")
    played = _play_on(case, events[:at + 1], lambda t: t.phase != "play")
    if played is None or not seat:
        return None
    details = fact.get("details") or {}
    return _with(case, [*played, moments.DIRECTOR]), {"seat": seat,
                                                      "card": str(details.get("card") or "")}


def _late(case: Case, fact: Mapping[str, Any], param: str) -> tuple[Case, dict[str, str]] | None:
    """A defective trick noticed later: the play goes on (the lowest legal cards) until a player
    of each side has played to the trick after it; then the director."""
    details = fact.get("details") or {}
    number = int(details.get("trick") or 0)
    events = _played_on(_events(case), int(fact["event"]))
    if not number or events is None:
        return None

    def late(table: Table) -> bool:
        if len(table.tricks) != number:
            return len(table.tricks) > number
        plays = table.current.plays if table.current is not None else []
        return len({s.side for s, _ in plays}) == 2

    if late(_table(_with(case, events))):
        return None  # noticed late already
    played = _play_on(case, events, late)
    if played is None:
        return None
    if details.get("extra"):
        return None  # a card too many: the words speak of a card missing
    missing = str(details.get("missing") or fact.get("seat") or "").split(",")[0]
    return _with(case, [*played, moments.DIRECTOR]), {"seat": missing}


def _single(case: Case, fact: Mapping[str, Any],
            param: str) -> tuple[Case, dict[str, str]] | None:
    """Several cards exposed at once, changed to one of them alone: the lowest small card among
    them (an honour alone would be a major penalty card anyway)."""
    details = fact.get("details") or {}
    shown = [Card.parse(c) for c in str(details.get("cards") or "").split()]
    small = [c for c in shown if str(c)[-1] not in HONOURS]
    seat = str(fact.get("seat") or "")
    events = _events(case)
    at = int(fact["event"])
    if len(shown) < 2 or not small or not seat or not events[at].startswith(f"{seat} exposes "):
        return None
    alone = min(small, key=lambda c: (c.rank.order, c.suit.order))
    changed = [*events[:at], f"{seat} exposes {alone}"]
    if events[at + 1:at + 2] == [moments.DIRECTOR]:
        changed.append(moments.DIRECTOR)
    cards = " ".join(str(c) for c in shown)
    return _with(case, changed), {"seat": seat, "cards": cards, "alt": str(alone)}


def _early(case: Case, fact: Mapping[str, Any], param: str) -> tuple[Case, dict[str, str]] | None:
    """The call made a moment earlier: a simultaneous call before the call it came with
    (``simultaneous``), a call after the final pass before that pass (``final``). Either is
    then a call out of rotation, which the offender's left-hand opponent refuses."""
    events = _events(case)
    at = int(fact["event"])
    match = _CALL.match(events[at].removesuffix(" simultaneous"))
    before = _CALL.match(events[at - 1]) if at else None
    seat = str(fact.get("seat") or "")
    if match is None or before is None or match.group(1) != seat or before.group(1) == seat:
        return None
    if param == "final" and before.group(2) != "P":
        return None
    call = match.group(2)
    lho = str(Seat.parse(seat).lho)
    changed = [*events[:at - 1], f"{seat} {call}", f"{lho} refuses"]
    return _with(case, changed), {"seat": seat, "other": before.group(1), "call": call,
                                  "who": lho}


def _over(case: Case, fact: Mapping[str, Any], param: str) -> tuple[Case, dict[str, str]] | None:
    """The offender's left-hand opponent passes over the call before anybody draws attention to
    it, and then the director is called."""
    events = _events(case)
    at = int(fact["event"])
    seat = str(fact.get("seat") or "")
    match = _CALL.match(events[at])
    if match is None or match.group(1) != seat:
        return None
    lho = str(Seat.parse(seat).lho)
    if events[at + 1:at + 2] == [f"{lho} P"]:
        return None
    return _with(case, [*events[:at + 1], f"{lho} P", moments.DIRECTOR]), {
        "seat": seat, "who": lho, "call": match.group(2)}


def _defender(case: Case, fact: Mapping[str, Any],
              param: str) -> tuple[Case, dict[str, str]] | None:
    """A card of declarer's side played out of turn, played instead by the defender who was not
    in turn (his lowest legal card): a defender playing before his partner."""
    details = fact.get("details") or {}
    events = _events(case)
    at = int(fact["event"])
    turn_code = str(details.get("turn") or "")
    if not turn_code:
        return None
    table = _table(_with(case, events[:at]))
    turn = Seat.parse(turn_code)
    if not table.is_defender(turn) or table.leading or table.current is None:
        return None
    other = turn.partner
    if other in table.current.seats():
        return None
    card = _lowest(table, other)
    if card is None:
        return None
    return _with(case, [*events[:at], f"{other} plays {card}"]), {
        "seat": str(fact.get("seat") or ""), "turn": turn_code, "other": str(other),
        "card": str(details.get("card") or ""), "alt": str(card)}


def _before_call(case: Case, fact: Mapping[str, Any],
                 param: str) -> tuple[Case, dict[str, str]] | None:
    """Cards of another board found before their holder's first call."""
    events = _events(case)
    at = int(fact["event"])
    seat = str(fact.get("seat") or "")
    first = next((i for i in range(at) if (m := _CALL.match(events[i])) and m.group(1) == seat
                  and m.group(2) not in ("accepts", "refuses")), None)
    if first is None or not seat:
        return None
    return _with(case, [*events[:first], f"{seat} wrong-board"]), {"seat": seat}


def _asker(case: Case, fact: Mapping[str, Any],
           param: str) -> tuple[Case, dict[str, str]] | None:
    """The same request made by another player at the same moment: the player whose turn it
    is (``in_turn``: the request the example refused would be granted) or his partner
    (``not_in_turn``: the request the example granted would be refused). What followed the
    request is left out."""
    events = _events(case)
    at = int(fact["event"])
    seat = str(fact.get("seat") or "")
    if not seat or not re.fullmatch(r"[NESW] asks \S+", events[at]):
        return None
    before = moments.rule(_with(case, events[:at]), "counterfactual")
    turn = (before.get("state") or {}).get("next")
    if not turn:
        return None
    # the example's asker was out of turn (refused) for ``in_turn``, in turn (granted) for
    # ``not_in_turn``: a request refused for another reason (a player obliged to pass) has no
    # such counterfactual
    if (seat == turn) != (param == "not_in_turn"):
        return None
    other = turn if param == "in_turn" else str(Seat.parse(turn).partner)
    request = events[at].split(" ", 1)[1]
    return _with(case, [*events[:at], f"{other} {request}"]), {
        "seat": seat, "other": other, "turn": str(turn)}


def _looked(case: Case, fact: Mapping[str, Any],
            param: str) -> tuple[Case, dict[str, str]] | None:
    """Dummy's earlier look at another hand (Law 43B2: he lost his rights) taken out
    (``remove``) or put in just before the irregularity he drew attention to (``add``: he looks
    at the hand of the player whose irregularity it is)."""
    events = _events(case)
    at = int(fact["event"])
    seat = str(fact.get("seat") or "")
    details = fact.get("details") or {}
    looks = [i for i in range(at) if re.fullmatch(rf"{seat} looks [NESW]", events[i])]
    if param == "remove":
        if not looks:
            return None
        target = events[looks[-1]].split()[-1]
        changed = [e for i, e in enumerate(events[:at + 1]) if i not in looks]
        return _with(case, changed), {"seat": seat, "other": target}
    owner = str(details.get("owner") or "")
    if looks or not owner or owner == seat or at < 1:
        return None
    changed = [*events[:at - 1], f"{seat} looks {owner}", *events[at - 1:at + 1]]
    return _with(case, changed), {"seat": seat, "other": owner}


def _answer(case: Case, fact: Mapping[str, Any],
            param: str) -> tuple[Case, dict[str, str]] | None:
    """The opponent's answer to a claim turned the other way (``disputes`` or ``acquiesces``);
    an answer he later withdrew (69B) is left alone."""
    events = _events(case)
    answers = [i for i, e in enumerate(events) if re.fullmatch(r"[NESW] (disputes|acquiesces)", e)]
    if not answers:
        return None
    at = answers[-1]
    who, made = events[at].split()
    if made == param or any(e.endswith(" withdraws") for e in events[at + 1:]):
        return None
    return _with(case, [*events[:at], f"{who} {param}", *events[at + 1:]]), {
        "who": who, "seat": str(fact.get("seat") or "")}


def _during_auction(case: Case, fact: Mapping[str, Any],
                    param: str) -> tuple[Case, dict[str, str]] | None:
    """What was found during the play (a player had played the board before) found instead
    after the first call of the auction."""
    events = _events(case)
    at = int(fact["event"])
    first = next((i for i, e in enumerate(events) if _CALL.match(e)
                  and e.split()[1] not in ("accepts", "refuses")), None)
    if first is None or first + 1 >= at or not any(" plays " in e or " leads " in e
                                                     for e in events[:at]):
        return None
    return _with(case, [*events[:first + 1], events[at]]), {"seat": str(fact.get("seat") or "")}


TRANSFORMS: dict[str, Transform] = {
    "answer": _answer,
    "during_auction": _during_auction,
    "looked": _looked,
    "asker": _asker,
    "flip": _flip, "replacement": _replacement, "relation": _relation, "card": _card,
    "at_once": _at_once, "established": _established, "late": _late, "single": _single,
    "early": _early, "over": _over, "defender": _defender, "before_call": _before_call,
}

#: Clause -> its neighbour and the counterfactual that tests it, in the order an example's
#: clauses are tried (the more particular clause first: a refused pass out of rotation turns on
#: its 30B clause before its 29A cancellation). The words are ``examples.deciding.<key>``.
TABLE: tuple[Entry, ...] = (
    Entry("27B1", "27B2", "replacement", "higher", ("insufficient_bid",)),
    Entry("27B2", "27B1", "replacement", "lowest", ("insufficient_bid",)),
    Entry("27A", "27B", "flip", "refuses", ("insufficient_bid",), "accepted"),
    Entry("25B1", "25B2", "flip", "refuses", ("change_of_call",), "accepted"),
    Entry("25B2", "25B1", "flip", "accepts", ("change_of_call",), "refused"),
    Entry("30B1", "30B2", "relation", "partner", ("pass_out_of_rotation",), "at_rho"),
    Entry("30B2", "30B1", "relation", "rho", ("pass_out_of_rotation",), "at_partner"),
    Entry("31A1", "31B", "relation", "partner", ("bid_out_of_rotation",), "at_rho"),
    Entry("31A2a", "31B", "relation", "partner", ("bid_out_of_rotation",), "at_rho"),
    Entry("31A2b", "31B", "relation", "partner", ("bid_out_of_rotation",), "at_rho"),
    Entry("31B", "31A", "relation", "rho", ("bid_out_of_rotation",), "at_partner"),
    Entry("32B1", "32A", "relation", "partner", ("double_out_of_rotation",), "at_rho"),
    Entry("32B2", "32A", "relation", "partner", ("double_out_of_rotation",), "at_rho"),
    Entry("32A", "32B", "relation", "rho", ("double_out_of_rotation",), "at_partner"),
    Entry("29B", "29A", "flip", "refuses", (), "accepted"),
    Entry("29A", "29B", "flip", "accepts", (), "refused"),
    Entry("24A", "24B", "card", "honour", ("card_exposed_during_auction",), "small"),
    Entry("24B", "24A", "card", "small", ("card_exposed_during_auction",), "honour"),
    Entry("50D", "50E", "card", "honour", ("exposed_card",), "small"),
    Entry("50E", "50D", "card", "small", ("exposed_card",), "honour"),
    Entry("53A", "56", "flip", "refuses", ("lead_out_of_turn",), "accepted"),
    Entry("56", "53A", "flip", "accepts", ("lead_out_of_turn",), "refused"),
    Entry("54A", "54B", "flip", "accepts", ("opening_lead_out_of_turn",), "spread"),
    Entry("54B", "54A", "flip", "chooses spread", ("opening_lead_out_of_turn",), "accepted"),
    Entry("55A", "55B", "flip", "refuses", ("declarer_lead_out_of_turn",), "accepted"),
    Entry("55B1", "55A", "flip", "accepts", ("declarer_lead_out_of_turn",), "refused"),
    Entry("55B2", "55A", "flip", "accepts", ("declarer_lead_out_of_turn",), "refused"),
    Entry("57A1", "57A2", "flip", "chooses lowest", ("premature_play",), "declarer_choice"),
    Entry("57A2", "57A1", "flip", "chooses highest", ("premature_play",), "declarer_choice"),
    Entry("57A3", "57A1", "flip", "chooses highest", ("premature_play",), "declarer_choice"),
    Entry("64A1", "62A", "at_once", "", ("revoke",), "established"),
    Entry("64A2", "62A", "at_once", "", ("revoke",), "established"),
    Entry("64B", "62A", "at_once", "", ("revoke",), "established"),
    Entry("64C", "62A", "at_once", "", ("revoke",), "established"),
    Entry("62B1", "64", "established", "", ("revoke",), "corrected"),
    Entry("62B2", "64", "established", "", ("revoke",), "corrected"),
    Entry("62A", "64", "established", "", ("revoke",), "corrected"),
    Entry("67A", "67B", "late", "", ("defective_trick",), "defective_in_time"),
    Entry("50E", "50D", "single", "", ("exposed_card",), "several"),
    Entry("52B1", "52B2", "flip", "chooses substitute", ("penalty_card_not_played",),
          "penalty_accepted"),
    Entry("52B2", "52B1", "flip", "chooses accept", ("penalty_card_not_played",),
          "penalty_substituted"),
    Entry("33", "29A", "early", "simultaneous", ("simultaneous_call",), "simultaneous",
          ("pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation")),
    Entry("39", "29A", "early", "final", ("call_after_final_pass",), "after_final",
          ("pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation")),
    Entry("36", "35A", "over", "", ("inadmissible_double", "inadmissible_redouble"),
          "inadmissible"),
    Entry("38", "35C", "over", "", ("bid_above_seven",), "above_seven"),
    Entry("48A", "57", "defender", "", ("play_out_of_turn",), "declarer_side",
          ("premature_play",)),
    Entry("12C1", "17D", "before_call", "", ("cards_from_wrong_board",), "wrong_board"),
    Entry("43A1b", "43B2b", "looked", "add", ("dummy_draws_attention",), "dummy_kept_rights"),
    Entry("43B2b", "43A1b", "looked", "remove", ("dummy_draws_attention",),
          "dummy_lost_rights"),
    Entry("43B2a", "42B2", "looked", "remove", ("dummy_warns",), "dummy_warned_after_looking"),
    Entry("70A", "69A", "answer", "acquiesces", ("claim",), "claim_disputed"),
    Entry("70C", "69A", "answer", "acquiesces", ("claim",), "claim_disputed"),
    Entry("70D", "69A", "answer", "acquiesces", ("claim",), "claim_disputed"),
    Entry("70E", "69A", "answer", "acquiesces", ("claim",), "claim_disputed"),
    Entry("69A", "70", "answer", "disputes", ("claim",), "claim_accepted"),
    Entry("15B", "15C", "during_auction", "", ("board_not_designated",), "played_before_late"),
    Entry("17D", "12C1", "flip", "chooses cancel", ("cards_from_wrong_board",),
          "wrong_board_continued"),
    Entry("20B", "20B", "asker", "not_in_turn", ("review_request",), "review_granted",
          outcome="request_refused"),
    Entry("20B", "20B", "asker", "in_turn", ("review_request",), "review_refused",
          outcome="request_permitted"),
    Entry("20F1", "20F1", "asker", "not_in_turn", ("explanation_request",),
          "explanation_granted", outcome="request_refused"),
    Entry("20F1", "20F1", "asker", "in_turn", ("explanation_request",),
          "explanation_refused", outcome="request_permitted"),
)


def key(entry: Entry) -> str:
    """The catalog key of an entry's text (``examples.deciding.<key>``)."""
    return entry.text or entry.clause


def _rule(case: Case) -> dict[str, Any]:
    text = json.dumps(case, sort_keys=True)
    if text not in _RULED:
        _RULED[text] = moments.rule(case, "counterfactual")
    return _RULED[text]


_RULED: dict[str, dict[str, Any]] = {}


def confirms(entry: Entry, kind: str, case: Case) -> bool:
    """Whether the engine's ruling of ``case`` on the irregularity ``kind`` rests on the entry's
    neighbour and not on its clause (:func:`operative`; the neighbour counts as cited when a
    clause inside it is: ``55B`` by ``55B2``)."""
    try:
        ruling = ruling_of(_rule(case), kind)
    except TdcourseError:  # a changed case the case format or the table refuses confirms nothing
        return False
    if ruling is None:
        return False
    refs = operative(ruling)
    if entry.outcome:
        return any(r.get("kind") == entry.outcome and str(r.get("law")) == entry.neighbour
                   for r in ruling.get("rectifications") or ())
    return any(r.startswith(entry.neighbour) for r in refs) and entry.clause not in refs


def rests_on(ruling: Mapping[str, Any]) -> list[str]:
    """The clauses an example's ruling rests on: :func:`operative`, or, when the ruling imposes
    nothing (the non-offender chose to play the board on, 17D), the clauses it cites."""
    return operative(ruling) or [str(r) for r in ruling.get("laws") or ()]


def operative(ruling: Mapping[str, Any]) -> list[str]:
    """The clauses a ruling rests on: those of its rectifications (what it does), not those it
    cites as background or for options no longer open (an accepted lead out of turn still
    names 56, the refusal it did not choose)."""
    return [str(r["law"]) for r in ruling.get("rectifications") or () if r.get("law")]


def deciding(record: Mapping[str, Any], case: Case,
             ruling: Mapping[str, Any]) -> Decision | None:
    """The confirmed decision of an example: the first entry of :data:`TABLE` whose clause the
    example's ruling rests on (:func:`rests_on`) and whose counterfactual the engine rules
    under the neighbour."""
    kind = str(record["kind"])
    facts = [i for i in ruling_irregularities(record) if i["kind"] == kind]
    if not facts:
        return None
    fact = facts[-1]
    refs = set(rests_on(ruling))
    for entry in TABLE:
        if entry.clause not in refs or (entry.kinds and kind not in entry.kinds):
            continue
        made = TRANSFORMS[entry.transform](case, fact, entry.param)
        if made is None:
            continue
        changed, fields = made
        for after in entry.after or ("",):
            if confirms(entry, after or kind, changed):
                return Decision(entry.clause, entry.neighbour, key(entry), fields, changed,
                                after, entry.outcome)
    return None


def ruling_irregularities(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The record's irregularities (the facts the transforms change)."""
    return list(record.get("irregularities") or [])


def text(decision: Decision, lang: str) -> str:
    """The paragraph in ``lang``, fields in words (seats declined, calls and cards with their
    symbols), its clauses in the "(Law 27B1)" form the examples link."""
    fields: dict[str, str] = {}
    for name, value in decision.fields.items():
        if name in ("seat", "partner", "who", "turn", "other") and value:
            fields[name] = words.seat(value, lang)
            for case in i18n.CASE_SUFFIXES:
                fields[f"{name}_{case}"] = words.seat(value, lang, case)
        elif name in ("call", "new", "alt", "lowest") and not re.fullmatch(
                r"[CDHS][2-9TJQKA]", value):
            fields[name] = words.call(value, lang)
            for case in i18n.CASE_SUFFIXES:
                fields[f"{name}_{case}"] = words.call(value, lang, case)
        elif name == "cards":
            fields[name] = words.cards(value, lang)
        else:
            fields[name] = words.card(value, lang)
    template = i18n.text(lang, "examples.deciding", decision.key)
    return template.format(main=decision.clause, neighbour=decision.neighbour, **fields)
