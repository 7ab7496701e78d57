"""The one-hex rule for ground vehicles read directly (session 34's mutation audit, M16: the rule applied to a second
hex too was caught only by a test comparing two copies of it). RULES.md CEN-GV-1: ground vehicles pay the TET cost
(rubble 4) and the one-hex rule applies: a hex that costs more than all the MP may be entered only as the only hex
of the move (CEN-GRAV-3)."""

from __future__ import annotations

from centurion.data import map_from_rows
from centurion.hexgrid import parse_label
from centurion.rules.grav import Refusal
from centurion.rules.ground import GroundMove, ground_reach, resolve_ground_move

# column 02, from row 08 northward: clear 0207, then rubble in 0206 (4 MP for a ground vehicle)
RUBBLE = map_from_rows(["...", "...", "...", "...", "...", ".x.", "...", "..."])
START, CLEAR, RUBBLE_HEX = parse_label("0208"), parse_label("0207"), parse_label("0206")


def test_rubble_as_the_only_hex_of_the_move_is_allowed():
    assert RUBBLE[RUBBLE_HEX].terrain == "rubble"
    moved = resolve_ground_move(CLEAR, 0, GroundMove("F"), RUBBLE, movement_points=3)
    assert not isinstance(moved, Refusal), moved
    further = resolve_ground_move(CLEAR, 0, GroundMove("FF"), RUBBLE, movement_points=3)
    assert isinstance(further, Refusal) and further.rule == "CEN-GRAV-3"


def test_rubble_as_the_second_hex_is_refused_and_out_of_reach():
    after_clear = resolve_ground_move(START, 0, GroundMove("FF"), RUBBLE, movement_points=3)
    assert isinstance(after_clear, Refusal) and after_clear.rule == "CEN-GV-1", after_clear
    assert "costs 4 MP; only 2 MP left" in after_clear.reason
    reach = ground_reach(START, 0, RUBBLE, movement_points=3)
    assert CLEAR in reach and RUBBLE_HEX not in reach
