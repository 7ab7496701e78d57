"""A painted vehicle is marked on the map for the rest of its turn (walk of session 53: "a painted target has no
mark on the map"; book-a §7.2: a painted target's shields do not count against lasers and missiles that turn, so
a player picking a target wants to see it). Read from the counters of a played game and from the drawing calls
on a stand-in canvas (tests/test_counters_stack.py's Recorder)."""

from __future__ import annotations

import numpy as np

from centurion.game import bot_action, new_skirmish
from centurion.hexgrid import Layout
from centurion.widgets.counters import HALF, PAINTED
from centurion.widgets.counters import draw_counters as draw
from centurion.widgets.turn_summary import key_html, unit_counters
from tests.test_counters_stack import Recorder

COLORS = ("#1f4e9c", "#b71c1c")


def _after_painting():
    """The meeting, seed 0, the veteran on both sides, at the first fire decision of turn 1: its log says which
    paints hit (T12 paints R13: hit; the five others miss)."""
    s = new_skirmish("meeting", seed=0)
    while s.phase != "fire":
        s = s.apply(bot_action(s, "veteran"))
    hits = {line.split()[2].rstrip(":") for line in s.log if line.startswith("  ") and " paints " in line
            and line.rstrip().endswith(": hit")}
    return s, hits


def test_the_vehicles_painted_this_turn_carry_the_mark_and_no_other():
    s, hits = _after_painting()
    assert hits == {"R13"}
    marked = {k.label for k in unit_counters(s, None, COLORS) if k.painted}
    assert marked == {"13"} and all(k.kind == "grav" for k in unit_counters(s, None, COLORS) if k.painted)
    nxt = s
    while nxt.turn == 1 and not nxt.over:  # the paint lasts the turn: gone at the next turn's start
        nxt = nxt.apply(bot_action(nxt, "veteran"))
    assert not any(k.painted for k in unit_counters(nxt, None, COLORS))
    assert "purple target mark" in key_html(s, {}, COLORS)


def test_the_mark_is_drawn_purple_at_the_counters_lower_left_corner():
    s, _ = _after_painting()
    lay = Layout(16.0)
    counters = unit_counters(s, None, COLORS)
    c = Recorder()
    draw(c, lay, counters)
    purple = tuple(int(PAINTED[i:i + 2], 16) for i in (1, 3, 5))
    marks = [p for kind, p, col, *_ in (x for x in c.calls if x[0] == "polygon") if col == purple]
    assert len(marks) == 1
    painted = next(k for k in counters if k.painted)
    x, y = lay.center(painted.hex)  # R13 stands alone in its hex: its counter is centred
    assert np.allclose(marks[0].mean(axis=0), (x - HALF * lay.size, y + HALF * lay.size), atol=0.5)
