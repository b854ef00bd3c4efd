"""The course's Sphinx extension (``generator.book.extension``), loaded by ``book/_config.yml``.

What ``setup`` adds, in the order a reader meets it on a page:

* the ``law`` role: ``{law}`27B2` `` (or ``{law}`Law 27B2 <27B2>` ``) links a clause to its entry
  on the law index page (anchor ``law-27B2``); a clause missing from the edition's index, or from
  the law index page, is a located warning (so an error under ``-W``);
* anchors ``law-<clause>`` on the law index page exactly as cited (docutils lower-cases ids, so
  a MyST target ``(law-27B2)=`` gets the cased id added);
* a switch of code at the top of every HTML page: the page's code of the Laws as a badge
  ("The 1987 Laws", «Правила 1987 года», from ``_book.po``), and a link to the same page in the
  site of each other code of ``tdcourse_editions``
  (``../../2017/ru/chapters/05-insufficient-bid.html``), or to that site's root page when the
  page is not in it (``tdcourse_edition_docs``: the documents of each code's site);
* a language switch beside it: a link to the same page in each other language of
  ``tdcourse_languages`` (``../ru/chapters/05-insufficient-bid.html``), the names written in
  their own language (Babel's locale data, so a new language needs no code);
* the book's title in the build's language, from ``locales/<lang>/LC_MESSAGES/_book.po``,
  followed by the name of the site's code (so every page's title says which code it teaches);
* the course's icon (``static/favicon.svg``) unless the book sets its own;
* our static CSS/JS (every ``*.css`` and ``*.js`` in ``generator/book/static``, package data),
  except the quiz widget's, which :mod:`generator.book.quiz` adds to the pages holding a quiz;
* the quiz directives ``tdc-quiz``, ``tdc-practice`` and ``tdc-exam`` (:mod:`generator.book.quiz`);
* an offline guard: a page that would make the browser fetch an ``http(s)://`` resource (a
  script, a stylesheet, an image, an iframe) is a warning naming the page and the URL. With the
  thebe, MathJax and web-font defaults of Jupyter Book this is what keeps the site offline;
* the themes' labels in the page's language: the themes translate most of their tooltips and
  landmarks with Sphinx's ``sphinx`` message domain, and the book's
  ``locales/<lang>/LC_MESSAGES/sphinx.po`` (read before the themes' own catalogs) fills and
  corrects them; the few the themes write without a translation call (:data:`THEME_LABELS`) are
  translated from that catalog after the build.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from generator.book import markup

logger = logging.getLogger(__name__)
T = TypeVar("T")

STATIC_DIR = Path(__file__).parent / "static"
BOOK_CATALOG = "_book"  # locales/<lang>/LC_MESSAGES/_book.po: the book's own UI strings
_LAW_ID = re.compile(r"^law-(.+)$", re.IGNORECASE)
_RAW_LAW_ID = re.compile(r"""\bid\s*=\s*["']law-([^"']+)["']""", re.IGNORECASE)
_ROLE_TEXT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
_BODY_RESOURCE = re.compile(
    r"""<(?:script|img|image|iframe|source|audio|video|embed|object|link|track|input)\b[^>]*?"""
    r"""\b(?:src|href|xlink:href|srcset|data|poster)\s*=\s*["']\s*((?:https?:)?//[^"'\s]+)"""
    r"""|url\(\s*["']?\s*((?:https?:)?//[^"')\s]+)""", re.IGNORECASE)


class law_reference(nodes.Inline, nodes.TextElement):  # docutils names nodes in lower case
    """A clause citation, resolved into a link by :class:`LawReferences` at write time."""


# --- the book's own strings (title, labels) -------------------------------------------------


@cache
def _catalog(locale_dir: str, lang: str, mtime: float) -> dict[str, str]:
    from babel.messages.pofile import read_po

    path = Path(locale_dir) / lang / "LC_MESSAGES" / f"{BOOK_CATALOG}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return {str(m.id): str(m.string) for m in catalog
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string
            and not m.fuzzy}


def book_gettext(locale_dirs: list[Path], lang: str, text: str) -> str:
    """``text`` translated by the book catalog ``_book.po`` of ``lang`` (itself if none)."""
    for locale_dir in locale_dirs:
        path = locale_dir / lang / "LC_MESSAGES" / f"{BOOK_CATALOG}.po"
        if path.exists():
            found = _catalog(str(locale_dir), lang, path.stat().st_mtime).get(text)
            if found:
                return found
    return text


def _locale_dirs(app: Sphinx) -> list[Path]:
    return [Path(app.srcdir, d) for d in app.config.locale_dirs]


def language_name(lang: str) -> str:
    """The name of a language in that language ("English", "Русский"), from Babel's data."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(lang.replace("-", "_")).get_display_name(lang.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return lang
    return (name[:1].upper() + name[1:]) if name else lang


def _translate_config(app: Sphinx, config: Config) -> None:
    lang = config.language or "en"
    dirs = _locale_dirs(app)  # app.config is config
    for key in ("html_title", "project"):
        value = getattr(config, key, None)
        if isinstance(value, str) and value:
            setattr(config, key, book_gettext(dirs, lang, value))
    if config.html_title and config.tdcourse_editions:  # a book built for one code says none
        config.html_title = f"{config.html_title} ({edition_label(app, config.tdcourse_edition)})"
    if str(STATIC_DIR) not in config.html_static_path:
        config.html_static_path.append(str(STATIC_DIR))
    if not config.html_favicon:  # else every browser asks the server for /favicon.ico (a 404)
        config.html_favicon = str(STATIC_DIR / "favicon.svg")


def _refresh_static(app: Sphinx, exception: Exception | None) -> None:
    """Our static files in the output, even when no page was out of date: Sphinx copies static
    files only in a build that writes pages, so a new widget script (an upgraded tdcourse) would
    otherwise never reach an unchanged book."""
    from sphinx.util.osutil import copyfile

    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static"
    if not target.is_dir():
        return
    for path in sorted(STATIC_DIR.iterdir()):
        if path.is_file():
            copyfile(path, target / path.name, __overwrite_warning__=False)


def _drop_notebook_css(app: Sphinx, config: Config) -> None:
    """MyST-NB's stylesheet (about 40 KB on every page) styles notebook cells and outputs,
    which the course's pages do not have (its notebooks are downloads, not pages): not linked.
    Done before the builder reads the registry's stylesheets."""
    app.registry.css_files = [(name, attrs) for name, attrs in app.registry.css_files
                              if not name.startswith("mystnb.")]


def _escape_search_titles(app: Sphinx, exception: Exception | None) -> None:
    """The search page shows the section titles of ``searchindex.js`` with ``innerHTML``, and
    Sphinx stores them as plain text: a heading whose text holds ``<img onerror=...>`` (shown
    harmlessly on its page) would run on the search page. Stored escaped instead (unescaped
    first, so that titles kept from a previous build are not escaped twice: a rebuild writes
    the same index as a clean build)."""
    import html

    if exception is not None or app.builder.format != "html":
        return
    path = Path(app.outdir, "searchindex.js")
    if not path.is_file():
        return
    from sphinx.search import js_index

    data = js_index.loads(path.read_text(encoding="utf-8"))
    titles = data.get("alltitles") if isinstance(data, dict) else None
    if not isinstance(titles, dict):
        return
    escaped: dict[str, list[Any]] = {}
    for title, places in titles.items():
        bucket = escaped.setdefault(html.escape(html.unescape(title), quote=False), [])
        bucket.extend(place for place in places if place not in bucket)
    data["alltitles"] = {title: sorted(places, key=lambda place: [str(p) for p in place])
                         for title, places in escaped.items()}
    text = js_index.dumps(data)
    if text != path.read_text(encoding="utf-8"):
        path.write_text(text, encoding="utf-8")


def _slim_theme(app: Sphinx, exception: Exception | None) -> None:
    """The theme's icon bundle replaced by the icons we use, its unused icon rules and source
    maps dropped (:mod:`generator.book.icons`)."""
    if exception is not None or app.builder.format != "html":
        return
    import pydata_sphinx_theme  # type: ignore[import-untyped]

    from generator.book import icons

    theme = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme"
    icons.slim(Path(app.outdir), theme / "static" / "scripts" / "fontawesome.js")


#: Labels that sphinx-book-theme writes as plain text, with no translation call (its sidebar
#: toggles' tooltips and its navigation landmarks): (attribute, English text).
THEME_LABELS = (("title", "Toggle primary sidebar"), ("title", "Toggle secondary sidebar"),
                ("aria-label", "Main"), ("aria-label", "Page"))


def _translate_theme_labels(app: Sphinx, exception: Exception | None) -> None:
    """:data:`THEME_LABELS` translated in every page of a language other than English, through
    the ``sphinx`` message domain (the book's ``sphinx.po``); a label without a translation is
    left as it is. Rewrites only the exact attribute, so running it again changes nothing."""
    english = (app.config.language or "en") == "en"
    if exception is not None or app.builder.format != "html" or english:
        return
    from sphinx.locale import get_translation

    translate = get_translation("sphinx")
    swaps = [(f'{name}="{text}"', f'{name}="{markup.attribute(str(translate(text)))}"')
             for name, text in THEME_LABELS if str(translate(text)) != text]
    if not swaps:
        return
    for path in sorted(Path(app.outdir).rglob("*.html")):
        page = path.read_text(encoding="utf-8")
        changed = page
        for old, new in swaps:
            changed = changed.replace(old, new)
        if changed != page:
            path.write_text(changed, encoding="utf-8")


def _add_static(app: Sphinx) -> None:
    from generator.book.quiz import asset_names

    page_only = set(asset_names())  # the quiz widget's: added only where a page holds a quiz
    for path in sorted(STATIC_DIR.glob("*.css")):
        if path.name not in page_only:
            app.add_css_file(path.name)
    for path in sorted(STATIC_DIR.glob("*.js")):
        if path.name not in page_only:
            app.add_js_file(path.name, defer="defer")


# --- the law role ---------------------------------------------------------------------------


def _law_keys(edition: str) -> dict[str, str]:
    """Every clause key of the edition's index, by its lower-case form."""
    from generator.laws.refs import law_index

    return {key.lower(): key for key in law_index(edition)}


def law_role(name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
             options: dict[str, Any] | None = None, content: list[str] | None = None,
             ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{law}`27B2` `` or ``{law}`shown text <27B2>` ``: a link to the clause's index entry."""
    match = _ROLE_TEXT.match(text)
    shown, key = (match.group(1), match.group(2).strip()) if match else (text, text.strip())
    env = inliner.document.settings.env
    canonical = _law_keys(env.config.tdcourse_edition).get(key.lower())
    _citers(env).add(env.docname)
    # a clause unknown to the site's code is reported when the page is written, not here: in
    # an ``{only} edition1987`` block of a 2017 site it is dropped before then, unreported
    node = law_reference(rawtext, "", key=canonical or key, unknown=canonical is None)
    node += nodes.Text(shown if match or canonical is None else canonical)
    node.line = lineno
    return [node], []


def env_store(env: BuildEnvironment, name: str, empty: Callable[[], T]) -> T:
    """The extension's own data kept in Sphinx's pickled environment as attribute ``name``
    (created empty on first use): it survives incremental builds with the pages it describes."""
    store: T | None = getattr(env, name, None)
    if store is None:
        store = empty()
        setattr(env, name, store)
    return store


def _anchors(env: BuildEnvironment) -> dict[str, set[str]]:
    """The ``law-<clause>`` anchors each page defines."""
    return env_store(env, "tdcourse_law_anchors", dict)


def _citers(env: BuildEnvironment) -> set[str]:
    """The pages that cite a clause (they are checked again when the law index changes)."""
    return env_store(env, "tdcourse_law_citers", set)


def _collect_anchors(app: Sphinx, doctree: nodes.document) -> None:
    """Record (and case-correct) the ``law-<clause>`` anchors a page defines."""
    keys = _law_keys(app.config.tdcourse_edition)
    exact: set[str] = set()  # ids already written with the clause's exact case (raw HTML)
    for raw in doctree.findall(nodes.raw):
        exact.update(m.group(1) for m in _RAW_LAW_ID.finditer(raw.astext()))
    found = {keys[key.lower()] for key in exact if key.lower() in keys}
    for node in doctree.findall(nodes.Element):
        ids: list[str] = node.get("ids", [])
        for id_ in list(ids):
            match = _LAW_ID.match(id_)
            if match and match.group(1).lower() in keys:
                key = keys[match.group(1).lower()]
                found.add(key)
                if f"law-{key}" not in ids and key not in exact:
                    ids.append(f"law-{key}")
                    exact.add(key)
    if found:
        _anchors(app.env)[app.env.docname] = found
    else:
        _anchors(app.env).pop(app.env.docname, None)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    if docname == app.config.tdcourse_law_index_doc:
        setattr(env, "tdcourse_old_law_anchors", _anchors(env).get(docname))  # noqa: B010
    _anchors(env).pop(docname, None)
    _citers(env).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str],
           other: BuildEnvironment) -> None:
    for docname in docnames:
        if docname in _anchors(other):
            _anchors(env)[docname] = _anchors(other)[docname]
        if docname in _citers(other):
            _citers(env).add(docname)


def _recheck_citers(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """When the law index page's anchors changed, write (and so check) every citing page."""
    index_doc = app.config.tdcourse_law_index_doc
    old = getattr(env, "tdcourse_old_law_anchors", None)
    setattr(env, "tdcourse_old_law_anchors", None)  # noqa: B010
    if old is None or old == _anchors(env).get(index_doc):
        return []
    return sorted(_citers(env))


class LawReferences(SphinxPostTransform):
    """Turn each :class:`law_reference` into a link to the law index page's anchor. Runs after
    Sphinx has removed the ``{only}`` blocks of other tags (priority 50), so a clause of the
    other code cited in such a block is never checked against this site's index."""

    default_priority = 60

    def run(self, **kwargs: Any) -> None:
        index_doc: str = self.config.tdcourse_law_index_doc
        has_index = index_doc in self.env.all_docs
        defined = _anchors(self.env).get(index_doc, set())
        html = self.app.builder.format == "html"
        for node in list(self.document.findall(law_reference)):
            key = node["key"]
            if node.get("unknown"):
                logger.warning("{law} cites %r, which is not a clause of the %s law index "
                               "(generator/laws/data)", key, self.config.tdcourse_edition,
                               location=node)
                node.replace_self(nodes.literal(node.rawsource, node.astext()))
                continue
            if not has_index:
                logger.warning("{law}`%s`: the book has no law index page %r", key, index_doc,
                               location=node)
            elif key not in defined:
                logger.warning("{law}`%s`: the law index page %r has no entry (anchor law-%s) "
                               "for this clause", key, index_doc, key, location=node)
            if not (html and has_index):
                node.replace_self(nodes.inline(node.rawsource, node.astext(),
                                               classes=["tdc-law"]))
                continue
            uri = self.app.builder.get_relative_uri(self.env.docname, index_doc)
            uri = f"#law-{key}" if "#" in uri else f"{uri}#law-{key}"
            ref = nodes.reference(node.rawsource, "", internal=True, refuri=uri,
                                  classes=["tdc-law"], reftitle=key)
            ref += node.children
            node.replace_self(ref)


# --- the language switch and the offline guard ---------------------------------------------


def _page_uri(app: Sphinx, pagename: str) -> str:
    builder: Any = app.builder
    uri: str = builder.get_target_uri(pagename)
    return uri


def language_switch(app: Sphinx, pagename: str) -> str:
    """The HTML of the switch: the current language, and links to this page in the others.
    The label comes from a translation and the names from Babel: both are escaped
    (:mod:`generator.book.markup`), as are the codes and the link."""
    langs: list[str] = list(app.config.tdcourse_languages) or [app.config.language or "en"]
    current = app.config.language or "en"
    up = "../" * (pagename.count("/") + 1)
    label = markup.attribute(book_gettext(_locale_dirs(app), current, "Language"))
    items = []
    for lang in langs:
        name, code = markup.html(language_name(lang)), markup.attribute(lang)
        if lang == current:
            items.append(f'<span class="tdc-lang-current" lang="{code}" '
                         f'aria-current="true">{name}</span>')
        else:
            href = markup.attribute(f"{up}{lang}/{_page_uri(app, pagename)}")
            items.append(f'<a class="tdc-lang-link" href="{href}" hreflang="{code}" '
                         f'lang="{code}">{name}</a>')
    return (f'<nav class="tdc-lang-switch" aria-label="{label}">'
            + " ".join(items) + "</nav>\n")


#: The name of each code of the Laws (translated by the book's ``_book.po``).
EDITION_LABELS = {"1987": "The 1987 Laws", "2017": "The 2017 Laws"}


def edition_label(app: Sphinx, edition: str) -> str:
    """The name of a code in the build's language ("The 2017 Laws", «Правила 2017 года»)."""
    return book_gettext(_locale_dirs(app), app.config.language or "en",
                        EDITION_LABELS.get(edition, edition))


def edition_switch(app: Sphinx, pagename: str) -> str:
    """The HTML of the code switch: the page's code (a badge) and a link to this page in the
    site of each other code, or to that site's root page when the page is not there. Sites
    are ``<edition>/<lang>/`` side by side; labels escaped like the language switch's."""
    editions: list[str] = list(app.config.tdcourse_editions)
    current = app.config.tdcourse_edition
    if not editions:
        return ""
    lang = app.config.language or "en"
    docs: dict[str, list[str]] = dict(app.config.tdcourse_edition_docs or {})
    up = "../" * (pagename.count("/") + 2)
    label = markup.attribute(book_gettext(_locale_dirs(app), lang, "Code of the Laws"))
    items = []
    for edition in editions:
        name = markup.html(edition_label(app, edition))
        if edition == current:
            items.append(f'<span class="tdc-edition-current" data-edition="'
                         f'{markup.attribute(edition)}" aria-current="true">{name}</span>')
            continue
        there = docs.get(edition)
        here = there is None or pagename in there or pagename not in app.env.all_docs
        page = pagename if here else app.config.root_doc
        href = markup.attribute(f"{up}{edition}/{lang}/{_page_uri(app, page)}")
        items.append(f'<a class="tdc-edition-link" href="{href}" data-edition="'
                     f'{markup.attribute(edition)}">{name}</a>')
    return (f'<nav class="tdc-edition-switch" aria-label="{label}">'
            + " ".join(items) + "</nav>\n")


def _external_assets(context: dict[str, Any]) -> Iterator[str]:
    for key in ("script_files", "css_files"):
        for asset in context.get(key) or ():
            filename = str(getattr(asset, "filename", asset))
            if _EXTERNAL.match(filename):
                yield filename
    for key in ("body", "metatags"):
        yield from (m.group(1) or m.group(2)
                    for m in _BODY_RESOURCE.finditer(str(context.get(key) or "")))


#: Page-context texts the themes write unescaped (``{{ docstitle }}`` in the navbar,
#: ``{{ pagetitle }}`` and ``{{ root_title }}`` as plain text of titles, the author).
RAW_CONTEXT_TEXTS = ("docstitle", "project", "shorttitle", "pagetitle", "root_title", "author",
                     "page_description")


def _escape_titles(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                   doctree: nodes.document | None) -> None:
    """The book's title (translated in ``_book.po``), the page titles as plain text and the
    like as escaped markup: the themes write some of them unescaped (the navbar's title, the
    sidebar's home link, the print heading), Sphinx's own templates escape them with ``|e``
    (which leaves markup as it is), so they are shown as written everywhere. Connected after
    the themes' own handlers, which set ``pagetitle`` and ``root_title``."""
    from markupsafe import Markup, escape

    for key in RAW_CONTEXT_TEXTS:
        value = context.get(key)
        if isinstance(value, str) and not isinstance(value, Markup):
            context[key] = Markup(escape(value))


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> None:
    if app.builder.name == "html" and "body" in context:
        context["body"] = ('<div class="tdc-switches">' + edition_switch(app, pagename)
                           + language_switch(app, pagename) + "</div>\n" + context["body"])
    for url in _external_assets(context):
        logger.warning("page %r would load %s from the network (the site must work offline)",
                       pagename, url, location=pagename if pagename in app.env.all_docs else None)


def _localise_raw_summaries(app: Sphinx, docname: str, source: list[str]) -> None:
    """Hand-written quizzes fold their answers in ``<details><summary>Answer</summary>``: raw
    HTML is never extracted for translation, so the label comes from the language catalog."""
    lang = app.config.language or "en"
    if lang == "en" or "<summary>Answer</summary>" not in source[0]:
        return
    from generator import i18n

    try:
        word = i18n.text(lang, "examples.words", "answer")
    except (KeyError, i18n.UnknownLanguageError):
        return
    source[0] = source[0].replace("<summary>Answer</summary>",
                                  f"<summary>{markup.html(word)}</summary>")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension (reads like a table of contents of what the book adds)."""
    app.add_config_value("tdcourse_languages", [], "html", types=[list, tuple])
    app.add_config_value("tdcourse_law_index_doc", "law-index", "env", types=[str])
    app.add_config_value("tdcourse_edition", "1987", "env", types=[str])
    # the codes built side by side (empty: a book of one code, no switch), the documents of
    # each code's site, and the documents of one code only (read by generator.book.site)
    app.add_config_value("tdcourse_editions", [], "html", types=[list, tuple])
    app.add_config_value("tdcourse_edition_docs", {}, "html", types=[dict])
    app.add_config_value("tdcourse_edition_only", {}, "env", types=[dict])
    app.add_config_value("tdcourse_interface_catalogs", "", "html", types=[str])

    app.connect("config-inited", _translate_config)
    app.connect("config-inited", _drop_notebook_css)
    app.connect("source-read", _localise_raw_summaries)
    app.connect("builder-inited", _add_static)
    app.connect("build-finished", _refresh_static)
    app.connect("build-finished", _escape_search_titles)
    app.connect("build-finished", _slim_theme)
    app.connect("build-finished", _translate_theme_labels)

    app.add_node(law_reference)
    app.add_role("law", law_role)
    app.connect("doctree-read", _collect_anchors)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-updated", _recheck_citers)
    app.add_post_transform(LawReferences)

    app.connect("html-page-context", _page_context)
    app.connect("html-page-context", _escape_titles, priority=900)
    from generator.book import quiz

    quiz.setup(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 3}  # 3: the chapter quizzes by page (bump when stored data change)
