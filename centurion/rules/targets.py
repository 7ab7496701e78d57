"""Arcs, targets and fire declarations of a vehicle: checked into attacks with their to-hit, or refused (CEN-CMB-1).

Book-a §7, §8, §10.3, §14.2. A declaration is data (`Attack`s against `TargetView`s); `declare_fire`
checks it against the rules and returns a `FirePlan` (each attack with range, the side struck and its
to-hit breakdown) or a `Refusal` naming the rule. Nothing is changed either way. Vehicles are read
through small protocols (a weapon needs `type`, `location`, `range`), so record sheets of any shape fit.

* hull weapons (Hull 1, Hull 2) fire into the forward arc only; turret weapons into the arc of the
  turret's hexside, rotated to any of the six in the Combat Phase;
* two targets at most: every direct-fire weapon (laser, MDC, Gauss) at one, the missiles at that one or
  at one other (E17); the AP laser is outside that limit and fires at infantry only;
* missiles: at most 1 SMLM and 2 TVLG a vehicle a turn, whatever the launchers; never at infantry;
  without line of sight only at a target painted this turn (indirect fire, E24), still within the arc;
* Gauss shells: HEAP, APDS, Hammerhead (not 150 or 200 mm), anti-personnel (infantry only);
* range: no fire beyond a weapon's maximum; the same hex counts as range 1;
* arcs (HEX-4): a target on a wedge boundary (a spine) is in both wedges, so a weapon bears when either is its
  arc and the defender picks which of the two sides is struck; two units in one hex read arcs and sides as if
  the one that came in later still stood in the hex it entered from (book-a §14.2, `entered`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from ..data import BattleMap
from ..hexgrid import Hex, arcs, distance, facing_between, format_label, neighbor
from .fire import attack_side, attack_sides, to_hit, to_hit_bare
from .grav import Refusal
from .hooks import BasicRules, SalvoWeapon, rules_of
from .rolls import TargetRoll
from .sight import Sight, line_of_sight

RULE = "CEN-CMB-1"
DIRECT = frozenset({"laser", "mdc", "gauss"})
SHELLS = ("HEAP", "APDS", "Hammerhead", "AP")
#: missiles a vehicle may fire in one turn, whatever its launchers (book-a §8.3)
MISSILE_LIMITS: Mapping[str, int] = {"SMLM": 1, "TVLG": 2}
HULL = ("hull 1", "hull 2")
#: the to-hit row of each weapon family: the AP laser takes shields like a laser (it only meets infantry)
TO_HIT_KIND = {"laser": "laser", "mdc": "mdc", "gauss": "gauss", "missile": "missile", "painting": "painting",
               "ap_laser": "laser"}


class WeaponLike(Protocol):
    """What the fire rules read from a record-sheet weapon."""

    type: str
    location: str
    range: int


def weapon_family(weapon: WeaponLike | str) -> str:
    """The weapon family (laser, mdc, gauss, missile, ap_laser, vulcan, ...) from its type (CEN-REC-1)."""
    fam = getattr(weapon, "family", None)
    if fam:
        return str(fam)
    t = (weapon if isinstance(weapon, str) else weapon.type).lower()
    if "ap laser" in t:
        return "ap_laser"
    if "laser" in t:
        return "laser"
    if "mdc" in t:
        return "mdc"
    if "gauss" in t:
        return "gauss"
    if "smlm" in t or "tvlg" in t:
        return "missile"
    if "vulcan" in t:
        return "vulcan"
    if "iwf" in t:
        return "infantry"
    if "gpa" in t or "gpe" in t:
        return "artillery"
    if "engineer" in t:
        return "engineering"
    raise ValueError(f"CEN-REC-1: cannot tell what kind of weapon {t!r} is")


def missile_kind(weapon: WeaponLike) -> str | None:
    """SMLM or TVLG for a missile launcher, else None."""
    t = weapon.type.upper()
    return "SMLM" if "SMLM" in t else ("TVLG" if "TVLG" in t else None)


def gauss_calibre(weapon: WeaponLike) -> int | None:
    """The calibre in mm of a Gauss cannon ('150mm Gauss' -> 150)."""
    cal = getattr(weapon, "calibre", None)
    if cal:
        return int(cal)
    m = re.search(r"(\d+)\s*mm", weapon.type)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class TargetView:
    """A possible target as the fire rules see it (CEN-CMB-1).

    kind: vehicle, infantry (dismounted squad) or building. shields: factor per side (front, left,
    right, stern, bottom); none for ground vehicles. crater: hull down in a crater. painted: painted by
    a friendly unit this turn. in_building: infantry inside a building (not a target, book-a §10.3).
    entered: the hexside 0-5 (HEX-3) of its hex it crossed coming in while the enemy already stood there (the
    same hex, book-a §14.2); None when it did not (or it is not known).
    """

    key: str
    hex: Hex
    facing: int = 0
    kind: str = "vehicle"
    shields: Mapping[str, int] = field(default_factory=dict)
    crater: bool = False
    painted: bool = False
    in_building: bool = False
    level: int | None = None
    submerged: bool = False
    velocity: int = 0  # read only by the variant speed modifier (VAR-SPEEDMOD)
    entered: int | None = None  # the hexside it came in by, into a hex an enemy held (book-a §14.2)


@dataclass(frozen=True)
class FirerView:
    """A vehicle about to fire (CEN-CMB-1): where, which way, its weapons, Targ boxes lost, missiles left.

    entered: as `TargetView.entered`, the hexside it came in by into a hex an enemy held (book-a §14.2).
    """

    key: str
    hex: Hex
    facing: int
    weapons: Sequence[WeaponLike]
    targeting_lost: int = 0
    missiles_left: Mapping[str, int] | None = None
    level: int | None = None
    entered: int | None = None


@dataclass(frozen=True)
class Attack:
    """One weapon's declared attack: weapon index on the sheet, target key, Gauss shell, missiles fired."""

    weapon: int
    target: str
    shell: str | None = None
    missiles: int = 1
    salvo: int = 0  # VAR-SALVO: attacks with the same non-zero number fire as one salvo (one roll for all)


@dataclass(frozen=True)
class ResolvedAttack:
    """A checked attack: range, the side struck (and the defender's options), line of sight, to-hit (CEN-CMB-1)."""

    attack: Attack
    weapon: WeaponLike
    family: str
    target: TargetView
    range: int
    side: str
    side_options: tuple[str, ...]
    sight: Sight
    indirect: bool
    to_hit: TargetRoll


@dataclass(frozen=True)
class FirePlan:
    """A vehicle's checked attacks for the turn, in the declared order (CEN-CMB-1, CEN-SEQ-3)."""

    firer: FirerView
    turret_facing: int
    attacks: tuple[ResolvedAttack, ...]
    salvos: tuple[tuple[int, ...], ...] = ()  # VAR-SALVO: indices into `attacks` that fire as one salvo

    @property
    def targets(self) -> tuple[str, ...]:
        """The targets engaged, in order of first mention."""
        return tuple(dict.fromkeys(a.target.key for a in self.attacks))


def in_arc(location: str, vehicle_facing: int, turret_facing: int, shooter: Hex, target: Hex) -> bool:
    """Whether a weapon at `location` bears on `target`: the hull's or the turret's forward arc (CEN-CMB-1, HEX-4).

    A target exactly on the arc's edge (a spine) lies in both wedges, so it is inside (HEX-4: the defender then
    picks the side struck, never escapes the arc). A target in the same hex is in every arc when nothing says how
    the units came in; `arc_positions` first moves the later one back to the hex it entered from (book-a §14.2).
    """
    if shooter == target:
        return True
    facing = turret_facing if location == "turret" else vehicle_facing
    return 0 in arcs(shooter, facing % 6, target)


def turret_toward(firer: FirerView, target: TargetView) -> int:
    """The turret facing that brings the target into the turret's arc, read from the hexes `arc_positions` gives
    (in one hex the later unit counts from the hex it came from, book-a §14.2); the hull's facing when none does.
    A turret turns all round (book-a 8.2), so a target in the firer's own hex is always in reach of it (walk 34:
    a squad in the tank's hex was said to lie outside the turret's arc)."""
    try:
        shooter, aim = arc_positions(firer.hex, firer.entered, target.hex, target.entered)
    except ValueError:
        shooter, aim = firer.hex, target.hex
    return next((f for f in range(6) if in_arc("turret", firer.facing, f, shooter, aim)), firer.facing)


def arc_positions(firer_hex: Hex, firer_entered: int | None, target_hex: Hex, target_entered: int | None
                  ) -> tuple[Hex, Hex]:
    """(firer, target) hexes to read arcs and sides from (book-a §14.2): in one hex the unit that came in later
    counts as still in the hex it entered from, across its `entered` hexside; unknown (neither or both) leaves
    them in one hex (every arc, the defender picks among the four sides)."""
    for e in (firer_entered, target_entered):
        if e is not None and (isinstance(e, bool) or not isinstance(e, int) or not 0 <= e <= 5):
            raise ValueError(f"HEX-3: the hexside a unit entered by is 0-5, got {e!r} (book-a §14.2)")
    if firer_hex != target_hex or (firer_entered is None) == (target_entered is None):
        return firer_hex, target_hex
    if firer_entered is not None:
        return neighbor(firer_hex, firer_entered), target_hex
    return firer_hex, neighbor(target_hex, target_entered)  # type: ignore[arg-type]


def _shield_factor(target: TargetView, side: str) -> int:
    return int(target.shields.get(side, 0))


def attack_to_hit(battlemap: BattleMap, family: str, rng: int, target: TargetView, side: str, *,
                  targeting_lost: int = 0, rules: BasicRules | None = None) -> TargetRoll:
    """The to-hit of one attack on a target as the rules treat it: vehicle, infantry or building (CEN-CMB-1).

    `rules` (the basic rules by default) may add terms through its `to_hit_terms` hook (VAR-SPEEDMOD).
    """
    roll = _basic_attack_to_hit(battlemap, family, rng, target, side, targeting_lost=targeting_lost)
    return rules_of(rules).to_hit_terms(roll, target)


def _basic_attack_to_hit(battlemap: BattleMap, family: str, rng: int, target: TargetView, side: str, *,
                         targeting_lost: int = 0) -> TargetRoll:
    weapon = TO_HIT_KIND[family]
    cell = battlemap[target.hex]
    if target.kind in ("infantry", "building"):
        # no terrain and no shield modifiers against dismounted infantry or buildings (book-a §10.3, book-b §2.4)
        why = "dismounted infantry" if target.kind == "infantry" else "a building"
        return to_hit_bare(rng, why=why, targeting_lost=targeting_lost)
    return to_hit(rng, weapon=weapon, shield_factor=_shield_factor(target, side), terrain=cell.movement_terrain,
                  crater=target.crater, painted=target.painted, targeting_lost=targeting_lost, shield_side=side,
                  smoke="smoke" in cell.counters)


def declare_fire(battlemap: BattleMap, firer: FirerView, attacks: Sequence[Attack],
                 targets: Mapping[str, TargetView] | Sequence[TargetView], *, turret_facing: int | None = None,
                 missiles_fired: Mapping[str, int] | None = None, opportunity: bool = False,
                 rules: BasicRules | None = None) -> FirePlan | Refusal:
    """Check one vehicle's declared attacks: arcs, targets, ranges, sight, shells, missile limits (CEN-CMB-1).

    `rules`: the game's variant rule set (default: none): VAR-SPEEDMOD changes the to-hit, VAR-SALVO checks
    attacks declared with the same `Attack.salvo` number as one salvo (`declare_salvo`).

    `turret_facing`: the hexside the turret is turned to this Combat Phase (default: the hull's facing).
    `missiles_fired`: missiles of each kind already fired this turn (e.g. by opportunity fire).
    Returns a `FirePlan` or a `Refusal` naming the broken rule; nothing is changed.
    """
    tmap = dict(targets) if isinstance(targets, Mapping) else {t.key: t for t in targets}
    tf = firer.facing if turret_facing is None else turret_facing
    if not isinstance(tf, int) or not 0 <= tf <= 5:
        return Refusal(RULE, f"the turret turns to one of the six hexsides 0-5, got {tf!r}")
    if firer.hex not in battlemap:
        return Refusal("HEX-4", f"the firer's hex {firer.hex!r} is off the map")
    fired = dict(missiles_fired or {})
    left = dict(firer.missiles_left) if firer.missiles_left is not None else None
    direct_target: str | None = None
    missile_target: str | None = None
    used: set[int] = set()
    sides: dict[str, tuple[tuple[str, ...], str]] = {}  # by target: the sides it may be hit on, the one it is
    out: list[ResolvedAttack] = []
    for n, atk in enumerate(attacks, start=1):
        where = f"attack {n}"
        if not isinstance(atk.weapon, int) or not 0 <= atk.weapon < len(firer.weapons):
            return Refusal(RULE, f"{where}: no weapon {atk.weapon!r} on the sheet (0-{len(firer.weapons) - 1})", n)
        if atk.weapon in used:
            return Refusal(RULE, f"{where}: weapon {atk.weapon + 1} ({firer.weapons[atk.weapon].type}) already "
                           "fires this turn", n)  # numbered from 1, as the record sheet and the pages show them
        used.add(atk.weapon)
        w = firer.weapons[atk.weapon]
        fam = weapon_family(w)
        name = f"{where} ({w.type})"
        if fam not in DIRECT | {"missile", "ap_laser"}:
            return Refusal(RULE, f"{name}: this weapon makes no attack of its own", n)
        if atk.target not in tmap:
            return Refusal(RULE, f"{name}: no target {atk.target!r}", n)
        tgt = tmap[atk.target]
        if tgt.hex not in battlemap:
            return Refusal("HEX-4", f"{name}: the target is off the map", n)
        if tgt.submerged:
            return Refusal("CEN-GRD-2", f"{name}: a vehicle under water cannot be fired on", n)
        if tgt.kind == "infantry" and tgt.in_building:
            return Refusal(RULE, f"{name}: infantry inside a building cannot be attacked, only the building "
                           "(book-a §10.3)", n)
        # weapon against target kind
        if fam == "missile" and tgt.kind == "infantry":
            return Refusal(RULE, f"{name}: missiles never fire at infantry (book-a §8.3)", n)
        if fam == "ap_laser" and tgt.kind != "infantry":
            return Refusal(RULE, f"{name}: the AP laser kills infantry only (book-a §15.1)", n)
        if fam == "gauss":
            if atk.shell not in SHELLS:
                return Refusal(RULE, f"{name}: declare the shell before firing: one of {', '.join(SHELLS)}", n)
            cal = gauss_calibre(w)
            if atk.shell == "Hammerhead" and cal in (150, 200):
                return Refusal(RULE, f"{name}: no Hammerhead shell for a {cal}mm Gauss cannon (book-a §8.3)", n)
            if atk.shell == "AP" and tgt.kind != "infantry":
                return Refusal(RULE, f"{name}: the anti-personnel shell is for infantry only (book-a §8.3)", n)
        elif atk.shell is not None:
            return Refusal(RULE, f"{name}: only a Gauss cannon fires shells", n)
        # range
        rng = distance(firer.hex, tgt.hex)
        if rng > w.range:
            return Refusal(RULE, f"{name}: range {rng} is beyond its maximum of {w.range} hexes", n)
        # arc (a spine: both wedges; one hex: as the later unit came in, book-a §14.2)
        try:
            shooter, aim = arc_positions(firer.hex, firer.entered, tgt.hex, tgt.entered)
        except ValueError as exc:
            return Refusal("HEX-3", f"{name}: {exc}", n)
        if not in_arc(w.location, firer.facing, tf, shooter, aim):
            where_arc = "the turret's" if w.location == "turret" else "the forward (hull)"
            return Refusal(RULE, f"{name}: {format_label(tgt.hex)} is outside {where_arc} arc", n)
        # two targets at most: direct fire at one, missiles at that one or one other (E17)
        if fam in DIRECT:
            if direct_target is not None and direct_target != tgt.key:
                return Refusal(RULE, f"{name}: every direct-fire weapon fires at one target ({direct_target})", n)
            direct_target = tgt.key
        if fam == "missile":
            if missile_target is not None and missile_target != tgt.key:
                return Refusal(RULE, f"{name}: the missiles fire at one target ({missile_target})", n)
            missile_target = tgt.key
            kind = missile_kind(w)
            if not isinstance(atk.missiles, int) or atk.missiles < 1:
                return Refusal(RULE, f"{name}: fire at least one missile", n)
            fired[kind] = fired.get(kind, 0) + atk.missiles
            if fired[kind] > MISSILE_LIMITS[kind]:
                return Refusal(RULE, f"{name}: at most {MISSILE_LIMITS[kind]} {kind} a vehicle a turn "
                               f"(book-a §8.3); this makes {fired[kind]}", n)
            if left is not None:
                left[kind] = left.get(kind, 0) - atk.missiles
                if left[kind] < 0:
                    return Refusal(RULE, f"{name}: no {kind} ammunition left", n)
        # sight; missiles may fire indirectly at a painted target
        sight = line_of_sight(battlemap, firer.hex, tgt.hex, level_a=firer.level, level_b=tgt.level)
        indirect = False
        if not sight.seen:
            if fam == "missile" and tgt.painted and not opportunity:
                indirect = True
            else:
                hint = " (a missile could fire indirectly at a painted target)" if fam == "missile" else ""
                return Refusal("CEN-LOS-1", f"{name}: no line of sight: {sight.reason}{hint}", n)
        if tgt.kind != "vehicle":
            options, side = (), ""
        elif tgt.key in sides:  # the same target: the same sides for every weapon (one firer, one hex)
            options, side = sides[tgt.key]
        else:
            options = attack_sides(aim, tgt.facing, shooter)
            side = attack_side(aim, tgt.facing, shooter, shields=dict(tgt.shields) or None)
            sides[tgt.key] = options, side
        roll = attack_to_hit(battlemap, fam, rng, tgt, side, targeting_lost=firer.targeting_lost, rules=rules)
        if indirect:
            roll = roll.plus("indirect fire at a painted target, no line of sight", 0, RULE)
        out.append(ResolvedAttack(atk, w, fam, tgt, rng, side, options, sight, indirect, roll))
    if opportunity and len(out) and len({a.target.key for a in out}) > 1:
        return Refusal("CEN-OPP-1", "opportunity fire is one attack on one enemy", len(out))
    salvos = check_salvos(out, rules)
    if isinstance(salvos, Refusal):
        return salvos
    return FirePlan(firer, tf, tuple(out), salvos)


def check_salvos(attacks: Sequence[ResolvedAttack], rules: BasicRules | None
                  ) -> tuple[tuple[int, ...], ...] | Refusal:
    """Group attacks declared with the same salvo number and check each group (VAR-SALVO)."""
    groups: dict[int, list[int]] = {}
    for i, ra in enumerate(attacks):
        if ra.attack.salvo:
            groups.setdefault(ra.attack.salvo, []).append(i)
    if not groups:
        return ()
    hooks = rules_of(rules)
    out: list[tuple[int, ...]] = []
    for number, idx in sorted(groups.items()):
        ras = [attacks[i] for i in idx]
        weapons = [SalvoWeapon(ra.weapon.type, ra.family, str(getattr(ra.weapon, "damage", ra.weapon.type)),
                               ra.weapon.location) for ra in ras]
        checked = hooks.declare_salvo(weapons)
        if isinstance(checked, Refusal):
            return Refusal(checked.rule, f"salvo {number}: {checked.reason}", idx[0] + 1)
        if len({ra.target.key for ra in ras}) > 1 or len({ra.to_hit.value for ra in ras}) > 1:
            return Refusal("VAR-SALVO", f"salvo {number}: every mount fires at one target with one to-hit number",
                           idx[0] + 1)
        out.append(tuple(idx))
    return tuple(out)


# --- painting -----------------------------------------------------------------------------------------------

PAINT_RANGE_VEHICLE = 20
PAINT_RANGE_INFANTRY = 6


@dataclass(frozen=True)
class PaintAttempt:
    """A checked painting attempt: range, sight and to-hit (CEN-CMB-1, book-a §7)."""

    painter: str
    target: TargetView
    range: int
    side: str
    sight: Sight
    to_hit: TargetRoll


def vehicle_paint(battlemap: BattleMap, painter: FirerView, target: TargetView, *,
                  opportunity: bool = False, rules: BasicRules | None = None) -> PaintAttempt | Refusal:
    """A vehicle's painting laser: range 20, all round, normal to-hit with the target's shields (book-a §7.1, E16)."""
    if opportunity:
        return Refusal("CEN-OPP-1", "a unit on opportunity fire does not paint")
    rng = distance(painter.hex, target.hex)
    if rng > PAINT_RANGE_VEHICLE:
        return Refusal(RULE, f"painting: range {rng} is beyond {PAINT_RANGE_VEHICLE} hexes")
    sight = line_of_sight(battlemap, painter.hex, target.hex, level_a=painter.level, level_b=target.level)
    if not sight.seen:
        return Refusal("CEN-LOS-1", f"painting needs line of sight: {sight.reason}")
    try:
        shooter, aim = arc_positions(painter.hex, painter.entered, target.hex, target.entered)
    except ValueError as exc:
        return Refusal("HEX-3", f"painting: {exc}")
    side = attack_side(aim, target.facing, shooter, shields=dict(target.shields) or None)
    unpainted = replace(target, painted=False)
    roll = attack_to_hit(battlemap, "painting", rng, unpainted, side, targeting_lost=painter.targeting_lost,
                         rules=rules)
    return PaintAttempt(painter.key, target, rng, side, sight, roll)


def infantry_paint(battlemap: BattleMap, squad_hex: Hex, men: int, target: TargetView, *, squad_key: str = "squad",
                   level: int | None = None, rules: BasicRules | None = None) -> PaintAttempt | Refusal:
    """A squad paints: range 6, sight; succeeds on 9 - casualties (men short of 8), no shields (book-a §7.3, E15);
    the target's speed with VAR-SPEEDMOD (`rules`)."""
    if not isinstance(men, int) or not 1 <= men <= 8:
        return Refusal(RULE, f"a squad paints with 1 to 8 men, got {men!r}")
    rng = distance(squad_hex, target.hex)
    if rng > PAINT_RANGE_INFANTRY:
        return Refusal(RULE, f"infantry painting: range {rng} is beyond {PAINT_RANGE_INFANTRY} hexes (book-a §7.3)")
    sight = line_of_sight(battlemap, squad_hex, target.hex, level_a=level, level_b=target.level)
    if not sight.seen:
        return Refusal("CEN-LOS-1", f"painting needs line of sight: {sight.reason}")
    roll = TargetRoll.of("infantry painting", 9, RULE)
    roll = roll.plus(f"{8 - men} casualties", -(8 - men), RULE).plus("shields ignored by infantry paint", 0, RULE)
    roll = rules_of(rules).to_hit_terms(roll, target)  # VAR-SPEEDMOD
    side = ""
    if target.kind == "vehicle":
        try:
            shooter, aim = arc_positions(squad_hex, None, target.hex, target.entered)
        except ValueError as exc:
            return Refusal("HEX-3", f"infantry painting: {exc}")
        side = attack_side(aim, target.facing, shooter)
    return PaintAttempt(squad_key, target, rng, side, sight, roll)


# --- opportunity fire ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class OpportunityChance:
    """One hex of an enemy's move where the watcher may fire, with the checked attack there (CEN-OPP-1)."""

    step: int
    hex: Hex
    plan: FirePlan


def opportunity_chances(battlemap: BattleMap, watcher: FirerView, attacks: Sequence[Attack], mover: TargetView,
                        path: Sequence[tuple[Hex, int]], *, turret_facing: int | None = None
                        ) -> list[OpportunityChance | tuple[int, Hex, Refusal]]:
    """For each hex (and facing) a mover enters, the watcher's opportunity attack there or why not (CEN-OPP-1).

    The owner picks one entry (one attack a turn); damage then applies at once (12-A's damage rules).
    """
    out: list[OpportunityChance | tuple[int, Hex, Refusal]] = []
    for step, (h, facing) in enumerate(path, start=1):
        came_from = path[step - 2][0] if step > 1 else mover.hex
        entered = facing_between(h, came_from) if h == watcher.hex else None  # into the watcher's hex (§14.2)
        at = TargetView(mover.key, h, facing, mover.kind, mover.shields, False, False, mover.in_building,
                        mover.level, mover.submerged, mover.velocity, entered)
        atks = [Attack(a.weapon, mover.key, a.shell, a.missiles) for a in attacks]
        plan = declare_fire(battlemap, watcher, atks, [at], turret_facing=turret_facing, opportunity=True)
        out.append(OpportunityChance(step, h, plan) if isinstance(plan, FirePlan) else (step, h, plan))
    return out


def firing_arc_hexes(battlemap: BattleMap, shooter: Hex, facing: int, max_range: int) -> frozenset[Hex]:
    """The map hexes in a forward arc within `max_range` (for shading the arc on the map) (CEN-CMB-1)."""
    return frozenset(h for h in battlemap.hexes if h != shooter and distance(shooter, h) <= max_range
                     and 0 in arcs(shooter, facing % 6, h))


def shield_factors(vehicle: object) -> dict[str, int]:
    """Shield factor per side of a record sheet (rating / 10; none for a ground vehicle) (CEN-REC-1)."""
    shields = getattr(vehicle, "shields", {}) or {}
    return {side: int(rating) // 10 for side, rating in shields.items()}
