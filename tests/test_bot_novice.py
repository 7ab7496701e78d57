"""The novice's own habits (issue 25: a level that plays like a beginner; issue 26, walk-through 16), each checked
against what docs/decisions.md ("Computer opponent", *Levels*) says it does:

- its move is drawn among its 3 best weighed ends by a d6 (1-3 the best, 4-5 the second, 6 the third), never one
  riskier to itself than the best, from a stream of its own per decision, `decision_dice(seed, -2 - decisions so
  far)` (a stored game's view hides its seed: then the stream of seed 0, from the decision count alone);
- it ends no move in a hex holding another live unit of its side (a vehicle or a squad with men left) when
  another end exists (stacking is legal, CEN-STK-1, but hides units under one counter);
- it paints where its odds are best (book-a §7.1), and a squad paints only when it has nothing to fire at.

Found by mutation testing of `game/bot.py` (session 40): these helpers were reached only through whole games.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import pytest

import centurion.game.bot as bot
from centurion.game import Paint, bot_action, new_skirmish
from centurion.game.base import decision_dice
from centurion.game.bot_move import Row
from centurion.game.skirmish import Skirmish
from tests.bot_games import paint_chance, played

D6_PICK = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}  # the d6 to the rank among the three best (docs/decisions.md)


def _rows(spec: list[tuple[float, float]]) -> list[Row]:
    """Rows as `_movement` builds them, from (score, risk of damage through the armor); the end is a name, the
    objective term a value no risk reaches (it must never be read as the risk)."""
    return [Row((score, 0.0, i), f"end{i}", f"move{i}", risk, 9.0) for i, (score, risk) in enumerate(spec)]


def _roll(seed: int, decisions: int) -> int:
    return decision_dice(seed, -2 - decisions).roll("d6").result


def test_the_novice_draws_among_its_three_best_ends_by_the_d6():
    """Scores given out of order; the fourth best is never drawn; each d6 face picks the documented rank."""
    spec = [(1.0, 0.0), (4.0, 0.0), (2.0, 0.0), (3.0, 0.0)]  # best end1 (4.0), then end3, end2; end0 never
    by_rank = ["end1", "end3", "end2"]
    faces = set()
    for seed in range(12):
        for n in range(6):
            s = SimpleNamespace(seed=seed, history=tuple(range(n)))
            roll = _roll(seed, n)
            faces.add(roll)
            assert bot._beginner_pick(s, _rows(spec), 3).end == by_rank[D6_PICK[roll]], (seed, n, roll)
    assert faces == {1, 2, 3, 4, 5, 6}  # every face was met, so every branch was checked


def test_the_novice_never_draws_an_end_riskier_than_its_best():
    """The second best risks more damage than the best: it is left out and the third moves up (a d6 of 4-6 then
    draws the third: only two ends are left)."""
    spec = [(4.0, 0.2), (3.0, 0.3), (2.0, 0.1), (1.0, 0.0)]
    seen = set()
    for seed in range(12):
        for n in range(4):
            s = SimpleNamespace(seed=seed, history=tuple(range(n)))
            got = bot._beginner_pick(s, _rows(spec), 3).end
            assert got == ("end0" if _roll(seed, n) <= 3 else "end2"), (seed, n)
            seen.add(got)
    assert seen == {"end0", "end2"}


def test_a_hidden_seed_draws_from_the_decision_count_alone():
    """A stored game's view has no seed (issue 24): its picks are those of seed 0 at the same decision count."""
    spec = [(3.0, 0.0), (2.0, 0.0), (1.0, 0.0)]
    for n in range(10):
        hidden = SimpleNamespace(seed=None, history=tuple(range(n)))
        assert bot._beginner_pick(hidden, _rows(spec), 3).end == ["end0", "end1", "end2"][D6_PICK[_roll(0, n)]]


@pytest.fixture(scope="module")
def village_tog_moves() -> Skirmish:
    """The village (seed 0) at TOG's first movement decision, T21 to move."""
    s = new_skirmish("village", seed=0)
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    assert s.movers()[0].key == "T21"
    return s


def test_the_novice_ends_no_move_on_a_friend(village_tog_moves):
    """Friends' hexes (a vehicle, a squad down to 1 man) are left out; an enemy vehicle's or squad's hex, a friendly
    squad with no men left and a squad aboard are not (CEN-STK-1; W4)."""
    s = village_tog_moves
    t21 = s.vehicle("T21")
    ends = s.end_states("T21")
    hexes = sorted({e.hex for e in ends} - {x.hex for x in s.vehicles} - {q.hex for q in s.squads})
    friend_at, squad1_at, dead_at, enemy_at, enemy_squad_at = hexes[:5]
    s = replace(s, vehicles=tuple(replace(x, hex=friend_at) if x.key == "T22" else
                                  replace(x, hex=enemy_at) if x.key == "R21" else x for x in s.vehicles),
                squads=tuple(replace(q, hex=squad1_at, men=1) if q.key == "T21s" else
                             replace(q, hex=dead_at, men=0) if q.key == "T22s" else
                             replace(q, hex=enemy_squad_at, aboard=None) if q.key == "R31s" else q
                             for q in s.squads))
    taken = {friend_at, squad1_at, s.vehicle("T23").hex}
    kept = bot._unstacked(s, t21, ends)
    assert [e for e in ends if e.hex not in taken] == kept
    assert {dead_at, enemy_at, enemy_squad_at} <= {e.hex for e in kept}
    on_friends = [e for e in ends if e.hex == friend_at]
    assert on_friends and bot._unstacked(s, t21, on_friends) == on_friends  # no other end: stacking is legal


@pytest.fixture(scope="module")
def village_tog_paints() -> Skirmish:
    """The village (seed 0), TOG's painting in turn 1 (the novice's 12th decision): T21 and T23 may paint the
    Renegade vehicles at 3/10 to 3/5 (T23 at R31 and R33: 3/5), squad T21s, with two targets to fire at, at 9/10."""
    s = played("village", 0, 12, "novice")
    assert s.phase == "painting" and s.active == "tog"
    return s


def _paints(s: Skirmish) -> list[tuple[str, str, Fraction]]:
    """Every painting attempt on offer with its exact odds (book-a §7.1), in the game's order."""
    return [(a.unit, a.target, paint_chance(s, a.unit, a.target))
            for a in s.legal_actions() if isinstance(a, Paint) and a.target is not None]


def _first_best(paints, skip=()) -> tuple[str, str]:
    best = max(c for u, _t, c in paints if u not in skip)
    return next((u, t) for u, t, c in paints if u not in skip and c == best)


def test_the_novice_paints_at_its_best_odds(village_tog_paints):
    s = village_tog_paints
    paints = _paints(s)
    assert len(s.fire_actions("T21s")) == 3  # two targets and "nothing": the squad fires, it does not paint
    assert max(c for u, _t, c in paints if u == "T21s") == Fraction(9, 10)
    want = _first_best(paints, skip=("T21s",))
    assert 0 < max(c for u, _t, c in paints if u != "T21s") < 1
    a = bot_action(s, "novice")
    assert isinstance(a, Paint) and (a.unit, a.target) == want == ("T23", "R31")


@pytest.mark.parametrize("targets", [0, 1])
def test_a_squad_paints_only_when_it_has_nothing_to_fire_at(village_tog_paints, monkeypatch, targets):
    """T21s left with no target (only "nothing") paints at its 9/10; left with one target it fires instead, and
    T23 paints as above."""
    s = village_tog_paints
    real = Skirmish.fire_actions
    monkeypatch.setattr(Skirmish, "fire_actions",
                        lambda self, key: real(self, key)[-1 - targets:] if key == "T21s" else real(self, key))
    assert len(s.fire_actions("T21s")) == targets + 1
    want = _first_best(_paints(s), skip=("T21s",) if targets else ())
    a = bot_action(s, "novice")
    assert (a.unit, a.target) == want == (("T23", "R31") if targets else ("T21s", "R32"))


def test_the_novice_paints_nothing_when_no_attempt_can_succeed(village_tog_paints, monkeypatch):
    s = village_tog_paints
    monkeypatch.setattr(bot, "paint_odds", lambda state, attempt: Fraction(0))
    a = bot_action(s, "novice")
    assert isinstance(a, Paint) and a.target is None
