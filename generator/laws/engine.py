"""From a case to the JSON of ``tdcourse rule CASE --json``.

``analyse`` replays the case under the edition's ruler and assembles the output the case format
fixes: ``format``, ``edition``, ``irregularities``, ``rulings``, ``state`` and ``score``.
"""

from __future__ import annotations

from typing import Any

from generator.laws import law77
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
        return out
    ruler = LawRuler(edition)
    return report(replay(case, ruler), ruler)


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
