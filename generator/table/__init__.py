"""What happened at a table: events, the case format, replay into a state, and detection."""

from generator.table.case import Case, load_case, parse_case
from generator.table.detect import detect, replay
from generator.table.events import Event, parse_event
from generator.table.irregularities import Irregularity, Kind
from generator.table.ruler import Ruler
from generator.table.state import Table

__all__ = [
    "Case",
    "Event",
    "Irregularity",
    "Kind",
    "Ruler",
    "Table",
    "detect",
    "load_case",
    "parse_case",
    "parse_event",
    "replay",
]
