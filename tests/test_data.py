"""Data files (CEN-TER-1, CEN-GRAV-4, CTA-2): loaded exactly, and malformed files named precisely."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from centurion.data import (
    DataError,
    centuria_tables,
    data_dir,
    facing_change_table,
    load_map,
    sample_map,
    terrain_table,
)
from centurion.data.tables import load_centuria_tables, load_facing_change_table, load_terrain_table
from centurion.hexgrid import distance, parse_label

DATA = data_dir()


def test_terrain_effects_table_matches_the_rulebook():
    t = terrain_table()
    expect = {  # speed limit, VP grav, VP ground, combat modifier (book-a section 6)
        "clear": (20, 1, 1, 0),
        "road": (20, 1, 1, 0),
        "light_woods": (8, 2, 2, -1),
        "heavy_woods": (6, 3, 3, -2),
        "river": (20, 1, 2, 0),
        "lake": (20, 1, None, 0),
        "under_water": (1, 4, None, None),
        "building": (10, 1, 1, -2),
        "rubble": (8, 2, 4, -1),
    }
    for key, (limit, vp_grav, vp_ground, mod) in expect.items():
        row = t[key]
        assert (row.speed_limit, row.vp["grav"], row.vp["ground"], row.combat_modifier) == (limit, vp_grav, vp_ground, mod)
    assert t["crater"].combat_modifier == -2
    assert t["lake"].vp["infantry"] is None


def test_slope_rows():
    t = terrain_table()
    assert [t.slopes[i].vp for i in range(1, 6)] == [1, 2, 3, 4, 5]
    assert [t.slopes[-i].vp for i in range(1, 6)] == [0, -1, -1, -2, -3]
    assert [t.slopes[i].speed_limit for i in (1, 2, 3, 4, 5)] == [20, 20, 20, 16, 16]
    assert [t.slopes[i].ground_prohibited for i in (3, 4, -3, -4)] == [False, True, False, True]
    assert t.slope(0, 7) == t.slopes[5] and t.slope(8, 0) == t.slopes[-5]  # 6+ levels: the 5 row
    assert t.slope(2, 2) is None


def test_facing_change_table():
    f = facing_change_table()
    assert [f.straight_hexes(v) for v in (0, 1, 5, 6, 10, 11, 19, 20, 29, 30, 99, -12)] == [
        0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 3]


def test_centuria_tables_as_in_the_source():
    c = centuria_tables()
    u = c.units
    assert (u["centuria"].movement, u["centuria"].action_radius, u["centuria"].attack,
            u["centuria"].defence, u["centuria"].morale) == (2, 1, 6, 9, 10)
    assert (u["turma"].attack, u["turma"].defence, u["turma"].morale) == (7, 8, 12)
    assert (u["tormentum"].action_radius, u["ballista"].action_radius) == (6, 5)
    assert (u["subpraefectus"].movement, u["subpraefectus"].movement_cavalry) == (2, 4)
    assert (c.leaders["legatus"].attack, c.leaders["legatus"].defence, c.leaders["legatus"].morale) == (-2, 1, -4)
    assert c.leaders["praefectus coh"].label == "preafectus coh"  # the source's spelling kept
    assert c.leaders["centurio ballista"].engines_fire_twice
    assert [c.terrain[k].label for k in c.terrain] == ["Gras", "Acker", "Bäume", "Straße", "Weg", "Gebäude"]
    trees = c.terrain["trees"].modifiers["turma"]
    assert (trees.attack, trees.defence, trees.movement) == (3, -2, -3)
    assert c.terrain["building"].modifiers["centuria"].defence == 2
    assert c.terrain["trees"].blocks_sight and not c.terrain["field"].blocks_sight
    assert c.terrain["road"].modifiers["tormentum"].defence == -2
    assert c.die_sides == 20


def test_sample_map_is_two_full_mapsheets():
    m = sample_map()
    assert (m.columns, m.rows, len(m)) == (44, 30, 1320)
    assert [(s.first_column, s.last_column) for s in m.mapsheets] == [(1, 22), (23, 44)]
    terrains = {c.terrain for c in m}
    assert {"clear", "light_woods", "heavy_woods", "river", "lake", "building", "rubble"} <= terrains
    assert max(c.level for c in m) == 5
    assert m.roads and m.rivers
    road = m.roads[0]
    assert all(distance(a, b) == 1 for a, b in zip(road, road[1:]))
    assert m.along_road(road[3], road[4]) and m.along_road(road[4], road[3])
    assert not m.along_road(road[3], road[5])
    assert all(m[h].terrain == "river" for h in m.rivers[0])
    assert m[parse_label("3312")].building_levels == 3
    assert "crater" in m[parse_label("2816")].counters
    assert m[parse_label("3613")].movement_terrain == "rubble"


def test_with_counter_returns_a_new_map():
    m = sample_map()
    h = parse_label("0505")
    m2 = m.with_counter(h, "crater")
    assert "crater" in m2[h].counters and "crater" not in m[h].counters
    with pytest.raises(ValueError, match="unknown counter"):
        m.with_counter(h, "volcano")


# --- malformed files -------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def mutate(src: Path, tmp_path: Path, old: str, new: str) -> Path:
    text = src.read_text(encoding="utf-8")
    assert old in text
    return write(tmp_path, src.name, text.replace(old, new, 1))


def line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_wrong_type_names_file_entry_field_expectation_and_line(tmp_path):
    bad = mutate(DATA / "terrain.yaml", tmp_path, "speed_limit: 6", 'speed_limit: "six"')
    with pytest.raises(DataError) as err:
        load_terrain_table(bad)
    msg = str(err.value)
    assert "\n" not in msg
    assert msg == (f"terrain.yaml: entry 'heavy_woods', field 'speed_limit': expected an integer from 0 to inf, "
                   f"got 'six' (line {line_of(bad, 'six')})")


def test_missing_field_is_named(tmp_path):
    bad = mutate(DATA / "terrain.yaml", tmp_path, "    combat_modifier: -1\n", "")
    with pytest.raises(DataError) as err:
        load_terrain_table(bad)
    e = err.value
    assert (e.file, e.entry, e.field) == ("terrain.yaml", "light_woods", "combat_modifier")
    assert str(e).endswith(f"got nothing (the field is missing) (line {e.line})")
    assert e.line == line_of(bad, "light_woods:")


def test_nested_field_names_its_path(tmp_path):
    bad = mutate(DATA / "terrain.yaml", tmp_path, "vp: {grav: 2, ground: 4, infantry: 4}",
                 "vp: {grav: 2, ground: -4, infantry: 4}")
    with pytest.raises(DataError, match=r"entry 'rubble', field 'vp.ground': expected an integer from 0") as err:
        load_terrain_table(bad)
    assert err.value.line == line_of(bad, "ground: -4")


def test_invalid_yaml_reports_the_line(tmp_path):
    bad = write(tmp_path, "terrain.yaml", "terrain:\n  clear: {label: Clear\n  road: 1\n")
    with pytest.raises(DataError, match=r"terrain.yaml: expected valid YAML, got .* \(line \d+\)"):
        load_terrain_table(bad)


def test_facing_change_gap_is_refused(tmp_path):
    bad = mutate(DATA / "facing_change.yaml", tmp_path, "min_velocity: 11", "min_velocity: 12")
    with pytest.raises(DataError, match=r"entry 'row 4', field 'min_velocity': expected 11 .* got 12 \(line 8\)"):
        load_facing_change_table(bad)


def test_centuria_unknown_kind_and_missing_modifiers(tmp_path):
    bad = mutate(DATA / "centuria.yaml", tmp_path, "kind: sub_unit, arm: cavalry, movement: 4, action_radius: 1, attack: 7",
                 "kind: horse, arm: cavalry, movement: 4, action_radius: 1, attack: 7")
    with pytest.raises(DataError, match=r"entry 'turma', field 'kind': expected one of sub_unit, engine, leader"):
        load_centuria_tables(bad)
    bad2 = mutate(DATA / "centuria.yaml", tmp_path, "      evocati:    {attack: 0, defence: 0, movement: -1}\n", "")
    with pytest.raises(DataError, match=r"entry 'trees', field 'modifiers.evocati': expected modifiers for unit"):
        load_centuria_tables(bad2)


MAP_HEAD = """name: tiny
columns: 3
rows: 2
legend: {".": clear, "h": heavy_woods, "~": river, "b": building}
"""


def test_map_errors_name_row_and_column(tmp_path):
    p = write(tmp_path, "tiny.yaml", MAP_HEAD + 'terrain: ["..h", ".?."]\nelevation: ["000", "000"]\n')
    with pytest.raises(DataError, match=r"tiny.yaml: entry 'terrain row 2', field 'column 2': .* got '\?' \(line 5\)"):
        load_map(p)
    p = write(tmp_path, "tiny.yaml", MAP_HEAD + 'terrain: ["..h", "..."]\nelevation: ["000", "00"]\n')
    with pytest.raises(DataError, match=r"entry 'elevation row 2'.*expected a string of 3 characters, got '2 characters'"):
        load_map(p)


def test_map_chain_must_be_adjacent(tmp_path):
    p = write(tmp_path, "tiny.yaml", MAP_HEAD + 'terrain: ["...", "..."]\nelevation: ["000", "000"]\n'
              "roads:\n  - {name: R, hexes: '0101 0301'}\n")
    with pytest.raises(DataError, match=r"entry 'roads\[0\]', field 'hexes': expected adjacent hexes in order .* got '0301' \(line 8\)"):
        load_map(p)


def test_map_unknown_terrain_and_river_check(tmp_path):
    p = write(tmp_path, "tiny.yaml", MAP_HEAD.replace("heavy_woods", "swamp") + 'terrain: ["...", "..."]\nelevation: ["000", "000"]\n')
    with pytest.raises(DataError, match=r"field 'legend.h': expected a terrain of the Terrain Effects Table: .* got 'swamp' \(line 4\)"):
        load_map(p)
    p = write(tmp_path, "tiny.yaml", MAP_HEAD + 'terrain: ["~..", "..."]\nelevation: ["000", "000"]\n'
              "rivers:\n  - {name: R, hexes: '0101 0102'}\n")
    with pytest.raises(DataError, match=r"expected hexes whose terrain is river, got '0102 is clear'"):
        load_map(p)


def test_error_messages_are_one_line_everywhere(tmp_path):
    p = write(tmp_path, "tiny.yaml", "- just\n- a list\n")
    with pytest.raises(DataError) as err:
        load_map(p)
    assert re.fullmatch(r"tiny.yaml: expected a mapping at the top level, got .*\(line 1\)", str(err.value))
