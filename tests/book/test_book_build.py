"""The book builds: a tiny test book (``testbook/``: two pages in both codes, a third in the
2017 code only, English and a Russian catalog) built by ``generator.book.site.build_site`` with
warnings as errors, one site per code and language (``html/<edition>/<lang>/``).

One module-scoped build serves the checks of the output: both codes in both languages, the
Russian text, the ``{only}`` blocks of each code, the switches of code and language on every page,
the badge, title and footer naming the code, the law role's link, no resource fetched from the
network. Then a page with a MyST syntax error must fail the build with one located line and leave
the previous output in place; the next build reports the same error again (the failed build's
environment was thrown away), and ``tdcourse build`` turns it into exit status 2 and that one
line. A site that fails leaves its previous output while the others are updated. With
``pdf=True`` (``tdcourse build --pdf``) each site is also printed to
``book/_build/pdf/course-<edition>-<lang>.pdf`` (skipped without Chromium).
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
EDITIONS = ("1987", "2017")
SITES = tuple((edition, lang) for edition in EDITIONS for lang in LANGS)
PAGES = ("intro.html", "law-index.html")
ONLY_2017 = "changes.html"  # in the 2017 sites only (tdcourse_edition_only)
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


def test_both_codes_in_both_languages_are_built_with_a_landing_page(
        built: tuple[Path, Path, list[str]]) -> None:
    _, html, said = built
    for edition, lang in SITES:
        for page in PAGES:
            assert (html / edition / lang / page).is_file(), f"{edition}/{lang}/{page} missing"
    built_lines = [line for line in said
                   if re.match(r"built \S*html/(1987|2017)/(en|ru)/ \(", line)]
    assert len(built_lines) == 4, said  # one line per site, saying where
    landing = _read(html / "index.html")
    for edition, lang in SITES:
        assert f'href="{edition}/{lang}/intro.html"' in landing
    assert "Тестовая книга" in landing  # the title from the Russian _book.po
    # both languages' labels, so a reader of either finds the code to choose
    for label in ("The 1987 Laws", "The 2017 Laws", "Правила 1987 года", "Правила 2017 года"):
        assert label in landing
    assert not re.search(r"""(src|href)=["'](/|https?:)""", landing)  # works from disk


def test_a_document_of_one_code_is_in_its_sites_only(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    for lang in LANGS:
        assert (html / "2017" / lang / ONLY_2017).is_file()
        assert not (html / "1987" / lang / ONLY_2017).exists()
        assert ONLY_2017 not in _read(html / "1987" / lang / "intro.html")  # not in the menu
        assert ONLY_2017 in _read(html / "2017" / lang / "intro.html")


def test_only_blocks_follow_the_code(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    texts = {site: _read(html / site[0] / site[1] / "intro.html") for site in SITES}
    assert "a comparable call may replace the bid" in texts["2017", "en"]
    assert "partner must pass throughout" not in texts["2017", "en"]
    assert "partner must pass throughout" in texts["1987", "en"]
    # a clause of the 1987 code only, in the 1987 block: linked there, unchecked in 2017
    assert 'href="law-index.html#law-25B2a"' in texts["1987", "en"]
    assert "25B2a" not in texts["2017", "en"]
    assert "comparable call" not in texts["1987", "en"]
    assert "заявку может заменить сопоставимая заявка" in texts["2017", "ru"]
    assert "партнёр должен пасовать" in texts["1987", "ru"]
    assert "сопоставимая" not in texts["1987", "ru"]


def test_every_page_names_its_code_in_title_badge_and_footer(
        built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    names = {("1987", "en"): "The 1987 Laws", ("2017", "en"): "The 2017 Laws",
             ("1987", "ru"): "Правила 1987 года", ("2017", "ru"): "Правила 2017 года"}
    footers = {("1987", "en"): "1987 code", ("2017", "en"): "2017 code",
               ("1987", "ru"): "бриджа 1987 года", ("2017", "ru"): "бриджа 2017 года"}
    for site in SITES:
        other = "2017" if site[0] == "1987" else "1987"
        for page in PAGES:
            text = _read(html / site[0] / site[1] / page)
            title = re.search(r"<title>(.*?)</title>", text, re.DOTALL)
            assert title and f"({names[site]})" in title.group(1), (site, page)
            assert (f'aria-current="true">{names[site]}</span>') in text, (site, page)
            footer = re.search(r'<p class="tdc-footer">(.*?)</p>', text, re.DOTALL)
            assert footer and footers[site] in footer.group(1), (site, page)
            assert other not in footer.group(1)


def test_every_page_has_an_icon_that_exists(built: tuple[Path, Path, list[str]]) -> None:
    """Without an icon every browser asks the server for /favicon.ico: a 404 in the console."""
    _, html, _ = built
    landing = _read(html / "index.html")
    assert '<link rel="icon" href="1987/en/_static/favicon.svg">' in landing
    for edition, lang in SITES:
        for page in PAGES:
            icon = f'<link rel="icon" href="{"../" * page.count("/")}_static/favicon.svg"'
            assert icon in _read(html / edition / lang / page), f"{edition}/{lang}/{page}"
        assert (html / edition / lang / "_static" / "favicon.svg").is_file()


def test_russian_pages_show_the_translation(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    ru, en = _read(html / "1987" / "ru" / "intro.html"), _read(html / "1987" / "en" / "intro.html")
    assert "Недостаточная заявка — первое нарушение" in ru
    assert "The insufficient bid is the first irregularity" not in ru
    assert "The insufficient bid is the first irregularity" in en
    assert "Тестовая книга" in ru and 'lang="ru"' in ru


def test_every_page_links_to_itself_in_the_other_language(
        built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    for edition, lang in SITES:
        for page in PAGES:
            text = _read(html / edition / lang / page)
            switch = re.search(r'<nav class="tdc-lang-switch".*?</nav>', text, re.DOTALL)
            assert switch, f"{edition}/{lang}/{page}: no language switch"
            for other in LANGS:
                if other == lang:
                    assert 'aria-current="true">' in switch.group(0)
                    continue
                href = f"../{other}/{page}"
                assert f'href="{href}"' in switch.group(0), f"{lang}/{page}: no link to {href}"
                assert (html / edition / lang / href).resolve().is_file()


def test_every_page_links_to_itself_in_the_other_code_or_to_its_root(
        built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    for edition, lang in SITES:
        other = "2017" if edition == "1987" else "1987"
        pages = (*PAGES, ONLY_2017) if edition == "2017" else PAGES
        for page in pages:
            text = _read(html / edition / lang / page)
            switch = re.search(r'<nav class="tdc-edition-switch".*?</nav>', text, re.DOTALL)
            assert switch, f"{edition}/{lang}/{page}: no code switch"
            lands = page if page != ONLY_2017 else "intro.html"  # not in 1987: its root
            href = f"../../{other}/{lang}/{lands}"
            assert f'href="{href}"' in switch.group(0), f"{edition}/{lang}/{page}: no {href}"
            assert (html / edition / lang / href).resolve().is_file()


def test_the_law_role_links_to_the_exact_anchor(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    for edition, lang in SITES:
        assert 'href="law-index.html#law-27B2"' in _read(html / edition / lang / "intro.html")
        assert 'id="law-27B2"' in _read(html / edition / lang / "law-index.html")


def test_no_resource_comes_from_the_network(built: tuple[Path, Path, list[str]]) -> None:
    _, html, _ = built
    pages = sorted(html.rglob("*.html"))
    assert len(pages) >= len(SITES) * len(PAGES) + 1
    for page in pages:
        assert "THEBE_JS_URL" not in _read(page), f"{page}: sphinx-thebe's script is back"
        for tag, _attr, url in RESOURCE.findall(_read(page)):
            assert not re.match(r"(https?:)?//", url), f"{page}: <{tag}> loads {url}"


def test_a_broken_page_fails_with_one_located_line_and_keeps_the_previous_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    html = build_site(root, None, lambda line: None, editions=["1987"])
    before = {lang: _read(html / "1987" / lang / "intro.html") for lang in LANGS}
    intro = root / "book" / "intro.md"
    intro.write_text(_read(intro) + "\n```{no-such-directive}\n```\n", encoding="utf-8")

    for _attempt in range(2):  # the failed build is thrown away: the next one fails the same way
        with pytest.raises(BookBuildError) as failure:
            build_site(root, ["en"], lambda line: None, editions=["1987"])
        message = str(failure.value)
        assert "\n" not in message
        assert re.match(r"(\S*/)?book/intro\.md:\d+: (WARNING|ERROR): .*no-such-directive",
                        message), message
        assert "[1987/en build failed" in message
    for lang in LANGS:
        assert _read(html / "1987" / lang / "intro.html") == before[lang]
    assert not [p for p in html.parent.iterdir() if p.name.startswith(".tdcourse-")]

    assert main(["build", "--root", str(root), "--edition", "1987"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and re.match(r"tdcourse: (\S*/)?book/intro\.md:\d+: ", err[0]), err


def test_a_site_that_fails_keeps_its_previous_output_while_the_others_are_updated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A clause of the 1987 code only, cited outside an ``{only}`` block: the 2017 sites fail
    (their law index has no such clause), the 1987 ones build and are published."""
    root = _project(tmp_path)
    assert main(["build", "--root", str(root)]) == 0
    html = root / "book" / "_build" / "html"
    capsys.readouterr()
    before = {site: _read(html / site[0] / site[1] / "intro.html") for site in SITES}
    index = root / "book" / "law-index.md"
    index.write_text(_read(index) + "\n(law-14B1a)=\n**14B1a**: a 1987 clause.\n",
                     encoding="utf-8")
    intro = root / "book" / "intro.md"
    intro.write_text(_read(intro) + "\nA new sentence citing {law}`14B1a`.\n", encoding="utf-8")

    assert main(["build", "--root", str(root)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1, err
    assert re.match(r"tdcourse: (\S*/)?book/intro\.md:\d+: WARNING: .*14B1a.*2017 law index.*"
                    r"\[2017/en build failed.*\(and 1 more site\(s\) failed", err[0]), err
    for lang in LANGS:
        assert "A new sentence citing" in _read(html / "1987" / lang / "intro.html")
        assert _read(html / "2017" / lang / "intro.html") == before["2017", lang]
        assert (html / "2017" / lang / ONLY_2017).is_file()
    assert "failed: 2017/ru:" in captured.out  # every failed site said, one line each
    landing = _read(html / "index.html")
    assert all(f'href="{e}/{lang}/intro.html"' in landing for e, lang in SITES)
    assert not [p for p in root.rglob(".tdcourse-*")]

    intro.write_text(_read(intro).replace("{law}`14B1a`", "law 14B1a"), encoding="utf-8")
    assert main(["build", "--root", str(root), "--edition", "2017", "--lang", "ru"]) == 0
    assert "A new sentence citing" in _read(html / "2017" / "ru" / "intro.html")
    assert _read(html / "2017" / "en" / "intro.html") == before["2017", "en"]


def test_separate_stores_and_doctrees_per_site_and_rebuilds_only_what_changed(
        built: tuple[Path, Path, list[str]], tmp_path: Path) -> None:
    root, _, _ = built
    build = root / "book" / "_build"
    for edition, lang in SITES:
        assert (build / ".generated" / edition / lang / "law-index.md").is_file()
        assert (build / ".doctrees" / f"html-{edition}-{lang}" / "environment.pickle").is_file()
    assert "changes" in _read(build / ".generated" / "2017" / "_toc.yml")
    assert "changes" not in _read(build / ".generated" / "1987" / "_toc.yml")
    # the 2017 law index has the 2017 clauses, the 1987 one the 1987 ones
    assert "law-25B2a" in _read(build / ".generated" / "1987" / "en" / "law-index.md")
    assert "law-25B2a" not in _read(build / ".generated" / "2017" / "en" / "law-index.md")

    copy = _project(tmp_path)
    build_site(copy, ["en"], lambda line: None, editions=["2017"])
    site = copy / "book" / "_build" / "html" / "2017" / "en"
    law_page = (site / "law-index.html").stat().st_mtime_ns
    intro = copy / "book" / "intro.md"
    intro.write_text(_read(intro) + "\nEdited.\n", encoding="utf-8")
    build_site(copy, ["en"], lambda line: None, editions=["2017"])
    assert "Edited." in _read(site / "intro.html")
    assert (site / "law-index.html").stat().st_mtime_ns == law_page  # not written again


def test_a_page_that_would_fetch_from_the_network_fails_the_build(tmp_path: Path) -> None:
    root = _project(tmp_path)
    intro = root / "book" / "intro.md"
    intro.write_text(_read(intro) + '\n<img src="https://example.org/card.png" alt="">\n',
                     encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"would load https://example\.org/card\.png"):
        build_site(root, ["en"], lambda line: None, editions=["1987"])
    assert not (root / "book" / "_build" / "html" / "1987" / "en").exists()


def test_a_clause_dropped_from_the_law_index_fails_the_unchanged_page_citing_it(
        tmp_path: Path) -> None:
    root = _project(tmp_path)
    # The citing page must not be the law index's parent in the table of contents (a parent is
    # rewritten anyway when a child changes): here the law index is the root.
    (root / "book" / "_toc.yml").write_text(
        "format: jb-book\nroot: law-index\nchapters:\n  - file: intro\n", encoding="utf-8")
    build_site(root, ["en"], lambda line: None, editions=["1987"])
    index = root / "book" / "law-index.md"
    index.write_text(_read(index).replace("(law-27B2)=\n", ""), encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"intro\.md:\d+: WARNING: \{law\}`27B2`: the law "
                                             r"index page 'law-index' has no entry"):
        build_site(root, ["en"], lambda line: None, editions=["1987"])


def test_the_pdf_build_prints_the_whole_book_of_a_language(tmp_path: Path,
                                                           chromium: Path) -> None:
    """``tdcourse build --pdf``: the language's single-page build, printed from its root page."""
    root = _project(tmp_path)
    said: list[str] = []
    build_site(root, ["ru"], said.append, pdf=True, editions=["2017"])
    out = root / "book" / "_build" / "pdf" / "course-2017-ru.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert [line for line in said if line.endswith("course-2017-ru.pdf (2017, Русский PDF)")], \
        said
    assert not (root / "book" / "_build" / "pdf" / "course-2017-en.pdf").exists()
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


def test_generated_parts_are_made_again_only_when_what_they_are_made_from_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.book import site

    root = _project(tmp_path)
    build_site(root, ["en"], lambda line: None, editions=["2017"])
    calls: list[str] = []
    generate = site.generate

    def counted(root: Path, lang: str, *args: object, **kwargs: object) -> None:
        calls.append(lang)
        generate(root, lang, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(site, "generate", counted)
    build_site(root, ["en"], lambda line: None, editions=["2017"])
    assert calls == []  # nothing changed: the store is what generating would write
    intro = root / "book" / "intro.md"
    intro.write_text(_read(intro) + "\nEdited.\n", encoding="utf-8")  # prose, no citation
    build_site(root, ["en"], lambda line: None, editions=["2017"])
    assert calls == []
    assert "Edited." in _read(root / "book" / "_build" / "html" / "2017" / "en" / "intro.html")
    data = root / "book" / "_build" / "data" / "2017"  # new course data: generated again
    data.mkdir(parents=True)
    (data / "quizzes.json").write_text('{"chapters": {}}\n', encoding="utf-8")
    build_site(root, ["en"], lambda line: None, editions=["2017"])
    assert calls == ["en"]


def test_the_assistant_runtime_is_staged_once_for_the_course(tmp_path: Path) -> None:
    """A course whose site has the assistant page gets ``html/_assistant-runtime/`` once, beside
    the editions' folders: each file the page fetches as a script holding the same bytes as the
    site's own copy (what the page uses opened from disk)."""
    import base64

    from assistantsite import PROJECT, pyodide_present

    from generator.book import assistant

    if not pyodide_present():
        pytest.skip("Pyodide missing: run make test (npm ci --prefix book/assistant)")
    root = _project(tmp_path)
    book = root / "book"
    (book / "assistant" / "node_modules").mkdir(parents=True)
    (book / "assistant" / "node_modules" / "pyodide").symlink_to(assistant.pyodide_dir(PROJECT))
    shutil.copy(PROJECT / "book" / "assistant.md", book / "assistant.md")
    toc = book / "_toc.yml"
    toc.write_text(_read(toc) + "  - file: assistant\n", encoding="utf-8")
    html = build_site(root, ["en"], lambda line: None, editions=["1987"])
    runtime = html / assistant.RUNTIME
    assert sorted(p.name for p in runtime.iterdir()) == sorted(
        f"{name}.js" for name in assistant.DISK_FILES)
    site = html / "1987" / "en"
    assert 'data-runtime="../../_assistant-runtime/"' in _read(site / "assistant.html")
    for name in assistant.DISK_FILES:
        text = _read(runtime / f"{name}.js")
        encoded = re.search(r'^"([A-Za-z0-9+/=]*)";$', text, re.MULTILINE)
        assert encoded, name
        own = site / assistant.ASSETS / (name if name == "engine.zip" else f"pyodide/{name}")
        assert base64.b64decode(encoded.group(1)) == own.read_bytes(), name
