"""Ramming played by the skirmish (VAR-RAM): ram moves offered with their odds, the declaration checked, the ram
resolved after the Combat Phase with damage to both record sheets.

The seed: a ram is declared in the Movement Phase before the rammer moves; the rammer must end its move in the
target's hex at a velocity over 0; the ram is resolved after the Combat Phase. Each side rolls d10 + piloting
skill + familiarity + modifiers, the one with the higher thrust adds the difference; ties go to the defender; an
immobile defender is hit unless the attacker rolls a 1. A hit does 12 x the rammer's velocity to the defender
(location rolled) and 8 x to the rammer's front, applied like grounding damage.

Game decisions (docs/decisions.md, "Ramming, self-destruct and crew roles in the skirmish"): every crew has the
standard piloting skill 5 and no familiarity bonus; a side whose driver is out adds no skill; "thrust" is the max
thrust now (after thrust hits); the defender is immobile when grounded or its Grav Drive is lost; the velocity is
the rammer's at the end of its move; the side of the defender struck is the one facing the hex the rammer came
from; the ram happens only if both are still there (not destroyed, the defender still in the hex) after the
Combat Phase. Under VAR-INIT the activation code calls `resolve_rams` with the rammers of the activation.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..dice import Dice
from ..hexgrid import Hex, format_label
from ..rules.fire import attack_side
from ..rules.grav import Refusal
from ..rules.internals import movement_damage
from ..variants.ramming import RULE, declare_ram, ram_allowed, ram_bonus, ram_damage, ram_hit_chance, resolve_ram
from .actions import IllegalAction, Move
from .wording import counted, plural

if TYPE_CHECKING:  # the skirmish imports this module
    from .skirmish import Skirmish, Vehicle

PILOTING_SKILL = 5  # the standard crew's Piloting Skill (CEN-SPD-1 rolls against 5); the game has no other crews


@dataclass(frozen=True)
class PendingRam:
    """A ram whose move ended legally, waiting for the end of the Combat Phase (VAR-RAM)."""

    attacker: str
    defender: str
    velocity: int  # the rammer's velocity at the end of its move
    came_from: Hex  # the hex the rammer entered the defender's hex from (fixes the side struck)


@dataclass(frozen=True)
class RamOdds:
    """Both bonuses, the exact chance that the ram hits, and the damage each side takes if it does (VAR-RAM)."""

    attacker_bonus: int
    defender_bonus: int
    defender_immobile: bool
    chance: Fraction
    to_defender: int
    to_attacker: int

    def describe(self) -> str:
        """The odds in one phrase."""
        vs = "immobile target: hits unless a 1" if self.defender_immobile else (
            f"d10+{self.attacker_bonus} vs d10+{self.defender_bonus}")
        return (f"ram {vs}, {self.chance} = {float(self.chance):.0%}; "
                f"{self.to_defender} to it, {self.to_attacker} to the rammer's front [{RULE}]")


def _immobile(v: Vehicle) -> bool:
    return v.grounded or v.sheet.grav_drive_lost


def side_bonus(v: Vehicle, other: Vehicle) -> int:
    """One side's addition to its d10: skill (0 with the driver out), thrust lead over the other (VAR-RAM)."""
    g, o = v.grav(), other.grav()
    skill = 0 if g.driver_out else PILOTING_SKILL
    return ram_bonus(skill, modifiers=g.piloting_modifier, thrust=g.max_thrust(v.sheet.vehicle),
                     other_thrust=o.max_thrust(other.sheet.vehicle))


def ram_odds(game: Skirmish, attacker: str, defender: str, velocity: int) -> RamOdds:
    """The ram of `attacker` on `defender` at `velocity` as things stand now: bonuses, exact odds, damage (VAR-RAM)."""
    a, d = game.vehicle(attacker), game.vehicle(defender)
    ab, db = side_bonus(a, d), side_bonus(d, a)
    imm = _immobile(d)
    to_def, to_att = ram_damage(velocity)
    return RamOdds(ab, db, imm, ram_hit_chance(ab, db, defender_immobile=imm), to_def, to_att)


def ram_targets(game: Skirmish, key: str, hex_: Hex) -> list[str]:
    """The enemy vehicles in `hex_` that `key` may ram (VAR-RAM)."""
    v = game.vehicle(key)
    return [e.key for e in game.live_vehicles(game.other(v.side)) if e.hex == hex_]


def _end_velocity(game: Skirmish, key: str, move) -> int | None:
    res = game.resolve_move(key, move)
    if isinstance(res, Refusal):
        return None
    end = res.end_state()
    return None if end.grounded else end.velocity


def ram_options(game: Skirmish, key: str, options: list) -> list:
    """(Move with `ram`, end state) for every end in an enemy's hex reachable at a velocity over 0 (VAR-RAM).

    The end's safest path is used when it ends moving; otherwise the same path with less deceleration."""
    if not game.rules.enabled(RULE):
        return []
    out = []
    seen = set()
    for m, e in options:
        if m.dismount or e.hex in seen or e.grounded:
            continue
        seen.add(e.hex)
        targets = ram_targets(game, key, e.hex)
        if not targets or e.velocity_max <= 0:
            continue
        move = m.move
        vel = _end_velocity(game, key, move)
        k = move.decelerate
        while (vel is None or vel <= 0) and k > 0:
            k -= 1
            move = replace(m.move, decelerate=k)
            vel = _end_velocity(game, key, move)
        if vel is None or vel <= 0:
            continue
        for t in targets:
            out.append((Move(key, move, ram=t), e))
    return out


def check_ram(game: Skirmish, action: Move, resolved) -> None:
    """Raise IllegalAction (VAR-RAM) unless the declared ram is allowed: switch on, an enemy vehicle, the move
    ending in its hex at a velocity over 0. Nothing changes (VAR-RAM)."""
    v = game.vehicle(action.unit)
    target = next((x for x in game.vehicles if x.key == action.ram), None)
    decl = declare_ram(game.rules, v.key, action.ram, attacker_has_moved=v.key in game.done,
                       same_side=target is not None and target.side == v.side)
    if isinstance(decl, Refusal):
        raise IllegalAction(decl.rule, decl.reason)
    if target is None or target.destroyed:
        raise IllegalAction(RULE, f"no enemy vehicle {action.ram!r} to ram")
    end = resolved.end_state()
    bad = ram_allowed(decl, end.hex, 0 if end.grounded else end.velocity, target.hex)
    if bad is not None:  # a Refusal is falsy
        raise IllegalAction(bad.rule, bad.reason)


def register_ram(game: Skirmish, action: Move, start: Hex, path: tuple[tuple[Hex, int], ...]) -> Skirmish:
    """After the rammer's move: the ram waits for the end of the Combat Phase if the move really ended in the
    target's hex at a velocity over 0 (piloting damage may have grounded it) (VAR-RAM)."""
    v = game.vehicle(action.unit)
    target = game.vehicle(action.ram)
    if v.destroyed or v.hex != target.hex or v.velocity <= 0 or v.grounded:
        why = "destroyed" if v.destroyed else f"ended in {format_label(v.hex)} at velocity {v.velocity}" + (
            ", grounded" if v.grounded else "")
        return game._log(f"  {v.key} does not ram {target.key}: it {why} [{RULE}]")
    came_from = path[-2][0] if len(path) >= 2 else start
    odds = ram_odds(game, v.key, target.key, v.velocity)
    pend = PendingRam(v.key, target.key, v.velocity, came_from)
    return replace(game, rams=game.rams + (pend,))._log(
        f"  {v.key} will ram {target.key} {ram_when(game)} at velocity {v.velocity}: {odds.describe()}")


def ram_when(game: Skirmish) -> str:
    """When a declared ram is resolved: after the Combat Phase, or under VAR-INIT at the end of the rammer's
    platoon activation (docs/decisions.md)."""
    if game.rules.enabled("VAR-INIT"):
        return "at the end of its platoon's activation [VAR-INIT]"
    return "after the Combat Phase"


def resolve_rams(game: Skirmish, attackers: Collection[str] | None, dice: Dice) -> Skirmish:
    """Resolve the pending rams of `attackers` (all when None) in the order declared, each with its rolls, totals,
    exact odds and damage in the log; damage goes on both record sheets at once, internals included (VAR-RAM).

    This is the one entry point: the basic turn calls it after the Combat Phase, VAR-INIT at the end of the
    rammer's activation."""
    todo = [r for r in game.rams if attackers is None or r.attacker in attackers]
    if not todo:
        return game
    s = replace(game, rams=tuple(r for r in game.rams if r not in todo))
    for r in todo:
        s = _resolve_one(s, r, dice)
    return s._sync_riders()


def _resolve_one(s: Skirmish, r: PendingRam, dice: Dice) -> Skirmish:
    a, d = s.vehicle(r.attacker), s.vehicle(r.defender)
    if a.destroyed or d.destroyed:
        gone = r.attacker if a.destroyed else r.defender
        return s._log(f"  no ram of {r.attacker} on {r.defender}: {gone} is destroyed [{RULE}]")
    if a.hex != d.hex:
        return s._log(f"  no ram of {r.attacker} on {r.defender}: they are no longer in the same hex [{RULE}]")
    odds = ram_odds(s, r.attacker, r.defender, r.velocity)
    side = attack_side(d.hex, d.facing, r.came_from) if r.came_from != d.hex else "front"
    start = len(dice.log)
    res = resolve_ram(dice, odds.attacker_bonus, odds.defender_bonus, r.velocity,
                      defender_immobile=odds.defender_immobile, attacked_side=side)
    rolls = [f"    {x.describe()}" for x in dice.log[start:]]
    del dice.log[start:]  # logged here, next to their ram (apply() would list them after the whole phase)
    if res.defender_total is None:
        head = (f"  {r.attacker} rams the immobile {r.defender}: d10 {res.attacker_roll.result} (a 1 misses), "
                f"odds {odds.chance} = {float(odds.chance):.0%}")
    else:
        head = (f"  {r.attacker} rams {r.defender}: d10 {res.attacker_roll.result} + {odds.attacker_bonus} = "
                f"{res.attacker_total} against d10 {res.defender_roll.result} + {odds.defender_bonus} = "
                f"{res.defender_total} (ties to the defender), odds {odds.chance} = {float(odds.chance):.0%}")
    if not res.success:
        return s._log(*rolls, f"{head}: the ram misses [{RULE}]")
    lines = [*rolls, f"{head}: the ram hits, {res.defender_damage} to {r.defender}'s {res.defender_section} "
             f"(location d10 {res.location_roll.result}, struck from the {side}), {res.attacker_damage} to "
             f"{r.attacker}'s front [{RULE}]"]
    vs = []
    for v, section, points in ((d, res.defender_section, res.defender_damage), (a, "front", res.attacker_damage)):
        start = len(dice.log)
        sheet, crossed, rep = movement_damage(v.sheet, section, points, dice, velocity=v.velocity, turn=s.turn,
                                              unit=v.key)
        lines += [f"    {x.describe()}" for x in dice.log[start:]]
        del dice.log[start:]
        lines.append(f"  {v.key}: {plural(len(crossed), 'box')} crossed on the {section}"
                     + (f"; {counted('; '.join(rep.effects))}" if rep.effects else "")
                     + (", destroyed" if sheet.destroyed else "") + f" [{RULE}]")
        nv = replace(v, sheet=sheet)
        if sheet.grav_drive_lost or sheet.destroyed or rep.grounded_at_velocity is not None:
            nv = replace(nv, velocity=0, grounded=True)
        vs.append(nv)
    for nv in vs:
        s = replace(s, vehicles=s._with_vehicle(nv))
    return s._fresh()._log(*lines)




# --- the computer ----------------------------------------------------------------------------------------------

def _value_per_box(v: Vehicle) -> float:
    """What one box of a vehicle's armor is worth: its cost spread over its full armor."""
    return (v.cost or 20) / (sum(v.sheet.vehicle.armor.values()) or 1)


def _intact(v: Vehicle) -> int:
    return sum(sec.intact for _n, sec in v.sheet.armor.sections)


def ram_value(game: Skirmish, action: Move, odds: RamOdds | None = None) -> tuple[float, float]:
    """(expected damage dealt, expected damage taken), each in points of the vehicle's cost: the exact ram odds
    (`ram_hit_chance`) times `ram_damage`, capped at the armor left, times the cost of one armor box (VAR-RAM);
    `odds` when the caller already has them (`ram_preview`)."""
    a, d = game.vehicle(action.unit), game.vehicle(action.ram)
    if odds is None:
        odds = ram_preview(game, action)
        if odds is None:
            return 0.0, 0.0
    p = float(odds.chance)
    return (p * min(odds.to_defender, _intact(d)) * _value_per_box(d),
            p * min(odds.to_attacker, _intact(a)) * _value_per_box(a))


def bot_ram(game: Skirmish, key: str) -> Move | None:
    """The computer's ram, or None: the ram with the best margin among those whose expected damage dealt beats
    what the rammer takes, on an enemy that has already moved this turn (otherwise it may just fly away before
    the ram is resolved) and that no friend rams yet (VAR-RAM, docs/decisions.md)."""
    best, margin = None, 0.0
    for m, _e in game.move_options(key):
        if not m.ram:
            continue
        d = game.vehicle(m.ram)
        if d.key not in game.done or any(r.defender == d.key for r in game.rams):
            continue  # it may still fly away; or a friend already rams it
        dealt, taken = ram_value(game, m)
        if dealt > taken and dealt - taken > margin:
            best, margin = m, dealt - taken
    return best


__all__ = ["PILOTING_SKILL", "PendingRam", "RamOdds", "bot_ram", "check_ram", "ram_odds", "ram_options", "ram_preview",
           "ram_when",
           "ram_value", "register_ram", "resolve_rams", "side_bonus"]


def ram_preview(game: Skirmish, action: Move) -> RamOdds | None:
    """The odds and damage of a listed ram move as things stand now (for the page), None if it is no ram (VAR-RAM)."""
    if not action.ram:
        return None
    vel = _end_velocity(game, action.unit, action.move)
    if vel is None or vel <= 0:
        return None
    return ram_odds(game, action.unit, action.ram, vel)
