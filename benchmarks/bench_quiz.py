"""Benchmark: the quiz widget's weight and the practice page's start (issue targets: a chapter page
with a 10-question quiz adds under 30 KB over the same page without it; the practice page shows its
first question within 300 ms of load with a 5,000-question bank).

A bank of verified scenarios is generated (seeded), 1,300 scenarios at a time with the next seed,
until it holds at least 5,000 questions; a small book is built with the real extension in English
and Russian: the same chapter text twice, once with a quiz of ten questions of one topic and once
without, and a practice page over the first 5,000 questions (the bank beside the site, one file
per topic).

* Weight: the difference in bytes between the two chapter pages plus the widget files the page
  with the quiz loads (read from its HTML: the core script and the style, not the bank modes'
  script), uncompressed and gzip-compressed.
* Start: the practice page is served on 127.0.0.1 and opened in Debian's Chromium (Playwright)
  in a fresh browser context each time; the figure is the widget's ``tdc-first-question``
  performance mark, in milliseconds since the navigation started (the median of several loads),
  and also since the core script started (its ``tdc-start`` mark) and since the
  ``DOMContentLoaded`` handlers finished (the widgets start in one of them). The target is read
  as "after the page has loaded", i.e. from ``DOMContentLoaded``: what comes before it is the
  theme's own loading, which the same chapter page without a quiz also pays (its
  ``DOMContentLoaded`` is measured and printed beside it).

Prints figures and ratios to the targets; never fails because the machine is slow (a load that
does not reach its mark in 30 s is reported as such and left out of the medians).
"""

from __future__ import annotations

import gzip
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.book.quizdata import dumps, web_bank, web_question  # noqa: E402
from generator.book.site import build_one  # noqa: E402
from generator.scenarios.bank import Plan, scenarios  # noqa: E402
from generator.scenarios.questions import localise, questions_for  # noqa: E402

WEIGHT_TARGET_KB = 30.0
FIRST_QUESTION_TARGET_MS = 300.0
BANK_QUESTIONS = 5000
QUIZ_QUESTIONS = 10
#: Scenarios generated at a time (each batch with the next seed) until the bank is big enough.
SCENARIO_STEP = 1300
#: How long one page load may take before it is reported and left out.
LOAD_TIMEOUT_MS = 30_000
LOADS = 7
LANGS = ("en", "ru")

CONFIG = """\
title: "Quiz benchmark"
author: "tdcourse"
only_build_toc_files: true
exclude_patterns: [_build, _generated]
execute:
  execute_notebooks: "off"
html:
  use_multitoc_numbering: false
launch_buttons:
  thebe: false
latex:
  use_jupyterbook_latex: false
sphinx:
  extra_extensions: [generator.book.extension]
  config:
    language: en
    html_show_sourcelink: false
    html_copy_source: false
"""
TOC = """\
format: jb-book
root: intro
chapters:
  - file: with-quiz
  - file: without-quiz
  - file: practice
  - file: law-index
"""
CHAPTER_TEXT = "\n\n".join(
    f"Paragraph {n}: the director is called, looks at what happened and explains the options to "
    "the player who may choose, then the auction goes on." for n in range(12))


def _bank() -> tuple[dict[str, list[dict[str, object]]], float]:
    """Questions by language, at least :data:`BANK_QUESTIONS`; and the seconds it took."""
    start = time.perf_counter()
    bilingual: list[dict[str, object]] = []
    seed = 1987
    while len(bilingual) < BANK_QUESTIONS:
        records = scenarios(Plan(SCENARIO_STEP, seed), workers=2)
        bilingual += [q for r in records for q in (r.get("questions") or questions_for(r))]
        seed += 1
    by_lang = {lang: [localise(q, lang) for q in bilingual[:BANK_QUESTIONS]] for lang in LANGS}
    return by_lang, time.perf_counter() - start


def _project(root: Path, questions: dict[str, list[dict[str, object]]]) -> Path:
    book = root / "book"
    (book / "_generated").mkdir(parents=True)
    (book / "_config.yml").write_text(CONFIG, encoding="utf-8")
    (book / "_toc.yml").write_text(TOC, encoding="utf-8")
    (book / "intro.md").write_text("# Benchmark\n\nPages.\n", encoding="utf-8")
    (book / "law-index.md").write_text("# Law index\n\n(law-27)=\nLaw 27.\n", encoding="utf-8")
    chapter = f"# A chapter\n\n{CHAPTER_TEXT}\n\n## Quiz\n\n"
    (book / "with-quiz.md").write_text(
        chapter + "```{tdc-quiz} /_generated/quiz.json\n```\n", encoding="utf-8")
    (book / "without-quiz.md").write_text(chapter, encoding="utf-8")
    (book / "practice.md").write_text(
        "# Practice\n\n```{tdc-practice} /_generated/bank.json\n:topics: all\n```\n",
        encoding="utf-8")
    return root


def _generated(root: Path, lang: str, questions: list[dict[str, object]]) -> None:
    quiz = [q for q in questions if q["topic"] == "insufficient-bid"][:QUIZ_QUESTIONS]
    out = root / "book" / "_generated"
    (out / "quiz.json").write_text(dumps([web_question(q, lang) for q in quiz]),
                                   encoding="utf-8")
    (out / "bank.json").write_text(dumps(web_bank(questions, lang)), encoding="utf-8")


def _widget_files(page: str) -> list[str]:
    """The quiz widget's files a page loads (``_static/tdcourse-quiz…``), as written in it."""
    return sorted(set(re.findall(r'(?:src|href)="(_static/tdcourse-quiz[^"?]*)', page)))


def _weight(site: Path) -> tuple[int, int, list[str]]:
    """Bytes a quiz adds to a page: raw and gzip-compressed (page difference plus the widget
    files it loads); and those files' names."""
    def size(data: bytes, packed: bool) -> int:
        return len(gzip.compress(data, mtime=0)) if packed else len(data)

    pages = [(site / f"{name}.html").read_bytes() for name in ("with-quiz", "without-quiz")]
    files = _widget_files(pages[0].decode("utf-8"))
    assets = [(site / name).read_bytes() for name in files]
    raw, packed = (size(pages[0], p) - size(pages[1], p) + sum(size(a, p) for a in assets)
                   for p in (False, True))
    return raw, packed, files


#: The first question's time from navigation start, from the core script's start and from the
#: end of the DOMContentLoaded handlers, in milliseconds.
FIRST_QUESTION = """() => {
  const at = name => performance.getEntriesByName(name)[0].startTime;
  const nav = performance.getEntriesByType('navigation')[0], first = at('tdc-first-question');
  return [first, first - at('tdc-start'), first - nav.domContentLoadedEventEnd];
}"""


def _first_question_ms(site: Path) -> tuple[list[tuple[float, float, float]], list[float]]:
    """Per load of the practice page: the first question from navigation start, from the
    widget script's start and from DOMContentLoaded; and the DOMContentLoaded of the page
    without a quiz, for comparison."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    from generator.book.pdf import chromium_path, launch_chromium, serve_directory

    if chromium_path() is None:
        print("  Chromium is absent (apt-get install -y chromium): start time not measured")
        return [], []
    times, plain = [], []
    with serve_directory(site) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for load in range(1, LOADS + 1):
                # a fresh context each time: cold, nothing cached from an earlier page
                context = browser.new_context()
                page = context.new_page()
                try:
                    page.goto(f"{base}/practice.html", timeout=LOAD_TIMEOUT_MS)
                    page.wait_for_function(
                        "performance.getEntriesByName('tdc-first-question').length > 0",
                        timeout=LOAD_TIMEOUT_MS)
                    first, script, ready = page.evaluate(FIRST_QUESTION)
                    times.append((float(first), float(script), float(ready)))
                except PlaywrightTimeout:
                    print(f"  load {load}: the first question was not reached in 30 s")
                finally:
                    context.close()
                context = browser.new_context()
                page = context.new_page()
                try:
                    page.goto(f"{base}/without-quiz.html", wait_until="load",
                              timeout=LOAD_TIMEOUT_MS)
                    plain.append(float(page.evaluate(
                        "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")))
                except PlaywrightTimeout:
                    print(f"  load {load}: the page without a quiz was not loaded in 30 s")
                finally:
                    context.close()
        finally:
            browser.close()
    return times, plain


def main() -> None:
    questions, bank_seconds = _bank()
    print(f"bank: {BANK_QUESTIONS} questions per language (generated in {bank_seconds:.1f} s)")
    with tempfile.TemporaryDirectory(prefix="tdcourse-bench-quiz-") as tmp:
        root = _project(Path(tmp), questions)
        for lang in LANGS:
            _generated(root, lang, questions[lang])
            site = build_one(root, lang, list(LANGS))
            raw, packed, files = _weight(site)
            banks = sorted((site / "_tdc").glob("bank-*.js"))
            bank_mb = sum(p.stat().st_size for p in banks) / 1024 / 1024
            largest_kb = max(p.stat().st_size for p in banks) / 1024
            print(f"[{lang}] a {QUIZ_QUESTIONS}-question chapter quiz adds {raw / 1024:.1f} KB "
                  f"({packed / 1024:.1f} KB gzip) to its page, {', '.join(files)} included "
                  f"(target {WEIGHT_TARGET_KB:.0f} KB, ratio {raw / 1024 / WEIGHT_TARGET_KB:.2f})")
            times, plain = _first_question_ms(site)
            if times:
                nav, script, ready = (statistics.median(t[i] for t in times) for i in range(3))
                spread = [t[0] for t in times]
                plain_ms = f"{statistics.median(plain):.0f} ms" if plain else "(not measured)"
                print(f"[{lang}] practice page with a {bank_mb:.1f} MB bank of {BANK_QUESTIONS} "
                      f"questions in {len(banks)} topic files (largest {largest_kb:.0f} KB): "
                      f"first question {ready:.0f} ms after the page has loaded "
                      f"(DOMContentLoaded; median of {len(times)} loads; target "
                      f"{FIRST_QUESTION_TARGET_MS:.0f} ms, ratio "
                      f"{ready / FIRST_QUESTION_TARGET_MS:.2f}); {script:.0f} ms after the "
                      f"widget script started; {nav:.0f} ms after navigation start (min "
                      f"{min(spread):.0f}, max {max(spread):.0f}), where the same chapter page "
                      f"without a quiz reaches DOMContentLoaded after {plain_ms}")


if __name__ == "__main__":
    main()
