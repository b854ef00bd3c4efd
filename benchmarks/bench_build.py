"""Benchmark: the course's four sites (issue 17: the 1987 and 2017 codes, English and Russian).

Targets: the four sites built cold under 4 min; after editing one chapter, the rebuild of one
site (the 2017 code in English; the 1987 one if the 2017 site failed) under 15 s. Prints each
figure with its ratio to the target; exits 0 either way (slowness is reported here, never a
failing test).

Works on a copy of the project in a temporary directory, so the real ``book/_build`` is left
alone. The question bank and the course data of each code are made first, as ``tdcourse build``
makes them; their time is reported apart (``bench_generate.py`` measures the bank).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.book.site import BookBuildError, Sources, build_site  # noqa: E402
from generator.build import _quizzes, bank_path  # noqa: E402
from generator.laws.refs import EDITIONS  # noqa: E402

COLD_TARGET_S = 240.0
REBUILD_TARGET_S = 15.0
CHAPTER = "05-insufficient-bid"


def _copy_project(dest: Path) -> None:
    for name in ("book", "quizzes", "tests/cases"):
        shutil.copytree(ROOT / name, dest / name,
                        ignore=shutil.ignore_patterns("_build", "_generated", "bank"))


def _line(what: str, seconds: float, target: float) -> str:
    return (f"{what}: {seconds:.1f} s; target {target:.0f} s; ratio "
            f"{seconds / target:.2f}{'' if seconds <= target else '  <- over the target'}")


def _timed(failures: list[str], *args: object, **kwargs: object) -> float:
    """Seconds for one ``build_site``; a site's failure (a page's warning: Sphinx has read and
    written every page by then) is kept to print, the time still counted."""
    start = time.perf_counter()
    try:
        build_site(*args, **kwargs)  # type: ignore[arg-type]
    except BookBuildError as exc:
        failures.append(str(exc))
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="tdcourse-bench-build-") as tmp:
        work = Path(tmp)
        _copy_project(work)
        quiet = lambda _line: None  # noqa: E731
        start = time.perf_counter()
        sources: dict[str, Sources] = {}
        made: dict[Path, dict[str, str]] = {}
        for edition in EDITIONS:  # each code's bank (once per bank) and its quiz selection
            bank = bank_path(work, edition)
            if bank not in made:
                made[bank] = _quizzes(work, quiet, edition=edition)
            data = work / "book" / "_build" / "data" / edition
            data.mkdir(parents=True, exist_ok=True)
            for name, text in made[bank].items():
                (data / name).write_text(text, encoding="utf-8")
            sources[edition] = Sources(bank=bank, data=data)
        bank_s = time.perf_counter() - start

        failures: list[str] = []
        cold_s = _timed(failures, work, None, quiet, sources=sources)
        html = work / "book" / "_build" / "html"
        sites = sorted(f"{e.name}/{p.name}" for e in html.iterdir() if e.is_dir()
                       for p in e.iterdir() if p.is_dir())
        pages = {site: len(list((html / site).rglob("*.html"))) for site in sites}

        chapter = work / "book" / "chapters" / f"{CHAPTER}.md"
        chapter.write_text(chapter.read_text(encoding="utf-8") + "\n<!-- edited -->\n",
                           encoding="utf-8")
        # the 2017 site in English, unless it failed (then its "rebuild" would be cold)
        edition = "2017" if (html / "2017" / "en").is_dir() else "1987"
        rebuild_s = _timed(failures, work, ["en"], quiet, sources=sources, editions=[edition])
        nothing_s = _timed(failures, work, ["en"], quiet, sources=sources, editions=[edition])
    print(f"question banks and course data ({', '.join(EDITIONS)}): {bank_s:.1f} s "
          "(reported apart)")
    print(f"sites: {', '.join(f'{site} ({n} pages)' for site, n in pages.items())}")
    count = len(EDITIONS) * 2  # every site is built to its end, published or not
    print(_line(f"cold build of the {count} sites ({len(sites)} published)", cold_s,
                COLD_TARGET_S))
    print(f"  per site: {cold_s / count:.1f} s")
    print(_line(f"rebuild of {edition}/en after editing chapters/{CHAPTER}.md", rebuild_s,
                REBUILD_TARGET_S))
    print(_line(f"rebuild of {edition}/en with nothing changed", nothing_s, REBUILD_TARGET_S))
    for failure in dict.fromkeys(failures):
        print(f"  ! a site failed (its time is counted): {failure}")


if __name__ == "__main__":
    main()
