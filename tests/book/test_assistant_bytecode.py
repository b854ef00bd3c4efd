"""The assistant page's Python as bytecode of Pyodide's own Python (``pyc_compile.js`` under
Node.js, at build time): every engine module has its unchecked hash-based .pyc next to its
source, the standard library zip holds bytecode in place of sources, the same sources give the
same bytes, and without Node.js the build ships sources and says so."""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

from generator.book import assistant

PROJECT = Path(__file__).resolve().parents[2]
PYODIDE = assistant.pyodide_dir(PROJECT)

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (PYODIDE / "pyodide.js").is_file(),
    reason="needs Node.js and Pyodide (make pyodide)")

#: PEP 552: the flags word of a hash-based pyc whose source is never checked
UNCHECKED_HASH = (1).to_bytes(4, "little")


def _names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


@needs_node
def test_engine_zip_has_bytecode_of_every_module() -> None:
    data = assistant.engine_zip(PYODIDE)
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = set(archive.namelist())
    tag = assistant.python_tag(PYODIDE)
    assert tag == "cpython-312"
    sources = sorted(n for n in names if n.endswith(".py"))
    assert "generator/laws/law27.py" in sources and "yaml/composer.py" in sources
    for name in sources:
        folder, _, module = name.rpartition("/")
        pyc = f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc"
        assert pyc in names, pyc
        assert archive.read(pyc)[4:8] == UNCHECKED_HASH, pyc
    assistant._COMPILED.clear()  # compiled again, not remembered: the same bytes
    assert assistant.engine_zip(PYODIDE) == data


@needs_node
def test_compiling_is_deterministic() -> None:
    sources = (("engine/m.py", b"X = {'a', 'b', 'c', 'd'}\ndef f():\n    return 'x' in X\n"),
               ("engine/bad.py", b"def (:\n"))
    first = assistant._compile(PYODIDE, sources)
    second = assistant._compile(PYODIDE, sources)
    assert first is not None and first == second
    assert list(first) == ["engine/m.py"]  # a source that does not compile is left out


@needs_node
def test_stdlib_zip_is_bytecode() -> None:
    original = _names((PYODIDE / assistant.STDLIB).read_bytes())
    data = assistant.stdlib_zip(PYODIDE)
    names = _names(data)
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names
    assert len(names) == len(original)
    assert [n[:-1] if n.endswith(".pyc") else n for n in names] == original
    assert assistant.stdlib_zip(PYODIDE) == data


def test_without_node_the_build_ships_sources(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    assert assistant._compile(PYODIDE, (("engine/m.py", b"X = 1\n"),)) is None
    assert "Node.js not found" in capsys.readouterr().err
