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
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import outputs
from generator.errors import InputError
from generator.i18n import languages
from generator.model.board import Board
from generator.scenarios.bounds import PER_CHUNK, check_count, chunk_count, worker_count
from generator.scenarios.deals import CHUNK, deals
from generator.scenarios.questions import TOPICS, localise, questions_for
from generator.scenarios.quizdefs import ALL_TOPICS, Definitions
from generator.scenarios.recipes import RECIPES, weights
from generator.scenarios.verify import Rejected, build, irregularity_records

BANK_FORMAT = 1
#: The file that marks a folder as a bank (see :func:`generator.outputs.check_dir`).
BANK_MARKER = "manifest.json"


@dataclass(frozen=True)
class Plan:
    """What a bank is made of."""

    count: int
    seed: int
    topics: tuple[str, ...] = ()
    langs: tuple[str, ...] = field(default_factory=languages)
    recipe_weights: dict[str, float] = field(default_factory=dict)

    def recipes(self) -> tuple[list[str], list[float]]:
        table = weights(self.recipe_weights)
        unknown = [t for t in self.topics if t not in ALL_TOPICS]
        if unknown:
            raise InputError(f"unknown topic {', '.join(unknown)} "
                             f"(topics: {', '.join(ALL_TOPICS)})")
        names = [n for n in sorted(table) if table[n] > 0 and (
            not self.topics or TOPICS.get(RECIPES[n].kind.value) in self.topics)]
        if not names:
            raise InputError(f"no recipe covers the topics {', '.join(self.topics)} "
                             f"(topics: {', '.join(ALL_TOPICS)})")
        return names, [table[n] for n in names]


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
            scenario = build(RECIPES[name], board, deal, seed, rng)
        except Rejected:
            continue
        record = scenario.record()
        record["questions"] = questions_for(record)
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

    with multiprocessing.Pool(workers, initializer=_worker_init,
                              initargs=(os.getpid(),)) as pool:
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


def definitions_plan(defs: Definitions) -> Plan:
    """The bank the quiz definitions ask for (their seed, size and languages, every topic): the
    one bank ``tdcourse build`` and ``tdcourse export`` share."""
    return Plan(defs.bank_count, defs.bank_seed, (), defs.langs)


def bank_from_definitions(defs: Definitions, out: Path) -> list[dict[str, Any]]:
    """Generate and write the bank of :func:`definitions_plan`; returns its records."""
    plan = definitions_plan(defs)
    outputs.check_dir(out, BANK_MARKER)  # before the work
    records = scenarios(plan, workers=2)
    write_bank(out, plan, records)
    return records


def write_bank(out: Path, plan: Plan, records: list[dict[str, Any]]) -> None:
    """Write a bank directory atomically (refused if ``out`` is not a bank or missing)."""
    with outputs.Transaction(out.parent) as tx:
        fill_bank(tx.folder(out, BANK_MARKER), plan, records)
        outputs.checkpoint("generate:written")
        tx.commit()


def fill_bank(folder: Path, plan: Plan, records: list[dict[str, Any]]) -> None:
    """Write the files of a bank into the (empty) ``folder``."""
    stored = [{k: v for k, v in r.items() if k != "questions"} for r in records]
    questions = [q for r in records for q in r["questions"]]
    manifest = {
        "format": BANK_FORMAT,
        "edition": "1987",
        "seed": plan.seed,
        "count": len(records),
        "questions": len(questions),
        "topics": sorted(plan.topics),
        "langs": list(plan.langs),
        "recipe_weights": weights(plan.recipe_weights),
    }

    (folder / "scenarios.json").write_text(dumps(stored), encoding="utf-8")
    for lang in plan.langs:
        localised = [localise(q, lang) for q in questions]
        (folder / f"questions.{lang}.json").write_text(dumps(localised), encoding="utf-8")
    (folder / "manifest.json").write_text(dumps(manifest), encoding="utf-8")


def read_json(file: Path) -> Any:
    """One file of a bank, read as JSON; a missing or damaged file is a one-line input error
    naming it (and the line, for bad JSON)."""
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("missing (is this a question bank directory?)", str(file)) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", str(file), exc.lineno) from None


def load_bank(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The manifest and the scenarios of a bank directory (clear errors for broken files)."""
    records: list[dict[str, Any]] = []
    manifest: dict[str, Any] = {}
    for name in ("manifest.json", "scenarios.json"):
        file = path / name
        data = read_json(file)
        if name == "manifest.json":
            manifest = data
        else:
            records = data
    if not isinstance(records, list):
        raise InputError("expected a list of scenarios", str(path / "scenarios.json"), 1)
    return manifest, records


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
