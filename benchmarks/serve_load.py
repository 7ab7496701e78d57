"""Benchmark (not in CI): N players arrive at once at one `centurion serve`; how fast does each page paint?

Each player is a Chromium context. At the same moment every player opens the first page of the list, then
the next ones in turn (each player starts at a different place in the list, so all pages are hit at once),
waits until it is painted (a canvas with more than one colour; a page without a canvas: its cells shown)
and clicks the middle of the page's last map canvas. Printed per N: time to painted (median, p95, max),
what every view ended as (painted / still saying it is waiting / table full / shown but canvas blank /
blank), peak kernels, server memory per kernel; at the end the largest N with p95 under 10 s.

The players' browsers run on the same machine as the server, so the figures are pessimistic.

Run:  python benchmarks/serve_load.py                       # N = 1 2 4 6 8, pages: index + 3 chapters
      python benchmarks/serve_load.py --players 1 4 8 12 --pages index 01_battlefield 15_centuria_round
      python benchmarks/serve_load.py --serve-args="--preheat index.ipynb"   # any centurion serve flags
The Skirmish page, when it exists, is one more name for --pages (and --preheat skirmish.ipynb for serve).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.helpers import CANVAS_PAINTED_JS  # noqa: E402

DEFAULT_PAGES = ["index", "01_battlefield", "09_legal_moves", "15_centuria_round"]
TARGET_P95_S = 10.0

# painted | waiting (Voila's "Running..." spinner) | full (our 503 page) | shown (cells, canvas blank) | blank
_PAINTED = CANVAS_PAINTED_JS.strip()
STATE_JS = f"""
() => {{
  if (document.querySelector('main.centurion-table-full')) return 'full';
  const cells = document.querySelector('#rendered_cells');
  const shown = cells && getComputedStyle(cells).display !== 'none' && cells.offsetHeight > 0;
  const canvases = [...document.querySelectorAll('canvas')].filter(c => c.width && c.height);
  if (shown && (canvases.length === 0 ? cells.innerText.trim().length > 0 : ({_PAINTED})())) return 'painted';
  const loading = document.querySelector('#loading');
  if (loading && getComputedStyle(loading).display !== 'none') return 'waiting';
  if (shown) return 'shown';
  return 'blank';
}}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _tree(pid: int) -> tuple[list[int], list[int]]:
    """(all processes below `pid`, the kernels among them)."""
    from centurion.serving.supervisor import descendants

    procs = descendants(pid)
    kernels = []
    for p in procs:
        try:
            if b"ipykernel" in Path(f"/proc/{p}/cmdline").read_bytes():
                kernels.append(p)
        except OSError:
            pass
    return procs, kernels


async def _player(browser, base: str, pages: list[str], start: int, timeout_s: float, results: list) -> None:
    ctx = await browser.new_context(viewport={"width": 1366, "height": 900})
    page = await ctx.new_page()
    await page.route("**/*", lambda r: asyncio.ensure_future(r.continue_() if r.request.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else r.abort()))
    try:
        for k in range(len(pages)):
            name = pages[(start + k) % len(pages)]
            t0 = time.perf_counter()
            state = "blank"
            try:
                await page.goto(f"{base}/voila/render/{name}.ipynb", wait_until="commit", timeout=timeout_s * 1000)
            except Exception:
                results.append((name, None, "blank"))
                continue
            while time.perf_counter() - t0 < timeout_s:
                try:
                    state = await page.evaluate(STATE_JS)
                except Exception:  # navigating: the document is being replaced
                    state = "blank"
                if state in ("painted", "full"):
                    break
                await asyncio.sleep(0.1)
            seconds = time.perf_counter() - t0
            results.append((name, seconds if state == "painted" else None, state))
            if state == "painted":
                canvases = page.locator("canvas")
                if await canvases.count():
                    box = await canvases.nth(await canvases.count() - 1).bounding_box()
                    if box:
                        await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                        await asyncio.sleep(0.5)
    finally:
        await ctx.close()


async def _round(n: int, base: str, pages: list[str], timeout_s: float, server_pid: int) -> dict:
    from playwright.async_api import async_playwright

    results: list = []
    peak = {"kernels": 0, "rss": 0.0}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        stop = asyncio.Event()

        async def watch() -> None:
            while not stop.is_set():
                procs, kernels = _tree(server_pid)
                if len(kernels) >= peak["kernels"]:
                    peak["kernels"], peak["rss"] = len(kernels), _rss_mb(procs)
                await asyncio.sleep(0.5)

        watcher = asyncio.create_task(watch())
        t0 = time.perf_counter()
        await asyncio.gather(*[_player(browser, base, pages, i, timeout_s, results) for i in range(n)])
        wall = time.perf_counter() - t0
        stop.set()
        await watcher
        await browser.close()
    return {"results": results, "wall": wall, **peak}


def _p95(values: list[float]) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 4, 6, 8])
    ap.add_argument("--pages", nargs="+", default=DEFAULT_PAGES, help="notebook names without .ipynb")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds a page may take before it counts as failed")
    ap.add_argument("--serve-args", default="", help="extra `centurion serve` flags, quoted")
    ap.add_argument("--keep-going", action="store_true", help="try every N even after p95 passed 10 s")
    args = ap.parse_args()

    port = _free_port()
    cmd = [sys.executable, "-m", "centurion.cli", "serve", "--port", str(port), "--no-browser",
           "--max-kernels", "0", "--cull-idle-after", "30", "--cull-interval", "5", *shlex.split(args.serve_args)]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        time.sleep(3)  # let a preheated pool fill
        procs, _ = _tree(server.pid)
        idle_rss = _rss_mb(procs)
        print(f"centurion serve {' '.join(cmd[4:])}")
        cores = len(os.sched_getaffinity(0))
        print(f"pages: {', '.join(args.pages)}; idle server {idle_rss:.0f} MB; {cores} cores")
        print(f"{'N':>3} {'views':>5} {'median':>7} {'p95':>7} {'max':>7}  {'painted/waiting/full/shown/blank':>32}"
              f" {'kernels':>7} {'MB/kernel':>9} {'wall':>6}")
        best = 0
        for n in args.players:
            r = asyncio.run(_round(n, base, args.pages, args.timeout, server.pid))
            times = [s for _, s, _ in r["results"] if s is not None]
            states = [st for _, _, st in r["results"]]
            counts = "/".join(str(states.count(k)) for k in ("painted", "waiting", "full", "shown", "blank"))
            med = statistics.median(times) if times else float("nan")
            p95 = _p95(times) if times else float("nan")
            all_painted = states.count("painted") == len(states)
            per_kernel = (r["rss"] - idle_rss) / r["kernels"] if r["kernels"] else float("nan")
            print(f"{n:>3} {len(states):>5} {med:6.1f}s {p95:6.1f}s {max(times or [0]):6.1f}s  {counts:>32}"
                  f" {r['kernels']:>7} {per_kernel:8.0f}  {r['wall']:5.0f}s", flush=True)
            if all_painted and p95 < TARGET_P95_S:
                best = n
            elif not args.keep_going:
                break
            # let the closed pages' kernels go before the next round (the unload beacon frees them)
            deadline = time.monotonic() + 60
            while _tree(server.pid)[1] and time.monotonic() < deadline:
                time.sleep(0.5)
        print(f"largest N with every page painted and p95 < {TARGET_P95_S:.0f} s: {best}")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
