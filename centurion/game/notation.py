"""A compact text for every action of both games, like chess's UCI (issue 23): `str(action)` writes it,
`parse_action(text)` reads it back, and `parse_action(str(a)) == a` for every action.

One action is a verb and its words, separated by spaces; a name with a space or a quote is quoted as in a shell
(`pass '1st platoon'`). Weapons are numbered from 1, as `describe()` and the record sheet number them.

Centurion (CEN-SEQ-1):
    lead 2                          Leadership(2): points spent on initiative (CEN-INI-1)
    order first / order last        Order(True) / Order(False) (CEN-INI-1)
    move R11 a2 FFLF d0             Move(R11, GravMove(accelerate=2, steps="FFLF", decelerate=0)) (CEN-GRAV);
                                    "-" for no step; then any of: ground, face=3 (initial facing), dig=2,
                                    crater=yes / crater=no, water (under water), odd=bottom, dismount, ram=B21
    vmove R11 a1 F,SL,F d0 pos=3:in Move with a VariantMove: steps F B L R SL SR joined by commas (VAR-LATERAL,
                                    VAR-EMERGENCY); pos=STEP:in|out,... the VAR-OCCUPY positions
    watch R11 / pass P2 [P3] / ahead P3 / mount S1 R12 / march S1 1205 / conceal S1 / stay S1
    opp R11 B21 3 / letpass         OpportunityFire(R11, B21, step 3) / LetPass() (CEN-OPP-1); a squad on watch
                                    names its weapon: opp S1 B21 2 tvlg (personal, tvlg, mortar)
    paint R11 B21 / paint R11       Paint at B21 / no painting (CEN-SEQ-3)
    fire R11 B21 / fire R11         Fire at B21 with every weapon that bears / hold fire; then any of:
                                    w=1,2 (weapons), shells=1:APDS,2:HEAP, second=B22, w2=3 (the second
                                    target's weapons), driver (VAR-WEAPONS); "fire R11 - w=1" holds with choices
    sfire S1 tvlg B21               SquadFire(S1, "tvlg", B21) (CEN-CMB-1)
    smoke R11 3012 3110 3210        Smoke in 3 hexes adjacent to R11 (book-b §10.2; "smoke R11": its own hex,
                                    rules editions 1-2)
    destruct R11 / end              SelfDestruct (VAR-SELFDESTRUCT), EndTurn (CEN-SEQ-1)
Centuria (CTA-1):
    cmove C1 F FL T3                CtaMove(C1, ("F", "FL", "T3")) (CTA-MOVE)
    attack C1 E2 / shoot B1 E2      CtaAttack / CtaShoot (CTA-COMBAT, CTA-ART)
    endphase / timeup               CtaEndPhase / CtaTimeUp (CTA-1)

A name cannot be written as "-" nor contain "=" where an option may follow (the fire and paint targets).
"""

from __future__ import annotations

import shlex
from typing import Any

from ..rules import GravMove
from ..variants.movement import VariantMove
from . import actions, centuria
from .actions import (
    Ahead,
    Conceal,
    EndTurn,
    Fire,
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
    Stay,
    Watch,
    check_action,
)
from .centuria import STEPS, CtaAttack, CtaEndPhase, CtaMove, CtaShoot, CtaTimeUp
from .notation_format import format_action


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"notation: {what} is a whole number, got {text!r}"[:200]) from None


def _indices(text: str, what: str) -> tuple[int, ...]:
    return tuple(_int(t, what) - 1 for t in text.split(",")) if text else ()


def _options(words: list[str], allowed: set[str], verb: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for w in words:
        key, eq, value = w.partition("=")
        if key not in allowed or (eq == "") != (key in ("ground", "water", "dismount", "driver")):
            raise ValueError(f"notation: unknown or malformed option {w!r} for {verb}; options: "
                             f"{', '.join(sorted(allowed))}"[:300])
        if key in out:
            raise ValueError(f"notation: option {key!r} given twice")
        out[key] = value if eq else None
    return out


_ARITY = {"lead": 1, "order": 1, "watch": 1, "ahead": 1, "mount": 2, "march": 2, "conceal": 1, "stay": 1,
          "letpass": 0, "sfire": 3, "destruct": 1, "end": 0, "attack": 2, "shoot": 2, "endphase": 0,
          "timeup": 0}
_USAGE = {"lead": "lead POINTS", "order": "order first|last", "watch": "watch UNIT", "pass": "pass PLATOON [AFTER]",
          "ahead": "ahead PLATOON",
          "mount": "mount SQUAD CARRIER", "march": "march SQUAD HEX", "conceal": "conceal SQUAD", "stay": "stay SQUAD",
          "opp": "opp UNIT TARGET STEP [WEAPON]", "letpass": "letpass", "sfire": "sfire SQUAD WEAPON TARGET",
          "smoke": "smoke UNIT [HEX HEX HEX]", "destruct": "destruct UNIT", "end": "end",
          "attack": "attack UNIT TARGET",
          "shoot": "shoot ENGINE TARGET", "endphase": "endphase", "timeup": "timeup",
          "move": "move UNIT aN STEPS dN [options]", "vmove": "vmove UNIT aN STEP,STEP dN [options]",
          "paint": "paint UNIT [TARGET]", "fire": "fire UNIT [TARGET|-] [options]", "cmove": "cmove UNIT STEP..."}


def parse_action(text: str) -> Any:
    """The action written as `text` in the compact notation (module docstring), for either game; a bad text
    raises ValueError (an IllegalAction for a value out of range) naming what is wrong."""
    if not isinstance(text, str) or len(text) > 2000:
        raise ValueError(f"notation: expected a text of at most 2000 characters, got {str(text)[:40]!r}")
    try:
        verb, *args = shlex.split(text)
    except ValueError as exc:  # an unclosed quote; an empty text
        raise ValueError(f"notation: cannot read {text[:60]!r}: {exc or 'empty'}") from None
    if verb not in _USAGE:
        raise ValueError(f"notation: unknown action {verb!r}; one of {', '.join(_USAGE)}"[:300])
    if verb in _ARITY and len(args) != _ARITY[verb]:
        raise ValueError(f"notation: {verb} takes {_ARITY[verb]} word(s): {_USAGE[verb]}; got {text[:80]!r}")
    if verb in ("move", "vmove"):
        action = _move(verb, args)
    elif verb == "paint":
        if len(args) not in (1, 2):
            raise ValueError(f"notation: {_USAGE[verb]}; got {text[:80]!r}")
        action = Paint(args[0], args[1] if len(args) == 2 else None)
    elif verb == "fire":
        action = _fire(args, text)
    elif verb == "cmove":
        if not args:
            raise ValueError(f"notation: {_USAGE[verb]}; got {text[:80]!r}")
        bad = [s for s in args[1:] if s not in STEPS]
        if bad:
            raise ValueError(f"notation: unknown Centuria step {bad[0]!r}; steps are {', '.join(STEPS)}"[:200])
        return CtaMove(args[0], tuple(args[1:]))
    elif verb == "lead":
        action = Leadership(_int(args[0], "lead's points"))
    elif verb == "order":
        if args[0] not in ("first", "last"):
            raise ValueError(f"notation: order first|last, got {args[0]!r}"[:200])
        action = Order(args[0] == "first")
    elif verb == "pass":
        if len(args) not in (1, 2):
            raise ValueError(f"notation: {_USAGE[verb]}; got {text[:80]!r}")
        action = Pass(*args)
    elif verb == "smoke":  # the hexes of the charge (book-b §10.2; none: the vehicle's own hex, editions 1-2)
        if not 1 <= len(args) <= 7:
            raise ValueError(f"notation: {_USAGE[verb]}; got {text[:80]!r}")
        action = Smoke(args[0], tuple(args[1:]))
    elif verb == "opp":
        if len(args) not in (3, 4):
            raise ValueError(f"notation: {_USAGE[verb]}; got {text[:80]!r}")
        action = OpportunityFire(args[0], args[1], _int(args[2], "opp's step"), *args[3:])
    else:
        cls = {"watch": Watch, "ahead": Ahead, "mount": Mount, "march": March, "conceal": Conceal, "stay": Stay,
               "letpass": LetPass, "sfire": SquadFire, "smoke": Smoke, "destruct": SelfDestruct, "end": EndTurn,
               "attack": CtaAttack, "shoot": CtaShoot, "endphase": CtaEndPhase, "timeup": CtaTimeUp}[verb]
        action = cls(*args)
        if verb in ("attack", "shoot", "endphase", "timeup"):
            return action
    check_action(action, "notation")  # the shape check of apply and the save loader (IllegalAction)
    return action


def _move(verb: str, args: list[str]) -> Move:
    if len(args) < 4 or not args[1].startswith("a") or not args[3].startswith("d"):
        raise ValueError(f"notation: {_USAGE[verb]}, e.g. 'move R11 a2 FFLF d0'; got {' '.join(args)[:80]!r}")
    unit, acc, steps, dec = args[:4]
    allowed = {"ground", "face", "dig", "crater", "water", "odd", "dismount", "ram"} | (
        {"pos"} if verb == "vmove" else set())
    o = _options(args[4:], allowed, verb)
    if steps == "-":
        parts: tuple[str, ...] = ()
    elif verb == "vmove":
        parts = tuple(steps.split(","))
        known = ("F", "B", "L", "R", "SL", "SR")
    else:
        parts = tuple(steps)
        known = ("F", "B", "L", "R")
    if parts and any(s not in known for s in parts):
        raise ValueError(f"notation: unknown step in {steps!r}; steps are {', '.join(known)}"
                         + (" joined by commas" if verb == "vmove" else " written together (FFLF)"))
    if o.get("crater") not in (None, "yes", "no"):
        raise ValueError(f"notation: crater=yes or crater=no, got crater={o['crater']}"[:200])
    kw: dict[str, Any] = dict(
        accelerate=_int(acc[1:], "the acceleration (aN)"), steps=parts,
        decelerate=_int(dec[1:], "the deceleration (dN)"),
        ground="ground" in o, initial_facing=None if o.get("face") is None else _int(o["face"], "face"),
        dig_at=None if o.get("dig") is None else _int(o["dig"], "dig"),
        take_crater=None if o.get("crater") is None else o["crater"] == "yes", under_water="water" in o,
        odd_group_to=o.get("odd") or "front")
    if verb == "vmove":
        pos = []
        for item in (o.get("pos") or "").split(",") if o.get("pos") else []:
            i, _c, p = item.partition(":")
            if p not in ("in", "out"):
                raise ValueError(f"notation: pos=STEP:in or STEP:out, got {item!r}"[:200])
            pos.append((_int(i, "a position's step"), p))
        mv: GravMove | VariantMove = VariantMove(**kw, positions=tuple(pos))
    else:
        mv = GravMove(**kw)
    return Move(unit, mv, dismount="dismount" in o, ram=o.get("ram"))


def _fire(args: list[str], text: str) -> Fire:
    if not args:
        raise ValueError(f"notation: {_USAGE['fire']}; got {text[:80]!r}")
    unit, rest = args[0], args[1:]
    target = None
    if rest and "=" not in rest[0] and rest[0] != "driver":
        target = None if rest[0] == "-" else rest[0]
        rest = rest[1:]
    o = _options(rest, {"w", "shells", "second", "w2", "driver"}, "fire")
    shells = []
    for item in o["shells"].split(",") if o.get("shells") else []:
        i, _c, sh = item.partition(":")
        if not sh:
            raise ValueError(f"notation: shells=WEAPON:SHELL,..., got {item!r}"[:200])
        shells.append((_int(i, "a shell's weapon") - 1, sh))
    return Fire(unit, target, driver="driver" in o,
                weapons=None if "w" not in o else _indices(o["w"] or "", "a weapon number"),
                shells=tuple(shells), second=o.get("second"),
                second_weapons=_indices(o.get("w2") or "", "a weapon number"))


def action_to_data(action: Any) -> dict[str, Any]:
    """The plain-data (save file) form of an action of either game (`actions.action_to_data` for Centurion,
    `centuria.action_to_data` for Centuria)."""
    if type(action) in centuria.KINDS.values():
        return centuria.action_to_data(action)
    return actions.action_to_data(action)


def action_from_data(data: Any, where: str = "action") -> Any:
    """An action of either game from its plain-data form (the kind says which game); a malformed one raises
    ValueError naming the field."""
    if isinstance(data, dict) and data.get("kind") in centuria.KINDS:
        return centuria.action_from_data(data, where)
    return actions.action_from_data(data, where)


__all__ = ["format_action", "parse_action", "action_to_data", "action_from_data"]
