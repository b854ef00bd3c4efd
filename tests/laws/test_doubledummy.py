"""The pure-Python double-dummy solver against endplay's, and the claim rulings with it.

The browser has no endplay, so claims there are ruled with :mod:`generator.laws.doubledummy`;
these tests hold it to endplay's ``solve_board`` on random endings and on every claim case
file, and check that the ruling path runs where endplay cannot be imported. Its speed is
measured by ``benchmarks/bench_doubledummy.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.laws import claimplay, doubledummy
from generator.laws.claimplay import Position
from generator.laws.engine import analyse
from generator.model.cards import Card, Rank, Suit
from generator.model.seat import SEATS, Seat
from generator.table.case import load_case

PROJECT = Path(__file__).resolve().parents[2]
CASES = PROJECT / "tests" / "cases"
CLAIM_LAWS = ("law68", "law69", "law70", "law71")


def random_ending(rng: random.Random, cards: int, in_progress: bool) -> Position:
    """A random deal cut to ``cards`` cards a hand, a random strain and leader; with
    ``in_progress``, one to three legal cards already played to the trick."""
    deck = [Card(suit, rank) for suit in Suit for rank in Rank]
    rng.shuffle(deck)
    hands = {seat: sorted(rng.sample(deck[i * 13:(i + 1) * 13], cards))
             for i, seat in enumerate(SEATS)}
    trump = rng.choice([None, *Suit])
    leader = rng.choice(SEATS)
    trick: list[tuple[Seat, Card]] = []
    if in_progress:
        for step in range(rng.randint(1, 3)):
            seat = leader.offset(step)
            hand = hands[seat]
            follow = [c for c in hand if trick and c.suit is trick[0][1].suit]
            card = rng.choice(follow or hand)
            hand.remove(card)
            trick.append((seat, card))
    return Position(hands, leader, tuple(trick), trump)


def pure(position: Position, seat: Seat) -> int:
    hands, leader, trick = claimplay._start(position)
    trump = None if position.trump is None else claimplay._SUITS.index(position.trump)
    return doubledummy.tricks(hands, leader, trick, trump, seat.index % 2)


def endplay_value(position: Position, seat: Seat) -> int:
    """endplay's ``solve_board`` through claimplay's wrapper (the trick in progress put back)."""
    return claimplay._double_dummy(claimplay._key(position), seat.index % 2)


@pytest.mark.parametrize("seed", range(7))
def test_random_endings_equal_endplay(seed: int) -> None:
    """50 endings per seed (350 in all) of 1 to 7 cards a hand, about a third with a trick in
    progress: the pure solver's tricks, for the side asked and for the other, are endplay's."""
    pytest.importorskip("endplay.dds")
    rng = random.Random(seed)
    differ = []
    progress = 0
    for _ in range(50):
        cards = rng.randint(1, 7)
        in_progress = rng.random() < 0.35
        progress += in_progress
        position = random_ending(rng, cards, in_progress)
        seat = rng.choice(SEATS)
        mine, theirs = pure(position, seat), endplay_value(position, seat)
        other = pure(position, seat.lho)  # the trick in progress is one of the ``cards``
        if mine != theirs or mine + other != cards:
            differ.append((position, seat, mine, theirs, other))
    assert progress > 5
    assert differ == []


def test_a_trick_in_progress_counts() -> None:
    """West led the ♠2, North won with the ♠A: North-South take it and the rest is counted."""
    position = Position({Seat.N: [Card.parse("HA")], Seat.E: [Card.parse("S3"), Card.parse("H2")],
                         Seat.S: [Card.parse("S4"), Card.parse("H3")],
                         Seat.W: [Card.parse("H4")]},
                        Seat.W, ((Seat.W, Card.parse("S2")), (Seat.N, Card.parse("SA"))), None)
    assert pure(position, Seat.N) == 2
    assert pure(position, Seat.E) == 0


def claim_cases() -> list[Path]:
    """Every case file with a claim or a concession: the Law 68-71 folders of both codes, the
    samples and the differential cases that claim, and other laws' cases that do."""
    found = []
    for path in sorted(CASES.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if path.parent.name in CLAIM_LAWS or "claim" in text.lower() or "concede" in text:
            found.append(path)
    return found


CLAIM_CASES = claim_cases()


def _ruled(path: Path) -> Any:
    return json.loads(json.dumps(analyse(load_case(path)), default=str, sort_keys=True))


@pytest.mark.parametrize("path", CLAIM_CASES, ids=lambda p: str(p.relative_to(CASES)))
def test_claim_cases_rule_alike_with_the_fallback(path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruling with the pure solver forced is the ruling with endplay, key for key."""
    pytest.importorskip("endplay.dds")
    monkeypatch.setattr(claimplay, "USE_ENDPLAY", True)
    with_endplay = _ruled(path)
    monkeypatch.setattr(claimplay, "USE_ENDPLAY", False)
    claimplay._pure_double_dummy.cache_clear()
    assert _ruled(path) == with_endplay


def test_the_claim_cases_ask_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above is not empty: several claim cases do reach the double-dummy value,
    and with the fallback forced it is the pure solver that answers."""
    monkeypatch.setattr(claimplay, "USE_ENDPLAY", False)
    claimplay._pure_double_dummy.cache_clear()
    for path in CLAIM_CASES:
        analyse(load_case(path))
    assert claimplay._pure_double_dummy.cache_info().misses >= 4


def test_ruling_path_runs_without_endplay() -> None:
    """With endplay unimportable (as in Pyodide) every claim case is ruled, nothing on the way
    tries to import it (an attempt would raise), and what the assistant page shows for it
    (:func:`generator.assistant_api.rule_page`) is what it shows with endplay."""
    from generator.assistant_api import rule_page

    pytest.importorskip("endplay.dds")
    paths = [str(p) for p in CLAIM_CASES]
    script = (
        "import sys, json\n"
        "sys.modules['endplay'] = None\n"
        "import yaml\n"
        "from generator.assistant_api import rule_page\n"
        "from generator.laws import claimplay\n"
        "assert not claimplay.USE_ENDPLAY\n"
        "pages = {}\n"
        "for path in json.loads(sys.argv[1]):\n"
        "    data = yaml.safe_load(open(path, encoding='utf-8'))\n"
        "    pages[path] = rule_page(json.dumps(data), 'ru')\n"
        "print(json.dumps({'pages': pages,\n"
        "                  'solved': claimplay._pure_double_dummy.cache_info().misses}))\n")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(paths)], cwd=PROJECT,
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["solved"] >= 4
    for path in paths:
        page = json.loads(out["pages"][path])
        assert "error" not in page, (path, page)
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        assert out["pages"][path] == rule_page(json.dumps(data), "ru"), path
