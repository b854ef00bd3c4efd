"""Every file and folder a command writes goes through here, so that no command can destroy what
is not its own or leave a half-written or mixed result behind.

Three rules, checked before any work and again just before anything is replaced:

* a file output (``export --out``, ``coverage --out``) is a missing path or a regular file; a
  symbolic link, a device, a FIFO, a socket or a folder is refused (:func:`check_file`);
* a folder output (``generate --out``, the build's folders) is a missing path, an empty folder,
  or a folder holding the marker file of what we wrote there before (a bank's ``manifest.json``,
  a Sphinx output's ``.buildinfo``...); anything else is refused (:func:`check_dir`);
* a refusal is an :class:`~generator.errors.InputError` naming the path: one line, exit status 2.

Everything is written into a *stage*, a folder ``.tdcourse-<pid>-<random>`` beside the targets,
and moved into place by :meth:`Transaction.commit` only when all of it is complete: first a
journal of the moves is written into the stage (the commit point), then each target is renamed
aside into the stage and the new part renamed into its place. ``tdcourse build`` puts the bank,
the course data and every language into one transaction, so they are replaced together or not at
all. A process killed at any moment leaves at most its stage; the next command writing beside it
sees that the stage's owner (the pid in its name) is dead and finishes it: a stage with a journal
is rolled forward (the commit had begun), one without is deleted (:func:`recover`).

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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

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


def check_dir(path: Path, marker: str) -> None:
    """Refuse a folder output that is not missing, empty, or ours (holds the file ``marker``, a
    glob pattern such as ``manifest.json`` or ``score-table-*.csv``, as a regular file)."""
    _check_path(path)
    st = _lstat(path)
    if st is None:
        return
    if stat.S_ISREG(st.st_mode):
        raise InputError("is a file, not a folder: refusing to replace it", str(path))
    if not stat.S_ISDIR(st.st_mode):
        raise InputError(f"is {_kind(st.st_mode)}, not a folder: refusing to replace it",
                         str(path))
    try:
        empty = next(path.iterdir(), None) is None
        ours = any(p.is_file() and not p.is_symlink() for p in path.glob(marker))
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", str(path)) from None
    if not (empty or ours):
        raise InputError(f"is a folder tdcourse did not write (no {marker} in it): refusing to "
                         f"replace it (remove it or write elsewhere)", str(path))


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


def _roll_forward(stage: Path) -> None:
    """Finish the moves of a stage whose commit began (its journal exists)."""
    moves = json.loads((stage / _JOURNAL).read_text(encoding="utf-8"))
    for staged_name, target_name, aside_name in moves:
        staged, target = Path(staged_name), Path(target_name)
        if not os.path.lexists(staged):
            continue  # already moved into place
        if aside_name is not None and target.is_dir() and not target.is_symlink():
            aside = Path(aside_name)
            if os.path.lexists(aside):
                continue  # someone made a new target since: leave it alone
            target.rename(aside)
        staged.replace(target)


def recover(folder: Path) -> list[Path]:
    """Finish or remove the stages in ``folder`` whose owner process is dead; returns them."""
    done: list[Path] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return done
    for entry in entries:
        match = _STAGE.match(entry.name)
        if not match or _alive(int(match.group("pid"))):
            continue
        if entry.is_dir() and not entry.is_symlink():
            if (entry / _JOURNAL).is_file():
                # a stage we cannot finish is still removed below; its targets stay
                with contextlib.suppress(OSError, ValueError):
                    _roll_forward(entry)
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
        done.append(entry)
    return done


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
                stage.mkdir()
            except OSError as exc:
                raise InputError(f"cannot be written: {exc.strerror}", str(self.where)) from None
            self._stage = stage
        return self._stage

    def _part(self, target: Path, marker: str) -> Path:
        for _staged, other, _marker in self._moves:
            if other == target:
                raise ValueError(f"{target} is staged twice")
        if target.parent not in self._recovered:  # what killed runs left beside the target
            self._recovered.add(target.parent)
            recover(target.parent)
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
        moves = []
        for n, (staged, target, marker) in enumerate(self._moves):
            if marker:
                check_dir(target, marker)
            else:
                check_file(target)
            staged.chmod((0o777 if staged.is_dir() else 0o666) & ~mask)
            target.parent.mkdir(parents=True, exist_ok=True)
            aside = str(self._stage / f"old-{n}") if marker else None
            moves.append((str(staged), str(target), aside))
        journal = self._stage / f".{_JOURNAL}"
        journal.write_text(json.dumps(moves), encoding="utf-8")
        checkpoint("commit")
        # From the commit point on, a Ctrl-C waits until every part is in place.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            journal.replace(self._stage / _JOURNAL)  # the commit point
            _roll_forward(self._stage)
            self._moves = []
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        self.abort()

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


def exit_quietly_on_interrupt() -> None:
    """From now on a Ctrl-C ends the process at once with the one line and status 130.

    Called when a command has finished: a Ctrl-C while the interpreter shuts down (joining the
    pool's threads, running ``atexit``) would otherwise print a traceback and exit with 0."""

    def handler(signum: int, frame: object) -> None:
        try:
            sys.stdout.flush()
            sys.stderr.write("tdcourse: interrupted\n")
            sys.stderr.flush()
        finally:
            os._exit(130)

    signal.signal(signal.SIGINT, handler)
    if os.environ.get(PAUSE_ENV) == "shutdown":
        import atexit

        atexit.register(checkpoint, "shutdown")
