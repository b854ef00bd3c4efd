"""The ruling assistant page in Chromium: the real engine in Pyodide, as the command line rules.

The site is the tiny book of ``assistantsite.py`` (the real page, the real hook, this project's
Pyodide). Every case of :data:`CASES` is opened through the page's own interface (the
``#case=`` fragment a shared link carries) and ``window.tdcourseRuling`` must equal the JSON
``tdcourse rule CASE --json`` prints (run here, in Python); so must the rulings of the page
opened from disk (a ``file:`` URL, no server) for :data:`DISK_CASES`. Then the bidding box
path of an insufficient bid, the service worker (the page again with the network cut) and the
page weight.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import cli

pytest.importorskip("playwright.sync_api")
from assistantsite import PROJECT, build_assistant_site, pyodide_present

CASES_DIR = PROJECT / "tests" / "cases"
#: the claim laws: the command line counts tricks with endplay, the page with its own solver
CLAIM_LAWS = ("law68", "law69", "law70", "law71")
#: the page itself (HTML, its theme files, the assistant's script and style), Pyodide and the
#: engine zip aside
PAGE_LIMIT = 300_000


def _asks_the_solver(path: Path) -> bool:
    """Whether ruling the case asks the double-dummy solver (which, in the browser, is the
    pure-Python one: endplay does not run in Pyodide)."""
    from generator.laws import claimplay
    from generator.laws.engine import analyse
    from generator.table.case import load_case

    saved = claimplay.USE_ENDPLAY
    claimplay.USE_ENDPLAY = False
    claimplay._pure_double_dummy.cache_clear()
    try:
        analyse(load_case(path))
        return claimplay._pure_double_dummy.cache_info().misses > 0
    finally:
        claimplay.USE_ENDPLAY = saved
        claimplay._pure_double_dummy.cache_clear()


def _cases() -> list[Path]:
    """The samples, then the first case (by name) of each law's folder of both codes; for the
    claim laws also the first two cases that need the double-dummy count, so the page's own
    solver is compared with the command line's (endplay)."""
    chosen = sorted((CASES_DIR / "samples").glob("*.yaml"))
    for edition in ("1987", "2017"):
        for law in sorted(p for p in (CASES_DIR / edition).iterdir() if p.is_dir()):
            files = sorted(law.glob("*.yaml"))
            chosen.append(files[0])
            if law.name in CLAIM_LAWS:
                chosen += [f for f in files[1:] if _asks_the_solver(f)][:2]
    return chosen


CASES = _cases()


def cli_json(path: Path) -> Any:
    """What ``tdcourse rule PATH --json`` prints, parsed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["rule", str(path), "--json"])
    assert code == 0, path
    return json.loads(out.getvalue())


def fragment(path: Path) -> str:
    """The ``#case=`` fragment of a case file (its data as JSON, base64url, no padding)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return "#case=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, chromium: Path) -> Path:
    if not pyodide_present():
        pytest.skip("Pyodide missing: run make test (npm ci --prefix book/assistant)")
    return build_assistant_site(tmp_path_factory.mktemp("assistant"))


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    from generator.book.pdf import serve_directory

    with serve_directory(site) as base:
        yield base


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("window.tdcourseAssistant && window.tdcourseAssistant.timings.ready",
                           timeout=90_000)


def test_enough_cases_of_both_codes() -> None:
    names = [p.relative_to(CASES_DIR).parts[0] for p in CASES]
    assert len(CASES) >= 50
    assert {"1987", "2017", "samples"} <= set(names)


def test_cases_rule_as_the_command_line(browser: Any, served: str) -> None:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _open(page, f"{served}/en/assistant.html")
        differ = []
        for path in CASES:
            page.evaluate("window.tdcourseRuling = null")
            page.evaluate("f => { location.hash = f; }", fragment(path))
            page.wait_for_function("window.tdcourseRuling !== null", timeout=30_000)
            got = page.evaluate("window.tdcourseRuling")
            if got != cli_json(path):
                differ.append(str(path.relative_to(CASES_DIR)))
        assert not differ, differ
        assert not errors, errors
    finally:
        context.close()


#: the cases the page opened from disk rules: five samples and the first of five laws of 2017
DISK_CASES = (sorted((CASES_DIR / "samples").glob("*.yaml"))[:5]
              + [p for p in CASES if p.relative_to(CASES_DIR).parts[0] == "2017"][:5])


def test_opened_from_disk_rules_as_the_command_line(browser: Any, site: Path) -> None:
    """The page opened with a file: URL, no server and no flag that lets Chromium fetch files:
    the engine starts from the scripts of the course's shared runtime folder."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        url = (site / "en" / "assistant.html").as_uri()
        page.goto(url + fragment(DISK_CASES[0]))  # the first case opens the page, cold
        assert page.evaluate("location.protocol") == "file:"
        differ = []
        for number, path in enumerate(DISK_CASES):
            if number:
                page.evaluate("window.tdcourseRuling = null")
                page.evaluate("f => { location.hash = f; }", fragment(path))
            page.wait_for_function("window.tdcourseRuling !== null", timeout=90_000)
            if page.evaluate("window.tdcourseRuling") != cli_json(path):
                differ.append(str(path.relative_to(CASES_DIR)))
        assert not differ, differ
        assert not errors, errors
    finally:
        context.close()


def test_bidding_box_insufficient_bid_in_russian(browser: Any, served: str) -> None:
    context = browser.new_context(service_workers="block", viewport={"width": 375, "height": 800})
    page = context.new_page()
    try:
        _open(page, f"{served}/ru/assistant.html")
        page.fill("#tdc-a-board", "5")
        page.dispatch_event("#tdc-a-board", "change")
        assert "Север" in page.inner_text(".tdc-a-facts")  # board 5: North deals
        page.click('[data-seat="N"]')
        page.click('[data-call="1S"]')
        page.click('[data-call="1H"]')  # East, next in rotation: insufficient
        page.click(".tdc-a-director")
        page.wait_for_function("window.tdcourseRuling !== null")
        ruling = page.evaluate("window.tdcourseRuling")
        assert ruling["irregularities"][0]["kind"] == "insufficient_bid"
        assert ruling["irregularities"][0]["seat"] == "E"
        text = page.inner_text(".tdc-a-ruling")
        assert "недостаточную заявку" in text
        # South's choice as buttons; refusing continues the table and rules again
        page.evaluate("window.tdcourseRuling = null")
        page.click('[data-event="S refuses"]')
        page.wait_for_function("window.tdcourseRuling !== null")
        assert page.evaluate("window.tdcourseAssistant.state.case.events") == [
            "N 1S", "E 1H", "S refuses"]
        # every control of the bidding box and the card picker is large enough to tap
        small = page.evaluate("""() => Array.from(document.querySelectorAll('.tdc-a button'))
            .filter(b => b.offsetParent && (b.getBoundingClientRect().width < 44
                     || b.getBoundingClientRect().height < 44)).map(b => b.textContent)""")
        assert small == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        assert page.get_attribute(".tdc-a-ruling", "aria-live") == "polite"
    finally:
        context.close()


def test_works_offline_after_the_first_visit(browser: Any, served: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        _open(page, f"{served}/en/assistant.html")
        page.wait_for_function("navigator.serviceWorker.controller !== null || "
                               "navigator.serviceWorker.ready.then(() => true)")
        page.evaluate("navigator.serviceWorker.ready")
        page.wait_for_function("""async () => { const k = await caches.keys();
            if (!k.length) return false; const c = await caches.open(k[0]);
            return (await c.keys()).length > 5; }""", timeout=60_000)
        context.set_offline(True)
        case = CASES_DIR / "samples" / "IB04.yaml"
        page.goto(f"{served}/en/assistant.html{fragment(case)}")
        page.wait_for_function("window.tdcourseRuling !== null", timeout=90_000)
        assert page.evaluate("window.tdcourseRuling") == cli_json(case)
    finally:
        context.close()


def test_page_weight(site: Path) -> None:
    from generator.book.assistant import ASSETS

    page = site / "en" / "assistant.html"
    text = page.read_text(encoding="utf-8")
    import re

    local = set(re.findall(r'(?:src|href)="(_static/[^"?#]+)', text))
    size = page.stat().st_size + sum((site / "en" / u).stat().st_size for u in local
                                     if (site / "en" / u).is_file())
    size += sum((site / "en" / ASSETS / n).stat().st_size
                for n in ("assistant.js", "assistant.css", "manifest.webmanifest", "icon.svg"))
    assert size < PAGE_LIMIT, size
