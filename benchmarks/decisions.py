"""Benchmark of one decision in the game layer (issue 23, item 5): `legal_actions()` + `apply()`, and loading a save.

1. Replays every save of tests/fixtures/saves/ (both systems, with and without variant rules) and times, at each
   step, the list of legal decisions and the application of the saved one: median, p95 and max per decision.
2. Builds a 300-decision game (the village scenario given 30 turns for this benchmark only, novice bots on both
   sides) and times `load()` of its save, which checks and replays every decision: best of 3.
Times are CPU seconds of this process (`time.process_time`), so other jobs on the machine change them little;
`--wall` measures wall-clock time instead.
Run: python benchmarks/decisions.py   (figures of before and after the redesign: docs/architecture.md)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path

from centurion.data import scenarios as scenario_data
from centurion.game import bot_action, load, new_skirmish

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "saves"
clock = time.process_time


def replay_times() -> list[float]:
    """Seconds of legal_actions() + apply() for every decision of every fixture save."""
    times: list[float] = []
    for path in sorted(FIXTURES.glob("*.json")):
        if not (FIXTURES / f"{path.stem}.log").exists():
            continue  # a save that no longer loads (see tests/test_saves_before_redesign.py)
        data = json.loads(path.read_text())
        game = load(json.dumps({**data, "actions": []}))
        for action in load(path.read_text()).history:
            t = clock()
            game.legal_actions()
            game = game.apply(action)
            times.append(clock() - t)
    return times


def longer_village(turns: int):
    """Make the shipped village scenario last `turns` turns in this process (every module's binding patched)."""
    original = scenario_data.shipped_scenario
    longer = dataclasses.replace(original("village"), turns=turns)

    def patched(key: str):
        return longer if key == "village" else original(key)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("centurion") and \
                getattr(module, "shipped_scenario", None) is original:
            module.shipped_scenario = patched


def long_save(decisions: int = 300) -> str:
    """The save of a bot-against-bot village game of `decisions` decisions."""
    longer_village(30)
    s = new_skirmish("village", seed=1)
    while not s.over and len(s.history) < decisions:
        s = s.apply(bot_action(s, "novice"))
    return s.to_json()


def main() -> None:
    global clock
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of the process's CPU time")
    if ap.parse_args().wall:
        clock = time.perf_counter
    ts = sorted(replay_times())
    print(f"legal_actions + apply: {len(ts)} decisions, median {statistics.median(ts) * 1000:.2f} ms, "
          f"p95 {ts[int(0.95 * len(ts))] * 1000:.1f} ms, max {ts[-1] * 1000:.0f} ms")
    text = long_save()
    n = len(json.loads(text)["actions"])
    best = min(_timed(load, text) for _ in range(3))
    print(f"load a {n}-decision save: {best:.2f} s (best of 3)")


def _timed(f, *args) -> float:
    t = clock()
    f(*args)
    return clock() - t


if __name__ == "__main__":
    main()
