"""``tdcourse build``: regenerate what the course is built from, and build what exists.

Everything a build makes (the question bank, the course data, then, when the Jupyter Book sources
exist (``book/_config.yml``), every language of the book, :mod:`generator.book.site`) is built in
one :class:`generator.outputs.Transaction` and replaces the previous output together, only when
all of it built: a failed or interrupted build leaves the previous site, bank and data as they
were, never English from one bank and Russian from another.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from generator.i18n import languages
from generator.laws import law77
from generator.laws.refs import law_index
from generator.outputs import BANK_MARKER, DATA_MARKER, Transaction, check_dir, checkpoint


def score_table_csv(edition: str) -> str:
    """The whole Law 77 score grid of ``edition`` as CSV (the book's download and
    ``tdcourse score-table``). ``"both"`` gives the grids of every edition in one CSV, an
    ``edition`` column first, so that a spreadsheet can put the codes side by side."""
    from generator.laws.refs import EDITIONS

    editions = EDITIONS if edition == "both" else (edition,)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    lead = ["edition"] if edition == "both" else []
    writer.writerow([*lead, "level", "strain", "doubling", "vulnerable", "tricks", "score"])
    for ed in editions:
        first = [ed] if edition == "both" else []
        for level, strain, doubling, vulnerable, tricks, score in law77.score_grid(ed):
            writer.writerow([*first, level, str(strain), doubling.label,
                             "yes" if vulnerable else "no", tricks, score])
    return out.getvalue()


def _law_index_json(edition: str) -> str:
    entries = {key: {lang: e.title(lang) for lang in languages()}
               for key, e in law_index(edition).items()}
    return json.dumps({"edition": edition, "clauses": entries}, ensure_ascii=False, indent=1,
                      sort_keys=True) + "\n"


def _audit(records: list[dict[str, object]], langs: Sequence[str],
           say: Callable[[str], None]) -> None:
    """Audit the course's bank before anything is published (``tdcourse audit``): a question a
    director would not sign stops the build, and the previous site stays as it was."""
    from generator.errors import InputError
    from generator.scenarios.audit import audit_records

    report = audit_records(records, langs)
    for line in report.lines(limit=10):
        say(line)
    if not report.ok:
        raise InputError(f"the question bank fails its audit ({len(report.failures)} "
                         "problems, listed above): nothing was published", "quizzes/quizzes.yaml")


def _quizzes(root: Path, say: Callable[[str], None],
             tx: Transaction | None = None, edition: str = "1987") -> dict[str, str]:
    """Generate the question bank the quiz definitions ask for under ``edition``
    (``quizzes/bank/<edition>/``), and pick each quiz's questions.

    The bank is staged in ``tx`` when given (``tdcourse build``), else written at once."""
    from generator.scenarios import quizdefs
    from generator.scenarios.bank import (
        definitions_plan,
        drills,
        dumps,
        fill_bank,
        scenarios,
        write_bank,
    )
    from generator.scenarios.questions import questions_for

    definitions_file = root / "quizzes" / "quizzes.yaml"
    if not definitions_file.exists():
        say(f"no quiz definitions ({definitions_file}): no question bank built")
        return {}
    defs = quizdefs.load(definitions_file)
    bank_dir = root / "quizzes" / "bank" / edition
    plan = definitions_plan(defs, edition)
    if tx is not None:
        staged = tx.folder(bank_dir, BANK_MARKER)  # refused before the work if not ours
    records = scenarios(plan, workers=2)
    drilled = drills(plan)
    _audit([*records, *drilled], plan.langs, say)
    if tx is None:
        write_bank(bank_dir, plan, records, drilled)
    else:
        fill_bank(staged, plan, records, drilled)
    questions = [q for r in records for q in (r.get("questions") or questions_for(r))]
    questions += [q for r in drilled for q in r["questions"]]
    say(f"built {bank_dir}: {len(records)} verified scenarios, {len(drilled)} drills, "
        f"{len(questions)} questions ({', '.join(defs.langs)})")
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
    book in ``langs`` (default: every language), see :func:`generator.book.site.build_site`;
    all of it replaces the previous output at the end, together.
    """
    config = root / "book" / "_config.yml"
    if not config.exists() and not (root / "quizzes" / "quizzes.yaml").exists():
        # any other folder (empty, a home folder, a typo that exists) is not ours to write a
        # book/_build into: refused before anything is made
        from generator.errors import InputError

        raise InputError("not a tdcourse project folder (no book/_config.yml, no "
                         "quizzes/quizzes.yaml)", str(root))
    if langs and config.exists():
        from generator.book.site import check_languages

        check_languages(root / "book", langs)  # before the long steps
    build_dir = root / "book" / "_build"
    data_dir = build_dir / "data"
    check_dir(data_dir, DATA_MARKER)  # refused before anything is made
    if (root / "quizzes" / "quizzes.yaml").exists():
        from generator.scenarios import quizdefs

        quizdefs.load(root / "quizzes" / "quizzes.yaml")  # a broken file: nothing made either
        banks = root / "quizzes" / "bank"  # one bank per edition inside (issue 17)
        if banks.is_symlink():  # the banks go inside it: never into a folder it points to
            from generator.errors import InputError

            raise InputError("is a link to a folder tdcourse did not write: refusing to write "
                             "the question banks into it (remove it or make it a folder)",
                             str(banks))
        check_dir(banks / edition, BANK_MARKER)
    with Transaction(build_dir) as tx:
        data = tx.folder(data_dir, DATA_MARKER)
        files = {
            f"score-table-{edition}.csv": score_table_csv(edition),
            f"law-index-{edition}.json": _law_index_json(edition),
            **_quizzes(root, say, tx, edition),
        }
        for name, text in files.items():
            (data / name).write_text(text, encoding="utf-8")
        checkpoint("build:data")
        if not config.exists():
            tx.commit()
            for name in files:
                say(f"built {data_dir / name}")
            say("the Jupyter Book sources (book/_config.yml) do not exist yet: "
                "built the course data only")
            return data_dir
        from generator.book.site import Sources, build_site

        for name in files:
            say(f"built {data_dir / name}")
        sources = Sources(bank=tx.staged(root / "quizzes" / "bank" / edition), data=data)
        html_dir = build_site(root, langs, say, pdf=pdf, tx=tx, sources=sources)
        tx.commit()
    return html_dir
