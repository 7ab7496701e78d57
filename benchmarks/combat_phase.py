"""Benchmark: a whole Combat Phase of two platoons against two (CEN-SEQ-3, CEN-CMB-1).

Run: python benchmarks/combat_phase.py [repeats]   (prints times; no assertions; target < 50 ms a phase)
Six TOG vehicles (Horatius, Trajan, Lupus) and two TVLG squads face six Renegade vehicles (Liberator, Viper)
and two squads five hexes apart on the two-mapsheet sample battlefield; every vehicle declares every weapon it
can fire (missiles within the per-turn limits) at the vehicle across from it, each squad fires 2 TVLGs, and
three units paint first. One phase = 3 painting rolls, 16 declarations checked (arcs, ranges, sight, to-hit),
every to-hit, Vulcan, hit-location and damage-column roll, templates and lasers on the record sheets, then all
internal damage applied with its consciousness and ammunition rolls. Each figure is the median of `repeats`
phases (default 41, a new seed each), after one warm-up, with the slowest in brackets. The End Phase (widowed
armor on every sheet) is timed apart.
"""

from __future__ import annotations

import statistics
import sys
import time

from centurion.data import sample_map, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import Hex, format_label, parse_label
from centurion.rules.damage import remove_widowed_armor
from centurion.rules.record import RecordSheet
from centurion.rules.resolution import CombatUnit, SquadOrder, combat_phase
from centurion.rules.targets import Attack


def clear_line(battlemap, row_a: int, row_b: int) -> list[int]:
    """Columns where both rows are clear and level 0 (so every pair sees the other)."""
    out = []
    for col in range(1, battlemap.columns + 1):
        cells = [battlemap[parse_label(f"{col:02d}{r:02d}")] for r in range(row_b, row_a + 1)]
        if all(c.terrain == "clear" and c.level == 0 and not c.building_levels for c in cells):
            out.append(col)
    return out


def setup():
    battlemap = sample_map()
    v = vehicle_types()
    row_a, row_b = None, None
    for ra in range(battlemap.rows, 6, -1):
        cols = clear_line(battlemap, ra, ra - 5)
        if len(cols) >= 6:
            row_a, row_b = ra, ra - 5
            break
    if row_a is None:
        raise SystemExit("no clear stretch of six columns on the sample map")
    cols = cols[:6]
    tog = ["horatius", "horatius", "trajan", "horatius", "lupus", "trajan"]
    rl = ["liberator", "viper", "liberator", "viper", "liberator", "viper"]
    units = {}
    for i, c in enumerate(cols):
        units[f"T{i}"] = CombatUnit(f"T{i}", "TOG", parse_label(f"{c:02d}{row_a:02d}"), 0,
                                    RecordSheet.of(v[tog[i]]), velocity=2)
    for i, c in enumerate(cols):
        units[f"R{i}"] = CombatUnit(f"R{i}", "RL", parse_label(f"{c:02d}{row_b:02d}"), 3,
                                    RecordSheet.of(v[rl[i]]), velocity=3)
    decl = []
    for i in range(6):
        for me, foe in ((f"R{i}", f"T{i}"), (f"T{i}", f"R{i}")):
            atks, used = [], {"SMLM": 0, "TVLG": 0}
            for n, w in enumerate(units[me].sheet.vehicle.weapons):
                if w.type.startswith("Vulcan"):
                    continue
                if w.type.startswith(("SMLM", "TVLG")):
                    kind = w.type[:4]
                    if used[kind] >= (1 if kind == "SMLM" else 2):
                        continue
                    used[kind] += 1
                atks.append(Attack(n, foe, shell="HEAP" if "Gauss" in w.type else None))
            decl.append((me, atks, None))
    # two dismounted TVLG squads a side, beside their vehicles, fire 2 TVLGs each at the vehicle across
    for side, row, foes in (("TOG", row_a, "R"), ("RL", row_b, "T")):
        for i in (0, 5):
            key = f"{side}-sq{i}"
            units[key] = CombatUnit(key, side, parse_label(f"{cols[i]:02d}{row:02d}"), men=8)
            decl.append(SquadOrder(key, "tvlg", f"{foes}{i}", count=2))
    paints = [("T4", "R4"), ("R1", "T1"), ("R3", "T3")]
    return battlemap, units, decl, paints


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 41
    battlemap, units, decl, paints = setup()
    first: Hex = units["T0"].hex
    vehicle_attacks = sum(len(d[1]) for d in decl if not isinstance(d, SquadOrder))
    print(f"battlefield {battlemap.columns}x{battlemap.rows}; TOG row {format_label(first)[2:]}, 12 vehicles and "
          f"4 squads, {vehicle_attacks} vehicle attacks and 4 squad TVLG volleys declared, {len(paints)} painting "
          "attempts")
    combat_phase(battlemap, units, decl, Dice(0), paints=paints)  # warm-up
    times, rolls, refused = [], [], 0
    for seed in range(1, repeat + 1):
        dice = Dice(seed)
        t = time.perf_counter()
        res = combat_phase(battlemap, units, decl, dice, paints=paints)
        times.append(time.perf_counter() - t)
        rolls.append(len(res.rolls))
        refused += sum(not hasattr(f, "hits") for f in res.fire)
    after = res.units
    t = time.perf_counter()
    for u in after.values():
        if u.sheet is not None:
            remove_widowed_armor(u.sheet)
    end = time.perf_counter() - t
    print(f"combat phase (declare + resolve + internals): median {statistics.median(times) * 1000:.1f} ms "
          f"[max {max(times) * 1000:.1f} ms] over {repeat} seeds; {statistics.median(rolls):.0f} rolls a phase; "
          f"{refused} declarations refused")
    print(f"end phase, widowed armor on 12 sheets: {end * 1000:.2f} ms")


if __name__ == "__main__":
    main()
