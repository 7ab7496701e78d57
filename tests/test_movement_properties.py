"""Properties of grav movement over random maps and moves (CEN-GRAV, CEN-SPD, CEN-GRD)."""

from __future__ import annotations

import copy
import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.data import map_from_rows, vehicle_types
from centurion.hexgrid import Hex, from_offset
from centurion.rules import (
    GravMove,
    GravState,
    ResolvedMove,
    facing_change_interval,
    legal_grav_moves,
    resolve_grav_move,
)
from centurion.rules.grav import Refusal

VIPER = vehicle_types()["viper"]
COLS, ROWS = 7, 9


@st.composite
def maps(draw):
    terrain = ["".join(draw(st.sampled_from(".....lhwbx")) for _ in range(COLS)) for _ in range(ROWS)]
    elevation = ["".join(draw(st.sampled_from("0001123")) for _ in range(COLS)) for _ in range(ROWS)]
    return map_from_rows(terrain, elevation)


@st.composite
def situations(draw, max_v=9):
    m = draw(maps())
    hex_ = from_offset(draw(st.integers(1, COLS)), draw(st.integers(1, ROWS)))
    grounded = draw(st.booleans()) and draw(st.booleans())
    v = 0 if grounded else draw(st.integers(-3, max_v))
    vehicle = dataclasses.replace(VIPER, max_thrust=draw(st.integers(2, 8)))
    submerged = grounded and m[hex_].terrain == "lake" and draw(st.booleans())
    state = GravState.of(vehicle, hex_, draw(st.integers(0, 5)), v, grounded=grounded, submerged=submerged)
    return m, vehicle, state


@st.composite
def moves_for(draw, state: GravState):
    """A move whose hex steps go the way the velocity points, with turns sprinkled in."""
    accel = draw(st.integers(0, 4))
    v = state.velocity + accel
    way = "B" if v < 0 else "F"
    steps = draw(st.lists(st.sampled_from([way] * 5 + ["L", "R"]), max_size=abs(v) + 3))
    if draw(st.integers(0, 9)) == 0:
        steps.append(draw(st.sampled_from("FB")))  # now and then a wrong-way step
    under_water = state.submerged and draw(st.booleans())
    return GravMove(accel, "".join(steps), draw(st.integers(0, 4)), draw(st.booleans()), under_water=under_water)


def check_turns(r: ResolvedMove) -> None:
    """Every one-hexside turn came after the straight hexes the table asks for (CEN-GRAV-4)."""
    interval = facing_change_interval(r.velocity)
    straight = 0
    for step in r.move.steps:
        if step in "FB":
            straight += 1
        else:
            assert interval == 0 or straight >= interval
            straight = 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.data())
def test_random_moves_keep_the_rules(situation, data):
    m, vehicle, state = situation
    move = data.draw(moves_for(state))
    before = copy.deepcopy(state)
    r = resolve_grav_move(state, move, m, vehicle)
    assert state == before  # validation never changes the state
    if isinstance(r, Refusal):
        assert r.rule.startswith(("CEN-", "HEX-")) and r.reason
        return
    assert r.thrust_used <= vehicle.max_thrust
    if not r.grounds:
        assert r.vp_spent == abs(r.velocity)
    else:
        assert r.vp_spent <= abs(r.velocity)
    check_turns(r)
    for e in r.entries:
        assert 0 <= e.check.p_pass <= 1
    assert 0 <= r.p_no_damage <= 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(max_v=6), st.data())
def test_legal_moves_agree_with_validation(situation, data):
    m, vehicle, state = situation
    ends = legal_grav_moves(state, vehicle, m)
    keys = {(e.hex, e.facing, e.grounded) for e in ends}
    for e in ends:
        for option in (e.cheapest, e.safest):
            r = resolve_grav_move(state, option.move, m, vehicle)
            assert not isinstance(r, Refusal), (e, option.move, r)
            assert (r.end_hex, r.end_facing, r.grounds) == (e.hex, e.facing, e.grounded)
            assert r.thrust_used == option.thrust_used
            assert r.p_no_damage == option.p_no_damage
            assert len(r.checks) == option.rolls
        assert e.safest.p_no_damage >= e.cheapest.p_no_damage
        assert e.cheapest.thrust_used <= e.safest.thrust_used
    # random step sequences that validate end in an enumerated state
    for _ in range(20):
        move = data.draw(moves_for(state))
        r = resolve_grav_move(state, move, m, vehicle)
        if not isinstance(r, Refusal):
            assert (r.end_hex, r.end_facing, r.grounds) in keys, (move, r.end_hex, r.end_facing, r.grounds)


def test_legal_moves_from_a_standstill_include_every_facing():
    m = map_from_rows(["....."] * 5)
    state = GravState.of(VIPER, Hex(2, 1), 0, 0)
    ends = legal_grav_moves(state, VIPER, m)
    assert {e.facing for e in ends if e.hex == state.hex and not e.grounded} == set(range(6))
    assert all(e.safest.p_no_damage == 1 for e in ends if not e.grounded)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(max_v=6), st.sampled_from([{"left_vane_lost": True}, {"right_vane_lost": True},
                                              {"driver_out": True}, {"thrust_quarters_lost": 2},
                                              {"piloting_modifier": -2}, {"tsr_lost": True}]))
def test_damage_never_opens_a_move_or_improves_the_odds(situation, damage):
    # internal damage (book-a §13) only takes away: every end the damaged vehicle can reach, the intact one can,
    # at least as safely
    m, vehicle, state = situation
    intact = {(e.hex, e.facing, e.grounded): e for e in legal_grav_moves(state, vehicle, m)}
    for e in legal_grav_moves(dataclasses.replace(state, **damage), vehicle, m):
        key = (e.hex, e.facing, e.grounded)
        assert key in intact, (damage, key)
        assert e.p_no_damage <= intact[key].p_no_damage
