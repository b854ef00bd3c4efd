"""Claims and concessions (Laws 68-71, 1987): the statement is parsed, the position is played out
against the claimer, and the board is scored with the awarded tricks."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from generator.errors import ParseError
from generator.laws import claimplay, law70
from generator.laws.engine import analyse
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.case import load_case
from generator.table.events import ClaimAnswered, Claimed, parse_event

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"
TRUMP_OUT = CASES / "law70" / \
    "claim-that-forgets-an-outstanding-trump-loses-the-trick-it-could-win.yaml"


def _claim(path: Path) -> dict:
    out = analyse(load_case(path))
    return next(r for r in out["rulings"] if r["kind"] in ("claim", "concession"))


def test_statement_tokens_round_trip() -> None:
    event = parse_event("S claims 10 stating trumps SA h* rest")
    assert event == Claimed(Seat.S, 10, ("trumps", "SA", "H*", "rest"))
    assert str(event) == "S claims 10 stating trumps SA H* rest"
    assert parse_event("E withdraws") == ClaimAnswered(Seat.E, "withdraws")


@pytest.mark.parametrize("line", ["S claims 3 stating", "S claims 3 stating SX",
                                  "E disputes now"])
def test_bad_statement_is_one_line_error(line: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_event(line)
    assert "\n" not in str(err.value)


def test_unmentioned_trump_goes_to_the_defenders_with_the_aware_reading_flagged() -> None:
    ruling = _claim(TRUMP_OUT)
    flag = ruling["flags"][0]
    assert flag["law"] == "70C" and flag["tricks_if_aware"]["NS"] == \
        flag["tricks_if_unaware"]["NS"] + 1
    awarded = ruling["rectifications"][0]["tricks"]
    assert awarded == flag["tricks_if_unaware"]
    assert "козыр" in ruling["explanation"]["ru"]


def test_aware_switch_awards_the_other_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(law70, "TRUMP_UNAWARE", False)
    ruling = _claim(TRUMP_OUT)
    assert ruling["rectifications"][0]["tricks"] == ruling["flags"][0]["tricks_if_aware"]


def test_board_score_uses_the_awarded_tricks() -> None:
    out = analyse(load_case(TRUMP_OUT))
    assert out["score_details"]["tricks"] == out["rulings"][0]["rectifications"][0][
        "tricks"]["NS"]


def test_search_values_on_a_blocked_suit() -> None:
    hands = {Seat.S: ["HA", "H2", "C2", "C3", "C4"], Seat.N: ["HK", "DA", "DK", "DQ", "DJ"],
             Seat.E: ["CA", "CK", "CQ", "H3", "H4"], Seat.W: ["H5", "H6", "H7", "S2", "S3"]}
    pos = claimplay.Position({s: [Card.parse(c) for c in h] for s, h in hands.items()},
                             Seat.S, (), None)
    start = time.perf_counter()
    assert claimplay.double_dummy(pos, Seat.S) == 5
    assert claimplay.careful(pos, Seat.S) == 5
    assert claimplay.worst(pos, Seat.S) < 5
    assert claimplay.worst(pos, Seat.S, ("H2", "D*", "rest")) == 5
    assert time.perf_counter() - start < 5  # the solver's first load included
    assert claimplay.mentions_trumps(("SA",), Suit.S)
    assert not claimplay.mentions_trumps(("H*",), Suit.S)


def _position(hands: dict[Seat, str], leader: Seat, trump: Suit | None = None
              ) -> claimplay.Position:
    return claimplay.Position({s: [Card.parse(c) for c in h.split()] for s, h in hands.items()},
                              leader, (), trump)


#: South leads towards dummy's ace-queen; West holds the king: only the finesse makes three.
FINESSE = {Seat.N: "SA SQ HA", Seat.E: "H5 H4 H3", Seat.S: "S3 S2 H2", Seat.W: "SK S4 H6"}


def test_a_stated_finesse_is_taken_and_an_unstated_one_is_not() -> None:
    pos = _position(FINESSE, Seat.S)
    assert claimplay.double_dummy(pos, Seat.S) == 3
    assert claimplay.worst(pos, Seat.S, ("S2", "SQ")) == 3  # West covers: the ace, then the queen
    assert claimplay.careful(pos, Seat.S) == 2  # no finesse unless stated (70E)
    assert claimplay.careful(pos, Seat.S, ("rest",)) == 2
    assert claimplay.worst(pos, Seat.S, ("rest",)) == 2  # the ace is not ducked under the king


def test_the_finesse_cases_are_ruled_under_70a_and_70e() -> None:
    stated = _claim(CASES / "law70" / "claim-stating-a-finesse-that-works-is-upheld.yaml")
    unstated = _claim(CASES / "law70" /
                      "claim-that-needs-an-unstated-finesse-is-not-credited-with-it.yaml")
    assert stated["rectifications"][0]["law"] == "70A"
    assert stated["rectifications"][0]["tricks"] == {"NS": 10, "EW": 3}
    assert unstated["rectifications"][0]["law"] == "70E"
    assert unstated["rectifications"][0]["tricks"] == {"NS": 9, "EW": 4}


def test_a_statement_that_itself_loses_holds_the_claimer_to_it() -> None:
    # South (a defender) on lead: the spade three to the ace, then the hearts make four; "the
    # spades from the top" makes North go on with the ten into East's queen
    pos = _position({Seat.N: "SA ST S9 HJ HT", Seat.E: "SQ SJ S8 H8 C9",
                     Seat.S: "S3 HQ D8 D4 CT", Seat.W: "S7 DQ DJ D9 D7"}, Seat.S)
    assert claimplay.careful(pos, Seat.S) == 4
    assert claimplay.careful(pos, Seat.S, ("S*", "rest")) < 4


def test_the_alpha_beta_search_equals_a_plain_minimum() -> None:
    """The windowed search gives the value of an unpruned walk over every line (small ends)."""
    import random

    from generator.model.cards import Rank
    from generator.model.seat import SEATS

    def plain(search: claimplay._Search, hands: tuple, leader: int, trick: tuple) -> int:
        seat = (leader + len(trick)) % 4
        if not any(any(h) for h in hands):
            return 0
        led = trick[0][1][0] if trick else None
        mine = seat % 2 == search.side
        moves = search._normal(seat, hands, trick) if mine else \
            search._legal(hands[seat], led)
        values = []
        for s, b in moves:
            hand = tuple(m ^ b if i == s else m for i, m in enumerate(hands[seat]))
            new = (*hands[:seat], hand, *hands[seat + 1:])
            played = (*trick, (seat, (s, b)))
            if len(played) == 4:
                winner = search._winner(played)[0]
                values.append((winner % 2 == search.side) + plain(search, new, winner, ()))
            else:
                values.append(plain(search, new, leader, played))
        return max(values) if mine and search.careful else min(values)

    rng = random.Random(3)
    deck = [Card(s, r) for s in Suit for r in Rank]
    for _ in range(25):
        cards = rng.sample(deck, 12)
        hands = {s: cards[3 * k:3 * k + 3] for k, s in enumerate(SEATS)}
        pos = claimplay.Position(hands, rng.choice(SEATS), (), rng.choice([None, Suit.H]))
        side = rng.choice(SEATS)
        for careful in (False, True):
            search = claimplay._Search(pos, side.index % 2, None, careful)
            start, leader, trick = claimplay._start(pos)
            expected = plain(search, start, leader, trick)
            assert (claimplay.careful if careful else claimplay.worst)(pos, side) == expected
