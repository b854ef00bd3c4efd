"""The shared part of the exports: topics and languages are checked, the pick is deterministic and
spread out, and chapters give categories in course order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from generator import export, i18n
from generator.errors import TdcourseError
from generator.scenarios import quizdefs

Load = Callable[[str], list[dict[str, Any]]]


def test_unknown_topic_is_an_input_error_listing_the_topics() -> None:
    with pytest.raises(TdcourseError) as raised:
        quizdefs.parse_topics("revoke,nonsense")
    message = str(raised.value)
    assert "nonsense" in message
    assert all(topic in message for topic in quizdefs.ALL_TOPICS)
    assert "\n" not in message


def test_topics_default_to_all_and_keep_the_order_given_without_repeats() -> None:
    assert quizdefs.parse_topics(None) == quizdefs.ALL_TOPICS
    assert quizdefs.parse_topics(" revoke , tricks,revoke ") == ("revoke", "tricks")


def test_unknown_language_is_an_input_error() -> None:
    assert i18n.check("ru") == "ru"
    with pytest.raises(TdcourseError, match="unknown language 'xx'"):
        i18n.check("xx")


def test_without_count_every_question_of_the_topics_in_bank_order(load: Load) -> None:
    questions = load("en")
    picked = export.select(questions, ("revoke", "penalty-cards"), None)
    assert picked == [q for q in questions if q["topic"] in ("revoke", "penalty-cards")]


def test_count_is_respected_and_the_pick_is_deterministic(load: Load) -> None:
    questions = load("en")
    topics = quizdefs.ALL_TOPICS
    first = export.select(questions, topics, 17, seed=5)
    assert len(first) == 17
    assert [q["id"] for q in first] == [q["id"] for q in export.select(questions, topics, 17, 5)]
    assert [q["id"] for q in first] != [q["id"] for q in export.select(questions, topics, 17, 6)]
    order = [q["id"] for q in questions]
    assert [q["id"] for q in first] == sorted((q["id"] for q in first), key=order.index)


def test_a_short_pick_spreads_over_topics_and_kinds(load: Load) -> None:
    questions = load("en")
    topics = tuple(sorted({q["topic"] for q in questions}))
    picked = export.select(questions, topics, len(topics), seed=1987)
    assert {q["topic"] for q in picked} == set(topics)  # one per topic
    one_topic = [q for q in questions if q["topic"] == topics[0]]
    kinds = {q["kind"] for q in one_topic}
    few = export.select(questions, topics[:1], len(kinds), seed=1987)
    assert Counter(q["kind"] for q in few) == Counter({kind: 1 for kind in kinds})


def test_the_same_pick_in_every_language(load: Load) -> None:
    """The question ids are the same in every language, so a Moodle export in English and a
    GIFT export in Russian with the same options hold the same questions."""
    topics = quizdefs.ALL_TOPICS
    english = [q["id"] for q in export.select(load("en"), topics, 20, 3)]
    russian = [q["id"] for q in export.select(load("ru"), topics, 20, 3)]
    assert english == russian


def test_categories_follow_the_course_chapters() -> None:
    assert export.chapter_title("insufficient-bid", "en") == "05 The insufficient bid"
    assert export.chapter_title("revoke", "ru") == "11 Фальшренонс"
    assert export.category_path("tricks", "en") == "$course$/top/tdcourse/Laws of 1987/" \
        "12 Tricks and defective tricks"
    assert export.category_path("revoke", "ru", "2017") == "$course$/top/tdcourse/" \
        "Правила 2017 года/11 Фальшренонс"
    fake = [{"topic": t, "id": t} for t in ("revoke", "insufficient-bid", "revoke", "tricks")]
    assert [topic for topic, _ in export.by_chapter(fake)] == ["insufficient-bid", "revoke",
                                                               "tricks"]
    # a question names its code; one that names none (an older bank) is a 1987 question
    mixed = [{**fake[0], "edition": "2017"}, fake[1], {**fake[3], "edition": "2017"}]
    assert [(e, t) for e, t, _ in export.by_edition_and_chapter(mixed)] == [
        ("1987", "insufficient-bid"), ("2017", "revoke"), ("2017", "tricks")]
