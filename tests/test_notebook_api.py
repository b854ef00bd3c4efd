"""The notebooks' API (``generator.notebook``): ruling on cases, editing them, grading answers.

The notebooks are only as good as what a learner sees: these tests check the rulings (law,
options, next seat) on real cases, that an edited case is ruled afresh, that every mistake is a
one-line message, that the quiz grades single, multiple and number questions and explains a
wrong choice, and that no text from data can inject markup into the HTML display.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from generator.book.quizdata import decode_key, web_question
from generator.notebook import Case, NotebookError, Quiz, Ruling, rule

OPEN_IB = """
board: 5          # dealer N, NS vulnerable
events:
  - N 1S
  - E 1H          # insufficient
"""
DEAL = "N:KQT.AQ952.97.Q42 J84.T.K86.A98653 A9632.J73.J42.KJ 75.K864.AQT53.T7"
HOSTILE = '<script>alert("x")</script> & <b>bold</b>'


def bank_question(qtype: str, **extra: Any) -> dict[str, Any]:
    """A bank question in English (``questions.en.json`` form) of ``qtype``."""
    question: dict[str, Any] = {
        "id": f"t-{qtype}", "type": qtype, "topic": "penalty-cards", "kind": "ruling",
        "lang": "en", "laws": ["49", "50"], "difficulty": 1, "board": 3, "dealer": "S",
        "vulnerable": "EW", "deal": DEAL,
        "events": ["S P", "W P", "N 1H", "E P", "S 3H", "W P", "N P", "E P", "E leads C6",
                   "W exposes H6"],
        "context": "West exposed H6 other than in normal play.",
        "prompt": "What is the ruling?",
        "explanation": "H6 becomes a minor penalty card of West (Law 50).",
    }
    if qtype == "number":
        question["answer"] = -100
    else:
        question["choices"] = [
            {"id": "a", "text": "No penalty.", "correct": False,
             "why": "The irregularity does carry a rectification here: see 50."},
            {"id": "b", "text": "H6 is a minor penalty card.", "correct": True},
            {"id": "c", "text": "H6 is a major penalty card.", "correct": qtype == "multiple",
             **({} if qtype == "multiple" else {"why": "A small card exposed by accident."})},
            {"id": "d", "text": "North has a penalty card.", "correct": False,
             "why": "The rectification falls on another player: see 50."},
        ]
    question.update(extra)
    return question


def make_quiz(*questions: dict[str, Any], lang: str = "en") -> Quiz:
    return Quiz([web_question(q, lang) for q in questions], lang)


# --------------------------------------------------------------------------- rule


def test_rule_on_a_case_text_names_the_law_the_chooser_and_the_next_seat() -> None:
    ruling = rule(OPEN_IB)
    assert isinstance(ruling, Ruling)
    assert ruling.kinds == ["insufficient_bid"]
    assert ruling.laws[0] == "27" and {"10C1", "10C2"} <= set(ruling.laws)
    options = ruling.result["rulings"][0]["options"]
    assert [(o["seat"], o["ids"], o.get("chosen")) for o in options] == [
        ("S", ["accept", "refuse"], None)]
    assert ruling.next == "E"
    text = str(ruling)
    assert "East made an insufficient bid (1♥ after 1♠)" in text
    assert "South: accept it / refuse it" in text
    assert '"S accepts", "S refuses"' in text  # how to make the choice
    assert 'case.events[1] = "E 1H"' in text
    assert ruling.result["format"] == 1 and ruling.result["edition"] == "1987"


def test_rule_takes_a_case_a_dict_or_json_and_gives_the_same_result() -> None:
    from_text = rule(OPEN_IB).result
    as_dict = {"board": 5, "events": ["N 1S", "E 1H"]}
    assert rule(as_dict).result == from_text
    assert rule(Case(as_dict)).result == from_text
    assert rule('{"board": 5,\n\t"events": ["N 1S", "E 1H"]}').result == from_text


def test_an_edited_case_is_ruled_afresh_and_an_old_ruling_keeps_its_case() -> None:
    case = Case(OPEN_IB)
    first = rule(case)
    case.events += ["S refuses", "E 2H"]  # the lowest sufficient bid in the same suit
    lowest = rule(case)
    assert "27B1" in lowest.laws
    kinds = [r["kind"] for r in lowest.result["rulings"][0]["rectifications"]]
    assert kinds == ["call_cancelled", "no_rectification"]
    assert lowest.next == "S"
    case.events[-1] = "E 2D"  # another suit: partner barred, lead restriction
    other = rule(case)
    assert "27B2" in other.laws
    rects = other.result["rulings"][0]["rectifications"]
    assert {"kind": "must_pass", "seat": "W", "scope": "throughout", "law": "27B2"} in rects
    del case.events[2:]
    assert rule(case).result == first.result
    assert first.case.events == ["N 1S", "E 1H"] and first.next == "E"


def test_changed_copies_leave_the_case_alone() -> None:
    case = Case(OPEN_IB)
    longer = case.with_events([*case.events, "S accepts"])
    swapped = case.replace_event(1, "E 2H")
    assert case.events == ["N 1S", "E 1H"]
    assert longer.events[-1] == "S accepts" and swapped.events == ["N 1S", "E 2H"]
    assert rule(swapped).kinds == []
    assert "The engine finds no irregularity" in str(rule(swapped))
    assert rule(longer).result["rulings"][0]["options"][0]["chosen"] == "accept"
    assert case.replace_event(-1, "E 3H").events == ["N 1S", "E 3H"]
    assert Case(case).to_dict() == case.to_dict() and Case(case) is not case
    assert "board: 5" in case.text() and "- E 1H" in case.text()
    assert Case(case.text()).to_dict() == case.to_dict()


def test_a_scoring_case_and_a_changed_field() -> None:
    case = Case("board: 5\ncontract: 4HX\ndeclarer: E\ntricks: 8\n")
    assert rule(case).score == {"declarer_side": -300, "NS": 300, "EW": -300}
    made = case.with_fields(tricks=10)
    assert rule(made).score == {"declarer_side": 590, "NS": -590, "EW": 590}
    assert "4♥X" in str(rule(made)) and "North-South -590" in str(rule(made))
    assert "events" not in case.text()


@pytest.mark.parametrize(("source", "expected"), [
    ("board: 5\nevents: [N 1S, E 1Z]\n", "case, line 2: unknown call or verb '1Z'"),
    ("bord: 5\n", "case, line 1: unknown field 'bord'"),
    ("board: [5\n", "case, line 2: invalid YAML"),
    ("board: 5\nevents:\n  - N 1H\n  - E P\n  - S P\n  - W P\n  - E leads SA\n",
     "case: event 4 (E leads SA)"),
    ({"board": 5, "events": ["N 1S", "E 1H", "S chooses bogus"]},
     "case: event 2 (S chooses bogus)"),
    ({"board": 5, "events": ["N 1S", "E flies"]}, "case: event 1 ('E flies')"),
    ({"board": 0}, "case, line 1: impossible board number"),
    (42, "a case is a case text, a dict or a Case, not int"),
])
def test_bad_input_is_a_one_line_message(source: Any, expected: str) -> None:
    if isinstance(source, str) and "leads SA" in source:
        source = source.replace("board: 5\n", f'board: 5\ndeal: "{DEAL}"\n')
    with pytest.raises(NotebookError) as caught:
        rule(source)
    message = str(caught.value)
    assert message.startswith(expected), message
    assert "\n" not in message
    # no chained traceback behind it
    assert caught.value.__context__ is None or caught.value.__suppress_context__
    assert caught.value._render_traceback_() == [f"NotebookError: {message}"]


def test_bad_edits_are_one_line_messages_too() -> None:
    case = Case(OPEN_IB)
    with pytest.raises(NotebookError, match=r"^there is no event 5: the events are numbered 0 "
                                            r"to 1$"):
        case.replace_event(5, "E 2H")
    with pytest.raises(NotebookError, match=r"^case: event 1 \('E 2Q'\)"):
        case.replace_event(1, "E 2Q")
    case.events.append("S leads")
    with pytest.raises(NotebookError, match=r"^case: event 2 \('S leads'\): 'leads' needs"):
        rule(case)
    with pytest.raises(NotebookError, match="with_events takes a list"):
        Case(OPEN_IB).with_events("N 1S")
    with pytest.raises(NotebookError, match="unknown language 'fr'"):
        rule(OPEN_IB, "fr")


def test_rulings_in_russian_and_as_html() -> None:
    ruling = rule(OPEN_IB, "ru")
    text = str(ruling)
    assert "Восток сделал недостаточную заявку (1♥ после 1♠)" in text
    assert "Юг: принять / не принять" in text and "Следующим действует: Восток" in text
    page = ruling._repr_html_()
    assert page.startswith('<div class="tdc-notebook">') and "<h4>" in page
    assert "&quot;S accepts&quot;" in page  # data text escaped, quotes included
    assert "<script" not in page


# --------------------------------------------------------------------------- the quiz


def test_single_choice_right_and_wrong_with_the_reason() -> None:
    quiz = make_quiz(bank_question("single"))
    shown = str(quiz.show(1))
    assert "Question 1 of 1" in shown and "West exposed ♥6" in shown
    assert "North: ♠ K Q 10  ♥ A Q 9 5 2  ♦ 9 7  ♣ Q 4 2" in shown
    assert "North 1♥" in shown and "East ♣6" in shown and "a) No penalty." in shown
    assert "minor penalty card of West (Law 50)" not in shown  # no answer before answering
    wrong = quiz.answer(1, "a")
    assert not wrong.right
    text = str(wrong)
    assert text.startswith("Question 1: not right")
    assert "The right answer: b) ♥6 is a minor penalty card." in text
    assert "a) No penalty. — The irregularity does carry a rectification here: see 50." in text
    assert "Explanation: ♥6 becomes a minor penalty card of West (Law 50)." in text
    right = quiz.answer(1, " B ")
    assert right.right and str(right).startswith("Question 1: right")
    assert "right answer" not in str(right) and "Why" not in str(right)


def test_multiple_choice_needs_exactly_the_right_set() -> None:
    quiz = make_quiz(bank_question("multiple"))
    assert quiz.answer(1, ["c", "b"]).right
    assert quiz.answer(1, "b, c").right and quiz.answer(1, "cb").right
    partial = quiz.answer(1, ["b"])
    assert not partial.right and "The right answer: b) ♥6 is a minor penalty card.; c)" in str(
        partial)
    wrong = quiz.answer(1, ["b", "c", "d"])
    assert not wrong.right
    assert "d) North has a penalty card. — The rectification falls on another player" in str(
        wrong)


def test_number_questions_take_numbers_in_any_form() -> None:
    quiz = make_quiz(bank_question("number"))
    assert "Answer with a number: quiz.answer(1, 420)" in str(quiz.show(1))
    assert quiz.answer(1, -100).right and quiz.answer(1, "-100").right
    assert quiz.answer(1, -100.0).right and quiz.answer(1, " -100 ").right
    assert quiz.answer(1, " +100 ").given == 100  # a plus sign, as a learner may type it
    wrong = quiz.answer(1, 100)
    assert not wrong.right and "The right answer: -100" in str(wrong)


@pytest.mark.parametrize(("number", "given", "expected"), [
    (1, "e", 'question 1 has no choice "e" (its choices: a, b, c, d)'),
    (1, ["a", "b"], "question 1 has one right choice: give one letter"),
    (1, "", "question 1: give at least one letter"),
    (1, 2, 'question 1 asks for a letter, like quiz.answer(1, "a") (its choices: a, b, c, d)'),
    (2, "lots", "question 2 asks for a number, like quiz.answer(2, 420)"),
    (2, True, "question 2 asks for a number"),
    (2, float("nan"), "question 2 asks for a number"),
    (3, "a", "there is no question 3: the questions are numbered 1 to 2"),
    (0, "a", "there is no question 0"),
])
def test_answers_that_cannot_be_graded_are_one_line_messages(number: int, given: Any,
                                                             expected: str) -> None:
    quiz = make_quiz(bank_question("single"), bank_question("number"))
    with pytest.raises(NotebookError) as caught:
        quiz.answer(number, given)
    assert str(caught.value).startswith(expected) and "\n" not in str(caught.value)
    assert quiz.score().answered == 0  # a refused answer is not counted


def test_the_score_counts_first_answers() -> None:
    quiz = make_quiz(bank_question("single"), bank_question("multiple"),
                     bank_question("number"))
    quiz.answer(1, "a")
    quiz.answer(1, "b")  # a second try does not change the score
    quiz.answer(3, -100)
    score = quiz.score()
    assert (score.right, score.answered, len(score.results)) == (1, 2, 3)
    text = str(score)
    assert "1 right of 2 answered (3 questions in all)." in text
    assert "1: not right" in text and "2: not answered yet" in text and "3: right" in text


def test_quiz_in_russian() -> None:
    ru = bank_question("single", lang="ru", prompt="Каково решение судьи?",
                       context="Запад показал H6 не при нормальной игре.")
    quiz = make_quiz(ru, lang="ru")
    assert "Вопрос 1 из 1" in str(quiz.show(1)) and "Запад показал ♥6" in str(quiz.show(1))
    assert str(quiz.answer(1, "a")).startswith("Вопрос 1: неверно")
    assert str(quiz.answer(1, "b")).startswith("Вопрос 1: верно")
    with pytest.raises(NotebookError, match="вопроса 5 нет"):
        quiz.show(5)


def test_hostile_text_is_escaped_in_html() -> None:
    question = bank_question("single", context=HOSTILE, prompt=HOSTILE)
    question["choices"][0]["text"] = HOSTILE
    question["choices"][0]["why"] = HOSTILE
    question["explanation"] = HOSTILE
    quiz = make_quiz(question)
    for shown in (quiz.show(1), quiz.answer(1, "a"), quiz.answer(1, "b"), quiz.score(), quiz):
        page = shown._repr_html_()
        assert "<script" not in page and "<b>bold" not in page, page
    page = quiz.answer(1, "a")._repr_html_()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold" in page
    assert HOSTILE in str(quiz.answer(1, "a"))  # the text form shows it as it is


def test_a_quiz_refuses_questions_without_a_key() -> None:
    web = web_question(bank_question("single"), "en")
    assert "correct" not in str(web["choices"]) and decode_key(web["k"])["c"] == ["b"]
    broken = copy.deepcopy(web)
    del broken["k"]
    with pytest.raises(NotebookError, match="not a web question"):
        Quiz([broken])
    with pytest.raises(NotebookError, match="this quiz has no questions"):
        Quiz([]).show(1)


def test_notebook_errors_are_value_errors_and_tdcourse_errors() -> None:
    """One exception type for every bad argument (the fuzz test, tests/fuzz/test_fuzz_notebook.py,
    tries every class of them): code that catches ValueError, or the command line's
    TdcourseError, catches it too."""
    from generator.errors import TdcourseError

    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    quiz = make_quiz(bank_question("single"), bank_question("number"))
    nothing: Any = None
    text: Any = "a question"
    for call in (lambda: Case({"board": 5, "notes": deep}),      # was RecursionError
                 lambda: Case(OPEN_IB).with_events(nothing),      # was TypeError
                 lambda: Quiz([text]),                            # was AttributeError
                 lambda: Quiz([{**quiz.questions[0], "k": "!!"}]),  # was zlib.error
                 lambda: quiz.answer(2, 10 ** 400)):              # was OverflowError
        with pytest.raises(NotebookError) as caught:
            call()
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, TdcourseError)
        assert "\n" not in str(caught.value)
