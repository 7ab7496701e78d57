"""Chapter 17: Weapons fire and to-hit — the source of notebooks/17_weapons_fire.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Weapons fire and to-hit"

HELPERS = """
from centurion.hexgrid import from_offset, neighbor
from centurion.rules import Refusal
from centurion.rules.targets import (Attack, FirerView, TargetView, declare_fire, shield_factors, vehicle_paint,
                                     infantry_paint)

def open_map(columns=9, rows=12, marks=None):
    "Clear ground, with a few marked hexes: {(column, row): terrain letter}."
    terrain = [["."] * columns for _ in range(rows)]
    for (c, r), ch in (marks or {}).items():
        terrain[r - 1][c - 1] = ch
    return map_from_rows(["".join(r) for r in terrain])

def show(result):
    "A declaration or a painting attempt as sentences: each attack's range, side and to-hit terms, or the refusal."
    if isinstance(result, Refusal):
        print(f"refused ({result.rule}): {result.reason}")
        return
    for a in getattr(result, "attacks", [result]):
        name = a.weapon.type if hasattr(a, "weapon") else "painting laser"
        extra = " (indirect)" if getattr(a, "indirect", False) else ""
        print(f"{name}{extra}: range {a.range}, {a.side} side -> {a.to_hit.value} or less, chance {a.to_hit.chance}")
        for t in a.to_hit.terms:
            print(f"    {t.label:<34} {t.value:+d}  {t.rule}")
"""

CELLS = [
    md("# Weapons fire and to-hit\n\n" + BACK +
       "A weapon hits on a d10 roll at or under its **to-hit number** (CEN-CMB-1). The number starts from the "
       "range band (12 adjacent, then 11, 10, 9, 8, 7 out to 20 hexes; nothing beyond), and goes down by:\n\n"
       "- the **shield factor** of the side the attack strikes (a Gauss cannon ignores shields; once a target "
       "is painted, every laser, mass driver and missile fired at it ignores them, directly or indirectly; the "
       "painting roll itself does not). The side is read from the target's facing: the "
       "wedge of hexsides the line comes in through (HEX-4); on a spine (the line runs along the boundary of two "
       "wedges) the defender picks which of the two sides is struck.\n"
       "- the **terrain** of the target's hex (light woods −1, heavy woods or smoke −2, CEN-TER-1), −2 more in "
       "a crater (a target grounded in it is hull down: put the target on the map's crater, 2816, and tick its "
       "box below, CEN-CRT-1), and −1 for each Targ box the firer has lost.\n\n"
       "Each weapon fires only into its arc: hull weapons straight ahead of the hull, turret weapons ahead of "
       "the turret, which may point anywhere. A target on the edge of an arc (a spine) lies in both wedges, so it "
       "is inside either of them: a turret can always be turned to bear. Two units in the same hex are at range "
       "1, and their arcs and sides follow how the later one came in: entering across the enemy's left puts the "
       "enemy in the mover's front arc and the mover in the enemy's left arc (CEN-CMB-1). A vehicle may fire "
       "at **two targets** a turn only if at most one "
       "of them gets direct-fire weapons; missiles may go to the other. Missiles are limited to one SMLM and "
       "two TVLGs a turn and never fire at infantry. A unit with line of sight can **paint** a target with its "
       "laser; friends may then fire missiles at it **indirectly**, without sight and ignoring its shields.\n\n"
       "**Try it:** click to place the firer, the target or a second target; choose weapons, facings and the "
       "turret. The map shades the hull's arc and the turret's; the panel lists every term with its rule, the "
       "target number and the exact chance, or the refusal and its rule. A weapon that cannot fire (out of range, "
       "arc or sight) is named with its reason, and the other weapons still fire. Pick a weapon for a second "
       "target to "
       "try the two-target rule."),
    code("""
from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label
from centurion.widgets.fire_view import FireLab
lab = FireLab(sample_map(), terrain_table(), firer_hex=parse_label("0620"), target_hex=parse_label("0613"))
lab
""", widget=True),
    code(SETUP),
    code(HELPERS),
    md("## Worked example E20: a Horatius fires three weapons at a Liberator\n\n"
       "The Liberator is 7 hexes away in light woods, turned so the Horatius sees its right side (shield 5). "
       "Range 7 gives 9; the laser and the missile subtract the shield 5 and the woods 1: **3**. The Gauss "
       "cannon ignores the shield: 9 − 1 = **8**."),
    code("""
v = vehicles
m = open_map(marks={(3, 3): "l"})
firer = FirerView("horatius", from_offset(3, 10), 0, v["horatius"].weapons)
target = TargetView("liberator", from_offset(3, 3), 2, shields=shield_factors(v["liberator"]))
gauss, laser, smlm = range(3)
show(declare_fire(m, firer, [Attack(smlm, "liberator"), Attack(laser, "liberator"),
                             Attack(gauss, "liberator", shell="HEAP")], [target]))
"""),
    checks('e20 = declare_fire(m, firer, [Attack(smlm, "liberator"), Attack(laser, "liberator"), Attack(gauss, '
           '"liberator", shell="HEAP")], [target])',
           'check_book("book-a E20: to-hit SMLM, laser, HEAP", [a.to_hit.value for a in e20.attacks], [3, 3, 8])',
           'check_book("book-a E20: rolls 4, 1, 6 hit with", [a.to_hit.value >= roll for a, roll in zip('
           'e20.attacks, (4, 1, 6))], [False, True, True])'),
    md("## Worked examples E15 and E16: painting\n\n"
       "A Viper paints a Horatius 10 hexes away through its left shield of 6: 9 − 6 = **3**. A squad paints "
       "too, with a number from its strength; a squad down to 5 men paints on **6** and not beyond 6 hexes."),
    code("""
m = open_map(rows=14)
viper = FirerView("viper", from_offset(5, 13), 0, ())
horatius = TargetView("horatius", from_offset(5, 3), 5, shields={"front": 7, "left": 6, "right": 6, "stern": 5})
show(vehicle_paint(m, viper, horatius))
m = open_map()
t = TargetView("t", from_offset(5, 4), 0)
show(infantry_paint(m, from_offset(5, 10), 5, t))
show(infantry_paint(m, from_offset(5, 11), 5, t))
"""),
    checks('check_book("book-a E16: the Viper paints on", vehicle_paint(open_map(rows=14), viper, '
           'horatius).to_hit.value, 3)',
           'check_book("book-a E16: a full squad within 6 paints on", infantry_paint(m, from_offset(5, 10), 8, '
           't).to_hit.value, 9)',
           'check_book("book-a E15: 3 casualties (5 men) paint on", infantry_paint(m, from_offset(5, 10), 5, '
           't).to_hit.value, 6)',
           'check_book("book-a E15: not beyond 6 hexes", isinstance(infantry_paint(m, from_offset(5, 11), 5, t), '
           'Refusal), True)'),
    md("## Worked example E17: two targets\n\n"
       "A Horatius with a Gauss cannon and a missile rack in the turret, a laser and a missile rack in the hull, "
       "has one target ahead and one to its left. It may split its fire as long as only one target gets direct "
       "fire; hull weapons only reach the one ahead."),
    code("""
from collections import namedtuple
W = namedtuple("W", "type location range")
weapons = (W("150mm Gauss", "turret", 15), W("SMLM 2", "turret", 10), W("3/6 laser", "hull 1", 20),
           W("SMLM 2", "hull 2", 10))
GAUSS, T_SMLM, LASER, H_SMLM = range(4)
m = open_map()
h = from_offset(5, 10)
targets = [TargetView("front", from_offset(5, 5), 3), TargetView("left", neighbor(neighbor(neighbor(h, 4), 4), 4), 3)]
horatius = FirerView("horatius", h, 0, weapons)
tries = {
    "all at the front": ([Attack(GAUSS, "front", "HEAP"), Attack(LASER, "front"), Attack(H_SMLM, "front")], 0),
    "laser ahead, turret missiles left": ([Attack(LASER, "front"), Attack(T_SMLM, "left")], 4),
    "hull missiles ahead, Gauss left": ([Attack(H_SMLM, "front"), Attack(GAUSS, "left", "HEAP")], 4),
    "laser ahead AND Gauss left": ([Attack(LASER, "front"), Attack(GAUSS, "left", "HEAP")], 4),
    "laser at the left target": ([Attack(LASER, "left")], 0),
}
for name, (attacks, turret) in tries.items():
    r = declare_fire(m, horatius, attacks, targets, turret_facing=turret)
    print(f"{name:<36}", "allowed" if not isinstance(r, Refusal) else f"refused ({r.rule}): {r.reason}")
"""),
    checks('allowed = [not isinstance(declare_fire(m, horatius, a, targets, turret_facing=t), Refusal) for a, t in '
           'tries.values()]',
           'check_book("book-a E17: allowed splits (the last two break the rules)", allowed, [True, True, True, '
           'False, False])'),
    md("## Worked example E24: indirect fire at a painted target\n\n"
       "A Horatius behind heavy woods cannot see a Liberator. A Lupus in the woods paints it; now the Horatius "
       "fires its missile indirectly: range 7 gives 9, shields ignored. Its laser still needs sight."),
    code("""
m = open_map(marks={(5, 7): "h"})
horatius = FirerView("horatius", from_offset(5, 10), 0, v["horatius"].weapons)
lupus = FirerView("lupus", from_offset(5, 7), 0, ())
liberator = TargetView("liberator", from_offset(5, 3), 3, shields=shield_factors(v["liberator"]))
show(declare_fire(m, horatius, [Attack(smlm, "liberator")], [liberator]))
show(vehicle_paint(m, lupus, liberator))
painted = TargetView("liberator", liberator.hex, 3, shields=liberator.shields, painted=True)
show(declare_fire(m, horatius, [Attack(smlm, "liberator")], [painted]))
show(declare_fire(m, horatius, [Attack(laser, "liberator")], [painted]))
"""),
    checks('check_book("book-a E24: no sight, not painted: refused", isinstance(declare_fire(m, horatius, [Attack('
           'smlm, "liberator")], [liberator]), Refusal), True)',
           'check_book("book-a E24: painted, the SMLM fires indirectly on", declare_fire(m, horatius, [Attack(smlm,'
           ' "liberator")], [painted]).attacks[0].to_hit.value, 9)',
           'check_book("book-a E24: the laser still needs sight", isinstance(declare_fire(m, horatius, [Attack('
           'laser, "liberator")], [painted]), Refusal), True)'),
]
