"""Tests that kill the mutants of centurion/rules/fire.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §10 (range bands, modifiers), RULES.md HEX-3/HEX-4, CEN-CRT-1 and the
project's rule that every term of a target number names its rule; not from the code.
"""

import re
from dataclasses import replace

import pytest

from centurion.data import terrain_table
from centurion.hexgrid import Hex
from centurion.rules.fire import attack_side, attack_sides, base_to_hit, range_band, to_hit, to_hit_number

RULE_ID = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")


@pytest.mark.parametrize("rng, band", [(0, "1"), (1, "1"), (2, "2-3"), (3, "2-3"), (4, "4-6"), (6, "4-6"),
                                       (7, "7-10"), (10, "7-10"), (11, "11-15"), (15, "11-15"), (16, "16-20"),
                                       (20, "16-20"), (21, "> 20")])
def test_CMB1_range_band_labels_follow_the_book_table(rng, band):
    """book-a §10.1: the bands are 1, 2-3, 4-6, 7-10, 11-15, 16-20; range 0 counts as 1."""
    assert range_band(rng) == band


@pytest.mark.parametrize("bad", [1.5, "3", None])
def test_CMB1_range_must_be_a_whole_number(bad):
    """CEN-CMB-1: a range is a whole number of hexes; anything else is refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        base_to_hit(bad)


@pytest.mark.parametrize("field", ["shield_factor", "targeting_lost"])
@pytest.mark.parametrize("bad", [-1, 1.5, -0.5, True])
def test_CMB1_shield_factor_and_targ_boxes_are_whole_numbers_0_or_more(field, bad):
    """CEN-CMB-1: shield factors and lost Targ boxes are counts; bad ones are refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        to_hit(5, weapon="mdc", **{field: bad})


def test_CMB1_to_hit_number_defaults_to_no_shield():
    """book-a §10.2: no shield factor given means none: range 7 in clear is the base 9."""
    assert to_hit_number(7, weapon="mdc") == 9
    assert to_hit_number(1, weapon="laser") == 12


def test_CMB1_every_term_has_a_label_and_a_rule_id():
    """CEN-CMB-1: every term of a to-hit breakdown says what it is and which rule gives it."""
    roll = to_hit(7, weapon="laser", shield_factor=5, terrain="light_woods", crater=True, targeting_lost=2,
                  smoke=True, gunnery=5, shield_side="right")
    # book-a E20 with a crater, smoke, 2 Targ boxes lost and gunnery 5: 9 + 1 - 5 - 2 (smoke = heavy woods) - 2 - 2
    assert roll.value == 9 + 1 - 5 - 2 - 2 - 2
    for term in roll.terms:
        assert isinstance(term.label, str) and term.label
        assert "None" not in term.label and "XX" not in term.label
        assert RULE_ID.match(term.rule), term
    crater = [t for t in roll.terms if "crater" in t.label]
    assert [(t.value, t.rule) for t in crater] == [(-2, "CEN-CRT-1")]
    assert any("smoke" in t.label and "heavy woods" in t.label for t in roll.terms)
    assert any("light woods" in t.label for t in roll.terms)
    for weapon, painted in (("gauss", False), ("mdc", True)):
        for term in to_hit(3, weapon=weapon, shield_factor=4, painted=painted).terms:
            assert isinstance(term.label, str) and RULE_ID.match(term.rule)


def test_CMB1_shield_term_names_the_side_only_when_given():
    """CEN-CMB-1: the shield term reads 'shield factor 4', or 'left shield factor 4' when the side is named."""
    plain = [t.label for t in to_hit(3, weapon="mdc", shield_factor=4).terms]
    assert "shield factor 4" in plain
    sided = [t.label for t in to_hit(3, weapon="mdc", shield_factor=4, shield_side="left").terms]
    assert "left shield factor 4" in sided


def test_CMB1_refusals_name_the_rule_and_the_reason():
    """CEN-CMB-1/CEN-TER-1: no fire beyond 20 hexes or into water; the refusal says which rule and why."""
    far = to_hit(21, weapon="mdc")
    assert far.value is None
    assert far.impossible[0] == "CEN-CMB-1" and "20" in far.impossible[1]
    wet = to_hit(3, weapon="mdc", terrain="under_water")
    assert wet.value is None
    assert wet.impossible[0] == "CEN-CMB-1" and "under water" in wet.impossible[1]


def test_CRT1_crater_terrain_twice_is_refused():
    """CEN-CRT-1: terrain 'crater' plus crater=True would count the crater twice."""
    with pytest.raises(ValueError, match="CEN-CRT-1"):
        to_hit(3, weapon="mdc", terrain="crater", crater=True)


def test_CMB1_unknown_terrain_lists_the_known_ones():
    """CEN-TER-1: an unknown terrain is refused, listing the terrains that exist."""
    with pytest.raises(ValueError, match="CEN-CMB-1") as err:
        to_hit(3, weapon="mdc", terrain="swamp")
    assert "clear" in str(err.value) and "heavy_woods" in str(err.value)


def test_TER1_the_given_terrain_table_is_used():
    """CEN-TER-1: the table is data; a scenario's own table changes the modifiers, smoke's too."""
    tt = terrain_table()
    terrain = dict(tt.terrain)
    terrain["clear"] = replace(terrain["clear"], combat_modifier=-3)
    terrain["heavy_woods"] = replace(terrain["heavy_woods"], combat_modifier=-5)
    custom = replace(tt, terrain=terrain)
    assert to_hit(7, weapon="mdc", table=custom).value == 9 - 3
    assert to_hit(7, weapon="mdc", table=custom, smoke=True).value == 9 - 5


def test_CMB1_smoke_in_heavy_woods_adds_no_term():
    """book-b §10.3: smoke counts as heavy woods, never both: in heavy woods smoke changes nothing."""
    plain = to_hit(7, weapon="mdc", terrain="heavy_woods")
    smoky = to_hit(7, weapon="mdc", terrain="heavy_woods", smoke=True)
    assert smoky.value == plain.value == 9 - 2
    assert not any("smoke" in t.label for t in smoky.terms)


def test_HEX4_spine_side_picked_by_shields_missing_sides_count_zero():
    """HEX-4: on a spine the defender picks the side with the stronger shield; a side not given has none."""
    target, spine = Hex(0, 0), Hex(-1, -1)  # two hexes out along the front/left-front spine
    assert attack_sides(target, 0, spine) == ("front", "left")
    assert attack_side(target, 0, spine, shields={"left": 1}) == "left"
    assert attack_side(target, 0, spine, shields={"front": 1}) == "front"
    assert attack_side(target, 0, spine) == "front"
    assert attack_side(target, 0, spine, shields={"stern": 5}) == "front"  # neither side given: both 0, front first


def test_HEX3_facings_are_0_to_5():
    """HEX-3: a facing names one of the six hexsides, 0-5; -1 or 7 are refused naming the rule, not wrapped."""
    target, north = Hex(0, 0), Hex(0, -2)
    assert attack_sides(target, 5, north) == ("right",)
    assert attack_sides(target, 1, north) == ("left",)
    for bad in (-1, 7):
        with pytest.raises(ValueError, match="HEX-3"):
            attack_sides(target, bad, north)
