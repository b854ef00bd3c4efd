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

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar, overload

import yaml

from generator.errors import ParseError, TdcourseError

SOURCE_LANG = "en"
#: Where the catalogs are (read at each call, so a test may point it elsewhere).
CATALOG_DIR = Path(__file__).resolve().parent

V = TypeVar("V")
_MISSING: Any = object()


class UnknownLanguageError(ParseError):
    """A language without a catalog (a ValueError too: bad input, one line, exit status 2)."""


class CatalogError(TdcourseError):
    """A catalog that cannot be read or does not have the English catalog's shape."""


# --- the catalogs -------------------------------------------------------------------------------


def languages() -> tuple[str, ...]:
    """The languages with a catalog: English first, then the others in name order."""
    return _languages(CATALOG_DIR)


@cache
def _languages(directory: Path) -> tuple[str, ...]:
    if not (directory / f"{SOURCE_LANG}.yaml").is_file():
        raise CatalogError(f"{directory / f'{SOURCE_LANG}.yaml'}: missing (the source catalog)")
    others = sorted(p.stem for p in directory.glob("*.yaml") if p.stem != SOURCE_LANG)
    return (SOURCE_LANG, *others)


def check(lang: str) -> str:
    """``lang`` if it has a catalog, else :class:`UnknownLanguageError` naming the known ones."""
    known = languages()
    if lang not in known:
        raise UnknownLanguageError(f"unknown language {lang!r} (known: {', '.join(known)})")
    return lang


def catalog(lang: str) -> Mapping[str, Any]:
    """The whole catalog of ``lang`` (read-only, read once), English filling its gaps."""
    check(lang)
    return _catalog(CATALOG_DIR, lang)


@cache
def _catalog(directory: Path, lang: str) -> Mapping[str, Any]:
    own = _read(directory / f"{lang}.yaml")
    if lang == SOURCE_LANG:
        return _frozen(own)
    return _frozen(_merged(_read(directory / f"{SOURCE_LANG}.yaml"), own,
                           directory / f"{lang}.yaml", ()))


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogError(f"{path}: {str(exc).strip().splitlines()[0]}") from exc
    if not isinstance(data, dict):
        raise CatalogError(f"{path}: a catalog is a mapping of tables")
    _check_values(data, path, ())
    return data


def _check_values(node: Mapping[Any, Any], path: Path, where: tuple[str, ...]) -> None:
    for key, value in node.items():
        here = (*where, str(key))
        if not isinstance(key, str):
            raise CatalogError(f"{path}: {'/'.join(here)}: keys are strings (quote it)")
        if isinstance(value, dict):
            _check_values(value, path, here)
        elif not isinstance(value, str):
            raise CatalogError(f"{path}: {'/'.join(here)}: expected a text, not {value!r}")


def _merged(english: Mapping[str, Any], own: Mapping[str, Any], path: Path,
            where: tuple[str, ...]) -> dict[str, Any]:
    """``own`` over ``english``: English keys first (in English order), then any others."""
    out: dict[str, Any] = {}
    for key in [*english, *(k for k in own if k not in english)]:
        base, mine = english.get(key, _MISSING), own.get(key, _MISSING)
        if mine is _MISSING:
            out[key] = base
        elif base is _MISSING or isinstance(base, dict) == isinstance(mine, dict):
            out[key] = (_merged(base, mine, path, (*where, key)) if isinstance(mine, dict)
                        and isinstance(base, dict) else mine)
        else:
            shape = "a table" if isinstance(base, dict) else "a text"
            raise CatalogError(f"{path}: {'/'.join((*where, key))}: expected {shape}, as in "
                               f"{SOURCE_LANG}.yaml")
    return out


def _frozen(node: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType({k: _frozen(v) if isinstance(v, Mapping) else v
                             for k, v in node.items()})


def _node(lang: str, path: Sequence[str]) -> Any:
    # the generator asks for the same few texts thousands of times: look each up once
    return _lookup(CATALOG_DIR, lang, tuple(path))


@cache
def _lookup(directory: Path, lang: str, path: tuple[str, ...]) -> Any:
    if lang not in _languages(directory):
        raise UnknownLanguageError(
            f"unknown language {lang!r} (known: {', '.join(_languages(directory))})")
    node: Any = _catalog(directory, lang)
    for depth, key in enumerate(path):
        if not isinstance(node, Mapping) or key not in node:
            raise KeyError(f"no {'/'.join(path[:depth + 1])} in the {lang} catalog")
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
