"""Law references and the per-edition law index.

A :class:`LawRef` names a law and optionally a clause (``27``, ``27B``, ``27B2``, ``25B2b1``). The
law index of an edition (``data/index_<edition>.yaml``) lists every law and clause the engine may
cite, with a short title written by us in each language. Citing a clause that is not in the index
is a programming error, caught by :func:`check` and by the tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from generator.errors import ParseError

_REF_RE = re.compile(r"^(\d{1,2})([A-Z0-9a-z]*)$")
EDITIONS = ("1987", "2017")
DEFAULT_EDITION = "1987"


@dataclass(frozen=True, order=True)
class LawRef:
    """A citation: law number plus clause path (``"B2"`` in ``27B2``; empty for the whole law)."""

    law: int
    clause: str = ""

    def __str__(self) -> str:
        return f"{self.law}{self.clause}"

    def __repr__(self) -> str:
        return f"LawRef.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> LawRef:
        match = _REF_RE.match(str(text).strip())
        if not match or not 1 <= int(match.group(1)) <= 93:
            raise ParseError(f"not a law reference: {text!r} (expected like 27, 27B or 27B2)")
        return cls(int(match.group(1)), match.group(2))

    def within(self, other: LawRef) -> bool:
        """True if this clause is ``other`` or lies inside it (``27B2`` within ``27B``)."""
        return self.law == other.law and self.clause.startswith(other.clause)


@dataclass(frozen=True)
class IndexEntry:
    """One law or clause of an edition's index: its reference and short titles by language."""

    ref: LawRef
    titles: dict[str, str]

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles["en"]


@cache
def law_index(edition: str = DEFAULT_EDITION) -> dict[str, IndexEntry]:
    """The index of an edition, keyed by the reference string (``"27B2"``)."""
    if edition not in EDITIONS:
        raise ParseError(f"unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
    from generator import preparsed

    name = f"data/index_{edition}.yaml"
    text = resources.files("generator.laws").joinpath(name).read_text(encoding="utf-8")
    clauses = preparsed.parsed("law_index", text, name)
    entries: dict[str, IndexEntry] = {}
    for key, titles in clauses.items():
        ref = LawRef.parse(key)
        entries[str(ref)] = IndexEntry(ref, titles)
    return entries


def parse_index(text: str, where: str) -> dict[str, dict[str, str]]:
    """The clauses of an index file's text as JSON data: each clause (as written, a text) to
    its titles by language. The page's engine reads the result parsed at build time
    (:mod:`generator.preparsed`); ``where`` is for the reader's messages."""
    del where
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser when available
    raw = yaml.load(text, Loader=loader)
    return {str(key): {str(k): str(v) for k, v in titles.items()}
            for key, titles in raw["clauses"].items()}


def check(ref: str | LawRef, edition: str = DEFAULT_EDITION) -> LawRef:
    """Return the reference if the edition's index has it; raise ``KeyError`` otherwise."""
    parsed = ref if isinstance(ref, LawRef) else LawRef.parse(ref)
    if str(parsed) not in law_index(edition):
        raise KeyError(f"law {parsed} is not in the {edition} law index")
    return parsed
