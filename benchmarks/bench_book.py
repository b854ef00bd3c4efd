"""Benchmark: building the course book in one code, 1987 (targets: cold build of both
languages under 3 min; rebuild after editing one chapter under 15 s), and the build time per
page against a plain Sphinx build of the same number of pages. The four sites of both codes:
``bench_build.py``.

Works on a copy of the project in a temporary directory, so the real ``book/_build`` is left
alone. The question bank the book reads is generated first (``tdcourse build`` does the same);
its time is reported apart.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.book.site import build_site  # noqa: E402
from generator.build import _quizzes  # noqa: E402

COLD_TARGET_S = 180.0
REBUILD_TARGET_S = 15.0


def _copy_project(dest: Path) -> None:
    for name in ("book", "quizzes", "tests/cases"):
        src = ROOT / name
        shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("_build", "_generated",
                                                                         "bank"))


def _plain_sphinx(pages: int, work: Path) -> float:
    """Seconds for a plain Sphinx + MyST build of ``pages`` short pages."""
    src = work / "plain"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser"]\nproject = "plain"\n',
                                 encoding="utf-8")
    toc = "\n".join(f"page{i}" for i in range(pages))
    (src / "index.md").write_text(f"# Plain\n\n```{{toctree}}\n{toc}\n```\n", encoding="utf-8")
    for i in range(pages):
        body = "\n\n".join(f"Paragraph {j} of page {i}: some ordinary text." for j in range(30))
        (src / f"page{i}.md").write_text(f"# Page {i}\n\n## Section\n\n{body}\n",
                                         encoding="utf-8")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src),
                    str(work / "plain-out")], check=True)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="tdcourse-bench-book-") as tmp:
        work = Path(tmp)
        _copy_project(work)
        quiet = lambda _line: None  # noqa: E731
        start = time.perf_counter()
        _quizzes(work, quiet)
        bank_s = time.perf_counter() - start
        start = time.perf_counter()
        build_site(work, None, quiet, editions=["1987"])
        cold_s = time.perf_counter() - start
        chapter = work / "book" / "chapters" / "05-insufficient-bid.md"
        chapter.write_text(chapter.read_text(encoding="utf-8") + "\n<!-- edited -->\n",
                           encoding="utf-8")
        start = time.perf_counter()
        build_site(work, None, quiet, editions=["1987"])
        rebuild_s = time.perf_counter() - start
        html = work / "book" / "_build" / "html"
        pages = len(list((html / "1987" / "en").rglob("*.html")))
        langs = len([p for e in html.iterdir() if e.is_dir() for p in e.iterdir() if p.is_dir()])
        plain_s = _plain_sphinx(pages, work)
    per_page = cold_s / (pages * langs)
    plain_per_page = plain_s / pages
    print(f"question bank for the book: {bank_s:.1f} s (reported apart)")
    print(f"cold build, {langs} languages x {pages} pages: {cold_s:.1f} s; target "
          f"{COLD_TARGET_S:.0f} s; ratio {cold_s / COLD_TARGET_S:.2f}")
    print(f"rebuild after editing one chapter: {rebuild_s:.1f} s; target "
          f"{REBUILD_TARGET_S:.0f} s; ratio {rebuild_s / REBUILD_TARGET_S:.2f}")
    print(f"per page: {per_page * 1000:.0f} ms (course) vs {plain_per_page * 1000:.0f} ms "
          f"(plain Sphinx + MyST, {pages} pages); ratio {per_page / plain_per_page:.1f}")


if __name__ == "__main__":
    main()
