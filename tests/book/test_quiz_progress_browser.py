"""The mock exam's bar, its Finish confirmation and its stated mix, the practice sets and the
progress page, in real Chromium (fixtures: ``conftest.py``; site: ``quizsite.py``).

The tests know the right answers from ``quizsite.answers`` and the interface text from the page's
own configuration, never from the widget.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from quizsite import CHAPTER, EXAM_COUNT, LANGS, PASS_MARK, answers, config_of
from test_quiz_browser import _laws, answer_right, card, fmt, open_page, stored

from generator.book.pdf import chromium_path

if TYPE_CHECKING:
    from conftest import WatchedPage
    from playwright.sync_api import Page

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")

PREFIX = "tdcourse:v1:"
BAR = ".tdc-quiz .tdc-sticky"
HEADER = ".bd-header-article"  # sphinx-book-theme's sticky article header


@pytest.fixture
def base(quiz_site: Path, serve: Callable[[Path], str]) -> str:
    return serve(quiz_site)


def start_exam(page: Page, words: dict[str, str]) -> list[str]:
    page.get_by_role("button", name=words["exam_start"]).click()
    page.locator("section.tdc-q").first.wait_for()
    qids: list[str] = page.locator("section.tdc-q").evaluate_all("s => s.map(e => e.dataset.qid)")
    return qids


def rect(page: Page, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }")
    return box


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_the_exam_bar_stays_in_view_below_the_header(quiz_site: Path, base: str, width: int,
                                                    height: int,
                                                    watched_page: WatchedPage) -> None:
    words = config_of(quiz_site / "en" / "mock-exam.html")["ui"]
    page = watched_page.page
    page.set_viewport_size({"width": width, "height": height})
    open_page(watched_page, f"{base}en/mock-exam.html", ready=".tdc-quiz button")
    qids = start_exam(page, words)
    card(page, qids[-1]).scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")
    bar, header = rect(page, BAR), rect(page, HEADER)
    assert bar["top"] >= header["bottom"] - 0.5, (bar, header)  # not under the header
    assert bar["bottom"] <= height and bar["top"] >= 0, bar  # in the viewport
    # nothing else is drawn over its middle: the timer and the Finish button are reachable
    on_top = page.evaluate("s => { const b = document.querySelector(s).getBoundingClientRect();"
                           " return document.elementFromPoint(b.left + 4, (b.top + b.bottom) / 2)"
                           ".closest(s) !== null; }", BAR)
    assert on_top
    assert page.get_by_role("timer").is_visible()
    assert page.get_by_role("button", name=words["exam_finish"]).is_visible()
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_finish_with_unanswered_questions_asks_first(quiz_site: Path, base: str, lang: str,
                                                     watched_page: WatchedPage) -> None:
    words, truth = config_of(quiz_site / lang / "mock-exam.html")["ui"], answers(lang)
    page = watched_page.page
    open_page(watched_page, f"{base}{lang}/mock-exam.html", ready=".tdc-quiz button")
    qids = start_exam(page, words)
    answer_right(card(page, qids[0]), truth[qids[0]])
    finish = page.get_by_role("button", name=words["exam_finish"])
    finish.click()
    dialog = page.get_by_role("alertdialog")
    assert dialog.is_visible()
    assert fmt(words["exam_unanswered"], open=EXAM_COUNT - 1,
               total=EXAM_COUNT) in dialog.inner_text()
    assert page.evaluate("document.activeElement.textContent") == words["exam_back"]
    page.keyboard.press("Escape")  # cancels: back to the exam, focus on Finish
    assert not dialog.is_visible()
    assert page.evaluate("document.activeElement.textContent") == words["exam_finish"]
    assert page.locator("section.tdc-q").count() == EXAM_COUNT
    finish.click()
    page.get_by_role("button", name=words["exam_back"]).click()
    assert not dialog.is_visible() and page.get_by_role("timer").is_visible()
    finish.click()
    page.get_by_role("button", name=words["exam_finish_anyway"], exact=True).click()
    page.get_by_role("heading", name=words["exam_result"]).wait_for()
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_exam_states_its_pass_mark_and_mix_before_the_start(
        quiz_site: Path, base: str, lang: str, watched_page: WatchedPage) -> None:
    config = config_of(quiz_site / lang / "mock-exam.html")
    words, truth = config["ui"], answers(lang)
    page = open_page(watched_page, f"{base}{lang}/mock-exam.html", ready=".tdc-quiz button")
    text = page.locator(".tdc-quiz").inner_text()
    need = math.ceil(EXAM_COUNT * PASS_MARK)
    assert fmt(words["exam_intro"], count=EXAM_COUNT, minutes=config["timeLimit"],
               need=need, **{"pass": round(PASS_MARK * 100)}) in text
    table = page.get_by_role("table", name=words["exam_mix"])
    rows = table.locator("tr").all()[1:]
    by_topic = {}
    for topic in config["topics"]:
        by_topic[topic["title"]] = sum(1 for q in truth.values() if q["topic"] == topic["id"])
    low = high = 0
    ranges = {}
    joiner = words["exam_mix_range"].split("}")[1].split("{")[0]
    for row in rows:
        counts = [int(n) for n in row.locator("td").inner_text().replace(joiner, " ").split()]
        ranges[row.locator("th").inner_text()] = (counts[0], counts[-1])
        low, high = low + counts[0], high + counts[-1]
    assert low <= EXAM_COUNT <= high
    for title, (least, _most) in ranges.items():
        assert by_topic[title] >= least, title
    # the draw keeps to the stated mix
    qids = start_exam(page, words)
    for topic in config["topics"]:
        drawn = sum(1 for q in qids if truth[q]["topic"] == topic["id"])
        least, most = ranges.get(topic["title"], (0, 0))
        assert least <= drawn <= most, topic["id"]
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_practice_set_of_the_chosen_size_and_chapters(quiz_site: Path, base: str, lang: str,
                                                     watched_page: WatchedPage) -> None:
    config = config_of(quiz_site / lang / "practice.html")
    words, truth = config["ui"], answers(lang)
    page = open_page(watched_page, f"{base}{lang}/practice.html", ready=".tdc-quiz button")
    assert page.locator("section.tdc-q").count() == 0  # nothing drawn before the start
    pool = {t: [q for q in truth if truth[q]["topic"] == t] for t in config["counts"]}
    chosen = sorted((t for t in pool if pool[t]), key=lambda t: -len(pool[t]))[:2]
    for box in page.locator(".tdc-topics input[type=checkbox]").all():
        box.set_checked(box.get_attribute("value") in chosen)
    page.get_by_label("10", exact=True).check()
    page.get_by_role("button", name=words["practice_start"]).click()
    size = min(10, sum(len(pool[t]) for t in chosen))
    seen: list[str] = []
    for n in range(1, size + 1):
        section = page.locator("section.tdc-q")
        section.wait_for()
        assert section.locator("h3").inner_text() == fmt(words["question"], n=n, total=size)
        qid = section.get_attribute("data-qid") or ""
        if n == 3:  # a reload keeps the set where it was
            page.reload(wait_until="load")
            section.wait_for()
            assert section.get_attribute("data-qid") == qid
        assert truth[qid]["topic"] in chosen and qid not in seen
        seen.append(qid)
        if n % 2:
            answer_right(section, truth[qid])
        else:
            wrong = next((c for c in truth[qid].get("choices", []) if not c.get("correct")), None)
            if wrong is None:
                section.locator("input[type=number]").fill("-1")
            else:
                section.locator(f'input[value="{wrong["id"]}"]').check()
        section.get_by_role("button", name=words["check"]).click()
        last = words["practice_see_summary"] if n == size else words["practice_next"]
        page.get_by_role("button", name=last).click()
    heading = page.get_by_role("heading", name=words["practice_done"])
    heading.wait_for()
    summary = page.get_by_role("region", name=words["practice_done"])
    kept = stored(page, lang)[f"{PREFIX}{lang}:practice:practice"]["a"]
    right = sum(1 for q in seen if kept[q]["correct"])
    assert fmt(words["practice_score"], right=right, total=size,
               percent=round(100 * right / size)) in summary.inner_text()
    titles = {t["id"]: t["title"] for t in config["topics"]}
    for topic in {truth[q]["topic"] for q in seen}:
        got = sum(1 for q in seen if truth[q]["topic"] == topic)
        assert summary.locator("tr", has_text=titles[topic]).locator("td").inner_text().endswith(
            f"/ {got}")
    page.get_by_role("button", name=words["practice_new"]).click()
    page.get_by_role("button", name=words["practice_start"]).wait_for()
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_progress_page_export_and_reset(quiz_site: Path, base: str, lang: str,
                                        watched_page: WatchedPage, tmp_path: Path) -> None:
    truth = answers(lang)
    page = watched_page.page
    # a chapter quiz question answered right
    chapter_words = config_of(quiz_site / lang / f"chapters/{CHAPTER}.html")["ui"]
    open_page(watched_page, f"{base}{lang}/chapters/{CHAPTER}.html")
    qid = page.locator("section.tdc-q").first.get_attribute("data-qid") or ""
    answer_right(card(page, qid), truth[qid])
    card(page, qid).get_by_role("button", name=chapter_words["check"]).click()
    card(page, qid).locator(".tdc-fb h4").wait_for()
    # a mock exam finished with nothing answered: every question of it wrong
    exam = config_of(quiz_site / lang / "mock-exam.html")["ui"]
    open_page(watched_page, f"{base}{lang}/mock-exam.html", ready=".tdc-quiz button")
    exam_qids = start_exam(page, exam)
    page.get_by_role("button", name=exam["exam_finish"]).click()
    page.get_by_role("button", name=exam["exam_finish_anyway"], exact=True).click()
    page.get_by_role("heading", name=exam["exam_result"]).wait_for()

    # each question counts once, by its latest answer (the exam's, if it drew the same one)
    def tally(keys_of: Callable[[str], Any]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for q in {qid, *exam_qids}:
            for key in keys_of(q):
                entry = out.setdefault(key, [0, 0])
                entry[0] += 1
                entry[1] += int(q == qid and q not in exam_qids)
        return out

    def cells(entry: list[int]) -> list[str]:
        return [str(entry[0]), f"{entry[1]} ({math.floor(100 * entry[1] / entry[0] + 0.5)}%)"]

    by_topic = tally(lambda q: [truth[q]["topic"]])
    by_law = tally(lambda q: _laws(truth[q]))
    config = config_of(quiz_site / lang / "progress.html")
    words = config["ui"]
    open_page(watched_page, f"{base}{lang}/progress.html", ready=".tdc-quiz button")
    tables = page.locator(".tdc-quiz table")
    titles = {t["id"]: t for t in config["topics"]}
    for topic in titles.values():
        row = tables.nth(0).locator("tr").filter(has=page.get_by_text(topic["title"], exact=True))
        got = row.locator("td").all_inner_texts()
        assert got[:2] == (cells(by_topic[topic["id"]]) if topic["id"] in by_topic
                           else ["0", "—"]), topic["id"]
        if topic["id"] in by_topic:
            assert got[2] != "—"  # the date of the last attempt
    for law, entry in by_law.items():
        row = tables.nth(1).locator("tr").filter(
            has=page.get_by_text(fmt(words["progress_law"], law=law), exact=True))
        assert row.locator("td").all_inner_texts()[:2] == cells(entry), law
    assert tables.nth(1).locator("tr").count() == len(by_law) + 1
    exams = tables.nth(2)
    assert exams.get_by_text(fmt(words["progress_score"], right=0, total=EXAM_COUNT,
                                 percent=0)).is_visible()
    assert exams.get_by_text(words["progress_failed"]).is_visible()
    # what to revisit: first the chapter with the lowest share right, linked to its chapter
    worst = sorted((k for k, e in by_topic.items() if e[1] < e[0]),
                   key=lambda k: (by_topic[k][1] / by_topic[k][0], -by_topic[k][0], k))
    first = page.locator(".tdc-quiz ul li").first
    assert first.inner_text().startswith(titles[worst[0]]["title"])
    if titles[worst[0]].get("href"):
        assert first.get_by_role("link", name=words["progress_read"]).get_attribute(
            "href") == titles[worst[0]]["href"]

    with page.expect_download() as info:
        page.get_by_role("button", name=words["progress_export"]).click()
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    data: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "tdcourse-progress" and data["lang"] == lang
    assert any(qid in r.get("a", {}) for r in data["records"].values())
    assert {c["topic"]: [c["answered"], c["right"]] for c in data["chapters"]} == by_topic
    assert {c["law"]: [c["answered"], c["right"]] for c in data["laws"]} == by_law
    assert [(e["right"], e["total"], e["passed"]) for e in data["exams"]] == [
        (0, EXAM_COUNT, False)]

    page.get_by_role("button", name=words["reset"], exact=True).click()
    assert page.get_by_role("group", name=words["progress_reset_confirm"]).is_visible()
    page.get_by_role("button", name=words["confirm_yes"], exact=True).click()
    page.get_by_text(words["progress_nothing"]).wait_for()
    assert stored(page, lang) == {}
    assert page.locator(".tdc-quiz table").count() == 1  # no law, no exam: only the chapters
    assert set(page.locator(".tdc-quiz table td:first-of-type").all_inner_texts()) == {"0"}

    # the file loads back
    page.locator(".tdc-quiz input[type=file]").set_input_files(target)
    page.get_by_text(fmt(words["progress_imported"], n=len(data["records"]))).wait_for()
    assert set(stored(page, lang)) == set(data["records"])
    watched_page.assert_clean()


def test_progress_page_works_from_disk(quiz_site: Path, watched_page: WatchedPage) -> None:
    """Opened as files (no server): an answer given on a chapter page shows on the progress
    page, as over http."""
    lang, truth = "ru", answers("ru")
    watched_page.page.route(lambda url: url.startswith("file:"), lambda route: route.continue_())
    page = open_page(watched_page, (quiz_site / lang / "chapters" / f"{CHAPTER}.html").as_uri())
    qid = page.locator("section.tdc-q").first.get_attribute("data-qid") or ""
    answer_right(card(page, qid), truth[qid])
    words = config_of(quiz_site / lang / f"chapters/{CHAPTER}.html")["ui"]
    card(page, qid).get_by_role("button", name=words["check"]).click()
    card(page, qid).locator(".tdc-fb h4").wait_for()
    config = config_of(quiz_site / lang / "progress.html")
    open_page(watched_page, (quiz_site / lang / "progress.html").as_uri(),
              ready=".tdc-quiz button")
    title = next(t["title"] for t in config["topics"] if t["id"] == truth[qid]["topic"])
    row = page.locator(".tdc-quiz table").first.locator("tr").filter(
        has=page.get_by_text(title, exact=True))
    assert row.locator("td").all_inner_texts()[:2] == ["1", "1 (100%)"]
    assert not [u for u in watched_page.requests if "/_tdc/" in u]  # no bank needed
    watched_page.assert_clean(allow_file=True)


#: Lines of text per header cell, and the words in it: a word broken across lines gives more
#: lines than words.
HEADER_LINES = """() => [...document.querySelectorAll('.tdc-quiz table th')].map(th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [th.innerText, tops.size, th.innerText.trim().split(/\\s+/).length];
})"""


@pytest.mark.parametrize("lang", LANGS)
def test_progress_tables_keep_their_headers_whole_on_a_phone(
        quiz_site: Path, base: str, lang: str, watched_page: WatchedPage) -> None:
    """At 375 px the tables scroll sideways instead of breaking header words letter by letter
    (the page itself stays as wide as the screen)."""
    page = watched_page.page
    page.set_viewport_size({"width": 375, "height": 740})
    open_page(watched_page, f"{base}{lang}/progress.html", ready=".tdc-quiz table")
    cells = page.evaluate(HEADER_LINES)
    assert cells
    for text, lines, words in cells:
        assert lines <= words, (text, lines, words)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    watched_page.assert_clean()
