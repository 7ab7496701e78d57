"""Session 31's pass over the pages' words (items left by the walks of sessions 28-30): each test reads what a player
reads and failed on the words before."""

from __future__ import annotations

import re

from centurion.game import new_skirmish
from centurion.widgets.hints import hint_text


def _to_phase(s, phase: str):
    from centurion.game import bot_action

    for _ in range(400):
        if s.phase == phase and s.active == "renegade":
            return s
        s = s.apply(bot_action(s, "novice"))
    raise AssertionError(f"no {phase} phase for the Renegades")


def test_the_pursuits_vipers_are_not_called_tanks_in_any_hint():
    """The pursuit's Renegades are three Viper light APCs (data/vehicles.yaml): a hint calls them vehicles."""
    s = new_skirmish("pursuit", seed=3)
    for phase in ("movement", "painting", "fire", "end"):
        g = _to_phase(s, phase)
        text = hint_text(g, None, None, True)
        assert not re.search(r"\btanks?\b", text), (phase, text)
        assert "vehicle" in text, (phase, text)
        if phase == "movement":
            v = g.movers()[0]
            text = hint_text(g, v.key, None, True)
            assert not re.search(r"\btanks?\b", text), text


def test_the_first_games_liberators_are_still_tanks():
    """Both sides of the first game field tanks (Liberator, Horatius): the hints keep the word."""
    s = new_skirmish("first_game", seed=3)
    for phase in ("movement", "fire"):
        g = _to_phase(s, phase)
        assert "one of your tanks" in hint_text(g, None, None, True)
