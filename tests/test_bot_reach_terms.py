"""The turn before the last: what an end is worth for the objective it can reach next turn (issue 25; book-b §15.2:
a unit within 1 hex of an objective at the end holds it or denies it to the enemy; game/bot_move.py).

Until now these terms were checked only through whole decisions (tests/test_bot_reach.py); mutation testing of
game/bot_move (docs/mutation.md) left their survivors unread. Here each is worked from the rules: the most hexes a
vehicle can enter next turn is its velocity plus its thrust (CEN-GRAV-1/2, a Liberator's thrust 6 in
data/vehicles.yaml, from the book's sheet), the front arc is the facing's (HEX-4), and a vehicle grounded beside an
objective can simply stay there next turn with no roll at all.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from centurion.game import bot_action, new_skirmish
from centurion.game.bot_move import HOLD, REACH_CHECKS, heading_for, objective_terms, reach_chance, reach_checks
from centurion.hexgrid import Hex, distance, neighbor, parse_label

BRIDGE = parse_label("1516")
THRUST = 6  # a Liberator's thrust (data/vehicles.yaml: "thrust 6 (E8, E23)")


@pytest.fixture(scope="module")
def before_last():
    """The meeting in the turn before its last (5), no Renegade moved yet, R11 put at 1116, 4 hexes from the
    bridge (1516) at its velocity 4."""
    s = new_skirmish("meeting", seed=0)
    while s.phase != "movement":
        s = s.apply(bot_action(s, "veteran"))
    s = replace(s, turn=s.scenario.turns - 1, done=frozenset())
    s = replace(s, vehicles=s._with_vehicle(replace(s.vehicle("R11"), hex=parse_label("1116"))))
    assert s.vehicle("R11").sheet.vehicle.max_thrust == THRUST
    assert distance(s.vehicle("R11").hex, BRIDGE) == 4
    return s


def _back(target: Hex, facing: int, steps: int) -> Hex:
    """The hex `steps` hexes behind `target` along `facing`: from there `target` lies straight ahead."""
    h = target
    for _ in range(steps):
        h = neighbor(h, facing + 3)
    return h


def _end(h: Hex, facing: int, velocity: int, grounded: bool = False) -> SimpleNamespace:
    return SimpleNamespace(hex=h, facing=facing, velocity_min=velocity, grounded=grounded)


def test_an_end_heading_for_the_objective_fast_enough_to_reach_it_next_turn(before_last):
    """`objective_terms` with the ends given, the turn before the last: an end more than 4 hexes off is worth half of
    HOLD when the objective lies in its front arc and it can get within 1 hex next turn (distance - 1 at most its
    velocity plus its thrust); facing away, one hex too far, or grounded (it must stop, so not heading anywhere),
    nothing."""
    s, v = before_last, before_last.vehicle("R11")
    far = 3 + THRUST  # 9 hexes off: reaching within 1 hex next turn takes 8, velocity 2 and thrust 6
    ends = [
        _end(_back(BRIDGE, 1, far), 1, far - 1 - THRUST),          # straight at it, just fast enough: 8 <= 2 + 6
        _end(_back(BRIDGE, 1, far), 4, far - 1 - THRUST),          # the same hex and speed, its back to it
        _end(_back(BRIDGE, 1, far), 1, far - 2 - THRUST),          # straight at it, one hex short: 8 > 1 + 6
        _end(_back(BRIDGE, 1, far), 1, 0, grounded=True),          # grounded there
        _end(_back(BRIDGE, 2, far + 3), 2, far + 3 - 1 - THRUST),  # 12 hexes off along another facing, fast enough
    ]
    assert [distance(e.hex, BRIDGE) for e in ends] == [9, 9, 9, 9, 12]
    hexes = np.array([[e.hex.q, e.hex.r] for e in ends], dtype=np.int64)
    got = objective_terms(s, v, hexes, np.zeros(len(ends)), ends)
    assert got.tolist() == pytest.approx([0.5 * HOLD, 0.0, 0.0, 0.0, 0.5 * HOLD])
    assert heading_for(v, ends, BRIDGE).tolist() == [1.0, 0.0, 1.0, 0.0, 1.0]


def test_within_4_hexes_slow_or_heading_for_it_counts_once(before_last):
    """An end within 4 hexes that is both slow (it can stop beside the objective) and heading for it is worth half
    of HOLD once, not twice; a fast one within 4 hexes heading away, nothing (`objective_terms`)."""
    s, v = before_last, before_last.vehicle("R11")
    ends = [_end(_back(BRIDGE, 1, 3), 1, 2), _end(_back(BRIDGE, 1, 3), 4, 9)]
    hexes = np.array([[e.hex.q, e.hex.r] for e in ends], dtype=np.int64)
    got = objective_terms(s, v, hexes, np.array([1.0, 0.0]), ends)
    assert got.tolist() == pytest.approx([0.5 * HOLD, 0.0])


def test_reach_chance_from_beside_the_objective_and_from_too_far(before_last):
    """`reach_chance`: grounded beside the bridge, R11 stays there next turn with no roll (chance 1); grounded 9 hexes
    off it cannot get within 1 hex (8 hexes at most 0 + 6), chance 0."""
    s, v = before_last, before_last.vehicle("R11")
    ends = s.end_states("R11")
    beside = next(e for e in ends if e.grounded and distance(e.hex, BRIDGE) <= 1 and e.p_no_damage == 1)
    away = next(e for e in ends if e.grounded and distance(e.hex, BRIDGE) >= 9)
    assert reach_chance(s, v, s.resolve_move("R11", beside.safest.move).end_state(), BRIDGE) == 1.0
    assert reach_chance(s, v, s.resolve_move("R11", away.safest.move).end_state(), BRIDGE) == 0.0


def test_reach_checks_replace_the_quick_guess_by_the_exact_reach(before_last):
    """`reach_checks` rescores the best rows in place: each loses its quick objective bonus (r[5]) and gains what it
    can reach next turn, half of HOLD times its chance to reach times the chance it survives its own path
    (1 - r[4]). The row that cannot reach the bridge drops below the one that can, which is then checked too."""
    s, v = before_last, before_last.vehicle("R11")
    ends = s.end_states("R11")
    beside = next(e for e in ends if e.grounded and distance(e.hex, BRIDGE) <= 1 and e.p_no_damage == 1)
    away = next(e for e in ends if e.grounded and distance(e.hex, BRIDGE) >= 9)
    far_row = [(20.0, 1.0), away, 0.0, away.safest.move, 0.0, 6.0]
    near_row = [(18.0, 1.0), beside, 0.0, beside.safest.move, 0.2, 4.0]
    untouched = [(-50.0, 1.0), beside, 0.0, beside.safest.move, 0.0, 3.0]
    assert REACH_CHECKS >= 2
    reach_checks(s, v, [far_row, near_row, untouched])
    assert far_row[0] == (pytest.approx(20.0 - 6.0), 1.0)
    assert near_row[0] == (pytest.approx(18.0 - 4.0 + 0.5 * HOLD * 1.0 * (1 - 0.2)), 1.0)
    assert untouched[0] == (-50.0, 1.0)  # never the best: never checked
    last = replace(s, turn=s.scenario.turns)
    row = [(20.0, 1.0), away, 0.0, away.safest.move, 0.0, 6.0]
    reach_checks(last, v, [row])  # the last turn: no goals, nothing rescored
    assert row[0] == (20.0, 1.0)
