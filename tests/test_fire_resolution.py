"""Fire resolution (CEN-CMB-1, CEN-SEQ-3): E20 + E21 rolled, one hit-location roll per firing unit, armor at
once and internals after all fire, Vulcan (E25), refusals, and a whole combat phase of two platoons a side."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.data.vehicles import Weapon
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.grav import Refusal
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import (
    CombatUnit,
    combat_phase,
    declare_weapons_fire,
    engage_vulcan,
    resolve_fire,
)
from centurion.rules.targets import Attack

V = vehicle_types()
# 8 columns x 12 rows of clear ground; light woods in 0203 (the Liberator's hex in E20)
ROWS = ["........"] * 12
ROWS[2] = ".l......"
MAP = map_from_rows(ROWS)


def unit(key, side, label, facing, vehicle, **kw):
    return CombatUnit(key, side, parse_label(label), facing, RecordSheet.of(V[vehicle] if isinstance(vehicle, str)
                                                                             else vehicle), **kw)


def e20_units():
    # the Liberator faces hexside 1: the Horatius, 7 hexes south, is on its right side
    return {"hor": unit("hor", "TOG", "0210", 0, "horatius"), "lib": unit("lib", "RL", "0203", 1, "liberator")}


def test_e20_e21_horatius_fires_three_weapons_two_hit_one_location_roll():
    units = e20_units()
    plan = declare_weapons_fire(MAP, units, "hor", [Attack(2, "lib"), Attack(1, "lib"), Attack(0, "lib", shell="HEAP")])
    assert not isinstance(plan, Refusal)
    assert [a.to_hit.value for a in plan.attacks] == [3, 3, 8]  # SMLM and laser 9-1-5, HEAP 9-1 (E20)
    assert all(a.side == "right" for a in plan.attacks)
    dice = Dice.scripted([4, 1, 6, 7, 3, 5])  # to-hit 4, 1, 6; location 7 (E21); columns 3 and 5
    res = resolve_fire(plan, units, dice)
    hit = [h for h in res.hits if h.to_hit.success]
    assert [h.weapon for h in hit] == ["3/6 laser", "150mm Gauss"]
    assert len(res.locations) == 1 and res.locations[0][2] == "right"  # one roll for the firing unit: 7 -> right
    assert all(h.mark.section == "right" for h in hit)
    laser, heap = hit
    assert laser.mark.column == 3 and len(laser.mark.armor) == 7 and heap.mark.column == 5
    lib = res.units["lib"].sheet
    assert lib.armor["right"].intact == 70 - 7 - len(heap.mark.armor)
    assert res.units["hor"].sheet.missiles_left("SMLM") == 1  # the missile is spent, hit or miss
    for r in res.rolls:  # every roll logged with its rule and exact odds
        assert r.rule == "CEN-CMB-1" and isinstance(r.probability, Fraction)
    assert [r.probability for r in res.rolls[:3]] == [Fraction(3, 10), Fraction(3, 10), Fraction(8, 10)]


def test_location_1_to_3_would_be_the_turret():
    units = e20_units()
    plan = declare_weapons_fire(MAP, units, "hor", [Attack(1, "lib")])
    res = resolve_fire(plan, units, Dice.scripted([1, 2, 4]))
    assert res.locations[0][2] == "turret" and res.hits[0].mark.section == "turret"


def test_armor_damage_at_once_internal_damage_after_all_fire():
    units = {"a": unit("a", "TOG", "0210", 0, "horatius"), "b": unit("b", "TOG", "0310", 0, "horatius"),
             "v": unit("v", "RL", "0205", 3, "viper")}  # the Viper faces south: front towards the Horatii
    # each Horatius fires its laser: both hit the Viper's front, column 5
    decl = [("a", [Attack(1, "v")], None), ("b", [Attack(1, "v")], None),
            ("v", [Attack(0, "a", shell="HEAP")], None)]
    dice = Dice.scripted([1, 5, 5,   1, 5, 5,   10,   3])  # the last: the Viper's driver stays conscious
    res = combat_phase(MAP, units, decl, dice)
    first, second, viper_fire = res.fire
    assert first.hits[0].mark.armor == (54, 64, 74, 84, 94) and first.hits[0].mark.internal[:3] == (
        ("front", 4), ("front", 14), ("front", 24))
    # the second laser starts below the boxes the first one took (armor at once, pending internals are gone)
    assert second.hits[0].mark.armor == () and second.hits[0].mark.lost == 8
    assert not isinstance(viper_fire, Refusal)  # the Viper still fires: its internals wait (CEN-SEQ-3)
    assert "v" in res.internals and res.units["v"].sheet.destroyed  # Vehicle Destroyed box, applied at the end
    assert not res.units["v"].sheet.pending


def test_a_declared_fire_plan_is_resolved_as_it_is_and_each_pair_may_see_its_own_map():
    units = {"a": unit("a", "TOG", "0210", 0, "horatius"), "b": unit("b", "TOG", "0310", 0, "horatius"),
             "v": unit("v", "RL", "0205", 3, "viper")}
    decl = [("a", [Attack(1, "v")], None), ("b", [Attack(1, "v")], None)]
    plans = [declare_weapons_fire(MAP, units, k, atks) for k, atks, _tf in decl]
    same = [combat_phase(MAP, units, d, Dice.scripted([1, 5, 5, 1, 5, 5, 10, 3])) for d in (decl, plans)]
    assert same[0].units == same[1].units and [r.describe() for r in same[0].rolls] == [
        r.describe() for r in same[1].rolls]
    # a term added to a declared plan (e.g. a pop-up attack, VAR-INIT) stays in it: the roll of 3 now misses
    harder = replace(plans[0], attacks=tuple(replace(a, to_hit=a.to_hit.plus("harder", -8, "TEST"))
                                             for a in plans[0].attacks))
    res = combat_phase(MAP, units, [harder], Dice.scripted([3]))
    (miss,) = res.fire[0].hits
    assert not miss.to_hit.success and miss.to_hit.probability == Fraction(1, 10) and miss.mark is None
    assert res.units["v"].sheet == units["v"].sheet
    # map_for: the pair's own map (VAR-OCCUPY) decides sight; heavy woods all round the Viper block this shot
    woods = map_from_rows(["hhhhhhhh"] * 8 + ["........"] * 4)
    seen = []
    res = combat_phase(MAP, units, decl[:1], Dice.scripted([]),
                       map_for=lambda f, t: seen.append((f, t)) or woods)
    assert seen == [("a", "v")] and isinstance(res.fire[0], Refusal)


def test_refusals_name_their_rule_and_change_nothing():
    units = e20_units()
    hurt = units["hor"].sheet.with_damage({}, [("left", b) for b in units["hor"].sheet.boxes_of("left",
                                                                                              "hull_weapons_1")],
                                          immediate=True)
    units["hor"] = replace(units["hor"], sheet=hurt)
    r = declare_weapons_fire(MAP, units, "hor", [Attack(1, "lib")])
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and "hull 1 weapons are destroyed" in str(r)
    units["ally"] = unit("ally", "TOG", "0510", 0, "viper")
    r = declare_weapons_fire(MAP, units, "hor", [Attack(0, "ally", shell="HEAP")])
    assert isinstance(r, Refusal) and "friendly" in str(r)
    r = declare_weapons_fire(MAP, units, "hor", [Attack(0, "lib", shell="Hammerhead")])
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1"
    res = combat_phase(MAP, units, [("hor", [Attack(1, "lib")], None)], Dice.scripted([]))
    assert isinstance(res.fire[0], Refusal) and res.units == units


def test_e25_vulcan_2_engages_three_missiles_two_rolls_now_one_kept():
    hor = replace(V["horatius"], weapons=V["horatius"].weapons + (Weapon("Vulcan-2", "turret", "S", 0),))
    units = {"h": engage_vulcan(unit("h", "TOG", "0205", 3, hor), 3),
             "l1": unit("l1", "RL", "0209", 0, "liberator"), "l2": unit("l2", "RL", "0309", 0, "liberator"),
             "l3": unit("l3", "RL", "0409", 0, "liberator")}
    assert units["h"].vulcan.kill_number == 2
    decl = [("l1", [Attack(2, "h", missiles=1), Attack(3, "h", missiles=1)], None),
            ("l2", [Attack(2, "h")], None), ("l3", [Attack(2, "h")], None)]
    # l1: two TVLG hits (1, 1); Vulcan rolls 2 (shot down) and 7 (survives) at <= 2; location 5, column 4
    # l2: hit, Vulcan 9 (survives), location 5, column 6; l3: hit, no Vulcan roll left, location 5, column 6
    dice = Dice.scripted([1, 1, 2, 7, 5, 4,   1, 9, 5, 6,   1, 5, 6])
    res = combat_phase(MAP, units, decl, dice)
    v1 = [r for h in res.fire[0].hits for r in h.vulcan]
    assert [(r.target, r.success) for r in v1] == [(2, True), (2, False)]
    assert v1[0].probability == Fraction(2, 10)
    assert [h.shot_down for h in res.fire[0].hits] == [True, False]
    assert len(res.fire[1].hits[0].vulcan) == 1 and res.fire[2].hits[0].vulcan == ()
    assert res.units["h"].vulcan.rolls_left == 0
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        engage_vulcan(unit("h", "TOG", "0205", 3, hor), 5)  # Vulcan-2 has no entry for 5
    with pytest.raises(ValueError, match="no Vulcan"):
        engage_vulcan(unit("x", "TOG", "0205", 3, "viper"), 1)


def platoons():
    """Two platoons a side (3 vehicles each), facing each other across the map."""
    tog = [("horatius", "0110"), ("horatius", "0210"), ("trajan", "0310"), ("horatius", "0510"),
           ("lupus", "0610"), ("trajan", "0710")]
    rl = [("liberator", "0105"), ("viper", "0205"), ("liberator", "0305"), ("viper", "0505"),
          ("liberator", "0605"), ("viper", "0705")]
    units = {}
    for i, (v, h) in enumerate(tog):
        units[f"T{i}"] = unit(f"T{i}", "TOG", h, 0, v, velocity=2)
    for i, (v, h) in enumerate(rl):
        units[f"R{i}"] = unit(f"R{i}", "RL", h, 3, v, velocity=3)
    return units


def declarations(units):
    """Every vehicle fires every weapon it can at the enemy straight across (missiles: one each)."""
    out = []
    keys = list(units)
    for i in range(6):
        for me, foe in ((keys[6 + i], keys[i]), (keys[i], keys[6 + i])):
            atks = []
            used = {"SMLM": 0, "TVLG": 0}
            for n, w in enumerate(units[me].sheet.vehicle.weapons):
                if w.type.startswith("Vulcan"):
                    continue
                if w.type.startswith(("SMLM", "TVLG")):
                    kind = w.type[:4]
                    if used[kind] >= (1 if kind == "SMLM" else 2):
                        continue
                    used[kind] += 1
                atks.append(Attack(n, foe, shell="HEAP" if "Gauss" in w.type else None))
            out.append((me, atks, None))
    return out


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_a_whole_combat_phase_two_platoons_against_two(seed):
    units = platoons()
    decl = declarations(units)
    res = combat_phase(MAP, units, decl, Dice(seed))
    assert len(res.fire) == 12
    refused = [f for f in res.fire if isinstance(f, Refusal)]
    assert not refused, refused  # every declaration is legal, and no one is destroyed before it fires
    for r in res.rolls:
        assert r.rule and isinstance(r.probability, Fraction) and 0 < r.probability <= 1
    for u in res.units.values():
        assert not u.sheet.pending  # all internal damage applied after the fire
        for s, sec in u.sheet.armor.sections:
            assert sec.intact <= units[u.key].sheet.armor[s].intact  # damage never adds boxes


def test_opportunity_fire_applies_internal_damage_at_once():
    from centurion.rules.resolution import resolve_opportunity_fire

    units = {"a": unit("a", "TOG", "0210", 0, "horatius"), "v": unit("v", "RL", "0205", 3, "viper", velocity=6)}
    plan = declare_weapons_fire(MAP, units, "a", [Attack(1, "v")])
    # hit (1), location 5 -> front, column 5: 5 armor + comm, driver, Vehicle Destroyed; driver roll 3;
    # grounding at velocity 6 reaches the bottom ammunition: roll 1, no explosion
    res = resolve_opportunity_fire(plan, units, Dice.scripted([1, 5, 5, 3, 1]), battlemap=MAP)
    viper = res.units["v"]
    assert viper.sheet.destroyed and not viper.sheet.pending  # at once (CEN-OPP-1)
    rep = res.internals["v"]
    assert rep.grounded_at_velocity == 6 and viper.velocity == 0  # Vehicle Destroyed while moving: grounds
    assert viper.sheet.grav_drive_lost and not viper.sheet.exploded and len(rep.rolls) == 2


def test_squads_inside_a_building_are_hurt_when_the_last_five_boxes_of_their_level_go():
    from centurion.rules.buildings import Building

    units = {"a": unit("a", "TOG", "0210", 0, "horatius"),
             "b": CombatUnit("b", "RL", parse_label("0205"), building=Building(2, 6)),
             "sq": CombatUnit("sq", "RL", parse_label("0205"), men=8, level=1)}
    plan = declare_weapons_fire(MAP, units, "a", [Attack(1, "b")])
    assert not isinstance(plan, Refusal)
    direct = declare_weapons_fire(MAP, units, "a", [Attack(1, "sq")])
    assert isinstance(direct, Refusal) and "inside a building" in str(direct)  # only the building is a target
    # hit (1), level roll 1; the 3/6 laser runs 8 boxes along level 1 (6 boxes: 2 lost); casualties roll 9
    res = combat_phase(MAP, units, [("a", [Attack(1, "b")], None)], Dice.scripted([1, 1, 9]))
    hit = res.fire[0].hits[0]
    assert hit.mark.squads_hit_on == (1,) and hit.mark.lost == 2
    assert res.casualties["sq"] == hit.casualties == 3 and res.units["sq"].men == 5  # row 8: roll 9 -> 3


def test_riders_outside_lose_a_d10_of_men_per_hit_after_all_fire():
    v = unit("v", "RL", "0205", 3, "horatius")
    v = replace(v, sheet=replace(v.sheet, riders_outside=8))
    units = {"a": unit("a", "TOG", "0210", 0, "horatius"), "v": v}
    # laser hits (1), location 5 (front), column 2, riders roll 3
    res = combat_phase(MAP, units, [("a", [Attack(1, "v")], None)], Dice.scripted([1, 5, 2, 3]))
    assert res.casualties == {"v riders": 3} and res.units["v"].sheet.riders_outside == 5
    assert "riding outside" in res.rolls[-1].purpose and res.rolls[-1].probability == Fraction(1, 10)


def e24_units():
    rows = ["........"] * 12
    rows[5] = ".h......"  # heavy woods in 0206: no line of sight from 0210 to 0203
    return map_from_rows(rows), {"hor": unit("hor", "TOG", "0210", 0, "horatius"),
                                 "lupus": unit("lupus", "TOG", "0304", 0, "lupus"),
                                 "lib": unit("lib", "RL", "0203", 1, "liberator")}


def test_e24_a_lupus_paints_and_the_horatius_fires_one_smlm_indirectly_ignoring_shields():
    battlemap, units = e24_units()
    assert isinstance(declare_weapons_fire(battlemap, units, "hor", [Attack(2, "lib")]), Refusal)  # unpainted: no LOS
    # paint roll 2 (Lupus at range 1 vs the Liberator's shield), SMLM to-hit 9 -> roll 9 hits; location 4, column 5
    res = combat_phase(battlemap, units, [("hor", [Attack(2, "lib")], None)], Dice.scripted([2, 9, 4, 5]),
                       paints=[("lupus", "lib")])
    paint = res.paints[0]
    assert paint.roll.success and paint.roll.rule == "CEN-CMB-1"
    fire = res.fire[0]
    assert not isinstance(fire, Refusal)
    assert fire.hits[0].to_hit.target == 9 and fire.hits[0].to_hit.success  # 9 at range 7, the shield ignored
    assert fire.hits[0].mark is not None


def test_comm_out_loses_others_paint_and_indirect_fire_and_damaged_painters_cannot_paint():
    battlemap, units = e24_units()
    hor = units["hor"].sheet
    no_comm = hor.with_damage({}, [("front", b) for b in hor.boxes_of("front", "comm")], immediate=True)
    units["hor"] = replace(units["hor"], sheet=no_comm)
    res = combat_phase(battlemap, units, [("hor", [Attack(2, "lib")], None)], Dice.scripted([2]),
                       paints=[("lupus", "lib")])
    assert res.paints[0].roll.success
    assert isinstance(res.fire[0], Refusal) and res.fire[0].rule == "CEN-LOS-1"  # the paint does not reach it
    lupus = units["lupus"].sheet
    blind = lupus.with_damage({}, [("turret", b) for b in lupus.boxes_of("turret", "turret_weapons")], immediate=True)
    units["lupus"] = replace(units["lupus"], sheet=blind)
    res = combat_phase(battlemap, units, [], Dice.scripted([]), paints=[("lupus", "lib")])
    assert isinstance(res.paints[0], Refusal) and "turret weapons" in str(res.paints[0])


def test_commander_out_means_no_indirect_fire():
    battlemap, units = e24_units()
    hor = units["hor"].sheet
    out = replace(hor, crew=tuple(replace(m, state="unconscious", since_turn=1) if m.role == "commander" else m
                                  for m in hor.crew))
    units["hor"] = replace(units["hor"], sheet=out)
    res = combat_phase(battlemap, units, [("hor", [Attack(2, "lib")], None)], Dice.scripted([2]),
                       paints=[("lupus", "lib")])
    assert isinstance(res.fire[0], Refusal) and "needs the commander" in str(res.fire[0])
    assert res.units["lib"].sheet == units["lib"].sheet  # nothing happened to the target


def test_a_vehicle_under_water_cannot_be_fired_on():
    units = e20_units()
    units["lib"] = replace(units["lib"], submerged=True)
    r = declare_weapons_fire(MAP, units, "hor", [Attack(1, "lib")])
    assert isinstance(r, Refusal) and r.rule == "CEN-GRD-2"


def squad(key, side, label, men=8, **kw):
    return CombatUnit(key, side, parse_label(label), men=men, **kw)


def test_a_tvlg_squad_fires_at_a_vehicle_one_location_roll_tvlg_templates():
    from centurion.rules.resolution import SquadOrder

    units = {"sq": squad("sq", "RL", "0208"), "hor": unit("hor", "TOG", "0204", 3, "horatius")}
    order = SquadOrder("sq", "tvlg", "hor", count=2)
    # two TVLG to-hit rolls (1, 1); location 9 -> front (the squad is south of the Horatius facing south)
    res = combat_phase(MAP, units, [order], Dice.scripted([1, 1, 9, 3, 8]))
    fire = res.fire[0]
    assert not isinstance(fire, Refusal)
    assert len(fire.locations) == 1 and fire.locations[0][2] == "front"
    assert [h.mark.shape for h in fire.hits] == [(1, 1, 1, 5, 5)] * 2
    assert [h.column.result for h in fire.hits] == [3, 8]
    assert res.units["sq"].tvlgs_left == 2


def test_close_assault_picks_its_location_and_uses_the_iwf_template():
    from centurion.rules.resolution import SquadOrder

    units = {"sq": squad("sq", "RL", "0204"), "hor": unit("hor", "TOG", "0204", 3, "horatius")}
    res = combat_phase(MAP, units, [SquadOrder("sq", "personal", "hor", location="stern")],
                       Dice.scripted([1, 10, 10, 4]))  # three attacks in the same hex: hit, miss, miss; column 4
    fire = res.fire[0]
    hit = [h for h in fire.hits if h.to_hit.success]
    assert len(fire.hits) == 3 and len(hit) == 1 and not fire.locations  # no location roll: it chose the stern
    assert hit[0].mark.section == "stern" and hit[0].mark.shape == (3, 3, 1, 1, 1)  # IWF9 (decided shape)
    column = [r.purpose for r in fire.rolls if r.purpose.startswith("damage column")]
    assert column == ["damage column on the stern of hor (personal weapons, IWF9)"]  # no "((": session 52's walk


def test_vehicle_fire_at_a_squad_losses_after_all_fire_and_destroyed_at_5_killed():
    units = {"hor": unit("hor", "TOG", "0210", 0, "horatius"),
             "sq": replace(squad("sq", "RL", "0205", men=6), started=8)}  # 8 at the start: 2 lost before
    # laser at the squad (range 5: 10, no shield or terrain): hit 1; casualties row 8 roll 10 -> 3 killed
    res = combat_phase(MAP, units, [("hor", [Attack(1, "sq")], None)], Dice.scripted([1, 10]))
    assert res.fire[0].hits[0].casualties == 3 and res.casualties == {"sq": 3}
    assert res.units["sq"].men == 0  # 2 lost before + 3 = 5 killed: the squad is destroyed


def test_mortar_ap_round_hits_every_squad_in_the_hex_and_a_painting_squad_does_nothing_else():
    from centurion.rules.resolution import SquadOrder

    units = {"m": squad("m", "TOG", "0210", squad_kind="mortar"), "a": squad("a", "RL", "0205"),
             "b": squad("b", "RL", "0205", men=7), "v": unit("v", "RL", "0205", 0, "viper")}
    order = SquadOrder("m", "mortar_ap", target_hex=parse_label("0205"), count=1)
    res = combat_phase(MAP, units, [order], Dice.scripted([2, 5, 9]))  # hit; a: 5 -> 3 killed, b: 9 -> 5 killed
    assert res.casualties == {"a": 3, "b": 5} and res.units["v"].sheet == units["v"].sheet
    res = combat_phase(MAP, units, [order], Dice.scripted([1]), paints=[("m", "v")])
    assert res.paints[0].roll.success and isinstance(res.fire[0], Refusal) and "painting squad" in str(res.fire[0])
