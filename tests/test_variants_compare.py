"""The chapter's basic | variant comparisons (issue 16, item 5): salvo, movement types, self-destruction."""

from __future__ import annotations

from fractions import Fraction

import pytest

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import parse_label
from centurion.rules import GravState
from centurion.rules.fire import to_hit
from centurion.rules.grav import Refusal
from centurion.variants.compare import salvo_side_by_side, self_destruct_side_by_side, straight_runs_side_by_side


def test_salvo_is_all_or_nothing_with_the_same_average():
    roll = to_hit(5, weapon="laser", shield_factor=5)  # 10 - 5: hits on 5 or less, 1/2
    side = salvo_side_by_side(roll, 2)
    assert side.basic == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert side.variant == {0: Fraction(1, 2), 2: Fraction(1, 2)}
    mean = lambda d: sum(k * p for k, p in d.items())  # noqa: E731
    assert mean(side.basic) == mean(side.variant) == 1


def test_salvo_with_shield_stop_rolls_each_round():
    roll = to_hit(5, weapon="laser", shield_factor=5)
    side = salvo_side_by_side(roll, 3, names=("VAR-SALVO", "VAR-SHIELD"))
    assert sum(side.variant.values()) == 1 and set(side.variant) == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="VAR-SALVO"):
        salvo_side_by_side(roll, 2, names=("VAR-SHIELD",))


def test_self_destruct_chance_and_d3_delay():
    side = self_destruct_side_by_side(5, -1)
    roll, delay = side.variant
    assert side.basic is None and roll.value == 4 and roll.chance == Fraction(4, 10)
    assert delay == {1: Fraction(2, 15), 2: Fraction(2, 15), 3: Fraction(2, 15)}


def test_straight_runs_into_heavy_woods_basic_burn_thrust():
    lib = vehicle_types()["liberator"]
    woods = map_from_rows(["hhh"] * 8 + ["..."])
    start = GravState.of(lib, parse_label("0209"), 0, 6)
    side = straight_runs_side_by_side(start, lib, woods, most=4)
    basic, burn, thrust = side.basic, side.variant["burn"], side.variant["thrust"]
    assert [not isinstance(r, Refusal) for r in basic] == [True, True, False, False]  # 3 VP a hex: two hexes spend all 6
    assert basic[2].rule == "CEN-GRAV-2"
    assert [r.burned for r in burn] == [2, 4, 6, 6]  # 2 extra VP a hex, never past velocity 0
    assert [r.basic.end_velocity for r in burn] == [4, 2, 0, 0]
    assert [r.terrain_thrust for r in thrust[:3]] == [2, 4, 6] and isinstance(thrust[3], Refusal)
    assert thrust[3].rule == "VAR-MOVETYPE"


def test_side_by_side_views_show_both_answers():
    from centurion.widgets.variants_view import MoveTypeSideBySide, SalvoSideBySide, SelfDestructSideBySide

    view = MoveTypeSideBySide(velocity=6, terrain="heavy woods")
    assert "6 burned" in view.out.value and "6 TP paid" in view.out.value and "refused" in view.out.value
    view.velocity.value = 2
    assert "6 burned" not in view.out.value
    salvo = SalvoSideBySide()
    assert "1/4" in salvo.out.value and "1/2" in salvo.out.value
    salvo.shield_rule.value = True
    assert "stop roll per round" in salvo.out.value
    sd = SelfDestructSideBySide(skill=5, damage_modifier=-1)
    assert "2/5" in sd.out.value and "bail out" in sd.out.value


def test_occupy_a_tank_out_on_the_rise_is_seen_over_the_woods_in_the_cover_it_is_not():
    from centurion.data.partial_hexes import PartialHex
    from centurion.hexgrid import from_offset
    from centurion.variants.compare import occupy_side_by_side

    firer, target = from_offset(1, 1), from_offset(1, 6)
    parts = {target: PartialHex(target, "heavy_woods", "clear", 0, 1)}
    behind = occupy_side_by_side(map_from_rows([".", ".", ".", ".", "l", "h"]), parts, firer, target)
    assert not behind.basic.sight.seen and behind.basic.sight.deciding == from_offset(1, 5)
    assert not behind.variant["in"].sight.seen
    out = behind.variant["out"]
    assert out.sight.seen and (out.terrain, out.level) == ("clear", 1) and out.roll.value == 10  # range 5 base
    open_ = occupy_side_by_side(map_from_rows([".", ".", ".", ".", ".", "h"]), parts, firer, target)
    assert open_.basic.roll.value == open_.variant["in"].roll.value == 8  # heavy woods -2 (CEN-TER-1)
    assert open_.variant["out"].roll.chance == Fraction(9, 10)


def test_crew_roles_gunner_commander_and_the_driver():
    from centurion.variants.compare import crew_side_by_side

    trajan = vehicle_types()["trajan"]
    roles = [r for _t, _f, r in crew_side_by_side(trajan).variant[0]]
    assert roles == ["gunner", "gunner", "commander", "gunner", "gunner", "gunner"]  # the Vulcan is the commander's
    rows, limit = crew_side_by_side(trajan, gunner=False).variant
    assert {r for *_x, r in rows} == {"commander"} and limit == 8  # he takes over the gunner's 8
    rows, limit = crew_side_by_side(trajan, gunner=False, commander=False, speed_limit=9).variant
    assert {r for *_x, r in rows} == {None} and limit == 0  # six weapons for the driver: 9 - 6 x 3 -> 0
    rows, limit = crew_side_by_side(vehicle_types()["lupus"], gunner=False, commander=False, speed_limit=9).variant
    assert len(rows) == 3 and limit == 0  # three weapons (twin lasers, VAR-SALVO): 9 - 9 x 3 // 3


def test_occupy_and_crew_views():
    from centurion.widgets.variants_view import CrewSideBySide, OccupySideBySide

    view = OccupySideBySide()
    assert "not seen" in view.out.value and "declared 'out' (clear, level 1): seen" in view.out.value
    view.between.value = False
    assert "not seen" not in view.out.value and "4/5" in view.out.value
    crew = CrewSideBySide()
    assert "gunner" in crew.out.value and "all may fire" in crew.out.value
    crew.gunner.value = crew.commander.value = False
    assert "none fires" in crew.out.value and "only the driver" in crew.out.value
