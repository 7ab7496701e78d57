"""Fast tests for centurion/variants/vanes.py written against its surviving mutants (issue 22, docs/mutation.md).

Expected values: the seed's emergency-turn text and Liberator example (VAR-EMERGENCY), the facing change table
of RULES.md (CEN-GRAV-4: 1-5 -> 1, 6-10 -> 2, 11-19 -> 3, 20-29 -> 4, 30+ -> 5), the project's decision of 9 and
9 for an undamaged vane less 1 per box lost (RULES.md "D:"; 5 boxes a vane in data/variants.yaml), and the odds
by enumerating the ten faces of a d10 (DIE-10: <= target passes, a 1 always passes, a 10 always fails).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from centurion.dice import Dice
from centurion.variants.vanes import (
    VaneResult,
    emergency_turn_cost,
    emergency_turn_targets,
    roll_vane_saves,
    vane_odds,
)

RULE = "VAR-EMERGENCY"
# CEN-GRAV-4 straight hexes by |velocity|, from RULES.md
TABLE = [(0, 0, 0), (1, 5, 1), (6, 10, 2), (11, 19, 3), (20, 29, 4), (30, 60, 5)]


def straight_needed(v: int) -> int:
    for lo, hi, n in TABLE:
        if lo <= abs(v) <= hi:
            return n
    raise AssertionError(v)


def passes(face: int, target: int) -> bool:
    return face == 1 or (face != 10 and face <= target)


def p_pass(target: int) -> Fraction:
    return Fraction(sum(passes(f, target) for f in range(1, 11)), 10)


def test_VAR_EMERGENCY_cost_is_the_table_less_the_straight_hexes_never_below_0():
    for v in range(-35, 36):
        need = straight_needed(v)
        for straight in range(1, 7):
            expected = 0 if need == 0 else max(0, need - straight)
            assert emergency_turn_cost(v, straight) == expected, (v, straight)


def test_VAR_EMERGENCY_a_free_spin_needs_no_straight_hex_at_all():
    # at v0 the vehicle spins freely: no thrust and no straight hex needed, whatever is passed
    assert emergency_turn_cost(0, 0) == 0
    assert emergency_turn_cost(0, -3) == 0


@pytest.mark.parametrize("velocity", [True, False, 1.0, "14", None])
def test_VAR_EMERGENCY_cost_refuses_a_velocity_that_is_not_a_whole_number(velocity):
    with pytest.raises(ValueError, match=RULE):
        emergency_turn_cost(velocity, 1)


@pytest.mark.parametrize("straight", [0, -1, True, False, 1.0, "1", None])
def test_VAR_EMERGENCY_cost_refuses_fewer_than_one_straight_hex(straight):
    with pytest.raises(ValueError, match=RULE) as e:
        emergency_turn_cost(14, straight)
    assert "at least one hex" in str(e.value)


def test_VAR_EMERGENCY_targets_9_less_tp_and_boxes_lost_damage_one_lower():
    for tp in range(0, 10):
        for lost in range(0, 6):
            base = 9 - tp - lost
            assert emergency_turn_targets(tp, vane_boxes_lost=lost) == (base, base - 1, base), (tp, lost)
    assert emergency_turn_targets(0) == (9, 8, 9)


@pytest.mark.parametrize("tp", [-1, True, False, 1.5, "2", None])
def test_VAR_EMERGENCY_targets_refuse_bad_thrust(tp):
    with pytest.raises(ValueError, match=RULE) as e:
        emergency_turn_targets(tp)
    assert "whole number >= 0" in str(e.value)


@pytest.mark.parametrize("lost", [-1, 6, True, False, 1.0, "1", None])
def test_VAR_EMERGENCY_targets_refuse_boxes_lost_outside_0_to_5(lost):
    with pytest.raises(ValueError, match=RULE) as e:
        emergency_turn_targets(1, vane_boxes_lost=lost)
    assert "0..5" in str(e.value)


def test_VAR_EMERGENCY_odds_match_an_enumeration_of_the_three_d10s():
    for tp in range(0, 9):
        for lost in range(0, 6):
            b, d, s = 9 - tp - lost, 9 - tp - lost - 1, 9 - tp - lost
            burn = box = short = unharmed = Fraction(0)
            for f1, f2, f3 in product(range(1, 11), repeat=3):
                w = Fraction(1, 1000)
                if not passes(f1, b):
                    burn += w
                    continue
                if not passes(f2, d):
                    box += w
                if not passes(f3, s):
                    short += w
                if passes(f2, d) and passes(f3, s):
                    unharmed += w
            o = vane_odds(tp, vane_boxes_lost=lost)
            assert o.thrust_points == tp and o.targets == (b, d, s)
            assert (o.p_burnout, o.p_box_lost, o.p_short, o.p_unharmed) == (burn, box, short, unharmed), (tp, lost)
            assert o.p_burnout == 1 - p_pass(b)


def test_VAR_EMERGENCY_seed_example_rolls_in_order_with_their_targets_and_rule():
    dice = Dice.scripted([5, 9, 1])
    res = roll_vane_saves(dice, 2, side="right")
    assert isinstance(res, VaneResult) and res.side == "right"
    assert [(r.die, r.target, r.result, r.success, r.rule) for r in res.rolls] == [
        ("d10", 7, 5, True, RULE), ("d10", 6, 9, False, RULE), ("d10", 7, 1, True, RULE)]
    assert list(res.rolls) == dice.log
    assert (res.burned_out, res.boxes_lost, res.shorted) == (False, 1, False)
    assert [r.purpose for r in res.rolls] == ["right vane: burnout save (2 TP pumped)", "right vane: damage save",
                                              "right vane: short save"]


def test_VAR_EMERGENCY_each_save_outcome():
    # burnout: one roll only, nothing else recorded
    res = roll_vane_saves(Dice.scripted([8, 1, 1]), 2)
    assert (res.side, res.burned_out, res.boxes_lost, res.shorted, len(res.rolls)) == ("left", True, 0, False, 1)
    assert res.rolls[0].purpose == "left vane: burnout save (2 TP pumped)"
    # all three pass: no harm
    res = roll_vane_saves(Dice.scripted([7, 6, 7]), 2)
    assert (res.burned_out, res.boxes_lost, res.shorted) == (False, 0, False)
    # the short fails alone
    res = roll_vane_saves(Dice.scripted([7, 6, 8]), 2)
    assert (res.burned_out, res.boxes_lost, res.shorted) == (False, 0, True)
    # a box lost earlier lowers all three targets
    dice = Dice.scripted([5, 5, 5])
    roll_vane_saves(dice, 1, vane_boxes_lost=2)
    assert [r.target for r in dice.log] == [6, 5, 6]


@pytest.mark.parametrize("side", ["up", "", None, "LEFT"])
def test_VAR_EMERGENCY_a_vane_is_left_or_right(side):
    with pytest.raises(ValueError, match="VAR-EMERGENCY: side is one of 'left', 'right'"):
        roll_vane_saves(Dice.scripted([1, 1, 1]), 1, side=side)


def test_VAR_EMERGENCY_the_log_line_says_what_happened_to_which_vane():
    burned = roll_vane_saves(Dice.scripted([10]), 1, side="right")
    assert burned.describe() == "the right vane burns out [VAR-EMERGENCY]"
    both = roll_vane_saves(Dice.scripted([2, 10, 10]), 1, side="left")
    assert both.describe() == "the left vane: one box crossed, shorted out for a turn [VAR-EMERGENCY]"
    box = roll_vane_saves(Dice.scripted([2, 10, 2]), 1, side="left")
    assert box.describe() == "the left vane: one box crossed [VAR-EMERGENCY]"
    short = roll_vane_saves(Dice.scripted([2, 2, 10]), 1, side="left")
    assert short.describe() == "the left vane: shorted out for a turn [VAR-EMERGENCY]"
    none = roll_vane_saves(Dice.scripted([2, 2, 2]), 1, side="right")
    assert none.describe() == "the right vane: no harm [VAR-EMERGENCY]"
