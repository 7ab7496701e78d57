"""The computer opponent's ladder (issue 25): every level against every other and against the frozen baseline.

Each pair of players meets on every Centurion scenario (`centurion.game.scenarios()`), with sides swapped, for each
seed; `--scenarios centuria_farmstead centuria_ford_road` pairs the levels on the Centuria battles too (the frozen
baseline is the Centurion computer's, so it plays Centurion only; a battle's "turn" is its round).
Printed: per pair, the games, wins of each player and draws (win rate = wins / games, draws counted apart);
per player, the decision times (median, p95, max) and the self-inflicted losses (its units destroyed by their own
move's speed-limit or grounding damage: the engine's log line "X is DESTROYED during its move"), split into the
avoidable ones (the unit had a risk-free end that turn: the issue's target is none) and the forced ones (every end
of the unit risked damage: a driver out, a lost drive, a run at speed into the map edge); each avoidable one is
listed with its scenario, seed and turn, to replay and read. Deterministic given the
seeds (the bots take no clock). Slow: run it with `nice`, few seeds while developing.

Run: nice python benchmarks/ladder.py [--seeds 0 1] [--levels novice veteran elite baseline]
                                       [--scenarios meeting village] [--pairs veteran:baseline ...] [--workers 2]
                                       [--record FILE]
     python benchmarks/ladder.py --compare OLD NEW [--player veteran]
Each pair's row gives A's win rate with its 95 % Wilson interval (64 games pin a rate to about +-12 points: two
changes a few points apart cannot be told apart on them) and ends with its games by scenario (A's wins, B's wins,
draws): on a scenario that one side wins whatever plays it, the swapped sides split the games and hide the levels'
difference.

Paired comparisons: `--record FILE` writes every game's result (winner, points, victory level, who moved first
in the last turn, the vehicles lost); run the same seeds before and after a change, then `--compare OLD NEW
[--player veteran]` counts the games whose result changed for the player, better or worse, and gives the exact
sign test of that split (40 games better and 30 worse is p = 0.28: the dice, not the change, can do that).

Balance (issue 25, item 5): `nice python benchmarks/ladder.py --balance --games 20 [--level novice] [--workers 2]`
plays every shipped scenario, Centurion and Centuria (`scenarios("all")`), with the same level on both sides, seeds
0..games-1 (who moves first comes from the seed's dice and the rules, never from a swap), on `--workers`
processes (it lowers its own priority), and prints a row a scenario: the games, each side's wins in % of the
games (draws apart), the draws and the decision times (median, p95, max).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import re
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_bot import baseline_action

from centurion.game import LEVELS, bot_action, new_skirmish, scenarios
from centurion.game.actions import Move

BASELINE = "baseline"
SELF_LOSS = re.compile(r"^\s+(\S+) is DESTROYED during its move")


def decide(player: str, s):
    """The action of `player` (a level or the baseline) for the side to decide."""
    if player == BASELINE:
        return baseline_action(s)
    return bot_action(s, player)


def play(name: str, seed: int, players: dict[str, str], max_decisions: int = 4000) -> dict:
    """One whole game, `players` mapping side -> player; its result, decision times and self-inflicted losses
    (avoidable: a risk-free end existed for the unit when it moved; forced: none did)."""
    s = start = new_skirmish(name, seed=seed)
    times: dict[str, list[float]] = {p: [] for p in players.values()}
    losses = {p: 0 for p in players.values()}
    forced = {p: 0 for p in players.values()}
    where: list[str] = []  # the avoidable losses, to read: scenario, seed, player, turn, unit
    for _ in range(max_decisions):
        if s.over:
            break
        p = players[s.active]
        t = time.perf_counter()
        a = decide(p, s)
        times[p].append(time.perf_counter() - t)
        before, n = s, len(s.log)
        s = s.apply(a)
        if not isinstance(a, Move):
            continue
        for line in s.log[n:]:
            m = SELF_LOSS.match(line)
            if m and m.group(1) == a.unit:
                safe = any(e.p_no_damage == 1 for e in before.end_states(a.unit))
                (losses if safe else forced)[p] += 1
                if safe:
                    where.append(f"{name} seed {seed}: {p} ({before.active}) lost {a.unit} in turn {before.turn}")
    winner = s.result.winner if s.over and s.result is not None else None
    return {"winner": None if winner is None else players[winner], "seed": seed, "players": players, "times": times,
            "losses": losses, "forced": forced, "where": where,
            "points": dict(s.result.points) if s.result is not None else {},
            "level": s.result.level if s.result is not None else None, **_ending(start, s)}


def _ending(start, s) -> dict:
    """The turn (a Centuria battle: the round) game `start` ended in as `s`, the side that moved first in it (a
    battle: None, CTA-SEQ alternates by its own rule) and the units each side lost (a battle: its pieces no longer
    living)."""
    if getattr(s, "system", "centurion") == "centuria":
        return {"turn": s.battle.round, "first": None,
                "lost": {side: sorted({p.id for p in start.battle.living(side)} - {p.id for p in s.battle.living(side)})
                         for side in s.sides}}
    return {"turn": s.turn, "first": s.first,
            "lost": {side: [v.key for v in s.vehicles if v.side == side and v.destroyed] for side in s.sides}}


def ladder_game(job: tuple) -> tuple[tuple[str, str], str, dict]:
    """One game of the ladder (a worker's job): the pair, the scenario, the seed and who plays which side."""
    a, b, name, seed, players = job
    return (a, b), name, play(name, seed, players)


def sides_of(name: str) -> list[str]:
    """The scenario's two sides, in a fixed order."""
    s = new_skirmish(name, seed=0)
    return list(s.sides)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate of k in n games: what the ladder's few dozen games can tell."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


BAND = (0.35, 0.65)  # issue 25, item 5: each side wins 35-65 % of the games at equal levels


def band_verdict(k: int, n: int, band: tuple[float, float] = BAND) -> str:
    """Whether a side's k wins in n games are in the balance band, and if not, whether the games can tell:
    'in', 'out?' (outside, but the 95 % Wilson interval still reaches the band: 20 games cannot tell) or 'OUT'
    (the whole interval is outside the band)."""
    if n and band[0] <= k / n <= band[1]:
        return "in"
    lo, hi = wilson(k, n)
    return "out?" if hi >= band[0] and lo <= band[1] else "OUT"


def sign_test(better: int, worse: int) -> Fraction:
    """The exact two-sided sign test of a paired comparison: the chance, were a change worth nothing (each changed
    game as likely to go either way), of a split at least this uneven among the `better` + `worse` changed games."""
    n, k = better + worse, min(better, worse)
    if n == 0:
        return Fraction(1)
    tail = Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2 ** n)
    return min(Fraction(1), 2 * tail)


RECORDED = ("seed", "players", "winner", "points", "level", "turn", "first", "lost")  # a game's fields in a record


def record_rows(results: dict[tuple[str, str], list[tuple[str, dict]]]) -> list[dict]:
    """The games of a ladder run as plain rows (the pair, scenario, seed, players by side, winner, points, victory
    level, the turn it ended in, who moved first in that turn, the vehicles lost by side): what `--record` writes."""
    return [{"pair": f"{a}:{b}", "scenario": name, **{k: r[k] for k in RECORDED}}
            for (a, b), games in results.items() for name, r in games]


def compare(old: list[dict], new: list[dict], player: str) -> dict:
    """Two recorded runs of the same games, game by game, for `player` (a level): the games both hold, those whose
    result for it changed, how many went better (a loss to a draw or a win, a draw to a win) and worse, by scenario,
    and the exact sign test of that split (`sign_test`): a change a few games apart is read with what it can tell."""
    def key(r: dict) -> tuple:
        return r["pair"], r["scenario"], r["seed"], tuple(sorted(r["players"].items()))

    def score(r: dict) -> int:
        return 0 if r["winner"] is None else 1 if r["winner"] == player else -1

    before = {key(r): r for r in old if player in r["players"].values()}
    out = {"games": 0, "changed": 0, "better": 0, "worse": 0, "by": {}}
    for r in new:
        k = key(r)
        if k not in before:
            continue
        out["games"] += 1
        d = score(r) - score(before[k])
        if d:
            row = out["by"].setdefault(r["scenario"], [0, 0])
            out["changed"] += 1
            out["better" if d > 0 else "worse"] += 1
            row[0 if d > 0 else 1] += 1
    out["p"] = sign_test(out["better"], out["worse"])
    return out


def percentile(xs: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of a non-empty list."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, round(q * len(ys) + 0.5) - 1))]


def balance_game(job: tuple[str, int, str]) -> tuple[str, int, str | None, list[float], bool]:
    """One game of the balance run (a worker's job): scenario, seed, level on both sides; its winner side (None: a
    draw), its decision times and whether it ended."""
    name, seed, level = job
    s = new_skirmish(name, seed=seed)
    ts: list[float] = []
    for _ in range(20000):
        if s.over:
            break
        t = time.perf_counter()
        a = bot_action(s, level)
        ts.append(time.perf_counter() - t)
        s = s.apply(a)
    return name, seed, (s.result.winner if s.over and s.result is not None else None), ts, s.over


def _lower_priority() -> None:
    """Always nice: the balance run shares the machine."""
    try:
        os.nice(10)
    except OSError:
        pass


def balance(games: int, level: str, names: list[str], workers: int) -> None:
    """The balance table: every scenario `games` times, `level` on both sides, seeds 0..games-1."""
    _lower_priority()
    jobs = [(n, seed, level) for n in names for seed in range(games)]
    results: dict[str, list] = {n: [] for n in names}
    with multiprocessing.Pool(workers, initializer=_lower_priority) as pool:
        for r in pool.imap_unordered(balance_game, jobs):
            results[r[0]].append(r)
            print(f"  {r[0]} seed {r[1]}: {r[2] or 'draw'}{'' if r[4] else ' (unfinished)'}", file=sys.stderr,
                  flush=True)
    print(f"balance: {level} on both sides, seeds 0..{games - 1}, win % of the games (draws apart)")
    print("each side's rate with its 95 % Wilson interval and the band 35-65 %: in, out? (outside, but the games "
          "cannot tell: the interval reaches the band) or OUT (the whole interval outside it)")
    print(f"{'scenario':<20} {'games':>5} {'side A':>10} {'A win %':>8} {'A 95 %':>9} {'band':>4} {'side B':>10} "
          f"{'B win %':>8} {'B 95 %':>9} {'band':>4} {'draws':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for n in names:
        a, b = sides_of(n)
        rs = results[n]
        ts = [t for r in rs for t in r[3]]
        wa = sum(1 for r in rs if r[2] == a)
        wb = sum(1 for r in rs if r[2] == b)
        unfinished = sum(1 for r in rs if not r[4])
        note = f"  ({unfinished} unfinished)" if unfinished else ""
        side = {}
        for key, w in (("a", wa), ("b", wb)):
            lo, hi = wilson(w, len(rs))
            side[key] = (f"{100 * w / len(rs):>7.0f}% {f'{100 * lo:.0f}-{100 * hi:.0f}':>9} "
                         f"{band_verdict(w, len(rs)):>4}")
        print(f"{n:<20} {len(rs):>5} {a:>10} {side['a']} {b:>10} {side['b']} "
              f"{len(rs) - wa - wb:>5} {1000 * statistics.median(ts):>10.1f} {1000 * percentile(ts, 0.95):>8.1f} "
              f"{1000 * max(ts):>8.1f}{note}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--balance", action="store_true", help="same level on both sides, every shipped scenario")
    ap.add_argument("--games", type=int, default=20, help="balance: games a scenario (seeds 0..games-1)")
    ap.add_argument("--level", default="novice", choices=list(LEVELS), help="balance: the level of both sides")
    ap.add_argument("--workers", type=int, default=2, help="processes (the results do not depend on them)")
    ap.add_argument("--seeds", type=int, nargs="*", default=[0, 1])
    ap.add_argument("--levels", nargs="*", default=[*LEVELS, BASELINE])
    ap.add_argument("--scenarios", nargs="*", default=list(scenarios()))
    ap.add_argument("--pairs", nargs="*", default=None, help="only these pairs, as a:b")
    ap.add_argument("--record", metavar="FILE", help="write every game's result to FILE (JSON), for --compare")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="two --record files of the same games, "
                    "compared game by game for --player")
    ap.add_argument("--player", default="veteran", help="compare: the level whose results are compared")
    args = ap.parse_args(argv)
    if args.compare:
        try:
            old, new = (json.loads(Path(f).read_text(encoding="utf-8")) for f in args.compare)
        except (OSError, ValueError) as e:
            raise SystemExit(f"--compare reads two files that --record wrote: {e}") from None
        try:
            c = compare(old, new, args.player)
        except (KeyError, TypeError, AttributeError) as e:
            raise SystemExit(f"--compare: not a record of games as --record writes them ({e!r})") from None
        by = ", ".join(f"{n} +{b} -{w}" for n, (b, w) in sorted(c["by"].items()))
        print(f"{args.player}: {c['games']} games in both runs, {c['changed']} changed: {c['better']} better, "
              f"{c['worse']} worse (net {c['better'] - c['worse']:+d}); sign test p = {float(c['p']):.3f}"
              + (f"; by scenario {by}" if by else ""))
        return
    if args.balance:
        names = args.scenarios if "--scenarios" in (argv or sys.argv) else list(scenarios("all"))
        balance(args.games, args.level, names, args.workers)
        return
    pairs = ([tuple(p.split(":")) for p in args.pairs] if args.pairs
             else list(itertools.combinations(args.levels, 2)))
    battles = [n for n in args.scenarios if n in scenarios("centuria")]
    if battles and any(BASELINE in pair for pair in pairs):  # the frozen baseline is the Centurion computer's
        raise SystemExit(f"the baseline plays Centurion only: pair the levels alone on {', '.join(battles)}")
    times: dict[str, list[float]] = {}
    losses: dict[str, int] = {}
    forced: dict[str, int] = {}
    where: list[str] = []
    print(f"seeds {args.seeds}, scenarios {args.scenarios}, sides swapped")
    jobs = [(a, b, name, seed, {x: first, y: second}) for a, b in pairs for name in args.scenarios
            for x, y in [sides_of(name)] for seed in args.seeds for first, second in ((a, b), (b, a))]
    results: dict[tuple[str, str], list[tuple[str, dict]]] = {pair: [] for pair in pairs}
    with multiprocessing.Pool(args.workers, initializer=_lower_priority) as pool:
        for pair, name, r in pool.imap(ladder_game, jobs):  # in the jobs' order: the table does not depend on timing
            results[pair].append((name, r))
    if args.record:
        rows = record_rows(results)  # a game a line
        Path(args.record).write_text("[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]\n", encoding="utf-8")
    print(f"{'pair':<22} {'games':>5} {'wins A':>7} {'wins B':>7} {'draws':>5} {'A win %':>8} {'95 % interval':>13} "
          f"{'of decided':>10}  by scenario (A-B-draws)")
    for a, b in pairs:
        wins = {a: 0, b: 0}
        draws = games = 0
        per: dict[str, list[int]] = {}
        for name, r in results[(a, b)]:
            games += 1
            row = per.setdefault(name, [0, 0, 0])
            if r["winner"] is None:
                draws += 1
                row[2] += 1
            else:
                wins[r["winner"]] += 1
                row[0 if r["winner"] == a else 1] += 1
            for p, ts in r["times"].items():
                times.setdefault(p, []).extend(ts)
            for p, n in r["losses"].items():
                losses[p] = losses.get(p, 0) + n
            for p, n in r["forced"].items():
                forced[p] = forced.get(p, 0) + n
            where.extend(r["where"])
        decided = wins[a] + wins[b]
        split = ", ".join(f"{n} {w}-{lo}-{d}" for n, (w, lo, d) in per.items())
        lo, hi = wilson(wins[a], games)
        print(f"{a + ' v ' + b:<22} {games:>5} {wins[a]:>7} {wins[b]:>7} {draws:>5} "
              f"{100 * wins[a] / games:>7.0f}% {f'{100 * lo:.0f}-{100 * hi:.0f} %':>13} "
              f"{100 * wins[a] / max(1, decided):>9.0f}%  {split}", flush=True)
    print()
    print(f"{'player':<10} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
          f"{'own-move losses: avoidable':>27} {'forced':>7}")
    for p, ts in times.items():
        print(f"{p:<10} {len(ts):>9} {1000 * statistics.median(ts):>10.1f} {1000 * percentile(ts, 0.95):>8.1f} "
              f"{1000 * max(ts):>8.1f} {losses.get(p, 0):>27} {forced.get(p, 0):>7}")
    for line in where:
        print(f"  avoidable: {line}")


if __name__ == "__main__":
    main()
