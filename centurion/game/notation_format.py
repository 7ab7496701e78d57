"""`str(action)`: the compact text of an action of either game (issue 23; the notation is described in
game/notation.py, which reads it back with `parse_action`).

The text is found by the action's `kind` (its save-file name), so this module imports no action type: the
action classes (game/actions.py, game/centuria.py) use it for their `__str__` without an import cycle.
"""

from __future__ import annotations

import shlex
from typing import Any

from ..variants.movement import VariantMove

#: the actions written as a verb and some of their fields, by kind
SIMPLE: dict[str, tuple[str, ...]] = {
    "watch": ("watch", "unit"), "ahead": ("ahead", "platoon"), "mount": ("mount", "squad", "carrier"),
    "march": ("march", "squad", "hex"), "conceal": ("conceal", "squad"), "stay": ("stay", "squad"),
    "opportunity": ("opp", "unit", "target", "step"), "let_pass": ("letpass",),
    "squad_fire": ("sfire", "unit", "weapon", "target"),
    "self_destruct": ("destruct", "unit"), "end_turn": ("end",), "cta_attack": ("attack", "unit", "target"),
    "cta_shoot": ("shoot", "engine", "target"), "cta_end_phase": ("endphase",), "cta_time_up": ("timeup",)}


def _q(text: str) -> str:
    return shlex.quote(text)


def _nums(values: tuple[int, ...]) -> str:
    return ",".join(str(i + 1) for i in values)


def format_action(action: Any) -> str:
    """The compact text of an action of either game (see the module docstring); `parse_action` reads it back."""
    a = action
    kind = getattr(type(a), "kind", None)
    if kind == "leadership":
        return f"lead {a.points}"
    if kind == "order":
        return "order first" if a.move_first else "order last"
    if kind == "move":
        m = a.move
        variant = isinstance(m, VariantMove)
        steps = (",".join(m.steps) if variant else "".join(m.steps)) or "-"
        out = ["vmove" if variant else "move", _q(a.unit), f"a{m.accelerate}", steps, f"d{m.decelerate}"]
        if m.ground:
            out.append("ground")
        if m.initial_facing is not None:
            out.append(f"face={m.initial_facing}")
        if m.dig_at is not None:
            out.append(f"dig={m.dig_at}")
        if m.take_crater is not None:
            out.append("crater=yes" if m.take_crater else "crater=no")
        if m.under_water:
            out.append("water")
        if m.odd_group_to != "front":
            out.append(_q(f"odd={m.odd_group_to}"))
        if variant and m.positions:
            out.append("pos=" + ",".join(f"{i}:{p}" for i, p in m.positions))
        if a.dismount:
            out.append("dismount")
        if a.ram is not None:
            out.append(_q(f"ram={a.ram}"))
        return " ".join(out)
    if kind == "paint":
        return f"paint {_q(a.unit)}" + ("" if a.target is None else f" {_q(a.target)}")
    if kind == "fire":
        opts = []
        if a.weapons is not None:
            opts.append(f"w={_nums(a.weapons)}")
        if a.shells:
            opts.append(_q("shells=" + ",".join(f"{i + 1}:{sh}" for i, sh in a.shells)))
        if a.second is not None:
            opts.append(_q(f"second={a.second}"))
        if a.second_weapons:
            opts.append(f"w2={_nums(a.second_weapons)}")
        if a.driver:
            opts.append("driver")
        target = [] if a.target is None and not opts else ["-" if a.target is None else _q(a.target)]
        return " ".join(["fire", _q(a.unit), *target, *opts])
    if kind == "opportunity":  # a squad's shot names its weapon (book-a §16)
        return " ".join(["opp", _q(a.unit), _q(a.target), str(a.step), *([_q(a.weapon)] if a.weapon else [])])
    if kind == "smoke":  # the charge's hexes (book-b §10.2)
        return " ".join(["smoke", _q(a.unit), *(_q(h) for h in a.hexes)])
    if kind == "pass":
        return " ".join(["pass", _q(a.platoon), *([_q(a.after)] if a.after else [])])
    if kind in SIMPLE:
        verb, *names = SIMPLE[kind]
        return " ".join([verb, *(_q(str(getattr(a, n))) for n in names)])
    if kind == "cta_move":
        return " ".join(["cmove", _q(a.unit), *(_q(s) for s in a.steps)])
    raise ValueError(f"not an action: {a!r}"[:200])


__all__ = ["SIMPLE", "format_action"]
