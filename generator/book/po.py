"""The book's gettext catalogs (``book/locales/<lang>/LC_MESSAGES/*.po``) are read strictly.

Sphinx compiles the ``.po`` files with Babel, which skips what it cannot read with a warning
that a build never shows: a line of garbage, a quote left open (the message is cut), a
``msgstr`` without its ``msgid``, a message given twice. The build then succeeds and the page
shows the English text. So before a language is built, :func:`check_catalogs` reads every
``.po`` file of it against the PO grammar and refuses the first problem with the file and its
line (exit status 2 on the command line):

* the file is UTF-8 (the project's catalogs all are), and a ``charset=`` in the header says so;
* each line is blank, a comment (``#``...), a keyword (``msgctxt``, ``msgid``,
  ``msgid_plural``, ``msgstr``, ``msgstr[N]``) followed by one quoted string, or a quoted
  string continuing the keyword above it; a string is closed and uses the C escapes only;
* an entry is ``[msgctxt] msgid [msgid_plural] msgstr`` (or ``msgstr[0]``, ``msgstr[1]``...,
  numbered from 0 in order, when there is a plural), and no entry is given twice.

What a translation may say is the other check's job: its roles, links, HTML and templates must
be those of its ``msgid`` (:mod:`generator.book.translations`); the book's texts have no
``{placeholder}`` fields (the ``{name}`` a MyST role opens with is markup, checked there).
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.errors import InputError, shown

_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)[ \t]+(".*)$')
_STRING = re.compile(r'^"((?:[^"\\]|\\[\\"ntrabfv?\']|\\[0-7]{1,3}|\\x[0-9A-Fa-f]+)*)"[ \t]*$')
_CHARSET = re.compile(r"charset=([^\s\\\"]+)", re.IGNORECASE)


def check_po(path: Path) -> None:
    """Refuse the first problem of one ``.po`` file (see the module docstring) with an
    :class:`InputError` naming the file and the line."""
    where = shown(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the catalog: {exc.strerror or exc}", where) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 (byte {exc.start + 1} cannot be read): the catalogs are "
                         f"UTF-8", where, data[:exc.start].count(b"\n") + 1) from None
    entries: dict[tuple[str, str], int] = {}
    # the entry being read: keyword -> text, and the keyword the next string continues
    entry: dict[str, str] = {}
    start = 0
    last: str | None = None

    def fail(problem: str, line: int) -> InputError:
        return InputError(problem, where, line)

    def close() -> None:
        nonlocal entry, last
        if not entry:
            return
        if "msgid" not in entry:
            raise fail("a message without its msgid", start)
        strings = [k for k in entry if k.startswith("msgstr")]
        if not strings:
            raise fail(f"the message {entry['msgid']!r} has no msgstr", start)
        plural = "msgid_plural" in entry
        numbered = [k for k in strings if k != "msgstr"]
        if plural and (not numbered or "msgstr" in entry or numbered != [
                f"msgstr[{n}]" for n in range(len(numbered))]):
            raise fail("a plural message has msgstr[0], msgstr[1]... in order", start)
        if not plural and numbered:
            raise fail("msgstr[N] without a msgid_plural", start)
        key = (entry.get("msgctxt", ""), entry["msgid"])
        if key in entries:
            raise fail(f"the message {entry['msgid']!r} is given twice (first on line "
                       f"{entries[key]})", start)
        entries[key] = start
        if entry["msgid"] == "":
            charset = _CHARSET.search(entry.get("msgstr", ""))
            if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
                raise fail(f"the header says charset={charset.group(1)}: the catalogs are UTF-8",
                           start)
        entry, last = {}, None

    order = ("msgctxt", "msgid", "msgid_plural", "msgstr")
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#"):
            if line.startswith("#~"):
                continue  # an obsolete message: not used, not checked
            if any(k.startswith("msgstr") for k in entry):
                close()
            continue
        keyword = _KEYWORD.match(line)
        if keyword:
            name, quoted = keyword.group(1), keyword.group(3)
            base = "msgstr" if name.startswith("msgstr") else name
            seen = [("msgstr" if k.startswith("msgstr") else k) for k in entry]
            if entry and (base in ("msgctxt", "msgid") and any(k.startswith("msgstr")
                                                                 for k in entry)):
                close()
                seen = []
            if seen and base != "msgstr" and order.index(base) <= order.index(seen[-1]):
                raise fail(f"{name} out of place (an entry is msgctxt, msgid, msgid_plural, "
                           f"msgstr)", number)
            if name in entry:
                raise fail(f"{name} given twice in one message", number)
            if not entry:
                start = number
            string = _STRING.match(quoted)
            if not string:
                raise fail(f"{name} needs one quoted string (closed, with C escapes only)",
                           number)
            entry[name], last = string.group(1), name
            continue
        string = _STRING.match(line)
        if string and last is not None:
            entry[last] += string.group(1)
            continue
        if string:
            raise fail("a string that continues no msgid or msgstr", number)
        raise fail(f"not a line of a gettext catalog: {raw[:40]!r}", number)
    close()


def check_catalogs(book: Path, lang: str) -> None:
    """Check every ``.po`` file of ``lang`` under ``book/locales`` (see the module docstring);
    the source language has none."""
    folder = book / "locales" / lang / "LC_MESSAGES"
    if folder.is_dir():
        for path in sorted(folder.rglob("*.po")):
            check_po(path)
