"""``tdcourse check``: runs cases against their expect blocks; exit 0 when all hold, 1 with a
count of failures, 2 (one line, no traceback) when a path or a case cannot be checked."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

Cli = Callable[..., tuple[int, str, str]]

CASE = (Path(__file__).resolve().parents[1] / "cases" / "1987" / "law54" /
        "declarer-leading-from-dummy-instead-of-his-hand-must-lead-the-same-suit-from-hand.yaml")


def cases(tmp_path: Path, failing: bool) -> tuple[Path, Path]:
    """A directory holding the case above, and (if ``failing``) a copy expecting 55B1."""
    good = tmp_path / "a-good.yaml"
    shutil.copy(CASE, good)
    bad = tmp_path / "b-bad.yaml"
    if failing:
        text = CASE.read_text(encoding="utf-8")
        assert '  law: "55B2"\n' in text
        bad.write_text(text.replace('  law: "55B2"\n', '  law: "55B1"\n'), encoding="utf-8")
    return good, bad


def test_a_passing_directory_exits_0(cli: Cli, tmp_path: Path) -> None:
    cases(tmp_path, failing=False)
    status, out, err = cli("check", str(tmp_path))
    assert (status, out, err) == (0, "1 passed, 0 failed\n", "")


def test_verbose_lists_the_passing_cases(cli: Cli, tmp_path: Path) -> None:
    good, _ = cases(tmp_path, failing=False)
    status, out, _ = cli("check", "-v", str(tmp_path))
    assert status == 0
    assert out == f"ok   {good}\n1 passed, 0 failed\n"


def test_a_failing_case_exits_1_and_is_counted(cli: Cli, tmp_path: Path) -> None:
    good, bad = cases(tmp_path, failing=True)
    status, out, err = cli("check", str(tmp_path))
    assert status == 1 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"FAIL {bad}"
    assert len(lines) > 2 and all(line.startswith("     ") for line in lines[1:-1])
    assert "55B1" in "\n".join(lines[1:-1])
    assert lines[-1] == "1 passed, 1 failed"
    assert str(good) not in out


def _one_line(status: int, out: str, err: str) -> str:
    assert status == 2, (status, out, err)
    assert out == "" and "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    return err.strip()


def test_a_missing_path_is_a_one_line_error(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    message = _one_line(*cli("check", str(missing)))
    assert message.startswith(f"tdcourse: {missing}") and "no such file or directory" in message


def test_a_case_without_expect_is_a_one_line_error(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("board: 1\n", encoding="utf-8")
    message = _one_line(*cli("check", str(path)))
    assert message.startswith(f"tdcourse: {path}") and "no 'expect' block" in message
