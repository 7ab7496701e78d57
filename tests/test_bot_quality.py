"""The computer opponent plays like a player (issue 25; audit tests-and-game.md G9, G10).

Expected values come from the rules (grounding damage 10 a point of velocity, CEN-GRD-1; the Terrain Effects
Table's combat modifiers, CEN-TER-1) and from the audit's figures, never from the bot's own scores.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.game import LEVELS, Move, Paint, bot_action, new_skirmish
from centurion.hexgrid import distance, parse_label
from centurion.rules.damage import cross_rowwise
from tests.bot_games import first_renegade_move, g9_position


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_G9_no_grounding_into_certain_damage_when_a_safe_end_is_as_good(level):
    s = g9_position()
    res = s.resolve_move("R13", _ground_here(s).move)
    # CEN-GRD-1: 10 points a point of velocity after deceleration, on the bottom (40 armor); the Liberator's 6
    # thrust points slow it from 9 to 3 first (book-a E10; the audit's game landed at 9 for 90, session 34's fix)
    assert s.vehicle("R13").sheet.max_thrust == 6 and res.grounding_damage == 10 * (9 - 6)
    ends = s.end_states("R13")
    bridge = parse_label("1516")
    safe = [e for e in ends if e.p_no_damage == 1]
    assert len(ends) == 1526 and len(safe) == 660  # the audit's figures
    assert min(distance(e.hex, bridge) for e in safe) == 2
    a = bot_action(s, level)
    assert isinstance(a, Move) and a.unit == "R13"
    chosen = s.resolve_move("R13", a.move)
    assert chosen.grounding_damage == 0
    assert all(e.check.p_pass == 1 for e in chosen.entries)  # no piloting roll that can fail
    after = s.apply(a)
    assert not after.vehicle("R13").destroyed
    assert not any("DESTROYED during its move" in line for line in after.log[len(s.log):])


LAST_TURN = {"R11": ("1515", 3, 0, True), "R12": ("1520", 1, 10, False), "R13": ("1413", 2, 0, True),
             "T11": ("1516", 3, 0, True), "T12": ("2512", 4, 0, True), "T13": ("1513", 0, 6, False)}
LAST_TURN_ARMOR = {"R11": {"front": 81, "left": 55}, "T11": {"front": 69, "turret": 65, "left": 22, "right": 60},
                   "T13": {"turret": 58, "left": 35, "right": 65}}


def _last_turn_position():
    """The elite's avoidable loss in the ladder (session 16: meeting seed 15, the elite as the Renegades), rebuilt:
    turn 6 of 6, T11 grounded on the bridge (1516) and R11 beside it (1515), R13 and T12 destroyed, R12 to move at
    velocity 10 from 1520, the armor each vehicle had lost then."""
    s = first_renegade_move(15)
    vs = []
    for v in s.vehicles:
        h, facing, velocity, grounded = LAST_TURN[v.key]
        sheet = v.sheet
        for section, left in LAST_TURN_ARMOR.get(v.key, {}).items():
            sheet = cross_rowwise(sheet, section, sheet.armor[section].intact - left, immediate=True)[0]
        if v.key in ("R13", "T12"):
            box = sheet.boxes_of("bottom", "vehicle_destroyed")[0]
            sheet = replace(sheet, internal_lost=sheet.internal_lost | {("bottom", box)})
        vs.append(replace(v, hex=parse_label(h), facing=facing, velocity=velocity, grounded=grounded, sheet=sheet))
    s = replace(s, vehicles=tuple(vs), turn=6, done=frozenset({"R11", "T11", "T13"}))
    assert [v.key for v in s.movers()] == ["R12"] and s.turn == s.scenario.turns
    assert {v.key for v in s.vehicles if v.destroyed} == {"R13", "T12"}
    return s


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_G9_a_wreck_fires_nothing_so_no_grounding_at_speed_to_shoot_the_objectives_holder(level):
    """The elite grounded R12 at velocity 10 beside the bridge to shoot T11, the bridge's only holder (worth the
    objective's 75 points to it in the last turn): 100 points on the bottom's 40 boxes (CEN-GRD-1; 40 when its
    thrust slows it first, as the engine now lists it), the
    ammunition exploded and the tank was lost, though risk-free ends reached the bridge hex itself. The fire an end
    deals now counts only when the mover survives its move (the chance that its own damage gets through the armor
    is the wreck's chance, as for holding the objective)."""
    s = _last_turn_position()
    ground = [e for e in s.end_states("R12") if e.grounded and distance(e.hex, parse_label("1516")) <= 1]
    bottom = s.vehicle("R12").sheet.armor["bottom"].intact
    # every grounding beside the bridge: at least 10 x (10 - 6) points, its 6 thrust points slowing it first
    # (CEN-GRD-1, book-a E10; 100 before session 34's fix): the whole bottom's armor, the chance of a wreck
    assert bottom == 40 and ground and s.vehicle("R12").sheet.max_thrust == 6
    assert min(s.resolve_move("R12", e.safest.move).grounding_damage for e in ground) == 10 * (10 - 6)
    a = bot_action(s, level)
    chosen = s.resolve_move("R12", a.move)
    # no wreck: no roll that can fail, and no more grounding damage than the bottom's armor holds, so nothing
    # reaches the internals (book-a 12.1, 13; since session 34 the elite may land slowed to 4: 40 on 40 boxes)
    assert chosen.grounding_damage <= bottom and all(e.check.p_pass == 1 for e in chosen.entries)
    assert distance(chosen.end_state().hex, parse_label("1516")) <= 1  # still beside the holder, for the fire
    after = s.apply(a)
    assert not after.vehicle("R12").destroyed and not after.vehicle("R12").sheet.internal_lost


def _ground_here(s):
    """The end 'no hexes, ground' in place (the audit's bad move), by its safest path: slowed first."""
    v = s.vehicle("R13")
    return next(e for e in s.end_states("R13") if e.hex == v.hex and e.grounded and e.facing == v.facing).safest


def _turn_one(level):
    s = new_skirmish("meeting", seed=3)
    paints = []
    while s.turn == 1:
        a = bot_action(s, level)
        if isinstance(a, Paint) and a.target is not None:
            paints.append((s.vehicle(a.unit).side, a.target))
        s = s.apply(a)
    return s, paints


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_G10_no_stacking(level):
    s, _paints = _turn_one(level)
    for side in ("renegade", "tog"):
        hexes = [v.hex for v in s.live_vehicles(side)]
        assert len(set(hexes)) == len(hexes), f"{side} stacks: {hexes}"  # the audit: all three in one hex


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_G10_no_duplicate_paint(level):
    _s, paints = _turn_one(level)
    assert paints, "nobody painted"
    assert len(set(paints)) == len(paints), f"the same target painted twice by one side: {paints}"


def test_G10_cover_scores_follow_the_terrain_table():
    """Cover for an end hex, other things equal, ranks as the TET's combat modifiers (CEN-TER-1): heavy woods -2
    better than light woods -1, better than clear 0."""
    import numpy as np

    from centurion.game.bot_move import position_terms

    s = new_skirmish("meeting", seed=3)
    bm = s.battlemap
    by = {}
    for h, cell in sorted(bm.hexes.items()):
        if cell.level == 0 and cell.terrain in ("clear", "light_woods", "heavy_woods") and cell.terrain not in by:
            if all(distance(h, v.hex) > 1 for v in s.vehicles):
                by[cell.terrain] = h
    v = s.live_vehicles("renegade")[0]
    order = ["clear", "light_woods", "heavy_woods"]
    score = position_terms(s, v, np.array([[by[t].q, by[t].r] for t in order], dtype=np.int64), True)
    assert score[0] < score[1] < score[2]
    assert score[2] - score[0] == pytest.approx(2 * (score[1] - score[0]))  # -2 is twice -1


def test_G10_stacking_is_penalised_against_an_equal_hex():
    import numpy as np

    from centurion.game.bot_move import position_terms

    s = new_skirmish("meeting", seed=3)
    v, mate = s.live_vehicles("renegade")[:2]
    far = next(h for h, c in sorted(s.battlemap.hexes.items())
               if c.terrain == s.battlemap[mate.hex].terrain and c.level == s.battlemap[mate.hex].level
               and all(distance(h, x.hex) > 1 for x in s.vehicles))
    score = position_terms(s, v, np.array([[mate.hex.q, mate.hex.r], [far.q, far.r]], dtype=np.int64), True)
    assert score[0] < score[1]


def _sample_states():
    """A few states of different phases (movement, painting, fire) from a short game."""
    s = new_skirmish("meeting", seed=5)
    seen, out = set(), []
    while s.turn <= 2 and not s.over:
        if s.phase not in seen and s.phase in ("initiative", "order", "movement", "painting", "fire", "end"):
            seen.add(s.phase)
            out.append(s)
        s = s.apply(bot_action(s, "novice"))
    return out


def test_levels_listed_and_each_returns_a_legal_action():
    from centurion.game import Level

    assert [str(lv) for lv in LEVELS] == ["novice", "veteran", "elite"]
    assert Level("elite") is Level.ELITE
    for s in _sample_states():
        for level in LEVELS:
            a = bot_action(s, level)
            assert a in s.legal_actions() or s.is_legal(a), (s.phase, level, a)
    from centurion.game import scenarios

    battle = new_skirmish(scenarios("centuria")[0], seed=0)  # Centuria: every level plays too
    for level in LEVELS:
        assert battle.is_legal(bot_action(battle, level))


def test_determinism_per_seed_and_no_clock():
    """Same state, same choice, on a machine of any speed: the bot never reads the clock without a budget."""

    def clock():
        raise AssertionError("the bot read the clock")

    for s in _sample_states():
        for level in LEVELS:
            assert bot_action(s, level, clock=clock) == bot_action(s, level)


def _painting_position():
    """The meeting, seed 3, the veteran on both sides up to turn 1's painting, the Renegades to declare first."""
    s = new_skirmish("meeting", seed=3)
    while s.phase != "painting":
        s = s.apply(bot_action(s, "veteran"))
    assert s.active == "renegade" and not s.paints
    return s


def _shieldless(s, key: str):
    """The same position with vehicle `key`'s shields gone (as a ground vehicle's: no shield modifier, CEN-CMB-1)."""
    def strip(v):
        return replace(v, sheet=replace(v.sheet, vehicle=replace(v.sheet.vehicle, shields={})))
    return replace(s, vehicles=tuple(strip(v) if v.key == key else v for v in s.vehicles))


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_paint_goes_where_it_removes_a_shield_not_where_there_is_none(level):
    """Painting only takes the target's shields out of the to-hit rolls (book-a §7.2). The target the side would
    paint first loses its shields: painting it now changes no roll, though it is now the easiest to paint (its
    painting roll has no shield modifier either) and the easiest to hit, so the first paint goes elsewhere."""
    s = _painting_position()
    first = bot_action(s, level)
    assert isinstance(first, Paint) and first.target is not None
    bare = _shieldless(s, first.target)
    chance = {a.target: bare.paint_attempt(a.unit, a.target).to_hit.chance for a in bare.legal_actions()
              if isinstance(a, Paint) and a.target is not None and a.unit == first.unit}
    assert chance[first.target] > s.paint_attempt(first.unit, first.target).to_hit.chance  # no shield modifier now
    assert chance[first.target] == max(chance.values())  # the easiest paint on the board
    again = bot_action(bare, level)
    assert isinstance(again, Paint) and again.target not in (None, first.target)
