"""Chapters 9 to 16 in both codes (issue 17): shared text where the 1987 and 2017 laws agree, an
``edition1987`` block and an ``edition2017`` block where they differ.

The site of each code passes Sphinx its tag (``edition1987`` or ``edition2017``), so a MyST
```` ```{only} edition2017 ```` block is read by the 2017 sites only. What a learner of one code
could be told wrongly is checked here:

* every one of these chapters differs, so each has both kinds of block, and no other tag is used;
* a ``{law}`` role inside a 2017 block names a clause of the 2017 index, inside a 1987 block one of
  the 1987 index; in shared text it names a clause both indexes hold, and where the two indexes
  title that clause differently (50D is the minor penalty card in 1987, the major one in 2017) the
  clause must be one reviewed as meaning the same thing under both codes for what the text says;
* every paragraph, list item and heading written inside a block has its Russian translation in the
  chapter's catalog, as Sphinx extracts it, so a Russian page of either code never falls back to
  English;
* the law role itself: a block's clause is checked against its own code's index, also when the
  role comes from a Russian translation, which Sphinx parses apart from its page (a tiny book is
  built for the 2017 code in both languages).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from chapterblocks import ROLE, TAGS, chapter_text, split
from chapterblocks import clause as clause_of
from chapterblocks import units as message_units

from generator.laws.refs import law_index

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "book" / "chapters"
CATALOGS = ROOT / "book" / "locales" / "ru" / "LC_MESSAGES" / "chapters"
OURS = ("09-penalty-cards", "10-leads-out-of-turn", "11-revoke", "12-tricks", "13-claims",
        "14-proprieties", "15-scoring", "16-tournament")
#: Clauses cited in shared text whose two index titles differ, each read against both codes: the
#: shared sentence says only what is true under both (the wording of the title changed, or the
#: sentence uses the part of the clause that did not).
SAME_MEANING = {
    "16": "the law on unauthorised information, cited as a whole",
    "21": "the law on misinformation, cited as a whole",
    "54C": "declarer must accept after seeing dummy's cards",
    "54D": "declarer refuses the (opening) lead",
    "61A": "what a revoke is",
    "64B1": "the offenders won no trick from the revoke on",
    "64B3": "a revoke by dummy costs no trick under both",
    "67A": "a defect noticed before both sides play to the next trick",
    "69B": "the mistake named (any trick it might have won, or too late) is one under both tests",
    "70C": "an outstanding trump the claimer did not mention",
    "82": "the director rectifies errors of procedure",
}











@pytest.fixture(scope="module")
def indexes() -> dict[str, dict[str, str]]:
    """Each code's clauses with their English titles."""
    return {edition: {key: entry.titles["en"] for key, entry in law_index(edition).items()}
            for edition in ("1987", "2017")}


@pytest.mark.parametrize("chapter", OURS)
def test_each_chapter_has_both_blocks_and_no_other_tag(chapter: str) -> None:
    blocks, shared = split(chapter_text(chapter))
    assert set(blocks) == set(TAGS), (chapter, sorted(blocks))
    assert "{only}" not in shared, f"{chapter}: an only block not closed at its own indent"
    for body in (b for bodies in blocks.values() for b in bodies):
        assert body.strip() and "{include}" not in body, chapter
        assert not re.search(r"^#", body, re.MULTILINE), f"{chapter}: a heading inside a block"


@pytest.mark.parametrize("chapter", OURS)
def test_law_roles_name_clauses_of_their_code(chapter: str,
                                              indexes: dict[str, dict[str, str]]) -> None:
    blocks, shared = split(chapter_text(chapter))
    wrong = []
    for tag, bodies in blocks.items():
        edition = tag.removeprefix("edition")
        wrong += [f"{tag}: {clause}" for body in bodies for role in ROLE.findall(body)
                  if (clause := clause_of(role)) not in indexes[edition]]
    old, new = indexes["1987"], indexes["2017"]
    for clause in (clause_of(role) for role in ROLE.findall(shared)):
        if clause not in old or clause not in new:
            wrong.append(f"shared: {clause} is not in both codes (split it into the blocks)")
        elif old[clause] != new[clause] and clause not in SAME_MEANING:
            wrong.append(f"shared: {clause} is {old[clause]!r} in 1987 but {new[clause]!r} in "
                         f"2017 (split it, or review it into SAME_MEANING)")
    assert not wrong, f"{chapter}: " + "; ".join(wrong)


def test_the_reviewed_clauses_are_still_cited_in_shared_text() -> None:
    """SAME_MEANING lists only what the shared text cites, so that it is not a blanket pass."""
    cited = {clause_of(role) for chapter in OURS
             for role in ROLE.findall(split(chapter_text(chapter))[1])}
    assert set(SAME_MEANING) <= cited, sorted(set(SAME_MEANING) - cited)


@pytest.mark.parametrize("chapter", OURS)
def test_every_message_of_a_block_is_translated(chapter: str) -> None:
    blocks, _ = split(chapter_text(chapter))
    with (CATALOGS / f"{chapter}.po").open("rb") as handle:
        catalog = read_po(handle)
    translated = {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}
    units = [unit for bodies in blocks.values() for body in bodies for unit in message_units(body)]
    assert units, chapter
    missing = [unit for unit in units if unit not in translated]
    assert not missing, f"{chapter}: no Russian translation for:\n" + "\n".join(missing)
    # a block's translation speaks of the same code as its source
    for unit in units:
        for year in ("1987", "2017"):
            if year in unit:
                assert year in translated[unit], (chapter, year, unit[:60])


def test_paragraph_counts_per_chapter() -> None:
    """Each chapter has at least one paragraph of each code; the 2017 blocks are never empty of
    citations altogether, since every difference is a difference of some clause."""
    for chapter in OURS:
        blocks, _ = split(chapter_text(chapter))
        counts = {tag: sum(len(message_units(body)) for body in blocks[tag]) for tag in TAGS}
        assert all(counts.values()), (chapter, counts)
        assert any(ROLE.search(body) for body in blocks["edition2017"]), chapter


# --- the law role in a tiny book built for the 2017 code ---------------------------------------

PAGE = """# Page

Shared text {law}`64A1`.

```{only} edition1987
Old rule {law}`86A`.
```

```{only} edition2017
New rule {law}`12C2b`.
```

```{toctree}
law-index
```
"""
LAW_INDEX = "# Law index\n\n(law-64A1)=\n## 64A1\n\n(law-12C2b)=\n## 12C2b\n"
CATALOG = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Shared text {law}`64A1`."
msgstr "Общий текст {law}`64A1`."

msgid "Old rule {law}`86A`."
msgstr "Старое правило {law}`86A`."

msgid "New rule {law}`12C2b`."
msgstr "Новое правило {law}`12C2b`."
"""


def _build(src: Path, out: Path, lang: str) -> tuple[int, str, str]:
    """Build ``src`` as the 2017 site in ``lang``: status, warnings and the page's HTML."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    warnings = io.StringIO()
    with patch_docutils(str(src)), docutils_namespace():
        app = Sphinx(srcdir=src, confdir=None, outdir=out / lang, doctreedir=out / f".dt-{lang}",
                     buildername="html", confoverrides={
                         "extensions": ["myst_parser", "generator.book.extension"],
                         # its own map: a book built before in this process (myst-nb) may have
                         # left ``.md`` mapped to a parser this build does not load
                         "source_suffix": {".md": "markdown"},
                         "language": lang, "locale_dirs": ["locales"], "root_doc": "index",
                         "tdcourse_edition": "2017"},
                     status=io.StringIO(), warning=warnings, freshenv=True,
                     tags=["edition2017"])
        app.build()
    return app.statuscode, warnings.getvalue(), (out / lang / "index.html").read_text("utf-8")


def _tiny_book(root: Path, page: str, catalog: str) -> Path:
    src = root / "src"
    (src / "locales" / "ru" / "LC_MESSAGES").mkdir(parents=True)
    (src / "index.md").write_text(page, encoding="utf-8")
    (src / "law-index.md").write_text(LAW_INDEX, encoding="utf-8")
    (src / "locales" / "ru" / "LC_MESSAGES" / "index.po").write_text(catalog, encoding="utf-8")
    return src


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_1987_block_builds_in_the_2017_site(tmp_path: Path, lang: str) -> None:
    src = _tiny_book(tmp_path, PAGE, CATALOG)
    status, warnings, html = _build(src, tmp_path / "out", lang)
    assert status == 0 and "cites" not in warnings, warnings
    assert "law-index.html#law-12C2b" in html and "law-index.html#law-64A1" in html
    assert "86A" not in html  # the 1987 block is not on the 2017 page
    assert ("Новое правило" in html) == (lang == "ru")


def test_a_clause_of_the_other_code_in_shared_text_is_still_refused(tmp_path: Path) -> None:
    page = PAGE.replace("Shared text {law}`64A1`.", "Shared text {law}`86A`.")
    catalog = CATALOG.replace("{law}`64A1`", "{law}`86A`")
    src = _tiny_book(tmp_path, page, catalog)
    for lang in ("en", "ru"):
        _, warnings, _ = _build(src, tmp_path / "out", lang)
        assert re.search(r"index\.md:\d+.*cites '86A', which is not a clause of the 2017 law "
                         r"index", warnings), (lang, warnings)
