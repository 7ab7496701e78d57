"""Benchmark: time from opening a chapter in Voila to a painted canvas, against a one-slider notebook.

Run: python benchmarks/voila_paint.py [runs]   (needs Debian chromium; prints medians and ratios, no assertions)
Both are served by one Voila server in the same run; each page load is a fresh browser context.
"""

from __future__ import annotations

import shutil
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
from tests.browser.helpers import CANVAS_PAINTED_JS  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def one_slider(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import ipywidgets as w\nw.IntSlider(5, 0, 10, description='x')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


def main(runs: int = 3) -> None:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp())
    shutil.copytree(ROOT / "notebooks", tmp / "nb")
    one_slider(tmp / "nb" / "one_slider.ipynb")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    from centurion.cli import voila_command  # the very command `centurion serve` runs

    server = subprocess.Popen(voila_command(port, tmp / "nb"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        base = f"http://127.0.0.1:{port}/voila/render"
        pages = ["one_slider"] + sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
        times: dict[str, list[float]] = {p: [] for p in pages}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
            for _ in range(runs):
                for name in pages:
                    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
                    page = ctx.new_page()
                    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
                        ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else r.abort())
                    t0 = time.perf_counter()
                    page.goto(f"{base}/{name}.ipynb")
                    page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
                    if name == "one_slider":
                        page.wait_for_selector(".widget-slider", state="visible", timeout=120_000)
                    else:
                        page.wait_for_function(CANVAS_PAINTED_JS, timeout=120_000)
                    times[name].append(time.perf_counter() - t0)
                    ctx.close()
            browser.close()
        ref = statistics.median(times["one_slider"])
        print(f"median of {runs} loads; page open -> painted canvas (one-slider: -> slider shown)")
        print(f"{'one_slider':22s} {ref:6.2f} s")
        for name in pages[1:]:
            m = statistics.median(times[name])
            print(f"{name:22s} {m:6.2f} s   ratio {m / ref:4.2f}")
        print("target: ratio <= 1.2")
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
