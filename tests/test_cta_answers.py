"""The Centuria elite's look ahead (session 47, issue 25 item 2): each of its four best moves is weighed against the
enemy's best answer to it, the sides moving one piece at a time (CTA-1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from centurion.centuria import exchange
from centurion.game import bot_action, bot_trace
from centurion.game import centuria_bot as cb
from centurion.game.bot_reasons import bot_decision
from centurion.game.centuria import CtaMove
from centurion.game.save import load
from centurion.hexgrid import distance, format_label, parse_label

POSITION = Path(__file__).parent / "fixtures" / "positions" / "centuria_ford_road_seed3_answer.json"


def _position():
    """Ford road seed 3, round 4: the elite's Rome against the veteran's rebels, Rome to move (saved at the decision
    where the elite without its look ahead sends its legatus forward to 1107)."""
    g = load(POSITION.read_text())
    assert (g.active, g.phase, g.battle.round) == ("rome", "movement", 4)
    return g


def test_CTA_1_the_elite_does_not_make_the_move_whose_answer_falls_its_legatus(monkeypatch):
    """Without the look ahead the elite's best move is R-LEG to 1107 (he brings units back into command, CTA-CMD);
    the veteran's answer is then the rebel turma B-T2 to a hex beside him, from where the rules' exchange fells him
    (CTA-COMBAT), and his fall idles the ballista's crew (CTA-MORALE c). With it, the elite moves another piece."""
    g = _position()
    greedy = replace(cb.LEVELS["elite"], answers=0)
    with monkeypatch.context() as m:
        m.setitem(cb.LEVELS, "elite", greedy)
        forward = bot_action(g, "elite")
    assert isinstance(forward, CtaMove) and forward.unit == "R-LEG"
    after = g.apply(forward)
    legatus = after.battle.piece("R-LEG")
    assert format_label(legatus.hex) == "1107"
    answer = bot_action(after, "veteran")  # the rebels' own decision, through the public API
    assert isinstance(answer, CtaMove) and answer.unit == "B-T2"
    attacked = after.apply(answer)
    turma = attacked.battle.piece("B-T2")
    assert distance(turma.hex, legatus.hex) == 1
    assert exchange(attacked.battle, "B-T2", "R-LEG").defender_falls > 0
    chosen = bot_action(g, "elite")
    assert chosen != forward and chosen.unit != "R-LEG"
    assert bot_action(g, "elite") == chosen  # deterministic: a move rolls no dice (CTA-MOVE)


def test_CTA_1_each_weighed_move_is_its_gain_less_the_veterans_best_answer():
    """The notes of the elite's decision: its four best moves by their gain, each scored as that gain less the gain
    of the veteran's best answer in the state the move leaves, read here from the veteran's own decision there (its
    chosen move, its end hex, its score); the elite makes the best of them; the Why? says the answer."""
    g = _position()
    with bot_trace.traced() as notes:
        chosen = bot_action(g, "elite")
    weighed = [n for n in notes if n.kind == "cta_move"]
    assert len(weighed) == cb.LEVELS["elite"].answers == 4
    gains = [n.data["gain"] for n in weighed]
    assert gains == sorted(gains, reverse=True)
    for n in weighed:
        after = g.apply(n.action)
        answer = bot_decision(after, "veteran")
        assert isinstance(answer.action, CtaMove)
        unit, end, gain = n.data["answer"]
        assert unit == answer.action.unit
        assert end == after.apply(answer.action).battle.piece(unit).hex
        assert gain == pytest.approx(answer.alternatives[0].score, abs=5e-4)
        assert n.score == pytest.approx(n.data["gain"] - gain)
    best = max(weighed, key=lambda n: n.score)
    assert chosen == best.action
    d = bot_decision(g, "elite")
    unit, end, gain = best.data["answer"]
    assert d.alternatives[0].action == chosen
    assert d.alternatives[0].reason.endswith(f"; after it the enemy's best move, {unit} to {format_label(end)}, would "
                                             f"gain the enemy {gain:+.2f}: {best.score:+.2f} in all")
    forward = next(n for n in weighed if n.action.unit == "R-LEG" and n.data["end"][0] == parse_label("1107"))
    assert forward.data["answer"][0] == "B-T2" and forward.score < best.score


def test_a_spent_budget_leaves_out_the_look_ahead():
    """`budget` caps a decision in seconds (the pages do not set one): once it is spent the elite makes its best
    move by its gain alone, a legal one, and weighs no answer."""
    from centurion.game.centuria_bot import centuria_bot_action

    g = _position()
    with bot_trace.traced() as notes:
        action = centuria_bot_action(g, "elite", budget=0.0)
    assert action in g.legal_actions()
    assert notes and not any("answer" in n.data for n in notes)
    with bot_trace.traced() as notes:
        centuria_bot_action(g, "elite")
    assert all("answer" in n.data for n in notes if n.kind == "cta_move")
