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
    page.goto(url, wait_until="commit", timeout=timeout_ms)  # Voila streams the page: await its cells, not "load"
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=timeout_ms)
    return time.perf_counter() - t0


def open_chapters(*pages_and_urls, timeout_ms: int = 60_000) -> None:
    """Open several pages at once (page, url, page, url, ...), as players arriving together: every navigation is
    started before any is awaited, then each is awaited as `open_chapter` does (one after the other, each waited for
    its kernel: that took one page view's time more per page)."""
    pairs = list(zip(pages_and_urls[::2], pages_and_urls[1::2]))
    for page, url in pairs:
        page.goto(url, wait_until="commit", timeout=timeout_ms)
    for page, _ in pairs:
        page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
        page.wait_for_function(CANVAS_PAINTED_JS, timeout=timeout_ms)


def top_canvas_box(page):
    """Bounding box of the event-receiving (last) canvas of the first map."""
    canvases = page.locator(".centurion-hexmap canvas")
    return canvases.nth(canvases.count() - 1).bounding_box()


# A cheap fingerprint of everything drawn on the page's canvases, to tell whether a drawing changed.
CANVAS_SIGNATURE_JS = """
() => {
  let h = 0;
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4 * 31) { h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2] + d[i + 3]) | 0; }
  }
  return h;
}
"""


def map_geometry():
    """The pixel layout every chapter's map uses (the default zoom of HexMapView on the sample battlefield)."""
    from centurion.data import sample_map, terrain_table
    from centurion.widgets import HexMapView

    return HexMapView(sample_map(), terrain_table()).layout_px


def centuria_geometry():
    """The pixel layout of the Centuria scenario's map, as the Centuria table draws it."""
    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario
    from centurion.widgets import CenturiaTable

    return CenturiaTable(CenturiaBattle.from_scenario(centuria_scenario())).map.layout_px


def click_hex(page, label: str, nth: int = 0, geometry=None) -> None:
    """Click the centre of a hex (CCRR) on the nth map of the page (the battlefield's layout by default)."""
    from centurion.hexgrid import parse_label

    maps = page.locator(".centurion-hexmap")
    canvases = maps.nth(nth).locator("canvas")
    top = canvases.nth(canvases.count() - 1)
    x, y = (geometry or map_geometry()).center(parse_label(label))
    # ipycanvas focuses the canvas on mousedown before it reads the canvas' position; focusing a canvas that is
    # only partly in view scrolls the page and shifts the point. Show the whole map first, as a player would.
    top.evaluate("e => e.scrollIntoView({block: 'center', behavior: 'instant'})")
    top.evaluate(STILL_JS)  # a widget above the map still growing (a kernel's late answer) would shift the point
    top.click(position={"x": x, "y": y})


# resolves once the element has kept its place on the screen for 2 looks 30 ms apart (1 s at most)
STILL_JS = """e => new Promise(done => {
    let last = null, same = 0, looks = 0;
    const look = () => {
        const r = e.getBoundingClientRect(), at = r.x + ',' + r.y;
        same = at === last ? same + 1 : 0;
        last = at;
        looks += 1;
        if (same >= 2 || looks > 33) done(); else setTimeout(look, 30);
    };
    look();
})"""


def text_of(page, selector: str, nth: int = 0) -> str:
    """Inner text of the nth element matching a selector."""
    return page.locator(selector).nth(nth).inner_text()


def _text_now(page, selector: str, nth: int) -> str:
    """An element's text as it reads now, for a failure's message ("(absent)" when there is no such element)."""
    found = page.locator(selector)
    return found.nth(nth).inner_text(timeout=2_000) if found.count() > nth else "(absent)"


def _await_text(page, js: str, arg: list, selector: str, nth: int, timeout_ms: int, what: str) -> str:
    """Wait for `js` on the element's text; a timeout fails with what the text reads then (a click that landed on
    another hex and a kernel that never answered read differently)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(js, arg=arg, timeout=timeout_ms)
    except PlaywrightTimeout:
        raise AssertionError(f"{selector}[{nth}] {what} within {timeout_ms} ms; it reads "
                             f"{_text_now(page, selector, nth)!r}") from None
    return text_of(page, selector, nth)


def wait_text_change(page, selector: str, before: str, timeout_ms: int = 15_000, nth: int = 0) -> str:
    """Wait until an element's text differs from `before`; return the new text."""
    return _await_text(
        page, "([sel, n, old]) => { const e = document.querySelectorAll(sel)[n]; return e && e.innerText !== old; }",
        [selector, nth, before], selector, nth, timeout_ms, f"did not change from {before!r}")


def wait_text_contains(page, selector: str, wanted: str, timeout_ms: int = 15_000, nth: int = 0) -> str:
    """Wait until an element's text contains `wanted`; return the text (a stale or still empty text is waited out)."""
    return _await_text(
        page, "([sel, n, w]) => { const e = document.querySelectorAll(sel)[n]; return e && e.innerText.includes(w); }",
        [selector, nth, wanted], selector, nth, timeout_ms, f"never contained {wanted!r}")


def wait_button_up(page, name: str, timeout_ms: int = 30_000) -> None:
    """Wait until the kernel has answered the last click on the ClickButton `name`: its toggle is drawn up again
    (no `mod-active`), so the next click counts as a new click (centurion/widgets/safety.py)."""
    page.wait_for_function(
        "(name) => [...document.querySelectorAll('button')].filter(b => b.innerText.trim() === name)"
        ".every(b => !b.classList.contains('mod-active'))", arg=name, timeout=timeout_ms)
