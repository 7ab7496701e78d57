"""Benchmark: Python-side time of a full map redraw and an overlay-only redraw of the sample battlefield.

Run: python benchmarks/map_redraw.py   (prints medians; no assertions)
Measured twice: in this process (widgets with no front end: the drawing calls and the
serialisation of the batched command buffers), and inside a real Jupyter kernel, where
every redraw is also sent as comm messages on the wire.
"""

from __future__ import annotations

import statistics
import sys
import time

REPEAT = 50

KERNEL_CODE = r"""
import time, statistics
from centurion.data import sample_map, terrain_table
from centurion.widgets import HexMapView
view = HexMapView(sample_map(), terrain_table())
full, overlay = [], []
hexes = view.hexes[:400]
colors = ["#ffcc00"] * len(hexes)
for _ in range(%d):
    t = time.perf_counter(); view.redraw(); full.append(time.perf_counter() - t)
    t = time.perf_counter(); view.set_overlay(hexes, colors); overlay.append(time.perf_counter() - t)
print(f"{statistics.median(full)*1e3:.3f} {statistics.median(overlay)*1e3:.3f}")
"""


def in_process() -> tuple[float, float]:
    from centurion.data import sample_map, terrain_table
    from centurion.widgets import HexMapView

    view = HexMapView(sample_map(), terrain_table())
    hexes = view.hexes[:400]
    colors = ["#ffcc00"] * len(hexes)
    full, overlay = [], []
    for _ in range(REPEAT):
        t = time.perf_counter()
        view.redraw()
        full.append(time.perf_counter() - t)
        t = time.perf_counter()
        view.set_overlay(hexes, colors)
        overlay.append(time.perf_counter() - t)
    return statistics.median(full) * 1e3, statistics.median(overlay) * 1e3


def in_kernel() -> tuple[float, float] | None:
    try:
        from jupyter_client.manager import start_new_kernel
    except ImportError:
        return None
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        out: list[str] = []

        def hook(msg):
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                out.append("ERROR " + msg["content"]["evalue"])

        kc.execute_interactive(KERNEL_CODE % REPEAT, output_hook=hook, timeout=120)
        text = "".join(out).strip()
        if text.startswith("ERROR"):
            print(text, file=sys.stderr)
            return None
        full, overlay = (float(x) for x in text.split()[-2:])
        return full, overlay
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    from centurion.data import sample_map

    print(f"sample battlefield: {len(sample_map())} hexes, two mapsheets; median of {REPEAT} runs")
    full, overlay = in_process()
    print(f"in process : full redraw {full:.3f} ms   overlay (400 hexes) {overlay:.3f} ms")
    k = in_kernel()
    if k is not None:
        print(f"in a kernel: full redraw {k[0]:.3f} ms   overlay (400 hexes) {k[1]:.3f} ms")
    print("targets: full redraw < 5 ms, overlay < 2 ms")


if __name__ == "__main__":
    main()
