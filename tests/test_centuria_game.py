"""Centuria as a whole battle under the game API (issue 15): scenarios, the round of the seed (CTA-1), the
countdown, end of battle, save/load, the computer opponent."""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import replace

import pytest

from centurion.centuria import CenturiaMove, move
from centurion.data import DataError, centuria_tables
from centurion.data.centuria_scenarios import load_centuria_battle
from centurion.game import IllegalAction, SaveError, bot_action, load, new_skirmish, scenarios
from centurion.game.centuria import (
    CenturiaSkirmish,
    CtaAttack,
    CtaEndPhase,
    CtaMove,
    CtaShoot,
    CtaTimeUp,
    centuria_scenarios,
)
from centurion.rules import Refusal

NAMES = ["centuria_farmstead", "centuria_ford_road"]


def test_scenarios_are_listed_and_dispatched():
    assert centuria_scenarios() == NAMES
    assert scenarios("centuria") == NAMES and scenarios() == [k for k in scenarios("all") if k not in NAMES]
    for name in NAMES:
        g = new_skirmish(name, seed=1)
        assert isinstance(g, CenturiaSkirmish) and g.system == "centuria"
        assert (g.turn, g.phase, g.active) == (1, "movement", g.sides[0]) and not g.over
    with pytest.raises(ValueError, match="system"):
        scenarios("chess")
    with pytest.raises(ValueError, match="VAR-"):
        new_skirmish("centuria_ford_road", variants=("VAR-RAM",))


def test_scenario_data_round_limit_countdown_and_sides():
    ford = new_skirmish("centuria_ford_road")
    farm = new_skirmish("centuria_farmstead")
    assert ford.scenario.round_limit == 9 and ford.time_limit_seconds is None  # edition 4; the countdown is off
    assert farm.time_limit_seconds == 240 and farm.scenario.postures["auxilia"] == "hold"
    assert farm.sides == ("legio", "auxilia") and farm.label("auxilia") == "Cohors II Gallorum"
    # every unit starts in command (directly or through the chain, CTA-CMD)
    for g in (ford, farm):
        assert set(g.command().values()) <= {"direct", "chain"}


def test_a_bad_battle_file_names_file_entry_and_field(tmp_path):
    text = (tmp_path / "x.yaml")
    good = open("data/scenarios/centuria/ford_road.yaml", encoding="utf-8").read()
    for bad, words in ((good.replace("round_limit: 9", "round_limit: 0"), "round_limit"),
                       (good.replace("round_limit: 9", "round_limit: many"), "round_limit"),
                       (good.replace("system: centuria", "system: chess"), "system")):
        text.write_text(bad, encoding="utf-8")
        with pytest.raises(DataError, match=words) as exc:
            load_centuria_battle(text, centuria_tables())
        assert "x.yaml" in str(exc.value)


# --- the round of the seed (CTA-1) ------------------------------------------------------------------------------

def first_move(g: CenturiaSkirmish) -> CtaMove:
    return next(a for a in g.legal_actions() if isinstance(a, CtaMove) and any(s[0] == "F" for s in a.steps))


def test_both_sides_move_in_one_movement_phase_one_unit_at_a_time():
    g = new_skirmish("centuria_ford_road", seed=2)
    a = first_move(g)
    g1 = g.apply(a)
    assert g1.phase == "movement" and g1.active == "rebels"  # the other side's turn, same phase
    with pytest.raises(IllegalAction) as exc:
        g1.apply(replace(a))  # Rome's unit again: not Rome's turn
    assert exc.value.rule == "CTA-1"
    g2 = g1.apply(CtaEndPhase())  # the rebels end their part: Rome moves on alone
    assert (g2.phase, g2.active) == ("movement", "rome")
    g3 = g2.apply(first_move(g2))
    assert (g3.phase, g3.active) == ("movement", "rome")
    g4 = g3.apply(CtaEndPhase())  # both done: one combat phase, the round's first side first
    assert (g4.turn, g4.phase, g4.active) == (1, "combat", "rome")
    g5 = g4.apply(CtaEndPhase()).apply(CtaEndPhase())
    assert (g5.turn, g5.phase, g5.active) == (2, "movement", "rebels")  # the sides take turns to start a round


def test_countdown_ends_the_phase_for_the_side_whose_time_it_is():
    farm = new_skirmish("centuria_farmstead", seed=3)
    assert CtaTimeUp() in farm.legal_actions()
    before = {p.id: (p.hex, p.facing) for p in farm.battle.pieces if p.side == "legio"}
    g = farm.apply(CtaTimeUp())
    assert (g.phase, g.active) == ("movement", "auxilia") and "legio" in g.battle.passed
    assert {p.id: (p.hex, p.facing) for p in g.battle.pieces if p.side == "legio"} == before  # they stay
    legio_unit = next(p.id for p in g.battle.living("legio") if not p.is_leader)
    with pytest.raises(IllegalAction, match="CTA-1"):
        g.apply(CtaMove(legio_unit, ("F",)))
    assert any("time is up" in line for line in g.log)
    ford = new_skirmish("centuria_ford_road")
    assert CtaTimeUp() not in ford.legal_actions()
    with pytest.raises(IllegalAction, match="no countdown"):
        ford.apply(CtaTimeUp())


def test_marked_units_take_rally_tests_at_the_start_of_a_round():
    g = new_skirmish("centuria_ford_road", seed=4)
    c = g.battle.piece("R-C2")
    g = replace(g, battle=g.battle.with_piece(replace(c, marker=1)))
    for _ in range(4):
        g = g.apply(CtaEndPhase())
    assert g.turn == 2
    assert any("rally test of R-C2" in line for line in g.log)


# --- legal actions are what apply accepts -------------------------------------------------------------------------

def test_legal_moves_are_every_reachable_end_state_oracle():
    g = new_skirmish("centuria_ford_road", seed=5)
    for unit in ("R-C2", "R-T1", "R-LEG", "R-B1"):
        listed = {a.steps for a in g.move_actions(unit)}
        assert all(not isinstance(move(g.battle, CenturiaMove(unit, st)), Refusal) for st in listed)
        ends = set()
        steps = ("F", "FL", "FR", "T0", "T1", "T2", "T3", "T4", "T5")
        for n in range(1, 5):
            for seq in itertools.product(steps, repeat=n):
                r = move(g.battle, CenturiaMove(unit, seq))
                if not isinstance(r, Refusal):
                    p = r[0].piece(unit)
                    ends.add((p.hex, p.facing))
        start = g.battle.piece(unit)
        ends.discard((start.hex, start.facing))
        got = set()
        for st in listed:
            p = move(g.battle, CenturiaMove(unit, st))[0].piece(unit)
            got.add((p.hex, p.facing))
        assert got == ends and len(listed) == len(ends), unit


def test_refused_actions_leave_the_state_unchanged():
    g = new_skirmish("centuria_ford_road", seed=6)
    text = g.to_json()
    for bad, rule in ((CtaMove("R-C2", ("F", "F", "F")), "CTA-MOVE"), (CtaAttack("R-C2", "B-C2"), "CTA-1"),
                      (CtaShoot("R-B1", "B-C2"), "CTA-1"), (CtaMove("NOBODY", ("F",)), "CTA-1"),
                      (CtaMove("B-C2", ("F",)), "CTA-1")):
        with pytest.raises(IllegalAction) as exc:
            g.apply(bad)
        assert exc.value.rule == rule
    assert g.to_json() == text and g.history == ()


def test_a_move_out_of_command_is_flagged_and_previews_only_for_real_attacks():
    g = new_skirmish("centuria_ford_road", seed=7)
    verdicts = {a.steps: g.command_after(a) for a in g.move_actions("R-T2")}
    assert "out" in verdicts.values() and "direct" in verdicts.values()  # the page can warn before confirming
    far = next(a for a in g.move_actions("R-T2") if verdicts[a.steps] == "out")
    after = g.apply(far)
    assert after.command()["R-T2"] == "out"  # the warning was right
    assert g.command_after(CtaMove("R-T2", ("F", "F", "F", "F", "F"))) is None  # not legal: no verdict
    assert g.preview(CtaAttack("R-C2", "B-C2")) is None  # not adjacent, not the combat phase


# --- whole battles, end of battle, saving -------------------------------------------------------------------------

@functools.cache
def bot_battle(name: str, seed: int) -> tuple[tuple[tuple[CenturiaSkirmish, object], ...], CenturiaSkirmish]:
    """The whole battle of `name` and `seed`, the computer (its default level) on both sides: each state with the
    action it chose there, and the final state. Played once for this module: the whole-battle test and the
    computer's test below read the same game of ford_road seed 1 (a state is not changed by `apply`), on edition 4,
    the set-up they were written on (session 48: edition 5's game of seed 1 leaves 7 of 48 moved units out of command
    at a phase's end, most of them beside an enemy; seeds 0-11 leave 54 of 698, 7.7 %, against 79 of 771, 10.2 %, on
    edition 4, so the bound below is one game's, not a rate every game keeps)."""
    g = new_skirmish(name, seed=seed)
    steps = []
    while not g.over:
        a = bot_action(g)
        steps.append((g, a))
        g = g.apply(a)
        assert len(steps) < 2000
    return tuple(steps), g


@pytest.mark.parametrize("name,seed", [("centuria_ford_road@4", 1), ("centuria_farmstead", 2)])
def test_whole_battle_bot_against_bot_and_save_load(name, seed):
    steps, end = bot_battle(name, seed)
    kinds = set()
    saved_midway = None
    for (g, a), after in zip(steps, [*(s for s, _a in steps[1:]), end]):
        assert a in g.legal_actions()
        if isinstance(a, (CtaAttack, CtaShoot)):
            assert g.preview(a) is not None  # a real attack has its odds; see the refused preview below
        kinds.add(a.kind)
        if saved_midway is None and after.turn == 2:
            saved_midway = after
        assert len(after.history) < 2000
    g = end
    r = g.result
    assert g.phase == "over" and g.active is None and g.legal_actions() == []
    assert r.winner in (*g.sides, None) and r.level in ("decisive", "substantive", "marginal", "draw")
    # a side scores the enemy units removed, leaders not counted: counted here from the pieces (T3)
    removed = {side: sum(1 for p in g.battle.pieces if p.side == side and not p.is_leader and not p.alive)
               for side in g.sides}
    assert r.points == {g.sides[0]: removed[g.sides[1]], g.sides[1]: removed[g.sides[0]]}
    assert sum(removed.values()) > 0
    assert {"cta_move", "cta_end_phase"} <= kinds and kinds & {"cta_attack", "cta_shoot"}
    assert r.reason in g.log[-1] and (g.lost(g.sides[0]) or g.lost(g.sides[1]) or "rounds are fought" in r.reason)
    with pytest.raises(IllegalAction):
        g.apply(CtaEndPhase())
    for state in (saved_midway, g):
        back = load(state.to_json(), "battle.json")
        assert back.to_json() == state.to_json() and back.battle == state.battle and back.log == state.log
        assert back.result == state.result


def test_end_of_battle_rules():
    g = new_skirmish("centuria_ford_road", seed=8)
    b = g.battle
    no_leaders = replace(b, pieces=tuple(replace(p, alive=False) if p.is_leader and p.side == "rebels" else p
                                         for p in b.pieces))
    out = replace(g, battle=no_leaders)._victory_check()
    assert out.result.winner == "rome" and "every leader" in out.result.reason
    broken = replace(b, pieces=tuple(replace(p, marker=2) if not p.is_leader and p.side == "rome" else p
                                     for p in b.pieces))
    out = replace(g, battle=broken)._victory_check()
    assert out.result.winner == "rebels" and "removed, fled or dissolving" in out.result.reason
    # after the last round: fewer losses wins; the level by victory_level on units removed (4 to 1: decisive)
    dead = {"B-C1", "B-C2", "B-C3", "B-C4", "R-C1"}
    last = g.scenario.round_limit  # the scenario's (9 in edition 4)
    late = replace(b, round=last + 1, pieces=tuple(replace(p, alive=False) if p.id in dead else p for p in b.pieces))
    out = replace(g, battle=late)._victory_check()
    assert (out.result.winner, out.result.level, out.result.points) == ("rome", "decisive", {"rome": 4, "rebels": 1})
    even = replace(b, round=last + 1, pieces=tuple(replace(p, alive=False) if p.id in {"B-C1", "R-C1"} else p
                                            for p in b.pieces))
    assert replace(g, battle=even)._victory_check().result.winner is None


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.update(version=7), "version"),
    (lambda d: d.update(scenario="centuria_nowhere"), "scenario"),
    (lambda d: d["actions"].append({"kind": "cta_move", "unit": "R-C2", "steps": ["F", "F", "F"]}), "not legal"),
    (lambda d: d["actions"].append({"kind": "cta_move", "unit": "R-C2", "steps": ["X"]}), "steps"),
    (lambda d: d["actions"].append({"kind": "fire", "unit": "R-B1"}), "unknown kind"),
    (lambda d: d["actions"].append({"kind": "cta_end_phase", "evil": 1}), "unknown field"),
    (lambda d: d.update(seed="1"), "seed"),
    (lambda d: d.update(variants=["VAR-RAM"]), "variants"),
    (lambda d: d.update(extra=[1] * 5), "unknown field"),
])
def test_hostile_or_damaged_saves_are_refused_whole(mutate, words):
    g = new_skirmish("centuria_ford_road", seed=9)
    g = g.apply(first_move(g))
    data = json.loads(g.to_json())
    mutate(data)
    with pytest.raises(SaveError, match=words):
        load(json.dumps(data), "evil.json")


def test_save_through_the_upload_guard():
    with pytest.raises(SaveError):
        load(b'{"format": "centurion-skirmish", "system": "centuria", ' + b'[' * 5000, "deep.json")
    with pytest.raises(SaveError, match="UTF-8"):
        load(b"\xff\xfe{", "bin.json")


@pytest.mark.parametrize("name", NAMES)
def test_random_legal_play_never_refused_and_replays(name):
    import random

    rng = random.Random(11)
    g = new_skirmish(name, seed=12)
    for _ in range(160):
        if g.over:
            break
        acts = g.legal_actions()
        assert acts and CtaEndPhase() in acts
        real = [a for a in acts if not isinstance(a, (CtaEndPhase, CtaTimeUp))]
        g = g.apply(rng.choice(real) if real and rng.random() < 0.85 else CtaEndPhase())
        for p in g.battle.pieces:
            assert 0 <= p.marker <= 3 and p.hex in g.battlemap
        hexes = [(p.hex, p.is_leader) for p in g.battle.pieces if p.alive]
        assert len(hexes) == len(set(hexes))  # one unit and one leader a hex at most
    assert load(g.to_json()).battle == g.battle
    with pytest.raises(IllegalAction, match="CTA-MOVE"):
        new_skirmish(name).apply(CtaMove(new_skirmish(name).battle.pieces[0].id, ()))


# --- the computer opponent ---------------------------------------------------------------------------------------

def test_bot_keeps_command_attacks_on_favourable_odds_and_uses_engines():
    steps, end = bot_battle("centuria_ford_road@4", 1)  # the game of the whole-battle test above
    moves = outs = 0
    moved: set[str] = set()
    used = set()
    for (g, a), after in zip(steps, [*(s for s, _a in steps[1:]), end]):
        if isinstance(a, CtaMove) and not g.battle.piece(a.unit).is_leader:
            moved.add(a.unit)  # in command or gone ahead of its leader, who may still follow this phase
        if g.phase == "movement" and after.phase != "movement":  # the phase's end: who stands out of command now
            status = after.battle.command(centuria_tables())
            moves += len(moved)
            outs += sum(1 for u in moved if status.get(u) == "out" and after.battle.piece(u).alive)
            moved = set()
        if isinstance(a, CtaAttack):
            ex = g.preview(a)
            assert ex.defender_falls >= ex.attacker_falls  # only where the exact odds favour it
        used.add(a.kind)
    assert moves >= 10 and outs <= moves // 10  # CTA-CMD: out of command, no move and no attack next round
    assert "cta_shoot" in used


def test_the_veteran_sends_a_unit_ahead_and_its_leader_follows():
    """CTA-CMD holds at the start of a move: a unit may leave its leader's radius if he follows it in the same phase.
    The veteran's first movement phase of ford_road seed 1 sends R-T1 three hexes ahead of R-PA (out of command as
    it stands), R-PA goes after it, and when the phase ends every Roman unit is in command (the rules' own
    `command`); the novice does not count on a leader who has yet to move."""
    from centurion.game.centuria_bot import LEVELS, _score, _View, end_of

    tables = centuria_tables()
    g = new_skirmish("centuria_ford_road", seed=1)
    rome: list[tuple[CtaMove | CtaEndPhase, str | None]] = []
    s = g
    while s.phase == "movement":
        a = bot_action(s, "veteran")
        if s.active == "rome":
            rome.append((a, s.command_after(a) if isinstance(a, CtaMove) else None))
        s = s.apply(a)
    ahead = [a.unit for a, status in rome if status == "out"]
    assert ahead == ["R-T1"]
    from centurion.game import bot_decision

    assert bot_decision(g, "veteran").reason.endswith(  # its reason
        "out of command unless R-PA, yet to move, comes within reach (CTA-CMD)")
    order = [a.unit for a, _status in rome if isinstance(a, CtaMove)]
    assert order.index("R-PA") > order.index("R-T1")
    assert all(st != "out" for q, st in s.battle.command(tables).items() if q.startswith("R-"))
    s = g
    while s.phase == "movement":
        a = bot_action(s, "novice")
        assert s.active != "rome" or not isinstance(a, CtaMove) or s.command_after(a) != "out"
        s = s.apply(a)
    # the same move weighed: not held back while R-PA may follow; held back as the novice holds it once he has moved
    v, t1 = _View(g), g.battle.piece("R-T1")
    move = next(a for a, _status in rome if a.unit == "R-T1")
    h, f = end_of(t1, move)
    veteran, careful = LEVELS["veteran"], replace(LEVELS["veteran"], follows=False)
    assert v.command_lost(t1, h) == 1
    assert _score(v, t1, h, f, veteran) > _score(v, t1, h, f, careful)
    gone = replace(g, battle=replace(g.battle, moved=frozenset({"R-PA"})))
    gv = _View(gone)
    assert _score(gv, t1, h, f, veteran) == _score(gv, t1, h, f, careful)


def test_bot_faces_the_enemy_and_brings_up_reserves_first():
    from centurion.game.centuria_bot import LEVELS, _score, _View
    from centurion.hexgrid import parse_label

    g = new_skirmish("centuria_ford_road", seed=1)
    close = replace(g, battle=g.battle.placed("B-C2", "0606", 3))  # a rebel centuria two hexes ahead of R-C2
    cv = _View(close)
    c = close.battle.piece("R-C2")  # faces north, towards it
    veteran = LEVELS["veteran"]
    assert _score(cv, c, c.hex, 0, veteran) > _score(cv, c, c.hex, 2, veteran) > _score(cv, c, c.hex, 3, veteran)
    v = _View(g)
    near = g.battle.piece("R-C3")
    ahead = move(g.battle, CenturiaMove("R-C3", ("FL",)))[0].piece("R-C3").hex  # one hex towards the rebels, beside R-C2
    gains = {}
    for front in (v.front, 1):  # with the fight close by (front 1), a unit far behind is a reserve
        v.front = front
        gains[front] = _score(v, near, ahead, 0, veteran) - _score(v, near, near.hex, 0, veteran)
    assert max(gains.values()) > 0 and gains[1] > gains[max(gains)]  # closing pays; reserves close first
    hold = new_skirmish("centuria_farmstead", seed=1).apply(CtaEndPhase())  # the auxilia (posture hold) to move
    hv = _View(hold)
    aux = hold.battle.piece("A-C1")
    assert hv.hold and _score(hv, aux, aux.hex, 3, LEVELS["veteran"]) >= _score(
        hv, aux, parse_label("0605"), 3, LEVELS["veteran"])  # a holding side stays in its buildings


def test_the_centuria_computer_ignores_the_clock(monkeypatch):
    import centurion.game.centuria_bot as bot_module

    def battle():
        s = new_skirmish("centuria_ford_road", seed=2)
        for _ in range(40):
            if s.over:
                break
            s = s.apply(bot_action(s, "veteran"))
        return s

    first = battle()
    ticks = itertools.count(0, 1000.0)  # every look at the clock 1000 s later: a budget would cut the search
    monkeypatch.setattr(bot_module.time, "perf_counter", lambda: next(ticks))
    assert battle().history == first.history
