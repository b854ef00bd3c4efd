"""Every file and folder a command writes goes through here, so that no command can destroy what
is not its own or leave a half-written or mixed result behind.

Three rules, checked before any work and again just before anything is replaced:

* a file output (``export --out``, ``coverage --out``) is a missing path or a regular file; a
  symbolic link, a device, a FIFO, a socket or a folder is refused (:func:`check_file`);
* a folder output (``generate --out``, the build's folders) is a missing path, an empty folder,
  or a folder we wrote before: it holds the marker file of what we write there with the content
  we write (a bank's ``manifest.json`` with the fields of every manifest, the course data's
  score table with its header, a Sphinx output's ``.buildinfo`` with Sphinx's header...) and,
  for a bank and the course data, nothing but the names we write there; anything else is
  refused, naming the first foreign entry (:func:`check_dir`);
* a refusal is an :class:`~generator.errors.InputError` naming the path: one line, exit status 2.

Everything is written into a *stage*, a folder ``.tdcourse-<pid>-<random>`` beside the targets,
and moved into place by :meth:`Transaction.commit` only when all of it is complete: first a
journal of the moves is written into the stage (the commit point), then each target is renamed
aside into the stage and the new part renamed into its place. ``tdcourse build`` puts the bank,
the course data and every language into one transaction, so they are replaced together or not at
all (its stage, made in ``book/_build``, moves to the folder holding every target just before the
journal is written, so the journal names paths inside the stage's own folder). A process killed
at any moment leaves at most its stage; the next command writing beside it sees that the stage's
owner (the pid in its name) is dead and finishes it: a stage with a journal is rolled forward (the
commit had begun), one without is deleted (:func:`recover`).

What ``recover`` finds is not trusted because of its name: a stage is touched only if it is a
real folder of this user that no one else can write to (stages are made mode 0700), and its
journal is carried out only if every move is one a transaction could have made: a target given
relative to the stage's folder in plain names (no ``..``, not absolute, no link on the way), its
new part and old one directly in the stage, and the target still a missing path or ours. A stage
that fails any of this (planted by another user, unpacked from an archive) is neither carried out
nor deleted: the command goes on and says so in one warning line on standard error.

:func:`checkpoint` marks the moments of a long command where the interruption tests stop it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import NamedTuple

from generator.errors import InputError

#: The name of every stage: ``.tdcourse-<pid>-<random>`` (hidden, recognisably ours).
STAGE_PREFIX = ".tdcourse-"
_STAGE = re.compile(r"^\.tdcourse-(?P<pid>\d+)-[0-9a-f]{8}$")
_JOURNAL = "journal.json"
#: The files that mark a folder output as ours: we wrote them there, nothing else does.
BANK_MARKER = "manifest.json"  # a question bank (tdcourse generate --out, quizzes/bank)
DATA_MARKER = "score-table-*.csv"  # the course data, book/_build/data
SITE_MARKER = ".buildinfo"  # one language of the site (Sphinx writes it in every output)
DOCTREES_MARKER = "environment.pickle"  # the doctrees of one language
#: Environment of :func:`checkpoint`: the checkpoint to stop at, and the file announcing it.
PAUSE_ENV = "TDCOURSE_TEST_PAUSE"
PAUSE_FLAG_ENV = "TDCOURSE_TEST_PAUSE_FLAG"


# --------------------------------------------------------------------------- checks


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return path.lstat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise InputError("cannot be written: a part of the path is a file, not a folder",
                         str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot be written: {exc.strerror}", str(path)) from None


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _check_path(path: Path) -> None:
    if str(path) == "" or path.name in ("", ".", ".."):
        raise InputError("not a file or folder name to write to", str(path) or "''")


def check_file(path: Path) -> None:
    """Refuse a file output that is neither missing nor a regular file (never follows a link)."""
    _check_path(path)
    st = _lstat(path)
    if st is None or stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISDIR(st.st_mode):
        raise InputError("is a folder, not a file: refusing to replace it", str(path))
    raise InputError(f"is {_kind(st.st_mode)}, not a regular file: refusing to replace it",
                     str(path))


def _read_head(path: Path, size: int) -> bytes | None:
    """The first ``size`` bytes of ``path`` if it is a regular file (a link is not followed)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, size)
    finally:
        os.close(fd)


def _is_bank_manifest(path: Path) -> bool:
    """A ``manifest.json`` as :func:`generator.scenarios.bank.fill_bank` writes it: a JSON
    object with the fields every bank's manifest carries (a file merely named so is not)."""
    head = _read_head(path, 1 << 20)
    try:
        data = json.loads(head.decode("utf-8")) if head is not None else None
    except (UnicodeDecodeError, ValueError):
        return False
    return (isinstance(data, dict) and data.keys() >= _BANK_FIELDS
            and isinstance(data["format"], int) and not isinstance(data["format"], bool)
            and isinstance(data["langs"], list))


def _is_score_table(path: Path) -> bool:
    """A ``score-table-<edition>.csv`` as :func:`generator.build.score_table_csv` writes it."""
    head = _read_head(path, len(_SCORE_TABLE_HEADER))
    return head == _SCORE_TABLE_HEADER


def _starts_with(prefix: bytes) -> Callable[[Path], bool]:
    def check(path: Path) -> bool:
        return _read_head(path, len(prefix)) == prefix
    return check


#: The fields :func:`generator.scenarios.bank.fill_bank` writes in every manifest.
_BANK_FIELDS = frozenset({"format", "edition", "seed", "count", "questions", "langs"})
_SCORE_TABLE_HEADER = b"level,strain,doubling,vulnerable,tricks,score\n"


class _Kind(NamedTuple):
    """What makes a folder ours: its marker file has the content we write (``is_marker``) and,
    when ``names`` is given, every entry of the folder is a name we write there."""

    is_marker: Callable[[Path], bool]
    names: re.Pattern[str] | None


#: Every folder output, by its marker. A bank and the course data hold only the files tdcourse
#: writes there (a user's file among them is refused, never deleted with the folder); a site
#: language and its doctrees are Sphinx's output under ``book/_build``: the marker is enough.
_KINDS: dict[str, _Kind] = {
    BANK_MARKER: _Kind(_is_bank_manifest,
                       re.compile(r"manifest\.json|scenarios\.json|drills\.json"
                                  r"|questions\.[\w-]+\.json")),
    DATA_MARKER: _Kind(_is_score_table,
                       re.compile(r"score-table-[\w.-]+\.csv|law-index-[\w.-]+\.json"
                                  r"|quizzes\.json")),
    SITE_MARKER: _Kind(_starts_with(b"# Sphinx build info version"), None),
    DOCTREES_MARKER: _Kind(_starts_with(b"\x80"), None),  # a pickle, protocol 2 or later
}


def check_dir(path: Path, marker: str) -> None:
    """Refuse a folder output that is not missing, empty, or ours.

    Ours: it holds the file ``marker`` (a glob pattern such as ``manifest.json`` or
    ``score-table-*.csv``) as a regular file with the content tdcourse writes there, and (for a
    bank and the course data) nothing but the names tdcourse writes there. A file that is merely
    named like the marker is not enough: the folder and everything in it would be deleted."""
    _check_path(path)
    kind = _KINDS[marker]
    st = _lstat(path)
    if st is None:
        return
    if stat.S_ISREG(st.st_mode):
        raise InputError("is a file, not a folder: refusing to replace it", str(path))
    if not stat.S_ISDIR(st.st_mode):
        raise InputError(f"is {_kind(st.st_mode)}, not a folder: refusing to replace it",
                         str(path))
    try:
        names = sorted(p.name for p in path.iterdir())
        ours = any(kind.is_marker(p) for p in sorted(path.glob(marker)))
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", str(path)) from None
    if not names:
        return
    if not ours:
        raise InputError(f"is a folder tdcourse did not write (no {marker} of tdcourse in it): "
                         f"refusing to replace it (remove it or write elsewhere)", str(path))
    if kind.names is not None:
        for name in names:
            if not kind.names.fullmatch(name) or not stat.S_ISREG(
                    (path / name).lstat().st_mode):
                raise InputError(f"holds {name}, which tdcourse did not write: refusing to "
                                 f"replace it", str(path))


# --------------------------------------------------------------------------- stages


def _alive(pid: int) -> bool:
    """Whether process ``pid`` is running (a zombie, killed but not yet reaped, is dead)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return True
    return fields[0] not in ("Z", "X")


#: A stage's journal is at most this big (a genuine one names a few dozen moves).
_JOURNAL_MAX = 1 << 20
#: The stages already warned about by this process (one line each, however often seen).
_warned: set[Path] = set()


class _Move(NamedTuple):
    """One move of a journal, as checked: ``staged`` (in the stage) replaces ``target``;
    a folder target is first renamed to ``aside`` (in the stage, deleted with it)."""

    staged: Path
    target: Path
    aside: Path | None
    #: what the target must be, if it is there, to be replaced: a folder holding this marker
    #: (:func:`check_dir`) or a file (``""``, :func:`check_file`)
    marker: str


class _Untrusted(Exception):
    """A stage or journal this process did not (could not have) made: it is left alone."""


def _plain(parts: list[str]) -> bool:
    return bool(parts) and all(p not in ("", ".", "..") and "/" not in p and "\0" not in p
                               for p in parts)


def _owned(st: os.stat_result) -> bool:
    """Made by this user and writable by no one else: nobody else can have planted it."""
    return st.st_uid == os.geteuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _trusted_stage(stage: Path) -> bool:
    """Whether ``stage`` may be touched at all: a real folder (not a link) of this user that no
    one else can write to (``Transaction`` makes its stages so, mode 0700)."""
    try:
        st = stage.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and _owned(st)


def _journal(stage: Path, name: str = _JOURNAL) -> list[_Move] | None:
    """The checked moves of ``stage``'s journal (None: no journal, the commit had not begun).

    Only what :meth:`Transaction.commit` writes is accepted: a JSON object whose ``moves`` are
    ``[n, target, marker]``, ``target`` a path relative to the stage's own folder made of plain
    names (no ``..``, nothing absolute), its new part ``part-<n>-<name>`` directly in the stage,
    a folder's old one put aside as ``old-<n>`` in the stage, ``marker`` that of a folder (one
    of :data:`_KINDS`) or ``""`` for a file. Anything else raises
    :class:`_Untrusted`: a journal that names a move outside them is not ours to carry out."""
    file = stage / name
    try:
        st = file.lstat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _Untrusted(f"its journal cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(st.st_mode) or not _owned(st) or st.st_size > _JOURNAL_MAX:
        raise _Untrusted("its journal is not a file this user wrote")
    head = _read_head(file, _JOURNAL_MAX)
    try:
        data = json.loads((head or b"").decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise _Untrusted("its journal is not JSON") from None
    base = stage.parent
    entries: list[tuple[object, object, object]] = []
    if isinstance(data, dict) and isinstance(data.get("moves"), list):
        for entry in data["moves"]:
            if not (isinstance(entry, list) and len(entry) == 3):
                raise _Untrusted("a move of its journal is not [n, target, marker]")
            entries.append((entry[0], entry[1], entry[2]))
    else:
        raise _Untrusted("its journal is not a list of moves")
    moves: list[_Move] = []
    for n, (number, target, marker) in enumerate(entries):
        if not (number == n and isinstance(target, str) and isinstance(marker, str)
                and (marker == "" or marker in _KINDS)):
            raise _Untrusted("a move of its journal is malformed")
        is_folder = marker != ""
        parts = target.split("/")
        if not _plain(parts):
            raise _Untrusted(f"its journal names {target!r}, not a path inside {base}")
        path = base
        for part in parts[:-1]:  # no folder on the way may be a link (or anything else)
            path = path / part
            with contextlib.suppress(FileNotFoundError):
                if not stat.S_ISDIR(path.lstat().st_mode):
                    raise _Untrusted(f"its journal names a path through {path}, not a folder")
        staged = stage / f"part-{n}-{parts[-1]}"
        with contextlib.suppress(FileNotFoundError):
            mode = staged.lstat().st_mode
            if not (stat.S_ISDIR(mode) if is_folder else stat.S_ISREG(mode)):
                raise _Untrusted(f"{staged.name} in it is not the "
                                 f"{'folder' if is_folder else 'file'} its journal says")
        aside = stage / f"old-{n}" if is_folder else None
        moves.append(_Move(staged, base.joinpath(*parts), aside, marker))
    return moves


def _roll_forward(moves: list[_Move]) -> None:
    """Finish the moves of a stage whose commit began (its journal exists)."""
    for staged, target, aside, marker in moves:
        if not os.path.lexists(staged):
            continue  # already moved into place
        try:  # what is there now is still what the commit checked (or nothing)
            if marker:
                check_dir(target, marker)
            else:
                check_file(target)
        except InputError:
            continue  # not ours (any more): left alone
        if aside is not None and target.is_dir() and not target.is_symlink():
            if os.path.lexists(aside):
                continue  # someone made a new target since: leave it alone
            target.rename(aside)
        staged.replace(target)


def _warn(stage: Path, why: str) -> None:
    if stage not in _warned:
        _warned.add(stage)
        sys.stderr.write(f"tdcourse: {stage}: warning: named like a stage of tdcourse, but {why}: "
                         f"left alone, neither carried out nor deleted\n")
        sys.stderr.flush()


def recover(folder: Path) -> list[Path]:
    """Finish or remove the stages in ``folder`` whose owner process is dead; returns them.

    Only a stage this user's tdcourse could have made is touched: a real folder of this user,
    writable by no one else, whose journal (if any) names only moves its transaction could have
    made (:func:`_journal`). Anything else named like a stage (planted by another user, unpacked
    from an archive...) is left as it is, with one warning line on standard error: it is never
    carried out nor deleted."""
    done: list[Path] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return done
    for entry in entries:
        match = _STAGE.match(entry.name)
        if not match or _alive(int(match.group("pid"))):
            continue
        if not _trusted_stage(entry):
            _warn(entry, "not a folder of this user that no one else can write to")
            continue
        try:
            moves = _journal(entry)
        except _Untrusted as exc:
            _warn(entry, str(exc))
            continue
        if moves is not None:
            # a stage we cannot finish is still removed below; its targets stay
            with contextlib.suppress(OSError):
                _roll_forward(moves)
        shutil.rmtree(entry, ignore_errors=True)
        done.append(entry)
    return done


def _common(a: Path, b: Path) -> Path:
    """The deepest folder holding both ``a`` and ``b`` (spelt as ``a`` is, when it is ``a``)."""
    if a == b:
        return a
    common = Path(os.path.commonpath([os.path.abspath(a), os.path.abspath(b)]))
    return a if str(common) == os.path.abspath(a) else common


def _inside(base: Path, target: Path) -> list[str]:
    """``target`` as plain names from ``base`` (which holds it)."""
    parts = list(Path(os.path.abspath(target)).relative_to(os.path.abspath(base)).parts)
    if not _plain(parts):
        raise ValueError(f"{target} is not inside {base}")
    return parts


class Transaction:
    """Parts of an output built in one stage and moved into place together (see the module)."""

    def __init__(self, where: Path) -> None:
        """``where`` is the folder of the stage: on the file system of every target."""
        self.where = where
        self._stage: Path | None = None
        self._moves: list[tuple[Path, Path, str]] = []  # staged, target, marker (or "" for files)
        self._recovered: set[Path] = set()

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.abort()

    @property
    def stage(self) -> Path:
        """The stage folder, made on first use (after removing the stages of dead runs)."""
        if self._stage is None:
            try:
                self.where.mkdir(parents=True, exist_ok=True)
                recover(self.where)
                stage = self.where / f"{STAGE_PREFIX}{os.getpid()}-{secrets.token_hex(4)}"
                stage.mkdir(mode=0o700)
                stage.chmod(0o700)  # only this user may write in it: see _trusted_stage
            except OSError as exc:
                raise InputError(f"cannot be written: {exc.strerror}", str(self.where)) from None
            self._stage = stage
        return self._stage

    def _part(self, target: Path, marker: str) -> Path:
        for _staged, other, _marker in self._moves:
            if other == target:
                raise ValueError(f"{target} is staged twice")
        # what killed runs left beside the target, and in the folder the stage moves to when
        # it commits (the one holding every target: see commit)
        for folder in (target.parent, _common(self.where, target.parent)):
            if folder not in self._recovered:
                self._recovered.add(folder)
                recover(folder)
        staged = self.stage / f"part-{len(self._moves)}-{target.name}"
        self._moves.append((staged, target, marker))
        return staged

    def staged(self, target: Path) -> Path | None:
        """Where the new ``target`` is being built, if it is part of this transaction."""
        return next((staged for staged, other, _ in self._moves if other == target), None)

    def folder(self, target: Path, marker: str) -> Path:
        """A new empty folder to fill, which will replace the folder ``target``."""
        check_dir(target, marker)
        staged = self._part(target, marker)
        staged.mkdir()
        return staged

    def file(self, target: Path) -> Path:
        """The path of a file to write, which will replace the file ``target``."""
        check_file(target)
        return self._part(target, "")

    def drop(self, target: Path) -> None:
        """Take ``target`` out of this transaction (if it is in it): its new part is deleted
        and the commit leaves the previous ``target`` as it is (a site of the course that
        failed to build, while the others are published)."""
        for n, (staged, other, _marker) in enumerate(self._moves):
            if other == target:
                if staged.is_dir() and not staged.is_symlink():
                    shutil.rmtree(staged)
                else:
                    staged.unlink(missing_ok=True)
                del self._moves[n]
                # the parts after it are renumbered (in order, so each name is free): a
                # journal names the part of its n-th move part-<n>-<name>
                for k in range(n, len(self._moves)):
                    old, target_k, marker_k = self._moves[k]
                    new = old.with_name(f"part-{k}-{target_k.name}")
                    if os.path.lexists(old):
                        old.rename(new)
                    self._moves[k] = (new, target_k, marker_k)
                return

    def write_text(self, target: Path, text: str) -> None:
        """Stage the file ``target`` with ``text`` (UTF-8)."""
        staged = self.file(target)
        staged.write_text(text, encoding="utf-8")

    def commit(self) -> None:
        """Move every staged part into place: all of them, or (killed midway) the next run
        finishes the moves. Targets are checked again first: nothing here replaces what is
        not ours, even if it appeared while the parts were being built."""
        if self._stage is None:
            return
        mask = os.umask(0)
        os.umask(mask)
        self._gather()
        base = self._stage.parent
        moves: list[list[object]] = []
        for n, (staged, target, marker) in enumerate(self._moves):
            if marker:
                check_dir(target, marker)
            else:
                check_file(target)
            staged.chmod((0o777 if staged.is_dir() else 0o666) & ~mask)
            target.parent.mkdir(parents=True, exist_ok=True)
            moves.append([n, "/".join(_inside(base, target)), marker])
        journal = self._stage / f".{_JOURNAL}"
        journal.write_text(json.dumps({"moves": moves}), encoding="utf-8")
        try:  # the journal as the next run would read it, if this one were killed
            checked = _journal(self._stage, journal.name)
        except _Untrusted as exc:  # a folder on the way is a link: refused before any move
            raise InputError(f"cannot be committed: {exc}", str(self._stage.parent)) from None
        assert checked is not None
        checkpoint("commit")
        # From the commit point on, a Ctrl-C waits until every part is in place.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            journal.replace(self._stage / _JOURNAL)  # the commit point
            _roll_forward(checked)  # what the next run would do
            self._moves = []
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        self.abort()

    def _gather(self) -> None:
        """Move the stage into the folder holding every target, if it is not there yet.

        A journal may name only paths inside the stage's own folder (no ``..``: see
        :func:`_journal`), so the stage of ``tdcourse build`` (made in ``book/_build``, its bank
        in ``quizzes/``) moves to the project's folder first: one rename, before the journal
        exists, so a kill around it leaves a stage without journal, deleted by the next run."""
        assert self._stage is not None
        base = self._stage.parent
        for _staged, target, _marker in self._moves:
            base = _common(base, target.parent)
        if base == self._stage.parent:
            return
        moved = base / self._stage.name
        try:
            self._stage.rename(moved)
        except OSError as exc:
            raise InputError(f"cannot be written: {exc.strerror}", str(base)) from None
        old, self._stage = self._stage, moved
        self._moves = [(moved / staged.relative_to(old), target, marker)
                       for staged, target, marker in self._moves]

    def abort(self) -> None:
        """Delete the stage (and with it, after a commit, the previous outputs)."""
        if self._stage is not None:
            shutil.rmtree(self._stage, ignore_errors=True)
            self._stage = None


def write_file(target: Path, text: str) -> None:
    """Write ``text`` to the file ``target`` through a stage beside it."""
    with Transaction(target.parent) as tx:
        tx.write_text(target, text)
        tx.commit()


@contextmanager
def folder(target: Path, marker: str) -> Iterator[Path]:
    """``with folder(target, marker) as tmp:`` fill ``tmp``; it replaces ``target`` when the
    block ends without an exception."""
    with Transaction(target.parent) as tx:
        yield tx.folder(target, marker)
        tx.commit()


# --------------------------------------------------------------------------- interruptions


def checkpoint(name: str) -> None:
    """A moment of a long command where the interruption tests stop it.

    Does nothing unless the environment variable ``TDCOURSE_TEST_PAUSE`` names this checkpoint:
    then the process writes its pid to the file ``TDCOURSE_TEST_PAUSE_FLAG`` and waits there
    for a signal, so a test can interrupt it at exactly this moment, however slow the machine.
    """
    if os.environ.get(PAUSE_ENV) != name:
        return
    flag = os.environ.get(PAUSE_FLAG_ENV)
    if flag:
        Path(flag).write_text(str(os.getpid()), encoding="utf-8")
    while True:
        time.sleep(0.05)
