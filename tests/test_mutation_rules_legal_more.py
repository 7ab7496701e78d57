"""More tests for the surviving mutants of centurion/rules/legal.py (issue 22, docs/mutation.md): the odds the
search gives a drifting vehicle and a one-hex-rule move with the vehicle's damage. Expected values from RULES.md
(CEN-SPD-1: target 5 - ceil(over / 2) plus damage modifiers; CEN-SPD-3: a lost TS&R halves every limit;
CEN-TER-1: light woods 2 VP, limit 8) and book-a §13.2 (driver out: straight on, piloting fails on 2+); not from
the code. Maps are built in each test (the step tables are cached on the map, see tests/test_mutation_rules_legal.py).
"""

from __future__ import annotations

from fractions import Fraction

from test_legal_moves_oracle import assert_matches_oracle, oracle
from test_mutation_rules_legal import V2, V3

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, parse_label
from centurion.rules import GravState, legal_grav_moves

HORATIUS = vehicle_types()["horatius"]


def test_CEN13_SPD3_a_drift_with_the_TSR_lost_rolls_where_the_halved_limit_is_passed():
    """Driver out at velocity 6, straight up a column with light woods in 0227: 1+1+1+2+1 VP, ending in 0225.
    Light woods' limit 8 halves to 4 with the TS&R lost: one roll, which only a 1 passes (driver out): 1/10.
    With the TS&R working, 6 is within 8: no roll."""
    def ends(tsr_lost):
        m = map_from_rows(["..."] * 26 + [".l."] + ["..."] * 3)
        s = GravState(parse_label("0230"), 0, velocity=6, driver_out=True, tsr_lost=tsr_lost)
        return legal_grav_moves(s, HORATIUS, m)

    (e,) = ends(True)
    assert (e.hex, e.grounded, e.velocity_min, e.velocity_max) == (parse_label("0225"), False, 6, 6)
    assert (e.p_no_damage, e.rolls) == (Fraction(1, 10), 1)
    (e,) = ends(False)
    assert (e.hex, e.p_no_damage, e.rolls) == (parse_label("0225"), Fraction(1), 0)


def matches_oracle(rows, elevation, vehicle, state) -> None:
    """legal_grav_moves gives exactly the brute-force oracle's end states, velocity ranges and best paths
    (tests/test_legal_moves_oracle.py: every move tried through resolve_grav_move)."""
    want = oracle(state, vehicle, map_from_rows(rows, elevation))
    assert_matches_oracle(map_from_rows(rows, elevation), vehicle, state, want)


# heavy woods 3 and 5 levels up from a clear strip: entering 0102 from 0103 costs 3 + 3 VP (CEN-TER-1)
UP_HEAVY = (["hhh", "hhh", "...", "..."], ["555", "333", "000", "000"])


def test_GRAV3_SPD3_a_one_hex_rule_move_with_the_TSR_lost_rolls_at_the_halved_limit():
    """Velocity 4 into 0102 (6 VP): only by the one-hex rule. Heavy woods' limit 6 halves to 3 with the TS&R lost
    (CEN-SPD-3), so the entry rolls (target 5 - ceil(1 / 2) = 4) and the move may still end flying there."""
    state = GravState.of(V2, parse_label("0103"), 0, 4, tsr_lost=True)
    matches_oracle(*UP_HEAVY, V2, state)


def test_GRAV3_SPD1_a_one_hex_rule_move_counts_the_piloting_modifier():
    """The same with damage modifiers of -2 on the Piloting Skill Roll (CEN-SPD-1)."""
    state = GravState.of(V2, parse_label("0103"), 0, 4, tsr_lost=True, piloting_modifier=-2)
    matches_oracle(*UP_HEAVY, V2, state)


def test_GRAV2_the_rough_map_with_the_TSR_lost_cheapest_paths_break_ties_by_odds():
    """Woods and buildings (different speed limits), velocity 3 with the TS&R lost: paths of equal thrust to one
    end differ in their odds; the cheapest is the likeliest of them (docs/decisions.md)."""
    rows = [".l..h.", "..b...", ".h..l.", "......", "..lb..", "......"]
    matches_oracle(rows, None, V2, GravState.of(V2, Hex(0, 3), 3, 3, tsr_lost=True))


def test_GRAV1_a_vehicle_of_6_thrust_points_may_slow_to_0_from_three_velocities():
    """A Horatius (6 TP) from a standstill on a small clear map: velocities 1, 2 and 3 can each be decelerated to 0
    within its thrust (CEN-GRAV-1) and ground without damage (CEN-GRD-1); the search keeps them all apart."""
    matches_oracle(["...", "...", "..."], None, HORATIUS, GravState.of(HORATIUS, parse_label("0202"), 0, 0))


def test_GRAV2_safest_paths_on_heavy_woods_slopes_with_the_TSR_lost():
    """Velocity 3 down from the top of heavy woods with the TS&R lost: the likeliest path to each end beats a
    cheaper, riskier one (safest: most likely to take no damage, then least thrust)."""
    matches_oracle(*UP_HEAVY, V2, GravState.of(V2, parse_label("0101"), 3, 3, tsr_lost=True))


def test_GRAV2_the_rough_map_at_velocity_5_cheapest_paths_weigh_odds_before_the_number_of_rolls():
    """A Viper of 3 TP at velocity 5 with the TS&R lost on woods and buildings: among the cheapest paths to an end,
    the likeliest wins, not the one with fewest rolls (docs/decisions.md: least thrust, then no damage, then odds)."""
    rows = [".l..h.", "..b...", ".h..l.", "......", "..lb..", "......"]
    matches_oracle(rows, None, V3, GravState.of(V3, Hex(0, 0), 3, 5, tsr_lost=True))

