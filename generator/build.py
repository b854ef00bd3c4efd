"""``tdcourse build``: regenerate what the course is built from, and build what exists.

Output is written to a temporary directory next to the target and moved into place only when it
is complete, so a failed build never destroys the previous one. Then, when the Jupyter Book
sources exist (``book/_config.yml``), the book itself (:mod:`generator.book.site`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from generator.i18n import languages
from generator.laws import law77
from generator.laws.refs import law_index


def score_table_csv(edition: str) -> str:
    """The whole Law 77 score grid of ``edition`` as CSV (the book's download and
    ``tdcourse score-table``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["level", "strain", "doubling", "vulnerable", "tricks", "score"])
    for level, strain, doubling, vulnerable, tricks, score in law77.score_grid(edition):
        writer.writerow([level, str(strain), doubling.label, "yes" if vulnerable else "no",
                         tricks, score])
    return out.getvalue()


def _law_index_json(edition: str) -> str:
    entries = {key: {lang: e.title(lang) for lang in languages()}
               for key, e in law_index(edition).items()}
    return json.dumps({"edition": edition, "clauses": entries}, ensure_ascii=False, indent=1,
                      sort_keys=True) + "\n"


def write_atomic(target: Path, text: str) -> None:
    """Write a file through a temporary sibling, so a failure leaves the old file intact.

    The result gets the permissions of any new file (the umask's), not the temporary file's
    private ones: outputs are meant to be read and handed on."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent)
    try:
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        mask = os.umask(0)
        os.umask(mask)
        Path(tmp).chmod(0o666 & ~mask)
        Path(tmp).replace(target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def swap_in(built: Path, target: Path) -> None:
    """Put the finished directory ``built`` (a sibling of ``target``) in ``target``'s place.

    The previous ``target`` is renamed aside first and deleted only once ``built`` is in place,
    so a failure leaves one complete directory, never a half-deleted one."""
    old = target.with_name(f".{target.name}-old")
    if old.exists():
        shutil.rmtree(old)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        target.rename(old)
    built.rename(target)
    if old.exists():
        shutil.rmtree(old)


def replace_dir(target: Path, fill: Callable[[Path], None]) -> None:
    """Build into a fresh temporary directory beside ``target``, then swap it in."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        tmp.chmod(0o755)  # mkdtemp makes it private; the result is an ordinary directory
        fill(tmp)
        swap_in(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _quizzes(root: Path, say: Callable[[str], None]) -> dict[str, str]:
    """Generate the question bank the quiz definitions ask for, and pick each quiz's questions."""
    from generator.scenarios import quizdefs
    from generator.scenarios.bank import bank_from_definitions, dumps
    from generator.scenarios.questions import questions_for

    definitions_file = root / "quizzes" / "quizzes.yaml"
    if not definitions_file.exists():
        say(f"no quiz definitions ({definitions_file}): no question bank built")
        return {}
    defs = quizdefs.load(definitions_file)
    bank_dir = root / "quizzes" / "bank"
    records = bank_from_definitions(defs, bank_dir)
    questions = [q for r in records for q in (r.get("questions") or questions_for(r))]
    say(f"built {bank_dir}: {len(records)} verified scenarios, {len(questions)} questions "
        f"({', '.join(defs.langs)})")
    chapters = {quiz.id: quizdefs.select(quiz, questions) for quiz in defs.chapters}
    selection = {
        "chapters": chapters,
        "practice": {"topics": list(defs.practice_topics)},
        "mock_exam": {"count": defs.mock.count, "topics": list(defs.mock.topics),
                      "time_limit_minutes": defs.time_limit_minutes,
                      "pass_mark": defs.pass_mark},
    }
    for quiz_id, ids in chapters.items():
        if not ids:
            say(f"warning: the chapter quiz {quiz_id!r} found no questions in the bank")
    return {"quizzes.json": dumps(selection)}


def build(root: Path, edition: str = "1987", say: Callable[[str], None] = print,
          langs: Sequence[str] | None = None, pdf: bool = False) -> Path:
    """Build everything that exists under ``root``; returns the output directory.

    The course data and the question bank first, then (when ``book/_config.yml`` exists) the
    book in ``langs`` (default: every language), see :func:`generator.book.site.build_site`.
    """
    if langs and (root / "book" / "_config.yml").exists():
        from generator.book.site import check_languages

        check_languages(root / "book", langs)  # before the long steps
    data_dir = root / "book" / "_build" / "data"
    files = {
        f"score-table-{edition}.csv": score_table_csv(edition),
        f"law-index-{edition}.json": _law_index_json(edition),
        **_quizzes(root, say),
    }

    def fill(tmp: Path) -> None:
        for name, text in files.items():
            (tmp / name).write_text(text, encoding="utf-8")
            say(f"built {data_dir / name}")

    replace_dir(data_dir, fill)
    if not (root / "book" / "_config.yml").exists():
        say("the Jupyter Book sources (book/_config.yml) do not exist yet: "
            "built the course data only")
        return data_dir
    from generator.book.site import build_site

    return build_site(root, langs, say, pdf=pdf)
