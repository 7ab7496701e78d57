"""Write data/maps/battlefield.yaml: the two-mapsheet sample battlefield (HEX-4, CEN-TER-1).

Run once by hand (`python tools/make_sample_map.py`); the YAML it writes is the data.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from centurion.hexgrid import distance, format_label, from_offset, hex_range, line, to_offset

COLUMNS, ROWS = 44, 30
OUT = Path(__file__).resolve().parent.parent / "data" / "maps" / "battlefield.yaml"


def chain(points: list[tuple[int, int]]) -> list:
    hexes = []
    for (c1, r1), (c2, r2) in pairwise(points):
        for step in line(from_offset(c1, r1), from_offset(c2, r2)):
            h = step[0]
            if not hexes or hexes[-1] != h:
                hexes.append(h)
    assert all(distance(a, b) == 1 for a, b in pairwise(hexes))
    return hexes


def main() -> None:
    terrain = {from_offset(c, r): "." for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)}
    level = dict.fromkeys(terrain, 0)

    def paint(center: tuple[int, int], radius: int, ch: str) -> None:
        for h in hex_range(from_offset(*center), radius):
            if h in terrain:
                terrain[h] = ch

    # Sheet A: a five-level hill with woods on its shoulders, a low ridge, a lake.
    top = from_offset(8, 9)
    for h in hex_range(top, 5):
        if h in level:
            level[h] = max(level[h], 5 - distance(h, top) if distance(h, top) <= 4 else 0)
    ridge = from_offset(17, 24)
    for h in hex_range(ridge, 3):
        if h in level:
            level[h] = max(level[h], 2 - distance(h, ridge) // 2)
    paint((5, 6), 1, "l")
    paint((11, 12), 1, "h")
    paint((12, 4), 2, "l")
    paint((3, 19), 2, "h")
    paint((7, 24), 2, "w")
    paint((20, 5), 1, "h")
    paint((19, 28), 1, "l")

    # Sheet B: a town on a low rise, woods, rubble.
    town = from_offset(33, 12)
    for h in hex_range(town, 3):
        level[h] = 1
    paint((33, 12), 1, "b")
    paint((31, 14), 0, "b")
    paint((35, 10), 0, "b")
    paint((36, 13), 0, "x")
    paint((40, 23), 2, "h")
    paint((27, 25), 2, "l")
    paint((42, 4), 1, "l")
    paint((26, 5), 1, "h")
    hill_b = from_offset(38, 20)
    for h in hex_range(hill_b, 3):
        if h in level:
            level[h] = max(level[h], 3 - distance(h, hill_b))

    # A river from the north edge into the lake's neighbourhood, and a road across both sheets.
    river = chain([(15, 1), (14, 10), (16, 18), (10, 27), (9, 24)])
    for h in river:
        terrain[h] = "~"
        level[h] = 0
    road = chain([(1, 16), (14, 16), (24, 13), (33, 13), (44, 15)])

    buildings = {"3312": 3, "3212": 2, "3412": 2, "3311": 1, "3313": 2, "3411": 1, "3211": 1, "3114": 1, "3510": 2}
    for label in buildings:
        c, r = int(label[:2]), int(label[2:])
        assert terrain[from_offset(c, r)] == "b", label

    def row_text(grid: dict, r: int) -> str:
        return "".join(str(grid[from_offset(c, r)]) for c in range(1, COLUMNS + 1))

    lines = [
        "# The sample battlefield: two Centurion mapsheets side by side (HEX-4: 22 columns x 30 rows",
        "# each). Written by tools/make_sample_map.py. Terrain and elevation are one string a row,",
        "# one character a column (CCRR labels: column then row, from 01).",
        "name: Two-sheet battlefield",
        f"columns: {COLUMNS}",
        f"rows: {ROWS}",
        "mapsheets:",
        "  - {name: Sheet A, first_column: 1, last_column: 22}",
        "  - {name: Sheet B, first_column: 23, last_column: 44}",
        'legend: {".": clear, "l": light_woods, "h": heavy_woods, "~": river, "w": lake, "b": building, "x": rubble}',
        "terrain:",
        *[f'  - "{row_text(terrain, r)}"' for r in range(1, ROWS + 1)],
        "elevation:",
        *[f'  - "{row_text(level, r)}"' for r in range(1, ROWS + 1)],
        "buildings: {" + ", ".join(f'"{k}": {v}' for k, v in buildings.items()) + "}",
        "roads:",
        "  - name: Via Militaris",
        "    hexes: " + " ".join(format_label(h) for h in road),
        "rivers:",
        "  - name: Blue River",
        "    hexes: " + " ".join(format_label(h) for h in river),
        "counters:",
        "  - {hex: '2816', kind: crater}",
        "  - {hex: '3613', kind: rubble}",
        "  - {hex: '2220', kind: smoke}",
        "  - {hex: '4027', kind: minefield}",
    ]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(terrain)} hexes; road {len(road)} hexes, river {len(river)} hexes)")
    assert to_offset(road[0]) == (1, 16)


if __name__ == "__main__":
    main()
