"""A Centuria battle: the state and the actions of a round (CTA-1, CTA-MOVE, CTA-CMD, CTA-COMBAT, CTA-MORALE,
CTA-ART), gathered from the modules that hold them, by topic:

- `pieces`: units and leaders, the events of the log;
- `state`: the battle (`CenturiaBattle`) and the chain of command read from it;
- `round`: whose turn it is, the end of a side's part of a phase, the next phase and round (CTA-1);
- `movement`: movement values and the move (CTA-MOVE);
- `combat`: the exchange of attack and counter (CTA-COMBAT) and the odds of a shot;
- `morale`: the tests after losses, fleeing and the rally tests (CTA-MORALE);
- `artillery`: range, spotters and the engines' shots (CTA-ART).

Every action returns `(new_battle, events)` or a `Refusal` naming the rule; a refused action leaves the battle as
it was (the state is immutable). This module only re-exports: import from here or from `centurion.centuria`.
"""

from __future__ import annotations

from .artillery import ENGINE_RANGE, engine_range, fire, fire_refusal, shots_allowed, spotters
from .combat import attack, exchange, is_engine, shot
from .morale import (
    flee,
    flee_path,
    led_units,
    morale_test,
    morale_test_target,
    morale_triggers,
    out_of_action,
    rally_phase,
    start_round,
)
from .movement import CenturiaMove, move, move_cost, movement_allowance, movement_value, terrain_movement
from .pieces import Event, Piece, UnknownPiece, arm, terrain_row
from .round import alternated, end_phase, pass_phase, practice_order, start_alternating
from .state import FRONT_ARCS, PHASES, REAR_ARC, REPLACEMENT_TYPES, CenturiaBattle, battle_tables

__all__ = [
    "ENGINE_RANGE", "FRONT_ARCS", "PHASES", "REAR_ARC", "REPLACEMENT_TYPES", "CenturiaBattle", "CenturiaMove", "Event",
    "Piece", "UnknownPiece", "alternated", "arm", "attack", "battle_tables", "end_phase", "engine_range", "exchange",
    "fire", "fire_refusal", "flee", "flee_path", "is_engine", "led_units", "morale_test", "morale_test_target",
    "morale_triggers", "move", "move_cost", "movement_allowance", "movement_value", "out_of_action", "pass_phase",
    "practice_order", "rally_phase", "shot", "shots_allowed", "spotters", "start_alternating", "start_round",
    "terrain_movement", "terrain_row",
]
