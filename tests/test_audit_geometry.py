"""Audit of issue 20, geometry: arcs on a spine (HEX-4, C1/G11), the supercover line of sight (CEN-LOS-1, C2),
the same hex (book-a §14.2, C5), a squad's sight from a building floor (book-b §2.7, C9).

The expected hexes of a line come from an exact segment/hexagon clip written here from the flat-topped layout
(hex size 1), never from `hexgrid.line`.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_game import passive

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, distance, format_label, from_offset, hex_range, parse_label, to_offset
from centurion.hexgrid.geometry import line

SQ3 = math.sqrt(3.0)


# --- an independent oracle: the segment between two centres clipped by each hexagon ---------------------------

def _centre(h: Hex) -> tuple[float, float]:
    return 1.5 * h.q, SQ3 * (h.r + h.q / 2)


def _hexagon(h: Hex, radius: float) -> list[tuple[float, float]]:
    cx, cy = _centre(h)
    return [(cx + radius * math.cos(math.radians(60 * k)), cy + radius * math.sin(math.radians(60 * k)))
            for k in range(6)]


def _clip(p0, p1, h: Hex, radius: float) -> tuple[float, float] | None:
    """Cyrus-Beck: the parameter interval of the segment p0-p1 inside the (convex) hexagon of `h`."""
    cx, cy = _centre(h)
    poly = _hexagon(h, radius)
    t0, t1 = 0.0, 1.0
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    for i in range(6):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % 6]
        nx, ny = by - ay, -(bx - ax)
        if nx * (cx - ax) + ny * (cy - ay) > 0:  # point the normal outwards
            nx, ny = -nx, -ny
        num = nx * (p0[0] - ax) + ny * (p0[1] - ay)  # inside when num + t * den <= 0
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num > 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
    return (t0, t1) if t1 > t0 else None


def oracle(a: Hex, b: Hex) -> list[frozenset[Hex]]:
    """The hexes the segment runs inside (any positive length), and the pairs it runs between along a hexside,
    in order along the segment (CEN-LOS-1)."""
    if a == b:
        return [frozenset([a])]
    p0, p1 = _centre(a), _centre(b)
    length = math.dist(p0, p1)
    n = distance(a, b)
    inside, edge = [], {}
    (x0, y0), (dx, dy) = p0, (p1[0] - p0[0], p1[1] - p0[1])
    for h in hex_range(a, n + 1):
        cx, cy = _centre(h)  # a hexagon lies inside the circle round its corners (radius 1): farther, no touch
        t = min(1.0, max(0.0, ((cx - x0) * dx + (cy - y0) * dy) / (length * length)))
        if math.hypot(cx - x0 - t * dx, cy - y0 - t * dy) > 1.0 + 1e-6:
            continue
        shrunk = _clip(p0, p1, h, 1.0 - 1e-9)
        if shrunk and (shrunk[1] - shrunk[0]) * length > 1e-7:
            inside.append((shrunk[0], frozenset([h])))
            continue
        grown = _clip(p0, p1, h, 1.0 + 1e-9)
        if grown and (grown[1] - grown[0]) * length > 1e-6:  # along a hexside: a closed touch of some length
            edge.setdefault(round(grown[0], 6), set()).add(h)
    entries = inside + [(t, frozenset(hs)) for t, hs in edge.items()]
    return [hs for _t, hs in sorted(entries, key=lambda e: e[0])]


def _as_sets(a: Hex, b: Hex) -> list[frozenset[Hex]]:
    return [frozenset(e) for e in line(a, b)]


# --- C2: the supercover ---------------------------------------------------------------------------------------

def test_C2_audit_line_crosses_3_m1_and_4_0() -> None:
    """Hex(0,0) -> Hex(7,-1): the centre segment runs through Hex(3,-1) and Hex(4,0) (combat.md C2)."""
    hexes = {h for e in line(Hex(0, 0), Hex(7, -1)) for h in e}
    assert Hex(3, -1) in hexes and Hex(4, 0) in hexes
    assert _as_sets(Hex(0, 0), Hex(7, -1)) == oracle(Hex(0, 0), Hex(7, -1))


def test_C2_every_offset_within_9_matches_the_exact_clip() -> None:
    """Every target within 9 hexes: the line is exactly the hexes the segment passes through (CEN-LOS-1)."""
    for b in hex_range(Hex(0, 0), 9):
        assert _as_sets(Hex(0, 0), b) == oracle(Hex(0, 0), b), b


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(-30, 30), st.integers(-30, 30), st.integers(-20, 20), st.integers(-20, 20))
def test_C2_supercover_property(q: int, r: int, dq: int, dr: int) -> None:
    """Any two centres: `line` lists every hex the segment runs inside, in order, and a pair only where it runs
    along a hexside, checked against an exact clip of the segment by each hexagon (CEN-LOS-1)."""
    a, b = Hex(q, r), Hex(q + dq, r + dr)
    got = _as_sets(a, b)
    assert got == oracle(a, b)
    assert got[0] == {a} and got[-1] == {b}
    assert all(len(e) == 2 for e in got if len(e) > 1)


def test_C2_heavy_woods_on_the_crossed_hex_now_blocks() -> None:
    """The audit's map: heavy woods in 0513, crossed by the centre line 0212 -> 0915, blocks it both ways."""
    from centurion.rules.sight import line_of_sight, sight_from

    a = from_offset(2, 12)
    b = Hex(a.q + 7, a.r - 1)
    w = Hex(a.q + 3, a.r - 1)
    rows = [["."] * 12 for _ in range(16)]
    c, r = to_offset(w)
    rows[r - 1][c - 1] = "h"
    m = map_from_rows(["".join(x) for x in rows])
    assert format_label(w) == "0513"
    s = line_of_sight(m, a, b)
    assert not s.seen and s.deciding == w and s.rule == "CEN-LOS-1"
    assert w in s.path
    assert not line_of_sight(m, b, a).seen
    assert b not in sight_from(m, a) and sight_from(m, a).blocker(b) == w


def _random_map(seed: int, columns: int = 14, rows: int = 12):
    rng = random.Random(seed)
    terrain = ["".join(rng.choice("......lhb") for _ in range(columns)) for _ in range(rows)]
    elevation = ["".join(rng.choice("0000112") for _ in range(columns)) for _ in range(rows)]
    return map_from_rows(terrain, elevation)


def _brute_seen(m, a: Hex, b: Hex) -> bool:
    """CEN-LOS-1 read directly on the oracle's hexes: a hex between (the higher of a pair) above the taller unit
    blocks; at range 2+ between different levels the hex next to the lower unit blocks at the higher level."""
    from centurion.rules.sight import blocking_height

    la, lb = m[a].level, m[b].level
    top = max(la, lb)
    between = [max(blocking_height(m, h) if h in m else -1000 for h in e) for e in oracle(a, b)[1:-1]]
    if any(h > top for h in between):
        return False
    if distance(a, b) >= 2 and la != lb:
        return (between[0] if la < lb else between[-1]) < top
    return True


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_C2_one_to_all_agrees_with_line_of_sight_on_a_random_map(seed: int) -> None:
    """`sight_from` (the vectorised table) and `line_of_sight` give the same verdict and deciding hex for every
    pair of a random map with woods, buildings and hills, and the verdict of the rule read on the exact crossed
    hexes (CEN-LOS-1)."""
    from centurion.rules.sight import line_of_sight, sight_from

    m = _random_map(seed)
    hexes = list(m.hexes)
    for origin in random.Random(seed).sample(hexes, 12):
        sm = sight_from(m, origin)
        for h in hexes:
            s = line_of_sight(m, origin, h)
            assert s.seen == _brute_seen(m, origin, h), (origin, h, s.reason)
            assert (h in sm) == s.seen, (origin, h, s.reason)
            assert sm.blocker(h) == s.deciding, (origin, h)


def test_C2_sight_path_holds_every_crossed_hex() -> None:
    """`line_of_sight(...).path` names every hex the centre segment runs inside (the counted one of a pair)."""
    from centurion.rules.sight import line_of_sight

    m = map_from_rows(["." * 12] * 16)
    a = from_offset(2, 12)
    b = Hex(a.q + 7, a.r - 1)
    expected = [next(iter(e)) for e in oracle(a, b)]
    assert list(line_of_sight(m, a, b).path) == expected


# --- C1 / G11: a target on a spine is in both wedges (HEX-4) -----------------------------------------------------

def _bearing_deg(a: Hex, b: Hex) -> float:
    """Compass bearing from centre to centre, computed here from the layout (0 = north, clockwise)."""
    (x0, y0), (x1, y1) = _centre(a), _centre(b)
    return math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360.0


def test_G11_C1_no_hex_within_20_is_outside_every_turret_facing() -> None:
    """A turret turns to any of the six hexsides, so it covers the whole circle (HEX-4, book-a §8.2)."""
    from centurion.rules.targets import in_arc

    o = Hex(0, 0)
    blind = [t for t in hex_range(o, 20) if t != o and not any(in_arc("turret", 0, f, o, t) for f in range(6))]
    assert blind == []


def test_C1_in_arc_is_the_wedge_with_its_edges() -> None:
    """A weapon bears on a target whose bearing lies within 30 degrees of its facing, the edges included (HEX-4)."""
    from centurion.rules.targets import in_arc

    o = Hex(0, 0)
    for t in hex_range(o, 12):
        if t == o:
            continue
        for f in range(6):
            off = (_bearing_deg(o, t) - 60 * f + 180) % 360 - 180
            assert in_arc("hull 1", f, 0, o, t) == (abs(off) <= 30 + 1e-9), (t, f)


def _spine_case():
    from centurion.rules.targets import FirerView, TargetView

    V = vehicle_types()
    m = map_from_rows(["............"] * 14)
    f = from_offset(6, 10)
    t = Hex(f.q + 1, f.r - 2)  # bearing 30 degrees: on the spine between the N and NE wedges, range 2
    # the target faces south; the firer lies at bearing 210 from it: on the spine between its front and right
    tv = TargetView("lib", t, 3, shields={"front": 4, "left": 5, "right": 6, "stern": 5, "bottom": 3})
    return V, m, f, t, tv, FirerView


def test_C1_spine_shot_at_range_2_turret_either_neighbouring_facing() -> None:
    """The audit's spine shot: the turret bears turned to N or NE (either wedge), not to the other four."""
    from centurion.rules.targets import Attack, FirePlan, declare_fire

    V, m, f, t, tv, FirerView = _spine_case()
    assert distance(f, t) == 2 and abs(_bearing_deg(f, t) - 30) < 1e-9
    hor = FirerView("hor", f, 0, V["horatius"].weapons)
    ok = {tf for tf in range(6)
          if isinstance(declare_fire(m, hor, [Attack(0, "lib", shell="HEAP")], [tv], turret_facing=tf), FirePlan)}
    assert ok == {0, 1}


def test_C1_spine_shot_at_range_2_hull_weapons_either_neighbouring_facing() -> None:
    """Hull weapons bear when the firer faces N or NE (the target is in both wedges), not otherwise."""
    from centurion.rules.targets import Attack, FirePlan, declare_fire

    V, m, f, _t, tv, FirerView = _spine_case()
    ok = {hf for hf in range(6)
          if isinstance(declare_fire(m, FirerView("hor", f, hf, V["horatius"].weapons), [Attack(1, "lib")], [tv]),
                        FirePlan)}
    assert ok == {0, 1}


def test_C1_spine_side_struck_is_one_of_the_two_and_the_defenders_choice() -> None:
    """On the spine the attack may strike the target's front or right (its two wedges); the defender takes the
    stronger shield (right, 6), and with the front stronger the front (HEX-4)."""
    from dataclasses import replace

    from centurion.rules.targets import Attack, FirePlan, declare_fire

    V, m, f, _t, tv, FirerView = _spine_case()
    hor = FirerView("hor", f, 0, V["horatius"].weapons)
    plan = declare_fire(m, hor, [Attack(1, "lib")], [tv])
    assert isinstance(plan, FirePlan)
    (ra,) = plan.attacks
    assert set(ra.side_options) == {"front", "right"}
    assert ra.side == "right"
    assert ra.to_hit.value == 11 - 6  # range 2 base 11, right shield 6
    front_strong = replace(tv, shields={**tv.shields, "front": 8})
    (ra,) = declare_fire(m, hor, [Attack(1, "lib")], [front_strong]).attacks
    assert ra.side == "front" and ra.to_hit.value == 11 - 8


def test_G11_C1_skirmish_tanks_two_hexes_apart_on_a_spine_fire_at_each_other() -> None:
    """Meeting, Fire phase: T11 two hexes from R11 on a spine: each can fire at the other (HEX-4)."""
    from dataclasses import replace

    from centurion.game import new_skirmish

    s = new_skirmish("meeting", seed=0)
    while s.phase != "fire":
        s = s.apply(passive(s))
    r11 = s.vehicle("R11")
    spine = Hex(r11.hex.q + 1, r11.hex.r - 2)
    assert distance(r11.hex, spine) == 2 and abs(_bearing_deg(r11.hex, spine) - 30) < 1e-9
    t = replace(s.vehicle("T11"), hex=spine, facing=3)
    s2 = replace(s, vehicles=s._with_vehicle(replace(r11, facing=0)))
    s2 = replace(s2, vehicles=s2._with_vehicle(t))._fresh()
    assert s2.battlemap[spine].terrain == "clear"
    assert "T11" in [a.target for a in s2.fire_actions("R11")]
    assert "R11" in [a.target for a in s2.fire_actions("T11")]
    plan = s2.attack_set(s2.vehicle("R11"), "T11")
    assert plan is not None and {a.weapon.location for a in plan.attacks} >= {"turret", "hull 1"}
    assert all(set(a.side_options) == {"front", "right"} for a in plan.attacks)


# --- C5: the same hex, sides fixed by entry (book-a §14.2) ------------------------------------------------------

def _same_hex_units(entered: int | None):
    from centurion.rules.record import RecordSheet
    from centurion.rules.resolution import CombatUnit

    V = vehicle_types()

    def unit(k, side, lab, f, v, **kw):
        return CombatUnit(k, side, parse_label(lab), f, RecordSheet.of(V[v]), **kw)

    # the Horatius in 0405 faces N; the Liberator, facing NE, came in across the Horatius' south-west hexside
    # (hexside 4: its left)
    return {"hor": unit("hor", "TOG", "0405", 0, "horatius"),
            "lib": unit("lib", "RL", "0405", 1, "liberator", entered=entered)}


def test_C5_same_hex_horatius_hull_weapons_do_not_bear() -> None:
    """The Liberator sits in the Horatius' left arc: its hull weapons (forward arc) do not bear; its turret,
    turned to the left (hexside 4), does (book-a §14.2)."""
    from centurion.rules.grav import Refusal
    from centurion.rules.resolution import declare_weapons_fire
    from centurion.rules.targets import Attack, FirePlan

    m = map_from_rows(["........"] * 12)
    u = _same_hex_units(4)
    for idx in (1, 2):  # the 3/6 laser (hull 1) and the SMLM (hull 2)
        r = declare_weapons_fire(m, u, "hor", [Attack(idx, "lib")])
        assert isinstance(r, Refusal) and "arc" in r.reason
    ok = {tf for tf in range(6) if isinstance(
        declare_weapons_fire(m, u, "hor", [Attack(0, "lib", shell="HEAP")], turret_facing=tf), FirePlan)}
    assert ok == {4}


def test_C5_same_hex_liberator_hits_the_horatius_left_side() -> None:
    """The Liberator has the Horatius in its front arc and strikes its left side: shield 6, to-hit 12 - 6 = 6
    at range 1 (the same hex) (book-a §14.2, §10.1)."""
    from centurion.rules.resolution import declare_weapons_fire
    from centurion.rules.targets import Attack, FirePlan

    m = map_from_rows(["........"] * 12)
    u = _same_hex_units(4)
    p = declare_weapons_fire(m, u, "lib", [Attack(2, "hor", missiles=1)])  # TVLG, hull 1
    assert isinstance(p, FirePlan)
    (ra,) = p.attacks
    assert (ra.side, ra.side_options, ra.to_hit.value) == ("left", ("left",), 6)


def test_C5_same_hex_without_entry_keeps_every_arc_and_the_defenders_pick() -> None:
    """With no entry known both units keep today's reading: every arc, the defender's side of the four."""
    from centurion.rules.resolution import declare_weapons_fire
    from centurion.rules.targets import Attack, FirePlan

    m = map_from_rows(["........"] * 12)
    u = _same_hex_units(None)
    assert isinstance(declare_weapons_fire(m, u, "hor", [Attack(1, "lib")]), FirePlan)
    (ra,) = declare_weapons_fire(m, u, "lib", [Attack(2, "hor", missiles=1)]).attacks
    assert set(ra.side_options) == {"front", "left", "right", "stern"} and ra.side == "front"


def test_C5_a_bad_entry_hexside_is_refused() -> None:
    """An entry hexside outside 0-5 is refused naming the rule, not an IndexError."""
    from centurion.rules.grav import Refusal
    from centurion.rules.resolution import declare_weapons_fire
    from centurion.rules.targets import Attack

    m = map_from_rows(["........"] * 12)
    r = declare_weapons_fire(m, _same_hex_units(7), "lib", [Attack(2, "hor", missiles=1)])
    assert isinstance(r, Refusal) and r.rule == "HEX-3" and "14.2" in r.reason


def test_C5_skirmish_move_into_an_enemy_hex_fixes_the_sides() -> None:
    """In the skirmish a vehicle ending its move in an enemy's hex keeps the hexside it came in by: T11 comes in
    across R11's south-east hexside (its right), so R11's hull weapons do not bear and T11 strikes R11's right."""
    from dataclasses import replace

    from centurion.game import new_skirmish
    from centurion.hexgrid import neighbor

    s = new_skirmish("meeting", seed=0)
    while not (s.phase == "movement" and s.movers()):
        s = s.apply(passive(s))
    mover = s.movers()[0]
    assert mover.key == "T11"
    move, end = next((mv, e) for mv, e in s.move_options("T11")
                     if mv.move.steps and set(mv.move.steps) == {"F"} and distance(e.hex, mover.hex) >= 2
                     and not mv.move.ground)
    came_from = neighbor(end.hex, (end.facing + 3) % 6)  # straight ahead all the way: from behind
    enemy = replace(s.vehicle("R11"), hex=end.hex, facing=(end.facing + 1) % 6)
    s = replace(s, vehicles=s._with_vehicle(enemy))._fresh()
    after = s.apply(move)
    t11 = after.vehicle("T11")
    assert t11.hex == end.hex and t11.entered == (end.facing + 3) % 6
    assert neighbor(t11.hex, t11.entered) == came_from
    assert after.combat_units()["T11"].entered == t11.entered
    # R11 faces one hexside to the right of T11's travel: T11 came in across R11's arc 2 (right, behind the front)
    r11_plan = after.attack_set(after.vehicle("R11"), "T11")
    assert r11_plan is None or all(a.weapon.location == "turret" for a in r11_plan.attacks)
    t11_plan = after.attack_set(t11, "R11")
    assert t11_plan is not None and {a.side for a in t11_plan.attacks} == {"right"}
    assert {a.side_options for a in t11_plan.attacks} == {("right",)}


# --- C9: a squad inside a building sees from hex elevation + floor (book-b §2.7); C19: impossible levels --------

def _building_plateau():
    from centurion.rules.record import RecordSheet
    from centurion.rules.resolution import CombatUnit

    V = vehicle_types()
    rows = ["......"] * 8
    rows[3] = "..b..."  # a building in 0304
    m = map_from_rows(rows, ["222222"] * 8)  # the whole map is a level-2 plateau
    sq_hex, tgt_hex = parse_label("0304"), parse_label("0307")
    units = {"sq": CombatUnit("sq", "RL", sq_hex, men=8, level=1),
             "hor": CombatUnit("hor", "TOG", tgt_hex, 0, RecordSheet.of(V["horatius"]))}
    return m, units


def test_C9_squad_on_floor_1_of_a_building_on_a_plateau_fires() -> None:
    """On floor 1 of a building on level-2 ground the squad sees from level 3: clear to the Horatius 3 hexes off
    (the audit refused it as a dead zone, reading the floor as the level)."""
    from centurion.rules.infantry_fire import SquadAttack
    from centurion.rules.resolution import SquadOrder, declare_squad_fire

    m, u = _building_plateau()
    assert isinstance(declare_squad_fire(m, u, SquadOrder("sq", "personal", "hor")), SquadAttack)


def test_C9_squad_on_floor_1_of_a_building_on_a_plateau_paints() -> None:
    """The same squad paints (a roll is made, no sight refusal) (book-b §2.7, book-a §7.3)."""
    from centurion.dice import Dice
    from centurion.rules.resolution import PaintResult, resolve_painting

    m, u = _building_plateau()
    _live, (res,) = resolve_painting(m, u, [("sq", "hor")], Dice.scripted([1]))
    assert isinstance(res, PaintResult) and res.painted


@pytest.mark.parametrize("level", [-50, -1, 20, 2.5, True, "3"])
def test_C19_line_of_sight_refuses_impossible_levels(level) -> None:
    """A unit's level for sight is a whole number 0-19 (ground 0-9, building floors, a pop-up): anything else is a
    ValueError naming CEN-LOS-1."""
    from centurion.rules.sight import line_of_sight, sight_from

    m = map_from_rows(["...."] * 8)
    with pytest.raises(ValueError, match="CEN-LOS-1"):
        line_of_sight(m, parse_label("0101"), parse_label("0105"), level_a=level)
    with pytest.raises(ValueError, match="CEN-LOS-1"):
        line_of_sight(m, parse_label("0101"), parse_label("0105"), level_b=level)
    with pytest.raises(ValueError, match="CEN-LOS-1"):
        sight_from(m, parse_label("0101"), level=level)
