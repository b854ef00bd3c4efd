"""Wording of play rulings that the case files cannot assert (issue 13, classes 1, 6-8).

The case files check the structure of a ruling; these tests check that its explanation says the
right thing in both languages where the structure alone would let a wrong sentence through.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.laws.engine import analyse
from generator.table.case import load_case

CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"


def _rulings(relative: str) -> list[dict[str, Any]]:
    rulings: list[dict[str, Any]] = analyse(load_case(CASES / relative))["rulings"]
    return rulings


def test_a_revoke_against_declarers_62d2_demand_is_not_called_a_failure_to_follow_suit() -> None:
    """61A: East, void in the suit led, ignored the card declarer named under 62D2. His revoke
    is a failure to play a required card, not 'holding a card of the suit led'."""
    rulings = _rulings("law62/partner-who-ignores-the-card-declarer-named-at-trick-twelve-has-"
                       "revoked.yaml")
    east = [r for r in rulings if r["kind"] == "revoke" and r["offender"] == "E"]
    assert east
    en, ru = east[0]["explanation"]["en"], east[0]["explanation"]["ru"]
    assert "suit led" not in en and "required to play" in en
    assert "масти хода" not in ru.split(".")[0] and "обязан сыграть" in ru


def test_a_defenders_card_after_his_partner_has_played_is_not_worded_as_law_57() -> None:
    """Seed 003, 57A: only a card played before the partner has played is a premature play."""
    rulings = _rulings("law58/defenders-card-led-together-with-his-partners-lead-is-a-penalty-"
                       "card-not-a-premature-play.yaml")
    for ruling in rulings:
        assert "57" not in ruling["laws"]
        assert "Law 57" not in ruling["explanation"]["en"]
        assert "правило 57" not in ruling["explanation"]["ru"]


def test_a_defective_trick_put_right_at_once_does_not_cite_law_65() -> None:
    """67A alone; Law 65 (arrangement of the played cards) matters when they are inspected."""
    rulings = _rulings("law67/player-who-omitted-to-play-adds-a-card-to-the-trick-now.yaml")
    for ruling in rulings:
        assert "Law 65" not in ruling["explanation"]["en"]


def test_62c_options_name_the_card_and_whose_it_is() -> None:
    """62C1: declarer chooses for dummy's card ("take back dummy's ♥J", not "his card"); 62C2:
    the partner's card taken back becomes a penalty card, and the option says so."""
    rulings = _rulings("law62/partners-card-taken-back-under-62c2-after-dummys-card-is-"
                       "withdrawn-becomes-a-penalty-card.yaml")
    en = rulings[0]["explanation"]["en"]
    ru = rulings[0]["explanation"]["ru"]
    # the choices made, told as done (explain.option_done)...
    assert "East took back dummy's ♥J." in en and "Восток забрал ♥J болвана." in ru
    assert "North took back his ♦Q, which becomes a penalty card." in en
    assert "Север забрал свою ♦Q, которая становится штрафной картой." in ru
    # ...and offered (explain.option_labels)
    from generator.laws.explain import option_label

    dummy = {"card": "HJ", "whose": "dummy"}
    assert option_label("withdraw", "en", dummy) == "take back dummy's ♥J"
    assert option_label("withdraw", "ru", dummy) == "забрать ♥J болвана"
    penalty = {"card": "DQ", "whose": "penalty"}
    assert option_label("withdraw", "en", penalty) == \
        "take back his ♦Q, which becomes a penalty card"
    assert option_label("withdraw", "ru", penalty) == \
        "забрать свою ♦Q, которая станет штрафной картой"


def test_declarers_card_held_out_of_turn_says_what_becomes_of_it() -> None:
    """45C2 and 48A: the ruling says the card goes back and who plays, in both languages."""
    rulings = _rulings("law45/declarers-card-held-face-up-out-of-turn-goes-back-and-the-player-"
                       "in-turn-plays.yaml")
    assert "goes back" in rulings[0]["explanation"]["en"]
    assert "возвращается" in rulings[0]["explanation"]["ru"]
