"""Questions asked without a table (drills) in the quiz widget, in real Chromium, both languages,
on a phone (375 CSS pixels) and a desktop: a traveller question shows its figure as a real table
(hostile cell text shown as text), a fact question shows nothing of a table; both are answered
and graded; no text of the question card is under 12 px; the practice page offers the drills'
topics under their learner-facing names.

The site is built here (a chapter page, the practice page and the law index) from the hand-made
drills of ``drillsample.py``, not from the shared quiz site, whose pages other tests count on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from drillsample import HOSTILE_CELL, drill_questions, register
from quizsite import _CONFIG, LANGS, _law_index_page, config_of

from generator import i18n
from generator.book.pdf import chromium_path
from generator.book.quizdata import dumps, web_bank, web_question
from generator.scenarios.questions import localise

if TYPE_CHECKING:
    from conftest import WatchedPage

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Chromium is absent: install Debian's chromium: apt-get install -y chromium")

CHAPTER = "15-scoring"
TOPICS = ("scoring", "director-and-procedure")
_TOC = """\
format: jb-book
root: intro
chapters:
  - file: chapters/15-scoring
  - file: practice
  - file: law-index
"""


def _questions(lang: str) -> list[dict[str, Any]]:
    """One traveller question and one fact question, in ``lang``, answers included."""
    every = drill_questions()
    picked = [next(q for q in every if q["drill"] == name)
              for name in ("sample-matchpoints", "sample-fact")]
    return [localise(q, lang) for q in picked]


@pytest.fixture(scope="module")
def drill_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The built site's HTML folder and the questions of each language (with their answers)."""
    from generator.book.site import build_one

    with pytest.MonkeyPatch.context() as monkeypatch:
        register(monkeypatch)
        root = tmp_path_factory.mktemp("drillsite") / "project"
        book = root / "book"
        (book / "chapters").mkdir(parents=True)
        (book / "locales" / "ru" / "LC_MESSAGES").mkdir(parents=True)
        (book / "_config.yml").write_text(_CONFIG, encoding="utf-8")
        (book / "_toc.yml").write_text(_TOC, encoding="utf-8")
        (book / "intro.md").write_text("# Drills\n\nQuestions without a table.\n",
                                       encoding="utf-8")
        (book / "law-index.md").write_text(_law_index_page(), encoding="utf-8")
        (book / "chapters" / f"{CHAPTER}.md").write_text(
            "# Scoring\n\nSome text.\n\n"
            f"```{{tdc-quiz}} /_generated/quiz/{CHAPTER}.json\n:id: chapter:{CHAPTER}\n```\n",
            encoding="utf-8")
        (book / "practice.md").write_text(
            "# Practice\n\n```{tdc-practice} /_generated/quiz/bank.json\n"
            f":topics: {', '.join(TOPICS)}\n```\n", encoding="utf-8")
        questions = {}
        for lang in LANGS:
            questions[lang] = _questions(lang)
            generated = book / "_generated" / "quiz"
            generated.mkdir(parents=True, exist_ok=True)
            web = [web_question(q, lang) for q in questions[lang]]
            (generated / f"{CHAPTER}.json").write_text(dumps(web), encoding="utf-8")
            (generated / "bank.json").write_text(dumps(web_bank(questions[lang], lang)),
                                                 encoding="utf-8")
            build_one(root, lang, list(LANGS))
        yield book / "_build" / "html" / "1987", questions


@pytest.fixture
def base(drill_site: tuple[Path, dict[str, Any]], serve: Callable[[Path], str]) -> str:
    return serve(drill_site[0])


def _ui(site: Path, lang: str, page: str) -> dict[str, str]:
    return dict(config_of(site / lang / page)["ui"])


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("lang", LANGS)
def test_drill_questions_are_drawn_answered_and_graded(
        drill_site: tuple[Path, dict[str, Any]], base: str, lang: str, width: int,
        watched_page: WatchedPage) -> None:
    site, questions = drill_site
    traveller, fact = questions[lang]
    ui = _ui(site, lang, f"chapters/{CHAPTER}.html")
    page = watched_page.page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{base}{lang}/chapters/{CHAPTER}.html", wait_until="load")
    page.locator(".tdc-q").first.wait_for()
    cards = {q["id"]: page.locator(f'section.tdc-q[data-qid="{q["id"]}"]')
             for q in (traveller, fact)}

    # nothing of a table: no hands, no auction, no play, no board line
    for section in cards.values():
        assert section.locator(".tdc-hands, .tdc-auction, .tdc-play").count() == 0
        assert section.locator("h3 + p.tdc-small").count() == 0
    assert cards[fact["id"]].locator(".tdc-figure").count() == 0

    # the traveller: a real table, its heads and cells as in the bank, hostile text as text
    figure = cards[traveller["id"]].locator(".tdc-figure")
    assert figure.get_attribute("aria-label") == ui["figure"]
    heads = figure.locator("thead th").all_inner_texts()
    assert heads == traveller["figure"]["columns"]
    rows = [row.locator("td").all_inner_texts() for row in figure.locator("tbody tr").all()]
    assert rows == traveller["figure"]["rows"]
    assert rows[-1][1] == HOSTILE_CELL
    assert page.evaluate("window.__pwned") is None
    assert figure.locator("img").count() == 0

    # answered and graded: the traveller wrong first (its own card), then the fact right
    cards[traveller["id"]].locator("input[type=number]").fill(str(traveller["answer"]))
    cards[traveller["id"]].get_by_role("button", name=ui["check"]).click()
    cards[fact["id"]].get_by_label(fact["choices"][1]["text"]).check()
    cards[fact["id"]].get_by_role("button", name=ui["check"]).click()
    assert cards[traveller["id"]].locator(".tdc-fb h4").inner_text() == ui["right"]
    assert cards[fact["id"]].locator(".tdc-fb h4").inner_text() == ui["wrong"]
    assert fact["choices"][1]["why"].split(" (")[0] in cards[fact["id"]].locator(
        ".tdc-fb").inner_text()
    score = ui["chapter_score"].format(right=1, total=2, answered=2)
    assert page.get_by_text(score).count() == 1

    # readable on the phone: every card inside the screen (the table scrolls in its own box),
    # no text under 12 px
    sizes = page.evaluate("""() => [...document.querySelectorAll('section.tdc-q')].map(q => [
        q.dataset.qid, q.scrollWidth, q.clientWidth, q.getBoundingClientRect().right,
        Math.min(...[...q.querySelectorAll('*')].filter(e => e.childNodes.length &&
          [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
          .map(e => parseFloat(getComputedStyle(e).fontSize)))])""")
    for qid, scroll, client, right, smallest in sizes:
        assert scroll <= client and right <= width, (qid, scroll, client, right)
        assert smallest >= 12, (qid, smallest)
    box = figure.evaluate("e => [e.scrollWidth, e.clientWidth, e.getBoundingClientRect().right]")
    if width < 400:  # the traveller (its long hostile cell) is wider than the phone: it scrolls
        assert box[0] > box[1]
    assert box[2] <= width
    watched_page.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_practice_offers_the_drill_topics_by_name_and_draws_a_drill(
        drill_site: tuple[Path, dict[str, Any]], base: str, lang: str,
        watched_page: WatchedPage) -> None:
    site, questions = drill_site
    config = config_of(site / lang / "practice.html")
    assert [t["title"] for t in config["topics"]] == [
        i18n.text(lang, "quiz.topics", topic) for topic in TOPICS]
    page = watched_page.page
    page.set_viewport_size({"width": 375, "height": 900})
    page.goto(f"{base}{lang}/practice.html", wait_until="load")
    for topic in TOPICS:
        assert page.get_by_label(i18n.text(lang, "quiz.topics", topic)).is_checked()
    page.get_by_role("button", name=config["ui"]["practice_start"]).click()
    section = page.locator("section.tdc-q").first
    section.wait_for()
    assert section.get_attribute("data-qid") in {q["id"] for q in questions[lang]}
    assert section.locator(".tdc-hands, .tdc-auction").count() == 0
    watched_page.assert_clean()
