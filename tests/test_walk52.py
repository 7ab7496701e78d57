"""A newcomer's walk of the Skirmish page (session 52: opportunity fire, smoke, the page at 1280x800), the findings
mended: each test states what the walk saw.
"""

from __future__ import annotations

import re

import pytest
from test_squad_watch import _page_at  # the Skirmish page showing a state, both sides people

from centurion.game import new_skirmish
from centurion.game.actions import EndTurn, Leadership, Order, Smoke


@pytest.fixture
def end_phase():
    """Village seed 0 played by each side's first legal decision up to TOG's End Phase of turn 1."""
    s = new_skirmish("village", seed=0).apply(Leadership(0)).apply(Order(False))
    while s.phase != "end":
        s = s.apply(s.legal_actions()[0])
    assert s.active == "tog" and any(isinstance(a, Smoke) for a in s.legal_actions())
    return s


def test_walk52_the_end_of_the_phase_stays_the_default_pick_a_smoke_charge_never_is(monkeypatch, end_phase):
    """Walk of session 52: a click on T21 in the End Phase picked one of its 20 smoke charges, and once it had laid
    one, T22's, with "ends its End Phase" 41st in the list: Confirm, which meant "the default" all game, laid smoke."""
    t = _page_at(monkeypatch, end_phase)
    assert t.chosen() == EndTurn()  # nothing clicked
    t._on_hex(end_phase.vehicle("T21").hex)
    assert t.chosen() == EndTurn() and sum(isinstance(a, Smoke) for a in t._choices) == 20  # its charges listed
    charge = next(a for a in t._choices if isinstance(a, Smoke) and a.unit == "T21")
    t._begin(end_phase.apply(charge))
    t.selected = "T21"
    t._refresh()
    assert t.chosen() == EndTurn() and any(isinstance(a, Smoke) and a.unit == "T22" for a in t._choices)


def test_walk52_the_end_phase_banner_says_what_a_smoke_charge_smokes(end_phase):
    """Walk of session 52: the banner still said "lay smoke in a vehicle's hex" (rules edition 2); since edition 3 a
    charge smokes 3 hexes next to the vehicle (book-b §10.2, CEN-SEQ-1)."""
    banner = end_phase.banner()
    assert "a smoke charge on 3 hexes next to it" in banner and "vehicle's hex" not in banner, banner


def test_walk52_the_opportunity_shot_is_drawn_to_the_hex_of_the_move_where_it_is_taken(monkeypatch):
    """Walk of session 52: with "T23 fires at R21 in 1913, range 11 (hex 1 of its move)" picked, the map drew a red
    line from T23 to R21's end hex (range 1), in the trail's red, and 1913 was not marked. The line now runs from the
    watcher to the hex of the shot (CEN-OPP-1: the shot is taken as the mover enters it), outlined, in a colour of
    its own that the Key names."""
    from test_audit50 import r21_set_up_at
    from test_squad_watch import _t21s_watches_r21_passes

    from centurion.game.actions import OpportunityFire
    from centurion.widgets.turn_summary import OPPORTUNITY_SHOT

    r21_set_up_at(monkeypatch, "2714", 3)
    s = _t21s_watches_r21_passes()
    path = [h for h, _f in s.pending_move[1]]
    assert len(path) == 2 and path[0] != path[1]  # 2814 then 2914 (tests/test_squad_watch.py)
    t = _page_at(monkeypatch, s)
    for step in (1, 2):
        shot = OpportunityFire("T21s", "R21", step, "tvlg")
        t.choice.value = t._choices.index(shot)
        lines = [(a, b) for a, b, col in t.map.overlay.lines if col == OPPORTUNITY_SHOT]
        assert lines == [(s.combat_units()["T21s"].hex, path[step - 1])], step
        assert (path[step - 1], OPPORTUNITY_SHOT) in t.map.overlay.outlines
    assert "magenta line and outline: the opportunity shot picked" in t.map_key.value


def test_walk52_the_done_line_names_the_side_that_decided(monkeypatch, end_phase):
    """Walk of session 52: "Done: ends its End Phase." stayed on screen into the next side's decisions and the next
    turn's initiative, without saying whose End Phase it was (both sides people at one table)."""
    t = _page_at(monkeypatch, end_phase)
    assert t.chosen() == EndTurn()
    t.confirm()
    assert "Done (Terran Overlord Government): ends its End Phase." in t.message.value
    assert t.game.active == "renegade"  # the next side decides, the line still says whose the last decision was


def test_walk52_each_squads_counter_shows_its_number(end_phase):
    """Walk of session 52: every squad's counter read "i", so T21s and T22s could not be told apart on the map
    while the hints named them. A squad's counter shows its number, as its carrier's does, over the infantry symbol."""
    from centurion.widgets.turn_summary import unit_counters

    squads = {(c.hex, c.label) for c in unit_counters(end_phase, None, ("#0000ff", "#ff0000")) if c.kind == "infantry"}
    assert squads == {(q.hex, q.key[1:3]) for q in end_phase.squads if q.hex is not None and q.men > 0}
    assert {label for _h, label in squads} >= {"21", "22"}  # T21s and T22s (data/scenarios/village.yaml)


def test_walk52_a_smoke_charge_warns_when_its_own_vehicle_would_fly_through_it_too_fast(monkeypatch, end_phase):
    """Walk of session 52: R21 smoked the hexes next to it and flew through one next turn at velocity 11, where the
    smoke had halved the limit to 10: a piloting roll it failed, 10 damage, and nothing had warned of it. The smoke
    halves a grav vehicle's speed limit, rounded up (book-b §10.3), its own too; the charge's text says so."""
    from dataclasses import replace

    from centurion.hexgrid import parse_label
    from centurion.rules.terrain import entry_cost

    def at_velocity(s, speed):
        return replace(s, vehicles=tuple(replace(v, velocity=speed) if v.key == "T21" else v
                                         for v in s.vehicles))._fresh()

    charges = [a for a in end_phase.legal_actions() if isinstance(a, Smoke) and a.unit == "T21"]
    t21 = end_phase.vehicle("T21").hex
    plain = {h: entry_cost(end_phase.battlemap, t21, parse_label(h))[1] for a in charges for h in a.hexes}
    for speed in (0, 6, 11, 16):
        s = at_velocity(end_phase, speed)
        for a in charges:
            expected = [(h, -(-plain[h] // 2)) for h in a.hexes if speed > -(-plain[h] // 2)]
            assert s.smoke_in_its_way(a) == expected, (speed, a)
    fast = at_velocity(end_phase, 16)
    risky = next(a for a in charges if fast.smoke_in_its_way(a))
    t = _page_at(monkeypatch, fast)
    t._on_hex(t21)
    t.choice.value = t._choices.index(risky)
    text = re.sub(r"<[^>]+>", "", t.preview.value)  # the rule IDs are links
    assert "careful: T21 flies at velocity 16" in text and "asks a piloting roll (CEN-SPD-1)" in text, text
    calm = at_velocity(end_phase, 0)
    t = _page_at(monkeypatch, calm)
    t._on_hex(t21)
    t.choice.value = t._choices.index(risky)
    assert "careful" not in t.preview.value


def test_walk52_the_undo_buttons_tooltip_says_why_it_is_off(monkeypatch, end_phase):
    """Walk of session 52: with dice rolled the Undo button was off, its tooltip still offering to "take back your
    last decision (no dice rolled yet)". Off, it says why; on, what it does."""
    t = _page_at(monkeypatch, end_phase)
    assert t.undo_button.disabled and "a roll is never taken back" in t.undo_button.tooltip
    t.confirm()  # ends TOG's End Phase: no dice rolled for it
    t._refresh()
    assert not t.undo_button.disabled and t.undo_button.tooltip.startswith("take back your last decision")


def test_walk52_ending_the_phase_with_a_charge_picked_says_the_charge_was_not_laid(monkeypatch, end_phase):
    """Second walk of session 52: with R22's charge picked (hatched on the map) and not confirmed, the End phase
    button ended the phase, and "Done: ends its End Phase." let the newcomer think the smoke was laid."""
    from centurion.hexgrid import parse_label

    t = _page_at(monkeypatch, end_phase)
    t._on_hex(end_phase.vehicle("T21").hex)
    charge = next(a for a in t._choices if isinstance(a, Smoke))
    t.choice.value = t._choices.index(charge)
    assert t.end_phase()
    assert f"The charge picked in the list ({end_phase.describe(charge)}) was not laid" in t.message.value
    assert not any("smoke" in t.game.battlemap[parse_label(h)].counters for h in charge.hexes)


def test_walk52_letting_a_move_pass_names_the_move_in_the_log(monkeypatch):
    """Second walk of session 52: "T1 opportunity — Terran Overlord Government: holds its opportunity fire" did not
    say whose move was let pass. The log and the Done line name it; the pass itself is unchanged (CEN-OPP-1)."""
    from test_audit50 import r21_set_up_at
    from test_squad_watch import _t21s_watches_r21_passes

    from centurion.game.actions import LetPass

    r21_set_up_at(monkeypatch, "2714", 3)
    s = _t21s_watches_r21_passes()
    passed = s.apply(LetPass())
    line = passed.log[len(s.log)]
    assert line.endswith("Terran Overlord Government: lets R21's move pass (holds its opportunity fire)"), line
    assert LetPass().describe() == "holds its opportunity fire"  # in words of no game (the notation's)
