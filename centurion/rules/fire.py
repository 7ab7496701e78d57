"""To-hit: the base number by range, its modifiers as named terms, the side an attack comes from (CEN-CMB-1, HEX-4).

`to_hit` gives the breakdown (a `TargetRoll`: every term with its rule ID and the
exact chance); `to_hit_number` is the plain number of the public API. Numbers are
book-a §10: base 12/11/10/9/8/7 by range band, minus the target facing's shield
factor (not for Gauss, not once painted), plus the terrain modifier of the target
hex (a crater adds its own -2), minus one per Targ box lost.
"""

from __future__ import annotations

from functools import lru_cache

from ..data import TerrainTable, terrain_table
from ..hexgrid import Hex, arcs
from .inputs import a_hex, whole
from .rolls import TargetRoll

RULE = "CEN-CMB-1"
#: upper range of each band and its base to-hit number (book-a §10.1, Gunnery 4)
RANGE_BANDS: tuple[tuple[int, int], ...] = ((1, 12), (3, 11), (6, 10), (10, 9), (15, 8), (20, 7))
MAX_RANGE = RANGE_BANDS[-1][0]
WEAPON_KINDS = ("laser", "mdc", "gauss", "missile", "painting")
#: weapon kinds whose to-hit ignores the shields (book-a §10.2): Gauss (artillery and Thor are not modelled here)
SHIELDLESS = frozenset({"gauss"})
CRATER_MODIFIER = -2
STANDARD_GUNNERY = 4
SIDES = ("front", "left", "right", "stern")
#: side of a target by the arc (0 = ahead, clockwise) its attacker sits in (HEX-4)
ARC_SIDE = ("front", "right", "right", "stern", "left", "left")
#: the side a defender picks by default on a spine, best first: the front's shields and armor are
#: normally the thickest, the stern's the thinnest (decision in docs/decisions.md)
DEFENDER_PREFERENCE = ("front", "left", "right", "stern")


def base_to_hit(range_hexes: int) -> int | None:
    """Base to-hit by range: 12, 11, 10, 9, 8, 7; range 0 counts as 1; None beyond 20 (CEN-CMB-1, book-a §10.1)."""
    if isinstance(range_hexes, bool) or not isinstance(range_hexes, int):
        raise ValueError(f"{RULE}: range is a whole number of hexes, got {range_hexes!r}")
    if range_hexes < 0:
        raise ValueError(f"{RULE}: range cannot be negative, got {range_hexes}")
    for top, base in RANGE_BANDS:
        if max(range_hexes, 1) <= top:
            return base
    return None


def range_band(range_hexes: int) -> str:
    """The band label of a range, e.g. '7-10' (CEN-CMB-1)."""
    lo = 1
    for top, _base in RANGE_BANDS:
        if max(range_hexes, 1) <= top:
            return str(top) if lo == top else f"{lo}-{top}"
        lo = top + 1
    return f"> {MAX_RANGE}"


def range_words(range_hexes: int) -> str:
    """'range N' in a roll's words; a target in the firer's own hex is at range 1 (book-a 14.2; walk of session
    32: it read 'range 0')."""
    return "range 1 (same hex)" if range_hexes == 0 else f"range {range_hexes}"


def base_roll(range_hexes: int, base: int) -> TargetRoll:
    """The roll's first term: the range's base to-hit with its band (book-a §10.1, CEN-CMB-1)."""
    return TargetRoll.of(f"base, {range_words(range_hexes)} (band {range_band(range_hexes)})", base, RULE)


def terrain_modifier(terrain: str, table: TerrainTable | None = None) -> int | None:
    """The Terrain Effects Table combat modifier of a target hex; None where fire is not allowed (CEN-TER-1)."""
    tt = table or terrain_table()
    try:
        row = tt[terrain]
    except (KeyError, ValueError, TypeError):
        known = ", ".join(sorted(tt.terrain))
        raise ValueError(f"{RULE}: unknown terrain {terrain!r}; expected one of {known}") from None
    return row.combat_modifier


def smoke_modifier(terrain_mod: int, table: TerrainTable | None = None) -> int:
    """What smoke in a target hex adds to its terrain's modifier: it counts as heavy woods where that is worse, else
    nothing (book-b §10.3)."""
    smoke = terrain_modifier("heavy_woods", table)
    return smoke - terrain_mod if smoke is not None and smoke < terrain_mod else 0


def to_hit(range_hexes: int, *, weapon: str, shield_factor: int = 0, terrain: str = "clear",
           crater: bool = False, painted: bool = False, targeting_lost: int = 0,
           shield_side: str | None = None, smoke: bool = False, gunnery: int = STANDARD_GUNNERY,
           table: TerrainTable | None = None) -> TargetRoll:
    """The to-hit number of one attack as named terms with rule IDs and the exact chance (CEN-CMB-1, book-a §10).

    `weapon`: laser, mdc, gauss, missile or painting (the painting laser). `shield_factor`: of the target's
    facing the attack comes from (`shield_side` names it in the breakdown). `terrain`: the target hex's
    TET key (as in `vp_cost`); `crater`: the target is hull down in a crater (-2 on top of the terrain).
    `painted`: the target was painted this turn (shields ignored, book-a §7.2). `targeting_lost`: Targ boxes
    of the firing vehicle destroyed (-1 each). `smoke`: smoke in the target hex, which counts as heavy woods
    (book-b §10.3): the hex's modifier is at least as bad as heavy woods', never both. `gunnery`: the optional
    gunnery skill rule, base - 4 + skill (book-a §10.1); the standard 4 adds nothing.
    """
    if table is None:
        try:
            return _default_table_to_hit(range_hexes, weapon, shield_factor, terrain, crater, painted, targeting_lost,
                                         shield_side, smoke, gunnery)
        except TypeError:  # an unhashable argument, never a valid one: the checks below name it
            pass
    return _to_hit(range_hexes, weapon, shield_factor, terrain, crater, painted, targeting_lost, shield_side, smoke,
                   gunnery, table)


@lru_cache(maxsize=4096, typed=True)  # typed: True is not taken for 1 (a bool is refused where a number is due)
def _default_table_to_hit(*args) -> TargetRoll:
    """`to_hit` on the shipped Terrain Effects Table, kept: the computer asks the same few thousand times a turn."""
    return _to_hit(*args, None)


def _to_hit(range_hexes: int, weapon: str, shield_factor: int, terrain: str, crater: bool, painted: bool,
            targeting_lost: int, shield_side: str | None, smoke: bool, gunnery: int,
            table: TerrainTable | None) -> TargetRoll:
    if not isinstance(weapon, str) or weapon not in WEAPON_KINDS:
        raise ValueError(f"{RULE}: weapon is one of {', '.join(WEAPON_KINDS)}, got {weapon!r}")
    if isinstance(shield_factor, bool) or not isinstance(shield_factor, int) or shield_factor < 0:
        raise ValueError(f"{RULE}: a shield factor is a whole number >= 0, got {shield_factor!r}")
    if isinstance(targeting_lost, bool) or not isinstance(targeting_lost, int) or targeting_lost < 0:
        raise ValueError(f"{RULE}: Targ boxes lost is a whole number >= 0, got {targeting_lost!r}")
    if crater and terrain == "crater":
        raise ValueError("CEN-CRT-1: terrain 'crater' is the crater's modifier already; crater=True would count it "
                         "twice (give the hex's own terrain with crater=True)")
    base = base_to_hit(range_hexes)
    if base is None:
        return TargetRoll.refused(RULE, f"range {range_hexes} is beyond {MAX_RANGE} hexes: no fire (book-a §10.1)")
    tmod = terrain_modifier(terrain, table)
    if tmod is None:
        return TargetRoll.refused(RULE, f"a target in {terrain.replace('_', ' ')} cannot be fired on (TET)")
    roll = base_roll(range_hexes, base)
    if gunnery != STANDARD_GUNNERY:
        roll = roll.plus(f"gunnery skill {gunnery} (optional rule)", gunnery - STANDARD_GUNNERY, RULE)
    facing = f"{shield_side} " if shield_side else ""
    if weapon in SHIELDLESS:
        roll = roll.plus(f"{facing}shield: not against Gauss", 0, RULE)
    elif painted:
        roll = roll.plus(f"{facing}shield ignored: target painted", 0, RULE)
    else:
        roll = roll.plus(f"{facing}shield factor {shield_factor}", -shield_factor, RULE)
    roll = roll.plus(f"target in {terrain.replace('_', ' ')}", tmod, "CEN-TER-1")
    if smoke and (thicker := smoke_modifier(tmod, table)):
        roll = roll.plus("smoke in the target hex counts as heavy woods (book-b §10.3)", thicker, RULE)
    if crater:
        roll = roll.plus("target hull down in a crater", CRATER_MODIFIER, "CEN-CRT-1")
    return _targeting(roll, targeting_lost)


def _targeting(roll: TargetRoll, lost: int) -> TargetRoll:
    """The roll with its term for the firer's Targ boxes lost, -1 each, when any are (book-a 13.2, CEN-CMB-1)."""
    return roll.plus(f"{lost} Targ box{'es' if lost > 1 else ''} lost", -lost, RULE) if lost else roll


def to_hit_bare(range_hexes: int, *, why: str, targeting_lost: int = 0) -> TargetRoll:
    """The to-hit against dismounted infantry or a building: the range's base and lost Targ boxes only, with the
    term saying that no terrain or shield modifier counts against `why` (book-a §10.3, book-b §2.4); no "target in
    clear" or "shield factor 0" term (walk of session 31: a squad in rubble read "target in clear")."""
    base = base_to_hit(range_hexes)
    if base is None:
        return TargetRoll.refused(RULE, f"range {range_hexes} is beyond {MAX_RANGE} hexes: no fire (book-a §10.1)")
    roll = base_roll(range_hexes, base)
    roll = roll.plus(f"no terrain or shield modifier against {why}", 0, RULE)
    return _targeting(roll, targeting_lost)


def to_hit_number(range_hexes: int, *, weapon: str, shield_factor: int = 0, terrain: str = "clear",
                  crater: bool = False, painted: bool = False, targeting_lost: int = 0) -> int | None:
    """The number a d10 must roll at or under to hit; None when no fire is possible (CEN-CMB-1, book-a §10)."""
    return to_hit(range_hexes, weapon=weapon, shield_factor=shield_factor, terrain=terrain, crater=crater,
                  painted=painted, targeting_lost=targeting_lost).value


def attack_sides(target: Hex, facing: int, attacker: Hex) -> tuple[str, ...]:
    """Every side of the target the attack may come from: one, or two on a spine (the defender picks) (HEX-4).

    An attacker in the target's own hex gives all four: book-a §14.2 fixes the side by how the units entered the
    hex, so callers that know it pass the later unit's former hex (`targets.arc_positions`).
    """
    whole(facing, "HEX-3", "facing", 0, 5)
    a_hex(target, "target")
    a_hex(attacker, "attacker")
    out: list[str] = []
    for a in arcs(target, facing % 6, attacker):
        side = ARC_SIDE[a]
        if side not in out:
            out.append(side)
    return tuple(sorted(out, key=DEFENDER_PREFERENCE.index))


def attack_side(target: Hex, facing: int, attacker: Hex, *, shields: dict[str, int] | None = None) -> str:
    """The side of a target (facing `facing`) an attack from `attacker` strikes: front, left, right, stern (HEX-4).

    On a spine the defender chooses: with `shields` (rating or factor per side) the side with the
    strongest shield, else (and on ties) the first of front, left, right, stern (docs/decisions.md).
    """
    whole(facing, "HEX-3", "facing", 0, 5)
    a_hex(target, "target")
    a_hex(attacker, "attacker")
    cands = attack_sides(target, facing, attacker)
    if shields:
        best = max(shields.get(s, 0) for s in cands)
        cands = tuple(s for s in cands if shields.get(s, 0) == best)
    return cands[0]
