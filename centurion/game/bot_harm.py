"""What a shot does to a vehicle, for the careful computer levels: its chance against the armor left where it lands.

A hit's worth is not the same everywhere (issue 25): 7 hits in 10 strike the side the attack comes from and 3 the
turret (book-a §11; hull down in a crater, 3 the side and 7 the turret), and the same hit takes a smaller share of a
fresh 90-box front than of a 60-box stern or of a side already shot thin. So the veteran turns its thick front
toward the enemy, looks for flanks, and finishes the sections it has already opened. The expected harm of a plan:
each shot's exact chance to do damage times the share of the armor left in the sections it may land on, scaled by
the vehicle's mean full armor so that a fresh vehicle's typical hit counts about one. A squad or a building target
counts its hits. (The template's size was tried as a factor too and dropped: docs/decisions.md.)

Choosing whom to shoot and paint (session 36), the shares are scaled by one armor for every target (`COMMON`)
instead: a hit takes a smaller share of a Trajan's 100-box front than of a Horatius's 80-box one, so the fire weighs
what a hit brings each target nearer to destruction, times its cost. The move keeps each vehicle's own scale
(measured both ways: docs/decisions.md, "Session 36").
"""

from __future__ import annotations

from typing import Any

from ..rules.targets import TO_HIT_KIND, FirePlan, ResolvedAttack

COMMON = 70.0  # boxes: the one scale of the fire's and the paint's harm (about a fresh section: data/vehicles.yaml)
THIN = 10  # a section with fewer boxes left counts as this many (a breach: internals beyond, book-a §13)
LANDS = {False: (("turret", 0.3), ("side", 0.7)), True: (("turret", 0.7), ("side", 0.3))}  # book-a §11 columns
FACES = ("front", "left", "right", "stern", "turret")  # the sections a direct-fire hit may land on (book-a §11)

Armor = tuple[dict[str, int], float]  # a target's boxes left by section, and its mean full armor


def _armor(s: Any, key: str) -> Armor:
    """The boxes left in each section of vehicle `key`, and the mean of its full armor over FACES."""
    sheet = s.vehicle(key).sheet
    full = [sheet.vehicle.armor.get(n, 0) for n in FACES]
    return {n: sec.intact for n, sec in sheet.armor.sections}, sum(full) / max(1, sum(1 for x in full if x))


def shot_harm(s: Any, a: ResolvedAttack, left: dict[str, Armor], common: bool = False) -> float:
    """One hit's harm on its target: its mean armor (`common`: COMMON for every target) over the armor left where
    it may land, 1 for a squad or building. `left` keeps each target's armor once read (a plan's shots share it)."""
    t = a.target
    if t.kind != "vehicle":
        return 1.0
    if t.key not in left:
        left[t.key] = _armor(s, t.key)
    boxes, mean = left[t.key]
    return (COMMON if common else mean) * sum(p / max(THIN, boxes.get(a.side if where == "side" else where, THIN))
                      for where, p in LANDS[bool(t.crater)])


def plan_harm(s: Any, plan: FirePlan | None, common: bool = False) -> float:
    """The expected harm of a checked plan: the sum of each shot's exact damage chance times its `shot_harm`
    (`common`: on the one scale the fire and the paint compare targets by)."""
    if plan is None:
        return 0.0
    left: dict[str, Armor] = {}
    harm = 0.0
    for a in plan.attacks:
        p = s.rules.damage_chance(a.to_hit, weapon=TO_HIT_KIND[a.family])
        if p:
            harm += float(p) * shot_harm(s, a, left, common)
    return harm
