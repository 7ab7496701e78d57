"""Benchmark of games kept on the server (issue 24, item 7).

1. Store write time per decision, SQLite and PostgreSQL (a throwaway cluster, tests/pg_cluster.py): a game with
   two people's seats played decision by decision with `GameStore.play` (the computer picks each decision, outside
   the timing); the time of `play` and, apart, of the game's own `apply` on the same decisions: their difference is
   what the store adds (the check of the seat and step, the transaction, the hidden view).
2. From a decision in one browser to its appearance in the other: `centurion serve --store` with 1, 4 and 8
   games of two players open at once (2, 8 and 16 Chromium pages, one kernel each); in every game the first
   player clicks Confirm on the initiative decision, and the second page notes the moment the decision shows in
   its log (its kernel's watcher polls the store every 0.25 s). Median, p95 and max; the server's memory (the
   resident size of Voila and its kernels) with every page open.
Run: python benchmarks/stored_games.py [--games 1 4 8] [--rounds 2] [--decisions 60]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from centurion.game import bot_action  # noqa: E402
from centurion.store import open_store  # noqa: E402


def write_times(url: str, decisions: int) -> tuple[list[float], list[float]]:
    """Seconds of `play` and of the bare `apply` for each of `decisions` decisions of one stored game."""
    store = open_store(url)
    ref = store.create("village")
    plays, applies = [], []
    state = store.state(ref.id, next(iter(ref.seats.values())))
    real = None
    for _ in range(decisions):
        if state.over:
            break
        token = ref.seats[state.active]
        action = bot_action(state, "novice")
        t = time.perf_counter()
        state = store.play(ref.id, token, action, step=len(state.history))
        plays.append(time.perf_counter() - t)
    # the same decisions applied to the game alone (the store's real state, seed included, rebuilt apart)
    from centurion.game import new_skirmish

    info_seed = _seed(store, ref.id)
    real = new_skirmish("village", seed=info_seed)
    for action in state.history:
        t = time.perf_counter()
        real = real.apply(action)
        applies.append(time.perf_counter() - t)
    store.close()
    return plays, applies


def _seed(store, game_id: str) -> int:
    """The game's seed, read from the database (the benchmark's own replay needs it)."""
    import sqlalchemy as sa

    from centurion.store.schema import games

    with store.engine.connect() as conn:
        return conn.execute(sa.select(games.c.seed).where(games.c.id == game_id)).scalar_one()


def stats(xs: list[float]) -> str:
    xs = sorted(xs)
    return (f"median {statistics.median(xs) * 1000:.1f} ms, p95 {xs[min(len(xs) - 1, int(0.95 * len(xs)))] * 1000:.1f}"
            f" ms, max {xs[-1] * 1000:.1f} ms ({len(xs)} decisions)")


def rss_mb(pids: list[int]) -> float:
    """The resident memory of these processes, in MB."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


WATCH_JS = """(entry) => { window.__seen = null; const t = setInterval(() => {
  const l = document.querySelector('.centurion-log');
  if (l && l.innerText.includes(entry)) { window.__seen = Date.now(); clearInterval(t); } }, 20); }"""


def latencies(games: int, rounds: int, url: str, log_dir: Path) -> tuple[list[float], float]:
    """Seconds from a Confirm in one browser to the decision in the other's log; the server's memory (MB)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, start_server
    from tests.browser.helpers import open_chapter

    server = start_server(log_dir / f"voila-{games}.log", "--store", url, "--max-kernels", "0")
    store = open_store(url)
    out: list[float] = []
    memory = 0.0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for _ in range(rounds):
                pairs = []
                for _g in range(games):
                    ref = store.create("meeting")
                    state = store.state(ref.id, ref.watch)
                    first, second = state.active, state.other(state.active)
                    entry = f"T1 initiative — {state.label(first)}:"
                    pages = []
                    for side in (first, second):
                        page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
                        open_chapter(page, f"{server.url}/voila/render/skirmish.ipynb?game={ref.id}"
                                           f"&seat={ref.seats[side]}", timeout_ms=180_000)
                        pages.append(page)
                    pairs.append((pages[0], pages[1], entry))
                for a, b, entry in pairs:
                    a.wait_for_function("() => document.querySelector('.centurion-banner-text')"
                                        ".innerText.includes('It is your turn to decide')", timeout=120_000)
                    b.evaluate(WATCH_JS, entry)
                time.sleep(1.0)  # past the list-changed guard (0.6 s) of every page
                memory = max(memory, rss_mb(server.processes()))
                clicks = []
                for a, _b, _e in pairs:
                    clicks.append(a.evaluate("Date.now()"))
                    a.get_by_role("button", name="Confirm").click()
                for (_a, b, _e), t0 in zip(pairs, clicks, strict=True):
                    b.wait_for_function("() => window.__seen !== null", timeout=120_000)
                    out.append((b.evaluate("window.__seen") - t0) / 1000)
                for a, b, _e in pairs:
                    a.context.close()
                    b.context.close()
            browser.close()
    finally:
        store.close()
        server.stop()
    return out, memory


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, nargs="*", default=[1, 4, 8])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--no-browser", action="store_true", help="only the store's write times")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="centurion-bench-"))
    urls = {"SQLite": f"sqlite:///{tmp / 'games.db'}"}
    cluster = None
    from tests.pg_cluster import Cluster, postgres_binaries

    bindir = postgres_binaries()
    if bindir is not None:
        cluster = Cluster(bindir).start()
        urls["PostgreSQL"] = cluster.new_database()
    try:
        for name, url in urls.items():
            plays, applies = write_times(url, args.decisions)
            over = [p - a for p, a in zip(plays, applies, strict=False)]
            print(f"{name}: play {stats(plays)}; the game's apply alone {stats(applies)}; "
                  f"the store adds median {statistics.median(over) * 1000:.1f} ms a decision")
        if not args.no_browser:
            for g in args.games:
                lat, mem = latencies(g, args.rounds, urls["SQLite"], tmp)
                lat.sort()
                print(f"{g} game(s), {2 * g} pages: decision to the other browser median "
                      f"{statistics.median(lat):.2f} s, p95 {lat[min(len(lat) - 1, int(0.95 * len(lat)))]:.2f} s, "
                      f"max {lat[-1]:.2f} s ({len(lat)} decisions); server memory {mem:.0f} MB")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
