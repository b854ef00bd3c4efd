"""One-page yes/no decision charts, in the order a director asks his questions at the table.

The outcome trees of :mod:`generator.book.charts` show every ruling of a law side by side; a
director at the table needs something else: the questions he asks, in the order he asks them
("Has the offender's LHO called over it?", "Has the offending side played to the next trick?"),
each answer leading to the next question or to the ruling, on one A4 page he can print and carry.

A chart (:data:`DECISIONS`) is a binary tree written in code: an :class:`Ask` holds a question
(its words at ``decisions.labels/<chart>/<key>`` of each catalog) and a test, an :class:`End` holds
a small case (a board and the events at the table, most of them the project's own ruled cases
under ``tests/cases/1987``). :func:`decision` runs :func:`generator.laws.engine.analyse` on every
end's case and

* writes into the end box what the engine ruled, in a few words that name no seat (the offender,
  his partner, his LHO, declarer, dummy: :func:`summary`), each with the clause it rests on;
* checks every question: its test, applied to what the engine made of each case, must hold for
  every end below "yes" and for none below "no" (:func:`check_questions`). A question is thus a
  fact the cases of its two branches differ in, and a chart that no longer agrees with the engine
  is an error at build time rather than a wrong page.

Layout (our own, no Graphviz): a question box, its smaller branch to its right and its larger
one below it, each arrow marked with its answer; the box widths follow the number of columns
the tree needs. Units are points of the printed page: the SVG is :data:`PAGE_W` wide, so that
printed across the A4 text width (:data:`PRINT_WIDTH_MM`) a font size in the SVG is its size on
paper; a chart too tall for the page is printed smaller (:func:`print_scale`, which the tests
hold to 9 pt at least). Text wrapping and the suit colouring are those of the outcome charts.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Any

from generator import i18n
from generator.book.charts import _svg_line, wrap
from generator.book.diagrams import _num
from generator.book.examples import symbols
from generator.laws.engine import analyse
from generator.model.calls import Bid, Call, CallValue, Double, Pass, Redouble
from generator.model.seat import Seat
from generator.table.case import Case, parse_case
from generator.table.events import (
    Accepted,
    CallChanged,
    CallMade,
    CardLed,
    CardPlayed,
    Event,
    Judgement,
    OptionChosen,
)

Label = Mapping[str, str]


def _case(board: int, *texts: str) -> dict[str, Any]:
    """A case in the case format from ``board``, the deal (when the case has one) and the events,
    comma-separated, as a director notes them."""
    *deal, events = texts
    out: dict[str, Any] = {"board": board, "events": [e.strip() for e in events.split(",")]}
    if deal:
        out["deal"] = deal[0]
    return out


#: The case of every end box, by its key (``<clause or law>.<branch>``): the project's ruled cases
#: (``tests/cases/1987``, named beside each) where one fits, else a few calls on board 1 or 2.
_CASES: dict[str, dict[str, Any]] = {
    "27C": _case(1, "N 1S, W 1H"),
    "27A": _case(1, "N 1S, E 1H, S accepts"),
    "27B2.none": _case(1, "N 7NT, E 7S, S refuses, E P"),
    "27B1": _case(1, "N 1S, E 1H, S refuses, E 2H"),
    "27B3": _case(1, "N 1S, E 1H, S refuses, E X"),
    "27B2": _case(1, "N 1S, E 1H, S refuses, E P"),
    "25.slip": _case(2,
        "E 1D, E changes 1S inadvertent"),
    "25.accepted": _case(2,
        "E 1D, E changes 1S, S accepts"),
    "25.first": _case(2,
        "E 1D, E changes 1S, S refuses, E chooses first_call_stands"),
    "25.other": _case(2,
        "E 1D, E changes 1S, S refuses, E chooses other_call, E 1NT"),
    "29.accepted": _case(1,
        "N 1H, W 1S, N accepts"),
    "29.in_turn": _case(1,
        "N 1H, S 2H, E P"),
    "30.before_bid": _case(1,
        "E P, S refuses"),
    "30.rho": _case(1,
        "N 1H, S P, W refuses"),
    "30.partner": _case(1,
        "N 1H, W P, N refuses"),
    "31.partner": _case(1,
        "N 1H, W 1S, N refuses"),
    "31.rho_pass": _case(1,
        "N 1H, S 2H, W refuses, E P, S 2H"),
    "31.same": _case(1,
        "N 1H, S 2H, W refuses, E 2S, S 3H"),
    "31.other": _case(1,
        "N 1H, S 2H, W refuses, E 2S, S P"),
    # tests/cases/1987/law32/redouble-out-of-turn-at-partners-turn-bars-partner-throughout.yaml
    "32.partner": _case(6,
        "E 1S, S X, E XX, S refuses, W P, N 2H, E P, S P, W P"),
    "32.rho_pass": _case(1,
        "N 1H, E P, W X, N refuses, S P, W X"),
    "32.rho_bid": _case(1,
        "N 1H, E P, W X, N refuses, S 2H"),
    # tests/cases/1987/law35/redouble-of-nothing-condoned-by-the-next-player-sends-the-auction-
    #   back-to-the-dealer.yaml
    "35A": _case(9,
        "N XX, E 1D, director"),
    # tests/cases/1987/law36/double-of-partners-opening-is-cancelled-and-partner-must-pass-
    #   throughout.yaml
    "36": _case(7,
        "S 1H, W P, N X, E refuses, N P, E 1S, S P, W 2S, N P, E P, S P"),
    # tests/cases/1987/law37/bid-by-a-player-owing-one-pass-stands-when-his-left-hand-opponent-
    #   calls-over-it.yaml
    "35B": _case(10,
        "E 1D, E changes 1H, S refuses, E 1D, S P, W 2H, N P, E 3H, S P, W P, N P"),
    # tests/cases/1987/law37/player-owing-one-pass-who-bids-makes-both-partners-pass-throughout.yaml
    "37": _case(9,
        "E P, S refuses, N 1H, E 1S, S refuses, E P, S 2H, W P, N P, E P"),
    # tests/cases/1987/law35/bid-above-seven-condoned-by-the-next-player-counts-as-a-pass-without-
    #   penalty.yaml
    "35C": _case(14,
        "E 7S, S X, W 8S, N P, E XX, S P, W P, N P"),
    # tests/cases/1987/law38/bid-of-eight-is-cancelled-and-both-offenders-must-pass-throughout.yaml
    "38": _case(15,
        "S 1S, W 2H, N 4S, E 5H, S 6S, W 7H, N 7S, E 8H, S refuses, E P, S P, W P"),
    # tests/cases/1987/law39/defenders-bid-after-the-final-pass-lets-declarer-restrict-his-
    #   partners-lead.yaml
    "39.defender": _case(16,
        "W 1H, N P, E 2H, S P, W P, N P, S 3C, director"),
    # tests/cases/1987/law39/declarers-bid-after-the-final-pass-is-cancelled-without-penalty.yaml
    "39.other": _case(7,
        "S 1S, W P, N 4S, E P, S P, W P, S 5S"),
    # tests/cases/1987/law48/declarer-who-drops-a-trump-honour-keeps-it-in-hand-without-penalty.yaml
    "48": _case(5,
        "N:AKJ76.75.KJ72.Q8 Q8.Q9.QT3.AKJ754 32.KJ8432.A95.63 T954.AT6.864.T92",
        "N 1S, E 2C, S 2H, W P, N P, E P, W leads CT, N plays C8, E plays CJ, S plays C3, E "
        "leads CA, S exposes HK, S plays C6, W plays C9, N plays CQ, E leads H9, S plays H2, "
        "W plays H6, N plays H5, E leads SQ, S plays S3, W plays S9, N plays S7, E leads C5, "
        "S plays H8, W plays C2, N plays DJ, S leads D9, W plays D4, N plays DK, E plays DT, "
        "N leads SA, E plays S8, S plays S2, W plays S5, N leads SK, E plays C7, S plays DA, "
        "W plays ST, N leads D7, E plays D3, S plays D5, W plays D6, N leads S6, E plays C4, "
        "S plays HK, W plays S4, S leads H3, W plays HA, N plays H7, E plays HQ, W leads D8, "
        "N plays D2, E plays DQ, S plays H4, S leads HJ, W plays HT, N plays SJ, E plays CK"),
    # tests/cases/1987/law50/single-low-card-dropped-is-a-minor-penalty-card-with-no-lead-
    #   choice.yaml
    "50.minor": _case(13,
        "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, N leads HA, E plays H5, "
        "S plays H3, W plays H2, S exposes C3, director"),
    # tests/cases/1987/law51/penalty-cards-in-two-suits-cite-51b2-and-let-declarer-forbid-both-
    #   suits.yaml
    "51B2": _case(13,
        "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, N leads HA, E plays H5, "
        "S plays H3, W plays H2, S exposes CA H6, director"),
    # tests/cases/1987/law50/dropped-honour-is-a-major-penalty-card-discarded-at-the-first-legal-
    #   opportunity.yaml
    "50.first": _case(13,
        "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, N leads S2, E plays S3, "
        "S plays S4, W plays SA, W leads D6, N plays D4, E plays DK, S plays D2, E leads DT, "
        "S exposes HK, S plays D3, W plays DA, N plays D7, W leads DQ, N plays DJ, E plays "
        "S5, S plays HK"),
    # tests/cases/1987/law50/two-small-cards-dropped-together-are-major-and-declarer-may-require-
    #   their-suit.yaml
    "50.require": _case(13,
        "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, N leads HA, E plays H5, "
        "S plays H3, W plays H2, S exposes S9 S4, W chooses require_S, N leads S6, E plays "
        "SK, S plays ST, W plays SA"),
    # tests/cases/1987/law50/declarer-declining-the-lead-options-leaves-the-major-penalty-card-in-
    #   place.yaml
    "50.neither": _case(13,
        "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, N leads HA, E plays H5, "
        "S plays H3, W plays H2, S exposes HK, W chooses none, N leads H7, E plays H8, S "
        "plays HK, W plays HJ"),
    # tests/cases/1987/law54/declarer-who-spreads-his-hand-after-an-opening-lead-out-of-turn-
    #   becomes-dummy.yaml
    "54A": _case(7,
        "N:9.KT2.9842.KT765 7432.Q83.AT5.A94 JT86.AJ74.73.Q83 AKQ5.965.KQJ6.J2",
        "S P, W 1S, N P, E 4S, S P, W P, N P, S leads HA, W chooses spread"),
    # tests/cases/1987/law54/declarer-who-accepts-an-opening-lead-out-of-turn-plays-second-from-
    #   his-own-hand.yaml
    "54B": _case(5,
        "N:AKQJ63.AQ3.A7.KJ .T8742.T9863.A64 85.KJ6.KQ2.T9872 T9742.95.J54.Q53",
        "N 1S, E P, S 4S, W P, N P, E P, W leads H9, N accepts"),
    # tests/cases/1987/law54/refused-opening-lead-out-of-turn-lets-declarer-require-the-suit-of-
    #   the-penalty-card.yaml
    "54D": _case(8,
        "N:AJ.KJ97.T96.AQ75 73.Q654.KQJ84.98 K2.AT832.A2.6432 QT98654..753.KJT",
        "W P, N 1H, E P, S 4H, W P, N P, E P, W leads SQ, N refuses, N chooses require_S, E "
        "leads S7"),
    # tests/cases/1987/law54/defender-may-accept-declarers-lead-from-the-wrong-hand.yaml
    "55A": _case(4,
        "N:AT32.Q8.AQJ95.86 KQJ6.JT32.863.T5 74.A97654.T4.943 985.K.K72.AKQJ72",
        "W 1C, N P, E 2C, S P, W P, N P, N leads DJ, E plays D8, S plays D4, W plays DK, W "
        "leads HK, N plays H8, E plays HT, S plays H9, W leads CK, N plays C8, E plays C5, S "
        "plays C3, E leads SK, S accepts"),
    # tests/cases/1987/law54/declarer-leading-when-a-defender-was-on-lead-takes-his-card-back-
    #   without-penalty.yaml
    "55B": _case(2,
        "N:JT853.Q652.KT.42 AK.KT87.AQ87.AQ6 Q96.AJ93.952.J85 742.4.J643.KT973",
        "E 1D, S P, W 5D, N P, E P, S P, S leads HA, W plays H4, N plays HQ, E plays HK, E "
        "leads DA, S refuses, S leads C5"),
    # tests/cases/1987/law54/declarer-may-accept-a-defenders-lead-out-of-turn-in-mid-play.yaml
    "53A": _case(15,
        "N:J8.KJ7.KQ8763.K7 T.853.AJ42.A9542 A7542.AT964.T.T6 KQ963.Q2.95.QJ83",
        "S P, W P, N 1H, E P, S 2H, W P, N P, E P, E leads DA, S plays DT, W plays D9, N "
        "plays D6, W leads S3, N accepts"),
    # tests/cases/1987/law56/refused-lead-out-of-turn-makes-a-major-penalty-card-and-offers-the-
    #   lead-choice-at-once.yaml
    "56": _case(13,
        "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, N leads HA, E plays H5, "
        "S plays H3, W plays H2, S leads C3, W refuses, director"),
    # tests/cases/1987/law57/declarer-who-plays-on-before-choosing-loses-the-options-after-a-
    #   premature-lead.yaml
    "60": _case(6,
        "N:AKJ92.K.AJ76.AK9 QT643.AQ53.53.Q7 85.JT9642.KQ.T52 7.87.T9842.J8643",
        "E P, S P, W P, N 1NT, E P, S 3NT, W P, N P, E P, E leads ST, S plays S5, W plays S7, "
        "N plays SA, N leads SK, E plays S4, S plays S8, W plays D2, N leads SJ, E plays S3, "
        "E leads HA, S plays C2, W plays D4"),
    # tests/cases/1987/law57/defender-playing-out-of-turn-after-his-partner-has-played-leaves-
    #   only-a-penalty-card.yaml
    "57.partner_played": _case(14,
        "N:Q7653.74.K932.A6 98.A52.AJ8.Q9743 A42.KT86.Q64.K82 KJT.QJ93.T75.JT5",
        "E P, S 1S, W P, N 2S, E P, S P, W P, W leads C5, N plays CA, E plays C7, S plays C2, "
        "N leads SQ, E plays S9, S plays S2, W plays SK, W leads HQ, E plays HA"),
    # tests/cases/1987/law57/partner-with-no-card-of-the-suit-led-may-play-any-card-after-a-
    #   premature-play.yaml
    "57.cannot": _case(5,
        "N:T52.74.K73.JT753 AKQ8.QJT8.42.AK2 64.K96.AJT9865.9 J973.A532.Q.Q864",
        "N P, E 1S, S P, W 4S, N P, E P, S P, S leads D8, W plays DQ, N plays D7, E plays D4, "
        "W leads C6, N plays C3, E plays CA, S plays C9, E leads C2, S plays S6, W plays C4, "
        "N plays C5, S leads S4, W plays S3, N plays ST, E plays SQ, E leads SA, N plays S2, "
        "E chooses highest, S plays D5, W plays S7, N plays S2"),
    # tests/cases/1987/law57/card-required-by-a-57a-option-takes-precedence-over-a-penalty-card.yaml
    "57.highest": _case(11,
        "N:92.A9.AKQT85.KJ5 K765.Q7542.7.Q62 AQJ84.J86.J92.A4 T3.KT3.643.T9873",
        "S P, W P, N 1D, E P, S 5D, W P, N P, E P, E leads H2, S plays HJ, W plays HT, N "
        "plays HA, N leads H9, E plays HQ, S plays H6, W plays HK, W leads C9, N plays CK, E "
        "plays C2, S plays C4, N leads D8, E plays D7, S plays D9, W plays D4, S leads SA, E "
        "plays S5, N chooses highest, W plays S3, director, W plays ST"),
    # tests/cases/1987/law57/defender-leading-to-the-next-trick-before-his-partner-has-played-
    #   gives-declarer-a-choice.yaml
    "57.lowest": _case(3,
        "N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942",
        "S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6, N plays H3, E "
        "plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8, S plays C5, W "
        "plays C2, S leads HK, E chooses lowest, N plays C3"),
    # tests/cases/1987/law57/suit-barred-to-partner-after-a-premature-play-is-free-again-at-the-
    #   next-trick.yaml
    "57.suit": _case(3,
        "N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942",
        "S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6, N plays H3, E "
        "plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8, S plays C5, W "
        "plays C2, N plays C3, E leads CA, N plays C6, director, E chooses no_H, S plays S2, "
        "W plays C4, N plays C6, E leads CK, S plays H4, W plays C9, N plays C7"),
    # tests/cases/1987/law64/revoke-on-the-twelfth-trick-is-corrected-not-penalised.yaml
    "62D": _case(4,
        "N:T.K5.T8752.AJ954 86542.9.AK3.KT63 Q97.AQJ763.Q4.Q2 AKJ3.T842.J96.87",
        "W P, N P, E P, S 1H, W P, N 2H, E P, S P, W P, W leads S3, N plays ST, E plays S8, S "
        "plays SQ, S leads HJ, W plays H8, N plays H5, E plays H9, S leads CQ, W plays C8, N "
        "plays C9, E plays C3, S leads DQ, W plays DJ, N plays D7, E plays DK, E leads S2, S "
        "plays S7, W plays SA, N plays HK, N leads CA, E plays CK, S plays C2, W plays C7, N "
        "leads C4, E plays C6, S plays HA, W plays D6, S leads S9, W plays SK, N plays C5, E "
        "plays S6, W leads H4, N plays D5, E plays D3, S plays H3, W leads SJ, N plays CJ, E "
        "plays S4, S plays D4, W leads H2, N plays D8, E plays S5, S plays H6, S leads H7, W "
        "plays D9, N plays DT, E plays CT, S leads HQ, W plays HT, N plays D2, E plays DA"),
    # tests/cases/1987/law62/revoke-ruled-at-once-sends-the-offender-back-to-follow-suit.yaml
    "62.defender": _case(3,
        "N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942",
        "S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6, N plays H3, E "
        "plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8, S plays C5, W "
        "plays C2, N plays C3, E leads DQ, S plays D2, W plays DA, N plays S4, director"),
    # tests/cases/1987/law64/declarers-revoke-corrected-before-it-is-established-costs-no-penalty-
    #   card.yaml
    "62.declarer": _case(12,
        "N:9.J8532.J84.KQJ7 874.KQ7.KT65.T85 KQT652.T4.Q7.964 AJ3.A96.A932.A32",
        "W 1D, N P, E 5D, S P, W P, N P, N leads CQ, E plays C8, S plays C6, W plays C2, N "
        "leads S9, E plays S8, S plays SQ, W plays SJ, S leads D7, W plays S3, N plays D4, "
        "director, N chooses keep, W plays D2"),
    # tests/cases/1987/law64/revoke-by-dummy-is-never-penalised-by-a-trick-transfer.yaml
    "64B3": _case(5,
        "N:QJ52.J643.J9.T92 94.A872.Q864.KJ6 T86.T.A73.AQ7543 AK73.KQ95.KT52.8",
        "N P, E P, S P, W 1H, N P, E 4H, S P, W P, N P, N leads D9, E plays D6, S plays D7, W "
        "plays D5, N leads H6, E plays H8, S plays HT, W plays HQ, W leads H5, N plays H3, E "
        "plays H7, S plays CA, E leads S4, S plays S6, W plays S3, N plays S2, S leads C5, W "
        "plays C8, N plays C2, E plays CK, E leads H2, S plays C3, W plays H9, N plays HJ, N "
        "leads SJ, E plays HA, S plays S8, W plays SK, E leads S9, S plays ST, W plays S7, N "
        "plays S5, S leads C7, W plays DT, N plays CT, E plays CJ, E leads D4, S plays D3, W "
        "plays DK, N plays DJ, W leads D2, N plays SQ, E plays D8, S plays DA, S leads CQ, W "
        "plays HK, N plays C9, E plays C6, W leads SA, N plays H4, E plays DQ, S plays C4"),
    # tests/cases/1987/law64/second-revoke-in-the-same-suit-by-the-same-player-costs-no-further-
    #   trick.yaml
    "64B2": _case(14,
        "N:JT8.972.KQ83.832 964.Q864.AJ.AQT6 AQ532.AKT5.2.754 K7.J3.T97654.KJ9",
        "E 1D, S P, W 2D, N P, E P, S P, S leads HK, W plays H3, N plays D3, E plays H4, N "
        "leads S8, E plays S9, S plays S5, W plays S7, E leads DA, S plays D2, W plays DT, N "
        "plays DQ, E leads S6, S plays S2, W plays SK, N plays ST, W leads D7, N plays D8, E "
        "plays DJ, S plays H5, E leads CQ, S plays C4, W plays CK, N plays C8, W leads D5, N "
        "plays DK, E plays C6, S plays C5, N leads C3, E plays CA, S plays C7, W plays C9, E "
        "leads CT, S plays HT, W plays CJ, N plays C2, W leads D6, N plays H2, E plays H8, S "
        "plays SA, W leads HJ, N plays SJ, E plays H6, S plays HA, S leads S3, W plays D9, N "
        "plays H9, E plays S4, W leads D4, N plays H7, E plays HQ, S plays SQ"),
    # tests/cases/1987/law64/revoke-first-noticed-after-a-call-on-the-next-deal-costs-no-trick.yaml
    "64B4": _case(9,
        "N:AQT32.QJ3.AQ8.T2 J987.962.94.J943 K64.4.KT65.KQ876 5.AKT875.J732.A5",
        "N 1S, E P, S 4S, W P, N P, E P, E leads C4, S plays C8, W plays CA, N plays C2, W "
        "leads H5, N plays HQ, E plays H6, S plays H4, N leads DA, E plays S7, S plays D6, W "
        "plays DJ, E leads C3, S plays C7, W plays C5, N plays CT, N leads SQ, E plays S9, S "
        "plays S4, W plays S5, N leads ST, E plays S8, S plays S6, W plays HT, N leads H3, E "
        "plays H9, S plays CK, W plays HA, W leads D2, N plays D8, E plays D9, S plays D5, E "
        "leads CJ, S plays CQ, W plays D7, N plays DQ, S leads DT, W plays D3, N plays HJ, E "
        "plays D4, S leads SK, W plays HK, N plays S2, E plays SJ, S leads C6, W plays H7, N "
        "plays SA, E plays C9, N leads S3, E plays H2, S plays DK, W plays H8, "
        "director after_next_deal"),
    # tests/cases/1987/law64/revoke-first-mentioned-after-the-round-has-ended-is-not-rectified-
    #   by-tricks.yaml
    "64B5": _case(9,
        "N:AQT32.QJ3.AQ8.T2 J987.962.94.J943 K64.4.KT65.KQ876 5.AKT875.J732.A5",
        "N 1S, E P, S 4S, W P, N P, E P, E leads C4, S plays C8, W plays CA, N plays C2, W "
        "leads H5, N plays HQ, E plays H6, S plays H4, N leads DA, E plays S7, S plays D6, W "
        "plays DJ, E leads C3, S plays C7, W plays C5, N plays CT, N leads SQ, E plays S9, S "
        "plays S4, W plays S5, N leads ST, E plays S8, S plays S6, W plays HT, N leads H3, E "
        "plays H9, S plays CK, W plays HA, W leads D2, N plays D8, E plays D9, S plays D5, E "
        "leads CJ, S plays CQ, W plays D7, N plays DQ, S leads DT, W plays D3, N plays HJ, E "
        "plays D4, S leads SK, W plays HK, N plays S2, E plays SJ, S leads C6, W plays H7, N "
        "plays SA, E plays C9, N leads S3, E plays H2, S plays DK, W plays H8, "
        "director after_round"),
    # tests/cases/1987/law64/revoker-who-won-the-revoke-trick-loses-it-and-one-more-trick.yaml
    "64A1": _case(9,
        "N:AQT32.QJ3.AQ8.T2 J987.962.94.J943 K64.4.KT65.KQ876 5.AKT875.J732.A5",
        "N 1S, E P, S 4S, W P, N P, E P, E leads C4, S plays C8, W plays CA, N plays C2, W "
        "leads H5, N plays HQ, E plays H6, S plays H4, N leads DA, E plays S7, S plays D6, W "
        "plays DJ, E leads C3, S plays C7, W plays C5, N plays CT, N leads SQ, E plays S9, S "
        "plays S4, W plays S5, N leads ST, E plays S8, S plays S6, W plays HT, N leads H3, E "
        "plays H9, S plays CK, W plays HA, W leads D2, N plays D8, E plays D9, S plays D5, E "
        "leads CJ, S plays CQ, W plays D7, N plays DQ, S leads DT, W plays D3, N plays HJ, E "
        "plays D4, S leads SK, W plays HK, N plays S2, E plays SJ, S leads C6, W plays H7, N "
        "plays SA, E plays C9, N leads S3, E plays H2, S plays DK, W plays H8"),
    # tests/cases/1987/law64/revoker-whose-side-wins-only-later-tricks-loses-one-trick.yaml
    "64A2": _case(5,
        "N:QJ52.J643.J9.T92 94.A872.Q864.KJ6 T86.T.A73.AQ7543 AK73.KQ95.KT52.8",
        "N P, E P, S P, W 1H, N P, E 4H, S P, W P, N P, N leads D9, E plays D6, S plays D7, W "
        "plays D5, N leads H6, E plays H8, S plays HT, W plays HQ, W leads H5, N plays H3, E "
        "plays H7, S plays CA, E leads S4, S plays C3, W plays S3, N plays S2, E leads CK, S "
        "plays C7, W plays C8, N plays CT, E leads H2, S plays C4, W plays H9, N plays HJ, N "
        "leads SJ, E plays S9, S plays S8, W plays SA, W leads S7, N plays SQ, E plays C6, S "
        "plays S6, N leads C9, E plays CJ, S plays CQ, W plays HK, W leads DT, N plays DJ, E "
        "plays DQ, S plays DA, S leads C5, W plays D2, N plays C2, E plays D8, S leads ST, W "
        "plays SK, N plays S5, E plays D4, W leads DK, N plays H4, E plays HA, S plays D3"),
    # tests/cases/1987/law64/revoke-costs-no-trick-when-the-offenders-take-no-trick-from-then-
    #   on.yaml
    "64B1": _case(7,
        "N:K8.AJ4.T62.KJT92 JT62.T762.A85.75 5.KQ95.9743.A863 AQ9743.83.KQJ.Q4",
        "S P, W P, N 1C, E P, S 2C, W P, N P, E P, E leads H7, S plays HK, W plays H8, N "
        "plays H4, S leads H5, W plays H3, N plays HJ, E plays H2, N leads CJ, E plays C7, S "
        "plays C8, W plays C4, N leads HA, E plays HT, S plays H9, W plays S3, N leads D2, E "
        "plays D8, S plays D4, W plays DK, W leads CQ, N plays C2, E plays C5, S plays C6, W "
        "leads S4, N plays S8, E plays S6, S plays S5, N leads SK, E plays ST, S plays CA, W "
        "plays S9, S leads D3, W plays DJ, N plays DT, E plays DA, E leads D5, S plays D9, W "
        "plays SQ, N plays D6, S leads D7, W plays DQ, N plays C9, E plays S2, N leads CK, E "
        "plays SJ, S plays C3, W plays S7, N leads CT, E plays H6, S plays HQ, W plays SA"),
    # tests/cases/1987/law67/trick-missing-a-card-noticed-after-both-sides-played-on-has-the-card-
    #   placed-and-the-rest-flagged.yaml
    "67B": _case(2,
        "N:AKQ2.K32.54.A987 J43.AQ4.KQJ2.K65 T9876.J5.A63.Q32 5.T9876.T987.JT4",
        "E P, S P, W P, N 1NT, E P, S 3NT, W P, N P, E P, E leads DK, S plays DA, W plays D7, "
        "N plays D4, S leads C2, W plays C4, N plays C7, N leads H2, E plays H4, S plays H5, "
        "director"),
    # tests/cases/1987/law67/defenders-second-card-to-a-trick-is-taken-back-as-a-penalty-card.yaml
    "67A.defender": _case(3,
        "N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942",
        "S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6, N plays H3, E "
        "plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8, S plays C5, S "
        "plays D2, director"),
    # tests/cases/1987/law67/dummys-second-card-to-a-trick-goes-back-without-penalty.yaml
    "67A.dummy": _case(3,
        "N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942",
        "S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6, N plays H3, E "
        "plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8, S plays C5, W "
        "plays C2, W plays C4, director"),
    # tests/cases/1987/law67/player-who-omitted-to-play-adds-a-card-to-the-trick-now.yaml
    "67A.add": _case(3,
        "N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942",
        "S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6, N plays H3, E "
        "plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8, S plays C5, W "
        "plays CJ, W leads DA, director"),
}

_B13_DEAL = "N:AQT32.QJ3.AQ8.T2 J987.962.94.J943 K64.4.KT65.KQ876 5.AKT875.J732.A5"

#: The cases of the 2017 charts' own ends (a key of :data:`_CASES` serves both codes where the
#: same table tells the 2017 director what it tells the 1987 one); a ``director comparable`` or
#: ``not_comparable`` event is the director's finding, which 2017 leaves to him (Law 23A).
_CASES_2017: dict[str, dict[str, Any]] = {
    "27A2": _case(1, "N 1S, W 1H"),
    "27B1b": _case(1, "N 1S, E 1H, S refuses, E 2D, director comparable"),
    "27B2.2017": _case(1, "N 1S, E 1H, S refuses, E 3H, director not_comparable"),
    "27B3.2017": _case(1, "N 1S, E 1H, S refuses, E X, director not_comparable"),
    "25A1": _case(2, "E 1D, E changes 1S inadvertent, director unintended"),
    "25B1.2017": _case(2, "E 1D, E changes 1S, S accepts, director not_comparable"),
    "25B2.comparable": _case(2, "E 1D, E changes 1S, S refuses, director comparable"),
    "25B2.not": _case(2, "E 1D, E changes 1S, S refuses, director not_comparable"),
    # tests/cases/2017/law37/bid-by-a-player-owing-one-pass-stands-when-his-left-hand-opponent-
    #   calls-over-it.yaml
    "37A": _case(13, "N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542",
        "N P, E 1S, S exposes HK, S P, W P, N 2H, E 2S"),
    "31A2a": _case(1, "N 1H, S 2H, W refuses, E 2S, S 3H, director comparable"),
    "31A2b": _case(1, "N 1H, S 2H, W refuses, E 2S, S P, director not_comparable"),
    "31B2a": _case(1, "N 1H, W 1S, N refuses, E P, S P, W 1S, director comparable"),
    "31B2b": _case(1, "N 1H, W 1S, N refuses, E P, S P, W 2S, director not_comparable"),
    # tests/cases/2017/law64/when-both-sides-made-established-revokes-no-trick-is-transferred.yaml
    "64B7": _case(13, _B13_DEAL,
        "N 1S, E P, S 4S, W P, N P, E P, E leads C4, S plays C8, W plays CA, N plays C2, W "
        "leads H5, N plays HQ, E plays H6, S plays H4, N leads DA, E plays D9, S plays D6, W "
        "plays DJ, N leads CT, E plays C3, S plays CK, W plays C5, S leads S6, W plays S5, N "
        "plays S3, E plays SJ, E leads S8, S plays S4, W plays D3, N plays SQ, N leads H3, E "
        "plays H9, S plays CQ, W plays HK, W leads D2, N plays D8, E plays D4, S plays D5, N "
        "leads HJ, E plays H2, S plays C7, W plays D7, N leads S2, E plays S9, S plays SK, W "
        "plays H7, S leads DK, W plays HA, N plays ST, E plays CJ, N leads DQ, E plays C9, S "
        "plays DT, W plays H8, N leads SA, E plays S7, S plays C6, W plays HT"),
    # tests/cases/2017/law62/both-sides-revoking-on-one-trick-before-both-sides-play-on-are-
    #   both-corrected.yaml
    "64B8": _case(7, "N:JT3.K8.J93.AKT86 542.T96.AQT6.Q53 A9876.A.K42.J942 KQ.QJ75432.875.7",
        "S P, W P, N 1C, E P, S 2C, W P, N P, E P, E leads H6, S plays HA, W plays H4, N plays "
        "HK, S leads DK, W plays D7, N plays DJ, E plays DQ, S leads C2, W plays D8, N plays "
        "H8, E plays C3, E leads S5, director"),
}
_CASES.update({key: case for key, case in _CASES_2017.items() if key not in _CASES})



# ----------------------------------------------------------------------------- what the engine saw


@dataclass(frozen=True)
class Seen:
    """What the engine made of an end's case: the case, the ruling the end shows and the
    irregularity it rules on. The questions' tests read these, never the end's key."""

    case: Case
    result: Mapping[str, Any]
    ruling: Mapping[str, Any]
    fact: Mapping[str, Any]

    @property
    def offender(self) -> Seat:
        return Seat.parse(str(self.ruling["offender"]))

    def detail(self, key: str) -> Any:
        return (self.fact.get("details") or {}).get(key)

    @property
    def after(self) -> list[Event]:
        """The events after the irregular one."""
        return list(self.case.events)[int(self.fact["event"]) + 1:]

    @property
    def declarer(self) -> Seat | None:
        seat = self.result["state"].get("declarer")
        return Seat.parse(str(seat)) if seat else None

    def role(self, seat: Any) -> str:
        """A seat named as a director names it without naming it: declarer, dummy, the
        offender, his partner, his left- or right-hand opponent."""
        seat = Seat.parse(str(seat))
        declarer = self.declarer
        phase = self.result["state"].get("phase")
        if declarer is not None and phase != "auction":
            if seat is declarer:
                return "declarer"
            if seat is declarer.partner:
                return "dummy"
        offender = self.offender
        return {offender: "offender", offender.partner: "partner", offender.lho: "lho",
                offender.rho: "rho"}[seat]

    @property
    def rectifications(self) -> list[Mapping[str, Any]]:
        return list(self.ruling["rectifications"])


def _first_after(seen: Seen) -> Event | None:
    after = seen.after
    return after[0] if after else None


def condoned(seen: Seen) -> bool:
    """The offender's LHO accepted the irregular call, or called over it, before any ruling."""
    first = _first_after(seen)
    lho = seen.offender.lho
    return isinstance(first, (Accepted, CallMade)) and first.seat is lho


def substitute(seen: Seen) -> CallValue | None:
    """The call the offender made in place of his cancelled one (his next call)."""
    for event in seen.after:
        if isinstance(event, CallMade) and event.seat is seen.offender:
            return event.call
    return None


def chose(option: str) -> Callable[[Seen], bool]:
    """The test "someone chose ``option``" (an option the engine offered)."""
    def test(seen: Seen) -> bool:
        return any(isinstance(e, OptionChosen) and e.option == option for e in seen.after)
    return test


def turn_of(relation: str) -> Callable[[Seen], bool]:
    """The test "the call was made at the turn of the offender's ``relation``"."""
    def test(seen: Seen) -> bool:
        return str(seen.detail("relation")) == relation or (
            relation == "rho" and str(seen.detail("turn")) == str(seen.offender.rho))
    return test


def rho_passed(seen: Seen) -> bool:
    rho = seen.offender.rho
    calls = [e for e in seen.after if isinstance(e, CallMade) and e.seat is rho]
    return bool(calls) and isinstance(calls[0].call, Pass)


def accepted_lead(seen: Seen) -> bool:
    """The lead out of turn was accepted: said so, or the next hand played to it."""
    return isinstance(_first_after(seen), (Accepted, CardPlayed))


def call_kind(*kinds: str) -> Callable[[Seen], bool]:
    """The test "the engine ruled on an irregularity of one of ``kinds``"."""
    return lambda seen: str(seen.fact["kind"]) in kinds


def played_on(seen: Seen) -> bool:
    """A card was played after the irregular one before the ruling (the next in rotation
    accepted it by playing, or declarer played on without choosing)."""
    return any(isinstance(e, (CardPlayed, CardLed)) for e in seen.after)


def has_rect(kind: str, **fields: Any) -> Callable[[Seen], bool]:
    """The test "the ruling holds a rectification of ``kind`` (with ``fields``)"."""
    def test(seen: Seen) -> bool:
        return any(r["kind"] == kind and all(r.get(k) == v for k, v in fields.items())
                   for r in seen.rectifications)
    return test


def by_declarer_or_dummy(seen: Seen) -> bool:
    return bool(seen.detail("by_declarer")) or seen.role(seen.offender) in ("declarer", "dummy")


# ----------------------------------------------------------------------------- the charts


@dataclass(frozen=True)
class End:
    """An end box: the case (a key of :data:`_CASES`) and the kind of irregularity whose
    ruling it shows (``nth``: which ruling of that kind, for a case with two).

    ``refer``: the ruling is another law's (say an insufficient bid out of rotation, a bid out
    of rotation by 27C): the box names that law by the engine's kind and the clauses ``refer``
    that the engine must cite."""

    key: str
    kind: str
    nth: int = 0
    refer: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ask:
    """A question: its words (``decisions.labels/<chart>/<key>``), the test that answers it
    from what the engine made of a case, and where each answer leads."""

    key: str
    test: Callable[[Seen], bool]
    yes: Ask | End
    no: Ask | End
    right: str = ""  # "yes" or "no": the branch drawn to the right (else the smaller one)


Node = Ask | End


@dataclass(frozen=True)
class Decision:
    """A chart: its name (the laws it covers), the chapter it belongs to, its first question,
    the clauses its ends must show (what the tests hold it to) and whether a note stands under
    it (``decisions.words/note_<name>``: what applies below every end and no box shows, such as
    the 64C equity check under the revokes)."""

    name: str
    chapter: str
    root: Ask
    covers: tuple[str, ...]
    note: bool = False


def _a(key: str, test: Callable[[Seen], bool], yes: Node, no: Node, right: str = "") -> Ask:
    return Ask(key, test, yes, no, right)


def _is_double_or_redouble(call: CallValue | None) -> bool:
    return isinstance(call, (Double, Redouble))


def _lowest(seen: Seen) -> bool:
    call = substitute(seen)
    return call is not None and str(call) == str(seen.detail("lowest_sufficient"))


def _repeats_denomination(seen: Seen) -> bool:
    call, cancelled = substitute(seen), Call.parse(str(seen.detail("call")))
    return isinstance(call, Bid) and isinstance(cancelled, Bid) and call.strain == cancelled.strain


def _changed_inadvertently(seen: Seen) -> bool:
    return any(isinstance(e, CallChanged) and e.inadvertent
               for e in list(seen.case.events)[int(seen.fact["event"]):])


def found(verdict: str) -> Callable[[Seen], bool]:
    """The test "the director found ``verdict``" (2017: ``comparable``, ``not_comparable``,
    ``unintended``...), a finding the code leaves to his judgement and the case states."""
    def test(seen: Seen) -> bool:
        return any(isinstance(e, Judgement) and e.verdict == verdict for e in seen.after)
    return test


def _declarer_played_on(seen: Seen) -> bool:
    """Declarer played on before choosing among the options of 57A (Law 60 then applies)."""
    return "60A" in seen.ruling["laws"]


DECISIONS: tuple[Decision, ...] = (
    Decision("27", "05-insufficient-bid", _a(
        "out_of_rotation", call_kind("bid_out_of_rotation"),
        End("27C", "bid_out_of_rotation", refer=("27C",)),
        _a("condoned", condoned, End("27A", "insufficient_bid"),
           _a("no_sufficient", lambda s: s.detail("lowest_sufficient") == "none",
              End("27B2.none", "insufficient_bid"),
              _a("lowest", _lowest, End("27B1", "insufficient_bid"),
                 _a("double", lambda s: _is_double_or_redouble(substitute(s)),
                    End("27B3", "insufficient_bid"), End("27B2", "insufficient_bid")))))),
        ("27A", "27B1", "27B2", "27B3", "27C")),
    Decision("25", "04-changes-of-call", _a(
        "slip", _changed_inadvertently, End("25.slip", "change_of_call"),
        _a("condoned", condoned, End("25.accepted", "change_of_call"),
           _a("first_stands", chose("first_call_stands"), End("25.first", "change_of_call"),
              End("25.other", "change_of_call")))),
        ("25A", "25B1", "25B2b1", "25B2b2")),
    Decision("29-32", "06-calls-out-of-rotation", _a(
        "condoned", condoned, End("29.accepted", "bid_out_of_rotation"),
        _a("in_turn", lambda s: any(isinstance(e, CallMade) and str(e.seat) == str(
            s.detail("turn")) for e in s.after[:1]), End("29.in_turn", "bid_out_of_rotation"),
           _a("pass", call_kind("pass_out_of_rotation"),
              _a("before_bid", lambda s: bool(s.detail("before_any_bid")),
                 End("30.before_bid", "pass_out_of_rotation"),
                 _a("partner_turn", turn_of("partner"), End("30.partner", "pass_out_of_rotation"),
                    End("30.rho", "pass_out_of_rotation"))),
              _a("bid", call_kind("bid_out_of_rotation"),
                 _a("rho_turn", turn_of("rho"),
                    _a("rho_passed", rho_passed, End("31.rho_pass", "bid_out_of_rotation"),
                       _a("same_denomination", _repeats_denomination,
                          End("31.same", "bid_out_of_rotation"),
                          End("31.other", "bid_out_of_rotation"))),
                    End("31.partner", "bid_out_of_rotation")),
                 _a("double_partner_turn", turn_of("partner"),
                    End("32.partner", "redouble_out_of_rotation"),
                    _a("double_rho_passed", rho_passed,
                       End("32.rho_pass", "double_out_of_rotation"),
                       End("32.rho_bid", "double_out_of_rotation"))), right="yes")))),
        ("29B", "28B", "30A", "30B1", "30B2", "31A1", "31A2a", "31A2b", "31B", "32")),
    Decision("36-39", "07-inadmissible-calls", _a(
        "inadmissible_double", call_kind("inadmissible_double", "inadmissible_redouble"),
        _a("condoned", condoned, End("35A", "inadmissible_redouble"),
           End("36", "inadmissible_double")),
        _a("obliged", call_kind("call_when_obliged_to_pass"),
           _a("condoned", condoned, End("35B", "call_when_obliged_to_pass"),
              End("37", "call_when_obliged_to_pass")),
           _a("above_seven", call_kind("bid_above_seven"),
              _a("condoned", condoned, End("35C", "bid_above_seven"),
                 End("38", "bid_above_seven")),
              _a("defender", lambda s: s.role(s.offender) not in ("declarer", "dummy"),
                 End("39.defender", "call_after_final_pass"),
                 End("39.other", "call_after_final_pass"))))),
        ("35A", "36", "35B", "37", "35C", "38", "39")),
    Decision("50-51", "09-penalty-cards", _a(
        "declarer", by_declarer_or_dummy, End("48", "exposed_card"),
        _a("minor", has_rect("penalty_card", major=False), End("50.minor", "exposed_card"),
           _a("two_suits", lambda s: len({c[0] for c in str(s.detail("cards")).split()}) > 1,
              End("51B2", "exposed_card"),
              _a("partner_on_lead", lambda s: any(
                  isinstance(e, OptionChosen) for e in s.after),
                 End("50.require", "exposed_card"), End("50.first", "exposed_card"))))),
        ("48", "50", "50D", "50E", "51B1", "51B2")),
    Decision("53-56", "10-leads-out-of-turn", _a(
        "opening", call_kind("opening_lead_out_of_turn"),
        _a("spread", has_rect("roles_swapped"), End("54A", "opening_lead_out_of_turn"),
           _a("accept", accepted_lead, End("54B", "opening_lead_out_of_turn"),
              End("54D", "opening_lead_out_of_turn"))),
        _a("by_declarer", call_kind("declarer_lead_out_of_turn"),
           _a("defender_accepts", accepted_lead, End("55A", "declarer_lead_out_of_turn"),
              End("55B", "declarer_lead_out_of_turn", refer=("47A",))),
           _a("accept", accepted_lead, End("53A", "lead_out_of_turn"),
              End("56", "lead_out_of_turn")))),
        ("54A", "54B", "56", "55A", "55B1", "53A")),
    Decision("57", "10-leads-out-of-turn", _a(
        "played_on", _declarer_played_on, End("60", "premature_play", refer=("60A",)),
        _a("partner_played", lambda s: bool(s.detail("partner_played")),
           End("57.partner_played", "premature_play"),
           _a("cannot", lambda s: "57B" in s.ruling["laws"],
              End("57.cannot", "premature_play", refer=("57B",)),
              _a("highest", chose("highest"), End("57.highest", "premature_play"),
                 _a("lowest", chose("lowest"), End("57.lowest", "premature_play"),
                    End("57.suit", "premature_play")))))),
        ("60A", "50", "57A1", "57A2", "57A3", "57B")),
    Decision("61-64", "11-revoke", _a(
        "twelfth", lambda s: s.detail("trick") == 12, End("62D", "revoke"),
        _a("established", lambda s: "63A" in s.ruling["laws"],
           _a("dummy", lambda s: s.role(s.offender) == "dummy", End("64B3", "revoke"),
              _a("second", has_rect("no_rectification", law="64B2"), End("64B2", "revoke", nth=1),
                 _a("next_deal", has_rect("no_rectification", law="64B4"), End("64B4", "revoke"),
                    _a("round", has_rect("no_rectification", law="64B5"), End("64B5", "revoke"),
                       _a("won", has_rect("trick_transfer", law="64A1"), End("64A1", "revoke"),
                          _a("side_won", has_rect("trick_transfer", law="64A2"),
                             End("64A2", "revoke"), End("64B1", "revoke"))))))),
           _a("defender", lambda s: s.role(s.offender) not in ("declarer", "dummy"),
              End("62.defender", "revoke"), End("62.declarer", "revoke")))),
        ("62D1", "62B1", "62B2", "64B3", "64B2", "64B4", "64B5", "64A1", "64A2", "64B1"),
        note=True),
    Decision("67", "12-tricks", _a(
        "late", lambda s: any(str(x).startswith("67B") for x in s.ruling["laws"]),
        End("67B", "defective_trick"),
        _a("extra", lambda s: bool(s.detail("extra")),
           _a("defender", lambda s: s.role(s.offender) not in ("declarer", "dummy"),
              End("67A.defender", "defective_trick"), End("67A.dummy", "defective_trick")),
           End("67A.add", "defective_trick"))),
        ("67A", "67B", "45E1")),
)

#: Every chart by name, in the order of the book.
BY_NAME: dict[str, Decision] = {d.name: d for d in DECISIONS}
NAMES: tuple[str, ...] = tuple(BY_NAME)

_SHARED = {d.name: d for d in DECISIONS}

#: The 2017 charts: the questions a director asks under the 2017 code. Where the two codes ask
#: the same questions of the same tables, the 1987 chart serves (its ends ruled under 2017); the
#: others are written here. 2017 asks whether the replacement call is comparable (Law 23A) where
#: 1987 asked for the denomination, bars partner once instead of throughout, and adds revokes
#: that cost no trick (64B6-B8).
DECISIONS_2017: tuple[Decision, ...] = (
    Decision("27", "05-insufficient-bid", _a(
        "out_of_rotation", call_kind("bid_out_of_rotation"),
        End("27A2", "bid_out_of_rotation", refer=("27A2",)),
        _a("condoned", condoned, End("27A", "insufficient_bid"),
           _a("lowest_2017", _lowest, End("27B1", "insufficient_bid"),
              _a("comparable", found("comparable"), End("27B1b", "insufficient_bid"),
                 _a("double", lambda s: _is_double_or_redouble(substitute(s)),
                    End("27B3.2017", "insufficient_bid"),
                    End("27B2.2017", "insufficient_bid")))))),
        ("27A1", "27A2", "27B1a", "27B1b", "27B2", "27B3", "26B")),
    Decision("25", "04-changes-of-call", _a(
        "slip_2017", _changed_inadvertently, End("25A1", "change_of_call"),
        _a("condoned", condoned, End("25B1.2017", "change_of_call"),
           _a("comparable_25", found("comparable"), End("25B2.comparable", "change_of_call"),
              End("25B2.not", "change_of_call")))),
        ("25A1", "25B1", "25B2", "26B")),
    Decision("29-32", "06-calls-out-of-rotation", _a(
        "condoned", condoned, End("29.accepted", "bid_out_of_rotation"),
        _a("in_turn", lambda s: any(isinstance(e, CallMade) and str(e.seat) == str(
            s.detail("turn")) for e in s.after[:1]), End("29.in_turn", "bid_out_of_rotation"),
           _a("rho_turn_2017", turn_of("rho"),
              _a("pass", call_kind("pass_out_of_rotation"),
                 End("30.rho", "pass_out_of_rotation"),
                 _a("rho_passed", rho_passed, End("31.rho_pass", "bid_out_of_rotation"),
                    _a("comparable", found("comparable"), End("31A2a", "bid_out_of_rotation"),
                       End("31A2b", "bid_out_of_rotation")))),
              _a("comparable_own_turn", found("comparable"),
                 End("31B2a", "bid_out_of_rotation"), End("31B2b", "bid_out_of_rotation"))))),
        ("29A", "28B", "30A", "31A1", "23B", "31A2b", "26B")),
    Decision("36-39", "07-inadmissible-calls", _a(
        "inadmissible_double", call_kind("inadmissible_double", "inadmissible_redouble"),
        _a("condoned", condoned, End("35A", "inadmissible_redouble"),
           End("36", "inadmissible_double")),
        _a("obliged", call_kind("call_when_obliged_to_pass"),
           _a("condoned", condoned, End("37A", "call_when_obliged_to_pass"),
              End("37", "call_when_obliged_to_pass")),
           _a("above_seven", call_kind("bid_above_seven"),
              _a("condoned", condoned, End("35C", "bid_above_seven"),
                 End("38", "bid_above_seven")),
              _a("defender", lambda s: s.role(s.offender) not in ("declarer", "dummy"),
                 End("39.defender", "call_after_final_pass"),
                 End("39.other", "call_after_final_pass"))))),
        ("36A", "36B", "37A", "37B", "38B", "38C", "39A", "39B", "26B")),
    # the same questions; under 2017 a minor penalty card is 50C and the lead penalties 50D2
    replace(_SHARED["50-51"], covers=("48A", "50", "50C", "50D2", "51B1a", "51B2")),
    _SHARED["53-56"],
    Decision("57", "10-leads-out-of-turn", _a(
        "played_on", _declarer_played_on, End("60", "premature_play", refer=("60A",)),
        _a("partner_played", lambda s: bool(s.detail("partner_played")),
           End("57.partner_played", "premature_play"),
           _a("cannot", lambda s: "57B" in s.ruling["laws"],
              End("57.cannot", "premature_play", refer=("57B",)),
              _a("highest", chose("highest"), End("57.highest", "premature_play"),
                 End("57.suit", "premature_play"))))),
        ("60A", "57A", "57A1", "57A4", "57B", "57D")),
    Decision("61-64", "11-revoke", _a(
        "twelfth", lambda s: s.detail("trick") == 12, End("62D", "revoke"),
        _a("same_trick_2017", lambda s: "64B8" in s.ruling["laws"], End("64B8", "revoke"),
           _a("established", lambda s: "63A" in s.ruling["laws"],
              _a("dummy_2017", lambda s: "64B3" in s.ruling["laws"], End("64B3", "revoke"),
                 _a("second", has_rect("no_rectification", law="64B2"),
                    End("64B2", "revoke", nth=1),
                    _a("both_sides", has_rect("no_rectification", law="64B7"),
                       End("64B7", "revoke"),
                       _a("next_deal", has_rect("no_rectification", law="64B4"),
                          End("64B4", "revoke"),
                          _a("round", has_rect("no_rectification", law="64B5"),
                             End("64B5", "revoke"),
                             _a("won", has_rect("trick_transfer", law="64A1"),
                                End("64A1", "revoke"),
                                _a("side_won", has_rect("trick_transfer", law="64A2"),
                                   End("64A2", "revoke"), End("64B1", "revoke")))))))),
              _a("defender", lambda s: s.role(s.offender) not in ("declarer", "dummy"),
                 End("62.defender", "revoke"), End("62.declarer", "revoke"))))),
        ("62D1", "64B6", "64B8", "62B1", "62B2", "64B3", "64B2", "64B7", "64B4", "64B5", "64A1",
         "64A2", "64B1"),
        note=True),
    _SHARED["67"],
)

#: The charts of each code, by name, in the order of the book.
BY_EDITION: dict[str, dict[str, Decision]] = {
    "1987": BY_NAME, "2017": {d.name: d for d in DECISIONS_2017}}


def charts_of(edition: str = "1987") -> dict[str, Decision]:
    """The decision charts of ``edition``, by name (an unknown edition is an error)."""
    if edition not in BY_EDITION:
        raise ValueError(f"no decision charts for the edition {edition!r}")
    return BY_EDITION[edition]


def names(edition: str = "1987") -> tuple[str, ...]:
    """The names of ``edition``'s decision charts, in the order of the book (:data:`NAMES` for
    1987; the same names under 2017, each chart holding that code's questions)."""
    return tuple(charts_of(edition))


def ends(node: Node) -> Iterator[End]:
    """Every end below ``node``, "yes" before "no"."""
    if isinstance(node, End):
        yield node
    else:
        yield from ends(node.yes)
        yield from ends(node.no)


def asks(node: Node) -> Iterator[Ask]:
    """Every question below ``node`` (itself first)."""
    if isinstance(node, Ask):
        yield node
        yield from asks(node.yes)
        yield from asks(node.no)


def case_of(end: End, edition: str = "1987") -> Case:
    """The parsed case of an end box, ruled under ``edition``."""
    case = dict(_CASES[end.key])
    if edition != "1987":
        case["edition"] = edition
    return parse_case(json.dumps(case), f"decision-case-{end.key}.json")


def seen(end: End, edition: str = "1987") -> Seen:
    """Run the engine on an end's case under ``edition``: the ruling the end shows (the ``nth``
    of its kind)."""
    case = case_of(end, edition)
    result = analyse(case)
    found = [r for r in result["rulings"] if r["kind"] == end.kind]
    if len(found) <= end.nth:
        raise ValueError(f"decision chart case {end.key}: the engine gave no {end.kind} ruling "
                         f"#{end.nth + 1} ({[r['kind'] for r in result['rulings']]})")
    ruling = found[end.nth]
    return Seen(case, result, ruling, result["irregularities"][ruling["irregularity"]])


class ChartDisagrees(ValueError):
    """A chart's question does not tell its branches apart in what the engine ruled."""


def check_questions(node: Node, seen_by_key: Mapping[str, Seen], chart: str) -> None:
    """Every question's test holds for every end below "yes" and for none below "no"."""
    for ask in asks(node):
        for answer, branch in ((True, ask.yes), (False, ask.no)):
            for end in ends(branch):
                if bool(ask.test(seen_by_key[end.key])) is not answer:
                    raise ChartDisagrees(
                        f"decision chart {chart}: question {ask.key!r} answers "
                        f"{'no' if answer else 'yes'} for the case {end.key} on its "
                        f"{'yes' if answer else 'no'} branch")


# ----------------------------------------------------------------------------- what an end says


def _who(seen: Seen, seat: Any, lang: str) -> dict[str, str]:
    role = seen.role(seat)
    return {f"who{'' if case == 'nom' else '_' + case}": i18n.text(lang, "decisions.roles", role,
                                                                   case)
            for case in ("nom", "gen", "dat")}


def _phrase(seen: Seen, rect: Mapping[str, Any]) -> str | None:
    """The key (in ``decisions.rect``) of what a rectification says, or None for one that
    another line already says (a major penalty card's duty to be played, a cancellation that
    the penalties following it imply)."""
    kind = rect["kind"]
    if kind == "call_cancelled":
        if rect.get("later"):
            return "later_cancelled"
        if rect.get("event") is not None and int(rect["event"]) != int(seen.fact["event"]):
            return "substitute_cancelled"
        others = [r for r in seen.rectifications
                  if r["kind"] not in ("call_cancelled", "no_rectification")]
        return None if others else "call_cancelled"
    if kind == "must_pass":
        return f"must_pass_{'next_turn' if rect.get('scope') == 'next_turn' else 'throughout'}"
    if kind == "lead_restriction":
        law, may = str(rect.get("law", "")), list(rect.get("may") or ())
        if law.startswith("26"):
            return "lead_26A" if "require" in may else "lead_26B"
        if may == ["require"]:
            return "penalty_lead_required"
        if may == ["prohibit"]:
            return "penalty_lead_forbidden"
        return "penalty_lead_choice"
    if kind == "penalty_card":
        return "penalty_major" if rect.get("major") else "penalty_minor"
    if kind == "must_play":
        if rect.get("when") == "first_legal_opportunity":
            return None
        if rect.get("rule") in ("minor_first", "follow_suit", "highest", "lowest", "not_suit",
                                "add_card", "place_card"):
            return str(rect["rule"])
        if "card" in rect:
            return "play_card"
        raise ValueError(f"no words for the must_play rectification {dict(rect)}")
    if kind == "trick_transfer":
        return f"trick_transfer_{int(rect['tricks'])}"
    if kind in ("call_stands", "lead_stands", "no_rectification", "no_double_or_redouble",
                "must_repeat", "card_withdrawn", "roles_swapped", "auction_returns",
                "first_call_stands", "must_substitute"):
        return str(kind)
    raise ValueError(f"a decision chart has no words for the rectification {kind!r}")


def summary(end: End, found: Seen, lang: str) -> list[tuple[str, str]]:
    """What an end box says: the ruling in a few words, each line with the clause it rests on
    (the rectification's own), in the engine's order; the clauses the end refers to first."""
    lines: list[tuple[str, str]] = []
    for clause in end.refer:
        if clause not in found.ruling["laws"]:
            raise ChartDisagrees(f"decision chart case {end.key}: the engine does not cite "
                                 f"{clause} ({found.ruling['laws']})")
        lines.append((i18n.text(lang, "decisions.cite", clause), clause))
    for rect in found.rectifications:
        key = _phrase(found, rect)
        if key is None:
            continue
        fields = _who(found, rect["seat"], lang) if "seat" in rect else {}
        text = i18n.text(lang, "decisions.rect", key).format(**fields)
        law = str(rect.get("law", ""))
        if key == "no_rectification" and len(lines) > len(end.refer):
            # "no penalty" closes the line before it: one line less on a full page
            said, laws = lines[-1]
            text = f"{said}; {text[:1].lower()}{text[1:]}"
            law = laws if law in laws.split(", ") else f"{laws}, {law}" if laws else law
            lines[-1] = (text, law)
            continue
        text = text[:1].upper() + text[1:]
        for i, (said, laws) in enumerate(lines):
            if said == text:
                if law and law not in laws.split(", "):
                    lines[i] = (said, f"{laws}, {law}" if laws else law)
                break
        else:
            lines.append((text, law))
    if not lines:
        raise ChartDisagrees(f"decision chart case {end.key}: the engine ruled nothing")
    return lines


# ----------------------------------------------------------------------------- layout

#: The A4 page the PDF prints on, and its margins, in millimetres.
A4_MM = (210.0, 297.0)
MARGIN_MM = 12.0
PRINT_WIDTH_MM = A4_MM[0] - 2 * MARGIN_MM
PRINT_HEIGHT_MM = A4_MM[1] - 2 * MARGIN_MM
#: Width of the drawing in SVG units: with the 1-unit border of the viewBox, the printed text
#: width in points, so that a font size in the SVG is its size on paper.
PAGE_W = round(PRINT_WIDTH_MM * 72 / 25.4 - 2, 1)
GAP = 22.0            # between columns (room for an answer)
V_GAP = 11.0          # between a box and the one below it (room for an answer)
PAD = 4.5
Q_SIZE = 10.0         # question text
E_SIZE = 10.0         # ruling text
T_SIZE = 15.0         # title
A_SIZE = 9.5          # the answers on the arrows
N_SIZE = 9.5          # the note under a chart
INK = "#1d2330"
LAW_INK = "#1a4f8b"
Q_FILL, Q_STROKE = "#e8eef7", "#3c5a86"
E_FILL, E_STROKE = "#fffdf4", "#b59b45"


def print_scale(width: float, height: float) -> float:
    """Points of the printed page per unit of a chart ``width`` by ``height`` (its viewBox):
    the chart is printed across the A4 text width, or smaller when it would be taller than the
    page (the tests hold every text to 9 pt at this scale)."""
    points = 72 / 25.4
    return min(PRINT_WIDTH_MM * points / width, PRINT_HEIGHT_MM * points / height)


def _columns(node: Node) -> int:
    if isinstance(node, End):
        return 1
    side, down = _split(node)
    return max(1 + _columns(side), _columns(down))


def _split(ask: Ask) -> tuple[Node, Node]:
    """The branch drawn to the right of a question and the one drawn below it: the smaller
    (fewer ends) to the right, so the chart stays narrow; "yes" to the right on a tie."""
    if ask.right:
        return (ask.yes, ask.no) if ask.right == "yes" else (ask.no, ask.yes)
    yes, no = len(list(ends(ask.yes))), len(list(ends(ask.no)))
    return (ask.no, ask.yes) if no < yes else (ask.yes, ask.no)


@dataclass
class _Box:
    x: float
    y: float
    w: float
    h: float
    kind: str                                  # ask, end
    lines: list[tuple[float, str, float, bool, str]]  # baseline, text, size, bold, law
    key: str


def _text_box(x: float, y: float, w: float, kind: str, key: str,
              pieces: Sequence[tuple[str, float, bool, str]]) -> _Box:
    lines: list[tuple[float, str, float, bool, str]] = []
    at = PAD
    for n, (text, size, bold, law) in enumerate(pieces):
        at += 2 if n else 0
        full = f"{text} ({law})" if law else text
        wrapped = wrap(full, w - 2 * PAD, size, bold)
        for i, line in enumerate(wrapped):
            at += size * 1.18
            shown_law = ""
            if law and i == len(wrapped) - 1 and line.endswith(f"({law})"):
                line, shown_law = line[: -len(law) - 2].rstrip(), law
            lines.append((at - size * 0.25, line, size, bold, shown_law))
    return _Box(x, y, w, at + PAD - 1, kind, lines, key)


def decision(name: str, lang: str, edition: str = "1987") -> str:
    """The decision chart ``name`` (one of :func:`names`) of ``edition`` in ``lang``, as SVG.

    Runs the engine on every end's case under ``edition`` each time (no cache) and refuses a
    chart whose questions do not tell its cases apart (:class:`ChartDisagrees`)."""
    table = charts_of(edition)
    if name not in table:
        raise ValueError(f"unknown decision chart {name!r} (known: {', '.join(table)})")
    i18n.check(lang)
    spec = table[name]
    found = {end.key: seen(end, edition) for end in ends(spec.root)}
    check_questions(spec.root, found, name)
    words = i18n.table(lang, "decisions.words")
    n_cols = _columns(spec.root)
    col_w = (PAGE_W - (n_cols - 1) * GAP) / n_cols
    boxes: list[_Box] = []
    edges: list[str] = []
    labels: list[str] = []

    title = i18n.text(lang, "decisions.titles", name)
    head = _text_box(0, 0, PAGE_W, "title", "", [(title, T_SIZE, True, "")])
    top = head.h + 4

    def answer(x: float, y: float, yes: bool, anchor: str = "start") -> None:
        text = words["answer_yes" if yes else "answer_no"]
        labels.append(f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(A_SIZE)}" '
                      f'font-weight="bold" fill="{Q_STROKE}" text-anchor="{anchor}">'
                      f"{escape(text)}</text>")

    free = [top] * (n_cols + 1)  # per column: the first y below what is drawn there

    def place(node: Node, col: int, y: float) -> tuple[_Box, float]:
        """Draw ``node`` in column ``col``, no higher than ``y`` nor than what the column
        holds; returns its box and the lowest y its subtree reaches."""
        x = col * (col_w + GAP)
        y = max(y, free[col])
        if isinstance(node, Ask):  # level with the branch to its right: no bent arrows
            y = max(y, free[col + 1])
        if isinstance(node, End):
            pieces = [(symbols(t, lang), E_SIZE, False, law)
                      for t, law in summary(node, found[node.key], lang)]
            box = _text_box(x, y, col_w, "end", node.key, pieces)
            boxes.append(box)
            free[col] = y + box.h + V_GAP
            return box, y + box.h
        box = _text_box(x, y, col_w, "ask", node.key,
                        [(i18n.text(lang, "decisions.labels", name, node.key), Q_SIZE, True,
                          "")])
        boxes.append(box)
        free[col] = y + box.h + V_GAP
        side, down = _split(node)
        side_box, side_end = place(side, col + 1, y)
        mid = y + min(box.h, 24) / 2 + 4
        bend = x + col_w + GAP / 2
        if side_box.y + 8 <= mid:
            edges.append(f'<path d="M{_num(x + col_w)} {_num(mid)} H{_num(side_box.x - 1)}"/>')
        else:
            edges.append(f'<path d="M{_num(x + col_w)} {_num(mid)} H{_num(bend)} '
                         f'V{_num(side_box.y + 12)} H{_num(side_box.x - 1)}"/>')
        answer(bend, mid - 3, side is node.yes, "middle")
        below = y + box.h + V_GAP
        down_box, down_end = place(down, col, below)
        edges.append(f'<path d="M{_num(x + 14)} {_num(y + box.h)} V{_num(down_box.y - 1)}"/>')
        answer(x + 20, y + box.h + V_GAP * 0.72, down is node.yes)
        return box, max(side_end, down_end)

    _, bottom = place(spec.root, 0, top)
    note = []
    if spec.note:
        text = words.get(f"note_{name}_{edition}") or words[f"note_{name}"]
        for line in wrap(text, PAGE_W, N_SIZE):
            bottom += N_SIZE * 1.3
            note.append(f'<text x="0" y="{_num(bottom)}" font-size="{_num(N_SIZE)}" '
                        f'fill="#5b6270">{escape(line)}</text>')
    height = bottom + 4
    parts = [_render(head)] + [_render(b) for b in boxes]
    page_title = words["page"].format(title=title)
    key = "tdc-decision-" + hashlib.sha1(
        f"{name}/{lang}{'' if edition == '1987' else '/' + edition}".encode()).hexdigest()[:8]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tdc-decision" role="img" '
        f'viewBox="-1 -1 {_num(PAGE_W + 2)} {_num(height + 2)}" width="{_num(PAGE_W + 2)}" '
        f'height="{_num(height + 2)}" style="max-width:100%;height:auto" '
        f'font-family="sans-serif" aria-labelledby="{key}-title" data-decision="{escape(name)}">'
        f'<title id="{key}-title">{escape(page_title)}</title>'
        f'<defs><marker id="{key}-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="6" '
        f'markerHeight="6" orient="auto"><path d="M0 0L8 4L0 8z" fill="{Q_STROKE}"/></marker>'
        f'</defs>'
        f'<g class="tdc-decision-edges" fill="none" stroke="{Q_STROKE}" stroke-width="1.3" '
        f'marker-end="url(#{key}-arrow)">{"".join(edges)}</g>'
        f'{"".join(parts)}{"".join(labels)}{"".join(note)}</svg>'
    )


def _render(box: _Box) -> str:
    if box.kind == "title":
        fill = stroke = "none"
    elif box.kind == "ask":
        fill, stroke = Q_FILL, Q_STROKE
    else:
        fill, stroke = E_FILL, E_STROKE
    data = f' data-end="{escape(box.key)}"' if box.kind == "end" else (
        f' data-ask="{escape(box.key)}"' if box.kind == "ask" else "")
    out = [f'<g class="tdc-decision-{box.kind}"{data}>']
    if box.kind != "title":
        out.append(f'<rect x="{_num(box.x)}" y="{_num(box.y)}" width="{_num(box.w)}" '
                   f'height="{_num(box.h)}" rx="{"10" if box.kind == "ask" else "3"}" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>')
    for baseline, text, size, bold, law in box.lines:
        attrs = (f'x="{_num(box.x + PAD)}" y="{_num(box.y + baseline)}" '
                 f'font-size="{_num(size)}" fill="{INK}"')
        if bold:
            attrs += ' font-weight="bold"'
        content = _svg_line(text)
        if law:
            content += (f' <tspan class="tdc-law" fill="{LAW_INK}" font-weight="bold">'
                        f"({escape(law)})</tspan>")
        out.append(f"<text {attrs}>{content}</text>")
    out.append("</g>")
    return "".join(out)


# ----------------------------------------------------------------------------- print and pages


def print_page(name: str, lang: str, edition: str = "1987") -> str:
    """A chart alone on an A4 page (HTML for Chromium to print): the SVG across the text width,
    or smaller when it is taller than the page (:func:`print_scale`)."""
    svg = decision(name, lang, edition)
    view = svg.split('viewBox="', 1)[1].split('"', 1)[0].split()
    width, height = float(view[2]), float(view[3])
    points = print_scale(width, height)
    title = i18n.text(lang, "decisions.words", "page").format(
        title=i18n.text(lang, "decisions.titles", name))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>\n"
        f"@page{{size:A4 portrait;margin:{_num(MARGIN_MM)}mm}}\n"
        "html,body{margin:0;padding:0}\n"
        f"svg{{display:block;width:{_num(width * points)}pt;height:{_num(height * points)}pt;"
        "max-width:none}\n</style>\n</head>\n<body>\n"
        f"{svg}\n</body>\n</html>\n")


def write_print_pages(folder: Path, lang: str, pdf: bool, edition: str = "1987") -> list[Path]:
    """Write every chart's print page into ``folder`` (``<name>.html``) and, with ``pdf``, print
    the PDFs beside them (``<name>.pdf``); a PDF whose page has not changed since it was printed
    is kept as it is. Returns the PDFs printed now."""
    folder.mkdir(parents=True, exist_ok=True)
    stale: list[Path] = []
    for name in names(edition):
        page = folder / f"{name}.html"
        text = print_page(name, lang, edition)
        changed = not page.exists() or page.read_text(encoding="utf-8") != text
        if changed:
            page.write_text(text, encoding="utf-8")
        if pdf and (changed or not (folder / f"{name}.pdf").exists()):
            stale.append(page)
    if not pdf or not stale:
        return []
    from generator.book.pdf import print_pages

    printed = print_pages(stale, [p.with_suffix(".pdf") for p in stale])
    for pdf_file in printed:
        pdf_file.write_bytes(steady(pdf_file.read_bytes()))
    return printed


_PDF_DATE = re.compile(rb"(/(?:CreationDate|ModDate) \(D:)\d{14}")


def steady(data: bytes) -> bytes:
    """A PDF with the moment of printing (its creation and modification dates, the only bytes
    that differ between two prints of one page) set to 1 January 1987, the same length, so
    that a rebuild writes the bytes of a clean build and the offsets of the file still hold."""
    return _PDF_DATE.sub(rb"\g<1>19870101000000", data)


def chapter_of(name: str, edition: str = "1987") -> str:
    return charts_of(edition)[name].chapter


def link_markup(name: str, lang: str, pdf: bool, prefix: str, edition: str = "1987") -> str:
    """The link to a chart's printable page as HTML (``prefix``: the way from the linking page
    to the site's root; the pages of an edition's site are its own charts)."""
    charts_of(edition)[name]  # a chart the edition has
    words = i18n.table(lang, "decisions.words")
    title = i18n.text(lang, "decisions.titles", name)
    target = f"{prefix}decisions/{name}.{'pdf' if pdf else 'html'}"
    text = words["pdf" if pdf else "printable"].format(title=title)
    return (f'<p class="tdc-decision-link"><a href="{escape(target, quote=True)}"'
            f'{" download" if pdf else ""}>{escape(symbols(text, lang))}</a></p>')


def index_page(lang: str, pdf: bool, edition: str = "1987") -> str:
    """The part of the decision charts page the build writes: for each chart of ``edition`` its
    title, its chapter, the link to its printable page and the chart itself (MyST)."""
    from generator.book import markup

    parts = []
    for name, spec in charts_of(edition).items():
        title = i18n.text(lang, "decisions.titles", name)
        chapter = markup.role("doc", f"/chapters/{spec.chapter}")
        parts.append(f"## {markup.myst(title)}\n\n"
                     f"{markup.word(lang, 'decisions.words', 'chapter')} {chapter}\n\n"
                     + markup.raw_html(link_markup(name, lang, pdf, "", edition)
                                       + f'\n<figure class="tdc-decision" id="decision-{name}">'
                                       f"{decision(name, lang, edition)}</figure>"))
    return "\n\n".join(parts) + "\n"
