"""The careful levels' habits and checks of an end, each worked from the rules (issue 25; game/bot_move.py): cover
as the to-hit counts it with smoke and under water, spacing from friends only, the trap check's counts, and the
last turn's stakes with more than one objective. From the survivors of `python tools/mutation.py game/bot_move`
(docs/mutation.md, session 38).
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType, SimpleNamespace

import numpy as np
import pytest

from centurion.data import terrain_table
from centurion.game import bot_move, new_skirmish
from centurion.game.bot_move import TRAP, objective_stakes, position_terms, trapped
from centurion.hexgrid import Hex, distance, parse_label
from tests.bot_games import placed, with_objectives, with_vehicle


@pytest.fixture(scope="module")
def meeting():
    return new_skirmish("meeting", seed=0)


def _lone(s, terrain: str) -> Hex:
    """A hex of `terrain` with no counter, two hexes or more from every Renegade vehicle (no spacing term)."""
    friends = [m.hex for m in s.live_vehicles("renegade")]
    return next(h for h, c in sorted(s.battlemap.hexes.items(), key=lambda kv: (kv[0].q, kv[0].r))
                if c.terrain == terrain and not c.counters and min(distance(h, f) for f in friends) >= 2)


def _terms(s, *hexes: Hex) -> list[float]:
    return position_terms(s, s.vehicle("R11"), np.array([[h.q, h.r] for h in hexes], dtype=np.int64), True).tolist()


def test_smoke_counts_as_heavy_woods_where_that_is_worse(meeting):
    """Book-b §10.3: smoke in a target's hex counts as heavy woods (-2 to hit, data/terrain.yaml) unless the hex's own
    terrain is worse. The cover term reads it the same way: 0.8 a point, so 1.6 (plus 0.2 a level of height) on clear
    ground or light woods under smoke, heavy woods unchanged."""
    table = terrain_table()
    assert (table["clear"].combat_modifier, table["light_woods"].combat_modifier,
            table["heavy_woods"].combat_modifier) == (0, -1, -2)
    hexes = [_lone(meeting, t) for t in ("clear", "light_woods", "heavy_woods")]
    bare = _terms(meeting, *hexes)
    levels = [meeting.battlemap[h].level for h in hexes]
    assert bare == pytest.approx([0.0 + 0.2 * levels[0], 0.8 + 0.2 * levels[1], 1.6 + 0.2 * levels[2]])
    smoked = replace(meeting, counters=meeting.counters + tuple((h, "smoke") for h in hexes))  # smoke laid
    assert _terms(smoked, *hexes) == pytest.approx([1.6 + 0.2 * lv for lv in levels])


def test_under_water_is_the_best_cover(meeting):
    """A vehicle under water cannot be fired on but by artillery (CEN-GRD-2; data/terrain.yaml gives it no combat
    modifier): the cover term counts it as 2 points, 1.6, as much as heavy woods, plus 0.2 a level of height."""
    h = _lone(meeting, "clear")
    cells = dict(meeting.battlemap.hexes)
    cells[h] = replace(cells[h], terrain="under_water")
    board = replace(meeting.scenario.map, hexes=MappingProxyType(cells))
    wet = replace(meeting, scenario=replace(meeting.scenario, map=board))
    assert terrain_table()["under_water"].combat_modifier is None
    assert _terms(wet, h) == pytest.approx([1.6 + 0.2 * cells[h].level])


def test_spacing_counts_friends_not_enemies(meeting):
    """The spacing term (-2.5 for a friend in the hex, -0.5 for one beside it) counts R11's friends only: an enemy
    tank in the hex or beside it takes nothing off (it is no shot template or area attack shared)."""
    h = _lone(meeting, "clear")
    beside = next(n for n in meeting.battlemap.hexes if distance(n, h) == 1)
    alone = _terms(meeting, h)
    s = with_vehicle(with_vehicle(meeting, "T11", hex=h), "T12", hex=beside)
    assert _terms(s, h) == pytest.approx(alone)
    s = with_vehicle(with_vehicle(s, "R12", hex=h), "R13", hex=beside)
    assert _terms(s, h) == pytest.approx([alone[0] - 2.5 - 0.5])


@pytest.mark.parametrize(("safe", "expected"), [(0, TRAP), (1, TRAP / 2), (5, TRAP / 2), (9, TRAP / 2), (10, 0.0),
                                                (30, 0.0)])
def test_the_trap_check_counts_next_turns_risk_free_moves(meeting, monkeypatch, safe, expected):
    """`trapped`: after a move ending at velocity 7 or more, no risk-free move next turn is a trap (TRAP = 20, about a
    unit lost: it must ground at speed or roll, CEN-GRAV-2, CEN-SPD-1, CEN-GRD-1), fewer than 10 half of it, 10 or more
    nothing. Next turn's ends are stood in for here (their count is the engine's, tested elsewhere)."""
    ends = meeting.end_states("R11")
    fast = next(e for e in ends if not e.grounded and e.velocity_min == 10 and e.p_no_damage == 1)
    fake = [SimpleNamespace(p_no_damage=1)] * safe + [SimpleNamespace(p_no_damage=0.9)] * 7
    monkeypatch.setattr(bot_move, "legal_grav_moves", lambda *a, **k: fake)
    assert trapped(meeting, meeting.vehicle("R11"), fast.safest.move) == expected


def test_the_trap_check_starts_at_velocity_7(meeting, monkeypatch):
    """Only a move ending at velocity 7 (`TRAP_SPEED`) or more is checked: with no risk-free move next turn, an end at
    7 is a trap, one at 6 or grounded is not (it can always stop or stay)."""
    monkeypatch.setattr(bot_move, "legal_grav_moves", lambda *a, **k: [])
    v = meeting.vehicle("R11")

    def end_at(velocity: int, grounded: bool = False):
        e = next(e for e in meeting.end_states("R11") if e.grounded == grounded and e.p_no_damage == 1
                 and meeting.resolve_move("R11", e.safest.move).end_state().velocity == velocity)
        return e.safest.move

    assert bot_move.TRAP_SPEED == 7
    assert trapped(meeting, v, end_at(7)) == TRAP
    assert trapped(meeting, v, end_at(6)) == 0.0
    assert trapped(meeting, v, end_at(0, grounded=True)) == 0.0


def _last_turn_village(objectives: tuple[str, ...], tog_at: dict[str, str]):
    s = new_skirmish("village", seed=0)
    return placed(with_objectives(replace(s, turn=s.scenario.turns), objectives), tog_at)


def test_the_stakes_weigh_every_objective():
    """`objective_stakes` (the elite's last turn, book-b §15.2): an enemy squad beside one objective denies that one
    whatever the fire does, and the next objective is still weighed (a lone TOG tank beside it is worth 75 points);
    a lone tank beside two objectives holds both, 75 points each."""
    s = _last_turn_village(("3613", "2513"), {"T21": "2512"})  # T22s is beside the ridge road (3613)
    assert distance(parse_label("2512"), parse_label("2513")) == 1
    assert all(distance(v.hex, parse_label("2513")) > 1 for v in s.live_vehicles("tog") if v.key != "T21")
    assert objective_stakes(s, "renegade") == {"T21": pytest.approx(75.0)}
    s = _last_turn_village(("2513", "2511"), {"T21": "2512"})
    assert [distance(parse_label("2512"), parse_label(h)) for h in ("2513", "2511")] == [1, 1]
    assert objective_stakes(s, "renegade") == {"T21": pytest.approx(150.0)}
