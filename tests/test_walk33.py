"""A newcomer's Centuria battle against the veteran, session 33 (a helper in headless Chromium, the ford road to
the end, then the farmstead; /work/scratch/walk33/report.md). Each test failed before its fix."""

from __future__ import annotations

import numpy as np
import pytest

from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

PEOPLE = {"rome": "person", "rebels": "person", "legio": "person", "auxilia": "person"}


@pytest.mark.parametrize("first, then", [("centuria_ford_road", "centuria_farmstead"),
                                         ("centuria_farmstead", "centuria_ford_road")])
def test_a_new_battle_is_drawn_on_its_own_map(first, then):
    """Finding 1: the farmstead, started from a page opened on the ford road, was drawn with the ford road's
    terrain while its rules used the farmstead's (CTA-2, CTA-MOVE): the page kept the first battle's drawing."""
    t = CenturiaSkirmishTable(first, seed=1, players=PEOPLE)
    t.scenario_pick.value = then
    t.start_button.click()
    assert t.game.scenario.key == then
    fresh = CenturiaSkirmishTable(then, seed=1, players=PEOPLE)
    assert t.map.battlemap is t.game.battlemap
    assert t.map.hexes == fresh.map.hexes
    assert (t.map.canvas.width, t.map.canvas.height) == (fresh.map.canvas.width, fresh.map.canvas.height)
    assert np.array_equal(t.map._colors, fresh.map._colors)  # the terrain's colours, hex by hex


def test_a_stored_game_begins_when_its_page_began_within_an_hour(tmp_path, monkeypatch):
    """`GameStore.create(began=...)`: the first round runs from the page's clock start (CTA-1), never from the
    future and at most an hour back; a time that is not a number is refused by name."""
    from types import SimpleNamespace

    from centurion.store import StoreError, open_store
    from centurion.store import games as games_module

    monkeypatch.setattr(games_module, "time", SimpleNamespace(time=lambda: 10_000.0))
    store = open_store(f"sqlite:///{tmp_path / 'g.db'}")
    for began, want in ((9_950.0, 9_950.0), (12_000.0, 10_000.0), (1_000.0, 6_400.0), (None, 10_000.0)):
        ref = store.create("centuria_farmstead", computer={"auxilia": "novice"}, began=began)
        assert store.round_began(ref.id) == want
    for bad in ("now", True, float("nan")):
        with pytest.raises(StoreError, match="began"):
            store.create("centuria_farmstead", began=bad)


def test_the_log_announces_no_round_after_the_last():
    """Finding 4: after the last decision of an 8-round battle the log said 'round 9: movement phase, Legio XX
    first [CTA-1]', then 'Battle over'. The battle ends after its last round (CTA-1); there is no round 9."""
    from centurion.game import new_skirmish
    from centurion.game.centuria import CtaEndPhase

    s = new_skirmish("centuria_ford_road", seed=1)
    limit = s.scenario.round_limit
    while not s.over:
        s = s.apply(CtaEndPhase())
    assert s.battle.round == limit + 1
    assert not any(line.startswith(f"round {limit + 1}:") or f"round {limit + 1}:" in line for line in s.log)
    assert any(f"round {limit}:" in line for line in s.log) and s.log[-1].startswith("Battle over")
