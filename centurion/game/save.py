"""The save file of a skirmish: versioned JSON of the scenario, seed, variants and actions (issue 14).

A game is saved as what made it (the seed and every decision), so a load replays it through the rules:
whatever a file says, only legal actions get into a game, and a damaged or hostile file is refused whole
with a message naming what is wrong (the upload guard `centurion.data.upload.check_json` parses it).

Versions: 1 (this one). Version 0 files (written before the format had a `format` field: `scenario`, `seed`,
`actions`) are read too; `tests/data/skirmish_v0.json` keeps one.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ..data.upload import MAX_UPLOAD_BYTES, check_json
from ..data.yamlfile import DataError
from .actions import IllegalAction, action_from_data, action_to_data, seed_refusal

FORMAT = "centurion-skirmish"
VERSION = 1
MAX_ACTIONS = 20_000


class SaveError(ValueError):
    """A save file that cannot be loaded: names the file and what is wrong; no game is half loaded."""


def dump(game) -> str:
    """The save text of a game."""
    data = {"format": FORMAT, "version": VERSION, "system": game.system, "scenario": game.scenario.key,
            "seed": game.seed, "variants": list(game.variants),
            "actions": [action_to_data(a) for a in game.history]}
    return json.dumps(data, separators=(",", ":"), sort_keys=False)


PLAYER_VALUES = ("person", "novice", "veteran")  # a person, or a computer level (game/bot.py LEVELS)


def with_players(text: str, players: dict[str, str]) -> str:
    """A save text with who plays each side ("person" or a computer level) written in it (W3)."""
    data = json.loads(text)
    data["players"] = {str(k): str(getattr(v, "value", v)) for k, v in players.items()}
    return json.dumps(data, separators=(",", ":"), sort_keys=False)


def saved_players(data: Any, name: str = "saved game") -> dict[str, str]:
    """Who played each side according to a save (its optional `players` field), or {}; a bad field raises
    SaveError naming it. Only the page's set-up reads it: the game replays from the actions alone."""
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = json.loads(data)
        except ValueError:
            return {}
    players = data.get("players", {}) if isinstance(data, dict) else {}
    if not isinstance(players, dict) or len(players) > 2 or not all(
            isinstance(k, str) and len(k) <= 40 and v in PLAYER_VALUES for k, v in players.items()):
        raise SaveError(f"{name}: field 'players': expected side -> one of {', '.join(PLAYER_VALUES)}, got "
                        f"{str(players)[:60]!r}")
    return dict(players)


def scenario_and_seed(data: dict, name: str, known: list[str]) -> tuple[str, int]:
    """A save's `scenario` (one of `known`) and `seed` (a whole number), or SaveError naming the field."""
    scen = data.get("scenario")
    if scen not in known:
        raise SaveError(f"{name}: field 'scenario': expected one of {', '.join(known)}, got {str(scen)[:60]!r}")
    seed = data.get("seed")
    if seed_refusal(seed) is not None:  # the same bound as new_skirmish (issue 20, G3)
        raise SaveError(f"{name}: field 'seed': {seed_refusal(seed)}")
    return scen, seed


def load(text: str | bytes, name: str = "saved game") -> Any:
    """A game from its save text; anything wrong raises SaveError naming the problem (nothing half loaded)."""
    from .skirmish import new_skirmish, scenarios

    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_UPLOAD_BYTES * 8:
            raise SaveError(f"{name}: the file is {len(text)} bytes; a save is at most {MAX_UPLOAD_BYTES * 8}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(f"{name}: not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"{name}: expected the text of a save file, got {type(text).__name__}")
    if len(text) > MAX_UPLOAD_BYTES * 8:
        raise SaveError(f"{name}: the file is {len(text)} characters; a save is at most {MAX_UPLOAD_BYTES * 8}")
    try:
        data = check_json(text, name)
    except DataError as exc:
        raise SaveError(str(exc)) from None
    if not isinstance(data, dict):
        raise SaveError(f"{name}: expected a JSON object (a Centurion skirmish save), got {type(data).__name__}")
    if data.get("system") == "centuria":  # issue 15: a Centuria battle replays through its own state
        from .centuria import load_centuria

        return load_centuria(data, name)
    if "format" in data:  # version 1: format, version (the whole number 1) and system (issue 20, G6)
        if data["format"] != FORMAT:
            raise SaveError(f"{name}: field 'format': expected {FORMAT!r}, got {str(data['format'])[:60]!r}")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise SaveError(f"{name}: field 'version': expected the whole number {VERSION}, got "
                            f"{'nothing' if version is None else repr(version)[:20]}")
        if data.get("system") != "centurion":
            raise SaveError(f"{name}: field 'system': expected 'centurion', got {str(data.get('system'))[:40]!r}")
        known = {"format", "version", "system", "scenario", "seed", "variants", "actions", "players"}
        saved_players(data, name)  # optional: who played each side (W3); checked, never trusted for play
    else:  # version 0: written before the format field, it has no version either
        if "version" in data:
            raise SaveError(f"{name}: field 'format' is missing (expected {FORMAT!r} next to 'version')")
        known = {"scenario", "seed", "variants", "actions"}
    extra = set(data) - known
    if extra:
        raise SaveError(f"{name}: unknown field(s) {sorted(str(k)[:40] for k in extra)[:5]}")
    scen, seed = scenario_and_seed(data, name, scenarios())
    variants = data.get("variants", [])
    if not isinstance(variants, list):
        raise SaveError(f"{name}: field 'variants': expected a list of names, got {str(variants)[:60]!r}")
    twice = sorted(str(v)[:40] for v, n in Counter(v for v in variants if isinstance(v, str)).items() if n > 1)[:5]
    if twice:
        raise SaveError(f"{name}: field 'variants': each variant is named once, got {', '.join(twice)} twice")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f"{name}: field 'actions': expected a list, got {str(actions)[:60]!r}")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"{name}: field 'actions': at most {MAX_ACTIONS} actions, got {len(actions)}")
    try:
        game = new_skirmish(scen, seed=seed, variants=tuple(variants))
    except ValueError as exc:
        raise SaveError(f"{name}: field 'variants': {exc}") from None
    return replay(game, actions, name, action_from_data)


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
