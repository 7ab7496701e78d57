"""Benchmark: time from opening a page to a painted canvas, with and without preheated kernels.

Run: python benchmarks/voila_paint.py [--runs N] [--pages index 01_battlefield ...] [--modes ...]
     (needs Debian chromium; prints medians, no assertions)

Modes, each its own server built by the very code of `centurion serve` (`centurion.serving.voila_command`):
  progressive    the default: no pool, every page renders progressively (cells appear as they run);
  preheat-index  `--preheat index.ipynb`: the index from a pool; Voila then renders every page by streaming;
  preheat-all    every measured page preheated (a pool of 1 each), to see what chapters would gain.
A one-slider notebook is the reference in every mode. Each load is a fresh browser context; after a
preheated page the benchmark waits for its pool to refill (a player arriving later gets a warm kernel).
"Painted" = a canvas with more than one colour; for a page without a canvas (the index) its cells shown.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.helpers import CANVAS_PAINTED_JS  # noqa: E402

DEFAULT_PAGES = ["index", "01_battlefield", "09_legal_moves", "15_centuria_round"]
MODES = ("progressive", "preheat-index", "preheat-all")
# pages drawn as HTML rather than on a canvas (the combat chapters 18-20): "painted" = this element shown
READY_SELECTOR = {"18_damage": ".centurion-record-sheet .rs-grid", "19_infantry_vulcan": ".centurion-vulcan",
                  "20_leadership_victory": "text=first: decisive victory"}
REFILL_S = 6.0  # pool refill delay (1 s) + running the notebook ahead


def one_slider(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import ipywidgets as w\nw.IntSlider(5, 0, 10, description='x')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def measure(mode: str, pages: list[str], runs: int, folder: Path) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    from centurion.serving import ServeOptions, voila_command

    preheat = {"progressive": (), "preheat-index": ("index.ipynb",),
               "preheat-all": tuple(f"{p}.ipynb" for p in pages)}[mode]
    port = _free_port()
    opts = ServeOptions(port=port, max_kernels=0, preheat=preheat)
    server = subprocess.Popen(voila_command(opts, folder), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    times: dict[str, list[float]] = {p: [] for p in ["one_slider", *pages]}
    try:
        for _ in range(300):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        time.sleep(REFILL_S if preheat else 1)
        base = f"http://127.0.0.1:{port}/voila/render"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for _ in range(runs):
                for name in times:
                    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
                    page = ctx.new_page()
                    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
                        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else r.abort())
                    t0 = time.perf_counter()
                    page.goto(f"{base}/{name}.ipynb")
                    page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
                    if name in READY_SELECTOR:
                        page.wait_for_selector(READY_SELECTOR[name], state="visible", timeout=120_000)
                    elif name == "one_slider":
                        page.wait_for_selector(".widget-slider", state="visible", timeout=120_000)
                    elif page.locator("canvas").count() or name != "index":
                        page.wait_for_function(CANVAS_PAINTED_JS, timeout=120_000)
                    times[name].append(time.perf_counter() - t0)
                    page.close(run_before_unload=True)
                    ctx.close()
                    if f"{name}.ipynb" in preheat:
                        time.sleep(REFILL_S)
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pages", nargs="+", default=DEFAULT_PAGES, help="notebook names without .ipynb")
    ap.add_argument("--modes", nargs="+", default=list(MODES), choices=MODES)
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp())
    try:
        shutil.copytree(ROOT / "notebooks", tmp / "nb")
        one_slider(tmp / "nb" / "one_slider.ipynb")
        results = {mode: measure(mode, args.pages, args.runs, tmp / "nb") for mode in args.modes}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"median of {args.runs} loads, seconds from navigation to painted (one_slider: to the slider shown)")
    print(f"{'page':22s}" + "".join(f"{m:>15s}" for m in args.modes))
    for name in ["one_slider", *args.pages]:
        row = "".join(f"{statistics.median(results[m][name]):14.2f}s" for m in args.modes)
        print(f"{name:22s}{row}")
    print("target: the index and the Skirmish page painted within 1 s when preheated")


if __name__ == "__main__":
    main()
