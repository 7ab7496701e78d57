"""How long the variant legal-moves searches take, by velocity, on the meeting map (issue 16).

Prints, per velocity, for the first Liberator and the first Horatius of the meeting scenario:
* basic: the engine's numpy search over every acceleration, its end states and time;
* L+E: VAR-LATERAL + VAR-EMERGENCY, the variant search at acceleration 0: its end states, before (every end
  resolved by `resolve_variant_move`, `resolve_each=True`, the search as it was) and after (ends built from the
  search's own account, float heap keys) — the same results, checked by tests;
* game L+E / game L: what the skirmish spends per vehicle (`variant_ends`: every acceleration up to
  `ALL_ACCELERATIONS_MAX_VELOCITY`, acceleration 0 up to `variant_search_cap`, '-' above it);
* movetype burn / thrust: `movetype_ends` over every acceleration (the engine's search on the variant in-move
  costs, each end re-resolved by the variant resolver).
Run: python benchmarks/variant_moves.py [velocities...]
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from centurion.game import new_skirmish
from centurion.game.variants import movetype_ends, variant_accelerations, variant_ends, variant_search_cap
from centurion.rules import legal_grav_moves
from centurion.variants import RuleSet, variant_end_states


def _timed(fn, *args, **kw):
    t = time.perf_counter()
    try:
        out = fn(*args, **kw)
    except ValueError as exc:
        return f"gave up: {exc}"[:30], time.perf_counter() - t
    return out, time.perf_counter() - t


def main(velocities: list[int]) -> None:
    s = new_skirmish("meeting", seed=3)
    both = RuleSet.from_names(["VAR-LATERAL", "VAR-EMERGENCY"])
    lateral = RuleSet.from_names(["VAR-LATERAL"])
    print(f"skirmish caps: L+E {variant_search_cap(both)}, L alone {variant_search_cap(lateral)}")
    for v in (s.vehicles[0], s.vehicles[3]):
        vt = v.sheet.vehicle
        print(f"\n{vt.label} (thrust {vt.max_thrust}), facing {v.facing}")
        print("velocity | basic: ends, time | L+E accel 0: ends, before -> after | game L+E: ends, time | "
              "game L: ends, time | movetype burn: ends, time | thrust: ends, time")
        for vel in velocities:
            g = replace(v.grav(), velocity=vel)
            basic, tb = _timed(legal_grav_moves, g, vt, s.battlemap)
            cells = [f"{vel}", f"{len(basic)}, {tb:.2f} s"]
            before, t0 = _timed(variant_end_states, g, vt, s.battlemap, both, accelerate=0, resolve_each=True)
            after, t1 = _timed(variant_end_states, g, vt, s.battlemap, both, accelerate=0)
            n = len(after) if isinstance(after, list) else after
            cells.append(f"{n}, {t0:.2f} s -> {t1:.2f} s" + ("" if before == after else " (DIFFER)"))
            for rules in (both, lateral):
                if not variant_accelerations(g, vt, rules):
                    cells.append("-")
                    continue
                ends, t = _timed(variant_ends, g, vt, s.battlemap, rules, basic)
                cells.append(f"{len(ends)}, {t:.2f} s")
            for opt in ("burn", "thrust"):
                rules = RuleSet.from_names([f"VAR-MOVETYPE:{opt}"])
                ends, t = _timed(movetype_ends, g, vt, s.battlemap, rules)
                cells.append(f"{len(ends) if isinstance(ends, list) else ends}, {t:.2f} s")
            print(" | ".join(cells), flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [0, 4, 6, 8, 10, 12, 14])
