"""Helpers shared by the browser tests: open a chapter, wait for painted canvases, click a hex."""

from __future__ import annotations

import time

# True when some canvas on the page has pixels of more than one colour.
CANVAS_PAINTED_JS = """
() => {
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height) continue;
    const ctx = c.getContext('2d');
    if (!ctx) continue;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let first = -1;
    for (let i = 3; i < d.length; i += 4 * 97) {
      if (d[i] === 0) continue;
      const v = (d[i-3] << 16) | (d[i-2] << 8) | d[i-1];
      if (first === -1) first = v; else if (v !== first) return true;
    }
  }
  return false;
}
"""


def open_chapter(page, url: str, timeout_ms: int = 60_000) -> float:
    """Open a notebook page in Voila; return seconds from navigation to a painted canvas."""
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=timeout_ms)
    return time.perf_counter() - t0


def top_canvas_box(page):
    """Bounding box of the event-receiving (last) canvas of the first map."""
    canvases = page.locator(".centurion-hexmap canvas")
    return canvases.nth(canvases.count() - 1).bounding_box()
