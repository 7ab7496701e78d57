"""Issue 25, item 4: every computer decision says why, and the Skirmish page shows the best three options it weighed.

Expected values come from the position: the end hex's terrain from the scenario's map and the Terrain Effects
Table (data/terrain.yaml, CEN-TER-1), the expected hits from the engine's own fire plan after the move is made
(`attack_set`, to-hit chances, CEN-CMB-1), the Centuria odds from `exchange` (CTA-COMBAT), never from the reason
code.
"""

from __future__ import annotations

import html
from fractions import Fraction

import pytest

from centurion.data import terrain_table
from centurion.game import Move, bot_action, new_skirmish
from centurion.hexgrid import format_label
from centurion.rules.targets import TO_HIT_KIND

VILLAGE_MOVE = 4  # village, seed 0, veteran for both sides: the 5th decision is T22's move into the buildings


def _village(n: int = VILLAGE_MOVE):
    s = new_skirmish("village", seed=0)
    for _ in range(n):
        s = s.apply(bot_action(s, "veteran"))
    return s


def _hits(state, firer_key: str, target_key: str) -> float:
    """Expected hits of the engine's fire plan (each shot's exact chance to do damage, CEN-CMB-1)."""
    plan = state.attack_set(state.vehicle(firer_key), target_key)
    if plan is None:
        return 0.0
    return float(sum(state.rules.damage_chance(a.to_hit, weapon=TO_HIT_KIND[a.family]) for a in plan.attacks))


@pytest.fixture(scope="module")
def village_move():
    from centurion.game.bot_reasons import bot_decision

    s = _village()
    return s, bot_decision(s, "veteran")


def test_I25_4_move_reason_names_the_end_terrain_and_the_numbers_it_was_chosen_on(village_move):
    s, d = village_move
    assert s.phase == "movement" and isinstance(d.action, Move)
    after = s.apply(d.action)
    me = after.vehicle(d.action.unit)
    cell = s.battlemap.hexes[me.hex]
    row = terrain_table()[cell.terrain]
    assert cell.terrain == "building" and row.combat_modifier == -2  # the village's buildings: cover
    assert d.reason.startswith(f"{me.key} to {format_label(me.hex)}: ")
    assert row.label.lower() in d.reason and "-2" in d.reason
    enemies = after.live_vehicles(after.other(me.side))
    dealt = {e.key: _hits(after, me.key, e.key) for e in enemies}
    target = max(dealt, key=dealt.get)
    assert dealt[target] > 0
    assert f"{dealt[target]:.2f} hits dealt on {target}" in d.reason
    taken = sum(_hits(after, e.key, me.key) for e in enemies)  # every enemy's plan on it where it stands
    assert taken > 0
    assert f"{taken:.2f} expected against it" in d.reason
    resolved = s.resolve_move(me.key, d.action.move)
    assert resolved.checks == () and resolved.grounding_damage == 0  # no piloting roll, no grounding damage
    assert "no risk to itself" in d.reason


def test_I25_4_three_alternatives_sorted_by_score_the_chosen_one_first(village_move):
    s, d = village_move
    assert d.action == bot_action(s, "veteran")  # the decision is the bot's, unchanged
    assert len(d.alternatives) == 3
    scores = [a.score for a in d.alternatives]
    assert scores == sorted(scores, reverse=True)
    assert d.alternatives[0].action == d.action and d.alternatives[0].reason == d.reason
    assert len({a.action for a in d.alternatives}) == 3
    for a in d.alternatives:
        assert s.is_legal(a.action) and a.text == s.describe(a.action) and a.reason


def test_I25_4_paint_reason_names_the_target_its_odds_and_the_friends_it_paints_for():
    from centurion.game.bot_reasons import bot_decision

    s = new_skirmish("meeting", seed=0)
    while s.phase != "painting" or s.active != "renegade":
        s = s.apply(bot_action(s, "veteran" if s.active == "renegade" else "novice"))
    d = bot_decision(s, "veteran")
    a = d.action
    att = s.paint_attempt(a.unit, a.target)
    chance = att.to_hit.chance
    assert isinstance(chance, Fraction) and 0 < chance < 1
    friends = [v.key for v in s.live_vehicles("renegade") if v.key != a.unit
               and s.attack_set(v, a.target) is not None]
    assert friends
    assert d.reason == f"{a.unit} paints {a.target} (chance {chance}) for {' and '.join(friends)}"


def test_I25_4_same_seed_same_reasons():
    from centurion.game.bot_reasons import bot_decision

    first = bot_decision(_village(), "veteran")
    again = bot_decision(_village(), "veteran")
    assert first == again
    assert [(a.text, a.score, a.reason) for a in first.alternatives] == \
           [(a.text, a.score, a.reason) for a in again.alternatives]
    novice = new_skirmish("meeting", seed=3)
    assert bot_decision(novice, "novice") == bot_decision(new_skirmish("meeting", seed=3), "novice")


def test_I25_4_the_log_line_of_the_decision_carries_the_reason(village_move):
    from centurion.game.bot_reasons import explained

    s, d = village_move
    after = s.apply(d.action)
    told = explained(s, after, d)
    line = told.log[len(s.log)]
    assert line.startswith(after.log[len(s.log)]) and line.endswith(f"why: {d.reason}")
    assert told == after and told.log[len(s.log) + 1:] == after.log[len(s.log) + 1:]  # only the record changes
    assert explained(s, s.apply(d.alternatives[1].action), d).log == s.apply(d.alternatives[1].action).log


def test_I25_4_a_centuria_decision_has_a_reason():
    from centurion.centuria import exchange
    from centurion.game.bot_reasons import bot_decision
    from centurion.game.centuria import CtaAttack, CtaMove
    from centurion.hexgrid import neighbor

    s = new_skirmish("centuria_ford_road", seed=1)
    d = bot_decision(s, "veteran")
    assert isinstance(d.action, CtaMove) and d.action == bot_action(s, "veteran")
    p = s.battle.piece(d.action.unit)
    here, facing = p.hex, p.facing  # the steps followed on the map (CTA-MOVE)
    for st in d.action.steps:
        if st.startswith("T"):
            facing = int(st[1])
        else:
            here = neighbor(here, {"F": facing, "FL": (facing - 1) % 6, "FR": (facing + 1) % 6}[st])
    assert d.reason.startswith(f"{p.id} to {format_label(here)}: {s.battle.terrain(here).replace('_', ' ')}")
    assert len(d.alternatives) == 3 and d.alternatives[0].action == d.action
    attack = None
    while attack is None and not s.over:  # on to the first attack the computer makes
        d = bot_decision(s, "veteran")
        attack = d if isinstance(d.action, CtaAttack) else None
        s = s if attack is not None else s.apply(d.action)
    assert attack is not None
    ex = exchange(s.battle, attack.action.unit, attack.action.target)
    assert f"falls {ex.defender_falls}, the attacker {ex.attacker_falls}" in attack.reason


def test_I25_4_the_skirmish_page_shows_the_alternatives_after_a_computer_move():
    from centurion.game.save import with_players
    from centurion.widgets.skirmish import SkirmishTable

    s = _village(6)  # R21 (the computer, veteran) is to move; then TOG (a person) decides on opportunity fire
    page = SkirmishTable("village", seed=0)
    assert page.load_text(with_players(s.to_json(), {"renegade": "veteran", "tog": "person"}), "village.json")
    assert page.game.active == "tog" and page.actors[-1] == "computer"
    d = page.why.decision
    assert d is not None and d.side == "renegade" and d.phase == "movement" and len(d.alternatives) == 3
    i = next(i for i in range(len(page.states) - 1, 0, -1) if page.actors[i] == "computer")
    assert page.states[i].history[-1] == d.action  # the last computer decision is the one shown
    v = page.states[i].vehicle(d.action.unit)
    assert terrain_table()[page.game.battlemap.hexes[v.hex].terrain].label.lower() in d.reason
    assert page.why.table.layout.display == "none"  # closed until asked
    page.why.toggle.value = True  # "Why?"
    assert page.why.table.layout.display != "none"
    shown = page.why.table.value
    for alt in d.alternatives:
        assert html.escape(alt.text) in shown and f"{alt.score:.2f}" in shown and html.escape(alt.reason) in shown
    assert shown.count("centurion-why-option") == 3
    assert html.escape(f"why: {d.reason}") in page.log_html.value  # the log line says why
    page.why.toggle.value = False
    assert page.why.table.layout.display == "none"
