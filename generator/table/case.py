"""The case format (version 1): reading a case file into a :class:`Case`.

A case is what the director finds at the table: the board, maybe the cards, and the events in
order. Every problem is reported as an :class:`~generator.errors.InputError` naming the file, the
line and the problem. YAML and JSON are both read through PyYAML's node tree so that every value
keeps its line number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import InputError, ParseError
from generator.model.board import Board, Vulnerability
from generator.model.contract import Contract
from generator.model.deal import Deal
from generator.model.seat import Seat
from generator.table.events import Event, parse_event

FORMAT = 1
KNOWN_EDITIONS = ("1987",)
_KNOWN_KEYS = {
    "format", "edition", "board", "dealer", "vulnerable", "deal", "events", "contract",
    "declarer", "tricks", "expect", "title", "source", "notes",
}


@dataclass(frozen=True)
class Case:
    """A parsed case. ``event_lines`` gives the source line of each event (for messages)."""

    board: Board
    edition: str = "1987"
    deal: Deal | None = None
    events: tuple[Event, ...] = ()
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    path: str | None = field(default=None, compare=False)
    event_lines: tuple[int | None, ...] = field(default=(), compare=False)
    expect: Any = field(default=None, compare=False)

    @property
    def dealer(self) -> Seat:
        return self.board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        return self.board.vulnerability

    @property
    def is_scoring_case(self) -> bool:
        return self.contract is not None

    def line_of(self, event_index: int) -> int | None:
        if 0 <= event_index < len(self.event_lines):
            return self.event_lines[event_index]
        return None

    def to_dict(self) -> dict[str, Any]:
        """The case back in the case format (canonical spellings)."""
        out: dict[str, Any] = {"format": FORMAT, "edition": self.edition,
                               "board": self.board.number}
        default = Board.from_number(self.board.number)
        if self.board.dealer is not default.dealer:
            out["dealer"] = str(self.board.dealer)
        if self.board.vulnerability is not default.vulnerability:
            out["vulnerable"] = str(self.board.vulnerability)
        if self.deal is not None:
            out["deal"] = str(self.deal)
        if self.contract is not None:
            out["contract"] = str(self.contract)
            out["declarer"] = str(self.declarer)
            out["tricks"] = self.tricks
        else:
            out["events"] = [str(e) for e in self.events]
        return out


def _scalar(node: yaml.Node, path: str, what: str) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        raise InputError(f"{what} must be a single value", path, node.start_mark.line + 1)
    return _construct(node, path)


def _construct(node: yaml.Node, path: str) -> Any:
    """The plain value of a node; an unknown tag (``!!python/object``) is a located error."""
    try:
        return yaml.safe_load(yaml.serialize(node))
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise InputError(f"invalid YAML: {problem}", path, node.start_mark.line + 1) from None


def load_case(path: str | Path) -> Case:
    """Read a case file (YAML or JSON)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a case file", str(path)) from None
    except UnicodeDecodeError:
        raise InputError("not a text file (expected UTF-8 YAML or JSON)", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", str(path)) from None
    return parse_case(text, str(path))


def parse_case(text: str, path: str = "<case>") -> Case:
    """Parse the text of a case file; ``path`` is only used in messages."""
    if path.endswith(".json"):
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno) from None
        # valid JSON has raw tabs only as whitespace between tokens, which YAML refuses as
        # indentation: make them spaces (line numbers are unchanged)
        text = text.replace("\t", " ")
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise InputError(f"invalid YAML: {exc.problem}", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", path) from None
    if root is None:
        raise InputError("empty case file", path, 1)
    if not isinstance(root, yaml.MappingNode):
        raise InputError("a case must be a mapping of fields (board, events, ...)", path,
                         root.start_mark.line + 1)
    nodes: dict[str, yaml.Node] = {}
    lines: dict[str, int] = {}
    for key_node, value_node in root.value:
        key = str(key_node.value)
        line = key_node.start_mark.line + 1
        if key in nodes:
            raise InputError(f"field '{key}' is given twice", path, line)
        if key not in _KNOWN_KEYS:
            raise InputError(
                f"unknown field '{key}' (known: {', '.join(sorted(_KNOWN_KEYS))})", path, line
            )
        nodes[key] = value_node
        lines[key] = line

    def value(key: str) -> Any:
        return _scalar(nodes[key], path, f"'{key}'")

    def located(key: str, problem: str) -> InputError:
        return InputError(problem, path, lines[key])

    if "format" in nodes and value("format") != FORMAT:
        raise located("format", f"unsupported case format {value('format')!r} (this reads 1)")
    edition = str(value("edition")) if "edition" in nodes else "1987"
    if edition not in KNOWN_EDITIONS:
        known = ", ".join(KNOWN_EDITIONS)
        raise located("edition", f"unknown edition {edition!r} (known: {known})")
    if "board" not in nodes:
        raise InputError("missing field 'board' (the board number)", path, 1)
    def parsed(key: str, parse: Any) -> Any:
        try:
            return parse(value(key))
        except ParseError as exc:
            raise located(key, str(exc)) from None

    board = parsed("board", Board.from_number)
    dealer = parsed("dealer", lambda v: Seat.parse(str(v))) if "dealer" in nodes else board.dealer
    vul = (
        parsed("vulnerable", lambda v: Vulnerability.parse(str(v)))
        if "vulnerable" in nodes
        else board.vulnerability
    )
    board = Board(board.number, dealer, vul)
    deal = parsed("deal", lambda v: Deal.parse(str(v))) if "deal" in nodes else None
    expect = _construct(nodes["expect"], path) if "expect" in nodes else None

    if "contract" in nodes or "tricks" in nodes or "declarer" in nodes:
        for key in ("contract", "declarer", "tricks"):
            if key not in nodes:
                raise InputError(f"a scoring case needs 'contract', 'declarer' and 'tricks'; "
                                 f"'{key}' is missing", path, 1)
        if "events" in nodes:
            raise located("events", "give either events or a result (contract, declarer, tricks)")
        contract = parsed("contract", lambda v: Contract.parse(str(v)))
        declarer = parsed("declarer", lambda v: Seat.parse(str(v)))
        tricks = value("tricks")
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise located("tricks", f"tricks must be a whole number from 0 to 13, not {tricks!r}")
        return Case(board, edition, deal, (), contract, declarer, tricks, path, (), expect)

    events: list[Event] = []
    event_lines: list[int | None] = []
    if "events" in nodes:
        seq = nodes["events"]
        if isinstance(seq, yaml.ScalarNode) and seq.value in ("", "null", "~"):
            seq = yaml.SequenceNode("tag:yaml.org,2002:seq", [])
        if not isinstance(seq, yaml.SequenceNode):
            raise located("events", "'events' must be a list of lines like 'E 1H'")
        for item in seq.value:
            line = item.start_mark.line + 1
            if not isinstance(item, yaml.ScalarNode):
                raise InputError("an event must be one line like 'E 1H' or 'W leads SK'", path,
                                 line)
            try:
                events.append(parse_event(str(item.value)))
            except ParseError as exc:
                raise InputError(str(exc), path, line) from None
            event_lines.append(line)
    return Case(board, edition, deal, tuple(events), None, None, None, path, tuple(event_lines),
                expect)
