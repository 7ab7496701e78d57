"""The dice source (DIE-10, DIE-20, DIE-100): exact odds, natural 1 and 10, seeding, logging."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from centurion.dice import Dice, d10_chance, d10_success, d20_over_chance, d100_chance


def test_d10_chance_exact_with_natural_one_and_ten():
    assert d10_chance(3) == Fraction(3, 10)
    assert d10_chance(0) == Fraction(1, 10)  # a natural 1 still passes
    assert d10_chance(-4) == Fraction(1, 10)
    assert d10_chance(10) == Fraction(9, 10)  # a natural 10 always fails
    assert d10_chance(14) == Fraction(9, 10)


@given(st.integers(-20, 30))
def test_d10_chance_counts_the_faces(target):
    assert d10_chance(target) == Fraction(sum(d10_success(r, target) for r in range(1, 11)), 10)


@given(st.integers(-5, 30))
def test_d20_over_counts_the_faces(target):
    assert d20_over_chance(target) == Fraction(sum(r > target for r in range(1, 21)), 20)


def test_d100_chance():
    assert d100_chance(34) == Fraction(34, 100)
    assert d100_chance(150) == 1 and d100_chance(-1) == 0


def test_same_seed_same_rolls():
    a, b = Dice(seed=7), Dice(seed=7)
    assert [a.roll("d10").result for _ in range(30)] == [b.roll("d10").result for _ in range(30)]


def test_every_roll_is_logged_with_target_and_probability():
    seen = []
    dice = Dice.scripted([4, 1, 10])
    dice.listeners.append(seen.append)
    r1 = dice.d10_test(3, purpose="Piloting Skill Roll", rule="CEN-SPD-1")
    r2 = dice.d10_test(-2, purpose="Piloting Skill Roll", rule="CEN-SPD-1")
    r3 = dice.d10_test(12, purpose="Piloting Skill Roll", rule="CEN-SPD-1")
    assert (r1.success, r2.success, r3.success) == (False, True, False)
    assert (r1.probability, r2.probability, r3.probability) == (Fraction(3, 10), Fraction(1, 10), Fraction(9, 10))
    assert dice.log == [r1, r2, r3] == seen
    assert "target 3" in r1.describe() and "CEN-SPD-1" in r1.describe() and "failure" in r1.describe()


def test_scripted_dice_refuse_impossible_faces_and_running_out():
    with pytest.raises(ValueError, match="outside 1..10"):
        Dice.scripted([11]).roll("d10")
    dice = Dice.scripted([])
    with pytest.raises(RuntimeError, match="ran out"):
        dice.roll("d10")
    with pytest.raises(ValueError, match="unknown die"):
        Dice(1).roll("d7")


def test_d20_test_is_strictly_greater():
    dice = Dice.scripted([13, 14])
    assert not dice.d20_over_test(13, purpose="attack", rule="CTA-COMBAT").success
    assert dice.d20_over_test(13, purpose="attack", rule="CTA-COMBAT").success
