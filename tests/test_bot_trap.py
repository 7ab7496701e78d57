"""The computer does not fly into a corner it cannot leave without damage (issue 25: "no game in which a side loses
a unit to its own move's grounding or speed damage when a path without that risk reached a hex at least as good").

Found first by the ladder's forced own-move losses: in the pursuit (seed 2, the veteran on both sides) the Lupus T53,
at velocity 11 in turn 4, ended its move at velocity 10 facing the map's east edge; in turn 5 its only move ran it
off at speed and it was destroyed by its own grounding. The position kept here is one found the same way with the
computer of today (scratch search: the veteran without its trap check would end the move where no risk-free move is
left): the pursuit (its edition 2, six turns: edition 3 has three), seed 0, the veteran on both sides, the Horatius
T42 at velocity 10 in 3318 in turn 4. Expected
values come from the engine's legal moves from the end the computer chose (CEN-GRAV-1, -2, CEN-GRD-1), not from
the bot's scores; with the trap check off (TRAP_CHECKS = 0) the test fails.
"""

from __future__ import annotations

import pytest

from centurion.game import Move, bot_action, new_skirmish
from centurion.hexgrid import format_label
from centurion.rules.legal import legal_grav_moves


@pytest.fixture(scope="module")
def t42_turn_4():
    import centurion.game.bot as bot

    s = new_skirmish("pursuit@2", seed=0)  # the set-up the position was found on
    with pytest.MonkeyPatch.context() as mp:  # played by the veteran that found it: before the liked range (bot_range)
        mp.setattr(bot, "preferred_range", lambda v, enemies, worth: None)
        while not (s.phase == "movement" and s.movers() and s.movers()[0].key == "T42" and s.turn == 4):
            s = s.apply(bot_action(s, "veteran"))
    v = s.vehicle("T42")
    assert (format_label(v.hex), v.velocity, v.facing) == ("3318", 10, 1)  # the position the search found
    return s


@pytest.mark.parametrize("level", ["veteran", "elite"])
def test_I25_the_move_leaves_a_risk_free_move_next_turn(t42_turn_4, level):
    s = t42_turn_4
    a = bot_action(s, level)
    assert isinstance(a, Move) and a.unit == "T42"
    r = s.resolve_move("T42", a.move)
    assert all(e.check.p_pass == 1 for e in r.entries) and r.grounding_damage == 0  # this move risks nothing
    end = r.end_state()
    v = s.vehicle("T42")
    nxt = legal_grav_moves(end, v.sheet.vehicle, s.battlemap, table=s.speed_table("T42"))
    assert any(e.p_no_damage == 1 for e in nxt), (format_label(end.hex), end.velocity)
