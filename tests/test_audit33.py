"""Session 33's independent rules audit (/work/scratch/audit33): what it found wrong, each pinned by the rules.

F1, CEN-GRD-2 (RULES.md: "In a lake hex: half damage; submerged vehicles cannot fire or be fired on"; seed 000 and
book-a §3.5 the same; docs/decisions.md: a Grav Drive hit over a lake grounds it under water at half damage). The
movement rules did so; a Grav Drive hit in the Combat Phase or by opportunity fire grounded a vehicle flying over a
lake at full damage (10 x velocity) and left it on the surface, able to fire and be fired on.
"""

from __future__ import annotations

import pytest
from test_game import passive, with_vehicle

from centurion.data import map_from_rows
from centurion.dice import Dice
from centurion.game import new_skirmish
from centurion.hexgrid import parse_label
from centurion.rules.combat_units import CombatUnit
from centurion.rules.infantry_fire import terrain_casualty_modifier
from centurion.rules.resolution import finish_fire


def _over(terrain: str, velocity: int = 6):
    """Meeting seed 0 at its first fire phase, T11 flying over a `terrain` hex with a Grav Drive box pending."""
    s = new_skirmish("meeting", seed=0)
    while s.phase != "fire":
        s = s.apply(passive(s))
    m = s.battlemap
    taken = {v.hex for v in s.vehicles}
    where = next(h for h in sorted(m.hexes, key=lambda h: (h.q, h.r)) if m[h].terrain == terrain and h not in taken)
    t = s.vehicle("T11")
    box = t.sheet.boxes_of("bottom", "grav_drive")[0]
    return with_vehicle(s, "T11", hex=where, velocity=velocity, grounded=False, submerged=False,
                        sheet=t.sheet.with_damage({}, [("bottom", box)]))


def _after_the_fire_phase(s):
    while s.phase == "fire":
        s = s.apply(passive(s))
    return s


def test_a_grav_drive_hit_over_a_lake_grounds_under_water_at_half_damage():
    s = _over("lake")
    before = s.vehicle("T11").sheet.armor["bottom"].intact
    after = _after_the_fire_phase(s).vehicle("T11")
    assert after.grounded and after.submerged and after.velocity == 0
    assert before - after.sheet.armor["bottom"].intact == 30  # 10 x 6, halved (CEN-GRD-1, CEN-GRD-2)
    assert {c for sec, c in after.sheet.components_hit() if sec == "bottom"} == {"grav_drive"}  # nothing crossed


def test_the_same_hit_over_clear_ground_takes_the_whole_grounding():
    s = _over("clear")
    after = _after_the_fire_phase(s).vehicle("T11")
    assert after.grounded and not after.submerged
    assert after.sheet.armor["bottom"].intact == 0  # 60 points: the 40 boxes of bottom armor, the rest inside


def test_a_vehicle_forced_under_water_is_out_of_the_fight():
    after = _after_the_fire_phase(_over("lake"))
    u = after.combat_units()["T11"]
    assert u.submerged and u.target_view().submerged  # neither fires nor is fired on (CEN-GRD-2)


def test_finish_fire_halves_the_grounding_of_a_unit_over_water():
    """The rules layer alone, as opportunity fire uses it (resolve_opportunity_fire ends with finish_fire)."""
    s = _over("lake", velocity=4)
    u = s.combat_units()["T11"]
    assert u.over_water
    for over, points in ((True, 20), (False, 40)):
        unit = CombatUnit(u.key, u.side, u.hex, u.facing, u.sheet, 4, over_water=over)
        out, reports, _ = finish_fire({"T11": unit}, Dice.scripted([1] * 20))
        assert reports["T11"].grounded_at_velocity == 4
        assert u.sheet.armor["bottom"].intact - out["T11"].sheet.armor["bottom"].intact == points
        assert out["T11"].velocity == 0


@pytest.mark.parametrize("cell, total", [(".", -2), ("l", -2), ("h", -2)])
def test_a_squad_in_smoke_rolls_its_casualties_as_in_heavy_woods(cell, total):
    """Heavy woods -2, light woods -1, clear 0 (book-b 17.2); in smoke each is -2, never lower (book-b §10.3)."""
    m = map_from_rows([cell * 3] * 3)
    h = parse_label("0202")
    plain = sum(mod for _l, mod, _r in terrain_casualty_modifier(m, h))
    assert plain == {".": 0, "l": -1, "h": -2}[cell]
    assert sum(mod for _l, mod, _r in terrain_casualty_modifier(m.with_counter(h, "smoke"), h)) == total
