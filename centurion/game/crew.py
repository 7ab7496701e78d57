"""Self-destruction, crew roles and salvos played by the skirmish (VAR-SELFDESTRUCT, VAR-WEAPONS, VAR-SALVO).

VAR-WEAPONS (seed: the gunner handles direct fire and missiles, at most 8 systems a turn; the commander the
painting laser, missiles and AP lasers, and all systems, 8 with the painting laser, if the gunner is out; the
driver may fire too, at -2, with an immediate piloting roll, each weapon cutting next turn's speed limits by a
third): a vehicle's fire declaration (`Skirmish.attack_set`) holds the weapons its able crew may fire
(`crew_share`); `Fire(unit, target, driver=True)` adds the driver firing the weapons that bear and nobody else
may fire (in the shipped vehicles: when gunner and commander are both out). His piloting roll is made when he
declares (failed: his weapons do not fire); his shots are rolled first in the weapons fire, each at -2; next
turn the vehicle's basic moves use a terrain table whose speed limits are cut by a third per weapon
(`speed_table`, `driver_speed_limit`). The shipped designs are checked against the weapons-per-location quota
when a game starts with the switch on (`check_layouts`).

VAR-SELFDESTRUCT (seed: "roll a Piloting or Gunnery Check, with appropriate damage modifiers ... If successful,
the craft will explode in 1-3 minutes"): a `SelfDestruct(unit)` decision in the End Phase rolls the check of the
best crew member still able (the driver's piloting skill 5, else the gunner's or commander's gunnery skill 4 less
the Targ boxes lost); a pass sets the charge: it blows in the End Phase d3 turns later (the record sheet then
shows the vehicle exploded: destroyed, the crew and any squad aboard killed). A failure changes nothing; the
crew may try again in a later End Phase. The vehicle counts as destroyed for victory: the enemy scores it.

Game decisions: docs/decisions.md, "Ramming, self-destruct and crew roles in the skirmish".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import cache
from types import SimpleNamespace
from typing import TYPE_CHECKING

from ..data import TerrainTable, VehicleType, terrain_table
from ..data.variant_tables import variant_tables
from ..dice import Dice
from ..hexgrid import distance
from ..rules.fire import STANDARD_GUNNERY
from ..rules.record import RecordSheet
from ..rules.resolution import CombatUnit, resolve_fire
from ..rules.rolls import TargetRoll
from ..rules.targets import FirePlan
from ..variants.crew import (
    assign_crew,
    attempt_self_destruct,
    driver_speed_limit,
    self_destruct_check,
    vehicle_weapon_layout,
)
from ..variants.ruleset import RuleSet
from .actions import Fire, SelfDestruct
from .fire_log import fire_lines
from .ramming import PILOTING_SKILL
from .variants import fire_map
from .wording import plural

if TYPE_CHECKING:  # the skirmish imports this module
    from .skirmish import Skirmish, Vehicle

SD = "VAR-SELFDESTRUCT"
W = "VAR-WEAPONS"


# --- VAR-SELFDESTRUCT ------------------------------------------------------------------------------------------

def destruct_check(v: Vehicle) -> tuple[str, TargetRoll] | None:
    """The check the crew rolls to self-destruct: the driver's piloting if he is able, else the gunner's (or the
    commander's) gunnery less the Targ boxes lost; None when nobody able is aboard (VAR-SELFDESTRUCT)."""
    sheet = v.sheet
    if sheet.able("driver"):
        return "driver", self_destruct_check(PILOTING_SKILL, v.grav().piloting_modifier, check="piloting")
    for role in ("gunner", "commander"):
        if sheet.able(role):
            return role, self_destruct_check(STANDARD_GUNNERY, -sheet.targeting_lost, check="gunnery")
    return None


def self_destruct_actions(game: Skirmish) -> list[SelfDestruct]:
    """The End Phase decisions to try a self-destruct: each live vehicle of the deciding side with an able crew
    member, no charge set and no attempt this turn (VAR-SELFDESTRUCT)."""
    if not game.rules.enabled(SD) or game.phase != "end":
        return []
    return [SelfDestruct(v.key) for v in game.live_vehicles(game.active)
            if v.destruct_turn is None and v.destruct_tried != game.turn and destruct_check(v) is not None]


def attempt(game: Skirmish, action: SelfDestruct, dice: Dice) -> Skirmish:
    """Roll the check; a pass sets the charge to blow d3 turns later, logged with the roll and its odds."""
    v = game.vehicle(action.unit)
    who, check = destruct_check(v)
    kind = "piloting" if who == "driver" else "gunnery"
    skill = PILOTING_SKILL if who == "driver" else STANDARD_GUNNERY
    mod = (check.value or 0) - skill
    res = attempt_self_destruct(game.rules, dice, skill, mod, check=kind)
    roll = res.check_roll
    head = (f"  {v.key}: the {who} tries to set the self-destruct charge: {kind} check d10 {roll.result} against "
            f"{roll.target} (P = {check.chance} = {float(check.chance):.0%})")
    if not res.armed:
        nv = replace(v, destruct_tried=game.turn)
        return replace(game, vehicles=game._with_vehicle(nv))._fresh()._log(f"{head}: fails, no effect [{SD}]")
    at = game.turn + res.turns
    nv = replace(v, destruct_tried=game.turn, destruct_turn=at)
    return replace(game, vehicles=game._with_vehicle(nv))._fresh()._log(
        f"{head}: the charge is set; d3 = {res.turns}: {v.key} explodes in the End Phase of turn {at} [{SD}]")


def explode_due(game: Skirmish) -> Skirmish:
    """The vehicles whose charge blows this turn explode: destroyed, crew and riders killed (VAR-SELFDESTRUCT)."""
    vs, lines = [], []
    for v in game.vehicles:
        if v.destruct_turn is None or v.destruct_turn > game.turn:
            vs.append(v)
            continue
        if v.destroyed:
            vs.append(replace(v, destruct_turn=None))
            continue
        sheet = replace(v.sheet, exploded=True, infantry_aboard=0,  # no survival roll: riders die (decided)
                        infantry_killed=v.sheet.infantry_killed + v.sheet.infantry_aboard)
        vs.append(replace(v, sheet=sheet, destruct_turn=None, velocity=0, grounded=True))
        lines.append(f"  {v.key} explodes (self-destruct charge set on turn {v.destruct_tried}): destroyed, the crew "
                     f"killed; it counts as destroyed for victory [{SD}]")
    return replace(game, vehicles=tuple(vs))._log(*lines)._sync_riders()._fresh()


def doomed(game: Skirmish, v: Vehicle) -> bool:
    """Whether the computer reads a vehicle as doomed (VAR-SELFDESTRUCT, docs/decisions.md): it cannot move any
    more (Grav Drive lost, or grounded with its driver out or no thrust left), an enemy vehicle is within 6 hexes,
    and it can no longer hold out: less than half its armor left, or no gunner or commander able to fire."""
    g = v.grav()
    stuck = g.grav_drive_lost or (v.grounded and (g.driver_out or g.max_thrust(v.sheet.vehicle) == 0))
    full = sum(v.sheet.vehicle.armor.values()) or 1
    thin = sum(sec.intact for _n, sec in v.sheet.armor.sections) / full < 0.5
    near = any(distance(e.hex, v.hex) <= 6 for e in game.live_vehicles(game.other(v.side)))
    return stuck and near and (thin or not v.sheet.may_fire)


def bot_self_destruct(game: Skirmish, actions: list) -> SelfDestruct | None:
    """The computer sets the charge on a vehicle that is `doomed` (VAR-SELFDESTRUCT)."""
    for a in actions:
        if isinstance(a, SelfDestruct) and doomed(game, game.vehicle(a.unit)):
            return a
    return None


# --- VAR-WEAPONS ---------------------------------------------------------------------------------------------

def check_layouts(rules: RuleSet, vehicle_types: Sequence[object]) -> list[str]:
    """Log lines for the weapons-per-location check of the game's vehicle types; ValueError naming VAR-WEAPONS
    when a design breaks its class quota (VAR-WEAPONS)."""
    if not rules.enabled(W):
        return []
    lines = []
    for vt in {vt.key: vt for vt in vehicle_types}.values():
        bad = vehicle_weapon_layout(vt)
        if len(bad) > 0:
            raise ValueError(f"{W}: the {vt.label} breaks the weapons-per-location quota: "
                             + "; ".join(r.reason for r in bad))
        if getattr(vt, "engine", None) is not None:
            lines.append(f"  the {vt.label} (engine {vt.engine}) fits its class's weapons per location [{W}]")
    return lines


def crew_indices(rules: RuleSet, sheet: RecordSheet, families: Sequence[str], *, painted: bool = False) -> list[int]:
    """Which of these weapons (by family, in order) the able gunner and commander may fire this turn: the gunner
    direct fire and missiles up to 8 systems, the commander the painting laser, missiles and AP lasers, or every
    system up to 8 with the painting laser if the gunner is out (VAR-WEAPONS, `crew_may_fire`)."""
    roles = assign_crew(rules, families, gunner=sheet.able("gunner"), commander=sheet.able("commander"),
                        painted=painted)
    return [i for i, role in enumerate(roles) if role is not None]


def crew_share(game: Skirmish, v: Vehicle, plan: FirePlan) -> FirePlan | None:
    """The part of a fire plan the vehicle's able crew may fire (None: nothing); with the gunner out, each weapon
    the commander takes over is marked so in its to-hit (a +0 term the log shows) (VAR-WEAPONS)."""
    painted = v.key in {p for p, _t in game.paints}
    gunner, commander = v.sheet.able("gunner"), v.sheet.able("commander")
    roles = assign_crew(game.rules, [ra.family for ra in plan.attacks], gunner=gunner, commander=commander,
                        painted=painted)
    keep = [i for i, role in enumerate(roles) if role is not None]
    if not keep:
        return None
    attacks = list(plan.attacks)
    if not gunner:
        for i in keep:
            attacks[i] = replace(attacks[i], to_hit=attacks[i].to_hit.plus(
                "fired by the commander (the gunner is out)", 0, W))
    if len(keep) == len(plan.attacks):
        return plan if gunner else replace(plan, attacks=tuple(attacks))
    return replace(plan, attacks=tuple(attacks[i] for i in keep), salvos=())


# --- VAR-SALVO: identical mounts fire as one salvo ----------------------------------------------------------

def salvo_mounts(vehicle: VehicleType) -> tuple[tuple[str, str, int], ...]:
    """A vehicle type's mounts that may fire as one salvo: (weapon type, location, how many) for each weapon type
    and damage carried two or more times, direct fire, in one location (the hull or the turret) (VAR-SALVO)."""
    from ..rules.targets import weapon_family
    from ..variants.fire import SALVO_FAMILIES, salvo_location

    groups: dict[tuple[str, str, str], int] = {}
    for w in vehicle.weapons:
        if weapon_family(w) in SALVO_FAMILIES:
            key = (w.type, str(w.damage), salvo_location(w.location))
            groups[key] = groups.get(key, 0) + 1
    return tuple((kind, where, n) for (kind, _dmg, where), n in sorted(groups.items()) if n > 1)


def salvo_plan(rules: RuleSet, plan: FirePlan | None) -> FirePlan | None:
    """The fire plan with its identical direct-fire mounts of one location (the hull or the turret) at one target,
    with one to-hit number, declared as one salvo each (VAR-SALVO: one roll for all, all hit or all miss). The
    skirmish fires such mounts in salvo whenever the switch is on (docs/decisions.md); unchanged when none."""
    from ..rules.grav import Refusal
    from ..rules.targets import check_salvos
    from ..variants.fire import SALVO_FAMILIES, salvo_location

    if plan is None or not rules.enabled("VAR-SALVO"):
        return plan
    groups: dict[tuple, list[int]] = {}
    for i, ra in enumerate(plan.attacks):
        if ra.family in SALVO_FAMILIES:
            key = (ra.weapon.type, str(getattr(ra.weapon, "damage", "")), salvo_location(ra.weapon.location),
                   ra.target.key, ra.to_hit.value)
            groups.setdefault(key, []).append(i)
    twins = [g for g in groups.values() if len(g) > 1]
    if not twins:
        return plan
    attacks = list(plan.attacks)
    for n, group in enumerate(twins, start=1):
        for i in group:
            attacks[i] = replace(attacks[i], attack=replace(attacks[i].attack, salvo=n))
    salvos = check_salvos(attacks, rules)
    if isinstance(salvos, Refusal):  # pragma: no cover - the groups are built to pass the check
        return plan
    return replace(plan, attacks=tuple(attacks), salvos=salvos)


def driver_plan(game: Skirmish, v: Vehicle, target: str) -> FirePlan | None:
    """The weapons the driver would fire at `target`: those that bear and that no able crew member may fire, each
    at -2 (VAR-WEAPONS); None when there are none or the driver is out."""
    rules = game.rules
    if not rules.enabled(W) or v.destroyed or not v.sheet.able("driver"):
        return None
    manned = replace(v, sheet=replace(v.sheet, crew=tuple(replace(m, state="ok") for m in v.sheet.crew)))
    full = game._attack_set(manned, target, None, False)  # every weapon that bears, whoever fires it
    if full is None:
        return None
    crew = game.attack_set(v, target) if v.sheet.may_fire else None
    taken = {ra.attack.weapon for ra in crew.attacks} if crew is not None else set()
    penalty = variant_tables().driver_to_hit_penalty
    mine = tuple(replace(ra, to_hit=ra.to_hit.plus("the driver fires it", penalty, W))
                 for ra in full.attacks if ra.attack.weapon not in taken)
    return replace(full, attacks=mine, salvos=()) if mine else None


def driver_may_fire(game: Skirmish, v: Vehicle) -> bool:
    """Whether the vehicle takes part in the fire declarations for its driver alone (VAR-WEAPONS)."""
    return game.rules.enabled(W) and not v.destroyed and v.sheet.able("driver")


def driver_fire_actions(game: Skirmish, v: Vehicle) -> list[Fire]:
    """`Fire(unit, target, driver=True)` for each enemy the driver's weapons bear on (VAR-WEAPONS)."""
    if not driver_may_fire(game, v):
        return []
    return [Fire(v.key, t, driver=True) for t in game._enemy_keys(v.side, v.hex) if driver_plan(game, v, t)]


def driver_check(v: Vehicle) -> TargetRoll:
    """The driver's immediate Piloting Skill Roll when he fires: d10 <= 5 + damage modifiers (VAR-WEAPONS)."""
    roll = TargetRoll.of("piloting skill (the driver fires)", PILOTING_SKILL, W)
    mod = v.grav().piloting_modifier
    return roll.plus("damage modifiers", mod, W) if mod else roll


def declare_driver_fire(game: Skirmish, action: Fire, dice: Dice) -> Skirmish:
    """The driver's piloting roll as he declares: a pass puts his weapons in the weapons fire (each at -2) and
    cuts next turn's speed limits by a third per weapon; a failure: his weapons do not fire (VAR-WEAPONS)."""
    v = game.vehicle(action.unit)
    plan = driver_plan(game, v, action.target)
    n = len(plan.attacks)
    check = driver_check(v)
    roll = check.roll(dice, purpose=f"{v.key}: the driver's piloting roll as he fires {plural(n, 'weapon')}", rule=W)
    head = (f"  {v.key}: the driver fires {', '.join(ra.weapon.type for ra in plan.attacks)} at {action.target} "
            f"(-2 each): piloting roll d10 {roll.result} against {check.value} (P = {check.chance} = "
            f"{float(check.chance):.0%})")
    if not roll.success:
        return game._log(f"{head}: failed, his weapons do not fire [{W}]")
    nv = replace(v, driver_fire=(game.turn, action.target, n))
    return replace(game, vehicles=game._with_vehicle(nv))._fresh()._log(
        f"{head}: passed; next turn its speed limits are cut by {plural(n, 'third')} [{W}]")


def resolve_driver_fire(game: Skirmish, units: Mapping[str, CombatUnit], dice: Dice, *,
                        firers: Collection[str] | None = None) -> tuple[dict[str, CombatUnit], list[str]]:
    """Roll the driver's declared shots of this turn (of `firers` only, e.g. one VAR-INIT activation's), first in
    the weapons fire (VAR-WEAPONS): the units after them (armor at once, internals pending like every shot) and
    the log lines."""

    live = dict(units)
    lines: list[str] = []
    for v in game.vehicles:
        if not v.driver_fire or v.driver_fire[0] != game.turn or v.key not in live or v.destroyed or (
                firers is not None and v.key not in firers):
            continue
        plan = driver_plan(game, v, v.driver_fire[1])
        if plan is None:
            lines.append(f"  {v.key}: the driver's weapons no longer bear [{W}]")
            continue
        lines += [f"  {v.key} {ra.weapon.type} at {ra.target.key}: the driver fires it -2 [{W}]" for ra in plan.attacks]
        bm = fire_map(game, v.key, plan.targets[0] if plan.targets else None)  # where each stands (VAR-OCCUPY)
        res = resolve_fire(plan, live, dice, battlemap=bm, rules=game.rules)
        live = dict(res.units)
        lines += fire_lines(SimpleNamespace(fire=(res,), internals={}, casualties={}))
    return live, lines


def _cut(limit: int, n: int) -> int:
    return driver_speed_limit(limit, n)


@cache
def cut_table(weapons: int) -> TerrainTable:
    """The Terrain Effects Table with every speed limit (terrain and slopes) cut by a third of itself per weapon
    the driver fired (VAR-WEAPONS, `driver_speed_limit`); one table per count, kept (the engine caches by it)."""
    t = terrain_table()
    return replace(t, terrain={k: replace(r, speed_limit=_cut(r.speed_limit, weapons)) for k, r in t.terrain.items()},
                   slopes={k: replace(r, speed_limit=_cut(r.speed_limit, weapons)) for k, r in t.slopes.items()})


def speed_table(game: Skirmish, key: str) -> TerrainTable | None:
    """The terrain table of a vehicle's move this turn (basic or variant): speed limits cut if its driver fired
    last turn, else None (the engine's own table) (VAR-WEAPONS)."""
    v = game.vehicle(key)
    if not v.driver_fire or v.driver_fire[0] + 1 != game.turn or not game.rules.enabled(W):
        return None
    return cut_table(v.driver_fire[2])


__all__ = ["attempt", "banner_hint", "bot_self_destruct", "doomed", "check_layouts", "crew_indices", "crew_share",
           "cut_table", "salvo_plan",
           "declare_driver_fire", "destruct_check", "driver_check", "driver_fire_actions", "driver_may_fire",
           "driver_plan", "explode_due", "resolve_driver_fire", "self_destruct_actions", "speed_table"]


def banner_hint(game: Skirmish) -> str:
    """What the ram, self-destruct and crew switches add to the decision now, for the page's banner ('' when
    none applies) (VAR-RAM, VAR-SELFDESTRUCT, VAR-WEAPONS)."""
    rules, phase = game.rules, game.phase
    if phase == "movement" and rules.enabled("VAR-RAM"):
        return "; an end hex holding an enemy vehicle also lists the ram, with its odds [VAR-RAM]"
    if phase == "fire" and rules.enabled("VAR-WEAPONS"):
        return ("; each crew member fires only his own systems, and a driver may fire what nobody else can, at -2 "
                "[VAR-WEAPONS]")
    if phase == "end" and rules.enabled(SD):
        return "; pick a vehicle to try to set its self-destruct charge [VAR-SELFDESTRUCT]"
    return ""
