"""The question bank: many verified scenarios, their questions, one canonical form on disk.

``generate`` builds scenarios in chunks (one endplay seed per chunk, see ``deals``), on as many
processes as asked within bounds (:mod:`generator.scenarios.bounds`): at most ``MAX_COUNT``
scenarios, and at most one process per CPU and per chunk. The pool is made only when there are
two chunks or more and more than one CPU, is fed two chunks per process ahead of the results
(never the whole job list at once), and its processes die with the parent, even one killed
with SIGKILL (:func:`_worker_init`). The result does not depend on the
number of processes. Files are JSON with sorted keys and a fixed layout, so the same seed gives
byte-identical files. They are written through :mod:`generator.outputs`: into a stage beside the
bank, moved into place only when complete, so an interrupted or failed run leaves the previous
bank as it was; a folder that is not a bank (no ``manifest.json``) is never replaced.

Layout of a bank directory::

    scenarios.json        the verified scenarios (seed, case, ruling, verification)
    drills.json           the drill records (:mod:`generator.drills`: scoring, procedure facts)
    questions.<lang>.json the questions in one language, for the quiz widget and exports
    manifest.json         seed, count, topics, recipe weights, languages, format version
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import drills as drill_registry
from generator import jsonshape, outputs
from generator.errors import InputError
from generator.i18n import languages
from generator.jsonshape import Spec
from generator.model.board import Board
from generator.scenarios import bankfiles
from generator.scenarios.bounds import PER_CHUNK, check_count, chunk_count, worker_count
from generator.scenarios.deals import CHUNK, deals
from generator.scenarios.questions import TOPICS, localise, questions_for
from generator.scenarios.quizdefs import ALL_TOPICS, Definitions
from generator.scenarios.recipes import RECIPES, weights
from generator.scenarios.verify import Rejected, build, irregularity_records

BANK_FORMAT = 1
BANK_MARKER = outputs.BANK_MARKER


@dataclass(frozen=True)
class Plan:
    """What a bank is made of."""

    count: int
    seed: int
    topics: tuple[str, ...] = ()
    langs: tuple[str, ...] = field(default_factory=languages)
    recipe_weights: dict[str, float] = field(default_factory=dict)
    #: drill records (:mod:`generator.drills`) beside the scenarios; ``None``: the default share
    drills: int | None = None
    #: the code the scenarios are ruled under ("1987" | "2017"): one bank per edition
    edition: str = "1987"

    def _recipe_names(self) -> list[str]:
        table = weights(self.recipe_weights, self.edition)
        unknown = [t for t in self.topics if t not in ALL_TOPICS]
        if unknown:
            raise InputError(f"unknown topic {', '.join(unknown)} "
                             f"(topics: {', '.join(ALL_TOPICS)})")
        return [n for n in sorted(table) if table[n] > 0 and self.edition in RECIPES[n].editions
                and (not self.topics or TOPICS.get(RECIPES[n].kind.value) in self.topics)]

    def recipes(self) -> tuple[list[str], list[float]]:
        names = self._recipe_names()
        if not names:
            raise InputError(f"no recipe covers the topics {', '.join(self.topics)} "
                             f"(topics: {', '.join(ALL_TOPICS)})")
        table = weights(self.recipe_weights, self.edition)
        return names, [table[n] for n in names]

    @property
    def drill_topics(self) -> tuple[str, ...]:
        """The plan's topics that drills feed (every drill topic when the plan names none)."""
        every = drill_registry.topics()
        return tuple(t for t in every if not self.topics or t in self.topics)

    @property
    def scenario_count(self) -> int:
        """How many scenarios: ``count``, unless the topics are drill topics only (a bank of
        scoring or procedure questions), which hold no scenario."""
        return self.count if self._recipe_names() else 0

    @property
    def drill_count(self) -> int:
        """How many drill records: ``drills`` when given; else a share of the scenarios, or
        ``count`` itself when the topics are drill topics only."""
        if not self.drill_topics:
            if not self._recipe_names():  # neither recipes nor drills: say so
                self.recipes()
            return 0
        if self.drills is not None:
            return self.drills
        if not self.scenario_count:
            return self.count
        return drill_registry.default_count(self.count)

    def check(self) -> None:
        """Refuse a plan whose topics nothing covers, before any work."""
        if not self.scenario_count and not self.drill_count:
            self.recipes()


def drills(plan: Plan) -> list[dict[str, Any]]:
    """The plan's drill records, each with its questions (fixed by the seed)."""
    return drill_registry.records(plan.seed, plan.drill_count, plan.drill_topics)


def _chunk(plan: Plan, chunk: int, wanted: int) -> list[dict[str, Any]]:
    """Up to ``wanted`` verified scenario records from one chunk of deals."""
    names, probabilities = plan.recipes()
    out: list[dict[str, Any]] = []
    for position, deal in enumerate(deals(plan.seed, chunk, CHUNK)):
        if len(out) >= wanted:
            break
        seed = f"{plan.seed}/{chunk}/{position}"
        rng = random.Random(seed)
        name = rng.choices(names, probabilities)[0]
        board = Board.from_number(rng.randint(1, 32))
        try:
            scenario = build(RECIPES[name], board, deal, seed, rng, plan.edition)
        except Rejected:
            continue
        record = scenario.record()
        record["questions"] = questions_for(record, scenario.outputs)
        if record["questions"]:
            out.append(record)
    return out


def _chunk_job(args: tuple[Plan, int, int]) -> list[dict[str, Any]]:
    plan, chunk, wanted = args
    return _chunk(plan, chunk, wanted)


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(1)


def _worker_init(parent: int) -> None:
    """Make a pool process die with its parent, and leave Ctrl-C to the parent.

    On Linux the kernel kills the process when its parent dies (``PR_SET_PDEATHSIG``); elsewhere,
    and as a second guard, a thread exits the process once it has been orphaned. A Ctrl-C
    reaches the whole process group: the parent stops the pool, the workers ignore it (else each
    would print its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked by the parent's fork
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _pooled(jobs: Iterator[tuple[Plan, int, int]], workers: int
            ) -> Generator[list[dict[str, Any]], None, None]:
    """The results of ``jobs`` in order, on ``workers`` processes, at most two jobs per
    process submitted ahead of the results consumed."""
    import multiprocessing

    # Forked with Ctrl-C blocked, so a worker cannot be interrupted before it ignores Ctrl-C;
    # the parent's Ctrl-C waits until the pool exists, then stops it.
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.Pool(workers, initializer=_worker_init, initargs=(os.getpid(),))
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        raise
    with pool:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)  # inside: a Ctrl-C stops the pool
        pending: deque[Any] = deque()
        for job in jobs:
            pending.append(pool.apply_async(_chunk_job, (job,)))
            if len(pending) >= 2 * workers:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def scenarios(plan: Plan, workers: int = 1,
              progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """``plan.count`` verified scenarios, in a fixed order whatever ``workers`` is (bounded by
    :func:`generator.scenarios.bounds.worker_count`)."""
    check_count(plan.count)
    if not plan.scenario_count:
        return []
    chunks = chunk_count(plan.count)
    jobs = ((plan, c, PER_CHUNK) for c in range(chunks))
    workers = worker_count(workers, plan.count)
    results: list[dict[str, Any]] = []

    def consume(batches: Iterable[list[dict[str, Any]]]) -> None:
        for n, batch in enumerate(batches):
            useful = max(0, min(len(batch), plan.count - len(results)))
            results.extend(batch)
            if progress is not None and useful:
                progress(useful)
            if n == (chunks - 1) // 2:
                outputs.checkpoint("generate:chunks")

    outputs.checkpoint("generate:start")
    if workers > 1:
        pooled = _pooled(jobs, workers)
        try:
            consume(pooled)
        finally:
            pooled.close()  # stops the pool now, also when interrupted
    else:
        consume(map(_chunk_job, jobs))
    extra = chunks
    while len(results) < plan.count:  # a chunk fell short: draw further chunks
        batch = _chunk(plan, extra, plan.count - len(results))
        results.extend(batch)
        if progress is not None and batch:
            progress(len(batch))
        extra += 1
    return results[: plan.count]


def dumps(data: Any) -> str:
    """The one canonical form of a bank file."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def definitions_plan(defs: Definitions, edition: str = "1987") -> Plan:
    """The bank the quiz definitions ask for under ``edition`` (their seed, size and languages,
    every topic): the one bank of that code ``tdcourse build`` and ``tdcourse export`` share."""
    return Plan(defs.bank_count, defs.bank_seed, (), defs.langs, edition=edition)


def bank_from_definitions(defs: Definitions, out: Path,
                          edition: str = "1987") -> list[dict[str, Any]]:
    """Generate and write the bank of :func:`definitions_plan` for ``edition``; returns its
    records."""
    plan = definitions_plan(defs, edition)
    outputs.check_dir(out, BANK_MARKER)  # before the work
    records = scenarios(plan, workers=2)
    write_bank(out, plan, records, drills(plan))
    return records


def write_bank(out: Path, plan: Plan, records: list[dict[str, Any]],
               drilled: list[dict[str, Any]] | None = None) -> None:
    """Write a bank directory atomically (refused if ``out`` is not a bank or missing)."""
    with outputs.Transaction(out.parent) as tx:
        fill_bank(tx.folder(out, BANK_MARKER), plan, records, drilled)
        outputs.checkpoint("generate:written")
        tx.commit()


def fill_bank(folder: Path, plan: Plan, records: list[dict[str, Any]],
              drilled: list[dict[str, Any]] | None = None) -> None:
    """Write the files of a bank into the (empty) ``folder``: the scenarios, the drill
    records (``drilled``, see :func:`drills`) and every question of both."""
    drilled = [_stamped(r, plan.edition) for r in drilled or []]
    stored = [{k: v for k, v in r.items() if k != "questions"} for r in records]
    questions = [q for r in [*records, *drilled] for q in r["questions"]]
    manifest = {
        "format": BANK_FORMAT,
        "edition": plan.edition,
        "seed": plan.seed,
        "count": len(records),
        "drills": len(drilled),
        "questions": len(questions),
        "topics": sorted(plan.topics),
        "langs": list(plan.langs),
        "recipe_weights": weights(plan.recipe_weights, plan.edition),
    }

    (folder / "scenarios.json").write_text(dumps(stored), encoding="utf-8")
    (folder / "drills.json").write_text(
        dumps([{**drill_registry.stored(r), "edition": r["edition"]} for r in drilled]),
        encoding="utf-8")
    for lang in plan.langs:
        localised = [localise(q, lang) for q in questions]
        (folder / f"questions.{lang}.json").write_text(dumps(localised), encoding="utf-8")
    (folder / "manifest.json").write_text(dumps(manifest), encoding="utf-8")


def _stamped(drill: dict[str, Any], edition: str) -> dict[str, Any]:
    """A drill record and its questions marked with the bank's edition (a drill is made from a
    seed, not a table: the bank says which code its reader studies)."""
    return {**drill, "edition": edition,
            "questions": [{**q, "edition": edition} for q in drill["questions"]]}


#: A bank file bigger than this is refused unread (a bank of the largest count allowed is
#: far smaller; the limit keeps a stray huge file or a device from being read into memory).
MAX_FILE_BYTES = 256 * 1024 * 1024


def read_text(file: Path) -> str:
    """The text of one file of a bank; a missing, unreadable, special or non-UTF-8 file is a
    one-line input error naming it."""
    from generator.table.limits import read_text as read_limited

    if not file.exists() and file.parent.is_file():
        raise InputError("is a file, not a question bank directory", str(file.parent))
    if not file.exists() and not file.is_symlink():
        raise InputError("missing (is this a question bank directory?)", str(file))
    return read_limited(file, "a question bank file", MAX_FILE_BYTES)


def parse_json(text: str, file: Path) -> Any:
    """``text`` (of ``file``) read as JSON, bad JSON a located one-line error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", str(file), exc.lineno) from None
    except RecursionError:
        raise InputError("invalid JSON: nested too deeply", str(file)) from None


def read_json(file: Path, shape: Spec | None = None) -> Any:
    """One file of a bank, read as JSON and, given its ``shape`` (:mod:`bankfiles`), checked to
    have it; a missing or damaged file is a one-line input error naming it and the line."""
    text = read_text(file)
    data = parse_json(text, file)
    if shape is not None:
        jsonshape.check(data, shape, text, str(file))
    return data


def load_bank(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The manifest and the scenarios of a bank directory, each checked to have its shape
    (:mod:`generator.scenarios.bankfiles`), the format to be this one's, no scenario twice."""
    if path.is_file():
        raise InputError("is a file, not a question bank directory", str(path))
    manifest_file, scenarios_file = path / "manifest.json", path / "scenarios.json"
    manifest_text = read_text(manifest_file)
    manifest = parse_json(manifest_text, manifest_file)
    jsonshape.check(manifest, bankfiles.MANIFEST, manifest_text, str(manifest_file))
    if manifest["format"] != BANK_FORMAT:
        raise jsonshape.refuse(manifest_text, ["format"], f"bank format {manifest['format']} "
                               f"(this reads {BANK_FORMAT})", str(manifest_file))
    records = read_json(scenarios_file, bankfiles.SCENARIOS)
    seen: dict[str, int] = {}
    for index, record in enumerate(records):
        if record["id"] in seen:
            raise jsonshape.refuse(read_text(scenarios_file), [index, "id"],
                                   f"scenario {record['id']} is stored twice (first at "
                                   f"[{seen[record['id']]}])", str(scenarios_file))
        seen[record["id"]] = index
    return manifest, records


def load_drills(path: Path) -> list[dict[str, Any]]:
    """The drill records of a bank (``drills.json``; a bank written before drills has none),
    checked to have their shape, no record twice."""
    file = path / "drills.json"
    if not file.exists():
        return []
    text = read_text(file)
    data: list[dict[str, Any]] = parse_json(text, file)
    jsonshape.check(data, bankfiles.DRILLS, text, str(file))
    seen: set[str] = set()
    for index, record in enumerate(data):
        if record["id"] in seen:
            raise jsonshape.refuse(text, [index, "id"], f"drill {record['id']} is stored twice",
                                   str(file))
        seen.add(record["id"])
    return data


def bank_ids(path: Path, records: Iterable[Mapping[str, Any]]) -> set[str]:
    """The ids a question of the bank may belong to: its scenarios' and its drills'."""
    return {str(r["id"]) for r in records} | {str(r["id"]) for r in load_drills(path)}


def verify_drills(path: Path, lang: str, stored: list[dict[str, Any]], file: str) -> list[str]:
    """Ask every drill record's question again and compare it with the stored one in ``lang``;
    one line per drill record whose question differs."""
    by_record: dict[str, list[dict[str, Any]]] = {}
    for question in stored:
        by_record.setdefault(question["scenario"], []).append(question)
    problems: list[str] = []
    for record in load_drills(path):
        rid = str(record["id"])
        try:
            made = drill_registry.make_question(record)
        except Exception as exc:
            problems.append(f"{rid}: its question can no longer be asked: {exc}")
            continue
        edition = str(record.get("edition", "1987"))
        now = [localise({**made, "edition": edition}, lang)] if made is not None else []
        if now != by_record.get(rid, []):
            problems.append(f"{rid}: {file}: the drill {record['drill']} now asks another "
                            "question")
    return problems


def load_questions(path: Path, lang: str,
                   scenario_ids: Collection[str] | None = None) -> list[dict[str, Any]]:
    """The questions of a bank in ``lang`` (``questions.<lang>.json``), checked to have their
    shape, to be in ``lang``, to have the fields of their type, and (given ``scenario_ids``) to
    belong to a stored scenario; every problem one located line."""
    file = path / f"questions.{lang}.json"
    text = read_text(file)
    data: list[dict[str, Any]] = parse_json(text, file)
    jsonshape.check(data, bankfiles.QUESTIONS, text, str(file))
    seen: set[str] = set()
    for index, question in enumerate(data):
        problem, key = "", "id"
        if question["lang"] != lang:
            problem, key = f"a question in {question['lang']!r}, not {lang!r}", "lang"
        elif question["id"] in seen:
            problem = f"question {question['id']} is stored twice"
        elif question["type"] == "number" and "answer" not in question:
            problem = "a number question needs an 'answer'"
        elif question["type"] != "number" and not question.get("choices"):
            problem = f"a {question['type']} choice question needs its 'choices'"
        elif "drill" not in question and (
                missing := [k for k in bankfiles.TABLE_FIELDS if k not in question]):
            problem = f"a scenario's question needs {', '.join(repr(k) for k in missing)}"
        elif scenario_ids is not None and question["scenario"] not in scenario_ids:
            line = jsonshape.line_of(text, [index, "scenario"])
            raise InputError(f"scenario {question['scenario']} of the questions is not in the "
                             f"bank (asked at {file.name}:{line})", str(path / "scenarios.json"))
        if problem:
            raise jsonshape.refuse(text, [index, key], problem, str(file))
        seen.add(question["id"])
    return data


def verify_records(records: list[dict[str, Any]], source: str = "bank") -> list[str]:
    """Re-rule every stored case with the current engine; one line per disagreement."""
    from generator.laws.engine import analyse
    from generator.table.case import parse_case

    problems: list[str] = []
    for record in records:
        rid = record.get("id", "?")
        try:
            case = parse_case(json.dumps(record["case"]), f"{source}:{rid}.json")
            result = analyse(case)
        except Exception as exc:
            problems.append(f"{rid}: the case no longer replays: {exc}")
            continue
        found = irregularity_records(result)
        if found != record["irregularities"]:
            problems.append(f"{rid}: irregularities now {found}, stored "
                            f"{record['irregularities']}")
            continue
        ruling = next((r for r in result["rulings"] if r["kind"] == record["kind"]), None)
        stored = record["ruling"]
        if ruling is None:
            problems.append(f"{rid}: no ruling on {record['kind']} any more")
            continue
        for key in ("laws", "rectifications", "options", "flags"):
            if ruling.get(key) != stored.get(key):
                problems.append(f"{rid}: ruling {key} now {ruling.get(key)}, stored "
                                f"{stored.get(key)}")
        if result["score"] != record.get("score"):
            problems.append(f"{rid}: score now {result['score']}, stored {record.get('score')}")
    return problems


def verify_questions(records: list[dict[str, Any]], lang: str,
                     stored: list[dict[str, Any]], file: str) -> list[str]:
    """Ask every stored scenario's questions again, as the current engine and catalogs put them
    in ``lang``, and compare them with the stored ``questions.<lang>.json`` (read by
    :func:`load_questions`); one line per scenario whose questions differ."""
    by_scenario: dict[str, list[dict[str, Any]]] = {}
    for question in stored:
        by_scenario.setdefault(question["scenario"], []).append(question)
    problems: list[str] = []
    for record in records:
        rid = record["id"]
        try:
            now = [localise(q, lang) for q in questions_for(record)]
        except Exception as exc:
            problems.append(f"{rid}: its questions can no longer be asked: {exc}")
            continue
        kept = by_scenario.get(rid, [])
        if now == kept:
            continue
        now_ids, kept_ids = [q["id"] for q in now], [q["id"] for q in kept]
        if now_ids != kept_ids:
            problems.append(f"{rid}: {file} holds the questions {kept_ids}, the engine now "
                            f"asks {now_ids}")
            continue
        for mine, theirs in zip(now, kept, strict=True):
            keys = sorted(k for k in {*mine, *theirs} if mine.get(k) != theirs.get(k))
            if keys:
                problems.append(f"{rid}: {file}: question {mine['id']} differs from what the "
                                f"engine now asks in {', '.join(keys)}")
    return problems


def check_counts(path: Path, manifest: dict[str, Any], records: list[dict[str, Any]],
                 questions: dict[str, list[dict[str, Any]]]) -> None:
    """The manifest's counts are those of the files it describes (a bank copied in part, or
    with a file of another bank, is refused with the manifest's line)."""
    file = path / "manifest.json"
    problem, key = "", ""
    if manifest["count"] != len(records):
        problem, key = f"scenarios.json holds {len(records)} scenarios", "count"
    elif manifest.get("drills", 0) != len(load_drills(path)):
        problem, key = f"drills.json holds {len(load_drills(path))} drill records", "drills"
    for lang, stored in questions.items():
        if not problem and manifest["questions"] != len(stored):
            problem, key = f"questions.{lang}.json holds {len(stored)} questions", "questions"
    if problem:
        raise jsonshape.refuse(read_text(file), [key], f"{key} is {manifest.get(key, 0)} but "
                               f"{problem}", str(file))
