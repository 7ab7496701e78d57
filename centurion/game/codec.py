"""The save codec: the save text of a game and the replay of a save's actions, shared by both games' loaders
(issue 14; game/save.py loads a save of either game). It imports no game state, so each game's `to_json` uses it.
"""

from __future__ import annotations

import json
from typing import Any

from ..data.centuria_scenarios import PREFIX, centuria_battle_dir
from ..data.editions import current_edition, edition_key, split_edition
from ..data.scenarios import scenario_dir
from .actions import IllegalAction, action_to_data, seed_refusal

FORMAT = "centurion-skirmish"
VERSION = 1
MAX_ACTIONS = 20_000


class SaveError(ValueError):
    """A save file that cannot be loaded: names the file and what is wrong; no game is half loaded."""


def json_words(data: dict, field: str) -> str:
    """What a save's field holds, in words for a message: "nothing (the field is missing)", "null", "the number 3",
    "the text 'x'", "a list of 2 (VAR-SHIELD, VAR-RAM)", "an object" (no Python repr reaches a player)."""
    if field not in data:
        return "nothing (the field is missing)"
    value = data[field]
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value[:40]}'"
    if isinstance(value, list):
        shown = ", ".join(str(x)[:20] if isinstance(x, (str, int, float)) else "..." for x in value[:4])
        return f"a list of {len(value)}" + (f" ({shown}{', ...' if len(value) > 4 else ''})" if value else "")
    return "an object"


def check_actions(data: dict, name: str) -> list:
    """A save's list of decisions, or SaveError saying what the field holds instead (CEN-SEQ-1)."""
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{name}: field 'actions': expected the list of the game's decisions, got "
                        f"{json_words(data, 'actions')}")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"{name}: field 'actions': at most {MAX_ACTIONS} actions, got {len(actions)}")
    return actions


def rules_field(data: dict, name: str, newest: int, whose: str) -> int:
    """A save's edition of the rules (`whose`: "the rules", "Centuria's rules"), 1 to `newest`; 1 when the save has
    none (made before its system had editions), or SaveError saying what the field holds instead."""
    rules = data.get("rules", 1)
    if type(rules) is not int or not 1 <= rules <= newest:
        raise SaveError(f"{name}: field 'rules': expected a whole number from 1 to {newest} (the editions of "
                        f"{whose}), got {json_words(data, 'rules')}")
    return rules


def dump(game) -> str:
    """The save text of a game."""
    data = {"format": FORMAT, "version": VERSION, "system": game.system, **scenario_fields(game.scenario.key),
            "seed": game.seed, "variants": list(game.variants),
            **({"rules": game.rules_edition} if hasattr(game, "rules_edition") else {}),
            "actions": [action_to_data(a) for a in game.history]}
    return json.dumps(data, separators=(",", ":"), sort_keys=False)


def _edition_folder(base: str) -> tuple[Any, str]:
    """The folder and file name of a shipped scenario's key (Centuria's keys start with "centuria_")."""
    return (centuria_battle_dir(), base[len(PREFIX):]) if base.startswith(PREFIX) else (scenario_dir(), base)


def scenario_fields(key: str) -> dict:
    """A save's scenario fields: its name, and its edition where the scenario has had more than one (issue 25):
    "pursuit" is {"scenario": "pursuit", "edition": 2}, "pursuit@1" {"scenario": "pursuit", "edition": 1}."""
    base, edition = split_edition(key)
    current = current_edition(*_edition_folder(base))
    return {"scenario": base, "edition": edition or current} if current > 1 else {"scenario": base}


def edition_number(key: str) -> int:
    """The edition of the set-up a scenario key names: "pursuit@1" is 1, "pursuit" its current edition (issue 25)."""
    base, edition = split_edition(key)
    return edition or current_edition(*_edition_folder(base))


def edition_scenario(base: str, edition: int) -> str:
    """The key of edition `edition` of the shipped scenario `base`: its own name when that edition is current."""
    return base if edition == current_edition(*_edition_folder(base)) else edition_key(base, edition)


def scenario_edition(data: dict, name: str, base: str) -> str:
    """The key of the set-up a save was played on: its `edition` (1, the first, when the save has none: it was
    written before editions existed) of the scenario `base`; SaveError names a bad edition (issue 25)."""
    current = current_edition(*_edition_folder(base))
    edition = data.get("edition", 1)
    if type(edition) is not int or not 1 <= edition <= current:
        raise SaveError(f"{name}: field 'edition': expected a whole number from 1 to {current} (the editions of "
                        f"{base!r}), got {str(edition)[:20]!r}")
    return edition_scenario(base, edition)


def scenario_and_seed(data: dict, name: str, known: list[str]) -> tuple[str, int]:
    """A save's `scenario` (one of `known`) and `seed` (a whole number), or SaveError naming the field."""
    scen = data.get("scenario")
    if scen not in known:
        raise SaveError(f"{name}: field 'scenario': expected one of {', '.join(known)}, got "
                        f"{json_words(data, 'scenario')}")
    seed = data.get("seed")
    if seed_refusal(seed) is not None:  # the same bound as new_skirmish (issue 20, G3)
        raise SaveError(f"{name}: field 'seed': {seed_refusal(seed)}")
    return scen, seed


def replay(game: Any, actions: list, name: str, parse: Any) -> Any:
    """Apply a save's actions in order; the first unreadable or illegal one refuses the whole file (issue 14)."""
    for i, raw in enumerate(actions):
        try:
            act = parse(raw, f"actions[{i}]")
        except ValueError as exc:
            raise SaveError(f"{name}: {exc}") from None
        try:
            game = game.apply(act)
        except IllegalAction as exc:
            raise SaveError(f"{name}: actions[{i}] ({act.describe()}) is not legal at that point: {exc}") from None
    return game


__all__ = ["FORMAT", "VERSION", "MAX_ACTIONS", "SaveError", "dump", "edition_number", "edition_scenario", "replay",
           "scenario_and_seed", "scenario_edition", "scenario_fields"]
