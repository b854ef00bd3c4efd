"""Decision charts: every end says what the engine rules on its case, every question tells its
branches apart, no seat is named, the output is deterministic and fits one A4 page at 9 pt."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from generator.book import decisions
from generator.book.decisions import BY_NAME, NAMES, decision, ends, seen, summary
from generator.book.diagrams import _num
from generator.laws.ruling import Ruling

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "ru")


def end_texts(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    out = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("data-end") is not None:
            lines = [" ".join("".join(t.itertext()).split()) for t in group.iter(f"{SVG}text")]
            out[group.get("data-end", "")] = " ".join(lines)
    return out


def test_the_charts_are_the_planned_ones() -> None:
    assert NAMES == ("27", "25", "29-32", "36-39", "50-51", "53-56", "57", "61-64", "67")


@pytest.mark.parametrize("name", NAMES)
def test_every_end_shows_the_engines_clauses_and_every_chart_covers_its_branches(
        name: str) -> None:
    spec = BY_NAME[name]
    texts = end_texts(decision(name, "en"))
    shown: set[str] = set()
    for end in ends(spec.root):
        found = seen(end)
        said = summary(end, found, "en")
        for _text, laws in said:
            for law in filter(None, laws.split(", ")):
                assert law in found.ruling["laws"] or any(
                    r.get("law") == law for r in found.rectifications), (end.key, law)
                assert f"({law}" in texts[end.key] or f"{law})" in texts[end.key]
                shown.add(law)
    assert set(spec.covers) <= shown | {c[:-1] for c in shown}, sorted(set(spec.covers) - shown)


@pytest.mark.parametrize("name", NAMES)
def test_every_question_tells_its_branches_apart(name: str) -> None:
    spec = BY_NAME[name]
    found = {end.key: seen(end) for end in ends(spec.root)}
    decisions.check_questions(spec.root, found, name)  # raises when a test disagrees


def test_a_question_that_does_not_split_its_cases_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spec = BY_NAME["27"]
    found = {end.key: seen(end) for end in ends(spec.root)}
    monkeypatch.setattr(decisions, "condoned", lambda s: True)
    broken = decisions.Ask("condoned", decisions.condoned, spec.root.no, spec.root.yes)
    with pytest.raises(decisions.ChartDisagrees):
        decisions.check_questions(broken, found, "27")


def test_a_rule_that_cites_another_clause_changes_the_chart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = end_texts(decision("27", "en"))["27B1"]
    original = Ruling.add

    def add(self: Ruling, kind: str, law: str | None = None, **fields: Any) -> Any:
        return original(self, kind, "27B3" if law == "27B1" else law, **fields)

    monkeypatch.setattr(Ruling, "add", add)
    after = end_texts(decision("27", "en"))["27B1"]
    assert "27B1)" in before
    assert after != before and "27B3)" in after and "27B1" not in after


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_no_seat_is_named_and_russian_has_no_latin_words(name: str, lang: str) -> None:
    svg = decision(name, lang)
    text = " ".join("".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text"))
    assert not re.search(r"\b(North|South|East|West|Север\w*|Юг\w*|Восток\w*|Запад\w*)\b",
                         text)
    if lang == "ru":
        # clause numbers (27B2) are the only Latin letters; no English word
        assert not re.search(r"[A-Za-z]{2,}", text), re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_deterministic_and_no_text_below_9pt_on_a4(name: str, lang: str) -> None:
    svg = decision(name, lang)
    assert decision(name, lang) == svg
    root = ET.fromstring(svg)
    scale = decisions.print_scale(float(root.get("width", "0")), float(root.get("height", "0")))
    sizes = [float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
    # printed as the PDF prints it: across the A4 text width, or smaller to fit the height
    assert min(sizes) * scale >= 9.0, (name, lang, min(sizes), round(scale, 3))


def page_count(data: bytes) -> int:
    """Page objects in a PDF (Chromium's Skia writes object dictionaries uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))


def test_every_chart_prints_on_exactly_one_a4_page(tmp_path: Path, chromium: Path) -> None:
    printed = {lang: decisions.write_print_pages(tmp_path / lang, lang, pdf=True)
               for lang in LANGS}
    for lang in LANGS:
        assert sorted(p.name for p in printed[lang]) == sorted(f"{n}.pdf" for n in NAMES)
        for pdf in printed[lang]:
            data = pdf.read_bytes()
            assert data.startswith(b"%PDF")
            assert page_count(data) == 1, (lang, pdf.name, page_count(data))
            size = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
            assert size is not None
            # A4 is 595.28 x 841.89 points
            assert abs(float(size.group(1)) - 595.3) < 1.5
            assert abs(float(size.group(2)) - 841.9) < 1.5
    # unchanged pages are not printed again
    assert decisions.write_print_pages(tmp_path / "ru", "ru", pdf=True) == []
    # and a second print is byte for byte the first (no moment of printing in the file)
    again = decisions.write_print_pages(tmp_path / "again", "ru", pdf=True)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in printed["ru"]]


def test_the_print_page_sets_the_chart_at_the_scale_the_9pt_check_uses() -> None:
    page = decisions.print_page("29-32", "ru")
    svg = decision("29-32", "ru")
    root = ET.fromstring(svg)
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    scale = decisions.print_scale(width, height)
    assert f"width:{_num(width * scale)}pt" in page
    assert "@page{size:A4 portrait;" in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


@pytest.mark.parametrize("lang", LANGS)
def test_chapter_links_and_the_index_page(lang: str) -> None:
    link = decisions.link_markup("27", lang, True, "../")
    assert 'href="../decisions/27.pdf"' in link
    assert 'href="../decisions/27.html"' in decisions.link_markup("27", lang, False, "../")
    index = decisions.index_page(lang, True)
    for name in NAMES:
        assert f'href="decisions/{name}.pdf"' in index
        assert f"{{doc}}`/chapters/{BY_NAME[name].chapter}`" in index
        assert f'data-decision="{name}"' in index
    if lang == "ru":
        assert "Схема решений" in link


def test_the_branches_the_old_charts_missed_are_drawn() -> None:
    """27C (an insufficient bid out of rotation, ruled as a bid out of rotation), 27B2 with no
    sufficient bid left in the denomination, the redouble out of rotation and the inadmissible
    redouble, and the revokes 64B2-B5 that carry no transfer: 64B4 and 64B5 (attention first
    drawn after a call on the next deal, after the round) are ends of their own whose cases the
    engine rules so, no longer a note."""
    def kinds(name: str) -> set[str]:
        return {seen(end).ruling["kind"] for end in ends(BY_NAME[name].root)}

    assert "bid_out_of_rotation" in kinds("27")
    assert seen(decisions.End("27C", "bid_out_of_rotation")).detail("insufficient")
    none_left = seen(decisions.End("27B2.none", "insufficient_bid"))
    assert none_left.detail("lowest_sufficient") == "none"
    assert any(r.get("law") == "27B2" for r in none_left.rectifications)
    assert "redouble_out_of_rotation" in kinds("29-32")
    assert {"inadmissible_double", "inadmissible_redouble"} <= kinds("36-39")
    revoke_laws = {r.get("law") for end in ends(BY_NAME["61-64"].root)
                   for r in seen(end).rectifications}
    assert {"64B1", "64B2", "64B3", "64A1", "64A2", "62D1"} <= revoke_laws
    late = {end.key: seen(end) for end in ends(BY_NAME["61-64"].root)
            if end.key in ("64B4", "64B5")}
    assert set(late) == {"64B4", "64B5"}
    for law, found in late.items():
        assert found.ruling["kind"] == "revoke" and "63A" in found.ruling["laws"]
        assert found.rectifications == [{"kind": "no_rectification", "law": law}]
        assert not any(r["kind"] == "trick_transfer" for r in found.rectifications)
        assert {"reason": "equity_check", "law": "64C", "adjustment": "assigned"} in \
            found.ruling["flags"]
    # each is the "yes" of its own question, asked before the tricks won are looked at
    questions = {ask.key: ask for ask in decisions.asks(BY_NAME["61-64"].root)}
    assert questions["next_deal"].yes == decisions.End("64B4", "revoke")
    assert questions["round"].yes == decisions.End("64B5", "revoke")
    assert questions["next_deal"].no is questions["round"]
    assert questions["round"].no is questions["won"]
    for lang in ("en", "ru"):
        page = decision("61-64", lang)
        assert "64B4" in page and "64B5" in page
    assert "Not drawn" not in decision("61-64", "en")
    assert "Не показаны" not in decision("61-64", "ru")


# ----------------------------------------------------------------------------- both codes

from generator.laws.refs import law_index  # noqa: E402

EDITION_NAMES = [(edition, name) for edition in ("1987", "2017")
                 for name in decisions.names(edition)]


def test_both_codes_have_the_same_chart_names() -> None:
    assert decisions.names("1987") == NAMES
    assert decisions.names("2017") == NAMES
    assert decisions.charts_of("2017")["53-56"] is BY_NAME["53-56"]  # the same questions
    for name in ("27", "25", "29-32", "61-64"):
        assert decisions.charts_of("2017")[name] is not BY_NAME[name]
    with pytest.raises(ValueError, match="edition"):
        decisions.names("1997")


@pytest.mark.parametrize(("edition", "name"), EDITION_NAMES)
def test_every_chart_of_each_code_checks_its_questions_and_cites_its_codes_clauses(
        edition: str, name: str) -> None:
    spec = decisions.charts_of(edition)[name]
    index = set(law_index(edition))
    found = {end.key: seen(end, edition) for end in ends(spec.root)}
    decisions.check_questions(spec.root, found, name)
    shown: set[str] = set()
    for lang in LANGS:
        svg = decision(name, lang, edition)
        assert svg == decision(name, lang, edition)
        root = ET.fromstring(svg)
        scale = decisions.print_scale(float(root.get("width", "0")),
                                      float(root.get("height", "0")))
        assert min(float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")) * scale \
            >= 9.0, (edition, name, lang)
        text = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
        assert not re.search(r"\b(North|South|East|West|Север\w*|Юг\w*|Восток\w*|Запад\w*)\b",
                             text)
        if lang == "ru":
            assert not re.search(r"[A-Za-z]{2,}", text), re.findall(r"[A-Za-z]{2,}", text)
        texts = end_texts(svg)
        for end in ends(spec.root):
            for _text, laws in summary(end, found[end.key], lang):
                for law in filter(None, laws.split(", ")):
                    assert law in index, (edition, name, end.key, law)
                    assert f"({law}" in texts[end.key] or f"{law})" in texts[end.key]
                    shown.add(law)
    assert set(spec.covers) <= shown | {c[:-1] for c in shown}, sorted(set(spec.covers) - shown)


def test_the_2017_charts_ask_the_2017_questions() -> None:
    def laws(edition: str, name: str) -> set[str]:
        svg = decision(name, "en", edition)
        return set(re.findall(r"\b\d{1,2}[A-F]\d?[a-z]*\d?\b", " ".join(end_texts(svg).values())))

    assert {"27B1a", "27B1b", "27B2", "27B3", "26B"} <= laws("2017", "27")
    assert "27B1b" not in laws("1987", "27")
    assert {"23B", "31A2b", "30A", "26B"} <= laws("2017", "29-32")
    assert {"64B6", "64B7", "64B8", "64B3"} <= laws("2017", "61-64")
    assert not {"64B6", "64B7", "64B8"} & laws("1987", "61-64")
    assert "12C2" not in decision("61-64", "en", "2017")  # its note cites 64C1, 64C2
    assert "64C1" in decision("61-64", "en", "2017")


@pytest.mark.parametrize("lang", LANGS)
def test_the_2017_index_page_and_print_pages(lang: str, tmp_path: Path) -> None:
    page = decisions.index_page(lang, False, "2017")
    assert page.count('<figure class="tdc-decision"') == len(NAMES)
    assert "27B1b" in page and decisions.index_page(lang, False) != page
    assert decisions.index_page(lang, False, "1987") == decisions.index_page(lang, False)
    written = decisions.write_print_pages(tmp_path, lang, False, "2017")
    assert written == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.html" for n in NAMES)
    assert "64B7" in (tmp_path / "61-64.html").read_text(encoding="utf-8")
