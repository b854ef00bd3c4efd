"""Benchmark: what a page of the built course weighs and how fast it paints, in Chromium.

Targets (issue "the course as learners and federations use it", weight and speed): a chapter
page under 600 KB transferred, first paint under 1 s, measured from navigation start with a cold
cache. The built site (``book/_build/html``, from ``make course``) is served on 127.0.0.1 by a
plain static server (no compression: the bytes are the files' own, the worst case of a static
host) and each page is opened in a fresh browser context (empty cache) five times. Printed per
page and language: bytes transferred (the page and everything it loads, from the Performance
API's ``transferSize``, headers included) and without the server's headers (``encodedBodySize``),
the number of requests, first paint and first contentful paint (median), and the largest
resources. Then the whole site's size on disk, and whether it holds source maps or bank files
twice. Prints figures and ratios to the targets; exits 0 either way.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.book.pdf import chromium_path, launch_chromium, serve_directory  # noqa: E402

SITE = ROOT / "book" / "_build" / "html"
PAGES = ("chapters/05-insufficient-bid.html", "chapters/11-revoke.html", "intro.html",
         "practice.html", "mock-exam.html", "law-index.html")
WEIGHT_TARGET = 600 * 1024
PAINT_TARGET_MS = 1000.0
RUNS = 5

_MEASURE = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const paint = Object.fromEntries(performance.getEntriesByType('paint')
    .map(p => [p.name, p.startTime]));
  return {
    transfer: nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0),
    body: nav.encodedBodySize + res.reduce((n, r) => n + r.encodedBodySize, 0),
    requests: 1 + res.length,
    fp: paint['first-paint'] ?? null, fcp: paint['first-contentful-paint'] ?? null,
    largest: res.map(r => [r.encodedBodySize, r.name.replace(location.origin, '')])
      .sort((a, b) => b[0] - a[0]).slice(0, 4),
  };
}"""


def _site_report() -> None:
    total = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    maps = list(SITE.rglob("*.map"))
    twins = [p for p in SITE.rglob("bank-*.json") if p.with_suffix(".js").exists()]
    print(f"site on disk: {total / 1e6:.1f} MB; source maps: {len(maps)}; bank files held as "
          f"both .json and .js: {len(twins)}")


def main() -> None:
    if not (SITE / "index.html").is_file():
        print(f"no built site at {SITE}: run make course first")
        return
    if chromium_path() is None:
        print("Chromium is absent (apt-get install -y chromium): no browser figures")
        _site_report()
        return
    from playwright.sync_api import sync_playwright

    # every site: <edition>/<lang> (book/_build/html/1987/ru)
    langs = sorted(f"{edition.name}/{p.name}" for edition in SITE.iterdir() if edition.is_dir()
                   for p in edition.iterdir() if (p / "intro.html").is_file())
    with serve_directory(SITE) as base, sync_playwright() as pw:
        browser = launch_chromium(pw)
        print(f"{'page':<44} {'transfer':>9} {'body':>9} {'req':>4} {'FP ms':>6} "
              f"{'FCP ms':>6}  vs target (weight, paint)")
        for lang in langs:
            for page in PAGES:
                runs = []
                for _ in range(RUNS):
                    context = browser.new_context()
                    tab = context.new_page()
                    tab.goto(f"{base}{lang}/{page}", wait_until="load")
                    tab.wait_for_timeout(150)
                    runs.append(tab.evaluate(_MEASURE))
                    context.close()
                transfer = statistics.median(r["transfer"] for r in runs)
                body = statistics.median(r["body"] for r in runs)
                fps = [r["fp"] for r in runs if r["fp"] is not None]
                fcps = [r["fcp"] for r in runs if r["fcp"] is not None]
                fp = statistics.median(fps) if fps else float("nan")
                fcp = statistics.median(fcps) if fcps else float("nan")
                print(f"{lang + '/' + page:<44} {transfer / 1024:>8.0f}K {body / 1024:>8.0f}K "
                      f"{runs[0]['requests']:>4} {fp:>6.0f} {fcp:>6.0f}  "
                      f"{transfer / WEIGHT_TARGET:.2f}, {fp / PAINT_TARGET_MS:.2f}")
                largest = ", ".join(f"{name.rsplit('/', 1)[-1]} {size // 1024}K"
                                    for size, name in runs[0]["largest"])
                print(f"{'':<44} largest: {largest}")
        browser.close()
    _site_report()


if __name__ == "__main__":
    main()
