"""Write and execute the rulebook notebooks in notebooks/ (their stored outputs are what nbval checks).

Run `python tools/build_notebooks.py` after changing a chapter here; commit the notebooks.
Cells that only display widgets are marked NBVAL_IGNORE_OUTPUT; every other output is checked.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NB_DIR = ROOT / "notebooks"

md = nbformat.v4.new_markdown_cell


def code(source: str, *, widget: bool = False) -> nbformat.NotebookNode:
    """A code cell; widget cells have their output ignored by nbval."""
    if widget:
        source = "# NBVAL_IGNORE_OUTPUT\n" + source
    return nbformat.v4.new_code_cell(source.strip())


CHAPTERS: dict[str, tuple[str, list]] = {}


def chapter(filename: str, title: str, cells: list) -> None:
    """Register a notebook."""
    CHAPTERS[filename] = (title, cells)


# --- the index ------------------------------------------------------------------
INDEX_ROWS = [
    ("01_battlefield.ipynb", "The battlefield", "HEX-1..4, CEN-TER-1, CTA-2",
     "Mapsheets, hexes and their CCRR labels, terrain, elevation, roads and rivers; the rule tables."),
]

chapter("index.ipynb", "Centurion: the interactive rulebook", [
    md("# Centurion: the interactive rulebook\n\n"
       "A rulebook you learn by doing, for two hex-map wargames: **Renegade Legion: Centurion** "
       "(grav tanks, 200 m hexes, one-minute turns) and **Centuria** (the early Imperial Roman army). "
       "Every chapter explains a mechanic in a few lines, shows it live on the hex map, and checks the "
       "worked examples of the rules against the engine.\n\n"
       "Rule IDs such as `CEN-GRAV-4` refer to the project's spec, `RULES.md`."),
    md("## Contents\n\n" + "\n".join(
        f"{i}. [{title}]({fn}) — {desc} *({ids})*" for i, (fn, title, ids, desc) in enumerate(INDEX_ROWS, 1)
    )),
    md("## Rule index\n\n| Rule | Chapter |\n|---|---|\n" + "\n".join(
        f"| {rid.strip()} | [{title}]({fn}) |"
        for fn, title, ids, _ in INDEX_ROWS for rid in ids.split(",")
    )),
])

# --- chapter 1: the battlefield -------------------------------------------------------
chapter("01_battlefield.ipynb", "The battlefield", [
    md("# The battlefield\n\n"
       "[Back to the contents](index.ipynb)\n\n"
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
print("terrain types:", ", ".join(sorted({cell.terrain for cell in battlefield})))
"""),
    md("## Labels, neighbours and distance\n\n"
       "The labels follow HEX-2: hex 0101 touches 0102 below it and 0201 beside it; hex 0202 touches "
       "0201, 0203, 0102, 0302, 0103 and 0303. Distance counts hex steps."),
    code("""
for label in ("0101", "0202"):
    h = parse_label(label)
    around = [format_label(n) for n in (neighbor(h, f) for f in range(6)) if n in battlefield]
    print(label, "neighbours on the map:", around)
print("distance 0101 -> 4430:", distance(parse_label("0101"), parse_label("4430")))
"""),
    md("## The Terrain Effects Table (CEN-TER-1)\n\n"
       "The cost in velocity points (VP) to enter each terrain, per kind of mover, the speed limit a grav "
       "vehicle may safely carry into it, and the modifier to hit a target standing in it."),
    code("terrain_frame(terrain_table())"),
    md("Moving up or down a slope adds to or takes from the terrain's cost (never below 0), and steep slopes "
       "have a lower speed limit. Slopes of six levels or more use the five-level row (a decision of RULES.md)."),
    code("slope_frame(terrain_table())"),
    md("## The Facing Change Table (CEN-GRAV-4)\n\n"
       "The faster a grav vehicle goes, the more hexes it must travel straight before each one-hexside turn."),
    code("facing_change_frame(facing_change_table())"),
])


def build(names: list[str] | None = None) -> None:
    """Write each notebook and execute it in place."""
    NB_DIR.mkdir(exist_ok=True)
    for filename, (_title, cells) in CHAPTERS.items():
        if names and filename not in names:
            continue
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.metadata["language_info"] = {"name": "python"}
        nb.cells = [nbformat.from_dict(dict(c)) for c in cells]
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"{Path(filename).stem.replace('_', '-')}-{i}"
        NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NB_DIR)}}).execute()
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.metadata = {}
        nbformat.write(nb, NB_DIR / filename)
        print("built", filename)


if __name__ == "__main__":
    build(sys.argv[1:] or None)
