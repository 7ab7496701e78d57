"""Issue 25 item 5: the village's second edition (balance) and its first kept for the saves played on it."""

from __future__ import annotations

import json

from centurion.game import load, new_skirmish


def test_vbal_village_edition_2_holds_the_ridge_road_only():
    """Edition 2: one objective, the ridge road (3513); TOG's 14 unspent scenario points count from the start
    (book-b §15.2: 75 for the objective, held by its squad beside it, and 14 unspent), the Renegades have none."""
    s = new_skirmish("village", seed=0)
    assert [o.name for o in s.scenario.objectives] == ["the ridge road"]
    assert (s.points("renegade"), s.points("tog")) == (0, 75 + 14)
    assert json.loads(s.to_json())["edition"] == 2


def test_vbal_village_edition_1_kept_for_its_saves():
    """Edition 1 (two objectives, the Renegades' 2 unspent points) is kept: a save without an edition loads on it."""
    old = new_skirmish("village@1", seed=0)
    assert [o.name for o in old.scenario.objectives] == ["the hamlet", "the ridge road"]
    assert (old.points("renegade"), old.points("tog")) == (2, 75)
    data = {k: v for k, v in json.loads(new_skirmish("village", seed=0).to_json()).items() if k != "edition"}
    assert load(json.dumps(data)).scenario.key == "village@1"
