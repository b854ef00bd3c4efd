"""Law 70 (1987): contested claim or concession — and the rule that settles every claim.

70A (seed 003): the director rules as equitably as he can for both sides, but every doubtful point
goes against the claimer. 70B (seed 003): he has the claimer repeat his statement (70B1), has all
hands faced (70B2) and hears the objections (70B3). The rest of 70 is [M] (not seen in 1987 text);
the readings taken, each a switch or stated here:

* the position at the claim and the statement are played out (``claimplay``): the claimer's side
  follows its statement, every choice it leaves open goes against the claimer among normal plays,
  and the opponents play to the claimer's worst outcome; the claimer gets that many tricks of the
  remaining, never more than he claimed unless Law 71 gives back what he conceded needlessly
  (:data:`generator.laws.law71.CLAIM_SHORT_IS_CONCESSION`);
* 70C: an outstanding trump the statement does not mention (no ``trumps``, no trump card, no
  ``T*``) costs the claimer a trick when it could win one by normal play. Whether the claimer was
  aware of it is the director's judgement: the engine awards on the reading that he was not
  (:data:`TRUMP_UNAWARE`), flags 70C and gives the tricks the claimer would have if he was
  (``tricks_if_aware``);
* 70D: where a careless but normal order of play (which winner first, which hand to win in, a
  blocked suit) loses a trick the claimer could have kept, the trick goes to the defenders;
* 70E: a line the claimer did not state that needs a card to lie well (a finesse) is not accepted:
  the claim fails when only such a line makes it (his best normal line without finesse falls
  short while the double-dummy line makes it). When his best normal line would make it but not
  as he stated it (cashing a suit from the top that is not all winners), it is his statement
  that loses the tricks: he is held to it (70A, note ``stated_line_fails``), not 70E.

2017 (:class:`Claim2017`; laws2017_spec §7.7). 70A, 70C, 70D1 are the same. What differs:

* 69B withdrawn acquiescence: "likely" instead of "could not lose" (``law69``);
* 70B: the director hears the repeated statement and the objections and *may* have the remaining
  cards faced (1987: all hands faced first): the ruling cites 70B, not 1987's 70B2. The engine
  always plays the claim out with every hand known, as the director who faces them does;
* 70E1: the 2017 text drops the escape "unless failing to take the line would be irrational"
  that the 1997 and 2007 texts had. The engine never credited an unstated finesse under 1987
  either (the 1987 spec §6.7 lists no such escape, and ``claimplay`` has no "irrational
  finesse" line), so the two codes rule 70E alike here: the reading kept is "no unstated line
  that depends on the lie of a card" in both;
* 70D2 (a defender's claim may not rest on partner choosing one normal play among several) is
  how the engine already rules every claim: the claimer's partner's open choices go against
  the claimer too;
* 68D2(b) (play may go on at the non-claimers' request when all four agree; the claim is then
  void) is not played out: the table ends the play at the claim and has no event to resume it.
  A disputed claim's ruling notes under 2017 that this way existed (note ``play_on_by_agreement``,
  68D2); the claim is then adjudicated as under 1987 (68D2(a), 70).

``claim_tricks`` gives the tricks of the whole board (those already won plus those awarded of the
remaining), and the board's score follows it (``engine.board_score``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from generator.laws import claimplay, law68, law69
from generator.laws.law68 import ClaimMoment
from generator.laws.ruler import Rule, rule
from generator.laws.ruling import Ruling
from generator.model.seat import Seat
from generator.table.irregularities import Kind

if TYPE_CHECKING:
    from generator.table.state import Table

#: 70C: the engine's award reads the claimer as unaware of an unmentioned outstanding trump
#: (True: the trick goes to the defenders, 70C flagged with the aware reading beside it); False:
#: he is taken as aware and the flag gives the unaware reading instead.
TRUMP_UNAWARE = True
#: the codes this module rules under (the second, 2017, cites 70B rather than 1987's 70B2)
EDITIONS = ("1987", "2017")


class ClaimRule(Rule):
    """Shared by claims and concessions: the moment, the answers, and the ruling rebuilt from
    them each time an answer comes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.moment: ClaimMoment | None = None
        self.answers: list[str] = []

    def detected(self, table: Table) -> None:
        super().detected(table)
        tricks = int(self.fact.detail("tricks"))
        assert self.fact.event is not None
        self.moment = law68.moment(table, self.offender, tricks, self.fact.event,
                                   self.fact.kind is Kind.CONCESSION)
        self.settle()

    def claim_answered(self, table: Table, seat: Seat, answer: str, event: int) -> None:
        self.answers.append(answer)
        self.settle()

    def settle(self) -> None:
        """Rule afresh on the claim from the moment and every answer so far."""
        assert self.moment is not None
        self.ruling = Ruling(self.index, self.ruler.edition, self.fact.kind.value,
                             self.fact.seat)
        self.ruling.cite(*self.primary_laws())
        self.ruling.facts = {"remaining": self.moment.remaining, "keeps": self.moment.keeps}
        keeps, law = self.award(self.ruling)
        award(self.ruling, self.moment, keeps, law)

    def award(self, ruling: Ruling) -> tuple[int, str]:
        raise NotImplementedError


def award(ruling: Ruling, moment: ClaimMoment, keeps: int, law: str) -> None:
    """``claim_tricks`` for the board: the tricks already won plus the awarded remaining."""
    side = moment.side
    ruling.add("claim_tricks", law, to=str(side), tricks=board_tricks(moment, keeps))


def board_tricks(moment: ClaimMoment, keeps: int) -> dict[str, int]:
    """Tricks of the whole board for each pair when the claimer's side keeps ``keeps``."""
    side = moment.side
    out = {str(side): moment.won[side] + keeps,
           str(side.opponents): moment.won[side.opponents] + moment.remaining - keeps}
    return {"NS": out["NS"], "EW": out["EW"]}


@rule(Kind.CLAIM, editions={"1987"})
class Claim(ClaimRule):
    def award(self, ruling: Ruling) -> tuple[int, str]:
        m = self.moment
        assert m is not None
        if "withdraws" in self.answers:
            keeps, law = law69.withdrawn(m, self.ruler.edition)
            ruling.note("acquiescence_withdrawn" if law == "69B" else "withdrawal_refused", "69B")
            return keeps, law
        disputed = "disputes" in self.answers
        if not disputed and ("acquiesces" in self.answers or law69.UNANSWERED_CLAIM_STANDS):
            ruling.note("claim_stands", "69A")
            return m.keeps, "69A"
        return contested(ruling, m)


def contested(ruling: Ruling, m: ClaimMoment) -> tuple[int, str]:
    """70: the claimer's tricks of the remaining, every doubtful point against him."""
    from generator.laws import law71

    # 2017 70B: the remaining cards may be faced (1987 70B2: all hands are faced)
    faced = "70B" if ruling.edition == EDITIONS[1] else "70B2"
    ruling.cite("70A", faced)
    position = m.position
    if position is None:  # no deal: nothing to play out, the claim is taken as made
        ruling.flag("deal_unknown", "70A")
        return m.keeps, "70A"
    missing = law68.statement_missing(m)
    if missing:
        ruling.note("no_statement", "68C")
    plan = m.plan
    if missing and not law68.NO_STATEMENT_AGAINST_CLAIMER:
        worst = claimplay.careful(position, m.seat)
    else:
        worst = claimplay.worst(position, m.seat, plan)
    if worst >= m.keeps:
        if worst > m.keeps and law71.CLAIM_SHORT_IS_CONCESSION:
            ruling.note("claim_upheld", "70A")
            ruling.note("concession_cancelled", "71B")
            return worst, "71B"
        ruling.note("claim_upheld", "70A")
        return m.keeps, "70A"
    trump = position.trump
    out_trump = trump is not None and any(
        c.suit is trump for s in (m.seat.lho, m.seat.rho) for c in position.hands[s])
    if out_trump and not claimplay.mentions_trumps(plan, trump):
        aware = claimplay.worst(position, m.seat, ("trumps", *(plan or ())))
        if aware > worst:
            aware = min(aware, m.keeps)
            unaware = worst
            given, other = (unaware, aware) if TRUMP_UNAWARE else (aware, unaware)
            ruling.flag("claimer_aware_of_trump", "70C", side=str(m.side),
                        tricks_if_aware=board_tricks(m, aware),
                        tricks_if_unaware=board_tricks(m, unaware),
                        range=sorted([board_tricks(m, given)[str(m.side)],
                                      board_tricks(m, other)[str(m.side)]]))
            return given, "70C"
    best = claimplay.double_dummy(position, m.seat)
    if best >= m.keeps:
        if claimplay.careful(position, m.seat, plan) >= m.keeps:
            ruling.note("careless_line", "70D")
            return worst, "70D"
        if plan and claimplay.careful(position, m.seat) >= m.keeps:
            # the claimer's own statement is what loses: played as he stated it
            ruling.note("stated_line_fails", "70A")
            return worst, "70A"
        ruling.note("unstated_line", "70E")
        return worst, "70E"
    ruling.note("claim_fails", "70A")
    return worst, "70A"


# 2017 ------------------------------------------------------------------------------------------


@rule(Kind.CLAIM, editions={"2017"})
class Claim2017(Claim):
    """The 2017 claim: the 1987 class with the edition passed to the helpers that differ
    (69B's "likely", 70B's citation); see the module docstring."""

    #: 69B's notes say "likely won" under 2017, not "could not have lost"
    NOTES_2017: ClassVar[dict[str, str]] = {
        "acquiescence_withdrawn": "acquiescence_withdrawn_likely",
        "withdrawal_refused": "withdrawal_refused_likely"}

    def award(self, ruling: Ruling) -> tuple[int, str]:
        result = super().award(ruling)
        for note in ruling.notes:
            note["topic"] = self.NOTES_2017.get(str(note["topic"]), note["topic"])
        if "disputes" in self.answers:
            # 68D2(b): the doubted claim could instead have been played on, at the non-claimers'
            # request with all four agreeing (the claim then void); the case ruled it, so the
            # ruling only says that the other way existed
            ruling.note("play_on_by_agreement", "68D2")
        return result
