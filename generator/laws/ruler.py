"""The ruler of an edition: the table's neutral mechanics plus the rules the law modules register.

Each law module registers a :class:`Rule` subclass for an irregularity kind and the editions it
serves (``@rule(Kind.INSUFFICIENT_BID, editions={"1987"})``). For every irregularity the table
records, the ruler creates one rule object; the table's later steps (acceptance, refusal, the
substitute call, a chosen option) are routed to it. A kind with no registered rule still gets a
ruling that cites the laws governing that kind, and follows the neutral mechanics.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from generator import i18n
from generator.errors import ImpossibleEventError
from generator.i18n import languages
from generator.laws import law10, law23, law26, law50
from generator.laws.kinds import laws_for
from generator.laws.ruling import DIRECTOR, Option, Rectification, Ruling
from generator.model.calls import Call, CallValue
from generator.model.cards import Card
from generator.model.seat import Seat
from generator.table.events import ADJUST
from generator.table.irregularities import Irregularity, Kind
from generator.table.ruler import Ruler
from generator.table.state import Bar

if TYPE_CHECKING:
    from generator.table.events import Judgement, TricksCounted
    from generator.table.state import PlayedTrick, Resolution, Table


class Rule:
    """How one edition rules on one kind of irregularity. Subclasses override the hooks.

    The default hooks cite the kind's laws and apply the neutral mechanics, so a subclass only
    writes what its law adds.
    """

    kind: ClassVar[Kind]
    #: whether cancelling a call notes, under 2017, that it is unauthorised to the offender's
    #: partner (16C2); a rule that decides that note turn by turn itself says False
    notes_withdrawn_ui: ClassVar[bool] = True

    def __init__(self, ruler: LawRuler, table: Table, index: int) -> None:
        self.ruler = ruler
        self.index = index
        self.fact: Irregularity = table.irregularities[index]
        self.ruling = Ruling(index, ruler.edition, self.fact.kind.value, self.fact.seat)
        self.leads: list[law26.LeadRestriction] = []
        #: the seat whose partner's lead declarer is choosing about (Laws 26, 50E)
        self.lead_choice: tuple[str, Seat] | None = None
        #: 51A: the owner of the penalty cards declarer is designating one of
        self.designating: Seat | None = None

    @property
    def offender(self) -> Seat:
        assert self.fact.seat is not None
        return self.fact.seat

    def entry_index(self, table: Table) -> int:
        """Index in ``table.entries`` of the irregular call itself."""
        return next(i for i, e in enumerate(table.entries) if e.event == self.fact.event)

    # Hooks -------------------------------------------------------------------------------
    def primary_laws(self) -> tuple[str, ...]:
        """The laws this irregularity falls under (by default, those of its kind)."""
        return laws_for(self.fact.kind, self.ruler.edition)

    def detected(self, table: Table) -> None:
        """The fact was recorded; by default cite the laws it falls under, and Law 33 beside
        them for a call made at the same moment as the call in turn (whatever law rules it)."""
        from generator.laws import law33, law45, law58

        self.ruling.cite(*self.primary_laws())
        law33.cite_if_simultaneous(self.ruling, self.fact)
        law58.cite_if_simultaneous(self.ruling, self.fact)
        law45.cite_if_held(self.ruling, self.fact, table)

    def opened(self, table: Table) -> None:
        """The irregularity waits for an acceptance decision (``table.pending`` is set)."""

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        """Accepted, refused, condoned or superseded: default to the neutral mechanics."""
        Ruler.resolve(self.ruler, table, how, event)

    def substituted(self, table: Table, entry: int, event: int) -> None:
        """The offender made his replacement call."""
        Ruler.substituted(self.ruler, table, entry, event)

    def substitute_made(self) -> None:
        """The offender has made his replacement call: the duty to make one (``must_substitute``,
        stated while the call was still to come) is spent, so the ruling no longer lists it."""
        self.ruling.rectifications = [r for r in self.ruling.rectifications
                                      if r.kind != "must_substitute"]

    def lead_due(self, table: Table, leader: Seat) -> None:
        """A lead is due: offer declarer the Law 26 choice when the restricted player leads."""
        if table.declarer is None or self.ruling.open_choice is not None:
            return
        for lead in self.leads:
            if lead.rects and not lead.offered and leader is lead.offender.partner:
                lead.offered = True
                self.lead_choice = ("26", lead.offender)
                law10.offer(self.ruling, table.declarer, *lead.lead_options())
                return

    def withdraw_stale_penalty_offer(self, table: Table | None = None) -> None:
        """Drop an unanswered 50E/51 lead offer (see ``LawRuler.lead_due``); with ``table``,
        the ruling says again, conditionally, what the cards bring for the partner's lead
        (the offer, once due, replaces that statement)."""
        if self.lead_choice is not None and self.lead_choice[0] == "50":
            owner = self.lead_choice[1]
            choice = self.ruling.open_choice
            if choice is not None:
                self.ruling.choices.remove(choice)
            law50.offer_settled(self.ruling)
            self.lead_choice = None
            if table is not None:
                law50.state_lead_to_come(self.ruling, table, owner)

    def offer_penalty_lead(self, table: Table, owner: Seat) -> None:
        """50E/51: the partner of a holder of major penalty cards is to lead."""
        assert table.declarer is not None
        self.lead_choice = ("50", owner)
        law50.offer_lead_options(self.ruling, table, owner, table.declarer)

    def settle_lead_choice(self, table: Table, option: str) -> bool:
        """Carry out declarer's lead option; False if the option is not one of them."""
        if self.lead_choice is None or self.ruling.settle(option) is None:
            return False
        source, owner = self.lead_choice
        self.lead_choice = None
        if source == "50":
            law50.offer_settled(self.ruling)
            law50.apply_lead_option(table, owner, option)
            # cards left on the table (none chosen, or 51B2 suits not named) hold the same
            # choice in store for the partner's next lead: the ruling says so again
            law50.state_lead_to_come(self.ruling, table, owner)
        else:
            for lead in self.leads:
                duty = lead.duty(option) if lead.offender is owner else None
                if duty is not None:
                    table.constraints.append(duty)
        return True

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        """A card was played; a lead made while declarer's lead option was open waives it, and
        the owner's own play before declarer designated one of his penalty cards (51A) ends
        that choice."""
        if self.lead_choice is not None and seat is self.lead_choice[1].partner:
            self.settle_lead_choice(table, "none")
        if self.designating is not None and seat is self.designating:
            choice = self.ruling.open_choice
            if choice is not None:
                self.ruling.choices.remove(choice)
            self.designating = None

    def offer_designation(self, table: Table, owner: Seat, cards: list[Card]) -> None:
        """51A: declarer designates which of ``cards`` (penalty cards of ``owner``, each legal
        now) the owner plays."""
        from generator.laws import law51

        assert table.declarer is not None
        self.designating = owner
        self.ruling.cite("51A")
        choice = law10.offer(self.ruling, table.declarer, *law51.designation_options(cards))
        choice.about = {"designates": "51A"}

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        """A trick was quitted."""

    def play_ended(self, table: Table) -> None:
        """The play is over (13 tricks, a claim or a concession)."""

    def director(self, table: Table, event: int) -> None:
        """Attention is drawn to the irregularity."""

    def claim_answered(self, table: Table, seat: Seat, answer: str, event: int) -> None:
        """An opponent answered this claim or concession (rules for Laws 69-71 override)."""

    def tricks_counted(self, table: Table, counted: TricksCounted, event: int) -> None:
        """A count of tricks after the play reached this rule (Law 79's rule overrides)."""

    def judged(self, table: Table, judgement: Judgement, event: int) -> bool:
        """The director's finding (2017 additions: comparable or not, specified suits,
        unintended, damaged) reached this rule; return True if the rule used it. By default a
        finding that settles an open "TD" choice of this ruling settles it (its branch's
        rectifications come into force); other findings are left to the rules that need them."""
        choice = self.ruling.open_choice
        return (choice is not None and choice.seat == DIRECTOR
                and self.ruling.settle(judgement.verdict) is not None)

    def objected(self, table: Table, seat: Seat, event: int) -> None:
        """A player objects to the board being played (13B2)."""

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        if self.lead_choice is not None and self.settle_lead_choice(table, option):
            return
        if self.designating is not None and self.ruling.settle(option) is not None:
            owner, self.designating = self.designating, None
            card = Card.parse(option.partition("_")[2])
            self.ruling.add("must_play", "51A", seat=str(owner), card=str(card))
            for duty in table.constraints:
                if isinstance(duty, law50.PenaltyDuty) and duty.seat is owner:
                    duty.designated = card
            return
        choice = self.ruling.open_choice
        ids = ", ".join(o.id for o in choice.options) if choice else "none"
        raise ImpossibleEventError(f"{seat} chooses {option!r}; the options here are: {ids}")

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        """A call became part of the legal auction (used by rules that wait for later calls).
        The offender's own call spends a duty to call at his own turn (see :meth:`rule_at_once`)."""
        if seat is self.offender:
            self.ruling.rectifications = [r for r in self.ruling.rectifications
                                          if r.kind != "calls_at_own_turn"]
        for lead in self.leads:
            lead.update(table)

    def auction_ended(self, table: Table) -> None:
        """The auction is over (contract and declarer known)."""
        for lead in self.leads:
            lead.update(table)

    def auction_may_end(self, table: Table) -> bool:
        """Return False to keep the auction open (Law 34)."""
        return True

    def output(self, table: Table) -> dict[str, Any]:
        """The ruling in the case format's JSON, with its explanation."""
        from generator.laws.explain import explain
        from generator.laws.law50 import picked_up

        out = self.ruling.to_dict()
        for rect in out["rectifications"]:
            if picked_up(rect, table):
                rect["picked_up"] = True  # a duty declarer's lead choice has since ended
        with i18n.under_edition(self.ruler.edition):  # the code's own words where they differ
            out["explanation"] = {lang: explain(self.ruling, self.fact, table, lang)
                                  for lang in languages()}
        return out

    # Helpers for subclasses --------------------------------------------------------------
    def settle_acceptance(self, how: Resolution, by_play: bool = False) -> None:
        """Record the acceptor's decision, and what follows from how it was taken: calling over
        the irregularity accepts it under the law that offers the acceptance (27A, 29B, 25B1:
        that is the acceptor's right used, not a forfeiture under 11A); playing over it accepts
        it too (53A/54B, losing the penalty under 60A's own words, not 11A either), and the
        offender's own correction before the decision is premature (9C)."""
        from generator.laws import law09, law11, law60

        option = self.ruling.settle("accept" if how in ("accepted", "condoned") else "refuse")
        if option is not None and option.id == "refuse":
            # the refusal's preview (see offer_acceptance): the rule now adds the real ones
            for rect in option.rectifications:
                for i, r in enumerate(self.ruling.rectifications):
                    if r is rect:
                        del self.ruling.rectifications[i]
                        break
        if how == "condoned":
            if by_play:
                law60.accepted_by_play(self.ruling)
            elif option is not None and option.laws:
                law11.accepted_by_call(self.ruling, option.laws[0])
        if how == "corrected":
            law09.premature_correction(self.ruling)

    def bar(self, table: Table, seat: Seat, scope: Literal["next_turn", "throughout"],
            law: str) -> None:
        """Oblige a player to pass (at his next turn or for the rest of the auction). The ruling
        always says so; the table keeps one bar per seat, scope and law, so naming again an
        obligation already in force (a second Law 37 breach, say) does not list it twice."""
        self.ruling.add("must_pass", law, seat=str(seat), scope=scope)
        bar = Bar(seat, scope, law)
        if bar not in table.bars:
            table.bars.append(bar)

    def bar_partner(self, table: Table, scope: Literal["next_turn", "throughout"], law: str,
                    flag_23a: bool = True) -> None:
        """Oblige the offender's partner to pass; such an enforced pass may damage the other side,
        which the director judges afterwards (23A), unless ``flag_23a`` is off."""
        self.bar(table, self.offender.partner, scope, law)
        if flag_23a:  # 1987 23A; 2017 72C (law23.enforced_pass cites the edition's clause)
            law23.enforced_pass(self.ruling)

    def cancel_and_bar(self, table: Table, entry: int, law: str, offender_too: bool) -> None:
        """The tail that Laws 36, 37 and 38 share: the irregular call is cancelled, the partner
        (and, if ``offender_too``, the offender) must pass throughout, and Law 26 restricts the
        partner's lead for the cancelled call."""
        self.withdrawn(table, entry, law)
        if offender_too:
            self.bar(table, self.offender, "throughout", law)
        self.bar_partner(table, "throughout", law)
        self.restrict_lead(table, [Call.parse(str(self.fact.detail("call")))])

    def awaits_ruling(self, table: Table) -> bool:
        """Whether this rule's irregular call still waits at the table (nobody has called over
        it, nobody has decided on it): the moment the director, once called, rules on it."""
        pending = table.pending
        return (pending is not None and pending.irregularity == self.index
                and pending.stage == "acceptance" and pending.card is None)

    def rule_at_once(self, table: Table, event: int, law: str, calls: str) -> None:
        """The director is at the table and no opponent may accept this call (Laws 36-38): he
        rules now rather than when the next call comes. The call is cancelled with the
        penalties of the law (the subclass's ``resolve`` for a refusal), and, when the auction
        stays with the offender, the ruling says that he must replace the call now
        (``must_substitute``: ``calls`` is ``any_legal`` or ``pass``). Made out of rotation,
        the call is simply cancelled and the player in turn calls: there is nothing to
        substitute now, and the offender's duty is stated as what he does at his own turn
        (``calls_at_own_turn``, for ``any_legal``: a legal call of his choice, Law 36; when he
        must pass, the ``must_pass`` bar on him already says it), after the player who calls
        now (``auction_returns``). The duty is spent, and leaves the ruling, once he has called
        (:meth:`after_call`)."""
        if not self.awaits_ruling(table):
            return
        self.resolve(table, "refused", event)
        pending = table.pending
        if pending is None or pending.irregularity != self.index:
            if table.phase == "auction" and table.next is not None \
                    and table.next is not self.offender:
                if calls == "any_legal":
                    self.state_duty(Rectification("calls_at_own_turn", law,
                                                  {"seat": str(self.offender), "calls": calls}))
                # the player whose turn it was calls now (29A), said before the offender's duty
                self.state_duty(Rectification("auction_returns", law,
                                              {"seat": str(table.next)}))
            return
        pending.acceptors = ()  # nobody may accept it now: the offender is to call
        self.state_duty(Rectification("must_substitute", law,
                                      {"seat": str(self.offender), "calls": calls}))

    def state_duty(self, rect: Rectification) -> None:
        """Put the offender's duty to call right after the cancellation of his call, where a
        director says it."""
        law = rect.law
        assert law is not None
        self.ruling.cite(law)
        rects = self.ruling.rectifications
        at = next((i + 1 for i, r in enumerate(rects) if r.kind == "call_cancelled"
                   and r.fields.get("event") == self.fact.event), len(rects))
        rects.insert(at, rect)

    def no_double(self, table: Table, seat: Seat, law: str) -> None:
        """Forbid a player to double or redouble at his next turn (1987 only: the 2017 code has
        no such bar, spec 2017 §1 point 2)."""
        if self.ruler.edition != "1987":
            raise RuntimeError(f"no double-or-redouble bar exists in {self.ruler.edition}")
        self.ruling.add("no_double_or_redouble", law, seat=str(seat), scope="this_turn")
        table.bars.append(Bar(seat, "no_double", law))

    def restrict_lead(self, table: Table, withdrawn: list[CallValue],
                      final: CallValue | None = None, final_pending: bool = False) -> None:
        """Law 26 on the offender's partner for each withdrawn call that differs from his
        final call at that turn (``final_pending``: that call is still to be made)."""
        calls = [c for c in withdrawn if c != final]
        if calls:
            restriction = law26.restriction_class(self.ruler.edition)
            self.leads.append(restriction(self.ruling, table, self.offender, calls,
                                          final_pending))

    def withdrawn(self, table: Table, entry: int, law: str) -> None:
        """Record the cancellation of a call and the information rule that follows."""
        from generator.laws import law16  # law16 registers a rule of its own: imported late

        self.ruling.add("call_cancelled", law, event=table.entries[entry].event)
        law16.withdrawn_call(self.ruling, table.entries[entry].seat, ui=self.notes_withdrawn_ui)

    def offer_acceptance(self, table: Table, accept_laws: tuple[str, ...],
                         refuse_laws: tuple[str, ...],
                         accept_rects: tuple[Rectification, ...] = (),
                         accept_kind: str = "call_stands",
                         refuse_rects: tuple[Rectification, ...] = ()) -> None:
        """Offer the offender's LHO (the pending acceptor) the choice to accept or refuse.

        ``refuse_rects`` say what a refusal brings (10C1: the director explains every option),
        so that the ruling given when the director arrives states it; a rectification that
        hangs on a later call carries an ``if`` (``not_lowest_sufficient``, ``rho_passes``,
        ...). They are a preview: once the refusal is chosen the rule adds the real ones as
        they come into force, and :meth:`settle_acceptance` takes the preview out again."""
        assert table.pending is not None
        for seat in table.pending.acceptors[:1]:
            law10.offer(
                self.ruling, seat,
                Option("accept", list(accept_rects) or [Rectification(
                    accept_kind, accept_laws[0], {"event": self.fact.event})],
                       list(accept_laws)),
                Option("refuse", list(refuse_rects), list(refuse_laws)),
            )

    def lead_preview(self, call: CallValue, **condition: Any) -> Rectification:
        """The Law 26 restriction a withdrawn ``call`` brings on the offender's partner, as a
        refusal's preview states it (26A2 for a suit, 26B otherwise; if his side defends)."""
        suit = law26.named_suit(call)
        fields: dict[str, Any] = {"seat": str(self.offender.partner), "chooser": "declarer"}
        if suit is not None:
            fields.update(suits=[str(suit)], may=list(law26.MAY_26A2))
            law = "26A2"
        else:
            fields.update(suits="any_one", may=list(law26.MAY_26B))
            law = "26B"
        fields.update(if_defending=True, **condition)
        return Rectification("lead_restriction", law, fields)


RuleClass = type[Rule]
REGISTRY: dict[tuple[str, Kind], RuleClass] = {}
#: both editions, for a rule the two codes share (``@rule(kind, editions=BOTH)``)
BOTH = frozenset({"1987", "2017"})


def rule(kind: Kind, *, editions: set[str] | frozenset[str]) -> Callable[[RuleClass], RuleClass]:
    """Register a rule class for a kind of irregularity in the given editions."""

    def register(cls: RuleClass) -> RuleClass:
        cls.kind = kind
        for edition in editions:
            key = (edition, kind)
            if key in REGISTRY:
                raise RuntimeError(f"two rules for {kind.value} in {edition}")
            REGISTRY[key] = cls
        return cls

    return register


@cache
def law_modules() -> Mapping[int, ModuleType]:
    """Law number → module, for every ``lawNN`` module of the package, imported (which registers
    its rules); found once per process."""
    import generator.laws as package

    modules = {}
    for info in pkgutil.iter_modules(package.__path__):
        match = re.fullmatch(r"law(\d\d)", info.name)
        if match:
            modules[int(match.group(1))] = importlib.import_module(f"generator.laws.{info.name}")
    return MappingProxyType(modules)


def load_rules() -> None:
    """Import every law module so that its rules register themselves (once per process)."""
    law_modules()


def sharing() -> dict[str, dict[str, str]]:
    """For every irregularity kind a rule is registered for: the rule class of each edition
    (``module.Class``) and whether one rule serves both (``"shared"``), each edition has its
    own (``"differs"``), or only one edition rules on it yet (``"1987 only"``)."""
    load_rules()
    out: dict[str, dict[str, str]] = {}
    for kind in sorted({k for _, k in REGISTRY}, key=lambda k: k.value):
        row = {ed: f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__name__}"
               for (ed, k), cls in sorted(REGISTRY.items(), key=lambda i: i[0][0]) if k is kind}
        classes = {REGISTRY[(ed, kind)] for ed in row}
        if len(row) == 1:
            row["status"] = f"{next(iter(row))} only"
        else:
            row["status"] = "shared" if len(classes) == 1 else "differs"
        out[kind.value] = row
    return out


class LawRuler(Ruler):
    """Rules on each irregularity with the rules registered for its edition."""

    def __init__(self, edition: str) -> None:
        load_rules()
        self.edition = edition
        self.rules: dict[int, Rule] = {}

    def rule_for(self, table: Table, index: int) -> Rule:
        if index not in self.rules:
            kind = table.irregularities[index].kind
            if (self.edition, kind) not in REGISTRY and any(k is kind for _, k in REGISTRY):
                # another edition rules on it: this one must too, never by the neutral default
                what = kind.value.replace("_", " ")
                raise ImpossibleEventError(f"the {self.edition} edition has no rule yet for {what}")
            cls = REGISTRY.get((self.edition, kind), Rule)
            self.rules[index] = cls(self, table, index)
        return self.rules[index]

    def detected(self, table: Table, irregularity: int) -> None:
        self.rule_for(table, irregularity).detected(table)

    def opened(self, table: Table, irregularity: int) -> None:
        self.rule_for(table, irregularity).opened(table)

    def resolve(self, table: Table, how: Resolution, event: int) -> None:
        assert table.pending is not None
        self.rule_for(table, table.pending.irregularity).resolve(table, how, event)

    def substituted(self, table: Table, entry: int, event: int) -> None:
        assert table.pending is not None
        rule = self.rule_for(table, table.pending.irregularity)
        rule.substitute_made()
        rule.substituted(table, entry, event)

    def chose(self, table: Table, seat: Seat, option: str, event: int) -> None:
        for rule_obj in reversed(list(self.rules.values())):
            choice = rule_obj.ruling.open_choice
            if choice is not None and choice.seat is seat and any(
                    o.id == option for o in choice.options):
                rule_obj.chose(table, seat, option, event)
                return
        for rule_obj in reversed(list(self.rules.values())):
            choice = rule_obj.ruling.open_choice
            if choice is not None and choice.seat is seat:
                rule_obj.chose(table, seat, option, event)  # explains the options it has
                return
        super().chose(table, seat, option, event)

    def after_call(self, table: Table, seat: Seat, call: CallValue) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.after_call(table, seat, call)

    def auction_ended(self, table: Table) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.auction_ended(table)

    def auction_may_end(self, table: Table) -> bool:
        return all(r.auction_may_end(table) for r in list(self.rules.values()))

    def lead_due(self, table: Table, leader: Seat) -> None:
        # A lead is due afresh (a trick was completed, or completed again after a correction):
        # a 50E/51 offer still unanswered belongs to a lead that never came and is withdrawn,
        # so that declarer makes one choice, over the penalty cards as they are now (51B).
        for rule_obj in list(self.rules.values()):
            rule_obj.withdraw_stale_penalty_offer(table)
        for rule_obj in list(self.rules.values()):
            rule_obj.lead_due(table, leader)
        self.offer_due_penalty_lead(table, leader)

    def offer_due_penalty_lead(self, table: Table, leader: Seat) -> None:
        """50E/51B: ``leader`` is to lead and his partner has major penalty cards: offer
        declarer his lead choice, unless a Law 52 choice on those cards is still open (the
        substitution it may bring changes the trick's winner and the cards: declarer decides
        that first, and the lead choice comes once it is due, see ``law52``)."""
        owner = leader.partner
        if not (table.is_defender(leader) and any(p.major for p in table.penalty_cards(owner))):
            return
        if any(r.fact.kind is Kind.PENALTY_CARD_NOT_PLAYED and r.fact.seat is owner
               and r.ruling.open_choice is not None for r in self.rules.values()):
            return
        holder = self.penalty_rule(table, owner)
        if holder is not None and holder.ruling.open_choice is None:
            holder.offer_penalty_lead(table, owner)

    def penalty_rule(self, table: Table, owner: Seat) -> Rule | None:
        """The latest rule that made a penalty card of ``owner``."""
        for rule_obj in reversed(list(self.rules.values())):
            if any(r.kind == "penalty_card" and r.fields.get("seat") == str(owner)
                   for r in rule_obj.ruling.rectifications):
                return rule_obj
        return None

    def card_played(self, table: Table, seat: Seat, card: Card, event: int) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.card_played(table, seat, card, event)
        if table.current is not None and not table.current.is_complete and table.next:
            self.offer_due_designation(table, table.next)

    def offer_due_designation(self, table: Table, owner: Seat) -> None:
        """51A: ``owner`` is to play and can legally play two or more of his penalty cards:
        declarer designates which (:data:`generator.laws.law51.DECLARER_DESIGNATES`)."""
        from generator.laws import law51

        if not law51.DECLARER_DESIGNATES or table.declarer is None \
                or not table.is_defender(owner) or table.pending is not None:
            return
        legal = set(table.legal_cards(owner))
        cards = [p.card for p in table.penalty_cards(owner) if p.card in legal]
        if len(cards) < 2 or any(r.ruling.open_choice is not None for r in self.rules.values()):
            return
        holder = self.penalty_rule(table, owner)
        if holder is not None:
            holder.offer_designation(table, owner, cards)

    def trick_completed(self, table: Table, trick: PlayedTrick) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.trick_completed(table, trick)

    def play_ended(self, table: Table) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.play_ended(table)

    def director(self, table: Table, event: int) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.director(table, event)

    def judged(self, table: Table, judgement: Judgement, event: int) -> None:
        """A finding on damage goes to every rule (each looks for its clause); another finding
        (comparable, specified suits, unintended) to the latest rule that uses it: it concerns
        the call or change just before it."""
        if judgement.verdict in ("damaged", "no_damage"):
            for rule_obj in list(self.rules.values()):
                rule_obj.judged(table, judgement, event)
            return
        if judgement.verdict == ADJUST:
            # the director's adjusted score (12C) belongs to the latest irregularity's ruling
            from generator.laws import law12, law77

            if not self.rules:
                raise ImpossibleEventError("an adjusted score needs an irregularity to rule on")
            try:
                law12.check_vulnerability(judgement, table.board.vulnerability)
            except law77.ScoringError as exc:
                raise ImpossibleEventError(str(exc)) from None
            law12.apply_adjustment(self.rules[max(self.rules)].ruling, judgement)
            return
        for index in sorted(self.rules, reverse=True):
            if self.rules[index].judged(table, judgement, event):
                return

    def claim_answered(self, table: Table, seat: Seat, answer: str, event: int) -> None:
        """The answer goes to the rule of the last claim or concession (Laws 69-71)."""
        for index in sorted(self.rules, reverse=True):
            rule_obj = self.rules[index]
            if rule_obj.fact.kind in (Kind.CLAIM, Kind.CONCESSION):
                rule_obj.claim_answered(table, seat, answer, event)
                return

    def tricks_counted(self, table: Table, counted: TricksCounted, event: int) -> None:
        """A count of tricks goes to the rule of the board's ``trick_count`` fact (Law 79)."""
        for index in sorted(self.rules, reverse=True):
            rule_obj = self.rules[index]
            if rule_obj.fact.kind is Kind.TRICK_COUNT:
                rule_obj.tricks_counted(table, counted, event)
                return

    def objected(self, table: Table, seat: Seat, event: int) -> None:
        for rule_obj in list(self.rules.values()):
            rule_obj.objected(table, seat, event)

    def faced_card_is_played(self, table: Table, seat: Seat) -> bool:
        """45C1, as :data:`generator.laws.law45.FACED_AT_OWN_TURN_IS_PLAYED` reads it."""
        from generator.laws import law45

        return law45.FACED_AT_OWN_TURN_IS_PLAYED

    def barred_call_out_of_rotation_breaks_bar(self, table: Table, seat: Seat) -> bool:
        """Law 37 over Laws 29-32, as :data:`generator.laws.law37.OUT_OF_ROTATION_IS_LAW_37`
        reads it."""
        from generator.laws import law37

        return law37.OUT_OF_ROTATION_IS_LAW_37

    def deemed_pass(self, table: Table, seat: Seat, caller: Seat, event: int) -> None:
        """28A: the ruling that obliged ``seat`` to pass says how his turn was used up."""
        from generator.laws import law28

        law28.deemed_pass(list(self.rules.values()), seat, caller, event)

    def rulings(self, table: Table) -> list[dict[str, Any]]:
        return [self.rules[i].output(table) for i in sorted(self.rules)]

    def laws_of(self, table: Table, index: int) -> tuple[str, ...]:
        """The laws an irregularity falls under, as its rule sees it."""
        return self.rule_for(table, index).primary_laws()
