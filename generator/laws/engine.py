"""From a case to the JSON of ``tdcourse rule CASE --json``.

``analyse`` replays the case under the edition's ruler and assembles the output the case format
fixes: ``format``, ``edition``, ``irregularities``, ``rulings``, ``state`` and ``score``. A case
that gives ``other_table`` (an extension: North-South's score at the other table of a team match)
also gets ``imps``, each side's IMPs on the board (:func:`team_imps`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.laws import law77, law78, law86
from generator.laws.ruler import LawRuler
from generator.model.contract import Result
from generator.table.case import Case
from generator.table.detect import replay
from generator.table.state import Table

FORMAT = 1


def board_score(table: Table, edition: str,
                rulings: list[dict[str, Any]] | None = None
                ) -> tuple[dict[str, int] | None, dict[str, Any] | None]:
    """The score of a finished board after rectification, or ``None`` while it is in progress.

    Shows the tricks as played, the tricks transferred by rulings (Law 64) and the final score.
    An adjusted score ordered by a ruling is reported beside it for the director to apply.
    """
    if table.phase != "ended":
        return None, None
    adjusted = [r for ruling in rulings or [] for r in ruling.get("rectifications", [])
                if r["kind"] == "adjusted_score" and r.get("adjustment") == "artificial"]
    if adjusted:  # the deal was not played out: the director's artificial scores stand instead
        # the artificial adjusted score: 1987 12C1, 2017 12C2
        return None, {"adjusted": adjusted, "law": "12C2" if edition == "2017" else "12C1"}
    if table.contract is None or table.declarer is None:
        return {"declarer_side": 0, "NS": 0, "EW": 0}, {"passed_out": True, "law": "77"}
    played = table.declarer_tricks()
    assert played is not None
    side = table.declarer.side
    claimed = [r for ruling in rulings or [] for r in ruling.get("rectifications", [])
               if r["kind"] == "claim_tricks"]
    if claimed:  # Laws 69-71: the board is scored with the tricks the claim ruling awards
        played = int(claimed[-1]["tricks"][str(side)])
    counted = [r for ruling in rulings or [] for r in ruling.get("rectifications", [])
               if r["kind"] in ("tricks_agreed", "count_corrected")]
    if counted:  # Law 79: the count the players agreed, or the director's count, is scored
        played = int(counted[-1]["tricks"][str(side)])
    transfers = [r for ruling in rulings or [] for r in ruling.get("rectifications", [])
                 if r["kind"] == "trick_transfer"]
    delta = sum(r["tricks"] if r["to"] == str(side) else -r["tricks"] for r in transfers)
    tricks = max(0, min(13, played + delta))
    score = law77.result_score(
        Result(table.contract, table.declarer, tricks), table.board.vulnerability, edition)
    details: dict[str, Any] = {"tricks_played": played, "transferred": delta, "tricks": tricks,
                               "law": "77"}
    assigned = [r for ruling in rulings or [] for r in ruling.get("rectifications", [])
                if r["kind"] == "adjusted_score"]
    if assigned:
        details["adjusted"] = assigned
    return score, details


def analyse(case: Case) -> dict[str, Any]:
    """Everything the engine can say about a case, as plain data."""
    edition = case.edition
    out: dict[str, Any] = {"format": FORMAT, "edition": edition}
    if case.is_scoring_case:
        assert case.contract is not None and case.declarer is not None and case.tricks is not None
        result = Result(case.contract, case.declarer, case.tricks)
        out.update(
            irregularities=[],
            rulings=[],
            state={"phase": "ended", "next": None, "dealer": str(case.dealer),
                   "vulnerable": str(case.vulnerability), "contract": str(case.contract),
                   "declarer": str(case.declarer)},
            score=law77.result_score(result, case.vulnerability, edition),
            score_details={"tricks": case.tricks, "law": "77"},
        )
    else:
        ruler = LawRuler(edition)
        out = report(replay(case, ruler), ruler)
    if case.other_table is not None:
        out["imps"] = team_imps(out, case.other_table, edition)
    return out


def team_imps(out: dict[str, Any], other_table: int, edition: str) -> dict[str, Any] | None:
    """Each side's IMPs on the board of a team match, against North-South's score
    ``other_table`` at the other table; ``None`` while the board is in progress.

    A table score: the difference turned into IMPs by the scale of 78B, the two sides' IMPs
    opposite. A director's assigned score: each outcome of a 2017 weighted score (12C1c) is
    IMPed and the IMPs are weighted, as :func:`generator.laws.law12.weighted_imps` does; a 1987
    assigned score may give the sides different scores (12C2), so each side is IMPed from its
    own score. An artificial score: the IMPs are the award itself (1987 86A, 2017 12C2b),
    whatever the other table scored; under 2017 the director must first judge whether that
    result is clearly favourable to one side, which calls for an assigned score instead (86B1: a
    flag, judgement). The last adjusted score of the rulings counts, as in :func:`board_score`,
    even when the director gave it before the board was finished (it replaces the table result).
    """
    adjusted = [r for ruling in out.get("rulings") or [] for r in ruling.get("rectifications", [])
                if r["kind"] == "adjusted_score" and r.get("adjustment")]  # not a bare 27D order
    base: dict[str, Any] = {"other_table": other_table}
    if adjusted:
        last = adjusted[-1]
        if last.get("adjustment") == "artificial":
            law = str(law86.LAWS[edition]["teams"][-1])
            # no split yet when the director is still to find each side's fault (12C2a flag)
            teams = last.get("teams") or {"NS": None, "EW": None}
            flags = law86.other_table_flags(edition)
            return {**base, "NS": teams["NS"], "EW": teams["EW"], "law": law,
                    "laws": [law, *(flag["law"] for flag in flags)], "flags": flags}
        if "weights" in last:  # 2017 12C1(b)-(c): IMPed outcome by outcome, then weighted
            ns = sum((Fraction(str(w["weight"])) * law78.imps(int(w["NS"]) - other_table, edition)
                      for w in last["weights"]), Fraction(0))
            laws = ["78B", *(["12C1c"] if len(last["weights"]) > 1 else [])]
            return {**base, "NS": _number(ns), "EW": _number(-ns), "law": "78B", "laws": laws}
        score = last["score"]  # 1987 12C2: each side's own score, IMPed against the other table
        ns_imps = law78.imps(int(score["NS"]) - other_table, edition)
        ew_imps = law78.imps(int(score["EW"]) + other_table, edition)
        return {**base, "NS": ns_imps, "EW": ew_imps, "law": "78B", "laws": ["78B"]}
    score = out.get("score")
    if score is None:
        return None
    difference = int(score["NS"]) - other_table
    won = law78.imps(difference, edition)
    return {**base, "difference": difference, "NS": won, "EW": -won, "law": "78B",
            "laws": ["78B"]}


def _number(value: Fraction) -> int | float:
    """Exact IMPs as JSON shows them: whole when whole, else rounded to two decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def report(table: Table, ruler: LawRuler) -> dict[str, Any]:
    """The output for a table already replayed under ``ruler`` (the scenario generator builds
    its tables event by event and asks for the same report without replaying them)."""
    irregularities = []
    for index, fact in enumerate(table.irregularities):
        entry = fact.to_dict()
        entry["laws"] = list(ruler.laws_of(table, index))
        irregularities.append(entry)
    rulings = ruler.rulings(table)
    score, details = board_score(table, ruler.edition, rulings)
    return {"format": FORMAT, "edition": ruler.edition, "irregularities": irregularities,
            "rulings": rulings, "state": table.snapshot(), "score": score,
            "score_details": details}
