"""Benchmark: the ruling assistant page (assistant.html) in Debian's Chromium.

Builds the tiny assistant book of ``tests/book/assistantsite.py`` (the real page, the real hook,
this project's Pyodide from ``npm ci --prefix book/assistant``) in a temporary folder, serves it
on 127.0.0.1 and measures:

- engine ready, cold: a fresh browser profile opens the page; from navigation to the engine
  ready (Pyodide started, the engine zip unpacked, the ruling path imported and warmed);
- engine ready, warm: the same profile opens the page again (the HTTP cache and the service
  worker's cache hold everything);
- the page's own marks on the way to ready, cold and warm (its script ran, Pyodide's loader
  loaded, Pyodide started, the engine zip unpacked, the engine imported, ready), to see which
  step the time goes to;
- engine ready from disk, cold: a fresh browser profile opens the page with a ``file:`` URL
  (no server: the engine starts from the scripts of the course's ``_assistant-runtime/``);
- each ruling: the cases of the browser test, one after another through the page's fragment,
  the engine's own time per ruling (median and worst);
- the page's weight without Pyodide (HTML, its theme files, the assistant's script, style,
  manifest, icon), the engine zip, Pyodide's files, and the total the first visit downloads;
  what the files for opening from disk add to the course (once for all its sites).

Targets (issue 18): ready cold 4 s, warm 1.5 s, each ruling 200 ms, the page under 300 KB.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "book"))

from assistantsite import build_assistant_site, pyodide_present  # noqa: E402
from test_assistant_browser import CASES, fragment  # noqa: E402

from generator.book.assistant import ASSETS, PYODIDE_FILES, RUNTIME  # noqa: E402
from generator.book.pdf import chromium_path, launch_chromium, serve_directory  # noqa: E402

#: the page's own marks (``timings``), in order: its script ran, Pyodide's loader script loaded,
#: Pyodide started, the engine zip unpacked, the engine imported, ready (prepared)
PHASES = ("script", "pyodide", "unpacked", "imported", "ready")
TARGETS = {"cold": 4000.0, "warm": 1500.0, "ruling": 200.0, "page": 300_000}


def _ready(page: object, url: str) -> float:
    started = time.perf_counter()
    page.goto(url)  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "window.tdcourseAssistant && window.tdcourseAssistant.timings.ready", timeout=120_000)
    return (time.perf_counter() - started) * 1000


def _weights(lang_dir: Path) -> dict[str, int]:
    page = lang_dir / "assistant.html"
    text = page.read_text(encoding="utf-8")
    local = {u for u in re.findall(r'(?:src|href)="(_static/[^"?#]+)', text)
             if (lang_dir / u).is_file()}
    own = sum((lang_dir / ASSETS / n).stat().st_size
              for n in ("assistant.js", "assistant.css", "manifest.webmanifest", "icon.svg"))
    return {"page": page.stat().st_size + sum((lang_dir / u).stat().st_size for u in local) + own,
            "engine": (lang_dir / ASSETS / "engine.zip").stat().st_size,
            "pyodide": sum((lang_dir / ASSETS / "pyodide" / n).stat().st_size
                           for n in PYODIDE_FILES)}


def main() -> int:
    if chromium_path() is None or not pyodide_present():
        print("skipped: needs Chromium and Pyodide (make test installs both)")
        return 0
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = build_assistant_site(Path(tmp))
        weights = _weights(site / "en")
        on_disk = sum(p.stat().st_size for p in (site.parent / RUNTIME).iterdir())
        with serve_directory(site) as base, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            context = browser.new_context()
            page = context.new_page()
            url = f"{base}/en/assistant.html"
            cold = _ready(page, url)
            engine_cold = page.evaluate("window.tdcourseAssistant.timings.ready")
            phases_cold = page.evaluate("window.tdcourseAssistant.timings")
            page.evaluate("navigator.serviceWorker.ready")
            warm = _ready(page, url)
            engine_warm = page.evaluate("window.tdcourseAssistant.timings.ready")
            phases_warm = page.evaluate("window.tdcourseAssistant.timings")
            times = []
            for path in CASES:
                page.evaluate("window.tdcourseRuling = null")
                page.evaluate("f => { location.hash = f; }", fragment(path))
                page.wait_for_function("window.tdcourseRuling !== null", timeout=30_000)
                times.append(page.evaluate("window.tdcourseAssistant.timings.lastRuling"))
            context.close()
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            disk = _ready(page, (site / "en" / "assistant.html").as_uri())
            phases_disk = page.evaluate("window.tdcourseAssistant.timings")
            browser.close()
    median, worst = statistics.median(times), max(times)
    total = weights["page"] + weights["engine"] + weights["pyodide"]
    print(f"engine ready, cold: {cold:7.0f} ms to ready ({engine_cold:.0f} ms in the page)  "
          f"target {TARGETS['cold']:.0f} ms  ratio {cold / TARGETS['cold']:.2f}")
    print(f"engine ready, warm: {warm:7.0f} ms to ready ({engine_warm:.0f} ms in the page)  "
          f"target {TARGETS['warm']:.0f} ms  ratio {warm / TARGETS['warm']:.2f}")
    print(f"engine ready from disk (file:), cold: {disk:7.0f} ms to ready "
          f"({phases_disk['ready']:.0f} ms in the page)")
    for name, phases in (("cold", phases_cold), ("warm", phases_warm), ("disk", phases_disk)):
        print(f"  {name}, ms since the script started: " + ", ".join(
            f"{key} {phases[key]:.0f}" for key in PHASES if key in phases))
    print(f"ruling ({len(times)} cases): median {median:.0f} ms, worst {worst:.0f} ms  "
          f"target {TARGETS['ruling']:.0f} ms  ratio {worst / TARGETS['ruling']:.2f} (worst)")
    print(f"page without Pyodide: {weights['page'] / 1000:.1f} KB  "
          f"target {TARGETS['page'] / 1000:.0f} KB  ratio {weights['page'] / TARGETS['page']:.2f}")
    print(f"engine zip: {weights['engine'] / 1000:.1f} KB; Pyodide: "
          f"{weights['pyodide'] / 1e6:.2f} MB; first visit downloads {total / 1e6:.2f} MB")
    print(f"opening from disk adds {on_disk / 1e6:.2f} MB to the course ({RUNTIME}/, "
          f"once for all its sites)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
