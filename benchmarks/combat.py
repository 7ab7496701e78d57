"""Benchmark: line of sight and a Combat Phase on the two-mapsheet battlefield (CEN-LOS-1, CEN-CMB-1).

Run: python benchmarks/combat.py [repeats]   (prints times; no assertions)

* sight table: the per-map height arrays, built once per map (first call);
* one to all: every hex a unit in one hex sees, with the blocking hex of the others (`sight_from`), for 60
  origins spread over the map; the median and the slowest call;
* 12 units: all 66 sight lines between 12 units, each answered by `line_of_sight` with its deciding hex,
  and the same through 12 one-to-all calls;
* declarations: two platoons against two (12 vehicles) declaring every attack they can make on the nearest
  enemy in sight (arcs, ranges, sight, to-hit breakdowns);
* combat phase: the same two platoons against two resolved by `resolution.combat_phase` (declarations, to-hit
  rolls, hit location, templates, internals after all fire), from a seeded dice source.
* the fuller phase of `combat_phase.py` (painting, squads, internals, the End Phase), run from here too.
Each figure is the median of `repeats` runs (default 21) after one warm-up run, with the slowest in brackets.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time

from centurion.data import sample_map, vehicle_types
from centurion.dice import Dice
from centurion.hexgrid import arcs, distance, from_offset
from centurion.rules.sight import SightTable, line_of_sight, sight_from
from centurion.rules.targets import Attack, FirePlan, FirerView, TargetView, declare_fire, shield_factors


def timed_ms(fn, repeat: int) -> tuple[float, float, object]:
    out = fn()  # warm-up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3, max(times) * 1e3, out


# two platoons a side facing each other across the middle of the map (columns 14-18 and 27-31)
RENEGADE = [("viper", 14, 6), ("liberator", 15, 9), ("liberator", 14, 12), ("viper", 16, 18), ("liberator", 15, 21),
            ("liberator", 17, 24)]
TOG = [("horatius", 29, 5), ("horatius", 30, 10), ("horatius", 28, 13), ("horatius", 31, 17), ("horatius", 29, 22),
       ("horatius", 30, 25)]


def units():
    v = vehicle_types()
    out = []
    for side, group, facing in (("renegade", RENEGADE, 2), ("tog", TOG, 5)):
        for i, (kind, c, r) in enumerate(group, start=1):
            out.append((f"{side}-{i}", side, kind, v[kind], from_offset(c, r), facing))
    return out


def declarations(m, us):
    """Each vehicle fires everything that bears at its nearest enemy in sight, missiles one at a time."""
    plans = []
    for key, side, _kind, vt, h, facing in us:
        enemies = sorted((u for u in us if u[1] != side), key=lambda u: distance(h, u[4]))
        for ekey, _es, _ek, evt, eh, efacing in enemies:
            if not line_of_sight(m, h, eh).seen:
                continue
            turret = arcs(h, 0, eh)[0]  # turn the turret toward the target
            target = TargetView(ekey, eh, efacing, shields=shield_factors(evt))
            attacks, smlm, tvlg = [], 0, 0
            for i, w in enumerate(vt.weapons):
                shell = "HEAP" if "Gauss" in w.type else None
                if "SMLM" in w.type:
                    if smlm:
                        continue
                    smlm = 1
                if "TVLG" in w.type:
                    if tvlg >= 2:
                        continue
                    tvlg += 1
                a = Attack(i, ekey, shell)
                ok = declare_fire(m, FirerView(key, h, facing, vt.weapons), [*attacks, a], [target],
                                  turret_facing=turret)
                if isinstance(ok, FirePlan):
                    attacks.append(a)
            if attacks:
                plans.append((key, attacks, turret))
            break
    return plans


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    m = sample_map()
    print(f"map: {m.name}, {len(m)} hexes; median of {repeat} runs [slowest]")
    t = time.perf_counter()
    SightTable(m)
    print(f"sight table built once: {(time.perf_counter() - t) * 1e3:.2f} ms")

    hexes = list(m.hexes)
    origins = random.Random(11).sample(hexes, 60)
    sight_from(m, origins[0])  # the cached table
    per_origin = []
    for o in origins:
        ms, worst, sm = timed_ms(lambda o=o: sight_from(m, o), max(3, repeat // 4))
        per_origin.append((ms, worst, len(sm.visible)))
    med = statistics.median(p[0] for p in per_origin)
    worst = max(p[1] for p in per_origin)
    seen = statistics.median(p[2] for p in per_origin)
    print(f"one hex to all {len(hexes)} hexes: {med:6.2f} ms median over {len(origins)} origins "
          f"[{worst:5.2f} slowest call]; median {seen:.0f} hexes in sight")

    us = units()
    pairs = list(itertools.combinations([u[4] for u in us], 2))
    ms, worst, lines = timed_ms(lambda: [line_of_sight(m, a, b) for a, b in pairs], repeat)
    open_lines = sum(1 for s in lines if s.seen)
    print(f"12 units, all {len(pairs)} sight lines (line_of_sight, deciding hex): {ms:6.2f} ms [{worst:5.2f}]; "
          f"{open_lines} open")
    ms, worst, _ = timed_ms(lambda: [sight_from(m, u[4]) for u in us], repeat)
    print(f"12 units through 12 one-to-all calls: {ms:6.2f} ms [{worst:5.2f}]")

    ms, worst, plans = timed_ms(lambda: declarations(m, us), repeat)
    print(f"two platoons against two: declaring every attack on the nearest enemy in sight: {ms:6.2f} ms "
          f"[{worst:5.2f}]; {len(plans)} firing units, {sum(len(p[1]) for p in plans)} attacks")

    try:
        from centurion.rules.record import RecordSheet
        from centurion.rules.resolution import CombatUnit, combat_phase
    except ImportError as exc:  # the damage rules are another module's work
        print(f"combat phase: not measured ({exc})")
        return
    live = {key: CombatUnit(key, side, h, facing, RecordSheet.of(vt)) for key, side, _k, vt, h, facing in us}

    def phase():
        return combat_phase(m, live, plans, Dice(seed=7))

    ms, worst, res = timed_ms(phase, repeat)
    refused = sum(1 for f in res.fire if not hasattr(f, "hits"))
    print(f"combat phase, two platoons against two ({len(plans)} firing units): {ms:6.2f} ms [{worst:5.2f}]; "
          f"{len(res.rolls)} rolls, {refused} declarations refused")

    # the fuller phase with painting, squads and the End Phase lives beside this file
    import combat_phase

    print("--- benchmarks/combat_phase.py (painting, squads, internals, End Phase) ---")
    sys.argv[1:] = [str(max(repeat, 21))]
    combat_phase.main()


if __name__ == "__main__":
    main()
