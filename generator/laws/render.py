"""Readable text for ``tdcourse rule CASE`` (the JSON output is the machine form)."""

from __future__ import annotations

from typing import Any

from generator.table.case import Case


def render_text(case: Case, result: dict[str, Any], lang: str = "en") -> str:
    """A short report: the board, what was found, the rulings and the state."""
    lines = [f"{case.path or 'case'}: board {case.board.number}, dealer {case.dealer}, "
             f"vulnerable {case.vulnerability}, Laws of {result['edition']}"]
    state = result["state"]
    if case.is_scoring_case:
        lines.append(f"result: {case.contract} by {case.declarer}, {case.tricks} tricks")
    else:
        calls = [f"{e['seat']} {e['call']}" + ("" if e["status"] == "standing" else
                                               f" ({e['status']})")
                 for e in state.get("auction", [])]
        if calls:
            lines.append("auction: " + ", ".join(calls))
        irregularities = result["irregularities"]
        if not irregularities:
            lines.append("irregularities: none")
        for i, irr in enumerate(irregularities):
            lines.append(f"irregularity {i}: {irr['kind'].replace('_', ' ')} by {irr['seat']} "
                         f"(event {irr['event']}; Law {', '.join(irr['laws'])})")
        for ruling in result["rulings"]:
            text = ruling.get("explanation", {}).get(lang)
            lines.append(f"ruling on irregularity {ruling['irregularity']}: "
                         f"laws {', '.join(ruling['laws'])}")
            if text:
                lines.append("  " + text)
            for option in ruling.get("options", []):
                lines.append(f"  {option['seat']} chooses: {', '.join(option['ids'])}")
            for rect in ruling.get("rectifications", []):
                fields = ", ".join(f"{k}={v}" for k, v in rect.items() if k != "kind")
                lines.append(f"  - {rect['kind']}" + (f" ({fields})" if fields else ""))
    lines.append(f"state: {state['phase']}, next to act: {state.get('next') or '-'}, "
                 f"contract: {state.get('contract') or '-'}, "
                 f"declarer: {state.get('declarer') or '-'}")
    score = result.get("score")
    if score:
        lines.append(f"score: {score['declarer_side']:+d} for declarer's side "
                     f"(NS {score['NS']:+d}, EW {score['EW']:+d})")
    return "\n".join(lines)
