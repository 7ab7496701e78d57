"""Controls that tell the truth, in a real browser (issue 11, item 4): each check does what a reader would and
checks that the page says what happened and changed nothing it should not.

They were tests/browser/test_controls.py, each on a page view of its own; they now run on the chapter pages
tests/browser/test_chapters.py opens anyway (`CONTROLS`: before the chapter's own interaction, or after its
screenshot), which saves five page views of the same chapters (each a kernel start).
"""

from __future__ import annotations

from .helpers import click_hex, text_of


def check_roll_and_move_with_nothing_plotted_says_so(page):
    budget = text_of(page, ".centurion-budget")
    assert "Nothing plotted yet: 5 VP to spend" in budget and "Grounds" not in budget
    page.get_by_role("button", name="Roll and move").click()
    page.wait_for_selector(".centurion-movetable .centurion-refusal", timeout=15_000)
    assert "Nothing is plotted" in text_of(page, ".centurion-movetable .centurion-refusal")
    assert "No rolls yet" in text_of(page, ".centurion-dicelog")
    assert text_of(page, ".centurion-budget") == budget


def check_an_unshaded_hex_is_explained_not_plotted(page):
    budget = text_of(page, ".centurion-budget")
    click_hex(page, "4430")  # the far corner of the second sheet: out of reach at velocity 10
    page.wait_for_selector(".centurion-movetable .centurion-refusal", timeout=15_000)
    message = text_of(page, ".centurion-movetable .centurion-refusal")
    assert "out of reach" in message and "Nothing was plotted" in message
    assert text_of(page, ".centurion-budget") == budget


def check_the_seed_box_takes_only_whole_numbers(page):
    box = page.locator(".centurion-dicelog input").first
    box.fill("1.5")
    page.locator(".centurion-dicelog").first.get_by_role("button", name="Use seed").click()
    page.wait_for_selector(".centurion-dicelog .centurion-refusal", timeout=15_000)
    assert "whole number" in text_of(page, ".centurion-dicelog .centurion-refusal")
    box.fill("42")
    page.locator(".centurion-dicelog").first.get_by_role("button", name="Use seed").click()
    page.wait_for_function("() => document.body.innerText.includes('Dice restarted from seed 42')", timeout=15_000)


def check_a_refused_start_puts_the_controls_back(page):
    before = text_of(page, ".centurion-budget")
    starts = page.locator("select:has(option:text-is('under water'))")
    starts.select_option(label="under water")  # the tank stands in heavy woods, not in a lake
    page.wait_for_selector(".centurion-movetable .centurion-refusal", timeout=15_000)
    assert "CEN-GRD-2" in text_of(page, ".centurion-movetable .centurion-refusal")
    page.wait_for_function("() => { const s = [...document.querySelectorAll('select')].find("
                           "e => [...e.options].some(o => o.text.replace(/\\u00a0/g, ' ') === 'under water')); "
                           "return s && s.options[s.selectedIndex].text === 'flying'; }", timeout=15_000)
    assert text_of(page, ".centurion-budget") == before


def check_at_xl_zoom_the_map_scrolls_in_its_box_and_the_panel_stays_in_view(page):
    page.get_by_role("button", name="XL").first.click()
    measure = ("() => { const m = document.querySelector('.centurion-hexmap'); const c = [...m.querySelectorAll("
               "'canvas')].pop(); return {canvas: c.width, shown: c.getBoundingClientRect().width, "
               "box: m.children[0].getBoundingClientRect().width, panel: m.children[1].getBoundingClientRect().right, "
               "view: window.innerWidth}; }")
    # the canvas size and its CSS size arrive in separate messages: wait for both
    page.wait_for_function(f"() => {{ const m = ({measure})(); return m.canvas > 1500 && m.shown > 1000; }}",
                           timeout=15_000)
    page.wait_for_timeout(500)
    m = page.evaluate(measure)
    assert m["shown"] == m["canvas"], "the drawing keeps its size (it is not squeezed)"
    assert m["box"] < m["canvas"], "the map scrolls in its own box"
    assert m["panel"] <= m["view"], "the side panel stays on screen"


# chapter -> (check run on the fresh page before the chapter's own interaction, check run after its screenshot)
CONTROLS = {
    "02_thrust_velocity": (check_roll_and_move_with_nothing_plotted_says_so, None),
    "09_legal_moves": (check_an_unshaded_hex_is_explained_not_plotted, None),
    "05_speed_limits": (check_the_seed_box_takes_only_whole_numbers, None),
    "06_grounding": (check_a_refused_start_puts_the_controls_back, None),
    "01_battlefield": (None, check_at_xl_zoom_the_map_scrolls_in_its_box_and_the_panel_stays_in_view),  # a zoom
    # after the screenshot: the chapter's own click (default zoom) and its picture come first
}
