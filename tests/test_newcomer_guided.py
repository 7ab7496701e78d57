"""Issue 26, item 4 (guided first game): the hints name what to click, so a newcomer (and the browser test
tests/browser/test_guided_game.py) can follow them without guessing."""

from __future__ import annotations

import html
import re

from centurion.hexgrid import distance, format_label, parse_label


def _hint(t) -> str:
    box = re.search(r"<div class='centurion-hint'.*", t.banner.value, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", box.group(0))) if box else ""


def test_item4_the_movement_hint_names_each_tank_to_move_and_where_it_stands():
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players={"renegade": "person", "tog": "novice"})
    t.choice.value = 0
    t.confirm()  # the initiative: then the Renegade movement
    while t.game.phase != "movement":
        t.choice.value = 0
        t.confirm()
    hint = _hint(t)
    named = dict(re.findall(r"\b(R\d+) in (\d{4})", hint))
    assert named == {v.key: format_label(v.hex) for v in t.game.movers()}, hint


def test_item4_the_end_hex_hint_names_a_shaded_safe_free_hex_nearest_the_objective():
    from centurion.widgets.skirmish import SkirmishTable

    t = SkirmishTable("first_game", seed=1, players={"renegade": "person", "tog": "novice"})
    while t.game.phase != "movement":
        t.choice.value = 0
        t.confirm()
    mover = t.game.movers()[0]
    t.click(mover.hex)
    hint = _hint(t)
    m = re.search(r"Try (\d{4}) first", hint)
    assert m, hint
    tried = parse_label(m.group(1))
    g = t.game
    # brute force over the legal moves (CEN-GRAV-2): not grounded, 100% safe, no other vehicle there, nearest the bridge
    # among the ends no faster than now (braking keeps it near the bridge, CEN-GRAV-4; third walk, finding 6)
    others = {v.hex for v in g.vehicles if v.key != mover.key}
    good = {e.hex for m, e in g.move_options(mover.key) if not e.grounded and e.p_no_damage == 1
            and g.end_velocity(m.unit, m.move) <= mover.velocity} - others
    bridge = g.scenario.objectives[0].hex
    assert tried in good
    assert distance(tried, bridge) == min(distance(h, bridge) for h in good)
    assert tried in {h for h, _c in t.map.overlay.hatched}  # it is one of the shaded hexes
    t.click(tried)
    assert t.target_hex == tried and "Pick a move in the list" in _hint(t)
