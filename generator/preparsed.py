"""Data files parsed at build time, for the ruling assistant page only.

In the browser (Pyodide) PyYAML has no C parser: reading the two language catalogs and the law
index of an edition with the pure-Python parser took seconds of the page's start and of its first
rulings. So the page's engine zip (:mod:`generator.book.assistant`) also holds
``generator/preparsed.json``: for each of those files, the result of the very parse function the
engine runs on it, made at build time and keyed by the kind of file and the SHA-256 of its text.
The reader still reads the file's text; :func:`parsed` hands back the stored result only when that
text is byte for byte the one parsed at build time, and otherwise parses it as always.

Outside the page there is no ``preparsed.json`` (it is never written into the source tree), so the
command line, the book and the tests read their files exactly as before.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

#: where the engine zip puts the store (next to this module; absent from the source tree)
STORE = Path(__file__).resolve().parent / "preparsed.json"


def _key(kind: str, text: str) -> str:
    return f"{kind}:{hashlib.sha256(text.encode('utf-8')).hexdigest()}"


@cache
def _store() -> dict[str, Any]:
    if not STORE.is_file():
        return {}
    data: dict[str, Any] = json.loads(STORE.read_text(encoding="utf-8"))
    return data


def parsed(kind: str, text: str, where: str) -> Any:
    """The parse function of ``kind`` run on ``text`` (``where`` names the file in its errors),
    or the stored result of that same call made at build time on the same text. The parse
    functions return JSON data (dicts with text keys, lists, texts, numbers), which JSON gives
    back equal, key order included."""
    found = _store().get(_key(kind, text))
    return found if found is not None else _parsers()[kind](text, where)


def _parsers() -> dict[str, Callable[[str, str], Any]]:
    """The parse function of each kind of file the store may hold."""
    from generator import i18n
    from generator.laws import refs

    return {"catalog": i18n.parse_catalog, "law_index": refs.parse_index}


def kind_of(name: str) -> str | None:
    """The kind of a file of the engine zip (``generator/i18n/en.yaml``), if it is pre-parsed."""
    if name.startswith("generator/i18n/") and name.endswith(".yaml"):
        return "catalog"
    if name.startswith("generator/laws/data/index_") and name.endswith(".yaml"):
        return "law_index"
    return None


def build(files: Iterable[tuple[str, str, str]]) -> bytes:
    """The store for ``files`` (kind, name, text): each text parsed by its kind's function, as
    deterministic JSON bytes (sorted keys at the top, the data's own order inside)."""
    parsers = _parsers()
    entries = {_key(kind, text): parsers[kind](text, name) for kind, name, text in files}
    body = ",\n".join(f"{json.dumps(k)}: {json.dumps(entries[k], ensure_ascii=False)}"
                      for k in sorted(entries))
    return ("{\n" + body + "\n}\n").encode("utf-8")
