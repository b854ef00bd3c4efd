"""Hand diagrams (inline SVG) and auction tables (HTML) for the course book.

Both renderers are pure functions of their arguments: the same input gives the same string, byte
for byte (element ids are derived from a hash of the content, never from a counter or the clock).
The SVG uses only generic font families (``sans-serif``) and no images, so a page that shows it
makes no request; the suit symbols are drawn as text in colour (hearts and diamonds red, spades
and clubs black).

The hand diagram draws the four hands around a compass: the vulnerable side's seats are red, the
dealer has a dot. Beyond the deal it shows the irregular state a director finds at the table:

* penalty cards (and other exposed cards) face up beside their owner's hand, a major penalty card
  with a solid border, a minor one with a dashed border;
* a card led out of turn, marked with an orange border and a badge;
* the revoke trick in the centre, the revoking card marked red;
* cards already played greyed in their hands (they stay where they were dealt, so the deal can be
  read whole).

The auction table has the usual W N E S columns; the irregular call is highlighted and starred,
cancelled calls are struck through (``<del>``), and a call that replaced a cancelled one shares its
cell. :func:`diagrams_for_case` builds both pictures from a case and the engine's result.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape, unescape
from typing import Any

from generator import i18n
from generator.errors import ParseError
from generator.model.board import Board, Vulnerability
from generator.model.calls import Bid, Call, CallValue, Double, Pass, Redouble
from generator.model.cards import SUITS_HIGH_FIRST, Card, Rank, Suit
from generator.model.deal import Deal
from generator.model.hand import Hand
from generator.model.seat import SEATS, Seat
from generator.table.case import parse_case
from generator.table.events import CardLed, CardPlayed

# ----------------------------------------------------------------------------- words

# The words, per language, are the catalogs' ``diagrams.*`` tables (generator/i18n/<lang>.yaml);
# these read-only views keep their names.
SEAT_NAMES: Mapping[str, Mapping[Seat, str]] = i18n.ByLanguage("diagrams.seats", key=Seat)
SEAT_LETTERS: Mapping[str, Mapping[Seat, str]] = i18n.ByLanguage("diagrams.seat_letters",
                                                                 key=Seat)
VUL_TEXT: Mapping[str, Mapping[Vulnerability, str]] = i18n.ByLanguage("diagrams.vulnerability",
                                                                      key=Vulnerability)
WORDS: Mapping[str, Mapping[str, str]] = i18n.ByLanguage("diagrams.labels")

SUIT_SYMBOL = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
RED = "#c62828"
BLACK = "#111111"
GREY = "#707070"  # played cards: greyed, yet about 5:1 on white (readable in both themes)
PENALTY = "#d35400"
LED = "#ef6c00"
VUL_FILL = "#c62828"
NONVUL_FILL = "#e8f1e4"
FONT = "sans-serif"


def suit_colour(suit: Suit) -> str:
    return RED if suit in (Suit.H, Suit.D) else BLACK


def rank_text(rank: Rank) -> str:
    """A rank as printed in diagrams: ``10`` for the ten."""
    return "10" if rank is Rank.TEN else rank.value


def card_text(card: Card) -> str:
    """A card in plain text with its suit symbol: ``♥K``."""
    return SUIT_SYMBOL[card.suit] + rank_text(card.rank)


def call_text(call: CallValue | str, lang: str) -> str:
    """A call in plain text: ``1♥``, ``2БК``, ``Пас``."""
    words = WORDS[i18n.check(lang)]
    value = Call.parse(call) if isinstance(call, str) else call
    if isinstance(value, Pass):
        return words["P"]
    if isinstance(value, Double):
        return words["X"]
    if isinstance(value, Redouble):
        return words["XX"]
    assert isinstance(value, Bid)
    strain = value.strain.value
    return f"{value.level}{words['NT'] if strain == 'NT' else SUIT_SYMBOL[Suit(strain)]}"


def call_html(call: CallValue | str, lang: str) -> str:
    """A call in HTML: ``1<span style="color:…">♥</span>``, ``Pass``/``Пас``, ``Dbl``…
    (:func:`call_text` escaped, its suit symbol in colour)."""
    text = escape(call_text(call, lang))
    for suit, symbol in SUIT_SYMBOL.items():
        text = text.replace(symbol, f'<span style="color:{suit_colour(suit)}">{symbol}</span>')
    return text


def _contract_text(contract: str, lang: str) -> str:
    """``4HX`` → ``4♥X`` in English, as on a score card; in a language whose directors write
    the double in words, as its catalog says (``diagrams.labels`` ``doubled``/``redoubled``:
    «4♥ с контрой»)."""
    body = contract.rstrip("X")
    doubles = len(contract) - len(body)
    bid = call_text(body, lang)
    if not doubles:
        return bid
    return i18n.text(lang, "diagrams.labels", ("doubled", "redoubled")[doubles - 1]).format(
        contract=bid)


def _uid(prefix: str, *parts: object) -> str:
    digest = hashlib.sha1(json.dumps([str(p) for p in parts]).encode("utf-8")).hexdigest()
    return f"{prefix}-{digest[:10]}"


# ----------------------------------------------------------------------------- SVG helpers


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def _num(value: float) -> str:
    """Coordinates without float noise (deterministic and short)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, content: str, *, size: float = 14, weight: str | None = None,
          fill: str = BLACK, anchor: str | None = None, extra: str = "") -> str:
    attrs = f'x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}"'
    if weight:
        attrs += f' font-weight="{weight}"'
    if anchor:
        attrs += f' text-anchor="{anchor}"'
    if extra:
        attrs += " " + extra
    return f"<text {attrs}>{content}</text>"


# card face geometry
CARD_W = 32
CARD_H = 44
#: A face-up card's border by style: colour, width and the rest of the attributes (dashes).
_BORDERS = {"major": (PENALTY, "2.6", ""), "minor": (PENALTY, "1.8", ' stroke-dasharray="4 2.5"'),
            "exposed": ("#607d8b", "1.4", ' stroke-dasharray="2 2"'),
            "trick": ("#555555", "1", ""), "led": (LED, "2.6", ' stroke-dasharray="5 2"'),
            "revoke": (RED, "3", "")}


def _card_face(x: float, y: float, card: Card, *, style: str, badges: Iterable[str] = ()
               ) -> str:
    """A face-up card: a small white card with its rank and suit, bordered by ``style``.

    ``style``: ``major`` / ``minor`` (penalty cards), ``exposed``, ``trick`` (a card played to the
    trick on the table), ``led`` (led out of turn), ``revoke`` (the revoking card).
    Badges (``led``, ``revoke``) add a marker in the corner, so that a penalty card which was a
    lead out of turn shows both facts.
    """
    colour = suit_colour(card.suit)
    border = _BORDERS[style]
    parts = [
        f'<g class="tdc-card tdc-card-{style}" data-card="{card}">',
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{CARD_W}" height="{CARD_H}" rx="3" '
        f'fill="#ffffff" stroke="{border[0]}" stroke-width="{border[1]}"{border[2]}/>',
        _text(x + CARD_W / 2, y + 18, escape(rank_text(card.rank)), size=14, weight="bold",
              fill=colour, anchor="middle"),
        _text(x + CARD_W / 2, y + 36, SUIT_SYMBOL[card.suit], size=16, fill=colour,
              anchor="middle"),
    ]
    for badge in badges:
        parts.append(_badge(x + CARD_W, y, badge))
    parts.append("</g>")
    return "".join(parts)


def _badge(cx: float, cy: float, kind: str) -> str:
    """A corner marker: an orange circle with an arrow-like chevron (``led``) or a red triangle
    with an exclamation mark (``revoke``)."""
    if kind == "led":
        return (f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="7" fill="{LED}"/>'
                f'<path d="M{_num(cx - 3)} {_num(cy - 3.5)} L{_num(cx + 2.5)} {_num(cy)} '
                f'L{_num(cx - 3)} {_num(cy + 3.5)}" fill="none" stroke="#ffffff" '
                'stroke-width="1.8"/>')
    # the exclamation mark is drawn (a bar and a dot), not written: it is a sign, never read as
    # text, so it may stay small at any scale
    return (f'<path d="M{_num(cx)} {_num(cy - 8)} L{_num(cx + 8)} {_num(cy + 6)} '
            f'L{_num(cx - 8)} {_num(cy + 6)} Z" fill="{RED}"/>'
            f'<path d="M{_num(cx)} {_num(cy - 3.5)} V{_num(cy + 1.2)}" stroke="#ffffff" '
            'stroke-width="2" stroke-linecap="round"/>'
            f'<circle cx="{_num(cx)}" cy="{_num(cy + 3.9)}" r="1.1" fill="#ffffff"/>')


# ----------------------------------------------------------------------------- hand diagram

HAND_W = 180       # width of a hand block
LINE_H = 21        # one suit line
LABEL_H = 20       # the seat name above a hand
ROW_GAP = 8        # between the suit lines and a row of face-up cards
COMPASS = 180      # side of the compass square
BAND = 24          # the coloured band of a seat on the compass
MARGIN = 12
GAP = 10


def _suit_line(x: float, y: float, suit: Suit, cards: Sequence[Card], played: Collection[Card]
               ) -> str:
    """One suit of a hand: the symbol in colour, then the ranks; played ranks grey."""
    colour = suit_colour(suit)
    spans = [f'<tspan fill="{colour}" font-size="16">{SUIT_SYMBOL[suit]}</tspan>']
    if not cards:
        spans.append(f'<tspan dx="8" fill="{GREY}">—</tspan>')
    for i, card in enumerate(cards):
        dx = "8" if i == 0 else "4"
        if card in played:
            spans.append(f'<tspan dx="{dx}" class="tdc-played" data-card="{card}" fill="{GREY}">'
                         f"{escape(rank_text(card.rank))}</tspan>")
        else:
            spans.append(f'<tspan dx="{dx}" data-card="{card}">'
                         f"{escape(rank_text(card.rank))}</tspan>")
    return _text(x, y, "".join(spans), size=15, extra=f'data-suit="{suit}"')


def _hand_block(x: float, y: float, seat: Seat, hand: Hand | None, face_up: Sequence[
        tuple[Card, str, tuple[str, ...]]], played: Collection[Card], lang: str,
        dealer: bool, small: float = 12) -> tuple[str, float]:
    """A seat's name, its four suits and its face-up cards; returns the SVG and the height.
    ``small``: the size of the smallest text (the dealer's mark)."""
    words = WORDS[lang]
    parts = [f'<g class="tdc-hand" data-seat="{seat}">']
    name = escape(SEAT_NAMES[lang][seat])
    if dealer:
        name += (f' <tspan fill="#555555" font-size="{_num(small)}">'
                 f'({escape(words["dealer_mark"])})</tspan>')
    parts.append(_text(x, y + 14, name, size=max(13, small), weight="bold", fill="#333333"))
    height = float(LABEL_H)
    shown_face_up = {card for card, _, _ in face_up}
    if hand is not None:
        for i, suit in enumerate(SUITS_HIGH_FIRST):
            cards = [c for c in hand.suit(suit) if c not in shown_face_up]
            parts.append(_suit_line(x, y + LABEL_H + 16 + i * LINE_H, suit, cards, played))
        height += 4 * LINE_H + 4
    else:
        parts.append(_text(x, y + LABEL_H + 16, escape(words["unknown"]), size=max(13, small),
                           fill="#666666", extra='font-style="italic"'))
        height += LINE_H + 4
    if face_up:
        top = y + height + ROW_GAP
        for i, (card, style, badges) in enumerate(face_up):
            parts.append(_card_face(x + i * (CARD_W + 6), top, card, style=style, badges=badges))
        height += ROW_GAP + CARD_H + 8
    parts.append("</g>")
    return "".join(parts), height


def _compass(x: float, y: float, board: Board, lang: str,
             centre: Sequence[tuple[Seat, Card, str, tuple[str, ...]]]) -> str:
    """The table: a square with a coloured band per seat (red when vulnerable), a dot for the
    dealer and the cards on the table in front of their players."""
    letters = SEAT_LETTERS[lang]
    inner = COMPASS - 2 * BAND
    parts = ['<g class="tdc-compass">',
             f'<rect x="{_num(x)}" y="{_num(y)}" width="{COMPASS}" height="{COMPASS}" rx="6" '
             'fill="#f7f7f2" stroke="#8a8a80" stroke-width="1.2"/>']
    bands = {
        Seat.N: (x + BAND, y, inner, BAND),
        Seat.S: (x + BAND, y + COMPASS - BAND, inner, BAND),
        Seat.W: (x, y + BAND, BAND, inner),
        Seat.E: (x + COMPASS - BAND, y + BAND, BAND, inner),
    }
    for seat in SEATS:
        bx, by, bw, bh = bands[seat]
        vulnerable = board.vulnerability.is_vulnerable(seat)
        fill = VUL_FILL if vulnerable else NONVUL_FILL
        ink = "#ffffff" if vulnerable else "#2e3b2a"
        cls = "tdc-seat tdc-vul" if vulnerable else "tdc-seat"
        parts.append(f'<rect class="{cls}" data-seat="{seat}" x="{_num(bx)}" y="{_num(by)}" '
                     f'width="{_num(bw)}" height="{_num(bh)}" fill="{fill}"/>')
        cx, cy = bx + bw / 2, by + bh / 2 + 5.5
        parts.append(_text(cx, cy, escape(letters[seat]), size=16, weight="bold", fill=ink,
                           anchor="middle"))
        if seat is board.dealer:
            dx, dy = (13, -5.5) if seat in (Seat.N, Seat.S) else (0, -19)
            parts.append(f'<circle class="tdc-dealer" cx="{_num(cx + dx)}" cy="{_num(cy + dy)}" '
                         f'r="4" fill="{ink}"/>')
    pad = 8
    spots = {
        Seat.N: (x + COMPASS / 2 - CARD_W / 2, y + BAND + pad),
        Seat.S: (x + COMPASS / 2 - CARD_W / 2, y + COMPASS - BAND - pad - CARD_H),
        Seat.W: (x + BAND + pad, y + COMPASS / 2 - CARD_H / 2),
        Seat.E: (x + COMPASS - BAND - pad - CARD_W, y + COMPASS / 2 - CARD_H / 2),
    }
    for seat, card, style, badges in centre:
        cx, cy = spots[seat]
        parts.append(_card_face(cx, cy, card, style=style, badges=badges))
    parts.append("</g>")
    return "".join(parts)


def _legend(x: float, y: float, items: Sequence[str], lang: str, width: float,
            size: float = 12.5) -> tuple[str, float]:
    """A line (or more) of samples with their meaning, only for what the diagram shows."""
    words = WORDS[lang]
    parts = ['<g class="tdc-legend">']
    cx, cy = x, y
    height = 0.0
    for item in items:
        label = escape(words[item])
        text_w = 6.6 * size / 12.5 * len(words[item]) + 14
        sample_w = 26.0
        if cx + sample_w + text_w > x + width and cx > x:
            cx, cy = x, cy + 26
        if item == "played":
            parts.append(_text(cx + 4, cy + 15, "7", size=15, fill=GREY))
        elif item == "dealer_mark":
            parts.append(f'<circle cx="{_num(cx + 9)}" cy="{_num(cy + 10)}" r="4" '
                         f'fill="#333333"/>')
        elif item == "vulnerable_mark":
            parts.append(f'<rect x="{_num(cx)}" y="{_num(cy + 2)}" width="18" height="16" '
                         f'fill="{VUL_FILL}"/>')
        else:
            # the sample of a lead out of turn is a plain card: the badge beside it tells
            border = ("#777777", "1", "") if item == "led" else _BORDERS[item]
            parts.append(f'<rect x="{_num(cx + 2)}" y="{_num(cy + 2)}" width="14" height="20" '
                         f'rx="2" fill="#ffffff" stroke="{border[0]}" '
                         f'stroke-width="{border[1]}"{border[2]}/>')
            if item in ("led", "revoke"):
                parts.append(f'<g transform="translate({_num(cx + 16)} {_num(cy + 4)}) '
                             f'scale(0.75)">{_badge(0, 0, item)}</g>')
                sample_w += 6
        parts.append(_text(cx + sample_w - 4, cy + 15, label, size=size, fill="#333333"))
        cx += sample_w + text_w
        height = cy - y + 26
    parts.append("</g>")
    return "".join(parts), height


def _infer_revoke(trick: Sequence[tuple[Seat, Card]], deal: Deal) -> Card | None:
    """The revoking card of a trick when none is named: the first card off the suit led by a
    player who was dealt a card of that suit not seen in the trick (by the deal), or, without the
    deal, the first card off the suit led."""
    if not trick:
        return None
    led = trick[0][1].suit
    seen = {card for _, card in trick}
    off = [(s, c) for s, c in trick[1:] if c.suit is not led]
    for seat, card in off:
        hand = deal[seat]
        if hand is not None and any(c.suit is led and c not in seen for c in hand.cards):
            return card
    return off[0][1] if off else None


def _estimate(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` at ``size`` in a sans-serif font (markup
    removed): the narrow diagram sizes its columns by it, so a long suit never runs into the next
    hand."""
    plain = re.sub(r"<[^>]*>", "", unescape(text))
    return 0.62 * size * len(plain)


def _block_width(hand: Hand | None, face_up: Sequence[tuple[Card, str, tuple[str, ...]]],
                 lang: str, dealer: bool) -> float:
    """The width a hand block needs (see :func:`_hand_block`): its name, its longest suit line,
    its row of face-up cards."""
    words = WORDS[lang]
    widths = [0.0]
    if hand is not None:
        shown = {card for card, _, _ in face_up}
        for suit in SUITS_HIGH_FIRST:
            ranks = [rank_text(c.rank) for c in hand.suit(suit) if c not in shown]
            widths.append(24 + sum(_estimate(r, 15) + 4 for r in ranks))
    else:
        widths.append(_estimate(words["unknown"], 13))
    widths.append(len(face_up) * (CARD_W + 6) + 8)
    longest = max(SEAT_NAMES[lang].values(), key=len)
    label = _estimate(longest, 14) + (_estimate(f" ({words['dealer_mark']})", 13) if dealer
                                      else 0)
    return max([*widths, label])


def hand_diagram(deal: Deal, board: Board, lang: str, *,
                 exposed: Mapping[Seat, Sequence[Card]] | None = None,
                 penalty: Mapping[Seat, Sequence[Card]] | None = None,
                 played: Collection[Card] = (),
                 led_out_of_turn: tuple[Seat, Card] | None = None,
                 revoke_trick: Sequence[tuple[Seat, Card]] | None = None,
                 minor: Collection[Card] | None = None,
                 revoke_card: Card | None = None,
                 trick: Sequence[tuple[Seat, Card]] | None = None,
                 contract: str | None = None,
                 declarer: Seat | None = None,
                 narrow: bool = False) -> str:
    """An inline SVG of the deal around a compass, with the irregular state marked.

    ``narrow``: the phone form, stacked to be about 320 units wide (one CSS pixel per unit on a
    375 px phone) with no text under 13 units: North, the table, West and East side by side,
    South. The wide form puts West, the table and East in one row (about 600 units).

    The keywords beyond the plan's interface are optional: ``minor`` names the penalty cards that
    are minor (``None``: a seat's single penalty card below honour rank is minor, any other is
    major, the usual case of Law 50); ``revoke_card`` picks the revoking card of ``revoke_trick``
    (by default the first card off the suit led by a player who held that suit); ``trick`` is the
    trick in progress, drawn in the centre when there is no revoke trick; ``contract`` and
    ``declarer`` add a line to the heading.
    """
    lang = i18n.check(lang)
    words = WORDS[lang]
    exposed = exposed or {}
    penalty = penalty or {}
    played_set = frozenset(played)

    # what lies face up beside each hand
    penalty_cards = {c for cards in penalty.values() for c in cards}
    if minor is None:
        minor_set = {cards[0] for cards in penalty.values()
                     if len(cards) == 1 and not cards[0].rank.is_honour}
    else:
        minor_set = set(minor)
    led_seat, led_card = led_out_of_turn if led_out_of_turn else (None, None)
    face_up: dict[Seat, list[tuple[Card, str, tuple[str, ...]]]] = {s: [] for s in SEATS}
    for seat in SEATS:
        for card in penalty.get(seat, ()):
            badges = ("led",) if card == led_card else ()
            face_up[seat].append((card, "minor" if card in minor_set else "major", badges))
        for card in exposed.get(seat, ()):
            if card not in penalty_cards:
                badges = ("led",) if card == led_card else ()
                face_up[seat].append((card, "exposed", badges))
    beside = {c for cards in face_up.values() for c, _, _ in cards}

    # what lies on the table in the centre
    centre: list[tuple[Seat, Card, str, tuple[str, ...]]] = []
    if revoke_trick:
        bad = revoke_card or _infer_revoke(revoke_trick, deal)
        for seat, card in revoke_trick:
            style = "revoke" if card == bad else ("led" if card == led_card else "trick")
            badges = ("revoke",) if card == bad else (("led",) if card == led_card else ())
            centre.append((seat, card, style, badges))
    else:
        for seat, card in trick or ():
            if card == led_card:
                centre.append((seat, card, "led", ("led",)))
            else:
                centre.append((seat, card, "trick", ()))
    if (led_seat is not None and led_card is not None and led_card not in beside
            and all(c != led_card for _, c, _, _ in centre)):
        centre.append((led_seat, led_card, "led", ("led",)))

    heading = [escape(words["board"].format(n=board.number)),
               escape(words["dealer"].format(seat=SEAT_NAMES[lang][board.dealer])),
               escape(words["vul"].format(vul=VUL_TEXT[lang][board.vulnerability]))]
    if contract:
        seat_name = SEAT_NAMES[lang][declarer] if declarer else ""
        heading.append(escape(words["contract"].format(contract=_contract_text(contract, lang),
                                                       seat=seat_name).strip()))
    heading_h = 12 + 19 * len(heading)

    small = 13.0 if narrow else 12.0

    def block(seat: Seat, x: float, y: float) -> tuple[str, float]:
        if deal[seat] is None and not face_up[seat]:
            return "", 0.0  # nothing known about this seat: the compass names it
        return _hand_block(x, y, seat, deal[seat], face_up[seat], played_set, lang,
                           seat is board.dealer, small)

    if narrow:
        widths = {seat: _block_width(deal[seat], face_up[seat], lang, seat is board.dealer)
                  for seat in SEATS}
        col_w = max(widths[Seat.W], widths[Seat.E], 130.0)
        width = max(2 * MARGIN + 2 * col_w + GAP, 2 * MARGIN + COMPASS,
                    2 * MARGIN + widths[Seat.N], 2 * MARGIN + widths[Seat.S],
                    2 * MARGIN + max(_estimate(line, 15) for line in heading))
        y: float = MARGIN + heading_h + GAP
        north_svg, north_h = block(Seat.N, (width - widths[Seat.N]) / 2, y)
        y += north_h + GAP if north_h else 0
        compass_svg = _compass((width - COMPASS) / 2, y, board, lang, centre)
        y += COMPASS + GAP
        west_svg, west_h = block(Seat.W, MARGIN, y)
        east_svg, east_h = block(Seat.E, width - MARGIN - widths[Seat.E], y)
        y += max(west_h, east_h) + GAP if max(west_h, east_h) else 0
        south_svg, south_h = block(Seat.S, (width - widths[Seat.S]) / 2, y)
        legend_y = y + south_h + (GAP if south_h else 0)
    else:  # three columns, three rows
        left_x = MARGIN
        mid_x = left_x + HAND_W + GAP
        right_x = mid_x + COMPASS + GAP + 14
        width = right_x + HAND_W + MARGIN
        top_y = MARGIN
        _, north_h = block(Seat.N, 0, 0)
        top_h = max(north_h, heading_h)
        _, west_h = block(Seat.W, 0, 0)
        _, east_h = block(Seat.E, 0, 0)
        mid_h = max(float(COMPASS), west_h, east_h)
        mid_y = top_y + top_h + GAP
        _, south_h = block(Seat.S, 0, 0)
        bottom_y = mid_y + mid_h + GAP
        hand_x = mid_x + 8
        north_svg, _ = block(Seat.N, hand_x, top_y + top_h - north_h)
        south_svg, _ = block(Seat.S, hand_x, bottom_y)
        west_svg, _ = block(Seat.W, left_x, mid_y + (mid_h - west_h) / 2)
        east_svg, _ = block(Seat.E, right_x, mid_y + (mid_h - east_h) / 2)
        compass_svg = _compass(mid_x, mid_y + (mid_h - COMPASS) / 2, board, lang, centre)
        legend_y = bottom_y + south_h + GAP

    styles_shown = [style for cards in face_up.values() for _, style, _ in cards]
    styles_shown += [style for _, _, style, _ in centre]
    badges_shown = [b for cards in face_up.values() for _, _, bs in cards for b in bs]
    badges_shown += [b for _, _, _, bs in centre for b in bs]
    items: list[str] = [key for key in ("major", "minor", "exposed") if key in styles_shown]
    items += [key for key in ("led", "revoke") if key in styles_shown or key in badges_shown]
    if played_set:
        items.append("played")
    items += ["dealer_mark"]
    if board.vulnerability is not Vulnerability.NONE:
        items.append("vulnerable_mark")
    legend_svg, legend_h = _legend(MARGIN, legend_y, items, lang, width - 2 * MARGIN,
                                   size=small if narrow else 12.5)
    height = legend_y + legend_h + MARGIN - 4

    # accessible name and description
    title = words["title"].format(n=board.number)
    summary = words["summary"].format(seat=SEAT_NAMES[lang][board.dealer],
                                      vul=VUL_TEXT[lang][board.vulnerability])
    desc = [summary]
    for seat in SEATS:
        hand = deal[seat]
        if hand is not None:
            suits = " ".join(
                SUIT_SYMBOL[s] + ("".join(rank_text(c.rank) for c in hand.suit(s))
                                  or f" {words['void']}")
                for s in SUITS_HIGH_FIRST)
            desc.append(f"{SEAT_NAMES[lang][seat]}: {suits}.")
        if face_up[seat]:
            desc.append(words["face_up"].format(
                seat=SEAT_NAMES[lang][seat],
                cards=", ".join(f"{card_text(c)} ({words[st]})" for c, st, _ in face_up[seat])))
    if centre:
        desc.append(words["centre"].format(cards=", ".join(
            f"{SEAT_LETTERS[lang][s]} {card_text(c)}" + (f" ({words[st]})" if st in
                                                         ("led", "revoke") else "")
            for s, c, st, _ in centre)))
    if played_set:
        desc.append(words["played_list"].format(
            cards=" ".join(card_text(c) for c in sorted(played_set, reverse=True))))
    label = f"{title}. {summary}"
    key = _uid("tdc-hand", deal, board, lang, sorted(str(c) for c in played_set), face_up,
               centre, contract, declarer, *(["narrow"] if narrow else []))
    form = "tdc-narrow" if narrow else "tdc-wide"
    # the wide form keeps to the page width wherever it is shown (a printout, a page without our
    # stylesheet); the narrow form is sized by the stylesheet only
    style = "" if narrow else 'style="max-width:100%;height:auto" '
    header = "".join(
        _text(MARGIN, MARGIN + 16 + 19 * i, line, size=14 if i else 15,
              weight="bold" if i == 0 else None, fill="#222222")
        for i, line in enumerate(heading))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tdc-hand-diagram {form}" role="img" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" width="{_num(width)}" '
        f'height="{_num(height)}" {style}'
        f'font-family="{FONT}" aria-label="{_attr(label)}" '
        f'aria-describedby="{key}-desc">'
        f'<title id="{key}-title">{escape(title)}</title>'
        f'<desc id="{key}-desc">{escape(" ".join(desc))}</desc>'
        f'<g class="tdc-heading">{header}</g>'
        f"{north_svg}{west_svg}{compass_svg}{east_svg}{south_svg}{legend_svg}</svg>"
    )


# ----------------------------------------------------------------------------- auction table

#: Column order of an auction table (the usual one in bridge books).
COLUMNS: tuple[Seat, ...] = (Seat.W, Seat.N, Seat.E, Seat.S)


def _auction_cells(entries: Sequence[Mapping[str, Any]]) -> list[list[list[Mapping[str, Any]]]]:
    """The grid of the table: rows of four cells, each a list of entries.

    Standing and pending calls are written in order, a new row starting whenever the caller's
    column is not to the right of the previous call's (so a call out of rotation shows the turns it
    skipped). A cancelled call goes into the cell of its caller's next call (where a director
    writes the replacement of an insufficient bid or a changed call); if that caller never calls
    again, into the cell his next turn would have.
    """
    col = {seat: i for i, seat in enumerate(COLUMNS)}
    rows: list[list[list[Mapping[str, Any]]]] = []
    cursor_row, cursor_col = 0, -1
    placed: list[tuple[int, Mapping[str, Any], int, int]] = []  # (order, entry, row, col)
    for order, entry in enumerate(entries):
        if entry.get("status") == "cancelled":
            continue
        c = col[Seat.parse(str(entry["seat"]))]
        if c <= cursor_col:
            cursor_row += 1
        cursor_col = c
        placed.append((order, entry, cursor_row, c))
    for order, entry in enumerate(entries):
        if entry.get("status") != "cancelled":
            continue
        seat = Seat.parse(str(entry["seat"]))
        later = [(r, c) for o, e, r, c in placed
                 if o > order and Seat.parse(str(e["seat"])) is seat]
        if later:
            r, c = later[0]
        else:  # the seat's next turn after the last call written
            c = col[seat]
            r = cursor_row if c > cursor_col else cursor_row + 1
        placed.append((order, entry, r, c))
    for _order, entry, r, c in sorted(placed, key=lambda p: (p[2], p[3], p[0])):
        while len(rows) <= r:
            rows.append([[] for _ in COLUMNS])
        rows[r][c].append(entry)
    return rows


def auction_table(dealer: Seat, entries: Sequence[Mapping[str, Any]], lang: str,
                  irregular_events: Collection[int] = ()) -> str:
    """The auction as an HTML table (W N E S), from the engine's ``state.auction`` entries.

    An entry whose event is in ``irregular_events`` is highlighted and starred; cancelled calls are
    struck through (``<del>``); a call awaiting a decision is italic. A legend in the table's foot
    names the marks that occur.
    """
    lang = i18n.check(lang)
    words = WORDS[lang]
    marked = set(irregular_events)
    rows = _auction_cells(entries)
    head = "".join(
        f'<th scope="col" style="padding:0.15em 0.4em;border-bottom:1px solid #999">'
        f"{escape(SEAT_NAMES[lang][seat])}</th>" for seat in COLUMNS)
    body = []
    used = {"irregular": False, "cancelled": False, "pending": False}
    # the legend shows its marks on a call of this auction, not on a call it does not hold
    sample = {"cancelled": escape(words["P"]), "pending": escape(words["P"])}
    for row in rows:
        cells = []
        for cell in row:
            parts = []
            irregular_cell = False
            for entry in cell:
                text = call_html(str(entry["call"]), lang)
                status = entry.get("status", "standing")
                irregular = entry.get("event") in marked
                if status in ("cancelled", "pending") and not used[status]:
                    sample[status] = text
                if status == "cancelled":
                    used["cancelled"] = True
                    text = f'<del class="tdc-cancelled" style="color:#666">{text}</del>'
                elif status == "pending":
                    used["pending"] = True
                    text = f'<em class="tdc-pending">{text}</em>'
                if irregular:
                    used["irregular"] = True
                    irregular_cell = True
                    text = (f'<span class="tdc-irregular" style="font-weight:bold">{text}'
                            f'<sup class="tdc-irregular-mark" style="color:{RED};'
                            f'margin-left:0.1em">*</sup></span>')
                parts.append(text)
            style = "padding:0.15em 0.4em;text-align:center"  # narrow: four calls fit a phone
            cls = ""
            if irregular_cell:
                style += ";background:#fff3cd"
                cls = ' class="tdc-irregular-cell"'
            cells.append(f'<td{cls} style="{style}">{" ".join(parts)}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    if not rows:
        body.append('<tr><td colspan="4" style="padding:0.15em 0.8em">&#8212;</td></tr>')
    notes = []
    if used["irregular"]:
        notes.append(f'<span style="color:{RED}">*</span> {escape(words["irregular"])}')
    if used["cancelled"]:
        notes.append(f'<del>{sample["cancelled"]}</del> {escape(words["cancelled"])}')
    if used["pending"]:
        notes.append(f'<em>{sample["pending"]}</em> {escape(words["pending"])}')
    foot = ""
    if notes:
        foot = ('<tfoot><tr><td colspan="4" style="padding:0.3em 0.8em;font-size:0.85em;'
                'color:#444">' + "; ".join(notes) + "</td></tr></tfoot>")
    label = words["auction_label"].format(seat=SEAT_NAMES[lang][dealer])
    return (f'<table class="tdc-auction" aria-label="{_attr(label)}" '
            'style="border-collapse:collapse;margin:0.5em 0">'
            f'<caption style="caption-side:top;font-weight:bold;text-align:left">'
            f"{escape(words['auction'])}</caption>"
            f"<thead><tr>{head}</tr></thead>{foot}<tbody>{''.join(body)}</tbody></table>")


# ----------------------------------------------------------------------------- figure

#: The container widths (CSS px) at which tdcourse.css switches a figure from its narrow form to
#: its wide form: a figure's wide form is shown only in a box at least the first step above its
#: width, so it is never scaled down (and its text never shrinks below its size in units).
FIT_STEPS = (600, 700, 800, 900, 1000, 1100, 1200)


def figure(wide: str, narrow: str, width: float, lang: str, *, cls: str,
           ident: str | None = None) -> str:
    """A figure holding the wide and the narrow form of a picture, and a button that opens the
    wide form at full size (``static/tdcourse-figure.js``; hidden until the script shows it, so a
    page without scripts or a printout has no dead button).

    ``width``: the wide form's width in SVG units; the stylesheet (a container query on the
    figure) shows the wide form where it fits unscaled and the narrow one elsewhere.
    """
    words = WORDS[i18n.check(lang)]
    step = next((w for w in FIT_STEPS if width <= w), FIT_STEPS[-1])
    where = f' id="{_attr(ident)}"' if ident else ""
    return (f'<figure class="tdc-figure {_attr(cls)} tdc-fit-{step}"{where}>{wide}{narrow}'
            f'<button type="button" class="tdc-zoom" hidden="hidden" aria-haspopup="dialog" '
            f'data-close="{_attr(words["close"])}">{escape(words["full_size"])}</button>'
            "</figure>")


# ----------------------------------------------------------------------------- from a case


def _cards(items: Iterable[str]) -> list[Card]:
    return [Card.parse(str(c)) for c in items]


def _trick_plays(trick: Mapping[str, Any] | None) -> list[tuple[Seat, Card]]:
    plays = []
    for item in (trick or {}).get("cards") or []:
        seat, card = str(item).split()
        plays.append((Seat.parse(seat), Card.parse(card)))
    return plays


def _revoke_trick_from_events(case_json: Mapping[str, Any], event: int
                              ) -> list[tuple[Seat, Card]]:
    """The trick of a revoke as it was at the table: from the lead before the revoking card, the
    plays in order, at most four (a corrected revoke is no longer in the state's tricks)."""
    try:
        case = parse_case(json.dumps(dict(case_json)), "case.json")
    except ParseError:
        return []
    events = case.events
    start = next((i for i in range(min(event, len(events) - 1), -1, -1)
                  if isinstance(events[i], CardLed)), None)
    if start is None:
        return []
    plays: list[tuple[Seat, Card]] = []
    for index in range(start, len(events)):
        item = events[index]
        if isinstance(item, CardLed) and plays:
            break
        if isinstance(item, (CardLed, CardPlayed)):
            plays.append((item.seat, item.card))
            if len(plays) == 4:
                break
        elif index > event:
            break  # the director is called: what follows is the correction
    return plays


#: The kinds of irregularity that are a lead out of turn (the card led is marked).
LEAD_KINDS = ("opening_lead_out_of_turn", "lead_out_of_turn", "declarer_lead_out_of_turn")


def diagrams_for_case(case_json: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str:
    """The hand diagram and the auction table of a case, from the engine's result.

    ``case_json`` is the case in the case format (``Case.to_dict()``); ``result`` is what
    :func:`generator.laws.engine.analyse` returned for it. Returns one HTML ``<div>`` holding
    both pictures.
    """
    lang = i18n.check(lang)
    state = result.get("state") or {}
    number = int(case_json["board"])
    default = Board.from_number(number)
    dealer = Seat.parse(str(state.get("dealer") or case_json.get("dealer") or default.dealer))
    vul_text = state.get("vulnerable") or case_json.get("vulnerable")
    vulnerability = Vulnerability.parse(str(vul_text)) if vul_text else default.vulnerability
    board = Board(number, dealer, vulnerability)
    deal = Deal.parse(str(case_json["deal"])) if case_json.get("deal") else Deal(
        (None, None, None, None))

    irregularities = list(result.get("irregularities") or [])
    irregular_events = sorted(int(i["event"]) for i in irregularities
                              if i.get("event") is not None)

    played: list[Card] = []
    for trick in state.get("tricks") or []:
        played += [c for _, c in _trick_plays(trick)]
    current = _trick_plays(state.get("current_trick"))
    played += [c for _, c in current]

    penalty: dict[Seat, list[Card]] = {}
    minor: list[Card] = []
    for item in state.get("penalty_cards") or []:
        if item.get("status", "in_force") != "in_force":
            continue  # a Law 24 card still conditional, or lapsed and picked up
        card = Card.parse(str(item["card"]))
        penalty.setdefault(Seat.parse(str(item["seat"])), []).append(card)
        if not item.get("major", True):
            minor.append(card)
    exposed = {Seat.parse(str(seat)): _cards(cards)
               for seat, cards in sorted((state.get("exposed") or {}).items())}

    led: tuple[Seat, Card] | None = None
    revoke: list[tuple[Seat, Card]] | None = None
    revoke_card: Card | None = None
    for item in irregularities:
        details = item.get("details") or {}
        if item["kind"] in LEAD_KINDS and led is None and details.get("card") and item.get(
                "seat"):
            led = (Seat.parse(str(item["seat"])), Card.parse(str(details["card"])))
        if item["kind"] == "revoke" and revoke is None and details.get("card"):
            revoke_card = Card.parse(str(details["card"]))
            number_of_trick = int(details.get("trick") or 0)
            tricks = state.get("tricks") or []
            if 0 < number_of_trick <= len(tricks):
                revoke = _trick_plays(tricks[number_of_trick - 1])
            if not revoke or all(c != revoke_card for _, c in revoke):
                revoke = _revoke_trick_from_events(case_json, int(item["event"]))
            if all(c != revoke_card for _, c in revoke or []):
                revoke, revoke_card = None, None
    forms = [hand_diagram(
        deal, board, lang, exposed=exposed, penalty=penalty, played=played,
        led_out_of_turn=led, revoke_trick=revoke, minor=minor, revoke_card=revoke_card,
        trick=current, contract=state.get("contract"),
        declarer=Seat.parse(str(state["declarer"])) if state.get("declarer") else None,
        narrow=narrow) for narrow in (False, True)]
    width = float(re.search(r'width="([0-9.]+)"', forms[0]).group(1))  # type: ignore[union-attr]
    picture = figure(forms[0], forms[1], width, lang, cls="tdc-hand-figure")
    table = auction_table(dealer, state.get("auction") or [], lang, irregular_events)
    return ('<div class="tdc-diagrams" style="display:flex;flex-wrap:wrap;gap:1em 2em;'
            f'align-items:flex-start">{picture}{table}</div>')


__all__ = [
    "COLUMNS",
    "auction_table",
    "call_html",
    "call_text",
    "card_text",
    "diagrams_for_case",
    "figure",
    "hand_diagram",
]
