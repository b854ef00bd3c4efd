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
  in a fresh browser context each time. The page first shows the learner's choice (chapters, a
  number of questions) and loads no question; "Start" then loads the chosen chapters' topic
  files and shows the first question. Two figures, medians of several cold loads: the choice
  shown (the widget's ``tdc-setup`` mark) from navigation start, and the first question (its
  ``tdc-first-question`` mark) from the press of "Start", with every chapter chosen (all 5,000
  questions loaded) and with one. The 300 ms target is read for each of the two steps; the same
  chapter page without a quiz is loaded too and its ``DOMContentLoaded`` printed beside.

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
parse:
  myst_enable_extensions: [colon_fence]
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


#: The practice page's setup (choose chapters and a number of questions) from navigation start,
#: and from the end of the DOMContentLoaded handlers, in milliseconds.
SETUP = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const at = performance.getEntriesByName('tdc-setup')[0].startTime;
  return [at, at - nav.domContentLoadedEventEnd];
}"""

#: Press "Start" with the topics given (all when null) and return the moment of the press.
START = """topics => {
  if (topics) for (const box of document.querySelectorAll('.tdc-topics input[type=checkbox]'))
    box.checked = topics.includes(box.value);
  const go = document.querySelector('.tdc-topics ~ .tdc-bar button');
  const t = performance.now();
  go.click();
  return t;
}"""

FIRST = "performance.getEntriesByName('tdc-first-question')[0].startTime"


def _first_question_ms(site: Path) -> tuple[list[tuple[float, float, float, float]], list[float]]:
    """Per load of the practice page: the setup screen from navigation start and from
    DOMContentLoaded; the first question after "Start" with every chapter chosen (the whole
    bank loaded, topic file by topic file) and with one chapter; and the DOMContentLoaded of
    the page without a quiz, for comparison."""
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
                row = []
                for topics in (None, ["insufficient-bid"]):
                    # a fresh context each time: cold, nothing cached from an earlier page
                    context = browser.new_context()
                    page = context.new_page()
                    try:
                        page.goto(f"{base}/practice.html", timeout=LOAD_TIMEOUT_MS)
                        page.wait_for_function(
                            "performance.getEntriesByName('tdc-setup').length > 0",
                            timeout=LOAD_TIMEOUT_MS)
                        setup, ready = page.evaluate(SETUP)
                        pressed = float(page.evaluate(START, topics))
                        page.wait_for_function(
                            "performance.getEntriesByName('tdc-first-question').length > 0",
                            timeout=LOAD_TIMEOUT_MS)
                        first = float(page.evaluate(FIRST))
                        if topics is None:
                            row += [float(setup), float(ready)]
                        row.append(first - pressed)
                    except PlaywrightTimeout:
                        print(f"  load {load}: the first question was not reached in 30 s")
                    finally:
                        context.close()
                if len(row) == 4:
                    times.append((row[0], row[1], row[2], row[3]))
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
                setup, ready, every, one = (statistics.median(t[i] for t in times)
                                            for i in range(4))
                plain_ms = f"{statistics.median(plain):.0f} ms" if plain else "(not measured)"
                print(f"[{lang}] practice page with a {bank_mb:.1f} MB bank of {BANK_QUESTIONS} "
                      f"questions in {len(banks)} topic files (largest {largest_kb:.0f} KB), "
                      f"median of {len(times)} cold loads:")
                print(f"[{lang}]   choice of chapters shown {setup:.0f} ms after navigation "
                      f"start ({ready:.0f} ms after DOMContentLoaded; the page without a quiz "
                      f"reaches DOMContentLoaded after {plain_ms}); target "
                      f"{FIRST_QUESTION_TARGET_MS:.0f} ms, ratio "
                      f"{setup / FIRST_QUESTION_TARGET_MS:.2f}")
                print(f"[{lang}]   first question {every:.0f} ms after Start with every chapter "
                      f"chosen (ratio {every / FIRST_QUESTION_TARGET_MS:.2f}), {one:.0f} ms with "
                      f"one chapter (ratio {one / FIRST_QUESTION_TARGET_MS:.2f})")


if __name__ == "__main__":
    main()
