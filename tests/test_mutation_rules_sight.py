"""Mutation tests for centurion/rules/sight.py (issue 22, docs/mutation.md): fast checks of line of sight and of
the one-to-all table against the rule read directly (CEN-LOS-1, book-a §9).

The expected answers come from an independent brute force: the hexes a centre-to-centre segment runs inside are
computed by an exact clip of the segment by each hexagon (`oracle` of tests/test_audit_geometry.py, never
`hexgrid.line`), their heights from the map cells as RULES.md CEN-LOS-1 states them (ground level, +1 for woods,
+ building levels, rubble bare, smoke 1 level above the ground wherever it lies: book-b §10.3), and the rule applied
to them here. Small random maps keep each test
well under a second, so that mutmut can run them for every mutant.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from types import MappingProxyType

import numpy as np
import pytest
from test_audit_geometry import oracle as exact_clip

from centurion.data import map_from_rows, terrain_table
from centurion.hexgrid import Hex, distance, format_label, from_offset, neighbor
from centurion.rules import sight as sight_module
from centurion.rules.sight import (
    MAX_SIGHT_LEVEL,
    Sight,
    SightMap,
    blocking_height,
    line_of_sight,
    seen_hexes_of_path,
    sight_from,
    sight_table,
    unit_level,
)

WOODS = {"light_woods", "heavy_woods"}


@cache
def oracle(a: Hex, b: Hex) -> tuple[frozenset[Hex], ...]:
    """The exact clip of the segment a-b (the hexes crossed, pairs along a hexside), kept: it depends on a, b only."""
    return tuple(exact_clip(a, b))


@pytest.fixture(autouse=True)
def _fresh_line_table():
    """An empty table of lines for every test: mutmut runs each mutant in a process forked after a run of the tests,
    which filled the module's cache; without this a mutant of `_line_offsets` would never be executed."""
    sight_module._LINE_CACHE.clear()
    yield
    sight_module._LINE_CACHE.clear()
TERRAINS = ["clear"] * 5 + ["light_woods", "heavy_woods", "building", "road"]


def height_of(m, h: Hex) -> int:
    """CEN-LOS-1 read from the cell: ground, then the tallest of what stands on it: woods (1) + building levels
    (rubble: none of them) or a smoke counter (1, 20 m: book-b §10.3, rules edition 3)."""
    if h not in m:
        return -1000
    cell = m[h]
    standing = 0 if "rubble" in cell.counters else (1 if cell.terrain in WOODS else 0) + cell.building_levels
    return cell.level + max(standing, 1 if "smoke" in cell.counters else 0)


def random_map(seed: int, columns: int = 9, rows: int = 8):
    """A small map of random heights: hills 0-3, woods, buildings of 1-2 levels, smoke and rubble counters."""
    rng = random.Random(seed)
    base = map_from_rows(["." * columns] * rows)
    hexes = {}
    for h, cell in base.hexes.items():
        terrain = rng.choice(TERRAINS)
        counters = tuple(c for c in ("smoke", "rubble") if rng.random() < 0.08)
        hexes[h] = replace(cell, terrain=terrain, level=rng.choice([0, 0, 0, 1, 1, 2, 3]),
                           building_levels=rng.choice([1, 2]) if terrain == "building" else 0, counters=counters)
    return replace(base, hexes=MappingProxyType(dict(hexes)))


def expected(m, a: Hex, b: Hex, la: int, lb: int) -> tuple[bool, str, frozenset[Hex]]:
    """(seen, kind, the hexes that may decide it) by the rule, on the hexes of the exact clip."""
    if distance(a, b) <= 1:
        return True, "clear", frozenset()
    top = max(la, lb)
    between = list(oracle(a, b)[1:-1])
    tops = [max(height_of(m, h) for h in e) for e in between]
    for e, t in zip(between, tops, strict=True):
        if t > top:
            return False, "blocked", frozenset(h for h in e if height_of(m, h) == t)
    if la != lb:
        i = 0 if la < lb else -1
        if tops[i] >= top:
            return False, "dead zone up" if la < lb else "dead zone down", frozenset(
                h for h in between[i] if height_of(m, h) == tops[i])
    return True, "clear", frozenset()


def check_pair(m, a: Hex, b: Hex, la: int | None = None, lb: int | None = None) -> Sight:
    """line_of_sight(a, b) against the brute force: verdict, kind, deciding hex, path and spines."""
    s = line_of_sight(m, a, b, level_a=la, level_b=lb)
    la = m[a].level if la is None else la
    lb = m[b].level if lb is None else lb
    seen, kind, deciders = expected(m, a, b, la, lb)
    why = (a, b, la, lb, s.reason)
    assert s.seen is seen and bool(s) is seen and s.kind == kind, why
    assert (s.deciding is None) if seen else (s.deciding in deciders), why
    assert s.rule == "CEN-LOS-1" and str(s) == f"CEN-LOS-1: {s.reason}"
    between = oracle(a, b)
    if a == b:
        assert s.path == (a,) and s.spines == ()
        return s
    assert len(s.path) == len(between) and s.path[0] == a and s.path[-1] == b, why
    for e, p in zip(between[1:-1], s.path[1:-1], strict=True):  # the counted hex: the higher of a pair
        assert p in e and height_of(m, p) == max(height_of(m, h) for h in e), why
    assert [frozenset(pair) for pair, _ in s.spines] == [e for e in between[1:-1] if len(e) == 2], why
    assert [pick for _, pick in s.spines] == [p for e, p in zip(between[1:-1], s.path[1:-1], strict=True)
                                             if len(e) == 2], why
    return s


# --- line_of_sight and sight_from on random maps ---------------------------------------------------------------

@pytest.mark.parametrize("seed", [5, 6])
def test_LOS1_random_maps_line_of_sight_and_one_to_all_agree_with_the_rule(seed: int) -> None:
    """Every pair from a few origins of a random map: the verdict, kind, deciding hex, path and spines of
    `line_of_sight`, and the one-to-all table's verdict and blocker, are those of the rule (CEN-LOS-1)."""
    m = random_map(seed)
    hexes = list(m.hexes)
    rng = random.Random(seed)
    origins = rng.sample(hexes, 3) + [hexes[0], hexes[-1]]  # the corners reach the padding of the table
    for origin in origins:
        sm = sight_from(m, origin)
        assert isinstance(sm, SightMap) and sm.origin == origin
        seen = set()
        for h in hexes:
            s = check_pair(m, origin, h)
            assert (h in sm) is s.seen, (origin, h, s.reason)
            assert sm.blocker(h) == s.deciding, (origin, h, s.reason)
            if s.seen:
                seen.add(h)
        assert sm.visible == frozenset(seen)
        assert sm.blockers == {h: line_of_sight(m, origin, h).deciding for h in hexes if h not in seen}


def test_LOS1_raised_levels_dead_zones_both_ways_and_the_one_to_all_level() -> None:
    """A unit raised above its hex (a building floor, a pop-up level): the same rule with its level; the table's
    `level` is the origin's (targets at ground level) (CEN-LOS-1)."""
    m = random_map(11)
    hexes = list(m.hexes)
    rng = random.Random(11)
    for origin in rng.sample(hexes, 2):
        for level in (0, 3):
            sm = sight_from(m, origin, level=level)
            for h in hexes:
                s = check_pair(m, origin, h, level, None)
                assert (h in sm) is s.seen and sm.blocker(h) == s.deciding, (origin, h, level, s.reason)
            for h in rng.sample(hexes, 8):
                check_pair(m, h, origin, None, level)
                check_pair(m, h, origin, level, rng.choice([0, 1, 4]))


def test_LOS1_a_wall_of_one_high_hexes_both_kinds_of_dead_zone() -> None:
    """A line at range 3 over hexes of one height: up (the firer lower) the first hex decides, down the last;
    at equal levels neither blocks (book-a §9)."""
    a = from_offset(2, 5)
    b = neighbor(neighbor(neighbor(a, 0), 0), 0)
    mid1, mid2 = neighbor(a, 0), neighbor(neighbor(a, 0), 0)
    base = map_from_rows(["." * 5] * 8)
    hexes = dict(base.hexes)
    hexes[b] = replace(hexes[b], level=2)
    hexes[mid1] = replace(hexes[mid1], level=2)
    hexes[mid2] = replace(hexes[mid2], level=2)
    m = replace(base, hexes=MappingProxyType(dict(hexes)))
    up = line_of_sight(m, a, b)
    assert (up.seen, up.kind, up.deciding) == (False, "dead zone up", mid1)
    assert "dead zone" in up.reason and "firer" in up.reason and format_label(mid1) in up.reason
    assert "2 level(s) high" in up.reason and "level 2" in up.reason
    down = line_of_sight(m, b, a)
    assert (down.seen, down.kind, down.deciding) == (False, "dead zone down", mid1)
    assert "target" in down.reason and format_label(mid1) in down.reason
    # the lower unit raised to the same level: no dead zone, nothing above 2
    level = line_of_sight(m, a, b, level_a=2)
    assert level.seen and level.kind == "clear" and "above level 2" in level.reason
    assert line_of_sight(m, a, b, level_a=1).kind == "dead zone up"
    # the far hex lower: shooting down, the hex next to the target decides; one lower than the firer does not
    hexes[mid1] = replace(hexes[mid1], level=1)
    m2 = replace(base, hexes=MappingProxyType(dict(hexes)))
    assert line_of_sight(m2, b, a).seen
    assert line_of_sight(m2, b, a, level_b=1).seen
    s = sight_from(m, b)
    assert a not in s and s.blocker(a) == mid1
    assert a in sight_from(m2, b)


def test_LOS1_blocked_reason_names_the_hex_its_height_and_the_spine() -> None:
    """The reason of a blocked line names the hex, its height and the taller unit's level, and says when the
    defender picked it on a spine; an open line at range 2+ says the level nothing was above (CEN-LOS-1)."""
    a = from_offset(3, 6)
    b = from_offset(3, 3)
    mid = from_offset(3, 5)
    base = map_from_rows(["." * 6] * 8)
    hexes = dict(base.hexes)
    hexes[mid] = replace(hexes[mid], terrain="building", building_levels=2)
    m = replace(base, hexes=MappingProxyType(dict(hexes)))
    s = line_of_sight(m, a, b)
    assert not s.seen and s.deciding == mid and s.kind == "blocked"
    assert format_label(mid) in s.reason and "2 level(s) high" in s.reason and "level 0" in s.reason
    assert "spine" not in s.reason and s.spines == ()
    # a spine: two hexes apart along a hexside (offset 1, 1 in axial q, r); the higher of the pair counts
    c = Hex(a.q + 1, a.r - 2)
    pair = line_of_sight(base, a, c)
    assert len(pair.spines) == 1 and pair.seen
    (_p1, p2), _ = pair.spines[0]
    hexes = dict(base.hexes)
    hexes[p2] = replace(hexes[p2], terrain="heavy_woods", level=1)
    m3 = replace(base, hexes=MappingProxyType(dict(hexes)))
    s3 = line_of_sight(m3, a, c)
    assert not s3.seen and s3.deciding == p2 and s3.spines[0][1] == p2
    assert "(the defender picks it on a spine)" in s3.reason and "2 level(s) high" in s3.reason
    assert line_of_sight(m3, c, a).deciding == p2
    assert sight_from(m3, a).blocker(c) == p2 and sight_from(m3, c).blocker(a) == p2
    clear = line_of_sight(base, a, b)
    assert clear.seen and clear.reason == "no hex between is above level 0" and clear.deciding is None
    near = line_of_sight(m, a, neighbor(a, 0))
    assert near.seen and near.reason == "same or adjacent hex: always in sight" and near.path == (a, neighbor(a, 0))
    same = line_of_sight(m, a, a)
    assert same.seen and same.path == (a,) and same.reason == "same or adjacent hex: always in sight"


def test_LOS1_a_hex_without_a_map_label_is_named_by_its_coordinates() -> None:
    """A blocking hex outside the CCRR labels (a map extended past column 99 or before column 1) is still named
    in the reason, by its coordinates (CEN-LOS-1)."""
    base = map_from_rows(["." * 4] * 4)
    a = from_offset(1, 2)
    out = neighbor(a, 5)  # column 0: no CCRR label
    b = neighbor(out, 5)
    with pytest.raises(ValueError):
        format_label(out)
    hexes = dict(base.hexes)
    cell = base[a]
    hexes[out] = replace(cell, hex=out, label="", terrain="heavy_woods", level=1)
    hexes[b] = replace(cell, hex=b, label="")
    m = replace(base, hexes=MappingProxyType(dict(hexes)))
    s = line_of_sight(m, a, b)
    assert not s.seen and s.deciding == out and repr(out) in s.reason


# --- heights, levels and the table argument ----------------------------------------------------------------------

def test_LOS1_heights_woods_smoke_rubble_buildings() -> None:
    """Ground + 1 for woods or smoke (not 2 for both) + building levels; rubble leaves the bare ground; smoke is
    20 m wherever it lies, over rubble too, never on top of a building (book-b §10.3, rules edition 3); a unit
    stands at ground level (CEN-LOS-1). A `legacy_smoke` map (editions 1-2) reads smoke as those did: nothing over
    rubble, one level on top of a building."""
    base = map_from_rows(["." * 3] * 3)
    h = from_offset(2, 2)
    cell = base[h]
    cases = [((("clear", 2, 0, ())), 2, 2), (("light_woods", 2, 0, ()), 3, 3), (("heavy_woods", 0, 0, ("smoke",)), 1, 1),
             (("clear", 1, 0, ("smoke",)), 2, 2), (("building", 1, 3, ()), 4, 4),
             (("heavy_woods", 2, 0, ("rubble",)), 2, 2), (("building", 1, 2, ("rubble",)), 1, 1),
             (("building", 0, 2, ("smoke",)), 2, 3), (("building", 0, 1, ("smoke",)), 1, 2),
             (("clear", 1, 0, ("rubble", "smoke")), 2, 1)]
    for (terrain, level, floors, counters), want, legacy in cases:
        hexes = dict(base.hexes)
        hexes[h] = replace(cell, terrain=terrain, level=level, building_levels=floors, counters=counters)
        m = replace(base, hexes=MappingProxyType(dict(hexes)))
        assert blocking_height(m, h) == want, (terrain, level, floors, counters)
        assert blocking_height(m, h, terrain_table()) == want
        assert blocking_height(replace(m, legacy_smoke=True), h) == legacy, (terrain, level, floors, counters)
        assert unit_level(m, h) == level


def test_LOS1_the_terrain_table_argument_is_used_everywhere() -> None:
    """A table where light woods add 3 levels: every entry point uses the table it is given, and the one-to-all
    cache keeps one table per terrain table (CEN-LOS-1, CEN-TER-1)."""
    table = terrain_table()
    tall = replace(table, terrain=MappingProxyType({**table.terrain,
                                                     "light_woods": replace(table["light_woods"], los_height=3)}))
    a, mid, b = from_offset(3, 2), from_offset(3, 3), from_offset(3, 4)
    base = map_from_rows(["." * 5] * 5)
    hexes = dict(base.hexes)
    hexes[mid] = replace(base[mid], terrain="light_woods")
    hexes[b] = replace(base[b], level=2)
    m = replace(base, hexes=MappingProxyType(dict(hexes)))
    assert blocking_height(m, mid) == 1 and blocking_height(m, mid, tall) == 3
    assert line_of_sight(m, a, b).seen
    s = line_of_sight(m, a, b, table=tall)
    assert not s.seen and s.kind == "blocked" and s.deciding == mid
    assert b in sight_from(m, a)
    assert b not in sight_from(m, a, table=tall) and sight_from(m, a, table=tall).blocker(b) == mid
    assert b in sight_from(m, a)  # the default table's answer is not replaced by the other's
    assert sight_table(m) is sight_table(m) and sight_table(m, tall) is sight_table(m, tall)
    assert sight_table(m) is not sight_table(m, tall)


@pytest.mark.parametrize("level", [True, False, 1.0, 2.5, "3", -1, MAX_SIGHT_LEVEL + 1, 100])
def test_LOS1_impossible_levels_are_refused_everywhere(level) -> None:
    """A unit's level is a whole number 0-19: anything else is a ValueError naming CEN-LOS-1 (both ends, and the
    one-to-all and the path functions)."""
    m = map_from_rows(["." * 4] * 4)
    a, b = from_offset(1, 1), from_offset(3, 3)
    for call in (lambda: line_of_sight(m, a, b, level_a=level), lambda: line_of_sight(m, a, b, level_b=level),
                 lambda: sight_from(m, a, level=level), lambda: seen_hexes_of_path(m, a, [b], level=level)):
        with pytest.raises(ValueError, match="CEN-LOS-1") as info:
            call()
        assert f"0-{MAX_SIGHT_LEVEL}" in str(info.value) and repr(level) in str(info.value)


def test_LOS1_the_extreme_levels_and_numpy_levels_are_accepted() -> None:
    """0, 19 and a numpy whole number are levels (CEN-LOS-1)."""
    m = map_from_rows(["." * 4] * 4)
    a, b = from_offset(1, 1), from_offset(3, 3)
    for level in (0, MAX_SIGHT_LEVEL, np.int64(4)):
        assert line_of_sight(m, a, b, level_a=level, level_b=level).seen
        assert b in sight_from(m, a, level=level)
        assert seen_hexes_of_path(m, a, [b], level=level) == [b]


def test_LOS1_off_the_map() -> None:
    """A unit off the map sees nothing and is seen by nobody, either end (kind "off map", no deciding hex); the
    one-to-all table refuses an origin off the map and answers "not in sight" for hexes off it (CEN-LOS-1)."""
    m = map_from_rows(["." * 4] * 4)
    on, off = from_offset(2, 2), Hex(40, 40)
    for a, b in ((off, on), (on, off), (off, off)):
        s = line_of_sight(m, a, b)
        assert (s.seen, s.kind, s.deciding) == (False, "off map", None)
        assert bool(s) is False and "off the map" in s.reason and repr(off) in s.reason
    with pytest.raises(ValueError, match="CEN-LOS-1") as info:
        sight_from(m, off)
    assert "off the map" in str(info.value)
    sm = sight_from(m, on)
    assert off not in sm and "0202" not in sm and sm.blocker(off) is None
    assert on in sm and sm.blocker(on) is None
    assert seen_hexes_of_path(m, on, [off, on, from_offset(4, 4)]) == [on, from_offset(4, 4)]


def test_LOS1_seen_hexes_of_a_path_use_the_watchers_level() -> None:
    """Opportunity fire (CEN-OPP-1): the hexes of a path a watcher sees, in order, from its own level when given."""
    a, mid, b, c = from_offset(3, 1), from_offset(3, 2), from_offset(3, 3), from_offset(3, 4)
    base = map_from_rows(["." * 5] * 5)
    hexes = dict(base.hexes)
    hexes[mid] = replace(base[mid], terrain="heavy_woods")
    m = replace(base, hexes=MappingProxyType(dict(hexes)))
    path = [c, b, mid, neighbor(a, 2)]
    assert seen_hexes_of_path(m, a, path) == [mid, neighbor(a, 2)]
    assert seen_hexes_of_path(m, a, path, level=2) == path
    assert seen_hexes_of_path(m, a, list(reversed(path)), level=2) == list(reversed(path))


# --- survivors of the first mutation run (issue 22) ----------------------------------------------------------------

def test_HEX4_sight_refuses_what_is_not_a_hex_naming_the_argument() -> None:
    """A unit's position that is not a hex: ValueError naming HEX-4 and which argument (a, b, origin)."""
    m = map_from_rows(["." * 4] * 4)
    h = from_offset(2, 2)
    with pytest.raises(ValueError, match=r"^HEX-4: a is a hex, got \(1, 2\)$"):
        line_of_sight(m, (1, 2), h)
    with pytest.raises(ValueError, match=r"^HEX-4: b is a hex, got 'x'$"):
        line_of_sight(m, h, "x")
    with pytest.raises(ValueError, match=r"^HEX-4: origin is a hex, got None$"):
        sight_from(m, None)


def _wall_map():
    """A clear 5 x 5 map and a copy of its cells to change."""
    base = map_from_rows(["." * 5] * 5)
    hexes = dict(base.hexes)
    return base, hexes


def test_LOS1_reasons_word_for_word() -> None:
    """The reasons name the hex, the heights, the side and the spine in fixed words (CEN-LOS-1)."""
    a, mid, b = from_offset(3, 5), from_offset(3, 4), from_offset(3, 3)
    base, hexes = _wall_map()
    hexes[mid] = replace(hexes[mid], level=2)
    m = replace(base, hexes=MappingProxyType(dict(hexes)))
    label = format_label(mid)
    assert line_of_sight(m, a, b).reason == f"{label} is 2 level(s) high, above the taller unit's level 0"
    hexes[b] = replace(hexes[b], level=2)
    up = replace(base, hexes=MappingProxyType(dict(hexes)))
    assert line_of_sight(up, a, b).reason == (f"dead zone: {label} next to the lower unit (firer side) is 2 level(s) "
                                              "high, at least the higher unit's level 2")
    assert line_of_sight(up, b, a).reason == (f"dead zone: {label} next to the lower unit (target side) is 2 "
                                              "level(s) high, at least the higher unit's level 2")
    two = line_of_sight(base, a, b)
    assert two.seen and two.reason == "no hex between is above level 0"
    # on a spine, the reason ends with the defender's pick
    c = Hex(a.q + 1, a.r - 2)
    (p1, _p2), _ = line_of_sight(base, a, c).spines[0]
    hexes = dict(base.hexes)
    hexes[p1] = replace(hexes[p1], level=3)
    s = line_of_sight(replace(base, hexes=MappingProxyType(hexes)), a, c)
    assert s.reason == (f"{format_label(p1)} is 3 level(s) high, above the taller unit's level 0 (the defender picks "
                        "it on a spine)")


def test_LOS1_the_first_hex_of_the_map_can_decide() -> None:
    """The one-to-all table names the deciding hex whatever its place in the map (index 0 included)."""
    base = map_from_rows(["." * 5] * 5)
    mid = from_offset(3, 3)
    hexes = {mid: replace(base[mid], terrain="heavy_woods", level=1)}
    hexes.update((h, c) for h, c in base.hexes.items() if h != mid)
    m = replace(base, hexes=MappingProxyType(hexes))
    a, b = from_offset(3, 2), from_offset(3, 4)
    assert next(iter(m.hexes)) == mid
    sm = sight_from(m, a)
    assert b not in sm and sm.blocker(b) == mid and sm.blockers[b] == mid
    assert line_of_sight(m, a, b).deciding == mid


@pytest.mark.parametrize("columns, rows", [(13, 2), (2, 11), (12, 3)])
def test_LOS1_long_narrow_maps_agree_with_the_rule(columns: int, rows: int) -> None:
    """Maps much wider than tall and much taller than wide (the farthest two hexes along one axis), one after the
    other: every pair from every origin as the rule says (CEN-LOS-1)."""
    for shape in ((columns, rows), (rows + 1, columns)):  # a second size in the same process
        m = random_map(columns * 7 + rows + shape[0], *shape)
        hexes = list(m.hexes)
        for origin in hexes[:: max(1, len(hexes) // 6)]:
            sm = sight_from(m, origin)
            for h in hexes:
                s = check_pair(m, origin, h)
                assert (h in sm) is s.seen and sm.blocker(h) == s.deciding, (shape, origin, h, s.reason)


def test_LOS1_spine_ties_the_table_and_the_single_line_pick_the_same_hex() -> None:
    """Two hexes of a spine of the same height, both blocking: the one-to-all table names the same one of the
    pair as the single line, in all six spine directions and at ranges 2 and 4 (CEN-LOS-1)."""
    base = map_from_rows(["." * 11] * 11)
    centre = from_offset(6, 6)
    for dq, dr in ((1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)):
        for k in (1, 2):
            target = Hex(centre.q + dq * k * 1, centre.r + dr * k)
            hexes = dict(base.hexes)
            pairs = [pair for pair, _ in line_of_sight(base, centre, target).spines]
            assert len(pairs) == k
            for p in pairs[0]:
                hexes[p] = replace(hexes[p], terrain="heavy_woods")
            m = replace(base, hexes=MappingProxyType(hexes))
            s = line_of_sight(m, centre, target)
            assert not s.seen and s.deciding in pairs[0]
            assert sight_from(m, centre).blocker(target) == s.deciding, (dq, dr, k)
            back = line_of_sight(m, target, centre)
            assert sight_from(m, target).blocker(centre) == back.deciding, (dq, dr, k)
