"""How long the variant legal-moves search takes (VAR-LATERAL + VAR-EMERGENCY), by velocity, on the meeting map.

Prints, per velocity: the end states of the basic search over every acceleration and its time, the variant search
at acceleration 0 (what the skirmish offers, up to `VARIANT_SEARCH_MAX_VELOCITY`) and its time.
Run: python benchmarks/variant_moves.py [velocities...]
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from centurion.game import new_skirmish
from centurion.rules import legal_grav_moves
from centurion.variants import RuleSet, variant_end_states


def main(velocities: list[int]) -> None:
    s = new_skirmish("meeting", seed=3)
    v = s.vehicles[0]
    vt = v.sheet.vehicle
    rules = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
    print(f"{vt.label} on the meeting map, facing {v.facing}")
    print("velocity | basic ends (all accelerations) | time | variant ends (accel 0) | with variant steps | time")
    for vel in velocities:
        g = replace(v.grav(), velocity=vel)
        t = time.perf_counter()
        basic = legal_grav_moves(g, vt, s.battlemap)
        tb = time.perf_counter() - t
        t = time.perf_counter()
        try:
            ends = variant_end_states(g, vt, s.battlemap, rules, accelerate=0)
            var = f"{len(ends)} | {sum(1 for e in ends if e.variant_rules)}"
        except ValueError as exc:
            var = f"gave up: {exc}"[:60] + " |"
        print(f"{vel} | {len(basic)} | {tb:.2f} s | {var} | {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [0, 4, 6, 8, 10, 12])
