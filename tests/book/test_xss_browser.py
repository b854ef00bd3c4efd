"""A book whose every text a federation may edit carries a script runs none of it (issue 19,
items 1 and 2), in both languages.

The book of ``injection.py`` is built once per module by ``build_site`` with the language
catalogs replaced by copies holding :func:`injection.payload` in every text (``i18n.CATALOG_DIR``
pointed at them while the bank is generated and the book built): the worked examples, the law
index, the notebook link beside every chapter, the quiz, the charts and diagrams, the
``<summary>`` label; its Russian translation carries in every message the payload's text (markup
is refused, see ``test_injection.py``); its title carries the payload (the navbar, the sidebar,
the print heading, the search page).

Without a browser: no page holds a script, an ``on*`` attribute or an image from the payload,
the templates are shown as written and the shell payload did not run. In Chromium (skipped
without it): no dialog opens, ``window.tdcxss`` stays unset, no script element or ``on*``
attribute from the payload exists, no request for the payload's image is made, on every page of
both languages and on the search page after a search.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from injection import LITERALS, MARK, TOUCHED, hostile_catalogs, write_book

from generator import i18n
from generator.book.pdf import chromium_path

if TYPE_CHECKING:
    from conftest import WatchedPage
    from playwright.sync_api import Dialog

LANGS = ("en", "ru")
PAGES = ("intro.html", "chapters/05-insufficient-bid.html", "chapters/13-claims.html",
         "law-index.html", "search.html")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The hostile book, built: (its HTML folder, the file the shell payload would create)."""
    from generator.book.site import build_site
    from generator.scenarios.bank import Plan, scenarios
    from generator.scenarios.questions import localise, questions_for

    folder = tmp_path_factory.mktemp("hostile")
    touched = folder / TOUCHED
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "CATALOG_DIR", hostile_catalogs(folder / "i18n", touched))
        records = scenarios(Plan(12, 7, topics=("insufficient-bid",)), workers=1)
        questions = {lang: [localise(q, lang) for r in records
                            for q in (r.get("questions") or questions_for(r))]
                     for lang in LANGS}
        root = write_book(folder / "project", touched, records, questions)
        yield build_site(root, LANGS, say=lambda line: None, editions=["1987"]) / "1987", touched


class _Page(HTMLParser):
    """What a page would run: scripts (not JSON data), ``on*`` attributes, images."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []
        self._script: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if name.startswith("on") and MARK in (value or ""):
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag == "img" and values.get("src") == "x":
            self.problems.append("<img src=x>")
        if tag == "script" and values.get("type") != "application/json":
            self._script = ""

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script += data
        else:
            self.text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            if MARK in self._script:
                self.problems.append(f"<script>{self._script[:80]}</script>")
            self._script = None


def test_the_page_check_sees_a_payload_that_is_markup() -> None:
    parser = _Page()
    parser.feed(f"<p><img src=x onerror=alert('{MARK}')><script>window.{MARK}=1</script>"
                f'<a href="#" onmouseover="window.{MARK}=2">a</a>'
                f'<script type="application/json">{{"t": "{MARK}"}}</script></p>')
    assert len(parser.problems) == 4, parser.problems  # the image twice, the script, the link


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.parts)


def test_no_page_holds_a_script_or_a_handler_from_the_payload(
        hostile_site: tuple[Path, Path]) -> None:
    site, touched = hostile_site
    pages = _pages(site)
    assert len(pages) >= 2 * 18 + 1
    found = []
    for page in pages:
        parser = _Page()
        parser.feed(page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(site)}: {p}" for p in parser.problems]
    assert not found, "\n".join(found)
    for lang in LANGS:
        index = (site / lang / "searchindex.js").read_text(encoding="utf-8")
        assert "<img src=x" not in index and "<script>" not in index, lang
    assert not touched.exists(), "the shell payload ran"


def test_the_payload_is_shown_as_written(hostile_site: tuple[Path, Path]) -> None:
    site, _ = hostile_site
    for lang in LANGS:
        for page in ("chapters/05-insufficient-bid.html", "law-index.html", "intro.html"):
            parser = _Page()
            parser.feed((site / lang / page).read_text(encoding="utf-8"))
            text = " ".join(" ".join(parser.text).split())
            for literal in LITERALS:
                assert literal in text, f"{lang}/{page}: {literal!r} not shown as written"
            assert "<img src=x onerror=alert(" in text, f"{lang}/{page}"
    chapter = (site / "ru" / "chapters" / "05-insufficient-bid.html").read_text(encoding="utf-8")
    assert re.search(r"<summary>[^<]*&lt;img src=x onerror=", chapter)  # the label, escaped
    intro = (site / "ru" / "intro.html").read_text(encoding="utf-8")
    switch = re.search(r'<nav class="tdc-lang-switch" aria-label="([^"]*)">', intro)
    assert switch, "no language switch with one quoted label"
    assert f'" onmouseover="window.{MARK}=6"' in html.unescape(switch.group(1))


# --------------------------------------------------------------------------- in Chromium

browser_only = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")

_PROBE = """mark => {
  const own = el => Array.from(el.attributes).some(a => a.name.startsWith('on')
                                                  && a.value.includes(mark));
  return {
    flag: window[mark] === undefined ? null : String(window[mark]),
    scripts: Array.from(document.scripts).filter(s => s.type !== 'application/json'
                                                   && s.textContent.includes(mark)).length,
    handlers: Array.from(document.querySelectorAll('*')).filter(own).map(e => e.outerHTML
                                                                        .slice(0, 120)),
    images: Array.from(document.images).filter(i => i.getAttribute('src') === 'x').length,
  };
}"""


@pytest.fixture
def hostile_base(hostile_site: tuple[Path, Path], serve: Callable[[Path], str]) -> str:
    """The URL of the 1987 site, served with the folder of every site (and the landing page)."""
    return serve(hostile_site[0].parent) + hostile_site[0].name


def _visit(watched: WatchedPage, url: str, dialogs: list[str]) -> dict[str, Any]:
    response = watched.page.goto(url, wait_until="load")
    assert response is not None and response.status == 200, url
    watched.page.wait_for_timeout(150)  # let deferred scripts and the quiz widget run
    probe: dict[str, Any] = watched.page.evaluate(_PROBE, MARK)
    probe["dialogs"] = list(dialogs)
    return probe


@browser_only
@pytest.mark.parametrize("lang", LANGS)
def test_no_payload_runs_in_the_browser(hostile_base: str, watched_page: WatchedPage,
                                        lang: str) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    watched_page.page.on("dialog", on_dialog)
    urls = [f"{hostile_base}/../index.html"] + [f"{hostile_base}/{lang}/{p}" for p in PAGES]
    urls.append(f"{hostile_base}/{lang}/search.html?q={MARK}")  # results shown with innerHTML
    failures = []
    for url in urls:
        probe = _visit(watched_page, url, dialogs)
        if probe["flag"] or probe["scripts"] or probe["handlers"] or probe["images"] \
                or probe["dialogs"]:
            failures.append(f"{url}: {probe}")
    if "search.html" in watched_page.page.url:
        results = watched_page.page.locator("#search-results li")
        watched_page.page.wait_for_timeout(500)
        assert results.count() >= 1, "the search found nothing (the test would prove little)"
        probe = watched_page.page.evaluate(_PROBE, MARK)
        if probe["flag"] or probe["handlers"] or probe["images"] or dialogs:
            failures.append(f"search results: {probe} {dialogs}")
    assert not failures, "\n".join(failures)
    image_requests = [u for u in watched_page.requests if re.search(r"/x(\?|$)", u)]
    assert not image_requests, image_requests
