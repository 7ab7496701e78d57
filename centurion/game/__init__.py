"""The game layer: a whole skirmish as an immutable state, its decisions, saving and the computer opponent.

Layer 4: imports the rules, the data and the dice, never widgets or pandas. Public API (issue 14):
`scenarios()`, `new_skirmish(name, seed=, variants=)`, `Skirmish` (`.system`, `.turn`, `.phase`, `.active`,
`.over`, `.result`, `.legal_actions()`, `.apply(action)`, `.to_json()`), `load(text)`, `bot_action(s)`,
`IllegalAction`. Issue 23: `state.is_legal(action)`, `str(action)` / `parse_action(text)` (the compact
notation, game/notation.py), hashable states, `Phase` and `Level` (str-valued enums), every action type of both
games (Centuria's `CtaMove`, ...) and the save codec (`action_to_data`, `action_from_data`).
"""

from .actions import (
    Action,
    Conceal,
    EndTurn,
    Fire,
    IllegalAction,
    Leadership,
    LetPass,
    March,
    Mount,
    Move,
    OpportunityFire,
    Order,
    Paint,
    Pass,
    SelfDestruct,
    Smoke,
    SquadFire,
    Watch,
)
from .bot import LEVELS, bot_action
from .centuria import CenturiaSkirmish, CtaAction, CtaAttack, CtaEndPhase, CtaMove, CtaShoot, CtaTimeUp
from .enums import Level, Phase
from .notation import action_from_data, action_to_data, parse_action
from .save import FORMAT, VERSION, SaveError, load
from .skirmish import Result, Skirmish, Squad, Vehicle, new_skirmish, scenarios
from .variants import KNOWN_VARIANTS

__all__ = [
    "Action", "Conceal", "EndTurn", "Fire", "IllegalAction", "Leadership", "LetPass", "March", "Mount", "Move",
    "OpportunityFire", "Order", "Paint", "Pass", "SelfDestruct", "Smoke", "SquadFire", "Watch", "LEVELS",
    "bot_action", "FORMAT", "VERSION", "SaveError", "load", "Result", "Skirmish", "Squad", "Vehicle", "new_skirmish",
    "scenarios", "KNOWN_VARIANTS", "action_to_data", "action_from_data", "CenturiaSkirmish", "CtaAction", "CtaAttack",
    "CtaEndPhase", "CtaMove", "CtaShoot", "CtaTimeUp", "Level", "Phase", "parse_action",
]
