"""The game layer: a whole skirmish as an immutable state, its decisions, saving and the computer opponent.

Layer 4: imports the rules, the data and the dice, never widgets or pandas. Public API (issue 14):
`scenarios()`, `new_skirmish(name, seed=, variants=)`, `Skirmish` (`.system`, `.turn`, `.phase`, `.active`,
`.over`, `.result`, `.legal_actions()`, `.apply(action)`, `.to_json()`), `load(text)`, `bot_action(s)`,
`bot_decision(s)` (the computer's action with its reason and the top three it weighed, issue 25),
`IllegalAction`. Issue 23: `state.is_legal(action)`, `str(action)` / `parse_action(text)` (the compact
notation, game/notation.py), hashable states, `Phase` and `Level` (str-valued enums), every action type of both
games (Centuria's `CtaMove`, ...) and the save codec (`action_to_data`, `action_from_data`).

Names are imported lazily (PEP 562), as in centurion.widgets: `from centurion.game.wording import plural` (a map,
a chapter's table) loads that module alone, not the skirmish, the bots and Centuria (about half a second of every
page's kernel start).
"""

from __future__ import annotations

from ..lazy import lazy_names

_HOME = {
    "Action": "actions",
    "Ahead": "actions",
    "Conceal": "actions",
    "EndTurn": "actions",
    "Fire": "actions",
    "IllegalAction": "actions",
    "Leadership": "actions",
    "LetPass": "actions",
    "March": "actions",
    "Mount": "actions",
    "Move": "actions",
    "OpportunityFire": "actions",
    "Order": "actions",
    "Paint": "actions",
    "Pass": "actions",
    "SelfDestruct": "actions",
    "Stay": "actions",
    "Smoke": "actions",
    "SquadFire": "actions",
    "Watch": "actions",
    "LEVELS": "bot",
    "bot_action": "bot",
    "BotDecision": "bot_reasons",
    "bot_decision": "bot_reasons",
    "CenturiaSkirmish": "centuria",
    "CtaAction": "centuria",
    "CtaAttack": "centuria",
    "CtaEndPhase": "centuria",
    "CtaMove": "centuria",
    "CtaShoot": "centuria",
    "CtaTimeUp": "centuria",
    "Level": "enums",
    "Phase": "enums",
    "action_from_data": "notation",
    "action_to_data": "notation",
    "parse_action": "notation",
    "FORMAT": "save",
    "VERSION": "save",
    "SaveError": "save",
    "load": "save",
    "Result": "skirmish",
    "Skirmish": "skirmish",
    "Squad": "skirmish",
    "Vehicle": "skirmish",
    "new_skirmish": "skirmish",
    "scenarios": "skirmish",
    "KNOWN_VARIANTS": "variants",
}

__all__ = [
    "Action", "Ahead", "Conceal", "EndTurn", "Fire", "IllegalAction", "Leadership", "LetPass", "March", "Mount", "Move",
    "OpportunityFire", "Order", "Paint", "Pass", "SelfDestruct", "Smoke", "SquadFire", "Stay", "Watch", "LEVELS",
    "bot_action", "bot_decision", "BotDecision",
    "FORMAT", "VERSION", "SaveError", "load", "Result", "Skirmish", "Squad", "Vehicle", "new_skirmish",
    "scenarios", "KNOWN_VARIANTS", "action_to_data", "action_from_data", "CenturiaSkirmish", "CtaAction", "CtaAttack",
    "CtaEndPhase", "CtaMove", "CtaShoot", "CtaTimeUp", "Level", "Phase", "parse_action",
]


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals(), __all__)
