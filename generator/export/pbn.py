"""PBN: the deals behind the exported questions, for dealing machines and bridge programs.

A federation that runs a director's course with real boards wants the very deals of the quiz on
the table: this writes one PBN game per scenario, in PBN 2.1 export format (the fifteen mandatory
tags in their fixed order, then the supplemental ones in name order, CR LF line ends), which
Bridge Composer, dealing-machine software and libraries such as endplay read.

Tags and what they hold:

* ``Event`` ``"tdcourse 1987"``; ``Site``, the four players and ``Scoring`` are empty (they do not
  apply to a made-up situation); ``Date`` is ``"????.??.??"`` (unknown), so the same bank always
  gives the same bytes;
* ``Board``, ``Dealer``, ``Vulnerable`` (PBN's ``All`` for both sides) and ``Deal`` as in the bank:
  the board number sets dealer and vulnerability in the usual cycle, so programs that derive them
  from the number agree;
* ``Declarer``, ``Contract`` and ``Result`` as the engine rules the scenario: the final contract,
  and the tricks credited to declarer after rectification (a revoke's transferred tricks
  included), which is what the score is based on. A passed-out board has ``Contract "Pass"`` and
  empty declarer and result; a board that never reached a contract (say, the wrong board was
  taken out) has ``"?"`` for all three;
* ``Auction`` only when the calls that stand form a regular auction, dealer first and in
  rotation, that ends in the stated contract: PBN has no notation for a call out of rotation or a
  cancelled bid, and a program that replays the auction must not reach a different contract;
* ``Play`` only when the cards were led and played regularly: the opening lead by declarer's
  left-hand opponent, each trick led by the winner of the one before, each player in turn, each
  card from the player's own hand, following suit when able. Each line is a trick, its cards in
  the order of the seats from the opening leader (PBN's columns), ``-`` for a card not yet played
  to the trick in progress; a play that stops mid-hand simply has fewer lines. These are the
  cards the quiz page lists for the board. A lead out of turn, a revoke or a card played out of
  rotation cannot be written so that a program replays it as it happened, so such a play is
  not a Play section; its cards go, in the order they were played, into a comment;
* ``Score`` (``"NS 420"``) when the board has a score.

What happened at the table — the irregularity and the director's ruling, in the language of the
export — goes into ``{...}`` comments before the supplemental tags, one per line, together with
the scenario id and, for an irregular auction or play, its calls or cards in the order they were
made. The deal,
tags and card notation stay ASCII; comments in another script make the file UTF-8.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from generator.errors import IllegalCallError, ParseError, TdcourseError
from generator.export.html import clean, word
from generator.table import events as event_log

EVENT = "tdcourse 1987"
#: PBN's "date unknown": the export does not depend on the day it is run.
DATE = "????.??.??"
EOL = "\r\n"
#: Comment lines are kept well under PBN's limit of 255 characters.
COMMENT_WIDTH = 78
_VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
_CALL_TOKENS = {"P": "Pass", "X": "X", "XX": "XX"}
_SUIT_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def tag(name: str, value: Any) -> str:
    """``[Name "value"]`` with PBN's escapes for a quote or a backslash inside the value."""
    text = clean(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def comment_lines(text: str, width: int = COMMENT_WIDTH) -> list[str]:
    """``text`` as ``{...}`` comment lines.

    Braces inside become parentheses (a ``}`` would end the comment early), and each line is a
    comment of its own, so no line of the file starts with ``%`` (an escape line) or ``[``. The
    rulings show cards with suit symbols (♥K); PBN's card notation is the suit letter (HK), so
    the comments use it too and an English file stays ASCII.
    """
    flat = clean(text).replace("{", "(").replace("}", ")").translate(_SUIT_LETTERS)
    return [f"{{{line}}}" for line in textwrap.wrap(flat, width) or [""]]


def _outcome(record: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's final state and score of a scenario (replayed: the bank stores no tricks)."""
    from generator.laws.engine import analyse
    from generator.table.case import parse_case

    try:
        result = analyse(parse_case(json.dumps(record["case"]), f"{record.get('id')}.json"))
    except (TdcourseError, KeyError, ValueError):
        return {"state": record.get("state") or {}, "score": record.get("score"),
                "score_details": {}}
    return result


def regular_auction(state: Mapping[str, Any]) -> list[str] | None:
    """The standing calls as PBN tokens if they are a complete legal auction in rotation from
    the dealer that ends in the state's contract; else ``None``."""
    from generator.model.auction import Auction
    from generator.model.calls import Call
    from generator.model.seat import Seat

    try:
        auction = Auction(Seat.parse(str(state["dealer"])))
        for entry in state.get("auction") or []:
            if entry.get("status") != "standing":
                continue
            if str(entry["seat"]) != str(auction.next_seat):
                return None
            auction = auction.append(Call.parse(str(entry["call"])))
    except (TdcourseError, IllegalCallError, KeyError, ValueError):
        return None
    if not auction.is_complete:
        return None
    result = auction.result
    if result is None:
        if state.get("contract") is not None:
            return None
    else:
        contract, declarer = result
        if str(contract) != state.get("contract") or str(declarer) != state.get("declarer"):
            return None
    return [_CALL_TOKENS.get(str(c), str(c)) for c in auction.calls]


def regular_play(state: Mapping[str, Any], deal: str,
                 events: Sequence[str]) -> tuple[str, list[str]] | None:
    """The Play section of ``events`` (the opening leader and one line of PBN card tokens per
    trick) if every card was led or played regularly in the state's contract; else ``None``,
    and ``None`` when no card was played.

    Regular means what a program replaying the lines assumes: the opening lead by declarer's
    left-hand opponent, each later trick led by the winner of the previous one (``leads`` for
    the first card of a trick, ``plays`` for the others), the seats in rotation, each card from
    its player's hand and not played before, following suit when able.
    """
    from generator.model.cards import Card
    from generator.model.deal import Deal
    from generator.model.play import Trick, follows_suit
    from generator.model.seat import Seat
    from generator.model.strain import Strain

    cards: list[event_log.CardLed | event_log.CardPlayed] = []
    for line in events:
        try:
            event = event_log.parse_event(str(line))
        except ParseError:
            continue
        if isinstance(event, (event_log.CardLed, event_log.CardPlayed)):
            cards.append(event)
    contract, declarer = state.get("contract"), state.get("declarer")
    if not cards or not contract or not declarer:
        return None
    try:
        trump = Strain.parse(str(contract)[1:].rstrip("X"))
        opening = Seat.parse(str(declarer)).lho
        hands = Deal.parse(deal)
        held = {seat: hands[seat] for seat in Seat}
    except (TdcourseError, ValueError):
        return None
    tricks: list[Trick] = []
    trick = Trick(opening)
    for event in cards:
        hand = held[event.seat]
        if (event.simultaneous or event.seat is not trick.next_seat or hand is None
                or event.card not in hand
                or isinstance(event, event_log.CardLed) != (not trick.cards)
                or not follows_suit(event.card, hand, trick.led_suit)):
            return None
        held[event.seat] = hand.without(event.card)
        trick = trick.add(event.card)
        if trick.is_complete:
            tricks.append(trick)
            trick = Trick(trick.winner(trump))
    if trick.cards:
        tricks.append(trick)

    def token(played: Trick, seat: Seat) -> str:
        card: Card | None = played.played_by(seat)
        return "-" if card is None else str(card)

    columns = [opening.offset(step) for step in range(4)]
    return str(opening), [" ".join(token(t, seat) for seat in columns) for t in tricks]


def game(record: Mapping[str, Any], lang: str) -> tuple[str, bool]:
    """One PBN game (lines joined by CR LF, ending in one) and whether it has an auction."""
    from generator.model.board import Board

    case = record["case"]
    outcome = _outcome(record)
    state = outcome.get("state") or {}
    board = int(case["board"])
    numbered = Board.from_number(board)
    dealer = str(state.get("dealer") or numbered.dealer)
    vulnerable = str(state.get("vulnerable") or numbered.vulnerability)
    auction = regular_auction(state)
    contract = state.get("contract")
    if contract:
        details = outcome.get("score_details") or {}
        tricks = details.get("tricks")
        declarer, result = str(state.get("declarer") or "?"), (
            str(tricks) if isinstance(tricks, int) else "?")
        contract_text = str(contract)
    elif auction is not None:  # a complete auction with no bid: passed out
        declarer, contract_text, result = "", "Pass", ""
    else:
        declarer, contract_text, result = "?", "?", "?"
    lines = [tag("Event", EVENT), tag("Site", ""), tag("Date", DATE), tag("Board", board),
             tag("West", ""), tag("North", ""), tag("East", ""), tag("South", ""),
             tag("Dealer", dealer), tag("Vulnerable", _VULNERABLE.get(vulnerable, vulnerable)),
             tag("Deal", case["deal"]), tag("Scoring", ""), tag("Declarer", declarer),
             tag("Contract", contract_text), tag("Result", result)]
    notes = [word(lang, "pbn_scenario", id=record["id"], n=board)]
    explanation = (record.get("ruling") or {}).get("explanation") or {}
    if isinstance(explanation, Mapping):
        notes.append(str(explanation.get(lang) or explanation.get("en") or ""))
    if auction is None and state.get("auction"):
        # every call made at the table, in order, a changed call marked by "->"
        calls = ", ".join(f"{seat} {'->' if changed else ''}{call}"
                          for seat, call, changed in event_log.auction_calls(case["events"]))
        notes.append(word(lang, "pbn_auction", calls=calls))
    play = regular_play(state, str(case["deal"]), case["events"]) if contract else None
    played = event_log.played_cards(case["events"])
    if play is None and played:
        notes.append(word(lang, "pbn_play",
                          cards=", ".join(f"{seat} {card}" for seat, card in played)))
    for note in notes:
        if note:
            lines.extend(comment_lines(note))
    if auction is not None:
        lines.append(tag("Auction", dealer))
        lines.extend(" ".join(auction[i:i + 4]) for i in range(0, len(auction), 4))
    if play is not None:
        lines.append(tag("Play", play[0]))
        lines.extend(play[1])
    score = outcome.get("score")
    if isinstance(score, Mapping) and isinstance(score.get("NS"), int):
        lines.append(tag("Score", f"NS {score['NS']}"))
    return EOL.join(lines) + EOL, auction is not None


def scenario_ids(questions: Sequence[Mapping[str, Any]]) -> list[str]:
    """The scenarios of some questions, each once, in the questions' order (questions not asked
    at a table left out: see :func:`with_deal`)."""
    return list(dict.fromkeys(str(q["scenario"]) for q in with_deal(questions)[0]))


def with_deal(questions: Sequence[Mapping[str, Any]]
              ) -> tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]:
    """The questions split into those with a deal to write and those without: a drill
    (:mod:`generator.drills`: a score, a traveller, a fact of procedure) is not a scenario of
    ``scenarios.json`` and has no deal of a scenario to give, so PBN leaves it out (the command
    says how many), rather than refusing the export."""
    dealt = [q for q in questions if not q.get("drill")]
    return dealt, [q for q in questions if q.get("drill")]


def pbn(records: Sequence[Mapping[str, Any]], lang: str) -> tuple[str, int]:
    """A PBN file of ``records`` and how many of its games have an auction section."""
    out = [f"% PBN 2.1{EOL}% EXPORT{EOL}% Creator: tdcourse{EOL}{EOL}"]
    auctions = 0
    for record in records:
        text, has_auction = game(record, lang)
        auctions += has_auction
        out.append(text + EOL)
    return "".join(out), auctions
