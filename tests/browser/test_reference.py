"""The rules reference in a real browser: a rule ID link in a chapter opens its entry (on tests/browser/test_chapters.py's
view of chapter 04), a rule ID in a refusal opens its entry in a new tab, the filter box finds rules (on
tests/browser/test_navigation.py's view of the reference)."""

from __future__ import annotations

import pytest

from .helpers import click_hex, open_chapter

pytestmark = pytest.mark.browser


def entries_shown(page) -> list[str]:
    return page.eval_on_selector_all(".centurion-rule-entry", "els => els.map(e => e.dataset.rule)")


def check_a_rule_id_in_a_chapter_opens_its_entry(page) -> None:
    """On chapter 04 as tests/browser/test_chapters.py leaves it (run there, last: it was a test of its own, on a second
    view of the chapter): the chapter's CEN-TER-2 link opens that rule's entry in a new tab, as the widgets' links do,
    and the chapter stays as the reader left it (walk of session 49: it used to replace the chapter)."""
    from .conftest import ARTIFACTS

    link = page.locator("a[href='reference.ipynb?rule=CEN-TER-2']").first
    assert link.inner_text() == "CEN-TER-2"
    chapter_url = page.url
    with page.expect_popup(timeout=30_000) as opened:  # a new tab: the chapter keeps its widgets (walk of S49)
        link.click()
    ref = opened.value
    ref.wait_for_url("**/reference.ipynb?rule=CEN-TER-2", timeout=30_000)
    ref.wait_for_selector(".centurion-rule-entry", timeout=60_000)
    assert entries_shown(ref) == ["CEN-TER-2"]
    entry = ref.locator(".centurion-rule-entry").inner_text()
    assert "never less than 0" in entry and "2 − 3, so 0" in entry and "Terrain, slopes and roads" in entry
    assert ref.locator(".voila-error").count() == 0 and "Traceback" not in ref.inner_text("body")
    ref.screenshot(path=str(ARTIFACTS / "reference-entry.png"))
    assert page.url == chapter_url  # the chapter stayed where it was
    ref.close()


def test_a_rule_id_in_a_refusal_opens_its_entry_in_a_new_tab(page, voila_url):
    open_chapter(page, f"{voila_url}/voila/render/02_thrust_velocity.ipynb")
    click_hex(page, "0622")  # focus the map
    for key in ("ArrowUp", "ArrowRight"):  # at velocity 5 a turn after one hex is legal; two turns in a row are not
        page.keyboard.press(key)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".centurion-refusal a.centurion-rule-link", timeout=15_000)
    link = page.locator(".centurion-refusal a.centurion-rule-link").first
    rule = link.inner_text()
    with page.context.expect_page() as new_tab:
        link.click()
    tab = new_tab.value
    tab.wait_for_selector(".centurion-rule-entry", timeout=60_000)
    assert entries_shown(tab) == [rule]
    tab.close()


def check_the_filter_box_narrows_the_reference(page, artifacts) -> None:
    """On the whole reference (tests/browser/test_navigation.py opens it from the last chapter's link and runs this
    there: it was a test of its own, on a second view of the same page)."""
    page.wait_for_selector(".centurion-rule-entry", timeout=60_000)
    total = len(entries_shown(page))
    assert total >= 40
    box = page.locator(".centurion-reference input[type=text]")
    box.fill("morale")
    page.wait_for_function(f"() => document.querySelectorAll('.centurion-rule-entry').length < {total}",
                           timeout=15_000)
    shown = entries_shown(page)
    assert "CTA-MORALE" in shown and "CEN-GRAV-4" not in shown
    assert "match" in page.locator(".centurion-rule-count").inner_text()
    page.screenshot(path=str(artifacts / "reference-filter.png"))
