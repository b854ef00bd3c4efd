"""Laws 9-16, 20-21, 24 and 33-39 under the 2017 code: the edition-aware helpers (16C2, 21B,
17D3, 11A), the 36C scoring and the module switch of Law 36, and which kinds share one rule.

The case files (tests/cases/2017, tests/cases/differential) check the rulings; these tests
check what no case reaches on this branch (Law 21 and 17D3 are called from the rules of Laws 25
and 30) and the readings a switch turns over."""

from __future__ import annotations

import pytest

from generator.laws import law16, law21, law34, law36
from generator.laws.engine import analyse
from generator.laws.ruler import sharing
from generator.laws.ruling import Ruling
from generator.model.seat import Seat
from generator.table.case import parse_case
from generator.table.irregularities import Kind, make

CONDONED_DOUBLE = """format: 1
edition: "2017"
board: 1
events:
  - N 1S
  - E P
  - S 4S
  - W P
  - N X
  - E P
"""


def _ruling(edition: str, kind: str = "change_of_call", seat: str = "E") -> Ruling:
    return Ruling(0, edition, kind, Seat.parse(seat))


def _misinformed(partner_called: bool) -> object:
    return make(Kind.CHANGE_OF_CALL, Seat.parse("E"), 3, misinformed=True,
                partner_called=partner_called or None)


def test_21b1a_change_is_flagged_for_the_directors_judgement_and_16c_applies() -> None:
    ruling = _ruling("2017")
    assert law21.misinformed_change(ruling, _misinformed(False))  # type: ignore[arg-type]
    assert {"reason": "misinformation_change", "law": "21B1a"} in ruling.flags
    assert [r.kind for r in ruling.rectifications] == ["no_rectification"]
    ui = [n["seat"] for n in ruling.notes if n["topic"] == "ui_withdrawn_call"]
    assert ui == ["S", "N"]  # the misinformers, E's left and right
    later = next(n for n in ruling.notes if n["topic"] == "later_change_allowed")
    assert later["law"] == "21B2" and later["seat"] == "S"
    assert "21B1b" in ruling.laws


def test_21b_too_late_leaves_law_25_and_flags_21b3() -> None:
    ruling = _ruling("2017")
    assert not law21.misinformed_change(ruling, _misinformed(True))  # type: ignore[arg-type]
    assert {"reason": "misinformation_gain", "law": "21B3"} in ruling.flags


def test_21b1_under_1987_is_unchanged() -> None:
    ruling = _ruling("1987")
    assert law21.misinformed_change(ruling, _misinformed(False))  # type: ignore[arg-type]
    assert ruling.flags == []
    assert ruling.laws == ["21B1", "21B2"]


def test_retained_right_to_call_is_34_in_1987_and_17d3_in_2017() -> None:
    assert law34.clause(_ruling("1987")) == "34"
    assert law34.clause(_ruling("2017")) == "17D3"


def test_16c2_withdrawn_call_notes_by_edition() -> None:
    old, new = _ruling("1987"), _ruling("2017")
    law16.withdrawn_call(old, Seat.parse("E"))
    law16.withdrawn_call(new, Seat.parse("E"))
    assert [n["topic"] for n in old.notes] == ["information", "information"]
    assert old.notes[1]["authorised"] is True
    assert {"topic": "ui_withdrawn_call", "law": "16C2", "seat": "W"} in new.notes
    assert law16.ui_for(new) and not law16.ui_for(old)


def test_16c2_is_lifted_by_23b_and_not_by_another_clause() -> None:
    ruling = _ruling("2017")
    law16.withdrawn_call(ruling, Seat.parse("E"))
    with pytest.raises(ValueError):
        law16.lift_ui(ruling, "26B")
    law16.lift_ui(ruling, "23B")
    assert not law16.ui_for(ruling)
    assert {"topic": "withdrawn_call_authorised", "law": "23B", "seat": "W"} in ruling.notes
    cited = _ruling("2017")
    cited.cite("27B1")
    law16.withdrawn_call(cited, Seat.parse("E"))  # the ruling already says 16C2 does not apply
    assert not law16.ui_for(cited)


def test_36a_waits_for_the_director_and_the_switch_off_applies_it_at_the_lhos_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    waiting = analyse(parse_case(CONDONED_DOUBLE))
    assert waiting["state"]["next"] == "S"  # the double stands until the director comes
    assert not waiting["rulings"][0]["rectifications"]
    monkeypatch.setattr(law36, "RULED_WHEN_DIRECTOR_CALLED", False)
    at_once = analyse(parse_case(CONDONED_DOUBLE))
    assert at_once["state"]["next"] == "N"
    kinds = [(r["kind"], r["law"]) for r in at_once["rulings"][0]["rectifications"]]
    assert ("auction_returns", "36A") in kinds and ("no_rectification", "36A") in kinds


def test_36c_removes_an_inadmissible_redouble_from_the_contract_scored() -> None:
    text = """format: 1
edition: "2017"
board: 1
events:
  - N 1S
  - E X
  - S P
  - W XX       # redoubles his partner's double: inadmissible
  - N P        # W's left-hand opponent calls over it
  - E P
  - S P
  - E leads DK
  - director
"""
    result = analyse(parse_case(text))
    ruling = result["rulings"][0]
    assert ruling["kind"] == "inadmissible_redouble"
    assert {"kind": "score_as_if", "remove": "XX", "call": "XX", "event": 3,
            "law": "36C"} in ruling["rectifications"]
    assert result["state"]["contract"] == "1SX"  # scored doubled, not redoubled


def test_36c_leaves_a_contract_the_double_never_reached() -> None:
    text = CONDONED_DOUBLE + "  - S 5S\n  - W P\n  - N P\n  - E P\n  - E leads DK\n  - director\n"
    result = analyse(parse_case(text))
    assert result["state"]["contract"] == "5S"
    assert result["rulings"][0]["rectifications"][0]["kind"] == "score_as_if"


@pytest.mark.parametrize(("kind", "status"), [
    ("review_request", "shared"), ("explanation_request", "shared"),
    ("card_exposed_during_auction", "shared"), ("simultaneous_call", "shared"),
    ("board_rotated", "shared"), ("wrong_number_of_cards", "differs"),
    ("missing_card", "differs"), ("board_not_designated", "differs"),
    ("cards_from_wrong_board", "differs"), ("withdrawn_information", "differs"),
    ("inadmissible_double", "differs"), ("inadmissible_redouble", "differs"),
    ("call_when_obliged_to_pass", "differs"), ("bid_above_seven", "differs"),
    ("call_after_final_pass", "differs"),
])
def test_sharing_of_the_general_laws(kind: str, status: str) -> None:
    assert sharing()[kind]["status"] == status


def test_wrong_board_is_ruled_by_law_15_in_2017_and_law_17_in_1987() -> None:
    rows = sharing()["cards_from_wrong_board"]
    assert rows["1987"] == "law17.CardsFromWrongBoard"
    assert rows["2017"] == "law15.CardsFromWrongBoard2017"
