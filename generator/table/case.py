"""The case format (version 1): reading a case file into a :class:`Case`.

A case is what the director finds at the table: the board, maybe the cards, and the events in
order. Every problem is reported as an :class:`~generator.errors.InputError` naming the file, the
line and the problem. YAML and JSON are both read through PyYAML's node tree so that every value
keeps its line number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from generator.errors import InputError, ParseError
from generator.laws.refs import EDITIONS
from generator.model.board import Board, Vulnerability
from generator.model.contract import Contract
from generator.model.deal import Deal
from generator.model.meaning import Meaning, parse_meaning
from generator.model.meaning import to_dict as meaning_dict
from generator.model.seat import Seat
from generator.table import limits
from generator.table.events import Event, parse_event

FORMAT = 1
#: the editions a case may name: those with a law index (refs imports nothing of the rules)
KNOWN_EDITIONS = EDITIONS
_KNOWN_KEYS = {
    "format", "edition", "board", "dealer", "vulnerable", "deal", "events", "contract",
    "declarer", "tricks", "expect", "title", "source", "notes", "meanings", "other_table",
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
    #: what calls show, by event index (2017 additions: Laws 23, 26, 27)
    meanings: tuple[tuple[int, Meaning], ...] = ()
    #: (extension) North-South's score at the other table of a team match: the output then
    #: gives each side's IMPs on the board (Law 78B)
    other_table: int | None = None

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

    def under(self, edition: str) -> Case:
        """The same case ruled under ``edition`` (``rule --edition``, side by side pages)."""
        return replace(self, edition=edition)

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
        if self.meanings:
            out["meanings"] = {i: meaning_dict(m) for i, m in self.meanings}
        if self.other_table is not None:
            out["other_table"] = self.other_table
        return out


def _scalar(node: yaml.Node, path: str, what: str) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        raise InputError(f"{what} must be a single value", path, node.start_mark.line + 1)
    return _construct(node, path)


def _construct(node: yaml.Node, path: str) -> Any:
    """The plain value of a node; a tag it cannot hold (``!!int x``) is a located error. (The
    safe constructor builds it from the node as composed, as loading its serialised text again
    would, without the round trip.)"""
    try:
        return yaml.constructor.SafeConstructor().construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise InputError(f"invalid YAML: {problem}", path, node.start_mark.line + 1) from None
    except (ValueError, TypeError, LookupError, ArithmeticError):  # ``!!int ""``: IndexError
        bad = _unconstructible(node)
        raise InputError(f"invalid YAML: {_shown(bad)} is not a value of its tag "
                         f"{limits.tag_name(bad.tag)}", path, bad.start_mark.line + 1) from None


def _unconstructible(node: yaml.Node) -> yaml.Node:
    """The first value under ``node`` that its tag cannot hold (``!!int x``), else ``node``."""
    stack, seen = [node], set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, yaml.ScalarNode):
            try:
                yaml.safe_load(yaml.serialize(current))
            except (ValueError, TypeError, LookupError, ArithmeticError):
                return current
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(reversed(current.value))
        elif isinstance(current, yaml.MappingNode):
            stack.extend(n for pair in reversed(current.value) for n in reversed(pair))
    return node


def _shown(node: yaml.Node) -> str:
    return limits.clip(repr(node.value) if isinstance(node, yaml.ScalarNode)
                       else "this list or mapping")


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader composing within :mod:`generator.table.limits`.

    Each node is counted as it is composed (an alias counts as the whole node it repeats), and
    the depth is checked before the composer recurses, so a hostile file is refused on the line
    where it goes past a limit, before it costs anything."""

    def __init__(self, text: str, path: str) -> None:
        super().__init__(text)
        self.path = path
        self.depth = 0  # enclosing lists and mappings
        self.reached = 0  # deepest level reached, an alias counting its node's own height
        self.nodes = 0
        self.anchored: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height)
        self.open: set[str] = set()  # anchors of the lists and mappings being composed
        self.events_line: int | None = None  # the line of the field 'events' being composed

    def fetch_flow_collection_start(self, TokenClass: Any) -> None:
        """PyYAML's scanner looks ahead over every open ``[`` or ``{`` at each token (quadratic:
        900 levels took seconds before the composer saw the first), so flow nesting is bounded
        here, where it is scanned."""
        if self.flow_level >= limits.MAX_DEPTH:
            raise limits.too_deep(self.path, self.reader_line())
        super().fetch_flow_collection_start(TokenClass)

    def reader_line(self) -> int:
        return int(self.line) + 1

    def _refuse(self, problem: str, line: int) -> InputError:
        return InputError(problem, self.path, line)

    def _count(self, nodes: int, line: int) -> None:
        self.nodes += nodes
        if self.nodes > limits.MAX_NODES:
            raise self._refuse(f"more than {limits.MAX_NODES} values (aliases counted as what "
                               "they repeat)", line)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]
        line = event.start_mark.line + 1
        if self.depth == 1 and isinstance(index, yaml.ScalarNode):  # a field's value
            self.events_line = index.start_mark.line + 1 if index.value == "events" else None
        elif self.depth == 2 and self.events_line is not None \
                and isinstance(parent, yaml.SequenceNode) \
                and len(parent.value) >= limits.MAX_EVENTS:
            # an event past the limit, refused before it is read: the list is not composed to
            # its end (nor counted) first
            raise self._refuse(f"more than {limits.MAX_EVENTS} events: a case holds at most "
                               f"{limits.MAX_EVENTS}", self.events_line)
        anchor = event.anchor
        if isinstance(event, yaml.AliasEvent):
            if anchor in self.open:
                raise self._refuse(f"alias *{limits.clip(str(anchor))} repeats the list or mapping "
                                   "that holds it", line)
            nodes, height = self.anchored.get(str(anchor), (1, 0))
            self._count(nodes, line)
            self.reached = max(self.reached, self.depth + height)
            if self.reached > limits.MAX_DEPTH:
                raise limits.too_deep(self.path, line)
            return self._composed(parent, index)
        if anchor is not None and anchor in self.anchors:
            raise self._refuse(f"anchor &{limits.clip(anchor)} is defined twice", line)
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and tag not in limits.PLAIN_TAGS:
            raise self._refuse(f"YAML tag {limits.clip(limits.tag_name(tag))} is not allowed in "
                               "a case file", line)
        if isinstance(event, yaml.ScalarEvent):
            node = self._composed(parent, index)
            self._count(1, line)
            if node.tag == limits.YAML_TAG + "int":
                limits.check_int_digits(node.value, self.path, line)
            if anchor is not None:
                self.anchored[anchor] = (1, 0)
            return node
        if self.depth >= limits.MAX_DEPTH:
            raise limits.too_deep(self.path, line)
        before, outer = self.nodes, self.reached
        self.depth += 1
        self.reached = self.depth
        if anchor is not None:
            self.open.add(anchor)
        node = self._composed(parent, index)
        self.open.discard(str(anchor))
        height = self.reached - self.depth + 1
        self.depth -= 1
        self.reached = max(outer, self.reached)
        self._count(1, line)
        if anchor is not None:
            self.anchored[anchor] = (self.nodes - before, height)
        if isinstance(node, yaml.MappingNode):
            self._unique_keys(node)
        return node

    def _composed(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        node = super().compose_node(parent, index)
        assert node is not None  # the composer returns None only at the end of the stream
        return node

    def _unique_keys(self, node: yaml.MappingNode) -> None:
        seen: set[str] = set()
        for key, _ in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    what = "field" if self.depth == 0 else "key"
                    raise self._refuse(f"{what} '{limits.clip(key.value)}' is given twice",
                                       key.start_mark.line + 1)
                seen.add(key.value)


def _compose(text: str, path: str) -> yaml.Node | None:
    """The node tree of a case's text, composed within the limits."""
    loader = _BoundedLoader(text, path)
    try:
        node: yaml.Node | None = loader.get_single_node()
        return node
    finally:
        loader.dispose()


def _within_limits(value: Any, depth: int = 0) -> int | None:
    """The number of values in JSON data as the bounded loader counts them (each scalar one,
    each list or mapping one more than what it holds), or ``None`` past any limit the loader
    enforces (values, depth, events, digits) or with anything it would look at more closely
    (a float, a key given twice)."""
    if depth > limits.MAX_DEPTH:
        return None
    if isinstance(value, dict):
        if depth == 0 and isinstance(value.get("events"), list) \
                and len(value["events"]) > limits.MAX_EVENTS:
            return None
        items: list[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    elif isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)
                                      and len(str(abs(value))) > limits.MAX_INT_DIGITS):
        return None
    else:
        return 1
    total = 1
    for item in items:
        counted = _within_limits(item, depth + 1)
        if counted is None:
            return None
        total += counted
    return total if total <= limits.MAX_NODES else None


class _DuplicateKey(Exception):
    """A JSON object names a key twice: the bounded loader says where."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len({k for k, _ in pairs}) != len(pairs):
        raise _DuplicateKey
    return dict(pairs)


def _plain_json_node(text: str) -> yaml.Node | None:
    """The node tree of a JSON case composed by libyaml's C composer, when the data is within
    every limit the bounded loader enforces (so that loader would compose the very same tree,
    more slowly: JSON has no tags, anchors or aliases); ``None`` otherwise, and the caller
    composes with the bounded loader, which refuses what is past a limit where it stands. A
    bank's thousands of ``shown`` cases are read this way (``tdcourse audit``)."""
    loader = getattr(yaml, "CSafeLoader", None)
    if loader is None:
        return None
    try:
        data = json.loads(text, object_pairs_hook=_pairs)
    except (_DuplicateKey, ValueError, RecursionError):
        return None
    if _within_limits(data) is None:
        return None
    node: yaml.Node | None = yaml.compose(text, Loader=loader)
    return node


def load_case(path: str | Path) -> Case:
    """Read a case file (YAML or JSON) through the limits of :mod:`generator.table.limits`."""
    name = str(path)
    text = limits.decode_text(limits.read_bounded(path), name)
    return parse_case(text, name)


def parse_case(text: str, path: str = "<case>") -> Case:
    """Parse the text of a case file; ``path`` is only used in messages."""
    limits.check_text(text, path)
    if path.endswith(".json"):
        limits.check_json_depth(text, path)
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno) from None
        except ValueError:  # a number of more than 4,300 digits
            raise InputError("invalid JSON: a number too long to read", path) from None
        # valid JSON has raw tabs only as whitespace between tokens, which YAML refuses as
        # indentation: make them spaces (line numbers are unchanged)
        text = text.replace("\t", " ")
    try:
        root = _plain_json_node(text) if path.endswith(".json") else None
        if root is None:
            root = _compose(text, path)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        problem = exc.problem or exc.context or "not YAML"
        raise InputError(f"invalid YAML: {problem}", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {str(exc).splitlines()[0]}", path) from None
    if root is None:
        raise InputError("empty case file", path, 1)
    if not isinstance(root, yaml.MappingNode):
        raise InputError("a case must be a mapping of fields (board, events, ...)", path,
                         root.start_mark.line + 1)
    nodes: dict[str, yaml.Node] = {}
    lines: dict[str, int] = {}
    for key_node, value_node in root.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode):
            raise InputError("a field name must be a single word (board, events, ...)", path,
                             line)
        key = str(key_node.value)
        if key not in _KNOWN_KEYS:
            known = ", ".join(sorted(_KNOWN_KEYS))
            raise InputError(f"unknown field '{limits.clip(key)}' (known: {known})", path, line)
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
    other_table = _other_table(value("other_table"), edition, path, lines["other_table"]) \
        if "other_table" in nodes else None

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
        return Case(board, edition, deal, (), contract, declarer, tricks, path, (), expect,
                    other_table=other_table)

    events: list[Event] = []
    event_lines: list[int | None] = []
    if "events" in nodes:
        seq = nodes["events"]
        if isinstance(seq, yaml.ScalarNode) and seq.value in ("", "null", "~"):
            seq = yaml.SequenceNode("tag:yaml.org,2002:seq", [])
        if not isinstance(seq, yaml.SequenceNode):
            raise located("events", "'events' must be a list of lines like 'E 1H'")
        if len(seq.value) > limits.MAX_EVENTS:
            raise located("events", f"{len(seq.value)} events: a case holds at most "
                          f"{limits.MAX_EVENTS}")
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
    meanings = _meanings(nodes["meanings"], len(events), path) if "meanings" in nodes else ()
    return Case(board, edition, deal, tuple(events), None, None, None, path, tuple(event_lines),
                expect, meanings, other_table)


def _other_table(value: Any, edition: str, path: str, line: int) -> int:
    """``other_table:`` (extension): North-South's score at the other table of a team match, a
    score some contract and result give under Law 77 of the edition (or 0, passed out)."""
    from generator.laws.law78 import possible_scores

    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"'other_table' is North-South's score at the other table, a whole "
                         f"number like -170 or 620, not {limits.clip(repr(value))}", path, line)
    if value % 10:
        raise InputError(f"'other_table': impossible score {value}: every score is a multiple "
                         "of 10", path, line)
    if value not in possible_scores(edition):
        raise InputError(f"'other_table': impossible score {value}: no contract and result "
                         "score it (Law 77)", path, line)
    return value


def _meanings(node: yaml.Node, count: int, path: str | None
              ) -> tuple[tuple[int, Meaning], ...]:
    """``meanings:``: event index -> what that call shows (generator.model.meaning), each
    problem located at its line."""
    if not isinstance(node, yaml.MappingNode):
        raise InputError("'meanings' must map event numbers to meanings (hcp, suits, ...)",
                         path, node.start_mark.line + 1)
    out: dict[int, Meaning] = {}
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        key = _construct(key_node, path or "")
        if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 4:
            key = int(key)  # JSON keys are strings
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < count:
            raise InputError(f"a meaning is keyed by the number of its event (0 to "
                             f"{count - 1}), not {limits.clip(str(key))!r}", path, line)
        try:
            out[key] = parse_meaning(_construct(value_node, path or ""), f"meaning of event {key}")
        except ParseError as exc:
            raise InputError(str(exc), path, value_node.start_mark.line + 1) from None
    return tuple(sorted(out.items()))
