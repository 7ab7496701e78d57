"""Navigation in a real browser: previous / contents / next links on every chapter lead where they say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import CANVAS_PAINTED_JS
from .test_reference import check_the_filter_box_narrows_the_reference

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

pytestmark = pytest.mark.browser


def wait_rendered(page):
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)


def test_next_previous_and_contents_links(page, voila_url):
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    wait_rendered(page)
    page.locator("a", has_text="Start reading").click()
    page.wait_for_url("**/01_battlefield.ipynb", timeout=30_000)
    wait_rendered(page)
    page.locator("a", has_text="Next: Thrust and velocity").first.click()
    page.wait_for_url("**/02_thrust_velocity.ipynb", timeout=30_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    # the links are at the bottom too, below the worked examples
    bottom = page.locator("a", has_text="← Previous: The battlefield").last
    bottom.scroll_into_view_if_needed()
    bottom.click()
    page.wait_for_url("**/01_battlefield.ipynb", timeout=30_000)
    wait_rendered(page)
    page.locator("a", has_text="Contents").first.click()
    page.wait_for_url("**/index.ipynb", timeout=30_000)
    wait_rendered(page)
    assert page.locator(".voila-error").count() == 0


def test_the_last_chapter_leads_to_the_reference_and_back(page, voila_url, artifacts):
    """The last chapter in reading order links to the rules reference and the reference back to it; on the way the
    reference's filter box narrows it (tests/browser/test_reference.py's check, on this view of the page)."""
    import sys

    sys.path.insert(0, str(NOTEBOOKS.parent / "tools"))
    from chapters.index import READING_ORDER  # Centurion first, then Centuria (issue 26, W9)

    found = {p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")}
    last = [fn for fn in READING_ORDER if fn in found][-1]  # the last chapter in reading order
    title = json.loads((NOTEBOOKS / last).read_text(encoding="utf-8"))["cells"][0]["source"]
    title = "".join(title).splitlines()[0].lstrip("# ").strip()
    page.goto(f"{voila_url}/voila/render/{last}")
    wait_rendered(page)
    page.locator("a", has_text="Next: Rules reference").first.click()
    page.wait_for_url("**/reference.ipynb", timeout=30_000)
    page.wait_for_selector(".centurion-rule-entry", timeout=60_000)
    check_the_filter_box_narrows_the_reference(page, artifacts)
    page.locator("a", has_text=f"Previous: {title}").first.click()
    page.wait_for_url(f"**/{last}", timeout=30_000)
    wait_rendered(page)
