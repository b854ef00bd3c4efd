"""The quiz widget's Sphinx side: three directives, one node, the page assets and the bank copy.

The widget is ``static/tdcourse-quiz.js`` (the chapter quiz and everything the modes share),
``static/tdcourse-quiz-bank.js`` (the practice and mock exam modes) and
``static/tdcourse-quiz.css`` (package data). They are added only to the pages that hold a widget,
the bank script only to the practice and exam pages: a page without a quiz weighs nothing more,
and a chapter page carries only what a chapter quiz needs. The directives write no HTML of their
own beyond a container the script fills in:

``tdc-quiz``
    a chapter quiz. Argument: a JSON file (``/``-rooted in the book's source folder) holding a
    list of web questions (:mod:`generator.book.quizdata`); they are embedded in the page,
    compressed (``packed``: raw DEFLATE in base64, like each question's key).
``tdc-practice``
    the practice page. Argument: the web bank JSON; option ``:topics:`` (comma list or ``all``).
    The bank is copied beside the site one file per topic (``_tdc/bank-<topic>.js``) and loaded
    by the script when needed, never inlined: the first question needs one topic's file only.
    Each file is a script that sets ``window.tdcBanks["<lang>/<topic>"]``: loaded by a script
    element, it works the same over http(s) and from disk (``file://``, where browsers refuse
    ``fetch``), so the site holds the bank once.
``tdc-exam``
    the mock exam: the same bank, ``:count:``, ``:time-limit:`` (minutes), ``:pass-mark:``
    (0..1) and ``:topics:``.

The container is ``<div class="tdc-quiz" data-mode="…">`` with one
``<script type="application/json" class="tdc-quiz-config">`` inside. Its JSON (every ``<``
written ``\\u003c``, so no text can close the script element) is::

    {"mode": "chapter" | "practice" | "exam", "id": "chapter:05-insufficient-bid", "lang": "en",
     "ui": {...quiz.ui, the keys of this mode...}, "names": {"seats": {...}, "calls": {...},
     "vul": {...}, "nt": "NT"}, "lawIndex": "../law-index.html",
     "packed": "<base64 raw DEFLATE of the JSON list of web questions>",   # chapter mode
     "bankDir": "../_tdc/", "counts": {"revoke": 120, ...},      # practice and exam
     "topics": [{"id": "revoke", "title": "…", "href": "../chapters/11-revoke.html"}],  # ditto
     "laws": {"61": {"title": "…", "href": "…"}},            # law -> its chapter (exam)
     "count": 30, "timeLimit": 45, "passMark": 0.75}          # exam

Interface keys are sent by mode: a key starting ``practice_``, ``exam_``, ``bank_`` or
``chapter_`` goes only to the pages of that mode (``bank_`` to practice and exam).

Everything a learner reads in the widget comes from the language catalogs
(``generator/i18n/<lang>.yaml``, tables ``quiz.ui``, ``quiz.topics``, ``diagrams.*``) and the
question data; links are computed when the page is written, when every chapter's title is known.
"""

from __future__ import annotations

import json
import posixpath
import shutil
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from generator import i18n
from generator.book.examples import TOPIC_CHAPTER
from generator.book.extension import env_store
from generator.book.quizdata import compact, dumps, encode_key, law_chapters
from generator.scenarios.quizdefs import parse_topics

logger = logging.getLogger(__name__)

SCRIPT = "tdcourse-quiz.js"
BANK_SCRIPT = "tdcourse-quiz-bank.js"
STYLE = "tdcourse-quiz.css"
#: Interface keys by prefix -> the modes whose pages get them (other keys go to every mode).
UI_MODES = {"practice_": ("practice",), "exam_": ("exam",), "bank_": ("practice", "exam"),
            "chapter_": ("chapter",)}
BANK_DIR = "_tdc"
MODES = ("chapter", "practice", "exam")


class quiz_widget(nodes.General, nodes.Element):  # docutils names nodes in lower case
    """A quiz container; its HTML is written by :func:`visit_html` (other writers skip it)."""


# --- directives ---------------------------------------------------------------------------------


def _pass_mark(value: str | None) -> float:
    if value is None or not value.strip():
        raise ValueError("the pass mark needs a value, e.g. 0.75")
    mark = float(value)
    if not 0 < mark <= 1:
        raise ValueError("the pass mark is a fraction above 0 and at most 1 (0.75 = 75 %)")
    return mark


class _QuizDirective(SphinxDirective):
    """Common part: the argument is a JSON file in the book's source folder."""

    mode = "chapter"
    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"id": directives.unchanged}

    def _source(self) -> tuple[str, Path]:
        rel, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        return rel, Path(path)

    def run(self) -> list[nodes.Node]:
        rel, path = self._source()
        if not path.is_file():
            raise self.error(f"{self.name}: no file {rel} (generated by `tdcourse build`)")
        self.env.note_dependency(rel)
        node = quiz_widget()
        node["mode"] = self.mode
        node["quiz_id"] = self.options.get("id") or f"{self.mode}:{self.env.docname}"
        try:
            self.fill(node, path)
        except (ValueError, KeyError, TypeError) as exc:
            raise self.error(f"{self.name}: {rel}: {exc}") from None
        self.set_source_info(node)
        return [node]

    def fill(self, node: quiz_widget, path: Path) -> None:
        raise NotImplementedError


class ChapterQuiz(_QuizDirective):
    """``tdc-quiz``: the chapter's questions, embedded in the page."""

    def fill(self, node: quiz_widget, path: Path) -> None:
        questions = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(questions, list):
            raise ValueError("expected a JSON list of questions")
        for number, question in enumerate(questions, 1):
            missing = [k for k in ("id", "type", "prompt", "k") if k not in question]
            if missing:
                raise ValueError(f"question {number} lacks {', '.join(missing)}")
        node["questions"] = questions


class PracticeQuiz(_QuizDirective):
    """``tdc-practice``: questions drawn from the bank by topic, loaded by the script."""

    mode = "practice"
    option_spec: ClassVar[dict[str, Any]] = {**_QuizDirective.option_spec,
                                             "topics": directives.unchanged}

    def fill(self, node: quiz_widget, path: Path) -> None:
        node["topics"] = list(parse_topics(self.options.get("topics")))
        bank = json.loads(path.read_text(encoding="utf-8"))
        questions = bank.get("questions") if isinstance(bank, dict) else None
        if not isinstance(questions, list):
            raise ValueError("expected a web bank: an object with a list 'questions'")
        counts = Counter(str(question.get("topic") or "") for question in questions)
        node["counts"] = {topic: counts[topic] for topic in node["topics"]}
        _banks(self.env)[self.env.docname] = str(path)


class ExamQuiz(PracticeQuiz):
    """``tdc-exam``: a timed mock exam drawn from the bank."""

    mode = "exam"
    option_spec: ClassVar[dict[str, Any]] = {
        **PracticeQuiz.option_spec, "count": directives.positive_int,
        "time-limit": directives.positive_int, "pass-mark": _pass_mark}

    def fill(self, node: quiz_widget, path: Path) -> None:
        super().fill(node, path)
        node["count"] = self.options.get("count", 30)
        node["time_limit"] = self.options.get("time-limit", 45)
        node["pass_mark"] = self.options.get("pass-mark", 0.75)


# --- the banks the pages use (kept in the pickled environment) ---------------------------------


def _banks(env: BuildEnvironment) -> dict[str, str]:
    """The bank file each practice or exam page uses, by page."""
    return env_store(env, "tdcourse_quiz_banks", dict)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _banks(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str],
           other: BuildEnvironment) -> None:
    for docname in docnames:
        if docname in _banks(other):
            _banks(env)[docname] = _banks(other)[docname]


def bank_script(data: str, name: str) -> str:
    """A topic's bank file: a script that registers its JSON under ``name``."""
    safe = data.strip().replace("<", "\\u003c")
    return f"(window.tdcBanks = window.tdcBanks || {{}})[{json.dumps(name)}] = {safe};\n"


def topic_files(bank: dict[str, Any]) -> dict[str, str]:
    """A web bank split by topic: ``{topic: the JSON of that topic's bank}`` (same format)."""
    by_topic: dict[str, list[Any]] = {}
    for question in bank["questions"]:
        by_topic.setdefault(str(question.get("topic") or ""), []).append(question)
    return {topic: dumps({**bank, "count": len(items), "questions": items, "topic": topic})
            for topic, items in sorted(by_topic.items())}


def _copy_banks(app: Sphinx, exception: Exception | None) -> None:
    """After a successful HTML build: the bank beside the site, one script per topic."""
    if exception is not None or app.builder.format != "html":
        return
    sources = sorted(set(_banks(app.env).values()))
    if not sources:
        return
    if len(sources) > 1:
        logger.warning("the quiz pages use different banks (%s); the site holds only one",
                       ", ".join(sources))
    source = Path(sources[0])
    if not source.is_file():
        logger.warning("quiz bank %s is gone; the practice and exam pages cannot load it", source)
        return
    target = Path(app.outdir) / BANK_DIR
    if target.exists():
        shutil.rmtree(target)  # no topic file of an earlier bank stays behind
    target.mkdir(parents=True)
    lang = app.config.language or "en"
    for topic, text in topic_files(json.loads(source.read_text(encoding="utf-8"))).items():
        (target / f"bank-{topic}.js").write_text(bank_script(text, f"{lang}/{topic}"),
                                                 encoding="utf-8")


# --- HTML ---------------------------------------------------------------------------------------


def _title(env: BuildEnvironment, docname: str) -> str:
    title = env.titles.get(docname)
    return title.astext() if title is not None else docname


def _names(lang: str) -> dict[str, Any]:
    labels = i18n.table(lang, "diagrams.labels")
    return {"seats": dict(i18n.table(lang, "diagrams.seats")),
            "letters": dict(i18n.table(lang, "diagrams.seat_letters")),
            "vul": dict(i18n.table(lang, "diagrams.vulnerability")),
            "calls": {key: str(labels[key]) for key in ("P", "X", "XX")},
            "nt": str(i18n.text(lang, "examples.nt"))}


def mode_ui(lang: str, mode: str) -> dict[str, str]:
    """The interface texts a page of ``mode`` needs (see :data:`UI_MODES`)."""
    out = {}
    for key, text in i18n.table(lang, "quiz.ui").items():
        modes = next((m for prefix, m in UI_MODES.items() if key.startswith(prefix)), MODES)
        if mode in modes:
            out[key] = str(text)
    return out


def widget_config(node: quiz_widget, builder: Any) -> dict[str, Any]:
    """The JSON the script reads (see the module docstring), with links from this page."""
    env: BuildEnvironment = builder.env
    docname: str = builder.current_docname
    lang = env.config.language or "en"
    here = builder.get_target_uri(docname)

    def doc_href(target: str) -> str:
        uri: str = builder.get_target_uri(target)
        return relative_uri(here, uri) or posixpath.basename(uri)  # the page itself: its name

    def chapter(slug: str) -> dict[str, str] | None:
        doc = f"chapters/{slug}"
        if doc not in env.all_docs:
            return None
        return {"title": _title(env, doc), "href": doc_href(doc)}

    index_doc = env.config.tdcourse_law_index_doc
    config: dict[str, Any] = {
        "mode": node["mode"], "id": node["quiz_id"], "lang": lang,
        "ui": mode_ui(lang, node["mode"]), "names": _names(lang),
        "lawIndex": doc_href(index_doc) if index_doc in env.all_docs else "",
    }
    if node["mode"] == "chapter":
        config["packed"] = encode_key(node["questions"])
    else:  # topics: read by the bank modes only
        topics = []
        topic: str
        for topic in node["topics"]:
            entry = {"id": topic, "title": i18n.text(lang, "quiz.topics", topic)}
            found = chapter(TOPIC_CHAPTER.get(topic, ""))
            if found:
                entry["href"] = found["href"]
            topics.append(entry)
        config["topics"] = topics
        config["bankDir"] = relative_uri(here, f"{BANK_DIR}/bank.json").removesuffix("bank.json")
        config["counts"] = node["counts"]
    if node["mode"] == "exam":
        config.update(count=node["count"], timeLimit=node["time_limit"],
                      passMark=node["pass_mark"])
        laws = {}
        for law, slug in law_chapters().items():
            found = chapter(slug)
            if found:
                laws[law] = found
        config["laws"] = laws
    return config


def config_json(config: dict[str, Any]) -> str:
    """JSON safe inside ``<script>``: no ``<`` (so no ``</script>``), no U+2028/2029 surprises."""
    text = compact(config)
    return (text.replace("<", "\\u003c").replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029"))


def visit_html(self: Any, node: quiz_widget) -> None:
    config = widget_config(node, self.builder)
    lang = config["lang"]
    anchor = "tdc-" + "".join(c if c.isalnum() else "-" for c in node["quiz_id"])
    noscript = i18n.text(lang, "quiz.ui", "noscript")
    self.body.append(
        f'<div class="tdc-quiz" id="{anchor}" data-mode="{node["mode"]}" lang="{lang}">'
        f'<script type="application/json" class="tdc-quiz-config">{config_json(config)}</script>'
        f'<noscript><p class="tdc-quiz-noscript">{self.encode(noscript)}</p></noscript>'
        "</div>\n")
    raise nodes.SkipNode


def skip(self: Any, node: quiz_widget) -> None:
    raise nodes.SkipNode


def _page_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """The widget's script and style, on the pages that hold a widget only."""
    if doctree is None or app.builder.format != "html":
        return
    if next(iter(doctree.findall(quiz_widget)), None) is None:
        return
    builder: Any = app.builder
    builder.add_css_file(STYLE)
    builder.add_js_file(SCRIPT, defer="defer")
    if any(node["mode"] != "chapter" for node in doctree.findall(quiz_widget)):
        builder.add_js_file(BANK_SCRIPT, defer="defer")


def asset_names() -> tuple[str, ...]:
    """The static files the widget needs (the extension leaves them off other pages)."""
    return SCRIPT, BANK_SCRIPT, STYLE


def setup(app: Sphinx) -> None:
    """Called by :func:`generator.book.extension.setup`."""
    app.add_node(quiz_widget, html=(visit_html, None), latex=(skip, None), text=(skip, None),
                 man=(skip, None), texinfo=(skip, None))
    app.add_directive("tdc-quiz", ChapterQuiz)
    app.add_directive("tdc-practice", PracticeQuiz)
    app.add_directive("tdc-exam", ExamQuiz)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _page_assets)
    app.connect("build-finished", _copy_banks)

