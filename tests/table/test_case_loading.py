"""Reading case files: YAML and JSON give the same case; every bad input is one located error."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from generator.errors import InputError
from generator.model import Board, Contract, Deal, Hand, Seat, legal_plays, trick_winner
from generator.table.case import Case, load_case, parse_case
from generator.table.detect import replay
from generator.table.events import parse_event

WriteCase = Callable[..., Path]

RV01_DEAL = "N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742"
RV01_AUCTION = ["N P", "E P", "S 1S", "W P", "N 3S", "E P", "S 4S", "W P", "N P", "E P"]


def play_out(deal_text: str, contract: str, declarer: str) -> list[str]:
    """All 13 tricks played legally (lowest legal card each time), as event lines."""
    deal = Deal.parse(deal_text)
    strain = Contract.parse(contract).strain
    hands = {s: set(deal.hand(s).cards) for s in Seat}
    leader = Seat.parse(declarer).lho
    lines: list[str] = []
    for _ in range(13):
        plays: list[tuple[Seat, object]] = []
        for k in range(4):
            seat = leader.offset(k)
            led = plays[0][1].suit if plays else None  # type: ignore[attr-defined]
            card = min(legal_plays(Hand(hands[seat]), led))
            hands[seat].remove(card)
            plays.append((seat, card))
            lines.append(f"{seat} {'leads' if k == 0 else 'plays'} {card}")
        leader = trick_winner(plays, strain)  # type: ignore[arg-type]
    return lines


def case_text(events: list[str], board: int = 1, deal: str | None = None) -> str:
    head = f"format: 1\nedition: \"1987\"\nboard: {board}\n"
    if deal:
        head += f"deal: \"{deal}\"\n"
    return head + "events:\n" + "".join(f"  - {e}\n" for e in events)


# --------------------------------------------------------------------------- good input
def test_sample_case_loads(sample_case_path: Path) -> None:
    case = load_case(sample_case_path)
    assert case.path == str(sample_case_path)
    assert case.edition == "1987"
    assert isinstance(case.expect, dict) and case.expect
    raw = yaml.safe_load(sample_case_path.read_text(encoding="utf-8"))
    assert case.board == Board.from_number(raw["board"])
    if "contract" in raw:
        assert case.is_scoring_case and case.events == ()
        assert str(case.contract) == raw["contract"] and case.tricks == raw["tricks"]
    else:
        assert [str(e) for e in case.events] == [str(parse_event(e)) for e in raw["events"]]
        # each event knows its source line, and that line holds the event
        lines = sample_case_path.read_text(encoding="utf-8").splitlines()
        for i, event in enumerate(raw["events"]):
            line = case.line_of(i)
            assert line is not None and event in lines[line - 1]
    if "deal" in raw:
        assert str(case.deal) == raw["deal"]


@pytest.mark.parametrize("name", ["IB05", "RV01", "S18"])
@pytest.mark.parametrize("style", ["indented", "tabs", "one_line"])
def test_json_and_yaml_give_equal_cases(name: str, style: str, tmp_path: Path,
                                        cases_dir: Path) -> None:
    source = cases_dir / f"{name}.yaml"
    assert source.is_file(), f"sample case missing: {source}"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    indent = {"indented": 2, "tabs": "\t", "one_line": None}[style]
    target = tmp_path / f"{name}.json"
    target.write_text(json.dumps(data, indent=indent), encoding="utf-8")
    from_yaml, from_json = load_case(source), load_case(target)
    assert from_json == from_yaml
    assert from_json.expect == from_yaml.expect
    assert from_json.path == str(target)
    json_lines = target.read_text(encoding="utf-8").splitlines()
    for i, event in enumerate(data.get("events", [])):
        line = from_json.line_of(i)
        assert line is not None and json.dumps(event) in json_lines[line - 1]
    if style == "one_line":
        assert set(from_json.event_lines) <= {1}


def test_case_to_dict_round_trips(sample_case_path: Path) -> None:
    case = load_case(sample_case_path)
    again = parse_case(yaml.safe_dump(case.to_dict(), sort_keys=False), "again.yaml")
    assert again == case
    assert again.to_dict() == case.to_dict()


def test_dealer_and_vulnerability_overrides() -> None:
    case = parse_case("board: 1\ndealer: w\nvulnerable: Both\nevents: []\n")
    assert case.dealer is Seat.W and str(case.vulnerability) == "Both"
    assert case.to_dict()["dealer"] == "W" and case.to_dict()["vulnerable"] == "Both"
    plain = parse_case("board: 1\nevents:\n")
    assert plain.dealer is Seat.N and plain.events == () and "dealer" not in plain.to_dict()


def test_cases_from_different_files_are_equal(write_case: WriteCase) -> None:
    text = case_text(["N 1H", "E P"])
    a, b = load_case(write_case(text, "a.yaml")), load_case(write_case(text, "b.yaml"))
    assert a == b and a.path != b.path
    assert a != load_case(write_case(case_text(["N 1H", "E 1S"]), "c.yaml"))


# --------------------------------------------------------------------------- bad input
def _full_play() -> list[str]:
    return RV01_AUCTION + play_out(RV01_DEAL, "4S", "S")


BAD_CASES: list[tuple[str, str, str, int, str]] = [
    # (id, file name, text, line, fragment of the message)
    # case_text puts the first event on line 5, or on line 6 when there is a deal
    ("unknown call", "c.yaml", case_text(["N 1H", "E P", "S 1Z"]), 7, "1Z"),
    ("zero level call", "c.yaml", case_text(["N 0C"]), 5, "0C"),
    ("unknown verb", "c.yaml", case_text(["N 1H", "E jumps"]), 6, "jumps"),
    ("unknown seat", "c.yaml", case_text(["N 1H", "Q 1S"]), 6, "Q"),
    ("bad card", "c.yaml", case_text([*RV01_AUCTION, "W leads SZ"], deal=RV01_DEAL), 16, "SZ"),
    ("event not a line", "c.yaml", "board: 1\nevents:\n  - N 1H\n  - [E, P]\n", 4, "one line"),
    ("events not a list", "c.yaml", "board: 1\nevents: N 1H\n", 2, "list"),
    ("board 0", "c.yaml", "format: 1\nboard: 0\nevents: []\n", 2, "board"),
    ("board -1", "c.yaml", "board: -1\n", 1, "board"),
    ("board text", "c.yaml", "edition: '1987'\nboard: three\n", 2, "board"),
    ("board true", "c.yaml", "\nboard: true\n", 2, "board"),
    ("unknown field", "c.yaml", "board: 1\ncolour: red\nevents: []\n", 2, "colour"),
    ("field twice", "c.yaml", "board: 1\nevents: []\nboard: 2\n", 3, "twice"),
    ("bad YAML", "c.yaml", "board: 1\nevents:\n  - N 1H\n - E P\n", 4, "YAML"),
    ("unclosed YAML", "c.yaml", "board: 1\nevents: [N 1H\n", 3, "YAML"),
    ("python tag", "c.yaml", "board: 1\nexpect: !!python/object:os.system x\n", 2, "YAML"),
    ("not a mapping", "c.yaml", "- board: 1\n", 1, "mapping"),
    ("empty file", "c.yaml", "", 1, "empty"),
    ("bad JSON", "c.json", '{\n  "board": 1,\n  "events": ["N 1H",]\n}\n', 3, "JSON"),
    ("JSON missing comma", "c.json", '{\n  "board": 1\n  "events": []\n}\n', 3, "JSON"),
    ("missing board", "c.yaml", "format: 1\nevents:\n  - N 1H\n", 1, "board"),
    ("scoring case missing tricks", "c.yaml", "board: 1\ncontract: 4H\ndeclarer: E\n", 1,
     "tricks"),
    ("scoring case missing contract", "c.yaml", "board: 1\ndeclarer: E\ntricks: 9\n", 1,
     "contract"),
    ("tricks 14", "c.yaml", "board: 1\ncontract: 4H\ndeclarer: E\ntricks: 14\n", 4, "14"),
    ("tricks -1", "c.yaml", "board: 1\ncontract: 4H\ndeclarer: E\ntricks: -1\n", 4, "-1"),
    ("contract 8S", "c.yaml", "board: 1\ncontract: 8S\ndeclarer: E\ntricks: 9\n", 2, "8S"),
    ("declarer Q", "c.yaml", "board: 1\ncontract: 4H\ndeclarer: Q\ntricks: 9\n", 3, "Q"),
    ("result and events", "c.yaml",
     "board: 1\ncontract: 4H\ndeclarer: E\ntricks: 9\nevents: []\n", 5, "either"),
    ("unknown edition", "c.yaml", "format: 1\nedition: \"2027\"\nboard: 1\n", 2, "2027"),
    ("unknown format", "c.yaml", "format: 2\nboard: 1\n", 1, "format"),
    ("bad dealer", "c.yaml", "board: 1\ndealer: X\n", 2, "X"),
    ("bad vulnerability", "c.yaml", "board: 1\nvulnerable: maybe\n", 2, "maybe"),
    ("bad deal", "c.yaml", "board: 1\ndeal: 'N:AKQ'\n", 2, "deal"),
    ("duplicate card in deal", "c.yaml", "board: 1\n\ndeal: 'N:A... A... - -'\n", 3, "SA"),
    # impossible events: found when the case is replayed (generator.table.detect.replay)
    ("card not in that hand", "c.yaml",
     case_text([*RV01_AUCTION, "W leads SA"], deal=RV01_DEAL), 16, "S's hand"),
    ("card played twice", "c.yaml", case_text(
        [*RV01_AUCTION, "W leads C4", "N plays C6", "E plays C8", "S plays CA", "S leads S4",
         "W plays SJ", "N plays SK", "E plays S2", "N leads C3", "E plays C9", "S plays CA"],
        deal=RV01_DEAL), 26, "already played"),
    ("a 14th card", "c.yaml", case_text([*_full_play(), "W leads C2"], deal=RV01_DEAL),
     6 + 10 + 52, "ended"),
    ("accept with nothing pending", "c.yaml", case_text(["N 1H", "E accepts"]), 6, "accept"),
    ("change with no call", "c.yaml", case_text(["N changes 1H"]), 5, "change"),
    ("claim during the auction", "c.yaml", case_text(["N 1H", "E claims 3"]), 6, "claim"),
]


@pytest.mark.parametrize(("name", "text", "line", "fragment"),
                         [c[1:] for c in BAD_CASES], ids=[c[0] for c in BAD_CASES])
def test_bad_input_is_one_located_error(name: str, text: str, line: int, fragment: str,
                                        write_case: WriteCase) -> None:
    path = write_case(text, name)
    with pytest.raises(InputError) as info:
        replay(load_case(path))
    error = info.value
    assert error.path == str(path)
    assert error.line == line, error.one_line()
    message = error.one_line()
    assert message.startswith(f"{path}:{line}: ")
    assert fragment.lower() in message.lower()
    assert "\n" not in message
    assert str(error) == message


def test_the_full_play_is_itself_legal(write_case: WriteCase) -> None:
    # the "14th card" case above is only meaningful if the 13 tricks before it replay cleanly
    table = replay(load_case(write_case(case_text(_full_play(), deal=RV01_DEAL))))
    assert table.irregularities == []
    assert table.phase == "ended" and len(table.tricks) == 13
    assert sum(table.snapshot()["tricks_won"].values()) == 13


def test_missing_file_and_directory(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(InputError) as info:
        load_case(missing)
    assert info.value.one_line() == f"{missing}: no such file"
    assert info.value.line is None
    with pytest.raises(InputError) as info:
        load_case(tmp_path)
    assert info.value.one_line().startswith(f"{tmp_path}: ")
    assert "directory" in info.value.one_line()


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00board")
    with pytest.raises(InputError) as info:
        load_case(path)
    assert info.value.one_line().startswith(f"{path}: ")


def test_input_error_one_line_without_path_or_line() -> None:
    assert InputError("bad").one_line() == "<input>: bad"
    assert InputError("bad", "f.yaml").one_line() == "f.yaml: bad"
    assert InputError("bad", "f.yaml", 3).one_line() == "f.yaml:3: bad"
    assert InputError("bad", None, 3).one_line() == "<input>:3: bad"


def test_parse_case_default_path_in_messages() -> None:
    with pytest.raises(InputError) as info:
        parse_case("board: 0\n")
    assert info.value.one_line().startswith("<case>:1: ")


def test_case_is_frozen() -> None:
    import dataclasses

    case: Case = parse_case("board: 1\n")
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.edition = "2017"  # type: ignore[misc]
