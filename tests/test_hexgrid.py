"""Hex grid geometry (HEX-1..4): labels, neighbours, distance, rings, lines, arcs, pixel layout."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from centurion.hexgrid import (
    Hex,
    Layout,
    arcs,
    distance,
    facing_between,
    format_label,
    from_offset,
    hex_range,
    line,
    neighbor,
    neighbors,
    parse_label,
    ring,
    to_offset,
    turn,
    wedges,
)

hexes = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
labels = st.tuples(st.integers(1, 99), st.integers(1, 99)).map(lambda cr: f"{cr[0]:02d}{cr[1]:02d}")


def labels_of(hs):
    return sorted(format_label(h) for h in hs)


def test_hex2_neighbours_of_0101_on_the_map():
    around = [neighbor(parse_label("0101"), f) for f in range(6)]
    on_map = [h for h in around if min(to_offset(h)) >= 1]
    assert labels_of(on_map) == ["0102", "0201"]


def test_hex2_neighbours_of_0202():
    assert labels_of(neighbors(parse_label("0202"))) == ["0102", "0103", "0201", "0203", "0302", "0303"]


def test_hex3_facings_clockwise_from_north():
    h = parse_label("0505")
    assert format_label(neighbor(h, 0)) == "0504"  # north
    assert format_label(neighbor(h, 3)) == "0506"  # south
    assert format_label(neighbor(h, 1)) == "0604"  # north-east of an odd column
    assert format_label(neighbor(h, 2)) == "0605"
    assert format_label(neighbor(h, 5)) == "0404"
    assert format_label(neighbor(h, 4)) == "0405"
    assert turn(0, -1) == 5 and turn(5, 1) == 0 and turn(2, 3) == 5


def test_public_api_examples():
    assert parse_label("0304") == from_offset(3, 4)
    assert format_label(parse_label("0304")) == "0304"
    assert distance(parse_label("0101"), parse_label("0105")) == 4
    assert distance(parse_label("0101"), parse_label("0501")) == 4


@pytest.mark.parametrize("bad", ["304", "03a4", "0004", "0300", "", "12345"])
def test_parse_label_refuses_bad_labels(bad):
    with pytest.raises(ValueError, match="HEX-2"):
        parse_label(bad)


def test_ring_and_range_sizes():
    c = Hex(2, 3)
    assert len(ring(c, 0)) == 1
    assert all(len(ring(c, r)) == 6 * r for r in range(1, 6))
    assert all(distance(c, h) == 3 for h in ring(c, 3))
    assert len(set(hex_range(c, 3))) == 1 + 3 * 3 * 4
    with pytest.raises(ValueError):
        ring(c, -1)


def test_line_along_a_spine_reports_both_hexes():
    a = Hex(0, 0)
    b = Hex(2, -1)  # a diagonal: the line runs along the spine between two hexes
    steps = line(a, b)
    assert len(steps) == 3
    assert steps[0] == (a,) and steps[-1] == (b,)
    assert set(steps[1]) == {Hex(1, -1), Hex(1, 0)}


def test_line_off_the_spine_is_single():
    steps = line(Hex(0, 0), Hex(3, 0))
    assert all(len(s) == 1 for s in steps)


def test_wedges_and_arcs():
    o = Hex(0, 0)
    for f in range(6):
        assert wedges(o, neighbor(o, f)) == (f,)
        assert arcs(o, f, neighbor(o, f)) == (0,)  # straight ahead
        assert arcs(o, f, neighbor(o, (f + 3) % 6)) == (3,)  # stern
    assert wedges(o, Hex(2, -1)) == (1, 2)  # on the spine between NE and SE
    assert arcs(o, 1, Hex(2, -1)) == (0, 1)


def test_facing_between():
    o = Hex(4, 4)
    for f in range(6):
        assert facing_between(o, neighbor(o, f)) == f
    assert facing_between(o, Hex(7, 7)) is None


def test_layout_refuses_a_bad_size():
    with pytest.raises(ValueError):
        Layout(0)


# --- properties ------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_symmetric(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes)
def test_line_is_a_chain_of_neighbours_between_the_ends(a, b):
    # CEN-LOS-1 is a supercover (issue 20, C2): at least distance + 1 entries (one per hex the segment runs
    # inside, a pair along a hexside), each next to the entry before, none off a shortest path from a to b
    steps = line(a, b)
    n = distance(a, b)
    assert len(steps) >= n + 1
    assert steps[0] == (a,) and steps[-1] == (b,)
    for before, step in zip(steps, steps[1:]):
        assert all(any(distance(h, g) == 1 for g in before) for h in step)
    for step in steps:
        assert len(step) == 1 or distance(step[0], step[1]) == 1
        for h in step:
            assert distance(a, h) + distance(h, b) == n


@given(hexes, st.sampled_from([6.0, 12.0, 17.5]))
def test_pixel_round_trip(h, size):
    lay = Layout(size, 3.0, -7.0)
    x, y = lay.center(h)
    assert lay.hex_at(x, y) == h
    # a point well inside the hex still maps to it
    assert lay.hex_at(x + size * 0.4, y - size * 0.3) == h


@given(labels)
def test_ccrr_round_trip(label):
    assert format_label(parse_label(label)) == label


@given(hexes, st.integers(0, 5))
def test_neighbour_is_at_distance_one_and_back(h, f):
    n = neighbor(h, f)
    assert distance(h, n) == 1
    assert neighbor(n, (f + 3) % 6) == h
