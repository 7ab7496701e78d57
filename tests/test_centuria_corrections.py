"""Corrections found in review of the Centuria engine (issue 15, item 5), one named test each, with numbers.

RULES.md CTA-1, CTA-MOVE and CTA-MORALE (updated) against seed 003.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from centurion.centuria import (
    CenturiaMove,
    attack,
    exchange,
    fire,
    fire_refusal,
    flee_path,
    morale_test,
    morale_triggers,
    move,
    movement_value,
    rally_phase,
    shot,
)
from centurion.dice import Dice
from centurion.hexgrid import format_label, neighbor, parse_label
from centurion.rules import Refusal
from tests.test_centuria import OPEN, T, battle, battles, piece, steps


def artillery(target_terrain: str = "g", engine_terrain: str = "g", **engine_kw):
    rows = [list(r) for r in OPEN]
    rows[0][3] = target_terrain  # 0401: the target's hex
    rows[5][3] = engine_terrain  # 0406: the ballista's hex
    rows[5][4] = engine_terrain  # 0506: the tormentum's hex
    return battle(["".join(r) for r in rows], [
        piece("L", "centurio ballista", "rome", "0408"),  # no attack or defence modifier (CTA-2)
        piece("B", "ballista", "rome", "0406", commander="L", **engine_kw),
        piece("TO", "tormentum", "rome", "0506", commander="L", **engine_kw),
        piece("S", "centuria", "rome", "0405", commander="L"),
        piece("K", "legatus", "rebels", "0808"),
        piece("X", "centuria", "rebels", "0401", 3, commander="K")], phase="combat")


def test_idle_dissolving_and_fleeing_engines_do_not_shoot():
    assert fire_refusal(artillery(), "B", "X") is None
    for marker, word in ((1, "idle"), (2, "dissolving"), (3, "fleeing")):
        b = artillery(marker=marker)
        r = fire_refusal(b, "B", "X")
        assert isinstance(r, Refusal) and r.rule == "CTA-MORALE" and word in r.reason
        assert isinstance(fire(b, "B", "X", Dice.scripted([20])), Refusal)  # and the shot itself is refused


def test_ziel_road_rows_apply_to_the_targets_hex():
    on_road = artillery(target_terrain="r")
    assert shot(on_road, "B", "X").value == 13  # ballista 6 + centuria 9, (Ziel) -1 -1
    assert shot(on_road, "TO", "X").value == 10  # tormentum 4 + 9, (Ziel) -1 -2
    assert shot(artillery(), "B", "X").value == 15 and shot(artillery(), "TO", "X").value == 13
    engines_on_road = artillery(engine_terrain="r")  # the row is about the target: an engine on a road gains nothing
    assert shot(engines_on_road, "B", "X").value == 15 and shot(engines_on_road, "TO", "X").value == 13
    after, events = fire(on_road, "B", "X", Dice.scripted([14]))
    assert events[0].rolls[0].target == 13 and events[0].rolls[0].success and not after.piece("X").alive


def test_artillery_preview_and_shot_use_the_same_terms():
    b = replace(artillery(), pieces=tuple(replace(p, type="legatus") if p.id == "L" else p for p in artillery().pieces))
    preview = exchange(b, "B", "X")
    assert preview.attack == shot(b, "B", "X")
    assert preview.attack.value == 6 + 9 - 2  # the legatus commands the ballista: attack -2 in both
    assert any("legatus" in t.label for t in preview.attack.terms)
    assert preview.attacker_falls == 0  # a shot has no counter roll
    _after, events = fire(b, "B", "X", Dice.scripted([12]))
    roll = events[0].rolls[0]
    assert roll.target == preview.attack.value == 13 and roll.probability == preview.attack.p_success == Fraction(7, 20)
    assert attack(b, "B", "X", Dice.scripted([20, 20])).rule == "CTA-ART"  # an engine shoots, it does not close


def test_terrain_changes_the_movement_value_not_the_price_of_a_hex():
    fields = battle(["gggggggg", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "gggggggg", "gggggggg",
                     "gggggggg"], [piece("PA", "praefectus alae", "rome", "0407"),
                                   piece("T", "turma", "rome", "0406", commander="PA")])
    t = fields.piece("T")
    assert movement_value(fields, t, [t.hex, parse_label("0405")]) == 3  # turma 4, field -1
    ok = move(fields, CenturiaMove("T", ("F", "F", "F")))
    assert not isinstance(ok, Refusal) and format_label(ok[0].piece("T").hex) == "0403"
    four = move(fields, CenturiaMove("T", ("F", "F", "F", "F")))
    assert isinstance(four, Refusal) and "has 3" in four.reason  # not 1 + 1 a field hex (the old surcharge)
    trees = battle(["gggggggg", "tttttttt", "tttttttt", "tttttttt", "tttttttt", "gggggggg", "gggggggg",
                    "gggggggg"], [piece("PA", "praefectus alae", "rome", "0406"),
                                  piece("S", "singulares", "rome", "0405", commander="PA")])
    two = move(trees, CenturiaMove("S", ("F", "F")))  # singulares 4, trees -2: 2 hexes
    assert not isinstance(two, Refusal) and format_label(two[0].piece("S").hex) == "0403"
    assert "has 2" in move(trees, CenturiaMove("S", ("F", "F", "F"))).reason
    assert movement_value(trees, trees.piece("S"), [parse_label("0406")]) == 4  # grass only: the full value


def test_any_passed_morale_test_restores_the_unit():
    for marker in (1, 2):
        b = battle(OPEN, [piece("L", "legatus", "rome", "0404"),
                          piece("C", "centuria", "rome", "0405", commander="L", marker=marker)])
        passed, _ = morale_test(b, "C", Dice.scripted([20]), "a test in battle")  # not a rally: still restores
        assert passed.piece("C").marker == 0


def test_failed_rally_leaves_the_markers():
    for marker in (1, 2):
        b = battle(OPEN, [piece("L", "legatus", "rome", "0404"),
                          piece("C", "centuria", "rome", "0405", commander="L", marker=marker)])
        failed, events = rally_phase(b, "rome", Dice.scripted([1]))
        assert failed.piece("C").marker == marker and "fails" in events[0].text
    b = battle(OPEN, [piece("L", "legatus", "rome", "0404"), piece("C", "centuria", "rome", "0405", commander="L")])
    assert morale_test(b, "C", Dice.scripted([1]), "a test in battle")[0].piece("C").marker == 1


def test_trigger_b_uses_range_and_sight_to_the_new_leader():
    rows = ["gggggggg", "gggggggg", "gggggggg", "gggtgggg", "gggggggg", "gggggggg", "gggggggg", "gggggggg"]
    lead = piece("L", "praefectus coh", "rome", "0101")
    sub = piece("S", "subpraefectus", "rome", "0405", commander="L")
    near = piece("N", "centuria", "rome", "0505", commander="L")  # in range 1, in sight
    hidden = piece("H", "centuria", "rome", "0403", commander="L")  # in range 2, behind the trees at 0404
    b = battle(rows, [lead, sub, near, hidden])
    trig = dict(morale_triggers(b, b.with_piece(replace(lead, alive=False))))
    assert "H" in trig and "(b)" in trig["H"] and "N" not in trig


def test_replacement_is_the_nearest_eligible_leader_of_the_formation():
    lead = piece("L", "praefectus coh", "rome", "0404")
    far_sub = piece("S1", "subpraefectus", "rome", "0808", commander="L")
    near_sub = piece("S2", "subpraefectus", "rome", "0406", commander="L")
    stranger = piece("TR", "tribunus", "rome", "0405")  # next to L, but not in his chain of command
    units = [piece("C", "centuria", "rome", "0504", commander="L")]
    b = battle(OPEN, [lead, far_sub, near_sub, stranger, *units])
    fallen = b.with_piece(replace(lead, alive=False))
    assert fallen.replacement_for(fallen.piece("L")).id == "S2"
    assert fallen._leader_of(fallen.piece("C")).id == "S2"
    alone = battle(OPEN, [lead, stranger, *units]).with_piece(replace(lead, alive=False))
    assert alone.replacement_for(alone.piece("L")) is None  # the tribunus of another formation does not take over
    assert dict(morale_triggers(battle(OPEN, [lead, stranger, *units]), alone))["C"].endswith("(c)")


def test_fleeing_unit_makes_every_unit_it_passes_next_to_or_ends_beside_test():
    lead = piece("L", "praefectus coh", "rome", "0101")
    c = piece("C", "centuria", "rome", "0404", 0, commander="L", marker=2)  # flees south: 0405, 0406
    passed_friend = piece("F", "centuria", "rome", "0305", commander="L")  # next to 0405 only (passed)
    enemy = piece("E", "centuria", "rebels", "0507", commander="K")  # next to 0406 (where C ends)
    far = piece("Z", "centuria", "rome", "0801", commander="L")
    b = battle(OPEN, [lead, piece("K", "legatus", "rebels", "0808"), c, passed_friend, enemy, far])
    assert [format_label(h) for h in flee_path(b, b.piece("C"))] == ["0405", "0406"]
    after, events = morale_test(b, "C", Dice.scripted([1, 20, 20]), "test")
    tested = {e.text.split()[0] for e in events if "touched by the fleeing C" in e.text}
    assert tested == {"F", "E"}  # both sides; Z is nowhere near
    assert after.piece("C").marker == 3


def test_direct_command_counts_the_leaders_who_may_command_the_unit():
    top = piece("LEG", "legatus", "rome", "0101")
    own = piece("P1", "praefectus coh", "rome", "0808", commander="LEG")
    other = piece("P2", "praefectus coh", "rome", "0406", commander="LEG")  # next to C, other formation
    c = piece("C", "centuria", "rome", "0405", commander="P1")
    enemy = piece("X", "centuria", "rebels", "0404", 3, commander="K")
    pieces = [top, own, other, c, enemy, piece("K", "legatus", "rebels", "0801")]
    b = battle(OPEN, pieces)
    assert b.command()["C"] == "out"  # P2 may not command C; P1 and the legatus are too far
    assert move(b, CenturiaMove("C", ("FL",))).rule == "CTA-CMD"
    cb = replace(b, phase="combat")
    assert attack(cb, "C", "X", Dice.scripted([20, 20])).rule == "CTA-CMD"
    assert cb.best_leader(cb.piece("C"), "attack") is None  # and no bonus from P2 either
    near_top = b.with_piece(replace(top, hex=parse_label("0406"))).with_piece(replace(other, hex=parse_label("0801")))
    assert near_top.command()["C"] == "direct"  # the legatus, above P1, may command C
    assert near_top.best_leader(near_top.piece("C"), "attack") == "legatus"
    assert not isinstance(move(near_top, CenturiaMove("C", ("FL",))), Refusal)
    assert exchange(replace(near_top, phase="combat"), "C", "X").attack.value == 6 + 9 - 2


def test_die_size_and_engine_ranges_are_read_from_the_data():
    units = dict(T.units)
    units["ballista"] = replace(units["ballista"], action_radius=3)
    tables = replace(T, units=MappingProxyType(units), die_sides=12)
    b = artillery()
    r = fire_refusal(b, "B", "X", tables)  # X is 5 hexes away
    assert isinstance(r, Refusal) and "reaches 3" in r.reason
    assert fire_refusal(b, "B", "X") is None  # the shipped data: 5
    t12 = shot(b, "TO", "X", tables)
    assert t12.sides == 12 and t12.value == 13 and t12.p_success == 0  # 4 + 9 on a d12 cannot be beaten
    ex = exchange(replace(b, phase="combat"), "S", "X", tables)
    assert ex.attack.sides == 12 and ex.attack.value == 15 and ex.attack.p_success == 0
    dice = Dice.scripted([11])
    moved = b.with_piece(replace(b.piece("X"), hex=parse_label("0403")))
    _after, events = fire(moved, "B", "X", dice, tables)
    assert dice.log[0].die == "d12" and events[0].rolls[0].probability == Fraction(0)


# --- property: a legal move never spends more than the movement value of the hexes it crosses (CTA-MOVE) -----------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.data())
def test_a_legal_move_stays_within_the_movement_value_of_its_hexes(b, data):
    uid = data.draw(st.sampled_from([p.id for p in b.pieces]))
    plan = data.draw(steps)
    r = move(b, CenturiaMove(uid, plan))
    if isinstance(r, Refusal):
        return
    p = b.piece(uid)
    here, facing, spent, through = p.hex, p.facing, 0, [p.hex]
    for s in plan:
        if s.startswith("T"):
            new = int(s[1:]) % 6
            spent += 0 if new == facing else (2 if (new - facing) % 6 == 3 else 1)
            facing = new
        else:
            here = neighbor(here, {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[s])
            through.append(here)
            spent += 1
    value = movement_value(b, p, through)
    assert 1 <= value <= 4 and spent <= value
    assert r[0].piece(uid).hex == here and r[0].piece(uid).facing == facing


def test_walk_s28_the_command_line_names_the_leader_who_holds_the_unit():
    """Walk of session 28 (chapter 10): with R-PC1 moved 8 hexes away, R-C3 stayed in command through the legatus,
    yet the panel said "within R-PC1's action radius" and the map drew R-PC1's sight lines. CTA-CMD: a unit is in
    command within the radius and sight of a leader who may command it; the panel names those leaders."""
    from dataclasses import replace

    from centurion.data import centuria_tables
    from centurion.game import new_skirmish
    from centurion.hexgrid import distance
    from centurion.widgets.centuria_panels import piece_panel_html

    t = centuria_tables()
    b = new_skirmish("centuria_ford_road", seed=1).battle
    c3, pc1, leg = b.piece("R-C3"), b.piece("R-PC1"), b.piece("R-LEG")
    far = max((h for h in b.map.hexes if not b.at(h)), key=lambda h: (distance(h, c3.hex), h))
    assert distance(far, c3.hex) > t.units[pc1.type].action_radius
    moved = replace(b, pieces=tuple(replace(p, hex=far) if p.id == pc1.id else p for p in b.pieces))
    assert moved.command(t)["R-C3"] == "direct" and [q.id for q in moved.covering(moved.piece("R-C3"), t)] == [leg.id]
    panel = piece_panel_html(moved, t, "R-C3", [])
    assert "within R-LEG's action radius" in panel and "R-PC1" not in panel
