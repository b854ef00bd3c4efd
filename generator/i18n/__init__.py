"""Language catalogs of the generated text: every word and sentence template that the engine's
explanations, the question generator and the book's generators (worked examples, hand diagrams,
auction tables, flow charts) write, as data.

A catalog is ``generator/i18n/<lang>.yaml``, a mapping whose top-level keys name a table after
the module that uses it (``explain.kind``, ``questions.prompts``, ``diagrams.labels``...); a table
is a mapping (of strings or of further mappings) or a single string. The languages are English,
the source (always first), and every other catalog present, in name order: adding a language
means adding its catalog here (and the book's gettext catalogs under ``book/locales``), no code.
A key that a language's catalog lacks falls back to the English text.

Code reads the catalogs through :func:`text` (one string), :func:`table` (a read-only mapping)
and :func:`texts` (one string in every language). :class:`ByLanguage`, :class:`ByKey` and
:data:`LANGUAGES` are read-only views for module-level names (``diagrams.SEAT_NAMES``,
``examples.WORDS``, ``charts.WORDS``...): they read the catalogs on each access, so they
follow the catalogs present.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar, overload

from generator.errors import InputError, ParseError

SOURCE_LANG = "en"
#: The grammatical cases a seat or a call field may be asked in, as a suffix of the field's name
#: (``{seat_gen}``, ``{turn_ins}``: :mod:`generator.laws.words` fills them); a translation uses
#: them where its grammar declines, and the placeholder check counts ``{seat_gen}`` as ``{seat}``.
CASE_SUFFIXES = ("gen", "dat", "acc", "ins", "pre")
#: Where the catalogs are (read at each call, so a test may point it elsewhere).
CATALOG_DIR = Path(__file__).resolve().parent
#: An environment variable naming another catalog folder (a federation trying its translation
#: without touching the installed one, or a test running ``tdcourse`` in a child process); when
#: set and not empty it wins over :data:`CATALOG_DIR`.
CATALOG_ENV = "TDCOURSE_CATALOGS"

#: The code of the Laws the text being written is about. A catalog may hold, in a table
#: ``edition.<code>`` shaped like the catalog itself, the texts that code says otherwise (the
#: 2017 Laws let an insufficient bid be replaced by any legal call, not "a sufficient bid or a
#: pass"); while :func:`under_edition` holds, :func:`text` and :func:`table` read those over the
#: shared ones. The 1987 texts are the shared ones.
BASE_EDITION = "1987"
_EDITION: ContextVar[str] = ContextVar("catalog_edition", default=BASE_EDITION)
#: The table of a catalog holding one code's own texts (``edition.2017``).
EDITION_TABLE = "edition."

V = TypeVar("V")
_MISSING: Any = object()


def edition() -> str:
    """The code the texts are being written for (:func:`under_edition`)."""
    return _EDITION.get()


@contextmanager
def under_edition(code: str) -> Iterator[str]:
    """Write texts for ``code`` until the block ends: its own texts (``edition.<code>``) win
    over the shared ones."""
    token = _EDITION.set(str(code or BASE_EDITION))
    try:
        yield _EDITION.get()
    finally:
        _EDITION.reset(token)


class UnknownLanguageError(ParseError):
    """A language without a catalog (a ValueError too: bad input, one line, exit status 2)."""


class CatalogError(InputError):
    """A catalog that cannot be read, does not have the English catalog's shape, or has a text
    whose ``{placeholders}`` are not the English text's: ``file:line: problem``."""


class MissingTextError(CatalogError, KeyError):
    """No catalog has the text asked for (a ``KeyError`` too, for ``text(..., default=)``)."""

    def __str__(self) -> str:  # KeyError's own would quote the message
        return self.one_line()


# --- the catalogs -------------------------------------------------------------------------------


def capital(text: str) -> str:
    """``text`` with its first letter in upper case, the rest as it is (a catalog sentence put
    at the start of a line or a table cell: «правило 27» -> «Правило 27»; ``str.capitalize``
    would lower-case the seat names and card symbols that follow)."""
    return text[:1].upper() + text[1:]


def catalog_dir() -> Path:
    """The folder the catalogs are read from: ``$TDCOURSE_CATALOGS`` if set, else
    :data:`CATALOG_DIR`."""
    return Path(os.environ[CATALOG_ENV]) if os.environ.get(CATALOG_ENV) else CATALOG_DIR


def languages() -> tuple[str, ...]:
    """The languages with a catalog: English first, then the others in name order."""
    return _languages(catalog_dir())


@cache
def _languages(directory: Path) -> tuple[str, ...]:
    source = directory / f"{SOURCE_LANG}.yaml"
    if not source.is_file():
        problem = "is not a file" if source.exists() else "missing"
        raise CatalogError(f"{problem} (the source catalog: every command needs it)", str(source))
    others = sorted(p.stem for p in directory.glob("*.yaml") if p.stem != SOURCE_LANG)
    return (SOURCE_LANG, *others)


def check(lang: str) -> str:
    """``lang`` if it has a catalog, else :class:`UnknownLanguageError` naming the known ones;
    the catalog is read and checked here, so a broken one is reported before any work."""
    known = languages()
    if lang not in known:
        raise UnknownLanguageError(f"unknown language {lang!r} (known: {', '.join(known)})")
    catalog(lang)
    return lang


def catalog(lang: str) -> Mapping[str, Any]:
    """The whole catalog of ``lang`` (read-only, read once), English filling its gaps."""
    if lang not in languages():
        check(lang)
    return _catalog(catalog_dir(), lang)


#: Line numbers of a catalog's entries, by key path (``("explain.kind", "revoke")``).
Lines = dict[tuple[str, ...], int]


@cache
def _catalog(directory: Path, lang: str) -> Mapping[str, Any]:
    own, own_lines = _read(directory / f"{lang}.yaml")
    if lang == SOURCE_LANG:
        return _frozen(own)
    english, _ = _read(directory / f"{SOURCE_LANG}.yaml")
    return _frozen(_merged(english, own, directory / f"{lang}.yaml", (), own_lines))


@cache
def _read(path: Path) -> tuple[dict[str, Any], Lines]:
    """A catalog file as a mapping, and the line of each entry (see :func:`parse_catalog`).
    The page's engine reads the result parsed at build time (:mod:`generator.preparsed`)."""
    from generator import preparsed, yamlnodes
    from generator.table import limits

    where = str(path)
    found = preparsed.parsed("catalog", limits.read_text(path, "language catalog",
                                                         yamlnodes.MAX_BYTES), where)
    return found["data"], {tuple(entry[:-1]): entry[-1] for entry in found["lines"]}


def parse_catalog(text: str, where: str) -> dict[str, Any]:
    """A catalog's text as JSON data: ``data`` (the mapping) and ``lines`` (each entry's key
    path followed by its line, ``[table, key, line]``). Refused with its line: a text that is
    not YAML, a key given twice, a key or value that is not text, a text whose braces do not
    pair or whose ``{placeholder}`` is not a plain name."""
    import yaml

    from generator import yamlnodes

    root = yamlnodes.compose(text, where)
    if not isinstance(root, yaml.MappingNode):
        raise CatalogError("a catalog is a mapping of tables", where,
                           yamlnodes.line(root) if root is not None else 1)
    lines: Lines = {}

    def build(node: yaml.MappingNode, here: tuple[str, ...]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = yamlnodes.value(key_node, where) if isinstance(key_node, yaml.ScalarNode) \
                else None
            if not isinstance(key, str):
                raise CatalogError(f"{'/'.join((*here, str(key)))}: keys are texts (quote it)",
                                   where, yamlnodes.line(key_node))
            at = (*here, key)
            lines[at] = yamlnodes.line(value_node)
            if isinstance(value_node, yaml.MappingNode):
                out[key] = build(value_node, at)
                continue
            value = (yamlnodes.value(value_node, where)
                     if isinstance(value_node, yaml.ScalarNode) else None)
            if not isinstance(value, str):
                shown = value if value is not None else "a list" if isinstance(
                    value_node, yaml.SequenceNode) else "nothing"
                raise CatalogError(f"{'/'.join(at)}: expected a text, not {shown!r}", where,
                                   lines[at])
            placeholders(value, where, lines[at], at)
            out[key] = value
        return out

    data = build(root, ())
    return {"data": data, "lines": [[*at, number] for at, number in lines.items()]}


def placeholders(text: str, path: str = "<catalog>", line: int | None = None,
                 key: Sequence[str] = ()) -> frozenset[str]:
    """The ``{names}`` a catalog text is filled with; a brace that does not pair (``{seat``),
    and a field that is not a plain name (``{seat.__class__}``, ``{0}``, ``{seat!r}``), are a
    :class:`CatalogError` (a template field can reach into the objects it is given)."""
    names: set[str] = set()
    where = f"{'/'.join(key)}: " if key else ""
    try:
        for _, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:
                raise CatalogError(f"{where}the field {{{name}}} in {text!r} is not a plain "
                                   f"{{name}}", path, line)
            names.add(name)
    except ValueError as exc:
        raise CatalogError(f"{where}{exc} in {text!r} (a literal brace is written {{{{ or }}}})",
                           path, line) from None
    return frozenset(names)


def _merged(english: Mapping[str, Any], own: Mapping[str, Any], path: Path,
            where: tuple[str, ...], lines: Lines) -> dict[str, Any]:
    """``own`` over ``english``: English keys first (in English order), then any others. A text
    must have the same ``{placeholders}`` as the English one: a misspelled name would otherwise
    end the build in a ``KeyError``, or drop the seat or the call from the sentence."""
    out: dict[str, Any] = {}
    for key in [*english, *(k for k in own if k not in english)]:
        base, mine = english.get(key, _MISSING), own.get(key, _MISSING)
        at = (*where, key)
        if mine is _MISSING:
            out[key] = base
        elif base is _MISSING or isinstance(base, dict) == isinstance(mine, dict):
            if isinstance(mine, dict) and isinstance(base, dict):
                out[key] = _merged(base, mine, path, at, lines)
                continue
            if isinstance(base, str) and isinstance(mine, str):
                wanted, found = undeclined(placeholders(base)), undeclined(placeholders(mine))
                if wanted != found:
                    raise CatalogError(
                        f"{'/'.join(at)}: the placeholders {_names(found)} are not the "
                        f"English text's {_names(wanted)}", str(path), lines.get(at))
            out[key] = mine
        else:
            shape = "a table" if isinstance(base, dict) else "a text"
            raise CatalogError(f"{'/'.join(at)}: expected {shape}, as in {SOURCE_LANG}.yaml",
                               str(path), lines.get(at))
    return out


def undeclined(names: frozenset[str]) -> frozenset[str]:
    """The fields without their case (``seat_gen`` → ``seat``): English names a seat in one
    form, Russian in the case the sentence needs, and both name the same seat."""
    return frozenset(re.sub(rf"_(?:{'|'.join(CASE_SUFFIXES)})$", "", n) for n in names)


def _names(names: frozenset[str]) -> str:
    return "{" + "}, {".join(sorted(names)) + "}" if names else "(none)"


def _frozen(node: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType({k: _frozen(v) if isinstance(v, Mapping) else v
                             for k, v in node.items()})


def _node(lang: str, path: Sequence[str]) -> Any:
    # the generator asks for the same few texts thousands of times: look each up once
    code = _EDITION.get()
    if code == BASE_EDITION or (path and str(path[0]).startswith(EDITION_TABLE)):
        return _lookup(catalog_dir(), lang, tuple(path))
    return _edition_lookup(catalog_dir(), lang, tuple(path), code)


@cache
def _edition_lookup(directory: Path, lang: str, path: tuple[str, ...], code: str) -> Any:
    """The node at ``path`` with ``code``'s own texts over the shared ones (a table merged
    key by key, a text replaced)."""
    node = _lookup(directory, lang, path)
    own: Any = _catalog(directory, lang).get(EDITION_TABLE + code, _MISSING)
    for key in path:
        if not isinstance(own, Mapping) or key not in own:
            return node
        own = own[key]
    return _overlaid(node, own)


def _overlaid(node: Any, own: Any) -> Any:
    if isinstance(node, Mapping) and isinstance(own, Mapping):
        return MappingProxyType({**node, **{k: _overlaid(node.get(k, _MISSING), v)
                                            for k, v in own.items()}})
    return own


@cache
def _lookup(directory: Path, lang: str, path: tuple[str, ...]) -> Any:
    if lang not in _languages(directory):
        raise UnknownLanguageError(
            f"unknown language {lang!r} (known: {', '.join(_languages(directory))})")
    node: Any = _catalog(directory, lang)
    for depth, key in enumerate(path):
        if not isinstance(node, Mapping) or key not in node:
            raise MissingTextError(f"no {'/'.join(path[:depth + 1])} (the source catalog must "
                                   f"have every text)", str(directory / f"{SOURCE_LANG}.yaml"))
        node = node[key]
    return node


def text(lang: str, *path: str, default: str | None = None) -> str:
    """The text at ``path`` (table, then keys) in ``lang``'s catalog; ``default`` (if given)
    when no catalog has it, else ``KeyError``."""
    try:
        node = _node(lang, path)
    except KeyError:
        if default is None:
            raise
        return default
    if not isinstance(node, str):
        raise KeyError(f"{'/'.join(path)} is a table, not a text, in the {lang} catalog")
    return node


def table(lang: str, *path: str) -> Mapping[str, Any]:
    """The table (read-only mapping) at ``path`` in ``lang``'s catalog."""
    node = _node(lang, path)
    if not isinstance(node, Mapping):
        raise KeyError(f"{'/'.join(path)} is a text, not a table, in the {lang} catalog")
    return node


def texts(*path: str) -> dict[str, str]:
    """The text at ``path`` in every language: ``{"en": ..., "ru": ...}``."""
    return {lang: text(lang, *path) for lang in languages()}


# --- read-only views for module-level names -----------------------------------------------------


class _Languages(Sequence[str]):
    """:func:`languages` as a sequence that follows the catalogs present."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return languages()[index]

    def __len__(self) -> int:
        return len(languages())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(languages())

    def __repr__(self) -> str:
        return repr(languages())


#: The languages with a catalog, as a live sequence (``questions.LANGS`` and the like).
LANGUAGES: Sequence[str] = _Languages()


class ByLanguage(Mapping[str, V], Generic[V]):
    """``lang -> `` the table (or text) at ``path`` of that language's catalog, for every
    language with a catalog. ``key`` converts the keys of a table (say to an enum)."""

    def __init__(self, *path: str, key: Callable[[str], Hashable] | None = None) -> None:
        self._path = path
        self._key = key
        self._converted: dict[str, tuple[Any, Any]] = {}

    def __getitem__(self, lang: str) -> V:
        if lang not in languages():
            raise KeyError(lang)
        node = _node(lang, self._path)
        if self._key is None or not isinstance(node, Mapping):
            result: V = node
            return result
        source, converted = self._converted.get(lang, (None, None))
        if source is not node:  # first use, or the catalogs changed
            converted = MappingProxyType({self._key(k): v for k, v in node.items()})
            self._converted[lang] = (node, converted)
        result = converted
        return result

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())

    def __repr__(self) -> str:
        return f"ByLanguage{self._path!r}"


class ByKey(Mapping[str, Mapping[str, str]]):
    """``key -> {lang: text}`` for the keys of the table at ``path`` (the English keys)."""

    def __init__(self, *path: str) -> None:
        self._path = path

    def __getitem__(self, key: str) -> Mapping[str, str]:
        if key not in table(SOURCE_LANG, *self._path):
            raise KeyError(key)
        return texts(*self._path, key)

    def __iter__(self) -> Iterator[str]:
        return iter(table(SOURCE_LANG, *self._path))

    def __len__(self) -> int:
        return len(table(SOURCE_LANG, *self._path))

    def __repr__(self) -> str:
        return f"ByKey{self._path!r}"
