"""Smoke halves the speed limit (book-b §10.3: "speed limit halved (rounded up) for NF and TTF grav vehicles only").

Found by the walk of session 32: the hex panel showed "Speed limit 20" in a smoke hex and a Liberator could fly
through smoke at velocity 20 without a Piloting Skill Roll. The skirmishes' grav vehicles all fly at NF. Expected
values: the Terrain Effects Table's limits (data) halved and rounded up by `math.ceil`, and the CEN-SPD-1 check
(a roll only above the limit) applied to them.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.game import new_skirmish
from centurion.game.state import map_with
from centurion.hexgrid import from_offset, neighbor
from centurion.rules.grav import resolve_grav_move
from centurion.rules.grav_types import GravMove, GravState
from centurion.rules.terrain import entry_cost
from centurion.widgets.hexmap import HexMapView

LIB = vehicle_types()["liberator"]
ROWS = {"clear": ".", "light_woods": "l", "heavy_woods": "h"}


@pytest.mark.parametrize("terrain", sorted(ROWS))
def test_smoke_halves_a_grav_vehicles_limit_rounded_up_and_no_one_elses(terrain):
    sketch = map_from_rows([ROWS[terrain] * 3] * 3)
    src, dst = from_offset(1, 2), from_offset(2, 2)
    limit = terrain_table()[terrain].speed_limit  # 20, 8, 6 (the TET)
    smoky = map_with(sketch, ((dst, "smoke"),))
    assert entry_cost(sketch, src, dst, "grav")[1] == limit
    assert entry_cost(smoky, src, dst, "grav")[1] == math.ceil(limit / 2)  # 10, 4, 3
    for mover in ("ground", "infantry"):  # "NF and TTF grav vehicles only"
        assert entry_cost(smoky, src, dst, mover)[1] == entry_cost(sketch, src, dst, mover)[1]


def test_a_liberator_flying_into_smoke_above_half_the_limit_rolls():
    sketch = map_from_rows(["..."] * 16)
    start = GravState.of(LIB, from_offset(1, 15), 0, 12)  # facing N (HEX-3), velocity 12: 12 hexes up the column
    ahead = neighbor(start.hex, 0)
    plain = resolve_grav_move(start, GravMove(0, "F" * 12), sketch, LIB)
    smoky = resolve_grav_move(start, GravMove(0, "F" * 12), map_with(sketch, ((ahead, "smoke"),)), LIB)
    assert plain and smoky and plain.entries[0].hex == ahead == smoky.entries[0].hex
    assert not any(e.check.needs_roll for e in plain.entries)  # 12 within clear's 20 (CEN-SPD-1)
    assert [e.check.needs_roll for e in smoky.entries] == [True] + [False] * 11  # 12 above the smoke's 10
    assert smoky.p_no_damage < 1 == plain.p_no_damage


def test_the_games_moves_and_the_hex_panel_see_the_smoke():
    g = new_skirmish("meeting", seed=1)
    v = g.vehicle("R11")
    ahead = neighbor(v.hex, v.facing)
    assert g.battlemap[ahead].terrain == "clear"
    fast = replace(g, vehicles=tuple(replace(u, velocity=12) if u.key == "R11" else u for u in g.vehicles))
    smoked = replace(fast, counters=fast.counters + ((ahead, "smoke"),))
    odds = {s: {(e.hex, e.facing, e.grounded): e.p_no_damage for e in s.end_states("R11")} for s in (fast, smoked)}
    common = odds[fast].keys() & odds[smoked].keys()
    assert all(odds[smoked][k] <= odds[fast][k] for k in common)  # smoke never makes a path safer
    assert any(odds[smoked][k] < odds[fast][k] for k in common)  # and some of them now risk a roll
    panel = HexMapView(smoked.battlemap, terrain_table())._info_html(smoked.battlemap[ahead])
    assert "10 for grav vehicles: 20 halved by the smoke" in panel
    assert "Speed limit</td><td><b>20 (CEN-SPD-1)" in HexMapView(g.battlemap, terrain_table())._info_html(
        g.battlemap[ahead])


@pytest.mark.parametrize("switches", [(), ("VAR-MOVETYPE",), ("VAR-OCCUPY",)])
def test_the_variant_resolver_halves_it_too(switches):
    from centurion.variants import RuleSet, VariantMove, resolve_variant_move

    sketch = map_from_rows(["..."] * 16)
    start = GravState.of(LIB, from_offset(1, 15), 0, 12)
    smoky = map_with(sketch, ((neighbor(start.hex, 0), "smoke"),))
    r = resolve_variant_move(start, VariantMove(0, "F" * 12), smoky, LIB, RuleSet.from_names(list(switches)))
    assert r and [e.check.needs_roll for e in r.basic.entries] == [True] + [False] * 11  # above the smoke's 10


@pytest.mark.parametrize("pos, terrain", [("in", "light_woods"), ("out", "clear")])
def test_a_partly_covered_hexs_limit_is_halved_in_either_part(pos, terrain):
    """VAR-OCCUPY reads a wood's edge hex as woods and open ground; smoke fills the whole hex (book-b §10.3)."""
    from centurion.data.partial_hexes import PartialHex
    from centurion.variants import RuleSet
    from centurion.variants.move_resolution import _occupy_cost

    sketch = map_from_rows(["ll."] * 3)
    here, dest = from_offset(3, 2), from_offset(2, 2)
    parts = {dest: PartialHex(dest, "light_woods", "clear", 0, 0)}
    limit = terrain_table()[terrain].speed_limit  # 8 in the woods, 20 in the open
    rules = RuleSet.from_names(["VAR-OCCUPY"])
    for m, want in ((sketch, limit), (map_with(sketch, ((dest, "smoke"),)), math.ceil(limit / 2))):
        assert _occupy_cost(m, here, dest, parts, pos, {}, None, rules)[1] == want
