"""A small site holding the ruling assistant page, for its browser tests and its benchmark.

``build_assistant_site(folder)`` writes a tiny book under ``folder/project/book`` whose only
page is the real ``book/assistant.md`` (with its Russian catalog), builds it in English and
Russian with :func:`generator.book.site.build_one` (the real extension and Sphinx) and then runs
the real hook, :func:`generator.book.assistant.install`, with this project's Pyodide
(``book/assistant/node_modules``), and writes the course's shared
:func:`~generator.book.assistant.runtime_scripts` (``html/_assistant-runtime``) as the course's
build does. It returns the code's HTML folder (``html/<edition>``,
holding ``<lang>/assistant.html``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from quizsite import _CONFIG as QUIZ_CONFIG

from generator.book import assistant

LANGS = ("en", "ru")
PROJECT = Path(__file__).resolve().parents[2]

#: the quiz test book's configuration, under its own title
_CONFIG = QUIZ_CONFIG.replace('title: "Quiz test book"', 'title: "Assistant test book"')
_TOC = "format: jb-book\nroot: assistant\n"


def pyodide_present() -> bool:
    """Whether ``npm ci`` has put Pyodide where the build copies it from."""
    return all((assistant.pyodide_dir(PROJECT) / name).is_file()
               for name in assistant.PYODIDE_FILES)


def build_assistant_site(folder: Path, edition: str = "1987") -> Path:
    """Build the tiny book in English and Russian; returns its HTML folder."""
    from generator.book.site import build_one

    book = folder / "project" / "book"
    (book / "locales" / "ru" / "LC_MESSAGES").mkdir(parents=True)
    (book / "_config.yml").write_text(_CONFIG, encoding="utf-8")
    (book / "_toc.yml").write_text(_TOC, encoding="utf-8")
    shutil.copy(PROJECT / "book" / "assistant.md", book / "assistant.md")
    shutil.copy(PROJECT / "book" / "locales" / "ru" / "LC_MESSAGES" / "assistant.po",
                book / "locales" / "ru" / "LC_MESSAGES" / "assistant.po")
    for lang in LANGS:
        site = build_one(folder / "project", lang, list(LANGS), edition=edition,
                         editions=(edition,))
        assistant.install(PROJECT, site, lang, edition)
    html_dir = book / "_build" / "html"
    for name, data in assistant.runtime_scripts(PROJECT).items():  # as build_site stages them
        (html_dir / assistant.RUNTIME).mkdir(exist_ok=True)
        (html_dir / assistant.RUNTIME / name).write_bytes(data)
    return html_dir / edition
