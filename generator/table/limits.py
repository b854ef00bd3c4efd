"""The bounds a case file is read within, in one place, and the bounded reader itself.

A case file comes from anyone: a federation's collection, a learner, a hostile test. Nothing in it
may crash the reader, hang it or make it eat the machine, so every case is read through these
limits and refused with one located line (``file:line: problem``) when it goes past one.

The numbers are set from the largest real case, with a wide margin, and so that a refusal is
cheap: reading costs about 50 us of CPU per YAML value, so a limit of N values bounds what a
hostile file costs before it is refused to about N x 50 us. The largest case in
``tests/cases/`` (measured when these were set) is 1.9 KB, 116 values and 62 events (a board has
52 cards and rarely more than a few dozen calls and decisions: about 100 events at most); the
samples are under 3 KB and 6 levels deep. Under the old limits (512 KB, 50,000 values) a refused
file cost ~2.9 s of CPU on a loaded machine, more than a valid case's ~0.4 s many times over; under
these a refusal costs a small fraction of a valid case (``tests/fuzz/test_fuzz_cases.py`` holds
that to less than 4 times a valid case measured in the same test):

* :data:`MAX_BYTES`: the file is read at most this many bytes (plus one to see that it is
  longer): 64 KB, 30 times the largest case; it also bounds a JSON case, which :mod:`json`
  reads whole before the bounded YAML composer counts its values (64 KB of JSON parses in a few
  milliseconds). A FIFO, a device, a socket or a directory is refused before anything is read,
  and the file is opened non-blocking so that a FIFO swapped in after the check cannot hang the
  reader;
* :data:`MAX_LINE`: characters in one line (PyYAML's scanner slows down on huge lines);
* :data:`MAX_DEPTH`: nesting of lists and mappings (PyYAML composes recursively: about 800 levels
  end in ``RecursionError``);
* :data:`MAX_NODES`: YAML values, counting an alias as the whole node it repeats, so that a
  "billion laughs" file (aliases of aliases) is refused while it is being read: 2,000, 17 times
  the largest case; counted as each value is composed, so PyYAML stops at the 2,001st (about
  0.1 s) instead of reading the rest of the file;
* :data:`MAX_EVENTS`: events of one case (replay is linear in them, so this bounds its time):
  500, 8 times the largest case and 5 times what a board can hold; counted as the list of
  events is composed, so a longer list is refused at its 501st event, the rest unread;
* :data:`MAX_INT_DIGITS`: digits of a whole number (Python refuses to convert more than 4,300
  digits, and no number in a case needs more than a few).

Control characters other than tab, line feed and carriage return are refused with their line
(PyYAML's own message for them has no line and spans two lines).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from generator.errors import InputError

MAX_BYTES = 64 * 1024
MAX_LINE = 10_000
MAX_DEPTH = 32
MAX_NODES = 2_000
MAX_EVENTS = 500
MAX_INT_DIGITS = 20

#: the YAML core schema's tag prefix, and the explicit tags plain data may carry: any other
#: (``!!python/object``, ``!!binary``, ``!foo``) is refused where it stands, by every reader of a
#: file a person edits (cases here, quiz definitions in :mod:`generator.scenarios.quizdefs`)
YAML_TAG = "tag:yaml.org,2002:"
PLAIN_TAGS = frozenset(YAML_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map"))


def tag_name(tag: str) -> str:
    """A tag as it is written in the file (``!!python/object``, not its long form)."""
    return "!!" + tag[len(YAML_TAG):] if tag.startswith(YAML_TAG) else tag


def clip(text: str, width: int = 40) -> str:
    """``text`` cut to ``width`` characters for a message (a hostile key may be megabytes)."""
    return text if len(text) <= width else text[: width - 3] + "..."


def check_int_digits(value: str, path: str, line: int) -> None:
    """Refuse a whole number of more than :data:`MAX_INT_DIGITS` digits at its line (Python
    itself will not convert more than 4,300, and no field needs more than a few)."""
    digits = sum(ch.isdigit() for ch in value)
    if digits > MAX_INT_DIGITS:
        raise InputError(f"a number of {digits} digits (at most {MAX_INT_DIGITS})", path, line)


# PyYAML's set of printable characters (yaml.reader.Reader.NON_PRINTABLE), plus the BOM being
# allowed only as the first character (decoding removes that one)
_NON_PRINTABLE = re.compile(
    "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\U00010000-\U0010ffff]")

_KIND_OF_FILE = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(mode: int, what: str, path: str) -> InputError:
    if stat.S_ISDIR(mode):
        return InputError(f"is a directory, not {what}", path)
    kind = next((name for test, name in _KIND_OF_FILE if test(mode)), "not a regular file")
    return InputError(f"is {kind}, not {what}: refused without reading it", path)


def read_bounded(path: str | Path, what: str = "a case file", limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or a one-line :class:`InputError`.

    The file is checked with ``os.stat`` before it is opened (a FIFO or a device is never
    opened), opened non-blocking and checked again on the open descriptor (it may have been
    replaced in between), and read at most ``limit + 1`` bytes."""
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError("no such file", name) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", name) from None
    if not stat.S_ISREG(info.st_mode):
        raise _not_regular(info.st_mode, what, name)
    if info.st_size > limit:
        raise _too_big(name, what, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", name) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(mode, what, name)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", name) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise _too_big(name, what, limit)
    return data


def _too_big(name: str, what: str, limit: int) -> InputError:
    return InputError(f"too large for {what} (the limit is {limit // 1024} KB)", name)


def read_text(path: Path, what: str, limit: int) -> str:
    """The UTF-8 text of a file a person edits (quiz definitions, a catalog, a bank file), read
    by :func:`read_bounded`'s rules; not UTF-8 is refused at the line of the first bad byte."""
    data = read_bounded(path, what, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start + 1} cannot be read)", str(path),
                         data[:exc.start].count(b"\n") + 1) from None


def decode_text(data: bytes, path: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped). A file that is not is refused as a
    whole, naming the first bad byte and where it is (no line: the file is not text)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not a text file (expected UTF-8 YAML or JSON): byte "
                         f"0x{data[exc.start]:02x} at offset {exc.start}", path) from None


def check_text(text: str, path: str) -> None:
    """Refuse text past :data:`MAX_BYTES` (for text given directly), a line longer than
    :data:`MAX_LINE` or a control character, naming the line."""
    if len(text) > MAX_BYTES:
        raise _too_big(path, "a case file", MAX_BYTES)
    bad = _NON_PRINTABLE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise InputError(f"control character U+{ord(bad.group()):04X} (a case file is text)",
                         path, line)
    start = 0
    number = 1
    while True:
        end = text.find("\n", start)
        stop = len(text) if end < 0 else end
        if stop - start > MAX_LINE:
            raise InputError(f"line longer than {MAX_LINE} characters", path, number)
        if end < 0:
            return
        start, number = end + 1, number + 1


def check_json_depth(text: str, path: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH` before :mod:`json` recurses into it."""
    depth = 0
    line = 1
    in_string = escaped = False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise too_deep(path, line)
        elif ch in "]}":
            depth -= 1


def too_deep(path: str, line: int | None) -> InputError:
    """The refusal of a file nested deeper than :data:`MAX_DEPTH`."""
    return InputError(f"nested deeper than {MAX_DEPTH} levels", path, line)
