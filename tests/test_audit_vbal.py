"""Issue 25 item 5: the village's fourth edition (balance) and the first three kept for the saves played on them."""

from __future__ import annotations

import json

from centurion.game import load, new_skirmish
from centurion.hexgrid.coords import format_label


def test_vbal_village_edition_4_a_trajan_beside_the_road_and_its_squad_on_it():
    """Edition 4 (session 21, docs/decisions.md): T22, dug in at 3610 beside the ridge road, is a Trajan (cost 19),
    its squad T22s stands at 3612, within 1 hex of the objective (3613), and TOG has 3 points unspent: at the start
    TOG holds the road, 75 points (book-b §15.2) plus the 3 unspent."""
    s = new_skirmish("village", seed=0)
    assert [(o.name, format_label(o.hex)) for o in s.scenario.objectives] == [("the ridge road", "3613")]
    t22 = s.vehicle("T22")
    assert (t22.type, t22.cost, format_label(t22.hex)) == ("trajan", 19, "3610")
    assert [(v.key, v.type) for v in s.vehicles if v.side == "tog" and v.key != "T22"] == [
        ("T21", "horatius"), ("T23", "horatius")]
    assert s.scenario.turns == 6 and format_label(next(q for q in s.squads if q.key == "T22s").hex) == "3612"
    assert s.holds("tog") == ["the ridge road"]
    assert (s.points("renegade"), s.points("tog")) == (0, 75 + 3)
    assert json.loads(s.to_json())["edition"] == 4
    data = json.loads(s.to_json()) | {"edition": 3}
    assert load(json.dumps(data)).scenario.key == "village@3"


def test_vbal_village_edition_3_kept_with_the_objective_on_the_ruin_and_edition_2():
    """Edition 3: the ridge road at the ruin (3613) is the one objective, the squad that stood there joins its tank
    at 3610, three Horatius tanks, six turns, no TOG points unspent; nobody is within 1 hex of 3613 at the start,
    so the score is 0 : 0. Edition 2 (3513, held by the squad beside it: 75, plus 14 unspent) is kept too."""
    s = new_skirmish("village@3", seed=0)
    assert [(o.name, format_label(o.hex)) for o in s.scenario.objectives] == [("the ridge road", "3613")]
    assert s.scenario.turns == 6 and format_label(next(q for q in s.squads if q.key == "T22s").hex) == "3610"
    assert {v.type for v in s.vehicles if v.side == "tog"} == {"horatius"}
    assert (s.points("renegade"), s.points("tog")) == (0, 0)
    two = new_skirmish("village@2", seed=0)
    assert [format_label(o.hex) for o in two.scenario.objectives] == ["3513"] and two.scenario.turns == 7
    assert (two.points("renegade"), two.points("tog")) == (0, 75 + 14)
    data = json.loads(new_skirmish("village", seed=0).to_json()) | {"edition": 2}
    assert load(json.dumps(data)).scenario.key == "village@2"


def test_vbal_village_edition_1_kept_for_its_saves():
    """Edition 1 (two objectives, the Renegades' 2 unspent points) is kept: a save without an edition loads on it."""
    old = new_skirmish("village@1", seed=0)
    assert [o.name for o in old.scenario.objectives] == ["the hamlet", "the ridge road"]
    assert (old.points("renegade"), old.points("tog")) == (2, 75)
    data = {k: v for k, v in json.loads(new_skirmish("village", seed=0).to_json()).items() if k != "edition"}
    assert load(json.dumps(data)).scenario.key == "village@1"
