"""Checking that JSON read from a file has the shape its reader expects, and saying where not.

``json.loads`` accepts ``{}``, ``5`` or a list of ``null`` as readily as a bank's files; a reader
that then indexes into them ends in ``KeyError`` or ``TypeError``. A reader states the shape it
needs with :class:`Obj`, :class:`ListOf`, :class:`OneOf` and plain types, and :func:`check`
finds the first place that does not fit: its key path (``[3].ruling.laws``) and, from the text,
its line (:func:`line_of`, which walks the text with the C decoder, so it costs about one more
parse and only runs when there is a problem to report).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.errors import InputError

Step = int | str


@dataclass(frozen=True)
class Obj:
    """A JSON object with these keys (``required``) and maybe these (``optional``); other keys
    are allowed (a newer bank may add fields)."""

    required: Mapping[str, Spec]
    optional: Mapping[str, Spec] = field(default_factory=dict)


@dataclass(frozen=True)
class ListOf:
    """A JSON array whose every item has the shape ``item``; ``nonempty`` refuses ``[]``."""

    item: Spec
    nonempty: bool = False


@dataclass(frozen=True)
class OneOf:
    """One of these exact values (``"single"``, ``"multiple"``, ``"number"``)."""

    values: tuple[Any, ...]


Spec = type | tuple[type, ...] | Obj | ListOf | OneOf

_NAMES = {str: "a text", int: "a whole number", float: "a number", bool: "true or false",
          dict: "an object", list: "a list", type(None): "null"}


def _describe(spec: Spec) -> str:
    if isinstance(spec, Obj):
        return "an object with " + ", ".join(spec.required) if spec.required else "an object"
    if isinstance(spec, ListOf):
        return "a list"
    if isinstance(spec, OneOf):
        return " or ".join(json.dumps(v) for v in spec.values)
    if isinstance(spec, tuple):
        return " or ".join(_NAMES.get(t, t.__name__) for t in spec)
    return _NAMES.get(spec, spec.__name__)


def _fits_type(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in types
    if float in types and isinstance(value, int):
        return True
    return isinstance(value, types)


def find(value: Any, spec: Spec, path: tuple[Step, ...] = ()
         ) -> tuple[tuple[Step, ...], str] | None:
    """The first place where ``value`` does not have the shape ``spec``: its key path and the
    problem; ``None`` when it fits."""
    if isinstance(spec, Obj):
        if not isinstance(value, dict):
            return path, f"expected {_describe(spec)}, not {_shown(value)}"
        for key in spec.required:
            if key not in value:
                return path, f"missing '{key}'"
        for key, sub in [*spec.required.items(), *spec.optional.items()]:
            if key in value:
                found = find(value[key], sub, (*path, key))
                if found:
                    return found
        return None
    if isinstance(spec, ListOf):
        if not isinstance(value, list):
            return path, f"expected a list, not {_shown(value)}"
        if spec.nonempty and not value:
            return path, "expected a list of at least one item, not []"
        for index, item in enumerate(value):
            found = find(item, spec.item, (*path, index))
            if found:
                return found
        return None
    if isinstance(spec, OneOf):
        if isinstance(value, bool) or value not in spec.values:
            return path, f"expected {_describe(spec)}, not {_shown(value)}"
        return None
    types = spec if isinstance(spec, tuple) else (spec,)
    if not _fits_type(value, types):
        return path, f"expected {_describe(spec)}, not {_shown(value)}"
    return None


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def dotted(path: Sequence[Step]) -> str:
    """``[3].ruling.laws``: a key path as the message shows it."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def line_of(text: str, path: Sequence[Step]) -> int | None:
    """The line of ``text`` (valid JSON) where the value at ``path`` starts; ``None`` if the
    path is not there."""
    try:
        pos = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
        for step in path:
            pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
            if isinstance(step, int):
                for _ in range(step):
                    _, pos = _DECODER.raw_decode(text, pos)
                    pos = _SPACE.match(text, pos).end() + 1  # type: ignore[union-attr]
                    pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
                continue
            while True:
                key, pos = _DECODER.raw_decode(text, pos)
                pos = _SPACE.match(text, pos).end() + 1  # type: ignore[union-attr]
                pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
                if key == step:
                    break
                _, pos = _DECODER.raw_decode(text, pos)
                pos = _SPACE.match(text, pos).end() + 1  # type: ignore[union-attr]
                pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
    except (ValueError, IndexError):
        return None
    return text.count("\n", 0, pos) + 1


def refuse(text: str, path: Sequence[Step], problem: str, file: str) -> InputError:
    """The error for ``problem`` at ``path`` of the file ``file`` whose text is ``text``."""
    where = dotted(path)
    return InputError(f"{where}: {problem}" if where else problem, file,
                      line_of(text, path) or 1)


def check(value: Any, spec: Spec, text: str, file: str) -> None:
    """Raise the located :class:`InputError` of the first place where ``value`` (parsed from
    ``text``, the file ``file``) does not have the shape ``spec``."""
    found = find(value, spec)
    if found is not None:
        raise refuse(text, found[0], found[1], file)
