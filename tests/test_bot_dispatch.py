"""`bot_action`'s arguments and dispatch, and the small parts of the move it hands its ends to (issue 25).

Found by mutation testing of `game/bot.py` (session 41): no test of its map called `bot_action` without a level,
on a finished game or on a Centuria battle, gave it a budget of 0 or a long name, or cut the elite's search with a
budget; `_move_for`, `_me_at` and `_outgunned` were reached only through whole moves whose choice their edge cases
did not change. Expected values come from docs/decisions.md ("Computer opponent"), the rules cited and the engine.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from centurion.game import LEVELS, IllegalAction, Move, bot_action, new_skirmish
from centurion.game import bot as game_bot
from centurion.game.centuria_bot import centuria_bot_action
from centurion.hexgrid import distance, format_label
from tests.bot_games import first_move_of, jumping_clock, placed, played, with_squad, with_vehicle

# --- bot_action's arguments -------------------------------------------------------------------------------------

def test_the_default_level_is_the_veteran():
    """The Skirmish pages and `bot_action(s)` play the veteran unless told (docs/decisions.md: the levels)."""
    s = played("meeting", 3, 6)
    assert s.phase == "movement"
    assert bot_action(s) == bot_action(s, "veteran") != bot_action(s, "novice")


@pytest.mark.parametrize("budget", [0, 0.0, -0.0, float("inf")])
def test_a_budget_of_nothing_or_forever_is_refused(budget):
    """A budget is a number of seconds above 0 (or None: no cap); 0 would cut every search before it starts."""
    with pytest.raises(ValueError, match=r"^budget is a number of seconds > 0 \(or None\), got "):
        bot_action(new_skirmish("meeting", seed=0), "veteran", budget=budget)


def test_the_messages_name_the_levels_and_stay_short():
    """A bad level is answered with the levels there are; the message is cut at 200 characters however long the
    value given (it is shown on the pages, issue 20)."""
    s = new_skirmish("meeting", seed=0)
    with pytest.raises(ValueError) as e:
        bot_action(s, "grandmaster")
    assert str(e.value) == "level is one of novice, veteran, elite, got 'grandmaster'"
    for kw in ({"level": "x" * 500}, {"budget": "1" * 500}):
        with pytest.raises(ValueError) as e:
            bot_action(s, **kw)
        assert len(str(e.value)) == 200


def test_a_finished_game_is_refused_with_the_rule_and_nothing_changes():
    """No decision is left once the game is over (CEN-SEQ-1): the same refusal `apply` gives, its rule named."""
    s = new_skirmish("first_game", seed=0)
    while not s.over:
        s = s.apply(bot_action(s, "novice"))
    log = list(s.log)
    with pytest.raises(IllegalAction) as e:
        bot_action(s, "veteran")
    assert (e.value.rule, e.value.reason) == ("CEN-SEQ-1", "the game is over")
    assert list(s.log) == log


def test_a_centuria_battle_is_played_by_its_own_computer_at_the_level_asked():
    """Centuria's battles go to `centuria_bot_action` (issue 15) with the level given: over a battle's first
    decisions (the farmstead, seed 3, the veteran on both sides) each level's choice is the Centuria computer's own,
    and the novice (who does not weigh the attacks it would suffer) and the veteran part before decision 40."""
    s = new_skirmish("centuria_farmstead", seed=3)
    differ = 0
    for _ in range(40):
        mine = {lv: bot_action(s, lv) for lv in ("novice", "veteran")}
        assert mine == {lv: centuria_bot_action(s, lv) for lv in ("novice", "veteran")}
        differ += mine["novice"] != mine["veteran"]
        s = s.apply(mine["veteran"])
    assert differ


# --- the elite's search under a budget ------------------------------------------------------------------------------

def test_a_budget_that_runs_out_stops_the_elites_search_at_its_own_choice():
    """The elite plays its best fire options out before it picks (game/bot_search.py); its work is capped by counts,
    and a budget, when given, stops the search once it is spent. First game (seed 0), decision 10: the search picks
    another shot than the elite's unsearched weighing. With a clock that never moves the budget never runs out
    (the full search's pick); on a machine so slow that every look at the clock is 1000 s later, the search stops
    after its first option, the unsearched choice."""
    s = played("first_game", 0, 10, "elite")
    assert s.phase == "fire"
    searched = bot_action(s, "elite")
    unsearched = game_bot._decide(s, replace(LEVELS["elite"], search=False), None, time.perf_counter)
    assert searched != unsearched
    assert bot_action(s, "elite", budget=0.05, clock=jumping_clock(0.0)) == searched
    assert bot_action(s, "elite", budget=1.0, clock=jumping_clock(1000.0)) == unsearched


# --- the parts of a move --------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def carrier():
    """The pursuit (seed 0) at the Renegades' first move: R41 carries squad R41s (CEN-MNT-1)."""
    return first_move_of("pursuit", 0, "renegade")


def _grounded_end(s, key: str, hexes: int):
    """A grounded end of `key`'s move `hexes` from the pursuit's objective."""
    o = s.scenario.objectives[0].hex
    return next(e for e in s.end_states(key) if e.grounded and distance(e.hex, o) == hexes)


@pytest.mark.parametrize(("hexes", "men", "dismount"), [(1, 2, True), (1, 1, True), (2, 2, False), (1, 0, False)])
def test_a_carrier_lets_its_squad_out_only_grounded_beside_the_objective(carrier, hexes, men, dismount):
    """The squad gets out where the carrier grounds within 1 hex of an objective (book-b §15.2: within 1 hex holds
    it), however few its men, and not 2 hexes off; a squad with no man left does not get out. The move is the end's
    safest path unless a braked one is given."""
    s = with_squad(with_vehicle(placed(carrier, {"R41": "3915"}), "R41", velocity=3), "R41s", men=men)
    e = _grounded_end(s, "R41", hexes)
    a = game_bot._move_for(s, s.vehicle("R41"), e)
    assert a == Move("R41", e.safest.move, dismount=dismount)
    other = replace(e.safest.move)  # an equal path, another object: the one given is the one played
    assert game_bot._move_for(s, s.vehicle("R41"), e, other).move is other


def test_a_grounded_end_in_a_crater_is_hull_down_and_a_flying_one_is_not():
    """A vehicle that grounds in a crater is hull down there (book-a §11: 7 hits in 10 on the turret, CEN-TER-1);
    flying over the same crater it is not. The village's TOG tanks start in craters."""
    s = first_move_of("village", 0, "tog")
    v = s.movers()[0]
    assert "crater" in s.battlemap[v.hex].counters
    here = [e for e in s.end_states(v.key) if e.hex == v.hex]
    grounded = next(e for e in here if e.grounded)
    assert game_bot._me_at(s, v, grounded).crater is True
    flying = [e for e in s.end_states(v.key) if not e.grounded and "crater" in s.battlemap[e.hex].counters]
    assert flying, format_label(v.hex)
    assert game_bot._me_at(s, v, flying[0]).crater is False


@pytest.mark.parametrize(("renegade_cost", "outgunned"), [(7, True), (8, False)])
def test_outgunned_means_worth_less_than_half_the_enemy(carrier, renegade_cost, outgunned):
    """The outgunned side keeps off (docs/decisions.md): its live vehicles cost less than half the enemy's. The
    pursuit's three TOG scouts and three tanks cost 45; three Vipers at 7 each (21) are outgunned, at 8 (24) not,
    and exactly half is not less than half."""
    s = carrier
    for key in ("R41", "R42", "R43"):
        s = with_vehicle(s, key, cost=renegade_cost)
    assert sum(v.cost for v in s.live_vehicles("tog")) == 45
    assert game_bot._outgunned(s, "renegade") is outgunned
    half = with_vehicle(with_vehicle(s, "R41", cost=7), "R42", cost=8)
    half = with_vehicle(half, "R43", cost=7.5)
    assert sum(v.cost for v in half.live_vehicles("renegade")) == 22.5
    assert game_bot._outgunned(half, "renegade") is False


def test_an_end_braked_to_a_stop_keeps_its_hexes(carrier):
    """Braking at the end of a move changes no hex and no roll (CEN-GRAV-1): asked to stop, the move ends at the
    slowest velocity the end allows (0 here: its thrust suffices), in the same hex and facing; asked to cruise, no
    faster than 10 (docs/decisions.md)."""
    s = carrier
    v = s.vehicle("R41")
    e = next(e for e in s.end_states("R41") if not e.grounded and e.velocity_min == 0
             and s.resolve_move("R41", e.safest.move).end_velocity > 0)
    stop = s.resolve_move("R41", game_bot._braked(s, v, e, want_slow=True))
    fast = s.resolve_move("R41", e.safest.move)
    assert stop.end_velocity == 0
    assert (stop.end_state().hex, stop.end_state().facing) == (fast.end_state().hex, fast.end_state().facing)
    assert [x.check.p_pass for x in stop.entries] == [x.check.p_pass for x in fast.entries]
    cruise = s.resolve_move("R41", game_bot._braked(s, v, e, want_slow=False))
    assert cruise.end_velocity == min(fast.end_velocity, game_bot.CRUISE)
