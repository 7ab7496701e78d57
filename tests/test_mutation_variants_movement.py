"""Fast tests for centurion/variants/movement.py written against its surviving mutants (issue 22, docs/mutation.md).

Through the public functions (`centurion.variants`), so they still apply if the module is split. Expected
values: the variant rules page (seed 001: lateral shift for 1 TP plus the hex's VP, emergency turns, movement
types with the grav terrain surcharge burned off or paid in thrust, partly covered hexes), RULES.md VAR-LATERAL,
VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY and the basic rules' CEN-GRAV-* for what the switches leave alone.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_variants_movement import moves_for, same, situations

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import from_offset
from centurion.rules import GravMove, GravState, resolve_grav_move
from centurion.rules.grav import Refusal
from centurion.variants import RuleSet, VariantMove, execute_variant_move, resolve_variant_move
from centurion.variants.movement import parse_steps

LIB = vehicle_types()["liberator"]
CLEAR = map_from_rows(["." * 20] * 24)


def test_VAR_LATERAL_steps_parse_from_text_or_a_sequence():
    assert parse_steps("FFR") == ("F", "F", "R")
    assert parse_steps("F, sl r") == ("F", "SL", "R")
    assert parse_steps(["sl", "f", "SR"]) == ("SL", "F", "SR")
    assert parse_steps(("F", "SL")) == ("F", "SL")
    assert parse_steps("") == ()
    assert VariantMove(0, "f sr").steps == ("F", "SR")


def test_VAR_LATERAL_a_variant_move_in_words():
    assert VariantMove().describe() == "no hexes"
    assert VariantMove(2, "F SL F R", 1, initial_facing=1).describe() == "face NE, accelerate 2, F SL F R, decelerate 1"
    assert VariantMove(0, "F", ground=True, positions=((0, "out"),)).describe() == "F, ground, out at step 1"
    assert VariantMove(0, "F F F", positions=((0, "out"), (2, "in"))).describe() == (
        "F F F, out at step 1, in at step 3")
    assert VariantMove(initial_facing=0).describe() == "face N, no hexes"


def test_VAR_LATERAL_the_basic_engines_view_of_a_variant_move():
    g = GravMove(1, ("F", "L", "F"), 2, True, 3, None, "front", False, None)
    v = VariantMove.of(g)
    assert v.basic() == g and (v.accelerate, v.steps, v.decelerate, v.ground, v.initial_facing) == (
        1, ("F", "L", "F"), 2, True, 3)
    back = GravMove(0, ("B", "R", "B"), 0, True, 2, 1, "rear", True, True)
    assert VariantMove.of(back).basic() == back
    shifted = VariantMove(0, "F SL F SR R")
    assert shifted.basic().steps == ("F", "F", "R")


def test_VAR_LATERAL_a_resolved_move_is_true_and_counts_its_thrust():
    state = GravState.of(LIB, from_offset(5, 20), 0, 5)
    r = resolve_variant_move(state, VariantMove(1, "F F SR F F F"), CLEAR, LIB, RuleSet.from_names(["VAR-LATERAL"]))
    assert not isinstance(r, Refusal) and bool(r) is True
    assert r.variant_thrust == 1 and r.thrust_used == 2 and len(r.shifts) == 1
    assert r.end_hex == r.basic.end_hex and r.end_facing == r.basic.end_facing == 0
    assert r.end_state() == r.basic.end_state()
    report = execute_variant_move(r, Dice.scripted([]))
    assert report.state.hex == r.end_hex


def assert_end_resolves(state, e, m, vehicle, rules, table=None):
    """An end state's own move resolves to what it claims: hex, facing, grounding, thrust, odds, shifts, emergency
    thrust and the variant rules used (VAR-LATERAL, VAR-EMERGENCY); the resolved move."""
    r = resolve_variant_move(state, e.move, m, vehicle, rules, table=table)
    assert not isinstance(r, Refusal), (e, r)
    assert (r.end_hex, r.end_facing, r.basic.grounds) == (e.hex, e.facing, e.grounded)
    assert (r.thrust_used, r.p_no_damage, r.p_vanes_unharmed) == (e.thrust_used, e.p_no_damage,
                                                                  e.p_vanes_unharmed)
    assert (len(r.shifts), sum(x.thrust for x in r.emergencies)) == (e.lateral_shifts, e.emergency_thrust)
    used = tuple(x for x, on in (("VAR-LATERAL", r.shifts), ("VAR-EMERGENCY", r.emergencies)) if on)
    assert e.variant_rules == used
    return r


def check_end_states(state, m, rules, accelerate, vehicle=LIB, **kw):
    """Every end state the search offers is a move the resolver accepts, with the same numbers."""
    from centurion.variants import variant_end_states
    ends = variant_end_states(state, vehicle, m, rules, accelerate=accelerate, **kw)
    assert ends
    for e in ends:
        r = assert_end_resolves(state, e, m, vehicle, rules)
        room = vehicle.max_thrust - r.thrust_used
        if e.grounded:
            assert (e.velocity_min, e.velocity_max) == (0, 0)
        else:
            v = r.basic.end_velocity
            assert (e.velocity_min, e.velocity_max) == tuple(sorted((v, v - room)))
    return ends


def test_VAR_EMERGENCY_and_VAR_LATERAL_every_end_state_of_the_search_is_a_legal_move():
    m = map_from_rows(["." * 7] * 9)
    both = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
    for v, accel in ((3, 0), (4, 1), (6, 0)):
        ends = check_end_states(GravState.of(LIB, from_offset(4, 8), 0, v), m, both, accel)
        # an emergency turn saves straight hexes only where the table asks for 2 or more (from velocity 6)
        assert any(e.emergency_thrust for e in ends) == (v + accel >= 6)
        if v + accel >= 6:
            assert any(e.lateral_shifts for e in ends)
        assert any(e.grounded for e in ends) and any(not e.grounded for e in ends)
    # reversing
    check_end_states(GravState.of(LIB, from_offset(4, 2), 0, -2), m, both, 0)
    # a Viper (thrust 8) at 6 keeps thrust to stop after a shift: grounded ends at velocity 0 by deceleration
    viper = vehicle_types()["viper"]
    ends = check_end_states(GravState.of(viper, from_offset(4, 8), 0, 6), m, both, 0, viper)
    assert any(e.grounded and e.variant_rules and e.thrust_used > e.lateral_shifts + e.emergency_thrust for e in ends)
    # the same ends when every end is resolved by the resolver (the slower way)
    check_end_states(GravState.of(viper, from_offset(4, 8), 0, 6), m, RuleSet.from_names(["VAR-LATERAL"]), 0, viper,
                     resolve_each=True)
    # VAR-MOVETYPE: the search's ends are resolved too
    check_end_states(GravState.of(LIB, from_offset(4, 8), 0, 3), map_from_rows(["..l...."] * 9),
                     RuleSet.from_names(["VAR-MOVETYPE:thrust"]), 0)


EMERGENCY = RuleSet.from_names(["VAR-EMERGENCY"])


def seed_liberator():
    """The seed's Liberator at 14: a turn, one hex, then a second turn (right) two hexes early: 2 TP."""
    state = GravState.of(LIB, from_offset(10, 22), 0, 14)
    r = resolve_variant_move(state, VariantMove(0, "F F F L F R F F F F F F F F F F"), CLEAR, LIB, EMERGENCY)
    assert not isinstance(r, Refusal)
    return r


def test_VAR_EMERGENCY_the_saves_count_the_boxes_already_lost_and_the_fifth_box_loses_the_vane():
    r = seed_liberator()
    dice = Dice.scripted([2, 9, 1])  # with 4 boxes lost: targets 3, 2, 3; the damage roll fails
    report = execute_variant_move(r, dice, {"right": 4})
    assert [x.target for x in dice.log] == [9 - 2 - 4, 9 - 2 - 4 - 1, 9 - 2 - 4]
    assert report.vanes[0].boxes_lost == 1 and report.state.right_vane_lost  # 4 + 1 = all 5 boxes
    assert not report.state.left_vane_lost
    dice = Dice.scripted([2, 9, 1])
    three = execute_variant_move(r, dice, {"right": 3})
    assert not three.state.right_vane_lost  # 4 of 5
    other_side = execute_variant_move(r, Dice.scripted([5, 9, 1]), {"left": 4})
    assert not other_side.state.right_vane_lost and not other_side.state.left_vane_lost
    assert other_side.report.state == other_side.state  # no vane lost: the engine's own end state


def woods_column(rows: int = 10):
    """Five columns, heavy woods in the middle column on rows 3 to 5."""
    return map_from_rows(["." * 5] * 2 + ["..h.."] * 3 + ["." * 5] * (rows - 5))


def test_VAR_MOVETYPE_burned_velocity_is_taken_off_forwards_and_backwards():
    m = woods_column()
    burn = RuleSet.from_names(["VAR-MOVETYPE:burn"])
    # forwards at 5 from row 7 through the three heavy woods (2 extra VP each, burned off)
    fwd = resolve_variant_move(GravState.of(LIB, from_offset(3, 7), 0, 5), VariantMove(0, "F F F F F"), m, LIB, burn)
    assert not isinstance(fwd, Refusal) and fwd.burned == 5 and fwd.basic.end_velocity == 0
    rep = execute_variant_move(fwd, Dice.scripted([1] * 10))
    assert rep.state.velocity == 0
    # backwards at -5 from row 1: the same hexes, the velocity burned towards 0 from below
    back = resolve_variant_move(GravState.of(LIB, from_offset(3, 1), 0, -5), VariantMove(0, "B B B B B"), m, LIB,
                                burn)
    assert not isinstance(back, Refusal) and back.burned == 5 and back.basic.end_velocity == 0
    rep = execute_variant_move(back, Dice.scripted([1] * 10))
    assert rep.state.velocity == 0
    # backwards at -3 from row 4 through one woods hex (row 5): 2 burned off, the end velocity -1
    one = resolve_variant_move(GravState.of(LIB, from_offset(3, 4), 0, -3), VariantMove(0, "B B B"), m, LIB, burn)
    assert not isinstance(one, Refusal) and (one.burned, one.basic.end_velocity) == (2, -1)
    assert execute_variant_move(one, Dice.scripted([1] * 10)).state.velocity == -1
    # forwards at 5 from row 9: three clear hexes, two woods: 4 burned off, the end velocity 1
    ahead = resolve_variant_move(GravState.of(LIB, from_offset(3, 9), 0, 5), VariantMove(0, "F" * 5), m, LIB, burn)
    assert not isinstance(ahead, Refusal) and (ahead.burned, ahead.basic.end_velocity) == (4, 1)
    assert execute_variant_move(ahead, Dice.scripted([1] * 10)).state.velocity == 1
    # forwards at 1 into one woods hex: the 1 left is burned off
    slow = resolve_variant_move(GravState.of(LIB, from_offset(3, 6), 0, 1), VariantMove(0, "F"), m, LIB, burn)
    assert not isinstance(slow, Refusal) and (slow.burned, slow.basic.end_velocity) == (1, 0)
    assert execute_variant_move(slow, Dice.scripted([1] * 10)).state.velocity == 0


def test_VAR_MOVETYPE_the_burn_is_extra_deceleration_beyond_the_thrust():
    m = woods_column(12)
    burn = RuleSet.from_names(["VAR-MOVETYPE:burn"])
    # at 8 with 4 TP of deceleration, 4 more burned off: 8 in all, more than the Liberator's 6 thrust
    r = resolve_variant_move(GravState.of(LIB, from_offset(3, 10), 0, 8), VariantMove(0, "F" * 8, decelerate=4), m,
                             LIB, burn)
    assert not isinstance(r, Refusal) and r.burned == 4 and r.basic.end_velocity == 0
    rep = execute_variant_move(r, Dice.scripted([1] * 20))
    assert rep.state.velocity == 0 and rep.report is not None and rep.report.state == rep.state


def test_CEN_GRD_1_the_damage_rule_given_is_used():
    from centurion.rules.grav import take_movement_damage
    calls = []

    def recording(state, section, points, cause, rule):
        calls.append((section, points, rule))
        return take_movement_damage(state, section, points, cause, rule)

    state = GravState.of(LIB, from_offset(5, 20), 0, 4)
    r = resolve_variant_move(state, VariantMove(0, "F F F F", ground=True), CLEAR, LIB, EMERGENCY)
    assert not isinstance(r, Refusal) and r.basic.grounding_damage > 0
    execute_variant_move(r, Dice.scripted([5] * 10), damage=recording)
    assert calls and calls[0][1] == r.basic.grounding_damage


def test_VAR_switches_off_refuse_their_steps_by_rule_and_step():
    state = GravState.of(LIB, from_offset(5, 20), 0, 6)
    r = resolve_variant_move(state, VariantMove(0, "F F SL F F F F"), CLEAR, LIB, RuleSet())
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-LATERAL", 2)
    assert r.reason == "a lateral shift needs the variant rule VAR-LATERAL, which is off in this game"
    r = resolve_variant_move(state, VariantMove(0, "F F F F F SR"), CLEAR, LIB, RuleSet())
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("VAR-LATERAL", 5)
    r = resolve_variant_move(state, VariantMove(0, "F", positions=((0, "out"),)), CLEAR, LIB, RuleSet())
    assert isinstance(r, Refusal) and r.rule == "VAR-OCCUPY"
    assert r.reason == "declaring a position in a hex needs the variant rule VAR-OCCUPY, which is off in this game"
    r = resolve_variant_move(state, VariantMove(0, "F X"), CLEAR, LIB, RuleSet())
    assert isinstance(r, Refusal) and r.reason.endswith("steps are F, B, L and R (SL and SR with VAR-LATERAL)")


ROAD = " ".join(f"01{r:02d}" for r in range(14, 0, -1))  # a straight road up column 01


def test_VAR_MOVETYPE_a_grav_vehicle_moves_200_percent_along_a_road():
    m = map_from_rows(["..."] * 14, roads=[ROAD])
    mt = RuleSet.from_names(["VAR-MOVETYPE"])
    on = GravState.of(LIB, from_offset(1, 14), 0, 5)
    ten = resolve_variant_move(on, VariantMove(0, "F" * 10), m, LIB, mt)
    assert not isinstance(ten, Refusal) and ten.road_hexes == 5 and ten.end_hex == from_offset(1, 4)
    assert isinstance(resolve_variant_move(on, VariantMove(0, "F" * 10), m, LIB, RuleSet()), Refusal)  # switch off
    assert isinstance(resolve_variant_move(on, VariantMove(0, "F" * 11), m, LIB, mt), Refusal)
    beside = GravState.of(LIB, from_offset(2, 14), 0, 5)  # not on the road: no bonus
    assert isinstance(resolve_variant_move(beside, VariantMove(0, "F" * 6), m, LIB, mt), Refusal)
    # at velocity 0 there is nothing to double; reversing along the road doubles too
    still = resolve_variant_move(GravState.of(LIB, from_offset(1, 14), 0, 0), VariantMove(0, ""), m, LIB, mt)
    assert not isinstance(still, Refusal) and still.road_hexes == 0
    rev = resolve_variant_move(GravState.of(LIB, from_offset(1, 2), 0, -3), VariantMove(0, "B" * 6), m, LIB, mt)
    assert not isinstance(rev, Refusal) and rev.road_hexes == 3
    # under water there is no road bonus (CEN-GRD-2 moves use their own row)
    wet = resolve_variant_move(on, VariantMove(0, "F" * 6, under_water=True), m, LIB, mt)
    assert isinstance(wet, Refusal)


# A small, derandomized sample of the property tests of tests/test_variants_movement.py (deselected from the
# mutation run for their time): the basic engine is the oracle for what the switches leave alone.

@settings(max_examples=12, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(situations(), st.data())
def test_CEN_GRAV_with_every_switch_off_the_variant_resolver_is_the_basic_engine(situation, data):
    m, vehicle, state = situation
    move = data.draw(moves_for(state))
    same(resolve_grav_move(state, move, m, vehicle), resolve_variant_move(state, move, m, vehicle, RuleSet()))


@settings(max_examples=12, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(situations(), st.data())
def test_VAR_LATERAL_and_VAR_EMERGENCY_on_leave_every_basic_move_as_it_was(situation, data):
    m, vehicle, state = situation
    move = data.draw(moves_for(state))
    basic = resolve_grav_move(state, move, m, vehicle)
    if not isinstance(basic, Refusal):
        same(basic, resolve_variant_move(state, move, m, vehicle, RuleSet.from_names(["VAR-LATERAL",
                                                                                       "VAR-EMERGENCY"])))


def test_VAR_OCCUPY_with_VAR_MOVETYPE_the_declared_part_pays_the_same_total_in_vp_and_thrust():
    # data/variants.yaml: a grav vehicle's terrain surcharge is the basic VP less 1, so under VAR-MOVETYPE the
    # total (VP + surcharge) is the basic cost; only who pays changes (RULES.md VAR-MOVETYPE)
    from test_variants_movement import MAP_TEXT

    from centurion.data import load_map
    from centurion.data.partial_hexes import load_partial_terrain
    m = load_map("partial.yaml", text=MAP_TEXT)
    parts = load_partial_terrain("partial.yaml", m, text=MAP_TEXT)
    state = GravState.of(LIB, from_offset(3, 3), 0, 3)
    occupy = RuleSet.from_names(["VAR-OCCUPY"])
    both = RuleSet.from_names(["VAR-OCCUPY", "VAR-MOVETYPE:thrust"])
    for pos, terrain in (("in", "light_woods"), ("out", "clear")):
        move = VariantMove(0, "F", positions=((0, pos),))
        plain = resolve_variant_move(state, move, m, LIB, occupy, partial=parts)
        paid = resolve_variant_move(state, move, m, LIB, both, partial=parts)
        assert not isinstance(plain, Refusal) and not isinstance(paid, Refusal), pos
        e, f = plain.basic.entries[0], paid.basic.entries[0]
        assert e.terrain == f.terrain == terrain
        assert f.vp + paid.terrain_thrust == e.vp and f.speed_limit == e.speed_limit, pos
        assert paid.terrain_surcharge == (1 if pos == "in" else 0)  # light woods: 2 VP in the basic rules
    # in the woods (2 VP) on their level-1 part (+1 up) or out in the clear part: then on into clear ground
    fast = GravState.of(LIB, from_offset(3, 3), 0, 4)
    for pos, vps in (("in", [("light_woods", 3), ("clear", 1)]), ("out", [("clear", 1), ("clear", 1)])):
        r = resolve_variant_move(fast, VariantMove(0, "F L F", positions=((0, pos),)), m, LIB, occupy, partial=parts)
        assert not isinstance(r, Refusal) and [(x.terrain, x.vp) for x in r.basic.entries] == vps


def test_CEN_GRAV_refusals_of_the_variant_resolver_name_rule_step_and_why():
    lat = RuleSet.from_names(["VAR-LATERAL"])
    state = GravState.of(LIB, from_offset(5, 20), 0, 3)
    r = resolve_variant_move(state, VariantMove(0, "F F F F"), CLEAR, LIB, lat)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-GRAV-2", 3)
    assert r.reason == "all 3 VP are spent; the vehicle cannot enter another hex"
    edge = GravState.of(LIB, from_offset(1, 1), 0, 2)
    r = resolve_variant_move(edge, VariantMove(0, "F F"), CLEAR, LIB, lat)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("HEX-4", 0)
    assert r.reason == "the hex ahead of 0101 is off the map"
    r = resolve_variant_move(GravState.of(LIB, from_offset(1, 5), 0, 2), VariantMove(0, "F SL"), CLEAR, LIB, lat)
    assert isinstance(r, Refusal) and r.rule == "HEX-4" and r.reason == "the hex left-forward of 0104 is off the map"
    back = GravState.of(LIB, from_offset(1, 24), 0, -2)
    r = resolve_variant_move(back, VariantMove(0, "B"), CLEAR, LIB, lat)
    assert isinstance(r, Refusal) and r.reason == "the hex behind of 0124 is off the map"
    # the one-hex rule: heavy woods (3 VP) at velocity 1, then no further hex
    woods = map_from_rows(["." * 5, "..h..", "." * 5])
    slow = GravState.of(LIB, from_offset(3, 3), 0, 1)
    one = resolve_variant_move(slow, VariantMove(0, "F"), woods, LIB, lat)
    assert not isinstance(one, Refusal) and one.basic.entries[0].one_hex_rule
    r = resolve_variant_move(GravState.of(LIB, from_offset(3, 3), 0, 2), VariantMove(0, "F F"), woods, LIB, lat)
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-GRAV-3", 1)
    assert r.reason == "the one-hex rule let it enter 0302 as its only hex this turn; it cannot move further"


def test_VAR_LATERAL_reversing_shifts_go_to_the_side_hexes_behind():
    from centurion.hexgrid import neighbor
    lat = RuleSet.from_names(["VAR-LATERAL"])
    state = GravState.of(LIB, from_offset(10, 10), 0, -2)
    here = from_offset(10, 10)
    for step, side in (("SL", -1), ("SR", 1)):
        r = resolve_variant_move(state, VariantMove(0, f"B {step}"), CLEAR, LIB, lat)
        assert not isinstance(r, Refusal), r
        behind = neighbor(here, 3)
        # reversing, the forward-left/right hexside turns round: from hexside 3, the shift is 3 - side
        assert r.end_hex == neighbor(behind, (3 - side) % 6) and r.end_facing == 0
        assert r.shifts[0].side == ("left" if step == "SL" else "right")
