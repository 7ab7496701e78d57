"""The exact risk a path carries for the vehicle that flies it (issue 25, G9; game/bot_move.py `path_risk`).

Every Piloting Skill Roll on the path passes with its exact chance or, failing, deals its damage to the front and
the bottom (CEN-SPD-2); grounding at the end deals its damage to the bottom (CEN-GRD-1). Checked here against an
independent brute force over every pass-or-fail combination of the path's rolls, with the armor left on the
vehicle's sheet: the expected damage, the expected points past the armor, the chance that any get past and the
chance of no damage at all.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest

from centurion.data import terrain_table
from centurion.game import bot_action, new_skirmish
from centurion.game.bot_move import (
    HOLD,
    Risk,
    objective_stakes,
    objective_terms,
    path_risk,
    position_terms,
    reach_chance,
    reach_goals,
    speed_terms,
)
from centurion.hexgrid import distance, parse_label
from tests.bot_games import meeting_before_end, placed, with_squad


@pytest.fixture(scope="module")
def pursuit_t42():
    """Pursuit seed 0, T42's first move (velocity 5): many of its ends roll for speed limits, some ground at speed."""
    s = new_skirmish("pursuit", seed=0)
    while len(s.history) < 6:
        s = s.apply(bot_action(s, "veteran"))
    assert s.phase == "movement" and s.movers()[0].key == "T42"
    return s


def _brute(s, key: str, move) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    r = s.resolve_move(key, move)
    sections = dict(s.vehicle(key).sheet.armor.sections)
    front, bottom = sections["front"].intact, sections["bottom"].intact
    expected = through = p_through = p_none = Fraction(0)
    checks = [e.check for e in r.checks]
    for fails in itertools.product((False, True), repeat=len(checks)):
        p, f, b = Fraction(1), 0, r.grounding_damage
        for c, failed in zip(checks, fails, strict=True):
            p *= (1 - c.p_pass) if failed else c.p_pass
            f, b = (f + c.front, b + c.bottom) if failed else (f, b)
        over = max(0, f - front) + max(0, b - bottom)
        expected += p * (f + b)
        through += p * over
        p_through += p * (over > 0)
        p_none += p * (f + b == 0)
    return expected, through, p_through, p_none


def test_path_risk_is_the_brute_force_over_every_roll(pursuit_t42):
    s = pursuit_t42
    v = s.vehicle("T42")
    risky = [e for e in s.end_states("T42") if e.p_no_damage < 1]
    kinds = {(len(s.resolve_move("T42", e.safest.move).checks), e.grounded) for e in risky}
    assert len(risky) >= 10 and any(n >= 2 for n, _g in kinds) and {g for _n, g in kinds} == {True, False}
    for e in risky:
        got = path_risk(s, v, e.safest.move)
        want = _brute(s, "T42", e.safest.move)
        assert (got.expected, got.through, got.p_through, got.p_none) == pytest.approx([float(x) for x in want])
        assert got.p_none == pytest.approx(float(e.p_no_damage))  # the engine's own chance of no damage


def test_a_risk_free_path_carries_no_risk(pursuit_t42):
    s = pursuit_t42
    safe = next(e for e in s.end_states("T42") if e.p_no_damage == 1 and not e.grounded)
    assert path_risk(s, s.vehicle("T42"), safe.safest.move) == Risk(0.0, 0.0, 0.0, 1.0)


def test_what_a_risk_costs_in_the_score():
    """`Risk.loss`: 0.15 a point of damage and 0.3 more a point past the armor, by the vehicle's worth over 20,
    plus 20 times the chance that anything gets past, counted for at least a battle tank's worth (20): losing any
    unit costs its share of the victory points (game/bot_move.py)."""
    r = Risk(expected=10.0, through=4.0, p_through=0.5, p_none=0.2)
    assert r.loss(24.0) == pytest.approx((0.15 * 10 + 0.3 * 4) * 24 / 20 + 20 * 0.5 * 24 / 20)  # 15.24
    assert r.loss(10.0) == pytest.approx((0.15 * 10 + 0.3 * 4) * 10 / 20 + 20 * 0.5 * 1)  # a Viper: 11.35


@pytest.mark.parametrize(("friends", "near"), [
    ({}, 25.0),                              # nobody covers the bridge: an end within 1 hex holds or denies it
    ({"R12": "1515"}, 10.0),                 # one friend within 1 hex already: a second in case the fire kills it
    ({"R12": "1515", "R13": "1517"}, 0.0),   # two already: nothing more to gain there
    ({"R12": "1513"}, 25.0),                 # a friend 3 hexes off covers nothing
])
def test_the_last_turns_objective_term_counts_the_friends_already_beside_it(friends, near):
    """Book-b §15.2: a unit within 1 hex of an objective at the end holds it (or denies it to the enemy). In the last
    turn an end within 1 hex of the bridge (1516) is worth HOLD = 25 (75 victory points against a tank's 11-19) when
    no friend that has moved is there, 0.4 of it with one, nothing with two; an end 2 hexes off, nothing."""
    assert HOLD == 25.0
    s = meeting_before_end(0, friends)
    bridge = parse_label("1516")
    hexes = [parse_label(x) for x in ("1516", "1416", "1316", "1716")]
    assert [distance(h, bridge) for h in hexes] == [0, 1, 2, 2]
    got = objective_terms(s, s.vehicle("R11"), np.array([[h.q, h.r] for h in hexes], dtype=np.int64))
    assert got.tolist() == pytest.approx([near, near, 0.0, 0.0])


def test_the_turn_before_the_last_counts_ends_slow_enough_to_stop_beside_the_objective():
    """The turn before the last, an end within 4 hexes of an uncovered objective from where the vehicle can brake to
    a stop beside it next turn (`slow`) is worth half of HOLD; a fast one, or one 5 hexes off, nothing; in the turns
    before, no end is worth anything for the objective (game/bot_move.py `objective_terms`)."""
    s = meeting_before_end(0, {})
    s = replace(s, turn=s.scenario.turns - 1)
    bridge = parse_label("1516")
    four = next(h for h in (parse_label(f"{c:02d}16") for c in range(1, 15)) if distance(h, bridge) == 4)
    five = next(h for h in (parse_label(f"{c:02d}16") for c in range(1, 15)) if distance(h, bridge) == 5)
    arr = np.array([[h.q, h.r] for h in (four, four, five)], dtype=np.int64)
    slow = np.array([1.0, 0.0, 1.0])
    v = s.vehicle("R11")
    assert objective_terms(s, v, arr, slow).tolist() == pytest.approx([0.5 * HOLD, 0.0, 0.0])
    assert objective_terms(replace(s, turn=s.scenario.turns - 2), v, arr, slow).tolist() == [0.0, 0.0, 0.0]


def test_cover_elevation_and_spacing_of_an_end_hex():
    """The careful levels' habits (docs/decisions.md, "Player's habits"): 0.8 per point the hex's terrain takes off a
    shot at it (CEN-TER-1: light woods -1, heavy woods -2, buildings -2, data/terrain.yaml), 0.2 a level of height,
    -2.5 for each friend in the hex and -0.5 for each next to it; the novice weighs none of it."""
    s = new_skirmish("meeting", seed=0)
    v = s.vehicle("R11")
    friends = [m.hex for m in s.live_vehicles("renegade") if m.key != "R11"]
    table = terrain_table()
    picked = {}
    for h, cell in sorted(s.battlemap.hexes.items(), key=lambda kv: (kv[0].q, kv[0].r)):
        if cell.counters or min(distance(h, f) for f in friends) < 2:
            continue
        picked.setdefault((cell.terrain, cell.level), h)
    cases = [(t, lv) for (t, lv) in picked if t in ("clear", "light_woods", "heavy_woods", "building")]
    assert {t for t, _lv in cases} >= {"clear", "light_woods", "heavy_woods"}
    hexes = np.array([[picked[c].q, picked[c].r] for c in cases], dtype=np.int64)
    got = position_terms(s, v, hexes, careful=True)
    for (terrain, level), value in zip(cases, got.tolist(), strict=True):
        assert value == pytest.approx(-0.8 * table[terrain].combat_modifier + 0.2 * level), (terrain, level)
    assert not position_terms(s, v, hexes, careful=False).any()
    beside = next(h for h in s.battlemap.hexes if distance(h, friends[0]) == 1
                  and all(distance(h, f) > 1 for f in friends[1:]))
    on_and_beside = np.array([[friends[0].q, friends[0].r], [beside.q, beside.r]], dtype=np.int64)
    bare = [(-0.8 * (table[s.battlemap[h].terrain].combat_modifier or 0) + 0.2 * s.battlemap[h].level)
            for h in (friends[0], beside)]
    assert (position_terms(s, v, on_and_beside, careful=True) - bare).tolist() == pytest.approx([-2.5, -0.5])


def test_the_quick_guess_of_a_paths_own_damage():
    """`speed_terms`, the first guess before the exact weighing: 1 a point of velocity over 10 (too fast to stop or
    slow into cover next turn); grounding at velocity v deals 10 x v to the bottom (CEN-GRD-1), weighed like
    `Risk.loss` against the bottom armor left, a pierced bottom at least a battle tank's share; a path that may fail
    a piloting roll, its chance of failing times (4 + half the velocity). A Horatius (cost 11, bottom 40)."""
    s = new_skirmish("meeting", seed=0)
    v = s.vehicle("T11")
    assert v.cost == 11 and dict(v.sheet.armor.sections)["bottom"].intact == 40
    worth = 11 / 20

    def end(vmin: int, grounded: bool = False, p: Fraction = Fraction(1)):
        return SimpleNamespace(velocity_min=vmin, grounded=grounded, p_no_damage=p)

    ends = [end(8), end(14), end(-14), end(3, grounded=True), end(4, grounded=True), end(5, grounded=True),
            end(12, grounded=True), end(6, p=Fraction(7, 10)), end(12, p=Fraction(7, 10))]
    got = speed_terms(s, v, ends).tolist()
    assert got == pytest.approx([
        0.0,
        4.0,
        4.0,  # backward as fast
        0.15 * 30 * worth,  # 30 points on a 40-box bottom: nothing gets through
        0.15 * 40 * worth,  # 40 points: the bottom's last box, nothing past it
        (0.15 * 50 + 0.3 * 10) * worth + 20 * 1.0,  # 50 points: 10 past the bottom
        2.0 + (0.15 * 120 + 0.3 * 80) * worth + 20 * 1.0,  # and 2 over the cruise of 10
        0.3 * (4 + 0.5 * 6) * worth,
        2.0 + 0.3 * (4 + 0.5 * 12) * worth,
    ])

    pierced = [end(5, grounded=True)]  # a dearer vehicle's pierced bottom costs its own worth; no cost counts as 20
    assert speed_terms(s, replace(v, cost=30), pierced).tolist() == pytest.approx([(0.15 * 50 + 0.3 * 10) * 1.5 + 20 * 1.5])
    assert speed_terms(s, replace(v, cost=None), pierced).tolist() == pytest.approx([(0.15 * 50 + 0.3 * 10) + 20])


@pytest.mark.parametrize(("tog_at", "stakes"), [
    ({"T11": "1515"}, {"T11": 75.0}),                              # the only enemy beside the bridge holds it
    ({"T11": "1515", "T12": "1617"}, {"T11": 75.0}),               # one 2 hexes off does not count
    ({"T11": "1515", "R12": "1517"}, {"T11": 75.0}),               # it denies the bridge to the friend beside it
    ({"T11": "1515", "T12": "1517"}, {"T11": 18.75, "T12": 18.75}),  # one of two: a quarter of it each
    ({"T11": "1515", "T12": "1517", "T13": "1416"}, {}),            # three: one kill changes nothing
    ({"T11": "1513"}, {}),                                          # 3 hexes off: it holds nothing
])
def test_the_elites_last_turn_stakes_on_the_enemy_beside_an_objective(tog_at, stakes):
    """Book-b §15.2: an objective is held by a side with a unit within 1 hex and no enemy unit within 1 hex (75
    points). In the last turn the elite's fire counts the enemy whose destruction changes who holds it: the only
    enemy there is worth the 75 points, each of two a quarter (both must go), none when three are."""
    s = meeting_before_end(0, {})
    assert all(distance(parse_label(h), parse_label("1516")) == {"1513": 3, "1617": 2}.get(h, 1) for h in tog_at.values())
    s = placed(s, tog_at)
    assert objective_stakes(s, "renegade") == pytest.approx(stakes)
    assert objective_stakes(replace(s, turn=s.scenario.turns - 1), "renegade") == {}


def test_a_squad_beside_the_objective_denies_it_whatever_the_fire_does():
    """The village's last turn: TOG's squad T22s stands beside the ridge road (3612 by 3613), so no TOG vehicle's
    destruction changes who holds it, and the elite's fire counts no stakes (book-b §15.2: any unit denies)."""
    s = new_skirmish("village", seed=0)
    road = parse_label("3613")
    s = replace(s, turn=s.scenario.turns)
    s = placed(s, {"T21": "3614"})
    squad = next(q for q in s.squads if q.key == "T22s")
    assert distance(squad.hex, road) == 1 and squad.men > 0
    assert objective_stakes(s, "renegade") == {}
    off = with_squad(s, "T22s", hex=parse_label("3611"))
    assert distance(parse_label("3611"), road) == 2 and objective_stakes(off, "renegade")  # 2 hexes off: no denial
    gone = with_squad(s, "T22s", men=0)
    near = [v.key for v in gone.live_vehicles("tog") if distance(v.hex, road) <= 1]
    assert near  # T21 at 3614 at least
    assert objective_stakes(gone, "renegade") == pytest.approx({k: 75.0 / len(near) ** 2 for k in near})


def test_a_refused_path_counts_as_a_certain_loss(pursuit_t42):
    """A path the engine refuses (here: more hexes than the velocity allows, CEN-GRAV-1) is never flown: its risk is
    a certain loss past the armor, so no weighing prefers it."""
    s = pursuit_t42
    e = next(e for e in s.end_states("T42") if e.p_no_damage == 1 and not e.grounded)
    bad = replace(e.safest.move, steps=e.safest.move.steps + ("F",) * 30)
    assert path_risk(s, s.vehicle("T42"), bad) == Risk(1000.0, 1000.0, 1.0, 0.0)


@pytest.mark.parametrize(("friends", "goal"), [
    ({}, 12.5),                              # nobody can reach the bridge next turn: half of HOLD to an end that can
    ({"R12": "1515"}, 5.0),                  # one friend, already moved, can: a second is worth 0.2 of HOLD
    ({"R12": "1515", "R13": "1517"}, None),  # two can: nothing left to reach for
])
def test_the_turn_before_the_last_reaches_for_an_objective_fewer_than_two_friends_can_reach(friends, goal):
    """`reach_goals` (the turn before the last, book-b §15.2): each objective that fewer than two friends already
    moved (or squads beside it) can reach next turn, a friend counting when one of its next turn's legal ends within
    1 hex of it has at least even odds of no damage (`reach_chance`); in any other turn, none."""
    s = meeting_before_end(0, friends)
    s = replace(s, turn=s.scenario.turns - 1)
    bridge = parse_label("1516")
    for key in friends:
        m = s.vehicle(key)
        assert reach_chance(s, m, m.grav(), bridge) >= 0.5
    assert reach_chance(s, s.vehicle("R11"), s.vehicle("R11").grav(), bridge) == 0.0  # 13 hexes off at velocity 4
    goals = reach_goals(s, s.vehicle("R11"))
    assert goals == ([] if goal is None else [(bridge, pytest.approx(goal))])
    assert reach_goals(replace(s, turn=s.scenario.turns), s.vehicle("R11")) == []
