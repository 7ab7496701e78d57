"""Issue 26 acceptance (W4, walk-through 8): the stack list in a bot game, in a real browser.

On the Skirmish page's first game against the computer (the server's seed 1, tests/browser/conftest.py), the
player moves both tanks into one hex (stacking is unlimited, CEN-STK-1) as a person does: a click on the tank, a
click on the end hex, a pick from the list and Confirm. Then a click on that hex lists both tanks in the hex panel
and says that clicking the hex again selects the other one, which a second click does; the map draws the stack's
count on the counters.

Which hex both tanks can reach comes from the same game run in this process with the same seed and the same
clicks (the page's own code, no browser): the test checks that the page offers the very moves it expects.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from centurion.data import terrain_table
from centurion.game import Move, Order
from centurion.hexgrid import distance, format_label
from centurion.widgets import HexMapView
from centurion.widgets.counters import HALF, SELECTED
from centurion.widgets.skirmish import SkirmishTable

from .helpers import CANVAS_PAINTED_JS, click_hex, text_of, wait_button_up, wait_text_contains

pytestmark = pytest.mark.browser

PANEL = ".centurion-hexinfo"
MESSAGE = ".centurion-skirmish .centurion-message"
UNIT = ".centurion-unit"
HINT = ".centurion-hint"
WAIT = 30_000  # ms for the kernel to answer a click on a loaded machine
CHOICES = ".centurion-choices select"


def _plan():
    """The decisions up to the person's first move, and the hex both of the person's tanks can end their moves in,
    with the move picked for each, from the page's table run here (no browser)."""
    t = SkirmishTable("first_game", seed=1)
    before: list[str] = []
    while t.game.phase != "movement":
        a = t._choices[0]
        i = next((j for j, x in enumerate(t._choices) if isinstance(x, Order) and not x.move_first), 0) \
            if isinstance(a, Order) else 0
        before.append(dict((j, lbl) for lbl, j in t.choice.options)[i])
        t.choice.value = i
        t.confirm()
    g = t.game
    tanks = [v.key for v in g.movers()]
    assert len(tanks) == 2, tanks
    safe = [{e.hex for e in g.end_states(k) if not e.grounded and e.p_no_damage == 1} for k in tanks]
    starts = [g.vehicle(k).hex for k in tanks]
    common = sorted(safe[0] & safe[1], key=lambda h: (sum(distance(h, s) for s in starts), format_label(h)))
    moves = []
    for key, start in zip(tanks, starts, strict=True):
        t.click(start)
        assert t.selected == key
        t.click(common[0])
        i = next(j for j, a in enumerate(t._choices) if isinstance(a, Move) and a.unit == key)
        moves.append((key, format_label(start), dict((j, lbl) for lbl, j in t.choice.options)[i]))
        t.choice.value = i
        t.confirm()
    assert {t.game.vehicle(k).hex for k in tanks} == {common[0]}
    return before, format_label(common[0]), moves, t.game


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def _confirm(page, expected: str) -> None:
    """Pick the listed decision `expected` and click Confirm until it is taken (the log names it). The page ignores a
    click within 0.6 s of the list changing and says so; a person clicks again."""
    page.wait_for_function(
        "([sel, want]) => [...document.querySelectorAll(sel + ' option')]"
        ".some(o => o.innerText.replace(/\\s+/g, ' ').trim() === want)", arg=[CHOICES, _norm(expected)], timeout=30_000)
    options = [_norm(o) for o in page.locator(f"{CHOICES} option").all_inner_texts()]
    page.locator(CHOICES).select_option(index=options.index(_norm(expected)))
    log = text_of(page, ".centurion-log")
    for _ in range(20):
        page.get_by_role("button", name="Confirm").click()
        wait_button_up(page, "Confirm")
        if text_of(page, ".centurion-log") != log:
            return
    raise AssertionError(f"Confirm never took {expected!r}: {page.locator(MESSAGE).all_inner_texts()}")


# Pixels of the stack badge's colour in a box around the upper left corner of the counter in a hex (centre cx, cy
# and counter half-side h in CSS px of the map's canvas; colour rgb), over every layer of the map.
BADGE_JS = """
([x, y, h, rgb]) => {
  let n = 0;
  for (const c of document.querySelector('.centurion-hexmap').querySelectorAll('canvas')) {
    const box = c.getBoundingClientRect();
    if (!c.width || !box.width) continue;
    const k = c.width / box.width;
    const r = Math.round(0.3 * h * k);
    const d = c.getContext('2d').getImageData(Math.round((x - h) * k) - r, Math.round((y - h) * k) - r, 2 * r, 2 * r).data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 200 && [0, 1, 2].every(j => Math.abs(d[i + j] - rgb[j]) < 12)) n++;
    }
  }
  return n;
}
"""
YELLOW = [int(SELECTED[i:i + 2], 16) for i in (1, 3, 5)]


def test_W4_walk8_a_stack_in_a_bot_game_lists_its_units_and_a_second_click_selects_the_next(page, voila_url):
    before, here, moves, game = _plan()
    (first, _, _), (second, _, _) = moves
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{voila_url}/voila/render/skirmish.ipynb?scenario=first_game", wait_until="commit", timeout=60_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    wait_text_contains(page, ".centurion-banner-text", "Turn 1 of", timeout_ms=60_000)
    geometry = HexMapView(game.battlemap, terrain_table()).layout_px
    for label in before:  # the initiative's leadership points
        _confirm(page, label)
    for key, start, move in moves:
        wait_text_contains(page, ".centurion-banner-text", "movement phase", timeout_ms=60_000)
        click_hex(page, start, geometry=geometry)  # the tank
        wait_text_contains(page, UNIT, key, timeout_ms=WAIT)
        click_hex(page, here, geometry=geometry)  # the end hex: its moves are listed
        wait_text_contains(page, MESSAGE, f"Moves of {key} ending in {here}", timeout_ms=WAIT)
        _confirm(page, move)
    # the computer has answered (its moves come with the person's Confirm): the person's next decision
    page.wait_for_function("() => !document.querySelector('.centurion-banner-text').innerText.includes('movement')",
                           timeout=60_000)
    # the counters in the hex carry the stack's count (a yellow badge at their upper left corner); a tank alone has
    # none. Nothing is selected now (a move deselects its tank), so no yellow selection ring is near.
    x, y = geometry.center(game.vehicle(first).hex)
    h = HALF * geometry.size
    enemy = next(v for v in game.vehicles if v.side != game.vehicle(first).side and not v.destroyed)
    ex, ey = geometry.center(enemy.hex)
    try:
        page.wait_for_function(f"(a) => ({BADGE_JS})(a) > 10", arg=[x, y, h, YELLOW], timeout=WAIT)
    except PlaywrightTimeout:
        raise AssertionError(f"no stack badge on the counters in {here}: "
                             f"{page.evaluate(BADGE_JS, [x, y, h, YELLOW])} px of its colour") from None
    assert page.evaluate(BADGE_JS, [ex, ey, h, YELLOW]) == 0, f"{enemy.key} is alone yet has a stack badge"

    click_hex(page, here, geometry=geometry)  # the stack
    note = f"{first} is one of 2 units in {here} ({first}, {second}): click the hex again to select {second}."
    assert note in _norm(wait_text_contains(page, MESSAGE, f"{first} is one of 2 units", timeout_ms=WAIT))
    assert _norm(wait_text_contains(page, UNIT, first, timeout_ms=WAIT)).startswith(first)  # the first tank is selected
    assert note in _norm(wait_text_contains(page, HINT, f"{first} is one of 2 units", timeout_ms=WAIT))
    # the hex panel lists both tanks, each with its side and state, and says how to reach each
    try:  # (the panel showed this hex before, when only the first tank stood there)
        wait_text_contains(page, PANEL, second, timeout_ms=WAIT)
    except PlaywrightTimeout:
        pass  # the assertions below say what is missing
    panel = _norm(text_of(page, PANEL))
    assert f"Hex {here}" in panel, panel
    for key in (first, second):
        assert re.search(rf"\b{key} Renegade Legion [^:]*?, facing", panel), panel
    assert f"Stack 2 units to select here ({first}, {second}): each click on the hex selects the next one" in panel

    click_hex(page, here, geometry=geometry)  # again: the other tank
    message = _norm(wait_text_contains(page, MESSAGE, f"{second} is one of 2 units in {here}", timeout_ms=WAIT))
    assert f"click the hex again to select {first}." in message
    assert _norm(wait_text_contains(page, UNIT, second, timeout_ms=WAIT)).startswith(second)
    assert f"to select {first}." in _norm(wait_text_contains(page, HINT, f"{second} is one of 2 units", timeout_ms=WAIT))
    assert page.js_errors == []
