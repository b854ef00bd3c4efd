"""Play of the cards: the trick winner and the duty to follow suit."""

from __future__ import annotations

import pytest

from generator.model import Card, Hand, Seat, Strain, Suit, Trick, legal_plays, trick_winner
from generator.model.play import follows_suit


def plays(leader: str, cards: str) -> list[tuple[Seat, Card]]:
    start = Seat.parse(leader)
    return [(start.offset(i), Card.parse(c)) for i, c in enumerate(cards.split())]


@pytest.mark.parametrize(("leader", "cards", "trump", "winner"), [
    ("N", "H2 H5 HK H3", "NT", "S"),   # highest of the suit led
    ("N", "HA H5 HK H3", "NT", "N"),
    ("W", "H2 SA DA CA", "NT", "W"),   # other suits never win at notrump
    ("W", "H2 SA DA CA", "S", "N"),    # a trump wins
    ("W", "H2 S2 S3 HA", "S", "E"),    # the highest trump
    ("E", "S4 S2 S9 S3", "S", "W"),    # trumps led: the highest trump
    ("E", "D4 D2 C9 D3", "C", "W"),    # a small trump beats the suit led
    ("E", "D4 DT C9 CT", "C", "N"),
    ("S", "CT DA HA SA", "C", "S"),    # trump led by the leader wins over higher other suits
    ("S", "C2 C3 C4 C5", "H", "E"),
    ("N", "HT", "NT", "N"),             # an incomplete trick has a current winner
    ("N", "HT HJ", "D", "E"),
])
def test_trick_winner(leader: str, cards: str, trump: str, winner: str) -> None:
    p = plays(leader, cards)
    assert trick_winner(p, Strain.parse(trump)) is Seat.parse(winner)
    trick = Trick(Seat.parse(leader), tuple(c for _, c in p))
    assert trick.winner(Strain.parse(trump)) is Seat.parse(winner)


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError):
        trick_winner([], Strain.NT)


def test_trick_bookkeeping() -> None:
    trick = Trick(Seat.W)
    assert trick.led_suit is None and trick.next_seat is Seat.W and not trick.is_complete
    trick = trick.add(Card.parse("D4")).add(Card.parse("D9"))
    assert trick.led_suit is Suit.D and trick.next_seat is Seat.E
    assert trick.seats() == (Seat.W, Seat.N)
    assert trick.played_by(Seat.N) == Card.parse("D9") and trick.played_by(Seat.S) is None
    trick = trick.add(Card.parse("DA")).add(Card.parse("S2"))
    assert trick.is_complete
    assert trick.winner(Strain.H) is Seat.E and trick.winner(Strain.S) is Seat.S


HAND = Hand.parse("AK2.Q3..T98765")  # no diamonds


@pytest.mark.parametrize(("led", "expected"), [
    (None, "SA SK S2 HQ H3 CT C9 C8 C7 C6 C5"),   # leading: anything
    ("S", "SA SK S2"),                            # must follow
    ("H", "HQ H3"),
    ("C", "CT C9 C8 C7 C6 C5"),
    ("D", "SA SK S2 HQ H3 CT C9 C8 C7 C6 C5"),   # void: anything
])
def test_legal_plays(led: str | None, expected: str) -> None:
    suit = Suit.parse(led) if led else None
    allowed = legal_plays(HAND, suit)
    assert [str(c) for c in allowed] == expected.split()
    for card in HAND:
        assert follows_suit(card, HAND, suit) == (card in allowed)


def test_legal_plays_of_empty_hand() -> None:
    assert legal_plays(Hand(), Suit.S) == ()
    assert legal_plays(Hand(), None) == ()
