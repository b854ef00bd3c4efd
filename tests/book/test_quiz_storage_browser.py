"""The quiz widget's saved progress in real Chromium: whatever localStorage holds, the quiz starts.

Each widget keeps one record in localStorage (``tdcourse:v1:<lang>:<id>``). Another version, a
hand edit or a broken browser can leave anything there, and valid JSON of the wrong shape used to
stop the widget for good ("could not start", no way out). Here every hostile value (the issue's
``{}``, ``5``, ``{"run":{}}``, ``{"seen":null}``, ..., wrong types in every field of the record the
widget itself wrote, a huge string, text that is not JSON) is put under the widget's key before
the page loads (an init script copies it from sessionStorage on the next load, so one page serves
every value), and the chapter quiz, the practice page and the mock exam must each: start (a
question is shown and can be answered), say once that the saved progress was discarded, have
replaced the bad value, and throw nothing. The record the widget wrote itself is read back without
that note; a browser that refuses storage altogether runs the quiz, silently.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from quizsite import CHAPTER, config_of

from generator.book.pdf import chromium_path

if TYPE_CHECKING:  # the fixtures' types (conftest.py, Playwright); never imported at run time
    from conftest import WatchedPage
    from playwright.sync_api import Page

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")

PAGES = {"chapter": (f"chapters/{CHAPTER}.html", f"chapter:chapters/{CHAPTER}"),
         "practice": ("practice.html", "practice:practice"),
         "exam": ("mock-exam.html", "exam:mock-exam")}
#: Math.random seeded (Park-Miller), so that practice and the exam draw the same every run.
SEEDED_RANDOM = """(() => {
  let seed = 20251;
  Math.random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
})();"""
SEED = """(() => {
  const seed = sessionStorage.getItem('tdc-test-seed');
  if (seed === null) return;
  sessionStorage.removeItem('tdc-test-seed');
  const [key, value] = JSON.parse(seed);
  localStorage.setItem(key, value);
})();"""
NO_STORAGE = """Object.defineProperty(window, 'localStorage', {configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""
#: Hostile records whatever the mode (raw localStorage strings).
ANY = ["{}", "5", "null", '"x"', "[]", "true", "0", "{not json", "", "[" * 10_000 + "]" * 10_000,
       json.dumps("x" * 1_000_000), '{"__proto__": {"a": {}}}', '{"run":{}}', '{"seen":null}',
       '{"seen":[1,2]}', '{"a":null}', '{"hist":{}}']


@pytest.fixture
def base(quiz_site: Path, serve: Callable[[Path], str]) -> str:
    return serve(quiz_site)


def wrong(value: Any) -> list[Any]:
    """Values of other types than ``value`` (the widget's record holds each field's own)."""
    if isinstance(value, bool):
        return ["yes"]
    if isinstance(value, (int, float)):  # (-1 is wrong for a count, right for an answer)
        return ["1"]
    if isinstance(value, str):
        return [5]
    if isinstance(value, list):
        return [{}]
    return [[]]


def mutations(root: Any) -> Iterator[tuple[str, Any]]:
    """Every field of the record ``root`` (at any depth; the first item of a list) replaced by
    values of the wrong type, and an unknown field added to each mapping: (where, new record)."""
    def put(path: tuple[Any, ...], value: Any) -> Any:
        copy = json.loads(json.dumps(root))
        node = copy
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value
        return copy

    def walk(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[str, Any]]:
        where = "/".join(map(str, path))
        if path:
            yield from ((where, put(path, other)) for other in wrong(value))
        if isinstance(value, dict):
            # (a field of no record, or an entry of no record's shape under an id)
            extra = {**value, "extra": {"unknown": True}}
            yield f"{where}/+extra", extra if not path else put(path, extra)
            for key, item in value.items():
                yield from walk(item, (*path, key))
        elif isinstance(value, list) and value:
            yield from walk(value[0], (*path, 0))

    yield from walk(root, ())


def stored(page: Page, key: str) -> str | None:
    value: str | None = page.evaluate("k => localStorage.getItem(k)", key)
    return value


def answer_first(page: Page, words: dict[str, str], check: bool) -> None:
    """Answer the first question shown (and check it, where the mode checks one at a time)."""
    section = page.locator("section.tdc-q").first
    section.wait_for()
    field = section.locator("input").first
    if field.get_attribute("type") == "number":
        field.fill("1")
    else:
        field.check()
    if check:
        section.get_by_role("button", name=words["check"]).click()
        section.locator(".tdc-fb h4").wait_for()


def start(page: Page, mode: str, words: dict[str, str]) -> None:
    """The quiz starts and takes an answer: checked (chapter, practice: in a new set unless
    one is under way), or counted (exam)."""
    if mode == "exam":
        page.get_by_role("button", name=words["exam_start"]).click()
        answer_first(page, words, check=False)
        count = page.locator(".tdc-quiz .tdc-sticky p").nth(1)
        assert count.inner_text().startswith(words["exam_answered"].split("{")[0] or "1")
    else:
        if mode == "practice" and page.locator("section.tdc-q").count() == 0:  # a new set
            page.get_by_role("button", name=words["practice_start"]).click()
        answer_first(page, words, check=True)


@pytest.mark.parametrize("mode", list(PAGES))
def test_hostile_saved_progress_is_discarded_and_the_quiz_starts(
        quiz_site: Path, base: str, mode: str, watched_page: WatchedPage) -> None:
    lang = "en"
    name, quiz_id = PAGES[mode]
    key = f"tdcourse:v1:{lang}:{quiz_id}"
    words = config_of(quiz_site / lang / name)["ui"]
    note = words["saved_discarded"]
    page = watched_page.page
    page.add_init_script(SEEDED_RANDOM)
    page.add_init_script(SEED)
    url = f"{base}{lang}/{name}"
    page.goto(url, wait_until="load")
    page.locator(".tdc-quiz button").first.wait_for()

    # the record the widget writes itself is read back as it was, without a note
    start(page, mode, words)
    own = stored(page, key)
    assert own is not None
    page.reload(wait_until="load")
    page.locator("section.tdc-q").first.wait_for()
    assert page.get_by_text(note).count() == 0
    after = stored(page, key)
    if mode == "practice" and after is not None:
        # a practice set draws each question when it is first shown: the reload, showing the
        # next question, may add that one question's id (to the set and to those seen)
        now, was = json.loads(after), json.loads(own)
        ids, were = now["set"]["ids"], was["set"]["ids"]
        assert ids[:len(were)] == were and len(ids) <= len(were) + 1
        assert all(set(v) <= set(now["seen"].get(t, ())) for t, v in was["seen"].items())
        assert now == {**was, "set": {**was["set"], "ids": ids}, "seen": now["seen"]}
    else:
        assert after == own
    if mode == "chapter":
        assert page.locator(".tdc-fb h4").count() == 1

    record = json.loads(own)
    hostile = [(repr(v[:40]), v) for v in ANY]
    hostile += [(where, json.dumps(changed)) for where, changed in mutations(record)]
    assert len(hostile) > 20
    for where, value in hostile:
        page.evaluate("s => sessionStorage.setItem('tdc-test-seed', s)", json.dumps([key, value]))
        page.goto(url)  # not reload(), which fetches every file again: the cache serves them
        shown = page.get_by_text(note, exact=True)
        try:
            shown.wait_for(timeout=5000)
        except Exception as error:  # Playwright's TimeoutError: say which value it was
            raise AssertionError(f"{mode}: no note for {where}: {watched_page.page_errors}") \
                from error
        assert shown.count() == 1, where
        assert shown.get_attribute("role") == "status"
        assert page.get_by_role("alert").count() == 0, where  # not "could not start"
        assert stored(page, key) != value, where  # removed, or replaced by a fresh record
        start(page, mode, words)
        # said once: answering does not repeat it (the exam's and the practice set's start
        # move on to their questions)
        assert shown.count() == (mode == "chapter"), where
        fresh = stored(page, key)
        assert fresh is not None and fresh != value, where
        assert watched_page.page_errors == [], (where, watched_page.page_errors)
    # and the next load starts from the fresh record, with nothing to say
    page.reload(wait_until="load")
    page.locator(".tdc-quiz button").first.wait_for()
    assert page.get_by_text(note).count() == 0
    watched_page.assert_clean()


def test_the_note_is_in_russian_on_russian_pages(quiz_site: Path, base: str,
                                                watched_page: WatchedPage) -> None:
    name, quiz_id = PAGES["chapter"]
    words = config_of(quiz_site / "ru" / name)["ui"]
    assert words["saved_discarded"].startswith("Сохранённый прогресс")
    page = watched_page.page
    page.add_init_script(f"localStorage.setItem('tdcourse:v1:ru:{quiz_id}', '{{\"a\":5}}')")
    page.goto(f"{base}ru/{name}", wait_until="load")
    page.get_by_text(words["saved_discarded"], exact=True).wait_for()
    start(page, "chapter", words)
    watched_page.assert_clean()


def test_a_browser_that_refuses_storage_runs_every_quiz_silently(
        quiz_site: Path, base: str, watched_page: WatchedPage) -> None:
    page = watched_page.page
    page.add_init_script(NO_STORAGE)
    for mode, (name, _) in PAGES.items():
        words = config_of(quiz_site / "en" / name)["ui"]
        page.goto(f"{base}en/{name}", wait_until="load")
        page.locator(".tdc-quiz button").first.wait_for()
        assert page.evaluate("() => { try { localStorage; return 'kept'; }"
                             " catch (e) { return e.name; } }") == "SecurityError"
        start(page, mode, words)
        assert page.get_by_text(words["saved_discarded"]).count() == 0, mode
        assert page.get_by_role("alert").count() == 0, mode
    # no watched_page.assert_clean(): the theme's own scripts (pydata-sphinx-theme) throw
    # without storage; the widget's part is that every quiz above ran
