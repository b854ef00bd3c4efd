"""Which laws govern each irregularity kind, per edition.

The table layer names facts without law numbers; this table is where a fact first meets the law.
The numbers are the laws a director opens first; a ruling then cites the exact clauses.
"""

from __future__ import annotations

from generator.table.irregularities import Kind

KIND_LAWS: dict[str, dict[Kind, tuple[str, ...]]] = {
    "1987": {
        Kind.INSUFFICIENT_BID: ("27",),
        Kind.CHANGE_OF_CALL: ("25",),
        Kind.PASS_OUT_OF_ROTATION: ("30",),
        Kind.BID_OUT_OF_ROTATION: ("31",),
        Kind.DOUBLE_OUT_OF_ROTATION: ("32",),
        Kind.REDOUBLE_OUT_OF_ROTATION: ("32",),
        Kind.INADMISSIBLE_DOUBLE: ("36",),
        Kind.INADMISSIBLE_REDOUBLE: ("36",),
        Kind.CALL_WHEN_OBLIGED_TO_PASS: ("37",),
        Kind.BID_ABOVE_SEVEN: ("38",),
        Kind.CALL_AFTER_FINAL_PASS: ("39",),
        Kind.SIMULTANEOUS_CALL: ("33",),
        Kind.CARD_EXPOSED_DURING_AUCTION: ("24",),
        Kind.OPENING_LEAD_OUT_OF_TURN: ("54",),
        Kind.LEAD_OUT_OF_TURN: ("53", "56"),
        Kind.DECLARER_LEAD_OUT_OF_TURN: ("55",),
        Kind.EXPOSED_CARD: ("49", "50"),
        Kind.PREMATURE_PLAY: ("57",),
        Kind.SIMULTANEOUS_PLAY: ("58",),
        Kind.REVOKE: ("61", "62", "63", "64"),
        Kind.DEFECTIVE_TRICK: ("67",),
        Kind.CLAIM: ("68", "70"),
        Kind.CONCESSION: ("68", "71"),
        Kind.WRONG_NUMBER_OF_CARDS: ("13", "14"),
        Kind.CARDS_FROM_WRONG_BOARD: ("17",),
        Kind.PLAY_OUT_OF_TURN: ("44",),
        Kind.PENALTY_CARD_NOT_PLAYED: ("52",),
        Kind.REVIEW_REQUEST: ("20",),
        Kind.EXPLANATION_REQUEST: ("20",),
        Kind.MISSING_CARD: ("14",),
        Kind.BOARD_NOT_DESIGNATED: ("15",),
        Kind.BOARD_ROTATED: ("15",),
        Kind.WITHDRAWN_INFORMATION: ("16",),
        Kind.DUMMY_EXCEEDS_RIGHTS: ("43",),
        Kind.DUMMY_WARNS: ("42",),
        Kind.DUMMY_DRAWS_ATTENTION: ("43",),
        Kind.TRICK_COUNT: ("79",),
    },
}

# 2017: the same laws govern the same facts, except the board taken from the wrong place, whose
# rule 2017 moves from Law 17 to Law 15 (spec 2017 §14). A law module that rules a kind
# differently under 2017 changes its row here.
KIND_LAWS["2017"] = {**KIND_LAWS["1987"], Kind.CARDS_FROM_WRONG_BOARD: ("15",),
                     # 57C3/57D: a premature play by declarer or a defender's card played at his
                     # right-hand opponent's turn is Law 57's, not a penalty card of Law 49/50
                     Kind.PLAY_OUT_OF_TURN: ("44", "57"), Kind.PREMATURE_PLAY: ("57",)}


#: The clause that gives each choice elsewhere, by phase: where the feedback of a wrong option
#: sends the learner ("to spread his hand is a choice of Law 54A"). The options a question
#: offers as wrong are drawn from these. Cancelling or playing a deal (17D) is left out of the
#: auction's: beside an insufficient bid or a call out of rotation no learner would weigh it.
OPTION_LAWS: dict[str, dict[str, dict[str, str]]] = {
    "1987": {
        "auction": {"accept": "27A", "refuse": "27B", "first_call_stands": "25B2",
                    "other_call": "25B2"},
        "play": {"accept": "53A", "refuse": "56", "spread": "54A", "highest": "57A1",
                 "lowest": "57A2", "keep": "62C1", "withdraw": "62C1", "substitute": "52A",
                 "none": "50"},
    },
}


# 2017: an insufficient bid is accepted under 27A1; the 25B2 choice between the first call and
# another (1987) does not exist; the director's finding on a replacement call is a choice of 23A.
OPTION_LAWS["2017"] = {
    "auction": {"accept": "27A1", "refuse": "27B", "comparable": "23A", "not_comparable": "23A"},
    "play": dict(OPTION_LAWS["1987"]["play"]),
}


def laws_for(kind: Kind, edition: str) -> tuple[str, ...]:
    """The laws that govern a kind of irregularity in an edition."""
    return KIND_LAWS[edition][kind]


#: Flags (by reason) whose point, left to the director, decides whether and how the board goes
#: on: whether cards seen interfere with play (13B1, and 15D2 for a board turned on the table),
#: whether a deal corrected after the auction is played on (13B1), how to go on without a
#: missing card (14B2). A question generator asks neither who acts next nor the score as played
#: after such a ruling, whichever clause raised the point.
CONTINUATION_FLAGS = frozenset({"seen_cards_may_interfere", "corrected_deal_played_on",
                                "missing_card_not_found"})

