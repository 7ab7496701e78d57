"""Tests that kill the mutants of centurion/rules/speed.py that survived (issue 22, docs/mutation.md).

Expected values come from RULES.md CEN-SPD-1..3, CEN-GRD-1..2 and book-a §3, not from the code.
"""

import pytest

from centurion.rules.speed import effective_speed_limit, grounding_damage, speed_limit_check


def test_SPD3_no_halving_unless_asked():
    """CEN-SPD-3: only reverse movement and a lost TS&R halve a limit; by default the limit stands."""
    assert effective_speed_limit(20) == 20
    assert effective_speed_limit(6) == 6
    assert effective_speed_limit(7, reverse=True) == 4
    assert effective_speed_limit(7, tsr_lost=True) == 4
    assert effective_speed_limit(7, reverse=True, tsr_lost=True) == 2


def test_SPD1_a_limit_of_zero_is_a_limit_not_an_error():
    """CEN-SPD-1: only a negative limit is refused; 0 halves to 0."""
    assert effective_speed_limit(0) == 0
    assert effective_speed_limit(0, reverse=True, tsr_lost=True) == 0
    with pytest.raises(ValueError, match="CEN-SPD-1"):
        effective_speed_limit(-1)


@pytest.mark.parametrize("bad", [1, 3, -0.5, 1.5, "x", True])
def test_SPD1_damage_modifiers_are_whole_numbers_0_or_less(bad):
    """CEN-SPD-1: damage modifiers only lower the roll's target; anything else is refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-SPD-1"):
        speed_limit_check(10, 6, damage_modifier=bad)


def test_SPD2_odd_group_destination_is_checked_with_the_rule():
    """CEN-SPD-2: the odd group of 10 goes front or bottom; anything else is refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-SPD-2"):
        speed_limit_check(10, 6, odd_group_to="left")


@pytest.mark.parametrize("velocity", [0, 5, 20, -3, -10])
def test_SPD1_within_the_limit_no_roll_and_no_damage(velocity):
    """CEN-SPD-1: at or under the (halved when reversing) limit there is no roll and no damage."""
    check = speed_limit_check(velocity, 20)
    assert check.velocity == velocity
    assert check.speed_limit == (10 if velocity < 0 else 20)
    assert (check.over, check.target, check.damage, check.front, check.bottom) == (0, None, 0, 0, 0)
    assert check.p_pass == 1
    assert not check.needs_roll


def test_SPD3_standing_still_does_not_halve_the_limit():
    """CEN-GRAV-5/CEN-SPD-3: only a negative velocity is reverse; at 0 the hex's limit stands."""
    assert speed_limit_check(0, 20).speed_limit == 20
    assert speed_limit_check(0, 7).speed_limit == 7


@pytest.mark.parametrize("over, front, bottom", [(1, 10, 0), (2, 10, 10), (3, 20, 10), (4, 20, 20), (5, 30, 20)])
def test_SPD2_damage_split_in_groups_of_ten(over, front, bottom):
    """CEN-SPD-2: 10 a point over, in groups of 10 split front/bottom, the odd group front by default."""
    check = speed_limit_check(6 + over, 6)
    assert check.velocity == 6 + over
    assert check.over == over
    assert check.damage == 10 * over
    assert (check.front, check.bottom) == (front, bottom)
    assert type(check.front) is int and type(check.bottom) is int
    flipped = speed_limit_check(6 + over, 6, odd_group_to="bottom")
    assert (flipped.front, flipped.bottom) == (bottom, front)


def test_GRD2_half_damage_in_a_lake_is_whole_boxes():
    """CEN-GRD-1/-2: 10 a point of velocity, half in a lake; damage counts whole boxes."""
    assert grounding_damage(3) == 30
    assert grounding_damage(-3) == 30
    assert grounding_damage(3, in_water=True) == 15
    assert type(grounding_damage(3, in_water=True)) is int
