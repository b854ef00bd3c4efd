"""An independent oracle for the 1987 auction laws (25, 26, 27, 28-32), written as plain tables.

It shares no code with the engine, so that the two can check each other. Entry points:

* :func:`insufficient_bid` (Law 27), :func:`change_of_call` (Law 25),
  :func:`call_out_of_rotation` (Laws 28-32), all returning an :class:`Outcome`;
* :func:`lead_restriction_for`, :func:`combine_leads` and :func:`lead_restriction_lifted` (Law 26);
* the call and seat helpers of :mod:`generator.oracle.calls1987`.

The 2017 Laws 25 and 27 (with 23A and 26B) have their own decisions in
:mod:`generator.oracle.calls2017`, and the 2017 Laws 28-32 in :mod:`generator.oracle.tables2017`
(imported from there: this package's names are the 1987 ones).
"""

from generator.oracle.calls1987 import (
    SEATS,
    STRAINS,
    SUITS,
    Call,
    canonical,
    dealer_of_board,
    is_sufficient,
    lho,
    lowest_sufficient,
    parse_call,
    parse_seat,
    partner,
    relation,
    rho,
)
from generator.oracle.tables1987 import (
    CHANGE_OF_CALL_TABLE,
    INSUFFICIENT_BID_TABLE,
    LEAD_TABLE,
    OUT_OF_ROTATION_TABLE,
    Outcome,
    call_out_of_rotation,
    change_of_call,
    combine_leads,
    insufficient_bid,
    lead_restriction_for,
    lead_restriction_lifted,
)

__all__ = [
    "CHANGE_OF_CALL_TABLE",
    "INSUFFICIENT_BID_TABLE",
    "LEAD_TABLE",
    "OUT_OF_ROTATION_TABLE",
    "SEATS",
    "STRAINS",
    "SUITS",
    "Call",
    "Outcome",
    "call_out_of_rotation",
    "canonical",
    "change_of_call",
    "combine_leads",
    "dealer_of_board",
    "insufficient_bid",
    "is_sufficient",
    "lead_restriction_for",
    "lead_restriction_lifted",
    "lho",
    "lowest_sufficient",
    "parse_call",
    "parse_seat",
    "partner",
    "relation",
    "rho",
]
