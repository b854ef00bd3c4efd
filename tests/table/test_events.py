"""Event lines (``SEAT VERB [ARGS]``): every verb parses, prints canonically and round-trips."""

from __future__ import annotations

import typing

import pytest

from generator.errors import ParseError
from generator.model import Call, Card, Seat
from generator.table.events import (
    VERBS,
    Accepted,
    CallChanged,
    CallMade,
    CardLed,
    CardPlayed,
    CardsExposed,
    Claimed,
    Conceded,
    DirectorCalled,
    Event,
    OptionChosen,
    Refused,
    TricksCounted,
    WrongBoard,
    parse_event,
)

CANONICAL = [
    ("E 1H", CallMade(Seat.E, Call.parse("1H"))),
    ("N P", CallMade(Seat.N, Call.parse("P"))),
    ("S X", CallMade(Seat.S, Call.parse("X"))),
    ("W XX", CallMade(Seat.W, Call.parse("XX"))),
    ("W 7NT", CallMade(Seat.W, Call.parse("7NT"))),
    ("N 8S", CallMade(Seat.N, Call.parse("8S"))),
    ("E P simultaneous", CallMade(Seat.E, Call.parse("P"), simultaneous=True)),
    ("E changes 2H", CallChanged(Seat.E, Call.parse("2H"))),
    ("E changes P inadvertent", CallChanged(Seat.E, Call.parse("P"), inadvertent=True)),
    ("S accepts", Accepted(Seat.S)),
    ("S refuses", Refused(Seat.S)),
    ("S chooses accept", OptionChosen(Seat.S, "accept")),
    ("N chooses require_H", OptionChosen(Seat.N, "require_H")),
    ("W leads SK", CardLed(Seat.W, Card.parse("SK"))),
    ("W leads ST simultaneous", CardLed(Seat.W, Card.parse("ST"), simultaneous=True)),
    ("N plays H4", CardPlayed(Seat.N, Card.parse("H4"))),
    ("N plays H4 simultaneous", CardPlayed(Seat.N, Card.parse("H4"), simultaneous=True)),
    ("E exposes C4", CardsExposed(Seat.E, (Card.parse("C4"),))),
    ("E exposes C4 D3", CardsExposed(Seat.E, (Card.parse("C4"), Card.parse("D3")))),
    ("E exposes C4 held", CardsExposed(Seat.E, (Card.parse("C4"),), held=True)),
    ("S claims 10", Claimed(Seat.S, 10)),
    ("S claims 0", Claimed(Seat.S, 0)),
    ("S concedes 2", Conceded(Seat.S, 2)),
    ("E concedes 13", Conceded(Seat.E, 13)),
    ("E wrong-board", WrongBoard(Seat.E)),
    ("director", DirectorCalled()),
]


@pytest.mark.parametrize(("line", "event"), CANONICAL, ids=[c[0] for c in CANONICAL])
def test_canonical_lines_round_trip(line: str, event: object) -> None:
    parsed = parse_event(line)
    assert parsed == event
    assert type(parsed) is type(event)
    assert str(parsed) == line
    assert parse_event(str(parsed)) == parsed


#: The verbs of case format version 1 (later verbs are extensions and tested with them).
FORMAT1_VERBS = ("calls", "changes", "accepts", "refuses", "chooses", "leads", "plays", "exposes",
                 "claims", "concedes", "wrong-board", "director")


def test_every_format1_verb_is_covered() -> None:
    assert set(FORMAT1_VERBS) <= set(VERBS)
    types = {type(e) for _, e in CANONICAL}
    assert len(types) == len(FORMAT1_VERBS)  # one event type per verb, each one tested above
    assert types <= set(typing.get_args(Event))


@pytest.mark.parametrize(("line", "canonical"), [
    ("e 1h", "E 1H"),
    ("E calls 1H", "E 1H"),
    ("E CALLS pass", "E P"),
    ("n Pass", "N P"),
    ("S dbl", "S X"),
    ("W Rdbl", "W XX"),
    ("N 1nt", "N 1NT"),
    ("N 3N", "N 3NT"),
    ("E p SIMULTANEOUS", "E P simultaneous"),
    ("E calls 1C simultaneous", "E 1C simultaneous"),
    ("east changes 2h Inadvertent", "E changes 2H inadvertent"),
    ("E CHANGES pass", "E changes P"),
    ("s ACCEPTS", "S accepts"),
    ("w Refuses", "W refuses"),
    ("W leads s10", "W leads ST"),
    ("W LEADS sk", "W leads SK"),
    ("N plays h4", "N plays H4"),
    ("e exposes c4   d3", "E exposes C4 D3"),
    ("S CLAIMS 10", "S claims 10"),
    ("s concedes 02", "S concedes 2"),
    ("E Wrong-Board", "E wrong-board"),
    ("  director  ", "director"),
    ("DIRECTOR", "director"),
])
def test_other_spellings_print_canonically(line: str, canonical: str) -> None:
    event = parse_event(line)
    assert str(event) == canonical
    assert parse_event(canonical) == event


@pytest.mark.parametrize("line", [
    "",                              # empty
    "   ",
    "N",                             # a seat and nothing else
    "Q 1H",                          # unknown seat
    "1H",                            # no seat
    "E jumps",                       # unknown verb
    "E 0C",                          # unknown calls
    "E 1Z",
    "E NT",
    "E calls",                       # 'calls' without a call
    "E 1H fast",                     # junk after a call
    "E 1H simultaneous now",
    "E changes",
    "E changes 2H slowly",
    "E changes 2Z",
    "E changes 2H inadvertent again",
    "S accepts it",
    "S refuses now",
    "S chooses",
    "S chooses a b",
    "W leads",
    "W leads SZ",
    "W leads 10S",
    "W leads SK SQ",
    "W plays SK later",
    "E exposes",
    "E exposes C4 Z9",
    "E exposes held",
    "E exposes C4 D3 held",
    "S claims",
    "S claims 14",
    "S claims -1",
    "S claims ten",
    "S claims 3 4",
    "S concedes 99",
    "E wrong-board 3",
    "director now",
    "N director",
])
def test_bad_lines_raise_parse_error(line: str) -> None:
    with pytest.raises(ParseError):
        parse_event(line)


def test_unknown_verb_message_lists_the_verbs() -> None:
    with pytest.raises(ParseError) as info:
        parse_event("E jumps")
    message = str(info.value)
    assert "jumps" in message
    assert all(verb in message for verb in FORMAT1_VERBS)


def test_events_are_frozen_values() -> None:
    import dataclasses

    event = parse_event("W leads SK")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.card = Card.parse("SA")  # type: ignore[misc,union-attr]
    assert hash(event) == hash(parse_event("w leads sk"))


def test_auction_calls_and_played_cards_read_the_log_and_skip_what_they_cannot() -> None:
    """The pictures of a case (widget, exports) take the calls (a change of call marked) and
    the cards from the event lines; an unreadable line is left out, not an error."""
    from generator.table.events import auction_calls, played_cards

    lines = ["N 1H", "E 1D", "E changes 2D", "S P", "nonsense here", "W leads SA",
             "N plays S2", "E exposes HK"]
    assert [(str(s), str(c), changed) for s, c, changed in auction_calls(lines)] == \
        [("N", "1H", False), ("E", "1D", False), ("E", "2D", True), ("S", "P", False)]
    assert [(str(s), str(c)) for s, c in played_cards(lines)] == [("W", "SA"), ("N", "S2")]


@pytest.mark.parametrize(("line", "moment"), [
    ("director after_next_deal", "after_next_deal"),
    ("director after_round", "after_round"),
    ("DIRECTOR After_Round", "after_round"),
])
def test_late_moments_parse_and_print_canonically(line: str, moment: str) -> None:
    """Extension (Law 64B4-5): attention first drawn after a non-offender called on the next
    deal, or after the round ended."""
    event = parse_event(line)
    assert event == DirectorCalled(moment)
    assert str(event) == f"director {moment}"
    assert parse_event(str(event)) == event
    assert event != DirectorCalled()


@pytest.mark.parametrize(("line", "words"), [
    ("director after_round now", ["'director after_round' takes nothing after it"]),
    ("director after_next_deal 2", ["'director after_next_deal' takes nothing after it"]),
    ("director later", ["unknown word 'later' after 'director'", "after_next_deal",
                        "after_round", "wrong-table", "wrong-direction"]),
    ("director after-round", ["unknown word 'after-round'"]),
])
def test_bad_late_moments_say_what_is_wrong_in_one_line(line: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as info:
        parse_event(line)
    message = str(info.value)
    assert "\n" not in message
    assert all(word in message for word in words), message


@pytest.mark.parametrize(("line", "event", "canonical"), [
    ("NS agree 9", TricksCounted("NS", "agree", 9), "NS agree 9"),
    ("ew AGREE 4", TricksCounted("EW", "agree", 4), "EW agree 4"),
    ("EW contest", TricksCounted("EW", "contest"), "EW contest"),
    ("ns contest After_Round", TricksCounted("NS", "contest", None, "after_round"),
     "NS contest after_round"),
    ("NS correct 10", TricksCounted("NS", "correct", 10), "NS correct 10"),
    ("EW correct 3 after_correction_period",
     TricksCounted("EW", "correct", 3, "after_correction_period"),
     "EW correct 3 after_correction_period"),
])
def test_count_events_parse_print_and_round_trip(line: str, event: TricksCounted,
                                                 canonical: str) -> None:
    """Extension (Law 79): a pair agrees, contests or corrects the count of tricks."""
    parsed = parse_event(line)
    assert parsed == event
    assert str(parsed) == canonical
    assert parse_event(str(parsed)) == parsed
    assert {"agree", "contest", "correct"} <= set(VERBS)


@pytest.mark.parametrize(("line", "words"), [
    ("NS agree", ["'agree' needs the number of tricks NS won"]),
    ("NS agree 14", ["'agree' needs a number of tricks from 0 to 13", "'14'"]),
    ("NS agree 9 after_round", ["'agree' takes no moment (after_round)"]),
    ("EW contest 3", ["'contest' takes only a moment", "after_correction_period"]),
    ("EW correct", ["'correct' needs the number of tricks EW won", "after_round"]),
    ("EW correct 3 later", ["'correct' needs the number of tricks EW won"]),
    ("NS disputes", ["a pair (NS) needs one of agree, contest, correct"]),
])
def test_bad_count_events_say_what_is_wrong_in_one_line(line: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as info:
        parse_event(line)
    message = str(info.value)
    assert "\n" not in message
    assert all(word in message for word in words), message
