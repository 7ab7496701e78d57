"""The computer's estimate of the fire a vehicle deals from a hex, with the painting that comes before it (issue 25).

Painting is declared and resolved before fire (CEN-SEQ-1), and a painted target's shields do not count against
any shot at it (book-a §7.2): a Liberator's 3/6 laser hits a Horatius's front (shield factor 7) at range 9 on a 2
(1 in 5), the same shot on a painted Horatius on a 9. So where a tank stands decides its fire twice: the shots
themselves and the painting laser's odds against the side of the target it sees. The careful levels weigh the
fire they deal from an end by the chance that the target is painted this turn: the mover's own painting laser from
that end and its friends' from where they stand, each the exact to-hit chance of the painting roll (CEN-CMB-1).
Measured: weighing the fire taken the same way made the veteran too shy and was dropped (docs/decisions.md).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..hexgrid import Hex, distance
from ..rules.grav import Refusal
from ..rules.hooks import BASIC, BasicRules
from ..rules.targets import (
    TO_HIT_KIND,
    Attack,
    FirePlan,
    TargetView,
    declare_fire,
    turret_toward,
    vehicle_paint,
    weapon_family,
)
from .bot_harm import plan_harm
from .skirmish import Skirmish, Vehicle


def plan_hits(plan: FirePlan | None, rules: BasicRules | None = None) -> float:
    """Expected hits of a checked plan: the sum of each shot's exact chance of doing damage as the game's rules
    count it (`damage_chance`: the to-hit chance; under VAR-SHIELD the round must also get through the shield)."""
    if plan is None:
        return 0.0
    rules = rules if rules is not None else BASIC
    return float(sum((rules.damage_chance(a.to_hit, weapon=TO_HIT_KIND[a.family]) for a in plan.attacks),
                     Fraction(0)))


def plan_at(s: Skirmish, firer: Vehicle, hex_: Hex, facing: int, target: TargetView) -> FirePlan | None:
    """The plan of every usable weapon of `firer` standing at hex_/facing that bears on `target` (CEN-CMB-1)."""
    units = s.combat_units()
    fv = replace(units[firer.key].firer_view(), hex=hex_, facing=facing)
    tf = turret_toward(fv, target)
    picked: list[Attack] = []
    bm = s.battlemap
    plan = None
    for i, w in enumerate(firer.sheet.vehicle.weapons):
        if not firer.sheet.weapon_usable(i) or w.range < distance(hex_, target.hex):
            continue
        fam = weapon_family(w)
        if fam in ("vulcan", "infantry", "artillery", "engineering"):
            continue
        shell = ("AP" if target.kind == "infantry" else "HEAP") if fam == "gauss" else None
        trial = declare_fire(bm, fv, [*picked, Attack(i, target.key, shell)], {target.key: target},
                             turret_facing=tf, rules=s.rules)
        if isinstance(trial, FirePlan):
            picked.append(Attack(i, target.key, shell))
            plan = trial
    return plan


def hits_from(s: Skirmish, firer: Vehicle, hex_: Hex, facing: int, target: TargetView) -> float:
    """Expected hits of every usable weapon of `firer` standing at hex_/facing on `target` (CEN-CMB-1)."""
    return plan_hits(plan_at(s, firer, hex_, facing, target), s.rules)


def harm_from(s: Skirmish, firer: Vehicle, hex_: Hex, facing: int, target: TargetView) -> float:
    """Expected harm (game/bot_harm.py: hits by their size and where they land) of `firer` at hex_/facing."""
    return plan_harm(s, plan_at(s, firer, hex_, facing, target))


def paint_odds(s: Skirmish, att: object) -> Fraction:
    """The exact chance that a checked painting attempt paints, as the game's rules roll it (book-a §7.1; under
    VAR-SHIELD the shield may then stop the painting laser); 0 for a refusal."""
    to_hit = getattr(att, "to_hit", None)
    return Fraction(0) if to_hit is None else s.rules.damage_chance(to_hit, weapon="painting")


def paint_chance(s: Skirmish, painter: Vehicle, hex_: Hex, facing: int, target: TargetView) -> float:
    """The exact chance that `painter`'s painting laser, standing at hex_/facing, paints `target` (book-a §7.1:
    range 20, sight, the shield of the side it sees); 0 where it may not paint (CEN-CMB-1, CEN-GRD-2)."""
    u = s.combat_units()[painter.key]
    if u.sheet is None or not u.sheet.may_paint or u.submerged or target.submerged:
        return 0.0  # no comm, commander or turret weapons: no painting (book-a 13.2)
    att = vehicle_paint(s.battlemap, replace(u.firer_view(), hex=hex_, facing=facing), replace(target, painted=False),
                        rules=s.rules)
    return 0.0 if isinstance(att, Refusal) else float(paint_odds(s, att))


def painted_odds(s: Skirmish, v: Vehicle, hex_: Hex, facing: int, target: TargetView) -> float:
    """The chance that `target` is painted this turn when `v` stands at hex_/facing: the best chance among its own
    painting laser and each friend's (from where they stand), since one vehicle paints it (book-a §7.2; the careful
    levels never paint a target twice, G10; walk of session 42: "painted 91%" for one paint at 3/10); 0 when its
    comm is out (it neither paints nor gains from another's paint, book-a 13.2)."""
    if v.sheet.comm_out:
        return 0.0
    best = paint_chance(s, v, hex_, facing, target)
    for m in s.live_vehicles(v.side):
        if m.key != v.key:
            best = max(best, paint_chance(s, m, m.hex, m.facing, target))
    return best


def dealt_from(s: Skirmish, v: Vehicle, hex_: Hex, facing: int, target: TargetView, *,
               harm: bool = True) -> tuple[float, float]:
    """What `v` at hex_/facing expects to do to `target` with the painting before its fire weighed in: the harm
    (or, `harm=False`, the hits) unpainted and painted by the chance of each, and that chance (book-a §7.2)."""
    of = plan_harm if harm else (lambda st, plan: plan_hits(plan, st.rules))
    bare = of(s, plan_at(s, v, hex_, facing, target))
    p = painted_odds(s, v, hex_, facing, target) if target.kind == "vehicle" else 0.0
    if p <= 0 or target.painted:
        return bare, 0.0
    return (1 - p) * bare + p * of(s, plan_at(s, v, hex_, facing, replace(target, painted=True))), p


def painted_for(s: Skirmish, target: str, painter: str, viewer: str) -> TargetView:
    """`target` as `viewer` sees it once `painter`'s paint hits it: painted for the viewer when the paint is its own,
    or another's and the viewer's comm works (book-a §7.2, 13.2)."""
    units = s.combat_units()
    t = units[target]
    return replace(t, painted_by=(*t.painted_by, painter)).target_view(units[viewer])


def paint_plans(s: Skirmish, friend: Vehicle, target: str, painter: str) -> tuple[FirePlan | None, FirePlan | None]:
    """`friend`'s plan on `target` from where it stands, as the target is and once `painter`'s paint hits it (book-a
    §7.2, 13.2): what a paint can add to that friend's fire."""
    units = s.combat_units()
    bare = plan_at(s, friend, friend.hex, friend.facing, units[target].target_view(units[friend.key]))
    return bare, plan_at(s, friend, friend.hex, friend.facing, painted_for(s, target, painter, friend.key))


__all__ = ["dealt_from", "harm_from", "hits_from", "paint_chance", "paint_plans", "painted_for", "painted_odds",
           "plan_at", "plan_hits"]


def screened(s: Any, v: Any, hexes: tuple[str, ...], enemies: list) -> int:
    """How many of `enemies` see `v` now and would not with smoke in `hexes` (book-b §10.3: smoke blocks sight as
    heavy woods; CEN-LOS-1): what a smoke charge laid there screens."""
    from ..rules.sight import line_of_sight

    bm, smoked = s.battlemap, s.charge_map(hexes)  # a trial map of its own (game/phases/end.py)
    return sum(1 for e in enemies if line_of_sight(bm, e.hex, v.hex).seen
               and not line_of_sight(smoked, e.hex, v.hex).seen)
