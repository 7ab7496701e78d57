"""The Centuria battle page in a real browser (issue 15): start a battle against the computer, play a round with
clicks, save, reload the page, load the file, and see the same position."""

from __future__ import annotations

import base64
import json

import pytest

from .helpers import click_hex, open_chapter, text_of, wait_button_up

pytestmark = pytest.mark.browser

PAGE = "centuria_skirmish.ipynb"
BANNER = ".centurion-centuria-skirmish .centurion-banner"


def geometry():
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    return CenturiaSkirmishTable("centuria_ford_road", seed=1).map.layout_px


def banner(page) -> str:
    return text_of(page, BANNER)


def saved_json(page) -> dict:
    href = page.locator(".centurion-centuria-skirmish a.centurion-save-link").get_attribute("href")
    assert href.startswith("data:application/json;base64,")
    return json.loads(base64.b64decode(href.split(",", 1)[1]))


def wait_banner_change(page, before: str) -> str:
    page.wait_for_function("([sel, old]) => { const b = document.querySelector(sel); "
                           "const l = document.querySelector('.centurion-centuria-skirmish .centurion-log'); "
                           "return b && l && (b.innerText + l.innerText) !== old; }",
                           arg=[BANNER, before], timeout=90_000)
    return banner(page)


def test_play_a_round_against_the_computer_save_reload_load(page, voila_url, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    open_chapter(page, f"{voila_url}/voila/render/{PAGE}")
    page.wait_for_function("(sel) => { const b = document.querySelector(sel); "
                           "return b && b.innerText.includes('Round 1 of 9'); }", arg=BANNER, timeout=90_000)
    assert "Legio XX" in banner(page) and "movement phase" in banner(page)
    page.evaluate("window.scrollTo(0, 0)")  # a laptop's first screen: the map and Confirm without scrolling
    confirm = page.locator(".centurion-centuria-skirmish").get_by_role("button", name="Confirm").bounding_box()
    assert confirm["y"] + confirm["height"] < 900, f"Confirm at y={confirm['y']:.0f}, below a 900 px screen"
    status = text_of(page, ".centurion-cta-status")
    assert "R-C2: intact" in status and "lost 0" in status
    geo = geometry()
    click_hex(page, "0608", geometry=geo)  # R-C2
    page.wait_for_function("() => document.querySelector('.centurion-centuria-skirmish .centurion-unit')"
                           ".innerText.includes('R-C2')", timeout=30_000)
    page.wait_for_function("() => { const s = document.querySelector('.centurion-cta-choices select'); "
                           "return s && s.options.length > 0; }", timeout=30_000)
    page.locator(".centurion-cta-choices select").select_option(index=0)
    page.wait_for_function("() => document.querySelector('.centurion-preview').innerText.includes('command')",
                           timeout=30_000)
    page.screenshot(path=str(artifacts / "centuria_battle_move.png"))
    before = banner(page) + text_of(page, ".centurion-centuria-skirmish .centurion-log")
    page.get_by_role("button", name="Confirm").click()
    wait_button_up(page, "Confirm", timeout_ms=90_000)  # answered, the computer's turns included (T9)
    text = wait_banner_change(page, before)
    log = text_of(page, ".centurion-centuria-skirmish .centurion-log")
    assert "R1 movement — Legio XX: R-C2 moves" in log and "The rebel legion:" in log  # the computer answered
    for _ in range(40):
        if "Round 2" in text or "battle is over" in text:
            break
        before = text + text_of(page, ".centurion-centuria-skirmish .centurion-log")
        page.get_by_role("button", name="End my part of the phase").click()
        # the click is answered once the button is drawn up again, after the computer's turns: the first change of
        # the banner or the log may be an intermediate one, and a click made then counted for the next part (T9)
        wait_button_up(page, "End my part of the phase", timeout_ms=90_000)
        text = wait_banner_change(page, before)
    assert "Round 2" in text or "battle is over" in text
    page.screenshot(path=str(artifacts / "centuria_battle_round2.png"))
    if "Round 2" in text:  # the link is drawn before the banner; its file name says the round it holds
        page.wait_for_function("() => (document.querySelector('.centurion-centuria-skirmish a.centurion-save-link')"
                               " || {}).download?.includes('-round2.json')", timeout=10_000)
    saved = saved_json(page)
    assert saved["system"] == "centuria" and saved["scenario"] == "centuria_ford_road"
    path = artifacts / "centuria_battle_save.json"
    path.write_text(json.dumps(saved))
    position = banner(page)

    page.reload()
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    page.wait_for_function("(sel) => { const b = document.querySelector(sel); "
                           "return b && b.innerText.includes('Round 1 of 9'); }", arg=BANNER, timeout=90_000)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load a saved battle").click()
    chooser.value.set_files(str(path))
    page.wait_for_function("() => document.body.innerText.includes('Loaded centuria_battle_save.json')",
                           timeout=90_000)
    assert banner(page) == position
    assert saved_json(page) == saved
    page.screenshot(path=str(artifacts / "centuria_battle_loaded.png"))


def test_the_countdown_runs_in_the_browser(page, voila_url, artifacts):
    open_chapter(page, f"{voila_url}/voila/render/{PAGE}")
    page.wait_for_function("(sel) => { const b = document.querySelector(sel); "
                           "return b && b.innerText.includes('Round 1 of 9'); }", arg=BANNER, timeout=90_000)
    assert "No countdown" in text_of(page, ".centurion-centuria-skirmish .centurion-clock")
    page.locator(".centurion-centuria-skirmish select").first.select_option(label="The farmstead on the road")
    page.get_by_role("button", name="Start a new battle").click()
    page.wait_for_function("() => document.querySelector('.centurion-centuria-skirmish .centurion-clock')"
                           ".innerText.includes('left this round')", timeout=60_000)
    page.wait_for_function("() => /3:5[0-9] left/.test(document.querySelector("
                           "'.centurion-centuria-skirmish .centurion-clock').innerText)", timeout=30_000)
    assert "Legio IX Hispana" in banner(page)
    page.screenshot(path=str(artifacts / "centuria_battle_countdown.png"))
