"""Issue 26, the last walk-through's findings left (8 stacks, 11 weapons out of arc, 13 one weapon out of range,
16 the novice stacking its tanks)."""

from __future__ import annotations

import pytest

from centurion.game import Move, bot_action, new_skirmish
from centurion.hexgrid import format_label

# --- walk 16: the novice computer does not stack its tanks when it can help it --------------------------------------

@pytest.mark.parametrize(("scenario", "seed"), [("meeting", 1), ("meeting", 4), ("first_game", 1), ("first_game", 5)])
def test_walk16_the_novice_ends_no_move_on_a_friend_when_another_end_exists(scenario, seed):
    # stacking is legal (CEN-STK-1) but hides the tanks under one counter (W4): a beginner avoids it when it can
    s = new_skirmish(scenario, seed=seed)
    moves = 0
    while not s.over:
        a = bot_action(s, "novice")
        if isinstance(a, Move):
            v = s.vehicle(a.unit)
            friends = {u.hex for u in s.live_vehicles(v.side) if u.key != v.key}
            free = [e for e in s.end_states(v.key) if e.hex not in friends]
            s = s.apply(a)
            moves += 1
            end = s.vehicle(a.unit).hex
            if free:
                assert end not in friends, f"turn {s.turn}: {a.unit} ended in {format_label(end)} on a friend"
        else:
            s = s.apply(a)
    assert moves >= 12


# --- walk 13: chapter 17 names the weapon out of range and lets the others fire ---------------------------------------

def _text(value: str) -> str:
    import html
    import re

    value = re.sub(r"</?(a|code)\b[^>]*>", "", value)  # the rule links: their text stays in its sentence
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", value)))


def test_walk13_one_weapon_out_of_range_is_named_and_the_others_still_fire():
    from centurion.data import sample_map, terrain_table
    from centurion.hexgrid import distance, parse_label
    from centurion.widgets.fire_view import FireLab

    lab = FireLab(sample_map(), terrain_table(), firer_hex=parse_label("0620"), target_hex=parse_label("0608"))
    assert distance(lab.firer_hex, lab.target_hex) == 12
    weapons = lab.firer_type.weapons  # the Horatius: 150mm Gauss (15 hexes), 3/6 laser (20), SMLM (10), book-a E1
    lab.weapons.value = tuple(range(len(weapons)))
    text = _text(lab.panel.value)
    out = [i for i, wp in enumerate(weapons) if wp.range < 12]
    assert [weapons[i].type for i in out] == ["SMLM 2"]
    # the one out of range is named, with its range and the rule; each weapon bears on its own (CEN-CMB-1)
    assert "Weapon 3, SMLM 2, does not fire: range 12 is beyond its maximum of 10 hexes (CEN-CMB-1)" in text, text
    for i, wp in enumerate(weapons):
        if i not in out:
            assert f"{wp.type} at target: range 12" in text, (wp.type, text)  # its to-hit is shown: it fires
    assert "Refused: no weapon" not in text


def test_walk13_every_weapon_out_of_range_is_refused_one_by_one():
    from centurion.data import sample_map, terrain_table
    from centurion.hexgrid import parse_label
    from centurion.widgets.fire_view import FireLab

    lab = FireLab(sample_map(), terrain_table(), firer_hex=parse_label("0630"), target_hex=parse_label("0609"))
    lab.weapons.value = (0, 2)  # the Gauss (15) and the SMLM (10) at range 21
    text = _text(lab.panel.value)
    assert "Weapon 1, 150mm Gauss, does not fire: range 21 is beyond its maximum of 15 hexes" in text, text
    assert "Weapon 3, SMLM 2, does not fire: range 21 is beyond its maximum of 10 hexes" in text, text
    assert "Refused: no weapon picked fires" in text


# --- walk 11: weapons out of arc are named under the fire choice, with the rule -------------------------------------

def test_walk11_weapons_that_do_not_bear_are_listed_with_their_reason_and_rule():
    from centurion.game import Fire
    from centurion.hexgrid import arcs
    from centurion.widgets.skirmish import SkirmishTable

    s = new_skirmish("meeting", seed=1)
    while s.phase != "fire" or s.active != "tog":
        s = s.apply(bot_action(s, "novice"))
    page = SkirmishTable("meeting", seed=1, players={"renegade": "novice", "tog": "person"})
    page._begin(s)
    t13, r11 = s.vehicle("T13"), s.vehicle("R11")
    page.click(t13.hex)
    i = next(i for i, a in enumerate(page._choices) if isinstance(a, Fire) and a.target == "R11")
    page.choice.value = i
    shown = {label for label, _i in page.fire_weapons.options}
    note = _text(page.fire_note.value)
    assert page.fire_note.layout.display != "none"
    # HEX-4: a hull weapon bears only when the target lies in the front wedge (0) of the hull's facing
    hull_out = [(n, wp) for n, wp in enumerate(t13.sheet.vehicle.weapons)
                if wp.location != "turret" and 0 not in arcs(t13.hex, t13.facing, r11.hex)]
    assert hull_out, "the position chosen has a hull weapon out of arc"
    for n, wp in hull_out:
        assert not any(lbl.startswith(f"{n + 1}: ") for lbl in shown)  # not offered to fire...
        line = next(x for x in note.split(f"{n + 1}: {wp.type}")[1:2])  # ...but named, with why and the rule
        assert line.startswith(f" ({wp.location}): out of") and "CEN-CMB-1" in line, note
    assert "out of arc" in note and "[CEN-CMB-1, HEX-4]" in note
    # a target every weapon bears on: no note
    page.choice.value = next(i for i, a in enumerate(page._choices) if not isinstance(a, Fire) or not a.target)
    assert page.fire_note.layout.display == "none"


# --- walk 8: how to reach each unit of a stack is said where the stack shows and when it is clicked ------------------

def _stacked_page():
    """The first game with the person's two tanks moved into one hex (stacking is unlimited, CEN-STK-1)."""
    from centurion.game import Order
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players={"renegade": "person", "tog": "novice"})
    while t.game.phase != "movement":
        a = t._choices[0]
        t.choice.value = next((i for i, x in enumerate(t._choices) if isinstance(x, Order) and not x.move_first), 0) \
            if isinstance(a, Order) else 0
        t.confirm()
    g = t.game
    common = sorted({e.hex for e in g.end_states("R11") if not e.grounded and e.p_no_damage == 1}
                    & {e.hex for e in g.end_states("R12") if not e.grounded and e.p_no_damage == 1})
    assert common
    for key in ("R11", "R12"):
        t.click(t.game.vehicle(key).hex)
        assert t.selected == key
        t.click(common[0])
        t.choice.value = next(i for i, a in enumerate(t._choices) if isinstance(a, Move) and a.unit == key)
        t.confirm()
    assert t.game.vehicle("R11").hex == t.game.vehicle("R12").hex == common[0]
    return t, common[0]


def test_walk8_a_click_on_a_stack_says_that_clicking_again_selects_the_next_unit():
    from centurion.widgets.turn_summary import units_here

    t, here = _stacked_page()
    assert t.game.phase != "movement" and not t.game.over
    label = format_label(here)
    t.click(here)
    first = t.selected
    second = ({"R11", "R12"} - {first}).pop()
    hint, message = _text(t.banner.value), _text(t.message.value)
    want = f"{first} is one of 2 units in {label} (R11, R12): click the hex again to select {second}."
    assert want in hint and want in message, (hint, message)
    t.click(here)  # what the hint says happens, happens
    assert t.selected == second
    assert f"click the hex again to select {first}." in _text(t.banner.value)
    # where the stack is listed (the hex panel and the pointer's line) and in the map's key
    rows = dict(units_here(t.game, here))
    assert "each click on the hex selects the next one" in rows["Stack"] and "R11, R12" in rows["Stack"]
    assert "click the hex again to select the next unit of the stack" in _text(t.map_key.value)


def test_walk8_a_single_unit_gets_no_stack_note():
    t, _here = _stacked_page()
    enemy = next(v for v in t.game.vehicles if v.side == "tog" and not v.destroyed
                 and sum(u.hex == v.hex for u in t.game.vehicles) == 1)
    t.click(enemy.hex)
    assert t.selected == enemy.key and "click the hex again" not in _text(t.banner.value)


# --- item 5 (1024×768 look): the Speed list shows its choice, never a blank box -------------------------------------

def test_item5_the_speed_list_shows_any_end_velocity_not_a_blank_box():
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players={"renegade": "person", "tog": "novice"})
    while t.game.phase != "movement":
        t.choice.value = 0
        t.confirm()
    t.click(t.game.movers()[0].hex)
    assert t.speed.layout.display != "none"
    assert t.speed.index == 0 and t.speed.label == "any end velocity"
    moves = len(t.speed.moves_for(t.game, t.selected))
    t.speed.index = 1
    assert len(t.speed.moves_for(t.game, t.selected)) < moves
    t.speed.index = 0  # the player picks 'any' again (the browser sends the index): it stays shown
    assert t.speed.index == 0 and t.speed.label == "any end velocity"
    assert len(t.speed.moves_for(t.game, t.selected)) == moves
    t.speed.index = 1
    t.click(t.game.movers()[1].hex)  # another tank: the list starts again at 'any'
    assert t.speed.index == 0 and t.speed.label == "any end velocity"
