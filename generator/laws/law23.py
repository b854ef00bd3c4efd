"""Law 23: the damaging enforced pass (1987); the comparable call (2017, second half).

23A: when a penalty obliges the offender's partner to pass and the director judges that the
offender could have known at the time that this would likely damage the non-offending side, the
auction and play go on and the director may adjust the score afterwards. 23B is referred to by
Law 30A when, after a pass out of rotation before any bid, the offender's partner opens the
bidding; its 1987 text was not seen ([M]), so the engine only flags the situation for the director.

The engine cannot judge what the offender could have known: it flags, it does not adjust.

2017 (spec 2017 §5.1, §11): Law 23 is the *comparable call*, a service for every law that lets
an offender replace a withdrawn call (27B1(b), 29-32, and 25/26 for the lead). The API, for the
rules of those laws (names kept stable; each says why in its docstring):

* :func:`decision` / :func:`judge`: is the replacement comparable? From a ``director comparable
  | not_comparable`` finding, else from the stated meanings (:func:`decide`), else ``None``
  (the director's judgement is needed). :func:`judge` also cites the clause on the ruling.
* :class:`Comparability`: one 23A test owned by a rule (``self.comparability``). The rule
  builds it with two callbacks, the comparable branch (most laws: :func:`comparable_call`:
  23B, no rectification, 16C2 lifted, flag ``comparable_call_damage_check`` 23C) and the other
  branch (its law's bars through ``rule.bar_partner``, Law 26B through ``rule.restrict_lead``),
  and calls :meth:`Comparability.rule` once the replacement is made, with preview
  rectifications for each branch. When nothing decides, the ruling offers the director the two
  branches (``"seat": "TD"``, ids ``comparable`` / ``not_comparable``, each with its previews)
  and flags ``comparable_call_judgement`` (23A). The rule's ``judged`` hook passes the
  ``director ...`` event to :meth:`Comparability.judged`, which settles the choice, drops the
  previews and applies the branch for real; a finding that contradicts a decision already
  taken from the meanings undoes that branch (what it added to the ruling, the table's bars
  and the rule's lead restrictions) and applies the other: the director's word wins (§11.2).
* :func:`comparable_call`: the 23B bookkeeping alone, for a rule that does not use the mixin.
* :func:`damage_judged`: ``director damaged 23C`` / ``no_damage 23C`` (or 27D) answers the
  end-of-play flag: an ``adjusted_score`` (12C1b) or ``score_stands``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.laws.ruling import DIRECTOR, Option, Rectification, Ruling

if TYPE_CHECKING:
    from generator.laws.law26 import LeadRestriction
    from generator.laws.ruler import Rule
    from generator.table.events import Judgement
    from generator.table.state import Bar, Table

#: the module serves both codes: 1987 23A/23B above, the 2017 comparable call below
EDITIONS = ("1987", "2017")


def enforced_pass(ruling: Ruling) -> None:
    """Flag a possible damaging enforced pass: 1987 23A; under 2017 the same point is Law 72C
    (the offender could have known that his irregularity might damage the other side), spec
    2017 §14."""
    ruling.flag("enforced_pass_may_damage", "72C" if ruling.edition == "2017" else "23A")


def partner_opened_after_pass(ruling: Ruling) -> None:
    """Flag the 23B situation: the offender's partner opened after a cancelled pass."""
    ruling.flag("partner_opened_after_cancelled_pass", "23B")


# --------------------------------------------------------------------------- 2017: 23A-C
#
# The 2017 Law 23 is another law: the *comparable call*. A call that replaces a withdrawn call
# (an insufficient bid, a call out of rotation, a cancelled call) is comparable when it has the
# same or a similar meaning (23A1), shows a subset of the meanings the withdrawn call could have
# had (23A2), or has the same purpose (23A3). After a comparable call there is no further
# rectification and the information from the withdrawn call is not unauthorised (23B); if the
# non-offenders were damaged all the same, the director adjusts at the end of play (23C).
#
# Which call is comparable is the director's judgement. The engine decides it only from what the
# case states (``meanings:``, generator.model.meaning) or from a ``director comparable`` /
# ``director not_comparable`` event; otherwise the ruling offers both branches to the director
# ("TD" option) and flags 23A. Readings taken (spec 2017 §11.2):
#
# * 23A1 "same" is equality of the stated constraints; "similar" beyond equality is judgement,
#   stated only by ``director comparable 23A1``;
# * 23A2: every constraint of the withdrawn meaning holds for the replacement (each interval of
#   the replacement inside the withdrawn one's; a forcing withdrawn call needs a forcing
#   replacement); with several attributable readings, inside at least one of them;
# * 23A3: both meanings state the same ``purpose``;
# * with both meanings stated, a replacement that meets none of the three is not comparable
#   (:data:`UNSTATED_SIMILARITY_IS_JUDGEMENT` off would leave it to the director instead).

from generator.model.meaning import Meaning  # noqa: E402  (the 2017 half of the module)

UNSTATED_SIMILARITY_IS_JUDGEMENT = False


def _inside(inner: tuple[int, int] | None, outer: tuple[int, int] | None) -> bool:
    if outer is None:
        return True
    if inner is None:
        return False
    return outer[0] <= inner[0] and inner[1] <= outer[1]


def subset(replacement: Meaning, withdrawn: Meaning) -> bool:
    """23A2: every constraint of ``withdrawn`` holds for ``replacement``."""
    if not _inside(replacement.hcp, withdrawn.hcp):
        return False
    if any(not _inside(replacement.suit(s), interval) for s, interval in withdrawn.suits):
        return False
    if withdrawn.forcing and replacement.forcing != withdrawn.forcing:
        return False
    return not (withdrawn.purpose and replacement.purpose != withdrawn.purpose)


def same(replacement: Meaning, withdrawn: Meaning) -> bool:
    """23A1 "same": the stated constraints are equal (labels aside)."""
    keys = ("hcp", "suits", "purpose", "forcing", "specifies", "controls", "shortness")
    return all(getattr(replacement, k) == getattr(withdrawn, k) for k in keys)


def decide(withdrawn: Meaning | None, replacement: Meaning | None
           ) -> tuple[bool, str] | None:
    """Whether ``replacement`` is comparable with ``withdrawn`` and the clause that says so
    (``(True, "23A2")``, ``(False, "23A")``), or ``None`` when the case does not state enough
    for the engine to decide (the director's judgement is then asked for)."""
    if withdrawn is None or replacement is None:
        return None
    readings = withdrawn.readings
    if any(same(replacement, w) for w in readings):
        return True, "23A1"
    if any(subset(replacement, w) for w in readings):
        return True, "23A2"
    if replacement.purpose and any(w.purpose == replacement.purpose for w in readings):
        return True, "23A3"
    if UNSTATED_SIMILARITY_IS_JUDGEMENT:
        return None
    return False, "23A"


# --------------------------------------------------------------------------- 2017: the service

COMPARABLE = "comparable"
NOT_COMPARABLE = "not_comparable"
#: the flag of an open 23A judgement (the ruling offers the director both branches)
JUDGEMENT_FLAG = ("comparable_call_judgement", "23A")
#: the end-of-play check after a comparable call (23C); Law 27 uses its own 27D flag
DAMAGE_FLAG = ("comparable_call_damage_check", "23C")
#: end-of-play damage flags answered by ``director damaged|no_damage CLAUSE``
DAMAGE_REASONS = {"23C": "comparable_call_damage_check", "27D": "damage_after_ib_correction"}


def finding(table: Table, replacement_event: int) -> Judgement | None:
    """The director's ``comparable`` / ``not_comparable`` finding on the call of
    ``replacement_event``, if the table has it yet: a finding applies to the call just before
    it, so it must follow that call with no other call (or change) in between."""
    from generator.table.events import CallChanged, CallMade

    found = None
    for index, judgement in table.judgements:
        if judgement.verdict not in (COMPARABLE, NOT_COMPARABLE) or index <= replacement_event:
            continue
        if not any(isinstance(table.events[i], (CallMade, CallChanged))
                   for i in range(replacement_event + 1, index)):
            found = judgement
    return found


def decision(table: Table, withdrawn_event: int | None, replacement_event: int
             ) -> tuple[bool, str] | None:
    """Whether the call of ``replacement_event`` is comparable with the withdrawn call of
    ``withdrawn_event``, and the clause that says so: the director's finding first (23A is his
    judgement), else the stated meanings (:func:`decide`), else ``None``."""
    judgement = finding(table, replacement_event)
    if judgement is not None:
        return judgement.verdict == COMPARABLE, judgement.clause or "23A"
    withdrawn = table.meanings.get(withdrawn_event) if withdrawn_event is not None else None
    return decide(withdrawn, table.meanings.get(replacement_event))


def judge(rule: Rule, table: Table, withdrawn_event: int | None, replacement_event: int
          ) -> bool | None:
    """:func:`decision` for ``rule``: True (comparable), False (not), None (the director must
    judge); the clause it rests on (23A1, 23A2, 23A3 or 23A) is cited on the rule's ruling."""
    found = decision(table, withdrawn_event, replacement_event)
    if found is None:
        return None
    rule.ruling.cite(found[1])
    return found[0]


def lift_ui(ruling: Ruling) -> None:
    """23B (and 27B1): Law 16C2 does not apply to the withdrawn call, so the ruling drops the
    2017 note that it is unauthorised to the offender's partner (``ui_withdrawn_call``)."""
    ruling.notes = [n for n in ruling.notes if n.get("topic") != "ui_withdrawn_call"]


def comparable_call(ruling: Ruling, clause: str, law: str = "23B",
                    damage: tuple[str, str] = DAMAGE_FLAG) -> None:
    """The 23B bookkeeping after a comparable replacement: the clause that made it comparable
    and 23B are cited, there is no further rectification (under ``law``: 23B, or the law's own
    clause such as 27B1b), 16C2 does not apply, and the director is to check for damage at the
    end of play (23C, or ``damage`` for 27D)."""
    ruling.cite(clause, "23B")
    ruling.add("no_rectification", law)
    lift_ui(ruling)
    if not any(f.get("reason") == damage[0] for f in ruling.flags):
        ruling.flag(*damage)


def damage_judged(ruling: Ruling, judgement: Judgement) -> bool:
    """``director damaged 23C`` / ``director no_damage 23C`` (or 27D): the answer to the
    end-of-play flag of that clause, if this ruling raised it. Damaged: the director awards an
    adjusted score (12C1b, the probable result without the infraction); not damaged: the score
    at the table stands. Returns whether the finding was this ruling's."""
    reason = DAMAGE_REASONS.get(judgement.clause or "")
    flag = next((f for f in ruling.flags if f.get("reason") == reason), None)
    if flag is None or judgement.verdict not in ("damaged", "no_damage"):
        return False
    assert judgement.clause is not None
    flag["finding"] = judgement.verdict
    if judgement.verdict == "damaged":
        ruling.add("adjusted_score", judgement.clause)
        ruling.cite("12C1b")
    else:
        ruling.add("score_stands", judgement.clause)
    return True


@dataclass
class Applied:
    """What one branch did to the ruling, the table and the rule (by identity), so that a
    later contrary finding of the director can take it back."""

    verdict: bool
    rects: list[Rectification] = field(default_factory=list)
    notes_added: list[dict[str, Any]] = field(default_factory=list)
    notes_removed: list[dict[str, Any]] = field(default_factory=list)
    flags: list[dict[str, Any]] = field(default_factory=list)
    laws: list[str] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    leads: list[LeadRestriction] = field(default_factory=list)
    #: what the branch registered to take back besides (:meth:`Comparability.on_undo`)
    undo: list[Callable[[Table], None]] = field(default_factory=list)


def _new(after: list[Any], before: list[Any]) -> list[Any]:
    return [x for x in after if not any(x is y for y in before)]


class Comparability:
    """One 23A test of a rule (a withdrawn call and its replacement) and its two branches.

    ``on_comparable(table, clause)`` applies the comparable branch (for most laws just
    :func:`comparable_call`); ``on_not_comparable(table)`` applies the other (the law's bar
    through ``rule.bar_partner``, Law 26B through ``rule.restrict_lead``). Usage in a rule::

        self.comparability = law23.Comparability(self, self._comparable, self._not_comparable)
        self.comparability.rule(table, withdrawn_event, replacement_event,
                                yes=[...previews...], no=[...previews...], no_laws=["31A2b"])

        def judged(self, table, judgement, event):
            if self.comparability is not None and self.comparability.judged(table, judgement):
                return True
            return super().judged(table, judgement, event)

    When :meth:`rule` cannot decide, the ruling offers the director (``"seat": "TD"``) the
    options ``comparable`` / ``not_comparable`` with the preview rectifications ``yes`` / ``no``
    (what each branch brings, so that a course page shows both) and flags 23A. The
    ``director comparable|not_comparable`` event then reaches :meth:`judged`, which settles the
    choice, drops the previews and applies the branch for real."""

    def __init__(self, rule: Rule, on_comparable: Callable[[Table, str], None],
                 on_not_comparable: Callable[[Table], None]) -> None:
        self.rule_obj = rule
        self.on_comparable = on_comparable
        self.on_not_comparable = on_not_comparable
        self.replacement_event: int | None = None
        self.applied: Applied | None = None
        self._undo_steps: list[Callable[[Table], None]] = []

    def on_undo(self, step: Callable[[Table], None]) -> None:
        """For a branch that changes the table beyond bars and lead restrictions (27B3 cancels
        the double and hands the turn back to the offender): ``step`` takes that back if the
        director's finding later overrules the branch."""
        self._undo_steps.append(step)

    @property
    def verdict(self) -> bool | None:
        """True / False once a branch is applied; None while the director's judgement is open."""
        return None if self.applied is None else self.applied.verdict

    def rule(self, table: Table, withdrawn_event: int | None, replacement_event: int,
             yes: list[Rectification] | None = None, no: list[Rectification] | None = None,
             yes_laws: tuple[str, ...] = ("23B",), no_laws: tuple[str, ...] = (),
             anchor: int | None = None) -> bool | None:
        """Decide and apply a branch, or open the director's choice; returns the verdict.
        ``anchor``: the event the director's finding follows, when it is not the replacement
        call's own (Law 25B2: the first call stands and the finding follows the change)."""
        self.replacement_event = replacement_event if anchor is None else anchor
        found = decision(table, withdrawn_event, replacement_event)
        if anchor is not None:
            judgement = finding(table, anchor)
            if judgement is not None:
                found = judgement.verdict == COMPARABLE, judgement.clause or "23A"
        if found is None:
            ruling = self.rule_obj.ruling
            ruling.offer(DIRECTOR,
                         Option(COMPARABLE, list(yes) if yes is not None else [
                             Rectification("no_rectification", "23B")],
                                ["23A", *yes_laws]),
                         Option(NOT_COMPARABLE, list(no or []), ["23A", *no_laws]))
            ruling.flag(*JUDGEMENT_FLAG)
            return None
        self.rule_obj.ruling.cite(found[1])
        self._apply(table, found[0], found[1])
        return found[0]

    def _apply(self, table: Table, verdict: bool, clause: str) -> None:
        rule, ruling = self.rule_obj, self.rule_obj.ruling
        before = (list(ruling.rectifications), list(ruling.notes), list(ruling.flags),
                  list(ruling.laws), list(table.bars), list(rule.leads))
        self._undo_steps = []
        if verdict:
            self.on_comparable(table, clause)
        else:
            self.on_not_comparable(table)
        self.applied = Applied(
            verdict, _new(ruling.rectifications, before[0]), _new(ruling.notes, before[1]),
            _new(before[1], ruling.notes), _new(ruling.flags, before[2]),
            [law for law in ruling.laws if law not in before[3]],
            _new(table.bars, before[4]), _new(rule.leads, before[5]), self._undo_steps)
        self._undo_steps = []

    def _undo(self, table: Table) -> None:
        applied, rule, ruling = self.applied, self.rule_obj, self.rule_obj.ruling
        assert applied is not None
        for step in reversed(applied.undo):
            step(table)
        for lead in applied.leads:
            lead.withdraw()
            rule.leads.remove(lead)
        ruling.rectifications = _new(ruling.rectifications, applied.rects)
        ruling.notes = _new(ruling.notes, applied.notes_added) + applied.notes_removed
        ruling.flags = _new(ruling.flags, applied.flags)
        ruling.laws = [law for law in ruling.laws if law not in applied.laws]
        table.bars = _new(table.bars, applied.bars)
        self.applied = None

    def judged(self, table: Table, judgement: Judgement) -> bool:
        """A ``director comparable|not_comparable`` finding on this test's replacement call:
        settle the open choice (or overrule a decision taken from the meanings) and apply the
        branch. Damage findings (23C, 27D) are answered too. Returns whether it was used."""
        ruling = self.rule_obj.ruling
        if judgement.verdict in ("damaged", "no_damage"):
            return damage_judged(ruling, judgement)
        if (judgement.verdict not in (COMPARABLE, NOT_COMPARABLE)
                or self.replacement_event is None
                or finding(table, self.replacement_event) != judgement):
            return False
        verdict, clause = judgement.verdict == COMPARABLE, judgement.clause or "23A"
        choice = ruling.open_choice
        if choice is not None and choice.seat == DIRECTOR and choice.option(judgement.verdict):
            option = ruling.settle(judgement.verdict)
            assert option is not None
            ruling.rectifications = _new(ruling.rectifications, option.rectifications)
            # the point is no longer open: the 23A flag gives way to the finding
            ruling.flags = [f for f in ruling.flags if f.get("reason") != JUDGEMENT_FLAG[0]]
        elif self.applied is None:
            return False
        elif self.applied.verdict != verdict:
            self._undo(table)
        else:
            ruling.cite(clause)
            return True
        ruling.cite(clause)
        self._apply(table, verdict, clause)
        return True
