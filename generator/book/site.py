"""Build the course book: one HTML site per code of the Laws and language, a landing page,
optionally PDFs.

``build_site`` is what ``tdcourse build`` runs after the question bank and the course data:

1. The languages are English (the source) plus every ``book/locales/<lang>/LC_MESSAGES`` folder:
   adding a language means adding its catalogs, nothing else.
2. The Sphinx configuration is Jupyter Book 1's own reading of ``book/_config.yml`` (the same
   function ``jupyter-book config sphinx`` uses), less what would make the site fetch from the
   network (sphinx-thebe, whose script is also loaded twice, intersphinx, comments), plus the
   build's language. No ``conf.py`` is written.
3. A site is one code of the Laws (``refs.EDITIONS``: 1987, 2017) in one language, built into
   ``book/_build/html/<edition>/<lang>/``. Sphinx runs with the tag ``edition<edition>``, so a
   chapter holds text of one code only in ``{only} edition2017`` blocks, and with the
   edition's own table of contents (``book/_toc.yml`` less the documents that
   ``tdcourse_edition_only`` in ``book/_config.yml`` gives to the other code), written to
   ``book/_build/.generated/<edition>/_toc.yml``.
4. For each site the generated parts are produced for that code and language into a store
   ``book/_build/.generated/<edition>/<lang>/`` (a file is rewritten only when its text changes)
   and mirrored into ``book/_generated/`` with their modification times, so Sphinx sees a
   generated file as changed only when that site's text changed: a rebuild after editing one
   chapter rebuilds that chapter only. Each site has its own doctrees.
5. Sphinx runs in this process with warnings as errors (``-W --keep-going``) on a copy of the
   previous output and doctrees staged in a :class:`generator.outputs.Transaction`. The sites
   that built, the landing page (and, in ``tdcourse build``, the bank and course data) replace
   the previous ones together when the transaction commits, with the assistant page's files
   for opening it from disk, once for all the sites (``html/_assistant-runtime/``, see
   :mod:`generator.book.assistant`); a site that fails is dropped from
   it, keeps its previous output whole (and a clean environment, so the next build reports the
   same warnings again), and is reported in one line, while the other sites are updated.
"""

from __future__ import annotations

import copy
import html
import io
import json
import re
import shutil
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.book import (
    assistant,
    charts,
    decisions,
    diagrams,
    examples,
    markup,
    notebooks,
    quizpages,
)
from generator.book.pdf import build_pdf, chromium_path
from generator.book.po import check_catalogs
from generator.book.quizdata import dumps
from generator.book.translations import check_translations
from generator.errors import TdcourseError, shown
from generator.laws.refs import EDITIONS
from generator.outputs import DOCTREES_MARKER, SITE_MARKER, Transaction, checkpoint

SOURCE_LANG = "en"
GENERATED = "_generated"
# Jupyter Book 1 extensions the course leaves out: thebe (a CDN script, declared twice on every
# page), comments (hypothes.is/utterances), intersphinx (fetches inventories), LaTeX extras.
#: Jupyter Book's default extensions the course does not use: each would add its scripts and
#: styles to every page (sphinx-design, the toggle and copy buttons: about 100 KB a page).
DROPPED_EXTENSIONS = ("sphinx_thebe", "sphinx_comments", "sphinx.ext.intersphinx",
                      "sphinx_jupyterbook_latex", "sphinx_multitoc_numbering", "sphinx_design",
                      "sphinx_togglebutton", "sphinx_copybutton")
DROPPED_CONFIG = ("comments_config", "thebe_config", "intersphinx_mapping",
                  "use_multitoc_numbering", "use_jupyterbook_latex")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_WARNING = re.compile(r"^(?P<where>.*?):? ?(?P<kind>WARNING|ERROR|CRITICAL|SEVERE): (?P<msg>.*)$")
_LAW_ROLE = re.compile(r"\{law\}`([^`]*)`")

Say = Callable[[str], None]


class BookBuildError(TdcourseError):
    """The book did not build; the message is one line (``file:line: WARNING: message``)."""


# --- languages and configuration --------------------------------------------------------------


def detect_languages(book: Path) -> list[str]:
    """English first, then each language that has catalogs under ``book/locales``."""
    locales = book / "locales"
    if not locales.is_dir():
        return [SOURCE_LANG]
    found = sorted(d.name for d in locales.iterdir()
                   if (d / "LC_MESSAGES").is_dir() and d.name != SOURCE_LANG)
    return [SOURCE_LANG, *found]


def check_languages(book: Path, langs: Sequence[str] | None) -> list[str]:
    """``langs`` (default: every language) if the book has them all, else a one-line error."""
    available = detect_languages(book)
    wanted = list(dict.fromkeys(langs)) if langs else available
    unknown = [lang for lang in wanted if lang not in available]
    if unknown:
        raise BookBuildError(f"no catalogs for {', '.join(unknown)} in {book / 'locales'} "
                             f"(languages: {', '.join(available)})")
    return wanted


def check_editions(editions: Sequence[str] | None) -> list[str]:
    """``editions`` (default: every code, ``refs.EDITIONS``) if they are all known, else a
    one-line error."""
    wanted = list(dict.fromkeys(editions)) if editions else list(EDITIONS)
    unknown = [edition for edition in wanted if edition not in EDITIONS]
    if unknown:
        raise BookBuildError(f"unknown edition {', '.join(unknown)} (editions: "
                             f"{', '.join(EDITIONS)})")
    return wanted


def _toc_entries_for(entries: Any, drop: Collection[str]) -> Any:
    """The entries of a table of contents (any level) without the files in ``drop``."""
    if isinstance(entries, list):
        return [_toc_entries_for(entry, drop) for entry in entries
                if not (isinstance(entry, dict) and str(entry.get("file", "")) in drop)]
    if isinstance(entries, dict):
        return {key: _toc_entries_for(value, drop) if key in ("chapters", "sections", "parts")
                else value for key, value in entries.items()}
    return entries


def edition_only(book: Path) -> dict[str, list[str]]:
    """Document -> the codes it belongs to, for the documents of one code only
    (``tdcourse_edition_only`` of ``book/_config.yml``'s Sphinx configuration; a code given as
    one string or a list)."""
    import yaml

    config = yaml.safe_load((book / "_config.yml").read_text(encoding="utf-8")) or {}
    given = ((config.get("sphinx") or {}).get("config") or {}).get("tdcourse_edition_only") or {}
    return {str(doc): [str(e) for e in ([codes] if isinstance(codes, str | int) else codes)]
            for doc, codes in sorted(given.items())}


def edition_toc(book: Path, edition: str) -> str:
    """``book/_toc.yml`` for one code: without the documents that belong to the others."""
    import yaml

    drop = {doc for doc, codes in edition_only(book).items() if edition not in codes}
    toc = yaml.safe_load((book / "_toc.yml").read_text(encoding="utf-8"))
    return "# generated from book/_toc.yml by tdcourse build: edit that file instead\n" + \
        yaml.safe_dump(_toc_entries_for(toc, drop), allow_unicode=True, sort_keys=False)


def write_edition_toc(book: Path, edition: str) -> Path:
    """The edition's table of contents in ``book/_build/.generated/<edition>/_toc.yml``
    (rewritten only when it changes)."""
    store = _Store(book / "_build" / ".generated" / edition)
    store.write("_toc.yml", edition_toc(book, edition))
    return store.root / "_toc.yml"


def edition_docs(book: Path, editions: Sequence[str]) -> dict[str, list[str]]:
    """Code -> the documents of its site (where the code switch may land)."""
    from sphinx_external_toc.parsing import parse_toc_yaml

    only = edition_only(book)
    docs = [str(name) for name in parse_toc_yaml(book / "_toc.yml")]
    return {edition: [doc for doc in docs if doc not in only or edition in only[doc]]
            for edition in editions}


def _refuse_templates(config: Mapping[str, Any], config_file: Path) -> None:
    """No page, translation or included part is ever a template: MyST's ``substitution``
    extension evaluates ``{{ ... }}`` and ``{% ... %}`` with an unsandboxed jinja2 in every page
    and every translated message (a shell command from a catalog), so the book may not enable
    it, nor define substitutions for it."""
    if "substitution" in (config.get("myst_enable_extensions") or ()) \
            or config.get("myst_substitutions"):
        raise BookBuildError(
            f"{shown(config_file)}: parse: the MyST substitution extension is not allowed (it "
            "would run {{ ... }} in every page and translation as a template); remove it")


def sphinx_config(book: Path, lang: str, langs: Sequence[str], edition: str = "1987",
                  editions: Sequence[str] = EDITIONS, toc: Path | None = None,
                  ) -> dict[str, Any]:
    """The Sphinx configuration of one site (``edition`` in ``lang``), from
    ``book/_config.yml``; ``toc``: the edition's table of contents (:func:`write_edition_toc`),
    else the book's own."""
    from jupyter_book.config import get_final_config

    config_file = book / "_config.yml"
    if not config_file.exists():
        raise BookBuildError(f"{config_file}: missing (the book's configuration)")
    final = getattr(get_final_config, "__wrapped__", get_final_config)
    try:
        config, _meta = final(user_yaml=config_file, cli_config={"latex_individualpages": False},
                              sourcedir=book, validate=True, raise_on_invalid=True)
    except Exception as exc:  # jsonschema's ValidationError, YAML errors
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BookBuildError(f"{config_file}: {first}") from exc
    config = copy.deepcopy(config)
    _refuse_templates(config, config_file)
    if lang != SOURCE_LANG:  # a translation may not add markup its English source lacks
        check_catalogs(book, lang)  # ... nor be a .po that Babel would half read
        check_translations(book, lang)
    config["extensions"] = [e for e in config["extensions"] if e not in DROPPED_EXTENSIONS]
    for key in DROPPED_CONFIG:
        config.pop(key, None)
    theme = config.setdefault("html_theme_options", {})
    theme.pop("search_bar_text", None)
    if lang != SOURCE_LANG:  # sphinx-book-theme's catalogs lack "Search" in some languages
        from generator.book.extension import book_gettext

        search = book_gettext([book / "locales"], lang, "Search...")
        if search != "Search...":
            theme["search_bar_text"] = search
    # the interface catalogs' contents: a changed label rewrites every page, not only the pages
    # whose text changed (Sphinx rebuilds a page for its own catalog, never for these)
    config["tdcourse_interface_catalogs"] = _interface_catalogs(book, lang)
    theme.setdefault("use_download_button", False)
    # pydata-sphinx-theme logs a console error on every page when no mode is set; the diagrams'
    # suit colours are drawn for a light page.
    config.setdefault("html_context", {}).setdefault("default_mode", "light")
    theme.pop("launch_buttons", None)
    if not str(theme.get("extra_footer") or "").strip():  # a publisher's own footer wins
        theme["extra_footer"] = footer_html(lang, edition)
    # Lists that extensions append to (the theme adds its templates, we add our static files):
    # Sphinx's defaults are shared objects, so two builds in one process would see each other's
    # additions (and a changed configuration hash, i.e. a full rebuild). Our own copies instead.
    for key in ("templates_path", "html_static_path", "html_css_files", "html_js_files",
                "html_extra_path"):
        config[key] = list(config.get(key) or [])
    config["templates_path"].append(str(Path(__file__).parent / "templates"))
    # the search page lists its results without fetching each page for a summary: opened from
    # disk, a browser refuses those fetches (each a console error); the titles are enough
    config["html_show_search_summary"] = False
    config["language"] = lang
    config["tdcourse_languages"] = list(langs)
    config["tdcourse_edition"] = edition
    config["tdcourse_editions"] = list(editions)
    config["tdcourse_edition_docs"] = edition_docs(book, editions)
    if toc is not None:
        config["external_toc_path"] = str(toc)
    result: dict[str, Any] = config
    return result


def footer_html(lang: str, edition: str = "1987") -> str:
    """The footer of every page: the project, its licence, and what it rests on (the page's
    code of the Laws), in the page's language (``site.footer`` of the catalogs; text only,
    escaped)."""
    from generator import i18n

    lines = [html.escape(i18n.text(lang, "site.footer", key))
             for key in ("project", "licence", f"source_{edition}")]
    return '<p class="tdc-footer">' + "<br>".join(lines) + "</p>"


def chapter_docs(book: Path) -> list[str]:
    """The documents of the table of contents (``intro``, ``chapters/05-insufficient-bid``...)."""
    from sphinx_external_toc.parsing import parse_toc_yaml

    site_map = parse_toc_yaml(book / "_toc.yml")
    return [str(name) for name in site_map]


# --- generated parts --------------------------------------------------------------------------


def _load_json(path: Path, default: Any) -> Any:
    if not path.exists():
        return default
    return json.loads(path.read_text(encoding="utf-8"))


class _Store:
    """The generated files of one language, rewritten only when their text changes."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.written: set[str] = set()

    def write(self, rel: str, text: str | bytes) -> None:
        data = text.encode("utf-8") if isinstance(text, str) else text
        path = self.root / rel
        self.written.add(rel)
        if path.exists() and path.read_bytes() == data:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)

    def prune(self) -> None:
        """Delete what this build did not write (a part that is no longer generated)."""
        _keep_only(self.root, self.written)


def _keep_only(root: Path, keep: Collection[str]) -> None:
    """Delete the files under ``root`` whose relative path is not in ``keep``, then the folders
    left empty (deepest first)."""
    for path in sorted(root.rglob("*"), reverse=True):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and rel not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def _mirror(store: Path, target: Path) -> None:
    """Make ``target`` an exact copy of ``store``, modification times included."""
    target.mkdir(parents=True, exist_ok=True)
    wanted = {p.relative_to(store).as_posix() for p in store.rglob("*") if p.is_file()}
    _keep_only(target, wanted)
    for rel in sorted(wanted):
        src, dst = store / rel, target / rel
        st = src.stat()
        if dst.exists():
            dt = dst.stat()
            if dt.st_mtime_ns == st.st_mtime_ns and dt.st_size == st.st_size:
                continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def law_uses(texts: Mapping[str, str], edition: str = "1987") -> dict[str, list[str]]:
    """Clause -> the texts citing it with a ``{law}`` role (``texts`` by name, e.g. slug)."""
    from generator.laws.refs import law_index

    keys = {key.lower(): key for key in law_index(edition)}
    uses: dict[str, set[str]] = {}
    for name, text in texts.items():
        for line in text.splitlines():
            for match in _LAW_ROLE.finditer(line):
                inner = match.group(1)
                key = inner.rsplit("<", 1)[1].rstrip(">").strip() if inner.endswith(">") \
                    and "<" in inner else inner.strip()
                canonical = keys.get(key.lower())
                if canonical:
                    uses.setdefault(canonical, set()).add(name)
    return {key: sorted(where) for key, where in sorted(uses.items())}


@dataclass(frozen=True)
class Sources:
    """Where the book reads the question bank and the course data from: by default their places
    under the project, in ``tdcourse build`` the new ones it has staged (not yet in place)."""

    bank: Path | None = None
    data: Path | None = None


def generate(root: Path, lang: str, store: _Store, edition: str = "1987",
             sources: Sources = Sources(), decision_pdfs: bool = False) -> None:
    """Write the generated parts of the site ``edition`` in ``lang`` into ``store``.

    How the generator modules are called:
    ``examples.worked_examples(records, slug, lang)`` with every record of the edition's bank
    (``quizzes/bank/<edition>/scenarios.json``, :func:`generator.build.bank_path`; the records
    of the site's code only); the bank's questions in ``lang`` and the quiz definitions of
    ``book/_build/data/<edition>/quizzes.json`` (by topic: the slug without its number), giving
    the chapter's quiz questions (:func:`generator.book.quizpages.chapter_web_questions`), which
    its quiz part and its Jupyter notebook (``notebooks.chapter_notebook``, linked at the end of
    the quiz part) both show, the web bank and the practice and mock exam parts;
    ``examples.law_index_page(lang, uses, questions=..., edition=...)`` with the clauses cited
    by each chapter's own text (:func:`law_uses`, as chapter slugs) merged with
    ``examples.example_uses`` and ``examples.quiz_uses``, and the bank's questions in ``lang``
    (how many cite each clause);
    ``charts.chart(name, lang)`` for each name of ``charts.CHARTS``;
    ``decisions.decision(name, lang)`` for each name of ``decisions.NAMES`` (the decision charts
    page) and the link to its printable page for its chapter (``decision_pdfs``: to the PDF,
    else to the HTML page, when Chromium is not there to print it).
    """
    book = root / "book"
    docs = chapter_docs(book)
    slugs = [doc.split("/", 1)[1] for doc in docs if doc.startswith("chapters/")]

    from generator.build import bank_path

    bank = sources.bank or bank_path(root, edition)
    # a site shows the rulings of its own code only (a record without an edition is 1987's):
    # until the banks per edition exist, the 2017 sites find none in the 1987 bank
    records: list[dict[str, Any]] = [r for r in _load_json(bank / "scenarios.json", [])
                                     if str(r.get("edition", "1987")) == edition]
    bank_file = bank / f"questions.{lang}.json"
    every_question: list[dict[str, Any]] = _load_json(bank_file, [])
    questions = [q for q in every_question if str(q.get("edition", "1987")) == edition]
    data = sources.data or root / "book" / "_build" / "data" / edition
    definitions: dict[str, Any] = _load_json(data / "quizzes.json", {})
    by_topic: dict[str, list[str]] = definitions.get("chapters", {})
    practice: dict[str, Any] = definitions.get("practice", {})
    exam: dict[str, Any] = definitions.get("mock_exam", {})
    # the quiz's questions that are the site's code's (a selection drawn from another code's
    # bank, while one bank serves both, leaves the chapter without a quiz, not with a warning)
    ids = {str(q.get("id")) for q in questions}
    selections = {slug: None if chosen is None else [i for i in chosen if i in ids]
                  for slug in slugs for chosen in [by_topic.get(slug.split("-", 1)[1])]}

    # a worked example never shows a board the chapter's quiz asks about: the example's
    # question and ruling would repeat the quiz question word for word
    taken = {slug: examples.quiz_scenarios(questions, slug, selections[slug]) for slug in slugs}
    for slug in slugs:
        store.write(f"examples/{slug}.md",
                    examples.worked_examples(records, slug, lang, exclude=taken[slug],
                                              edition=edition))
        quiz = quizpages.chapter_web_questions(questions, slug, lang, selections[slug])
        store.write(f"quiz/{slug}.json", dumps(quiz))
        store.write(f"notebooks/{slug}.ipynb",
                    notebooks.chapter_notebook(slug, lang, quiz, records, taken[slug],
                                               edition=edition))
        text = quizpages.chapter_quiz_part(slug, lang, quiz)
        text = (text + "\n" if text else "") + notebooks.notebook_intro_link(slug, lang)
        store.write(f"quiz/{slug}.md", text)
    store.write("quiz/bank.json", quizpages.bank_json(questions, lang))
    store.write("quiz/practice.md", quizpages.practice_part(practice.get("topics")))
    store.write("quiz/mock-exam.md", quizpages.exam_part(
        int(exam.get("count", 30)), int(exam.get("time_limit_minutes", 45)),
        float(exam.get("pass_mark", 0.75)), exam.get("topics")))

    for name in charts.specs(edition):
        svg = charts.chart(name, lang, edition=edition)
        store.write(f"charts/{name}.svg", svg)
        # the page-ready form a chapter includes: the chart inline, so it prints in the PDF
        # (in a fence no text of the chart can close)
        # with its narrow form for a phone, and the button that opens it at full size
        store.write(f"charts/{name}.md", markup.raw_html(diagrams.figure(
            svg, charts.chart(name, lang, narrow=True, edition=edition),
            charts.wide_width(name, edition), lang,
            cls="tdc-chart-figure", ident=f"chart-{name}")) + "\n")

    store.write("decisions/index.md", decisions.index_page(lang, decision_pdfs, edition))
    for name in decisions.names(edition):
        store.write(f"decisions/{name}.md", markup.raw_html(
            decisions.link_markup(name, lang, decision_pdfs, "../", edition)) + "\n")

    if len(questions) == len(every_question):  # the bank's file as it is
        store.write("bank/questions.json",
                    bank_file.read_bytes() if bank_file.exists() else "[]\n")
    else:
        store.write("bank/questions.json",
                    json.dumps(questions, ensure_ascii=False, indent=1) + "\n")

    texts = {doc.split("/", 1)[1]: (book / f"{doc}.md").read_text(encoding="utf-8")
             for doc in docs if doc.startswith("chapters/") and (book / f"{doc}.md").exists()}
    uses = examples.merge_uses(law_uses(texts, edition),
                               examples.example_uses(records, exclude=taken, edition=edition),
                               examples.quiz_uses(questions, selections, edition=edition))
    store.write("law-index.md", examples.law_index_page(lang, uses, questions=questions,
                                                        edition=edition))
    if edition == "2017":  # the page that shows a 1987 director what the 2017 code changed
        from generator.book import changes

        store.write("changes/what-changed.md", changes.what_changed_part(lang))
        store.write("changes/what-changed.json", changes.quiz_json(lang))
    store.prune()


# --- running Sphinx ---------------------------------------------------------------------------


def _interface_catalogs(book: Path, lang: str) -> str:
    """A digest of the language's interface catalogs (``_book.po``, the themes' ``sphinx.po``)."""
    import hashlib

    digest = hashlib.sha256()
    for name in ("_book.po", "sphinx.po"):
        path = book / "locales" / lang / "LC_MESSAGES" / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b""))
    return digest.hexdigest()


def _first_warning(text: str) -> tuple[str, int]:
    """The first warning of Sphinx's warning stream as one line, and how many there were."""
    lines = [_ANSI.sub("", line).rstrip() for line in text.splitlines()]
    found = [line for line in lines if _WARNING.match(line)]
    if not found:
        found = [line for line in lines if line.strip()]
    if not found:
        return "", 0
    first = found[0]
    where = _WARNING.match(first)
    if where and where.group("where"):
        file, sep, line = where.group("where").partition(":")
        if Path(file).is_absolute():
            first = f"{shown(Path(file))}{sep}{line}: {where.group('kind')}: {where.group('msg')}"
    return first, len(found)


def run_sphinx(book: Path, builder: str, config: Mapping[str, Any], outdir: Path,
               doctreedir: Path, tags: Sequence[str] = ()) -> tuple[int, str]:
    """One Sphinx build in this process; returns its status and its warning stream. ``tags``:
    the ``{only}`` tags of the build (``edition2017``)."""
    import sphinx.locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    sphinx.locale.translators.clear()  # catalogs are per process: never mix two languages
    status, warnings = io.StringIO(), io.StringIO()
    with patch_docutils(str(book)), docutils_namespace():
        app = Sphinx(srcdir=book, confdir=None, outdir=outdir, doctreedir=doctreedir,
                     buildername=builder, confoverrides=dict(copy.deepcopy(config)),
                     status=status, warning=warnings, freshenv=False, warningiserror=True,
                     tags=list(tags), keep_going=True, verbosity=0, parallel=1)
        app.build()
    sphinx.locale.translators.clear()
    return app.statuscode, warnings.getvalue()


def edition_tag(edition: str) -> str:
    """The Sphinx tag of a code's build: ``{only} edition2017`` blocks are in its pages."""
    return f"edition{edition}"


def site_dir(root: Path, edition: str, lang: str, builder: str = "html") -> Path:
    """Where the site of ``edition`` in ``lang`` is published: ``book/_build/html/1987/ru``."""
    return root / "book" / "_build" / builder / edition / lang


def build_one(root: Path, lang: str, langs: Sequence[str], builder: str = "html",
              tx: Transaction | None = None, edition: str = "1987",
              editions: Sequence[str] = EDITIONS) -> Path:
    """Build one site (``edition`` in ``lang``) with one builder for
    ``book/_build/<builder>/<edition>/<lang>``.

    The output and its doctrees are staged in ``tx`` (moved into place when ``tx`` commits) and
    the staged output is returned; without ``tx`` they are moved into place at once."""
    if tx is None:
        with Transaction(root / "book" / "_build") as own:
            build_one(root, lang, langs, builder, own, edition, editions)
            own.commit()
        return site_dir(root, edition, lang, builder)
    book = root / "book"
    build_dir = book / "_build"
    target = site_dir(root, edition, lang, builder)
    doctrees = build_dir / ".doctrees" / f"{builder}-{edition}-{lang}"
    name = f"{edition}/{lang}"
    log = build_dir / f"warnings-{builder}-{edition}-{lang}.txt"
    config = sphinx_config(book, lang, langs, edition, editions, write_edition_toc(book, edition))
    out = tx.folder(target, SITE_MARKER)
    trees = tx.folder(doctrees, DOCTREES_MARKER)
    # Start from the previous good state, so Sphinx rebuilds only what changed.
    if target.is_dir() and doctrees.is_dir():
        shutil.copytree(target, out, symlinks=True, dirs_exist_ok=True)
        shutil.copytree(doctrees, trees, symlinks=True, dirs_exist_ok=True)
    try:
        code, warnings = run_sphinx(book, builder, config, out, trees, [edition_tag(edition)])
    except Exception as exc:  # an extension's or the configuration's error
        message = " ".join(str(exc).split()) or type(exc).__name__
        raise BookBuildError(f"{name} book: {type(exc).__name__}: {message}") from exc
    if code != 0 or warnings.strip():
        first, count = _first_warning(warnings)
        log.write_text(_ANSI.sub("", warnings), encoding="utf-8")
        more = f" ({count - 1} more in {shown(log)})" if count > 1 else ""
        raise BookBuildError(f"{first or 'the build failed'}{more} [{name} build failed; "
                             f"the previous {builder}/{name} output is unchanged]")
    log.unlink(missing_ok=True)
    return out


# --- the site around the sites ----------------------------------------------------------------


_REDIRECT = ('<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
             '<meta http-equiv="refresh" content="0; url={0}"><title>{0}</title></head>'
             '<body><a href="{0}">{0}</a></body></html>\n')


def _root_doc(book: Path) -> str:
    from sphinx_external_toc.parsing import parse_toc_yaml

    return str(parse_toc_yaml(book / "_toc.yml").root.docname)


def edition_label(book: Path, lang: str, edition: str) -> str:
    """The name of a code in ``lang`` ("The 2017 Laws", «Правила 2017 года»), as the pages'
    switch shows it (:data:`generator.book.extension.EDITION_LABELS`)."""
    from generator.book.extension import EDITION_LABELS, book_gettext

    return book_gettext([book / "locales"], lang, EDITION_LABELS.get(edition, edition))


def landing_page(book: Path, sites: Sequence[tuple[str, str]]) -> str:
    """The plain HTML page at ``_build/html/index.html``: a card per code, a link per
    language of it (``sites``: the (edition, lang) published), every label in its own
    language, so a reader of either language finds their way before choosing."""
    import yaml

    from generator.book.extension import book_gettext, language_name

    title = str(yaml.safe_load((book / "_config.yml").read_text(encoding="utf-8"))["title"])
    root_doc = _root_doc(book)
    langs = list(dict.fromkeys(lang for _edition, lang in sites))
    editions = list(dict.fromkeys(edition for edition, _lang in sites))
    local = {lang: html.escape(book_gettext([book / "locales"], lang, title)) for lang in langs}
    headings = "".join(f'<span class="title" lang="{lang}">{local[lang]}</span>'
                       for lang in langs)
    cards = []
    for edition in editions:
        names = " / ".join(f'<span lang="{lang}">{html.escape(edition_label(book, lang, edition))}'
                           "</span>" for lang in langs)
        links = []
        for lang in langs:
            if (edition, lang) not in sites:
                continue
            label = edition_label(book, lang, edition)
            links.append(f'<li lang="{lang}"><a href="{edition}/{lang}/{root_doc}.html" '
                         f'hreflang="{lang}"><span class="name">'
                         f'{html.escape(language_name(lang))}</span><span class="code">'
                         f'{html.escape(label)}</span></a></li>')
        cards.append(f'<section class="edition" id="edition-{edition}">\n<h2>{names}</h2>\n'
                     '<ul>\n' + "\n".join(links) + "\n</ul>\n</section>")
    icon = f"{sites[0][0]}/{sites[0][1]}/_static/favicon.svg" if sites else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        + (f'<link rel="icon" href="{icon}">\n' if icon else "")
        + f"<title>{html.escape(title)}</title>\n<style>\n"
        "body{font-family:system-ui,sans-serif;max-width:44em;margin:3em auto;padding:0 1em;"
        "color:#222}\nh1 .title{display:block}\nh1 .title+.title{font-size:.7em;"
        "font-weight:400;margin-top:.3em}\nh2{font-size:1.2em;margin-top:2em}\n"
        "ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1em}\nli{flex:1 1 14em}\n"
        "a{display:block;padding:1em 1.25em;border:1px solid #ccd;border-radius:8px;"
        "text-decoration:none;color:inherit}\na:hover,a:focus{border-color:#36c;"
        "background:#f5f8ff}\n.name{display:block;font-weight:600;font-size:1.2em;"
        "color:#36c}\n.code{display:block;margin-top:.3em}\n</style>\n</head>\n<body>\n"
        f"<h1>{headings}</h1>\n" + "\n".join(cards) + "\n</body>\n</html>\n")


def _has_playwright() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


def _count_pages(site: Path) -> int:
    return sum(1 for p in site.rglob("*.html")
               if not p.relative_to(site).parts[0].startswith("_")
               and p.name not in ("genindex.html", "search.html", "index.html"))


def _generation_inputs(root: Path, edition: str, lang: str, sources: Sources,
                       decision_pdfs: bool) -> str:
    """A digest of everything :func:`generate` reads for one site: the bank's records and the
    language's questions, the course data, the book's table of contents, the clauses each
    chapter cites (:func:`law_uses`: its only use of the chapters' text), and the generator
    itself (its code, catalogs and law data). When it is unchanged the store already holds what
    generating would write again, so a rebuild after editing one chapter's prose is not spent
    re-ruling every example of the book."""
    import hashlib

    from generator.build import bank_path

    book = root / "book"
    bank = sources.bank or bank_path(root, edition)
    data = sources.data or book / "_build" / "data" / edition
    package = Path(__file__).resolve().parents[1]
    paths = [bank / "scenarios.json", bank / f"questions.{lang}.json", data / "quizzes.json",
             book / "_toc.yml", book / "_config.yml"]
    paths += sorted(p for p in package.rglob("*")
                    if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    docs = chapter_docs(book)
    texts = {doc.split("/", 1)[1]: (book / f"{doc}.md").read_text(encoding="utf-8")
             for doc in docs if doc.startswith("chapters/") and (book / f"{doc}.md").exists()}
    cited = json.dumps(law_uses(texts, edition), sort_keys=True)
    digest = hashlib.sha256(f"{edition}\0{lang}\0{decision_pdfs}\0{cited}\0".encode())
    for path in paths:
        digest.update(str(path).encode() + b"\0")
        digest.update(path.read_bytes() if path.is_file() else b"\0missing\0")
    return digest.hexdigest()


def _build_site_one(root: Path, edition: str, lang: str, available: Sequence[str],
                    editions: Sequence[str], say: Say, pdf: bool, tx: Transaction,
                    sources: Sources, decision_pdfs: bool) -> None:
    """Generate, build (and print) one site into ``tx``."""
    from generator.book.extension import language_name

    book = root / "book"
    started = time.perf_counter()
    store = _Store(book / "_build" / ".generated" / edition / lang)
    inputs = _generation_inputs(root, edition, lang, sources, decision_pdfs)
    stamp = store.root.parent / f"{lang}.inputs"  # what the store was generated from
    if not (store.root.is_dir() and stamp.is_file()
            and stamp.read_text(encoding="utf-8") == inputs):
        stamp.unlink(missing_ok=True)  # a generation that fails leaves no stamp
        try:
            generate(root, lang, store, edition=edition, sources=sources,
                     decision_pdfs=decision_pdfs)
        except TdcourseError:
            raise
        except Exception as exc:
            raise BookBuildError(f"generating the {edition}/{lang} parts of the book failed: "
                                 f"{type(exc).__name__}: {exc}") from exc
        stamp.write_text(inputs, encoding="utf-8")
    _mirror(store.root, book / GENERATED)
    site = build_one(root, lang, available, tx=tx, edition=edition, editions=editions)
    assistant.install(root, site, lang, edition=edition)
    printed = decisions.write_print_pages(site / "decisions", lang, decision_pdfs, edition)
    if printed:
        say(f"printed {len(printed)} decision chart PDF(s) ({edition}, {language_name(lang)})")
    root_doc = _root_doc(book)
    if root_doc != "index":
        (site / "index.html").write_text(_REDIRECT.format(f"{root_doc}.html"), encoding="utf-8")
    say(f"built {shown(site_dir(root, edition, lang))}/ "
        f"({edition}, {language_name(lang)}, {_count_pages(site)} pages) in "
        f"{time.perf_counter() - started:.1f} s")
    if pdf:
        single = build_one(root, lang, available, builder="singlehtml", tx=tx, edition=edition,
                           editions=editions)
        out_pdf = book / "_build" / "pdf" / f"course-{edition}-{lang}.pdf"
        build_pdf(single / f"{root_doc}.html", tx.file(out_pdf))
        say(f"built {shown(out_pdf)} ({edition}, {language_name(lang)} PDF)")


def build_site(root: Path, langs: Sequence[str] | None = None, say: Say = print,
               pdf: bool = False, tx: Transaction | None = None,
               sources: Sources | Mapping[str, Sources] = Sources(),
               editions: Sequence[str] | None = None,
               failures: list[TdcourseError] | None = None) -> Path:
    """Build the book for ``editions`` (default: every code) in ``langs`` (default: every
    language) under ``book/_build/html/<edition>/<lang>``; returns ``book/_build/html``.

    ``sources``: where each edition's bank and course data are (one :class:`Sources` for every
    edition, or one per edition). Every site (its pages, doctrees and PDF) and the landing page
    are staged in ``tx``. A site that fails is dropped from ``tx`` (its previous output stays
    as it was) and reported in one line: appended to ``failures`` when given (the caller
    commits ``tx``, then reports), else raised at the end, before the caller's commit. Without
    ``tx`` this function commits its own with every site that built, then raises the first
    failure (a :class:`BookBuildError`, exit status 2 in ``tdcourse build``)."""
    if tx is None:
        found: list[TdcourseError] = []
        with Transaction(root / "book" / "_build") as own:
            html_dir = build_site(root, langs, say, pdf, own, sources, editions, found)
            own.commit()
        if found:
            raise first_failure(found)
        return html_dir
    book = root / "book"
    available = detect_languages(book)
    wanted = check_languages(book, langs)
    codes = check_editions(editions)
    html_dir = book / "_build" / "html"
    decision_pdfs = chromium_path() is not None and _has_playwright()
    if not decision_pdfs:
        say("decision charts: no PDF (Chromium missing: apt-get install -y chromium); "
            "their pages link to the printable HTML page instead")
    failed: list[TdcourseError] = []
    built: list[tuple[str, str]] = []
    for edition in codes:
        own_sources = sources if isinstance(sources, Sources) else sources.get(edition, Sources())
        for lang in wanted:
            try:
                _build_site_one(root, edition, lang, available, codes, say, pdf, tx,
                                own_sources, decision_pdfs)
            except TdcourseError as exc:
                for builder in ("html", "singlehtml"):
                    tx.drop(site_dir(root, edition, lang, builder))
                    tx.drop(book / "_build" / ".doctrees" / f"{builder}-{edition}-{lang}")
                tx.drop(book / "_build" / "pdf" / f"course-{edition}-{lang}.pdf")
                say(f"failed: {edition}/{lang}: {_one_line(exc)}")
                failed.append(exc)
                continue
            built.append((edition, lang))
            checkpoint("build:language")
    present = [(edition, lang) for edition in EDITIONS for lang in available
               if (edition, lang) in built or (html_dir / edition / lang).is_dir()]
    landing = html_dir / "index.html"
    tx.write_text(landing, landing_page(book, present))
    # the assistant page's engine files as scripts, once for all the sites: opened from disk
    if any(((tx.staged(site_dir(root, edition, lang)) or site_dir(root, edition, lang))
            / assistant.PAGE).is_file() for edition, lang in present):
        for name, data in assistant.runtime_scripts(root).items():
            tx.file(html_dir / assistant.RUNTIME / name).write_bytes(data)
    say(f"built {shown(landing)} (the landing page: "
        f"{', '.join(f'{edition}/{lang}' for edition, lang in present)})")
    if failed:
        if failures is None:
            raise first_failure(failed)
        failures.extend(failed)
    return html_dir


def _one_line(exc: TdcourseError) -> str:
    from generator.errors import InputError

    return exc.one_line() if isinstance(exc, InputError) else str(exc)


def first_failure(failed: Sequence[TdcourseError]) -> TdcourseError:
    """The first failure, to raise: a site's build failure saying how many other sites failed
    too (each was said in its own line); any other error (a refused translation, an input
    error) as it is, so that it keeps its kind and its one line."""
    first = failed[0]
    if len(failed) == 1 or not isinstance(first, BookBuildError):
        return first
    return BookBuildError(f"{first} (and {len(failed) - 1} more site(s) failed, listed above)")
