"""The combat chapters (16-20) in a real browser: the sight line and its verdict, a shot on the record sheet,
the internal effects, no traceback, forced faults as a short message. Screenshots (1366x900) go to
artifacts/chapters/. That the index links them is checked on tests/browser/test_chapters.py's view of the index."""

from __future__ import annotations

import pytest

from .helpers import CANVAS_SIGNATURE_JS, click_hex, open_chapter, text_of, wait_text_change, wait_text_contains

pytestmark = pytest.mark.browser

SIGHT, FIRE, DAMAGE, INFANTRY, LEADERSHIP = ("16_line_of_sight", "17_weapons_fire", "18_damage",
                                             "19_infantry_vulcan", "20_leadership_victory")


def open_page(page, url: str, ready: str, timeout_ms: int = 60_000) -> None:
    """Open a chapter at 1366x900 and wait until it is rendered and `ready` is on the page (no canvas needed)."""
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(url)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    page.wait_for_selector(ready, timeout=timeout_ms)


def clean(page) -> None:
    assert page.locator(".voila-error").count() == 0
    assert page.locator(".centurion-error").count() == 0
    assert "Traceback" not in page.inner_text("body")
    assert page.js_errors == []


def shoot(page, artifacts, name: str) -> None:
    out = artifacts / "chapters"
    out.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"{name}.png"), full_page=True)
    page.screenshot(path=str(out / f"{name}_view.png"))  # what a 1366x900 screen shows first


ACTIVE_JS = ("(name) => [...document.querySelectorAll('.centurion-sight .widget-toggle-button')]"
             ".some(b => b.innerText.trim() === name && b.classList.contains('mod-active'))")


def test_sight_line_and_verdict_change_with_a_blocking_hex(page, voila_url, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_chapter(page, f"{voila_url}/voila/render/{SIGHT}.ipynb")
    verdict = ".centurion-sight-verdict"
    page.wait_for_selector(verdict)
    assert "NOT SEEN" in text_of(page, verdict)  # the opening position: 0520 to 0513 over the hill in 0519
    page.get_by_role("button", name="firer", exact=True).click()
    page.wait_for_function(ACTIVE_JS, arg="firer", timeout=15_000)
    click_hex(page, "0520")
    # the kernel has placed the firer when it turns the toggle to "target": only then is the next click a target's
    # (on a loaded machine the verdict read at once could be the one before this click)
    page.wait_for_function(ACTIVE_JS, arg="target", timeout=30_000)
    sig = page.evaluate(CANVAS_SIGNATURE_JS)
    before = text_of(page, verdict)
    click_hex(page, "0525")  # open ground: seen, and the line is drawn to it
    after = wait_text_change(page, verdict, before)
    assert "0520 → 0525" in after and "SEEN" in after and "NOT SEEN" not in after
    page.wait_for_function(f"() => ({CANVAS_SIGNATURE_JS})() !== {sig}", timeout=15_000)
    click_hex(page, "0513")  # the hill in 0519 is between: not seen, 0519 decides
    blocked = wait_text_change(page, verdict, after)
    assert "NOT SEEN" in blocked and "Deciding hex: 0519" in blocked and "CEN-LOS-1" in blocked
    page.get_by_text("Shade everything the firer can see").click()
    page.wait_for_function(f"() => ({CANVAS_SIGNATURE_JS})() !== {sig}", timeout=15_000)
    clean(page)
    shoot(page, artifacts, SIGHT)


def test_fire_panel_lists_terms_and_responds_to_a_click(page, voila_url, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_chapter(page, f"{voila_url}/voila/render/{FIRE}.ipynb")
    panel = ".centurion-fire-panel"
    before = text_of(page, panel)
    assert "Target number" in before and "CEN-CMB-1" in before
    click_hex(page, "0515")  # out of sight from 0620: the rules refuse, naming the line of sight
    after = wait_text_change(page, panel, before)
    assert "Refused" in after and "CEN-LOS-1" in after
    clean(page)
    shoot(page, artifacts, FIRE)


def wait_sheet_redrawn(page, drawn: str) -> None:
    """Wait until the damage lab's record sheet is no longer the HTML `drawn` (its redraw after a shot)."""
    page.wait_for_function(
        "h => document.querySelector('.centurion-damage-lab .centurion-record-sheet').innerHTML !== h", arg=drawn,
        timeout=15_000)


def test_a_shot_changes_the_record_sheet_and_the_internal_effects(page, voila_url, artifacts):
    open_page(page, f"{voila_url}/voila/render/{DAMAGE}.ipynb", ".centurion-record-sheet .rs-grid")
    sheet = page.locator(".centurion-damage-lab .centurion-record-sheet").first
    sheet.scroll_into_view_if_needed()
    pixels = sheet.screenshot()
    drawn = sheet.inner_html()
    page.get_by_role("button", name="Fire: roll location and column").click()
    report = ".centurion-damage-lab .centurion-damage-report"
    page.wait_for_function("s => document.querySelector(s).innerText.includes('Hit location')", arg=report,
                           timeout=15_000)
    wait_sheet_redrawn(page, drawn)  # T9: the redraw is awaited, not slept for
    assert sheet.screenshot() != pixels
    # three lasers down the front's column 5 reach the internals; then all fire is resolved
    page.locator(".centurion-damage-lab select").nth(4).select_option("side")
    text = text_of(page, report)
    for _ in range(3):
        page.get_by_role("button", name="5", exact=True).first.click()
        text = wait_text_change(page, report, text)
    effects = ".centurion-damage-lab .centurion-internal-effects"
    before = text_of(page, effects)
    assert "No internal effects yet" in before
    pixels = sheet.screenshot()
    drawn = sheet.inner_html()
    page.get_by_role("button", name="All fire resolved: apply internal damage").click()
    after = wait_text_change(page, effects, before)
    assert "Internal damage applied" in after and "CEN-CMB-1" in after
    wait_sheet_redrawn(page, drawn)
    assert sheet.screenshot() != pixels
    clean(page)
    shoot(page, artifacts, DAMAGE)


@pytest.mark.parametrize("name,ready", [(INFANTRY, ".centurion-casualties"), (LEADERSHIP, "text=first: decisive victory")])
def test_other_combat_chapters_render(page, voila_url, artifacts, name, ready):
    open_page(page, f"{voila_url}/voila/render/{name}.ipynb", ready)
    if name == INFANTRY:
        wait_text_contains(page, ".centurion-vulcan", "Vulcan-")  # the first report is drawn before the choice
        page.locator(".centurion-vulcan").locator("..").locator("select").first.select_option("4")
        assert "engaging" in wait_text_contains(page, ".centurion-vulcan", "Vulcan-4")
    clean(page)
    shoot(page, artifacts, name)


def test_forced_faults_show_the_short_message(page, voila_url):
    open_chapter(page, f"{voila_url}/voila/render/{SIGHT}.ipynb?centurion_fault=_on_click")
    click_hex(page, "0525")
    page.wait_for_selector(".centurion-error", timeout=15_000)
    text = text_of(page, ".centurion-error")
    assert "Something went wrong" in text and "forced for testing" in text
    assert "Traceback" not in page.inner_text("body")
    open_page(page, f"{voila_url}/voila/render/{DAMAGE}.ipynb?centurion_fault=_on_column",
              ".centurion-record-sheet .rs-grid")
    page.get_by_role("button", name="5", exact=True).first.click()
    page.wait_for_selector(".centurion-error", timeout=15_000)
    assert "forced for testing" in text_of(page, ".centurion-error")
    assert "Traceback" not in page.inner_text("body")
