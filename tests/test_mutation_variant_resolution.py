"""Mutation kill tests for the variant move resolver, centurion/variants/move_resolution.py (issues 22 and 23,
docs/mutation.md): `variant_entry_cost` per terrain and VAR-MOVETYPE option, and `resolve_variant_move`'s refusals
and reports that the earlier survivors showed untested.

Expected values come from RULES.md (CEN-TER-1/-2 slopes, CEN-GRAV-2..5, CEN-CMB-1, VAR-LATERAL, VAR-EMERGENCY,
VAR-MOVETYPE), the Terrain Effects Table (data/terrain.yaml, the rulebook's numbers), the variants seed (a grav
hex costs 1 VP, the Variant Terrain Table's extra is burned off or paid in thrust; 200 % along a road) with the
extra costs that data/variants.yaml marks as assumptions, and, for moves that use no variant, the basic engine
`resolve_grav_move` (a separate module with its own tests) as the oracle.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules import GravState
from centurion.rules.grav import GravMove, Refusal, resolve_grav_move
from centurion.variants import RuleSet, VariantMove, resolve_variant_move
from centurion.variants.move_resolution import execute_variant_move, variant_entry_cost

LIB = vehicle_types()["liberator"]  # max thrust 6
VIPER = vehicle_types()["viper"]  # max thrust 8
OFF = RuleSet()
MT = RuleSet.from_names(["VAR-MOVETYPE"])
BURN = RuleSet.from_names(["VAR-MOVETYPE:burn"])
THRUST = RuleSet.from_names(["VAR-MOVETYPE:thrust"])
LAT = RuleSet.from_names(["VAR-LATERAL"])
EMER = RuleSet.from_names(["VAR-EMERGENCY"])
BOTH = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])

# the Terrain Effects Table (CEN-TER-1): grav VP and speed limit; the Variant Terrain Table's grav extra
# (VAR-MOVETYPE, data/variants.yaml: assumptions, the seed's table is lost)
BASIC = {".": ("clear", 1, 20), "r": ("road", 1, 20), "l": ("light_woods", 2, 8), "h": ("heavy_woods", 3, 6),
         "~": ("river", 1, 20), "w": ("lake", 1, 20), "b": ("building", 1, 10), "x": ("rubble", 2, 8)}
EXTRA = {"clear": 0, "road": 0, "light_woods": 1, "heavy_woods": 2, "river": 0, "lake": 0, "building": 0, "rubble": 1}
SLOPE = {(0, 0): 0, (0, 2): 2, (3, 0): -1, (0, 5): 5, (5, 0): -3}  # CEN-TER-1: up +n; down 0, -1, -1, -2, -3


def column(dest: str, dest_level: int = 0, here_level: int = 0):
    """A one-column map: the hex entered (0101) north of the start (0102)."""
    return map_from_rows([dest, "."], [str(dest_level), str(here_level)]), parse_label("0102"), parse_label("0101")


@pytest.mark.parametrize("char", list(BASIC))
@pytest.mark.parametrize("levels", list(SLOPE))
def test_VAR_MOVETYPE_variant_entry_cost_of_each_terrain(char, levels):
    key, vp, limit = BASIC[char]
    here_level, dest_level = levels
    m, here, dest = column(char, dest_level, here_level)
    slope = SLOPE[levels]
    # the lower of the terrain's and the slope's limit (20 up to 3 levels, 16 for 4-5, CEN-TER-3)
    want_limit = min(limit, 16) if abs(dest_level - here_level) >= 4 else limit
    # switch off: the basic cost, terrain VP + slope, never below 0 (CEN-TER-2), and no surcharge
    assert variant_entry_cost(m, here, dest, None, OFF, False) == (max(0, vp + slope), want_limit, key, 0)
    # on (either option): 1 VP plus the slope, the rest is the surcharge; the speed limit is the basic one
    for rules in (MT, BURN, THRUST):
        assert variant_entry_cost(m, here, dest, None, rules, False) == (max(0, 1 + slope), want_limit, key,
                                                                         EXTRA[key])


def test_VAR_MOVETYPE_variant_entry_cost_under_water_and_with_a_table():
    # under water a lake hex is entered as 'under water' (4 VP, limit 1, CEN-GRD-2), which has no variant row
    m, here, dest = column("w")
    for rules in (OFF, BURN, THRUST):
        assert variant_entry_cost(m, here, dest, None, rules, True) == (4, 1, "under_water", 0)
    # a terrain table given is used for the base cost of the hex under VAR-MOVETYPE too: clear at 2 VP there
    base = terrain_table()
    dear = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "clear": dataclasses.replace(base["clear"], vp={**base["clear"].vp, "grav": 2}),
        "heavy_woods": dataclasses.replace(base["heavy_woods"], speed_limit=2)}))
    m, here, dest = column("h")
    assert variant_entry_cost(m, here, dest, dear, OFF, False) == (3, 2, "heavy_woods", 0)
    assert variant_entry_cost(m, here, dest, dear, BURN, False) == (2, 2, "heavy_woods", 2)
    m, here, dest = column("h", 2)
    assert variant_entry_cost(m, here, dest, dear, THRUST, False) == (4, 2, "heavy_woods", 2)


def test_VAR_MOVETYPE_the_table_reaches_the_resolver():
    # the Liberator at 2 through heavy woods: clear priced at 2 VP by the table, so 1 + 1 is too dear for 2 hexes
    base = terrain_table()
    dear = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "clear": dataclasses.replace(base["clear"], vp={**base["clear"].vp, "grav": 2})}))
    m = map_from_rows([".", "h", "h", "."])
    state = GravState.of(LIB, parse_label("0104"), 0, 2)
    ok = resolve_variant_move(state, VariantMove(0, "F F"), m, LIB, THRUST)
    assert not isinstance(ok, Refusal) and [e.vp for e in ok.basic.entries] == [1, 1] and ok.terrain_thrust == 4
    dear_r = resolve_variant_move(state, VariantMove(0, "F F"), m, LIB, THRUST, table=dear)
    assert isinstance(dear_r, Refusal) and dear_r.rule == "CEN-GRAV-2" and dear_r.step == 1


# --- resolve_variant_move: refusals --------------------------------------------------------------------------

FIELD = map_from_rows(["." * 12] * 10)


def test_CEN_CMB_1_a_driver_out_or_a_lost_vane_refuses_the_turn_or_shift_at_its_step():
    start = parse_label("0306")
    out = GravState.of(VIPER, start, 0, 3, driver_out=True)
    r = resolve_variant_move(out, VariantMove(0, "F L F F"), FIELD, VIPER, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and r.step == 1 and "driver" in r.reason
    r = resolve_variant_move(out, VariantMove(0, "F SR F"), FIELD, VIPER, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and r.step == 1 and "driver" in r.reason
    for side, lost in (("left", {"left_vane_lost": True}), ("right", {"right_vane_lost": True})):
        st = GravState.of(VIPER, start, 0, 3, **lost)
        steps = "F SL F" if side == "left" else "F SR F"
        r = resolve_variant_move(st, VariantMove(0, steps), FIELD, VIPER, LAT)
        assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and r.step == 1
        assert f"{side} vane" in r.reason and "shift" in r.reason
        r = resolve_variant_move(st, VariantMove(0, steps.replace("S", "")), FIELD, VIPER, LAT)
        assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and r.step == 1 and "turn" in r.reason
        other = "F SR F" if side == "left" else "F SL F"  # the other vane still works
        assert not isinstance(resolve_variant_move(st, VariantMove(0, other), FIELD, VIPER, LAT), Refusal)


def test_CEN_GRAV_4_brought_to_velocity_0_by_acceleration_no_facing_change_in_the_hex():
    # reversing at -2, accelerating 2: velocity 0 this turn, but it did not start the turn at 0 (CEN-GRAV-4)
    st = GravState.of(LIB, parse_label("0306"), 0, -2)
    r = resolve_variant_move(st, VariantMove(2, "L"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-4" and r.step == 0 and "-2" in r.reason
    r = resolve_variant_move(st, VariantMove(2, "SR"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-4" and r.step == 0
    # one that started at 0 spins freely; but at velocity 0 it cannot leave its hex (CEN-GRAV-2)
    zero = GravState.of(LIB, parse_label("0306"), 0, 0)
    spin = resolve_variant_move(zero, VariantMove(0, "L"), FIELD, LIB, LAT)
    assert not isinstance(spin, Refusal) and spin.end_facing == 5
    r = resolve_variant_move(st, VariantMove(2, "B"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-2" and r.step == 0 and "velocity 0" in r.reason


def test_CEN_GRAV_5_forwards_and_backwards_follow_the_sign_of_the_velocity():
    back = GravState.of(LIB, parse_label("0303"), 0, -2)
    r = resolve_variant_move(back, VariantMove(0, "B F"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-5" and r.step == 1 and "-2" in r.reason
    fwd = GravState.of(LIB, parse_label("0303"), 0, 1)
    r = resolve_variant_move(fwd, VariantMove(0, "B"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-5" and r.step == 0 and "velocity 1" in r.reason
    ok = resolve_variant_move(back, VariantMove(0, "B B"), FIELD, LIB, LAT)
    assert not isinstance(ok, Refusal) and ok.end_hex == parse_label("0305")


def test_VAR_LATERAL_a_shift_at_velocity_1_and_reversing():
    # at velocity 1 a turn or shift needs one straight hex (the Facing Change Table); forward-left is north-west
    st = GravState.of(VIPER, parse_label("0306"), 0, 2)
    r = resolve_variant_move(st, VariantMove(0, "F SL"), FIELD, VIPER, LAT)
    assert not isinstance(r, Refusal) and r.end_hex == parse_label("0204") and r.end_facing == 0
    one = GravState.of(VIPER, parse_label("0306"), 0, 1)
    r = resolve_variant_move(one, VariantMove(1, "F SR"), FIELD, VIPER, LAT)
    assert not isinstance(r, Refusal) and r.end_hex == parse_label("0404") and r.shifts[0].side == "right"
    # reversing, SL moves to the hex behind-left: with facing 0, south-west of 0304 (0204, as 0305's north-west)
    rev = GravState.of(VIPER, parse_label("0303"), 0, -2)
    r = resolve_variant_move(rev, VariantMove(0, "B SL"), FIELD, VIPER, LAT)
    assert not isinstance(r, Refusal) and r.end_hex == parse_label("0204") and r.end_facing == 0
    # off the map behind-left: named so
    edge = GravState.of(VIPER, parse_label("0107"), 0, -2)
    r = resolve_variant_move(edge, VariantMove(0, "B SL"), FIELD, VIPER, LAT)
    assert isinstance(r, Refusal) and r.rule == "HEX-4" and r.step == 1 and "left-backward" in r.reason
    r = resolve_variant_move(GravState.of(VIPER, parse_label("0102"), 0, 2), VariantMove(0, "F SL"), FIELD, VIPER,
                             LAT)
    assert isinstance(r, Refusal) and r.rule == "HEX-4" and r.step == 1 and "left-forward" in r.reason


def test_VAR_LATERAL_the_shifts_thrust_point_counts_against_max_thrust():
    # Liberator (thrust 6) accelerating 6 from 0 to 6: a shift's 1 TP makes 7 (VAR-LATERAL: one thrust point)
    st = GravState.of(LIB, parse_label("0308"), 0, 0)
    r = resolve_variant_move(st, VariantMove(6, "F F SL F F F"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "VAR-LATERAL" and r.step == 2 and "7" in r.reason
    r = resolve_variant_move(st, VariantMove(5, "F F SL F F"), FIELD, LIB, LAT)
    assert not isinstance(r, Refusal) and r.thrust_used == 6


def test_CEN_GRAV_4_the_interval_message_and_emergency_turn_need_a_straight_hex():
    st = GravState.of(LIB, parse_label("0308"), 0, 3)
    r = resolve_variant_move(st, VariantMove(0, "L F"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-4" and r.step == 0
    assert "1 hex straight" in r.reason and "emergency" not in r.reason
    fast = GravState.of(LIB, parse_label("0308"), 0, 6)
    r = resolve_variant_move(fast, VariantMove(0, "F SL F F F F F"), FIELD, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-4" and "2 hexes" in r.reason and "shift" in r.reason
    r = resolve_variant_move(fast, VariantMove(0, "L F"), FIELD, LIB, EMER)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-4" and r.step == 0
    assert "emergency turn (VAR-EMERGENCY) still needs one hex straight" in r.reason


def test_VAR_EMERGENCY_the_turns_hex_and_the_vane_boxes_lost_on_its_side():
    # velocity 6: two straight hexes before a turn; after one, 1 TP into the vane: targets 9 - 1, 9 - 1 - 1,
    # 9 - 1 (the seed's 9s), each box already lost on that vane one lower (an assumption, data/variants.yaml)
    st = GravState.of(VIPER, parse_label("0609"), 0, 6)
    move = VariantMove(0, "F L F F F F F")
    r = resolve_variant_move(st, move, FIELD, VIPER, EMER)
    assert not isinstance(r, Refusal)
    (e,) = r.emergencies
    assert (e.step, e.side, e.hex, e.thrust, e.straight, e.required) == (1, "left", parse_label("0608"), 1, 1, 2)
    assert e.odds.targets == (8, 7, 8)
    worn = resolve_variant_move(st, move, FIELD, VIPER, EMER, vane_boxes_lost={"left": 2, "right": 4})
    assert worn.emergencies[0].odds.targets == (6, 5, 6)
    right = resolve_variant_move(st, VariantMove(0, "F R F F F F F"), FIELD, VIPER, EMER,
                                 vane_boxes_lost={"left": 2, "right": 4})
    assert right.emergencies[0].odds.targets == (4, 3, 4)
    # more boxes lost than a vane has (5, the assumption): refused with the rule, at the turn's step
    r = resolve_variant_move(st, move, FIELD, VIPER, EMER, vane_boxes_lost={"left": 6})
    assert isinstance(r, Refusal) and r.rule == "VAR-EMERGENCY" and r.step == 1
    assert r.reason.startswith("a vane has 5 boxes")


def test_VAR_EMERGENCY_the_vane_thrust_over_max_thrust_is_refused_at_the_turn():
    # Liberator from 0 to 6 (6 TP): the emergency turn's 1 TP makes 7
    st = GravState.of(LIB, parse_label("0308"), 0, 0)
    r = resolve_variant_move(st, VariantMove(6, "F L F F F F F"), FIELD, LIB, EMER)
    assert isinstance(r, Refusal) and r.rule == "VAR-EMERGENCY" and r.step == 1
    assert "1 TP" in r.reason and "7 thrust points" in r.reason and "has 6" in r.reason


ROAD = " ".join(f"01{r:02d}" for r in range(8, 0, -1))  # a straight road up column 01


def test_VAR_MOVETYPE_200_percent_on_the_road_at_velocity_1():
    # the seed: grav vehicles gain 200 % movement on any road, whatever the velocity
    m = map_from_rows(["..."] * 8, roads=[ROAD])
    st = GravState.of(LIB, parse_label("0108"), 0, 1)
    r = resolve_variant_move(st, VariantMove(0, "F F"), m, LIB, MT)
    assert not isinstance(r, Refusal) and r.end_hex == parse_label("0106") and r.road_hexes == 1
    assert r.basic.vp_spent == 2 and r.basic.vp_unspent == 0
    assert any("200%" in n and "1 hex" in n for n in r.notes)
    r = resolve_variant_move(st, VariantMove(0, "F F F"), m, LIB, MT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-2" and r.step == 2
    assert "all 2 VP" in r.reason and "200% along the road, VAR-MOVETYPE" in r.reason
    plain = resolve_variant_move(st, VariantMove(0, "F F"), m, LIB, LAT)
    assert isinstance(plain, Refusal) and "all 1 VP" in plain.reason and "road" not in plain.reason


# --- the end of the move: with every variant off the resolver is the basic engine ------------------------------

BASIC_CASES = [
    # (map rows, levels, state kwargs, move): digging, craters, lakes, grounding, the driver out, one-hex rule
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 0, True, dig_at=0)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 2, True, dig_at=2,
                                                                          take_crater=True)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 0, True, dig_at=3)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2, digging_charges=0), GravMove(0, "FF", 0, True,
                                                                                         dig_at=1)),
    (["...", ".w.", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 0, True, dig_at=2)),
    (["...", ".w.", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 2, True)),
    (["...", ".w.", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 0, False)),
    (["...", ".w.", "...", "..."], None, dict(hex="0202", v=0, grounded=True, submerged=True), GravMove(0, "")),
    (["...", ".w.", "...", "..."], None, dict(hex="0202", v=0, grounded=True, submerged=True),
     GravMove(2, "F", 0, True, under_water=True)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "F", 0, False)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "F", 1, True)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "F", 0, True, take_crater=True)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FF", 0, True, take_crater=False)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2, driver_out=True), GravMove(0, "F")),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2, driver_out=True), GravMove(0, "FF", 0, True)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2, driver_out=True), GravMove(0, "FF")),
    (["...", ".h.", "...", "..."], None, dict(hex="0203", v=2, driver_out=True), GravMove(0, "")),
    (["...", ".h.", "...", "..."], None, dict(hex="0204", v=3, driver_out=True), GravMove(0, "F")),
    (["...", ".h.", "...", "..."], None, dict(hex="0203", v=1), GravMove(0, "F")),
    (["...", ".h.", "...", "..."], None, dict(hex="0203", v=1), GravMove(1, "FF")),
    (["...", ".h.", "...", "..."], ["000", "040", "000", "000"], dict(hex="0203", v=3), GravMove(0, "F", 3, True)),
    (["...", "...", "...", "..."], None, dict(hex="0202", v=0, grounded=True), GravMove(0, "")),
    (["...", "...", "...", "..."], None, dict(hex="0202", v=0, grounded=True, in_crater=True), GravMove(0, "")),
    (["...", "...", "...", "..."], None, dict(hex="0202", v=0, grounded=True, in_crater=True),
     GravMove(0, "", take_crater=False)),
    (["...", "...", "...", "..."], None, dict(hex="0202", v=0, grounded=True), GravMove(3, "FF", 2, True)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=-2), GravMove(0, "BB", 2, True)),
    (["...", "...", "...", "..."], None, dict(hex="0201", v=-2), GravMove(0, "B", 0, False, odd_group_to="bottom")),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=1), GravMove(0, "F", 0, False, dig_at=-1)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=2), GravMove(0, "FLF", 0, False)),
    (["...", "...", "...", "..."], None, dict(hex="0204", v=3), GravMove(0, "FRF")),
]


@pytest.mark.parametrize("case", range(len(BASIC_CASES)))
def test_CEN_GRAV_with_every_variant_off_the_resolver_is_the_basic_engine(case):
    rows, levels, kw, move = BASIC_CASES[case]
    kw = dict(kw)
    m = map_from_rows(rows, levels)
    m = m.with_counter(parse_label("0203"), "crater")
    charges = kw.pop("digging_charges", None)
    state = GravState.of(VIPER, parse_label(kw.pop("hex")), 0, kw.pop("v"), **kw)
    if charges is not None:
        state = dataclasses.replace(state, digging_charges=charges)
    want = resolve_grav_move(state, move, m, VIPER, craters_taken={parse_label("0202"): 1})
    got = resolve_variant_move(state, VariantMove.of(move), m, VIPER, LAT, craters_taken={parse_label("0202"): 1})
    if isinstance(want, Refusal):
        assert isinstance(got, Refusal) and (got.rule, got.step) == (want.rule, want.step), (got, want)
        for word in [w for w in want.reason.split() if any(c.isdigit() for c in w)]:
            assert word in got.reason
        return
    assert not isinstance(got, Refusal), got
    assert got.basic == want
    assert got.notes == () and got.shifts == () and got.emergencies == ()


def test_CEN_GRD_2_a_submerged_vehicle_that_stays_keeps_the_note():
    m = map_from_rows(["...", ".w.", "..."])
    st = GravState.of(VIPER, parse_label("0202"), 0, 0, grounded=True, submerged=True)
    r = resolve_variant_move(st, VariantMove(0, ""), m, VIPER, LAT)
    assert not isinstance(r, Refusal) and "CEN-GRD-2: stays under water" in r.basic.notes
    lift = resolve_variant_move(st, VariantMove(3, ""), m, VIPER, LAT)
    assert not isinstance(lift, Refusal) and "CEN-GRD-2: stays under water" not in lift.basic.notes


# --- execute_variant_move ----------------------------------------------------------------------------------

def test_VAR_MOVETYPE_thrust_a_driver_out_burns_the_surcharge_off_instead():
    """Under VAR-MOVETYPE:thrust a vehicle pays the terrain surcharge in thrust; with its driver out nobody applies
    thrust (book-a §13), so the surcharge is burned off its end velocity as under 'burn' (docs/decisions.md).
    A Liberator at 5, driver out, straight on through two light woods (VAR-MOVETYPE table: 1 each): 5 - 2 = 3."""
    woods = map_from_rows([".", ".", ".", "l", "l", ".", ".", "."])
    flying = GravState.of(LIB, parse_label("0108"), 0, 5)
    paid = resolve_variant_move(flying, VariantMove(0, "F F F F F"), woods, LIB, THRUST)
    assert paid.terrain_thrust == 2 and paid.burned == 0 and paid.basic.end_velocity == 5  # the driver pays
    out = GravState.of(LIB, parse_label("0108"), 0, 5, driver_out=True)
    r = resolve_variant_move(out, VariantMove(0, "F F F F F"), woods, LIB, THRUST)
    assert not isinstance(r, Refusal)
    assert r.terrain_surcharge == 2 and r.terrain_thrust == 0 and r.burned == 2 and r.basic.end_velocity == 3
    assert any("burned off the end velocity" in n for n in r.notes)
    rep = execute_variant_move(r, Dice.scripted([]))
    assert rep.state.velocity == 3


def test_VAR_MOVETYPE_burn_after_a_deceleration_and_reversing():
    # Liberator at 5 through two light woods (extra 1 each), decelerating 2: 5 - 2 - 2 = 1 at the end
    m = map_from_rows(["."] * 8)
    woods = map_from_rows([".", ".", ".", "l", "l", ".", ".", "."])
    st = GravState.of(LIB, parse_label("0108"), 0, 5)
    r = resolve_variant_move(st, VariantMove(0, "F F F F F", 2), woods, LIB, BURN)
    assert not isinstance(r, Refusal) and r.burned == 2 and r.basic.end_velocity == 1 and r.thrust_used == 2
    rep = execute_variant_move(r, Dice.scripted([]))
    assert rep.state.velocity == 1 and rep.report.state.velocity == 1
    # grounding at the end: the damage uses the burned velocity (the seed: burned off the final velocity)
    g = resolve_variant_move(st, VariantMove(0, "F F F F F", 2, True), woods, LIB, BURN)
    assert g.basic.end_velocity == 1 and g.basic.grounding_damage == resolve_grav_move(
        st, GravMove(0, "FFFFF", 4, True), m, LIB).grounding_damage
    rep = execute_variant_move(g, Dice.scripted([]))
    assert rep.state.velocity == 0 and rep.state.grounded
    # the engine checks the thrust of the deceleration it is handed: the burn costs none, so the whole thrust is
    # still there (6 TP of deceleration plus 2 burned)
    hard = resolve_variant_move(st, VariantMove(0, "F F F F F", 3, True), woods, LIB, BURN)
    assert hard.burned == 2 and hard.basic.end_velocity == 0
    rep = execute_variant_move(hard, Dice.scripted([]))
    assert rep.state.velocity == 0 and rep.state.grounded
    # reversing at -3 through one light wood: burned towards 0, -3 + 1 = -2
    back = GravState.of(LIB, parse_label("0101"), 0, -3)
    wood = map_from_rows([".", "l", ".", ".", "."])
    r = resolve_variant_move(back, VariantMove(0, "B B B"), wood, LIB, BURN)
    assert not isinstance(r, Refusal) and r.burned == 1 and r.basic.end_velocity == -2
    rep = execute_variant_move(r, Dice.scripted([]))
    assert rep.state.velocity == -2
    r = resolve_variant_move(back, VariantMove(0, "B B B", 1), wood, LIB, BURN)  # decelerating: -4, burned -3
    assert r.basic.end_velocity == -3 and execute_variant_move(r, Dice.scripted([])).state.velocity == -3


def test_VAR_EMERGENCY_execute_counts_the_boxes_already_lost():
    # a vane with 4 of its 5 boxes lost (an assumption) loses the last on a failed damage roll: it is lost
    st = GravState.of(VIPER, parse_label("0609"), 0, 6)
    r = resolve_variant_move(st, VariantMove(0, "F L F F F F F"), FIELD, VIPER, EMER, vane_boxes_lost={"left": 4})
    assert r.emergencies[0].odds.targets == (4, 3, 4)
    # burnout roll 1 passes (at or under 4), damage roll 9 fails (over 3): one box crossed, the fifth; short 1 passes
    rep = execute_variant_move(r, Dice.scripted([1, 9, 1]), {"left": 4})
    assert rep.vanes[0].boxes_lost == 1 and not rep.vanes[0].burned_out and rep.state.left_vane_lost
    rep = execute_variant_move(r, Dice.scripted([1, 9, 1]), {"left": 3})
    assert rep.vanes[0].boxes_lost == 1 and not rep.state.left_vane_lost
    rep = execute_variant_move(r, Dice.scripted([1, 9, 1]))
    assert not rep.state.left_vane_lost


# --- VAR-OCCUPY: the cost of a hex entered with a declared position ------------------------------------------

OCC_TEXT = """name: occupy-levels
columns: 3
rows: 6
legend: {".": clear, "l": light_woods}
terrain: ["...", "...", "...", ".l.", ".l.", "..."]
elevation: ["000", "000", "000", "020", "000", "000"]
partial_terrain:
  - {hex: "0205", open: clear, level: 3, open_level: 0}
  - {hex: "0204", open: clear}
"""
FLAT_TEXT = """name: occupy-flat
columns: 3
rows: 6
legend: {".": clear, "l": light_woods}
terrain: ["...", "...", "...", "...", ".l.", "..."]
partial_terrain:
  - {hex: "0205", open: clear}
"""
OCC = RuleSet.from_names(["VAR-OCCUPY"])


def occupy_map(text):
    from centurion.data import load_map
    from centurion.data.partial_hexes import load_partial_terrain

    m = load_map("occupy.yaml", text=text)
    return m, load_partial_terrain("occupy.yaml", m, text=text)


def test_VAR_OCCUPY_the_next_hex_is_entered_from_the_level_of_the_declared_position():
    # 'in' the woods of 0205, at its level 3: 2 VP + 3 up (CEN-TER-2); then 0204 (a partly wooded hex at level 2,
    # no position declared: the basic reading, light woods) from level 3: 2 VP + 0 for a level down
    m, parts = occupy_map(OCC_TEXT)
    st = GravState.of(VIPER, parse_label("0206"), 0, 7)
    r = resolve_variant_move(st, VariantMove(0, "F F", positions=((0, "in"),)), m, VIPER, OCC, partial=parts)
    assert not isinstance(r, Refusal), r
    assert [(e.terrain, e.vp) for e in r.basic.entries] == [("light_woods", 5), ("light_woods", 2)]
    assert not r.basic.grounds and r.basic.vp_unspent == 0 and r.terrain_surcharge == 0
    assert r.positions == ((parse_label("0205"), "in", "light_woods", 3),)
    # VAR-MOVETYPE too: each hex 1 VP plus the slope, light woods' extra 1 each paid in thrust
    both = RuleSet.from_names(["VAR-OCCUPY", "VAR-MOVETYPE:thrust"])
    st5 = GravState.of(VIPER, parse_label("0206"), 0, 5)
    r = resolve_variant_move(st5, VariantMove(0, "F F", positions=((0, "in"),)), m, VIPER, both, partial=parts)
    assert not isinstance(r, Refusal), r
    assert [e.vp for e in r.basic.entries] == [4, 1] and r.terrain_surcharge == 2 and r.terrain_thrust == 2
    assert r.basic.vp_unspent == 0


def test_VAR_OCCUPY_a_terrain_table_prices_the_declared_position():
    # a table with clear at 2 VP and speed limit 3: standing 'out' of the woods of 0205 is clear ground priced by it,
    # and so is the clear hex after it
    base = terrain_table()
    dear = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "clear": dataclasses.replace(base["clear"], vp={**base["clear"].vp, "grav": 2},
                                                     speed_limit=3)}))
    m, parts = occupy_map(FLAT_TEXT)
    st = GravState.of(VIPER, parse_label("0206"), 0, 4)
    for rules in (OCC, RuleSet.from_names(["VAR-OCCUPY", "VAR-MOVETYPE:burn"])):
        r = resolve_variant_move(st, VariantMove(0, "F F", positions=((0, "out"),)), m, VIPER, rules, table=dear,
                                 partial=parts)
        assert not isinstance(r, Refusal), r
        assert [(e.terrain, e.vp, e.terrain_limit) for e in r.basic.entries] == [("clear", 2, 3), ("clear", 2, 3)]
        assert r.basic.vp_unspent == 0 and not r.basic.grounds and r.terrain_surcharge == 0 and r.burned == 0
    plain = resolve_variant_move(st, VariantMove(0, "F F", positions=((0, "out"),)), m, VIPER, OCC, partial=parts)
    assert [e.vp for e in plain.basic.entries] == [1, 1] and plain.basic.grounds  # 2 VP left: it must ground


def test_VAR_OCCUPY_a_position_in_a_hex_the_terrain_fills_is_refused():
    # 0204 is a plain clear hex: there is no part to choose (0205's light woods on the way: 2 VP, then 1)
    m, parts = occupy_map(FLAT_TEXT)
    st = GravState.of(VIPER, parse_label("0206"), 0, 3)
    r = resolve_variant_move(st, VariantMove(0, "F F", positions=((1, "out"),)), m, VIPER, OCC, partial=parts)
    assert isinstance(r, Refusal) and r.rule == "VAR-OCCUPY"
    r = resolve_variant_move(st, VariantMove(0, "F L F", positions=((1, "out"),)), m, VIPER, OCC, partial=parts)
    assert isinstance(r, Refusal) and r.rule == "VAR-OCCUPY" and "step 1 enters no hex" in r.reason


# --- VAR-MOVETYPE along a road (the seed: 200 % movement for a move spent wholly on a road) ----------------------

WIDE = map_from_rows(["...."] * 8, roads=[ROAD])


def test_VAR_MOVETYPE_along_the_road_the_velocity_counts_twice_and_need_not_be_spent():
    st = GravState.of(LIB, parse_label("0108"), 0, 3)
    r = resolve_variant_move(st, VariantMove(0, "F F F F F F"), WIDE, LIB, MT)
    assert not isinstance(r, Refusal) and r.end_hex == parse_label("0102") and r.road_hexes == 3
    assert (r.basic.vp_spent, r.basic.vp_unspent, r.basic.grounds) == (6, 0, False)
    assert r.notes[-1] == "VAR-MOVETYPE: the whole move along the road, 200% movement: 3 hex(es) beyond velocity 3"
    four = resolve_variant_move(st, VariantMove(0, "F F F F"), WIDE, LIB, MT)
    assert (four.road_hexes, four.basic.vp_spent, four.basic.vp_unspent, four.basic.grounds) == (1, 4, 0, False)
    three = resolve_variant_move(st, VariantMove(0, "F F F"), WIDE, LIB, MT)
    assert (three.road_hexes, three.basic.vp_spent, three.basic.vp_unspent, three.basic.grounds) == (0, 3, 0, False)
    assert not any("200%" in n for n in three.notes)
    two = resolve_variant_move(st, VariantMove(0, "F F"), WIDE, LIB, MT)  # the velocity itself must be spent
    assert (two.basic.vp_spent, two.basic.vp_unspent, two.basic.forced_grounding) == (2, 1, "CEN-GRAV-2")
    r = resolve_variant_move(st, VariantMove(0, "F F F F F F F"), WIDE, LIB, MT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-2" and r.step == 6 and "all 6 VP" in r.reason
    # reversing down the road counts too; under water or with the switch off there is no bonus
    back = GravState.of(LIB, parse_label("0101"), 0, -2)
    r = resolve_variant_move(back, VariantMove(0, "B B B B"), WIDE, LIB, MT)
    assert not isinstance(r, Refusal) and r.road_hexes == 2 and r.end_hex == parse_label("0105")
    assert isinstance(resolve_variant_move(st, VariantMove(0, "F F F F"), WIDE, LIB, BURN.with_("VAR-LATERAL")),
                      Refusal) is False
    assert isinstance(resolve_variant_move(st, VariantMove(0, "F F F F"), WIDE, LIB, LAT), Refusal)


def test_VAR_MOVETYPE_leaving_the_road_loses_the_bonus():
    st = GravState.of(LIB, parse_label("0108"), 0, 3)
    # two hexes on the road, then off it (0206 lies beside the road): the 3 VP of velocity 3 are what is left
    r = resolve_variant_move(st, VariantMove(0, "F F R F"), WIDE, LIB, MT)
    assert not isinstance(r, Refusal) and r.road_hexes == 0
    assert (r.basic.vp_spent, r.basic.vp_unspent, r.basic.grounds) == (3, 0, False)
    r = resolve_variant_move(st, VariantMove(0, "F F R F F"), WIDE, LIB, MT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-2" and r.step == 4 and "all 3 VP" in r.reason
    # three hexes on it, then off: the velocity is spent, the hex off the road is refused
    r = resolve_variant_move(st, VariantMove(0, "F F F R F"), WIDE, LIB, MT)
    assert isinstance(r, Refusal) and r.rule == "VAR-MOVETYPE" and r.step == 4
    assert "0204 is off the road" in r.reason and "the 3 VP of velocity 3" in r.reason
    # a start beside the road gets no bonus at all
    off = GravState.of(LIB, parse_label("0208"), 0, 3)
    r = resolve_variant_move(off, VariantMove(0, "F F F F"), WIDE, LIB, MT)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-2" and "all 3 VP" in r.reason
    # a declared position does not change a hex entered along the road (it stays the road row)
    _, parts = occupy_map(FLAT_TEXT)
    st2 = GravState.of(VIPER, parse_label("0206"), 0, 3)
    roads = map_from_rows(["...", "...", "...", "...", ".l.", "..."], roads=["0206 0205 0204 0203"])
    r = resolve_variant_move(st2, VariantMove(0, "F F F", positions=((0, "in"),)), roads, VIPER, OCC, partial=parts)
    assert not isinstance(r, Refusal), r
    assert [(e.terrain, e.vp) for e in r.basic.entries] == [("road", 1), ("road", 1), ("road", 1)]


# --- the reports -----------------------------------------------------------------------------------------------

def test_VAR_LATERAL_VAR_EMERGENCY_VAR_MOVETYPE_the_notes_of_a_move():
    st = GravState.of(VIPER, parse_label("0609"), 0, 6)
    r = resolve_variant_move(st, VariantMove(0, "F L F F SR F F"), FIELD, VIPER, BOTH)
    assert not isinstance(r, Refusal), r
    assert r.notes == ("VAR-LATERAL: shift right into 0406 for 1 TP + 1 VP",
                       "VAR-EMERGENCY: left turn after 1 of 2 straight hexes: 1 TP into the vane, saves 8/7/8")
    r = resolve_variant_move(st, VariantMove(0, "F SR F F F F"), FIELD, VIPER, BOTH)
    assert r.notes == ("VAR-LATERAL: shift right into 0708 for 1 TP + 1 VP",
                       "VAR-EMERGENCY: right shift after 1 of 2 straight hexes: 1 TP into the vane, saves 8/7/8")
    woods = map_from_rows([".", ".", ".", "l", "h", ".", ".", "."])
    st = GravState.of(LIB, parse_label("0108"), 0, 5)
    r = resolve_variant_move(st, VariantMove(0, "F F F F F"), woods, LIB, BURN)
    assert r.notes == ("VAR-MOVETYPE: terrain surcharge 3 burned off the end velocity (3)",)
    r = resolve_variant_move(st, VariantMove(0, "F F F F F"), woods, LIB, THRUST)
    assert r.notes == ("VAR-MOVETYPE: terrain surcharge 3 paid in thrust",)
    m, parts = occupy_map(FLAT_TEXT)
    r = resolve_variant_move(GravState.of(VIPER, parse_label("0206"), 0, 2),
                             VariantMove(0, "F F", positions=((0, "out"),)), m, VIPER, OCC, partial=parts)
    assert r.notes == ("VAR-OCCUPY: stands out in 0205 (clear, level 0)",)
    r = resolve_variant_move(GravState.of(VIPER, parse_label("0206"), 0, 3),  # the woods part costs more VP
                             VariantMove(0, "F F", positions=((0, "in"),)), m, VIPER, OCC, partial=parts)
    assert r.notes == ("VAR-OCCUPY: stands in the cover of 0205 (light woods, level 0)",)  # not "stands in in"


def test_VAR_MOVETYPE_the_terrain_thrust_over_max_thrust_names_the_terrain():
    # Liberator at 5, accelerating 1 to 6, paying heavy woods' 2 TP each in thrust: 1 + 2 + 2 + 2 = 7 at the third
    woods = map_from_rows([".", "h", "h", "h", ".", ".", ".", "."])
    st = GravState.of(LIB, parse_label("0108"), 0, 5)
    r = resolve_variant_move(st, VariantMove(1, "F F F F F F"), woods, LIB, THRUST)
    assert isinstance(r, Refusal) and r.rule == "VAR-MOVETYPE" and r.step == 5
    assert r.reason.startswith("2 TP for the heavy woods (VAR-MOVETYPE) brings the move to 7 thrust points")
    # a lateral shift into heavy woods under 'thrust': its surcharge is what breaks the limit, so VAR-MOVETYPE
    field = map_from_rows(["...", "...", "...", "h..", "...", "..."])
    st = GravState.of(LIB, parse_label("0206"), 0, 4)
    r = resolve_variant_move(st, VariantMove(4, "F F SL"), field, LIB, THRUST.with_("VAR-LATERAL"))
    assert isinstance(r, Refusal) and r.rule == "VAR-MOVETYPE" and r.step == 2
    r = resolve_variant_move(st, VariantMove(6, "F F SL"), field, LIB, LAT)
    assert isinstance(r, Refusal) and r.rule == "VAR-LATERAL" and r.step == 2
    assert r.reason.startswith("the lateral shift's thrust point brings the move to 7 thrust points")


def test_VAR_LATERAL_a_shift_into_a_hex_it_cannot_pay_for():
    # no one-hex rule for a shift (it is never the first hex): heavy woods' 3 VP with 1 VP left is refused
    field = map_from_rows(["...", "...", "...", "h..", "...", "..."])
    st = GravState.of(VIPER, parse_label("0206"), 0, 3)
    r = resolve_variant_move(st, VariantMove(0, "F F SL"), field, VIPER, LAT)
    assert isinstance(r, Refusal) and r.rule == "VAR-LATERAL" and r.step == 2
    assert "0104 costs 3 VP; only 1 VP is left" in r.reason
    r = resolve_variant_move(st, VariantMove(0, "F F F"), field, VIPER, LAT)
    assert not isinstance(r, Refusal)
    r = resolve_variant_move(GravState.of(VIPER, parse_label("0206"), 0, 4), VariantMove(0, "F F SL"), field, VIPER,
                             LAT)
    assert isinstance(r, Refusal) and "only 2 VP are left" in r.reason
    # the one-hex rule: the first hex of a move may cost more than the velocity (CEN-GRAV-3), noted
    one = GravState.of(VIPER, parse_label("0105"), 0, 1)
    r = resolve_variant_move(one, VariantMove(0, "F"), field, VIPER, LAT)
    assert not isinstance(r, Refusal) and r.basic.entries[0].one_hex_rule
    assert r.basic.notes == ("CEN-GRAV-3: the one-hex rule paid for the only hex entered",)
