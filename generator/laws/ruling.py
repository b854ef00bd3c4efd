"""Structured rulings: what a director says at the table, as data.

A :class:`Ruling` names the irregularity it answers, the clauses it rests on, who may choose and
among which options, the rectifications in force, and flags for the director's judgement. The
explanation texts in Russian and English are built from this structure (``explain.py``), never
written per case. Every clause cited must exist in the edition's law index.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.laws.refs import check
from generator.model.seat import Seat


@dataclass
class Rectification:
    """One rectification of the case format (``must_pass``, ``lead_restriction``, ...)."""

    kind: str
    law: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        out.update(self.fields)
        if self.law is not None:
            out["law"] = self.law
        return out


@dataclass
class Option:
    """An option a player may choose; ``rectifications`` apply if it is chosen."""

    id: str
    rectifications: list[Rectification] = field(default_factory=list)
    laws: list[str] = field(default_factory=list)


#: the seat of a choice the director makes by his judgement (2017: comparable or not, damaged
#: or not): the case format's ``"seat": "TD"`` option
DIRECTOR = "TD"


@dataclass
class Choice:
    """A pending or settled choice: who chooses (a player, or :data:`DIRECTOR` for a point left
    to the director's judgement), among which options, and what was chosen."""

    seat: Seat | str
    options: list[Option]
    chosen: str | None = None
    #: what the choice is about, for its wording (62C: the ``card`` to keep or take back and
    #: ``whose`` it is: ``dummy``, ``own``, or ``penalty`` when taken back as a penalty card)
    about: dict[str, str] = field(default_factory=dict)

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)


@dataclass
class Ruling:
    """The director's ruling on one irregularity."""

    irregularity: int
    edition: str
    kind: str
    offender: Seat | None
    laws: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    rectifications: list[Rectification] = field(default_factory=list)
    flags: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def cite(self, *refs: str) -> None:
        """Add clauses to the ruling (checked against the law index)."""
        for ref in refs:
            check(ref, self.edition)
            if ref not in self.laws:
                self.laws.append(ref)

    def add(self, kind: str, law: str | None = None, **fields: Any) -> Rectification:
        """Add a rectification in force (its clause is cited too)."""
        if law is not None:
            self.cite(law)
        rect = Rectification(kind, law, {k: v for k, v in fields.items() if v is not None})
        self.rectifications.append(rect)
        return rect

    def offer(self, seat: Seat | str, *options: Option) -> Choice:
        """Offer a choice to a player."""
        for option in options:
            for ref in option.laws:
                check(ref, self.edition)
            for rect in option.rectifications:
                if rect.law:
                    check(rect.law, self.edition)
        choice = Choice(seat, list(options))
        self.choices.append(choice)
        return choice

    def settle(self, option_id: str) -> Option | None:
        """Record that the open choice has been made; its rectifications come into force."""
        for choice in self.choices:
            if choice.chosen is None:
                option = choice.option(option_id)
                if option is None:
                    return None
                choice.chosen = option_id
                for rect in option.rectifications:
                    self.rectifications.append(rect)
                for ref in option.laws:
                    self.cite(ref)
                return option
        return None

    def flag(self, reason: str, law: str, **details: Any) -> None:
        """Something the director must judge (a damaging enforced pass, an assigned score)."""
        self.cite(law)
        self.flags.append({"reason": reason, "law": law, **details})

    def note(self, topic: str, law: str, **details: Any) -> None:
        """Something the players should know that is neither a penalty nor a choice."""
        self.cite(law)
        entry = {"topic": topic, "law": law, **details}
        if entry not in self.notes:
            self.notes.append(entry)

    def drop(self, kind: str) -> None:
        """Remove rectifications of a kind (when a later event makes them moot)."""
        self.rectifications = [r for r in self.rectifications if r.kind != kind]

    @property
    def open_choice(self) -> Choice | None:
        return next((c for c in self.choices if c.chosen is None), None)

    def to_dict(self) -> dict[str, Any]:
        options = []
        for choice in self.choices:
            entry: dict[str, Any] = {"seat": str(choice.seat),
                                     "ids": [o.id for o in choice.options], **choice.about}
            if choice.chosen is not None:
                entry["chosen"] = choice.chosen
                entry["alternatives"] = {
                    o.id: [r.to_dict() for r in o.rectifications]
                    for o in choice.options if o.id != choice.chosen and o.rectifications
                }
            else:
                entry["rectifications"] = {
                    o.id: [r.to_dict() for r in o.rectifications] for o in choice.options
                }
            options.append(entry)
        return {
            "irregularity": self.irregularity,
            "kind": self.kind,
            "offender": str(self.offender) if self.offender else None,
            "laws": list(self.laws),
            "options": options,
            "rectifications": [r.to_dict() for r in self.rectifications],
            "flags": list(self.flags),
            "notes": list(self.notes),
        }
