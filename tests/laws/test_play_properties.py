"""Properties of the play rulings over random complete boards with an injected irregularity.

A random deal, a one-bid auction and random play are driven through a :class:`Table` under the
1987 ruler, event by event. At a random moment one play irregularity is injected (a revoke, a
defender's exposed card, a lead out of turn, a premature play); every decision a ruling then asks
for (accept or refuse, declarer's options, keep or withdraw) is answered at random, and the play
goes on. Players obey their duties except a "careless" one, who sometimes ignores a major penalty
card. The properties (Laws 50, 52, 61-64, 77):

* thirteen tricks always end the board, and the tricks won add up to thirteen;
* a trick transfer never exceeds two tricks, nor what the offending side won from the revoke trick
  on;
* a player who fails to play a major penalty card that he could legally play is always detected;
* the final score is the Law 77 score of the tricks after transfers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.laws import law64, law77
from generator.laws.engine import board_score
from generator.laws.law50 import LeadDuty
from generator.laws.law57 import PartnerPlay
from generator.laws.law61 import Revoke
from generator.laws.ruler import LawRuler
from generator.model import ALL_CARDS, Board, Card, Deal, Hand, Seat, Strain, legal_plays
from generator.model.contract import Result
from generator.table.events import (
    Accepted,
    CallMade,
    CardLed,
    CardPlayed,
    CardsExposed,
    DirectorCalled,
    Event,
    OptionChosen,
    Refused,
)
from generator.table.irregularities import Kind
from generator.table.state import Table

INJECTIONS = ("revoke", "exposed", "lead_out_of_turn", "premature", "none")


@dataclass
class Board13:
    table: Table
    ruler: LawRuler
    rng: random.Random
    careless: bool
    missed_duties: list[int] = field(default_factory=list)

    def apply(self, event: Event) -> None:
        self.table.apply(event)
        self.answer_decisions()

    def answer_decisions(self) -> None:
        """Answer every open decision at random (bounded: decisions can chain)."""
        for _ in range(8):
            table = self.table
            pending = table.pending
            if pending is not None and pending.stage == "acceptance" and pending.card is not None:
                acceptor = pending.acceptors[0]
                if self.rng.random() < 0.5:
                    self.table.apply(Accepted(acceptor))
                else:
                    self.table.apply(Refused(acceptor))
                continue
            for rule in list(self.ruler.rules.values()):
                choice = rule.ruling.open_choice
                if choice is not None and (pending is None or pending.stage != "acceptance"):
                    option = self.rng.choice([o.id for o in choice.options])
                    self.table.apply(OptionChosen(choice.seat, option))
                    break
            else:
                return

    def hand(self, seat: Seat) -> set[Card]:
        hand = self.table.remaining(seat)
        assert hand is not None
        return hand

    def legal(self, seat: Seat) -> list[Card]:
        current = self.table.current
        led = current.led_suit if current is not None and not current.is_complete else None
        return list(legal_plays(Hand(self.hand(seat)), led))

    def dutiful(self, seat: Seat, legal: list[Card], lead: bool) -> list[Card]:
        """The cards the player may choose among if he obeys every duty laid on him."""
        table = self.table
        majors = [p.card for p in table.penalty_cards(seat) if p.major and p.card in legal]
        if majors:
            return majors
        minors = [p.card for p in table.penalty_cards(seat) if not p.major]
        cards = [c for c in legal if not any(
            c.suit is m.suit and not c.rank.is_honour and c != m and m in legal for m in minors)]
        for duty in table.constraints:
            if isinstance(duty, LeadDuty) and duty.seat is seat and lead:
                if duty.require and any(c.suit is duty.suit for c in cards):
                    cards = [c for c in cards if c.suit is duty.suit]
                elif not duty.require and any(c.suit is not duty.suit for c in cards):
                    cards = [c for c in cards if c.suit is not duty.suit]
            if isinstance(duty, PartnerPlay) and duty.seat is seat and not lead:
                current = table.current
                led = current.led_suit if current is not None else None
                same = sorted((c for c in cards if c.suit is led), key=lambda c: c.rank.order)
                if duty.how == "highest" and same:
                    cards = [same[-1]]
                elif duty.how == "lowest" and same:
                    cards = [same[0]]
                elif duty.how == "prohibit" and not same:
                    cards = [c for c in cards if c.suit is not duty.suit] or cards
        return cards or legal

    def play_one(self) -> None:
        table = self.table
        seat = table.next
        assert seat is not None
        lead = table.leading
        legal = self.legal(seat)
        choices = self.dutiful(seat, legal, lead)
        if self.careless and self.rng.random() < 0.3:
            choices = legal
        card = self.rng.choice(sorted(choices))
        majors = [p.card for p in table.penalty_cards(seat) if p.major and p.card in legal]
        if majors and card not in [p.card for p in table.penalty_cards(seat)]:
            self.missed_duties.append(len(table.events))
        self.apply((CardLed if lead else CardPlayed)(seat, card))


def new_board(seed: int, careless: bool) -> Board13:
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    seats = list(Seat)
    deal = Deal.from_hands({s: Hand(cards[i * 13:(i + 1) * 13]) for i, s in enumerate(seats)})
    board = Board.from_number(rng.randint(1, 16))
    ruler = LawRuler("1987")
    b = Board13(Table(board, deal, ruler), ruler, rng, careless)
    declarer = rng.choice(seats)
    level = rng.randint(1, 4)
    strain = rng.choice(list(Strain))
    seat = board.dealer
    while seat is not declarer:
        b.apply(CallMade(seat, _call("P")))
        seat = seat.lho
    b.apply(CallMade(declarer, _call(f"{level}{strain}")))
    for _ in range(3):
        seat = seat.lho
        b.apply(CallMade(seat, _call("P")))
    assert b.table.phase == "play"
    return b


def _call(text: str):  # type: ignore[no-untyped-def]
    from generator.model import Call

    return Call.parse(text)


def inject(b: Board13, what: str) -> bool:
    """Inject one irregularity at the current moment; False if it cannot happen here."""
    table = b.table
    seat = table.next
    assert seat is not None and table.declarer is not None
    current = table.current
    lead = table.leading
    if what == "revoke" and not lead:
        assert current is not None
        led = current.led_suit
        hand = b.hand(seat)
        off = [c for c in hand if c.suit is not led]
        if any(c.suit is led for c in hand) and off and seat is not table.dummy:
            b.apply(CardPlayed(seat, b.rng.choice(sorted(off))))
            if b.rng.random() < 0.4:
                b.apply(DirectorCalled())
            return True
    if what == "exposed":
        defender = b.rng.choice([table.declarer.lho, table.declarer.rho])
        hand = sorted(b.hand(defender) - set(table.exposed[defender]))
        if len(hand) > 1:
            b.apply(CardsExposed(defender, (b.rng.choice(hand),)))
            return True
    if what == "lead_out_of_turn" and lead and table.is_defender(seat) and table.tricks:
        wrong = seat.partner
        hand = sorted(b.hand(wrong))
        if hand:
            b.apply(CardLed(wrong, b.rng.choice(hand)))
            return True
    if what == "premature" and not lead and current is not None:
        waiting = [s for s in (table.declarer.lho, table.declarer.rho)
                   if s is not seat and s not in current.seats() and s.partner is seat]
        if waiting and len(b.hand(waiting[0])) > 1:
            b.apply(CardPlayed(waiting[0], b.rng.choice(sorted(b.hand(waiting[0])))))
            return True
    return what == "none"


def expected_transfer(b: Board13) -> int:
    """Tricks Law 64A moves to declarer's side (negative: away from it), worked out from the
    tricks as played, not from the rulings: for each revoke left standing (not corrected, not on
    trick 12, not dummy's (64B3), not a repeat in the same suit by the same player (64B2)), the
    offender's side gives up the revoke trick and one more it won later if the offender won the
    revoke trick himself (64A1), else one trick if his side won the revoke trick or a later one
    (64A2). A trick dummy won counts for a revoking declarer only under
    ``law64.DUMMY_WIN_COUNTS_FOR_DECLARER``."""
    table = b.table
    assert table.declarer is not None
    revokes = sorted((r for r in b.ruler.rules.values() if isinstance(r, Revoke)),
                     key=lambda r: r.index)
    delta = 0
    for i, rule in enumerate(revokes):
        offender, number = rule.offender, rule.trick
        led = rule.fact.detail("led")
        repeated = bool(led) and any(o.offender is offender and o.fact.detail("led") == led
                                     and o.established for o in revokes[:i])
        if (rule.corrected or number == 12 or offender is table.dummy or repeated
                or not 1 <= number <= len(table.tricks)):
            continue
        side = offender.side
        winner = table.tricks[number - 1].winner
        assert winner is not None
        own_win = winner is offender or (law64.DUMMY_WIN_COUNTS_FOR_DECLARER
                                         and offender is table.declarer and winner is table.dummy)
        later = any(t.winner is not None and t.winner.side is side
                    for t in table.tricks[number:])
        if own_win:  # 64A1
            count = 1 + int(later)
        elif winner.side is side or later:  # 64A2
            count = 1
        else:  # 64B1
            count = 0
        delta += -count if side is table.declarer.side else count
    return delta


def play_out(seed: int, what: str, careless: bool) -> Board13:
    b = new_board(seed, careless)
    moment = b.rng.randint(1, 40)
    injected = False
    steps = 0
    while b.table.phase == "play":
        steps += 1
        assert steps < 200, "the board does not end"
        if not injected and steps >= moment:
            injected = inject(b, what)
            if injected:
                continue
        b.play_one()
    return b


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(INJECTIONS), st.booleans())
def test_rectified_boards_end_after_thirteen_tricks(seed: int, what: str, careless: bool) -> None:
    """Laws 44, 62, 67: however an irregularity is rectified, thirteen tricks end the board."""
    b = play_out(seed, what, careless)
    table = b.table
    assert table.phase == "ended"
    assert len(table.tricks) == 13
    assert sum(table.won.values()) == 13
    assert all(len(t.plays) == 4 for t in table.tricks)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_trick_transfers_stay_within_the_law(seed: int, careless: bool) -> None:
    """Law 64A: at most two tricks, and never more than the offending side won from the revoke
    trick on."""
    b = play_out(seed, "revoke", careless)
    table = b.table
    for rule in b.ruler.rules.values():
        for rect in rule.ruling.rectifications:
            if rect.kind != "trick_transfer":
                continue
            tricks = int(rect.fields["tricks"])
            assert 1 <= tricks <= 2
            offenders = rule.offender.side
            revoke_trick = int(rule.trick)  # type: ignore[attr-defined]
            won_from_then = sum(1 for t in table.tricks[revoke_trick - 1:]
                                if t.winner is not None and t.winner.side is offenders)
            assert tricks <= won_from_then
            assert rect.fields["to"] == str(offenders.opponents)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(("exposed", "lead_out_of_turn", "premature")))
def test_an_unplayed_major_penalty_card_is_always_detected(seed: int, what: str) -> None:
    """Law 50E and 52: every time the owner could play a major penalty card and played another
    card, the engine records a failure to play it."""
    b = play_out(seed, what, careless=True)
    detected = {f.event for f in b.table.irregularities
                if f.kind is Kind.PENALTY_CARD_NOT_PLAYED and f.detail("major")}
    for event in b.missed_duties:
        assert event in detected, f"missed duty at event {event} not detected"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(INJECTIONS), st.booleans())
def test_the_score_matches_the_tricks_after_transfers(seed: int, what: str,
                                                     careless: bool) -> None:
    """Law 77 with Law 64: the board's score is the score of the tricks played plus the tricks
    Law 64A transfers to declarer's side (minus those taken from it), the transfer worked out
    here from the tricks themselves."""
    b = play_out(seed, what, careless)
    table = b.table
    assert table.contract is not None and table.declarer is not None
    rulings = b.ruler.rulings(table)
    score, details = board_score(table, "1987", rulings)
    assert score is not None and details is not None
    side = table.declarer.side
    played = sum(1 for t in table.tricks if t.winner is not None and t.winner.side is side)
    tricks = max(0, min(13, played + expected_transfer(b)))
    assert details["tricks"] == tricks
    expected = law77.result_score(Result(table.contract, table.declarer, tricks),
                                  table.board.vulnerability)
    assert score == expected
    assert score["NS"] == -score["EW"]
