"""Mutation kill tests for the variant legal-moves search, centurion/variants/movement.py (issue 22,
docs/mutation.md): the survivors of its full run on the current code.

Each case compares `variant_end_states` with the brute force of tests/test_mutation_variant_moves.py (every step
sequence resolved by `resolve_variant_move`, flying and grounded after every deceleration; RULES.md VAR-LATERAL,
VAR-EMERGENCY, VAR-MOVETYPE, CEN-GRAV-1..6), in situations the earlier cases did not reach: a start from the
ground, a crater or a lake at velocity 6 (CEN-GRAV-6), from velocity 0 in another facing, a lost vane (CEN-CMB-1),
VAR-EMERGENCY without VAR-LATERAL, the thrust left after an acceleration, a hex dearer than the VP left (CEN-GRAV-3),
the resolver's way with a terrain table. The brute force never calls the search; its answers are kept per case
(the resolver is not what these tests mutate).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from types import MappingProxyType

import pytest
from test_mutation_variant_moves import brute_force_ends, search_ends
from test_mutation_variants_movement import assert_end_resolves

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.hexgrid import from_offset
from centurion.rules import GravState
from centurion.rules.grav import Refusal
from centurion.variants import RuleSet, VariantMove, resolve_variant_move, variant_end_states

LIB = vehicle_types()["liberator"]  # max thrust 6
VIPER = vehicle_types()["viper"]  # max thrust 8
LUPUS = vehicle_types()["lupus"]  # max thrust 9: lifts from a crater or a lake at 8 and still has 1 TP for a shift
BOTH = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
LATERAL = RuleSet.from_names(["VAR-LATERAL"])
EMERGENCY = RuleSet.from_names(["VAR-EMERGENCY"])
THRUST = RuleSet.from_names(["VAR-MOVETYPE:thrust"])
THRUST_LATERAL = RuleSet.from_names(["VAR-MOVETYPE:thrust", "VAR-LATERAL"])
THRUST_BOTH = RuleSet.from_names(["VAR-MOVETYPE:thrust", "VAR-LATERAL", "VAR-EMERGENCY"])
BURN = RuleSet.from_names(["VAR-MOVETYPE:burn"])
BURN_BOTH = RuleSet.from_names(["VAR-MOVETYPE:burn", "VAR-LATERAL", "VAR-EMERGENCY"])

CLEAR = map_from_rows(["....", "....", "....", "...."])
SMALL = map_from_rows(["...", ".l.", "...", "..."])  # light woods: a piloting roll at velocity 6 (CEN-SPD)
TALL = map_from_rows(["....", ".l..", "....", "....", "....", "...."])  # room to spend 6 VP
WOODS = map_from_rows([".l...", "..h..", ".l.l.", ".....", "....."], ["00100", "00000", "01000", "00000", "00000"])
LAKE = map_from_rows(["....", ".l..", "....", "....", "....", ".w.."])
ALL_WOODS = map_from_rows(["lll"] * 5)
TIE = map_from_rows(["ll.l", ".ll.", "l...", "....", "..l."], ["0000", "1000", "1010", "1020", "0102"])  # (a hunt's)
OVER = map_from_rows(["..l", "h..", "lll", ".ll", "..h"], ["000", "100", "010", "102", "200"])  # (a hunt's)
HEAVY = map_from_rows(["...", "...", ".h.", "...", "...", "..."])  # heavy woods: 2 TP under VAR-MOVETYPE:thrust
CLIFF = map_from_rows(["...", "...", ".h.", "..."], ["000", "000", "050", "000"])  # 8 VP: the one-hex rule at 6
# two levels down into the top row: entering it costs 0 VP (CEN-TER-2), which no VP left still forbids (CEN-GRAV-2)
DOWNHILL = map_from_rows(["...", "...", "...", ".l.", "...", "..."], ["000", "222", "222", "222", "222", "222"])
_BASE = terrain_table()
SLOW = dataclasses.replace(_BASE, terrain=MappingProxyType({  # light woods at speed limit 1 (a table given)
    **_BASE.terrain, "light_woods": dataclasses.replace(_BASE["light_woods"], speed_limit=1)}))
_LW = _BASE["light_woods"]
NO_GRAV = dataclasses.replace(_BASE, terrain=MappingProxyType({  # a table in which grav vehicles cannot enter woods
    **_BASE.terrain, "light_woods": dataclasses.replace(_LW, vp=MappingProxyType({**_LW.vp, "grav": None}))}))
TALL5 = map_from_rows(["...", ".l.", "...", "...", "..."])


def at(vehicle, col, row, facing, velocity, **kw):
    return GravState.of(vehicle, from_offset(col, row), facing, velocity, **kw)


CASES = {
    "groundings at speed": (at(VIPER, 2, 4, 0, 4), VIPER, SMALL, BOTH, 2, {"table": SLOW}),
    "lost left vane": (at(LIB, 2, 4, 0, 2, left_vane_lost=True), LIB, CLEAR, BOTH, 0, {}),
    "emergency alone": (at(VIPER, 2, 4, 0, 6), VIPER, SMALL, EMERGENCY, 0, {}),
    "resolve each, table": (at(VIPER, 2, 4, 0, 6), VIPER, SMALL, BOTH, 0, {"table": SLOW, "resolve_each": True}),
    "movetype thrust, table": (at(LIB, 2, 4, 0, 2), LIB, SMALL, THRUST_LATERAL, 0, {"table": SLOW}),
    "movetype thrust, woods": (at(LIB, 3, 5, 0, 3), LIB, WOODS, THRUST, 0, {}),
    "movetype at velocity 1, map edge behind": (at(LIB, 2, 4, 0, 1), LIB, SMALL, THRUST, 0, {}),
    "from velocity 0, facing 3": (at(VIPER, 2, 6, 3, 0), VIPER, TALL, LATERAL, 6, {}),
    "after accelerating 3": (at(LIB, 2, 4, 0, 3), LIB, SMALL, BOTH, 3, {}),
    "velocity 6, woods ahead": (at(VIPER, 2, 6, 0, 6), VIPER, TALL, BOTH, 0, {}),
    "velocity 6, downhill after the last VP": (at(VIPER, 2, 6, 0, 6), VIPER, DOWNHILL, LATERAL, 0, {}),
    "burn, velocity 6, emergency turns": (at(VIPER, 2, 4, 0, 6), VIPER, SMALL, BURN_BOTH, 0, {}),
    "one-hex rule up a cliff, then an emergency turn": (at(VIPER, 2, 4, 0, 6), VIPER, CLIFF, EMERGENCY, 0, {}),
    "movetype thrust, velocity 6, heavy woods": (at(VIPER, 2, 6, 0, 6), VIPER, HEAVY, THRUST_LATERAL, 0, {}),
    "movetype thrust, from the ground": (at(LUPUS, 2, 4, 0, 0, grounded=True), LUPUS, SMALL, THRUST, 3, {}),
    "woods barred to grav (a table given)": (at(VIPER, 2, 5, 0, 6), VIPER, TALL5, LATERAL, 0, {"table": NO_GRAV}),
    "movetype thrust, a basic and a variant path tie": (at(LUPUS, 2, 5, 0, 5), LUPUS, TIE, THRUST_BOTH, 1,
                                                          {"max_emergencies": 1}),
    "movetype thrust, a step over the thrust left": (at(LIB, 2, 5, 0, 4), LIB, OVER, THRUST_LATERAL, 2, {}),
    "lift from the ground": (at(LUPUS, 2, 6, 0, 0, grounded=True), LUPUS, TALL, LATERAL, 7, {}),
    "lift from a crater": (at(LUPUS, 2, 6, 0, 0, grounded=True, in_crater=True), LUPUS, TALL, LATERAL, 8, {}),
    "lift from under water": (at(LUPUS, 2, 6, 0, 0, submerged=True), LUPUS, LAKE, LATERAL, 8, {}),
}


@cache
def expected(name):
    state, vehicle, m, rules, accel, kw = CASES[name]
    return brute_force_ends(state, vehicle, m, rules, accel, kw.get("max_emergencies"), kw.get("table"))


def assert_brute_force(name):
    """The search's ends are the brute force's: the same ends, each with the same chance of no damage, thrust, kind
    (basic or variant) and velocity range; and each end's own move resolves to what it claims. From the ground,
    staying down is the basic engine's own end (no acceleration spent), so it is left out, and only the variant
    ends' thrust is compared (docs/mutation.md, test_mutation_variant_moves)."""
    state, vehicle, m, rules, accel, kw = CASES[name]
    got, ends = search_ends(state, vehicle, m, rules, accel, **kw)
    want = expected(name)
    assert set(got) == set(want)
    down = state.grounded or state.submerged
    for key in want:
        if down and key == (state.hex, state.facing, True):
            continue
        if down and want[key][0][3]:
            assert got[key][0][0] == want[key][0][0], key
        else:
            assert got[key] == want[key], key
    for e in ends:
        assert_end_resolves(state, e, m, vehicle, rules, table=kw.get("table"))
    return ends


@pytest.mark.parametrize("name", list(CASES))
def test_VAR_LATERAL_VAR_EMERGENCY_VAR_MOVETYPE_the_search_is_the_brute_force(name):
    ends = assert_brute_force(name)
    state = CASES[name][0]
    if name == "emergency alone":  # VAR-EMERGENCY without VAR-LATERAL: emergency turns, never a shift
        assert any(e.emergency_thrust for e in ends) and not any(e.lateral_shifts for e in ends)
    if name == "lost left vane":  # CEN-CMB-1: no turn to the left, turns to the right
        assert {e.facing for e in ends} == {0, 1, 2}
    if name.startswith("lift") or name.startswith("from velocity 0"):  # variant ends exist to compare
        assert any(e.variant_rules for e in ends)
    if name.startswith("from velocity 0"):  # the start facing is chosen (CEN-GRAV-4): some shift starts elsewhere
        assert any(e.lateral_shifts and e.move.initial_facing not in (None, state.facing) for e in ends)


def test_VAR_LATERAL_a_search_with_nowhere_to_go_looks_at_one_position():
    # a one-hex map: every step leaves the map (HEX-4) and no turn is due yet (CEN-GRAV-4), so the search has the
    # start to look at and nothing else; a limit of one position is enough, and none is not
    state = at(LIB, 1, 1, 0, 3)
    one = map_from_rows(["."])
    ends = variant_end_states(state, LIB, one, LATERAL, accelerate=0, node_limit=1)
    assert not any(e.variant_rules for e in ends)
    with pytest.raises(ValueError, match="stops at 0 positions"):
        variant_end_states(state, LIB, one, LATERAL, accelerate=0, node_limit=0)


@pytest.mark.parametrize("vehicle, m, velocity, accel", [
    (LIB, ALL_WOODS, 2, 2),  # every TP left slows it to exactly 0: the burn keeps it at 0
    (VIPER, map_from_rows(["lll"] * 8), 2, 4),  # the lowest velocity 2, burned to 0 by six woods hexes
    (VIPER, map_from_rows(["...", "...", "...", "...", ".l.", "...", "...", "..."]), 2, 4),  # one woods hex: 2 to 1
])
def test_VAR_MOVETYPE_burn_each_flying_end_offers_the_velocities_its_own_move_reaches(vehicle, m, velocity, accel):
    # CEN-GRAV-1, -5 and VAR-MOVETYPE 'burn': the light woods' surcharge is burned off the velocity towards 0 after
    # the deceleration; an end's velocity range is every end velocity its own move reaches with a deceleration the
    # thrust left allows (resolved one by one)
    state = at(vehicle, 2, m.rows, 0, velocity)  # the bottom row, facing up the map
    ends = variant_end_states(state, vehicle, m, BURN, accelerate=accel)
    flying = [e for e in ends if not e.grounded]
    assert flying
    for e in flying:
        vs = []
        for d in range(vehicle.max_thrust + 1):
            r = resolve_variant_move(state, dataclasses.replace(e.move, decelerate=d), m, vehicle, BURN)
            if not isinstance(r, Refusal) and not r.basic.grounds:
                vs.append(r.basic.end_velocity)
        assert (e.velocity_min, e.velocity_max) == (min(vs), max(vs)), e


@pytest.mark.parametrize("option", ["thrust", "burn"])
@pytest.mark.parametrize("velocity, row", [(3, 5), (-2, 1)])
def test_CEN_CMB_1_a_driver_out_under_VAR_MOVETYPE_goes_straight_on(option, velocity, row):
    # RULES.md CEN-CMB-1: with the driver out the vehicle flies straight on, no turn, no thrust to slow with. Under
    # VAR-MOVETYPE the basic ends that enter a hex are left to the search; the search was skipped for a driver out,
    # so no end at all was offered (the resolver accepts 'F F F'). The ends are the brute force's: at velocity 3
    # the clear hex before the light woods (entered with the surcharge, CEN-GRAV-3 no longer applies) and the end
    # three hexes on, its velocity only what it is (no deceleration) less what 'burn' burns off
    m = map_from_rows(["...", ".l.", "...", "...", "..."])
    rules = RuleSet.from_names([f"VAR-MOVETYPE:{option}", "VAR-LATERAL"])
    state = at(LIB, 2, row, 0, velocity, driver_out=True)
    got, ends = search_ends(state, LIB, m, rules, 0)
    assert ends and got == brute_force_ends(state, LIB, m, rules, 0)
    assert all(not e.variant_rules and set(e.move.steps) <= {"F", "B"} for e in ends)
    for e in ends:
        assert_end_resolves(state, e, m, LIB, rules)


@pytest.mark.parametrize("damage", ["destroyed", "grav_drive_lost"])
def test_CEN_CMB_1_a_destroyed_vehicle_or_a_lost_grav_drive_has_no_variant_end(damage):
    # a destroyed vehicle or one whose grav drive is lost steers no more: the resolver refuses its moves, a shift
    # too, so the ends are the basic engine's alone, none of them using a variant rule
    from centurion.rules.legal import legal_grav_moves

    state = at(VIPER, 2, 4, 0, 6, **{damage: True})
    assert isinstance(resolve_variant_move(state, VariantMove(0, "F F SL"), SMALL, VIPER, LATERAL), Refusal)
    ends = variant_end_states(state, VIPER, SMALL, BOTH, accelerate=0)
    basic = legal_grav_moves(state, VIPER, SMALL, accelerate=0)
    assert {(e.hex, e.facing, e.grounded) for e in ends} == {(e.hex, e.facing, e.grounded) for e in basic}
    assert not any(e.variant_rules for e in ends)


def test_CEN_GRD_1_a_grounding_that_cannot_avoid_damage_lands_slowed_by_the_thrust_left():
    # light woods at speed limit 1 (a table given) and only 6 of the Viper's 8 TP left after accelerating 2: no path
    # with a shift can still stop from 6, so each grounding there is at speed (no chance of no damage, CEN-GRD-1).
    # Among certain damage the safest lands slowest: every TP left slows it first (book-a E10), so a path with one
    # shift (the acceleration 2 and the shift 1) decelerates the other 5 and lands at 1, all 8 TP used (before
    # session 34 it landed at 6 with 3 TP: least thrust first)
    name = "groundings at speed"
    ends = assert_brute_force(name)
    at_speed = [e for e in ends if e.grounded and e.variant_rules and e.p_no_damage == 0]
    one_shift = [e for e in at_speed if e.lateral_shifts == 1 and not e.emergency_thrust]
    assert one_shift and all((e.thrust_used, e.move.decelerate, e.landing) == (8, 5, 1) for e in one_shift)


@pytest.mark.parametrize("accel", [2, 3])
def test_VAR_MOVETYPE_the_ends_that_enter_no_hex_stay_the_basic_engines(accel):
    # VAR-MOVETYPE changes what entering a hex costs, nothing else: every end of the basic engine whose move enters
    # no hex (staying down, turning in the hex) is offered as the engine has it, whatever ends come before it
    from centurion.rules.legal import legal_grav_moves

    state = at(LUPUS, 2, 4, 0, 0, grounded=True)
    basic = {(e.hex, e.facing, e.grounded): (e.p_no_damage, e.safest.thrust_used)
             for e in legal_grav_moves(state, LUPUS, SMALL, accelerate=accel)
             if not any(s in ("F", "B") for s in e.safest.move.steps)}
    got = {(e.hex, e.facing, e.grounded): (e.p_no_damage, e.thrust_used)
           for e in variant_end_states(state, LUPUS, SMALL, THRUST, accelerate=accel)}
    assert basic and all(got.get(k) == v for k, v in basic.items())
