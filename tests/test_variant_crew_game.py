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
from centurion.rules.damage import cross_rowwise


def _to_phase(variants: tuple[str, ...], phase: str, seed: int = 1):
    s = new_skirmish("meeting", seed=seed, variants=variants)
    while s.phase != phase:
        s = s.apply(bot_action(s, "novice", budget=0.05))
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
        g = g.apply(bot_action(g, "novice", budget=0.05))
    if g.turn == 3 and g.vehicle(v.key).sheet.exploded:
        assert any(f"{v.key} explodes" in x and "[VAR-SELFDESTRUCT]" in x for x in g.log)
        assert g.vehicle(v.key).destroyed and g.vehicle(v.key).destruct_turn is None
        assert g.points(enemy) >= before + v.cost - 5  # the enemy scores it (objectives may change by a few)
        assert v.key in {x.key for x in g.destroyed_this_game(v.side)}
    else:  # destroyed by fire before its charge blew (the charge then does nothing more)
        assert g.vehicle(v.key).destroyed and not any(f"{v.key} explodes" in x for x in g.log)


def test_explosion_in_the_end_phase_of_its_turn():
    from centurion.game.crew import explode_due

    s = _to_phase(("VAR-SELFDESTRUCT",), "end")
    v = s.live_vehicles(s.active)[0]
    armed = replace(s, vehicles=s._with_vehicle(replace(v, destruct_turn=s.turn + 1, destruct_tried=s.turn)))
    assert explode_due(armed).vehicle(v.key).sheet.exploded is False  # not yet: next turn
    due = replace(armed, turn=s.turn + 1)
    blown = explode_due(due)
    assert blown.vehicle(v.key).sheet.exploded and blown.vehicle(v.key).destroyed
    assert blown.vehicle(v.key).destroyed_by if hasattr(blown.vehicle(v.key), "destroyed_by") else True
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
    assert bot_action(wreck, "novice", budget=0.05) == SelfDestruct(v.key)
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
    g = s.apply(bot_action(s, "novice", budget=0.05))
    assert any("tries to self-destruct" in x for x in g.log) and any(
        "[VAR-SELFDESTRUCT]" in x and "check d10" in x for x in g.log)
    plain = new_skirmish("meeting", seed=4, variants=("VAR-SELFDESTRUCT",))
    while not plain.over and plain.turn <= 2:
        plain = plain.apply(bot_action(plain, "novice", budget=0.05))
    again = load(plain.to_json())
    assert again.log == plain.log and again.vehicles == plain.vehicles
