"""How long the variant legal-moves searches take, by velocity, on the meeting map (issue 16).

Prints, per velocity:
* the basic search over every acceleration (the engine's numpy search) and its time;
* VAR-LATERAL + VAR-EMERGENCY, VAR-LATERAL alone: the variant search at acceleration 0 (what the skirmish offers,
  up to `variant_search_cap`), its end states, those using a variant step, and its time;
* VAR-MOVETYPE (burn, thrust): `movetype_ends` over every acceleration (the engine's search on the variant in-move
  costs, each end re-resolved by the variant resolver) and its time.
Before issue 16's skirmish work (Python best-first search, VAR-MOVETYPE searched by it at acceleration 0 only,
capped at velocity 8): see docs/decisions.md for the figures side by side.
Run: python benchmarks/variant_moves.py [velocities...]
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from centurion.game import new_skirmish
from centurion.game.variants import movetype_ends, variant_search_cap
from centurion.rules import legal_grav_moves
from centurion.variants import RuleSet, variant_end_states


def _timed(fn):
    t = time.perf_counter()
    try:
        out = fn()
    except ValueError as exc:
        return f"gave up: {exc}"[:40], time.perf_counter() - t
    return out, time.perf_counter() - t


def main(velocities: list[int]) -> None:
    s = new_skirmish("meeting", seed=3)
    v = s.vehicles[0]
    vt = v.sheet.vehicle
    both = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
    lateral = RuleSet.from_names(["VAR-LATERAL"])
    print(f"{vt.label} on the meeting map, facing {v.facing}; skirmish caps: lateral+emergency "
          f"{variant_search_cap(both)}, lateral alone {variant_search_cap(lateral)}")
    print("velocity | basic ends (all accel) time | lateral+emergency (accel 0): ends, variant, time | "
          "lateral alone: ends, variant, time | movetype burn (all accel): ends, time | thrust: ends, time")
    for vel in velocities:
        g = replace(v.grav(), velocity=vel)
        basic, tb = _timed(lambda g=g: legal_grav_moves(g, vt, s.battlemap))
        cells = [f"{vel}", f"{len(basic)} {tb:.2f} s"]
        for rules in (both, lateral):
            ends, t = _timed(lambda g=g, r=rules: variant_end_states(g, vt, s.battlemap, r, accelerate=0))
            n = f"{len(ends)}, {sum(1 for e in ends if e.variant_rules)}" if isinstance(ends, list) else ends
            cells.append(f"{n}, {t:.2f} s")
        for opt in ("burn", "thrust"):
            rules = RuleSet.from_names([f"VAR-MOVETYPE:{opt}"])
            ends, t = _timed(lambda g=g, r=rules: movetype_ends(g, vt, s.battlemap, r))
            cells.append(f"{len(ends) if isinstance(ends, list) else ends}, {t:.2f} s")
        print(" | ".join(cells), flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [0, 4, 6, 8, 10, 12])
