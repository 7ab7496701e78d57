"""Tests that kill the mutants of centurion/rules/infantry_fire.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §14.1 (a squad is destroyed at 5 killed), §16.2 (riders), §16.3 (attacks and
the strength table), §16.6 (the Infantry Damage Table, typed here from the digest) and the TET; not from the code.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import pytest

from centurion.data import map_from_rows
from centurion.dice import Dice
from centurion.hexgrid import from_offset
from centurion.rules.infantry_fire import (
    apply_losses,
    casualty_odds,
    casualty_roll,
    casualty_row,
    infantry_casualties,
    personal_weapon_attacks,
    rider_losses,
    squad_strength,
    terrain_casualty_modifier,
)

# book-a §16.6, columns -1, 0, 1 .. 10
TABLE = {
    "20": [0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4, 5],
    "15": [0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 4],
    "9": [0, 0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 3],
    "IWF9": [0, 0, 0, 0, 1, 2, 3, 4, 4, 4, 4, 4],
    "IWF1": [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    "mortar": [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
    "ap_laser": [0, 0, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7],
}


@pytest.mark.parametrize("row", sorted(TABLE))
def test_CMB1_infantry_damage_table_rows(row):
    """book-a §16.6: men killed by the modified roll, -1 and below read as -1, 10 and above as 10."""
    assert [infantry_casualties(row, r) for r in range(-1, 11)] == TABLE[row]
    assert infantry_casualties(row, -4) == TABLE[row][0] and infantry_casualties(row, 14) == TABLE[row][-1]


def test_CMB1_casualty_odds_are_exact_over_the_ten_faces():
    """book-a §16.6: each face 1-10 is 1/10; a modifier shifts the column."""
    # faces 1, 2 -> 0; 3 -> 1; 4 -> 2; 5 -> 3; 6-10 -> 4
    assert casualty_odds("IWF9") == {0: Fraction(2, 10), 1: Fraction(1, 10), 2: Fraction(1, 10),
                                     3: Fraction(1, 10), 4: Fraction(5, 10)}
    # two lower: faces 1-4 -> 0; 5 -> 1; 6 -> 2; 7 -> 3; 8-10 -> 4
    assert casualty_odds("IWF9", -2) == {0: Fraction(4, 10), 1: Fraction(1, 10), 2: Fraction(1, 10),
                                         3: Fraction(1, 10), 4: Fraction(3, 10)}
    assert sum(casualty_odds("mortar", 3).values()) == 1


def test_CMB1_a_casualty_roll_adds_its_terms():
    """book-a §16.6: d10 + the hex's modifiers, read on the row; the roll is logged with the row."""
    r = casualty_roll(Dice.scripted([7]), "IWF9", [("squad in light woods", -1, "CEN-TER-1")])
    assert (r.row, r.roll.result, r.modified, r.killed) == ("IWF9", 7, 6, 4)
    assert r.terms == (("squad in light woods", -1, "CEN-TER-1"),)
    assert r.odds == casualty_odds("IWF9", -1)
    assert "IWF9" in r.roll.purpose and r.roll.rule == "CEN-CMB-1"
    plain = casualty_roll(Dice.scripted([3]), "mortar")
    assert (plain.modified, plain.killed) == (3, 2)


@pytest.mark.parametrize("men, template, tvlgs, mortars", [
    (8, "IWF9", 4, 2), (7, "IWF7", 4, 2), (6, "IWF7", 4, 2), (5, "IWF5", 4, 1), (4, "IWF5", 4, 1),
    (3, "IWF3", 3, 1), (2, "IWF3", 2, 0), (1, "IWF1", 1, 0)])
def test_INF1_squad_strength_table(men, template, tvlgs, mortars):
    """book-a §16.3: the template, TVLGs and mortars a squad of N men has."""
    s = squad_strength(men)
    assert (s.template, s.tvlgs, s.mortars) == (template, tvlgs, mortars)


def test_INF1_squad_strength_edges():
    """book-a §16.3: no one left, no strength; a squad has 0 to 8 men."""
    assert squad_strength(0) is None
    for bad in (-1, 9, True, 2.5):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            squad_strength(bad)


def test_INF1_personal_weapon_attacks():
    """book-a §16.3: 1 attack after moving, 2 standing, 3 standing in the target's hex."""
    assert personal_weapon_attacks(True) == 1
    assert personal_weapon_attacks(True, True) == 1
    assert personal_weapon_attacks(False) == 2
    assert personal_weapon_attacks(False, True) == 3
    for bad in ((1, False), (False, 0), (None, False)):
        with pytest.raises(ValueError, match="CEN-INF-1"):
            personal_weapon_attacks(*bad)


class Wpn(NamedTuple):
    type: str
    damage: object = None


@pytest.mark.parametrize("weapon, row", [
    (Wpn("AP laser"), "ap_laser"), (Wpn("3/6 laser", 6), "6"), (Wpn("7.5/6 laser", 6), "6"),
    (Wpn("MDC 8"), "8"), (Wpn("MDC 12"), "12"), (Wpn("200mm Gauss"), "20"), (Wpn("150mm Gauss"), "15"),
    (Wpn("100mm Gauss"), "10"), (Wpn("50mm Gauss"), "7"), (Wpn("25mm Gauss"), "3")])
def test_CMB1_casualty_row_of_each_vehicle_weapon(weapon, row):
    """book-a §16.6: lasers by their damage, MDCs by their number, Gauss by calibre (200 -> 20, ..., 25 -> 3)."""
    assert casualty_table_key(casualty_row(weapon)) == casualty_table_key(row)


def casualty_table_key(row):
    from centurion.data.infantry_damage import casualty_table

    return casualty_table().row_key(row)


def test_CMB1_no_row_for_missiles_or_odd_cannons():
    """book-a §8.3: missiles never attack infantry; a Gauss calibre without a row is refused."""
    with pytest.raises(ValueError, match="CEN-CMB-1.*missiles never"):
        casualty_row(Wpn("SMLM 2"))
    with pytest.raises(ValueError, match="CEN-CMB-1.*75mm"):
        casualty_row(Wpn("75mm Gauss"))


def test_TER1_terrain_and_crater_casualty_modifiers():
    """book-a §16.6/TET: the hex's combat modifier (light woods -1, heavy -2), the crater -2 on top."""
    m = map_from_rows([".lh"])
    clear, light, heavy = from_offset(1, 1), from_offset(2, 1), from_offset(3, 1)
    assert terrain_casualty_modifier(m, clear) == [("squad in clear", 0, "CEN-TER-1")]
    assert terrain_casualty_modifier(m, light) == [("squad in light woods", -1, "CEN-TER-1")]
    assert terrain_casualty_modifier(m, heavy, crater=True) == [("squad in heavy woods", -2, "CEN-TER-1"),
                                                                ("squad in a crater", -2, "CEN-CRT-1")]


@pytest.mark.parametrize("men, losses, started, result", [
    (8, 3, 8, (5, 3, False)), (8, 5, 8, (0, 5, True)), (8, [2, 2], 8, (4, 4, False)),
    (6, 2, 8, (4, 4, False)), (6, 3, 8, (0, 5, True)), (6, 1, 6, (5, 1, False)),
    (3, 3, 3, (0, 3, True)), (8, 0, 8, (8, 0, False)), (8, 12, 8, (0, 8, True))])
def test_INF1_losses_destroy_a_squad_at_5_killed(men, losses, started, result):
    """book-a §14.1: a squad is destroyed at 5 killed, counted from the men it started the battle with (8 by
    default); one with no man left is gone too."""
    r = apply_losses(men, losses, started_with=started)
    assert (r.men, r.killed, r.destroyed) == result


def test_INF1_bad_losses_are_refused():
    for men, losses, started in ((8, -1, 8), (9, 0, 9), (8, 0, 7), (-1, 0, 8)):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            apply_losses(men, losses, started_with=started)
    assert apply_losses(8, 1).killed == 1  # started_with defaults to 8


def test_INF1_riders_roll_once_a_hit_twice_when_it_grounds():
    """book-a §16.2: a d10 of men killed each time the vehicle is hit; a hit forcing a grounding rolls twice."""
    assert [r.result for r in rider_losses(Dice.scripted([4]))] == [4]
    assert [r.result for r in rider_losses(Dice.scripted([4, 2]), forced_grounding=True)] == [4, 2]
    rolls = rider_losses(Dice.scripted([1, 2, 3]), hits=3)
    assert len(rolls) == 3 and all(r.rule == "CEN-CMB-1" and "riding outside" in r.purpose for r in rolls)
