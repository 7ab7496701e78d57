"""Movement types, positions and the variant search in the skirmish (issue 16): VAR-MOVETYPE resolved on every
move and searched by the engine on the variant in-move costs, VAR-OCCUPY positions stored and used for sight and
cover, lateral shifts / emergency turns offered at more speeds, and bot-against-bot games that exercise each."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.game import Move, bot_action, new_skirmish
from centurion.game.variants import game_end_states, movetype_ends, movetype_table
from centurion.hexgrid import from_offset, parse_label
from centurion.rules import GravState, legal_grav_moves
from centurion.rules.grav import Refusal
from centurion.variants import RuleSet, VariantMove, resolve_variant_move
from tests.bot_games import bot_game

VIPER = vehicle_types()["viper"]
BURN = RuleSet.from_names(["VAR-MOVETYPE:burn"])
THRUST = RuleSet.from_names(["VAR-MOVETYPE:thrust"])
COLS, ROWS = 7, 9


@st.composite
def situations(draw, max_v=8):
    terrain = ["".join(draw(st.sampled_from(".....lhwbx")) for _ in range(COLS)) for _ in range(ROWS)]
    elevation = ["".join(draw(st.sampled_from("0001123")) for _ in range(COLS)) for _ in range(ROWS)]
    m = map_from_rows(terrain, elevation)
    hex_ = from_offset(draw(st.integers(1, COLS)), draw(st.integers(1, ROWS)))
    grounded = draw(st.booleans()) and draw(st.booleans())
    v = 0 if grounded else draw(st.integers(-3, max_v))
    vehicle = dataclasses.replace(VIPER, max_thrust=draw(st.integers(2, 8)))
    state = GravState.of(vehicle, hex_, draw(st.integers(0, 5)), v, grounded=grounded,
                         tsr_lost=draw(st.booleans()) and draw(st.booleans()))
    return m, vehicle, state


# --- VAR-MOVETYPE --------------------------------------------------------------------------------------------

def test_movetype_table_costs_the_base_vp_and_keeps_the_speed_limits():
    t = movetype_table()
    assert t["heavy_woods"].vp["grav"] == 1 and t["light_woods"].vp["grav"] == 1 and t["rubble"].vp["grav"] == 1
    assert t["heavy_woods"].speed_limit == 6 and t["light_woods"].speed_limit == 8
    assert t["under_water"].vp["grav"] == 4  # not in the Variant Terrain Table: the basic row
    assert movetype_table() is t  # built once, so the engine keeps its step tables per map


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.sampled_from([BURN, THRUST]))
def test_every_movetype_end_is_a_move_the_variant_resolver_accepts_and_ends_where_listed(situation, rules):
    m, vehicle, state = situation
    for e in movetype_ends(state, vehicle, m, rules):
        r = resolve_variant_move(state, e.safest.move, m, vehicle, rules)
        assert not isinstance(r, Refusal), (e, r)
        assert (r.end_hex, r.end_facing, r.basic.grounds) == (e.hex, e.facing, e.grounded)
        assert r.p_no_damage == e.p_no_damage and r.thrust_used == e.safest.thrust_used
        if e.grounded:
            assert e.velocity_min == e.velocity_max == r.end_state().velocity == 0
        else:
            assert e.velocity_min <= r.basic.end_velocity == e.velocity_max  # the listed path decelerates nothing
        assert e.safest.rolls == sum(1 for x in r.basic.entries if x.check.needs_roll)
        assert e.safest.variant_rules == (("VAR-MOVETYPE",) if r.terrain_surcharge else ())


def test_woods_surcharge_is_burned_off_or_paid_in_thrust_with_numbers():
    # a Viper at 4 facing north through two heavy-woods hexes: 1 + 1 VP in the move, surcharge 2 + 2
    m = map_from_rows([".....", ".....", "..h..", "..h..", ".....", "....."])
    start = from_offset(3, 5)
    state = GravState.of(VIPER, start, 0, 4)
    ends = {(e.hex, e.facing, e.grounded): e for e in movetype_ends(state, VIPER, m, BURN, accelerate=0)}
    far = ends[(from_offset(3, 1), 0, False)]  # four hexes ahead: the basic rules could not reach it (3+3+1+1 VP)
    assert far.safest.variant_rules == ("VAR-MOVETYPE",)
    r = resolve_variant_move(state, far.safest.move, m, VIPER, BURN)
    assert r.terrain_surcharge == 4 and r.burned == 4 and r.basic.end_velocity == 0
    assert (far.velocity_min, far.velocity_max) == (0, 0)
    assert not any(e.hex == from_offset(3, 1) for e in legal_grav_moves(state, VIPER, m, accelerate=0)
                   if not e.grounded)
    paid = {(e.hex, e.facing, e.grounded): e for e in movetype_ends(state, VIPER, m, THRUST, accelerate=0)}
    p = paid[(from_offset(3, 1), 0, False)]
    assert p.safest.thrust_used == 4 and p.velocity_max == 4  # 4 TP for the woods, velocity kept
    assert p.velocity_min == 4 - (VIPER.max_thrust - 4) == 0
    slow = GravState.of(dataclasses.replace(VIPER, max_thrust=3), start, 0, 4)  # 3 TP cannot pay 4: not offered
    assert (from_offset(3, 1), 0, False) not in {(e.hex, e.facing, e.grounded) for e in movetype_ends(
        slow, dataclasses.replace(VIPER, max_thrust=3), m, THRUST, accelerate=0)}


def test_skirmish_plays_movetype_every_move_through_the_variant_resolver():
    s = new_skirmish("meeting", seed=3, variants=("VAR-MOVETYPE:thrust",))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    key = s.movers()[0].key
    v = s.vehicle(key)
    ends = s.end_states(key)
    assert list(ends) == game_end_states(v.grav(), v.sheet.vehicle, s.battlemap, s.rules)
    for e in ends[::25]:
        r = resolve_variant_move(v.grav(), e.safest.move, s.battlemap, v.sheet.vehicle, s.rules)
        assert not isinstance(r, Refusal) and (r.end_hex, r.end_facing) == (e.hex, e.facing)
    # a basic GravMove sent to apply is checked by the variant resolver too
    basic = legal_grav_moves(v.grav(), v.sheet.vehicle, s.battlemap)
    through_woods = [e for e in basic if any(s.battlemap[h].terrain.endswith("woods") for h in [e.hex])]
    for e in through_woods[:3]:
        res = s.resolve_move(key, e.safest.move)
        want = resolve_variant_move(v.grav(), VariantMove.of(e.safest.move), s.battlemap, v.sheet.vehicle, s.rules)
        assert isinstance(res, Refusal) == isinstance(want, Refusal)


def test_movetype_surcharge_is_logged_with_the_variant():
    s = new_skirmish("meeting", seed=3, variants=("VAR-MOVETYPE",))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    key = s.movers()[0].key
    e = next(e for e in s.end_states(key) if "VAR-MOVETYPE" in e.safest.variant_rules and not e.grounded)
    after = s.apply(Move(key, e.safest.move))
    line = next(ln for ln in after.log[len(s.log):] if "[VAR-MOVETYPE]" in ln)
    assert "burned off the end velocity" in line
    assert after.vehicle(key).velocity == e.velocity_max or after.vehicle(key).destroyed


def test_with_movetype_off_the_skirmish_lists_the_engines_end_states():
    s = new_skirmish("meeting", seed=3)
    key = s.vehicles[0].key
    v = s.vehicle(key)
    assert [tuple(e[:5]) for e in s.end_states(key)] == [
        tuple(e[:5]) for e in legal_grav_moves(v.grav(), v.sheet.vehicle, s.battlemap)]


# The seed of each game is pinned (found once, without a budget): the event is asserted from the log, and the game
# stops as soon as it happens (T8).
# Issue 25 (the bot weighs its own path's risk) re-pinned the MOVETYPE and EMERGENCY games (emergency turns risk the
# vanes, so the novice takes one later, in turn 3).
# Played once for this module (a game state is not changed by `apply`): the replay test below reads the same games.
pinned_game = functools.cache(bot_game)


@pytest.mark.parametrize(("switch", "tag", "scenario", "seed", "turns"), [
    ("VAR-MOVETYPE:burn", "[VAR-MOVETYPE]", "meeting", 1, 2),
    ("VAR-MOVETYPE:thrust", "[VAR-MOVETYPE]", "meeting", 1, 2),
    ("VAR-OCCUPY", "[VAR-OCCUPY]", "village@2", 3, 2),  # edition 2: the Renegades come in past the southern woods
    ("VAR-LATERAL", "[VAR-LATERAL]", "pursuit", 1, 2),
    ("VAR-EMERGENCY", "[VAR-EMERGENCY]", "pursuit", 0, 1),  # in turn 1 (pursuit@2, seed 0, waited for turn 4)
])
def test_bot_against_bot_with_the_switch_alone_exercises_it(switch, tag, scenario, seed, turns):
    s = pinned_game((switch,), scenario, seed, turns=turns, limit=900, until=tag)
    assert any(tag in line for line in s.log), f"{switch}: no {tag} line in the game of {scenario}, seed {seed}"
    # the other move switches stay silent when off
    others = {"[VAR-MOVETYPE]", "[VAR-OCCUPY]", "[VAR-LATERAL]", "[VAR-EMERGENCY]"} - {tag}
    assert not any(o in line for o in others for line in s.log)


# --- the faster variant search (VAR-LATERAL, VAR-EMERGENCY) ----------------------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(max_v=7), st.integers(0, 3), st.sampled_from([["VAR-LATERAL"], ["VAR-EMERGENCY"],
                                                                 ["VAR-LATERAL", "VAR-EMERGENCY"]]))
def test_variant_ends_from_the_search_are_the_resolvers(situation, accel, names):
    from centurion.variants import variant_end_states

    m, vehicle, state = situation
    lift = 1 if state.grounded else 0
    if accel < lift or accel > state.max_thrust(vehicle):
        return
    rules = RuleSet.from_names(names)
    fast = variant_end_states(state, vehicle, m, rules, accelerate=accel)
    slow = variant_end_states(state, vehicle, m, rules, accelerate=accel, resolve_each=True)
    assert fast == slow  # the same ends, paths, thrust, odds and velocities as resolving each end
    for e in fast:
        if e.variant_rules:
            r = resolve_variant_move(state, e.move, m, vehicle, rules)
            assert not isinstance(r, Refusal) and r.p_no_damage == e.p_no_damage and r.thrust_used == e.thrust_used


def test_variant_moves_are_searched_at_every_acceleration_when_slow_and_at_0_up_to_the_cap():
    from centurion.game.variants import (
        ALL_ACCELERATIONS_MAX_VELOCITY,
        EMERGENCY_ONE_TURN_MAX_VELOCITY,
        LATERAL_ALL_ACCELERATIONS_MAX_VELOCITY,
        LATERAL_SEARCH_MAX_VELOCITY,
        VARIANT_SEARCH_MAX_VELOCITY,
        variant_accelerations,
    )

    both, lateral = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"]), RuleSet.from_names(["VAR-LATERAL"])
    at = lambda v, **kw: GravState.of(VIPER, from_offset(3, 3), 0, v, **kw)  # noqa: E731
    assert variant_accelerations(at(ALL_ACCELERATIONS_MAX_VELOCITY), VIPER, both) == tuple(
        range(VIPER.max_thrust + 1))
    assert variant_accelerations(at(0, grounded=True), VIPER, both) == tuple(range(1, VIPER.max_thrust + 1))
    assert variant_accelerations(at(VARIANT_SEARCH_MAX_VELOCITY), VIPER, both) == (0,)
    assert variant_accelerations(at(VARIANT_SEARCH_MAX_VELOCITY + 1), VIPER, both) == (0,)  # one emergency a path
    assert variant_accelerations(at(EMERGENCY_ONE_TURN_MAX_VELOCITY), VIPER, both) == (0,)
    assert variant_accelerations(at(EMERGENCY_ONE_TURN_MAX_VELOCITY + 1), VIPER, both) == ()
    assert variant_accelerations(at(LATERAL_SEARCH_MAX_VELOCITY), VIPER, lateral) == (0,)
    assert variant_accelerations(at(-3), VIPER, lateral) == tuple(range(VIPER.max_thrust + 1))
    assert variant_accelerations(at(LATERAL_ALL_ACCELERATIONS_MAX_VELOCITY), VIPER, lateral) == tuple(
        range(VIPER.max_thrust + 1))
    assert variant_accelerations(at(ALL_ACCELERATIONS_MAX_VELOCITY + 1), VIPER, both) == (0,)


def test_skirmish_offers_shifts_at_speed_10_with_their_resolver_odds():
    s = new_skirmish("meeting", seed=3, variants=("VAR-LATERAL",))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    key = s.movers()[0].key
    s = dataclasses.replace(s, vehicles=tuple(dataclasses.replace(x, velocity=10) if x.key == key else x
                                              for x in s.vehicles))
    v = s.vehicle(key)
    shifts = [e for e in s.end_states(key) if isinstance(e.safest.move, VariantMove)]
    assert shifts  # before issue 16's search work the skirmish offered none above velocity 8
    for e in shifts[:15]:
        r = resolve_variant_move(v.grav(), e.safest.move, s.battlemap, v.sheet.vehicle, s.rules)
        assert not isinstance(r, Refusal) and (r.end_hex, r.end_facing) == (e.hex, e.facing) and r.p_no_damage == e.p_no_damage


# --- VAR-OCCUPY ----------------------------------------------------------------------------------------------

def _part(h, **kw):
    from centurion.data.partial_hexes import PartialHex

    return PartialHex(h, kw.pop("terrain", "light_woods"), kw.pop("open", "clear"), kw.pop("level", 0),
                      kw.pop("open_level", 0), **kw)


def test_a_unit_out_on_the_rise_sees_over_the_woods_and_in_the_hollow_does_not():
    from centurion.rules.sight import line_of_sight
    from centurion.variants.occupy import shot_map

    # firer F at 0101 (level 0), clear, clear, light woods (height 1) at 0104, target hex 0105: woods in a hollow
    # (level 0), its open part on a rise (level 1)
    m = map_from_rows([".", ".", ".", "l", "l"])
    f, w, t = from_offset(1, 1), from_offset(1, 4), from_offset(1, 5)
    parts = {t: _part(t, level=0, open_level=1)}
    assert not line_of_sight(m, f, t)  # the basic reading: the woods at 0104 (height 1 > level 0) block
    inside = line_of_sight(shot_map(m, parts, (t, "in")), f, t)
    outside = line_of_sight(shot_map(m, parts, (t, "out")), f, t)
    assert not inside and inside.deciding == w
    assert outside  # at level 1 the woods (height 1) are not higher than the taller unit
    assert shot_map(m, parts, None, None) is m and shot_map(m, parts, (t, "in")) is shot_map(m, parts, (t, "in"))


def _occupy_game(position: str):
    s = new_skirmish("village", seed=3, variants=("VAR-OCCUPY",))
    hexes = {"T21": parse_label("2106"), "R21": parse_label("2114")}  # R21 8 hexes south of the wood's edge hex
    vs = tuple(dataclasses.replace(v, hex=hexes[v.key], occupy=position if v.key == "T21" else "", grounded=False,
                                   in_crater=False) if v.key in hexes else v for v in s.vehicles)
    return dataclasses.replace(s, vehicles=vs)


def test_the_cover_counts_in_the_woods_and_not_out_in_the_open_part():
    from centurion.game.variants import occupy_parts

    s_in, s_out, s_basic = _occupy_game("in"), _occupy_game("out"), _occupy_game("")
    assert parse_label("2106") in occupy_parts(s_in) and s_in.battlemap[parse_label("2106")].terrain == "heavy_woods"
    plans = [g.attack_set(g.vehicle("R21"), "T21") for g in (s_in, s_out, s_basic)]
    assert all(plans)
    t_in, t_out, t_basic = (p.attacks[0].to_hit for p in plans)
    # heavy woods: -2 to hit the target in them (CEN-CMB-1); out in the open part: no terrain modifier
    assert t_in.value == t_basic.value == t_out.value - 2
    assert t_in.chance < t_out.chance
    assert [t.value for t in t_in.terms if "woods" in t.label.lower()] == [-2]
    assert not any("woods" in t.label.lower() for t in t_out.terms)


def test_fire_resolution_uses_the_position_the_target_declared():
    from centurion.dice import Dice
    from centurion.game.variants import occupy_map_for
    from centurion.rules import combat_phase

    for pos, modifier in (("in", -2), ("out", 0)):
        s = _occupy_game(pos)
        plan = s.attack_set(s.vehicle("R21"), "T21")
        decl = [("R21", [a.attack for a in plan.attacks], plan.turret_facing)]
        res = combat_phase(s.battlemap, s.combat_units(), decl, Dice(seed=1), turn=s.turn, rules=s.rules,
                           map_for=occupy_map_for(s))
        (fr,) = res.fire
        assert sorted(h.to_hit.target for h in fr.hits) == sorted(a.to_hit.value for a in plan.attacks)
        woods = [t.value for t in plan.attacks[0].to_hit.terms if "woods" in t.label.lower()]
        assert sum(woods) == modifier


def test_a_move_ending_out_of_the_woods_stores_the_position_and_logs_it():
    s = new_skirmish("village", seed=3, variants=("VAR-OCCUPY",))
    checked: list[str] = []
    for _ in range(200):  # the Renegades' moves past the southern woods list ends 'out' and ends 'in'
        if len(checked) == 2 or s.over:
            break
        movers = s.movers() if s.phase == "movement" else []
        for want in ("out", "in"):
            if not movers or want in checked:
                continue
            key = movers[0].key
            e = next((e for e in s.end_states(key) if getattr(e.safest.move, "positions", ())
                      and e.safest.move.positions[-1][1] == want), None)
            if e is None:
                continue
            checked.append(want)
            after = s.apply(Move(key, e.safest.move))
            v = after.vehicle(key)
            assert v.occupy == want or v.destroyed or v.hex != e.hex
            assert any("[VAR-OCCUPY]" in ln and repr(want) in ln for ln in after.log[len(s.log):])
            refused = dataclasses.replace(s, variants=()).resolve_move(key, e.safest.move)  # switch off: refused
            assert isinstance(refused, Refusal) and refused.rule == "VAR-OCCUPY"
        s = s.apply(bot_action(s, "novice"))
    assert sorted(checked) == ["in", "out"]


@pytest.mark.parametrize(("switch", "scenario", "seed"), [("VAR-OCCUPY", "village@2", 3), ("VAR-LATERAL", "pursuit", 1)])
def test_a_game_with_positions_or_shifts_replays_from_its_save(switch, scenario, seed):
    from centurion.game import load

    s = pinned_game((switch,), scenario, seed, turns=2, limit=900, until=f"[{switch}]")  # the pinned games above
    assert any(f"[{switch}]" in line for line in s.log)
    again = load(s.to_json())
    assert again.log == s.log and again.vehicles == s.vehicles


def test_the_skirmish_page_lists_movetype_and_occupy_as_played():
    from centurion.widgets.skirmish import PLAYED_VARIANTS, VARIANT_NOTE

    assert {"VAR-MOVETYPE", "VAR-OCCUPY", "VAR-LATERAL", "VAR-EMERGENCY"} <= set(PLAYED_VARIANTS)
    assert "VAR-MOVETYPE" in VARIANT_NOTE and "VAR-OCCUPY" in VARIANT_NOTE


# --- VAR-OCCUPY: the player declares the position in the end hex (Skirmish.with_position) ----------------------

def _r23_at(label: str, velocity: int):
    """Village, seed 3, at R23's first move (the bots played up to it), R23 moved to `label` at `velocity`."""
    s = new_skirmish("village", seed=3, variants=("VAR-OCCUPY",))
    for _ in range(60):
        if s.phase == "movement" and s.movers() and s.movers()[0].key == "R23":
            break
        s = s.apply(bot_action(s, "novice"))
    assert [v.key for v in s.movers()][:1] == ["R23"]
    vs = tuple(dataclasses.replace(v, hex=parse_label(label), velocity=velocity, grounded=False, in_crater=False)
               if v.key == "R23" else v for v in s.vehicles)
    return dataclasses.replace(s, vehicles=vs)


def _option(s, end: str, steps: tuple[str, ...]):
    return next(m for m, e in s.move_options("R23") if e.hex == parse_label(end) and tuple(m.move.steps) == steps)


def test_with_position_switches_the_end_hex_both_ways_and_apply_plays_it():
    s = _r23_at("2108", 3)  # heavy woods at 2506, partly covered: the game picked 'in' on entering it (step 7)
    m = _option(s, "2506", ("F", "F", "L", "F", "F", "L", "F", "F"))
    assert m.move.positions == ((7, "in"),)
    out = s.with_position(m, "out")
    assert out.move.positions == ((7, "out"),) and out.move.steps == m.move.steps and out.unit == "R23"
    r_in, r_out = s.resolve_variant("R23", m.move), s.resolve_variant("R23", out.move)
    assert r_in.positions[-1][1:] == ("in", "heavy_woods", 0) and r_out.positions[-1][1:] == ("out", "clear", 0)
    assert r_in.p_no_damage != r_out.p_no_damage  # the speed limit of the woods or of the open part counts
    back = s.with_position(out, "in")
    assert back == m
    after_out, after_in = s.apply(out), s.apply(back)
    assert after_out.vehicle("R23").hex == parse_label("2506") or after_out.vehicle("R23").destroyed
    assert after_out.vehicle("R23").occupy == "out" and after_in.vehicle("R23").occupy == "in"
    assert any("stands out in the open part of 2506" in ln for ln in after_out.log[len(s.log):])


def test_with_position_refuses_the_open_part_behind_a_covered_hexside_and_cover_it_cannot_pay_for():
    s = _r23_at("2004", 1)
    m = _option(s, "2105", ("F",))
    r = s.with_position(m, "out")
    assert isinstance(r, Refusal) and r.rule == "VAR-OCCUPY" and "hexside it crosses (5) is covered" in r.reason
    assert s.with_position(m, "in") == m
    from centurion.game import IllegalAction

    with pytest.raises(IllegalAction, match="VAR-OCCUPY"):  # apply checks a hand-made position with the resolver
        s.apply(dataclasses.replace(m, move=dataclasses.replace(m.move, positions=((0, "out"),))))
    s = _r23_at("2108", 1)  # an 'out' path whose last VP cannot pay for the heavy woods
    m = _option(s, "2106", ("F", "L", "F", "L", "F", "L", "F", "F"))
    assert m.move.positions == ((7, "out"),)
    r = s.with_position(m, "in")
    assert isinstance(r, Refusal) and r.rule == "VAR-OCCUPY" and "cannot stand in the cover of 2106" in r.reason
    assert "CEN-GRAV-2" in r.reason and "costs 3 VP" in r.reason
    end = s.with_position(_option(_r23_at("2004", 1), "2004", ()), "in")
    assert isinstance(end, Refusal) and end.rule == "VAR-OCCUPY"  # no hex entered: nothing to declare
    off = dataclasses.replace(s, variants=())
    assert off.with_position(m, "out").rule == "VAR-OCCUPY"


def test_the_variant_note_names_where_var_salvo_comes_up():
    """Walk of session 30: the note said VAR-SALVO never comes up, but the pursuit's Lupus scouts carry two 1.5/3
    lasers in the turret and fired them in salvo every turn. RULES.md VAR-SALVO: the same weapon type and damage,
    direct fire, one location. Worked from data/vehicles.yaml and the scenarios' YAML, apart from the code."""
    import yaml

    from centurion.data.paths import data_dir
    from centurion.widgets.skirmish import VARIANT_NOTE

    kinds = yaml.safe_load((data_dir() / "vehicles.yaml").read_text(encoding="utf-8"))["vehicles"]
    lupus = [(w["type"], w["location"]) for w in kinds["lupus"]["weapons"]]
    assert lupus.count(("1.5/3 laser", "turret")) == 2
    pursuit = yaml.safe_load((data_dir() / "scenarios" / "pursuit.yaml").read_text(encoding="utf-8"))
    assert "lupus" in {v["type"] for side in pursuit["sides"].values() for p in side["platoons"] for v in p["vehicles"]}
    assert "never comes up" not in VARIANT_NOTE and pursuit["title"] in VARIANT_NOTE and "Lupus" in VARIANT_NOTE
