"""To-hit numbers, their breakdown and the side an attack strikes (CEN-CMB-1, HEX-4; book-a §7, §8, §10)."""

from fractions import Fraction

import pytest

from centurion.hexgrid import DIRECTIONS, Hex, hex_range, neighbor
from centurion.rules import attack_side, base_to_hit, to_hit_number
from centurion.rules.fire import WEAPON_KINDS, attack_sides, to_hit


def test_base_to_hit_by_band():
    expected = {0: 12, 1: 12, 2: 11, 3: 11, 4: 10, 6: 10, 7: 9, 10: 9, 11: 8, 15: 8, 16: 7, 20: 7}
    assert {r: base_to_hit(r) for r in expected} == expected
    assert base_to_hit(21) is None and base_to_hit(40) is None


def test_base_to_hit_rejects_negative_range():
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        base_to_hit(-1)


def test_e20_laser_and_smlm_need_3_heap_needs_8():
    # Horatius fires at a Liberator 7 hexes away in light woods, right side shield 5 (book-a E20)
    assert to_hit_number(7, weapon="laser", shield_factor=5, terrain="light_woods") == 3
    assert to_hit_number(7, weapon="missile", shield_factor=5, terrain="light_woods") == 3
    assert to_hit_number(7, weapon="gauss", shield_factor=5, terrain="light_woods") == 8


def test_e20_breakdown_names_every_term_with_its_rule_and_odds():
    roll = to_hit(7, weapon="laser", shield_factor=5, terrain="light_woods", shield_side="right")
    assert [(t.value, t.rule) for t in roll.terms] == [(9, "CEN-CMB-1"), (-5, "CEN-CMB-1"), (-1, "CEN-TER-1")]
    assert roll.value == 3 and roll.chance == Fraction(3, 10)
    assert "right shield factor 5" in roll.describe()


def test_e16_vehicle_paint_through_left_shield_6_at_10_hexes_needs_3():
    assert to_hit_number(10, weapon="painting", shield_factor=6) == 3


def test_painted_target_ignores_shields_for_laser_mdc_missile():
    for weapon in ("laser", "mdc", "missile"):
        assert to_hit_number(7, weapon=weapon, shield_factor=5, painted=True) == 9


def test_crater_adds_minus_2_to_the_terrain_and_targ_boxes_minus_1_each():
    assert to_hit_number(4, weapon="gauss", terrain="light_woods", crater=True) == 10 - 1 - 2
    assert to_hit_number(4, weapon="gauss", targeting_lost=2) == 8


def test_beyond_20_hexes_or_under_water_no_fire():
    assert to_hit_number(21, weapon="laser") is None
    assert to_hit(21, weapon="laser").chance == 0
    assert to_hit_number(3, weapon="laser", terrain="under_water") is None


def test_unknown_weapon_or_terrain_names_the_rule():
    with pytest.raises(ValueError, match="CEN-CMB-1.*weapon"):
        to_hit_number(3, weapon="phaser")
    with pytest.raises(ValueError, match="CEN-CMB-1.*terrain"):
        to_hit_number(3, weapon="laser", terrain="swamp")


@pytest.mark.parametrize("weapon", WEAPON_KINDS)
@pytest.mark.parametrize("terrain", ["clear", "light_woods", "heavy_woods", "building", "rubble"])
def test_to_hit_never_improves_with_range(weapon, terrain):
    for shield in (0, 3, 7):
        for crater in (False, True):
            numbers = [to_hit_number(r, weapon=weapon, shield_factor=shield, terrain=terrain, crater=crater)
                       for r in range(0, 22)]
            reals = [n for n in numbers if n is not None]
            assert reals == sorted(reals, reverse=True)
            assert numbers[-1] is None


def test_attack_side_of_each_wedge_facing_north():
    t = Hex(0, 0)
    assert attack_side(t, 0, Hex(0, -3)) == "front"
    assert attack_side(t, 0, Hex(2, -2)) == "right"
    assert attack_side(t, 0, Hex(2, 0)) == "right"
    assert attack_side(t, 0, Hex(0, 3)) == "stern"
    assert attack_side(t, 0, Hex(-2, 2)) == "left"
    assert attack_side(t, 0, Hex(-2, 0)) == "left"


def test_attack_side_turns_with_the_facing():
    t = Hex(5, 5)
    for facing in range(6):
        ahead = neighbor(neighbor(t, facing), facing)
        behind = neighbor(neighbor(t, (facing + 3) % 6), (facing + 3) % 6)
        assert attack_side(t, facing, ahead) == "front"
        assert attack_side(t, facing, behind) == "stern"


def test_attack_along_a_spine_offers_both_sides_and_the_defender_picks():
    t = Hex(0, 0)
    spine_front_left = Hex(-1, -1)  # exactly between the north and north-west wedges
    assert attack_sides(t, 0, spine_front_left) == ("front", "left")
    assert attack_side(t, 0, spine_front_left) == "front"
    # with its shields the defender picks the stronger one
    assert attack_side(t, 0, spine_front_left, shields={"front": 40, "left": 60}) == "left"
    spine_right_stern = Hex(1, 1)
    assert attack_sides(t, 0, spine_right_stern) == ("right", "stern")


def test_every_attacker_hex_gets_one_or_two_sides():
    t = Hex(0, 0)
    for h in hex_range(t, 6):
        if h == t:
            continue
        sides = attack_sides(t, 0, h)
        assert 1 <= len(sides) <= 2
    assert len(DIRECTIONS) == 6
