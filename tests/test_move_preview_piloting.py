"""The Skirmish page's move preview says where a path's piloting rolls fall (walk 34: it gave only their count):
each hex entered over its speed limit, its terrain, the roll that passes and what a failure does (CEN-SPD-1, -2).
The expected words are worked out here from RULES.md's formula, not read from the engine's check."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from centurion.data import terrain_table
from centurion.game import Move, bot_action, new_skirmish
from centurion.hexgrid import format_label
from centurion.widgets.skirmish_text import preview_lines


def _rolls_expected(g, a) -> list[str]:
    """CEN-SPD-1/2: over = velocity - limit; pass on d10 <= 5 - ceil(over / 2); a failure does 10 a point over, in
    groups of 10, the odd group to the front (the recorded default)."""
    res = g.resolve_move(a.unit, a.move)
    limits = terrain_table()
    out = []
    for e in res.entries:
        terrain = g.battlemap[e.hex].terrain
        limit = limits[terrain].speed_limit
        velocity = res.velocity
        if velocity <= limit:
            continue
        over = velocity - limit
        target = 5 - ceil(over / 2)
        groups = over
        front, bottom = ceil(groups / 2) * 10, groups // 2 * 10
        passes = f"a d10 of {target} or less passes ({Fraction(target, 10)})" if target >= 1 else "no d10 passes"
        out.append(f"piloting roll entering {format_label(e.hex)} ({terrain.replace('_', ' ')}, speed limit {limit}, "
                   f"velocity {velocity}): {passes}; a failure does {10 * over} damage (front {front}, bottom {bottom}) [CEN-SPD-2]")
    return out


def test_a_move_preview_places_each_piloting_roll_on_its_hex():
    checked = 0
    for scenario in ("meeting", "pursuit"):
        g = new_skirmish(scenario, seed=1)
        while not g.over and g.turn < 3 and checked < 6:
            if g.phase == "movement":
                for a in g.legal_actions():
                    if isinstance(a, Move) and g.resolve_move(a.unit, a.move).checks:
                        want = _rolls_expected(g, a)
                        lines = preview_lines(g, a, a)
                        got = [x for x in lines if x.startswith("piloting roll entering")]
                        assert got == want, (got, want)
                        assert f"{len(want)} piloting roll" in lines[0]  # the count agrees with the hexes named
                        checked += 1
                        break
            g = g.apply(bot_action(g, "novice"))
    assert checked >= 4
