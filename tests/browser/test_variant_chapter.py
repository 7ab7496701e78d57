"""Chapter 21, "Variant rules", in a real browser: the basic | variant views render, the legal-moves map paints,
and changing a control changes the comparison (issue 16). Screenshot to artifacts/chapters/."""

from __future__ import annotations

import pytest

from .helpers import CANVAS_PAINTED_JS, open_chapter, text_of, wait_text_change

pytestmark = pytest.mark.browser

CHAPTER = "21_variant_rules"


def test_variant_chapter_renders_paints_and_compares(page, voila_url, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_chapter(page, f"{voila_url}/voila/render/{CHAPTER}.ipynb")
    assert page.evaluate(CANVAS_PAINTED_JS)  # the legal-moves map of VAR-LATERAL / VAR-EMERGENCY
    for tag in ("fire", "salvo", "moves", "ram", "activation", "movetype", "selfdestruct", "occupy", "crew"):
        page.wait_for_selector(f".centurion-variant-{tag}", timeout=30_000)  # cells render one after another
        assert page.locator(f".centurion-variant-{tag}").count() == 1, tag
    view = ".centurion-variant-movetype"
    before = text_of(page, view)
    assert "6 burned" in before and "Basic rules" in before
    page.locator(f"{view} select").select_option("light woods")
    after = wait_text_change(page, view, before)
    assert "1 burned" in after and "light woods" in after
    salvo = ".centurion-variant-salvo"
    before = text_of(page, salvo)
    page.locator(salvo).get_by_text("with VAR-SHIELD too").click()
    assert "stop roll per round" in wait_text_change(page, salvo, before)
    assert page.locator(".voila-error").count() == 0 and page.locator(".centurion-error").count() == 0
    assert "Traceback" not in page.inner_text("body")
    out = artifacts / "chapters"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / f"{CHAPTER}.png"), full_page=True)
    assert page.js_errors == []
