"""Issue 25, item 5 (task cbal): the Centuria battles balanced by new set-ups (the ford road's edition 5 at all three
levels).

The farmstead's set-up changed once (edition 3), the ford road's three times (edition 3, edition 4 in session 43 and
edition 5 in session 48); each earlier edition is kept so that a save played on it replays on it
(centurion/data/editions.py). The expected set-ups are the scenario files' (data/scenarios/centuria/ and its
editions/); the figures behind them are in docs/decisions.md ("Balance of the shipped scenarios", "Session 48"),
measured with benchmarks/ladder.py --balance.
"""

from __future__ import annotations

import json
from collections import Counter

from centurion.game import load, new_skirmish
from centurion.hexgrid.coords import format_label


def test_cbal_farmstead_edition_3_has_seven_rounds_and_keeps_edition_2():
    now, before = new_skirmish("centuria_farmstead", seed=3), new_skirmish("centuria_farmstead@2", seed=3)
    assert (now.scenario.round_limit, before.scenario.round_limit) == (7, 6)
    assert {p.id: p.hex for p in now.battle.pieces} == {p.id: p.hex for p in before.battle.pieces}  # only the rounds
    data = json.loads(now.to_json())
    assert (data["scenario"], data["edition"]) == ("centuria_farmstead", 3)
    assert load(now.to_json()).scenario.round_limit == 7
    old = json.loads(before.to_json())
    assert old["edition"] == 2 and load(before.to_json()).scenario.round_limit == 6


def _rebels(g) -> Counter:
    """The rebels' units of a ford-road battle by type."""
    return Counter(p.type for p in g.units("rebels"))


def test_cbal_ford_road_edition_3_trades_a_rebel_centuria_for_a_turma_and_keeps_edition_2():
    """Edition 3 (docs/decisions.md): B-C5 (0304) gone, B-T4 at 1503 under the subpraefectus, who stands at 1304
    (was 1204) so that every rebel unit starts in command (CTA-CMD); nothing else moved."""
    now, before = new_skirmish("centuria_ford_road@3", seed=3), new_skirmish("centuria_ford_road@2", seed=3)
    assert _rebels(now) == {"centuria": 5, "turma": 4}
    assert _rebels(before) == {"centuria": 6, "turma": 3}
    placed_now = {p.id: p.hex for p in now.battle.pieces}
    placed_before = {p.id: p.hex for p in before.battle.pieces}
    assert set(placed_before) - set(placed_now) == {"B-C5"} and set(placed_now) - set(placed_before) == {"B-T4"}
    assert format_label(placed_now["B-T4"]) == "1503"
    assert next(p for p in now.battle.pieces if p.id == "B-T4").commander == "B-SP"
    assert (format_label(placed_before["B-SP"]), format_label(placed_now["B-SP"])) == ("1204", "1304")
    moved = {"B-T4", "B-C5", "B-SP"}
    assert {k: h for k, h in placed_now.items() if k not in moved} == {k: h for k, h in placed_before.items()
                                                                       if k not in moved}
    assert set(now.command().values()) == {"direct"}  # the fourth turma too, within the subpraefectus' range
    assert now.scenario.round_limit == before.scenario.round_limit == 8
    data = json.loads(now.to_json())
    assert (data["scenario"], data["edition"]) == ("centuria_ford_road", 3)  # kept for its saves (edition 4 below)
    assert "B-T4" in {p.id for p in load(now.to_json()).battle.pieces}
    old = json.loads(before.to_json())
    assert old["edition"] == 2 and "B-C5" in {p.id for p in load(before.to_json()).battle.pieces}


def test_cbal_ford_road_edition_4_is_edition_2_with_a_ninth_round():
    """Edition 4 (session 43, docs/decisions.md): once the veteran counts on its leaders following (CTA-CMD), the
    fourth turma gave the rebels 80 % of the veteran's games; edition 2's army is back (B-C5 at 0304, no B-T4, the
    subpraefectus at 1204) with 9 rounds instead of 8; every unit starts in command; editions 2 and 3 still load.
    Kept for its saves since edition 5 (below)."""
    four = new_skirmish("centuria_ford_road@4", seed=3)
    two, three = new_skirmish("centuria_ford_road@2", seed=3), new_skirmish("centuria_ford_road@3", seed=3)
    assert _rebels(four) == {"centuria": 6, "turma": 3}
    placed = {p.id: format_label(p.hex) for p in four.battle.pieces}
    assert placed == {p.id: format_label(p.hex) for p in two.battle.pieces}
    assert placed["B-C5"] == "0304" and placed["B-SP"] == "1204"
    assert set(four.command().values()) == {"direct"}
    assert (four.scenario.round_limit, two.scenario.round_limit, three.scenario.round_limit) == (9, 8, 8)
    data = json.loads(four.to_json())
    assert (data["scenario"], data["edition"]) == ("centuria_ford_road", 4)
    back = load(four.to_json())
    assert back.scenario.round_limit == 9
    assert "B-C5" in {p.id for p in back.battle.pieces} and "B-T4" not in {p.id for p in back.battle.pieces}
    assert json.loads(three.to_json())["edition"] == 3 and "B-T4" in {p.id for p in load(three.to_json()).battle.pieces}


def test_cbal_ford_road_edition_5_moves_the_ballista_back_and_gives_the_left_centuriae_a_praefectus():
    """Edition 5 (session 48, docs/decisions.md): the elite's look ahead gave Rome 85 % of the elite's games on
    edition 4; the ballista R-B1 starts one hex farther back (0911, was 0910) and a second praefectus cohortis,
    B-PC2 at 0403 under the legatus, leads B-C4 and B-C5 (edition 4: all six centuriae under B-PC1); nothing else
    moved; every unit starts in command (CTA-CMD); a save of edition 4 still replays on edition 4."""
    now, four = new_skirmish("centuria_ford_road", seed=3), new_skirmish("centuria_ford_road@4", seed=3)
    placed = {p.id: format_label(p.hex) for p in now.battle.pieces}
    placed_four = {p.id: format_label(p.hex) for p in four.battle.pieces}
    assert set(placed) - set(placed_four) == {"B-PC2"} and set(placed_four) <= set(placed)
    assert (placed_four["R-B1"], placed["R-B1"], placed["B-PC2"]) == ("0910", "0911", "0403")
    assert {k: h for k, h in placed.items() if k not in {"R-B1", "B-PC2"}} == {k: h for k, h in placed_four.items()
                                                                            if k != "R-B1"}
    pc2 = now.battle.piece("B-PC2")
    assert pc2.type == "praefectus coh" and pc2.side == "rebels" and pc2.is_leader
    assert now.battle.superiors("B-PC2")[1].id == "B-LEG"
    led = {p.id: p.commander for p in now.battle.pieces if p.side == "rebels" and not p.is_leader}
    led_four = {p.id: p.commander for p in four.battle.pieces if p.side == "rebels" and not p.is_leader}
    assert {u for u in led if led[u] != led_four[u]} == {"B-C4", "B-C5"}
    assert led["B-C4"] == led["B-C5"] == "B-PC2" and led_four["B-C4"] == led_four["B-C5"] == "B-PC1"
    assert _rebels(now) == _rebels(four) == {"centuria": 6, "turma": 3}
    assert set(now.command().values()) == {"direct"}
    assert now.scenario.round_limit == four.scenario.round_limit == 9
    data = json.loads(now.to_json())
    assert (data["scenario"], data["edition"]) == ("centuria_ford_road", 5)
    assert "B-PC2" in {p.id for p in load(now.to_json()).battle.pieces}
    assert "B-PC2" not in {p.id for p in load(four.to_json()).battle.pieces}
