"""Centuria (CTA-1 .. CTA-ART): values, command, movement, combat, morale, artillery, the round."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.centuria import (
    CenturiaBattle,
    CenturiaMove,
    Piece,
    attack,
    attack_target,
    end_phase,
    exchange,
    fire,
    fire_refusal,
    in_sight,
    morale_target,
    morale_test,
    morale_triggers,
    move,
    p_success,
    practice_order,
    rally_phase,
)
from centurion.centuria.values import attack_terms, morale_terms
from centurion.data import centuria_scenario, centuria_tables
from centurion.data.battlemap import load_battlemap
from centurion.dice import Dice
from centurion.hexgrid import format_label, parse_label
from centurion.rules import Refusal

T = centuria_tables()


def cmap(rows: list[str]):
    text = "\n".join([
        "name: test field", f"columns: {len(rows[0])}", f"rows: {len(rows)}",
        'legend: {g: grass, f: field, t: trees, r: road, w: track, b: building}',
        "terrain:", *[f'  - "{r}"' for r in rows]]) + "\n"
    return load_battlemap("field.yaml", known_terrain=frozenset(T.terrain), text=text)


def piece(pid, type_, side, label, facing=0, commander=None, **kw):
    return Piece(pid, type_, side, parse_label(label), facing, commander, T.units[type_].kind, **kw)


def battle(rows, pieces, phase="movement", side="rome"):
    return CenturiaBattle("test", cmap(rows), tuple(pieces), phase=phase, active_side=side, sides=("rome", "rebels"))


OPEN = ["gggggggg"] * 8


# --- values (CTA-COMBAT, CTA-MORALE, DIE-20) -----------------------------------------------------

def test_worked_example_centuria_attacks_centuria_in_the_flank():
    assert attack_target("centuria", "centuria") == 6 + 9 == 15
    assert attack_target("centuria", "centuria", side="flank") == 13
    assert attack_target("centuria", "centuria", side="rear") == 11
    assert p_success(13) == Fraction(7, 20)
    terms = attack_terms("centuria", "centuria", side="flank").terms
    assert [(t.value, t.rule) for t in terms] == [(6, "CTA-2"), (9, "CTA-2"), (-2, "CTA-COMBAT")]


def test_worked_example_morale_with_the_legatus_and_two_neighbours():
    assert morale_target("centuria", leader="legatus", adjacent_intact=2) == 10 - 4 - 2 == 4
    assert p_success(4) == Fraction(4, 5)
    assert morale_target("turma") == 12 and p_success(12) == Fraction(2, 5)
    with pytest.raises(ValueError, match="CTA-MORALE"):
        morale_terms("centuria", adjacent_intact=7)


def test_terrain_and_leader_modifiers():
    assert attack_target("centuria", "centuria", attacker_terrain="trees") == 16
    assert attack_target("centuria", "centuria", defender_terrain="building") == 17
    assert attack_target("turma", "centuria", attacker_terrain="field") == 7 + 1 + 9
    assert attack_target("centuria", "turma", defender_terrain="trees") == 6 + 8 - 2
    assert attack_target("centuria", "centuria", attacker_leader="legatus") == 13
    assert attack_target("centuria", "centuria", defender_leader="tribunus") == 16
    assert attack_target("ballista", "centuria", attacker_terrain="road") == 6 + 9  # "(Ziel)": not its own hex
    with pytest.raises(ValueError, match="CTA-2: unknown unit"):
        attack_target("phalanx", "centuria")
    with pytest.raises(ValueError, match="CTA-COMBAT"):
        attack_target("centuria", "centuria", side="top")


@given(st.integers(-30, 50))
def test_p_success_is_a_probability(target):
    p = p_success(target)
    assert 0 <= p <= 1 and p == Fraction(sum(r > target for r in range(1, 21)), 20)


# --- command (CTA-CMD) ------------------------------------------------------------------------------

def test_command_range_sight_and_chain():
    rows = ["gggggggg", "gggggggg", "ggtggggg", "gggggggg", "gggggggg", "gggggggg", "gggggggg", "gggggggg"]
    lead = piece("L", "praefectus coh", "rome", "0404")  # action radius 3
    pieces = [lead,
              piece("A", "centuria", "rome", "0406", commander="L"),  # 2 away: direct
              piece("B", "centuria", "rome", "0408", commander="L"),  # 4 away, but next to C? no
              piece("C", "centuria", "rome", "0407", commander="L"),  # 3 away: direct
              piece("D", "centuria", "rome", "0801", commander="L"),  # far: out
              piece("E", "centuria", "rome", "0201", commander="L")]  # behind the trees at 0303? check sight
    b = battle(rows, pieces)
    status = b.command()
    assert status["A"] == "direct" and status["C"] == "direct"
    assert status["B"] == "chain"  # next to C, which is in command
    assert status["D"] == "out"
    blocked = battle(["gggggggg", "gggttggg", "gggggggg", "gggggggg"] + ["gggggggg"] * 4,
                     [piece("L", "legatus", "rome", "0404"), piece("X", "centuria", "rome", "0401", commander="L")])
    assert not in_sight(parse_label("0404"), parse_label("0401"), blocked.map, T)
    assert blocked.command()["X"] == "out"  # in range (3) but out of sight


# --- movement (CTA-MOVE) --------------------------------------------------------------------------------

def test_movement_costs_and_turning():
    rows = ["gggggggg", "gggtgggg", "gggggggg", "gggggggg"] + ["gggggggg"] * 4  # trees at 0402
    lead = piece("L", "legatus", "rome", "0406")
    c = piece("C", "centuria", "rome", "0405", commander="L")
    b = battle(rows, [lead, c])
    ok = move(b, CenturiaMove("C", ("F", "F")))  # 0404 grass (1) ... 2 MP
    assert not isinstance(ok, Refusal)
    assert format_label(ok[0].piece("C").hex) == "0403"
    woods = move(b, CenturiaMove("C", ("F", "F", "F")))  # trees: movement value 2 - 1 = 1 (CTA-MOVE)
    assert isinstance(woods, Refusal) and woods.rule == "CTA-MOVE" and "needs 3 MP" in str(woods)
    assert "has 1" in str(woods)
    turn1 = move(b, CenturiaMove("C", ("T1", "F")))
    assert not isinstance(turn1, Refusal) and turn1[0].piece("C").facing == 1
    about = move(b, CenturiaMove("C", ("T3", "F")))
    assert isinstance(about, Refusal) and "needs 3 MP" in str(about)  # about-face 2 + 1
    assert not isinstance(move(b, CenturiaMove("C", ("T3",))), Refusal)


def test_out_of_command_and_marked_units_do_not_move_but_may_turn():
    lead = piece("L", "praefectus coh", "rome", "0101")
    far = piece("F", "centuria", "rome", "0808", commander="L")
    b = battle(OPEN, [lead, far])
    r = move(b, CenturiaMove("F", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD"
    assert not isinstance(move(b, CenturiaMove("F", ("T2",))), Refusal)
    idle = battle(OPEN, [piece("L", "legatus", "rome", "0404"),
                         piece("I", "centuria", "rome", "0405", commander="L", marker=1)])
    assert move(idle, CenturiaMove("I", ("F",))).rule == "CTA-MORALE"


def test_subpraefectus_two_movement_values():
    from centurion.centuria import movement_allowance
    assert movement_allowance(piece("S", "subpraefectus", "rome", "0101", arm="cavalry"), T) == 4
    assert movement_allowance(piece("S", "subpraefectus", "rome", "0101", arm="infantry"), T) == 2


# --- combat (CTA-COMBAT) ----------------------------------------------------------------------------------

def two_centuriae(defender_facing=0, **kw):
    # the centurio ballista commands A (radius 2) and has no attack or defence modifier (CTA-2)
    return battle(OPEN, [piece("L", "centurio ballista", "rome", "0406"), piece("K", "legatus", "rebels", "0808"),
                         piece("A", "centuria", "rome", "0405", commander="L"),
                         piece("D", "centuria", "rebels", "0404", defender_facing, commander="K")], **kw)


def test_exchange_odds_and_flank():
    b = two_centuriae(defender_facing=3, phase="combat")
    ex = exchange(b, "A", "D")
    assert ex.attack.value == 15 and ex.counter.value == 15  # no leader within range of either
    assert (ex.defender_falls, ex.attacker_falls, ex.both_fall, ex.neither_falls) == (
        Fraction(1, 4), Fraction(1, 4), Fraction(1, 16), Fraction(9, 16))
    # D faces north; A attacks from the south: D's rear
    rear = two_centuriae(defender_facing=0, phase="combat")
    assert rear.side_of_attack(rear.piece("A"), rear.piece("D")) == "rear"
    assert exchange(rear, "A", "D").attack.value == 11
    flank = two_centuriae(defender_facing=1, phase="combat")  # A is two hexsides round: a flank
    assert flank.side_of_attack(flank.piece("A"), flank.piece("D")) == "flank"
    front = two_centuriae(defender_facing=3, phase="combat")
    assert front.side_of_attack(front.piece("A"), front.piece("D")) == "front"


def test_attack_resolution_both_can_fall():
    b = two_centuriae(defender_facing=3, phase="combat")
    after, events = attack(b, "A", "D", Dice.scripted([16, 20]))
    assert not after.piece("A").alive and not after.piece("D").alive
    assert [r.target for r in events[0].rolls] == [15, 15]
    miss, _ = attack(b, "A", "D", Dice.scripted([15, 3]))  # 15 is not greater than 15
    assert miss.piece("A").alive and miss.piece("D").alive
    again = attack(miss, "A", "D", Dice.scripted([20, 20]))
    assert isinstance(again, Refusal) and "already attacked" in str(again)


def test_refused_attacks():
    b = two_centuriae()
    assert attack(b, "A", "D", Dice(1)).rule == "CTA-1"  # movement phase
    far = battle(OPEN, [piece("L", "legatus", "rome", "0101"), piece("A", "centuria", "rome", "0405", commander="L"),
                        piece("D", "centuria", "rebels", "0401")], phase="combat")
    assert "next to" in str(attack(far, "A", "D", Dice(1)))


# --- morale (CTA-MORALE) -----------------------------------------------------------------------------------

def test_three_failures_idle_dissolving_fleeing():
    lead = piece("L", "praefectus coh", "rome", "0101")
    c = piece("C", "centuria", "rome", "0404", 0, commander="L")
    b = battle(OPEN, [lead, c, piece("N", "centuria", "rome", "0706", commander="L")])
    b, _ = morale_test(b, "C", Dice.scripted([1]), "test")
    assert b.piece("C").marker == 1
    b, _ = morale_test(b, "C", Dice.scripted([1]), "test")
    assert b.piece("C").marker == 2
    assert exchange(replace_phase(b), "C", "C").counter.value  # values still computable
    b, events = morale_test(b, "C", Dice.scripted([1]), "test")
    c3 = b.piece("C")
    assert c3.marker == 3 and format_label(c3.hex) == "0406"  # backwards (south) 2 MP
    assert any("flees" in e.text for e in events)


def replace_phase(b):
    from dataclasses import replace
    return replace(b, phase="combat")


def test_fleeing_unit_forces_tests_on_units_it_touches():
    lead = piece("L", "praefectus coh", "rome", "0101")
    c = piece("C", "centuria", "rome", "0404", 0, commander="L", marker=2)
    n = piece("N", "centuria", "rome", "0507", commander="L")  # next to 0406, where C will flee
    b = battle(OPEN, [lead, c, n])
    b, events = morale_test(b, "C", Dice.scripted([1, 20]), "test")
    assert b.piece("C").marker == 3
    assert any("touched by the fleeing C" in e.text for e in events)
    assert b.piece("N").marker == 0  # N rolled 20 and passed


def test_rally_clears_or_worsens():
    b = battle(OPEN, [piece("L", "legatus", "rome", "0404"), piece("C", "centuria", "rome", "0405", commander="L",
                                                                    marker=2)])
    ok, _ = rally_phase(b, "rome", Dice.scripted([20]))
    assert ok.piece("C").marker == 0
    bad, _ = rally_phase(b, "rome", Dice.scripted([1]))
    assert bad.piece("C").marker == 2  # a failed rally leaves the markers as they are (CTA-MORALE)


def test_morale_triggers():
    lead = piece("L", "praefectus coh", "rome", "0101")
    subs = [piece(f"C{i}", "centuria", "rome", f"0{i + 2}05", commander="L") for i in range(4)]
    b = battle(OPEN, [lead, *subs])
    from dataclasses import replace
    lost3 = b
    for c in subs[:3]:
        lost3 = lost3.with_piece(replace(c, alive=False))
    assert morale_triggers(b, lost3) == [("C3", "more than half of the unit has fallen (a)")]
    no_lead = b.with_piece(replace(lead, alive=False))
    assert {pid for pid, _ in morale_triggers(b, no_lead)} == {"C0", "C1", "C2", "C3"}  # (c)
    sub = piece("S", "subpraefectus", "rome", "0205", commander="L")  # under L: in command of his formation
    b2 = battle(OPEN, [lead, sub, *subs, piece("FAR", "centuria", "rome", "0808", commander="L")])
    fell = b2.with_piece(replace(lead, alive=False))
    trig = dict(morale_triggers(b2, fell))
    assert "FAR" in trig and "(b)" in trig["FAR"] and "C0" not in trig


# --- artillery (CTA-ART) ---------------------------------------------------------------------------------

def artillery_field(target_label="0401", rows=OPEN, extra=()):
    return battle(rows, [piece("L", "legatus", "rome", "0407"),
                         piece("B", "ballista", "rome", "0406", commander="L"),
                         piece("TO", "tormentum", "rome", "0506", commander="L"),
                         piece("S", "centuria", "rome", "0405", commander="L"),
                         piece("X", "centuria", "rebels", target_label), *extra], phase="combat")


def test_ranges_sight_and_spotters():
    b = artillery_field()
    assert fire_refusal(b, "B", "X") is None  # 5 hexes, in sight
    far = artillery_field("0801")
    assert "reaches 5" in str(fire_refusal(far, "B", "X"))
    woods = ["gggggggg", "gggggggg", "gggtgggg", "gggggggg"] + ["gggggggg"] * 4
    hidden = artillery_field("0402", rows=woods)  # trees at 0403, between the ballista and the target
    assert not in_sight(parse_label("0406"), parse_label("0402"), hidden.map, T)
    behind = artillery_field("0402", rows=["gggggggg", "gggggggg", "gggggggg", "gggtgggg"] + ["gggggggg"] * 4)
    r = fire_refusal(behind, "B", "X")
    assert r is not None and "no indirect fire" in str(r)
    # the tormentum fires indirectly when a spotter sees the target
    spotted = artillery_field("0402", rows=["gggggggg", "gggggggg", "gggggggg", "gggtgggg"] + ["gggggggg"] * 4,
                              extra=(piece("SP", "centuria", "rome", "0504", commander="L"),))
    assert fire_refusal(spotted, "TO", "X") is None


def test_roll_of_one_puts_the_engine_out_and_tests_its_crew():
    b = artillery_field()
    after, events = fire(b, "B", "X", Dice.scripted([1, 20]))
    assert after.piece("B").engine_out_round == 1
    assert any("out of action" in e.text for e in events) and any(e.rule == "CTA-MORALE" for e in events)
    nxt = end_phase(end_phase(end_phase(after)))  # rebels' phases, then round 2
    assert nxt.round == 2 and fire_refusal(replace_phase(nxt), "B", "X") is not None


def test_centurio_ballista_lets_engines_fire_twice():
    b = artillery_field()
    once, _ = fire(b, "B", "X", Dice.scripted([5]))
    assert "may fire 1" in str(fire_refusal(once, "B", "X"))
    cb = artillery_field(extra=(piece("CB", "centurio ballista", "rome", "0307", commander="L"),))
    from dataclasses import replace
    cb = cb.with_piece(replace(cb.piece("B"), commander="CB"))  # the engine answers to the centurio ballista
    twice, _ = fire(cb, "B", "X", Dice.scripted([5]))
    assert fire_refusal(twice, "B", "X") is None


# --- the round (CTA-1) -----------------------------------------------------------------------------------------

def test_round_sequence_and_scenario():
    s = centuria_scenario()
    b = CenturiaBattle.from_scenario(s)
    assert b.alternate  # the seed's round by default (K15); the chapter tables practise side by side
    b = practice_order(b)
    assert (b.round, b.phase, b.active_side) == (1, "movement", "rome")
    b = end_phase(b)
    assert (b.phase, b.active_side) == ("combat", "rome")
    b = end_phase(b)
    assert (b.phase, b.active_side) == ("movement", "rebels")
    b = end_phase(end_phase(b))
    assert (b.round, b.phase, b.active_side) == (2, "movement", "rome")
    assert s.time_limit_seconds is None  # the countdown is off by default
    assert {c.terrain for c in s.map} == set(T.terrain)


# --- properties ----------------------------------------------------------------------------------------------

@st.composite
def battles(draw):
    rows = ["".join(draw(st.sampled_from("ggggfftrwb")) for _ in range(6)) for _ in range(6)]
    labels = [f"{c:02d}{r:02d}" for c in range(1, 7) for r in range(1, 7)]
    chosen = draw(st.lists(st.sampled_from(labels), min_size=4, max_size=8, unique=True))
    pieces = [piece("LR", "praefectus coh", "rome", chosen[0]), piece("LB", "tribunus", "rebels", chosen[1])]
    for i, label in enumerate(chosen[2:]):
        side = "rome" if i % 2 == 0 else "rebels"
        pieces.append(piece(f"U{i}", draw(st.sampled_from(["centuria", "turma", "evocati", "singulares"])), side,
                            label, draw(st.integers(0, 5)), commander="LR" if side == "rome" else "LB",
                            marker=draw(st.sampled_from([0, 0, 0, 1, 2]))))
    return battle(rows, pieces, phase=draw(st.sampled_from(["movement", "combat"])))


steps = st.lists(st.sampled_from(["F", "FL", "FR", "T0", "T1", "T3", "T5"]), max_size=4).map(tuple)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.data())
def test_actions_keep_the_rules(b, data):
    before = repr((b.pieces, b.moved, b.attacked, b.shots, b.log, b.phase, b.round))
    status = b.command()
    uid = data.draw(st.sampled_from([p.id for p in b.pieces if not p.is_leader]))
    result = move(b, CenturiaMove(uid, data.draw(steps)))
    assert repr((b.pieces, b.moved, b.attacked, b.shots, b.log, b.phase, b.round)) == before  # trying changes nothing
    if isinstance(result, Refusal):
        assert result.rule.startswith(("CTA-", "HEX-"))
    else:
        new, _ = result
        moved = new.piece(uid)
        if status[uid] == "out" or b.piece(uid).marker:
            assert moved.hex == b.piece(uid).hex  # out of command or marked: never moves
    other = data.draw(st.sampled_from([p.id for p in b.pieces]))
    r = attack(b, uid, other, Dice(data.draw(st.integers(0, 10**6))))
    assert repr((b.pieces, b.moved, b.attacked, b.shots, b.log, b.phase, b.round)) == before
    if not isinstance(r, Refusal):
        assert status[uid] != "out" and b.piece(uid).marker == 0
        ex = exchange(b, uid, other)
        for p in (ex.defender_falls, ex.attacker_falls, ex.both_fall, ex.neither_falls):
            assert 0 <= p <= 1
        assert ex.defender_falls + ex.attacker_falls - ex.both_fall + ex.neither_falls == 1
    t, _ = morale_test(b, uid, Dice(data.draw(st.integers(0, 10**6))), "property")
    assert all(0 <= p.marker <= 3 for p in t.pieces)
