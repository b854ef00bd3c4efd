"""The law index as a reference for learners (issue 14, item 6): every clause restated in our own
words in both languages (``generator/laws/data/restatements_1987.yaml``), reconstructed clauses
marked, neighbours linked."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from generator.book import examples as ex
from generator.laws.refs import LawRef, law_index

EDITION = "1987"
SEEDS = Path("/work/shared/seeds")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
#: A clause number as written in a text: the only Latin letters a Russian restatement may hold.
CLAUSE = re.compile(r"(?<![\w])\d{1,2}[A-Za-z0-9]*(?![\w])")
WORDS = re.compile(r"[a-zа-я0-9]+")
RUN = 8
#: Clauses the spec (laws1987_spec.md) marks M that index_1987.yaml carries no comment on: Law 7,
#: 12C2 and 36-39 (only the headings seen), Laws 48, 53 and 55 (only the structure), and the laws
#: whose sections the spec marks M as a whole (24, 31, 32, 52, 58, 60, 61, 63, 64, 68, 71, 79).
MARKED_FROM_SPEC = {"7", "12C2", "36", "37", "38", "39", "48", "53", "53A", "53B", "53C",
                    "55", "55A", "55B", "55B1", "55C", "24", "31", "32", "52", "58", "60", "61",
                    "63", "64", "68", "71", "79"}
INDEX_MARK = re.compile(r'^\s+"([^"]+)":.*#\s*(reconstructed|content uncertain)', re.MULTILINE)


@pytest.fixture(scope="module")
def restated() -> dict[str, ex.Restatement]:
    return ex.restatements(EDITION)[0]


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {lang: ex.law_index_page(lang, {}, title=True) for lang in ("en", "ru")}


def _blocks(page: str) -> dict[str, str]:
    """Each entry's text on the page, from its target to the next one."""
    parts = re.split(r"(?m)^\(law-([0-9A-Za-z]+)\)=$", page)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _words(text: str) -> list[str]:
    return WORDS.findall(text.lower().replace("ё", "е"))


def _runs(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def test_every_index_entry_and_every_cited_clause_is_restated_in_both_languages(
        restated: dict[str, ex.Restatement]) -> None:
    index = law_index(EDITION)
    assert list(restated) == list(index)  # same clauses, same order
    assert ex.rule_clauses(EDITION) <= set(restated)  # every clause the engine's rules name
    for ref, entry in restated.items():
        en, ru = entry.texts.get("en", "").strip(), entry.texts.get("ru", "").strip()
        assert en and ru, ref
        assert CYRILLIC.search(ru) and not CYRILLIC.search(en), ref
        for text in (en, ru):
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
            assert 1 <= len(sentences) <= 3, (ref, text)
            assert len(text) <= 400, (ref, len(text))
            assert text != index[ref].titles["en"] and text != index[ref].titles["ru"], ref


def test_no_latin_word_in_a_russian_restatement_or_note(
        restated: dict[str, ex.Restatement]) -> None:
    bases = ex.restatements(EDITION)[1]
    texts = {ref: entry.texts["ru"] for ref, entry in restated.items()}
    texts |= {f"basis {key}": note["ru"] for key, note in bases.items()}
    for ref, text in texts.items():
        latin = re.findall(r"[A-Za-z]+", CLAUSE.sub("", text))
        assert not latin, (ref, latin)
        for ref_in_text in CLAUSE.findall(text):
            if re.search(r"[A-Za-z]", ref_in_text):
                assert ref_in_text in law_index(EDITION), (ref, ref_in_text)


def test_russian_uses_the_seeds_terms_not_loan_words(
        restated: dict[str, ex.Restatement]) -> None:
    russian = " ".join(entry.texts["ru"] for entry in restated.values()).lower()
    for term in ("недостаточн", "вне очереди", "штрафн", "фальшренонс", "разыгрывающ",
                 "вистующ", "болван", "судья"):
        assert term in russian, term
    for loan in (r"(?<!фальш)ренонс", "декларант", "дамми", "директор"):
        assert not re.search(loan, russian), loan


def test_no_run_of_eight_words_comes_from_the_seed_texts(
        restated: dict[str, ex.Restatement]) -> None:
    if not SEEDS.is_dir():
        pytest.skip("the seed texts (/work/shared/seeds) are not on this machine")
    seen: set[tuple[str, ...]] = set()
    files = sorted(SEEDS.glob("*.txt"))
    assert len(files) >= 3
    for path in files:
        seen |= _runs(path.read_text(encoding="utf-8", errors="replace"))
    assert len(seen) > 1000
    bases = ex.restatements(EDITION)[1]
    texts = [(ref, lang, text) for ref, entry in restated.items()
             for lang, text in entry.texts.items()]
    texts += [(f"basis {key}", lang, text) for key, note in bases.items()
              for lang, text in note.items()]
    copied = [(ref, lang, " ".join(run)) for ref, lang, text in texts
              for run in sorted(_runs(text) & seen)]
    assert not copied


def test_the_check_for_copied_runs_would_catch_one() -> None:
    if not SEEDS.is_dir():
        pytest.skip("the seed texts (/work/shared/seeds) are not on this machine")
    seed = next(iter(sorted(SEEDS.glob("000_*.txt")))).read_text(encoding="utf-8")
    words = _words(seed)
    long_line = next(i for i in range(len(words)) if len(words[i:i + RUN]) == RUN)
    sample = "Пересказ: " + " ".join(words[long_line:long_line + RUN]) + "."
    assert _runs(sample) & _runs(seed)


def test_reconstructed_marks_follow_the_data(restated: dict[str, ex.Restatement],
                                            pages: dict[str, str]) -> None:
    raw = resources.files("generator.laws").joinpath(
        f"data/index_{EDITION}.yaml").read_text(encoding="utf-8")
    from_index = {match.group(1) for match in INDEX_MARK.finditer(raw)}
    marked = {ref for ref, entry in restated.items() if entry.basis}
    assert len(from_index) >= 90
    assert marked == from_index | MARKED_FROM_SPEC  # every [M] clause, and only those
    bases = ex.restatements(EDITION)[1]
    assert {entry.basis for entry in restated.values() if entry.basis} == set(bases)
    for lang, page in pages.items():
        mark = ex.WORDS["reconstructed_mark"][lang].strip("()")
        assert mark in ex.WORDS["law_index_intro"][lang]  # explained once, in the introduction
        blocks = _blocks(page)
        assert list(blocks) == list(law_index(EDITION))
        for ref, block in blocks.items():
            title_line = next(line for line in block.splitlines() if line.strip())
            assert (mark in title_line) == (ref in marked), (lang, ref, title_line)
            if ref in marked:
                note = bases[restated[ref].basis][lang]
                assert f"*{ex.md_text(note, lang)}*" in block, (lang, ref)
            else:
                assert not any(f"*{ex.md_text(n[lang], lang)}*" in block
                               for n in bases.values()), (lang, ref)


def test_restatements_and_notes_are_on_the_page(restated: dict[str, ex.Restatement],
                                               pages: dict[str, str]) -> None:
    for lang, page in pages.items():
        blocks = _blocks(page)
        for ref, entry in restated.items():
            assert ex.linked_text(entry.text(lang), lang) in blocks[ref], (lang, ref)
        assert "Test cases" not in page and "Тестовых ситуаций" not in page


def test_neighbours() -> None:
    assert ex.law_neighbours("27") == (None, None)
    assert ex.law_neighbours("27A") == (None, "27B")
    assert ex.law_neighbours("27B") == ("27A", "27B1")
    assert ex.law_neighbours("27B3") == ("27B2", "27C")
    assert ex.law_neighbours("27C") == ("27B3", None)
    assert ex.law_neighbours("25B2b2") == ("25B2b1", "25B2c")
    assert ex.law_neighbours("33") == (None, None)  # a law without clauses


def test_neighbours_link_correctly_on_the_page(pages: dict[str, str]) -> None:
    index = law_index(EDITION)
    for lang, page in pages.items():
        blocks = _blocks(page)
        previous_word, next_word = ex.WORDS["previous"][lang], ex.WORDS["next"][lang]
        for ref, block in blocks.items():
            law = index[ref].ref.law
            clauses = [k for k, e in index.items() if e.ref.law == law and e.ref.clause]
            before = re.findall(re.escape(previous_word) + r": \{law\}`([^`]+)`", block)
            after = re.findall(re.escape(next_word) + r": \{law\}`([^`]+)`", block)
            if ref in clauses:
                at = clauses.index(ref)
                assert before == ([clauses[at - 1]] if at else []), (lang, ref)
                assert after == ([clauses[at + 1]] if at + 1 < len(clauses) else []), (lang, ref)
            else:
                assert before == after == [], (lang, ref)
            for target in before + after:
                assert LawRef.parse(target).law == law and target in blocks


def test_question_counts_count_a_clause_and_what_lies_inside_it() -> None:
    questions = [{"laws": ["27B2", "26A2"]}, {"laws": ["27A"]}, {"laws": ["50E"]}, {"laws": []}]
    counts = ex.question_counts(questions)
    assert counts["27"] == 2 and counts["27B"] == 1 and counts["27B2"] == 1
    assert counts["27A"] == 1 and counts["26"] == 1 and counts["50"] == 1
    assert "27B1" not in counts and "51" not in counts
    page = ex.law_index_page("en", {}, questions=questions)
    block = _blocks(page)["27"]
    assert ex.WORDS["questions"]["en"].format(count=2) in block
    assert "Questions" not in _blocks(page)["27B1"]
