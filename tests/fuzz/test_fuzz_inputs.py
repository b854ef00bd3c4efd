"""Damaged inputs of every reader but the case file's: the question bank (``verify``,
``export``), the quiz definitions, the language catalogs and the book's ``.po`` files.

Each class of damage is one file of the checked-in corpus (``corpus/bank``, ``corpus/quizzes``,
``corpus/catalog``, ``corpus/po``), named after the damage; each must be refused with exit status
2 and one line naming the file and its line, within the harness's time and memory bounds.
Hypothesis then writes random definitions files and bank files: every one is either read or
refused with a located :class:`InputError`, never another exception.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.harness import assert_refused, call_cli
from generator import i18n
from generator.errors import InputError
from generator.scenarios import bank as bankmod
from generator.scenarios import quizdefs

CORPUS = Path(__file__).resolve().parent / "corpus"
ROOT = Path(__file__).resolve().parents[2]
SAMPLE_CASE = ROOT / "tests" / "cases" / "samples" / "RV01.yaml"


def _corpus(reader: str) -> list[Path]:
    found = sorted((CORPUS / reader).iterdir())
    assert found, f"no corpus for {reader}"
    return found


@pytest.fixture(scope="module", autouse=True)
def _imported() -> None:
    """Import what the commands import, once: the time bound is for refusing, not importing."""
    import generator.export.gift
    import generator.export.pbn
    import generator.laws.engine  # noqa: F401


@pytest.fixture(scope="module")
def good_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small real bank (3 scenarios, en and ru), written once for the module."""
    out = tmp_path_factory.mktemp("fuzzbank") / "bank"
    plan = bankmod.Plan(3, 1, (), ("en", "ru"))
    bankmod.write_bank(out, plan, bankmod.scenarios(plan, workers=1))
    return out


def _damaged(good: Path, tmp_path: Path, sample: Path) -> tuple[Path, Path]:
    """A copy of ``good`` with the file the corpus sample names (``<file>--<class>.json``)
    replaced by the sample."""
    bank = tmp_path / "bank"
    shutil.copytree(good, bank)
    target = bank / sample.name.split("--", 1)[0]
    shutil.copy(sample, target)
    return bank, target


# --- the bank -----------------------------------------------------------------------------------


@pytest.mark.parametrize("sample", _corpus("bank"), ids=lambda p: p.stem)
def test_a_damaged_bank_file_is_refused_by_verify_and_export(
        sample: Path, good_bank: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bank, target = _damaged(good_bank, tmp_path, sample)
    monkeypatch.chdir(tmp_path)
    assert_refused(call_cli(["verify", str(bank)]), target, line=True)
    for fmt in ("gift", "pbn"):
        if fmt == "gift" or target.name != "questions.en.json" or "without" in sample.name:
            result = call_cli(["export", "--format", fmt, "--bank", str(bank),
                               "--out", str(tmp_path / f"out.{fmt}")])
            assert_refused(result, target, line=True)
    assert not list(tmp_path.glob("out.*"))


def test_verify_reads_the_questions_too(good_bank: Path, tmp_path: Path) -> None:
    """A question edited in ``questions.ru.json`` (the scenarios untouched) is a disagreement:
    ``verify`` once read only ``scenarios.json``."""
    bank = tmp_path / "bank"
    shutil.copytree(good_bank, bank)
    file = bank / "questions.ru.json"
    questions = json.loads(file.read_text(encoding="utf-8"))
    questions[0]["prompt"] = "Что-то другое?"
    file.write_text(bankmod.dumps(questions), encoding="utf-8")
    result = call_cli(["verify", str(bank)])
    assert result.code == 1, result.describe()
    assert f"questions.ru.json: question {questions[0]['id']} differs" in result.stdout
    assert "prompt" in result.stdout
    assert call_cli(["verify", str(good_bank)]).code == 0


def test_verify_refuses_a_manifest_that_does_not_count_the_files(good_bank: Path,
                                                                 tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    shutil.copytree(good_bank, bank)
    manifest = json.loads((bank / "manifest.json").read_text(encoding="utf-8"))
    manifest["count"] += 1
    (bank / "manifest.json").write_text(bankmod.dumps(manifest), encoding="utf-8")
    assert_refused(call_cli(["verify", str(bank)]), bank / "manifest.json", line=True)


def test_a_missing_question_file_of_the_manifest_is_refused(good_bank: Path,
                                                           tmp_path: Path) -> None:
    bank = tmp_path / "bank"
    shutil.copytree(good_bank, bank)
    (bank / "questions.ru.json").unlink()
    assert_refused(call_cli(["verify", str(bank)]), bank / "questions.ru.json")


# --- the quiz definitions -----------------------------------------------------------------------


@pytest.mark.parametrize("sample", _corpus("quizzes"), ids=lambda p: p.stem)
def test_a_broken_definitions_file_is_refused_with_its_line(sample: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Through ``export`` with no bank yet (it would build one from the definitions)."""
    (tmp_path / "quizzes").mkdir()
    target = tmp_path / "quizzes" / "quizzes.yaml"
    shutil.copy(sample, target)
    monkeypatch.chdir(tmp_path)
    result = call_cli(["export", "--format", "gift", "--bank", str(tmp_path / "bank")])
    assert_refused(result, Path("quizzes") / "quizzes.yaml", line=True)
    assert not (tmp_path / "bank").exists()


def test_a_duplicate_key_is_refused_at_the_second_one(tmp_path: Path) -> None:
    path = tmp_path / "quizzes.yaml"
    shutil.copy(CORPUS / "quizzes" / "duplicate-key.yaml", path)
    with pytest.raises(InputError) as caught:
        quizdefs.load(path)
    assert caught.value.line == 6 and "given twice (first on line 2)" in caught.value.problem


# --- the catalogs -------------------------------------------------------------------------------


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the catalogs, made current through ``$TDCOURSE_CATALOGS``."""
    folder = tmp_path / "i18n"
    folder.mkdir()
    for path in i18n.CATALOG_DIR.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    monkeypatch.setenv(i18n.CATALOG_ENV, str(folder))
    return folder


@pytest.mark.parametrize("sample", _corpus("catalog"), ids=lambda p: p.stem)
def test_a_broken_catalog_is_refused_with_its_line(sample: Path, catalogs: Path) -> None:
    shutil.copy(sample, catalogs / "ru.yaml")
    assert_refused(call_cli(["rule", str(SAMPLE_CASE)]), catalogs / "ru.yaml", line=True)


def test_a_misspelled_placeholder_names_both_sets(catalogs: Path) -> None:
    shutil.copy(CORPUS / "catalog" / "misspelled-placeholder.yaml", catalogs / "ru.yaml")
    result = call_cli(["rule", str(SAMPLE_CASE), "--lang", "ru"])
    assert_refused(result, catalogs / "ru.yaml", line=True)
    assert "ru.yaml:2: explain.kind/revoke: the placeholders {card}, {seet}" in result.stderr
    assert "{card}, {seat}" in result.stderr


def test_a_broken_english_catalog_is_refused_too(catalogs: Path) -> None:
    english = catalogs / "en.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace(
        "'{seat} revoked:", "'{seat revoked:", 1), encoding="utf-8")
    assert_refused(call_cli(["rule", str(SAMPLE_CASE)]), english, line=True)


def test_a_key_missing_from_english_is_one_line(catalogs: Path) -> None:
    english = catalogs / "en.yaml"
    data = yaml.safe_load(english.read_text(encoding="utf-8"))
    del data["explain.rect"]
    english.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                       encoding="utf-8")
    result = call_cli(["rule", str(SAMPLE_CASE)])
    assert_refused(result, english)
    assert "no explain.rect" in result.stderr


@pytest.mark.parametrize("argv", [["score", "4H", "N", "10"], ["rule", str(SAMPLE_CASE)],
                                  ["verify", "nowhere"], ["build", "--help"]])
def test_a_missing_english_catalog_is_one_line_at_start_up(catalogs: Path,
                                                           argv: list[str]) -> None:
    """The parser's ``--lang`` choices come from the catalogs: every command, even ``--help``,
    once ended in a traceback raised while the parser was built."""
    (catalogs / "en.yaml").unlink()
    assert_refused(call_cli(argv), catalogs / "en.yaml")


# --- the book's .po files -----------------------------------------------------------------------


@pytest.mark.parametrize("sample", _corpus("po"), ids=lambda p: p.stem)
def test_a_broken_po_file_is_refused_with_its_line(sample: Path, tmp_path: Path) -> None:
    from generator.book.po import check_catalogs

    book = tmp_path / "book"
    folder = book / "locales" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(sample, folder / "intro.po")
    with pytest.raises(InputError) as caught:
        check_catalogs(book, "ru")
    assert caught.value.path and caught.value.path.endswith("intro.po")
    assert caught.value.line is not None and caught.value.line >= 1


def test_the_books_own_po_files_are_read(tmp_path: Path) -> None:
    from generator.book.po import check_catalogs

    check_catalogs(ROOT / "book", "ru")


def test_the_ru_build_refuses_a_garbage_po_before_sphinx_runs(tmp_path: Path) -> None:
    """A garbage line in a ``.po`` once built with exit status 0, Babel skipping it and the
    Russian page showing English: the language's configuration now refuses it."""
    from generator.book.site import sphinx_config

    book = tmp_path / "book"
    shutil.copytree(ROOT / "book", book, ignore=shutil.ignore_patterns("_build", "_generated"))
    po = book / "locales" / "ru" / "LC_MESSAGES" / "intro.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    at = len(lines) // 2  # the index of the garbage line (its line number is one more)
    lines.insert(at, "garbage that Babel would skip")
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        sphinx_config(book, "ru", ["en", "ru"])
    assert caught.value.line == at + 1
    sphinx_config(book, "en", ["en", "ru"])  # English has no .po to read


# --- Hypothesis: random definitions and bank files ---------------------------------------------

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(-2, 2),
                     st.sampled_from(["all", "revoke", "tricks", "en", "ru", "zz", "", "{x"]),
                     st.text(max_size=8))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(["id", "topics", "count", "seed", "langs", "pass_mark",
                                     "time_limit_minutes", "other"]), inner, max_size=4)),
    max_leaves=12)
_DEFINITIONS = st.fixed_dictionaries({}, optional={
    "format": _VALUES, "bank": _VALUES, "chapters": _VALUES, "practice": _VALUES,
    "mock_exam": _VALUES, "extra": _VALUES})


def _located(error: InputError, path: Path) -> None:
    assert error.path == str(path), error
    assert error.line is None or error.line >= 1, error
    assert "\n" not in error.one_line(), error


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_DEFINITIONS)
def test_random_definitions_are_read_or_refused_with_a_line(tmp_path: Path,
                                                            data: dict[str, Any]) -> None:
    path = tmp_path / "quizzes.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        defs = quizdefs.load(path)
    except InputError as exc:
        _located(exc, path)
        assert exc.line is not None, exc
        return
    assert defs.bank_count >= 1 and all(q.count >= 1 for q in defs.chapters)


_JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
                     lambda inner: st.one_of(st.lists(inner, max_size=3),
                                             st.dictionaries(st.text(max_size=5), inner,
                                                             max_size=3)),
                     max_leaves=10)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(["manifest.json", "scenarios.json", "questions.en.json"]),
       value=_JSON, position=st.integers(0, 40), junk=_JSON)
def test_random_bank_files_are_read_or_refused_with_a_line(
        good_bank: Path, tmp_path_factory: pytest.TempPathFactory, name: str, value: Any,
        position: int, junk: Any) -> None:
    """A bank file replaced by random JSON, or a real one with one value replaced somewhere:
    ``load_bank`` and ``load_questions`` read it or refuse it with its file and line."""
    bank = tmp_path_factory.mktemp("hyp") / "bank"
    shutil.copytree(good_bank, bank)
    file = bank / name
    real = json.loads(file.read_text(encoding="utf-8"))
    if position % 2:
        file.write_text(json.dumps(value), encoding="utf-8")
    else:
        _replace_somewhere(real, position, junk)
        file.write_text(bankmod.dumps(real), encoding="utf-8")
    try:
        _, records = bankmod.load_bank(bank)
        for lang in ("en", "ru"):
            bankmod.load_questions(bank, lang, {r["id"] for r in records})
    except InputError as exc:
        assert exc.path is not None and Path(exc.path).parent == bank, exc
        assert exc.line is not None or "scenarios.json" in exc.path, exc


def _replace_somewhere(node: Any, position: int, junk: Any) -> None:
    """Replace the value at the ``position``-th container slot met walking ``node``."""
    todo = [node]
    count = 0
    while todo:
        here = todo.pop(0)
        slots: list[Any] = (list(here) if isinstance(here, dict)
                            else list(range(len(here))) if isinstance(here, list) else [])
        for slot in slots:
            if count == position:
                here[slot] = junk
                return
            count += 1
            todo.append(here[slot])
