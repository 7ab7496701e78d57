"""`legal_grav_moves` against a brute-force oracle that tries every move through `resolve_grav_move` (CEN-GRAV).

The oracle knows nothing of the search: it walks every step sequence (stopping a branch at its first
refusal), every deceleration, grounding or not, every initial facing from a standstill and moving under
water, and keeps what validates. The end states, their velocity ranges and the thrust, odds and rolls of
the cheapest and the safest path must be exactly what the search reports.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import from_offset, parse_label
from centurion.rules import GravMove, GravState, legal_grav_moves, lift_cost, resolve_grav_move
from centurion.rules.grav import Refusal
from centurion.rules.reach import W2, W3, W10, odds_value, step_table, value_chance, value_rolls

VIPER = vehicle_types()["viper"]
COLS, ROWS = 6, 7


def step_sequences(state: GravState, accel: int, initial: int | None, vehicle, m, under_water: bool):
    """Every step sequence that validates (grounding and deceleration aside), by depth-first search."""
    down = state.grounded or state.submerged
    lift = (1 if under_water else lift_cost(state.grounded, state.in_crater, state.submerged)) if down else 0
    v = state.velocity + accel - (lift if accel else 0)
    if v == 0:  # spinning: every number of turns either way
        yield from ((), *[(s,) * k for s in "LR" for k in range(1, 6)])
        return
    way = "B" if v < 0 else "F"
    stack = [()]
    while stack:
        steps = stack.pop()
        r = resolve_grav_move(state, GravMove(accel, steps, 0, True, initial, under_water=under_water), m, vehicle)
        if isinstance(r, Refusal) and state.driver_out:  # with the driver out it may not ground at will...
            r = resolve_grav_move(state, GravMove(accel, steps, 0, False, initial), m, vehicle)
        if isinstance(r, Refusal) and "goes straight on; it can still enter" not in r.reason:
            continue  # ...and a short path is refused as a whole (it must go on), not its longer ones
        yield steps
        stack.extend(steps + (s,) for s in (way, "L", "R"))


def ranks(r) -> tuple[tuple, tuple]:
    """How a resolved move ranks as cheapest (thrust, then no damage, then piloting odds) and as safest (no
    damage, then among certain damage the slowest landing, CEN-GRD-1, then thrust, then piloting odds)."""
    pilot = Fraction(1)
    for e in r.checks:
        pilot *= e.check.p_pass
    p = r.p_no_damage
    landing = abs(r.end_velocity) if r.grounds and p == 0 else 0  # among certain damage: the slowest landing
    return (r.thrust_used, -p, -pilot, len(r.checks)), (-p, landing, r.thrust_used, -pilot, len(r.checks))


def oracle(state: GravState, vehicle, m) -> dict:
    """End key -> [vmin, vmax, best cheapest rank, best safest rank], by trying every move."""
    thrust = state.max_thrust(vehicle)
    best: dict = {}
    modes = [False, True] if state.submerged else [False]
    for under_water in modes:
        for accel in range(0, thrust + 1):  # thrust points, any lift included (CEN-GRAV-6)
            for initial in ([None, *[f for f in range(6) if f != state.facing]] if state.velocity == 0 else [None]):
                for steps in step_sequences(state, accel, initial, vehicle, m, under_water):
                    for decel in range(0, thrust - accel + 1):
                        for ground in (False, True):
                            r = resolve_grav_move(state, GravMove(accel, steps, decel, ground, initial,
                                                                  under_water=under_water), m, vehicle)
                            if isinstance(r, Refusal):
                                continue
                            key = (r.end_hex, r.end_facing, r.grounds)
                            v = 0 if r.grounds else r.end_velocity
                            cheap, safe = ranks(r)
                            cur = best.get(key)
                            if cur is None:
                                best[key] = [v, v, cheap, safe]
                            else:
                                cur[0], cur[1] = min(cur[0], v), max(cur[1], v)
                                cur[2], cur[3] = min(cur[2], cheap), min(cur[3], safe)
    return best


@st.composite
def situations(draw):
    terrain = ["".join(draw(st.sampled_from(".....lhwbx")) for _ in range(COLS)) for _ in range(ROWS)]
    elevation = ["".join(draw(st.sampled_from("0001124")) for _ in range(COLS)) for _ in range(ROWS)]
    m = map_from_rows(terrain, elevation)
    hex_ = from_offset(draw(st.integers(1, COLS)), draw(st.integers(1, ROWS)))
    grounded = draw(st.booleans()) and draw(st.booleans())
    v = 0 if grounded else draw(st.integers(-3, 7))
    vehicle = dataclasses.replace(VIPER, max_thrust=draw(st.integers(2, 4)))
    submerged = grounded and m[hex_].terrain == "lake" and draw(st.booleans())
    in_crater = grounded and not submerged and draw(st.booleans()) and draw(st.booleans())
    state = GravState.of(vehicle, hex_, draw(st.integers(0, 5)), v, grounded=grounded, submerged=submerged,
                         in_crater=in_crater, tsr_lost=draw(st.booleans()) and draw(st.booleans()),
                         **draw(damage()))
    return m, vehicle, state


@st.composite
def damage(draw) -> dict:
    """Internal damage that changes movement (book-a §13): mostly none, now and then one or two effects."""
    out: dict = {}
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2]))):
        kind = draw(st.sampled_from(["left_vane_lost", "right_vane_lost", "driver_out", "thrust_quarters_lost",
                                     "piloting_modifier"]))
        out[kind] = {"thrust_quarters_lost": draw(st.integers(1, 3)),
                     "piloting_modifier": draw(st.integers(-3, -1))}.get(kind, True)
    return out


def assert_matches_oracle(m, vehicle, state, expected: dict | None = None) -> None:
    """legal_grav_moves on `m` gives exactly the oracle's end states, velocity ranges and best paths (`expected`:
    the oracle's answer when the caller already has it)."""
    expected = oracle(state, vehicle, m) if expected is None else expected
    ends = legal_grav_moves(state, vehicle, m)
    got = {(e.hex, e.facing, e.grounded): e for e in ends}
    assert set(got) == set(expected)
    for key, (vmin, vmax, cheap, safe) in expected.items():
        e = got[key]
        assert (e.velocity_min, e.velocity_max) == (vmin, vmax), key
        for option, which, best in ((e.cheapest, 0, cheap), (e.safest, 1, safe)):
            assert set(option.move.steps) <= {"F", "B", "L", "R"}, option.move.steps  # the step letters (CEN-GRAV-2)
            r = resolve_grav_move(state, option.move, m, vehicle)
            assert not isinstance(r, Refusal) and (r.end_hex, r.end_facing, r.grounds) == key, (key, option, r)
            assert (r.thrust_used, r.p_no_damage, len(r.checks)) == (option.thrust_used, option.p_no_damage,
                                                                     option.rolls), (key, option)
            assert ranks(r)[which] == best, (key, which, option)
        assert (e.p_no_damage, e.rolls) == (e.safest.p_no_damage, e.safest.rolls)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations())
def test_legal_moves_are_the_best_of_every_move(situation):
    assert_matches_oracle(*situation)


def test_oracle_on_a_hill_with_free_downhill_steps():
    # down two levels into clear costs 0 VP (CEN-TER-1): the search must handle hexes that cost nothing
    m = map_from_rows(["......"] * 6, ["864200", "864200", "642000", "864200", "420000", "200000"])
    assert step_table(m, None).has_free_steps
    vehicle = dataclasses.replace(VIPER, max_thrust=3)
    for v, facing in ((4, 1), (6, 2), (3, 2), (-2, 4), (2, 0), (5, 3)):
        assert_matches_oracle(m, vehicle, GravState.of(vehicle, from_offset(1, 3), facing, v))


def test_odds_values_order_chances_exactly():
    # exhaustive for short paths: comparing values is comparing chances, and equal chances give equal values
    paths = [(a, b, r) for r in range(7) for b in range(r + 1) for a in range(2 * (r - b) + 1)]
    for x in paths:
        for y in paths:
            px, py = Fraction(2 ** x[0] * 3 ** x[1], 10 ** x[2]), Fraction(2 ** y[0] * 3 ** y[1], 10 ** y[2])
            vx, vy = odds_value(*x), odds_value(*y)
            assert (vx > vy) == (px > py) and (vx == vy) == (px == py), (x, y)
            assert value_chance(vx) == px and value_rolls(vx) == x[2]


def test_odds_keys_keep_their_order_up_to_the_longest_path():
    # for every difference of exponents a search can meet (up to 125 rolls), the integer key of 2^da 3^db / 10^dr
    # has the sign of log(2^da 3^db / 10^dr): only the da nearest the root can go wrong, so those are checked
    import math

    for dr in range(0, 126):
        for db in range(-125, 126):
            root = (dr * math.log(10) - db * math.log(3)) / math.log(2)
            for da in {math.floor(root), math.ceil(root)}:
                if (da, db, dr) == (0, 0, 0) or abs(da) > 250:
                    continue
                key = da * W2 + db * W3 - dr * W10
                num, den = 2 ** max(da, 0) * 3 ** max(db, 0), 10**dr * 2 ** max(-da, 0) * 3 ** max(-db, 0)
                assert key != 0 and (key > 0) == (num > den), (da, db, dr)


def test_a_grounded_vehicle_may_lift_off_and_hover():
    # found by the oracle: lifting off (1 TP) and staying at velocity 0 facing as before is a legal end (CEN-GRAV-6)
    m = map_from_rows(["....."] * 5)
    state = GravState.of(VIPER, from_offset(3, 3), 2, 0, grounded=True)
    hover = {(e.hex, e.facing, e.grounded): e for e in legal_grav_moves(state, VIPER, m)}[(state.hex, 2, False)]
    assert (hover.velocity_min, hover.velocity_max, hover.cheapest.thrust_used) == (0, 0, 1)
    assert resolve_grav_move(state, hover.cheapest.move, m, VIPER).end_state().grounded is False


def test_the_search_refuses_velocities_beyond_its_range():
    m = map_from_rows(["....."] * 5)
    state = GravState.of(VIPER, from_offset(3, 3), 2, 81)
    with pytest.raises(ValueError, match="CEN-GRAV-2: starting at velocity 81, this turn reaches velocity 8[0-9]"):
        legal_grav_moves(state, VIPER, m)


def test_shared_search_columns_give_what_separate_columns_give():
    # without 0-VP steps, velocities with alike rolls share a search column; searching each apart (as a map with
    # 0-VP steps does) must give the same end states, velocity ranges, odds and paths
    from centurion.data import sample_map, vehicle_types

    m = sample_map()
    tank = dataclasses.replace(vehicle_types()["horatius"], max_thrust=8)
    table = step_table(m, None)
    assert not table.has_free_steps
    for label, facing, v in (("0116", 2, 30), ("2215", 4, 12), ("1010", 1, -4)):
        state = GravState.of(tank, parse_label(label), facing, v)
        shared = legal_grav_moves(state, tank, m)
        table.has_free_steps = True
        try:
            apart = legal_grav_moves(state, tank, m)
        finally:
            table.has_free_steps = False
        assert len(shared) == len(apart)
        for a, b in zip(shared, apart, strict=True):
            assert tuple(a)[:5] == tuple(b)[:5] and (a.p_no_damage, a.rolls) == (b.p_no_damage, b.rolls)
            assert (a.cheapest.thrust_used, a.cheapest.p_no_damage) == (b.cheapest.thrust_used, b.cheapest.p_no_damage)


@pytest.mark.parametrize("damage", [
    {"left_vane_lost": True}, {"right_vane_lost": True}, {"left_vane_lost": True, "right_vane_lost": True},
    {"driver_out": True}, {"thrust_quarters_lost": 2}, {"thrust_quarters_lost": 3}, {"piloting_modifier": -2},
])
@pytest.mark.parametrize("velocity,grounded", [(0, False), (0, True), (3, False), (-2, False), (6, False)])
def test_damaged_vehicles_match_the_oracle(damage, velocity, grounded):
    # every movement effect of internal damage (book-a §13) in the search agrees with resolve_grav_move
    m = map_from_rows(["..l..", ".h...", "...l.", "..b..", "....."], ["00100", "01100", "00000", "00210", "00000"])
    vehicle = dataclasses.replace(VIPER, max_thrust=3)
    state = GravState.of(vehicle, from_offset(3, 3), 1, velocity, grounded=grounded, **damage)
    assert_matches_oracle(m, vehicle, state)


def test_a_submerged_tank_with_one_thrust_point_turns_on_the_bottom():
    """Found by hypothesis in session 29's CI run: a Viper on a lake's bottom at velocity 0 with half its thrust
    lost (1 TP: too little for the 2 TP that lift it out of the water, CEN-GRAV-6) may still spend it moving under
    water (CEN-GRD-2), which `resolve_grav_move` accepts as a turn in place to any facing; the search said it could
    only stay as it was. Expected: the oracle's brute force, and by the rule each of the six facings in its hex."""
    vehicle = dataclasses.replace(VIPER, max_thrust=2)
    rows = ["......"] * ROWS
    rows[3] = "..w..."  # a lake hex at 0304
    m = map_from_rows(rows, ["000000"] * ROWS)
    here = parse_label("0304")
    state = GravState.of(vehicle, here, 0, 0, grounded=True, submerged=True, thrust_quarters_lost=2)
    assert state.max_thrust(vehicle) == 1
    assert set(oracle(state, vehicle, m)) == {(here, f, True) for f in range(6)}
    assert_matches_oracle(m, vehicle, state)
