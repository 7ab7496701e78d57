"""Walk 2 (acceptance): the guided first game played to its end in a real browser on a page served as the README's
quick start serves it, with the games KEPT IN THE STORE (`centurion serve` does by default). The hints are followed
as in tests/browser/test_guided_game.py. The end screen must come at once (finding 1), Undo is off and says why
(2), the computer's decisions say why (3), and no seed the game will not use is shown (5).
"""

from __future__ import annotations

import re

import pytest

from centurion.data import terrain_table
from centurion.game import new_skirmish
from centurion.widgets import HexMapView

from . import test_guided_game as guided
from .conftest import start_server
from .helpers import CANVAS_PAINTED_JS, text_of

pytestmark = pytest.mark.browser


@pytest.fixture
def served(tmp_path):
    server = start_server(tmp_path / "voila-walk2.log", "--store", f"sqlite:///{tmp_path / 'games.db'}",
                          "--max-kernels", "0", "--cull-idle-after", "300")
    yield server
    server.stop()


def test_walk2_a_stored_guided_game_ends_with_its_end_screen_at_once(served, page, artifacts):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{served.url}/voila/render/skirmish.ipynb?scenario=first_game", wait_until="commit", timeout=60_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    page.wait_for_function(CANVAS_PAINTED_JS, timeout=60_000)
    page.wait_for_selector(guided.HINT, timeout=60_000)
    log = text_of(page, ".centurion-log")
    assert "seed hidden" in log and not re.search(r"seed \d", log), log[:300]  # finding 5: no seed it won't use
    assert "drawn by the server" in text_of(page, ".centurion-seed-note")
    geometry = HexMapView(new_skirmish("first_game", seed=1).battlemap, terrain_table()).layout_px
    done: list[str] = []
    for _ in range(200):
        hint = guided._hint(page)
        messages = " ".join(page.locator(".centurion-skirmish .centurion-message").all_inner_texts())
        assert "went wrong" not in messages, messages
        if "The game is over" in hint:
            break
        if hint.startswith("Hint: Wait"):
            guided.wait_text_change(page, guided.HINT, text_of(page, guided.HINT), timeout_ms=60_000)
            continue
        done.append(guided._follow(page, hint, geometry))
        if len(done) == 1:
            undo = page.get_by_role("button", name="No undo: game on server")  # finding 2: off, saying why
            assert undo.count() == 1 and undo.is_disabled()
    else:
        raise AssertionError(f"the game did not end; last steps: {done[-5:]}")
    page.screenshot(path=str(artifacts / "walk2_stored_end.png"))
    messages = " ".join(page.locator(".centurion-skirmish .centurion-message").all_inner_texts())
    assert "went wrong" not in messages, messages  # finding 1: the end screen at once, no error
    verdict = text_of(page, ".centurion-verdict")
    assert re.search(r"(wins a \w+ victory|draw)", verdict), verdict
    assert re.search(r"seed \d+", text_of(page, ".centurion-seed-note"))
    assert page.locator("a[download]").count() >= 1  # Save
    assert "— why:" in text_of(page, ".centurion-log")  # finding 3
    assert page.js_errors == []
