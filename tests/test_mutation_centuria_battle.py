"""Fast tests for centurion/centuria/battle.py written for its mutation run (issue 22, docs/mutation.md).

Through the public functions only (they still apply when battle.py is split). Expected values: RULES.md CTA-1
(a round is one movement and one combat phase; the sides alternate one unit at a time and take turns starting
the round; the per-side practice order of the chapter tables), CTA-MOVE (the seed: turning to a side costs 1 MP,
about-face 2; centuria moves 2, turma 4; terrain changes the movement value; a move ends where no other piece of
its kind stands), CTA-CMD (a sub-unit out of command may turn but not move), CTA-MORALE (idle and dissolving
units stand; a fleeing unit moves on its own).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_centuria import OPEN, battle, piece

from centurion.centuria import (
    CenturiaMove,
    attack,
    end_phase,
    fire,
    flee,
    flee_path,
    morale_test,
    move,
    pass_phase,
    practice_order,
    rally_phase,
    start_alternating,
    start_round,
)
from centurion.dice import Dice
from centurion.hexgrid import parse_label
from centurion.rules.grav import Refusal

H = parse_label


def field_battle(**kw):
    """Two sides: a legatus commanding two centuriae and a turma (rome), a centuria with its leader (rebels)."""
    return battle(OPEN, [piece("L", "legatus", "rome", "0405"),
                         piece("A", "centuria", "rome", "0404", commander="L"),
                         piece("B", "centuria", "rome", "0304", commander="L"),
                         piece("C", "turma", "rome", "0504", commander="L"),
                         piece("K", "legatus", "rebels", "0801"),
                         piece("R", "centuria", "rebels", "0701", 3, commander="K")], **kw)


# --- the round (CTA-1) ------------------------------------------------------------------------------------------

def test_CTA_1_sides_alternate_starting_the_round():
    b = field_battle()
    for rnd, first in ((1, "rome"), (2, "rebels"), (3, "rome"), (4, "rebels")):
        s = start_alternating(replace(b, round=rnd, phase="combat", passed=frozenset({"rome"})))
        assert (s.alternate, s.phase, s.active_side, s.first_side, s.passed) == (True, "movement", first, first,
                                                                                 frozenset())


def test_CTA_1_pass_phase_walks_the_round():
    b = start_alternating(field_battle())
    b = replace(b, moved=frozenset({"A"}), attacked=frozenset({"A"}), shots=(("A", 1),))
    one = pass_phase(b)
    assert (one.phase, one.active_side, one.passed, one.round) == ("movement", "rebels", frozenset({"rome"}), 1)
    assert one.log[-1].text == "rome ends its part of the movement phase" and one.log[-1].rule == "CTA-1"
    two = pass_phase(one, time_up=True)
    assert (two.phase, two.active_side, two.passed, two.round) == ("combat", "rome", frozenset(), 1)
    assert [(e.text, e.rule) for e in two.log[-2:]] == [("time is up for rebels in the movement phase", "CTA-1"),
                                                        ("round 1: combat phase, rome first", "CTA-1")]
    assert two.moved == frozenset({"A"})  # only a new round clears what was done
    three = pass_phase(two)
    assert (three.phase, three.active_side, three.passed) == ("combat", "rebels", frozenset({"rome"}))
    assert three.log[-1].text == "rome ends its part of the combat phase"
    four = pass_phase(three)
    assert (four.phase, four.active_side, four.first_side, four.round, four.passed) == (
        "movement", "rebels", "rebels", 2, frozenset())
    assert (four.moved, four.attacked, four.shots) == (frozenset(), frozenset(), ())
    assert four.log[-1].text == "round 2: movement phase, rebels first" and four.log[-1].rule == "CTA-1"
    # round 2 starts with the rebels; its combat phase too, and round 3 with rome again
    five = pass_phase(pass_phase(four))
    assert (five.phase, five.active_side) == ("combat", "rebels")
    six = pass_phase(pass_phase(five))
    assert (six.round, six.phase, six.active_side, six.first_side) == (3, "movement", "rome", "rome")


def test_CTA_1_pass_phase_without_a_first_side_starts_with_the_first_listed():
    b = replace(field_battle(), alternate=True, first_side="", active_side="rebels")
    b = pass_phase(pass_phase(b))
    assert (b.phase, b.active_side) == ("combat", "rome")
    b = pass_phase(pass_phase(b))
    assert (b.round, b.active_side, b.first_side) == (2, "rebels", "rebels")


def test_CTA_1_practice_order_one_side_after_the_other():
    b = practice_order(replace(start_alternating(field_battle()), passed=frozenset({"rome"})))
    assert (b.alternate, b.passed, b.first_side) == (False, frozenset(), "")
    b = replace(b, moved=frozenset({"A"}), attacked=frozenset({"A"}), shots=(("A", 1),))
    c = end_phase(b)
    assert (c.phase, c.active_side, c.round, c.moved) == ("combat", "rome", 1, frozenset({"A"}))
    assert c.log[-1].text == "rome: combat phase" and c.log[-1].rule == "CTA-1"
    d = end_phase(c)
    assert (d.phase, d.active_side, d.round) == ("movement", "rebels", 1)
    assert (d.moved, d.attacked, d.shots) == (frozenset(), frozenset(), ())
    assert d.log[-1].text == "rebels: movement phase" and d.log[-1].rule == "CTA-1"
    e = end_phase(replace(end_phase(d), moved=frozenset({"R"}), attacked=frozenset({"R"}), shots=(("R", 1),)))
    assert (e.phase, e.active_side, e.round) == ("movement", "rome", 2)
    assert (e.moved, e.attacked, e.shots) == (frozenset(), frozenset(), ())
    assert e.log[-1].text == "round 2: rome moves" and e.log[-1].rule == "CTA-1"


def test_CTA_1_practice_order_with_three_sides_goes_round_in_the_listed_order():
    b = replace(field_battle(), sides=("rome", "rebels", "gauls"))
    seen = []
    for _ in range(6):
        seen.append((b.round, b.active_side, b.phase))
        b = end_phase(b)
    assert seen == [(1, "rome", "movement"), (1, "rome", "combat"), (1, "rebels", "movement"),
                    (1, "rebels", "combat"), (1, "gauls", "movement"), (1, "gauls", "combat")]
    assert (b.round, b.active_side, b.phase) == (2, "rome", "movement")


def test_CTA_1_end_phase_of_an_alternating_battle_passes_the_side():
    b = start_alternating(field_battle())
    assert end_phase(b) == pass_phase(b)


def test_CTA_1_after_a_move_the_other_side_is_on_unless_it_has_passed():
    b = start_alternating(field_battle())
    after, _ = move(b, CenturiaMove("A", ("F",)))
    assert after.active_side == "rebels"
    passed = pass_phase(pass_phase(pass_phase(pass_phase(b))))  # round 2, the rebels start
    passed = pass_phase(passed)  # the rebels end their part: rome alone
    assert passed.active_side == "rome" and passed.passed == frozenset({"rebels"})
    alone, _ = move(passed, CenturiaMove("A", ("F",)))
    assert alone.active_side == "rome"
    practice = practice_order(b)
    stays, _ = move(practice, CenturiaMove("A", ("F",)))
    assert stays.active_side == "rome"


def test_CTA_MORALE_start_round_rallies_the_first_side_first():
    b = field_battle()
    b = b.with_piece(replace(b.piece("A"), marker=1)).with_piece(replace(b.piece("R"), marker=2))
    b = replace(b, first_side="rebels")
    dice = Dice.scripted([20, 1])  # R rallies (20 passes anything), A fails
    after, events = start_round(b, dice)
    assert [r.purpose.split(" ")[3] for r in dice.log] == ["R", "A"]
    assert after.piece("R").marker == 0 and after.piece("A").marker == 1
    assert len(events) == 2
    b2 = replace(b, first_side="")
    dice = Dice.scripted([20, 1])
    start_round(b2, dice)
    assert [r.purpose.split(" ")[3] for r in dice.log] == ["A", "R"]


# --- moves (CTA-MOVE, CTA-CMD) ---------------------------------------------------------------------------------

def test_CTA_MOVE_a_move_costs_1_a_hex_1_a_side_turn_and_2_an_about_face():
    b = field_battle()
    after, events = move(b, CenturiaMove("A", ("F", "F")))  # north twice: 0404 -> 0402
    p = after.piece("A")
    assert (p.hex, p.facing) == (H("0402"), 0) and after.moved == frozenset({"A"})
    assert events[0].text == "A moves to 0402 facing 0 (2 of 2 MP)" and events[0].rule == "CTA-MOVE"
    assert after.log[-1] == events[0]
    turned, ev = move(b, CenturiaMove("A", ("T2", "F")))  # a side turn (1) and a hex (1)
    assert (turned.piece("A").hex, turned.piece("A").facing) == (neighbor_of("0404", 2), 2)
    assert ev[0].text.endswith("(2 of 2 MP)")
    about = move(b, CenturiaMove("A", ("T3", "F")))
    assert isinstance(about, Refusal) and about.rule == "CTA-MOVE" and "needs 3 MP in all; A has 2" in about.reason
    assert "movement 2" in about.reason
    back, ev = move(b, CenturiaMove("A", ("T3",)))
    assert back.piece("A").facing == 3 and ev[0].text == "A moves to 0404 facing 3 (2 of 2 MP)"
    side, ev = move(b, CenturiaMove("A", ("T5", "T0")))  # two side turns, back where it started
    assert side.piece("A").facing == 0 and ev[0].text.endswith("(2 of 2 MP)")
    same, ev = move(b, CenturiaMove("A", ("T0", "T6", "F")))  # a turn to the same facing costs nothing
    assert same.piece("A").hex == H("0403") and same.piece("A").facing == 0 and ev[0].text.endswith("(1 of 2 MP)")
    wrapped, _ = move(b, CenturiaMove("A", ("T7",)))  # facings count modulo 6
    assert wrapped.piece("A").facing == 1
    nothing, ev = move(b, CenturiaMove("A", ()))
    assert ev[0].text == "A moves to 0404 facing 0 (0 of 2 MP)" and nothing.moved == frozenset({"A"})
    longer, ev = move(b, CenturiaMove("A", ("F", "F", "F")), tables_with("centuria", movement=3))
    assert longer.piece("A").hex == H("0401") and ev[0].text.endswith("(3 of 3 MP)")
    fl, _ = move(b, CenturiaMove("C", ("FL", "FR", "F", "F")))  # the turma: 4 MP, facing kept
    assert fl.piece("C").facing == 0
    assert fl.piece("C").hex == hex_after("0504", [5, 1, 0, 0])


def neighbor_of(label, k):
    from centurion.hexgrid import neighbor
    return neighbor(H(label), k)


def hex_after(label, sides):
    from centurion.hexgrid import neighbor
    h = H(label)
    for k in sides:
        h = neighbor(h, k)
    return h


@pytest.mark.parametrize("steps, words", [
    (("X",), "step 1: unknown step 'X'; use F, FL, FR or T0..T5"),
    (("F", "Tx"), "step 2: 'Tx' is not a facing; use T0..T5"),
    ("F", "steps are a sequence of step names, got 'F'"),
    ((1,), "steps are a sequence of step names, got (1,)"),
])
def test_CTA_MOVE_bad_steps_are_refused(steps, words):
    r = move(field_battle(), CenturiaMove("A", steps))
    assert isinstance(r, Refusal) and r.rule == "CTA-MOVE" and r.reason == words


def test_CTA_MOVE_a_long_bad_steps_value_is_cut_to_200_characters():
    r = move(field_battle(), CenturiaMove("A", "F" * 300))
    assert isinstance(r, Refusal) and len(r.reason) == 200 and r.reason.startswith("steps are a sequence")


def test_CTA_MOVE_a_list_of_steps_is_accepted():
    after, _ = move(field_battle(), CenturiaMove("A", ["F"]))
    assert after.piece("A").hex == H("0403")


def test_CTA_1_who_may_move_when():
    b = field_battle()
    r = move(b, CenturiaMove("nobody", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-1" and "nobody" in r.reason
    r = move(replace(b, phase="combat"), CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-1"
    assert r.reason == "moves belong to the movement phase; it is the combat phase"
    r = move(b, CenturiaMove("R", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-1" and r.reason == "it is rome's turn to move, not rebels's"
    r = move(replace(b, passed=frozenset({"rome"})), CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-1" and r.reason == "rome has ended its part of the movement phase"
    dead = b.with_piece(replace(b.piece("A"), alive=False))
    r = move(dead, CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-COMBAT" and r.reason == "A has fallen"
    moved, _ = move(b, CenturiaMove("A", ("F",)))
    r = move(moved, CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-MOVE" and r.reason == "A has already moved this round"


def test_CTA_MORALE_marked_units_stand_and_fleeing_ones_are_not_ordered():
    b = field_battle()
    for marker, name in ((1, "idle"), (2, "dissolving")):
        m = b.with_piece(replace(b.piece("A"), marker=marker))
        for steps in (("F",), ("T1",)):
            r = move(m, CenturiaMove("A", steps))
            assert isinstance(r, Refusal) and r.rule == "CTA-MORALE"
            assert r.reason == f"A is {name}: it stands and neither moves nor turns"
    f = b.with_piece(replace(b.piece("A"), marker=3))
    r = move(f, CenturiaMove("A", ("T1",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-MORALE" and "A is fleeing" in r.reason
    # a leader with a marker field set is not a sub-unit: the marker rule is for sub-units
    lead = b.with_piece(replace(b.piece("L"), marker=1))
    assert not isinstance(move(lead, CenturiaMove("L", ("F",))), Refusal)


def test_CTA_CMD_out_of_command_a_sub_unit_turns_but_does_not_move():
    b = battle(OPEN, [piece("L", "legatus", "rome", "0202"), piece("A", "centuria", "rome", "0808", commander="L"),
                      piece("R", "centuria", "rebels", "0301")])
    r = move(b, CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD"
    assert r.reason == ("A is out of command (beyond its leader's action radius or sight, and not next to a sub-unit "
                        "in command): it may turn, defend or flee, not move")
    turned, _ = move(b, CenturiaMove("A", ("T2",)))
    assert turned.piece("A").facing == 2
    # a leader needs no command to move
    led, _ = move(b, CenturiaMove("L", ("F",)))
    assert led.piece("L").hex == H("0201")
    # a unit not in the command table at all counts as out
    lone = battle(OPEN, [piece("A", "centuria", "rome", "0404"), piece("R", "centuria", "rebels", "0101")])
    r = move(lone, CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD"


def test_CTA_MOVE_the_map_edge_the_enemy_and_occupied_hexes():
    from centurion.hexgrid import format_label
    ahead_of_b = format_label(neighbor_of("0303", 1))  # B at 0303 turned to facing 1
    next_to_a = format_label(neighbor_of("0101", 2))  # A at 0101 turned to facing 2
    b = battle(OPEN, [piece("L", "legatus", "rome", "0102"), piece("A", "centuria", "rome", "0101", commander="L"),
                      piece("B", "centuria", "rome", "0303", commander="L"),
                      piece("F", "centuria", "rome", next_to_a, commander="L"),
                      piece("R", "centuria", "rebels", ahead_of_b), piece("K", "legatus", "rebels", "0808")])
    r = move(b, CenturiaMove("A", ("F",)))
    assert isinstance(r, Refusal) and r.rule == "HEX-4" and r.reason == "step 1: the hex beyond 0101 is off the map"
    enemy = move(b, CenturiaMove("B", ("T1", "F")))
    assert isinstance(enemy, Refusal) and enemy.rule == "CTA-MOVE"
    assert enemy.reason == f"step 2: {ahead_of_b} holds the enemy; attack it in the combat phase instead"
    # ending on a friendly unit is refused
    onto = move(b, CenturiaMove("A", ("T2", "F")))
    assert isinstance(onto, Refusal) and onto.rule == "CTA-MOVE"
    assert onto.reason == (f"{next_to_a} already holds a unit: a move ends where no other piece of its kind stands "
                           "(decision)")
    # a leader may end on a unit's hex, not on another leader's
    lead_onto_unit, _ = move(b, CenturiaMove("L", ("F",)))
    assert lead_onto_unit.piece("L").hex == H("0101")
    two = battle(OPEN, [piece("L", "legatus", "rome", "0102"), piece("M", "tribunus", "rome", "0101"),
                        piece("R", "centuria", "rebels", "0808")])
    r = move(two, CenturiaMove("L", ("F",)))
    assert isinstance(r, Refusal) and r.reason.startswith("0101 already holds a leader")
    # a unit may pass a friendly unit and end beyond it
    line = battle(OPEN, [piece("L", "legatus", "rome", "0406"), piece("C", "turma", "rome", "0405", commander="L"),
                         piece("A", "centuria", "rome", "0404", commander="L"), piece("R", "centuria", "rebels", "0808")])
    through, _ = move(line, CenturiaMove("C", ("F", "F")))
    assert through.piece("C").hex == H("0403")
    # turning in place on its own hex is not "ending on" itself
    still, _ = move(b, CenturiaMove("A", ("T1",)))
    assert still.piece("A").hex == H("0101")


def test_CTA_MOVE_terrain_lowers_the_movement_value_along_the_way():
    # a turma (4) that enters trees (-3) may move 1 hex that round
    rows = ["gggggggg"] * 8
    rows[2] = "gggtgggg"  # 0403 in trees
    b = battle(rows, [piece("L", "legatus", "rome", "0405"), piece("C", "turma", "rome", "0404", commander="L"),
                      piece("R", "centuria", "rebels", "0808")])
    r = move(b, CenturiaMove("C", ("F", "F")))
    assert isinstance(r, Refusal) and r.rule == "CTA-MOVE"
    assert r.reason == "step 2 needs 2 MP in all; C has 1 (movement 4, terrain on the way changes it)"
    one, ev = move(b, CenturiaMove("C", ("F",)))
    assert one.piece("C").hex == H("0403") and ev[0].text == "C moves to 0403 facing 0 (1 of 1 MP)"
    _, ev = move(b, CenturiaMove("C", ("T1", "F", "F", "F")))
    assert ev[0].text.endswith("(4 of 4 MP)")


# --- close combat (CTA-COMBAT) ---------------------------------------------------------------------------------

def duel(**kw):
    """A (rome) next to D (rebels), each in command; D faces A (front)."""
    return battle(OPEN, [piece("L", "centurio ballista", "rome", "0406"), piece("K", "legatus", "rebels", "0808"),
                         piece("A", "centuria", "rome", "0405", commander="L"),
                         piece("D", "centuria", "rebels", "0404", 3, commander="K"),
                         piece("E", "ballista", "rome", "0505", commander="L")], **kw)


def test_CTA_COMBAT_an_attack_rolls_both_and_logs_them():
    b = duel(phase="combat")
    dice = Dice.scripted([16, 3])
    after, events = attack(b, "A", "D", dice)
    assert [(r.die, r.purpose, r.rule, r.target) for r in dice.log] == [
        ("d20", "A attacks D", "CTA-COMBAT", 15), ("d20", "D strikes back at A", "CTA-COMBAT", 15)]
    assert events[0].text == "A attacks D: roll 16 vs 15 (hit); counter 3 vs 15 (miss)"
    assert events[0].rule == "CTA-COMBAT" and events[0].rolls == tuple(dice.log)
    assert events[1].text == "D falls" and events[1].rule == "CTA-COMBAT" and len(events) == 2
    assert not after.piece("D").alive and after.piece("A").alive and after.attacked == frozenset({"A"})
    assert after.log[-2:] == tuple(events)
    _, ev = attack(b, "A", "D", Dice.scripted([2, 19]))
    assert ev[0].text == "A attacks D: roll 2 vs 15 (miss); counter 19 vs 15 (hit)" and ev[1].text == "A falls"
    _, ev = attack(b, "A", "D", Dice.scripted([2, 3]))
    assert ev[0].text == "A attacks D: roll 2 vs 15 (miss); counter 3 vs 15 (miss)" and len(ev) == 1


def test_CTA_COMBAT_every_refusal_names_its_rule_and_reason():
    b = duel(phase="combat")
    cases = [
        (duel(), "A", "D", "CTA-1", "that belongs to the combat phase; it is the movement phase"),
        (replace(b, active_side="rebels"), "A", "D", "CTA-1", "it is rebels's turn, not rome's"),
        (replace(b, passed=frozenset({"rome"})), "A", "D", "CTA-1", "rome has ended its part of the combat phase"),
        (b.with_piece(replace(b.piece("D"), alive=False)), "A", "D", "CTA-COMBAT",
         "both pieces must still be on the map"),
        (b.with_piece(replace(b.piece("A"), alive=False)), "A", "D", "CTA-COMBAT",
         "both pieces must still be on the map"),
        (b, "A", "L", "CTA-COMBAT", "a unit attacks the enemy, not its own side"),
        (replace(b, attacked=frozenset({"A"})), "A", "D", "CTA-COMBAT", "A has already attacked this round"),
        (b, "E", "D", "CTA-ART", "E is an engine: it shoots (CTA-ART) rather than close-attacks; it defends and "
                                 "strikes back (decision)"),
        (b.placed("D", "0402"), "A", "D", "CTA-COMBAT", "A must stand next to D to attack it"),
        (b.with_piece(replace(b.piece("A"), marker=1)), "A", "D", "CTA-MORALE", "A is idle: it does not attack"),
        (b.with_piece(replace(b.piece("A"), marker=2)), "A", "D", "CTA-MORALE", "A is dissolving: it does not attack"),
    ]
    for battle_, a, d, rule, reason in cases:
        r = attack(battle_, a, d, Dice.scripted([]))
        assert isinstance(r, Refusal) and (r.rule, r.reason) == (rule, reason), (rule, reason)
    r = attack(b, "A", "nobody", Dice.scripted([]))
    assert isinstance(r, Refusal) and r.rule == "CTA-1" and r.reason == "no unit or leader 'nobody' in this battle"
    far = b.placed("L", "0101")  # the centurio ballista too far: A is out of command
    r = attack(far, "A", "D", Dice.scripted([]))
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD"
    assert r.reason == "A is out of command: only a sub-unit in command may attack"
    # a leader attacks without command and whatever his marker field says
    lead = battle(OPEN, [piece("L", "legatus", "rome", "0405", marker=1), piece("D", "centuria", "rebels", "0404")],
                  phase="combat")
    assert not isinstance(attack(lead, "L", "D", Dice.scripted([1, 1])), Refusal)


def test_CTA_COMBAT_the_attack_uses_the_tables_given():
    import dataclasses
    from types import MappingProxyType

    from test_centuria import T
    units = dict(T.units)
    units["centuria"] = dataclasses.replace(units["centuria"], attack=1)
    t = dataclasses.replace(T, units=MappingProxyType(units))
    b = duel(phase="combat")
    dice = Dice.scripted([11, 11])
    attack(b, "A", "D", dice, t)
    assert [r.target for r in dice.log] == [1 + 9, 1 + 9]
    # the engine check too: with tables where the centuria is an engine, A may not close-attack
    units["centuria"] = dataclasses.replace(units["centuria"], kind="engine")
    engine = attack(b, "A", "D", Dice.scripted([]), dataclasses.replace(T, units=MappingProxyType(units)))
    assert isinstance(engine, Refusal) and engine.rule == "CTA-ART"
    # and command: a centurio ballista with radius 0 leaves A out of command
    units = dict(T.units)
    units["centurio ballista"] = dataclasses.replace(units["centurio ballista"], action_radius=0)
    out = attack(b, "A", "D", Dice.scripted([]), dataclasses.replace(T, units=MappingProxyType(units)))
    assert isinstance(out, Refusal) and out.rule == "CTA-CMD"


# --- flight and rally (CTA-MORALE) -----------------------------------------------------------------------------

def tables_with(unit, **changes):
    import dataclasses
    from types import MappingProxyType

    from test_centuria import T
    units = dict(T.units)
    units[unit] = dataclasses.replace(units[unit], **changes)
    return dataclasses.replace(T, units=MappingProxyType(units))


def walk(label, side, n):
    h, out = H(label), []
    for _ in range(n):
        h = neighbor_of_hex(h, side)
        out.append(h)
    return out


def neighbor_of_hex(h, k):
    from centurion.hexgrid import neighbor
    return neighbor(h, k)


def fleeing(label, facing, *others, rows=OPEN, type_="centuria"):
    return battle(rows, [piece("L", "legatus", "rome", "0808"),
                         piece("A", type_, "rome", label, facing, commander="L", marker=3), *others])


def test_CTA_MORALE_a_fleeing_unit_goes_straight_back_as_far_as_its_movement():
    for facing in range(6):
        b = fleeing("0404", facing, piece("R", "centuria", "rebels", "0101"))
        assert flee_path(b, b.piece("A")) == walk("0404", (facing + 3) % 6, 2), facing
    turma = fleeing("0402", 0, piece("R", "centuria", "rebels", "0101"), type_="turma")
    assert flee_path(turma, turma.piece("A")) == walk("0402", 3, 4)
    # the movement value comes from the tables given
    b = fleeing("0402", 0, piece("R", "centuria", "rebels", "0101"))
    assert flee_path(b, b.piece("A"), tables_with("centuria", movement=3)) == walk("0402", 3, 3)
    # terrain on the way lowers it: trees (-1 for a centuria) behind it
    rows = list(OPEN)
    rows[2] = "gggtgggg"  # 0403
    woods = fleeing("0402", 0, piece("R", "centuria", "rebels", "0101"), rows=rows)
    assert flee_path(woods, woods.piece("A")) == [H("0403")]


def test_CTA_MORALE_flight_stops_at_the_map_edge_and_before_the_enemy():
    edge = fleeing("0407", 0, piece("R", "centuria", "rebels", "0101"))
    assert flee_path(edge, edge.piece("A")) == [H("0408")]
    corner = fleeing("0408", 0, piece("R", "centuria", "rebels", "0101"))
    assert flee_path(corner, corner.piece("A")) == []
    enemy = fleeing("0404", 0, piece("R", "centuria", "rebels", "0406"))
    assert flee_path(enemy, enemy.piece("A")) == [H("0405")]
    enemy_leader = fleeing("0404", 0, piece("K", "legatus", "rebels", "0405"))
    assert flee_path(enemy_leader, enemy_leader.piece("A")) == []


def test_CTA_MORALE_flight_passes_friends_but_ends_where_no_other_unit_stands():
    # a turma fleeing 4 hexes: 0403, 0404, 0405, 0406
    one_before_end = fleeing("0402", 0, piece("B", "centuria", "rome", "0405", commander="L"),
                             piece("R", "centuria", "rebels", "0101"), type_="turma")
    assert flee_path(one_before_end, one_before_end.piece("A")) == walk("0402", 3, 4)
    second = fleeing("0402", 0, piece("B", "centuria", "rome", "0404", commander="L"),
                     piece("R", "centuria", "rebels", "0101"), type_="turma")
    assert flee_path(second, second.piece("A")) == walk("0402", 3, 4)
    at_end = fleeing("0402", 0, piece("B", "centuria", "rome", "0406", commander="L"),
                     piece("R", "centuria", "rebels", "0101"), type_="turma")
    assert flee_path(at_end, at_end.piece("A")) == walk("0402", 3, 3)
    two_at_end = fleeing("0402", 0, piece("B", "centuria", "rome", "0406", commander="L"),
                         piece("C", "centuria", "rome", "0405", commander="L"),
                         piece("R", "centuria", "rebels", "0101"), type_="turma")
    assert flee_path(two_at_end, two_at_end.piece("A")) == walk("0402", 3, 2)
    leader_at_end = fleeing("0402", 0, piece("M", "tribunus", "rome", "0406"),
                            piece("R", "centuria", "rebels", "0101"), type_="turma")
    assert flee_path(leader_at_end, leader_at_end.piece("A")) == walk("0402", 3, 4)


def test_CTA_MORALE_flight_moves_the_unit_and_every_unit_touched_tests():
    b = battle(OPEN, [piece("L", "legatus", "rome", "0808"),
                      piece("A", "centuria", "rome", "0402", 0, commander="L", marker=3),
                      piece("B", "centuria", "rome", "0503", 0, commander="L", marker=2),
                      piece("C", "centuria", "rome", "0504", 0, commander="L", marker=2),
                      piece("D", "centuria", "rome", "0305", 0, commander="L"),
                      piece("F", "centuria", "rome", "0303", 0, commander="L", marker=3),
                      piece("R", "centuria", "rebels", "0101")])
    dice = Dice.scripted([1, 1, 1])
    new, events = flee(b, "A", dice)
    assert [(e.text, e.rule) for e in events] == [
        ("A flees to 0404", "CTA-MORALE"),
        ("B tests morale (touched by the fleeing A): roll 1 vs 10, fails; now fleeing", "CTA-MORALE"),
        ("B flees to 0505", "CTA-MORALE"),
        ("C tests morale (touched by the fleeing B): roll 1 vs 10, fails; now fleeing", "CTA-MORALE"),
        ("C flees to 0506", "CTA-MORALE"),
        # C fled during B's flight: it takes no second test; D, after it, still tests (F is already fleeing)
        ("D tests morale (touched by the fleeing A): roll 1 vs 10, fails; now idle", "CTA-MORALE")]
    assert new.piece("A").hex == H("0404") and new.piece("D").marker == 1 and new.piece("F").marker == 3
    assert dice._script == []


def test_CTA_MORALE_a_unit_that_cannot_flee_stays_and_its_neighbours_test():
    b = battle(OPEN, [piece("L", "legatus", "rome", "0808"),
                      piece("A", "centuria", "rome", "0404", 0, commander="L", marker=3),
                      piece("R", "centuria", "rebels", "0405"), piece("B", "centuria", "rome", "0403", commander="L")])
    dice = Dice.scripted([20, 20])
    new, events = flee(b, "A", dice)
    assert events[0].text == "A flees to 0404" and new.piece("A").hex == H("0404")
    assert [r.purpose for r in dice.log] == ["morale test of B (touched by the fleeing A)",
                                             "morale test of R (touched by the fleeing A)"]


def test_CTA_MORALE_flight_uses_the_tables_given():
    t = tables_with("centuria", movement=3, morale=5)
    b = battle(OPEN, [piece("L", "legatus", "rome", "0808"),
                      piece("A", "centuria", "rome", "0402", 0, commander="L", marker=3),
                      piece("B", "centuria", "rome", "0306", commander="L"), piece("R", "centuria", "rebels", "0101")])
    dice = Dice.scripted([6])
    new, _ = flee(b, "A", dice, t)
    assert new.piece("A").hex == H("0405") and dice.log[0].target == 5 and dice.log[0].success


def test_CTA_MORALE_rally_names_the_side_and_uses_the_tables():
    b = field_battle()
    with pytest.raises(ValueError) as e:
        rally_phase(b, "gauls", Dice.scripted([]))
    assert str(e.value) == "CTA-MORALE: side is one of 'rome', 'rebels', got 'gauls'"
    marked = b.with_piece(replace(b.piece("A"), marker=1))
    dice = Dice.scripted([4])
    after, _ = start_round(marked, dice, tables_with("centuria", morale=3))
    # morale 3 (these tables), the legatus -4, two intact neighbours (B, C) -2
    assert dice.log[0].target == 3 - 4 - 2 and after.piece("A").marker == 0


# --- morale tests (CTA-MORALE) ---------------------------------------------------------------------------------

def lone(marker=0, **kw):
    """A centuria far from its legatus and from any friend: its morale target is its own value, 10."""
    return battle(OPEN, [piece("L", "legatus", "rome", "0808"),
                         piece("A", "centuria", "rome", "0202", 0, commander="L", marker=marker),
                         piece("R", "centuria", "rebels", "0708")], **kw)


def test_CTA_MORALE_failures_mark_idle_then_dissolving_then_fleeing():
    b = lone()
    dice = Dice.scripted([10, 3, 10])
    b1, ev = morale_test(b, "A", dice, "half the unit fell")
    assert b1.piece("A").marker == 1 and len(ev) == 1
    assert (ev[0].text, ev[0].rule, ev[0].rolls) == (
        "A tests morale (half the unit fell): roll 10 vs 10, fails; now idle", "CTA-MORALE", (dice.log[0],))
    assert (dice.log[0].purpose, dice.log[0].rule, dice.log[0].target) == (
        "morale test of A (half the unit fell)", "CTA-MORALE", 10)
    assert b1.log[-1] == ev[0]
    b2, ev = morale_test(b1, "A", dice, "again")
    assert b2.piece("A").marker == 2 and ev[0].text.endswith("fails; now dissolving")
    b3, ev = morale_test(b2, "A", dice, "once more")
    assert b3.piece("A").marker == 3
    assert [e.text for e in ev] == ["A tests morale (once more): roll 10 vs 10, fails; now fleeing",
                                    "A flees to 0204"]
    assert b3.piece("A").hex == H("0204")


def test_CTA_MORALE_a_pass_restores_the_unit():
    for marker in (0, 1, 2):
        dice = Dice.scripted([11])
        after, ev = morale_test(lone(marker), "A", dice, "test")
        assert after.piece("A").marker == 0
        assert ev[0].text == "A tests morale (test): roll 11 vs 10, passes; now intact"


def test_CTA_MORALE_a_rally_roll_is_named_and_a_failed_rally_changes_nothing():
    dice = Dice.scripted([10, 11])
    after, ev = morale_test(lone(2), "A", dice, "rally test", rally=True)
    assert after.piece("A").marker == 2
    assert ev[0].text == "A does not rally: roll 10 vs 10, fails; still dissolving"
    assert dice.log[0].purpose == "rally test of A" and dice.log[0].rule == "CTA-MORALE"
    after, ev = morale_test(after, "A", dice, "rally test", rally=True)
    assert after.piece("A").marker == 0 and ev[0].text == "A rallies: roll 11 vs 10, passes; now intact"


def test_CTA_MORALE_a_fleeing_unit_takes_no_more_tests():
    b = lone(3)
    dice = Dice.scripted([])
    after, ev = morale_test(b, "A", dice, "touched")
    assert after is b and dice.log == []
    assert [(e.text, e.rule) for e in ev] == [("A is fleeing: it takes no more morale or rally tests", "CTA-MORALE")]


def test_CTA_MORALE_the_test_and_the_flight_use_the_tables_given():
    t = tables_with("centuria", morale=4, movement=3)
    dice = Dice.scripted([4])
    after, ev = morale_test(lone(2), "A", dice, "x", tables=t)
    assert dice.log[0].target == 4 and after.piece("A").marker == 3
    assert after.piece("A").hex == H("0205")  # three hexes back with these tables
    assert ev[-1].text == "A flees to 0205"


# --- artillery (CTA-ART) ---------------------------------------------------------------------------------------

def test_CTA_ART_a_shot_is_logged_and_a_hit_removes_the_target():
    from test_centuria import artillery_field
    b = artillery_field()
    dice = Dice.scripted([20])
    after, events = fire(b, "B", "X", dice)
    t = dice.log[0].target
    assert (dice.log[0].purpose, dice.log[0].rule) == ("B shoots at X", "CTA-ART")
    assert [(e.text, e.rule) for e in events] == [(f"B shoots at X: roll 20 vs {t}, hit", "CTA-ART"),
                                                  ("X falls", "CTA-ART")]
    assert events[0].rolls == (dice.log[0],)
    assert after.piece("X").alive is False and after.shots == (("B", 1),)
    assert after.log[-2:] == tuple(events)
    miss, ev = fire(b, "B", "X", Dice.scripted([2]))
    assert [e.text for e in ev] == [f"B shoots at X: roll 2 vs {t}, miss"] and miss.piece("X").alive is True
    one, ev = fire(b, "B", "X", Dice.scripted([1, 20]))
    assert ev[0].text == f"B shoots at X: roll 1 vs {t}, miss (a 1 always misses)"
    assert (ev[1].text, ev[1].rule) == ("B is out of action until the end of the next round (a roll of 1)", "CTA-ART")
    assert ev[2].rule == "CTA-MORALE" and ev[2].text.startswith("B tests morale (its engine failed (roll of 1))")
    assert one.piece("B").engine_out_round == 1 and one.piece("X").alive


def test_CTA_ART_shots_are_counted_per_engine():
    from test_centuria import artillery_field
    b = artillery_field(extra=(piece("CB", "centurio ballista", "rome", "0307", commander="L"),))
    b = b.with_piece(replace(b.piece("B"), commander="CB"))
    once, _ = fire(b, "B", "X", Dice.scripted([2]))
    assert once.shots == (("B", 1),)
    twice, _ = fire(once, "B", "X", Dice.scripted([2]))
    assert twice.shots == (("B", 2),)
    third = fire(twice, "B", "X", Dice.scripted([2]))
    assert isinstance(third, Refusal) and third.rule == "CTA-ART"
    assert third.reason == "B has fired 2 times this round; it may fire 2"
    both, _ = fire(once, "TO", "X", Dice.scripted([2]))
    assert both.shots == (("B", 1), ("TO", 1))


def test_CTA_ART_fire_checks_with_the_tables_given():
    from test_centuria import artillery_field
    r = fire(artillery_field(), "B", "X", Dice.scripted([20]), tables_with("ballista", action_radius=4))
    assert isinstance(r, Refusal) and r.rule == "CTA-ART" and r.reason == "X is 5 hexes away; the ballista reaches 4"


def test_CTA_MOVE_terrain_movement_by_the_seeds_table_and_the_leaders_arm():
    from test_centuria import T

    from centurion.centuria import movement_value, terrain_movement
    rows = ["trbfwggg"] + ["gggggggg"] * 7  # 0101 trees, 0201 road, 0301 building, 0401 field, 0501 track
    b = battle(rows, [piece("C", "turma", "rome", "0101"), piece("A", "centuria", "rome", "0101"),
                      piece("S", "singulares", "rome", "0101"), piece("B", "ballista", "rome", "0101"),
                      piece("LI", "legatus", "rome", "0101", arm="infantry"),
                      piece("LC", "legatus", "rome", "0101", arm="cavalry"), piece("R", "centuria", "rebels", "0808")])
    seed = {  # Bewegung column of the seed: trees, road, building, field, track
        "C": (-3, 0, -3, -1, 0), "A": (-1, 0, -1, 0, 0), "S": (-2, 0, -3, -1, 0), "B": (0, 0, -1, 0, 0),
        "LI": (-1, 0, -1, 0, 0), "LC": (-3, 0, -3, -1, 0)}
    for pid, mods in seed.items():
        got = tuple(terrain_movement(b, b.piece(pid), H(f"0{c}01"), T) for c in range(1, 6))
        assert got == mods, pid
    # no hexes at all: the unit's own value
    assert movement_value(b, b.piece("A"), [], T) == 2 and movement_value(b, b.piece("C"), (), T) == 4
    with pytest.raises(ValueError, match="^HEX-2: hex_ is a hex, got '0101'$"):
        terrain_movement(b, b.piece("A"), "0101", T)
    from centurion.centuria import move_cost
    assert {move_cost(b, b.piece(pid), H(f"0{c}01"), T) for pid in seed for c in range(1, 6)} == {1}
    with pytest.raises(ValueError, match="^HEX-2: dest is a hex, got '0101'$"):
        move_cost(b, b.piece("A"), "0101", T)


# --- artillery checks (CTA-ART) --------------------------------------------------------------------------------

def guns(**kw):
    from test_centuria import artillery_field
    return artillery_field(**kw)


def test_CTA_ART_every_refusal_of_a_shot_names_its_rule_and_reason():
    from centurion.centuria import fire_refusal
    b = guns()
    assert fire_refusal(b, "B", "X") is None and fire_refusal(b, "TO", "X") is None
    cases = [
        (b, "B", "Q", "CTA-1", "no unit or leader 'Q' in this battle"),
        (b, "Q", "X", "CTA-1", "no unit or leader 'Q' in this battle"),
        (b, "S", "X", "CTA-ART", "S is not an engine"),
        (replace(b, phase="movement"), "B", "X", "CTA-1", "engines fire in their side's turn of the combat phase"),
        (replace(b, active_side="rebels"), "B", "X", "CTA-1", "engines fire in their side's turn of the combat phase"),
        (replace(b, passed=frozenset({"rome"})), "B", "X", "CTA-1",
         "engines fire in their side's turn of the combat phase"),
        (b.with_piece(replace(b.piece("X"), alive=False)), "B", "X", "CTA-ART", "the target must be a living enemy piece"),
        (b.with_piece(replace(b.piece("B"), alive=False)), "B", "X", "CTA-ART", "the target must be a living enemy piece"),
        (b, "B", "S", "CTA-ART", "the target must be a living enemy piece"),
        (b.with_piece(replace(b.piece("B"), marker=1)), "B", "X", "CTA-MORALE",
         "B's crew is idle: the engine does not shoot"),
        (b.with_piece(replace(b.piece("B"), engine_out_round=1)), "B", "X", "CTA-ART",
         "B is out of action until the end of round 2 (it rolled a 1)"),
        (replace(b, round=2).with_piece(replace(b.piece("B"), engine_out_round=1)), "B", "X", "CTA-ART",
         "B is out of action until the end of round 2 (it rolled a 1)"),
        (b.placed("L", "0101"), "B", "X", "CTA-CMD", "B is out of command"),
        (b.placed("X", "0301"), "B", "X", "CTA-ART", "X is 6 hexes away; the ballista reaches 5"),
    ]
    for battle_, e, t, rule, reason in cases:
        r = fire_refusal(battle_, e, t)
        assert isinstance(r, Refusal) and (r.rule, r.reason) == (rule, reason), (rule, reason)
    # two rounds after the roll of 1 the engine shoots again
    assert fire_refusal(replace(b, round=3).with_piece(replace(b.piece("B"), engine_out_round=1)), "B", "X") is None
    rows = ["gggggggg", "gggggggg", "gggggggg", "gggtgggg"] + ["gggggggg"] * 4  # trees at 0404
    hidden = guns(target_label="0402", rows=rows)
    r = fire_refusal(hidden, "B", "X")
    assert isinstance(r, Refusal) and r.rule == "CTA-ART"
    assert r.reason == "the ballista fires only at what it sees (no indirect fire)"
    r = fire_refusal(hidden, "TO", "X")  # the tormentum fires indirectly, but nobody sees the target
    assert isinstance(r, Refusal) and r.rule == "CTA-ART" and r.reason == "no friendly piece that touches or sees TO can see X"


def test_CTA_ART_engine_range_is_its_action_radius():
    from centurion.centuria import engine_range
    assert engine_range("ballista") == 5 and engine_range("tormentum") == 6
    assert engine_range("ballista", tables_with("ballista", action_radius=2)) == 2
    for bad in ("catapult", None, 5, ["ballista"]):
        with pytest.raises(ValueError) as e:
            engine_range(bad)
        assert str(e.value) == f"CTA-ART: an engine is one of ballista, tormentum, got {bad!r}"
    with pytest.raises(ValueError) as e:
        engine_range("x" * 300)
    assert len(str(e.value)) == 200


def test_CTA_ART_spotters_touch_or_see_the_engine_and_see_the_target():
    from test_centuria import T

    from centurion.centuria import spotters
    b = guns()
    # everyone of rome sees both on the open field; the enemy is no spotter
    assert spotters(b, b.piece("B"), b.piece("X"), T) == ["L", "B", "TO", "S"]
    two_away = battle(OPEN, [piece("B", "ballista", "rome", "0406"), piece("N", "centuria", "rome", "0408"),
                             piece("X", "centuria", "rebels", "0401")], phase="combat")
    rows2 = ["gggggggg"] * 6 + ["gggtgggg"] + ["gggggggg"]  # trees at 0407, between N (0408) and B (0406)
    blocked = battle(rows2, list(two_away.pieces), phase="combat")
    assert "N" not in spotters(blocked, blocked.piece("B"), blocked.piece("X"), T)  # two away and out of sight
    touching = battle(rows2, [piece("B", "ballista", "rome", "0406"), piece("N", "centuria", "rome", "0407"),
                              piece("X", "centuria", "rebels", "0401")], phase="combat")
    assert "N" in spotters(touching, touching.piece("B"), touching.piece("X"), T)


def test_CTA_ART_the_centurio_ballista_doubles_the_shots_of_engines_he_covers():
    from test_centuria import T

    from centurion.centuria import shots_allowed
    b = guns(extra=(piece("CB", "centurio ballista", "rome", "0307", commander="L"),))
    assert shots_allowed(b, b.piece("B")) == 1
    led = b.with_piece(replace(b.piece("B"), commander="CB"))
    assert shots_allowed(led, led.piece("B")) == 2 and shots_allowed(led, led.piece("B"), T) == 2
    # with tables where his action radius is 0 he covers nothing
    assert shots_allowed(led, led.piece("B"), tables_with("centurio ballista", action_radius=0)) == 1


def test_CTA_ART_the_shot_counts_both_leaders_the_side_and_the_targets_row():
    from centurion.centuria import exchange, shot
    # B (ballista 6) under the legatus L (attack -2) shoots at X (centuria, defence 9) from behind (rear -4), X led
    # by the tribunus K (defence +1); then at K himself in a building (legatus defence 2, centuria row +2)
    rows = ["gggggggg", "gbgggggg"] + ["gggggggg"] * 6  # building at 0202
    b = battle(rows, [piece("L", "legatus", "rome", "0407"), piece("B", "ballista", "rome", "0406", commander="L"),
                      piece("X", "centuria", "rebels", "0401", 0, commander="K"),
                      piece("K", "tribunus", "rebels", "0202")], phase="combat")
    s = shot(b, "B", "X")
    assert s.value == 6 + 9 - 2 + 1 - 4 and s.one_fails is True
    assert exchange(b, "B", "X").attack == s and exchange(b, "B", "X").counter.p_success == 0
    facing_b = b.with_piece(replace(b.piece("K"), facing=3))  # K faces south, towards the ballista: his front
    at_k = shot(facing_b, "B", "K")
    assert at_k.value == 6 + 2 + 2 - 2
    # the tables given are used for the leaders' modifiers too
    import dataclasses
    from types import MappingProxyType

    from test_centuria import T
    leaders = dict(T.leaders)
    leaders["legatus"] = dataclasses.replace(leaders["legatus"], attack=-5, morale=-7)
    t = dataclasses.replace(T, leaders=MappingProxyType(leaders))
    assert shot(b, "B", "X", t).value == 6 + 9 - 5 + 1 - 4


def test_CTA_MORALE_the_test_target_counts_the_best_leader_and_intact_neighbours():
    import dataclasses
    from types import MappingProxyType

    from test_centuria import T

    from centurion.centuria import morale_test_target
    b = field_battle()  # A at 0404 with B (0304) and C (0504) intact beside it, the legatus L at 0405
    assert b.adjacent_intact(b.piece("A")) == 2
    assert morale_test_target(b, "A").value == 10 - 4 - 2
    idle = b.with_piece(replace(b.piece("B"), marker=1))
    assert idle.adjacent_intact(idle.piece("A")) == 1
    enemy = b.with_piece(replace(b.piece("B"), side="rebels"))
    assert enemy.adjacent_intact(enemy.piece("A")) == 1
    assert b.adjacent_intact(b.piece("L")) == 1  # L at 0405 has A beside him; leaders never count
    leaders = dict(T.leaders)
    leaders["legatus"] = dataclasses.replace(leaders["legatus"], morale=-7)
    t = dataclasses.replace(T, leaders=MappingProxyType(leaders), die_sides=12)
    target = morale_test_target(b, "A", t)
    assert target.value == 10 - 7 - 2 and target.sides == 12


def test_CTA_1_three_sides_alternate_in_their_order():
    b = start_alternating(replace(field_battle(), sides=("rome", "rebels", "gauls")))
    seen = []
    for _ in range(7):
        seen.append((b.round, b.phase, b.active_side))
        b = pass_phase(b)
    assert seen == [(1, "movement", "rome"), (1, "movement", "rebels"), (1, "movement", "gauls"),
                    (1, "combat", "rome"), (1, "combat", "rebels"), (1, "combat", "gauls"),
                    (2, "movement", "rebels")]
    assert b.log[-1].rule == "CTA-1" and b.other_side("gauls") == "rome" and b.other_side("rome") == "rebels"


# --- the chain of command (CTA-CMD, CTA-MORALE b) ---------------------------------------------------------------

def chain(**alive):
    """H (tribunus) above G (tribunus) above T (tribunus) above S (subpraefectus); T2 (subpraefectus) under G.
    C1 answers to T, C2 to S."""
    pieces = [piece("H", "tribunus", "rome", "0101"), piece("G", "tribunus", "rome", "0808", commander="H"),
              piece("T", "tribunus", "rome", "0404", commander="G"),
              piece("S", "subpraefectus", "rome", "0707", commander="T"),
              piece("T2", "subpraefectus", "rome", "0606", commander="G"),
              piece("C1", "centuria", "rome", "0405", commander="T"),
              piece("C2", "centuria", "rome", "0706", commander="S"),
              piece("R", "centuria", "rebels", "0801")]
    pieces = [replace(p, alive=alive.get(p.id, True)) for p in pieces]
    return battle(OPEN, pieces)


def test_CTA_CMD_formation_leaders_are_those_above_and_below():
    b = chain()
    assert [q.id for q in b.formation_leaders(b.piece("T"))] == ["G", "H", "S"]
    assert [q.id for q in b.formation_leaders(b.piece("G"))] == ["H", "T", "T2", "S"]
    assert [q.id for q in b.formation_leaders(b.piece("H"))] == ["G", "T", "T2", "S"]
    assert b.acting_leader(b.piece("T")) is None  # a leader answers to nobody as a sub-unit does
    assert b.acting_leader(b.piece("C1")).id == "T" and b.acting_leader(b.piece("C2")).id == "S"


def test_CTA_MORALE_b_the_replacement_is_the_nearest_eligible_in_the_formation():
    # T fell: his formation's eligible leaders are G, H (above) and S (below); G is at 0808, H at 0101
    b = chain(T=False)
    assert b.replacement_for(b.piece("T")).id in ("G", "H", "S")
    from centurion.hexgrid import distance
    pool = [b.piece(x) for x in ("G", "H", "S")]
    best = min(pool, key=lambda q: (distance(q.hex, H("0404")), q.id))
    assert b.replacement_for(b.piece("T")).id == best.id
    # G fell too: the leaders under G (T2 and S) may take over T's formation, and H above
    both = chain(T=False, G=False)
    pool = [both.piece(x) for x in ("H", "S", "T2")]
    best = min(pool, key=lambda q: (distance(q.hex, H("0404")), q.id))
    assert both.replacement_for(both.piece("T")).id == best.id
    # with T2 the nearest, only the rule "under a fallen leader above" finds him
    near = both.placed("T2", "0403")
    assert near.replacement_for(near.piece("T")).id == "T2"
    # with H the nearest, only "the leaders above" find him
    above = both.placed("H", "0403")
    assert above.replacement_for(above.piece("T")).id == "H"
    assert chain(T=False, G=False, H=False, S=False, T2=False).replacement_for(chain().piece("T")) is None


# --- morale triggers (CTA-MORALE a, c) ----------------------------------------------------------------------------

def unit_of(n, **kw):
    """A praefectus coh (L) with n centuriae C0..C(n-1) in a row beside him, and a tribunus M with one of his own."""
    subs = [piece(f"C{i}", "centuria", "rome", f"0{i + 1}05", commander="L") for i in range(n)]
    return battle(OPEN, [piece("L", "praefectus coh", "rome", "0404"), *subs,
                         piece("M", "tribunus", "rome", "0808"), piece("MC", "centuria", "rome", "0807", commander="M"),
                         piece("R", "centuria", "rebels", "0101")], **kw)


def lose(b, *ids, fled=()):
    for i in ids:
        b = b.with_piece(replace(b.piece(i), alive=False))
    for i in fled:
        b = b.with_piece(replace(b.piece(i), marker=3))
    return b


def test_CTA_MORALE_a_more_than_half_lost_the_first_time():
    from centurion.centuria import morale_triggers
    four = unit_of(4)
    assert morale_triggers(four, lose(four, "C0", "C1")) == []  # exactly half: no test
    three = lose(four, "C0", "C1", "C2")
    assert morale_triggers(four, three) == [("C3", "more than half of the unit has fallen (a)")]
    two = lose(four, "C0", "C1")
    assert morale_triggers(two, three) == [("C3", "more than half of the unit has fallen (a)")]  # 2 -> 3 of 4
    five = unit_of(5)
    assert morale_triggers(lose(five, "C0", "C1"), lose(five, "C0", "C1", "C2")) == [
        ("C3", "more than half of the unit has fallen (a)"), ("C4", "more than half of the unit has fallen (a)")]
    # once past half, a further loss causes no new test
    assert morale_triggers(lose(five, "C0", "C1", "C2"), lose(five, "C0", "C1", "C2", "C3")) == []
    # another leader's losses do not count for L's unit
    other = lose(five, "MC")
    assert morale_triggers(other, lose(other, "C0", "C1", "C2")) == [
        ("C3", "more than half of the unit has fallen (a)"), ("C4", "more than half of the unit has fallen (a)")]
    assert morale_triggers(lose(four, "MC"), lose(four, "MC", "C0")) == []


def test_CTA_MORALE_a_fled_units_count_as_lost_and_the_reason_says_so():
    from centurion.centuria import morale_triggers
    four = unit_of(4)
    fled = lose(four, "C0", fled=("C1", "C2"))
    assert morale_triggers(four, fled) == [("C3", "more than half of the unit has fallen or fled (a)")]


def test_CTA_MORALE_c_a_leader_falling_with_no_replacement_makes_all_his_units_test():
    from centurion.centuria import morale_triggers
    b = battle(OPEN, [piece("L", "praefectus coh", "rome", "0404"),
                      piece("C0", "centuria", "rome", "0405", commander="L", alive=False),
                      piece("C1", "centuria", "rome", "0403", commander="L"),
                      piece("C2", "centuria", "rome", "0504", commander="L"),
                      piece("R", "centuria", "rebels", "0101")])
    after = lose(b, "L")
    assert morale_triggers(b, after) == [("C1", "L fell with no one to replace him (c)"),
                                         ("C2", "L fell with no one to replace him (c)")]


# --- exchange, leaders and command (CTA-COMBAT, CTA-CMD) -----------------------------------------------------------

def leaders_table(**changes):
    """The seed's tables with some leaders' modifiers changed: name=(attack, defence, morale), or None to drop one."""
    import dataclasses
    from types import MappingProxyType

    from test_centuria import T
    leaders = dict(T.leaders)
    for name, v in changes.items():
        name = name.replace("_", " ")
        if v is None:
            del leaders[name]
        else:
            leaders[name] = dataclasses.replace(leaders[name], attack=v[0], defence=v[1], morale=v[2])
    return dataclasses.replace(T, leaders=MappingProxyType(leaders))


def fight(**kw):
    """A (rome, idle, in trees) faces D (rebels, dissolving, in a building) who faces it; A's legatus LA, D's
    tribunus LD, each covering his own unit."""
    rows = ["gggggggg", "gggggggg", "gggbgggg", "gggtgggg"] + ["gggggggg"] * 4  # 0403 building, 0404 trees
    return battle(rows, [piece("LA", "legatus", "rome", "0406"), piece("LD", "tribunus", "rebels", "0401"),
                         piece("A", "centuria", "rome", "0404", 0, commander="LA", marker=1),
                         piece("D", "centuria", "rebels", "0403", 3, commander="LD", marker=2)], **kw)


def test_CTA_COMBAT_the_exchange_counts_each_sides_terrain_leader_and_marker():
    from centurion.centuria import exchange
    ex = exchange(fight(), "A", "D")
    # attack: A 6 + D 9, A in trees +1, D in a building +2, legatus attack -2, tribunus defence +1, A idle +2,
    # D dissolving -4
    assert ex.attack.value == 6 + 9 + 1 + 2 - 2 + 1 + 2 - 4
    # counter: D 6 + A 9, D in a building 0, A in trees -1, tribunus attack -1, legatus defence +1, D dissolving +4
    assert ex.counter.value == 6 + 9 + 0 - 1 - 1 + 1 + 4
    labels = [m.label for m in ex.attack.terms]
    assert "legatus leads the attacker" in labels and "tribunus leads the defender" in labels
    clabels = [m.label for m in ex.counter.terms]
    assert "tribunus leads the attacker" in clabels and "legatus leads the defender" in clabels
    # with other leaders' values in the tables given
    t = leaders_table(legatus=(-5, 3, -4), tribunus=(-3, 2, -2))
    ex = exchange(fight(), "A", "D", t)
    assert ex.attack.value == 6 + 9 + 1 + 2 - 5 + 2 + 2 - 4
    assert ex.counter.value == 6 + 9 + 0 - 1 - 3 + 3 + 4


def test_CTA_COMBAT_a_leader_without_an_arm_fights_in_terrain_as_his_types_arm():
    from centurion.centuria import exchange
    rows = ["gggggggg", "gggggggg", "gggggggg", "gggtgggg"] + ["gggggggg"] * 4  # 0404 trees
    b = battle(rows, [piece("P", "praefectus alae", "rome", "0404"), piece("D", "centuria", "rebels", "0403", 3)],
               phase="combat")
    # the praefectus alae is cavalry: the turma's row in trees, attack +3, defence -2
    ex = exchange(b, "P", "D")
    assert ex.attack.value == 17 + 9 + 3 and ex.counter.value == 6 + 2 - 2


def test_CTA_COMBAT_the_best_leader_counts_not_the_sum():
    from centurion.centuria import exchange
    # A covered by its own centurio ballista (0, 0, -1) and the legatus above him (-2, +1, -4)
    b = battle(OPEN, [piece("G", "legatus", "rome", "0406"), piece("CB", "centurio ballista", "rome", "0405",
                                                                     commander="G"),
                      piece("A", "centuria", "rome", "0404", 0, commander="CB"),
                      piece("D", "centuria", "rebels", "0403", 3)], phase="combat")
    ex = exchange(b, "A", "D")
    assert ex.attack.value == 6 + 9 - 2  # the legatus's attack
    assert ex.counter.value == 6 + 9 + 1  # the legatus's defence (the centurio ballista has 0)
    assert b.best_leader(b.piece("A"), "morale") == "legatus"
    # two leaders as good as each other: the unit's own comes first
    t = leaders_table(centurio_ballista=(-2, 1, -4))
    assert b.best_leader(b.piece("A"), "attack", t) == "centurio ballista"
    assert b.best_leader(b.piece("A"), "defence", t) == "centurio ballista"
    # a leader type missing from the tables gives nothing, and the next one still counts
    assert b.best_leader(b.piece("A"), "attack", leaders_table(centurio_ballista=None)) == "legatus"
    assert b.best_leader(b.piece("D"), "attack") is None


def test_CTA_ART_an_engines_exchange_is_its_shot_with_no_counter():
    from centurion.centuria import exchange, shot
    b = guns()
    ex = exchange(b, "B", "X")
    assert ex.attack == shot(b, "B", "X") and ex.counter.p_success == 0 and ex.counter.sides == 20
    t = leaders_table(legatus=(-5, 1, -4))
    assert exchange(b, "B", "X", t).attack.value == shot(b, "B", "X").value - 3
    scenario_die = replace(b, die_sides=12)
    assert exchange(scenario_die, "B", "X").counter.sides == 12


def test_CTA_CMD_command_is_worked_out_for_the_tables_given_and_per_side():
    b = battle(OPEN, [piece("L", "centurio ballista", "rome", "0406"), piece("A", "centuria", "rome", "0405",
                                                                           commander="L"),
                      piece("K", "legatus", "rebels", "0101"), piece("R", "centuria", "rebels", "0102",
                                                                    commander="K"),
                      piece("X", "centuria", "rome", "0103", commander="L")])
    assert b.command()["A"] == "direct"
    assert b.command(tables_with("centurio ballista", action_radius=0))["A"] == "out"
    assert b.command()["A"] == "direct"  # the first answer is still given for the seed's tables
    # X is out of its leader's range; next to an enemy unit in command it is still out
    assert b.command()["X"] == "out" and b.command()["R"] == "direct"


def test_CTA_CMD_who_may_command_a_sub_unit():
    b = chain()
    assert [q.id for q in b.commanders(b.piece("C1"))] == ["T", "G", "H"]
    assert [q.id for q in b.commanders(b.piece("C2"))] == ["S", "T", "G", "H"]
    assert b.commanders(b.piece("T")) == []  # a leader has none (decision)
    fell = chain(T=False)
    repl = fell.replacement_for(fell.piece("T"))
    assert [q.id for q in fell.commanders(fell.piece("C1"))] == [repl.id, *[x for x in ("G", "H") if x != repl.id]]
    alone = chain(T=False, G=False, H=False, S=False, T2=False)
    assert alone.commanders(alone.piece("C1")) == []
    ghost = battle(OPEN, [piece("A", "centuria", "rome", "0404", commander="nobody"),
                          piece("R", "centuria", "rebels", "0101")])
    assert ghost.commanders(ghost.piece("A")) == [] and ghost.command()["A"] == "out"


def test_CTA_1_battle_from_the_scenario_and_set_up():
    from centurion.centuria import CenturiaBattle
    from centurion.data import centuria_scenario
    s = centuria_scenario()
    s = replace(s, time_limit_seconds=90)
    b = CenturiaBattle.from_scenario(s)
    assert b.name == s.name and b.time_limit_seconds == 90 and b.active_side == next(iter(s.sides))
    arms = {p.id: p.arm for p in (*s.leaders, *s.units)}
    assert {p.id: p.arm for p in b.pieces} == arms and "cavalry" in arms.values()
    a = b.pieces[0]
    moved = b.placed(a.id, "0101", 7)
    assert moved.piece(a.id).hex == H("0101") and moved.piece(a.id).facing == 1
    kept = b.placed(a.id, "0102")
    assert kept.piece(a.id).facing == a.facing
    with pytest.raises(ValueError) as e:
        b.placed(a.id, "9999")
    assert str(e.value) == f"HEX-4: 9999 is off the {b.map.columns}x{b.map.rows} map"
    with pytest.raises(KeyError) as e:
        b.piece("x" * 300)
    assert len(e.value.args[0]) == 200 and str(e.value).startswith("CTA-1: no unit or leader 'xxx")


def test_CTA_2_the_subpraefectus_moves_by_his_arm_from_the_tables():
    from centurion.centuria import movement_allowance
    sub = piece("S", "subpraefectus", "rome", "0101")
    assert movement_allowance(sub, tables_with("subpraefectus", arm="cavalry")) == 4
    assert movement_allowance(sub, tables_with("subpraefectus", arm="infantry")) == 2


def test_CTA_MORALE_b_the_new_leader_is_the_replacement_of_the_units_own_leader():
    from centurion.centuria import morale_triggers
    # X (fallen) led C; S1, the nearest subpraefectus to X, took over. S1 falls: C's new leader is the nearest to
    # X of those left (S2, three hexes from X), not the nearest to S1 (S3); C is beyond S2's radius of 2
    b = battle(OPEN, [piece("G", "legatus", "rome", "0101"),
                      piece("X", "tribunus", "rome", "0404", commander="G", alive=False),
                      piece("S1", "subpraefectus", "rome", "0406", commander="X"),
                      piece("S2", "subpraefectus", "rome", "0401", commander="X"),
                      piece("S3", "subpraefectus", "rome", "0408", commander="X"),
                      piece("C", "centuria", "rome", "0307", commander="X"),
                      piece("R", "centuria", "rebels", "0801")])
    assert b.acting_leader(b.piece("C")).id == "S1"
    after = lose(b, "S1")
    assert morale_triggers(b, after) == [("C", "S1 fell; outside S2's range or sight (b)")]


def test_CTA_MORALE_c_a_unit_that_fell_with_its_leader_takes_no_test():
    from centurion.centuria import morale_triggers
    b = battle(OPEN, [piece("L", "praefectus coh", "rome", "0404"),
                      piece("C0", "centuria", "rome", "0405", commander="L"),
                      piece("C1", "centuria", "rome", "0403", commander="L"),
                      piece("C2", "centuria", "rome", "0504", commander="L"),
                      piece("C3", "centuria", "rome", "0304", commander="L"),
                      piece("M", "tribunus", "rome", "0808"), piece("MC", "centuria", "rome", "0807", commander="M"),
                      piece("R", "centuria", "rebels", "0101")])
    # MC answers to another leader: L's fall is nothing to it
    assert morale_triggers(b, lose(b, "L", "C0")) == [("C1", "L fell with no one to replace him (c)"),
                                                      ("C2", "L fell with no one to replace him (c)"),
                                                      ("C3", "L fell with no one to replace him (c)")]


def test_CTA_MOVE_turn_costs_from_any_facing():
    # the seed: to a side 1 MP, to the rear 2 MP, whatever the facing the unit starts from
    for start in range(6):
        for to in range(6):
            d = (to - start) % 6
            cost = 0 if d == 0 else 2 if d == 3 else 1
            b = field_battle()
            b = b.with_piece(replace(b.piece("A"), facing=start))
            r = move(b, CenturiaMove("A", (f"T{to}",)))
            assert not isinstance(r, Refusal)
            assert r[1][0].text == f"A moves to 0404 facing {to} ({cost} of 2 MP)", (start, to)


def test_CTA_COMBAT_the_struck_piece_is_marked_fallen():
    b = duel(phase="combat")
    after, _ = attack(b, "A", "D", Dice.scripted([20, 20]))
    assert after.piece("D").alive is False and after.piece("A").alive is False


def test_CTA_ART_fire_and_its_checks_use_the_tables_given():
    from centurion.centuria import fire_refusal
    b = guns()
    # a roll of 1: the crew's morale test against the ballista's morale in these tables (seed 14)
    dice = Dice.scripted([1, 20])
    fire(b, "B", "X", dice, tables_with("ballista", morale=19))
    assert dice.log[1].target == 19 - 4 - 2  # its legatus in range (-4), S and TO intact beside it (-2)
    # who is an engine, who is in command and how many shots come from the tables given
    # (fresh battles: a battle caches its command table by the id() of the tables, see docs/mutation.md)
    r = fire_refusal(guns(), "S", "X", tables_with("centuria", kind="engine"))
    assert not (isinstance(r, Refusal) and r.reason == "S is not an engine")
    r = fire_refusal(guns(), "B", "X", tables_with("legatus", action_radius=0))
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD" and r.reason == "B is out of command"
    cb = guns(extra=(piece("CB", "centurio ballista", "rome", "0307", commander="L"),))
    cb = cb.with_piece(replace(cb.piece("B"), commander="CB"))
    once, _ = fire(cb, "B", "X", Dice.scripted([2]))
    assert fire_refusal(once, "B", "X") is None
    r = fire_refusal(once, "B", "X", tables_with("centurio ballista", action_radius=0))
    assert isinstance(r, Refusal) and r.reason == "B has fired once this round; it may fire 1"


def test_CTA_ART_the_engines_own_sight_and_touching_spotters():
    from test_centuria import T

    from centurion.centuria import spotters
    rows = ["gggggggg", "gggggggg", "gggggggg", "gggtgggg"] + ["gggggggg"] * 4  # trees at 0404
    # the engine at 0406 cannot see 0402 past the trees; N two hexes off (0408) sees the engine but not the target
    b = battle(rows, [piece("TO", "tormentum", "rome", "0406"), piece("N", "centuria", "rome", "0408"),
                      piece("X", "centuria", "rebels", "0402")], phase="combat")
    assert spotters(b, b.piece("TO"), b.piece("X"), T) == []
    # an engine that sees its target spots for itself; nobody else is needed
    open_ = battle(OPEN, [piece("TO", "tormentum", "rome", "0406"), piece("X", "centuria", "rebels", "0402")],
                   phase="combat")
    assert spotters(open_, open_.piece("TO"), open_.piece("X"), T) == ["TO"]
    # a friend beside the engine (touching) that sees the target spots even when it cannot see the engine
    # (it touches it); one two hexes away behind trees does not
    walled = ["gggggggg"] * 5 + ["ggggtggg", "gggtgggg", "gggggggg"]  # trees at 0506 and 0407
    w = battle(walled, [piece("TO", "tormentum", "rome", "0406"), piece("N", "centuria", "rome", "0306"),
                        piece("FAR", "centuria", "rome", "0408"), piece("X", "centuria", "rebels", "0401")],
               phase="combat")
    from centurion.centuria import in_sight
    from centurion.hexgrid import distance
    assert distance(H("0306"), H("0406")) == 1 and distance(H("0408"), H("0406")) == 2
    assert not in_sight(H("0408"), H("0406"), w.map, T)
    assert spotters(w, w.piece("TO"), w.piece("X"), T) == ["TO", "N"]


def test_CTA_COMBAT_best_leaders_are_chosen_with_the_tables_given():
    from centurion.centuria import morale_test_target, shot
    # A and the engine E both answer to a centurio ballista (CB) under a legatus (G); X to a subpraefectus (XS)
    # under a tribunus (XT)
    b = battle(OPEN, [piece("G", "legatus", "rome", "0406"), piece("CB", "centurio ballista", "rome", "0405",
                                                                     commander="G"),
                      piece("A", "centuria", "rome", "0305", 0, commander="CB"),
                      piece("E", "ballista", "rome", "0505", 0, commander="CB"),
                      piece("XT", "tribunus", "rebels", "0102"), piece("XS", "subpraefectus", "rebels", "0202",
                                                                        commander="XT"),
                      piece("X", "centuria", "rebels", "0302", 3, commander="XS")], phase="combat")
    seed = shot(b, "E", "X").value
    # seed: the legatus has the best attack (-2) and morale (-4); with a centurio ballista of -6 and -9 he does
    t = leaders_table(centurio_ballista=(-6, 0, -9), subpraefectus=(-1, 3, -2))
    assert shot(b, "E", "X", t).value == seed - (-2) + (-6) - 1 + 3
    assert morale_test_target(b, "A").value == 10 - 4 - b.adjacent_intact(b.piece("A"))
    assert morale_test_target(b, "A", t).value == 10 - 9 - b.adjacent_intact(b.piece("A"))


def test_CTA_MORALE_rally_tests_name_their_reason_and_every_event_is_kept():
    b = field_battle()
    b = b.with_piece(replace(b.piece("A"), marker=1)).with_piece(replace(b.piece("B"), marker=2))
    dice = Dice.scripted([1, 20])
    after, events = rally_phase(b, "rome", dice)
    assert [r.purpose for r in dice.log] == ["rally test of A", "rally test of B"]
    assert len(events) == 2 and events[0].text.startswith("A does not rally: ")
    assert after.piece("A").marker == 1 and after.piece("B").marker == 0


def test_CTA_ART_the_shot_counts_the_engines_hex_and_the_targets_marker():
    from centurion.centuria import shot
    rows = ["gggggggg"] * 5 + ["gggtgggg"] + ["gggggggg"] * 2  # 0406 trees
    b = battle(rows, [piece("B", "ballista", "rome", "0406"), piece("X", "centuria", "rebels", "0401", 3, marker=2)],
               phase="combat")
    # ballista 6 + centuria 9, the ballista in trees +3 (seed), X dissolving -4, X faces B: front
    assert shot(b, "B", "X").value == 6 + 9 + 3 - 4


def test_CTA_CMD_a_move_asks_for_command_with_the_tables_given():
    b = field_battle()  # A one hex from its legatus (action radius 3)
    r = move(b, CenturiaMove("A", ("F",)), tables_with("legatus", action_radius=0))
    assert isinstance(r, Refusal) and r.rule == "CTA-CMD"
    assert not isinstance(move(field_battle(), CenturiaMove("A", ("F",))), Refusal)


def test_CTA_ART_a_friend_must_touch_or_see_the_engine_not_only_the_target():
    from test_centuria import T

    from centurion.centuria import in_sight, spotters
    # trees at 0405 and 0505 and 0305 wall the tormentum at 0406 off from the north; F at 0402 sees X at 0401
    rows = ["gggggggg"] * 4 + ["ggtttggg"] + ["gggggggg"] * 3
    b = battle(rows, [piece("TO", "tormentum", "rome", "0406"), piece("F", "centuria", "rome", "0402"),
                      piece("X", "centuria", "rebels", "0401")], phase="combat")
    assert in_sight(H("0402"), H("0401"), b.map, T) and not in_sight(H("0402"), H("0406"), b.map, T)
    assert not in_sight(H("0406"), H("0401"), b.map, T)
    assert spotters(b, b.piece("TO"), b.piece("X"), T) == []


def test_CTA_ART_two_hexes_off_and_out_of_sight_of_the_engine_is_no_spotter():
    from test_centuria import T

    from centurion.centuria import in_sight, spotters
    rows = ["gggggggg"] * 5 + ["ggggtggg"] + ["gggggggg"] * 2  # trees at 0506, between F (0605) and TO (0406)
    b = battle(rows, [piece("TO", "tormentum", "rome", "0406"), piece("F", "centuria", "rome", "0605"),
                      piece("X", "centuria", "rebels", "0401")], phase="combat")
    assert in_sight(H("0605"), H("0401"), b.map, T) and not in_sight(H("0605"), H("0406"), b.map, T)
    assert spotters(b, b.piece("TO"), b.piece("X"), T) == ["TO"]


def test_CTA_COMBAT_the_exchange_chooses_each_best_leader_with_the_tables_given():
    from centurion.centuria import exchange
    from centurion.centuria.values import attack_terms, counter_terms
    b = battle(OPEN, [piece("G", "legatus", "rome", "0406"), piece("CB", "centurio ballista", "rome", "0405",
                                                                     commander="G"),
                      piece("A", "centuria", "rome", "0305", 0, commander="CB"),
                      piece("XT", "tribunus", "rebels", "0102"), piece("XS", "subpraefectus", "rebels", "0202",
                                                                        commander="XT"),
                      piece("X", "centuria", "rebels", "0302", 3, commander="XS")], phase="combat")
    # the seed: G is A's best leader in attack and defence; XS and XT tie for X, XS (his own) counts
    # these tables: CB beats G for A, XT beats XS for X
    t = leaders_table(centurio_ballista=(-6, 3, -9), tribunus=(-5, 4, -2))
    side = b.side_of_attack(b.piece("A"), b.piece("X"))
    ex = exchange(b, "A", "X", t)
    assert ex.attack == attack_terms("centuria", "centuria", side=side, attacker_leader="centurio ballista",
                                     defender_leader="tribunus", tables=t)
    assert ex.counter == counter_terms("centuria", "centuria", attacker_leader="centurio ballista",
                                       defender_leader="tribunus", tables=t)
    seed = exchange(b, "A", "X")
    assert seed.attack == attack_terms("centuria", "centuria", side=side, attacker_leader="legatus",
                                       defender_leader="subpraefectus")
    # the shot of an engine chooses its leaders with the tables given too
    from centurion.centuria import shot
    e = b.with_piece(replace(b.piece("A"), type="ballista", kind="engine"))
    assert shot(e, "A", "X", t).value == shot(e, "A", "X").value - (-2) + (-6) - 1 + 4
    # and whether the attacker is an engine at all
    as_engine = exchange(b, "A", "X", tables_with("centuria", kind="engine"))
    assert as_engine.counter.p_success == 0 and as_engine.attack.one_fails is True
    # and who covers the unit: with the legatus's radius 0 only the centurio ballista does
    assert b.best_leader(b.piece("A"), "attack", tables_with("legatus", action_radius=0)) == "centurio ballista"


def test_CTA_MORALE_b_a_fallen_legatus_leads_every_unit_under_him():
    from centurion.centuria import morale_triggers
    # G (legatus) has no unit of his own; T (tribunus, radius 2) under him leads C1 (near) and C2 (far)
    b = battle(OPEN, [piece("G", "legatus", "rome", "0101"), piece("T", "tribunus", "rome", "0404", commander="G"),
                      piece("C1", "centuria", "rome", "0405", commander="T"),
                      piece("C2", "centuria", "rome", "0808", commander="T"),
                      piece("U", "praefectus coh", "rome", "0708"), piece("UC", "centuria", "rome", "0707",
                                                                          commander="U"),
                      piece("S", "subpraefectus", "rome", "0208", commander="T"),
                      piece("R", "centuria", "rebels", "0801")])
    # S, a leader under T far from him, takes no morale test: leaders are not tested (CTA-MORALE)
    assert morale_triggers(b, lose(b, "G")) == [("C2", "G fell; outside T's range or sight (b)")]


def test_CTA_MORALE_b_leaders_under_a_fallen_superior_and_no_one_else():
    # T and G fell; U, a subpraefectus of another command, stands nearest to T: he is no replacement; T3, a
    # tribunus two levels under G (under T2), is
    pieces = [piece("H", "tribunus", "rome", "0101"), piece("G", "tribunus", "rome", "0808", commander="H",
                                                          alive=False),
              piece("T", "tribunus", "rome", "0404", commander="G", alive=False),
              piece("T2", "subpraefectus", "rome", "0708", commander="G"),
              piece("T3", "tribunus", "rome", "0405", commander="T2"),
              piece("U", "subpraefectus", "rome", "0403"),
              piece("C1", "centuria", "rome", "0406", commander="T"), piece("R", "centuria", "rebels", "0801")]
    b = battle(OPEN, pieces)
    assert b.replacement_for(b.piece("T")).id == "T3"
    no_t3 = b.with_piece(replace(b.piece("T3"), alive=False))
    assert no_t3.replacement_for(no_t3.piece("T")).id in ("H", "T2")
