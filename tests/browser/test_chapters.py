"""Every chapter in a real browser: it renders without an error, its canvas paints, and one real interaction
changes what it shows (chapter 01's checks were tests/browser/test_battlefield.py's, on a view of their own).
Screenshots go to artifacts/chapters/. On five of the pages the checks of controls that tell the truth (issue 11
item 4, tests/browser/controls.py) run as well."""

from __future__ import annotations

import json
import warnings

import pytest

from centurion.data import sample_map, terrain_table
from centurion.hexgrid import parse_label
from centurion.widgets import HexMapView

from .conftest import ARTIFACTS
from .controls import CONTROLS
from .helpers import (
    CANVAS_PAINTED_JS,
    CANVAS_SIGNATURE_JS,
    centuria_geometry,
    click_hex,
    open_chapter,
    text_of,
    top_canvas_box,
    wait_button_up,
    wait_text_change,
    wait_text_contains,
)
from .test_reference import check_a_rule_id_in_a_chapter_opens_its_entry

pytestmark = pytest.mark.browser


def interact_thrust(page):
    before = text_of(page, ".centurion-budget")
    click_hex(page, "0622")  # focus the map (the tank's own hex)
    page.keyboard.press("ArrowUp")
    after = wait_text_change(page, ".centurion-budget", before)
    assert "VP spent 1" in after or "VP spent 1 " in after.replace("\n", " ")


def interact_facing(page):
    before = page.evaluate(CANVAS_SIGNATURE_JS)
    text = text_of(page, ".centurion-facinginfo")
    click_hex(page, "1222")  # move the tank: the reachable hexes move with it
    page.wait_for_function(f"() => ({CANVAS_SIGNATURE_JS})() !== {before}", timeout=15_000)
    text = text_of(page, ".centurion-facinginfo")
    track = page.locator(".centurion-facing .noUi-target").first.bounding_box()
    page.mouse.click(track["x"] + track["width"] * 0.8, track["y"] + track["height"] / 2)  # velocity about 24
    # wait for the new velocity's text itself (the move's own update may arrive late under load)
    page.wait_for_function("() => document.querySelector('.centurion-facinginfo').innerHTML"
                           ".includes('must travel <b>4</b>')", timeout=15_000)
    assert text_of(page, ".centurion-facinginfo") != text


def interact_button_forward(page):
    before = text_of(page, ".centurion-budget")
    page.get_by_role("button", name="↑ F").first.click()
    after = wait_text_change(page, ".centurion-budget", before)
    assert after != before


def interact_speed(page):
    page.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_selector(".centurion-speedlab .centurion-roll", timeout=15_000)
    roll = text_of(page, ".centurion-speedlab .centurion-roll")
    assert "target 3" in roll and "P(success) = 3/10" in roll
    assert text_of(page, ".centurion-dicelog").count("CEN-SPD-1") >= 1


def interact_ground(page):
    before = wait_text_contains(page, ".centurion-groundinfo", "From ")  # the start's text first (a loaded CI once
    sig = page.evaluate(CANVAS_SIGNATURE_JS)  # saw the empty text change to "From 2012" and took it for the click's)
    assert "From 2010" not in before
    click_hex(page, "2010")
    try:
        after = wait_text_contains(page, ".centurion-groundinfo", "From 2010", timeout_ms=8_000)
    except AssertionError as lost:
        # Seen twice in session 13 on a loaded machine (1 run in 4): the first click on this page got no answer
        # and the piece stayed on its start (the text read "From 2012"). Not understood yet: said aloud in the
        # run's warnings, and the player's second click must then work.
        warnings.warn(f"chapter 07: the first click on 2010 got no answer ({lost}); clicking again", stacklevel=1)
        click_hex(page, "2010")
        after = wait_text_contains(page, ".centurion-groundinfo", "From 2010")
    assert "From 2010" in after
    assert page.evaluate(CANVAS_SIGNATURE_JS) != sig


def interact_sequence(page):
    page.get_by_role("button", name="Roll initiative").click()
    page.wait_for_selector(".centurion-sequence .centurion-roll", timeout=15_000)
    # the dice log shows the first roll before the verdict is drawn (seen failing on a loaded machine): await it
    assert "wins" in wait_text_contains(page, ".centurion-sequence", "wins")


def interact_legal(page):
    before = text_of(page, ".centurion-budget")
    click_hex(page, "0710")  # a shaded end hex (flying on): the safest path to it is plotted
    after = wait_text_change(page, ".centurion-budget", before)
    assert "0710" in after
    # at any acceleration: 0705 is only in reach by speeding up, and a click plots the acceleration as well
    page.locator("select:has(option:text-is('at any acceleration'))").select_option(label="at any acceleration")
    click_hex(page, "0705")
    final = wait_text_change(page, ".centurion-budget", after)
    assert "0705" in final and "accelerate 0 " not in final


def check_battlefield_paints_and_answers_a_click(page, seconds: float) -> None:
    """Chapter 01: the whole map is on the canvas, a plain click on 0809 (the hill top) shows its terrain in the
    panel (these were tests/browser/test_battlefield.py's, on a second view of the same page)."""
    print(f"battlefield chapter: page open -> painted canvas {seconds:.2f} s")
    (ARTIFACTS / "timings.json").write_text(json.dumps({"battlefield_open_to_paint_s": round(seconds, 3)}))
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
    page.locator(".centurion-hexmap").screenshot(path=str(ARTIFACTS / "battlefield-map.png"))
    page.screenshot(path=str(ARTIFACTS / "battlefield.png"), full_page=True)
    assert page.js_errors == []


def interact_battlefield(page):
    check_battlefield_paints_and_answers_a_click(page, page.opened_in)


# chapter -> a check that follows a link away from the page, run last on it (it was a test with a view of its own)
LEAVING = {"04_terrain": check_a_rule_id_in_a_chapter_opens_its_entry}

COMBAT_CHAPTERS = ("16_line_of_sight", "17_weapons_fire", "18_damage", "19_infantry_vulcan", "20_leadership_victory")

CHAPTERS = [
    ("01_battlefield", interact_battlefield),
    ("02_thrust_velocity", interact_thrust),
    ("03_facing_change", interact_facing),
    ("04_terrain", interact_button_forward),
    ("05_speed_limits", interact_speed),
    ("06_grounding", interact_button_forward),
    ("07_ground_infantry", interact_ground),
    ("08_sequence", interact_sequence),
    ("09_legal_moves", interact_legal),
]


@pytest.mark.parametrize("name,interact", CHAPTERS, ids=[c[0] for c in CHAPTERS])
def test_chapter_renders_paints_and_responds(page, voila_url, artifacts, name, interact):
    seconds = open_chapter(page, f"{voila_url}/voila/render/{name}.ipynb")
    page.opened_in = seconds  # type: ignore[attr-defined]
    assert page.locator(".voila-error").count() == 0
    assert "Traceback" not in page.inner_text("body")
    assert page.evaluate(CANVAS_PAINTED_JS)
    before, after = CONTROLS.get(name, (None, None))
    if before:
        before(page)
    interact(page)
    assert page.locator(".centurion-error").count() == 0
    assert "Traceback" not in page.inner_text("body")
    out = artifacts / "chapters"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"), full_page=True)
    timings = artifacts / "chapter_timings.json"
    data = json.loads(timings.read_text()) if timings.exists() else {}
    data[name] = round(seconds, 3)
    timings.write_text(json.dumps(data, indent=1))
    if after:
        after(page)
    if name in LEAVING:
        LEAVING[name](page)
    assert page.js_errors == []


def test_index_links_every_chapter(page, voila_url):
    """The index links every chapter (the combat ones too: this was also
    tests/browser/test_combat_chapters.py::test_index_and_reference_link_the_combat_chapters), names rule IDs, and
    its link to the battlefield leads there (tests/browser/test_battlefield.py::test_index_links_to_the_chapter):
    one view of the index, not three."""
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    hrefs = page.eval_on_selector_all("a", "els => els.map(e => e.getAttribute('href'))")
    for name, _ in CHAPTERS + CENTURIA:
        assert f"{name}.ipynb" in hrefs
    for name in COMBAT_CHAPTERS:
        assert f"{name}.ipynb" in hrefs
    assert "CEN-GRAV-4" in page.inner_text("body")
    assert "CEN-LOS-1" in page.inner_text("body")
    link = page.locator("a", has_text="The battlefield").first
    link.click()
    page.wait_for_url("**/01_battlefield.ipynb", timeout=30_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    assert page.locator(".voila-error").count() == 0


# --- Centuria chapters ------------------------------------------------------------------------------------

def centuria_select(page, label: str, expect: str):
    before = text_of(page, ".centurion-cpanel")
    click_hex(page, label, geometry=centuria_geometry())
    after = wait_text_change(page, ".centurion-cpanel", before)
    assert expect in after
    return after


def interact_cta_command(page):
    centuria_select(page, "0609", "R-PC1")  # the praefectus cohortis
    sig = page.evaluate(CANVAS_SIGNATURE_JS)
    click_hex(page, "0102", geometry=centuria_geometry())  # try him far away: his centuriae fall out of command
    page.wait_for_function(f"() => ({CANVAS_SIGNATURE_JS})() !== {sig}", timeout=15_000)
    assert "placed in 0102" in text_of(page, ".centurion-centuria .centurion-message")


def interact_cta_move(page):
    centuria_select(page, "0608", "R-C2")
    page.get_by_role("button", name="↑ ahead").click()
    page.get_by_role("button", name="Move", exact=True).click()
    page.wait_for_function("() => document.body.innerText.includes('R-C2 moves to 0607')", timeout=15_000)


def interact_cta_combat(page):
    assert "falls" in text_of(page, ".centurion-odds")
    page.get_by_role("button", name="Attack").click()
    page.wait_for_selector(".centurion-centuria .centurion-roll", timeout=15_000)
    assert "CTA-COMBAT" in text_of(page, ".centurion-centuria .centurion-roll")


def interact_cta_morale(page):
    page.get_by_role("button", name="Test morale").click()
    page.wait_for_selector(".centurion-centuria .centurion-roll", timeout=15_000)
    assert "CTA-MORALE" in text_of(page, ".centurion-centuria .centurion-roll")


def interact_cta_artillery(page):
    assert "seen by" in text_of(page, ".centurion-odds")
    page.get_by_role("button", name="Shoot").click()
    page.wait_for_selector(".centurion-centuria .centurion-roll", timeout=15_000)


def interact_cta_round(page):
    before = text_of(page, ".centurion-phase")
    page.get_by_role("button", name="End phase").click()  # Rome ends its part; the rebels still move (CTA-1)
    middle = wait_text_change(page, ".centurion-phase", before)
    assert "movement phase" in middle and "ended its part" in middle
    wait_button_up(page, "End phase")  # the kernel's answer arrived: the next click is a new click
    page.get_by_role("button", name="End phase").click()
    assert "combat phase" in wait_text_change(page, ".centurion-phase", middle)
    page.get_by_text("Time limit per round", exact=True).click()
    page.wait_for_function("() => document.body.innerText.includes('left this round')", timeout=15_000)


CENTURIA = [
    ("10_centuria_command", interact_cta_command),
    ("11_centuria_movement", interact_cta_move),
    ("12_centuria_combat", interact_cta_combat),
    ("13_centuria_morale", interact_cta_morale),
    ("14_centuria_artillery", interact_cta_artillery),
    ("15_centuria_round", interact_cta_round),
]


@pytest.mark.parametrize("name,interact", CENTURIA, ids=[c[0] for c in CENTURIA])
def test_centuria_chapter_renders_paints_and_responds(page, voila_url, artifacts, name, interact):
    test_chapter_renders_paints_and_responds(page, voila_url, artifacts, name, interact)
