"""Chapter 15's countdown in a real browser: a time under its shortest is set to 10 s with a word of why (the second
walk's report: 5 s turned into 10 without one)."""

from __future__ import annotations

import pytest

from .helpers import open_chapter, wait_text_contains

pytestmark = pytest.mark.browser


def test_the_countdown_says_why_it_changed_a_time_typed(page, voila_url):
    open_chapter(page, f"{voila_url}/voila/render/15_centuria_round.ipynb")
    page.get_by_text("Time limit per round", exact=True).click()
    wait_text_contains(page, ".centurion-timer", "left this round")
    seconds = page.locator(".centurion-timer input[type=number]")
    seconds.fill("5")
    seconds.press("Enter")
    shown = wait_text_contains(page, ".centurion-timer", "at least 10 seconds")
    assert "5 s is too short" in shown and "left this round" in shown, shown
    page.wait_for_function("() => document.querySelector('.centurion-timer input[type=number]').value === '10'",
                           timeout=15_000)
    assert page.js_errors == []


def test_a_message_above_the_map_does_not_move_the_map(page, voila_url):
    """The second walk of session 28: in chapter 15 the lines shown above the map moved it by about 28 px between
    clicks, so the next click landed on another hex. The message area keeps two lines' room, shown or not."""
    from .helpers import top_canvas_box

    open_chapter(page, f"{voila_url}/voila/render/15_centuria_round.ipynb")

    def map_top() -> float:  # on the page, not on the screen: a scroll does not count
        return top_canvas_box(page)["y"] + page.evaluate("() => window.scrollY")

    before = map_top()
    page.get_by_role("button", name="↑ ahead").click()  # nothing selected: a refusal appears above the map
    wait_text_contains(page, ".centurion-centuria .centurion-message", "Select a piece first")
    page.wait_for_timeout(300)
    assert map_top() == before
    assert page.js_errors == []
