"""Mutation kill tests for the variant move resolver, centurion/variants/move_resolution.py (issue 22, third round;
docs/mutation.md): the survivors of the full run and the part of `resolve_variant_move` that had never been run.

Expected values: for every refusal the basic rules also make, the basic engine `resolve_grav_move` (rule, step and
the whole text: the variant resolver words a shared refusal as the basic one); RULES.md (CEN-GRAV-2..5, CEN-GRD-2,
VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY); the Terrain Effects Table (data/terrain.yaml); the Variant
Terrain Table's assumed extra costs (data/variants.yaml). The texts of the variant-only refusals are the project's
wording, checked whole so that a refusal names its rule, numbers and hex.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from centurion.data import load_map, map_from_rows, terrain_table, vehicle_types
from centurion.data.partial_hexes import load_partial_terrain
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules import GravState
from centurion.rules.grav import GravMove, Refusal, resolve_grav_move
from centurion.rules.grav_execution import take_movement_damage
from centurion.variants import RuleSet, VariantMove, resolve_variant_move
from centurion.variants.move_resolution import execute_variant_move
from tests.test_mutation_variant_resolution import OCC_TEXT

VIPER = vehicle_types()["viper"]  # max thrust 8
LIB = vehicle_types()["liberator"]  # max thrust 6
LAT = RuleSet.from_names(["VAR-LATERAL"])
EMER = RuleSet.from_names(["VAR-EMERGENCY"])
MT = RuleSet.from_names(["VAR-MOVETYPE"])
BURN = RuleSet.from_names(["VAR-MOVETYPE:burn"])
OCC = RuleSet.from_names(["VAR-OCCUPY"])

BASE = terrain_table()
# a terrain table in which heavy woods are closed to grav vehicles (a table handed to the resolver, CEN-TER-1)
NO_HEAVY = dataclasses.replace(BASE, terrain=MappingProxyType({
    **BASE.terrain, "heavy_woods": dataclasses.replace(BASE["heavy_woods"], vp={**BASE["heavy_woods"].vp,
                                                                                  "grav": None})}))
F = ["....", "....", ".h..", "....", "....", "...."]  # heavy woods at 0203
W = ["....", ".ww.", ".wl.", "...."]  # lakes at 0202, 0302, 0203; light woods at 0303

# (rows, state kwargs, move, table): refusals and moves of the basic rules, each under VAR-LATERAL with no shift
ORACLE = [
    (F, dict(hex="0205", v=3, driver_out=True), GravMove(0, "FL"), None),
    (F, dict(hex="0205", v=3, right_vane_lost=True), GravMove(0, "FR"), None),
    (F, dict(hex="0205", v=3, left_vane_lost=True), GravMove(0, "FL"), None),
    (F, dict(hex="0205", v=-2), GravMove(2, "L"), None),
    (F, dict(hex="0205", v=-2), GravMove(2, "B"), None),
    (F, dict(hex="0205", v=-2), GravMove(0, "F"), None),
    (F, dict(hex="0205", v=1), GravMove(0, "B"), None),
    (F, dict(hex="0205", v=2), GravMove(0, "FFF"), None),
    (F, dict(hex="0206", v=4), GravMove(0, "FFFF"), NO_HEAVY),
    (F, dict(hex="0206", v=4), GravMove(0, "FRF"), NO_HEAVY),
    (F, dict(hex="0204", v=1), GravMove(0, "FF"), None),
    (F, dict(hex="0206", v=2), GravMove(0, "FF", 0, False, take_crater=True), None),
    (F, dict(hex="0206", v=2, driver_out=True), GravMove(0, "F")),
    (W, dict(hex="0203", v=0, grounded=True, submerged=True), GravMove(2, "F", 0, False, under_water=True), None),
    (W, dict(hex="0203", v=0, grounded=True, submerged=True), GravMove(2, "F", 0, True, under_water=True), None),
    (W, dict(hex="0202", v=0, grounded=True, submerged=True, facing=1), GravMove(2, "F", 0, False,
                                                                                 under_water=True), None),
    (W, dict(hex="0203", v=0, grounded=True, submerged=True, facing=1), GravMove(2, "F", 0, False,
                                                                                 under_water=True), None),
    (W, dict(hex="0203", v=0, grounded=True, submerged=True, facing=3), GravMove(2, "F", 0, False,
                                                                                 under_water=True), None),
]


@pytest.mark.parametrize("case", range(len(ORACLE)))
def test_CEN_GRAV_the_variant_resolver_refuses_and_moves_as_the_basic_engine(case):
    rows, kw, move, *table = ORACLE[case]
    table = table[0] if table else None
    kw = dict(kw)
    state = GravState.of(VIPER, parse_label(kw.pop("hex")), kw.pop("facing", 0), kw.pop("v"), **kw)
    m = map_from_rows(rows)
    want = resolve_grav_move(state, move, m, VIPER, table=table)
    got = resolve_variant_move(state, VariantMove.of(move), m, VIPER, LAT, table=table)
    if isinstance(want, Refusal):
        assert isinstance(got, Refusal), got
        assert (got.rule, got.step, got.reason) == (want.rule, want.step, want.reason)
    else:
        assert not isinstance(got, Refusal), got
        assert got.basic == want


# the end of the move (digging, the driver out, forced grounding, craters, a lake) and a speed check's odd group:
# (map rows, levels, crater hexes, state kwargs, move, table); every variant off but VAR-LATERAL, no shift
ENDS = [
    (["...", "...", "...", "..."], None, (), dict(hex="0204", v=2, digging_charges=1), GravMove(0, "FF", 0, True,
                                                                                            dig_at=1), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0204", v=2, digging_charges=0), GravMove(0, "FF", 0, True,
                                                                                            dig_at=1), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0204", v=2), GravMove(0, "FF", 2, True, dig_at=2,
                                                                          take_crater=True), None),
    (["...", "...", "...", "..."], ["000", "000", "000", "222"], (), dict(hex="0204", v=2, driver_out=True),
     GravMove(0, "F"), None),
    (["...", "...", "...", "..."], ["000", "000", "222", "222"], (), dict(hex="0204", v=1, driver_out=True),
     GravMove(0, "F"), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0203", v=1, driver_out=True), GravMove(0, ""), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0202", v=-2, driver_out=True), GravMove(0, "B"), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0202", v=2, driver_out=True), GravMove(0, "F"), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0202", v=-2, facing=4, driver_out=True), GravMove(0, "B"),
     None),
    (["...", "...", "...", "..."], None, (), dict(hex="0302", v=-2, facing=5, driver_out=True), GravMove(0, "B"),
     None),
    (["...", ".h.", "...", "..."], None, (), dict(hex="0203", v=2, driver_out=True), GravMove(0, ""), NO_HEAVY),
    (["...", ".h.", "...", "..."], None, (), dict(hex="0203", v=2, driver_out=True), GravMove(0, ""), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0204", v=2, driver_out=True), GravMove(0, "FF", 0, True),
     None),
    (["...", "...", "...", "..."], None, (), dict(hex="0203", v=1), GravMove(0, ""), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0203", v=0, grounded=True), GravMove(0, ""), None),
    (["...", ".w.", "...", "..."], None, (), dict(hex="0204", v=2), GravMove(0, "FF", 0, True), None),
    (["...", "...", "...", "..."], None, ("0203",), dict(hex="0204", v=1), GravMove(0, "F"), None),
    (["...", "...", "...", "..."], None, ("0203",), dict(hex="0204", v=1), GravMove(0, "F", take_crater=True), None),
    (["...", "...", "...", "..."], None, ("0203",), dict(hex="0204", v=2), GravMove(0, "F", 1, True,
                                                                                    take_crater=True), None),
    (["...", "...", "...", "..."], None, (), dict(hex="0204", v=2), GravMove(0, "FF", 0, True, take_crater=True),
     None),
    (["."] * 4 + ["l"] + ["."] * 5, None, (), dict(hex="0110", v=10), GravMove(0, "F" * 9, odd_group_to="bottom"),
     None),
    ([".", ".", ".", ".", "l", ".", ".", ".", ".", "."], None, (), dict(hex="0110", v=11),
     GravMove(0, "FFFFFFFFF", odd_group_to="bottom"), None),
]


@pytest.mark.parametrize("case", range(len(ENDS)))
def test_CEN_GRAV_the_end_of_the_move_as_the_basic_engine(case):
    rows, levels, craters, kw, move, table = ENDS[case]
    kw = dict(kw)
    m = map_from_rows(rows, levels)
    for h in craters:
        m = m.with_counter(parse_label(h), "crater")
    charges = kw.pop("digging_charges", None)
    state = GravState.of(VIPER, parse_label(kw.pop("hex")), kw.pop("facing", 0), kw.pop("v"), **kw)
    if charges is not None:
        state = dataclasses.replace(state, digging_charges=charges)
    want = resolve_grav_move(state, move, m, VIPER, table=table)
    got = resolve_variant_move(state, VariantMove.of(move), m, VIPER, LAT, table=table)
    if isinstance(want, Refusal):
        assert isinstance(got, Refusal), got
        assert (got.rule, got.step, got.reason) == (want.rule, want.step, want.reason)
    else:
        assert not isinstance(got, Refusal), got
        assert got.basic == want


def test_CEN_GRD_2_under_water_the_hex_entered_is_paid_as_under_water():
    # a submerged Viper lifts off the bottom with 1 TP and moves 1 hex beneath the surface: 4 VP, limit 1 (TET)
    m = map_from_rows(W)
    st = GravState.of(VIPER, parse_label("0203"), 0, 0, grounded=True, submerged=True)
    for rules in (LAT, MT, BURN):
        r = resolve_variant_move(st, VariantMove(2, "F", under_water=True), m, VIPER, rules)
        assert not isinstance(r, Refusal), r
        (e,) = r.basic.entries
        assert (e.terrain, e.vp, e.terrain_limit, e.one_hex_rule) == ("under_water", 4, 1, True)
        assert r.terrain_surcharge == 0 and r.road_hexes == 0
    # into the light woods of 0303 (north-east of 0203) it may not go: named with a space
    st1 = dataclasses.replace(st, facing=1)
    r = resolve_variant_move(st1, VariantMove(2, "F", under_water=True), m, VIPER, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRD-2" and r.step == 0
    assert r.reason == "under water the vehicle can only move into lake hexes; 0303 is light woods"


# --- the variant-only refusals, word for word --------------------------------------------------------------------

FIELD = map_from_rows(["." * 12] * 10)


def test_VAR_LATERAL_a_lost_vane_or_the_interval_refuses_a_shift_by_name():
    st = GravState.of(VIPER, parse_label("0306"), 0, 3, left_vane_lost=True)
    r = resolve_variant_move(st, VariantMove(0, "F SL F"), FIELD, VIPER, LAT)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-CMB-1", 1)
    assert r.reason == "the left vane is lost: no more shifts that way"
    st = GravState.of(VIPER, parse_label("0306"), 0, 3, right_vane_lost=True)
    r = resolve_variant_move(st, VariantMove(0, "F R F"), FIELD, VIPER, LAT)
    assert r.reason == "the right vane is lost: no more turns that way"
    # the Facing Change Table: 1 hex straight at velocity 3, 2 at velocity 6
    st = GravState.of(VIPER, parse_label("0308"), 0, 3)
    r = resolve_variant_move(st, VariantMove(0, "SR F F"), FIELD, VIPER, LAT)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-GRAV-4", 0)
    assert r.reason == "at velocity 3 the vehicle must travel 1 hex straight before a shift; it has travelled 0"
    st = GravState.of(VIPER, parse_label("0308"), 0, 6)
    r = resolve_variant_move(st, VariantMove(0, "F L F F F F F"), FIELD, VIPER, LAT)
    assert r.reason == "at velocity 6 the vehicle must travel 2 hexes straight before a turn; it has travelled 1"
    r = resolve_variant_move(st, VariantMove(0, "F L L F F F F F"), FIELD, VIPER, EMER)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-GRAV-4", 2)
    assert r.reason == ("at velocity 6 the vehicle must travel 2 hexes straight before a turn; it has travelled 0; an "
                        "emergency turn (VAR-EMERGENCY) still needs one hex straight since the last turn")


def test_VAR_EMERGENCY_the_refusals_name_the_vane_and_the_thrust():
    st = GravState.of(VIPER, parse_label("0609"), 0, 6)
    r = resolve_variant_move(st, VariantMove(0, "F L F F F F F"), FIELD, VIPER, EMER, vane_boxes_lost={"left": 6})
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-EMERGENCY", 1)
    assert r.reason == ("a vane has 5 boxes (an assumption: the Variant Damage Rules are absent from the seed); boxes "
                        "lost must be 0..5, got 6")
    lib = GravState.of(LIB, parse_label("0308"), 0, 0)
    r = resolve_variant_move(lib, VariantMove(6, "F R F F F F F"), FIELD, LIB, EMER)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-EMERGENCY", 1)
    assert r.reason == ("the emergency turn needs 1 TP pumped into the right vane; with the rest of the move that is 7 "
                        "thrust points, the Liberator heavy tank (Renegade) has 6")


ROAD = " ".join(f"01{r:02d}" for r in range(8, 0, -1))  # a straight road up column 01
WIDE = map_from_rows(["...."] * 8, roads=[ROAD])


def test_VAR_MOVETYPE_the_road_refusals_word_for_word():
    st = GravState.of(LIB, parse_label("0108"), 0, 1)
    r = resolve_variant_move(st, VariantMove(0, "F F F"), WIDE, LIB, MT)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-GRAV-2", 2)
    assert r.reason == "all 2 VP are spent; the vehicle cannot enter another hex (200% along the road, VAR-MOVETYPE)"
    st = GravState.of(LIB, parse_label("0108"), 0, 3)
    r = resolve_variant_move(st, VariantMove(0, "F F F R F"), WIDE, LIB, MT)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-MOVETYPE", 4)
    assert r.reason == ("0204 is off the road: the 200% movement holds only for a move spent wholly on the road, and "
                        "the 3 VP of velocity 3 are spent")


def test_VAR_LATERAL_a_shift_at_velocity_1_along_a_bending_road():
    # velocity 1 counts twice along the road (VAR-MOVETYPE): one hex ahead, then a shift forward-left (north-west,
    # 0206) where the road bends; a shift the other way (0406) leaves the road with the velocity spent
    m = map_from_rows(["...."] * 8, roads=["0308 0307 0206 0205"])
    rules = RuleSet.from_names(["VAR-MOVETYPE", "VAR-LATERAL"])
    st = GravState.of(VIPER, parse_label("0308"), 0, 1)
    r = resolve_variant_move(st, VariantMove(0, "F SL"), m, VIPER, rules)
    assert not isinstance(r, Refusal), r
    assert r.end_hex == parse_label("0206") and r.end_facing == 0 and r.road_hexes == 1
    r = resolve_variant_move(st, VariantMove(0, "F SR"), m, VIPER, rules)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-MOVETYPE", 1) and r.reason.startswith("0406 is off")
    # off the map to the left: named as the forward-left hex
    edge = GravState.of(VIPER, parse_label("0108"), 0, 1)
    r = resolve_variant_move(edge, VariantMove(0, "F SL"), WIDE, VIPER, rules)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("HEX-4", 1)
    assert r.reason == "the hex left-forward of 0107 is off the map"


# --- VAR-OCCUPY: standing 'out' sets the level the next hex is entered from (the map: OCC_TEXT) ---------------


def test_VAR_OCCUPY_out_in_the_open_part_the_next_hex_is_entered_from_its_level():
    # 'out' in the open part of 0205 (clear, level 0): 1 VP; then 0204 (light woods at level 2, no position
    # declared) from level 0: 2 VP + 2 up (CEN-TER-2) = 4, not 2 + 0 from the woods' level 3
    m = load_map("occupy.yaml", text=OCC_TEXT)
    parts = load_partial_terrain("occupy.yaml", m, text=OCC_TEXT)
    st = GravState.of(VIPER, parse_label("0206"), 0, 5)
    r = resolve_variant_move(st, VariantMove(0, "F F", positions=((0, "out"),)), m, VIPER, OCC, partial=parts)
    assert not isinstance(r, Refusal), r
    assert [(e.terrain, e.vp) for e in r.basic.entries] == [("clear", 1), ("light_woods", 4)]
    assert r.basic.vp_unspent == 0 and r.positions == ((parse_label("0205"), "out", "clear", 0),)


# --- execute_variant_move ----------------------------------------------------------------------------------

def damage_that_also(**effects):
    """A damage rule that also changes the movement state as a record sheet's internals may (book-a 13.2): a Thrust
    location lost (`thrust_quarters_lost=`), the driver put out (`driver_out=True`)."""
    def damage(state, section, points, cause, rule):
        s, ev = take_movement_damage(state, section, points, cause, rule)
        return dataclasses.replace(s, **effects), ev
    return damage


def losing_thrust(quarters: int):
    """A damage rule that also takes a Thrust location (1/4, 1/2, 3/4: `quarters`)."""
    return damage_that_also(thrust_quarters_lost=quarters)


def through_heavy_woods(decelerate: int, rules: RuleSet):
    """A Viper (8 TP) at 8 flying 8 hexes north through one heavy wood (limit 6), decelerating `decelerate`."""
    m = map_from_rows(["."] * 4 + ["h"] + ["."] * 4)
    st = GravState.of(VIPER, parse_label("0109"), 0, 8)
    return resolve_variant_move(st, VariantMove(0, "F " * 8, decelerate), m, VIPER, rules)


def test_VAR_MOVETYPE_burn_with_a_quarter_of_the_thrust_lost_on_the_way():
    # Viper (8 TP) at 9 through one light wood (limit 8: a Piloting Skill Roll, failed; extra 1, burned), then
    # decelerating 6. The roll's damage takes a Thrust 1/4 location: 8 TP become 6 (book-a 13, halves up), enough
    # for the 6 TP of deceleration; the burned point costs no thrust. 9 - 6 - 1 = 2.
    m = map_from_rows(["."] * 5 + ["l"] + ["."] * 4)
    st = GravState.of(VIPER, parse_label("0110"), 0, 9)
    r = resolve_variant_move(st, VariantMove(0, "F " * 9, 6), m, VIPER, BURN)
    assert not isinstance(r, Refusal), r
    assert r.burned == 1 and r.basic.end_velocity == 2
    rep = execute_variant_move(r, Dice.scripted([10]), damage=losing_thrust(1))
    assert len(rep.report.rolls) == 1 and not rep.report.rolls[0].success
    assert rep.state.thrust_quarters_lost == 1
    assert rep.state.velocity == 2 and rep.report.notes == ()


def test_VAR_EMERGENCY_a_box_lost_in_one_turn_lowers_the_next_turns_targets():
    # two left emergency turns in one move at velocity 6: the first crosses a box (damage roll 9 over its 7), so the
    # second's targets are one lower (8/7/8 become 7/6/7, RULES.md VAR-EMERGENCY); a burnout roll of 7 then passes
    st = GravState.of(VIPER, parse_label("0609"), 0, 6)
    r = resolve_variant_move(st, VariantMove(0, "F L F L F F F F"), FIELD, VIPER, EMER)
    assert not isinstance(r, Refusal), r
    assert [e.odds.targets for e in r.emergencies] == [(8, 7, 8), (8, 7, 8)]
    rep = execute_variant_move(r, Dice.scripted([1, 9, 1, 7, 1, 1]))
    first, second = rep.vanes
    assert first.boxes_lost == 1 and not first.burned_out
    assert [x.target for x in second.rolls] == [7, 6, 7] and not second.burned_out
    assert not rep.state.left_vane_lost


def test_VAR_MOVETYPE_burn_when_the_deceleration_passes_zero():
    # Liberator at 2 through one light wood, decelerating 3: 2 - 3 = -1, the burned point brings it back towards 0
    # (VAR-MOVETYPE burns velocity off); the engine carries out the same end velocity
    m = map_from_rows([".", "l", ".", "."])
    st = GravState.of(LIB, parse_label("0103"), 0, 2)
    r = resolve_variant_move(st, VariantMove(0, "F F", 3), m, LIB, BURN)
    assert not isinstance(r, Refusal), r
    assert (r.burned, r.basic.end_velocity) == (1, 0)
    assert execute_variant_move(r, Dice.scripted([])).state.velocity == 0
    back = GravState.of(LIB, parse_label("0101"), 0, -1)  # reversing at -1, 'decelerating' 2: -3, burned to -2
    r = resolve_variant_move(back, VariantMove(0, "B", 2), map_from_rows([".", "l", ".", "."]), LIB, BURN)
    assert not isinstance(r, Refusal), r
    assert (r.burned, r.basic.end_velocity) == (1, -2)
    assert execute_variant_move(r, Dice.scripted([])).state.velocity == -2


# --- VAR-OCCUPY: the hexside crossed to enter and the one left by are those of the move ----------------------------

def occupy_with(part: str):
    text = ("name: occupy-sides\ncolumns: 3\nrows: 6\nlegend: {\".\": clear, \"l\": light_woods}\n"
            'terrain: ["...", "...", "...", ".l.", "...", "..."]\n'
            f"partial_terrain:\n  - {{hex: \"0204\", open: clear, {part}}}\n")
    m = load_map("occupy.yaml", text=text)
    return m, load_partial_terrain("occupy.yaml", m, text=text)


def test_VAR_OCCUPY_the_hexside_crossed_into_the_second_hex():
    # 0206 -> 0205 -> 0204 northwards: 0204 is entered across its south hexside (3). Covered along its whole length,
    # the unit must take the woods (RULES.md VAR-OCCUPY); a covered north hexside (0) leaves the choice
    st = GravState.of(VIPER, parse_label("0206"), 0, 3)
    move = VariantMove(0, "F F F", positions=((1, "out"),))
    m, parts = occupy_with("covered_hexsides: [3]")
    r = resolve_variant_move(st, move, m, VIPER, OCC, partial=parts)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-OCCUPY", 1)
    assert "hexside it crosses (3)" in r.reason
    m, parts = occupy_with("covered_hexsides: [0]")
    r = resolve_variant_move(st, move, m, VIPER, OCC, partial=parts)
    assert not isinstance(r, Refusal), r
    assert r.positions == ((parse_label("0204"), "out", "clear", 0),)


def test_VAR_OCCUPY_a_feature_crossed_to_the_far_side():
    # a feature running from hexside 1 to hexside 4 of 0204: in across the south side (3), out across the north
    # side (0) to 0203 is the far side, so the unit must take the woods; stopping in 0204 it may stand out
    m, parts = occupy_with("crossing: [1, 4]")
    through = resolve_variant_move(GravState.of(VIPER, parse_label("0206"), 0, 3),
                                   VariantMove(0, "F F F", positions=((1, "out"),)), m, VIPER, OCC, partial=parts)
    assert isinstance(through, Refusal) and (through.rule, through.step) == ("VAR-OCCUPY", 1)
    assert "far side" in through.reason
    stop = resolve_variant_move(GravState.of(VIPER, parse_label("0206"), 0, 2),
                                VariantMove(0, "F F", positions=((1, "out"),)), m, VIPER, OCC, partial=parts)
    assert not isinstance(stop, Refusal), stop


def test_VAR_LATERAL_VAR_EMERGENCY_a_left_shift_reported_with_its_step_and_rules():
    st = GravState.of(VIPER, parse_label("0609"), 0, 6)
    both = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
    r = resolve_variant_move(st, VariantMove(0, "F SL F F F F"), FIELD, VIPER, both)
    assert not isinstance(r, Refusal), r
    assert r.rules == both and [(s.step, s.side, s.vp) for s in r.shifts] == [(1, "left", 1)]
    assert r.notes[1] == ("VAR-EMERGENCY: left shift after 1 of 2 straight hexes: 1 TP into the vane, saves 8/7/8")


def test_VAR_MOVETYPE_a_shift_into_woods_over_the_thrust_names_the_terrain():
    # Liberator from 0 accelerating 4, shifting into heavy woods under 'thrust': 4 TP + the shift's
    # 1 + the woods' 2 = 7 of its 6; it is the terrain's thrust that is named
    field = map_from_rows(["...", "...", "...", "h..", "...", "..."])
    st = GravState.of(LIB, parse_label("0206"), 0, 0)
    rules = RuleSet.from_names(["VAR-MOVETYPE:thrust", "VAR-LATERAL"])
    r = resolve_variant_move(st, VariantMove(4, "F F SL"), field, LIB, rules)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-MOVETYPE", 2)
    assert r.reason == ("2 TP for the heavy woods (VAR-MOVETYPE) brings the move to 7 thrust points; the Liberator heavy "
                        "tank (Renegade) has 6")


def test_VAR_MOVETYPE_a_table_that_closes_clear_ground_keeps_the_other_terrain_open():
    # the variant's '1 VP plus the slope' is the clear row's cost; with a table that closes clear ground to grav
    # vehicles, light woods stay open at their own VP (2, the TET) and the surcharge is still their extra 1
    from centurion.variants.move_resolution import variant_entry_cost

    closed = dataclasses.replace(BASE, terrain=MappingProxyType({
        **BASE.terrain, "clear": dataclasses.replace(BASE["clear"], vp={**BASE["clear"].vp, "grav": None})}))
    m = map_from_rows(["l", "l"])
    assert variant_entry_cost(m, parse_label("0102"), parse_label("0101"), closed, MT, False) == (2, 8,
                                                                                                   "light_woods", 1)


def test_VAR_MOVETYPE_burn_costs_no_thrust_when_half_the_thrust_is_lost_on_the_way():
    # Viper (8 TP) at 8 through heavy woods (limit 6: a roll, failed; extra 2, burned), decelerating 4. The roll's
    # damage takes a Thrust 1/2 location: 8 TP become 4, just enough for the 4 TP of deceleration; the 2 burned
    # cost no thrust (VAR-MOVETYPE): 8 - 4 - 2 = 2, the end velocity the resolver reports
    r = through_heavy_woods(4, BURN)
    assert not isinstance(r, Refusal), r
    assert (r.burned, r.basic.end_velocity) == (2, 2)
    rep = execute_variant_move(r, Dice.scripted([10]), damage=losing_thrust(2))
    assert rep.state.thrust_quarters_lost == 2
    assert rep.state.velocity == 2


knock_the_driver_out = damage_that_also(driver_out=True)  # the Helm lost


def test_VAR_MOVETYPE_the_burn_stays_when_the_driver_is_put_out_on_the_way():
    # as above, the roll's damage puts the driver out: no thrust, so no deceleration (CEN-CMB-1), but the heavy
    # woods' 2 are still burned off (they cost no thrust): 8 - 2 = 6
    r = through_heavy_woods(4, BURN)
    rep = execute_variant_move(r, Dice.scripted([10]), damage=knock_the_driver_out)
    assert rep.state.driver_out and rep.state.velocity == 6


def test_VAR_MOVETYPE_the_burn_is_recomputed_when_the_driver_out_leaves_velocity_to_burn():
    # decelerating 8 would bring it to 0 with nothing left to burn (the resolver burns 0); with the driver put out
    # on the way it keeps its 8 (no thrust, CEN-CMB-1) and the heavy woods' 2 are burned off after all: 6
    r = through_heavy_woods(8, BURN)
    assert not isinstance(r, Refusal), r
    assert (r.burned, r.basic.end_velocity) == (0, 0)
    rep = execute_variant_move(r, Dice.scripted([10]), damage=knock_the_driver_out)
    assert rep.state.driver_out and rep.state.velocity == 6


def test_VAR_MOVETYPE_terrain_paid_in_thrust_is_not_burned_when_the_driver_is_put_out():
    # under 'thrust' the heavy woods' 2 were paid in thrust: a driver put out on the way drops the deceleration and
    # nothing is burned: it flies on at 8
    r = through_heavy_woods(4, RuleSet.from_names(["VAR-MOVETYPE:thrust"]))
    assert not isinstance(r, Refusal), r
    assert (r.terrain_thrust, r.burned, r.basic.end_velocity) == (2, 0, 4)
    rep = execute_variant_move(r, Dice.scripted([10]), damage=knock_the_driver_out)
    assert rep.state.driver_out and rep.state.velocity == 8
