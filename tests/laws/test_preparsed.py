"""The store of files parsed at build time (:mod:`generator.preparsed`), which the ruling
assistant page reads instead of running PyYAML's pure-Python parser: the catalogs and the law
indexes read through it are exactly what parsing gives, and a text it does not hold is parsed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import i18n, preparsed
from generator.book.assistant import engine_entries
from generator.laws import refs


def _clear() -> None:
    preparsed._store.cache_clear()
    i18n._read.cache_clear()
    refs.law_index.cache_clear()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The engine zip's ``preparsed.json``, put where the readers look for it."""
    data = dict(engine_entries())[f"generator/{preparsed.STORE.name}"]
    path = tmp_path / "preparsed.json"
    path.write_bytes(data)
    monkeypatch.setattr(preparsed, "STORE", path)
    _clear()
    yield path
    _clear()


def test_no_store_in_the_source_tree() -> None:
    assert not preparsed.STORE.exists()


def test_store_gives_what_parsing_gives(store: Path) -> None:
    assert preparsed._store(), "the engine zip's store holds the catalogs and indexes"
    read = {lang: i18n._read(i18n.CATALOG_DIR / f"{lang}.yaml") for lang in i18n.languages()}
    indexes = {ed: refs.law_index(ed) for ed in refs.EDITIONS}
    store.unlink()
    _clear()
    for lang, (data, lines) in read.items():
        fresh_data, fresh_lines = i18n._read(i18n.CATALOG_DIR / f"{lang}.yaml")
        assert data == fresh_data and list(data) == list(fresh_data)
        assert lines == fresh_lines and list(lines) == list(fresh_lines)
    for edition, index in indexes.items():
        assert index == refs.law_index(edition)
        assert list(index) == list(refs.law_index(edition))


def test_a_text_the_store_lacks_is_parsed(store: Path) -> None:
    text = "clauses:\n  27: {en: insufficient bid}\n"
    assert preparsed.parsed("law_index", text, "x.yaml") == {"27": {"en": "insufficient bid"}}
    with pytest.raises(i18n.CatalogError):
        preparsed.parsed("catalog", "a: {b: [1]}\n", "x.yaml")


def test_store_is_deterministic() -> None:
    assert engine_entries() == engine_entries()
