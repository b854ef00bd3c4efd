"""The quiz widget (``generator/book/static/tdcourse-quiz*.js``) in real Chromium, both languages.

The small quiz site (``quizsite.py``, fixture ``quiz_site``) is built once per session and served
on 127.0.0.1; each test opens its pages in a fresh browser context (``watched_page``: its own
storage, console errors and requests recorded). The tests know the right answers from
``quizsite.answers`` and the interface text from the page's own configuration, never from the
widget. They drive the widget as a learner would: click or type an answer, Check, read the
feedback; reload; reset; draw practice questions; sit the mock exam under a fake clock
(``page.clock``) and download its result.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from quizsite import (
    AUCTION_ID,
    CHAPTER,
    EXAM_COUNT,
    EXAM_MINUTES,
    HOSTILE_ID,
    HOSTILE_TEXT,
    LANGS,
    PASS_MARK,
    answers,
    chapter_selection,
    config_of,
)

from generator.book.examples import symbols
from generator.book.pdf import chromium_path
from generator.book.quizdata import key_of, segments_text, web_question

if TYPE_CHECKING:  # the fixtures' types (conftest.py, Playwright); never imported at run time
    from conftest import WatchedPage
    from playwright.sync_api import Dialog, Locator, Page

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")

CHAPTER_PAGE = f"chapters/{CHAPTER}.html"
PREFIX = "tdcourse:v1:"



@pytest.fixture
def base(quiz_site: Path, serve: Callable[[Path], str]) -> str:
    return serve(quiz_site)


# --- helpers -------------------------------------------------------------------------------------


def fmt(template: str, **values: Any) -> str:
    """The widget's placeholder filling, for the expected texts."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


def ui(quiz_site: Path, lang: str, page: str = CHAPTER_PAGE) -> dict[str, str]:
    return dict(config_of(quiz_site / lang / page)["ui"])


def open_page(watched: WatchedPage, url: str, ready: str = ".tdc-q") -> Page:
    """Open ``url`` and wait for the widget."""
    page = watched.page
    page.goto(url, wait_until="load")
    page.locator(ready).first.wait_for()
    return page


def card(page: Page, qid: str) -> Locator:
    return page.locator(f'section.tdc-q[data-qid="{qid}"]')


def right_choices(question: dict[str, Any]) -> list[str]:
    return [str(c["id"]) for c in question.get("choices", []) if c.get("correct")]


def answer_right(section: Locator, question: dict[str, Any]) -> None:
    if question["type"] == "number":
        section.locator("input[type=number]").fill(str(question["answer"]))
        return
    for cid in right_choices(question):
        section.locator(f'input[value="{cid}"]').check()


def wrong_choice(question: dict[str, Any]) -> dict[str, Any] | None:
    """A wrong choice that has a "why" (the first one), if any."""
    return next((c for c in question.get("choices", []) if not c.get("correct") and c.get("why")),
                None)


def shown(text: str, lang: str) -> str:
    """A data text as the learner reads it (suit symbols), i.e. the key's segments as text."""
    return segments_text(key_of({"choices": [], "explanation": text}, lang)["e"])


def hidden_texts(question: dict[str, Any], lang: str) -> list[str]:
    """The texts a page must not hold before the learner checks: explanation and why-texts."""
    texts = [str(question["explanation"]), shown(str(question["explanation"]), lang)]
    for choice in question.get("choices", []):
        if choice.get("why"):
            texts += [str(choice["why"]), shown(str(choice["why"]), lang)]
    return [t for t in texts if len(t) > 12]


def stored(page: Page, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate(
        "prefix => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(prefix))"
        ".map(k => [k, JSON.parse(localStorage.getItem(k))]))", PREFIX + lang + ":")
    return data


# --- chapter quiz --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_chapter_quiz_grades_explains_restores_and_resets(quiz_site: Path, base: str, lang: str,
                                                         watched_page: WatchedPage) -> None:
    words, truth = ui(quiz_site, lang), answers(lang)
    selection = chapter_selection(lang)
    page = open_page(watched_page, f"{base}{lang}/{CHAPTER_PAGE}")
    qids = page.locator("section.tdc-q").evaluate_all("s => s.map(e => e.dataset.qid)")
    assert qids == [q["id"] for q in selection]
    total = len(qids)
    assert page.locator("section.tdc-q h3").first.inner_text() == fmt(words["question"], n=1,
                                                                        total=total)
    # nothing graded yet: every Check disabled, the feedback regions empty
    assert page.get_by_role("button", name=words["check"], exact=True).count() == total
    assert all(b.is_disabled() for b in page.get_by_role("button", name=words["check"]).all())
    assert page.locator(".tdc-fb *").count() == 0

    single = next(q for q in selection if q["type"] == "single" and q["id"] != HOSTILE_ID)
    other = next(q for q in selection if q["id"] not in (single["id"], HOSTILE_ID)
                 and wrong_choice(q))
    numbers = [q for q in selection if q["type"] == "number"]

    # right: the verdict, the right answer marked, the explanation linked to the law index
    section = card(page, single["id"])
    answer_right(section, single)
    section.get_by_role("button", name=words["check"]).click()
    feedback = section.locator(".tdc-fb")
    assert feedback.locator("h4").inner_text() == words["right"]
    assert page.evaluate("document.activeElement.tagName") == "H4"
    assert section.locator("label.tdc-right input").get_attribute("value") == \
        right_choices(single)[0]
    key = key_of(truth[single["id"]], lang)
    assert segments_text(key["e"]) in (feedback.text_content() or "")
    refs = [part[0] for part in key["e"] if isinstance(part, list)]
    assert refs, f"{single['id']}: the explanation cites no clause"
    hrefs = feedback.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert hrefs == [f"../law-index.html#law-{ref}" for ref in refs]
    absolute = feedback.locator("a").first.evaluate("a => a.href")
    assert absolute == f"{base}{lang}/law-index.html#law-{refs[0]}"

    # wrong: the learner's choice and the right one marked, why the choice is wrong
    section = card(page, other["id"])
    choice = wrong_choice(other)
    assert choice is not None
    section.locator(f'input[value="{choice["id"]}"]').check()
    section.get_by_role("button", name=words["check"]).click()
    feedback = section.locator(".tdc-fb")
    assert feedback.locator("h4").inner_text() == words["wrong"]
    text = feedback.text_content() or ""
    assert fmt(words["why_wrong"], choice=symbols(str(choice["text"]), lang)) in text
    assert shown(str(choice["why"]), lang) in text
    rights = [c for c in other["choices"] if c.get("correct")]
    marked = section.locator("label.tdc-right").evaluate_all(
        "ls => ls.map(l => l.querySelector('input').value)")
    assert marked == [c["id"] for c in rights]
    assert section.locator("label.tdc-chosen input").get_attribute("value") == choice["id"]
    if other["type"] == "multiple":  # the right ones missed are named too
        for missed in rights:
            assert fmt(words["also_right"], choice=symbols(str(missed["text"]), lang)) in text

    right = 1
    for question in numbers[:1]:  # a number question, answered right by typing
        section = card(page, question["id"])
        check = section.get_by_role("button", name=words["check"])
        assert check.is_disabled()
        section.locator("input[type=number]").fill(str(truth[question["id"]]["answer"]))
        assert check.is_enabled()
        check.click()
        assert section.locator(".tdc-fb h4").inner_text() == words["right"]
        right += 1
    answered = 2 + len(numbers[:1])
    score = fmt(words["chapter_score"], right=right, total=total, answered=answered)
    assert page.get_by_text(score, exact=True).is_visible()
    saved = stored(page, lang)[f"{PREFIX}{lang}:chapter:chapters/{CHAPTER}"]["a"]
    assert saved[single["id"]]["correct"] is True and saved[other["id"]]["correct"] is False
    assert saved[other["id"]]["answer"] == [choice["id"]]

    # a reload restores the answers and their feedback
    page.reload(wait_until="load")
    page.locator(".tdc-fb h4").nth(answered - 1).wait_for()
    assert page.locator(".tdc-fb h4").count() == answered
    assert card(page, single["id"]).locator(".tdc-fb h4").inner_text() == words["right"]
    other_card = card(page, other["id"])
    assert other_card.locator(f'input[value="{choice["id"]}"]').is_checked()
    assert other_card.locator(f'input[value="{choice["id"]}"]').is_disabled()
    assert shown(str(choice["why"]), lang) in (other_card.text_content() or "")
    assert page.get_by_text(score, exact=True).is_visible()

    # reset asks first; No (or Escape) keeps everything, Yes forgets it
    reset = page.get_by_role("button", name=words["reset"], exact=True)
    reset.click()
    assert page.get_by_role("group", name=words["reset_confirm"]).is_visible()
    page.keyboard.press("Escape")
    assert reset.is_visible() and page.evaluate("document.activeElement.textContent") == \
        words["reset"]
    reset.click()
    page.get_by_role("button", name=words["confirm_yes"], exact=True).click()
    assert page.locator(".tdc-fb h4").count() == 0
    assert page.get_by_text(fmt(words["chapter_score"], right=0, total=total, answered=0),
                            exact=True).is_visible()
    assert not card(page, other["id"]).locator("input:checked").count()
    assert stored(page, lang) == {}
    page.reload(wait_until="load")
    page.locator(".tdc-q").first.wait_for()
    assert page.locator(".tdc-fb h4").count() == 0
    watched_page.assert_clean()


def test_chapter_quiz_works_with_the_keyboard_alone(quiz_site: Path, base: str,
                                                   watched_page: WatchedPage) -> None:
    words, truth = ui(quiz_site, "en"), answers("en")
    page = open_page(watched_page, f"{base}en/{CHAPTER_PAGE}")
    question = next(q for q in chapter_selection("en") if q["type"] == "single")
    section = card(page, question["id"])
    right = right_choices(truth[question["id"]])[0]
    section.locator("input[type=radio]").first.focus()
    page.keyboard.press("Space")
    position = [c["id"] for c in question["choices"]].index(right)
    for _ in range(position):
        page.keyboard.press("ArrowDown")
    assert section.locator(f'input[value="{right}"]').is_checked()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == words["check"]
    page.keyboard.press("Enter")
    section.locator(".tdc-fb h4").wait_for()
    focused = page.evaluate("[document.activeElement.tagName, document.activeElement.textContent]")
    assert focused == ["H4", words["right"]]
    # the feedback region is announced; the card is a labelled region
    assert section.locator(".tdc-fb").get_attribute("role") == "status"
    assert section.locator(".tdc-fb").get_attribute("aria-live") == "polite"
    label = section.get_attribute("aria-labelledby") or ""
    qids = [q["id"] for q in chapter_selection("en")]
    assert page.locator(f"#{label}").inner_text() == fmt(
        words["question"], n=qids.index(question["id"]) + 1, total=len(qids))
    # the hands are told to screen readers in words
    said = section.locator(".tdc-sr").first.text_content() or ""
    assert "North: spades " in said and "; hearts " in said
    watched_page.assert_clean()


def test_multiple_choice_and_number_questions_work_with_the_keyboard_alone(
        quiz_site: Path, base: str, watched_page: WatchedPage) -> None:
    """Checkboxes: Tab from box to box, Space ticks; the Check button follows the last box. A
    number: type it, and Enter checks, as in a form."""
    words, truth = ui(quiz_site, "en"), answers("en")
    page = open_page(watched_page, f"{base}en/{CHAPTER_PAGE}")
    selection = chapter_selection("en")
    multiple = next(q for q in selection if q["type"] == "multiple")
    section = card(page, multiple["id"])
    right = right_choices(truth[multiple["id"]])
    boxes = section.locator("input[type=checkbox]")
    boxes.first.focus()
    for choice in multiple["choices"]:
        assert page.evaluate("document.activeElement.value") == choice["id"]
        if choice["id"] in right:
            page.keyboard.press("Space")
        page.keyboard.press("Tab")
    assert [b.is_checked() for b in boxes.all()] == [c["id"] in right
                                                     for c in multiple["choices"]]
    assert page.evaluate("document.activeElement.textContent") == words["check"]
    page.keyboard.press("Enter")
    section.locator(".tdc-fb h4").wait_for()
    assert page.evaluate("document.activeElement.textContent") == words["right"]

    number = next(q for q in selection if q["type"] == "number")
    section = card(page, number["id"])
    field = section.locator("input[type=number]")
    field.focus()
    page.keyboard.press("Enter")  # nothing typed: nothing to check
    assert section.locator(".tdc-fb").inner_text() == ""
    page.keyboard.type(str(int(truth[number["id"]]["answer"]) + 10))
    page.keyboard.press("Enter")
    section.locator(".tdc-fb h4").wait_for()
    assert page.evaluate("document.activeElement.textContent") == words["wrong"]
    assert field.is_disabled()
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_and_the_play_are_drawn_by_seat(quiz_site: Path, base: str, lang: str,
                                                   watched_page: WatchedPage) -> None:
    """East deals and changes 1S to 1NT (``quizsite.auction_question``): each call in its
    seat's column, a new row whenever a call is not right of the last one, the changed call
    noted from the catalog; the play in tricks of four."""
    config = config_of(quiz_site / lang / CHAPTER_PAGE)
    words, names = config["ui"], config["names"]
    page = open_page(watched_page, f"{base}{lang}/{CHAPTER_PAGE}")
    section = card(page, AUCTION_ID)
    table = section.locator("table.tdc-auction")
    assert table.locator("caption").inner_text() == words["auction"]
    assert table.locator("th").all_inner_texts() == [names["seats"][s] for s in "WNES"]
    rows = table.locator("tr").evaluate_all(
        "rs => rs.slice(1).map(r => [...r.cells].map(c => c.textContent))")
    calls = names["calls"]
    assert rows == [["", "", "1♣", calls["P"]],
                    ["1♥", calls["P"], "1♠", ""],
                    ["", "", f"1{names['nt']} ({words['changed']})", calls["P"]],
                    [calls["P"], calls["P"], "", ""]]
    assert section.locator("table.tdc-auction i").count() == 1
    plays = section.locator("ol.tdc-play li").all_text_contents()
    letter = names["letters"]
    assert plays == [f"{letter['S']} ♠7, {letter['W']} ♠2, {letter['N']} ♠A, {letter['E']} ♠8",
                     f"{letter['N']} ♥10"]
    assert words["play"] in (section.locator(".tdc-small", has=page.locator("ol")).text_content()
                             or "")
    # a question without play has no play list
    bare = next(q for q in chapter_selection(lang) if not web_question(q, lang)["play"])
    assert card(page, bare["id"]).locator("ol.tdc-play").count() == 0
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_question_cards_fit_a_phone_screen(quiz_site: Path, base: str, lang: str,
                                          watched_page: WatchedPage) -> None:
    """At 320 CSS pixels (the narrowest phones) no card is wider than the screen: the hands,
    the auction grid (Russian seat names, a changed call's note) and the answers stay inside
    it, and so does a 13-card suit (scrolled in the hands' own box). After checking, the
    feedback fits too."""
    page = watched_page.page
    page.set_viewport_size({"width": 320, "height": 800})
    open_page(watched_page, f"{base}{lang}/{CHAPTER_PAGE}")
    # the worst cases the widget can draw: a 13-card suit, and a changed call's note in the
    # auction grid (as the widget writes it for a call marked "!"), in its longest language and
    # in the last column
    page.evaluate("document.querySelector('.tdc-E div:last-child').textContent ="
                  " '♣ A K Q J 10 9 8 7 6 5 4 3 2'")
    page.evaluate("document.querySelector('.tdc-auction td:last-child').append("
                  "Object.assign(document.createElement('i'), {textContent: ' (изменена)'}))")
    for question in chapter_selection(lang):
        section = card(page, question["id"])
        if question["type"] == "number":
            section.locator("input[type=number]").fill("0")
        else:
            section.locator("input").first.check()
        section.get_by_role("button", name=ui(quiz_site, lang)["check"]).click()
        section.locator(".tdc-fb h4").wait_for()
    widths = page.evaluate("""() => [...document.querySelectorAll('section.tdc-q')].map(
        q => [q.dataset.qid, q.scrollWidth, q.clientWidth, q.getBoundingClientRect().right])""")
    assert widths
    for qid, scroll, client, right in widths:
        assert scroll <= client and right <= 320, (qid, scroll, client, right)
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_answers_are_not_in_the_page_before_check(quiz_site: Path, base: str, lang: str,
                                                  watched_page: WatchedPage) -> None:
    truth = answers(lang)
    page = open_page(watched_page, f"{base}{lang}/{CHAPTER_PAGE}")
    html, text = page.content(), page.locator("body").inner_text()
    for question in chapter_selection(lang):
        for secret in hidden_texts(truth[question["id"]], lang):
            assert secret not in html and secret not in text, f"{question['id']}: {secret!r}"
    assert "data-correct" not in html and "tdc-right" not in html
    # a question of the practice page neither
    page = open_page(watched_page, f"{base}{lang}/practice.html", ready=".tdc-quiz button")
    page.get_by_role("button", name=ui(quiz_site, lang, "practice.html")["practice_start"]).click()
    qid = page.locator("section.tdc-q").get_attribute("data-qid") or ""
    html = page.content()
    for secret in hidden_texts(truth[qid], lang):
        assert secret not in html, f"{qid}: {secret!r}"
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_text_is_shown_literally(quiz_site: Path, base: str, lang: str,
                                         watched_page: WatchedPage) -> None:
    words = ui(quiz_site, lang)
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    watched_page.page.on("dialog", on_dialog)
    page = open_page(watched_page, f"{base}{lang}/{CHAPTER_PAGE}")
    section = card(page, HOSTILE_ID)
    section.locator('input[value="b"]').check()  # the wrong one: its why is hostile too
    section.get_by_role("button", name=words["check"]).click()
    section.locator(".tdc-fb h4").wait_for()
    text = section.inner_text()
    for piece in ("Context ", "Prompt ", "Right ", "Wrong ", "Explained ", "Why "):
        assert piece + HOSTILE_TEXT in text, piece
    assert "<script>window.__pwned = 1</script>" in text
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert not dialogs
    # markup from the data stayed text: no element of its own
    assert section.locator("b").evaluate_all("bs => bs.filter(b => b.textContent === 'bold')"
                                             ".length") == 0
    assert section.locator("script").count() == 0
    # the 305-character word wraps inside the card instead of widening it
    overflow = section.evaluate("s => s.scrollWidth - s.clientWidth")
    assert overflow <= 1
    watched_page.assert_clean()


# --- practice ------------------------------------------------------------------------------------


def _smallest_topic(lang: str, at_least: int = 3) -> tuple[str, list[str]]:
    by: dict[str, list[str]] = {}
    for qid, question in answers(lang).items():
        by.setdefault(str(question["topic"]), []).append(qid)
    topic = min((t for t in by if len(by[t]) >= at_least), key=lambda t: (len(by[t]), t))
    return topic, by[topic]


def _choose(page: Page, words: dict[str, str], topics: list[str], size: str) -> None:
    """Tick ``topics`` only, the set size ``size`` (its label: "10" or the word for all), and
    start the set."""
    for box in page.locator(".tdc-topics input[type=checkbox]").all():
        box.set_checked(box.get_attribute("value") in topics)
    page.get_by_label(size, exact=True).check()
    page.get_by_role("button", name=words["practice_start"]).click()


def _step(page: Page, words: dict[str, str], qid: str, last: bool) -> None:
    """Check the current question (answered with its first choice) and go on."""
    section = card(page, qid)
    field = section.locator("input").first
    if field.get_attribute("type") == "number":
        field.fill("1")
    else:
        field.check()
    section.get_by_role("button", name=words["check"]).click()
    page.get_by_role("button", name=words["practice_see_summary" if last else "practice_next"]
                     ).click()


@pytest.mark.parametrize("lang", LANGS)
def test_practice_draws_without_repeating_and_keeps_a_tally(quiz_site: Path, base: str, lang: str,
                                                            watched_page: WatchedPage) -> None:
    """A set of every question of one topic: each once; the next set of the same topic is a
    new round. The tally survives a reload and the reset forgets it."""
    words = ui(quiz_site, lang, "practice.html")
    page = open_page(watched_page, f"{base}{lang}/practice.html", ready=".tdc-quiz button")
    assert page.get_by_text(words["bank_note"]).is_visible()
    boxes = page.locator(".tdc-topics input[type=checkbox]")
    assert boxes.count() >= 1 and all(b.is_checked() for b in boxes.all())

    topic, pool = _smallest_topic(lang)
    _choose(page, words, [topic], words["practice_all"])
    drawn: list[str] = []
    for n in range(1, len(pool) + 1):
        section = page.locator("section.tdc-q")
        section.wait_for()
        assert section.locator("h3").inner_text() == fmt(words["question"], n=n, total=len(pool))
        assert page.evaluate("document.activeElement.tagName") == "H3"  # Start/Next moved focus
        drawn.append(section.get_attribute("data-qid") or "")
        _step(page, words, drawn[-1], n == len(pool))
    assert sorted(drawn) == sorted(pool), "a question repeated in the set"
    page.get_by_role("heading", name=words["practice_done"]).wait_for()
    right = sum(1 for q in drawn if stored(page, lang)[f"{PREFIX}{lang}:practice:practice"]["a"][q]
                ["correct"])
    tally = fmt(words["practice_tally"], right=right, total=len(pool))
    assert page.get_by_text(tally, exact=True).is_visible()

    # a new set of the same topic: every question was seen, so a new round, all of them again
    page.get_by_role("button", name=words["practice_new"]).click()
    _choose(page, words, [topic], "10")
    section = page.locator("section.tdc-q")
    section.wait_for()
    assert section.locator("h3").inner_text() == fmt(words["question"], n=1,
                                                     total=min(10, len(pool)))
    assert section.get_attribute("data-qid") in pool

    # no topic at all: says so, no set
    page.get_by_role("button", name=words["practice_new"]).click()
    for box in page.locator(".tdc-topics input[type=checkbox]").all():
        box.uncheck()
    page.get_by_role("button", name=words["practice_start"]).click()
    assert page.get_by_text(words["practice_none"]).is_visible()
    assert page.locator("section.tdc-q").count() == 0

    # a reload keeps the tally; reset forgets it
    page.reload(wait_until="load")
    page.get_by_role("button", name=words["practice_start"]).wait_for()
    assert page.get_by_text(tally, exact=True).is_visible()
    page.get_by_role("button", name=words["reset"], exact=True).click()
    page.get_by_role("button", name=words["confirm_yes"], exact=True).click()
    assert page.get_by_text(fmt(words["practice_tally"], right=0, total=0), exact=True).is_visible()
    assert all(b.is_checked() for b in page.locator(".tdc-topics input[type=checkbox]").all())
    watched_page.assert_clean()


def test_practice_works_from_disk(quiz_site: Path, watched_page: WatchedPage) -> None:
    """Opened as a file (no server): the bank's topic scripts load there as over http."""
    words = ui(quiz_site, "ru", "practice.html")
    # the fixture aborts every non-local URL, file: ones included; files are local here
    watched_page.page.route(lambda url: url.startswith("file:"), lambda route: route.continue_())
    page = open_page(watched_page, (quiz_site / "ru" / "practice.html").as_uri(),
                     ready=".tdc-quiz button")
    page.get_by_role("button", name=words["practice_start"]).click()
    section = page.locator("section.tdc-q")
    qid = section.get_attribute("data-qid") or ""
    assert qid in answers("ru")
    assert section.locator("h3").inner_text() == fmt(words["question"], n=1, total=20)
    names = page.evaluate("Object.keys(window.tdcBanks)")
    assert f"ru/{answers('ru')[qid]['topic']}" in names
    assert all(name.startswith("ru/") for name in names)
    watched_page.assert_clean(allow_file=True)


@pytest.mark.parametrize("lang", LANGS)
def test_practice_loads_only_the_chosen_topics_files(
        quiz_site: Path, base: str, lang: str, watched_page: WatchedPage) -> None:
    """Nothing of the bank before the start; then the files of the chosen topics only. A reload
    shows the same question of the same set again."""
    words, truth = ui(quiz_site, lang, "practice.html"), answers(lang)
    page = open_page(watched_page, f"{base}{lang}/practice.html", ready=".tdc-quiz button")
    page.wait_for_load_state("networkidle")
    assert not [u for u in watched_page.requests if "/_tdc/" in u]
    # the page's scripts: the core first, then the bank modes
    scripts = [u.split("?")[0].rsplit("/", 1)[-1] for u in watched_page.requests
               if "tdcourse-quiz" in u]
    assert scripts.index("tdcourse-quiz.js") < scripts.index("tdcourse-quiz-bank.js")
    assert page.evaluate("Object.keys(window.tdcQuiz.modes)") == ["chapter", "practice", "exam"]
    topic, pool = _smallest_topic(lang)
    _choose(page, words, [topic], "10")
    section = page.locator("section.tdc-q")
    qid = section.get_attribute("data-qid") or ""
    assert truth[qid]["topic"] == topic
    assert [u.rsplit("/", 1)[-1] for u in watched_page.requests if "/_tdc/" in u] == [
        f"bank-{topic}.js"]
    page.reload(wait_until="load")
    section.wait_for()
    assert section.get_attribute("data-qid") == qid
    assert section.locator("h3").inner_text() == fmt(words["question"], n=1,
                                                     total=min(10, len(pool)))
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_practice_over_every_chapter_shows_its_first_question_from_one_topic_file(
        quiz_site: Path, base: str, lang: str, watched_page: WatchedPage) -> None:
    """With every chapter chosen, Start draws each question's topic first: the first question
    waits for its own topic's file only (the others are fetched after it is shown)."""
    words, truth = ui(quiz_site, lang, "practice.html"), answers(lang)
    page = open_page(watched_page, f"{base}{lang}/practice.html", ready=".tdc-quiz button")
    page.get_by_role("button", name=words["practice_start"]).click()
    section = page.locator("section.tdc-q")
    section.wait_for()
    qid = section.get_attribute("data-qid") or ""
    files = [u.rsplit("/", 1)[-1] for u in watched_page.requests if "/_tdc/" in u]
    assert files[0] == f"bank-{truth[qid]['topic']}.js"
    page.wait_for_load_state("networkidle")
    later = [u.rsplit("/", 1)[-1] for u in watched_page.requests if "/_tdc/" in u]
    assert len(later) == len(set(later)) > 1  # the rest, each once, fetched meanwhile
    watched_page.assert_clean()


def test_chapter_page_loads_no_bank(quiz_site: Path, base: str, watched_page: WatchedPage) -> None:
    page = open_page(watched_page, f"{base}en/{CHAPTER_PAGE}")
    page.wait_for_load_state("networkidle")
    assert not [u for u in watched_page.requests if "tdcourse-quiz-bank" in u or "/_tdc/" in u]
    assert page.evaluate("Object.keys(window.tdcQuiz.modes)") == ["chapter"]
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_mode_or_bank_is_said_in_the_widget(quiz_site: Path, base: str, lang: str,
                                                      watched_page: WatchedPage) -> None:
    """No bank modes (their script came empty): the widget says it could not start, nothing is
    thrown. No topic file (the server fails): the bank could not be loaded, in the practice
    stage. A browser without DecompressionStream: the chapter quiz says it could not start."""
    words = ui(quiz_site, lang, "practice.html")
    page = watched_page.page
    page.route("**/tdcourse-quiz-bank.js*", lambda route: route.fulfill(
        status=200, body="", content_type="text/javascript"))
    for name in ("practice.html", "mock-exam.html"):
        open_page(watched_page, f"{base}{lang}/{name}", ready="[role=alert]")
        assert page.get_by_role("alert").inner_text() == words["failed"]
        assert page.locator(".tdc-q").count() == 0
    watched_page.assert_clean()
    page.unroute("**/tdcourse-quiz-bank.js*")
    page.route("**/_tdc/*", lambda route: route.fulfill(status=404, body=""))
    open_page(watched_page, f"{base}{lang}/practice.html", ready=".tdc-quiz button")
    page.get_by_role("button", name=words["practice_start"]).click()
    page.get_by_role("alert").wait_for()
    assert page.get_by_role("alert").inner_text() == words["bank_error"]
    assert page.get_by_text(words["bank_note"]).is_visible()
    assert not watched_page.page_errors  # the 404s are logged by the browser, nothing thrown
    page.unroute("**/_tdc/*")
    page.add_init_script("delete window.DecompressionStream")
    open_page(watched_page, f"{base}{lang}/{CHAPTER_PAGE}", ready="[role=alert]")
    assert page.get_by_role("alert").inner_text() == ui(quiz_site, lang)["failed"]
    assert page.locator(".tdc-q").count() == 0 and not watched_page.page_errors


# --- mock exam -----------------------------------------------------------------------------------


#: Math.random as a seeded generator (Park-Miller), so the exam's draw is the same every run.
SEEDED_RANDOM = """(() => {
  let seed = 20260;
  Math.random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
})();"""


def _laws(question: dict[str, Any]) -> set[str]:
    """The laws of a question's clauses: "27B2" -> "27"."""
    return {str(int(re.sub(r"\D.*", "", str(law)))) for law in question.get("laws", [])}


@pytest.mark.parametrize(("lang", "how"), [("en", "finish"), ("ru", "time-up")])
def test_mock_exam(quiz_site: Path, base: str, lang: str, how: str, watched_page: WatchedPage,
                   tmp_path: Path) -> None:
    config = config_of(quiz_site / lang / "mock-exam.html")
    words, truth = config["ui"], answers(lang)
    page = watched_page.page
    page.add_init_script(SEEDED_RANDOM)  # the same draw each run, one with links to check
    page.clock.install()
    open_page(watched_page, f"{base}{lang}/mock-exam.html", ready=".tdc-quiz button")
    assert page.get_by_text(words["bank_note"]).is_visible()
    # the intro (count, time, pass mark, mix) needs no question: the bank loads on Start
    assert page.get_by_role("table").count() == 1
    assert not [u for u in watched_page.requests if "/_tdc/" in u]
    page.get_by_role("button", name=words["exam_start"]).click()
    timer = page.get_by_role("timer")
    assert timer.inner_text() == fmt(words["exam_time_left"], time=f"{EXAM_MINUTES:02d}:00")
    page.clock.run_for(5000)
    assert timer.inner_text() == fmt(words["exam_time_left"],
                                     time=f"{EXAM_MINUTES - 1:02d}:55")
    assert timer.get_attribute("aria-live") == "off"  # silent but at 5 and 1 minute left
    sections = page.locator("section.tdc-q")
    assert sections.count() == EXAM_COUNT
    qids = sections.evaluate_all("s => s.map(e => e.dataset.qid)")
    assert len(set(qids)) == EXAM_COUNT
    assert page.get_by_role("button", name=words["check"]).count() == 0

    # en answers everything right and finishes; ru answers one right and runs out of time
    answered = qids if how == "finish" else qids[:1]
    for qid in answered:
        answer_right(card(page, qid), truth[qid])
    assert page.get_by_text(fmt(words["exam_answered"], answered=len(answered),
                                total=EXAM_COUNT)).is_visible()
    assert page.locator(".tdc-fb *").count() == 0  # no feedback while the exam runs
    html = page.content()
    for qid in qids:
        for secret in hidden_texts(truth[qid], lang):
            assert secret not in html, f"{qid}: {secret!r}"

    # a reload keeps the attempt: the same questions, answers and deadline
    page.reload(wait_until="load")
    page.locator("section.tdc-q").first.wait_for()
    assert page.locator("section.tdc-q").evaluate_all("s => s.map(e => e.dataset.qid)") == qids
    first = card(page, qids[0])
    if truth[qids[0]]["type"] == "number":
        assert float(first.locator("input").input_value()) == float(truth[qids[0]]["answer"])
    else:
        assert first.locator("input:checked").count() == len(right_choices(truth[qids[0]]))
    assert page.get_by_role("timer").inner_text() != fmt(words["exam_time_left"],
                                                          time=f"{EXAM_MINUTES:02d}:00")

    if how == "finish":
        page.get_by_role("button", name=words["exam_finish"]).click()
    else:
        left = timer.inner_text().rsplit(" ", 1)[-1]
        seconds = int(left[:2]) * 60 + int(left[3:])
        page.clock.run_for((seconds - 60) * 1000)
        assert timer.inner_text() == fmt(words["exam_time_left"], time="01:00")
        assert timer.get_attribute("aria-live") == "polite"
        page.clock.run_for(1000)
        assert timer.get_attribute("aria-live") == "off"
        page.clock.run_for(60_000)
    heading = page.get_by_role("heading", name=words["exam_result"])
    heading.wait_for()
    assert page.evaluate("document.activeElement.textContent") == words["exam_result"]
    right = len(answered)
    percent = round(100 * right / EXAM_COUNT)
    passed = right / EXAM_COUNT >= PASS_MARK
    result = page.get_by_role("region", name=words["exam_result"])
    text = result.inner_text()
    assert fmt(words["exam_score"], right=right, total=EXAM_COUNT, percent=percent) in text
    verdict = words["exam_passed"] if passed else words["exam_failed"]
    assert fmt(verdict, **{"pass": round(PASS_MARK * 100)}) in text
    assert (words["exam_time_up"] in text) == (how == "time-up")

    # the breakdown: each topic linked to its chapter, each law to the chapter that teaches it
    topics = {t["id"]: t for t in config["topics"]}
    linked_topics, linked_laws = [], []
    for topic in {truth[qid]["topic"] for qid in qids}:
        href = topics[topic].get("href")
        row = result.locator("tr", has_text=topics[topic]["title"])
        assert row.count() == 1
        if href:
            assert row.locator("a").get_attribute("href") == href
            linked_topics.append(topic)
    for law in set().union(*(_laws(truth[qid]) for qid in qids)):
        row = result.locator("tr", has=page.get_by_text(fmt(words["exam_law"], law=law),
                                                        exact=True))
        assert row.count() == 1, law
        if law in config["laws"]:
            assert row.locator("a").get_attribute("href") == config["laws"][law]["href"]
            linked_laws.append(law)
    # the seeded draw has a topic and a law with a chapter (else choose another seed)
    assert linked_topics and linked_laws, (linked_topics, linked_laws)

    # then every question, with the learner's answer, the right one and the explanation
    for qid in qids:
        section = card(page, qid)
        assert section.locator(".tdc-fb h4").inner_text() == (
            words["right"] if qid in answered else words["wrong"])
        key = key_of(truth[qid], lang)
        assert segments_text(key["e"]) in (section.text_content() or "")

    # the result as a JSON file
    with page.expect_download() as download_info:
        page.get_by_role("button", name=words["exam_download"]).click()
    download = download_info.value
    assert re.fullmatch(r"tdcourse-mock-exam-\d{4}-\d\d-\d\dT\d{4}\.json",
                        download.suggested_filename)
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert (data["score"], data["total"], data["passed"], data["lang"]) == (
        right, EXAM_COUNT, passed, lang)
    assert data["passMark"] == PASS_MARK and data["durationSeconds"] >= 5
    assert [q["id"] for q in data["questions"]] == qids
    for entry in data["questions"]:
        question = truth[entry["id"]]
        assert entry["correct"] == (entry["id"] in answered)
        expected = question["answer"] if question["type"] == "number" else right_choices(question)
        assert entry["rightAnswer"] == expected
    assert sum(t["total"] for t in data["byTopic"]) == EXAM_COUNT
    assert {t["law"] for t in data["byLaw"]} == set().union(*(_laws(truth[q]) for q in qids))

    # back at the start: the result is in the history; the attempt is gone
    page.get_by_role("button", name=words["exam_new"]).click()
    page.get_by_role("button", name=words["exam_start"]).wait_for()
    history = page.locator(".tdc-quiz li")
    assert history.count() == 1
    assert f"{right}" in history.inner_text() and f"({percent}%)" in history.inner_text()
    saved = stored(page, lang)[f"{PREFIX}{lang}:exam:mock-exam"]
    assert "run" not in saved and len(saved["hist"]) == 1
    watched_page.assert_clean()
