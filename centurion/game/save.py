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
from .actions import action_from_data
from .centuria import load_centuria
from .codec import (
    FORMAT,
    MAX_ACTIONS,
    VERSION,
    SaveError,
    check_actions,
    dump,
    json_words,
    replay,
    rules_field,
    scenario_and_seed,
    scenario_edition,
)
from .enums import Level
from .skirmish import new_skirmish, scenarios
from .state import RULES_EDITION

PLAYER_VALUES = ("person", *(level.value for level in Level))  # a person, or a computer level


def _with_field(text: str, field: str, value: Any) -> str:
    """A save text with one optional field written in (the page's additions: `players`, `reasons`)."""
    data = json.loads(text)
    data[field] = value
    return json.dumps(data, separators=(",", ":"), sort_keys=False)


def _parsed(data: Any) -> dict:
    """A save's fields from its text or its parsed data; {} when it is not a JSON object (`load` says why)."""
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = json.loads(data)
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}


def with_players(text: str, players: dict[str, str]) -> str:
    """A save text with who plays each side ("person" or a computer level) written in it (W3)."""
    return _with_field(text, "players", {str(k): str(getattr(v, "value", v)) for k, v in players.items()})


MAX_REASON = 500  # characters of one computer decision's reason kept in a save


def with_reasons(text: str, reasons: dict[int, str]) -> str:
    """A save text with the computer's reasons written in, by decision index ("— why: ..." on the log line, issue
    25); unchanged when there are none."""
    if not reasons:
        return text
    return _with_field(text, "reasons", {str(i): str(r)[:MAX_REASON] for i, r in sorted(reasons.items())})


def saved_reasons(data: Any, name: str = "saved game") -> dict[int, str]:
    """The computer's reasons a save keeps (its optional `reasons` field: decision index -> text), or {}; a bad
    field raises SaveError naming it. Only the page's log reads them: the game replays from the actions alone."""
    data = _parsed(data)
    actions = data.get("actions")
    reasons, n = data.get("reasons", {}), len(actions) if isinstance(actions, list) else 0
    if not isinstance(reasons, dict) or len(reasons) > n or not all(
            isinstance(k, str) and k.isdigit() and len(k) <= 6 and int(k) < n and isinstance(v, str)
            and len(v) <= MAX_REASON for k, v in reasons.items()):
        numbers = f"0 to {n - 1}" if n else "none: the save lists no decisions"
        raise SaveError(f"{name}: field 'reasons': expected a decision's number ({numbers}) -> the "
                        f"computer's reason, a text of at most {MAX_REASON} characters; got "
                        f"{json_words(data, 'reasons')}")
    return {int(k): v for k, v in reasons.items()}


def saved_players(data: Any, name: str = "saved game") -> dict[str, str]:
    """Who played each side according to a save (its optional `players` field), or {}; a bad field raises
    SaveError naming it. Only the page's set-up reads it: the game replays from the actions alone."""
    parsed = _parsed(data)
    players = parsed.get("players", {})
    allowed = ", ".join(PLAYER_VALUES)
    head = f"{name}: field 'players': expected each side's player, one of {allowed}"
    if not isinstance(players, dict):  # in words, never a Python repr (walk of session 30)
        raise SaveError(f"{head}; got {json_words(parsed, 'players')}")
    if len(players) > 2:
        raise SaveError(f"{head}; got {len(players)} sides (a battle has 2)")
    for k, v in players.items():
        if not isinstance(k, str) or len(k) > 40 or v not in PLAYER_VALUES:
            got = json_words({"v": v}, "v")
            raise SaveError(f"{head}; got, for side '{str(k)[:40]}', {got}")
    return dict(players)


def load(text: str | bytes, name: str = "saved game") -> Any:
    """A game from its save text; anything wrong raises SaveError naming the problem (nothing half loaded)."""
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
        if exc.expected == "valid JSON":  # the parser's words, not a Python repr (walk of session 30)
            raise SaveError(f"{name}: not a save file: its text is not JSON ({exc.got}"
                            + (f", line {exc.line})" if exc.line is not None else ")")) from None
        raise SaveError(str(exc)) from None
    if not isinstance(data, dict):
        raise SaveError(f"{name}: not a save file: a save is a JSON object (a Centurion skirmish or a Centuria "
                        f"battle), this is {json_words({'x': data}, 'x')}")
    if data.get("system") == "centuria":  # issue 15: a Centuria battle replays through its own state
        saved_players(data, name)  # optional, as in a Centurion save: checked, never trusted for play (session 31)
        saved_reasons(data, name)
        return load_centuria(data, name)
    if "format" in data:  # version 1: format, version (the whole number 1) and system (issue 20, G6)
        if data["format"] != FORMAT:
            raise SaveError(f"{name}: field 'format': expected '{FORMAT}', got {json_words(data, 'format')}")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise SaveError(f"{name}: field 'version': expected the whole number {VERSION}, got "
                            f"{'nothing' if version is None else repr(version)[:20]}")
        if data.get("system") != "centurion":
            raise SaveError(f"{name}: field 'system': expected 'centurion' or 'centuria', got "
                            f"{json_words(data, 'system')}")
        known = {"format", "version", "system", "scenario", "edition", "seed", "variants", "actions", "players",
                 "reasons", "rules"}
        saved_players(data, name)  # optional: who played each side (W3); checked, never trusted for play
        saved_reasons(data, name)  # optional: the computer's reasons, for the log only (issue 25)
    else:  # version 0: written before the format field, it has no version either
        if "version" in data:
            raise SaveError(f"{name}: field 'format' is missing (expected {FORMAT!r} next to 'version')")
        known = {"scenario", "seed", "variants", "actions"}
    extra = set(data) - known
    if extra:
        raise SaveError(f"{name}: unknown field(s) {sorted(str(k)[:40] for k in extra)[:5]}")
    scen, seed = scenario_and_seed(data, name, scenarios())
    scen = scenario_edition(data, name, scen)  # the set-up it was played on (issue 25)
    variants = data.get("variants", [])
    if not isinstance(variants, list):
        raise SaveError(f"{name}: field 'variants': expected a list of names, got {json_words(data, 'variants')}")
    twice = sorted(str(v)[:40] for v, n in Counter(v for v in variants if isinstance(v, str)).items() if n > 1)[:5]
    if twice:
        raise SaveError(f"{name}: field 'variants': each variant is named once, got {', '.join(twice)} twice")
    actions = check_actions(data, name)
    rules = rules_field(data, name, RULES_EDITION, "the rules")  # none: made under the first (session 50)
    try:
        game = new_skirmish(scen, seed=seed, variants=tuple(variants), rules_edition=rules)
    except ValueError as exc:
        raise SaveError(f"{name}: field 'variants': {exc}") from None
    return replay(game, actions, name, action_from_data)


__all__ = ["FORMAT", "VERSION", "MAX_ACTIONS", "SaveError", "dump", "load", "replay", "scenario_and_seed"]
