"""Leftovers of session 52's walk of the Skirmish page, mended in session 53: each test states what the walk saw.
"""

from __future__ import annotations

import re
from dataclasses import replace

from centurion.data import terrain_table
from centurion.game import new_skirmish
from centurion.hexgrid import parse_label
from centurion.widgets.hexmap import SMOKE_COLOR, SMOKE_PUFFS, terrain_key_html


def test_walk53_the_keys_smoke_square_has_the_maps_white_cloud():
    """Walk of session 52: the map draws smoke as a grey hex with three white puffs (so that it is not taken for a
    building's grey), but the Key showed a plain grey square. The square now carries the same three puffs, placed as
    on the map (`SMOKE_PUFFS`, in hex sizes from the centre), over the same grey."""
    bm0 = new_skirmish("first_game", seed=0).battlemap  # its sample smoke at 2109 taken off for the plain key
    plain = replace(bm0, hexes={h: replace(c, counters=tuple(k for k in c.counters if k != "smoke"))
                                for h, c in bm0.hexes.items()})
    bm = plain.with_counter(parse_label("2816"), "smoke")
    key = terrain_key_html(bm, terrain_table())
    chip = re.search(r"<span style='([^']*)'></span> smoke \(", key)
    assert chip, key
    puffs = re.findall(r"radial-gradient\(circle at (\d+)% (\d+)%, #ffffff", chip.group(1))
    assert [(int(x), int(y)) for x, y in puffs] == [(round(50 + dx * 100), round(50 + dy * 100))
                                                    for dx, dy in SMOKE_PUFFS]
    assert chip.group(1).rstrip(";").endswith(SMOKE_COLOR)
    assert " smoke (" not in terrain_key_html(plain, terrain_table())  # no smoke laid: no smoke in the key


def test_walk53_a_building_stands_out_of_the_smoke_around_it(monkeypatch):
    """Walk of session 52: smoke laid in a building's hex greyed the whole hex over the building's block, so the
    building seemed gone. Smoke is 20 m tall and never on top of a building (book-b §10.3, rules edition 3): the
    map greys the hex, draws the block over the grey, then the smoke's white puffs over both."""
    from ipycanvas import Canvas

    from centurion.widgets import HexMapView
    from centurion.widgets.hexmap import rgb

    calls: list[tuple[str, set]] = []
    for name in ("fill_styled_polygons", "fill_styled_circles"):
        original = getattr(Canvas, name)

        def spy(self, *args, _name=name, _original=original, **kw):
            calls.append((_name, {tuple(int(v) for v in c) for c in kw.get("color", [])}))
            return _original(self, *args, **kw)

        monkeypatch.setattr(Canvas, name, spy)
    bm = new_skirmish("village", seed=0).battlemap
    building = next(h for h in bm.hexes if bm[h].building_levels and "smoke" not in bm[h].counters)
    HexMapView(bm.with_counter(building, "smoke"), terrain_table())
    grey, white = tuple(rgb(SMOKE_COLOR)), tuple(rgb("#ffffff"))
    smoke = next(i for i, (n, cols) in enumerate(calls) if n == "fill_styled_polygons" and cols == {grey})
    puffs = next(i for i, (n, cols) in enumerate(calls) if n == "fill_styled_circles" and cols == {white})
    blocks = [i for i, (n, cols) in enumerate(calls) if n == "fill_styled_polygons" and cols and grey not in cols
              and i > 0]
    assert any(smoke < i < puffs for i in blocks), calls  # the buildings' blocks between the grey and the cloud


def _descendants(box):
    for c in getattr(box, "children", ()):
        yield c
        yield from _descendants(c)


def test_walk53_starting_a_game_scrolls_the_banner_to_the_top_of_the_window(monkeypatch):
    """Walk of session 52: at 1280x800 the Skirmish page's first screen showed 158 px of map under the introduction
    and the set-up. A click on Start a new game now scrolls the page so that the banner (and the hint, the score and
    the map under it) fills the window; opening the page does not (its introduction is for the newcomer). Measured
    in headless Chromium at 1280x800: the banner's top from 391 px to 0 after the click (session 53)."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
    from centurion.widgets.skirmish import SkirmishTable

    for page in (SkirmishTable("first_game", seed=1), CenturiaSkirmishTable()):
        assert page.page_scroll in set(_descendants(page)), type(page)  # on the page, not only built
        assert "scrollIntoView" not in page.page_scroll.value  # the page opened: it stays where it is
        page.start()
        first = page.page_scroll.value
        assert "document.querySelector('.centurion-banner')" in first.replace("&#x27;", "'") and "scrollIntoView" in first
        page.start()  # a second game: a new image, so that its handler runs again
        assert page.page_scroll.value != first and "scrollIntoView" in page.page_scroll.value


def test_walk53_the_speed_list_says_a_negative_velocity_flies_backwards():
    """Walk of session 53: the Skirmish page's speed list read "end at velocity -2 (slower)"; a negative velocity
    is a vehicle flying backwards (CEN-GRAV-5), not a slower one."""
    from centurion.widgets.move_speed import SpeedChoice

    words = dict((n, label) for label, n in SpeedChoice._labels([-2, -1, 0, 3, 5, 7], 5))
    assert words == {-2: "end at velocity -2 (backwards)", -1: "end at velocity -1 (backwards)",
                     0: "end at velocity 0 (stop, hover or ground)", 3: "end at velocity 3 (slower)",
                     5: "end at velocity 5 (as now)", 7: "end at velocity 7 (faster)"}
    back = dict((n, label) for label, n in SpeedChoice._labels([-3, -2, 0, 2], -2))  # flying backwards now
    assert back[-3] == "end at velocity -3 (backwards)" and back[-2].endswith("(as now)")
    assert back[2] == "end at velocity 2 (forwards)"


def test_walk53_the_battle_maps_clicked_hex_is_not_the_red_of_a_piece_out_of_command(monkeypatch):
    """Walk of session 53: on the Centuria battle page the outline of the hex the panel describes (dark red) and the
    ring of a piece out of command (red, CTA-CMD) looked the same. The clicked hex is amber there, and the marks'
    key says so; the Centurion maps keep their dark red."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.widgets.centuria_legend import MARKS, OUT_OF_COMMAND_MARK, PANEL_HEX_MARK
    from centurion.widgets.centuria_skirmish import CenturiaSkirmishTable
    from centurion.widgets.hexmap import PANEL_HEX_COLOR
    from centurion.widgets.skirmish import SkirmishTable

    def rgb_of(c):
        return tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))

    page = CenturiaSkirmishTable()
    assert page.map.selected_color == PANEL_HEX_MARK
    far = sum(abs(a - b) for a, b in zip(rgb_of(PANEL_HEX_MARK), rgb_of(OUT_OF_COMMAND_MARK), strict=True))
    assert far > 150, far  # #d00000 against #c62828: 27
    assert f"border:2px solid {PANEL_HEX_MARK}'></span> amber outline, the hex the panel" in MARKS
    assert SkirmishTable("first_game", seed=1).map.selected_color == PANEL_HEX_COLOR


def test_walk53_a_fallen_unit_stays_in_the_morale_row_struck_through(monkeypatch):
    """Walk of session 53: a unit that fell vanished from the battle page's morale row, so a player could not tell
    which centuriae were gone. It stays there, struck through and grey: "R-C1: fallen" (CTA-COMBAT, CTA-MORALE)."""
    monkeypatch.delenv("CENTURION_STORE", raising=False)
    from centurion.game import bot_action
    from centurion.widgets.centuria_skirmish import FALLEN_COLOR, CenturiaSkirmishTable

    page = CenturiaSkirmishTable()
    g = page.game
    while not any(not p.alive for side in g.sides for p in g.units(side)):
        g = g.apply(bot_action(g, "veteran"))
    page._begin(g)
    fallen = [p.id for side in g.sides for p in g.units(side) if not p.alive]
    for pid in fallen:
        assert f"<s style='color:{FALLEN_COLOR}'>{pid}: fallen</s>" in page.status.value
    living = [p.id for side in g.sides for p in g.units(side) if p.alive]
    assert all(f">{pid}: {g.morale()[pid]}</span>" in page.status.value for pid in living)


def test_walk53_the_unit_panel_tells_a_shield_location_and_ammunition_from_systems_out_for_the_game():
    """Walk of session 53: the unit panel listed a hit shield location and a hit ammunition store "(out for the
    game)", and showed no side's shield. book-a 13.1-13.2: a facing's shield drops only when both of its locations
    are hit (the log said "the other location still holds it"); an ammunition hit's effect is its explosion roll;
    each Targ box lost is -1 to hit. A Horatius (shields front 7, left 6, right 6, stern 5, data/vehicles.yaml) with
    one left shield location, both right ones, the comm, a Targ box and the left ammunition hit."""
    from centurion.data import vehicle_types
    from centurion.rules.record import RecordSheet
    from centurion.widgets.skirmish_text import internals_html

    s = RecordSheet.of(vehicle_types()["horatius"])
    lost = [("left", b) for b in s.boxes_of("left", "shield_1")] + [("right", b) for c in ("shield_1", "shield_2")
                                                                    for b in s.boxes_of("right", c)]
    lost += [("front", s.boxes_of("front", "comm")[0]), ("turret", s.boxes_of("turret", "targeting")[0]),
             ("left", s.boxes_of("left", "ammo")[0])]
    text = internals_html(s.with_damage({}, lost, immediate=True))
    assert "<b>Hit inside</b> comm (front), Targ (turret) (out for the game; Targ: 1 box lost, -1 to hit)" in text
    assert "shield location" not in text and "ammunition (left)" not in text  # neither is out for the game
    assert "<b>Ammunition</b> hit: it did not explode" in text
    assert "<b>Shields</b> front 7, left 6 (one of its 2 locations hit), right 0 (down), stern 5" in text


def test_walk53_the_pointer_line_gives_a_smoke_hexs_halved_speed_limit_as_the_panel_does():
    """Walk of session 53: over the map's smoke in 2220 the hex panel said "Speed limit 10 for grav vehicles: 20
    halved by the smoke" (book-b §10.3) and the "Pointer:" line under it "speed limit 20"."""
    from centurion.widgets import HexMapView

    bm = new_skirmish("meeting", seed=0).battlemap
    view = HexMapView(bm, terrain_table())
    smoke, clear = parse_label("2220"), parse_label("0101")
    assert "smoke" in bm[smoke].counters and bm[smoke].terrain == "clear" and not bm[clear].counters
    assert "speed limit 10 (smoke)" in view._hover_html(bm[smoke])
    assert "speed limit 20" in view._hover_html(bm[clear]) and "(smoke)" not in view._hover_html(bm[clear])
    assert "<td><b>10 for grav vehicles: 20 halved by the smoke" in view._info_html(bm[smoke])  # the panel's
