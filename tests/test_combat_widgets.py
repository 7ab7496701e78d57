"""The combat widgets without a browser: the record sheet view, the damage lab, the sight explorer, the fire lab,
the lookups and the counters. Every verdict they show is the engine's own."""

from __future__ import annotations

from fractions import Fraction

import pytest
from clicks import browser_double_click

from centurion.data import sample_map, terrain_table, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.damage import drop_template
from centurion.rules.record import RecordSheet
from centurion.rules.sight import line_of_sight
from centurion.rules.sight_cells import sight_cells
from centurion.widgets import (
    CasualtyLookup,
    Counter,
    DamageLab,
    FireLab,
    HexMapView,
    RecordSheetView,
    SightExplorer,
    VulcanOdds,
)
from centurion.widgets.record_sheet import mark_boxes

V = vehicle_types()


@pytest.fixture(scope="module")
def battlefield():
    return sample_map()


def test_record_sheet_view_shows_every_section_and_changes_on_a_hit():
    sheet = RecordSheet.of(V["horatius"])
    view = RecordSheetView(sheet)
    for section in ("front", "left", "right", "stern", "turret", "bottom"):
        assert f"data-section='{section}'" in view.value
    assert view.value.count("rs-box") >= 6 * 130  # 13 rows of 10 per section on the Horatius
    assert "Front</b> 80/80" in view.value and "Targ" in view.value and "Vehicle Destroyed" in view.value
    before = view.value
    hit, mark = drop_template(sheet, "front", 5, (5, 3))
    view.update(hit, recent=mark_boxes(mark))
    assert view.value != before and f"Front</b> {80 - len(mark.armor)}/80" in view.value
    assert view.value.count("outline:2px solid #d50000;") == len(mark.armor)  # the legend key has no ";"


def test_damage_lab_lasers_reach_the_internals_and_their_effects_are_listed_after_all_fire():
    lab = DamageLab("horatius")
    lab.location.value, lab.side.value = "side", "front"
    for _ in range(2):
        lab.fire(5)
    assert lab.sheet.pending and "pending" in lab.report.value
    assert "No internal effects yet" in lab.effects.value
    lab.apply_internals()
    assert not lab.sheet.pending and "Internal damage applied" in lab.effects.value
    assert lab.sheet.destroyed and "Vehicle Destroyed" in lab.effects.value


def test_damage_lab_refuses_to_fire_at_a_destroyed_vehicle_and_new_sheet_lets_it_shoot_again():
    """Once the Vehicle Destroyed box is hit (CEN-CMB-1, book-a 14.1) the practice sheet is a wreck: Fire rolls
    nothing and marks nothing, says why and what to do; a new sheet can be shot at again."""
    lab = DamageLab("horatius")
    lab.location.value, lab.side.value = "side", "front"
    for _ in range(2):
        lab.fire(5)
    lab.apply_internals()
    assert lab.sheet.destroyed
    wreck, rolls = lab.sheet, len(lab.dice.log)
    lab.fire_button.click()
    lab.column_buttons[0].click()
    assert lab.sheet is wreck and len(lab.dice.log) == rolls
    assert "destroyed" in lab.message.value and "CEN-CMB-1" in lab.message.value and "New sheet" in lab.message.value
    lab.reset_button.click()
    lab.fire_button.click()
    assert not lab.sheet.destroyed and len(lab.dice.log) == rolls + 1 and lab.sheet != wreck  # the column roll


def test_a_plain_roll_shows_no_outcome_arrow():
    """A hit-location or column roll has no target: the dice log shows the die, not "→ —" (walk of session 28)."""
    lab = DamageLab("viper", seed=3)
    lab.fire()
    assert "rolled <b>" in lab.dice_log.entries.value and "→" not in lab.dice_log.entries.value


def test_damage_lab_rolls_are_logged_with_their_rule():
    lab = DamageLab("viper", seed=3)
    lab.fire()
    rolls = lab.dice.log
    assert [r.purpose for r in rolls] == ["hit location", "damage column"]
    assert all(r.rule == "CEN-CMB-1" and r.probability == Fraction(1, 10) for r in rolls)


def test_damage_lab_end_phase_removes_widowed_armor():
    lab = DamageLab("viper")
    sheet = lab.sheet.with_damage({"left": set(range(80, 90))}, ())
    lab.view.update(sheet)
    lab.end_phase_step()
    assert lab.sheet.armor["left"].intact == 10 and "widowed" in lab.report.value


def test_a_double_click_on_fire_drops_one_hit():
    """T9 in the damage lab: the second click of a double click on Fire arrives before the first one is drawn; it must
    not roll a second hit (one location and one column roll, CEN-CMB-1). A later click fires again."""
    lab = DamageLab("viper", seed=3)
    browser_double_click(lab.fire_button)
    assert [r.purpose for r in lab.dice.log] == ["hit location", "damage column"]
    lab.fire_button.click()
    assert len(lab.dice.log) == 4


def test_a_double_click_on_a_column_or_end_phase_acts_once():
    """T9: a double-clicked column button drops one template; a double-clicked End Phase ends one turn (CEN-SEQ-1)."""
    lab = DamageLab("viper", seed=3)
    lab.location.value = "side"  # the attacked side, front by default
    full = lab.sheet.armor["front"].intact
    browser_double_click(lab.column_buttons[4])
    one_hit = full - lab.sheet.armor["front"].intact
    assert one_hit > 0
    lab.column_buttons[2].click()
    assert full - lab.sheet.armor["front"].intact == 2 * one_hit  # a later click drops a second template
    browser_double_click(lab.end_button)
    assert lab.turn == 2


def test_a_failing_callback_shows_the_short_message(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "centurion_fault=_on_column")
    lab = DamageLab("horatius")
    before = lab.sheet
    lab._on_column(lab.column_buttons[4])
    assert "Something went wrong" in lab.message.value and lab.sheet is before


def test_sight_explorer_verdict_is_the_engines(battlefield):
    ex = SightExplorer(battlefield, terrain_table(), firer=parse_label("0520"))
    ex.click(parse_label("0525"))
    assert "SEEN" in ex.verdict.value and "NOT SEEN" not in ex.verdict.value
    ex.click(parse_label("0513"))
    s = line_of_sight(battlefield, parse_label("0520"), parse_label("0513"))
    assert not s.seen and "NOT SEEN" in ex.verdict.value and "Deciding hex: <b>0519</b>" in ex.verdict.value
    _, cells = sight_cells(battlefield, parse_label("0520"), parse_label("0513"))
    assert {h for h, _ in ex.map.overlay.fills} == {c.hex for c in cells if c.role != "end"}
    ex.show_all.value = True
    assert len(ex.map.overlay.hatched) > 100


def test_sight_cells_name_the_spine_the_defender_picks():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_sight import V as VIPER
    from test_sight import e18_map, walk

    _sight, cells = sight_cells(e18_map(), VIPER, walk(VIPER, 4, 5))
    roles = {c.hex: c.role for c in cells}
    assert roles[walk(VIPER, 5)] == "deciding" and roles[walk(VIPER, 4)] == "spine, not counted"


def test_fire_lab_lists_the_terms_and_refuses_out_of_sight(battlefield):
    lab = FireLab(battlefield, terrain_table(), firer_hex=parse_label("0620"), target_hex=parse_label("0613"))
    assert "Target number" in lab.panel.value and "CEN-CMB-1" in lab.panel.value
    lab.click(parse_label("0515"))
    assert "Refused" in lab.panel.value and "CEN-LOS-1" in lab.panel.value
    assert lab.map.overlay.fills and lab.map.overlay.hatched  # the hull's arc and the turret's


def test_fire_lab_two_targets_with_two_direct_fire_weapons_is_refused(battlefield):
    lab = FireLab(battlefield, terrain_table(), firer_hex=parse_label("0620"), target_hex=parse_label("0613"))
    lab.weapons.value = (1,)  # the hull laser at the target ahead
    lab.place.value = "2nd target"
    lab.click(parse_label("0614"))
    lab.second.value = 0  # and the Gauss at the second
    assert "every direct-fire weapon fires at one target" in lab.panel.value


def test_lookups_show_the_engines_numbers():
    c = CasualtyLookup(row=5, roll=6)
    assert "<b>1</b> man lost" in c.out.value and "2/5" in c.out.value
    from centurion.rules.infantry_fire import casualty_table

    table = casualty_table()
    assert [k for _label, k in c.row.options] == list(table.rows)  # every row the table has, and no other (S28)
    for _label, key in c.row.options:  # each one looks up without an error (an "AP" row crashed it)
        c.row.value = key
        assert "Something went wrong" not in c.message.value
        assert f"<b>{table.killed(key, 6)}</b>" in c.out.value
    v = VulcanOdds(rating=2, engaged=3)
    assert "<b>2</b> or less" in v.out.value and "1/5" in v.out.value
    v.engaged.value = 5
    assert "no entry" in v.out.value


def test_counters_draw_with_velocity_and_states(battlefield):
    m = HexMapView(battlefield, terrain_table())
    m.set_counters([Counter(parse_label("0510"), 2, "grav", "#1f4e9c", "H1", selected=True, velocity=4),
                    Counter(parse_label("0511"), 0, "infantry", "#b71c1c", "i", damaged=True),
                    Counter(parse_label("0512"), 0, "legionaries", "#b71c1c", "L")])
    assert len(m._counters) == 3


def test_record_sheet_view_over_a_whole_phase_of_fire():
    from centurion.rules.internals import apply_internal_damage

    sheet = RecordSheet.of(V["viper"])
    sheet, _ = drop_template(sheet, "front", 5, (1,) * 12)
    view = RecordSheetView(sheet)
    assert "takes effect after all fire" in view.value
    sheet, report = apply_internal_damage(sheet, Dice(1))
    view.update(sheet)
    assert "takes effect after all fire" not in view.value and report.components


def test_leadership_lab_advantage_passes_a_lost_centurion_and_victory():
    from centurion.widgets import LeadershipLab

    lab = LeadershipLab(first=5, second=2)
    assert "Renegade</b> side holds a Leadership Advantage of <b>3</b>" in lab.out.value
    assert "<b>1</b> pass at" in lab.out.value
    lab.on_initiative.value = 4
    assert "Refused" in lab.out.value and "CEN-INI-1" in lab.out.value
    lab.on_initiative.value = 0
    lab.lost.value = True
    assert "TOG</b> side holds a Leadership Advantage of <b>2</b>" in lab.out.value
    assert "Renegade <b>decisive victory</b>" in lab.out.value
    lab.score_second.value = 100
    assert "Renegade <b>draw</b>" in lab.out.value
