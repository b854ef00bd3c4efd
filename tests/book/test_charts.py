"""Flow charts: they render, they are valid SVG, and they say what the engine rules.

The expected clauses are computed here by running the engine on the charts' own branch cases
(imported from :mod:`generator.book.charts`), and a rule patched to cite another clause must change
the chart.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from generator.book import charts
from generator.book.charts import CHARTS, SPECS, case_of, chart, leaves, ruling_of
from generator.laws import law27
from generator.laws.engine import analyse
from generator.laws.ruling import Ruling

SVG = "{http://www.w3.org/2000/svg}"


def leaf_texts(svg: str) -> dict[int, str]:
    """The text of every leaf box, by leaf index, with wrapped lines joined by spaces."""
    root = ET.fromstring(svg)
    out = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("data-leaf") is not None:
            lines = [" ".join("".join(t.itertext()).split()) for t in group.iter(f"{SVG}text")]
            out[int(group.get("data-leaf", ""))] = " ".join(lines).replace("\u00a0", " ")
    return out


def engine_ruling(spec_name: str, index: int) -> dict[str, Any]:
    leaf = list(leaves(SPECS[spec_name]))[index]
    return ruling_of(leaf, analyse(case_of(leaf)))


def test_the_charts_are_the_planned_ones() -> None:
    assert CHARTS == ("27", "25", "29-32", "50", "54", "64")
    assert set(SPECS) == set(CHARTS)
    for name in CHARTS:
        assert len(list(leaves(SPECS[name]))) >= 3


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", CHARTS)
def test_every_chart_renders_as_valid_svg(name: str, lang: str) -> None:
    svg = chart(name, lang)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img" and root.get("aria-label")
    assert root.find(f"{SVG}title") is not None
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<image" not in svg and "url(" not in svg
    assert len(leaf_texts(svg)) == len(list(leaves(SPECS[name])))
    width = float(root.get("width", "0"))
    assert 300 <= width <= 900  # readable at page width: never scaled below ~80 %
    assert chart(name, lang) == svg  # deterministic


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", CHARTS)
def test_each_leaf_shows_every_clause_the_engine_cites_for_its_branch(
        name: str, lang: str) -> None:
    texts = leaf_texts(chart(name, lang))
    for index, leaf in enumerate(leaves(SPECS[name])):
        ruling = engine_ruling(name, index)
        cited = set(ruling["laws"]) | {r["law"] for r in ruling["rectifications"] if r.get("law")}
        assert cited, leaf.label["en"]
        found = set(re.findall(r"\b\d{1,2}[A-F]?\d?[a-c]?\d?\b", texts[index]))
        missing = cited - found
        assert not missing, f"{name} / {leaf.label['en']}: {sorted(missing)} not shown"
        for rect in ruling["rectifications"]:
            if rect.get("law"):
                assert f"({rect['law']}" in texts[index] or f", {rect['law']})" in texts[index]


def test_russian_charts_are_in_russian() -> None:
    svg = chart("27", "ru")
    text = " ".join(leaf_texts(svg).values())
    assert "Запад должен пасовать до конца торговли" in text
    assert "Цитируемые правила" in text
    assert not re.search(r"\b(must|pass|West|Laws cited)\b", text)


def test_leaf_words_are_the_engines_rectifications() -> None:
    texts = leaf_texts(chart("27", "en"))
    # the second leaf: the lowest sufficient bid in the same denomination (27B1)
    assert "There is no penalty and no lead restriction (27B1)" in texts[1]
    assert "West must pass whenever it is his turn to call (27B2)" in texts[3]
    assert "27B1" not in texts[3]


def test_a_rule_that_cites_another_clause_changes_the_chart(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    before = chart("27", "en")
    original = Ruling.add

    def add(self: Ruling, kind: str, law: str | None = None, **fields: Any) -> Any:
        return original(self, kind, "27B3" if law == "27B1" else law, **fields)

    monkeypatch.setattr(Ruling, "add", add)
    after = chart("27", "en")
    assert after != before
    leaf = leaf_texts(after)[1]
    assert "There is no penalty and no lead restriction (27B3)" in leaf
    assert "27B1" not in leaf


def test_a_switched_reading_changes_the_chart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Law 27B3 read the other way (the double is not turned into a pass)."""
    double_leaf = next(i for i, leaf in enumerate(leaves(SPECS["27"]))
                       if leaf.label["en"] == "a double")
    before = leaf_texts(chart("27", "en"))[double_leaf]
    assert "(27B, 27B3)" in before
    monkeypatch.setattr(law27, "DOUBLE_SUBSTITUTE_COUNTS_AS_PASS", False)
    after = leaf_texts(chart("27", "en"))[double_leaf]
    assert after != before
    assert "(27B, 27B3)" not in after
    assert all(r["law"] != "27B3" for r in engine_ruling("27", double_leaf)["rectifications"])


def test_every_branch_case_gives_the_ruling_it_is_meant_to_show() -> None:
    for name in CHARTS:
        for leaf in leaves(SPECS[name]):
            result = analyse(case_of(leaf))
            ruling = ruling_of(leaf, result)
            assert ruling["rectifications"], f"{name} / {leaf.label['en']}: nothing ruled"
            assert all(set(leaf.label) == {"en", "ru"} for leaf in leaves(SPECS[name]))


def test_unknown_chart_or_language_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown chart"):
        chart("99", "en")
    with pytest.raises(ValueError, match="unknown language"):
        chart("27", "de")


def test_wrapping_keeps_lines_inside_their_boxes() -> None:
    svg = chart("29-32", "ru")
    root = ET.fromstring(svg)
    for group in root.iter(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        if rect is None or not (group.get("class") or "").startswith("tdc-chart-"):
            continue
        inner = float(rect.get("width", "0")) - 2 * charts.PAD
        for text in group.iter(f"{SVG}text"):
            line = "".join(text.itertext())
            size = float(text.get("font-size", "12"))
            assert charts.text_width(line, size, text.get("font-weight") == "bold") <= inner + 1


@pytest.mark.parametrize("name", CHARTS)
def test_the_narrow_form_is_one_readable_column_saying_the_same(name: str) -> None:
    """The phone form: one column about 320 units wide, no text under 12 units, every leaf with
    the same words as in the wide form, every line inside its box."""
    for lang in ("en", "ru"):
        wide, narrow = chart(name, lang), chart(name, lang, narrow=True)
        root = ET.fromstring(narrow)
        assert "tdc-narrow" in (root.get("class") or "")
        assert float(root.get("width", "0")) == charts.MARGIN * 2 + charts.NARROW_W
        assert float(ET.fromstring(wide).get("width", "0")) == charts.wide_width(name)
        assert leaf_texts(narrow).keys() == leaf_texts(wide).keys()
        assert [" ".join(leaf_texts(narrow)[i].split()) for i in sorted(leaf_texts(narrow))] == [
            " ".join(leaf_texts(wide)[i].split()) for i in sorted(leaf_texts(wide))]
        sizes = [float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
        assert min(sizes) >= charts.MIN_TEXT
        boxes = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith(
            "tdc-chart-") and g.find(f"{SVG}rect") is not None]
        for group in boxes:
            rect = group.find(f"{SVG}rect")
            assert rect is not None
            right = float(rect.get("x", "0")) + float(rect.get("width", "0"))
            assert right <= float(root.get("width", "0"))
            inner = float(rect.get("width", "0")) - 2 * charts.PAD
            for text in group.iter(f"{SVG}text"):
                line = "".join(text.itertext())
                bold = text.get("font-weight") == "bold"
                assert charts.text_width(line, float(text.get("font-size", "12")), bold) <= (
                    inner + 1)


# ----------------------------------------------------------------------------- both codes

from generator.laws.refs import law_index  # noqa: E402

EDITION_CHARTS = [(edition, name) for edition in ("1987", "2017")
                  for name in charts.specs(edition)]


def test_both_codes_have_the_same_charts_and_share_the_trees_that_agree() -> None:
    assert tuple(charts.specs("2017")) == CHARTS
    assert charts.specs("1987") is SPECS
    # the penalty card and opening lead trees ask the same questions under both codes
    assert charts.specs("2017")["50"] is SPECS["50"]
    assert charts.specs("2017")["54"] is SPECS["54"]
    for name in ("27", "25", "29-32", "64"):
        assert charts.specs("2017")[name] is not SPECS[name]
    with pytest.raises(ValueError, match="edition"):
        charts.specs("1997")


@pytest.mark.parametrize(("edition", "name"), EDITION_CHARTS)
def test_every_chart_of_each_code_renders_in_both_languages_and_cites_its_codes_clauses(
        edition: str, name: str) -> None:
    index = law_index(edition)
    spec = charts.specs(edition)[name]
    for lang in ("en", "ru"):
        svg = chart(name, lang, edition=edition)
        assert svg == chart(name, lang, edition=edition)  # deterministic
        texts = leaf_texts(svg)
        assert len(texts) == len(list(leaves(spec)))
        width = float(ET.fromstring(svg).get("width", "0"))
        assert 300 <= width <= 900
        assert width == charts.wide_width(name, edition)
        for i, leaf in enumerate(leaves(spec)):
            ruling = ruling_of(leaf, analyse(case_of(leaf, edition)))
            assert ruling is not None
            cited = set(ruling["laws"]) | {r["law"] for r in ruling["rectifications"]
                                            if r.get("law")}
            assert cited <= set(index), (edition, name, i, sorted(cited - set(index)))
            shown = set(re.findall(r"\b\d{1,2}[A-F]?\d?[a-c]?[a-z]*\d?\b", texts[i]))
            assert cited <= shown, (edition, name, leaf.label["en"], sorted(cited - shown))
        if lang == "ru":
            words = " ".join(texts.values())
            assert not re.search(r"[A-Za-z]{2,}", re.sub(r"\b\d{1,2}[A-F]\d?[a-z]*\d?", "",
                                                           words)), words


@pytest.mark.parametrize("name", ["27", "25", "29-32", "64"])
def test_the_2017_trees_ask_the_2017_questions(name: str) -> None:
    """The ends of each 2017 tree rest on the clauses only 2017 has (the comparable call,
    partner barred once, the new revokes that cost no trick)."""
    want = {"27": {"27A1", "27B1a", "27B1b", "27B2", "27B3", "26B"},
            "25": {"25A1", "25B1", "25B2", "26B"},
            "29-32": {"29A", "30A", "30B1bi", "31A1", "31A2a", "31A2b", "32A2b"},
            "64": {"62B1", "64A1", "64A2", "64B1", "64B3", "64B6", "64B7", "64B8"}}[name]
    text = " ".join(leaf_texts(chart(name, "en", edition="2017")).values())
    assert want <= set(re.findall(r"\b\d{1,2}[A-F]\d?[a-z]*\d?\b", text)), text
    old = " ".join(leaf_texts(chart(name, "en")).values())
    assert not {"27B1b", "64B7", "64B8", "25A1", "30B1bi"} & set(re.findall(r"\b\w+\b", old))


@pytest.mark.parametrize(("edition", "name"), EDITION_CHARTS)
def test_the_narrow_form_of_each_code_fits_a_phone(edition: str, name: str) -> None:
    for lang in ("en", "ru"):
        wide = chart(name, lang, edition=edition)
        narrow = chart(name, lang, narrow=True, edition=edition)
        root = ET.fromstring(narrow)
        assert float(root.get("width", "0")) == charts.MARGIN * 2 + charts.NARROW_W
        assert min(float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")) >= \
            charts.MIN_TEXT
        assert [" ".join(v.split()) for _, v in sorted(leaf_texts(narrow).items())] == [
            " ".join(v.split()) for _, v in sorted(leaf_texts(wide).items())]


def test_the_1987_charts_are_unchanged_by_the_edition_keyword() -> None:
    for name in CHARTS:
        assert chart(name, "ru", edition="1987") == chart(name, "ru")
    # a chart shared by both codes draws its leaves under each code, with its own ids
    assert chart("50", "en", edition="2017") != chart("50", "en")
    assert "50D1" in chart("50", "en", edition="2017") and "50D1" not in chart("50", "en")
