"""Generated book content: worked examples per chapter, the chapter quiz lists and the law index
page, in both languages, deterministic, escaped, and building as MyST with warnings as errors."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.book import diagrams
from generator.book import examples as ex
from generator.book.quizdata import decode_key, segments_text
from generator.book.quizpages import chapter_quiz
from generator.errors import TdcourseError
from generator.laws.refs import law_index
from generator.scenarios.bank import Plan, scenarios
from generator.scenarios.keys import ruling_of
from generator.scenarios.moments import rule
from generator.scenarios.questions import TOPICS, questions_for

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
#: The chapters of the scenario topics (those of :data:`ex.LAW_CHAPTERS` draw on drills, or on
#: their laws until the bank has questions of their topic).
TOPIC_SLUGS = [slug for slug, topic in ex.CHAPTERS.items() if slug not in ex.LAW_CHAPTERS]


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    """A small bank (seed 30 covers every topic with 60 scenarios, claims included)."""
    bank = scenarios(Plan(60, 30), workers=1)
    assert {ex.CHAPTERS[slug] for slug in TOPIC_SLUGS} <= {TOPICS[r["kind"]] for r in bank}
    return bank


@pytest.fixture(scope="module")
def questions(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [q for r in records for q in r["questions"]]


Call = tuple[dict[str, Any], dict[str, Any], str]


@pytest.fixture(autouse=True)
def fake_diagrams(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """A quick stand-in for :func:`generator.book.diagrams.diagrams_for_case`; returns its calls
    (``monkeypatch.undo()`` brings the real one back)."""
    calls: list[Call] = []

    def diagrams_for_case(case: dict[str, Any], result: dict[str, Any], lang: str) -> str:
        calls.append((case, result, lang))
        return (f'<div class="tdc-diagram" data-board="{case["board"]}">\n'
                f"<svg><text>{lang}</text></svg>\n\n<table><tr><td>1♥</td></tr></table>\n</div>")

    monkeypatch.setattr(diagrams, "diagrams_for_case", diagrams_for_case)
    return calls


def sections(text: str) -> list[str]:
    """The text of each worked example (from its label to the next)."""
    return re.split(r"(?m)^(?=\(example-)", text)[1:]


# --------------------------------------------------------------------------- worked examples


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_topic_chapter_gets_its_examples(records: list[dict[str, Any]], lang: str) -> None:
    for slug in TOPIC_SLUGS:
        topic = ex.CHAPTERS[slug]
        available = [r for r in records if TOPICS[r["kind"]] == topic]
        text = ex.worked_examples(records, slug, lang)
        heading = ex.WORDS["worked_examples"][lang]
        assert text.startswith(f"(examples-{slug})=\n## {heading}\n"), slug
        parts = sections(text)
        # every example that can say what decides it, up to four; others only to reach two
        decided = sum(1 for r in available if ex.has_decision(r))
        expected = min(4, max(decided, min(ex.MIN_EXAMPLES, len(available))))
        assert len(parts) == expected > 0, slug
        for number, part in enumerate(parts, 1):
            assert part.startswith(f"(example-{slug}-{number})=\n### "
                                   f"{ex.WORDS['example'][lang]} {number}. ")
            assert "```{raw} html" in part  # the pictures
            assert f"**{ex.WORDS['question'][lang]}.**" in part
            assert f"**{ex.WORDS['ruling'][lang]}.**" in part
        chosen = ex.chapter_records(records, slug)
        assert {str(r["id"]) for r in chosen} <= {str(r["id"]) for r in available}
        # spread over recipes: every recipe of the topic that can give an example saying what
        # decides it appears before any appears twice (examples.chapter_records)
        recipes = [r["recipe"] for r in chosen]
        distinct = len({r["recipe"] for r in available if ex.has_decision(r)}) or \
            len({r["recipe"] for r in available})
        assert len(set(recipes[:distinct])) == min(distinct, len(recipes))


def test_examples_show_the_ruling_question_and_explanation(records: list[dict[str, Any]]) -> None:
    slug = "05-insufficient-bid"
    for lang in ("en", "ru"):
        text = ex.worked_examples(records, slug, lang)
        for record, part in zip(ex.chapter_records(records, slug), sections(text), strict=True):
            question = next(q for q in record["questions"] if q["kind"] == "ruling")
            assert ex.md_text(question["prompt"][lang], lang) in part
            assert ex.md_text(question["context"][lang], lang) in part
            assert ex.linked_text(question["explanation"][lang], lang) in part


def test_the_picture_is_the_moment_of_the_ruling(records: list[dict[str, Any]],
                                                 fake_diagrams: list[Call]) -> None:
    record = ex.chapter_records(records, "09-penalty-cards")[0]
    ex.worked_examples([record], "09-penalty-cards", "en", count=1)
    case, result, lang = fake_diagrams[-1]
    assert lang == "en"
    question = next(q for q in record["questions"] if q["kind"] == "ruling")
    assert case["events"] == question["shown"]["events"]  # the moment the question asks about
    assert record["kind"] in [i["kind"] for i in result["irregularities"]]


def test_an_example_never_repeats_a_question_of_the_chapter_quiz(
        records: list[dict[str, Any]], questions: list[dict[str, Any]]) -> None:
    """The site leaves the quiz's boards out of the worked examples (and so of the notebook's
    worked cases): no example asks a quiz question word for word."""
    for slug in TOPIC_SLUGS:
        taken = ex.quiz_scenarios(questions, slug, None)
        assert taken
        shown = ex.chapter_records(records, slug, exclude=taken)
        assert not {r["id"] for r in shown} & taken, slug
        for lang in ("en", "ru"):
            text = ex.worked_examples(records, slug, lang, exclude=taken)
            quiz = [q for q in ex.chapter_questions(questions, slug)]
            for q in quiz:
                asked = ex.md_text(f"{q['context'][lang]} {q['prompt'][lang]}", lang)
                assert asked not in text, (slug, q["id"])


def test_the_real_diagrams_module(records: list[dict[str, Any]],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    record = ex.chapter_records(records, "09-penalty-cards")[0]
    text = ex.worked_examples([record], "09-penalty-cards", "ru", count=1)
    block = text.split("```{raw} html\n")[1].split("\n```")[0]
    assert block.startswith("<") and "<svg" in block and "Сдача" in block


def test_chapters_without_a_topic_get_no_examples_and_a_quiz_by_law(
        records: list[dict[str, Any]], questions: list[dict[str, Any]]) -> None:
    """No worked examples without a topic; the quiz takes the questions that fit the chapter's
    laws (the procedure chapter: the options questions, 10C; scoring: the score questions), and a
    chapter whose laws no question touches gets nothing (its own text holds its quiz)."""
    for slug, topic in ex.CHAPTERS.items():
        if topic is None:
            assert ex.worked_examples(records, slug, "ru") == ""
    scoring = ex.chapter_questions(questions, "15-scoring")
    assert scoring and all(q["kind"] == "score" for q in scoring)
    # the procedure chapter: its own topic's questions (16C) when the bank holds some, else the
    # questions of its laws (10C's options questions)
    procedure = ex.chapter_questions(questions, "01-director-and-procedure")
    own = [q for q in questions if q["topic"] == "director-and-procedure"]
    assert procedure and all(q["topic"] == "director-and-procedure" if own
                             else q["kind"] == "options" for q in procedure)
    assert "## Quiz" in chapter_quiz(questions, "15-scoring", "en")[0]
    # the claims chapter takes the bank's claim questions (the claim and concession recipes);
    # proprieties, which no recipe makes, takes none
    claims = ex.chapter_questions(questions, "13-claims")
    assert claims and all(q["topic"] == "claims" for q in claims)
    assert ex.chapter_questions(questions, "14-proprieties") == []
    assert chapter_quiz(questions, "14-proprieties", "en") == ("", "[]\n")
    with pytest.raises(ValueError, match="unknown chapter"):
        ex.worked_examples(records, "05-insufficient", "en")
    with pytest.raises(ValueError, match="unknown language"):
        ex.worked_examples(records, "05-insufficient-bid", "de")


def test_a_topic_with_no_scenario_says_so(records: list[dict[str, Any]]) -> None:
    others = [r for r in records if TOPICS[r["kind"]] != "revoke"]
    for lang in ("en", "ru"):
        text = ex.worked_examples(others, "11-revoke", lang)
        assert ex.WORDS["no_examples"][lang] in text
        assert not sections(text)


def test_russian_output_has_cyrillic_headings_and_no_english_words(
        records: list[dict[str, Any]], questions: list[dict[str, Any]]) -> None:
    english = [w["en"] for w in ex.WORDS.values()]
    pages = [ex.worked_examples(records, slug, "ru") + chapter_quiz(questions, slug, "ru")[0]
             for slug in TOPIC_SLUGS]
    pages.append(ex.law_index_page("ru", ex.example_uses(records), questions=questions,
                                     title=True))
    for page in pages:
        headings = [line for line in page.splitlines() if line.startswith("#")]
        assert headings
        for heading in headings:
            assert CYRILLIC.search(heading.lstrip("# ").split(".")[0]), heading
        visible = re.sub(r"(?m)^\(.*\)=$", "", page)  # labels are identifiers, not text
        visible = re.sub(r"\{(doc|ref|law)\}`[^`]*`", "", visible)
        for word in english:
            assert word not in visible, word
        assert "Law " not in page and "Example" not in page


def test_every_cited_clause_is_a_law_role(records: list[dict[str, Any]]) -> None:
    for lang in ("en", "ru"):
        law_word = {"en": "Law", "ru": "правило"}[lang]
        for slug in TOPIC_SLUGS:
            text = ex.worked_examples(records, slug, lang)
            for record, part in zip(ex.chapter_records(records, slug), sections(text),
                                    strict=True):
                case, _ = ex.moment(record)  # the moment the example shows, ruled afresh
                ruling = ruling_of(rule(case), record["kind"])
                assert ruling is not None
                question = next((q for q in record["questions"] if q["kind"] == "ruling"), None)
                words = question["explanation"][lang] if question else ruling["explanation"][lang]
                cited = {str(law) for law in ruling["laws"]}
                cited |= {str(r["law"]) for r in ruling["rectifications"] if r.get("law")}
                cited |= set(re.findall(r"\d{1,2}[A-Za-z0-9]*", " ".join(re.findall(
                    rf"\({law_word} ([^)]*)\)", words))))
                assert cited
                for clause in cited:
                    assert f"{{law}}`{clause}`" in part, (record["id"], clause)
                # no citation is left as plain text
                assert not re.search(rf"\({law_word} \d", part), part


# --------------------------------------------------------------------------- escaping


def test_user_text_is_escaped(records: list[dict[str, Any]]) -> None:
    record = copy.deepcopy(ex.chapter_records(records, "05-insufficient-bid")[0])
    evil = ("<script>alert('x')</script> & *bold* {law}`99Z` [link](http://x) `code` $x$ "
            "(Law 27B2) (Law 99Q)")
    question = next(q for q in record["questions"] if q["kind"] == "ruling")
    question["explanation"] = {"en": evil, "ru": evil}
    for lang in ("en", "ru"):
        text = ex.worked_examples([record], "05-insufficient-bid", lang, count=1)
        ruling = next(line for line in text.splitlines()
                      if line.startswith(f"**{ex.WORDS['ruling'][lang]}.**"))
        assert "<script>" not in ruling and "</script>" not in ruling
        assert "&lt;script&gt;alert('x')&lt;/script&gt; &amp; \\*bold\\*" in ruling
        assert "{law}`99Z`" not in ruling and "\\{law\\}\\`99Z\\`" in ruling
        assert "\\[link\\](http://x)" in ruling and "\\$x\\$" in ruling
        assert "(Law {law}`27B2`)" in ruling  # a real citation is still linked
        assert "(Law 99Q)" in ruling  # an unknown clause is not


def test_symbols_and_escaping_helpers() -> None:
    assert ex.symbols("West exposed HT after 1NT and 2C", "en") == \
        "West exposed ♥10 after 1NT and 2♣"
    assert ex.symbols("1NT после 2C; 27B2, 50D", "ru") == "1БК после 2♣; 27B2, 50D"
    assert ex.md_text("  a <b>\n & c  ", "en") == "a &lt;b&gt; &amp; c"
    assert ex.linked_text("X (Law 27, 27B2). Y (Law 28A).", "en") == \
        "X (Law {law}`27`, {law}`27B2`). Y (Law {law}`28A`)."


# --------------------------------------------------------------------------- determinism


def test_same_records_same_text(records: list[dict[str, Any]],
                                questions: list[dict[str, Any]]) -> None:
    def everything(recs: list[dict[str, Any]], qs: list[dict[str, Any]]) -> str:
        out = [ex.worked_examples(recs, slug, lang) + "".join(chapter_quiz(qs, slug, lang))
               for slug in TOPIC_SLUGS for lang in ("en", "ru")]
        out += [ex.law_index_page(lang, ex.example_uses(recs), questions=qs)
                for lang in ("en", "ru")]
        return "\n".join(out)

    first = everything(records, questions)
    assert first == everything(copy.deepcopy(records), copy.deepcopy(questions))
    # the examples do not depend on the order of the records (fixed order by scenario id)
    shuffled = list(reversed(records))
    for slug in TOPIC_SLUGS:
        assert ex.worked_examples(shuffled, slug, "en") == ex.worked_examples(records, slug, "en")


# --------------------------------------------------------------------------- quiz


def test_chapter_quiz_is_a_widget_over_encoded_questions(
        questions: list[dict[str, Any]]) -> None:
    """The chapter's quiz part is the quiz heading and a ``tdc-quiz`` directive; its data are the
    topic's first ten questions as web questions, whose answers are only in the encoded key."""
    slug = "06-calls-out-of-rotation"
    mine = [q for q in questions if q["topic"] == "calls-out-of-rotation"][:10]
    for lang in ("en", "ru"):
        text, data = chapter_quiz(questions, slug, lang)
        assert text.startswith(f"(quiz-{slug})=\n## {ex.WORDS['quiz'][lang]}\n")
        assert f"```{{tdc-quiz}} /_generated/quiz/{slug}.json\n:id: chapter:{slug}\n```" in text
        web = json.loads(data)
        assert [q["id"] for q in web] == [q["id"] for q in mine]
        for question, shown in zip(mine, web, strict=True):
            assert shown["prompt"] == ex.symbols(question["prompt"][lang], lang)
            assert [c["text"] for c in shown["choices"]] == \
                [ex.symbols(c["text"][lang], lang) for c in question.get("choices", [])]
            key = decode_key(shown["k"])
            assert key["c"] == [c["id"] for c in question.get("choices", []) if c["correct"]]
            if question["type"] == "number":
                assert key["n"] == question["answer"]
            assert segments_text(key["e"]) == ex.symbols(question["explanation"][lang], lang)
            for choice in shown["choices"]:  # the text a learner reads, nothing of the key
                assert set(choice) == {"id", "text"}
        # nothing of the answers in plain text: no explanation, no why, no "correct" flag
        assert '"correct"' not in data and '"why"' not in data
        for question in mine:
            assert ex.symbols(question["explanation"][lang], lang) not in data


def test_quiz_selection_and_localised_input(questions: list[dict[str, Any]]) -> None:
    from generator.scenarios.questions import localise

    slug = "09-penalty-cards"
    mine = [q for q in questions if q["topic"] == "penalty-cards"]
    selection = [q["id"] for q in reversed(mine[:3])]
    text, data = chapter_quiz(questions, slug, "ru", selection=selection)
    assert [q["id"] for q in json.loads(data)] == selection
    localised = [localise(q, "ru") for q in questions]
    assert chapter_quiz(localised, slug, "ru", selection=selection) == (text, data)
    with pytest.raises(ValueError, match="not en"):
        chapter_quiz(localised, slug, "en", selection=selection)
    with pytest.raises(ValueError, match="no question"):
        chapter_quiz(questions, slug, "en", selection=["nope"])


# --------------------------------------------------------------------------- law index


def test_law_index_anchors(records: list[dict[str, Any]],
                           questions: list[dict[str, Any]]) -> None:
    uses = ex.merge_uses(ex.example_uses(records), ex.quiz_uses(questions),
                         {"27B2": ["05-insufficient-bid"], "80": ["16-tournament"]})
    example_clauses = {c for r in records for c in ex.example_clauses(r)}
    assert set(ex.example_uses(records)) <= example_clauses
    for lang in ("en", "ru"):
        page = ex.law_index_page(lang, uses, questions=questions)
        anchors = set(re.findall(r"(?m)^\(law-([0-9A-Za-z]+)\)=$", page))
        assert ex.rule_clauses() <= anchors  # what the rules cite
        assert set(ex.example_uses(records)) <= anchors  # what the examples cite
        assert set(ex.quiz_uses(questions)) <= anchors
        assert {"27", "27B2", "80"} <= anchors
        for clause in anchors:  # each law heads its clauses
            law = re.sub(r"\D.*", "", clause)
            assert f"(law-{law})=" in page
        assert len(anchors) == page.count("(law-")
        # exact-case ids beside Sphinx's lowercased ones
        assert '<span id="law-27B2"></span>**27B2**' in page
        law_word = ex.WORDS["law"][lang]
        assert f"## {law_word} 27. " in page
        block27 = page.split("(law-27)=")[1].split("(law-28")[0]
        # a reference for the learner: no engine counters (issue 14), the law's own questions
        assert "Test cases" not in page and "Engine rules" not in page
        assert "Тестовых ситуаций" not in page and "Реализаций в движке" not in page
        citing = sum(1 for q in questions
                     if any(re.match(r"27(\D|$)", str(law)) for law in q["laws"]))
        assert citing and ex.WORDS["questions"][lang].format(count=citing) in block27
        assert "{doc}`/chapters/05-insufficient-bid`" in block27
        assert "<example-05-insufficient-bid-1>`" in block27
        assert "{doc}`/chapters/16-tournament`" in page


def test_law_index_lists_every_index_entry_and_refuses_unknown_clauses() -> None:
    with pytest.raises(ValueError, match="99Z"):
        ex.law_index_page("en", {"99Z": ["x"]})
    page = ex.law_index_page("en", {}, title=True)
    assert page.startswith("# Law index\n")
    anchors = re.findall(r"(?m)^\(law-([0-9A-Za-z]+)\)=$", page)
    assert anchors == list(law_index("1987"))  # every entry once, in the index's order


# --------------------------------------------------------------------------- MyST build


CONF = '''
from docutils import nodes
from sphinx import addnodes

extensions = ["myst_parser"]
exclude_patterns = ["_build", "_generated"]
language = {lang!r}
suppress_warnings = []


def law_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    node = addnodes.pending_xref(rawtext, refdomain="std", reftype="ref",
                                 reftarget="law-" + text.lower(), refexplicit=True,
                                 refwarn=True, refdoc=inliner.document.settings.env.docname)
    node += nodes.inline(text, text)
    return [node], []


def setup(app):
    from generator.book import quiz

    app.add_role("law", law_role)
    app.add_config_value("tdcourse_law_index_doc", "law-index", "env")
    quiz.setup(app)  # the quiz widget's directive
'''


def write_book(src: Path, lang: str, records: list[dict[str, Any]],
               questions: list[dict[str, Any]]) -> None:
    (src / "chapters").mkdir(parents=True)
    for sub in ("examples", "quiz"):
        (src / "_generated" / sub).mkdir(parents=True)
    (src / "conf.py").write_text(CONF.format(lang=lang), encoding="utf-8")
    toc = "\n".join(f"chapters/{slug}" for slug in ex.CHAPTERS)
    (src / "index.md").write_text(f"# Course\n\n```{{toctree}}\n{toc}\nlaw-index\n```\n",
                                  encoding="utf-8")
    for number, slug in enumerate(ex.CHAPTERS, 1):
        (src / "chapters" / f"{slug}.md").write_text(
            f"# Chapter {number}\n\n## What the laws say\n\nSee {{law}}`27B2`.\n\n"
            f"```{{include}} ../_generated/examples/{slug}.md\n```\n\n"
            f"```{{include}} ../_generated/quiz/{slug}.md\n```\n", encoding="utf-8")
        (src / "_generated" / "examples" / f"{slug}.md").write_text(
            ex.worked_examples(records, slug, lang), encoding="utf-8")
        text, data = chapter_quiz(questions, slug, lang)
        (src / "_generated" / "quiz" / f"{slug}.md").write_text(text, encoding="utf-8")
        (src / "_generated" / "quiz" / f"{slug}.json").write_text(data, encoding="utf-8")
    uses = ex.merge_uses({"27B2": list(ex.CHAPTERS)}, ex.example_uses(records),
                         ex.quiz_uses(questions))
    (src / "_generated" / "law-index.md").write_text(
        ex.law_index_page(lang, uses, questions=questions), encoding="utf-8")
    (src / "law-index.md").write_text(
        "# Law index\n\n```{include} _generated/law-index.md\n```\n", encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_generated_pages_build_without_warnings(
        tmp_path: Path, lang: str, records: list[dict[str, Any]],
        questions: list[dict[str, Any]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the real diagrams
    evil = copy.deepcopy(records)
    target = next(r for r in evil if TOPICS[r["kind"]] == "insufficient-bid"
                  and r["id"] == ex.chapter_records(records, "05-insufficient-bid")[0]["id"])
    question = next(q for q in target["questions"] if q["kind"] == "ruling")
    question["explanation"][lang] += " <script>alert(1)</script> & *x* {law}`1`"
    src = tmp_path / "src"
    write_book(src, lang, evil, questions)
    out = tmp_path / "html"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-E",
                          "-b", "html", str(src), str(out)],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    page = (out / "chapters" / "05-insufficient-bid.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; *x* {law}`1`" in page
    assert page.count('<div class="tdc-quiz"') == 1  # the chapter quiz's widget
    # think first: each example's ruling inside <details>, its law roles resolved to links
    hidden = re.findall(r'<details class="tdc-ruling">\s*<summary>(.*?)</summary>(.*?)</details>',
                        page, re.S)
    assert len(hidden) == len(sections(ex.worked_examples(records, "05-insufficient-bid", lang)))
    for summary, inside in hidden:
        assert summary == ex.WORDS["show_ruling"][lang]
        assert ex.WORDS["ruling"][lang] in inside
        links = re.findall(r'href="[^"]*law-index\.html#law-([0-9a-z]+)"', inside)
        assert "27" in links and any(link.startswith("27b") for link in links)
        assert not re.search(r"\{law\}`\d+[A-Za-z0-9]*`", inside.replace("{law}`1`", ""))
    assert "<svg" in page
    index = (out / "law-index.html").read_text(encoding="utf-8")
    assert 'id="law-27b2"' in index and 'id="law-27B2"' in index


# ----------------------------------------------------------------------------- the 2017 code


def under_2017(record: dict[str, Any]) -> dict[str, Any] | None:
    """A 1987 bank record's table ruled under 2017 (the case, its irregularities and ruling
    replaced by the engine's 2017 ones; questions made again from them), or None when the
    2017 engine finds no ruling of the record's kind there."""
    out = copy.deepcopy(record)
    out["case"]["edition"] = "2017"
    out["edition"] = "2017"
    try:
        result = rule(out["case"])
    except TdcourseError:  # a choice the 2017 code does not offer: no such table under 2017
        return None
    ruling = ruling_of(result, str(out["kind"]))
    if ruling is None or (result["rulings"] and any(r.get("options") and any(
            o.get("seat") == "TD" and not o.get("chosen") for o in r["options"])
            for r in result["rulings"])):
        return None  # a finding left to the director: not a worked example
    out.update(irregularities=result["irregularities"], ruling=ruling,
               rulings=result["rulings"], state=result["state"])
    out.pop("questions", None)
    out.pop("after_ruling", None)
    try:
        out["questions"] = questions_for(out)
    except (IndexError, KeyError, ValueError):  # a question the bank's 1987 recipes cannot ask
        return None
    return out


def test_a_2017_worked_example_cites_2017_clauses_only(records: list[dict[str, Any]]) -> None:
    made = [r for r in (under_2017(r) for r in records) if r is not None]
    assert made
    only_1987 = set(law_index("1987")) - set(law_index("2017"))
    index_2017 = set(law_index("2017"))
    shown = 0
    for slug in TOPIC_SLUGS:
        for lang in ("en", "ru"):
            text = ex.worked_examples(made, slug, lang, edition="2017")
            cited = set(re.findall(r"\{law\}`([^`]+)`", text))
            assert cited <= index_2017, (slug, sorted(cited - index_2017))
            assert not cited & only_1987
            shown += text.count("(example-")
            # the 1987 records are not this code's examples, nor the other way round
            assert ex.worked_examples(records, slug, lang, edition="2017").count(
                "(example-") == 0
            assert ex.worked_examples(made, slug, lang).count("(example-") == 0
    assert shown > 0


def test_the_2017_law_index_has_every_2017_clause_with_the_role_anchors() -> None:
    from generator.book.extension import _law_keys

    index = law_index("2017")
    for lang in ("en", "ru"):
        page = ex.law_index_page(lang, {"27B1b": ["05-insufficient-bid"]}, edition="2017",
                                 title=True)
        targets = re.findall(r"^\(law-([^)]+)\)=$", page, flags=re.MULTILINE)
        assert targets == list(index)  # every clause, in the index's order, once
        # the {law} role resolves a clause by the edition's keys and links #law-<key>
        keys = _law_keys("2017")
        for cited in set(re.findall(r"\{law\}`([^`]+)`", page)):
            assert keys[cited.lower()] == cited and cited in targets
        for ref in index:
            if ref != ref.lower() and LawRefClause(ref):
                assert f'<span id="law-{ref}"></span>' in page
        assert "2017" in page.split("\n\n")[1] and "1987" not in page.split("\n\n")[1]
        if lang == "ru":
            titles = " ".join(re.findall(r"\*\*\S+\*\* — ([^\n]*)", page))
            assert CYRILLIC.search(titles)
    with pytest.raises(ValueError, match="2017 law index"):
        ex.law_index_page("en", {"27B2x": ["05-insufficient-bid"]}, edition="2017")


def LawRefClause(ref: str) -> bool:
    """Whether ``ref`` is a clause (not a whole law), as the page writes clause entries."""
    return not ref.isdigit()


def test_the_1987_law_index_is_unchanged_by_the_edition_keyword() -> None:
    uses = {"27B2": ["05-insufficient-bid/1"]}
    assert ex.law_index_page("ru", uses, edition="1987") == ex.law_index_page("ru", uses)
