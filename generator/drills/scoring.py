"""Scoring drills (chapter 15, topic ``scoring``): the score of a contract (Law 77), the
matchpoints of one row of a traveller (78A, 12C1), the IMPs between two tables (78B), and the
artificial adjusted score of a board that could not be played, in pairs (12C1) and in teams (86A).

``make`` scores with the engine (:mod:`generator.laws.law77`, ``law78``, ``law86``); each
``check`` recomputes the key another way, so that a slip in either shows in ``tdcourse audit``:
contract scores with endplay's scorer (``endplay.types.Contract.score``), the vulnerability from a
literal copy of the 16-board cycle, matchpoints by a direct recount of the figure's rows, IMPs on
a literal copy of the scale's bands, and the artificial awards from literal percentages and IMPs.

Realism: a contract is drawn by family (part-score, game, slam, doubled or redoubled), its
tricks near what it needs; a traveller is one board's results, mostly one contract with
different trick counts (so ties occur), some neighbouring contracts (a part-score in the same
strain, 3NT, the contract doubled, a doubled sacrifice by the other side) and now and then an
artificial row.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from generator import i18n
from generator.drills import drill
from generator.laws import law12, law77, law78, law86, words
from generator.laws.announce import contract_words
from generator.model.board import Vulnerability
from generator.model.contract import Contract, Doubling
from generator.model.seat import Seat, Side
from generator.model.strain import Strain

TOPIC = "scoring"
TABLE = "drills.scoring"
SEATS = ("N", "E", "S", "W")

Result = tuple[str, str, int]  # contract ("4SX"), declarer ("N"), tricks taken (0-13)


# --------------------------------------------------------------------------- words
def _t(lang: str, key: str, **fields: Any) -> str:
    return str(i18n.text(lang, TABLE, key)).format(**fields)


def _each(build: Callable[[str], str]) -> dict[str, str]:
    return {lang: build(lang) for lang in i18n.languages()}


def _law(lang: str, *refs: str) -> str:
    """"Law 77" / «правило 77»; "Laws 12C1, 86A" / «правила 12C1, 86A»."""
    if len(refs) == 1:
        return _t(lang, "law", ref=refs[0])
    return _t(lang, "laws", refs=", ".join(refs))


def _signed(score: int, lang: str) -> str:
    """A score as a traveller writes it: +620, −100 (typographic minus), 0."""
    if score > 0:
        return f"+{score}"
    return f"{_t(lang, 'minus')}{-score}" if score else "0"


def _number(value: Fraction | int, lang: str) -> str:
    """A (rounded) number in the language's way: 7, 4.8 / 4,8."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    whole = f"{float(value):.1f}"
    return whole.replace(".", _t(lang, "decimal"))


def _step(value: Fraction, lang: str) -> tuple[str, str]:
    """A step of a calculation: ``("=", "8.25")`` when two decimals say it exactly, else
    ``("≈", "8.17")`` (the answer itself is rounded to one decimal at the end)."""
    if (value * 100).denominator == 1:
        text = str(value.numerator) if value.denominator == 1 else (
            f"{float(value):.2f}".rstrip("0"))
        return "=", text.replace(".", _t(lang, "decimal"))
    return "≈", f"{float(value):.2f}".replace(".", _t(lang, "decimal"))


def _round1(value: Fraction) -> Fraction:
    """To one decimal, halves up (exact: no float on the way)."""
    return Fraction((value * 10 + Fraction(1, 2)).__floor__(), 10)


def _answer(value: Fraction) -> int | float:
    rounded = _round1(value)
    return int(rounded) if rounded.denominator == 1 else float(rounded)


def _vul_text(vul: str, lang: str) -> str:
    return _t(lang, f"vul_{vul}")


def _board_fields(board: int) -> tuple[str, str]:
    return SEATS[(board - 1) % 4], str(Vulnerability.for_board(board))


def _vulnerable(vul: str, side: str) -> bool:
    return vul == "Both" or vul == side


def _ns_score(result: Result, vul: str) -> int:
    contract, declarer, tricks = result
    side = str(Seat.parse(declarer).side)
    score = law77.duplicate_score(Contract.parse(contract), _vulnerable(vul, side), tricks)
    return score if side == "NS" else -score


def _letter(seat: str, lang: str) -> str:
    return str(i18n.text(lang, "diagrams.seat_letters", seat))


def _result_cells(table: int, result: Result, vul: str) -> list[Any]:
    contract, declarer, tricks = result
    score = _ns_score(result, vul)
    return [str(table), _each(lambda lang: contract_words(contract, lang)),
            _each(lambda lang: _letter(declarer, lang)), str(tricks),
            _each(lambda lang: _signed(score, lang))]


def _columns() -> dict[str, list[str]]:
    return {lang: [str(i18n.text(lang, TABLE, "columns", key))
                   for key in ("table", "contract", "by", "tricks", "score")]
            for lang in i18n.languages()}


def _question(rid: str, kind: str, qtype: str, laws: Sequence[str], difficulty: int,
              prompt: dict[str, str], context: dict[str, str], explanation: dict[str, str],
              key: dict[str, Any], name: str) -> dict[str, Any]:
    return {"id": f"{rid}-{name}", "scenario": rid, "drill": name, "type": qtype, "kind": kind,
            "topic": TOPIC, "laws": list(laws), "difficulty": difficulty, "prompt": prompt,
            "context": context, "explanation": explanation, "key": key}


# --------------------------------------------------------------------------- drawing results
def _tricks_for(contract: Contract, offsets: Sequence[int], rng: random.Random) -> int:
    needed = contract.tricks_needed
    return max(0, min(13, needed + rng.choice(offsets)))


def _draw_contract(rng: random.Random) -> tuple[Contract, int]:
    """A realistic contract and the tricks its declarer took."""
    family = rng.choices(("part", "game", "slam", "doubled", "redoubled"),
                         (30, 35, 10, 20, 5))[0]
    if family == "part":
        level = rng.randint(1, 3)
        strain = rng.choice(list(Strain))
        if level == 3 and strain is Strain.NT:
            level = 2
        contract = Contract(level, strain)
        return contract, _tricks_for(contract, (-2, -1, -1, 0, 0, 0, 1, 1, 2), rng)
    if family == "game":
        contract = Contract.parse(rng.choice(("3NT", "4H", "4S", "4S", "4H", "3NT", "5C", "5D")))
        return contract, _tricks_for(contract, (-2, -1, -1, 0, 0, 0, 1, 1, 2), rng)
    if family == "slam":
        level = rng.choice((6, 6, 6, 7))
        contract = Contract(level, rng.choice(list(Strain)))
        return contract, _tricks_for(contract, (-1, 0, 0, 0, 1) if level == 6 else (-1, 0, 0),
                                     rng)
    doubling = Doubling.DOUBLED if family == "doubled" else Doubling.REDOUBLED
    level = rng.randint(2, 5) if family == "doubled" else rng.randint(1, 4)
    contract = Contract(level, rng.choice(list(Strain)), doubling)
    return contract, _tricks_for(contract, (-4, -3, -2, -2, -1, -1, 0, 0, 1), rng)


# --------------------------------------------------------------------------- contract_score
def _trick_detail(contract: Contract, table: law77.ScoringTable) -> str:
    level, strain = contract.level, contract.strain
    if strain is Strain.NT:
        first, later = table.trick_nt_first, table.trick_nt_later
        base = f"{first} + {level - 1} × {later}" if level > 1 else str(first)
    else:
        base = f"{level} × {table.trick_value(strain, True)}"
    factor = table.multiplier(contract.doubling)
    if factor == 1:
        return base
    return f"({base}) × {factor}" if "+" in base else f"{base} × {factor}"


def _undertrick_detail(doubling: Doubling, vulnerable: bool, under: int,
                       table: law77.ScoringTable) -> str:
    if doubling is Doubling.NONE:
        return f"{under} × {table.undertrick_v if vulnerable else table.undertrick_nv}"
    parts = []
    for nth in range(1, under + 1):
        parts.append(law77.undertrick_penalty(Doubling.DOUBLED, vulnerable, nth, table)
                     - law77.undertrick_penalty(Doubling.DOUBLED, vulnerable, nth - 1, table))
    text = " + ".join(str(p) for p in parts)
    if doubling is Doubling.REDOUBLED:
        factor = table.redoubled_undertrick_multiplier
        return f"({text}) × {factor}" if under > 1 else f"{text} × {factor}"
    return text


def score_lines(board: int, result: Result, lang: str) -> list[str]:
    """The score of ``result`` on ``board`` derived line by line, each Law 77 item with its
    arithmetic: the drill's counterpart of :func:`generator.scenarios.questions.score_lines`,
    whose catalog lines it shares for the tricks needed and taken."""
    contract_text, declarer, tricks = result
    contract = Contract.parse(contract_text)
    _, vul = _board_fields(board)
    side = str(Seat.parse(declarer).side)
    vulnerable = _vulnerable(vul, side)
    vul_word = _t(lang, "vulnerable" if vulnerable else "not_vulnerable")
    law = _law(lang, "77")
    table = law77.table_for("1987")
    lines = [_t(lang, "score_contract", contract=contract_words(contract_text, lang),
                declarer=words.seat(declarer, lang), side=words.side(side, lang), vul=vul_word,
                board=board)]
    needed = contract.tricks_needed

    def line(name: str, **fields: Any) -> str:
        return str(i18n.text(lang, "questions.score", name)).format(**fields)

    if tricks >= needed:
        over = tricks - needed
        lines.append(line("made", needed=needed, n=tricks,
                          overtricks=words.counted(over, lang, "overtricks")) if over else
                     line("made_exactly", needed=needed, n=tricks))
        points = law77.trick_score(contract, table)
        lines.append(_t(lang, "trick_score", detail=_trick_detail(contract, table),
                        points=points, law=law))
        bonus = law77.game_or_part_score_bonus(points, vulnerable, table)
        lines.append(_t(lang, "game" if points >= table.game_line else "part_score",
                        points=bonus, vul=vul_word, law=law))
        slam = law77.slam_bonus(contract.level, vulnerable, table)
        if slam:
            lines.append(_t(lang, "small_slam" if contract.level == 6 else "grand_slam",
                            points=slam, vul=vul_word, law=law))
        if over:
            each = law77.overtrick_score(contract, vulnerable, 1, table)
            lines.append(_t(lang, "overtricks", detail=f"{over} × {each}", points=over * each,
                            law=law))
        insult = law77.insult_bonus(contract.doubling, table)
        if insult:
            name = ("insult_doubled" if contract.doubling is Doubling.DOUBLED
                    else "insult_redoubled")
            lines.append(_t(lang, name, points=insult, law=law))
    else:
        under = needed - tricks
        lines.append(line("down", needed=needed, n=tricks,
                          under=i18n.text(lang, "questions.down", str(under))))
        lines.append(_t(lang, "undertricks", vul=vul_word, law=law,
                        detail=_undertrick_detail(contract.doubling, vulnerable, under, table),
                        points=law77.undertrick_penalty(contract.doubling, vulnerable, under,
                                                        table)))
    ns = _ns_score(result, vul)
    if side == "NS":
        lines.append(_t(lang, "ns_total", ns=_signed(ns, lang), law=law))
    else:
        lines.append(_t(lang, "declarer_total", side=words.side(side, lang),
                        score=_signed(-ns, lang), ns=_signed(ns, lang), law=law))
    return lines


def _board_line(board: int, lang: str) -> str:
    dealer, vul = _board_fields(board)
    return _t(lang, "board", board=board, dealer=words.seat(dealer, lang),
              vul=_vul_text(vul, lang))


def _result_line(result: Result, lang: str) -> str:
    contract, declarer, tricks = result
    return _t(lang, "result", contract=contract_words(contract, lang),
              declarer=words.seat(declarer, lang), tricks=words.counted(tricks, lang, "tricks"))


# --- the independent recount of the checks ------------------------------------------------------
#: The 16-board cycle of vulnerability, written out (the check does not ask the model).
VUL_CYCLE = ("None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
             "EW", "Both", "None", "NS", "Both", "None", "NS", "EW")
CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT)(X{0,2})$")


def endplay_ns(contract: str, declarer: str, tricks: int, vul: str) -> int:
    """North-South's score of a result by endplay's scorer (``Contract.score(vul)`` gives the
    declarer's score), with nothing of the engine on the way."""
    from endplay.types import Contract as EndplayContract
    from endplay.types import Vul

    found = CONTRACT.match(contract)
    if found is None or declarer not in SEATS or not 0 <= tricks <= 13:
        raise ValueError(f"not a result: {contract} by {declarer}, {tricks} tricks")
    level, strain, doubles = int(found[1]), found[2], found[3]
    over = tricks - (level + 6)
    text = f"{level}{strain}{declarer}{doubles}{'=' if over == 0 else f'{over:+d}'}"
    score = int(EndplayContract(text).score(
        {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}[vul]))
    return score if declarer in ("N", "S") else -score


def _cell_score(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


def _board_problems(question: Mapping[str, Any]) -> list[str]:
    board = int(question["board"])
    problems = []
    if question.get("vulnerable") != VUL_CYCLE[(board - 1) % 16]:
        problems.append(f"board {board} is {VUL_CYCLE[(board - 1) % 16]} vulnerable, "
                        f"not {question.get('vulnerable')}")
    if question.get("dealer") != "NESW"[(board - 1) % 4]:
        problems.append(f"board {board} is dealt by {'NESW'[(board - 1) % 4]}")
    return problems


def _number_problems(question: Mapping[str, Any], expected: float) -> list[str]:
    answer = question.get("answer")
    if question.get("type") != "number" or not isinstance(answer, (int, float)):
        return ["not a number question"]
    if abs(float(answer) - expected) > 1e-9:
        return [f"answer {answer} but the recount gives {expected:g}"]
    return []


def check_contract_score(question: Mapping[str, Any]) -> dict[str, list[str]]:
    key = question["key"]
    problems = _board_problems(question)
    lang = str(question.get("lang", "en"))
    told = str(question.get("context", ""))
    for shown in (contract_words(str(key["contract"]), lang),
                  words.seat(str(key["declarer"]), lang),
                  words.counted(int(key["tricks"]), lang, "tricks")):
        if shown not in told:
            problems.append(f"the context does not tell {shown!r}")
    ns = endplay_ns(str(key["contract"]), str(key["declarer"]), int(key["tricks"]),
                    VUL_CYCLE[(int(question["board"]) - 1) % 16])
    problems += _number_problems(question, ns)
    return {"key": problems, "right": [], "wrong": []}


@drill("contract_score", TOPIC, check=check_contract_score)
def contract_score(rng: random.Random, rid: str) -> dict[str, Any] | None:
    board = rng.randint(1, 32)
    contract, tricks = _draw_contract(rng)
    result: Result = (str(contract), rng.choice(SEATS), tricks)
    dealer, vul = _board_fields(board)
    difficulty = {Doubling.NONE: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 3}[contract.doubling]
    question = _question(
        rid, "score", "number", ["77"], difficulty,
        _each(lambda lang: _t(lang, "score_prompt")),
        _each(lambda lang: f"{_board_line(board, lang)} {_result_line(result, lang)}"),
        _each(lambda lang: " ".join(score_lines(board, result, lang))),
        {"contract": result[0], "declarer": result[1], "tricks": tricks}, "contract_score")
    question.update(board=board, dealer=dealer, vulnerable=vul, answer=_ns_score(result, vul))
    return question


# --------------------------------------------------------------------------- travellers
FAMILIES: tuple[tuple[str, str], ...] = (
    ("4S", "NS"), ("4H", "NS"), ("3NT", "NS"), ("2S", "NS"), ("5D", "NS"), ("6H", "NS"),
    ("4S", "EW"), ("4H", "EW"), ("3NT", "EW"), ("2H", "EW"), ("3C", "EW"),
)
OTHER_SUIT = {"S": "H", "H": "S", "D": "C", "C": "D", "NT": "S"}


def _neighbour(base: Contract, seat: str, par: int, rng: random.Random) -> Result:
    """A result one table reached instead of the usual contract: a lower contract in the same
    strain, 3NT instead of a game in a suit, the contract doubled, or the other side's
    sacrifice (doubled when it is over a game)."""
    strain = str(base.strain)
    choice = rng.choice(("lower", "notrump", "doubled", "sacrifice"))
    if choice == "lower" and base.level > 1:
        level = ({"H": 4, "S": 4, "NT": 3}.get(strain, 5) if base.level >= 6
                 else base.level - 1)
        return str(Contract(level, base.strain)), seat, _clip(par + rng.choice((-1, 0, 0, 1)))
    if choice == "notrump" and strain != "NT" and base.level in (4, 5):
        return "3NT", seat, _clip(par + rng.choice((-2, -1, -1, 0)))
    if choice == "sacrifice":
        other = Strain.parse(OTHER_SUIT[strain])
        level = base.level if _outbids(Contract(base.level, other), base) else base.level + 1
        if level <= 7:
            game = law77.trick_score(base, law77.table_for("1987")) >= 100
            doubling = Doubling.DOUBLED if game else Doubling.NONE  # a sacrifice over a game
            sac = Contract(level, other, doubling)
            down = rng.choice((1, 2, 3, 3)) if doubling is Doubling.DOUBLED else rng.choice(
                (1, 1, 2))
            return str(sac), SEATS[(SEATS.index(seat) + 1) % 4], sac.tricks_needed - down
    doubled = Contract(base.level, base.strain, Doubling.DOUBLED)
    return str(doubled), seat, _clip(par + rng.choice((-2, -1, 0)))


def _clip(tricks: int) -> int:
    return max(0, min(13, tricks))


def _outbids(bid: Contract, other: Contract) -> bool:
    order = ("C", "D", "H", "S", "NT")
    return (bid.level, order.index(str(bid.strain))) > (other.level,
                                                        order.index(str(other.strain)))


def _draw_results(rng: random.Random, count: int, neighbours: float = 0.3
                  ) -> tuple[int, list[Result]]:
    """One board and ``count`` results on it: mostly one contract, a share ``neighbours`` of
    other contracts."""
    board = rng.randint(1, 32)
    base_text, side = rng.choice(FAMILIES)
    base = Contract.parse(base_text)
    seat = rng.choice(Side.parse(side).seats)
    main = str(seat)
    par = max(0, min(13, base.tricks_needed + rng.choice((-1, 0, 0, 1))))
    results: list[Result] = []
    for _ in range(count):
        if rng.random() >= neighbours:
            declarer = main if rng.random() < 0.85 else str(Seat.parse(main).partner)
            tricks = max(0, min(13, par + rng.choice((-1, 0, 0, 0, 1))))
            results.append((base_text, declarer, tricks))
        else:
            results.append(_neighbour(base, main, par, rng))
    return board, results


# --------------------------------------------------------------------------- matchpoints
ARTIFICIAL_SHARE = {"A+": (60, 40), "A": (50, 50), "A-": (40, 60)}
"""Percent of the top to North-South and East-West of each artificial code, written out for the
check (Law 12C1)."""


def _mp_figure(board: int, rows: Sequence[Result | str]) -> dict[str, Any]:
    _, vul = _board_fields(board)
    cells: list[list[Any]] = []
    for number, row in enumerate(rows, start=1):
        if isinstance(row, str):
            cells.append([str(number), "—", "—", "—",
                          _each(partial(_artificial_label, row))])
        else:
            cells.append(_result_cells(number, row, vul))
    return {"kind": "table", "columns": _columns(), "rows": cells}


def _artificial_label(code: str, lang: str) -> str:
    """``A+`` / «ср+»: an artificial score as the traveller writes it for North-South."""
    return str(i18n.text(lang, TABLE, "artificial_ns", code))


def _mp_explanation(rows: Sequence[Result | str], vul: str, asked: int, side: str,
                    lang: str) -> str:
    entries: list[int | str] = [r if isinstance(r, str) else _ns_score(r, vul) for r in rows]
    points = law78.traveller_matchpoints(entries)
    n = len(entries)
    top = law78.matchpoint_top(n)
    real = [e for e in entries if not isinstance(e, str)]
    law = _law(lang, "78A")
    lines = [_t(lang, "mp_top", n=n, top=top, law=law)]
    mine = entries[asked]
    ns, ew = points[asked]
    if isinstance(mine, str):
        code_ns = str(i18n.text(lang, TABLE, "artificial_ns", mine))
        code_ew = str(i18n.text(lang, TABLE, "artificial_ns",
                                {"A+": "A-", "A": "A", "A-": "A+"}[mine]))
        pct = law86.artificial_pairs_percent(mine, side)
        lines.append(_t(lang, "mp_artificial", table=asked + 1, code_ns=code_ns, code_ew=code_ew,
                        side=words.side(side, lang), pct=f"{pct:g}", top=top,
                        mp=_number(_round1(ns if side == "NS" else ew), lang),
                        law=_law(lang, "12C1")))
    else:
        r = len(real)
        rtop = law78.matchpoint_top(r)
        if r < n:
            lines.append(_t(lang, "mp_real_top", r=r, rtop=rtop, law=_law(lang, "12C1", "78A")))
        beats = sum(1 for other in real if mine > other)
        ties = sum(1 for other in real if mine == other) - 1
        raw = 2 * beats + ties
        lines.append(_t(lang, "mp_count", score=_signed(mine, lang), table=asked + 1,
                        beats=beats, ties=ties, raw=raw, law=law))
        if r < n and rtop == 0:
            lines.append(_t(lang, "mp_lone", mp=_number(_round1(ns), lang)))
        elif r < n:
            eq, shown = _step(ns, lang)
            lines.append(_t(lang, "mp_scaled", raw=raw, top=top, rtop=rtop, eq=eq, mp=shown))
        if side == "EW":
            eq, shown_ew = _step(ew, lang)
            lines.append(_t(lang, "mp_ew", top=top, ns=_step(ns, lang)[1], eq=eq, ew=shown_ew))
    value = ns if side == "NS" else ew
    lines.append(_t(lang, f"mp_answer_{side}", mp=_number(_round1(value), lang),
                    table=asked + 1))
    return " ".join(lines)


def check_matchpoints(question: Mapping[str, Any]) -> dict[str, list[str]]:
    key, figure = question["key"], question["figure"]
    lang = str(question.get("lang", "en"))
    problems = _board_problems(question)
    vul = VUL_CYCLE[(int(question["board"]) - 1) % 16]
    labels = {str(i18n.text(lang, TABLE, "artificial_ns", code)): code
              for code in ARTIFICIAL_SHARE}
    entries: list[int | str] = []
    for index, (cells, row) in enumerate(zip(figure["rows"], key["rows"], strict=True)):
        cell = str(cells[-1])
        if cell in labels:
            entries.append(labels[cell])
            if row.get("artificial") != labels[cell]:
                problems.append(f"row {index + 1} shows {cell}, the key has {row}")
            continue
        entries.append(_cell_score(cell))
        recount = endplay_ns(str(row["contract"]), str(row["declarer"]), int(row["tricks"]), vul)
        if recount != entries[-1]:
            problems.append(f"row {index + 1} shows {cell}, its result scores {recount}")
    n = len(entries)
    top = 2 * (n - 1)
    real = [e for e in entries if isinstance(e, int)]
    mine = entries[int(key["row"])]
    if isinstance(mine, str):
        ns = Fraction(ARTIFICIAL_SHARE[mine][0] * top, 100)
        ew = Fraction(ARTIFICIAL_SHARE[mine][1] * top, 100)
    else:
        raw = sum(2 if mine > o else 1 if mine == o else 0 for o in real) - 1
        rtop = 2 * (len(real) - 1)
        if not key.get("scaled", True):
            ns, ew = Fraction(raw), Fraction(rtop - raw)
        elif rtop == 0:
            ns = ew = Fraction(top, 2)
        else:
            ns = Fraction(raw * top, rtop)
            ew = top - ns
    value = ns if key["side"] == "NS" else ew
    problems += _number_problems(question, float(_round1(value)))
    return {"key": problems, "right": [], "wrong": []}


@drill("matchpoints", TOPIC, check=check_matchpoints)
def matchpoints(rng: random.Random, rid: str) -> dict[str, Any] | None:
    count = rng.randint(6, 13)
    board, results = _draw_results(rng, count)
    dealer, vul = _board_fields(board)
    rows: list[Result | str] = list(results)
    draw = rng.random()
    artificial = 2 if draw < 0.05 else 1 if draw < 0.3 else 0
    for index in rng.sample(range(count), artificial):
        rows[index] = rng.choice(("A+", "A", "A-"))
    asked = rng.randrange(count)
    side = rng.choice(("NS", "EW"))
    entries: list[int | str] = [r if isinstance(r, str) else _ns_score(r, vul) for r in rows]
    ns, ew = law78.traveller_matchpoints(entries)[asked]
    value = ns if side == "NS" else ew
    fractional = bool(artificial)  # told whenever rows are artificial, not only when it shows

    def context(lang: str) -> str:
        text = _t(lang, "mp_context", board=board, vul=_vul_text(vul, lang), n=count)
        return f"{text} {_t(lang, 'mp_artificial_context')}" if artificial else text

    def prompt(lang: str) -> str:
        text = _t(lang, f"mp_prompt_{side}", table=asked + 1)
        return text + _t(lang, "mp_rounded") if fractional else text

    key_rows = [{"artificial": r} if isinstance(r, str) else
                {"contract": r[0], "declarer": r[1], "tricks": r[2]} for r in rows]
    laws = ["12C1", "78A"] if artificial else ["78A"]
    question = _question(
        rid, "score", "number", laws, 3 if artificial else 2, _each(prompt), _each(context),
        _each(lambda lang: _mp_explanation(rows, vul, asked, side, lang)),
        {"row": asked, "side": side, "scaled": True, "rows": key_rows}, "matchpoints")
    question.update(board=board, dealer=dealer, vulnerable=vul, answer=_answer(value),
                    figure=_mp_figure(board, rows))
    return question


# --------------------------------------------------------------------------- IMPs
#: The lowest difference of each band of the Law 78B scale, written out for the check.
IMP_LOWS = (0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
            1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def check_imps(question: Mapping[str, Any]) -> dict[str, list[str]]:
    key, figure = question["key"], question["figure"]
    problems = _board_problems(question)
    vul = VUL_CYCLE[(int(question["board"]) - 1) % 16]
    scores = []
    for index, (cells, row) in enumerate(zip(figure["rows"], key["rows"], strict=True)):
        shown = _cell_score(str(cells[-1]))
        recount = endplay_ns(str(row["contract"]), str(row["declarer"]), int(row["tricks"]), vul)
        if recount != shown:
            problems.append(f"table {index + 1} shows {shown}, its result scores {recount}")
        scores.append(shown)
    if len(scores) != 2:
        return {"key": [*problems, f"{len(scores)} tables, not 2"], "right": [], "wrong": []}
    net = scores[0] - scores[1]  # team A: North-South at table 1, East-West at table 2
    won = max(i for i, low in enumerate(IMP_LOWS) if abs(net) >= low)
    for_a = won if net >= 0 else -won
    problems += _number_problems(question, for_a if key["team"] == "A" else -for_a)
    return {"key": problems, "right": [], "wrong": []}


def _imp_explanation(results: Sequence[Result], vul: str, lang: str) -> str:
    s1, ns2 = (_ns_score(r, vul) for r in results)
    net = s1 - ns2
    won = law78.imps(net)
    low, high, size = law78.imp_band(net)
    a, b = _t(lang, "team_a"), _t(lang, "team_b")
    lines = [_t(lang, "imp_net", a=a, s1=_signed(s1, lang), s2=_signed(-ns2, lang),
                ns2=_signed(ns2, lang), net=_signed(net, lang), law=_law(lang, "78B"))]
    if high is None:
        lines.append(_t(lang, "imp_band_top", diff=abs(net), low=low, imps=size,
                        law=_law(lang, "78B")))
    else:
        lines.append(_t(lang, "imp_band", diff=abs(net), band=f"{low}–{high}", imps=size,
                        law=_law(lang, "78B")))
    lines.append(_t(lang, "imp_result", a=a, b=b, imps_a=_signed(won, lang),
                    imps_b=_signed(-won, lang)))
    return " ".join(lines)


@drill("imps", TOPIC, check=check_imps)
def imps(rng: random.Random, rid: str) -> dict[str, Any] | None:
    board, results = _draw_results(rng, 2, neighbours=0.5)
    dealer, vul = _board_fields(board)
    team = rng.choice(("A", "B"))
    s1, ns2 = (_ns_score(r, vul) for r in results)
    for_a = law78.imps(s1 - ns2)
    name = "team_a" if team == "A" else "team_b"
    question = _question(
        rid, "score", "number", ["77", "78B"], 2,
        _each(lambda lang: _t(lang, "imp_prompt", team=_t(lang, name))),
        _each(lambda lang: _t(lang, "imp_context", board=board, vul=_vul_text(vul, lang),
                              a=_t(lang, "team_a"), b=_t(lang, "team_b"))),
        _each(lambda lang: _imp_explanation(results, vul, lang)),
        {"team": team, "rows": [{"contract": r[0], "declarer": r[1], "tricks": r[2]}
                                for r in results]}, "imps")
    question.update(board=board, dealer=dealer, vulnerable=vul,
                    answer=for_a if team == "A" else -for_a,
                    figure={"kind": "table", "columns": _columns(),
                            "rows": [_result_cells(i + 1, r, vul)
                                     for i, r in enumerate(results)]})
    return question


# --------------------------------------------------------------------------- artificial scores
SITUATIONS = ("slow_one", "late", "slow_both", "missing")
RESPONSIBILITIES = ("none", "partly", "directly")
#: The written-out awards of the check: percent of the top (Law 12C1), IMPs (Law 86A).
PERCENT = {"none": 60, "partly": 50, "directly": 40}
IMPS = {"none": 3, "partly": 0, "directly": -3}


def responsibility(situation: str, at_fault: str | None, side: str) -> str:
    """How far ``side`` is to blame in a situation (the check's own reading of the story)."""
    if situation == "slow_both":
        return "partly"
    if situation == "missing" or at_fault is None:
        return "none"
    return "directly" if side == at_fault else "none"


def _law12_value(resp: str, form: str) -> float | int:
    found = law12.Responsibility[resp.upper()]
    if form == "pairs":
        return law12.artificial_score_pairs(found)
    return law86.artificial_score_imps(found)


def check_artificial(question: Mapping[str, Any]) -> dict[str, list[str]]:
    key = question["key"]
    form = str(key["form"])
    resp = responsibility(str(key["situation"]), key.get("at_fault"), str(key["side"]))
    problems = [] if resp == key.get("responsibility") else [
        f"the story makes {key['side']} {resp} at fault, the key says {key.get('responsibility')}"]
    field = "percent" if form == "pairs" else "imps"
    expected = PERCENT[resp] if form == "pairs" else IMPS[resp]
    right: list[str] = []
    wrong: list[str] = []
    choices = list(question.get("choices") or ())
    marked = [c for c in choices if c.get("correct")]
    if question.get("type") != "single" or len(marked) != 1:
        right.append(f"{len(marked)} answers marked right")
    top = key.get("top")
    seen: list[Any] = []
    for choice in choices:
        claim = choice.get("claim") or {}
        value = claim.get(field)
        if top is not None and "mp" in claim and abs(
                float(claim["mp"]) - float(Fraction(int(claim["percent"]) * int(top), 100))) > 1e-9:
            (right if choice.get("correct") else wrong).append(
                f"choice {choice.get('id')}: {claim['mp']} is not {claim['percent']}% of {top}")
        if choice.get("correct") and value != expected:
            right.append(f"choice {choice.get('id')} is marked right but the award is "
                         f"{expected}, not {value}")
        elif not choice.get("correct") and value == expected:
            wrong.append(f"choice {choice.get('id')} is marked wrong but states the award "
                         f"{expected}")
        if value in seen:
            wrong.append(f"choice {choice.get('id')} repeats {value}")
        seen.append(value)
    return {"key": problems, "right": right, "wrong": wrong}


def _artificial(rng: random.Random, rid: str, form: str, name: str) -> dict[str, Any]:
    board = rng.randint(1, 32)
    situation = rng.choice(SITUATIONS)
    at_fault = rng.choice(("NS", "EW")) if situation in ("slow_one", "late") else None
    side = rng.choice(("NS", "EW"))
    resp = responsibility(situation, at_fault, side)
    top = rng.choice((None, 10, 12, 16, 20, 24)) if form == "pairs" else None
    minutes = rng.choice((10, 12, 15, 20))
    refs = ("12C1",) if form == "pairs" else ("12C1", "86A")
    story_side = at_fault or side

    def fault(lang: str, r: str = resp) -> str:
        return _t(lang, f"fault_{r}", side=words.side(side, lang))

    def context(lang: str) -> str:
        text = _t(lang, f"situation_{situation}", board=board, side=words.side(story_side, lang),
                  minutes=minutes, event=_t(lang, f"event_{form}"))
        return f"{text} {_t(lang, 'art_top', top=top)}" if top is not None else text

    def text_of(r: str, lang: str) -> str:
        if form == "teams":
            return _t(lang, f"imp_choice_{r}")
        award = _t(lang, f"pct_choice_{r}")
        if top is None:
            return award
        mp = _number(Fraction(PERCENT[r] * top, 100), lang)
        return _t(lang, "pct_choice_mp", award=award, mp=mp, top=top)

    def why_of(r: str, lang: str) -> str:
        return _t(lang, f"why_{'pct' if form == 'pairs' else 'imp'}_{r}",
                  law=_law(lang, *refs), fault=fault(lang))

    choices = []
    for r in RESPONSIBILITIES:
        value = _law12_value(r, form)
        claim: dict[str, Any] = ({"percent": value} if form == "pairs" else {"imps": value})
        if top is not None:
            claim["mp"] = _answer(Fraction(str(value)) * top / 100)
        why = None if r == resp else _each(partial(why_of, r))
        choice: dict[str, Any] = {"id": "", "text": _each(partial(text_of, r)),
                                  "correct": r == resp, "claim": claim}
        if why is not None:
            choice["why"] = why
        choices.append(choice)
    rng.shuffle(choices)
    for index, choice in enumerate(choices):
        choice["id"] = "abc"[index]

    def explanation(lang: str) -> str:
        text = _t(lang, "art_explanation", law=_law(lang, "12C1"), fault=fault(lang),
                  award=_t(lang, f"award_{resp}"))
        if top is not None:
            mp = _number(Fraction(PERCENT[resp] * top, 100), lang)
            text += " " + _t(lang, "art_explanation_top", top=top, mp=mp)
        if form == "teams":
            value = _signed(IMPS[resp], lang)
            text += " " + _t(lang, "art_explanation_teams", law=_law(lang, "86A"),
                             imps=_t(lang, "imps_value", n=value))
        return text

    question = _question(
        rid, "ruling", "single", refs, 1,
        _each(lambda lang: _t(lang, "art_prompt", side=words.side(side, lang))),
        _each(context), _each(explanation),
        {"situation": situation, "at_fault": at_fault, "side": side, "responsibility": resp,
         "form": form, "top": top}, name)
    question.update(board=board, choices=choices)
    return question


@drill("artificial_pairs", TOPIC, check=check_artificial)
def artificial_pairs(rng: random.Random, rid: str) -> dict[str, Any] | None:
    return _artificial(rng, rid, "pairs", "artificial_pairs")


@drill("artificial_teams", TOPIC, check=check_artificial)
def artificial_teams(rng: random.Random, rid: str) -> dict[str, Any] | None:
    return _artificial(rng, rid, "teams", "artificial_teams")
