"""Flow charts of the main rulings, drawn from what the engine rules.

A chart is a decision tree written in code (:data:`SPECS`): its inner nodes name the situations and
choices a director meets (hand-written labels: ``_l(chart, key)`` is the text at
``charts.labels/<chart>/<key>`` of each language catalog, ``generator/i18n/<lang>.yaml``), and
every leaf carries a small case — a board and the events at the table — that takes that branch.
:func:`chart` runs :func:`generator.laws.engine.analyse` on each leaf's case and writes into the
leaf what the engine ruled: its rectifications in the engine's own words
(:func:`generator.laws.explain.rectification_text`), each with the clause it rests on, and every
clause the ruling cites. A chart therefore cannot disagree with the engine: change a rule and the
chart changes with it.

Layout (our own, no Graphviz): the root box spans the top; its children stand side by side as
columns (consecutive leaves of the root share one column); below that, each column is an indented
tree read top-down. Text is wrapped by an estimate of glyph widths for a generic sans-serif font,
so the output is deterministic and needs no font files. The SVG scales down to the page width.

A phone cannot show the columns side by side at a readable size, so :func:`chart` also draws a
*narrow* form (``narrow=True``): one column, the root's children hanging one below the other from
a trunk, every text at least :data:`MIN_TEXT` units, about 320 units wide (so about one CSS pixel
per unit on a 375 px phone). The page holds both; the stylesheet shows the one that fits.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from generator import i18n
from generator.book.diagrams import (
    LEAD_KINDS,
    SEAT_LETTERS,
    SUIT_SYMBOL,
    _num,
    call_text,
    card_text,
    suit_colour,
)
from generator.book.examples import symbols
from generator.laws.engine import analyse
from generator.laws.explain import describe_fact, option_label, rectification_text
from generator.model.cards import Suit
from generator.table.case import Case, parse_case
from generator.table.events import (
    Accepted,
    CallChanged,
    CallMade,
    CardLed,
    CardPlayed,
    CardsExposed,
    Claimed,
    Conceded,
    DirectorCalled,
    Event,
    Judgement,
    OptionChosen,
    Refused,
    TricksCounted,
    WrongDirection,
    WrongTable,
)

Label = Mapping[str, str]


@dataclass(frozen=True)
class Branch:
    """A node of a chart: a situation or a choice (``label``, per language).

    A leaf has a ``case`` (the case format as a mapping: ``board``, optional ``deal``,
    ``events``) and the ``kind`` of the irregularity whose ruling it shows; an inner node has
    ``children``. ``columns`` (for a child of the root): how many columns of the chart the node
    spans, its children shared out among them (a long list of leaves then reads in two columns).
    """

    label: Label
    case: Mapping[str, Any] | None = None
    kind: str | None = None
    children: tuple[Branch, ...] = ()
    columns: int = 1

    @property
    def is_leaf(self) -> bool:
        return self.case is not None


@dataclass(frozen=True)
class ChartSpec:
    """A chart: its title, the text of its root box and its branches.

    ``situation``: add to the root the engine's own description of the first leaf's
    irregularity (for charts whose leaves all start from the same irregular call).
    """

    name: str
    title: Label
    root: Label
    branches: tuple[Branch, ...]
    situation: bool = False


def case_of(leaf: Branch, edition: str = "1987") -> Case:
    """The parsed case of a leaf, ruled under ``edition`` (a leaf shared by both codes' charts
    is the same table ruled under each)."""
    assert leaf.case is not None, "only a leaf has a case"
    case = dict(leaf.case)
    if edition != "1987":
        case["edition"] = edition
    return parse_case(json.dumps(case), f"chart-case-{leaf.label['en']}.json")


def ruling_of(leaf: Branch, result: Mapping[str, Any]) -> dict[str, Any]:
    """The ruling a leaf shows: the first one on an irregularity of the leaf's kind."""
    for ruling in result["rulings"]:
        if ruling["kind"] == leaf.kind:
            return dict(ruling)
    raise ValueError(f"the engine gave no {leaf.kind} ruling for the chart case "
                     f"{leaf.label['en']!r}: {[r['kind'] for r in result['rulings']]}")


def leaves(spec: ChartSpec) -> Iterator[Branch]:
    """Every leaf of a chart, top to bottom, left to right."""
    def walk(node: Branch) -> Iterator[Branch]:
        if node.is_leaf:
            yield node
        for child in node.children:
            yield from walk(child)

    for branch in spec.branches:
        yield from walk(branch)


# ----------------------------------------------------------------------------- the charts


def _case(board: int, *events: str, deal: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"board": board, "events": list(events)}
    if deal:
        out["deal"] = deal
    return out


def _l(chart: str, key: str) -> Label:
    """A label of a chart, in every language: the catalogs' ``charts.labels/<chart>/<key>``."""
    return i18n.ByLanguage("charts.labels", chart, key)


# Law 27: board 1 (dealer North); North opens 1S, East bids 1H.
_IB = ("N 1S", "E 1H")
CHART_27 = ChartSpec(
    "27",
    _l("27", "title"),
    _l("27", "root"),
    (
        Branch(_l("27", "accepted"),
               _case(1, *_IB, "S accepts"), "insufficient_bid"),
        Branch(_l("27", "refused"), columns=2, children=(
            Branch(_l("27", "refused.lowest"),
                   _case(1, *_IB, "S refuses", "E 2H"), "insufficient_bid"),
            Branch(_l("27", "refused.higher"),
                   _case(1, *_IB, "S refuses", "E 3H"), "insufficient_bid"),
            Branch(_l("27", "refused.other_denomination"),
                   _case(1, *_IB, "S refuses", "E 2D"), "insufficient_bid"),
            Branch(_l("27", "refused.pass"),
                   _case(1, *_IB, "S refuses", "E P"), "insufficient_bid"),
            Branch(_l("27", "refused.double"),
                   _case(1, *_IB, "S refuses", "E X"), "insufficient_bid"),
        )),
    ),
    situation=True,
)

# Law 25: board 2 (dealer East); East opens 1D and changes it to 1S.
_CC = ("E 1D",)
CHART_25 = ChartSpec(
    "25",
    _l("25", "title"),
    _l("25", "root"),
    (
        Branch(_l("25", "slip"),
               _case(2, *_CC, "E changes 1S inadvertent"), "change_of_call"),
        Branch(_l("25", "change"), children=(
            Branch(_l("25", "change.accepted"),
                   _case(2, *_CC, "E changes 1S", "S accepts"), "change_of_call"),
            Branch(_l("25", "change.refused"), children=(
                Branch(_l("25", "change.refused.first_call"),
                       _case(2, *_CC, "E changes 1S", "S refuses",
                             "E chooses first_call_stands"), "change_of_call"),
                Branch(_l("25", "change.refused.other_call"),
                       _case(2, *_CC, "E changes 1S", "S refuses", "E chooses other_call",
                             "E 1NT"), "change_of_call"),
            )),
        )),
    ),
    situation=True,
)

# Laws 29-32: board 1 (dealer North).
CHART_29_32 = ChartSpec(
    "29-32",
    _l("29-32", "title"),
    _l("29-32", "root"),
    (
        Branch(_l("29-32", "pass"), children=(
            Branch(_l("29-32", "pass.accepted"), _case(1, "N 1H", "W P", "N accepts"),
                   "pass_out_of_rotation"),
            Branch(_l("29-32", "pass.refused"), children=(
                Branch(_l("29-32", "pass.refused.before_bid"),
                       _case(1, "E P", "S refuses"), "pass_out_of_rotation"),
                Branch(_l("29-32", "pass.refused.rho_turn"),
                       _case(1, "N 1H", "S P", "W refuses"), "pass_out_of_rotation"),
                Branch(_l("29-32", "pass.refused.partner_turn"),
                       _case(1, "N 1H", "W P", "N refuses"), "pass_out_of_rotation"),
            )),
        )),
        Branch(_l("29-32", "bid"), children=(
            Branch(_l("29-32", "bid.accepted"), _case(1, "N 1H", "W 1S", "N accepts"),
                   "bid_out_of_rotation"),
            Branch(_l("29-32", "bid.refused"), children=(
                Branch(_l("29-32", "bid.refused.partner_turn"),
                       _case(1, "N 1H", "W 1S", "N refuses"), "bid_out_of_rotation"),
                Branch(_l("29-32", "bid.refused.rho_turn"), children=(
                    Branch(_l("29-32", "bid.refused.rho_turn.pass"),
                           _case(1, "N 1H", "S 2H", "W refuses", "E P", "S 2H"),
                           "bid_out_of_rotation"),
                    Branch(_l("29-32", "bid.refused.rho_turn.same_denomination"),
                           _case(1, "N 1H", "S 2H", "W refuses", "E 2S", "S 3H"),
                           "bid_out_of_rotation"),
                    Branch(_l("29-32", "bid.refused.rho_turn.other_call"),
                           _case(1, "N 1H", "S 2H", "W refuses", "E 2S", "S P"),
                           "bid_out_of_rotation"),
                )),
            )),
        )),
        Branch(_l("29-32", "double"), children=(
            Branch(_l("29-32", "double.accepted"), _case(1, "N 1H", "W X", "N accepts"),
                   "double_out_of_rotation"),
            Branch(_l("29-32", "double.refused"), children=(
                Branch(_l("29-32", "double.refused.partner_turn"),
                       _case(1, "N 1H", "W X", "N refuses"), "double_out_of_rotation"),
                Branch(_l("29-32", "double.refused.rho_turn"), children=(
                    Branch(_l("29-32", "double.refused.rho_turn.pass"),
                           _case(1, "N 1H", "E P", "W X", "N refuses", "S P", "W X"),
                           "double_out_of_rotation"),
                    Branch(_l("29-32", "double.refused.rho_turn.bid"),
                           _case(1, "N 1H", "E P", "W X", "N refuses", "S 2H"),
                           "double_out_of_rotation"),
                )),
            )),
        )),
    ),
)

# Law 50: board 13 (dealer North, both vulnerable); West plays 3NT, North leads the HA.
_B13 = "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542"
_B13_AUCTION = ("N P", "E 1S", "S P", "W 2D", "N P", "E 2S", "S P", "W 3NT", "N P", "E P",
                "S P")
_B13_TRICK1 = (*_B13_AUCTION, "N leads HA", "E plays H5", "S plays H3", "W plays H2")


def _b13(*events: str) -> dict[str, Any]:
    return _case(13, *events, deal=_B13)


CHART_50 = ChartSpec(
    "50",
    _l("50", "title"),
    _l("50", "root"),
    (
        Branch(_l("50", "small_card"),
               _b13(*_B13_TRICK1, "S exposes D2"), "exposed_card"),
        Branch(_l("50", "honour"), columns=2, children=(
            Branch(_l("50", "honour.two_small"),
                   _b13(*_B13_TRICK1, "S exposes S9 S4"), "exposed_card"),
            Branch(_l("50", "honour.king"), children=(
                Branch(_l("50", "honour.king.require"),
                       _b13(*_B13_TRICK1, "S exposes HK", "W chooses require_H"),
                       "exposed_card"),
                Branch(_l("50", "honour.king.forbid"),
                       _b13(*_B13_TRICK1, "S exposes HK", "W chooses prohibit_H"),
                       "exposed_card"),
                Branch(_l("50", "honour.king.neither"),
                       _b13(*_B13_TRICK1, "S exposes HK", "W chooses none"), "exposed_card"),
            )),
        )),
    ),
)

# Law 54: board 13 again; North was to lead against 3NT by West.
CHART_54 = ChartSpec(
    "54",
    _l("54", "title"),
    _l("54", "root"),
    (
        Branch(_l("54", "accepted"), children=(
            Branch(_l("54", "accepted.by_saying"),
                   _b13(*_B13_AUCTION, "S leads HK", "W accepts"), "opening_lead_out_of_turn"),
            Branch(_l("54", "accepted.by_playing"),
                   _b13(*_B13_AUCTION, "S leads HK", "W plays H2"),
                   "opening_lead_out_of_turn"),
        )),
        Branch(_l("54", "refused"), children=(
            Branch(_l("54", "refused.require"),
                   _b13(*_B13_AUCTION, "S leads HK", "W refuses", "W chooses require_H"),
                   "opening_lead_out_of_turn"),
            Branch(_l("54", "refused.forbid"),
                   _b13(*_B13_AUCTION, "S leads HK", "W refuses", "W chooses prohibit_H"),
                   "opening_lead_out_of_turn"),
            Branch(_l("54", "refused.neither"),
                   _b13(*_B13_AUCTION, "S leads HK", "W refuses", "W chooses none"),
                   "opening_lead_out_of_turn"),
        )),
        Branch(_l("54", "spread"),
               _b13(*_B13_AUCTION, "S leads HK", "W chooses spread"),
               "opening_lead_out_of_turn"),
        Branch(_l("54", "partner_faces"),
               _b13(*_B13_AUCTION, "E leads SK"), "opening_lead_out_of_turn"),
    ),
)

# Law 64: whole boards, each with the revoke at its moment.
_RV01 = "N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742"
_RV12 = "N:9.J8532.J84.KQJ7 874.KQ7.KT65.T85 KQT652.T4.Q7.964 AJ3.A96.A932.A32"
_RV09 = "N:AQT32.QJ3.AQ8.T2 J987.962.94.J943 K64.4.KT65.KQ876 5.AKT875.J732.A5"
_RV05 = "N:QJ52.J643.J9.T92 94.A872.Q864.KJ6 T86.T.A73.AQ7543 AK73.KQ95.KT52.8"
_RV07 = "N:K8.AJ4.T62.KJT92 JT62.T762.A85.75 5.KQ95.9743.A863 AQ9743.83.KQJ.Q4"
_RV04 = "N:T.K5.T8752.AJ954 86542.9.AK3.KT63 Q97.AQJ763.Q4.Q2 AKJ3.T842.J96.87"


def _plays(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(","))


CHART_64 = ChartSpec(
    "64",
    _l("64", "title"),
    _l("64", "root"),
    (
        Branch(_l("64", "corrected"), children=(
            Branch(_l("64", "corrected.defender"), _case(1, *_plays(
                "N P, E P, S 1S, W P, N 3S, E P, S 4S, W P, N P, E P, W leads C4, N plays C6, "
                "E plays C8, S plays CA, S leads S7, W plays SJ, N plays SK, E plays S2, "
                "N leads H3, E plays D5, S plays HK, W plays H2, director"), deal=_RV01),
                "revoke"),
            Branch(_l("64", "corrected.declarer"), _case(12, *_plays(
                "W 1D, N P, E 5D, S P, W P, N P, N leads CQ, E plays C8, S plays C6, "
                "W plays C2, N leads S9, E plays S8, S plays SQ, W plays SJ, S leads D7, "
                "W plays S3, N plays D4, director, N chooses keep, W plays D2"), deal=_RV12),
                "revoke"),
        )),
        Branch(_l("64", "established"), children=(
            Branch(_l("64", "established.won_revoke_trick"),
                   _case(9, *_plays(
                       "N 1S, E P, S 4S, W P, N P, E P, E leads C4, S plays C8, W plays CA, "
                       "N plays C2, W leads H5, N plays HQ, E plays H6, S plays H4, N leads DA, "
                       "E plays S7, S plays D6, W plays DJ, E leads C3, S plays C7, W plays C5, "
                       "N plays CT, N leads SQ, E plays S9, S plays S4, W plays S5, N leads ST, "
                       "E plays S8, S plays S6, W plays HT, N leads H3, E plays H9, S plays CK, "
                       "W plays HA, W leads D2, N plays D8, E plays D9, S plays D5, E leads CJ, "
                       "S plays CQ, W plays D7, N plays DQ, S leads DT, W plays D3, N plays HJ, "
                       "E plays D4, S leads SK, W plays HK, N plays S2, E plays SJ, S leads C6, "
                       "W plays H7, N plays SA, E plays C9, N leads S3, E plays H2, S plays DK, "
                       "W plays H8"), deal=_RV09), "revoke"),
            Branch(_l("64", "established.won_later_trick"),
                   _case(5, *_plays(
                       "N P, E P, S P, W 1H, N P, E 4H, S P, W P, N P, N leads D9, E plays D6, "
                       "S plays D7, W plays D5, N leads H6, E plays H8, S plays HT, W plays HQ, "
                       "W leads H5, N plays H3, E plays H7, S plays CA, E leads S4, S plays C3, "
                       "W plays S3, N plays S2, E leads CK, S plays C7, W plays C8, N plays CT, "
                       "E leads H2, S plays C4, W plays H9, N plays HJ, N leads SJ, E plays S9, "
                       "S plays S8, W plays SA, W leads S7, N plays SQ, E plays C6, S plays S6, "
                       "N leads C9, E plays CJ, S plays CQ, W plays HK, W leads DT, N plays DJ, "
                       "E plays DQ, S plays DA, S leads C5, W plays D2, N plays C2, E plays D8, "
                       "S leads ST, W plays SK, N plays S5, E plays D4, W leads DK, N plays H4, "
                       "E plays HA, S plays D3"), deal=_RV05), "revoke"),
            Branch(_l("64", "established.no_later_trick"),
                   _case(7, *_plays(
                       "S P, W P, N 1C, E P, S 2C, W P, N P, E P, E leads H7, S plays HK, "
                       "W plays H8, N plays H4, S leads H5, W plays H3, N plays HJ, E plays H2, "
                       "N leads CJ, E plays C7, S plays C8, W plays C4, N leads HA, E plays HT, "
                       "S plays H9, W plays S3, N leads D2, E plays D8, S plays D4, W plays DK, "
                       "W leads CQ, N plays C2, E plays C5, S plays C6, W leads S4, N plays S8, "
                       "E plays S6, S plays S5, N leads SK, E plays ST, S plays CA, W plays S9, "
                       "S leads D3, W plays DJ, N plays DT, E plays DA, E leads D5, S plays D9, "
                       "W plays SQ, N plays D6, S leads D7, W plays DQ, N plays C9, E plays S2, "
                       "N leads CK, E plays SJ, S plays C3, W plays S7, N leads CT, E plays H6, "
                       "S plays HQ, W plays SA"), deal=_RV07), "revoke"),
            Branch(_l("64", "established.dummy"),
                   _case(5, *_plays(
                       "N P, E P, S P, W 1H, N P, E 4H, S P, W P, N P, N leads D9, E plays D6, "
                       "S plays D7, W plays D5, N leads H6, E plays H8, S plays HT, W plays HQ, "
                       "W leads H5, N plays H3, E plays H7, S plays CA, E leads S4, S plays S6, "
                       "W plays S3, N plays S2, S leads C5, W plays C8, N plays C2, E plays CK, "
                       "E leads H2, S plays C3, W plays H9, N plays HJ, N leads SJ, E plays HA, "
                       "S plays S8, W plays SK, E leads S9, S plays ST, W plays S7, N plays S5, "
                       "S leads C7, W plays DT, N plays CT, E plays CJ, E leads D4, S plays D3, "
                       "W plays DK, N plays DJ, W leads D2, N plays SQ, E plays D8, S plays DA, "
                       "S leads CQ, W plays HK, N plays C9, E plays C6, W leads SA, N plays H4, "
                       "E plays DQ, S plays C4"), deal=_RV05), "revoke"),
        )),
        Branch(_l("64", "twelfth_trick"),
               _case(4, *_plays(
                   "W P, N P, E P, S 1H, W P, N 2H, E P, S P, W P, W leads S3, N plays ST, "
                   "E plays S8, S plays SQ, S leads HJ, W plays H8, N plays H5, E plays H9, "
                   "S leads CQ, W plays C8, N plays C9, E plays C3, S leads DQ, W plays DJ, "
                   "N plays D7, E plays DK, E leads S2, S plays S7, W plays SA, N plays HK, "
                   "N leads CA, E plays CK, S plays C2, W plays C7, N leads C4, E plays C6, "
                   "S plays HA, W plays D6, S leads S9, W plays SK, N plays C5, E plays S6, "
                   "W leads H4, N plays D5, E plays D3, S plays H3, W leads SJ, N plays CJ, "
                   "E plays S4, S plays D4, W leads H2, N plays D8, E plays S5, S plays H6, "
                   "S leads H7, W plays D9, N plays DT, E plays CT, S leads HQ, W plays HT, "
                   "N plays D2, E plays DA"), deal=_RV04), "revoke"),
    ),
)

#: Every chart, by name.
SPECS: dict[str, ChartSpec] = {spec.name: spec for spec in
                               (CHART_27, CHART_25, CHART_29_32, CHART_50, CHART_54, CHART_64)}
#: The names of the charts, in the order of the book.
CHARTS: tuple[str, ...] = tuple(SPECS)

# ----------------------------------------------------------------------------- the 2017 charts
#
# The 2017 code asks other questions of the same tables: is the replacement call comparable
# (Law 23A: a finding the code leaves to the director; the leaves state it, ``director
# comparable`` / ``not_comparable``)? whose turn was it (a pass out of rotation before any bid
# is ruled like any other at the right-hand opponent's turn)? Where the tree is the same under
# both codes (penalty cards, opening leads out of turn) the 1987 chart serves, its leaves ruled
# under 2017.

_IB_2017 = "director comparable", "director not_comparable"
CHART_27_2017 = ChartSpec(
    "27",
    _l("27", "title"),
    _l("27", "root"),
    (
        CHART_27.branches[0],
        Branch(_l("27", "refused"), columns=2, children=(
            Branch(_l("27", "refused.lowest_2017"),
                   _case(1, *_IB, "S refuses", "E 2H"), "insufficient_bid"),
            Branch(_l("27", "refused.comparable"),
                   _case(1, *_IB, "S refuses", "E 2D", _IB_2017[0]), "insufficient_bid"),
            Branch(_l("27", "refused.not_comparable"),
                   _case(1, *_IB, "S refuses", "E 3H", _IB_2017[1]), "insufficient_bid"),
            Branch(_l("27", "refused.pass_2017"),
                   _case(1, *_IB, "S refuses", "E P", _IB_2017[1]), "insufficient_bid"),
            Branch(_l("27", "refused.double_2017"),
                   _case(1, *_IB, "S refuses", "E X", _IB_2017[1]), "insufficient_bid"),
        )),
    ),
    situation=True,
)

CHART_25_2017 = ChartSpec(
    "25",
    _l("25", "title"),
    _l("25", "root_2017"),
    (
        Branch(_l("25", "slip_2017"), children=(
            Branch(_l("25", "slip.unintended"),
                   _case(2, *_CC, "E changes 1S inadvertent", "director unintended"),
                   "change_of_call"),
            Branch(_l("25", "slip.intended"),
                   _case(2, *_CC, "E changes 1S inadvertent", "director intended"),
                   "change_of_call"),
        )),
        Branch(_l("25", "change"), children=(
            Branch(_l("25", "change.accepted"),
                   _case(2, *_CC, "E changes 1S", "S accepts"), "change_of_call"),
            Branch(_l("25", "change.refused_2017"), children=(
                Branch(_l("25", "change.refused.comparable"),
                       _case(2, *_CC, "E changes 1S", "S refuses", _IB_2017[0]),
                       "change_of_call"),
                Branch(_l("25", "change.refused.not_comparable"),
                       _case(2, *_CC, "E changes 1S", "S refuses", _IB_2017[1]),
                       "change_of_call"),
            )),
        )),
    ),
    situation=True,
)

CHART_29_32_2017 = ChartSpec(
    "29-32",
    _l("29-32", "title"),
    _l("29-32", "root"),
    (
        Branch(_l("29-32", "accepted_2017"), _case(1, "N 1H", "W 1S", "N accepts"),
               "bid_out_of_rotation"),
        Branch(_l("29-32", "rho_2017"), children=(
            Branch(_l("29-32", "rho.pass"), _case(1, "N 1H", "S P", "W refuses"),
                   "pass_out_of_rotation"),
            Branch(_l("29-32", "rho.repeat"),
                   _case(1, "N 1H", "S 2H", "W refuses", "E P", "S 2H"), "bid_out_of_rotation"),
            Branch(_l("29-32", "rho.comparable"),
                   _case(1, "N 1H", "S 2H", "W refuses", "E 2S", "S 3H", _IB_2017[0]),
                   "bid_out_of_rotation"),
            Branch(_l("29-32", "rho.not_comparable"),
                   _case(1, "N 1H", "S 2H", "W refuses", "E 2S", "S P", _IB_2017[1]),
                   "bid_out_of_rotation"),
        )),
        Branch(_l("29-32", "partner_2017"), children=(
            Branch(_l("29-32", "partner.pass_comparable"),
                   _case(1, "N 1H", "W P", "N refuses", "E 1S", "S P", "W P", _IB_2017[0]),
                   "pass_out_of_rotation"),
            Branch(_l("29-32", "partner.comparable"),
                   _case(1, "N 1H", "W 1S", "N refuses", "E P", "S P", "W 1S", _IB_2017[0]),
                   "bid_out_of_rotation"),
            Branch(_l("29-32", "partner.not_comparable"),
                   _case(1, "N 1H", "W X", "N refuses", "E P", "S P", "W 2C", _IB_2017[1]),
                   "double_out_of_rotation"),
        )),
    ),
)

_RV13 = "N:AQT32.QJ3.AQ8.T2 J987.962.94.J943 K64.4.KT65.KQ876 5.AKT875.J732.A5"
_RV07B = "N:JT3.K8.J93.AKT86 542.T96.AQT6.Q53 A9876.A.K42.J942 KQ.QJ75432.875.7"
_64_CORRECTED, _64_ESTABLISHED, _64_TWELFTH = CHART_64.branches
CHART_64_2017 = ChartSpec(
    "64",
    _l("64", "title"),
    _l("64", "root"),
    (
        _64_CORRECTED,
        Branch(_64_ESTABLISHED.label, children=(
            *_64_ESTABLISHED.children,
            Branch(_l("64", "established.both_sides"), _case(13, *_plays(
                "N 1S, E P, S 4S, W P, N P, E P, E leads C4, S plays C8, W plays CA, N plays C2, "
                "W leads H5, N plays HQ, E plays H6, S plays H4, N leads DA, E plays D9, "
                "S plays D6, W plays DJ, N leads CT, E plays C3, S plays CK, W plays C5, "
                "S leads S6, W plays S5, N plays S3, E plays SJ, E leads S8, S plays S4, "
                "W plays D3, N plays SQ, N leads H3, E plays H9, S plays CQ, W plays HK, "
                "W leads D2, N plays D8, E plays D4, S plays D5, N leads HJ, E plays H2, "
                "S plays C7, W plays D7, N leads S2, E plays S9, S plays SK, W plays H7, "
                "S leads DK, W plays HA, N plays ST, E plays CJ, N leads DQ, E plays C9, "
                "S plays DT, W plays H8, N leads SA, E plays S7, S plays C6, W plays HT"),
                deal=_RV13), "revoke"),
        )),
        _64_TWELFTH,
        Branch(_l("64", "same_trick"), _case(7, *_plays(
            "S P, W P, N 1C, E P, S 2C, W P, N P, E P, E leads H6, S plays HA, W plays H4, "
            "N plays HK, S leads DK, W plays D7, N plays DJ, E plays DQ, S leads C2, W plays D8, "
            "N plays H8, E plays C3, E leads S5, director"), deal=_RV07B), "revoke"),
    ),
)

#: The 2017 charts, by name: the same names, each drawing the questions of the 2017 code.
SPECS_2017: dict[str, ChartSpec] = {spec.name: spec for spec in (
    CHART_27_2017, CHART_25_2017, CHART_29_32_2017, CHART_50, CHART_54, CHART_64_2017)}
_BY_EDITION: dict[str, dict[str, ChartSpec]] = {"1987": SPECS, "2017": SPECS_2017}


def specs(edition: str = "1987") -> dict[str, ChartSpec]:
    """The charts of ``edition``, by name (:data:`SPECS` for 1987); an unknown edition is an
    error."""
    if edition not in _BY_EDITION:
        raise ValueError(f"no flow charts for the edition {edition!r}")
    return _BY_EDITION[edition]

# ----------------------------------------------------------------------------- what a leaf says

#: The fixed words of a chart, ``WORDS[lang][key]``: a read-only view of the catalogs'
#: ``charts.words`` tables (generator/i18n/<lang>.yaml).
WORDS: Mapping[str, Mapping[str, str]] = i18n.ByLanguage("charts.words")

def _seat(seat: Any, lang: str) -> str:
    from generator.model.seat import Seat

    return SEAT_LETTERS[lang][Seat.parse(str(seat))]


def event_text(event: Event, lang: str) -> str:
    """One event of a case in a few words (``С 1♠``, ``Ю не принимает``)."""
    words = WORDS[lang]
    if isinstance(event, (DirectorCalled, WrongTable, WrongDirection, Judgement)):
        return words["director"]  # the director at the table (15: the board found wrong, 15D)
    if isinstance(event, TricksCounted):  # Law 79: a pair agrees, contests or corrects the count
        from generator.laws.words import side

        text = side(event.pair, lang) + "\u00a0" + words[f"count_{event.verb}"].format(
            tricks=event.tricks if event.tricks is not None else "")
        return text + (" " + words[event.moment] if event.moment else "")
    who = _seat(event.seat, lang) + "\u00a0"  # the seat stays with its action
    if isinstance(event, CallMade):
        return f"{who}{call_text(event.call, lang)}"
    if isinstance(event, CallChanged):
        text = f"{who}" + words["changes"].format(call=call_text(event.call, lang))
        return text + (" " + words["inadvertent"] if event.inadvertent else "")
    if isinstance(event, Accepted):
        return f"{who}{words['accepts']}"
    if isinstance(event, Refused):
        return f"{who}{words['refuses']}"
    if isinstance(event, OptionChosen):
        return f"{who.strip()}: {option_label(event.option, lang)}"
    if isinstance(event, CardLed):
        return f"{who}" + words["leads"].format(card=card_text(event.card))
    if isinstance(event, CardPlayed):
        return f"{who}" + words["plays"].format(card=card_text(event.card))
    if isinstance(event, CardsExposed):
        return f"{who}" + words["exposes"].format(
            cards=" ".join(card_text(c) for c in event.cards))
    if isinstance(event, Claimed):
        return f"{who}" + words["claims"].format(n=event.tricks)
    if isinstance(event, Conceded):
        return f"{who}" + words["concedes"].format(n=event.tricks)
    return str(event)


def shown_events(case: Case, fact: Mapping[str, Any]) -> list[Event]:
    """The events a leaf shows: a short auction whole; otherwise the irregular event and the
    decisions that followed it (and the play that accepted a lead out of turn)."""
    events = list(case.events)
    playing = any(isinstance(e, (CardLed, CardPlayed)) for e in events)
    if not playing and len(events) <= 8:
        return events
    start = int(fact["event"])
    shown = [events[start]]
    for event in events[start + 1:]:
        if isinstance(event, (CardLed, CardPlayed)):
            if fact["kind"] in LEAD_KINDS and len(shown) == 1:
                shown.append(event)
            break
        shown.append(event)
    return shown


@dataclass(frozen=True)
class Outcome:
    """What the engine says at a leaf: the events shown, the rectifications in words (each with
    its clauses) and every clause the ruling cites."""

    events: str
    lines: tuple[tuple[str, tuple[str, ...]], ...]
    laws: tuple[str, ...]
    fact: str


def outcome(leaf: Branch, lang: str, edition: str = "1987") -> Outcome:
    """Run the engine on a leaf's case under ``edition`` and put its ruling into words."""
    case = case_of(leaf, edition)
    result = analyse(case)
    ruling = ruling_of(leaf, result)
    fact = result["irregularities"][ruling["irregularity"]]
    lines: list[tuple[str, list[str]]] = []
    for rect in ruling["rectifications"]:
        text = rectification_text(rect, lang)
        text = symbols(text[:1].upper() + text[1:], lang)
        law = [str(rect["law"])] if rect.get("law") else []
        for existing_text, existing_laws in lines:
            if existing_text == text:
                existing_laws.extend(x for x in law if x not in existing_laws)
                break
        else:
            lines.append((text, law))
    events = " · ".join(event_text(e, lang) for e in shown_events(case, fact))
    describe = describe_fact(fact["kind"], fact.get("seat"), dict(fact.get("details") or {}),
                             lang)
    return Outcome(events, tuple((t, tuple(ls)) for t, ls in lines),
                   tuple(str(x) for x in ruling["laws"]), symbols(describe, lang))


# ----------------------------------------------------------------------------- text measure

_NARROW = set("ijlI.,:;'!|()[]ftr ·")
_WIDE = set("mwMWШЩЖЮЫмшщжюы—…")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the width of ``text`` in a generic sans-serif font.

    The factors are those of the wider common fonts (DejaVu Sans), so that a line never overflows
    its box whichever sans-serif font the reader's system supplies.
    """
    total = 0.0
    for ch in text:
        if ch in _NARROW:
            w = 0.32
        elif ch in _WIDE:
            w = 0.84
        elif ch in "♠♥♦♣":
            w = 0.66
        elif ch.isdigit():
            w = 0.62
        elif ch.isupper():
            w = 0.68
        else:
            w = 0.56
        total += w
    return total * size * (1.08 if bold else 1.0)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width`` pixels (a word longer than the line stands alone)."""
    lines: list[str] = []
    current = ""
    for word in (w for w in text.split(" ") if w):
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines or [""]


def _svg_line(text: str) -> str:
    """Escape a line and colour its red suit symbols."""
    out = escape(text)
    for suit in (Suit.H, Suit.D):
        out = out.replace(SUIT_SYMBOL[suit],
                          f'<tspan fill="{suit_colour(suit)}">{SUIT_SYMBOL[suit]}</tspan>')
    return out


# ----------------------------------------------------------------------------- layout

COL_W = 262        # width of a column
COL_GAP = 18
INDENT = 18        # per level inside a column
V_GAP = 10         # between boxes in a column
PAD = 8            # inside a box
MARGIN = 10
ROOT_MAX_W = 640
NARROW_W = 300     # the box width of the narrow form (one column)
#: The smallest text of a chart (SVG units): at one unit per CSS pixel, 12 px on the page.
MIN_TEXT = 12.0

INK = "#1d2330"
LAW_INK = "#1a4f8b"
MUTED = "#5b6270"


@dataclass
class _Piece:
    """A text line of a box: its words, size, weight, colour and the gap before it."""

    text: str
    size: float
    bold: bool = False
    fill: str = INK
    gap: float = 0.0
    law: str = ""          # clauses appended to the line in the law colour
    italic: bool = False


@dataclass
class _Box:
    x: float
    y: float
    w: float
    h: float
    kind: str                       # root, inner, leaf
    lines: list[tuple[float, _Piece]] = field(default_factory=list)  # (baseline y, piece)
    leaf_index: int | None = None


def _layout_pieces(pieces: Sequence[_Piece], width: float) -> tuple[list[tuple[float, _Piece]],
                                                                   float]:
    """Wrap the pieces to a box of inner ``width``; baselines relative to the box top."""
    out: list[tuple[float, _Piece]] = []
    y = float(PAD)
    for piece in pieces:
        y += piece.gap
        text = piece.text + (f" ({piece.law})" if piece.law else "")
        wrapped = wrap(text, width, piece.size, piece.bold)
        for i, line in enumerate(wrapped):
            y += piece.size * 1.28
            law = ""
            if piece.law and i == len(wrapped) - 1 and line.endswith(f"({piece.law})"):
                line, law = line[: -len(piece.law) - 2].rstrip(), piece.law
            out.append((y - piece.size * 0.28, _Piece(line, piece.size, piece.bold, piece.fill,
                                                       0, law, piece.italic)))
    return out, y + PAD - 2


def _leaf_pieces(branch: Branch, result: Outcome, lang: str) -> list[_Piece]:
    pieces = [_Piece(symbols(branch.label[lang], lang), 13, bold=True)]
    if result.events:
        pieces.append(_Piece(result.events, MIN_TEXT, fill=MUTED, gap=2))
    for i, (text, laws) in enumerate(result.lines):
        pieces.append(_Piece(f"• {text}", 12.5, gap=6 if i == 0 else 3, law=",\u00a0".join(laws)))
    pieces.append(_Piece(WORDS[lang]["laws"].format(laws=", ".join(result.laws)), MIN_TEXT,
                         fill=MUTED, gap=6))
    return pieces


def _render_box(box: _Box) -> str:
    style = {"root": ("#e8eef7", "#3c5a86", "1.6"), "inner": ("#f3f4f6", "#8a8f99", "1.2"),
             "leaf": ("#fffdf4", "#b59b45", "1.3")}[box.kind]
    cls = f"tdc-chart-{box.kind}"
    data = f' data-leaf="{box.leaf_index}"' if box.leaf_index is not None else ""
    parts = [f'<g class="{cls}"{data}>',
             f'<rect x="{_num(box.x)}" y="{_num(box.y)}" width="{_num(box.w)}" '
             f'height="{_num(box.h)}" rx="7" fill="{style[0]}" stroke="{style[1]}" '
             f'stroke-width="{style[2]}"/>']
    for baseline, piece in box.lines:
        attrs = (f'x="{_num(box.x + PAD)}" y="{_num(box.y + baseline)}" '
                 f'font-size="{_num(piece.size)}" fill="{piece.fill}"')
        if piece.bold:
            attrs += ' font-weight="bold"'
        if piece.italic:
            attrs += ' font-style="italic"'
        content = _svg_line(piece.text)
        if piece.law:
            content += (f' <tspan class="tdc-law" fill="{LAW_INK}" font-weight="bold">'
                        f"({escape(piece.law)})</tspan>")
        parts.append(f"<text {attrs}>{content}</text>")
    parts.append("</g>")
    return "".join(parts)


def _columns(spec: ChartSpec) -> tuple[list[list[Branch]], list[int]]:
    """The columns of the wide form and how many slots each spans: each inner child of the root
    is a column (or ``columns`` of them); consecutive leaves of the root share one."""
    columns: list[list[Branch]] = []
    for branch in spec.branches:
        if branch.is_leaf and columns and all(b.is_leaf for b in columns[-1]):
            columns[-1].append(branch)
        else:
            columns.append([branch])
    spans = [max(1, col[0].columns) if len(col) == 1 else 1 for col in columns]
    return columns, spans


def wide_width(name: str, edition: str = "1987") -> float:
    """The width (SVG units) of the wide form of chart ``name``: the page shows it only where
    it fits unscaled, its narrow form elsewhere."""
    n_cols = sum(_columns(specs(edition)[name])[1])
    return MARGIN * 2 + n_cols * COL_W + (n_cols - 1) * COL_GAP


def chart(name: str, lang: str, *, narrow: bool = False, edition: str = "1987") -> str:
    """The flow chart ``name`` (one of :data:`CHARTS`) in ``lang`` (a language with a catalog),
    as SVG; ``narrow``: its one-column form for a phone (see the module's docstring);
    ``edition``: the code whose tree is drawn and under which every leaf is ruled.

    Runs the engine on every leaf's case each time it is called (no cache: a chart always shows
    what the engine rules now).
    """
    table = specs(edition)
    if name not in table:
        raise ValueError(f"unknown chart {name!r} (known: {', '.join(table)})")
    i18n.check(lang)
    spec = table[name]
    all_leaves = list(leaves(spec))
    results = {id(leaf): outcome(leaf, lang, edition) for leaf in all_leaves}
    index_of = {id(leaf): i for i, leaf in enumerate(all_leaves)}

    columns, spans = _columns(spec)
    n_cols = sum(spans)
    width = MARGIN * 2 + n_cols * COL_W + (n_cols - 1) * COL_GAP
    if narrow:
        width = MARGIN * 2 + NARROW_W

    # the root box
    root_w = NARROW_W if narrow else min(width - 2 * MARGIN, max(ROOT_MAX_W, COL_W))
    root_pieces = [_Piece(spec.title[lang], 15, bold=True)]
    if spec.situation:
        root_pieces.append(_Piece(results[id(all_leaves[0])].fact, 13, gap=3))
    root_pieces.append(_Piece(symbols(spec.root[lang], lang), 13, gap=3))
    lines, h = _layout_pieces(root_pieces, root_w - 2 * PAD)
    root = _Box((width - root_w) / 2, MARGIN, root_w, h, "root", lines)
    boxes = [root]
    edges: list[str] = []
    bus_y = root.y + root.h + 14
    col_top = bus_y + 14
    bottom = col_top

    def place(node: Branch, x: float, y: float, w: float) -> tuple[_Box, float]:
        """Draw a subtree in indented form from (x, y); returns its box and the next free y."""
        if node.is_leaf:
            pieces = _leaf_pieces(node, results[id(node)], lang)
            kind = "leaf"
        else:
            pieces = [_Piece(symbols(node.label[lang], lang), 13, bold=True)]
            kind = "inner"
        lines, h = _layout_pieces(pieces, w - 2 * PAD)
        box = _Box(x, y, w, h, kind, lines,
                   index_of[id(node)] if node.is_leaf else None)
        boxes.append(box)
        return box, hang(node.children, x, y + h + V_GAP, w, y + h)

    def hang(nodes: Sequence[Branch], x: float, y: float, w: float, top: float) -> float:
        """Draw ``nodes`` one below the other from (x + INDENT, y), each joined to a trunk that
        runs down from (x + INDENT / 2, top); returns the next free y."""
        trunk_x = x + INDENT / 2
        last = top
        for node in nodes:
            box, y = place(node, x + INDENT, y, w - INDENT)
            mid = box.y + 16
            edges.append(f'<path d="M{_num(trunk_x)} {_num(last)} V{_num(mid)} H{_num(box.x)}"/>')
            last = mid
        return y

    col_centres = []
    slot = 0
    if narrow:  # one column: the root's children hang from a trunk below it, in order
        bottom = hang(spec.branches, MARGIN, root.y + root.h + V_GAP, NARROW_W,
                      root.y + root.h)
        columns, spans = [], []
    for column, span in zip(columns, spans, strict=True):
        x = MARGIN + slot * (COL_W + COL_GAP)
        slot += span
        if len(column) == 1 and span > 1:
            # a wide node: its box spans the columns, its children share them out in order
            node = column[0]
            wide = span * COL_W + (span - 1) * COL_GAP
            lines, h = _layout_pieces([_Piece(symbols(node.label[lang], lang), 13, bold=True)],
                                      wide - 2 * PAD)
            head = _Box(x, col_top, wide, h, "inner", lines)
            boxes.append(head)
            col_centres.append((x + wide / 2, col_top))
            per = -(-len(node.children) // span)
            end = col_top + h
            for j in range(span):
                end = max(end, hang(node.children[j * per:(j + 1) * per],
                                    x + j * (COL_W + COL_GAP), col_top + h + V_GAP, COL_W,
                                    col_top + h))
        elif len(column) == 1:
            _, end = place(column[0], x, col_top, COL_W)
            col_centres.append((x + COL_W / 2, col_top))
        else:  # a group of leaves hanging from one trunk
            end = hang(column, x, col_top, COL_W, col_top - 14)
            col_centres.append((x + INDENT / 2, col_top - 14))
        bottom = max(bottom, end)
    # root to columns: a bus
    root_mid = root.x + root.w / 2
    xs = [c for c, _ in col_centres]
    if not narrow:
        edges.append(f'<path d="M{_num(root_mid)} {_num(root.y + root.h)} V{_num(bus_y)}"/>')
    if xs:
        edges.append(f'<path d="M{_num(min([*xs, root_mid]))} {_num(bus_y)} '
                     f'H{_num(max([*xs, root_mid]))}"/>')
    for cx, top in col_centres:
        edges.append(f'<path d="M{_num(cx)} {_num(bus_y)} V{_num(top)}"/>')
    height = bottom - V_GAP + MARGIN

    title = WORDS[lang]["chart"].format(title=spec.title[lang])
    desc = []
    for leaf in all_leaves:
        result = results[id(leaf)]
        said = "; ".join(f"{t} ({', '.join(ls)})" if ls else t for t, ls in result.lines)
        desc.append(f"{leaf.label[lang]}: {said}.")
    key = "tdc-chart-" + hashlib.sha1(json.dumps(
        [name, lang, desc] + (["narrow"] if narrow else [])
        + ([edition] if edition != "1987" else []), ensure_ascii=False
    ).encode("utf-8")).hexdigest()[:10]
    form = "tdc-narrow" if narrow else "tdc-wide"
    # the wide form keeps to the page width wherever it is shown (a printout, a page without our
    # stylesheet); the narrow form is sized by the stylesheet only
    style = "" if narrow else 'style="max-width:100%;height:auto" '
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tdc-chart {form}" role="img" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" width="{_num(width)}" height="{_num(height)}" '
        f'{style}font-family="sans-serif" '
        f'aria-label="{escape(title, quote=True)}" aria-describedby="{key}-desc" '
        f'data-chart="{escape(name, quote=True)}">'
        f'<title id="{key}-title">{escape(title)}</title>'
        f'<desc id="{key}-desc">{escape(" ".join(symbols(d, lang) for d in desc))}</desc>'
        f'<g class="tdc-chart-edges" fill="none" stroke="#8a8f99" stroke-width="1.4">'
        f'{"".join(edges)}</g>'
        f'{"".join(_render_box(b) for b in boxes)}</svg>'
    )


__all__ = [
    "CHARTS",
    "SPECS",
    "SPECS_2017",
    "Branch",
    "ChartSpec",
    "Outcome",
    "case_of",
    "chart",
    "leaves",
    "outcome",
    "ruling_of",
    "specs",
    "wide_width",
]
