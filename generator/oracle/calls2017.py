"""An independent oracle for the 2017 Laws 25 and 27 (with the comparable call of Law 23 and the
lead restriction of Law 26B), written from the 2017 specification as plain decisions.

Like the 1987 oracle it shares no code with the engine (``generator.model``, ``generator.table``,
``generator.laws``): it reads meanings from the case format's plain mappings itself, and uses
only the call arithmetic of :mod:`generator.oracle.calls1987` (the oracle's own). The engine is
compared with it on random auctions by ``tests/oracle/test_engine_agrees_2017.py``.

Source: laws2017_spec.md §5.1 (23), §5.3 (25), §5.4 (26), §5.5 (27), §11 (judgement). The readings
the spec takes are taken here too, each said where it is used:

* 23A from stated meanings: the same constraints (23A1), a subset of one attributable reading
  (23A2), the same purpose (23A3), in that order; both meanings stated and none holds: not
  comparable; a meaning missing: the director's judgement (open);
* a ``director comparable|not_comparable`` finding on the replacement wins over the meanings;
* "specified" suits: a suit shown with at least 3 cards or at most 1, an explicit ``specifies``
  list, controls and shortness; a call without a stated meaning specifies its own strain if it
  is a bid (notrump included as ``NT``), nothing otherwise;
* 27B3: a double or redouble that is not comparable is cancelled; the partner is barred
  throughout whatever replaces it;
* 25B2: the new call is cancelled and the first call stands, no bar; Law 26 weighs the standing
  call against the cancelled one (the same call: comparable).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.oracle.calls1987 import SUITS, lowest_sufficient, parse_call

#: a suit shown with at least this many cards, or at most ``SHORT_MAX``, is specified
LONG_MIN = 3
SHORT_MAX = 1

Raw = Mapping[str, Any]


# ------------------------------------------------------------------------------ meanings


def readings(meaning: Raw) -> list[Raw]:
    """The meanings a call could have had: its ``attributable`` list, else itself."""
    return list(meaning.get("attributable") or [meaning])


def _interval(raw: Any) -> tuple[int, int] | None:
    return None if raw is None else (int(raw[0]), int(raw[1]))


def _suits(meaning: Raw) -> dict[str, tuple[int, int]]:
    return {str(s).upper(): (int(v[0]), int(v[1])) for s, v in (meaning.get("suits") or {}).items()}


def _within(inner: tuple[int, int] | None, outer: tuple[int, int] | None) -> bool:
    """``inner`` lies inside ``outer``; no ``outer`` constrains nothing, no ``inner`` (any
    value) fits no constraint."""
    if outer is None:
        return True
    return inner is not None and outer[0] <= inner[0] <= inner[1] <= outer[1]


def is_subset(replacement: Raw, withdrawn: Raw) -> bool:
    """23A2: every hand that makes the replacement would have made the withdrawn call."""
    if not _within(_interval(replacement.get("hcp")), _interval(withdrawn.get("hcp"))):
        return False
    mine = _suits(replacement)
    if not all(_within(mine.get(s), v) for s, v in _suits(withdrawn).items()):
        return False
    if withdrawn.get("forcing") and replacement.get("forcing") != withdrawn.get("forcing"):
        return False
    return not (withdrawn.get("purpose") and replacement.get("purpose") != withdrawn.get("purpose"))


def _norm(meaning: Raw) -> tuple[Any, ...]:
    def suit_list(key: str) -> tuple[str, ...]:
        return tuple(sorted(str(s).upper() for s in meaning.get(key) or ()))

    spec = meaning.get("specifies")
    return (_interval(meaning.get("hcp")), tuple(sorted(_suits(meaning).items())),
            meaning.get("purpose"), meaning.get("forcing"),
            None if spec is None else suit_list("specifies"),
            suit_list("controls"), suit_list("shortness"))


def comparable_by_meanings(withdrawn: Raw | None, replacement: Raw | None
                           ) -> tuple[bool, str] | None:
    """23A from the stated meanings: ``(True, "23A1"|"23A2"|"23A3")``, ``(False, "23A")``, or
    None when a meaning is missing (the director's judgement)."""
    if withdrawn is None or replacement is None:
        return None
    options = readings(withdrawn)
    if any(_norm(replacement) == _norm(w) for w in options):
        return True, "23A1"
    if any(is_subset(replacement, w) for w in options):
        return True, "23A2"
    purpose = replacement.get("purpose")
    if purpose and any(w.get("purpose") == purpose for w in options):
        return True, "23A3"
    return False, "23A"


def comparable(withdrawn: Raw | None, replacement: Raw | None, finding: str | None
               ) -> tuple[bool, str] | None:
    """23A with the director's finding first (``comparable`` / ``not_comparable``)."""
    if finding is not None:
        return finding == "comparable", "23A"
    return comparable_by_meanings(withdrawn, replacement)


def specified(meaning: Raw | None, call: str, withdrawn: bool = False) -> list[frozenset[str]]:
    """What the call specifies, one set per reading (see the module docstring). Only a
    withdrawn call's meaning is read through its ``attributable`` readings (spec §11.2: they are
    what the withdrawn call could have had); a call that stands shows its own constraints."""
    if meaning is None:
        parsed = parse_call(call)
        return [frozenset({parsed.strain})] if parsed.is_bid and parsed.strain else [frozenset()]
    out = []
    for m in (readings(meaning) if withdrawn else [meaning]):
        if m.get("specifies") is not None:
            out.append(frozenset(str(s).upper() for s in m["specifies"]))
            continue
        suits = {s for s, (low, high) in _suits(m).items() if low >= LONG_MIN or high <= SHORT_MAX}
        suits |= {f"control:{str(s).upper()}" for s in m.get("controls") or ()}
        suits |= {f"short:{str(s).upper()}" for s in m.get("shortness") or ()}
        out.append(frozenset(suits))
    return out


def unspecified_suits(calls: Sequence[tuple[str, Raw | None]]) -> list[str]:
    """26B: the suits (C, D, H, S order) the offender did not specify in the legal auction,
    from his standing calls and their meanings."""
    shown: set[str] = set()
    for call, meaning in calls:
        for reading in specified(meaning, call):
            shown |= reading
    return [s for s in SUITS if s not in shown]


# ------------------------------------------------------------------------------ outcomes


@dataclass(frozen=True)
class Outcome2017:
    """What the ruling comes to, as the oracle sees it.

    ``law``: the clause the outcome rests on; ``clause``: the 23A clause when comparability was
    decided (``None`` otherwise); ``partner_bar``: ``"throughout"`` or None; ``stands``: the
    irregular call stands (27A1, 25A1, 25B1); ``open``: the director's comparable judgement is
    left open (TD options, flag 23A); ``lead``: Law 26B applies (declarer may prohibit one of
    the suits the offender did not specify) - ``None`` when no restriction; ``replace_again``:
    27B3, the offender must make another replacement; ``flags``: the flag reasons expected.
    """

    law: str
    clause: str | None = None
    partner_bar: str | None = None
    stands: bool = False
    open: bool = False
    lead: bool = False
    replace_again: bool = False
    flags: frozenset[str] = field(default_factory=frozenset)


def insufficient_bid(last_bid: str, ib: str, accepted: bool, replacement: str | None,
                     ib_meaning: Raw | None = None, replacement_meaning: Raw | None = None,
                     finding: str | None = None) -> Outcome2017:
    """Law 27 (2017), an insufficient bid made in rotation.

    ``accepted``: the LHO accepted it (27A1); ``replacement``: the offender's call after a
    refusal (a sufficient bid, a pass, a double or redouble); ``finding``: the director's word
    on its comparability, if any. An insufficient replacement (27B4) is not modelled here."""
    if accepted:
        return Outcome2017("27A1", stands=True)
    assert replacement is not None
    call = parse_call(replacement)
    ib_call = parse_call(ib)
    assert ib_call.strain is not None
    if call.is_bid:
        assert call.strain is not None
        cheapest = lowest_sufficient(last_bid, call.strain) == replacement
        mine = specified(ib_meaning, ib, withdrawn=True)
        theirs = specified(replacement_meaning, replacement)
        if cheapest and any(t == m for t in theirs for m in mine):
            flags = {"damage_after_ib_correction"}
            if ib_meaning is None or replacement_meaning is None:
                flags.add("specified_suits_assumed")
            return Outcome2017("27B1a", flags=frozenset(flags))
    verdict = comparable(ib_meaning, replacement_meaning, finding)
    if verdict is None:
        return Outcome2017("23A", open=True, flags=frozenset({"comparable_call_judgement"}))
    yes, clause = verdict
    if yes:
        return Outcome2017("27B1b", clause=clause,
                           flags=frozenset({"damage_after_ib_correction"}))
    if call.kind in ("double", "redouble"):
        return Outcome2017("27B3", clause=clause, partner_bar="throughout", lead=True,
                           replace_again=True,
                           flags=frozenset({"enforced_pass_may_damage", "reading_27B3"}))
    return Outcome2017("27B2", clause=clause, partner_bar="throughout", lead=True,
                       flags=frozenset({"enforced_pass_may_damage"}))


def change_of_call(first: str, changed: str, inadvertent: bool, accepted: bool,
                   first_meaning: Raw | None = None, changed_meaning: Raw | None = None,
                   finding: str | None = None, judged_unintended: bool = False) -> Outcome2017:
    """Law 25 (2017): the offender replaced ``first`` by ``changed`` before his partner called.

    ``inadvertent``: he says it was a slip (25A; without ``judged_unintended`` the director's
    judgement is flagged, 25A2); otherwise a change of mind: ``accepted`` by the LHO (25B1) or
    not (25B2: the first call stands). No bar either way. Law 26 weighs the call that stands
    against the withdrawn one (``finding``: the director's word on that)."""
    if parse_call(first) == parse_call(changed):
        raise ValueError(f"{changed!r} is no change from {first!r}")
    if inadvertent:
        flags = frozenset() if judged_unintended else frozenset({"unintended_call"})
        return Outcome2017("25A1", stands=True, flags=flags)
    if accepted:
        law, withdrawn, standing = "25B1", (first, first_meaning), (changed, changed_meaning)
    else:
        law, withdrawn, standing = "25B2", (changed, changed_meaning), (first, first_meaning)
    verdict = comparable(withdrawn[1], standing[1], finding)
    if verdict is None:
        return Outcome2017(law, stands=accepted, open=True,
                           flags=frozenset({"comparable_call_judgement"}))
    yes, clause = verdict
    return Outcome2017(law, clause=clause, stands=accepted, lead=not yes)
