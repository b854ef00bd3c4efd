"""Language catalogs of the generated text (``generator/i18n/<lang>.yaml``): every catalog has the
English keys and template fields, and a third language works with catalogs only.

The third language, ``xx``, is English with every text prefixed ``XX:``, in a copy of the catalog
folder that ``generator.i18n.CATALOG_DIR`` points at for the test: the engine's explanations, the
questions, the worked examples, the flow charts and a book built with an ``xx`` gettext catalog
then come out in ``xx`` with no code changed.
"""

from __future__ import annotations

import shutil
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import i18n
from generator.book import charts, examples
from generator.book.quizpages import chapter_quiz
from generator.book.site import build_site
from generator.laws.engine import analyse
from generator.scenarios.bank import Plan, scenarios
from generator.scenarios.questions import TOPICS, localise, questions_for
from generator.table.case import load_case

CATALOGS = Path(i18n.__file__).parent
TESTS = Path(__file__).resolve().parents[1]
SAMPLE = TESTS / "cases" / "samples" / "IB04.yaml"
TESTBOOK = TESTS / "book" / "testbook"
MARK = "XX:"


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def _texts(node: dict[str, Any], where: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    """Every text of a catalog with its path (``explain.kind/revoke``)."""
    for key, value in node.items():
        if isinstance(value, dict):
            yield from _texts(value, (*where, key))
        else:
            yield "/".join((*where, key)), value


def _fields(template: str) -> set[str]:
    """The fields a text is filled with, a declined seat or call counted as the field itself
    (``{seat_gen}`` is ``{seat}``: Russian declines where English does not)."""
    return set(i18n.undeclined(frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None)))


def test_every_catalog_has_the_english_keys_and_fields() -> None:
    english = dict(_texts(_load(CATALOGS / "en.yaml")))
    others = [p for p in sorted(CATALOGS.glob("*.yaml")) if p.stem != "en"]
    assert "ru" in [p.stem for p in others]
    assert i18n.languages() == ("en", *(p.stem for p in others))
    for path in others:
        own = dict(_texts(_load(path)))
        assert sorted(set(english) - set(own)) == [], f"{path.name}: keys missing"
        assert sorted(set(own) - set(english)) == [], f"{path.name}: keys English does not have"
        for key, template in english.items():
            assert isinstance(own[key], str) and own[key].strip(), (path.name, key)
            assert _fields(own[key]) == _fields(template), (path.name, key, own[key])


def test_every_chart_label_is_in_the_catalogs() -> None:
    """Every label a chart of either code shows is in every catalog, and the catalogs hold no
    label that no chart of any code uses (the title and root of each chart included)."""
    labels = i18n.table("en", "charts.labels")
    used: dict[str, set[tuple[str, ...]]] = {}
    for edition in ("1987", "2017"):
        for name, spec in charts.specs(edition).items():
            nodes = list(charts.leaves(spec))
            assert nodes, (edition, name)
            for lang in i18n.languages():
                assert spec.title[lang].strip() and spec.root[lang].strip(), (name, lang)
            mine = used.setdefault(name, set())
            mine.update({spec.title._path, spec.root._path})
            stack = list(spec.branches)
            while stack:
                node = stack.pop()
                stack.extend(node.children)
                mine.add(node.label._path)
                for lang in i18n.languages():
                    assert node.label[lang].strip(), (edition, name, lang)
    for name, paths in used.items():
        keys = {path[-1] for path in paths if path[:2] == ("charts.labels", name)}
        assert keys == set(labels[name]), name


def test_a_missing_key_falls_back_to_english(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(CATALOGS / "en.yaml", tmp_path / "en.yaml")
    (tmp_path / "yy.yaml").write_text("explain.seats:\n  N: Nord\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "CATALOG_DIR", tmp_path)
    assert i18n.languages() == ("en", "yy")
    assert i18n.text("yy", "explain.seats", "N") == "Nord"
    assert i18n.text("yy", "explain.seats", "S") == "South"
    assert i18n.text("yy", "questions.prompts", "ruling") == "What is the ruling?"
    with pytest.raises(ValueError, match=r"unknown language 'zz' \(known: en, yy\)"):
        i18n.catalog("zz")


# --- a third language, with catalogs only --------------------------------------------------------


def _marked(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _marked(value) for key, value in node.items()}
    return MARK + node


@pytest.fixture
def xx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped catalogs plus ``xx.yaml`` (English, every text marked), made current."""
    folder = tmp_path / "i18n"
    folder.mkdir()
    for path in CATALOGS.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    text = yaml.safe_dump(_marked(_load(CATALOGS / "en.yaml")), allow_unicode=True,
                          sort_keys=False)
    (folder / "xx.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "CATALOG_DIR", folder)
    return folder


def _unmarked(text: str) -> str:
    return text.replace(MARK, "")


def test_a_third_language_needs_only_its_catalog(xx: Path) -> None:
    assert i18n.languages() == ("en", "ru", "xx")

    # the engine: every ruling explained in xx, made of the xx texts only
    result = analyse(load_case(SAMPLE))
    assert result["rulings"]
    for ruling in result["rulings"]:
        explanation = ruling["explanation"]
        assert list(explanation) == ["en", "ru", "xx"]
        assert explanation["xx"].startswith(MARK)
        assert explanation["xx"].count(MARK) >= explanation["en"].count(". ") + 1
        assert _unmarked(explanation["xx"]).lower() == explanation["en"].lower()

    # questions: every text in xx too, and reduced to xx
    records = scenarios(Plan(8, 41), workers=1)
    assert records
    for record in records:
        questions = questions_for(record)
        assert questions
        for question in questions:
            for field in ("prompt", "context", "explanation"):
                assert set(question[field]) == {"en", "ru", "xx"}, (question["id"], field)
                assert question[field]["xx"].startswith(MARK), (question["id"], field)
            local = localise(question, "xx")
            assert local["lang"] == "xx" and local["prompt"].startswith(MARK)
            for choice in local.get("choices", []):
                assert isinstance(choice["text"], str)

    # the book's generated parts: worked examples, quiz list, law index, flow chart
    record = records[0]
    slug = examples.TOPIC_CHAPTER[TOPICS[record["kind"]]]
    page = examples.worked_examples(records, slug, "xx")
    assert page.splitlines()[1] == f"## {MARK}Worked examples"
    assert f"**{MARK}Question.**" in page and f"**{MARK}Ruling.**" in page
    assert f"({MARK}Law {{law}}`" in page  # the xx citations became law roles
    assert f"{MARK}North" in page or f"{MARK}South" in page or f"{MARK}East" in page \
        or f"{MARK}West" in page  # the diagrams' seat names
    questions = [q for r in records for q in r["questions"]]
    assert f"## {MARK}Quiz" in chapter_quiz(questions, slug, "xx")[0]
    index = examples.law_index_page("xx", {}, title=True)
    assert index.startswith(f"# {MARK}Law index\n")
    svg = charts.chart("27", "xx")
    assert f"{MARK}Law 27: the insufficient bid" in svg and f"{MARK}South accepts the bid" in svg


def test_a_book_in_a_third_language_builds_with_catalogs_only(xx: Path, tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(TESTBOOK, root / "book")
    locales = root / "book" / "locales"
    shutil.copytree(locales / "ru", locales / "xx")

    said: list[str] = []
    html = build_site(root, None, said.append, editions=["1987"])

    site = html / "1987" / "xx"
    assert (site / "intro.html").is_file() and (site / "law-index.html").is_file()
    assert 'href="1987/xx/intro.html"' in (html / "index.html").read_text(encoding="utf-8")
    assert 'lang="xx"' in (site / "intro.html").read_text(encoding="utf-8")
    assert [line for line in said if "/html/1987/xx/ (" in line], said
    generated = root / "book" / "_build" / ".generated" / "1987" / "xx"
    assert (generated / "law-index.md").read_text(encoding="utf-8").startswith(
        f"{MARK}Every law and clause")
    assert f"{MARK}Law 27" in (generated / "charts" / "27.svg").read_text(encoding="utf-8")


def _ruling_keys() -> dict[str, set[str]]:
    """The string literals the law modules write into rulings, by the catalog table that words
    them: ``note("topic", ...)``, ``flag("reason", ...)``, and the rectification kinds of
    ``add("kind", ...)``, ``Rectification("kind", ...)`` and ``accept_kind="kind"``."""
    import ast

    from lawsource import law_calls

    tables = {"note": "explain.note", "flag": "explain.flag", "add": "explain.rect",
              "Rectification": "explain.rect"}
    keys: dict[str, set[str]] = {table: set() for table in tables.values()}
    for name, node in law_calls():
        first = node.args[0] if node.args else None
        if name in tables and isinstance(first, ast.Constant) and isinstance(first.value, str):
            keys[tables[name]].add(first.value)
        for keyword in node.keywords:
            if keyword.arg == "accept_kind" and isinstance(keyword.value, ast.Constant):
                keys["explain.rect"].add(str(keyword.value.value))
    return keys


def test_every_note_flag_and_rectification_the_rules_write_has_a_sentence_in_every_catalog(
) -> None:
    """A ruling note, flag or rectification without a catalog sentence would show its raw key in
    an explanation (``Replaced_by_change_of_call (Law 25A)``): every literal key the modules of
    ``generator/laws`` write must be a key of the matching ``explain.*`` table of each language's
    own catalog (not merely through the English fallback)."""
    keys = _ruling_keys()
    assert "next_trick_led_from_wrong_hand" in keys["explain.flag"]
    assert "replaced_by_change_of_call" in keys["explain.note"]
    assert {"must_pass", "lead_stands", "roles_swapped"} <= keys["explain.rect"]
    for lang in i18n.languages():
        own = yaml.safe_load((i18n.CATALOG_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))
        for table, used in keys.items():
            missing = sorted(used - set(own[table]))
            assert not missing, f"{lang}.yaml {table} lacks {missing}"


def test_a_code_reads_its_own_texts_over_the_shared_ones() -> None:
    """2017 27B lets an insufficient bid be replaced by any legal call: the 2017 text wins while
    the edition holds, the 1987 one stays the shared text, and every language says it itself
    (an override missing from a catalog would give an English sentence on a Russian page)."""
    from generator.laws.explain import rectification_text

    rect = {"kind": "must_substitute", "seat": "N", "calls": "sufficient_bid_or_pass"}
    assert "sufficient bid or a pass" in rectification_text(rect, "en")
    with i18n.under_edition("2017"):
        assert i18n.edition() == "2017"
        assert rectification_text(rect, "en") == "North must replace it with any legal call"
        assert "любой легальной заявкой" in rectification_text(rect, "ru")
        table = i18n.table("en", "explain.rect", "must_substitute")
        assert table["pass"] == i18n.text("en", "explain.rect", "must_substitute", "pass")
        assert "sufficient bid" not in table["sufficient_bid_or_pass"]
    assert i18n.edition() == "1987"
    assert "достаточной заявкой или пасом" in rectification_text(rect, "ru")
    english = _load(i18n.CATALOG_DIR / "en.yaml")
    for lang in i18n.languages():
        own = _load(i18n.CATALOG_DIR / f"{lang}.yaml")
        for code in [k for k in english if k.startswith(i18n.EDITION_TABLE)]:
            assert {p for p, _ in _texts(own.get(code) or {})} == \
                {p for p, _ in _texts(english[code])}, (lang, code)
