"""The one escaping layer between data and the book's markup: MyST source and HTML.

Everything the book's generators write into a page is either our own markup (the literals of
``generator/book/*.py``: headings, roles, directives, raw HTML tags) or *text*: a catalog word
(``generator/i18n/<lang>.yaml``), a sentence of the engine's explanations, a question, a law
title, a quiz definition's name, a case. Text is data. It never reaches MyST or HTML except
through this module, which gives it the form it needs where it lands:

* :func:`myst` — a MyST paragraph or heading: ``&``, ``<`` and ``>`` become entities, every
  character MyST gives a meaning to (emphasis, roles ``{name}```, links, ``$``, ``%`` comments,
  substitutions ``{{ }}``...) is backslash-escaped, whitespace becomes one space. Whatever the
  text holds, it is shown as written and opens no tag, role, link or template.
* :func:`role_title` — the shown text inside a role (``{ref}`text <target>` ``), where MyST
  applies no escapes: the characters that would end the role or move its target become
  look-alikes.
* :func:`html` / :func:`attribute` — HTML element content and attribute values (quotes too).
* :func:`raw_html` — a ``{raw} html`` block whose fence no content can close.

The results are :class:`MyST` and :class:`HTML` strings: a ``str`` subclass says "this is markup
made here, from escaped parts", so a function that writes markup can take those and never plain
catalog text. ``tests/book/test_injection.py`` scans the book's modules for catalog reads that
bypass this layer and builds a book whose every catalog text and translation carries a payload.

Templates are never evaluated: the book's MyST has no substitution extension
(:func:`generator.book.site.sphinx_config` refuses it), and translations may not add markup
their English source lacks (:mod:`generator.book.translations`).
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Iterable

from generator import i18n


class MyST(str):
    """MyST source made by this module: escaped text, or our own markup around escaped text."""

    __slots__ = ()


class HTML(str):
    """HTML made by this module: escaped text, or our own tags around escaped text."""

    __slots__ = ()


_WS = re.compile(r"\s+")
# What MyST gives a meaning to anywhere in a line: emphasis, code and roles, links, targets,
# substitutions and roles' braces, math, tables, strikethrough, comments, headings' hashes.
_MYST_SPECIAL = re.compile(r"([\\`*_\[\]{}$|~^#%!])")
# What starts a block at the beginning of a line: lists, quotes, fences (``:::``), targets
# ``(label)=``, definitions ``: ``, breaks ``+++``/``---``/``===``: escaped there.
_LINE_START = frozenset("-+=:()'\".,;/?@")
_ORDERED = re.compile(r"^(\d+)([.)])")
_ROLE_UNSAFE = str.maketrans({"`": "ˋ", "<": "‹", ">": "›"})


def one_line(text: object) -> str:
    """``text`` as a string on one line (runs of whitespace, newlines included, one space)."""
    return _WS.sub(" ", str(text)).strip()


def myst(text: object, inline: bool = False) -> MyST:
    """``text`` made safe for a MyST paragraph or heading, even at the start of a line (see the
    module docstring); ``inline``: for a place after other text on the line, where what starts
    a block means nothing."""
    plain = one_line(text)
    escaped = plain.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    escaped = _MYST_SPECIAL.sub(r"\\\1", escaped)
    if inline:
        return MyST(escaped)
    if escaped[:1] in _LINE_START:
        escaped = "\\" + escaped
    return MyST(_ORDERED.sub(r"\1\\\2", escaped))


def word(lang: str, path: str, key: str | None = None, **fields: object) -> MyST:
    """A catalog text (``path`` a table, ``key`` in it) for a MyST page, fields filled first
    (with ``str.format``), then escaped as a whole."""
    found = i18n.text(lang, path, key) if key is not None else i18n.text(lang, path)
    return myst(found.format(**fields) if fields else found)


def role_title(text: object) -> MyST:
    """``text`` as the shown text of a role (``{ref}`text <target>` ``): one line, and the
    characters that would end the role (`````) or start its target (``<``, ``>``) replaced by
    look-alikes (MyST applies no backslash escapes inside a role)."""
    return MyST(one_line(text).translate(_ROLE_UNSAFE))


def role(name: str, target: str, title: object | None = None) -> MyST:
    """Our own role ``{name}`target` `` (``name`` and ``target`` are ours, never data), with an
    optional shown text that is data."""
    if "`" in name + target or "<" in target or ">" in target:
        raise ValueError(f"not a role target of ours: {name!r} {target!r}")
    if title is None:
        return MyST(f"{{{name}}}`{target}`")
    return MyST(f"{{{name}}}`{role_title(title)} <{target}>`")


def html(text: object) -> HTML:
    """``text`` as HTML element content."""
    return HTML(_html.escape(str(text), quote=True))


def attribute(text: object) -> HTML:
    """``text`` as an HTML attribute value (to put between double quotes)."""
    return HTML(_html.escape(one_line(text), quote=True))


def raw_html(markup: HTML | str) -> MyST:
    """A ``{raw} html`` block for markup built from escaped parts: the fence is longer than any
    run of backticks inside, so no text in the markup can close it and carry on as MyST."""
    runs = [len(m) for m in re.findall(r"`+", markup)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return MyST(f"{fence}{{raw}} html\n{markup.strip()}\n{fence}")


def join(separator: str, parts: Iterable[MyST]) -> MyST:
    """MyST parts joined by a separator of ours."""
    return MyST(separator.join(parts))
