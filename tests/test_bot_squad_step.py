"""A squad's step when its platoon moves (issue 25, item 1: "use ... the objectives"; docs/decisions.md, "Computer
opponent"): a dismounted squad walks to the hex of its reach nearest the objective (CEN-INF-1: the engine's
`march_targets`, ties by the movement points it costs, then by the hex), if that is nearer than where it stands;
within 1 hex of the objective it stays, and the careful levels stand it on opportunity fire there (CEN-OPP-1), or
hide it when it may not (book-a §16.7), when an enemy is within 12 hexes. The position: the village (seed 0) at TOG's first movement, squad T21s 6 hexes from the ridge road
at the ruin (3613). Found by mutation testing of `game/bot.py` (session 40): no test of its map moved a squad.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from centurion.game import Conceal, March, Move, bot_action
from centurion.game.actions import Watch
from centurion.hexgrid import distance, format_label, parse_label
from tests.bot_games import first_move_of, with_squad

GOAL = parse_label("3613")


@pytest.fixture(scope="module")
def garrison():
    s = first_move_of("village", 0, "tog")
    assert s.movers()[0].key == "T21"
    assert [o.hex for o in s.scenario.objectives] == [GOAL]
    assert distance(s.squad("T21s").hex, GOAL) == 6
    return s


def _squad_at(s, label: str):
    return with_squad(s, "T21s", hex=parse_label(label))


def _nearest(s, key: str):
    """The hex of the squad's reach nearest the objective, ties by the movement points it costs, then by the hex."""
    reach = s.march_targets(key)
    return min(reach, key=lambda h: (distance(h, GOAL), reach[h], h))


def _beside(s):
    """The first hex beside the objective (by label order) without buildings and not squad T22s's."""
    return next(h for h, cell in sorted(s.battlemap.hexes.items()) if distance(h, GOAL) == 1
                and not cell.building_levels and h != s.squad("T22s").hex)


def _enemies_at(s, hexes: int):
    """`s` with every Renegade vehicle `hexes` from squad T21s, none nearer."""
    at = s.squad("T21s").hex
    h = next(h for h in sorted(s.battlemap.hexes) if distance(h, at) == hexes)
    return replace(s, vehicles=tuple(replace(v, hex=h) if v.side == "renegade" else v for v in s.vehicles))


@pytest.mark.parametrize("level", ["novice", "veteran", "elite"])
def test_a_squad_walks_to_the_hex_of_its_reach_nearest_the_objective(garrison, level):
    reach = garrison.march_targets("T21s")
    best = _nearest(garrison, "T21s")
    assert distance(best, GOAL) < 6
    assert sum(1 for h in reach if distance(h, GOAL) == distance(best, GOAL)) > 1  # the tie is broken by the rule
    assert bot_action(garrison, level) == March("T21s", format_label(best))


@pytest.mark.parametrize(("hexes", "level", "acts"), [
    (12, "veteran", True), (12, "elite", True), (13, "veteran", False), (12, "novice", False)])
def test_beside_the_objective_with_an_enemy_within_12_hexes_it_watches(garrison, hexes, level, acts):
    """Session 52: an unconcealed squad on foot may stand on opportunity fire (CEN-OPP-1, book-a §16.7), and the
    careful levels stand it so; before, they hid it, and the squad never fired at a tank passing by. Measured: the
    veteran against the baseline in the village, seeds 0-95, went from 135-24-33 to 144-17-31."""
    beside = _beside(garrison)
    s = _enemies_at(_squad_at(garrison, format_label(beside)), hexes)
    assert min(distance(v.hex, beside) for v in s.live_vehicles("renegade")) == hexes
    assert Watch("T21s") in s.movement_others()
    a = bot_action(s, level)
    if acts:
        assert a == Watch("T21s")
        from centurion.game.bot_reasons import bot_decision

        why = bot_decision(s, level).reason  # its log line says why (issue 25, item 4)
        assert why.startswith("T21s is within 1 hex of") and "stands on opportunity fire" in why, why
    else:  # it stays: no step of its own, a vehicle of its platoon moves
        assert not isinstance(a, (March, Conceal, Watch)) and a.unit == "T21"


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_a_hidden_squad_beside_the_objective_is_not_put_on_watch(garrison, level):
    """Hidden since last turn, a squad may not stand on opportunity fire ("No OF while concealed", book-a §16.7) and
    has no step to take: it stays hidden, and the computer moves a vehicle of the platoon."""
    beside = _beside(garrison)
    s = _enemies_at(_squad_at(garrison, format_label(beside)), 12)
    hidden = with_squad(s, "T21s", concealed_turn=s.turn - 1)._fresh()
    assert hidden.concealed("T21s") and Watch("T21s") not in hidden.movement_others()
    a = bot_action(hidden, level)
    assert hidden.is_legal(a) and isinstance(a, Move) and a.unit == "T21"


def test_a_squad_that_cannot_get_nearer_stays(garrison, monkeypatch):
    """Its reach holds only hexes as far from the objective as it stands: it stays, T21 moves."""
    here = garrison.squad("T21s").hex
    real = type(garrison).march_targets
    monkeypatch.setattr(type(garrison), "march_targets", lambda self, key: {
        h: mp for h, mp in real(self, key).items() if distance(h, GOAL) >= distance(here, GOAL)})
    assert garrison.march_targets("T21s")
    a = bot_action(garrison, "veteran")
    assert not isinstance(a, (March, Conceal)) and a.unit == "T21"


def test_two_hexes_off_it_still_walks_to_the_objective(garrison):
    """2 hexes from the objective is not beside it (book-b §15.2: within 1 hex): the squad walks on."""
    two = next(h for h, cell in sorted(garrison.battlemap.hexes.items()) if distance(h, GOAL) == 2
               and not cell.building_levels and not garrison.battlemap[h].terrain.startswith("water"))
    s = _squad_at(garrison, format_label(two))
    best = _nearest(s, "T21s")
    assert distance(best, GOAL) <= 1
    assert bot_action(s, "veteran") == March("T21s", format_label(best))


def test_a_squad_staying_beside_the_objective_lets_the_next_squad_walk(garrison):
    """T21s beside the objective with no enemy near stays; T22s, 6 hexes off, walks toward it."""
    beside, far = _beside(garrison), garrison.squad("T21s").hex
    s = _enemies_at(with_squad(with_squad(garrison, "T21s", hex=beside), "T22s", hex=far), 13)
    assert bot_action(s, "veteran") == March("T22s", format_label(_nearest(s, "T22s")))
