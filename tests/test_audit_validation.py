"""Issue 20, validation findings (audits tests-and-game.md T1, G1-G6; combat.md C14, C16-C19).

Every expected value comes from the rules (RULES.md, book-b §16) or the save format's own bounds, never from the
code under test. Bad input must be refused with a rule ID (a Refusal, ValueError or IllegalAction), never an
AttributeError/KeyError/TypeError from inside, and never accepted with a wrong result.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.data.vehicles import weapon_table
from centurion.game import IllegalAction, Move, Order, SaveError, bot_action, load, new_skirmish
from centurion.game.actions import Fire, Paint, action_from_data, action_to_data
from centurion.game.skirmish import Result
from centurion.hexgrid import Hex, from_offset, parse_label
from centurion.rules import (
    GravMove,
    GravState,
    GroundMove,
    ResolvedMove,
    ground_reach,
    movement_order,
    resolve_grav_move,
    resolve_ground_move,
    speed_limit_check,
)
from centurion.rules.buildings import Building, damage_building
from centurion.rules.construction import SHIELD_POWER, build_grav_vehicle
from centurion.rules.damage import drop_template
from centurion.rules.fire import to_hit
from centurion.rules.grav import Refusal
from centurion.rules.infantry_fire import personal_weapon_attacks
from centurion.rules.internals import consciousness_target
from centurion.rules.leadership import rating_from_advancement
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, declare_weapons_fire
from centurion.rules.targets import Attack
from centurion.variants import RuleSet, VariantMove, resolve_variant_move

V = vehicle_types()
LIB, HOR = V["liberator"], V["horatius"]
OPEN = map_from_rows(["....."] * 8)
W = weapon_table().weapons
RULE_PREFIXES = ("CEN-", "HEX-", "VAR-", "CTA-")


@cache
def movement_game():
    """Meeting, seed 1, at its first movement decision (R11, a Liberator at velocity 4, is the first mover)."""
    s = new_skirmish("meeting", seed=1)
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    return s


@cache
def phase_game(phase: str):
    g = new_skirmish("village", seed=0)
    while g.phase != phase:
        g = g.apply(bot_action(g, "novice"))
    return g


def fresh(g):
    return dataclasses.replace(g)  # a new object: an empty cache


# --- T1 / G1 / G2: a Refusal is never a truth value; the dead form checks live again ------------------------------
def test_T1_a_refusal_has_no_truth_value():
    r = Refusal("CEN-GRAV-6", "example")
    with pytest.raises(TypeError, match="isinstance"):
        bool(r)
    with pytest.raises(TypeError):
        if r:  # the pattern of commit 3ffe91d cannot come back silently
            pass


FLYING = GravState.of(LIB, from_offset(3, 6), 0, 4)


@pytest.mark.parametrize("move, rule, words", [
    (GravMove(0, "FFFF", -5), "CEN-GRAV-1", "0 or more"),
    (GravMove(6, "FF", -5), "CEN-GRAV-1", "0 or more"),
    (GravMove(-2, "FF", 0), "CEN-GRAV-1", "acceleration is -2"),  # a flying tank: not the CEN-GRAV-6 lift-off text
    (GravMove(0, "FFXF", 0), "CEN-GRAV-2", "unknown step 'X'"),
])
def test_G1_resolver_refuses_negative_thrust_and_unknown_steps(move, rule, words):
    for r in (resolve_grav_move(FLYING, move, OPEN, LIB), resolve_variant_move(FLYING, move, OPEN, LIB, RuleSet())):
        assert isinstance(r, Refusal), r
        assert r.rule == rule and words in r.reason, r


def test_G1_resolver_refuses_a_ground_vehicle_and_an_off_map_start():
    r = resolve_grav_move(FLYING, GravMove(0, "FFFF"), OPEN, V["heavy_tank"])
    assert isinstance(r, Refusal) and r.rule == "CEN-GV-1"
    off = GravState.of(LIB, Hex(-40, 3), 0, 4)
    for r in (resolve_grav_move(off, GravMove(0, "FFFF"), OPEN, LIB),
              resolve_variant_move(off, VariantMove(0, "FFFF"), OPEN, LIB, RuleSet())):
        assert isinstance(r, Refusal) and r.rule == "HEX-4" and "off the map" in r.reason


@pytest.mark.parametrize("move, rule", [
    (GravMove(6, "FF", -5), "CEN-GRAV-1"), (GravMove(0, "FFFF", -9000), "CEN-GRAV-1"),
    (GravMove(-2, "FF", 0), "CEN-GRAV-1"), (GravMove(0, "FFXF", 0), "CEN-GRAV-2"),
])
def test_G1_apply_refuses_negative_thrust_and_unknown_steps(move, rule):
    s = movement_game()
    key = s.movers()[0].key
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(key, move))
    assert info.value.rule == rule


def _save_with(move_data: dict) -> str:
    s = movement_game()
    data = json.loads(s.to_json())
    data["actions"].append({"kind": "move", "unit": s.movers()[0].key, "move": move_data})
    return json.dumps(data)


def test_G1_a_save_with_negative_deceleration_is_refused():
    text = _save_with({"accelerate": 0, "steps": "FFFF", "decelerate": -9999, "ground": False})
    with pytest.raises(SaveError, match="CEN-GRAV-1"):
        load(text)


def test_G2_a_destroyed_firer_is_refused_for_being_destroyed():
    def unit(key, side, label, facing, vehicle):
        return CombatUnit(key, side, parse_label(label), facing, RecordSheet.of(V[vehicle]))
    units = {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": unit("lib", "RL", "0205", 3, "liberator")}
    s = units["hor"].sheet
    dead = s.with_damage({}, [("front", b) for b in s.boxes_of("front", "vehicle_destroyed")], immediate=True)
    units["hor"] = dataclasses.replace(units["hor"], sheet=dead)
    plan = declare_weapons_fire(map_from_rows(["........"] * 12), units, "hor", [Attack(1, "lib")])
    assert isinstance(plan, Refusal) and "is destroyed" in plan.reason


# --- G3: apply accepts nothing that load refuses ---------------------------------------------------------------
def test_G3_order_must_be_a_bool():
    s = new_skirmish("village", seed=0)
    s = s.apply(bot_action(s, "novice"))
    assert s.phase == "order"
    with pytest.raises(IllegalAction):
        s.apply(Order(1))
    t = s.apply(Order(True))
    assert load(t.to_json()).history == t.history  # what apply takes, load takes


@pytest.mark.parametrize("seed", [2**63, 2**63 + 1, 2**70, -(2**63) - 1, -(2**64), 10**30])
@pytest.mark.parametrize("scenario", ["meeting", "centuria_farmstead"])
def test_G3_seeds_outside_int64_are_refused_by_new_games_as_by_saves(seed, scenario):
    with pytest.raises(ValueError, match="2\\*\\*63"):
        new_skirmish(scenario, seed=seed)
    base = json.loads(new_skirmish(scenario, seed=5).to_json())
    with pytest.raises(SaveError, match="seed"):
        load(json.dumps({**base, "seed": seed}))


@pytest.mark.parametrize("seed", [2**63 - 1, -(2**63)])
def test_G3_the_int64_ends_are_usable_seeds(seed):
    g = new_skirmish("meeting", seed=seed)
    assert load(g.to_json()).seed == seed


def test_G3_every_action_apply_takes_round_trips_through_its_save():
    s = movement_game()
    key = s.movers()[0].key
    for m, _e in s.move_options(key)[:20]:
        t = s.apply(m)
        assert action_from_data(json.loads(json.dumps(action_to_data(m)))) == m
        assert load(t.to_json()).history == t.history


def test_G3_under_water_moves_survive_the_save():
    m = GravMove(1, "F", under_water=True)
    assert action_from_data(action_to_data(Move("X", m))) == Move("X", m)


# --- G5: forged shapes --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad, rule", [(None, "CEN-GRAV-1"), ("FFF", "CEN-GRAV-1"), (3, "CEN-GRAV-1"),
                                       (GravMove(2, "FF", 0, initial_facing=7), "HEX-3"),
                                       (GravMove(2, "FF", 0, initial_facing=-1), "HEX-3"),
                                       (GravMove(2, "FF", 0, initial_facing=100), "HEX-3")])
def test_G5_forged_moves_give_IllegalAction(bad, rule):
    s = movement_game()
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(s.movers()[0].key, bad))
    assert info.value.rule == rule


def test_G3_G5_forged_fields_of_every_kind_give_IllegalAction():
    from centurion.game.actions import KINDS

    s = movement_game()
    wrong = {"int": "1", "bool": 1, "str": 7, "str | None": 7.5}
    for cls in KINDS.values():
        for f in dataclasses.fields(cls):
            if f.type not in wrong:
                continue
            kw = {g.name: {"int": 1, "bool": False, "str": "R11", "str | None": None}.get(g.type, GravMove())
                  for g in dataclasses.fields(cls)}
            kw[f.name] = wrong[f.type]
            with pytest.raises(IllegalAction) as info:
                s.apply(cls(**kw))
            assert "expected" in info.value.reason  # refused for its type, before any rule of the phase


@pytest.mark.parametrize("facing", [7, -1, 100])
def test_G5_initial_facing_outside_0_to_5_is_refused_under_HEX_3(facing):
    st0 = GravState.of(LIB, from_offset(3, 6), 0, 0)
    r = resolve_grav_move(st0, GravMove(2, "FF", 0, initial_facing=facing), OPEN, LIB)
    assert isinstance(r, Refusal) and r.rule == "HEX-3"


def test_G5_bot_action_on_a_finished_game_raises_what_apply_raises():
    g = dataclasses.replace(new_skirmish("meeting", seed=1), result=Result(None, "draw", {}, "test"))
    with pytest.raises(IllegalAction) as by_apply:
        g.apply(Order(True))
    with pytest.raises(IllegalAction) as by_bot:
        bot_action(g, "novice")
    assert (by_bot.value.rule, by_bot.value.reason) == (by_apply.value.rule, by_apply.value.reason)


# --- G4: what a Skirmish hands out cannot change it ----------------------------------------------------------------
def _try_to_add(container, item) -> None:
    for how in ("insert", "append"):
        with contextlib.suppress(AttributeError, TypeError):
            getattr(container, how)(*((0, item) if how == "insert" else (item,)))


def test_G4_fire_actions_cannot_be_poisoned():
    g = fresh(phase_game("fire"))
    u = g.undeclared()[0]
    own = next(v.key for v in g.vehicles if v.side == g.active and v.key != u)
    _try_to_add(g.fire_actions(u), Fire(u, own))
    _try_to_add(g.legal_actions(), Fire(u, own))
    with pytest.raises(IllegalAction):
        g.apply(Fire(u, own))
    hold = g.fire_actions(u)[-1]
    with contextlib.suppress(AttributeError, TypeError, ValueError):
        g.fire_actions(u).remove(hold)
    assert hold in g.legal_actions()
    g.apply(hold)  # holding fire stays legal


def test_G4_paint_actions_cannot_be_poisoned():
    g = fresh(phase_game("painting"))
    u = g.undeclared()[0]
    own = next(v.key for v in g.vehicles if v.side == g.active and v.key != u)
    _try_to_add(g.paint_actions(u), Paint(u, own))
    with pytest.raises(IllegalAction):
        g.apply(Paint(u, own))


def test_G4_move_options_and_end_states_cannot_be_changed():
    g = fresh(movement_game())
    key = g.movers()[0].key
    before = list(g.move_options(key)), list(g.end_states(key))
    forged = Move(key, GravMove(0, "F" * 30))
    _try_to_add(g.move_options(key), (forged, before[0][0][1]))
    _try_to_add(g.end_states(key), before[1][0])
    for lst in (g.move_options(key), g.end_states(key)):
        with contextlib.suppress(AttributeError, TypeError):
            lst.clear()
    assert (list(g.move_options(key)), list(g.end_states(key))) == before
    assert isinstance(g.opportunity_actions(), tuple)


def test_G4_march_targets_are_read_only():
    g = fresh(new_skirmish("village", seed=0))  # T21s and T22s stand dismounted on the map
    walkers = [q for q in g.squads if q.hex is not None]
    assert walkers and all(g.march_targets(q.key) for q in walkers)
    for q in walkers:
        t = g.march_targets(q.key)
        with contextlib.suppress(TypeError):
            t[Hex(99, 99)] = 0
        assert Hex(99, 99) not in g.march_targets(q.key)


def test_G4_centuria_move_actions_cannot_be_changed():
    from centurion.game.centuria import CtaMove

    g = new_skirmish("centuria_farmstead", seed=0)
    unit = next(a.unit for a in g.legal_actions() if isinstance(a, CtaMove))
    before = list(g.move_actions(unit))
    _try_to_add(g.move_actions(unit), CtaMove(unit, ("F",) * 20))
    with contextlib.suppress(AttributeError, TypeError):
        g.move_actions(unit).clear()
    assert list(g.move_actions(unit)) == before


# --- G6: saves -----------------------------------------------------------------------------------------------------
BASE = {"format": "centurion-skirmish", "version": 1, "system": "centurion", "scenario": "meeting", "seed": 1,
        "variants": [], "actions": []}


@pytest.mark.parametrize("label, change, words", [
    ("version 1.0", {"version": 1.0}, "version"), ("version 0", {"version": 0}, "version"),
    ("no version", {"version": None}, "version"), ("an unknown field", {"extra": 1}, "extra"),
    ("duplicate variants", {"variants": ["VAR-RAM", "VAR-RAM"]}, "VAR-RAM"),
])
def test_G6_lax_saves_are_refused(label, change, words):
    data = {**BASE, **change}
    if data["version"] is None:
        del data["version"]
    with pytest.raises(SaveError, match=words):
        load(json.dumps(data))


def test_G6_centuria_loader_refuses_version_1_0_and_unknown_fields():
    data = json.loads(new_skirmish("centuria_farmstead", seed=0).to_json())
    for change in ({"version": 1.0}, {"extra": 1}):
        with pytest.raises(SaveError):
            load(json.dumps({**data, **change}))


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5000 + "}"],
                         ids=["deep nesting", "5000 digits"])
def test_G6_messages_do_not_show_python_internals(text):
    with pytest.raises(SaveError) as info:
        load(text)
    msg = str(info.value)
    assert "recursion" not in msg and "sys." not in msg and "int_max_str_digits" not in msg


def test_G6_a_bound_in_a_message_names_the_bound():
    with pytest.raises(SaveError, match="9999"):
        load(_save_with({"accelerate": 1_000_000, "steps": "FF", "decelerate": 0, "ground": False}))


def test_G6_a_basic_move_marked_variant_gets_a_clear_message():
    with pytest.raises(SaveError, match="separated by spaces"):
        load(_save_with({"accelerate": 0, "steps": "FFFF", "decelerate": 0, "ground": False, "variant": True}))


# --- C14, C16: construction ----------------------------------------------------------------------------------------
def test_C14_shield_power_at_100_is_the_printed_264():
    assert [SHIELD_POWER[r] for r in (100, 110, 120, 130, 140)] == [264, 528, 1056, 2112, 4224]


EX = dict(engine=1500, shields={"front": 70, "stern": 70, "left": 50, "right": 50, "bottom": 10},
          armor={"front": 90, "turret": 90, "left": 60, "right": 60, "stern": 70, "bottom": 40},
          weapons=[("200mm Gauss", "turret"), ("Vulcan-3", "turret"), ("1.5/3 laser", "hull 1"),
                   ("1.5/3 laser", "hull 2"), ("SMLM 2", "hull 1"), ("SMLM 2", "hull 2"), ("TVLG 4", "hull 1"),
                   ("TVLG 4", "hull 2")], weapon_table=W)


def test_C16_the_book_example_still_builds():
    c = build_grav_vehicle(**EX)
    assert (c.power, c.mass, c.thrust, c.cost, c.scenario_points) == (408, 267, 4, 1_404_750, 15)


@pytest.mark.parametrize("change, words", [
    ({"armor": {**EX["armor"], "front": 250}}, "100"),
    ({"armor": {**EX["armor"], "turret": -10}}, "100"),
    ({"weapons": EX["weapons"] + [("SMLM 2", "hull 2")]}, "8 weapon systems"),
    ({"weapons": [("200mm Gauss", "turret")] * 3}, "2 ballistic"),
    ({"weapons": [("200mm Gauss", "turret"), ("150mm Gauss", "hull 1")]}, "300 mm"),
    ({"weapons": [("Vulcan-3", "hull 1")]}, "turret"),
    ({"engine": 500, "shields": {"front": 100, "left": 100}, "armor": {"front": 10}, "weapons": []}, "power"),
    ({"shields": {"front": 75}}, "75"),
    ({"weapons": [("Death Ray", "turret")]}, "Death Ray"),
])
def test_C16_designs_breaking_book_b_16_limits_are_refused(change, words):
    with pytest.raises(ValueError, match=words) as info:
        build_grav_vehicle(**{**EX, **change})
    assert "CEN-REC-1" in str(info.value)


# --- C17, C18, C19 -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("state, move, rule", [
    (GravState(parse_label("0218"), 0, 5, grounded=True), GravMove(1, "F" * 5), "CEN-GRD-1"),
    (GravState(parse_label("0205"), 0, 0, submerged=True), GravMove(), "CEN-GRD-2"),
    (GravState(parse_label("0205"), 7, 1), GravMove(steps="F"), "HEX-3"),
    (GravState(parse_label("0205"), 0, 2.5), GravMove(steps="FF"), "CEN-GRAV-2"),
])
def test_C17_impossible_start_states_are_refused(state, move, rule):
    r = resolve_grav_move(state, move, map_from_rows(["...."] * 20), HOR)
    assert isinstance(r, Refusal) and r.rule == rule


@pytest.mark.parametrize("width", [2, 0, -3])
def test_C18_drop_template_refuses_even_zero_or_negative_widths(width):
    with pytest.raises(ValueError, match="odd row widths"):
        drop_template(RecordSheet.of(HOR), "front", 5, (width,))


def test_C18_damage_building_refuses_bad_widths_and_levels_above_the_height():
    b = Building(3, 10)
    with pytest.raises(ValueError, match="odd row widths"):
        damage_building(b, 2, (4,))
    with pytest.raises(ValueError, match="height 3"):
        damage_building(b, 7, (3, 1))
    assert damage_building(b, 3, (3, 1))[1].boxes  # a real hit still lands


C19_PROBES = [
    ("ground_reach mp=-2", lambda: ground_reach(parse_label("0205"), 0, OPEN, movement_points=-2)),
    ("movement_order(2.5, 1)", lambda: movement_order(2.5, 1)),
    ("rating_from_advancement(2.5)", lambda: rating_from_advancement(2.5)),
    ("speed_limit_check damage_modifier=+3", lambda: speed_limit_check(10, 6, damage_modifier=3)),
    ("to_hit terrain crater + crater", lambda: to_hit(4, weapon="gauss", terrain="crater", crater=True)),
    ("consciousness_target(-3)", lambda: consciousness_target(-3)),
    ("personal_weapon_attacks('no')", lambda: personal_weapon_attacks("no")),
    ("resolve_ground_move facing 8", lambda: resolve_ground_move(parse_label("0205"), 8, GroundMove("F"), OPEN,
                                                                 movement_points=2)),
    ("resolve_ground_move off map", lambda: resolve_ground_move(Hex(50, 50), 0, GroundMove("R"), OPEN,
                                                                movement_points=2)),
    ("resolve_ground_move mp=2.5", lambda: resolve_ground_move(parse_label("0205"), 0, GroundMove("F"), OPEN,
                                                               movement_points=2.5)),
]


@pytest.mark.parametrize("name, probe", C19_PROBES, ids=[n for n, _p in C19_PROBES])
def test_C19_bad_input_is_refused_with_a_rule(name, probe):
    try:
        r = probe()
    except ValueError as exc:
        assert str(exc).startswith(RULE_PREFIXES), exc
        return
    assert isinstance(r, Refusal) and r.rule.startswith(RULE_PREFIXES), (name, r)


# --- property tests: invalid values too ----------------------------------------------------------------------------
ANY = st.one_of(st.none(), st.booleans(), st.integers(-20, 20), st.floats(allow_nan=False, width=16),
                st.text(max_size=3))


@st.composite
def grav_inputs(draw):
    """A state and a move with each field valid or not (negative, out of range, wrong type, off the map)."""
    col, row = draw(st.integers(-2, 7)), draw(st.integers(-2, 10))
    facing = draw(st.one_of(st.integers(0, 5), st.integers(-3, 9), ANY))
    velocity = draw(st.one_of(st.integers(0, 6), st.integers(-3, 9), ANY))
    grounded = draw(st.booleans())
    state = GravState(from_offset(col, row), facing, velocity, grounded=grounded)
    accel = draw(st.one_of(st.integers(0, 6), ANY))
    decel = draw(st.one_of(st.integers(0, 6), ANY))
    steps = draw(st.text(alphabet="FBLRXfs ", max_size=6))
    initial = draw(st.one_of(st.none(), st.integers(-2, 8), ANY))
    valid = (1 <= col <= 5 and 1 <= row <= 8 and type(facing) is int and 0 <= facing <= 5
             and type(velocity) is int and not (grounded and velocity != 0)
             and type(accel) is int and accel >= 0 and type(decel) is int and decel >= 0
             and set(steps.upper()) <= set("FBLR") and (initial is None or (type(initial) is int and 0 <= initial <= 5)))
    return state, (accel, steps, decel, initial), valid


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grav_inputs())
def test_G1_C17_resolve_grav_move_refuses_every_invalid_input_with_a_rule(inputs):
    state, (accel, steps, decel, initial), valid = inputs
    move = GravMove(accel, steps, decel, initial_facing=initial)
    r = resolve_grav_move(state, move, OPEN, LIB)  # never an exception
    assert isinstance(r, (Refusal, ResolvedMove))
    if isinstance(r, Refusal):
        assert r.rule.startswith(RULE_PREFIXES) and r.reason
    else:
        assert valid, (state, move, r)  # nothing invalid is accepted
        assert 0 <= r.end_facing <= 5 and r.thrust_used == accel + decel <= LIB.max_thrust


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.integers(-20, 20), ANY), st.one_of(st.integers(-20, 20), ANY), st.text(alphabet="FBLRX", max_size=5),
       st.one_of(st.none(), st.integers(-3, 9), ANY), st.one_of(st.booleans(), ANY))
def test_G3_G5_apply_and_load_agree_on_forged_moves(accel, decel, steps, initial, ground):
    s = movement_game()
    key = s.movers()[0].key
    action = Move(key, GravMove(accel, steps, decel, ground, initial))
    try:
        t = s.apply(action)
    except IllegalAction as exc:
        assert exc.rule.startswith(RULE_PREFIXES)
        data = json.loads(s.to_json())
        raw = action_to_data(action)
        data["actions"].append(raw)
        with contextlib.suppress(TypeError, ValueError):  # not every forged value has a JSON form
            text = json.dumps(data)
            with pytest.raises(SaveError):
                load(text)
        return
    from centurion.game.actions import check_action

    check_action(action)
    assert load(t.to_json()).history == t.history  # what apply accepts, load accepts


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["accelerate", "steps", "decelerate", "ground", "initial_facing", "dig_at",
                                        "take_crater", "variant", "under_water", "odd_group_to", "bogus"]),
                       st.one_of(ANY, st.integers(-10**6, 10**6), st.text(alphabet="FBLRS X", max_size=8))))
def test_G3_G6_action_from_data_refuses_with_ValueError_only(move):
    try:
        act = action_from_data({"kind": "move", "unit": "R11", "move": move})
    except ValueError as exc:
        assert "actions" in str(exc) or "action" in str(exc)
        return
    from centurion.game.actions import check_action

    check_action(act)  # whatever the loader accepts has the shape apply wants


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["front", "turret", "left", "right", "stern", "bottom", "top"]),
                       st.one_of(st.integers(-20, 120), ANY)),
       st.dictionaries(st.sampled_from(["front", "left", "right", "stern", "bottom", "turret"]),
                       st.one_of(st.sampled_from(sorted(SHIELD_POWER)), st.integers(-5, 150), ANY)),
       st.lists(st.tuples(st.sampled_from(sorted(W) + ["Nope"]), st.sampled_from(["turret", "hull 1", "hull 2", "x"])),
                max_size=10),
       st.sampled_from([500, 1000, 1500, 2000, 2500, 1525, 0, -50]))
def test_C16_build_grav_vehicle_refuses_or_builds_within_the_limits(armor, shields, weapons, engine):
    try:
        c = build_grav_vehicle(engine=engine, shields=shields, armor=armor, weapons=weapons, weapon_table=W)
    except ValueError as exc:
        assert "CEN-REC-1" in str(exc)
        return
    assert c.power <= engine
    assert all(type(a) is int and 0 <= a <= 100 for a in armor.values())
    assert len(weapons) <= 8 and sum(W[k].family in ("mdc", "gauss") for k, _loc in weapons) <= 2
    assert sum(W[k].calibre or 0 for k, _loc in weapons if W[k].family == "gauss") <= 300
    assert all(loc == "turret" for k, loc in weapons if W[k].family == "vulcan")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-3, 9), ANY), min_size=1, max_size=4), st.integers(1, 10))
def test_C18_templates_refuse_every_bad_width(shape, column):
    ok = all(type(w) is int and w > 0 and w % 2 == 1 for w in shape)
    try:
        drop_template(RecordSheet.of(HOR), "front", column, tuple(shape))
    except ValueError as exc:
        assert not ok and str(exc).startswith("CEN-")
        return
    assert ok


@settings(max_examples=200, deadline=None)
@given(st.integers(-2, 7), st.integers(-2, 10), st.one_of(st.integers(-3, 9), ANY), st.one_of(st.integers(-3, 6), ANY),
       st.text(alphabet="FBLRX", max_size=4))
def test_C19_ground_moves_refuse_every_invalid_input_with_a_rule(col, row, facing, mp, steps):
    hex_ = from_offset(col, row)
    valid = (1 <= col <= 5 and 1 <= row <= 8 and type(facing) is int and 0 <= facing <= 5 and type(mp) is int
             and mp >= 0 and set(steps) <= set("FBLR"))
    r = resolve_ground_move(hex_, facing, GroundMove(steps), OPEN, movement_points=mp)
    if isinstance(r, Refusal):
        assert r.rule.startswith(RULE_PREFIXES) and r.reason
    else:
        assert valid, (hex_, facing, mp, steps, r)
        assert 0 <= r.end_facing <= 5 and r.end_hex in OPEN
    try:
        reach = ground_reach(hex_, 0, OPEN, movement_points=mp)
    except ValueError as exc:
        assert str(exc).startswith(RULE_PREFIXES)
        assert not (1 <= col <= 5 and 1 <= row <= 8 and type(mp) is int and mp >= 0)
    else:
        assert all(h in OPEN and 0 <= used <= mp for h, used in reach.items())


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(-(2**64), 2**64), st.integers(-5, 5), ANY))
@example(2**63 + 1)
@example(-(2**63) - 1)
def test_G3_new_skirmish_and_load_agree_on_seeds(seed):
    try:
        g = new_skirmish("meeting", seed=seed)
    except ValueError as exc:
        assert "seed" in str(exc)
        text = json.dumps({**BASE, "seed": seed}) if not isinstance(seed, float) or seed == seed else None
        if text is not None:
            with pytest.raises(SaveError):
                load(text)
        return
    assert load(g.to_json()).seed == seed


def test_G3_C21_fire_choices_have_one_shape_check_for_apply_and_load():
    """The fire declaration's choices (book-a §8.2-8.3) pass the same shape check in apply and in load (G3)."""
    from centurion.game.actions import Fire, action_from_data, action_to_data, check_action

    good = Fire("T11", "R11", weapons=(0, 1), shells=((0, "APDS"),), second="R12", second_weapons=(2,))
    check_action(good)
    assert action_from_data(action_to_data(good)) == good
    for bad in (Fire("T11", "R11", weapons=5), Fire("T11", "R11", weapons=("x",)), Fire("T11", "R11", shells="HEAP"),
                Fire("T11", "R11", shells=((0, 5),)), Fire("T11", "R11", second_weapons=None)):
        with pytest.raises(IllegalAction):
            check_action(bad)
