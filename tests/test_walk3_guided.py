"""Third new-user walk (guided first game): the 'Try XXXX first' end keeps the tank's speed down (finding 6), the
map's Key stays open or shut as the player left it (finding 9), and it explains the terrain colours and the facing
point (finding 7)."""

from __future__ import annotations

import html
import re

from centurion.hexgrid import distance, format_label, parse_label

PLAYERS = {"renegade": "person", "tog": "novice"}


def _hint(t) -> str:
    box = re.search(r"<div class='centurion-hint'.*", t.banner.value, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", box.group(0))) if box else ""


def _at_movement(seed: int = 1):
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=seed, players=PLAYERS)
    while t.game.phase != "movement":
        t.choice.value = 0
        t.confirm()
    return t


def test_walk3_6_the_tried_end_lists_a_move_no_faster_than_now_nearest_the_bridge():
    t = _at_movement()
    g = t.game
    for mover in g.movers():
        t.click(mover.hex)
        hint = _hint(t)
        tried = parse_label(re.search(r"Try (\d{4}) first", hint).group(1))
        now = mover.velocity
        # brute force over the game's legal moves (CEN-GRAV-2, CEN-GRAV-4): safe, free, ends no faster than now
        others = {v.hex for v in g.vehicles if v.key != mover.key}
        slow = {e.hex for m, e in g.move_options(mover.key) if not e.grounded and e.p_no_damage == 1
                and g.end_velocity(m.unit, m.move) <= now} - others
        bridge = g.scenario.objectives[0].hex
        assert tried in slow, hint
        assert distance(tried, bridge) == min(distance(h, bridge) for h in slow)
        assert f"end at velocity {now}" in hint and "Speed list" in hint, hint  # the way to brake is named
        listed = [m for m, e in t.speed.moves_for(g, mover.key) if e.hex == tried and not e.grounded]
        assert any(g.end_velocity(m.unit, m.move) <= now for m in listed)  # what clicking it lists
        t.target_hex = None


def test_walk3_6_with_the_speed_at_now_the_tried_end_is_reached_at_that_speed():
    t = _at_movement()
    g = t.game
    mover = g.movers()[0]
    t.click(mover.hex)
    t.speed.value = mover.velocity  # 'end at velocity N (as now)'
    tried = parse_label(re.search(r"Try (\d{4}) first", _hint(t)).group(1))
    at = [(m, e) for m, e in g.move_options_at(mover.key, mover.velocity) if e.hex == tried and not e.grounded]
    assert at and all(g.end_velocity(m.unit, m.move) == mover.velocity for m, _e in at)


def test_walk3_6_when_every_shaded_end_is_faster_the_hint_says_it_must_speed_up():
    t = _at_movement()
    mover = t.game.movers()[0]
    t.click(mover.hex)
    faster = max(n for _label, n in t.speed.options[1:])
    assert faster > mover.velocity
    t.speed.value = faster
    hint = _hint(t)
    assert re.search(r"Try \d{4} first", hint) and f"speed up past velocity {mover.velocity}" in hint, hint
    assert "can end at velocity" not in hint
    assert format_label(mover.hex) not in re.search(r"Try (\d{4})", hint).group(1)


def _key_widget(t):
    """The widget the page draws the map's Key in."""
    import ipywidgets as w

    def walk(x):
        yield x
        for c in getattr(x, "children", ()):
            yield from walk(c)
    return next(x for x in walk(t) if isinstance(x, w.HTML) and "centurion-map-key" in x.value)


def test_walk3_9_a_decision_does_not_redraw_the_key_so_it_stays_open_or_shut():
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players=PLAYERS)
    key = _key_widget(t)
    redrawn = []
    key.observe(lambda change: redrawn.append(change["new"]), names="value")  # a new value re-renders <details>
    for _ in range(80):  # every decision of the first turn redraws the page (the score's turn changes at its end)
        g = t.game
        if g.turn > 1 or g.over:
            break
        if g.phase == "end":
            t.end_phase()
            continue
        if g.phase == "movement" and t.may_decide():
            t.click(g.movers()[0].hex)
            t.click(parse_label(re.search(r"Try (\d{4}) first", _hint(t)).group(1)))
        t.choice.value = 0
        t.confirm()
    assert t.game.turn == 2
    assert redrawn == [], "the Key was redrawn (its <details> folds shut in the browser)"


def _drawn(t, want) -> set[str]:
    """The fill colours the map draws for the hexes `want(cell)` picks, as '#rrggbb'."""
    bm = t.map.battlemap
    return {"#{:02x}{:02x}{:02x}".format(*(round(x) for x in t.map._colors[i]))
            for i, h in enumerate(t.map.hexes) if want(bm[h])}


def test_walk3_7_the_key_shows_each_terrain_colour_the_map_draws_and_the_facing_point():
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players=PLAYERS)
    key = _key_widget(t).value
    text = html.unescape(re.sub(r"<[^>]+>", " ", key))
    cells = [t.map.battlemap[h] for h in t.map.hexes]
    for kind in ("light_woods", "heavy_woods", "clear"):
        assert any(c.terrain == kind for c in cells)
        drawn = _drawn(t, lambda c, k=kind: c.terrain == k and c.level == 0)  # as the map paints it
        assert len(drawn) == 1 and f"background:{drawn.pop()}" in key, kind
        assert kind.replace("_", " ") in text.lower()
    hill = _drawn(t, lambda c: c.terrain == "clear" and c.level == 1)  # a hill's colour, shaded by its level
    assert len(hill) == 1 and f"background:{hill.pop()}" in key and "hills" in text
    assert "white point" in text and "faces" in text


def test_walk_s28_a_tank_at_velocity_0_is_told_it_may_stay_not_to_brake():
    """Walk of session 28: a grounded tank at velocity 0 was told "Try 1517 first [its own hex] ... where R11 can end
    at velocity 0 or slower. To brake, pick 'end at velocity 0' or slower". At velocity 0 nothing is slower, and the
    only end "no faster than now" was to stay, however far the bridge. The hint now says it may stay or accelerate
    (CEN-GRAV-1), and tries the end nearest the bridge among the safe, free ends at most its thrust fast (from there
    it can stop next turn: thrust works both ways, CEN-GRAV-1)."""
    from centurion.game import bot_action, new_skirmish
    from centurion.widgets.hints import hint_text

    s = new_skirmish("first_game", seed=1)
    while not s.over:  # play on (both sides the novice) until a tank of the side to move stands at velocity 0
        still = [v for v in s.movers() if v.velocity == 0] if s.phase == "movement" else []
        if still:
            break
        s = s.apply(bot_action(s, "novice"))
    v = still[0]
    hint = hint_text(s, v.key, None, True)
    assert "To brake" not in hint and "velocity 0 or slower" not in hint
    assert "At velocity 0 it may stay where it is, or accelerate and fly [CEN-GRAV-1]" in hint
    thrust = v.sheet.vehicle.thrust  # undamaged here: the record sheet's thrust (book-a 13)
    assert f"ends at velocity {thrust} or slower, slow enough to stop next turn" in hint
    tried = parse_label(re.search(r"Try (\d{4}) first", hint).group(1))
    others = {u.hex for u in s.vehicles if u.key != v.key}
    ok = {e.hex for m, e in s.move_options(v.key) if not e.grounded and e.p_no_damage == 1
          and s.end_velocity(m.unit, m.move) <= thrust} - others
    bridge = s.scenario.objectives[0].hex
    assert tried in ok and distance(tried, bridge) == min(distance(h, bridge) for h in ok)
    assert distance(v.hex, bridge) > 1 and tried != v.hex  # not told to stay 5 hexes from the bridge
