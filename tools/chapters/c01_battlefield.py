"""Chapter 1: The battlefield — the source of notebooks/01_battlefield.ipynb."""

from chapters.common import BACK, checks, code, md

TITLE = "The battlefield"

CELLS = [
    md("# The battlefield\n\n"
       + BACK +
       "Centurion is played on mapsheets of hexes. Each hex is 200 m across, each game turn is one "
       "minute, and each elevation level is 20 m of height (HEX-1). A standard battle uses two "
       "mapsheets side by side; here a mapsheet is 22 columns by 30 rows (HEX-4).\n\n"
       "Hexes are flat-topped and stand in columns. A hex is named by four digits **CCRR**: its column, "
       "then its row, both counted from 01. Even-numbered columns sit half a hex lower than odd ones "
       "(HEX-2). A vehicle faces one of the six hexsides, numbered 0 (north) to 5 clockwise (HEX-3).\n\n"
       "**Try it:** click any hex of the map to see its label, terrain, elevation, and what it costs a "
       "grav vehicle to enter. Tick *CCRR labels* to print every label on the map."),
    code("""
from centurion.data import sample_map, terrain_table, facing_change_table
from centurion.data.frames import terrain_frame, slope_frame, facing_change_frame
from centurion.hexgrid import parse_label, format_label, distance, neighbor
from centurion.widgets import HexMapView

battlefield = sample_map()
view = HexMapView(battlefield, terrain_table())
view
""", widget=True),
    md("## What is on the map\n\n"
       "The sample battlefield has every terrain type of the Terrain Effects Table: clear ground, light and "
       "heavy woods, a river, a lake, a town of buildings up to three levels, and rubble. A hill climbs to "
       "level 5 on the first sheet; dark brown edges are contour lines, drawn where a hex is higher than its "
       "neighbour. A road (brown line) crosses both sheets and bridges the river (blue line). Small discs mark "
       "counters: a crater, rubble, smoke and a minefield."),
    code("""
sheets = ", ".join(f"{s.name}: columns {s.first_column:02d}-{s.last_column:02d}" for s in battlefield.mapsheets)
print(f"{battlefield.name}: {len(battlefield)} hexes ({battlefield.columns} columns x {battlefield.rows} rows)")
print(sheets)
print("highest level:", max(cell.level for cell in battlefield))
print("terrain types:", ", ".join(sorted({cell.terrain.replace("_", " ") for cell in battlefield})))
"""),
    md("## Labels, neighbours and distance\n\n"
       "The labels follow HEX-2: hex 0101 touches 0102 below it and 0201 beside it; hex 0202 touches "
       "0201, 0203, 0102, 0302, 0103 and 0303. Distance counts hex steps."),
    code("""
for label in ("0101", "0202"):
    h = parse_label(label)
    around = [format_label(n) for n in (neighbor(h, f) for f in range(6)) if n in battlefield]
    print(f"{label} touches {', '.join(around[:-1])} and {around[-1]} on the map")
print("distance 0101 -> 4430:", distance(parse_label("0101"), parse_label("4430")))
"""),
    checks('check_book("HEX-2: the neighbours of 0202", sorted(format_label(neighbor(parse_label("0202"), f)) '
           'for f in range(6)), ["0102", "0103", "0201", "0203", "0302", "0303"])'),
    md("## The Terrain Effects Table (CEN-TER-1)\n\n"
       "The cost in velocity points (VP) to enter each terrain, per kind of mover, the speed limit a grav "
       "vehicle may safely carry into it, and the modifier to hit a target standing in it."),
    code("import pandas as pd\npd.set_option(\"display.max_colwidth\", None)  # every restriction in full (W12)\n"
         "terrain_frame(terrain_table())"),
    md("Moving up or down a slope adds to or takes from the terrain's cost (never below 0), and steep slopes "
       "have a lower speed limit. Slopes of six levels or more use the five-level row (a decision of RULES.md)."),
    code("slope_frame(terrain_table())"),
    md("## The Facing Change Table (CEN-GRAV-4)\n\n"
       "The faster a grav vehicle goes, the more hexes it must travel straight before each one-hexside turn."),
    code("from centurion.data.frames import facing_change_frame\nfrom centurion.data import facing_change_table\n"
         "facing_change_frame(facing_change_table())"),
]
