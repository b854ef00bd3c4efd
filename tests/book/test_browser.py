"""The built site in real Chromium: both languages, no console errors, nothing leaves localhost.

The site is built once per module: a copy of the real book (``book/``, the quiz definitions in
``quizzes/`` with the bank and selections they give, generated as ``tdcourse build`` does, the
cases in ``tests/cases`` that the law index counts) in a temporary folder, by
``generator.book.site.build_site`` in both languages. It is served on 127.0.0.1 and opened in
Chromium (see ``conftest.py``); requests for anything else are recorded and aborted, so the test
never touches the network even when a page tries to. A book that does not build in both
languages fails the test with the build's one-line message.

The language switch is found by its links' ``hreflang`` attribute (``a[hreflang="ru"]``), which
``generator.book.extension`` writes on every page.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from generator.book.pdf import chromium_path
from generator.errors import TdcourseError

if TYPE_CHECKING:  # the fixture's type (tests/book/conftest.py); never imported at run time
    from conftest import WatchedPage
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ru")
#: The chapter page opened in both languages (relative to ``<lang>/``).
CHAPTER = "chapters/05-insufficient-bid.html"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")


def _build_real_book(tmp: Path) -> Path:
    """A copy of the book (sources, question bank, course data) built by ``build_site``."""
    from generator.book.site import build_site
    from generator.build import _quizzes

    root = tmp / "project"
    skip = shutil.ignore_patterns("_build", "_generated", "bank", ".*")
    shutil.copytree(ROOT / "book", root / "book", ignore=skip)
    for inputs in ("quizzes", "tests/cases"):  # the quiz definitions; the cases (law coverage)
        shutil.copytree(ROOT / inputs, root / inputs, ignore=skip)
    # the question bank and the quizzes' selections, as `tdcourse build` makes them
    data = root / "book" / "_build" / "data" / "1987"
    for name, text in _quizzes(root, lambda message: None, edition="1987").items():
        data.mkdir(parents=True, exist_ok=True)
        (data / name).write_text(text, encoding="utf-8")
    try:
        html = build_site(root, LANGS, say=lambda message: None, editions=["1987"])
    except TdcourseError as exc:
        pytest.fail(f"the book does not build in {', '.join(LANGS)}: {exc}", pytrace=False)
    assert (html / "index.html").is_file(), f"{html}: no landing page index.html"
    return html / "1987"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built HTML site of the 1987 code, ``<lang>/...`` for each language (the landing
    page ``index.html`` is in the folder above it).

    Under pytest-xdist the workers share one build (in the session's common temporary folder,
    under a lock), so the book is built once per run however the tests are distributed.
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent / "book-site"
        folder.mkdir(exist_ok=True)
    else:
        folder = tmp_path_factory.mktemp("book-site")
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder / "built"
        if done.exists():
            return Path(done.read_text(encoding="utf-8"))
        started = time.perf_counter()
        html = _build_real_book(folder)
        print(f"site built in {time.perf_counter() - started:.1f} s: {html}")
        done.write_text(str(html), encoding="utf-8")
        return html


@pytest.fixture
def base(site: Path, serve: Callable[[Path], str]) -> str:
    """The URL of the 1987 site, served with the folder of every site (and the landing page)."""
    return serve(site.parent) + f"{site.name}/"


def open_page(watched: WatchedPage, url: str) -> None:
    """Load ``url`` (it must answer 200); by the load event the theme's scripts have run."""
    response = watched.page.goto(url, wait_until="load")
    if response is None:
        # Jupyter Book's index.html redirects to intro.html with a meta refresh; when that late
        # navigation lands on the page we ask for next, Playwright reports no response for it.
        # Let the redirect settle and ask again: the page must then answer 200.
        watched.page.wait_for_load_state("load")
        response = watched.page.goto(url, wait_until="load")
    assert response is not None and response.status == 200, f"{url}: {response and response.status}"


def body_text(watched: WatchedPage) -> str:
    for selector in ("article", "main", "body"):
        if watched.page.locator(selector).count():
            return watched.page.locator(selector).first.inner_text()
    return ""


def switch_href(watched: WatchedPage, lang: str) -> str:
    """The absolute URL the page's language switch gives for ``lang``."""
    links = watched.page.locator(f'a[hreflang="{lang}"]')
    assert links.count() >= 1, f"{watched.page.url}: no language switch link to {lang!r}"
    href: str = links.first.evaluate("a => a.href")
    return href


def test_landing_page_leads_to_both_languages(base: str, watched_page: WatchedPage) -> None:
    open_page(watched_page, base + "../index.html")  # the landing page, above the sites
    hrefs: list[str] = watched_page.page.locator("a[href]").evaluate_all(
        "links => links.map(a => a.href)")
    for lang in LANGS:
        into = [h for h in hrefs if h.startswith(f"{base}{lang}/")]
        assert into, f"the landing page has no link into {lang}/: {hrefs}"
    for lang in LANGS:
        target = next(h for h in hrefs if h.startswith(f"{base}{lang}/"))
        open_page(watched_page, target)
        assert watched_page.page.evaluate("document.documentElement.lang").startswith(lang)
    watched_page.assert_clean()


@pytest.mark.parametrize(("lang", "other"), [("en", "ru"), ("ru", "en")])
def test_language_switch_leads_to_the_same_page(base: str, watched_page: WatchedPage,
                                                lang: str, other: str) -> None:
    url = f"{base}{lang}/{CHAPTER}"
    open_page(watched_page, url)
    target = switch_href(watched_page, other)
    assert target.split("#")[0] == f"{base}{other}/{CHAPTER}"
    watched_page.page.locator(f'a[hreflang="{other}"]').first.click()
    watched_page.page.wait_for_load_state("load")
    assert watched_page.page.url.split("#")[0] == f"{base}{other}/{CHAPTER}"
    assert watched_page.page.evaluate("document.documentElement.lang").startswith(other)
    back = switch_href(watched_page, lang)
    assert back.split("#")[0] == url
    watched_page.assert_clean()


def test_russian_chapter_shows_cyrillic_text(base: str, watched_page: WatchedPage) -> None:
    open_page(watched_page, f"{base}ru/{CHAPTER}")
    text = body_text(watched_page)
    cyrillic, latin = len(CYRILLIC.findall(text)), len(LATIN.findall(text))
    assert cyrillic >= 40, f"too little Cyrillic on the Russian page: {text[:300]!r}"
    assert cyrillic > latin, f"more Latin ({latin}) than Cyrillic ({cyrillic}): {text[:300]!r}"
    watched_page.assert_clean()


def test_every_page_is_clean(site: Path, base: str, watched_page: WatchedPage) -> None:
    """Every HTML page of every language: no console error, no request leaving localhost."""
    pages = sorted(p.relative_to(site).as_posix() for lang in LANGS
                   for p in (site / lang).rglob("*.html") if "_static" not in p.parts)
    assert any(p.startswith("ru/") for p in pages) and any(p.startswith("en/") for p in pages)
    for page in pages:
        open_page(watched_page, base + page)
    watched_page.assert_clean()


#: The Latin words a Russian page may show, each with its reason; every other Latin word on a
#: Russian page (its text, title, tooltips, aria-labels, placeholders) is an untranslated string.
#: Tokens holding a digit are not words: clause numbers (27B2, 45C4a), scores, board numbers.
RU_ALLOWED_LATIN = {
    **{letter: "a clause letter of the Laws, cited as such in Russian (41A–C)"
       for letter in "ABCDEFGH"},
    **{rank: "a card rank in a diagram (♠A K Q J; a holding ♣AKJ is ranks only, see below)"
       for rank in "AKQJ"},
    "MIT": "the licence's name in the footer",
    "tdcourse": "the program's name in the footer",
    "English": "the language switch names each language in that language",
    "Ctrl": "the key printed on the search button's keyboard shortcut (Ctrl+K)",
}
_LATIN_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'.-]*")
_PAGE_TEXTS = """() => {
    const names = ["title", "aria-label", "placeholder", "alt", "data-bs-title"];
    const texts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll(names.map(n => `[${n}]`).join(",")))
        for (const name of names)
            if (el.hasAttribute(name)) texts.push(`${name}=${el.getAttribute(name)}`);
    return texts;
}"""


def english_words(text: str) -> set[str]:
    """The Latin words of ``text`` that a Russian page may not show (see RU_ALLOWED_LATIN)."""
    words = {w.strip(".-'") for w in _LATIN_WORD.findall(text)
             if not any(c.isdigit() for c in w)}
    return {w for w in words if w and w not in RU_ALLOWED_LATIN
            and not set(w) <= set("AKQJ")  # a holding written as ranks: ♣AKJ
            and w not in ("title", "aria-label", "placeholder", "alt", "data-bs-title")}


def test_russian_pages_show_no_english_word(site: Path, base: str,
                                            watched_page: WatchedPage) -> None:
    """Every Russian page as the browser shows it (after the quiz widgets and the theme's
    scripts have run): its visible text, its title and every tooltip, aria-label, placeholder
    and alt text hold no Latin word but those of RU_ALLOWED_LATIN."""
    assert english_words("Toggle primary sidebar, 27B2, ♠A K Q J, ♣AKJ, 41A–C, Jack") == {
        "Toggle", "primary", "sidebar", "Jack"}
    pages = sorted(p.relative_to(site).as_posix() for p in (site / "ru").rglob("*.html")
                   if "_static" not in p.parts
                   and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8").lower())
    assert len(pages) > 15
    found = []
    for page in pages:
        open_page(watched_page, base + page)
        texts: list[str] = watched_page.page.evaluate(_PAGE_TEXTS)
        for text in texts:
            words = english_words(text)
            if words:
                found.append(f"{page}: {sorted(words)} in {text[:120]!r}")
    assert not found, "\n".join(found)
    watched_page.assert_clean()


def test_no_page_is_wider_than_a_phone(site: Path, base: str, watched_page: WatchedPage) -> None:
    """At 320 CSS pixels no page of either language scrolls sideways as a whole: long Russian
    words in headings and in the previous/next links break, wide tables scroll in place (the
    quiz cards have their own test)."""
    watched_page.page.set_viewport_size({"width": 320, "height": 800})
    pages = sorted(p.relative_to(site).as_posix() for lang in LANGS
                   for p in (site / lang).rglob("*.html") if "_static" not in p.parts
                   and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8").lower())
    assert len(pages) > 30
    wide = []
    for page in pages:
        open_page(watched_page, base + page)
        width = watched_page.page.evaluate("document.documentElement.scrollWidth")
        if width > 320:
            wide.append(f"{page}: {width} px")
    assert not wide, "\n".join(wide)


@pytest.mark.parametrize("lang", LANGS)
def test_real_book_quizzes_work(site: Path, base: str, watched_page: WatchedPage,
                                lang: str) -> None:
    """The real book's chapter quiz holds the questions ``quizzes.json`` chose and grades one
    right with the bank's own answer; the practice page shows a question and the mock exam
    starts with the configured number of questions; all without a console error."""
    import json

    from generator.build import bank_path

    root = site.parents[3]  # site: book/_build/html/1987
    bank = {q["id"]: q for q in json.loads(
        (bank_path(root, "1987") / f"questions.{lang}.json").read_text(encoding="utf-8"))}
    chosen = json.loads((root / "book" / "_build" / "data" / "1987" / "quizzes.json")
                        .read_text(encoding="utf-8"))
    page = watched_page.page
    open_page(watched_page, f"{base}{lang}/{CHAPTER}")
    page.locator("section.tdc-q").first.wait_for()
    qids = page.locator("section.tdc-q").evaluate_all("s => s.map(e => e.dataset.qid)")
    assert qids == chosen["chapters"]["insufficient-bid"]
    first = bank[qids[0]]
    section = page.locator(f'section.tdc-q[data-qid="{qids[0]}"]')
    if first["type"] == "number":
        section.locator("input[type=number]").fill(str(first["answer"]))
    else:
        for choice in first["choices"]:
            if choice["correct"]:
                section.locator(f'input[value="{choice["id"]}"]').check()
    words = page.evaluate("JSON.parse(document.querySelector('.tdc-quiz-config').textContent).ui")
    section.get_by_role("button", name=words["check"]).click()
    section.locator(".tdc-fb h4").wait_for()
    assert section.locator(".tdc-fb h4").inner_text() == words["right"]
    assert section.locator(".tdc-fb a[href*='law-index.html#law-']").count() >= 1
    open_page(watched_page, f"{base}{lang}/practice.html")
    words = page.evaluate("JSON.parse(document.querySelector('.tdc-quiz-config').textContent).ui")
    page.get_by_role("button", name=words["practice_start"]).click()  # a set of the learner's
    page.locator("section.tdc-q").first.wait_for()
    assert page.locator("section.tdc-q").get_attribute("data-qid") in bank
    open_page(watched_page, f"{base}{lang}/mock-exam.html")
    words = page.evaluate("JSON.parse(document.querySelector('.tdc-quiz-config').textContent).ui")
    page.get_by_role("button", name=words["exam_start"]).click()
    page.locator("section.tdc-q").first.wait_for()
    assert page.locator("section.tdc-q").count() == chosen["mock_exam"]["count"]
    watched_page.assert_clean()


def test_every_chapter_links_its_notebook(site: Path) -> None:
    """Each chapter of each language offers its own notebook, in its language, as a download
    that is in the site."""
    import json

    for lang in LANGS:
        for page in sorted((site / lang / "chapters").glob("*.html")):
            links = re.findall(r'href="([^"]*\.ipynb)"', page.read_text(encoding="utf-8"))
            assert len(links) == 1 and links[0].endswith(f"/{page.stem}.ipynb"), (page, links)
            notebook = json.loads((page.parent / links[0]).read_text(encoding="utf-8"))
            assert notebook["metadata"]["tdcourse"] == {"chapter": page.stem, "lang": lang,
                                                        "edition": "1987"}


# --------------------------------------------------------------------------- weight
#: Issue target: a chapter page, with everything it loads, under 600 KB (uncompressed, as a
#: plain static server sends it: the worst case of a host).
CHAPTER_WEIGHT_LIMIT = 600 * 1024
PAGE_BYTES = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return nav.encodedBodySize + performance.getEntriesByType('resource')
    .reduce((n, r) => n + r.encodedBodySize, 0);
}"""


def test_every_chapter_page_weighs_under_600_kb_and_loads_no_icon_font_nor_search_index(
        site: Path, base: str, browser: Browser) -> None:
    """Each chapter page of each language, opened cold: the bytes of the page and all it loads,
    and no request for the icon font, the search index (search page only) or a source map."""
    heavy, unwanted = [], []
    for lang in LANGS:
        for page in sorted((site / lang / "chapters").glob("*.html")):
            context = browser.new_context()
            tab = context.new_page()
            urls: list[str] = []
            tab.on("request", lambda request, urls=urls: urls.append(request.url))
            tab.goto(f"{base}{lang}/chapters/{page.name}", wait_until="load")
            weight = tab.evaluate(PAGE_BYTES)
            context.close()
            if weight >= CHAPTER_WEIGHT_LIMIT:
                heavy.append(f"{lang}/{page.name}: {weight // 1024} KB")
            unwanted += [u for u in urls if "webfonts" in u or "searchindex.js" in u
                         or u.split("?")[0].endswith(".map")]
    assert not heavy, f"chapter pages at or over {CHAPTER_WEIGHT_LIMIT // 1024} KB: {heavy}"
    assert not unwanted, f"requests a chapter page should not make: {unwanted[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_theme_icons_are_drawn_where_the_theme_shows_them(
        base: str, lang: str, watched_page: WatchedPage) -> None:
    """The small icon script draws every icon the theme's bundle would: the light/dark switch
    shows exactly the icon of the current mode, the menu and search icons are there, and no
    ``<i class="fa-...">`` is left undrawn."""
    open_page(watched_page, f"{base}{lang}/{CHAPTER}")
    page = watched_page.page
    page.wait_for_function("!document.querySelector('i[class*=\"fa-\"], span[class*=\"fa-\"]')")
    shown = page.evaluate("""() => [...document.querySelectorAll('.theme-switch-button svg')]
        .filter(s => getComputedStyle(s).display !== 'none').map(s => s.dataset.mode)""")
    mode = page.evaluate("document.documentElement.dataset.mode || 'auto'")
    assert shown == [mode], f"theme switch shows {shown} in mode {mode}"
    for selector in ("button.primary-toggle svg.fa-bars:visible",
                     "button.search-button__button svg.fa-magnifying-glass:visible"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["width"] > 5 and box["height"] > 5, selector
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_search_works_opened_from_disk(site: Path, lang: str,
                                       watched_page: WatchedPage) -> None:
    """The search page, opened as a file (no server), finds a word of a chapter."""
    word = {"en": "revoke", "ru": "фальшренонс"}[lang]
    watched_page.page.route(lambda url: url.startswith("file:"), lambda route: route.continue_())
    url = (site / lang / "search.html").as_uri() + f"?q={word}"
    watched_page.page.goto(url, wait_until="load")
    results = watched_page.page.locator("#search-results li")
    results.first.wait_for(timeout=15_000)
    assert results.count() >= 3
    assert "11-revoke" in " ".join(results.locator("a").evaluate_all(
        "links => links.map(a => a.href)"))
    watched_page.assert_clean(allow_file=True)
