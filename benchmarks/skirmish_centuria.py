"""Benchmark: whole Centuria battles, computer against computer, under the game API (issue 15).

Run: python benchmarks/skirmish_centuria.py [seeds] [level]   (prints figures; no assertions)

For each shipped Centuria battle (`scenarios("centuria")`) and each seed 1..seeds (default 3), a whole battle is
played by `bot_action` for both sides (level veteran unless given). Printed per battle: decisions, rounds, result,
the time of the whole game (bot decisions + applying them), and the bot's decision times (median, p95, max, ms);
then the pooled decision times per scenario and over all battles. `legal_actions` of a fresh state is timed too.
"""

from __future__ import annotations

import statistics
import sys
import time

from centurion.game import bot_action, new_skirmish, scenarios


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    level = sys.argv[2] if len(sys.argv) > 2 else "veteran"
    pooled: list[float] = []
    print(f"Centuria battles, bot ({level}) against bot, seeds 1..{seeds}")
    for name in scenarios("centuria"):
        g0 = new_skirmish(name, seed=0)
        t = time.perf_counter()
        n_legal = len(g0.legal_actions())
        print(f"{name}: legal_actions at the start: {n_legal} actions in {(time.perf_counter() - t) * 1e3:.0f} ms")
        per: list[float] = []
        games: list[float] = []
        for seed in range(1, seeds + 1):
            g = new_skirmish(name, seed=seed)
            times: list[float] = []
            start = time.perf_counter()
            while not g.over:
                t = time.perf_counter()
                a = bot_action(g, level)
                times.append(time.perf_counter() - t)
                g = g.apply(a)
            whole = time.perf_counter() - start
            games.append(whole)
            per += times
            r = g.result
            print(f"  seed {seed}: {len(g.history)} decisions, {g.turn} round(s), "
                  f"{'draw' if r.winner is None else r.level + ' ' + r.winner} ({r.reason}); game {whole:.2f} s; "
                  f"decision median {statistics.median(times) * 1e3:.0f} ms, p95 {pct(times, .95) * 1e3:.0f} ms, "
                  f"max {max(times) * 1e3:.0f} ms")
        pooled += per
        print(f"  {name}: game median {statistics.median(games):.2f} s; decisions median "
              f"{statistics.median(per) * 1e3:.0f} ms, p95 {pct(per, .95) * 1e3:.0f} ms, max {max(per) * 1e3:.0f} ms")
    print(f"all battles: {len(pooled)} decisions, median {statistics.median(pooled) * 1e3:.0f} ms, "
          f"p95 {pct(pooled, .95) * 1e3:.0f} ms, max {max(pooled) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
