"""Mutation kill tests for centurion/variants/movement.py (the variant legal-moves search), survivors left "not
shown equivalent" in docs/mutation.md (issue 22). Expected values come from the brute force of
tests/test_mutation_variant_moves.py (every step sequence resolved by `resolve_variant_move`) and RULES.md.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from types import MappingProxyType

from test_mutation_variant_moves import assert_search_is_the_brute_force, brute_force_ends, search_ends
from test_mutation_variants_movement import assert_end_resolves

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.hexgrid import from_offset, neighbor
from centurion.rules import GravState
from centurion.variants import RuleSet

VIPER = vehicle_types()["viper"]


def assert_search_covers_the_brute_force(state, vehicle, m, rules, accel):
    """The brute force's ends, each as safe and cheap in the search; the brute force bounds a path at
    |velocity| + acceleration + 1 hexes, so past a 0-VP hex the search may also end with a last turn it cuts off."""
    got, ends = search_ends(state, vehicle, m, rules, accel)
    want = brute_force_ends(state, vehicle, m, rules, accel)
    assert set(want) <= set(got)
    for key in want:
        assert got[key] == want[key], key
    for e in ends:
        assert_end_resolves(state, e, m, vehicle, rules)
        assert (e.hex, e.facing, e.grounded) in want or e.move.steps[-1] in ("L", "R")
    return ends


def test_VAR_LATERAL_at_velocity_1_a_shift_after_a_0_VP_hex_goes_to_its_own_side():
    # RULES.md CEN-GRAV-2: two levels down costs 0 VP, so at velocity 1 the Viper still has its 1 VP after 'F' and
    # has gone one straight hex (CEN-GRAV-4 at velocity 1): VAR-LATERAL lets it shift. SL goes forward-left, facing
    # unchanged. With its right vane lost (book-a 13) it cannot turn right, so nothing reaches the forward-right hex
    # facing north: the search once took the shift's side from `v > 1`, sending SL to the right at velocity 1.
    m = map_from_rows(["...", "...", "...", "..."], ["000", "000", "000", "020"])
    state = GravState.of(VIPER, from_offset(2, 4), 0, 1, right_vane_lost=True)
    ends = assert_search_covers_the_brute_force(state, VIPER, m, RuleSet.from_names(["VAR-LATERAL"]), 0)
    low = neighbor(state.hex, 0)
    shifted = {(e.hex, e.grounded) for e in ends if e.facing == 0 and e.move.steps == ("F", "SL")}
    assert shifted == {(neighbor(low, 5), False), (neighbor(low, 5), True)}
    assert not any(e.hex == neighbor(low, 1) and e.facing == 0 for e in ends)


def test_VAR_MOVETYPE_thrust_a_path_over_the_thrust_does_not_take_the_safest_paths_place():
    # Viper at velocity 4 with half its thrust lost (max thrust 4, book-a 13), VAR-MOVETYPE 'thrust': heavy woods
    # cost 2 TP more (the Variant Terrain Table), buildings at speed limit 2 (a table given) roll the Piloting Skill
    # Roll at 4, target 4: 2 in 5 (CEN-SPD-1). To 0303 facing north: through both heavy woods before it (no roll)
    # needs 6 TP, over the 4; through one building and one heavy woods 4 TP, 2/5; through two buildings 2 TP, 4/25.
    # The safest legal path is the middle one; the search once let the 6-TP path take that end's slot (the thrust
    # bound of an F step loosened) and the end fell back to the cheapest path.
    base = terrain_table()
    table = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "building": dataclasses.replace(base["building"], speed_limit=2)}))
    m = map_from_rows(["....", "....", ".bh.", ".bh.", "..h.", "...."])
    state = GravState.of(VIPER, from_offset(2, 6), 0, 4, thrust_quarters_lost=2)
    assert state.max_thrust(VIPER) == 4
    ends = assert_search_is_the_brute_force(state, VIPER, m, RuleSet.from_names(["VAR-MOVETYPE:thrust"]), 0,
                                            table=table)
    end = next(e for e in ends if (e.hex, e.facing, e.grounded) == (from_offset(3, 3), 0, False))
    assert (end.p_no_damage, end.thrust_used) == (Fraction(2, 5), 4)


def test_VAR_MOVETYPE_thrust_a_grounding_comes_from_the_safest_path_that_keeps_the_thrust_to_stop():
    # Three ways to 0303 at velocity 4, VAR-MOVETYPE 'thrust', buildings at speed limit 2 (2 in 5 a roll, CEN-SPD-1):
    # through both heavy woods 4 TP (no roll), through a building and a heavy woods 2 TP (2/5), through both
    # buildings 0 TP (4/25). Grounding without damage needs the 4 TP of deceleration still in hand (CEN-GRD-1,
    # CEN-GRAV-1): the safest path that keeps them is the middle one. With max thrust 6 it keeps exactly 4; with
    # max thrust 8 after accelerating 1 from velocity 3 the 4-TP path keeps only 3.
    base = terrain_table()
    table = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "building": dataclasses.replace(base["building"], speed_limit=2)}))
    m = map_from_rows(["....", "....", ".b..", ".bh.", "..h.", "...."])
    rules = RuleSet.from_names(["VAR-MOVETYPE:thrust"])
    for quarters, velocity, accel, thrust in ((1, 4, 0, 6), (0, 3, 1, 7)):
        state = GravState.of(VIPER, from_offset(2, 6), 0, velocity, thrust_quarters_lost=quarters)
        ends = assert_search_is_the_brute_force(state, VIPER, m, rules, accel, table=table)
        down = next(e for e in ends if (e.hex, e.facing, e.grounded) == (from_offset(3, 3), 0, True))
        assert (down.p_no_damage, down.thrust_used, down.move.decelerate) == (Fraction(2, 5), thrust, 4)
