"""The Centuria audit (issue 21, audits/centuria.md): one test per finding, K1-K16 and the open part of D7.

Expected values come from the seed (003, German, quoted in docs/decisions.md), RULES.md CTA-*/DIE-20 and the
project's decisions, never from the code under test.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

import centurion
from centurion.centuria import (
    MARKERS,
    CenturiaBattle,
    CenturiaMove,
    exchange,
    fire,
    fire_refusal,
    flee_path,
    morale_test,
    morale_triggers,
    move,
    shot,
)
from centurion.data import centuria_tables, data_dir
from centurion.data.centuria_scenarios import load_centuria_battle, shipped_centuria_battle
from centurion.data.scenario import load_centuria_scenario
from centurion.dice import Dice
from centurion.game import IllegalAction, new_skirmish
from centurion.game.centuria import CtaEndPhase, CtaMove, CtaShoot
from centurion.hexgrid import distance, format_label, parse_label
from centurion.rules.grav import Refusal

T = centuria_tables()
DECISIONS = Path(centurion.__file__).resolve().parents[1] / "docs" / "decisions.md"


BEFORE_BALANCE = Path(__file__).resolve().parent / "fixtures" / "centuria_before_balance"


def battle(key: str) -> CenturiaBattle:
    """The battle's opening position as the audit saw it: the set-ups before the balance of issue 25 (their pieces
    are the audit's examples; the rules are the same)."""
    spec = load_centuria_battle(BEFORE_BALANCE / f"{key.removeprefix('centuria_')}.yaml", T, key=key)
    return CenturiaBattle.from_scenario(spec.scenario, T)


def dead(b: CenturiaBattle, *ids: str) -> CenturiaBattle:
    for pid in ids:
        b = b.with_piece(replace(b.piece(pid), alive=False))
    return b


# --- D7: the countdown is enforced on chapter 15's round table too ------------------------------------------------

def test_D7_round_table_countdown_ends_the_round():
    """Seed: a round has only a limited time; at 0:00 no more moves are taken for that round (CTA-1)."""
    from centurion.widgets import CenturiaTable

    tab = CenturiaTable(battle("centuria_ford_road"), mode="round", timer=True)
    tab.timer.enabled.value = True
    tab.timer.length.value = 60
    tab.timer.play.value = 60  # the countdown has run out
    assert tab.battle.round == 2  # round 1 has ended
    tab.selected = "R-C2"
    tab.plot = []
    tab.add_step("F")
    assert tab.do_move() is False
    assert format_label(tab.battle.piece("R-C2").hex) == "0608"
    text = DECISIONS.read_text(encoding="utf-8")
    assert "only warns" not in text


# --- K1: succession through the whole chain ------------------------------------------------------------------------

def test_K1_replacement_of_a_replacement():
    """Seed: when the leader falls and a subpraefectus or tribunus is available, he replaces him; A-SP2 (a living
    subpraefectus of the cohort) takes over after A-PC and then A-SP (who had replaced A-PC) fall."""
    b0 = battle("centuria_farmstead")
    b1 = dead(b0, "A-PC")
    b2 = dead(b1, "A-SP")
    repl = b2.replacement_for(b2.piece("A-SP"))
    assert repl is not None and repl.id == "A-SP2"
    assert [q.id for q in b2.commanders(b2.piece("A-T1"))] == ["A-SP2"]
    assert [q.id for q in b2.commanders(b2.piece("A-C1"))] == ["A-SP2"]
    # units in his range (2) and sight are in command again
    b3 = b2.placed("A-SP2", "1303")
    assert b3.command()["A-T1"] == "direct"
    # morale: a replacement is available, so nobody tests as if there were none (c); the infantry that A-SP had
    # taken over tests too when he falls, those outside A-SP2's range or sight
    trig = dict(morale_triggers(b1, b2))
    assert trig and not any(why.endswith("(c)") for why in trig.values())
    assert {"A-C1", "A-C2", "A-C3", "A-C4", "A-E1"} & set(trig)
    near = morale_triggers(b1.placed("A-SP2", "1303"), b2.placed("A-SP2", "1303"))
    assert "A-T1" not in dict(near)  # next to A-SP2 (1303-1304), in sight: no test


# --- K2: the scenario's own goal ----------------------------------------------------------------------------------

def test_K2_farmstead_holding_out_wins_at_the_round_limit():
    """The farmstead's text: "The auxilia only have to hold out"; at the round limit, not having lost wins."""
    s = new_skirmish("centuria_farmstead", seed=9)
    b = dead(s.battle, "A-T1", "A-T2", "L-C6")
    s = replace(s, battle=replace(b, round=s.scenario.round_limit))  # the last round (6 since issue 25's balance)
    for _ in range(4):
        s = s.apply(CtaEndPhase())
    assert s.over and s.result.winner == "auxilia"
    assert "held out" in s.result.reason


# --- K3: a fallen legatus -----------------------------------------------------------------------------------------

def test_K3_a_fallen_legatus_causes_morale_tests():
    """Seed (c): "durch alle Teileinheiten, wenn der Anführer fällt und kein Ersatz verfügbar ist"; (b) with a
    subpraefectus or tribunus, those outside his range. Rome (ford) has none: all its units test."""
    f = battle("centuria_ford_road")
    rome = dict(morale_triggers(f, dead(f, "R-LEG")))
    units = {p.id for p in f.living("rome") if not p.is_leader}
    assert set(rome) == units and all(w.endswith("(c)") for w in rome.values())
    rebels = dict(morale_triggers(f, dead(f, "B-LEG")))  # B-SP (subpraefectus, radius 2 at 1204) replaces him
    assert {"B-C1", "B-C2", "B-C3", "B-C4"} <= set(rebels)  # 5 or more hexes from 1204
    assert "B-T1" not in rebels and "B-T2" not in rebels  # 1203 and 1303: beside him, in sight


# --- K4: a shot's 1 always misses ----------------------------------------------------------------------------------

def test_K4_roll_of_one_misses_even_against_a_low_target():
    """Decision: a roll of 1 misses and puts the engine out; so P(hit) is at most 19/20 on a d20."""
    b = replace(battle("centuria_ford_road"), phase="combat", active_side="rome")
    b = b.placed("B-LEG", "0807", 3).placed("R-TO", "0805", 3).placed("R-LEG", "0804", 3).placed("R-CB", "0704", 3)
    assert shot(b, "R-TO", "B-LEG").value <= 0
    assert exchange(b, "R-TO", "B-LEG").defender_falls == Fraction(19, 20)
    nb, _ev = fire(b, "R-TO", "B-LEG", Dice.scripted([1, 20, 20, 20]))
    assert nb.piece("B-LEG").alive
    assert nb.piece("R-TO").engine_out_round == 1


# --- K5: marked units stand -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("marker", [1, 2])
def test_K5_idle_and_dissolving_units_do_not_turn(marker):
    """Seed: "scheitert der Moraltest, bleibt die Einheit untätig stehen"; RULES CTA-MORALE: they neither move."""
    s = new_skirmish("centuria_ford_road", seed=5)
    sm = replace(s, battle=s.battle.with_piece(replace(s.battle.piece("R-C2"), marker=marker)))
    assert sm.move_actions("R-C2") == ()
    with pytest.raises(IllegalAction):
        sm.apply(CtaMove("R-C2", ("T1",)))


# --- K6: flight as far as the movement rules allow ------------------------------------------------------------------

def test_K6_flight_passes_friends_as_a_move_would():
    """Seed: the fleeing unit moves backwards "soweit dies gemäß den Bewegungsregeln möglich ist"; a move may pass
    friends and end beside a leader. R-C2 (movement 2, grass behind it) flees past R-PC1 at 0609 to 0610."""
    bb = battle("centuria_ford_road")
    bb = bb.with_piece(replace(bb.piece("R-C2"), marker=2))
    assert [format_label(h) for h in flee_path(bb, bb.piece("R-C2"))] == ["0609", "0610"]
    nb, _ev = morale_test(bb, "R-C2", Dice.scripted([1] + [20] * 20), "example")
    assert MARKERS[nb.piece("R-C2").marker] == "fleeing"
    assert format_label(nb.piece("R-C2").hex) == "0610"


# --- K7: leaders' terrain in combat ---------------------------------------------------------------------------------

def test_K7_leader_gets_the_terrain_defence_of_his_arm():
    """Decision: leaders use their arm's row (movement); so in combat too. Seed: Gebäude, centuria: Verteidigung +2."""
    f = replace(battle("centuria_ford_road"), phase="combat", active_side="rome")
    fb = f.placed("B-PC1", "0409", 0).placed("R-C4", "0408", 3)
    assert fb.terrain(parse_label("0409")) == "building"
    terms = [(m.label, m.value) for m in exchange(fb, "R-C4", "B-PC1").attack.terms]
    assert ("defender in building", 2) in terms


# --- K8: an engine spots for itself -----------------------------------------------------------------------------------

def test_K8_engine_that_sees_its_target_may_shoot():
    """Seed: the target must be seen by a friendly unit touching the engine or in sight of it; the ballista itself
    sees the target (0701 -> 1201) while its centurio beside it (0702) does not."""
    b0 = replace(battle("centuria_ford_road"), phase="combat", active_side="rome")
    b = dead(b0, *[p.id for p in b0.living("rome") if p.id not in ("R-B1", "R-CB")])
    bb = b.placed("R-B1", "0701").placed("R-CB", "0702").placed("B-C2", "1201")
    assert fire_refusal(bb, "R-B1", "B-C2") is None


# --- K9: "ausgefallen" counts fled units ------------------------------------------------------------------------------

def test_K9_fled_units_count_as_out_of_action():
    """Seed (a): more than 50 % of the sub-units "ausgefallen": 2 removed + 1 fled of 4, so B-C4 tests."""
    b = battle("centuria_ford_road")
    b1 = dead(b, "B-C1", "B-C2")
    b2 = b1.with_piece(replace(b1.piece("B-C3"), marker=3))
    assert "B-C4" in dict(morale_triggers(b, b2))


# --- K10: no rally for a fleeing unit in chapter 13 -------------------------------------------------------------------

def test_K10_chapter_13_refuses_a_rally_of_a_fleeing_unit():
    """Decision: a fleeing unit takes no rally test and does not act again."""
    from centurion.widgets import CenturiaTable

    b = battle("centuria_ford_road")
    b = b.with_piece(replace(b.piece("R-C2"), marker=3))
    tab = CenturiaTable(b, mode="morale", seed=4)
    tab.dice._script = [20] * 10
    tab.selected = "R-C2"
    assert tab.do_morale(rally=True) is False
    assert MARKERS[tab.battle.piece("R-C2").marker] == "fleeing"
    assert "fleeing" in tab.message.value


# --- K11: the scenario's die --------------------------------------------------------------------------------------------

def test_K11_battle_rolls_the_scenarios_die():
    """DIE-20: the die is a data value; the scenario's `die_sides: 12` makes every roll a d12."""
    txt = (data_dir() / "centuria_scenario.yaml").read_text().replace("die_sides: 20", "die_sides: 12")
    sc = load_centuria_scenario("custom.yaml", T, text=txt)
    b = replace(CenturiaBattle.from_scenario(sc, T), phase="combat", active_side="rome").placed("B-C2", "0607", 3)
    ex = exchange(b, "R-C2", "B-C2")
    assert ex.attack.sides == 12 and ex.counter.sides == 12
    assert ex.defender_falls == Fraction(max(0, 12 - ex.attack.value), 12)


# --- K12: out-of-command units flee only by morale ---------------------------------------------------------------------

def test_K12_out_of_command_units_flee_by_morale_decision_recorded():
    """Judged not a defect: "sich verteidigen oder fliehen" lists what befalls an out-of-command unit; its flight
    still happens when its morale fails. The decision quotes the seed."""
    s = new_skirmish("centuria_ford_road", seed=7)
    bb = s.battle.placed("R-T1", "1205", 0, marker=2)  # 4 hexes from its praefectus alae (radius 3), dissolving
    assert bb.command()["R-T1"] == "out"
    nb, _ev = morale_test(bb, "R-T1", Dice.scripted([1] + [20] * 20), "test")
    assert MARKERS[nb.piece("R-T1").marker] == "fleeing" and nb.piece("R-T1").hex != parse_label("1205")
    text = DECISIONS.read_text(encoding="utf-8")
    assert "sich verteidigen oder fliehen" in text and "K12" in text


# --- K13: English previews ------------------------------------------------------------------------------------------------

def test_K13_no_german_ziel_in_previews():
    """Decision: English on screen; the road rows for engines read "target on the road"."""
    from centurion.widgets import CenturiaTable
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable

    t = CenturiaSkirmishTable("centuria_ford_road", seed=1, players={"rome": "person", "rebels": "person"})
    t.decide(CtaEndPhase())
    t.decide(CtaEndPhase())
    b = t.game.battle.placed("B-C2", "0906")
    t.states[-1] = replace(t.game, battle=b)
    t.selected = "R-B1"
    t._refresh()
    t.choice.value = CtaShoot("R-B1", "B-C2")
    assert "(Ziel)" not in t.preview.value and "target on the road" in t.preview.value
    tab = CenturiaTable(replace(b, phase="combat", active_side="rome"), mode="artillery")
    tab.selected, tab.target = "R-B1", "B-C2"
    tab.refresh()
    assert "(Ziel)" not in tab.odds.value and "target on the road" in tab.odds.value


# --- K14: side names in the log and refusals ---------------------------------------------------------------------------

def test_K14_log_and_refusals_name_the_sides():
    s = new_skirmish("centuria_ford_road", seed=3)
    with pytest.raises(IllegalAction) as err:
        s.apply(CtaMove("B-C1", ("F",)))
    msg = str(err.value)
    assert "Legio XX" in msg and "rebels's" not in msg and not re.search(r"\brome\b", msg)
    for _ in range(4):
        s = s.apply(CtaEndPhase())
    raw = [line for line in s.log if re.search(r"\b(rome|rebels)\b", line)]
    assert raw == []
    assert any("Legio XX ends its part of the movement phase" in line for line in s.log)


# --- K15: the seed's round by default -----------------------------------------------------------------------------------

def test_K15_engine_default_is_the_seeds_round():
    """Seed: "Jede Runde gliedert sich in zwei Phasen" — one movement phase for both sides, then one combat phase."""
    b = battle("centuria_ford_road")
    r = move(b, CenturiaMove("R-C2", ("F",)))
    assert not isinstance(r, Refusal)
    assert r[0].active_side == "rebels" and r[0].phase == "movement"


# --- K16: the ford battle's description --------------------------------------------------------------------------------

def test_K16_ford_description_matches_rule_and_forces():
    spec = shipped_centuria_battle("centuria_ford_road")
    b = battle("centuria_ford_road")
    engines = {side: [p.id for p in b.pieces if p.side == side and p.kind == "engine"] for side in b.sides}
    assert engines["rome"] and not engines["rebels"]
    assert "mirror" not in spec.scenario.sides["rebels"].lower()  # no mirror image: it has no engines
    assert "centuriae by the last round" not in spec.description and "units" in spec.description
    assert distance(b.piece("R-C2").hex, b.piece("B-C2").hex) >= 4
