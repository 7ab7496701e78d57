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
from centurion.game.bot_move import (
    HOLD,
    REACH_CHECKS,
    Row,
    best_first,
    heading_for,
    objective_terms,
    reach_chance,
    reach_checks,
    reach_goals,
    trapped,
)
from centurion.hexgrid import Hex, distance, neighbor, parse_label
from tests.bot_games import meeting_before_end, placed, with_objectives, with_squad, with_vehicle

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
    s = placed(s, {"R11": "1116"})
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
    assert heading_for(ends, BRIDGE).tolist() == [1.0, 0.0, 1.0, 0.0, 1.0]


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


def test_next_turns_reach_ignores_this_turns_cut_for_the_drivers_fire():
    """VAR-WEAPONS: a driver who fired cuts the speed limits of the vehicle's move in the turn after the fire only
    (game/crew.py `speed_table`). R11's driver fired last turn, so this turn's limits are cut, not next turn's: its
    chance to reach the bridge next turn from an end at velocity 10, 7 hexes off, is the same as with no fire at all
    (it was taken from this turn's cut table until session 38: 6 in a million, every fast hex rolling)."""
    s = new_skirmish("meeting", seed=0, variants=("VAR-WEAPONS",))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "veteran"))
    s = replace(s, turn=s.scenario.turns - 1, done=frozenset())
    s = placed(s, {"R11": "1116"})
    fired = with_vehicle(s, "R11", driver_fire=(s.turn - 1, "T11", 2))
    assert fired.speed_table("R11") is not None and s.speed_table("R11") is None  # this turn's limits are cut
    end = next(e for e in s.end_states("R11") if e.hex == Hex(7, 13) and e.facing == 0 and e.velocity_min == 10)
    assert distance(end.hex, BRIDGE) == 7 and not end.grounded
    state = s.resolve_move("R11", end.safest.move).end_state()
    assert reach_chance(s, s.vehicle("R11"), state, BRIDGE) == 1.0
    assert reach_chance(fired, fired.vehicle("R11"), state, BRIDGE) == 1.0


def test_reach_checks_replace_the_quick_guess_by_the_exact_reach(before_last):
    """`reach_checks` rescores the best rows in place: each loses its quick objective bonus (`held`) and gains what
    it can reach next turn, half of HOLD times its chance to reach times the chance it survives its own path
    (1 - `p_through`). The row that cannot reach the bridge drops below the one that can, which is then checked too."""
    s, v = before_last, before_last.vehicle("R11")
    ends = s.end_states("R11")
    beside = next(e for e in ends if e.grounded and distance(e.hex, BRIDGE) <= 1 and e.p_no_damage == 1)
    away = next(e for e in ends if e.grounded and distance(e.hex, BRIDGE) >= 9)
    far_row = Row((20.0, 1.0), away, away.safest.move, 0.0, 6.3)
    near_row = Row((18.0, 1.0), beside, beside.safest.move, 0.3, 4.0)
    untouched = Row((-50.0, 1.0), beside, beside.safest.move, 0.0, 3.0)
    assert REACH_CHECKS >= 2
    reach_checks(s, v, [far_row, near_row, untouched])
    assert far_row.key == (pytest.approx(20.0 - 6.3), 1.0)  # 13.7
    assert near_row.key == (pytest.approx(18.0 - 4.0 + 0.5 * HOLD * 1.0 * (1 - 0.3)), 1.0)  # 22.75
    assert untouched.key == (-50.0, 1.0)  # never the best: never checked
    last = replace(s, turn=s.scenario.turns)
    row = Row((20.0, 1.0), away, away.safest.move, 0.0, 6.0)
    reach_checks(last, v, [row])  # the last turn: no goals, nothing rescored
    assert row.key == (20.0, 1.0)


# --- who already covers an objective (book-b §15.2), read by `objective_terms` and `reach_goals` ---------------------

def _meeting(turns_left: int, moved: dict[str, str], objectives: tuple[str, ...] = ("1516",)):
    """The meeting `turns_left` turns before its last, R11 to weigh, the vehicles given moved there this turn, the
    scenario's objectives at the hexes given (the shipped one: the bridge)."""
    s = meeting_before_end(turns_left, moved)
    return with_objectives(s, objectives)


def _at(*labels: str) -> np.ndarray:
    return np.array([[h.q, h.r] for h in map(parse_label, labels)], dtype=np.int64)


def test_only_friends_that_have_moved_and_stand_beside_it_cover_an_objective():
    """In the last turn a friend covers the bridge only once it has moved (one still to move may yet leave) and only
    within 1 hex of it (book-b §15.2): an unmoved friend beside it, or a moved one 2 hexes off, leaves an end beside
    the bridge its full HOLD; enemies that have moved count for nothing."""
    s = _meeting(0, {"R12": "1316", "T11": "1515", "T12": "1517"})  # R12 2 hexes off; two TOG tanks beside it
    s = placed(s, {"R13": "1615"})  # beside, unmoved
    assert distance(parse_label("1316"), BRIDGE) == 2 and distance(parse_label("1615"), BRIDGE) == 1
    assert objective_terms(s, s.vehicle("R11"), _at("1516", "1316")).tolist() == pytest.approx([HOLD, 0.0])


def test_every_objective_counts_for_itself():
    """Two objectives (the shipped scenarios have one; a scenario may list more, book-b §15.2): an end beside either
    is worth what that one is worth, the first objective being held by two friends already does not stop the
    weighing of the second, and the second does not wipe out the first."""
    s = _meeting(0, {}, ("1516", "0816"))
    assert objective_terms(s, s.vehicle("R11"), _at("1516", "0816", "1216")).tolist() == pytest.approx(
        [HOLD, HOLD, 0.0])
    s = _meeting(0, {"R12": "1515", "R13": "1517"}, ("1516", "0816"))
    assert objective_terms(s, s.vehicle("R11"), _at("1516", "0816")).tolist() == pytest.approx([0.0, HOLD])
    s = _meeting(1, {}, ("1516", "0816"))  # the turn before the last, slow ends within 4 hexes of each
    # 1816 is 3 hexes from the bridge and 10 from 0816; 0516 the other way round
    got = objective_terms(s, s.vehicle("R11"), _at("1816", "0516"), np.array([1.0, 1.0]))
    assert got.tolist() == pytest.approx([0.5 * HOLD, 0.5 * HOLD])


def test_without_the_ends_speeds_every_end_within_4_hexes_counts_as_slow():
    """`objective_terms` called without `slow` (no speeds known) counts every end within 4 hexes of the objective
    the turn before the last: half of HOLD each, nothing 5 hexes off."""
    s = _meeting(1, {})
    assert objective_terms(s, s.vehicle("R11"), _at("1116", "1016")).tolist() == pytest.approx([0.5 * HOLD, 0.0])


@pytest.fixture(scope="module")
def village():
    """The village (Assault on Castra Nova) at its start: the TOG squad T22s stands at 3612, beside the ridge road
    (3613), the other (T21s) 6 hexes off; the Renegade squads ride in their Vipers."""
    s = new_skirmish("village", seed=0)
    road = s.scenario.objectives[0].hex
    assert road == parse_label("3613")
    assert [(q.key, None if q.hex is None else distance(q.hex, road)) for q in s.squads] == [
        ("R31s", None), ("R32s", None), ("T21s", 6), ("T22s", 1)]
    return s


def test_a_squad_of_its_own_beside_the_objective_covers_it(village):
    """A squad of the side's own within 1 hex covers the objective (book-b §15.2: any unit holds it): in the last turn
    an end beside the ridge road is worth 0.4 of HOLD to a TOG tank (T22s is there), the full HOLD to a Renegade one
    (the enemy's squad covers nothing for it, its own squads ride in their Vipers); a destroyed squad (no men) or
    one 2 hexes off covers nothing. The turn before the last, `reach_goals` counts the squad the same way."""
    road = parse_label("3613")
    last = replace(village, turn=village.scenario.turns)
    ends = _at("3613", "3313")  # on the road, 3 hexes off
    assert objective_terms(last, last.vehicle("T21"), ends).tolist() == pytest.approx([0.4 * HOLD, 0.0])
    assert objective_terms(last, last.vehicle("R21"), ends).tolist() == pytest.approx([HOLD, 0.0])

    def squad(s, **changes):
        return with_squad(s, "T22s", **changes)

    for gone in (squad(last, men=0), squad(last, hex=parse_label("3611"))):
        assert distance(parse_label("3611"), road) == 2
        assert objective_terms(gone, gone.vehicle("T21"), ends).tolist() == pytest.approx([HOLD, 0.0])
    before = replace(village, turn=village.scenario.turns - 1)
    assert reach_goals(before, before.vehicle("T21")) == [(road, pytest.approx(0.2 * HOLD))]
    assert reach_goals(before, before.vehicle("R21")) == [(road, pytest.approx(0.5 * HOLD))]
    for gone in (squad(before, men=0), squad(before, hex=parse_label("3611"))):
        assert reach_goals(gone, gone.vehicle("T21")) == [(road, pytest.approx(0.5 * HOLD))]


def test_enemies_that_can_reach_the_objective_are_no_friends_of_it():
    """`reach_goals` counts friends that have moved and can reach the objective next turn; two TOG tanks that have
    moved beside the bridge leave it a goal worth half of HOLD to R11."""
    s = _meeting(1, {"T11": "1515", "T12": "1517"})
    assert reach_goals(s, s.vehicle("R11")) == [(BRIDGE, pytest.approx(0.5 * HOLD))]


def test_best_first_takes_the_earlier_of_equal_rows():
    """`best_first` gives the best row by its score key alone, the earlier of equal ones first (the weighing's
    fixed order), and stops once the best is one already given."""
    a, b = Row((1.0, 0.5), "end a", "move a", 0.0, 0.0), Row((1.0, 0.5), "end b", "move b", 0.0, 0.0)  # equal keys
    assert list(best_first([b, a], 3)) == [b]
    assert list(best_first([a, b], 3)) == [a]


def test_the_trap_check_reads_next_turns_limits_not_this_turns_cut():
    """`trapped` asks whether the vehicle still has a risk-free move next turn (CEN-GRAV-2, CEN-SPD-1). Under
    VAR-WEAPONS a driver's fire of last turn cuts this turn's speed limits only: R11 ending at velocity 10 at 0312
    facing north has risk-free moves next turn on the engine's table whether or not its driver fired last turn (with
    this turn's cut table every fast hex rolled, and the check called it a trap until session 38)."""
    s = new_skirmish("meeting", seed=0, variants=("VAR-WEAPONS",))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "veteran"))
    fired = with_vehicle(s, "R11", driver_fire=(s.turn - 1, "T11", 2))
    end = next(e for e in s.end_states("R11") if e.hex == Hex(2, 10) and e.facing == 0 and e.velocity_min == 10
               and not e.grounded and e.p_no_damage == 1)
    assert fired.resolve_move("R11", end.safest.move).end_state().velocity == 10  # the same move under the cut
    assert trapped(s, s.vehicle("R11"), end.safest.move) == 0.0
    assert trapped(fired, fired.vehicle("R11"), end.safest.move) == 0.0
