"""Laws 41-60 under the 2017 code: which rules the two codes share, the letters that move, and
the readings taken where the 2017 text leaves a gap (module switches: flipping each one changes
the ruling as the module's docstring says)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.laws import law50, law53, law57
from generator.laws.engine import analyse
from generator.laws.ruler import sharing
from generator.model.cards import Card, Suit
from generator.model.seat import Seat
from generator.table.case import load_case

CASES = Path(__file__).resolve().parents[1] / "cases" / "2017"


def ruling_of(path: Path) -> dict[str, Any]:
    """The first ruling the engine gives on the case at ``path``."""
    rulings: list[dict[str, Any]] = analyse(load_case(path))["rulings"]
    return rulings[0]


def test_the_rules_of_laws_41_to_60_are_shared_or_differ_as_the_spec_map_says() -> None:
    """Spec 2017 §14: 42-43, 49-52 and 58 share one rule; 44 (57C3), 53 (53A trick 13), 54
    (54E), 55 (55A, 55B2, 55C) and 57 (57A-D) have a 2017 rule of their own."""
    rows = sharing()
    for kind in ("dummy_warns", "dummy_exceeds_rights", "dummy_draws_attention", "exposed_card",
                 "penalty_card_not_played", "simultaneous_play"):
        assert rows[kind]["status"] == "shared", kind
    for kind in ("play_out_of_turn", "lead_out_of_turn", "opening_lead_out_of_turn",
                 "declarer_lead_out_of_turn", "premature_play"):
        assert rows[kind]["status"] == "differs", kind
        assert rows[kind]["2017"].endswith("2017"), kind


def test_the_penalty_card_clauses_move_by_edition() -> None:
    """2017 letters the minor card 50C, the major card 50D (duty 50D1, lead choice 50D2)."""
    assert [law50.clause("1987", p) for p in ("minor", "major", "play", "lead")] == \
        ["50D", "50E", "50E", "50E"]
    assert [law50.clause("2017", p) for p in ("minor", "major", "play", "lead")] == \
        ["50C", "50D", "50D1", "50D2"]


def test_c1_card_returns_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """57C1: with C1_CARD_RETURNS the card led early after declarer played from both hands goes
    back, no penalty card; off, it stays a major penalty card, still without 57A options."""
    path = CASES / "law57" / \
        "premature-lead-after-declarer-has-played-from-both-hands-brings-no-rectification.yaml"
    ruling = ruling_of(path)
    kinds = [r["kind"] for r in ruling["rectifications"]]
    assert kinds == ["card_restored", "no_rectification"]
    assert not ruling["options"]
    monkeypatch.setattr(law57, "C1_CARD_RETURNS", False)
    ruling = ruling_of(path)
    assert {"kind": "penalty_card", "seat": "S", "card": "HK", "major": True,
            "law": "57C1"} in ruling["rectifications"]
    assert not ruling["options"]


def test_last_trick_card_is_penalty_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """53A (2017): a lead out of turn to trick 13 cannot be accepted; by the reading taken the
    card goes back (no penalty card); with the switch on, Law 56 makes it a major penalty card."""
    path = CASES / "law53" / \
        "lead-out-of-turn-to-the-last-trick-cannot-be-accepted-and-the-right-defender-leads.yaml"
    ruling = ruling_of(path)
    assert ruling["rectifications"] == [{"kind": "card_restored", "seat": "S", "card": "HK",
                                         "law": "47B"}]
    monkeypatch.setattr(law53, "LAST_TRICK_CARD_IS_PENALTY", True)
    ruling = ruling_of(path)
    assert {"kind": "penalty_card", "seat": "S", "card": "HK", "major": True,
            "law": "56"} in ruling["rectifications"]
    assert not any(o["ids"][:1] == ["accept"] for o in ruling["options"])


class _Table:
    """The little of a table :class:`law57.PartnerPlay` reads: the current trick and a hand."""

    def __init__(self, hand: list[str], led: str) -> None:
        self.hand = {Card.parse(c) for c in hand}
        self.tricks: list[object] = []

        class _Trick:
            led_suit = Suit.parse(led)

        self.current = _Trick()

    def remaining(self, seat: Seat) -> set[Card]:
        return self.hand


@pytest.mark.parametrize(("hand", "card", "revoke"), [
    (["H4", "S2"], "S2", True),    # void in clubs, holds a heart: must play it
    (["H4", "S2"], "H4", False),
    (["C9", "H4"], "C9", False),   # must follow suit: cannot comply (57B)
    (["S2", "D3"], "S2", False),   # no heart: cannot comply, any card (59)
])
def test_a_required_other_suit_binds_only_a_partner_void_in_the_suit_led(
        hand: list[str], card: str, revoke: bool) -> None:
    """2017 57A3: the partner must play a card of the suit declarer names unless he must follow
    suit or holds none of it (57B, 59)."""
    duty = law57.PartnerPlay(Seat.S, "require", Suit.parse("H"), 1, "57A3")
    table: Any = _Table(hand, "C")
    fact = duty.check(table, Seat.S, Card.parse(card), False, 0)
    assert (fact is not None) is revoke
