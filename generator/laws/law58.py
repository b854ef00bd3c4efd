"""Law 58 (1987 and 2017): simultaneous leads or plays.

58A: a lead or play made at the same moment as a legal lead or play by the player in turn counts as
made after it. 58B: two or more cards played at once from one hand: if only one is visible, it is
the card played; otherwise the offender designates the card he plays and a defender's other cards
become penalty cards (the case format records those as an ``exposes`` event).

2017 (spec §7.4, [H] 58A-B1 south-waikato text): the same rule for both codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import BOTH, Rule, rule
from generator.laws.ruling import Ruling
from generator.table.events import CardLed, CardPlayed
from generator.table.irregularities import Irregularity, Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")


def with_own_play(table: Table, fact: Irregularity) -> bool:
    """58B: the exposure comes with the same player's own lead or play (the event just before)."""
    index = fact.event
    if index is None or index < 1 or table.phase == "auction":
        return False
    before = table.events[index - 1]
    return isinstance(before, (CardLed, CardPlayed)) and before.seat is fact.seat


def cite_if_simultaneous(ruling: Ruling, fact: Irregularity) -> None:
    """58A beside the law that rules a card made at the same moment as the lead or play in turn:
    it counts as made after that card, and whatever it is from there (a premature play, a lead
    or play out of turn) is ruled as such. The table marks such a fact ``simultaneous``. (A
    simultaneous call is Law 33's.)"""
    if fact.kind in _PLAY_KINDS and fact.detail("simultaneous"):
        ruling.note("simultaneous_counts_later", "58A")


#: the irregular cards a simultaneous lead or play can turn out to be once it counts as later
_PLAY_KINDS = frozenset({Kind.PREMATURE_PLAY, Kind.PLAY_OUT_OF_TURN, Kind.LEAD_OUT_OF_TURN,
                         Kind.OPENING_LEAD_OUT_OF_TURN, Kind.DECLARER_LEAD_OUT_OF_TURN})


def two_cards_at_once(ruling: Ruling) -> None:
    """58B: of two cards played at once, the one the offender designates is played; a defender's
    other card is a penalty card (Laws 49-50), declarer's goes back (48A)."""
    ruling.cite("58B")


@rule(Kind.SIMULTANEOUS_PLAY, editions=BOTH)
class SimultaneousPlay(Rule):
    def detected(self, table: Table) -> None:
        super().detected(table)
        self.ruling.add("no_rectification", "58A")
