"""``tdcourse build``: regenerate what the course is built from, and build what exists.

For each code of the Laws asked for (``--edition 1987|2017|both``, default both) a build makes
the edition's question bank (:func:`bank_path`), its course data (``book/_build/data/<edition>/``)
and then, when the Jupyter Book sources exist (``book/_config.yml``), the edition's site in every
language (``book/_build/html/<edition>/<lang>/``, :mod:`generator.book.site`) and the landing
page. All of it is built in one :class:`generator.outputs.Transaction` and replaces the previous
output together at the end: an interrupted build leaves the previous sites, banks and data as
they were. A part that fails (an edition's bank that fails its audit, a site with a warning) is
dropped from the transaction: its previous output stays as it was, the others are published,
and the failure is reported in one line (exit status 2).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from generator.i18n import languages
from generator.laws import law77
from generator.laws.refs import EDITIONS, law_index
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


def bank_path(root: Path, edition: str) -> Path:
    """The question bank of ``edition``: ``quizzes/bank/<edition>/`` (one bank per code, what
    ``tdcourse generate --edition`` writes by default)."""
    return root / "quizzes" / "bank" / edition


def _quizzes(root: Path, say: Callable[[str], None],
             tx: Transaction | None = None, *, edition: str = "1987") -> dict[str, str]:
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
    bank_dir = bank_path(root, edition)
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


def _check_plain_folder(path: Path) -> None:
    """Refuse a folder that holds outputs (``book/_build/data``) when it is a link or not a
    folder: what is written in it would land elsewhere."""
    import stat

    from generator.errors import InputError

    try:
        st = path.lstat()
    except FileNotFoundError:
        return
    if not stat.S_ISDIR(st.st_mode):
        raise InputError("is not a folder tdcourse writes in (a link or a file): refusing to "
                         "write there", str(path))


def editions_of(edition: str) -> tuple[str, ...]:
    """The codes ``--edition`` names: one of :data:`EDITIONS`, or ``both``."""
    if edition == "both":
        return EDITIONS
    if edition not in EDITIONS:
        from generator.errors import InputError

        raise InputError(f"unknown edition (editions: {', '.join(EDITIONS)}, both)", edition)
    return (edition,)


def build(root: Path, edition: str = "both", say: Callable[[str], None] = print,
          langs: Sequence[str] | None = None, pdf: bool = False) -> Path:
    """Build everything that exists under ``root`` for ``edition`` (a code, or ``both``);
    returns the output directory.

    For each code its question bank and course data first, then (when ``book/_config.yml``
    exists) its site in ``langs`` (default: every language), see
    :func:`generator.book.site.build_site`; what built replaces the previous output at the end,
    together. A part that failed is left as it was and raised afterwards, in one line."""
    editions = editions_of(edition)
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
    _check_plain_folder(data_dir)  # holds each edition's data: a real folder, or missing
    for code in editions:
        check_dir(data_dir / code, DATA_MARKER)  # refused before anything is made
    if (root / "quizzes" / "quizzes.yaml").exists():
        from generator.scenarios import quizdefs

        quizdefs.load(root / "quizzes" / "quizzes.yaml")  # a broken file: nothing made either
        banks = root / "quizzes" / "bank"  # one bank per edition inside
        if banks.is_symlink():  # the banks go inside it: never into a folder it points to
            from generator.errors import InputError

            raise InputError("is a link to a folder tdcourse did not write: refusing to write "
                             "the question banks into it (remove it or make it a folder)",
                             str(banks))
        for code in editions:
            check_dir(bank_path(root, code), BANK_MARKER)
    from generator.book.site import Sources, first_failure
    from generator.errors import TdcourseError

    failures: list[TdcourseError] = []
    with Transaction(build_dir) as tx:
        # bank -> its quiz selection, or why it failed (a bank shared by codes is made once)
        made: dict[Path, dict[str, str] | TdcourseError] = {}
        sources: dict[str, Sources] = {}
        for code in editions:
            data = tx.folder(data_dir / code, DATA_MARKER)
            bank = bank_path(root, code)
            if bank not in made:
                try:
                    made[bank] = _quizzes(root, say, tx, edition=code)
                except TdcourseError as exc:
                    if len(editions) == 1:
                        raise
                    tx.drop(bank)
                    made[bank] = exc
            selection = made[bank]
            if isinstance(selection, TdcourseError):
                tx.drop(data_dir / code)
                say(f"failed: {code}: {selection}")
                failures.append(selection)
                continue
            files = {
                f"score-table-{code}.csv": score_table_csv(code),
                f"law-index-{code}.json": _law_index_json(code),
                **selection,
            }
            for name, text in files.items():
                (data / name).write_text(text, encoding="utf-8")
            for name in files:
                say(f"built {data_dir / code / name}")
            sources[code] = Sources(bank=tx.staged(bank), data=data)
        if not sources:
            raise first_failure(failures)
        checkpoint("build:data")
        if not config.exists():
            tx.commit()
            say("the Jupyter Book sources (book/_config.yml) do not exist yet: "
                "built the course data only")
            if failures:
                raise first_failure(failures)
            return data_dir
        from generator.book.site import build_site

        html_dir = build_site(root, langs, say, pdf=pdf, tx=tx, sources=sources,
                              editions=[code for code in editions if code in sources],
                              failures=failures)
        tx.commit()
    if failures:
        raise first_failure(failures)
    return html_dir
