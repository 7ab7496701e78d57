"""The Skirmish page with the fan-variant switches on (VAR-*): a Confirm acts only on the decision the player saw,
Start asks before throwing a game away, variant moves are marked and previewed from the game's resolver, the
running game's rule set is shown, and a computer-only game clears the old board first."""

from __future__ import annotations

import time

from clicks import double_click

from centurion.game import Leadership
from centurion.hexgrid import format_label
from centurion.widgets import safety
from centurion.widgets.skirmish import SkirmishTable


def _age_clicks(tab: SkirmishTable, seconds: float = 10.0) -> None:
    """As if the list of decisions changed `seconds` ago (a person's pace)."""
    tab._choices_shown_at -= seconds


def test_a_double_click_on_confirm_decides_once(monkeypatch):
    tab = SkirmishTable("meeting", seed=1)
    _age_clicks(tab)
    assert tab.chosen() == Leadership(0)
    double_click(tab.confirm_button)  # counted, not timed: no clock involved (T9)
    after_first = len(tab.game.history)
    assert after_first >= 1 and tab.game.history[0] == Leadership(0)
    assert tab.confirm_button.value is False  # up again: the next click is a new one
    g = tab.game
    tab.click(g.vehicle("R11").hex)
    tab.click(next(e.hex for _m, e in g.move_options("R11") if e.hex != g.vehicle("R11").hex))
    _age_clicks(tab)
    picked = tab.chosen()
    tab.confirm_button.click()  # a later click, after the browser drew the button up: it acts
    assert len(tab.game.history) > after_first and tab.game.history[after_first] == picked


def test_a_click_on_a_list_refreshed_since_decides_nothing(monkeypatch):
    tab = SkirmishTable("meeting", seed=1)
    _age_clicks(tab)
    tab._on_confirm()
    g = tab.game
    tab.click(g.vehicle("R11").hex)
    tab.click(next(e.hex for _m, e in g.move_options("R11") if e.hex != g.vehicle("R11").hex))
    assert tab._choices  # a new list is up, its first entry pre-selected
    tab.confirm_button.click()  # a deliberate click, but the list changed just now
    assert tab.game is g and "changed just before your click" in tab.message.value
    assert "nothing was decided" in tab.message.value
    monkeypatch.setattr(time, "monotonic", lambda: tab._choices_shown_at + safety.LIST_CHANGED_SECONDS + 1)
    picked = tab.chosen()
    tab.confirm_button.click()  # a person's click, after seeing the list: it acts
    assert tab.game is not g and tab.game.history[len(g.history)] == picked


def test_start_asks_before_abandoning_a_game_in_progress():
    tab = SkirmishTable("meeting", seed=1)
    fresh = tab.game
    tab.start()  # nothing decided yet: a new game at once
    assert tab.game is not fresh and len(tab.states) == 1
    tab.confirm()
    running = tab.game
    double_click(tab.start_button)  # a double click asks once: its second click is not a second Start
    assert tab.game is running and "Click again" in tab.start_button.description
    assert "in progress" in tab.message.value
    tab.start_button.click()  # a deliberate second click, later
    assert len(tab.states) == 1 and tab.game.turn == 1 and tab.start_button.description == "Start a new game"


def test_a_decision_takes_back_the_abandon_question():
    tab = SkirmishTable("meeting", seed=1)
    tab.confirm()
    tab.start()
    assert "Click again" in tab.start_button.description
    tab.click(tab.game.vehicle("R11").hex)  # the player plays on: the next Start asks again
    assert tab.start_button.description == "Start a new game"
    running = tab.game
    tab.start()
    assert tab.game is running


# --- variant moves marked and previewed (VAR-LATERAL, VAR-EMERGENCY, VAR-MOVETYPE, VAR-OCCUPY) --------------------

def _movement_page(variants: tuple[str, ...]) -> SkirmishTable:
    """Meeting, seed 1, hot seat, with these switches: the page at the Renegades' first movement decision."""
    tab = SkirmishTable("meeting", seed=1, players={"renegade": "person", "tog": "person"})
    tab.variant_picks.value = variants
    tab.start()
    assert set(tab.game.variants) == set(variants)
    while tab.game.phase != "movement":
        tab.confirm()
    return tab


def _pick_move(tab: SkirmishTable, unit: str, want) -> tuple:
    """Select `unit`, click the end hex of its first listed move that `want(move, end)` accepts, pick that move."""
    g = tab.game
    m, e = next((m, e) for m, e in g.move_options(unit) if want(m, e))
    tab.selected, tab.target_hex = unit, e.hex
    tab._refresh()
    i = next(i for _label, i in tab.choice.options if tab._choices[i] == m)
    tab.choice.value = i
    label = next(label for label, j in tab.choice.options if j == i)
    return m, e, label


def test_a_lateral_and_emergency_path_is_tagged_and_previewed_with_the_resolvers_numbers():
    tab = _movement_page(("VAR-LATERAL", "VAR-EMERGENCY"))
    g = tab.game
    m, e, label = _pick_move(tab, "R11", lambda m, e: "VAR-LATERAL" in getattr(e.safest, "variant_rules", ()))
    assert f" [{', '.join(e.safest.variant_rules)}], " in label and "VAR-LATERAL" in label  # after the end (S30)
    r = g.resolve_variant("R11", m.move)
    assert r.shifts and r.emergencies
    text = tab.preview.value
    s = r.shifts[0]
    assert f"lateral shift {s.side} at step {s.step + 1}" in text and f"{s.thrust} TP + {s.vp} VP" in text  # steps count from 1
    em, o = r.emergencies[0], r.emergencies[0].odds
    assert f"{em.thrust} TP into the vane" in text
    assert f"unharmed {o.p_unharmed} = {float(o.p_unharmed):.0%}" in text and f"burns out {o.p_burnout}" in text
    assert "rule=VAR-LATERAL" in text and "rule=VAR-EMERGENCY" in text  # each step with its tag, linked
    # a basic path on the same page carries no tag
    _m, _e, basic = _pick_move(tab, "R11", lambda m, e: not getattr(e.safest, "variant_rules", ()))
    assert "[VAR-" not in basic


def test_the_preview_counts_the_piloting_rolls_the_engine_checks_on_a_variant_path():
    tab = _movement_page(("VAR-LATERAL", "VAR-EMERGENCY"))
    g = tab.game

    def rolled(m, e):
        r = g.resolve_variant("R11", m.move)
        return getattr(e.safest, "variant_rules", ()) and len(r.basic.checks) > 0

    m, _e, _label = _pick_move(tab, "R11", rolled)
    n = len(g.resolve_variant("R11", m.move).basic.checks)
    assert f"{n} piloting roll{'' if n == 1 else 's'}" in tab.preview.value


def test_movetype_and_occupy_steps_are_previewed():
    tab = _movement_page(("VAR-MOVETYPE:burn", "VAR-OCCUPY"))
    g = tab.game
    m, _e, label = _pick_move(tab, "R13", lambda m, e: getattr(e.safest, "variant_rules", ()) == (
        "VAR-MOVETYPE", "VAR-OCCUPY"))
    assert "[VAR-MOVETYPE, VAR-OCCUPY]" in label
    r = g.resolve_variant("R13", m.move)
    text = tab.preview.value
    assert f"terrain surcharge {r.terrain_surcharge} VP burned off the end velocity: {r.burned} burned" in text
    h, pos, terrain, level = r.positions[0]
    assert f"position declared in {format_label(h)}: " in text and f"{pos} ({terrain.replace('_', ' ')}, level {level})" in text



def test_the_movetype_thrust_option_previews_the_surcharge_paid_in_thrust():
    tab = _movement_page(("VAR-MOVETYPE:thrust",))
    g = tab.game
    m, e, label = _pick_move(tab, "R11", lambda m, e: "VAR-MOVETYPE" in getattr(e.safest, "variant_rules", ()))
    assert " [VAR-MOVETYPE], " in label  # right after the end and facing (session 30)
    r = g.resolve_variant("R11", m.move)
    assert r.terrain_thrust > 0 and r.burned == 0
    text = tab.preview.value
    assert f"terrain surcharge {r.terrain_surcharge} VP paid in thrust: {r.terrain_thrust} TP" in text
    assert f"thrust {e.safest.thrust_used}," in text and "burned off" not in text


# --- the running game's switches shown; the picks apply to the next game ------------------------------------------

def test_the_running_games_switches_are_shown_and_new_picks_wait_for_the_next_game():
    tab = SkirmishTable("meeting", seed=1)
    assert "Rules of this game: the basic rules" in tab.rules_line.value
    tab.variant_picks.value = ("VAR-LATERAL",)
    g = tab.game
    assert tab.game is g and g.variants == ()  # picking changes nothing in the running game
    text = tab.rules_line.value
    assert "the basic rules" in text and "rule=VAR-LATERAL" in text and "apply to the next game" in text
    tab.start()
    assert tab.game.variants == ("VAR-LATERAL",)
    text = tab.rules_line.value
    assert "Rules of this game: " in text and "rule=VAR-LATERAL" in text and "next game" not in text
    assert "apply to the next game you start" in tab.variant_note.value


def test_the_variant_picker_is_folded_and_its_title_names_the_picks():
    """The picker folds away (the map on a laptop's first screen); its title says what the next game will play,
    also after a loaded game set the picks."""
    tab = SkirmishTable("meeting", seed=1)
    assert tab.variant_box.selected_index is None  # closed
    assert tab.variant_box.titles[0].endswith("none (the basic rules); open to pick")
    tab.variant_picks.value = ("VAR-LATERAL", "VAR-RAM")
    assert tab.variant_box.titles[0] == "Fan variant rules for the next game: VAR-LATERAL, VAR-RAM"
    tab.variant_picks.value = ()
    assert "none (the basic rules)" in tab.variant_box.titles[0]


def test_the_movetype_options_differ_where_the_list_cuts_them_off():
    labels = {name: label for label, name in SkirmishTable("meeting").variant_picks.options}
    burn, thrust = labels["VAR-MOVETYPE:burn"], labels["VAR-MOVETYPE:thrust"]
    width = 90  # characters the 760-pixel list shows of an entry
    assert burn[:width] != thrust[:width]
    assert "burn" in burn[len("VAR-MOVETYPE:burn"):width] and "thrust" in thrust[len("VAR-MOVETYPE:thrust"):width]


# --- computer against computer: the old board is cleared before the computer plays ------------------------------

def test_computer_against_computer_clears_the_old_board_and_shows_progress(monkeypatch):
    from centurion.widgets import skirmish as page

    tab = SkirmishTable("meeting", seed=2, players={"renegade": "novice", "tog": "novice"})
    assert tab.game.over and tab.victory.value  # the finished game's result box is up
    seen = []
    real = page.bot_action

    def spy(g, level):
        seen.append((tab.victory.value, tab.map.battlemap is g.battlemap,
                     {c.hex for c in tab.map._counters}, {v.hex for v in g.vehicles if not v.destroyed},
                     tab.banner.value))
        return real(g, level)

    monkeypatch.setattr(page, "bot_action", spy)
    tab.scenario_pick.value = "village"
    for pick in tab.player_picks:  # the new scenario's sides, both played by the computer
        pick.value = "novice"
    tab.start()  # a finished game: no question asked
    assert tab.game.scenario.key == "village" and seen
    victory, same_map, shown, where, banner = seen[0]
    assert "centurion-end" not in victory and same_map and shown >= where  # the new game's map and units, no old result
    assert "turn 1 of" in banner and "0 computer decisions so far" in banner
    n = len(seen) - 1
    assert f"{n} computer decision{'' if n == 1 else 's'} so far" in seen[-1][4]


# --- the crew's part in a fire declaration (VAR-WEAPONS) ------------------------------------------------------------

def _fire_page(variants: tuple[str, ...], gunner_dead: bool = False):
    """Meeting, seed 1, hot seat: the page at the turn-1 Fire phase, a vehicle with a target selected and its fire
    picked (optionally with that vehicle's gunner dead)."""
    from dataclasses import replace

    from centurion.game import Fire, bot_action, new_skirmish

    s = new_skirmish("meeting", seed=1, variants=variants)
    while s.phase != "fire":
        s = s.apply(bot_action(s, "novice"))
    fire = next(a for a in s.legal_actions() if isinstance(a, Fire) and a.target and not a.driver)
    if gunner_dead:
        v = s.vehicle(fire.unit)
        crew = tuple(replace(m, state="dead") if m.role == "gunner" else m for m in v.sheet.crew)
        s = replace(s, vehicles=s._with_vehicle(replace(v, sheet=replace(v.sheet, crew=crew))))._fresh()
    tab = SkirmishTable("meeting", seed=1, players={"renegade": "person", "tog": "person"})
    tab._begin(s)
    tab.selected = fire.unit
    tab._refresh()
    tab.choice.value = next(i for _label, i in tab.choice.options if tab._choices[i] == fire)
    return tab, s, fire


def test_the_fire_preview_names_who_of_the_crew_fires_each_weapon():
    from centurion.rules.targets import weapon_family
    from centurion.variants import RuleSet, assign_crew

    for gunner_dead, role in ((False, "gunner"), (True, "commander")):
        tab, s, fire = _fire_page(("VAR-WEAPONS",), gunner_dead)
        plan = s.attack_set(s.vehicle(fire.unit), fire.target)
        sheet = s.vehicle(fire.unit).sheet
        roles = assign_crew(RuleSet.from_names(["VAR-WEAPONS"]), [weapon_family(ra.weapon) for ra in plan.attacks],
                            gunner=sheet.able("gunner"), commander=sheet.able("commander"))
        assert role in roles
        text = tab.preview.value
        assert text.count("the gunner fires") == roles.count("gunner")
        assert text.count("the commander fires") == roles.count("commander")
        first = f"the {roles[0]} fires [" if roles[0] else "nobody of the crew"
        assert text.index(first) < text.index(plan.attacks[0].weapon.type)
    tab, _s, _fire = _fire_page(())
    assert "fires [" not in tab.preview.value and " at range " in tab.preview.value  # the switch off: no roles


# --- VAR-OCCUPY: the player picks where the vehicle stands in a partly covered end hex ----------------------------

def _position_page():
    """The village page, hot seat, at R23's move with R23 moved to 2108 at velocity 3 (tests/test_variant_move_game)."""
    from tests.test_variant_move_game import _r23_at

    tab = SkirmishTable("village", seed=3, players={"renegade": "person", "tog": "person"})
    tab._begin(_r23_at("2108", 3))
    return tab


def _pick_steps(tab: SkirmishTable, end: str, steps: tuple[str, ...]):
    from centurion.hexgrid import parse_label

    tab.selected, tab.target_hex = "R23", parse_label(end)
    tab._refresh()
    i = next(i for _label, i in tab.choice.options if tab._choices[i].move.steps == steps
             and not tab._choices[i].dismount)
    tab.choice.value = i
    return tab._choices[i]


def test_the_position_toggle_changes_the_move_its_preview_and_confirm_plays_it():
    tab = _position_page()
    g = tab.game
    m = _pick_steps(tab, "2506", ("F", "F", "L", "F", "F", "L", "F", "F"))
    assert m.move.positions == ((7, "in"),)
    assert tab.position_toggle.layout.display != "none" and tab.position_toggle.value == "in"
    assert ("stand in the woods", "in") in tab.position_toggle.options
    before = tab.preview.value
    p_in = g.resolve_variant("R23", m.move).p_no_damage
    assert f"chance of no damage {p_in} =" in before and "in (heavy woods, level 0)" in before
    tab.position_toggle.value = "out"  # a person clicks 'out in the open part'
    out = tab.chosen()
    assert out.move.positions == ((7, "out"),) and out == g.with_position(m, "out")
    p_out = g.resolve_variant("R23", out.move).p_no_damage
    text = tab.preview.value
    assert p_out != p_in and f"chance of no damage {p_out} =" in text and "Path with your position" in text
    assert "position declared in 2506: out (clear, level 0)" in text
    label = next(label for label, j in tab.choice.options if j == tab.choice.value)
    assert label.endswith(f" — you chose: out in the open part, {float(p_out):.0%} safe [VAR-OCCUPY]")
    tab.position_toggle.value = "in"  # and back: the listed move again
    assert tab.chosen() == m and "you chose" not in next(lb for lb, j in tab.choice.options if j == tab.choice.value)
    tab.position_toggle.value = "out"
    tab.confirm()
    assert tab.game is not g and tab.game.vehicle("R23").occupy == "out"
    assert tab.position_toggle.layout.display == "none"  # the next decision is not that move
    assert any("stands out in the open part of 2506" in ln for ln in tab.game.log)


def test_a_refused_position_is_named_and_the_toggle_goes_back():
    from tests.test_variant_move_game import _r23_at

    tab = SkirmishTable("village", seed=3, players={"renegade": "person", "tog": "person"})
    tab._begin(_r23_at("2004", 1))
    m = _pick_steps(tab, "2105", ("F",))
    assert tab.position_toggle.layout.display != "none" and tab.position_toggle.value == "in"
    tab.position_toggle.value = "out"
    assert tab.position_toggle.value == "in" and tab.chosen() == m  # nothing changed
    text = tab.message.value
    assert "VAR-OCCUPY" in text and "covered along its whole length" in text
    tab._positioned.clear()
    m0 = _pick_steps(tab, "2004", ())
    assert m0.move.steps == () and tab.position_toggle.layout.display == "none"  # no hex entered: no toggle


def test_partly_covered_hexes_are_outlined_and_named_with_occupy_on_only():
    from centurion.game.variants import occupy_parts
    from centurion.hexgrid import parse_label
    from centurion.widgets.skirmish import PARTIAL_COLOR

    tab = _position_page()
    assert tab.chosen() is None and "outlined in cyan are partly covered" in tab.preview.value
    assert tab.position_toggle.layout.display == "none"
    parts = occupy_parts(tab.game)
    assert parse_label("2506") in parts
    outlined = {h for h, col in tab.map.overlay.outlines if col == PARTIAL_COLOR}
    assert outlined == set(parts)
    tab.map.select(parse_label("2506"))
    assert "Partly covered (" in tab.map.info.value and "VAR-OCCUPY" in tab.map.info.value
    assert "heavy woods, level 0 / open clear, level 0" in tab.map.info.value
    tab.map.select(parse_label("2508"))
    assert "Partly covered" not in tab.map.info.value
    basic = SkirmishTable("village", seed=3, players={"renegade": "person", "tog": "person"})
    assert not [h for h, col in basic.map.overlay.outlines if col == PARTIAL_COLOR]
