"""The save codec of a Centuria battle (issue 15): an action to plain data and back, the save text of a battle, and
the checks of a save's header before it is replayed. Saves are the same as before issue 23's split."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from ..codec import (
    FORMAT,
    VERSION,
    SaveError,
    check_actions,
    json_words,
    rules_field,
    scenario_and_seed,
    scenario_edition,
    scenario_fields,
)
from .actions import KINDS, STEPS, CtaAction

SYSTEM = "centuria"


def action_to_data(action: CtaAction) -> dict[str, Any]:
    """The plain-data form of a Centuria action (for the save file)."""
    out: dict[str, Any] = {"kind": action.kind}
    for name in (f.name for f in fields(action)):
        v = getattr(action, name)
        out[name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_data(data: Any, where: str = "action") -> CtaAction:
    """A Centuria action from its plain-data form; anything malformed raises ValueError naming the field."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ValueError(f"{where}: unknown kind {str(kind)[:40]!r}; one of {', '.join(KINDS)}")
    cls = KINDS[kind]
    names = [f.name for f in fields(cls)]
    extra = set(data) - set(names) - {"kind"}
    if extra:
        raise ValueError(f"{where}: unknown field(s) {sorted(map(str, extra))[:5]} for a {kind} action")
    kw: dict[str, Any] = {}
    for name in names:
        if name not in data:
            raise ValueError(f"{where}: field {name!r} is missing")
        v = data[name]
        if name == "steps":
            if not isinstance(v, list) or len(v) > 16 or any(s not in STEPS for s in v):
                raise ValueError(f"{where}.steps: expected a list of at most 16 of {', '.join(STEPS)}"[:300])
            kw[name] = tuple(v)
        else:
            if not isinstance(v, str) or not 0 < len(v) <= 60:
                raise ValueError(f"{where}.{name}: expected an id (text), got {str(v)[:40]!r}")
            kw[name] = v
    return cls(**kw)


def dump(game: Any) -> str:
    """The save text: format, version, system, scenario, seed, the edition of the rules and every decision
    (replayed on load)."""
    data = {"format": FORMAT, "version": VERSION, "system": SYSTEM, **scenario_fields(game.scenario.key),
            "seed": game.seed, "variants": list(game.variants), "rules": game.rules_edition,
            "actions": [action_to_data(a) for a in game.history]}
    return json.dumps(data, separators=(",", ":"))


def read_header(data: dict, name: str, known: list[str], newest: int) -> tuple[str, int, list, int]:
    """A save's scenario (one of `known`), seed, list of actions and edition of the rules (1 to `newest`; 1 when
    the save has none: it was made before session 54), once every field of the save is checked; SaveError names
    what is wrong (the actions themselves are read when they are replayed)."""
    if data.get("format") != FORMAT:
        raise SaveError(f"{name}: field 'format': expected '{FORMAT}', got {json_words(data, 'format')}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveError(f"{name}: field 'version': a Centuria save is version {VERSION}, got {str(version)[:20]!r}")
    scen, seed = scenario_and_seed(data, name, known)
    if data.get("variants", []) != []:
        raise SaveError(f"{name}: field 'variants': the variant rules are Centurion's, a Centuria battle takes "
                        f"none; got {json_words(data, 'variants')}")
    extra = set(data) - {"format", "version", "system", "scenario", "edition", "seed", "variants", "actions",
                         "players", "reasons", "rules"}  # the page's additions, checked by game/save.py (session 31)
    if extra:
        raise SaveError(f"{name}: unknown field(s) {sorted(map(str, extra))[:5]}")
    actions = check_actions(data, name)
    rules = rules_field(data, name, newest, "Centuria's rules")  # none: made before session 54
    return scenario_edition(data, name, scen), seed, actions, rules  # the set-up it was played on (issue 25)


__all__ = ["SYSTEM", "action_to_data", "action_from_data", "dump", "read_header"]
