"""Issue 20, combat audit (shared/audits/combat.md): one test (or more) per finding, named after its ID.

Expected values come from the rulebook digests (book-a, book-b), RULES.md and the audit's worked set-ups.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest
from test_game import passive, passive_until, with_vehicle

import centurion.game.phases.opportunity as opportunity_phase
import centurion.game.skirmish as skirmish_module
from centurion.data import map_from_rows, vehicle_types
from centurion.dice import Dice
from centurion.game import Move, new_skirmish
from centurion.hexgrid import distance, neighbor, parse_label
from centurion.rules import GravMove
from centurion.rules.damage import cross_rowwise
from centurion.rules.grav import Refusal
from centurion.rules.record import CrewMember, RecordSheet
from centurion.rules.resolution import CombatUnit, declare_weapons_fire, finish_fire, resolve_painting
from centurion.rules.targets import Attack, TargetView

V = vehicle_types()


# --- C3: a submerged vehicle neither fires, paints nor is fired on (CEN-GRD-2) ------------------------------
def test_C3_submerged_vehicle_cannot_fire_or_paint_engine():
    rows = ["........"] * 12
    rows[9] = "...w...."
    m = map_from_rows(rows)
    u = {"hor": CombatUnit("hor", "TOG", parse_label("0410"), 0, RecordSheet.of(V["horatius"]), submerged=True),
         "lib": CombatUnit("lib", "RL", parse_label("0404"), 3, RecordSheet.of(V["liberator"]))}
    p = declare_weapons_fire(m, u, "hor", [Attack(0, "lib", shell="HEAP")])
    assert isinstance(p, Refusal) and p.rule == "CEN-GRD-2"
    _live, res = resolve_painting(m, u, [("hor", "lib")], Dice.scripted([1]))
    assert isinstance(res[0], Refusal) and res[0].rule == "CEN-GRD-2"
    p = declare_weapons_fire(m, u, "lib", [Attack(0, "hor", shell="HEAP")])
    assert isinstance(p, Refusal) and p.rule == "CEN-GRD-2"


def test_C3_submerged_vehicle_in_the_skirmish():
    s = passive_until(new_skirmish("meeting", seed=0), "fire")
    m = s.battlemap
    t11 = s.vehicle("T11")
    lake = min((h for h in m.hexes if m[h].terrain == "lake"),
               key=lambda h: sum(abs(a - b) for a, b in zip(h, t11.hex, strict=True)))
    near = neighbor(neighbor(lake, 0), 0)
    s = with_vehicle(s, "R11", hex=lake, velocity=0, grounded=True, submerged=True)
    s = with_vehicle(s, "T11", hex=near, facing=3)
    assert s.combat_units()["R11"].submerged
    assert not [a for a in s.fire_actions("T11") if getattr(a, "target", None) == "R11"]
    assert not [a for a in s.fire_actions("R11") if getattr(a, "target", None)]
    assert s.attack_set(s.vehicle("T11"), "R11") is None
    assert not [a for a in s.paint_actions("R11") if getattr(a, "target", None)]
    assert "R11" not in s._firers("renegade") and "R11" not in s._painters("renegade")


# --- C7: painting negates the shield for infantry personal weapons and close assault (book-a §10.2) ---------
def test_C7_painting_negates_the_shield_for_personal_weapons_and_close_assault():
    from centurion.rules.infantry_fire import SquadAction, SquadView, squad_fire

    m = map_from_rows(["........"] * 12)
    shields = {"front": 7, "left": 5, "right": 5, "stern": 5}
    for painted in (False, True):
        tgt = TargetView("lib", parse_label("0405"), 0, shields=shields, painted=painted)
        personal = squad_fire(m, SquadView("sq", parse_label("0407"), 8), SquadAction("personal", tgt)).to_hit
        tvlg = squad_fire(m, SquadView("sq", parse_label("0407"), 8), SquadAction("tvlg", tgt)).to_hit
        close = squad_fire(m, SquadView("sq", parse_label("0405"), 8), SquadAction("personal", tgt)).to_hit
        if painted:  # the shield term is gone from all three: personal and TVLG roll alike at range 2
            assert personal.value == tvlg.value == 11
            assert close.value == 12  # base 12 in the same hex, no shield, terrain ignored
        else:
            assert personal.value == 11 - 5 and close.value == 12 - 5


# --- C8: finish_fire counts the squad's starting strength (book-a 14.1, docs/decisions.md) ------------------
def test_C8_six_man_squad_losing_three_keeps_three():
    sq = CombatUnit("sq", "RL", parse_label("0303"), men=6, pending_casualties=3)
    out, _rep, cas = finish_fire({"sq": sq}, Dice.scripted([]))
    assert out["sq"].men == 3 and cas == {"sq": 3}
    # a squad of 8 at the start, 3 lost earlier, 2 more now: 5 killed -> destroyed
    sq = CombatUnit("sq", "RL", parse_label("0303"), men=5, pending_casualties=2, started=8)
    out, _rep, _cas = finish_fire({"sq": sq}, Dice.scripted([]))
    assert out["sq"].men == 0


# --- C12: only an ammunition explosion or the Vehicle Destroyed box scores (book-b §15.2) -------------------
def test_C12_dead_crew_scores_no_points():
    s = new_skirmish("meeting", seed=0)
    t11 = s.vehicle("T11")
    sheet = replace(t11.sheet, crew=tuple(CrewMember(m.role, "dead", 1) for m in t11.sheet.crew))
    s2 = with_vehicle(s, "T11", sheet=sheet)
    assert s2.vehicle("T11").destroyed  # out of the game
    unspent = s.scenario.side("renegade").unspent  # the meeting's edition 4: 3 points unspent (book-b §15.2)
    assert unspent == 3 and s2.points("renegade") == s.points("renegade") == unspent  # nothing for T11's crew


# --- C13: one crater covers one vehicle and one infantry unit (CEN-CRT-1) -----------------------------------
def test_C13_one_squad_per_crater():
    s = new_skirmish("village", seed=0)
    h = next(h for h in s.battlemap.hexes if s.battlemap[h].counters.count("crater") == 1)
    sq = [q for q in s.squads if q.hex is not None][:2]
    s2 = replace(s, squads=tuple(replace(q, hex=h) if q.key in (sq[0].key, sq[1].key) else q
                                 for q in s.squads))._fresh()
    flags = {k: u.crater for k, u in s2.combat_units().items() if u.kind == "infantry" and u.hex == h}
    assert len(flags) == 2 and sum(flags.values()) == 1
    assert flags[min(flags)]  # the first by key takes it (docs/decisions.md)


# --- C15: the Consciousness Roll counts the boxes lost in the whole section (book-a §13.2, book-b §7.6) -----
def test_C15_consciousness_counts_the_whole_section():
    from centurion.rules.internals import apply_internal_damage

    s = RecordSheet.of(V["horatius"])
    s = replace(s, internal_lost=frozenset({("turret", 0), ("turret", 4)}), pending=frozenset({("turret", 10)}))
    out, rep = apply_internal_damage(s, Dice.scripted([6]))  # the default, as the game calls it
    assert rep.rolls[0].target == 8 - 3  # three turret boxes lost in all
    assert out.crew_member("gunner").state == "unconscious"


# --- C4: opportunity fire is resolved inside the move (CEN-OPP-1 D, book-a §5.1, §13.2) ---------------------
def _clear_run(m, h, n):
    """A straight clear column of n+1 hexes going north from h, or None."""
    out = [h]
    for _ in range(n):
        h = neighbor(h, 0)
        out.append(h)
    ok = all(x in m and m[x].terrain == "clear" and m[x].level == m[out[0]].level and not m[x].counters for x in out)
    return out if ok else None


def test_C4_opportunity_fire_stops_the_mover_in_the_hex(monkeypatch):
    from centurion.game.actions import OpportunityFire

    s = passive_until(new_skirmish("meeting", seed=0), "movement", "R11")
    m = s.battlemap
    run = next(r for h in m.hexes if (r := _clear_run(m, h, 9)))
    start, watch_hex = run[0], run[9]
    r11 = s.vehicle("R11")
    sheet, *_ = cross_rowwise(r11.sheet, "front", r11.sheet.vehicle.armor["front"])  # front armor already gone
    s = with_vehicle(s, "R11", hex=start, facing=0, velocity=4, sheet=sheet)
    s = replace(with_vehicle(s, "T11", hex=watch_hex, facing=3, velocity=0), watching=s.watching | {"T11"})._fresh()
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([10, 1, 10, 5, 5] + [1] * 40))
    s = s.apply(Move("R11", GravMove(steps="FFFF")))
    assert s.phase == "opportunity" and s.vehicle("R11").hex == run[4]  # the watchers see the whole path
    s = s.apply(OpportunityFire("T11", "R11", 1))
    v = s.vehicle("R11")
    assert v.destroyed
    assert v.hex == run[1] and v.grounded and v.velocity == 0  # it grounds where it was hit, not at the end


def test_C4_a_lost_tsr_halves_the_limits_for_the_rest_of_the_move(monkeypatch):
    from centurion.game.actions import OpportunityFire
    from centurion.hexgrid import to_offset
    from centurion.rules.resolution import PhaseResult

    s = passive_until(new_skirmish("meeting", seed=0), "movement", "R11")
    cols = max(to_offset(h)[0] for h in s.battlemap.hexes)
    rows = max(to_offset(h)[1] for h in s.battlemap.hexes)
    s = replace(s, scenario=replace(s.scenario, map=map_from_rows(["." * cols] * rows)))._fresh()  # all clear
    start = next(h for h in s.battlemap.hexes if to_offset(h) == (4, rows - 1))
    s = with_vehicle(s, "R11", hex=start, facing=0, velocity=6)
    s = replace(with_vehicle(s, "T11", hex=neighbor(neighbor(start, 1), 1), facing=4, velocity=0),
                watching=s.watching | {"T11"})._fresh()

    def tsr_shot(plan, units, dice, **_kw):  # the shot's result: R11's TS&R box hit (book-a 13.2)
        u = units["R11"]
        box = u.sheet.boxes_of("front", "tsr_1")[0]
        return PhaseResult((), {}, {}, {**units, "R11": replace(u, sheet=u.sheet.with_damage({}, [("front", box)],
                                                                                              immediate=True))})

    monkeypatch.setattr(opportunity_phase, "resolve_opportunity_fire", tsr_shot)
    s = s.apply(Move("R11", GravMove(accelerate=6, steps="F" * 12)))  # velocity 12 in clear (limit 20): no roll
    n = len(s.log)
    assert s.phase == "opportunity"
    assert not [line for line in s.log if "Piloting Skill Roll" in line]
    k = min(a.step for a in s.opportunity_actions() if a.unit == "T11")
    assert k < 12
    s = s.apply(OpportunityFire("T11", "R11", k))
    rolls = [line for line in s.log[n:] if "Piloting Skill Roll" in line]
    assert s.vehicle("R11").sheet.tsr_lost
    flown = distance(start, s.vehicle("R11").hex)  # straight north: hexes entered before it stopped (or all 12)
    assert flown > k
    assert len(rolls) == flown - k  # one roll for each hex entered after the shot
    assert all("at velocity 12 (limit 10)" in r for r in rolls)  # the clear hexes' 20 halved (CEN-SPD-3)


# --- C11: explosion survival during a move rolls against the velocity flown (book-a §13.2) ------------------
def test_C11_explosion_survival_uses_the_velocity_flown(monkeypatch):
    s = passive_until(new_skirmish("village", seed=0), "movement", "R21")
    v = s.vehicle("R21")
    sheet, *_ = cross_rowwise(v.sheet, "front", v.sheet.vehicle.armor["front"])  # no front armor
    s = with_vehicle(s, "R21", hex=parse_label("3309"), facing=3, velocity=6, sheet=sheet)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([9] * 60))
    n = len(s.log)
    s = s.apply(Move("R21", GravMove(accelerate=6, steps=("F",) * 12)))
    survive = [line for line in s.log[n:] if "survives the explosion" in line]
    assert survive
    assert all("at velocity 12" in line and "target -4" in line and "P = 1/10" in line for line in survive)


# --- C6: scenario vehicle costs follow book-b §15.1 (ceil(talents / 100,000)) -------------------------------
def test_C6_scenario_costs_follow_the_book():
    from centurion.data.scenarios import shipped_scenario
    from centurion.data.vehicles import weapon_table
    from centurion.rules.construction import build_grav_vehicle
    from centurion.rules.victory import battle_outcome, victory_points

    table = weapon_table().weapons

    def book_cost(v) -> int:  # the construction rules' price in talents, then book-b §15.1
        c = build_grav_vehicle(engine=v.engine, shields=dict(v.shields), armor=dict(v.armor),
                               weapons=[(w.type, w.location) for w in v.weapons], weapon_table=table,
                               infantry_bay=bool(v.infantry_capacity))
        return math.ceil(c.cost / 100_000)

    expected = {"liberator": 12, "horatius": 11, "viper": 5, "lupus": 4, "trajan": 19}  # Lupus: 374,200 talents -> 4
    assert {k: book_cost(V[k]) for k in expected} == expected
    for name in ("meeting", "village", "pursuit"):
        for side in shipped_scenario(name).sides:
            for p in side.platoons:
                for vs in p.vehicles:
                    assert vs.cost == expected[vs.type], (name, vs.id)
    # the audit's example: TOG destroys two Liberators, the Renegades hold the bridge
    s = new_skirmish("meeting", seed=0)
    lib = [v.cost for v in s.vehicles if v.type == "liberator"][:2]
    out = battle_outcome(victory_points(vehicles_destroyed=lib).total, victory_points(objectives=1).total)
    assert (out.winner, out.level) == ("second", "decisive")


# --- C10: the Vulcan is declared at the first attack, once its hits are known; rolls kept back (E25) -------
def test_C10_vulcan_declared_after_the_first_hits_and_a_roll_kept_for_later_attackers():
    from centurion.data.vehicles import Weapon
    from centurion.rules.resolution import combat_phase

    m = map_from_rows(["........"] * 12)
    hor = replace(V["horatius"], weapons=V["horatius"].weapons + (Weapon("Vulcan-2", "turret", "S", 0),))

    def unit(k, side, lab, f, vt):
        return CombatUnit(k, side, parse_label(lab), f, RecordSheet.of(vt))

    units = {"h": unit("h", "TOG", "0205", 3, hor), "l1": unit("l1", "RL", "0209", 0, V["liberator"]),
             "l2": unit("l2", "RL", "0309", 0, V["liberator"]), "l3": unit("l3", "RL", "0409", 0, V["liberator"])}
    assert units["h"].vulcan is None  # nothing declared before the fire
    decl = [("l1", [Attack(2, "h", missiles=1), Attack(3, "h", missiles=1)], None),
            ("l2", [Attack(2, "h")], None), ("l3", [Attack(2, "h")], None)]
    # l1: two TVLG hits; the owner now engages N = 3 (kill on <= 2), rolls 2 (down) and 7; location 5, column 4
    # l2: hit, the kept roll 9 (survives), location 5, column 6; l3: hit, no roll left, location 5, column 6
    dice = Dice.scripted([1, 1, 2, 7, 5, 4, 1, 9, 5, 6, 1, 5, 6])
    res = combat_phase(m, units, decl, dice)
    v1 = [r for h in res.fire[0].hits for r in h.vulcan]
    assert [(r.target, r.result, r.success) for r in v1] == [(2, 2, True), (2, 7, False)]
    assert "(3 engaged)" in v1[0].purpose
    assert [len(h.vulcan) for h in res.fire[1].hits] == [1] and res.fire[2].hits[0].vulcan == ()
    assert res.units["h"].vulcan.engaged == 3 and res.units["h"].vulcan.rolls_left == 0


def test_C10_vulcan_engages_in_the_skirmish(monkeypatch):
    from centurion.game import Fire

    s = passive_until(new_skirmish("meeting", seed=0), "movement", "R11")
    m = s.battlemap
    run = next(r for h in m.hexes if (r := _clear_run(m, h, 4)))
    s = with_vehicle(s, "R11", hex=run[0], facing=0, velocity=0)
    s = with_vehicle(s, "T11", hex=run[3], facing=3, velocity=0, type="trajan", sheet=RecordSheet.of(V["trajan"]))
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([1] * 400))
    while s.phase != "fire":
        s = s.apply(passive(s))
    s = with_vehicle(with_vehicle(s, "R11", hex=run[0], facing=0, velocity=0), "T11", hex=run[3], facing=3, velocity=0)
    assert any(isinstance(a, Fire) and a.target == "T11" for a in s.fire_actions("R11"))
    n = len(s.log)
    while s.phase == "fire":
        legal = s.legal_actions()
        mine = [a for a in legal if isinstance(a, Fire) and a.unit == "R11" and a.target == "T11"]
        s = s.apply(mine[0] if mine else passive(s))
    vulcan = [line for line in s.log[n:] if "Vulcan-2 of T11" in line]
    assert vulcan and all("engaged" in line for line in vulcan)  # engaged by the owner's default choice (E25)


# --- C21: the fire declaration offers the player's legal choices (book-a §8.2-8.3, E17) -------------------
def _duel(extra=None):
    """Fire phase of "meeting" with R11 and T11 three clear hexes apart, facing each other."""
    s = passive_until(new_skirmish("meeting", seed=0), "painting")
    m = s.battlemap
    run = next(r for h in m.hexes if (r := _clear_run(m, h, 6)))
    s = with_vehicle(with_vehicle(s, "R11", hex=run[0], facing=0, velocity=0), "T11", hex=run[3], facing=3, velocity=0)
    if extra is not None:
        s = extra(s, run)
    return passive_until(s, "fire"), run


def test_C21_fire_action_has_choices_with_todays_defaults():
    from dataclasses import fields

    from centurion.game import Fire
    from centurion.game.actions import action_from_data, action_to_data

    names = [f.name for f in fields(Fire)]
    assert {"weapons", "shells", "second", "second_weapons"} <= set(names)
    plain = Fire("R11", "T11")
    assert not plain.chosen and action_to_data(plain) == {"kind": "fire", "unit": "R11", "target": "T11"}
    a = Fire("R11", "T11", weapons=(0, 1), shells=((0, "APDS"),), second="T12", second_weapons=(2,))
    assert action_from_data(action_to_data(a)) == a
    with pytest.raises(ValueError, match="shells"):
        action_from_data({**action_to_data(a), "shells": "APDS"})


def test_C21_weapons_and_shell_chosen_in_the_skirmish():
    from centurion.game import Fire, IllegalAction
    from centurion.game.actions import action_from_data, action_to_data

    s, _run = _duel()
    assert Fire("R11", "T11") in s.fire_actions("R11")
    full = s.attack_set(s.vehicle("R11"), "T11")
    assert len(full.attacks) > 1  # by default every weapon that bears fires
    choice = Fire("R11", "T11", weapons=(0,), shells=((0, "APDS"),))
    plan = s.chosen_plan(choice)
    assert [(ra.attack.weapon, ra.attack.shell) for ra in plan.attacks] == [(0, "APDS")]
    with pytest.raises(IllegalAction, match="Hammerhead"):  # not in a 150mm Gauss (book-a §8.3)
        s._check(Fire("R11", "T11", weapons=(0,), shells=((0, "Hammerhead"),)))
    # play the fire phase with the choice (as written to a save file and read back): only the Gauss fires
    saved = action_from_data(json.loads(json.dumps(action_to_data(choice))))
    assert saved == choice
    while s.phase == "fire":
        legal = s.legal_actions()
        s = s.apply(saved if Fire("R11", "T11") in legal else passive(s))
    assert any("R11 fires: " in line and "of 1 shot" in line for line in s.log)


def test_C21_second_target_hull_missiles_and_turret_direct_fire():
    from centurion.game import Fire
    from centurion.hexgrid import distance, hex_range
    from centurion.rules.targets import in_arc

    def t12(s, run):
        r11 = s.vehicle("R11")
        m = s.battlemap
        spot = next(h for h in hex_range(r11.hex, 5) if h not in run and h in m and m[h].terrain == "clear"
                    and not m[h].counters and m[h].level == m[r11.hex].level and 2 <= distance(r11.hex, h) <= 5
                    and in_arc("hull 1", 0, 0, r11.hex, h))
        return with_vehicle(s, "T12", hex=spot, facing=3, velocity=0)

    s, _run = _duel(t12)
    two = Fire("R11", "T11", weapons=(0, 1), second="T12", second_weapons=(2,))  # E17: turret direct, hull missile
    plan = s.chosen_plan(two)
    assert not isinstance(plan, Refusal), plan
    assert sorted((ra.attack.weapon, ra.target.key) for ra in plan.attacks) == [(0, "T11"), (1, "T11"), (2, "T12")]
    bad = Fire("R11", "T11", weapons=(0,), second="T12", second_weapons=(1,))  # direct fire at two targets
    assert isinstance(s.chosen_plan(bad), Refusal)


def test_C21_skirmish_page_picks_weapons_and_shell():
    from centurion.game import Fire
    from centurion.widgets.skirmish import SkirmishTable

    s, _run = _duel()
    tab = SkirmishTable("meeting", seed=0)
    tab._begin(s)
    tab.click(s.vehicle("R11").hex)
    tab.choice.value = next(i for i, a in enumerate(tab._choices) if a == Fire("R11", "T11"))
    assert tab.fire_weapons.layout.display is None and len(tab.fire_weapons.options) == 4
    assert tab.chosen() == Fire("R11", "T11")  # by default: every weapon that bears, HEAP
    assert "Hammerhead" not in tab.fire_shell.options and "APDS" in tab.fire_shell.options  # 150mm (book-a §8.3)
    tab.fire_weapons.value = (0,)
    tab.fire_shell.value = "APDS"
    assert tab.chosen() == Fire("R11", "T11", weapons=(0,), shells=((0, "APDS"),))
    tab.confirm()
    assert tab.game.fire_choices == (Fire("R11", "T11", weapons=(0,), shells=((0, "APDS"),)),)


# --- C20: a squad dismounts only from a carrier that ended its move grounded (CEN-MNT-1) -------------------
def test_C20_dismount_needs_the_carrier_grounded():
    from centurion.game import IllegalAction

    s = passive_until(new_skirmish("village", seed=0), "movement", "R31")
    s = with_vehicle(s, "R31", velocity=0, grounded=False)  # hovering at velocity 0: not grounded
    assert not s.resolve_move("R31", GravMove()).end_state().grounded
    with pytest.raises(IllegalAction, match="CEN-MNT-1"):
        s.apply(Move("R31", GravMove(), dismount=True))
    landed = Move("R31", GravMove(ground=True), dismount=True)  # setting down in place, then getting out
    assert s.resolve_move("R31", landed.move).end_state().grounded
    assert s.apply(landed).squad("R31s").aboard is None


def test_C4_an_undamaged_mover_goes_on_as_it_moved(monkeypatch):
    from centurion.game.actions import OpportunityFire
    from centurion.rules.resolution import PhaseResult

    s = passive_until(new_skirmish("meeting", seed=0), "movement", "R11")
    m = s.battlemap
    run = next(r for h in m.hexes if (r := _clear_run(m, h, 9)))
    s = with_vehicle(s, "R11", hex=run[0], facing=0, velocity=4)
    s = replace(with_vehicle(s, "T11", hex=run[9], facing=3, velocity=0), watching=s.watching | {"T11"})._fresh()
    monkeypatch.setattr(opportunity_phase, "resolve_opportunity_fire",
                        lambda plan, units, dice, **_kw: PhaseResult((), {}, {}, dict(units)))  # every shot missed
    s = s.apply(Move("R11", GravMove(steps="FFFF")))
    seen = s.vehicle("R11")
    s = s.apply(OpportunityFire("T11", "R11", 2))
    assert s.vehicle("R11") == seen and any("takes no damage" in line for line in s.log)
