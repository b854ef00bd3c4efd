"""No text from a catalog, a translation, a quiz definition or a case is ever run as a template
or taken as markup (issue 19, items 1 and 11).

* the escaping layer (:mod:`generator.book.markup`): a MyST renderer shows every payload as
  written, at the start of a line too, and inside a role's shown text;
* the book never enables MyST's substitution extension (it ran ``{{ ... }}`` as an unsandboxed
  jinja2 template, a shell command from a catalog): the build refuses it before any page is
  read, and the shell payload does not run;
* a translation whose markup differs from its English source's (raw HTML, a role, a directive,
  a link target, a template) is refused with the file and line, exit status 2, nothing built;
* a scan of the book's modules finds no catalog text written into markup without the layer;
* a rebuild writes the same bytes as a clean build (MyST-NB's stylesheet link got ``?v=``).

The build with a payload in every catalog text and translation, opened in Chromium, is
``test_xss_browser.py``.
"""

from __future__ import annotations

import ast
import html
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from injection import payload
from markdown_it import MarkdownIt

from generator.book import markup, translations
from generator.book.site import BookBuildError, build_site, sphinx_config
from generator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
TESTBOOK = Path(__file__).parent / "testbook"
BOOK_MODULES = ROOT / "generator" / "book"


class _Tags(HTMLParser):
    """The tags and the text of rendered HTML."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _rendered(source: str) -> _Tags:
    parser = _Tags()
    parser.feed(MarkdownIt("commonmark", {"html": True}).render(source))
    return parser


HOSTILE = [
    payload(Path("/nonexistent/tdcxss")),
    "{{7*7}}", "{% if 1 %}x{% endif %}", "{{ cycler.__init__.__globals__.os.system('id') }}",
    ":::{raw} html", "```{raw} html", "(label)=", "- item", "1. item", "# heading", "> quote",
    "[link](javascript:alert(1))", "<https://example.org>", "&lt;b&gt; &amp;", "*em* _em_",
    "`code`", "{law}`27B2`", "$x$", "% comment", "+++", "---", "|a|b|", "\\<b>", "~~s~~",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_myst_text_is_shown_as_written_even_at_the_start_of_a_line(text: str) -> None:
    for source in (markup.myst(text), "Some words " + markup.myst(text, inline=True)):
        shown = _rendered(source)
        assert shown.tags == ["p"], (text, source, shown.tags)
        assert "".join(shown.text).strip() == ("Some words " if source.startswith("Some")
                                               else "") + markup.one_line(text)


def test_templates_stay_text() -> None:
    for text in ("{{7*7}}", "{% if 1 %}x{% endif %}"):
        assert "{{" not in markup.myst(text) and "{%" not in markup.myst(text)
        assert "".join(_rendered(markup.myst(text)).text).strip() == text


def test_a_role_title_cannot_end_the_role_or_move_its_target() -> None:
    role = markup.role("ref", "quiz-05", "a` <img src=x onerror=alert(1)> <evil>")
    assert role == "{ref}`aˋ ‹img src=x onerror=alert(1)› ‹evil› <quiz-05>`"
    assert role.count("`") == 2 and role.count("<") == 1
    with pytest.raises(ValueError):
        markup.role("ref", "x> <y")


def test_html_text_and_attributes_are_escaped() -> None:
    assert markup.html('<img src=x onerror="a">') == "&lt;img src=x onerror=&quot;a&quot;&gt;"
    assert markup.attribute('x" onmouseover="y\n') == "x&quot; onmouseover=&quot;y"
    fence = markup.raw_html("<p>````</p>")
    assert fence.startswith("`````{raw} html\n") and fence.endswith("\n`````")


def test_quiz_definition_topics_cannot_leave_the_directive_option() -> None:
    from generator.book.quizpages import QuizDefinitionError, exam_part, practice_part

    assert practice_part(["insufficient-bid", "revoke"]).count("\n") == 4
    for topic in ("revoke\n```\n```{raw} html\n<script>alert(1)</script>", "a, b",
                  "{{7*7}}", "<img src=x onerror=alert(1)>"):
        with pytest.raises(QuizDefinitionError, match="is not a topic name"):
            practice_part([topic])
        with pytest.raises(QuizDefinitionError):
            exam_part(30, 45, 0.75, [topic])


# --------------------------------------------------------------------------- substitutions


def _project(tmp: Path) -> Path:
    root = tmp / "project"
    shutil.copytree(TESTBOOK, root / "book")
    return root


def test_the_course_enables_no_substitution() -> None:
    for lang in ("en", "ru"):
        config = sphinx_config(ROOT / "book", lang, ["en", "ru"])
        assert "substitution" not in config["myst_enable_extensions"]
        assert not config.get("myst_substitutions")


def test_a_book_enabling_substitutions_is_refused_and_no_template_runs(tmp_path: Path) -> None:
    root = _project(tmp_path)
    touched = tmp_path / "ran"
    book = root / "book"
    config = book / "_config.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "myst_enable_extensions: [colon_fence]",
        "myst_enable_extensions: [colon_fence, substitution]"), encoding="utf-8")
    intro = book / "intro.md"
    intro.write_text(intro.read_text(encoding="utf-8") + "\n{{ cycler.__init__.__globals__"
                     f".os.system('touch {touched}') }} {{{{7*7}}}}\n", encoding="utf-8")
    with pytest.raises(BookBuildError, match=r"_config\.yml: parse: the MyST substitution "):
        build_site(root, None, lambda line: None)
    assert not touched.exists()
    assert not (book / "_build" / "html" / "1987" / "en" / "intro.html").exists()


def test_without_substitutions_a_template_in_a_page_is_text(tmp_path: Path) -> None:
    root = _project(tmp_path)
    touched = tmp_path / "ran"
    intro = root / "book" / "intro.md"
    intro.write_text(intro.read_text(encoding="utf-8") + "\nT {{7*7}} {% if 1 %}x{% endif %} "
                     "{{ cycler.__init__.__globals__.os.system('touch " + str(touched) + "') }}\n",
                     encoding="utf-8")
    html_dir = build_site(root, ["en"], lambda line: None, editions=["1987"])
    page = (html_dir / "1987" / "en" / "intro.html").read_text(encoding="utf-8")
    assert "T {{7*7}} {% if 1 %}x{% endif %}" in html.unescape(page)
    assert not touched.exists()


# --------------------------------------------------------------------------- translations


def _intro_po(root: Path, msgstr: str) -> Path:
    po = root / "book" / "locales" / "ru" / "LC_MESSAGES" / "intro.po"
    text = po.read_text(encoding="utf-8")
    old = 'msgstr "Недостаточная заявка — первое нарушение, которое мы изучаем, см. {law}`27B2`."'
    assert old in text
    quoted = msgstr.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    po.write_text(text.replace(old, f'msgstr "{quoted}"'), encoding="utf-8")
    return po


def _msgid_line(po: Path) -> int:
    lines = po.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1)
                if line.startswith('msgid "The insufficient bid'))


REFUSED = {
    "img": "Заявка <img src=x onerror=alert(1)> {law}`27B2`.",
    "script": "Заявка <script>alert(1)</script> {law}`27B2`.",
    "template": "Заявка {{7*7}} {law}`27B2`.",
    "statement": "Заявка {% if 1 %}x{% endif %} {law}`27B2`.",
    "shell": "Заявка {{ cycler.__init__.__globals__.os.system('id') }} {law}`27B2`.",
    "role": "Заявка {law}`27B2` {raw}`<b>x</b>`.",
    "directive": "Заявка {law}`27B2`.\n```{raw} html\n<b>x</b>\n```",
    "colon-fence": "Заявка {law}`27B2`.\n:::{include} /etc/passwd\n:::",
    "link": "Заявка {law}`27B2` [здесь](javascript:alert(1)).",
    # a line comment hides the words after it (the course's "% СЮ" showed English "NS %")
    "comment": "Заявка {law}`27B2`.\n% скрытый текст",
    # a reference label over two lines escaped a pattern of "[label]:" (one line only)
    "two-line reference link": "Заявка {law}`27B2` [здесь][a b].\n\n[a\nb]: https://evil.example/phish",
    "two-line reference image": "Заявка {law}`27B2` ![x][i j].\n\n[i\nj]: https://evil.example/x.png",
    "dropped role": "Заявка без ссылки.",
    "other clause": "Заявка {law}`27C`.",
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_translation_adding_markup_is_refused_with_file_and_line(tmp_path: Path,
                                                                   name: str) -> None:
    root = _project(tmp_path)
    po = _intro_po(root, REFUSED[name])
    with pytest.raises(InputError) as refused:
        translations.check_translations(root / "book", "ru")
    error = refused.value
    assert error.path is not None and error.path.endswith("locales/ru/LC_MESSAGES/intro.po")
    assert error.line == _msgid_line(po)
    assert "the translation's markup differs from its English source's" in str(error)
    assert "\n" not in str(error)


@pytest.mark.parametrize(("translation", "added"), [
    ("Любой игрок может [привлечь внимание][a b], и после этого.\n\n[a\nb]: "
     "https://evil.example/phish", "https://evil.example/phish"),
    ("Любой игрок может ![x][i], и после этого.\n\n[i\n]: https://evil.example/i.png",
     "https://evil.example/i.png"),
    ("Любой игрок может, и после этого.\n\n[\na\n]:\n  https://evil.example/unused",
     "https://evil.example/unused"),
])
def test_a_reference_definition_of_any_label_shape_is_markup(translation: str,
                                                             added: str) -> None:
    """The parser the book uses decides what is markup: a link or image by reference, and
    its definition, count whatever their label looks like (MyST rendered the first as
    ``<a class="reference external" href="https://evil.example/phish">``)."""
    source = "Any player may draw attention to it, and once it is drawn."
    problem = translations.difference(source, translation)
    assert problem is not None and problem.startswith("adds ") and added in problem, problem
    assert translations.difference(translation, translation) is None


def test_the_build_refuses_the_translation_before_building_it(
        tmp_path: Path, cli: object) -> None:
    from generator.cli import main

    root = _project(tmp_path)
    po = _intro_po(root, REFUSED["img"])
    with pytest.raises(InputError, match=re.escape(f"intro.po:{_msgid_line(po)}: ")):
        build_site(root, ["ru"], lambda line: None)
    assert not (root / "book" / "_build" / "html" / "1987" / "ru").exists()
    assert not (root / "book" / "_build" / "html" / "2017" / "ru").exists()
    assert main(["build", "--root", str(root), "--lang", "ru"]) == 2


def test_text_only_translations_and_the_course_pass(tmp_path: Path) -> None:
    translations.check_translations(ROOT / "book", "ru")  # the course's own catalogs
    root = _project(tmp_path)
    _intro_po(root, "Заявка &lt;img src=x&gt; \\{\\{7\\*7\\}\\} \" onmouseover=\" {law}`27B2`.")
    translations.check_translations(root / "book", "ru")
    assert translations.difference("{download}`the bank <_generated/b.json>`",
                                   "{download}`банк <_generated/b.json>`") is None
    assert translations.difference("{download}`the bank <_generated/b.json>`",
                                   "{download}`банк <../../etc/passwd>`") is not None


# --------------------------------------------------------------------------- the scan

#: Where catalog text comes from (the catalogs, the translations, Babel's language names).
CATALOG_READS = {"i18n.text", "i18n.table", "i18n.texts", "_w", "book_gettext", "language_name"}
#: What makes text safe for the place it lands (the layer, and the helpers built on it).
ESCAPERS = {"markup.myst", "markup.word", "markup.role", "markup.role_title", "markup.html",
            "markup.attribute", "markup.raw_html", "markup.one_line", "md_text", "linked_text",
            "_word", "_escape", "_md", "_heading", "_comment", "self.encode", "escape",
            "html.escape", "_attr", "config_json"}
#: Calls whose f-strings are messages for the console or an exception, not markup.
MESSAGES = re.compile(r"^(say|print|logger\.\w+|\w*Error|\w*Exception)$")
MARKUP_CHARS = set("<>{}`*#[]|()\n:")


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _name(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _tainted(node: ast.AST, names: set[str]) -> bool:
    """Does ``node`` carry catalog text that no escaper has wrapped?"""
    if isinstance(node, ast.Call):
        called = _name(node.func)
        if called in ESCAPERS:
            return False
        if called in CATALOG_READS:
            return True
        if isinstance(node.func, ast.Attribute) and _tainted(node.func.value, names):
            return True  # word.lower(), template.format(...)
        return any(_tainted(arg, names) for arg in node.args)
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.BinOp):
        return _tainted(node.left, names) or _tainted(node.right, names)
    if isinstance(node, ast.JoinedStr):
        return any(_tainted(v.value, names) for v in node.values
                   if isinstance(v, ast.FormattedValue))
    if isinstance(node, ast.Subscript):
        return _tainted(node.value, names)
    if isinstance(node, ast.IfExp):
        return _tainted(node.body, names) or _tainted(node.orelse, names)
    return False


def bypasses(source: str, filename: str) -> list[str]:
    """Each place where catalog text goes into markup (an f-string holding markup characters)
    without an escaper: ``file:line: expression``."""
    tree = ast.parse(source, filename)
    messages: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and MESSAGES.match(_name(node.func) or ""):
            messages.update(id(sub) for arg in node.args for sub in ast.walk(arg))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names: set[str] = set()
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and _tainted(node.value, names):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        for node in ast.walk(function):
            if not isinstance(node, ast.JoinedStr) or id(node) in messages:
                continue
            literal = "".join(v.value for v in node.values
                              if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if not MARKUP_CHARS & set(literal):
                continue
            found += [f"{filename}:{v.lineno}: {ast.unparse(v.value)}" for v in node.values
                      if isinstance(v, ast.FormattedValue) and _tainted(v.value, names)]
    return sorted(set(found))


def test_the_scan_finds_a_bypass() -> None:
    """The scan catches the defects it exists for (the notebook hint and the language switch
    label, as they were)."""
    hint = ('def link(slug, lang):\n    return (f"{{download}}`x <{slug}>`"\n'
            '            f" {_w(lang, \'link_hint\')}\\n")\n')
    label = ('def switch(app, current):\n'
             '    label = book_gettext(dirs, current, "Language")\n'
             '    return f\'<nav aria-label="{label}">\'\n')
    fixed = ('def switch(app, current):\n'
             '    label = markup.attribute(book_gettext(dirs, current, "Language"))\n'
             '    return f\'<nav aria-label="{label}">\'\n')
    message = 'def f(lang):\n    say(f"built ({language_name(lang)})")\n'
    assert bypasses(hint, "hint.py") == ["hint.py:2: _w(lang, 'link_hint')"]
    assert bypasses(label, "label.py") == ["label.py:3: label"]
    assert bypasses(fixed, "fixed.py") == [] and bypasses(message, "message.py") == []


def test_no_catalog_text_reaches_markup_without_the_escaping_layer() -> None:
    """Every module of ``generator/book`` (the engine's explanations, ``generator/laws``, are
    plain text: they reach the book through :func:`generator.book.examples.linked_text`)."""
    found = []
    for path in sorted(BOOK_MODULES.glob("*.py")):
        if path.name != "markup.py":
            found += bypasses(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    assert not found, "catalog text written into markup unescaped:\n" + "\n".join(found)


def test_raw_html_blocks_are_made_by_the_layer_only() -> None:
    for path in sorted(BOOK_MODULES.glob("*.py")):
        if path.name in ("markup.py", "translations.py"):
            continue
        assert "{raw}" not in path.read_text(encoding="utf-8"), \
            f"{path.name}: a raw block written by hand (use markup.raw_html)"


# --------------------------------------------------------------------------- determinism


def test_a_rebuild_writes_the_bytes_of_a_clean_build(tmp_path: Path) -> None:
    """Item 11: pages written again by an incremental build must not differ from a clean
    build's (MyST-NB's stylesheet was in ``_static`` only for the rebuild, so only the rebuild's
    link got Sphinx's ``?v=<checksum>``)."""
    rebuilt, clean = _project(tmp_path / "a"), _project(tmp_path / "b")
    build_site(rebuilt, None, lambda line: None)
    for root in (rebuilt, clean):
        intro = root / "book" / "intro.md"
        intro.write_text(intro.read_text(encoding="utf-8") + "\nOne more line.\n",
                         encoding="utf-8")
    build_site(rebuilt, None, lambda line: None)
    build_site(clean, None, lambda line: None)
    html_a, html_b = (root / "book" / "_build" / "html" for root in (rebuilt, clean))
    files = sorted(p.relative_to(html_a).as_posix() for p in html_a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(html_b).as_posix()
                           for p in html_b.rglob("*") if p.is_file())
    differ = [rel for rel in files if (html_a / rel).read_bytes() != (html_b / rel).read_bytes()]
    assert not differ, f"the rebuild differs from the clean build in {differ}"
    intro_page = (html_a / "1987" / "en" / "intro.html").read_text(encoding="utf-8")
    assert "One more line." in intro_page
    # MyST-NB's notebook-cell stylesheet is not linked at all (no page has cells)
    assert not re.search(r'href="_static/mystnb\.', intro_page)
