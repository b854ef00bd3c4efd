"""docs/editions.md stays true: its table of rules per kind is the one the registry gives today,
every switch its list of readings names exists, and the README points to it and to the commands
it describes. The benchmark's 40-event case is what the benchmark says it is."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

from generator.laws import sharing_table
from generator.laws.ruler import sharing
from generator.table.irregularities import Kind

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "editions.md"


def test_published_sharing_table_is_current() -> None:
    published = DOC.read_text(encoding="utf-8")
    assert published == sharing_table.with_table(published), \
        "run: python -m generator.laws.sharing_table --write"


def test_table_has_a_row_per_kind_and_says_shared_as_the_registry_does() -> None:
    rows = {row[0]: row for row in sharing_table.sharing_rows()}
    assert set(rows) == {k.value for k in Kind}
    for kind, entry in sharing().items():
        assert rows[kind][-1] == entry["status"]
        assert rows[kind][2] == entry.get("1987", "none")
        assert rows[kind][4] == entry.get("2017", "none")
    # a shared kind names one class under both codes, a differing one two
    assert all(r[2] == r[4] for r in rows.values() if r[-1] == "shared")
    assert all(r[2] != r[4] for r in rows.values() if r[-1] == "differs")


def test_with_table_replaces_only_what_stands_between_the_markers() -> None:
    document = f"head\n{sharing_table.BEGIN}\nstale\n{sharing_table.END}\ntail\n"
    fresh = sharing_table.with_table(document)
    assert fresh.startswith(f"head\n{sharing_table.BEGIN}\n\n| Kind |")
    assert fresh.endswith(f"{sharing_table.END}\ntail\n")
    assert "stale" not in fresh
    assert sharing_table.with_table(fresh) == fresh


def readings() -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Readings taken", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"`(law\d\d)\.([A-Z][A-Z0-9_]+)`", section)


def test_every_switch_the_readings_name_exists() -> None:
    named = readings()
    assert len(named) >= 20
    for module, constant in named:
        mod = importlib.import_module(f"generator.laws.{module}")
        assert hasattr(mod, constant), f"docs/editions.md names {module}.{constant}"


def test_readme_points_to_the_editions_page_and_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/editions.md" in readme
    commands = readme.split("## The command line", 1)[1].split("\n## ", 1)[0]
    assert "--edition both" in commands
    assert "tdcourse diff " in commands


def test_benchmark_case_rules_under_both_codes_differently() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        bench = importlib.import_module("bench_editions")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    from generator.table import parse_case

    bench.check(parse_case(bench.forty_event_case()))  # 40 events, one insufficient bid
