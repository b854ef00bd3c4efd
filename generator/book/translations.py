"""Translations carry the English source's markup and nothing more.

Sphinx parses every ``msgstr`` of ``book/locales/<lang>/LC_MESSAGES/*.po`` as MyST, so a
translation could add what its English source never had: raw HTML (``<img onerror=...>``,
``<script>``), a role or a directive (``{raw}``, ``{include}``, ``{eval-rst}``), a link target,
a template (``{{ ... }}``, ``{% ... %}``). The translator's job is the words; the markup is the
source's. So before a language is built, :func:`check_translations` compares each translated
message's markup with its ``msgid``'s and refuses the first that differs, naming the file and the
line of the message (exit status 2 on the command line); nothing is built from it.

"Markup" here is, as a multiset (a translation may put the pieces in another order):

* each role: its name and its target (``{law}`27B2` `` → ``law`` ``27B2``; the shown text of
  ``{ref}`text <target>` `` is the translator's, the target is not);
* each directive or fence opening a line (```` ```{name} ````, ``:::{name}``, ```` ``` ````);
* each HTML tag, comment or autolink (``<...>`` starting with a letter, ``/``, ``!`` or ``?``),
  written exactly;
* each link or image target (``](target)``) and reference definition (``[x]: target``);
* each template opening (``{{``, ``{%``, ``{#``);
* and, since a pattern cannot know every shape the parser accepts (a reference label spanning
  two lines, ``[a\nb]: https://...``, once went through), every piece the book's own parser
  finds: the message is parsed as the book parses it (MyST with the book's ``colon_fence`` and
  ``deflist``) and each token that is not words, emphasis or structure counts (a link and its
  target, an image and its source, HTML, a role's name, a fence's info, a footnote), as does
  each link reference definition's target, whatever its label looks like.

Text that only looks like markup after a backslash (``\\<b>``) counts too: refusing a harmless
message is better than building a harmful one, and the fix (write ``&lt;``) is simple.
Fuzzy and untranslated messages are not used by Sphinx and are not checked.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import InputError, shown

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

_ROLE = re.compile(r"\{([^{}\s`]+)\}(`+)(.*?)\2", re.DOTALL)
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]*)>\s*$", re.DOTALL)
_DIRECTIVE = re.compile(r"^[ \t]*(`{3,}|~{3,}|:{3,})[ \t]*(\{[^}\n]*\}|\S*)", re.MULTILINE)
_TAG = re.compile(r"<[A-Za-z/!?][^>]*>?")
_LINK = re.compile(r"\]\(([^)]*)\)")
_DEFINITION = re.compile(r"^[ \t]*\[[^\]\n]+\]:[ \t]*(\S*)", re.MULTILINE)
_TEMPLATE = re.compile(r"\{[{%#]|[}%#]\}")


#: tokens that are the translator's: words, emphasis, literal code, paragraphs, lists, tables.
#: Not a line comment: ``% СЮ`` in a table cell parses as one and hides the words (the page
#: then showed the English cell), so a comment the source lacks is refused like any markup.
_WORDS = frozenset({
    "text", "text_special", "inline", "softbreak", "hardbreak", "code_inline", "code_block",
    "link_close", "hr",
    *(f"{name}_{end}" for end in ("open", "close") for name in (
        "paragraph", "em", "strong", "s", "heading", "blockquote", "bullet_list",
        "ordered_list", "list_item", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th",
        "td"))})


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    """The book's Markdown parser (``book/_config.yml``: MyST, colon_fence and deflist)."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    return create_md_parser(MdParserConfig(enable_extensions={"colon_fence", "deflist"}),
                            RendererHTML)


def _tokens(tokens: list[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _tokens(token.children)


def parsed_markup(text: str) -> Counter[str]:
    """The markup the book's parser finds in ``text``: each token that is not the translator's
    (:data:`_WORDS`), with what it points at, and each reference definition's target."""
    env: dict[str, object] = {}
    found: Counter[str] = Counter()
    for token in _tokens(_parser().parse(text, env)):
        if token.type in _WORDS:
            continue
        if token.type == "myst_role":  # its target is compared by the pattern above
            found[f"parsed role {{{token.meta.get('name', '')}}}"] += 1
        elif token.type in ("html_inline", "html_block"):
            found[f"parsed html {token.content.strip()}"] += 1
        else:
            where = str(token.attrs.get("href", token.attrs.get("src", "")))
            found[" ".join(p for p in ("parsed", token.type, token.info, where) if p)] += 1
    references = env.get("references")
    if isinstance(references, dict):
        found.update(f"parsed definition {ref.get('href', '')}"
                     for ref in references.values() if isinstance(ref, dict))
    return found


def markup(text: str) -> Counter[str]:
    """The markup pieces of a message (see the module docstring), counted."""
    found: Counter[str] = Counter()

    def role(match: re.Match[str]) -> str:
        name, content = match.group(1), match.group(3)
        explicit = _EXPLICIT.match(content)
        target = explicit.group(2).strip() if explicit else content.strip()
        found[f"role {{{name}}} {target}"] += 1
        return " "

    rest = _ROLE.sub(role, text)
    found.update(f"directive {m.group(1)[0] * 3}{m.group(2)}" for m in _DIRECTIVE.finditer(rest))
    found.update(f"html {m.group(0)}" for m in _TAG.finditer(rest))
    found.update(f"link ({m.group(1).strip()})" for m in _LINK.finditer(rest))
    found.update(f"definition {m.group(1)}" for m in _DEFINITION.finditer(rest))
    found.update(f"template {m.group(0)}" for m in _TEMPLATE.finditer(rest))
    found.update(parsed_markup(text))
    return found


def difference(source: str, translation: str) -> str | None:
    """What ``translation`` adds to or drops from ``source``'s markup, in words (None: same)."""
    want, have = markup(source), markup(translation)
    if want == have:
        return None
    added = sorted((have - want).elements())
    dropped = sorted((want - have).elements())
    parts = []
    if added:
        parts.append("adds " + ", ".join(added))
    if dropped:
        parts.append("drops " + ", ".join(dropped))
    return "; ".join(parts)


def check_catalog(path: Path) -> None:
    """Refuse the first message of one ``.po`` file whose translation's markup is not its
    source's (:class:`InputError` naming the file and the message's line)."""
    from babel.messages.pofile import read_po

    try:
        with path.open("rb") as handle:
            catalog = read_po(handle)
    except Exception as exc:  # babel's own errors are of several types; the message says it
        first = " ".join(str(exc).split()) or type(exc).__name__
        raise InputError(f"not a readable gettext catalog ({first})", shown(path)) from exc
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        pairs: list[tuple[str, str]]
        if isinstance(message.id, (list, tuple)) and isinstance(message.string, (list, tuple)):
            pairs = [(str(a), str(b)) for a, b in zip(message.id, message.string, strict=False)]
        else:
            pairs = [(str(message.id), str(message.string or ""))]
        for source, translation in pairs:
            if not translation:
                continue
            problem = difference(str(source), str(translation))
            if problem:
                raise InputError(
                    f"the translation's markup differs from its English source's: {problem} "
                    "(a translation may change the words only; write &lt; for a literal <)",
                    shown(path), message.lineno)


def check_translations(book: Path, lang: str) -> None:
    """Check every ``.po`` file of ``lang`` under ``book/locales`` (see the module docstring);
    the source language has none."""
    folder = book / "locales" / lang / "LC_MESSAGES"
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*.po")):
        check_catalog(path)
