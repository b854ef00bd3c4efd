"""Checks on the 1987 law index (``generator/laws/data/index_1987.yaml``)."""

from __future__ import annotations

import re
from importlib import resources

import pytest
import yaml

from generator.laws.refs import LawRef, check, law_index

EDITION = "1987"
MAX_TITLE = 80
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
KEY_LINE = re.compile(r'^\s+"([^"]+)"\s*:', re.MULTILINE)

# Clauses the engine will certainly cite.
CITED = [
    "12C1", "16C2", "17D", "23A", "25A", "25B1", "25B2b1", "25B2b2", "25B2c", "26A2", "26B",
    "27B1", "27B2", "27B3", "28B", "29A", "29B", "30A", "30B1", "30B2", "31A", "31B", "32A",
    "32B", "34", "35A", "36", "37", "38", "39", "50", "54A", "54B", "56", "57A", "62D2", "64A1",
    "64A2", "64B", "64C", "77", "78B", "86A",
]  # fmt: skip


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


@pytest.mark.parametrize("ref", CITED)
def test_cited_clause_present(ref: str) -> None:
    assert str(check(ref, EDITION)) == ref
