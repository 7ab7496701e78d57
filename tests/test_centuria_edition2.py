"""Centuria's rules edition 2 (session 54): the two morale findings of session 53's audit of Centuria, mended.

Expected values come from the seed's morale rules (seed 003, CTA-MORALE: "durch alle Teileinheiten, wenn der
Anführer fällt und kein Ersatz verfügbar ist", all sub-units test when the leader falls and no replacement is
available; trigger (a) counts a sub-unit that is "ausgefallen", out of action, which K9 reads as removed or
fleeing) and from docs/decisions.md K3 (the army's commander, the legatus, leads his whole army). Edition 1 is kept
for the saves and stored battles begun before it.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from centurion.centuria import morale_triggers
from centurion.dice import Dice
from centurion.game import bot_action, load, new_skirmish
from centurion.game.centuria import CENTURIA_RULES_EDITION
from centurion.game.centuria_phases.morale import after_losses
from centurion.hexgrid import Hex, distance

ROME_SUB_UNITS = {"R-C1", "R-C2", "R-C3", "R-T1", "R-T2", "R-B1"}  # data/scenarios: the ford road's Roman army


def _without(battle, *ids, **markers):
    """The battle with the pieces `ids` removed and the markers given set (CTA-MORALE)."""
    for pid in ids:
        battle = battle.with_piece(replace(battle.piece(pid), alive=False))
    for pid, marker in markers.items():
        battle = battle.with_piece(replace(battle.piece(pid.replace("_", "-")), marker=marker))
    return battle


def test_K3_the_legatus_who_commands_the_engines_himself_shakes_his_whole_army_when_he_falls():
    """K3: the ford road's legatus commands the ballista himself and has two praefecti under him; Rome has no
    subpraefectus or tribunus to replace him, so (c): every Roman sub-unit tests. Edition 1 tested the ballista
    alone (his only sub-unit of his own)."""
    before = new_skirmish("centuria_ford_road", seed=0).battle
    after = _without(before, "R-LEG")
    now = morale_triggers(before, after)
    assert {pid for pid, _ in now} == ROME_SUB_UNITS
    assert all(why == "R-LEG fell with no one to replace him (c)" for _, why in now)
    assert {pid for pid, _ in morale_triggers(before, after, whole_army=False)} == {"R-B1"}
    # a praefectus' fall still shakes his own units only (his cohort: R-C1 to R-C3)
    assert {pid for pid, _ in morale_triggers(before, _without(before, "R-PC1"))} == {"R-C1", "R-C2", "R-C3"}


def test_K3_the_farmsteads_commander_of_the_auxilia_leads_the_turmae_of_his_subpraefectus_too():
    """K3 on the other battle: A-PC leads four centuriae and the evocati himself and the two turmae through A-SP.
    When he falls the nearest subpraefectus (A-SP, 3 hexes from him; A-SP2 is 5) replaces him (b): the units
    outside A-SP's range (2, the seed's table) or sight test. With the turmae ridden 5 hexes from A-SP, edition 2
    tests them too; edition 1 did not (their own leader, A-SP, lives)."""
    before = new_skirmish("centuria_farmstead", seed=0).battle
    for pid, at in (("A-T1", Hex(12, 1)), ("A-T2", Hex(13, 0))):
        before = before.with_piece(replace(before.piece(pid), hex=at))
    assert distance(before.piece("A-SP").hex, before.piece("A-PC").hex) == 3
    assert distance(before.piece("A-SP2").hex, before.piece("A-PC").hex) == 5
    after = _without(before, "A-PC")
    now = dict(morale_triggers(before, after))
    old = dict(morale_triggers(before, after, whole_army=False))
    assert now["A-T1"] == now["A-T2"] == "A-PC fell; outside A-SP's range or sight (b)"
    assert not {"A-T1", "A-T2"} & set(old)
    assert {k: v for k, v in now.items() if k not in ("A-T1", "A-T2")} == old


def test_K3_a_game_of_edition_2_tests_the_whole_roman_army_and_one_of_edition_1_the_ballista():
    """The same battle (ford road, seed 2, the novice on both sides) under both editions, played until a rebel
    centuria kills the legatus: the tests that follow are the rules' (c) for every living Roman sub-unit, or for
    the ballista alone under edition 1; the game before is the same decision for decision."""
    lines = {}
    for edition in (1, 2):
        s = new_skirmish("centuria_ford_road", seed=2, rules_edition=edition)
        assert s.rules_edition == edition
        while s.battle.piece("R-LEG").alive:
            n = len(s.log)
            s = s.apply(bot_action(s, "novice"))
        tested = {line.split()[0] for line in s.log[n:] if "tests morale (R-LEG fell" in line}
        lines[edition] = (len(s.history), tested, {p.id for p in s.battle.living("rome") if not p.is_leader})
    assert lines[1][0] == lines[2][0]
    assert lines[1][1] == {"R-B1"}
    assert lines[2][1] == lines[2][2] and "R-B1" in lines[2][1] and len(lines[2][1]) > 1


def test_K9_a_unit_that_flees_in_the_tests_counts_as_out_of_action_for_the_rest_of_its_unit():
    """K9 (trigger (a) counts fleeing units): R-C1 is already removed, R-C2 dissolving; R-PC1 falls with no
    replacement, so R-C2 and R-C3 test (c). R-C2 fails (roll 1) and flees: two of the cohort's three sub-units are
    out of action, more than half for the first time, so R-C3 tests again (a). Edition 1 stopped after the first
    wave. Dice scripted: 1 for R-C2, 20 for R-C3 (the d20 over the target passes), 20 again."""
    base = new_skirmish("centuria_ford_road", seed=0).battle
    before = _without(base, "R-C1", R_C2=2)
    after = _without(before, "R-PC1")
    texts = {}
    for edition in (1, 2):
        new, events = after_losses(before, after, [], Dice.scripted([1, 20, 20, 20]), edition)
        texts[edition] = [e.text for e in events if "tests morale" in e.text]
        assert new.piece("R-C2").marker == 3  # fleeing
    assert [t.split(" (")[0] for t in texts[1]] == ["R-C2 tests morale", "R-C3 tests morale"]
    assert [t.split(" (")[0] for t in texts[2]] == ["R-C2 tests morale", "R-C3 tests morale", "R-C3 tests morale"]
    assert "more than half of the unit has fallen or fled (a)" in texts[2][2]


def test_the_edition_is_saved_and_a_save_without_one_replays_under_the_first():
    s = new_skirmish("centuria_farmstead", seed=3)
    s = s.apply(s.legal_actions()[0])
    data = json.loads(s.to_json())
    assert data["rules"] == CENTURIA_RULES_EDITION == 2
    assert load(s.to_json()).rules_edition == 2
    old = {k: v for k, v in data.items() if k != "rules"}
    assert load(json.dumps(old)).rules_edition == 1
    with pytest.raises(ValueError, match="rules_edition: a whole number from 1 to 2 for a Centuria battle"):
        new_skirmish("centuria_farmstead", rules_edition=3)
    assert new_skirmish("meeting", rules_edition=4).rules_edition == 4  # Centurion's editions are its own


def test_a_stored_battle_keeps_its_edition_and_one_stored_before_it_replays_under_the_first(tmp_path):
    """The store writes a Centuria battle's edition in its `rules` column; a battle stored before session 54 has
    none there (the store wrote Centurion's editions only) and replays under the first, as it was played."""
    import sqlalchemy as sa

    from centurion.store import open_store

    url = f"sqlite:///{tmp_path / 'games.db'}"
    with open_store(url) as store:
        ref = store.create("centuria_ford_road", computer={"rebels": "novice"})
        assert store.state(ref.id, ref.watch).rules_edition == CENTURIA_RULES_EDITION
    eng = sa.create_engine(url)
    with eng.begin() as conn:  # the row as the store before session 54 wrote it
        conn.execute(sa.text("UPDATE games SET rules = NULL WHERE id = :id"), {"id": ref.id})
    eng.dispose()
    with open_store(url) as store:
        assert store.state(ref.id, ref.watch).rules_edition == 1
