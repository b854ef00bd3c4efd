"""Case files are read within the limits of ``generator.table.limits``, and impossible plays are
reported even without a deal (issue 19, items 5 and 9; the example of the case format page).

Each hostile input of the issue ended in a traceback, a hang or gigabytes read; here each is one
located :class:`InputError`. The fuzz suite (``tests/fuzz/test_fuzz_cases.py``) runs the same
classes through the command line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from generator.errors import InputError
from generator.model.seat import Seat
from generator.table import limits
from generator.table.case import load_case, parse_case
from generator.table.detect import detect, replay
from generator.table.irregularities import Kind

ROOT = Path(__file__).resolve().parents[2]
AUCTION = ["N 1S", "E P", "S P", "W P"]


def refused(text: str, path: str = "case.yaml") -> InputError:
    with pytest.raises(InputError) as info:
        parse_case(text, path)
    return info.value


def events(lines: list[str]) -> str:
    return "board: 1\nevents:\n" + "".join(f"  - {e}\n" for e in lines)


# --------------------------------------------------------------------------- YAML and JSON
@pytest.mark.parametrize("text, line", [
    ("board: 1\nexpect: " + "[" * 900 + "]" * 900 + "\n", 2),
    # 300 levels, one a line (900 would be 400 KB of indentation, past MAX_BYTES), and 900
    # levels on one line (block lists nested in "- - - ..."), past PyYAML's recursion limit
    ("board: 1\nexpect:\n" + "".join(" " * i + "- \n" for i in range(300)), 2 + limits.MAX_DEPTH),
    ("board: 1\nexpect:\n" + "- " * 900 + "x\n", 3),
])
def test_deep_nesting_is_refused_before_the_composer_recurses(text: str, line: int) -> None:
    error = refused(text)
    assert error.line == line and "nested deeper than 32" in error.problem


def test_deep_json_is_refused_before_json_recurses() -> None:
    text = '{"board": 1,\n "expect":\n' + "[\n" * 5000 + "]\n" * 5000 + "}\n"
    error = refused(text, "case.json")
    assert error.line == 2 + limits.MAX_DEPTH and "nested deeper" in error.problem


def test_an_alias_cannot_nest_deeper_than_the_limit() -> None:
    lines = ["board: 1", "expect:", "  a0: &a0 [1]"]
    lines += [f"  a{i}: &a{i} [[[[[[[[*a{i - 1}]]]]]]]]" for i in range(1, 8)]
    error = refused("\n".join(lines) + "\n")
    assert "nested deeper" in error.problem and error.line is not None and error.line < 9


@pytest.mark.parametrize("text, problem", [
    ("board: " + "9" * 5000 + "\n", "a number of 5000 digits"),
    ("board: 1\nexpect: {score: " + "1" * 21 + "}\n", "a number of 21 digits"),
])
def test_huge_integers_are_refused_on_their_line(text: str, problem: str) -> None:
    error = refused(text)
    assert problem in error.problem and error.line == text.count("\n")


def test_a_huge_integer_in_json_is_refused() -> None:
    error = refused('{"board": ' + "9" * 5000 + "}\n", "case.json")
    assert "number too long" in error.problem


@pytest.mark.parametrize("text, line, problem", [
    ("board: !!int x\n", 1, "'x' is not a value of its tag !!int"),
    ("board: 1\nexpect: {score: !!int ''}\n", 2, "'' is not a value of its tag !!int"),
    ("board: !!float ''\n", 1, "'' is not a value of its tag !!float"),
    ("board: 1\nexpect: !!float [1]\n", 2, "invalid YAML: expected a scalar node"),
    ("board: !!python/object:os.system ls\n", 1, "YAML tag !!python/object:os.system"),
    ("board: 1\nnotes: !!binary aGVsbG8=\n", 2, "YAML tag !!binary is not allowed"),
    ("board: 1\nnotes: !foo bar\n", 2, "YAML tag !foo is not allowed"),
    ("board: 1\nexpect: !!set {a}\n", 2, "YAML tag !!set is not allowed"),
])
def test_tags_are_refused_or_checked(text: str, line: int, problem: str) -> None:
    error = refused(text)
    assert error.line == line and problem in error.problem


def test_plain_tags_still_read() -> None:
    case = parse_case('board: !!int 5\nedition: !!str 1987\nexpect: {phase: !!str auction}\n')
    assert case.board.number == 5 and case.expect == {"phase": "auction"}


def test_billion_laughs_is_refused_while_it_is_read() -> None:
    lines = ["board: 1", "expect:", '  a: &a ["lol", "lol", "lol", "lol", "lol", "lol"]']
    for i, name in enumerate("bcdefgh"):
        prev = "abcdefgh"[i]
        lines.append(f"  {name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    error = refused("\n".join(lines) + "\n")
    assert f"more than {limits.MAX_NODES} values" in error.problem
    assert error.line is not None and error.line <= len(lines)


def test_a_recursive_alias_is_refused() -> None:
    error = refused("board: 1\nexpect: &a [*a]\n")
    assert error.line == 2 and "repeats the list or mapping that holds it" in error.problem


def test_aliases_within_the_limits_still_read() -> None:
    case = parse_case("board: 1\nexpect:\n  law: &l 27\n  absent_irregularities: [*l]\n")
    assert case.expect == {"law": 27, "absent_irregularities": [27]}


def test_duplicate_keys_are_refused_at_every_level() -> None:
    assert refused("board: 1\nboard: 2\n").one_line() == "case.yaml:2: field 'board' is given twice"
    error = refused("board: 1\nexpect:\n  law: 27\n  law: 28\n")
    assert error.line == 4 and "key 'law' is given twice" in error.problem


def test_a_field_name_must_be_a_scalar() -> None:
    error = refused("board: 1\n? [a, b]\n: 2\n")
    assert error.line == 2 and "field name" in error.problem


@pytest.mark.parametrize("text, line, problem", [
    ("board: 1\x00\n", 1, "control character U+0000"),
    ("board: 1\nnotes: a\x1bb\n", 2, "control character U+001B"),
    ("board: 1\nnotes: a\ufeffb\n", 2, "control character U+FEFF"),
    ("board: 1\nnotes: " + "x" * (limits.MAX_LINE + 1) + "\n", 2, "line longer than"),
])
def test_control_characters_and_long_lines_are_refused_with_their_line(
        text: str, line: int, problem: str) -> None:
    error = refused(text)
    assert error.line == line and problem in error.problem


def test_too_many_events_are_refused_on_the_events_line() -> None:
    error = refused("board: 1\nevents:\n" + "  - director\n" * (limits.MAX_EVENTS + 1))
    assert error.line == 2 and f"a case holds at most {limits.MAX_EVENTS}" in error.problem


@pytest.mark.parametrize("events", [
    "".join("  - director\n" for _ in range(limits.MAX_EVENTS + 1)),
    "  [" + "director, " * (limits.MAX_EVENTS + 1) + "\n",
    "  - &d director\n" + "  - *d\n" * limits.MAX_EVENTS,
])
def test_too_many_events_are_refused_while_they_are_composed(events: str) -> None:
    """The list is refused at its first event past the limit, before the rest of the file is
    read: a YAML error after that event (here an unclosed list and a bad indentation) is never
    reached."""
    error = refused("board: 1\nevents:\n" + events + "  - x\n : : bad [\n")
    assert error.line == 2, error
    assert error.problem == (f"more than {limits.MAX_EVENTS} events: a case holds at most "
                             f"{limits.MAX_EVENTS}")


def test_mixed_expect_keys_are_reported_not_a_traceback(tmp_path: Path) -> None:
    from generator.casecheck import check_case

    path = tmp_path / "mixed.yaml"
    path.write_text("board: 1\nexpect: {1: a, b: c}\n", encoding="utf-8")
    assert check_case(path).problems == ("unknown expect key 1", "unknown expect key 'b'")


# --------------------------------------------------------------------------- the file itself
def test_a_leading_bom_is_read_and_other_encodings_are_refused(tmp_path: Path) -> None:
    bom = tmp_path / "bom.yaml"
    bom.write_bytes(b"\xef\xbb\xbfboard: 3\n")
    assert load_case(bom).board.number == 3
    bom_json = tmp_path / "bom.json"
    bom_json.write_bytes(b'\xef\xbb\xbf{"board": 4}\n')
    assert load_case(bom_json).board.number == 4
    utf16 = tmp_path / "utf16.yaml"
    utf16.write_bytes("board: 1\n".encode("utf-16"))
    with pytest.raises(InputError, match=r"not a text file .* byte 0xff at offset 0"):
        load_case(utf16)


def test_a_file_past_the_size_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.write(b"board: 1\nnotes: x\n")
        f.truncate(3 * 1024**3)  # sparse: 3 GB that cost nothing on disk
    with pytest.raises(InputError) as info:
        load_case(path)
    assert info.value.one_line() == (f"{path}: too large for a case file (the limit is "
                                      f"{limits.MAX_BYTES // 1024} KB)")


def test_dev_zero_is_refused_before_it_is_read() -> None:
    with pytest.raises(InputError) as info:
        load_case("/dev/zero")
    assert info.value.one_line() == ("/dev/zero: is a character device, not a case file: "
                                     "refused without reading it")


def test_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # nobody writes to it: opening it for reading would block for ever
    with pytest.raises(InputError, match=r"is a FIFO \(named pipe\), not a case file"):
        load_case(fifo)


def test_a_symlink_loop_and_a_directory_are_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    with pytest.raises(InputError, match="cannot read: Too many levels of symbolic links"):
        load_case(loop)
    with pytest.raises(InputError, match="is a directory, not a case file"):
        load_case(tmp_path)


def test_read_bounded_reads_at_most_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(b"x" * 100)
    assert limits.read_bounded(path, limit=100) == b"x" * 100
    with pytest.raises(InputError, match="too large"):
        limits.read_bounded(path, limit=99)


# --------------------------------------------------------------------------- events
@pytest.mark.parametrize("word", ["²", "١٢", "１０", "007", "+5"])
def test_claims_take_ascii_numbers_only(word: str) -> None:
    error = refused(events([*AUCTION, "E leads C2", f"E claims {word}"]))
    assert error.line == 8 and "'claims' needs a number of tricks from 0 to 13" in error.problem


@pytest.mark.parametrize("call", ["١S", "²H", "１NT"])
def test_bids_take_ascii_digits_only(call: str) -> None:
    error = refused(events([f"N {call}"]))
    assert error.line == 3 and "unknown call" in error.problem


@pytest.mark.parametrize("board", ["²", "0", "-3", "1.5", "true", '"5"', "[5]"])
def test_impossible_board_numbers_are_refused_on_their_line(board: str) -> None:
    error = refused(f"format: 1\nboard: {board}\n")
    assert error.line == 2 and "board" in error.problem


# --------------------------------------------------------------------------- item 9
def test_without_a_deal_the_same_card_twice_is_impossible(tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text(events([*AUCTION, "E leads C2", "S plays C3", "W plays C4", "N plays C5",
                            "N leads C5"]), encoding="utf-8")
    with pytest.raises(InputError) as info:
        replay(load_case(path))
    assert info.value.one_line() == (f"{path}:11: event 8 (N leads C5): N cannot play C5: it "
                                     "was already played at trick 1")


def test_without_a_deal_a_card_another_seat_played_is_impossible() -> None:
    case = parse_case(events([*AUCTION, "E leads C2", "S plays C3", "W plays C4", "N plays C5",
                              "N leads D5", "E plays C3"]))
    with pytest.raises(InputError, match="E cannot play C3: it was already played by S at "
                                         "trick 1"):
        replay(case)


def test_without_a_deal_a_card_taken_back_may_be_played_again() -> None:
    # W leads out of turn, declarer refuses: the card goes back (face up) and is played later
    case = parse_case(events([*AUCTION, "W leads C2", "N refuses", "E leads C3", "S plays C4",
                              "W plays C2", "N plays C5"]))
    table = replay(case)
    assert [str(c) for _, c in table.tricks[0].plays] == ["C3", "C4", "C2", "C5"]
    assert Kind.OPENING_LEAD_OUT_OF_TURN in [i.kind for i in table.irregularities]


# --------------------------------------------------------------------------- the format page
def _doc_examples() -> list[str]:
    text = (ROOT / "docs" / "case-format.md").read_text(encoding="utf-8")
    return [block for block in re.findall(r"```yaml\n(.*?)```", text, re.S)
            if re.search(r"^(board|events):", block, re.M)]


def test_every_case_example_of_the_format_page_parses_and_its_deal_has_52_cards() -> None:
    examples = _doc_examples()
    assert len(examples) >= 2
    deals = 0
    for block in examples:
        case = parse_case(block, "docs/case-format.md")
        if case.deal is not None:
            deals += 1
            assert all(len(case.deal.hand(s)) == 13 for s in Seat), str(case.deal)
            assert len({c for s in Seat for c in case.deal.hand(s).cards}) == 52
            assert Kind.WRONG_NUMBER_OF_CARDS not in [i.kind for i in detect(case)]
    assert deals >= 1
    first = parse_case(examples[0], "docs/case-format.md")
    assert [i.kind for i in detect(first)] == [Kind.INSUFFICIENT_BID]


# --------------------------------------------------------------------------- JSON's fast path
def test_a_json_case_within_the_limits_reads_as_the_bounded_loader_reads_it() -> None:
    """A JSON case within every limit is composed by libyaml's C composer (``tdcourse audit``
    reads thousands): the same case as the bounded loader gives, line numbers included."""
    import json

    from generator.table import case as case_module

    text = json.dumps({"format": 1, "edition": "1987", "board": 5, "events": [
        "N 1S", "E 1H", "S refuses", "E 2D"]}, indent=1)
    fast = case_module._plain_json_node(text)
    assert fast is not None
    bounded = case_module._compose(text, "x.json")
    assert bounded is not None
    assert yaml.serialize(fast) == yaml.serialize(bounded)
    parsed = parse_case(text, "x.json")
    assert parsed == parse_case(text, "x.yaml")  # the bounded loader's reading
    assert parsed.event_lines == parse_case(text, "x.yaml").event_lines == (6, 7, 8, 9)


@pytest.mark.parametrize(("text", "problem"), [
    ('{"board": 1, "board": 2, "events": []}', "given twice"),
    ('{"board": 1, "events": [' + ", ".join(['"N P"'] * 501) + "]}", "at most 500"),
    ('{"board": 123456789012345678901234, "events": []}', "digits"),
])
def test_a_json_case_past_a_limit_is_refused_where_it_stands(text: str, problem: str) -> None:
    """Past a limit the C composer is not used: the bounded loader refuses with its line."""
    from generator.table import case as case_module

    assert case_module._plain_json_node(text) is None
    with pytest.raises(InputError, match=problem) as caught:
        parse_case(text, "x.json")
    assert caught.value.line is not None
