"""Tests that kill the mutants of centurion/rules/resolution.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §7 (painting), §13.2 (comm, commander, turret weapons, gunner), §15.2 (Vulcan,
E25), RULES.md CEN-GRD-2 and CEN-REC-1 (shield factor = rating / 10); not from the code.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.grav import Refusal
from centurion.rules.record import CrewMember, RecordSheet
from centurion.rules.resolution import (
    CombatUnit,
    PaintResult,
    VulcanEngagement,
    declare_weapons_fire,
    engage_vulcan,
    resolve_painting,
)
from centurion.rules.targets import Attack, FirePlan

V = vehicle_types()
MAP = map_from_rows(["........"] * 12)


def unit(key, side, label, facing=0, vehicle=None, **kw):
    sheet = RecordSheet.of(V[vehicle]) if vehicle else None
    return CombatUnit(key, side, parse_label(label), facing, sheet, **kw)


def knock(u: CombatUnit, section: str, component: str) -> CombatUnit:
    """The unit with every box of a component lost (as applied after fire)."""
    s = u.sheet
    boxes = s.boxes_of(section, component)
    return replace(u, sheet=replace(s, internal_lost=s.internal_lost | {(section, b) for b in boxes}))


def out(u: CombatUnit, *roles: str) -> CombatUnit:
    """The unit with these crew members dead."""
    crew = tuple(CrewMember(m.role, "dead", 1) if m.role in roles else m for m in u.sheet.crew)
    return replace(u, sheet=replace(u.sheet, crew=crew))


def refused(r, rule, *words, step=None):
    assert isinstance(r, Refusal), r
    assert r.rule == rule and r.step == step, r
    for w in words:
        assert w in r.reason, (w, r)


# --- the Vulcan (book-a §15.2, E25) ----------------------------------------------------------------------------


def test_CMB1_vulcan_engagement_rules():
    """book-a §15.2: only a vehicle with a working Vulcan engages, once a turn, 1 or more missiles its table
    has a number for; the kill number follows from the missiles engaged (E25: Vulcan-2, 3 -> 2)."""
    trajan = unit("t", "TOG", "0205", 0, "trajan")
    e = engage_vulcan(trajan, 3).vulcan
    assert (e.rating, e.engaged, e.rolls_left, e.kill_number) == (2, 3, 3, 2)
    assert VulcanEngagement(2, 0, 0).kill_number is None
    with pytest.raises(ValueError, match="CEN-CMB-1.*once a turn"):
        engage_vulcan(engage_vulcan(trajan, 1), 1)
    with pytest.raises(ValueError, match="CEN-CMB-1.*only a vehicle"):
        engage_vulcan(unit("sq", "TOG", "0205", men=8), 1)
    with pytest.raises(ValueError, match="CEN-CMB-1.*no Vulcan"):
        engage_vulcan(unit("h", "TOG", "0205", 0, "horatius"), 1)
    for bad in (0, -1):  # at least one missile (book-a §15.2)
        with pytest.raises(ValueError, match="CEN-CMB-1.*engaged is a whole number >= 1"):
            engage_vulcan(trajan, bad)
    with pytest.raises(ValueError, match="CEN-CMB-1.*cannot engage"):  # beyond its table
        engage_vulcan(trajan, 5)
    with pytest.raises(ValueError, match="CEN-CMB-1.*Vulcan is out"):
        engage_vulcan(knock(trajan, "turret", "turret_weapons"), 1)


# --- units as targets and firers ------------------------------------------------------------------------------


def test_REC1_a_unit_as_a_target():
    """CEN-REC-1: a grav vehicle's shield factors (rating / 10) per facing; a ground vehicle has none; a squad
    inside a building (a floor given) is in a building; its situation is carried over."""
    h = unit("h", "TOG", "0205", 2, "horatius", velocity=4, crater=True, submerged=False, entered=3)
    t = h.target_view()
    assert t.shields == {f: V["horatius"].shield_factor(f) for f in ("front", "left", "right", "stern", "bottom")}
    assert (t.key, t.hex, t.facing, t.kind, t.crater, t.velocity, t.entered, t.in_building) == \
        ("h", parse_label("0205"), 2, "vehicle", True, 4, 3, False)
    assert unit("g", "TOG", "0205", 0, "heavy_tank").target_view().shields == {}
    assert unit("sq", "TOG", "0205", men=8, level=1).target_view().in_building is True
    assert unit("sq", "TOG", "0205", men=8).target_view().in_building is False
    assert unit("sq", "TOG", "0205", men=8).kind == "infantry" and h.kind == "vehicle"
    assert unit("s", "TOG", "0205", submerged=True, men=8).target_view().submerged is True


def test_CMB1_painted_for_a_viewer_needs_its_own_paint_or_its_comm():
    """book-a §7.2/§13.2: a paint serves every friendly attacker, except one whose comm is out, which only
    profits from its own paint."""
    lib = unit("lib", "RL", "0205", 0, "liberator")
    hor = unit("hor", "TOG", "0210", 0, "horatius")
    deaf = knock(hor, "front", "comm")
    assert deaf.sheet.comm_out
    painted_by_other = replace(lib, painted_by=("lupus",))
    assert painted_by_other.target_view(hor).painted is True
    assert painted_by_other.target_view(deaf).painted is False
    assert painted_by_other.target_view().painted is True
    assert replace(lib, painted_by=("hor",)).target_view(deaf).painted is True
    assert replace(lib, painted=True).target_view(hor).painted is True
    assert replace(lib, painted=True).target_view(deaf).painted is False
    assert lib.target_view(hor).painted is False
    squad = unit("sq", "TOG", "0209", men=8)
    assert painted_by_other.target_view(squad).painted is True


def test_CMB1_a_unit_as_a_firer_counts_its_missiles_and_targ_boxes():
    """book-a §8.3/§13.2: the missiles left on the sheet and the Targ boxes lost go into the declaration."""
    v = unit("v", "TOG", "0210", 1, "viper", entered=2)
    f = v.firer_view()
    assert (f.key, f.hex, f.facing, f.entered, f.targeting_lost) == ("v", parse_label("0210"), 1, 2, 0)
    assert f.missiles_left == {"SMLM": v.sheet.missiles_left("SMLM"), "TVLG": v.sheet.missiles_left("TVLG")}
    assert f.missiles_left["SMLM"] > 0 and f.missiles_left["TVLG"] > 0


# --- declaring weapons fire against the live sheets -------------------------------------------------------------


def test_CMB1_who_may_fire():
    """book-a §13.2, §14.1, CEN-GRD-2: a squad fires by the infantry rules; a destroyed vehicle, one with gunner
    and commander out, or one under water does not fire."""
    lib = unit("lib", "RL", "0205", 0, "liberator")
    hor = unit("hor", "TOG", "0210", 0, "horatius")
    atk = [Attack(1, "lib")]
    refused(declare_weapons_fire(MAP, {"lib": lib}, "ghost", atk), "CEN-CMB-1", "no unit 'ghost'")
    sq = unit("sq", "TOG", "0210", men=8)
    refused(declare_weapons_fire(MAP, {"sq": sq, "lib": lib}, "sq", atk), "CEN-CMB-1", "not a vehicle")
    dead = replace(hor, sheet=replace(hor.sheet, exploded=True))
    refused(declare_weapons_fire(MAP, {"hor": dead, "lib": lib}, "hor", atk), "CEN-CMB-1", "destroyed",
            "ammunition explosion")
    blind = out(hor, "gunner", "commander")
    refused(declare_weapons_fire(MAP, {"hor": blind, "lib": lib}, "hor", atk), "CEN-CMB-1", "gunner and commander")
    wet = replace(hor, submerged=True)
    refused(declare_weapons_fire(MAP, {"hor": wet, "lib": lib}, "hor", atk), "CEN-GRD-2", "under water")


def test_CMB1_destroyed_weapons_and_friends_are_refused_at_their_attack():
    """book-a §13.2: a weapon whose location is destroyed does not fire; friends are not targets."""
    lib = unit("lib", "RL", "0205", 0, "liberator")
    hor = unit("hor", "TOG", "0210", 0, "horatius")
    pal = unit("pal", "TOG", "0207", 0, "viper")
    units = {"hor": knock(hor, "left", "hull_weapons_1"), "lib": lib, "pal": pal}
    refused(declare_weapons_fire(MAP, units, "hor", [Attack(0, "lib", shell="HEAP"), Attack(1, "lib")]),
            "CEN-CMB-1", "attack 2", "3/6 laser", "hull 1 weapons are destroyed", step=2)
    refused(declare_weapons_fire(MAP, units, "hor", [Attack(0, "lib", shell="HEAP"), Attack(2, "pal")]),
            "CEN-CMB-1", "attack 2", "pal is a friendly unit", step=2)
    ok = declare_weapons_fire(MAP, {"hor": hor, "lib": lib}, "hor", [Attack(1, "lib")])
    assert isinstance(ok, FirePlan)


def test_CMB1_a_turret_without_weapons_cannot_turn_them():
    """book-a §13.2: with the turret weapons lost the turret facing asked for is ignored (the hull's counts)."""
    lib = unit("lib", "RL", "0205", 0, "liberator")
    hor = unit("hor", "TOG", "0210", 0, "horatius")
    plan = declare_weapons_fire(MAP, {"hor": hor, "lib": lib}, "hor", [Attack(1, "lib")], turret_facing=2)
    assert plan.turret_facing == 2
    hurt = knock(hor, "turret", "turret_weapons")
    plan = declare_weapons_fire(MAP, {"hor": hurt, "lib": lib}, "hor", [Attack(1, "lib")], turret_facing=2)
    assert plan.turret_facing == 0


def test_CMB1_indirect_fire_needs_comm_and_commander():
    """book-a §8.4/§13.2: indirect missile fire at a painted target is lost with the comm or the commander."""
    woods = map_from_rows(["........"] * 6 + ["..h....."] + ["........"] * 5)
    lib = replace(unit("lib", "RL", "0304", 0, "liberator"), painted_by=("hor",))  # its own paint
    hor = unit("hor", "TOG", "0310", 0, "horatius")
    atk = [Attack(0, "lib", shell="HEAP"), Attack(2, "lib")]
    ok = declare_weapons_fire(woods, {"hor": hor, "lib": lib}, "hor", [Attack(2, "lib")])
    assert isinstance(ok, FirePlan) and ok.attacks[0].indirect
    r = declare_weapons_fire(woods, {"hor": knock(hor, "front", "comm"), "lib": lib}, "hor", [Attack(2, "lib")])
    refused(r, "CEN-CMB-1", "attack 1", "SMLM 2", "needs the comm", step=1)
    r = declare_weapons_fire(woods, {"hor": out(hor, "commander"), "lib": lib}, "hor",
                             [Attack(2, "lib")])
    refused(r, "CEN-CMB-1", "needs the commander", step=1)
    assert atk  # the direct-fire case needs sight, checked by the targets rules


# --- painting (book-a §7, §13.2) --------------------------------------------------------------------------------


def test_CMB1_painting_refusals_and_what_a_hit_marks():
    """book-a §7: a vehicle or squad paints an enemy vehicle; a hit marks it painted by that painter."""
    lib = unit("lib", "RL", "0205", 0, "liberator")
    hor = unit("hor", "TOG", "0210", 0, "horatius")
    sq = unit("sq", "TOG", "0207", men=8)
    pal = unit("pal", "TOG", "0209", 0, "viper")
    units = {"lib": lib, "hor": hor, "sq": sq, "pal": pal}
    live, res = resolve_painting(MAP, units, [("ghost", "lib"), ("hor", "ghost"), ("hor", "pal"), ("lib", "sq")],
                                 Dice.scripted([]))
    assert [r.rule for r in res] == ["CEN-CMB-1"] * 4
    assert "no unit 'ghost'" in res[0].reason and "no unit 'ghost'" in res[1].reason
    assert "friendly" in res[2].reason and "not a vehicle" in res[3].reason
    assert live == units
    wet = {**units, "lib": replace(lib, submerged=True)}
    _, (r,) = resolve_painting(MAP, wet, [("hor", "lib")], Dice.scripted([]))
    assert r.rule == "CEN-GRD-2" and "lib" in r.reason
    wet = {**units, "hor": replace(hor, submerged=True)}
    _, (r,) = resolve_painting(MAP, wet, [("hor", "lib")], Dice.scripted([]))
    assert r.rule == "CEN-GRD-2" and "hor" in r.reason
    for hurt, why in ((knock(hor, "turret", "turret_weapons"), "turret weapons"), (knock(hor, "front", "comm"), "comm"),
                      (out(hor, "commander"), "commander")):
        _, (r,) = resolve_painting(MAP, {**units, "hor": hurt}, [("hor", "lib")], Dice.scripted([]))
        assert r.rule == "CEN-CMB-1" and why in r.reason and "book-a 13.2" in r.reason
    live, (hit,) = resolve_painting(MAP, units, [("hor", "lib")], Dice.scripted([1]))
    assert isinstance(hit, PaintResult) and hit.painted and (hit.painter, hit.target) == ("hor", "lib")
    assert live["lib"].painted_by == ("hor",) and "hor" in hit.roll.purpose and "lib" in hit.roll.purpose
    live, (miss,) = resolve_painting(MAP, units, [("hor", "lib")], Dice.scripted([10]))
    assert not miss.painted and live["lib"].painted_by == ()
    live, (by_squad,) = resolve_painting(MAP, units, [("sq", "lib")], Dice.scripted([9]))
    assert by_squad.painted and by_squad.roll.target == 9 and live["lib"].painted_by == ("sq",)


# --- after all fire (CEN-SEQ-3, book-a §13.2, §14.1, §16.2) -----------------------------------------------------


def test_SEQ3_finish_fire_applies_internals_with_the_turn_and_grounds_only_when_hit_there():
    """CEN-SEQ-3: pending internal boxes take effect after all fire; a crew member killed then dies this turn; a
    grav drive hit grounds a moving vehicle (velocity 0), other hits leave its velocity alone."""
    from centurion.rules.resolution import finish_fire

    hor = unit("hor", "TOG", "0205", 0, "horatius", velocity=5)
    boxes = hor.sheet.boxes_of("turret", "gunner")
    hit = replace(hor, sheet=replace(hor.sheet, pending=frozenset(("turret", b) for b in boxes)))
    out, reports, casualties = finish_fire({"hor": hit}, Dice.scripted([]), turn=4)
    assert out["hor"].sheet.crew_member("gunner").since_turn == 4 and out["hor"].velocity == 5
    assert "hor" in reports and casualties == {}
    drive = hor.sheet.boxes_of("bottom", "grav_drive")[:1]
    hit = replace(hor, sheet=replace(hor.sheet, pending=frozenset(("bottom", b) for b in drive)))
    out, _, _ = finish_fire({"hor": hit}, Dice.scripted([]))
    assert out["hor"].velocity == 0 and out["hor"].sheet.grav_drive_lost


def test_INF1_riders_outside_lose_men_when_the_carrier_grounds():
    """book-a §16.2: riders outside roll a d10 of men killed when the carrier takes grounding damage, at most
    the men riding; the losses are counted after all fire."""
    from centurion.rules.resolution import finish_fire

    v = unit("v", "TOG", "0205", 0, "viper", velocity=2)
    drive = v.sheet.boxes_of("bottom", "grav_drive")[:1]
    sheet = replace(v.sheet, pending=frozenset(("bottom", b) for b in drive), riders_outside=6)
    out, _, casualties = finish_fire({"v": replace(v, sheet=sheet)}, Dice.scripted([4]))
    assert casualties == {"v riders": 4}
    assert (out["v"].sheet.riders_outside, out["v"].sheet.riders_pending_killed) == (2, 0)
    sheet = replace(sheet, riders_outside=3)
    out, _, casualties = finish_fire({"v": replace(v, sheet=sheet)}, Dice.scripted([9]))
    assert casualties == {"v riders": 3} and out["v"].sheet.riders_outside == 0
    earlier = replace(v.sheet, riders_outside=5, riders_pending_killed=2)
    out, _, casualties = finish_fire({"v": replace(v, sheet=earlier)}, Dice.scripted([]))
    assert casualties == {"v riders": 2} and out["v"].sheet.riders_outside == 3


def test_INF1_squad_losses_after_all_fire_count_from_its_start():
    """book-a §14.1: a squad is destroyed at 5 killed since the start of the battle; losses wait for the end of
    fire and then the pending count is cleared."""
    from centurion.rules.resolution import finish_fire

    sq = unit("sq", "TOG", "0205", men=6, pending_casualties=3, started=8)
    out, reports, casualties = finish_fire({"sq": sq}, Dice.scripted([]))
    assert out["sq"].men == 0 and out["sq"].pending_casualties == 0 and casualties == {"sq": 3} and reports == {}
    fresh = unit("sq", "TOG", "0205", men=6, pending_casualties=3)  # started with 6: 3 killed, 3 left
    out, _, casualties = finish_fire({"sq": fresh}, Dice.scripted([]))
    assert out["sq"].men == 3 and out["sq"].pending_casualties == 0 and casualties == {"sq": 3}
    over = unit("sq", "TOG", "0205", men=2, pending_casualties=5)
    out, _, casualties = finish_fire({"sq": over}, Dice.scripted([]))
    assert out["sq"].men == 0 and casualties == {"sq": 2}
