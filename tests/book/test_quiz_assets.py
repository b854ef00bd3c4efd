"""The quiz widget's static files, read as text (no browser): what the scripts never do, their
weight, and that every interface string they use is in both catalogs with the same placeholders,
sent to the pages of the modes that use it.

The scripts read their interface text as ``ui.<key>`` only (never ``ui[...]``), so the keys they
use can be found with a regular expression; ``fmt(ui.<key>, {...})`` fills a string's placeholders.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.book.extension import STATIC_DIR
from generator.book.quiz import BANK_SCRIPT, PROGRESS_SCRIPT, SCRIPT, STYLE, UI_MODES

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "generator" / "i18n"
LANGS = ("en", "ru")
SCRIPTS = (SCRIPT, BANK_SCRIPT, PROGRESS_SCRIPT)
#: Ceilings that keep the widget from creeping. A chapter page with a 10-question quiz must add
#: under 30 KB in all: its inline configuration (about 9-11 KB) plus the core script and the
#: style (benchmarks/bench_quiz.py measures it). The bank modes' script loads on the practice
#: and exam pages only.
#: The core grew by 2.3 KB in issue 19 (item 8): it checks saved progress against the exact
#: shape each mode writes before using it, so a bad record cannot stop a quiz for good.
#: Questions asked without a table (drills) added 0.4 KB to the core and 0.1 KB to the style: a
#: board line of what the question has, and its figure as a table scrolling in its own box.
#: Issue 14 (items 4, 5): the core grew by 0.4 KB (answers keep their topic and laws for the
#: progress page; reset can forget more than one record), the bank script by 3.6 KB (practice in
#: chosen sets with a summary; the exam's stated mix and its Finish confirmation), the style by
#: 0.5 KB (the exam bar below the theme's sticky header, the dialog); the progress page's own
#: script loads on that page only. The style then grew by 0.3 KB: the progress page's tables
#: and its file picker scroll or shrink in their own box on a 320 px phone instead of widening
#: the page.
BUDGETS = {SCRIPT: 14_800, BANK_SCRIPT: 15_600, PROGRESS_SCRIPT: 7_200, STYLE: 4_200}
#: Keys that Python writes into the page, not the script.
PAGE_KEYS = {"noscript"}
#: What the core's start-up reads: a widget that cannot start says ``failed`` (a shared key).
START_KEYS = {"failed"}


def script(name: str = SCRIPT) -> str:
    return (STATIC_DIR / name).read_text(encoding="utf-8")


def scripts() -> str:
    return "\n".join(script(name) for name in SCRIPTS)


def style() -> str:
    return (STATIC_DIR / STYLE).read_text(encoding="utf-8")


def catalog(lang: str) -> dict[str, str]:
    data = yaml.safe_load((CATALOGS / f"{lang}.yaml").read_text(encoding="utf-8"))
    table = data["quiz.ui"]
    assert isinstance(table, dict)
    return table


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def used_keys(text: str) -> set[str]:
    return set(re.findall(r"\bui\.(\w+)", text))


def modes_of(key: str) -> set[str]:
    """The modes whose pages receive ``key`` (generator.book.quiz.UI_MODES)."""
    return next((set(modes) for prefix, modes in UI_MODES.items() if key.startswith(prefix)),
                {"chapter", "practice", "exam", "progress"})


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_never_parse_html_or_code_and_fetch_nothing_remote(name: str) -> None:
    text = script(name)
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                   "new Function", "Function(", "createContextualFragment", "DOMParser",
                   "console.", "window.confirm", "alert(", "http://", "https://", "//cdn"):
        assert banned not in text, banned
    assert re.search(r"setTimeout\(\s*['\"`]", text) is None  # a timer never runs a string


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_script_is_one_strict_iife(name: str) -> None:
    code = re.sub(r"^/\*.*?\*/\s*", "", script(name), flags=re.DOTALL)
    assert code.startswith("(() => {\n'use strict';\n")
    assert code.rstrip().endswith("})();")
    assert code.count("(() => {\n") == 1


def _members(text: str, pattern: str) -> set[str]:
    """The names in the first ``{a, b, c}`` that follows ``pattern``."""
    match = re.search(pattern + r"\s*\{([^}]*)\}", text)
    assert match, pattern
    return {n.strip() for n in match.group(1).split(",") if n.strip()}


def test_the_core_gives_the_bank_modes_what_they_use() -> None:
    """The bank script takes its helpers from ``window.tdcQuiz`` and a widget's context ``x``
    (both made by the core), and adds its modes to the core's (which starts their widgets); the
    core marks its own start first thing and fails a missing mode once the page is ready."""
    core, bank = script(SCRIPT), script(BANK_SCRIPT)
    offered = _members(core, r"window\.tdcQuiz =")
    assert _members(bank, r"const") <= offered  # const {h, put, ...} = Q
    literal = _literal_keys(core, core.index("const x = {") + len("const x = "))
    context = set(re.findall(r"\bx\.(\w+) =", core)) | (literal or set())
    assert {"cfg", "ui", "skey", "body", "question", "checkable", "reset"} <= context
    assert set(re.findall(r"\bx\.(\w+)", bank)) <= context
    assert "Q.add({practice, exam});" in bank
    assert "const modes = {chapter}," in core
    code = re.sub(r"^/\*.*?\*/\s*", "", core, flags=re.DOTALL)  # the first statement: the mark
    assert code.startswith("(() => {\n'use strict';\nperformance.mark('tdc-start');\n")
    assert "DOMContentLoaded" in core and "DOMContentLoaded" not in bank


@pytest.mark.parametrize("name", [*SCRIPTS, STYLE])
def test_assets_stay_within_the_page_weight_budget(name: str) -> None:
    size = len((STATIC_DIR / name).read_bytes())
    assert size <= BUDGETS[name], f"{name}: {size} bytes, budget {BUDGETS[name]}"


def test_every_css_class_is_the_widgets() -> None:
    made = set(re.findall(r"tdc-[\w-]+", scripts())) | {"tdc-quiz"}
    made |= {f"tdc-{seat}" for seat in "NESW"}  # built as `div.tdc-${seat}`
    for name in set(re.findall(r"\.(tdc-[\w-]+)", style())):
        assert name in made, f"{STYLE}: .{name} is used by nothing"


def test_interface_text_is_in_both_catalogs_with_the_same_placeholders() -> None:
    tables = {lang: catalog(lang) for lang in LANGS}
    assert "ui[" not in scripts(), "read the catalog as ui.<key> only (greppable)"
    used = used_keys(scripts())
    for lang, table in tables.items():
        assert all(isinstance(v, str) and v.strip() for v in table.values()), lang
        assert used <= set(table), f"{lang}: missing {sorted(used - set(table))}"
        assert set(table) - PAGE_KEYS <= used, f"{lang}: unused {sorted(set(table) - used)}"
    assert set(tables["en"]) == set(tables["ru"])
    for key in tables["en"]:
        assert placeholders(tables["en"][key]) == placeholders(tables["ru"][key]), key


def _parts(text: str, *marks: str) -> list[str]:
    """``text`` cut before each mark (each must be there, in this order)."""
    cuts = [text.index(mark) for mark in marks]
    assert cuts == sorted(cuts), marks
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]


def test_each_mode_reads_only_the_keys_its_pages_receive() -> None:
    """The pages get the interface text of their mode only (``UI_MODES``): the card builders
    (used by every mode) read shared keys, each mode its own and shared ones."""
    cards, chapter, start = _parts(script(SCRIPT), "async function chapter(", "const modes =")
    common, practice, exam = _parts(script(BANK_SCRIPT), "async function practice(",
                                    "async function exam(")
    needs = {"every mode": (cards, {"chapter", "practice", "exam"}),
             "chapter": (chapter, {"chapter"}), "bank helpers": (common, {"practice", "exam"}),
             "practice": (practice, {"practice"}), "exam": (exam, {"exam"})}
    for part, (text, modes) in needs.items():
        wrong = sorted(k for k in used_keys(text) if not modes <= modes_of(k))
        assert not wrong, f"{part} reads {wrong}, not sent to all its pages"
    # a mode that never registered or failed to start: a message every page has, no exception
    assert used_keys(start) == START_KEYS
    assert all(modes_of(k) == {"chapter", "practice", "exam", "progress"} for k in START_KEYS)


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
    table, text = catalog(lang), scripts()
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
