"""Typed errors shared by every layer.

Every error a user can provoke with bad input derives from :class:`TdcourseError`, so the command
line can turn it into one clear line and exit status 2 instead of a traceback.
"""

from __future__ import annotations

from pathlib import Path


class TdcourseError(Exception):
    """Base class of all errors caused by input rather than by a bug."""


class ParseError(TdcourseError, ValueError):
    """A string is not the notation of the value it was meant to be (card, call, seat, ...)."""


class IllegalCallError(TdcourseError):
    """A call that the strict auction model refuses (the table log records such calls instead)."""


class IllegalPlayError(TdcourseError):
    """A card that the strict play model refuses."""


class ImpossibleEventError(TdcourseError):
    """An event that cannot physically happen at a table: a card not in that hand, a 14th card."""


class InputError(TdcourseError):
    """A located problem in an input file: names the file, the line and the problem."""

    def __init__(self, problem: str, path: str | None = None, line: int | None = None) -> None:
        self.problem = problem
        self.path = path
        self.line = line
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """The message the command line prints: ``file:line: problem``."""
        where = self.path or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.problem}"


def shown(path: Path) -> str:
    """A path as a message names it: as the user would type it, relative to the current
    directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
