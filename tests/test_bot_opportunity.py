"""The computer's opportunity fire (CEN-OPP-1; issue 25: "hold opportunity fire when it pays"): a watcher fires at
the hex of the mover's path where it expects the most hits (the first such hex when several tie), and holds its fire
when no shot expects 0.4 hits (docs/decisions.md, "Computer opponent"). The expected hits are read from the rules
in play (each weapon's exact chance, `tests/bot_games.plan_odds`), not from the bot.

The positions come from VAR-INIT games (a vehicle that activates while standing still may fire at a later mover):
the first_game, seeds 3-5, the veteran on both sides; they offer shots from 0.1 to 1.7 hits expected. Found by
mutation testing of `game/bot.py` (session 40): its opportunity decision was reached only through the reason tests.
"""

from __future__ import annotations

import pytest

import centurion.game.bot as bot
from centurion.game import LetPass, OpportunityFire, bot_action, new_skirmish
from tests.bot_games import plan_odds


def _opportunities(seed: int) -> list:
    """Every opportunity decision of the first_game (VAR-INIT, `seed`), the veteran playing both sides."""
    s, out = new_skirmish("first_game", seed=seed, variants=("VAR-INIT",)), []
    for _ in range(500):
        if s.over:
            break
        if s.phase == "opportunity":
            out.append(s)
        s = s.apply(bot_action(s, "veteran"))
    return out


@pytest.fixture(scope="module")
def opportunities() -> list:
    found = [s for seed in (3, 4, 5) for s in _opportunities(seed)]
    assert len(found) == 5
    return found


def _shots(s) -> list[tuple[OpportunityFire, float]]:
    mover, path = s.pending_move
    return [(a, plan_odds(s, s.attack_set(s.vehicle(a.unit), mover, at=path[a.step - 1], opportunity=True))[0])
            for a in s.opportunity_actions()]


@pytest.mark.parametrize("level", ["novice", "veteran", "elite"])
def test_the_watcher_fires_where_it_expects_most_hits_or_holds(opportunities, level):
    kinds = set()
    for s in opportunities:
        shots = _shots(s)
        best = max(h for _a, h in shots)
        first = next(a for a, h in shots if h == best)
        want = first if best >= 0.4 else LetPass()
        assert bot_action(s, level) == want, (s.pending_move[0], shots)
        kinds.add((type(want).__name__, sum(1 for _a, h in shots if h == best) > 1))
    # a shot and a held fire, and shots whose best hits tie at several hexes (the first of them is taken)
    assert {("LetPass", True), ("OpportunityFire", True)} <= kinds


@pytest.mark.parametrize(("hits", "fires"), [(0.4, True), (0.399, False)])
def test_it_holds_its_fire_under_four_tenths_of_a_hit(opportunities, monkeypatch, hits, fires):
    """Every shot of the first decision made worth `hits`: at 0.4 it fires (the first shot listed), under it not."""
    s = opportunities[0]
    monkeypatch.setattr(bot, "_plan_hits", lambda plan, rules: hits)
    want = s.opportunity_actions()[0] if fires else LetPass()
    assert bot_action(s, "veteran") == want
