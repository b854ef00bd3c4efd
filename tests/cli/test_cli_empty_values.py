"""An empty value (``--bank ''``, ``verify ''``) names nothing, whatever the option.

``Path('')`` is the current folder, and ``''`` once read as the default or as "all": ``coverage
--cases ''`` scanned the working tree, ``verify ''`` blamed a ``manifest.json`` without naming
``''``, ``generate --topics ''`` took every topic. The test walks :func:`build_parser` itself, so
an option added later is checked without anyone listing it here.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from fuzz.harness import assert_refused, call_cli

from generator.cli import build_parser


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("tdcourse has no subcommands")


def _name(action: argparse.Action) -> str:
    return max(action.option_strings, key=len) if action.option_strings else action.dest


def _argv(command: str, target: str) -> list[str]:
    """``command`` with a placeholder for what it requires and ``''`` for the argument
    ``target``."""
    argv = [command]
    for action in _subcommands()[command]._actions:
        if _name(action) == target:
            value = ""
        elif not action.option_strings:
            value = "x"
        elif action.required:
            value = str(next(iter(action.choices))) if action.choices else "x"
        else:
            continue
        argv += [value] if not action.option_strings else [_name(action), value]
    return argv


def _targets() -> list[tuple[str, str]]:
    return [(command, _name(action)) for command, sub in _subcommands().items()
            for action in sub._actions
            if action.nargs != 0 and not isinstance(action, argparse._HelpAction)]


@pytest.mark.parametrize(("command", "option"), _targets(),
                         ids=[f"{c} {o}" for c, o in _targets()])
def test_an_empty_value_of_any_argument_is_refused_naming_it(
        command: str, option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = call_cli(_argv(command, option))
    assert_refused(result, names=option)
    assert "''" in result.stderr, result.describe()
    assert list(tmp_path.iterdir()) == [], "something was written"


def test_the_walk_covers_the_options_that_read_an_empty_path() -> None:
    """The reproducers of the report are among the walked arguments (the walk is not empty)."""
    targets = set(_targets())
    for pair in [("coverage", "--cases"), ("verify", "bank"), ("export", "--bank"),
                 ("rule", "case"), ("generate", "--topics"), ("build", "--root")]:
        assert pair in targets


@pytest.mark.parametrize("argv", [["verify", ""], ["rule", ""], ["coverage", "--cases", ""],
                                  ["export", "--format", "gift", "--bank", ""],
                                  ["generate", "--topics", "", "--count", "1", "--quiet"]])
def test_the_reported_empty_paths_say_so(argv: list[str], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = call_cli(argv)
    assert_refused(result, names="'': an empty value names nothing")
    assert "<input>" not in result.stderr and "manifest.json" not in result.stderr


@pytest.mark.parametrize("argv", [["generate", "--topics", "nosuch", "--count", "1", "--quiet"],
                                  ["export", "--format", "gift", "--topics", "nosuch"]])
def test_an_unknown_topic_names_the_option(argv: list[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = call_cli(argv)
    assert_refused(result, names="--topics 'nosuch'")
    assert "unknown topic nosuch" in result.stderr and "<input>" not in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("content", ["empty", "foreign"])
def test_build_refuses_a_folder_that_is_not_a_project(content: str, tmp_path: Path) -> None:
    """``build --root`` on an empty or foreign folder once said "course built" and wrote a
    ``book/_build/data`` there."""
    root = tmp_path / "root"
    root.mkdir()
    if content == "foreign":
        (root / "thesis.tex").write_text("years of work\n", encoding="utf-8")
        (root / "book").mkdir()
        (root / "book" / "notes.md").write_text("# notes\n", encoding="utf-8")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    result = call_cli(["build", "--root", str(root)])
    assert_refused(result, names=str(root))
    assert "not a tdcourse project folder (no book/_config.yml, no quizzes/quizzes.yaml)" \
        in result.stderr
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
