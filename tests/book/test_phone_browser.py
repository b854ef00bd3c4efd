"""Every figure of the course readable on a 375 px phone and in the dark theme, in real Chromium.

The site is the real book built once per module, by ``test_browser``'s ``site`` fixture (a copy
of ``book/`` built in both languages). On a phone (375 x 667 CSS px, device scale 2, touch) and on
a desktop window (1280 px), in English and Russian, on a chapter with hand diagrams, auctions and
a flow chart (05, 06, 11), a chapter with tables (15) and the practice page (quiz cards):

* the smallest rendered text of each kind of figure is at least 12 CSS px (``figures.py`` says
  how it is measured: SVG text by its font size times its screen transformation's scale, HTML text
  by its computed size times any CSS transform) -- every kind the page is expected to hold must be
  there, so a figure that stops rendering fails instead of passing unmeasured;
* the page body never overflows sideways (``scrollWidth`` <= the viewport);
* the full-size view of a figure opens from its button (by a click and from the keyboard), shows
  the wide form at its drawn size, and closes with Esc and with its button, the focus returning
  to the button;
* in the dark theme (and in the light one) every text of the figures has a contrast of at least
  4.5:1 against what is painted behind it, from the computed colours.

``benchmarks/bench_phone.py`` prints the same measurements as a table for the record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from figures import (
    DESKTOP,
    KINDS,
    PHONE,
    contrast,
    page_overflow,
    set_dark,
    start_practice,
    text_sizes,
)
from test_browser import open_page, site

from generator.book.pdf import chromium_path

if TYPE_CHECKING:  # the fixtures' types (conftest.py); never imported at run time
    from conftest import WatchedPage
    from playwright.sync_api import Browser

__all__ = ["site"]  # the module's site fixture, built once for all the tests below

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")

LANGS = ("en", "ru")
DEVICES: dict[str, Any] = {"phone": PHONE, "desktop": DESKTOP}
#: The pages measured and the kinds of figure each must show.
PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "05": ("chapters/05-insufficient-bid.html", ("hand diagram", "auction", "chart",
                                                 "quiz card")),
    "06": ("chapters/06-calls-out-of-rotation.html", ("hand diagram", "auction", "chart")),
    "11": ("chapters/11-revoke.html", ("hand diagram", "auction", "chart")),
    "15": ("chapters/15-scoring.html", ("chapter table",)),
    "practice": ("practice.html", ("quiz card",)),
}
MIN_PX = 12.0
MIN_CONTRAST = 4.5


@pytest.fixture
def base(site: Path, serve: Callable[[Path], str]) -> str:
    return serve(site)


@pytest.fixture(params=sorted(DEVICES))
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def device_page(browser: Browser, device: str,
                watched_page_type: type[WatchedPage]) -> Iterator[WatchedPage]:
    """A page in a context shaped like ``device``, recording errors as ``watched_page`` does."""
    context = browser.new_context(service_workers="block", **DEVICES[device])
    try:
        page = context.new_page()
        watched = watched_page_type(page)
        page.on("pageerror", lambda error: watched.page_errors.append(f"{page.url}: {error}"))
        page.on("console", lambda message: watched.console_errors.append(message.text)
                if message.type == "error" else None)
        page.set_default_timeout(15_000)
        yield watched
    finally:
        context.close()


def _load(watched: WatchedPage, url: str) -> None:
    open_page(watched, url)
    # the practice page draws its first card from the bank once the learner starts a set
    watched.page.wait_for_load_state("networkidle")
    start_practice(watched.page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(PAGES))
def test_figures_read_at_12px_and_the_page_never_overflows(
        base: str, device_page: WatchedPage, device: str, lang: str, key: str) -> None:
    path, kinds = PAGES[key]
    _load(device_page, f"{base}{lang}/{path}")
    page = device_page.page
    overflow = page_overflow(page)
    assert overflow == 0, f"{device} {lang} {path}: the page is {overflow} px wider than the screen"
    measured = {kind: text_sizes(page, KINDS[kind]) for kind in KINDS}
    report = ", ".join(f"{kind} {m['min']:.1f} px ({m['where']})"
                       for kind, m in measured.items() if m["count"])
    print(f"{device} {lang} {path}: {report}")
    for kind in kinds:
        assert measured[kind]["count"], f"{device} {lang} {path}: no {kind} rendered"
    for kind, m in measured.items():
        if m["count"]:
            assert m["min"] >= MIN_PX - 0.01, (
                f"{device} {lang} {path}: {kind} text at {m['min']:.2f} px: {m['where']}")
    if key == "15" and device == "phone":  # a wide table scrolls in its own box
        widths = page.evaluate("""[...document.querySelectorAll('.bd-article table.table')]
            .map(t => [t.scrollWidth, t.clientWidth, getComputedStyle(t).overflowX])""")
        assert any(scroll > client for scroll, client, _ in widths), widths
        assert all(o == "auto" for _, _, o in widths), widths
    device_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_full_size_view_opens_and_closes(base: str, device_page: WatchedPage, device: str,
                                         lang: str) -> None:
    _load(device_page, f"{base}{lang}/chapters/06-calls-out-of-rotation.html")
    page = device_page.page
    for figure in (".tdc-chart-figure", ".tdc-hand-figure"):
        button = page.locator(f"{figure} > button.tdc-zoom").first
        assert button.is_visible(), f"{figure}: no full-size button"
        dialog = page.locator("dialog.tdc-zoom-dialog")
        for how in ("click", "keyboard"):
            if how == "click":
                button.click()
            else:
                button.focus()
                page.keyboard.press("Enter")
            assert dialog.evaluate("d => d.open"), f"{figure}: the view did not open ({how})"
            shown = dialog.locator("svg.tdc-wide")
            assert shown.count() == 1
            scale = shown.evaluate("s => s.getScreenCTM().a")
            assert scale == pytest.approx(1.0), f"{figure}: full size drawn at {scale}"
            sizes = text_sizes(page, "dialog.tdc-zoom-dialog svg")
            assert sizes["min"] >= MIN_PX - 0.01, sizes
            assert page.evaluate("document.querySelectorAll('dialog [id]').length") == 0
            assert page.evaluate("document.activeElement.className") == "tdc-zoom-close"
            if how == "click":
                page.keyboard.press("Escape")
            else:
                page.keyboard.press("Enter")  # the focus is on the close button
            assert not dialog.evaluate("d => d.open"), f"{figure}: the view did not close"
            assert button.evaluate("b => b === document.activeElement"), "focus not returned"
    assert page_overflow(page) == 0
    device_page.assert_clean()


@pytest.mark.parametrize("mode", ["dark", "light"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["05", "11", "practice"])
def test_figures_keep_their_contrast_in_both_themes(
        base: str, browser: Browser, lang: str, key: str, mode: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        if mode == "dark":
            set_dark(page)
        path, kinds = PAGES[key]
        page.goto(f"{base}{lang}/{path}", wait_until="networkidle")
        start_practice(page)
        assert page.evaluate("document.documentElement.dataset.theme") == mode
        for kind in kinds:
            found = contrast(page, KINDS[kind])
            assert found["count"], f"{mode} {lang} {path}: no {kind} text"
            print(f"{mode} {lang} {path}: {kind} contrast {found['min']:.2f} ({found['where']})")
            assert found["min"] >= MIN_CONTRAST, (
                f"{mode} {lang} {path}: {kind} contrast {found['min']:.2f}: {found['where']}")
    finally:
        context.close()
