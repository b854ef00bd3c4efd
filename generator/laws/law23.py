"""Law 23 (1987): the damaging enforced pass.

23A: when a penalty obliges the offender's partner to pass and the director judges that the
offender could have known at the time that this would likely damage the non-offending side, the
auction and play go on and the director may adjust the score afterwards. 23B is referred to by
Law 30A when, after a pass out of rotation before any bid, the offender's partner opens the
bidding; its 1987 text was not seen ([M]), so the engine only flags the situation for the director.

The engine cannot judge what the offender could have known: it flags, it does not adjust.
"""

from __future__ import annotations

from generator.laws.ruling import Ruling


def enforced_pass(ruling: Ruling) -> None:
    """Flag a possible damaging enforced pass: 1987 23A; under 2017 the same point is Law 72C
    (the offender could have known that his irregularity might damage the other side), spec
    2017 §14."""
    ruling.flag("enforced_pass_may_damage", "72C" if ruling.edition == "2017" else "23A")


def partner_opened_after_pass(ruling: Ruling) -> None:
    """Flag the 23B situation: the offender's partner opened after a cancelled pass."""
    ruling.flag("partner_opened_after_cancelled_pass", "23B")


# --------------------------------------------------------------------------- 2017: 23A-C
#
# The 2017 Law 23 is another law: the *comparable call*. A call that replaces a withdrawn call
# (an insufficient bid, a call out of rotation, a cancelled call) is comparable when it has the
# same or a similar meaning (23A1), shows a subset of the meanings the withdrawn call could have
# had (23A2), or has the same purpose (23A3). After a comparable call there is no further
# rectification and the information from the withdrawn call is not unauthorised (23B); if the
# non-offenders were damaged all the same, the director adjusts at the end of play (23C).
#
# Which call is comparable is the director's judgement. The engine decides it only from what the
# case states (``meanings:``, generator.model.meaning) or from a ``director comparable`` /
# ``director not_comparable`` event; otherwise the ruling offers both branches to the director
# ("TD" option) and flags 23A. Readings taken (spec 2017 §11.2):
#
# * 23A1 "same" is equality of the stated constraints; "similar" beyond equality is judgement,
#   stated only by ``director comparable 23A1``;
# * 23A2: every constraint of the withdrawn meaning holds for the replacement (each interval of
#   the replacement inside the withdrawn one's; a forcing withdrawn call needs a forcing
#   replacement); with several attributable readings, inside at least one of them;
# * 23A3: both meanings state the same ``purpose``;
# * with both meanings stated, a replacement that meets none of the three is not comparable
#   (:data:`UNSTATED_SIMILARITY_IS_JUDGEMENT` off would leave it to the director instead).

from generator.model.meaning import Meaning  # noqa: E402  (the 2017 half of the module)

UNSTATED_SIMILARITY_IS_JUDGEMENT = False


def _inside(inner: tuple[int, int] | None, outer: tuple[int, int] | None) -> bool:
    if outer is None:
        return True
    if inner is None:
        return False
    return outer[0] <= inner[0] and inner[1] <= outer[1]


def subset(replacement: Meaning, withdrawn: Meaning) -> bool:
    """23A2: every constraint of ``withdrawn`` holds for ``replacement``."""
    if not _inside(replacement.hcp, withdrawn.hcp):
        return False
    if any(not _inside(replacement.suit(s), interval) for s, interval in withdrawn.suits):
        return False
    if withdrawn.forcing and replacement.forcing != withdrawn.forcing:
        return False
    return not (withdrawn.purpose and replacement.purpose != withdrawn.purpose)


def same(replacement: Meaning, withdrawn: Meaning) -> bool:
    """23A1 "same": the stated constraints are equal (labels aside)."""
    keys = ("hcp", "suits", "purpose", "forcing", "specifies", "controls", "shortness")
    return all(getattr(replacement, k) == getattr(withdrawn, k) for k in keys)


def decide(withdrawn: Meaning | None, replacement: Meaning | None
           ) -> tuple[bool, str] | None:
    """Whether ``replacement`` is comparable with ``withdrawn`` and the clause that says so
    (``(True, "23A2")``, ``(False, "23A")``), or ``None`` when the case does not state enough
    for the engine to decide (the director's judgement is then asked for)."""
    if withdrawn is None or replacement is None:
        return None
    readings = withdrawn.readings
    if any(same(replacement, w) for w in readings):
        return True, "23A1"
    if any(subset(replacement, w) for w in readings):
        return True, "23A2"
    if replacement.purpose and any(w.purpose == replacement.purpose for w in readings):
        return True, "23A3"
    if UNSTATED_SIMILARITY_IS_JUDGEMENT:
        return None
    return False, "23A"
