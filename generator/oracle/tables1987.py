"""Laws 25, 27 and 28-32 of the 1987 code as plain decision tables: an independent oracle.

The engine (``generator.laws``) rules on a case by replaying the table; this module answers the
same questions a second time, from the law text alone, so that the two can be compared on random
auctions (``tests/oracle/test_engine_agrees.py``) and so that the scenario generator can check the
ruling it expects. It shares no code with the engine: the little auction arithmetic it needs is in
:mod:`generator.oracle.calls1987`.

Each public function computes a few keys from its arguments and looks them up in a literal table
(``INSUFFICIENT_BID_TABLE``, ``CHANGE_OF_CALL_TABLE``, ``OUT_OF_ROTATION_TABLE``); the row is the
answer. Sources: ``shared/laws/laws1987_spec.md`` §5.3-5.10 and the Russian 1987 text (seeds 000,
001, 003: Laws 25, 26, 28, 29, 30A/B1). Where the 1987 text was not seen (27B3, 30B2, 30B3, 31, 32)
the tables follow the spec's reconstruction.

What the oracle does NOT decide (a comparison must skip or handle these itself):

* **Law 26A1 and the "different final call" condition of Law 26.** The oracle gives the lead
  restriction the clause attaches to the withdrawn call(s): ``"26A"`` (with ``lead_suits``) when
  one named a suit, ``"26B"`` for notrump, pass, double or redouble. The restriction disappears
  when the offender later specifies that suit (26A1), when his final call at that turn is the
  withdrawn call itself (Law 26 preamble: only a *different* final call counts), and when his side
  declares. All three depend on the rest of the auction: see :func:`lead_restriction_lifted` and
  :func:`combine_leads`. Only Law 25, where the final call picks the clause, applies the "different
  final call" condition itself.
* Conventional meanings (a pass that shows suits under 30B1, a conventional lowest bid under 27B1):
  every call is read as natural.
* Legality beyond what the arguments say: an inadmissible double or redouble (Laws 35-36), an
  illegal first call under 25B2(A), an insufficient bid out of rotation (27C), a bid that is
  insufficient when repeated under 31A1, Law 23 score adjustments, and the 25B1 case where LHO had
  already called over the original call.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from generator.oracle.calls1987 import (
    Call,
    is_sufficient,
    lowest_sufficient,
    parse_call,
    relation,
)

Scope = Literal["next_turn", "throughout"]
LeadLaw = Literal["26A", "26B"]

#: Short names for the two scopes of a bar, used in the tables.
NEXT: Final[Scope] = "next_turn"
ALL: Final[Scope] = "throughout"
#: Law 26 applies to the irregular call itself (Laws 27 and 31-32).
IRREGULAR: Final[tuple[str, ...]] = ("irregular",)


@dataclass(frozen=True)
class Outcome:
    """What the law prescribes after an irregular call.

    * ``law``: the most specific clause of the 1987 law index (``"27B2"``, ``"30B2"``,
      ``"31A2b"``); a less specific one (``"27B"``, ``"25B2"``, ``"31A"``) while the decision that
      picks the clause has not been made yet (no substitute, no RHO call). ``"30B3"`` and ``"25"``
      from :func:`call_out_of_rotation` mean "a change of call": ask :func:`change_of_call`.
    * ``stands``: the irregular call stands (accepted or condoned, or corrected under 25A).
    * ``partner_bar`` / ``offender_bar``: ``"next_turn"`` or ``"throughout"``: that player must
      pass at his next turn / for the rest of the auction.
    * ``partner_no_double``: the offender's partner may not double or redouble at that turn (30B2).
    * ``must_repeat``: the call the offender must repeat at his turn (31A1, 32B after RHO passes).
    * ``lead_restriction``: ``"26A"`` or ``"26B"`` on the offender's partner if he defends, before
      the Law 26 lifts described in the module docstring (see :func:`combine_leads` when more
      than one call was withdrawn).
    * ``lead_suits``: for ``"26A"``, the suits the withdrawn calls named (``("H",)``).
    * ``withdrawn``: the withdrawn calls the lead restriction rests on (canonical spellings).
    """

    law: str
    stands: bool = False
    partner_bar: Scope | None = None
    offender_bar: Scope | None = None
    partner_no_double: bool = False
    must_repeat: str | None = None
    lead_restriction: LeadLaw | None = None
    lead_suits: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()


class Row(NamedTuple):
    """One row of a decision table: the outcome before the call strings are filled in.

    ``repeat``: the offender must repeat the irregular call. ``lead``: the withdrawn calls Law 26
    applies to, by role: ``"irregular"`` (the insufficient bid, the call out of rotation),
    ``"changed"`` (the attempted change of call), ``"first"`` (the call it tried to replace).
    """

    law: str
    stands: bool = False
    partner: Scope | None = None
    offender: Scope | None = None
    no_double: bool = False
    repeat: bool = False
    lead: tuple[str, ...] = ()


# --------------------------------------------------------------------------------- Law 26
#: Law 26: which restriction a withdrawn call brings, by the kind of call.
LEAD_TABLE: Final[dict[str, LeadLaw]] = {
    "suit_bid": "26A",   # 26A: the call referred to a specific suit
    "notrump_bid": "26B",
    "pass": "26B",
    "double": "26B",
    "redouble": "26B",
}


def _call_class(call: Call) -> str:
    if call.is_bid:
        return "suit_bid" if call.suit else "notrump_bid"
    return call.kind


def lead_restriction_for(withdrawn: str) -> tuple[LeadLaw, str | None]:
    """Law 26 for a withdrawn call: ``("26A", suit)`` for a suit bid, else ``("26B", None)``."""
    call = parse_call(withdrawn)
    return LEAD_TABLE[_call_class(call)], call.suit


def lead_restriction_lifted(withdrawn: str, final: str | None,
                            later_offender_calls: Iterable[str] = ()) -> str | None:
    """Why the Law 26 restriction on ``withdrawn`` does not apply after all, or ``None``.

    * ``"26"``: the offender's final call at that turn is the withdrawn call itself (the Law 26
      preamble needs a *different* final call; the footnote's "same call with a substantially
      different meaning" is not modelled, so a double of another bid counts as the same call);
    * ``"26A1"``: the withdrawn call named a suit and the offender bid that suit later (his final
      call at that turn included: pass it as ``final`` or among ``later_offender_calls``).

    The third lift, the offender's side becoming the declaring side, needs the final contract and
    is left to the caller.
    """
    call = parse_call(withdrawn)
    if final is not None and parse_call(final) == call:
        return "26"
    later = [parse_call(c) for c in ([final] if final is not None else [])]
    later += [parse_call(c) for c in later_offender_calls]
    if call.suit is not None and any(c.is_bid and c.suit == call.suit for c in later):
        return "26A1"
    return None


def combine_leads(withdrawn: Iterable[str]) -> tuple[LeadLaw | None, tuple[str, ...]]:
    """Law 26 for the calls withdrawn at one turn: ``("26A", suits)`` if any named a suit, else
    ``("26B", ())`` if any was withdrawn, else ``(None, ())``.

    Reading taken for a suit bid withdrawn together with a call that names no suit (possible
    only under 25B2(B)(2)): 26A on the suit(s), the stronger restriction; the oracle does not add
    the 26B right for the other call (the law text does not say how the two combine).
    """
    laws_and_suits = [lead_restriction_for(c) for c in withdrawn]
    suits = tuple(dict.fromkeys(s for _, s in laws_and_suits if s is not None))
    if suits:
        return "26A", suits
    return ("26B", ()) if laws_and_suits else (None, ())


def _outcome(row: Row, calls: dict[str, Call], final: Call | None = None) -> Outcome:
    """Fill a row in. ``calls``: the calls by role; ``final``: the offender's final call at that
    turn, given only where it is made in the same auction as the withdrawn calls (Law 25), so that
    an equal call is the same call; a withdrawn call equal to it brings no Law 26 restriction."""
    withdrawn = tuple(str(calls[role]) for role in row.lead if calls[role] != final)
    lead, suits = combine_leads(withdrawn)
    return Outcome(
        law=row.law,
        stands=row.stands,
        partner_bar=row.partner,
        offender_bar=row.offender,
        partner_no_double=row.no_double,
        must_repeat=str(calls["irregular"]) if row.repeat else None,
        lead_restriction=lead,
        lead_suits=suits,
        withdrawn=withdrawn,
    )


# --------------------------------------------------------------------------------- Law 27
#: Law 27. Key: (decision, substitute class). The substitute classes are computed from the calls.
INSUFFICIENT_BID_TABLE: Final[dict[tuple[str, str], Row]] = {
    # 27A: LHO accepts the insufficient bid: it stands, no penalty.
    ("accepted", "-"): Row("27A", stands=True),
    # 27B: not accepted, substitute not yet made.
    ("refused", "none"): Row("27B"),
    # 27B1: lowest sufficient bid in the same denomination: no penalty, no lead restriction.
    ("refused", "lowest_same_denomination"): Row("27B1"),
    # 27B2: any other sufficient bid, or a pass: partner passes throughout, Law 26.
    ("refused", "other_sufficient_bid"): Row("27B2", partner=ALL, lead=IRREGULAR),
    ("refused", "pass"): Row("27B2", partner=ALL, lead=IRREGULAR),
    # 27B3 [M]: a double or redouble counts as a pass, with the 27B2 penalties.
    ("refused", "double"): Row("27B3", partner=ALL, lead=IRREGULAR),
    ("refused", "redouble"): Row("27B3", partner=ALL, lead=IRREGULAR),
}


def insufficient_bid(last_bid: str, insufficient: str, accepted: bool,
                     substitute: str | None) -> Outcome:
    """Law 27: an insufficient bid made in rotation.

    ``last_bid``: the bid it failed to supersede; ``insufficient``: the insufficient bid;
    ``accepted``: whether the offender's LHO accepted it (27A); ``substitute``: the offender's
    replacement call when it was not accepted (``None``: not made yet).

    Raises :class:`ValueError` when ``insufficient`` is not a bid lower than ``last_bid``, or when
    a bid ``substitute`` is itself insufficient.
    """
    ib = parse_call(insufficient)
    if not ib.is_bid or is_sufficient(insufficient, last_bid):
        raise ValueError(f"{insufficient!r} is not an insufficient bid over {last_bid!r}")
    if accepted:
        key = ("accepted", "-")
    elif substitute is None:
        key = ("refused", "none")
    else:
        sub = parse_call(substitute)
        if sub.is_bid and not is_sufficient(substitute, last_bid):
            raise ValueError(f"substitute {substitute!r} is insufficient over {last_bid!r}")
        assert ib.strain is not None
        if sub.is_bid:
            lowest = lowest_sufficient(last_bid, ib.strain)
            same = lowest is not None and str(sub) == lowest
            key = ("refused", "lowest_same_denomination" if same else "other_sufficient_bid")
        else:
            key = ("refused", sub.kind)
    return _outcome(INSUFFICIENT_BID_TABLE[key], {"irregular": ib})


# --------------------------------------------------------------------------------- Law 25
#: Law 25. Key: (how the change was treated, what the offender's final call is).
#: 25B2(C) puts Law 26 in both refused cases. It applies to each call withdrawn at that turn that
#: differs from the offender's final call (Law 26 preamble): under (B)(1) the changed call (the
#: first call stands); under (B)(2) the changed call and the first call, which he replaced,
#: less his final call if it repeats one of them.
CHANGE_OF_CALL_TABLE: Final[dict[tuple[str, str], Row]] = {
    # 25A: inadvertent call replaced without pause: the new call stands, no penalty.
    ("inadvertent", "-"): Row("25A", stands=True),
    # 25B1: LHO accepts the substituted call: it stands, no penalty.
    ("accepted", "-"): Row("25B1", stands=True),
    # 25B2: not accepted, the offender has not yet chosen.
    ("refused", "none"): Row("25B2"),
    # 25B2(B)(1): the first call stands; partner passes at his next turn; 25B2(C): Law 26.
    ("refused", "first"): Row("25B2b1", partner=NEXT, lead=("changed",)),
    # 25B2(B)(2): any other legal call; partner passes throughout; 25B2(C): Law 26.
    ("refused", "other"): Row("25B2b2", partner=ALL, lead=("first", "changed")),
}


def change_of_call(first: str, changed: str, inadvertent: bool, accepted: bool,
                   final: str | None) -> Outcome:
    """Law 25: the offender replaced his (legal) call ``first`` by ``changed``.

    ``inadvertent``: a slip corrected without pause (25A; wins over everything else);
    ``accepted``: the offender's LHO accepted the change (25B1); ``final``: after a refusal, the
    offender's final call at that turn (``first`` again = 25B2(B)(1), anything else =
    25B2(B)(2); ``None``: not made yet).

    The first call is assumed legal (25B2(A), an illegal first call, is outside the oracle).
    Raises :class:`ValueError` when ``changed`` is the same call as ``first``.
    """
    first_call, changed_call = parse_call(first), parse_call(changed)
    if first_call == changed_call:
        raise ValueError(f"{changed!r} is no change from {first!r}")
    if inadvertent:
        key = ("inadvertent", "-")
    elif accepted:
        key = ("accepted", "-")
    elif final is None:
        key = ("refused", "none")
    else:
        key = ("refused", "first" if parse_call(final) == first_call else "other")
    final_call = parse_call(final) if final is not None else None
    return _outcome(CHANGE_OF_CALL_TABLE[key], {"first": first_call, "changed": changed_call},
                    final_call)


# ----------------------------------------------------------------------------- Laws 28-32
#: Laws 28-32: a call out of rotation. First matching row wins; ``"*"`` matches anything; a
#: situation no row matches cannot happen (or is outside the oracle) and raises ValueError.
#:
#: Key columns:
#:   decision  accepted (29B) | superseded (28B: the opponent whose turn it was called before a
#:             ruling) | refused (29A: cancelled, then Laws 30-32)
#:   call      pass | bid | double (double or redouble)
#:   turn      whose turn it was, seen from the offender: rho | partner | lho_called (LHO, the
#:             offender having called before) | lho_first (LHO, offender not yet called)
#:   bid       a bid had been made before the irregular call: yes | no
#:   rho_next  RHO's call at that turn after the cancellation: none (not yet) | pass | call
#:   final     the offender's final call at his turn: none | same (a bid in the denomination of
#:             the irregular bid) | other
OutOfRotationKey = tuple[str, str, str, str, str, str]
OUT_OF_ROTATION_TABLE: Final[tuple[tuple[OutOfRotationKey, Row], ...]] = (
    # decision     call     turn          bid    rho_next final
    # At LHO's turn after the offender has called, the call is a change of his earlier call
    # (30B3; Law 25 for a bid or double): accepted by a statement or by the LHO's calling over it,
    # 25B1 lets it stand in place of the earlier call (seed 000, 25B1; 28B's "as though the
    # offender had called nothing in that round" cannot fit an earlier call made in rotation).
    (("accepted",  "*",     "lho_called", "*",   "*",     "*"),     Row("25B1", stands=True)),
    (("superseded", "*",    "lho_called", "*",   "*",     "*"),     Row("25B1", stands=True)),
    # 29B: LHO accepts (or calls over it): the call stands as if in rotation.
    (("accepted",  "*",     "*",          "*",   "*",     "*"),     Row("29B", stands=True)),
    # 28B: the opponent whose turn it was called first: his call is in rotation, no penalty, and
    # the auction goes on as though the offender had not called at that turn. At LHO's turn the
    # LHO is that opponent: 28B's specific wording ("the opponent whose turn it was") is read as
    # prevailing over 29B's general right of the LHO to call (the project's chosen reading).
    (("superseded", "*",    "rho",        "*",   "*",     "*"),     Row("28B")),
    (("superseded", "*",    "lho_first",  "*",   "*",     "*"),     Row("28B")),
    # 30A: pass before any bid (any seat's turn): offender passes at his next turn.
    (("refused",   "pass",  "*",          "no",  "*",     "*"),     Row("30A", offender=NEXT)),
    # 30B1: after a bid, at RHO's turn: offender passes at his next turn.
    (("refused",   "pass",  "rho",        "yes", "*",     "*"),     Row("30B1", offender=NEXT)),
    # 30B2 [M]: at partner's turn: offender passes throughout; partner may not X/XX at that turn.
    (("refused",   "pass",  "partner",    "yes", "*",     "*"),     Row("30B2", offender=ALL,
                                                                         no_double=True)),
    # 30B3 [M]: at LHO's turn, offender having called: a change of call (Law 25).
    (("refused",   "pass",  "lho_called", "yes", "*",     "*"),     Row("30B3")),
    # 31A: bid at RHO's turn, RHO has not called yet.
    (("refused",   "bid",   "rho",        "*",   "none",  "*"),     Row("31A")),
    # 31A1: RHO passes: offender must repeat his bid, no penalty.
    (("refused",   "bid",   "rho",        "*",   "pass",  "*"),     Row("31A1", repeat=True)),
    # 31A2: RHO bids, doubles or redoubles: offender chooses (not yet made).
    (("refused",   "bid",   "rho",        "*",   "call",  "none"),  Row("31A2")),
    # 31A2a: offender repeats the denomination: partner passes at his next turn.
    (("refused",   "bid",   "rho",        "*",   "call",  "same"),  Row("31A2a", partner=NEXT)),
    # 31A2b: any other call: partner passes throughout, Law 26.
    (("refused",   "bid",   "rho",        "*",   "call",  "other"), Row("31A2b", partner=ALL,
                                                                         lead=IRREGULAR)),
    # 31B: at partner's turn, or at LHO's turn before the offender has called: partner passes
    # throughout, Law 26.
    (("refused",   "bid",   "partner",    "*",   "*",     "*"),     Row("31B", partner=ALL,
                                                                         lead=IRREGULAR)),
    (("refused",   "bid",   "lho_first",  "*",   "*",     "*"),     Row("31B", partner=ALL,
                                                                         lead=IRREGULAR)),
    # At LHO's turn after the offender has called: a change of call (Law 25).
    (("refused",   "bid",   "lho_called", "*",   "*",     "*"),     Row("25")),
    # 32A [M]: double/redouble at partner's turn: partner passes throughout, Law 26.
    (("refused",   "double", "partner",   "yes", "*",     "*"),     Row("32A", partner=ALL,
                                                                         lead=IRREGULAR)),
    # 32B [M]: at RHO's turn: RHO passes -> offender must repeat it, no penalty; RHO bids ->
    # partner passes throughout, Law 26.
    (("refused",   "double", "rho",       "yes", "none",  "*"),     Row("32B")),
    (("refused",   "double", "rho",       "yes", "pass",  "*"),     Row("32B", repeat=True)),
    (("refused",   "double", "rho",       "yes", "call",  "*"),     Row("32B", partner=ALL,
                                                                         lead=IRREGULAR)),
    # At LHO's turn after the offender has called: a change of call (Law 25).
    (("refused",   "double", "lho_called", "yes", "*",    "*"),     Row("25")),
)  # fmt: skip


def _lookup(key: OutOfRotationKey) -> Row:
    for pattern, row in OUT_OF_ROTATION_TABLE:
        if all(p in ("*", k) for p, k in zip(pattern, key, strict=True)):
            return row
    raise ValueError(f"no row of Laws 28-32 for {key} (impossible or outside the oracle)")


def call_out_of_rotation(call: str, offender: str, turn: str, any_bid_before: bool,
                         offender_has_called: bool, accepted: bool, rho_next_call: str | None,
                         offender_final: str | None, *, superseded: bool = False) -> Outcome:
    """Laws 28-32: ``offender`` made ``call`` when it was ``turn``'s turn to call.

    * ``any_bid_before``: some player had bid before the irregular call (30A vs 30B);
    * ``offender_has_called``: the offender had already called in this auction (at LHO's turn
      this makes the call a change of call: 30B3, or Law 25 for a bid, double or redouble);
    * ``accepted``: the offender's LHO accepted the call (29B);
    * ``rho_next_call``: when it was RHO's turn, RHO's call after the cancellation (31A, 32B);
    * ``offender_final``: the offender's call at his own turn after the cancellation (31A2);
    * ``superseded`` (keyword): the opponent whose turn it was called before any ruling (28B).

    Raises :class:`ValueError` when it was the offender's own turn, for a double or redouble
    before any bid (inadmissible: Laws 35-36), for a ``superseded`` call at partner's turn, and for
    impossible combinations (LHO's turn after a bid when the offender has not called).
    """
    irregular = parse_call(call)
    seen_from_offender: str = relation(offender, turn)
    turn_key = seen_from_offender
    if seen_from_offender == "lho":
        turn_key = "lho_called" if offender_has_called else "lho_first"
    decision = "accepted" if accepted else "superseded" if superseded else "refused"
    rho_key = ("none" if rho_next_call is None
               else "pass" if parse_call(rho_next_call).kind == "pass" else "call")
    final_call = parse_call(offender_final) if offender_final is not None else None
    final_key = ("none" if final_call is None
                 else "same" if (final_call.is_bid and irregular.is_bid
                                              and final_call.strain == irregular.strain)
                 else "other")
    call_key = "double" if irregular.kind in ("double", "redouble") else irregular.kind
    if call_key == "double" and not any_bid_before:
        raise ValueError(f"{call!r} before any bid is inadmissible (Laws 35-36)")
    key = (decision, call_key, turn_key, "yes" if any_bid_before else "no", rho_key, final_key)
    return _outcome(_lookup(key), {"irregular": irregular})
