"""Smoke as book-b §10 has it (rules edition 3; session 51's audit of smoke and buildings, /work/scratch/s51/audit).

B1, book-b §10.2: "Grenade = any 3 hexes adjacent to the vehicle": a charge smoked the vehicle's own hex.
B2 and B5, §10.3: smoke "counts as heavy woods for LOS ... 20 m tall": it added nothing on a rubble counter and
stood on top of a building's levels. B4, §10.3: "Firing a cratering charge clears smoke in that hex": it stayed.
Games under editions 1-2 replay as they were played. Where the computer lays its charge: tests/test_bot_smoke.py.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from types import MappingProxyType

from test_game import passive

from centurion.data import map_from_rows
from centurion.game import load, new_skirmish
from centurion.game.actions import Smoke
from centurion.game.notation import parse_action
from centurion.hexgrid import format_label, neighbors, parse_label
from centurion.rules.sight import blocking_height, line_of_sight


def _end_phase(rules_edition: int = 3, seed: int = 0):
    """The village's first End Phase with nobody having done anything (TOG's garrison has its charges)."""
    s = new_skirmish("village", seed=seed, rules_edition=rules_edition)
    while s.phase != "end":
        s = s.apply(passive(s))
    return s


def test_B1_a_smoke_charge_smokes_any_three_hexes_next_to_the_vehicle():
    s = _end_phase()
    t21 = s.vehicle("T21")
    around = sorted(format_label(h) for h in neighbors(t21.hex))  # 3111: all six on the map
    offered = {a.hexes for a in s.legal_actions() if isinstance(a, Smoke) and a.unit == "T21"}
    assert offered == set(combinations(around, 3)) and len(offered) == 20  # C(6, 3): any three of the six
    pick = (around[4], around[0], around[2])
    t = s.apply(Smoke("T21", pick))  # any order names the same charge
    smoked = {format_label(h) for h, kind in t.counters if kind == "smoke"}
    assert smoked == set(pick) and format_label(t21.hex) not in smoked
    assert t.vehicle("T21").sheet.smoke_left == t21.sheet.smoke_left - 1  # one charge
    while t.phase != "end" or t.turn != 2:  # it lifts in the next End Phase (book-b §10.1)
        t = t.apply(passive(t))
    assert not any(kind == "smoke" for _h, kind in t.counters)


def test_B1_a_vehicle_at_the_maps_edge_smokes_the_hexes_it_has_when_fewer_than_three():
    """A corner hex of the battlefield has 2 or 3 neighbours on the map (decision: all of them when under 3)."""
    s = _end_phase()
    corner = parse_label("0101")
    near = sorted(format_label(h) for h in neighbors(corner) if h in s.battlemap)
    t = replace(s, vehicles=tuple(replace(v, hex=corner) if v.key == "T21" else v for v in s.vehicles))._fresh()
    offered = {a.hexes for a in t.legal_actions() if isinstance(a, Smoke) and a.unit == "T21"}
    assert offered == set(combinations(near, min(3, len(near))))


def test_under_rules_edition_2_the_charge_still_smokes_the_vehicles_own_hex():
    s = _end_phase(rules_edition=2)
    assert Smoke("T21") in s.legal_actions()
    assert not any(isinstance(a, Smoke) and a.hexes for a in s.legal_actions())
    t = s.apply(Smoke("T21"))
    assert {(h, k) for h, k in t.counters if k == "smoke"} == {(s.vehicle("T21").hex, "smoke")}


def test_a_smoke_charge_saves_replays_and_reads_in_the_notation():
    s = _end_phase()
    a = parse_action("smoke T21 3210 3011 3110")
    assert str(a) == "smoke T21 3011 3110 3210"
    t = s.apply(a)
    again = load(t.to_json())
    assert again.counters == t.counters and again.rules_edition == 3


def _sketch(terrain: list[str], heights: list[str] | None = None):
    return map_from_rows(terrain, heights) if heights else map_from_rows(terrain)


def test_B2_smoke_on_rubble_blocks_sight_as_heavy_woods():
    m = _sketch(["......."] * 3)
    a, mid, b = parse_label("0102"), parse_label("0402"), parse_label("0702")
    rubble = m.with_counter(mid, "rubble")
    assert line_of_sight(rubble, a, b).seen  # rubble alone adds no height (CEN-LOS-1)
    smoked = rubble.with_counter(mid, "smoke")
    assert blocking_height(smoked, mid) == 1 and not line_of_sight(smoked, a, b).seen
    old = replace(smoked, legacy_smoke=True)  # rules editions 1-2 read it as nothing
    assert blocking_height(old, mid) == 0 and line_of_sight(old, a, b).seen


def test_B5_smoke_is_no_higher_than_a_buildings_levels():
    """Units on a level-2 plateau see over a 2-level building in a dip (ground 0); smoke in the building's hex is
    20 m, one level, so the line stays open (it would block over clear ground 0 only for units at level 0)."""
    m = _sketch(["...b..."] * 3, ["2220222"] * 3)
    mid = parse_label("0402")
    hexes = dict(m.hexes)
    hexes[mid] = replace(hexes[mid], building_levels=2)
    m = replace(m, hexes=MappingProxyType(hexes))
    a, b = parse_label("0102"), parse_label("0702")
    smoked = m.with_counter(mid, "smoke")
    assert blocking_height(smoked, mid) == 2 and line_of_sight(smoked, a, b).seen
    assert blocking_height(replace(smoked, legacy_smoke=True), mid) == 3  # editions 1-2 stacked them


def test_the_games_map_reads_smoke_by_the_games_rules_edition():
    for edition, legacy in ((1, True), (2, True), (3, False)):
        assert new_skirmish("village", seed=0, rules_edition=edition).battlemap.legacy_smoke is legacy


def test_B4_a_cratering_charge_clears_the_smoke_in_its_hex():
    def dug(rules_edition):
        s = _end_phase(rules_edition=rules_edition)
        h = s.vehicle("T21").hex
        s = replace(s, counters=s.counters + ((h, "smoke"),), smoke_turn=s.smoke_turn + ((h, s.turn),))._fresh()
        while not (s.phase == "movement" and any(v.key == "T21" for v in s.movers())):
            s = s.apply(passive(s))
        s = replace(s, counters=s.counters + ((h, "smoke"),), smoke_turn=s.smoke_turn + ((h, s.turn),))._fresh()
        t = s.apply(parse_action("move T21 a0 - d0 dig=0"))  # grounded T21 digs a crater in its own hex
        return h, t

    h, t = dug(3)
    assert (h, "crater") in t.counters and (h, "smoke") not in t.counters
    assert "smoke" not in t.battlemap[h].counters and not any(x[0] == h for x in t.smoke_turn)
    assert any("clears the smoke" in line for line in t.log)
    h, old = dug(2)
    assert (h, "smoke") in old.counters  # edition 2 replays as it was played


def test_B6_a_hit_above_a_buildings_height_strikes_the_top_level_that_survives():
    """book-b §2.5: "If the roll is above the height, the top SURVIVING level is hit"; §2.6: a level with every box
    gone brings down what stands on it in the End Phase. A 3-level building of armor factor 4 whose level 3 lost its
    4 boxes this turn: a roll of 7 strikes level 2, and the template's boxes land there."""
    from centurion.rules.buildings import Building, building_hit_level, damage_building

    b, _ = damage_building(Building(3, 4), 3, (1, 1, 1, 1))
    assert b.boxes_left(3) == 0 and b.boxes_left(2) == 4
    assert building_hit_level(7, b) == 2
    assert building_hit_level(2, b) == 2 and building_hit_level(1, b) == 1  # a roll within the height: that level
    _after, hit = damage_building(b, building_hit_level(7, b), (1, 1))
    assert hit.boxes


def test_a_bad_smoke_charge_is_refused_with_its_rule_and_the_game_unchanged():
    """Two hexes, a hex not next to the vehicle, or hexes under rules edition 2: each refused, naming CEN-SEQ-1;
    a save holding one is refused whole (issue 14)."""
    import json

    import pytest

    from centurion.game import IllegalAction, SaveError

    s = _end_phase()
    around = sorted(format_label(h) for h in neighbors(s.vehicle("T21").hex))
    for bad in (Smoke("T21", tuple(around[:2])), Smoke("T21", (around[0], around[1], "0101")),
                Smoke("T21", tuple(around[:4]))):
        with pytest.raises(IllegalAction, match=r"CEN-SEQ-1: T21's smoke charge lays smoke in 3 of the hexes next "
                                                r"to it \(" + ", ".join(around) + r"\)"):
            s.apply(bad)
    with pytest.raises(IllegalAction, match="CEN-SEQ-1: T21's smoke charge lays smoke in its own hex"):
        _end_phase(rules_edition=2).apply(Smoke("T21", tuple(around[:3])))
    data = json.loads(s.apply(Smoke("T21", tuple(around[:3]))).to_json())
    data["actions"][-1]["hexes"] = around[:2]
    with pytest.raises(SaveError, match="is not legal at that point: CEN-SEQ-1: T21's smoke charge lays smoke in 3"):
        load(json.dumps(data))
    data["actions"][-1]["hexes"] = "3011"
    with pytest.raises(SaveError, match="hexes"):
        load(json.dumps(data))


def test_a_vehicle_lays_one_smoke_charge_an_end_phase():
    """book-b §10.1: "1 grenade per vehicle with grenades left" in each End Phase. Under edition 3 its hexes no
    longer block a second charge (its own hex did), so the frozen baseline laid 4 charges of R12 in one End Phase
    (meeting seed 37, turn 5, the ladder of session 51); a vehicle now lays one, and may again next turn."""
    s = _end_phase()
    left = s.vehicle("T21").sheet.smoke_left
    assert left >= 2
    t = s.apply(next(a for a in s.legal_actions() if isinstance(a, Smoke) and a.unit == "T21"))
    assert not any(isinstance(a, Smoke) and a.unit == "T21" for a in t.legal_actions())
    assert any(isinstance(a, Smoke) and a.unit == "T22" for a in t.legal_actions())  # each vehicle its own
    while not (t.phase == "end" and t.turn == 2 and t.active == "tog"):
        t = t.apply(passive(t))
    assert t.vehicle("T21").sheet.smoke_left == left - 1
    assert any(isinstance(a, Smoke) and a.unit == "T21" for a in t.legal_actions())
