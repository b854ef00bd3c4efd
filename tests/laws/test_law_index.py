"""Checks on the 1987 law index (``generator/laws/data/index_1987.yaml``)."""

from __future__ import annotations

import ast
import re
from importlib import resources

import pytest
import yaml
from lawsource import law_calls

from generator.laws.refs import EDITIONS, LawRef, law_index

EDITION = "1987"
MAX_TITLE = 80
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
KEY_LINE = re.compile(r'^\s+"([^"]+)"\s*:', re.MULTILINE)

#: The calls of generator/laws whose string arguments name clauses (the law of a rectification,
#: a flag, a note, a bar or an option; every argument of ``cite``).
CLAUSE_TAKERS = frozenset({
    "cite", "add", "offer", "flag", "note", "bar", "bar_partner", "cancel_and_bar", "no_double",
    "offer_acceptance", "withdrawn", "Option", "Rectification",
})
CLAUSE_LIKE = re.compile(r"\d{1,2}[A-Za-z0-9]*")


def _cited_literals() -> list[str]:
    """Every clause-like string literal passed to a clause-taking call in generator/laws (read
    from the source, so a clause the cases never reach is checked too)."""
    found: set[str] = set()
    for name, node in law_calls():
        if name not in CLAUSE_TAKERS:
            continue
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            found.update(sub.value for sub in ast.walk(arg)
                         if isinstance(sub, ast.Constant) and isinstance(sub.value, str)
                         and CLAUSE_LIKE.fullmatch(sub.value))
    return sorted(found)


CITED = _cited_literals()


def _raw_text() -> str:
    return (
        resources.files("generator.laws")
        .joinpath(f"data/index_{EDITION}.yaml")
        .read_text(encoding="utf-8")
    )


def _natural_key(key: str) -> tuple[int, list[tuple[int, int | str]]]:
    ref = LawRef.parse(key)
    tokens: list[tuple[int, int | str]] = [
        (0, int(tok)) if tok.isdigit() else (1, tok)
        for tok in re.findall(r"\d+|[A-Za-z]", ref.clause)
    ]
    return ref.law, tokens


@pytest.fixture(scope="module")
def index() -> dict[str, object]:
    return dict(law_index(EDITION))


def test_file_header_and_string_keys() -> None:
    raw = yaml.safe_load(_raw_text())
    assert raw["edition"] == EDITION
    assert raw["clauses"], "no clauses"
    assert all(isinstance(key, str) for key in raw["clauses"]), "keys must be quoted strings"


def test_no_duplicate_keys() -> None:
    keys = KEY_LINE.findall(_raw_text())
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    assert not duplicates
    assert len(keys) == len(law_index(EDITION))


def test_every_law_present(index: dict[str, object]) -> None:
    missing = [n for n in range(1, 94) if str(n) not in index]
    assert not missing


def test_keys_parse_and_round_trip(index: dict[str, object]) -> None:
    for key in index:
        assert str(LawRef.parse(key)) == key


def test_titles_present_short_and_cyrillic() -> None:
    for key, entry in law_index(EDITION).items():
        en = entry.titles.get("en", "").strip()
        ru = entry.titles.get("ru", "").strip()
        assert en, f"{key}: empty en title"
        assert ru, f"{key}: empty ru title"
        assert CYRILLIC.search(ru), f"{key}: ru title has no Cyrillic: {ru!r}"
        assert len(en) <= MAX_TITLE, f"{key}: en title too long"
        assert len(ru) <= MAX_TITLE, f"{key}: ru title too long"


def test_parent_law_present(index: dict[str, object]) -> None:
    for key in index:
        ref = LawRef.parse(key)
        if ref.clause:
            assert str(ref.law) in index, f"{key}: law {ref.law} missing"


def test_keys_in_natural_order() -> None:
    keys = KEY_LINE.findall(_raw_text())
    assert keys == sorted(keys, key=_natural_key)
    assert list(law_index(EDITION)) == keys


def test_the_scan_finds_the_clauses_the_modules_cite() -> None:
    # one of each way a module names a clause: cite, add, flag, note, a bar helper, an option
    assert {"33", "25A", "23A", "25B1", "27B2", "25B2c", "26A2"} <= set(CITED)
    assert len(CITED) >= 100


@pytest.mark.parametrize("ref", [r for r in CITED if r not in EDITIONS])  # "2017" names a code
def test_cited_clause_present(ref: str) -> None:
    # the law modules hold the rules of both editions side by side: a literal clause must be in
    # the index of one of them (the ruling checks each citation against its own edition's)
    assert any(ref in law_index(edition) for edition in EDITIONS), ref
