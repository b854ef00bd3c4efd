"""Benchmark: how large the figures' text is on a phone and on a desktop, and how it contrasts.

Opens the built course (``book/_build/html``, from ``make course``) in Debian's Chromium on a
phone (375 x 667 CSS px, device scale 2) and a desktop window (1280 px), in both languages, and
prints per kind of figure (hand diagram, auction, flow chart, chapter table, quiz card) the
smallest rendered text in CSS px over the measured pages, the page's sideways overflow, and the
lowest contrast ratio of the figures' text in the dark and the light theme. The target is 12 px
and 4.5:1 (tests/book/test_phone_browser.py asserts both; this script only reports). The
measurement is ``tests/book/figures.py``'s, shared with the test.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "book"))

from figures import DESKTOP, KINDS, PHONE, contrast, page_overflow, set_dark, text_sizes  # noqa: E402

from generator.book.pdf import chromium_path, launch_chromium, serve_directory  # noqa: E402

SITE = ROOT / "book" / "_build" / "html" / "1987"  # the 1987 code's sites (both languages)
PAGES = ("chapters/05-insufficient-bid.html", "chapters/06-calls-out-of-rotation.html",
         "chapters/11-revoke.html", "chapters/15-scoring.html", "practice.html")
LANGS = ("en", "ru")
TARGET_PX = 12.0
TARGET_CONTRAST = 4.5


def main() -> int:
    if not (SITE / "en" / PAGES[0]).is_file():
        print(f"no built course in {SITE}: run `make course` first")
        return 2
    if chromium_path() is None:
        print("Chromium is absent: install Debian's chromium: apt-get install -y chromium")
        return 2
    from playwright.sync_api import sync_playwright

    smallest: dict[tuple[str, str], tuple[float, str]] = {}
    lowest: dict[tuple[str, str], tuple[float, str]] = {}
    overflow: dict[str, int] = {}
    with serve_directory(SITE) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for device, shape in (("phone", PHONE), ("desktop", DESKTOP)):
            for mode in ("light", "dark"):
                for lang in LANGS:
                    context = browser.new_context(**shape)
                    page = context.new_page()
                    if mode == "dark":
                        set_dark(page)
                    for path in PAGES:
                        page.goto(f"{base}{lang}/{path}", wait_until="networkidle")
                        overflow[device] = max(overflow.get(device, 0), page_overflow(page))
                        for kind, selector in KINDS.items():
                            if mode == "light":
                                size = text_sizes(page, selector)
                                if size["count"] and (
                                        (device, kind) not in smallest
                                        or size["min"] < smallest[device, kind][0]):
                                    smallest[device, kind] = (
                                        size["min"], f"{lang}/{path}: {size['where']}")
                            if device == "phone":
                                found = contrast(page, selector)
                                if found["count"] and (
                                        (mode, kind) not in lowest
                                        or found["min"] < lowest[mode, kind][0]):
                                    lowest[mode, kind] = (
                                        found["min"], f"{lang}/{path}: {found['where']}")
                    context.close()
        browser.close()

    print(f"smallest rendered text per kind of figure (CSS px; target >= {TARGET_PX:g})")
    for device in ("phone", "desktop"):
        for kind in KINDS:
            if (device, kind) in smallest:
                px, where = smallest[device, kind]
                mark = "ok " if px >= TARGET_PX - 0.01 else "LOW"
                print(f"  {mark} {device:8} {kind:14} {px:5.1f}  {where}")
    for device, px in overflow.items():
        print(f"  page wider than the {device} screen by at most {px} px (target 0)")
    print(f"lowest contrast of the figures' text on the phone (target >= {TARGET_CONTRAST:g}:1)")
    for (mode, kind), (ratio, where) in sorted(lowest.items()):
        mark = "ok " if ratio >= TARGET_CONTRAST else "LOW"
        print(f"  {mark} {mode:6} {kind:14} {ratio:5.2f}  {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
