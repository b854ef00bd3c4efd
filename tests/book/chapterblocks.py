"""Reading a chapter's ``{only}`` blocks as the two chapter-edition tests need it: the blocks
of each code, the shared text, the clauses a ``{law}`` role names, and the messages Sphinx
extracts for translation (so a test can look each one up in the Russian catalog)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from generator.book.translations import _parser

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "book" / "chapters"
TAGS = ("edition1987", "edition2017")

#: a block, possibly indented inside a list item (the answers of a chapter's questions); the
#: closing fence has the same indent
BLOCK = re.compile(r"^(?P<indent>[ \t]*)```\{only\}[ \t]*(?P<tag>\S*)[ \t]*\n(?P<body>.*?)\n"
                   r"(?P=indent)```[ \t]*$", re.MULTILINE | re.DOTALL)
ROLE = re.compile(r"\{law\}`([^`]*)`")


def clause(role: str) -> str:
    """The clause a ``{law}`` role names (``Law 26 <26A1>`` names 26A1)."""
    explicit = re.match(r".*<([^<>]+)>\s*$", role, re.DOTALL)
    return (explicit.group(1) if explicit else role).strip()


def split(text: str) -> tuple[dict[str, list[str]], str]:
    """The chapter's ``only`` blocks by tag (their bodies dedented), and its shared text."""
    blocks: dict[str, list[str]] = {}
    for match in BLOCK.finditer(text):
        blocks.setdefault(match["tag"], []).append(textwrap.dedent(match["body"]))
    return blocks, BLOCK.sub("", text)


def units(text: str) -> list[str]:
    """The messages Sphinx extracts from MyST text: each paragraph (a list item's included) and
    each heading, its lines joined by single spaces."""
    tokens = _parser().parse(text, {})
    return [re.sub(r"\s*\n\s*", " ", tokens[i + 1].content).strip()
            for i, token in enumerate(tokens)
            if token.type in ("paragraph_open", "heading_open") and tokens[i + 1].type == "inline"]


def chapter_text(chapter: str) -> str:
    return (CHAPTERS / f"{chapter}.md").read_text(encoding="utf-8")
