"""Centuria: the early Imperial Roman army on the shared hex grid (CTA-1 .. CTA-ART).

Pure rules: the values and odds in `values`, command and sight in `command`, and
the battle state with its actions (move, attack, morale, artillery, the round) in
`battle`. Rule IDs refer to RULES.md.
"""

from .battle import (
    CenturiaBattle,
    CenturiaMove,
    Event,
    Piece,
    attack,
    end_phase,
    exchange,
    fire,
    fire_refusal,
    flee,
    morale_test,
    morale_test_target,
    morale_triggers,
    move,
    move_cost,
    movement_allowance,
    rally_phase,
    spotters,
)
from .command import in_sight, sight_line, spread_command
from .values import (
    MARKERS,
    Exchange,
    Modifier,
    Target,
    attack_target,
    attack_terms,
    counter_terms,
    morale_target,
    morale_terms,
    p_success,
)

__all__ = [
    "MARKERS",
    "CenturiaBattle",
    "CenturiaMove",
    "Event",
    "Exchange",
    "Modifier",
    "Piece",
    "Target",
    "attack",
    "attack_target",
    "attack_terms",
    "counter_terms",
    "end_phase",
    "exchange",
    "fire",
    "fire_refusal",
    "flee",
    "in_sight",
    "morale_target",
    "morale_terms",
    "morale_test",
    "morale_test_target",
    "morale_triggers",
    "move",
    "move_cost",
    "movement_allowance",
    "p_success",
    "rally_phase",
    "sight_line",
    "spotters",
    "spread_command",
]
