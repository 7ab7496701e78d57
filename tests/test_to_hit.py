"""To-hit numbers, their breakdown and the side an attack strikes (CEN-CMB-1, HEX-4; book-a §7, §8, §10)."""

from fractions import Fraction
from typing import NamedTuple

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, from_offset, hex_range, neighbor
from centurion.rules import Refusal, attack_side, base_to_hit, to_hit_number
from centurion.rules.fire import WEAPON_KINDS, attack_sides, to_hit
from centurion.rules.targets import (
    Attack,
    FirePlan,
    FirerView,
    TargetView,
    declare_fire,
    infantry_paint,
    opportunity_chances,
    shield_factors,
    vehicle_paint,
)


def test_base_to_hit_by_band():
    expected = {0: 12, 1: 12, 2: 11, 3: 11, 4: 10, 6: 10, 7: 9, 10: 9, 11: 8, 15: 8, 16: 7, 20: 7}
    assert {r: base_to_hit(r) for r in expected} == expected
    assert base_to_hit(21) is None and base_to_hit(40) is None


def test_base_to_hit_rejects_negative_range():
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        base_to_hit(-1)


def test_e20_laser_and_smlm_need_3_heap_needs_8():
    # Horatius fires at a Liberator 7 hexes away in light woods, right side shield 5 (book-a E20)
    assert to_hit_number(7, weapon="laser", shield_factor=5, terrain="light_woods") == 3
    assert to_hit_number(7, weapon="missile", shield_factor=5, terrain="light_woods") == 3
    assert to_hit_number(7, weapon="gauss", shield_factor=5, terrain="light_woods") == 8


def test_e20_breakdown_names_every_term_with_its_rule_and_odds():
    roll = to_hit(7, weapon="laser", shield_factor=5, terrain="light_woods", shield_side="right")
    assert [(t.value, t.rule) for t in roll.terms] == [(9, "CEN-CMB-1"), (-5, "CEN-CMB-1"), (-1, "CEN-TER-1")]
    assert roll.value == 3 and roll.chance == Fraction(3, 10)
    assert "right shield factor 5" in roll.describe()


def test_e16_vehicle_paint_through_left_shield_6_at_10_hexes_needs_3():
    assert to_hit_number(10, weapon="painting", shield_factor=6) == 3


def test_painted_target_ignores_shields_for_laser_mdc_missile():
    for weapon in ("laser", "mdc", "missile"):
        assert to_hit_number(7, weapon=weapon, shield_factor=5, painted=True) == 9


def test_crater_adds_minus_2_to_the_terrain_and_targ_boxes_minus_1_each():
    assert to_hit_number(4, weapon="gauss", terrain="light_woods", crater=True) == 10 - 1 - 2
    assert to_hit_number(4, weapon="gauss", targeting_lost=2) == 8


def test_beyond_20_hexes_or_under_water_no_fire():
    assert to_hit_number(21, weapon="laser") is None
    assert to_hit(21, weapon="laser").chance == 0
    assert to_hit_number(3, weapon="laser", terrain="under_water") is None


def test_unknown_weapon_or_terrain_names_the_rule():
    with pytest.raises(ValueError, match="CEN-CMB-1.*weapon"):
        to_hit_number(3, weapon="phaser")
    with pytest.raises(ValueError, match="CEN-CMB-1.*terrain"):
        to_hit_number(3, weapon="laser", terrain="swamp")


def test_a_flag_is_refused_where_a_number_is_due_even_after_that_number_was_asked():
    # the breakdowns are kept per argument set (rules/fire.py): True must not be taken for the 1 asked before it
    assert to_hit(5, weapon="laser", shield_factor=1).value == to_hit(5, weapon="laser").value - 1
    with pytest.raises(ValueError, match="CEN-CMB-1: a shield factor is a whole number"):
        to_hit(5, weapon="laser", shield_factor=True)
    assert to_hit(5, weapon="laser", targeting_lost=1).value == to_hit(5, weapon="laser").value - 1
    with pytest.raises(ValueError, match="CEN-CMB-1: Targ boxes lost is a whole number"):
        to_hit(5, weapon="laser", targeting_lost=True)
    with pytest.raises(ValueError, match="CEN-CMB-1: weapon is one of"):
        to_hit(5, weapon=["laser"])  # unhashable: refused by name, not by the cache


@pytest.mark.parametrize("weapon", WEAPON_KINDS)
@pytest.mark.parametrize("terrain", ["clear", "light_woods", "heavy_woods", "building", "rubble"])
def test_to_hit_never_improves_with_range(weapon, terrain):
    for shield in (0, 3, 7):
        for crater in (False, True):
            numbers = [to_hit_number(r, weapon=weapon, shield_factor=shield, terrain=terrain, crater=crater)
                       for r in range(0, 22)]
            reals = [n for n in numbers if n is not None]
            assert reals == sorted(reals, reverse=True)
            assert numbers[-1] is None


def test_attack_side_of_each_wedge_facing_north():
    t = Hex(0, 0)
    assert attack_side(t, 0, Hex(0, -3)) == "front"
    assert attack_side(t, 0, Hex(2, -2)) == "right"
    assert attack_side(t, 0, Hex(2, 0)) == "right"
    assert attack_side(t, 0, Hex(0, 3)) == "stern"
    assert attack_side(t, 0, Hex(-2, 2)) == "left"
    assert attack_side(t, 0, Hex(-2, 0)) == "left"


def test_attack_side_turns_with_the_facing():
    t = Hex(5, 5)
    for facing in range(6):
        ahead = neighbor(neighbor(t, facing), facing)
        behind = neighbor(neighbor(t, (facing + 3) % 6), (facing + 3) % 6)
        assert attack_side(t, facing, ahead) == "front"
        assert attack_side(t, facing, behind) == "stern"


def test_attack_along_a_spine_offers_both_sides_and_the_defender_picks():
    t = Hex(0, 0)
    spine_front_left = Hex(-1, -1)  # exactly between the north and north-west wedges
    assert attack_sides(t, 0, spine_front_left) == ("front", "left")
    assert attack_side(t, 0, spine_front_left) == "front"
    # with its shields the defender picks the stronger one
    assert attack_side(t, 0, spine_front_left, shields={"front": 40, "left": 60}) == "left"
    spine_right_stern = Hex(1, 1)
    assert attack_sides(t, 0, spine_right_stern) == ("right", "stern")


def test_every_attacker_hex_gets_one_or_two_sides():
    t = Hex(0, 0)
    for h in hex_range(t, 6):
        if h == t:
            continue
        sides = attack_sides(t, 0, h)
        assert 1 <= len(sides) <= 2


# --- declarations: arcs, targets, ranges, sight, shells, missiles (book-a §7, §8, E15, E16, E17, E20, E24) ------



class W(NamedTuple):
    type: str
    location: str
    range: int


def open_map(columns=9, rows=14, marks=None):
    terrain = [["."] * columns for _ in range(rows)]
    for (c, r), ch in (marks or {}).items():
        terrain[r - 1][c - 1] = ch
    return map_from_rows(["".join(r) for r in terrain])


def test_e20_through_a_declaration_laser_smlm_3_heap_8_on_the_right_side():
    v = vehicle_types()
    m = open_map(marks={(3, 3): "l"})
    h, lib = from_offset(3, 10), from_offset(3, 3)
    horatius = FirerView("horatius", h, 0, v["horatius"].weapons)
    liberator = TargetView("liberator", lib, 2, shields=shield_factors(v["liberator"]))
    gauss, laser, smlm = (i for i, _ in enumerate(v["horatius"].weapons))
    plan = declare_fire(m, horatius, [Attack(smlm, "liberator"), Attack(laser, "liberator"),
                                      Attack(gauss, "liberator", shell="HEAP")], [liberator])
    assert isinstance(plan, FirePlan), plan
    assert [(a.range, a.side, a.to_hit.value) for a in plan.attacks] == [(7, "right", 3), (7, "right", 3),
                                                                         (7, "right", 8)]
    assert plan.attacks[0].to_hit.chance == Fraction(3, 10) and plan.attacks[2].to_hit.chance == Fraction(8, 10)


E17_WEAPONS = (W("150mm Gauss", "turret", 15), W("SMLM 2", "turret", 10), W("3/6 laser", "hull 1", 20),
               W("SMLM 2", "hull 2", 10))
GAUSS, T_SMLM, LASER, H_SMLM = range(4)


def e17_setup():
    m = open_map()
    h = from_offset(5, 10)
    front = TargetView("front", from_offset(5, 5), 3)
    left = TargetView("left", neighbor(neighbor(neighbor(h, 4), 4), 4), 3)  # south-west: the left arc
    return m, FirerView("horatius", h, 0, E17_WEAPONS), [front, left]


@pytest.mark.parametrize("attacks, turret", [
    ([Attack(GAUSS, "front", "HEAP"), Attack(LASER, "front"), Attack(H_SMLM, "front")], 0),   # all at the front
    ([Attack(GAUSS, "left", "APDS"), Attack(T_SMLM, "left")], 4),                             # turret direct + missiles
    ([Attack(LASER, "front"), Attack(T_SMLM, "left")], 4),                                    # hull direct + turret mis.
    ([Attack(H_SMLM, "front"), Attack(GAUSS, "left", "HEAP")], 4),                            # hull mis. + turret direct
])
def test_e17_the_four_ways_to_engage_two_targets(attacks, turret):
    m, horatius, targets = e17_setup()
    plan = declare_fire(m, horatius, attacks, targets, turret_facing=turret)
    assert isinstance(plan, FirePlan), plan
    assert len(plan.targets) == len({a.target for a in attacks})


def test_e17_direct_fire_at_two_targets_is_refused():
    m, horatius, targets = e17_setup()
    r = declare_fire(m, horatius, [Attack(LASER, "front"), Attack(GAUSS, "left", "HEAP")], targets, turret_facing=4)
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and "one target" in r.reason


def test_e17_hull_weapons_only_fire_forward():
    m, horatius, targets = e17_setup()
    r = declare_fire(m, horatius, [Attack(LASER, "left")], targets)
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and "arc" in r.reason
    r = declare_fire(m, horatius, [Attack(GAUSS, "left", "HEAP")], targets, turret_facing=0)
    assert isinstance(r, Refusal) and "turret" in r.reason


def test_missile_limits_one_smlm_two_tvlg_a_turn_and_never_at_infantry():
    m, horatius, targets = e17_setup()
    r = declare_fire(m, horatius, [Attack(H_SMLM, "front"), Attack(T_SMLM, "front")], targets)
    assert isinstance(r, Refusal) and "at most 1 SMLM" in r.reason
    viper = FirerView("viper", from_offset(5, 10), 0, vehicle_types()["viper"].weapons)
    near = TargetView("near", from_offset(5, 7), 3)
    tvlg1, tvlg2 = 2, 3
    assert isinstance(declare_fire(m, viper, [Attack(tvlg1, "near"), Attack(tvlg2, "near")], [near]), FirePlan)
    r = declare_fire(m, viper, [Attack(tvlg1, "near", missiles=2), Attack(tvlg2, "near")], [near])
    assert isinstance(r, Refusal) and "at most 2 TVLG" in r.reason
    squad = TargetView("squad", from_offset(5, 7), kind="infantry")
    r = declare_fire(m, viper, [Attack(tvlg1, "squad")], [squad])
    assert isinstance(r, Refusal) and "never fire at infantry" in r.reason


def test_gauss_shells():
    m, horatius, targets = e17_setup()
    for shell, ok in (("HEAP", True), ("APDS", True), ("Hammerhead", False), ("AP", False), (None, False)):
        r = declare_fire(m, horatius, [Attack(GAUSS, "front", shell)], targets)
        assert isinstance(r, FirePlan) == ok, (shell, r)
    small = FirerView("viper", from_offset(5, 10), 0, vehicle_types()["viper"].weapons)
    near = TargetView("near", from_offset(5, 7), 3)
    assert isinstance(declare_fire(m, small, [Attack(0, "near", "Hammerhead")], [near]), FirePlan)
    squad = TargetView("squad", from_offset(5, 7), kind="infantry")
    plan = declare_fire(m, small, [Attack(0, "squad", "AP")], [squad])
    assert isinstance(plan, FirePlan) and plan.attacks[0].to_hit.value == 11  # no shield, no terrain vs infantry


def test_out_of_range_out_of_arc_out_of_sight_refused_and_nothing_changes():
    m = open_map(marks={(5, 7): "h"})
    weapons = (W("3/6 laser", "hull 1", 20), W("25mm Gauss", "turret", 6))
    firer = FirerView("f", from_offset(5, 10), 0, weapons, missiles_left={"SMLM": 1})
    behind_woods = TargetView("t", from_offset(5, 3), 3)
    far = TargetView("far", from_offset(5, 1), 3)
    before = (firer, behind_woods, far)
    fired = {"SMLM": 0}
    r = declare_fire(m, firer, [Attack(0, "t")], [behind_woods, far], missiles_fired=fired)
    assert isinstance(r, Refusal) and r.rule == "CEN-LOS-1"
    r = declare_fire(m, firer, [Attack(1, "far", "HEAP")], [behind_woods, far])
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and "beyond its maximum of 6" in r.reason
    r = declare_fire(m, firer, [Attack(0, "t")], [TargetView("t", from_offset(5, 12), 0)])
    assert isinstance(r, Refusal) and "arc" in r.reason
    assert (firer, behind_woods, far) == before and fired == {"SMLM": 0}


def test_e24_indirect_smlm_at_a_target_painted_by_a_lupus_in_the_woods():
    # Horatius behind heavy woods with no sight of the Liberator; a Lupus in the woods paints it
    m = open_map(marks={(5, 7): "h"})
    v = vehicle_types()
    horatius = FirerView("horatius", from_offset(5, 10), 0, v["horatius"].weapons)
    lupus = FirerView("lupus", from_offset(5, 7), 0, ())
    liberator = TargetView("liberator", from_offset(5, 3), 3, shields=shield_factors(v["liberator"]))
    smlm = next(i for i, w in enumerate(v["horatius"].weapons) if "SMLM" in w.type)
    laser = next(i for i, w in enumerate(v["horatius"].weapons) if "laser" in w.type)
    assert isinstance(declare_fire(m, horatius, [Attack(smlm, "liberator")], [liberator]), Refusal)
    paint = vehicle_paint(m, lupus, liberator)
    assert not isinstance(paint, Refusal) and paint.sight.seen
    assert paint.to_hit.value == 10 - shield_factors(v["liberator"])["front"]  # range 4, front shield
    painted = TargetView("liberator", liberator.hex, 3, shields=liberator.shields, painted=True)
    plan = declare_fire(m, horatius, [Attack(smlm, "liberator")], [painted])
    assert isinstance(plan, FirePlan) and plan.attacks[0].indirect
    assert plan.attacks[0].to_hit.value == 9  # range 7, shields ignored, clear
    r = declare_fire(m, horatius, [Attack(laser, "liberator")], [painted])
    assert isinstance(r, Refusal) and r.rule == "CEN-LOS-1"


def test_e16_viper_paints_horatius_left_shield_6_at_10_hexes_on_3_and_a_full_squad_on_9():
    m = open_map(rows=14)
    viper = FirerView("viper", from_offset(5, 13), 0, ())
    horatius = TargetView("horatius", from_offset(5, 3), 5, shields={"front": 7, "left": 6, "right": 6, "stern": 5})
    p = vehicle_paint(m, viper, horatius)
    assert p.side == "left" and p.range == 10 and p.to_hit.value == 3 and p.to_hit.chance == Fraction(3, 10)
    near = TargetView("horatius", from_offset(5, 8), 5, shields=horatius.shields)
    assert infantry_paint(m, from_offset(5, 13), 8, near).to_hit.value == 9


def test_e15_squad_with_3_casualties_paints_on_6_and_not_beyond_6_hexes():
    m = open_map()
    tgt = TargetView("t", from_offset(5, 4), 0)
    assert infantry_paint(m, from_offset(5, 10), 5, tgt).to_hit.value == 6
    r = infantry_paint(m, from_offset(5, 11), 5, tgt)
    assert isinstance(r, Refusal) and "beyond 6" in r.reason


def test_opportunity_fire_gives_the_attack_at_each_hex_of_the_path_in_sight():
    m = open_map(marks={(3, 5): "h"})
    watcher = FirerView("w", from_offset(5, 10), 0, (W("3/6 laser", "turret", 20),))
    mover = TargetView("m", from_offset(1, 1), 3, shields={"front": 5, "left": 4, "right": 4, "stern": 3})
    path = [(from_offset(c, 4), 2) for c in range(1, 9)]
    chances = opportunity_chances(m, watcher, [Attack(0, "m")], mover, path, turret_facing=0)
    seen = [c.hex for c in chances if not isinstance(c, tuple)]
    assert seen and len(seen) < len(path)
    refused = [c for c in chances if isinstance(c, tuple)]
    assert all(r[2].rule in ("CEN-LOS-1", "CEN-CMB-1") for r in refused)


def test_smoke_in_the_target_hex_counts_as_heavy_woods_not_on_top_of_it():
    assert to_hit(7, weapon="gauss", smoke=True).value == 9 - 2
    assert to_hit(7, weapon="gauss", terrain="light_woods", smoke=True).value == 9 - 2
    assert to_hit(7, weapon="gauss", terrain="heavy_woods", smoke=True).value == 9 - 2
    m = open_map().with_counter(from_offset(5, 7), "smoke")
    firer = FirerView("f", from_offset(5, 9), 0, (W("25mm Gauss", "turret", 6),))
    plan = declare_fire(m, firer, [Attack(0, "t", "HEAP")], [TargetView("t", from_offset(5, 7), 3)])
    assert isinstance(plan, FirePlan) and plan.attacks[0].to_hit.value == 11 - 2


def test_optional_gunnery_skill_shifts_the_base():
    assert to_hit(7, weapon="laser", gunnery=4).value == 9
    assert to_hit(7, weapon="laser", gunnery=6).value == 11
    assert to_hit(7, weapon="laser", gunnery=3).value == 8
    assert len(to_hit(7, weapon="laser").terms) == 3  # base, shield, terrain: no gunnery term at the standard 4


def test_more_refusals_each_with_its_rule():
    m = open_map()
    weapons = (W("3/6 laser", "turret", 20), W("AP laser", "turret", 3), W("Vulcan-2", "turret", 0))
    firer = FirerView("f", from_offset(5, 10), 0, weapons)
    tank = TargetView("tank", from_offset(5, 8), 3)
    squad_in_building = TargetView("sq", from_offset(5, 8), kind="infantry", in_building=True)
    under = TargetView("sub", from_offset(5, 8), 3, submerged=True)
    cases = [
        ([Attack(0, "tank"), Attack(0, "tank")], "CEN-CMB-1", "already fires"),
        ([Attack(1, "tank")], "CEN-CMB-1", "infantry only"),
        ([Attack(2, "tank")], "CEN-CMB-1", "no attack of its own"),
        ([Attack(0, "sq")], "CEN-CMB-1", "inside a building"),
        ([Attack(0, "sub")], "CEN-GRD-2", "under water"),
        ([Attack(5, "tank")], "CEN-CMB-1", "no weapon"),
        ([Attack(0, "ghost")], "CEN-CMB-1", "no target"),
        ([Attack(0, "tank", shell="HEAP")], "CEN-CMB-1", "only a Gauss"),
    ]
    for attacks, rule, words in cases:
        r = declare_fire(m, firer, attacks, [tank, squad_in_building, under])
        assert isinstance(r, Refusal) and r.rule == rule and words in r.reason, (attacks, r)


def test_ap_laser_fires_at_infantry_beside_the_direct_fire_target():
    m = open_map()
    weapons = (W("3/6 laser", "turret", 20), W("AP laser", "turret", 3))
    firer = FirerView("f", from_offset(5, 10), 0, weapons)
    tank = TargetView("tank", from_offset(5, 4), 3, shields={"front": 5})
    squad = TargetView("sq", from_offset(5, 8), kind="infantry")
    plan = declare_fire(m, firer, [Attack(0, "tank"), Attack(1, "sq")], [tank, squad])
    assert isinstance(plan, FirePlan) and plan.targets == ("tank", "sq")
    assert [a.to_hit.value for a in plan.attacks] == [10 - 5, 11]


def test_the_forward_arc_shading_is_one_wedge_with_its_edges():
    # HEX-4 (issue 20, C1): a hex on the wedge's boundary spine is in both wedges, so inside the arc
    from centurion.rules.targets import firing_arc_hexes
    m = open_map()
    h = from_offset(5, 10)
    arc = firing_arc_hexes(m, h, 0, 4)
    assert neighbor(h, 0) in arc and neighbor(h, 1) not in arc and neighbor(h, 5) not in arc
    assert all("front" in attack_sides(h, 0, x) for x in arc)
    assert len(arc) == 1 + 3 + 3 + 5  # rings 1..4 of a 60-degree wedge with its spines: 1, 1+2, 3, 3+2


def test_walk_s28_a_weapon_that_fires_twice_is_named_as_the_sheet_numbers_it():
    """Walk of session 28 (chapter 17): "Weapon 1, 150mm Gauss, does not fire: ... weapon 0 (150mm Gauss) already
    fires this turn". The pages number a sheet's weapons from 1 (Fire's `weapons=(0,)` reads "weapon 1", W20);
    the refusal names it the same way."""
    from centurion.game import Fire

    m = open_map()
    firer = FirerView("f", from_offset(5, 10), 0, (W("3/6 laser", "turret", 20), W("150mm Gauss", "turret", 20)))
    tank = TargetView("tank", from_offset(5, 8), 3)
    r = declare_fire(m, firer, [Attack(1, "tank", shell="HEAP"), Attack(1, "tank", shell="HEAP")], [tank])
    assert isinstance(r, Refusal) and "weapon 2 (150mm Gauss) already fires" in r.reason, r
    assert Fire("A", "B", weapons=(1,)).describe() == "A fires at B with weapon 2"
