"""Widgets cannot be tricked (issue 10, item 5): a visitor's browser may set any synced widget value, disabled or
not, and send any click. Each test sets widget state from outside, as such a page would, then checks for a clear
message and an unchanged state; double clicks act once."""

from __future__ import annotations

import html
from dataclasses import replace

import pytest
from clicks import double_click

from centurion.centuria import CenturiaBattle
from centurion.data import centuria_scenario, sample_map, vehicle_types
from centurion.hexgrid import Hex, parse_label
from centurion.widgets import CenturiaTable, FacingChangeExplorer, GravMoveTable, GroundUnitTable, tank_on
from centurion.widgets.dice_panel import DiceLog, parse_seed

OFF_MAP = Hex(-40, 3)  # far west of column 01


@pytest.fixture(scope="module")
def battlefield():
    return sample_map()


@pytest.fixture
def table(battlefield):
    horatius = vehicle_types()["horatius"]
    return GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0622", 0, 5), start_options=True)


@pytest.fixture
def frozen_clock(monkeypatch):
    """A clock that fails if read: a double click is caught by counting, not by timing (T9)."""
    import time

    def no_clock() -> float:
        raise AssertionError("the double-click guard read the clock")

    monkeypatch.setattr(time, "monotonic", no_clock)


def message(widget) -> str:
    return widget.message.value


def test_a_velocity_of_99_is_never_taken_as_it_is(table):
    state = table.state
    table.start_down.value = "grounded"  # the start velocity must be 0 now (CEN-GRD-1)
    grounded = table.state
    assert grounded.grounded and grounded.velocity == 0
    table.start_v.disabled = True
    table.start_v.value = 99  # the page sends 99 to a disabled slider; the slider clamps it, the rules zero it
    assert table.state == grounded and table.start_v.value == 0
    table.start_down.value = "flying"
    assert table.state == replace(state, velocity=0)
    table.accel.value = 99  # more thrust than the tank has: clamped to its maximum of 6
    table.decel.value = 6
    assert table.accel.value == 6
    assert "CEN-GRAV-1" in message(table) and "7 thrust points" not in message(table)


def test_a_velocity_of_99_on_the_facing_explorer_is_clamped_to_its_range(battlefield):
    lab = FacingChangeExplorer(battlefield, vehicle_types()["horatius"])
    lab.velocity.disabled = True
    lab.velocity.value = 99
    assert lab.velocity.value == lab.velocity.max == 30
    assert "velocity <b>30</b>" in lab.info.value


def test_a_click_off_the_map_changes_nothing(table, battlefield):
    before = (table.state, list(table.steps))
    table.click(OFF_MAP)
    assert "off the map" in message(table) and (table.state, table.steps) == before
    table.place_mode.value = True
    table.click(OFF_MAP)
    assert table.state == before[0] and "off the map" in message(table)
    ground = GroundUnitTable(battlefield, vehicle_types()["heavy_tank"], start="0616")
    assert not ground.click(OFF_MAP)
    assert ground.where == parse_label("0616") and "HEX-4" in ground.message.value
    battle = CenturiaBattle.from_scenario(centuria_scenario())
    cta = CenturiaTable(battle, mode="command")
    cta.click(parse_label("0609"))
    cta.click(OFF_MAP)
    assert cta.battle == battle and "off the map" in cta.message.value


def test_a_roll_while_the_plot_is_refused_rolls_nothing(table):
    table.add_step("F")
    table.add_step("R")
    table.steps.append("L")  # the page forces a turn the facing change table forbids (CEN-GRAV-4)
    table.refresh()
    state, rolls = table.state, len(table.dice.log)
    assert not table.execute()
    assert "CEN-GRAV-4" in message(table) and table.state == state and len(table.dice.log) == rolls


def test_roll_and_move_with_nothing_plotted_says_so_and_rolls_nothing(table):
    state = table.state
    assert not table.execute()
    assert "Nothing is plotted" in message(table) and table.state == state and table.dice.log == []
    assert "Nothing plotted yet: 5 VP to spend" in table.budget.value
    assert "Grounds" not in table.budget.value and "0%" not in table.budget.value


def test_a_double_click_on_roll_and_move_moves_once(table, frozen_clock):
    for _ in range(5):
        table.add_step("F")
    double_click(table.execute_button)
    assert table.state.hex == parse_label("0617") and len(table.move_history) == 1


def test_a_committed_move_can_be_taken_back(table):
    start = table.state
    for _ in range(5):
        table.add_step("F")
    assert table.execute() and table.state.hex == parse_label("0617")
    assert not table.undo_move_button.disabled
    assert table.undo_move()
    assert table.state == start and table.history == [5] and table.start_v.value == 5
    assert "Took back the move" in message(table) and table.undo_move_button.disabled
    assert not table.undo_move() and "nothing to take back" in message(table)


def test_a_refused_start_state_puts_every_control_back(battlefield):
    horatius = vehicle_types()["horatius"]
    table = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0520", 0, 5), start_options=True)
    state = table.state
    table.start_down.value = "submerged"  # 0520 is heavy woods, not a lake: refused (CEN-GRD-2)
    assert "CEN-GRD-2" in message(table) and table.state == state
    assert (table.start_down.value, table.start_v.value, table.start_facing.value) == ("flying", 5, 0)


def test_a_centuria_attack_on_a_unit_out_of_reach_is_refused_and_not_previewed():
    battle = replace(CenturiaBattle.from_scenario(centuria_scenario()), phase="combat")
    cta = CenturiaTable(battle, mode="combat")
    cta.click(parse_label("0608"))  # R-C2
    far = next(p for p in battle.pieces if p.side != "rome" and p.alive)
    cta.target = far.id  # the page names a target two or more hexes away
    cta.refresh()
    assert "cannot attack" in cta.odds.value and "falls" not in cta.odds.value
    assert not cta.do_attack()
    assert "must stand next to" in cta.message.value and cta.battle == battle and cta.dice.log == []


def test_a_double_click_on_end_phase_ends_one_phase(frozen_clock):
    battle = CenturiaBattle.from_scenario(centuria_scenario())
    cta = CenturiaTable(battle, mode="round")
    double_click(cta.buttons["end"])
    assert cta.battle.passed == {"rome"} and cta.battle.phase == "movement" and len(cta.history) == 1
    assert "Rome ended its part" in html.unescape(cta.phase_label.value)


def test_a_double_click_on_attack_attacks_once(frozen_clock):
    b = CenturiaBattle.from_scenario(centuria_scenario())
    fight = replace(b.placed("R-C2", "0606", 0).placed("B-C2", "0605", 3).placed("B-C3", "0705", 5)
                    .placed("R-C3", "0707", 0), phase="combat")  # the combat chapter's position
    cta = CenturiaTable(fight, mode="combat")
    cta.click(parse_label("0606"))
    cta.click(parse_label("0605"))
    double_click(cta.buttons["attack"])
    assert len(cta.history) == 1 and len(cta.dice.log) == 2  # one attack, its two rolls


@pytest.mark.parametrize("typed", ["abc", "1.5", "", "  ", "-3", "1e3", "99999999999999999999", "٣"])
def test_the_seed_box_takes_only_whole_numbers(typed):
    log = DiceLog(seed=7)
    first = log.dice.roll("d10").result
    log.seed.value = typed
    assert not log.reseed_from_box()
    assert "whole number" in log.message.value and log.dice.seed == 7
    assert log.dice.log[-1].result == first  # nothing was reset


def test_the_seed_box_takes_a_whole_number():
    assert parse_seed(" 42 ") == 42 and parse_seed(42) is None
    log = DiceLog(seed=7)
    log.seed.value = "42"
    assert log.reseed_from_box() and log.dice.seed == 42 and log.message.value == ""


def test_a_double_click_on_the_labs_roll_buttons_rolls_once(frozen_clock):
    from centurion.widgets import SequenceOfPlay, SpeedLimitLab

    lab = SpeedLimitLab(vehicle_types()["horatius"])
    double_click(lab.roll_button)
    assert len(lab.dice_log.dice.log) == 1
    lab.roll_button.click()  # a later click acts
    assert len(lab.dice_log.dice.log) == 2
    seq = SequenceOfPlay()
    double_click(seq.roll_button)
    n = len(seq.dice_log.dice.log)
    assert n >= 2 and seq.roll_button.value is False
    seq.roll_button.click()
    assert len(seq.dice_log.dice.log) > n
