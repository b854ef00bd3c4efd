"""Law 26: lead restrictions after a withdrawn call (1987, and 2017 at the end of the module).

When an offender's call is withdrawn and he ends that turn with a different call, and his side
then defends, declarer may restrict the lead of the offender's partner at his first turn to lead:

* 26A, the withdrawn call named a suit: if the offender names that suit again later in the legal
  auction there is no restriction (26A1); otherwise declarer may require or prohibit a lead of it
  (26A2);
* 26B, any other withdrawn call (notrump, pass, double, redouble): declarer may prohibit the lead
  of any one suit.

Readings taken: the 1987 26B wording was not seen ([M] in the spec); we take the
prohibit-any-one-suit form of the later codes (:data:`MAY_26B`). "Specified later" is read as:
the offender made a bid in that suit later in the legal auction, counting from the withdrawn call,
so that his final call at that turn counts too (1H insufficient over 1S, replaced by 3H: partner
barred by 27B2, but no lead restriction in hearts by 26A1). A call repeated with a different
meaning counts as a different call (footnote to the 1987 text); the engine, which does not model
meanings, treats a repeated call as the same call.

When several calls are withdrawn and one of them named a suit still restricted under 26A2 while
another named none (1NT changed to 1S, say), the engine applies the 26A2 restriction alone: the
26B option is not offered beside it (reading taken; the text does not say how the two combine).

The restriction is tracked as the auction goes on and settled when it ends. It is stated
conditionally (``if_defending``: it binds only if the offender's side defends), as a director
states it during the auction, and it stays in the ruling when the auction ends: ``applies`` then
says whether it binds (false when the offender's side declares: nobody of that side will lead
against the contract). ``state.lead_restrictions`` lists it with its status (``if_defending``,
then ``in_force`` or ``lapsed``).

2017 (spec 2017 §5.4, [H]; the WBF amendment of 20 June 2017): nothing at all after a comparable
replacement (26A: the rule that judged the replacement comparable simply does not restrict); after
a call that is not comparable, declarer may *prohibit* (only) the lead of any one suit the
offender did not specify in the legal auction, at his partner's first turn to lead, for as long
as the partner keeps the lead (26B). Readings taken: the legal auction is read to its end (a suit
the offender specifies later, at any turn, drops out of the choice); a call specifies what its
stated meaning says (``meanings:``, ``director specifies``), else the strain of a natural bid
(notrump, pass, double and redouble specify none) and the ruling flags
``specified_suits_assumed`` (26B) for the director; when every suit was specified nothing is
left to prohibit and there is no restriction. :data:`LEAD_26B_MAY` holds what declarer may do:
("prohibit",); the first printing of 2017 read ("require", "prohibit").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.laws.law50 import LeadDuty
from generator.laws.ruling import Option, Rectification, Ruling
from generator.model.calls import Bid, CallValue
from generator.model.cards import Suit
from generator.model.meaning import Meaning
from generator.model.seat import Seat
from generator.table import state as table_state

if TYPE_CHECKING:
    from generator.table.state import Table

#: The editions this module rules for (the coverage table reads it).
EDITIONS = ("1987", "2017")

#: What declarer may do under 26B (any withdrawn call that named no suit).
MAY_26B: tuple[str, ...] = ("prohibit",)
#: What declarer may do under 26A2.
MAY_26A2: tuple[str, ...] = ("require", "prohibit")


def named_suit(call: CallValue) -> Suit | None:
    """The suit a (natural) call names, if any."""
    return call.strain.suit if isinstance(call, Bid) else None


class LeadRestriction:
    """A Law 26 restriction attached to a ruling, recomputed as the auction goes on."""

    def __init__(self, ruling: Ruling, table: Table, offender: Seat,
                 withdrawn: Sequence[CallValue], final_pending: bool = False) -> None:
        self.ruling = ruling
        self.table = table
        self.offender = offender
        self.withdrawn = tuple(withdrawn)
        self.start = self._after_withdrawn(table)
        #: the offender's final call at that turn is still to come (a call out of rotation is
        #: cancelled and he calls at his own turn): a withdrawn call he then repeats is not
        #: restricted, since Law 26 needs a *different* final call
        self.final_pending = final_pending
        #: the rectifications in force (empty once the restriction has lapsed)
        self.rects: list[Rectification] = []
        #: the rectifications stated but lapsed (the offender's side declares): kept in the ruling
        self.lapsed: list[Rectification] = []
        #: the restriction as ``state.lead_restrictions`` lists it
        self.entries: list[table_state.LeadRestriction] = []
        self.offered = False
        self.update(table)

    def _after_withdrawn(self, table: Table) -> int:
        """Index of the first entry after the latest withdrawn call of the offender: calls from
        there on (his final call at that turn included) are "later" in the sense of 26A1."""
        for i in range(len(table.entries) - 1, -1, -1):
            e = table.entries[i]
            if e.seat is self.offender and e.status == "cancelled" and e.call in self.withdrawn:
                return i + 1
        return len(table.entries)

    def restricted_suits(self, table: Table) -> tuple[list[Suit], bool, bool]:
        """(suits still under 26A2, whether 26B applies, whether 26A1 lifted a suit)."""
        later = [e.call for e in table.entries[self.start:]
                 if e.seat is self.offender and e.status == "standing"]
        later_suits = {named_suit(c) for c in later} - {None}
        withdrawn = self.withdrawn
        if self.final_pending and later:
            withdrawn = tuple(c for c in withdrawn if c != later[0])
        suits: list[Suit] = []
        any_one = lifted = False
        for call in withdrawn:
            suit = named_suit(call)
            if suit is None:
                any_one = True
            elif suit in later_suits:
                lifted = True
            elif suit not in suits:
                suits.append(suit)
        return suits, any_one and not suits, lifted

    def lead_options(self) -> list[Option]:
        """Declarer's options at the restricted player's first lead."""
        options = []
        for rect in self.rects:
            law = rect.law or "26"
            suits = rect.fields["suits"]
            choices = ["C", "D", "H", "S"] if suits == "any_one" else suits
            for suit in choices:
                for verb in rect.fields["may"]:
                    options.append(Option(f"{verb}_{suit}", [], [law]))
        options.append(Option("none", [], ["26"]))
        return options

    def duty(self, option: str) -> LeadDuty | None:
        """The lead duty that declarer's chosen option puts on the partner."""
        if option == "none":
            return None
        verb, _, suit = option.partition("_")
        law = self.rects[0].law if self.rects else "26"
        return LeadDuty(self.offender.partner, Suit.parse(suit), verb == "require", law or "26",
                        while_on_lead=verb == "prohibit")

    def withdraw(self) -> None:
        """Take this restriction's rectifications out of its ruling (to restate or lift it), and
        its entries out of ``state.lead_restrictions``."""
        for rect in (*self.rects, *self.lapsed):
            if rect in self.ruling.rectifications:
                self.ruling.rectifications.remove(rect)
        self.rects = []
        self.lapsed = []
        for entry in self.entries:
            if entry in self.table.lead_restrictions:
                self.table.lead_restrictions.remove(entry)
        self.entries = []

    def update(self, table: Table) -> None:
        """Restate the restriction for the auction as it now stands: conditional while the
        auction goes on, then in force or lapsed (kept in the ruling, marked ``applies``)."""
        self.withdraw()
        applies = None if table.declarer is None else table.declarer.side is not self.offender.side
        suits, any_one, lifted = self.restricted_suits(table)
        partner = str(self.offender.partner)
        if lifted:
            self.ruling.cite("26A1")
        rect = None
        if suits:
            rect = self.ruling.add(
                "lead_restriction", "26A2", seat=partner, chooser="declarer",
                suits=[str(s) for s in suits], may=list(MAY_26A2), if_defending=True,
                applies=applies)
            entry = table_state.LeadRestriction(self.offender.partner, tuple(suits), MAY_26A2,
                                                "26A2")
        elif any_one:
            rect = self.ruling.add(
                "lead_restriction", "26B", seat=partner, chooser="declarer", suits="any_one",
                may=list(MAY_26B), if_defending=True, applies=applies)
            entry = table_state.LeadRestriction(self.offender.partner, "any_one", MAY_26B, "26B")
        if rect is None:
            return
        entry.status = {None: "if_defending", True: "in_force", False: "lapsed"}[applies]
        self.entries.append(entry)
        table.lead_restrictions.append(entry)
        if applies is False:
            self.lapsed.append(rect)  # the offender's side declares: no defender of it leads
        else:
            self.rects.append(rect)


# --------------------------------------------------------------------------- 2017: 26A-B

#: 2017 26B: what declarer may do with one suit the offender did not specify (the amended text;
#: the first printing of 2017 allowed ("require", "prohibit"))
LEAD_26B_MAY: tuple[str, ...] = ("prohibit",)
SUIT_ORDER = ("C", "D", "H", "S")


def stated_meaning(table: Table, event: int) -> Meaning | None:
    """What the call of ``event`` shows, as the case states it (``meanings:``)."""
    return table.meanings.get(event)


def specified_by_judgement(table: Table, event: int) -> tuple[str, ...] | None:
    """The suits a ``director specifies ...`` event says the call of ``event`` specified: the
    judgement applies to the last call before it."""
    from generator.table.events import CallChanged, CallMade

    for index, judgement in table.judgements:
        if judgement.verdict != "specifies" or index <= event:
            continue
        last_call = max((i for i in range(index) if isinstance(table.events[i],
                                                                (CallMade, CallChanged))),
                        default=None)
        if last_call == event:
            return judgement.suits
    return None


def specified_suits(table: Table, seat: Seat) -> tuple[set[str], bool]:
    """The suits ``seat`` specified in the legal auction, and whether any of them was assumed
    from a bid's strain (no meaning stated, no director's finding)."""
    out: set[str] = set()
    assumed = False
    for entry in table.entries:
        if entry.seat is not seat or entry.status != "standing":
            continue
        at = entry.event if entry.event is not None else -1
        judged = specified_by_judgement(table, at)
        meaning = stated_meaning(table, at)
        if judged is not None:
            out |= set(judged)
        elif meaning is not None:
            out |= {s for s in meaning.specified() if len(s) == 1}
        else:
            suit = named_suit(entry.call)
            if suit is not None:
                out.add(str(suit))
                assumed = True
    return out, assumed


class LeadRestriction2017(LeadRestriction):
    """2017 26B: declarer may prohibit one suit the offender did not specify in the legal
    auction, at his partner's first turn to lead, while the partner keeps the lead."""

    def update(self, table: Table) -> None:
        self.withdraw()
        applies = None if table.declarer is None else table.declarer.side is not self.offender.side
        specified, assumed = specified_suits(table, self.offender)
        suits = [s for s in SUIT_ORDER if s not in specified]
        if not suits:
            return
        if assumed and not any(f.get("reason") == "specified_suits_assumed"
                               for f in self.ruling.flags):
            self.ruling.flag("specified_suits_assumed", "26B")
        rect = self.ruling.add(
            "lead_restriction", "26B", seat=str(self.offender.partner), chooser="declarer",
            suits=suits, may=list(LEAD_26B_MAY), if_defending=True, applies=applies)
        entry = table_state.LeadRestriction(self.offender.partner,
                                            tuple(Suit.parse(s) for s in suits), LEAD_26B_MAY,
                                            "26B")
        entry.status = {None: "if_defending", True: "in_force", False: "lapsed"}[applies]
        self.entries.append(entry)
        table.lead_restrictions.append(entry)
        if applies is False:
            self.lapsed.append(rect)
        else:
            self.rects.append(rect)

    def lead_options(self) -> list[Option]:
        options = [Option(f"{verb}_{suit}", [], ["26B"]) for rect in self.rects
                   for suit in rect.fields["suits"] for verb in rect.fields["may"]]
        options.append(Option("none", [], ["26B"]))
        return options

    def duty(self, option: str) -> LeadDuty | None:
        if option == "none":
            return None
        verb, _, suit = option.partition("_")
        return LeadDuty(self.offender.partner, Suit.parse(suit), verb == "require", "26B",
                        while_on_lead=verb == "prohibit")


def restriction_class(edition: str) -> type[LeadRestriction]:
    """The Law 26 restriction of an edition."""
    return LeadRestriction2017 if edition == "2017" else LeadRestriction
