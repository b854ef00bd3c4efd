"""The quiz widget's static files, read as text (no browser): what the script never does, its
weight, and that every interface string it uses is in both catalogs with the same placeholders.

The script reads its interface text as ``ui.<key>`` only (never ``ui[...]``), so the keys it uses
can be found with a regular expression; ``fmt(ui.<key>, {...})`` fills a string's placeholders.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.book.quiz import SCRIPT, STATIC_DIR, STYLE

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "generator" / "i18n"
LANGS = ("en", "ru")
#: Ceilings that keep the widget from creeping: a chapter page with a 10-question quiz should add
#: under 30 KB in all (its inline configuration, 11-16 KB, plus these two files; see
#: benchmarks/bench_quiz.py). The script holds all three modes.
SCRIPT_BUDGET = 19_000
STYLE_BUDGET = 4096
#: Keys that Python writes into the page, not the script.
PAGE_KEYS = {"noscript"}


def script() -> str:
    return (STATIC_DIR / SCRIPT).read_text(encoding="utf-8")


def style() -> str:
    return (STATIC_DIR / STYLE).read_text(encoding="utf-8")


def catalog(lang: str) -> dict[str, str]:
    data = yaml.safe_load((CATALOGS / f"{lang}.yaml").read_text(encoding="utf-8"))
    table = data["quiz.ui"]
    assert isinstance(table, dict)
    return table


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def used_keys() -> set[str]:
    return set(re.findall(r"\bui\.(\w+)", script()))


def test_script_never_parses_html_or_code_and_fetches_nothing_remote() -> None:
    text = script()
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                   "new Function", "Function(", "createContextualFragment", "DOMParser",
                   "console.", "window.confirm", "alert(", "http://", "https://", "//cdn"):
        assert banned not in text, banned
    assert re.search(r"setTimeout\(\s*['\"`]", text) is None  # a timer never runs a string


def test_script_is_one_strict_iife() -> None:
    code = re.sub(r"^/\*.*?\*/\s*", "", script(), flags=re.DOTALL)
    assert code.startswith("(() => {\n'use strict';\n")
    assert code.rstrip().endswith("})();")
    assert code.count("(() => {\n") == 1


def test_assets_stay_within_the_page_weight_budget() -> None:
    assert len(script().encode()) <= SCRIPT_BUDGET
    assert len(style().encode()) <= STYLE_BUDGET


def test_every_css_class_is_the_widgets() -> None:
    made = set(re.findall(r"tdc-[\w-]+", script())) | {"tdc-quiz"}
    made |= {f"tdc-{seat}" for seat in "NESW"}  # built as `div.tdc-${seat}`
    for name in set(re.findall(r"\.(tdc-[\w-]+)", style())):
        assert name in made, f"{STYLE}: .{name} is used by nothing"


def test_interface_text_is_in_both_catalogs_with_the_same_placeholders() -> None:
    tables = {lang: catalog(lang) for lang in LANGS}
    assert "ui[" not in script(), "read the catalog as ui.<key> only (greppable)"
    used = used_keys()
    for lang, table in tables.items():
        assert all(isinstance(v, str) and v.strip() for v in table.values()), lang
        assert used <= set(table), f"{lang}: missing {sorted(used - set(table))}"
        assert set(table) - PAGE_KEYS <= used, f"{lang}: unused {sorted(set(table) - used)}"
    assert set(tables["en"]) == set(tables["ru"])
    for key in tables["en"]:
        assert placeholders(tables["en"][key]) == placeholders(tables["ru"][key]), key


def _literal_keys(text: str, start: int) -> set[str] | None:
    """The property names of the object literal at ``text[start]`` (None if not a literal)."""
    if text[start] != "{":
        return None
    depth, end = 0, start
    for end in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            break
    body = text[start + 1:end]
    body = re.sub(r"`[^`]*`|'[^']*'|\([^()]*\)", "", body)  # values: strings, calls
    return set(re.findall(r"(?:^|,)\s*(\w+)\s*(?=[:,]|$)", body))


@pytest.mark.parametrize("lang", LANGS)
def test_every_placeholder_is_filled(lang: str) -> None:
    table, text = catalog(lang), script()
    # fmt(ui.key, {...}) or fmt(cond ? ui.key : ui.other, {...})
    calls = list(re.finditer(r"fmt\((?:\w+ \? )?ui\.(\w+)(?: : ui\.(\w+))?,\s*", text))
    assert calls
    filled: set[str] = set()
    for match in calls:
        names = _literal_keys(text, match.end())
        if names is None:  # fmt(ui.practice_tally, st): the state holds right and total
            names = {"right", "total"}
        for key in filter(None, match.groups()):
            missing = placeholders(table[key]) - names
            assert not missing, f"{key}: {sorted(missing)} not filled"
            filled.add(key)
    # a string with placeholders is never shown without fmt
    for key, value in table.items():
        if placeholders(value) and key not in PAGE_KEYS:
            assert key in filled, f"{key} has placeholders but is never formatted"
