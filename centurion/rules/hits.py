"""Hits landed on their targets: the Vulcan's kill rolls on missiles, one hit-location roll per firing unit and
target, the damage column and template or laser, casualties on squads and riders (CEN-CMB-1, E21, E25, book-a 16).

Used by the vehicles' weapons fire (`weapons_fire`) and the squads' (`squad_orders`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..data import BattleMap
from ..dice import Dice, Roll
from .buildings import building_hit_level, damage_building
from .combat_units import RULE, CombatUnit, HitResolution, VulcanEngagement, engage_vulcan
from .damage import drop_template, hit_section
from .infantry_fire import casualty_roll, rider_losses, terrain_casualty_modifier
from .vulcan import VulcanPolicy, usable_vulcan


def _unnested(label: str) -> str:
    """A weapon's name put in brackets without brackets inside: "personal weapons, IWF9" (session 52's walk read
    "(personal weapons (IWF9))")."""
    return label.replace(" (", ", ").replace(")", "") if "(" in label else label


@dataclass(frozen=True)
class HitToLand:
    """A hit to land: what hit whom, with which shape, from which side; `row` = casualty row vs infantry."""

    label: str
    target: str
    roll: Roll
    missile: bool
    shape: tuple[int, ...] | None
    side: str
    row: str | None
    location: str | None = None  # close assault: the location chosen


def vulcan_budget(hits: Sequence[HitToLand], units: dict[str, CombatUnit], vulcan: VulcanPolicy | None,
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


def land_hits(firer: str, hits: Sequence[HitToLand], units: dict[str, CombatUnit], dice: Dice,
              battlemap: BattleMap | None, results: list[HitResolution], *, vulcan: VulcanPolicy | None = None,
              later: Mapping[str, int] | None = None) -> list[tuple[str, Roll, str]]:
    """Vulcan, one location roll per target, damage column and template, casualties (CEN-CMB-1, E21, E25)."""
    locations: list[tuple[str, Roll, str]] = []
    where: dict[str, str | int | None] = {}
    budget = vulcan_budget(hits, units, vulcan, later or {})
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
        col = dice.roll("d10", purpose=f"damage column on the {where[tkey]} of {tkey} ({_unnested(h.label)})",
                        rule=RULE)
        sheet, mark = drop_template(target.sheet, str(where[tkey]), col.result, h.shape)
        if sheet.riders_outside > sheet.riders_pending_killed:  # riders outside: a d10 of men per hit (16.2)
            (rr,) = rider_losses(dice)
            sheet = replace(sheet, riders_pending_killed=min(sheet.riders_outside,
                                                             sheet.riders_pending_killed + rr.result))
        units[tkey] = replace(target, sheet=sheet)
        results.append(HitResolution(h.label, tkey, h.roll, vrolls, column=col, mark=mark))
    return locations
