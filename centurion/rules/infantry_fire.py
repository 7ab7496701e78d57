"""Infantry combat: personal weapons, TVLGs, mortars, close assault, casualties, riders (CEN-CMB-1, book-a §16).

A squad's one Combat-Phase action is data (`SquadAction`), checked by `squad_fire` into a
`SquadAttack` (attacks, to-hit breakdown, and the effect of a hit: a damage template against a
vehicle or building, applied by the damage rules, or a row of the Infantry Damage Table against
infantry) or refused with the rule. `casualty_roll` rolls the losses of a hit with their exact odds.
Losses are recorded at once but take effect after all fire (CEN-SEQ-3); a squad is destroyed once
5 of its men are killed (book-a §14.1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..data import BattleMap, terrain_table
from ..data.infantry_damage import CasualtyTable, SquadStrength, casualty_table
from ..dice import Dice, Roll
from ..hexgrid import Hex, distance
from .fire import base_roll, base_to_hit, smoke_modifier, to_hit
from .grav import Refusal
from .hooks import BasicRules, rules_of
from .inputs import whole
from .rolls import TargetRoll
from .sight import line_of_sight
from .targets import TargetView, gauss_calibre, infantry_paint, weapon_family

RULE = "CEN-CMB-1"
SQUAD_MEN = 8
DESTROYED_AT_KILLED = 5
PERSONAL_RANGE = 3
TVLG_RANGE = 6
MORTAR_RANGE = 20
AP_LASER_RANGE = 3
#: the damage template a mortar bomb uses against a vehicle or a building (book-a §16.5)
MORTAR_TEMPLATE = "IWF7"
#: close assault: the attacker picks any location but the bottom; by default the weakest shield
ASSAULT_LOCATIONS = ("stern", "left", "right", "turret", "front")
#: Infantry Damage Table row of each Gauss calibre (book-a §16.6: 200mm 20, 150mm 15, 100mm 10, 50mm 7, 25mm 3)
GAUSS_ROWS = {200: "20", 150: "15", 100: "10", 50: "7", 25: "3"}
ACTIONS = ("personal", "tvlg", "mortar", "mortar_indirect", "mortar_ap", "paint")


def infantry_casualties(row: int | str, modified_roll: int, *, table: CasualtyTable | None = None) -> int:
    """Men killed by a hit: row by weapon damage or IWF9..IWF1, mortar, ...; roll clamped to -1..10 (book-a §16.6)."""
    return (table or casualty_table()).killed(row, modified_roll)


def squad_strength(men: int, *, table: CasualtyTable | None = None) -> SquadStrength | None:
    """The IWF template, TVLGs and mortars of a squad of `men` (None when no one is left) (book-a §16.3)."""
    if isinstance(men, bool) or not isinstance(men, int) or not 0 <= men <= SQUAD_MEN:
        raise ValueError(f"{RULE}: a squad has 0 to {SQUAD_MEN} men, got {men!r}")
    return (table or casualty_table()).strength.get(men)


def tvlgs_available(men: int, tvlgs_left: int | None) -> int:
    """The TVLGs a TVLG squad of `men` can still fire: those its men bear (the last 4 men, book-a §16.3-16.4), no
    more than the rounds it has left (`tvlgs_left`, None: a full load)."""
    strength = squad_strength(men)
    bearers = strength.tvlgs if strength is not None else 0
    return bearers if tvlgs_left is None else min(bearers, tvlgs_left)


def personal_weapon_attacks(moved: bool, same_hex: bool = False) -> int:
    """Personal-weapon attacks this turn: 1 if the squad moved, 2 if not, 3 if not and in the target's hex (§16.3)."""
    if not isinstance(moved, bool) or not isinstance(same_hex, bool):
        raise ValueError(f"{RULE}: moved and same_hex are true or false, got {moved!r}, {same_hex!r}")
    if moved:
        return 1
    return 3 if same_hex else 2


def casualty_row(weapon: object) -> str:
    """The Infantry Damage Table row of a vehicle weapon: its laser damage, cannon size or special row (§16.6)."""
    fam = weapon_family(weapon)  # type: ignore[arg-type]
    t = getattr(weapon, "type", str(weapon))
    if fam == "ap_laser":
        return "ap_laser"
    if fam == "laser":
        return casualty_table().row_key(int(str(weapon.damage)))  # type: ignore[attr-defined]
    if fam == "mdc":
        return casualty_table().row_key(int("".join(ch for ch in t if ch.isdigit())))
    if fam == "gauss":
        cal = gauss_calibre(weapon)  # type: ignore[arg-type]
        if cal not in GAUSS_ROWS:
            raise ValueError(f"{RULE}: no Infantry Damage Table row for a {cal}mm Gauss cannon")
        return casualty_table().row_key(GAUSS_ROWS[cal])
    raise ValueError(f"{RULE}: {t} does not attack infantry (missiles never do, book-a §8.3)")


def terrain_casualty_modifier(battlemap: BattleMap, hex_: Hex, *, crater: bool = False) -> list[tuple[str, int, str]]:
    """Terms added to the casualties roll: the hex's terrain modifier (smoke counting as heavy woods, book-b §10.3,
    as it does for a vehicle's to-hit), and the crater's if the squad is in one (book-a 16.6)."""
    cell = battlemap[hex_]
    terrain = cell.movement_terrain
    mod = terrain_table()[terrain].combat_modifier or 0
    out = [(f"squad in {terrain.replace('_', ' ')}", mod, "CEN-TER-1")]
    smoke = terrain_table()["heavy_woods"].combat_modifier
    if "smoke" in cell.counters and smoke is not None and smoke < mod:  # not on top of woods: the lower one
        out.append(("smoke in the hex counts as heavy woods (book-b §10.3)", smoke - mod, "CEN-TER-1"))
    if crater:
        out.append(("squad in a crater", -2, "CEN-CRT-1"))
    return out


@dataclass(frozen=True)
class CasualtyResult:
    """A casualties roll: the d10, the terms added, the modified roll, the row and the men killed (§16.6)."""

    row: str
    roll: Roll
    terms: tuple[tuple[str, int, str], ...]
    modified: int
    killed: int
    odds: dict[int, Fraction]


def casualty_odds(row: int | str, modifier: int = 0) -> dict[int, Fraction]:
    """Exact chance of each number of men killed by a hit on this row with this modifier (d10 + modifier)."""
    out: dict[int, Fraction] = {}
    for face in range(1, 11):
        k = infantry_casualties(row, face + modifier)
        out[k] = out.get(k, Fraction(0)) + Fraction(1, 10)
    return out


def casualty_roll(dice: Dice, row: int | str, terms: list[tuple[str, int, str]] | tuple = ()) -> CasualtyResult:
    """Roll the casualties of one hit on infantry: d10 + terms, read on the row (book-a §16.6)."""
    key = casualty_table().row_key(row)
    mod = sum(t[1] for t in terms)
    roll = dice.roll("d10", purpose=f"infantry casualties, row {key} (modifier {mod:+d})", rule=RULE)
    modified = roll.result + mod
    return CasualtyResult(key, roll, tuple(terms), modified, infantry_casualties(key, modified),
                          casualty_odds(key, mod))


@dataclass(frozen=True)
class SquadView:
    """A squad as the fire rules see it (CEN-CMB-1): where, men left, TVLG or mortar squad, what it did."""

    key: str
    hex: Hex
    men: int = SQUAD_MEN
    kind: str = "tvlg"
    moved: bool = False
    mounted: bool = False
    concealed: bool = False
    level: int | None = None
    tvlgs_left: int | None = None


@dataclass(frozen=True)
class SquadAction:
    """A squad's declared action: personal weapons, TVLGs (how many), mortars (direct, indirect, AP) or paint."""

    action: str
    target: TargetView | None = None
    count: int | None = None
    location: str | None = None  # close assault: the location attacked (not the bottom)
    target_hex: Hex | None = None  # AP mortar round: the hex
    observed: bool = False  # AP mortar round: a friendly unit sees the hex


@dataclass(frozen=True)
class SquadAttack:
    """A checked squad action: how many attacks, each at this to-hit, and what a hit does (book-a §16)."""

    squad: SquadView
    action: str
    range: int
    attacks: int
    to_hit: TargetRoll
    template: str | None = None  # vs a vehicle or a building: the damage template (damage rules)
    casualty_row: str | None = None  # vs infantry: the Infantry Damage Table row
    side: str = ""  # the side or location struck on a vehicle
    close_assault: bool = False
    indirect: bool = False


def _attack_side(target: TargetView, squad_hex: Hex) -> str:
    from .fire import attack_side

    return attack_side(target.hex, target.facing, squad_hex, shields=dict(target.shields) or None)


def squad_fire(battlemap: BattleMap, squad: SquadView, act: SquadAction,
               rules: BasicRules | None = None, *, smoke: bool = True) -> SquadAttack | Refusal:
    """Check a squad's action against the rules; a `SquadAttack` or a `Refusal` naming the rule (book-a §16).
    `rules` (the basic rules by default): its `to_hit_terms` hook may change an attack or a paint at a vehicle
    like every other weapon's (VAR-SPEEDMOD, docs/decisions.md). `smoke`: smoke in a vehicle's hex counts as heavy
    woods against the squad's weapons too (book-b §10.3; off only for a game under rules editions 1-3)."""
    out = _squad_fire(battlemap, squad, act, smoke)
    if isinstance(out, Refusal) or act.target is None:
        return out
    return replace(out, to_hit=rules_of(rules).to_hit_terms(out.to_hit, act.target))


def _squad_fire(battlemap: BattleMap, squad: SquadView, act: SquadAction, smoke: bool = True
                ) -> SquadAttack | Refusal:
    if act.action not in ACTIONS:
        return Refusal(RULE, f"a squad's action is one of {', '.join(ACTIONS)}, got {act.action!r}")
    if squad.mounted:
        return Refusal("CEN-MNT-1", "a mounted squad rides and does not fire")
    if squad.concealed:
        return Refusal(RULE, "a concealed squad cannot fire or paint until it reactivates (book-a §16.7)")
    strength = squad_strength(squad.men)
    if strength is None:
        return Refusal(RULE, "the squad has no men left")
    if act.action == "paint":
        if act.target is None:
            return Refusal(RULE, "painting needs a target")
        p = infantry_paint(battlemap, squad.hex, squad.men, act.target, squad_key=squad.key, level=squad.level)
        if isinstance(p, Refusal):
            return p
        return SquadAttack(squad, "paint", p.range, 1, p.to_hit, side=p.side)
    if act.action == "mortar_ap":
        return _mortar_ap(battlemap, squad, act, strength)
    tgt = act.target
    if tgt is None:
        return Refusal(RULE, f"{act.action}: name a target")
    if tgt.hex not in battlemap:
        return Refusal("HEX-4", "the target is off the map")
    if tgt.kind == "infantry" and tgt.in_building:
        return Refusal(RULE, "infantry inside a building cannot be attacked, only the building (book-a §10.3)")
    rng = distance(squad.hex, tgt.hex)
    smoked = smoke and "smoke" in battlemap[tgt.hex].counters  # as heavy woods against it (book-b §10.3)
    indirect = False
    if act.action == "mortar_indirect":
        if squad.kind != "mortar":
            return Refusal(RULE, "only a mortar squad fires mortars (book-a §16.5)")
        if not tgt.painted:
            return Refusal(RULE, "indirect mortar fire needs a target painted by a friendly unit this turn (§16.5)")
        indirect = True
    else:
        sight = line_of_sight(battlemap, squad.hex, tgt.hex, level_a=squad.level, level_b=tgt.level)
        if not sight.seen:
            return Refusal("CEN-LOS-1", f"no line of sight: {sight.reason} (infantry fire needs sight)")

    if act.action == "personal":
        if rng > PERSONAL_RANGE:
            return Refusal(RULE, f"personal weapons reach {PERSONAL_RANGE} hexes; the target is at {rng}")
        n = personal_weapon_attacks(squad.moved, rng == 0)
        if tgt.kind == "infantry":
            roll = _versus_infantry(rng)
            return SquadAttack(squad, "personal", rng, n, roll, casualty_row=strength.template)
        if tgt.kind == "building":
            return SquadAttack(squad, "personal", rng, n, _versus_infantry(rng, building=True),
                               template=strength.template)
        if rng == 0:
            return _close_assault(squad, act, tgt, n, strength)
        side = _attack_side(tgt, squad.hex)
        roll = to_hit(rng, weapon="laser", shield_factor=int(tgt.shields.get(side, 0)),
                      terrain=battlemap[tgt.hex].movement_terrain, crater=tgt.crater, painted=tgt.painted,
                      shield_side=side,  # painting negates the shield for infantry fire too (book-a §10.2)
                      smoke=smoked)  # book-b §10.3 (session 53's audit)
        return SquadAttack(squad, "personal", rng, n, roll, template=strength.template, side=side)

    if act.action == "tvlg":
        if squad.kind != "tvlg":
            return Refusal(RULE, "only a TVLG squad fires TVLGs (book-a §16.4)")
        if tgt.kind == "infantry":
            return Refusal(RULE, "missiles never fire at infantry (book-a §8.3)")
        avail = tvlgs_available(squad.men, squad.tvlgs_left)
        count = avail if act.count is None else act.count
        if not isinstance(count, int) or not 1 <= count <= avail:
            return Refusal(RULE, f"the squad can fire 1 to {avail} TVLG(s) now (book-a §16.3, §16.4), not {count!r}")
        if rng > TVLG_RANGE:
            return Refusal(RULE, f"a TVLG reaches {TVLG_RANGE} hexes; the target is at {rng}")
        if tgt.kind == "building":
            return SquadAttack(squad, "tvlg", rng, count, _versus_infantry(rng, building=True), template="TVLG")
        side = _attack_side(tgt, squad.hex)
        roll = to_hit(rng, weapon="missile", shield_factor=int(tgt.shields.get(side, 0)),
                      terrain=battlemap[tgt.hex].movement_terrain, crater=tgt.crater, painted=tgt.painted,
                      shield_side=side, smoke=smoked)
        return SquadAttack(squad, "tvlg", rng, count, roll, template="TVLG", side=side)

    # mortars, direct or indirect
    if squad.kind != "mortar":
        return Refusal(RULE, "only a mortar squad fires mortars (book-a §16.5)")
    avail = strength.mortars
    count = avail if act.count is None else act.count
    if avail == 0:
        return Refusal(RULE, f"{squad.men} men cannot serve a mortar (3 men a mortar, book-a §16.3)")
    if not isinstance(count, int) or not 1 <= count <= avail:
        return Refusal(RULE, f"the squad can fire 1 to {avail} mortar(s) now, not {count!r}")
    if rng > MORTAR_RANGE:
        return Refusal(RULE, f"a mortar reaches {MORTAR_RANGE} hexes; the target is at {rng}")
    if tgt.kind == "infantry":
        roll = _versus_infantry(rng)
        return SquadAttack(squad, act.action, rng, count, roll, casualty_row="mortar", indirect=indirect)
    if tgt.kind == "building":
        return SquadAttack(squad, act.action, rng, count, _versus_infantry(rng, building=True),
                           template=MORTAR_TEMPLATE, indirect=indirect)
    side = _attack_side(tgt, squad.hex)
    terrain = battlemap[tgt.hex].movement_terrain
    roll = _base(rng).plus("shield: not against a mortar (book-a §16.5)", 0, RULE)
    tmod = terrain_table()[terrain].combat_modifier or 0
    roll = roll.plus(f"target in {terrain.replace('_', ' ')}", tmod, "CEN-TER-1")
    if smoked and (thicker := smoke_modifier(tmod)):
        roll = roll.plus("smoke in the target hex counts as heavy woods (book-b §10.3)", thicker, "CEN-TER-1")
    if tgt.crater:
        roll = roll.plus("target hull down in a crater", -2, "CEN-CRT-1")
    if indirect:
        roll = roll.plus("indirect fire at a painted target, no line of sight", 0, RULE)
    return SquadAttack(squad, act.action, rng, count, roll, template=MORTAR_TEMPLATE, side=side, indirect=indirect)


def _base(rng: int) -> TargetRoll:
    base = base_to_hit(rng)
    if base is None:
        return TargetRoll.refused(RULE, f"range {rng} is beyond 20 hexes")
    return base_roll(rng, base)


def _versus_infantry(rng: int, *, building: bool = False) -> TargetRoll:
    why = "a building (book-b §2.4)" if building else "dismounted infantry (book-a §10.3)"
    return _base(rng).plus(f"no terrain or shield modifier against {why}", 0, RULE)


def _close_assault(squad: SquadView, act: SquadAction, tgt: TargetView, n: int,
                   strength: SquadStrength) -> SquadAttack | Refusal:
    """Same hex: pick any location but the bottom; all terrain and craters ignored (book-a §14.2, §16.3)."""
    def shield(loc: str) -> int:
        return int(tgt.shields.get("front" if loc == "turret" else loc, 0))

    loc = act.location or min(ASSAULT_LOCATIONS, key=lambda x: (shield(x), ASSAULT_LOCATIONS.index(x)))
    if loc not in ASSAULT_LOCATIONS:
        return Refusal(RULE, f"close assault picks front, left, right, stern or turret (never the bottom), "
                       f"got {loc!r}")
    roll = TargetRoll.of("base, same hex (counts as range 1)", 12, RULE)
    if tgt.painted:  # painting negates the shield for infantry fire, close assault included (book-a §10.2)
        roll = roll.plus(f"{loc} shield ignored: target painted", 0, RULE)
    else:
        roll = roll.plus(f"{loc} shield factor {shield(loc)}", -shield(loc), RULE)
    roll = roll.plus("close assault: terrain and craters ignored", 0, RULE)
    return SquadAttack(squad, "personal", 0, n, roll, template=strength.template, side=loc, close_assault=True)


def _mortar_ap(battlemap: BattleMap, squad: SquadView, act: SquadAction,
               strength: SquadStrength) -> SquadAttack | Refusal:
    """The AP mortar round: any friendly observer with sight of the hex; no shield or terrain; mortar row (§16.5)."""
    if squad.kind != "mortar":
        return Refusal(RULE, "only a mortar squad fires mortars (book-a §16.5)")
    if strength.mortars == 0:
        return Refusal(RULE, f"{squad.men} men cannot serve a mortar (book-a §16.3)")
    h = act.target_hex or (act.target.hex if act.target else None)
    if h is None or h not in battlemap:
        return Refusal(RULE, "the AP round is fired at a hex of the map")
    rng = distance(squad.hex, h)
    if rng > MORTAR_RANGE:
        return Refusal(RULE, f"a mortar reaches {MORTAR_RANGE} hexes; the hex is at {rng}")
    if not (act.observed or line_of_sight(battlemap, squad.hex, h, level_a=squad.level).seen):
        return Refusal("CEN-LOS-1", "the AP round needs a friendly unit that sees the hex (book-a §16.5)")
    count = strength.mortars if act.count is None else act.count
    if not isinstance(count, int) or not 1 <= count <= strength.mortars:
        return Refusal(RULE, f"the squad can fire 1 to {strength.mortars} mortar(s) now, not {count!r}")
    roll = _base(rng).plus("AP round: no shield or terrain modifier (book-a §16.5)", 0, RULE)
    return SquadAttack(squad, "mortar_ap", rng, count, roll, casualty_row="mortar")


# --- losses ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SquadLosses:
    """A squad after its losses of the turn are applied (after all fire, CEN-SEQ-3)."""

    men: int
    killed: int
    destroyed: bool


def apply_losses(men: int, losses: int | list[int] | tuple[int, ...], *, started_with: int = SQUAD_MEN
                 ) -> SquadLosses:
    """Apply the turn's recorded losses: a squad is destroyed once 5 of its men are killed (book-a §14.1).

    `started_with`: the squad's men at the start of the battle; men it never had are not killed.
    """
    whole(men, RULE, "men", 0, SQUAD_MEN)
    whole(started_with, RULE, "started_with", 1, SQUAD_MEN)
    for n in (losses if isinstance(losses, (list, tuple)) else (losses,)):
        whole(n, RULE, "losses", 0)
    total = sum(losses) if isinstance(losses, (list, tuple)) else losses
    if total < 0 or not 0 <= men <= started_with <= SQUAD_MEN:
        raise ValueError(f"{RULE}: bad squad losses: {men} men of {started_with}, {total} killed")
    left = max(0, men - total)
    killed = started_with - left
    destroyed = left == 0 or killed >= DESTROYED_AT_KILLED
    return SquadLosses(0 if destroyed else left, killed, destroyed)


def rider_losses(dice: Dice, *, hits: int = 1, forced_grounding: bool = False) -> tuple[Roll, ...]:
    """Men killed among a squad riding outside: a d10 each time the vehicle is hit or takes grounding damage;
    a hit that forces a grounding rolls twice (book-a §16.2). Each roll's result is the men killed."""
    n = hits + (1 if forced_grounding else 0)
    return tuple(dice.roll("d10", purpose="squad riding outside: men killed", rule=RULE) for _ in range(n))
