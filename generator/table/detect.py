"""Convenience entry points: replay a case into a :class:`Table`, or list its irregularities."""

from __future__ import annotations

from collections.abc import Callable

from generator.errors import ImpossibleEventError, InputError
from generator.table.case import Case
from generator.table.irregularities import Irregularity
from generator.table.ruler import Ruler
from generator.table.state import Table


def replay(case: Case, ruler: Ruler | None = None,
           seen: Callable[[int, Table], None] | None = None) -> Table:
    """Replay every event of a case; an impossible event becomes a located input error.
    ``seen`` (if given) is shown the table before the first event and after each one, with the
    number of events applied (the cuts of a case are ruled on the way: ``tdcourse audit``)."""
    table = Table(case.board, case.deal, ruler, dict(case.meanings))
    if seen is not None:
        seen(0, table)
    for index, event in enumerate(case.events):
        try:
            table.apply(event)
        except ImpossibleEventError as exc:
            raise InputError(f"event {index} ({event}): {exc}", case.path,
                             case.line_of(index)) from None
        if seen is not None:
            seen(index + 1, table)
    return table


def detect(case: Case, ruler: Ruler | None = None) -> list[Irregularity]:
    """The irregularities of a case, as edition-neutral facts in the order they happened."""
    return replay(case, ruler).irregularities
