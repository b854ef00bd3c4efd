"""Law 43 (1987 and 2017): dummy's limitations.

43A: apart from what Law 42 allows, dummy may not take part in the play or communicate anything
about it; in particular he may not ask for a review or an explanation on his own account. 43B: if
dummy breaks these limits, declarer may lose rights he would otherwise have (not expressible in a
case). The engine cites 43A when it refuses dummy's request.

Dummy on his own (extension of format 1, see law42 for the reading of the 1987 lettering):

* ``N looks E`` / ``N exchanges``: dummy breaks a limit of 43A2: (a) exchanging hands with
  declarer, (b) leaving his seat to watch declarer's play (looking at declarer's hand), (c) looking
  at a defender's cards. He is liable to a procedural penalty (43B1, Law 90), and from then on
  declarer loses the protection 43B2 names (``protection_lost``): a warning against the wrong hand
  lets the defenders choose the hand (43B2(a)), attention dummy is first to draw to a defender's
  irregularity brings no penalty (43B2(b)), and a revoke dummy is first to ask about must be
  corrected and still costs its trick transfer (43B2(c)). Whether he then passed on what he saw of
  a defender's hand is the director's finding (a flag).
* ``N draws_attention``: dummy draws attention to an irregularity during the play, which 43A1(b)
  forbids (42B3 lets him do it only once the play is over). A procedural penalty is possible
  (43B1); the irregularity itself is ruled as usual. If dummy had already broken a limit of
  43A2 and the irregularity was a defender's, 43B2(b): it is not penalised: the defender's penalty
  cards go back to his hand and their duties lapse (``penalty_waived``), and if the defenders
  gained by it the director adjusts the score (a flag).

2017 (spec §7.1, one rule for both codes): 43A and the consequences of 43B are the same, but the
2017 code letters them (a) warning, (b) revoke enquiry, (c) attention drawn to a defender's
irregularity ([H] for the order: the 2007/2017 texts quoted on the EBU and BBO forums; spec 43B
row), where the engine's reading of 1987 has (b) and (c) the other way round. The clause of the
waived penalty is therefore :data:`ATTENTION` by edition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.laws.ruler import BOTH, Rule, rule
from generator.laws.ruling import Ruling
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: the editions this module rules under (read by the coverage table)
EDITIONS = ("1987", "2017")

#: The clause of 43A2 each act breaks: exchanging hands (a), watching declarer (b), a defender (c).
LIMITS = {"exchanges": "43A2a", "declarer": "43A2b", "defender": "43A2c"}

#: The clause under which attention dummy is first to draw to a defender's irregularity, after
#: breaking a limit of 43A2, brings no rectification (43B2(b) in the engine's 1987 reading,
#: 43B2(c) in 2017).
ATTENTION = {"1987": "43B2b", "2017": "43B2c"}


def earlier_breach(table: Table, fact_details: dict[str, object]) -> str | None:
    """The 43A2 clause dummy broke before (the fact's ``earlier`` act and its ``target``), which
    a 43B2 consequence rests on beside its own clause; ``None`` when there was none."""
    act = fact_details.get("earlier")
    if act is None:
        return None
    if act == "exchanges":
        return LIMITS["exchanges"]
    target = str(fact_details.get("target") or "")
    declarer = str(table.declarer) if table.declarer is not None else ""
    return LIMITS["declarer" if target == declarer else "defender"]


def dummy_limited(ruling: Ruling) -> None:
    """43A: dummy may not act on his own account in the play (beyond what Law 42 allows)."""
    ruling.note("dummy_limited", "43A")
    ruling.cite("42")


@rule(Kind.DUMMY_EXCEEDS_RIGHTS, editions=BOTH)
class DummyExceedsRights(Rule):
    def detected(self, table: Table) -> None:
        act = str(self.fact.detail("act"))
        limit = LIMITS["exchanges"] if act == "exchanges" else \
            LIMITS["defender" if self.fact.detail("defender") else "declarer"]
        self.ruling.cite(limit)
        self.ruling.note("procedural_penalty_possible", "43B1")
        self.ruling.add("protection_lost", "43B2", seat=str(table.declarer))
        if self.fact.detail("defender"):
            self.ruling.flag("dummy_saw_defender_hand", "43B")


@rule(Kind.DUMMY_DRAWS_ATTENTION, editions=BOTH)
class DummyDrawsAttention(Rule):
    def detected(self, table: Table) -> None:
        self.ruling.cite("43A1b")
        self.ruling.note("procedural_penalty_possible", "43B1")
        about = self.fact.detail("about")
        if not (self.fact.detail("violated") and self.fact.detail("by_defender")) \
                or about is None:
            self.ruling.add("irregularity_still_ruled", "43A1b")
            return
        self.waive(table, int(about))

    def waive(self, table: Table, about: int) -> None:
        """43B2(b) (2017: 43B2(c)): no penalty for the defender's irregularity dummy pointed
        out."""
        from generator.laws import law50

        owner = table.irregularities[about].seat
        assert owner is not None
        breach = earlier_breach(table, dict(self.fact.details))
        if breach is not None:  # the consequence rests on dummy's earlier breach as well
            self.ruling.cite(breach)
        clause = ATTENTION[self.ruling.edition]
        self.ruling.add("penalty_waived", clause, seat=str(owner))
        self.ruling.flag("defenders_gain_adjusted", clause)
        for card in [p.card for p in table.penalty if p.seat is owner]:
            table.unexpose(owner, card)
        table.penalty = [p for p in table.penalty if p.seat is not owner]
        table.constraints = [c for c in table.constraints
                             if not (isinstance(c, law50.PenaltyDuty) and c.seat is owner)]
        other = self.ruler.rules.get(about)
        if other is not None:
            other.ruling.rectifications = [
                r for r in other.ruling.rectifications
                if r.kind not in ("penalty_card", "must_play", "lead_restriction")]
            other.ruling.choices = [c for c in other.ruling.choices if c.chosen is not None]
            other.ruling.note("penalty_waived_by_dummy", ATTENTION[other.ruling.edition])
            other.lead_choice = None
