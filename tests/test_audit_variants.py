"""The findings of the variant-rules audit (shared/audits/variants.md, V1-V21), one test or more each, named after
the finding. Expected values come from the seed (001, quoted), RULES.md §2 or a count made here by hand."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

import centurion
from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.game import Move, bot_action, new_skirmish
from centurion.hexgrid import parse_label
from centurion.rules import GravMove, GravState
from centurion.rules.grav import Refusal
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, SquadOrder, declare_squad_fire
from centurion.variants import RuleSet, VariantMove, activation_order, emergency_turn_cost, resolve_variant_move
from tests.bot_games import until, with_squad

ROOT = Path(centurion.__file__).resolve().parent.parent  # the checkout whose engine is under test
DECISIONS = (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")
LIB = vehicle_types()["liberator"]


def with_vehicle(state, key: str, **changes):
    return replace(state, vehicles=state._with_vehicle(replace(state.vehicle(key), **changes)))._fresh()


# --- V1 ---------------------------------------------------------------------------------------------------------

def test_V1_a_shorted_vane_is_out_for_the_next_turn_only():
    from centurion.game.skirmish import decision_dice

    s = new_skirmish("pursuit", seed=1, variants=("VAR-EMERGENCY",))
    key = s.vehicles[0].key
    s = with_vehicle(s, key, vanes_shorted=("left",))  # the seed: "shorting out for a turn"
    lost = []
    for k in range(3):
        s = replace(s, turn=s.turn + 1)._start_turn(decision_dice(1, 100 + k))
        lost.append(s.vehicle(key).grav().left_vane_lost)
    assert lost == [True, False, False]


def test_V1_a_burnt_out_vane_stays_lost():
    from centurion.game.skirmish import decision_dice

    s = new_skirmish("pursuit", seed=1, variants=("VAR-EMERGENCY",))
    key = s.vehicles[0].key
    s = with_vehicle(s, key, vanes_lost=("right",), vanes_shorted=("left",))
    for k in range(2):
        s = replace(s, turn=s.turn + 1)._start_turn(decision_dice(1, 200 + k))
    g = s.vehicle(key).grav()
    assert g.right_vane_lost and not g.left_vane_lost


# --- V2 ---------------------------------------------------------------------------------------------------------

def test_V2_a_dismounted_squad_is_an_element_of_its_own():
    from centurion.game import activation as vinit

    s = new_skirmish("village", seed=1, variants=("VAR-INIT",))
    assert vinit.platoons(s, "renegade") == ["Renegade Tank Platoon", "Renegade Mechanised Platoon"]
    car = s.vehicle("R31")
    s2 = with_squad(s, "R31s", hex=car.hex, aboard=None)
    elements = vinit.platoons(s2, "renegade")
    assert len(elements) == 3 and elements[:2] == ["Renegade Tank Platoon", "Renegade Mechanised Platoon"]
    assert "R31s" in elements[2]
    # the squads that started on foot (the TOG garrison) stay in their platoon
    assert vinit.platoons(s2, "tog") == ["TOG Garrison Platoon"]


def test_V2_the_element_activates_on_its_own():
    s = new_skirmish("village", seed=1, variants=("VAR-INIT",))
    car = s.vehicle("R31")
    s = with_squad(s, "R31s", hex=car.hex, aboard=None)
    s = until(s, lambda x: x.phase == "movement")
    slots = [p for side, p in s.sequence if side == "renegade"]
    assert len(slots) == 3 and any("R31s" in p for p in slots)
    # 3 elements against 1: the seed's pairs/triples in the middle, one activation for the TOG side
    assert sum(1 for side, _p in s.sequence if side == "tog") == 1


# --- V3 ---------------------------------------------------------------------------------------------------------

ROAD = " ".join(f"01{r:02d}" for r in range(14, 0, -1))  # a straight road up column 01


def test_V3_grav_double_movement_along_a_road():
    m = map_from_rows(["..."] * 14, roads=[ROAD])
    st = GravState.of(LIB, parse_label("0114"), 0, 5)
    mt = RuleSet.from_names(["VAR-MOVETYPE"])
    ten = resolve_variant_move(st, VariantMove(steps="F" * 10), m, LIB, mt)  # the seed: 200% on any road
    assert not isinstance(ten, Refusal) and ten.end_hex == parse_label("0104") and ten.road_hexes == 5
    assert not ten.basic.grounds
    eleven = resolve_variant_move(st, VariantMove(steps="F" * 11), m, LIB, mt)
    assert isinstance(eleven, Refusal) and eleven.rule == "CEN-GRAV-2"
    five = resolve_variant_move(st, VariantMove(steps="F" * 5), m, LIB, mt)  # the extra is not forced
    assert not isinstance(five, Refusal) and not five.basic.grounds and five.road_hexes == 0
    basic = resolve_variant_move(st, VariantMove(steps="F" * 10), m, LIB, RuleSet.from_names(["VAR-LATERAL"]))
    assert isinstance(basic, Refusal)


def test_V3_off_the_road_the_bonus_is_lost():
    m = map_from_rows(["..."] * 14, roads=[ROAD])
    mt = RuleSet.from_names(["VAR-MOVETYPE"])
    off = GravState.of(LIB, parse_label("0214"), 0, 5)  # beside the road: no bonus
    assert isinstance(resolve_variant_move(off, VariantMove(steps="F" * 6), m, LIB, mt), Refusal)
    wide = map_from_rows(["......"] * 14, roads=[ROAD])
    on = GravState.of(LIB, parse_label("0114"), 0, 5)  # two hexes on the road, then off it: 6 hexes at 5
    r = resolve_variant_move(on, VariantMove(steps="F F R F F F F"), wide, LIB, mt)
    assert isinstance(r, Refusal) and r.rule == "CEN-GRAV-2"  # the 200% went at the first hex off the road
    late = resolve_variant_move(on, VariantMove(steps="F F F F F F R F"), wide, LIB, mt)  # 6 on it, then off
    assert isinstance(late, Refusal) and late.rule == "VAR-MOVETYPE" and "off the road" in late.reason
    assert not isinstance(resolve_variant_move(on, VariantMove(steps="F F R F F F"), wide, LIB, mt), Refusal)


def test_V3_the_skirmish_offers_the_road_move():
    s = new_skirmish("meeting", seed=1, variants=("VAR-MOVETYPE",))
    s = until(s, lambda x: x.phase == "movement" and x.movers() and x.movers()[0].key == "R11")
    v = s.vehicle("R11")
    roads = [e for e in s.end_states("R11") if getattr(e.safest, "road", 0)]
    assert roads
    for e in roads:
        r = s.resolve_variant("R11", e.safest.move)
        assert len(r.basic.entries) > abs(r.basic.velocity) >= abs(v.velocity)
        assert len(r.basic.entries) <= 2 * abs(r.basic.velocity)


# --- V4 ---------------------------------------------------------------------------------------------------------

def test_V4_an_opportunity_shot_uses_the_speed_the_mover_flies_at():
    s = new_skirmish("meeting", seed=1, variants=("VAR-INIT", "VAR-SPEEDMOD"))
    s = until(s, lambda x: x.turn == 2 and x.phase == "movement")
    m = bot_action(s, "novice")
    assert m.unit == "T11" and s.vehicle("T11").velocity + m.move.accelerate == 10
    for dec in (0, 4, 6):
        s2 = s.apply(Move("T11", replace(m.move, decelerate=dec)))
        a = s2.opportunity_actions()[0]
        mover, path = s2.pending_move
        plan = s2.attack_set(s2.vehicle(a.unit), mover, at=path[a.step - 1], opportunity=True)
        terms = [(t.label, t.value) for t in plan.attacks[0].to_hit.terms if t.rule == "VAR-SPEEDMOD"]
        assert terms == [("target speed 10", -3)]  # 7-10: -3, whatever it decelerates to after the move


# --- V5 ---------------------------------------------------------------------------------------------------------

def test_V5_an_emergency_turn_after_at_least_one_hex_judged_and_written_down():
    with pytest.raises(ValueError, match="VAR-EMERGENCY"):
        emergency_turn_cost(10, 0)
    assert emergency_turn_cost(10, 1) == 1 and emergency_turn_cost(20, 1) == 3 and emergency_turn_cost(14, 1) == 2
    assert "V5" in DECISIONS and "turn in just one hex" in DECISIONS


# --- V6 ---------------------------------------------------------------------------------------------------------

def _emergencies(s, key):
    out = set()
    for m, e in s.move_options(key):
        if "VAR-EMERGENCY" in getattr(e.safest, "variant_rules", ()):
            r = s.resolve_variant(key, m.move)
            out |= {(x.thrust, x.straight, x.required) for x in r.emergencies}
            if len(out) > 3:
                break
    return out


def test_V6_emergency_turns_are_offered_at_the_seeds_velocities():
    from centurion.game.variants import variant_accelerations

    both = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
    for v in (13, 14, 16, 20):
        assert variant_accelerations(GravState.of(LIB, parse_label("0510"), 0, v), LIB, both) == (0,)
    s = new_skirmish("meeting", seed=1, variants=("VAR-EMERGENCY",))
    s = until(s, lambda x: x.phase == "movement" and x.movers() and x.movers()[0].key == "R11")
    lib = with_vehicle(s, "R11", velocity=14)  # the seed's Liberator: 3 hexes straight at 14
    assert any(req == 3 and tp == 3 - straight for tp, straight, req in _emergencies(lib, "R11"))
    assert (2, 1, 3) in _emergencies(lib, "R11") or any(tp == 2 for tp, _s, _r in _emergencies(lib, "R11"))


def test_V6_the_horatius_at_velocity_20_may_turn_after_one_hex_for_3_tp():
    s = new_skirmish("meeting", seed=1, variants=("VAR-EMERGENCY",))
    s = until(s, lambda x: x.phase == "movement" and x.movers() and x.movers()[0].key == "T11")
    hor = with_vehicle(s, "T11", velocity=20)
    found = _emergencies(hor, "T11")
    assert found and all(req == 4 and tp == 4 - straight for tp, straight, req in found)  # 4 straight at 20


# --- V7 ---------------------------------------------------------------------------------------------------------

def test_V7_the_lupus_carries_identical_direct_fire_mounts_the_quota_allows():
    from centurion.variants.crew import vehicle_weapon_layout

    lupus = vehicle_types()["lupus"]
    twins = [w for w in lupus.weapons if w.type == "1.5/3 laser"]
    assert len(twins) == 2 and {w.location for w in twins} == {"turret"} and len({w.damage for w in twins}) == 1
    assert vehicle_weapon_layout(lupus) == ()  # engine 550: light, 3 a location


def test_V7_identical_mounts_fire_as_one_salvo_in_the_skirmish():
    s = new_skirmish("meeting", seed=3, variants=("VAR-SALVO",))
    s = until(s, lambda x: x.phase == "fire" or x.over)
    w = LIB.weapons
    twin = replace(LIB, weapons=(w[0], w[1], replace(w[1])))  # two identical 3/6 lasers in the turret
    v = next(v for v in s.live_vehicles(s.active) if v.type == "liberator")
    s2 = with_vehicle(s, v.key, sheet=RecordSheet.of(twin))
    plans = [s2.attack_set(s2.vehicle(v.key), t) for t in s2._enemy_keys(v.side, v.hex)]
    plan = next(p for p in plans if p is not None)
    lasers = [i for i, ra in enumerate(plan.attacks) if ra.weapon.type == "3/6 laser"]
    assert len(lasers) == 2 and plan.salvos == (tuple(lasers),)
    assert {plan.attacks[i].attack.salvo for i in lasers} == {1}
    basic = new_skirmish("meeting", seed=3)
    basic = until(basic, lambda x: x.phase == "fire" or x.over)
    b2 = with_vehicle(basic, v.key, sheet=RecordSheet.of(twin))
    assert all(p is None or p.salvos == () for p in (b2.attack_set(b2.vehicle(v.key), t)
                                                   for t in b2._enemy_keys(v.side, v.hex)))


# --- V8 ---------------------------------------------------------------------------------------------------------

def test_V8_stationary_at_the_end_of_last_turn_and_not_fired_is_enough():
    from centurion.game import activation as vinit
    from centurion.variants import may_opportunity_fire

    s = new_skirmish("meeting", seed=3, variants=("VAR-INIT",))
    v = s.vehicles[0]
    s2 = replace(s, start_velocities=((v.key, 0),), vehicles=s._with_vehicle(replace(v, velocity=5)),
                 done=frozenset({v.key}), fired=frozenset())
    assert vinit.opportunity_refusal(s2, s2.vehicle(v.key)) is None
    assert may_opportunity_fire(RuleSet.from_names(["VAR-INIT"]), velocity_end_of_last_turn=0,
                                fired_this_turn=False) is None
    moving = replace(s2, start_velocities=((v.key, 4),))  # moving last turn and now: no
    assert isinstance(vinit.opportunity_refusal(moving, moving.vehicle(v.key)), Refusal)
    fired = replace(s2, fired=frozenset({v.key}))
    assert isinstance(vinit.opportunity_refusal(fired, fired.vehicle(v.key)), Refusal)


# --- V9 ---------------------------------------------------------------------------------------------------------

def test_V9_infantry_fire_and_painting_take_the_target_speed():
    from centurion.rules.resolution import combat_phase

    v = vehicle_types()
    m = map_from_rows(["........"] * 12)
    rs = RuleSet.from_names(["VAR-SHIELD", "VAR-SPEEDMOD"])
    units = {"sq": CombatUnit("sq", "RL", parse_label("0206"), 0, men=8),
             "hor": CombatUnit("hor", "TOG", parse_label("0203"), 3, RecordSheet.of(v["horatius"]), velocity=12)}
    for order in (SquadOrder("sq", "personal", "hor"), SquadOrder("sq", "paint", "hor")):
        a = declare_squad_fire(m, units, order, rules=rs)
        plain = declare_squad_fire(m, units, order)
        assert [(t.label, t.value) for t in a.to_hit.terms if t.rule == "VAR-SPEEDMOD"] == [("target speed 12", -4)]
        assert a.to_hit.value == plain.to_hit.value - 4  # 11-15: -4
    res = combat_phase(m, units, [], Dice.scripted([1] * 5), paints=[("sq", "hor")], rules=rs)
    assert res.units["hor"].painted_by == ("sq",)


# --- V10 --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("a,b", [(6, 2), (9, 3), (5, 2), (7, 3), (2, 6), (4, 1), (8, 3)])
def test_V10_extra_platoons_as_evenly_as_possible(a, b):
    for first in ("first", "second"):
        order = activation_order(a, b, first_side=first)
        big = "first" if a >= b else "second"
        groups = [n for side, n in order if side == big]
        assert sum(groups) == max(a, b) and sum(n for side, n in order if side != big) == min(a, b)
        assert max(groups) - min(groups) <= 1  # "as evenly distributed as possible"


def test_V10_six_against_two_in_pairs():
    assert activation_order(6, 2) == [("first", 2), ("second", 1), ("first", 2), ("second", 1), ("first", 2)]


# --- V11 --------------------------------------------------------------------------------------------------------

def test_V11_the_computer_self_destructs_a_tank_that_can_neither_move_nor_fight():
    from centurion.game.actions import SelfDestruct

    s = new_skirmish("meeting", seed=3, variants=("VAR-SELFDESTRUCT",))
    v = s.vehicle("R12")
    sheet = v.sheet.with_damage({}, [("bottom", b) for b in v.sheet.boxes_of("bottom", "grav_drive")],
                                immediate=True)  # Grav Drive lost: it never moves again
    sheet = replace(sheet, crew=tuple(replace(m, state="dead") if m.role in ("gunner", "commander") else m
                                      for m in sheet.crew))  # and nobody left to fire (its armour is whole)
    t = s.vehicle("T11")
    s = with_vehicle(s, "R12", sheet=sheet, hex=parse_label("2614"), velocity=0, grounded=True)
    assert t.hex == parse_label("2914")
    s = replace(s, phase="end", active="renegade")._fresh()
    assert SelfDestruct("R12") in s.legal_actions()
    assert bot_action(s, "novice") == SelfDestruct("R12")


# --- V12 --------------------------------------------------------------------------------------------------------

def test_V12_the_commander_takes_over_the_gunners_weapons_and_the_log_says_so():
    s = new_skirmish("meeting", seed=3, variants=("VAR-WEAPONS",))
    s = until(s, lambda x: x.phase == "fire" and x.active == "renegade")
    key = next(k for k in s.undeclared() if s.vehicle(k).side == "renegade" and s.fire_actions(k)[:-1])
    target = s.fire_actions(key)[0].target
    sheet = s.vehicle(key).sheet
    s = with_vehicle(s, key, sheet=replace(sheet, crew=tuple(replace(m, state="dead") if m.role == "gunner" else m
                                                             for m in sheet.crew)))
    plan = s.attack_set(s.vehicle(key), target)
    terms = {t.label for ra in plan.attacks for t in ra.to_hit.terms if t.rule == "VAR-WEAPONS"}
    assert terms == {"fired by the commander (the gunner is out)"}
    assert "V12" in DECISIONS


# --- V13 --------------------------------------------------------------------------------------------------------

def test_V13_the_skirmish_cuts_through_the_open_part_of_a_wood_edge():
    from centurion.game.variants import occupy_parts

    s = new_skirmish("meeting", seed=1, variants=("VAR-OCCUPY",))
    s = until(s, lambda x: x.phase == "movement" and x.movers() and x.movers()[0].key == "R11")
    s = with_vehicle(s, "R11", hex=parse_label("0216"), facing=2, velocity=3)
    parts = occupy_parts(s)
    through = [e for e in s.end_states("R11") if e.hex not in parts and getattr(e.safest.move, "positions", ())]
    assert through  # ends in the open reached 'out' through a wood's edge (0317)
    for e in through:
        r = s.resolve_variant("R11", e.safest.move)
        assert not isinstance(r, Refusal) and r.end_hex == e.hex
        assert all(pos == "out" and terrain == "clear" for _h, pos, terrain, _l in r.positions)
        assert r.positions[0][0] == parse_label("0317")


def test_V13_the_computer_declares_out_where_the_open_part_is_safer():
    s = new_skirmish("meeting", seed=1, variants=("VAR-OCCUPY",))
    s = until(s, lambda x: x.phase == "movement" and x.movers() and x.movers()[0].key == "R11")
    s = with_vehicle(s, "R11", hex=parse_label("0216"), facing=2, velocity=3)
    a = bot_action(s, "novice")
    assert [i for i, pos in a.move.positions if pos == "out"]
    r = s.resolve_variant("R11", a.move)
    assert not isinstance(r, Refusal)
    assert any(pos == "out" for _h, pos, terrain, _l in r.positions if terrain == "clear")


# --- V14 --------------------------------------------------------------------------------------------------------

def test_V14_an_ap_laser_is_direct_fire_for_the_gunner_and_for_salvos():
    from centurion.variants import declare_salvo
    from centurion.variants.crew import CrewFire, crew_may_fire
    from centurion.variants.fire import SalvoWeapon

    ap = [SalvoWeapon("AP laser", "ap_laser", "1", "turret"), SalvoWeapon("AP laser", "ap_laser", "1", "turret")]
    assert not isinstance(declare_salvo(ap, RuleSet.from_names(["VAR-SALVO"])), Refusal)
    w = RuleSet.from_names(["VAR-WEAPONS"])
    assert isinstance(crew_may_fire(w, "gunner", "ap_laser"), CrewFire)
    assert isinstance(crew_may_fire(w, "commander", "ap_laser"), CrewFire)
    assert isinstance(crew_may_fire(w, "gunner", "painting"), Refusal)


# --- V15, V16: chapter 21 ---------------------------------------------------------------------------------------

C21 = (ROOT / "tools" / "chapters" / "c21_variant_rules.py").read_text(encoding="utf-8")


def test_V15_chapter_21_movetype_says_what_the_engine_does():
    assert "+2 movement points" in C21 and "NA" in C21 and "half the weight of a grav drive" in C21
    assert "200%" in C21 and "up to twice its" in C21 and "first hex off the road ends the bonus" in C21
    assert "Only grav vehicles take part in the skirmish" in C21


def test_V16_chapter_21_ram_and_init_sections():
    assert re.search(r"cannot move.{0,60}is hit unless the rammer rolls a 1", C21, re.S)
    assert re.search(r"may\s*\"?\s*\"?declare the ram a hit or a miss", C21, re.S)
    assert "the higher total wins" in C21
    assert re.search(r"negative rating must spend all of it", C21)
    assert "go 2, 2, 2" in C21
    assert "not yet shown in a chapter" not in C21


# --- V17 --------------------------------------------------------------------------------------------------------

def test_V17_the_variant_move_names_its_initial_facing():
    assert VariantMove(accelerate=6, steps="F F L F", initial_facing=1).describe() == \
        GravMove(accelerate=6, steps="FFLF", initial_facing=1).describe() == "face NE, accelerate 6, F F L F"


# --- V18 --------------------------------------------------------------------------------------------------------

def test_V18_the_surcharge_line_names_only_the_hexes_entered():
    from centurion.game.variants import movetype_lines
    from centurion.variants.movement import resolve_variant_move as resolve

    s = new_skirmish("pursuit", seed=1, variants=("VAR-MOVETYPE",))
    v = s.vehicle("R43")
    st = replace(v.grav(), hex=parse_label("1213"), facing=0, velocity=10)
    r = resolve(st, VariantMove(steps="F F F F F"), s.battlemap, v.sheet.vehicle, s.rules)
    full = movetype_lines("R43", r)
    assert "1212" in full[-1] and "1211" in full[-1]
    cut = movetype_lines("R43", r, parse_label("1212"))  # destroyed (or grounded) in 1212
    assert len(cut) == 1 and "1212" in cut[0] and "1211" not in cut[0]
    assert re.search(r"terrain surcharge (\d+) VP \(1212\)", cut[0])


# --- V19 --------------------------------------------------------------------------------------------------------

def test_V19_the_decision_states_the_drivers_cut_as_the_code_computes_it():
    from centurion.variants import driver_speed_limit

    assert [driver_speed_limit(20, n) for n in range(4)] == [20, 14, 7, 0]  # 20 - 20*n//3
    assert "a third of the original limit per weapon, rounded down" not in DECISIONS
    assert "limit - (limit * n) // 3" in DECISIONS or "limit − ⌊limit × n / 3⌋" in DECISIONS


# --- V20 --------------------------------------------------------------------------------------------------------

def test_V20_a_bare_string_of_variants_is_refused_by_name():
    with pytest.raises(ValueError, match=r"variants are a tuple of names.*'VAR-SHIELD'"):
        new_skirmish("meeting", seed=1, variants="VAR-SHIELD")
    assert new_skirmish("meeting", seed=1, variants=["VAR-SHIELD"]).variants == ("VAR-SHIELD",)
    from centurion.game.skirmish import new_skirmish as ns

    assert "variants" in ns.__doc__


def test_V20_the_initiative_roll_prints_a_negative_rating_as_such():
    from centurion.variants import roll_variant_initiative

    r = roll_variant_initiative(Dice.scripted([5, 5, 3, 7]), rating_first=-2, rating_second=3, spend_second=1)
    assert [x.purpose for x in r.rolls[0]] == ["initiative, first side (-2)", "initiative, second side (+1)"]
    named = roll_variant_initiative(Dice.scripted([5, 5, 3, 7]), rating_first=-2, rating_second=3, spend_second=1,
                                    names=("Renegade Legion", "Terran Overlord Government"))
    assert [x.purpose for x in named.rolls[0]] == ["initiative, Renegade Legion (-2)",
                                                   "initiative, Terran Overlord Government (+1)"]


def test_V20_decisions_keep_no_superseded_statement():
    assert "at most 8 (`VARIANT_SEARCH_MAX_VELOCITY`)" not in DECISIONS
    assert "VAR-OCCUPY positions are not searched" not in DECISIONS


# --- V21 --------------------------------------------------------------------------------------------------------

def test_V21_the_readme_claims_only_what_the_skirmish_plays():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "wheeled, tracked, hover and grav movement" not in readme
    assert re.search(r"wheeled, tracked and hover.{0,120}(not|no).{0,60}(game|skirmish)", readme, re.S)
    assert "no shipped scenario vehicle has such mounts" not in readme
    assert "Lupus" in readme



def test_S30_under_var_shield_the_skirmish_preview_shows_the_odds_the_game_rolls():
    """Walk of session 30: with VAR-SHIELD on, the Skirmish page previewed a paint and a laser shot with the basic
    rules' shield modifier ("= 2 (P = 1/5)") while the game rolled without it and then the stop roll ("target 9
    (P = 9/10)", stop on 52). RULES.md VAR-SHIELD: roll without the shield, then d100 <= the stop chance of the
    shield's rating stops it (rating 50: 44, data from the seed's table)."""
    from test_game import passive

    from centurion.game import Paint
    from centurion.game.bot_fire import paint_odds
    from centurion.widgets.skirmish_text import preview_lines

    s = new_skirmish("meeting", seed=1, variants=["VAR-SHIELD"])
    while s.phase != "painting":
        s = s.apply(passive(s))
    a = next(a for a in s.legal_actions() if isinstance(a, Paint) and a.target)
    att = s.paint_attempt(a.unit, a.target)  # the basic breakdown: "-5 left shield factor 5" among its terms
    factor = -next(term.value for term in att.to_hit.terms if "shield factor" in term.label)
    stop = {10: 20, 20: 28, 30: 34, 40: 40, 50: 44, 60: 48, 70: 52, 80: 57, 90: 61, 100: 65}[10 * factor]
    without = att.to_hit.value + factor  # the d10's target with the shield's term taken out
    expected = Fraction(min(max(without, 0), 10), 10) * Fraction(100 - stop, 100)
    line = preview_lines(s, a, a)[0]
    assert f"= {without} (P = " in line and f"stops it on d100 <= {stop}" in html.unescape(line)
    assert f"P(painted) = {expected}" in line
    assert paint_odds(s, att) == expected  # the computer weighs the same chance


def _unharmed_by_hand(tp: int, lost: int) -> Fraction:
    """RULES.md VAR-EMERGENCY: burnout target 9 - TP, damage target 9 - TP - 1, short target 9 - TP, each lowered by
    the vane boxes lost (D); the vane comes through when all three d10 rolls pass (roll <= target)."""
    p = Fraction(1)
    for target in (9 - tp - lost, 9 - tp - 1 - lost, 9 - tp - lost):
        p *= Fraction(min(max(target, 0), 10), 10)
    return p


def test_S30_the_moves_offered_count_the_vane_boxes_already_lost():
    """Walk of session 30: after R11's left vane lost 2 boxes, the list still offered an emergency turn left with an
    undamaged vane's odds (56/125), while the roll used the lowered targets (the engine was right). Each end reached
    by emergency turns keeps its path; its chance falls by the hand-worked factor of each left turn's vane saves."""
    from test_game import passive_until, with_vehicle

    s = passive_until(new_skirmish("meeting", seed=1, variants=["VAR-EMERGENCY"]), "movement", "R11")
    assert s.vehicle("R11").vane_boxes == ()
    hurt = with_vehicle(s, "R11", vane_boxes=(("left", 2),))

    def emergency_ends(st):
        return {(e.hex, e.facing, e.grounded): e for e in st.end_states("R11")
                if "VAR-EMERGENCY" in getattr(e.safest, "variant_rules", ()) and e.p_no_damage > 0}

    before, after = emergency_ends(s), emergency_ends(hurt)
    checked = 0
    for key, e in before.items():
        if key not in after or after[key].safest.move != e.safest.move:
            continue
        turns = s.resolve_variant("R11", e.safest.move).emergencies
        factor = Fraction(1)
        for t in turns:
            if t.side == "left":
                factor *= _unharmed_by_hand(t.thrust, 2) / _unharmed_by_hand(t.thrust, 0)
        assert after[key].p_no_damage == e.p_no_damage * factor, key
        checked += any(t.side == "left" for t in turns)
    assert checked >= 3
    # and the preview of such a move gives the same chance as the list (the page's line for the move)
    key = next(k for k, e in after.items() if k in before and e.safest.move == before[k].safest.move)
    assert hurt.resolve_variant("R11", after[key].safest.move).p_no_damage == after[key].p_no_damage


def test_S30_the_vane_outcomes_read_as_what_they_are():
    """Walk of session 30: "unharmed 45%, burns out 20%, loses a box 24%, is out for a turn 16%" summed to 105%:
    a box lost and a short may come together. RULES.md VAR-EMERGENCY, 1 TP into a whole vane: targets 8, 7, 8;
    unharmed 8/10 x 7/10 x 8/10 = 56/125, burnout 2/10, box 8/10 x 3/10 = 6/25, short 8/10 x 2/10 = 4/25, both
    8/10 x 3/10 x 2/10 = 6/125, and 56/125 + 1/5 + 6/25 + 4/25 - 6/125 = 1."""
    from test_game import passive_until

    from centurion.widgets.skirmish_text import variant_steps

    s = passive_until(new_skirmish("meeting", seed=1, variants=["VAR-EMERGENCY"]), "movement", "R11")
    one = next(r for r in (s.resolve_variant("R11", e.safest.move) for e in s.end_states("R11")
                           if "VAR-EMERGENCY" in getattr(e.safest, "variant_rules", ()))
               if len(r.emergencies) == 1 and r.emergencies[0].thrust == 1)
    line = next(x for x in variant_steps(one) if x.startswith("emergency turn"))
    assert "unharmed 56/125 = 45% or burns out 1/5 = 20%" in line
    assert "loses a box 6/25 = 24% and is out for a turn 4/25 = 16%, both at once 6/125 = 5%" in line


def test_S30_a_lateral_shift_is_numbered_as_the_steps_are():
    """Walk of session 30: for the path "F F F F F SL" the preview said "lateral shift left at step 5": the shift is
    the sixth step (the positions of VAR-OCCUPY count from 1 as well)."""
    from test_game import passive_until

    from centurion.variants.variant_move import VariantMove
    from centurion.widgets.skirmish_text import variant_steps

    s = passive_until(new_skirmish("pursuit", seed=2, variants=["VAR-LATERAL"]), "movement")
    v = s.movers()[0]
    r = next(r for r in (s.resolve_variant(v.key, e.safest.move) for e in s.end_states(v.key)
                         if "VAR-LATERAL" in getattr(e.safest, "variant_rules", ())) if r.shifts)
    steps = r.move.steps if isinstance(r.move, VariantMove) else ()
    where = [i + 1 for i, step in enumerate(steps) if step in ("SL", "SR")]
    lines = [x for x in variant_steps(r) if x.startswith("lateral shift")]
    assert [int(x.split(" at step ")[1].split(":")[0]) for x in lines] == where


def test_S30_a_variant_moves_tag_comes_before_the_cut():
    """Walk of session 30: at 1024 px the list cut "R41 to 3016 SE, velocity 6 → 6, 100% safe [VAF": the tag that
    marks a variant move comes right after the end, before the speed and the odds."""
    import re

    from test_game import passive_until

    from centurion.game import Move
    from centurion.widgets.skirmish_text import decision_label

    s = passive_until(new_skirmish("pursuit", seed=2, variants=["VAR-LATERAL"]), "movement")
    v = s.movers()[0]
    labels = [decision_label(s, Move(v.key, e.safest.move)) for e in s.end_states(v.key)
              if "VAR-LATERAL" in getattr(e.safest, "variant_rules", ())]
    assert labels and all(re.match(rf"{v.key} to \d{{4}} [NESW]{{1,2}} \[VAR-LATERAL\], ", x) for x in labels), labels[:3]
