"""W22 (audit first-game): a new game on the battle pages gets a fresh random seed (two new games differ), the running
game's seed is shown so that it can be played again, and a seed can still be fixed: typed in the Seed box, by the
page's address (`?seed=1`) or by CENTURION_SEED (the browser tests)."""

from __future__ import annotations

import re

import ipywidgets as w
import pytest


@pytest.fixture(autouse=True)
def no_fixed_seed(monkeypatch):
    monkeypatch.delenv("CENTURION_SEED", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("CENTURION_STORE", raising=False)


def _texts(root: w.Widget) -> str:
    """Every HTML text and label under a widget."""
    out, stack = [], [root]
    while stack:
        x = stack.pop()
        if isinstance(x, w.HTML | w.Label):
            out.append(x.value)
        stack.extend(getattr(x, "children", ()))
    return "\n".join(out)


def _skirmish():
    from centurion.widgets.skirmish import SkirmishTable

    return SkirmishTable()


def _centuria():
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    return CenturiaSkirmishTable()


@pytest.mark.parametrize("make", [_skirmish, _centuria], ids=["skirmish", "centuria"])
def test_W22_the_default_seed_differs_between_new_games_and_is_shown(make) -> None:
    page = make()
    seeds = [page.game.seed]
    for _ in range(2):
        page.start()
        assert not page.in_progress() and page.game.turn == 1
        seeds.append(page.game.seed)
        assert f"seed {page.game.seed}" in _texts(page), "the running game's seed is on the page"
    assert len(set(seeds)) == 3, f"three games, seeds {seeds}"
    page.seed_box.value = 42  # a seed the player types is kept: the same game again
    for _ in range(2):
        page.start()
        assert page.game.seed == 42


@pytest.mark.parametrize(("env", "value", "seed"), [("CENTURION_SEED", "1", 1), ("QUERY_STRING", "seed=7", 7),
                                                    ("QUERY_STRING", "scenario=first_game&seed=3", 3)])
def test_W22_a_seed_fixed_by_the_address_or_the_environment(monkeypatch, env, value, seed) -> None:
    monkeypatch.setenv(env, value)
    page = _skirmish()
    assert page.game.seed == seed
    page.start()
    assert page.game.seed == seed


def test_W22_the_pages_pass_no_seed() -> None:
    """The Skirmish and Centuria notebooks' sources leave the seed to the page (a fresh one each game)."""
    import importlib
    import sys
    from pathlib import Path

    import centurion

    tools = str(Path(centurion.__file__).resolve().parents[1] / "tools")  # the checkout under test
    sys.path.insert(0, tools)
    try:
        for name in ("skirmish", "centuria_skirmish"):
            cells = importlib.import_module(f"chapters.{name}").CELLS
            assert not [c for c in cells if c.cell_type == "code" and re.search(r"Table\([^)]*seed=", c.source)], name
    finally:
        sys.path.remove(tools)
