"""Line of sight: heights, dead zones, spines, the one-to-all table (CEN-LOS-1; book-a §9, E18, E19)."""

import random
from dataclasses import replace
from types import MappingProxyType

import pytest

from centurion.data import map_from_rows, sample_map
from centurion.hexgrid import Hex, from_offset, neighbor, to_offset
from centurion.rules.sight import blocking_height, line_of_sight, seen_hexes_of_path, sight_from


def sketch(cells: dict, columns: int = 9, rows: int = 10, buildings: dict | None = None):
    """A map from {hex: (terrain char, level)}; everything else clear at level 0."""
    terrain = [["."] * columns for _ in range(rows)]
    levels = [["0"] * columns for _ in range(rows)]
    for h, (ch, lv) in cells.items():
        c, r = to_offset(h)
        terrain[r - 1][c - 1], levels[r - 1][c - 1] = ch, str(lv)
    m = map_from_rows(["".join(r) for r in terrain], ["".join(r) for r in levels])
    if buildings:
        hexes = dict(m.hexes)
        for h, n in buildings.items():
            hexes[h] = replace(hexes[h], building_levels=n)
        m = replace(m, hexes=MappingProxyType(hexes))
    return m


def walk(h: Hex, *facings: int) -> Hex:
    for f in facings:
        h = neighbor(h, f)
    return h


# --- E18: a Viper in woods on a level-2 hill ----------------------------------------------------------

V = from_offset(5, 6)


def e18_map(g_trees: bool = True):
    cells = {V: ("l", 2)}
    cells[walk(V, 0)] = (".", 2)                        # B: adjacent, on the hill
    cells[walk(V, 0, 0)] = (".", 1)
    cells[walk(V, 0, 0, 0)] = (".", 1)                  # C: down the north slope
    cells[walk(V, 3)] = (".", 1)
    cells[walk(V, 3, 3)] = (".", 0)
    cells[walk(V, 3, 3, 3)] = (".", 0)                  # D: foot of the hill
    cells[walk(V, 1)] = ("l", 2)                        # trees on an intervening level-2 hill: height 3
    cells[walk(V, 1, 1)] = (".", 2)
    cells[walk(V, 1, 1, 1)] = (".", 2)                  # E
    cells[walk(V, 2)] = ("l", 2)                        # the same kind of wooded hill toward F ...
    cells[walk(V, 2, 2)] = (".", 3)
    cells[walk(V, 2, 2, 2)] = (".", 4)                  # F: ... but F stands on level 4
    cells[walk(V, 5)] = ("l" if g_trees else ".", 2)    # one of the two hexes on the spine toward G
    cells[walk(V, 4)] = (".", 2)
    cells[walk(V, 4, 5)] = (".", 2)                     # G: along the spine between V+5 and V+4
    return sketch(cells)


def test_e18_viper_sees_b_c_d():
    m = e18_map()
    for target in (walk(V, 0), walk(V, 0, 0, 0), walk(V, 3, 3, 3)):
        assert line_of_sight(m, V, target).seen, target


def test_e18_viper_cannot_see_e_over_trees_on_a_level_2_hill():
    m = e18_map()
    s = line_of_sight(m, V, walk(V, 1, 1, 1))
    assert not s.seen and s.kind == "blocked"
    assert s.deciding == walk(V, 1)
    assert blocking_height(m, walk(V, 1)) == 3


def test_e18_viper_sees_f_on_level_4_over_the_same_trees():
    m = e18_map()
    assert line_of_sight(m, V, walk(V, 2, 2, 2)).seen


def test_e18_g_on_a_spine_the_defender_routes_through_the_trees():
    m = e18_map()
    g = walk(V, 4, 5)
    s = line_of_sight(m, V, g)
    assert not s.seen and s.deciding == walk(V, 5)
    assert len(s.spines) == 1 and set(s.spines[0][0]) == {walk(V, 5), walk(V, 4)} and s.spines[0][1] == walk(V, 5)
    assert line_of_sight(m, g, V).deciding == walk(V, 5)  # the same from the other end
    assert line_of_sight(e18_map(g_trees=False), V, g).seen


# --- E19: a Liberator at the foot of a level-3 plateau ------------------------------------------------

A = from_offset(5, 7)


def e19_map(building_levels: int = 1):
    cells = {A: (".", 0)}
    for f in (0, 1, 5):  # the plateau begins right in front of the Liberator
        cells[walk(A, f)] = (".", 3)
        cells[walk(A, f, f)] = (".", 3)
        cells[walk(A, f, f, f)] = (".", 3)
    cells[walk(A, 3)] = ("b", 0)     # a building between the Liberator and the Viper
    cells[walk(A, 3, 3)] = (".", 0)  # B
    return sketch(cells, buildings={walk(A, 3): building_levels})


def test_e19_liberator_cannot_see_horatii_on_the_plateau_dead_zone():
    m = e19_map()
    for f in (0, 1, 5):
        for target in (walk(A, f, f), walk(A, f, f, f)):
            s = line_of_sight(m, A, target)
            assert not s.seen and s.kind == "dead zone up" and s.deciding == walk(A, f)


def test_e19_liberator_cannot_see_the_viper_behind_one_level():
    s = line_of_sight(e19_map(), A, walk(A, 3, 3))
    assert not s.seen and s.kind == "blocked" and s.deciding == walk(A, 3)


def test_e19_horatii_see_b_over_1_level_buildings_not_over_3():
    c = walk(A, 0, 0)
    b = walk(A, 3, 3)
    assert line_of_sight(e19_map(1), c, b).seen
    s = line_of_sight(e19_map(3), c, b)
    assert not s.seen and s.kind == "dead zone down" and s.deciding == walk(A, 3)


# --- rules and properties ----------------------------------------------------------------------------

def test_adjacent_units_always_see_each_other_whatever_the_heights():
    m = sketch({from_offset(2, 2): ("h", 0), from_offset(2, 3): (".", 9)})
    assert line_of_sight(m, from_offset(2, 2), from_offset(2, 3)).seen


def test_units_in_woods_stand_at_ground_level_and_their_own_trees_do_not_block():
    a, b = from_offset(3, 2), from_offset(3, 5)
    m = sketch({a: ("h", 0), b: ("h", 0)})
    assert line_of_sight(m, a, b).seen


def test_a_hex_equal_to_the_taller_level_does_not_block_one_higher_does():
    a, mid, b = from_offset(3, 2), from_offset(3, 3), from_offset(3, 4)
    assert line_of_sight(sketch({a: (".", 1), mid: (".", 1), b: (".", 1)}), a, b).seen
    assert not line_of_sight(sketch({a: (".", 1), mid: (".", 2), b: (".", 1)}), a, b).seen


def test_rubble_has_no_height_and_smoke_blocks_like_woods():
    a, mid, b = from_offset(3, 2), from_offset(3, 3), from_offset(3, 4)
    woods = sketch({mid: ("h", 0)})
    assert not line_of_sight(woods, a, b).seen
    assert line_of_sight(woods.with_counter(mid, "rubble"), a, b).seen
    assert not line_of_sight(sketch({}).with_counter(mid, "smoke"), a, b).seen


def test_infantry_on_a_building_floor_sees_over_the_trees():
    a, mid, b = from_offset(3, 2), from_offset(3, 3), from_offset(3, 4)
    m = sketch({mid: ("l", 0)})
    assert not line_of_sight(m, a, b).seen
    assert line_of_sight(m, a, b, level_a=2).seen


def test_sight_is_the_same_both_ways_on_the_sample_map():
    m = sample_map()
    rng = random.Random(12)
    hexes = list(m.hexes)
    for _ in range(400):
        a, b = rng.choice(hexes), rng.choice(hexes)
        assert line_of_sight(m, a, b).seen == line_of_sight(m, b, a).seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_to_all_table_agrees_with_the_single_lines(seed):
    m = sample_map()
    hexes = list(m.hexes)
    origin = random.Random(seed).choice(hexes)
    table = sight_from(m, origin)
    for h in hexes:
        s = line_of_sight(m, origin, h)
        assert s.seen == (h in table), (origin, h, s)
        assert s.deciding == table.blocker(h)


def test_one_to_all_on_sketches_with_dead_zones_and_spines():
    for m, origin in ((e18_map(), V), (e19_map(3), A), (e19_map(3), walk(A, 0, 0))):
        table = sight_from(m, origin)
        for h in m.hexes:
            assert line_of_sight(m, origin, h).seen == (h in table)


def test_opportunity_fire_sees_the_hexes_of_a_path_in_sight():
    m = e19_map()
    path = [walk(A, 3, 3), walk(A, 3), A, walk(A, 0), walk(A, 0, 0)]
    # from the plateau edge the Liberator's hex is in the dead zone below it
    assert seen_hexes_of_path(m, walk(A, 0, 0, 0), path) == [walk(A, 3, 3), walk(A, 3), walk(A, 0), walk(A, 0, 0)]
    assert seen_hexes_of_path(m, A, path) == [walk(A, 3), A, walk(A, 0)]
