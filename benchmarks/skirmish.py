"""Benchmark of the skirmish game layer (issue 14): the computer's decision times and whole games.

For each scenario and bot level, a whole game bot against bot: the time of every decision (median, p95,
max), the number of decisions, the game's wall time, and the time to load its save (a replay).
Run: python benchmarks/skirmish.py [--seeds 0 1 2] [--levels novice veteran] [--variants VAR-INIT VAR-RAM ...]
(`--variants all` turns every fan-variant switch on, VAR-MOVETYPE as 'burn').
Target (issue 14): p95 under 1 s per decision on the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from centurion.game import bot_action, load, new_skirmish, scenarios
from centurion.variants import VARIANTS, RuleSet


def play(name: str, seed: int, level: str, variants: tuple[str, ...] = ()) -> dict:
    """One whole game; the figures."""
    s = new_skirmish(name, seed=seed, variants=variants)
    times: list[float] = []
    t0 = time.perf_counter()
    while not s.over:
        t = time.perf_counter()
        a = bot_action(s, level)
        times.append(time.perf_counter() - t)
        s = s.apply(a)
    wall = time.perf_counter() - t0
    t = time.perf_counter()
    load(s.to_json())
    return {"times": times, "wall": wall, "load": time.perf_counter() - t, "turns": s.turn,
            "result": s.result}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="*", default=[0, 1])
    ap.add_argument("--levels", nargs="*", default=["novice", "veteran"])
    ap.add_argument("--variants", nargs="*", default=[], help="fan-variant switches (VAR-*), or 'all'")
    args = ap.parse_args()
    variants = tuple(VARIANTS) if args.variants == ["all"] else tuple(args.variants)
    if variants:
        print("variants:", ", ".join(RuleSet.from_names(variants).names))
    all_times: list[float] = []
    print(f"{'scenario':10} {'level':8} {'seed':>4} {'decisions':>9} {'median ms':>9} {'p95 ms':>7} {'max ms':>7} "
          f"{'game s':>7} {'load s':>6} {'turns':>5}  result")
    for name in scenarios():
        for level in args.levels:
            for seed in args.seeds:
                r = play(name, seed, level, variants)
                ts = sorted(r["times"])
                all_times += ts
                p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
                res = r["result"]
                what = "draw" if res.winner is None else f"{res.level} {res.winner}"
                print(f"{name:10} {level:8} {seed:>4} {len(ts):>9} {statistics.median(ts) * 1000:>9.1f} "
                      f"{p95 * 1000:>7.0f} {ts[-1] * 1000:>7.0f} {r['wall']:>7.1f} {r['load']:>6.2f} "
                      f"{r['turns']:>5}  {what} {dict(res.points)}")
    all_times.sort()
    print(f"all decisions: {len(all_times)}, median {statistics.median(all_times) * 1000:.1f} ms, "
          f"p95 {all_times[int(0.95 * len(all_times))] * 1000:.0f} ms, max {all_times[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
