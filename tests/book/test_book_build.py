"""The book builds: a tiny test book (``testbook/``: two pages, English and a Russian catalog)
built by ``generator.book.site.build_site`` with warnings as errors.

One module-scoped build serves the checks of the output: both languages, the Russian text, the
language switch on every page, the law role's link, no resource fetched from the network. Then a
page with a MyST syntax error must fail the build with one located line and leave the previous
output in place; the next build reports the same error again (the failed build's environment was
thrown away), and ``tdcourse build`` turns it into exit status 2 and that one line. With
``pdf=True`` (``tdcourse build --pdf``) each language is also printed to
``book/_build/pdf/course-<lang>.pdf`` (skipped without Chromium).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.book.site import BookBuildError, build_site, detect_languages
from generator.cli import main

TESTBOOK = Path(__file__).parent / "testbook"
LANGS = ("en", "ru")
PAGES = ("intro.html", "law-index.html")
# A resource the browser fetches by itself: script src, link href, img/iframe/source src.
RESOURCE = re.compile(
    r"""<(script|link|img|iframe|source)\b[^>]*?\b(src|href)\s*=\s*["']([^"']*)""", re.IGNORECASE)


def _project(tmp: Path) -> Path:
    root = tmp / "project"
    shutil.copytree(TESTBOOK, root / "book")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    root = _project(tmp_path_factory.mktemp("book"))
    said: list[str] = []
    html = build_site(root, None, said.append)
    return root, html, said


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_languages_come_from_the_catalogs() -> None:
    assert detect_languages(TESTBOOK) == ["en", "ru"]


def test_both_languages_are_built_with_a_landing_page(built: tuple[Path, Path, list[str]]) -> None:
    _, html, said = built
    for lang in LANGS:
        for page in PAGES:
            assert (html / lang / page).is_file(), f"{lang}/{page} missing"
    built_lines = [line for line in said if re.match(r"built \S*html/(en|ru)/ \(", line)]
    assert len(built_lines) == 2, said  # one line per language, saying where
    landing = _read(html / "index.html")
    assert 'href="en/intro.html"' in landing and 'href="ru/intro.html"' in landing
    assert "Тестовая книга" in landing  # the title from the Russian _book.po


def test_every_page_has_an_icon_that_exists(built: tuple[Path, Path, list[str]]) -> None:
    """Without an icon every browser asks the server for /favicon.ico: a 404 in the console."""
    _, html, _ = built
    landing = _read(html / "index.html")
    assert '<link rel="icon" href="en/_static/favicon.svg">' in landing
    for lang in LANGS:
        for page in PAGES:
            icon = f'<link rel="icon" href="{"../" * page.count("/")}_static/favicon.svg"'
            assert icon in _read(html / lang / page), f"{lang}/{page}"
        assert (html / lang / "_static" / "favicon.svg").is_file()


def test_russian_pages_show_the_translation(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    ru, en = _read(html / "ru" / "intro.html"), _read(html / "en" / "intro.html")
    assert "Недостаточная заявка — первое нарушение" in ru
    assert "The insufficient bid is the first irregularity" not in ru
    assert "The insufficient bid is the first irregularity" in en
    assert "Тестовая книга" in ru and 'lang="ru"' in ru


def test_every_page_links_to_itself_in_the_other_language(
        built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    for lang in LANGS:
        for page in PAGES:
            text = _read(html / lang / page)
            switch = re.search(r'<nav class="tdc-lang-switch".*?</nav>', text, re.DOTALL)
            assert switch, f"{lang}/{page}: no language switch"
            for other in LANGS:
                if other == lang:
                    assert 'aria-current="true">' in switch.group(0)
                    continue
                href = f"../{other}/{page}"
                assert f'href="{href}"' in switch.group(0), f"{lang}/{page}: no link to {href}"
                assert (html / lang / href).resolve().is_file()


def test_the_law_role_links_to_the_exact_anchor(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    for lang in LANGS:
        assert 'href="law-index.html#law-27B2"' in _read(html / lang / "intro.html")
        assert 'id="law-27B2"' in _read(html / lang / "law-index.html")


def test_no_resource_comes_from_the_network(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    pages = sorted(html.rglob("*.html"))
    assert len(pages) >= 2 * len(PAGES) + 1
    for page in pages:
        assert "THEBE_JS_URL" not in _read(page), f"{page}: sphinx-thebe's script is back"
        for tag, _attr, url in RESOURCE.findall(_read(page)):
            assert not re.match(r"(https?:)?//", url), f"{page}: <{tag}> loads {url}"


def test_a_broken_page_fails_with_one_located_line_and_keeps_the_previous_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    html = build_site(root, None, lambda line: None)
    before = {lang: _read(html / lang / "intro.html") for lang in LANGS}
    intro = root / "book" / "intro.md"
    intro.write_text(_read(intro) + "\n```{no-such-directive}\n```\n", encoding="utf-8")

    for _attempt in range(2):  # the failed build is thrown away: the next one fails the same way
        with pytest.raises(BookBuildError) as failure:
            build_site(root, ["en"], lambda line: None)
        message = str(failure.value)
        assert "\n" not in message
        assert re.match(r"(\S*/)?book/intro\.md:\d+: (WARNING|ERROR): .*no-such-directive",
                        message), message
    for lang in LANGS:
        assert _read(html / lang / "intro.html") == before[lang]
    assert not [p for p in html.parent.iterdir() if p.name.startswith(".html-")]

    assert main(["build", "--root", str(root)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and re.match(r"tdcourse: (\S*/)?book/intro\.md:\d+: ", err[0]), err


def test_a_page_that_would_fetch_from_the_network_fails_the_build(tmp_path: Path) -> None:
    root = _project(tmp_path)
    intro = root / "book" / "intro.md"
    intro.write_text(_read(intro) + '\n<img src="https://example.org/card.png" alt="">\n',
                     encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"would load https://example\.org/card\.png"):
        build_site(root, ["en"], lambda line: None)
    assert not (root / "book" / "_build" / "html" / "en").exists()


def test_a_clause_dropped_from_the_law_index_fails_the_unchanged_page_citing_it(
        tmp_path: Path) -> None:
    root = _project(tmp_path)
    # The citing page must not be the law index's parent in the table of contents (a parent is
    # rewritten anyway when a child changes): here the law index is the root.
    (root / "book" / "_toc.yml").write_text(
        "format: jb-book\nroot: law-index\nchapters:\n  - file: intro\n", encoding="utf-8")
    build_site(root, ["en"], lambda line: None)
    index = root / "book" / "law-index.md"
    index.write_text(_read(index).replace("(law-27B2)=\n", ""), encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"intro\.md:\d+: WARNING: \{law\}`27B2`: the law "
                                             r"index page 'law-index' has no entry"):
        build_site(root, ["en"], lambda line: None)


def test_the_pdf_build_prints_the_whole_book_of_a_language(tmp_path: Path,
                                                           chromium: Path) -> None:
    """``tdcourse build --pdf``: the language's single-page build, printed from its root page."""
    root = _project(tmp_path)
    said: list[str] = []
    build_site(root, ["ru"], said.append, pdf=True)
    out = root / "book" / "_build" / "pdf" / "course-ru.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert [line for line in said if line.endswith("course-ru.pdf (Русский PDF)")], said
    assert not (root / "book" / "_build" / "pdf" / "course-en.pdf").exists()
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext is missing: apt-get install -y poppler-utils (make test does)"
    text = subprocess.run([tool, "-enc", "UTF-8", str(out), "-"], capture_output=True,
                          check=True, timeout=60).stdout.decode("utf-8")
    text = " ".join(text.split())  # lines as the PDF wraps them
    # the root page's title and the text of the chapter after it, in Russian: the whole book
    assert "Добро пожаловать в тестовую книгу" in text, text
    assert "Указатель правил" in text and "27B2: заявка заменяется пасом." in text, text


def test_hand_written_answer_labels_follow_the_language() -> None:
    """Raw HTML is not extracted for translation: the extension puts the catalog's word for
    "Answer" into hand-written quizzes, and leaves English pages alone."""
    from types import SimpleNamespace

    from generator.book.extension import _localise_raw_summaries

    source = ["1. A question\n\n<details><summary>Answer</summary>\n\n**a)** why\n\n</details>\n"]
    app = SimpleNamespace(config=SimpleNamespace(language="ru"))
    _localise_raw_summaries(app, "chapters/13-claims", source)  # type: ignore[arg-type]
    assert "<summary>Ответ</summary>" in source[0] and "Answer" not in source[0]
    english = ["<details><summary>Answer</summary></details>"]
    _localise_raw_summaries(SimpleNamespace(config=SimpleNamespace(language="en")),  # type: ignore[arg-type]
                            "x", english)
    assert english == ["<details><summary>Answer</summary></details>"]
