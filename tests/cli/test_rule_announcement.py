"""``tdcourse rule CASE`` as a director announces the ruling at the table (issue 13): the
language asked for throughout (headings included), cards and bids with suit symbols, the
options in the order a director offers them (``announce.OFFER_ORDER``), where the play stands,
the score of a finished board; and ``--json`` untouched by any of it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.laws.announce import offer_order
from generator.laws.engine import analyse
from generator.laws.explain import option_label
from generator.table.case import load_case

Cli = Callable[..., tuple[int, str, str]]
CASES = Path(__file__).resolve().parents[1] / "cases" / "1987"

#: An inadmissible double, ruled at once (Law 36): the auction goes on.
AUCTION_CASE = "board: 1\nevents: [N 1H, E P, S X, director]\n"
#: A board played out and claimed: 4♠ by South, 13 tricks, nobody vulnerable: 510 to NS.
FINISHED_CASE = (
    "board: 1\ndeal: 'N:KT96.QT83.K3.K63 Q32.AJ74.J5.QT98 A8754.K.AQ97.AJ5 J.9652.T8642.742'\n"
    "events: [N P, E P, S 1S, W P, N 3S, E P, S 4S, W P, N P, E P, W leads C4, N plays C6,"
    " E plays C8, S plays CA, S claims 12]\n")
#: A defender's card held face up before his partner has played (Law 57): declarer's options
#: on the partner's card, a penalty card on the table, mid-trick.
PREMATURE_PLAY = (
    "board: 3\ndeal: 'N:K4.J953.9854.763 T5.A87.QJT6.AKQ8 A9732.KQ42.K72.5 QJ86.T6.A3.JT942'\n"
    "events: [S P, W P, N P, E 1C, S P, W 2C, N P, E P, S P, S leads H2, W plays H6,"
    " N plays H3, E plays HA, E leads DT, S plays D7, W plays D3, N plays D4, E leads C8,"
    " N exposes C3 held, director]\n")
#: An opening lead out of turn ruled at once (Law 54): accept, spread, refuse.
OPENING_LEAD = (
    "board: 13\ndeal: 'N:Q62.A974.J754.T9 KJ8753.Q85.KT.J7 T94.KT63.32.A863 A.J2.AQ986.KQ542'\n"
    "events: [N P, E 1S, S P, W 2D, N P, E 2S, S P, W 3NT, N P, E P, S P, S leads H3,"
    " director]\n")
#: An inadmissible double replaced at once, the auction over: declarer may forbid any one suit
#: (Law 26B), and the barred player is on lead.
ANY_ONE_SUIT = "board: 9\nevents: [N 1D, E P, S X, S 1H, W 1S, N P, E 2S, S P, W P, N P]\n"

#: What Russian text may still hold in Latin letters: a card (suit symbol, then the rank as the
#: engine writes it, the ten as 10) and the clauses of a citation, lettered as the Russian 1987
#: Laws letter them ("правило 26B", "правило 25B2b1"). Calls are symbols or words (1♥, 3БК, пас,
#: контра, реконтра), seats and pairs Russian words (Юг, С–Ю).
CARD = r"[♠♥♦♣](?:10|[2-9AKQJ])"
CLAUSE = r"\d{1,2}(?:[A-H](?:\d{1,2}(?:[a-d]\d?)?)?)?"
CITATION = rf"\(правило {CLAUSE}(?:, {CLAUSE})*\)"
ALLOWED_LATIN = re.compile(rf"{CARD}|{CITATION}")


def latin_words(text: str) -> list[str]:
    """The Latin letters left once cards and citations are taken out, in their words."""
    return re.findall(r"\S*[A-Za-z]\S*", ALLOWED_LATIN.sub("", text))


def rule_text(cli: Cli, path: Path, lang: str) -> list[str]:
    """The announcement's lines for the case file at ``path``."""
    status, out, err = cli("rule", str(path), "--lang", lang)
    assert status == 0 and err == "", err
    return out.rstrip("\n").split("\n")


def test_the_card_and_clause_pattern_is_precise() -> None:
    assert latin_words("Юг сыграл ♥K и ♣10 (правило 25B2b1). Север пас (правило 36, 16C1).") \
        == []
    for leak in ("Юг сыграл HK.", "для EW", "1NT", "Юг X", "(review)", "(правило 36) A",
                 "♥KQ", "правило 27B без скобок"):
        assert latin_words(leak), leak


def test_an_auction_ruling_in_english(cli: Cli, write_case: Callable[..., Path]) -> None:
    lines = rule_text(cli, write_case(AUCTION_CASE), "en")
    assert lines[0] == "Board 1 · dealer North · nobody vulnerable · Laws of 1987"
    assert lines[1] == "Auction: North 1♥, East Pass, South Double (cancelled)"
    assert lines[2] == "South made a double that the auction does not allow (Law 36)."
    assert "  The irregular call is cancelled (Law 36)." in lines
    assert "  North must pass whenever it is his turn to call (Law 36)." in lines
    assert any(line.startswith("  Information from the withdrawn call is authorised for "
                               "East-West (Law 16C1)") for line in lines)
    assert lines[-1] == "Next to act: South"
    assert not any("NS" in line or "EW" in line or "_" in line for line in lines)


def test_an_auction_ruling_in_russian(cli: Cli, write_case: Callable[..., Path]) -> None:
    lines = rule_text(cli, write_case(AUCTION_CASE), "ru")
    assert lines[0] == "Сдача 1 · сдающий Север · никто не в зоне · Правила 1987 года"
    assert lines[1] == "Торговля: Север 1♥, Восток пас, Юг контра (отменена)"
    assert lines[2] == "Юг дал контру, которую торговля не допускает (правило 36)."
    assert "  Заявка, сделанная с нарушением, аннулируется (правило 36)." in lines
    information = "могут пользоваться информацией из отменённой заявки"
    assert any(f"В–З {information} (правило 16C1)" in line for line in lines)
    assert any(f"С–Ю {information} после исполнения наказания" in line for line in lines)
    assert lines[-1] == "Следующим действует: Юг"
    assert latin_words("\n".join(lines)) == []


def test_a_play_ruling_in_both_languages(cli: Cli, write_case: Callable[..., Path]) -> None:
    path = write_case(PREMATURE_PLAY)
    en, ru = rule_text(cli, path, "en"), rule_text(cli, path, "ru")
    assert en[0] == "Board 3 · dealer South · East-West vulnerable · Laws of 1987"
    assert ru[0] == "Сдача 3 · сдающий Юг · в зоне В–З · Правила 1987 года"
    assert en[2] == "North played ♣3 before his partner had played (Law 57)."
    assert ru[2] == "Север сыграл ♣3 раньше своего партнёра (правило 57)."
    assert "  Declarer (East) chooses:" in en and "  Выбирает разыгрывающий (Восток):" in ru
    # where the play stands: contract, tricks, this trick, who plays, the penalty card
    assert en[-5:] == ["Contract: 2♣ by East", "Tricks played: 2 (North-South 0, East-West 2)",
                       "In this trick so far: East ♣8", "South to play",
                       "Penalty cards on the table: North's ♣3, major penalty card"]
    assert ru[-5:] == ["Контракт: 2♣, разыгрывающий Восток",
                       "Сыграно взяток: 2 (у С–Ю 0, у В–З 2)",
                       "В этой взятке уже сыграны: Восток ♣8", "Играет Юг",
                       "Штрафные карты на столе: у Севера ♣3, старшая штрафная карта"]
    assert latin_words("\n".join(ru)) == []


def test_the_player_on_lead_is_named_in_the_declined_form(
        cli: Cli, write_case: Callable[..., Path]) -> None:
    path = write_case(ANY_ONE_SUIT)
    assert rule_text(cli, path, "en")[-1] == "North is on lead"
    assert rule_text(cli, path, "ru")[-1] == "Ход за Севером"


def test_a_finished_board_in_both_languages(cli: Cli, write_case: Callable[..., Path]) -> None:
    path = write_case(FINISHED_CASE)
    en, ru = rule_text(cli, path, "en"), rule_text(cli, path, "ru")
    assert en[-4:] == ["Contract: 4♠ by South", "The board is over.",
                       "Tricks won: North-South 13, East-West 0",
                       "Score: 510 to North-South"]
    assert ru[-4:] == ["Контракт: 4♠, разыгрывающий Юг", "Сдача закончена.",
                       "Взяток взято: у С–Ю 13, у В–З 0", "Итог сдачи: 510 в пользу С–Ю"]
    assert ru[1].startswith("Торговля: Север пас, Восток пас, Юг 1♠, Запад пас, Север 3♠")
    assert latin_words("\n".join(ru)) == []


def test_a_scoring_case_and_a_passed_out_board(cli: Cli,
                                               write_case: Callable[..., Path]) -> None:
    scored = write_case("board: 5\ncontract: 4HX\ndeclarer: E\ntricks: 8\n")
    assert rule_text(cli, scored, "en")[1:] == ["Result: 4♥ doubled by East, 8 tricks",
                                                "The board is over.", "Score: 300 to North-South"]
    assert rule_text(cli, scored, "ru")[1:] == ["Результат: 4♥ с контрой, играет Восток, "
                                                "взял 8 взяток", "Сдача закончена.",
                                                "Итог сдачи: 300 в пользу С–Ю"]
    passed = write_case("board: 3\nevents: [S P, W P, N P, E P]\n", "passed.yaml")
    assert rule_text(cli, passed, "ru")[-1] == "Итог сдачи: ни одна пара не получает очков"
    assert rule_text(cli, passed, "en")[-1] == "Score: nothing to either side"


def _numbered(lines: list[str], lang: str, ids: list[str]) -> list[str]:
    """The labels of the numbered options, in the order printed."""
    labels = {option_label(i, lang): i for i in ids}
    found = []
    for line in lines:
        match = re.match(r"\s+\d+\) (.*?)(?::|$)", line)
        if match and match.group(1) in labels:
            found.append(labels[match.group(1)])
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_options_come_in_the_order_a_director_offers_them(
        cli: Cli, write_case: Callable[..., Path], lang: str) -> None:
    # Law 54: accept, accept and spread, then refuse with what refusing brings
    lines = rule_text(cli, write_case(OPENING_LEAD, "lead.yaml"), lang)
    assert _numbered(lines, lang, ["accept", "spread", "refuse"]) == ["accept", "spread",
                                                                     "refuse"]
    refuse = next(line for line in lines if line.lstrip().startswith("3) "))
    assert ("50E" in refuse) and (": " in refuse)  # the penalty card and the lead choice
    # Law 57A: highest, lowest, then the suits barred from spades down, then nothing
    ids = ["highest", "lowest", "no_S", "no_H", "no_D", "none"]
    assert _numbered(rule_text(cli, write_case(PREMATURE_PLAY, "play.yaml"), lang), lang,
                     ids) == ids
    # Law 26B, any one suit: from spades down, then nothing (the engine lists clubs first)
    ids = ["prohibit_S", "prohibit_H", "prohibit_D", "prohibit_C", "none"]
    path = write_case(ANY_ONE_SUIT, "suit.yaml")
    assert _numbered(rule_text(cli, path, lang), lang, ids) == ids
    engine = analyse(load_case(path))["rulings"][0]["options"][0]["ids"]
    assert engine[0] == "prohibit_C"  # the JSON keeps the engine's order


def test_the_documented_offer_order() -> None:
    assert offer_order("exposed_card", ["require_H", "prohibit_H", "require_C", "prohibit_C",
                                        "prohibit_HC", "none"]) == [
        "require_H", "require_C", "prohibit_H", "prohibit_C", "prohibit_HC", "none"]
    assert offer_order("opening_lead_out_of_turn", ["refuse", "spread", "accept"]) == [
        "accept", "spread", "refuse"]
    assert offer_order("pass_out_of_rotation", ["refuse", "accept"]) == ["accept", "refuse"]
    assert offer_order("revoke", ["keep", "withdraw"]) == ["withdraw", "keep"]
    assert offer_order("revoke", ["play_CT", "play_DA", "none"]) == ["play_CT", "play_DA",
                                                                     "none"]
    # a kind with no order of its own keeps the engine's
    assert offer_order("cards_from_wrong_board", ["cancel", "continue"]) == ["cancel",
                                                                             "continue"]


#: Cases whose ``--json`` output the text printer must leave as it was: every kind of option,
#: play and finished boards.
JSON_CASES = [AUCTION_CASE, FINISHED_CASE, PREMATURE_PLAY, OPENING_LEAD, ANY_ONE_SUIT,
              "board: 5\ncontract: 4HX\ndeclarer: E\ntricks: 8\n",
              *sorted(CASES.glob("law27/*.yaml"))[:3], *sorted(CASES.glob("law64/*.yaml"))[:3]]


@pytest.mark.parametrize("case", JSON_CASES,
                         ids=lambda c: c.stem[:40] if isinstance(c, Path) else c[:12])
def test_json_output_is_the_engines_own(cli: Cli, write_case: Callable[..., Path],
                                        case: Path | str) -> None:
    path = case if isinstance(case, Path) else write_case(case)
    status, out, err = cli("rule", str(path), "--json")
    assert status == 0 and err == ""
    assert out == json.dumps(analyse(load_case(path)), ensure_ascii=False, indent=2) + "\n"
    printed = json.loads(out)
    assert list(printed) == ["format", "edition", "irregularities", "rulings", "state",
                             "score", "score_details"]
    text = rule_text(cli, path, "en")
    assert not text[0].startswith("{")


def test_every_1987_case_reads_in_russian_without_latin_words(cli: Cli) -> None:
    """The review aid over every sentence-named case: the Russian never falls back to the
    engine's letters (EW, HK, 1NT, X) or to an English word."""
    leaks = {}
    for path in sorted(CASES.glob("law*/*.yaml")):
        found = latin_words("\n".join(rule_text(cli, path, "ru")))
        if found:
            leaks[path.name] = found
    assert leaks == {}


def test_a_count_fixed_by_a_ruling_is_said_beside_the_tricks_won(cli: Cli) -> None:
    """Law 79 (a count kept after the correction period) and Law 64 (a transfer): the tricks
    won in play and the tricks the score counts are both said, so the score can be checked."""
    late_case = (Path(__file__).resolve().parents[1] / "cases" / "1987" / "law79"
                 / "a-correction-asked-after-the-correction-period-is-too-late.yaml")
    late = rule_text(cli, late_case, "en")
    assert late[-3:] == ["Tricks won: North-South 10, East-West 3",
                         "Tricks scored after the ruling: North-South 9",
                         "Score: 50 to East-West"]
    ru = rule_text(cli, late_case, "ru")
    assert "Засчитано взяток после решения: у С–Ю 9" in ru
