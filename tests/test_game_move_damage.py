"""Damage taken during a grav move goes onto the record sheet at once, so what it knocks out (TS&R, driver,
Grav Drive, Vehicle Destroyed) counts for the rest of that move (CEN-SPD-2, CEN-SPD-3, book-a §13)."""

from __future__ import annotations

import re
from dataclasses import replace

from test_game import passive

import centurion.game.skirmish as skirmish_module
from centurion.dice import Dice
from centurion.game import Move, new_skirmish
from centurion.hexgrid import parse_label
from centurion.rules import GravMove
from centurion.rules.damage import cross_rowwise


def _r21_charging_the_hamlet(velocity: int, *, front_armor_gone: bool):
    """Village, R21 to move: put it in 3309 facing 3 (south-east, down the hamlet's column), at `velocity`;
    3311, 3312 and 3313 have speed limit 10."""
    s = new_skirmish("village", seed=0)
    while not (s.phase == "movement" and any(v.key == "R21" for v in s.movers())):
        s = s.apply(passive(s))
    v = s.vehicle("R21")
    sheet = v.sheet
    if front_armor_gone:
        sheet, crossed, internal = cross_rowwise(sheet, "front", sheet.vehicle.armor["front"])
        assert len(crossed) == 90 and not internal and not sheet.tsr_lost
    v = replace(v, hex=parse_label("3309"), facing=3, velocity=velocity, sheet=sheet)
    return replace(s, vehicles=s._with_vehicle(v))._fresh()


def _rolls(log):
    return [(m.group(1), int(m.group(2)), int(m.group(3))) for line in log
            if (m := re.search(r"Piloting Skill Roll entering (\d{4}) at velocity \d+ \(limit (\d+)\).*vs target (-?\d+)",
                               line))]


def test_tsr_lost_on_the_sheet_mid_move_halves_the_later_limits(monkeypatch):
    """Front armor gone: the first failed roll (velocity 12 in a limit-10 hex: 10 front + 10 bottom) crosses the
    TS&R boxes (front internal row 1) on the record sheet; the next hex's limit is then 5 (halved, CEN-SPD-3),
    so its target is 5 - ceil(7/2) = 1, not 4; that hit (40 front) reaches the Vehicle Destroyed boxes and the
    tank grounds at once in 3312 (CEN-SPD-2) instead of rolling for 3313."""
    s = _r21_charging_the_hamlet(12, front_armor_gone=True)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([9] * 60))
    n = len(s.log)
    s = s.apply(Move("R21", GravMove(steps=("F",) * 12)))
    assert _rolls(s.log[n:]) == [("3311", 10, 4), ("3312", 5, 1)]
    r21 = s.vehicle("R21")
    assert r21.sheet.tsr_lost and r21.sheet.destroyed
    assert r21.hex == parse_label("3312") and r21.grounded and r21.velocity == 0
    # the report's damage lines are kept
    assert "  R21: 10 damage to the front (speed limit at 3311) [CEN-SPD-2]" in s.log
    assert "  R21: 40 damage to the front (speed limit at 3312) [CEN-SPD-2]" in s.log
    # what the internals did, and the destruction itself, are in the log too
    assert any(x.startswith("  R21 internal damage (speed limit at 3311): tsr 1 (front) hit") for x in s.log[n:])
    assert any(x.startswith("  R21 internal damage (grounding at once at 3312): ") and "ammunition EXPLODES" in x
               for x in s.log[n:])
    assert s.log[-1] == "  R21 is DESTROYED during its move: its ammunition exploded [CEN-CMB-1]"


def test_movement_damage_is_marked_once(monkeypatch):
    """Intact tank at velocity 11 through three limit-10 hexes: target 4 each; the first roll fails (10 front
    damage, CEN-SPD-2), the others pass: the front armor loses exactly 10 boxes, the limits stay 10."""
    s = _r21_charging_the_hamlet(11, front_armor_gone=False)
    monkeypatch.setattr(skirmish_module, "decision_dice", lambda seed, n: Dice.scripted([9] + [1] * 40))
    before = s.vehicle("R21").sheet.armor["front"].intact
    n = len(s.log)
    s = s.apply(Move("R21", GravMove(steps=("F",) * 11)))
    assert _rolls(s.log[n:]) == [("3311", 10, 4), ("3312", 10, 4), ("3313", 10, 4)]
    sheet = s.vehicle("R21").sheet
    assert sheet.armor["front"].intact == before - 10 and not sheet.tsr_lost
    assert sum(line.startswith("  R21: 10 damage to the front") for line in s.log[n:]) == 1


def test_the_same_move_without_scripted_dice_replays():
    """The hook draws its internal-damage rolls from the decision's own dice: replaying gives the same log."""
    s = _r21_charging_the_hamlet(12, front_armor_gone=True)
    a = s.apply(Move("R21", GravMove(steps=("F",) * 12)))
    b = s.apply(Move("R21", GravMove(steps=("F",) * 12)))
    assert a.log == b.log and a.vehicle("R21") == b.vehicle("R21")
