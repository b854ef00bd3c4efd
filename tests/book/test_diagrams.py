"""Hand diagrams and auction tables: valid markup, every card, the irregular state marked.

The pictures are checked through their structure (``data-card``, classes, ``<del>``), parsed with
:mod:`xml.etree.ElementTree`, so a test does not depend on coordinates.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.book.diagrams import (
    GREY,
    auction_table,
    diagrams_for_case,
    hand_diagram,
)
from generator.laws.engine import analyse
from generator.model import ALL_CARDS, Board, Card, Deal, Seat
from generator.table.case import load_case, parse_case

SAMPLES = Path(__file__).resolve().parents[1] / "cases" / "samples"
SVG = "{http://www.w3.org/2000/svg}"
DEAL = Deal.parse("N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742")
C = Card.parse


def parse(markup: str) -> ET.Element:
    """Parse as XML (the test of validity) and return the root."""
    return ET.fromstring(markup)


def texts(root: ET.Element) -> str:
    return " ".join(" ".join(el.itertext()) for el in root.iter())


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def hand_cards(root: ET.Element) -> dict[str, ET.Element]:
    """The cards written in the hands' suit lines, by card."""
    return {el.get("data-card", ""): el for el in root.iter(f"{SVG}tspan") if el.get("data-card")}


def face_cards(root: ET.Element) -> dict[str, ET.Element]:
    """The cards drawn face up (beside a hand or on the table), by card."""
    return {el.get("data-card", ""): el for el in root.iter(f"{SVG}g")
            if el.get("data-card")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_full_deal_shows_all_52_cards_in_their_hands(lang: str) -> None:
    svg = hand_diagram(DEAL, Board.from_number(1), lang)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    cards = hand_cards(root)
    assert sorted(cards) == sorted(str(c) for c in ALL_CARDS)
    for seat in Seat:
        hand = [el for el in root.iter(f"{SVG}g") if el.get("data-seat") == str(seat)
                and "tdc-hand" in (el.get("class") or "")]
        assert len(hand) == 1
        held = {t.get("data-card") for t in hand[0].iter(f"{SVG}tspan") if t.get("data-card")}
        assert held == {str(c) for c in DEAL.hand(seat).cards}


def test_suit_symbols_are_coloured_red_and_black() -> None:
    root = parse(hand_diagram(DEAL, Board.from_number(1), "en"))
    colours: dict[str, set[str]] = {}
    for tspan in root.iter(f"{SVG}tspan"):
        if tspan.text in ("♠", "♥", "♦", "♣"):
            colours.setdefault(tspan.text, set()).add(tspan.get("fill", ""))
    assert colours["♥"] == colours["♦"] != colours["♠"] == colours["♣"]
    assert all(len(v) == 1 for v in colours.values())


def test_played_cards_stay_in_the_hand_greyed() -> None:
    played = [C("C4"), C("C6"), C("C8"), C("CA")]
    root = parse(hand_diagram(DEAL, Board.from_number(1), "en", played=played))
    cards = hand_cards(root)
    assert len(cards) == 52
    for card, el in cards.items():
        grey = el.get("fill") == GREY and "tdc-played" in (el.get("class") or "")
        assert grey == (C(card) in played), card


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Board 5", "Dealer: North", "Vulnerable: N–S")),
    ("ru", ("Сдача 5", "Сдающий: Север", "Зона: С–Ю")),
])
def test_board_dealer_and_vulnerability_are_written_and_coloured(
        lang: str, words: tuple[str, ...]) -> None:
    root = parse(hand_diagram(DEAL, Board.from_number(5), lang))
    text = texts(root)
    for word in words:
        assert word in text
    vulnerable = {el.get("data-seat") for el in by_class(root, "tdc-vul")}
    assert vulnerable == {"N", "S"}
    seats = by_class(root, "tdc-seat")
    fills = {el.get("data-seat"): el.get("fill") for el in seats}
    assert fills["N"] == fills["S"] != fills["E"] == fills["W"]
    assert len(by_class(root, "tdc-dealer")) == 1


def test_accessible_name_in_the_language() -> None:
    for lang, word in (("en", "Hand diagram, board 5"), ("ru", "Расклад, сдача 5")):
        root = parse(hand_diagram(DEAL, Board.from_number(5), lang))
        assert root.get("role") == "img"
        assert word in (root.get("aria-label") or "")
        title = root.find(f"{SVG}title")
        assert title is not None and word in (title.text or "")
        desc_id = root.get("aria-describedby")
        assert root.find(f"{SVG}desc") is not None and desc_id
        assert root.find(f"{SVG}desc").get("id") == desc_id  # type: ignore[union-attr]


@pytest.mark.parametrize(("lang", "major", "minor"), [
    ("en", "major penalty card", "minor penalty card"),
    ("ru", "старшая штрафная карта", "младшая штрафная карта"),
])
def test_penalty_cards_lie_face_up_beside_the_hand_major_and_minor_apart(
        lang: str, major: str, minor: str) -> None:
    svg = hand_diagram(DEAL, Board.from_number(1), lang,
                       penalty={Seat.E: [C("D5")], Seat.W: [C("H2")]}, minor=[C("H2")])
    root = parse(svg)
    faces = face_cards(root)
    assert "tdc-card-major" in (faces["D5"].get("class") or "")
    assert "tdc-card-minor" in (faces["H2"].get("class") or "")
    east = next(el for el in by_class(root, "tdc-hand") if el.get("data-seat") == "E")
    assert any(g.get("data-card") == "D5" for g in east.iter(f"{SVG}g"))
    # face up, not also in the suit lines
    assert "D5" not in hand_cards(root)
    text = texts(root)
    assert major in text and minor in text
    assert ("penalty card" if lang == "en" else "штрафная карта") in text


def test_penalty_card_kind_is_inferred_when_not_given() -> None:
    root = parse(hand_diagram(DEAL, Board.from_number(1), "en",
                              penalty={Seat.E: [C("D5")], Seat.W: [C("HK")],
                                       Seat.N: [C("S9"), C("S6")]}))
    faces = face_cards(root)
    assert "tdc-card-minor" in (faces["D5"].get("class") or "")
    for card in ("HK", "S9", "S6"):
        assert "tdc-card-major" in (faces[card].get("class") or "")


def test_lead_out_of_turn_and_revoke_trick_are_marked() -> None:
    svg = hand_diagram(DEAL, Board.from_number(1), "en", led_out_of_turn=(Seat.E, C("SQ")))
    root = parse(svg)
    assert "tdc-card-led" in (face_cards(root)["SQ"].get("class") or "")
    assert "led out of turn" in texts(root)

    trick = [(Seat.N, C("H3")), (Seat.E, C("D5")), (Seat.S, C("HK")), (Seat.W, C("H2"))]
    root = parse(hand_diagram(DEAL, Board.from_number(1), "ru", revoke_trick=trick,
                              played=[c for _, c in trick]))
    faces = face_cards(root)
    assert "tdc-card-revoke" in (faces["D5"].get("class") or "")  # inferred: East held hearts
    for card in ("H3", "HK", "H2"):
        assert "tdc-card-trick" in (faces[card].get("class") or "")
    assert "фальшренонс" in texts(root)


def test_russian_diagram_has_no_english_words() -> None:
    svg = hand_diagram(DEAL, Board.from_number(7), "ru", penalty={Seat.E: [C("D5")]},
                       played=[C("C4")], contract="4SX", declarer=Seat.S)
    text = texts(parse(svg))
    for word in ("Север", "Восток", "Юг", "Запад", "Сдающий", "Контракт"):
        assert word in text
    assert not re.search(r"\b(North|East|South|West|Dealer|Board|penalty|played)\b", text)


def test_diagrams_are_deterministic_and_offline() -> None:
    kwargs = {"penalty": {Seat.E: [C("D5")]}, "played": [C("C4"), C("CA")]}
    first = hand_diagram(DEAL, Board.from_number(3), "en", **kwargs)  # type: ignore[arg-type]
    again = hand_diagram(DEAL, Board.from_number(3), "en", **kwargs)  # type: ignore[arg-type]
    assert first == again
    other = hand_diagram(DEAL, Board.from_number(4), "en")
    assert parse(first).find(f"{SVG}title").get("id") != (  # type: ignore[union-attr]
        parse(other).find(f"{SVG}title").get("id"))  # type: ignore[union-attr]
    for markup in (first, auction_table(Seat.N, [], "en")):
        assert "http" not in markup.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "url(" not in markup and "<image" not in markup and "@font-face" not in markup


# ----------------------------------------------------------------------------- auction table


def _auction(text: str) -> tuple[Seat, list[dict[str, object]], list[int]]:
    result = analyse(parse_case(text))
    state = result["state"]
    events = [int(i["event"]) for i in result["irregularities"]]
    return Seat.parse(state["dealer"]), state["auction"], events


def rows(table: ET.Element) -> list[list[ET.Element]]:
    body = table.find("tbody")
    assert body is not None
    return [list(tr) for tr in body]


@pytest.mark.parametrize(("lang", "heads"), [("en", ["West", "North", "East", "South"]),
                                             ("ru", ["Запад", "Север", "Восток", "Юг"])])
def test_auction_table_has_w_n_e_s_columns_from_the_dealer(lang: str, heads: list[str]) -> None:
    dealer, entries, events = _auction("board: 2\nevents: [E 1H, S P, W 2H, N P, E P, S P]")
    table = parse(auction_table(dealer, entries, lang, events))
    assert table.tag == "table"
    assert [th.text for th in table.iter("th")] == heads
    grid = rows(table)
    assert ["".join(td.itertext()) for td in grid[0]] == ["", "", "1♥", {"en": "Pass",
                                                                           "ru": "Пас"}[lang]]
    assert ["".join(td.itertext()) for td in grid[1]][:2] == ["2♥", {"en": "Pass",
                                                                     "ru": "Пас"}[lang]]


def test_insufficient_bid_is_marked_and_struck_through_beside_its_replacement() -> None:
    dealer, entries, events = _auction(
        "board: 1\nevents: [N 1S, E 1H, S refuses, E 2D, S 3NT, W P, N P, E P]")
    markup = auction_table(dealer, entries, "en", events)
    table = parse(markup)
    cell = rows(table)[0][2]  # East's column, first round
    dels = list(cell.iter("del"))
    assert len(dels) == 1 and "".join(dels[0].itertext()) == "1♥"
    assert "2♦" in "".join(cell.itertext())
    marked = by_class(cell, "tdc-irregular")
    assert marked and "*" in "".join(marked[0].itertext())
    assert "irregular call" in "".join(table.find("tfoot").itertext())  # type: ignore[union-attr]
    # only the irregular call is marked
    assert markup.count('class="tdc-irregular"') == 1


def test_cancelled_calls_are_always_inside_del_and_standing_ones_never() -> None:
    dealer, entries, events = _auction(
        "board: 2\nevents: [E 1D, E changes 1S, S refuses, E chooses other_call, E 1NT]")
    table = parse(auction_table(dealer, entries, "ru", events))
    body = table.find("tbody")
    assert body is not None
    struck = ["".join(d.itertext()) for d in body.iter("del")]
    assert struck == ["1♦", "1♠"]
    assert "1БК" in "".join(rows(table)[0][2].itertext())
    assert "зачёркнуто" in "".join(table.find("tfoot").itertext())  # type: ignore[union-attr]


def test_call_out_of_rotation_is_marked() -> None:
    dealer, entries, events = _auction("board: 1\nevents: [N 1H, W 1S, N accepts, N P]")
    markup = auction_table(dealer, entries, "en", events)
    table = parse(markup)
    irregular = by_class(table, "tdc-irregular")
    assert len(irregular) == 1 and "1♠" in "".join(irregular[0].itertext())
    assert not list(table.iter("del"))  # nothing cancelled: no legend for it either


# ----------------------------------------------------------------------------- from a case


def _for_sample(name: str, lang: str) -> ET.Element:
    case = load_case(SAMPLES / f"{name}.yaml")
    markup = diagrams_for_case(case.to_dict(), analyse(case), lang)
    assert markup == diagrams_for_case(case.to_dict(), analyse(case), lang)
    return parse(markup)


def test_case_with_a_corrected_revoke_shows_the_trick_and_the_penalty_card() -> None:
    root = _for_sample("RV01", "en")
    svg = root.find(f"figure/{SVG}svg")  # the wide form (the narrow one follows it)
    assert svg is not None
    compass = by_class(svg, "tdc-compass")[0]
    centre = {g.get("data-card"): g.get("class") for g in compass.iter(f"{SVG}g")
              if g.get("data-card")}
    assert centre == {"H3": "tdc-card tdc-card-trick", "D5": "tdc-card tdc-card-revoke",
                      "HK": "tdc-card tdc-card-trick", "H2": "tdc-card tdc-card-trick"}
    east = next(el for el in by_class(svg, "tdc-hand") if el.get("data-seat") == "E")
    assert [g.get("class") for g in east.iter(f"{SVG}g") if g.get("data-card") == "D5"] == [
        "tdc-card tdc-card-major"]
    played = {el.get("data-card") for el in by_class(svg, "tdc-played")}
    assert {"C4", "C6", "C8", "CA", "S7", "SJ", "SK", "S2", "H3"} <= played
    assert root.find("table") is not None


def test_case_with_a_dropped_small_card_shows_a_minor_penalty_card() -> None:
    root = _for_sample("PC01", "ru")
    faces = face_cards(root)
    assert "tdc-card-minor" in (faces["C4"].get("class") or "")
    assert "младшая штрафная карта" in texts(root)


def test_case_with_an_opening_lead_out_of_turn_marks_the_lead() -> None:
    root = _for_sample("OL01", "en")
    assert "tdc-card-led" in (face_cards(root)["SK"].get("class") or "")


def test_case_with_an_insufficient_bid_and_no_deal() -> None:
    root = _for_sample("IB05", "ru")
    table = root.find("table")
    assert table is not None
    body = table.find("tbody")
    assert body is not None
    assert ["".join(d.itertext()) for d in body.iter("del")] == ["1♥"]
    svg = root.find(f"figure/{SVG}svg")  # the wide form (the narrow one follows it)
    assert svg is not None and "Зона: С–Ю" in texts(svg)
    assert not hand_cards(svg)


def _smallest_text(root: ET.Element) -> float:
    """The smallest font size (SVG units) of any text or tspan that sets one."""
    return min(float(el.get("font-size", "99")) for el in root.iter()
               if el.tag in (f"{SVG}text", f"{SVG}tspan") and el.get("font-size"))


@pytest.mark.parametrize("sample", ["RV01", "OL01", "PC01", "IB05"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_narrow_form_shows_the_same_deal_within_a_phone_width(sample: str,
                                                                   lang: str) -> None:
    """The phone form of a case's diagram: the same cards, marks and words as the wide form,
    about 320 units wide (so one unit is about one CSS pixel on a 375 px phone) with no text
    under 13 units, and ids of its own (both forms are in the page)."""
    root = _for_sample(sample, lang)
    figure = root.find("figure")
    assert figure is not None and "tdc-figure" in (figure.get("class") or "").split()
    wide, narrow = figure.findall(f"{SVG}svg")
    assert "tdc-wide" in (wide.get("class") or "") and "tdc-narrow" in (narrow.get("class") or "")
    assert hand_cards(wide).keys() == hand_cards(narrow).keys()
    assert face_cards(wide).keys() == face_cards(narrow).keys()
    for cls in ("tdc-played", "tdc-card-major", "tdc-card-minor", "tdc-card-led",
                "tdc-card-revoke", "tdc-vul", "tdc-dealer"):
        assert len(by_class(wide, cls)) == len(by_class(narrow, cls)), cls
    assert texts(wide.find(f"{SVG}desc")) == texts(narrow.find(f"{SVG}desc"))  # type: ignore[arg-type]
    assert float(narrow.get("width", "0")) <= 345
    assert _smallest_text(narrow) >= 13
    assert _smallest_text(wide) >= 12
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), ids
    button = figure.find("button")
    assert button is not None and button.get("hidden") and button.get("type") == "button"
    assert (button.text or "").strip() and button.get("data-close")


def test_the_narrow_form_keeps_hands_apart_with_a_long_suit() -> None:
    """West's and East's blocks never overlap, even with a 13-card suit."""
    deal = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    root = parse(hand_diagram(deal, Board.from_number(3), "ru", narrow=True))
    west = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == "W" and
            "tdc-hand" in (g.get("class") or ""))
    east = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == "E" and
            "tdc-hand" in (g.get("class") or ""))
    west_x = float(next(west.iter(f"{SVG}text")).get("x", "0"))
    east_x = float(next(east.iter(f"{SVG}text")).get("x", "0"))
    # 13 ranks at 15 units (a "10" counts double) with their gaps, after the suit symbol
    assert east_x - west_x >= 24 + 14 * 15 * 0.55 + 12 * 4
    assert len(hand_cards(root)) == 52
