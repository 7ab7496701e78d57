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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..data import BattleMap
from ..data.vehicles import damage_templates, weapon_table
from ..dice import Dice, Roll
from ..hexgrid import Hex
from .buildings import Building, BuildingHit, building_hit_level, damage_building
from .damage import HitMark, drop_template, hit_section, template_shape, vulcan_kill_number
from .grav import Refusal
from .hooks import BasicRules, SalvoWeapon, rules_of
from .infantry_fire import (
    SquadAction,
    SquadAttack,
    SquadView,
    apply_losses,
    casualty_roll,
    casualty_row,
    rider_losses,
    squad_fire,
    terrain_casualty_modifier,
)
from .inputs import whole
from .internals import InternalReport, apply_internal_damage
from .record import RecordSheet
from .targets import (
    TO_HIT_KIND,
    Attack,
    FirePlan,
    FirerView,
    TargetView,
    declare_fire,
    infantry_paint,
    vehicle_paint,
)
from .vulcan import E25_POLICY, VulcanPolicy, usable_vulcan

RULE = "CEN-CMB-1"
#: the map a firer (or painter) and its target see: (firer key, target key or None) -> map (VAR-OCCUPY)
MapFor = Callable[[str, "str | None"], BattleMap]


@dataclass(frozen=True)
class VulcanEngagement:
    """A Vulcan's missiles engaged this turn (declared at the first attack on its vehicle) and kill rolls left."""

    rating: int
    engaged: int
    rolls_left: int

    @property
    def kill_number(self) -> int | None:
        """Kill on a d10 <= this number (book-a 15.2); None when it engages none this turn."""
        return vulcan_kill_number(self.rating, self.engaged) if self.engaged else None


def engage_vulcan(unit: CombatUnit, engaged: int) -> CombatUnit:
    """Declare the missiles the unit's Vulcan engages this turn, at the first enemy attack (book-a 15.2, E25).

    The kill number follows from `engaged`; that many kill rolls may be spread over every attacker this turn.
    """
    whole(engaged, RULE, "engaged", 1)
    sheet = unit.sheet
    if sheet is None:
        raise ValueError(f"{RULE}: only a vehicle carries a Vulcan")
    if unit.vulcan is not None:
        raise ValueError(f"{RULE}: the Vulcan's engagement is declared once a turn (book-a 15.2)")
    idx = next((i for i, w in enumerate(sheet.vehicle.weapons) if w.type.startswith("Vulcan")), None)
    if idx is None:
        raise ValueError(f"{RULE}: the {sheet.vehicle.label} has no Vulcan")
    if not sheet.weapon_usable(idx):
        raise ValueError(f"{RULE}: the {sheet.vehicle.label}'s Vulcan is out (turret weapons or crew, book-a 13.2)")
    rating = weapon_table()[sheet.vehicle.weapons[idx].type].rating
    if engaged < 1 or vulcan_kill_number(rating, engaged) is None:
        raise ValueError(f"{RULE}: a Vulcan-{rating} cannot engage {engaged} missiles in a turn (book-a 15.2)")
    return replace(unit, vulcan=VulcanEngagement(rating, engaged, engaged))


@dataclass(frozen=True)
class CombatUnit:
    """A unit in the Combat Phase: its sheet (vehicle), building or squad, where it is, and its situation."""

    key: str
    side: str
    hex: Hex
    facing: int = 0
    sheet: RecordSheet | None = None
    velocity: int = 0
    crater: bool = False
    painted: bool = False  # painted this turn by a friendly unit of the attackers (set from outside)
    painted_by: tuple[str, ...] = ()  # painters whose paint hit it this turn (combat_phase's painting segment)
    building: Building | None = None
    men: int = 0  # dismounted squad strength
    level: int | None = None  # a squad inside a building: its floor (book-b 2.3); it sees from hex level + floor
    submerged: bool = False  # grounded under a lake's surface: neither fires nor is fired on (CEN-GRD-2)
    vulcan: VulcanEngagement | None = None
    pending_casualties: int = 0
    squad_kind: str = "tvlg"  # a dismounted squad: tvlg or mortar (book-a 0.6)
    moved: bool = False  # a squad that moved this turn makes 1 personal attack (book-a 16.3)
    tvlgs_left: int | None = None
    entered: int | None = None  # the hexside it came in by, into a hex an enemy held (book-a §14.2)
    started: int | None = None  # a squad's men at the start of the battle (None: `men`), for losses (book-a 14.1)

    @property
    def kind(self) -> str:
        """vehicle, building or infantry."""
        return "vehicle" if self.sheet is not None else "building" if self.building is not None else "infantry"

    def target_view(self, viewer: CombatUnit | None = None) -> TargetView:
        """How the fire rules see it as a target (shield factors from the live sheet).

        Painted for `viewer` when its own paint hit it, or another's and the viewer's comm works (book-a 13.2).
        """
        shields = {}
        if self.sheet is not None and self.sheet.vehicle.kind == "grav":
            shields = {f: self.sheet.shield_factor(f) for f in ("front", "left", "right", "stern", "bottom")}
        comm = viewer is None or viewer.sheet is None or not viewer.sheet.comm_out
        own = viewer is not None and viewer.key in self.painted_by
        painted = own or (comm and (self.painted or bool(self.painted_by)))
        inside = self.kind == "infantry" and self.level is not None
        return TargetView(self.key, self.hex, self.facing, self.kind, shields, self.crater, painted,
                          in_building=inside, submerged=self.submerged, velocity=self.velocity, entered=self.entered)

    def firer_view(self) -> FirerView:
        """How the fire rules see it as a firer: usable weapons only keep their place on the sheet."""
        s = self.sheet
        assert s is not None
        left = {k: s.missiles_left(k) for k in ("SMLM", "TVLG")}
        return FirerView(self.key, self.hex, self.facing, s.vehicle.weapons, s.targeting_lost, left,
                         entered=self.entered)


@dataclass(frozen=True)
class HitResolution:
    """One weapon's attack rolled: to-hit, Vulcan rolls, damage column, what it did."""

    weapon: str
    target: str
    to_hit: Roll
    vulcan: tuple[Roll, ...] = ()
    shot_down: bool = False
    column: Roll | None = None
    mark: HitMark | BuildingHit | None = None
    casualties: int = 0
    stop: Roll | None = None  # VAR-SHIELD: the percentile roll of the shield (stopped when it succeeded)

    @property
    def stopped(self) -> bool:
        """The round hit but the shield stopped it (VAR-SHIELD): no hit location, no damage."""
        return self.stop is not None and bool(self.stop.success)


@dataclass(frozen=True)
class FireResult:
    """A firing unit's attacks resolved: every roll in order, each hit, the location roll per target."""

    firer: str
    hits: tuple[HitResolution, ...]
    locations: tuple[tuple[str, Roll, str], ...]  # (target, roll, section or level)
    rolls: tuple[Roll, ...]
    units: Mapping[str, CombatUnit]


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


@dataclass(frozen=True)
class PaintResult:
    """A painting attempt rolled: who, at whom, the roll (CEN-CMB-1, book-a 7)."""

    painter: str
    target: str
    roll: Roll
    stop: Roll | None = None  # VAR-SHIELD: the shield's percentile stop roll after a hit

    @property
    def painted(self) -> bool:
        """The paint took: the roll hit and no shield stopped it (VAR-SHIELD)."""
        return bool(self.roll.success) and not (self.stop is not None and self.stop.success)


def resolve_painting(battlemap: BattleMap, units: Mapping[str, CombatUnit], paints: Sequence[tuple[str, str]],
                     dice: Dice, *, rules: BasicRules | None = None, map_for: MapFor | None = None
                     ) -> tuple[dict[str, CombatUnit], tuple[PaintResult | Refusal, ...]]:
    """Declare and resolve painting (Combat Phase A and B): a vehicle needs its turret weapons, comm and commander;
    a squad paints on 9 - casualties. A hit marks the target painted for the rest of the turn (book-a 7, 13.2).

    Under VAR-SHIELD a vehicle's painting laser rolls without the shield, then the shield's stop roll
    (`PaintResult.stop`); under VAR-SPEEDMOD the target's speed modifies the roll. `map_for(painter, target)`:
    the map that pair sees, when units stand in part of a hex (VAR-OCCUPY); by default `battlemap`.
    """
    live = dict(units)
    out: list[PaintResult | Refusal] = []
    whole = battlemap
    for painter_key, target_key in paints:
        battlemap = whole if map_for is None else map_for(painter_key, target_key)
        if painter_key not in live or target_key not in live:
            out.append(Refusal(RULE, f"painting: no unit {painter_key if painter_key not in live else target_key!r}"))
            continue
        painter, target = live[painter_key], live[target_key]
        if painter.side == target.side:
            out.append(Refusal(RULE, f"painting: {target_key} is a friendly unit"))
            continue
        if target.kind != "vehicle":
            out.append(Refusal(RULE, f"painting: {target_key} is not a vehicle"))
            continue
        if painter.submerged or target.submerged:
            who = painter_key if painter.submerged else target_key
            out.append(Refusal("CEN-GRD-2", f"painting: {who} is under water (no painting out of or into a lake)"))
            continue
        view = replace(target.target_view(), painted=False)
        if painter.sheet is not None:
            s = painter.sheet
            if not s.may_paint:
                why = ("it is destroyed" if s.destroyed else "its turret weapons are destroyed"
                       if s.hit("turret", "turret_weapons") else "its comm is out" if s.comm_out
                       else "its commander is out" if s.commander_out else "gunner and commander are out")
                out.append(Refusal(RULE, f"{painter_key} cannot paint: {why} (book-a 13.2)"))
                continue
            attempt = vehicle_paint(battlemap, painter.firer_view(), view, rules=rules)
        else:
            attempt = infantry_paint(battlemap, painter.hex, painter.men, view, squad_key=painter_key,
                                     level=sight_level(battlemap, painter), rules=rules)
        if isinstance(attempt, Refusal):
            out.append(attempt)
            continue
        purpose = f"{painter_key} paints {target_key} at range {attempt.range}"
        stop = None
        if painter.sheet is not None:  # a vehicle's painting laser: a shot, which a variant may stop (VAR-SHIELD)
            roll, stop = rules_of(rules).shot(attempt.to_hit, weapon="painting", dice=dice, purpose=purpose)
        else:
            roll = attempt.to_hit.roll(dice, purpose=purpose, rule=RULE)
        out.append(PaintResult(painter_key, target_key, roll, stop))
        if roll.success and not (stop is not None and stop.success):
            live[target_key] = replace(target, painted_by=target.painted_by + (painter_key,))
    return live, tuple(out)


@dataclass(frozen=True)
class _Hit:
    """A hit to land: what hit whom, with which shape, from which side; `row` = casualty row vs infantry."""

    label: str
    target: str
    roll: Roll
    missile: bool
    shape: tuple[int, ...] | None
    side: str
    row: str | None
    location: str | None = None  # close assault: the location chosen


def _vulcan_budget(hits: Sequence[_Hit], units: dict[str, CombatUnit], vulcan: VulcanPolicy | None,
                   later: Mapping[str, int]) -> dict[str, int]:
    """Per target, the kill rolls its Vulcan spends on this attacker's missile hits, once they are known; the
    engagement declared now if this is the turn's first missile attack that hit it (book-a 15.2, E25)."""
    missile_hits: dict[str, int] = {}
    for h in hits:
        if h.missile:
            missile_hits[h.target] = missile_hits.get(h.target, 0) + 1
    budget: dict[str, int] = {}
    for tkey, n in missile_hits.items():
        u = units[tkey]
        if vulcan is None:  # no owner's choice: rolls spent on the hits in the order they come
            budget[tkey] = u.vulcan.rolls_left if u.vulcan is not None else 0
            continue
        rating = usable_vulcan(u.sheet) if u.vulcan is None else None
        if rating is not None:
            engaged = vulcan.declare(rating, n, later.get(tkey, 0))
            u = engage_vulcan(u, engaged) if engaged > 0 else replace(u, vulcan=VulcanEngagement(rating, 0, 0))
            units[tkey] = u
        if u.vulcan is not None and u.vulcan.rolls_left > 0:
            budget[tkey] = max(0, min(u.vulcan.rolls_left, vulcan.spend(u.vulcan.rolls_left, n, later.get(tkey, 0))))
    return budget


def _land_hits(firer: str, hits: Sequence[_Hit], units: dict[str, CombatUnit], dice: Dice,
               battlemap: BattleMap | None, results: list[HitResolution], *, vulcan: VulcanPolicy | None = None,
               later: Mapping[str, int] | None = None) -> list[tuple[str, Roll, str]]:
    """Vulcan, one location roll per target, damage column and template, casualties (CEN-CMB-1, E21, E25)."""
    locations: list[tuple[str, Roll, str]] = []
    where: dict[str, str | int | None] = {}
    budget = _vulcan_budget(hits, units, vulcan, later or {})
    for h in hits:
        tkey = h.target
        target = units[tkey]
        vrolls: tuple[Roll, ...] = ()
        if h.missile and target.vulcan is not None and budget.get(tkey, 0) > 0 \
                and target.vulcan.kill_number is not None:
            budget[tkey] -= 1
            v = target.vulcan
            vr = dice.d10_test(v.kill_number, purpose=f"Vulcan-{v.rating} of {tkey} ({v.engaged} engaged) shoots "
                               f"down the {h.label} missile", rule=RULE)
            vrolls = (vr,)
            target = replace(target, vulcan=replace(v, rolls_left=v.rolls_left - 1))
            units[tkey] = target
            if vr.success:
                results.append(HitResolution(h.label, tkey, h.roll, vrolls, shot_down=True))
                continue
        if tkey not in where:  # one hit-location roll per firing unit and target (E21)
            if target.kind == "vehicle" and h.location is not None:
                where[tkey] = h.location  # close assault: the location is chosen (book-a 14.2)
            elif target.kind == "vehicle":
                lr = dice.roll("d10", purpose=f"hit location on {tkey} by {firer} ({h.side} attacked"
                               f"{', hull down' if target.crater else ''})", rule=RULE)
                where[tkey] = hit_section(lr.result, h.side, "hull_down" if target.crater else "normal")
                locations.append((tkey, lr, str(where[tkey])))
            elif target.kind == "building":
                lr = dice.roll("d10", purpose=f"hit level on building {tkey} by {firer}", rule=RULE)
                where[tkey] = building_hit_level(lr.result, target.building)
                locations.append((tkey, lr, f"level {where[tkey]}"))
            else:
                where[tkey] = None
        if target.kind == "infantry":
            terms = terrain_casualty_modifier(battlemap, target.hex, crater=target.crater) if battlemap else ()
            res = casualty_roll(dice, h.row, terms)
            units[tkey] = replace(target, pending_casualties=target.pending_casualties + res.killed)
            results.append(HitResolution(h.label, tkey, h.roll, vrolls, casualties=res.killed))
            continue
        if target.kind == "building":
            b, mark = damage_building(target.building, where[tkey], h.shape)
            units[tkey] = replace(target, building=b)
            inside = 0
            for k, u in list(units.items()):  # squads inside: hurt when the last 5 boxes of their level go
                if u.kind == "infantry" and u.hex == target.hex and u.level in mark.squads_hit_on and h.row:
                    res = casualty_roll(dice, h.row)
                    units[k] = replace(u, pending_casualties=u.pending_casualties + res.killed)
                    inside += res.killed
            results.append(HitResolution(h.label, tkey, h.roll, vrolls, mark=mark, casualties=inside))
            continue
        col = dice.roll("d10", purpose=f"damage column on the {where[tkey]} of {tkey} ({h.label})", rule=RULE)
        sheet, mark = drop_template(target.sheet, str(where[tkey]), col.result, h.shape)
        if sheet.riders_outside > sheet.riders_pending_killed:  # riders outside: a d10 of men per hit (16.2)
            (rr,) = rider_losses(dice)
            sheet = replace(sheet, riders_pending_killed=min(sheet.riders_outside,
                                                             sheet.riders_pending_killed + rr.result))
        units[tkey] = replace(target, sheet=sheet)
        results.append(HitResolution(h.label, tkey, h.roll, vrolls, column=col, mark=mark))
    return locations


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
    hits: list[_Hit] = []
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
            purpose = f"{plan.firer.key} {ra.weapon.type}{extra} hits {ra.target.key} at range {ra.range}"
            roll, stop = hooks.shot(ra.to_hit, weapon=TO_HIT_KIND[ra.family], dice=dice, purpose=purpose)
            if stop is not None and stop.success:  # the round hit but was stopped (VAR-SHIELD)
                results.append(HitResolution(ra.weapon.type, ra.target.key, roll, stop=stop))
                continue
            if roll.success:
                hits.append(_Hit(ra.weapon.type, ra.target.key, roll, ra.family == "missile", shape, ra.side, row))
            else:
                results.append(HitResolution(ra.weapon.type, ra.target.key, roll))
    if spent and firer.sheet is not None:
        fired = tuple(firer.sheet.missiles_fired) + tuple(spent.items())
        units[firer.key] = replace(firer, sheet=replace(firer.sheet, missiles_fired=fired))
    locations = _land_hits(plan.firer.key, hits, units, dice, battlemap, results, vulcan=vulcan, later=later)
    return FireResult(plan.firer.key, tuple(results), tuple(locations), tuple(dice.log[start:]), units)


def _salvo_rolls(plan: FirePlan, group: Sequence[int], dice: Dice, hooks: BasicRules, hits: list[_Hit],
                 results: list[HitResolution]) -> None:
    """One to-hit roll for every mount of a salvo, then (VAR-SHIELD) a stop roll per round (VAR-SALVO)."""
    ras = [plan.attacks[i] for i in group]
    first = ras[0]
    weapons = tuple(SalvoWeapon(ra.weapon.type, ra.family, ra.weapon.type, ra.weapon.location) for ra in ras)
    to_hit_roll, stop_rolls = hooks.roll_salvo(first.to_hit, weapons, weapon=TO_HIT_KIND[first.family], dice=dice)
    for k, ra in enumerate(ras):
        stop = stop_rolls[k] if stop_rolls else None
        if to_hit_roll.success and not (stop is not None and stop.success):
            shape = template_shape(ra.weapon.type, ra.attack.shell if ra.family == "gauss" else None) \
                if ra.target.kind != "infantry" else None
            row = _row_of(ra.weapon) if ra.target.kind != "vehicle" else None
            hits.append(_Hit(ra.weapon.type, ra.target.key, to_hit_roll, False, shape, ra.side, row))
        else:
            results.append(HitResolution(ra.weapon.type, ra.target.key, to_hit_roll, stop=stop))


@dataclass(frozen=True)
class SquadOrder:
    """A dismounted squad's declared action in the Combat Phase, naming its target by key (book-a 16).

    action: personal, tvlg, mortar, mortar_indirect, mortar_ap (at `target_hex`), paint. `count`: TVLGs or
    mortars fired (default all it can); `location`: close assault location.
    """

    squad: str
    action: str
    target: str | None = None
    count: int | None = None
    location: str | None = None
    target_hex: Hex | None = None
    observed: bool = False


def sight_level(battlemap: BattleMap, unit: CombatUnit) -> int | None:
    """The level a unit sees from: a squad on a building floor at its hex's level + the floor (book-b §2.7),
    else None (its hex's ground level, CEN-LOS-1)."""
    if unit.level is None or unit.hex not in battlemap:
        return None
    return battlemap[unit.hex].level + unit.level


def declare_squad_fire(battlemap: BattleMap, units: Mapping[str, CombatUnit], order: SquadOrder, *, rules=None
                       ) -> SquadAttack | Refusal:
    """Check a squad's order with the infantry rules against the live units (CEN-INF-1, CEN-CMB-1; VAR-SPEEDMOD
    with `rules`)."""
    squad = units.get(order.squad)
    if squad is None or squad.kind != "infantry":
        return Refusal(RULE, f"{order.squad!r} is not a dismounted squad")
    if squad.level is not None and order.action not in ("personal", "tvlg", "mortar", "paint"):
        return Refusal(RULE, f"a squad inside a building cannot fire {order.action} (book-b 2.7)")
    view = None
    if order.target is not None:
        tgt = units.get(order.target)
        if tgt is None:
            return Refusal(RULE, f"no target {order.target!r}")
        if tgt.side == squad.side:
            return Refusal(RULE, f"{order.target} is a friendly unit")
        view = tgt.target_view(squad)
    sv = SquadView(squad.key, squad.hex, squad.men, squad.squad_kind, squad.moved,
                   level=sight_level(battlemap, squad),
                   tvlgs_left=squad.tvlgs_left)
    act = SquadAction(order.action, view, order.count, order.location, order.target_hex, order.observed)
    return squad_fire(battlemap, sv, act, rules)


def resolve_squad_fire(order: SquadOrder, attack: SquadAttack, units: Mapping[str, CombatUnit], dice: Dice, *,
                       battlemap: BattleMap | None = None, vulcan: VulcanPolicy | None = E25_POLICY,
                       later: Mapping[str, int] | None = None) -> FireResult:
    """Roll a squad's checked attacks: to-hit per attack, then templates (IWF, TVLG, mortar) on vehicles and
    buildings, casualties on squads (an AP round: every dismounted squad in the hex) (book-a 16, CEN-SEQ-3)."""
    units = dict(units)
    start = len(dice.log)
    results: list[HitResolution] = []
    hits: list[_Hit] = []
    label = f"{attack.action} ({attack.template or attack.casualty_row})"
    if attack.action == "paint":
        roll = attack.to_hit.roll(dice, purpose=f"{order.squad} paints {order.target}", rule=RULE)
        results.append(HitResolution("paint", order.target, roll))
        if roll.success:
            t = units[order.target]
            units[order.target] = replace(t, painted_by=t.painted_by + (order.squad,))
        return FireResult(order.squad, tuple(results), (), tuple(dice.log[start:]), units)
    squad = units[order.squad]
    if attack.action == "tvlg":
        units[order.squad] = replace(squad, tvlgs_left=(squad.tvlgs_left if squad.tvlgs_left is not None
                                                         else 4) - attack.attacks)
    targets = [order.target] if attack.action != "mortar_ap" else [
        k for k, u in units.items() if u.kind == "infantry" and u.level is None and u.hex == order.target_hex]
    for n in range(attack.attacks):
        roll = attack.to_hit.roll(dice, purpose=f"{order.squad} {label} attack {n + 1} at "
                                  f"{order.target or order.target_hex} (range {attack.range})", rule=RULE)
        if not roll.success:
            results.append(HitResolution(label, order.target or "", roll))
            continue
        for tkey in targets:
            shape = damage_templates()[attack.template] if attack.template else None
            # squads inside a building hit by it: the mortar row for mortars, the IWF row for personal weapons
            row = attack.casualty_row or ("mortar" if attack.action.startswith("mortar")
                                          else attack.template if attack.action == "personal" else None)
            hits.append(_Hit(label, tkey, roll, attack.action == "tvlg", shape, attack.side, row,
                             attack.side if attack.close_assault else None))
    locations = _land_hits(order.squad, hits, units, dice, battlemap if attack.action != "mortar_ap" else None,
                           results, vulcan=vulcan, later=later)
    return FireResult(order.squad, tuple(results), tuple(locations), tuple(dice.log[start:]), units)


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
            sheet, rep = apply_internal_damage(u.sheet, dice, velocity=u.velocity, turn=turn)
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
                 map_for: MapFor | None = None, vulcan: VulcanPolicy | None = E25_POLICY) -> PhaseResult:
    """Painting (declared and resolved, `paints` = (painter, target) pairs), then weapons fire declared in the given
    order, resolved one firing unit at a time, then internal damage and infantry losses (CEN-SEQ-1, CEN-SEQ-3).
    Declarations: a vehicle's (firer, attacks, turret facing or None) or its `FirePlan` already declared (kept as
    it is, e.g. with a pop-up term, VAR-INIT), or a squad's `SquadOrder`. A squad that
    painted does nothing else this turn (book-a 7.3). `map_for(firer, target)`: the map that pair sees, when units
    stand in part of a hex (VAR-OCCUPY); by default `battlemap` for every shot.

    Every declaration is checked against the state at the start of the resolution (all are made before any is
    resolved); a refused one is reported and nothing of it happens. `vulcan`: the Vulcan owners' choices
    (book-a 15.2, E25), told how many attackers with missiles are still to fire at their vehicle.
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
                plans.append((d, declare_squad_fire(bm, units, d, rules=rules), bm))
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
