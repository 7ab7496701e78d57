"""Issue 25, item 5 (task cbal): the Centuria battles balanced at the novice and the veteran by new set-ups.

The farmstead's set-up changed, a new edition (the third); the second, the one of the first balance pass, is kept so that a
save played on it replays on it (centurion/data/editions.py). The expected set-ups are the scenario files'
(data/scenarios/centuria/ and its editions/); the figures behind them are in docs/decisions.md ("Balance of the
shipped scenarios"), measured with benchmarks/ladder.py --balance.
"""

from __future__ import annotations

import json

from centurion.game import load, new_skirmish


def test_cbal_farmstead_edition_3_has_seven_rounds_and_keeps_edition_2():
    now, before = new_skirmish("centuria_farmstead", seed=3), new_skirmish("centuria_farmstead@2", seed=3)
    assert (now.scenario.round_limit, before.scenario.round_limit) == (7, 6)
    assert {p.id: p.hex for p in now.battle.pieces} == {p.id: p.hex for p in before.battle.pieces}  # only the rounds
    data = json.loads(now.to_json())
    assert (data["scenario"], data["edition"]) == ("centuria_farmstead", 3)
    assert load(now.to_json()).scenario.round_limit == 7
    old = json.loads(before.to_json())
    assert old["edition"] == 2 and load(before.to_json()).scenario.round_limit == 6

