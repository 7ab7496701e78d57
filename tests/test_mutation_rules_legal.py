"""Mutation tests for centurion/rules/legal.py and reach.py (issue 22, docs/mutation.md): the legal-moves search
against the brute-force oracle of tests/test_legal_moves_oracle.py (every move tried through `resolve_grav_move`),
on maps of a few hexes and small thrust so that each case takes a fraction of a second, plus the refusals.

The oracle knows nothing of the search (see its module); here it is also run with the acceleration fixed, as
`legal_grav_moves(..., accelerate=...)` is asked when a player has chosen it (CEN-GRAV-1, CEN-GRAV-6).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from types import MappingProxyType

import pytest
from test_legal_moves_oracle import VIPER, oracle, ranks, step_sequences
from test_legal_moves_oracle import assert_matches_oracle as oracle_check

from centurion.data import map_from_rows, terrain_table, vehicle_types
from centurion.hexgrid import Hex, from_offset
from centurion.rules import GravMove, GravState, legal_grav_moves, resolve_grav_move
from centurion.rules.grav import Refusal
from centurion.rules.reach import MAX_SPEED, Reach, roll_factor, step_table

V2 = dataclasses.replace(VIPER, max_thrust=2)
V3 = dataclasses.replace(VIPER, max_thrust=3)
MAPS = {
    # woods, a building, a lake and hills of 1, 2 and 4 (steep descents cost no VP: CEN-TER-1)
    "hills": (["..l..", ".h.w.", "..ww.", "..b..", "....."], ["00100", "01200", "00000", "00420", "00000"]),
    "flat": (["....", "..l.", "....", "...."], None),
    # speed limits that differ (woods, buildings) but no 0-VP steps: the search shares columns of alike rolls
    "rough": ([".l..h.", "..b...", ".h..l.", "......", "..lb..", "......"], None),
    # a steep hill: two-level drops cost no VP, so paths can step and turn before spending any VP (CEN-TER-1)
    "steep": (["....", "....", "....", "...."], ["6420", "6420", "4200", "2000"]),
    "one": (["."], None),
    # the first hex of the map (the smallest q, r: step table id 0) is the only heavy woods, or the only 0-VP descent
    "corner_woods": (["h...", "....", "...."], None),
    "corner_pit": (["....", "....", "...."], ["0222", "2222", "2222"]),
    # every step costs 2 or 3 VP (light and heavy woods): a layer's cheapest step costs more than 1
    "woods": (["lhll", "hlhl", "llhl", "hlll"], None),
    # heavy woods everywhere on a slope: every step costs 3 VP or more, up to 5 (CEN-TER-1)
    "heavy": (["hhhh", "hhhh", "hhhh", "hhhh"], ["0123", "0123", "1234", "2345"]),
    # a lane of light woods (2 VP, limit 8) five hexes long between clear hexes
    "lane": ([".l.", ".l.", ".l.", ".l.", ".l.", "..."], None),
    "lake": (["wwww", "wwww", "ww..", "...."], None),
    "wide": (["........", "..l.....", ".....h..", "........", "...b....", "........", ".h....l.", "........"],
             None),
}


def fresh(name: str):
    """A new map object each time: the step tables are cached on the map, and mutmut forks each mutant's process
    after a run of the tests, so a map kept at module level would carry the unmutated tables."""
    return map_from_rows(*MAPS[name])


_EXPECTED: dict = {}


def expected(name: str, vehicle, state, accels=None) -> dict:
    """The oracle's answer, kept per case (it calls only resolve_grav_move, not the search under test)."""
    key = (name, repr(vehicle.max_thrust), repr(state), accels)
    if key not in _EXPECTED:
        m = fresh(name)
        _EXPECTED[key] = oracle(state, vehicle, m) if accels is None else oracle_with(state, vehicle, m, accels)
    return _EXPECTED[key]


def assert_matches_oracle(name: str, vehicle, state) -> None:
    """legal_grav_moves on a fresh map of `name` gives exactly the oracle's end states, ranges and best paths."""
    oracle_check(fresh(name), vehicle, state, expected(name, vehicle, state))


def oracle_with(state: GravState, vehicle, m, accels) -> dict:
    """The oracle of test_legal_moves_oracle with the accelerations limited to `accels` (nothing under water); a
    grounded vehicle may also stay down (no thrust), whatever acceleration was chosen."""
    thrust = state.max_thrust(vehicle)
    best: dict = {}
    if state.grounded:
        r = resolve_grav_move(state, GravMove(), m, vehicle)
        best[(r.end_hex, r.end_facing, r.grounds)] = [0, 0, *ranks(r)]
    for accel in accels:
        for initial in ([None, *[f for f in range(6) if f != state.facing]] if state.velocity == 0 else [None]):
            for steps in step_sequences(state, accel, initial, vehicle, m, False):
                for decel in range(0, thrust - accel + 1):
                    for ground in (False, True):
                        r = resolve_grav_move(state, GravMove(accel, steps, decel, ground, initial), m, vehicle)
                        if isinstance(r, Refusal):
                            continue
                        key = (r.end_hex, r.end_facing, r.grounds)
                        v = 0 if r.grounds else r.end_velocity
                        cheap, safe = ranks(r)
                        cur = best.setdefault(key, [v, v, cheap, safe])
                        cur[0], cur[1] = min(cur[0], v), max(cur[1], v)
                        cur[2], cur[3] = min(cur[2], cheap), min(cur[3], safe)
    return best


def assert_fixed_matches(name: str, vehicle, state, accel) -> None:
    """legal_grav_moves(..., accelerate=accel) gives exactly the oracle's end states for that acceleration."""
    m = fresh(name)
    want = expected(name, vehicle, state, (accel,))
    ends = legal_grav_moves(state, vehicle, m, accelerate=accel)
    got = {(e.hex, e.facing, e.grounded): e for e in ends}
    assert set(got) == set(want), accel
    for key, (vmin, vmax, cheap, safe) in want.items():
        e = got[key]
        assert (e.velocity_min, e.velocity_max) == (vmin, vmax), key
        for option, which, best in ((e.cheapest, 0, cheap), (e.safest, 1, safe)):
            assert option.move.accelerate == accel or option.move == GravMove()
            assert set(option.move.steps) <= {"F", "B", "L", "R"}, option.move.steps
            r = resolve_grav_move(state, option.move, m, vehicle)
            assert (r.end_hex, r.end_facing, r.grounds) == key and ranks(r)[which] == best, (key, which)


# --- the search against the oracle -------------------------------------------------------------------------------

@pytest.mark.parametrize("velocity, facing, grounded", [
    (0, 1, False), (0, 4, True), (2, 0, False), (3, 2, False), (5, 5, False), (-2, 3, False), (-1, 0, False),
])
def test_GRAV2_small_hill_map_with_free_descents_matches_the_oracle(velocity, facing, grounded) -> None:
    """Hills, woods, a lake and 0-VP descents: every end state, velocity range and best path (CEN-GRAV-2..6)."""
    state = GravState.of(V2, from_offset(2, 2), facing, velocity, grounded=grounded)
    assert_matches_oracle("hills", V2, state)


@pytest.mark.parametrize("velocity, facing", [(4, 1), (7, 2), (-3, 0), (1, 3)])
def test_GRAV4_shared_columns_on_a_rough_map_match_the_oracle(velocity, facing) -> None:
    """No 0-VP steps but several speed limits: velocities with alike rolls share a search column (CEN-GRAV-4)."""
    assert not step_table(fresh("rough"), None).has_free_steps
    assert_matches_oracle("rough", V2, GravState.of(V2, from_offset(3, 4), facing, velocity))


def test_GRAV4_shared_and_separate_columns_agree() -> None:
    """Searching each velocity apart gives the same end states and paths as the shared columns (CEN-GRAV-4)."""
    rough = fresh("rough")
    table = step_table(rough, None)
    for facing, v in ((2, 6), (4, -3)):
        state = GravState.of(V3, from_offset(3, 4), facing, v)
        shared = legal_grav_moves(state, V3, rough)
        table.has_free_steps = True
        try:
            apart = legal_grav_moves(state, V3, rough)
        finally:
            table.has_free_steps = False
        assert [tuple(a)[:5] for a in shared] == [tuple(b)[:5] for b in apart]
        for a, b in zip(shared, apart, strict=True):
            assert (a.p_no_damage, a.rolls) == (b.p_no_damage, b.rolls)
            assert (a.cheapest.thrust_used, a.cheapest.p_no_damage, a.cheapest.rolls) == \
                (b.cheapest.thrust_used, b.cheapest.p_no_damage, b.cheapest.rolls)


@pytest.mark.parametrize("damage", [
    {"left_vane_lost": True}, {"right_vane_lost": True}, {"left_vane_lost": True, "right_vane_lost": True},
    {"tsr_lost": True}, {"piloting_modifier": -3}, {"thrust_quarters_lost": 2},
])
@pytest.mark.parametrize("velocity", [0, 3, -2])
def test_CEN13_damage_in_the_search_matches_the_oracle(damage, velocity) -> None:
    """Lost vanes, a lost TSR, a piloting modifier and lost thrust on a map with free descents (book-a §13)."""
    state = GravState.of(V2, from_offset(3, 3), 1, velocity, **damage)
    assert_matches_oracle("hills", V2, state)


@pytest.mark.parametrize("velocity, facing, where", [(0, 1, (3, 3)), (2, 0, (3, 3)), (3, 3, (3, 3)),
                                                     (-2, 1, (3, 3)), (4, 0, (2, 5)), (2, 1, (1, 2)), (1, 2, (3, 3)),
                                                     (-2, 5, (3, 3)), (-3, 4, (3, 3))])
def test_CEN13_driver_out_drifts_straight_on_as_the_oracle_says(velocity, facing, where) -> None:
    """With the driver out: no thrust, no turns, straight on; a hex it cannot enter stops it (book-a §13)."""
    state = GravState.of(V2, from_offset(*where), facing, velocity, driver_out=True)
    assert_matches_oracle("hills", V2, state)


def test_GRD2_a_submerged_vehicle_moves_under_water_as_the_oracle_says() -> None:
    """On a lake's bottom: lifting to the surface, or moving beneath it lake to lake (CEN-GRD-2)."""
    lake = from_offset(3, 3)
    assert fresh("hills")[lake].terrain == "lake"
    for facing in (0, 2, 5):
        state = GravState.of(V3, lake, facing, 0, grounded=True, submerged=True)
        assert_matches_oracle("hills", V3, state)
    left = GravState.of(V3, lake, 2, 0, grounded=True, submerged=True, right_vane_lost=True)
    assert_matches_oracle("hills", V3, left)


def test_GRAV6_grounded_in_a_crater_and_too_weak_to_lift() -> None:
    """From a crater lifting off costs more; with less thrust than the lift it can only stay down (CEN-GRAV-6)."""
    state = GravState.of(V3, from_offset(2, 4), 0, 0, grounded=True, in_crater=True)
    assert_matches_oracle("flat", V3, state)
    weak = dataclasses.replace(VIPER, max_thrust=1)
    stuck = GravState.of(weak, from_offset(2, 4), 3, 0, grounded=True, in_crater=True)
    ends = legal_grav_moves(stuck, weak, fresh("flat"))
    assert [(e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max) for e in ends] == \
        [(stuck.hex, 3, True, 0, 0)]
    assert ends[0].cheapest.move == GravMove() and ends[0].cheapest.thrust_used == 0
    assert ends[0].p_no_damage == 1 and ends[0].rolls == 0


@pytest.mark.parametrize("velocity, grounded, accels", [(0, False, (0, 1, 2)), (3, False, (0, 2)),
                                                        (0, True, (1, 2)), (-2, False, (1,))])
def test_GRAV1_a_fixed_acceleration_gives_the_oracles_ends_for_it(velocity, grounded, accels) -> None:
    """`accelerate` fixes the thrust points spent on acceleration, lift included (CEN-GRAV-1, CEN-GRAV-6)."""
    state = GravState.of(V2, from_offset(2, 2), 2, velocity, grounded=grounded)
    for accel in accels:
        assert_fixed_matches("hills", V2, state, accel)


def test_GRAV1_a_grounded_vehicle_with_no_acceleration_stays_down() -> None:
    """accelerate=0 on the ground: the only end is staying where it is (CEN-GRAV-6)."""
    state = GravState.of(V2, from_offset(2, 2), 2, 0, grounded=True)
    ends = legal_grav_moves(state, V2, fresh("hills"), accelerate=0)
    assert [(e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max) for e in ends] == \
        [(state.hex, 2, True, 0, 0)]


def test_GRAV1_a_lost_grav_drive_or_a_destroyed_vehicle_goes_on_unchanged() -> None:
    """No grav drive: flying, it keeps its velocity where it is (no move to choose); grounded it stays down."""
    for grounded, velocity in ((False, 3), (True, 0)):
        state = GravState.of(V2, from_offset(2, 2), 4, velocity, grounded=grounded, grav_drive_lost=True)
        ends = legal_grav_moves(state, V2, fresh("flat"))
        assert [(e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max) for e in ends] == \
            [(state.hex, 4, grounded, velocity, velocity)]
        assert ends[0].cheapest.move == GravMove() and ends[0].safest.thrust_used == 0
        assert ends[0].p_no_damage == 1 and ends[0].rolls == 0 and ends[0].cheapest.p_no_damage == 1


# --- end states --------------------------------------------------------------------------------------------------

def test_GRAV2_end_states_name_their_fields() -> None:
    """An end state is where, facing, grounded, the end velocities and its two paths (CEN-GRAV-2)."""
    state = GravState.of(V2, from_offset(2, 2), 3, 2)
    ends = legal_grav_moves(state, V2, fresh("flat"))
    for e in ends:
        assert tuple(e)[:5] == (e.hex, e.facing, e.grounded, e.velocity_min, e.velocity_max)
        assert repr(e) == (f"EndState({e.hex!r}, facing={e.facing}, grounded={e.grounded}, "
                           f"v={e.velocity_min}..{e.velocity_max}, p_no_damage={e.p_no_damage})")
        assert (e.p_no_damage, e.rolls) == (e.safest.p_no_damage, e.safest.rolls)
        assert isinstance(e.p_no_damage, Fraction)
        assert type(e.grounded) is bool and type(e.facing) is int
        assert e.cheapest is e.cheapest  # traced once
    keys = [(e.hex.q, e.hex.r) for e in ends]
    assert keys == sorted(keys)  # ordered by hex
    grounded_fast = [e for e in ends if e.grounded and e.cheapest.move.decelerate == 0 and e.cheapest.move.steps]
    assert grounded_fast and all(e.cheapest.p_no_damage == 0 for e in grounded_fast)  # CEN-GRD-1: certain damage


# --- refusals ----------------------------------------------------------------------------------------------------

def test_GRAV1_bad_requests_are_refused_with_the_rule() -> None:
    """Bad input: a ValueError naming the rule, never a wrong answer (issue 20)."""
    state = GravState.of(V2, from_offset(2, 2), 0, 2)
    with pytest.raises(ValueError, match=r"^CEN-GRAV-1: acceleration 3 is outside 0..2 thrust points$"):
        legal_grav_moves(state, V2, fresh("flat"), accelerate=3)
    for bad in (-1, 1.5, True, "1"):
        with pytest.raises(ValueError, match="CEN-GRAV-1"):
            legal_grav_moves(state, V2, fresh("flat"), accelerate=bad)
    with pytest.raises(ValueError, match="^CEN-GV-1: the .* is a ground vehicle$"):
        legal_grav_moves(state, vehicle_types()["centurion"] if "centurion" in vehicle_types()
                         else next(v for v in vehicle_types().values() if v.max_thrust is None), fresh("flat"))
    off = dataclasses.replace(state, hex=Hex(40, 40))
    with pytest.raises(ValueError) as info:
        legal_grav_moves(off, V2, fresh("flat"))
    assert "HEX-4" in str(info.value) or "off the map" in str(info.value)
    driver = GravState.of(V2, from_offset(2, 2), 0, 2, driver_out=True)
    with pytest.raises(ValueError, match="^CEN-CMB-1: the driver is out: no thrust to accelerate$"):
        legal_grav_moves(driver, V2, fresh("flat"), accelerate=1)
    assert legal_grav_moves(driver, V2, fresh("flat"), accelerate=0)
    down = GravState.of(V3, from_offset(2, 2), 0, 0, grounded=True, in_crater=True)
    with pytest.raises(ValueError, match="^CEN-GRAV-6: lifting off takes the first 2 TP of the acceleration; an "
                                         "acceleration of 1 cannot lift it$"):
        legal_grav_moves(down, V3, fresh("flat"), accelerate=1)
    fast = GravState.of(V2, from_offset(2, 2), 0, MAX_SPEED - 1)
    with pytest.raises(ValueError, match=r"^CEN-GRAV-2: starting at velocity 79, this turn reaches velocity 81; the "
                                         r"legal-moves search handles up to 80 \(resolve_grav_move checks any single "
                                         r"move\)$"):
        legal_grav_moves(fast, V2, fresh("flat"))
    assert legal_grav_moves(fast, V2, fresh("flat"), accelerate=1)  # 80 exactly is searched
    assert legal_grav_moves(GravState.of(V2, from_offset(2, 2), 0, -(MAX_SPEED - 2)), V2, fresh("flat"))


def test_GRAV2_the_search_itself_refuses_what_it_cannot_search() -> None:
    """Reach: moving velocities only, at most 80, all forward or all reverse (CEN-GRAV-2, -4, -5)."""
    steps = step_table(fresh("flat"), None)
    with pytest.raises(ValueError, match=r"^CEN-GRAV-4: the search is for moving velocities \(a facing-change "
                                         r"interval of 1 or more\)$"):
        Reach(steps, 0, (0,), [0], 0, False)
    with pytest.raises(ValueError, match=r"^CEN-GRAV-2: velocity 81 is beyond what the search handles \(80\)$"):
        Reach(steps, 0, (0,), [3, -81], 1, False)
    with pytest.raises(ValueError, match="^CEN-GRAV-5: forward and reverse velocities are searched apart$"):
        Reach(steps, 0, (0,), [2, -2], 1, False)
    r = Reach(steps, 0, (0,), [80], 1, False)
    assert r.speeds.tolist() == [80] and not r.back
    # by default the driver is in: the odds of each roll are those of a driver in his seat (CEN-SPD-1)
    slow = Reach(steps, 0, (0,), [10], 1, False).d_value.tolist()
    assert slow == Reach(steps, 0, (0,), [10], 1, False, driver_out=False).d_value.tolist()
    assert slow != Reach(steps, 0, (0,), [10], 1, False, driver_out=True).d_value.tolist()
    assert Reach(steps, 0, (0,), [-3, -4], 1, False).back


def test_SPD1_roll_factors_are_the_odds_of_the_speed_limit_roll() -> None:
    """Entering a hex over its speed limit: a roll that passes on 1-4 of 10 (CEN-SPD-1); none below the limit."""
    from centurion.rules.reach import value_chance, value_rolls
    from centurion.rules.speed import speed_limit_check

    seen = set()
    for v in range(1, 40):
        for limit in (1, 2, 4, 8, 16):
            for tsr in (False, True):
                for mod in (0, -2):
                    c = speed_limit_check(v, limit, tsr_lost=tsr, damage_modifier=mod)
                    f = roll_factor(v, limit, tsr, mod)
                    if not c.needs_roll:
                        assert f == 0
                        continue
                    n = max(1, min(9, c.target))
                    assert value_chance(f) == Fraction(n, 10) and value_rolls(f) == 1, (v, limit, tsr, mod)
                    seen.add(n)
    assert seen == {1, 2, 3, 4}
    c = speed_limit_check(30, 2, tsr_lost=False, driver_out=True)
    assert c.needs_roll and value_chance(roll_factor(30, 2, False, 0, True)) == Fraction(max(1, c.target), 10)


def test_TER1_step_tables_are_kept_per_terrain_table_and_under_water() -> None:
    """The step table of a map is built once per terrain table and per surface/under water (CEN-TER-1, -GRD-2)."""
    m = map_from_rows(["..w", ".ww", "..."])
    table = terrain_table()
    a, b = step_table(m, None), step_table(m, None, under_water=True)
    assert a is step_table(m, None) and b is step_table(m, None, True) and a is not b
    c = step_table(m, table)
    assert c is step_table(m, table) and c is not a
    lake = [h for h in b.hexes if m[h].terrain == "lake"]
    for h in b.hexes:  # under water: into lake hexes only (a submerged vehicle is in a lake)
        for f in range(6):
            d = int(b.dest[b.ids[h] * 6 + f])
            if d >= 0:
                assert b.hexes[d] in lake
    assert any(int(b.dest[b.ids[h] * 6 + f]) >= 0 for h in lake for f in range(6))
    assert a.hexes == sorted(m.hexes, key=lambda h: (h.q, h.r))


# --- survivors of the first mutation run (issue 22) ----------------------------------------------------------------

@pytest.mark.parametrize("velocity, facing, where", [(2, 2, (1, 1)), (3, 2, (1, 2)), (1, 1, (1, 1)), (0, 2, (1, 2)),
                                                     (-2, 5, (1, 1))])
def test_TER1_steep_descents_before_any_vp_is_spent_match_the_oracle(velocity, facing, where) -> None:
    """From the top of a steep hill the first steps cost 0 VP (CEN-TER-1): the search and the traced paths start
    with free steps and turns, as the oracle says (CEN-GRAV-2, -4)."""
    vehicle = dataclasses.replace(VIPER, max_thrust=2)
    state = GravState.of(vehicle, from_offset(*where), facing, velocity)
    assert step_table(fresh("steep"), None).has_free_steps
    assert_matches_oracle("steep", vehicle, state)


@pytest.mark.parametrize("velocity, facing", [(6, 1), (8, 2), (11, 4), (-5, 0), (3, 5)])
def test_GRAV2_every_traced_path_is_a_move_of_upper_case_steps_that_ends_there(velocity, facing) -> None:
    """At higher velocities (facing-change intervals 1 to 3): each end state's cheapest and safest paths are moves
    of the step letters F, B, L, R that resolve_grav_move takes to that end state (CEN-GRAV-2..5)."""
    m = fresh("wide")
    vehicle = dataclasses.replace(VIPER, max_thrust=2)
    state = GravState.of(vehicle, from_offset(4, 4), facing, velocity)
    ends = legal_grav_moves(state, vehicle, m)
    assert ends
    for e in ends:
        for option in (e.cheapest, e.safest):
            assert set(option.move.steps) <= {"F", "B", "L", "R"}, option.move.steps
            r = resolve_grav_move(state, option.move, m, vehicle)
            assert not isinstance(r, Refusal), (e, option, r)
            assert (r.end_hex, r.end_facing, r.grounds) == (e.hex, e.facing, e.grounded)
            assert (r.thrust_used, r.p_no_damage, len(r.checks)) == (option.thrust_used, option.p_no_damage,
                                                                     option.rolls)


def test_SPD1_odds_values_order_chances_exactly_for_short_paths() -> None:
    """The integer of a path's odds orders the chances 2^a 3^b / 10^r exactly and carries (a, b, r) (CEN-SPD-1)."""
    from centurion.rules.reach import odds_value, value_chance, value_rolls

    paths = [(a, b, r) for r in range(4) for b in range(r + 1) for a in range(2 * (r - b) + 1)]
    for x in paths:
        px = Fraction(2 ** x[0] * 3 ** x[1], 10 ** x[2])
        vx = odds_value(*x)
        assert value_chance(vx) == px and value_rolls(vx) == x[2]
        for y in paths:
            py = Fraction(2 ** y[0] * 3 ** y[1], 10 ** y[2])
            vy = odds_value(*y)
            assert (vx > vy) == (px > py) and (vx == vy) == (px == py), (x, y)


@pytest.mark.parametrize("velocity, grounded", [(0, False), (0, True), (3, False), (-2, False)])
def test_GRAV2_a_map_of_one_hex_matches_the_oracle(velocity, grounded) -> None:
    """A map of one hex: no step leads anywhere (no speed limits at all); the ends are the oracle's (CEN-GRAV-2)."""
    state = GravState.of(V2, from_offset(1, 1), 0, velocity, grounded=grounded)
    assert step_table(fresh("one"), None).limits == []
    assert_matches_oracle("one", V2, state)


@pytest.mark.parametrize("name, where, facing, velocity", [
    ("corner_woods", (2, 2), 5, 3), ("corner_woods", (2, 1), 4, 5), ("corner_woods", (3, 2), 5, 4),
    ("corner_pit", (2, 2), 5, 1), ("corner_pit", (2, 1), 4, 2), ("corner_pit", (3, 2), 5, 2),
    ("woods", (2, 2), 1, 4), ("woods", (3, 3), 0, 5), ("woods", (2, 3), 2, -3),
    ("corner_woods", (2, 1), 5, 7), ("heavy", (1, 1), 2, 7), ("heavy", (2, 2), 1, 8),
])
def test_TER1_odd_maps_match_the_oracle(name, where, facing, velocity) -> None:
    """Maps where the only woods or the only 0-VP descent is the map's first hex, and a map of woods only where every
    step costs 2 or 3 VP (CEN-TER-1, CEN-SPD-1): the search and the oracle agree."""
    state = GravState.of(V2, from_offset(*where), facing, velocity)
    assert_matches_oracle(name, V2, state)


def test_GRD2_under_water_steps_cost_the_under_water_vp() -> None:
    """On a lake's bottom, moving beneath the surface pays the under-water cost, not the lake's (CEN-GRD-2)."""
    for facing in (1, 3):
        state = GravState.of(V3, from_offset(2, 2), facing, 0, grounded=True, submerged=True)
        assert_matches_oracle("lake", V3, state)
    table = step_table(fresh("lake"), None, under_water=True)
    assert set(table.cost_list[i] for i, d in enumerate(table.dest.tolist()) if d >= 0) == {4}


@pytest.mark.parametrize("velocity, facing", [(10, 1), (12, 2), (-7, 4)])
def test_CEN13_driver_out_at_speed_rolls_with_the_drivers_odds(velocity, facing) -> None:
    """With the driver out, a speed-limit roll passes on a 1 only (book-a §13): the drift's odds are the oracle's."""
    state = GravState.of(V2, from_offset(4, 4), facing, velocity, driver_out=True)
    assert_matches_oracle("wide", V2, state)
    from centurion.rules.reach import value_chance

    assert value_chance(roll_factor(9, 8, False, 0, True)) == Fraction(1, 10)
    assert value_chance(roll_factor(9, 8, False, 0, False)) > Fraction(1, 10)
    assert roll_factor(9, 8, False) == roll_factor(9, 8, False, 0, False)  # by default no modifier, driver in


def test_TER1_a_terrain_table_given_is_the_one_searched() -> None:
    """legal_grav_moves(table=...) moves by that table's costs and limits, as resolve_grav_move(table=...) does."""
    base = terrain_table()
    cheap = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "heavy_woods": dataclasses.replace(base["heavy_woods"], vp={**base["heavy_woods"].vp, "grav": 1},
                                                           speed_limit=2)}))
    m = fresh("woods")
    state = GravState.of(V2, from_offset(2, 2), 1, 3)
    ends = legal_grav_moves(state, V2, m, table=cheap)
    assert {(e.hex, e.facing) for e in ends} != {(e.hex, e.facing) for e in legal_grav_moves(state, V2, m)}
    for e in ends:
        for option in (e.cheapest, e.safest):
            r = resolve_grav_move(state, option.move, m, V2, table=cheap)
            assert not isinstance(r, Refusal) and (r.end_hex, r.end_facing, r.grounds) == (e.hex, e.facing, e.grounded)
            assert r.p_no_damage == option.p_no_damage


@pytest.mark.parametrize("name, velocity, facing, where", [("corner_woods", 2, 5, (2, 1)),
                                                           ("corner_woods", -2, 2, (2, 1)),
                                                           ("corner_pit", 3, 5, (2, 1))])
def test_CEN13_driver_out_drifts_into_the_first_hex_of_the_map(name, velocity, facing, where) -> None:
    """A drift whose hexes include the map's first hex (step table id 0) (book-a §13)."""
    state = GravState.of(V2, from_offset(*where), facing, velocity, driver_out=True)
    assert_matches_oracle(name, V2, state)


@pytest.mark.parametrize("velocity, facing", [(1, 0), (1, 3), (2, 1)])
def test_GRD1_decelerating_to_0_to_ground_from_several_velocities(velocity, facing) -> None:
    """With thrust to spare, several velocities can slow to 0 and ground without damage (CEN-GRD-1): only the
    likeliest of them counts for each end state; the ends are the oracle's."""
    assert_matches_oracle("hills", V3, GravState.of(V3, from_offset(2, 2), facing, velocity))


def test_GRAV1_bad_states_and_accelerations_are_refused_word_for_word() -> None:
    """A starting state that makes no sense, or an acceleration that is not a whole number 0 or more: ValueError with
    the rule and the field (CEN-GRD-1, CEN-GRAV-1)."""
    moving_on_ground = dataclasses.replace(GravState.of(V2, from_offset(2, 2), 0, 0, grounded=True), velocity=3)
    with pytest.raises(ValueError, match="^CEN-GRD-1: a grounded vehicle has velocity 0$"):
        legal_grav_moves(moving_on_ground, V2, fresh("flat"))
    state = GravState.of(V2, from_offset(2, 2), 0, 2)
    for bad in (-1, "1", True):
        with pytest.raises(ValueError, match=f"^CEN-GRAV-1: accelerate is a whole number >= 0, got {bad!r}$"):
            legal_grav_moves(state, V2, fresh("flat"), accelerate=bad)


def test_GRAV6_thrust_equal_to_the_lift_lifts_off_and_hovers() -> None:
    """A vehicle whose thrust only just pays the lift can still lift off and hover (CEN-GRAV-6)."""
    weak = dataclasses.replace(VIPER, max_thrust=1)
    assert_matches_oracle("flat", weak, GravState.of(weak, from_offset(2, 2), 1, 0, grounded=True))


@pytest.mark.parametrize("damage, velocity, facing", [({"piloting_modifier": -2}, 9, 1), ({"tsr_lost": True}, 12, 2),
                                                     ({"piloting_modifier": -1}, -6, 4)])
def test_SPD1_rolls_at_speed_with_damage_are_those_of_the_move(damage, velocity, facing) -> None:
    """Over the speed limits (woods 8, heavy woods 6), with a piloting modifier or the TSR lost: every path's rolls
    and chance of no damage are those resolve_grav_move finds for it (CEN-SPD-1, book-a §13)."""
    m = fresh("wide")
    state = GravState.of(V2, from_offset(4, 4), facing, velocity, **damage)
    rolled = 0
    for e in legal_grav_moves(state, V2, m):
        for option in (e.cheapest, e.safest):
            r = resolve_grav_move(state, option.move, m, V2)
            assert (r.end_hex, r.end_facing, r.grounds) == (e.hex, e.facing, e.grounded)
            assert (r.p_no_damage, len(r.checks)) == (option.p_no_damage, option.rolls), (e, option)
            rolled += option.rolls
    assert rolled


@pytest.mark.parametrize("name, velocity, facing, where", [
    ("corner_woods", 2, 5, (2, 1)), ("corner_woods", -1, 2, (2, 1)), ("woods", -1, 0, (2, 2)),
    ("woods", 1, 3, (3, 3)), ("corner_woods", 1, 0, (1, 2)),
])
def test_GRAV3_the_one_hex_rule_forward_back_and_into_the_first_hex(name, velocity, facing, where) -> None:
    """A first hex that costs more VP than the velocity has may still be entered (CEN-GRAV-3), forward or back,
    the map's first hex included; the ends are the oracle's."""
    assert_matches_oracle(name, V2, GravState.of(V2, from_offset(*where), facing, velocity))


@pytest.mark.parametrize("damage", [{}, {"tsr_lost": True}, {"piloting_modifier": -2}])
def test_CEN13_driver_out_drift_through_woods_rolls_every_hex(damage) -> None:
    """With the driver out at velocity 9 through woods (limits 8 and 6) every hex entered is a roll, at the odds of a
    driver out and of any other damage (book-a §13, CEN-SPD-1)."""
    weak = dataclasses.replace(VIPER, max_thrust=1)
    assert_matches_oracle("woods", weak, GravState.of(weak, from_offset(1, 1), 2, 9, driver_out=True, **damage))


@pytest.mark.parametrize("damage", [{}, {"tsr_lost": True}, {"piloting_modifier": -2}])
def test_GRD2_more_thrust_under_water_and_its_rolls(damage) -> None:
    """Thrust 5 on a lake's bottom: under water it can reach velocity 4, enough to pay the 4 VP of a lake hex
    without the one-hex rule; the under-water speed limit is 1, so every hex is a roll (CEN-GRD-2, CEN-SPD-1)."""
    strong = dataclasses.replace(VIPER, max_thrust=5)
    assert_matches_oracle("lake", strong, GravState.of(strong, from_offset(2, 2), 2, 0, grounded=True, submerged=True,
                                                       **damage))


@pytest.mark.parametrize("where, facing, velocity", [((2, 2), 1, 2), ((3, 2), 4, 1), ((2, 3), 0, 2)])
def test_GRD1_grounding_without_damage_beats_grounding_at_speed_for_the_same_thrust(where, facing, velocity) -> None:
    """Woods cost 2 or 3 VP, so one hex is reached with 2 VP and then 0 by decelerating, or with 4 VP grounding at
    speed, for the same thrust: the cheapest is the one without damage (CEN-GRD-1; docs/decisions.md)."""
    assert_matches_oracle("woods", V2, GravState.of(V2, from_offset(*where), facing, velocity))


def test_GRD2_a_terrain_table_given_is_used_under_water() -> None:
    """Under water too the search uses the terrain table it is given (CEN-GRD-2, CEN-TER-1)."""
    base = terrain_table()
    shallow = dataclasses.replace(base, terrain=MappingProxyType({
        **base.terrain, "under_water": dataclasses.replace(base["under_water"], vp={**base["under_water"].vp,
                                                                                     "grav": 1})}))
    m = fresh("lake")
    state = GravState.of(V3, from_offset(2, 2), 2, 0, grounded=True, submerged=True)
    ends = legal_grav_moves(state, V3, m, table=shallow)
    assert {(e.hex, e.grounded) for e in ends} != {(e.hex, e.grounded) for e in legal_grav_moves(state, V3, m)}
    for e in ends:
        for option in (e.cheapest, e.safest):
            r = resolve_grav_move(state, option.move, m, V3, table=shallow)
            assert not isinstance(r, Refusal) and (r.end_hex, r.end_facing, r.grounds) == (e.hex, e.facing, e.grounded)


@pytest.mark.parametrize("damage", [{}, {"tsr_lost": True}, {"piloting_modifier": -2}])
def test_CEN13_driver_out_drifts_down_a_lane_of_woods_and_ends_flying(damage) -> None:
    """Velocity 10 down five light woods hexes (2 VP each): the drift spends every VP and ends flying, after five
    rolls at the odds of a driver out and of any other damage (book-a §13, CEN-SPD-1)."""
    weak = dataclasses.replace(VIPER, max_thrust=1)
    state = GravState.of(weak, from_offset(2, 6), 0, 10, driver_out=True, **damage)
    ends = legal_grav_moves(state, weak, fresh("lane"))
    assert [(e.grounded, e.rolls) for e in ends] == [(False, 5)]
    assert_matches_oracle("lane", weak, state)
