"""Tests that kill the mutants of centurion/rules/damage.py that survived (issue 22, docs/mutation.md).

Expected values come from book-a §11-13 (hit location, templates, widowed armor, thrust table), the record
sheet layout in data/vehicles.yaml (sections side by side) and hand-worked grids; not from the code.
"""

import pytest

from centurion.data import vehicle_types
from centurion.rules.damage import (
    check_template,
    cross_rowwise,
    drop_template,
    fire_laser,
    hit_location,
    hit_section,
    reduced_thrust,
    remove_widowed,
    remove_widowed_armor,
    template_shape,
    vulcan_kill_number,
    widowed_boxes,
)
from centurion.rules.record import RecordSheet

V = vehicle_types()
T, F = True, False


@pytest.mark.parametrize("bad", [-1, 1.5, True, "6"])
def test_CMB1_thrust_is_a_whole_number_0_or_more(bad):
    """book-a §13: thrust is a count; anything else is refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        reduced_thrust(bad, 1)


def test_CMB1_zero_thrust_stays_zero():
    """book-a §13: a vehicle with no thrust left keeps none, whatever the hit."""
    assert [reduced_thrust(0, q) for q in range(5)] == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("bad", [0, -1, 1.5, True])
def test_CMB1_a_vulcan_engages_one_or_more_missiles(bad):
    """book-a §15.2: a Vulcan engages 1 or more missiles; anything else is refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        vulcan_kill_number(2, bad)


def test_CMB1_hit_location_roll_must_be_a_whole_d10():
    """DIE-10: a location roll reads 1..10 as a whole number."""
    with pytest.raises(ValueError, match="DIE-10"):
        hit_location(5.5)


def test_HEX4_hit_section_refuses_a_side_that_is_not_one_and_reads_the_column():
    """book-a §11: the hull-down column puts 4-7 on the turret; an unknown side is refused naming HEX-4."""
    with pytest.raises(ValueError, match="HEX-4"):
        hit_section(5, "bottom")
    assert hit_section(5, "left", "hull_down") == "turret"
    assert hit_section(9, "left", "hull_down") == "left"
    assert hit_section(5, "left", "laf") == "bottom"


def test_CMB1_a_one_box_laser_takes_one_box_and_a_zero_box_laser_is_refused():
    """book-a §12.1: a laser N destroys N boxes down the column; N is at least 1."""
    s = RecordSheet.of(V["viper"])
    s2, mark = fire_laser(s, "front", 3, 1)
    assert mark.armor == (52,)  # Viper front 50: first used row is row 5, column 3 -> box 52
    assert (mark.section, mark.column, mark.points, mark.lost) == ("front", 3, 1, 0)
    assert s2.armor["front"].intact == 49
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        fire_laser(s, "front", 3, 0)


def test_CMB1_a_hit_on_an_empty_column_loses_every_point_and_says_where():
    """book-a §12.1: damage falling where no box is left is lost; the mark still names section and column."""
    s = RecordSheet.of(V["viper"])
    s, first = fire_laser(s, "front", 4, 40)  # 5 armor rows and every internal row of column 4
    assert first.lost > 0
    s, mark = drop_template(s, "front", 4, (1, 1, 1))
    assert (mark.section, mark.column, mark.points, mark.armor, mark.internal, mark.lost) == \
        ("front", 4, 3, (), (), 3)


@pytest.mark.parametrize("bad", [0, 11, 1.5, True])
def test_CMB1_the_damage_column_is_a_d10_roll(bad):
    """book-a §12.1: the column is a d10 roll, 1..10."""
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        drop_template(RecordSheet.of(V["viper"]), "front", bad, (1,))


def test_CMB1_templates_are_lists_of_odd_widths():
    """book-a §12.1: a template is a sequence of odd row widths; bytes or sets are not one; messages stay short."""
    assert check_template([5, 3]) == (5, 3)
    for bad in (b"\x03", {3}, "3", [2], [0], [True]):
        with pytest.raises(ValueError, match="CEN-CMB-1"):
            check_template(bad)
    with pytest.raises(ValueError) as err:
        check_template([2] * 500)
    assert len(str(err.value)) == 200


def test_CMB1_internal_damage_crosses_into_the_left_neighbour():
    """book-a §13.1: damage off the left edge of an internal row continues in the section to the left."""
    s = RecordSheet.of(V["viper"])  # front: left neighbour 'left', right neighbour 'right'
    for col in (1, 2):
        s, _ = fire_laser(s, "front", col, 5)  # strip front columns 1-2 of their 5 armor rows
    s, mark = drop_template(s, "front", 1, (5,))  # row 10: columns -1, 0 of the front are 9, 10 of the left
    assert sorted(b for b in mark.internal if b[0] == "left") == [("left", 8), ("left", 9)]


def test_SPD2_movement_damage_with_immediate_false_is_pending():
    """CEN-SEQ-3/CEN-SPD-2: template internals wait for the end of fire unless immediate."""
    s = RecordSheet.of(V["viper"])
    later, _ = drop_template(s, "bottom", 5, (1, 1, 1, 1))  # bottom armor 20: two rows, then internals
    assert ("bottom", 4) in later.pending and ("bottom", 4) not in later.internal_lost
    now, _ = drop_template(s, "bottom", 5, (1, 1, 1, 1), immediate=True)
    assert ("bottom", 4) in now.internal_lost and not now.pending


@pytest.mark.parametrize("bad", [-1, 1.5, True])
def test_SPD2_movement_damage_points_are_whole_and_not_negative(bad):
    """CEN-SPD-2: damage is a whole number of points, 0 or more."""
    with pytest.raises(ValueError, match="CEN-SPD-2"):
        cross_rowwise(RecordSheet.of(V["viper"]), "front", bad)


def test_SPD2_zero_movement_damage_crosses_nothing_and_bad_sections_are_refused():
    """CEN-SPD-2: 0 points cross no box; CEN-REC-1: a section must exist."""
    s = RecordSheet.of(V["viper"])
    new, armor, internal = cross_rowwise(s, "front", 0)
    assert (armor, internal) == ((), ()) and new.armor["front"].intact == 50
    with pytest.raises(ValueError, match="CEN-REC-1"):
        cross_rowwise(s, "hull", 10)


def test_CMB1_widowing_follows_paths_down_left_and_right():
    """book-a §12.2: a box stays when an edge path of intact boxes reaches the bottom row, whatever its turns."""
    # (1,0) reaches the bottom only by going up, right along the top and down column 2
    u_right = [[T, T, T],
               [T, F, T],
               [F, F, T]]
    assert remove_widowed(u_right) == u_right
    u_left = [[T, T, T],
              [T, F, T],
              [T, F, F]]
    assert remove_widowed(u_left) == u_left
    # a longer detour: down two rows on the far side
    s_bend = [[T, T, T, T],
              [T, F, F, T],
              [F, F, F, T],
              [F, F, F, T]]
    assert remove_widowed(s_bend) == s_bend
    # one step sideways at the top, in a grid two wide
    assert remove_widowed([[T, T], [F, T]]) == [[T, T], [F, T]]
    assert remove_widowed([[T, T], [T, F]]) == [[T, T], [T, F]]
    cut = [[T, T, F],
           [F, F, F],
           [F, T, T]]
    assert remove_widowed(cut) == [[F, F, F], [F, F, F], [F, T, T]]


def test_CMB1_widowed_boxes_of_a_section_with_unused_rows():
    """book-a §12.2/§0.5: unused rows are crossed from the top and never count; a lost row widows those above."""
    s = RecordSheet.of(V["viper"])  # front armor 50: rows 5-9 (boxes 50..99) in use
    s = s.with_damage({"front": range(70, 80)}, ())  # row 7 gone
    assert widowed_boxes(s, "front") == frozenset(range(50, 70))
    assert widowed_boxes(s, "turret") == frozenset()
    new, removed = remove_widowed_armor(s)
    assert removed == {"front": tuple(range(50, 70))}
    assert new.armor["front"].intact == 20
    # a hole that leaves a path: box 62 above a lost 72 still reaches the bottom through 61/71
    s = RecordSheet.of(V["viper"]).with_damage({"front": [72]}, ())
    assert widowed_boxes(s, "front") == frozenset()
    assert remove_widowed_armor(s) == (s, {})


def test_CMB1_a_vulcan_does_no_armor_damage():
    """book-a §15: a Vulcan only engages missiles; asking for its damage template is refused naming the rule."""
    with pytest.raises(ValueError, match="CEN-CMB-1"):
        template_shape("Vulcan-1")


def test_CMB1_a_hit_mark_describes_section_column_and_counts():
    """The combat log line of a hit names the section, the column and the boxes taken, internals only when hit."""
    s = RecordSheet.of(V["viper"])
    _, mark = fire_laser(s, "front", 3, 1)
    text = mark.describe()
    assert text.startswith("front column 3: 1 armor, 0 lost") and "internal" not in text and "CEN-CMB-1" in text
    _, mark = fire_laser(s, "bottom", 5, 4)  # bottom armor 20: 2 armor boxes, then 2 internal boxes
    assert ", 2 internal" in mark.describe()
