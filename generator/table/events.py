"""Events: what happened at the table, one line each (``SEAT VERB [ARGS]``).

Events are recorded exactly as they happened; an event is never refused because it is irregular.
Only an event that cannot be written down at all (unknown verb, unknown call) is a parse error.
``str()`` gives the canonical line and :func:`parse_event` is its inverse.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from generator.errors import ParseError
from generator.model.calls import Call, CallValue
from generator.model.cards import Card
from generator.model.seat import Seat

SIMULTANEOUS = "simultaneous"
INADVERTENT = "inadvertent"
#: ``exposes CARD held``: the card was held face up as in Law 45C, so it counts as played
HELD = "held"
MISINFORMED = "misinformed"
ASKABLE = ("review", "explanation", "trick", "withdrawn")
#: what dummy may do, or may not, on his own (Laws 42-43): ``N looks E``, ``N exchanges``,
#: ``N warns``, ``N draws_attention``
DUMMY_ACTS = ("looks", "exchanges", "warns", "draws_attention")


@dataclass(frozen=True)
class CallMade:
    """``E 1H``: a call by the seat that actually made it; ``simultaneous`` marks a call made at
    the same moment as the previous event's call."""

    seat: Seat
    call: CallValue
    simultaneous: bool = False

    def __str__(self) -> str:
        return f"{self.seat} {self.call}" + (f" {SIMULTANEOUS}" if self.simultaneous else "")


@dataclass(frozen=True)
class CallChanged:
    """``E changes 2H``: the seat replaces his last call; ``inadvertent`` = a slip corrected
    without pause; ``misinformed`` = a change after an opponent's wrong explanation (extension)."""

    seat: Seat
    call: CallValue
    inadvertent: bool = False
    misinformed: bool = False

    def __str__(self) -> str:
        flag = f" {INADVERTENT}" if self.inadvertent else (f" {MISINFORMED}" if self.misinformed
                                                           else "")
        return f"{self.seat} changes {self.call}{flag}"


@dataclass(frozen=True)
class Asked:
    """``W asks review`` / ``W asks explanation``: a request for a review of the auction or an
    explanation of the opponents' calls (extension of format 1)."""

    seat: Seat
    what: str

    def __str__(self) -> str:
        return f"{self.seat} asks {self.what}"


@dataclass(frozen=True)
class Accepted:
    """``S accepts``: a player entitled to accept an irregular call, lead or play does so."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} accepts"


@dataclass(frozen=True)
class Refused:
    """``S refuses``: the player entitled to accept declines."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} refuses"


@dataclass(frozen=True)
class OptionChosen:
    """``S chooses OPTION``: a player picks one of the options of a ruling."""

    seat: Seat
    option: str

    def __str__(self) -> str:
        return f"{self.seat} chooses {self.option}"


@dataclass(frozen=True)
class CardLed:
    """``W leads SK``: a lead to a new trick (the opening lead included)."""

    seat: Seat
    card: Card
    simultaneous: bool = False

    def __str__(self) -> str:
        return f"{self.seat} leads {self.card}" + (f" {SIMULTANEOUS}" if self.simultaneous else "")


@dataclass(frozen=True)
class CardPlayed:
    """``N plays H4``: a card played to the current trick (dummy's card is named by declarer)."""

    seat: Seat
    card: Card
    simultaneous: bool = False

    def __str__(self) -> str:
        return f"{self.seat} plays {self.card}" + (f" {SIMULTANEOUS}" if self.simultaneous else "")


@dataclass(frozen=True)
class CardsExposed:
    """``E exposes C4 D3``: cards shown other than by legal play (dropped, shown).

    ``E exposes C4 held``: one card held face up so that partner could see it (a defender's,
    Law 45C1) or touching the table (declarer's, 45C2): a card that counts as played."""

    seat: Seat
    cards: tuple[Card, ...]
    held: bool = False

    def __str__(self) -> str:
        return f"{self.seat} exposes " + " ".join(str(c) for c in self.cards) + (
            f" {HELD}" if self.held else "")


@dataclass(frozen=True)
class Claimed:
    """``S claims 10``: a claim of that many of the remaining tricks; ``S claims 10 stating
    PLAN`` adds the claimer's statement, his line as tokens in order (a card ``SA``, ``S*`` to
    cash a suit from the top, ``trumps``, ``rest``); ``plan`` is ``None`` without a statement."""

    seat: Seat
    tricks: int
    plan: tuple[str, ...] | None = None

    def __str__(self) -> str:
        stated = "" if self.plan is None else " stating " + " ".join(self.plan)
        return f"{self.seat} claims {self.tricks}{stated}"


#: The answers to a claim or concession (Laws 68-69): ``E disputes``, ``E acquiesces``, and
#: ``E withdraws`` (the acquiescence withdrawn within the correction period, 69B).
ANSWERS = ("disputes", "acquiesces", "withdraws")


@dataclass(frozen=True)
class ClaimAnswered:
    """``E disputes`` / ``E acquiesces`` / ``E withdraws``: an opponent of the claimer (or of
    the player who conceded) disputes it, accepts it, or withdraws his acquiescence (69B)."""

    seat: Seat
    answer: str

    def __str__(self) -> str:
        return f"{self.seat} {self.answer}"


@dataclass(frozen=True)
class Conceded:
    """``S concedes 2``: a concession of that many of the remaining tricks."""

    seat: Seat
    tricks: int

    def __str__(self) -> str:
        return f"{self.seat} concedes {self.tricks}"


@dataclass(frozen=True)
class WrongBoard:
    """``E wrong-board``: E is found to hold the cards of another board (extension of format 1)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} wrong-board"


@dataclass(frozen=True)
class HandCount:
    """``N holds 12`` / ``N holds 14``: N's hand is found to hold that many cards, counting those
    he has played (Laws 13, 14); ``N holds 12 SA``: the missing card, SA, is found other than
    among the played cards and given back to him (14A1, 14B1(b)). Extension of format 1."""

    seat: Seat
    cards: int
    found: Card | None = None

    def __str__(self) -> str:
        return f"{self.seat} holds {self.cards}" + (f" {self.found}" if self.found else "")


@dataclass(frozen=True)
class Objected:
    """``E objects``: a player objects to the board being played after a player has seen cards
    of another hand (13B2). Extension of format 1."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} objects"


@dataclass(frozen=True)
class WrongTable:
    """``director wrong-table`` / ``director wrong-table EW``: the director finds that the table
    is playing a board not meant for it in this round (Law 15); a pair named is the pair that was
    not meant to play it here and is replaced, the other pair stays. Extension of format 1."""

    replaced: str | None = None

    def __str__(self) -> str:
        return "director wrong-table" + (f" {self.replaced}" if self.replaced else "")


@dataclass(frozen=True)
class WrongDirection:
    """``director wrong-direction`` / ``director wrong-direction 180``: the director finds that
    the board has been played turned on the table, every hand taken by the wrong seat (Law 15D,
    reconstructed: see generator/laws/law15.py). Plain, the board was turned a quarter: North-South
    took the East-West hands and the reverse; ``180``, it was turned half-way: North took South's
    hand and East West's, each pair still holding its own line's two hands. Extension of
    format 1."""

    half: bool = False

    def __str__(self) -> str:
        return "director wrong-direction" + (" 180" if self.half else "")


@dataclass(frozen=True)
class PlayedBefore:
    """``N played-before``: N has already played this board in an earlier round (15B).
    Extension of format 1."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} played-before"


@dataclass(frozen=True)
class DummyAct:
    """What dummy does on his own (Laws 42-43, extension of format 1): ``N looks E`` (looks at
    E's hand), ``N exchanges`` (exchanges hands with declarer), ``N warns`` (warns declarer
    against leading from the wrong hand), ``N draws_attention`` (draws attention to an
    irregularity during the play)."""

    seat: Seat
    act: str
    target: Seat | None = None

    def __str__(self) -> str:
        return f"{self.seat} {self.act}" + (f" {self.target}" if self.target else "")


#: ``director VERDICT ...``: the director's judgement on the call, change or claim just before it
#: (or, for ``damaged`` / ``no_damage``, on the board), as the 2017 additions of the case format
#: write it; the engine never guesses one of these (see generator/laws/law23.py)
VERDICTS = ("comparable", "not_comparable", "specifies", "unintended", "intended", "damaged",
            "no_damage")


#: ``director adjust assigned|artificial ...``: the director's adjusted score (Law 12C), the
#: case format's 2017 addition; its awards for ``artificial``
ADJUST = "adjust"
ADJUSTMENTS = ("assigned", "artificial")
AWARDS = ("avg+", "avg", "avg-")


@dataclass(frozen=True)
class Judgement:
    """``director comparable [23A2]``, ``director not_comparable``, ``director specifies H S``
    (or ``none``), ``director unintended`` / ``intended``, ``director damaged 23C`` /
    ``no_damage 23C``: a finding of the director that the Laws leave to his judgement.
    ``clause`` is the clause named (optional for ``comparable``, required for damage); ``suits``
    the suits of ``specifies``.

    ``director adjust assigned "4H= NS+620" weight 0.4 "4HX-1 NS-200" weight 0.6`` and
    ``director adjust artificial NS avg+ EW avg-`` (verdict ``adjust``) are the director's
    adjusted score (Law 12C): ``adjustment`` says which, ``results`` holds each result with its
    weight as written (``None`` for a single unweighted result), ``awards`` each pair's award.
    The scores themselves are computed by :func:`generator.laws.law12.adjustment` under the
    edition being ruled."""

    verdict: str
    clause: str | None = None
    suits: tuple[str, ...] = ()
    adjustment: str | None = None
    results: tuple[tuple[str, str | None], ...] = ()
    awards: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if self.verdict == ADJUST:
            if self.adjustment == "artificial":
                tail = " ".join(f"{side} {award}" for side, award in self.awards)
            else:
                tail = " ".join(f'"{text}"' + (f" weight {weight}" if weight else "")
                                for text, weight in self.results)
            return f"director {ADJUST} {self.adjustment} {tail}"
        tail = " ".join(self.suits) if self.verdict == "specifies" else (self.clause or "")
        if self.verdict == "specifies" and not self.suits:
            tail = "none"
        return f"director {self.verdict}" + (f" {tail}" if tail else "")


#: the moments after the board at which attention may first be drawn to an irregularity (Law
#: 64B4-5): ``after_next_deal``, once a member of the non-offending side has called on the next
#: deal; ``after_round``, once the round has ended
LATE_MOMENTS = ("after_next_deal", "after_round")


@dataclass(frozen=True)
class DirectorCalled:
    """``director``: attention is drawn and the director is at the table. ``director
    after_next_deal`` / ``director after_round`` (extension of format 1): attention is first
    drawn only once a non-offender has called on the next deal, or once the round has ended; it
    comes after the last card of the board (Law 64B4-5)."""

    moment: str | None = None

    def __str__(self) -> str:
        return "director" + (f" {self.moment}" if self.moment else "")


#: The verbs of the count of tricks after the play (Law 79), said by a pair (``NS`` or ``EW``):
#: ``NS agree 9`` (the four players agree that North-South won nine tricks), ``EW contest``
#: (East-West dispute the count: the director is called, 79B), ``NS correct 10`` (the count is
#: found wrong after it was agreed, and North-South's tricks are to be corrected to ten, 79C)
COUNT_VERBS = ("agree", "contest", "correct")
#: the moments at which a contest or a correction may come late: ``after_round`` (the round has
#: ended, 79B) and ``after_correction_period`` (the correction period has expired, 79C)
COUNT_MOMENTS = ("after_round", "after_correction_period")


@dataclass(frozen=True)
class TricksCounted:
    """``NS agree 9`` / ``EW contest`` / ``NS correct 10`` (extension of format 1): the count of
    tricks after the last card (Law 79). ``pair`` is ``NS`` or ``EW``; ``tricks`` the tricks
    that pair won as agreed (``agree``) or as the correction asks (``correct``), ``None`` for a
    contest; ``moment`` (``after_round`` / ``after_correction_period``, a contest or correction
    only) says the question came that late."""

    pair: str
    verb: str
    tricks: int | None = None
    moment: str | None = None

    def __str__(self) -> str:
        tricks = "" if self.tricks is None else f" {self.tricks}"
        return f"{self.pair} {self.verb}{tricks}" + (f" {self.moment}" if self.moment else "")


Event = (
    CallMade | CallChanged | Accepted | Refused | OptionChosen | CardLed | CardPlayed
    | CardsExposed | Claimed | Conceded | WrongBoard | DirectorCalled | Asked | ClaimAnswered
    | HandCount | Objected | WrongTable | WrongDirection | PlayedBefore | DummyAct | Judgement
    | TricksCounted
)

VERBS = (
    "calls", "changes", "accepts", "refuses", "chooses", "leads", "plays", "exposes", "claims",
    "concedes", "wrong-board", "director", "asks", *ANSWERS,
    "holds", "objects", "played-before", *DUMMY_ACTS, *COUNT_VERBS,
)

#: the plan's words besides cards and ``X*``
PLAN_WORDS = ("trumps", "rest")


def _plan(words: list[str], text: str) -> tuple[str, ...]:
    """The tokens of a claim's statement, each checked: a card, ``X*``, ``trumps``, ``rest``."""
    if not words:
        raise ParseError(f"'stating' needs the claimer's line (cards like SA, S* to cash a suit, "
                         f"'trumps', 'rest'): {text!r}")
    out: list[str] = []
    for word in words:
        low = word.lower()
        if low in PLAN_WORDS:
            out.append(low)
        elif len(word) == 2 and word[1] == "*" and word[0].upper() in "CDHS":
            out.append(word[0].upper() + "*")
        else:
            try:
                out.append(str(Card.parse(word)))
            except ParseError:
                raise ParseError(
                    f"unknown word {word!r} in the claim's statement (cards like SA, S* to cash "
                    f"a suit from the top, 'trumps', 'rest'): {text!r}") from None
    return tuple(out)


def _count(word: str, verb: str) -> int:
    # ASCII digits only: str.isdigit() also accepts "²" and "١", which int() refuses or reads
    if not (word.isascii() and word.isdigit()) or len(word) > 2 or not 0 <= int(word) <= 13:
        raise ParseError(f"'{verb}' needs a number of tricks from 0 to 13, not {word!r}")
    return int(word)


def _card(words: list[str], verb: str) -> tuple[Card, bool]:
    flags = [w for w in words[1:]]
    if not words or any(f.lower() != SIMULTANEOUS for f in flags):
        raise ParseError(f"'{verb}' needs one card (like SK or H7), optionally 'simultaneous'")
    return Card.parse(words[0]), bool(flags)


def parse_event(text: str) -> Event:
    """Parse one event line. Seat letters and verbs are case-insensitive."""
    words = str(text).split()
    if not words:
        raise ParseError("empty event")
    if len(words) == 1 and words[0].lower() == "director":
        return DirectorCalled()
    if words[0].lower() == "director" and words[1].lower() in LATE_MOMENTS:
        if len(words) > 2:
            raise ParseError(f"'director {words[1].lower()}' takes nothing after it: {text!r}")
        return DirectorCalled(words[1].lower())
    if words[0].lower() == "director" and words[1].lower() == "wrong-table":
        return _wrong_table(words[2:], text)
    if words[0].lower() == "director" and words[1].lower() == ADJUST:
        return _adjust(str(text))
    if words[0].lower() == "director" and words[1].lower() in VERDICTS:
        return _judgement(words[1].lower(), words[2:], text)
    if words[0].lower() == "director" and words[1].lower() == "wrong-direction":
        if len(words) > 3 or (len(words) == 3 and words[2] != "180"):
            raise ParseError(f"'director wrong-direction' takes nothing or 180: {text!r}")
        return WrongDirection(len(words) == 3)
    if words[0].lower() == "director":
        raise ParseError(f"unknown word {words[1]!r} after 'director' (known: "
                         f"{', '.join((*LATE_MOMENTS, 'wrong-table', 'wrong-direction'))}): "
                         f"{text!r}")
    if words[0].upper() in ("NS", "EW"):
        return _count_event(words, str(text))
    seat = Seat.parse(words[0])
    if len(words) < 2:
        raise ParseError(f"event {text!r} has a seat but no call or verb")
    verb, args = words[1].lower(), words[2:]
    if verb == "calls":
        verb, args = args[0].lower() if args else "", args
        return _call_event(seat, args, text)
    if verb == "changes":
        flag = args[1].lower() if len(args) == 2 else None
        if not args or len(args) > 2 or flag not in (None, INADVERTENT, MISINFORMED):
            raise ParseError(
                f"'changes' needs a call, optionally 'inadvertent' or 'misinformed': {text!r}")
        return CallChanged(seat, Call.parse(args[0]), flag == INADVERTENT, flag == MISINFORMED)
    if verb == "asks":
        if len(args) != 1 or args[0].lower() not in ASKABLE:
            raise ParseError("'asks' needs 'review', 'explanation', 'trick' or 'withdrawn':"
                             f" {text!r}")
        return Asked(seat, args[0].lower())
    if verb in ("accepts", "refuses", "wrong-board"):
        if args:
            raise ParseError(f"'{verb}' takes nothing after it: {text!r}")
        if verb == "accepts":
            return Accepted(seat)
        return Refused(seat) if verb == "refuses" else WrongBoard(seat)
    board = _board_event(seat, verb, args, text)
    if board is not None:
        return board
    if verb == "chooses":
        if len(args) != 1:
            raise ParseError(f"'chooses' needs one option id: {text!r}")
        return OptionChosen(seat, args[0])
    if verb in ("leads", "plays"):
        card, simultaneous = _card(args, verb)
        return (CardLed if verb == "leads" else CardPlayed)(seat, card, simultaneous)
    if verb == "exposes":
        held = bool(args) and args[-1].lower() == HELD
        cards = args[:-1] if held else args
        if not cards or (held and len(cards) != 1):
            raise ParseError(f"'exposes' needs at least one card ('{HELD}' after one card only):"
                             f" {text!r}")
        return CardsExposed(seat, tuple(Card.parse(a) for a in cards), held)
    if verb in ANSWERS:
        if args:
            raise ParseError(f"'{verb}' takes nothing after it: {text!r}")
        return ClaimAnswered(seat, verb)
    if verb == "claims" and len(args) >= 2 and args[1].lower() == "stating":
        return Claimed(seat, _count(args[0], verb), _plan(args[2:], text))
    if verb in ("claims", "concedes"):
        if len(args) != 1:
            more = " (optionally 'stating' and the line)" if verb == "claims" else ""
            raise ParseError(f"'{verb}' needs a number of tricks{more}: {text!r}")
        n = _count(args[0], verb)
        return Claimed(seat, n) if verb == "claims" else Conceded(seat, n)
    return _call_event(seat, words[1:], text)


def _count_event(words: list[str], text: str) -> TricksCounted:
    """``NS agree 9``, ``EW contest [MOMENT]``, ``NS correct 10 [MOMENT]`` (see
    :class:`TricksCounted`)."""
    pair, verb = words[0].upper(), words[1].lower() if len(words) > 1 else ""
    args = words[2:]
    if verb not in COUNT_VERBS:
        raise ParseError(f"a pair ({pair}) needs one of {', '.join(COUNT_VERBS)} after it: "
                         f"{text!r}")
    moment = args[-1].lower() if args and args[-1].lower() in COUNT_MOMENTS else None
    if moment is not None:
        args = args[:-1]
        if verb == "agree":
            raise ParseError(f"'agree' takes no moment ({moment}); the count is agreed at the "
                             f"table: {text!r}")
    if verb == "contest":
        if args:
            raise ParseError(f"'contest' takes only a moment ({', '.join(COUNT_MOMENTS)}) after "
                             f"it: {text!r}")
        return TricksCounted(pair, verb, None, moment)
    if len(args) != 1:
        more = f", optionally a moment ({', '.join(COUNT_MOMENTS)})" if verb == "correct" else ""
        raise ParseError(f"'{verb}' needs the number of tricks {pair} won{more}: {text!r}")
    return TricksCounted(pair, verb, _count(args[0], verb), moment)


def _judgement(verdict: str, args: list[str], text: str) -> Judgement:
    """``director VERDICT ...`` (see :class:`Judgement`); the clause is checked as a law
    reference here and against the edition's index when the ruling cites it."""
    from generator.laws.refs import LawRef  # the model of a citation, no rule imported

    if verdict == "specifies":
        if args == ["none"] or [a.lower() for a in args] == ["none"]:
            return Judgement(verdict)
        suits = tuple(a.upper() for a in args)
        if not suits or any(s not in ("S", "H", "D", "C") for s in suits) \
                or len(set(suits)) != len(suits):
            raise ParseError(f"'director specifies' needs suits (S H D C) or 'none': {text!r}")
        return Judgement(verdict, suits=tuple(s for s in ("S", "H", "D", "C") if s in suits))
    if verdict in ("damaged", "no_damage"):
        if len(args) != 1:
            raise ParseError(f"'director {verdict}' needs the clause (like 23C or 64C): {text!r}")
    elif len(args) > 1 or (args and verdict != "comparable"):
        more = "optionally the clause (23A1, 23A2, 23A3)" if verdict == "comparable" \
            else "nothing"
        raise ParseError(f"'director {verdict}' takes {more} after it: {text!r}")
    clause = str(LawRef.parse(args[0])) if args else None
    return Judgement(verdict, clause)


def _adjust(text: str) -> Judgement:
    """``director adjust assigned "RESULT" [weight P] ...`` or ``director adjust artificial NS
    AWARD EW AWARD`` (see :class:`Judgement`). Each result is checked against Law 77 and the
    weights must sum to 1 (12C1(c)); a problem is a parse error naming the event."""
    import shlex

    from generator.laws import law12  # scoring data and arithmetic only; no rule is imported
    from generator.laws.law77 import ScoringError

    try:
        words = shlex.split(text)
    except ValueError:
        raise ParseError(f"unbalanced quotes in {text!r}") from None
    kind = words[2].lower() if len(words) > 2 else ""
    args = words[3:]
    if kind == "artificial":
        if len(args) != 4 or {a.upper() for a in args[0::2]} != {"NS", "EW"} \
                or any(a.lower() not in AWARDS for a in args[1::2]):
            raise ParseError("'director adjust artificial' needs an award for each pair, like "
                             f"NS avg+ EW avg- (awards: {', '.join(AWARDS)}): {text!r}")
        awards = tuple((args[i].upper(), args[i + 1].lower()) for i in (0, 2))
        return Judgement(ADJUST, adjustment="artificial", awards=awards)
    if kind != "assigned" or not args:
        raise ParseError("'director adjust' needs 'assigned' and one or more results with "
                         "their weights, or 'artificial' and each pair's award: "
                         f"{text!r}")
    results: list[tuple[str, str | None]] = []
    index = 0
    while index < len(args):
        result = args[index]
        weight: str | None = None
        if index + 1 < len(args) and args[index + 1].lower() == "weight":
            if index + 2 >= len(args):
                raise ParseError(f"'weight' needs a number after it: {text!r}")
            weight = args[index + 2]
            index += 3
        else:
            index += 1
        results.append((result, weight))
    if len(results) > 1 and any(weight is None for _, weight in results):
        raise ParseError(f"several results need a weight each (12C1c): {text!r}")
    try:
        law12.check_weights([law12.parse_outcome(r, w) for r, w in results])
    except ScoringError as exc:
        raise ParseError(f"{exc}: {text!r}") from None
    return Judgement(ADJUST, adjustment="assigned", results=tuple(results))


def _wrong_table(args: list[str], text: str) -> WrongTable:
    pair = args[0].upper() if len(args) == 1 else None
    if len(args) > 1 or (args and pair not in ("NS", "EW")):
        raise ParseError(f"'director wrong-table' takes nothing or a pair (NS, EW): {text!r}")
    return WrongTable(pair)


def _board_event(seat: Seat, verb: str, args: list[str], text: str) -> Event | None:
    """The board, deal and dummy verbs (Laws 13-15, 42-43), or None for another verb."""
    if verb == "holds":
        if not 1 <= len(args) <= 2 or not (args[0].isascii() and args[0].isdigit()) \
                or not 0 <= int(args[0]) <= 52 or (len(args) == 2 and int(args[0]) >= 13):
            raise ParseError(f"'holds' needs a number of cards, and a card only after a number"
                             f" below 13 (the missing card found): {text!r}")
        return HandCount(seat, int(args[0]), Card.parse(args[1]) if len(args) == 2 else None)
    if verb in ("objects", "played-before", "exchanges", "warns", "draws_attention"):
        if args:
            raise ParseError(f"'{verb}' takes nothing after it: {text!r}")
        if verb == "objects":
            return Objected(seat)
        return PlayedBefore(seat) if verb == "played-before" else DummyAct(seat, verb)
    if verb == "looks":
        if len(args) != 1:
            raise ParseError(f"'looks' needs the seat whose hand is looked at: {text!r}")
        return DummyAct(seat, verb, Seat.parse(args[0]))
    return None


def _call_event(seat: Seat, args: list[str], text: str) -> CallMade:
    if not args or len(args) > 2 or (len(args) == 2 and args[1].lower() != SIMULTANEOUS):
        raise ParseError(
            f"unknown event {text!r} (expected SEAT CALL, or SEAT with a verb: "
            + ", ".join(VERBS) + ")"
        )
    try:
        call = Call.parse(args[0])
    except ParseError:
        raise ParseError(
            f"unknown call or verb {args[0]!r} in {text!r} (calls are 1C..7NT, P, X, XX; verbs: "
            + ", ".join(VERBS) + ")"
        ) from None
    return CallMade(seat, call, len(args) == 2)


def auction_calls(lines: Iterable[str]) -> list[tuple[Seat, CallValue, bool]]:
    """The calls among event lines: (seat, call, whether it replaces the seat's last call).

    Lines that cannot be read are skipped: pictures of a case (hand diagrams, exports) leave them
    out, and the text beside the picture still says what happened.
    """
    calls: list[tuple[Seat, CallValue, bool]] = []
    for event in _readable(lines):
        if isinstance(event, CallMade):
            calls.append((event.seat, event.call, False))
        elif isinstance(event, CallChanged):
            calls.append((event.seat, event.call, True))
    return calls


def played_cards(lines: Iterable[str]) -> list[tuple[Seat, Card]]:
    """The cards led or played among event lines, in order (unreadable lines skipped)."""
    return [(event.seat, event.card) for event in _readable(lines)
            if isinstance(event, (CardLed, CardPlayed))]


def _readable(lines: Iterable[str]) -> Iterator[Event]:
    for line in lines:
        try:
            yield parse_event(str(line))
        except ParseError:
            continue
