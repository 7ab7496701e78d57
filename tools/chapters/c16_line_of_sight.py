"""Chapter 16: Line of sight — the source of notebooks/16_line_of_sight.ipynb."""

from chapters.common import BACK, SETUP, checks, code, md

TITLE = "Line of sight"

SKETCH = """
from dataclasses import replace
from types import MappingProxyType
from centurion.hexgrid import from_offset, to_offset, neighbor
from centurion.rules.sight import line_of_sight, blocking_height, sight_from

def sketch(cells, columns=9, rows=10, buildings=None):
    "A small map from {hex: (terrain letter, level)}; everything else is clear ground at level 0."
    terrain = [["."] * columns for _ in range(rows)]
    levels = [["0"] * columns for _ in range(rows)]
    for h, (ch, lv) in cells.items():
        c, r = to_offset(h)
        terrain[r - 1][c - 1], levels[r - 1][c - 1] = ch, str(lv)
    m = map_from_rows(["".join(r) for r in terrain], ["".join(r) for r in levels])
    if buildings:
        hexes = dict(m.hexes)
        for h, n in buildings.items():
            hexes[h] = replace(hexes[h], building_levels=n)
        m = replace(m, hexes=MappingProxyType(hexes))
    return m

def walk(h, *facings):
    for f in facings:
        h = neighbor(h, f)
    return h

def verdict(m, a, b):
    s = line_of_sight(m, a, b)
    where = f", deciding hex {format_label(s.deciding)} ({s.kind})" if s.deciding else ""
    return f"{format_label(a)} -> {format_label(b)}: {'seen' if s.seen else 'NOT seen'}{where}. {s.reason}"
"""

CELLS = [
    md("# Line of sight\n\n" + BACK +
       "Two units see each other when the straight line between their hex centres is open (CEN-LOS-1). Every hex "
       "that line runs through counts, however short the stretch inside it; a hex it only touches at a corner "
       "does not. Each hex "
       "has a **height for sight**: its ground level, plus 1 for woods, plus the levels of a building; rubble adds "
       "nothing. Smoke counts as heavy woods: one level above the ground wherever it lies, over rubble too, but "
       "never on top of woods or a building (CEN-LOS-1). A hex on the line blocks when it is *higher than the "
       "taller "
       "of the two units*. Units stand at their hex's ground level: the trees in their own hex never block.\n\n"
       "Two more cases close a line even when nothing is higher than the taller unit. A **dead zone**: when one "
       "unit is lower, the hex right next to the lower unit blocks if it is at least as high as the higher unit "
       "(you cannot see over the lip of a plateau to its foot). A **spine**: when the line runs exactly along "
       "the hexside between two hexes, the defender chooses which one counts, so the higher one does. Adjacent "
       "units always see each other.\n\n"
       "**Try it:** the next click places the firer (F) or the target (T). The line is drawn, every hex it "
       "crosses is shaded by what it does (the table under the map lists them with their heights), and the "
       "deciding hex is outlined. Hover a hex to read its height. Tick the box to shade every hex the firer "
       "sees (the one-to-all sight table the skirmish uses)."),
    code("""
from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label
from centurion.widgets.sight_view import SightExplorer
sight = SightExplorer(sample_map(), terrain_table(), firer=parse_label("0520"), target=parse_label("0513"))
sight
""", widget=True),
    code(SETUP),
    code(SKETCH),
    md("The same explorer answers in code: the firer's line to 0513 is closed by the heavy woods in 0519 (level 0 "
       "ground + 1 for the woods, above both units' level 0); from 0620 the "
       "line to 0613 is open."),
    code("""
print(verdict(battlefield, parse_label("0520"), parse_label("0513")))
print(verdict(battlefield, parse_label("0620"), parse_label("0613")))
"""),
    md("## Worked example E18: a Viper in the woods on a level-2 hill\n\n"
       "The Viper V stands in woods on a level-2 hill. B (next to it), C (down the north slope) and D (at the "
       "foot) are all in sight. E lies beyond a wooded level-2 hex: the trees make that hex 3 high, above the "
       "Viper's level 2, so E is hidden. F sits on level 4 behind the same kind of trees and is seen. G lies "
       "along a spine between a wooded hex and a clear one: the defender picks the trees, so G is hidden too — "
       "and seen once those trees are gone (CEN-LOS-1)."),
    code("""
V = from_offset(5, 6)
def e18_map(g_trees=True):
    cells = {V: ("l", 2), walk(V, 0): (".", 2), walk(V, 0, 0): (".", 1), walk(V, 0, 0, 0): (".", 1),
             walk(V, 3): (".", 1), walk(V, 3, 3): (".", 0), walk(V, 3, 3, 3): (".", 0),
             walk(V, 1): ("l", 2), walk(V, 1, 1): (".", 2), walk(V, 1, 1, 1): (".", 2),
             walk(V, 2): ("l", 2), walk(V, 2, 2): (".", 3), walk(V, 2, 2, 2): (".", 4),
             walk(V, 5): ("l" if g_trees else ".", 2), walk(V, 4): (".", 2), walk(V, 4, 5): (".", 2)}
    return sketch(cells)
m = e18_map()
for name, target in [("B", walk(V, 0)), ("C", walk(V, 0, 0, 0)), ("D", walk(V, 3, 3, 3)), ("E", walk(V, 1, 1, 1)),
                     ("F", walk(V, 2, 2, 2)), ("G", walk(V, 4, 5))]:
    print(name, "|", verdict(m, V, target))
print("height of the trees toward E:", blocking_height(m, walk(V, 1)))
s = line_of_sight(m, V, walk(V, 4, 5))
(pair, pick), = s.spines
print("spine toward G between", " and ".join(format_label(h) for h in pair), "- the defender picks", format_label(pick))
print("G without those trees:", "seen" if line_of_sight(e18_map(g_trees=False), V, walk(V, 4, 5)).seen else "not seen")
"""),
    checks('e18 = {name: line_of_sight(m, V, t).seen for name, t in [("B", walk(V, 0)), ("C", walk(V, 0, 0, 0)), ('
           '"D", walk(V, 3, 3, 3)), ("E", walk(V, 1, 1, 1)), ("F", walk(V, 2, 2, 2)), ("G", walk(V, 4, 5))]}',
           'check_book("book-a E18: the Viper sees", sorted(k for k, seen in e18.items() if seen), ["B", "C", "D", '
           '"F"])',
           'check_book("book-a E18: G once the trees are gone", line_of_sight(e18_map(g_trees=False), V, walk(V, 4,'
           ' 5)).seen, True)'),
    md("## Worked example E19: a Liberator at the foot of a level-3 plateau\n\n"
       "The plateau starts in the hexes right in front of the Liberator A. The Horatii up on it are in the dead "
       "zone: the plateau edge next to the Liberator is as high as they are. Behind the Liberator a one-level "
       "building hides a Viper standing on the same ground. From the plateau the Horatii see past a one-level "
       "building to B, but not past a three-level one: that building is next to the lower unit and as high as "
       "the Horatii (CEN-LOS-1)."),
    code("""
A = from_offset(5, 7)
def e19_map(building_levels=1):
    cells = {A: (".", 0), walk(A, 3): ("b", 0), walk(A, 3, 3): (".", 0)}
    for f in (0, 1, 5):
        for path in ((f,), (f, f), (f, f, f)):
            cells[walk(A, *path)] = (".", 3)
    return sketch(cells, buildings={walk(A, 3): building_levels})
m = e19_map()
print("Horatius on the plateau |", verdict(m, A, walk(A, 0, 0)))
print("Viper behind the house  |", verdict(m, A, walk(A, 3, 3)))
print("plateau to B, 1 level   |", verdict(e19_map(1), walk(A, 0, 0), walk(A, 3, 3)))
print("plateau to B, 3 levels  |", verdict(e19_map(3), walk(A, 0, 0), walk(A, 3, 3)))
"""),
    checks('check_book("book-a E19: the Liberator sees the Horatii on the plateau", line_of_sight(m, A, walk(A, 0, '
           '0)).seen, False)',
           'check_book("book-a E19: nor the Viper behind the building", line_of_sight(m, A, walk(A, 3, 3)).seen, '
           'False)',
           'check_book("book-a E19: the Horatii see B over 1 level", line_of_sight(e19_map(1), walk(A, 0, 0), walk('
           'A, 3, 3)).seen, True)',
           'check_book("book-a E19: not over 3 levels", line_of_sight(e19_map(3), walk(A, 0, 0), walk(A, 3, '
           '3)).seen, False)'),
    md("## Everything one unit sees\n\nThe one-to-all table answers for every hex at once; the skirmish and the "
       "opportunity-fire rule (CEN-OPP-1) use it."),
    code("""
seen = sight_from(battlefield, parse_label("0520"))
print(f"from 0520: {len(seen.visible)} of {len(battlefield.hexes)} hexes in sight;",
      "0513 blocked by", format_label(seen.blocker(parse_label("0513"))))
"""),
]
