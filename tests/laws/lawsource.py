"""The calls written in the source of ``generator/laws``, for tests that check every literal the
law modules pass (clauses cited, catalog keys written), including those no case reaches."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import generator.laws as laws_package


def law_calls() -> Iterator[tuple[str, ast.Call]]:
    """Every call in the law modules' source, with the name it calls (``ruling.cite(...)`` and
    ``cite(...)`` both give ``"cite"``)."""
    for folder in laws_package.__path__:
        for path in sorted(Path(folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    func = node.func
                    name = func.attr if isinstance(func, ast.Attribute) else \
                        func.id if isinstance(func, ast.Name) else ""
                    yield name, node
