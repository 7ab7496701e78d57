"""The computer opponent's ladder (issue 25): every level against every other and against the frozen baseline.

Each pair of players meets on every Centurion scenario (`centurion.game.scenarios()`), with sides swapped, for each
seed. Printed: per pair, the games, wins of each player and draws (win rate = wins / games, draws counted apart);
per player, the decision times (median, p95, max) and the self-inflicted losses (its units destroyed by their own
move's speed-limit or grounding damage: the engine's log line "X is DESTROYED during its move"). Deterministic
given the seeds (the bots take no clock). Slow: run it with `nice`, few seeds while developing.

Run: nice python benchmarks/ladder.py [--seeds 0 1] [--levels novice veteran elite baseline]
                                       [--scenarios meeting village] [--pairs veteran:baseline ...]
"""

from __future__ import annotations

import argparse
import itertools
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_bot import baseline_action

from centurion.game import LEVELS, bot_action, new_skirmish, scenarios

BASELINE = "baseline"
SELF_LOSS = re.compile(r"^\s+(\S+) is DESTROYED during its move")


def decide(player: str, s):
    """The action of `player` (a level or the baseline) for the side to decide."""
    if player == BASELINE:
        return baseline_action(s)
    return bot_action(s, player)


def play(name: str, seed: int, players: dict[str, str], max_decisions: int = 4000) -> dict:
    """One whole game, `players` mapping side -> player; its result, decision times and self-inflicted losses."""
    s = new_skirmish(name, seed=seed)
    times: dict[str, list[float]] = {p: [] for p in players.values()}
    for _ in range(max_decisions):
        if s.over:
            break
        p = players[s.active]
        t = time.perf_counter()
        a = decide(p, s)
        times[p].append(time.perf_counter() - t)
        s = s.apply(a)
    side_of = {v.key: v.side for v in s.vehicles}
    losses = {p: 0 for p in players.values()}
    for line in s.log:
        m = SELF_LOSS.match(line)
        if m and m.group(1) in side_of:
            losses[players[side_of[m.group(1)]]] += 1
    winner = s.result.winner if s.over and s.result is not None else None
    return {"winner": None if winner is None else players[winner], "times": times, "losses": losses}


def sides_of(name: str) -> list[str]:
    """The scenario's two sides, in a fixed order."""
    s = new_skirmish(name, seed=0)
    return sorted({v.side for v in s.vehicles})


def percentile(xs: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of a non-empty list."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, round(q * len(ys) + 0.5) - 1))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="*", default=[0, 1])
    ap.add_argument("--levels", nargs="*", default=[*LEVELS, BASELINE])
    ap.add_argument("--scenarios", nargs="*", default=list(scenarios()))
    ap.add_argument("--pairs", nargs="*", default=None, help="only these pairs, as a:b")
    args = ap.parse_args(argv)
    pairs = ([tuple(p.split(":")) for p in args.pairs] if args.pairs
             else list(itertools.combinations(args.levels, 2)))
    times: dict[str, list[float]] = {}
    losses: dict[str, int] = {}
    print(f"seeds {args.seeds}, scenarios {args.scenarios}, sides swapped")
    print(f"{'pair':<22} {'games':>5} {'wins A':>7} {'wins B':>7} {'draws':>5} {'A win %':>8}")
    for a, b in pairs:
        wins = {a: 0, b: 0}
        draws = games = 0
        for name in args.scenarios:
            x, y = sides_of(name)
            for seed in args.seeds:
                for first, second in ((a, b), (b, a)):
                    r = play(name, seed, {x: first, y: second})
                    games += 1
                    if r["winner"] is None:
                        draws += 1
                    else:
                        wins[r["winner"]] += 1
                    for p, ts in r["times"].items():
                        times.setdefault(p, []).extend(ts)
                    for p, n in r["losses"].items():
                        losses[p] = losses.get(p, 0) + n
        print(f"{a + ' v ' + b:<22} {games:>5} {wins[a]:>7} {wins[b]:>7} {draws:>5} "
              f"{100 * wins[a] / games:>7.0f}%", flush=True)
    print()
    print(f"{'player':<10} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
          f"{'self-inflicted losses':>22}")
    for p, ts in times.items():
        print(f"{p:<10} {len(ts):>9} {1000 * statistics.median(ts):>10.1f} {1000 * percentile(ts, 0.95):>8.1f} "
              f"{1000 * max(ts):>8.1f} {losses.get(p, 0):>22}")


if __name__ == "__main__":
    main()
