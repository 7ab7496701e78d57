"""What a shot does to a vehicle, for the careful computer levels: its size against the armor left where it lands.

A hit's worth is not the same everywhere (issue 25): 7 hits in 10 strike the side the attack comes from and 3 the
turret (book-a §11; hull down in a crater, 3 the side and 7 the turret), and a template of 15 boxes takes a sixth of
a fresh 90-box front but a quarter of a 60-box stern, and breaks through a side already shot thin. So the veteran
turns its thick front toward the enemy, looks for flanks, and finishes the sections it has already opened. The
expected harm of a plan: each shot's exact chance to do damage times its boxes (`template_shape`, a laser its depth)
times the share of the armor left in the sections it may land on, scaled so a 15-box template on a fresh 90-box
side counts one hit. A squad or a building target counts its hits.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..rules.damage import template_shape
from ..rules.targets import TO_HIT_KIND, FirePlan, ResolvedAttack

HIT_BOXES = 15  # a 15-box template (the 150mm HEAP) on a section of the vehicle's mean armor is one hit
SIZED = False
THIN = 10  # a section with fewer boxes left counts as this many (a breach: internals beyond, book-a §13)
LANDS = {False: (("turret", 0.3), ("side", 0.7)), True: (("turret", 0.7), ("side", 0.3))}  # book-a §11 columns


@cache
def _boxes(weapon: str, shell: str | None) -> int:
    """The armor boxes one hit of the weapon destroys on a full section (its template or laser depth, book-a §12)."""
    try:
        return sum(template_shape(weapon, shell))
    except ValueError:
        return 15


def shot_harm(s: Any, a: ResolvedAttack, left: dict[str, dict[str, int]]) -> float:
    """One hit's harm on its target: its boxes over the armor left where it may land, 1 for a squad or building."""
    t = a.target
    if t.kind != "vehicle":
        return 1.0
    armor = left.get(t.key)
    if armor is None:
        sheet = s.vehicle(t.key).sheet
        armor = left[t.key] = {n: sec.intact for n, sec in sheet.armor.sections}
        full = [sheet.vehicle.armor.get(n, 0) for n in ("front", "left", "right", "stern", "turret")]
        armor["_mean"] = sum(full) / max(1, sum(1 for x in full if x))
    shell = a.attack.shell if a.family == "gauss" else None
    boxes = _boxes(a.weapon.type, shell)
    share = sum(p / max(THIN, armor.get(a.side if where == "side" else where, THIN))
                for where, p in LANDS[bool(t.crater)])
    return (boxes / HIT_BOXES if SIZED else 1.0) * armor["_mean"] * share


def plan_harm(s: Any, plan: FirePlan | None, left: dict[str, dict[str, int]] | None = None) -> float:
    """The expected harm of a checked plan: the sum of each shot's exact damage chance times its `shot_harm`."""
    if plan is None:
        return 0.0
    left = {} if left is None else left
    harm = 0.0
    for a in plan.attacks:
        p = s.rules.damage_chance(a.to_hit, weapon=TO_HIT_KIND[a.family])
        if p:
            harm += float(p) * shot_harm(s, a, left)
    return harm
