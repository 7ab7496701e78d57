"""The map widget without a browser: geometry, clicks, overlay, and errors shown as messages."""

from __future__ import annotations

import html

from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label, to_offset
from centurion.widgets import HexMapView, MessageArea, guarded


def make_view(**kw):
    return HexMapView(sample_map(), terrain_table(), **kw)


def test_the_whole_battlefield_fits_the_canvas():
    v = make_view()
    for h in v.hexes:
        for x, y in v.layout_px.corners(h):
            assert 0 <= x <= v.canvas.width and 0 <= y <= v.canvas.height
    # at the default zoom the counters are 24 px and more (W15): the map scrolls in its own box beside the panel;
    # zoomed out to S the whole battlefield fits a laptop screen with the panel beside
    assert v.map_box.layout.overflow == "auto" and v.map_box.layout.max_height
    from centurion.widgets.hexmap import ZOOMS

    small = make_view(size=ZOOMS["S"])
    assert small.canvas.width <= 1000 and small.canvas.height <= 800


def test_click_reports_label_terrain_and_elevation():
    v = make_view()
    clicked = []
    v.on_hex_click(clicked.append)
    h = parse_label("0809")  # the top of the hill
    x, y = v.layout_px.center(h)
    assert v.click_pixel(x + 3, y - 2) == h
    assert clicked == [h]
    assert 'data-hex="0809"' in v.info.value and "5 (100 m" in v.info.value
    town = parse_label("3312")
    v.click_pixel(*v.layout_px.center(town))
    assert "Buildings" in v.info.value and "3 levels" in v.info.value


def test_click_off_the_map_changes_nothing():
    v = make_view()
    before = v.info.value
    assert v.click_pixel(1, 1) is None
    assert v.info.value == before and v.selected is None


def test_client_ready_redraws_every_layer():
    v = make_view()
    n = v.redraw_count
    v._on_client_ready()
    assert v.redraw_count == n + 1
    assert v.canvas._canvas_manager._current_canvas is not None  # the switch was sent again


def test_labels_toggle_redraws():
    v = make_view()
    n = v.redraw_count
    v.labels_toggle.value = True
    assert v.show_labels and v.redraw_count == n + 1


def test_an_error_in_a_callback_becomes_a_message():
    class Boom:
        message = MessageArea()

        @guarded()
        def act(self):
            raise KeyError("no such unit")

    b = Boom()
    assert b.act() is None
    assert "centurion-error" in b.message.value and "no such unit" in b.message.value
    assert "Traceback" not in b.message.value


def test_overlay_highlights():
    v = make_view()
    v.set_overlay([parse_label("0101"), parse_label("0102")], ["#ff0000", "#00ff00"])
    assert [h for h, _ in v.overlay.fills] == [parse_label("0101"), parse_label("0102")]


# --- the Centuria table (no browser: the handlers are called directly) ---------------------------------------

def centuria_table(mode="round", **kw):
    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario
    from centurion.widgets import CenturiaTable

    return CenturiaTable(CenturiaBattle.from_scenario(centuria_scenario()), mode=mode, **kw)


def test_centuria_select_plot_move_and_undo():
    t = centuria_table()
    t.click(parse_label("0608"))
    assert t.selected == "R-C2" and "in command" in t.panel.value
    assert t.add_step("F") and "moves to 0607" in t.panel.value and "1 of 1 MP" in t.panel.value  # trees: -1
    assert not t.add_step("F") and "CTA-MOVE" in t.message.value  # no MP left: refused, plot unchanged
    assert t.plot == ["F"]
    assert t.do_move() and t.battle.piece("R-C2").hex == parse_label("0607")
    t._undo()
    assert t.battle.piece("R-C2").hex == parse_label("0608")


def test_centuria_combat_odds_and_roll():
    from dataclasses import replace

    t = centuria_table(mode="combat")
    # R-C2 stands behind the trees, out of its leader's sight: R-C3 beside it keeps it in command (the chain)
    alone = replace(t.battle.placed("R-C2", "0606", 0).placed("B-C2", "0605", 3), phase="combat")
    assert alone.command()["R-C2"] == "out"
    t.battle = alone.placed("R-C3", "0707", 0)
    assert t.battle.command()["R-C2"] == "chain"
    t.click(parse_label("0606"))
    t.click(parse_label("0605"))
    assert t.target == "B-C2"
    assert "neither falls" in t.odds.value and "/" in t.odds.value and "CTA-COMBAT" in t.odds.value
    assert t.do_attack() and "CTA-COMBAT" in t.rolls.value
    assert len(t.dice.log) == 2


def test_centuria_command_mode_places_a_leader_and_shades_command():
    t = centuria_table(mode="command")
    t.battle = t.battle.placed("R-LEG", "0102")  # the legatus, who may command the centuriae too, stands aside
    t.click(parse_label("0609"))  # R-PC1
    t.click(parse_label("0101"))
    assert t.battle.piece("R-PC1").hex == parse_label("0101")
    outlines = dict(t.map.overlay.outlines)
    assert outlines[parse_label("0608")] == "#c62828"  # R-C2 now out of command


def test_centuria_morale_diagram_and_refusals():
    t = centuria_table(mode="morale")
    assert not t.do_morale() and "Select" in t.message.value
    t.click(parse_label("0608"))
    assert t.do_morale()
    assert t.diagram.state == t.battle.piece("R-C2").marker
    t.click(parse_label("0609"))  # a leader
    assert not t.do_morale() and "CTA-MORALE" in t.message.value


def test_centuria_round_timer_and_phases():
    t = centuria_table(timer=True)
    assert "No time limit" in t.timer.display.value
    t.timer.enabled.value = True
    assert t.timer.play.playing and "2:00" in t.timer.display.value
    t.end_phase()  # the round is played alternately (CTA-1): Rome ends its part, the rebels may still move
    assert (t.battle.active_side, t.battle.phase, t.battle.passed) == ("rebels", "movement", {"rome"})
    assert "Rome ended its part" in t.phase_label.value and t.timer.play.playing
    t.end_phase()
    assert (t.battle.active_side, t.battle.phase) == ("rome", "combat")
    t.end_phase()
    t.end_phase()  # round 2: the other side starts, the countdown starts again
    assert (t.battle.round, t.battle.active_side, t.battle.phase, t.timer.play.value) == (2, "rebels", "movement", 0)


def test_centuria_round_alternates_one_unit_at_a_time():
    t = centuria_table()
    t.click(parse_label("0608"))
    assert t.add_step("F") and t.do_move()
    assert t.battle.active_side == "rebels" and "The rebels to act" in t.phase_label.value
    t.click(parse_label("0708"))  # a second Roman move before the rebels act is refused by the engine
    assert t.selected == "R-C3"
    assert not t.add_step("F") and "CTA-1" in t.message.value and "the rebels' turn to move, not Rome's" in (
        html.unescape(t.message.value))
    assert not t.do_move() and t.battle.piece("R-C3").hex == parse_label("0708")


def test_tank_arcs_overlay_follows_hex4():
    from centurion.data import vehicle_types
    from centurion.hexgrid import neighbor
    from centurion.widgets import GravMoveTable, tank_on

    m = sample_map()
    hor = vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0616", 2, 10))
    assert not t.show_arcs.value and t.map.overlay.fills == []  # the arcs are off until asked for
    t.show_arcs.value = True
    fills = dict(t.map.overlay.fills)
    here = parse_label("0616")
    assert fills[neighbor(here, 2)] == "#43a047"  # ahead: front arc
    assert fills[neighbor(here, 5)] == "#e53935"  # behind: stern
    assert fills[neighbor(here, 1)] == "#fdd835"  # a side


def test_hover_shows_cost_and_speed_limit():
    v = make_view()
    v.hover_pixel(*v.layout_px.center(parse_label("1112")))
    assert "Pointer: 1112, heavy woods, 3 VP, speed limit 6" in v.hover_info.value  # mid-line in lower case (S30)


def test_command_chain_is_drawn():
    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario
    from centurion.widgets import CenturiaTable

    b = CenturiaBattle.from_scenario(centuria_scenario())
    line = (b.placed("R-LEG", "0102").placed("R-PC1", "0310").placed("R-C1", "0409").placed("R-C2", "0509")
            .placed("R-C3", "0609"))
    t = CenturiaTable(line, mode="command")
    linked = {(a, c) for a, c, _ in t.map.overlay.lines}
    assert (parse_label("0409"), parse_label("0509")) in linked  # R-C2 is in command through R-C1


def test_move_table_selects_a_vehicle_by_clicking_it():
    from centurion.data import vehicle_types
    from centurion.widgets import GravMoveTable, tank_on

    m = sample_map()
    vt = vehicle_types()
    t = GravMoveTable(m, vt["horatius"], tank_on(m, vt["horatius"], "0622", 0, 5),
                      others=[(vt["viper"], tank_on(m, vt["viper"], "1022", 0, 0))])
    assert len(t.map._counters) == 2 and t.vehicle.key == "horatius"
    t.add_step("F")
    t.map.click_pixel(*t.map.layout_px.center(parse_label("1022")))
    assert t.vehicle.key == "horatius"  # a plot in progress is not dropped by a stray click
    t._clear()
    t.map.click_pixel(*t.map.layout_px.center(parse_label("1022")))
    assert t.vehicle.key == "viper" and t.accel.max == 8 and t.start_v.value == 0
    t.accel.value = 2
    assert t.add_step("F") and t.state.hex == parse_label("1022")  # the Viper's own plot
    t.execute()
    assert t.units[1][1].hex != parse_label("1022") and t.units[0][1].hex == parse_label("0622")


def test_move_table_shows_legal_ends_at_any_acceleration_and_plots_them():
    from centurion.data import vehicle_types
    from centurion.rules import ResolvedMove
    from centurion.widgets import GravMoveTable, tank_on

    m = sample_map()
    hor = vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0716", 0, 10), show_legal=True)
    at_zero = {h for h, _c in t.map.overlay.fills}
    t.legal_mode.value = "any"
    at_any = {h for h, _c in t.map.overlay.fills}
    assert at_zero < at_any  # accelerating reaches more hexes (CEN-GRAV-1)
    target = max(at_any - at_zero, key=lambda h: -to_offset(h)[1])  # the farthest north only acceleration reaches
    t.map.hover_pixel(*t.map.layout_px.center(target))
    assert "Legal end" in t.map.hover_info.value and "velocity" in t.map.hover_info.value
    assert t.plot_to(target)
    r = t.resolved
    assert isinstance(r, ResolvedMove) and r.end_hex == target and not r.grounds
    assert t.accel.value == r.move.accelerate > 0  # the acceleration was set with the path
    t.legal_mode.value = "off"
    assert t.map.overlay.fills == [] and not t.plot_to(target)


def test_move_table_plots_a_start_from_standstill_with_its_new_facing():
    from centurion.data import vehicle_types
    from centurion.rules import ResolvedMove
    from centurion.widgets import GravMoveTable, tank_on

    m = sample_map()
    hor = vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0716", 0, 0), show_legal="any")
    behind = parse_label("0718")  # two hexes south of a tank facing north at velocity 0
    assert t.plot_to(behind)
    r = t.resolved
    assert isinstance(r, ResolvedMove) and r.end_hex == behind and t.face.value == 3  # faces south first (CEN-GRAV-4)


# --- controls that tell the truth (issue 11, item 4) ---------------------------------------------------------

def test_an_unshaded_hex_in_the_legal_moves_chapter_is_explained_not_plotted():
    from centurion.data import vehicle_types
    from centurion.widgets import GravMoveTable, tank_on

    m = sample_map()
    hor = vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0716", 0, 10), show_legal=True)
    shaded = {h for h, _c in t.map.overlay.fills}
    grounded_only = {e.hex for e in t._legal() if e.grounded} - shaded
    assert grounded_only, "at velocity 10 some hexes can only be reached by grounding there"
    h = sorted(grounded_only, key=lambda x: (x.q, x.r))[0]
    t.click(h)
    assert t.steps == [] and "only get to" in t.message.value and "grounding" in t.message.value
    far = parse_label("4430")
    t.click(far)
    assert t.steps == [] and "out of reach" in t.message.value
    t.click(sorted(shaded, key=lambda x: (x.q, x.r))[0])  # a shaded hex is still plotted
    assert t.steps and not t.resolved.grounds


def test_may_turn_marks_follow_the_velocity_however_far():
    from centurion.data import map_from_rows, vehicle_types
    from centurion.rules import facing_change_interval
    from centurion.widgets import GravMoveTable, tank_on

    strip = map_from_rows(["..."] * 30)
    hor = vehicle_types()["horatius"]
    t = GravMoveTable(strip, hor, tank_on(strip, hor, "0229", 0, 24), show_armor=False)
    marks = [h for h, c in t.map.overlay.outlines if c == "#0277bd"]
    assert facing_change_interval(24) == 4
    # 24 VP to spend straight north from row 29: rows 25 .. 05 may hold a turn (after 4 straight hexes)
    rows = sorted(to_offset(h)[1] for h in marks)
    assert rows[0] == 5 and rows[-1] == 25 and len(rows) == 21


def test_a_ground_tank_or_a_squad_cannot_be_placed_in_a_lake():
    from centurion.data import vehicle_types
    from centurion.widgets import GroundUnitTable

    m = sample_map()
    g = GroundUnitTable(m, vehicle_types()["heavy_tank"], start="0616")
    lake = parse_label("0622")
    assert not g.click(lake) and g.where == parse_label("0616") and "CEN-GV-1" in g.message.value
    g.kind.value = "infantry"
    assert not g.click(lake) and "CEN-INF-1" in g.message.value
    assert g.click(parse_label("0618")) and g.where == parse_label("0618") and g.message.value == ""


def test_centuria_click_on_an_empty_hex_says_what_it_did_and_english_on_screen():
    import html as html_lib

    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario
    from centurion.widgets import CenturiaTable

    t = CenturiaTable(CenturiaBattle.from_scenario(centuria_scenario()), mode="move")
    t.click(parse_label("0608"))
    t.add_step("F")
    t.click(parse_label("0203"))
    assert t.selected is None and "no longer selected" in t.message.value and "plot is cleared" in t.message.value
    t.click(parse_label("0608"))
    assert t.message.value == ""  # the stale line is gone
    panel = html_lib.unescape(t.panel.value)
    assert "of Rome in" in panel and "rome" not in panel.replace("Rome", "")
    rows = dict(t._details(t.battle.map[parse_label("0607")]))
    assert rows["Sight"] == "blocked by this terrain (CTA-CMD)" and "Terrain" not in rows  # the map shows the terrain
    assert "Sight" not in dict(t._details(t.battle.map[parse_label("0203")]))


def test_centuria_messages_read_as_english():
    from centurion.widgets.centuria_table import english, side_possessive

    sides = ("rome", "rebels")
    assert english("CTA-1: it is rebels's turn to attack", None, sides) == "CTA-1: it is the rebels' turn to attack"
    assert english("rome's combat phase", None, sides) == "Rome's combat phase"
    assert english("defender in Bäume, attacker in Acker; preafectus coh") == (
        "defender in trees, attacker in field; praefectus coh")
    assert side_possessive("rebels", start=True) == "The rebels'" and side_possessive("rome") == "Rome's"


def test_walk_s28_the_thrust_line_counts_the_lift_off_inside_the_acceleration():
    """Walk of session 28 (chapter 6): a grounded Horatius accelerating 3 read "lift 1 + accelerate 3 + decelerate 0
    = 3 of 6", whose terms add to 4. CEN-GRAV-6: the lift-off is paid out of the acceleration (3 TP: 1 lifts, 2 give
    velocity), so the line says so and its terms add up to the thrust used."""
    import re

    from centurion.data import vehicle_types
    from centurion.widgets import GravMoveTable, tank_on

    m = sample_map()
    hor = vehicle_types()["horatius"]
    t = GravMoveTable(m, hor, tank_on(m, hor, "0616", 2, 0, grounded=True))
    t.accel.value = 3
    text = re.sub(r"<[^>]+>", "", t.budget.value)
    assert "accelerate 3 (of which 1 to lift off, CEN-GRAV-6) + decelerate 0 = 3 of 6" in text, text
