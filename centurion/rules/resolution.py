"""Weapons fire resolved: to-hit rolls, one hit-location roll per firing unit, templates and lasers, armor at
once, internal damage and infantry losses after all fire; a whole Combat Phase (CEN-CMB-1, CEN-SEQ-3, E21, E25).

Declarations are checked by `targets.declare_fire` (arcs, ranges, sight, two targets, missile limits); this
module rolls them. A firing unit's attacks are resolved together: a to-hit roll per weapon (per missile), then
one hit-location roll for each target it hit (E21: every hit of that unit lands on the same section), then per
hit a d10 damage column and its template or laser. Missiles that hit a vehicle with an engaged Vulcan face its
kill rolls first (E25). Armor boxes go at once; internal boxes wait (`RecordSheet.pending`) and casualties on
dismounted squads are noted; `finish_fire` applies both once every firing unit has been resolved.

A phase in code::

    units = {"hor": CombatUnit("hor", "TOG", hex_a, 0, RecordSheet.of(horatius), velocity=4),
             "lib": CombatUnit("lib", "RL", hex_b, 3, RecordSheet.of(liberator))}
    result = combat_phase(battlemap, units, [("hor", [Attack(1, "lib"), Attack(0, "lib", shell="HEAP")], None),
                                             ("lib", [Attack(1, "hor")], None)], dice, paints=[("lib", "hor")])
    result.fire, result.internals, result.casualties, result.units, result.rolls

The pieces live by topic and are re-exported here: the units and results (`combat_units`), painting
(`painting`), a vehicle's weapons fire (`weapons_fire`), a squad's orders (`squad_orders`), the hits landed
(`hits`); this module runs the whole phase and applies what waits until all fire is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..data import BattleMap
from ..dice import Dice, Roll
from .combat_units import (
    RULE,
    CombatUnit,
    FireResult,
    HitResolution,
    MapFor,
    VulcanEngagement,
    engage_vulcan,
    sight_level,
)
from .hooks import BasicRules
from .infantry_fire import SquadAttack, apply_losses, rider_losses
from .internals import InternalReport, apply_internal_damage
from .painting import PaintResult, resolve_painting
from .refusal import Refusal
from .squad_orders import SquadOrder, declare_squad_fire, resolve_squad_fire
from .targets import Attack, FirePlan
from .vulcan import E25_POLICY, VulcanPolicy
from .weapons_fire import declare_weapons_fire, resolve_fire

__all__ = [  # the phase's pieces, by topic in their own modules, re-exported
    "RULE",
    "CombatUnit",
    "FireResult",
    "HitResolution",
    "MapFor",
    "PaintResult",
    "PhaseResult",
    "SquadOrder",
    "VulcanEngagement",
    "combat_phase",
    "declare_squad_fire",
    "declare_weapons_fire",
    "engage_vulcan",
    "finish_fire",
    "resolve_fire",
    "resolve_opportunity_fire",
    "resolve_painting",
    "resolve_squad_fire",
    "sight_level",
]


def resolve_opportunity_fire(plan: FirePlan, units: Mapping[str, CombatUnit], dice: Dice, *,
                             battlemap: BattleMap | None = None, turn: int = 1,
                             rules: BasicRules | None = None, vulcan: VulcanPolicy | None = E25_POLICY) -> PhaseResult:
    """Opportunity fire as an enemy enters a hex in sight: one attack, every damage at once, internal and
    infantry losses included (CEN-OPP-1). The mover, if it survives, goes on with its move."""
    start = len(dice.log)
    res = resolve_fire(plan, units, dice, battlemap=battlemap, rules=rules, vulcan=vulcan)
    touched = {h.target for h in res.hits}
    live, reports, casualties = finish_fire({k: u for k, u in res.units.items() if k in touched}, dice, turn=turn)
    merged = {**res.units, **live}
    return PhaseResult((res,), reports, casualties, merged, tuple(dice.log[start:]))


@dataclass(frozen=True)
class PhaseResult:
    """A whole Combat Phase: each firing unit's result or refusal, internal reports, the units after it all."""

    fire: tuple[FireResult | Refusal, ...]
    internals: Mapping[str, InternalReport]
    casualties: Mapping[str, int]
    units: Mapping[str, CombatUnit]
    rolls: tuple[Roll, ...] = field(default=(), repr=False)
    paints: tuple[PaintResult | Refusal, ...] = ()


def finish_fire(units: Mapping[str, CombatUnit], dice: Dice, *, turn: int = 1
                ) -> tuple[dict[str, CombatUnit], dict[str, InternalReport], dict[str, int]]:
    """After all weapons fire: apply every pending internal box and every squad's losses (CEN-SEQ-3)."""
    out = dict(units)
    reports: dict[str, InternalReport] = {}
    casualties: dict[str, int] = {}
    for key, u in units.items():
        if u.sheet is not None and (u.sheet.pending or u.sheet.riders_pending_killed):
            sheet, rep = apply_internal_damage(u.sheet, dice, velocity=u.velocity, turn=turn, unit=key,
                                               in_water=u.over_water)
            velocity = 0 if rep.grounded_at_velocity is not None else u.velocity
            if rep.grounded_at_velocity is not None and sheet.riders_outside > sheet.riders_pending_killed:
                (rr,) = rider_losses(dice)
                sheet = replace(sheet, riders_pending_killed=min(sheet.riders_outside,
                                                                 sheet.riders_pending_killed + rr.result))
            if sheet.riders_pending_killed:
                casualties[f"{key} riders"] = sheet.riders_pending_killed
                sheet = replace(sheet, riders_outside=sheet.riders_outside - sheet.riders_pending_killed,
                                riders_pending_killed=0)
            out[key] = replace(u, sheet=sheet, velocity=velocity)
            reports[key] = rep
        elif u.kind == "infantry" and u.pending_casualties:
            start = u.men if u.started is None else max(u.started, u.men)  # men it never had are not killed
            losses = apply_losses(u.men, min(u.men, u.pending_casualties), started_with=start)  # 5 killed (14.1)
            casualties[key] = min(u.men, u.pending_casualties)
            out[key] = replace(u, men=losses.men, pending_casualties=0)
    return out, reports, casualties


def _missile_targets(order: SquadOrder | None, plan: FirePlan | SquadAttack | Refusal) -> set[str]:
    """The targets a declared attack fires missiles at (for the Vulcan's owner, book-a 15.2)."""
    if isinstance(plan, FirePlan):
        return {ra.target.key for ra in plan.attacks if ra.family == "missile"}
    if isinstance(plan, SquadAttack) and plan.action == "tvlg" and order is not None and order.target is not None:
        return {order.target}
    return set()


def combat_phase(battlemap: BattleMap, units: Mapping[str, CombatUnit],
                 declarations: Sequence[tuple[str, Sequence[Attack], int | None] | SquadOrder | FirePlan],
                 dice: Dice, *,
                 turn: int = 1, paints: Sequence[tuple[str, str]] = (), rules: BasicRules | None = None,
                 map_for: MapFor | None = None, vulcan: VulcanPolicy | None = E25_POLICY,
                 squad_smoke: bool = True) -> PhaseResult:
    """Painting (declared and resolved, `paints` = (painter, target) pairs), then weapons fire declared in the given
    order, resolved one firing unit at a time, then internal damage and infantry losses (CEN-SEQ-1, CEN-SEQ-3).
    Declarations: a vehicle's (firer, attacks, turret facing or None) or its `FirePlan` already declared (kept as
    it is, e.g. with a pop-up term, VAR-INIT), or a squad's `SquadOrder`. A squad that
    painted does nothing else this turn (book-a 7.3). `map_for(firer, target)`: the map that pair sees, when units
    stand in part of a hex (VAR-OCCUPY); by default `battlemap` for every shot.

    Every declaration is checked against the state at the start of the resolution (all are made before any is
    resolved); a refused one is reported and nothing of it happens. `squad_smoke`: smoke in a vehicle's hex counts
    against a squad's weapons (book-b §10.3; off only for a game under rules editions 1-3). `vulcan`: the Vulcan
    owners' choices (book-a 15.2, E25), told how many attackers with missiles are still to fire at their vehicle.
    """
    start = len(dice.log)
    paint_results: tuple[PaintResult | Refusal, ...] = ()
    if paints:
        units, paint_results = resolve_painting(battlemap, units, paints, dice, rules=rules, map_for=map_for)
    painters = {p for p, _t in paints}

    def seen(firer: str, target: str | None) -> BattleMap:
        return battlemap if map_for is None else map_for(firer, target)

    plans: list[tuple[SquadOrder | None, FirePlan | SquadAttack | Refusal, BattleMap]] = []
    for d in declarations:
        if isinstance(d, SquadOrder):
            bm = seen(d.squad, d.target)
            if d.squad in painters and units.get(d.squad) is not None and units[d.squad].kind == "infantry":
                plans.append((d, Refusal(RULE, f"{d.squad} painted this turn: a painting squad does nothing "
                                         "else (book-a 7.3)"), bm))
            else:
                plans.append((d, declare_squad_fire(bm, units, d, rules=rules, smoke=squad_smoke), bm))
        elif isinstance(d, FirePlan):
            plans.append((None, d, seen(d.firer.key, d.targets[0] if d.targets else None)))
        else:
            k, atks, tf = d
            bm = seen(k, atks[0].target if atks else None)
            plans.append((None, declare_weapons_fire(bm, units, k, atks, turret_facing=tf, rules=rules), bm))
    live = dict(units)
    out: list[FireResult | Refusal] = []
    missiles_at = [_missile_targets(o, plan) for o, plan, _bm in plans]
    for i, (order, plan, bm) in enumerate(plans):
        if isinstance(plan, Refusal):
            out.append(plan)
            continue
        later: dict[str, int] = {}
        for ts in missiles_at[i + 1:]:
            for t in ts:
                later[t] = later.get(t, 0) + 1
        if order is not None:
            res = resolve_squad_fire(order, plan, live, dice, battlemap=bm, vulcan=vulcan, later=later)
        else:
            res = resolve_fire(plan, live, dice, battlemap=bm, rules=rules, vulcan=vulcan, later=later)
        live = dict(res.units)
        out.append(res)
    live, reports, casualties = finish_fire(live, dice, turn=turn)
    return PhaseResult(tuple(out), reports, casualties, live, tuple(dice.log[start:]), paint_results)
