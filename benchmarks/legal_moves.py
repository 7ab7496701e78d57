"""Benchmark: legal end states of a grav tank (thrust 8) at velocity 10, 20 and 30 (CEN-GRAV, CEN-SPD).

Run: python benchmarks/legal_moves.py [repeats]   (prints times and state counts; no assertions)
Maps: the two-mapsheet sample battlefield, and a 64 x 64 map of mixed terrain.
'all accelerations' enumerates every acceleration 0..8 (what the rules allow this turn);
'one acceleration' fixes it at 0 (what the map shows while a velocity is chosen).
Each figure is the median of `repeats` calls (default 21) after one warm-up call, with the slowest call
in brackets (Python's garbage collector now and then adds ~10 ms to one call). A map's first search
also builds its step table, once: that time is printed apart. The times include building every
EndState object of the answer.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time

from centurion.data import map_from_rows, sample_map, vehicle_types
from centurion.hexgrid import parse_label
from centurion.rules import GravState, legal_grav_moves
from centurion.rules.reach import step_table


def big_map(n: int = 64, seed: int = 3):
    rng = random.Random(seed)
    terrain = ["".join(rng.choice("........lhb") for _ in range(n)) for _ in range(n)]
    elevation = ["".join(rng.choice("0000112") for _ in range(n)) for _ in range(n)]
    return map_from_rows(terrain, elevation, name="bench64")


def timed_ms(fn, repeat: int) -> tuple[float, float, object]:
    out = fn()  # warm-up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3, max(times) * 1e3, out


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    tank = dataclasses.replace(vehicle_types()["viper"], max_thrust=8)
    maps = [("two mapsheets (44x30)", sample_map(), parse_label("0116"), 2),
            ("64x64", big_map(), parse_label("0532"), 2)]
    print(f"grav tank, thrust 8; median of {repeat} calls [slowest]")
    for name, m, start, facing in maps:
        t = time.perf_counter()
        step_table(m, None)
        print(f"{name}: step table built once in {(time.perf_counter() - t) * 1e3:.1f} ms")
        for v in (10, 20, 30):
            state = GravState.of(tank, start, facing, v)
            ms_all, worst_all, ends = timed_ms(lambda s=state, mm=m: legal_grav_moves(s, tank, mm), repeat)
            ms_one, worst_one, ends_one = timed_ms(
                lambda s=state, mm=m: legal_grav_moves(s, tank, mm, accelerate=0), repeat)
            flying = sum(1 for e in ends if not e.grounded)
            print(f"{name:22s} v{v:<3d} all accelerations: {ms_all:6.1f} ms [{worst_all:5.1f}], {len(ends):5d} end "
                  f"states ({flying} flying on) | one acceleration: {ms_one:5.1f} ms [{worst_one:5.1f}], "
                  f"{len(ends_one):5d} end states")
    # damage that changes the search (book-a §13): a lost vane, a piloting modifier, a quarter of thrust lost
    m, start = maps[0][1], maps[0][2]
    hurt = GravState.of(tank, start, 2, 30, left_vane_lost=True, piloting_modifier=-1, thrust_quarters_lost=1)
    ms, worst, ends = timed_ms(lambda: legal_grav_moves(hurt, tank, m), repeat)
    print(f"{maps[0][0]:22s} v30  damaged (left vane, piloting -1, thrust 8 -> 6): {ms:6.1f} ms [{worst:5.1f}], "
          f"{len(ends):5d} end states")
    down = GravState.of(tank, start, 2, 0, grounded=True)
    ms, worst, ends = timed_ms(lambda: legal_grav_moves(down, tank, m), repeat)
    print(f"{maps[0][0]:22s} grounded, lifting off (all accelerations): {ms:6.1f} ms [{worst:5.1f}], {len(ends):5d} "
          f"end states")
    print("target: under 20 ms for velocity 30 on two mapsheets")


if __name__ == "__main__":
    main()
