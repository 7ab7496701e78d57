"""Issue 26, item 4 (acceptance): the guided first game, opened from the front page as a newcomer finds it, is played
to its end in a real browser by reading each hint and doing what it says, and nothing else.

Every action is derived from the hint's words on the page: the tank and the hex it names are clicked, the pick it
names is made from the list the page shows ('0 is a fine start', 'moves last', '100% safe'), Confirm or 'End phase'
is clicked. The game is the server's seed 1 (tests/browser/conftest.py), so it is the same game every run.

The page is served as the README's quick start serves it, with the games KEPT IN THE STORE (`centurion serve` does
by default), so the same game also checks Walk 2 (acceptance; it was tests/browser/test_walk2_stored.py, the same
game played a second time): the end screen comes at once (finding 1), Undo is off and says why (2), the computer's
decisions say why (3), and no seed the game will not use is shown (5). The game kept in the tab (`--no-store`) is
played to its end without a browser in tests/test_newcomer.py and for its first turn here (item 5) and in
tests/browser/test_skirmish.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from centurion.data import terrain_table
from centurion.game import new_skirmish
from centurion.widgets import HexMapView

from .conftest import start_server
from .helpers import CANVAS_PAINTED_JS, click_hex, text_of, wait_button_up, wait_text_change

pytestmark = pytest.mark.browser

HINT = ".centurion-hint"
CHOICES = ".centurion-choices select"


def _hint(page) -> str:
    return text_of(page, HINT).replace("\u00a0", " ")


def _state(page) -> str:
    """What changes when a decision is taken: the banner and the log."""
    return text_of(page, ".centurion-banner-text") + text_of(page, ".centurion-log")


def _options(page) -> list[str]:
    return [t.replace("\u00a0", " ") for t in page.locator(f"{CHOICES} option").all_inner_texts()]


def _click_until_taken(page, name: str) -> None:
    """Click the button `name` until the decision is taken (banner or log changes). The page ignores a click that
    arrives within 0.6 s of the list changing (the player cannot have read it): its message says to click again,
    and a person would. Each click is awaited until the kernel has answered it (the button drawn up again)."""
    before = _state(page)
    for _ in range(40):
        page.get_by_role("button", name=name).click()
        wait_button_up(page, name)
        if _state(page) != before:
            return
        message = page.locator(".centurion-skirmish .centurion-message").all_inner_texts()
        assert any("click Confirm again" in m or "nothing was decided" in m for m in message) or not message, \
            f"'{name}' did nothing: {message}"
    raise AssertionError(f"'{name}' never took the decision; hint: {_hint(page)}")


def _pick(page, index: int) -> None:
    page.locator(CHOICES).select_option(index=index)


def _follow(page, hint: str, geometry) -> str:
    """Do what the hint says; return what was done (for the failure message)."""
    raw = text_of(page, HINT)  # as the page has it, to await its change
    if m := re.search(r"click one of your tanks that has not moved yet \(([RT]\d+) in (\d{4})", hint):
        click_hex(page, m.group(2), geometry=geometry)
        wait_text_change(page, HINT, raw)
        return f"clicked {m.group(1)} in {m.group(2)}"
    if "click one of the green hatched hexes" in hint:
        end = re.search(r"Try (\d{4}) first", hint).group(1)
        click_hex(page, end, geometry=geometry)
        wait_text_change(page, HINT, raw)
        return f"clicked end hex {end}"
    if "click 'End phase'" in hint:
        _click_until_taken(page, "End phase")
        return "End phase"
    try:  # the list is redrawn after the hint on a loaded machine: await its options, not a fixed sleep
        page.wait_for_function("(sel) => document.querySelectorAll(sel + ' option').length > 0", arg=CHOICES,
                               timeout=15_000)
    except PlaywrightTimeout:
        pass
    options = _options(page)
    assert options, f"the hint asks for a pick but the list is empty: {hint}"
    if "pick 100% safe if you can" in hint:  # the move with the best chance of no damage
        # a tank hovering may also stand on opportunity fire: not a move, so not a pick here (third walk)
        safe = [int(m.group(1)) if (m := re.search(r"(\d+)% safe", o)) else -1 for o in options]
        i = safe.index(max(safe))
    elif m := re.search(r"\((\d+) is a fine start\)", hint):
        i = next(j for j, o in enumerate(options) if f"spends {m.group(1)} " in o)
    elif m := re.search(r"[Pp]ick '([^']+)'", hint):
        i = next(j for j, o in enumerate(options) if m.group(1) in o)
    else:  # "pick one of your tanks and its target / the enemy it paints": the first such decision offered
        assert "Confirm" in hint, hint
        i = 0
    _pick(page, i)
    _click_until_taken(page, "Confirm")
    return f"picked {options[i]!r}, Confirm"


@pytest.fixture
def served(tmp_path):
    """`centurion serve` keeping its games in a store (SQLite), as the README's quick start serves the pages."""
    server = start_server(tmp_path / "voila-walk2.log", "--store", f"sqlite:///{tmp_path / 'games.db'}",
                          "--max-kernels", "0", "--cull-idle-after", "300")
    yield server
    server.stop()


def _no_error_message(page) -> None:
    messages = " ".join(page.locator(".centurion-skirmish .centurion-message").all_inner_texts())
    assert "went wrong" not in messages, messages


def test_item4_the_guided_game_is_played_to_its_end_by_following_the_hints(served, page, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{served.url}/voila/render/index.ipynb", wait_until="commit", timeout=60_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    link = page.get_by_role("link", name=re.compile("guided first game"))
    assert "scenario=first_game" in link.get_attribute("href")
    link.click()  # the front page offers it first to someone who has never played
    page.wait_for_url(re.compile(r"skirmish\.ipynb\?scenario=first_game"), wait_until="commit", timeout=60_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    page.wait_for_selector(HINT, timeout=60_000)
    banner = text_of(page, ".centurion-banner-text")
    assert "Turn 1 of" in banner and "Renegade Legion" in banner, banner
    log = text_of(page, ".centurion-log")
    assert "seed hidden" in log and not re.search(r"seed \d", log), log[:300]  # Walk 2 finding 5: no seed it won't use
    assert "drawn by the server" in text_of(page, ".centurion-seed-note")
    geometry = HexMapView(new_skirmish("first_game", seed=1).battlemap, terrain_table()).layout_px
    done: list[str] = []
    summaries: list[str] = []
    scores: list[str] = []
    rules: set[str] = set()
    for _ in range(200):
        hint = _hint(page)
        rules |= set(re.findall(r"CEN-[A-Z]+-\d", hint))
        _no_error_message(page)
        if "The game is over" in hint:
            break
        if hint.startswith("Hint: Wait"):
            wait_text_change(page, HINT, text_of(page, HINT), timeout_ms=60_000)
            continue
        done.append(_follow(page, hint, geometry))
        if len(done) == 1:
            undo = page.get_by_role("button", name="No undo: game on server")  # Walk 2 finding 2: off, saying why
            assert undo.count() == 1 and undo.is_disabled()
        if not summaries:  # what happened since your last decision, the computer's moves in it (item 2)
            shown = page.locator(".centurion-turn-summary").all_inner_texts()
            summaries += [t for t in shown if re.search(r"\bT\d+ moved", t)]
        if not scores:  # the running score with the victory levels' thresholds (item 3)
            scores += [t for t in page.locator(".centurion-score").all_inner_texts() if re.search(r"\d", t)]
    else:
        raise AssertionError(f"the game did not end; last steps: {done[-5:]}")
    page.screenshot(path=str(artifacts / "guided_game_end.png"))
    page.screenshot(path=str(artifacts / "walk2_stored_end.png"))
    _no_error_message(page)  # Walk 2 finding 1: the end screen at once, no error
    verdict = text_of(page, ".centurion-verdict")
    assert re.search(r"(wins a \w+ victory|draw)", verdict), verdict
    assert re.search(r"\d+ points? against \d+", verdict) or "draw" in verdict, verdict
    assert "The game ended because" in text_of(page, ".centurion-end")
    # the bot game's turn summary (what happened since your last decision, the computer's moves in it) and the
    # running score with its thresholds stay on the page (issue 26 items 2-3)
    assert summaries, "no turn summary naming the computer's tanks during the game"
    assert scores, "no running score during the game"
    assert sum(d.startswith("clicked end hex") for d in done) >= 2  # tanks were moved by the hints' hexes
    assert {"CEN-INI-1", "CEN-GRAV-2", "CEN-SPD-1", "CEN-SEQ-1"} <= rules
    assert re.search(r"seed \d+", text_of(page, ".centurion-seed-note"))  # Walk 2: the seed, once the game is over
    assert page.locator("a[download]").count() >= 1  # Save
    assert "— why:" in text_of(page, ".centurion-log")  # Walk 2 finding 3
    assert page.js_errors == []


# From the banner's top to the bottom of the map's visible box (the canvas inside its scrolling box), in CSS px, and
# the smallest font size of any visible text between them.
FIT_JS = """
() => {
  const banner = document.querySelector('.centurion-banner-text').getBoundingClientRect();
  const hint = document.querySelector('.centurion-hint').getBoundingClientRect();
  const cs = document.querySelector('.centurion-hexmap').querySelectorAll('canvas');
  const c = cs[cs.length - 1], r = c.getBoundingClientRect();
  let box = c.parentElement;
  while (box && !['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
  const bottom = Math.min(r.bottom, box ? box.getBoundingClientRect().bottom : r.bottom);
  let smallest = 99, where = '';
  for (const e of document.querySelectorAll('#rendered_cells *')) {
    if (!e.offsetParent || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const q = e.getBoundingClientRect();
    if (q.bottom < banner.top || q.top > bottom || q.height === 0) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < smallest) { smallest = size; where = e.innerText.trim().slice(0, 40); }
  }
  return {top: banner.top, hint: hint.bottom, bottom, height: innerHeight, smallest, where};
}
"""


def test_item5_at_1024x768_the_banner_the_hint_and_the_map_fit_on_one_screen(page, voila_url, artifacts):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_url}/voila/render/skirmish.ipynb?scenario=first_game", wait_until="commit", timeout=60_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    page.wait_for_selector(HINT, timeout=60_000)
    geometry = HexMapView(new_skirmish("first_game", seed=1).battlemap, terrain_table()).layout_px
    seen = []
    for _ in range(12):  # every hint of the first turn's decisions, the longest ones (movement) among them
        hint = _hint(page)
        page.locator(".centurion-banner-text").evaluate("e => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        fit = page.evaluate(FIT_JS)
        seen.append(hint[:50])
        page.screenshot(path=str(artifacts / f"guided_game_1024_{len(seen)}.png"))
        assert fit["bottom"] - fit["top"] <= fit["height"], \
            f"at {hint[:60]!r}: banner, hint and map take {fit['bottom'] - fit['top']:.0f} px of {fit['height']} px"
        assert fit["smallest"] >= 11, f"text of {fit['smallest']} px: {fit['where']!r}"
        if "Painting" in hint:
            break
        _follow(page, hint, geometry)
    assert any("green hatched" in h for h in seen) and any("Pick a move" in h for h in seen), seen

