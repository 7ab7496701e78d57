"""How the computer picks the ends it weighs exactly, and what a carrier does beside an objective (issue 25).

docs/decisions.md ("Computer opponent"): the careful levels weigh their best quick scores exactly and, besides
them, the safest ends (6 for the veteran), so that a path with a risk of destroying itself always meets a risk-free
end (G9); a vehicle carrying a squad is drawn to ground within 1 hex of an objective and set the squad down there.
Expected values come from those words and from the engine's own end states (their exact chance of no damage),
never from the bot's scores.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.game import LEVELS, Move, bot_action, bot_trace
from centurion.game import bot as game_bot
from centurion.game.bot_move import Row, path_risk
from centurion.hexgrid import distance, parse_label
from centurion.rules.legal import legal_grav_moves
from tests.bot_games import first_move_of, g9_position, meeting_before_end, placed, played, with_vehicle

EXIT = parse_label("4315")  # the pursuit's objective, the east road exit


def _weighed(s, lv):
    """The rows the bot weighed exactly for the mover of `s` at level settings `lv`, and its move."""
    with bot_trace.traced() as notes:
        a = game_bot._movement(s, lv, None)
    return next(n for n in notes if n.kind == "moves").data["rows"], a


@pytest.mark.parametrize("candidates", [0, 1, 3])
def test_the_safest_ends_are_weighed_whatever_the_quick_scores_pick(candidates):
    """The audit's G9 position (R13 on the bridge at velocity 9: 660 of its 1,526 ends risk-free): with only
    `candidates` ends taken by their quick score, the veteran still weighs 6 risk-free ends besides them (fewer
    only when a quick pick is one of them), and its move is one of the ends weighed."""
    s = g9_position()
    lv = replace(LEVELS["veteran"], candidates=candidates)
    assert lv.safe == 6
    rows, a = _weighed(s, lv)
    risk_free = [r for r in rows if r.end.p_no_damage == 1]
    assert len(rows) <= candidates + lv.safe and len(risk_free) >= lv.safe
    assert len(rows) == len({(r.end.hex, r.end.facing, r.end.velocity_min, r.end.grounded) for r in rows})
    assert rows[candidates:] and all(r.end.p_no_damage == 1 for r in rows[candidates:])  # after the quick picks
    assert isinstance(a, Move) and a.unit == "R13"
    assert any(s.resolve_move("R13", r.move).end_state() == s.resolve_move("R13", a.move).end_state() for r in rows)


def test_without_the_safe_ends_only_the_quick_picks_are_weighed():
    """The count is the level's: `safe=0` weighs the quick picks alone (one here)."""
    rows, _a = _weighed(g9_position(), replace(LEVELS["veteran"], candidates=1, safe=0))
    assert len(rows) == 1


def _pursuit_renegades_move(turn: int):
    """The pursuit (seed 0) at the Renegades' first move, set in `turn`."""
    return replace(first_move_of("pursuit", 0, "renegade"), turn=turn)


@pytest.mark.parametrize("level", ["veteran", "elite"])
@pytest.mark.parametrize(("turn", "start"), [(1, "3915"), (1, "4015"), (3, "3815"), (3, "3915")])
def test_a_carrier_beside_the_objective_grounds_there_and_sets_its_squad_down(level, turn, start):
    """A Viper carrying its squad (R41, velocity 3, 3-5 hexes from the road exit, the TOG platoons far behind)
    ends grounded on the exit and its squad gets out: a squad within 1 hex of an objective holds it (book-b §15.2)
    and a grounded carrier is where a squad dismounts (CEN-MNT-1)."""
    s = with_vehicle(placed(_pursuit_renegades_move(turn), {"R41": start}), "R41", velocity=3)
    assert any(q.aboard == "R41" and q.men > 0 for q in s.squads)
    a = bot_action(s, level)
    assert isinstance(a, Move) and a.unit == "R41"
    res = s.resolve_move("R41", a.move)
    assert res.grounds and distance(res.end_state().hex, EXIT) <= 1
    assert a.dismount


BRIDGE = parse_label("1516")  # the meeting's objective


def _last_turn_t11(start: str, velocity: int):
    """The meeting's last turn, TOG's T11 first to move, at `velocity` from `start` (the Renegades far west)."""
    base = meeting_before_end(0, {})
    return with_vehicle(placed(base, {"T11": start}), "T11", velocity=velocity)


@pytest.mark.parametrize("level", ["veteran", "elite"])
@pytest.mark.parametrize(("start", "velocity"), [("2116", 12), ("2119", 12), ("2116", 16)])
def test_a_wreck_holds_nothing_so_no_certain_damage_through_the_armor_to_reach_the_objective(level, start, velocity):
    """In the last turn a unit within 1 hex of the bridge holds it (book-b §15.2), but from here every such end
    puts damage through T11's armor for certain: grounding there costs at least 10 a point of velocity past its
    thrust of 6 (CEN-GRD-1), 60 or more on a bottom of 40 boxes, and the ends flown through risk the same
    (`path_risk`: no such end is free of damage through the armor). A wreck holds nothing: the cost of that damage
    and holding discounted by its chance leave T11 to end elsewhere (with the discount's sign slipped, adding
    the chance of a wreck to holding's worth, it went to the bridge; the cost alone already keeps it away)."""
    s = _last_turn_t11(start, velocity)
    v = s.vehicle("T11")
    assert s.turn == s.scenario.turns and s.movers()[0].key == "T11"
    near = [e for e in s.end_states("T11") if distance(e.hex, BRIDGE) <= 1]
    assert near and v.sheet.armor["bottom"].intact == 40 and v.sheet.max_thrust == 6
    grounded = [s.resolve_move("T11", e.safest.move).grounding_damage for e in near if e.grounded]
    assert grounded and min(grounded) >= 10 * (velocity - 6) > 40
    assert all(path_risk(s, v, e.safest.move).p_through == 1 for e in near)
    a = bot_action(s, level)
    assert isinstance(a, Move) and a.unit == "T11"
    end = s.resolve_move("T11", a.move)
    assert distance(end.end_state().hex, BRIDGE) > 1
    assert path_risk(s, v, a.move).p_through < 1


def _next_turn_risk_free(s, key: str, move) -> int:
    """How many risk-free moves the vehicle has next turn after `move` (the engine's legal moves, CEN-GRAV-1/2)."""
    end = s.resolve_move(key, move).end_state()
    return sum(1 for e in legal_grav_moves(end, s.vehicle(key).sheet.vehicle, s.battlemap) if e.p_no_damage == 1)


@pytest.mark.parametrize(("scenario", "seed", "n", "unit"), [("pursuit", 0, 23, "R41"), ("meeting", 0, 25, "R12"),
                                                            ("meeting", 1, 50, "R12")])
def test_an_end_that_traps_at_speed_is_played_braked(scenario, seed, n, unit):
    """Veteran games' decisions where the best end, flown by its safest path, would leave the vehicle no risk-free
    move next turn (the map's edge or woods ahead at speed: CEN-GRAV-2, CEN-SPD-1): the veteran plays the same
    hexes braked as hard as its thrust allows (decelerating at the end changes no hex and no roll, CEN-GRAV-1),
    and from there a risk-free move is left (docs/decisions.md: the trap check)."""
    s = played(scenario, seed, n)
    a = bot_action(s, "veteran")
    assert isinstance(a, Move) and a.unit == unit and a.move.decelerate > 0
    unbraked = replace(a.move, decelerate=0)
    assert s.resolve_move(unit, unbraked).end_state().hex == s.resolve_move(unit, a.move).end_state().hex
    assert _next_turn_risk_free(s, unit, unbraked) == 0
    assert _next_turn_risk_free(s, unit, a.move) > 0


def test_a_row_key_ties_sums_taken_in_another_order():
    """Two ends whose scores are the same sum taken in another order (0.1 + 0.2 against 0.3 in floats) tie on the
    score, so the tie-breaks after it decide (docs/decisions.md: ties never go by list order), and a rescored row
    ties the same way."""
    a = Row.weighed(0.1 + 0.2, (1.0, -3, -5, -1), "end a", "move a", 0.0, 0.0)
    b = Row.weighed(0.3, (1.0, -3, -5, -2), "end b", "move b", 0.0, 0.0)
    assert 0.1 + 0.2 != 0.3  # the floats differ before rounding
    assert a.score == b.score and max([a, b], key=lambda r: r.key) is a  # facing 1 before 2 (-1 > -2)
    b.set_score(0.2 + 0.1)
    a.set_score(0.3)
    assert a.score == b.score and max([b, a], key=lambda r: r.key) is a
