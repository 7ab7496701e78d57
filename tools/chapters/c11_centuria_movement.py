"""Chapter 11: Centuria: orientation and movement — the source of notebooks/11_centuria_movement.ipynb."""

from chapters.common import BACK, CTA_SETUP, checks, code, md

TITLE = "Centuria: orientation and movement"

CELLS = [
    md("# Centuria: orientation and movement\n\n" + BACK +
       "Every piece faces one hexside. It moves into the hex ahead or one of the two hexes at its front corners; "
       "each hex costs 1 movement point, and the ground changes how far the unit may go: a move's movement value is "
       "the unit's own plus the worst terrain modifier of the hexes it starts in or enters, never below 1 (CTA-MOVE, "
       "table CTA-2). A centuria (2) stepping into trees (−1) has 1; a turma (4) has 1 in trees (−3) and 3 across "
       "a field (−1). Turning to a new front or flank hexside costs 1, an about-face 2. The subpraefectus moves 2 "
       "with infantry and 4 with cavalry. An idle or dissolving unit stands: it neither moves nor turns "
       "(CTA-MORALE).\n\n"
       "**Try it:** click a Roman unit, plot a move with the buttons (or ↑, Q, E and ←/→ once the map has focus) "
       "and press *Move*. A plot that breaks a rule is refused with its rule ID."),
    code(CTA_SETUP + "from centurion.widgets.reference import centuria_terrain_table_en"),
    code("""
from centurion.widgets import CenturiaTable
movement_table = CenturiaTable(battle, mode="move")
movement_table
""", widget=True),
    md("## Worked examples\n\nR-C2 (a centuria, movement 2) faces trees at 0607: a move into them has a movement "
       "value of 2 − 1 = 1, so one step is all it makes; an about-face (2) and a step (1) would need 3. A turma "
       "(movement 4) has 1 in the same trees and 3 across a field."),
    code("""
r = move(battle, CenturiaMove("R-C2", ("F",)))
print(r[1][0].text)
print(move(battle, CenturiaMove("R-C2", ("T3", "F"))))
turma = battle.piece("R-T1")
for where in ("0607", "1207"):
    value = movement_value(battle, turma, [turma.hex, parse_label(where)], tables)
    print(f"A turma moving into {where} ({battle.terrain(parse_label(where))}): movement value {value}")
"""),
    checks('check_book("CTA-2: a turma into the trees at 0607, movement value", movement_value(battle, turma, '
           '[turma.hex, parse_label("0607")], tables), 1)',
           'check_book("CTA-2: a turma across the field at 1207", movement_value(battle, turma, [turma.hex, '
           'parse_label("1207")], tables), 3)',
           'check_book("CTA-2: R-C2 steps into the trees at", format_label(move(battle, CenturiaMove("R-C2", ("F",'
           ')))[0].piece("R-C2").hex), "0607")',
           'check_book("CTA-2: about-face and a step into the trees need 3 of 1", getattr(move(battle, '
           'CenturiaMove("R-C2", ("T3", "F"))), "rule", None), "CTA-MOVE")'),
    md("The terrain table (CTA-2): what each kind of ground changes for each kind of unit. The *road* rows for the "
       "ballista and the tormentum are the source's \"(Ziel)\" rows: they apply when the engine's **target** stands "
       "on the road, and change the sum the engine rolls against (CTA-MOVE, our reading)."),
    code("centuria_terrain_table_en()"),
]
