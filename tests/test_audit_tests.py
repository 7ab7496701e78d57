"""The test suite's own findings (audit tests-and-game.md, Part 1): the bot's budget tested with an injected clock
(T8), the double-click guard without real time (T9)."""

from __future__ import annotations

import time
from dataclasses import replace

import ipywidgets as w

import centurion.game.bot as bot_module
from centurion.game import Move, bot_action, new_skirmish
from centurion.widgets import safety
from tests.bot_games import jumping_clock


def _movement_decisions(clock=None, budget=None, *, seed: int = 3, level: str = "novice"):
    """Every decision of turn 1 of the meeting scenario, all taken by the bot with the given clock and budget."""
    s = new_skirmish("meeting", seed=seed)
    picks = []
    while not s.over and s.turn == 1:
        a = bot_action(s, level, budget=budget, clock=clock)
        picks.append(a)
        s = s.apply(a)
    return picks


def test_T8_a_jumping_clock_changes_nothing_without_a_budget():
    """No budget: the bot never reads the clock, so a machine 1000 s slower per look plays the same game."""
    assert _movement_decisions(clock=jumping_clock(1000.0)) == _movement_decisions()


def test_T8_a_frozen_clock_with_a_budget_is_the_full_search():
    """A budget that never runs out (the clock stands still) weighs every candidate: the budget-free choice."""
    assert _movement_decisions(clock=jumping_clock(0.0), budget=0.05) == _movement_decisions()


def test_T8_a_budget_with_a_fake_clock_cuts_the_search_deterministically(monkeypatch):
    """A budget that runs out at the first look (each look 1000 s later) weighs only the first candidate, every
    time: the same choices as a level that weighs a single candidate, and different from the full search."""
    cut = _movement_decisions(clock=jumping_clock(1000.0), budget=1.0)
    assert cut == _movement_decisions(clock=jumping_clock(1000.0), budget=1.0)  # deterministic
    monkeypatch.setitem(bot_module.LEVELS, "novice", replace(bot_module.LEVELS["novice"], candidates=1, pick=1))
    one = _movement_decisions()
    monkeypatch.undo()
    assert cut == one
    full = _movement_decisions()
    # the cut really changes choices (audit T8: seed 3 turns tanks to other facings when the search is cut)
    assert sum(isinstance(a, Move) and a != b for a, b in zip(cut, full)) >= 1


def test_T9_a_double_click_acts_once_without_reading_a_clock(monkeypatch):
    """The second click of a double click is caught by counting button states, not by a time window: it is
    ignored however long the first click's handler ran, and the guard never reads the clock (T9)."""
    from clicks import double_click

    def no_clock() -> float:
        raise AssertionError("the double-click guard read the clock")

    monkeypatch.setattr(time, "monotonic", no_clock)
    clicks = []
    button = safety.ClickButton(description="Confirm")
    button.on_click(lambda b: clicks.append(b))
    double_click(button)
    assert clicks == [button] and button.value is False
    button.click()  # a later click, after the browser drew the button up again
    assert len(clicks) == 2


def test_T9_a_failing_handler_still_puts_the_button_up():
    button = safety.ClickButton(description="Roll")

    def boom(_b):
        raise RuntimeError("boom")

    button.on_click(boom)
    try:
        button.click()
    except RuntimeError:
        pass
    assert button.value is False  # the next click is a new click


def test_T9_a_plain_ipywidgets_button_would_act_twice():
    """The counting needs a toggle: ipywidgets' Button sends one 'click' message per click, so its double click
    reaches the kernel as two clicks (this is why the decision buttons are ClickButtons)."""
    clicks = []
    button = w.Button(description="Confirm")
    button.on_click(lambda b: clicks.append(b))
    button.click()
    button.click()
    assert len(clicks) == 2


# --- T12: direct checks of modules tested only through others, against the book's tables ----------------------------
# (coverage tests: they pass on the old code too; they pin book values that nothing checked directly)

def test_T12_the_terrain_frame_is_the_books_terrain_effects_table():
    from centurion.data import terrain_table
    from centurion.data.frames import terrain_frame

    t = terrain_frame(terrain_table())
    book = {  # book-a §6: speed limit, VP (grav), VP (ground), combat modifier
        "Clear": (20, "1", "1", 0), "Road": (20, "1", "1", 0), "Light Woods": (8, "2", "2", -1),
        "Heavy Woods": (6, "3", "3", -2), "River": (20, "1", "2", 0), "Lake": (20, "1", "prohibited", 0),
        "Under Water": (1, "4", "prohibited", "not allowed"), "Buildings": (10, "1", "1", -2),
        "Rubble": (8, "2", "4", -1),
    }
    for name, row in book.items():
        assert tuple(t.loc[name, ["Speed limit", "VP grav", "VP ground", "Combat modifier"]]) == row, name
    assert t.loc["Craters", "Combat modifier"] == -2 and "CEN-CRT-1" in t.loc["Craters", "Speed limit"]


def test_T12_the_slope_frame_is_the_books_slope_rows():
    from centurion.data import terrain_table
    from centurion.data.frames import slope_frame

    s = slope_frame(terrain_table())
    assert list(s["VP"]) == [1, 2, 3, 4, 5, 0, -1, -1, -2, -3]  # book-a §6: up +1..+5, down 0 -1 -1 -2 -3
    assert list(s["Speed limit"]) == [20, 20, 20, 16, 16] * 2
    assert list(s["Ground vehicles"]) == (["allowed"] * 3 + ["prohibited"] * 2) * 2


def test_T12_the_facing_change_frame_gives_e6():
    from centurion.data import facing_change_table
    from centurion.data.frames import facing_change_frame

    f = facing_change_frame(facing_change_table())["Straight hexes before each turn"]
    assert f.loc["6-10"] == 2 and f.loc["20-29"] == 4  # book-a E6: velocity 10 -> 2, velocity 20 -> 4


# --- T3: VAR-MOVETYPE in the skirmish, checked against RULES.md rather than the function the skirmish calls -------

def _woods_ends(mode: str):
    """The first mover of meeting seed 3 under VAR-MOVETYPE:`mode`, and its flying ends whose path runs on level
    clear ground, road and woods with at least one woods hex: (vehicle, end, surcharge by RULES.md)."""
    from centurion.variants import resolve_variant_move

    s = new_skirmish("meeting", seed=3, variants=(f"VAR-MOVETYPE:{mode}",))
    while s.phase != "movement":
        s = s.apply(bot_action(s, "novice"))
    v = s.movers()[0]
    bm, out = s.battlemap, []
    beyond_1_vp = {"heavy_woods": 3 - 1, "light_woods": 2 - 1, "clear": 0, "road": 0}  # book-a §6 VP, less 1
    for e in s.end_states(v.key):
        if e.grounded:
            continue
        path = resolve_variant_move(v.grav(), e.safest.move, bm, v.sheet.vehicle, s.rules).basic.entries
        hexes = [v.hex, *(x.hex for x in path)]
        if any(bm[b].level != bm[a].level or bm[b].counters or bm[b].movement_terrain not in beyond_1_vp
               for a, b in zip(hexes, hexes[1:])):
            continue
        surcharge = sum(beyond_1_vp[bm[h].movement_terrain] for h in hexes[1:])
        if surcharge:
            out.append((v, e, surcharge))
    return out


def test_T3_movetype_thrust_pays_the_woods_beyond_1_vp_in_thrust():
    """VAR-MOVETYPE (RULES.md): grav terrain cost beyond 1 VP is paid in thrust (the thrust sub-option): through
    heavy woods (3 VP) 2 TP a hex, light woods (2 VP) 1 TP, on top of the acceleration and deceleration."""
    ends = _woods_ends("thrust")
    assert ends
    for _v, e, surcharge in ends:
        m = e.safest.move
        assert e.safest.thrust_used == m.accelerate + m.decelerate + surcharge, e
        assert e.safest.variant_rules == ("VAR-MOVETYPE",)


def test_T3_movetype_burn_takes_the_woods_beyond_1_vp_off_the_end_velocity():
    """VAR-MOVETYPE (RULES.md), the burn sub-option: the cost beyond 1 VP comes off the velocity at the end of the
    move, never past 0 (docs/decisions.md); the thrust spent is only the acceleration and deceleration."""
    ends = _woods_ends("burn")
    assert ends
    for v, e, surcharge in ends:
        m = e.safest.move
        assert e.safest.thrust_used == m.accelerate + m.decelerate, e
        assert e.velocity_max == max(0, v.velocity + m.accelerate - m.decelerate - surcharge), e
    assert any(v.velocity + e.safest.move.accelerate - surcharge > 0 for v, e, surcharge in ends)  # a real burn
