"""The ``tdcourse`` command line.

Every problem caused by input (a malformed case, an unknown call, an impossible board number)
becomes one line on standard error naming the file, the line and the problem, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from generator import __version__, export, i18n
from generator.errors import InputError, ParseError, TdcourseError
from generator.i18n import languages
from generator.laws.refs import EDITIONS
from generator.scenarios.bounds import MAX_COUNT, PER_CHUNK

EXIT_INPUT = 2
INTERRUPTED = "tdcourse: interrupted"  # the one line of a Ctrl-C, at any moment


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit status 2), never a wall of text."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _cmd_rule(args: argparse.Namespace) -> int:
    from generator.table.case import load_case

    case = load_case(args.case)  # first: a refused file does not wait for the engine's import
    from generator.assistant_api import ruling, ruling_text

    if args.json:  # the assistant page's path too (window.tdcourseRuling)
        print(ruling_text(ruling(case, args.edition)))
        return 0
    if args.edition == "both":
        return _rule_both(case, args)
    if args.edition is not None:
        case = case.under(args.edition)
    from generator.laws.announce import announce

    print(announce(case, ruling(case), args.lang))
    return 0


def _rule_both(case: Any, args: argparse.Namespace) -> int:
    """``rule --edition both``: the case under each code in two columns (its JSON is
    :func:`generator.assistant_api.ruling`'s)."""
    from generator import i18n
    from generator.laws.announce import announce
    from generator.laws.editions import rule_both, side_by_side

    results = rule_both(case)
    texts = [announce(case.under(e), r, args.lang)
             for e, r in results.items()]
    titles = [i18n.text(args.lang, "editions", "title").format(edition=e) for e in results]
    print(side_by_side(texts[0], texts[1], titles))
    return 0


def _cmd_diff(args: argparse.Namespace) -> int:
    from generator import i18n
    from generator.table.case import load_case

    case = load_case(args.case)
    from generator.laws.editions import differences, rule_both

    results = rule_both(case)
    lines = differences(results, args.lang)
    if args.json:
        print(json.dumps({"differs": bool(lines), "lines": lines}, ensure_ascii=False, indent=2))
    else:
        print("\n".join(lines) if lines else i18n.text(args.lang, "editions", "same"))
    return 0


def _vulnerable(value: str, declarer: Any, board: int | None) -> bool:
    from generator.model.board import Vulnerability

    if board is not None:
        return Vulnerability.for_board(board).is_vulnerable(declarer)
    if value.lower() in ("yes", "y", "true", "vul", "v"):
        return True
    if value.lower() in ("no", "n", "false", "nv", "novul"):
        return False
    return Vulnerability.parse(value).is_vulnerable(declarer)


def _cmd_score(args: argparse.Namespace) -> int:
    """One result scored under one code, or under both (``--edition both``: a line per code and
    a last line saying whether the Law 77 tables agree on it; JSON keyed by edition)."""
    from generator.laws import law77
    from generator.laws.refs import EDITIONS
    from generator.model.contract import Contract
    from generator.model.seat import Seat

    contract = Contract.parse(args.contract)
    declarer = Seat.parse(args.declarer)
    try:
        tricks = int(args.tricks)
    except ValueError:
        raise ParseError(
            f"tricks must be a whole number from 0 to 13, not {args.tricks!r}") from None
    if args.board is not None and args.board < 1:
        raise ParseError(f"impossible board number {args.board} (boards are numbered from 1)")
    vulnerable = _vulnerable("no" if args.vul is None else args.vul, declarer, args.board)
    editions = EDITIONS if args.edition == "both" else (args.edition,)
    scores = {ed: law77.duplicate_score(contract, vulnerable, tricks, edition=ed)  # 0-13 only
              for ed in editions}
    side = declarer.side
    made = tricks - contract.tricks_needed
    outcome = "made exactly" if made == 0 else (f"+{made}" if made > 0 else f"{-made} down")
    payloads = {ed: {"contract": str(contract), "declarer": str(declarer), "tricks": tricks,
                     "vulnerable": vulnerable, "edition": ed, "declarer_side": score,
                     str(side): score, str(side.opponents): -score}
                for ed, score in scores.items()}
    if args.json:
        print(json.dumps(payloads if args.edition == "both" else payloads[args.edition],
                         sort_keys=True))
        return 0
    for ed, score in scores.items():
        prefix = f"{ed}: " if args.edition == "both" else ""
        print(f"{prefix}{contract} by {declarer}, {tricks} tricks ({outcome}), "
              f"{'vulnerable' if vulnerable else 'not vulnerable'}: "
              f"{score:+d} for {side} ({side.opponents} {-score:+d})")
    if args.edition == "both":
        first, second = (scores[ed] for ed in EDITIONS)
        print("the same under both codes (Law 77)" if first == second else
              f"the codes differ by {abs(first - second)} (Law 77)")
    return 0


def _cmd_imps(args: argparse.Namespace) -> int:
    from generator.laws import law77, law78

    scores = []
    for name, text in (("score1", args.score1), ("score2", args.score2)):
        try:
            scores.append(law78.parse_score(text, args.edition))
        except law77.ScoringError as exc:
            raise ParseError(f"{name}: {exc}") from None
    difference = scores[0] - scores[1]
    won = law78.imps(difference, args.edition)
    if args.json:
        print(json.dumps({"score1": scores[0], "score2": scores[1], "difference": difference,
                          "imps": won, "edition": args.edition}, sort_keys=True))
    else:
        print(f"{won:+d}" if won else "0")
    return 0


def _mp_text(value: Any) -> str:
    """Matchpoints as a traveller prints them: whole when whole, else to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")


def _mp_json(value: Any) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 2)


def _read_traveller(path_text: str, edition: str) -> list[int | str]:
    """The North-South entries of a traveller CSV (column ``NS``); each problem one located
    line."""
    import csv
    from pathlib import Path

    from generator.errors import shown
    from generator.laws import law77, law78

    path = Path(path_text)
    where = shown(path)
    if not path.is_file():
        raise InputError("no such file" if not path.exists() else "not a file", where)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", where) from None
    except OSError as exc:
        raise InputError(f"cannot be read ({exc.strerror})", where) from None
    reader = csv.reader(text.splitlines())
    header = next(reader, None)
    if header is None:
        raise InputError("an empty traveller (no header, no rows)", where, 1)
    columns = [h.strip() for h in header]
    if "NS" not in columns:
        raise InputError(f"no NS column (the header has {', '.join(map(repr, columns))})",
                         where, 1)
    column = columns.index("NS")
    entries: list[int | str] = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue  # a blank line between rows
        line = reader.line_num
        if column >= len(row) or not row[column].strip():
            raise InputError("no score in the NS column", where, line)
        try:
            entries.append(law78.parse_entry(row[column], edition))
        except law77.ScoringError as exc:
            raise InputError(str(exc), where, line) from None
    if not entries:
        raise InputError("an empty traveller (a header but no rows)", where)
    return entries


def _cmd_matchpoints(args: argparse.Namespace) -> int:
    from generator.laws import law78

    entries = _read_traveller(args.file, args.edition)
    rows = law78.traveller_matchpoints(entries, scaled=not args.unscaled, edition=args.edition)
    if args.json:
        print(json.dumps([{"NS": _mp_json(ns), "EW": _mp_json(ew)} for ns, ew in rows]))
        return 0
    top = law78.matchpoint_top(len(entries))
    for number, (entry, (ns, ew)) in enumerate(zip(entries, rows, strict=True), start=1):
        score = entry if isinstance(entry, str) else (f"{entry:+d}" if entry else "0")
        print(f"{number}\t{score}\tNS {_mp_text(ns)}\tEW {_mp_text(ew)}\t(top {top})")
    return 0


def _cmd_score_table(args: argparse.Namespace) -> int:
    """The Law 77 grid as CSV; ``--edition both`` gives one CSV with an ``edition`` column."""
    from generator.build import score_table_csv

    sys.stdout.write(score_table_csv(args.edition))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from generator.casecheck import case_files, check_case

    files = case_files(args.paths)
    if args.edition is not None:
        from generator.casecheck import checks_edition
        from generator.laws.refs import EDITIONS

        wanted = EDITIONS if args.edition == "both" else (args.edition,)
        files = [p for p in files if any(checks_edition(p, e) for e in wanted)]
    failed = 0
    for path in files:
        report = check_case(path, None if args.edition in (None, "both") else args.edition)
        if not report.ok:
            failed += 1
            print(f"FAIL {path}")
            for problem in report.problems:
                print(f"     {problem}")
        elif args.verbose:
            print(f"ok   {path}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _cmd_generate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tqdm import tqdm

    from generator import outputs
    from generator.scenarios.bounds import check_count, worker_count

    check_count(args.count)  # before the slow imports
    # None and "all" are every topic, which a plan writes as no restriction
    topics = (() if args.topics is None or args.topics.strip() == "all"
              else _topics_option(args.topics))
    if args.workers < 0:
        raise ParseError(f"--workers must be 0 (the default) or more, not {args.workers}")
    out = Path(args.out) if args.out else Path("quizzes") / "bank" / args.edition
    outputs.check_dir(out, outputs.BANK_MARKER)  # refused before any work, again before the move
    from generator.scenarios.bank import Plan, drills, scenarios, write_bank

    langs = (tuple(lang.strip() for lang in args.lang.split(",") if lang.strip())
             if args.lang is not None else languages())
    if not langs:  # "--lang ," would write a bank in no language
        raise ParseError(f"--lang {args.lang!r} names no language (languages: "
                         f"{', '.join(languages())})")
    for lang in langs:
        i18n.check(lang)
    if args.drills is not None and args.drills < 0:
        raise ParseError(f"--drills must be 0 or more, not {args.drills}")
    plan = Plan(args.count, args.seed, topics, langs, drills=args.drills, edition=args.edition)
    plan.check()  # fail early on unknown topics
    workers = worker_count(args.workers or 2, args.count)
    with tqdm(total=plan.scenario_count, desc="scenarios", unit="scn", file=sys.stderr,
              disable=args.quiet or plan.scenario_count < 50) as bar:

        def advance(n: int) -> None:
            bar.update(n)

        records = scenarios(plan, workers, progress=advance)
    drilled = drills(plan)
    write_bank(out, plan, records, drilled)
    questions = sum(len(r["questions"]) for r in [*records, *drilled])
    print(f"bank written to {out}: {len(records)} scenarios, {len(drilled)} drills, "
          f"{questions} questions in {', '.join(langs)} (seed {args.seed})")
    return 0


def _cmd_verify(args: argparse.Namespace) -> int:
    from pathlib import Path

    from generator.scenarios.bank import (
        bank_ids,
        check_counts,
        load_bank,
        load_drills,
        load_questions,
        verify_drills,
        verify_questions,
        verify_records,
    )

    bank = Path(args.bank)
    manifest, records = load_bank(bank)
    ids = bank_ids(bank, records)
    stored: dict[str, list[dict[str, Any]]] = {}
    for lang in manifest["langs"]:
        if lang not in languages():
            raise InputError(f"the bank is in {lang!r}, which has no catalog (languages: "
                             f"{', '.join(languages())})", str(bank / "manifest.json"))
        stored[lang] = load_questions(bank, lang, ids)
    check_counts(bank, manifest, records, stored)
    problems = verify_records(records, str(args.bank))
    for lang, questions in stored.items():
        scenario_questions = [q for q in questions if "drill" not in q]
        problems += verify_questions(records, lang, scenario_questions,
                                     f"questions.{lang}.json")
        problems += verify_drills(bank, lang, questions, f"questions.{lang}.json")
    for line in problems:
        print(line)
    disagreeing = len({p.split(':')[0] for p in problems})
    total = len(records) + len(load_drills(bank))
    print(f"{total - disagreeing} agree, {disagreeing} disagree")
    return 1 if problems else 0


def _cmd_audit(args: argparse.Namespace) -> int:
    from pathlib import Path

    from generator.scenarios.audit import audit_bank

    report = audit_bank(Path(args.bank))
    for line in report.lines(limit=args.show):
        print(line)
    return 0 if report.ok else 1


def _cmd_coverage(args: argparse.Namespace) -> int:
    from pathlib import Path

    from generator.laws.coverage import coverage_markdown
    from generator.outputs import check_file, write_file

    if args.out is not None:
        check_file(Path(args.out))  # before the work
    text = coverage_markdown([Path(p) for p in args.cases], args.edition)
    if args.out is not None:
        write_file(Path(args.out), text)
        print(f"law coverage written to {args.out}")
    else:
        print(text, end="")
    return 0


def _cmd_build(args: argparse.Namespace) -> int:
    from pathlib import Path

    from generator.build import build

    root = Path(args.root)
    if not args.root or not root.is_dir():  # never create a project folder: a typo
        raise InputError("no such project folder" if not root.exists() or not args.root
                         else "is a file, not a project folder", args.root or "''")
    langs = [lang.strip() for lang in args.lang.split(",") if lang.strip()] if args.lang else None
    if args.lang is not None and not langs:
        raise ParseError(f"--lang {args.lang!r} names no language")
    out = build(Path(args.root).resolve(), args.edition, langs=langs, pdf=args.pdf)
    print(f"course built: {out}")
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from generator.outputs import check_file, checkpoint, write_file

    lang = i18n.check(args.lang)
    topics = _topics_option(args.topics)
    if args.count is not None and args.count < 1:
        raise ParseError(f"--count must be at least 1, not {args.count}")
    default = {"pbn": "tdcourse.pbn", "moodle": f"tdcourse-{lang}.xml",
               "gift": f"tdcourse-{lang}.gift"}[args.format]
    out = Path(args.out or default)
    check_file(out)  # refused before any work, and again before the move
    bank = Path(args.bank) if args.bank else Path("quizzes") / "bank" / args.edition
    export.ensure_bank(bank, Path("quizzes") / "quizzes.yaml",
                       lambda message: print(f"tdcourse: {message}", file=sys.stderr),
                       args.edition)
    stored = export.load_questions(bank, lang)
    other = sorted({export.edition_of(q) for q in stored} - {args.edition})
    if other:
        raise InputError(f"the bank holds questions of the {other[0]} code, not {args.edition}: "
                         f"give --edition {other[0]} or the {args.edition} bank",
                         str(bank / f"questions.{lang}.json"))
    questions = export.select(stored, topics, args.count, args.seed)
    if not questions:
        raise InputError(f"no question of the topics {', '.join(topics)} in the bank", str(bank))
    checkpoint("export:read")
    if args.format == "pbn":
        from generator.export.pbn import pbn, scenario_ids, with_deal

        records = export.load_scenarios(bank)
        ids = scenario_ids(questions)
        skipped = len(with_deal(questions)[1])
        if skipped:
            print(f"tdcourse: pbn: {skipped} of the {len(questions)} questions are not asked "
                  "at a table (scores, travellers, procedure) and have no deal to write: "
                  "left out", file=sys.stderr)
        if not ids:
            raise InputError("no question of the chosen topics has a deal to write as PBN",
                             str(bank))
        missing = [i for i in ids if i not in records]
        if missing:
            raise InputError(f"scenario {missing[0]} of the questions is not in the bank",
                             str(bank / "scenarios.json"))
        text, auctions = pbn([records[i] for i in ids], lang)
        checkpoint("export:text")
        write_file(out, text)
        print(f"pbn: {len(ids)} deals ({auctions} with an auction) of {len(questions)} "
              f"questions written to {out} ({lang})")
        return 0
    chapters = len(export.by_chapter(questions))
    if args.format == "moodle":
        from generator.export.moodle import moodle_xml

        text = moodle_xml(questions, lang)
    else:
        from generator.export.gift import gift

        text = gift(questions, lang)
    checkpoint("export:text")
    write_file(out, text)
    print(f"{args.format}: {len(questions)} questions in {chapters} chapter categories "
          f"written to {out} ({lang})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tdcourse", description=(
        "Rules engine and course on the Laws of Duplicate Contract Bridge (1987 code)."))
    parser.add_argument("--version", action="version", version=f"tdcourse {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    rule = sub.add_parser("rule", help="detect the irregularities of a case and rule on them")
    rule.add_argument("case", help="a case file (YAML or JSON, see the case format)")
    rule.add_argument("--json", action="store_true", help="print the case format's JSON")
    rule.add_argument("--lang", choices=languages(), default="en", help="language of the text")
    rule.add_argument("--edition", choices=(*EDITIONS, "both"),
                      help="rule under this code instead of the case's own; both: side by side")
    rule.set_defaults(func=_cmd_rule)

    diff = sub.add_parser("diff", help="where the 1987 and 2017 codes rule a case differently")
    diff.add_argument("case", help="a case file (YAML or JSON, see the case format)")
    diff.add_argument("--lang", choices=languages(), default="en", help="language of the text")
    diff.add_argument("--json", action="store_true", help='print {"differs", "lines"}')
    diff.set_defaults(func=_cmd_diff)

    score = sub.add_parser("score", help="score one result (Law 77)")
    score.add_argument("contract", help="like 4H, 3NT, 4SX, 2DXX")
    score.add_argument("declarer", help="N, E, S or W")
    score.add_argument("tricks", help="tricks won by declarer's side (0-13)")
    where = score.add_mutually_exclusive_group()
    where.add_argument("--board", type=int, help="board number (sets the vulnerability)")
    where.add_argument("--vul", help="None, NS, EW, Both, or yes/no for declarer's side")
    score.add_argument("--edition", default="1987", choices=(*EDITIONS, "both"))
    score.add_argument("--json", action="store_true")
    score.set_defaults(func=_cmd_score)

    imps = sub.add_parser(
        "imps", help="IMPs of the difference between two scores (Law 78B)",
        description="Print the IMPs that score1 wins against score2 (both scores from the same "
        "pair's side, e.g. North-South at the two tables), on the Law 78B scale: one line, the "
        "IMPs with their sign, like '+12' for 'tdcourse imps 620 -100' (a difference of 720), "
        "'-5' when score1 is the lower, '0' for a difference of 10 or less.")
    imps.add_argument("score1", help="a score, like 620 or +620")
    imps.add_argument("score2", help="the score it is compared with, like -100")
    imps.add_argument("--edition", default="1987", choices=EDITIONS)
    imps.add_argument("--json", action="store_true",
                      help='print {"score1", "score2", "difference", "imps", "edition"}')
    imps.set_defaults(func=_cmd_imps)

    mps = sub.add_parser(
        "matchpoints", help="matchpoints of each row of a traveller (Laws 78A, 12C1)",
        description="Read a traveller as CSV with a column NS (North-South's score at each "
        "table: a number, or A+, A, A- for an artificial score to North-South, East-West then "
        "having A-, A, A+) and print one line per row: its number, the score, North-South's and "
        "East-West's matchpoints (2 per score beaten, 1 per tie) and the top. An artificial row "
        "gets 60/50/40%% of the top (1987 Law 12C1, 2017 Law 12C2(a)); the real scores are "
        "compared among themselves "
        "and scaled to the full top (see generator.laws.law78).")
    mps.add_argument("file", help="the traveller, a CSV file with a header")
    mps.add_argument("--unscaled", action="store_true", help="do not scale the real scores to "
                     "the full top when some rows are artificial")
    mps.add_argument("--edition", default="1987", choices=EDITIONS)
    mps.add_argument("--json", action="store_true",
                     help='print a list of {"NS": MP, "EW": MP} in the rows\' order')
    mps.set_defaults(func=_cmd_matchpoints)

    table = sub.add_parser(
        "score-table", help="the whole scoring grid as CSV (Law 77)",
        description="Print every cell of the Law 77 table (levels 1-7, five strains, undoubled, "
        "doubled, redoubled, not vulnerable and vulnerable, 0-13 tricks) as CSV. With --edition "
        "both, the 1987 and 2017 grids in one CSV whose first column is the edition.")
    table.add_argument("--edition", default="1987", choices=(*EDITIONS, "both"))
    table.set_defaults(func=_cmd_score_table)

    check = sub.add_parser("check", help="run cases and compare them with their expect blocks")
    check.add_argument("paths", nargs="+", help="case files or directories of cases")
    check.add_argument("-v", "--verbose", action="store_true", help="list passing cases too")
    check.add_argument("--edition", choices=(*EDITIONS, "both"),
                       help="check only the cases (or differential blocks) of this code")
    check.set_defaults(func=_cmd_check)

    gen = sub.add_parser("generate", help="generate a question bank of verified scenarios")
    gen.add_argument("--count", type=int, default=100,
                     help=f"number of scenarios, 1 to {MAX_COUNT} (default: 100)")
    gen.add_argument("--seed", type=int, default=1, help="seed (same seed, same bank)")
    gen.add_argument("--topics", help="comma-separated topics (default: all)")
    gen.add_argument("--drills", type=int, default=None,
                     help="questions made from a seed rather than a table (scoring, procedure "
                     "facts; default: a quarter of --count, or --count itself when the topics "
                     "are those of drills only)")
    gen.add_argument("--lang", default=None,
                     help="comma-separated languages of the questions (default: all catalogs)")
    gen.add_argument("--edition", choices=EDITIONS, default="1987",
                     help="the code the scenarios are ruled under (default: 1987)")
    gen.add_argument("--out", default=None, help="bank directory to write (default: "
                     "quizzes/bank/EDITION; a missing or empty folder, or a bank: anything else "
                     "is refused)")
    gen.add_argument("--workers", type=int, default=0, help="processes (default: 2; never "
                     f"more than the CPUs, nor one per {PER_CHUNK} scenarios)")
    gen.add_argument("--quiet", action="store_true", help="no progress bar")
    gen.set_defaults(func=_cmd_generate)

    ver = sub.add_parser("verify", help="re-check a stored bank against the current engine")
    ver.add_argument("bank", help="a bank directory written by tdcourse generate")
    ver.set_defaults(func=_cmd_verify)

    aud = sub.add_parser("audit", help="check that every question of a bank is right, "
                         "answerable from what it shows, and its wrong answers wrong")
    aud.add_argument("bank", help="a bank directory written by tdcourse generate")
    aud.add_argument("--show", type=int, default=40, help="failures to list (default 40)")
    aud.set_defaults(func=_cmd_audit)

    cov = sub.add_parser("coverage", help="the law-coverage table (law, rules, cases)")
    cov.add_argument("--cases", nargs="+", default=["tests/cases"], help="case folders")
    cov.add_argument("--out", help="write to this file instead of standard output (a missing "
                     "or regular file: anything else is refused)")
    cov.add_argument("--edition", default="1987", choices=(*EDITIONS, "both"))
    cov.set_defaults(func=_cmd_coverage)

    exp = sub.add_parser("export", help="export questions as Moodle XML or GIFT, deals as PBN")
    exp.add_argument("--format", required=True, choices=export.FORMATS,
                     help="moodle (Moodle XML), gift (GIFT text) or pbn (the deals)")
    exp.add_argument("--lang", default="en", help="language of the text (default: en)")
    exp.add_argument("--topics", help="comma-separated topics (default: all)")
    exp.add_argument("--count", type=int, default=None,
                     help="number of questions, spread over topics and kinds (default: all)")
    exp.add_argument("--seed", type=int, default=export.DEFAULT_SEED,
                     help="seed of the --count pick")
    exp.add_argument("--edition", default="1987", choices=EDITIONS,
                     help="the code of the Laws whose questions to export (default: 1987); "
                     "its bank is quizzes/bank/<edition> unless --bank is given")
    exp.add_argument("--bank", default=None,
                     help="question bank directory (default: quizzes/bank/<edition>, built "
                     "from quizzes/quizzes.yaml if missing)")
    exp.add_argument("--out", help="file to write, a missing or regular file (default: "
                     "tdcourse-<lang>.xml, tdcourse-<lang>.gift or tdcourse.pbn here)")
    exp.set_defaults(func=_cmd_export)

    build = sub.add_parser("build", help="regenerate the generated parts and build the course")
    build.add_argument("--root", default=".", help="the project directory (default: here)")
    build.add_argument("--edition", default="both", choices=(*EDITIONS, "both"),
                       help="the code(s) of the Laws to build the course for (default: both)")
    build.add_argument("--lang", help="comma-separated languages of the book (default: all, "
                       "English plus each book/locales/<lang>)")
    build.add_argument("--pdf", action="store_true", help="also print each language to PDF")
    build.set_defaults(func=_cmd_build)
    return parser


def _refuse_nul(argv: Sequence[str]) -> None:
    """A NUL character cannot be in a path or an option (the system cannot even pass one on a
    real command line; :func:`main` called from Python can): one line, not ``ValueError``."""
    for arg in argv:
        if "\0" in arg:
            raise ParseError(f"an argument contains a NUL character: {arg!r}")


def _option_name(action: argparse.Action) -> str:
    """How the user wrote ``action``: its long option (``--bank``), or a positional's name."""
    if action.option_strings:
        return max(action.option_strings, key=len)
    return action.metavar if isinstance(action.metavar, str) else action.dest


def _refuse_empty(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """An empty value (``--bank ''``, ``verify ''``: most often an unset shell variable) names
    nothing; left alone, ``Path('')`` is the current folder and ``''`` the default or "all".
    Checked once here for every option of every command, so a new option is covered too."""
    actions = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest, None) or "")
            if chosen is not None:
                actions += chosen._actions
    for action in actions:
        if action.dest in (argparse.SUPPRESS, "help") or not hasattr(args, action.dest):
            continue
        value = getattr(args, action.dest)
        if value == "" or (isinstance(value, list) and "" in value):
            raise ParseError(f"{_option_name(action)} '': an empty value names nothing")


def _topics_option(text: str | None) -> tuple[str, ...]:
    """``--topics`` as :func:`quizdefs.parse_topics` reads it, its refusal naming ``--topics``
    (a bare "unknown topic" does not say where the topic was written)."""
    from generator.scenarios import quizdefs

    try:
        return quizdefs.parse_topics(text)
    except ParseError as exc:
        raise ParseError(f"--topics {text!r}: {exc}") from None


def _exit_quietly_on_interrupt() -> None:
    """From now on a Ctrl-C ends the process at once with the one line and status 130.

    Called when a command has finished: a Ctrl-C while the interpreter shuts down (joining the
    pool's threads, running ``atexit``) would otherwise print a traceback and exit with 0."""

    def handler(signum: int, frame: object) -> None:
        try:
            sys.stdout.flush()
            sys.stderr.write(INTERRUPTED + "\n")
            sys.stderr.flush()
        finally:
            os._exit(130)

    signal.signal(signal.SIGINT, handler)
    from generator import outputs

    if os.environ.get(outputs.PAUSE_ENV) == "shutdown":  # the interruption tests stop here
        import atexit

        atexit.register(outputs.checkpoint, "shutdown")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tdcourse``; every input error, including one met while the parser is built (a
    missing ``en.yaml``: the ``--lang`` choices come from the catalogs), is one line and 2."""
    try:
        _refuse_nul(sys.argv[1:] if argv is None else argv)
        parser = build_parser()
    except InputError as exc:
        print(f"tdcourse: {exc.one_line()}", file=sys.stderr)
        return EXIT_INPUT
    except TdcourseError as exc:
        print(f"tdcourse: {exc}", file=sys.stderr)
        return EXIT_INPUT
    args = parser.parse_args(argv)
    try:
        _refuse_empty(parser, args)
        code: int = args.func(args)
        return code
    except InputError as exc:
        print(f"tdcourse: {exc.one_line()}", file=sys.stderr)
    except TdcourseError as exc:
        print(f"tdcourse: {exc}", file=sys.stderr)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    finally:
        if argv is None:  # the program, not a call: a Ctrl-C from here on is the one line too
            _exit_quietly_on_interrupt()
    return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())
