"""Variant grav movement: lateral shifts, emergency turns, variant terrain costs, the legal end states
(VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE), and partly covered hexes (VAR-OCCUPY)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import load_map, map_from_rows, vehicle_types
from centurion.data.partial_hexes import load_partial_terrain, partial_terrain_yaml
from centurion.data.yamlfile import DataError
from centurion.dice import Dice
from centurion.hexgrid import format_label, from_offset, neighbor, parse_label
from centurion.rules import GravMove, GravState, facing_change_interval, legal_grav_moves, resolve_grav_move
from centurion.rules.grav import Refusal
from centurion.variants import (
    RuleSet,
    VariantMove,
    declare_position,
    execute_variant_move,
    occupation_choices,
    resolve_variant_move,
    variant_end_states,
)

VIPER = vehicle_types()["viper"]
LIB = vehicle_types()["liberator"]
HORATIUS = vehicle_types()["horatius"]
OFF = RuleSet()
LATERAL = RuleSet.from_names(["VAR-LATERAL"])
EMERGENCY = RuleSet.from_names(["VAR-EMERGENCY"])
CLEAR = map_from_rows(["." * 20] * 24)
COLS, ROWS = 7, 9


# --- with the switches off: exactly the basic engine -----------------------------------------------------------

@st.composite
def maps(draw):
    terrain = ["".join(draw(st.sampled_from(".....lhwbx")) for _ in range(COLS)) for _ in range(ROWS)]
    elevation = ["".join(draw(st.sampled_from("0001123")) for _ in range(COLS)) for _ in range(ROWS)]
    return map_from_rows(terrain, elevation)


@st.composite
def situations(draw, max_v=9):
    m = draw(maps())
    hex_ = from_offset(draw(st.integers(1, COLS)), draw(st.integers(1, ROWS)))
    grounded = draw(st.booleans()) and draw(st.booleans())
    v = 0 if grounded else draw(st.integers(-3, max_v))
    vehicle = dataclasses.replace(VIPER, max_thrust=draw(st.integers(2, 8)))
    submerged = grounded and m[hex_].terrain == "lake" and draw(st.booleans())
    state = GravState.of(vehicle, hex_, draw(st.integers(0, 5)), v, grounded=grounded, submerged=submerged,
                         tsr_lost=draw(st.booleans()) and draw(st.booleans()),
                         left_vane_lost=draw(st.integers(0, 5)) == 0)
    return m, vehicle, state


@st.composite
def moves_for(draw, state: GravState):
    accel = draw(st.integers(0, 4))
    v = state.velocity + accel
    way = "B" if v < 0 else "F"
    steps = draw(st.lists(st.sampled_from([way] * 5 + ["L", "R"]), max_size=abs(v) + 3))
    if draw(st.integers(0, 9)) == 0:
        steps.append(draw(st.sampled_from("FB")))
    under_water = state.submerged and draw(st.booleans())
    initial = draw(st.sampled_from([None, None, None, 0, 3]))
    return GravMove(accel, "".join(steps), draw(st.integers(0, 4)), draw(st.booleans()), initial_facing=initial,
                    under_water=under_water)


def same(basic, variant) -> None:
    if isinstance(basic, Refusal):
        assert isinstance(variant, Refusal), (basic, variant)
        assert (variant.rule, variant.step) == (basic.rule, basic.step)
        return
    assert not isinstance(variant, Refusal), (basic, variant)
    assert variant.basic == basic
    assert variant.thrust_used == basic.thrust_used and variant.p_no_damage == basic.p_no_damage


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.data())
def test_with_every_switch_off_the_variant_resolver_is_resolve_grav_move(situation, data):
    m, vehicle, state = situation
    move = data.draw(moves_for(state))
    same(resolve_grav_move(state, move, m, vehicle), resolve_variant_move(state, move, m, vehicle, OFF))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.data())
def test_lateral_and_emergency_switches_change_nothing_for_moves_the_basic_rules_allow(situation, data):
    m, vehicle, state = situation
    move = data.draw(moves_for(state))
    basic = resolve_grav_move(state, move, m, vehicle)
    variant = resolve_variant_move(state, move, m, vehicle, RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"]))
    if not isinstance(basic, Refusal):
        same(basic, variant)
    elif not isinstance(variant, Refusal):
        # only an early turn can become legal: it is an emergency turn, paid in thrust
        assert basic.rule == "CEN-GRAV-4" and variant.emergencies


def test_movetype_on_flat_clear_ground_changes_nothing():
    state = GravState.of(LIB, from_offset(10, 20), 0, 6)
    move = GravMove(2, "FFFRFFFF", 1)
    basic = resolve_grav_move(state, move, CLEAR, LIB)
    for opt in ("burn", "thrust"):
        same(basic, resolve_variant_move(state, move, CLEAR, LIB, RuleSet.from_names([f"VAR-MOVETYPE:{opt}"])))


# --- VAR-EMERGENCY ------------------------------------------------------------------------------------------

def liberator_at_14():
    # it has just completed a turn, enters the next hex and turns again there (seed example)
    state = GravState.of(LIB, from_offset(10, 22), 0, 14)
    return state, VariantMove(0, "F F F L F R F F F F F F F F F F")


def test_emergency_turn_liberator_example_through_the_move_resolver():
    state, move = liberator_at_14()
    refused = resolve_variant_move(state, move, CLEAR, LIB, OFF)
    assert isinstance(refused, Refusal) and refused.rule == "CEN-GRAV-4" and refused.step == 5
    r = resolve_variant_move(state, move, CLEAR, LIB, EMERGENCY)
    assert not isinstance(r, Refusal) and len(r.emergencies) == 1
    e = r.emergencies[0]
    assert (e.thrust, e.straight, e.required, e.odds.targets) == (2, 1, 3, (7, 6, 7))
    assert r.thrust_used == 2 and r.basic.vp_unspent == 0 and not r.basic.grounds
    assert r.p_no_damage == Fraction(7 * 6 * 7, 1000)
    dice = Dice.scripted([5, 9, 1])  # the seed's rolls: no burnout, a box crossed, no short
    report = execute_variant_move(r, dice)
    vane = report.vanes[0]
    assert vane.side == "right" and not vane.burned_out and vane.boxes_lost == 1 and not vane.shorted
    assert [x.target for x in dice.log] == [7, 6, 7] and not report.state.right_vane_lost


def test_emergency_turn_needs_its_thrust_and_a_straight_hex():
    state = GravState.of(dataclasses.replace(LIB, max_thrust=1), from_offset(10, 22), 0, 14)
    _, move = liberator_at_14()
    r = resolve_variant_move(state, move, CLEAR, dataclasses.replace(LIB, max_thrust=1), EMERGENCY)
    assert isinstance(r, Refusal) and r.rule == "VAR-EMERGENCY" and "2 TP" in r.reason
    two_turns = resolve_variant_move(GravState.of(LIB, from_offset(10, 22), 0, 6), VariantMove(0, "F F R R F F F F"),
                                     CLEAR, LIB, EMERGENCY)
    assert isinstance(two_turns, Refusal) and two_turns.rule == "CEN-GRAV-4" and "VAR-EMERGENCY" in two_turns.reason


def test_emergency_burnout_marks_the_vane_lost():
    state, move = liberator_at_14()
    r = resolve_variant_move(state, move, CLEAR, LIB, EMERGENCY)
    report = execute_variant_move(r, Dice.scripted([8]))
    assert report.vanes[0].burned_out and report.state.right_vane_lost


def test_horatius_at_10_turns_in_one_hex_for_one_tp():
    state = GravState.of(HORATIUS, from_offset(10, 22), 0, 10)
    r = resolve_variant_move(state, VariantMove(0, "F R F F F F F F F F"), CLEAR, HORATIUS, EMERGENCY)
    assert not isinstance(r, Refusal) and r.emergencies[0].thrust == 1 and r.emergencies[0].odds.targets == (8, 7, 8)


# --- VAR-LATERAL --------------------------------------------------------------------------------------------

def test_lateral_shift_costs_one_tp_and_the_hexs_vp_and_keeps_the_facing():
    m = map_from_rows(["." * 9] * 4 + ["....l...."] + ["." * 9] * 7)
    state = GravState.of(LIB, from_offset(5, 10), 0, 5)
    # at v5 one hex straight, then a shift to the forward-left hex
    move = VariantMove(0, "F SL F F")
    off = resolve_variant_move(state, move, m, LIB, OFF)
    assert isinstance(off, Refusal) and off.rule == "VAR-LATERAL"
    r = resolve_variant_move(state, move, m, LIB, LATERAL)
    assert not isinstance(r, Refusal) and r.end_facing == 0 and len(r.shifts) == 1
    s = r.shifts[0]
    assert s.to_hex == neighbor(s.from_hex, 5) and s.vp == 1 and r.thrust_used == 1
    assert r.basic.entries[1].hex == s.to_hex and r.basic.vp_spent == 4


def test_lateral_shift_follows_the_facing_change_table():
    state = GravState.of(LIB, from_offset(5, 20), 0, 10)
    early = resolve_variant_move(state, VariantMove(0, "F SR F F F F F F F F"), CLEAR, LIB, LATERAL)
    assert isinstance(early, Refusal) and early.rule == "CEN-GRAV-4"
    ok = resolve_variant_move(state, VariantMove(0, "F F SR F SR F F F F F"), CLEAR, LIB,
                              RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"]))
    assert not isinstance(ok, Refusal) and len(ok.shifts) == 2 and ok.emergencies[0].thrust == 1 and ok.thrust_used == 3


def test_lateral_shift_needs_its_vane():
    state = GravState.of(LIB, from_offset(5, 20), 0, 5, left_vane_lost=True)
    r = resolve_variant_move(state, VariantMove(0, "F SL F F F"), CLEAR, LIB, LATERAL)
    assert isinstance(r, Refusal) and "left vane" in r.reason


def test_lateral_shift_appears_among_the_legal_end_states_with_its_thrust():
    state = GravState.of(LIB, from_offset(6, 13), 0, 6)
    m = map_from_rows(["." * 11] * 14)
    basic = {(e.hex, e.facing, e.grounded) for e in legal_grav_moves(state, LIB, m, accelerate=0)}
    ends = variant_end_states(state, LIB, m, LATERAL, accelerate=0)
    assert {(e.hex, e.facing, e.grounded) for e in ends} >= basic
    new = [e for e in ends if (e.hex, e.facing, e.grounded) not in basic]
    assert new and all(e.variant_rules == ("VAR-LATERAL",) and e.thrust_used >= e.lateral_shifts >= 1 for e in new)
    # five hexes north, then a shift to the forward-left hex, still facing north: only a lateral shift gets there
    target = resolve_variant_move(state, VariantMove(0, "F F F F F SL"), m, LIB, LATERAL)
    assert format_label(target.end_hex) == "0508" and (target.end_hex, 0, False) not in basic
    found = [e for e in new if (e.hex, e.facing, e.grounded) == (target.end_hex, 0, False)]
    assert len(found) == 1 and found[0].thrust_used == 1 and found[0].p_no_damage == 1
    assert found[0].velocity_max == 6 and found[0].velocity_min == 6 - (LIB.max_thrust - 1)
    off = variant_end_states(state, LIB, m, OFF, accelerate=0)
    assert {(e.hex, e.facing, e.grounded) for e in off} == basic


def test_emergency_turn_appears_among_the_legal_end_states_with_its_odds():
    state = GravState.of(LIB, from_offset(5, 10), 0, 6)
    m = map_from_rows(["." * 9] * 12)
    ends = variant_end_states(state, LIB, m, EMERGENCY, accelerate=0)
    em = [e for e in ends if e.variant_rules == ("VAR-EMERGENCY",) and not e.grounded]
    assert em and all(e.emergency_thrust >= 1 and e.p_vanes_unharmed < 1 for e in em)
    basic = {(e.hex, e.facing, e.grounded) for e in legal_grav_moves(state, LIB, m, accelerate=0)}
    assert any((e.hex, e.facing, e.grounded) not in basic for e in em)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(max_v=5), st.integers(0, 2), st.sampled_from(["VAR-LATERAL", "VAR-EMERGENCY", "VAR-MOVETYPE:thrust",
                                                                 "VAR-MOVETYPE:burn"]))
def test_every_variant_end_state_is_a_move_the_resolver_accepts(situation, accel, name):
    m, vehicle, state = situation
    lift = 2 if state.submerged else 1 if state.grounded else 0
    if accel < lift or accel > state.max_thrust(vehicle):
        return
    rules = RuleSet.from_names([name])
    ends = variant_end_states(state, vehicle, m, rules, accelerate=accel)
    for e in ends:
        r = resolve_variant_move(state, e.move, m, vehicle, rules)
        assert not isinstance(r, Refusal), (e, r)
        assert (r.end_hex, r.end_facing, r.basic.grounds) == (e.hex, e.facing, e.grounded)
        assert r.thrust_used == e.thrust_used and r.p_no_damage == e.p_no_damage
    if not name.startswith("VAR-MOVETYPE"):
        # lateral shifts and emergency turns only add ways: every basic end stays, never less safe
        got = {(e.hex, e.facing, e.grounded): e.p_no_damage for e in ends}
        for b in legal_grav_moves(state, vehicle, m, accelerate=accel):
            assert got[(b.hex, b.facing, b.grounded)] >= b.p_no_damage


# --- VAR-MOVETYPE for grav -----------------------------------------------------------------------------------

def woods_map():
    return map_from_rows(["." * 5, "..h..", "..h..", "..h..", "." * 5, "." * 5])


def test_grav_terrain_surcharge_burned_off_the_end_velocity():
    m = woods_map()
    state = GravState.of(LIB, from_offset(3, 6), 0, 5)
    move = VariantMove(0, "F F F F F")  # clear, 3 heavy woods (3 VP each in the basic rules), clear
    assert isinstance(resolve_variant_move(state, move, m, LIB, OFF), Refusal)  # basic: 1 + 3 + ... VP: too dear
    r = resolve_variant_move(state, move, m, LIB, RuleSet.from_names(["VAR-MOVETYPE:burn"]))
    assert not isinstance(r, Refusal) and [e.vp for e in r.basic.entries] == [1, 1, 1, 1, 1]
    assert r.terrain_surcharge == 6 and r.burned == 5 and r.basic.end_velocity == 0 and r.thrust_used == 0
    report = execute_variant_move(r, Dice.scripted([5, 5, 5]))  # v5 in heavy woods (limit 6): no rolls
    assert report.state.velocity == 0


def test_grav_terrain_surcharge_paid_in_thrust():
    m = woods_map()
    state = GravState.of(LIB, from_offset(3, 6), 0, 5)
    move = VariantMove(0, "F F F F F")
    r = resolve_variant_move(state, move, m, LIB, RuleSet.from_names(["VAR-MOVETYPE:thrust"]))
    assert not isinstance(r, Refusal) and r.terrain_thrust == 6 and r.thrust_used == 6 and r.basic.end_velocity == 5
    dear = resolve_variant_move(state, dataclasses.replace(move, accelerate=1), m, LIB,
                                RuleSet.from_names(["VAR-MOVETYPE:thrust"]))
    assert isinstance(dear, Refusal) and dear.rule == "VAR-MOVETYPE" and dear.step == 3 and "7 thrust points" in dear.reason


# --- VAR-OCCUPY -------------------------------------------------------------------------------------------

MAP_TEXT = """name: partial
columns: 5
rows: 5
legend: {".": clear, "l": light_woods, "x": rubble}
terrain: [".....", "..l..", "..l..", "..x..", "....."]
partial_terrain:
  - {hex: "0302", open: clear, level: 1, open_level: 0, covered_hexsides: [0], crossing: [2, 5]}
  - {hex: "0303", open: clear, covered_hexsides: [3]}
  - {hex: "0304", open: clear}
"""


def test_partial_hexes_load_and_round_trip():
    m = load_map("partial.yaml", text=MAP_TEXT)
    parts = load_partial_terrain("partial.yaml", m, text=MAP_TEXT)
    p = parts[parse_label("0302")]
    assert (p.terrain, p.open, p.level, p.open_level, p.covered_hexsides, p.crossing) == (
        "light_woods", "clear", 1, 0, frozenset({0}), (2, 5))
    again = load_partial_terrain("partial.yaml", m, text=MAP_TEXT.split("partial_terrain:")[0]
                                 + partial_terrain_yaml(parts))
    assert dict(again) == dict(parts)
    assert dict(load_partial_terrain("plain.yaml", m, text=MAP_TEXT.split("partial_terrain:")[0])) == {}


@pytest.mark.parametrize("entry, field", [
    ('{hex: "0909", open: clear}', "hex"), ('{hex: "0302", open: light_woods}', "open"),
    ('{hex: "0302", open: clear, crossing: [1]}', "crossing"), ('{hex: "0302", open: clear, covered_hexsides: [7]}',
                                                                "covered_hexsides"),
])
def test_partial_hex_errors_name_the_field(entry, field):
    m = load_map("partial.yaml", text=MAP_TEXT)
    text = MAP_TEXT.split("partial_terrain:")[0] + f"partial_terrain:\n  - {entry}\n"
    with pytest.raises(DataError, match=rf"partial\.yaml.*{field}"):
        load_partial_terrain("partial.yaml", m, text=text)


def test_occupation_choices_follow_the_seeds_cases():
    m = load_map("partial.yaml", text=MAP_TEXT)
    parts = load_partial_terrain("partial.yaml", m, text=MAP_TEXT)
    on = RuleSet.from_names(["VAR-OCCUPY"])
    h = parse_label("0302")
    south, north = neighbor(h, 3), neighbor(h, 0)
    assert occupation_choices(on, m, parts, south, h).choices == ("in", "out")
    assert occupation_choices(OFF, m, parts, south, h).choices == ("in",)
    # entering across the covered hexside 0 (from the north)
    assert occupation_choices(on, m, parts, north, h).choices == ("in",)
    # the feature runs from hexside 2 to 5: entering by hexside 3 and leaving by 0 crosses it
    assert occupation_choices(on, m, parts, south, h, exit_to=neighbor(h, 0)).choices == ("in",)
    assert occupation_choices(on, m, parts, south, h, exit_to=neighbor(h, 4)).choices == ("in", "out")
    assert occupation_choices(on, m, parts, south, h, exit_to=neighbor(h, 5)).choices == ("in", "out")  # along it
    # rubble in the hex, and a hex the terrain fills
    assert occupation_choices(on, m, parts, parse_label("0305"), parse_label("0304")).choices == ("in",)
    assert occupation_choices(on, m, parts, h, parse_label("0202")).reason == "the terrain occupies the whole hex"
    assert declare_position(on, m, parts, south, h, "out") == ("clear", 0)
    assert declare_position(on, m, parts, south, h, "in") == ("light_woods", 1)
    r = declare_position(on, m, parts, north, h, "out")
    assert isinstance(r, Refusal) and r.rule == "VAR-OCCUPY" and "covered" in r.reason


def test_a_position_declared_out_of_the_woods_moves_as_the_open_part():
    m = load_map("partial.yaml", text=MAP_TEXT)
    parts = load_partial_terrain("partial.yaml", m, text=MAP_TEXT)
    on = RuleSet.from_names(["VAR-OCCUPY"])
    start = parse_label("0303")  # light woods filling most of the hex; 0302 ahead is partly wooded
    state = GravState.of(LIB, start, 0, 3)
    basic = resolve_grav_move(state, GravMove(0, "FF"), m, LIB)
    assert [e.vp for e in basic.entries] == [2, 1]
    # standing in the woods of 0302 is the basic move, but on its level-1 part: 2 + 1 VP up, too dear to go on
    inside = resolve_variant_move(state, VariantMove(0, "F F", positions=((0, "in"),)), m, LIB, on, partial=parts)
    assert isinstance(inside, Refusal) and inside.rule == "CEN-GRAV-2"
    # out of the woods: 1 VP, and it leaves by hexside 5, along the feature (2 to 5), so it may stay out
    out = resolve_variant_move(state, VariantMove(0, "F L F", positions=((0, "out"),)), m, LIB, on, partial=parts)
    assert not isinstance(out, Refusal) and out.basic.entries[0].vp == 1 and out.basic.entries[0].terrain == "clear"
    assert out.basic.entries[0].speed_limit == 20 and out.basic.vp_unspent == 1
    # leaving straight ahead (hexside 0) crosses the feature: it must take the woods
    far = resolve_variant_move(state, VariantMove(0, "F F", positions=((0, "out"),)), m, LIB, on, partial=parts)
    assert isinstance(far, Refusal) and far.rule == "VAR-OCCUPY" and far.step == 0
    stop = resolve_variant_move(GravState.of(LIB, start, 0, 1), VariantMove(0, "F", positions=((0, "out"),)), m, LIB,
                                on, partial=parts)
    assert not isinstance(stop, Refusal) and stop.end_position == ("clear", 0)
    off = resolve_variant_move(state, VariantMove(0, "F L F", positions=((0, "out"),)), m, LIB, OFF, partial=parts)
    assert isinstance(off, Refusal) and off.rule == "VAR-OCCUPY"
    none = resolve_variant_move(state, VariantMove(0, "F F"), m, LIB, on, partial=parts)
    assert none.basic == basic  # no declaration: the basic reading of the map


@st.composite
def variant_moves_for(draw, state: GravState):
    accel = draw(st.integers(0, 4))
    v = state.velocity + accel
    way = "B" if v < 0 else "F"
    steps = draw(st.lists(st.sampled_from([way] * 5 + ["L", "R", "SL", "SR"]), max_size=abs(v) + 3))
    return VariantMove(accel, steps, draw(st.integers(0, 3)), draw(st.booleans()))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.data(), st.sampled_from([["VAR-LATERAL"], ["VAR-EMERGENCY"], ["VAR-LATERAL", "VAR-EMERGENCY"],
                                                  ["VAR-LATERAL", "VAR-MOVETYPE:burn"],
                                                  ["VAR-EMERGENCY", "VAR-MOVETYPE:thrust"]]))
def test_random_variant_moves_keep_the_rules(situation, data, names):
    m, vehicle, state = situation
    rules = RuleSet.from_names(names)
    move = data.draw(variant_moves_for(state))
    r = resolve_variant_move(state, move, m, vehicle, rules)
    if isinstance(r, Refusal):
        assert r.rule.startswith(("CEN-", "HEX-", "VAR-")) and r.reason
        if any(s in ("SL", "SR") for s in move.steps) and "VAR-LATERAL" not in rules:
            assert r.rule == "VAR-LATERAL"
        return
    assert r.thrust_used <= state.max_thrust(vehicle)
    assert r.thrust_used == move.accelerate + move.decelerate + len(r.shifts) + sum(
        e.thrust for e in r.emergencies) + r.terrain_thrust
    here, facing = state.hex, state.facing
    hexes = {e.step: e.hex for e in r.basic.entries}
    straight = 0
    interval = facing_change_interval(r.basic.velocity)
    early = {e.step: e for e in r.emergencies}
    for i, step in enumerate(move.steps):
        if step in ("L", "R", "SL", "SR"):
            if interval and straight < interval:
                assert i in early and early[i].thrust == interval - straight and straight >= 1
            else:
                assert i not in early
            if step in ("L", "R"):
                facing = (facing + (1 if step == "R" else -1)) % 6
                straight = 0
                continue
        assert hexes[i] in [neighbor(here, d) for d in range(6)]
        if step in ("F", "B"):
            assert hexes[i] == neighbor(here, facing if step == "F" else (facing + 3) % 6)
            straight += 1
        else:
            straight = 0
        here = hexes[i]
    assert (here, facing) == (r.end_hex, r.end_facing)
    assert 0 <= r.p_no_damage <= r.basic.p_no_damage <= 1


@pytest.mark.parametrize("v, accel", [(6, 0), (0, 3), (4, 2)])
def test_movetype_end_states_on_clear_ground_are_the_basic_ones(v, accel):
    m = map_from_rows(["." * 9] * 11)
    state = GravState.of(LIB, from_offset(5, 9), 0, v)
    basic = {(e.hex, e.facing, e.grounded): (e.p_no_damage, e.safest.thrust_used, e.velocity_min, e.velocity_max)
             for e in legal_grav_moves(state, LIB, m, accelerate=accel)}
    for opt in ("burn", "thrust"):
        ends = variant_end_states(state, LIB, m, RuleSet.from_names([f"VAR-MOVETYPE:{opt}"]), accelerate=accel)
        got = {(e.hex, e.facing, e.grounded): (e.p_no_damage, e.thrust_used, e.velocity_min, e.velocity_max)
               for e in ends}
        assert got == basic
