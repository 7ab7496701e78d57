"""The careful levels' painting (issue 25, item 1: "paint targets that friends will fire at and not what is already
painted"; docs/decisions.md, "Computer opponent"): each painting attempt is worth its exact chance (book-a §7.1)
times what it adds to the expected harm of the side's vehicles on the target (their fire plans painted and not,
book-a §7.2: a painted target's shields do not count) plus a small floor, times the target's worth; the elite adds
to the worth of an enemy whose destruction changes who holds an objective in the last turn (book-b §15.2); a target
a friend paints already is skipped, a squad with something to fire at does not paint, ties go by the target's and
the painter's keys, and with no attempt that can succeed nothing is painted.

The weighing is restated here from those words over `bot_fire.paint_plans` (a friend's plan on the target bare
and painted) and `bot_harm.plan_harm` (each tested on its own, tests/test_bot_harm.py and
tests/test_bot_fire_estimate.py), and checked on positions of veteran games (the meeting's and the pursuit's last
turns, where the stakes change the paint). Found by mutation testing of `game/bot.py` (session 40).
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

import centurion.game.bot as bot
from centurion.game import Paint, bot_action
from centurion.game.bot_fire import paint_plans
from centurion.game.bot_harm import plan_harm
from centurion.game.bot_move import objective_stakes
from centurion.game.skirmish import Skirmish
from tests.bot_games import advanced, paint_chance, played


def _odds(s, unit: str, target: str) -> float:
    return float(paint_chance(s, unit, target))


def expected(s, stakes: bool, odds=_odds) -> Paint:
    """The paint the weighing above picks (paint nothing when no attempt can succeed)."""
    side, units = s.active, s.combat_units()
    done = {t for p, t in s.paints if units[p].side == side}
    firing = {q.key for q in s.squads if q.key in s.undeclared() and len(s.fire_actions(q.key)) > 1}
    staked = objective_stakes(s, side) if stakes else {}
    best, best_key = Paint(next(iter(units)), None), None
    for a in s.legal_actions():
        if not isinstance(a, Paint) or a.target is None or a.unit in firing or a.target in done:
            continue
        c = odds(s, a.unit, a.target)
        if c <= 0:
            continue
        gain = sum(max(0.0, plan_harm(s, painted, common=True) - plan_harm(s, bare, common=True))
                   for f in s.live_vehicles(side) for bare, painted in [paint_plans(s, f, a.target, a.unit)])
        key = (round(c * (bot.PAINT_FLOOR + gain) * (bot._worth(s, a.target) + staked.get(a.target, 0.0)), 9),
               a.target, a.unit)
        if best_key is None or key > best_key:
            best, best_key = a, key
    if best.target is None:
        return next(a for a in s.legal_actions() if isinstance(a, Paint) and a.target is None)
    return best


def _decision(scenario: str, seed: int, n: int) -> Skirmish:
    s = played(scenario, seed, n)
    assert s.phase == "painting"
    return s


@pytest.fixture(scope="module")
def last_turn() -> list[Skirmish]:
    """Last-turn Renegade paintings where an enemy alone beside the objective is at stake: the meeting (seed 0, the
    veteran's 103rd and 105th decisions: T11 beside the bridge; R11 has painted in between) and the pursuit (seed 1,
    the 65th and 67th: Lupus tanks beside the exit; the 60th and 62nd before session 42's paint odds)."""
    meeting = _decision("meeting", 0, 103)
    pursuit = _decision("pursuit", 1, 65)
    return [meeting, _decision_after(meeting, 2), pursuit, _decision_after(pursuit, 2)]


def _decision_after(s: Skirmish, n: int) -> Skirmish:
    s = advanced(s, n)
    assert s.phase == "painting" and s.active == "renegade"
    return s


@pytest.fixture(scope="module")
def first_turn() -> Skirmish:
    """The village (seed 0), TOG's painting in turn 1 (reached by the novice, 12 decisions): squad T21s may paint at
    9/10 but has two targets to fire at."""
    s = played("village", 0, 12, "novice")
    assert s.phase == "painting" and len(s.fire_actions("T21s")) == 3
    return s


def test_the_veteran_paints_where_the_weighing_says(last_turn, first_turn):
    for s in [first_turn, *last_turn]:
        want = expected(s, stakes=False)
        assert want.target is not None
        assert bot_action(s, "veteran") == want
    assert any(s.paints for s in last_turn)  # a friend painted already: its target is skipped


def test_the_elites_stakes_change_the_paint_in_the_last_turn(last_turn):
    """With the stakes (the elite's weighing; its search aside) the enemy beside the objective is painted."""
    for s in last_turn:
        staked = objective_stakes(s, s.active)
        assert staked
        with_stakes, without = expected(s, stakes=True), expected(s, stakes=False)
        assert with_stakes.target in staked and without.target not in staked
        assert bot._paint_together(s, stakes=True) == with_stakes
        assert bot._paint_together(s, stakes=False) == without
        unsearched = replace(bot.LEVELS["elite"], search=False)  # the elite's own weighing, through its dispatch
        assert bot._decide(s, unsearched, None, time.perf_counter) == with_stakes


@pytest.fixture(scope="module")
def squad_choice() -> Skirmish:
    """The village (seed 1, the veteran's 141st decision: the game's first such painting since session 52's squads
    on watch; the 66th before it, the 90th before session 50's rules edition, seed 2's 45th before session 42's
    paint odds changed the game), the Renegades' painting: squad R32s has one target to fire at."""
    s = _decision("village", 1, 141)
    assert s.active == "renegade" and len(s.fire_actions("R32s")) == 2
    return s


@pytest.mark.parametrize("targets", [0, 1])
def test_a_squad_with_a_target_fires_instead_of_painting(squad_choice, monkeypatch, targets):
    """With its one target R32s does not paint (its carrier R32 paints T23); left with nothing to fire at, its own
    paint of T23 is the best."""
    real = Skirmish.fire_actions
    monkeypatch.setattr(Skirmish, "fire_actions",
                        lambda self, key: real(self, key)[-1 - targets:] if key == "R32s" else real(self, key))
    want = expected(squad_choice, stakes=False)
    assert (want.unit, want.target) == (("R32", "T23") if targets else ("R32s", "T23"))
    assert bot_action(squad_choice, "veteran") == want


def test_an_attempt_that_cannot_succeed_is_skipped_and_the_rest_weighed(first_turn, monkeypatch):
    """The first attempt listed made hopeless: the best of the others is painted; every attempt hopeless: none."""
    s = first_turn
    first = next(a for a in s.legal_actions() if isinstance(a, Paint) and a.target is not None)

    def hopeless_first(state, unit, target):
        return 0.0 if (unit, target) == (first.unit, first.target) else _odds(state, unit, target)

    monkeypatch.setattr(bot, "_paint_odds", hopeless_first)
    want = expected(s, stakes=False, odds=hopeless_first)
    assert want.target is not None and want != first
    assert bot_action(s, "veteran") == want
    monkeypatch.setattr(bot, "_paint_odds", lambda state, unit, target: 0.0)
    nothing = bot_action(s, "veteran")
    assert isinstance(nothing, Paint) and nothing.target is None
