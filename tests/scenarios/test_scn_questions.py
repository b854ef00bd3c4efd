"""Questions: bilingual texts, topics, laws from the index, difficulties, the right number of right
answers, wrong answers that differ from the right ones and say why, and scores that match."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator import i18n
from generator.laws.explain import chosen_text, option_label
from generator.laws.refs import LawRef, law_index
from generator.scenarios import keys, moments
from generator.scenarios.bank import Plan, scenarios, write_bank
from generator.scenarios.questions import (
    LANGS,
    PENALTIES,
    PLAY_TOPICS,
    TOPICS,
    localise,
    questions_for,
)

CYRILLIC = re.compile("[А-Яа-яЁё]")
QUESTION_KINDS = {"ruling", "options", "law", "next", "score", "claim"}


@cache
def bank() -> tuple[dict[str, Any], ...]:
    return tuple(scenarios(Plan(160, 41), workers=1))


def all_questions() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(record, q) for record in bank() for q in record["questions"]]


_RULED: dict[str, dict[str, Any]] = {}


def ruled(q: dict[str, Any]) -> dict[str, Any]:
    """The engine's output for what the question shows, as ``tdcourse rule`` gives it."""
    text = json.dumps(q["shown"], sort_keys=True)
    if text not in _RULED:
        _RULED[text] = moments.rule(q["shown"])
    return _RULED[text]


def ruling_shown(record: dict[str, Any], q: dict[str, Any]) -> dict[str, Any]:
    found = keys.ruling_of(ruled(q), record["kind"])
    assert found is not None, q["id"]
    return dict(found)


def assert_bilingual(value: Any, where: str) -> None:
    assert isinstance(value, dict) and set(value) == set(LANGS), (where, value)
    for lang in LANGS:
        assert isinstance(value[lang], str) and value[lang].strip(), (where, lang, value)
    assert CYRILLIC.search(value["ru"]), (where, value["ru"])
    assert not CYRILLIC.search(value["en"]), (where, value["en"])


def test_every_scenario_has_questions_of_every_kind_overall() -> None:
    kinds: Counter[str] = Counter()
    ids = set()
    for record in bank():
        assert record["questions"], record["id"]
        for question in record["questions"]:
            kinds[question["kind"]] += 1
            assert question["id"] not in ids
            ids.add(question["id"])
            assert question["scenario"] == record["id"]
    assert set(kinds) == QUESTION_KINDS, kinds


def test_texts_are_in_both_languages() -> None:
    for record, q in all_questions():
        where = q["id"]
        for field in ("prompt", "context", "explanation"):
            assert_bilingual(q[field], f"{where} {field}")
        for choice in q.get("choices", []):
            assert_bilingual(choice["text"], f"{where} choice {choice['id']}")
        # the explanation is the ruling of what the question shows (not of the whole board),
        # followed by the next player or by the score derived line by line
        for lang in LANGS:
            shown_ruling = ruling_shown(record, q)["explanation"][lang]
            assert q["explanation"][lang].startswith(shown_ruling) or \
                q["kind"] == "score", (where, lang)


def test_topic_laws_difficulty() -> None:
    index = law_index("1987")
    topics = set(TOPICS.values())
    for record, q in all_questions():
        where = q["id"]
        assert q["topic"] in topics, where
        assert q["topic"] == TOPICS[record["kind"]], where
        assert q["laws"], where
        for law in q["laws"]:
            assert law in index, (where, law)
        assert q["laws"] == sorted(set(q["laws"]))
        assert set(q["laws"]) == {str(law) for law in ruling_shown(record, q)["laws"]}, where
        assert isinstance(q["difficulty"], int) and 1 <= q["difficulty"] <= 3, where


def test_choice_questions() -> None:
    seen: Counter[str] = Counter()
    for record, q in all_questions():
        where = q["id"]
        assert q["type"] in ("single", "multiple", "number"), where
        if q["type"] == "number":
            assert "choices" not in q
            continue
        choices = q["choices"]
        assert len(choices) >= 2, where
        assert len({c["id"] for c in choices}) == len(choices), where
        right = [c for c in choices if c["correct"] is True]
        wrong = [c for c in choices if c["correct"] is False]
        assert len(right) + len(wrong) == len(choices), where
        assert wrong, where
        if q["type"] == "single":
            assert len(right) == 1, where
        else:
            first = next(o for o in ruling_shown(record, q)["options"] if not o.get("chosen"))
            expected = {option_label(o, "en", first) for o in first["ids"]}
            assert {c["text"]["en"] for c in right} == expected, where
            assert len(right) == len(first["ids"]), where
        for lang in LANGS:
            right_texts = {c["text"][lang] for c in right}
            for c in wrong:
                assert c["text"][lang] not in right_texts, (where, lang, c)
            assert len({c["text"][lang] for c in choices}) == len(choices), (where, lang)
        for c in wrong:
            assert "why" in c, (where, c)
            assert_bilingual(c["why"], f"{where} why {c['id']}")
        seen[q["kind"]] += 1
        if q["kind"] == "next":
            assert right[0]["id"] == ruled(q)["state"]["next"].lower(), where
            if len(q["shown"]["events"]) == record["after_ruling"]["events"]:
                assert right[0]["id"] == record["after_ruling"]["next"].lower(), where
        if q["kind"] == "law":
            ref = right[0]["text"]["en"].split(" ")[0]
            assert ref in law_index("1987"), where
            cited = set(q["laws"]) | {r.get("law")
                                      for r in ruling_shown(record, q)["rectifications"]}
            assert ref in cited, where  # the clause the ruling rests on, not a neighbour
            for c in choices:
                assert c["text"]["en"].split(" ")[0] in law_index("1987"), (where, c)
    assert seen["ruling"] >= 50 and seen["options"] >= 10 and seen["law"] >= 10


def test_number_questions_give_the_stored_score() -> None:
    count = 0
    for record, q in all_questions():
        if q["type"] != "number":
            continue
        count += 1
        if q["kind"] == "claim":
            continue  # the tricks a claim ruling awards: test_claim_questions_key_the_award
        assert q["kind"] == "score"
        assert isinstance(q["answer"], (int, float)) and not isinstance(q["answer"], bool)
        assert q["answer"] == record["score"]["NS"], q["id"]
        assert q["answer"] == ruled(q)["score"]["NS"], q["id"]
        assert record["state"]["phase"] == "ended" and record["state"]["contract"] is not None
        # the learner sees the contract, the declarer and the tricks taken in play ...
        details = ruled(q)["score_details"]
        for lang in LANGS:
            assert str(details["tricks_played"]) in q["context"][lang], (q["id"], lang)
        # ... and the explanation ends with the score derived line by line
        total = f"{q['answer']:+.0f}" if q["answer"] else "0"
        assert total in q["explanation"]["en"].rsplit(".", 2)[-2], q["id"]
    assert count >= 50


def test_questions_show_the_board_up_to_their_moment() -> None:
    """A question shows one moment and nothing after it: "what may he choose?" stops when the
    director arrives, before the choice; the ruling, its clause and the next player once the
    choices are made; the score at the end; a revoke not pointed out at once is ruled at the
    end of the board, when the director is called."""
    seen: Counter[str] = Counter()
    for record, q in all_questions():
        events = record["case"]["events"]
        shown = q["shown"]["events"]
        assert q["events"] == shown, q["id"]
        assert q["board"] == record["case"]["board"] == q["shown"]["board"]
        assert q["deal"] == record["case"]["deal"] == q["shown"]["deal"]
        at = moments.irregular_event(record)
        late_revoke = record["kind"] == "revoke" and not moments.noticed_at_once(record)
        if q["kind"] == "options":
            assert shown == events[: at + 1 + moments.noticed_at_once(record)], q["id"]
        elif late_revoke:
            assert shown == [*events, "director"], q["id"]
            seen["late revoke"] += 1
        elif q["kind"] == "score":
            assert shown == events, q["id"]
        else:
            cut = record["after_ruling"]["events"]
            details = next(i for i in reversed(record["irregularities"])
                           if i["kind"] == record["kind"])["details"]
            if details.get("relation") == "rho" and "refuses" in " ".join(events[at:cut]) \
                    and len(shown) > cut:
                # refused at the right-hand opponent's turn (30A-32A): settled by his next call
                assert shown[:cut] == events[:cut], q["id"]
                assert shown[-1].split()[0] == details["turn"], q["id"]
                assert len(shown[-1].split()) == 2 and shown[-1].split()[1] not in (
                    "accepts", "refuses", "director"), q["id"]
                seen["settled by RHO"] += 1
            else:
                assert shown == events[:cut], q["id"]
    assert seen["late revoke"] >= 3 and seen["settled by RHO"] >= 3, seen


def test_revoke_questions_are_keyed_for_their_moment() -> None:
    """At the revoking card the revoke is corrected (Law 62) and nothing is transferred; at the
    end of the board it is established and tricks are transferred (Law 64)."""
    corrected = established = 0
    for record, q in all_questions():
        if record["kind"] != "revoke" or q["kind"] != "ruling":
            continue
        kinds = {r["kind"] for r in q["key"]["rulings"][0]["rectifications"]}
        if moments.noticed_at_once(record):
            corrected += 1
            assert "trick_transfer" not in kinds, q["id"]
            assert any(law.startswith("62") for law in q["laws"]), q["id"]
        else:
            established += 1
            assert not any(law.startswith("62A") for law in q["laws"]), q["id"]
    assert corrected >= 3 and established >= 3, (corrected, established)


def test_every_key_is_in_the_ruling_of_what_is_shown() -> None:
    for _, q in all_questions():
        assert keys.key_matches(q["key"], ruled(q)), (q["id"], q["key"])


def test_what_was_chosen_is_told_except_when_the_choice_is_the_question() -> None:
    """The context of "what may this player choose?" stops at the irregularity: naming the
    option taken would give a right answer away. Every other question about a board on which a
    choice was made says what was chosen, since the ruling and the score depend on it."""
    told = hidden = 0
    for record, q in all_questions():
        after = next((o for o in record["questions"] if o["kind"] == "ruling"), q)
        chosen = [o for o in ruling_shown(record, after)["options"] if o.get("chosen")]
        if not chosen or q["kind"] == "score":
            continue
        for lang in LANGS:
            named = [chosen_text(o, lang, record["kind"]).rstrip(".")[1:] in q["context"][lang]
                     for o in chosen]
            if q["kind"] == "options":
                assert not any(named), (q["id"], lang, q["context"][lang])
                hidden += 1
            else:
                assert all(named), (q["id"], lang, q["context"][lang])
                told += 1
    assert hidden >= 20 and told >= 20, (hidden, told)


def test_questions_are_stable() -> None:
    """Questions rebuilt from the stored bank (scenarios.json is written with sorted keys) are
    the questions generated."""
    for record in bank():
        stored = {k: v for k, v in record.items() if k != "questions"}
        stored = json.loads(json.dumps(stored, sort_keys=True))
        assert questions_for(stored) == record["questions"], record["id"]


def test_wrong_rulings_never_equal_the_right_one() -> None:
    """Even with a mutation that cannot change the text, the right answer is never offered as
    a wrong one."""
    for record in bank():
        ruling_q = next((q for q in record["questions"] if q["kind"] == "ruling"), None)
        if ruling_q is None:
            continue
        right = next(c for c in ruling_q["choices"] if c["correct"])
        for c in ruling_q["choices"]:
            if not c["correct"]:
                assert c["text"] != right["text"]


def test_no_penalty_is_offered_as_wrong_only_against_a_penalty() -> None:
    """The "no penalty" ruling is a wrong answer only when the ruling does penalise: beside a
    call that stands, a request refused or roles swapped it would be true, and its "why" false."""
    checked = 0
    for record in bank():
        ruling_q = next((q for q in record["questions"] if q["kind"] == "ruling"), None)
        stated = [] if ruling_q is None else keys.answer_rectifications(
            ruled(ruling_q), ruling_shown(record, ruling_q))  # bars still in force included
        if ruling_q is None or any(r["kind"] in PENALTIES for r in stated):
            continue
        checked += 1
        for c in ruling_q["choices"]:
            if not c["correct"]:
                for lang in LANGS:
                    assert c["text"][lang] != i18n.text(lang, "questions.no_penalty"), \
                        (ruling_q["id"], lang, c)
    assert checked >= 10, checked


def test_wrong_clauses_are_not_cited_by_the_ruling() -> None:
    """A wrong clause of a law question is neither a clause the ruling cites, nor inside one it
    cites, nor one containing a cited clause; only a whole law cited (the law of the
    irregularity) leaves its other clauses as wrong answers."""
    checked = 0
    for record in bank():
        law_q = next((q for q in record["questions"] if q["kind"] == "law"), None)
        if law_q is None:
            continue
        cited = [LawRef.parse(str(law)) for law in keys.cited(ruling_shown(record, law_q))]
        for c in law_q["choices"]:
            if c["correct"]:
                continue
            checked += 1
            ref = LawRef.parse(c["text"]["en"].split(" ")[0])
            for law in cited:
                assert not ref.within(law) or not law.clause, (law_q["id"], ref, law)
                assert not law.within(ref), (law_q["id"], ref, law)
    assert checked >= 30, checked


def test_synonyms_are_not_wrong_options() -> None:
    """Beside a right "accept it", "leave it as it is" is no wrong option, nor the reverse."""
    checked = 0
    for _, q in all_questions():
        if q["kind"] != "options":
            continue
        for lang in LANGS:
            right = {c["text"][lang] for c in q["choices"] if c["correct"]}
            wrong = {c["text"][lang] for c in q["choices"] if not c["correct"]}
            for one, other in (("accept", "none"), ("none", "accept")):
                if option_label(one, lang) in right:
                    checked += 1
                    assert option_label(other, lang) not in wrong, (q["id"], lang)
    assert checked >= 10, checked


@pytest.mark.parametrize("lang", LANGS)
def test_localised_files(tmp_path: Path, lang: str) -> None:
    records = list(bank()[:40])
    write_bank(tmp_path / "bank", Plan(40, 41, langs=(lang,)), records)
    files = sorted(p.name for p in (tmp_path / "bank").iterdir())
    assert files == ["drills.json", "manifest.json", f"questions.{lang}.json", "scenarios.json"]
    data = json.loads((tmp_path / "bank" / f"questions.{lang}.json").read_text("utf-8"))
    assert len(data) == sum(len(r["questions"]) for r in records)
    for q in data:
        assert q["lang"] == lang
        texts = [q["prompt"], q["context"], q["explanation"]]
        texts += [c["text"] for c in q.get("choices", [])]
        texts += [c["why"] for c in q.get("choices", []) if "why" in c]
        for text in texts:
            assert isinstance(text, str) and text
            assert bool(CYRILLIC.search(text)) == (lang == "ru"), text
    assert localise(records[0]["questions"][0], lang)["lang"] == lang


def test_every_recipe_kind_is_described_in_both_languages() -> None:
    """A question's context names the irregularity in words, never by its internal name."""
    from generator.laws.explain import describe_fact
    from generator.scenarios.recipes import RECIPES

    missing = []
    for kind in sorted({r.kind.value for r in RECIPES.values()}):
        details = {"call": "1H", "last": "1S", "new": "2H", "card": "SA", "cards": "SA",
                   "turn": "E", "tricks": 1}
        for lang in LANGS:
            text = describe_fact(kind, "N", details, lang)
            raw = "_" in text or text.rstrip(".").lower() == kind  # the internal name shown
            if raw or (lang == "ru") != bool(CYRILLIC.search(text)):
                missing.append((kind, lang, text))
    assert not missing, missing


def test_a_penalty_card_picked_up_is_no_duty_in_the_answer() -> None:
    """Once declarer's lead choice has picked a penalty card up (50E, 51B), "he must play it at
    his first legal opportunity" is no longer true: neither the right answer nor the key says
    it, while the card's having been a penalty card still is."""
    checked = 0
    for record, q in all_questions():
        if q["kind"] != "ruling":
            continue
        ruling = ruling_shown(record, q)
        spent = [r for r in ruling["rectifications"] if r.get("picked_up")]
        if not spent:
            continue
        checked += 1
        stated = q["key"]["rulings"][0]["rectifications"]
        assert not any(r["kind"] == "must_play" and r.get("card") == s["card"]
                       for r in stated for s in spent), q["id"]
        right = next(c for c in q["choices"] if c["correct"])["text"]["en"]
        for duty in spent:
            card = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[duty["card"][0]] + \
                duty["card"][1:].replace("T", "10")
            assert f"must play {card}" not in right, (q["id"], right)
    assert checked >= 2, checked


def test_the_next_player_prompt_speaks_of_choices_only_when_one_was_made() -> None:
    with_choice = without = 0
    for record, q in all_questions():
        if q["kind"] != "next":
            continue
        chose = any(o.get("chosen") for o in ruling_shown(record, q)["options"])
        key = "next" if chose else "next_no_choice"
        assert q["prompt"] == i18n.texts("questions.prompts", key), q["id"]
        with_choice += chose
        without += not chose
    assert with_choice >= 5 and without >= 5, (with_choice, without)


def test_wrong_options_of_the_auction_are_choices_of_the_auction() -> None:
    """No "play the deal" or "cancel the deal" (17D) beside an insufficient bid."""
    checked = 0
    for record, q in all_questions():
        if q["kind"] != "options" or TOPICS[record["kind"]] in PLAY_TOPICS:
            continue
        checked += 1
        wrong = {c["claim"]["option"] for c in q["choices"] if not c["correct"]}
        assert not wrong & {"cancel", "continue"} or record["kind"] == "cards_from_wrong_board", \
            (q["id"], wrong)
    assert checked >= 10, checked


def test_penalty_card_mistakes_are_whole() -> None:
    """A wrong answer about penalty cards changes the cards exposed together all alike, with
    the duty of the class it gives them, never makes an honour a minor card, and never hands a
    penalty card to another player."""
    checked = 0
    for _, q in all_questions():
        if q["kind"] != "ruling":
            continue
        right = next(c for c in q["choices"] if c["correct"])["claim"]["rectifications"]
        owners = {(r["seat"], r["card"]) for r in right if r["kind"] == "penalty_card"}
        if not owners:
            continue
        for choice in q["choices"]:
            stated = choice["claim"]["rectifications"]
            cards = [r for r in stated if r["kind"] == "penalty_card"]
            if not cards:
                continue
            checked += 1
            mine = dict((card, seat) for seat, card in owners)
            assert all(mine.get(r["card"], r["seat"]) == r["seat"] for r in cards), q["id"]
            for seat in {r["seat"] for r in cards}:
                classes = {bool(r["major"]) for r in cards if r["seat"] == seat
                           and r.get("law") == cards[0].get("law")}
                assert len(classes) == 1, (q["id"], cards)
            for r in cards:
                if not r["major"]:
                    assert r["card"][1] not in "AKQJT", (q["id"], r)
                    assert not any(d["kind"] == "must_play" and d.get("card") == r["card"]
                                   and d.get("when") == "first_legal_opportunity"
                                   for d in stated), (q["id"], stated)
    assert checked >= 20, checked


def test_no_next_or_score_question_where_the_director_decides_whether_play_goes_on() -> None:
    """13B1 / 14B2 leave it to the director whether (and how) the board goes on: who acts next
    and the score as played are his to say, so neither is asked; and the context tells when the
    wrong count was found, which decides 13A against 13B."""
    from generator.scenarios.bank import Plan, scenarios

    records = scenarios(Plan(80, 3, ("board-and-deal",), ("en", "ru"), drills=0), workers=1)
    flagged = [r for r in records if {str(f.get("law")) for f in r["ruling"].get("flags") or ()}
               & {"13B1", "14B2", "15D2"}]
    assert flagged, "the sample holds no 13B1/14B2/15D2 ruling"
    # a board turned on the table during the auction (15D2) raises 13B1's point: the replayed
    # auction's first caller is the director's to decide, never asked
    assert any(f.get("law") == "15D2" for r in flagged for f in r["ruling"]["flags"])
    for record in flagged:
        assert not [q for q in record["questions"] if q["kind"] in ("next", "score")], record["id"]
    counted = [q for r in records if r["kind"] in ("wrong_number_of_cards", "missing_card")
               for q in r["questions"]]
    assert counted
    for q in counted:
        assert q["context"]["en"].startswith(("Before any call", "During the auction",
                                              "During the play", "Once the play was over"))
        assert q["context"]["ru"].startswith(("Ещё до первой заявки", "Во время торговли",
                                              "Во время розыгрыша", "После розыгрыша"))


def test_claim_questions_key_the_award() -> None:
    """A claim question's number is the ruling's ``claim_tricks`` for declarer's side (Laws
    69-71), its key a subset of the ruling of ``shown``, and its context tells the claim and
    the statement in both languages, from the events shown."""
    asked = [(record, q) for record, q in all_questions() if q["kind"] == "claim"]
    assert asked, "no claim question in the bank"
    for record, q in asked:
        assert record["kind"] in ("claim", "concession")
        output = ruled(q)
        ruling = [r for r in output["rulings"] if r["kind"] == record["kind"]][-1]
        awarded = [r for r in ruling["rectifications"] if r["kind"] == "claim_tricks"][-1]
        side = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}[output["state"]["declarer"]]
        assert q["type"] == "number" and q["answer"] == awarded["tricks"][side], q["id"]
        assert keys.key_matches(q["key"], output), q["id"]
        claim = next(e for e in q["shown"]["events"] if " claims " in e or " concedes " in e)
        verb = {"en": "claimed" if " claims " in claim else "conceded",
                "ru": "заявил претензию" if " claims " in claim else "уступил"}
        for lang in LANGS:
            assert verb[lang] in q["context"][lang], (q["id"], lang)
            if " stating " in claim:
                said = {"en": "His statement:", "ru": "Пояснение:"}[lang]
                assert said in q["context"][lang], (q["id"], lang)
            assert str(awarded["tricks"][side]) in q["explanation"][lang], (q["id"], lang)
