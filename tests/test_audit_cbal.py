"""Issue 25, item 5 (task cbal): both Centuria battles balanced at the novice and the veteran by new set-ups.

Each changed set-up is a new edition (the third); the second, the one of the first balance pass, is kept so that a
save played on it replays on it (centurion/data/editions.py). The expected set-ups are the scenario files'
(data/scenarios/centuria/ and its editions/); the figures behind them are in docs/decisions.md ("Balance of the
shipped scenarios"), measured with benchmarks/ladder.py --balance.
"""

from __future__ import annotations

import json

from centurion.game import load, new_skirmish
from centurion.hexgrid import format_label


def _rebel_rows(g) -> dict[str, int]:
    return {p.id: int(format_label(p.hex)[2:]) for p in g.battle.pieces if p.side == "rebels"}


def test_cbal_farmstead_edition_3_has_seven_rounds_and_keeps_edition_2():
    now, before = new_skirmish("centuria_farmstead", seed=3), new_skirmish("centuria_farmstead@2", seed=3)
    assert (now.scenario.round_limit, before.scenario.round_limit) == (7, 6)
    assert {p.id: p.hex for p in now.battle.pieces} == {p.id: p.hex for p in before.battle.pieces}  # only the rounds
    data = json.loads(now.to_json())
    assert (data["scenario"], data["edition"]) == ("centuria_farmstead", 3)
    assert load(now.to_json()).scenario.round_limit == 7
    old = json.loads(before.to_json())
    assert old["edition"] == 2 and load(before.to_json()).scenario.round_limit == 6


def test_cbal_ford_road_edition_3_rebel_foot_one_row_nearer_rome():
    now, before = new_skirmish("centuria_ford_road", seed=5), new_skirmish("centuria_ford_road@2", seed=5)
    rows, rows_before = _rebel_rows(now), _rebel_rows(before)
    foot = {"B-C1", "B-C2", "B-C3", "B-C4", "B-C5", "B-C6", "B-PC1", "B-LEG"}
    assert all(rows[k] == rows_before[k] + 1 for k in foot)  # one row south, towards Legio XX (row 08)
    assert all(rows[k] == rows_before[k] for k in rows if k not in foot)  # the cavalry where it was
    assert now.scenario.round_limit == before.scenario.round_limit == 8
    assert json.loads(now.to_json())["edition"] == 3
    assert json.loads(before.to_json())["edition"] == 2
    assert load(before.to_json()).scenario.key == "centuria_ford_road@2"
