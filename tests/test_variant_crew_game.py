"""Self-destruction and crew roles played by the skirmish (VAR-SELFDESTRUCT, VAR-WEAPONS, issue 16): the End Phase
decision with its check and odds, the charge blowing d3 turns later, the computer's trigger; the crews' fire limits
and the driver's fire."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from centurion.dice import Dice
from centurion.game import IllegalAction, bot_action, load, new_skirmish
from centurion.game.actions import SelfDestruct, action_from_data, action_to_data
from centurion.game.crew import attempt, bot_self_destruct, destruct_check
from centurion.rules import resolve_grav_move
from centurion.rules.damage import cross_rowwise


def _to_phase(variants: tuple[str, ...], phase: str, seed: int = 1):
    s = new_skirmish("meeting", seed=seed, variants=variants)
    while s.phase != phase:
        s = s.apply(bot_action(s, "novice"))
    return s


def _wreck(s, key: str, *, grav_drive: bool = True):
    """The vehicle with most of its armor gone and (by default) its Grav Drive hit, grounded."""
    v = s.vehicle(key)
    sheet = v.sheet
    for section in ("left", "right", "stern", "turret"):
        sheet = cross_rowwise(sheet, section, 60, immediate=True)[0]
    if grav_drive:
        box = sheet.boxes_of("bottom", "grav_drive")[0]
        sheet = replace(sheet, internal_lost=sheet.internal_lost | {("bottom", box)})
    return replace(s, vehicles=s._with_vehicle(replace(v, sheet=sheet, velocity=0, grounded=True)))._fresh()


# --- VAR-SELFDESTRUCT ----------------------------------------------------------------------------------------------

def test_self_destruct_is_an_end_phase_decision_only_with_the_switch():
    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    acts = s.legal_actions()
    mine = [a for a in acts if isinstance(a, SelfDestruct)]
    assert {a.unit for a in mine} == {v.key for v in s.live_vehicles(s.active)}
    off = _to_phase((), "end")
    assert not any(isinstance(a, SelfDestruct) for a in off.legal_actions())
    with pytest.raises(IllegalAction) as err:
        off.apply(SelfDestruct(off.live_vehicles(off.active)[0].key))
    assert err.value.rule == "CEN-SEQ-1"
    a = mine[0]
    assert action_from_data(action_to_data(a)) == a and action_to_data(a) == {"kind": "self_destruct", "unit": a.unit}


def test_self_destruct_check_is_the_drivers_piloting_5_then_gunnery_4_less_targ_lost():
    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    who, check = destruct_check(v)
    assert (who, check.value, check.chance) == ("driver", 5, Fraction(1, 2))
    crew = tuple(replace(m, state="dead") if m.role == "driver" else m for m in v.sheet.crew)
    who, check = destruct_check(replace(v, sheet=replace(v.sheet, crew=crew)))
    assert (who, check.value, check.chance) == ("gunner", 4, Fraction(2, 5))


def test_self_destruct_charge_set_blows_d3_turns_later_and_counts_as_destroyed():
    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    enemy = s.other(v.side)
    # the driver's piloting check: d10 3 <= 5 passes; d3 = 2: it blows in the End Phase of turn 1 + 2 = 3
    armed = attempt(s, SelfDestruct(v.key), Dice.scripted([3, 2]))
    assert armed.vehicle(v.key).destruct_turn == 3
    line = armed.log[-1]
    assert "piloting check d10 3 against 5 (P = 1/2 = 50%)" in line and "turn 3 [VAR-SELFDESTRUCT]" in line
    assert not any(isinstance(a, SelfDestruct) and a.unit == v.key for a in armed.legal_actions())
    before = armed.points(enemy)
    g = armed
    while not g.over and not (g.turn == 3 and g.phase == "end"):
        g = g.apply(bot_action(g, "novice"))
    # this seed's game (pinned, T6): the vehicle survives to turn 3 and its charge blows in that End Phase
    assert g.turn == 3 and g.vehicle(v.key).sheet.exploded
    assert any(f"{v.key} explodes" in x and "[VAR-SELFDESTRUCT]" in x for x in g.log)
    assert g.vehicle(v.key).destroyed and g.vehicle(v.key).destruct_turn is None
    assert g.points(enemy) >= before + v.cost - 5  # the enemy scores it (objectives may change by a few)
    assert v.key in {x.key for x in g.destroyed_this_game(v.side)}


def test_explosion_in_the_end_phase_of_its_turn():
    from centurion.game.crew import explode_due

    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    armed = replace(s, vehicles=s._with_vehicle(replace(v, destruct_turn=s.turn + 1, destruct_tried=s.turn)))
    assert explode_due(armed).vehicle(v.key).sheet.exploded is False  # not yet: next turn
    due = replace(armed, turn=s.turn + 1)
    blown = explode_due(due)
    assert blown.vehicle(v.key).sheet.exploded and blown.vehicle(v.key).destroyed
    assert blown.vehicle(v.key).destruct_turn is None  # the charge is spent (T2: was `assert True`)
    assert v.key in {x.key for x in blown.destroyed_this_game(v.side)}  # it counts as destroyed for victory
    assert f"{v.key} explodes (self-destruct charge set on turn {s.turn})" in blown.log[-1]


def test_failed_check_changes_nothing_but_uses_the_turns_attempt():
    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    failed = attempt(s, SelfDestruct(v.key), Dice.scripted([8]))
    assert failed.vehicle(v.key).destruct_turn is None and failed.vehicle(v.key).sheet == v.sheet
    assert "d10 8 against 5" in failed.log[-1] and "fails, no effect [VAR-SELFDESTRUCT]" in failed.log[-1]
    assert SelfDestruct(v.key) not in failed.legal_actions()


def test_bot_self_destructs_an_immobile_wreck_with_an_enemy_near():
    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    enemy = s.live_vehicles(s.other(v.side))[0]
    near = replace(s, vehicles=s._with_vehicle(replace(enemy, hex=v.hex)))._fresh()
    assert bot_self_destruct(near, near.legal_actions()) is None  # intact: no
    wreck = _wreck(near, v.key)
    assert bot_action(wreck, "novice") == SelfDestruct(v.key)
    moving = _wreck(near, v.key, grav_drive=False)  # grounded but can still lift off: no
    assert bot_self_destruct(moving, moving.legal_actions()) is None
    far = _wreck(s, v.key)
    if all(abs(e.hex.q - v.hex.q) + abs(e.hex.r - v.hex.r) > 12 for e in s.live_vehicles(s.other(v.side))):
        assert bot_self_destruct(far, far.legal_actions()) is None


def test_bot_against_bot_with_var_selfdestruct_attempts_and_replays():
    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    enemy = s.live_vehicles(s.other(v.side))[0]
    s = _wreck(replace(s, vehicles=s._with_vehicle(replace(enemy, hex=v.hex)))._fresh(), v.key)
    g = s.apply(bot_action(s, "novice"))
    assert any("tries to self-destruct" in x for x in g.log) and any(
        "[VAR-SELFDESTRUCT]" in x and "check d10" in x for x in g.log)
    plain = new_skirmish("meeting", seed=4, variants=("VAR-SELFDESTRUCT",))
    while not plain.over and plain.turn <= 2:
        plain = plain.apply(bot_action(plain, "novice"))
    again = load(plain.to_json())
    assert again.log == plain.log and again.vehicles == plain.vehicles


# --- VAR-WEAPONS ---------------------------------------------------------------------------------------------------

def test_crew_shares_gunner_8_systems_commander_missiles_and_ap_lasers_and_8_with_paint_if_gunner_out():
    from centurion.data import vehicle_types
    from centurion.game.crew import crew_indices
    from centurion.rules import RecordSheet
    from centurion.variants import RuleSet

    on = RuleSet.from_names(["VAR-WEAPONS"])
    sheet = RecordSheet.of(vehicle_types()["liberator"])

    def crew(**states):
        return replace(sheet, crew=tuple(replace(m, state=states.get(m.role, "ok")) for m in sheet.crew))

    nine_lasers = ["laser"] * 9
    assert crew_indices(on, sheet, nine_lasers) == list(range(8))  # the gunner's 8; the 9th is nobody's
    assert crew_indices(on, sheet, ["laser"] * 8 + ["missile"]) == list(range(9))  # the commander takes a missile
    assert crew_indices(on, sheet, ["ap_laser", "laser"]) == [0, 1]  # AP laser: direct fire, the commander's too
    assert crew_indices(on, crew(commander="dead"), ["ap_laser", "laser"]) == [0, 1]  # the gunner fires it (V14)
    assert crew_indices(on, crew(gunner="unconscious"), nine_lasers) == list(range(8))  # commander takes over: 8
    assert crew_indices(on, crew(gunner="dead"), nine_lasers, painted=True) == list(range(7))  # 8 with the paint
    assert crew_indices(on, crew(gunner="dead", commander="dead"), nine_lasers) == []


def _fire_phase_with_gutted(key: str = "R11", variants=("VAR-WEAPONS",)):
    """Meeting, seed 1: the turn-1 Fire phase with `key`'s gunner and commander dead (killed before the last move)."""
    s = new_skirmish("meeting", seed=1, variants=variants)
    states = [s]
    while s.phase in ("initiative", "order", "movement", "opportunity"):
        s = s.apply(bot_action(s, "novice"))
        states.append(s)
    pre, last = states[-2], s.history[-1]
    v = pre.vehicle(key)
    crew = tuple(replace(m, state="dead") if m.role in ("gunner", "commander") else m for m in v.sheet.crew)
    g = replace(pre, vehicles=pre._with_vehicle(replace(v, sheet=replace(v.sheet, crew=crew))))._fresh().apply(last)
    while g.phase == "painting":
        g = g.apply(bot_action(g, "novice"))
    assert g.phase == "fire" and key in g.undeclared()
    return g


def test_driver_fire_offered_when_nobody_else_may_fire_each_weapon_at_minus_2():
    from centurion.game import Fire
    from centurion.game.crew import driver_plan

    g = _fire_phase_with_gutted()
    mine = [a for a in g.legal_actions() if a.unit == "R11"]
    assert mine and all(a.driver for a in mine if a.target) and Fire("R11", None) in mine
    v = g.vehicle("R11")
    manned = replace(v, sheet=replace(v.sheet, crew=tuple(replace(m, state="ok") for m in v.sheet.crew)))
    target = mine[0].target
    plan, full = driver_plan(g, v, target), g._attack_set(manned, target, None, False)
    assert [ra.to_hit.value for ra in plan.attacks] == [ra.to_hit.value - 2 for ra in full.attacks]
    assert all(ra.to_hit.terms[-1].rule == "VAR-WEAPONS" for ra in plan.attacks)
    assert action_from_data(action_to_data(mine[0])) == mine[0] and action_to_data(mine[0])["driver"] is True
    assert "driver" not in action_to_data(Fire("R11", target))


def test_without_the_switch_a_vehicle_with_gunner_and_commander_out_does_not_fire():
    s = new_skirmish("meeting", seed=1)
    states = [s]
    while s.phase in ("initiative", "order", "movement", "opportunity"):
        s = s.apply(bot_action(s, "novice"))
        states.append(s)
    pre, last = states[-2], s.history[-1]
    v = pre.vehicle("R11")
    crew = tuple(replace(m, state="dead") if m.role in ("gunner", "commander") else m for m in v.sheet.crew)
    g = replace(pre, vehicles=pre._with_vehicle(replace(v, sheet=replace(v.sheet, crew=crew))))._fresh().apply(last)
    while g.phase == "painting":
        g = g.apply(bot_action(g, "novice"))
    assert "R11" not in g.undeclared() and not any(getattr(a, "driver", False) for a in g.legal_actions())


def test_driver_fires_after_his_roll_and_next_turn_speed_limits_are_cut_by_thirds():
    from centurion.game import Fire
    from centurion.game.crew import cut_table, declare_driver_fire, speed_table
    from centurion.game.skirmish import decision_dice
    from centurion.variants import driver_speed_limit

    g = _fire_phase_with_gutted()
    act = next(a for a in g.legal_actions() if a.unit == "R11" and a.target)
    failed = declare_driver_fire(g, act, Dice.scripted([9]))  # 9 > 5: his weapons do not fire
    assert failed.vehicle("R11").driver_fire == () and "failed, his weapons do not fire" in failed.log[-1]
    # a pass, d10 3 <= 5; then the declaration goes on as the game's own Fire (the rest of the turn with real dice)
    h = declare_driver_fire(g, act, Dice.scripted([3]))
    n = h.vehicle("R11").driver_fire[2]
    assert h.vehicle("R11").driver_fire == (1, act.target, n) and n >= 1
    assert "piloting roll d10 3 against 5 (P = 1/2 = 50%): passed" in h.log[-1]
    h = h._do(Fire("R11", act.target), decision_dice(h.seed, len(h.history)))
    while h.turn == 1 and not h.over:
        h = h.apply(bot_action(h, "novice"))
    shots = [x for x in h.log if "the driver fires it -2 [VAR-WEAPONS]" in x]
    assert len(shots) == n and any(x.startswith("  R11 fires: ") and f"of {n} shot{'' if n == 1 else 's'}" in x for x in h.log)
    # turn 2: every limit cut by a third per weapon: clear 20 -> 14 (one), 7 (two); woods 8 -> 6, 3
    assert cut_table(1)["clear"].speed_limit == 14 and cut_table(2)["clear"].speed_limit == 7
    assert cut_table(2)["light_woods"].speed_limit == driver_speed_limit(8, 2) == 3
    assert h.turn == 2 and speed_table(h, "R11") is cut_table(n) and speed_table(h, "R12") is None
    while h.phase != "movement" or "R11" not in {v.key for v in h.movers()}:
        h = h.apply(bot_action(h, "novice"))
    m = next(m for m, e in h.move_options("R11") if m.move.steps)
    cut = h.resolve_move("R11", m.move)
    v = h.vehicle("R11")
    basic = resolve_grav_move(v.grav(), m.move, h.battlemap, v.sheet.vehicle)  # the engine's own table
    assert [e.terrain_limit for e in cut.entries] == [driver_speed_limit(e.terrain_limit, n) for e in basic.entries]
    assert cut.p_no_damage <= basic.p_no_damage
    # with a move variant on too, the variant resolver and its search use the same cut limits
    from centurion.variants import RuleSet

    lat = replace(h, variants=RuleSet.from_names(["VAR-WEAPONS", "VAR-LATERAL"]).names)._fresh()
    vcut = lat.resolve_move("R11", m.move)
    assert [e.terrain_limit for e in vcut.entries] == [e.terrain_limit for e in cut.entries]
    assert vcut.p_no_damage == cut.p_no_damage
    ends = lat.end_states("R11")
    assert ends and all(lat.resolve_move("R11", e.safest.move).p_no_damage == e.safest.p_no_damage
                        for e in ends[:: max(1, len(ends) // 12)] if not getattr(e.safest, "variant_rules", ()))


def test_bot_lets_the_driver_fire_and_the_game_replays():
    from centurion.game import Fire

    g = _fire_phase_with_gutted()
    others = {k for k in g.undeclared() if k != "R11"}
    only = replace(g, declared=g.declared | others)._fresh()
    a = bot_action(only, "novice")
    assert isinstance(a, Fire) and a.unit == "R11" and a.driver
    h = g
    while h.turn == 1 and not h.over:
        h = h.apply(bot_action(h, "novice"))
    assert any("the driver fires" in x and "[VAR-WEAPONS]" in x for x in h.log)


def test_var_weapons_game_checks_the_designs_and_replays():
    s = new_skirmish("meeting", seed=5, variants=("VAR-WEAPONS",))
    assert any("fits its class's weapons per location [VAR-WEAPONS]" in x for x in s.log)
    while not s.over and s.turn <= 2:
        s = s.apply(bot_action(s, "novice"))
    again = load(s.to_json())
    assert again.log == s.log and again.vehicles == s.vehicles


def test_the_page_offers_self_destruct_and_driver_fire_with_their_odds():
    from centurion.widgets.skirmish import PERSON, PLAYED_VARIANTS, SkirmishTable

    def table():
        tab = SkirmishTable("meeting", seed=1)
        for pick in tab.player_picks:  # people on both sides
            pick.value = PERSON
        return tab

    assert {"VAR-SELFDESTRUCT", "VAR-WEAPONS"} <= set(PLAYED_VARIANTS)
    tab = table()
    g = _to_phase(("VAR-SELFDESTRUCT",), "end")
    tab._begin(g)
    tab.click(g.live_vehicles(g.active)[0].hex)  # select a vehicle: its End Phase decisions are listed
    assert "to set its self-destruct charge" in tab.banner.value
    i = next(i for label, i in tab.choice.options if "tries to self-destruct" in label)
    tab.choice.value = i
    assert "the driver&#x27;s check" in tab.preview.value or "the driver's check" in tab.preview.value
    assert "(P = 1/2)" in tab.preview.value and "d3 turns later" in tab.preview.value
    tab.confirm()
    assert "[VAR-SELFDESTRUCT]" in tab.log_html.value
    tab = table()
    g = _fire_phase_with_gutted()
    tab._begin(g)
    tab.click(g.vehicle("R11").hex)
    assert "a driver may fire what nobody else can, at -2" in tab.banner.value
    i = next(i for label, i in tab.choice.options if "the driver too" in label)
    tab.choice.value = i
    assert "the driver: " in tab.preview.value and "piloting roll first" in tab.preview.value
    tab.confirm()
    assert "piloting roll d10" in tab.log_html.value


def test_driver_fire_under_var_init_is_resolved_in_its_activation():
    # seed 3, both R11 and T11 without gunner and commander from the start: T11's driver passes his roll (d10 2)
    # in the first activation and his shot is rolled there, at -2 (VAR-INIT activation fire, VAR-WEAPONS)
    s = new_skirmish("meeting", seed=3, variants=("VAR-INIT", "VAR-WEAPONS"))
    for key in ("R11", "T11"):
        v = s.vehicle(key)
        crew = tuple(replace(m, state="dead") if m.role in ("gunner", "commander") else m for m in v.sheet.crew)
        s = replace(s, vehicles=s._with_vehicle(replace(v, sheet=replace(v.sheet, crew=crew))))._fresh()
    while not s.over and s.turn <= 1:
        s = s.apply(bot_action(s, "novice"))
    passed = [x for x in s.log if "the driver fires" in x and "passed; next turn its speed limits" in x]
    shots = [x for x in s.log if "the driver fires it -2 [VAR-WEAPONS]" in x]
    assert passed and len(shots) >= len(passed)
    fired = {x.split()[0] for x in shots}
    assert fired <= {"R11", "T11"} and any(x.startswith(f"  {k} fires: ") for k in fired for x in s.log)
