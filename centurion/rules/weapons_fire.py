"""A vehicle's weapons fire: its declared attacks checked against its live record sheet, then rolled: a to-hit roll
per weapon and per missile (a salvo's mounts together, VAR-SALVO; a shield's stop roll, VAR-SHIELD), the hits
landed (`hits.land_hits`) and the missiles spent (CEN-CMB-1, CEN-SEQ-3, E21, E25).

`centurion.rules.resolution` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..data import BattleMap
from ..data.vehicles import weapon_table
from ..dice import Dice
from .combat_units import RULE, CombatUnit, FireResult, HitResolution
from .damage import template_shape
from .fire import range_words
from .hits import HitToLand, land_hits
from .hooks import BasicRules, SalvoWeapon, rules_of
from .infantry_fire import casualty_row
from .inputs import whole
from .refusal import Refusal
from .targets import TO_HIT_KIND, Attack, FirePlan, declare_fire
from .vulcan import E25_POLICY, VulcanPolicy


def _refuse(firer: CombatUnit) -> Refusal | None:
    s = firer.sheet
    if s is None:
        return Refusal(RULE, f"{firer.key} is not a vehicle: infantry fire is resolved by the infantry rules")
    if s.destroyed:
        return Refusal(RULE, f"the {s.vehicle.label} {firer.key} is destroyed ({s.destroyed_by()})")
    if not s.may_fire:
        return Refusal(RULE, f"{firer.key}: gunner and commander are both out, so it cannot fire (book-a 13.2)")
    if firer.submerged:
        return Refusal("CEN-GRD-2", f"{firer.key} is under water: it cannot fire out at any target")
    return None


def declare_weapons_fire(battlemap: BattleMap, units: Mapping[str, CombatUnit], firer_key: str,
                         attacks: Sequence[Attack], *, turret_facing: int | None = None,
                         rules: BasicRules | None = None) -> FirePlan | Refusal:
    """Check a unit's declared attacks against the live record sheets (damaged weapons refused) (CEN-CMB-1).

    `rules`: the game's variant rule set (VAR-SPEEDMOD, VAR-SALVO), default none.
    """
    if not isinstance(firer_key, str):
        return Refusal(RULE, f"a unit is named by its key, got {firer_key!r}"[:200])
    whole(turret_facing, "HEX-3", "turret_facing", 0, 5, optional=True)
    for n, atk in enumerate(attacks, start=1):
        if isinstance(atk.weapon, bool) or not isinstance(atk.weapon, int) or not isinstance(atk.target, str):
            return Refusal(RULE, f"attack {n}: a weapon is its index on the sheet and a target its key, got "
                           f"{atk.weapon!r} at {atk.target!r}"[:200], n)
    if firer_key not in units:
        return Refusal(RULE, f"no unit {firer_key!r}")
    firer = units[firer_key]
    bad = _refuse(firer)
    if bad is not None:
        return bad
    for n, atk in enumerate(attacks, start=1):
        if isinstance(atk.weapon, int) and 0 <= atk.weapon < len(firer.sheet.vehicle.weapons) \
                and not firer.sheet.weapon_usable(atk.weapon):
            w = firer.sheet.vehicle.weapons[atk.weapon]
            return Refusal(RULE, f"attack {n} ({w.type}): its {w.location} weapons are destroyed (book-a 13.2)", n)
        if atk.target in units and units[atk.target].side == firer.side:
            return Refusal(RULE, f"attack {n}: {atk.target} is a friendly unit", n)
    wanted = {a.target for a in attacks}
    views = {k: u.target_view(firer) for k, u in units.items() if k != firer_key and k in wanted}
    if turret_facing is not None and firer.sheet.hit("turret", "turret_weapons"):
        turret_facing = None
    plan = declare_fire(battlemap, firer.firer_view(), attacks, views, turret_facing=turret_facing, rules=rules)
    if isinstance(plan, FirePlan) and not firer.sheet.may_fire_indirect:
        for n, ra in enumerate(plan.attacks, start=1):
            if ra.indirect:
                why = "comm" if firer.sheet.comm_out else "commander"
                return Refusal(RULE, f"attack {n} ({ra.weapon.type}): indirect fire needs the {why}, which is out "
                               "(book-a 13.2)", n)
    return plan


def _row_of(weapon: object) -> str | None:
    try:
        return casualty_row(weapon)
    except ValueError:
        return None  # missiles have no row: they never hurt infantry


def resolve_fire(plan: FirePlan, units: Mapping[str, CombatUnit], dice: Dice, *,
                 battlemap: BattleMap | None = None, rules: BasicRules | None = None,
                 vulcan: VulcanPolicy | None = E25_POLICY, later: Mapping[str, int] | None = None) -> FireResult:
    """Roll one firing unit's declared attacks (CEN-CMB-1, CEN-SEQ-3, E21): armor at once, internals pending.

    `battlemap` gives the terrain modifier of a squad's casualties roll (none without it).
    `rules` (default none): under VAR-SHIELD a laser or MDC rolls to hit without the shield, then the shield's
    percentile stop roll; a stopped round gets no hit location and no damage. Under VAR-SALVO the plan's
    salvos roll once for all their mounts (`roll_salvo`). `vulcan`: the Vulcan owners' choices once the hits are
    known (book-a 15.2, E25; None: only an engagement declared beforehand rolls); `later`: per target, the
    attackers with missiles still to fire at it this turn.
    """
    units = dict(units)
    start = len(dice.log)
    firer = units[plan.firer.key]
    hits: list[HitToLand] = []
    results: list[HitResolution] = []
    spent: dict[str, int] = {}
    hooks = rules_of(rules)
    in_salvo = {i: grp for grp in plan.salvos for i in grp}
    for n, ra in enumerate(plan.attacks):
        if n in in_salvo:
            if n == in_salvo[n][0]:
                _salvo_rolls(plan, in_salvo[n], dice, hooks, hits, results)
            continue
        spec = weapon_table()[ra.weapon.type]
        if ra.family == "missile":
            spent[spec.missile] = spent.get(spec.missile, 0) + ra.attack.missiles
        kind = ra.target.kind
        shape = None if kind == "infantry" else template_shape(ra.weapon.type,
                                                               ra.attack.shell if spec.family == "gauss" else None)
        row = _row_of(ra.weapon) if kind != "vehicle" else None
        for m in range(ra.attack.missiles if ra.family == "missile" else 1):
            extra = f" (missile {m + 1})" if ra.family == "missile" and ra.attack.missiles > 1 else ""
            # the roll's question, not its answer (walk 33b: "hits R11 ...: failure" read as a hit)
            purpose = f"{plan.firer.key} {ra.weapon.type}{extra} to hit {ra.target.key} at {range_words(ra.range)}"
            if ra.indirect:  # walk 34: an SMLM fired with no line of sight read as any other shot (book-a 8.4)
                purpose += " (indirect: no line of sight, at a painted target)"
            roll, stop = hooks.shot(ra.to_hit, weapon=TO_HIT_KIND[ra.family], dice=dice, purpose=purpose)
            if stop is not None and stop.success:  # the round hit but was stopped (VAR-SHIELD)
                results.append(HitResolution(ra.weapon.type, ra.target.key, roll, stop=stop))
                continue
            if roll.success:
                hits.append(HitToLand(ra.weapon.type, ra.target.key, roll, ra.family == "missile", shape, ra.side, row))
            else:
                results.append(HitResolution(ra.weapon.type, ra.target.key, roll))
    if spent and firer.sheet is not None:
        fired = tuple(firer.sheet.missiles_fired) + tuple(spent.items())
        units[firer.key] = replace(firer, sheet=replace(firer.sheet, missiles_fired=fired))
    locations = land_hits(plan.firer.key, hits, units, dice, battlemap, results, vulcan=vulcan, later=later)
    return FireResult(plan.firer.key, tuple(results), tuple(locations), tuple(dice.log[start:]), units)


def _salvo_rolls(plan: FirePlan, group: Sequence[int], dice: Dice, hooks: BasicRules, hits: list[HitToLand],
                 results: list[HitResolution]) -> None:
    """One to-hit roll for every mount of a salvo, then (VAR-SHIELD) a stop roll per round (VAR-SALVO)."""
    ras = [plan.attacks[i] for i in group]
    first = ras[0]
    weapons = tuple(SalvoWeapon(ra.weapon.type, ra.family, ra.weapon.type, ra.weapon.location) for ra in ras)
    at = f" ({plan.firer.key} at {first.target.key}, range {first.range})"  # whose roll, as a shot's line says
    to_hit_roll, stop_rolls = hooks.roll_salvo(first.to_hit, weapons, weapon=TO_HIT_KIND[first.family], dice=dice,
                                               at=at)
    for k, ra in enumerate(ras):
        stop = stop_rolls[k] if stop_rolls else None
        if to_hit_roll.success and not (stop is not None and stop.success):
            shape = template_shape(ra.weapon.type, ra.attack.shell if ra.family == "gauss" else None) \
                if ra.target.kind != "infantry" else None
            row = _row_of(ra.weapon) if ra.target.kind != "vehicle" else None
            hits.append(HitToLand(ra.weapon.type, ra.target.key, to_hit_roll, False, shape, ra.side, row))
        else:
            results.append(HitResolution(ra.weapon.type, ra.target.key, to_hit_roll, stop=stop))
