"""Fuzzing the case-file readers: ``tdcourse rule``, ``tdcourse check`` (a file and a folder),
``tdcourse coverage --cases`` and ``generator.table.case.load_case`` / ``parse_case`` (issue 19,
item 5).

Three parts:

* a checked-in corpus, ``tests/fuzz/corpus/case/``, one file per class of hostile input (named
  after it), each refused by every reader with exit status 2 and one line naming the file and the
  line (where the file has lines), within the harness's bounds; special files (a FIFO, /dev/zero,
  a directory, a symlink loop, a 3 GB sparse file) are made at test time and run in a bounded
  child process, since a regression there would hang or exhaust the test run itself;
* a Hypothesis test that damages the sample cases (bytes, lines and tokens) and asks that every
  reader either accepts the result or refuses it cleanly, never with a traceback;
* a check that replay is linear: four times the events cost at most about four times the time.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.harness import MEMORY_LIMIT, Result, assert_refused, call_cli, run_cli
from generator.errors import InputError
from generator.laws.engine import analyse
from generator.table import limits
from generator.table.case import load_case, parse_case

CORPUS = Path(__file__).resolve().parent / "corpus" / "case"
SAMPLES = Path(__file__).resolve().parents[1] / "cases" / "samples"

#: every refused corpus file and the line its refusal names (None: the file is not text)
REFUSED: dict[str, int | None] = {
    "accept_with_nothing_pending.yaml": 4,
    "aliased_events.yaml": 2,
    "arabic_indic_board.yaml": 1,
    "arabic_indic_digit_bid.yaml": 3,
    "arabic_indic_digit_claim.yaml": 8,
    "bad_escape.yaml": 2,
    "billion_laughs.yaml": 6,  # the 2,001st value (MAX_NODES) is on line 6
    "binary_gzip_header.yaml": None,
    "binary_tag.yaml": 2,
    "board_bool.yaml": 1,
    "board_float.yaml": 1,
    "board_infinity.yaml": 1,
    "board_list.yaml": 1,
    "board_negative.yaml": 1,
    "board_null.yaml": 1,
    "board_string.yaml": 1,
    "board_zero.yaml": 1,
    "bom_in_the_middle.yaml": 2,
    "card_after_the_board_ended.yaml": 7,
    "card_not_in_the_hand.yaml": 10,
    "card_played_by_another_no_deal.yaml": 12,
    "card_played_twice_no_deal.yaml": 11,
    "change_without_a_call.yaml": 3,
    "choose_without_options.yaml": 4,
    "claim_during_the_auction.yaml": 4,
    "claim_huge_number.yaml": 8,
    "claim_too_many_tricks.yaml": 8,
    "complex_key.yaml": 2,
    "contract_unknown.yaml": 2,
    "deal_duplicate_card.yaml": 2,
    "deal_mapping.yaml": 2,
    "deal_number.yaml": 2,
    "dealer_list.yaml": 2,
    "dealer_unknown.yaml": 2,
    "declarer_unknown.yaml": 3,
    "deep_alias_nesting.yaml": 7,
    "deep_block_nesting.yaml": 34,
    "deep_flow_mapping.yaml": 2,
    "deep_flow_nesting.yaml": 2,
    "deep_json_nesting.json": 34,
    "duplicate_anchor.yaml": 2,
    "duplicate_expect_key.yaml": 4,
    "duplicate_field.yaml": 3,
    "edition_unknown.yaml": 1,
    "empty.yaml": 1,
    "empty_event.yaml": 3,
    "escape_control_character.yaml": 2,
    "event_is_a_list.yaml": 3,
    "event_is_a_mapping.yaml": 3,
    "events_mapping.yaml": 2,
    "events_scalar.yaml": 2,
    "exposed_twice.yaml": 5,
    "float_tag_on_a_list.yaml": 2,
    "format_mapping.yaml": 1,
    "format_unsupported.yaml": 1,
    "fullwidth_digit_claim.yaml": 8,
    "huge_integer.json": None,
    "huge_integer.yaml": 1,
    "huge_integer_in_expect.yaml": 3,
    "int_tag_empty_in_expect.yaml": 4,
    "int_tag_not_a_number.yaml": 1,
    "invalid.json": 3,
    "invalid_utf8_sequence.yaml": None,
    "json_top_level_list.json": 1,
    "latin1_bytes.yaml": None,
    "local_tag.yaml": 2,
    "long_integer.json": 2,
    "long_line.yaml": 2,
    "missing_board.yaml": 1,
    "nul_byte.yaml": 2,
    "nul_bytes_only.yaml": 1,
    "only_a_comment.yaml": 1,
    "python_name_tag.yaml": 2,
    "python_object_tag.yaml": 1,
    "recursive_alias.yaml": 2,
    "recursive_alias_mapping.yaml": 2,
    "scoring_case_missing_tricks.yaml": 1,
    "scoring_case_with_events.yaml": 5,
    "set_tag.yaml": 2,
    "superscript_board.yaml": 1,
    "superscript_digit_bid.yaml": 3,
    "superscript_digit_claim.yaml": 8,
    "tab_indentation.yaml": 3,
    "timestamp_tag.yaml": 2,
    "too_many_events.yaml": 2,
    "top_level_list.yaml": 1,
    "top_level_scalar.yaml": 1,
    "tricks_fourteen.yaml": 4,
    "tricks_string.yaml": 4,
    "two_documents.yaml": 4,
    "unclosed_flow.yaml": 2,
    "undefined_alias.yaml": 2,
    "unknown_call.yaml": 4,
    "unknown_card.yaml": 7,
    "unknown_field.yaml": 2,
    "unknown_seat.yaml": 3,
    "unknown_verb.yaml": 4,
    "utf16_with_bom.yaml": None,
    "vulnerable_unknown.yaml": 2,
}
#: refused by ``check`` only (without a line): ``rule`` does not read ``expect``
CHECK_ONLY = {"expect_not_a_mapping.yaml"}
#: inputs of the same classes that must keep being read (a leading BOM, CRLF, a small alias)
ACCEPTED = {"ok_aliases_within_limits.yaml", "ok_crlf_line_ends.yaml", "ok_leading_bom.yaml",
            "ok_plain_tags.yaml"}


def test_the_corpus_is_exactly_the_listed_classes() -> None:
    on_disk = {p.name for p in CORPUS.iterdir()}
    assert on_disk == set(REFUSED) | CHECK_ONLY | ACCEPTED
    assert all(p.stat().st_size < 64 * 1024 for p in CORPUS.iterdir())  # big files: made in tmp


def _in_a_folder(path: Path, tmp: Path) -> tuple[Path, Path]:
    """A folder holding only a copy of ``path``, and the copy (for ``check FOLDER``)."""
    folder = tmp / f"folder-{path.stem}"
    folder.mkdir()
    copy = folder / path.name
    copy.write_bytes(path.read_bytes())
    return folder, copy


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_every_reader_refuses_the_corpus_file_on_its_line(name: str, tmp_path: Path) -> None:
    path = CORPUS / name
    line = REFUSED[name]
    has_line = line is not None
    assert_refused(call_cli(["rule", str(path)]), path, line=has_line)
    assert_refused(call_cli(["rule", "--json", str(path)]), path, line=has_line)
    assert_refused(call_cli(["check", str(path)]), path, line=has_line)
    folder, copy = _in_a_folder(path, tmp_path)
    assert_refused(call_cli(["check", str(folder)]), copy, line=has_line)
    message = call_cli(["rule", str(path)]).stderr
    assert f"{path}:{line}: " in message if has_line else f"{path}: " in message
    with pytest.raises(InputError) as info:
        analyse(load_case(path))  # read, then replayed: impossible events are found there
    assert info.value.path == str(path) and info.value.line == line


def test_parse_case_refuses_the_text_corpus_with_the_same_lines() -> None:
    for name, line in sorted(REFUSED.items()):
        try:
            text = (CORPUS / name).read_text(encoding="utf-8-sig")
        except UnicodeDecodeError:
            continue  # not text: only load_case sees these
        with pytest.raises(InputError) as info:
            analyse(parse_case(text, name))
        assert info.value.line == line, name


def test_check_refuses_a_case_without_expect_rule_reads_it() -> None:
    path = CORPUS / "expect_not_a_mapping.yaml"
    assert call_cli(["rule", str(path)]).code == 0
    assert_refused(call_cli(["check", str(path)]), path)


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_the_accepted_classes_still_read(name: str) -> None:
    path = CORPUS / name
    result = call_cli(["check", str(path)])
    assert result.code == 0 and "1 passed, 0 failed" in result.stdout, result.describe()


# --------------------------------------------------------------------------- special files
def _special(tmp: Path) -> dict[str, Path]:
    fifo = tmp / "pipe.yaml"
    os.mkfifo(fifo)  # nobody ever writes: opening it for reading would block for ever
    loop = tmp / "loop.yaml"
    loop.symlink_to(loop)
    folder = tmp / "folder.yaml"
    folder.mkdir()
    huge = tmp / "huge.yaml"
    with huge.open("wb") as f:  # sparse: 3 GB that take no room on disk
        f.write(b"board: 1\nnotes: x\n")
        f.truncate(3 * 1024**3)
    over = tmp / "just_over.yaml"
    over.write_bytes(b"board: 1\n" + b"#\n" * (limits.MAX_BYTES // 2))
    return {"fifo": fifo, "symlink loop": loop, "directory": folder, "3 GB file": huge,
            "just over the size limit": over, "/dev/zero": Path("/dev/zero")}


def test_special_files_are_refused_before_reading_by_every_reader(tmp_path: Path) -> None:
    for kind, path in _special(tmp_path).items():
        for argv in (["rule", str(path)], ["check", str(path)]):
            result = run_cli(argv)
            assert_refused(result, path)
            assert "refused" in result.stderr or kind not in ("fifo", "/dev/zero"), kind


def test_check_on_a_folder_refuses_a_special_file_inside_it(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    fifo = folder / "a.yaml"
    os.mkfifo(fifo)
    assert_refused(run_cli(["check", str(folder)]), fifo)
    fifo.unlink()
    loop = folder / "b.yaml"
    loop.symlink_to(loop)
    assert_refused(run_cli(["check", str(folder)]), loop)


def test_check_on_a_folder_does_not_follow_a_symlink_loop_of_folders(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "again").symlink_to(folder, target_is_directory=True)
    (folder / "ok.yaml").write_bytes((CORPUS / "ok_plain_tags.yaml").read_bytes())
    result = run_cli(["check", str(folder)])
    assert not result.timed_out and result.code == 0, result.describe()
    assert "1 passed, 0 failed" in result.stdout


COVERAGE_SAMPLE = ["deep_flow_nesting.yaml", "billion_laughs.yaml", "huge_integer.yaml",
                   "python_object_tag.yaml", "superscript_digit_claim.yaml", "nul_byte.yaml",
                   "card_played_twice_no_deal.yaml", "latin1_bytes.yaml"]


@pytest.mark.parametrize("name", COVERAGE_SAMPLE)
def test_coverage_refuses_a_hostile_case_in_its_folders(name: str, tmp_path: Path) -> None:
    """``tdcourse coverage --cases`` reads case folders through the same reader."""
    folder, copy = _in_a_folder(CORPUS / name, tmp_path)
    assert_refused(call_cli(["coverage", "--cases", str(folder)]), copy,
                   line=REFUSED[name] is not None)


def test_coverage_refuses_a_fifo_in_its_folders(tmp_path: Path) -> None:
    fifo = tmp_path / "a.yaml"
    os.mkfifo(fifo)
    def hung(signum: int, frame: object) -> None:
        raise TimeoutError("coverage hung on a FIFO")

    # in process (the command imports every law first, too slow for the child's time bound):
    # a regression must fail this test, not hang the suite
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        result = call_cli(["coverage", "--cases", str(tmp_path)])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert_refused(result, fifo)


# --------------------------------------------------------------------------- damaged samples
_TOKENS = ["!!int", "!!python/object:os.system", "&a", "*a", "*b", "[", "]", "{", "}", ":",
           "- ", "\t", "\x00", "\ufeff", "²", "١", "99999999999999999999999", "-1", "0", "14",
           "~", "true", "''", '"', "#", "---", "...", "N", "E", "S", "W", "1S", "7NT", "8S", "P",
           "X", "XX", "leads", "plays", "claims", "accepts", "refuses", "changes", "exposes",
           "SA", "C2", "director", "expect:", "events:", "deal:", "board:", "\n", "  "]


def _mutations() -> st.SearchStrategy[list[tuple[str, int, str]]]:
    kinds = st.sampled_from(["insert", "replace", "delete", "duplicate_line", "delete_line",
                             "byte"])
    payload = st.one_of(st.sampled_from(_TOKENS), st.text(max_size=6),
                        st.binary(max_size=4).map(lambda b: b.decode("latin-1")))
    return st.lists(st.tuples(kinds, st.integers(0, 10**6), payload), min_size=1, max_size=4)


def _damage(data: bytes, edits: list[tuple[str, int, str]]) -> bytes:
    for kind, where, payload in edits:
        if kind == "byte":
            if data:
                i = where % len(data)
                data = data[:i] + bytes([where % 256]) + data[i + 1:]
            continue
        if kind in ("duplicate_line", "delete_line"):
            lines = data.split(b"\n")
            i = where % len(lines)
            lines[i:i + 1] = [lines[i]] * (2 if kind == "duplicate_line" else 0)
            data = b"\n".join(lines)
            continue
        text = data.decode("utf-8", "surrogateescape")
        i = where % (len(text) + 1)
        if kind == "insert":
            text = text[:i] + payload + text[i:]
        elif kind == "replace":  # a whole word at i becomes the payload
            start = text.rfind(" ", 0, i) + 1
            end = text.find(" ", i)
            text = text[:start] + payload + (text[end:] if end >= 0 else "")
        else:
            text = text[:i] + text[i + 1 + where % 8:]
        data = text.encode("utf-8", "surrogateescape")
    return data


SAMPLE_BYTES = {p.name: p.read_bytes() for p in sorted(SAMPLES.glob("*.yaml"))}
#: the same cases written as JSON (the JSON reader has its own checks before YAML's)
SAMPLE_JSON = {name: json.dumps(yaml.safe_load(data), indent=1).encode()
               for name, data in SAMPLE_BYTES.items()}


def _clean_or_refused(result: Result, path: Path, allowed: set[int]) -> None:
    assert "Traceback" not in result.stderr, result.describe()
    if result.code == 2:
        assert_refused(result, path)
    else:  # read: the bounds are those of a refusal, a ruling may take longer on a busy machine
        assert result.code in allowed and not result.stderr.strip(), result.describe()
        assert result.peak_bytes < MEMORY_LIMIT, result.describe()


@settings(max_examples=60, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(sample=st.sampled_from(sorted(SAMPLE_BYTES)), edits=_mutations(),
       as_json=st.booleans())
def test_damaged_sample_cases_are_read_or_refused_cleanly(
        sample: str, edits: list[tuple[str, int, str]], as_json: bool) -> None:
    data = _damage((SAMPLE_JSON if as_json else SAMPLE_BYTES)[sample], edits)
    with tempfile.TemporaryDirectory(prefix="tdc-fuzz-") as tmp:
        path = Path(tmp) / (Path(sample).stem + (".json" if as_json else ".yaml"))
        path.write_bytes(data)
        _clean_or_refused(call_cli(["rule", str(path)]), path, {0})
        _clean_or_refused(call_cli(["check", str(path)]), path, {0, 1})
        try:
            load_case(path)
        except InputError as exc:
            assert exc.path == str(path) and "\n" not in exc.one_line()


# --------------------------------------------------------------------------- cheap refusals
#: the shapes of too many values or events that cost ~2.9 s of CPU to refuse under the old limits
#: (512 KB, 50,000 values, 1,000 events): every one must now be refused within the harness's
#: bounds, and for less than 4 times what a valid case costs on the same machine at the same time
_TOO_MANY: dict[str, Callable[[], str]] = {
    "60,000 block-style values": lambda: "board: 1\nevents:\n" + "- N P\n" * 60_000,
    "60,000 flow-style values": lambda: (
        "board: 1\nevents: [\n" + "N P,\n" * 60_000 + "]\n"),
    "40,004 events": lambda: (
        "board: 1\nevents:\n" + "  - N 1S\n" + "  - N P\n  - E P\n  - S P\n  - W P\n" * 10_001),
    "a JSON case of 40,000 events": lambda: json.dumps(
        {"board": 1, "events": ["N 1S"] + ["E P", "S P", "W P", "N P"] * 10_000}),
}


@pytest.mark.parametrize("shape", sorted(_TOO_MANY))
def test_a_case_of_too_many_values_is_refused_cheaply(shape: str, tmp_path: Path) -> None:
    suffix = ".json" if "JSON" in shape else ".yaml"
    path = tmp_path / f"too_many{suffix}"
    path.write_text(_TOO_MANY[shape](), encoding="utf-8")
    valid = max(SAMPLES.glob("*.yaml"), key=lambda p: p.stat().st_size)
    call_cli(["rule", str(valid)])  # warm the catalogs and the rule registry
    result = call_cli(["rule", str(path)])
    assert_refused(result, path)
    baseline = min(call_cli(["rule", str(valid)]).elapsed for _ in range(3))
    refusal = min([result.elapsed] + [call_cli(["rule", str(path)]).elapsed for _ in range(2)])
    assert call_cli(["rule", str(valid)]).code == 0
    assert refusal < 4 * max(baseline, 0.01), (
        f"{shape}: refused in {refusal:.3f} s CPU, a valid case takes {baseline:.3f} s")


# --------------------------------------------------------------------------- linear replay
def _log(kind: str, n: int) -> str:
    """A case of about ``n`` events of one kind (the shapes that were quadratic, and aliases)."""
    if kind == "calls after the final pass":
        lines = ["N 1S", "E P", "S P", "W P"] + ["N P", "E P", "S P", "W P"] * (n // 4)
    elif kind == "changes of call":
        lines = ["N 1S"] + ["N changes 1H inadvertent", "N changes 1S inadvertent"] * (n // 2)
    elif kind == "requests":
        lines = ["N 1S"] + ["E asks review", "director"] * (n // 2)
    else:  # aliases: one anchored event repeated
        return ("board: 1\nevents:\n  - N 1S\n  - &r E asks review\n"
                + "  - *r\n" * (n - 2))
    return "board: 1\nevents:\n" + "".join(f"  - {e}\n" for e in lines)


def _best_time(fn: Callable[[], object], runs: int = 3) -> float:
    """The best CPU time of a few runs, the cyclic collector paused: what the code costs, not
    what the other processes of a busy machine or a collection that happens to fall in one of
    the runs cost."""
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            fn()
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


@pytest.mark.parametrize("kind", ["calls after the final pass", "changes of call", "requests",
                                  "aliased events"])
def test_replay_is_linear_in_the_number_of_events(kind: str) -> None:
    # within MAX_EVENTS (a few events more than n for the calls after the final pass)
    n = limits.MAX_EVENTS // 5
    small, large = _log(kind, n), _log(kind, 4 * n)

    def run(text: str) -> Callable[[], object]:
        return lambda: analyse(parse_case(text))

    run(small)()  # warm the catalogs and the rule registry
    ratio = _best_time(run(large)) / _best_time(run(small))
    # linear is 4; quadratic would be 16: 8 leaves room for a noisy, shared machine
    assert ratio < 8, f"{kind}: 4x the events took {ratio:.1f}x the time"
