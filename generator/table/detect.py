"""Convenience entry points: replay a case into a :class:`Table`, or list its irregularities."""

from __future__ import annotations

from generator.errors import ImpossibleEventError, InputError
from generator.table.case import Case
from generator.table.irregularities import Irregularity
from generator.table.ruler import Ruler
from generator.table.state import Table


def replay(case: Case, ruler: Ruler | None = None) -> Table:
    """Replay every event of a case; an impossible event becomes a located input error."""
    table = Table(case.board, case.deal, ruler)
    for index, event in enumerate(case.events):
        try:
            table.apply(event)
        except ImpossibleEventError as exc:
            raise InputError(f"event {index} ({event}): {exc}", case.path,
                             case.line_of(index)) from None
    return table


def detect(case: Case, ruler: Ruler | None = None) -> list[Irregularity]:
    """The irregularities of a case, as edition-neutral facts in the order they happened."""
    return replay(case, ruler).irregularities
