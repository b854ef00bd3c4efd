"""The course's own pages speak to a director, not to a developer.

The readers are candidates for the director's examination: the chapters, the introduction, the
practice page and the mock exam must not talk about the program behind the course (its "engine",
its command line, its case format, its functions) nor scatter "this text was not seen" remarks
through the chapters (the introduction says once, in a reader's terms, that some 1987 wording is
uncertain, and the law index marks each such clause). The same holds for their Russian
translations, which must also keep to Russian words (a law's clause number is not a word).

The English sources are read as written (``book/*.md``, ``book/chapters/*.md``); a ``{law}``
role, an ``{include}`` of a generated part and a ``{download}`` target are markup, not text.
The generated parts (worked examples, charts, quizzes) come from the language catalogs and are
checked by their own tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
PAGES = sorted([BOOK / "intro.md", BOOK / "practice.md", BOOK / "mock-exam.md",
                *(BOOK / "chapters").glob("*.md")])
CATALOGS = sorted(p for p in (BOOK / "locales" / "ru" / "LC_MESSAGES").rglob("*.po")
                  if p.stem != "sphinx" and p.name != "law-index.po")

#: What a learner's page must not say, with why (the pattern is matched case-insensitively).
BANNED_EN = {
    r"\bengines?\b": "the program is not the reader's concern: 'this course rules ...'",
    r"\btdcourse\b": "a command or package name",
    r"\bcommand\b|command line": "command lines belong to the README",
    r"\bnot seen\b|\bwas not available\b|\bour sources\b|\bavailable to us\b":
        "say it once, in the intro",
    r"\b(?:is|are) reconstructed\b|\breconstructed from\b": "the law index marks these clauses",
    r"\bspecification\b": "a developer's document",
    r"\bcase (?:file|format)\b": "the program's input format",
    r"\bgenerator\.|\.py\b|\.ya?ml\b": "a file or module of the program",
}
BANNED_RU = {
    r"движ[оке]": "«движок»: the program is not the reader's concern",
    r"спецификац": "a developer's document",
    r"реконструир": "the law index marks these clauses",
    r"нам не встрети|не встречал|не видели|у нас не было|в наших источниках|нам недоступ":
        "say it once, in the intro",
    r"\bкоманд[аы] `": "command lines belong to the README",
}
#: Latin words a Russian page may show: the clause letters of the Laws (30B2 is cited as such in
#: Russian too) and the card ranks of a diagram (A K Q J); anything else has a Russian word.
ALLOWED_LATIN_RU = frozenset("ABCDEFGHAKQJ")

_MARKUP = re.compile(r"\{law\}`[^`]*`|^```.*$|\{download\}`[^`<]*<[^>]*>`|<[^>]+>", re.MULTILINE)
_CODE = re.compile(r"(?<![}`])`([^`\n]+)`(?!`)")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'.\-]*")


def _text(source: str) -> str:
    return _MARKUP.sub(" ", source)


def _latin_words(text: str) -> list[str]:
    """Latin words of ``text`` that are not allowed on a Russian page: a token with a digit is a
    clause or a score (27B2, 4♠ is not Latin at all), and the allowed single letters pass."""
    return [w.strip(".-'") for w in _WORD.findall(text)
            if not any(c.isdigit() for c in w) and w.strip(".-'") not in ALLOWED_LATIN_RU]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(BOOK).as_posix())
def test_english_pages_use_learner_words(page: Path) -> None:
    text = _text(page.read_text(encoding="utf-8"))
    found = [f"{page.name}: {m.group(0)!r} ({why})"
             for pattern, why in BANNED_EN.items()
             for m in re.finditer(pattern, text, re.IGNORECASE)]
    found += [f"{page.name}: code {m.group(0)!r} (no code or function names in a chapter)"
              for m in _CODE.finditer(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda p: p.stem)
def test_russian_translations_use_learner_words(catalog: Path) -> None:
    with catalog.open("rb") as handle:
        messages = [m for m in read_po(handle) if m.id and m.string and not m.fuzzy]
    assert messages, f"{catalog}: no translated message"
    found = []
    for message in messages:
        text = _text(str(message.string))
        found += [f"{catalog.name}:{message.lineno}: {m.group(0)!r} ({why})"
                  for pattern, why in BANNED_RU.items()
                  for m in re.finditer(pattern, text, re.IGNORECASE)]
        found += [f"{catalog.name}:{message.lineno}: Latin {word!r}"
                  for word in _latin_words(text)]
    assert not found, "\n".join(found)


def test_the_checks_catch_what_they_are_for() -> None:
    """The patterns are not vacuous: each kind of slip that was in the book is caught."""
    for slip in ("The engine reads this as follows", "run `tdcourse score 4S N 10`",
                 "The 1987 wording of 26B was not seen", "Laws 36 to 39 are reconstructed from",
                 "the principles of the specification", "In a case file the claim is written",
                 "from `generator.laws.law78.imps`"):
        text = _text(slip)
        hits = [p for p in BANNED_EN if re.search(p, text, re.IGNORECASE)]
        hits += [m.group(0) for m in _CODE.finditer(text)]
        assert hits, slip
    assert not _CODE.search(_text("see {law}`27B2` and {law}`Law 26 <26A1>`"))
    assert _latin_words(_text("пункт {law}`27B2`, ♠A K Q J, 41A–C, 30B2")) == []
    assert _latin_words("Обсчёт в IMP, тетрадка Jupyter") == ["IMP", "Jupyter"]
    assert re.search(next(iter(BANNED_RU)), "Движок толкует это так", re.IGNORECASE)


def test_the_scoring_chapters_imp_scale_is_the_laws() -> None:
    """Chapter 15 prints the IMP scale for scoring by hand: every band it prints gives, at both
    ends, the IMPs of the course's scale (Law 78B), and together the bands cover 0 to 4000."""
    from generator.laws.law78 import imps

    text = (BOOK / "chapters" / "15-scoring.md").read_text(encoding="utf-8")
    bands = re.findall(r"\|\s*(\d+)(?:-(\d+)| and more)\s*\|\s*(\d+)\s*(?=\|)", text)
    assert len(bands) == 25, bands
    for low, high, points in bands:
        assert imps(int(low)) == int(points), (low, points)
        if high:
            assert imps(int(high)) == int(points), (high, points)
            assert imps(int(high) + 10) == int(points) + 1, (high, points)
    assert sorted(int(low) for low, _, _ in bands)[0] == 0
    assert max(int(low) for low, high, _ in bands if not high) == 4000
