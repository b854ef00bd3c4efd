"""Print one HTML file (a Sphinx ``singlehtml`` build of one language) to PDF with Chromium.

No TeX: Debian's ``chromium`` is driven by Playwright (the PyPI package, never ``playwright
install``, which downloads a browser) and prints the page with ``page.pdf``. The page is served by a
throwaway HTTP server on 127.0.0.1 rather than opened as ``file://``, so relative assets (the
theme's CSS, images, charts) load as they do on the site.

The print is offline by construction: every request that does not go to the local server is
aborted, and a page that tried to reach the network, or whose local assets failed to load, is an
error naming those URLs (a PDF with a missing diagram is worse than no PDF). The PDF is written to
a temporary file beside the target and moved into place only when complete, so a failed print
leaves the previous PDF.

The helpers :func:`chromium_path`, :func:`launch_chromium`, :func:`serve_directory` and
:func:`is_local_url` are shared with the browser tests (``tests/book/conftest.py``).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit

from generator.errors import TdcourseError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, PdfMargins, Playwright, Request, Response, Route

#: Environment variable naming the Chromium executable, when it is not Debian's ``chromium``.
CHROMIUM_ENV = "TDCOURSE_CHROMIUM"

#: Where Chromium is looked for, in order (absolute paths first, then names on ``PATH``).
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser")

#: Flags measured to work offline on Debian's chromium (see the architecture guide).
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

#: How to get the browser, quoted by every "Chromium is missing" message.
INSTALL_HINT = "install Debian's chromium: apt-get install -y chromium"

#: Loading the page (and each wait after it) may take this long, in milliseconds.
PAGE_TIMEOUT_MS = 120_000

#: Page geometry of the print.
PAPER_FORMAT = "A4"
MARGINS: PdfMargins = {"top": "16mm", "bottom": "18mm", "left": "14mm", "right": "14mm"}
_FOOTER = (
    '<div style="width:100%;font-size:8px;text-align:center;color:#666;">'
    '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)

#: Local requests that may fail without harm to the print: the browser's own favicon, and the
#: search index the book theme loads on every page (a ``singlehtml`` build does not write one).
_IGNORED_MISSING = ("/favicon.ico", "/searchindex.js")

#: Before printing: load lazy images now and wait until every image and font is ready.
_SETTLE_JS = """async () => {
  for (const img of document.querySelectorAll('img[loading="lazy"]')) img.loading = "eager";
  await Promise.all(Array.from(document.images, (img) => img.complete ? null :
    new Promise((done) => {
      img.addEventListener("load", done);
      img.addEventListener("error", done);
    })));
  await document.fonts.ready;
}"""


class PdfError(TdcourseError):
    """The PDF could not be printed (bad input file, the browser failed, the page went online)."""


class ChromiumMissingError(PdfError):
    """No Chromium executable was found (or Playwright, which drives it, is not installed)."""


def chromium_path() -> Path | None:
    """The Chromium executable: ``$TDCOURSE_CHROMIUM``, else ``/usr/bin/chromium``, else ``PATH``.

    Returns None when there is none (a ``$TDCOURSE_CHROMIUM`` naming a missing file counts as
    none, rather than silently falling back to another browser).
    """
    override = os.environ.get(CHROMIUM_ENV)
    candidates = (override,) if override else CHROMIUM_CANDIDATES
    for candidate in candidates:
        found = shutil.which(candidate)
        if found:
            return Path(found)
    return None


def is_local_url(url: str) -> bool:
    """True for URLs that never leave the machine: the local server, ``data:``, ``blob:``,
    ``about:``."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.scheme in ("http", "https") and parts.hostname in ("127.0.0.1", "localhost")


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging every request to stderr."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    """A browser that closes a page while a file is still being sent (a prefetch cut short) is
    not an error of ours: no traceback for a connection the other side dropped."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@contextmanager
def serve_directory(root: Path) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (a free port) in a thread; yields the base URL (ends in /)."""
    handler = partial(_QuietHandler, directory=str(root))
    server = _QuietServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name=f"serve {root}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def launch_chromium(playwright: Playwright) -> Browser:
    """Start headless Chromium (the system's, with :data:`CHROMIUM_ARGS`) under ``playwright``.

    Raises :class:`ChromiumMissingError` when there is no Chromium and :class:`PdfError` when it
    does not start.
    """
    from playwright.sync_api import Error as PlaywrightError

    executable = chromium_path()
    if executable is None:
        raise ChromiumMissingError(f"Chromium not found: {INSTALL_HINT}")
    try:
        return playwright.chromium.launch(
            executable_path=str(executable), args=list(CHROMIUM_ARGS), headless=True
        )
    except PlaywrightError as exc:
        raise PdfError(f"Chromium ({executable}) did not start: {_first_line(exc)}") from exc


def build_pdf(html_file: Path, out_pdf: Path) -> Path:
    """Print ``html_file`` to ``out_pdf`` (A4, backgrounds, margins, page numbers); returns it.

    ``html_file`` may also be a ``singlehtml`` output directory: its one page is printed (see
    :func:`_page_of`). The file's directory is served on 127.0.0.1; requests anywhere else are
    aborted. Raises :class:`ChromiumMissingError` without Chromium (or without Playwright), and
    :class:`PdfError` (one line) when the file is missing, the browser fails, the page tried to
    reach the network or a local asset failed to load. On any error the previous ``out_pdf`` is
    left as it was and no temporary file remains.
    """
    html_file = _page_of(Path(html_file).resolve())
    out_pdf = Path(out_pdf)
    if chromium_path() is None:
        raise ChromiumMissingError(f"Chromium not found: {INSTALL_HINT}")
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        raise ChromiumMissingError(
            "the Python package playwright is missing: pip install playwright==1.65.2 "
            f"(it drives the system's Chromium; never run `playwright install`); {INSTALL_HINT}"
        ) from exc

    out_pdf.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out_pdf.name}-", suffix=".pdf", dir=out_pdf.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    blocked: list[str] = []
    missing: dict[str, str] = {}  # URL -> why it failed (the first reason seen)

    def route(route: Route) -> None:
        url = route.request.url
        if is_local_url(url):
            route.continue_()
        else:
            blocked.append(url)
            route.abort("blockedbyclient")

    def on_response(response: Response) -> None:
        if response.status >= 400 and not _ignored(response.url):
            missing.setdefault(response.url, f"HTTP {response.status}")

    def on_failed(request: Request) -> None:
        if is_local_url(request.url) and not _ignored(request.url):
            missing.setdefault(request.url, request.failure or "failed")

    try:
        with serve_directory(html_file.parent) as base, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                context = browser.new_context(service_workers="block")
                context.route("**/*", route)
                page = context.new_page()
                page.set_default_timeout(PAGE_TIMEOUT_MS)
                page.on("response", on_response)
                page.on("requestfailed", on_failed)
                page.goto(base + quote(html_file.name), wait_until="load")
                page.evaluate(_SETTLE_JS)
                _check(html_file, blocked, missing)
                page.pdf(
                    path=str(tmp),
                    format=PAPER_FORMAT,
                    print_background=True,
                    margin=MARGINS,
                    display_header_footer=True,
                    header_template="<span></span>",
                    footer_template=_FOOTER,
                )
                _check(html_file, blocked, missing)
            finally:
                browser.close()
        with tmp.open("rb") as written:
            if written.read(5) != b"%PDF-":
                raise PdfError(f"{html_file}: Chromium wrote no PDF")
        tmp.chmod(0o644)  # mkstemp makes the file private; the PDF is an ordinary output
        tmp.replace(out_pdf)
    except PlaywrightError as exc:
        tmp.unlink(missing_ok=True)
        detail = _first_line(exc)
        if blocked:
            detail += f"; blocked network requests: {_listing(blocked)}"
        raise PdfError(f"{html_file}: printing failed: {detail}") from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return out_pdf


def _page_of(path: Path) -> Path:
    """The HTML file to print: ``path`` itself, or the page of a ``singlehtml`` directory.

    In a directory, redirect pages (``<meta http-equiv="refresh">``, such as the ``index.html``
    Jupyter Book writes beside the book's root page) and Sphinx's index and search pages are
    skipped; exactly one page must remain.
    """
    if path.is_file():
        return path
    if not path.is_dir():
        raise PdfError(f"{path}: no such HTML file to print")
    pages = [p for p in sorted(path.glob("*.html"))
             if p.name not in ("genindex.html", "search.html") and not _is_redirect(p)]
    if len(pages) != 1:
        names = ", ".join(p.name for p in pages) or "none"
        raise PdfError(f"{path}: expected one HTML page in this singlehtml output, found {names}")
    return pages[0]


def _is_redirect(page: Path) -> bool:
    head = page.read_bytes()[:4096].lower()
    return re.search(rb"<meta[^>]+http-equiv\s*=\s*[\"']?refresh", head) is not None


def _ignored(url: str) -> bool:
    return urlsplit(url).path in _IGNORED_MISSING


def _check(html_file: Path, blocked: list[str], missing: dict[str, str]) -> None:
    if blocked:
        raise PdfError(
            f"{html_file}: the page tried to reach the network (blocked, no PDF written): "
            f"{_listing(blocked)}"
        )
    if missing:
        failures = [f"{url} ({why})" for url, why in missing.items()]
        raise PdfError(f"{html_file}: local assets failed to load: {_listing(failures)}")


def _listing(urls: list[str], limit: int = 5) -> str:
    unique = list(dict.fromkeys(urls))
    shown = ", ".join(unique[:limit])
    return shown + (f" and {len(unique) - limit} more" if len(unique) > limit else "")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def print_pages(html_files: list[Path], out_pdfs: list[Path]) -> list[Path]:
    """Print each of ``html_files`` (all in one folder) to the PDF beside it in ``out_pdfs``,
    at the page size and margins its own CSS sets (``@page``), without header or footer; one
    browser for them all. Used for the one-page decision charts (:mod:`generator.book.decisions`).

    Offline and all-or-nothing per file as :func:`build_pdf`: requests off the local server are
    aborted and make it an error, each PDF is written beside its target and moved into place
    when complete."""
    if len(html_files) != len(out_pdfs):
        raise ValueError("one PDF per page")
    if not html_files:
        return []
    folders = {Path(f).resolve().parent for f in html_files}
    if len(folders) != 1:
        raise PdfError("the pages to print must share one folder")
    if chromium_path() is None:
        raise ChromiumMissingError(f"Chromium not found: {INSTALL_HINT}")
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        raise ChromiumMissingError(
            f"the Python package playwright is missing; {INSTALL_HINT}") from exc
    blocked: list[str] = []
    missing: dict[str, str] = {}

    def route(route: Route) -> None:
        if is_local_url(route.request.url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("blockedbyclient")

    def on_response(response: Response) -> None:
        if response.status >= 400 and not _ignored(response.url):
            missing.setdefault(response.url, f"HTTP {response.status}")

    folder = folders.pop()
    done: list[Path] = []
    try:
        with serve_directory(folder) as base, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                context = browser.new_context(service_workers="block")
                context.route("**/*", route)
                for html_file, out_pdf in zip(html_files, out_pdfs, strict=True):
                    page = context.new_page()
                    page.set_default_timeout(PAGE_TIMEOUT_MS)
                    page.on("response", on_response)
                    page.goto(base + quote(Path(html_file).name), wait_until="load")
                    page.evaluate(_SETTLE_JS)
                    _check(Path(html_file), blocked, missing)
                    out_pdf = Path(out_pdf)
                    out_pdf.parent.mkdir(parents=True, exist_ok=True)
                    fd, tmp_name = tempfile.mkstemp(prefix=f".{out_pdf.name}-", suffix=".pdf",
                                                    dir=out_pdf.parent)
                    os.close(fd)
                    tmp = Path(tmp_name)
                    try:
                        page.pdf(path=str(tmp), prefer_css_page_size=True,
                                 print_background=True)
                        _check(Path(html_file), blocked, missing)
                        tmp.chmod(0o644)
                        tmp.replace(out_pdf)
                    finally:
                        tmp.unlink(missing_ok=True)
                    page.close()
                    done.append(out_pdf)
            finally:
                browser.close()
    except PlaywrightError as exc:
        raise PdfError(f"{folder}: printing failed: {_first_line(exc)}") from exc
    return done
