"""What a call shows, as a case file states it (``meanings:``), for the 2017 judgements.

The 2017 code asks whether a replacement call is *comparable* with the withdrawn one (Law 23A)
and which denominations a call *specifies* (Laws 26B, 27B1(a)). Neither can be read from the
cards: a case may state what each call shows, keyed by the index of its event, and the engine
then decides the mechanical part (a meaning contained in another, the same purpose, the same
specified suits). A missing meaning is never guessed: the ruling stays with the director.

A meaning is a set of constraints; a key that is absent leaves that feature unconstrained:

* ``hcp: [min, max]`` - strength;
* ``suits: {S: [min, max], ...}`` - suit lengths;
* ``purpose`` - ``ask``, ``relay``, ``transfer``, ``waiting``, ``cue``, ... (23A3);
* ``forcing`` - true, false or ``game``;
* ``specifies`` - the suits the call specifies, when the case says so outright;
* ``controls`` / ``shortness`` - other specified features (27B1(a));
* ``label`` - display only;
* ``attributable`` - for a withdrawn call, the list of meanings it could have had (23A2 with
  several readings of an insufficient bid: the replacement must lie inside one of them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.errors import ParseError

SUITS = ("S", "H", "D", "C")
#: a suit shown with at least this many cards, or at most ``SHORT`` cards, is *specified*
#: (spec §11.2; a regulating authority may ask for four: change it here)
SPECIFIED_MIN = 3
SHORT = 1
_KEYS = ("label", "hcp", "suits", "purpose", "forcing", "specifies", "controls", "shortness",
         "attributable")

Interval = tuple[int, int]


@dataclass(frozen=True)
class Meaning:
    """The constraints a call shows (see the module docstring for each field)."""

    label: str = ""
    hcp: Interval | None = None
    suits: tuple[tuple[str, Interval], ...] = ()
    purpose: str | None = None
    forcing: bool | str | None = None
    specifies: tuple[str, ...] | None = None
    controls: tuple[str, ...] = ()
    shortness: tuple[str, ...] = ()
    attributable: tuple[Meaning, ...] = field(default=())

    @property
    def readings(self) -> tuple[Meaning, ...]:
        """The meanings the call could have had: its ``attributable`` list, else itself."""
        return self.attributable or (self,)

    def suit(self, suit: str) -> Interval | None:
        return dict(self.suits).get(suit)

    def specified(self) -> frozenset[str]:
        """The denominations and features the call specifies (26B, 27B1(a)): an explicit
        ``specifies`` list when given, else the suits shown long or short, plus controls and
        shortness."""
        if self.specifies is not None:
            return frozenset(self.specifies)
        out = {s for s, (low, high) in self.suits if low >= SPECIFIED_MIN or high <= SHORT}
        out |= {f"control:{s}" for s in self.controls}
        out |= {f"short:{s}" for s in self.shortness}
        return frozenset(out)


def _interval(value: Any, what: str) -> Interval:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or value[0] > value[1] or value[0] < 0):
        raise ParseError(f"{what} must be [min, max] with whole numbers, min <= max, not "
                         f"{value!r}")
    return int(value[0]), int(value[1])


def _suits(value: Any, what: str) -> tuple[str, ...]:
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items:
        text = str(item).upper()
        if text not in SUITS:
            raise ParseError(f"{what} lists suits S, H, D, C, not {item!r}")
        out.append(text)
    return tuple(out)


def parse_meaning(raw: Any, what: str = "meaning") -> Meaning:
    """A meaning from its case-file mapping; every problem is a :class:`ParseError` that names
    the key."""
    if not isinstance(raw, Mapping):
        raise ParseError(f"{what} must be a mapping (hcp, suits, purpose, ...)")
    unknown = [str(k) for k in raw if str(k) not in _KEYS]
    if unknown:
        raise ParseError(f"{what}: unknown key {unknown[0]!r} (known: {', '.join(_KEYS)})")
    suits: list[tuple[str, Interval]] = []
    if "suits" in raw:
        if not isinstance(raw["suits"], Mapping):
            raise ParseError(f"{what}: 'suits' must map S, H, D, C to [min, max]")
        for key, interval in raw["suits"].items():
            (suit,) = _suits(key, f"{what}: 'suits'")
            suits.append((suit, _interval(interval, f"{what}: suits {suit}")))
    forcing = raw.get("forcing")
    if forcing is not None and not isinstance(forcing, bool) and forcing != "game":
        raise ParseError(f"{what}: 'forcing' is true, false or game, not {forcing!r}")
    attributable = raw.get("attributable") or ()
    if not isinstance(attributable, list | tuple):
        raise ParseError(f"{what}: 'attributable' must be a list of meanings")
    return Meaning(
        label=str(raw.get("label") or ""),
        hcp=_interval(raw["hcp"], f"{what}: hcp") if "hcp" in raw else None,
        suits=tuple(sorted(suits, key=lambda s: SUITS.index(s[0]))),
        purpose=str(raw["purpose"]) if raw.get("purpose") is not None else None,
        forcing=forcing,
        specifies=(tuple(sorted(_suits(raw["specifies"], f"{what}: 'specifies'"),
                                key=SUITS.index)) if "specifies" in raw else None),
        controls=_suits(raw["controls"], f"{what}: 'controls'") if "controls" in raw else (),
        shortness=_suits(raw["shortness"], f"{what}: 'shortness'") if "shortness" in raw
        else (),
        attributable=tuple(parse_meaning(m, f"{what}: attributable[{i}]")
                           for i, m in enumerate(attributable)),
    )


def to_dict(meaning: Meaning) -> dict[str, Any]:
    """The meaning back in the case format."""
    out: dict[str, Any] = {}
    if meaning.label:
        out["label"] = meaning.label
    if meaning.hcp is not None:
        out["hcp"] = list(meaning.hcp)
    if meaning.suits:
        out["suits"] = {s: list(i) for s, i in meaning.suits}
    for key in ("purpose", "forcing"):
        if getattr(meaning, key) is not None:
            out[key] = getattr(meaning, key)
    if meaning.specifies is not None:
        out["specifies"] = list(meaning.specifies)
    for key in ("controls", "shortness"):
        if getattr(meaning, key):
            out[key] = list(getattr(meaning, key))
    if meaning.attributable:
        out["attributable"] = [to_dict(m) for m in meaning.attributable]
    return out
