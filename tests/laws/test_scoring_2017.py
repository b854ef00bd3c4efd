"""Scoring under the 2017 code: the Law 77 table (whole grid against endplay), the Law 78 scale,
the artificial scores of 12C2 (and their 1987 letters 12C1 / 86A), the assigned and weighted
scores of 12C1(b)-(c), and the ``director adjust`` events that carry them in a case."""

from __future__ import annotations

from fractions import Fraction

import pytest
from endplay.types import Contract as EPContract
from endplay.types import Denom, Penalty, Player, Vul

from generator.errors import ParseError
from generator.laws import law12, law77, law78, law86
from generator.laws.law12 import Responsibility
from generator.laws.law77 import ALTERNATIVE_1987, LAW77, TABLES, score_grid, table_for
from generator.laws.refs import law_index
from generator.model import Contract, Doubling, Strain
from generator.table.events import Judgement, parse_event

_DENOM = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts,
          Strain.S: Denom.spades, Strain.NT: Denom.nt}
_PENALTY = {Doubling.NONE: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
            Doubling.REDOUBLED: Penalty.redoubled}


def endplay_score(level: int, strain: Strain, doubling: Doubling, vul: bool, tricks: int) -> int:
    """endplay's score of one cell (declarer North), an implementation independent of ours."""
    contract = EPContract(level=level, denom=_DENOM[strain], declarer=Player.north,
                          penalty=_PENALTY[doubling], result=tricks - (level + 6))
    return int(contract.score(Vul.both if vul else Vul.none))


# --- Law 77 ------------------------------------------------------------------------------------


def test_whole_2017_grid_agrees_with_endplay() -> None:
    """Law 77 (2017): all 2940 cells (levels 1-7, five strains, undoubled / X / XX, both
    vulnerabilities, 0-13 tricks) equal endplay's modern score."""
    cells = list(score_grid("2017"))
    assert len(cells) == 2940
    mismatches = [cell for cell in cells if cell[5] != endplay_score(*cell[:5])]
    assert mismatches == []


def test_the_2017_table_is_its_own_object_citing_law_77() -> None:
    """The 2017 table is separate data with one Law 77 citation per value, and the 2017 index
    holds that citation."""
    table = table_for("2017")
    assert table is TABLES["2017"] and table is not TABLES["1987"]
    assert table.edition == "2017"
    items = list(table.items())
    assert len(items) == 30
    assert {ref for _, _, ref in items} == {LAW77}
    assert "77" in law_index("2017")
    assert (table.redouble_insult, table.nv_doubled_fourth_plus) == (100, 300)


def test_1987_and_2017_tables_agree_under_the_1987_reading() -> None:
    """2017 spec §9.1: the 2017 table is the 1987 one with the two [M] cells at 100 / 300, which
    is the 1987 reading the engine takes; so no value and no grid cell differs."""
    assert law77.table_differences(TABLES["1987"], TABLES["2017"]) == []
    assert [c[5] for c in score_grid("1987")] == [c[5] for c in score_grid("2017")]


def test_the_older_1987_reading_differs_from_2017_in_exactly_two_values() -> None:
    """With the older 1987 reading the tables differ in the redoubled insult (50 / 100) and the
    non-vulnerable 4th+ doubled undertrick (200 / 300), and so in 1NTXX-4 not vulnerable:
    1400 against 1600."""
    older = table_for("1987", **ALTERNATIVE_1987)
    assert law77.table_differences(older, TABLES["2017"]) == [
        ("redouble_insult", 50, 100), ("nv_doubled_fourth_plus", 200, 300)]
    contract = Contract.parse("1NTXX")
    assert law77.duplicate_score(contract, False, 3, table=older) == -1400
    assert law77.duplicate_score(contract, False, 3, edition="2017") == -1600
    differing = sum(1 for a, b in zip(score_grid(table=older), score_grid("2017"), strict=True)
                    if a[5] != b[5])
    # redoubled and made: (8 - level) trick counts per level, 28 x 5 strains x 2 vulnerabilities
    # = 280; not vulnerable, doubled or redoubled, four or more down: (level + 3) trick counts
    # per level, 49 x 5 strains x 2 doublings = 490
    assert differing == 280 + 490


@pytest.mark.parametrize(("text", "vul", "tricks", "expected"), [
    ("1NTXX", False, 3, -1600),  # 200 + 400 + 400 + 600: the 4th undertrick redoubled is 600
    ("4SXX", True, 10, 1080),  # 480 + 500 game + 100 for making it redoubled
    ("3NTX", False, 5, -800),  # 100 + 200 + 200 + 300
    ("7NTX", True, 13, 2490),
    ("2HX", False, 9, 570),  # 120 (a game) + 300 + 100 overtrick + 50
])
def test_2017_spot_scores(text: str, vul: bool, tricks: int, expected: int) -> None:
    """Law 77 (2017) spot checks, each summed by hand in the comment."""
    assert law77.duplicate_score(Contract.parse(text), vul, tricks, edition="2017") == expected


# --- Law 78 ------------------------------------------------------------------------------------


def test_2017_imp_scale_is_the_same_scale_cited_78b() -> None:
    """2017 spec §9.2: the same 0-24 scale, cited 78B (in the 2017 index)."""
    assert law78.imp_scale("2017").thresholds == law78.imp_scale("1987").thresholds
    assert law78.imp_scale("2017").law == law78.LAW78B
    assert "78B" in law_index("2017")
    assert law78.imps(720, "2017") == 12
    assert law78.imps(-1600 - 620, "2017") == -19  # 2220 lies in 2000-2240


# --- Law 12C2 / 86: artificial scores ----------------------------------------------------------


def test_artificial_values_are_the_same_and_the_letters_move() -> None:
    """60/50/40 % and +3/0/-3 IMPs in both codes; 1987 cites 12C1 and 86A, 2017 12C2a and
    12C2b (never 86A, which the 2017 index does not hold)."""
    for resp, pct, imp in ((Responsibility.NONE, 60, 3), (Responsibility.PARTLY, 50, 0),
                           (Responsibility.DIRECTLY, 40, -3)):
        for edition in ("1987", "2017"):
            assert law12.artificial_score_pairs(resp, edition) == pct
            assert law86.artificial_score_imps(resp, edition) == imp
    assert [str(r) for r in law86.artificial("average_plus", "teams", "1987").laws] == \
        ["12C1", "86A"]
    assert [str(r) for r in law86.artificial("average_plus", "teams", "2017").laws] == \
        ["12C2a", "12C2b"]
    assert [str(r) for r in law86.artificial("average_minus", "pairs", "2017").laws] == ["12C2a"]
    index = law_index("2017")
    for refs in law86.LAWS["2017"].values():
        assert all(str(ref) in index for ref in refs)


def test_artificial_awards_are_independent_per_pair() -> None:
    """12C2(c) (2017) / 12C1 (1987): both pairs may be in no way at fault."""
    both = law86.artificial_awards({"NS": "avg+", "EW": "avg+"}, "2017")
    assert both["pairs"] == {"NS": 60, "EW": 60}
    assert both["teams"] == {"NS": 3, "EW": 3}
    one = law86.artificial_awards({"NS": "avg-", "EW": "avg+"}, "1987")
    assert one["laws"] == ["12C1", "86A"]
    assert one["teams"] == {"NS": -3, "EW": 3}
    with pytest.raises(law77.ScoringError):
        law86.artificial_awards({"NS": "avg++", "EW": "avg"}, "2017")


def test_the_2017_imp_award_comes_from_its_switch() -> None:
    """12C2(b): the organiser may vary the IMP award; the 2017 table is built from the switch."""
    assert law86.IMP_AWARD_2017 == 3
    assert law86.TEAMS_IMPS["2017"][Responsibility.NONE] == law86.IMP_AWARD_2017


# --- Law 12C1 (2017): assigned and weighted scores -----------------------------------------


def outcomes() -> list[law12.Outcome]:
    return [law12.parse_outcome("4H= NS+620", "0.4"), law12.parse_outcome("4HX-1 NS-200", "0.6")]


def test_weighted_score_is_the_weighted_average() -> None:
    """12C1(c): 0.4 x 620 + 0.6 x -200 = 248 - 120 = 128 for North-South, exactly."""
    assert law12.weighted_score(outcomes()) == 128
    thirds = [law12.parse_outcome("3NT= NS+400", "1/3"), law12.parse_outcome("3NT-1 NS-50", "2/3")]
    assert law12.weighted_score(thirds) == Fraction(300, 3) == 100


def test_weighted_imps_weight_the_imps_not_the_scores() -> None:
    """12C1(c) at IMPs, against +170 at the other table: 620-170 = 450 is 10 IMPs, -200-170 =
    -370 is -9 IMPs; 0.4 x 10 + 0.6 x -9 = -1.4 IMPs. IMPing the weighted score (128 - 170 =
    -42) would give -1: the two methods differ, which is why each outcome is IMPed first."""
    assert law12.weighted_imps(outcomes(), 170) == Fraction(-7, 5)
    assert law78.imps(128 - 170, "2017") == -1


def test_weighted_matchpoints() -> None:
    """12C1(c) at matchpoints against a field of +620, -200, +170: +620 ties one and beats two
    (5), -200 ties one (1); 0.4 x 5 + 0.6 x 1 = 2.6 on a top of 6."""
    assert law12.weighted_matchpoints(outcomes(), [620, -200, 170]) == Fraction(13, 5)


def test_assigned_rectification_per_edition() -> None:
    """2017: the weighted score, citing 12C1b and 12C1c. 1987 12C2: the non-offenders get the
    best result for them, the offenders the worst for them (EW offending: NS +620)."""
    new = law12.assigned(outcomes(), "2017")
    assert new["laws"] == ["12C1b", "12C1c"]
    assert new["score"] == {"NS": 128, "EW": -128}
    assert [w["weight"] for w in new["weights"]] == [0.4, 0.6]  # type: ignore[index]
    old = law12.assigned(outcomes(), "1987", offenders="EW")
    assert old["laws"] == ["12C2"]
    assert old["score"] == {"NS": 620, "EW": -620}
    assert law12.assigned(outcomes(), "1987", offenders="NS")["score"] == {"NS": -200, "EW": 200}
    with pytest.raises(law77.ScoringError):
        law12.assigned(outcomes(), "1987")  # 1987 needs the offenders
    single = law12.assigned([law12.parse_outcome("4H= NS+620")], "2017")
    assert single["laws"] == ["12C1b"] and single["score"] == {"NS": 620, "EW": -620}


def test_the_old_standard_switch_applies_the_1987_rule_under_2017() -> None:
    """The [M] RA option: with ``likely_at_all_probable`` the 2017 assigned score is not
    weighted but best-for-the-innocent, cited 12C1b."""
    alt = law12.assigned(outcomes(), "2017", offenders="NS", standard="likely_at_all_probable")
    assert alt["score"] == {"NS": -200, "EW": 200}
    assert alt["laws"] == ["12C1b"]


def test_weights_and_results_are_checked() -> None:
    """Weights sum to 1; a result's score must be one Law 77 gives it (either side declaring)."""
    with pytest.raises(law77.ScoringError, match=r"sum to 0\.8"):
        law12.weighted_score([law12.parse_outcome("4H= NS+620", "0.4"),
                              law12.parse_outcome("4HX-1 NS-200", "0.4")])
    for bad in ("4H= NS+600", "8H= NS+10", "4H+4 NS+710", "4H NS+620"):
        with pytest.raises(law77.ScoringError):
            law12.parse_outcome(bad)
    for bad_weight in ("0", "1.5", "x"):
        with pytest.raises(law77.ScoringError):
            law12.parse_outcome("4H= NS+620", bad_weight)
    assert law12.parse_outcome("4H= EW-420").ns_score == 420  # EW's -420 is NS's +420
    assert law12.parse_outcome("4HX-1 EW+100").ns_score == -100


def test_the_2017_index_holds_every_clause_the_scoring_laws_cite() -> None:
    index = law_index("2017")
    for ref in ("12C1b", "12C1c", "12C2a", "12C2b", "77", "78A", "78B", "86B1"):
        assert ref in index
    assert "86A" not in index


# --- the director's adjust events (case format, spec §11.2) -------------------------------------


def test_adjust_assigned_event_parses_and_prints_back() -> None:
    text = 'director adjust assigned "4H= NS+620" weight 0.4 "4HX-1 NS-200" weight 0.6'
    event = parse_event(text)
    assert isinstance(event, Judgement)
    assert event.verdict == "adjust"
    assert event.adjustment == "assigned"
    assert event.results == (("4H= NS+620", "0.4"), ("4HX-1 NS-200", "0.6"))
    assert str(event) == text
    assert parse_event(str(event)) == event
    single = parse_event('director adjust assigned "3NT+1 EW+430"')
    assert isinstance(single, Judgement) and single.results == (("3NT+1 EW+430", None),)


def test_adjust_artificial_event_parses_and_prints_back() -> None:
    event = parse_event("director adjust artificial NS avg+ EW avg-")
    assert isinstance(event, Judgement)
    assert event.adjustment == "artificial"
    assert event.awards == (("NS", "avg+"), ("EW", "avg-"))
    assert str(event) == "director adjust artificial NS avg+ EW avg-"


@pytest.mark.parametrize("text", [
    "director adjust",
    "director adjust assigned",
    'director adjust assigned "4H= NS+600"',
    'director adjust assigned "4H= NS+620" weight 0.4',
    'director adjust assigned "4H= NS+620" weight',
    "director adjust artificial NS avg+",
    "director adjust artificial NS avg+ NS avg-",
    "director adjust artificial NS best EW avg-",
    'director adjust assigned "4H= NS+620',
])
def test_bad_adjust_events_are_parse_errors(text: str) -> None:
    with pytest.raises(ParseError):
        parse_event(text)


def test_adjust_event_to_rectification_per_edition() -> None:
    """The rectification an adjust event stands for, under each code."""
    event = parse_event('director adjust assigned "4H= NS+620" weight 0.4 "4HX-1 NS-200" '
                        'weight 0.6')
    assert isinstance(event, Judgement)
    new = law12.adjustment(event, "2017")
    assert new["kind"] == "adjusted_score" and new["law"] == "12C1b"
    assert new["score"] == {"NS": 128, "EW": -128}
    old = law12.adjustment(event, "1987", offenders="NS")
    assert old["law"] == "12C2" and old["score"] == {"NS": -200, "EW": 200}
    art = parse_event("director adjust artificial NS avg+ EW avg-")
    assert isinstance(art, Judgement)
    assert law12.adjustment(art, "2017")["law"] == "12C2a"
    assert law12.adjustment(art, "1987")["law"] == "12C1"


def test_apply_adjustment_puts_the_score_into_a_ruling() -> None:
    """The director's adjust event in a ruling: under 2017 the weighted score citing 12C1b and
    12C1c; under 1987 (East offending) North-South's best result, citing 12C2; an artificial
    score under 2017 cites 12C2a and 12C2b, never 86A."""
    from generator.laws.ruling import Ruling
    from generator.model.seat import Seat

    event = parse_event('director adjust assigned "4H= NS+620" weight 0.4 "4HX-1 NS-200" '
                        'weight 0.6')
    assert isinstance(event, Judgement)
    new = Ruling(irregularity=0, edition="2017", kind="insufficient_bid", offender=Seat.E)
    rect = law12.apply_adjustment(new, event).to_dict()
    assert rect["kind"] == "adjusted_score" and rect["adjustment"] == "assigned"
    assert rect["score"] == {"NS": 128, "EW": -128} and rect["law"] == "12C1b"
    assert new.laws == ["12C1b", "12C1c"]
    old = Ruling(irregularity=0, edition="1987", kind="insufficient_bid", offender=Seat.E)
    rect = law12.apply_adjustment(old, event).to_dict()
    assert rect["score"] == {"NS": 620, "EW": -620} and old.laws == ["12C2"]
    art = parse_event("director adjust artificial NS avg+ EW avg-")
    assert isinstance(art, Judgement)
    ruling = Ruling(irregularity=0, edition="2017", kind="insufficient_bid", offender=Seat.E)
    rect = law12.apply_adjustment(ruling, art).to_dict()
    assert rect["pairs"] == {"NS": 60, "EW": 40} and rect["teams"] == {"NS": 3, "EW": -3}
    assert ruling.laws == ["12C2a", "12C2b"]
