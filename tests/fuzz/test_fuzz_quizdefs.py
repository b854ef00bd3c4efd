"""Hostile ``quizzes/quizzes.yaml`` values: one line on stderr, naming the file and the line,
in our words, never a flag the user did not give nor the interpreter's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzz.harness import assert_refused, call_cli

TEMPLATE = ("format: 1\nbank:\n  seed: {seed}\n  count: {count}\n  langs: [en]\nchapters: []\n"
            "mock_exam: {{count: 3, topics: all, time_limit_minutes: 10, pass_mark: 0.5}}\n")

#: (seed, count, what the message must say); the bad value is on line 3 (seed) or 4 (count)
BAD = [
    ("1", "1000000000", 4, "'count' must be a whole number from 1 to 10000, not 1000000000"),
    ("1", "10001", 4, "from 1 to 10000"),
    ("1", "9" * 5000, 4, "a number of 5000 digits (at most 20)"),
    ("9" * 5000, "2", 3, "a number of 5000 digits (at most 20)"),
    ("-" + "1" * 30, "2", 3, "a number of 30 digits"),
    ("!!python/object/apply:os.system ['echo hi']", "2", 3,
     "YAML tag !!python/object/apply:os.system is not allowed in the quiz definitions"),
    ("!!binary aGk=", "2", 3, "YAML tag !!binary is not allowed"),
    ("!foo 3", "2", 3, "YAML tag !foo is not allowed"),
]


@pytest.fixture(scope="module", autouse=True)
def _imported() -> None:
    """The definitions' reader imported once, so the time bound measures the refusal, not the
    first import of the question kinds."""
    import generator.export
    import generator.scenarios.quizdefs  # noqa: F401


@pytest.mark.parametrize(("seed", "count", "line", "problem"), BAD,
                         ids=[f"{b[2]}-{b[3][:30]}" for b in BAD])
@pytest.mark.parametrize("command", ["export", "build"])
def test_a_bad_bank_value_is_one_located_line(
        command: str, seed: str, count: str, line: int, problem: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "quizzes").mkdir()
    definitions = tmp_path / "quizzes" / "quizzes.yaml"
    definitions.write_text(TEMPLATE.format(seed=seed, count=count), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    argv = (["export", "--format", "gift", "--bank", "missing", "--out", "x.gift"]
            if command == "export" else ["build", "--root", str(tmp_path)])
    result = call_cli(argv)
    assert_refused(result, names=f"quizzes{'/'}quizzes.yaml:{line}")
    assert problem in result.stderr, result.describe()
    for words in ("--count", "set_int_max_str_digits", "4300", "a list or a mapping"):
        assert words not in result.stderr, result.describe()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quizzes"]
    assert [p.name for p in (tmp_path / "quizzes").iterdir()] == ["quizzes.yaml"]


def test_a_bank_the_export_cannot_write_is_refused_before_the_notice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "generating it" notice on stderr came before refusals of the bank folder too."""
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "quizzes.yaml").write_text(TEMPLATE.format(seed=1, count=2),
                                                       encoding="utf-8")
    (tmp_path / "file.txt").write_text("a file\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = call_cli(["export", "--format", "gift", "--bank", "file.txt/bank", "--out", "x"])
    assert_refused(result)
    assert "generating" not in result.stderr, result.describe()
