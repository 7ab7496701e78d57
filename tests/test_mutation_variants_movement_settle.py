"""Mutation kill tests for centurion/variants/movement.py (the variant legal-moves search), survivors left "not
shown equivalent" in docs/mutation.md (issue 22). Expected values come from the brute force of
tests/test_mutation_variant_moves.py (every step sequence resolved by `resolve_variant_move`) and RULES.md.
"""

from __future__ import annotations

from test_mutation_variant_moves import brute_force_ends, search_ends
from test_mutation_variants_movement import assert_end_resolves

from centurion.data import map_from_rows, vehicle_types
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
