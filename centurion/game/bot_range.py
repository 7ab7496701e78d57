"""The range a careful computer level likes to fight at: where its weapons outgun the enemy's (issue 25).

A player reads the record sheets before closing in. A Liberator's two TVLG packs reach 6 hexes, a Horatius's
SMLM 10 (book-b 16.6), so between 7 and 10 hexes the Horatius fires its Gauss, its laser and a missile at a
Liberator that answers with its Gauss and its laser only; within 6 the Liberator's two missiles a turn outweigh the
Horatius's one (book-a 8.3: at most 1 SMLM and 2 TVLG a vehicle a turn). The bot's quick score used to like two
thirds of its longest reach (10 hexes for either tank), the Liberator's worst band.

`firepower` is the boxes a turn of fire is expected to put on a target at a range: every usable weapon in reach,
its missiles counted up to the turn's limit and the rounds left, each shot's exact to-hit chance at that range
(CEN-CMB-1: the range band, the target's shield factor unless painted) times the boxes of its damage (a laser's
number, a template's squares). `preferred_range` weighs, range by range, the fire dealt against the fire taken as
the bot's move score does (3 and 2 per expected hit, by each vehicle's worth), half painted and half not, and
returns the farthest range whose balance is within 15 % of the best one's (the best is often point-blank, where
every shot hits more often; a player closes only as far as his weapons need). The quick score then likes ends at
that range from the nearest enemy, but never one farther than its old rule of thumb (two thirds of its longest
reach, at least 4): in the pursuit a Horatius would otherwise hang back 15 hexes from Vipers it must catch, and the
veteran lost 17 more games there (docs/decisions.md, "Session 20"). Terrain, arcs and the sides shown stay the
exact weighing's business.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..data.vehicles import weapon_table
from ..rules.damage import template_shape
from ..rules.fire import MAX_RANGE, to_hit
from ..rules.targets import MISSILE_LIMITS, TO_HIT_KIND, shield_factors
from .skirmish import Vehicle


def _boxes(weapon_type: str) -> int:
    """The boxes one hit of this weapon destroys: a laser's number, a template's squares (HEAP for a Gauss);
    0 for one whose damage is special, not armor boxes (a Vulcan, an AP laser: CEN-CMB-1). A weapon missing from
    the table is an error naming it (CEN-REC-1), not a weapon that does no harm."""
    spec = weapon_table()[weapon_type]
    if spec.laser_boxes is None and spec.template_key() is None:
        return 0
    return sum(template_shape(weapon_type))


def _profile(v: Vehicle) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """What `firepower` reads of a vehicle's sheet: its usable weapons (type, range) and its missiles left."""
    sheet = v.sheet
    weapons = tuple((sheet.vehicle.weapons[i].type, sheet.vehicle.weapons[i].range) for i in sheet.usable_weapons())
    return weapons, tuple((k, sheet.missiles_left(k)) for k in sorted(MISSILE_LIMITS))


def _shield(v: Vehicle) -> int:
    """The mean shield factor of a vehicle's front and flanks (CEN-REC-1: rating / 10)."""
    shields = shield_factors(v.sheet.vehicle)
    return round(sum(shields.get(x, 0) for x in ("front", "left", "right")) / 3)


def firepower(v: Vehicle, rng: int, target: Vehicle, painted: bool) -> float:
    """Expected boxes of one turn of `v`'s usable direct fire on `target` at `rng` hexes (CEN-CMB-1, book-a 8.3):
    shield factor the mean of the target's front and flanks unless painted (book-a §7.2; Gauss ignores it)."""
    return _firepower(*_profile(v), rng, 0 if painted else _shield(target))


@lru_cache(maxsize=4096)
def _firepower(weapons: tuple[tuple[str, int], ...], left: tuple[tuple[str, int], ...], rng: int, sf: int) -> float:
    """`firepower` of these (type, range) weapons with these missiles left, at `rng` against shield factor `sf`."""
    rounds = dict(left)
    out = 0.0
    used: dict[str, int] = {}
    for kind, reach in weapons:
        spec = weapon_table()[kind]
        if spec.family not in TO_HIT_KIND or reach < rng:
            continue
        shots = 1
        if spec.missile:
            done = used.get(spec.missile, 0)
            shots = min(spec.missiles or 1, MISSILE_LIMITS.get(spec.missile, 1) - done,
                        rounds.get(spec.missile, 0) - done)
            if shots <= 0:
                continue
            used[spec.missile] = done + shots
        chance = to_hit(rng, weapon=TO_HIT_KIND[spec.family], shield_factor=sf).chance
        out += shots * float(chance) * _boxes(kind)
    return out


NEAR_BEST = 0.85  # the farthest range whose balance is at least this share of the best one's


def preferred_range(v: Vehicle, enemies: list[Vehicle], worth: Callable[[str], float]) -> int | None:
    """The farthest range at which `v`'s fire dealt outweighs the fire it takes nearly as well as at the best
    range (NEAR_BEST; 3 to 2 by worth, as the move score weighs them), against the enemy vehicles on the map;
    None when `v` or its enemies have no sheet or `v` nothing to fire."""
    armed = [x for x in enemies if x.sheet is not None]
    if v.sheet is None or not armed:
        return None
    me = _profile(v)
    them = tuple((_profile(x), _shield(x), worth(x.key)) for x in armed)
    return _preferred(me, _shield(v), worth(v.key), them)


@lru_cache(maxsize=1024)
def _preferred(me, my_shield: int, mine: float, them) -> int | None:
    """`preferred_range` on the profiles (cached: the sheets change only when a shot lands)."""
    if not _firepower(*me, 1, 0):  # nothing to fire, even point-blank at a painted target
        return None
    nets = []
    for rng in range(1, MAX_RANGE + 1):  # no direct fire beyond it (book-a §10.1)
        net = 0.0
        for prof, shield, theirs in them:
            dealt = (_firepower(*me, rng, shield) + _firepower(*me, rng, 0)) / 2
            taken = (_firepower(*prof, rng, my_shield) + _firepower(*prof, rng, 0)) / 2
            net += 3.0 * dealt * theirs - 2.0 * taken * mine
        nets.append(net)
    best = max(nets)
    floor = best * NEAR_BEST if best > 0 else best - 1e-9
    return max(rng for rng, net in enumerate(nets, start=1) if net >= floor)
