"""Chapter 11: Centuria: orientation and movement — the source of notebooks/11_centuria_movement.ipynb."""

from chapters.common import BACK, CTA_SETUP, code, md

TITLE = "Centuria: orientation and movement"

CELLS = [
    md("# Centuria: orientation and movement\n\n" + BACK +
       "Every piece faces one hexside. It moves into the hex ahead or one of the two hexes at its front corners; "
       "each hex costs 1 movement point plus the terrain's penalty for that kind of unit (CTA-MOVE, table CTA-2): a "
       "centuria pays 2 to enter trees, a turma 4. Turning to a new front or flank hexside costs 1, an about-face 2. "
       "The subpraefectus moves 2 with infantry and 4 with cavalry.\n\n"
       "**Try it:** click a Roman unit, plot a move with the buttons (or ↑, Q, E and ←/→ once the map has focus) "
       "and press *Move*. A plot that breaks a rule is refused with its rule ID."),
    code(CTA_SETUP + "from centurion.widgets.reference import centuria_terrain_table_en"),
    code("""
from centurion.widgets import CenturiaTable
movement_table = CenturiaTable(battle, mode="move")
movement_table
""", widget=True),
    md("## Worked examples\n\nR-C2 (a centuria, 2 MP) faces trees at 0607: entering costs 1 + 1 = 2, its whole "
       "allowance. An about-face (2) and a step (1) would need 3, one more than it has. A turma pays 1 + 3 = 4 "
       "for the same trees."),
    code("""
r = move(battle, CenturiaMove("R-C2", ("F",)))
print(r[1][0].text)
print(move(battle, CenturiaMove("R-C2", ("T3", "F"))))
turma = battle.piece("R-T1")
print("turma into trees:", move_cost(battle, turma, parse_label("0607"), tables), "MP; into a field:",
      move_cost(battle, turma, parse_label("1207"), tables), "MP")
"""),
    md("The terrain table (CTA-2): what each kind of ground changes for each kind of unit."),
    code("centuria_terrain_table_en()"),
]
