"""The Skirmish page with the fan-variant switches on (VAR-*): a Confirm acts only on the decision the player saw,
Start asks before throwing a game away, variant moves are marked and previewed from the game's resolver, the
running game's rule set is shown, and a computer-only game clears the old board first."""

from __future__ import annotations

import time

from centurion.game import Leadership
from centurion.widgets import safety
from centurion.widgets.skirmish import SkirmishTable


def _age_clicks(tab: SkirmishTable, seconds: float = 10.0) -> None:
    """As if the last click and the last change of the list were `seconds` ago (a person's pace)."""
    for name in ("_last_click__on_confirm", "_last_click__on_start"):
        if getattr(tab, name, None) is not None:
            setattr(tab, name, getattr(tab, name) - seconds)
    tab._choices_shown_at -= seconds


def test_a_double_click_on_confirm_decides_once():
    tab = SkirmishTable("meeting", seed=1)
    _age_clicks(tab)
    assert tab.chosen() == Leadership(0)
    tab._on_confirm()
    after_first = len(tab.game.history)
    assert after_first >= 1 and tab.game.history[0] == Leadership(0)
    tab._on_confirm()  # the second click of a double click: ignored, and said so
    assert len(tab.game.history) == after_first
    assert "second click" in tab.message.value and "ignored" in tab.message.value


def test_a_click_on_a_list_refreshed_since_decides_nothing(monkeypatch):
    tab = SkirmishTable("meeting", seed=1)
    _age_clicks(tab)
    tab._on_confirm()
    g = tab.game
    tab.click(g.vehicle("R11").hex)
    tab.click(next(e.hex for _m, e in g.move_options("R11") if e.hex != g.vehicle("R11").hex))
    assert tab._choices  # a new list is up, its first entry pre-selected
    tab._last_click__on_confirm -= 10  # outside the double-click window, but the list changed just now
    tab._on_confirm()
    assert tab.game is g and "changed just before your click" in tab.message.value
    assert "nothing was decided" in tab.message.value
    monkeypatch.setattr(time, "monotonic", lambda: tab._choices_shown_at + safety.DOUBLE_CLICK_SECONDS + 1)
    picked = tab.chosen()
    tab._on_confirm()  # a person's click, after seeing the list: it acts
    assert tab.game is not g and tab.game.history[len(g.history)] == picked


def test_start_asks_before_abandoning_a_game_in_progress():
    tab = SkirmishTable("meeting", seed=1)
    fresh = tab.game
    tab.start()  # nothing decided yet: a new game at once
    assert tab.game is not fresh and len(tab.states) == 1
    tab.confirm()
    running = tab.game
    tab.start()
    assert tab.game is running and "Click again" in tab.start_button.description
    assert "in progress" in tab.message.value
    tab.start()
    assert len(tab.states) == 1 and tab.game.turn == 1 and tab.start_button.description == "Start a new game"


def test_a_decision_takes_back_the_abandon_question():
    tab = SkirmishTable("meeting", seed=1)
    tab.confirm()
    tab.start()
    assert "Click again" in tab.start_button.description
    tab.click(tab.game.vehicle("R11").hex)  # the player plays on: the next Start asks again
    assert tab.start_button.description == "Start a new game"
    running = tab.game
    tab.start()
    assert tab.game is running
