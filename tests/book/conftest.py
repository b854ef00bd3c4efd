"""Fixtures for the browser tests: Chromium under Playwright, a localhost server, a watched page.

Chromium is Debian's (``/usr/bin/chromium``, or ``$TDCOURSE_CHROMIUM``) driven by the PyPI package
``playwright`` with the flags of :data:`generator.book.pdf.CHROMIUM_ARGS`; ``playwright install``
is never run. A test that needs the browser is skipped, with the reason, only when Chromium is
absent; everything else missing is an error.

- ``chromium``: the executable's path (or the skip).
- ``browser``: one browser per test module.
- ``serve``: ``serve(directory) -> base URL`` on 127.0.0.1; servers stop after the test.
- ``quiz_site``: the small quiz site of ``quizsite.py``, built once per session.
- ``watched_page``: a fresh page (own context) that records console errors, uncaught page errors
  and every URL it requests; requests leaving the machine are recorded and then aborted, so a
  test never touches the network even when the page tries to; ``assert_clean()`` fails on
  anything it recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from generator.book.pdf import INSTALL_HINT, chromium_path, launch_chromium, serve_directory

if TYPE_CHECKING:  # imported where used, so the other book tests never need Playwright
    from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route

#: URL prefixes a page may request: the local server and what never leaves the browser.
LOCAL_PREFIXES = ("http://127.0.0.1", "http://localhost", "data:", "blob:", "about:")


def is_local(url: str) -> bool:
    """The tests' own (deliberately plain) reading of "does not leave localhost"."""
    return url.startswith(LOCAL_PREFIXES)


@dataclass
class WatchedPage:
    """A page and what it did: console errors, uncaught exceptions, requested URLs."""

    page: Page
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def offsite(self) -> list[str]:
        """Requested URLs that would have left the machine (they were aborted)."""
        return [url for url in self.requests if not is_local(url)]

    def problems(self) -> list[str]:
        """Everything a clean page must not show, one line each (empty when clean)."""
        return ([f"console error: {e}" for e in self.console_errors]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"request leaving localhost: {u}" for u in self.offsite()])

    def assert_clean(self, allow_file: bool = False) -> None:
        """Fail with every problem; ``allow_file``: a page opened from disk asks for ``file:``
        URLs, which are local there."""
        problems = [p for p in self.problems()
                    if not (allow_file and p.startswith("request leaving localhost: file:"))]
        assert not problems, "\n".join(problems)


@pytest.fixture(scope="session")
def chromium() -> Path:
    """The Chromium executable; the test is skipped (saying how to install it) without one."""
    path = chromium_path()
    if path is None:
        pytest.skip(f"Chromium is absent: {INSTALL_HINT}")
    return path


@pytest.fixture(scope="session")
def quiz_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small quiz site (``quizsite.py``) in both languages, built once per session."""
    from quizsite import build_quiz_site

    return build_quiz_site(tmp_path_factory.mktemp("quizsite"))


@pytest.fixture(scope="module")
def browser(chromium: Path) -> Iterator[Browser]:
    """Headless Chromium, one per test module (a launch costs about half a second)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def serve() -> Iterator[Callable[[Path], str]]:
    """``serve(directory)`` serves a directory on 127.0.0.1 and returns its base URL."""
    with ExitStack() as stack:
        def start(directory: Path) -> str:
            return stack.enter_context(serve_directory(directory))

        yield start


@pytest.fixture
def watched_page_type() -> type[WatchedPage]:
    """The class itself, for a test that shapes its own context (a phone): test modules cannot
    import it from ``conftest`` at run time (several test folders have a ``conftest``)."""
    return WatchedPage


@pytest.fixture
def watched_page(browser: Browser) -> Iterator[WatchedPage]:
    """A fresh page in its own context, recording errors and requests (see the module doc)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        watched = WatchedPage(page)

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                source = message.location.get("url") or ""
                where = f" [{source}]" if source and source != page.url else ""
                watched.console_errors.append(f"{page.url}: {message.text}{where}")

        def on_page_error(error: Exception) -> None:
            watched.page_errors.append(f"{page.url}: {error}")

        def on_request(request: Request) -> None:
            watched.requests.append(request.url)

        def route(route: Route) -> None:
            if is_local(route.request.url):
                route.continue_()
            else:
                route.abort("blockedbyclient")

        page.on("console", on_console)
        page.on("pageerror", on_page_error)
        page.on("request", on_request)
        context.route("**/*", route)
        page.set_default_timeout(15_000)
        yield watched
    finally:
        context.close()
