"""Tests that kill the mutants of centurion/rules/targets.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §7 (painting, E15/E16), §8 (weapons fire, E17, missile limits, shells), §10.3
(infantry targets), §14.2 (one hex), §15.1 (AP laser), RULES.md HEX-3/HEX-4, CEN-LOS-1, CEN-OPP-1; not from the code.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from test_to_hit import W, open_map  # the same open map and weapon stand-in as the to-hit tests

from centurion.hexgrid import Hex, from_offset, neighbor
from centurion.rules import Refusal
from centurion.rules.targets import (
    Attack,
    FirePlan,
    FirerView,
    TargetView,
    arc_positions,
    attack_to_hit,
    declare_fire,
    gauss_calibre,
    in_arc,
    infantry_paint,
    missile_kind,
    opportunity_chances,
    shield_factors,
    vehicle_paint,
    weapon_family,
)

WEAPONS = (W("3/6 laser", "turret", 20), W("AP laser", "turret", 3), W("Vulcan-2", "turret", 0),
           W("150mm Gauss", "turret", 15), W("SMLM 2", "turret", 10), W("TVLG 2", "hull 1", 10),
           W("25mm Gauss", "turret", 6), W("3/6 laser", "hull 2", 20))
LASER, AP, VULCAN, G150, SMLM, TVLG, G25, HULL_LASER = range(8)
HERE = from_offset(5, 10)


def firer(**kw) -> FirerView:
    return FirerView("f", kw.pop("hex", HERE), kw.pop("facing", 0), kw.pop("weapons", WEAPONS), **kw)


TANK = TargetView("tank", from_offset(5, 8), 3)
TANK2 = TargetView("tank2", from_offset(4, 7), 3)
SQUAD = TargetView("squad", from_offset(5, 8), kind="infantry")
IN_BUILDING = TargetView("inb", from_offset(5, 8), kind="infantry", in_building=True)
SUB = TargetView("sub", from_offset(5, 8), 3, submerged=True)
FAR = TargetView("far", from_offset(5, 3), 3)  # 7 hexes
OFF = TargetView("off", Hex(40, 40), 3)
ALL = [TANK, TANK2, SQUAD, IN_BUILDING, SUB, FAR, OFF]


def refused(r, rule: str, step: int | None, *words: str) -> None:
    assert isinstance(r, Refusal), r
    assert (r.rule, r.step) == (rule, step), r
    for w in words:
        assert w in r.reason, (w, r)


# --- weapon kinds ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, family", [
    ("3/6 laser", "laser"), ("AP laser", "ap_laser"), ("MDC 8", "mdc"), ("150mm Gauss", "gauss"),
    ("SMLM 2", "missile"), ("TVLG 4", "missile"), ("Vulcan-2", "vulcan"), ("IWF 7", "infantry"),
    ("GPA/E", "artillery"), ("Engineer attachment", "engineering")])
def test_REC1_weapon_family_from_the_weapon_type(kind, family):
    """CEN-REC-1: the weapons table's types fall into families; a weapon may also say its family."""
    assert weapon_family(kind) == family
    assert weapon_family(W(kind, "turret", 1)) == family


def test_REC1_a_weapon_with_a_family_and_an_unknown_type():
    class Fam(NamedTuple):
        type: str
        family: str

    assert weapon_family(Fam("whatever", "mdc")) == "mdc"
    with pytest.raises(ValueError, match="CEN-REC-1"):
        weapon_family("slingshot")


def test_CMB1_missile_kinds_and_gauss_calibres():
    """book-a §8.3: SMLM and TVLG are the missile kinds; a Gauss cannon's calibre is in its name or given."""
    assert missile_kind(W("SMLM 2", "turret", 10)) == "SMLM"
    assert missile_kind(W("tvlg 4", "hull 1", 10)) == "TVLG"
    assert missile_kind(W("3/6 laser", "turret", 20)) is None
    assert gauss_calibre(W("150mm Gauss", "turret", 15)) == 150
    assert gauss_calibre(W("25 mm Gauss", "turret", 6)) == 25
    assert gauss_calibre(W("Gauss", "turret", 6)) is None

    class Cal(NamedTuple):
        type: str
        calibre: int

    assert gauss_calibre(Cal("Gauss cannon", 200)) == 200


def test_REC1_shield_factors_are_ratings_over_10():
    """CEN-REC-1: factor = rating / 10; a ground vehicle (no shields) has none."""
    class Sheet(NamedTuple):
        shields: dict

    assert shield_factors(Sheet({"front": 50, "left": 45, "bottom": 9})) == {"front": 5, "left": 4, "bottom": 0}
    assert shield_factors(Sheet(None)) == {}
    assert shield_factors(object()) == {}


# --- arcs and one hex (HEX-3, HEX-4, book-a §14.2) -------------------------------------------------------------


def test_HEX4_in_arc_reads_the_turret_or_the_hull_and_facings_mod_6():
    """HEX-4: a turret weapon bears in the turret's forward arc, a hull weapon in the hull's; one hex: every arc."""
    north = from_offset(5, 5)
    assert in_arc("turret", 0, 3, HERE, HERE) is True
    assert in_arc("hull 1", 0, 3, HERE, north) is True
    assert in_arc("turret", 0, 3, HERE, north) is False
    assert in_arc("turret", 3, 0, HERE, north) is True
    assert in_arc("hull 1", 6, 3, HERE, north) is True  # facing 6 is facing 0
    assert in_arc("hull 1", 7, 3, HERE, north) is False  # facing 7 is facing 1


@pytest.mark.parametrize("bad", [6, -1, True, 1.5])
def test_HEX3_the_hexside_entered_by_is_0_to_5(bad):
    """HEX-3: hexsides are 0-5; anything else is refused naming the rule (both for firer and target)."""
    for args in ((HERE, bad, HERE, None), (HERE, None, HERE, bad)):
        with pytest.raises(ValueError, match="HEX-3"):
            arc_positions(*args)
    for ok in (0, 5):
        arc_positions(HERE, ok, HERE, None)


def test_HEX4_in_one_hex_the_later_unit_counts_from_the_hex_it_came_from():
    """book-a §14.2: in one hex the unit that came in later stands, for arcs and sides, in the hex it entered from;
    if both or neither are known, or the hexes differ, nothing moves."""
    other = from_offset(5, 8)
    assert arc_positions(HERE, 2, HERE, None) == (neighbor(HERE, 2), HERE)
    assert arc_positions(HERE, None, HERE, 4) == (HERE, neighbor(HERE, 4))
    assert arc_positions(HERE, 1, HERE, 4) == (HERE, HERE)
    assert arc_positions(HERE, None, HERE, None) == (HERE, HERE)
    assert arc_positions(HERE, 2, other, None) == (HERE, other)
    assert arc_positions(HERE, None, other, 2) == (HERE, other)


# --- declarations: each refusal names its rule and the attack (book-a §8, §10.3, §15.1) ------------------------

CASES = [
    # (second attack, targets, rule, words): the first attack (laser at the tank) is fine, so the step is 2
    (Attack(9, "tank"), "CEN-CMB-1", "no weapon 9", "(0-7)"),
    (Attack(LASER, "tank"), "CEN-CMB-1", "already fires", "3/6 laser"),
    (Attack(VULCAN, "tank"), "CEN-CMB-1", "no attack of its own", "Vulcan-2"),
    (Attack(SMLM, "ghost"), "CEN-CMB-1", "no target 'ghost'"),
    (Attack(SMLM, "off"), "HEX-4", "off the map"),
    (Attack(SMLM, "sub"), "CEN-GRD-2", "under water"),
    (Attack(AP, "inb"), "CEN-CMB-1", "inside a building", "book-a §10.3"),
    (Attack(SMLM, "squad"), "CEN-CMB-1", "never fire at infantry", "book-a §8.3"),
    (Attack(AP, "tank"), "CEN-CMB-1", "infantry only", "book-a §15.1"),
    (Attack(G150, "tank"), "CEN-CMB-1", "declare the shell", "HEAP, APDS, Hammerhead, AP"),
    (Attack(G150, "tank", "Hammerhead"), "CEN-CMB-1", "no Hammerhead", "150mm"),
    (Attack(G150, "tank", "AP"), "CEN-CMB-1", "anti-personnel", "infantry only"),
    (Attack(HULL_LASER, "tank", "HEAP"), "CEN-CMB-1", "only a Gauss"),
    (Attack(SMLM, "tank", missiles=0), "CEN-CMB-1", "at least one missile"),
    (Attack(SMLM, "tank", missiles=2), "CEN-CMB-1", "at most 1 SMLM", "this makes 2"),
    (Attack(TVLG, "tank"), "CEN-CMB-1", "no TVLG ammunition left"),
]


@pytest.mark.parametrize("case", CASES)
def test_CMB1_every_refusal_names_the_rule_and_the_attack(case):
    """book-a §8, §10.3, §15.1: each broken rule is refused with its ID, at the attack that breaks it."""
    second, rule, *words = case
    m = open_map()
    f = firer(missiles_left={"SMLM": 1})  # no TVLG left
    refused(declare_fire(m, f, [Attack(LASER, "tank"), second], ALL), rule, 2, "attack 2", *words)


def test_CMB1_range_arc_and_two_targets_are_refused_at_their_attack():
    """book-a §8.1/§8.2/§10.1: range, arc, one direct-fire target and one missile target (E17)."""
    m = open_map()
    f = firer()
    refused(declare_fire(m, f, [Attack(LASER, "tank"), Attack(G25, "far", "HEAP")], ALL), "CEN-CMB-1", 2,
            "range 7", "maximum of 6")
    behind = TargetView("behind", from_offset(5, 12), 0)
    refused(declare_fire(m, f, [Attack(LASER, "behind"), Attack(HULL_LASER, "behind")], [behind], turret_facing=3),
            "CEN-CMB-1", 2, "outside the forward (hull) arc")
    refused(declare_fire(m, f, [Attack(HULL_LASER, "tank"), Attack(LASER, "behind")], [TANK, behind]),
            "CEN-CMB-1", 2, "outside the turret's arc")
    refused(declare_fire(m, f, [Attack(LASER, "tank"), Attack(G150, "tank2", "HEAP")], ALL), "CEN-CMB-1", 2,
            "one target (tank)")
    refused(declare_fire(m, f, [Attack(SMLM, "tank"), Attack(TVLG, "tank2")], ALL), "CEN-CMB-1", 2,
            "missiles fire at one target (tank)")


def test_CMB1_turret_facing_and_firer_on_the_map():
    """HEX-3/HEX-4: the turret turns to one of the hexsides 0-5; the firer stands on the map."""
    m = open_map()
    refused(declare_fire(m, firer(), [Attack(LASER, "tank")], ALL, turret_facing=6), "CEN-CMB-1", None, "0-5")
    assert isinstance(declare_fire(m, firer(), [Attack(LASER, "tank")], ALL, turret_facing=5), (FirePlan, Refusal))
    refused(declare_fire(m, firer(hex=Hex(40, 40)), [Attack(LASER, "tank")], ALL), "HEX-4", None, "off the map")
    entered_badly = TargetView("tank", HERE, 3, entered=7)
    refused(declare_fire(m, firer(), [Attack(LASER, "tank")], [entered_badly]), "HEX-3", 1, "attack 1", "0-5")


def test_CMB1_missiles_exactly_the_ammunition_left_and_a_kind_not_listed_is_none():
    """book-a §8.3: a vehicle fires the missiles it has left; a kind with no entry has none."""
    m = open_map()
    one_each = firer(missiles_left={"SMLM": 1, "TVLG": 1})
    assert isinstance(declare_fire(m, one_each, [Attack(TVLG, "tank")], ALL), FirePlan)
    no_tvlg = firer(missiles_left={"SMLM": 1})
    refused(declare_fire(m, no_tvlg, [Attack(TVLG, "tank")], ALL), "CEN-CMB-1", 1, "no TVLG ammunition left")
    unlimited = firer()  # missiles_left None: not counted
    assert isinstance(declare_fire(m, unlimited, [Attack(TVLG, "tank", missiles=2)], ALL), FirePlan)


def test_LOS1_sight_refusals_hint_at_indirect_fire_only_for_missiles_and_indirect_fire_is_marked():
    """CEN-LOS-1/book-a §8.4: no sight, no fire; a missile may fire indirectly at a painted target (E24)."""
    m = open_map(marks={(5, 7): "h"})
    f = firer()
    hidden = TargetView("t", from_offset(5, 4), 3)
    r = declare_fire(m, f, [Attack(LASER, "t")], [hidden])
    refused(r, "CEN-LOS-1", 1, "no line of sight")
    assert "indirect" not in r.reason
    r = declare_fire(m, f, [Attack(SMLM, "t")], [hidden])
    refused(r, "CEN-LOS-1", 1, "indirectly at a painted target")
    painted = TargetView("t", hidden.hex, 3, painted=True)
    plan = declare_fire(m, f, [Attack(SMLM, "t")], [painted])
    (a,) = plan.attacks
    assert a.indirect is True and not a.sight.seen
    assert any("indirect" in t.label and t.rule == "CEN-CMB-1" for t in a.to_hit.terms)
    refused(declare_fire(m, f, [Attack(SMLM, "t")], [painted], opportunity=True), "CEN-LOS-1", 1)
    seen = declare_fire(m, f, [Attack(LASER, "tank")], [TANK]).attacks[0]
    assert seen.indirect is False and seen.sight.seen


def test_LOS1_the_levels_of_firer_and_target_are_used():
    """CEN-LOS-1: a unit on a higher level (a building's roof) sees over woods that block at ground level."""
    m = open_map(marks={(5, 7): "h"})
    hidden = TargetView("t", from_offset(5, 4), 3)
    assert isinstance(declare_fire(m, firer(), [Attack(LASER, "t")], [hidden]), Refusal)
    assert isinstance(declare_fire(m, firer(level=3), [Attack(LASER, "t")], [hidden]), FirePlan)
    high = TargetView("t", hidden.hex, 3, level=3)
    assert isinstance(declare_fire(m, firer(), [Attack(LASER, "t")], [high]), FirePlan)
    assert isinstance(infantry_paint(m, HERE, 8, hidden), Refusal)
    assert not isinstance(infantry_paint(m, from_offset(5, 9), 8, hidden, level=3), Refusal)
    assert not isinstance(infantry_paint(m, from_offset(5, 9), 8, high), Refusal)


def test_CMB1_a_plan_keeps_the_turret_the_sides_and_the_targ_boxes():
    """book-a §10.2: Targ boxes lost cost 1 each; the side struck has its options; the plan keeps its turret."""
    m = open_map()
    spine = TargetView("sp", from_offset(5, 8), 0, shields={"front": 2, "left": 6, "right": 1, "stern": 1})
    # from 0510, 0508 facing 0 (north) is straight behind: the stern only
    plan = declare_fire(m, firer(targeting_lost=2), [Attack(LASER, "sp")], [spine], turret_facing=0)
    (a,) = plan.attacks
    assert plan.turret_facing == 0 and plan.salvos == ()
    assert a.side_options == ("stern",) and a.side == "stern"
    assert a.to_hit.value == 11 - 1 - 2  # range 2: 11, stern shield 1, two Targ boxes
    on_spine = TargetView("sp", neighbor(neighbor(HERE, 0), 5), 2, shields={"front": 2, "left": 6, "stern": 1})
    (a,) = declare_fire(m, firer(), [Attack(LASER, "sp")], [on_spine]).attacks
    assert len(a.side_options) == 2 and a.side == max(a.side_options, key=lambda s: on_spine.shields.get(s, 0))
    squad = declare_fire(m, firer(), [Attack(AP, "squad")], [SQUAD]).attacks[0]
    assert squad.side_options == () and squad.side == ""


def test_CMB1_direct_fire_and_missiles_at_two_targets_each_strike_their_own_side():
    """book-a §8 (E17): direct fire at one target, missiles at another; each attack strikes the side its own target
    shows the firer (HEX-4): from 0510, a tank in 0508 facing north shows its stern, one facing south its front."""
    m = open_map()
    away = TargetView("away", from_offset(5, 8), 0, shields={"front": 2, "left": 6, "right": 1, "stern": 1})
    towards = TargetView("towards", from_offset(5, 8), 3, shields={"front": 4, "left": 6, "right": 1, "stern": 1})
    plan = declare_fire(m, firer(), [Attack(LASER, "away"), Attack(SMLM, "towards", missiles=1),
                                     Attack(HULL_LASER, "away")], [away, towards])
    assert [(a.target.key, a.side_options, a.side) for a in plan.attacks] == [
        ("away", ("stern",), "stern"), ("towards", ("front",), "front"), ("away", ("stern",), "stern")]
    assert [a.to_hit.value for a in plan.attacks] == [11 - 1, 11 - 4, 11 - 1]  # range 2: 11, less the side's shield


def test_CMB1_infantry_and_buildings_take_no_terrain_or_shield_modifier():
    """book-a §10.3, book-b §2.4: against dismounted infantry or a building: no terrain, no shield modifier."""
    m = open_map(marks={(5, 8): "h"})
    for kind in ("infantry", "building"):
        t = TargetView("x", from_offset(5, 8), 0, kind=kind, shields={"front": 5}, crater=True)
        roll = attack_to_hit(m, "laser", 2, t, "front", targeting_lost=1)
        assert roll.value == 11 - 1
        said = [x for x in roll.terms if "no terrain or shield modifier" in x.label]
        assert len(said) == 1 and said[0].value == 0 and said[0].rule == "CEN-CMB-1"
        assert ("infantry" if kind == "infantry" else "building") in said[0].label
        assert not any(x.label.startswith("target in") or "shield" in x.label for x in roll.terms if x not in said)
    tank = TargetView("x", from_offset(5, 8), 0, shields={"front": 5}, crater=True)
    assert attack_to_hit(m, "laser", 2, tank, "front").value == 11 - 5 - 2 - 2
    assert attack_to_hit(m, "laser", 2, tank, "front", targeting_lost=1).value == 11 - 5 - 2 - 2 - 1
    assert any(t.label.startswith("front shield") for t in attack_to_hit(m, "laser", 2, tank, "front").terms)


def test_VAR_SPEEDMOD_only_on_vehicles_and_only_when_switched_on():
    """VAR-SPEEDMOD: a target's speed modifies the to-hit (4-6 -> -2) only with the switch on, vehicles only."""
    from centurion.variants.ruleset import RuleSet

    m = open_map()
    fast = TargetView("x", from_offset(5, 8), 0, velocity=5)
    on = RuleSet(frozenset({"VAR-SPEEDMOD"}))
    assert attack_to_hit(m, "mdc", 2, fast, "front", rules=on).value == 11 - 2
    assert attack_to_hit(m, "mdc", 2, fast, "front", rules=RuleSet()).value == 11
    squad = TargetView("x", from_offset(5, 8), 0, kind="infantry", velocity=5)
    assert attack_to_hit(m, "mdc", 2, squad, "", rules=on).value == 11


def test_OPP1_opportunity_fire_is_one_attack_on_one_enemy():
    """CEN-OPP-1: an opportunity attack engages one enemy; the refusal points at the last attack."""
    m = open_map()
    r = declare_fire(m, firer(), [Attack(LASER, "tank"), Attack(SMLM, "tank2")], ALL, opportunity=True)
    refused(r, "CEN-OPP-1", 2, "one enemy")


# --- painting (book-a §7, E15, E16) ----------------------------------------------------------------------------


@pytest.mark.parametrize("men", [0, 9, 1.5])
def test_CMB1_a_squad_paints_with_1_to_8_men(men):
    refused(infantry_paint(open_map(), HERE, men, TANK), "CEN-CMB-1", None, "1 to 8 men")


def test_CMB1_infantry_paint_target_sides_and_range():
    """book-a §7.3: 9 minus casualties (E15: 3 -> 6), shields ignored, range 6; the side is read for vehicles."""
    m = open_map()
    p = infantry_paint(m, HERE, 1, TANK, squad_key="sq")
    assert (p.painter, p.target, p.range, p.side, p.sight.seen) == ("sq", TANK, 2, "front", True)
    assert p.to_hit.value == 2 and [t.rule for t in p.to_hit.terms] == ["CEN-CMB-1"] * 3
    assert [t.value for t in p.to_hit.terms] == [9, -7, 0]
    assert "7 casualties" in p.to_hit.terms[1].label and "infantry" in p.to_hit.terms[0].label
    assert "shields" in p.to_hit.terms[2].label
    assert infantry_paint(m, HERE, 8, SQUAD).side == ""
    r = infantry_paint(m, HERE, 8, TargetView("t", from_offset(5, 3), 3))
    refused(r, "CEN-CMB-1", None, "range 7", "beyond 6")
    hidden = TargetView("t", from_offset(5, 6), 3)
    refused(infantry_paint(open_map(marks={(5, 8): "h"}), HERE, 8, hidden), "CEN-LOS-1", None, "line of sight")
    refused(infantry_paint(m, HERE, 8, TargetView("t", HERE, 3, entered=9)), "HEX-3", None, "0-5")
    # it came in across its hexside 0 (north), facing north: it counts as in the hex north of the squad, whose
    # attack then comes from behind it
    same = infantry_paint(m, HERE, 8, TargetView("t", HERE, 0, entered=0))
    assert same.side == "stern"


def test_CMB1_vehicle_paint_rules():
    """book-a §7.1: range 20, all round, sight, the target's shields count even if already painted; no paint on
    opportunity fire (CEN-OPP-1)."""
    m = open_map(rows=30)
    painter = firer(hex=from_offset(5, 25), targeting_lost=1)
    t = TargetView("t", from_offset(5, 20), 3, shields={"front": 4}, painted=True)
    p = vehicle_paint(m, painter, t)
    assert (p.painter, p.range, p.side) == ("f", 5, "front") and p.to_hit.value == 10 - 4 - 1
    refused(vehicle_paint(m, painter, t, opportunity=True), "CEN-OPP-1", None)
    r = vehicle_paint(m, painter, TargetView("t", from_offset(5, 4), 3))
    refused(r, "CEN-CMB-1", None, "range 21", "beyond 20")
    refused(vehicle_paint(m, painter, TargetView("t", painter.hex, 3, entered=6)), "HEX-3", None, "painting")
    woods = open_map(rows=30, marks={(5, 22): "h"})
    refused(vehicle_paint(woods, painter, t), "CEN-LOS-1", None, "line of sight")
    assert not isinstance(vehicle_paint(woods, firer(hex=from_offset(5, 25), level=3), t), Refusal)


# --- opportunity fire along a path (CEN-OPP-1) -----------------------------------------------------------------


def test_OPP1_each_hex_of_the_path_gets_the_attack_there_with_the_mover_as_it_is():
    """CEN-OPP-1: at each hex the mover enters, the watcher's attack there, the mover with its facing, shields,
    kind, level and speed; entering the watcher's own hex it came in across a hexside (book-a §14.2)."""
    m = open_map()
    watcher = FirerView("w", HERE, 0, (W("3/6 laser", "turret", 20), W("AP laser", "turret", 3)))
    mover = TargetView("m", from_offset(5, 6), 3, shields={"front": 5, "stern": 2}, crater=True, painted=True,
                       level=None, velocity=4)
    path = [(from_offset(5, 7), 3), (from_offset(5, 8), 3), (from_offset(5, 9), 3), (HERE, 3)]
    chances = opportunity_chances(m, watcher, [Attack(0, "m")], mover, path)
    assert [c.step for c in chances] == [1, 2, 3, 4]
    assert [c.hex for c in chances] == [h for h, _ in path]
    for c in chances:
        (a,) = c.plan.attacks
        t = a.target
        assert (t.key, t.kind, t.shields, t.velocity, t.facing) == ("m", "vehicle", mover.shields, 4, 3)
        assert t.crater is False and t.painted is False and t.submerged is False and t.in_building is False
    assert [c.plan.attacks[0].target.entered for c in chances] == [None, None, None, 0]
    # coming in from the north across hexside 0 of the watcher's hex, it counts as still north of the watcher,
    # facing south (3), so the watcher is ahead of it: its front is struck
    assert chances[3].plan.attacks[0].side == "front"
    squads = opportunity_chances(m, watcher, [Attack(1, "sq")],
                                 TargetView("sq", from_offset(5, 8), 0, kind="infantry"),
                                 [(from_offset(5, 9), 0)])
    assert squads[0].plan.attacks[0].target.kind == "infantry"
    blocked = opportunity_chances(open_map(marks={(5, 8): "h"}), watcher, [Attack(0, "m")], mover,
                                  [(from_offset(5, 7), 3), (from_offset(5, 6), 3)])
    assert all(isinstance(c, tuple) and c[2].rule == "CEN-LOS-1" for c in blocked)
    assert [(c[0], c[1]) for c in blocked] == [(1, from_offset(5, 7)), (2, from_offset(5, 6))]


def test_CMB1_limits_are_inclusive():
    """book-a §8.1/§7.1/§8.3: a weapon reaches exactly its maximum range, the painting laser exactly 20 hexes; the
    turret turns to hexside 5; no Hammerhead for 200mm either; weapon numbers run 0..n-1."""
    m = open_map(rows=30)
    f = firer(hex=from_offset(5, 25))
    assert isinstance(declare_fire(m, f, [Attack(G25, "t", "HEAP")], [TargetView("t", from_offset(5, 19), 3)]),
                      FirePlan)  # 6 hexes, 25mm Gauss range 6
    assert not isinstance(vehicle_paint(m, f, TargetView("t", from_offset(5, 5), 3)), Refusal)  # 20 hexes
    plan = declare_fire(open_map(), firer(), [Attack(LASER, "tank")], ALL, turret_facing=5)
    refused(plan, "CEN-CMB-1", 1, "outside the turret's arc")  # turned away, but a legal turret facing
    big = firer(weapons=(W("200mm Gauss", "turret", 20),))
    refused(declare_fire(open_map(), big, [Attack(0, "tank", "Hammerhead")], ALL), "CEN-CMB-1", 1, "200mm")
    refused(declare_fire(open_map(), firer(), [Attack(8, "tank")], ALL), "CEN-CMB-1", 1, "no weapon 8")


def test_HEX4_painting_on_a_spine_strikes_the_stronger_shield_and_reads_levels():
    """HEX-4: on a spine the defender picks the side with the stronger shield, for paint as for fire."""
    m = open_map()
    spine = neighbor(neighbor(HERE, 0), 5)
    (plain,) = declare_fire(m, firer(), [Attack(LASER, "t")], [TargetView("t", spine, 2)]).attacks
    assert plain.side_options == ("front", "right")  # two hexes north-west, the target facing south-east
    p = vehicle_paint(m, firer(), TargetView("t", spine, 2, shields={"front": 1, "left": 6, "right": 5,
                                                                      "stern": 1}))
    assert p.side == "right"
    woods = open_map(marks={(5, 7): "h"})
    high = TargetView("t", from_offset(5, 4), 3, level=3)
    assert not isinstance(vehicle_paint(woods, firer(), high), Refusal)


def test_OPP1_the_declared_shell_missiles_and_turret_go_into_each_hex_and_the_entry_side_is_the_one_crossed():
    """CEN-OPP-1/book-a §14.2: the watcher's declared attack (shell, missiles, turret) is checked at each hex; a
    mover entering the watcher's hex comes in across the side it came from."""
    m = open_map()
    watcher = FirerView("w", HERE, 0, (W("150mm Gauss", "turret", 15), W("SMLM 2", "turret", 10)))
    mover = TargetView("m", from_offset(5, 6), 3)
    (c,) = opportunity_chances(m, watcher, [Attack(0, "m", "HEAP")], mover, [(from_offset(5, 7), 3)])
    assert c.plan.attacks[0].attack.shell == "HEAP"
    (c,) = opportunity_chances(m, watcher, [Attack(1, "m", missiles=1)], mover, [(from_offset(5, 7), 3)])
    assert c.plan.attacks[0].attack.missiles == 1
    behind = TargetView("m", from_offset(5, 13), 0)
    (r,) = opportunity_chances(m, watcher, [Attack(0, "m", "HEAP")], behind, [(from_offset(5, 12), 0)])
    assert isinstance(r, tuple) and "arc" in r[2].reason
    (c,) = opportunity_chances(m, watcher, [Attack(0, "m", "HEAP")], behind, [(from_offset(5, 12), 0)],
                               turret_facing=3)
    assert c.plan.turret_facing == 3
    # first step straight into the watcher's hex from the north: across hexside 0
    (c, _) = opportunity_chances(m, watcher, [Attack(0, "m", "HEAP")], TargetView("m", neighbor(HERE, 0), 3),
                                 [(HERE, 3), (neighbor(HERE, 3), 3)])
    assert c.plan.attacks[0].target.entered == 0
    # second step into it from the north-east hex entered first
    path = [(neighbor(HERE, 1), 3), (HERE, 3)]
    _, c = opportunity_chances(m, watcher, [Attack(0, "m", "HEAP")], TargetView("m", from_offset(5, 8), 3), path,
                               turret_facing=1)  # the turret turned to the hex it came from
    assert c.plan.attacks[0].target.entered == 1
