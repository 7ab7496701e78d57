"""Chapter 9: Legal moves explorer — the source of notebooks/09_legal_moves.ipynb."""

from chapters.common import BACK, SETUP, code, md

TITLE = "Legal moves explorer"

CELLS = [
    md("# Legal moves explorer\n\n" + BACK +
       "Every hex where the tank can end its move at the chosen acceleration is shaded by the exact chance of "
       "getting there without damage along the safest path: green is safe, red is a gamble (CEN-SPD-1). Click a "
       "shaded hex to plot that safest path; change the acceleration to see the map change. Set *Legal ends* to "
       "*at any acceleration* to see everywhere the tank can be at the end of this turn: a click then plots the "
       "acceleration too, and hovering a hex tells the velocities the tank can leave it with (CEN-GRAV-1).\n\n"
       "The engine finds, for each end state (hex, facing, grounded or not), both the cheapest path (least "
       "thrust) and the safest one, and the tests check that each of them is a legal move."),
    code(SETUP),
    code("""
from centurion.widgets import GravMoveTable, tank_on
explorer = GravMoveTable(battlefield, horatius, tank_on(battlefield, horatius, "0716", 0, 10), show_legal=True)
explorer
""", widget=True),
    md("## A worked count\n\nA Horatius at velocity 10 in 0716 facing north, with its 6 TP of thrust:"),
    code("""
start = rules.GravState.of(horatius, parse_label("0716"), 0, 10)
ends = rules.legal_grav_moves(start, horatius, battlefield)
flying = [e for e in ends if not e.grounded]
print(len(ends), "end states,", len(flying), "of them still flying")
safe = [e for e in flying if e.safest.p_no_damage == 1]
print(len(safe), "can be reached with no risk at all")
from centurion.hexgrid import to_offset
e = min(flying, key=lambda e: (to_offset(e.hex)[1], to_offset(e.hex)[0], e.facing))
print("the farthest north:", format_label(e.hex), "facing", e.facing, "| safest:", e.safest.move.describe(),
      "| P =", e.safest.p_no_damage, "| cheapest uses", e.cheapest.thrust_used, "TP")
"""),
]
