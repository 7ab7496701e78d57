"""Mutation kill tests for the variant movement modules split by issue 23 (issues 22 and 23, docs/mutation.md):
centurion/variants/movement.py (the variant legal-moves search), move_resolution.py (the resolver) and
variant_move.py (the move as data).

The search is checked against a brute force: every sequence of steps (F, B, L, R, SL, SR) from the start, each
resolved by `resolve_variant_move` flying and grounded after every possible deceleration, the safest (then
cheapest) per end (hex, facing, grounded). That is RULES.md VAR-LATERAL (a shift for 1 TP plus the hex's VP,
following the Facing Change Table), VAR-EMERGENCY (each TP into the vane removes one straight hex; three vane
saves) and CEN-GRAV-1..6 as the resolver applies them, hex by hex: no part of the search is used to build the
expected values. Other expected values come from RULES.md and the variants seed (Liberator v14 needs 2 TP:
targets 7, 6, 7).
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest
from test_mutation_variants_movement import assert_end_resolves

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.hexgrid import from_offset
from centurion.rules import GravState
from centurion.rules.grav import Refusal
from centurion.variants import RuleSet, VariantMove, resolve_variant_move, variant_end_states

LIB = vehicle_types()["liberator"]  # max thrust 6
VIPER = vehicle_types()["viper"]  # max thrust 8
BOTH = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
LATERAL = RuleSet.from_names(["VAR-LATERAL"])
EMERGENCY = RuleSet.from_names(["VAR-EMERGENCY"])
STEPS = ("F", "B", "L", "R", "SL", "SR")


def brute_force_ends(state, vehicle, m, rules, accel, max_emergencies=None, table=None):
    """Per (hex, facing, grounded): ((p_no_damage, -landing, -thrust, basic path?), (velocity_min, velocity_max)) of
    the safest (among certain damage the slowest landing, CEN-GRD-1), then cheapest, then basic path, over every step
    sequence the resolver accepts."""
    best: dict = {}
    thrust_max = state.max_thrust(vehicle)
    inits = [None] if state.velocity != 0 else [f if f != state.facing else None for f in range(6)]

    def record(r, grounded, velocities=(0, 0)):
        if max_emergencies is not None and len(r.emergencies) > max_emergencies:
            return
        basic_path = not r.shifts and not r.emergencies
        key = (r.end_hex, r.end_facing, grounded)
        landing = abs(r.basic.end_velocity) if grounded and not r.p_no_damage else 0  # CEN-GRD-1: slowest first
        value = (r.p_no_damage, -landing, -r.thrust_used, basic_path)
        if key not in best or value > best[key][0]:
            best[key] = (value, velocities)

    hexes_max = abs(state.velocity) + accel + 1  # a hex per VP, or the one-hex rule's hex (CEN-GRAV-2, -3)

    def walk(init, steps):
        r = resolve_variant_move(state, VariantMove(accel, steps, 0, False, init), m, vehicle, rules, table=table)
        room = thrust_max
        if isinstance(r, Refusal):
            if r.step is not None:  # refused at a step of this prefix: so is every longer move
                return
        else:
            room = thrust_max - r.thrust_used  # more deceleration than this is refused (CEN-GRAV-1)
            if not r.basic.grounds:  # flying on: every end velocity a deceleration gives (CEN-GRAV-1, -5)
                ends = [resolve_variant_move(state, VariantMove(accel, steps, d, False, init), m, vehicle, rules,
                                             table=table) for d in range(room + 1)]
                vs = [x.basic.end_velocity for x in ends if not isinstance(x, Refusal) and not x.basic.grounds]
                record(r, False, (min(vs), max(vs)))
        for decel in range(room + 1):
            g = resolve_variant_move(state, VariantMove(accel, steps, decel, True, init), m, vehicle, rules,
                                     table=table)
            if not isinstance(g, Refusal):
                record(g, True)
        if sum(s not in ("L", "R") for s in steps) >= hexes_max:
            return
        for s in STEPS:
            if s in ("L", "R") and steps and steps[-1] in ("L", "R"):
                continue  # two turns in a row: refused at any velocity but 0 (CEN-GRAV-4), which is not searched
            walk(init, (*steps, s))

    for init in inits:
        walk(init, ())
    return best


def search_ends(state, vehicle, m, rules, accel, **kw):
    ends = variant_end_states(state, vehicle, m, rules, accelerate=accel, **kw)
    keys = [(e.hex, e.facing, e.grounded) for e in ends]
    assert len(keys) == len(set(keys))  # one end state per (hex, facing, grounded)
    assert keys == sorted(keys, key=lambda k: (k[0].q, k[0].r, k[1], k[2]))  # in map order
    return {(e.hex, e.facing, e.grounded): ((e.p_no_damage, -e.landing, -e.thrust_used, not e.variant_rules),
                                            (e.velocity_min, e.velocity_max)) for e in ends}, ends


def assert_search_is_the_brute_force(state, vehicle, m, rules, accel, **kw):
    got, ends = search_ends(state, vehicle, m, rules, accel, **kw)
    want = brute_force_ends(state, vehicle, m, rules, accel, kw.get("max_emergencies"), kw.get("table"))
    assert set(got) == set(want)
    for key in want:
        assert got[key] == want[key], key
    # each end's own move resolves to what it claims (its rules, shifts and emergency thrust)
    for e in ends:
        assert_end_resolves(state, e, m, vehicle, rules, table=kw.get("table"))
    return ends


def counts(ends):
    """(lateral ends, emergency ends, ends with a piloting roll, grounded variant ends that decelerate)."""
    return (sum(1 for e in ends if e.lateral_shifts), sum(1 for e in ends if e.emergency_thrust),
            sum(1 for e in ends if 0 < e.p_no_damage < 1),
            sum(1 for e in ends if e.grounded and e.variant_rules and e.move.decelerate))


WOODS = map_from_rows([".l...", "..h..", ".l.l.", ".....", "....."],
                      ["00100", "00000", "01000", "00000", "00000"])
SMALL = map_from_rows(["...", ".l.", "...", "..."])  # light woods: a piloting roll at velocity 6 (CEN-SPD)


@pytest.mark.parametrize("v, accel", [(4, 0), (3, 1)])
def test_VAR_LATERAL_below_velocity_6_the_search_keeps_the_basic_paths(v, accel):
    # RULES.md CEN-GRAV-4: below velocity 6 one straight hex before each turn, so 'F SL' costs what 'F L F R' costs
    # in VP and one TP more: every end is reached at least as cheaply by a basic path
    ends = assert_search_is_the_brute_force(GravState.of(LIB, from_offset(3, 5), 0, v), LIB, WOODS, BOTH, accel)
    assert not any(e.variant_rules for e in ends)


def test_VAR_LATERAL_and_VAR_EMERGENCY_at_velocity_6_the_search_is_the_brute_force():
    lib = assert_search_is_the_brute_force(GravState.of(LIB, from_offset(2, 4), 0, 6), LIB, SMALL, BOTH, 0)
    assert all(counts(lib)[:3])
    # 6 TP: after a shift it cannot stop from 6, so a variant end that lands does so at speed, slowed first by every
    # thrust point left (CEN-GRD-1, book-a E10): it lands at 6 less the 6 TP its path did not use, and uses them all
    landed = [e for e in lib if e.grounded and e.variant_rules]
    assert landed and all(e.p_no_damage == 0 and e.thrust_used == 6 and e.landing == e.lateral_shifts
                          + e.emergency_thrust for e in landed)
    viper = assert_search_is_the_brute_force(GravState.of(VIPER, from_offset(2, 4), 0, 6), VIPER, SMALL, BOTH, 0)
    assert all(counts(viper))


def test_VAR_EMERGENCY_max_emergencies_bounds_the_emergency_turns_of_a_path():
    state = GravState.of(VIPER, from_offset(2, 4), 0, 6)
    none = assert_search_is_the_brute_force(state, VIPER, SMALL, BOTH, 0, max_emergencies=0)
    assert counts(none)[1] == 0 and counts(none)[0] > 0
    one = assert_search_is_the_brute_force(state, VIPER, SMALL, BOTH, 0, max_emergencies=1)
    assert counts(one)[1] > 0


def test_VAR_LATERAL_from_velocity_0_and_reversing():
    assert_search_is_the_brute_force(GravState.of(VIPER, from_offset(2, 4), 0, 0), VIPER, SMALL, LATERAL, 6)
    back = GravState.of(VIPER, from_offset(2, 1), 0, -6)
    assert counts(assert_search_is_the_brute_force(back, VIPER, SMALL, LATERAL, 0))[0] > 0
    assert counts(assert_search_is_the_brute_force(back, VIPER, SMALL, BOTH, 0))[1] > 0


def test_VAR_LATERAL_resolving_each_end_gives_the_same_ends():
    assert_search_is_the_brute_force(GravState.of(VIPER, from_offset(2, 4), 0, 6), VIPER, SMALL, LATERAL, 0,
                                     resolve_each=True)


@pytest.mark.parametrize("option", ["thrust", "burn"])
def test_VAR_MOVETYPE_the_search_is_the_brute_force(option):
    mt = RuleSet.from_names([f"VAR-MOVETYPE:{option}"])
    woods = map_from_rows(["..h..", ".l...", "..w..", "..l..", "....."], ["00000", "00000", "00000", "00100", "00000"])
    assert_search_is_the_brute_force(GravState.of(LIB, from_offset(3, 5), 0, 4), LIB, woods, mt, 0)
    both = RuleSet.from_names([f"VAR-MOVETYPE:{option}", "VAR-LATERAL"])
    assert counts(assert_search_is_the_brute_force(GravState.of(VIPER, from_offset(2, 4), 0, 6), VIPER, SMALL, both,
                                                   0))[0] > 0


@pytest.mark.parametrize("v", [1, -1, 2])
def test_VAR_MOVETYPE_at_low_velocity_the_search_is_the_brute_force(v):
    # heavy woods and a climb: the one-hex rule (CEN-GRAV-3) at velocity 1, the surcharge paid in thrust
    m = map_from_rows(["...", ".h.", "...", "..."], ["000", "020", "000", "000"])
    for option in ("thrust", "burn"):
        rules = RuleSet.from_names([f"VAR-MOVETYPE:{option}", "VAR-LATERAL"])
        assert_search_is_the_brute_force(GravState.of(LIB, from_offset(2, 3 if v > 0 else 1), 0, v), LIB, m, rules, 0)


def test_VAR_LATERAL_the_search_stops_at_its_node_limit_with_a_clear_message():
    state = GravState.of(VIPER, from_offset(2, 4), 0, 6)
    with pytest.raises(ValueError) as info:
        variant_end_states(state, VIPER, SMALL, BOTH, accelerate=0, node_limit=3)
    assert str(info.value) == ("VAR-LATERAL, VAR-EMERGENCY: the variant legal-moves search stops at 3 positions; "
                               "velocity 6 is too fast for it (resolve_variant_move checks any one move)")
    with pytest.raises(ValueError, match="CEN-GRAV-1.*accelerate"):
        variant_end_states(state, VIPER, SMALL, BOTH, accelerate=-1)


def test_VAR_EMERGENCY_a_grounding_comes_from_the_safest_path_that_can_still_stop():
    # light woods at speed limit 1 (a table given, CEN-TER-1): the safest path flying to 0101 facing 4 spends thrust
    # on a shift and emergency turns and cannot decelerate from 6 to 0 after it (grounding at speed: damage,
    # CEN-GRD-1); 'F F F L F L' with one emergency turn keeps 7 of the Viper's 8 TP and grounds at 0, rolling only
    # its piloting checks and vane saves. The search offered the first grounding (no chance of no damage).
    base = terrain_table()
    slow = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "light_woods": dataclasses.replace(base["light_woods"], speed_limit=1)}))
    state = GravState.of(VIPER, from_offset(2, 4), 0, 6)
    ends = assert_search_is_the_brute_force(state, VIPER, SMALL, BOTH, 0, table=slow)
    down = next(e for e in ends if (e.hex, e.facing, e.grounded) == (from_offset(1, 1), 4, True))
    assert down.p_no_damage > 0 and down.move.decelerate == 6
    assert ends != variant_end_states(state, VIPER, SMALL, BOTH, accelerate=0)  # the table is used


def test_CEN_GRAV_6_from_the_ground_or_a_crater_the_lift_comes_out_of_the_acceleration():
    # RULES.md CEN-GRAV-6: lifting off takes 1 TP from the ground, 2 from a crater, and the rest is the velocity: the
    # ends and their chances are the brute force's (staying down is the basic engine's own end, its thrust counted
    # there without the acceleration, so thrust is compared for the variant ends only)
    m = map_from_rows(["...", ".l.", "...", "..."])
    for kw, accel in (({"grounded": True}, 3), ({"grounded": True, "in_crater": True}, 4)):
        state = GravState.of(VIPER, from_offset(2, 4), 0, 0, **kw)
        got, ends = search_ends(state, VIPER, m, LATERAL, accel)
        want = brute_force_ends(state, VIPER, m, LATERAL, accel)
        assert set(got) == set(want)
        assert all(got[k][0][0] == want[k][0][0] for k in want)  # velocity 2 after the lift: the same ends, odds
        assert max(e.hex.r for e in ends) - min(e.hex.r for e in ends) == 2  # two hexes ahead at most
    crater = GravState.of(VIPER, from_offset(2, 4), 0, 0, grounded=True, in_crater=True)
    with pytest.raises(ValueError, match="CEN-GRAV-6"):  # too little to lift off
        variant_end_states(crater, VIPER, m, LATERAL, accelerate=1)
