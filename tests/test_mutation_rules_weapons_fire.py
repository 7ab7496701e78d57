"""Tests that kill the surviving mutants of centurion/rules/weapons_fire.py (issue 22, docs/mutation.md).

A vehicle's attacks: salvos (VAR-SALVO: one roll for every mount, all hit or all miss; VAR-SHIELD: a stop roll
per round), the template of each hit, the casualty row of a hit on a squad, and the checks of a declaration.
Expected values come from RULES.md (VAR-SALVO, VAR-SHIELD, HEX-3), book-b 16.6 (weapon damage: a 1.5/3 laser
does 4 boxes; the AP laser damage S, range 3), book-b 17.3 (templates: 100mm APDS 1,3,3,5 = 12 boxes, 100mm
HEAP 3,3,1,1,1 = 9) and the Infantry Damage Table of book-a 16.6 (row 4: roll 6 -> 1 man, 7 -> 2; AP laser row:
roll 5 -> 2 men, 10 -> 7); not from the code.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.data.vehicles import Weapon
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.record import RecordSheet
from centurion.rules.refusal import Refusal
from centurion.rules.resolution import CombatUnit, declare_weapons_fire, resolve_fire
from centurion.rules.targets import Attack
from centurion.variants.ruleset import RuleSet

V = vehicle_types()
MAP = map_from_rows(["........"] * 12)
SALVO = RuleSet.from_names(["VAR-SALVO"])
SALVO_SHIELD = RuleSet.from_names(["VAR-SALVO", "VAR-SHIELD"])
SHIELD = RuleSet.from_names(["VAR-SHIELD"])
TWIN_GAUSS = replace(V["lupus"], weapons=(Weapon("100mm Gauss", "turret", "T", 10),) * 2)
TWIN_AP = replace(V["lupus"], weapons=(Weapon("AP laser", "hull 1", "S", 3), Weapon("AP laser", "hull 2", "S", 3)))


def unit(key, side, label, facing=0, vehicle=None, **kw):
    sheet = RecordSheet.of(V[vehicle] if isinstance(vehicle, str) else vehicle) if vehicle else None
    return CombatUnit(key, side, parse_label(label), facing, sheet, **kw)


def lupus_and_trajan(lupus=None):
    """A Lupus (two 1.5/3 lasers in its turret) five hexes in front of a Trajan (Vulcan-2) facing it."""
    return {"lup": unit("lup", "RL", "0210", 0, lupus or "lupus"), "trj": unit("trj", "TOG", "0205", 3, "trajan")}


def twin(target, rules=SALVO, **kw):
    return [Attack(0, target, salvo=1, **kw), Attack(1, target, salvo=1, **kw)]


# --- VAR-SALVO ------------------------------------------------------------------------------------------------


def test_VAR_SALVO_twin_lasers_one_roll_both_land_as_lasers():
    """One d10 for both mounts; both hit, one location roll for the target (E21), then a column each; each laser
    destroys 4 boxes (book-b 16.6). No Vulcan roll: lasers are not missiles (book-a 15.2)."""
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", twin("trj"), rules=SALVO)
    assert plan.salvos == ((0, 1),)
    res = resolve_fire(plan, u, Dice.scripted([1, 5, 3, 4]), rules=SALVO)
    salvo, loc, c1, c2 = res.rolls
    assert (salvo.die, salvo.result, salvo.rule, salvo.success) == ("d10", 1, "VAR-SALVO", True)
    assert salvo.target == plan.attacks[0].to_hit.value
    assert "1.5/3 laser" in salvo.purpose  # the log says which weapon fired the salvo
    assert [h.weapon for h in res.hits] == ["1.5/3 laser"] * 2
    assert [h.target for h in res.hits] == ["trj"] * 2
    assert all(h.to_hit is salvo for h in res.hits)
    assert all(h.vulcan == () and not h.shot_down and h.stop is None for h in res.hits)
    assert [h.column for h in res.hits] == [c1, c2]
    assert [(h.mark.column, len(h.mark.armor)) for h in res.hits] == [(3, 4), (4, 4)]
    ((key, roll, section),) = res.locations
    assert (key, roll) == ("trj", loc) and "front" in loc.purpose
    assert all(h.mark.section == section for h in res.hits)
    assert u["trj"].sheet.armor[section].intact - res.units["trj"].sheet.armor[section].intact == 8
    assert res.units["trj"].vulcan is None or res.units["trj"].vulcan.engaged == 0


def test_VAR_SALVO_miss_is_one_roll_and_every_mount_misses():
    """All miss on one roll: a result per mount naming weapon and target, with the salvo's roll, no stop roll."""
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", twin("trj"), rules=SALVO)
    res = resolve_fire(plan, u, Dice.scripted([10]), rules=SALVO)
    (salvo,) = res.rolls
    assert not salvo.success and res.locations == ()
    assert [(h.weapon, h.target, h.to_hit, h.stop, h.mark) for h in res.hits] == [("1.5/3 laser", "trj", salvo,
                                                                                     None, None)] * 2
    assert res.units["trj"].sheet == u["trj"].sheet


def test_VAR_SALVO_VAR_SHIELD_a_stop_roll_for_each_round():
    """VAR-SHIELD: the salvo rolls to hit without the shield, then a percentile stop roll per round: the first
    round stopped (d100 1), the second through (d100 100), which lands."""
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", twin("trj"), rules=SALVO_SHIELD)
    res = resolve_fire(plan, u, Dice.scripted([1, 1, 100, 5, 4]), rules=SALVO_SHIELD)
    salvo, s1, s2, _loc, col = res.rolls
    assert salvo.rule == "VAR-SALVO" and salvo.success
    assert (s1.die, s1.rule, s1.success, s2.die, s2.success) == ("d100", "VAR-SHIELD", True, "d100", False)
    stopped, landed = res.hits
    assert (stopped.weapon, stopped.target, stopped.to_hit, stopped.stop, stopped.mark) == \
        ("1.5/3 laser", "trj", salvo, s1, None)
    assert stopped.stopped
    assert (landed.weapon, landed.target, landed.column) == ("1.5/3 laser", "trj", col)
    assert len(landed.mark.armor) == 4 and not landed.stopped
    assert len(res.locations) == 1


def test_VAR_SALVO_VAR_SHIELD_both_rounds_through_both_land():
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", twin("trj"), rules=SALVO_SHIELD)
    res = resolve_fire(plan, u, Dice.scripted([1, 100, 100, 5, 4, 6]), rules=SALVO_SHIELD)
    assert [r.die for r in res.rolls] == ["d10", "d100", "d100", "d10", "d10", "d10"]
    assert [len(h.mark.armor) for h in res.hits] == [4, 4]


@pytest.mark.parametrize(("shell", "boxes"), [("APDS", 12), ("HEAP", 9)])
def test_VAR_SALVO_gauss_salvo_uses_the_declared_shell_template(shell, boxes):
    """Two 100mm Gauss cannons in salvo with a declared shell: each hit drops that shell's template (book-b 17.3:
    APDS 100 = 1,3,3,5; HEAP 100 = 3,3,1,1,1)."""
    u = lupus_and_trajan(TWIN_GAUSS)
    plan = declare_weapons_fire(MAP, u, "lup", twin("trj", shell=shell), rules=SALVO)
    assert plan.salvos == ((0, 1),)
    res = resolve_fire(plan, u, Dice.scripted([1, 5, 5, 5]), rules=SALVO)
    assert [h.weapon for h in res.hits] == ["100mm Gauss"] * 2
    assert [len(h.mark.armor) + len(h.mark.internal) for h in res.hits] == [boxes, boxes]


def test_VAR_SALVO_lasers_at_a_squad_roll_casualties_on_their_row():
    """A 1.5/3 laser's row is 4 (book-a 16.6): roll 6 -> 1 man, 7 -> 2; clear ground, modifier 0."""
    u = {"lup": unit("lup", "RL", "0210", 0, "lupus"), "sq": unit("sq", "TOG", "0205", men=8)}
    plan = declare_weapons_fire(MAP, u, "lup", twin("sq"), rules=SALVO)
    res = resolve_fire(plan, u, Dice.scripted([1, 6, 7]), battlemap=MAP, rules=SALVO)
    assert [(h.weapon, h.target, h.casualties) for h in res.hits] == [("1.5/3 laser", "sq", 1),
                                                                      ("1.5/3 laser", "sq", 2)]
    assert res.units["sq"].pending_casualties == 3 and res.locations == ()


def test_VAR_SALVO_ap_lasers_at_a_squad_kill_on_the_ap_laser_row():
    """AP lasers in Hull 1 and Hull 2 (one location for a salvo) at a squad 2 hexes off: the AP laser does no
    armor damage, its casualties come from the AP Laser row: roll 5 -> 2 men, 10 -> 7 (book-a 16.6)."""
    u = {"ap": unit("ap", "RL", "0210", 0, TWIN_AP), "sq": unit("sq", "TOG", "0208", men=8)}
    plan = declare_weapons_fire(MAP, u, "ap", twin("sq"), rules=SALVO)
    assert plan.salvos == ((0, 1),)
    res = resolve_fire(plan, u, Dice.scripted([1, 5, 10]), battlemap=MAP, rules=SALVO)
    assert [(h.weapon, h.casualties) for h in res.hits] == [("AP laser", 2), ("AP laser", 7)]
    assert res.units["sq"].pending_casualties == 9


def test_CMB1_one_ap_laser_at_a_squad_without_salvo():
    """The same without VAR-SALVO: one d10 to hit each, then the AP Laser row (roll 10 -> 7 men)."""
    u = {"ap": unit("ap", "RL", "0210", 0, TWIN_AP), "sq": unit("sq", "TOG", "0208", men=8)}
    plan = declare_weapons_fire(MAP, u, "ap", [Attack(0, "sq")])
    res = resolve_fire(plan, u, Dice.scripted([1, 10]), battlemap=MAP)
    (h,) = res.hits
    assert (h.weapon, h.target, h.casualties) == ("AP laser", "sq", 7)
    assert res.units["sq"].pending_casualties == 7


# --- VAR-SHIELD without salvo -----------------------------------------------------------------------------------


def test_VAR_SHIELD_a_stopped_round_names_weapon_and_target():
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", [Attack(0, "trj")], rules=SHIELD)
    res = resolve_fire(plan, u, Dice.scripted([1, 1]), rules=SHIELD)
    (h,) = res.hits
    assert (h.weapon, h.target, h.mark) == ("1.5/3 laser", "trj", None) and h.stopped
    assert h.stop is res.rolls[1] and h.to_hit is res.rolls[0]


# --- the declaration's checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("tf", [None, 0])
def test_HEX3_turret_facing_0_or_none_accepted(tf):
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", [Attack(0, "trj")], turret_facing=tf)
    assert not isinstance(plan, Refusal) and plan.turret_facing == (0 if tf is None else tf)


def test_HEX3_turret_facing_5_is_a_hexside_not_an_error():
    """5 is a hexside: the declaration is checked (the target is then outside the turned turret's arc)."""
    u = lupus_and_trajan()
    r = declare_weapons_fire(MAP, u, "lup", [Attack(0, "trj")], turret_facing=5)
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and "arc" in r.reason


@pytest.mark.parametrize("tf", [6, -1, True, "1", 2.5])
def test_HEX3_turret_facing_outside_0_to_5_is_an_error(tf):
    u = lupus_and_trajan()
    with pytest.raises(ValueError) as e:
        declare_weapons_fire(MAP, u, "lup", [Attack(0, "trj")], turret_facing=tf)
    assert str(e.value).startswith("HEX-3: turret_facing is a whole number in 0..5")


def test_CMB1_firer_named_by_key():
    u = lupus_and_trajan()
    r = declare_weapons_fire(MAP, u, 5, [Attack(0, "trj")])
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-CMB-1", None)
    assert "key" in r.reason and "5" in r.reason
    r = declare_weapons_fire(MAP, u, ("x" * 300,), [Attack(0, "trj")])
    assert isinstance(r, Refusal) and r.rule == "CEN-CMB-1" and len(r.reason) == 200


@pytest.mark.parametrize("bad", [Attack("1", "trj"), Attack(True, "trj"), Attack(1, 5), Attack(None, "trj")])
def test_CMB1_malformed_attack_refused_with_its_number(bad):
    u = lupus_and_trajan()
    r = declare_weapons_fire(MAP, u, "lup", [Attack(0, "trj"), bad])
    assert isinstance(r, Refusal) and (r.rule, r.step) == ("CEN-CMB-1", 2)
    assert r.reason.startswith("attack 2: a weapon is its index on the sheet and a target its key")
    r = declare_weapons_fire(MAP, u, "lup", [bad])
    assert isinstance(r, Refusal) and r.step == 1 and r.reason.startswith("attack 1:")


def test_CMB1_malformed_attack_reason_cut_to_200():
    u = lupus_and_trajan()
    r = declare_weapons_fire(MAP, u, "lup", [Attack(0, ("t" * 300,))])
    assert isinstance(r, Refusal) and r.step == 1 and len(r.reason) == 200


def test_CMB1_a_weapon_that_is_not_a_missile_launcher_fires_once_whatever_the_missile_count():
    """The missile count of an attack counts missiles (book-a 8.3); a laser declared with a count still fires one
    round: one to-hit roll, one result."""
    u = lupus_and_trajan()
    plan = declare_weapons_fire(MAP, u, "lup", [Attack(0, "trj", missiles=3)])
    res = resolve_fire(plan, u, Dice.scripted([10, 10, 10]))
    assert len(res.rolls) == 1 and len(res.hits) == 1 and res.hits[0].weapon == "1.5/3 laser"
