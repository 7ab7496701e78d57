"""The battlefield chapter in a real browser: Voila renders it, the map paints, a click updates the panel."""

from __future__ import annotations

import json

import pytest

from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label
from centurion.widgets import HexMapView

from .helpers import CANVAS_PAINTED_JS, open_chapter, top_canvas_box

pytestmark = pytest.mark.browser


def test_battlefield_chapter_paints_and_answers_a_click(page, voila_url, artifacts):
    seconds = open_chapter(page, f"{voila_url}/voila/render/01_battlefield.ipynb")
    print(f"battlefield chapter: page open -> painted canvas {seconds:.2f} s")
    (artifacts / "timings.json").write_text(json.dumps({"battlefield_open_to_paint_s": round(seconds, 3)}))
    assert page.locator(".voila-error").count() == 0
    assert "Traceback" not in page.content()

    # the same geometry the notebook builds, to find hex 0809 (the hill top) on screen
    geometry = HexMapView(sample_map(), terrain_table()).layout_px
    box = top_canvas_box(page)
    assert box["width"] >= geometry.center(parse_label("4430"))[0], "the whole second mapsheet is on the canvas"
    before = page.locator(".centurion-hexinfo").inner_text()
    x, y = geometry.center(parse_label("0809"))
    page.mouse.click(box["x"] + x, box["y"] + y)
    page.wait_for_selector('.centurion-hexinfo[data-hex="0809"]', timeout=15_000)
    after = page.locator(".centurion-hexinfo").inner_text()
    assert after != before and "0809" in after and "Clear" in after and "5 (100 m" in after
    assert page.evaluate(CANVAS_PAINTED_JS)
    page.locator(".centurion-hexmap").screenshot(path=str(artifacts / "battlefield-map.png"))
    page.screenshot(path=str(artifacts / "battlefield.png"), full_page=True)
    assert page.js_errors == []


def test_index_links_to_the_chapter(page, voila_url):
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    link = page.locator("a", has_text="The battlefield").first
    link.click()
    page.wait_for_url("**/01_battlefield.ipynb", timeout=30_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    assert page.locator(".voila-error").count() == 0
