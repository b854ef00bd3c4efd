"""Every change the 2017 spec lists against 1987 has a differential case that shows it (issue 16,
item 6).

``tests/laws/data/changes_2017.yaml`` lists the rows of ``laws2017_spec.md`` whose "vs 1987" says
*changed*, *new* or *moved*, for the laws the engine rules on, each with the differential cases
(``tests/cases/differential``) that show it, or the reason no case can. These tests hold the list
to the cases (each listed case exists, carries both editions' expectations, is ruled differently
by the two codes, and its 2017 ruling cites the row's clause) and to the spec (parsed when the
spec is at hand; its row count is pinned here in any case), so that a row added to the spec, or a
case that stops showing its row, fails here rather than going unnoticed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.casecheck import cited_laws, differential, law_matches
from generator.laws.editions import differences, rule_both
from generator.laws.refs import law_index
from generator.table.case import load_case

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases" / "differential"
DATA = Path(__file__).resolve().parent / "data" / "changes_2017.yaml"
#: The spec lives outside the repository (the project's shared folder); the parse of its rows
#: runs where it is found, and the pinned counts below hold everywhere.
SPEC = Path(os.environ.get("TDCOURSE_SPEC_2017", "/work/shared/laws/laws2017_spec.md"))

#: The laws the engine rules on (issue 16): rows of other laws are not listed.
ENGINE_LAWS = frozenset([*range(9, 17), *range(20, 40), *range(41, 72), 77, 78, 79, 86])
KINDS = ("changed", "new", "moved")
REASONS = ("not_expressible", "engine_gap")
#: Pinned from the spec of 2026-12 (table rows of the engine's laws marked changed/new/moved,
#: prose rows, skipped rows): a new spec row must be listed, and these figures moved with it.
TABLE_ROWS = 75
PROSE_ROWS = 20
SKIPPED_ROWS = 19
MIN_DIFFERENTIAL_CASES = 40

_MARK = re.compile(r"\b(changed|new|moved)\b", re.IGNORECASE)


def _data() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


ROWS: list[dict[str, Any]] = _data()["rows"]
SKIPPED: list[dict[str, Any]] = _data()["skipped"]
SHOWN = [row for row in ROWS if "cases" in row]


def _law(clause: str) -> int:
    match = re.match(r"\**(\d+)", clause)
    assert match, clause
    return int(match.group(1))


# --------------------------------------------------------------------------- the list itself
def test_every_row_has_cases_or_one_reason() -> None:
    for row in ROWS:
        assert row["kind"] in KINDS, row
        assert str(row.get("summary") or "").strip(), row
        ways = [key for key in ("cases", *REASONS) if key in row]
        assert len(ways) == 1, f"{row['row']}: cases or one reason, not {ways}"
        if "cases" in row:
            assert row["cases"], row["row"]
        else:
            assert len(str(row[ways[0]]).strip()) > 30, f"{row['row']}: say why"
        if "cites" in row:
            assert "cases" in row and str(row.get("cites_why") or "").strip(), row["row"]
        assert _law(row["row"]) in ENGINE_LAWS, row["row"]
    for row in SKIPPED:
        assert _law(row["row"]) in ENGINE_LAWS and len(row["reason"].strip()) > 10, row


def test_rows_are_listed_once() -> None:
    names = [row["row"] for row in ROWS] + [row["row"] for row in SKIPPED]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})


def test_the_reasons_stay_few() -> None:
    """Most rows are shown by a case; the rows no case can show are the exception."""
    unshown = [row["row"] for row in ROWS if "cases" not in row]
    assert len(unshown) * 3 < len(ROWS), unshown


def test_row_counts_are_pinned() -> None:
    table = [row for row in ROWS if row["from"] == "table"]
    assert len(table) + len(SKIPPED) == TABLE_ROWS
    assert len(ROWS) - len(table) == PROSE_ROWS
    assert len(SKIPPED) == SKIPPED_ROWS


def test_at_least_forty_differential_cases() -> None:
    cases = [path for path in CASES.glob("*.yaml")
             if differential(load_case(path).expect) is not None]
    assert len(cases) >= MIN_DIFFERENTIAL_CASES, len(cases)


# --------------------------------------------------------------------------- against the spec
def _spec_text() -> str:
    if not SPEC.is_file():
        pytest.skip(f"the 2017 spec is not at {SPEC} (set TDCOURSE_SPEC_2017); counts pinned")
    return SPEC.read_text(encoding="utf-8")


def spec_table_rows(text: str) -> Iterator[tuple[str, str]]:
    """(clause, vs-1987 cell) of every table row whose "vs 1987" column is marked, the column
    found from each table's header."""
    column: int | None = None
    for line in text.splitlines():
        if not line.startswith("|"):
            column = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if "vs 1987" in cells:
            column = cells.index("vs 1987")
        elif column is not None and not set(line) <= set("|-: ") and len(cells) > column \
                and _MARK.search(cells[column]):
            yield cells[0].strip("*"), cells[column]


def spec_prose_marks(text: str) -> list[str]:
    """The opening lines of the prose "vs 1987" paragraphs that mark a change (the paragraph runs
    to the next blank line or bullet)."""
    lines = text.splitlines()
    found = []
    for index, line in enumerate(lines):
        if not line.strip().startswith("vs 1987"):
            continue
        paragraph = [line]
        for more in lines[index + 1:]:
            if not more.strip() or more.lstrip().startswith(("*", "|", "#", "`")):
                break
            paragraph.append(more)
        if _MARK.search(" ".join(paragraph)):
            found.append(line.strip())
    return found


def test_the_table_rows_match_the_spec() -> None:
    spec = {clause for clause, _ in spec_table_rows(_spec_text()) if _law(clause) in ENGINE_LAWS}
    listed = {row["row"] for row in ROWS if row["from"] == "table"} | {r["row"] for r in SKIPPED}
    assert sorted(spec - listed) == [], "spec rows not listed"
    assert sorted(listed - spec) == [], "listed rows the spec does not mark"


def test_the_prose_rows_match_the_spec() -> None:
    text = _spec_text()
    marks = spec_prose_marks(text)
    anchors = {row["from"] for row in ROWS if row["from"] != "table"}
    for anchor in anchors:
        assert anchor in text, f"no such spec line: {anchor!r}"
    for mark in marks:
        assert any(mark.startswith(anchor) for anchor in anchors), f"prose row not listed: {mark}"


# --------------------------------------------------------------------------- against the cases
@cache
def _ruled(name: str) -> dict[str, dict[str, Any]]:
    return rule_both(load_case(CASES / name))


def _cited_2017(result: dict[str, Any]) -> list[str]:
    """Every clause the 2017 result rests on: the rulings' and rectifications' clauses and those
    of their flags and notes (a judgement left to the director is cited by its flag)."""
    laws = cited_laws(result)
    for ruling in result.get("rulings") or []:
        for item in [*(ruling.get("flags") or []), *(ruling.get("notes") or [])]:
            if item.get("law"):
                laws.append(str(item["law"]))
    return laws


def clauses_of(row: str) -> list[str]:
    """The index clauses a row stands for: ``27B1(a)`` is 27B1a, ``15B1-3`` is 15B1, 15B2, 15B3,
    and a clause the 2017 index does not hold (36B3, 50E1) is its nearest enclosing one (36B,
    50E)."""
    index = law_index("2017")
    plain = re.sub(r"[()\s*]", "", row.split(" (")[0] if " (" in row else row)
    span = re.fullmatch(r"(\d+[A-Z]+)(\d+)-(\d+)", plain)
    names = [f"{span.group(1)}{n}" for n in range(int(span.group(2)), int(span.group(3)) + 1)] \
        if span else [plain]
    out = []
    for name in names:
        while name not in index:
            assert len(name) > 1, row
            name = name[:-1]
        out.append(name)
    return out


def test_clauses_of_rows() -> None:
    assert clauses_of("27B1(a)") == ["27B1a"]
    assert clauses_of("30B1(b)(ii)") == ["30B1bii"]
    assert clauses_of("15B1-3") == ["15B1", "15B2", "15B3"]
    assert clauses_of("36B3") == ["36B"]
    assert clauses_of("50 (preamble)") == ["50"]


CASE_ROWS = [(row["row"], name) for row in SHOWN for name in row["cases"]]


@pytest.mark.parametrize(("row", "name"), CASE_ROWS, ids=[f"{r}:{n[:40]}" for r, n in CASE_ROWS])
def test_the_case_shows_the_row(row: str, name: str) -> None:
    path = CASES / name
    assert path.is_file(), f"{row}: no case {name}"
    blocks = differential(load_case(path).expect)
    assert blocks is not None and set(blocks) == {"1987", "2017"}, f"{name}: not differential"
    results = _ruled(name)
    assert differences(results), f"{name}: both codes rule it alike"
    entry = next(r for r in ROWS if r["row"] == row)
    wanted = [str(c) for c in entry.get("cites") or clauses_of(row)]
    cited = _cited_2017(results["2017"])
    assert any(law_matches(w, c) for w in wanted for c in cited), \
        f"{row}: the 2017 ruling of {name} cites none of {wanted} (it cites {sorted(set(cited))})"
