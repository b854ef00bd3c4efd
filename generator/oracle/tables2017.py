"""Laws 28-32 of the 2017 code as plain decision tables: an independent oracle.

The engine (``generator.laws``, modules ``law28``-``law32``) rules on a call out of rotation by
replaying the table; this module answers the same question a second time, from the 2017 rules as
``shared/laws/laws2017_spec.md`` §5.6-5.10 and §11 restate them, so that the two can be compared
on random auctions (``tests/oracle/test_engine_agrees_2017.py``). Like the 1987 tables
(:mod:`generator.oracle.tables1987`) it shares no code with the engine: it parses calls with
:mod:`generator.oracle.calls1987` and decides the comparable call (Law 23A) with its own few lines
(:func:`comparable`), from the same meaning fields a case states.

One table, :data:`OUT_OF_ROTATION_2017`, keyed by

* ``decision``: ``accepted`` (the LHO accepts, or calls over it: 29A), ``superseded`` (the player
  in turn called first: 28B), ``refused`` (cancelled: 29B);
* ``call``: ``pass`` | ``artificial_pass`` (30C: ruled as a bid) | ``bid`` | ``double``
  (a double or a redouble);
* ``turn``: ``rho`` | ``partner`` | ``lho_first`` (LHO's turn, the offender not having called) |
  ``lho_called`` (LHO's turn after the offender has called: a change of call, Law 25);
* ``rho_next``: RHO's call at his turn after the cancellation, at RHO's turn only: ``none`` (not
  yet), ``pass``, ``call``;
* ``verdict``: the offender's own call at his turn, judged against the cancelled one: ``none``
  (not made yet), ``comparable``, ``not_comparable``, ``open`` (nothing decides it: the
  director's judgement is asked for).

The row gives the most specific clause, whether the call stands, the bars (2017 has only two
scopes and here only ``next_turn`` occurs), the repeat duty, whether Law 26B restricts partner's
lead (over the suits the offender did not specify: :func:`unspecified_suits`), whether the
director's choice is left open, and whether partner is told that the cancelled call is
unauthorised information to him (16C2).

What the oracle does not decide: a bid above seven or an insufficient bid out of rotation (Laws
38, 27A2), an inadmissible double (Law 36), the accepted pass that Law 34 keeps from ending the
auction, and the Law 26 judgement after a refused change of call at LHO's turn (only the clause
is compared there).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple

from generator.oracle.calls1987 import SUITS, parse_call, relation

Verdict = Literal["none", "comparable", "not_comparable", "open"]

#: a suit shown with at least this many cards, or at most this many, is *specified* (spec §11.2)
SPECIFIED_MIN: Final = 3
SPECIFIED_SHORT: Final = 1


@dataclass(frozen=True)
class Outcome2017:
    """What the 2017 law prescribes after a call out of rotation.

    * ``law``: the most specific clause (``"31A2b"``); a less specific one while the decision
      that picks it is still to come (``"31A"``, ``"30B1"``); ``"25"`` for a change of call;
    * ``stands``: the call out of rotation stands (29A, 25B1);
    * ``partner_bar`` / ``offender_bar``: ``"next_turn"`` or None (2017 never bars throughout
      here);
    * ``must_repeat``: the call the offender must repeat (31A1, 32A1);
    * ``lead_26b``: Law 26B restricts partner's lead (if his side defends);
    * ``td_open``: the director's comparable / not comparable choice is still open (with the 23A
      flag);
    * ``damage_check``: the 23C flag (a comparable call was made);
    * ``ui_note``: partner is told that the cancelled call is unauthorised to him (16C2).
    """

    law: str
    stands: bool = False
    partner_bar: str | None = None
    offender_bar: str | None = None
    must_repeat: str | None = None
    lead_26b: bool = False
    td_open: bool = False
    damage_check: bool = False
    ui_note: bool = False


class Row(NamedTuple):
    law: str
    stands: bool = False
    partner: str | None = None
    offender: str | None = None
    repeat: bool = False
    lead: bool = False
    open: bool = False
    damage: bool = False
    ui: bool = False


NEXT: Final = "next_turn"

# The offender's call at his own turn, judged (Law 23): the three outcomes of each law's clause.
def _judged(comparable: str, not_comparable: str, pending: str) -> dict[str, Row]:
    return {
        "none": Row(pending),
        "comparable": Row(comparable, damage=True),
        "not_comparable": Row(not_comparable, partner=NEXT, lead=True, ui=True),
        "open": Row(pending, open=True),
    }


def _free(rows: dict[str, Row]) -> dict[str, Row]:
    """Partner called freely first: he is told the cancelled call is unauthorised to him (16C2),
    which a comparable call then lifts (23B)."""
    return {k: v._replace(ui=k != "comparable") for k, v in rows.items()}


_30B1 = _judged("30B1bi", "30B1bii", "30B1")
_31A2 = _judged("31A2a", "31A2b", "31A2")
_31B = _judged("31A2a", "31A2b", "31B")
_32A2 = _judged("32A2a", "32A2b", "32A2")
_32B = _judged("32A2a", "32A2b", "32B")

#: (decision, call, turn, rho_next) -> verdict -> row; ``*`` matches anything. First match wins.
OUT_OF_ROTATION_2017: Final[tuple[tuple[tuple[str, str, str, str], Mapping[str, Row]], ...]] = (
    # decision      call               turn          rho_next
    # At LHO's turn after the offender has called: a change of call, accepted by the LHO's
    # statement or his calling over it (25B1); refused, Law 25B2 (30B2, 31C, 32C).
    (("accepted",   "*",               "lho_called", "*"),    {"*": Row("25B1", stands=True)}),
    (("superseded", "*",               "lho_called", "*"),    {"*": Row("25B1", stands=True)}),
    (("refused",    "pass",            "lho_called", "*"),    {"*": Row("30B2")}),
    (("refused",    "artificial_pass", "lho_called", "*"),    {"*": Row("30B2")}),
    (("refused",    "bid",             "lho_called", "*"),    {"*": Row("31C")}),
    (("refused",    "double",          "lho_called", "*"),    {"*": Row("32C")}),
    # 29A: the LHO accepts: the call stands, no rectification.
    (("accepted",   "*",               "*",          "*"),    {"*": Row("29A", stands=True)}),
    # 28B: the player in turn called first: in rotation, no rectification, no Law 26, but 16C2.
    (("superseded", "*",               "*",          "*"),    {"*": Row("28B", ui=True)}),
    # 30A: a (natural) pass at RHO's turn: the offender passes at his next turn; nothing more.
    (("refused",    "pass",            "rho",        "*"),    {"*": Row("30A", offender=NEXT)}),
    # 30B1: at partner's turn or LHO's first turn: partner free (16C2), the offender judged.
    (("refused",    "pass",            "*",          "*"),    _free(_30B1)),
    # 31A (and 30C): at RHO's turn: RHO passes -> repeat, nothing more; RHO calls -> judged.
    (("refused",    "bid",             "rho",        "none"), {"*": Row("31A")}),
    (("refused",    "bid",             "rho",        "pass"), {"*": Row("31A1", repeat=True)}),
    (("refused",    "bid",             "rho",        "call"), _31A2),
    # 31B (and 30C): partner free (16C2), the offender judged as in 31A2 (31B2).
    (("refused",    "bid",             "*",          "*"),    _free(_31B)),
    # 32A: at RHO's turn: RHO passes -> repeat; RHO calls -> judged.
    (("refused",    "double",          "rho",        "none"), {"*": Row("32A")}),
    (("refused",    "double",          "rho",        "pass"), {"*": Row("32A1", repeat=True)}),
    (("refused",    "double",          "rho",        "call"), _32A2),
    # 32B: at partner's turn: partner free (16C2), the offender judged as in 32A2 (32B2).
    (("refused",    "double",          "partner",    "*"),    _free(_32B)),
)  # fmt: skip


def _lookup(key: tuple[str, str, str, str], verdict: str) -> Row:
    for pattern, rows in OUT_OF_ROTATION_2017:
        if all(p in ("*", k) for p, k in zip(pattern, key, strict=True)):
            return rows.get(verdict) or rows["*"]
    raise ValueError(f"no 2017 row of Laws 28-32 for {key} (outside the oracle)")


def call_out_of_rotation_2017(call: str, offender: str, turn: str, offender_has_called: bool,
                              decision: str, rho_next_call: str | None, verdict: Verdict,
                              artificial: bool = False) -> Outcome2017:
    """Laws 28-32 (2017): ``offender`` made ``call`` when it was ``turn``'s turn.

    ``decision``: ``accepted`` | ``superseded`` | ``refused``; ``rho_next_call``: RHO's call after
    the cancellation (at RHO's turn); ``verdict``: the offender's replacement judged (see the
    module docstring); ``artificial``: the pass (or the partner's call it passes) is artificial
    (30C: Law 31 rules it)."""
    kind = parse_call(call).kind
    seen = relation(offender, turn)
    turn_key = seen if seen != "lho" else ("lho_called" if offender_has_called else "lho_first")
    call_key = {"pass": "artificial_pass" if artificial else "pass", "bid": "bid",
                "double": "double", "redouble": "double"}[kind]
    if call_key == "artificial_pass" and turn_key != "lho_called":
        call_key = "bid"  # 30C
    rho_key = ("none" if rho_next_call is None
               else "pass" if parse_call(rho_next_call).kind == "pass" else "call")
    row = _lookup((decision, call_key, turn_key, rho_key), verdict)
    return Outcome2017(row.law, row.stands, row.partner, row.offender,
                       call if row.repeat else None, row.lead, row.open, row.damage, row.ui)


# ------------------------------------------------------------------------------ Law 23A


def _inside(inner: Any, outer: Any) -> bool:
    if outer is None:
        return True
    return inner is not None and outer[0] <= inner[0] and inner[1] <= outer[1]


def comparable(withdrawn: Mapping[str, Any] | None,
               replacement: Mapping[str, Any] | None) -> bool | None:
    """23A from two stated meanings (the case format's mapping: ``hcp``, ``suits``, ``purpose``,
    ``forcing``): the same constraints (23A1), every constraint of the withdrawn meaning holding
    for the replacement (23A2), or the same purpose (23A3); ``None`` when a meaning is missing
    (the director judges)."""
    if withdrawn is None or replacement is None:
        return None
    w_suits = withdrawn.get("suits") or {}
    r_suits = replacement.get("suits") or {}
    if (withdrawn.get("hcp") == replacement.get("hcp") and w_suits == r_suits
            and withdrawn.get("purpose") == replacement.get("purpose")
            and withdrawn.get("forcing") == replacement.get("forcing")):
        return True
    inside = (_inside(replacement.get("hcp"), withdrawn.get("hcp"))
              and all(_inside(r_suits.get(s), w_suits[s]) for s in w_suits)
              and (not withdrawn.get("forcing")
                   or replacement.get("forcing") == withdrawn.get("forcing"))
              and (not withdrawn.get("purpose")
                   or replacement.get("purpose") == withdrawn.get("purpose")))
    if inside:
        return True
    return bool(replacement.get("purpose")) and replacement.get("purpose") == withdrawn.get(
        "purpose")


def verdict_of(withdrawn: Mapping[str, Any] | None, replacement: Mapping[str, Any] | None,
               finding: str | None) -> Verdict:
    """The verdict on a replacement: the director's finding (``comparable`` / ``not_comparable``)
    prevails; else the stated meanings; else ``open``."""
    if finding is not None:
        return "comparable" if finding == "comparable" else "not_comparable"
    decided = comparable(withdrawn, replacement)
    if decided is None:
        return "open"
    return "comparable" if decided else "not_comparable"


# ------------------------------------------------------------------------------ Law 26B


def specified_by(call: str, meaning: Mapping[str, Any] | None) -> set[str]:
    """The suits a standing call specifies: from its stated meaning (a suit shown with at least
    three cards or at most one), else the strain of a natural suit bid."""
    if meaning is not None:
        suits = meaning.get("suits") or {}
        return {s for s, (low, high) in suits.items()
                if low >= SPECIFIED_MIN or high <= SPECIFIED_SHORT}
    parsed = parse_call(call)
    return {parsed.strain} if parsed.suit is not None and parsed.strain else set()


def unspecified_suits(standing: Iterable[tuple[str, Mapping[str, Any] | None]]) -> list[str]:
    """26B: the suits declarer may prohibit, in C D H S order: those the offender did not
    specify by any of his calls of the legal auction (``(call, meaning)`` pairs)."""
    specified: set[str] = set()
    for call, meaning in standing:
        specified |= specified_by(call, meaning)
    return [s for s in SUITS if s not in specified]
